//! `crownlands placements`.

use super::{Run, TempDir, TempFile, run};
use serde_json::Value;
use std::collections::BTreeSet;

type Cell = (i64, i64);
type Placement = (Cell, Cell);

fn placements(kingdom: &str, domino: &str, extra: &[&str]) -> Run {
    let f = TempFile::kingdom("placements", kingdom);
    let mut args = vec![
        "placements".to_string(),
        f.arg(),
        "--domino".to_string(),
        domino.to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    run(&args)
}

fn cell(v: &Value) -> Cell {
    let a = v.as_array().expect("[x, y]");
    assert_eq!(a.len(), 2, "{v}");
    (a[0].as_i64().unwrap(), a[1].as_i64().unwrap())
}

/// The placements as a set, after checking the JSON shape and that every placement's two cells
/// are orthogonal neighbours and no placement is listed twice.
#[track_caller]
fn placement_set(v: &Value) -> BTreeSet<Placement> {
    let list = v["placements"].as_array().expect("placements array");
    assert_eq!(v["count"].as_u64(), Some(list.len() as u64), "{v}");
    let mut set = BTreeSet::new();
    for p in list {
        let (a, b) = (cell(&p["first"]), cell(&p["second"]));
        assert_eq!(
            (a.0 - b.0).abs() + (a.1 - b.1).abs(),
            1,
            "not neighbours: {p}"
        );
        assert_ne!(a, (0, 0), "on the castle: {p}");
        assert_ne!(b, (0, 0), "on the castle: {p}");
        assert!(set.insert((a, b)), "listed twice: {p}");
    }
    set
}

fn json_placements(kingdom: &str, domino: &str, extra: &[&str]) -> (Value, BTreeSet<Placement>) {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    let v = placements(kingdom, domino, &args).ok().json();
    let set = placement_set(&v);
    (v, set)
}

const NEIGHBOURS: [Cell; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

/// By reasoning: one square sits on one of the castle's 4 sides; the other on one of the 3 free
/// neighbours of that square (not the castle); and the domino can be turned 2 ways round. No
/// position has both squares beside the castle (the castle's neighbours are not neighbours of
/// each other), so none is counted twice: 4 x 3 x 2 = 24.
fn castle_alone_expected() -> BTreeSet<Placement> {
    let mut set = BTreeSet::new();
    for n in NEIGHBOURS {
        for d in NEIGHBOURS {
            let m = add(n, d);
            if m != (0, 0) {
                set.insert((n, m));
                set.insert((m, n));
            }
        }
    }
    set
}

#[test]
fn castle_alone_gives_24_for_every_domino() {
    let expected = castle_alone_expected();
    assert_eq!(expected.len(), 24);
    for domino in ["1", "13", "48"] {
        let (v, set) = json_placements("C\n", domino, &[]);
        assert_eq!(v["count"], 24, "domino {domino}");
        assert_eq!(v["must_discard"], false);
        assert_eq!(set, expected, "domino {domino}");
    }
}

#[test]
fn castle_alone_in_a_7x7_kingdom_also_gives_24() {
    let (v, set) = json_placements("C\n", "20", &["--ruleset", "mighty-duel"]);
    assert_eq!(v["count"], 24);
    assert_eq!(set, castle_alone_expected());
}

#[test]
fn json_shape() {
    let v = placements("C\n", "7", &["--json"]).ok().json();
    assert!(v["count"].is_u64());
    let first = &v["placements"][0];
    let mut keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["direction", "first", "second", "token"]);
}

/// The castle with two lakes to its right: `C L L`.
const TWO_LAKES: &str = "C L L\n";

#[test]
fn a_domino_with_no_matching_terrain_must_touch_the_castle() {
    // Domino 13 is wheat | forest: it matches nothing, so it must touch the castle, on one of
    // its 3 free sides (-1,0), (0,-1), (0,1); the other square goes on one of 3 free neighbours
    // of that square; 2 ways round: 3 x 3 x 2 = 18.
    let (v, set) = json_placements(TWO_LAKES, "13", &[]);
    assert_eq!(v["count"], 18);
    for (a, b) in &set {
        let touches_castle = NEIGHBOURS.contains(a) || NEIGHBOURS.contains(b);
        assert!(touches_castle, "{a:?} {b:?} does not touch the castle");
    }
}

#[test]
fn a_domino_may_also_touch_matching_terrain() {
    // Domino 14 is wheat (first) | lake (second). Besides the 18 placements touching the castle,
    // the lake square may go beside a lake: on (1,-1), (1,1), (2,-1), (2,1) or (3,0), with the
    // wheat square on one of its 3 free neighbours: 15, of which 2 ((0,-1)|(1,-1) and
    // (0,1)|(1,1), wheat beside the castle) were already counted. 18 + 13 = 31.
    let (v, set) = json_placements(TWO_LAKES, "14", &[]);
    assert_eq!(v["count"], 31);
    // Wheat at (4,0), lake at (3,0) next to the lakes: legal...
    assert!(set.contains(&((4, 0), (3, 0))));
    // ...but turned round, the lake touches nothing and the wheat touches only lake: illegal.
    assert!(!set.contains(&((3, 0), (4, 0))));
}

#[test]
fn a_lake_domino_beside_lakes() {
    // Domino 7 is lake | lake: 9 positions touching the castle, 11 more touching only the
    // lakes (13 touching the lakes, 2 of them also the castle): 20 positions x 2 = 40.
    let (v, _) = json_placements(TWO_LAKES, "7", &[]);
    assert_eq!(v["count"], 40);
}

#[test]
fn a_kingdom_five_wide_cannot_grow_wider() {
    // Castle at the left of 4 wheat: the kingdom already spans x = 0..=4. Lake domino 7 must
    // touch the castle: not on its left (x = -1 would make it 6 wide), so above or below it,
    // with the other square above/below again or to the right (not the left): 2 x 2 x 2 = 8.
    let (v, set) = json_placements("C W W W W\n", "7", &[]);
    assert_eq!(v["count"], 8);
    assert!(set.iter().all(|(a, b)| a.0 >= 0 && b.0 >= 0), "{set:?}");
    let expected: BTreeSet<Placement> = [
        ((0, -1), (0, -2)),
        ((0, -1), (1, -1)),
        ((0, 1), (0, 2)),
        ((0, 1), (1, 1)),
    ]
    .into_iter()
    .flat_map(|(a, b)| [(a, b), (b, a)])
    .collect();
    assert_eq!(set, expected);
    // Only 4 wide: the left side of the castle opens up, though still not 2 squares out:
    // (-1,0) with (-1,-1) or (-1,1), plus the 3 + 3 above and below: 8 x 2 = 16.
    let (v, _) = json_placements("C W W W\n", "7", &[]);
    assert_eq!(v["count"], 16);
}

#[test]
fn a_kingdom_five_tall_cannot_grow_taller_and_y_points_down() {
    // The castle at the bottom of a column of 4 wheat: y = -4..=0, so nothing goes below it.
    let (v, set) = json_placements("W\nW\nW\nW\nC\n", "7", &[]);
    assert_eq!(v["count"], 8);
    assert!(set.iter().all(|(a, b)| a.1 <= 0 && b.1 <= 0), "{set:?}");
    assert!(set.iter().any(|(a, _)| a.0 < 0), "x negative on the left");
    assert!(set.iter().any(|(a, _)| a.0 > 0), "x positive on the right");
}

#[test]
fn full_row_through_the_castle() {
    // `W W C W W`: row 0 is full and 5 wide; a wheat domino may go anywhere that touches row 0:
    // 4 + 4 horizontal positions in rows -1 and 1, 5 + 5 vertical ones in rows -2..-1 and 1..2;
    // 18 positions x 2 = 36.
    let (v, _) = json_placements("W W C W W\n", "1", &[]);
    assert_eq!(v["count"], 36);
}

const FULL: &str = "\
W  W  W  W  W
W  W  W  W  W
W  W  C  W  W
W  W  W  W  W
W  W  W  W  W
";

#[test]
fn a_full_kingdom_must_discard() {
    let (v, set) = json_placements(FULL, "1", &[]);
    assert_eq!(v["count"], 0);
    assert_eq!(v["must_discard"], true);
    assert!(set.is_empty());
    let r = placements(FULL, "1", &[]).ok();
    assert!(r.stdout.contains("must be discarded"), "{}", r.stdout);
}

#[test]
fn one_free_square_is_not_enough() {
    let almost = FULL.replacen('W', ".", 1);
    let (v, _) = json_placements(&almost, "1", &[]);
    assert_eq!(v["count"], 0);
}

#[test]
fn text_output_lists_every_placement() {
    let r = placements("C\n", "1", &[]).ok();
    assert!(
        r.stdout.starts_with("Domino 1: wheat | wheat"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("24 legal placements"), "{}", r.stdout);
    let rows = r
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("first ("))
        .count();
    assert_eq!(rows, 24);
}

#[test]
fn unknown_domino_numbers() {
    for d in ["49", "0", "abc", ""] {
        let r = placements("C\n", d, &[]).expect_code(1);
        assert!(
            r.stderr.contains("has no domino") && r.stderr.contains("numbered 1 to 48"),
            "domino `{d}`: {}",
            r.stderr
        );
    }
    // A number written otherwise than the game writes it is told how (Kingdomino has one box:
    // it had been told to say which box).
    // After the box's initial too (`K012` had been taken for 12, where `012` was refused).
    for (d, as_written) in [
        ("012", "12"),
        ("+12", "12"),
        ("K012", "K12"),
        ("k+12", "k12"),
    ] {
        let r = placements("C\n", d, &[]).expect_code(1);
        assert!(
            r.stderr.contains(&format!(
                "has no domino `{d}`: write its number as the game does, `{as_written}`"
            )),
            "domino `{d}`: {}",
            r.stderr
        );
    }
    placements("C\n", "K12", &[]).ok();
    // With several boxes, a bare number says which labels name it, and an unknown one names
    // each box's range.
    let r = placements("C\n", "12", &["--ruleset", "royal-wedding"]).expect_code(1);
    assert!(
        r.stderr
            .contains("several boxes: say which domino 12, `Q12` or `K12`"),
        "{}",
        r.stderr
    );
    let r = placements("C\n", "K60", &["--ruleset", "royal-wedding"]).expect_code(1);
    assert!(
        r.stderr.contains("numbered Q1 to Q48, K1 to K48"),
        "{}",
        r.stderr
    );
    placements("C\n", "k12", &["--ruleset", "royal-wedding"]).ok();
    // 49 exists with the volcano set.
    let r = placements("C\n", "49", &["--ruleset", "volcano"]).ok();
    assert!(r.stdout.contains("volcano"), "{}", r.stdout);
    // A house rule's removals leave gaps in the numbers: said in runs.
    let dir = TempDir::new("placements-gaps");
    let desert = dir.file(
        "desert.toml",
        "extends = \"volcano\"\nname = \"desert\"\nremove-dominoes = [47, 48]\n[rules]\ndeck-size = 52\n",
    );
    let r = placements("C\n", "48", &["--ruleset", &desert]).expect_code(1);
    assert!(
        r.stderr.contains("numbered 1 to 46, 49 to 56)"),
        "{}",
        r.stderr
    );
}

#[test]
fn malformed_kingdom_is_reported() {
    let r = placements("C Q\n", "1", &[]).expect_code(1);
    assert!(
        r.stderr.contains(":1:3: unknown symbol `Q`"),
        "{}",
        r.stderr
    );
}

#[test]
fn placements_agree_with_the_ruleset_given_by_path() {
    let path = super::rulesets_dir().join("mighty-duel.toml");
    let path = path.display().to_string();
    // 5 wide is no limit in a 7x7 kingdom: the lake domino may go on any of the castle's 3 free
    // sides, the other square on 3 neighbours of it, 2 ways round: 18 (not 8 as in 5x5).
    let (v, _) = json_placements("C W W W W\n", "7", &["--ruleset", &path]);
    assert_eq!(v["count"], 18);
}

#[test]
fn a_kingdom_with_the_modules_pieces_is_read_as_score_reads_it() {
    // Queendomino's knight (`+`) and coins (`@coins`): the placements of the kingdom alone.
    let plain = "W  W  F\n.  C  F\n";
    let pieces = "W+ W  F\n.  C  F+\n@coins 4\n";
    let (_, a) = json_placements(plain, "1", &["--ruleset", "queendomino", "--players", "4"]);
    let (_, b) = json_placements(pieces, "1", &["--ruleset", "queendomino", "--players", "4"]);
    assert!(!a.is_empty());
    assert_eq!(a, b);
    // Under a ruleset without knights a knight is still no one's mark.
    let r = placements(pieces, "1", &["--ruleset", "kingdomino"]).fails();
    assert!(r.stderr.contains("`+`"), "{}", r.stderr);
}

#[test]
fn each_placement_is_given_as_the_notation_writes_the_move() {
    // As `replay`, `export` and `analyse` write a placing move: the domino, its first square,
    // the direction of its second (`37:0,-4s`); JSON with the direction in words too.
    let kingdom = "G\nG\nC\n";
    let (v, _) = json_placements(kingdom, "37", &[]);
    for p in v["placements"].as_array().expect("placements") {
        let (first, second) = (cell(&p["first"]), cell(&p["second"]));
        let direction = match (second.0 - first.0, second.1 - first.1) {
            (1, 0) => "east",
            (-1, 0) => "west",
            (0, 1) => "south",
            _ => "north",
        };
        assert_eq!(p["direction"], direction, "{p}");
        let token = format!("37:{},{}{}", first.0, first.1, &direction[..1]);
        assert_eq!(p["token"], token.as_str(), "{p}");
    }
    let text = placements(kingdom, "37", &[]).ok().stdout;
    assert!(
        text.contains("  first ( 0, -4)  second ( 0, -3)  south  37:0,-4s\n"),
        "{text}"
    );
    assert!(
        text.contains("  first (-1, -3)  second ( 0, -3)  east   37:-1,-3e\n"),
        "{text}"
    );
    // A domino of a deck of two boxes by its box and number, as the notation names it.
    let (v, _) = json_placements(kingdom, "K12", &["--ruleset", "royal-wedding"]);
    let token = v["placements"][0]["token"].as_str().expect("token");
    assert!(token.starts_with("K12:"), "{token}");
    // The very move a game wrote: its first placement, into a kingdom of the castle alone.
    let dir = TempDir::new("placements-token");
    let game = dir.one_saved_game();
    let replay = run(&["replay", &game.display().to_string(), "--json"])
        .ok()
        .json();
    let placed = replay["games"][0]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["token"].as_str())
        .find(|t| t.contains(':'))
        .expect("a placement");
    let (domino, _) = placed.split_once(':').expect("domino:placement");
    let (v, _) = json_placements("C\n", domino, &[]);
    assert!(
        v["placements"]
            .as_array()
            .expect("placements")
            .iter()
            .any(|p| p["token"] == placed),
        "{placed}: {v}"
    );
}

#[test]
fn a_mark_of_another_rulesets_module_names_it_as_score_does() {
    // A knight (`+`) and `@coins` under Kingdomino (the default).
    let r = placements("@coins 3\nW+ W W\nW C W\nW W W\n", "9", &[]).fails();
    for said in [
        "(`+` marks a knight of the module `knights`, which ruleset `kingdomino` does not have",
        "(`@coins` is read by the modules `knights` and `wealth`, which ruleset `kingdomino` does not have",
    ] {
        assert!(r.stderr.contains(said), "{}", r.stderr);
    }
}

/// Under `discard = "any-time"` (docs/house-rules/discard-any-time.toml) a domino that fits may
/// be discarded all the same: said after the placements, with the move, and `may_discard` in
/// JSON; the printed rule's output says nothing of it.
#[test]
fn a_ruleset_that_discards_any_time_says_so() {
    let rules = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/discard-any-time.toml")
        .display()
        .to_string();
    let (v, _) = json_placements("C\n", "13", &["--ruleset", &rules]);
    assert_eq!(v["count"], 24);
    assert_eq!(
        (v["must_discard"].clone(), v["may_discard"].clone()),
        (false.into(), true.into())
    );
    let r = placements("C\n", "13", &["--ruleset", &rules]).ok();
    assert!(
        r.stdout
            .trim_end()
            .ends_with("even where it fits (discard = \"any-time\"): x13"),
        "{}",
        r.stdout
    );
    let (v, _) = json_placements("C\n", "13", &[]);
    assert_eq!(v["may_discard"], false);
    assert!(!placements("C\n", "13", &[]).ok().stdout.contains("discard"));
}

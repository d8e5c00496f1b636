//! `crownlands score`.

use super::{Run, TempDir, TempFile, located_errors, rulesets_dir, run};
use serde_json::{Value, json};
use std::path::Path;

/// The rulebook's example: 7 forest squares with 3 crowns (21 points) and 9 lake squares with no
/// crown (0 points).
const RULEBOOK_EXAMPLE: &str = "\
# rulebook example: 7 forests with 3 crowns, 9 lakes without
F1 F1 F  L  L
F1 F  F  L  L
F  C  L  L  L
.  .  L  L  .
";

/// A full 5x5 kingdom with the castle in the centre: 24 wheat, 1 crown.
const FULL_CENTRED: &str = "\
W  W  W  W  W
W  W  W  W  W
W  W  C  W  W1
W  W  W  W  W
W  W  W  W  W
";

/// Full 5x5, castle in a corner: Harmony but not Middle Kingdom.
const FULL_CORNER: &str = "\
C  W  W  W  W
W  W  W  W  W
W  W  W  W  W1
W  W  W  W  W
W  W  W  W  W
";

/// Castle centred in a 5x5 bounding box with gaps: Middle Kingdom but not Harmony.
const CENTRED_WITH_GAPS: &str = "\
.  W  W  W  .
W  W  W  W  W
W  W  C  W  W1
W  W  W  W  W
.  W  W  W  .
";

fn score(kingdom: &str, extra: &[&str]) -> Run {
    let f = TempFile::kingdom("score", kingdom);
    let mut args = vec!["score".to_string(), f.arg()];
    args.extend(extra.iter().map(|s| s.to_string()));
    run(&args)
}

fn score_json(kingdom: &str, ruleset: &str) -> Value {
    score(kingdom, &["--ruleset", ruleset, "--json"])
        .ok()
        .json()
}

fn territory<'a>(v: &'a Value, terrain: &str) -> &'a Value {
    v["territories"]
        .as_array()
        .expect("territories array")
        .iter()
        .find(|t| t["terrain"] == terrain)
        .unwrap_or_else(|| panic!("no {terrain} territory in {v}"))
}

#[test]
fn rulebook_example_scores_21() {
    let v = score_json(RULEBOOK_EXAMPLE, "kingdomino");
    assert_eq!(v["total"], 21);
    assert_eq!(
        territory(&v, "forest"),
        &json!({"terrain": "forest", "squares": 7, "crowns": 3, "points": 21})
    );
    assert_eq!(
        territory(&v, "lake"),
        &json!({"terrain": "lake", "squares": 9, "crowns": 0, "points": 0})
    );
    assert_eq!(v["territories"].as_array().unwrap().len(), 2);
    assert_eq!(v["bonuses"], json!({}));
}

#[test]
fn rulebook_example_text_output() {
    let r = score(RULEBOOK_EXAMPLE, &[]).ok();
    assert!(
        r.stdout.contains("under kingdomino (5x5 kingdom)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("7 squares x 3 crowns =  21"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("9 squares x 0 crowns =   0"),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.lines().last(), Some("Total: 21"));
}

#[test]
fn json_shape() {
    let v = score_json(RULEBOOK_EXAMPLE, "kingdomino");
    let obj = v.as_object().expect("an object");
    for key in ["total", "territories", "bonuses"] {
        assert!(obj.contains_key(key), "no `{key}` in {v}");
    }
    assert!(v["total"].is_i64());
    assert!(v["bonuses"].is_object());
    for t in v["territories"].as_array().unwrap() {
        let mut keys: Vec<&str> = t.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["crowns", "points", "squares", "terrain"]);
    }
}

#[test]
fn territories_of_the_same_terrain_score_separately() {
    // Two separate grasslands: 2 squares x 1 crown and 1 square x 2 crowns.
    let v = score_json("G1 G C G2\n", "kingdomino");
    assert_eq!(v["total"], 4);
    let mut forests: Vec<(i64, i64)> = v["territories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["squares"].as_i64().unwrap(),
                t["points"].as_i64().unwrap(),
            )
        })
        .collect();
    forests.sort_unstable();
    assert_eq!(forests, vec![(1, 2), (2, 2)]);
}

#[test]
fn comments_and_blank_lines_are_ignored() {
    let v = score_json(
        "# a comment\n\n   # indented comment\nC W1\n\n",
        "kingdomino",
    );
    assert_eq!(v["total"], 1);
}

#[test]
fn castle_alone_scores_zero() {
    let v = score_json("C\n", "kingdomino");
    assert_eq!(v["total"], 0);
    assert_eq!(v["territories"], json!([]));
}

#[test]
fn no_bonus_under_plain_kingdomino() {
    let v = score_json(FULL_CENTRED, "kingdomino");
    assert_eq!(v["total"], 24);
    assert_eq!(v["bonuses"], json!({}));
}

#[test]
fn harmony_and_middle_kingdom_when_both_earned() {
    let v = score_json(FULL_CENTRED, "harmony-middle-kingdom");
    assert_eq!(v["bonuses"], json!({"harmony": 5, "middle-kingdom": 10}));
    assert_eq!(v["total"], 39);
}

#[test]
fn harmony_alone_and_middle_kingdom_alone_rulesets() {
    let v = score_json(FULL_CENTRED, "harmony");
    assert_eq!(v["bonuses"], json!({"harmony": 5}));
    assert_eq!(v["total"], 29);
    let v = score_json(FULL_CENTRED, "middle-kingdom");
    assert_eq!(v["bonuses"], json!({"middle-kingdom": 10}));
    assert_eq!(v["total"], 34);
}

#[test]
fn harmony_only_when_full_middle_kingdom_only_when_centred() {
    let v = score_json(FULL_CORNER, "harmony-middle-kingdom");
    assert_eq!(v["bonuses"], json!({"harmony": 5}));
    assert_eq!(v["total"], 29);
    let v = score_json(CENTRED_WITH_GAPS, "harmony-middle-kingdom");
    assert_eq!(v["bonuses"], json!({"middle-kingdom": 10}));
    // 20 wheat squares, 1 crown.
    assert_eq!(v["total"], 30);
    let v = score_json(RULEBOOK_EXAMPLE, "harmony-middle-kingdom");
    assert_eq!(v["bonuses"], json!({}));
    assert_eq!(v["total"], 21);
}

#[test]
fn bonuses_keep_their_order_earned_or_not() {
    // Harmony then Middle Kingdom after the territories, whichever was earned: a kingdom
    // centred but with a gap listed Middle Kingdom first and Harmony's "not earned" last.
    let bonus_lines = |kingdom: &str| -> Vec<String> {
        let r = score(kingdom, &["-r", "harmony-middle-kingdom"]).ok();
        r.stdout
            .lines()
            .filter(|l| {
                l.starts_with("  ") && (l.contains("harmony") || l.contains("middle-kingdom"))
            })
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(
        bonus_lines(CENTRED_WITH_GAPS),
        ["harmony not", "middle-kingdom bonus"]
    );
    assert_eq!(
        bonus_lines(FULL_CORNER),
        ["harmony bonus", "middle-kingdom not"]
    );
    assert_eq!(
        bonus_lines(RULEBOOK_EXAMPLE),
        ["harmony not", "middle-kingdom not"]
    );
}

#[test]
fn text_output_says_which_bonuses_were_not_earned() {
    let r = score(RULEBOOK_EXAMPLE, &["-r", "harmony-middle-kingdom"]).ok();
    let not_earned: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.contains("not earned"))
        .collect();
    assert_eq!(not_earned.len(), 2, "{}", r.stdout);
    let r = score(RULEBOOK_EXAMPLE, &[]).ok();
    assert!(!r.stdout.contains("not earned"), "{}", r.stdout);
    assert!(!r.stdout.contains("harmony"), "{}", r.stdout);
}

#[test]
fn text_output_columns_line_up() {
    for k in [FULL_CENTRED, RULEBOOK_EXAMPLE] {
        let r = score(k, &["-r", "harmony-middle-kingdom"]).ok();
        let widths: Vec<usize> = r
            .stdout
            .lines()
            .filter(|l| l.starts_with("  "))
            .map(str::len)
            .collect();
        assert!(
            widths.windows(2).all(|w| w[0] == w[1]),
            "ragged lines {widths:?}:\n{}",
            r.stdout
        );
    }
}

fn seven_by_seven() -> String {
    let mut s = String::new();
    for row in 0..7 {
        let cells: Vec<&str> = (0..7)
            .map(|col| match (row, col) {
                (3, 3) => "C",
                (0, 0) => "F1",
                _ => "F",
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

#[test]
fn seven_by_seven_refused_by_kingdomino() {
    let f = TempFile::kingdom("7x7", &seven_by_seven());
    let r = run(&["score".to_string(), f.arg()]).expect_code(1);
    // The 6th cell of the first row makes the kingdom 6 wide: `F1 F F F F F`, column 12.
    assert_eq!(located_errors(&r, &f.arg()), vec![(1, 12)]);
    assert!(r.stderr.contains("spans 7x7"), "{}", r.stderr);
    assert!(r.stderr.contains("allows 5x5"), "{}", r.stderr);
    assert_eq!(r.stdout, "");
}

#[test]
fn seven_by_seven_scored_by_mighty_duel() {
    let v = score_json(&seven_by_seven(), "mighty-duel");
    assert_eq!(v["total"], 48);
    assert_eq!(
        territory(&v, "forest"),
        &json!({"terrain": "forest", "squares": 48, "crowns": 1, "points": 48})
    );
}

#[test]
fn player_count_the_ruleset_does_not_allow() {
    let r = score("C\n", &["-r", "mighty-duel", "--players", "3"]).expect_code(1);
    assert!(
        r.stderr.contains("does not allow 3 players (it allows 2)"),
        "{}",
        r.stderr
    );
}

#[test]
fn ruleset_by_path_works_like_by_name() {
    let path = rulesets_dir().join("harmony-middle-kingdom.toml");
    let path = path.display().to_string();
    let by_path = score_json(FULL_CENTRED, &path);
    let by_name = score_json(FULL_CENTRED, "harmony-middle-kingdom");
    assert_eq!(by_path, by_name);
    assert_eq!(by_path["total"], 39);
}

#[test]
fn ruleset_by_path_outside_the_repository() {
    // A copy of harmony.toml in the temp dir still extends the shipped kingdomino.
    let text = std::fs::read_to_string(rulesets_dir().join("harmony.toml")).unwrap();
    let rs = TempFile::new("my-harmony", "toml", &text);
    let v = score_json(FULL_CENTRED, &rs.arg());
    assert_eq!(v["bonuses"], json!({"harmony": 5}));
}

#[test]
fn unknown_ruleset_suggests_a_name() {
    let r = score("C\n", &["-r", "kingdmino"]).expect_code(1);
    assert!(
        r.stderr.contains("did you mean `kingdomino`?"),
        "{}",
        r.stderr
    );
}

#[test]
fn unknown_ruleset_name_has_no_file_position() {
    let r = score("C\n", &["-r", "kingdmino"]).expect_code(1);
    assert!(!r.stderr.contains("kingdmino:1:1"), "{}", r.stderr);
}

/// Runs `score` on a malformed kingdom and returns the `(line, column)` of each error.
fn malformed(kingdom: &str) -> (Run, Vec<(usize, usize)>) {
    let f = TempFile::kingdom("malformed", kingdom);
    let r = run(&["score".to_string(), f.arg()]).expect_code(1);
    assert_eq!(r.stdout, "");
    let locs = located_errors(&r, &f.arg());
    (r, locs)
}

#[test]
fn unknown_symbol() {
    let (r, locs) = malformed("# header\nC X1 F\n");
    assert_eq!(locs, vec![(2, 3)]);
    assert!(r.stderr.contains("unknown symbol `X`"), "{}", r.stderr);
    assert!(
        r.stderr.contains("F (forest)"),
        "lists the symbols: {}",
        r.stderr
    );
}

#[test]
fn no_castle() {
    let (r, locs) = malformed("F F\n");
    assert_eq!(locs.len(), 1);
    assert!(r.stderr.contains("no castle"), "{}", r.stderr);
}

#[test]
fn two_castles() {
    let (r, locs) = malformed("C F\nW C\n");
    assert_eq!(locs, vec![(2, 3)]);
    assert!(
        r.stderr.contains("second castle") && r.stderr.contains("line 1, column 1"),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_crowns_and_suffixes_all_reported() {
    let (r, locs) = malformed("C  F9\nF-1 Fx\n");
    assert_eq!(locs, vec![(1, 4), (2, 1), (2, 5)]);
    assert!(r.stderr.contains("bad crown count in `F9`"), "{}", r.stderr);
    assert!(r.stderr.contains("unexpected `-1`"), "{}", r.stderr);
}

#[test]
fn huge_crown_count() {
    let (r, _) = malformed("C F99999999999999999999\n");
    assert!(r.stderr.contains("bad crown count"), "{}", r.stderr);
}

#[test]
fn empty_kingdom_file() {
    let (r, locs) = malformed("# only a comment\n\n");
    assert_eq!(locs, vec![(1, 1)]);
    assert!(r.stderr.contains("empty"), "{}", r.stderr);
}

#[test]
fn missing_kingdom_file() {
    let missing = std::env::temp_dir().join("crownlands-clitest-missing-kingdom.txt");
    let r = run(&["score".to_string(), missing.display().to_string()]).expect_code(1);
    assert!(
        r.stderr
            .contains("cannot read the kingdom file: there is no such file"),
        "{}",
        r.stderr
    );
}

/// The ruleset written where a kingdom file goes (`score queendomino mine.kingdom`) is named as
/// one, with the option that takes it.
#[test]
fn ruleset_name_given_as_a_kingdom_file() {
    let r = run(&["score".to_string(), "queendomino".to_string()]).expect_code(1);
    assert!(
        r.stderr.contains(
            "there is no such file; `queendomino` is a shipped ruleset: `--ruleset queendomino`"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn kingdom_file_not_utf8() {
    let f = TempFile::kingdom("latin1", "");
    std::fs::write(f.path(), b"\xff\xfe C\n").unwrap();
    let r = run(&["score".to_string(), f.arg()]).expect_code(1);
    assert!(r.stderr.contains("not UTF-8"), "{}", r.stderr);
}

#[test]
fn crlf_line_endings() {
    let v = score_json("C\r\nF1 F\r\n", "kingdomino");
    assert_eq!(v["total"], 2);
}

#[test]
fn very_wide_kingdom_is_refused_cleanly() {
    let row = format!("C {}\n", vec!["F"; 300].join(" "));
    let (r, locs) = malformed(&row);
    assert_eq!(locs.len(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("more than 15 cells in a row"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_component_set_is_not_a_ruleset() {
    let set = rulesets_dir().join("sets/kingdomino.toml");
    let set = set.display().to_string();
    let r = score("C\n", &["--ruleset", &set]).expect_code(1);
    assert!(
        r.stderr.contains("component set file") && r.stderr.contains("not a ruleset"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_malformed_ruleset_is_reported_with_positions() {
    let rs = TempFile::new(
        "bad-rules",
        "toml",
        "extends = \"kingdomino\"\n[rules]\ngird-size = 7\n",
    );
    let r = score("C\n", &["--ruleset", &rs.arg()]).expect_code(1);
    assert_eq!(located_errors(&r, &rs.arg()), vec![(3, 1)]);
}

fn standings(kingdoms: &[&str], extra: &[&str]) -> (Run, Vec<TempFile>) {
    let files: Vec<TempFile> = kingdoms
        .iter()
        .enumerate()
        .map(|(i, k)| TempFile::kingdom(&format!("table{i}"), k))
        .collect();
    let mut args = vec!["score".to_string()];
    args.extend(files.iter().map(TempFile::arg));
    args.extend(extra.iter().map(|s| s.to_string()));
    (run(&args), files)
}

/// Largest territories of 8 squares each; B scores twice what A does (2 crowns to 1).
const TIED_A: &str = "W1 W W\nW  C W\nW  W W\n";
const TIED_B: &str = "G2 G G\nG  C G\nG  G G\n";

#[test]
fn standings_share_places_under_the_rulebook_tie_breaks() {
    // B 16 (2 crowns x 8), A 8, A again 8, C 21: places 2, 3, 3, 1.
    let (r, files) = standings(&[TIED_B, TIED_A, TIED_A, RULEBOOK_EXAMPLE], &["--json"]);
    let v = r.ok().json();
    assert_eq!(v["kingdoms"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["kingdoms"][3]["total"], 21);
    let standings = v["standings"].as_array().expect("standings");
    let places: Vec<(String, u64)> = standings
        .iter()
        .map(|s| {
            (
                s["kingdom"].as_str().unwrap_or("").to_string(),
                s["place"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            (files[3].arg(), 1),
            (files[0].arg(), 2),
            (files[1].arg(), 3),
            (files[2].arg(), 3),
        ]
    );
    assert_eq!(v["decided_by"], "score");
}

#[test]
fn standings_follow_the_ruleset_tie_breaks() {
    // Two kingdoms of 8 points whose largest territories have 4 squares, the second with more
    // crowns: shared under the rulebook (000)...
    let a = "W1 W1 W W\nC  .  . .\n";
    let b = "G2 G2 L L\nC  .  L L\n";
    let (r, _files) = standings(&[a, b], &[]);
    let r = r.ok();
    assert!(r.stdout.contains("Standings"), "{}", r.stdout);
    assert!(
        r.stdout.contains("The winners share the victory."),
        "{}",
        r.stdout
    );
    // ... decided by crowns under Board Game Arena's conventions.
    let bga =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/board-game-arena.toml");
    let (r, files) = standings(
        &[a, b],
        &["--ruleset", &bga.display().to_string(), "--json"],
    );
    let v = r.ok().json();
    assert_eq!(v["decided_by"], "most-crowns");
    assert_eq!(v["standings"][0]["kingdom"], files[1].arg());
    assert_eq!(v["standings"][0]["place"], 1);
    assert_eq!(v["standings"][1]["place"], 2);
}

#[test]
fn standings_line_up_names_of_wide_characters() {
    // `漢字` takes four columns on a terminal, two characters: the points line up in one column.
    let files = [
        TempFile::kingdom("wide漢字", RULEBOOK_EXAMPLE),
        TempFile::kingdom("narrow", TIED_A),
    ];
    let args: Vec<String> = std::iter::once("score".to_string())
        .chain(files.iter().map(TempFile::arg))
        .collect();
    let r = run(&args).ok();
    let rows: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Standings"))
        .skip(1)
        .take(2)
        .collect();
    assert_eq!(rows.len(), 2, "{}", r.stdout);
    // The columns up to the end of the points (`  (largest territory 9)` follows them).
    let points_column = |row: &str| {
        let at = row.find("  (").expect("points");
        crownlands_core::text::columns(&row[..at])
    };
    assert_eq!(
        points_column(rows[0]),
        points_column(rows[1]),
        "{}",
        r.stdout
    );
}

#[test]
fn standings_of_queendomino_kingdoms_with_coins() {
    let a = "T[6] W\nC    W\n@coins 9\n";
    // (Building 6 is built once at a table.)
    let b = "T    W\nC    W\n@coins 4\n";
    let (r, _files) = standings(&[a, b], &["--ruleset", "queendomino", "--json"]);
    let v = r.ok().json();
    assert_eq!(v["kingdoms"][0]["bonuses"]["wealth"], 3);
    assert_eq!(v["kingdoms"][1]["bonuses"]["wealth"], 1);
    assert_eq!(v["standings"][0]["place"], 1);
    assert_eq!(v["standings"][1]["place"], 2);
}

#[test]
fn at_most_64_kingdom_files_are_scored_at_once() {
    let k = TempFile::kingdom("many", "C F1\n");
    let many: Vec<String> = std::iter::once("score".to_string())
        .chain(std::iter::repeat_n(k.arg(), 256))
        .collect();
    let r = run(&many).fails();
    assert!(
        r.stderr
            .contains("256 kingdom files: score takes at most 64"),
        "{}",
        r.stderr
    );
    // 64 are read, and are refused as no table of Kingdomino's (2 to 4 players).
    let r = run(&many[..65]).expect_code(1);
    assert!(
        r.stderr
            .contains("64 kingdom files, but ruleset kingdomino has no table of 64 kingdoms"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_files_are_a_table_of_as_many_kingdoms_unless_players_says_otherwise() {
    const K: &str = "C W1\n";
    let errors = |kingdoms: usize, extra: &[&str]| {
        let (r, _files) = standings(&vec![K; kingdoms], extra);
        let r = r.expect_code(1);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        r.error_lines()
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    let scored = |kingdoms: usize, extra: &[&str]| {
        let (r, _files) = standings(&vec![K; kingdoms], extra);
        r.ok().stdout
    };
    // Five kingdoms under Kingdomino (2 to 4 players) were scored by the 2-player rules.
    assert_eq!(
        errors(5, &[]),
        [
            "error: 5 kingdom files, but ruleset kingdomino has no table of 5 kingdoms: it allows \
          2, 3, 4 players, a kingdom each"
        ]
    );
    // Nor are they some kingdoms of a table of four.
    assert_eq!(
        errors(5, &["--players", "4"]),
        [
            "error: 5 kingdom files, but a table of 4 players (`--players 4`) has 4 kingdoms under \
          ruleset kingdomino: give at most 4 files, the kingdoms of one table"
        ]
    );
    // The files' count picks the rules: Royal Wedding plays 7x7 at 3-4 players, 5x5 at 5-6...
    assert!(scored(5, &["-r", "royal-wedding"]).contains("(5x5 kingdom)"));
    assert!(scored(3, &["-r", "royal-wedding"]).contains("(7x7 kingdom)"));
    // ... unless `--players` names a table the files are some kingdoms of.
    assert!(scored(3, &["-r", "royal-wedding", "--players", "5"]).contains("(5x5 kingdom)"));
    // A count the ruleset does not offer names those it does.
    assert_eq!(
        errors(2, &["--players", "5"]),
        ["error: ruleset kingdomino does not allow 5 players (it allows 2, 3, 4)"]
    );
    // A kingdom alone: the smallest count's rules, or the given count's.
    assert!(scored(1, &["-r", "royal-wedding"]).contains("(7x7 kingdom)"));
    assert!(scored(1, &["-r", "royal-wedding", "--players", "6"]).contains("(5x5 kingdom)"));
}

#[test]
fn a_team_tables_files_are_its_teams_kingdoms() {
    // Royal Wedding in teams of two: 6 players build 3 kingdoms, 8 build 4. Four files were
    // scored as 6 players' (three kingdoms), the smallest count.
    let dir = TempDir::new("teams");
    // 8x8 at 8 players, to tell the counts apart.
    let wide = dir.file(
        "wide-eight.toml",
        "extends = \"royal-wedding-teams\"\nname = \"wide-eight\"\n[for-players.8]\ngrid-size = 8\n",
    );
    const K: &str = "C W1\n";
    let table = |kingdoms: usize, extra: &[&str]| {
        let mut args = vec!["-r".to_string(), wide.clone()];
        args.extend(extra.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        standings(&vec![K; kingdoms], &args).0
    };
    assert!(table(3, &[]).ok().stdout.contains("(7x7 kingdom)"));
    assert!(table(4, &[]).ok().stdout.contains("(8x8 kingdom)"));
    // Two teams' kingdoms are no table of the ruleset's, but may be some of one.
    let r = table(2, &[]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [
            "error: 2 kingdom files, but ruleset wide-eight has no table of 2 kingdoms: it allows \
          6, 8 players, tables of 3, 4 kingdoms (a team builds one); to score some kingdoms of a \
          larger table, give its player count (`--players N`)"
        ]
    );
    table(2, &["--players", "6"]).ok();
    let r = table(5, &[]).expect_code(1);
    assert!(
        r.stderr
            .contains("error: 5 kingdom files, but ruleset wide-eight has no table of 5 kingdoms"),
        "{}",
        r.stderr
    );
    let r = table(4, &["--players", "6"]).expect_code(1);
    assert!(
        r.stderr.contains(
            "error: 4 kingdom files, but a table of 6 players (`--players 6`) has 3 kingdoms"
        ),
        "{}",
        r.stderr
    );
    // Where two counts make tables of as many kingdoms, the player count says which.
    let mixed = dir.file(
        "mixed.toml",
        "extends = \"royal-wedding-teams\"\nname = \"mixed\"\nplayers = [4, 8]\n[for-players.4]\nteam-size = 1\nline-size = 4\n",
    );
    let (r, _files) = standings(&[K; 4], &["-r", &mixed]);
    assert_eq!(
        r.expect_code(1).error_lines(),
        [
            "error: 4 kingdom files are a table of 4 or 8 players under ruleset mixed: say which \
          with `--players N`"
        ]
    );
    let (r, _files) = standings(&[K; 4], &["-r", &mixed, "--players", "8"]);
    r.ok();
}

/// The Queendomino rulebook's example kingdom (71 points).
fn rulebook_example() -> std::path::PathBuf {
    rulesets_dir().join("../crates/rules/tests/data/queendomino-rulebook-example.kingdom")
}

/// `score` of the rulebook's example under Queendomino, with `extra` arguments.
fn score_rulebook_example(extra: &[&str]) -> Run {
    let mut args = vec![
        "score".to_string(),
        rulebook_example().display().to_string(),
        "--ruleset".to_string(),
        "queendomino".to_string(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    run(&args).ok()
}

#[test]
fn the_queendomino_rulebook_example_lists_lines_that_add_up_to_71() {
    // The Queen's crown is a line of its own (+4), the grassland its 3 printed crowns (12): the
    // lines add up to the total, no crown counted twice.
    let r = score_rulebook_example(&[]);
    let mut sum = 0;
    for line in r.stdout.lines().skip(1) {
        if let Some(total) = line.strip_prefix("Total: ") {
            assert_eq!(total.trim(), "71", "{}", r.stdout);
            assert_eq!(sum, 71, "the lines add up to the total:\n{}", r.stdout);
            return;
        }
        let points = line.rsplit('=').next().unwrap_or("").trim();
        sum += points.trim_start_matches('+').parse::<i32>().unwrap_or(0);
    }
    panic!("no total:\n{}", r.stdout);
}

/// Where a ruleset's kingdoms differ in size by player count, the heading says the count scored
/// (one file: the smallest, Queendomino's 2 players on 7x7); where they do not, it says none.
#[test]
fn the_heading_says_the_player_count_where_the_grid_depends_on_it() {
    let first = |r: &Run| r.stdout.lines().next().unwrap_or("").to_string();
    let line = first(&score_rulebook_example(&[]));
    assert!(
        line.ends_with("under queendomino at 2 players (7x7 kingdom)"),
        "{line}"
    );
    let line = first(&score_rulebook_example(&["--players", "4"]));
    assert!(
        line.ends_with("under queendomino at 4 players (5x5 kingdom)"),
        "{line}"
    );
    let line = first(
        &run(&[
            "score".to_string(),
            rulebook_example().display().to_string(),
            "--ruleset".to_string(),
            "queendomino-no-dragon".to_string(),
            "--players".to_string(),
            "3".to_string(),
        ])
        .ok(),
    );
    assert!(line.contains("at 3 players (5x5 kingdom)"), "{line}");
}

#[test]
fn kingdom_files_of_one_table_hold_the_queen_once_and_each_building_once() {
    // The files of one `score` are one table: the Queen is in one kingdom, one with the most
    // towers, and a building is built in one kingdom only.
    let example = std::fs::read_to_string(rulebook_example()).expect("the example");
    let dir = TempDir::new("table");
    std::fs::create_dir_all(&dir.0).expect("dir");
    let write = |name: &str, text: String| {
        let path = dir.0.join(name);
        std::fs::write(&path, text).expect("write");
        path.display().to_string()
    };
    // The example without its buildings (the Queen and 3 towers kept), and other kingdoms.
    let unbuilt = example
        .replace("[13]", "")
        .replace("[6]", "")
        .replace("[23]", "");
    let unbuilt = unbuilt
        .replace("[22]", "")
        .replace("[28]", "")
        .replace("[20]", "");
    let host = write("host.kingdom", unbuilt.clone());
    let no_towers = write("no-towers.kingdom", unbuilt.replace("@towers 3", ""));
    let more_towers = write(
        "more.kingdom",
        unbuilt
            .replace("@queen", "")
            .replace("@towers 3", "@towers 4"),
    );
    let second_host = write("second.kingdom", unbuilt.clone());
    let built = write("built.kingdom", example.clone());
    let built_again = write("again.kingdom", example.replace("@queen", ""));
    let score = |files: &[&str]| {
        let mut args = vec!["score".to_string()];
        args.extend(files.iter().map(|f| f.to_string()));
        args.extend(["--ruleset".to_string(), "queendomino".to_string()]);
        run(&args)
    };
    // Where in a file a line is, for the problems' positions.
    let queen_line = unbuilt
        .lines()
        .position(|l| l.starts_with("@queen"))
        .expect("@queen")
        + 1;
    let (sawmill_line, sawmill_column) = example
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("T[13]").map(|c| (i + 1, l[..c].chars().count() + 1)))
        .expect("T[13]");
    // Sound tables score.
    score(&[&host]).ok();
    score(&[&built]).ok();
    score(&[&host, &built_again]).ok();
    // The Queen without a tower.
    let r = score(&[&no_towers]).fails();
    assert!(
        r.stderr.contains(&format!(
            "no-towers.kingdom:{queen_line}:1: `@queen` in a kingdom without towers"
        )),
        "{}",
        r.stderr
    );
    // The Queen in two kingdoms, reported at the second.
    let r = score(&[&host, &second_host]).fails();
    assert_eq!(r.error_lines().len(), 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains(&format!("second.kingdom:{queen_line}:1: `@queen`: `"))
            && r.stderr.contains("host.kingdom` hosts the Queen too"),
        "{}",
        r.stderr
    );
    // The Queen where another kingdom has more towers.
    let r = score(&[&host, &more_towers]).fails();
    assert!(
        r.stderr.contains(&format!(
            "host.kingdom:{queen_line}:1: `@queen` with 3 towers, but `"
        )) && r.stderr.contains("more.kingdom` has 4"),
        "{}",
        r.stderr
    );
    // A building in two kingdoms: one problem a building, at the later kingdom.
    let r = score(&[&built, &built_again]).fails();
    let lines = r.error_lines();
    assert_eq!(lines.len(), 6, "{}", r.stderr);
    assert!(
        lines.iter().all(|l| l.contains("again.kingdom:")),
        "{}",
        r.stderr
    );
    // Each at its square.
    assert!(
        r.stderr.contains(&format!(
            "again.kingdom:{sawmill_line}:{sawmill_column}: building 13 (Sawmill) is built in `"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn a_tables_knights_and_towers_come_from_one_supply() {
    // Queendomino's box holds 22 knights and 15 towers (rulebook 002): each kingdom file was held
    // to them, but files of 17, 2, 2 and 2 knights, or of 9 and 7 towers, were scored together.
    let dir = TempDir::new("supplies");
    let knights_in_hand = dir.file(
        "hand.kingdom",
        "T W+\nC W\n@knights 16\n@towers 9\n@queen\n",
    );
    let placed = dir.file("placed.kingdom", "T W+\nC W+\n");
    let towers = dir.file("towers.kingdom", "T W\nC W\n@towers 6\n");
    let score = |files: &[&str]| {
        let mut args = vec!["score"];
        args.extend(files);
        args.extend(["--ruleset", "queendomino", "--players", "4"]);
        run(&args)
    };
    // 17 + 2 + 2 knights, 9 + 6 towers: what the box holds.
    score(&[&knights_in_hand, &placed, &placed]).ok();
    let r = score(&[&placed, &knights_in_hand, &placed, &placed]).expect_code(1);
    // At the kingdom whose knights pass the supply: at its first knight's square where they are
    // all placed...
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {placed}:1:3: 23 knights at this table (placed and in hand, 2 of them in \
             this kingdom), but the supply holds 22: the kingdoms' knights come from it"
        )]
    );
    // ... and at its `@knights` line where some are in hand.
    let r = score(&[&placed, &placed, &placed, &knights_in_hand]).expect_code(1);
    assert_eq!(located_errors(&r, &knights_in_hand), [(3, 1)]);
    // Towers: 9, and 9 again.
    let r = score(&[&knights_in_hand, &towers]).ok();
    assert!(r.stdout.contains("Standings"), "{}", r.stdout);
    let more_towers = dir.file("more-towers.kingdom", "T W\nC W\n@towers 7\n");
    let r = score(&[&knights_in_hand, &more_towers]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {more_towers}:3:1: 16 towers at this table (7 of them in this kingdom), but \
             the supply holds 15: the kingdoms' towers come from it"
        )]
    );
}

#[test]
fn the_kingdoms_not_given_keep_their_starting_knights() {
    // Every side starts with a knight of the 22 and never loses one (rulebook 002), so one
    // kingdom of a 4-player table owns 19 at most: `@knights 22` was scored as if the other
    // three had none. Scored alone at no player count, the fewest other kingdoms (one, at 2
    // players) hold their starting knight.
    let dir = TempDir::new("unseen-knights");
    let all = dir.file("all.kingdom", "W1 W C\n@knights 22\n");
    let r = run(&["score", &all, "--ruleset", "queendomino", "--players", "4"]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {all}:2:1: 22 knights in this kingdom (placed and in hand), but the supply \
             holds 22, less the 3 knights the table's other 3 kingdoms start with (1 each), so \
             19 at most: the kingdoms' knights come from it"
        )]
    );
    let r = run(&["score", &all, "--ruleset", "queendomino"]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {all}:2:1: 22 knights in this kingdom (placed and in hand), but the supply \
             holds 22, less the 1 knight the table's other kingdom starts with, so 21 at most: \
             the kingdoms' knights come from it"
        )]
    );
    // What the others leave is allowed: 19 of 4 players, 21 of 2, and two kingdoms of 10 of a
    // 4-player table (2 left for the other two).
    let most = dir.file("most.kingdom", "W1 W C\n@knights 19\n");
    run(&["score", &most, "--ruleset", "queendomino", "--players", "4"]).ok();
    let two = dir.file("two.kingdom", "W1 W C\n@knights 21\n");
    run(&["score", &two, "--ruleset", "queendomino"]).ok();
    run(&["score", &two, "--ruleset", "queendomino", "--players", "2"]).ok();
    let ten = dir.file("ten.kingdom", "W1 W C\n@knights 10\n");
    run(&[
        "score",
        &ten,
        &ten,
        "--ruleset",
        "queendomino",
        "--players",
        "4",
    ])
    .ok();
    let r = run(&[
        "score",
        &ten,
        &most,
        "--ruleset",
        "queendomino",
        "--players",
        "4",
    ])
    .expect_code(1);
    assert_eq!(located_errors(&r, &most), [(2, 1)]);
}

#[test]
fn at_a_whole_table_with_towers_one_kingdom_hosts_the_queen() {
    // She goes to the first kingdom with a tower and stays in one with the most (rulebook
    // 002): every kingdom of a table given, one of them hosts her when one has towers. Two
    // files of 1 and 3 towers, neither with `@queen`, were scored without her crown.
    let dir = TempDir::new("queen");
    let one = dir.file("one.kingdom", "T W\nC W\n@towers 1\n");
    let three = dir.file("three.kingdom", "T  W\nC  W\n\n@towers 3\n");
    let none = dir.file("none.kingdom", "T W\nC W\n");
    let score = |files: &[&str], extra: &[&str]| {
        let mut args = vec!["score"];
        args.extend(files);
        args.extend(["--ruleset", "queendomino"]);
        args.extend(extra);
        run(&args)
    };
    let r = score(&[&one, &three], &[]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {three}:4:1: `@towers 3`, the most of the table's 2 kingdoms, but no kingdom \
             hosts the Queen: she goes to the kingdom with the most towers (say which with \
             `@queen`)"
        )]
    );
    // Some kingdoms of a larger table: she may be in another.
    score(&[&one, &three], &["--players", "3"]).ok();
    // A kingdom alone, or a table without towers: nothing to say.
    score(&[&three], &[]).ok();
    score(&[&none, &none, &none], &[]).ok();
    // Given where she is, the table scores.
    let host = dir.file("host.kingdom", "T W\nC W\n@towers 3\n@queen\n");
    score(&[&one, &host], &[]).ok();
}

#[test]
fn score_json_carries_the_modules_own_lines() {
    let r = score_rulebook_example(&["--json"]);
    let v = r.json();
    let lines = v["lines"].as_array().expect("lines");
    assert!(
        lines
            .iter()
            .any(|l| l["label"] == "the Queen's crown (grassland, 4 squares)" && l["points"] == 4),
        "{v}"
    );
    assert_eq!(lines.len(), 8, "six buildings, the Queen, wealth: {v}");
    assert_eq!(v["total"], 71);
}

#[test]
fn an_at_line_of_another_rulesets_modules_names_them() {
    // `@coins` under Kingdomino (the default): which modules read it, and how to give a ruleset;
    // said once, however many lines (the build's rulesets are read once for it).
    let r = score("@coins 3\n@coins 4\nW W W\nW C W\nW W W\n", &[]).fails();
    assert_eq!(
        r.stderr.matches("give a ruleset").count(),
        1,
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains(
            "(`@coins` is read by the modules `knights` and `wealth`, which ruleset `kingdomino` does not have: give a ruleset that has one, such as `--ruleset kingdomino-knights`)"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn standings_without_tie_breaks_say_equal_scores_share() {
    // `tie-breaks = []` printed "ties broken by nothing" and an empty `()` on every row.
    let rules = TempFile::new(
        "no-ties",
        "toml",
        "extends = \"kingdomino\"\nname = \"no-ties\"\n[rules]\ntie-breaks = []\n",
    );
    let (r, _files) = standings(&[TIED_A, TIED_B], &["--ruleset", &rules.arg()]);
    let r = r.ok();
    assert!(
        r.stdout
            .contains("Standings (equal scores share their place):"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("()"), "{}", r.stdout);
}

#[test]
fn an_at_line_in_another_case_or_misspelt_suggests_the_one_meant() {
    let r = score(
        "@Coins 3\n@cions 2\nW W W\nW C W\nW W W\n",
        &["--ruleset", "queendomino"],
    )
    .fails();
    assert!(
        r.stderr
            .contains("unknown line `@Coins` (did you mean `@coins`?)"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("unknown line `@cions` (did you mean `@coins`?)"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_save_a_notation_or_a_ruleset_given_as_a_kingdom_is_named_in_one_line() {
    // `score` of a save printed an error for each of its lines read as rows of squares.
    let dir = TempDir::new("not-a-kingdom");
    let save = dir.one_saved_game().display().to_string();
    let cgn = dir.0.join("game.cgn").display().to_string();
    run(&["export", &save, "-o", &cgn]).ok();
    let ruleset = rulesets_dir().join("kingdomino.toml").display().to_string();
    for (file, what) in [
        (
            &save,
            "this is a saved game (JSON), not a kingdom file: `crownlands replay FILE`",
        ),
        (
            &cgn,
            "this is a game in the notation (a .cgn file), not a kingdom file",
        ),
        (&ruleset, "this is a ruleset (TOML), not a kingdom file"),
    ] {
        for command in ["score", "placements"] {
            let mut args = vec![command, file.as_str()];
            if command == "placements" {
                args.extend(["--domino", "1"]);
            }
            let r = run(&args).expect_code(1);
            assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
            assert!(r.stderr.contains(what), "{}", r.stderr);
        }
    }
}

#[test]
fn a_mark_of_a_module_the_ruleset_lacks_names_the_module() {
    // `W+` under Kingdomino: the knight's mark, said as such (as `@coins` was).
    // A ruleset of this build that has it is named; said once, however many squares are marked.
    for (kingdom, says, option) in [
        (
            "W+ C W+\n",
            "(`+` marks a knight of the module `knights`, which ruleset `kingdomino`",
            "such as `--ruleset kingdomino-knights`)",
        ),
        (
            "W[13] C W[2]\n",
            "(`[N]` marks a building of the module `buildings`, which ruleset",
            "such as `--ruleset queendomino`)",
        ),
    ] {
        let r = score(kingdom, &[]).expect_code(1);
        assert!(r.stderr.contains(says), "{}", r.stderr);
        assert_eq!(r.stderr.matches(option).count(), 1, "{}", r.stderr);
    }
    // A terrain's letter of another ruleset: that ruleset named, once.
    let r = score("T T C\n", &[]).expect_code(1);
    assert_eq!(
        r.stderr
            .matches(
                "(`T` is town in ruleset `queendomino`: give a ruleset with it, such as \
                 `--ruleset queendomino`)"
            )
            .count(),
        1,
        "{}",
        r.stderr
    );
    // A letter no ruleset of the build has (a house rule's desert): its ruleset file asked
    // for, once, and the other cells placed without the whole message again.
    let r = score("D2 D C\nD . .\n", &[]).expect_code(1);
    assert_eq!(
        r.stderr
            .matches("(no ruleset of this build has `D`: a kingdom of a ruleset of your own is read with `--ruleset FILE`)")
            .count(),
        1,
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stderr.matches("this ruleset's symbols").count(),
        1,
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains(":1:4: unknown symbol `D` in `D` (as above)")
            && r.stderr
                .contains(":2:1: unknown symbol `D` in `D` (as above)"),
        "{}",
        r.stderr
    );
    // Another such letter: the symbols, and the ruleset file asked for, not said again.
    let r = score("D2 X C\n", &[]).expect_code(1);
    assert!(
        r.stderr
            .contains(":1:4: unknown symbol `X` in `X`; this ruleset's symbols as above\n"),
        "{}",
        r.stderr
    );
    // Under a ruleset with the module, a misplaced mark is said as it was.
    let r = score("W1 C T\nT+[6] . .\n", &["--ruleset", "queendomino"]).expect_code(1);
    assert!(!r.stderr.contains("which ruleset"), "{}", r.stderr);
}

/// `castle = "centre"` (docs/house-rules/castle-centre.toml): a square past half the grid from
/// the castle is refused at its place, with why; a kingdom within it scores, and the heading says
/// where the castle stands.
#[test]
fn a_castle_fixed_at_the_centre_refuses_squares_beyond_its_reach() {
    let rules = rulesets_dir().join("../docs/house-rules/castle-centre.toml");
    let rules = rules.display().to_string();
    let r = score("C  W  W  W\n", &["--ruleset", &rules]).expect_code(1);
    assert!(
        r.stderr.contains(
            ":1:10: (3, 0) lies more than 2 squares from the castle, which stands at the centre"
        ),
        "{}",
        r.stderr
    );
    // Anywhere, the same kingdom is fine.
    score("C  W  W  W\n", &[]).ok();
    let r = score(FULL_CENTRED, &["--ruleset", &rules]).ok();
    assert!(
        r.stdout
            .contains("under castle-centre (5x5 kingdom, castle at the centre)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_file_name_with_a_new_line_prints_no_line_of_its_own() {
    // Standard output keeps new lines (its reports are lines); a file's name is escaped whole, so
    // a file named `k\nTotal: 999` cannot print a line of its own choosing.
    let dir = TempDir::new("newline-name");
    std::fs::create_dir_all(&dir.0).expect("folder");
    let path = dir.0.join("k\nTotal: 999");
    std::fs::write(&path, "C F\n").expect("kingdom");
    let out = run(&["score", &path.display().to_string()]).ok();
    assert!(
        out.stdout.contains("k\\nTotal: 999 under kingdomino"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.lines().any(|l| l == "Total: 999"),
        "{}",
        out.stdout
    );
    let _ = std::fs::remove_dir_all(&dir.0);
}

/// A building's line says how its points were counted, in the text where a territory's squares
/// and crowns stand and in JSON as its `detail`; a value of fixed points has none.
#[test]
fn a_buildings_line_says_how_it_was_counted() {
    let kingdom = "F  F  F  .  .\nL  L  T[3] T  .\n.  W  C  G  .\n";
    let text = score(kingdom, &["--ruleset", "queendomino"]).ok().stdout;
    let line = text
        .lines()
        .find(|l| l.contains("Wheat Camp"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("1 wheat territory x 2"), "{line}");
    assert!(line.trim_end().ends_with("+2"), "{line}");
    let v = score_json(kingdom, "queendomino");
    let camp = v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["label"] == "Wheat Camp")
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(camp["detail"], "1 wheat territory x 2");
    assert_eq!(camp["points"], 2);
    let coins = v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["label"].as_str().is_some_and(|s| s.contains("coins")))
        .unwrap_or_else(|| panic!("{v}"));
    assert!(coins.get("detail").is_none(), "{coins}");
}

#[test]
fn every_kingdom_files_problems_are_said_at_once() {
    // A table's files were said one file a run: fixed, the next run said the next.
    let dir = TempDir::new("every-file");
    std::fs::create_dir_all(&dir.0).expect("dir");
    let write = |name: &str, text: &str| {
        let path = dir.0.join(name);
        std::fs::write(&path, text).expect("write");
        path.display().to_string()
    };
    let knight = write("knight.kingdom", "W+ C\n");
    let coins = write("coins.kingdom", "@coins 2\nW C\n");
    let fine = write("fine.kingdom", "W C\n");
    let missing = dir.0.join("missing.kingdom").display().to_string();
    let r = run(&["score".to_string(), knight, fine, coins, missing]).expect_code(1);
    for said in [
        "knight.kingdom:1:1: unexpected `+`",
        "coins.kingdom:1:1: unknown line `@coins`",
        "missing.kingdom: cannot read the kingdom file",
    ] {
        assert!(r.stderr.contains(said), "{said}\n{}", r.stderr);
    }
    assert!(!r.stderr.contains("fine.kingdom"), "{}", r.stderr);
}

/// A line a house rule's module reads (`@seat`, the handicap's), under a ruleset without it: no
/// shipped ruleset has the module, so the hint is a file that lists it.
#[test]
fn a_house_modules_line_points_to_a_file_that_lists_it() {
    let kingdom = TempFile::new("seat", "kingdom", "C W1\n@seat 3\n");
    let r = run(&["score", &kingdom.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(
            "`@seat` is read by the module `handicap`, which ruleset `kingdomino` does not have: \
             give a ruleset that has it, `--ruleset FILE` whose `modules` list `handicap`"
        ),
        "{}",
        r.stderr
    );
}

/// A seat past the table's (`@seat 4` among three kingdoms of Royal Wedding in teams) names the
/// player count whose table has it, counted in players (8, four teams of two); a seat no table
/// of the ruleset has says so (it had said `--players 5 or more`, which the ruleset refuses).
#[test]
fn a_seat_past_the_table_names_the_count_that_has_it() {
    let rules = TempFile::new(
        "teams-handicap",
        "toml",
        "extends = \"royal-wedding-teams\"\n[rules]\nmodules = [\"knights\", \"buildings\", \
         \"queen\", \"dragon\", \"wealth\", \"handicap\"]\n[rules.module.handicap]\n\
         points = [1, 2, 3, 4]\n",
    );
    let kingdom =
        |name: &str, seat: u8| TempFile::new(name, "kingdom", &format!("C W1\n@seat {seat}\n"));
    let (first, third, fourth, fifth) = (
        kingdom("first", 1),
        kingdom("third", 3),
        kingdom("fourth", 4),
        kingdom("fifth", 5),
    );
    let r = run(&[
        "score",
        &first.arg(),
        &third.arg(),
        &fourth.arg(),
        "--ruleset",
        &rules.arg(),
    ])
    .expect_code(1);
    assert!(
        r.stderr.contains(
            "`@seat 4`, but a table of 3 kingdoms has seats 1 to 3 (where these are some of a \
             larger table's kingdoms, give its count: `--players 8`)"
        ),
        "{}",
        r.stderr
    );
    let r = run(&["score", &fifth.arg(), "--ruleset", &rules.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(
            "`@seat 5`, but a table of 4 kingdoms has seats 1 to 4 (no table of this ruleset \
             has more than 4 kingdoms)"
        ),
        "{}",
        r.stderr
    );
}

/// A ruleset that scores otherwise at another count (goals drawn at 3 and 4 players, all in
/// play at 2): the heading says the count, and a file that reads only at another count says
/// which, when no count was asked for.
#[test]
fn a_ruleset_scoring_by_count_says_the_count() {
    let rules = TempFile::new(
        "quests",
        "toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\ndraw = 1\n\
         goal = [\n  { name = \"Lakes\", points = 10, terrain = \"lake\", squares = 3 },\n  \
         { name = \"Woods\", points = 6, terrain = \"forest\", squares = 2 },\n]\n\
         [for-players.2.module.goals]\ndraw = 0\n",
    );
    let kingdom = "L L L C F\n@goal 1\n";
    let r = score(kingdom, &["--ruleset", &rules.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains("(read at 2 players, the smallest count of ruleset `crownlands-clitest-")
            && r.stderr.contains("; it reads at 3 players: `--players 3`)"),
        "{}",
        r.stderr
    );
    let r = score(kingdom, &["--ruleset", &rules.arg(), "--players", "3"]).ok();
    assert!(
        r.stdout.contains(" at 3 players (5x5 kingdom)"),
        "{}",
        r.stdout
    );
    // A file wrong at every count: no count named.
    let r = score("L L L C F,F\n@goal 1\n", &["--ruleset", &rules.arg()]).expect_code(1);
    assert!(!r.stderr.contains("it reads at"), "{}", r.stderr);
    // The module of an `@` line in the ruleset at other counts only: those counts, not another
    // ruleset (it had said the ruleset does not have it).
    let some = TempFile::new(
        "goals-at-3",
        "toml",
        "extends = \"kingdomino\"\n[for-players.3]\nmodules = [\"goals\"]\n\
         [for-players.3.module.goals]\ngoal = [{ name = \"Lakes\", points = 10, terrain = \"lake\", squares = 3 }]\n",
    );
    let r = score(kingdom, &["--ruleset", &some.arg(), "--players", "2"]).expect_code(1);
    assert!(
        r.stderr
            .contains("(`@goal` is read by the module `goals`, which ruleset `crownlands-clitest-")
            && r.stderr.contains("has at 3 players only: `--players 3`)"),
        "{}",
        r.stderr
    );
}

/// A kingdom no box could make (nine mine squares with 3 crowns, where Kingdomino has one) is
/// scored as written, with a note on standard error at the first square past the count, with
/// `--json` too; a kingdom within the box has none.
#[test]
fn squares_past_the_box_are_scored_with_a_note() {
    let r = score("M3 M3 M3\nM3 C  M3\nM3 M3 M3\n", &[]).ok();
    assert!(r.stdout.contains("Total: 192"), "{}", r.stdout);
    let notes: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(notes.len(), 1, "{}", r.stderr);
    assert!(
        notes[0].starts_with("note: ")
            && notes[0].contains(":1:4: 8 mine squares with 3 crowns here, and this ruleset's dominoes hold 1: no game could build this kingdom (scored as written)"),
        "{}",
        r.stderr
    );
    let j = score("M3 M3\nC  M2\n", &["--json"]).ok();
    assert!(
        j.stderr.contains("2 mine squares with 3 crowns"),
        "{}",
        j.stderr
    );
    assert_eq!(j.json()["total"], 3 * 8);
    let fine = score("M3 M2\nC  M2\n", &[]).ok();
    assert_eq!(fine.stderr, "");
}

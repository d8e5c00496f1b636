//! The shipped house-rule modules, written in TOML alone: `claim-order` (points at the end and
//! coins at the start by the place a side claimed the first line in, compensating the first
//! player's advantage the lab measures) and `terrain-multipliers` (a terrain's territories
//! scoring times a multiplier).

use super::{TempDir, TempFile, run};
use serde_json::Value;

/// A folder holding `comp.toml` (Kingdomino, 0 to 3 points by place) and `coins.toml`
/// (Queendomino, 0 to 3 coins by place; and the same over Kingdomino, where nothing keeps coins).
fn rules() -> TempDir {
    let dir = TempDir::new("claim-order");
    dir.file(
        "comp.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n[rules.module.claim-order]\npoints = [0, 1, 2, 3]\n",
    );
    dir.file(
        "coins.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"claim-order\"]\n[rules.module.claim-order]\ncoins = [0, 1, 2, 3]\n",
    );
    dir.file(
        "no-coins.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n[rules.module.claim-order]\ncoins = [0, 1]\n",
    );
    dir
}

fn path(dir: &TempDir, name: &str) -> String {
    dir.0.join(name).display().to_string()
}

#[test]
fn points_by_place_in_the_first_claims_are_added_to_the_totals() {
    let dir = rules();
    let comp = path(&dir, "comp.toml");
    // On the same seeds the games are the same (random players do not read the scores): each
    // place's score differs by exactly its points, and the bonus line says so.
    let out = run(&[
        "compare",
        "kingdomino",
        &comp,
        "-p",
        "4",
        "-g",
        "300",
        "--json",
    ])
    .ok();
    let v: Value = out.json();
    let places = v["first_claims_differences"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"));
    for (i, p) in places.iter().enumerate() {
        let d = p["score"]["estimate"].as_f64().expect("a score");
        assert!((d - i as f64).abs() < 1e-9, "place {}: {d}", i + 1);
    }
    // Validated, shown, and the shown file validates to the same.
    let shown = run(&["show", &comp]).ok().stdout;
    assert!(
        shown.contains("module.claim-order = { points = [0, 1, 2, 3] }"),
        "{shown}"
    );
    let again = TempFile::new("shown-claim-order", "toml", &shown);
    run(&["validate", &again.arg()]).ok();
}

#[test]
fn a_kingdom_file_says_its_place_and_scores_its_points() {
    let dir = rules();
    let comp = path(&dir, "comp.toml");
    let kingdom = TempFile::kingdom("claim-place", "W1 W\nC  W\n@claim-place 4\n");
    let out = run(&["score", &kingdom.arg(), "--ruleset", &comp, "--json"]).ok();
    let v: Value = out.json();
    // Wheat 3 squares x 1 crown, and 3 points for the 4th place.
    assert_eq!(v["total"], 6, "{v}");
    let text = run(&["score", &kingdom.arg(), "--ruleset", &comp])
        .ok()
        .stdout;
    assert!(text.contains("claimed 4th in the first line"), "{text}");
    // A place out of range is refused at its line.
    let bad = TempFile::kingdom("claim-place-0", "W1 W\nC  W\n@claim-place 0\n");
    let err = run(&["score", &bad.arg(), "--ruleset", &comp]).fails();
    assert!(
        err.stderr
            .contains("`@claim-place` takes the place in the first claims, from 1 to 16, not 0"),
        "{}",
        err.stderr
    );
}

#[test]
fn the_kingdom_files_of_one_table_claim_places_it_has_each_its_own() {
    // A place is a side's first king's among the sides: a table of N kingdoms has places 1 to
    // N, each kingdom its own. Two files saying 3rd were accepted and shared the victory, and
    // 9th among two decided the tie.
    let dir = rules();
    let comp = path(&dir, "comp.toml");
    let kingdom = |name: &str, place: &str| {
        dir.file(
            name,
            &format!("F1 F1 F1 F  F\nF  F  C  L  L\nL  L  L  L  L\nL  L  .  .  .\n{place}\n"),
        )
    };
    let first = kingdom("first.kingdom", "@claim-place 1");
    let second = kingdom("second.kingdom", "@claim-place 2");
    let third = kingdom("third.kingdom", "@claim-place 3");
    // Indented: its column is where the `@` is.
    let third_again = kingdom("third-again.kingdom", "  @claim-place 3");
    let ninth = kingdom("ninth.kingdom", "@claim-place 9");
    let unknown = kingdom("unknown.kingdom", "");
    let score = |files: &[&str], extra: &[&str]| {
        let mut args = vec!["score"];
        args.extend(files);
        args.extend(["--ruleset", comp.as_str()]);
        args.extend(extra);
        run(&args)
    };
    // Sound tables score: every place its own, a file without a place among them, some
    // kingdoms of a larger table.
    score(&[&first, &second], &[]).ok();
    score(&[&second, &unknown, &first], &[]).ok();
    score(&[&third, &first], &["--players", "4"]).ok();
    // Two kingdoms claiming 3rd at a table of four: refused at the second, naming the first.
    let r = score(&[&third, &third_again], &["--players", "4"]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [format!(
            "error: {third_again}:5:3: `@claim-place 3`: `{third}` claimed 3rd too, but each \
             kingdom has a place of its own in the first claims (1 to 4 at a table of 4 kingdoms)"
        )],
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // 3rd and 9th at a table of two: each refused, with the places the table has, and the
    // counts whose tables have a 3rd place; none has a 9th (it had said `--players 9`, which
    // the ruleset refuses).
    let r = score(&[&ninth, &third], &[]).expect_code(1);
    assert_eq!(
        r.error_lines(),
        [
            format!(
                "error: {ninth}:5:1: `@claim-place 9`, but a table of 2 kingdoms has places 1 \
                 to 2 in the first claims (no table of this ruleset has more than 4 kingdoms)"
            ),
            format!(
                "error: {third}:5:1: `@claim-place 3`, but a table of 2 kingdoms has places 1 \
                 to 2 in the first claims (where these are some of a larger table's kingdoms, \
                 give its count: `--players 3` or `--players 4`)"
            ),
        ],
        "{}",
        r.stderr
    );
    // A kingdom scored alone may be of the ruleset's largest table (four kingdoms here).
    score(&[&third], &[]).ok();
    let r = score(&[&ninth], &[]).expect_code(1);
    assert!(
        r.stderr
            .contains("a table of 4 kingdoms has places 1 to 4 in the first claims"),
        "{}",
        r.stderr
    );
}

#[test]
fn coins_by_place_go_to_the_coins_a_module_keeps_and_are_warned_of_without_one() {
    let dir = rules();
    // Queendomino's 7 coins, plus 0 to 3 by place: each side's place is kept, a resource the
    // lab tallies.
    let v: Value = run(&[
        "simulate",
        &path(&dir, "coins.toml"),
        "-p",
        "4",
        "-g",
        "50",
        "--json",
    ])
    .ok()
    .json();
    assert!(
        v["held"]
            .as_array()
            .is_some_and(|h| h.iter().any(|r| r["resource"] == "claim-place")),
        "{v}"
    );
    // (The coins by place are checked game by game in crates/rules/tests/house_modules.rs.)
    // Over Kingdomino nothing keeps coins: a warning names the module to add.
    let out = run(&["validate", &path(&dir, "no-coins.toml")]).ok();
    assert!(
        out.stderr.contains(
            "module `claim-order`: its `coins` are given to no one: no module of `modules` keeps coins (add `wealth`)"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn a_terrains_territories_score_times_its_multiplier() {
    let dir = TempDir::new("terrain-multipliers");
    let lakes = dir.file(
        "lakes.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\nmultipliers = { lake = 2, mine = 0 }\n",
    );
    // Lake: 3 squares x 3 crowns = 9, doubled (+9); mine: 1 x 2 = 2, worth nothing (-2).
    let kingdom = TempFile::kingdom("lakes", "L1 L1 M2\nC  L1 F\n");
    let v: Value = run(&["score", &kingdom.arg(), "--ruleset", &lakes, "--json"])
        .ok()
        .json();
    assert_eq!(v["total"], 18, "{v}");
    let text = run(&["score", &kingdom.arg(), "--ruleset", &lakes])
        .ok()
        .stdout;
    assert!(text.contains("lake territories x2"), "{text}");
    assert!(text.contains("mine territories x0"), "{text}");
    // A penalty terrain (a negative multiplier): lake crowns cost what they would score, and a
    // terrain with no crowns in the kingdom gets no line (not `forest territories x3 +0`).
    let penalty = dir.file(
        "penalty.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\nmultipliers = { lake = -1, forest = 3 }\n",
    );
    // Lake: 9 as printed, -9 with the multiplier (-18); mine 2 as printed.
    let v: Value = run(&["score", &kingdom.arg(), "--ruleset", &penalty, "--json"])
        .ok()
        .json();
    assert_eq!(v["total"], -7, "{v}");
    let text = run(&["score", &kingdom.arg(), "--ruleset", &penalty])
        .ok()
        .stdout;
    assert!(text.contains("lake territories x(-1)"), "{text}");
    assert!(!text.contains("forest territories"), "{text}");
    // A terrain the ruleset lacks, with the one meant.
    let bad = dir.file(
        "bad.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\nmultipliers = { lkae = 2 }\n",
    );
    let err = run(&["validate", &bad]).fails();
    assert!(
        err.stderr.contains(
            "module `terrain-multipliers`: `multipliers.lkae`: terrain `lkae` is not among the ruleset's terrains (did you mean `lake`?)"
        ),
        "{}",
        err.stderr
    );
}

#[test]
fn ties_go_to_the_earlier_claimer_with_a_tie_break_of_the_fewest() {
    // A house rule an auditor could not write: ties to the first claimer, not the later one.
    let dir = rules();
    let early = dir.file(
        "early.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\ntie-breaks = [\"fewest-claim-place\", \"fewest-crowns\"]\n",
    );
    // Both score 3 (wheat 3 squares x 1 crown): the one that claimed 1st wins.
    let first = TempFile::kingdom("first", "W1 W\nC  W\n@claim-place 1\n");
    let second = TempFile::kingdom("second", "W1 W\nC  W\n@claim-place 2\n");
    let text = run(&["score", &second.arg(), &first.arg(), "--ruleset", &early])
        .ok()
        .stdout;
    assert!(text.contains("decided by fewest-claim-place"), "{text}");
    let winner = text
        .lines()
        .find(|l| l.trim_start().starts_with("1. "))
        .unwrap_or_default();
    assert!(winner.contains("first"), "{text}");
    assert!(winner.contains("(claim place 1, crowns 1)"), "{text}");
}

#[test]
fn a_queen_worth_two_crowns_is_a_parameter() {
    // A house rule an auditor could not write without code: the Queen worth 2 crowns.
    let dir = TempDir::new("queen-crowns");
    let rules = dir.file(
        "queen2.toml",
        "extends = \"queendomino\"\n[rules.module.queen]\ncrowns = 2\n",
    );
    let kingdom = TempFile::kingdom("queen2", "G1 G  G\nC  W1 W\n@towers 1\n@queen\n");
    let text = run(&[
        "score",
        &kingdom.arg(),
        "--ruleset",
        &rules,
        "--players",
        "2",
    ])
    .ok()
    .stdout;
    // Wheat 2, grassland 3, and 2 crowns on the 3-square grassland: 6.
    assert!(
        text.contains("the Queen's 2 crowns (grassland, 3 squares)"),
        "{text}"
    );
    assert!(text.contains("Total: 11"), "{text}");
    let v: Value = run(&[
        "score",
        &kingdom.arg(),
        "--ruleset",
        &rules,
        "--players",
        "2",
        "--json",
    ])
    .ok()
    .json();
    assert_eq!(v["crowns"], 4, "{v}");
    // Out of range: said with the range.
    let bad = dir.file(
        "queen9.toml",
        "extends = \"queendomino\"\n[rules.module.queen]\ncrowns = 9\n",
    );
    let err = run(&["validate", &bad]).fails();
    assert!(
        err.stderr.contains("`crowns` must be from 0 to 7, not 9"),
        "{}",
        err.stderr
    );
}

/// `goals` (docs/house-rules/goals.toml): a saved game replays with the goals it drew said at
/// its start, and each side's score lists a line per goal in play. A kingdom the replay draws
/// names the goals drawn (`@goal N`), so `score` of it, copied out, gives the replay's points
/// (it counted every goal of the list).
#[test]
fn goals_drawn_are_said_at_a_replays_start_and_scored() {
    let guide = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/goals.toml")
        .display()
        .to_string();
    let dir = TempDir::new("goals");
    let saves = dir.0.join("saves").display().to_string();
    run(&[
        "simulate",
        &guide,
        "--bots",
        "greedy,greedy",
        "--games",
        "1",
        "--seed",
        "4",
        "--save",
        &saves,
    ])
    .ok();
    let file = std::fs::read_dir(&saves)
        .expect("saves written")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .next()
        .expect("one save");
    let text = run(&["replay", &file.display().to_string()]).ok().stdout;
    let goals = text
        .lines()
        .find(|l| l.starts_with("  Goals: "))
        .unwrap_or_else(|| panic!("{text}"));
    // Two goals drawn, each with its points and what it asks.
    assert_eq!(goals.matches(": ").count(), 3, "{goals}");
    assert!(goals.contains('+') && goals.contains("; "), "{goals}");
    // Each drawn goal's name has a line under each side's score.
    for part in goals.trim_start_matches("  Goals: ").split("; ") {
        let name = part
            .split_once(' ')
            .and_then(|(_, rest)| rest.split_once(':'))
            .map(|(name, _)| name)
            .unwrap_or_else(|| panic!("{part}"));
        assert_eq!(
            text.lines()
                .filter(|l| l.trim_start().starts_with(name) && l.contains(" (goals) "))
                .count(),
            2,
            "{name}:\n{text}"
        );
    }
    // The last kingdom drawn, and the points said under it.
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .rposition(|l| l.trim().ends_with(" points)"))
        .expect("a kingdom's points");
    let start = (0..end)
        .rev()
        .find(|&i| !lines[i].starts_with("        "))
        .expect("the move above it")
        + 1;
    let kingdom: String = lines[start..end]
        .iter()
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    assert!(kingdom.contains("@goal "), "{kingdom}");
    let points = lines[end].trim().trim_start_matches('(').split(' ').next();
    let file = TempFile::new("drawn", "kingdom", &kingdom);
    let path = file.path().display().to_string();
    let scored = run(&["score", &path, "--ruleset", &guide]).ok().stdout;
    assert!(
        scored.contains(&format!("Total: {}", points.expect("points"))),
        "{kingdom}\n{scored}"
    );
    // The kingdoms of one table play the same goals: a file naming none beside it is refused.
    let bare: String = kingdom
        .lines()
        .filter(|l| !l.starts_with("@goal"))
        .map(|l| format!("{l}\n"))
        .collect();
    let other = TempFile::new("bare", "kingdom", &bare);
    let other = other.path().display().to_string();
    let r = run(&["score", &path, &other, "--ruleset", &guide]).fails();
    assert!(
        r.stderr.contains("no `@goal` line (every goal) where `")
            && r.stderr
                .contains("the kingdoms of one table play the same goals"),
        "{}",
        r.stderr
    );
    // One goal of the two drawn named: every goal drawn, or none.
    let mut seen = false;
    let one: String = kingdom
        .lines()
        .filter(|l| !l.starts_with("@goal") || !std::mem::replace(&mut seen, true))
        .map(|l| format!("{l}\n"))
        .collect();
    let one = TempFile::new("one", "kingdom", &one);
    let one = one.path().display().to_string();
    let r = run(&["score", &one, "--ruleset", &guide]).fails();
    assert!(
        r.stderr
            .contains("`@goal` lines name 1 of the 2 goals these rules draw"),
        "{}",
        r.stderr
    );
}

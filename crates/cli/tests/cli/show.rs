//! `crownlands show`.

use super::{TempDir, TempFile, bin, run};

use super::SHIPPED;

fn show(args: &[&str]) -> String {
    let mut all = vec!["show"];
    all.extend_from_slice(args);
    run(&all).ok().stdout
}

fn parse(text: &str) -> toml::Table {
    text.parse::<toml::Table>()
        .unwrap_or_else(|e| panic!("show printed invalid TOML ({e}):\n{text}"))
}

#[test]
fn mighty_duel_for_two_players_is_7x7() {
    let text = show(&["mighty-duel", "--players", "2"]);
    let t = parse(&text);
    assert_eq!(t["name"].as_str(), Some("mighty-duel"));
    assert_eq!(t["rules"]["grid-size"].as_integer(), Some(7));
    assert_eq!(t["rules"]["deck-size"].as_str(), Some("all"));
    assert_eq!(t["players"].as_array().map(Vec::len), Some(1));
    assert!(!t.contains_key("extends"), "fully resolved");
    assert_eq!(t["domino"].as_array().map(Vec::len), Some(48));
    assert_eq!(t["terrain"].as_array().map(Vec::len), Some(6));
}

#[test]
fn shown_rulesets_validate_and_load_to_the_same_rules() {
    for name in SHIPPED {
        // Each ruleset's smallest player count.
        let smallest = match name {
            "royal-wedding" => "3",
            "royal-wedding-teams" => "6",
            _ => "2",
        };
        for players in [None, Some(smallest)] {
            let mut args = vec![name];
            if let Some(p) = players {
                args.extend(["--players", p]);
            }
            let text = show(&args);
            parse(&text);
            let f = TempFile::new(&format!("shown-{name}"), "toml", &text);
            // The whole ruleset with no warning either: what `show` writes is the ruleset's,
            // not an author's (one count of it keeps the shipped name, which is warned of).
            let mut validate = vec!["validate".to_string()];
            if players.is_none() {
                validate.push("--deny-warnings".to_string());
            }
            validate.push(f.arg());
            let r = run(&validate).ok();
            assert!(r.stdout.contains(": ok: ruleset"), "{}", r.stdout);
            // Showing the shown file gives the same text: the same rules, terrains and dominoes.
            let mut again = vec!["show".to_string(), f.arg()];
            if let Some(p) = players {
                again.extend(["--players".to_string(), p.to_string()]);
            }
            let r = run(&again).ok();
            assert_eq!(r.stdout, text, "{name} {players:?} does not round-trip");
        }
    }
}

#[test]
fn a_shown_ruleset_scores_like_the_original() {
    let text = show(&["mighty-duel", "--players", "2"]);
    let rs = TempFile::new("shown-duel", "toml", &text);
    let kingdom = TempFile::kingdom("duel-kingdom", "F1 F F F F F C\n");
    let r = run(&[
        "score".to_string(),
        kingdom.arg(),
        "--ruleset".to_string(),
        rs.arg(),
        "--json".to_string(),
    ])
    .ok();
    assert_eq!(r.json()["total"], 6);
}

#[test]
fn dynasty_shows_three_match_games() {
    let t = parse(&show(&["dynasty"]));
    assert_eq!(t["rules"]["match-games"].as_integer(), Some(3));
}

#[test]
fn harmony_middle_kingdom_shows_both_bonuses() {
    let t = parse(&show(&["harmony-middle-kingdom"]));
    let rules = &t["rules"];
    assert_eq!(rules["harmony"]["enabled"].as_bool(), Some(true));
    assert_eq!(rules["harmony"]["points"].as_integer(), Some(5));
    assert_eq!(rules["middle-kingdom"]["enabled"].as_bool(), Some(true));
    assert_eq!(rules["middle-kingdom"]["points"].as_integer(), Some(10));
}

#[test]
fn volcano_has_56_dominoes_and_7_terrains() {
    let t = parse(&show(&["volcano"]));
    assert_eq!(t["domino"].as_array().map(Vec::len), Some(56));
    assert_eq!(t["terrain"].as_array().map(Vec::len), Some(7));
}

#[test]
fn unsupported_player_count_fails_cleanly() {
    let r = run(&["show", "kingdomino", "--players", "9"]).expect_code(1);
    assert!(
        r.stderr
            .contains("ruleset kingdomino does not allow 9 players (it allows 2, 3, 4)"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
}

#[test]
fn unknown_ruleset_fails_cleanly() {
    let r = run(&["show", "no-such-ruleset"]).expect_code(1);
    assert!(r.stderr.contains("shipped rulesets:"), "{}", r.stderr);
    assert!(r.stderr.contains("kingdomino"), "{}", r.stderr);
}

#[test]
fn a_file_named_like_a_shipped_ruleset_does_not_stand_in_for_it() {
    // A friend's folder holds a file called `kingdomino`: the bare name is still the shipped
    // ruleset (as inside a ruleset's `extends`); `./kingdomino` is the file.
    let dir = TempDir::new("shadow");
    std::fs::create_dir_all(&dir.0).expect("dir");
    std::fs::write(
        dir.0.join("kingdomino"),
        "name = \"kingdomino\"\nextends = \"kingdomino\"\n[rules.harmony]\nenabled = true\npoints = 1000\n",
    )
    .expect("write");
    let in_dir = |args: &[&str]| {
        let out = std::process::Command::new(bin())
            .args(args)
            .current_dir(&dir.0)
            .output()
            .expect("run crownlands");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shipped = in_dir(&["show", "kingdomino"]);
    assert!(!shipped.contains("1000"), "{shipped}");
    assert_eq!(shipped, show(&["kingdomino"]));
    let file = in_dir(&["show", "./kingdomino"]);
    assert!(file.contains("points = 1000"), "{file}");
}

#[test]
fn a_rule_switching_modules_off_at_every_count_shows_a_file_that_loads_back() {
    // The rules every file gives kept the modules' parameters of Queendomino under `[rules]`,
    // whose modules this house rule turns off at its one count: the shown file did not load.
    let rule = TempFile::new(
        "two-only",
        "toml",
        "extends = \"queendomino\"\nname = \"two-only\"\nplayers = [2]\n[for-players.2]\nmodules = [\"knights\", \"wealth\"]\n",
    );
    let text = show(&[&rule.arg()]);
    let shown = TempFile::new("two-only-shown", "toml", &text);
    let r = run(&["validate", &shown.arg()]).ok();
    assert!(r.stdout.contains("ok: ruleset two-only"), "{}", r.stdout);
    assert_eq!(show(&[&shown.arg()]), text);
}

/// A text from a file with a stack of combining marks (past the few that standard output lets
/// through, for a terminal) is printed as it is by `show` and `export`, which print files: their
/// output written to a file reads back as the same ruleset and the same game (the marks' escape,
/// `\u0301`, is no escape in a TOML literal string or a notation header).
#[test]
fn show_and_export_to_standard_output_read_back_with_stacked_marks() {
    let dir = TempDir::new("stacked-marks");
    let marks = "\u{301}".repeat(6);
    let ruleset = dir.file(
        "marked.toml",
        &format!(
            "extends = \"kingdomino\"\nname = \"m{marks}x\"\ndescription = \"say \\\"hi\\\" e{marks}\"\n"
        ),
    );
    let shown = show(&[&ruleset]);
    assert!(shown.contains(&format!("say \"hi\" e{marks}")), "{shown}");
    assert!(!shown.contains("\\u0301"), "{shown}");
    let again = dir.file("again.toml", &shown);
    assert_eq!(show(&[&again]), shown);
    // A game of it, exported to standard output, imports.
    run(&[
        "simulate",
        &ruleset,
        "-p",
        "2",
        "-g",
        "1",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let save = std::fs::read_dir(&dir.0)
        .expect("the folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a save");
    let exported = run(&["export", &save.display().to_string()]).ok().stdout;
    let cgn = dir.file("game.cgn", &exported);
    let back = dir.0.join("back.json").display().to_string();
    run(&["import", &cgn, "-o", &back]).ok();
    // What is printed for a terminal still escapes the stack past three marks.
    let replayed = run(&["replay", &save.display().to_string()]).ok().stdout;
    assert!(replayed.contains("\\u0301"), "{replayed}");
}

/// `import` of a kingdom file or a ruleset says what the file looks like, as `replay` does,
/// rather than asking for a `Ruleset` header.
#[test]
fn import_says_what_another_kind_of_file_is() {
    let kingdom = TempFile::new("import-kingdom", "txt", "F1 F1 F1 F  F\nF  F  C  L  L\n");
    let out = TempFile::new("import-out", "json", "");
    let said = run(&["import", &kingdom.arg(), "-o", &out.arg(), "--force"])
        .fails()
        .stderr;
    assert!(said.contains("this looks like a kingdom file"), "{said}");
    let ruleset = TempFile::new(
        "import-ruleset",
        "toml",
        "extends = \"kingdomino\"\nname = \"hr\"\n",
    );
    let said = run(&["import", &ruleset.arg(), "-o", &out.arg(), "--force"])
        .fails()
        .stderr;
    assert!(
        said.contains("this looks like a ruleset or a set of dominoes"),
        "{said}"
    );
}

/// A ruleset of one player count whose `[for-players.N]` changes `[rules]` says which is played
/// (the Mighty Duel's 1 king under `[rules]`, 2 under `[for-players.2]`, had read as a
/// contradiction); a ruleset of several counts says nothing of it.
#[test]
fn show_says_which_rules_a_single_player_count_plays() {
    let r = run(&["show", "mighty-duel"]).ok();
    assert!(
        r.stdout.lines().nth(1).is_some_and(|l| l
            .starts_with("# Played at 2 players only: [for-players.2] changes [rules] for them")),
        "{}",
        r.stdout
    );
    let r = run(&["show", "mighty-duel", "--players", "2"]).ok();
    assert!(
        !r.stdout.contains("Played at 2 players only"),
        "{}",
        r.stdout
    );
    let r = run(&["show", "kingdomino"]).ok();
    assert!(!r.stdout.contains("players only"), "{}", r.stdout);
}

/// `-p` is `--players` wherever a command takes a player count, as a user who learned it from
/// `simulate` types it.
#[test]
fn dash_p_is_players_for_show_score_and_placements() {
    let long = run(&["show", "kingdomino", "--players", "3"]).ok().stdout;
    assert_eq!(run(&["show", "kingdomino", "-p", "3"]).ok().stdout, long);
    let kingdom = TempFile::new("p", "kingdom", "C W1\n");
    let long = run(&["score", &kingdom.arg(), "--players", "3"])
        .ok()
        .stdout;
    assert_eq!(run(&["score", &kingdom.arg(), "-p", "3"]).ok().stdout, long);
    let long = run(&["placements", &kingdom.arg(), "-d", "12", "--players", "3"])
        .ok()
        .stdout;
    assert_eq!(
        run(&["placements", &kingdom.arg(), "-d", "12", "-p", "3"])
            .ok()
            .stdout,
        long
    );
}

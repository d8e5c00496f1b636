//! `crownlands simulate`.

use super::{bin, run};
use serde_json::Value;
use std::process::{Command, Stdio};

fn simulate_json(args: &[&str]) -> Value {
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.push("--json");
    run(&all).ok().json()
}

fn seats(v: &Value) -> &Vec<Value> {
    v["seats"].as_array().expect("seats array")
}

#[test]
fn four_players_json_shape_and_win_shares() {
    let v = simulate_json(&[
        "kingdomino",
        "--players",
        "4",
        "--games",
        "200",
        "--seed",
        "7",
    ]);
    assert_eq!(v["games"], 200);
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{v}");
    assert!(v["games_per_second"].as_f64().is_some(), "{v}");
    let seats = seats(&v);
    assert_eq!(seats.len(), 4);
    let mut share_sum = 0.0;
    for s in seats {
        let mean = s["mean_score"].as_f64().expect("mean_score");
        let share = s["win_share"].as_f64().expect("win_share");
        let placed = s["mean_dominoes_placed"]
            .as_f64()
            .expect("mean_dominoes_placed");
        assert!(mean > 0.0, "{s}");
        assert!((0.0..=1.0).contains(&share), "{s}");
        // 48 dominoes, 12 rounds of 4: at most 12 each.
        assert!(placed > 0.0 && placed <= 12.0, "{s}");
        share_sum += share;
    }
    assert!(
        (share_sum - 1.0).abs() < 1e-3,
        "win shares sum to {share_sum}"
    );
}

fn without_timing(mut v: Value) -> Value {
    let obj = v.as_object_mut().unwrap();
    obj.remove("seconds");
    obj.remove("games_per_second");
    v
}

#[test]
fn same_seed_same_results() {
    let args = ["kingdomino", "-p", "3", "-g", "50", "-s", "42"];
    let a = without_timing(simulate_json(&args));
    let b = without_timing(simulate_json(&args));
    assert_eq!(a, b);
    let c = without_timing(simulate_json(&[
        "kingdomino",
        "-p",
        "3",
        "-g",
        "50",
        "-s",
        "43",
    ]));
    assert_ne!(
        seats(&a),
        seats(&c),
        "a different seed should give different games"
    );
}

#[test]
fn two_players_place_at_most_12_dominoes_each() {
    let v = simulate_json(&["kingdomino", "-p", "2", "-g", "100", "-s", "3"]);
    let seats = seats(&v);
    assert_eq!(seats.len(), 2);
    for s in seats {
        let placed = s["mean_dominoes_placed"].as_f64().unwrap();
        assert!(placed > 0.0 && placed <= 12.0, "{s}");
    }
}

#[test]
fn mighty_duel_places_up_to_24_each() {
    let v = simulate_json(&["mighty-duel", "-p", "2", "-g", "20"]);
    for s in seats(&v) {
        let placed = s["mean_dominoes_placed"].as_f64().unwrap();
        assert!(placed > 12.0 && placed <= 24.0, "{s}");
    }
}

#[test]
fn player_count_not_allowed() {
    for (ruleset, players, allowed) in [
        ("kingdomino", "5", "(it allows 2, 3, 4)"),
        ("kingdomino", "1", "(it allows 2, 3, 4)"),
        ("kingdomino", "0", "(it allows 2, 3, 4)"),
        ("mighty-duel", "3", "(it allows 2)"),
    ] {
        let r = run(&["simulate", ruleset, "-p", players, "-g", "1"]).expect_code(1);
        let noun = if players == "1" { "player" } else { "players" };
        assert!(
            r.stderr
                .contains(&format!("does not allow {players} {noun} {allowed}")),
            "{ruleset} {players}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_bot_list_of_a_count_not_allowed_says_the_list_sets_it() {
    // One bot a seat: the list's length is the count, and the list is what to change.
    let r = run(&[
        "simulate",
        "mighty-duel",
        "--bots",
        "greedy,greedy,random",
        "-g",
        "1",
    ])
    .expect_code(1);
    assert!(
        r.stderr.contains(
            "ruleset mighty-duel does not allow 3 players (it allows 2): --bots lists 3 bots, one a seat"
        ),
        "{}",
        r.stderr
    );
    let r = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy",
        "-p",
        "3",
        "-g",
        "1",
    ])
    .expect_code(1);
    assert!(
        r.stderr
            .contains("--players 3 but --bots lists 1 bot: the bot list sets the player count"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_player_count_past_any_seat_is_the_commands_error_not_the_parsers() {
    // A count that does not fit a seat number is out of range like 5 or 0 (exit 1), for every
    // command taking `--players`.
    for args in [
        &["simulate", "kingdomino", "-p", "256", "-g", "1"][..],
        &["compare", "kingdomino", "harmony", "-p", "1000", "-g", "1"],
        &["show", "kingdomino", "--players", "256"],
    ] {
        let r = run(args).expect_code(1);
        assert!(
            r.stderr.contains("players (at most 16)"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_name_that_is_a_file_without_its_toml_suggests_the_file() {
    // `harmony10` for the designer's `harmony10.toml` in the working folder: the file is meant,
    // not the shipped `harmony`.
    let file = crate::TempFile::new("h10", "toml", "extends = \"harmony\"\n");
    let stem = file
        .0
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a name")
        .to_string();
    let r = run(&["simulate", &stem, "-p", "2", "-g", "1"]).expect_code(1);
    assert!(
        r.stderr
            .contains(&format!("(did you mean the file `{stem}.toml`?)")),
        "{}",
        r.stderr
    );
}

#[test]
fn zero_games_is_refused() {
    let r = run(&["simulate", "kingdomino", "-p", "2", "-g", "0"]).expect_code(1);
    assert!(r.stderr.contains("--games 0"), "{}", r.stderr);
}

#[test]
fn dynasty_plays_matches_of_three_games() {
    let v = simulate_json(&["dynasty", "-p", "3", "-g", "10", "-s", "5"]);
    assert_eq!(v["games"], 10);
    assert_eq!(v["games_per_match"], 3);
    let seats = seats(&v);
    assert_eq!(seats.len(), 3);
    let share_sum: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap()).sum();
    assert!((share_sum - 1.0).abs() < 1e-3, "{share_sum}");
    for s in seats {
        // Totals of 3 games; dominoes placed are per game.
        let placed = s["mean_dominoes_placed"].as_f64().unwrap();
        assert!(placed > 0.0 && placed <= 12.0, "{s}");
    }
    let r = run(&["simulate", "dynasty", "-p", "2", "-g", "3"]).ok();
    assert!(r.stdout.contains("matches of 3 games"), "{}", r.stdout);
    // A match's total beside a game's dominoes: the column says it is a game's.
    assert!(r.stdout.contains("  dominoes a game"), "{}", r.stdout);
    let one = run(&["simulate", "kingdomino", "-p", "2", "-g", "3"]).ok();
    assert!(one.stdout.contains("  dominoes placed"), "{}", one.stdout);
}

#[test]
fn every_shipped_ruleset_simulates() {
    for name in [
        "kingdomino",
        "mighty-duel",
        "harmony",
        "middle-kingdom",
        "harmony-middle-kingdom",
        "dynasty",
        "volcano",
    ] {
        let v = simulate_json(&[name, "-p", "2", "-g", "3"]);
        assert_eq!(seats(&v).len(), 2, "{name}");
    }
}

#[test]
fn text_output() {
    let r = run(&["simulate", "kingdomino", "-p", "4", "-g", "5"]).ok();
    assert!(
        r.stdout
            .contains("5 games of kingdomino with 4 random players"),
        "{}",
        r.stdout
    );
    let seat_rows = r
        .stdout
        .lines()
        .filter(|l| l.contains("random") && !l.contains("players"))
        .count();
    assert_eq!(seat_rows, 4, "{}", r.stdout);
}

#[test]
fn closed_stdout_does_not_panic() {
    let mut child = Command::new(bin())
        .args(["simulate", "kingdomino", "-p", "4", "-g", "300"])
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Close the reading end before the games are over, as `| head -0` would.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bot_tournaments_in_teams_report_per_team() {
    let v = simulate_json(&[
        "royal-wedding-teams",
        "--bots",
        "greedy,random,random,random,random,random",
        "--games",
        "3",
    ]);
    let t = v["teams"].as_array().expect("teams");
    assert_eq!(t.len(), 3, "6 players in teams of two");
    for (i, team) in t.iter().enumerate() {
        assert_eq!(team["seats"], serde_json::json!([2 * i + 1, 2 * i + 2]));
        assert_eq!(seats(&v)[2 * i]["mean_score"], team["mean_score"]);
    }
    let shares: f64 = t.iter().filter_map(|s| s["win_share"].as_f64()).sum();
    assert!((shares - 1.0).abs() < 1e-3, "{shares}");
    let text = run(&[
        "simulate",
        "royal-wedding-teams",
        "--bots",
        "greedy,random,random,random,random,random",
        "--games",
        "3",
    ])
    .ok()
    .stdout;
    assert!(
        text.contains("team  seats  mean score  win share"),
        "{text}"
    );
    assert!(text.contains("   3  5+6  "), "{text}");
    // Without teams, no team table.
    let v = simulate_json(&["kingdomino", "--bots", "greedy,random", "--games", "2"]);
    assert!(v["teams"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn royal_wedding_every_player_count_per_seat_and_per_team() {
    for p in ["3", "4", "5", "6", "7", "8"] {
        let v = simulate_json(&["royal-wedding", "--players", p, "--games", "2"]);
        assert_eq!(
            seats(&v).len(),
            p.parse::<usize>().expect("count"),
            "{p} players"
        );
        assert!(
            v["teams"].as_array().is_some_and(Vec::is_empty),
            "individual play: no teams"
        );
        let shares: f64 = seats(&v)
            .iter()
            .filter_map(|s| s["win_share"].as_f64())
            .sum();
        assert!((shares - 1.0).abs() < 1e-3, "{p} players: {shares}");
    }
    for (p, teams) in [("6", 3), ("8", 4)] {
        let v = simulate_json(&["royal-wedding-teams", "--players", p, "--games", "3"]);
        assert_eq!(seats(&v).len(), p.parse::<usize>().expect("count"));
        let t = v["teams"].as_array().expect("teams");
        assert_eq!(t.len(), teams, "{p} players in teams of two");
        for (i, team) in t.iter().enumerate() {
            let members: Vec<u64> = team["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            assert_eq!(
                members,
                vec![2 * i as u64 + 1, 2 * i as u64 + 2],
                "teammates sit side by side"
            );
            // Both seats of a team report the team's score.
            let a = &seats(&v)[2 * i]["mean_score"];
            let b = &seats(&v)[2 * i + 1]["mean_score"];
            assert_eq!(a, b);
            assert_eq!(a, &team["mean_score"]);
        }
        let shares: f64 = t.iter().filter_map(|s| s["win_share"].as_f64()).sum();
        assert!(
            (shares - 1.0).abs() < 1e-3,
            "team win shares sum to 1: {shares}"
        );
    }
    // Text output has a team table.
    let r = run(&[
        "simulate",
        "royal-wedding-teams",
        "--players",
        "6",
        "--games",
        "2",
    ])
    .ok();
    assert!(r.stdout.contains("team  seats"), "{}", r.stdout);
}

#[test]
fn a_bonus_is_earned_only_when_it_scores() {
    // Queendomino without knights: the per-knight buildings are built and score 0, and some
    // kingdoms end short of wealth's first point: neither is earned.
    let rule = super::TempFile::new(
        "no-knights",
        "toml",
        "extends = \"queendomino\"\nrules.modules = [\"buildings\", \"queen\", \"dragon\", \"wealth\"]\n",
    );
    let path = rule.0.display().to_string();
    let v = simulate_json(&[&path, "--players", "4", "--games", "300", "--seed", "3"]);
    let bonuses = v["bonuses"].as_array().expect("bonuses");
    let earned = |name: &str| -> Vec<f64> {
        bonuses
            .iter()
            .find(|b| b["bonus"] == name)
            .map(|b| {
                b["earned"]
                    .as_array()
                    .expect("per seat")
                    .iter()
                    .map(|x| x.as_f64().expect("a share"))
                    .collect()
            })
            .unwrap_or_default()
    };
    for per_knight in ["Knights' Hall", "Knights' Lodge"] {
        assert!(
            earned(per_knight).iter().all(|&x| x == 0.0),
            "{per_knight}: {bonuses:?}"
        );
    }
    let wealth = earned("wealth");
    assert_eq!(wealth.len(), 4, "{bonuses:?}");
    assert!(wealth.iter().all(|&x| x > 0.0 && x < 1.0), "{wealth:?}");
    // Buildings that score are earned.
    assert!(earned("Statue").iter().any(|&x| x > 0.0), "{bonuses:?}");
}

#[test]
fn a_match_rulesets_bot_table_counts_matches_and_says_so() {
    // Dynasty plays matches of three games: the bot table's count is of matches (a bot's
    // seats in them), headed so, as the note on --jobs names them.
    let r = run(&[
        "simulate",
        "dynasty",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--jobs",
        "64",
    ])
    .ok();
    assert!(
        r.stdout.starts_with("4 matches of 3 games of dynasty"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("\nbot     matches      wins  win rate"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\ngreedy        4  "), "{}", r.stdout);
    assert!(
        r.stderr.contains("note: --jobs 64 capped at ") && r.stderr.contains("(4 matches, "),
        "{}",
        r.stderr
    );
    // Single games: games, as before.
    let r = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,random",
        "--games",
        "2",
    ])
    .ok();
    assert!(
        r.stdout.contains("\nbot      games      wins"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_table_of_one_side_says_no_margins_ties_nor_precision_of_its_wins() {
    // A solitaire house rule: the one kingdom always wins; no margin over a next side, no tie,
    // no win share to make more precise.
    let file = crate::TempFile::new(
        "solo",
        "toml",
        "extends = \"kingdomino\"\nplayers = [1]\n[rules]\nline-size = 2\ndeck-size = 24\n",
    );
    let out = run(&["simulate", &file.arg(), "--games", "50"]).ok();
    assert!(out.stdout.contains("50 games of"), "{}", out.stdout);
    assert!(
        !out.stdout.contains("margin over the next"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("precision:"), "{}", out.stdout);
    let json = run(&["simulate", &file.arg(), "--games", "50", "--json"]).ok();
    let v: Value = serde_json::from_str(&json.stdout).expect("json");
    assert!(v.get("finishes").is_some_and(Value::is_null), "{v}");
}

/// docs/commands.md's example of a warning `simulate` says first is what it prints for the
/// `six.toml` of docs/rulesets.md (its place, and each part the example quotes).
#[test]
fn the_docs_example_of_a_warning_is_what_simulate_prints() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let rulesets = std::fs::read_to_string(docs.join("rulesets.md")).expect("docs/rulesets.md");
    let listing = rulesets
        .split("$ cat -n six.toml\n")
        .nth(1)
        .and_then(|rest| rest.split("$ crownlands validate six.toml").next())
        .expect("the six.toml example");
    // `cat -n`: the number, a tab, the line.
    let file: String = listing
        .lines()
        .map(|l| format!("{}\n", l.split_once('\t').map_or("", |(_, text)| text)))
        .collect();
    let commands = std::fs::read_to_string(docs.join("commands.md")).expect("docs/commands.md");
    let shown = commands
        .split("(`warning: six.toml")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .map(|w| format!("warning: six.toml{}", w.replace('\n', " ")))
        .expect("the warning in docs/commands.md");
    let dir = super::TempDir::new("doc-six");
    std::fs::create_dir_all(&dir.0).expect("the folder");
    std::fs::write(dir.0.join("six.toml"), &file).expect("write six.toml");
    let out = Command::new(bin())
        .args(["simulate", "six.toml", "--players", "3", "--games", "10"])
        .current_dir(&dir.0)
        .output()
        .expect("run crownlands");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut rest = stderr.as_ref();
    for part in shown.split("...").map(str::trim).filter(|p| !p.is_empty()) {
        let at = rest
            .find(part)
            .unwrap_or_else(|| panic!("`{part}` of the docs' `{shown}` is not in:\n{stderr}"));
        rest = &rest[at + part.len()..];
    }
    assert!(
        stderr.starts_with(shown.split("...").next().unwrap_or_default()),
        "{stderr}"
    );
}

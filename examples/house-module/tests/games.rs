//! Whole games of the markets ruleset through the binary: random and bot `simulate`, `--save`,
//! `replay`, `export` and `import`. Small counts: a debug build, a few seconds.

mod common;

use common::*;
use std::path::{Path, PathBuf};

fn ruleset() -> String {
    markets_toml().display().to_string()
}

/// The share of games each seat earned the markets' points in, from `simulate --json`.
fn markets_earned(json: &serde_json::Value) -> Vec<f64> {
    json["bonuses"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["bonus"] == "markets"))
        .and_then(|b| b["earned"].as_array())
        .map(|e| e.iter().filter_map(|v| v.as_f64()).collect())
        .unwrap_or_default()
}

#[test]
fn random_players_put_up_stalls_and_score_them() {
    let r = run(&[
        "simulate",
        &ruleset(),
        "--players",
        "3",
        "--games",
        "40",
        "--seed",
        "1",
        "--json",
    ])
    .ok();
    let json = r.json();
    assert_eq!(json["games"], 40, "{json}");
    let earned = markets_earned(&json);
    assert_eq!(earned.len(), 3, "{json}");
    assert!(earned.iter().all(|&e| e > 0.0), "{json}");
}

#[test]
fn compare_judges_the_markets_against_what_they_extend() {
    let r = run(&[
        "compare",
        "kingdomino-knights",
        &ruleset(),
        "--players",
        "2",
        "--games",
        "30",
        "--seed",
        "1",
        "--json",
    ])
    .ok();
    let json = r.json();
    let text = json.to_string();
    assert!(text.contains("markets"), "{text}");
}

/// The save files a `--save` run wrote, in name order.
fn saves(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("saves dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn bots_play_markets_and_their_games_save_replay_export_and_import() {
    let dir = temp_dir("bots");
    let r = run(&[
        "simulate".as_ref(),
        ruleset().as_ref(),
        "--bots".as_ref(),
        "greedy,mcts:40".as_ref(),
        "--games".as_ref(),
        "2".as_ref(),
        "--seed".as_ref(),
        "3".as_ref(),
        "--jobs".as_ref(),
        "1".as_ref(),
        "--json".as_ref(),
        "--save".as_ref(),
        dir.as_os_str(),
    ])
    .ok();
    let json = r.json();
    let earned = markets_earned(&json);
    assert!(
        earned.iter().all(|&e| e > 0.0),
        "both bots buy stalls: {json}"
    );
    let files = saves(&dir);
    assert_eq!(files.len(), 2, "{files:?}");
    let save = &files[0];

    // The save records the stalls as actions, and replays to the result it records.
    let text = std::fs::read_to_string(save).expect("save");
    assert!(text.contains(r#""action":"stall""#), "{text}");
    let replay = run(&["replay".as_ref(), save.as_os_str()]).ok();
    // Each stall in the module's words, on the kingdoms (`$`) and in the final breakdown.
    let out = &replay.stdout;
    assert!(
        out.contains(" plays stall@") && out.contains(": Put a stall on "),
        "{out}"
    );
    assert!(out.contains('$'), "{out}");
    assert!(out.contains("    stall on "), "{out}");

    // The notation writes them `stall@X,Y`, and reads them back into the same game.
    let cgn = dir.join("game.cgn");
    run(&[
        "export".as_ref(),
        save.as_os_str(),
        "-o".as_ref(),
        cgn.as_os_str(),
    ])
    .ok();
    let notation = std::fs::read_to_string(&cgn).expect("notation");
    assert!(notation.contains(" stall@"), "{notation}");
    // The binary ships `markets` by name: the notation names it rather than embedding it.
    assert!(notation.contains("[Ruleset \"markets\"]"), "{notation}");
    assert!(!notation.lines().any(|l| l.starts_with('%')), "{notation}");
    let back = dir.join("back.json");
    run(&[
        "import".as_ref(),
        cgn.as_os_str(),
        "-o".as_ref(),
        back.as_os_str(),
    ])
    .ok();
    let again = run(&["replay".as_ref(), back.as_os_str()]).ok();
    // The same game, move by move, to the same result (the first line names the file).
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert!(
        body(&again.stdout) == body(&replay.stdout),
        "{}",
        again.stdout
    );
}

/// One random 2-player game of the markets ruleset (seed 5) saved in a folder of its own
/// (`tag`): the folder and the save.
fn one_saved_game(tag: &str) -> (TempDir, PathBuf) {
    let dir = temp_dir(tag);
    run(&[
        "simulate".as_ref(),
        ruleset().as_ref(),
        "--players".as_ref(),
        "2".as_ref(),
        "--games".as_ref(),
        "1".as_ref(),
        "--seed".as_ref(),
        "5".as_ref(),
        "--save".as_ref(),
        dir.as_os_str(),
    ])
    .ok();
    let save = saves(&dir).remove(0);
    (dir, save)
}

#[test]
fn a_stall_where_none_may_go_is_refused_with_the_reason() {
    let (dir, save) = one_saved_game("bad");
    let cgn = dir.join("game.cgn");
    run(&[
        "export".as_ref(),
        save.as_os_str(),
        "-o".as_ref(),
        cgn.as_os_str(),
    ])
    .ok();
    // The first stall of the game, moved to a square that names no territory.
    let notation = std::fs::read_to_string(&cgn).expect("notation");
    let at = notation.find(" stall@").expect("a stall in the game") + 1;
    let end = at + notation[at..].find([' ', '\n']).expect("token ends");
    let tampered = format!("{}stall@9,9{}", &notation[..at], &notation[end..]);
    let bad = dir.join("bad.cgn");
    std::fs::write(&bad, tampered).expect("write");
    let r = run(&[
        "import".as_ref(),
        bad.as_os_str(),
        "-o".as_ref(),
        dir.join("out.json").as_os_str(),
    ])
    .fails();
    assert!(r.stderr.contains("stall@9,9"), "{}", r.stderr);
}

/// An error that says what to type names this binary, as its help does (`crownlands replay`
/// in a message of `crownlands-markets` was a command the user may not have).
#[test]
fn an_error_names_the_command_to_type_by_this_binarys_name() {
    let (_dir, save) = one_saved_game("named");
    let r = run(&["merge".as_ref(), save.as_os_str()]).fails();
    assert!(
        r.stderr
            .contains("`crownlands-markets replay FILE` replays it"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("`crownlands "), "{}", r.stderr);
}

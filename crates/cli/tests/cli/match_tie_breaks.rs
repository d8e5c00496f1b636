//! `match-tie-breaks` (docs/house-rules/dynasty-tie-break.toml) through the binary: `simulate`
//! saves matches whose tied totals a match tie-break decided with one winner, and `replay`
//! says what decided them.

use super::{TempDir, run};
use serde_json::Value;
use std::path::Path;

fn house_rule() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/dynasty-tie-break.toml")
        .display()
        .to_string()
}

#[test]
fn a_tied_match_is_decided_by_the_match_tie_breaks_in_the_save_and_the_replay() {
    let dir = TempDir::new("match-tie-breaks");
    let v = run(&[
        "simulate",
        &house_rule(),
        "-p",
        "2",
        "-g",
        "300",
        "--seed",
        "4",
        "--save",
        &dir.arg(),
        "--json",
    ])
    .ok()
    .json();
    let files = v["saved"]["files"].as_array().expect("files");
    assert_eq!(files.len(), 300);
    // A match tied on the totals: one winner (the rule decided it), or both (still tied).
    let tied: Vec<&Value> = files
        .iter()
        .filter(|f| f["totals"][0] == f["totals"][1])
        .collect();
    let decided = tied
        .iter()
        .find(|f| f["winners"].as_array().map(Vec::len) == Some(1))
        .unwrap_or_else(|| panic!("no tied match decided among {} tied", tied.len()));
    let file = decided["file"].as_str().expect("a file");
    let text = run(&["replay", file]).ok().stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("Match of 3 games: totals "))
        .unwrap_or_else(|| panic!("a match line:\n{text}"));
    assert!(
        line.contains(" wins on the match tie-break most-games-won (tied on the totals)")
            || line.contains(" wins on the match tie-break best-game (tied on the totals)"),
        "{line}"
    );
    let json = run(&["replay", file, "--json"]).ok().json();
    assert_eq!(json["result"]["winners"], decided["winners"]);
}

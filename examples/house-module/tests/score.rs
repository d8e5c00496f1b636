//! `crownlands-markets score`: kingdom files with stalls (`$` after a square).

mod common;

use common::*;

/// Wheat of 4 squares with a stall, forest of 3 with a stall, a lake of 2, and 4 coins.
const SIDE: &str = "# a markets side
W  W$ W  F
.  C  F  F$
.  L  L  W
@coins 4
";

fn score(file: &std::path::Path, json: bool) -> Run {
    let ruleset = markets_toml();
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "score".as_ref(),
        file.as_os_str(),
        "--ruleset".as_ref(),
        ruleset.as_os_str(),
    ];
    if json {
        args.push("--json".as_ref());
    }
    run(&args)
}

#[test]
fn each_stall_scores_its_territory_in_the_breakdown() {
    let file = temp_file("side.txt", SIDE);
    let r = score(&file, false).ok();
    let text = &r.stdout;
    for line in [
        "stall on wheat at 0,-1 (3 squares)",
        "stall on forest at 2,0 (3 squares)",
        "4 coins (3 a point)",
        "Total: 7",
    ] {
        assert!(text.contains(line), "{line} missing:\n{text}");
    }
    let json = score(&file, true).ok().json();
    assert_eq!(json["bonuses"]["markets"], 6, "{json}");
    assert_eq!(json["total"], 7, "{json}");
}

#[test]
fn a_territory_grown_or_joined_scores_for_every_stall_in_it() {
    // One wheat territory of 7 squares holding two stalls: bought on two fields of 3 squares
    // each, which a wheat square between them joined.
    let file = temp_file("joined.txt", "W$ W  W\n.  C  W\nW$ W  W\n");
    let json = score(&file, true).ok().json();
    assert_eq!(json["bonuses"]["markets"], 14, "{json}");
}

#[test]
fn stalls_no_game_can_leave_are_refused() {
    // A stall on a territory smaller than the 3 squares it needs.
    let file = temp_file("small.txt", "W$ F  F\n.  C  F\n");
    let r = score(&file, false).fails();
    assert!(
        r.stderr.contains(
            "small.txt:1:1: a stall needs a territory of 3 squares or more; this wheat territory has 1 square"
        ),
        "{}",
        r.stderr
    );
    // Two stalls on one territory of 3: each was bought on 3 squares of its own.
    let file = temp_file("two.txt", "W$ W$ W\n.  C  .\n");
    let r = score(&file, false).fails();
    assert!(
        r.stderr.contains(
            "two.txt:1:4: 2 stalls on one wheat territory of 3 squares: each was bought on a territory of 3 squares or more of its own, so they need 6 or more"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_stalls_are_reported_where_they_are_written() {
    let file = temp_file("bad.txt", "W$ W$ W$ F$$\n.  C  F  F$\n");
    let r = score(&file, false).fails();
    assert!(
        r.stderr
            .contains("bad.txt:1:10: 2 stalls on one square in `F$$`; a square holds one"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("bad.txt:2:10: a side has 3 stalls at most; `F$` is one more"),
        "{}",
        r.stderr
    );
}

/// The build's own ruleset named where a kingdom file goes (`score markets side.txt`, as
/// `play markets` takes it) says to give it with `--ruleset`, as a shipped ruleset's name does.
#[test]
fn the_build_s_ruleset_named_as_a_file_says_how_to_give_it() {
    let file = temp_file("side.txt", SIDE);
    let r = run(&["score".as_ref(), "markets".as_ref(), file.as_os_str()]).fails();
    assert!(
        r.stderr.contains(
            "markets: cannot read the kingdom file: there is no such file; `markets` is a \
             ruleset: `--ruleset markets` scores kingdom files under it"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn the_shipped_rulesets_do_not_read_stalls() {
    // Under a ruleset without markets, `$` is no one's mark.
    let file = temp_file("side.txt", SIDE);
    let r = run(&[
        "score".as_ref(),
        file.as_os_str(),
        "--ruleset".as_ref(),
        "kingdomino-knights".as_ref(),
    ])
    .fails();
    assert!(
        r.stderr.contains("side.txt:2:4: unexpected `$` in `W$`"),
        "{}",
        r.stderr
    );
}

#[test]
fn kingdoms_tied_on_score_are_parted_by_their_stalls() {
    // 3 points each and a largest territory of 3: the stall's wheat field against a crowned
    // forest. markets.toml breaks the tie on the most stalls, a resource `markets` keeps.
    let stall = temp_file("stall.txt", "W$ W  W\n.  C  .\n");
    let crown = temp_file("crown.txt", "F1 F  F\n.  C  .\n");
    let ruleset = markets_toml();
    let r = run(&[
        "score".as_ref(),
        crown.as_os_str(),
        stall.as_os_str(),
        "--ruleset".as_ref(),
        ruleset.as_os_str(),
    ])
    .ok();
    let text = &r.stdout;
    assert!(
        text.contains("ties broken by largest-territory, then most-stalls"),
        "{text}"
    );
    assert!(text.contains("largest territory 3, stalls 1"), "{text}");
    assert!(text.contains("largest territory 3, stalls 0"), "{text}");
    assert!(
        text.contains("Tied on score, decided by most-stalls."),
        "{text}"
    );
}

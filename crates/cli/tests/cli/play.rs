//! `crownlands play` before the terminal: the options it refuses (the screen itself is tested in
//! crates/tui and, in tmux, in tmux_smoke.rs).

use crate::run;

#[test]
fn a_pace_out_of_0_to_3000_ms_is_refused_before_the_terminal() {
    // A whole number out of the range: the command's error, with the range.
    for pace in ["18446744073709551615", "3001"] {
        let arg = format!("--pace={pace}");
        let r = run(&["play", "--players", "greedy,greedy", &arg]).expect_code(1);
        assert!(
            r.stderr
                .contains("the pace is a whole number of milliseconds from 0 to 3000 (3 s)"),
            "--pace {pace}: {}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "nothing drawn: {}", r.stdout);
    }
    // No whole number: the command line does not parse.
    for pace in ["-1", "1.5", "NaN", "inf", "", "600ms"] {
        let arg = format!("--pace={pace}");
        let r = run(&["play", "--players", "greedy,greedy", &arg]).expect_code(2);
        assert!(r.stderr.contains("--pace"), "{}", r.stderr);
        assert!(
            r.stderr.contains("not a whole number") || r.stderr.contains("a negative number"),
            "--pace {pace}: {}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "nothing drawn: {}", r.stdout);
    }
}

#[test]
fn without_a_terminal_play_says_it_needs_one() {
    // The test's standard input and output are pipes.
    let r = run(&["play", "--players", "greedy,greedy"]).expect_code(1);
    assert!(
        r.stderr.contains("crownlands play needs a terminal"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "nothing drawn: {}", r.stdout);
}

#[test]
fn a_ruleset_with_problems_says_each_as_an_error_before_the_terminal() {
    let file = crate::TempFile::new(
        "bad",
        "toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-siz = 6\nline-size = \"x\"\n",
    );
    let r = run(&["play", &file.arg()]).expect_code(1);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.stderr);
    for l in lines {
        assert!(
            l.starts_with("error: "),
            "as validate prints them: {}",
            r.stderr
        );
    }
    assert!(r.stdout.is_empty(), "nothing drawn: {}", r.stdout);
}

#[test]
fn a_conflict_of_play_arguments_shows_both_ways_to_start() {
    // clap's own usage line named only one side of the conflict (`crownlands play <RULESET>`).
    let r = run(&["play", "kingdomino", "--load", "x.json"]).expect_code(2);
    assert!(
        r.stderr
            .contains("crownlands play [RULESET] [--players LIST]")
            && r.stderr.contains("crownlands play --load SAVE"),
        "{}",
        r.stderr
    );
}

#[test]
fn an_unknown_bot_names_the_option() {
    let r = run(&["play", "--players", "you,wizard"]).expect_code(1);
    assert!(
        r.stderr.contains("error: --players: unknown bot `wizard`"),
        "{}",
        r.stderr
    );
    let r = run(&["play", "--players", "you,,greedy"]).expect_code(1);
    assert!(
        r.stderr
            .contains("a bot's name is missing in `you,,greedy` (an empty entry)"),
        "{}",
        r.stderr
    );
    let r = run(&["play", "--players", "4"]).expect_code(1);
    assert!(
        r.stderr
            .contains("error: --players: `4`: play names who sits at each seat"),
        "{}",
        r.stderr
    );
}

//! `crownlands play` before the terminal: the options it refuses (the screen itself is tested in
//! crates/tui and, in tmux, in tmux_smoke.rs).

use crate::run;

#[test]
fn a_pace_out_of_0_to_3000_ms_is_refused_before_the_terminal() {
    for pace in [
        "18446744073709551615",
        "3001",
        "-1",
        "1.5",
        "NaN",
        "inf",
        "",
        "600ms",
    ] {
        let arg = format!("--pace={pace}");
        let r = run(&["play", "--players", "greedy,greedy", &arg]).expect_code(2);
        assert!(
            r.stderr
                .contains("the pace is a whole number of milliseconds from 0 to 3000 (3 s)"),
            "--pace {pace}: {}",
            r.stderr
        );
        assert!(r.stderr.contains("--pace"), "{}", r.stderr);
        assert!(r.stdout.is_empty(), "nothing drawn: {}", r.stdout);
    }
}

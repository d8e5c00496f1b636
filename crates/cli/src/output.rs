//! Small helpers shared by the commands' text output.

use crownlands_core::{Domino, Ruleset, ScoreBreakdown, Square};
use std::io::Write;

/// Print a line to standard output. When the reader has gone away (`crownlands ... | head`), stop
/// at once with [`BROKEN_PIPE_EXIT`]: the output was cut, which is not success; other write errors
/// end the command with a message.
macro_rules! say {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::write_out(format_args!("{}\n", format_args!($($t)*))) };
}
pub(crate) use say;

/// Print a line to standard error, never panicking: when standard error cannot be written
/// (`2>/dev/full`), the line is lost but the command goes on to its exit code. Control characters
/// other than new lines are shown escaped (messages quote names and keys from files).
macro_rules! say_err {
    ($($t:tt)*) => { $crate::output::write_err(&format!($($t)*)) };
}
pub(crate) use say_err;

/// The exit code when standard output is a pipe whose reader has gone: as a shell reports a
/// command killed by SIGPIPE (128 + 13).
pub const BROKEN_PIPE_EXIT: i32 = 141;

pub fn write_out(args: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(BROKEN_PIPE_EXIT);
        }
        write_err(&format!("error: cannot write to standard output: {e}"));
        std::process::exit(1);
    }
}

/// Write `text` and a new line to standard error, ignoring write errors (see [`say_err!`]).
pub fn write_err(text: &str) {
    let text = crownlands_core::text::escape_controls_but_newlines(text);
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}").and_then(|()| err.flush());
}

pub fn square_text(ruleset: &Ruleset, sq: Square) -> String {
    let name = &ruleset.terrain(sq.terrain).name;
    match sq.crowns {
        0 => name.clone(),
        1 => format!("{name} (1 crown)"),
        n => format!("{name} ({n} crowns)"),
    }
}

pub fn domino_text(ruleset: &Ruleset, d: &Domino) -> String {
    format!(
        "{} | {}",
        square_text(ruleset, d.first),
        square_text(ruleset, d.second)
    )
}

/// A JSON number for a float, rounded for reading.
pub fn round(x: f64, places: i32) -> f64 {
    let p = 10f64.powi(places);
    (x * p).round() / p
}

/// One line of a score breakdown: what scores, how the points come about, the points.
pub type ScoreRow = (String, String, String);

/// A breakdown's territories as rows (`forest  7 squares x 3 crowns`, `21`).
pub fn territory_rows(ruleset: &Ruleset, score: &ScoreBreakdown) -> Vec<ScoreRow> {
    score
        .territories
        .iter()
        .map(|t| {
            let squares = if t.squares == 1 { "square" } else { "squares" };
            let crowns = if t.crowns == 1 { "crown" } else { "crowns" };
            (
                ruleset.terrain(t.terrain).name.clone(),
                format!("{:>2} {squares} x {} {crowns}", t.squares, t.crowns),
                t.points.to_string(),
            )
        })
        .collect()
}

/// Bonus points with their sign (`+5`, `-2`).
pub fn signed(points: i32) -> String {
    if points < 0 {
        points.to_string()
    } else {
        format!("+{points}")
    }
}

/// Print rows in aligned columns (`label  detail = points`), each line after `indent`.
pub fn print_rows(rows: &[ScoreRow], indent: &str) {
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let w2 = rows
        .iter()
        .map(|r| r.2.chars().count())
        .max()
        .unwrap_or(0)
        .max(3);
    for (label, detail, points) in rows {
        say!("{indent}{label:w0$}  {detail:w1$} = {points:>w2$}");
    }
}

//! Small helpers shared by the commands' text output.

use crownlands_core::{Domino, Ruleset, Square};
use std::io::Write;

/// Print a line to standard output. When the reader has gone away (`crownlands ... | head`), stop
/// quietly instead of panicking; other write errors end the command with a message.
macro_rules! say {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::write_out(format_args!("{}\n", format_args!($($t)*))) };
}
pub(crate) use say;

pub fn write_out(args: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
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

//! `crownlands play`: the terminal UI (crate `crownlands-tui`).

use crate::errors::{CliError, CliResult};
use crownlands_core::Registry;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    registry: &Registry,
    ruleset: Option<String>,
    players: Option<String>,
    seed: Option<u64>,
    load: Option<PathBuf>,
    pace: Option<u64>,
    no_autosave: bool,
) -> CliResult<ExitCode> {
    let options = crownlands_tui::PlayOptions {
        ruleset,
        players,
        seed,
        load,
        pace_ms: pace,
        no_autosave,
        registry: registry.clone(),
    };
    crownlands_tui::run(options).map_err(|m| CliError::Message(each_line_an_error(&m)))?;
    Ok(ExitCode::SUCCESS)
}

/// A ruleset's problems come one a line: each says `error:` as the other commands print them
/// (the message's first line gets it from [`CliError`]; `... and N more problems` does not).
fn each_line_an_error(message: &str) -> String {
    message
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 || l.starts_with("... ") || l.starts_with(char::is_whitespace) {
                l.to_string()
            } else {
                format!("error: {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

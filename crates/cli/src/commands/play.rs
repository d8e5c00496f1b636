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
    // A ruleset's problems are said before the terminal changes, as `validate` says them.
    crownlands_tui::run(options).map_err(|e| match e {
        crownlands_tui::PlayError::Ruleset(d) => CliError::Diagnostics(d),
        crownlands_tui::PlayError::Message(m) => CliError::Message(m),
    })?;
    Ok(ExitCode::SUCCESS)
}

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
    // A ruleset's problems are said before the terminal changes, as `validate` says them.
    if let Some(name) = &ruleset {
        super::load_ruleset(registry, name)?;
    }
    let options = crownlands_tui::PlayOptions {
        ruleset,
        players,
        seed,
        load,
        pace_ms: pace,
        no_autosave,
        registry: registry.clone(),
    };
    crownlands_tui::run(options).map_err(CliError::Message)?;
    Ok(ExitCode::SUCCESS)
}

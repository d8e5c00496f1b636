//! `crownlands export SAVE [-o FILE] [--embed-ruleset]`: a save in the game notation.

use crate::errors::{CliError, CliResult};
use crate::output::say;
use crownlands_core::Registry;
use crownlands_saves::notation::{self, ExportOptions};
use crownlands_saves::{OutputKind, check_output, read_save, write_output};
use std::path::Path;
use std::process::ExitCode;

pub fn run(
    registry: &Registry,
    save: &Path,
    output: Option<&Path>,
    force: bool,
    embed_ruleset: bool,
) -> CliResult<ExitCode> {
    let err = |e: crownlands_saves::SaveError| CliError::Message(e.to_string());
    if let Some(path) = output {
        check_output(save, path, force, OutputKind::Notation).map_err(err)?;
    }
    let session = read_save(registry, save).map_err(err)?;
    let text =
        notation::export_with(registry, &session, ExportOptions { embed_ruleset }).map_err(err)?;
    match output {
        Some(path) => {
            write_output(path, text.as_bytes(), force, OutputKind::Notation).map_err(err)?;
            let actions: usize = session.actions().iter().map(Vec::len).sum();
            say!(
                "{}: {actions} actions written",
                crate::output::shown_path(path)
            );
        }
        // As the file would hold it: it reads back whatever its names (`> game.cgn`).
        None => crate::output::write_data(format_args!("{}\n", text.trim_end())),
    }
    Ok(ExitCode::SUCCESS)
}

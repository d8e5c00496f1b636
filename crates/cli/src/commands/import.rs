//! `crownlands import NOTATION -o SAVE`: a game in the notation, replayed and written as a save.

use crate::errors::{CliError, CliResult};
use crate::output::{say, say_err};
use crownlands_core::Registry;
use crownlands_saves::{GameStatus, OutputKind, check_output, notation, read_text, write_output};
use std::path::Path;
use std::process::ExitCode;

pub fn run(
    registry: &Registry,
    input: &Path,
    output: &Path,
    force: bool,
    current_rules: bool,
) -> CliResult<ExitCode> {
    let err = |e: crownlands_saves::SaveError| CliError::Message(e.to_string());
    check_output(input, output, force, OutputKind::Save).map_err(err)?;
    let text = read_text(input).map_err(err)?;
    let (session, warnings) = notation::import_with_options(
        registry,
        &text,
        &input.display().to_string(),
        notation::ImportOptions { current_rules },
    )
    .map_err(err)?;
    for w in warnings {
        say_err!("warning: {w}");
    }
    let save = session.to_save();
    write_output(output, save.to_json().as_bytes(), force, OutputKind::Save).map_err(err)?;
    let actions = save.moves();
    let state = match save.games.last().map(|g| &g.status) {
        Some(GameStatus::Finished { .. }) if session.is_over() => {
            format!("finished: {}", notation::result_text(&session))
        }
        _ => "unfinished".to_string(),
    };
    let shown = crate::output::shown_path(output);
    say!(
        "{shown}: {} game{} of {} ({actions} actions, {state})",
        save.games.len(),
        if save.games.len() == 1 { "" } else { "s" },
        save.ruleset_name
    );
    // As `replay` says it: a name this build knows for other rules, or one that only reads as
    // a known one (`king\u{200d}domino`), is not taken for that ruleset.
    if let Some(note) = super::rules_note(registry, &save, &shown.to_string()) {
        say!("  ({note})");
    }
    Ok(ExitCode::SUCCESS)
}

//! The player count a command plays or reads a ruleset at.

use crate::errors::{CliError, CliResult};
use crownlands_core::{Rules, Ruleset};

/// The rules for `players`, or for the ruleset's smallest player count.
pub fn rules_for(ruleset: &Ruleset, players: Option<u8>) -> CliResult<(u8, &Rules)> {
    let n = players.unwrap_or_else(|| ruleset.min_players());
    match ruleset.rules_for(n) {
        Some(r) => Ok((n, r)),
        None => Err(CliError::Message(format!(
            "ruleset {} does not allow {} (it allows {})",
            ruleset.name(),
            crownlands_core::modules::describe::plural(n, "player", "players"),
            ruleset.allowed_counts()
        ))),
    }
}

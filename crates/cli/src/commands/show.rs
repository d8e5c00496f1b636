//! `crownlands show RULESET [--players N]`

use super::{load_ruleset, rules_for};
use crate::errors::CliResult;
use crownlands_core::Registry;
use std::process::ExitCode;

pub fn run(registry: &Registry, name: &str, players: Option<u8>) -> CliResult<ExitCode> {
    let ruleset = load_ruleset(registry, name)?;
    if let Some(n) = players {
        rules_for(&ruleset, Some(n))?;
    }
    crate::output::write_out(format_args!(
        "{}",
        crownlands_rules::to_toml(&ruleset, players)
    ));
    Ok(ExitCode::SUCCESS)
}

//! `crownlands schema [ruleset|set]`

use crate::cli::SchemaKind;
use crate::errors::CliResult;
use crate::output::say;
use std::process::ExitCode;

pub fn run(kind: SchemaKind) -> CliResult<ExitCode> {
    let schema = match kind {
        SchemaKind::Ruleset => crownlands_rules::ruleset_schema(),
        SchemaKind::Set => crownlands_rules::set_schema(),
    };
    say!("{schema}");
    Ok(ExitCode::SUCCESS)
}

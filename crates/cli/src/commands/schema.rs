//! `crownlands schema [ruleset|set]`

use crate::cli::SchemaKind;
use crate::errors::CliResult;
use crate::output::say;
use crownlands_core::Registry;
use std::process::ExitCode;

/// The ruleset schema describes the parameters of every module `registry` knows.
pub fn run(registry: &Registry, kind: SchemaKind) -> CliResult<ExitCode> {
    let schema = match kind {
        SchemaKind::Ruleset => crownlands_rules::ruleset_schema_with(registry),
        SchemaKind::Set => crownlands_rules::set_schema_with(registry),
    };
    say!("{schema}");
    Ok(ExitCode::SUCCESS)
}

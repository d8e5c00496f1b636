//! `crownlands rulesets`: the shipped rulesets, then the shipped component sets (which a
//! ruleset's `sets` and `add-sets` name by their bare names).

use crate::errors::CliResult;
use crate::output::say;
use std::process::ExitCode;

pub fn run(registry: &crownlands_core::Registry) -> CliResult<ExitCode> {
    // The shipped rulesets, and those this binary's own crate ships with its modules.
    let shipped = crownlands_rules::rulesets(registry);
    let sets = crownlands_rules::shipped_sets();
    let width = shipped
        .iter()
        .chain(&sets)
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0);
    for r in shipped {
        say!("{:width$}  {}", r.name, r.description);
    }
    say!("");
    say!("Component sets (for `sets` and `add-sets` in a ruleset file):");
    for s in sets {
        say!("{:width$}  {}", s.name, s.description);
    }
    Ok(ExitCode::SUCCESS)
}

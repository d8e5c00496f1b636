//! `crownlands rulesets`

use crate::errors::CliResult;
use crate::output::say;
use std::process::ExitCode;

pub fn run() -> CliResult<ExitCode> {
    let shipped = crownlands_rules::shipped();
    let width = shipped.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in shipped {
        say!("{:width$}  {}", r.name, r.description);
    }
    Ok(ExitCode::SUCCESS)
}

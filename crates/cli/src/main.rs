//! `crownlands`: validate rulesets, score kingdoms, list placements and simulate games, with the
//! shipped modules.

use crownlands_core::Registry;
use std::process::ExitCode;

fn main() -> ExitCode {
    crownlands_cli::run(Registry::shipped())
}

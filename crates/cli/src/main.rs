//! `crownlands`: validate rulesets, score kingdoms, list placements and simulate games.

mod cli;
mod commands;
mod errors;
mod lab;
mod output;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            output::write_err(&e.to_string());
            ExitCode::from(e.exit_code())
        }
    }
}

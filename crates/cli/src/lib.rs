//! The `crownlands` command as a library: [`run`] parses the command line and runs it with the
//! modules of a [`Registry`]. The shipped binary passes [`Registry::shipped`]; a crate that adds
//! modules of its own builds its own `crownlands` by passing a registry holding them too (the
//! workspace's `examples/house-module` is one such crate):
//!
//! ```no_run
//! fn main() -> std::process::ExitCode {
//!     let registry = crownlands_core::Registry::shipped();
//!     // registry.add_module("my-module", |spec| ...);
//!     crownlands_cli::run(registry)
//! }
//! ```

mod cli;
mod commands;
mod errors;
mod lab;
mod output;

use clap::Parser;
use crownlands_core::Registry;
use std::process::ExitCode;

/// Parse the command line and run the command, with the modules of `registry`; the exit code
/// says how it went (an error is written to standard error).
pub fn run(registry: Registry) -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(&registry, cli.command) {
        Ok(code) => code,
        Err(e) => {
            output::write_err(&e.to_string());
            ExitCode::from(e.exit_code())
        }
    }
}

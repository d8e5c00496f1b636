//! `crownlands-markets`: the `crownlands` command with one more module, `markets`.

use std::process::ExitCode;

fn main() -> ExitCode {
    crownlands_cli::run(crownlands_house_module::registry())
}

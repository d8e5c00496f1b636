//! The `crownlands` command as a library: [`run`] parses the command line and runs it with the
//! modules of a [`Registry`]. The shipped binary passes [`Registry::shipped`]; a crate that adds
//! modules of its own builds its own `crownlands` by passing a registry holding them too (the
//! workspace's `examples/house-module` is one such crate):
//!
//! ```no_run
//! fn main() -> std::process::ExitCode {
//!     let registry = crownlands_core::Registry::shipped();
//!     // registry.add_mechanism::<MyModule>();
//!     // registry.add_ruleset("my-rule", include_str!("../my-rule.toml"));
//!     crownlands_cli::run(registry)
//! }
//! ```

mod cli;
mod commands;
mod errors;
mod lab;
mod output;
mod players;

use clap::{CommandFactory, FromArgMatches};
use crownlands_core::Registry;
use std::process::ExitCode;

/// Parse the command line and run the command, with the modules of `registry`; the exit code
/// says how it went (an error is written to standard error).
pub fn run(registry: Registry) -> ExitCode {
    if let Some(problem) = registry_problem(&registry) {
        output::write_err(&problem);
        return ExitCode::from(2);
    }
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // An argument holding control characters (or a stack of marks on one letter, which would
    // be drawn over the lines around) may come back in a usage error: the error is then made
    // without styles, so that its text is the arguments as given, and written escaped.
    let controls = args.iter().any(|a| {
        let mut run = 0;
        a.to_string_lossy().chars().any(|c| {
            crownlands_core::text::is_unsafe_char(c) || crownlands_core::text::stacked(c, &mut run)
        })
    });
    let cli = match parse(args, controls) {
        Ok(cli) => cli,
        Err(e) => return parse_failed(&e, controls),
    };
    match commands::run(&registry, cli.command) {
        Ok(code) => code,
        Err(e) => {
            output::write_err(&named_in_message(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}

/// An error's words with a command to type (`` `crownlands replay FILE` ``) naming the program
/// as it was run (a crate's own build with its modules, a copy under another name), as
/// its help does.
fn named_in_message(message: &str) -> String {
    let program = crownlands_saves::words::program_name();
    if program == "crownlands" {
        return message.to_string();
    }
    message.replace("`crownlands ", &format!("`{program} "))
}

/// A ruleset registered under a shipped ruleset's name would never be loaded (the name means
/// the shipped one everywhere): the build's own mistake, said before anything runs.
fn registry_problem(registry: &Registry) -> Option<String> {
    let shadowed: Vec<String> = registry
        .ruleset_names()
        .into_iter()
        .filter(|n| crownlands_rules::is_shipped_name(n))
        .map(|n| format!("`{n}`"))
        .collect();
    (!shadowed.is_empty()).then(|| {
        format!(
            "error: this build registers {} under the name of a ruleset Crownlands ships, which \
             always means the shipped one: give it a name of its own (`Registry::add_ruleset`)",
            shadowed.join(", ")
        )
    })
}

/// The command line, read with the help's prose naming the binary run (`crownlands-orchards
/// rulesets` in a house module's own binary, where the usage lines name it too).
/// With `plain`, the command's texts have no styles (see [`run`]).
fn parse(args: Vec<std::ffi::OsString>, plain: bool) -> Result<cli::Cli, clap::Error> {
    let mut command = named_in_help(
        cli::Cli::command(),
        &crownlands_saves::words::program_name(),
    );
    if plain {
        command = command.styles(clap::builder::Styles::plain());
    }
    let matches = command.try_get_matches_from_mut(args)?;
    cli::Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

/// `command` with every help text saying `` `crownlands `` (a command to type) saying
/// `` `PROGRAM `` instead, through its subcommands.
fn named_in_help(command: clap::Command, program: &str) -> clap::Command {
    if program == "crownlands" {
        return command;
    }
    let say = |s: &clap::builder::StyledStr| {
        s.to_string()
            .replace("`crownlands ", &format!("`{program} "))
    };
    let mut command = command.mut_args(|a| {
        let a = match a.get_help().map(say) {
            Some(h) => a.help(h),
            None => a,
        };
        match a.get_long_help().map(say) {
            Some(h) => a.long_help(h),
            None => a,
        }
    });
    if let Some(s) = command.get_about().map(say) {
        command = command.about(s);
    }
    if let Some(s) = command.get_long_about().map(say) {
        command = command.long_about(s);
    }
    if let Some(s) = command.get_after_help().map(say) {
        command = command.after_help(s);
    }
    if let Some(s) = command.get_after_long_help().map(say) {
        command = command.after_long_help(s);
    }
    // `play`'s usage lines, written by hand (they start with the program's name, unquoted).
    if let Some(s) = command.get_overridden_usage() {
        let usage = s.to_string().replace("crownlands ", &format!("{program} "));
        command = command.override_usage(usage);
    }
    command.mut_subcommands(|sub| named_in_help(sub, program))
}

/// The command line asked for the help or the version, or could not be parsed: clap's text (to
/// standard output for the help and the version, standard error otherwise) and its exit code,
/// unless the help could not be written (`crownlands --help >/dev/full`): it was not shown, so
/// that is no success.
///
/// With `controls` (an argument holds control characters, and the error was made without
/// styles), a usage error is written with its control characters escaped, as every other
/// message is: `--games $'1\e[2J'` must not clear the terminal.
fn parse_failed(e: &clap::Error, controls: bool) -> ExitCode {
    let code = e.exit_code();
    if controls && code != 0 {
        output::write_err(e.render().ansi().to_string().trim_end());
        return ExitCode::from(u8::try_from(code).unwrap_or(2));
    }
    match e.print() {
        Err(io) if code == 0 && io.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(u8::try_from(output::BROKEN_PIPE_EXIT).unwrap_or(1))
        }
        Err(io) if code == 0 => {
            output::write_err(&format!("error: cannot write to standard output: {io}"));
            ExitCode::FAILURE
        }
        // Shown; or a usage error that could not be written to standard error, whose code
        // still says so.
        _ => ExitCode::from(u8::try_from(code).unwrap_or(2)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_ruleset_registered_under_a_shipped_name_stops_the_program() {
        let mut r = crownlands_core::Registry::shipped();
        assert_eq!(super::registry_problem(&r), None);
        r.add_ruleset("tiny", "extends = \"kingdomino\"\n");
        assert_eq!(super::registry_problem(&r), None);
        r.add_ruleset("kingdomino", "extends = \"kingdomino\"\n");
        let p = super::registry_problem(&r).expect("refused");
        assert!(p.contains("registers `kingdomino` under the name of a ruleset Crownlands ships"));
    }
}

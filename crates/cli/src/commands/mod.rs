//! One module per subcommand.

pub(crate) mod analyse;
mod compare;
mod export;
mod import;
mod merge;
mod placements;
mod play;
mod replay;
mod rulesets;
mod schema;
mod score;
mod show;
pub(crate) mod simulate;
mod sweep;
mod validate;

use crate::cli::Command;
use crate::errors::{CliError, CliResult};
use crownlands_core::{Kingdom, Registry, Ruleset};
use std::path::Path;
use std::process::ExitCode;

/// Run one command; rulesets and saves may name the modules of `registry`.
pub fn run(registry: &Registry, command: Command) -> CliResult<ExitCode> {
    match command {
        Command::Play {
            ruleset,
            players,
            seed,
            load,
            pace,
            no_autosave,
        } => play::run(registry, ruleset, players, seed, load, pace, no_autosave),
        Command::Rulesets => rulesets::run(registry),
        Command::Validate {
            files,
            deny_warnings,
        } => validate::run(registry, &files, deny_warnings),
        Command::Score {
            kingdoms,
            ruleset,
            players,
            json,
        } => score::run(registry, &kingdoms, &ruleset, player_count(players)?, json),
        Command::Placements {
            kingdom,
            domino,
            ruleset,
            players,
            json,
        } => placements::run(
            registry,
            &kingdom,
            &domino,
            &ruleset,
            player_count(players)?,
            json,
        ),
        Command::Simulate {
            ruleset,
            lab,
            save,
            dominoes,
        } => simulate::run(
            registry,
            &ruleset,
            player_count(lab.run.players)?,
            lab.run.bots.as_deref(),
            &simulate::RunOptions {
                save: save.as_deref(),
                dominoes,
                ..options(&lab)
            },
        ),
        Command::Compare {
            a,
            b,
            lab,
            dominoes,
        } => compare::run(
            registry,
            &a,
            &b,
            player_count(lab.run.players)?,
            lab.run.bots.as_deref(),
            &simulate::RunOptions {
                dominoes,
                ..options(&lab)
            },
        ),
        Command::Sweep {
            ruleset,
            set,
            run,
            json,
        } => sweep::run(
            registry,
            &ruleset,
            &set,
            player_count(run.players)?,
            run.bots.as_deref(),
            &simulate::RunOptions {
                jobs: run.jobs,
                games: run.games,
                seed: run.seed,
                as_json: json,
                save: None,
                shard: None,
                report: None,
                force: false,
                dominoes: false,
            },
        ),
        Command::Merge {
            parts,
            json,
            report,
            force,
        } => merge::run(registry, &parts, json, report.as_deref(), force),
        Command::Show { ruleset, players } => show::run(registry, &ruleset, player_count(players)?),
        Command::Schema { kind } => schema::run(registry, kind),
        Command::Replay { save, step, json } => replay::run(registry, &save, step, json),
        Command::Export {
            save,
            output,
            force,
            embed_ruleset,
        } => export::run(registry, &save, output.as_deref(), force, embed_ruleset),
        Command::Import {
            notation,
            output,
            force,
            current_rules,
        } => import::run(registry, &notation, &output, force, current_rules),
        Command::Analyse {
            save,
            bot,
            samples,
            jobs,
            seed,
            json,
            max_decisions,
        } => analyse::run(
            registry,
            &save,
            &analyse::Options {
                bot: &bot,
                samples,
                jobs,
                seed,
                as_json: json,
                max_decisions,
            },
        ),
    }
}

/// A `--players` count as a seat count: a number past what any ruleset can seat is the
/// command's error (exit 1), like any other count the ruleset does not allow, not a command
/// line that does not parse.
fn player_count(players: Option<u64>) -> CliResult<Option<u8>> {
    players
        .map(|n| {
            u8::try_from(n).map_err(|_| {
                CliError::Message(format!(
                    "no ruleset allows {n} players (at most {})",
                    crownlands_core::ruleset::MAX_PLAYERS
                ))
            })
        })
        .transpose()
}

/// The options of `simulate` and `compare`.
fn options(lab: &crate::cli::LabArgs) -> simulate::RunOptions<'_> {
    simulate::RunOptions {
        jobs: lab.run.jobs,
        games: lab.run.games,
        seed: lab.run.seed,
        as_json: lab.json,
        save: None,
        shard: lab.shard.as_deref(),
        report: lab.report.as_deref(),
        force: lab.force,
        dominoes: false,
    }
}

/// Load a ruleset by shipped name or path.
pub fn load_ruleset(registry: &Registry, name_or_path: &str) -> CliResult<Ruleset> {
    Ok(crownlands_rules::load(registry, name_or_path)?)
}

/// [`load_ruleset`] for a study of the ruleset (`simulate`, `compare`), with its warnings, the
/// rules that can never work as written (a bonus no kingdom can earn, a module that never acts):
/// [`say_warnings`] says them once the player count is known.
pub fn load_ruleset_warned(
    registry: &Registry,
    name_or_path: &str,
) -> CliResult<(Ruleset, Vec<crownlands_rules::Diagnostic>)> {
    Ok(crownlands_rules::load_with_warnings(
        registry,
        name_or_path,
    )?)
}

/// The warnings of a ruleset studied at `players` players on standard error, first, as
/// `validate` gives them, so the figures that follow are read knowing: those that hold at that
/// count (one of 3 and 4 players says nothing of a run of 2).
/// The warnings said, in their words (an HTML report repeats them).
pub fn say_warnings(warnings: &[crownlands_rules::Diagnostic], players: u8) -> Vec<String> {
    let said: Vec<String> = warnings
        .iter()
        .filter(|w| w.holds_at(players))
        .map(ToString::to_string)
        .collect();
    for w in &said {
        crate::output::say_err!("warning: {w}");
    }
    said
}

/// Read a kingdom file's text (a regular file, of limited size; any problem reading it is an
/// error naming the file).
pub fn read_kingdom_text(registry: &crownlands_core::Registry, path: &Path) -> CliResult<String> {
    Ok(crownlands_rules::kingdom_file::read_with(registry, path)?)
}

/// Read and parse a kingdom file for a ruleset and grid size.
///
/// The marks and `@` lines of the rules' modules are read as `score` reads them (a knight, a
/// building, a module's own pieces), so any file `score` takes is taken here; only the kingdom is
/// kept.
pub fn read_kingdom(
    registry: &crownlands_core::Registry,
    path: &Path,
    ruleset: &Ruleset,
    rules: &crownlands_core::Rules,
) -> CliResult<Kingdom> {
    let text = read_kingdom_text(registry, path)?;
    let modules = crownlands_core::modules::build_all(registry, &rules.modules)
        .map_err(|e| CliError::Message(format!("ruleset {}: {e}", ruleset.name())))?;
    let (kingdom, _) = crownlands_rules::kingdom_file::parse_side(
        &text,
        &path.display().to_string(),
        ruleset,
        &modules,
        rules,
    )
    // A mark or `@` line of a module the ruleset lacks names the module, as `score` says it.
    .map_err(|e| score::with_readers(registry, ruleset, &modules, e.into()))?;
    Ok(kingdom)
}

/// Print JSON to standard output.
pub fn print_json(value: &impl serde::Serialize) {
    crate::output::write_json(value);
}

/// What a save's ruleset name does not say of its rules, where a name this build knows stands
/// for other rules (the file edited, or the ruleset changed since), or the name only reads as a
/// known one (`king\u{200d}domino`): `replay`'s and `analyse`'s note under their first line.
pub fn rules_note(
    registry: &crownlands_core::Registry,
    save: &crownlands_saves::Save,
    file: &str,
) -> Option<String> {
    let named = crownlands_saves::named_rules(registry, save, file)?;
    let known = &named.known;
    if !named.exact {
        Some(format!(
            "its ruleset's name reads as `{known}` but is not that name, as written `{}`{}; \
             its rules, kept in the save, are {}those of the ruleset `{known}` of this build",
            crownlands_core::text::reveal_invisible(&crownlands_core::text::excerpt(
                &save.ruleset_name
            )),
            named.letters,
            if named.same { "" } else { "not " }
        ))
    } else if !named.same {
        Some(format!(
            "its rules, kept in the save, are not those of the ruleset `{}` of this build: \
             `crownlands export` writes them out",
            crownlands_core::text::excerpt(&save.ruleset_name)
        ))
    } else {
        None
    }
}

//! `crownlands compare A B [--players N | --bots LIST] --games G --seed S [--jobs J] [--json]
//! [--report FILE.html] [--shard K/N]`: both rulesets played on the same seeds (common random
//! numbers: game `i` of A and game `i` of B are dealt from the same seed, with the same bots in
//! the same seats), and the difference B - A measured game by game, with paired 95% intervals.

use super::load_ruleset_warned;
use super::simulate::{RunOptions, finish, players_of, ruleset_id};
use crate::errors::{CliError, CliResult};
use crate::lab::table::Table;
use crate::lab::{self, Kind, RunSpec, runner};
use crownlands_core::Registry;
use std::process::ExitCode;
use std::sync::Arc;

pub fn run(
    registry: &Registry,
    a: &str,
    b: &str,
    players: Option<u8>,
    bots: Option<&str>,
    options: &RunOptions<'_>,
) -> CliResult<ExitCode> {
    let shard = options.check()?;
    if let Some(path) = options.report {
        let mut inputs = crownlands_rules::files_read(registry, a);
        inputs.extend(crownlands_rules::files_read(registry, b));
        inputs.extend([a.into(), b.into()]);
        crate::lab::report::check(path, &inputs, options.force)?;
    }
    // Both read before either's problems are said: two broken files are mended in one go. One
    // file given twice (`w.toml` and `./w.toml` too) is read once: its problems and warnings
    // said once.
    let file = |x: &str| !crownlands_rules::is_ruleset_name(registry, x);
    let same = a == b
        || (file(a)
            && file(b)
            && matches!(
                (std::fs::canonicalize(a), std::fs::canonicalize(b)),
                (Ok(x), Ok(y)) if x == y
            ));
    let ((ruleset_a, warned_a), (ruleset_b, warned_b)) = if same {
        let (ruleset, warned) = load_ruleset_warned(registry, a)?;
        ((ruleset.clone(), warned), (ruleset, Vec::new()))
    } else {
        match (
            load_ruleset_warned(registry, a),
            load_ruleset_warned(registry, b),
        ) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(CliError::Diagnostics(mut da)), Err(CliError::Diagnostics(db))) => {
                da.0.extend(db.0);
                return Err(CliError::Diagnostics(da));
            }
            (Err(e), _) | (_, Err(e)) => return Err(e),
        }
    };
    let rulesets = [Arc::new(ruleset_a), Arc::new(ruleset_b)];
    let who = players_of(players, bots, &[&rulesets[0], &rulesets[1]])?;
    let mut warned = super::say_warnings(&warned_a, who.count());
    warned.extend(super::say_warnings(&warned_b, who.count()));
    let table = |r: &Arc<crownlands_core::Ruleset>| -> CliResult<Table> {
        let t = Table::new(r.clone(), &who, options.seed)?;
        if options.dominoes {
            t.counting_dominoes()
        } else {
            Ok(t)
        }
    };
    let tables = [table(&rulesets[0])?, table(&rulesets[1])?];
    let spec = RunSpec {
        kind: Kind::Compare,
        rulesets: rulesets.iter().map(|r| ruleset_id(r)).collect(),
        players: who.count(),
        bots: who.bot_list(),
        games: options.games,
        seed: options.seed,
        dominoes: options.dominoes,
    };
    let range = options.range(shard);
    let (results, failure) = lab::play(
        spec,
        &tables,
        range.clone(),
        // Counted as the run counts them: matches where A plays matches.
        runner::threads(
            options.jobs,
            range.end - range.start,
            tables.first().is_some_and(|t| t.match_games > 1),
        ),
        None,
    )?;
    let code = finish(&results, shard.map(|s| (s, range)), options, None, &warned)?;
    // The figures of what was played are out: then the error that stopped the run.
    match failure {
        Some(e) => Err(e),
        None => Ok(code),
    }
}

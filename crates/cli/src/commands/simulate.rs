//! `crownlands simulate RULESET --players N --games G --seed S [--jobs J] [--json]`
//! `crownlands simulate RULESET --bots mcts,greedy,greedy,greedy --games G --seed S [--jobs J] [--json]`
//! `... [--shard K/N] [--report FILE.html] [--save DIR]`
//!
//! Game (or match) `i` is seeded `derive_seed(S, i)`. With `--players` alone every seat plays
//! uniformly random legal moves on the engine's fast path, drawn from one generator seeded from
//! the game's seed. With `--bots` the games are a tournament between bots (the
//! `crownlands-bots` crate), seats rotated, reported per bot as well as per seat. Either way the
//! games are played on every core ([`crate::lab`]), into exact tallies, so any `--jobs` and any
//! split into shards gives the same figures. `--save DIR` writes every game as a save file
//! ([`saving`]).

use super::{load_ruleset_warned, print_json};
use crate::errors::{CliError, CliResult};
use crate::lab::part::{Part, Shard};
use crate::lab::saving::{SaveDir, SavedFiles, saved_json, saved_line};
use crate::lab::table::{Players, Table};
use crate::lab::{self, Kind, Results, RulesetId, RunSpec, print, report, runner};
use crate::output::say;
use crownlands_bots::level::parse_list;
use crownlands_core::Registry;
use crownlands_core::Ruleset;
use std::ops::Range;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// The most games one run may ask for.
pub const MAX_GAMES: u64 = 100_000_000;

/// How many games, from which seed, and what to do with them.
#[derive(Clone, Copy)]
pub struct RunOptions<'a> {
    pub jobs: Option<usize>,
    pub games: u64,
    pub seed: u64,
    pub as_json: bool,
    pub save: Option<&'a Path>,
    /// Play only this slice of the games and print its tallies as a part file.
    pub shard: Option<&'a str>,
    /// Write the HTML report here.
    pub report: Option<&'a Path>,
    /// Replace an existing report file.
    pub force: bool,
    /// Count each domino (`simulate --dominoes`).
    pub dominoes: bool,
}

impl RunOptions<'_> {
    /// Check the counts; the shard, if any.
    pub fn check(&self) -> CliResult<Option<Shard>> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(CliError::Message(format!(
                "--games {}: give 1 to {MAX_GAMES} games",
                self.games
            )));
        }
        if self.jobs == Some(0) {
            return Err(CliError::Message("--jobs 0: give at least 1".into()));
        }
        let shard = self
            .shard
            .map(Shard::parse)
            .transpose()
            .map_err(CliError::Message)?;
        // A shard plays at least one game: past one shard a game, some would play none, and a
        // run of as many part files as there are shards could not be gathered.
        if let Some(s) = shard
            && s.count > self.games
        {
            let (games, shards) = if self.games == 1 {
                ("game", "shard")
            } else {
                ("games", "shards")
            };
            return Err(CliError::Message(format!(
                "--shard {}/{}: more shards than the {} {games}; give at most {} {shards}",
                s.index, s.count, self.games, self.games
            )));
        }
        Ok(shard)
    }

    /// The games this process plays.
    pub fn range(&self, shard: Option<Shard>) -> Range<u64> {
        shard.map_or(0..self.games, |s| s.range(self.games))
    }
}

/// Who plays, from `--players` and `--bots`; with neither, all random at the one player count
/// `rulesets` all allow, if there is one.
pub fn players_of(
    players: Option<u8>,
    bots: Option<&str>,
    rulesets: &[&Ruleset],
) -> CliResult<Players> {
    match (players, bots) {
        (_, Some(list)) => {
            let levels = parse_list(list).map_err(|e| CliError::Message(format!("--bots: {e}")))?;
            let n = levels.len();
            let listed = crownlands_core::modules::describe::plural(n as i64, "bot", "bots");
            if let Some(p) = players
                && usize::from(p) != n
            {
                return Err(CliError::Message(format!(
                    "--players {p} but --bots lists {listed}: the bot list sets the player count"
                )));
            }
            let Ok(count) = u8::try_from(n) else {
                return Err(CliError::Message(format!(
                    "--bots lists {listed}: too many players"
                )));
            };
            // One bot a seat: a list of another length than the ruleset plays is said as the
            // list's fault, which is what to change.
            if let Some(r) = rulesets.iter().find(|r| r.rules_for(count).is_none()) {
                return Err(CliError::Message(format!(
                    "ruleset {} does not allow {} (it allows {}): --bots lists {listed}, one a seat",
                    r.name(),
                    crownlands_core::modules::describe::plural(n as i64, "player", "players"),
                    r.allowed_counts()
                )));
            }
            Ok(Players::Bots(levels))
        }
        (Some(p), None) => Ok(Players::Random(p)),
        (None, None) => {
            let counts =
                |r: &Ruleset| -> Vec<u8> { r.player_counts().iter().map(|(n, _)| *n).collect() };
            let first = rulesets.first().map(|r| counts(r)).unwrap_or_default();
            let common: Vec<u8> = first
                .into_iter()
                .filter(|n| rulesets.iter().all(|r| counts(r).contains(n)))
                .collect();
            match common.as_slice() {
                [n] => Ok(Players::Random(*n)),
                // Two rulesets (compare) with no count in common: said, with each one's.
                [] if rulesets.len() > 1 => {
                    let each: Vec<String> = rulesets
                        .iter()
                        .map(|r| {
                            let n: Vec<String> = counts(r).iter().map(u8::to_string).collect();
                            format!("{} allows {}", r.name(), n.join(", "))
                        })
                        .collect();
                    Err(CliError::Message(format!(
                        "the rulesets share no player count ({}): they can be compared only at \
                         a count both allow",
                        each.join("; ")
                    )))
                }
                _ => {
                    let listed: Vec<String> = common.iter().map(u8::to_string).collect();
                    let allowed = if listed.is_empty() {
                        String::new()
                    } else {
                        format!(" (the rules allow {})", listed.join(", "))
                    };
                    Err(CliError::Message(format!(
                        "give --players N (all random) or --bots LIST{allowed}"
                    )))
                }
            }
        }
    }
}

/// A ruleset's name and hash, as runs and part files name it.
pub fn ruleset_id(ruleset: &Ruleset) -> RulesetId {
    RulesetId {
        name: ruleset.name().to_string(),
        hash: crownlands_saves::notation::ruleset_hash(ruleset),
    }
}

/// `simulate`: all random with `--players`, a tournament with `--bots`.
pub fn run(
    registry: &Registry,
    name: &str,
    players: Option<u8>,
    bots: Option<&str>,
    options: &RunOptions<'_>,
) -> CliResult<ExitCode> {
    let shard = options.check()?;
    if let Some(path) = options.report {
        let mut inputs = crownlands_rules::files_read(registry, name);
        inputs.push(name.into());
        report::check(path, &inputs, options.force)?;
    }
    let (ruleset, warned) = load_ruleset_warned(registry, name)?;
    let ruleset = Arc::new(ruleset);
    let who = players_of(players, bots, &[&ruleset])?;
    let warned = super::say_warnings(&warned, who.count());
    let mut table = Table::new(ruleset.clone(), &who, options.seed)?;
    if options.dominoes {
        table = table.counting_dominoes()?;
    }
    let spec = RunSpec {
        kind: Kind::Simulate,
        rulesets: vec![ruleset_id(&ruleset)],
        players: who.count(),
        bots: who.bot_list(),
        games: options.games,
        seed: options.seed,
        dominoes: options.dominoes,
    };
    let save_dir = match options.save {
        Some(dir) => {
            Some(SaveDir::open(dir, ruleset.clone(), options.games)?.keeping_list(options.as_json))
        }
        None => None,
    };
    let range = options.range(shard);
    let matches = table.match_games > 1;
    let (results, failure) = lab::play(
        spec,
        &[table],
        range.clone(),
        runner::threads(options.jobs, range.end - range.start, matches),
        save_dir.as_ref(),
    )?;
    let saved = save_dir.map(SaveDir::into_saved);
    let saved = options.save.zip(saved.as_ref());
    let code = finish(&results, shard.map(|s| (s, range)), options, saved, &warned)?;
    // The figures of what was played are out: then the error that stopped the run.
    match failure {
        Some(e) => Err(e),
        None => Ok(code),
    }
}

/// Print a run's results: its part file with `--shard`, else the report (text or JSON) and the
/// HTML page (with `warned`, the rulesets' warnings said on standard error as they loaded).
/// Exit 128 plus the signal's number when a signal stopped the run (130: Ctrl-C).
pub fn finish(
    results: &Results,
    shard: Option<(Shard, Range<u64>)>,
    options: &RunOptions<'_>,
    saved: Option<(&Path, &SavedFiles)>,
    warned: &[String],
) -> CliResult<ExitCode> {
    if let Some((shard, range)) = shard {
        let part = Part::new(shard, range, results.clone());
        let text = serde_json::to_string(&part)
            .map_err(|e| CliError::Message(format!("cannot write the part file: {e}")))?;
        say!("{text}");
        // Standard output is the part file: where the games went goes to standard error.
        if let Some((dir, saved)) = saved {
            let unit = print::run_label(results.tallies.first().map_or(1, |t| t.match_games)).1;
            crate::output::say_err!("{}", saved_line(dir, saved, unit));
        }
    } else {
        // The results are printed whatever becomes of the page: a run is never lost to it.
        let written = options
            .report
            .map(|path| report::write(path, results, warned, options.force));
        let report = options.report.filter(|_| matches!(written, Some(Ok(()))));
        let unit = print::run_label(results.tallies.first().map_or(1, |t| t.match_games)).1;
        if options.as_json {
            let mut doc = lab::json::results(results);
            if let Some((dir, saved)) = saved {
                doc["saved"] = saved_json(dir, saved);
            }
            if let Some(path) = report {
                doc["report"] = serde_json::json!(path.display().to_string());
            }
            print_json(&doc);
        } else {
            say!("{}", print::text(results).trim_end());
            if let Some((dir, saved)) = saved {
                say!("{}", saved_line(dir, saved, unit));
            }
            if let Some(path) = report {
                say!("report written to {}", crate::output::shown_path(path));
            }
        }
        if let Some(Err(e)) = written {
            return Err(e);
        }
    }
    Ok(if results.stopped {
        ExitCode::from(crate::lab::interrupt::stopped_exit_code())
    } else {
        ExitCode::SUCCESS
    })
}

//! The balance lab behind `simulate`, `compare` and `merge`: games played in parallel into exact
//! sufficient statistics ([`tally`]), split into shards and merged back ([`part`]), summarised
//! with 95% intervals ([`stats`]), printed ([`print`]) and drawn ([`report`]).

mod capped;
pub mod charts;
mod columns;
mod figures;
pub mod histogram;
pub mod interrupt;
pub mod json;
pub mod paired;
pub mod part;
pub mod print;
pub mod report;
pub mod runner;
pub mod saving;
pub mod stats;
pub mod table;
pub mod tally;
pub mod tally_error;
pub mod verdict;

use crate::errors::{CliError, CliResult};
use crate::lab::saving::SaveDir;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::time::Instant;
use table::Table;
use tally::{
    Outcome, PairedGroup, PairedSeat, Tally, add_paired, add_paired_bots, add_paired_places,
    merge_paired, merge_paired_groups,
};

/// Which command a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Simulate,
    Compare,
}

/// A ruleset as a run names it: its name and the hash of its resolved text, so that shards run
/// elsewhere are known to have played the same rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesetId {
    pub name: String,
    pub hash: String,
}

/// What was asked: everything that decides which games are played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    pub kind: Kind,
    /// One ruleset for `simulate`; A then B for `compare`.
    #[serde(deserialize_with = "capped::up_to_two")]
    pub rulesets: Vec<RulesetId>,
    pub players: u8,
    /// The bot list, seat 1 first (empty: every seat plays random moves).
    #[serde(deserialize_with = "capped::up_to_seats")]
    pub bots: Vec<String>,
    /// Games (or matches) of the whole run.
    pub games: u64,
    pub seed: u64,
    /// `simulate --dominoes`: each domino counted ([`tally::Tally::dominoes`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dominoes: bool,
}

/// What a run (or a shard of it, or merged shards) measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Results {
    pub run: RunSpec,
    /// Games (or matches) counted: all of them, unless the run was stopped.
    pub games_played: u64,
    /// Stopped (Ctrl-C, SIGTERM or SIGHUP, or an error) before every game was played.
    pub stopped: bool,
    /// Stopped by an error (a game that could not be saved), which the command reports after
    /// the figures. Not written to part files: a stopped part is refused by `merge` anyway.
    #[serde(skip)]
    pub failed: bool,
    /// Time playing (for merged shards: the shards' times added up).
    pub seconds: f64,
    /// One per ruleset.
    #[serde(deserialize_with = "capped::up_to_two")]
    pub tallies: Vec<Tally>,
    /// `compare`: the paired differences B - A per seat.
    #[serde(deserialize_with = "capped::up_to_seats")]
    pub paired: Vec<PairedSeat>,
    /// `compare` with bots: the paired differences B - A per bot of the list (in the order of
    /// the tallies' bots); none in part files from before they were kept.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "capped::up_to_seats"
    )]
    pub paired_bots: Vec<PairedGroup>,
    /// `compare` of single games: the paired differences B - A per place in the first claims
    /// (first claimer first, one a seat: the places no side took stay empty); none in part
    /// files from before they were kept.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "capped::up_to_seats"
    )]
    pub paired_places: Vec<PairedGroup>,
}

/// The tallies of one worker (one per table, and the paired differences of two).
struct Work {
    tallies: Vec<Tally>,
    paired: Vec<PairedSeat>,
    paired_bots: Vec<PairedGroup>,
    paired_places: Vec<PairedGroup>,
}

impl runner::Merge for Work {
    fn merge_from(&mut self, other: Work) -> CliResult<()> {
        for (a, b) in self.tallies.iter_mut().zip(&other.tallies) {
            a.merge(b).map_err(|e| CliError::Message(e.to_string()))?;
        }
        merge_paired(&mut self.paired, &other.paired)
            .and_then(|()| merge_paired_groups(&mut self.paired_bots, &other.paired_bots))
            .and_then(|()| merge_paired_groups(&mut self.paired_places, &other.paired_places))
            .map_err(|e| CliError::Message(e.to_string()))
    }
}

/// Play games `range` of the run on every table (one for `simulate`, two for `compare`, both
/// on the same seeds), on `jobs` threads. With the results, the error that stopped the run
/// early, if one did: the figures of what was played are the caller's to print first.
pub fn play(
    run: RunSpec,
    tables: &[Table],
    range: Range<u64>,
    jobs: usize,
    save: Option<&SaveDir<'_>>,
) -> CliResult<(Results, Option<CliError>)> {
    let what = match tables.first() {
        Some(t) if t.match_games > 1 => "matches",
        _ => "games",
    };
    let bar = runner::progress_bar(range.end - range.start, what);
    let stop = interrupt::flag();
    let seats = usize::from(run.players);
    let paired = tables.len() == 2;
    let empty = || Work {
        tallies: tables.iter().map(Table::empty).collect(),
        paired: if paired {
            vec![PairedSeat::default(); seats]
        } else {
            Vec::new()
        },
        paired_bots: match tables.first() {
            Some(t) if paired => vec![PairedGroup::default(); t.empty().bots.len()],
            _ => Vec::new(),
        },
        // One a seat: at most as many places as sides (matches count none).
        paired_places: match tables.first() {
            Some(t) if paired && t.match_games <= 1 => vec![PairedGroup::default(); seats],
            _ => Vec::new(),
        },
    };
    let start = Instant::now();
    let result = runner::run(
        range,
        jobs,
        stop,
        bar.as_ref(),
        // Each worker: a match per table, reused from game to game, and its outcome's buffers.
        &|| {
            Ok((0..tables.len())
                .map(|_| (None, Outcome::default()))
                .collect::<Vec<_>>())
        },
        &empty,
        &|state, i, work: &mut Work| {
            // Bots stop within a game when asked to: with two tables, the first's game of this
            // seed is taken back too, so both count the same seeds.
            let before = (tables.len() > 1 && tables.iter().any(Table::has_bots))
                .then(|| work.tallies.clone());
            for ((table, (game, out)), tally) in
                tables.iter().zip(state.iter_mut()).zip(&mut work.tallies)
            {
                if let Err(e) = table.play(game, i, tally, save, out, stop) {
                    if let (CliError::Stopped, Some(before)) = (&e, before) {
                        work.tallies = before;
                    }
                    return Err(e);
                }
            }
            if let [(_, a), (_, b)] = state.as_slice() {
                add_paired(&mut work.paired, a, b);
                add_paired_bots(&mut work.paired_bots, a, b);
                add_paired_places(&mut work.paired_places, a, b);
            }
            Ok(())
        },
    );
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let runner::Finished {
        tally: work,
        played,
        error,
    } = result?;
    // After an error the tallies say what was counted (the failing game's share included when
    // it was counted before the error).
    let games_played = match &error {
        Some(_) => work.tallies.iter().map(|t| t.games).min().unwrap_or(0),
        None => played.games,
    };
    let results = Results {
        run,
        games_played,
        stopped: played.stopped || error.is_some(),
        failed: error.is_some(),
        seconds: start.elapsed().as_secs_f64(),
        tallies: work.tallies,
        paired: work.paired,
        paired_bots: work.paired_bots,
        paired_places: work.paired_places,
    };
    Ok((results, error))
}

//! `crownlands merge PARTS... [--json] [--report FILE.html]`: the part files of the shards of
//! one `simulate` or `compare` run, added up: exactly the figures one process would have given
//! (only the time differs: it is the shards' times added up).

use super::simulate::{RunOptions, finish};
use crate::errors::CliResult;
use crate::lab::{Results, part};
use crownlands_core::Registry;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(
    registry: &Registry,
    parts: &[PathBuf],
    as_json: bool,
    report: Option<&Path>,
    force: bool,
) -> CliResult<ExitCode> {
    if let Some(path) = report {
        let inputs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
        crate::lab::report::check(path, &inputs, force)?;
    }
    // Each part is held to the rules on its own, so that a problem names its file.
    let results = part::merge(parts, &|r| check_deals(registry, r))?;
    let warned = unchecked_rulesets(registry, &results);
    for w in &warned {
        crate::output::say_err!("warning: {w}");
    }
    let options = RunOptions {
        jobs: None,
        games: results.run.games,
        seed: results.run.seed,
        as_json,
        save: None,
        shard: None,
        report,
        force,
        dominoes: results.run.dominoes,
    };
    // The parts hold no other warnings (a part's run said them where it was played).
    finish(&results, None, &options, None, &warned)
}

/// The parts' rulesets named as (or like) one this binary knows that are not that one: a name
/// that only reads as it (`king\u{200d}domino`), or its name with other rules (another hash: an
/// edited file, another build). Their figures are not held to the known ruleset's rules, and
/// the report, which names them as the parts do, would read as that ruleset's.
fn unchecked_rulesets(registry: &Registry, results: &Results) -> Vec<String> {
    use crownlands_core::text::{excerpt, look, reveal_invisible};
    let known = crownlands_rules::ruleset_names(registry);
    results
        .run
        .rulesets
        .iter()
        .filter_map(|id| {
            let like = known.iter().find(|n| look(n) == look(&id.name))?;
            let written = reveal_invisible(&excerpt(&id.name)).into_owned();
            if *like != id.name {
                return Some(format!(
                    "the parts' ruleset `{written}` is not this build's `{like}`, only a name \
                     that reads as it: its figures are not held to `{like}`'s rules"
                ));
            }
            let ruleset = crownlands_rules::load(registry, like).ok()?;
            let ours = super::simulate::ruleset_id(&ruleset);
            (ours.hash != id.hash).then(|| {
                format!(
                    "the parts' `{like}` is not this build's: its rules differ (hash {} against \
                     {}; an edited file, or another version): its figures are not held to the \
                     rules of this build's `{like}`",
                    excerpt(&id.hash),
                    ours.hash
                )
            })
        })
        .collect()
}

/// For a ruleset the binary knows by name (and the same one: its hash), the games dealt its
/// deck: what was placed and discarded adds up to the deck a game, and no game discarded more.
/// A part file's figures are checked against themselves when read; this holds them to the rules.
/// (A ruleset from a file is not read again: the parts name it, and a file they name is not
/// opened.)
fn check_deals(registry: &Registry, results: &Results) -> Result<(), String> {
    // However the parts were made, one run plays at most what `simulate` plays.
    let max = super::simulate::MAX_GAMES;
    if results.run.games > max {
        return Err(format!(
            "it says its run has {} games, more than a run plays (at most {max}): not the \
             figures of a run",
            results.run.games
        ));
    }
    for (id, tally) in results.run.rulesets.iter().zip(&results.tallies) {
        if !crownlands_rules::is_ruleset_name(registry, &id.name) {
            continue;
        }
        let Ok(ruleset) = crownlands_rules::load(registry, &id.name) else {
            continue;
        };
        if super::simulate::ruleset_id(&ruleset) != *id {
            continue;
        }
        let Some(rules) = ruleset.rules_for(results.run.players) else {
            return Err(format!(
                "it says {} players, which {} does not allow (it allows {}): not the figures \
                 of a run",
                results.run.players,
                crownlands_core::text::excerpt(&id.name),
                ruleset.allowed_counts()
            ));
        };
        // The least total is the rules' (a part that says more would cut the intervals).
        if tally
            .least_total
            .is_some_and(|least| Some(least) != crate::lab::table::least_total(rules))
        {
            return Err(format!(
                "it says {}'s totals are at least {}, which its rules do not: not the figures \
                 of a run",
                crownlands_core::text::excerpt(&id.name),
                tally.least_total.unwrap_or_default()
            ));
        }
        let deck = i128::from(rules.deck_size);
        let games = i128::from(tally.games_of_matches());
        let name = crownlands_core::text::excerpt(&id.name);
        let dealt_wrong = tally.discarded.is_exact() && tally.dealt() != games * deck;
        if dealt_wrong || i128::from(tally.discarded.high()) > deck {
            return Err(format!(
                "its dominoes placed and discarded are not {name}'s deck of {deck} a game: not the figures of a run"
            ));
        }
        // Each game leaves the same dominoes unclaimed in its lines: those past its kings.
        let left = crownlands_core::Game::new(
            std::sync::Arc::new(ruleset.clone()),
            results.run.players,
            results.run.seed,
        )
        .map(|g| i128::from(g.left_unclaimed().1));
        if let (Some(u), Ok(left)) = (tally.unclaimed, left)
            && i128::from(u) != games * left
        {
            return Err(format!(
                "it counts {u} dominoes left unclaimed over {games} games where \
                 {name}'s lines leave {left} a game: not the figures of a run"
            ));
        }
        // Without modules, the base rules' bonuses are all a game can earn.
        if rules.modules.is_empty() {
            let most = most_total(&ruleset, rules);
            if let Some(high) = tally.seats.iter().map(|s| s.score.high()).max()
                && i128::from(high) > most
            {
                return Err(format!(
                    "it says a seat totalled {high}, more than a kingdom of {name} can score \
                     ({most} at the very most{}): not the figures of a run",
                    if rules.match_games > 1 {
                        " over a match"
                    } else {
                        ""
                    }
                ));
            }
            let earned = |key: &str| match key {
                crownlands_core::score::HARMONY => rules.harmony.is_some(),
                crownlands_core::score::MIDDLE_KINGDOM => rules.middle_kingdom.is_some(),
                _ => false,
            };
            if let Some(key) = tally.bonuses.keys().find(|k| !earned(k)) {
                return Err(format!(
                    "it counts a bonus `{}` that {name} does not give: not the figures of a run",
                    crownlands_core::text::excerpt(key)
                ));
            }
        }
    }
    Ok(())
}

/// More than any side can total under `rules` without modules: every square of a full kingdom
/// in one territory holding the most crowns its dominoes can bring (the most crowned dominoes of
/// the ruleset, as many as a kingdom holds), with every bonus earned, each game of a match.
fn most_total(ruleset: &crownlands_core::Ruleset, rules: &crownlands_core::Rules) -> i128 {
    let grid = i128::from(rules.grid_size);
    let squares = (grid * grid - 1).max(0);
    let holds = usize::try_from(squares / 2).unwrap_or(usize::MAX);
    let mut crowns: Vec<u32> = ruleset.dominoes().iter().map(|d| d.crowns()).collect();
    crowns.sort_unstable_by(|a, b| b.cmp(a));
    let most_crowns: i128 = crowns.iter().take(holds).map(|&c| i128::from(c)).sum();
    let bonuses = i128::from(rules.harmony.unwrap_or(0).max(0))
        + i128::from(rules.middle_kingdom.map_or(0, |m| m.points).max(0));
    (squares * most_crowns + bonuses) * i128::from(rules.match_games.max(1))
}

//! One table: a ruleset, its players (all random, or bots), and how game `i` of a run is played
//! on it. Game (or match) `i` is seeded `derive_seed(seed, i)` whoever plays it, so any split
//! of the games (threads, shards, machines) plays the very same games, and two rulesets on the
//! same seed are dealt from the same seeds (common random numbers).

use super::tally::{Bonuses, BotTally, DominoTally, Outcome, Tally, WIN_UNIT};
use crate::errors::{CliError, CliResult};
use crate::lab::saving::SaveDir;
use crownlands_bots::Level;
use crownlands_bots::tournament::{Tournament, TournamentError};
use crownlands_core::rng::{GameRng, derive_seed};
use crownlands_core::ruleset::Rules;
use crownlands_core::{Game, Match, Ruleset, Seat, Side};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Who plays: every seat random (the engine's fast path), or bots, rotated from game to game.
#[derive(Clone, Debug, PartialEq)]
pub enum Players {
    Random(u8),
    Bots(Vec<Level>),
}

impl Players {
    pub fn count(&self) -> u8 {
        match self {
            Players::Random(n) => *n,
            Players::Bots(list) => u8::try_from(list.len()).unwrap_or(u8::MAX),
        }
    }

    /// The bots' names as the list gives them (empty for random players).
    pub fn bot_list(&self) -> Vec<String> {
        match self {
            Players::Random(_) => Vec::new(),
            Players::Bots(list) => list.iter().map(ToString::to_string).collect(),
        }
    }
}

/// A ruleset and its players, ready to play any game of a run.
pub struct Table {
    pub ruleset: Arc<Ruleset>,
    pub players: u8,
    pub match_games: u8,
    pub seat_side: Vec<Side>,
    /// How bonuses are found (the breakdown is scored only when modules may add some).
    bonuses: Bonuses,
    tournament: Option<Tournament>,
    /// Each entry of the bot list: its index among the distinct bots.
    bot_index: Vec<usize>,
    distinct_bots: Vec<String>,
    seed: u64,
    /// The least total the rules allow, where known ([`least_total`]).
    least_total: Option<i64>,
    /// Whether the tallies count each domino (`simulate --dominoes`; single games only).
    dominoes: bool,
}

/// The least total `rules` allow a side (a game's, or a match's: its games' added up), where it
/// is known: 0 when every point is a territory's (squares times crowns, never negative) or a
/// bonus of no negative points (Harmony, Middle Kingdom); `None` with modules (whose points,
/// a house rule's especially, may take points away: no bound is assumed) or a bonus made a
/// penalty.
pub fn least_total(rules: &Rules) -> Option<i64> {
    let penalty =
        rules.harmony.is_some_and(|p| p < 0) || rules.middle_kingdom.is_some_and(|m| m.points < 0);
    (rules.modules.is_empty() && !penalty).then_some(0)
}

/// Domino `index`'s squares as the lines show them: each terrain's symbol, with its crowns
/// after it where it has some (`F1 G`).
fn squares(ruleset: &Ruleset, index: usize) -> String {
    let Some(d) = ruleset.dominoes().get(index) else {
        return String::new();
    };
    [d.first, d.second]
        .iter()
        .map(|sq| {
            let symbol = ruleset
                .terrains()
                .get(sq.terrain.index())
                .map_or('?', |t| t.symbol);
            if sq.crowns > 0 {
                format!("{symbol}{}", sq.crowns)
            } else {
                symbol.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Table {
    /// Check the ruleset allows the players, and prepare.
    pub fn new(ruleset: Arc<Ruleset>, players: &Players, seed: u64) -> CliResult<Table> {
        let count = players.count();
        let (_, rules) = crate::players::rules_for(&ruleset, Some(count))?;
        let seat_side = Seat::all(count)
            .map(|p| ruleset.side_of(count, p).unwrap_or_default())
            .collect();
        let match_games = rules.match_games.max(1);
        let least_total = least_total(rules);
        let bonuses = if !rules.modules.is_empty() {
            Bonuses::Breakdown
        } else if rules.harmony.is_some() || rules.middle_kingdom.is_some() {
            Bonuses::Base
        } else {
            Bonuses::None
        };
        // Fail now, not in every worker, when the game cannot be set up.
        Match::new(ruleset.clone(), count, seed).map_err(|e| CliError::Message(e.to_string()))?;
        let names = players.bot_list();
        let mut distinct_bots: Vec<String> = Vec::new();
        for n in &names {
            if !distinct_bots.contains(n) {
                distinct_bots.push(n.clone());
            }
        }
        let bot_index = names
            .iter()
            .map(|n| distinct_bots.iter().position(|d| d == n).unwrap_or(0))
            .collect();
        let tournament = match players {
            Players::Random(_) => None,
            Players::Bots(levels) => Some(Tournament {
                ruleset: ruleset.clone(),
                levels: levels.clone(),
                games: 0,
                seed,
                jobs: Some(1),
            }),
        };
        Ok(Table {
            ruleset,
            players: count,
            match_games,
            seat_side,
            bonuses,
            tournament,
            bot_index,
            distinct_bots,
            seed,
            least_total,
            dominoes: false,
        })
    }

    /// The table with each domino counted ([`Tally::dominoes`]): refused for a ruleset of
    /// matches, whose games each deal their own.
    pub fn counting_dominoes(mut self) -> CliResult<Table> {
        if self.match_games > 1 {
            return Err(CliError::Message(format!(
                "--dominoes counts single games; {} plays matches of {} games",
                self.ruleset.name(),
                self.match_games
            )));
        }
        self.dominoes = true;
        Ok(self)
    }

    /// Whether bots play this table (random players otherwise).
    pub fn has_bots(&self) -> bool {
        self.tournament.is_some()
    }

    /// An empty tally of this table.
    pub fn empty(&self) -> Tally {
        let mut t = Tally::new(
            self.seat_side.clone(),
            self.match_games,
            &self.distinct_bots,
        );
        t.least_total = self.least_total;
        if self.dominoes {
            let r = &self.ruleset;
            t.dominoes = Some(
                (0..r.dominoes().len())
                    .map(|i| {
                        let id = crownlands_core::DominoId(i as u16);
                        DominoTally::new(r.domino_label(id), squares(r, i))
                    })
                    .collect(),
            );
        }
        t
    }

    /// A worker's match, reused from match to match.
    pub fn new_match(&self) -> CliResult<Match> {
        Match::new(self.ruleset.clone(), self.players, self.seed)
            .map_err(|e| CliError::Message(e.to_string()))
    }

    /// Play game (or match) `i` on `played` (a worker's, made on first use and then reused),
    /// add it to `tally`, write it into `save` if given. Bots stop before their next decision
    /// once `stop` is set ([`CliError::Stopped`], nothing of the game counted); random play,
    /// a few microseconds a game, plays on to the game's end.
    pub fn play(
        &self,
        played: &mut Option<Match>,
        i: u64,
        tally: &mut Tally,
        save: Option<&SaveDir<'_>>,
        out: &mut Outcome,
        stop: &AtomicBool,
    ) -> CliResult<()> {
        match &self.tournament {
            None => {
                let played = match played {
                    Some(m) => m,
                    None => played.insert(self.new_match()?),
                };
                self.play_random(played, i, tally, save, out)
            }
            Some(t) => {
                *out = self.play_bots(t, played, i, tally, save, stop)?;
                Ok(())
            }
        }
    }

    /// Every seat random, on the engine's fast path (it allocates nothing unless saving): a
    /// match seeded `derive_seed(seed, i)`, the players' choices drawn from one generator seeded
    /// from the match's seed.
    fn play_random(
        &self,
        played: &mut Match,
        i: u64,
        tally: &mut Tally,
        save: Option<&SaveDir<'_>>,
        out: &mut Outcome,
    ) -> CliResult<()> {
        let match_seed = derive_seed(self.seed, i);
        let mut rng = GameRng::seed_from(derive_seed(match_seed, u64::MAX));
        played.reset(match_seed);
        let bonuses = self.bonuses;
        let Some(dir) = save else {
            let scratch = &mut out.scratch;
            played.play_out_random(&mut rng, |g| tally.add_game_with(g, bonuses, scratch));
            self.seat_outcome(played, out);
            out.places.clear();
            out.places.extend_from_slice(tally.places());
            tally.add_outcome(out);
            return Ok(());
        };
        // Saving: the match counts only once its file is written (a full disk stops the run
        // with every game counted saved, and nothing half counted).
        let mut finished: Vec<Game> = Vec::new();
        let recorded = played.play_out_random_recorded(&mut rng, |g| finished.push(g.clone()));
        self.seat_outcome(played, out);
        let names = vec!["random".to_string(); usize::from(self.players)];
        let seat_winners: Vec<Seat> = Seat::all(self.players)
            .filter(|p| out.shares[p.index()] > 0)
            .collect();
        dir.write(i, &names, match_seed, &recorded, &out.totals, &seat_winners)
            .map_err(|e| CliError::Message(e.to_string()))?;
        for g in &finished {
            tally.add_game(g, bonuses);
        }
        out.places.clear();
        out.places.extend_from_slice(tally.places());
        tally.add_outcome(out);
        Ok(())
    }

    /// Each seat's total (its side's) and share of the win (sides sharing the win share it),
    /// into `out`'s buffers.
    fn seat_outcome(&self, played: &Match, out: &mut Outcome) {
        let share = WIN_UNIT / played.winner_count().max(1) as u64;
        out.totals.clear();
        out.shares.clear();
        for &side in &self.seat_side {
            out.totals.push(played.totals()[side]);
            out.shares
                .push(if played.is_winner(side) { share } else { 0 });
        }
    }

    fn play_bots(
        &self,
        t: &Tournament,
        played: &mut Option<Match>,
        i: u64,
        tally: &mut Tally,
        save: Option<&SaveDir<'_>>,
        stop: &AtomicBool,
    ) -> CliResult<Outcome> {
        let n = usize::from(self.players);
        let bonuses = self.bonuses;
        // The match counts only once it is over (a run asked to stop leaves it unfinished) and,
        // saving, once its file is written (see `play_random`).
        let record = save.is_some();
        // Kept until the match is over only where it can be stopped or refused after a game
        // (a match of several games, a save to write); a single game is over when this is
        // called, nothing can stop it after (the stop is asked before each decision).
        let keep = record || self.match_games > 1;
        let mut finished: Vec<Game> = Vec::new();
        let played = t
            .play_match(i, played, record, Some(stop), &mut |g| {
                if keep {
                    finished.push(g.clone());
                } else {
                    tally.add_game(g, bonuses);
                }
            })
            .map_err(|e| match e {
                TournamentError::Stopped => CliError::Stopped,
                e => CliError::Message(e.to_string()),
            })?;
        if let Some(dir) = save {
            played
                .as_played(i, &t.levels, |g| dir.record(g))
                .transpose()
                .map_err(|e| CliError::Message(e.to_string()))?;
        }
        for g in &finished {
            tally.add_game(g, bonuses);
        }
        let mut outcome = Outcome::new(played.totals.clone(), &played.winners, &played.seat_sides);
        outcome.bots = (0..n).map(|s| self.bot_index[played.entry[s]]).collect();
        for seat in 0..n {
            let total = played.totals[seat];
            let share = u128::from(outcome.shares[seat]);
            let b: &mut BotTally = &mut tally.bots[self.bot_index[played.entry[seat]]];
            b.games += 1;
            b.win_units += share;
            b.win_sq_units += share * share;
            b.score_sum += i128::from(total);
            b.score_sq_sum += u128::from(total.unsigned_abs()).pow(2);
            b.margin_sum += i128::from(played.margin(seat));
            b.decisions += played.decisions[seat];
            b.nanos += played.nanos[seat];
        }
        outcome.places = tally.places().to_vec();
        tally.add_outcome(&outcome);
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crownlands_bots::level::parse_list;

    /// The lab plays, game for game, the tournament `Tournament::run` plays.
    #[test]
    fn bot_games_are_the_tournaments_games() {
        let ruleset = Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "harmony")
                .expect("shipped"),
        );
        let levels = parse_list("greedy,random,random").expect("list");
        let report = Tournament {
            ruleset: ruleset.clone(),
            levels: levels.clone(),
            games: 9,
            seed: 4,
            jobs: Some(1),
        }
        .run(&|_| {})
        .expect("runs");
        let table = Table::new(ruleset, &Players::Bots(levels), 4).expect("table");
        let mut tally = table.empty();
        let (mut played, mut out) = (None, Outcome::default());
        for i in 0..9 {
            table
                .play(
                    &mut played,
                    i,
                    &mut tally,
                    None,
                    &mut out,
                    &AtomicBool::new(false),
                )
                .expect("plays");
        }
        for ((name, b), t) in report.bots.iter().zip(&tally.bots) {
            assert_eq!(*name, t.bot);
            assert_eq!(b.games, t.games);
            assert_eq!(b.score_sum, t.score_sum as f64, "{name}");
            assert_eq!(b.score_sq_sum, t.score_sq_sum as f64, "{name}");
            assert_eq!(b.margin_sum, t.margin_sum as f64, "{name}");
            assert!((b.wins - t.win_units as f64 / WIN_UNIT as f64).abs() < 1e-9);
        }
        for (s, t) in report.seats.iter().zip(&tally.seats) {
            assert_eq!(s.score_sum, t.score_sum as f64);
            assert!((s.wins - t.win_units as f64 / WIN_UNIT as f64).abs() < 1e-9);
            assert_eq!(s.placed, t.placed as f64);
        }
    }
}

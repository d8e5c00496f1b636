//! Matches: the games a ruleset plays in a row (Dynasty: 3, totals summed; most rulesets: 1).
//!
//! A [`Match`] is the one place that knows how games follow each other: game `k` is seeded
//! [`Match::game_seed`]`(seed, k)`, each side's totals add up over the games, and the winners are
//! the sides first by the ruleset's ranking (a single game, tie-breaks included) or by the
//! highest total (several games), then the ruleset's `match-tie-breaks` ([`standing`]; the
//! rulebook gives Dynasty none, so by default ties share). Sessions (saves), tournaments and
//! simulations all play through it and read its winners; [`Match::reset`] starts a new match on
//! the same memory, so simulations of millions of matches allocate nothing per match.

use crate::game::{Action, Game, IllegalAction, SetupError};
use crate::rng::{GameRng, derive_seed};
use crate::ruleset::Ruleset;
use crate::score::Outcome;
use crate::side::{BySide, Side};
use std::sync::Arc;

mod standing;

pub use standing::MatchDecider;
use standing::Standing;

/// Where a match stands for its tie-breaks before its current game: what the earlier games gave
/// each side for each of the ruleset's `match-tie-breaks`. Bots and the analysis read it to
/// settle equal match totals the way the match will ([`MatchStanding::winners`]); empty for a
/// match of one game or without match tie-breaks (equal totals share).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchStanding(Option<Standing>);

impl MatchStanding {
    /// No match tie-breaks: equal totals share the victory.
    pub const NONE: MatchStanding = MatchStanding(None);

    /// Whether the match has no tie-breaks to count (equal totals share).
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Count a finished game of the match (its points, and its own winners where the match
    /// tie-breaks read them).
    pub fn count(&mut self, game: &Game) {
        if let Some(kept) = self.keep(game) {
            self.count_kept(&kept);
        }
    }

    /// What the match tie-breaks will read of the finished `game`, to count later without the
    /// game itself ([`MatchStanding::count_kept`]): an analysis playing a match's later games
    /// keeps these, not the games. `None` where there are no tie-breaks to count.
    pub fn keep(&self, game: &Game) -> Option<KeptGame> {
        let standing = self.0.as_ref()?;
        let mut winners = Vec::with_capacity(usize::from(game.sides()));
        best_points(game, None, &mut winners);
        let outcome = settle_game(game, &mut winners, standing.needs_breakdowns());
        Some(KeptGame {
            points: game.all_sides().map(|s| game.score_total(s)).collect(),
            winners,
            outcome,
        })
    }

    /// Count a game kept by [`MatchStanding::keep`], as [`MatchStanding::count`] counts it.
    pub fn count_kept(&mut self, kept: &KeptGame) {
        let Some(standing) = &mut self.0 else {
            return;
        };
        let points = |side: Side| kept.points.get(side.index()).copied().unwrap_or(0);
        standing.count_game(points, &kept.winners, kept.outcome.as_ref());
    }

    /// The match's winners were it to end at `totals` (each side's match total) with the games
    /// counted: the highest total, then the match tie-breaks in order; still tied, shared.
    /// Exactly how [`Match::winners`] ranks a match of several games.
    pub fn winners(&self, totals: &BySide<i64>) -> Vec<Side> {
        let mut winners = Vec::with_capacity(totals.len());
        match &self.0 {
            Some(standing) => {
                standing.rank(totals, &mut winners);
            }
            None => {
                let best = totals.values().copied().max();
                winners.extend(
                    totals
                        .iter()
                        .filter(|&(_, &t)| Some(t) == best)
                        .map(|(s, _)| s),
                );
            }
        }
        winners
    }
}

/// What the match tie-breaks read of one finished game ([`MatchStanding::keep`]): each side's
/// points, the game's own winners, and its outcome where a tie-break reads the breakdowns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    points: Vec<i32>,
    winners: Vec<Side>,
    outcome: Option<Outcome>,
}

/// Add each side's points in the finished `game` to `totals` (when given) and put the sides of
/// the best points, in side order, into `winners`.
fn best_points(game: &Game, mut totals: Option<&mut BySide<i64>>, winners: &mut Vec<Side>) {
    let mut best = i32::MIN;
    winners.clear();
    for side in game.all_sides() {
        let points = game.score_total(side);
        if let Some(total) = totals.as_deref_mut().and_then(|t| t.get_mut(side)) {
            *total += i64::from(points);
        }
        if points > best {
            best = points;
            winners.clear();
        }
        if points == best {
            winners.push(side);
        }
    }
}

/// A finished game's winners by its own ranking (its tie-breaks included), `winners` holding the
/// sides of its best points: its outcome is built only where the points tie or `keep` asks for
/// it (the best points alone win whatever the tie-breaks), and returned.
fn settle_game(game: &Game, winners: &mut Vec<Side>, keep: bool) -> Option<Outcome> {
    if winners.len() == 1 && !keep {
        return None;
    }
    let outcome = game.outcome();
    winners.clone_from(&outcome.winners);
    Some(outcome)
}

/// A match in progress or finished: the current game and each side's running total.
#[derive(Clone, Debug)]
pub struct Match {
    seed: u64,
    games: u8,
    /// The game being played, from 0.
    index: u8,
    /// Whether the current game is over and counted in `totals`.
    counted: bool,
    /// Each side's total over the games counted.
    totals: BySide<i64>,
    /// The current game's winning sides, once it is counted (its own ranking, tie-breaks
    /// included).
    game_winners: Vec<Side>,
    /// What each side has for each match tie-break over the games counted.
    standing: Standing,
    /// The standing before the last game counted (kept only where there are match
    /// tie-breaks): the current game's [`Match::earlier_standing`] once it is counted.
    earlier: Standing,
    /// The match's winning sides, once its last game is counted (empty before).
    winners: Vec<Side>,
    /// What decided a match of several games, once its last game is counted.
    decided_by: Option<MatchDecider>,
    /// The outcome of every game counted, when kept ([`Match::keeping_outcomes`]).
    outcomes: Option<Vec<Outcome>>,
    game: Game,
}

impl Match {
    /// A match of `ruleset` for `players` players: game 0 is exactly
    /// `Game::new(ruleset, players, seed)`.
    pub fn new(ruleset: Arc<Ruleset>, players: u8, seed: u64) -> Result<Match, SetupError> {
        let game = Game::new(ruleset, players, seed)?;
        let games = game.rules().match_games.max(1);
        let sides = game.sides();
        Ok(Match {
            seed,
            games,
            index: 0,
            counted: false,
            totals: BySide::filled(sides, 0),
            game_winners: Vec::with_capacity(usize::from(sides)),
            standing: Standing::new(&game.rules().match_tie_breaks, sides),
            earlier: Standing::new(&game.rules().match_tie_breaks, sides),
            winners: Vec::with_capacity(usize::from(sides)),
            decided_by: None,
            outcomes: None,
            game,
        })
    }

    /// Keep the full outcome of every game (front ends and saves show them; simulations, which
    /// need only totals and winners, do not pay for them).
    pub fn keeping_outcomes(mut self) -> Match {
        self.outcomes = Some(Vec::with_capacity(usize::from(self.games)));
        self
    }

    /// Start a new match of the same ruleset and players, seeded `seed`, on this match's memory:
    /// exactly `Match::new(ruleset, players, seed)` (outcomes kept if they were).
    pub fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.index = 0;
        self.counted = false;
        self.totals.fill(0);
        self.game_winners.clear();
        self.standing.reset();
        self.earlier.reset();
        self.winners.clear();
        self.decided_by = None;
        if let Some(o) = &mut self.outcomes {
            o.clear();
        }
        self.game.reset(seed);
    }

    /// The seed of game `index` (0-based) of a match seeded with `seed`.
    pub fn game_seed(seed: u64, index: u8) -> u64 {
        if index == 0 {
            seed
        } else {
            derive_seed(seed, u64::from(index))
        }
    }

    /// The match's seed (its game 0's).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The game being played (the last one, once the match is over).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game being played, for players that act on it directly (bots). Once it is over,
    /// [`Match::count_game`] (or [`Match::next_game`]) counts it.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Games in the match (3 for Dynasty, else 1).
    pub fn games(&self) -> u8 {
        self.games
    }

    /// Which game of the match is being played, from 0.
    pub fn game_index(&self) -> u8 {
        self.index
    }

    /// Play `action` in the current game; the game is counted as soon as it is over. An illegal
    /// action is refused and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.game.apply(action)?;
        self.count_game();
        Ok(())
    }

    /// Count the current game into the totals once it is over (again: nothing). Returns whether
    /// it is counted.
    pub fn count_game(&mut self) -> bool {
        if self.counted || !self.game.is_over() {
            return self.counted;
        }
        self.counted = true;
        let game = &self.game;
        best_points(game, Some(&mut self.totals), &mut self.game_winners);
        // The best points alone win and no match tie-break reads a game's breakdowns: no need of
        // the full ranking (`best-game`, `last-game` and the games won read the points and the
        // winners).
        let outcome = settle_game(
            game,
            &mut self.game_winners,
            self.outcomes.is_some() || self.standing.needs_breakdowns(),
        );
        if !self.standing.is_empty() {
            self.earlier.clone_from(&self.standing);
            self.standing.count_game(
                |side| game.score_total(side),
                &self.game_winners,
                outcome.as_ref(),
            );
        }
        if let (Some(outcome), Some(kept)) = (outcome, &mut self.outcomes) {
            kept.push(outcome);
        }
        if self.index + 1 >= self.games {
            self.rank();
        }
        true
    }

    /// The match's winners, its last game counted: a single game's by its own ranking (its
    /// tie-breaks included), several games' by [`Standing::rank`] (the highest total, then the
    /// match tie-breaks; still tied, shared). The one place a match's winners are decided.
    fn rank(&mut self) {
        if self.games == 1 {
            self.winners.clone_from(&self.game_winners);
            self.decided_by = None;
        } else {
            self.decided_by = Some(self.standing.rank(&self.totals, &mut self.winners));
        }
    }

    /// Whether the current game is over and another game of the match follows.
    pub fn can_start_next_game(&self) -> bool {
        self.game.is_over() && self.index + 1 < self.games
    }

    /// Count the current game and start the next one. Returns false (and does nothing) while
    /// the current game is being played or when it was the last.
    pub fn next_game(&mut self) -> bool {
        if !self.can_start_next_game() {
            return false;
        }
        self.count_game();
        self.index += 1;
        self.counted = false;
        self.game.reset(Match::game_seed(self.seed, self.index));
        true
    }

    /// Whether the last game of the match is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over() && self.index + 1 >= self.games
    }

    /// Each side's total over the games counted so far.
    pub fn totals(&self) -> &BySide<i64> {
        &self.totals
    }

    /// Each side's total over the games before the current one.
    pub fn earlier_totals(&self) -> BySide<i64> {
        let mut out = self.totals.clone();
        if self.counted {
            for (side, total) in out.iter_mut() {
                *total -= i64::from(self.game.score_total(side));
            }
        }
        out
    }

    /// What the games before the current one gave each side for the match tie-breaks (empty for
    /// a match of one game or without them): with [`Match::earlier_totals`], where the current
    /// game starts from.
    pub fn earlier_standing(&self) -> MatchStanding {
        if self.games <= 1 || self.standing.is_empty() {
            MatchStanding::NONE
        } else if self.counted {
            MatchStanding(Some(self.earlier.clone()))
        } else {
            MatchStanding(Some(self.standing.clone()))
        }
    }

    /// Games of the match still to play after the current one.
    pub fn games_after(&self) -> u8 {
        self.games.saturating_sub(self.index.saturating_add(1))
    }

    /// A side's match total so far: the games counted and, until it is counted, the current
    /// game's running score.
    pub fn running_total(&self, side: Side) -> i64 {
        let current = if self.counted {
            0
        } else {
            i64::from(self.game.score_total(side))
        };
        self.totals[side] + current
    }

    /// The winning sides, once the match is over (empty before): a single game's by its ranking
    /// with the ruleset's tie-breaks, a match of several games' by the highest total, then the
    /// ruleset's match tie-breaks in order (sides still tied share the victory).
    pub fn winners(&self) -> Vec<Side> {
        if self.is_over() && self.counted {
            self.winners.clone()
        } else {
            Vec::new()
        }
    }

    /// Whether `side` is among the winners (see [`Match::winners`]), without allocating.
    pub fn is_winner(&self, side: Side) -> bool {
        self.is_over() && self.counted && self.winners.contains(&side)
    }

    /// What decided a match of several games, once it is over: the highest total alone, a
    /// match tie-break, or nothing (shared). `None` before, and for a match of one game (its
    /// game's [`Outcome::decided_by`] says).
    pub fn decided_by(&self) -> Option<MatchDecider> {
        self.decided_by.filter(|_| self.is_over() && self.counted)
    }

    /// How many sides share the victory (0 before the match is over).
    pub fn winner_count(&self) -> usize {
        self.totals.sides().filter(|&s| self.is_winner(s)).count()
    }

    /// The outcome of every game counted, when kept ([`Match::keeping_outcomes`]).
    pub fn outcomes(&self) -> Option<&[Outcome]> {
        self.outcomes.as_deref()
    }

    /// Play the rest of the match with uniformly random legal actions drawn from `rng` (the
    /// players' generator, not the games'): the simulations' fast path. `each_game` sees every
    /// game once it is over, before the next one starts.
    pub fn play_out_random(&mut self, rng: &mut GameRng, mut each_game: impl FnMut(&Game)) {
        loop {
            self.game.play_out_random(rng);
            self.count_game();
            each_game(&self.game);
            if !self.next_game() {
                break;
            }
        }
    }

    /// [`Match::play_out_random`], returning the actions of each game.
    pub fn play_out_random_recorded(
        &mut self,
        rng: &mut GameRng,
        mut each_game: impl FnMut(&Game),
    ) -> Vec<Vec<Action>> {
        let mut games = Vec::with_capacity(usize::from(self.games));
        loop {
            let mut actions = Vec::new();
            while let Some(a) = self.game.play_random(|| rng.next_u32()) {
                actions.push(a);
            }
            games.push(actions);
            self.count_game();
            each_game(&self.game);
            if !self.next_game() {
                break;
            }
        }
        games
    }
}

#[cfg(test)]
mod tests;

//! Matches of several games (Dynasty: 3 games in a row, totals summed).

use crate::game::{Game, SetupError};
use crate::rng::derive_seed;
use crate::ruleset::Ruleset;
use crate::score::Outcome;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A match in progress or finished: the games played so far and the running totals.
#[derive(Clone, Debug)]
pub struct Match {
    ruleset: Arc<Ruleset>,
    players: u8,
    seed: u64,
    games: u8,
    results: Vec<Outcome>,
    current: Game,
}

/// The final standing of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    pub games: Vec<Outcome>,
    /// Each side's total over all games.
    pub totals: Vec<i64>,
    /// Sides with the highest total; several share the victory (the rulebook gives Dynasty no
    /// tie-break).
    pub winners: Vec<usize>,
}

impl Match {
    /// Game `i` of the match is seeded with `derive_seed(seed, i)`; a single-game match plays
    /// exactly `Game::new(ruleset, players, seed)`.
    pub fn new(ruleset: Arc<Ruleset>, players: u8, seed: u64) -> Result<Match, SetupError> {
        let current = Game::new(ruleset.clone(), players, seed)?;
        let games = current.rules().match_games;
        Ok(Match {
            ruleset,
            players,
            seed,
            games,
            results: Vec::new(),
            current,
        })
    }

    /// The seed of game `index` (0-based) of a match seeded with `seed`.
    pub fn game_seed(seed: u64, index: u8) -> u64 {
        if index == 0 {
            seed
        } else {
            derive_seed(seed, u64::from(index))
        }
    }

    pub fn game(&self) -> &Game {
        &self.current
    }

    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.current
    }

    /// Games in the match.
    pub fn games(&self) -> u8 {
        self.games
    }

    /// Finished games.
    pub fn results(&self) -> &[Outcome] {
        &self.results
    }

    /// Totals of the finished games.
    pub fn totals(&self) -> Vec<i64> {
        let mut totals = vec![0i64; usize::from(self.players)];
        for o in &self.results {
            for (t, s) in totals.iter_mut().zip(&o.scores) {
                *t += i64::from(s.total);
            }
        }
        totals
    }

    /// Record the current game once it is over and start the next one. Returns false (and does
    /// nothing) while the current game is still being played or the match is complete.
    pub fn next_game(&mut self) -> bool {
        if !self.current.is_over() || self.is_over() {
            return false;
        }
        self.results.push(self.current.outcome());
        if self.results.len() < usize::from(self.games) {
            let seed = Match::game_seed(self.seed, self.results.len() as u8);
            match Game::new(self.ruleset.clone(), self.players, seed) {
                Ok(g) => self.current = g,
                Err(_) => return false,
            }
        }
        true
    }

    /// Whether every game has been played and recorded.
    pub fn is_over(&self) -> bool {
        self.results.len() >= usize::from(self.games)
    }

    pub fn result(&self) -> Option<MatchResult> {
        if !self.is_over() {
            return None;
        }
        let totals = self.totals();
        let best = totals.iter().copied().max().unwrap_or(0);
        Some(MatchResult {
            games: self.results.clone(),
            winners: (0..totals.len()).filter(|&i| totals[i] == best).collect(),
            totals,
        })
    }
}

//! A game or match being played and recorded: what a front end keeps and autosaves.

use crate::save::{FORMAT, GameRecord, GameStatus, MatchRecord, Player, Save, VERSION};
use crownlands_core::matches::Match;
use crownlands_core::{Action, Game, IllegalAction, Outcome, Ruleset, SetupError};
use std::sync::Arc;

/// A game or match with every action recorded. Games of a match are played one after the other:
/// when a game is over, [`Session::next_game`] starts the next one.
#[derive(Clone, Debug)]
pub struct Session {
    ruleset: Arc<Ruleset>,
    players: Vec<Player>,
    seed: u64,
    date: Option<String>,
    match_games: u8,
    /// Outcomes of the games before the current one.
    finished: Vec<Outcome>,
    /// Actions of every game begun; the last list is the current game's.
    actions: Vec<Vec<Action>>,
    game: Game,
}

/// One action during a replay: the game before and after it.
pub struct Move<'a> {
    /// The game in the match, from 0.
    pub game: usize,
    /// The action in its game, from 0.
    pub index: usize,
    pub action: Action,
    pub before: &'a Game,
    pub after: &'a Game,
    pub session: &'a Session,
}

impl Session {
    /// A new match of `ruleset` for `players` (one per seat, seats numbered from 1), seeded `seed`.
    /// The date is today's (UTC).
    pub fn new(
        ruleset: Arc<Ruleset>,
        players: Vec<Player>,
        seed: u64,
    ) -> Result<Session, SetupError> {
        let count = u8::try_from(players.len()).map_err(|_| SetupError::PlayerCount {
            name: ruleset.name.clone(),
            players: players.len(),
            allowed: ruleset
                .player_counts
                .iter()
                .map(|(n, _)| n.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        let game = Game::new(ruleset.clone(), count, seed)?;
        let match_games = game.rules().match_games.max(1);
        Ok(Session {
            ruleset,
            players,
            seed,
            date: Some(today_utc()),
            match_games,
            finished: Vec::new(),
            actions: vec![Vec::new()],
            game,
        })
    }

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    pub fn set_date(&mut self, date: Option<String>) {
        self.date = date;
    }

    /// The game being played (the last one, once the match is over).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Which game of the match is being played, from 0.
    pub fn game_index(&self) -> usize {
        self.actions.len() - 1
    }

    /// Games in the match (3 for Dynasty, else 1).
    pub fn match_games(&self) -> u8 {
        self.match_games
    }

    /// The actions of every game begun.
    pub fn actions(&self) -> &[Vec<Action>] {
        &self.actions
    }

    /// Play `action` in the current game and record it. An illegal action is refused and changes
    /// nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.game.apply(action)?;
        if let Some(list) = self.actions.last_mut() {
            list.push(action);
        }
        Ok(())
    }

    /// Whether the current game is over and another game of the match follows.
    pub fn can_start_next_game(&self) -> bool {
        self.game.is_over() && self.game_index() + 1 < usize::from(self.match_games)
    }

    /// Start the next game of the match. Returns false (and does nothing) while the current game
    /// is being played or when it was the last.
    pub fn next_game(&mut self) -> bool {
        if !self.can_start_next_game() {
            return false;
        }
        let index = self.game_index() + 1;
        let seed = Match::game_seed(self.seed, index as u8);
        match Game::new(self.ruleset.clone(), self.game.players(), seed) {
            Ok(g) => {
                self.finished.push(self.game.outcome());
                self.game = g;
                self.actions.push(Vec::new());
                true
            }
            Err(_) => false,
        }
    }

    /// Whether the last game of the match is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over() && self.game_index() + 1 >= usize::from(self.match_games)
    }

    /// The outcome of every finished game (the current one included once it is over).
    pub fn outcomes(&self) -> Vec<Outcome> {
        let mut v = self.finished.clone();
        if self.game.is_over() {
            v.push(self.game.outcome());
        }
        v
    }

    /// The current game's status as a save records it.
    pub fn status(&self) -> GameStatus {
        status_of(&self.game, self.actions.last().map_or(0, Vec::len))
    }

    /// The match result, for a finished match of several games.
    pub fn match_record(&self) -> Option<MatchRecord> {
        if self.match_games <= 1 || !self.is_over() {
            return None;
        }
        let mut totals = vec![0i64; self.players.len()];
        for o in self.outcomes() {
            for (t, s) in totals.iter_mut().zip(&o.scores) {
                *t += i64::from(s.total);
            }
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        Some(MatchRecord {
            winners: (0..totals.len())
                .filter(|&i| totals[i] == best)
                .map(|i| i + 1)
                .collect(),
            totals,
        })
    }

    /// The session as a save file.
    pub fn to_save(&self) -> Save {
        let last = self.actions.len() - 1;
        let games = self
            .actions
            .iter()
            .enumerate()
            .map(|(g, actions)| GameRecord {
                seed: Match::game_seed(self.seed, g as u8),
                actions: actions.clone(),
                status: if g == last {
                    self.status()
                } else {
                    finished_status(&self.finished[g])
                },
            })
            .collect();
        Save {
            format: FORMAT.to_string(),
            version: VERSION,
            ruleset_name: self.ruleset.name.clone(),
            date: self.date.clone(),
            seed: self.seed,
            players: self.players.clone(),
            games,
            result: self.match_record(),
            ruleset: crownlands_rules::to_toml(&self.ruleset, None),
        }
    }
}

fn finished_status(o: &Outcome) -> GameStatus {
    GameStatus::Finished {
        totals: o.scores.iter().map(|s| s.total).collect(),
        places: o.places.clone(),
        winners: o.winners.iter().map(|w| w + 1).collect(),
        decided_by: o.decided_by,
    }
}

fn status_of(game: &Game, actions: usize) -> GameStatus {
    if game.is_over() {
        finished_status(&game.outcome())
    } else {
        GameStatus::Unfinished {
            phase: game.phase(),
            round: game.round(),
            actions,
        }
    }
}

/// Today's date in UTC as `YYYY-MM-DD` (from the system clock; `1970-01-01` if it is unset).
pub fn today_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(super::civil_from_days(19_782), (2024, 2, 29));
    }
}

//! A game or match being played and recorded: what a front end keeps and autosaves.

use crate::player::Player;
use crate::record::{FORMAT, GameRecord, GameStatus, MatchRecord, Save, SavedAction, VERSION};
use crownlands_core::matches::Match;
use crownlands_core::{Action, Game, IllegalAction, Outcome, Ruleset, SetupError};
use std::sync::Arc;

/// A game or match with every action recorded: a [`Match`] (which keeps each game's outcome),
/// its players and the action log. Games of a match are played one after the other: when a game
/// is over, [`Session::next_game`] starts the next one.
#[derive(Clone, Debug)]
pub struct Session {
    ruleset: Arc<Ruleset>,
    players: Vec<Player>,
    date: Option<String>,
    /// Actions of every game begun; the last list is the current game's.
    actions: Vec<Vec<Action>>,
    played: Match,
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
            name: ruleset.name().to_string(),
            players: players.len(),
            allowed: ruleset.allowed_counts(),
        })?;
        let played = Match::new(ruleset.clone(), count, seed)?.keeping_outcomes();
        Ok(Session {
            ruleset,
            players,
            date: Some(today_utc()),
            actions: vec![Vec::new()],
            played,
        })
    }

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn seed(&self) -> u64 {
        self.played.seed()
    }

    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    pub fn set_date(&mut self, date: Option<String>) {
        self.date = date;
    }

    /// The game being played (the last one, once the match is over).
    pub fn game(&self) -> &Game {
        self.played.game()
    }

    /// The match being played: its games, each side's totals, its winners.
    pub fn played(&self) -> &Match {
        &self.played
    }

    /// Which game of the match is being played, from 0.
    pub fn game_index(&self) -> usize {
        usize::from(self.played.game_index())
    }

    /// Games in the match (3 for Dynasty, else 1).
    pub fn match_games(&self) -> u8 {
        self.played.games()
    }

    /// The actions of every game begun.
    pub fn actions(&self) -> &[Vec<Action>] {
        &self.actions
    }

    /// Play `action` in the current game and record it. An illegal action is refused and changes
    /// nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.played.apply(action)?;
        if let Some(list) = self.actions.last_mut() {
            list.push(action);
        }
        Ok(())
    }

    /// Whether the current game is over and another game of the match follows.
    pub fn can_start_next_game(&self) -> bool {
        self.played.can_start_next_game()
    }

    /// Start the next game of the match. Returns false (and does nothing) while the current game
    /// is being played or when it was the last.
    pub fn next_game(&mut self) -> bool {
        let started = self.played.next_game();
        if started {
            self.actions.push(Vec::new());
        }
        started
    }

    /// The current game's decisions so far, as a person counts them: its moves that had a
    /// choice (a step with nothing to decide, passed by itself, and a forced move are none).
    /// Replays the match from its start.
    pub fn decisions(&self) -> usize {
        let Ok(mut again) = Session::new(self.ruleset.clone(), self.players.clone(), self.seed())
        else {
            return 0;
        };
        let last = self.actions.len().saturating_sub(1);
        let mut decisions = 0;
        for (g, actions) in self.actions.iter().enumerate() {
            if g > 0 && !again.next_game() {
                return decisions;
            }
            for &action in actions {
                if g == last && again.game().legal_actions().len() > 1 {
                    decisions += 1;
                }
                if again.apply(action).is_err() {
                    return decisions;
                }
            }
        }
        decisions
    }

    /// Whether the last game of the match is over.
    pub fn is_over(&self) -> bool {
        self.played.is_over()
    }

    /// The outcome of every finished game (the current one included once it is over).
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.played
            .outcomes()
            .map(<[Outcome]>::to_vec)
            .unwrap_or_default()
    }

    /// The current game's status as a save records it.
    pub fn status(&self) -> GameStatus {
        status_of(self.game(), self.actions.last().map_or(0, Vec::len))
    }

    /// The match result, for a finished match of several games: one total per side (a team's
    /// once, not once per teammate).
    pub fn match_record(&self) -> Option<MatchRecord> {
        if self.match_games() <= 1 || !self.is_over() {
            return None;
        }
        Some(MatchRecord {
            totals: self.played.totals().values().copied().collect(),
            winners: self
                .played
                .winners()
                .iter()
                .map(|w| w.index() + 1)
                .collect(),
        })
    }

    /// The session as a save file.
    pub fn to_save(&self) -> Save {
        let last = self.actions.len() - 1;
        let finished = self.played.outcomes().unwrap_or_default();
        let games = self
            .actions
            .iter()
            .enumerate()
            .map(|(g, actions)| GameRecord {
                seed: Match::game_seed(self.seed(), g as u8),
                actions: actions
                    .iter()
                    .map(|&a| SavedAction::new(self.game(), a))
                    .collect(),
                status: match finished.get(g) {
                    Some(outcome) if g < last => finished_status(outcome),
                    _ => self.status(),
                },
            })
            .collect();
        Save {
            format: FORMAT.to_string(),
            version: VERSION,
            ruleset_name: self.ruleset.name().to_string(),
            date: self.date.clone(),
            seed: self.seed(),
            players: self.players.clone(),
            games,
            result: self.match_record(),
            ruleset: crownlands_rules::to_toml(&self.ruleset, None),
        }
    }
}

fn finished_status(o: &Outcome) -> GameStatus {
    GameStatus::Finished {
        totals: o.scores.values().map(|s| s.total).collect(),
        places: o.places.values().copied().collect(),
        winners: o.winners.iter().map(|w| w.index() + 1).collect(),
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

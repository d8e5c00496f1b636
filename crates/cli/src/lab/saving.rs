//! `simulate --save DIR`: every game (or match) of a run written as a save file, and what was
//! written, for the report: the count and the first and last files, and the list of every file
//! only for `--json` (which prints it), so that memory does not grow with the games otherwise.
//!
//! Files are named `RULESET-game-N.json` when every seat has the same player, else
//! `RULESET-game-N-SEAT1-SEAT2-....json` with the seats' players in seat order (after rotation):
//! `kingdomino-game-07-random-greedy.json`. `N` counts from 1 and is padded to the width of the
//! run's game count. A name already taken gets `-2`, `-3`, ...; nothing is ever overwritten.

use crate::errors::{CliError, CliResult};
use crownlands_bots::Level;
use crownlands_bots::tournament::{PlayedGame, RecordError};
use crownlands_core::{Action, Ruleset, Seat};
use crownlands_saves::{Player, Save, prepare_save_dir, save_into_dir_as};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A joined list of players longer than this is left out of file names (`-rot-R` instead).
const MAX_SEATS_IN_NAME: usize = 80;

/// One game (or match) written.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The game's number in the run, from 1.
    pub game: u64,
    pub path: PathBuf,
    /// Each seat's player, seat 1 first.
    pub players: Vec<String>,
    /// Each seat's total (its side's; summed over a match).
    pub totals: Vec<i64>,
    /// The seats whose side won, from 1.
    pub winners: Vec<usize>,
}

/// What a run wrote.
#[derive(Clone, Debug, Default)]
pub struct SavedFiles {
    pub count: u64,
    /// The file of the lowest game number, and of the highest.
    pub first: Option<Saved>,
    pub last: Option<Saved>,
    /// Every file, in game order, when the list was kept ([`SaveDir::keeping_list`]).
    pub all: Option<Vec<Saved>>,
}

impl SavedFiles {
    fn add(&mut self, saved: Saved) {
        self.count += 1;
        if self.first.as_ref().is_none_or(|f| saved.game < f.game) {
            self.first = Some(saved.clone());
        }
        if self.last.as_ref().is_none_or(|l| saved.game > l.game) {
            self.last = Some(saved.clone());
        }
        if let Some(all) = &mut self.all {
            all.push(saved);
        }
    }
}

/// The directory of `--save`, and what has been written into it. Shared by the worker threads.
pub struct SaveDir<'a> {
    dir: &'a Path,
    ruleset: Arc<Ruleset>,
    /// Digits of the largest game number.
    width: usize,
    written: Mutex<SavedFiles>,
}

impl<'a> SaveDir<'a> {
    /// Check that `dir` can be written (creating it if missing, and removing the temporary files
    /// a killed run left) before any game is played.
    pub fn open(dir: &'a Path, ruleset: Arc<Ruleset>, games: u64) -> CliResult<SaveDir<'a>> {
        prepare_save_dir(dir).map_err(|e| CliError::Message(format!("--save: {e}")))?;
        Ok(SaveDir {
            dir,
            ruleset,
            width: games.to_string().len(),
            written: Mutex::new(SavedFiles::default()),
        })
    }

    /// Keep the list of every file written, when `keep` (for `--json`, which prints it: memory
    /// then grows with the games, as the report does).
    pub fn keeping_list(self, keep: bool) -> SaveDir<'a> {
        if keep {
            self.written
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .all = Some(Vec::new());
        }
        self
    }

    /// Write game `index` (from 0) of the run: `players` are the seats' levels or kinds, seat 1
    /// first; `actions` one list per game of the match.
    pub fn write(
        &self,
        index: u64,
        players: &[String],
        seed: u64,
        actions: &[Vec<Action>],
        totals: &[i64],
        winners: &[Seat],
    ) -> Result<(), crownlands_saves::SaveError> {
        // Named as the terminal UI names bots (`greedy 1`, `mcts 2`), the level as the kind, so
        // that `play --load` knows who plays each seat.
        let seats: Vec<Player> = players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let short = p.split(':').next().unwrap_or(p);
                Player::new(i as u32 + 1, format!("{short} {}", i + 1), p.clone())
            })
            .collect();
        let save = Save::from_actions(self.ruleset.clone(), seats, seed, actions)?;
        let path = save_into_dir_as(
            self.dir,
            self.ruleset.name(),
            &self.tail(index, players),
            &save,
        )?;
        let saved = Saved {
            game: index + 1,
            path,
            players: players.to_vec(),
            totals: totals.to_vec(),
            winners: winners.iter().map(|w| w.index() + 1).collect(),
        };
        // A worker that panicked while holding the lock cannot have left the list half-pushed.
        self.written
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .add(saved);
        Ok(())
    }

    /// The recorder of a tournament: every game it plays, written.
    pub fn record(&self, g: &PlayedGame<'_>) -> Result<(), RecordError> {
        let players: Vec<String> = g.seats.iter().map(Level::to_string).collect();
        self.write(g.index, &players, g.seed, g.actions, g.totals, g.winners)
            .map_err(|e| -> RecordError { Box::new(e) })
    }

    /// What follows the ruleset's name in a game's file name: `-game-07-random-greedy`, or
    /// `-game-07` when every seat has the same player.
    fn tail(&self, index: u64, players: &[String]) -> String {
        let mut tail = format!("-game-{:0width$}", index + 1, width = self.width);
        if players.iter().any(|p| *p != players[0]) {
            let seats = players.join("-");
            if seats.len() <= MAX_SEATS_IN_NAME {
                tail.push('-');
                tail.push_str(&seats);
            } else {
                tail.push_str(&format!("-rot-{}", index % players.len() as u64));
            }
        }
        tail
    }

    /// What was written; the list, if kept, in game order.
    pub fn into_saved(self) -> SavedFiles {
        let mut v = self
            .written
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(all) = &mut v.all {
            all.sort_by_key(|s| s.game);
        }
        v
    }
}

/// The line that says where the games went: `saved 20 games in DIR: FIRST .. LAST`.
pub fn saved_line(dir: &Path, saved: &SavedFiles, unit: &str) -> String {
    let name = |s: &Saved| {
        s.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    };
    match (saved.count, &saved.first, &saved.last) {
        (0, _, _) | (_, None, _) | (_, _, None) => {
            format!("saved nothing in {}", crate::output::shown_path(dir))
        }
        (1, Some(one), _) => format!(
            "saved 1 {} as {}",
            crate::lab::print::singular(unit),
            crate::output::shown_path(&one.path)
        ),
        (n, Some(first), Some(last)) => format!(
            "saved {n} {unit} in {}: {} ... {} (`{} replay FILE` shows one)",
            crate::output::shown_path(dir),
            name(first),
            name(last),
            crownlands_saves::words::program_name()
        ),
    }
}

/// The `saved` object of the JSON report (the list of files when it was kept).
pub fn saved_json(dir: &Path, saved: &SavedFiles) -> Value {
    let files = saved.all.as_deref().unwrap_or_default();
    json!({
        "dir": dir.display().to_string(),
        "files": files.iter().map(|s| json!({
            "game": s.game,
            "file": s.path.display().to_string(),
            "players": s.players,
            "totals": s.totals,
            "winners": s.winners,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::{Saved, SavedFiles, saved_line};
    use std::path::Path;

    #[test]
    fn one_file_is_one_game_or_one_match() {
        let one = Saved {
            game: 1,
            path: "d/x-game-1.json".into(),
            players: Vec::new(),
            totals: Vec::new(),
            winners: Vec::new(),
        };
        let saved = SavedFiles {
            count: 1,
            first: Some(one.clone()),
            last: Some(one),
            all: None,
        };
        let d = Path::new("d");
        assert_eq!(
            saved_line(d, &saved, "matches"),
            "saved 1 match as d/x-game-1.json"
        );
        assert_eq!(
            saved_line(d, &saved, "games"),
            "saved 1 game as d/x-game-1.json"
        );
    }
}

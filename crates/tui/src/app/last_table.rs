//! The table last started from the setup screen (the ruleset, a shipped one or a file opened, the
//! player count, who plays each seat and the names typed), kept in the data folder as
//! `last-table.json`, so that a group starting the program again finds its table as it was
//! instead of typing every name (or a house rule's path) again.
//! The file is read as untrusted: bounded, every field checked, anything wrong ignored (the
//! setup's defaults then), never an error.

use super::seats::{SeatKind, parse_players};
use super::setup::{NAME_MAX, Setup};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::Path;

/// The file's name in the data folder.
pub const LAST_TABLE_FILE: &str = "last-table.json";

/// The most bytes read of it (a table of 16 seats with their names is under 2 KB).
const MOST_BYTES: u64 = 16 * 1024;

/// The longest path of a ruleset file kept.
const MOST_PATH_CHARS: usize = 4096;

/// What is kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastTable {
    /// The ruleset's name: a shipped one's, or the name of the file's (see `file`).
    pub ruleset: String,
    /// A ruleset file opened on the setup screen (`o`), its absolute path: at the next start it
    /// waits typed in the file field, for Enter to open it (nothing read before that).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<std::path::PathBuf>,
    /// Who plays each seat, as `--players` takes it (`you,greedy,mcts`).
    pub seats: String,
    /// The names typed, seat by seat (empty: the default name).
    pub names: Vec<String>,
}

impl LastTable {
    /// The table `setup` would start now.
    pub fn of(setup: &Setup) -> Option<LastTable> {
        let choice = setup.choice()?;
        let seats: Vec<String> = setup
            .seats
            .iter()
            .map(|k| match k {
                SeatKind::Human => "you".to_string(),
                SeatKind::Bot(level) => level.to_string(),
            })
            .collect();
        Some(LastTable {
            ruleset: choice.name.clone(),
            file: choice.path.clone(),
            seats: seats.join(","),
            names: setup.names.clone(),
        })
    }

    /// The table a game asked for on the command line (`--players`) starts: its ruleset (a
    /// shipped one's name, or a file's absolute path), its seats, no names typed. A bot the
    /// setup screen does not offer (`mcts:500ms`) is kept as its kind (`mcts`); `None` where a
    /// seat is none of those.
    pub fn of_command_line(
        ruleset: &str,
        file: Option<std::path::PathBuf>,
        kinds: &[SeatKind],
    ) -> Option<LastTable> {
        let offered = super::setup::seat_options();
        let seats: Option<Vec<String>> = kinds
            .iter()
            .map(|k| {
                let kind = match k {
                    SeatKind::Human => return Some("you".to_string()),
                    SeatKind::Bot(level) => level.to_string(),
                };
                let base = kind.split(':').next().unwrap_or_default().to_string();
                [kind, base].into_iter().find(|w| {
                    parse_players(w).is_ok_and(|s| s.len() == 1 && offered.contains(&s[0]))
                })
            })
            .collect();
        Some(LastTable {
            ruleset: ruleset.to_string(),
            file,
            seats: seats?.join(","),
            names: vec![String::new(); kinds.len()],
        })
    }

    /// Keep it in `dir` (atomically; a failure changes nothing and is not worth a word: the
    /// next start has the defaults).
    pub fn write(&self, dir: &Path) {
        if let Ok(text) = serde_json::to_string_pretty(self) {
            let _ = std::fs::create_dir_all(dir);
            let _ = crownlands_saves::write_atomic(&dir.join(LAST_TABLE_FILE), text.as_bytes());
        }
    }

    /// The table kept in `dir`, if there is one that reads as one.
    pub fn read(dir: &Path) -> Option<LastTable> {
        let text = read_kept(&dir.join(LAST_TABLE_FILE), MOST_BYTES)?;
        let table: LastTable = serde_json::from_str(&text).ok()?;
        table.sound().then_some(table)
    }

    /// Every field as the setup screen could have written it.
    fn sound(&self) -> bool {
        let plain = |s: &str| !s.chars().any(crownlands_core::text::is_unsafe_char);
        // (A file's is named as it was typed: its path.)
        let longest = if self.file.is_some() {
            MOST_PATH_CHARS
        } else {
            64
        };
        plain(&self.ruleset)
            && self.ruleset.chars().count() <= longest
            && self.file.as_ref().is_none_or(|f| {
                f.is_absolute()
                    && f.to_str()
                        .is_some_and(|f| plain(f) && f.chars().count() <= MOST_PATH_CHARS)
            })
            && self.names.len() <= 16
            && self.names.iter().all(|n| {
                plain(n)
                    && super::setup::symbols(n) <= NAME_MAX
                    && n.chars().count() <= crownlands_saves::MAX_NAME_CHARS
            })
            && self.seats.len() <= 1024
            && parse_players(&self.seats).is_ok_and(|s| {
                // A seat the setup screen offers: a file's `mcts:3600000ms:threads=64` would
                // have the table wait an hour a move on every core.
                let offered = super::setup::seat_options();
                (1..=16).contains(&s.len()) && s.iter().all(|k| offered.contains(k))
            })
    }

    /// Set `setup` to this table, if its ruleset is among the setup's and allows the count. A
    /// file's path waits in the file field, typed, for Enter to open it (nothing is read
    /// before the player asks), and the seats and names come with it.
    pub fn apply(&self, setup: &mut Setup) {
        let Ok(kinds) = parse_players(&self.seats) else {
            return;
        };
        match &self.file {
            None => setup.restore(&self.ruleset, kinds, self.names.clone()),
            Some(path) => {
                let Some(text) = path.to_str() else {
                    return;
                };
                setup.input = text.to_string();
                setup.open_field();
                setup.waiting = Some((path.clone(), kinds, self.names.clone()));
            }
        }
    }

    /// Where the setup screen opened on a ruleset named on the command line (`play
    /// royal-wedding`, `play house.toml`) and this table was of that ruleset: its seats and names
    /// (the setup's defaults had been shown, three greedy seats for a table of six). Another
    /// ruleset's table leaves the setup as it is.
    pub fn apply_to_chosen(&self, setup: &mut Setup) {
        let Ok(kinds) = parse_players(&self.seats) else {
            return;
        };
        let Some(choice) = setup.choice() else {
            return;
        };
        let same = match (&self.file, &choice.path) {
            (None, None) => choice.name == self.ruleset,
            (Some(kept), Some(chosen)) => kept == chosen,
            _ => false,
        };
        if same {
            let at = setup.ruleset;
            setup.restore_at(at, kinds, self.names.clone());
        }
    }
}

/// A small file the program keeps in the data folder (`last-table.json`, `bot-pace.json`), read
/// as untrusted: a regular file only (a FIFO would block the start), at most `most` bytes of it;
/// `None` for anything else.
pub(super) fn read_kept(path: &Path, most: u64) -> Option<String> {
    // A link is refused (the program writes none there); one put in its place meanwhile is
    // read as what it leads to, a regular file only, and at most `most` bytes of it.
    if !std::fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let (file, _) = crownlands_rules::open_regular(path).ok()?;
    let mut text = String::new();
    file.take(most).read_to_string(&mut text).ok()?;
    Some(text)
}

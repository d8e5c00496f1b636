//! The players of a saved game: who sat where.

use serde::{Deserialize, Serialize};

/// A seat at the table. Seats are numbered from 1 in files and messages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub seat: u32,
    pub name: String,
    /// Who plays the seat: `human`, `random`, or a bot's name (`greedy`, ...).
    pub kind: String,
}

impl Player {
    pub fn new(seat: u32, name: impl Into<String>, kind: impl Into<String>) -> Player {
        Player {
            seat,
            name: name.into(),
            kind: kind.into(),
        }
    }

    /// The seat with a name of nothing but spaces (or none), as a file from elsewhere may
    /// give it, named `seat N` instead: every line that names a player then reads (`seat 1:  (random)`
    /// named no one), and the game still loads.
    pub(crate) fn named(mut self) -> Player {
        if self.name.trim().is_empty() {
            self.name = format!("seat {}", self.seat);
        }
        self
    }

    /// `n` seats of one kind, named after it (`random 1`, `random 2`, ...).
    pub fn seats(n: u8, kind: &str) -> Vec<Player> {
        (1..=u32::from(n))
            .map(|s| Player::new(s, format!("{kind} {s}"), kind))
            .collect()
    }
}

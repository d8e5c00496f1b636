//! Who shares a kingdom: a [`Teams`] seating says which side (kingdom) each seat plays for when
//! `team-size` players share one. The ruleset's `teams` key names one, looked up in the
//! [`Registry`](crate::Registry) when the ruleset is built; Crownlands ships `side-by-side`
//! (teammates sit next to each other: seats 1 and 2 share the first kingdom, as Royal Wedding's
//! teams do). Another crate registers its own with
//! [`Registry::add_teams`](crate::Registry::add_teams).
//!
//! The seating is asked once per player count when the ruleset is built, and checked: every seat
//! gets a side below `players / team-size`, and every side gets `team-size` seats. Games then
//! look the table up ([`crate::Ruleset::side_of`]).

use crate::side::{Seat, Side};

/// The name of the shipped seating, and the default of `teams`.
pub const SIDE_BY_SIDE: &str = "side-by-side";

/// Which side each seat plays for. One value serves every game of a ruleset.
pub trait Teams: Send + Sync {
    /// The side of `seat` when `players` players sit in teams of `team_size` (`players` is a
    /// multiple of `team_size`; there are `players / team_size` sides).
    fn side_of(&self, seat: Seat, players: u8, team_size: u8) -> Side;
}

/// `side-by-side`: seats `0..team_size` play for side 0, the next `team_size` for side 1, and so
/// on (with teams of 1, every seat its own side).
#[derive(Clone, Copy, Debug, Default)]
pub struct SideBySide;

impl Teams for SideBySide {
    fn side_of(&self, seat: Seat, _players: u8, team_size: u8) -> Side {
        Side(seat.0 / team_size.max(1))
    }
}

/// The side of each seat at `players` players under `teams`, or why the seating is not sound
/// (a side out of range, a side without `team_size` seats).
pub(crate) fn seat_sides(
    teams: &dyn Teams,
    players: u8,
    team_size: u8,
) -> Result<Vec<Side>, String> {
    let team_size = team_size.max(1);
    let sides = players / team_size;
    let table: Vec<Side> = Seat::all(players)
        .map(|seat| teams.side_of(seat, players, team_size))
        .collect();
    if let Some((seat, side)) = table.iter().enumerate().find(|(_, s)| s.0 >= sides) {
        return Err(format!(
            "seat {} plays for side {}, but {players} players in teams of {team_size} have {sides} sides",
            seat + 1,
            side.0 + 1
        ));
    }
    for side in Side::all(sides) {
        let seats = table.iter().filter(|&&s| s == side).count();
        if seats != usize::from(team_size) {
            return Err(format!(
                "side {} has {seats} seats, not a team of {team_size}",
                side.0 + 1
            ));
        }
    }
    Ok(table)
}

/// Register the shipped seating (what [`Registry::shipped`](crate::Registry::shipped) holds).
pub(crate) fn register_shipped(registry: &mut crate::Registry) {
    registry.add_teams(SIDE_BY_SIDE, std::sync::Arc::new(SideBySide));
}

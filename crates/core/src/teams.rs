//! Who shares a kingdom: a [`Teams`] seating says which side (kingdom) each seat plays for when
//! `team-size` players share one. The ruleset's `teams` key names one, looked up in the
//! [`Registry`](crate::Registry) when the ruleset is built; Crownlands ships `side-by-side`
//! (teammates sit next to each other: seats 1 and 2 share the first kingdom, as Royal Wedding's
//! teams do) and `alternating` (teammates sit apart, every few seats: with teams of two, across
//! the table, seats 1 and 4 sharing the first kingdom at 6 players). Another crate registers its
//! own with
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

/// The name of the seating whose teammates sit apart.
pub const ALTERNATING: &str = "alternating";

/// `alternating`: with `n` sides (`players / team_size`), seat `i` plays for side `i mod n`, so
/// teammates sit `n` seats apart and the sides take turns around the table (teams of two sit
/// across the table: at 6 players seats 1+4, 2+5, 3+6; teams of three at 6 players, 1+3+5 and
/// 2+4+6).
#[derive(Clone, Copy, Debug, Default)]
pub struct Alternating;

impl Teams for Alternating {
    fn side_of(&self, seat: Seat, players: u8, team_size: u8) -> Side {
        let sides = (players / team_size.max(1)).max(1);
        Side(seat.0 % sides)
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
    registry.add_teams(ALTERNATING, std::sync::Arc::new(Alternating));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides(teams: &dyn Teams, players: u8, team_size: u8) -> Vec<u8> {
        seat_sides(teams, players, team_size)
            .expect("a sound seating")
            .iter()
            .map(|s| s.0)
            .collect()
    }

    #[test]
    fn side_by_side_seats_teammates_together_and_alternating_apart() {
        assert_eq!(sides(&SideBySide, 6, 2), [0, 0, 1, 1, 2, 2]);
        assert_eq!(sides(&Alternating, 6, 2), [0, 1, 2, 0, 1, 2]);
        assert_eq!(sides(&Alternating, 8, 2), [0, 1, 2, 3, 0, 1, 2, 3]);
        assert_eq!(sides(&Alternating, 6, 3), [0, 1, 0, 1, 0, 1]);
        assert_eq!(sides(&Alternating, 8, 4), [0, 1, 0, 1, 0, 1, 0, 1]);
        // Teams of one: every seat its own side, either way.
        assert_eq!(sides(&Alternating, 4, 1), [0, 1, 2, 3]);
        // Every count a team size divides is sound.
        for team_size in 1..=8u8 {
            for players in (team_size..=16).step_by(usize::from(team_size)) {
                assert!(seat_sides(&Alternating, players, team_size).is_ok());
            }
        }
    }
}

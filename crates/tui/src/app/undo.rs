//! Undo: the decisions a person may take back, kept as places in the game's actions.
//!
//! A point is how many actions of the game being played came before the decision, not a copy of
//! the session: taking a move back replays the session's actions up to there (a game of a few
//! hundred actions replays in well under a millisecond). So the points of a loaded game cost
//! nothing per action of the file, where copies of the session at each decision had cost its
//! actions times its decisions (a hand-made save of 100,000 actions with every seat a person
//! took 1.4 GB and 25 s to open).

use super::describe;
use super::seats::Seat;
use crownlands_core::Seat as SeatId;
use crownlands_saves::Session;

/// A decision a person may take back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct UndoPoint {
    /// How many actions of the game being played came before it.
    pub at: usize,
    /// Whose decision it was.
    pub decided: Option<SeatId>,
    /// The log as it was then, where play here kept it (with the lines a replay does not
    /// write: the steps skipped); `None` for a loaded game's, rebuilt from its moves.
    pub log: Option<describe::Log>,
}

/// The session as it was `at` actions into the game being played: `session`'s actions replayed
/// from its start (the match's finished games whole). `None` if they no longer replay, which a
/// session's own actions always do.
pub(super) fn rewound(session: &Session, at: usize) -> Option<Session> {
    let mut replay = Session::new(
        session.ruleset().clone(),
        session.players().to_vec(),
        session.seed(),
    )
    .ok()?;
    replay.set_date(session.date().map(str::to_string));
    let games = session.actions();
    for (i, actions) in games.iter().enumerate() {
        if i > 0 && !replay.next_game() {
            return None;
        }
        let take = if i + 1 == games.len() {
            at.min(actions.len())
        } else {
            actions.len()
        };
        for &action in &actions[..take] {
            replay.apply(action).ok()?;
        }
    }
    Some(replay)
}

/// The undo points of a loaded game: the current game's positions before each of its people's
/// decisions, as play here would have kept them (a move with no other choice is none).
/// Empty when the session does not replay, which a loaded session always does.
pub(super) fn undo_points(session: &Session, seats: &[Seat]) -> Vec<UndoPoint> {
    let Ok(mut replay) = crownlands_core::matches::Match::new(
        session.ruleset().clone(),
        u8::try_from(session.players().len()).unwrap_or(u8::MAX),
        session.seed(),
    ) else {
        return Vec::new();
    };
    let games = session.actions();
    let mut points = Vec::new();
    for (i, actions) in games.iter().enumerate() {
        if i > 0 && !replay.next_game() {
            return Vec::new();
        }
        let current = i + 1 == games.len();
        for (at, &action) in actions.iter().enumerate() {
            let game = replay.game();
            let to_act = game.to_act();
            let person =
                to_act.is_some_and(|seat| seats.get(seat.index()).is_none_or(Seat::is_human));
            // No other choice: a step with nothing to do went by itself, and a lone claim or a
            // discard where nothing fits is no decision to take back.
            let by_itself = game.legal_action_count() == 1;
            if current && person && !by_itself {
                points.push(UndoPoint {
                    at,
                    decided: to_act,
                    log: None,
                });
            }
            if replay.apply(action).is_err() {
                return Vec::new();
            }
        }
    }
    points
}

/// The log of `session` as play would show it, for an undo point that kept none.
pub(super) fn log_of(session: &Session, seats: &[Seat]) -> describe::Log {
    describe::log_of(
        session,
        |p| super::name_of(seats, p),
        |p| seats.get(p).is_none_or(Seat::is_human),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seats::{SeatKind, name_seats, to_players};
    use crownlands_core::Registry;
    use std::sync::Arc;

    /// A Dynasty match (3 games) of two people, played at random into its second game.
    fn session() -> (Session, Vec<Seat>) {
        let ruleset =
            Arc::new(crownlands_rules::load(Registry::shipped_ref(), "dynasty").expect("shipped"));
        let seats = name_seats(&[SeatKind::Human, SeatKind::Human]);
        let mut s = Session::new(ruleset, to_players(&seats), 7).expect("setup");
        let mut state = 9u64;
        while s.game_index() == 0 || s.actions().last().map_or(0, Vec::len) < 30 {
            if s.can_start_next_game() {
                assert!(s.next_game());
                continue;
            }
            let legal = s.game().legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = legal[(state % legal.len() as u64) as usize];
            s.apply(action).expect("legal");
        }
        (s, seats)
    }

    #[test]
    fn a_point_rewinds_to_the_session_as_it_was_before_the_decision() {
        let (s, seats) = session();
        let points = undo_points(&s, &seats);
        assert!(points.len() > 10, "{} points", points.len());
        assert!(points.windows(2).all(|w| w[0].at < w[1].at));
        let current = s.actions().last().expect("a game");
        for p in &points {
            let back = rewound(&s, p.at).expect("replays");
            assert_eq!(back.game_index(), 1, "within the game being played");
            assert_eq!(back.actions()[0], s.actions()[0], "the finished game whole");
            assert_eq!(back.actions()[1], current[..p.at]);
            assert_eq!(back.game().to_act(), p.decided);
            assert_eq!(back.date(), s.date());
            // The same position as playing it out again.
            let mut again = rewound(&s, 0).expect("replays");
            for &a in &current[..p.at] {
                again.apply(a).expect("legal");
            }
            assert_eq!(back.game(), again.game());
            // A decision: a move with no other choice (a lone claim, a discard where nothing
            // fits) is none, and undo goes past it.
            assert!(back.game().legal_action_count() > 1, "at {}", p.at);
        }
        let forced = current
            .iter()
            .enumerate()
            .filter(|&(at, _)| rewound(&s, at).is_some_and(|b| b.game().legal_action_count() == 1))
            .count();
        assert!(forced > 0, "the game holds forced moves to go past");
        // Nothing is kept per point but its place and whose decision it was.
        assert!(points.iter().all(|p| p.log.is_none()));
    }
}

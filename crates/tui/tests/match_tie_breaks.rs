//! The end of a match whose tied totals a match tie-break decided (`match-tie-breaks`, the
//! guide's docs/house-rules/dynasty-tie-break.toml): the score screen names the match's winner
//! and what decided it, as the save's result has it.

mod common;

use common::*;
use crownlands_core::{MatchDecider, Registry};
use crownlands_saves::{Player, Session};
use std::path::Path;
use std::sync::Arc;

/// The first random match (by seed) of the house rule that a match tie-break decided.
fn decided_by_a_match_tie_break() -> Session {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/dynasty-tie-break.toml");
    let ruleset =
        Arc::new(crownlands_rules::load_path(Registry::shipped_ref(), &path).expect("loads"));
    let players = vec![
        Player::new(1, "Anna", "random"),
        Player::new(2, "Ben", "random"),
    ];
    for seed in 1..2000u64 {
        let mut s = Session::new(ruleset.clone(), players.clone(), seed).expect("setup");
        let mut state = seed;
        loop {
            if s.game().is_over() && !s.next_game() {
                break;
            }
            let legal = s.game().legal_actions();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            s.apply(legal[(state % legal.len() as u64) as usize])
                .expect("legal");
        }
        if let Some(MatchDecider::TieBreak(_)) = s.played().decided_by() {
            return s;
        }
    }
    panic!("no tied match in 2000");
}

#[test]
fn the_score_screen_says_a_match_tie_break_decided_the_match() {
    let session = decided_by_a_match_tie_break();
    let Some(MatchDecider::TieBreak(tie_break)) = session.played().decided_by() else {
        unreachable!("found so")
    };
    let record = session.match_record().expect("over");
    let winner = ["Anna", "Ben"][record.winners[0] - 1];
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let app =
        crownlands_tui::App::resume(session, seats, config(1, crownlands_tui::Palette::none()));
    let text = words(&screen(&app, 120, 40));
    let said = format!(
        "The match goes to {winner}: tied on the totals, decided by {}.",
        tie_break.words()
    );
    assert!(text.contains(&said), "{said}\n{text}");
}

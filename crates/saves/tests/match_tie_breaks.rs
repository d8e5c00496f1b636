//! A match whose tied totals a match tie-break decided (`match-tie-breaks`, the guide's
//! docs/house-rules/dynasty-tie-break.toml): the save records the match's own winners, its
//! embedded ruleset keeps the rule, and loading it replays to the same result.

use crownlands_core::{MatchDecider, Registry, Ruleset};
use crownlands_saves::notation::{self, ExportOptions};
use crownlands_saves::{Player, Save, Session};
use std::path::Path;
use std::sync::Arc;

fn house_rule() -> Arc<Ruleset> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/dynasty-tie-break.toml");
    Arc::new(crownlands_rules::load_path(Registry::shipped_ref(), &path).expect("loads"))
}

fn players() -> Vec<Player> {
    vec![
        Player::new(1, "Anna", "random"),
        Player::new(2, "Ben", "random"),
    ]
}

/// Play the whole match with choices drawn from `state` (xorshift).
fn play(session: &mut Session, mut state: u64) {
    loop {
        if session.game().is_over() && !session.next_game() {
            break;
        }
        let legal = session.game().legal_actions();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let a = legal[(state % legal.len() as u64) as usize];
        session.apply(a).expect("legal");
    }
}

/// The first random match (by seed) that a match tie-break decided.
fn decided_by_a_match_tie_break() -> Session {
    let ruleset = house_rule();
    for seed in 1..2000 {
        let mut s = Session::new(ruleset.clone(), players(), seed).expect("setup");
        play(&mut s, seed);
        if let Some(MatchDecider::TieBreak(_)) = s.played().decided_by() {
            return s;
        }
    }
    panic!("no tied match in 2000");
}

#[test]
fn a_match_decided_by_a_match_tie_break_saves_and_replays_its_winner() {
    let s = decided_by_a_match_tie_break();
    let record = s.match_record().expect("a match result");
    assert_eq!(record.totals[0], record.totals[1], "tied on the totals");
    assert_eq!(record.winners.len(), 1, "one winner: {record:?}");
    let save = s.to_save();
    assert!(
        save.ruleset
            .contains("match-tie-breaks = [\"most-games-won\", \"best-game\"]"),
        "the embedded ruleset keeps the rule:\n{}",
        save.ruleset
    );
    let back = Save::from_json(&save.to_json(), "m.json").expect("reads");
    let loaded = back
        .load(Registry::shipped_ref(), "m.json")
        .expect("replays");
    assert_eq!(loaded.match_record(), Some(record.clone()));
    assert_eq!(loaded.played().decided_by(), s.played().decided_by());
    // A result recording the tie as shared (as without the rule) is not what the actions give.
    let mut shared = save.clone();
    if let Some(r) = &mut shared.result {
        r.winners = vec![1, 2];
    }
    let msg = shared
        .load(Registry::shipped_ref(), "m.json")
        .expect_err("a mismatch")
        .to_string();
    assert!(msg.contains("match totals"), "{msg}");
    // The notation, its ruleset embedded, gives the same result.
    let text = notation::export(
        &s,
        ExportOptions {
            embed_ruleset: true,
        },
    )
    .expect("exports");
    let imported = notation::import(Registry::shipped_ref(), &text, "m.cgn").expect("imports");
    assert_eq!(imported.match_record(), Some(record));
}

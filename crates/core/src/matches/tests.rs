//! Matches: totals per side, winners, reset.

use crate::testkit::{self, in_matches_of, royal_wedding};
use crate::*;
use std::sync::Arc;

/// Play the rest of `m` with the seeded random players, game by game.
fn play_out(m: &mut Match, seed: u64) {
    let mut rng = rng::GameRng::seed_from(seed);
    m.play_out_random(&mut rng, |_| {});
}

#[test]
fn a_single_game_match_is_its_game() {
    let r = Arc::new(testkit::kingdomino());
    for seed in 0..20 {
        let mut m = Match::new(r.clone(), 4, seed).expect("setup");
        assert_eq!(m.game(), &Game::new(r.clone(), 4, seed).expect("setup"));
        assert_eq!(m.games(), 1);
        assert!(m.winners().is_empty(), "no winner before the end");
        play_out(&mut m, seed);
        assert!(m.is_over());
        let outcome = m.game().outcome();
        assert_eq!(
            m.winners(),
            outcome.winners,
            "the game's ranking, tie-breaks included"
        );
        let totals: Vec<i64> = outcome
            .scores
            .values()
            .map(|s| i64::from(s.total))
            .collect();
        assert_eq!(m.totals().as_slice(), totals.as_slice());
        for side in m.game().all_sides() {
            assert_eq!(m.is_winner(side), outcome.winners.contains(&side));
        }
        assert_eq!(m.winner_count(), outcome.winners.len());
        assert!(m.count_game(), "counted, once");
        assert_eq!(
            m.totals().as_slice(),
            totals.as_slice(),
            "counting again adds nothing"
        );
    }
}

#[test]
fn a_team_match_totals_each_side_once() {
    let r = in_matches_of(&royal_wedding(true), 2);
    let mut m = Match::new(r.clone(), 6, 5)
        .expect("setup")
        .keeping_outcomes();
    let mut games = Vec::new();
    let mut rng = rng::GameRng::seed_from(1);
    m.play_out_random(&mut rng, |g| games.push(g.clone()));
    assert!(m.is_over());
    assert_eq!(games.len(), 2);
    assert_eq!(m.totals().len(), 3, "three teams of two");
    for side in Side::all(3) {
        let sum: i64 = games.iter().map(|g| i64::from(g.score_total(side))).sum();
        assert_eq!(m.totals()[side], sum);
    }
    assert_eq!(m.outcomes().map(<[Outcome]>::len), Some(2));
    assert_eq!(games[1].seed(), Match::game_seed(5, 1));
    let best = m.totals().values().copied().max();
    assert!(
        m.winners().iter().all(|&w| Some(m.totals()[w]) == best),
        "several games: the highest total wins"
    );
}

#[test]
fn reset_plays_a_new_match() {
    let r = in_matches_of(&testkit::kingdomino(), 3);
    let mut reused = Match::new(r.clone(), 2, 1).expect("setup");
    play_out(&mut reused, 1);
    assert!(reused.is_over());
    for seed in [7, 8] {
        reused.reset(seed);
        let mut fresh = Match::new(r.clone(), 2, seed).expect("setup");
        assert_eq!(reused.game(), fresh.game());
        assert_eq!(reused.game_index(), 0);
        assert!(reused.totals().values().all(|&t| t == 0));
        play_out(&mut reused, seed);
        play_out(&mut fresh, seed);
        assert_eq!(reused.totals(), fresh.totals());
        assert_eq!(reused.winners(), fresh.winners());
        assert_eq!(reused.game_index(), 2, "three games");
    }
}

#[test]
fn applying_actions_counts_each_game_when_it_ends() {
    let r = in_matches_of(&testkit::kingdomino(), 2);
    let mut m = Match::new(r.clone(), 2, 3).expect("setup");
    let mut state = 9u64;
    let mut ended = 0;
    loop {
        while !m.game().is_over() {
            let legal = m.game().legal_actions();
            let pick = testkit::xorshift(&mut state) as usize % legal.len();
            m.apply(legal[pick]).expect("legal");
        }
        ended += 1;
        let counted: i64 = m.totals().values().sum();
        assert!(counted > 0, "game {ended} counted as it ended");
        if !m.next_game() {
            break;
        }
    }
    assert_eq!(ended, 2);
    assert!(m.is_over());
    assert!(!m.next_game(), "no game after the last");
}

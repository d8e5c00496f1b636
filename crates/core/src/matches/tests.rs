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

/// Kingdomino in 3x3 kingdoms of 16 dominoes: tied totals come often.
fn small_kingdomino() -> Ruleset {
    let mut small = testkit::kingdomino().into_parts();
    for (_, rules) in &mut small.player_counts {
        rules.grid_size = 3;
        rules.deck_size = 16;
    }
    Ruleset::new(small).expect("valid")
}

/// `ruleset` played as matches of `games` games broken by `tie_breaks` at every player count.
fn with_match_tie_breaks(ruleset: &Ruleset, games: u8, tie_breaks: &[&str]) -> Arc<Ruleset> {
    let mut r = ruleset.clone().into_parts();
    for (_, rules) in &mut r.player_counts {
        rules.match_games = games;
        rules.match_tie_breaks = tie_breaks
            .iter()
            .map(|t| MatchTieBreak::parse(t).expect(t))
            .collect();
    }
    Arc::new(Ruleset::new(r).expect("valid"))
}

/// The winners of a finished match of several games from its games' outcomes alone: the
/// highest total, then the most games won, then the best game (as the rules below list them).
fn by_the_outcomes(outcomes: &[Outcome]) -> Vec<Side> {
    let sides: Vec<Side> = outcomes[0].scores.sides().collect();
    let total = |s: Side| -> i64 { outcomes.iter().map(|o| i64::from(o.scores[s].total)).sum() };
    let won = |s: Side| outcomes.iter().filter(|o| o.winners.contains(&s)).count();
    let best = |s: Side| outcomes.iter().map(|o| o.scores[s].total).max();
    let key = |s: Side| (total(s), won(s), best(s));
    let top = sides.iter().map(|&s| key(s)).max();
    sides.into_iter().filter(|&s| Some(key(s)) == top).collect()
}

/// Small kingdoms tie often: over many random matches, the winners a match gives are those its
/// games' outcomes rank by the match tie-breaks, whether it keeps the outcomes or not; and a
/// tie on the totals was met and decided.
#[test]
fn match_tie_breaks_decide_tied_totals_as_the_outcomes_rank_them() {
    let small = small_kingdomino();
    let r = with_match_tie_breaks(&small, 2, &["most-games-won", "best-game"]);
    let mut decided = 0;
    for seed in 0..300 {
        let mut kept = Match::new(r.clone(), 2, seed)
            .expect("setup")
            .keeping_outcomes();
        let mut lean = Match::new(r.clone(), 2, seed).expect("setup");
        play_out(&mut kept, seed);
        play_out(&mut lean, seed);
        let outcomes = kept.outcomes().expect("kept").to_vec();
        assert_eq!(kept.winners(), by_the_outcomes(&outcomes), "seed {seed}");
        assert_eq!(lean.winners(), kept.winners(), "seed {seed}");
        assert_eq!(lean.decided_by(), kept.decided_by(), "seed {seed}");
        for side in kept.game().all_sides() {
            assert_eq!(kept.is_winner(side), kept.winners().contains(&side));
        }
        assert_eq!(kept.winner_count(), kept.winners().len());
        if let Some(MatchDecider::TieBreak(_)) = kept.decided_by() {
            decided += 1;
            let totals = kept.totals();
            assert_eq!(totals[Side(0)], totals[Side(1)], "only a tie is broken");
        }
    }
    assert!(decided > 0, "some tied match was decided");
}

/// Without match tie-breaks (the default), tied totals share, whatever decided the games; a
/// single game's winners are its own, and it has no match decider.
#[test]
fn without_match_tie_breaks_tied_totals_share() {
    let small = small_kingdomino();
    let r = in_matches_of(&small, 2);
    let mut shared = 0;
    for seed in 0..300 {
        let mut m = Match::new(r.clone(), 2, seed).expect("setup");
        assert_eq!(m.decided_by(), None, "not over");
        play_out(&mut m, seed);
        assert_eq!(m.winners(), m.totals().best(), "seed {seed}");
        if m.winners().len() > 1 {
            shared += 1;
            assert_eq!(m.decided_by(), Some(MatchDecider::Shared));
        } else {
            assert_eq!(m.decided_by(), Some(MatchDecider::Total));
        }
    }
    assert!(shared > 0, "some match was tied");
    let mut single = Match::new(Arc::new(small), 2, 1).expect("setup");
    play_out(&mut single, 1);
    assert_eq!(single.decided_by(), None, "a single game's outcome says");
}

/// A match reset keeps no standing of the match before.
#[test]
fn reset_forgets_the_match_standing() {
    // Small kingdoms, so that tied totals come often and the standing decides them (full
    // Kingdomino's seeds had no tie: the standing was never read, and a reset that kept it
    // passed).
    let small = small_kingdomino();
    let r = with_match_tie_breaks(&small, 2, &["most-games-won", "best-game"]);
    let mut reused = Match::new(r.clone(), 2, 1).expect("setup");
    play_out(&mut reused, 1);
    let mut decided = 0;
    for seed in 0..300 {
        reused.reset(seed);
        let mut fresh = Match::new(r.clone(), 2, seed).expect("setup");
        play_out(&mut reused, seed);
        play_out(&mut fresh, seed);
        assert_eq!(reused.winners(), fresh.winners(), "seed {seed}");
        assert_eq!(reused.decided_by(), fresh.decided_by(), "seed {seed}");
        decided += usize::from(matches!(
            fresh.decided_by(),
            Some(MatchDecider::TieBreak(_))
        ));
    }
    assert!(decided > 0, "some tied match was decided by the standing");
}

/// What a bot's analysis reads of a match (the standing before the current game, counted with
/// the game once over, ranked on the totals) gives the match's own winners, for each kind of
/// match tie-break; empty where the match has none or is a single game.
#[test]
fn the_earlier_standing_ranks_as_the_match_does() {
    let small = small_kingdomino();
    for tie_breaks in [
        &["most-games-won", "best-game"][..],
        &["last-game"],
        &["largest-territory"],
    ] {
        let r = with_match_tie_breaks(&small, 3, tie_breaks);
        let mut decided = 0;
        for seed in 0..200 {
            let mut m = Match::new(r.clone(), 2, seed).expect("setup");
            let mut rng = rng::GameRng::seed_from(seed);
            assert!(!m.earlier_standing().is_empty(), "a match with tie-breaks");
            loop {
                while m.game_mut().play_random(|| rng.next_u32()).is_some() {}
                let before = m.earlier_standing();
                m.count_game();
                assert_eq!(m.earlier_standing(), before, "counting the game keeps it");
                if !m.next_game() {
                    break;
                }
            }
            let mut standing = m.earlier_standing();
            standing.count(m.game());
            assert_eq!(
                standing.winners(m.totals()),
                m.winners(),
                "{tie_breaks:?} {seed}"
            );
            decided += usize::from(matches!(m.decided_by(), Some(MatchDecider::TieBreak(_))));
        }
        assert!(decided > 0, "{tie_breaks:?}: some tie was decided");
    }
    let plain = in_matches_of(&small, 2);
    let mut m = Match::new(plain, 2, 1).expect("setup");
    assert!(m.earlier_standing().is_empty(), "no match tie-breaks");
    play_out(&mut m, 1);
    assert_eq!(MatchStanding::NONE.winners(m.totals()), m.winners());
    let alone = with_match_tie_breaks(&small, 1, &["best-game"]);
    let m = Match::new(alone, 2, 1).expect("setup");
    assert!(m.earlier_standing().is_empty(), "a game alone");
}

/// A game kept by `MatchStanding::keep` counts as the game itself, for each kind of match
/// tie-break (the last game's, the games won, the largest territory's breakdowns): an analysis
/// keeps these, not whole games.
#[test]
fn a_kept_game_counts_as_the_game() {
    let small = small_kingdomino();
    for tie_breaks in [
        &["most-games-won", "best-game"][..],
        &["last-game"],
        &["largest-territory"],
    ] {
        let r = with_match_tie_breaks(&small, 3, tie_breaks);
        for seed in 0..40 {
            let mut m = Match::new(r.clone(), 2, seed).expect("setup");
            let mut rng = rng::GameRng::seed_from(seed);
            let (mut counted, mut kept) = (m.earlier_standing(), m.earlier_standing());
            loop {
                while m.game_mut().play_random(|| rng.next_u32()).is_some() {}
                counted.count(m.game());
                let game = kept.keep(m.game()).expect("a match with tie-breaks");
                kept.count_kept(&game);
                assert_eq!(kept, counted, "{tie_breaks:?} {seed}");
                m.count_game();
                if !m.next_game() {
                    break;
                }
            }
            assert_eq!(
                kept.winners(m.totals()),
                m.winners(),
                "{tie_breaks:?} {seed}"
            );
        }
    }
    assert_eq!(
        MatchStanding::NONE.keep(&Game::new(Arc::new(small), 2, 1).expect("setup")),
        None
    );
}

//! Royal Wedding: lines alternating between two boxes, teams sharing a kingdom, resampling each box apart.

use crate::testkit::{self, royal_wedding, xorshift};
use crate::*;
use std::sync::Arc;

#[test]
fn royal_wedding_lines_alternate_boxes_to_the_end() {
    let r = royal_wedding(false);
    let mut state = 2u64;
    for players in 3..=8u8 {
        let line = usize::from(r.rules_for(players).expect("count").line_size);
        for seed in 0..5 {
            let mut g = Game::new(r.clone(), players, seed).expect("setup");
            let mut lines_seen = Vec::new();
            let mut last_round = u32::MAX;
            while !g.is_over() {
                if g.round() != last_round {
                    last_round = g.round();
                    if !g.next_line().is_empty() {
                        let boxes: Vec<u8> = g
                            .next_line()
                            .iter()
                            .map(|s| g.domino(s.domino).pile)
                            .collect();
                        assert!(
                            boxes.iter().all(|&b| b == boxes[0]),
                            "a line comes from one box"
                        );
                        assert_eq!(g.next_line().len(), line);
                        lines_seen.push(boxes[0]);
                        let labels: Vec<String> =
                            g.next_line().iter().map(|s| g.label(s.domino)).collect();
                        let initial = if boxes[0] == 1 { 'Q' } else { 'K' };
                        assert!(labels.iter().all(|l| l.starts_with(initial)), "{labels:?}");
                    }
                }
                g.play_random(|| xorshift(&mut state));
            }
            let expected_lines = 96 / line;
            assert_eq!(
                lines_seen.len(),
                expected_lines,
                "{players} players: the deck runs out"
            );
            for (i, b) in lines_seen.iter().enumerate() {
                assert_eq!(
                    *b,
                    if i % 2 == 0 { 1 } else { 0 },
                    "Queendomino first, then Kingdomino, alternating"
                );
            }
            assert_eq!(g.round() as usize, expected_lines + 1);
            let [unused, pile, lines, placed, discarded] = g.domino_census();
            assert_eq!((unused, pile, lines), (0, 0, 0));
            assert_eq!(placed + discarded, 96);
            // Leftovers: each line holds more dominoes than kings.
            assert!(discarded >= expected_lines * (line - usize::from(players)));
        }
    }
}

#[test]
fn royal_wedding_teams_share_a_kingdom_and_a_purse() {
    let r = royal_wedding(true);
    let mut state = 4u64;
    for players in [6u8, 8] {
        let mut g = Game::new(r.clone(), players, 9).expect("setup");
        assert_eq!(g.sides(), players / 2);
        assert_eq!(g.kingdoms().len(), usize::from(players / 2));
        assert!(
            crate::testkit::pieces(&g)
                .sides
                .values()
                .all(|h| h.coins == 7 && h.knights_in_hand == 1),
            "a team starts with 1 knight and 7 coins"
        );
        let mut placements_by_player = vec![0usize; usize::from(players)];
        while !g.is_over() {
            let player = g.to_act().expect("acting");
            let side = g.side_of(player);
            assert_eq!(side, Side(player.0 / 2), "teammates sit side by side");
            let before = g.placed().len();
            let coins_before = crate::testkit::pieces(&g).sides[side].coins;
            let a = g.play_random(|| xorshift(&mut state)).expect("action");
            if g.placed().len() > before {
                let (kingdom, _, _) = g.placed()[before];
                assert_eq!(kingdom, side, "a player places into the team's kingdom");
                placements_by_player[player.index()] += 1;
            }
            if g.module_action::<crate::modules::KnightsAction>(a)
                .is_some()
            {
                assert!(
                    crate::testkit::pieces(&g).sides[side].coins > coins_before,
                    "tax goes to the team's purse"
                );
            }
        }
        assert!(
            placements_by_player.iter().all(|&n| n > 0),
            "every player places their own dominoes"
        );
        // The same through legal_actions and apply (the checked path).
        let mut h = Game::new(r.clone(), players, 10).expect("setup");
        while !h.is_over() {
            let legal = h.legal_actions();
            for a in &legal {
                assert!(h.is_legal(*a));
            }
            h.apply(legal[(xorshift(&mut state) as usize) % legal.len()])
                .expect("legal");
        }
        let outcome = g.outcome();
        assert_eq!(
            outcome.scores.len(),
            usize::from(players / 2),
            "ranked per team"
        );
        for side in g.all_sides() {
            assert_eq!(outcome.scores[side], g.score(side));
            assert!(
                g.kingdom(side).squares() > 20,
                "two players fill one 7x7 kingdom"
            );
        }
    }
}

#[test]
fn resampling_keeps_each_box_apart() {
    let r = royal_wedding(false);
    let mut state = 6u64;
    let mut g = Game::new(r, 4, 1).expect("setup");
    for _ in 0..30 {
        g.play_random(|| xorshift(&mut state));
    }
    let mut h = g.clone();
    h.resample_hidden(|| xorshift(&mut state));
    assert_ne!(g, h);
    assert_eq!(g.unseen_dominoes(), h.unseen_dominoes());
    // Both go on drawing lines from the right box, in turn.
    let mut last_round = h.round();
    while !h.is_over() {
        if h.round() != last_round && !h.next_line().is_empty() {
            last_round = h.round();
            let boxes: Vec<u8> = h
                .next_line()
                .iter()
                .map(|s| h.domino(s.domino).pile)
                .collect();
            assert!(boxes.iter().all(|&b| b == boxes[0]));
            assert_eq!(
                boxes[0],
                if h.round() % 2 == 1 { 0 } else { 1 },
                "round {}",
                h.round()
            );
        }
        h.play_random(|| xorshift(&mut state));
    }
}

#[test]
fn resampling_depends_only_on_what_players_know() {
    // Two games that differ only in the hidden order give the same sample from the same source,
    // and the sample does not keep the real seed.
    let r = Arc::new(testkit::kingdomino());
    let mut state = 31u64;
    let mut g = Game::new(r, 2, 4).expect("setup");
    for _ in 0..15 {
        g.play_random(|| xorshift(&mut state));
    }
    let mut other = g.clone();
    other.resample_hidden(|| xorshift(&mut state));
    let (mut a, mut b) = (g.clone(), other.clone());
    let (mut s1, mut s2) = (99u64, 99u64);
    a.resample_hidden(|| xorshift(&mut s1));
    b.resample_hidden(|| xorshift(&mut s2));
    assert_eq!(a, b);
    assert_ne!(a.seed(), g.seed());
}

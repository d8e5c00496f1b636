//! The game loop: rounds, claims, discards, illegal actions, replays and resampling.

use crate::rng::GameRng;
use crate::testkit::{self, ALL, kingdom, play_out, queendomino_like, square, xorshift};
use crate::*;
use std::sync::Arc;

#[test]
fn four_players_use_all_48_in_12_rounds() {
    let r = Arc::new(testkit::kingdomino());
    for seed in 0..20 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        assert_eq!(g.next_line().len(), 4);
        let numbers: Vec<u16> = g
            .next_line()
            .iter()
            .map(|s| g.domino(s.domino).number)
            .collect();
        assert!(numbers.windows(2).all(|w| w[0] < w[1]), "first line sorted");
        let mut order = g.first_claim_order().to_vec();
        order.sort();
        assert_eq!(order, King::all(4).collect::<Vec<_>>());
        play_out(&mut g, seed);
        assert!(g.is_over());
        assert_eq!(g.round(), 13);
        let [unused, pile, lines, placed, discarded] = g.domino_census();
        assert_eq!((unused, pile, lines), (0, 0, 0));
        assert_eq!(placed + discarded, 48);
    }
}

#[test]
fn three_players_discard_the_leftover_of_each_line() {
    let r = Arc::new(testkit::kingdomino());
    let mut g = Game::new(r, 3, 7).expect("setup");
    let mut state = 99u64;
    let mut leftovers = 0;
    while !g.is_over() {
        let before = g.discarded().len();
        let was_claim_end = matches!(g.phase(), Phase::FirstClaims { step: 2 })
            || matches!(g.phase(), Phase::Claim { slot: 2 });
        let a = g.play_random(|| xorshift(&mut state)).expect("action");
        if was_claim_end && a != Action::Discard {
            leftovers += g.discarded().len() - before;
        }
    }
    assert_eq!(leftovers, 12, "one unclaimed domino per line, 12 lines");
    let [_, _, _, placed, discarded] = g.domino_census();
    assert_eq!(placed + discarded, 48);
    assert_eq!(placed, 36 - (discarded - 12));
}

#[test]
fn two_players_snake_the_first_claims_and_fill_5x5() {
    let r = Arc::new(testkit::kingdomino());
    for seed in 0..30 {
        let g = Game::new(r.clone(), 2, seed).expect("setup");
        let owners: Vec<Seat> = g.first_claim_order().iter().map(|&k| g.owner(k)).collect();
        let a = owners[0];
        let b = Seat(1 - a.0);
        assert_eq!(owners, vec![a, b, b, a], "A B B A (rulebook 002, Step 2)");
        let mut g = g;
        play_out(&mut g, seed);
        let [unused, _, _, placed, discarded] = g.domino_census();
        assert_eq!(unused, 24);
        assert_eq!(placed + discarded, 24);
        assert_eq!(g.round(), 7);
    }
}

/// The test Kingdomino with `change` made to its rules at every player count (a house rule).
fn kingdomino_with(change: impl Fn(&mut Rules)) -> Arc<Ruleset> {
    let mut parts = testkit::kingdomino_parts();
    for (_, rules) in &mut parts.player_counts {
        change(rules);
    }
    Arc::new(Ruleset::new(parts).expect("valid"))
}

/// `places_again`: true at every placement of a kingdom but its last, with one king a side
/// and with two (the last round's first placement of a side with two kings grows on).
#[test]
fn a_kingdom_places_again_until_its_last_placement() {
    let r = Arc::new(testkit::kingdomino());
    for players in [2u8, 3, 4] {
        for seed in 0..4 {
            let mut g = Game::new(r.clone(), players, seed).expect("setup");
            let mut seen: Vec<(Side, bool)> = Vec::new();
            let mut state = seed + 1;
            while !g.is_over() {
                if let (Phase::Place { .. }, Some(p)) = (g.phase(), g.to_act()) {
                    seen.push((g.side_of(p), g.places_again()));
                } else {
                    assert!(!g.places_again(), "only at a placement");
                }
                g.play_random(|| xorshift(&mut state)).expect("not over");
            }
            for side in g.all_sides() {
                let own: Vec<bool> = seen.iter().filter(|s| s.0 == side).map(|s| s.1).collect();
                let (last, before) = own.split_last().expect("placements");
                assert!(!last, "{players} players, seed {seed}: {side:?}'s last");
                assert!(
                    before.iter().all(|&again| again),
                    "{players}, {seed}: {own:?}"
                );
            }
        }
    }
}

/// `first-claims = "seated"` (a house rule): the seats' order from the first seat, then back and
/// forth, whatever the seed: A B C D with one king a player, A B B A with two.
#[test]
fn seated_first_claims_follow_the_seats() {
    let r = kingdomino_with(|rules| rules.first_claims = FirstClaims::Seated);
    for seed in 0..10 {
        for (players, order) in [(2u8, vec![0, 1, 1, 0]), (4, vec![0, 1, 2, 3])] {
            let mut g = Game::new(r.clone(), players, seed).expect("setup");
            let owners: Vec<u8> = g
                .first_claim_order()
                .iter()
                .map(|&k| g.owner(k).0)
                .collect();
            assert_eq!(owners, order, "{players} players, seed {seed}");
            play_out(&mut g, seed);
            assert!(g.is_over());
        }
    }
}

/// A module's action out of its step names the action and its module.
#[test]
fn a_module_action_out_of_turn_names_itself() {
    let g = Game::new(testkit::knights_and_wealth(), 2, 3).expect("setup");
    let tax = testkit::packed(
        &g,
        crate::modules::knights::KnightsAction::Tax { square: 0 },
    );
    let e = g.clone().apply(tax).expect_err("not now");
    assert_eq!(
        e.to_string(),
        "it is time to claim a domino, not to play `tax0` (the knights module's action)"
    );
    let e = g.clone().apply(Action::Pass).expect_err("not now");
    assert_eq!(
        e.to_string(),
        "it is time to claim a domino, not to pass a module's step"
    );
}

/// An action of another kind in a module's step says what the step takes: its choices, the
/// first three of a long list, or `pass` alone.
#[test]
fn a_module_step_says_its_choices() {
    let r = queendomino_like(&["knights", "buildings", "dragon"], 15);
    let (mut short, mut long, mut only) = (false, false, false);
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 2, seed).expect("setup");
        let mut state = seed + 1;
        while testkit::play_until(&mut g, &mut state, |g| {
            matches!(g.phase(), Phase::Step { .. })
        }) {
            let legal = g.legal_actions();
            let texts: Vec<String> = legal.iter().map(|&a| g.action_text(a)).collect();
            let before = g.clone();
            let e = g.clone().apply(Action::Discard).expect_err("not in a step");
            let said = e.to_string();
            let step = match e {
                IllegalAction::OtherStep { step, .. } => step,
                other => panic!("{other:?}"),
            };
            let choices = match texts.as_slice() {
                [only] => format!("only `{only}` is possible"),
                [a, b] => format!("`{a}` or `{b}`"),
                [a, b, c] => format!("`{a}`, `{b}` or `{c}`"),
                [a, b, c, d] => format!("`{a}`, `{b}`, `{c}` or `{d}`"),
                [a, b, c, .., last] => {
                    format!(
                        "`{a}`, `{b}`, `{c}` or `{last}`, of {} choices",
                        texts.len()
                    )
                }
                [] => panic!("a step always takes `pass`"),
            };
            assert_eq!(
                said,
                format!("it is the {step} step ({choices}), not the time to discard a domino")
            );
            assert_eq!(texts.last().map(String::as_str), Some("pass"));
            short |= (2..=4).contains(&texts.len());
            long |= texts.len() > 4;
            only |= texts.len() == 1;
            assert_eq!(g, before);
            let pick = legal[(xorshift(&mut state) as usize) % legal.len()];
            g.apply(pick).expect("legal");
        }
    }
    assert!(
        short && long && only,
        "every form seen: {short} {long} {only}"
    );
}

#[test]
fn illegal_actions_leave_the_game_unchanged() {
    let r = Arc::new(testkit::kingdomino());
    let mut g = Game::new(r, 4, 3).expect("setup");
    let before = g.clone();
    assert!(matches!(
        g.apply(Action::Discard),
        Err(IllegalAction::WrongStep { .. })
    ));
    assert!(matches!(
        g.apply(Action::Claim {
            domino: DominoId(999)
        }),
        Err(IllegalAction::NotInLine(_))
    ));
    assert_eq!(g, before);
    let first = g.next_line()[0].domino;
    g.apply(Action::Claim { domino: first }).expect("claim");
    let before = g.clone();
    assert!(matches!(
        g.apply(Action::Claim { domino: first }),
        Err(IllegalAction::AlreadyClaimed(_))
    ));
    assert_eq!(g, before);
    // Play to the first placement and try a far-away square and a discard.
    let mut state = 5u64;
    while !matches!(g.phase(), Phase::Place { .. }) {
        g.play_random(|| xorshift(&mut state));
    }
    let before = g.clone();
    let far = Placement::new(Cell::new(3, 3), Direction::East);
    let err = g
        .apply(Action::Place { placement: far })
        .expect_err("too far");
    assert!(err.to_string().contains("cannot go at"), "{err}");
    let err = g.apply(Action::Discard).expect_err("it fits");
    assert!(matches!(err, IllegalAction::MustPlace(_)), "{err}");
    // The message says what the rule is and which house rule lifts it.
    assert!(
        err.to_string().contains("must be placed") && err.to_string().contains("any-time"),
        "{err}"
    );
    assert_eq!(g, before);
}

/// `discard = "any-time"` (a house rule): a domino that fits may be discarded too, the discard
/// listed last, counted, legal and played as a forced one is; random play draws it as one more
/// choice; the rulebooks' rules still refuse it.
#[test]
fn a_domino_that_fits_may_be_discarded_under_the_house_rule() {
    let r = kingdomino_with(|rules| rules.discard = Discard::AnyTime);
    let mut g = Game::new(r, 4, 3).expect("setup");
    let mut state = 5u64;
    while !matches!(g.phase(), Phase::Place { .. }) {
        g.play_random(|| xorshift(&mut state));
    }
    assert!(g.discards_any_time() && g.may_discard());
    let legal = g.legal_actions();
    let placements = g.placements().count() as usize;
    assert!(placements > 0);
    assert_eq!(legal.len(), placements + 1);
    assert_eq!(legal.last(), Some(&Action::Discard));
    assert_eq!(g.legal_action_count() as usize, legal.len());
    assert!(g.is_legal(Action::Discard));
    let domino = g.domino_to_place().expect("a domino to place");
    g.apply(Action::Discard)
        .expect("a discard of a domino that fits");
    assert_eq!(g.discarded(), &[domino]);
    assert_eq!(g.given_up(), 1, "given up where it fitted");
    // Random play draws the discard among the placements, about once in placements + 1; the
    // game counts those given up where they fitted apart from those that fitted nowhere, in
    // random play and played one by one alike.
    let mut discards = 0;
    let mut places = 0;
    for seed in 0..40 {
        let mut g = g.clone();
        let mut applied = g.clone();
        let mut state = seed * 7 + 1;
        let mut given_up = 1;
        while !g.is_over() {
            let fits = matches!(g.phase(), Phase::Place { .. }) && !g.placements().is_empty();
            let played = g.play_random(|| xorshift(&mut state)).expect("not over");
            applied.apply(played).expect("legal");
            if fits {
                match played {
                    Action::Discard => (discards, given_up) = (discards + 1, given_up + 1),
                    _ => places += 1,
                }
            }
            assert_eq!(g.given_up(), given_up);
            assert_eq!(applied, g);
        }
    }
    assert!(
        discards > 0 && places > 3 * discards,
        "{discards} of {places}"
    );
    // The rulebooks' rules: a domino that fits must be placed.
    let mut g = Game::new(Arc::new(testkit::kingdomino()), 4, 3).expect("setup");
    let mut state = 5u64;
    while !matches!(g.phase(), Phase::Place { .. }) {
        g.play_random(|| xorshift(&mut state));
    }
    assert!(!g.discards_any_time() && !g.may_discard());
    assert_eq!(g.given_up(), 0);
    assert_eq!(
        g.legal_actions().last().map(|a| *a == Action::Discard),
        Some(false)
    );
}

#[test]
fn forced_discard_when_nothing_fits() {
    // A full 3x3 kingdom: nothing fits any more.
    let mut k = kingdom(3, "W W W\nW C W\nW W W");
    let r = testkit::kingdomino();
    assert!(k.placements(&r.dominoes()[0]).is_empty());
    // A lake domino next to a wheat-only edge, with room: no terrain matches, castle not touched.
    k = kingdom(5, "W W C");
    let lake = &r.dominoes()[6];
    let set = k.placements(lake);
    let by_castle = |c: Cell| (c.x.abs() + c.y.abs()) == 1;
    assert!(
        set.iter()
            .all(|p| by_castle(p.first) || by_castle(p.second()))
    );
    // Three free sides of the castle, three ways to lay the other square from each: 9 positions,
    // each in both orders.
    assert_eq!(set.count(), 18, "only around the castle");
    assert!(
        set.iter()
            .all(|p| p.first != Cell::new(-1, 0) && p.second() != Cell::new(-1, 0))
    );
    let _ = square("W");
}

#[test]
fn listed_actions_are_exactly_the_legal_ones() {
    let r = Arc::new(testkit::kingdomino());
    let mut state = 77u64;
    for seed in 0..30 {
        let mut g = Game::new(r.clone(), 2 + (seed % 3) as u8, seed).expect("setup");
        while !g.is_over() {
            let legal = g.legal_actions();
            assert_eq!(legal.len() as u32, g.legal_action_count());
            for a in &legal {
                assert!(g.is_legal(*a));
            }
            if let Some(Action::Place { placement }) = legal.first() {
                // Probe nearby placements: legal exactly when listed.
                for dx in -2..=2 {
                    for d in Direction::ALL {
                        let mut p = *placement;
                        p.first.x += dx;
                        p.direction = d;
                        assert_eq!(
                            g.is_legal(Action::Place { placement: p }),
                            legal.contains(&Action::Place { placement: p })
                        );
                    }
                }
            }
            let pick = legal[(xorshift(&mut state) as usize) % legal.len()];
            g.apply(pick).expect("legal");
        }
    }
}

#[test]
fn same_seed_and_actions_replay_exactly() {
    let r = Arc::new(testkit::kingdomino());
    let mut a = Game::new(r.clone(), 4, 11).expect("setup");
    let actions = play_out(&mut a, 5);
    let mut b = Game::new(r, 4, 11).expect("setup");
    for act in actions {
        b.apply(act).expect("replays");
    }
    assert_eq!(a, b);
    assert_eq!(a.outcome(), b.outcome());
}

#[test]
fn resampling_keeps_what_players_have_seen() {
    let r = Arc::new(testkit::kingdomino());
    let mut g = Game::new(r, 2, 4).expect("setup");
    let mut state = 9u64;
    for _ in 0..20 {
        g.play_random(|| xorshift(&mut state));
    }
    let mut h = g.clone();
    h.resample_hidden(|| xorshift(&mut state));
    assert_ne!(g, h, "the hidden order changed");
    assert_eq!(g.unseen_dominoes(), h.unseen_dominoes());
    assert_eq!(g.legal_actions(), h.legal_actions());
    assert_eq!(g.next_line(), h.next_line());
    assert_eq!(g.current_line(), h.current_line());
    assert_eq!(g.draw_pile_len(), h.draw_pile_len());
    for side in g.all_sides() {
        assert_eq!(g.kingdom(side), h.kingdom(side));
    }
    // Both play on to a legal end.
    while h.play_random(|| xorshift(&mut state)).is_some() {}
    assert_eq!(h.domino_census().iter().sum::<usize>(), 48);
}

#[test]
fn reset_deals_exactly_what_new_deals() {
    let r = Arc::new(testkit::kingdomino());
    for players in [2u8, 3, 4] {
        let mut reused = Game::new(r.clone(), players, 1).expect("setup");
        let mut state = 3u64;
        for seed in 0..20 {
            while reused.play_random(|| xorshift(&mut state)).is_some() {}
            reused.reset(seed);
            assert_eq!(reused, Game::new(r.clone(), players, seed).expect("setup"));
        }
    }
}

#[test]
fn play_out_random_plays_what_play_random_would() {
    // Kingdomino, and every module with a turn step (a turn's steps played in one go).
    for (r, seeds) in [
        (Arc::new(testkit::kingdomino()), 10),
        (queendomino_like(ALL, 15), 40),
    ] {
        for players in [2u8, 3, 4] {
            for seed in 0..seeds {
                let mut whole = Game::new(r.clone(), players, seed).expect("setup");
                let mut stepped = whole.clone();
                let (mut a, mut b) = (GameRng::seed_from(seed), GameRng::seed_from(seed));
                whole.play_out_random(&mut a);
                while stepped.play_random(|| b.next_u32()).is_some() {}
                assert!(whole.is_over());
                assert_eq!(whole, stepped);
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn the_last_round_places_and_takes_steps_but_claims_nothing() {
    let r = queendomino_like(ALL, 15);
    let mut state = 12u64;
    for seed in 0..20 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        let mut steps_in_last_round = 0;
        while !g.is_over() {
            if g.next_line().is_empty() && !matches!(g.phase(), Phase::FirstClaims { .. }) {
                assert!(
                    !matches!(g.phase(), Phase::Claim { .. }),
                    "no claim in the last round"
                );
                assert!(
                    !g.legal_actions()
                        .iter()
                        .any(|a| matches!(a, Action::Claim { .. }))
                );
                steps_in_last_round += usize::from(matches!(g.phase(), Phase::Step { .. }));
            }
            g.play_random(|| xorshift(&mut state));
        }
        assert!(
            steps_in_last_round >= 4,
            "tax, build and Dragon steps still happen (A-D)"
        );
    }
}

#[test]
fn every_line_is_sorted_by_number_whatever_order_the_set_lists_its_dominoes() {
    // The shipped sets list dominoes by number; a house-rule set may not.
    let mut reversed = testkit::kingdomino_parts();
    reversed.dominoes.reverse();
    let reversed = Ruleset::new(reversed).expect("valid");
    for r in [testkit::kingdomino(), reversed] {
        let r = Arc::new(r);
        for seed in 0..10 {
            let mut g = Game::new(r.clone(), 4, seed).expect("setup");
            let mut rng = crate::rng::GameRng::seed_from(seed);
            while !g.is_over() {
                let numbers: Vec<u16> = g
                    .next_line()
                    .iter()
                    .map(|s| g.domino(s.domino).number)
                    .collect();
                assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
                g.play_random(|| rng.next_u32());
            }
        }
    }
}

#[test]
fn actions_display_in_their_text_not_debug_text() {
    use crate::modules::{BuildingsAction, DragonAction, KnightsAction};
    use crate::testkit::{ALL, packed, queendomino_like};
    use crate::{Action, Cell, Direction, DominoId, Placement};
    let g = Game::new(queendomino_like(ALL, 15), 2, 1).expect("setup");
    let shown = [
        Action::Claim {
            domino: DominoId(4),
        },
        Action::Place {
            placement: Placement::new(Cell::new(1, -1), Direction::ALL[1]),
        },
        Action::Discard,
        packed(&g, KnightsAction::Tax { square: 1 }),
        packed(
            &g,
            BuildingsAction::Build {
                slot: 5,
                cell: Cell::new(100, 100),
            },
        ),
        packed(&g, DragonAction::Burn { slot: 2 }),
        Action::Pass,
    ]
    .map(|a| g.action_text(a));
    assert_eq!(
        shown,
        [
            "c#4",
            "1,-1s",
            "x",
            "tax1",
            "build5@100,100",
            "burn2",
            "pass"
        ]
    );
    for s in &shown {
        assert!(!s.contains('{') && !s.contains("Cell"), "{s}");
    }
}

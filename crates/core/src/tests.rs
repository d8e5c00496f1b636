//! Unit tests of the core against the rulebook and against a naive placement oracle.

use crate::building::{Building, BuildingId, BuildingValue, TaxBonus};
use crate::rng::GameRng;
use crate::ruleset::LineSource;
use crate::testkit::{self, kingdom, square};
use crate::*;
use std::sync::Arc;

/// The connection rules written out square by square, to check the bitboards against.
fn naive_placements(k: &Kingdom, d: &Domino) -> Vec<Placement> {
    let n = i8::try_from(k.grid()).unwrap_or(1);
    let mut out = Vec::new();
    let (min_x, min_y, max_x, max_y) = k.bounds();
    for y in -(n - 1)..n {
        for x in -(n - 1)..n {
            for dir in Direction::ALL {
                let a = Cell::new(x, y);
                let b = a.step(dir);
                if k.content(a) != Content::Empty || k.content(b) != Content::Empty {
                    continue;
                }
                if !b.in_frame(k.grid()) {
                    continue;
                }
                let (lx, hx) = (min_x.min(a.x).min(b.x), max_x.max(a.x).max(b.x));
                let (ly, hy) = (min_y.min(a.y).min(b.y), max_y.max(a.y).max(b.y));
                if hx - lx >= n || hy - ly >= n {
                    continue;
                }
                let touches = |c: Cell, t: TerrainId| {
                    Direction::ALL.iter().any(|&e| match k.content(c.step(e)) {
                        Content::Castle => true,
                        Content::Square(s) => s.terrain == t,
                        Content::Empty => false,
                    })
                };
                if touches(a, d.first.terrain) || touches(b, d.second.terrain) {
                    out.push(Placement::new(a, dir));
                }
            }
        }
    }
    out.sort();
    out
}

fn xorshift(state: &mut u64) -> u32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 32) as u32
}

#[test]
fn bitboard_placements_match_the_naive_rules() {
    let ruleset = Arc::new(testkit::kingdomino());
    let mut state = 0x1234_5678_9abc_def0u64;
    for grid in [3u8, 5, 7, 8] {
        for game_seed in 0..40u64 {
            let mut k = Kingdom::new(grid);
            for step in 0..60 {
                let d = &ruleset.dominoes[(xorshift(&mut state) % 48) as usize];
                let set = k.placements(d);
                let mut fast: Vec<Placement> = set.iter().collect();
                fast.sort();
                let slow = naive_placements(&k, d);
                assert_eq!(fast, slow, "grid {grid} seed {game_seed} step {step}");
                assert_eq!(set.count() as usize, slow.len());
                for (i, p) in set.iter().enumerate() {
                    assert_eq!(set.nth(i as u32), Some(p));
                    assert!(k.is_legal(d, p));
                }
                if slow.is_empty() {
                    continue;
                }
                let p = slow[(xorshift(&mut state) as usize) % slow.len()];
                k.place_unchecked(d, p);
                let (lx, ly, hx, hy) = k.bounds();
                assert!(hx - lx < grid as i8 && hy - ly < grid as i8);
            }
        }
    }
}

#[test]
fn rulebook_territory_examples() {
    // 7 forest squares with 3 crowns score 21; 9 lake squares without a crown score 0 (000).
    let k = kingdom(
        5,
        "F1 F1 F1 F  F
         F  F  C  L  L
         L  L  L  L  L
         L  L  .  .  .",
    );
    let s = score::score_kingdom(&k, &testkit::rules(5, 1, 48));
    let forest = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('F'))
        .expect("forest");
    assert_eq!((forest.squares, forest.crowns, forest.points), (7, 3, 21));
    let lake = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('L'))
        .expect("lake");
    assert_eq!((lake.squares, lake.crowns, lake.points), (9, 0, 0));
    assert_eq!(s.total, 21);
    assert_eq!(s.largest_territory, 9);
}

#[test]
fn separate_territories_of_one_terrain_score_apart() {
    let k = kingdom(5, "W1 W  C  W2 W");
    let s = score::score_kingdom(&k, &testkit::rules(5, 1, 48));
    let points: Vec<u32> = s.territories.iter().map(|t| t.points).collect();
    assert_eq!(points, vec![2, 4]);
    assert_eq!(s.total, 6);
}

fn with_bonuses(reading: MiddleKingdomReading) -> Rules {
    let mut r = testkit::rules(5, 1, 48);
    r.harmony = Some(5);
    r.middle_kingdom = Some(MiddleKingdom {
        points: 10,
        reading,
    });
    r
}

#[test]
fn harmony_and_middle_kingdom() {
    let full = "W W W W W
                W W W W W
                W W C W W
                W W W W W
                W W W W W1";
    let s = score::score_kingdom(
        &kingdom(5, full),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(s.bonus("harmony"), Some(5));
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    assert_eq!(s.total, 24 + 5 + 10);

    // Full but the castle off-centre: Harmony only.
    let off = "W W W W W
               W C W W W
               W W W W W
               W W W W W
               W W W W W";
    let s = score::score_kingdom(
        &kingdom(5, off),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(
        (s.bonus("harmony"), s.bonus("middle-kingdom")),
        (Some(5), None)
    );

    // A gap: no Harmony, but Middle Kingdom still holds (gaps allowed).
    let gap = "W W W W W
               W W . W W
               W W C W W
               W W W W W
               W W W W W";
    let s = score::score_kingdom(
        &kingdom(5, gap),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(
        (s.bonus("harmony"), s.bonus("middle-kingdom")),
        (None, Some(10))
    );

    // A small symmetric kingdom: centred in its bounding box (BGA), not in a full grid.
    let small = "W C W";
    let bb = score::score_kingdom(
        &kingdom(5, small),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    let fg = score::score_kingdom(
        &kingdom(5, small),
        &with_bonuses(MiddleKingdomReading::FullGrid),
    );
    assert_eq!(bb.bonus("middle-kingdom"), Some(10));
    assert_eq!(fg.bonus("middle-kingdom"), None);

    // Lopsided: every cell within 2 of the castle, but the box is not symmetric.
    let lopsided = "W W C W";
    let s = score::score_kingdom(
        &kingdom(5, lopsided),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(s.bonus("middle-kingdom"), None);
    // ... which the "every square within 2 of the castle" reading accepts.
    let s = score::score_kingdom(
        &kingdom(5, lopsided),
        &with_bonuses(MiddleKingdomReading::WithinHalfGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    // Three squares to one side of the castle: not within 2.
    let far = "W W W C";
    let s = score::score_kingdom(
        &kingdom(5, far),
        &with_bonuses(MiddleKingdomReading::WithinHalfGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), None);

    // A full-grid box with gaps and a centred castle earns the strict reading too.
    let framed = "W . . . W
                  . . . . .
                  . . C . .
                  . . . . .
                  W . . . W";
    let s = score::score_kingdom(
        &kingdom(5, framed),
        &with_bonuses(MiddleKingdomReading::FullGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    assert_eq!(s.bonus("harmony"), None);
}

fn breakdown(total: i32, largest: u32, crowns: u32) -> ScoreBreakdown {
    ScoreBreakdown {
        territories: vec![],
        bonuses: vec![],
        total,
        largest_territory: largest,
        coins: 0,
        crowns,
    }
}

#[test]
fn tie_breaks_in_order() {
    let both = [TieBreak::LargestTerritory, TieBreak::MostCrowns];
    // Clear winner on score.
    let o = score::rank(vec![breakdown(30, 5, 3), breakdown(20, 9, 9)], &both);
    assert_eq!((o.winners.clone(), o.decided_by), (vec![0], Decider::Score));
    // Tied on score: the largest territory wins.
    let o = score::rank(vec![breakdown(30, 5, 9), breakdown(30, 6, 1)], &both);
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![1], Decider::TieBreak(TieBreak::LargestTerritory))
    );
    assert_eq!(o.places, vec![2, 1]);
    // Tied on score and territory: most crowns (004).
    let o = score::rank(
        vec![
            breakdown(30, 6, 4),
            breakdown(30, 6, 5),
            breakdown(10, 9, 9),
        ],
        &both,
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![1], Decider::TieBreak(TieBreak::MostCrowns))
    );
    assert_eq!(o.places, vec![2, 1, 3]);
    // Most coins, when a ruleset names it.
    let mut rich = breakdown(30, 6, 4);
    rich.coins = 9;
    let o = score::rank(
        vec![breakdown(30, 6, 4), rich],
        &[TieBreak::LargestTerritory, TieBreak::MostCoins],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![1], Decider::TieBreak(TieBreak::MostCoins))
    );
    // Without the crowns tie-break (000 alone), the same players share the victory.
    let o = score::rank(
        vec![breakdown(30, 6, 4), breakdown(30, 6, 5)],
        &[TieBreak::LargestTerritory],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![0, 1], Decider::Shared)
    );
    assert_eq!(o.places, vec![1, 1]);
    // Equal on everything: shared.
    let o = score::rank(
        vec![
            breakdown(30, 6, 4),
            breakdown(30, 6, 4),
            breakdown(31, 1, 1),
        ],
        &both,
    );
    assert_eq!(o.winners, vec![2]);
    assert_eq!(o.places, vec![2, 2, 1]);
}

fn play_out(game: &mut Game, seed: u64) -> Vec<Action> {
    let mut state = seed | 1;
    let mut actions = Vec::new();
    while let Some(a) = game.play_random(|| xorshift(&mut state)) {
        actions.push(a);
    }
    actions
}

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
        assert_eq!(order, vec![0, 1, 2, 3]);
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
        let owners: Vec<PlayerId> = g.first_claim_order().iter().map(|&k| g.owner(k)).collect();
        let a = owners[0];
        assert_eq!(
            owners,
            vec![a, 1 - a, 1 - a, a],
            "A B B A (rulebook 002, Step 2)"
        );
        let mut g = g;
        play_out(&mut g, seed);
        let [unused, _, _, placed, discarded] = g.domino_census();
        assert_eq!(unused, 24);
        assert_eq!(placed + discarded, 24);
        assert_eq!(g.round(), 7);
    }
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
    assert!(matches!(
        g.apply(Action::Discard),
        Err(IllegalAction::MustPlace(_))
    ));
    assert_eq!(g, before);
}

#[test]
fn forced_discard_when_nothing_fits() {
    // A full 3x3 kingdom: nothing fits any more.
    let mut k = kingdom(3, "W W W\nW C W\nW W W");
    let r = testkit::kingdomino();
    assert!(k.placements(&r.dominoes[0]).is_empty());
    // A lake domino next to a wheat-only edge, with room: no terrain matches, castle not touched.
    k = kingdom(5, "W W C");
    let lake = &r.dominoes[6];
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
    for p in 0..2 {
        assert_eq!(g.kingdom(p), h.kingdom(p));
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
    let r = Arc::new(testkit::kingdomino());
    for players in [2u8, 3, 4] {
        for seed in 0..10 {
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

fn with_modules(specs: Vec<modules::ModuleSpec>) -> Arc<Ruleset> {
    let mut r = testkit::kingdomino();
    for (_, rules) in &mut r.player_counts {
        rules.modules = specs.clone();
    }
    Arc::new(r)
}

fn knights_and_wealth() -> Arc<Ruleset> {
    with_modules(vec![
        modules::ModuleSpec::new("knights"),
        modules::ModuleSpec::new("wealth"),
    ])
}

fn knights_conserved(g: &Game) {
    let e = g.economy();
    let owned: u32 = e.sides.iter().map(|h| h.knights()).sum();
    assert_eq!(
        owned + e.knight_supply,
        22,
        "knights are neither made nor lost"
    );
}

#[test]
fn tax_collects_the_territory_after_placing() {
    let r = knights_and_wealth();
    let mut state = 17u64;
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        assert_eq!(g.module_names(), vec!["knights", "wealth"]);
        assert!(
            g.economy()
                .sides
                .iter()
                .all(|h| h.coins == 7 && h.knights_in_hand == 1)
        );
        assert_eq!(g.economy().knight_supply, 18);
        while !g.is_over() {
            if let Phase::Step { .. } = g.phase() {
                let side = g.to_act().expect("acting");
                let legal = g.legal_actions();
                assert_eq!(
                    legal.last(),
                    Some(&Action::Pass),
                    "skipping is always possible"
                );
                match g.turn_placement() {
                    None => {
                        assert_eq!(legal, vec![Action::Pass], "a discarded domino gives no tax")
                    }
                    Some(p) if g.economy().sides[side].knights_in_hand > 0 => {
                        assert!(legal.contains(&Action::Tax { square: 0 }));
                        let cell = p.second();
                        let expected = g.kingdom(side).territory_at(cell).expect("square").squares;
                        let before = g.economy().sides[side].coins;
                        g.apply(Action::Tax { square: 1 }).expect("tax");
                        assert_eq!(g.economy().sides[side].coins, before + expected);
                        assert_eq!(g.economy().sides[side].knights_placed.last(), Some(&cell));
                        // The same square cannot be taxed twice in one turn.
                        assert!(!g.legal_actions().contains(&Action::Tax { square: 1 }));
                        assert!(g.apply(Action::Tax { square: 1 }).is_err());
                        checked += 1;
                    }
                    Some(_) => assert_eq!(legal, vec![Action::Pass], "no knight in hand"),
                }
            }
            knights_conserved(&g);
            g.play_random(|| xorshift(&mut state));
        }
        knights_conserved(&g);
        for p in 0..4 {
            let s = g.score(p);
            let coins = g.economy().sides[p].coins;
            assert_eq!(s.bonus("wealth"), Some((coins / 3) as i32));
            assert_eq!(s.total, g.score_total(p));
        }
    }
    assert!(checked > 20, "taxed {checked} times");
}

#[test]
fn two_knights_a_turn_one_per_square() {
    let r = with_modules(vec![{
        let mut k = modules::ModuleSpec::new("knights");
        k.params.insert("starting".into(), modules::Param::Int(3));
        k
    }]);
    let mut g = Game::new(r, 4, 2).expect("setup");
    let mut state = 5u64;
    while !matches!(g.phase(), Phase::Step { .. }) || g.turn_placement().is_none() {
        g.play_random(|| xorshift(&mut state));
    }
    let side = g.to_act().expect("acting");
    g.apply(Action::Tax { square: 0 }).expect("first knight");
    assert!(matches!(g.phase(), Phase::Step { .. }));
    g.apply(Action::Tax { square: 1 }).expect("second knight");
    // Two knights used: the step is over and the player claims.
    assert!(matches!(g.phase(), Phase::Claim { .. }));
    assert_eq!(g.economy().sides[side].knights_in_hand, 1);
    assert_eq!(g.economy().sides[side].knights_placed.len(), 2);
}

#[test]
fn unknown_duplicate_and_bad_modules_are_refused() {
    let bad = |specs: Vec<modules::ModuleSpec>| {
        let r = with_modules(specs);
        let problems = r.check();
        assert!(!problems.is_empty());
        assert!(Game::new(r, 4, 1).is_err());
        problems.join("; ")
    };
    let p = bad(vec![modules::ModuleSpec::new("dragons")]);
    assert!(p.contains("unknown module `dragons`"), "{p}");
    let p = bad(vec![
        modules::ModuleSpec::new("wealth"),
        modules::ModuleSpec::new("wealth"),
    ]);
    assert!(p.contains("listed twice"), "{p}");
    let mut k = modules::ModuleSpec::new("knights");
    k.params.insert("starting".into(), modules::Param::Int(6));
    let p = bad(vec![k]);
    assert!(p.contains("supply holds 22"), "{p}");
    let mut w = modules::ModuleSpec::new("wealth");
    w.params
        .insert("coins-per-point".into(), modules::Param::Int(0));
    let p = bad(vec![w]);
    assert!(p.contains("coins-per-point"), "{p}");
    let mut w = modules::ModuleSpec::new("wealth");
    w.params.insert("interest".into(), modules::Param::Int(1));
    let p = bad(vec![w]);
    assert!(p.contains("unknown parameter `interest`"), "{p}");
}

#[test]
fn module_games_replay_and_list_their_actions() {
    let r = knights_and_wealth();
    let mut state = 8u64;
    for seed in 0..20 {
        let mut g = Game::new(r.clone(), 2 + (seed % 3) as u8, seed).expect("setup");
        let mut actions = Vec::new();
        while !g.is_over() {
            let legal = g.legal_actions();
            assert_eq!(legal.len() as u32, g.legal_action_count());
            for &a in &legal {
                assert!(g.is_legal(a), "{a:?}");
            }
            let before = g.clone();
            assert!(
                g.apply(Action::Tax { square: 7 }).is_err()
                    || legal.contains(&Action::Tax { square: 7 })
            );
            assert_eq!(g, before);
            let a = legal[(xorshift(&mut state) as usize) % legal.len()];
            g.apply(a).expect("legal");
            actions.push(a);
        }
        let mut again = Game::new(r.clone(), g.players(), seed).expect("setup");
        for a in actions {
            again.apply(a).expect("replays");
        }
        assert_eq!(again, g);
        let [_, pile, lines, placed, discarded] = g.domino_census();
        assert_eq!((pile, lines), (0, 0));
        assert_eq!(placed + discarded, usize::from(g.rules().deck_size));
    }
}

fn building(
    number: u16,
    knights: u8,
    towers: u8,
    crowns: u8,
    value: BuildingValue,
    tax_bonus: TaxBonus,
) -> Building {
    Building {
        number,
        name: format!("b{number}"),
        crowns,
        knights,
        towers,
        coins: 0,
        tax_bonus,
        value,
    }
}

/// Kingdomino's dominoes with grassland as the town terrain and 12 test buildings.
fn queendomino_like(modules_list: &[&str], tower_supply: i64) -> Arc<Ruleset> {
    let mut r = testkit::kingdomino();
    let g = testkit::terrain('G');
    r.buildings = (1..=12)
        .map(|n| {
            let value = match n % 4 {
                0 => BuildingValue::Fixed { points: 3 },
                1 => BuildingValue::PerTerritory {
                    terrain: g,
                    points: 2,
                },
                2 => BuildingValue::PerTower { points: 1 },
                _ => BuildingValue::PerKnight { points: 1 },
            };
            let tax = if n == 5 {
                TaxBonus::PerKnight
            } else {
                TaxBonus::None
            };
            building(
                n,
                (n % 2) as u8,
                (n % 3 == 0) as u8,
                (n == 4) as u8,
                value,
                tax,
            )
        })
        .collect();
    let specs: Vec<modules::ModuleSpec> = modules_list
        .iter()
        .map(|name| {
            let mut s = modules::ModuleSpec::new(name);
            if *name == "buildings" {
                s.params
                    .insert("town".into(), modules::Param::Text("grassland".into()));
                s.params
                    .insert("tower-supply".into(), modules::Param::Int(tower_supply));
            }
            s
        })
        .collect();
    for (_, rules) in &mut r.player_counts {
        rules.modules = specs.clone();
    }
    assert!(r.check().is_empty(), "{:?}", r.check());
    Arc::new(r)
}

const ALL: &[&str] = &["knights", "buildings", "queen", "dragon", "wealth"];

fn conserved(g: &Game, towers: u32) {
    let e = g.economy();
    let total = g.ruleset().buildings.len();
    let built: usize = e.sides.iter().map(|h| h.buildings.len()).sum();
    let on_board = e.board.iter().flatten().count();
    assert_eq!(
        e.building_pile.len() + on_board + e.burnt.len() + built,
        total,
        "every building in one place"
    );
    let mut all: Vec<BuildingId> = e.building_pile.clone();
    all.extend(e.board.iter().flatten());
    all.extend(&e.burnt);
    all.extend(
        e.sides
            .iter()
            .flat_map(|h| h.buildings.iter().map(|&(b, _)| b)),
    );
    all.sort();
    all.dedup();
    assert_eq!(all.len(), total, "no building in two places");
    assert_eq!(
        e.sides.iter().map(|h| h.towers).sum::<u32>() + e.tower_supply,
        towers,
        "towers conserved"
    );
    knights_conserved(g);
    assert!(
        e.sides.iter().filter(|h| h.hosts_queen).count() <= 1,
        "one Queen"
    );
    if let Some(host) = e.queen_host() {
        let most = e.sides.iter().map(|h| h.towers).max().unwrap_or(0);
        assert_eq!(e.sides[host].towers, most, "the host has the most towers");
    }
}

#[test]
fn queendomino_modules_keep_every_piece_accounted_for() {
    let r = queendomino_like(ALL, 15);
    let mut state = 41u64;
    let mut built = 0;
    let mut burnt = 0;
    for seed in 0..60 {
        let mut g = Game::new(r.clone(), 2 + (seed % 3) as u8, seed).expect("setup");
        assert_eq!(g.economy().board.iter().flatten().count(), 6);
        conserved(&g, 15);
        while !g.is_over() {
            let legal = g.legal_actions();
            // Prefer module actions now and then, so building and burning happen often.
            let modules_first: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Build { .. } | Action::Burn { .. }))
                .collect();
            let a = if !modules_first.is_empty() && xorshift(&mut state).is_multiple_of(2) {
                modules_first[(xorshift(&mut state) as usize) % modules_first.len()]
            } else {
                legal[(xorshift(&mut state) as usize) % legal.len()]
            };
            built += usize::from(matches!(a, Action::Build { .. }));
            burnt += usize::from(matches!(a, Action::Burn { .. }));
            g.apply(a).expect("legal");
            conserved(&g, 15);
        }
    }
    assert!(built > 50 && burnt > 20, "built {built}, burnt {burnt}");
}

/// Play randomly until `side_ok` holds in the given module step.
fn play_until(g: &mut Game, state: &mut u64, mut ok: impl FnMut(&Game) -> bool) -> bool {
    while !g.is_over() {
        if ok(g) {
            return true;
        }
        g.play_random(|| xorshift(state));
    }
    false
}

#[test]
fn building_costs_the_slot_price_and_gives_its_effects() {
    let r = queendomino_like(ALL, 15);
    let mut state = 3u64;
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while play_until(&mut g, &mut state, |g| {
            g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Build { .. }))
        }) {
            let side = g.to_act().expect("acting");
            let Some(&Action::Build { slot, cell }) = g
                .legal_actions()
                .iter()
                .find(|a| matches!(a, Action::Build { .. }))
            else {
                break;
            };
            let before = g.clone();
            let e = before.economy();
            let id = e.board[usize::from(slot)].expect("face up");
            let b = &r.buildings[id.index()];
            let hosting = e.sides[side].hosts_queen;
            let price = u32::from(slot).saturating_sub(u32::from(hosting));
            assert_eq!(
                modules::board_prices(&before, side).get(usize::from(slot)),
                Some(&price),
                "the price front ends show is the price charged"
            );
            let crowns_before = match before.kingdom(side).content(cell) {
                Content::Square(sq) => sq.crowns,
                other => panic!("{other:?}"),
            };
            g.apply(Action::Build { slot, cell }).expect("build");
            let e2 = g.economy();
            assert_eq!(
                e2.sides[side].coins,
                e.sides[side].coins - price,
                "slot price, less 1 for the Queen's host"
            );
            assert_eq!(
                e2.board[usize::from(slot)],
                None,
                "the slot stays empty this round"
            );
            assert_eq!(e2.sides[side].buildings.last(), Some(&(id, cell)));
            assert_eq!(
                e2.sides[side].knights_in_hand,
                e.sides[side].knights_in_hand + u32::from(b.knights).min(e.knight_supply)
            );
            assert_eq!(
                e2.sides[side].towers,
                e.sides[side].towers + u32::from(b.towers).min(e.tower_supply)
            );
            let Content::Square(sq) = g.kingdom(side).content(cell) else {
                panic!("square")
            };
            assert_eq!(
                sq.crowns,
                crowns_before + b.crowns,
                "the building's crowns join its square"
            );
            // One building a turn: the step is over.
            assert!(
                !g.legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::Build { .. }))
            );
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn the_queen_goes_to_the_newcomer_to_the_most_towers() {
    let mut e = modules::Economy {
        sides: vec![Default::default(); 3],
        queen_in_play: true,
        ..Default::default()
    };
    e.sides[0].towers = 1;
    e.tower_gained(0);
    assert_eq!(e.queen_host(), Some(0));
    e.sides[1].towers = 1;
    e.tower_gained(1);
    assert_eq!(
        e.queen_host(),
        Some(1),
        "a tie for the most towers takes her"
    );
    e.sides[2].towers = 0;
    e.tower_gained(2);
    assert_eq!(e.queen_host(), Some(1), "no towers, no Queen");
    e.sides[0].towers = 3;
    e.tower_gained(0);
    assert_eq!(e.queen_host(), Some(0));
}

#[test]
fn the_tower_supply_runs_out() {
    // One tower in the supply: the first tower building takes it, later ones give nothing.
    let r = queendomino_like(ALL, 1);
    let mut state = 77u64;
    for seed in 0..30 {
        let mut g = Game::new(r.clone(), 3, seed).expect("setup");
        while !g.is_over() {
            let legal = g.legal_actions();
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Build { .. }))
                .unwrap_or(legal[(xorshift(&mut state) as usize) % legal.len()]);
            g.apply(a).expect("legal");
            conserved(&g, 1);
        }
        assert!(g.economy().sides.iter().map(|h| h.towers).sum::<u32>() <= 1);
    }
}

#[test]
fn the_dragon_burns_once_a_round_and_not_for_the_queen() {
    let r = queendomino_like(ALL, 15);
    let mut state = 9u64;
    let mut seen = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while play_until(&mut g, &mut state, |g| {
            g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Burn { .. }))
        }) {
            let side = g.to_act().expect("acting");
            assert!(!g.economy().sides[side].hosts_queen);
            let Some(&Action::Burn { slot }) = g
                .legal_actions()
                .iter()
                .find(|a| matches!(a, Action::Burn { .. }))
            else {
                break;
            };
            let coins = g.economy().sides[side].coins;
            let id = g.economy().board[usize::from(slot)].expect("face up");
            let round = g.round();
            g.apply(Action::Burn { slot }).expect("burn");
            assert_eq!(g.economy().sides[side].coins, coins - 1);
            assert_eq!(g.economy().burnt.last(), Some(&id));
            // Nobody else may use him this round.
            while g.round() == round && !g.is_over() {
                assert!(
                    !g.legal_actions()
                        .iter()
                        .any(|a| matches!(a, Action::Burn { .. })),
                    "once a round"
                );
                g.play_random(|| xorshift(&mut state));
            }
            // A new round: he is back, and the board slid and refilled.
            let e = g.economy();
            let face_up = e.board.iter().flatten().count();
            assert!(face_up == e.board.len() || e.building_pile.is_empty());
            assert!(
                e.board
                    .iter()
                    .skip_while(|b| b.is_some())
                    .all(|b| b.is_none()),
                "slid to the cheapest slots"
            );
            seen += 1;
        }
    }
    assert!(seen > 10, "{seen}");
}

#[test]
fn the_queen_is_one_more_crown_on_the_largest_territory() {
    let r = queendomino_like(ALL, 15);
    let k = kingdom(
        5,
        "G  G  G1 G2 .
         W1 W  C  .  .
         F1 .  .  .  .",
    );
    let mut holdings = modules::Holdings {
        hosts_queen: true,
        coins: 11,
        ..Default::default()
    };
    let rules = r.rules_for(4).expect("4p");
    let mods = modules::build_all(&rules.modules).expect("modules");
    let s = modules::score_side(
        rules,
        &mods,
        modules::SideView {
            ruleset: &r,
            kingdom: &k,
            holdings: &holdings,
        },
    );
    let grass = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('G'))
        .expect("grassland");
    assert_eq!(
        (grass.squares, grass.crowns, grass.points),
        (4, 4, 16),
        "4 squares x (3 crowns + the Queen)"
    );
    assert_eq!(s.bonus("wealth"), Some(3));
    assert_eq!(s.total, 16 + 2 + 1 + 3);
    holdings.hosts_queen = false;
    let s = modules::score_side(
        rules,
        &mods,
        modules::SideView {
            ruleset: &r,
            kingdom: &k,
            holdings: &holdings,
        },
    );
    assert_eq!(s.total, 12 + 2 + 1 + 3);
}

#[test]
fn building_values_at_the_end() {
    let r = queendomino_like(ALL, 15);
    // Three separate grassland territories; 2 towers; 3 knights owned.
    let k = kingdom(5, "G . G . G\nW W C W W");
    let holdings = modules::Holdings {
        towers: 2,
        knights_in_hand: 1,
        knights_placed: vec![Cell::new(-1, 1), Cell::new(1, 1)],
        buildings: vec![
            (BuildingId(0), Cell::new(-2, -1)), // b1: 2 per grassland territory
            (BuildingId(1), Cell::new(0, -1)),  // b2: 1 per tower
            (BuildingId(2), Cell::new(2, -1)),  // b3: 1 per knight
            (BuildingId(3), Cell::new(2, -1)),  // b4: 3 points
        ],
        ..Default::default()
    };
    let rules = r.rules_for(4).expect("4p");
    let mods = modules::build_all(&rules.modules).expect("modules");
    let s = modules::score_side(
        rules,
        &mods,
        modules::SideView {
            ruleset: &r,
            kingdom: &k,
            holdings: &holdings,
        },
    );
    assert_eq!(s.bonus("b1"), Some(6));
    assert_eq!(s.bonus("b2"), Some(2));
    assert_eq!(s.bonus("b3"), Some(3));
    assert_eq!(s.bonus("b4"), Some(3));
}

#[test]
fn a_town_square_from_an_earlier_round_can_be_built_on() {
    let r = queendomino_like(ALL, 15);
    let mut state = 21u64;
    let mut found = false;
    'games: for seed in 0..60 {
        let mut g = Game::new(r.clone(), 3, seed).expect("setup");
        while !g.is_over() {
            if let Some(p) = g.turn_placement() {
                for a in g.legal_actions() {
                    if let Action::Build { cell, .. } = a
                        && cell != p.first
                        && cell != p.second()
                    {
                        g.apply(a).expect("build on an older town square");
                        found = true;
                        break 'games;
                    }
                }
            }
            g.play_random(|| xorshift(&mut state));
        }
    }
    assert!(found);
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

/// Two boxes of 48 (the test dominoes twice, numbered 1-48 in each), lines alternating
/// "queendomino" (box 1) then "kingdomino" (box 0), with the Royal Wedding player counts.
fn royal_wedding(teams: bool) -> Arc<Ruleset> {
    let mut r = testkit::kingdomino();
    r.name = "royal-wedding-test".into();
    r.piles = vec!["kingdomino".into(), "queendomino".into()];
    let second: Vec<Domino> = r
        .dominoes
        .iter()
        .map(|d| Domino {
            pile: 1,
            ..d.clone()
        })
        .collect();
    r.dominoes.extend(second);
    let rules = |grid: u8, line: u8, team_size: u8| Rules {
        grid_size: grid,
        line_size: line,
        kings_per_player: 1,
        deck_size: 96,
        first_claims: FirstClaims::Drawn,
        harmony: None,
        middle_kingdom: None,
        tie_breaks: vec![TieBreak::LargestTerritory, TieBreak::MostCrowns],
        match_games: 1,
        modules: vec![
            modules::ModuleSpec::new("knights"),
            modules::ModuleSpec::new("wealth"),
        ],
        lines: LineSource::Alternate { order: vec![1, 0] },
        team_size,
    };
    r.player_counts = if teams {
        vec![(6, rules(7, 8, 2)), (8, rules(7, 8, 2))]
    } else {
        vec![
            (3, rules(7, 4, 1)),
            (4, rules(7, 4, 1)),
            (5, rules(5, 8, 1)),
            (6, rules(5, 8, 1)),
            (7, rules(5, 8, 1)),
            (8, rules(5, 8, 1)),
        ]
    };
    assert!(r.check().is_empty(), "{:?}", r.check());
    Arc::new(r)
}

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
            g.economy()
                .sides
                .iter()
                .all(|h| h.coins == 7 && h.knights_in_hand == 1),
            "a team starts with 1 knight and 7 coins"
        );
        let mut placements_by_player = vec![0usize; usize::from(players)];
        while !g.is_over() {
            let player = g.to_act().expect("acting");
            let side = g.side_of(player);
            assert_eq!(side, player / 2, "teammates sit side by side");
            let before = g.placed().len();
            let coins_before = g.economy().sides[side].coins;
            let a = g.play_random(|| xorshift(&mut state)).expect("action");
            if g.placed().len() > before {
                let (kingdom, _, _) = g.placed()[before];
                assert_eq!(kingdom, side, "a player places into the team's kingdom");
                placements_by_player[player] += 1;
            }
            if let Action::Tax { .. } = a {
                assert!(
                    g.economy().sides[side].coins > coins_before,
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
        for side in 0..usize::from(g.sides()) {
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

#[test]
fn every_line_is_sorted_by_number_whatever_order_the_set_lists_its_dominoes() {
    // The shipped sets list dominoes by number; a house-rule set may not.
    let mut reversed = testkit::kingdomino();
    reversed.dominoes.reverse();
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
fn duplicate_unknown_and_too_many_buildings_are_refused() {
    let base = queendomino_like(&["knights", "buildings", "wealth"], 15);
    assert!(base.check().is_empty(), "{:?}", base.check());
    let refused = |r: Ruleset, expected: &str| {
        let problems = r.check().join("; ");
        assert!(problems.contains(expected), "{problems}");
    };
    let mut twice = (*base).clone();
    twice.buildings[1].number = twice.buildings[0].number;
    refused(twice, "building number 1 appears twice");
    let mut nowhere = (*base).clone();
    nowhere.buildings[0].value = BuildingValue::PerTerritory {
        terrain: crate::TerrainId(200),
        points: 1,
    };
    refused(nowhere, "terrain #200 which does not exist");
    let mut crowd = (*base).clone();
    crowd.buildings = (0..=crate::ruleset::MAX_BUILDINGS as u16)
        .map(|n| building(n, 0, 0, 0, BuildingValue::None, TaxBonus::None))
        .collect();
    refused(crowd, "at most 256 are supported");
}

#[test]
fn select_agrees_with_the_broadword_select() {
    use crate::bitboard::{nth_in_word, select};
    for w in 1u64..1024 {
        for n in 0..w.count_ones() {
            assert_eq!(select(w, n), nth_in_word(w, n), "{w:#b} {n}");
        }
    }
    let w = 0x8000_0400_0020_0001u64;
    assert_eq!(select(w, 3), 63);
}

#[test]
fn actions_display_in_words_not_debug_text() {
    use crate::{Action, Cell, Direction, DominoId, Placement};
    let shown = [
        Action::Claim {
            domino: DominoId(4),
        },
        Action::Place {
            placement: Placement::new(Cell::new(1, -1), Direction::ALL[1]),
        },
        Action::Discard,
        Action::Tax { square: 1 },
        Action::Build {
            slot: 5,
            cell: Cell::new(100, 100),
        },
        Action::Burn { slot: 2 },
        Action::Pass,
    ]
    .map(|a| a.to_string());
    assert_eq!(shown[0], "claim domino #4");
    assert!(shown[1].starts_with("place at (1, -1) "), "{}", shown[1]);
    assert_eq!(shown[4], "build slot 5 at (100, 100)");
    for s in &shown {
        assert!(!s.contains('{') && !s.contains("Cell"), "{s}");
    }
}

#[test]
fn house_rule_building_values() {
    let mut r = testkit::kingdomino();
    let wheat = testkit::terrain('W');
    let values = [
        BuildingValue::PerCrown {
            terrain: wheat,
            points: 2,
        },
        BuildingValue::PerCoins {
            coins: 4,
            points: 1,
        },
        BuildingValue::PerBuilding { points: 1 },
    ];
    r.buildings = values
        .iter()
        .enumerate()
        .map(|(i, &v)| building(i as u16 + 1, 0, 0, 0, v, TaxBonus::None))
        .collect();
    // 3 crowns on wheat (in two territories), 1 on forest.
    let k = kingdom(5, "W1 W2 C F1 W");
    let spot = Cell::new(0, 0);
    let holdings = modules::Holdings {
        coins: 9,
        buildings: (0..3).map(|i| (BuildingId(i), spot)).collect(),
        ..Default::default()
    };
    let module = modules::Buildings::from_params(&modules::Params::new(&modules::ModuleSpec::new(
        "buildings",
    )))
    .expect("defaults");
    let side = modules::SideView {
        ruleset: &r,
        kingdom: &k,
        holdings: &holdings,
    };
    let mut b = score::score_kingdom(&k, &testkit::rules(5, 1, 48));
    let before = b.total;
    modules::Module::score(&module, side, &mut b);
    // 3 wheat crowns x 2, 9 coins / 4 = 2, 3 buildings x 1.
    assert_eq!(b.total - before, 6 + 2 + 3);
    assert_eq!(
        modules::Module::points(&module, &testkit::rules(5, 1, 48), side),
        11
    );
}

#[test]
fn knights_may_collect_more_coins_per_square_and_buildings_may_give_coins() {
    let r = with_modules(vec![{
        let mut k = modules::ModuleSpec::new("knights");
        k.params
            .insert("coins-per-square".into(), modules::Param::Int(3));
        k
    }]);
    let mut g = Game::new(r, 4, 2).expect("setup");
    let mut state = 5u64;
    while !matches!(g.phase(), Phase::Step { .. }) || g.turn_placement().is_none() {
        g.play_random(|| xorshift(&mut state));
    }
    let side = g.to_act().expect("acting");
    let cell = g.turn_placement().expect("placed").first;
    let squares = g.kingdom(side).territory_at(cell).expect("square").squares;
    let before = g.economy().sides[side].coins;
    g.apply(Action::Tax { square: 0 }).expect("tax");
    assert_eq!(g.economy().sides[side].coins, before + 3 * squares);

    // A building's immediate coins.
    let mut r = (*queendomino_like(&["knights", "buildings", "wealth"], 15)).clone();
    for b in &mut r.buildings {
        b.coins = 4;
    }
    let mut g = Game::new(Arc::new(r), 4, 1).expect("setup");
    let mut state = 9u64;
    let mut built = 0;
    while !g.is_over() && built < 3 {
        let legal = g.legal_actions();
        if let Some(&a @ Action::Build { slot, .. }) =
            legal.iter().find(|a| matches!(a, Action::Build { .. }))
        {
            let side = g.to_act().expect("acting");
            let price = modules::board_prices(&g, side)[usize::from(slot)];
            let before = g.economy().sides[side].coins;
            g.apply(a).expect("build");
            assert_eq!(g.economy().sides[side].coins, before - price + 4);
            built += 1;
        } else {
            g.play_random(|| xorshift(&mut state));
        }
    }
    assert!(built > 0, "something was built");
}

#[test]
fn warnings_for_rules_that_cannot_work() {
    let mut r = testkit::kingdomino();
    for (_, rules) in &mut r.player_counts {
        rules.tie_breaks = vec![
            TieBreak::LargestTerritory,
            TieBreak::MostCoins,
            TieBreak::LargestTerritory,
        ];
        rules.modules = vec![modules::ModuleSpec::new("dragon")];
        rules.grid_size = 7;
    }
    let (n, rules) = r.player_counts.last().expect("a count").clone();
    let w = r.warnings(n, &rules);
    let at: Vec<WarningAt> = w.iter().map(|w| w.at).collect();
    assert_eq!(
        at,
        [
            WarningAt::Deck,
            WarningAt::Module(0),
            WarningAt::TieBreak(1),
            WarningAt::TieBreak(2)
        ],
        "{w:?}"
    );
    assert!(
        w[0].message.contains("can never fill a 7x7 kingdom"),
        "{w:?}"
    );
}

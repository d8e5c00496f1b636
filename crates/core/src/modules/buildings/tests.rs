//! Buildings, the Builders' Board and towers.

use crate::building::{BuildingId, BuildingValue, TaxBonus};
use crate::modules::BuildingsAction;
use crate::testkit::{
    self, ALL, building, conserved, kingdom, packed, play_until, queendomino_like, xorshift,
};
use crate::*;

/// Whether some build is legal in `g` (to play on to the builders' step).
fn a_build_is_legal(g: &Game) -> bool {
    g.legal_actions()
        .into_iter()
        .any(|a| g.module_action::<BuildingsAction>(a).is_some())
}

#[test]
fn building_costs_the_slot_price_and_gives_its_effects() {
    let r = queendomino_like(ALL, 15);
    let mut state = 3u64;
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while play_until(&mut g, &mut state, a_build_is_legal) {
            let side = g.side_to_act().expect("acting");
            let Some(BuildingsAction::Build { slot, cell }) = g
                .legal_actions()
                .into_iter()
                .find_map(|a| g.module_action::<BuildingsAction>(a))
            else {
                break;
            };
            let before = g.clone();
            let e = crate::testkit::pieces(&before);
            let id = e.board[usize::from(slot)].expect("face up");
            let b = &r.buildings()[id.index()];
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
            g.apply(packed(&g, BuildingsAction::Build { slot, cell }))
                .expect("build");
            let e2 = crate::testkit::pieces(&g);
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
                    .into_iter()
                    .any(|a| g.module_action::<BuildingsAction>(a).is_some())
            );
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

/// A house rule's tiles with a price of their own: a building costs its slot's price plus its
/// own, less the Queen's discount; what cannot be paid is not legal, and the legal builds, the
/// count, the nth and random play agree on it.
#[test]
fn a_tile_with_a_price_of_its_own_costs_its_slot_price_plus_it() {
    let mut parts = testkit::queendomino_parts(ALL, 15);
    for b in &mut parts.buildings {
        b.price = b.number % 4;
    }
    let r = std::sync::Arc::new(Ruleset::new(parts).expect("valid"));
    let mut state = 5u64;
    let (mut checked, mut refused) = (0, 0);
    for seed in 0..60 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while play_until(&mut g, &mut state, a_build_is_legal) {
            let side = g.side_to_act().expect("acting");
            let e = crate::testkit::pieces(&g);
            let builds: Vec<(u8, Cell)> = g
                .legal_actions()
                .into_iter()
                .filter_map(|a| g.module_action::<BuildingsAction>(a))
                .map(|BuildingsAction::Build { slot, cell }| (slot, cell))
                .collect();
            let prices = modules::board_prices(&g, side);
            let discount = u32::from(e.sides[side].hosts_queen);
            for (slot, tile) in e.board.iter().enumerate() {
                let Some(id) = tile else { continue };
                let price = (slot as u32 + u32::from(r.buildings()[id.index()].price))
                    .saturating_sub(discount);
                assert_eq!(prices[slot], price, "seed {seed} slot {slot}");
                let legal = builds.iter().any(|&(s, _)| usize::from(s) == slot);
                assert_eq!(
                    legal,
                    price <= e.sides[side].coins,
                    "seed {seed}: slot {slot} at {price}¢ with {}¢",
                    e.sides[side].coins
                );
                refused += usize::from(!legal);
            }
            assert_eq!(g.legal_action_count() as usize, g.legal_actions().len());
            let (slot, cell) = builds[builds.len() / 2];
            let price = prices[usize::from(slot)];
            g.apply(packed(&g, BuildingsAction::Build { slot, cell }))
                .expect("build");
            let e2 = crate::testkit::pieces(&g);
            assert_eq!(e2.sides[side].coins + price, e.sides[side].coins);
            checked += 1;
        }
        // Random play's fast path chooses among the legal actions only: never a build it
        // cannot pay for.
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        let mut rng = rng::GameRng::seed_from(seed);
        loop {
            let before = g.clone();
            let Some(a) = g.play_random(|| rng.next_u32()) else {
                break;
            };
            assert!(before.legal_actions().contains(&a), "seed {seed}: {a:?}");
        }
    }
    assert!(checked > 30 && refused > 30, "{checked} {refused}");
    // The help says so (the printed game's says the slot's price alone).
    let help_of = |r: &std::sync::Arc<Ruleset>| {
        let g = Game::new(r.clone(), 4, 0).expect("setup");
        g.modules()
            .iter()
            .find(|m| m.name() == "buildings")
            .map(|m| m.help_in(g.ruleset(), g.modules()))
            .and_then(|h| h.first().cloned())
            .expect("the buildings' help")
    };
    assert!(help_of(&r).contains("at its slot's price plus its own"));
    let printed = queendomino_like(ALL, 15);
    assert!(help_of(&printed).ends_with("at its slot's price."));
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
                .find(|&a| g.module_action::<BuildingsAction>(a).is_some())
                .unwrap_or(legal[(xorshift(&mut state) as usize) % legal.len()]);
            g.apply(a).expect("legal");
            conserved(&g, 1);
        }
        assert!(
            crate::testkit::pieces(&g)
                .sides
                .values()
                .map(|h| h.towers)
                .sum::<u32>()
                <= 1
        );
    }
}

#[test]
fn building_values_at_the_end() {
    let r = queendomino_like(ALL, 15);
    // Three separate grassland territories; 2 towers; 3 knights owned.
    let k = kingdom(5, "G . G . G\nW W C W W");
    let holdings = testkit::SidePieces {
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
    let s = testkit::score_alone(&r, 4, &k, &holdings);
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
                    if let Some(BuildingsAction::Build { cell, .. }) = g.module_action(a)
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
fn duplicate_unknown_and_too_many_buildings_are_refused() {
    let base = queendomino_like(&["knights", "buildings", "wealth"], 15);
    let refused = |r: RulesetParts, expected: &str| {
        let problems = Ruleset::new(r).expect_err("refused").to_string();
        assert!(problems.contains(expected), "{problems}");
    };
    let mut twice = (*base).clone().into_parts();
    twice.buildings[1].number = twice.buildings[0].number;
    refused(twice, "building number 1 appears twice");
    let mut nowhere = (*base).clone().into_parts();
    nowhere.buildings[0].value = BuildingValue::PerTerritory {
        terrain: crate::TerrainId(200),
        points: 1,
    };
    refused(nowhere, "terrain #200 which does not exist");
    let mut crowd = (*base).clone().into_parts();
    crowd.buildings = (0..=crate::ruleset::MAX_BUILDINGS as u16)
        .map(|n| building(n, 0, 0, 0, BuildingValue::None, TaxBonus::None))
        .collect();
    refused(crowd, "at most 256 are supported");
}

#[test]
fn house_rule_building_values() {
    let mut r = testkit::kingdomino_parts();
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
    let r = Ruleset::new(r).expect("valid");
    // 3 crowns on wheat (in two territories), 1 on forest.
    let k = kingdom(5, "W1 W2 C F1 W");
    let spot = Cell::new(0, 0);
    let holdings = testkit::SidePieces {
        coins: 9,
        buildings: (0..3).map(|i| (BuildingId(i), spot)).collect(),
        ..Default::default()
    };
    let module = <modules::Buildings as modules::Mechanism>::new(Default::default());
    let list = modules::build_all(
        crate::Registry::shipped_ref(),
        &[
            modules::ModuleSpec::new("buildings"),
            modules::ModuleSpec::new("wealth"),
        ],
    )
    .expect("modules");
    let data = testkit::side_data(&list, &holdings);
    let side = modules::SideView::new(&r, &k, &list, &data, Side(0));
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
fn the_mask_of_filled_slots_follows_the_board_through_builds_burns_and_refills() {
    let r = queendomino_like(ALL, 15);
    let mut rng = crate::rng::GameRng::seed_from(5);
    for seed in 0..30 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        loop {
            let state = g
                .module_state::<crate::modules::BuildingsState>()
                .expect("buildings");
            let from_board = state
                .board()
                .iter()
                .enumerate()
                .fold(0u64, |m, (slot, b)| m | u64::from(b.is_some()) << slot);
            assert_eq!(state.filled_slots(), from_board, "seed {seed}");
            if g.play_random(|| rng.next_u32()).is_none() {
                break;
            }
        }
    }
}

#[test]
fn a_build_choice_says_what_the_building_is_worth_once_built() {
    // A tile of 1 point per tower that gives towers itself is worth them at once: the choice's
    // words count its own towers (and knights), as the score will once it is built.
    let r = queendomino_like(ALL, 15);
    let mut state = 7u64;
    let mut checked = 0;
    for seed in 0..60 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while checked < 5 && play_until(&mut g, &mut state, a_build_is_legal) {
            let side = g.side_to_act().expect("acting");
            let view = g.step_view().expect("a step");
            for choice in &view.choices {
                let Some(BuildingsAction::Build { slot, .. }) =
                    g.module_action::<BuildingsAction>(choice.action)
                else {
                    continue;
                };
                let id = crate::testkit::pieces(&g).board[usize::from(slot)].expect("face up");
                let b = &r.buildings()[id.index()];
                let (BuildingValue::PerTower { points } | BuildingValue::PerKnight { points }) =
                    b.value
                else {
                    continue;
                };
                let mut built = g.clone();
                built.apply(choice.action).expect("legal");
                let e = crate::testkit::pieces(&built);
                let held = match b.value {
                    BuildingValue::PerTower { .. } => e.sides[side].towers,
                    _ => e.sides[side].knights(),
                };
                let worth = points * held as i32;
                assert!(
                    choice.detail.contains(&format!("now worth {worth} point")),
                    "{}: {}",
                    b.label(),
                    choice.detail
                );
                // Those whose own pieces count (building 3: 1 point a knight, and a knight).
                let own = match b.value {
                    BuildingValue::PerTower { .. } => b.towers,
                    _ => b.knights,
                };
                if own > 0 {
                    checked += 1;
                }
            }
            // On with the game (a build or not).
            let a = g.legal_actions()[0];
            g.apply(a).expect("legal");
        }
    }
    assert!(checked >= 5, "{checked}");
}

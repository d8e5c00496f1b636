//! Knights and tax.

use crate::modules::{BuildingsAction, KnightsAction};
use crate::testkit::{
    knights_and_wealth, knights_conserved, packed, queendomino_like, with_modules, xorshift,
};
use crate::*;
use std::sync::Arc;

#[test]
fn tax_collects_the_territory_after_placing() {
    let r = knights_and_wealth();
    let mut state = 17u64;
    let mut checked = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        assert_eq!(g.module_names(), vec!["knights", "wealth"]);
        assert!(
            crate::testkit::pieces(&g)
                .sides
                .values()
                .all(|h| h.coins == 7 && h.knights_in_hand == 1)
        );
        assert_eq!(crate::testkit::pieces(&g).knight_supply, 18);
        while !g.is_over() {
            if let Phase::Step { .. } = g.phase() {
                let side = g.side_to_act().expect("acting");
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
                    Some(p) if crate::testkit::pieces(&g).sides[side].knights_in_hand > 0 => {
                        assert!(legal.contains(&packed(&g, KnightsAction::Tax { square: 0 })));
                        let cell = p.second();
                        let expected = g.kingdom(side).territory_at(cell).expect("square").squares;
                        let before = crate::testkit::pieces(&g).sides[side].coins;
                        g.apply(packed(&g, KnightsAction::Tax { square: 1 }))
                            .expect("tax");
                        assert_eq!(
                            crate::testkit::pieces(&g).sides[side].coins,
                            before + expected
                        );
                        assert_eq!(
                            crate::testkit::pieces(&g).sides[side].knights_placed.last(),
                            Some(&cell)
                        );
                        // The same square cannot be taxed twice in one turn.
                        assert!(
                            !g.legal_actions()
                                .contains(&packed(&g, KnightsAction::Tax { square: 1 }))
                        );
                        assert!(
                            g.apply(packed(&g, KnightsAction::Tax { square: 1 }))
                                .is_err()
                        );
                        checked += 1;
                    }
                    Some(_) => assert_eq!(legal, vec![Action::Pass], "no knight in hand"),
                }
            }
            knights_conserved(&g);
            g.play_random(|| xorshift(&mut state));
        }
        knights_conserved(&g);
        for p in g.all_sides() {
            let s = g.score(p);
            let coins = crate::testkit::pieces(&g).sides[p].coins;
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
    let side = g.side_to_act().expect("acting");
    g.apply(packed(&g, KnightsAction::Tax { square: 0 }))
        .expect("first knight");
    assert!(matches!(g.phase(), Phase::Step { .. }));
    g.apply(packed(&g, KnightsAction::Tax { square: 1 }))
        .expect("second knight");
    // Two knights used: the step is over and the player claims.
    assert!(matches!(g.phase(), Phase::Claim { .. }));
    assert_eq!(crate::testkit::pieces(&g).sides[side].knights_in_hand, 1);
    assert_eq!(
        crate::testkit::pieces(&g).sides[side].knights_placed.len(),
        2
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
    let side = g.side_to_act().expect("acting");
    let cell = g.turn_placement().expect("placed").first;
    let squares = g.kingdom(side).territory_at(cell).expect("square").squares;
    let before = crate::testkit::pieces(&g).sides[side].coins;
    // The choice says the 3 coins a square, and no bonus (no building gives one here).
    let view = g.step_view().expect("the tax step");
    let tax = view
        .choices
        .iter()
        .find(|c| c.action == packed(&g, KnightsAction::Tax { square: 0 }))
        .expect("tax0");
    assert!(!tax.text.contains("bonus"), "{}", tax.text);
    assert!(
        tax.text.contains(&format!("+{}¢", 3 * squares)),
        "{}",
        tax.text
    );
    assert!(
        tax.detail.contains(&format!("brings {}¢.", 3 * squares)),
        "{}",
        tax.detail
    );
    g.apply(packed(&g, KnightsAction::Tax { square: 0 }))
        .expect("tax");
    assert_eq!(
        crate::testkit::pieces(&g).sides[side].coins,
        before + 3 * squares
    );

    // A building's immediate coins.
    let mut r = (*queendomino_like(&["knights", "buildings", "wealth"], 15))
        .clone()
        .into_parts();
    for b in &mut r.buildings {
        b.coins = 4;
    }
    let mut g = Game::new(Arc::new(Ruleset::new(r).expect("valid")), 4, 1).expect("setup");
    let mut state = 9u64;
    let mut built = 0;
    while !g.is_over() && built < 3 {
        let legal = g.legal_actions();
        if let Some((a, BuildingsAction::Build { slot, .. })) = legal
            .iter()
            .find_map(|&a| Some((a, g.module_action::<BuildingsAction>(a)?)))
        {
            let side = g.side_to_act().expect("acting");
            let price = modules::board_prices(&g, side)[usize::from(slot)];
            let before = crate::testkit::pieces(&g).sides[side].coins;
            g.apply(a).expect("build");
            assert_eq!(
                crate::testkit::pieces(&g).sides[side].coins,
                before - price + 4
            );
            built += 1;
        } else {
            g.play_random(|| xorshift(&mut state));
        }
    }
    assert!(built > 0, "something was built");
}

#[test]
fn a_turn_whose_domino_was_discarded_taxes_nothing_but_may_build_and_bribe() {
    // The rulebook is silent: nothing was placed to tax, and the turn's other actions are not
    // tied to the domino (docs/rulesets.md, readings where the rulebook is silent).
    let r = queendomino_like(crate::testkit::ALL, 15);
    let mut state = 5u64;
    let (mut built, mut bribed) = (false, false);
    for seed in 0..300 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while !(g.is_over() || built && bribed) {
            if matches!(g.phase(), Phase::Step { .. }) && g.turn_placement().is_none() {
                let words: Vec<String> = g
                    .legal_actions()
                    .into_iter()
                    .map(|a| g.action_text(a))
                    .collect();
                assert!(!words.iter().any(|w| w.starts_with("tax")), "{words:?}");
                built |= words.iter().any(|w| w.starts_with("build"));
                bribed |= words.iter().any(|w| w.starts_with("burn"));
            }
            g.play_random(|| xorshift(&mut state));
        }
        if built && bribed {
            break;
        }
    }
    assert!(built, "a build was offered after a discard");
    assert!(bribed, "the Dragon was offered after a discard");
}

#[test]
fn two_knights_in_one_territory_each_collect_its_size() {
    // A domino of one terrain: both its squares in one territory; each knight sent collects the
    // territory's size (the rulebook is silent; docs/rulesets.md).
    let r = with_modules(vec![{
        let mut k = modules::ModuleSpec::new("knights");
        k.params.insert("starting".into(), modules::Param::Int(2));
        k
    }]);
    let mut state = 3u64;
    for seed in 0..200 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while !g.is_over() {
            if let (Phase::Step { .. }, Some(p)) = (g.phase(), g.turn_placement()) {
                let side = g.side_to_act().expect("acting");
                let k = g.kingdom(side);
                let (a, b) = (k.territory_at(p.first), k.territory_at(p.second()));
                if let (Some(a), Some(b)) = (a, b)
                    && a == b
                    && crate::testkit::pieces(&g).sides[side].knights_in_hand >= 2
                {
                    let before = crate::testkit::pieces(&g).sides[side].coins;
                    g.apply(packed(&g, KnightsAction::Tax { square: 0 }))
                        .expect("first knight");
                    g.apply(packed(&g, KnightsAction::Tax { square: 1 }))
                        .expect("second knight");
                    assert_eq!(
                        crate::testkit::pieces(&g).sides[side].coins,
                        before + 2 * a.squares
                    );
                    return;
                }
            }
            g.play_random(|| xorshift(&mut state));
        }
    }
    panic!("no domino of one terrain placed with two knights in hand");
}

/// `same-territory = "once-a-turn"`: with both squares of the domino in one territory, the
/// first knight taxes it and ends the tax step, a second may not go there; squares of two territories
/// still take two knights.
#[test]
fn a_territory_taxed_once_a_turn_refuses_a_second_knight() {
    let r = with_modules(vec![{
        let mut k = modules::ModuleSpec::new("knights");
        k.params.insert("starting".into(), modules::Param::Int(2));
        k.params.insert(
            "same-territory".into(),
            modules::Param::Text("once-a-turn".into()),
        );
        k
    }]);
    let mut state = 3u64;
    let (mut one, mut two) = (false, false);
    for seed in 0..300 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while !(g.is_over() || one && two) {
            if let (Phase::Step { .. }, Some(p)) = (g.phase(), g.turn_placement()) {
                let side = g.side_to_act().expect("acting");
                let k = g.kingdom(side);
                let (a, b) = (k.territory_at(p.first), k.territory_at(p.second()));
                if let (Some(a), Some(b)) = (a, b)
                    && crate::testkit::pieces(&g).sides[side].knights_in_hand >= 2
                {
                    let before = crate::testkit::pieces(&g).sides[side].coins;
                    g.apply(packed(&g, KnightsAction::Tax { square: 0 }))
                        .expect("first knight");
                    let second = packed(&g, KnightsAction::Tax { square: 1 });
                    if a == b {
                        // The first knight ended the tax step: the turn went on past it.
                        assert!(
                            g.step_view().is_none_or(|v| v.module != "knights"),
                            "still in the tax step"
                        );
                        assert!(!g.legal_actions().contains(&second));
                        assert!(g.apply(second).is_err(), "taxed once a turn");
                        assert_eq!(
                            crate::testkit::pieces(&g).sides[side].coins,
                            before + a.squares
                        );
                        one = true;
                    } else if !two {
                        g.apply(second).expect("another territory");
                        assert_eq!(
                            crate::testkit::pieces(&g).sides[side].coins,
                            before + a.squares + b.squares
                        );
                        two = true;
                    }
                }
            }
            g.play_random(|| xorshift(&mut state));
        }
        if one && two {
            return;
        }
    }
    panic!("not both cases met: one territory {one}, two {two}");
}

/// `tax-bonus = "once-a-turn"`: the buildings' tax bonus comes with the turn's first knight
/// only; with the default, with each.
#[test]
fn the_tax_bonus_comes_with_each_knight_or_once_a_turn() {
    for (reading, each) in [("each-knight", true), ("once-a-turn", false)] {
        let mut parts = (*queendomino_like(&["knights", "buildings", "wealth"], 15))
            .clone()
            .into_parts();
        for (_, rules) in &mut parts.player_counts {
            for m in &mut rules.modules {
                if m.name == "knights" {
                    m.params.insert("starting".into(), modules::Param::Int(3));
                    m.params
                        .insert("tax-bonus".into(), modules::Param::Text(reading.into()));
                }
            }
        }
        // Every tile gives a tax bonus, per knight owned.
        for b in &mut parts.buildings {
            b.tax_bonus = crate::TaxBonus::PerKnight;
        }
        let r = Arc::new(Ruleset::new(parts).expect("valid"));
        let mut state = 11u64;
        let mut checked = false;
        'games: for seed in 0..300 {
            let mut g = Game::new(r.clone(), 4, seed).expect("setup");
            while !g.is_over() {
                if let (Phase::Step { .. }, Some(p)) = (g.phase(), g.turn_placement()) {
                    let side = g.side_to_act().expect("acting");
                    let bonus = g.resource(side, "tax-bonus");
                    let k = g.kingdom(side);
                    let sizes = (
                        k.territory_size_at(p.first),
                        k.territory_size_at(p.second()),
                    );
                    if bonus > 0 && crate::testkit::pieces(&g).sides[side].knights_in_hand >= 2 {
                        let before = crate::testkit::pieces(&g).sides[side].coins;
                        for square in [0, 1] {
                            g.apply(packed(&g, KnightsAction::Tax { square }))
                                .expect("tax");
                        }
                        let bonuses = if each { 2 * bonus } else { bonus };
                        assert_eq!(
                            crate::testkit::pieces(&g).sides[side].coins,
                            before + sizes.0 + sizes.1 + bonuses,
                            "{reading}"
                        );
                        checked = true;
                        break 'games;
                    }
                }
                g.play_random(|| xorshift(&mut state));
            }
        }
        assert!(checked, "{reading}: no turn with a bonus and two knights");
    }
}

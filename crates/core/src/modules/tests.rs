//! Modules together: names refused, replays, and every piece of Queendomino accounted for.

use crate::modules::describe::PanelRow;
use crate::testkit::{
    ALL, conserved, knights_and_wealth, packed, play_until, queendomino_like, with_modules_parts,
    xorshift,
};
use crate::*;
use std::sync::Arc;

fn is_build_or_burn(g: &Game, a: Action) -> bool {
    g.module_action::<modules::BuildingsAction>(a).is_some()
        || g.module_action::<modules::DragonAction>(a).is_some()
}

#[test]
fn unknown_duplicate_and_bad_modules_are_refused() {
    let bad = |specs: Vec<modules::ModuleSpec>| {
        let problems = Ruleset::new(with_modules_parts(specs)).expect_err("refused");
        assert!(!problems.0.is_empty());
        problems.to_string()
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
                g.apply(packed(&before, modules::KnightsAction::Tax { square: 7 }))
                    .is_err()
                    || legal.contains(&packed(&before, modules::KnightsAction::Tax { square: 7 }))
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

#[test]
fn queendomino_modules_keep_every_piece_accounted_for() {
    let r = queendomino_like(ALL, 15);
    let mut state = 41u64;
    let mut built = 0;
    let mut burnt = 0;
    for seed in 0..60 {
        let mut g = Game::new(r.clone(), 2 + (seed % 3) as u8, seed).expect("setup");
        assert_eq!(crate::testkit::pieces(&g).board.iter().flatten().count(), 6);
        conserved(&g, 15);
        while !g.is_over() {
            let legal = g.legal_actions();
            // Prefer module actions now and then, so building and burning happen often.
            let modules_first: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|&a| is_build_or_burn(&g, a))
                .collect();
            let a = if !modules_first.is_empty() && xorshift(&mut state).is_multiple_of(2) {
                modules_first[(xorshift(&mut state) as usize) % modules_first.len()]
            } else {
                legal[(xorshift(&mut state) as usize) % legal.len()]
            };
            built += usize::from(g.module_action::<modules::BuildingsAction>(a).is_some());
            burnt += usize::from(g.module_action::<modules::DragonAction>(a).is_some());
            g.apply(a).expect("legal");
            conserved(&g, 15);
        }
    }
    assert!(built > 50 && burnt > 20, "built {built}, burnt {burnt}");
}

#[test]
fn a_building_choice_gives_what_the_supplies_still_hold() {
    // One tower in the supply: once it is taken, a tower building's choice promises none.
    let r = queendomino_like(ALL, 1);
    let mut state = 9u64;
    let (mut short, mut full) = (0, 0);
    for seed in 0..8 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while !g.is_over() {
            if let Some(view) = g.step_view() {
                let supply = crate::testkit::pieces(&g).tower_supply;
                for c in &view.choices {
                    let Some(modules::BuildingsAction::Build { slot, .. }) =
                        g.module_action::<modules::BuildingsAction>(c.action)
                    else {
                        continue;
                    };
                    let b = crate::testkit::pieces(&g).board[usize::from(slot)]
                        .map(|id| r.buildings()[id.index()].clone())
                        .expect("a tile");
                    if b.towers == 0 {
                        continue;
                    }
                    if supply == 0 {
                        short += 1;
                        assert!(!c.text.contains("tw"), "{c:?}");
                        assert!(c.detail.contains("the supply holds"), "{c:?}");
                    } else {
                        full += 1;
                        assert!(c.text.contains("+1tw"), "{c:?}");
                        assert!(!c.detail.contains("the supply holds"), "{c:?}");
                    }
                }
            }
            let legal = g.legal_actions();
            let a = legal[(xorshift(&mut state) as usize) % legal.len()];
            g.apply(a).expect("legal");
        }
    }
    assert!(short > 10 && full > 0, "{short} short, {full} full");
}

#[test]
fn front_ends_see_every_step_panel_and_score_line_through_the_hooks() {
    let r = queendomino_like(ALL, 15);
    let mut state = 5u64;
    let mut steps = 0;
    for seed in 0..6 {
        let mut g = Game::new(r.clone(), 2 + (seed % 3) as u8, seed).expect("setup");
        while !g.is_over() {
            let legal = g.legal_actions();
            match g.step_view() {
                Some(view) => {
                    steps += 1;
                    assert_eq!(Some(view.module.as_str()), g.step_name());
                    assert!(!view.prompt.is_empty());
                    let listed: Vec<Action> = view.choices.iter().map(|c| c.action).collect();
                    assert_eq!(listed, legal);
                    assert_eq!(view.choices.last().map(|c| c.action), Some(Action::Pass));
                    for c in &view.choices {
                        assert!(!c.text.is_empty() && !c.detail.is_empty(), "{c:?}");
                        if is_build_or_burn(&g, c.action) {
                            assert!(c.cost.is_some() && c.row.is_some(), "{c:?}");
                        }
                    }
                }
                None => assert!(!matches!(g.phase(), Phase::Step { .. })),
            }
            let a = legal[(xorshift(&mut state) as usize) % legal.len()];
            g.apply(a).expect("legal");
        }
        let panels = g.panels();
        let titles: Vec<&str> = panels.iter().map(|p| p.title.as_str()).collect();
        assert_eq!(titles, ["Builders' Board", "Queen", "Dragon"]);
        let board = &crate::testkit::pieces(&g).board;
        assert_eq!(panels[0].rows.len(), board.len() + 1);
        // A slot's row is an item: priced where a building stands, `(empty)` where none does;
        // the supply last, in words.
        for (row, slot) in panels[0].rows.iter().zip(board) {
            let PanelRow::Item(item) = row else {
                panic!("{row:?}")
            };
            assert_eq!(item.price.is_empty(), slot.is_none(), "{item:?}");
            assert_eq!(item.name == "(empty)", slot.is_none(), "{item:?}");
        }
        assert!(
            matches!(&panels[0].rows[board.len()], PanelRow::Text(t) if t.starts_with("supply "))
        );
        for side in g.all_sides() {
            let h = &crate::testkit::pieces(&g).sides[side];
            let stats = g.side_stats(side);
            assert_eq!(stats[0].short(), format!("{}¢", h.coins));
            assert_eq!(stats[0].count, Some(i64::from(h.coins)));
            assert_eq!(stats.len(), 3 + usize::from(h.hosts_queen));
            let marks = g.cell_marks(side);
            assert_eq!(marks.len(), h.knights_placed.len() + h.buildings.len());
            // Each says its kind (the terminal's legend of hidden pieces names it).
            for m in &marks {
                let kind = if m.symbol == 'k' {
                    "knight"
                } else {
                    "building"
                };
                assert_eq!(m.what, kind, "{m:?}");
            }
            // The modules' lines and the kingdom's own score make the total.
            let kingdom = crate::score::score_total(g.kingdom(side), g.rules());
            let lines: i32 = g.score_lines(side).iter().map(|l| l.points).sum();
            assert_eq!(kingdom + lines, g.score_total(side), "side {side:?}");
        }
    }
    assert!(steps > 100, "{steps} steps");
    // Without modules: nothing to show.
    let g = Game::new(Arc::new(testkit::kingdomino()), 2, 1).expect("setup");
    assert!(g.step_view().is_none() && g.panels().is_empty());
    assert!(g.side_stats(Side(0)).is_empty() && g.score_lines(Side(0)).is_empty());
}

#[test]
fn modules_that_need_a_missing_resource_or_come_too_early_are_refused() {
    let specs = |names: &[&str]| -> Vec<modules::ModuleSpec> {
        names.iter().map(|n| modules::ModuleSpec::new(n)).collect()
    };
    let problems = |names: &[&str]| -> Vec<(usize, String)> {
        modules::check_specs(crate::Registry::shipped_ref(), &specs(names))
            .into_iter()
            .map(|p| (p.module, p.error.to_string()))
            .collect()
    };
    // The Queen and the Dragon on Kingdomino: no towers to host her, no board to burn from.
    let p = problems(&["queen", "dragon"]);
    assert_eq!(p.len(), 2, "{p:?}");
    assert_eq!(p[0].0, 0);
    assert!(
        p[0].1.contains("needs `towers`") && p[0].1.contains("`buildings` provides it"),
        "{p:?}"
    );
    assert_eq!(p[1].0, 1);
    assert!(p[1].1.contains("needs `board`"), "{p:?}");
    let refused = Ruleset::new(with_modules_parts(specs(&["queen", "dragon"])));
    assert!(refused.is_err_and(|p| p.to_string().contains("needs `towers`")));
    // The rulebook's turn order: tax, build, Dragon.
    let p = problems(&["knights", "dragon", "buildings", "wealth"]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, 1);
    assert!(
        p[0].1.contains("`dragon` must come after `buildings`"),
        "{p:?}"
    );
    let p = problems(&["buildings", "knights"]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].1.contains("`buildings` must come after `knights`"),
        "{p:?}"
    );
    // Every shipped list fits; a resource read but not provided is no problem.
    for ok in [
        ALL,
        &["knights", "buildings", "queen", "wealth"][..],
        &["knights", "wealth"],
        &["buildings"],
        &["wealth", "knights"],
    ] {
        assert_eq!(problems(ok), [], "{ok:?}");
    }
}

#[test]
fn a_module_keeps_its_own_state_in_the_game() {
    let r = queendomino_like(ALL, 15);
    let mut state = 3u64;
    let mut g = Game::new(r.clone(), 3, 9).expect("setup");
    let fresh = modules::DragonState::default();
    assert_eq!(crate::testkit::pieces(&g).dragon.as_ref(), Some(&fresh));
    assert!(play_until(&mut g, &mut state, |g| {
        crate::testkit::pieces(g)
            .dragon
            .is_some_and(|d| !d.burnt.is_empty())
    }));
    // Clones carry it, compare by it, and a reset starts it again.
    let copy = g.clone();
    assert_eq!(copy, g);
    let mut other = Game::new(r, 3, 9).expect("setup");
    assert_ne!(other, g);
    other.clone_from(&g);
    assert_eq!(other, g);
    g.reset(9);
    assert_eq!(crate::testkit::pieces(&g).dragon.as_ref(), Some(&fresh));
    assert_eq!(g, Game::new(g.ruleset().clone(), 3, 9).expect("setup"));
}

/// Every action of a shipped module refused in its step says why in the module's words (a
/// building's price, an empty slot, a knight's square taxed already), and changes nothing.
#[test]
fn a_module_says_why_it_refuses_its_own_action() {
    use modules::{BuildingsAction, DragonAction, KnightsAction};
    let r = queendomino_like(ALL, 15);
    let mut why_seen = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let mut g = Game::new(r.clone(), 3, seed).expect("setup");
        let mut state = seed + 5;
        while !g.is_over() {
            if let Phase::Step { .. } = g.phase() {
                let legal = g.legal_actions();
                let cells: Vec<Cell> = (-2..=2)
                    .flat_map(|x| (-2..=2).map(move |y| Cell::new(x, y)))
                    .collect();
                let mut tries: Vec<Action> = Vec::new();
                for slot in 0..8u8 {
                    tries.extend(g.pack(DragonAction::Burn { slot }));
                    for &cell in &cells {
                        tries.extend(g.pack(BuildingsAction::Build { slot, cell }));
                    }
                }
                for square in 0..3u8 {
                    tries.extend(g.pack(KnightsAction::Tax { square }));
                }
                let step_module = g.step_module_now_at().map(|(_, me)| me);
                for a in tries {
                    let Action::Module { module, .. } = a else {
                        continue;
                    };
                    if legal.contains(&a) || Some(module.index()) != step_module {
                        continue;
                    }
                    let before = g.clone();
                    match g.apply(a) {
                        Err(IllegalAction::Refused { why, .. }) => {
                            assert!(!why.is_empty());
                            why_seen.insert(why.replace(|c: char| c.is_ascii_digit(), ""));
                        }
                        other => panic!("{a:?} in {:?}: {other:?}", g.phase()),
                    }
                    assert_eq!(g, before);
                }
            }
            g.play_random(|| xorshift(&mut state));
        }
    }
    // Each kind of refusal came up.
    let all = why_seen.iter().cloned().collect::<Vec<_>>().join(" | ");
    for kind in ["is empty", "costs", "not a", "taxed", "Dragon"] {
        assert!(all.contains(kind), "{kind}: {all}");
    }
}

/// Module states hash with the game and are serialisable: every position of a Queendomino game
/// hashes apart, a clone hashes alike, and the states written as JSON read back equal into
/// another game's.
#[test]
fn module_states_hash_with_the_game_and_read_back_from_json() {
    use std::collections::HashSet;
    use std::hash::{BuildHasher, RandomState};
    let r = queendomino_like(ALL, 15);
    let hasher = RandomState::new();
    for (players, seed) in [(2u8, 1u64), (3, 2), (4, 3)] {
        let mut g = Game::new(r.clone(), players, seed).expect("setup");
        let mut state = seed + 11;
        let mut seen = HashSet::new();
        let mut positions = 0;
        let mut other = Game::new(r.clone(), players, seed + 100).expect("setup");
        while !g.is_over() {
            assert_eq!(hasher.hash_one(&g), hasher.hash_one(g.clone()));
            seen.insert(hasher.hash_one(&g));
            positions += 1;
            let json = g.module_data().states_json().expect("serialisable");
            let mut read = other.module_data().clone();
            read.load_states_json(&json).expect("reads back");
            assert_eq!(read.states, g.module_data().states);
            g.play_random(|| xorshift(&mut state));
            other.play_random(|| xorshift(&mut state));
        }
        assert_eq!(seen.len(), positions, "every position hashes apart");
        // A list of states of other types is refused, and changes nothing.
        let kd = Game::new(Arc::new(crate::testkit::kingdomino()), players, seed).expect("setup");
        let none = kd.module_data().states_json().expect("none");
        let mut data = g.module_data().clone();
        assert!(data.load_states_json(&none).is_err());
        assert_eq!(&data, g.module_data());
    }
}

/// Parameters read by each module's serde struct say what is wrong as the hand-written reader they
/// replaced did: the key at fault, what it must be, and the value given.
#[test]
fn parameter_problems_name_the_key_and_what_it_must_be() {
    use modules::Param::{Bool, Int, Ints, Text};
    let problem = |name: &str, key: &str, value: modules::Param| -> String {
        let mut spec = modules::ModuleSpec::new(name);
        spec.params.insert(key.to_string(), value);
        Registry::shipped_ref()
            .build_module(&spec)
            .expect_err("refused")
            .to_string()
    };
    for (got, expected) in [
        (
            problem("knights", "per-turn", Text("two".into())),
            "module `knights`: `per-turn` must be a whole number, not \"two\"",
        ),
        (
            problem("knights", "per-turn", Int(3)),
            "module `knights`: `per-turn` must be from 0 to 2, not 3",
        ),
        (
            problem("knights", "supply", Ints(vec![1])),
            "module `knights`: `supply` must be a whole number, not [1]",
        ),
        (
            problem("buildings", "slot-prices", Ints(vec![0, -1])),
            "module `buildings`: `slot-prices[1]` must be from 0 to 1000, not -1",
        ),
        (
            problem("buildings", "slot-prices", Ints(vec![])),
            "module `buildings`: `slot-prices` needs 1 to 16 numbers, not 0",
        ),
        (
            problem("buildings", "slot-prices", Int(2)),
            "module `buildings`: `slot-prices` must be a list of whole numbers, not 2",
        ),
        (
            problem("buildings", "town", Int(5)),
            "module `buildings`: `town` must be a word in quotes, not 5",
        ),
        (
            problem("queen", "discount", Bool(true)),
            "module `queen`: `discount` must be a whole number, not true",
        ),
        (
            problem("wealth", "interest", Int(1)),
            "module `wealth`: unknown parameter `interest`; expected one of: starting-coins, \
             coins-per-point",
        ),
        (
            problem("wealth", "coins-per-point", Int(0)),
            "module `wealth`: `coins-per-point` must be from 1 to 1000000, not 0",
        ),
    ] {
        assert_eq!(got, expected);
    }
}

/// A module's spec lists every parameter with its default, and rebuilds the same module.
#[test]
fn specs_list_the_defaults_and_rebuild_the_module() {
    let registry = Registry::shipped_ref();
    for name in registry.module_names() {
        let m = registry
            .build_module(&modules::ModuleSpec::new(name))
            .expect("defaults");
        let spec = m.spec();
        assert_eq!(spec.name, name);
        let again = registry.build_module(&spec).expect("its own spec");
        assert_eq!(again.spec(), spec, "{name}");
    }
    let knights = registry
        .build_module(&modules::ModuleSpec::new("knights"))
        .expect("defaults")
        .spec();
    let keys: Vec<&str> = knights.params.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "coins-per-square",
            "per-turn",
            "same-territory",
            "starting",
            "supply",
            "tax-bonus"
        ],
        "every key, defaults filled in"
    );
    assert_eq!(knights.params["supply"], modules::Param::Int(22));
}

/// Every problem with a module list at once, each at its key.
#[test]
fn check_specs_reports_every_parameter_problem() {
    let mut k = modules::ModuleSpec::new("knights");
    k.params.insert("per-turn".into(), modules::Param::Int(9));
    k.params
        .insert("supply".into(), modules::Param::Text("lots".into()));
    let mut w = modules::ModuleSpec::new("wealth");
    w.params.insert("interest".into(), modules::Param::Int(1));
    let problems = modules::check_specs(Registry::shipped_ref(), &[k, w]);
    let at: Vec<(usize, Option<&str>)> = problems
        .iter()
        .map(|p| (p.module, p.key.as_deref()))
        .collect();
    assert_eq!(
        at,
        [
            (0, Some("per-turn")),
            (0, Some("supply")),
            (1, Some("interest"))
        ]
    );
    // Each item of a list at fault, said at its place; a list refused as a whole (too short)
    // once.
    let mut b = modules::ModuleSpec::new("buildings");
    b.params.insert(
        "slot-prices".into(),
        modules::Param::Ints(vec![1, -2, 3, -4, 5]),
    );
    let words: Vec<String> = modules::check_specs(Registry::shipped_ref(), &[b])
        .iter()
        .map(|p| p.error.to_string())
        .collect();
    assert_eq!(
        words,
        [
            "module `buildings`: `slot-prices[1]` must be from 0 to 1000, not -2",
            "module `buildings`: `slot-prices[3]` must be from 0 to 1000, not -4",
        ]
    );
    let mut b = modules::ModuleSpec::new("buildings");
    b.params
        .insert("slot-prices".into(), modules::Param::Ints(vec![0; 17]));
    assert_eq!(
        modules::check_specs(Registry::shipped_ref(), &[b]).len(),
        1,
        "one problem for the list's length"
    );
}

#[test]
fn sides_named_in_a_modules_text_take_a_front_ends_names() {
    use modules::describe::{name_sides, side_ref};
    let text = format!("{} after {}", side_ref(Side(11)), side_ref(Side(0)));
    assert_eq!(text, "side 12 after side 1");
    assert_eq!(
        name_sides(&text, 12, |s| format!("P{}", s.index())),
        "P11 after P0"
    );
    // A table of fewer sides leaves what is not one of its sides alone.
    assert_eq!(name_sides(&text, 2, |_| "x".into()), "side 12 after x");
}

/// A plural name put in for a side leading a sentence (`you`, a team) takes a plural verb; a
/// side anywhere else, and words that are no verb, are left as they are.
#[test]
fn the_verb_after_a_plural_side_agrees() {
    use modules::describe::name_sides_agreeing;
    let name = |s: Side| match s.index() {
        0 => "you".to_string(),
        1 => "greedy 2".to_string(),
        _ => "Ann & Bea".to_string(),
    };
    for (news, said) in [
        ("side 1 gains 2 favour", "You gain 2 favour"),
        ("side 3 gains 2", "Ann & Bea gain 2"),
        ("side 2 gains 2", "greedy 2 gains 2"),
        (
            "side 1's knights tax twice; side 1 pays 1¢",
            "Your knights tax twice; you pay 1¢",
        ),
        (
            "The omen passes to side 1 (side 1 has 3 coins)",
            "The omen passes to you (you have 3 coins)",
        ),
        ("side 2 gives side 1 coins", "greedy 2 gives you coins"),
        (
            "side 1 ties with side 2. side 1 tries; side 1 is first",
            "You tie with greedy 2. you try; you are first",
        ),
        ("side 1 always gains", "You always gains"),
        (
            "side 1 echoes, then: side 1 watches",
            "You echo, then: you watch",
        ),
        ("side 1 3 coins", "You 3 coins"),
        ("side 1: bus", "You: bus"),
        (
            "the Queen goes to side 1's castle",
            "the Queen goes to your castle",
        ),
    ] {
        assert_eq!(name_sides_agreeing(news, 3, name), said, "{news}");
    }
}

#[test]
fn a_name_put_in_for_a_side_is_not_read_again() {
    use modules::describe::name_sides;
    assert_eq!(
        name_sides("side 1 and side 2, side 0, side x", 2, |s| format!(
            "side {}",
            s.index() + 2
        )),
        "side 2 and side 3, side 0, side x"
    );
}

/// Module data started for one list and then for another of the same length starts the other
/// list's states (a state kept from the first list would be of the wrong type, and its module
/// would act as if it had none).
#[test]
fn module_data_reset_for_another_list_starts_that_lists_states() {
    let registry = Registry::shipped_ref();
    let knights =
        modules::build_all(registry, &[modules::ModuleSpec::new("knights")]).expect("knights");
    let wealth =
        modules::build_all(registry, &[modules::ModuleSpec::new("wealth")]).expect("wealth");
    let mut data = knights.new_data();
    assert!(data.states().at::<modules::KnightsState>(0).is_some());
    data.reset(&wealth);
    assert!(data.states().at::<modules::KnightsState>(0).is_none());
    assert!(data.states().at::<modules::NoState>(0).is_some());
    // Back to the knights: their state again, and a reset for the same list keeps it.
    data.reset(&knights);
    assert!(data.states().at::<modules::KnightsState>(0).is_some());
    data.reset(&knights);
    assert!(data.states().at::<modules::KnightsState>(0).is_some());
    assert_eq!(data, knights.new_data());
}

//! Modules together: names refused, replays, and every piece of Queendomino accounted for.

use crate::testkit::{
    ALL, conserved, knights_and_wealth, queendomino_like, with_modules_parts, xorshift,
};
use crate::*;

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

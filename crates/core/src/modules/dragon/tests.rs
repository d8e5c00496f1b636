//! The Dragon.

use crate::modules::DragonAction;
use crate::testkit::{ALL, packed, play_until, queendomino_like, xorshift};
use crate::*;

#[test]
fn the_dragon_burns_once_a_round_and_not_for_the_queen() {
    let r = queendomino_like(ALL, 15);
    let mut state = 9u64;
    let mut seen = 0;
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        while play_until(&mut g, &mut state, |g| {
            g.legal_actions()
                .into_iter()
                .any(|a| g.module_action::<DragonAction>(a).is_some())
        }) {
            let side = g.side_to_act().expect("acting");
            assert!(!crate::testkit::pieces(&g).sides[side].hosts_queen);
            let Some(DragonAction::Burn { slot }) = g
                .legal_actions()
                .into_iter()
                .find_map(|a| g.module_action::<DragonAction>(a))
            else {
                break;
            };
            let coins = crate::testkit::pieces(&g).sides[side].coins;
            let id = crate::testkit::pieces(&g).board[usize::from(slot)].expect("face up");
            let round = g.round();
            g.apply(packed(&g, DragonAction::Burn { slot }))
                .expect("burn");
            assert_eq!(crate::testkit::pieces(&g).sides[side].coins, coins - 1);
            let dragon = crate::testkit::pieces(&g).dragon;
            assert_eq!(
                dragon.as_ref().and_then(|d| d.burnt.last().copied()),
                Some(id)
            );
            assert_eq!(dragon.map(|d| d.uses), Some(1));
            // Nobody else may use him this round.
            while g.round() == round && !g.is_over() {
                assert!(
                    !g.legal_actions()
                        .into_iter()
                        .any(|a| g.module_action::<DragonAction>(a).is_some()),
                    "once a round"
                );
                g.play_random(|| xorshift(&mut state));
            }
            // A new round: he is back, and the board slid and refilled.
            let e = crate::testkit::pieces(&g);
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

/// The Dragon's panel names what he burnt this round (the Board shows the slot as `(empty)`, as
/// a building bought leaves it), and says he is back in his cave the next round.
#[test]
fn the_dragons_panel_names_what_he_burnt_this_round() {
    let r = queendomino_like(ALL, 15);
    let mut state = 5u64;
    let dragon_row = |g: &Game| {
        g.panels()
            .into_iter()
            .find(|p| p.title == "Dragon")
            .map(|p| p.rows[0].to_string())
    };
    for seed in 0..40 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        assert_eq!(dragon_row(&g).as_deref(), Some("in his cave"));
        if !play_until(&mut g, &mut state, |g| {
            g.legal_actions()
                .into_iter()
                .any(|a| g.module_action::<DragonAction>(a).is_some())
        }) {
            continue;
        }
        let Some(slot) = g.legal_actions().into_iter().find_map(|a| {
            g.module_action::<DragonAction>(a)
                .map(|DragonAction::Burn { slot }| slot)
        }) else {
            continue;
        };
        let id = crate::testkit::pieces(&g).board[usize::from(slot)].expect("face up");
        let name = r.buildings()[id.index()].name.clone();
        let round = g.round();
        g.apply(packed(&g, DragonAction::Burn { slot }))
            .expect("burn");
        assert_eq!(dragon_row(&g), Some(format!("burnt {name}")));
        while g.round() == round && !g.is_over() {
            g.play_random(|| xorshift(&mut state));
        }
        if !g.is_over() {
            assert_eq!(dragon_row(&g).as_deref(), Some("in his cave"));
        }
        return;
    }
    panic!("no game of 40 had a bribe");
}

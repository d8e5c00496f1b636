//! Which placements a search node keeps: the best few by the greedy value.
//!
//! A domino often has dozens of legal placements (two orientations of every pair of free cells
//! that connect), most of them plainly worse than the best handful. A search node at a placement
//! keeps only the `k` placements greedy values most (the forced discard, when nothing fits, is
//! the only action anyway), ordered best first. Other kinds of actions are kept as they are.

use crate::greedy::{KingdomEval, placement_value};
use crownlands_core::{Action, Game};

/// Keep in `actions` (the legal actions of `game`, which is at a placement) the `k` placements
/// with the best greedy value, best first. `values` is scratch space. Ties keep the engine's
/// order, so the result depends only on the position.
pub fn keep_best_placements(
    game: &Game,
    actions: &mut Vec<Action>,
    values: &mut Vec<(f64, Action)>,
    k: usize,
) {
    if k == 0 || actions.len() <= 1 {
        return;
    }
    let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
        return;
    };
    let rules = game.rules();
    let kingdom = game.kingdom(game.side_of(player));
    let domino = game.domino(d);
    let before = KingdomEval::new(kingdom, rules);
    values.clear();
    values.extend(actions.iter().map(|&a| {
        let v = match a {
            Action::Place { placement } => {
                placement_value(kingdom, &before, domino, placement, rules)
            }
            _ => f64::INFINITY,
        };
        (v, a)
    }));
    // Stable: equal values keep the engine's order.
    values.sort_by(|x, y| y.0.total_cmp(&x.0));
    values.truncate(k);
    actions.clear();
    actions.extend(values.iter().map(|&(_, a)| a));
}

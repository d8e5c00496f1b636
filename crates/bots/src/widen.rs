//! Progressive widening of placements: a search node at a placement lists its placements best
//! first by the greedy value, and considers only the first few until it has been visited often.
//!
//! A domino often has dozens of legal placements (two orientations of every pair of free cells
//! that connect), most of them plainly worse than the best handful. With the placements sorted,
//! a node visited `n` times chooses among the first `ceil(coefficient * sqrt(n + 1))`: at first
//! the greedy placement alone (so opponents deep in the tree play sensibly rather than trying
//! every placement once), and more as the visits show the node matters.

use crate::greedy::{PlacedPoints, best_place, last_discard_value};
use crate::kingdom_map::KingdomMap;
use crownlands_core::{Action, Game};

/// Sort `actions` (the legal actions of `game`, which is at a placement) best first by the greedy
/// value; equal values keep the engine's order, so the result depends only on the position.
/// `values` and `map` are scratch space.
pub fn sort_placements(
    game: &Game,
    actions: &mut Vec<Action>,
    values: &mut Vec<(f64, Action)>,
    map: &mut KingdomMap,
) {
    if actions.len() <= 1 {
        return;
    }
    let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
        return;
    };
    map.read(
        game.kingdom(game.side_of(player)),
        game.rules(),
        game.territory_scoring(),
    );
    let domino = game.domino(d);
    let placed = PlacedPoints::of(game, game.side_of(player));
    if let Some(placed) = &placed {
        map.charge(placed.work() * actions.len() as u64);
    }
    values.clear();
    values.extend(actions.iter().map(|&a| {
        let v = match a {
            Action::Place { placement } => {
                map.value(domino, placement)
                    + PlacedPoints::gain_of(placed.as_ref(), domino, placement)
            }
            // Beside placements (`discard = "any-time"`): greedy's worth of a discard (at the
            // kingdom's last placement, valued below once the placements are).
            Action::Discard => map.discard_value(),
            _ => f64::INFINITY,
        };
        (v, a)
    }));
    if values.iter().any(|&(_, a)| a == Action::Discard) && !game.places_again() {
        last_discard(game, values, placed.as_ref());
    }
    values.sort_by(|x, y| y.0.total_cmp(&x.0));
    actions.clear();
    actions.extend(values.iter().map(|&(_, a)| a));
}

/// How many of a sorted node's children a node visited `visits` times considers.
pub fn width(coefficient: f64, visits: u32, children: u32) -> u32 {
    let w = (coefficient * f64::from(visits + 1).sqrt()).ceil();
    (w as u32).clamp(1, children.max(1))
}

/// At a kingdom's last placement, a discard among `values` valued against the exact points of
/// the best placement ([`crate::greedy::last_discard_value`]).
fn last_discard(game: &Game, values: &mut [(f64, Action)], placed: Option<&PlacedPoints<'_>>) {
    let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
        return;
    };
    let best = best_place(values.iter().map(|(v, a)| (a, v)));
    let Some(best) = best else {
        return;
    };
    let (kingdom, rules) = (game.kingdom(game.side_of(player)), game.rules());
    let discard = last_discard_value(
        kingdom,
        rules,
        game.territory_scoring(),
        game.domino(d),
        best,
        placed,
    );
    for (value, a) in values.iter_mut() {
        if *a == Action::Discard {
            *value = discard;
        }
    }
}

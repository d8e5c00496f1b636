//! How a search's playouts finish the game: the fast policies that play every seat to the end.

use crate::greedy::{
    EARLIER_TURN, NO_FIT, PlacedPoints, discard_value, last_discard_value, quick_placement_value,
};
use crate::kingdom_map::{KingdomMap, READ_WORK};
use crownlands_core::rng::GameRng;
use crownlands_core::{Action, Domino, Game, Phase, Placement, PlacementSet, Side};

/// How playouts finish the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random legal actions (the engine's allocation-free path).
    Random,
    /// Each placement: the best of a few random candidates by a quick greedy value; each claim:
    /// the free domino with the most crowns (one claim in four random).
    Sampled(u8),
    /// Every seat plays like `greedy`: each placement the best by the greedy value, each claim the
    /// domino whose best placement is worth most (one claim in `n` random, none when 0).
    Greedy(u8),
}

/// A lean in one side's greedy claims: each crown of a domino adds `crown` points to its value,
/// and `deny` times the most any other side's kingdom would gain from it (taking what the others
/// want, not only what fits one's own kingdom).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lean {
    pub side: Side,
    pub crown: f64,
    pub deny: f64,
}

impl Lean {
    /// No lean: `side` claims as greedy does.
    pub fn none(side: Side) -> Lean {
        Lean {
            side,
            crown: 0.0,
            deny: 0.0,
        }
    }
}

/// Play `game` to its end (or until the game refuses an action) by `policy`.
/// `map` is scratch space.
pub fn play_out(
    game: &mut Game,
    policy: Rollout,
    lean: Lean,
    rng: &mut GameRng,
    map: &mut KingdomMap,
) {
    match policy {
        Rollout::Random => while game.play_random(|| rng.next_u32()).is_some() {},
        _ => while !game.is_over() && step(game, policy, lean, rng, map) {},
    }
}

/// Play one action of `game` by `policy`. False when the game is over or refused the action.
pub fn step(
    game: &mut Game,
    policy: Rollout,
    lean: Lean,
    rng: &mut GameRng,
    map: &mut KingdomMap,
) -> bool {
    match policy {
        Rollout::Random => game.play_random(|| rng.next_u32()).is_some(),
        Rollout::Sampled(k) => match game.phase() {
            Phase::Place { .. } => sampled_placement(game, k, rng),
            Phase::FirstClaims { .. } | Phase::Claim { .. } if rng.below(4) != 0 => {
                most_crowned_claim(game)
            }
            _ => game.play_random(|| rng.next_u32()).is_some(),
        },
        Rollout::Greedy(n) => match game.phase() {
            Phase::Place { .. } => greedy_placement(game, map),
            Phase::FirstClaims { .. } | Phase::Claim { .. }
                if n == 0 || rng.below(u32::from(n)) != 0 =>
            {
                greedy_claim(game, lean, map)
            }
            Phase::Step { .. } => {
                map.charge(MODULE_STEP_WORK);
                game.play_random(|| rng.next_u32()).is_some()
            }
            _ => game.play_random(|| rng.next_u32()).is_some(),
        },
    }
}

/// The work of a module step played at random in a greedy playout (Queendomino's tax, builds and
/// the Dragon), in placements valued ([`KingdomMap::work`]): a step lists or counts its choices
/// and plays one, several valuations' time.
pub const MODULE_STEP_WORK: u64 = 2;

/// Most crowns among the free dominoes (ties: the first, the earlier turn).
fn most_crowned_claim(game: &mut Game) -> bool {
    let best = game
        .next_line()
        .iter()
        .filter(|s| s.king.is_none())
        .max_by_key(|s| (game.domino(s.domino).crowns(), std::cmp::Reverse(s.domino)))
        .map(|s| s.domino);
    let Some(domino) = best else { return false };
    game.apply(Action::Claim { domino }).is_ok()
}

/// Place the domino to place at the best of `k` random legal placements by the quick greedy
/// value (or discard it). False when the game refused the action.
fn sampled_placement(game: &mut Game, k: u8, rng: &mut GameRng) -> bool {
    let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
        return false;
    };
    let set = game.placements().distinct(game.domino(d));
    let count = set.count();
    if count == 0 {
        return game.apply(Action::Discard).is_ok();
    }
    let rules = game.rules();
    let kingdom = game.kingdom(game.side_of(player));
    let domino = game.domino(d);
    let before = kingdom.territory_points();
    let placed = PlacedPoints::of(game, game.side_of(player));
    let mut best = (None, f64::NEG_INFINITY);
    for _ in 0..k.max(1) {
        let Some(p) = set.nth(rng.below(count)) else {
            continue;
        };
        let v = quick_placement_value(kingdom, before, domino, p, rules)
            + PlacedPoints::gain_of(placed.as_ref(), domino, p);
        if v > best.1 {
            best = (Some(p), v);
        }
    }
    // (The quick value counts no shape bonus: while the kingdom grows on, a discard is worth
    // what one that fits nowhere is.)
    let action = kept_or_discarded(game, best, placed.as_ref(), || NO_FIT)
        .map_or(Action::Discard, |placement| Action::Place { placement });
    game.apply(action).is_ok()
}

/// What the greedy playouts would play now, when it is a placement or a claim (`None` for other
/// steps and other policies). The same choice as [`step`] with `Rollout::Greedy(0)`.
pub fn greedy_choice(game: &Game, lean: Lean, map: &mut KingdomMap) -> Option<Action> {
    match game.phase() {
        Phase::Place { .. } => greedy_placement_action(game, map),
        Phase::FirstClaims { .. } | Phase::Claim { .. } => greedy_claim_action(game, lean, map),
        _ => None,
    }
}

/// Place the domino greedy's way. False when the game refused the action.
fn greedy_placement(game: &mut Game, map: &mut KingdomMap) -> bool {
    greedy_placement_action(game, map).is_some_and(|a| game.apply(a).is_ok())
}

/// Claim greedy's way. False when there is nothing to claim or the game refused the action.
fn greedy_claim(game: &mut Game, lean: Lean, map: &mut KingdomMap) -> bool {
    greedy_claim_action(game, lean, map).is_some_and(|a| game.apply(a).is_ok())
}

/// The placement greedy values most (the first of equals), or the discard.
fn greedy_placement_action(game: &Game, map: &mut KingdomMap) -> Option<Action> {
    let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
        return None;
    };
    let domino = game.domino(d);
    let kingdom = game.kingdom(game.side_of(player));
    // Each kingdom it can lead to once (a domino of two like squares laid either way round on
    // the same cells is one): the first of equals is the same, found valuing half as many.
    let set = game.placements().distinct(domino);
    // The claim that chose this domino found its best placement in this very kingdom (the
    // usual case: one king a side, nothing changed the kingdom since). Counted as the work of
    // valuing them below. Not where a module scores placements: its pieces may have moved on
    // since (a stall bought after the claim).
    let placed = PlacedPoints::of(game, game.side_of(player));
    let valued = if set.is_empty() {
        0
    } else {
        READ_WORK + u64::from(set.count())
    };
    if placed.is_none()
        && let Some(top) = map.recall(kingdom, d, game.rules(), game.territory_scoring(), valued)
    {
        let placement = kept_or_discarded(game, top, placed.as_ref(), || {
            discard_value(kingdom, game.rules())
        });
        return Some(placement.map_or(Action::Discard, |placement| Action::Place { placement }));
    }
    let mut best = (None, f64::NEG_INFINITY);
    if !set.is_empty() {
        map.read(kingdom, game.rules(), game.territory_scoring());
        best = best_placement(map, domino, set, placed.as_ref());
    }
    Some(
        kept_or_discarded(game, best, placed.as_ref(), || map.discard_value())
            .map_or(Action::Discard, |placement| Action::Place { placement }),
    )
}

/// The best placement found, `best` (with its value), or `None` for a discard: where it fits
/// nowhere, or where the ruleset lets a domino that fits be discarded (`discard = "any-time"`)
/// and greedy values the discard more. While the kingdom gets another domino after this one
/// ([`Game::places_again`]) that is `growing`'s value, greedy's
/// [`crate::greedy::discard_value`] of the kingdom (a placement that spoils a bonus still
/// possible, or lays squares a module makes cost points); at its last placement, when the best
/// placement would lose points ([`crate::greedy::last_discard_value`]).
fn kept_or_discarded(
    game: &Game,
    best: (Option<Placement>, f64),
    placed: Option<&PlacedPoints<'_>>,
    growing: impl FnOnce() -> f64,
) -> Option<Placement> {
    let placement = best.0?;
    if !game.discards_any_time() {
        return Some(placement);
    }
    let discard = if game.places_again() {
        growing()
    } else {
        let (Some(player), Some(d)) = (game.to_act(), game.domino_to_place()) else {
            return Some(placement);
        };
        let (kingdom, rules) = (game.kingdom(game.side_of(player)), game.rules());
        let scoring = game.territory_scoring();
        let top = (placement, best.1);
        last_discard_value(kingdom, rules, scoring, game.domino(d), top, placed)
    };
    (best.1 >= discard).then_some(placement)
}

/// The placement of `domino` among `set` greedy values most in the kingdom `map` read (the first
/// of equals) and its value; `None` and minus infinity for an empty set.
fn best_placement(
    map: &mut KingdomMap,
    domino: &Domino,
    set: PlacementSet,
    placed: Option<&PlacedPoints<'_>>,
) -> (Option<Placement>, f64) {
    let mut best = (None, f64::NEG_INFINITY);
    if let Some(placed) = placed {
        map.charge(placed.work() * u64::from(set.count()));
    }
    set.for_each(|p| {
        let v = map.value(domino, p) + PlacedPoints::gain_of(placed, domino, p);
        if v > best.1 {
            best = (Some(p), v);
        }
    });
    best
}

/// The free domino whose best placement in the claiming side's kingdom is worth most, less a
/// little per position in the line (greedy's claim; the first of equals), plus the lean's
/// points per crown for the leaning side.
fn greedy_claim_action(game: &Game, lean: Lean, map: &mut KingdomMap) -> Option<Action> {
    let player = game.to_act()?;
    let (crown, deny) = if game.side_of(player) == lean.side {
        (lean.crown, lean.deny)
    } else {
        (0.0, 0.0)
    };
    if deny != 0.0 {
        return denying_claim(game, game.side_of(player), crown, deny, map);
    }
    map.read(
        game.kingdom(game.side_of(player)),
        game.rules(),
        game.territory_scoring(),
    );
    let kingdom = game.kingdom(game.side_of(player));
    let placed = PlacedPoints::of(game, game.side_of(player));
    // The domino, its value, and its best placement (the first of equals, as greedy's placement
    // takes it) with that placement's value for `KingdomMap::remember`.
    let mut best = (None, f64::NEG_INFINITY, (None, f64::NEG_INFINITY));
    for (pos, s) in game.next_line().iter().enumerate() {
        if s.king.is_some() {
            continue;
        }
        let domino = game.domino(s.domino);
        let set = kingdom.placements(domino).distinct(domino);
        let top = best_placement(map, domino, set, placed.as_ref());
        let fit = top.1.max(NO_FIT);
        let v = fit - EARLIER_TURN * pos as f64 + crown * f64::from(domino.crowns());
        if v > best.1 {
            best = (Some(s.domino), v, top);
        }
    }
    let domino = best.0?;
    if placed.is_none() {
        map.remember(
            kingdom,
            domino,
            game.rules(),
            game.territory_scoring(),
            best.2,
        );
    }
    Some(Action::Claim { domino })
}

/// The most any placement of each free domino of the next line is worth to `side`'s kingdom by
/// greedy's value (`NO_FIT` for claimed slots and dominoes that fit nowhere), slot by slot.
fn line_fits(game: &Game, side: Side, map: &mut KingdomMap) -> Vec<f64> {
    let kingdom = game.kingdom(side);
    let placed = PlacedPoints::of(game, side);
    map.read(kingdom, game.rules(), game.territory_scoring());
    game.next_line()
        .iter()
        .map(|s| {
            if s.king.is_some() {
                return NO_FIT;
            }
            let domino = game.domino(s.domino);
            let set = kingdom.placements(domino).distinct(domino);
            best_placement(map, domino, set, placed.as_ref())
                .1
                .max(NO_FIT)
        })
        .collect()
}

/// Greedy's claim for `side`, plus `deny` times the most another side would gain from each
/// domino.
fn denying_claim(
    game: &Game,
    side: Side,
    crown: f64,
    deny: f64,
    map: &mut KingdomMap,
) -> Option<Action> {
    let own = line_fits(game, side, map);
    let mut others = vec![f64::NEG_INFINITY; own.len()];
    for other in game.all_sides().filter(|&s| s != side) {
        for (o, f) in others.iter_mut().zip(line_fits(game, other, map)) {
            *o = o.max(f);
        }
    }
    let mut best = (None, f64::NEG_INFINITY);
    for (pos, s) in game.next_line().iter().enumerate() {
        if s.king.is_some() {
            continue;
        }
        let domino = game.domino(s.domino);
        let gain = others.get(pos).copied().unwrap_or(0.0).max(0.0);
        let v = own.get(pos).copied().unwrap_or(NO_FIT) - EARLIER_TURN * pos as f64
            + crown * f64::from(domino.crowns())
            + deny * gain;
        if v > best.1 {
            best = (Some(s.domino), v);
        }
    }
    best.0.map(|domino| Action::Claim { domino })
}

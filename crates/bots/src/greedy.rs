//! `greedy`: the best immediate gain, with tie-breaks that keep the kingdom healthy.
//!
//! - A placement is worth the change in the kingdom's score, except that the bonuses that depend
//!   on the finished shape (Middle Kingdom, Harmony) count by whether they are still possible
//!   rather than by whether the half-built kingdom earns them now. Small tie-breaks prefer
//!   squares that touch their own terrain (territories to grow), stay near the castle, and leave
//!   no hole a domino can no longer fill.
//! - A claim is worth the best placement of that domino in the player's kingdom now, with a small
//!   preference for lower numbers (an earlier turn next round).
//! - A discard where the domino fits (a house rule, `discard = "any-time"`) is worth what a
//!   domino that fits nowhere is worth to a claim (`NO_FIT`, -3): greedy gives a domino up only
//!   when every placement would cost more (spoiling a bonus still possible, squares a module
//!   makes cost points).
//! - Any other action (a forced discard, or an action kind a future ruleset adds) is worth the
//!   change in the side's score after playing it on a determinized copy of the game.
//!
//! Ties between equally good actions are broken by the bot's own generator.

use crate::{Bot, PlayerView};
use crownlands_core::modules::TerritoryScoring;
use crownlands_core::rng::GameRng;
use crownlands_core::score::score_total;
use crownlands_core::{
    Action, Cell, Content, Domino, Game, Kingdom, Phase, Placement, Rules, Side,
};

/// Weight of each tie-break term (points are the unit).
pub(crate) const TOUCH_OWN_TERRAIN: f64 = 0.15;
pub(crate) const TOUCH_CROWNED: f64 = 0.1;
pub(crate) const DISTANCE: f64 = 0.02;
pub(crate) const DEAD_CELL: f64 = 0.8;
pub(crate) const BBOX_GROWTH: f64 = 0.03;
/// The share of a shape bonus counted while it is still possible but not yet earned.
pub(crate) const STILL_POSSIBLE: f64 = 0.6;
/// A claim's preference for a lower position in the line, per position.
pub(crate) const EARLIER_TURN: f64 = 0.05;
/// The value of claiming a domino that fits nowhere.
pub(crate) const NO_FIT: f64 = -3.0;
/// Values closer than this are ties.
const EPS: f64 = 1e-9;

/// Picks the action with the best immediate value; see the module documentation.
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: GameRng::seed_from(seed),
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &PlayerView<'_>) -> Action {
        let actions = view.legal_actions();
        let values = action_values(view, &actions, &mut self.rng);
        pick_best(&actions, &values, &mut self.rng)
    }
}

/// Uniformly one of the best actions (values within [`EPS`] of the best).
pub(crate) fn pick_best(actions: &[Action], values: &[f64], rng: &mut GameRng) -> Action {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties = values.iter().filter(|&&v| v >= best - EPS).count() as u32;
    let mut k = if ties > 1 { rng.below(ties) } else { 0 };
    for (a, &v) in actions.iter().zip(values) {
        if v >= best - EPS {
            if k == 0 {
                return *a;
            }
            k -= 1;
        }
    }
    actions.first().copied().unwrap_or(Action::Discard)
}

/// The greedy value of every action in `actions`.
pub fn action_values(view: &PlayerView<'_>, actions: &[Action], rng: &mut GameRng) -> Vec<f64> {
    let me = view.player();
    let rules = view.rules();
    let kingdom = view.kingdom(me);
    let placing = view.domino_to_place().map(|d| view.domino(d));
    let before = KingdomEval::new(kingdom, rules, view.territory_scoring());
    // The points of modules that follow where their pieces stand (none in the boxes).
    let placed = view.placed_points();
    let placed = placed.as_ref();
    // Positions of the claimable dominoes in their line, for the earlier-turn preference.
    let line = view.next_line();
    let mut generic: Option<(crownlands_core::Game, i32)> = None;
    let mut values: Vec<f64> = actions
        .iter()
        .map(|&a| match (a, placing) {
            (Action::Place { placement }, Some(domino)) => {
                placement_value(kingdom, &before, domino, placement, rules)
                    + PlacedPoints::gain_of(placed, domino, placement)
            }
            // Beside placements (`discard = "any-time"`): kept for a placement that would spoil
            // more (at the kingdom's last placement, valued below once the placements are).
            // A forced discard, alone, goes below as it always has: the same draws.
            (Action::Discard, Some(_)) if actions.len() > 1 => discard_value(kingdom, rules),
            (Action::Claim { domino }, _) => {
                let pos = line.iter().position(|s| s.domino == domino).unwrap_or(0);
                let domino = view.domino(domino);
                let best = match placed {
                    None => best_placement_value(kingdom, &before, domino, rules),
                    Some(placed) => kingdom
                        .placements(domino)
                        .iter()
                        .map(|p| {
                            placement_value(kingdom, &before, domino, p, rules)
                                + placed.gain(domino, p)
                        })
                        .fold(NO_FIT, f64::max),
                };
                best - EARLIER_TURN * pos as f64
            }
            _ => {
                // Anything else: the change in the side's score, on a determinized copy.
                let (g, base) = generic.get_or_insert_with(|| {
                    let g = view.determinize(rng);
                    let base = crate::side_score(&g, view.side());
                    (g, base)
                });
                let mut next = g.clone();
                match next.apply(a) {
                    Ok(()) => f64::from(crate::side_score(&next, view.side()) - *base),
                    Err(_) => f64::NEG_INFINITY,
                }
            }
        })
        .collect();
    // The kingdom's last placement: a discard against the exact points of the best placement.
    if let (Some(domino), Some(Action::Discard)) = (placing, actions.last())
        && actions.len() > 1
        && !view.places_again()
    {
        let best = best_place(actions.iter().zip(&values));
        if let (Some(best), Some(discard)) = (best, values.last_mut()) {
            let scoring = view.territory_scoring();
            *discard = last_discard_value(kingdom, rules, scoring, domino, best, placed);
        }
    }
    values
}

/// The best value of placing `domino` in `kingdom`, or `NO_FIT` when it fits nowhere.
pub fn best_placement_value(
    kingdom: &Kingdom,
    before: &KingdomEval,
    domino: &Domino,
    rules: &Rules,
) -> f64 {
    kingdom
        .placements(domino)
        .iter()
        .map(|p| placement_value(kingdom, before, domino, p, rules))
        .fold(NO_FIT, f64::max)
}

/// The work of asking the modules that score placements of one placement
/// ([`PlacedPoints::gain`]: a copy of the kingdom and their points), in
/// placements valued: charged on top of the placement's own value, so that a search sized by
/// work takes about as long where such a module plays.
pub const PLACED_WORK: u64 = 2;

/// The work of asking one module that compares the kingdoms of one placement
/// ([`PlacedPoints::gain`]: the kingdom's territories measured), in placements
/// valued, on top of [`PLACED_WORK`]: so that a search sized by work takes about as long where
/// such a module plays (`majority`, measured against Kingdomino's time a decision).
pub const COMPARED_WORK: u64 = 7;

/// What the modules whose points follow where their pieces stand
/// ([`Game::scores_placements`]: a market stall scoring its territory) give a side, and how a
/// placement changes it: each placement weighed is laid on a copy of the kingdom and the
/// modules asked ([`Game::placed_points`]). Only where such a module plays: every value above
/// stands alone otherwise.
pub struct PlacedPoints<'g> {
    game: &'g Game,
    side: Side,
    kingdom: &'g Kingdom,
    /// The modules comparing the kingdoms ([`Game::kingdom_comparers`]), the other kingdoms
    /// read once for the decision.
    comparers: Vec<Box<dyn crownlands_core::modules::KingdomComparer>>,
    before: i64,
}

impl<'g> PlacedPoints<'g> {
    /// For `side` of `game`; `None` when no module of the game scores placements.
    pub fn of(game: &'g Game, side: Side) -> Option<PlacedPoints<'g>> {
        if !game.scores_placements() {
            return None;
        }
        let kingdom = game.kingdom(side);
        let mut placed = PlacedPoints {
            game,
            side,
            kingdom,
            comparers: game.kingdom_comparers(side),
            before: 0,
        };
        placed.before = placed.points(kingdom);
        Some(placed)
    }

    /// The work of weighing one placement with these points, in placements valued
    /// ([`crate::kingdom_map::KingdomMap::charge`]): more for each module comparing the
    /// kingdoms.
    pub fn work(&self) -> u64 {
        PLACED_WORK + COMPARED_WORK * self.comparers.len() as u64
    }

    /// Those points were the side's kingdom `kingdom`.
    fn points(&self, kingdom: &Kingdom) -> i64 {
        self.game.placed_points_alone(self.side, kingdom)
            + self
                .comparers
                .iter()
                .map(|c| c.points(kingdom))
                .sum::<i64>()
    }

    /// The change in those points were `domino` laid at `placement` (a legal placement) in
    /// the side's kingdom.
    pub fn gain(&self, domino: &Domino, placement: Placement) -> f64 {
        laid(self.kingdom, domino, placement)
            .map_or(0.0, |k| (self.points(&k) - self.before) as f64)
    }

    /// [`PlacedPoints::gain`] where there are such points, else 0.
    pub fn gain_of(
        placed: Option<&PlacedPoints<'_>>,
        domino: &Domino,
        placement: Placement,
    ) -> f64 {
        placed.map_or(0.0, |p| p.gain(domino, placement))
    }
}

/// A copy of `kingdom` with `domino` laid at `placement`; `None` where it does not fit.
fn laid(kingdom: &Kingdom, domino: &Domino, placement: Placement) -> Option<Kingdom> {
    let mut k = kingdom.clone();
    let fits = k.set_square(placement.first, domino.first).is_ok()
        && k.set_square(placement.second(), domino.second).is_ok();
    fits.then_some(k)
}

/// What greedy knows about a kingdom before a placement.
pub struct KingdomEval {
    score: i32,
    earned_shape_bonuses: i32,
    potential: f64,
    bbox_area: i32,
    /// What the modules add territory by territory (a house rule's multipliers), and its total.
    scoring: TerritoryScoring,
    territory_extra: i64,
}

impl KingdomEval {
    /// `scoring`: the game's [`crownlands_core::Game::territory_scoring`].
    pub fn new(kingdom: &Kingdom, rules: &Rules, scoring: &TerritoryScoring) -> KingdomEval {
        let (earned, potential) = shape_bonuses(kingdom, rules);
        KingdomEval {
            score: score_total(kingdom, rules),
            earned_shape_bonuses: earned,
            potential,
            bbox_area: bbox_area(kingdom),
            scoring: scoring.clone(),
            territory_extra: scoring.of_kingdom(kingdom),
        }
    }

    /// The exact change in the kingdom's points (its score with the bonuses, and what the
    /// modules add territory by territory) from laying `domino` at `placement` in `kingdom`, the
    /// kingdom this was made for; minus infinity for a placement that does not fit. A module
    /// scoring placements adds its own ([`PlacedPoints::gain`]).
    pub fn exact_gain(
        &self,
        kingdom: &Kingdom,
        domino: &Domino,
        placement: Placement,
        rules: &Rules,
    ) -> f64 {
        let Some(k) = laid(kingdom, domino, placement) else {
            return f64::NEG_INFINITY;
        };
        let score = i64::from(score_total(&k, rules) - self.score);
        (score + self.scoring.of_kingdom(&k) - self.territory_extra) as f64
    }
}

/// The value of laying `domino` at `placement` (which must be legal) in `kingdom`.
pub fn placement_value(
    kingdom: &Kingdom,
    before: &KingdomEval,
    domino: &Domino,
    placement: Placement,
    rules: &Rules,
) -> f64 {
    let second = placement.second();
    let mut k = kingdom.clone();
    if k.set_square(placement.first, domino.first).is_err()
        || k.set_square(second, domino.second).is_err()
    {
        return f64::NEG_INFINITY;
    }
    let (earned, potential) = shape_bonuses(&k, rules);
    // The score change without the shape bonuses' current state (with what the modules give
    // territory by territory), plus their potential change.
    let score_delta =
        i64::from((score_total(&k, rules) - earned) - (before.score - before.earned_shape_bonuses))
            + (before.scoring.of_kingdom(&k) - before.territory_extra);
    let mut v = score_delta as f64 + (potential - before.potential);
    // Tie-breaks.
    for (cell, sq, other) in [
        (placement.first, domino.first, second),
        (second, domino.second, placement.first),
    ] {
        for n in neighbours(cell) {
            if n == other {
                continue;
            }
            if let Content::Square(s) = kingdom.content(n)
                && s.terrain == sq.terrain
            {
                v += TOUCH_OWN_TERRAIN;
                if sq.crowns > 0 || kingdom.territory_at(n).is_some_and(|t| t.crowns > 0) {
                    v += TOUCH_CROWNED;
                }
            }
        }
        v -= DISTANCE * f64::from(cell.x.unsigned_abs() + cell.y.unsigned_abs());
    }
    v -= BBOX_GROWTH * f64::from(bbox_area(&k) - before.bbox_area);
    v
}

/// A cheaper value for rollouts: the change in territory points, squares touching their own
/// terrain, and whether Middle Kingdom stays possible (no hole detection, no full scoring).
pub fn quick_placement_value(
    kingdom: &Kingdom,
    territory_points_before: u32,
    domino: &Domino,
    placement: Placement,
    rules: &Rules,
) -> f64 {
    let second = placement.second();
    let mut k = kingdom.clone();
    if k.set_square(placement.first, domino.first).is_err()
        || k.set_square(second, domino.second).is_err()
    {
        return f64::NEG_INFINITY;
    }
    let mut v = f64::from(k.territory_points()) - f64::from(territory_points_before);
    for (cell, sq, other) in [
        (placement.first, domino.first, second),
        (second, domino.second, placement.first),
    ] {
        for n in neighbours(cell) {
            if n != other
                && let Content::Square(s) = kingdom.content(n)
                && s.terrain == sq.terrain
            {
                v += TOUCH_OWN_TERRAIN;
            }
        }
    }
    if let Some(mk) = &rules.middle_kingdom {
        let half = (i32::from(k.grid()) - 1) / 2;
        let (x0, y0, x1, y1) = k.bounds();
        let fits = |lo: i8, hi: i8| -i32::from(lo) <= half && i32::from(hi) <= half;
        if !(fits(x0, x1) && fits(y0, y1)) {
            v -= STILL_POSSIBLE * f64::from(mk.points);
        }
    }
    v
}

fn neighbours(c: Cell) -> [Cell; 4] {
    [
        Cell::new(c.x + 1, c.y),
        Cell::new(c.x - 1, c.y),
        Cell::new(c.x, c.y + 1),
        Cell::new(c.x, c.y - 1),
    ]
}

fn bbox_area(k: &Kingdom) -> i32 {
    let (x0, y0, x1, y1) = k.bounds();
    (i32::from(x1) - i32::from(x0) + 1) * (i32::from(y1) - i32::from(y0) + 1)
}

/// Greedy's value of discarding a domino that fits (`discard = "any-time"`, a house rule) while
/// the kingdom gets another domino after this one ([`Game::places_again`]), on the scale of
/// [`placement_value`]: see [`discard_worth`].
pub fn discard_value(kingdom: &Kingdom, rules: &Rules) -> f64 {
    let grid = i32::from(kingdom.grid());
    let (x0, y0, x1, y1) = kingdom.bounds();
    let bounds = (i32::from(x0), i32::from(y0), i32::from(x1), i32::from(y1));
    let middle_kingdom = rules.middle_kingdom.as_ref().map(|mk| ShapeNow {
        points: mk.points,
        earned: crownlands_core::score::middle_kingdom(kingdom, mk.reading),
        possible: middle_kingdom_possible(grid, bounds),
    });
    let harmony = rules.harmony.map(|points| ShapeNow {
        points,
        earned: kingdom.is_complete(),
        possible: dead_cells(kingdom, bounds, grid) == 0,
    });
    discard_worth(middle_kingdom, harmony)
}

/// One shape bonus (Middle Kingdom, Harmony) as a kingdom stands: its points, whether the
/// kingdom earns it now, and whether greedy counts it still possible ([`shape_bonuses`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShapeNow {
    pub points: i32,
    pub earned: bool,
    pub possible: bool,
}

/// What a discard is worth while the kingdom gets another domino after this one, on the scale
/// of [`placement_value`], from the shape bonuses as the kingdom stands (greedy's own reading and
/// [`crate::kingdom_map::KingdomMap`]'s both come here): what a domino that fits nowhere is
/// worth to a claim, [`NO_FIT`], less
/// - a Middle Kingdom earned now, over what greedy counts it for once the kingdom grows
///   (still possible, or nothing on a grid where greedy never counts it possible, as on an even
///   one): the kingdom grows on, so a castle centred now is not the bonus yet, and without this
///   any placement moving the castle off the centre (every first one) would be worth
///   discarding;
/// - Harmony's share while still possible: the dominoes a kingdom receives fill its grid
///   exactly, so one given up leaves a hole for good.
pub(crate) fn discard_worth(middle_kingdom: Option<ShapeNow>, harmony: Option<ShapeNow>) -> f64 {
    let mut v = NO_FIT;
    if let Some(mk) = middle_kingdom
        && mk.earned
    {
        let grown = if mk.possible { STILL_POSSIBLE } else { 0.0 };
        v -= (1.0 - grown) * f64::from(mk.points);
    }
    if let Some(h) = harmony
        && !h.earned
        && h.possible
    {
        v -= STILL_POSSIBLE * f64::from(h.points);
    }
    v
}

/// What a discard is worth at the last placement of `kingdom` (nothing follows it, see
/// [`Game::places_again`]), on the scale of [`placement_value`], where `best` is the best
/// placement of `domino` and its value: a discard changes nothing, so it is taken (worth more)
/// when that placement would lose points, counted exactly (with what a module scoring
/// placements gives, `placed`).
pub fn last_discard_value(
    kingdom: &Kingdom,
    rules: &Rules,
    scoring: &TerritoryScoring,
    domino: &Domino,
    best: (Placement, f64),
    placed: Option<&PlacedPoints<'_>>,
) -> f64 {
    let (placement, value) = best;
    let gain = KingdomEval::new(kingdom, rules, scoring)
        .exact_gain(kingdom, domino, placement, rules)
        + PlacedPoints::gain_of(placed, domino, placement);
    value - gain - 0.5
}

/// The first of the placements valued most among `actions` and their `values`.
pub(crate) fn best_place<'a>(
    valued: impl Iterator<Item = (&'a Action, &'a f64)>,
) -> Option<(Placement, f64)> {
    valued
        .filter_map(|(a, &v)| match a {
            Action::Place { placement } => Some((*placement, v)),
            _ => None,
        })
        .fold(None, |best, (p, v)| match best {
            Some((_, b)) if b >= v => best,
            _ => Some((p, v)),
        })
}

/// Whether greedy counts a Middle Kingdom still possible for a kingdom of bounding box `bounds`
/// on a `grid`: an odd grid, the castle within half of it from every edge of the box.
pub(crate) fn middle_kingdom_possible(grid: i32, (x0, y0, x1, y1): (i32, i32, i32, i32)) -> bool {
    let half = (grid - 1) / 2;
    grid % 2 == 1 && -x0 <= half && x1 <= half && -y0 <= half && y1 <= half
}

/// The shape bonuses (Middle Kingdom, Harmony): the points the kingdom earns from them now, and
/// what greedy counts for them (earned in full, still possible in part, minus holes no domino can
/// fill any more).
fn shape_bonuses(k: &Kingdom, rules: &Rules) -> (i32, f64) {
    let mut earned = 0;
    let mut potential = 0.0;
    let grid = i32::from(k.grid());
    let (x0, y0, x1, y1) = k.bounds();
    let (x0, y0, x1, y1) = (i32::from(x0), i32::from(y0), i32::from(x1), i32::from(y1));
    let dead = dead_cells(k, (x0, y0, x1, y1), grid);
    if let Some(mk) = &rules.middle_kingdom {
        let centred = crownlands_core::score::middle_kingdom(k, mk.reading);
        let possible = middle_kingdom_possible(grid, (x0, y0, x1, y1));
        if centred {
            earned += mk.points;
            potential += f64::from(mk.points);
        } else if possible {
            potential += STILL_POSSIBLE * f64::from(mk.points);
        }
    }
    if let Some(h) = rules.harmony {
        if k.is_complete() {
            earned += h;
            potential += f64::from(h);
        } else if dead == 0 {
            potential += STILL_POSSIBLE * f64::from(h);
        }
    }
    potential -= DEAD_CELL * f64::from(dead);
    (earned, potential)
}

/// Empty cells inside the bounding box that no domino can fill any more: every neighbour is taken
/// or would make the kingdom outgrow its grid (or lie beyond a castle fixed at the centre).
fn dead_cells(k: &Kingdom, (x0, y0, x1, y1): (i32, i32, i32, i32), grid: i32) -> u32 {
    let reach = i32::from(k.reach());
    let fits = |x: i32, y: i32| {
        x1.max(x) - x0.min(x) < grid
            && y1.max(y) - y0.min(y) < grid
            && x.abs() <= reach
            && y.abs() <= reach
    };
    let empty =
        |x: i32, y: i32| fits(x, y) && k.content(Cell::new(x as i8, y as i8)) == Content::Empty;
    let mut dead = 0;
    for y in y0..=y1 {
        for x in x0..=x1 {
            if empty(x, y)
                && !empty(x + 1, y)
                && !empty(x - 1, y)
                && !empty(x, y + 1)
                && !empty(x, y - 1)
            {
                dead += 1;
            }
        }
    }
    dead
}

/// Whether the view is at a placement (for callers that want the greedy placement only).
pub fn is_placing(view: &PlayerView<'_>) -> bool {
    matches!(view.phase(), Phase::Place { .. })
}

//! Greedy's placement value, fast: a snapshot of one kingdom (each square's territory, as a bit)
//! from which every placement of a domino is valued in a few lookups.
//!
//! [`crate::greedy::placement_value`] copies the kingdom, lays the domino and scores the copy,
//! which is fine for one decision but too slow for playouts that take hundreds of decisions.
//! [`KingdomMap`] reads the kingdom once, then values a placement from the territories next to
//! the two new squares (they merge), the bounding box (Middle Kingdom, the growth tie-break) and
//! the cells around the domino (holes no domino can fill any more). It gives the same value as
//! `placement_value` (a test holds it to that), only faster.

use crate::greedy::{
    BBOX_GROWTH, DEAD_CELL, DISTANCE, STILL_POSSIBLE, ShapeNow, TOUCH_CROWNED, TOUCH_OWN_TERRAIN,
    discard_worth, middle_kingdom_possible,
};
use crownlands_core::modules::{TerritoryScoring, TerritorySize};
use crownlands_core::{
    Domino, DominoId, Kingdom, MAX_GRID, MiddleKingdomReading, Placement, Rules, TerrainId,
};

/// The window: a kingdom of grid `g` spans `2g - 1` cells each way around its castle; cell
/// (x, y) is at `(y + ORIGIN) * STRIDE + x + ORIGIN`, with at least one cell no square reaches
/// all round, so neighbours never leave the window.
const ORIGIN: i32 = MAX_GRID as i32;
const STRIDE: usize = 32;
const ROWS: usize = 2 * ORIGIN as usize + 1;
const CELLS: usize = STRIDE * ROWS;

/// Territories a kingdom may hold: one bit each in a word ([`KingdomMap::label`]).
const TERRITORIES: usize = 64;
// Each square its own territory at most (the castle is none).
const _: () = assert!(MAX_GRID * MAX_GRID - 1 <= TERRITORIES);
/// Terrains told apart ([`KingdomMap::of_terrain`]): as many as a kingdom holds.
const TERRAINS: usize = crownlands_core::terrain::MAX_TERRAINS;

/// The work of reading a kingdom, in placements valued ([`KingdomMap::work`]).
pub const READ_WORK: u64 = 8;

/// Best placements remembered ([`KingdomMap::remember`]): one a side for tables of up to 8.
const REMEMBERED: usize = 8;

/// Greedy's best placement of one domino in one kingdom under one ruleset, remembered from the
/// claim that chose the domino for the placement that follows it.
#[derive(Clone, Debug)]
struct Remembered {
    kingdom: Kingdom,
    domino: DominoId,
    /// The rules' address: the value depends on them (Harmony, Middle Kingdom).
    rules: usize,
    /// What the modules add to it, as the game was dealt (the goals drawn differ game by
    /// game under the same rules).
    scoring: TerritoryScoring,
    /// The placement (`None`: it fits nowhere) and its value.
    placement: (Option<Placement>, f64),
}

/// A bounding box, castle at the origin: (x0, y0, x1, y1).
type Bounds = (i32, i32, i32, i32);

/// One kingdom, read once; see the module documentation.
pub struct KingdomMap {
    grid: i32,
    /// Each window cell's territory as one bit (bit `k` for the `k`th territory; none for an
    /// empty cell or the castle), so that the territories next to a cell are the union of its
    /// neighbours' labels, and a set of them a word. Only the cells of the bounding box are
    /// ever labelled (a read clears the last one's).
    label: Box<[u64; CELLS]>,
    /// Each territory's squares, crowns and points (squares times crowns).
    squares: [u32; TERRITORIES],
    crowns: [u32; TERRITORIES],
    points: [u32; TERRITORIES],
    /// What the modules add territory by territory (a house rule's multipliers): each
    /// territory's share, while `scoring` is not empty.
    scoring: TerritoryScoring,
    extra: [i64; TERRITORIES],
    /// While a module scores the territories together ([`TerritoryScoring::whole_points`]):
    /// the territories read, each one's terrain, what those modules gave the kingdom read, and
    /// room to list the territories after a placement.
    territories: usize,
    terrain: [u8; TERRITORIES],
    whole: i64,
    sizes: Vec<TerritorySize>,
    /// The territories of each terrain, and those with a crown.
    of_terrain: [u64; TERRAINS],
    crowned: u64,
    bounds: Bounds,
    /// Each window row's empty cells inside the grid's reach (bit `x + ORIGIN` of row
    /// `y + ORIGIN`): the holes are counted a row at a time from these.
    empty_rows: [u32; ROWS],
    occupied: u32,
    dead: u32,
    /// Greedy's count for the shape bonuses before the placement.
    potential: f64,
    middle_kingdom: Option<(i32, MiddleKingdomReading)>,
    harmony: Option<i32>,
    dead_cache: Vec<(u32, u32)>,
    /// Each pair of cells' part of a placement's value that does not depend on the domino
    /// ([`Shape`]), by [`pair_key`], valid while its read is this one's `generation`: a kingdom's
    /// placements of two orientations and of every domino of a line share their cells.
    shapes: Vec<Shape>,
    generation: u32,
    /// Work done so far ([`KingdomMap::work`]).
    work: u64,
    /// Best placements found by claims ([`KingdomMap::remember`]), oldest replaced first.
    remembered: Vec<Remembered>,
    next_remembered: usize,
    recalled: u64,
}

impl Default for KingdomMap {
    fn default() -> Self {
        KingdomMap::new()
    }
}

impl KingdomMap {
    pub fn new() -> KingdomMap {
        KingdomMap {
            grid: 0,
            label: Box::new([0; CELLS]),
            squares: [0; TERRITORIES],
            crowns: [0; TERRITORIES],
            points: [0; TERRITORIES],
            scoring: TerritoryScoring::default(),
            extra: [0; TERRITORIES],
            territories: 0,
            terrain: [0; TERRITORIES],
            whole: 0,
            sizes: Vec::new(),
            of_terrain: [0; TERRAINS],
            crowned: 0,
            bounds: (0, 0, 0, 0),
            empty_rows: [0; ROWS],
            occupied: 0,
            dead: 0,
            potential: 0.0,
            middle_kingdom: None,
            harmony: None,
            dead_cache: Vec::new(),
            shapes: vec![Shape::default(); 2 * CELLS],
            generation: 0,
            work: 0,
            remembered: Vec::new(),
            next_remembered: 0,
            recalled: 0,
        }
    }

    /// Remember that greedy's best placement of `domino` in `kingdom` under `rules` and the
    /// game's `scoring` (the goals it drew) is `placement` (the first of equals; `None`: it fits
    /// nowhere), with its value (whether a discard is worth more is asked at the placement: it
    /// depends on what follows it), as a claim found while valuing the domino: the claiming side's kingdom usually does not change before it places that
    /// domino, and then [`KingdomMap::recall`] gives the placement without valuing them all again.
    /// Counted as no work: see `recall`.
    pub fn remember(
        &mut self,
        kingdom: &Kingdom,
        domino: DominoId,
        rules: &Rules,
        scoring: &TerritoryScoring,
        placement: (Option<Placement>, f64),
    ) {
        let rules = std::ptr::from_ref(rules) as usize;
        if self.remembered.len() < REMEMBERED {
            self.remembered.push(Remembered {
                kingdom: kingdom.clone(),
                domino,
                rules,
                scoring: scoring.clone(),
                placement,
            });
            return;
        }
        let i = self.next_remembered;
        self.next_remembered = (i + 1) % REMEMBERED;
        if let Some(r) = self.remembered.get_mut(i) {
            r.kingdom.clone_from(kingdom);
            (r.domino, r.rules, r.placement) = (domino, rules, placement);
            if !r.scoring.same(scoring) {
                r.scoring = scoring.clone();
            }
        }
    }

    /// Greedy's best placement of `domino` in `kingdom` under `rules` and `scoring`, if
    /// remembered for exactly this kingdom and scoring ([`KingdomMap::remember`]), with its
    /// value: `Some((None, _))` when it fits nowhere.
    ///
    /// A placement recalled counts the work of valuing it afresh, `valued` (a kingdom read and
    /// one unit a legal placement, as the caller would have spent): the budget a search sizes by
    /// its work ([`KingdomMap::work`]) is then the same playouts as without the memory, so a seed
    /// plays the same moves as before, only sooner.
    pub fn recall(
        &mut self,
        kingdom: &Kingdom,
        domino: DominoId,
        rules: &Rules,
        scoring: &TerritoryScoring,
        valued: u64,
    ) -> Option<(Option<Placement>, f64)> {
        let rules = std::ptr::from_ref(rules) as usize;
        let placement = self
            .remembered
            .iter()
            .find(|r| {
                r.domino == domino
                    && r.rules == rules
                    && r.kingdom == *kingdom
                    && r.scoring.same(scoring)
            })
            .map(|r| r.placement)?;
        self.work += valued;
        self.recalled += 1;
        Some(placement)
    }

    /// How many placements were recalled so far ([`KingdomMap::recall`]).
    pub fn recalled(&self) -> u64 {
        self.recalled
    }

    /// Forget every remembered placement (a new search: another ruleset may follow).
    pub fn forget(&mut self) {
        self.remembered.clear();
        self.next_remembered = 0;
    }

    /// Read `kingdom` (replacing what was read before), under `rules` and what the modules add
    /// territory by territory (the game's [`crownlands_core::Game::territory_scoring`]).
    pub fn read(&mut self, kingdom: &Kingdom, rules: &Rules, scoring: &TerritoryScoring) {
        self.work += READ_WORK;
        if !self.scoring.same(scoring) {
            self.scoring = scoring.clone();
        }
        let scored = self.scoring.scores_each();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in 2^32 reads: no entry may pass for this read's.
            self.shapes.fill(Shape::default());
            self.generation = 1;
        }
        let grid = i32::from(kingdom.grid());
        self.grid = grid;
        // Clear the last read's labels (only inside its bounding box: none outside).
        let (x0, y0, x1, y1) = self.bounds;
        for y in y0..=y1 {
            let (first, last) = (self.index(x0, y), self.index(x1, y));
            if let Some(row) = self.label.get_mut(first..=last) {
                row.fill(0);
            }
        }
        let (x0, y0, x1, y1) = kingdom.bounds();
        self.bounds = (i32::from(x0), i32::from(y0), i32::from(x1), i32::from(y1));
        // The empty cells, row by row: the grid's reach around the castle (less with the castle
        // fixed at the centre), less what is taken. Nothing outside them is ever open, so the
        // bounding box's reach (`KingdomMap::reach`) needs no other limit.
        let limit = i32::from(kingdom.reach());
        let reach = span(-limit, limit);
        for (r, row) in self.empty_rows.iter_mut().enumerate() {
            let y = r as i32 - ORIGIN;
            *row = if y.abs() <= limit { reach } else { 0 };
        }
        self.empty_rows[ORIGIN as usize] &= !(1 << ORIGIN);
        self.occupied = 1;
        // Territories, as the kingdom floods them over its bitboards: each square labelled.
        self.of_terrain = [0; TERRAINS];
        self.crowned = 0;
        let mut territories = 0;
        let mut bit = 0u64;
        kingdom.for_each_territory_cell(|t, cell| {
            if cell == t.anchor {
                // A new territory (its cells come together, anchor first).
                bit = 1u64.checked_shl(territories).unwrap_or(0);
                if let (Some(s), Some(c), Some(p)) = (
                    self.squares.get_mut(territories as usize),
                    self.crowns.get_mut(territories as usize),
                    self.points.get_mut(territories as usize),
                ) {
                    (*s, *c, *p) = (t.squares, t.crowns, t.squares * t.crowns);
                }
                if scored && let Some(e) = self.extra.get_mut(territories as usize) {
                    *e = self.scoring.points(t.terrain, t.squares, t.crowns);
                }
                if let Some(of) = self.of_terrain.get_mut(t.terrain.index()) {
                    *of |= bit;
                }
                if let Some(terrain) = self.terrain.get_mut(territories as usize) {
                    *terrain = t.terrain.0;
                }
                if t.crowns > 0 {
                    self.crowned |= bit;
                }
                territories += 1;
            }
            let (x, y) = (i32::from(cell.x), i32::from(cell.y));
            let i = ((y + ORIGIN) as usize) * STRIDE + (x + ORIGIN) as usize;
            if let (Some(label), Some(row)) = (
                self.label.get_mut(i),
                self.empty_rows.get_mut((y + ORIGIN) as usize),
            ) {
                *label = bit;
                *row &= !(1 << (x + ORIGIN));
                self.occupied += 1;
            }
        });
        self.territories = territories as usize;
        if self.scoring.scores_whole() {
            let mut sizes = std::mem::take(&mut self.sizes);
            sizes.clear();
            sizes.extend((0..self.territories).map(|k| self.size_of(k)));
            self.whole = self.scoring.whole_points(&sizes);
            self.sizes = sizes;
        }
        self.middle_kingdom = rules.middle_kingdom.map(|mk| (mk.points, mk.reading));
        self.harmony = rules.harmony;
        self.dead = self.dead_cells(self.bounds);
        self.dead_cache.clear();
        self.potential = self.shape_potential(self.bounds, self.occupied, self.dead);
    }

    /// The work done so far, counted rather than timed: one unit a placement valued,
    /// [`READ_WORK`] a kingdom read. A playout's cost in it is about proportional to its time on
    /// any ruleset, and the same on any machine, so a search can size its budget by it and stay
    /// reproducible.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Count `units` of work done outside the map (a module step of a playout).
    pub fn charge(&mut self, units: u64) {
        self.work += units;
    }

    /// Greedy's value of laying `domino` at `placement` (legal in the kingdom read).
    pub fn value(&mut self, domino: &Domino, placement: Placement) -> f64 {
        self.work += 1;
        let (a, b) = (placement.first, placement.second());
        let (ax, ay, bx, by) = (
            i32::from(a.x),
            i32::from(a.y),
            i32::from(b.x),
            i32::from(b.y),
        );
        let (ia, ib) = (self.index(ax, ay), self.index(bx, by));
        let (sa, sb) = (domino.first, domino.second);
        let (ta, tb) = (self.of_terrain(sa.terrain), self.of_terrain(sb.terrain));
        // Territory points: the territories next to each new square merge with it. As a set
        // (a word), a territory next to both squares, or to one on two sides, counts once.
        let (near_a, near_b) = (self.near(ia), self.near(ib));
        let mut gain = if sa.terrain == sb.terrain {
            self.merge(
                (near_a | near_b) & ta,
                u32::from(sa.crowns) + u32::from(sb.crowns),
                2,
                sa.terrain,
            )
        } else {
            self.merge(near_a & ta, u32::from(sa.crowns), 1, sa.terrain)
                + self.merge(near_b & tb, u32::from(sb.crowns), 1, sb.terrain)
        };
        if self.scoring.scores_whole() {
            gain += if sa.terrain == sb.terrain {
                let both = u32::from(sa.crowns) + u32::from(sb.crowns);
                self.whole_gain(&[((near_a | near_b) & ta, both, 2, sa.terrain)])
            } else {
                self.whole_gain(&[
                    (near_a & ta, u32::from(sa.crowns), 1, sa.terrain),
                    (near_b & tb, u32::from(sb.crowns), 1, sb.terrain),
                ])
            };
        }
        // Shape bonuses, holes, the bounding box: the same for every domino on these cells.
        let shape = self.shape(ia, ib, (ax, ay, bx, by));
        let mut v = gain as f64 + shape.potential;
        // Tie-breaks, as greedy's, added in greedy's order (so the sum is the same to the bit
        // and a seed plays the same moves). The domino's other cell is empty in the kingdom
        // read, so it never matches a square's terrain.
        for (i, sq, own, cx, cy) in [(ia, sa, ta, ax, ay), (ib, sb, tb, bx, by)] {
            // A crowned square counts every neighbour of its terrain as crowned.
            let crowned = if sq.crowns > 0 {
                u64::MAX
            } else {
                self.crowned
            };
            for j in self.window_neighbours(i) {
                let label = self.label.get(j).map_or(0, |&l| l & own);
                if label != 0 {
                    v += TOUCH_OWN_TERRAIN;
                    if label & crowned != 0 {
                        v += TOUCH_CROWNED;
                    }
                }
            }
            v -= DISTANCE * f64::from((cx.unsigned_abs() + cy.unsigned_abs()) as u8);
        }
        v -= BBOX_GROWTH * f64::from(shape.growth);
        v
    }

    /// The `k`th territory read, as a module scoring territories together reads it.
    fn size_of(&self, k: usize) -> TerritorySize {
        TerritorySize {
            terrain: TerrainId(self.terrain.get(k).copied().unwrap_or(0)),
            squares: self.squares.get(k).copied().unwrap_or(0),
            crowns: self.crowns.get(k).copied().unwrap_or(0),
        }
    }

    /// What the modules scoring the territories together gain when new squares join
    /// territories: each part the territories `merged` (of `terrain`) with new squares bringing
    /// `squares` and `crowns` (the parts' territories apart).
    fn whole_gain(&mut self, parts: &[(u64, u32, u32, TerrainId)]) -> i64 {
        let merged = parts.iter().fold(0u64, |m, p| m | p.0);
        let mut sizes = std::mem::take(&mut self.sizes);
        sizes.clear();
        sizes.extend(
            (0..self.territories)
                .filter(|&k| merged & 1u64.checked_shl(k as u32).unwrap_or(0) == 0)
                .map(|k| self.size_of(k)),
        );
        for &(merged, crowns, squares, terrain) in parts {
            let (sq, cr, _) = self.joined(merged, squares, crowns);
            sizes.push(TerritorySize {
                terrain,
                squares: sq,
                crowns: cr,
            });
        }
        let after = self.scoring.whole_points(&sizes);
        self.sizes = sizes;
        after - self.whole
    }

    /// The squares and crowns of the territories `merged` joined by new squares bringing
    /// `squares` and `crowns`, and the printed points the merged territories had.
    #[inline]
    fn joined(&self, merged: u64, squares: u32, crowns: u32) -> (u32, u32, i64) {
        let (mut sq, mut cr, mut old) = (squares, crowns, 0i64);
        let mut left = merged;
        while left != 0 {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            sq += self.squares.get(k).copied().unwrap_or(0);
            cr += self.crowns.get(k).copied().unwrap_or(0);
            old += i64::from(self.points.get(k).copied().unwrap_or(0));
        }
        (sq, cr, old)
    }

    /// The territories of `terrain` ([`KingdomMap::of_terrain`]).
    #[inline]
    fn of_terrain(&self, terrain: TerrainId) -> u64 {
        self.of_terrain.get(terrain.index()).copied().unwrap_or(0)
    }

    /// The territories next to cell `i`.
    #[inline]
    fn near(&self, i: usize) -> u64 {
        self.window_neighbours(i)
            .iter()
            .fold(0, |near, &j| near | self.label.get(j).copied().unwrap_or(0))
    }

    /// The territory points gained by merging territories `merged` (of `terrain`) with new
    /// squares bringing `squares` and `crowns`, with what the modules add territory by territory.
    #[inline]
    fn merge(&self, merged: u64, crowns: u32, squares: u32, terrain: TerrainId) -> i64 {
        let (sq, cr, old) = self.joined(merged, squares, crowns);
        let printed = i64::from(sq * cr) - old;
        if !self.scoring.scores_each() {
            return printed;
        }
        let mut extra_old = 0i64;
        let mut left = merged;
        while left != 0 {
            let k = left.trailing_zeros() as usize;
            left &= left - 1;
            extra_old += self.extra.get(k).copied().unwrap_or(0);
        }
        printed + (self.scoring.points(terrain, sq, cr) - extra_old)
    }

    /// The part of the value of a placement on cells `ia`, `ib` (at `ax, ay` and `bx, by`) that
    /// does not depend on the domino, computed once a read.
    #[inline]
    fn shape(&mut self, ia: usize, ib: usize, (ax, ay, bx, by): (i32, i32, i32, i32)) -> Shape {
        let key = pair_key(ia, ib);
        if let Some(&shape) = self.shapes.get(key)
            && shape.generation == self.generation
        {
            return shape;
        }
        // Shape bonuses, by what is still possible after the placement.
        let (x0, y0, x1, y1) = self.bounds;
        let nb = (
            x0.min(ax).min(bx),
            y0.min(ay).min(by),
            x1.max(ax).max(bx),
            y1.max(ay).max(by),
        );
        // Holes: those of the new bounding box with the domino's cells still empty (neither is
        // a hole then: they are next to each other), plus those the domino makes next to it.
        let dead = self.dead_with_bounds(nb) + self.new_dead_around(ia, ib, nb);
        let potential = self.shape_potential(nb, self.occupied + 2, dead);
        let shape = Shape {
            generation: self.generation,
            growth: area(nb) - area(self.bounds),
            potential: potential - self.potential,
        };
        if let Some(slot) = self.shapes.get_mut(key) {
            *slot = shape;
        }
        shape
    }

    /// The holes of the kingdom read if its bounding box were `b` (cached: a kingdom's
    /// placements reach only a few bounding boxes).
    fn dead_with_bounds(&mut self, b: Bounds) -> u32 {
        let key = bounds_key(b);
        if key == bounds_key(self.bounds) {
            return self.dead;
        }
        if let Some(&(_, d)) = self.dead_cache.iter().find(|(c, _)| *c == key) {
            return d;
        }
        let d = self.dead_cells(b);
        self.dead_cache.push((key, d));
        d
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> usize {
        ((y + ORIGIN) as usize) * STRIDE + (x + ORIGIN) as usize
    }

    /// The cells next to cell `i` (which is never on the window's rim).
    #[inline]
    fn window_neighbours(&self, i: usize) -> [usize; 4] {
        [i + 1, i - 1, i + STRIDE, i - STRIDE]
    }

    /// Where a square may still go with bounding box `b`: a cell (x, y) may while the box
    /// stretched to it stays within the grid, `x` from `b.2 - g + 1` to `b.0 + g - 1`, the same
    /// for `y` (window rows and column bits).
    #[inline]
    fn reach(&self, b: Bounds) -> Reach {
        let g = self.grid;
        Reach {
            first_row: b.3 - g + 1 + ORIGIN,
            last_row: b.1 + g - 1 + ORIGIN,
            columns: span(b.2 - g + 1, b.0 + g - 1),
        }
    }

    /// The cells of window row `r` that are empty and within `reach`, as bits `x + ORIGIN`.
    #[inline]
    fn open_row(&self, r: i32, reach: &Reach) -> u32 {
        if r < reach.first_row || r > reach.last_row {
            return 0;
        }
        self.empty_rows
            .get(r as usize)
            .map_or(0, |&row| row & reach.columns)
    }

    /// Empty cells inside `b` no domino can fill any more (greedy's holes: open, with no open
    /// neighbour), a row at a time.
    fn dead_cells(&self, b: Bounds) -> u32 {
        let reach = self.reach(b);
        let inside = span(b.0, b.2);
        let mut dead = 0;
        let mut above = self.open_row(b.1 - 1 + ORIGIN, &reach);
        let mut row = self.open_row(b.1 + ORIGIN, &reach);
        for r in b.1 + ORIGIN..=b.3 + ORIGIN {
            let below = self.open_row(r + 1, &reach);
            let holes = row & !(row << 1) & !(row >> 1) & !above & !below & inside;
            dead += holes.count_ones();
            above = row;
            row = below;
        }
        dead
    }

    /// Holes the placement on cells `ia`, `ib` makes next to them, the bounding box staying `b`.
    /// (A cell next to the domino had an open neighbour before, so it was no hole; two cells of
    /// a domino have no neighbour in common.)
    fn new_dead_around(&self, ia: usize, ib: usize, b: Bounds) -> u32 {
        let reach = self.reach(b);
        let cells = [
            ((ia / STRIDE) as i32, 1u32 << (ia % STRIDE)),
            ((ib / STRIDE) as i32, 1u32 << (ib % STRIDE)),
        ];
        let (top, bottom) = (cells[0].0.min(cells[1].0), cells[0].0.max(cells[1].0));
        // The open cells of the rows from two above the domino to two below it (at most six:
        // the domino spans one or two rows), the domino's cells taken.
        let first = top - 2;
        let mut open = [0u32; 6];
        for (k, row) in open.iter_mut().enumerate() {
            *row = self.open_row(first + k as i32, &reach);
        }
        for (r, bit) in cells {
            if let Some(row) = open.get_mut((r - first) as usize) {
                *row &= !bit;
            }
        }
        let inside = span(b.0, b.2);
        let mut dead = 0;
        for r in (top - 1).max(b.1 + ORIGIN)..=(bottom + 1).min(b.3 + ORIGIN) {
            let k = (r - first) as usize;
            // The cells next to the domino in this row (the domino's own are not open).
            let mut next = 0;
            for (cr, bit) in cells {
                if cr == r {
                    next |= bit << 1 | bit >> 1;
                } else if (cr - r).abs() == 1 {
                    next |= bit;
                }
            }
            let row = open[k];
            let holes =
                next & inside & row & !(row << 1) & !(row >> 1) & !open[k - 1] & !open[k + 1];
            dead += holes.count_ones();
        }
        dead
    }

    /// Greedy's value of discarding a domino that fits in the kingdom read while the kingdom
    /// gets another domino after this one, on the scale of [`KingdomMap::value`]: as
    /// [`crate::greedy::discard_value`].
    pub fn discard_value(&self) -> f64 {
        let g = self.grid;
        let b = self.bounds;
        let middle_kingdom = self.middle_kingdom.map(|(points, reading)| ShapeNow {
            points,
            earned: self.centred(b, reading),
            possible: middle_kingdom_possible(g, b),
        });
        let harmony = self.harmony.map(|points| ShapeNow {
            points,
            earned: self.occupied == (g * g) as u32,
            possible: self.dead == 0,
        });
        discard_worth(middle_kingdom, harmony)
    }

    /// Whether the castle is at the centre of bounding box `b` as Middle Kingdom's `reading`
    /// reads it.
    fn centred(&self, b: Bounds, reading: MiddleKingdomReading) -> bool {
        let g = self.grid;
        let full = b.2 - b.0 + 1 == g && b.3 - b.1 + 1 == g;
        let centred_bounds = -b.0 == b.2 && -b.1 == b.3;
        let half = (g - 1) / 2;
        match reading {
            MiddleKingdomReading::BoundingBox => centred_bounds,
            MiddleKingdomReading::FullGrid => full && centred_bounds,
            MiddleKingdomReading::WithinHalfGrid => {
                -b.0 <= half && b.2 <= half && -b.1 <= half && b.3 <= half
            }
        }
    }

    /// Greedy's count for Middle Kingdom and Harmony with bounding box `b`, `occupied` cells
    /// taken (castle included) and `dead` holes.
    fn shape_potential(&self, b: Bounds, occupied: u32, dead: u32) -> f64 {
        let g = self.grid;
        let mut potential = 0.0;
        let full = b.2 - b.0 + 1 == g && b.3 - b.1 + 1 == g;
        if let Some((points, reading)) = self.middle_kingdom {
            let centred = self.centred(b, reading);
            let possible = middle_kingdom_possible(g, b);
            if centred {
                potential += f64::from(points);
            } else if possible {
                potential += STILL_POSSIBLE * f64::from(points);
            }
        }
        if let Some(h) = self.harmony {
            if full && occupied == (g * g) as u32 {
                potential += f64::from(h);
            } else if dead == 0 {
                potential += STILL_POSSIBLE * f64::from(h);
            }
        }
        potential - DEAD_CELL * f64::from(dead)
    }
}

/// What a placement's cells are worth whatever the domino ([`KingdomMap::shape`]): the change
/// in greedy's count for the shape bonuses and holes, and the bounding box's growth.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    /// The read this was computed for ([`KingdomMap::generation`]); 0 for none.
    generation: u32,
    growth: i32,
    potential: f64,
}

/// Two neighbouring window cells as one index of [`KingdomMap::shapes`]: the lower cell, and
/// whether the other is beside it or below it.
#[inline]
fn pair_key(ia: usize, ib: usize) -> usize {
    ia.min(ib) * 2 + usize::from(ia.abs_diff(ib) == 1)
}

/// Where squares may still go for one bounding box ([`KingdomMap::reach`]).
struct Reach {
    first_row: i32,
    last_row: i32,
    columns: u32,
}

/// The bits `x + ORIGIN` for `x` from `lo` to `hi` (none when `hi < lo`).
#[inline]
fn span(lo: i32, hi: i32) -> u32 {
    if hi < lo {
        return 0;
    }
    let width = (hi - lo + 1) as u32;
    let ones = if width >= 32 {
        u32::MAX
    } else {
        (1u32 << width) - 1
    };
    ones.checked_shl((lo + ORIGIN) as u32).unwrap_or(0)
}

/// Bounds as one word, to compare them at once (the window's coordinates fit a byte each;
/// comparing the four parts as a tuple made the compiler store them apart and load them as one,
/// a stall on every placement valued).
#[inline]
fn bounds_key(b: Bounds) -> u32 {
    u32::from_le_bytes([b.0 as u8, b.1 as u8, b.2 as u8, b.3 as u8])
}

fn area(b: Bounds) -> i32 {
    (b.2 - b.0 + 1) * (b.3 - b.1 + 1)
}

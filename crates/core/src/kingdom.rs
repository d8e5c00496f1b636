//! A kingdom: the castle and the squares laid around it, kept as bitboards.
//!
//! [`Kingdom`] picks the narrowest board its grid fits (`Narrow` up to 5x5, `Wide` up to 8x8)
//! and forwards every call to the same generic code: one predictable branch, no dynamic dispatch.

use crate::bitboard::{Board, MAX_GRID, Narrow, Wide};
use crate::domino::{Domino, MAX_CROWNS, Square};
use crate::geometry::{Cell, Direction, Placement};
use crate::ruleset::{CastleAt, Connection, Rules};
use crate::terrain::{MAX_TERRAINS, TerrainId};

/// What a cell of a kingdom holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    Empty,
    Castle,
    Square(Square),
}

/// A group of orthogonally connected squares of one terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Territory {
    pub terrain: TerrainId,
    /// The territory's first cell (lowest row, then lowest column): names it.
    pub anchor: Cell,
    pub squares: u32,
    pub crowns: u32,
}

/// Why a square cannot be put into a kingdom directly (kingdom files, tests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("{0} lies outside a {1}x{1} kingdom around its castle")]
    OutsideGrid(Cell, u8),
    /// Beyond the square a castle fixed at the centre allows: more than `reach` from it.
    #[error(
        "{0} lies more than {1} square{plural} from the castle, which stands at the centre of its kingdom (castle = \"centre\")",
        plural = if *.1 == 1 { "" } else { "s" }
    )]
    BeyondCentre(Cell, u8),
    #[error("{0} is already taken")]
    Occupied(Cell),
    #[error("terrain #{} does not exist", .0.0)]
    UnknownTerrain(TerrainId),
    #[error("a square may show at most {MAX_CROWNS} crowns")]
    TooManyCrowns,
}

// The variants differ in size (a wide board is four words), but boxing would cost an allocation
// per kingdom and a pointer chase on the hot path; kingdoms are few and cloned whole.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Narrow(Grid<Narrow>),
    Wide(Grid<Wide>),
}

/// A kingdom: a castle and the squares around it, at most `grid` x `grid`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kingdom(Repr);

macro_rules! each {
    ($self:expr, $k:ident => $e:expr) => {
        match &$self.0 {
            Repr::Narrow($k) => $e,
            Repr::Wide($k) => $e,
        }
    };
    (mut $self:expr, $k:ident => $e:expr) => {
        match &mut $self.0 {
            Repr::Narrow($k) => $e,
            Repr::Wide($k) => $e,
        }
    };
}

impl Kingdom {
    /// A kingdom holding only its castle, allowed to grow to `grid` x `grid` (clamped to
    /// 1..=[`MAX_GRID`]; rulesets are validated before they get here).
    pub fn new(grid: u8) -> Kingdom {
        Kingdom::shaped(KingdomShape::from(grid))
    }

    /// A kingdom holding only its castle, in the grid `shape` gives: at most `grid` x `grid`,
    /// the castle standing anywhere (the kingdom grows any way around it) or fixed at the grid's
    /// centre (squares at most (grid - 1) / 2 from it, rounded down on an even grid, which has
    /// no centre: rulesets refuse that case before it gets here), and what a new domino must
    /// touch.
    pub fn shaped(shape: KingdomShape) -> Kingdom {
        let grid = shape.grid.clamp(1, MAX_GRID as u8);
        if usize::from(grid) <= Narrow::MAX_GRID {
            Kingdom(Repr::Narrow(Grid::new(
                grid,
                shape.castle,
                shape.connection,
            )))
        } else {
            Kingdom(Repr::Wide(Grid::new(grid, shape.castle, shape.connection)))
        }
    }

    pub fn grid(&self) -> u8 {
        each!(self, k => k.grid)
    }

    /// The kingdom's grid, where its castle stands and what a new domino must touch.
    pub fn shape(&self) -> KingdomShape {
        KingdomShape {
            grid: self.grid(),
            castle: self.castle_at(),
            connection: each!(self, k => k.connection),
        }
    }

    /// Where the castle stands: anywhere, or fixed at the centre.
    pub fn castle_at(&self) -> CastleAt {
        each!(self, k => k.castle_at)
    }

    /// How far from the castle a square may ever lie along either axis: the grid less one, or
    /// half of that with the castle fixed at the centre.
    pub fn reach(&self) -> i8 {
        each!(self, k => k.reach as i8)
    }

    /// The cells where squares may still go, as (min x, min y, max x, max y) around the castle:
    /// the occupied bounding box stretched as far as the grid allows in every direction (and no
    /// farther than [`Kingdom::reach`]).
    pub fn frame(&self) -> (i8, i8, i8, i8) {
        let (x0, y0, x1, y1) = self.bounds();
        let n = self.grid() as i8 - 1;
        let r = self.reach();
        (
            (x1 - n).max(-r),
            (y1 - n).max(-r),
            (x0 + n).min(r),
            (y0 + n).min(r),
        )
    }

    /// Empty the kingdom back to its castle alone: exactly `Kingdom::shaped(self.shape())`,
    /// touching only the bitboards of terrains that were laid (for simulations that reuse a
    /// game).
    pub fn clear(&mut self) {
        each!(mut self, k => k.clear())
    }

    pub fn content(&self, cell: Cell) -> Content {
        each!(self, k => k.content(cell))
    }

    /// Number of terrain squares (the castle not counted).
    pub fn squares(&self) -> u32 {
        each!(self, k => k.occupied.count() - 1)
    }

    /// The occupied bounding box as (min x, min y, max x, max y) relative to the castle.
    pub fn bounds(&self) -> (i8, i8, i8, i8) {
        each!(self, k => k.bounds())
    }

    /// Every legal placement of `domino`.
    #[inline]
    pub fn placements(&self, domino: &Domino) -> PlacementSet {
        match &self.0 {
            Repr::Narrow(k) => PlacementSet(SetRepr::Narrow(k.placements(domino), k.grid)),
            Repr::Wide(k) => PlacementSet(SetRepr::Wide(k.placements(domino), k.grid)),
        }
    }

    /// Whether `placement` of `domino` follows the connection rules.
    pub fn is_legal(&self, domino: &Domino, placement: Placement) -> bool {
        self.placements(domino).contains(placement)
    }

    /// Lay a domino. The caller has checked legality.
    #[inline]
    pub(crate) fn place_unchecked(&mut self, domino: &Domino, placement: Placement) {
        each!(mut self, k => k.place_unchecked(domino, placement))
    }

    /// Lay `domino` at a uniformly chosen legal placement (drawn from `next_u32`) and return it,
    /// or `None` when it fits nowhere. The same choice as `placements().nth(below(count))`.
    #[inline]
    pub(crate) fn place_random(
        &mut self,
        domino: &Domino,
        next_u32: &mut impl FnMut() -> u32,
    ) -> Option<Placement> {
        each!(mut self, k => k.place_random::<0>(domino, next_u32))
    }

    /// As [`Kingdom::place_random`] where a domino that fits may be discarded (a house rule,
    /// `discard = "any-time"`): the discard is one more choice, after the placements (`None`
    /// for it too); the same choice as `n = below(count + 1)`, then `placements().nth(n)`.
    pub(crate) fn place_random_or_discard(
        &mut self,
        domino: &Domino,
        next_u32: &mut impl FnMut() -> u32,
    ) -> Option<Placement> {
        each!(mut self, k => k.place_random::<1>(domino, next_u32))
    }

    /// Put one square anywhere the grid allows, without the connection rules (for kingdoms read
    /// from files and for tests). The kingdom must still fit its grid.
    pub fn set_square(&mut self, cell: Cell, sq: Square) -> Result<(), SquareError> {
        each!(mut self, k => k.set_square(cell, sq))
    }

    /// Add crowns to an occupied square (Queendomino buildings and the Queen).
    pub fn add_crowns(&mut self, cell: Cell, crowns: u8) -> Result<(), SquareError> {
        each!(mut self, k => k.add_crowns(cell, crowns))
    }

    /// Total crowns in the kingdom.
    pub fn crowns(&self) -> u32 {
        each!(self, k => k.crowns_in(k.occupied))
    }

    /// Squares times crowns summed over every territory (filling only crowned territories).
    #[inline]
    pub fn territory_points(&self) -> u32 {
        each!(self, k => k.territory_points())
    }

    /// Every territory, terrain by terrain, each from its lowest cell.
    pub fn territories(&self) -> Vec<Territory> {
        let mut out = Vec::new();
        self.for_each_territory(|t| out.push(t));
        out
    }

    /// Call `f` for each territory, without allocating.
    pub fn for_each_territory(&self, f: impl FnMut(Territory)) {
        each!(self, k => k.for_each_territory(f))
    }

    /// Call `f` for each square of the kingdom with its territory (as
    /// [`Kingdom::for_each_territory`] gives it): a territory's squares one after another, its
    /// anchor first. For readers that label every square by its territory (the bots' placement
    /// values) without a flood of their own.
    pub fn for_each_territory_cell(&self, f: impl FnMut(Territory, Cell)) {
        each!(self, k => k.for_each_territory_cell(f))
    }

    /// Call `f` for each square of the kingdom (the castle aside), terrain by terrain: what
    /// [`Kingdom::content`] gives cell by cell, without visiting the empty cells.
    pub fn for_each_square(&self, f: impl FnMut(Cell, Square)) {
        each!(self, k => k.for_each_square(f))
    }

    /// The territory containing `cell`, if it holds a terrain square.
    pub fn territory_at(&self, cell: Cell) -> Option<Territory> {
        each!(self, k => k.territory_at(cell))
    }

    /// The number of squares of the territory containing `cell` (0 when `cell` holds no terrain):
    /// [`Kingdom::territory_at`]'s `squares` alone, cheaper.
    pub fn territory_size_at(&self, cell: Cell) -> u32 {
        each!(self, k => k.territory_size_at(cell))
    }

    /// Every square of one terrain, read off its bitboard.
    pub fn cells_of(&self, terrain: TerrainId) -> Vec<Cell> {
        each!(self, k => k.cells_of(terrain))
    }

    /// Crowns on the squares of one terrain.
    pub fn crowns_of(&self, terrain: TerrainId) -> u32 {
        each!(self, k => k
            .terrain
            .get(terrain.index())
            .map_or(0, |b| k.crowns_in(*b)))
    }

    /// How many squares of one terrain the kingdom holds.
    pub fn count_of(&self, terrain: TerrainId) -> u32 {
        each!(self, k => k.terrain.get(terrain.index()).map_or(0, |b| b.count()))
    }

    /// The `n`th square of one terrain (in the order of [`Kingdom::cells_of`]) not among
    /// `except`, without listing them.
    pub fn nth_cell_of_except(
        &self,
        terrain: TerrainId,
        except: impl IntoIterator<Item = Cell>,
        n: u32,
    ) -> Option<Cell> {
        each!(self, k => k.nth_cell_of_except(terrain, except, n))
    }

    /// How many separate territories of one terrain the kingdom holds.
    pub fn territory_count(&self, terrain: TerrainId) -> u32 {
        each!(self, k => k.territory_count(terrain))
    }

    /// The squares of the largest territory (0 for a kingdom of its castle alone).
    pub fn largest_territory(&self) -> u32 {
        each!(self, k => k.largest_territory())
    }

    /// The cells of the territory containing `cell`, `cell` first (the square a choice acts on,
    /// as a step's `ChoiceView::cells` lists them), the rest row by row; empty when `cell` holds
    /// no terrain.
    pub fn territory_cells(&self, cell: Cell) -> Vec<Cell> {
        let mut cells = each!(self, k => k.territory_cells(cell));
        if let Some(i) = cells.iter().position(|c| *c == cell) {
            cells[..=i].rotate_right(1);
        }
        cells
    }

    /// Whether the kingdom fills its whole grid with no gap (Harmony).
    pub fn is_complete(&self) -> bool {
        each!(self, k => k.is_complete())
    }

    /// Whether the castle is at the centre of the kingdom's bounding box (gaps allowed).
    pub fn castle_centred_in_bounds(&self) -> bool {
        each!(self, k => k.castle_centred_in_bounds())
    }

    /// Whether the bounding box is the full grid with the castle at its centre (gaps allowed).
    pub fn castle_centred_in_full_grid(&self) -> bool {
        each!(self, k => k.castle_centred_in_full_grid())
    }

    /// Whether every square is within half the grid less one, rounded down ((grid - 1) / 2), of the
    /// castle in both axes.
    pub fn within_half_grid_of_castle(&self) -> bool {
        each!(self, k => k.within_half_grid_of_castle())
    }
}

/// What a kingdom is laid out in: its grid size, where the castle stands, and what a new
/// domino must touch ([`Rules`] say it; a size alone is the rulebooks' layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KingdomShape {
    pub grid: u8,
    pub castle: CastleAt,
    pub connection: Connection,
}

impl KingdomShape {
    /// The kingdoms of `rules`.
    pub fn of(rules: &Rules) -> KingdomShape {
        KingdomShape {
            grid: rules.grid_size,
            castle: rules.castle,
            connection: rules.connection,
        }
    }
}

impl From<u8> for KingdomShape {
    /// A `grid` x `grid` kingdom by the rulebooks: the castle anywhere, dominoes joining their
    /// terrain.
    fn from(grid: u8) -> KingdomShape {
        KingdomShape {
            grid,
            castle: CastleAt::Anywhere,
            connection: Connection::SameTerrain,
        }
    }
}

impl From<&Rules> for KingdomShape {
    fn from(rules: &Rules) -> KingdomShape {
        KingdomShape::of(rules)
    }
}

/// The generic kingdom over one kind of board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Grid<B> {
    grid: u8,
    castle: usize,
    /// Where the castle stands, and so how far from it a square may lie along either axis
    /// (`grid - 1`, or half of that at the centre).
    castle_at: CastleAt,
    reach: u8,
    /// What a new domino must touch, and so which planes of `touching` a square extends: its
    /// terrain's, or every terrain's (any square will do).
    connection: Connection,
    occupied: B,
    terrain: [B; MAX_TERRAINS],
    /// Cells next to the castle or to a square of each terrain: where a square of that terrain
    /// connects. Kept up to date as squares are laid.
    touching: [B; MAX_TERRAINS],
    /// Terrains `0..terrains` may hold squares (scans stop there).
    terrains: u8,
    /// Crown counts as three bit planes (1, 2 and 4 crowns).
    crowns: [B; 3],
    /// Bounding box of the occupied cells, in frame rows and columns (inclusive).
    min_row: u8,
    max_row: u8,
    min_col: u8,
    max_col: u8,
    /// Empty cells where a square may go without the kingdom outgrowing the grid.
    window: B,
}

impl<B: Board> Grid<B> {
    fn new(grid: u8, castle_at: CastleAt, connection: Connection) -> Self {
        let half = grid - 1;
        let castle = usize::from(half) * B::STRIDE + usize::from(half);
        let reach = match castle_at {
            CastleAt::Anywhere => half,
            CastleAt::Centre => half / 2,
        };
        let mut k = Grid {
            grid,
            castle,
            castle_at,
            reach,
            connection,
            occupied: B::single(castle),
            terrain: [B::EMPTY; MAX_TERRAINS],
            touching: [B::neighbours_of(castle); MAX_TERRAINS],
            terrains: 0,
            crowns: [B::EMPTY; 3],
            min_row: half,
            max_row: half,
            min_col: half,
            max_col: half,
            window: B::EMPTY,
        };
        k.update_window();
        k
    }

    fn clear(&mut self) {
        // Terrains at `terrains..` were never laid: their planes are still as `new` left them
        // (but for `touching` where any terrain joins any square: every plane, once one is laid).
        let laid = usize::from(self.terrains);
        let near = B::neighbours_of(self.castle);
        self.terrain[..laid].fill(B::EMPTY);
        let touched = match self.connection {
            Connection::AnyTerrain if laid > 0 => MAX_TERRAINS,
            _ => laid,
        };
        self.touching[..touched].fill(near);
        self.terrains = 0;
        self.occupied = B::single(self.castle);
        self.crowns = [B::EMPTY; 3];
        let half = self.grid - 1;
        (self.min_row, self.max_row, self.min_col, self.max_col) = (half, half, half, half);
        self.update_window();
    }

    #[inline]
    fn update_window(&mut self) {
        let n = self.grid - 1;
        let rect = if self.castle_at == CastleAt::Anywhere {
            B::rect(
                usize::from(self.max_row - n),
                usize::from(self.min_row + n),
                usize::from(self.max_col - n),
                usize::from(self.min_col + n),
            )
        } else {
            self.centred_rect()
        };
        self.window = rect.and_not(self.occupied);
    }

    /// [`Grid::update_window`]'s rectangle with the castle fixed at the centre: the castle's row
    /// and column are `grid - 1`, and no square lies beyond `reach` of them. (Apart, so that the
    /// rulebooks' kingdoms, nearly every game, pay one predictable branch for it.)
    #[cold]
    fn centred_rect(&self) -> B {
        let n = self.grid - 1;
        let (lo, hi) = (n - self.reach, n + self.reach);
        B::rect(
            usize::from((self.max_row - n).max(lo)),
            usize::from((self.min_row + n).min(hi)),
            usize::from((self.max_col - n).max(lo)),
            usize::from((self.min_col + n).min(hi)),
        )
    }

    /// The frame index of a cell, if it lies in the frame.
    #[inline]
    fn index(&self, cell: Cell) -> Option<usize> {
        let half = i16::from(self.grid) - 1;
        // Below 0 wraps past `span`: one unsigned compare an axis (`grid` is at least 1).
        let x = (i16::from(cell.x) + half) as u16;
        let y = (i16::from(cell.y) + half) as u16;
        let span = (2 * half) as u16;
        if x > span || y > span {
            return None;
        }
        Some(usize::from(y) * B::STRIDE + usize::from(x))
    }

    #[inline]
    fn cell(&self, index: usize) -> Cell {
        cell_of::<B>(index, self.grid)
    }

    fn content(&self, cell: Cell) -> Content {
        let Some(i) = self.index(cell) else {
            return Content::Empty;
        };
        if i == self.castle {
            return Content::Castle;
        }
        if !self.occupied.contains(i) {
            return Content::Empty;
        }
        let terrain = self
            .terrain
            .iter()
            .position(|b| b.contains(i))
            .map_or(TerrainId(0), |t| TerrainId(t as u8));
        Content::Square(Square {
            terrain,
            crowns: self.crowns_at(i),
        })
    }

    fn crowns_at(&self, i: usize) -> u8 {
        self.crowns
            .iter()
            .enumerate()
            .map(|(bit, b)| u8::from(b.contains(i)) << bit)
            .sum()
    }

    fn bounds(&self) -> (i8, i8, i8, i8) {
        let h = self.grid as i8 - 1;
        (
            self.min_col as i8 - h,
            self.min_row as i8 - h,
            self.max_col as i8 - h,
            self.max_row as i8 - h,
        )
    }

    /// For each direction, the cells where the first square may go.
    #[inline]
    fn placements(&self, domino: &Domino) -> [B; 4] {
        let e = self.window;
        let a1 = self.touching[domino.first.terrain.index() % MAX_TERRAINS];
        let a2 = self.touching[domino.second.terrain.index() % MAX_TERRAINS];
        // For each direction, bring the second square's cell onto the first square's cell.
        [
            e.and(e.west()).and(a1.or(a2.west())),
            e.and(e.north()).and(a1.or(a2.north())),
            e.and(e.east()).and(a1.or(a2.east())),
            e.and(e.south()).and(a1.or(a2.south())),
        ]
    }

    #[inline]
    fn place_random<const DISCARD: u32>(
        &mut self,
        domino: &Domino,
        next_u32: &mut impl FnMut() -> u32,
    ) -> Option<Placement> {
        let sets = self.placements(domino);
        let counts = sets.map(|b| b.count());
        let total: u32 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let n = crate::rng::below(total + DISCARD, next_u32);
        if DISCARD == 1 && n >= total {
            return None;
        }
        // Pick the direction without branching: how many prefix sums `n` has passed.
        let (p1, p2) = (counts[0], counts[0] + counts[1]);
        let p3 = p2 + counts[2];
        let d = usize::from(n >= p1) + usize::from(n >= p2) + usize::from(n >= p3);
        let n = n - [0, p1, p2, p3][d];
        let direction = Direction::ALL[d];
        let i = sets[d].nth(n)?;
        self.place_at(domino, i, direction);
        Some(Placement::new(self.cell(i), direction))
    }

    #[inline]
    fn place_unchecked(&mut self, domino: &Domino, placement: Placement) {
        if let Some(i) = self.index(placement.first) {
            self.place_at(domino, i, placement.direction);
        }
    }

    #[inline(always)]
    fn place_at(&mut self, domino: &Domino, i: usize, direction: Direction) {
        let j = i.wrapping_add_signed(offset::<B>(direction));
        self.put(i, domino.first);
        self.put(j, domino.second);
        // Two table lookups: cheaper than a hard-to-predict test for a grown bounding box.
        self.update_window();
    }

    #[inline]
    fn put(&mut self, i: usize, sq: Square) {
        let t = sq.terrain.index() % MAX_TERRAINS;
        let cell = B::single(i);
        self.occupied = self.occupied.or(cell);
        self.terrain[t] = self.terrain[t].or(cell);
        let around = B::neighbours_of(i);
        if self.connection == Connection::SameTerrain {
            self.touching[t] = self.touching[t].or(around);
        } else {
            self.join_any(around);
        }
        self.terrains = self.terrains.max(t as u8 + 1);
        // Most squares have no crown.
        if sq.crowns != 0 {
            for (bit, plane) in self.crowns.iter_mut().enumerate() {
                if sq.crowns >> bit & 1 == 1 {
                    *plane = plane.or(cell);
                }
            }
        }
        let (r, c) = ((i / B::STRIDE) as u8, (i % B::STRIDE) as u8);
        self.min_row = self.min_row.min(r);
        self.max_row = self.max_row.max(r);
        self.min_col = self.min_col.min(c);
        self.max_col = self.max_col.max(c);
    }

    /// A square's neighbours joined by every terrain (`connection = "any-terrain"`). Apart, so
    /// that the rulebooks' kingdoms pay one predictable branch for it.
    #[cold]
    fn join_any(&mut self, around: B) {
        for plane in &mut self.touching {
            *plane = plane.or(around);
        }
    }

    fn set_square(&mut self, cell: Cell, sq: Square) -> Result<(), SquareError> {
        if sq.terrain.index() >= MAX_TERRAINS {
            return Err(SquareError::UnknownTerrain(sq.terrain));
        }
        if sq.crowns > MAX_CROWNS {
            return Err(SquareError::TooManyCrowns);
        }
        let i = self
            .index(cell)
            .ok_or(SquareError::OutsideGrid(cell, self.grid))?;
        if self.occupied.contains(i) {
            return Err(SquareError::Occupied(cell));
        }
        if !self.window.contains(i) {
            let r = i16::from(self.reach);
            let beyond = i16::from(cell.x).abs() > r || i16::from(cell.y).abs() > r;
            if beyond && self.castle_at == CastleAt::Centre {
                return Err(SquareError::BeyondCentre(cell, self.reach));
            }
            return Err(SquareError::OutsideGrid(cell, self.grid));
        }
        self.put(i, sq);
        self.update_window();
        Ok(())
    }

    fn add_crowns(&mut self, cell: Cell, crowns: u8) -> Result<(), SquareError> {
        let i = self
            .index(cell)
            .ok_or(SquareError::OutsideGrid(cell, self.grid))?;
        if crowns == 0 {
            // Most buildings bring none: nothing to change.
            return Ok(());
        }
        let total = self
            .crowns_at(i)
            .checked_add(crowns)
            .filter(|&t| t <= MAX_CROWNS)
            .ok_or(SquareError::TooManyCrowns)?;
        for (bit, plane) in self.crowns.iter_mut().enumerate() {
            if total >> bit & 1 == 1 {
                plane.set(i);
            } else {
                plane.clear(i);
            }
        }
        Ok(())
    }

    #[inline]
    fn crowns_in(&self, cells: B) -> u32 {
        self.crowns[0].and(cells).count()
            + (self.crowns[1].and(cells).count() << 1)
            + (self.crowns[2].and(cells).count() << 2)
    }

    #[inline]
    fn territory_points(&self) -> u32 {
        if let Some(points) = self.territory_points_in_word() {
            return points;
        }
        let crowned = self.crowns[0].or(self.crowns[1]).or(self.crowns[2]);
        let mut points = 0;
        for &cells in &self.terrain[..usize::from(self.terrains)] {
            let mut left = cells.and(crowned);
            while let Some(seed) = left.first() {
                let region = flood(B::single(seed), cells);
                left = left.and_not(region);
                points += region.count() * self.crowns_in(region);
            }
        }
        points
    }

    /// [`Grid::territory_points`] on the rows of the kingdom alone, packed in one `u64` (half the
    /// work of the frame's `u128`), for boards whose kingdoms fit a word.
    #[inline]
    fn territory_points_in_word(&self) -> Option<u32> {
        let top = usize::from(self.min_row);
        let [c0, c1, c2] = [
            self.crowns[0].rows_from(top)?,
            self.crowns[1].rows_from(top)?,
            self.crowns[2].rows_from(top)?,
        ];
        let crowned = c0 | c1 | c2;
        let mut points = 0;
        for &cells in &self.terrain[..usize::from(self.terrains)] {
            let cells = cells.rows_from(top)?;
            let mut left = cells & crowned;
            while left != 0 {
                let region = flood_word(left & left.wrapping_neg(), cells, B::STRIDE as u32);
                left &= !region;
                let crowns = (region & c0).count_ones()
                    + ((region & c1).count_ones() << 1)
                    + ((region & c2).count_ones() << 2);
                points += region.count_ones() * crowns;
            }
        }
        Some(points)
    }

    fn territory_count(&self, terrain: TerrainId) -> u32 {
        let Some(&cells) = self.terrain.get(terrain.index()) else {
            return 0;
        };
        if let Some(cells) = cells.rows_from(usize::from(self.min_row)) {
            let mut left = cells;
            let mut n = 0;
            while left != 0 {
                left &= !flood_word(left & left.wrapping_neg(), cells, B::STRIDE as u32);
                n += 1;
            }
            return n;
        }
        let mut left = cells;
        let mut n = 0;
        while let Some(seed) = left.first() {
            left = left.and_not(flood(B::single(seed), cells));
            n += 1;
        }
        n
    }

    fn nth_cell_of_except(
        &self,
        terrain: TerrainId,
        except: impl IntoIterator<Item = Cell>,
        n: u32,
    ) -> Option<Cell> {
        let cells = *self.terrain.get(terrain.index())?;
        // A kingdom holds a few squares of a terrain: dropping the lowest `n` is quicker than a
        // select over the whole board. On one word from the kingdom's top row when it fits.
        let top = usize::from(self.min_row) * B::STRIDE;
        if let Some(mut word) = cells.rows_from(usize::from(self.min_row)) {
            for c in except {
                if let Some(bit) = self.index(c).and_then(|i| i.checked_sub(top)) {
                    word &= !1u64.checked_shl(bit as u32).unwrap_or(0);
                }
            }
            for _ in 0..n {
                word &= word.wrapping_sub(1);
            }
            return (word != 0).then(|| self.cell(top + word.trailing_zeros() as usize));
        }
        let mut cells = cells;
        for c in except {
            if let Some(i) = self.index(c) {
                cells.clear(i);
            }
        }
        for _ in 0..n {
            cells.pop()?;
        }
        cells.first().map(|i| self.cell(i))
    }

    /// The squares of the territory holding `cell` (0 when it holds no terrain).
    fn territory_size_at(&self, cell: Cell) -> u32 {
        let Some(i) = self.index(cell) else {
            return 0;
        };
        let Some(&cells) = self.terrain[..usize::from(self.terrains)]
            .iter()
            .find(|b| b.contains(i))
        else {
            return 0;
        };
        let top = usize::from(self.min_row);
        match (B::single(i).rows_from(top), cells.rows_from(top)) {
            (Some(seed), Some(cells)) => flood_word(seed, cells, B::STRIDE as u32).count_ones(),
            _ => flood(B::single(i), cells).count(),
        }
    }

    /// The squares of the largest territory (0 for a kingdom of its castle alone).
    fn largest_territory(&self) -> u32 {
        let top = usize::from(self.min_row);
        let mut largest = 0;
        for &cells in &self.terrain[..usize::from(self.terrains)] {
            if let Some(cells) = cells.rows_from(top) {
                let mut left = cells;
                while left != 0 {
                    let region = flood_word(left & left.wrapping_neg(), cells, B::STRIDE as u32);
                    left &= !region;
                    largest = largest.max(region.count_ones());
                }
            } else {
                let mut left = cells;
                while let Some(seed) = left.first() {
                    let region = flood(B::single(seed), cells);
                    left = left.and_not(region);
                    largest = largest.max(region.count());
                }
            }
        }
        largest
    }

    fn for_each_territory(&self, mut f: impl FnMut(Territory)) {
        self.for_each_region(|territory, _| f(territory));
    }

    fn for_each_territory_cell(&self, mut f: impl FnMut(Territory, Cell)) {
        self.for_each_region(|territory, region| {
            // From the lowest cell: the anchor comes first.
            for i in region.iter() {
                f(territory, self.cell(i));
            }
        });
    }

    /// Call `f` for each territory with its cells.
    #[inline]
    fn for_each_region(&self, mut f: impl FnMut(Territory, B)) {
        for (t, &cells) in self.terrain[..usize::from(self.terrains)]
            .iter()
            .enumerate()
        {
            let mut left = cells;
            while let Some(seed) = left.first() {
                let region = flood(B::single(seed), cells);
                left = left.and_not(region);
                let territory = Territory {
                    terrain: TerrainId(t as u8),
                    anchor: self.cell(seed),
                    squares: region.count(),
                    crowns: self.crowns_in(region),
                };
                f(territory, region);
            }
        }
    }

    fn for_each_square(&self, mut f: impl FnMut(Cell, Square)) {
        for (t, &cells) in self.terrain[..usize::from(self.terrains)]
            .iter()
            .enumerate()
        {
            for i in cells.iter() {
                let square = Square {
                    terrain: TerrainId(t as u8),
                    crowns: self.crowns_at(i),
                };
                f(self.cell(i), square);
            }
        }
    }

    fn region_at(&self, cell: Cell) -> Option<(usize, B)> {
        let i = self.index(cell)?;
        let t = self.terrain[..usize::from(self.terrains)]
            .iter()
            .position(|b| b.contains(i))?;
        Some((t, flood(B::single(i), self.terrain[t])))
    }

    fn territory_at(&self, cell: Cell) -> Option<Territory> {
        let (t, region) = self.region_at(cell)?;
        Some(Territory {
            terrain: TerrainId(t as u8),
            anchor: self.cell(region.first().unwrap_or(self.castle)),
            squares: region.count(),
            crowns: self.crowns_in(region),
        })
    }

    fn cells_of(&self, terrain: TerrainId) -> Vec<Cell> {
        self.terrain
            .get(terrain.index())
            .map(|b| b.iter().map(|i| self.cell(i)).collect())
            .unwrap_or_default()
    }

    fn territory_cells(&self, cell: Cell) -> Vec<Cell> {
        self.region_at(cell)
            .map(|(_, region)| region.iter().map(|i| self.cell(i)).collect())
            .unwrap_or_default()
    }

    fn is_complete(&self) -> bool {
        let n = u32::from(self.grid);
        u32::from(self.max_row - self.min_row) + 1 == n
            && u32::from(self.max_col - self.min_col) + 1 == n
            && self.occupied.count() == n * n
    }

    fn castle_centred_in_bounds(&self) -> bool {
        let h = self.grid - 1;
        h - self.min_row == self.max_row - h && h - self.min_col == self.max_col - h
    }

    fn within_half_grid_of_castle(&self) -> bool {
        let h = self.grid - 1;
        let half = (self.grid - 1) / 2;
        h - self.min_row <= half
            && self.max_row - h <= half
            && h - self.min_col <= half
            && self.max_col - h <= half
    }

    fn castle_centred_in_full_grid(&self) -> bool {
        let n = self.grid;
        self.max_row - self.min_row + 1 == n
            && self.max_col - self.min_col + 1 == n
            && self.castle_centred_in_bounds()
    }
}

#[inline]
fn cell_of<B: Board>(index: usize, grid: u8) -> Cell {
    let half = i16::from(grid) - 1;
    Cell {
        x: ((index % B::STRIDE) as i16 - half) as i8,
        y: ((index / B::STRIDE) as i16 - half) as i8,
    }
}

#[inline]
fn offset<B: Board>(d: Direction) -> isize {
    match d {
        Direction::East => 1,
        Direction::South => B::STRIDE as isize,
        Direction::West => -1,
        Direction::North => -(B::STRIDE as isize),
    }
}

/// [`flood`] on rows packed in one word with `stride` bits a row (padding columns empty in
/// `within`, so east and west steps off a row's edge land in padding and are dropped).
#[inline]
fn flood_word(seed: u64, within: u64, stride: u32) -> u64 {
    let mut region = seed;
    loop {
        let grown =
            (region | region << 1 | region >> 1 | region << stride | region >> stride) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Grow `seed` through `within` by orthogonal steps.
#[inline]
fn flood<B: Board>(seed: B, within: B) -> B {
    let mut region = seed;
    loop {
        let grown = region.or(region.neighbours()).and(within);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The directions a domino of two like squares repeats a placement in: laid west (north) from
/// a cell, it covers what it covers laid east (south) from the neighbouring cell.
const REPEATED: [Direction; 2] = [Direction::West, Direction::North];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetRepr {
    Narrow([Narrow; 4], u8),
    Wide([Wide; 4], u8),
}

/// All legal placements of one domino in one kingdom: for each direction, the cells where the
/// first square may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementSet(SetRepr);

macro_rules! each_set {
    ($self:expr, $b:ident, $g:ident => $e:expr) => {
        match &$self.0 {
            SetRepr::Narrow($b, $g) => $e,
            SetRepr::Wide($b, $g) => $e,
        }
    };
}

fn set_nth<B: Board>(by_direction: &[B; 4], grid: u8, mut n: u32) -> Option<Placement> {
    for d in Direction::ALL {
        let b = &by_direction[d.index()];
        let c = b.count();
        if n < c {
            let i = b.nth(n)?;
            return Some(Placement::new(cell_of::<B>(i, grid), d));
        }
        n -= c;
    }
    None
}

fn set_contains<B: Board>(by_direction: &[B; 4], grid: u8, p: Placement) -> bool {
    let half = i16::from(grid) - 1;
    let (x, y) = (i16::from(p.first.x) + half, i16::from(p.first.y) + half);
    if x < 0 || y < 0 || x > 2 * half || y > 2 * half {
        return false;
    }
    by_direction[p.direction.index()].contains(y as usize * B::STRIDE + x as usize)
}

fn set_for_each<B: Board>(by_direction: &[B; 4], grid: u8, mut f: impl FnMut(Placement)) {
    for d in Direction::ALL {
        for i in by_direction[d.index()].iter() {
            f(Placement::new(cell_of::<B>(i, grid), d));
        }
    }
}

fn set_cells<B: Board>(by_direction: &[B; 4], grid: u8) -> Vec<Placement> {
    let mut out = Vec::new();
    set_for_each(by_direction, grid, |p| out.push(p));
    out
}

impl PlacementSet {
    /// The set of a domino that fits nowhere.
    pub fn empty() -> PlacementSet {
        PlacementSet(SetRepr::Narrow([Narrow::EMPTY; 4], 1))
    }

    #[inline]
    pub fn count(&self) -> u32 {
        each_set!(self, b, _g => b.iter().map(|x| x.count()).sum())
    }

    pub fn is_empty(&self) -> bool {
        each_set!(self, b, _g => b.iter().all(|x| x.is_empty()))
    }

    pub fn contains(&self, p: Placement) -> bool {
        each_set!(self, b, g => set_contains(b, *g, p))
    }

    /// The `n`th placement in the order of [`PlacementSet::iter`].
    #[inline]
    pub fn nth(&self, n: u32) -> Option<Placement> {
        each_set!(self, b, g => set_nth(b, *g, n))
    }

    /// Every placement, direction by direction, then cell by cell.
    pub fn iter(&self) -> impl Iterator<Item = Placement> + use<> {
        each_set!(self, b, g => set_cells(b, *g)).into_iter()
    }

    /// The placements of `domino` that lay it differently: all of them, but for a domino of two
    /// like squares (the same terrain and crowns: Kingdomino's 1 to 12) those pointing east and
    /// south only. Such a domino laid west from a cell covers the cells it covers laid east from
    /// its neighbour, the same squares on them (north and south likewise), so the kingdoms the
    /// set leads to are the same, each once: what a search weighs. (Both stay legal moves.)
    pub fn distinct(self, domino: &crate::domino::Domino) -> PlacementSet {
        if domino.first != domino.second {
            return self;
        }
        let mut set = self;
        for d in REPEATED {
            match &mut set.0 {
                SetRepr::Narrow(b, _) => b[d.index()] = Narrow::EMPTY,
                SetRepr::Wide(b, _) => b[d.index()] = Wide::EMPTY,
            }
        }
        set
    }

    /// Whether [`PlacementSet::distinct`] leaves `p` out for `domino`: it lays the domino as
    /// another placement does (for lists of actions, as the search's).
    pub fn repeats(domino: &crate::domino::Domino, p: Placement) -> bool {
        domino.first == domino.second && REPEATED.contains(&p.direction)
    }

    /// The placement [`PlacementSet::distinct`] keeps that lays `domino` as `p` does: `p`
    /// itself, or where `p` [repeats](PlacementSet::repeats) another, the same cells laid from
    /// its second square the other way (west from a cell is east from its west neighbour).
    pub fn kept_for(domino: &crate::domino::Domino, p: Placement) -> Placement {
        if Self::repeats(domino, p) {
            Placement::new(p.second(), p.direction.opposite())
        } else {
            p
        }
    }

    /// Call `f` with every placement in the order of [`PlacementSet::iter`], without
    /// allocating (the bots' playouts value every placement of every turn).
    #[inline]
    pub fn for_each(&self, f: impl FnMut(Placement)) {
        each_set!(self, b, g => set_for_each(b, *g, f))
    }
}

#[cfg(test)]
mod tests;

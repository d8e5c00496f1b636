//! A kingdom: the castle and the squares laid around it, kept as bitboards.

use crate::bitboard::{Bits, CELLS};
use crate::domino::{Domino, MAX_CROWNS, Square};
use crate::geometry::{Cell, Direction, Placement};
use crate::terrain::{MAX_TERRAINS, TerrainId};
use serde::{Deserialize, Serialize};

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
    pub cells: Bits,
    pub squares: u32,
    pub crowns: u32,
}

/// Why a square cannot be put into a kingdom directly (kingdom files, tests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("{0} lies outside a {1}x{1} kingdom around its castle")]
    OutsideGrid(Cell, u8),
    #[error("{0} is already taken")]
    Occupied(Cell),
    #[error("terrain #{} does not exist", .0.0)]
    UnknownTerrain(TerrainId),
    #[error("a square may show at most {MAX_CROWNS} crowns")]
    TooManyCrowns,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Kingdom {
    grid: u8,
    castle: usize,
    occupied: Bits,
    terrain: [Bits; MAX_TERRAINS],
    /// Cells next to the castle or to a square of each terrain: where a square of that terrain
    /// connects. Kept up to date as squares are laid.
    touching: [Bits; MAX_TERRAINS],
    /// Terrains `0..terrains` may hold squares (scans stop there).
    terrains: u8,
    /// Crown counts as three bit planes (1, 2 and 4 crowns).
    crowns: [Bits; 3],
    /// Bounding box of the occupied cells, in frame rows and columns (inclusive).
    min_row: u8,
    max_row: u8,
    min_col: u8,
    max_col: u8,
    /// Empty cells where a square may go without the kingdom outgrowing the grid.
    window: Bits,
}

impl Kingdom {
    /// A kingdom holding only its castle, allowed to grow to `grid` x `grid`.
    pub fn new(grid: u8) -> Kingdom {
        debug_assert!(grid >= 1 && usize::from(grid) <= crate::bitboard::MAX_GRID);
        let half = grid - 1;
        let castle = usize::from(half) * crate::bitboard::STRIDE + usize::from(half);
        let mut k = Kingdom {
            grid,
            castle,
            occupied: Bits::single(castle),
            terrain: [Bits::EMPTY; MAX_TERRAINS],
            touching: [Bits::single(castle).neighbours(); MAX_TERRAINS],
            terrains: 0,
            crowns: [Bits::EMPTY; 3],
            min_row: half,
            max_row: half,
            min_col: half,
            max_col: half,
            window: Bits::EMPTY,
        };
        k.update_window();
        k
    }

    pub fn grid(&self) -> u8 {
        self.grid
    }

    fn update_window(&mut self) {
        let n = self.grid - 1;
        let rect = Bits::rect(
            usize::from(self.max_row - n),
            usize::from(self.min_row + n),
            usize::from(self.max_col - n),
            usize::from(self.min_col + n),
        );
        self.window = rect.and_not(self.occupied);
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        cell.to_index(self.grid)
    }

    pub fn content(&self, cell: Cell) -> Content {
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

    /// Occupied cells, castle included.
    pub fn occupied(&self) -> Bits {
        self.occupied
    }

    /// The squares of one terrain.
    pub fn terrain_cells(&self, t: TerrainId) -> Bits {
        self.terrain[t.index()]
    }

    /// Number of terrain squares (the castle not counted).
    pub fn squares(&self) -> u32 {
        self.occupied.count() - 1
    }

    /// The occupied bounding box as (min x, min y, max x, max y) relative to the castle.
    pub fn bounds(&self) -> (i8, i8, i8, i8) {
        let h = self.grid as i8 - 1;
        (
            self.min_col as i8 - h,
            self.min_row as i8 - h,
            self.max_col as i8 - h,
            self.max_row as i8 - h,
        )
    }

    /// Every cell of the grid-sized area a display should show: the cells any square could still
    /// reach, or already holds.
    pub fn reachable(&self) -> Bits {
        self.window.or(self.occupied)
    }

    /// Every legal placement of `domino`, as one bitboard of first squares per direction.
    #[inline]
    pub fn placements(&self, domino: &Domino) -> PlacementSet {
        let e = self.window;
        let a1 = self.touching[domino.first.terrain.index()];
        let a2 = self.touching[domino.second.terrain.index()];
        // For each direction, bring the second square's cell onto the first square's cell.
        let by_direction = [
            e.and(e.west()).and(a1.or(a2.west())),
            e.and(e.north()).and(a1.or(a2.north())),
            e.and(e.east()).and(a1.or(a2.east())),
            e.and(e.south()).and(a1.or(a2.south())),
        ];
        PlacementSet {
            by_direction,
            grid: self.grid,
        }
    }

    /// Whether `placement` of `domino` follows the connection rules.
    pub fn is_legal(&self, domino: &Domino, placement: Placement) -> bool {
        match self.index(placement.first) {
            Some(i) => {
                self.placements(domino).by_direction[placement.direction.index()].contains(i)
            }
            None => false,
        }
    }

    /// Lay a domino. The caller has checked legality.
    pub(crate) fn place_unchecked(&mut self, domino: &Domino, placement: Placement) {
        let Some(i) = self.index(placement.first) else {
            return;
        };
        let j = i.wrapping_add_signed(placement.direction.offset());
        self.put(i, domino.first);
        self.put(j, domino.second);
        self.update_window();
    }

    fn put(&mut self, i: usize, sq: Square) {
        self.occupied.set(i);
        let t = sq.terrain.index();
        self.terrain[t].set(i);
        self.touching[t] = self.touching[t].or(Bits::single(i).neighbours());
        self.terrains = self.terrains.max(sq.terrain.0 + 1);
        for bit in 0..3 {
            if sq.crowns >> bit & 1 == 1 {
                self.crowns[bit].set(i);
            }
        }
        let (r, c) = (
            (i / crate::bitboard::STRIDE) as u8,
            (i % crate::bitboard::STRIDE) as u8,
        );
        self.min_row = self.min_row.min(r);
        self.max_row = self.max_row.max(r);
        self.min_col = self.min_col.min(c);
        self.max_col = self.max_col.max(c);
    }

    /// Put one square anywhere the grid allows, without the connection rules (for kingdoms read
    /// from files and for tests). The kingdom must still fit its grid.
    pub fn set_square(&mut self, cell: Cell, sq: Square) -> Result<(), SquareError> {
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
            return Err(SquareError::OutsideGrid(cell, self.grid));
        }
        self.put(i, sq);
        self.update_window();
        Ok(())
    }

    /// Add crowns to an occupied square (Queendomino buildings and the Queen).
    pub fn add_crowns(&mut self, cell: Cell, crowns: u8) -> Result<(), SquareError> {
        let i = self
            .index(cell)
            .ok_or(SquareError::OutsideGrid(cell, self.grid))?;
        let now = self.crowns_at(i);
        let total = now
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

    /// Squares times crowns over every crowned territory: the territory points alone, filling only
    /// territories that hold a crown (the simulation hot path).
    #[inline]
    pub fn territory_points(&self) -> u32 {
        let crowned = self.crowns[0].or(self.crowns[1]).or(self.crowns[2]);
        let mut points = 0;
        for &cells in &self.terrain[..usize::from(self.terrains)] {
            let mut left = cells.and(crowned);
            while let Some(seed) = left.first() {
                let region = flood(Bits::single(seed), cells);
                left = left.and_not(region);
                points += region.count() * self.crowns_in(region);
            }
        }
        points
    }

    fn crowns_in(&self, cells: Bits) -> u32 {
        self.crowns
            .iter()
            .enumerate()
            .map(|(bit, b)| b.and(cells).count() << bit)
            .sum()
    }

    /// Total crowns in the kingdom.
    pub fn crowns(&self) -> u32 {
        self.crowns_in(self.occupied)
    }

    /// Every territory, terrain by terrain, each from its lowest cell.
    pub fn territories(&self) -> Vec<Territory> {
        let mut out = Vec::new();
        self.for_each_territory(|t| out.push(t));
        out
    }

    /// Call `f` for each territory, without allocating.
    pub fn for_each_territory(&self, mut f: impl FnMut(Territory)) {
        for (t, &cells) in self.terrain[..usize::from(self.terrains)]
            .iter()
            .enumerate()
        {
            let mut left = cells;
            while let Some(seed) = left.first() {
                let region = flood(Bits::single(seed), cells);
                left = left.and_not(region);
                f(Territory {
                    terrain: TerrainId(t as u8),
                    cells: region,
                    squares: region.count(),
                    crowns: self.crowns_in(region),
                });
            }
        }
    }

    /// The territory containing `cell`, if it holds a terrain square.
    pub fn territory_at(&self, cell: Cell) -> Option<Territory> {
        let i = self.index(cell)?;
        let t = self.terrain.iter().position(|b| b.contains(i))?;
        let region = flood(Bits::single(i), self.terrain[t]);
        Some(Territory {
            terrain: TerrainId(t as u8),
            cells: region,
            squares: region.count(),
            crowns: self.crowns_in(region),
        })
    }

    /// Whether the kingdom fills its whole grid with no gap (Harmony).
    pub fn is_complete(&self) -> bool {
        let n = u32::from(self.grid);
        u32::from(self.max_row - self.min_row) + 1 == n
            && u32::from(self.max_col - self.min_col) + 1 == n
            && self.occupied.count() == n * n
    }

    /// Whether the castle is at the centre of the kingdom's bounding box (gaps allowed).
    pub fn castle_centred_in_bounds(&self) -> bool {
        let h = self.grid - 1;
        h - self.min_row == self.max_row - h && h - self.min_col == self.max_col - h
    }

    /// Whether the bounding box is the full grid with the castle at its centre (gaps allowed).
    pub fn castle_centred_in_full_grid(&self) -> bool {
        let n = self.grid;
        self.max_row - self.min_row + 1 == n
            && self.max_col - self.min_col + 1 == n
            && self.castle_centred_in_bounds()
    }

    /// Frame index of a cell, for tools that walk the kingdom (displays).
    pub fn cell_index(&self, cell: Cell) -> Option<usize> {
        self.index(cell)
    }

    pub fn cell_at(&self, index: usize) -> Cell {
        Cell::from_index(index % CELLS, self.grid)
    }
}

/// Grow `seed` through `within` by orthogonal steps.
#[inline]
fn flood(seed: Bits, within: Bits) -> Bits {
    let mut region = seed;
    loop {
        let grown = region.or(region.neighbours()).and(within);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// All legal placements of one domino in one kingdom: for each direction, the cells where the
/// first square may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementSet {
    by_direction: [Bits; 4],
    grid: u8,
}

impl PlacementSet {
    #[inline]
    pub fn count(&self) -> u32 {
        self.by_direction.iter().map(Bits::count).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.by_direction.iter().all(Bits::is_empty)
    }

    pub fn contains(&self, p: Placement) -> bool {
        p.first
            .to_index(self.grid)
            .is_some_and(|i| self.by_direction[p.direction.index()].contains(i))
    }

    /// The `n`th placement in the order of [`PlacementSet::iter`].
    #[inline]
    pub fn nth(&self, mut n: u32) -> Option<Placement> {
        for d in Direction::ALL {
            let b = &self.by_direction[d.index()];
            let c = b.count();
            if n < c {
                let i = b.nth(n)?;
                return Some(Placement::new(Cell::from_index(i, self.grid), d));
            }
            n -= c;
        }
        None
    }

    pub fn iter(&self) -> impl Iterator<Item = Placement> + '_ {
        Direction::ALL.into_iter().flat_map(move |d| {
            self.by_direction[d.index()]
                .iter()
                .map(move |i| Placement::new(Cell::from_index(i, self.grid), d))
        })
    }
}

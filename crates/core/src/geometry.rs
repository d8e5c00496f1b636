//! Cells, directions and placements, in coordinates relative to the castle.

use crate::bitboard::STRIDE;
use serde::{Deserialize, Serialize};

/// A square of a kingdom relative to its castle: `x` is the column offset (east is positive),
/// `y` the row offset (south, i.e. down, is positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub x: i8,
    pub y: i8,
}

impl Cell {
    pub const CASTLE: Cell = Cell { x: 0, y: 0 };

    pub fn new(x: i8, y: i8) -> Cell {
        Cell { x, y }
    }

    pub fn step(self, d: Direction) -> Cell {
        let (dx, dy) = d.delta();
        Cell {
            x: self.x.saturating_add(dx),
            y: self.y.saturating_add(dy),
        }
    }

    /// The frame index of this cell for a kingdom of `grid` squares, if it lies in the frame.
    pub fn to_index(self, grid: u8) -> Option<usize> {
        let half = i16::from(grid) - 1;
        let (x, y) = (i16::from(self.x) + half, i16::from(self.y) + half);
        let span = 2 * half;
        if x < 0 || y < 0 || x > span || y > span {
            return None;
        }
        Some(y as usize * STRIDE + x as usize)
    }

    pub fn from_index(index: usize, grid: u8) -> Cell {
        let half = i16::from(grid) - 1;
        Cell {
            x: ((index % STRIDE) as i16 - half) as i8,
            y: ((index / STRIDE) as i16 - half) as i8,
        }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Where a domino's second square lies from its first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    East,
    South,
    West,
    North,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::North,
    ];

    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::East => (1, 0),
            Direction::South => (0, 1),
            Direction::West => (-1, 0),
            Direction::North => (0, -1),
        }
    }

    /// Frame-index offset of one step.
    pub fn offset(self) -> isize {
        match self {
            Direction::East => 1,
            Direction::South => STRIDE as isize,
            Direction::West => -1,
            Direction::North => -(STRIDE as isize),
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
            Direction::North => "north",
        }
    }

    pub fn from_delta(dx: i8, dy: i8) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }
}

/// Where a domino goes: its first square at `first`, its second one step towards `direction`.
/// The four directions are the four rotations; swapping which square is first is the other
/// orientation, so every way to lay a domino is one placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub first: Cell,
    pub direction: Direction,
}

impl Placement {
    pub fn new(first: Cell, direction: Direction) -> Placement {
        Placement { first, direction }
    }

    /// The placement covering `first` and `second`, if they are orthogonal neighbours.
    pub fn from_cells(first: Cell, second: Cell) -> Option<Placement> {
        let dx = second.x.checked_sub(first.x)?;
        let dy = second.y.checked_sub(first.y)?;
        Direction::from_delta(dx, dy).map(|direction| Placement { first, direction })
    }

    pub fn second(self) -> Cell {
        self.first.step(self.direction)
    }
}

impl std::fmt::Display for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.first, self.direction.name())
    }
}

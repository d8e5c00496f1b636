//! Cells, directions and placements, in coordinates relative to the castle.

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

    /// The square as the action text, the notation and the terminal UI write it: `1,-1` (the
    /// `Display` form is `(1, -1)`). For a module's words about a square, so that they read
    /// as its actions do (`Stall on wheat at 1,-1`).
    pub fn written(self) -> impl std::fmt::Display {
        struct Written(Cell);
        impl std::fmt::Display for Written {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write_cell(f, self.0)
            }
        }
        Written(self)
    }

    /// Whether the cell lies in the frame of a kingdom of `grid` squares: within `grid - 1` of the
    /// castle on both axes.
    pub fn in_frame(self, grid: u8) -> bool {
        let half = i16::from(grid) - 1;
        i16::from(self.x).abs() <= half && i16::from(self.y).abs() <= half
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Where a domino's second square lies from its first.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
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

    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way: east's is west.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::North => Direction::South,
        }
    }

    /// `east`, `south`, `west`, `north`.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// `n`, `e`, `s` or `w`, as the action text writes it.
    pub fn letter(self) -> char {
        match self {
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
            Direction::North => 'n',
        }
    }

    /// The direction [`Direction::letter`] writes as `c`.
    pub fn from_letter(c: char) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.letter() == c)
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

/// `1,-1`.
pub fn write_cell(f: &mut std::fmt::Formatter<'_>, c: Cell) -> std::fmt::Result {
    write!(f, "{},{}", c.x, c.y)
}

/// `1,-1`, read.
pub fn read_cell(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Some(Cell::new(crate::text::number(x)?, crate::text::number(y)?))
}

#[cfg(test)]
mod tests {
    use super::Cell;

    #[test]
    fn a_square_is_written_as_the_actions_write_it() {
        for cell in [Cell::new(1, -1), Cell::new(-128, 127), Cell::CASTLE] {
            let written = cell.written().to_string();
            assert_eq!(written, format!("{},{}", cell.x, cell.y));
            assert_eq!(super::read_cell(&written), Some(cell));
        }
        assert_eq!(Cell::new(1, -1).to_string(), "(1, -1)");
    }
}

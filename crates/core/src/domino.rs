//! Dominoes and their squares.

use crate::terrain::TerrainId;
use serde::{Deserialize, Serialize};

/// Index of a domino in its ruleset's domino table (all boxes together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct DominoId(pub u16);

impl DominoId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most crowns a single square may show (crowns are kept in three bit planes).
pub const MAX_CROWNS: u8 = 7;

/// One half of a domino.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    pub terrain: TerrainId,
    pub crowns: u8,
}

/// A domino: a number printed on its back and two squares. `first` and `second` are the squares in
/// the order the component set lists them; a placement says where each one goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Domino {
    /// The number on the back; lines are sorted by it.
    pub number: u16,
    /// Which box (draw pile) the domino belongs to, as an index into the ruleset's boxes.
    pub pile: u8,
    pub first: Square,
    pub second: Square,
}

impl Domino {
    pub fn squares(&self) -> [Square; 2] {
        [self.first, self.second]
    }
    pub fn crowns(&self) -> u32 {
        u32::from(self.first.crowns) + u32::from(self.second.crowns)
    }
}

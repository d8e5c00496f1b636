//! Terrains: the kinds of land a square can show.

use serde::{Deserialize, Serialize};

/// Index of a terrain in its ruleset's terrain list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TerrainId(pub u8);

/// The most terrains one ruleset may declare (bitboards are kept per terrain).
pub const MAX_TERRAINS: usize = 16;

/// A terrain as a component set declares it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terrain {
    /// Name in the games' own words: `wheat`, `forest`, `lake`, ...
    pub name: String,
    /// One-letter symbol used in kingdom files and on screen: `W`, `F`, ...
    pub symbol: char,
    /// Colour for display, as an `#rrggbb` string.
    pub colour: String,
}

impl TerrainId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

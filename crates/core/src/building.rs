//! Queendomino's building tiles: what a tile gives when built, during the game, and at the end.

use crate::terrain::TerrainId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use strum::IntoStaticStr;

/// Index of a building in its ruleset's building list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BuildingId(pub u16);

impl BuildingId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a building is worth at the end of the game (lower right corner of the tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum BuildingValue {
    /// Nothing.
    None,
    /// A fixed number of points.
    Fixed { points: i32 },
    /// `points` for each separate territory of `terrain` in the kingdom (detached-territory bonus).
    PerTerritory { terrain: TerrainId, points: i32 },
    /// `points` for each tower in the kingdom.
    PerTower { points: i32 },
    /// `points` for each knight owned, placed or not.
    PerKnight { points: i32 },
    /// `points` for each crown on squares of `terrain` in the kingdom (buildings' crowns
    /// included).
    PerCrown { terrain: TerrainId, points: i32 },
    /// `points` for each `coins` coins held at the end (`coins` is at least 1).
    PerCoins { coins: u32, points: i32 },
    /// `points` for each building the side has built, this one included.
    PerBuilding { points: i32 },
}

/// A count of a side's pieces that a building's value reads ([`BuildingValue::worth`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Towers,
    /// Knights owned, placed or not.
    Knights,
    Coins,
    /// Buildings built, the one valued included.
    Buildings,
}

impl BuildingValue {
    /// What a building of this value is worth to a side: `kingdom` is the side's, `held` its
    /// count of each piece. At most [`crate::score::line::MAX_LINE_POINTS`] either way (counted in
    /// i64), so no sum of a kingdom's lines overflows whatever a house rule's numbers. `None`
    /// for a building worth nothing at the end.
    #[inline]
    pub fn worth(&self, kingdom: &crate::Kingdom, held: impl Fn(Held) -> i64) -> Option<i32> {
        let (count, points) = self.counted(kingdom, held)?;
        Some(crate::score::line::clamp_line(
            count.saturating_mul(i64::from(points)),
        ))
    }

    /// What [`BuildingValue::worth`] multiplies: how many the value counts (territories, towers,
    /// lots of coins; 1 for fixed points) and the points each; `None` for no value. The score's
    /// line says its count from this, so the two never disagree.
    pub fn counted(
        &self,
        kingdom: &crate::Kingdom,
        held: impl Fn(Held) -> i64,
    ) -> Option<(i64, i32)> {
        Some(match *self {
            BuildingValue::None => return None,
            BuildingValue::Fixed { points } => (1, points),
            BuildingValue::PerTerritory { terrain, points } => {
                (i64::from(kingdom.territory_count(terrain)), points)
            }
            BuildingValue::PerTower { points } => (held(Held::Towers), points),
            BuildingValue::PerKnight { points } => (held(Held::Knights), points),
            BuildingValue::PerCrown { terrain, points } => {
                (i64::from(kingdom.crowns_of(terrain)), points)
            }
            BuildingValue::PerCoins { coins, points } => {
                (held(Held::Coins) / i64::from(coins.max(1)), points)
            }
            BuildingValue::PerBuilding { points } => (held(Held::Buildings), points),
        })
    }
}

/// A bonus active from construction to the end (lower left corner): each time the owner collects
/// tax, extra coins.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum TaxBonus {
    /// No bonus.
    #[default]
    None,
    /// +1 coin per knight owned (placed or not).
    PerKnight,
    /// +1 coin per tower in the kingdom.
    PerTower,
}

/// A building tile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Building {
    /// Its number in the component set (1..32 for Queendomino).
    pub number: u16,
    /// A name to show ("Sawmill"), or empty.
    pub name: String,
    /// Crowns it adds to its town square (upper right corner).
    pub crowns: u8,
    /// Knights taken from the supply when it is built (upper left corner).
    pub knights: u8,
    /// Towers taken from the supply into the kingdom when it is built (upper left corner).
    pub towers: u8,
    /// Coins from the bank when it is built (a house rule's immediate effect).
    #[serde(default)]
    pub coins: u8,
    /// Coins added to the price of the Builders' Board slot it stands in (a house rule's price
    /// of its own; 0 in the printed game, where the slot alone sets the price).
    #[serde(default)]
    pub price: u16,
    pub tax_bonus: TaxBonus,
    pub value: BuildingValue,
}

impl Building {
    /// How the building is called on screen: its name, or its number.
    pub fn label(&self) -> String {
        if self.name.is_empty() {
            format!("building {}", self.number)
        } else {
            self.name.clone()
        }
    }
}

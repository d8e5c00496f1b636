//! The two TOML file formats, as serde types. They are the single source of truth: the JSON
//! Schemas are derived from them, loading checks each file against those schemas before
//! deserializing it, and `crownlands show` prints a resolved ruleset by serialising one. Their
//! field order is the order keys are printed in.

use crownlands_core::MAX_GRID;
use crownlands_core::domino::MAX_CROWNS;
use crownlands_core::modules::Param;
pub use crownlands_core::ruleset::MAX_BUILDINGS;
use crownlands_core::ruleset::{
    MAX_DOMINOES, MAX_LINE, MAX_MATCH_GAMES, MAX_MATCH_TIE_BREAKS, MAX_PLAYERS,
};
use crownlands_core::{
    CastleAt, Connection, Discard, FirstClaims, MatchTieBreak, MiddleKingdomReading, TaxBonus,
    TieBreak,
};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A ruleset file: which component sets to use, which player counts, and the rules.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Crownlands ruleset")]
pub struct RulesetFile {
    /// The ruleset's name; defaults to the file's stem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub name: Option<String>,
    /// One line saying what the ruleset is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = MAX_DESCRIPTION_CHARS))]
    pub description: Option<String>,
    /// A shipped ruleset's name, or a path (containing `/` or ending in `.toml`) relative to
    /// this file. Everything not set here is inherited from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_PATH_CHARS))]
    pub extends: Option<String>,
    /// Component set files, relative to this file. Replaces the inherited list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(length(min = 1, max = MAX_PATH_CHARS)))]
    pub sets: Option<Vec<String>>,
    /// Component set files appended to the inherited list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(length(min = 1, max = MAX_PATH_CHARS)))]
    pub add_sets: Vec<String>,
    /// The allowed player counts. Replaces the inherited list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(range(min = 1, max = MAX_PLAYERS)), length(min = 1, max = MAX_PLAYERS))]
    pub players: Option<Vec<u8>>,
    /// Dominoes taken out of the deck inherited so far (the component sets, and the inline
    /// dominoes of the files this one extends): numbers, or box initial and number (`"K12"`)
    /// when the deck has several boxes. Applied before this file's own `[[domino]]` entries, so
    /// a domino is replaced by removing it and declaring it again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_DOMINOES))]
    pub remove_dominoes: Vec<DominoRef>,
    /// Building tiles taken out of those inherited so far (the component sets, and the inline
    /// tiles of the files this one extends), by number. Applied before this file's own
    /// `[[building]]` entries, so a tile is replaced by removing it and declaring it again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_BUILDINGS))]
    pub remove_buildings: Vec<u16>,
    /// The box (draw pile) of the dominoes listed in this file. By default they join the deck's
    /// box when it has one box, and a box named after the ruleset when it has none; with several
    /// boxes each `[[domino]]` (or this key) must say which.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub box_name: Option<String>,
    /// The rules for every player count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesPatch>,
    /// Overrides for one player count (the key), same keys as `[rules]`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub for_players: BTreeMap<String, RulesPatch>,
    /// Terrains declared inline, as in a component set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crownlands_core::terrain::MAX_TERRAINS))]
    pub terrain: Vec<TerrainDef>,
    /// Dominoes declared inline, as in a component set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_DOMINOES))]
    pub domino: Vec<DominoDef>,
    /// Building tiles (Queendomino) declared inline, as in a component set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_BUILDINGS))]
    pub building: Vec<BuildingDef>,
    /// Modules' component tables declared inline, as in a component set.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(schema_with = "component_schema")]
    pub component: BTreeMap<String, Vec<Param>>,
}

/// A domino named in `remove-dominoes`: its number, or its box's initial and number (`"K12"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum DominoRef {
    Number(u16),
    Label(#[schemars(length(min = 1, max = MAX_NAME_CHARS))] String),
}

/// A component set file: terrains, dominoes and building tiles from one box.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Crownlands component set")]
pub struct SetFile {
    pub set: SetHeader,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crownlands_core::terrain::MAX_TERRAINS))]
    pub terrain: Vec<TerrainDef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_DOMINOES))]
    pub domino: Vec<DominoDef>,
    /// Building tiles (Queendomino).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_BUILDINGS))]
    pub building: Vec<BuildingDef>,
    /// Rows of the component tables modules play (`[[component.quest]]`), by table: each row
    /// read by the type of the module that declares the table.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(schema_with = "component_schema")]
    pub component: BTreeMap<String, Vec<Param>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SetHeader {
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = MAX_DESCRIPTION_CHARS))]
    pub description: Option<String>,
    /// The box (draw pile) this set's dominoes belong to; defaults to the set's name.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub box_name: Option<String>,
}

/// A terrain: its name, one-letter symbol and display colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TerrainDef {
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub name: String,
    /// One ASCII uppercase letter other than `C` (the castle), unique in the ruleset.
    #[schemars(regex(pattern = "^[ABD-Z]$"))]
    pub symbol: String,
    /// Display colour, `#rrggbb`.
    #[schemars(regex(pattern = "^#[0-9a-fA-F]{6}$"))]
    pub colour: String,
}

/// A domino: the number on its back and its two squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DominoDef {
    /// Unique within its box.
    #[schemars(range(min = 1))]
    pub number: u16,
    /// The box (draw pile) this domino belongs to; defaults to the file's box.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub box_name: Option<String>,
    pub first: SquareDef,
    pub second: SquareDef,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "a table such as { terrain = \"wheat\", crowns = 1 }")]
pub struct SquareDef {
    /// A terrain's name.
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub terrain: String,
    #[serde(default)]
    #[schemars(range(max = MAX_CROWNS))]
    pub crowns: u8,
}

/// The longest name (a ruleset's, a set's, a box's, a terrain's, a building's, a module's), in
/// characters.
pub const MAX_NAME_CHARS: u32 = 64;
/// The longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: u32 = 1000;
/// The longest path to another file (`extends`, `sets`, `add-sets`), in characters.
pub const MAX_PATH_CHARS: u32 = 255;

/// The most knights or towers one building may give.
pub const MAX_BUILDING_GAIN: u8 = 100;

/// The most a building tile's own price may add to its slot's (as a slot's price).
pub const MAX_BUILDING_PRICE: u16 = 1000;
/// The largest number of points a building's value may name (either sign).
pub const MAX_BUILDING_POINTS: i32 = 1000;

/// A building tile (Queendomino): what it gives when built, during the game, and at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct BuildingDef {
    /// Unique within the ruleset.
    #[schemars(range(min = 1))]
    pub number: u16,
    /// A name to show ("Sawmill").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub name: Option<String>,
    /// Crowns it adds to its town square.
    #[serde(default)]
    #[schemars(range(max = MAX_CROWNS))]
    pub crowns: u8,
    /// Knights taken from the supply when it is built.
    #[serde(default)]
    #[schemars(range(max = MAX_BUILDING_GAIN))]
    pub knights: u8,
    /// Towers put into the kingdom when it is built.
    #[serde(default)]
    #[schemars(range(max = MAX_BUILDING_GAIN))]
    pub towers: u8,
    /// Coins from the bank when it is built.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_BUILDING_GAIN))]
    pub coins: u8,
    /// Coins added to the price of the Builders' Board slot it stands in (a house rule: a
    /// price of the tile's own; with `slot-prices` all 0, the tile's alone).
    #[serde(default, skip_serializing_if = "is_zero_price")]
    #[schemars(range(max = MAX_BUILDING_PRICE))]
    pub price: u16,
    /// Extra coins each time its owner collects tax.
    #[serde(default)]
    pub tax_bonus: TaxBonus,
    /// What it is worth at the end of the game.
    #[serde(default)]
    pub value: BuildingValueDef,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

fn is_zero_price(v: &u16) -> bool {
    *v == 0
}

/// What a building is worth at the end: `kind`, with `points` (and `terrain` for
/// `per-territory` and `per-crown`, `coins` for `per-coins`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct BuildingValueDef {
    pub kind: BuildingValueKind,
    /// The terrain whose separate territories (`per-territory`) or crowns (`per-crown`) count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = MAX_NAME_CHARS))]
    pub terrain: Option<String>,
    /// `per-coins`: `points` for each this many coins held at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1_000_000))]
    pub coins: Option<u32>,
    /// Points: in all, or per territory, tower or knight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -MAX_BUILDING_POINTS, max = MAX_BUILDING_POINTS))]
    pub points: Option<i32>,
}

impl Default for BuildingValueDef {
    fn default() -> Self {
        BuildingValueDef {
            kind: BuildingValueKind::None,
            terrain: None,
            coins: None,
            points: None,
        }
    }
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema, strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum BuildingValueKind {
    /// Nothing.
    None,
    /// `points` in all.
    Fixed,
    /// `points` for each separate territory of `terrain`.
    PerTerritory,
    /// `points` for each tower in the kingdom.
    PerTower,
    /// `points` for each knight owned, placed or not.
    PerKnight,
    /// `points` for each crown on squares of `terrain`.
    PerCrown,
    /// `points` for each `coins` coins held at the end.
    PerCoins,
    /// `points` for each building built, this one included.
    PerBuilding,
}

impl BuildingValueKind {
    /// As a file spells it: `none`, `fixed`, `per-territory`...
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Rules, every key optional: a patch over the inherited values.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RulesPatch {
    /// Kingdoms may not exceed N x N squares, castle included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_GRID))]
    pub grid_size: Option<u8>,
    /// Where the castle stands: "anywhere" in the grid (the rulebooks'), or fixed at the
    /// "centre" (a house rule; an odd grid-size).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castle: Option<CastleAt>,
    /// What a new domino must touch: the castle or a square of the "same-terrain" (the
    /// rulebooks'), or "any-terrain" (a house rule for young players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection: Option<Connection>,
    /// When a domino may be discarded instead of placed: "when-nothing-fits" (the rulebooks'),
    /// or "any-time", even when it fits (a house rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<Discard>,
    /// Dominoes laid out per line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_LINE))]
    pub line_size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_LINE))]
    pub kings_per_player: Option<u8>,
    /// Dominoes dealt into the draw pile: a number, or "all".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_size: Option<DeckSize>,
    /// How the first line is claimed: "drawn", every king drawn at random (rulebook 000);
    /// "snake", a player drawn, then A B B A (002); "seated", the seats' order from the first,
    /// then back and forth (a house rule: the table says who starts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_claims: Option<FirstClaims>,
    /// Applied in order after the score; players still tied share the victory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 8))]
    pub tie_breaks: Option<Vec<TieBreak>>,
    /// Games in a match, totals summed (Dynasty = 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_MATCH_GAMES))]
    pub match_games: Option<u8>,
    /// With `match-games` above 1: what breaks a tie on the highest match total, in order
    /// (none by default: the rulebook gives Dynasty no tie-break, so tied totals share the
    /// victory). "most-games-won" (a game's winners by its own ranking; a shared game counts
    /// for each side sharing it), "best-game" (the highest single-game score), "last-game"
    /// (the higher score in the last game), or a game's tie-break added up over the games
    /// ("largest-territory", "most-crowns", "fewest-crowns", "most-coins"); sides still tied
    /// share the victory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = MAX_MATCH_TIE_BREAKS))]
    pub match_tie_breaks: Option<Vec<MatchTieBreak>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harmony: Option<HarmonyPatch>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle_kingdom: Option<MiddleKingdomPatch>,
    /// Where lines come from: "mixed" (every box shuffled into one draw pile), "alternate"
    /// (each box shuffled on its own, lines taken from the boxes in turn: Royal Wedding), or a
    /// line source a crate with modules of its own registers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<LinesDef>,
    /// With `lines` other than "mixed" ("alternate"): the boxes in the order lines come from
    /// (default: every box, in the order the component sets declare them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 8), inner(length(min = 1, max = MAX_NAME_CHARS)))]
    pub line_order: Option<Vec<String>>,
    /// Players sharing one kingdom, castle, coins and knights (Royal Wedding teams: 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 8))]
    pub team_size: Option<u8>,
    /// Who sits in which team: "side-by-side" (teammates next to each other, the default),
    /// "alternating" (teammates apart, the teams taking turns around the table: teams of two
    /// sit across it), or a seating a crate with modules of its own registers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 64))]
    pub teams: Option<String>,
    /// Modules switched on, in the order they run (Queendomino's: knights, buildings, queen,
    /// dragon, wealth). Replaces the inherited list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 32), inner(length(min = 1, max = MAX_NAME_CHARS)))]
    pub modules: Option<Vec<String>>,
    /// Module parameters, one table per module: `[rules.module.knights]` with `per-turn = 2`.
    /// Merged key by key over the inherited parameters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module:
        Option<std::collections::BTreeMap<String, std::collections::BTreeMap<String, Param>>>,
}

/// Where lines come from: the name of a line source. Shipped: "mixed" (every box shuffled into
/// one draw pile) and "alternate" (lines from the boxes in turn); a crate with its own registry
/// may add more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct LinesDef(#[schemars(length(min = 1, max = 64))] pub String);

impl LinesDef {
    /// The shipped `mixed` source (the default).
    pub fn mixed() -> LinesDef {
        LinesDef(crownlands_core::LineSource::MIXED.to_string())
    }
}

/// Harmony: bonus points for a complete kingdom with no gaps.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct HarmonyPatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -1000, max = 1000))]
    pub points: Option<i32>,
}

/// Middle Kingdom: bonus points for a castle at the centre.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MiddleKingdomPatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -1000, max = 1000))]
    pub points: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<MiddleKingdomReading>,
}

/// How many dominoes are dealt: `"all"` or a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckSize {
    All,
    Count(u16),
}

impl Serialize for DeckSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DeckSize::All => s.serialize_str("all"),
            DeckSize::Count(n) => s.serialize_u16(*n),
        }
    }
}

impl<'de> Deserialize<'de> for DeckSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = DeckSize;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("\"all\" or a number of dominoes")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DeckSize, E> {
                if v == "all" {
                    Ok(DeckSize::All)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(v), &self))
                }
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<DeckSize, E> {
                u16::try_from(v)
                    .map(DeckSize::Count)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<DeckSize, E> {
                u16::try_from(v)
                    .map(DeckSize::Count)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for DeckSize {
    fn schema_name() -> Cow<'static, str> {
        "DeckSize".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Dominoes dealt into the draw pile: \"all\" or a number.",
            "anyOf": [
                { "const": "all" },
                { "type": "integer", "minimum": 1, "maximum": MAX_DOMINOES }
            ]
        })
    }
}

/// The `component` table: by table name, rows (`[[component.quest]]`), each a table of values
/// its module's type reads.
fn component_schema(generator: &mut SchemaGenerator) -> Schema {
    let value = generator.subschema_for::<Param>();
    json_schema!({
        "description": "Rows of the component tables modules play (`[[component.quest]]`), by table: each row read by the type of the module that declares the table.",
        "type": "object",
        "additionalProperties": {
            "title": "rows, each a table (`[[component.NAME]]`)",
            "type": "array",
            "maxItems": crownlands_core::modules::table::MAX_ROWS,
            "items": {
                "title": "a row (a table)",
                "x-whole": true,
                "type": "object",
                "additionalProperties": value
            }
        }
    })
}

//! Crownlands core: the pure rules of Kingdomino-family games.
//!
//! No I/O, no clock, no global randomness: a [`Game`] is built from a validated [`Ruleset`], a
//! player count and a seed, and moves only through [`Game::apply`]. The same ruleset, seed and
//! actions always give the same game.

pub mod action_text;
mod bitboard;
pub mod building;
pub mod conformance;
pub mod domino;
pub mod game;
pub mod geometry;
pub mod kingdom;
pub mod lines;
pub mod matches;
pub mod module_action;
pub mod modules;
mod perft;
pub mod registry;
pub mod rng;
pub mod ruleset;
pub mod score;
pub mod side;
pub mod teams;
pub mod terrain;
#[cfg(any(test, feature = "testkit"))]
#[doc(hidden)]
pub mod testkit;
pub mod text;

pub use action_text::ActionTextError;
pub use bitboard::MAX_GRID;
pub use building::{Building, BuildingId, BuildingValue, TaxBonus};
pub use domino::{Domino, DominoId, Square};
pub use game::{Action, Game, IllegalAction, Phase, SetupError, Slot, Whereabouts};
pub use geometry::{Cell, Direction, Placement};
pub use kingdom::{Content, Kingdom, KingdomShape, PlacementSet, Territory};
pub use lines::{LineDealer, LineSource};
pub use matches::{KeptGame, Match, MatchDecider, MatchStanding};
pub use module_action::{ModuleAction, ModuleIndex, Payload};
pub use perft::perft;
pub use registry::{ModuleFactory, Registry};
pub use ruleset::{
    BonusSettings, CastleAt, Connection, Discard, Field, FirstClaims, MatchTieBreak, MiddleKingdom,
    MiddleKingdomReading, Problem, Problems, ResourceName, RuleWarning, Rules, RulesField,
    RulesProblem, Ruleset, RulesetParts, TieBreak, WarningAt,
};
pub use score::{BonusScore, Decider, Outcome, ScoreBreakdown, TerritoryScore};
pub use side::{BySide, King, Seat, Side};
pub use teams::Teams;
pub use terrain::{Terrain, TerrainId};

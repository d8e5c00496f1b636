//! Match tie-breaks: what decides between sides tied on a match's totals (Dynasty's three games
//! summed). The rulebook gives Dynasty none (tied totals share the victory); a house rule may
//! list some: the most games won, the best single game, the last game, or one of a game's
//! tie-breaks added up over the games (`largest-territory`, `most-crowns`, `most-coins`).

use super::TieBreak;
use super::tie_break::{FEWEST, MOST};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;

/// The most tie-breaks a match may list (as a game may).
pub const MAX_MATCH_TIE_BREAKS: usize = 8;

/// One match tie-break, applied in the ruleset's order to the sides tied on the highest match
/// total; sides still tied share the victory. A ruleset file spells it `most-games-won`,
/// `best-game`, `last-game`, or as a game's tie-break (`largest-territory`, `most-crowns`,
/// `fewest-crowns`, `most-coins`), which is then added up over the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchTieBreak {
    /// The most games won: a game's winners are those of its own ranking (its `tie-breaks`
    /// included), and a game whose victory is shared counts as won by each side sharing it.
    MostGamesWon,
    /// The best single game: the highest score of the side's games.
    BestGame,
    /// The last game: the higher score in the match's last game.
    LastGame,
    /// A game's tie-break, what it compares added up over the games: the squares of each
    /// game's largest territory, the crowns, or a resource held at each game's end (more wins,
    /// or fewer: [`TieBreak::prefers_fewer`]).
    Summed(TieBreak),
}

impl MatchTieBreak {
    /// As a ruleset file spells it: `most-games-won`, `best-game`, `largest-territory`.
    pub fn name(&self) -> Cow<'static, str> {
        match self {
            MatchTieBreak::MostGamesWon => Cow::Borrowed("most-games-won"),
            MatchTieBreak::BestGame => Cow::Borrowed("best-game"),
            MatchTieBreak::LastGame => Cow::Borrowed("last-game"),
            MatchTieBreak::Summed(t) => t.name(),
        }
    }

    /// Read a match tie-break as a ruleset file spells it.
    pub fn parse(text: &str) -> Option<MatchTieBreak> {
        match text {
            "most-games-won" => Some(MatchTieBreak::MostGamesWon),
            "best-game" => Some(MatchTieBreak::BestGame),
            "last-game" => Some(MatchTieBreak::LastGame),
            _ => TieBreak::parse(text).map(MatchTieBreak::Summed),
        }
    }

    /// The names spelt in full (not those made of a resource's name), for suggestions.
    pub const FIXED: [&'static str; 6] = [
        "most-games-won",
        "best-game",
        "last-game",
        "largest-territory",
        "most-crowns",
        "fewest-crowns",
    ];

    /// Whether less of what it compares wins (`fewest-...`).
    pub fn prefers_fewer(&self) -> bool {
        matches!(self, MatchTieBreak::Summed(t) if t.prefers_fewer())
    }

    /// Whether `self` counts what `other` counts the other way (`fewest-crowns` and
    /// `most-crowns`, added up): the second of them never decides.
    pub fn opposes(&self, other: &MatchTieBreak) -> bool {
        match (self, other) {
            (MatchTieBreak::Summed(a), MatchTieBreak::Summed(b)) => a.opposes(b),
            _ => false,
        }
    }

    /// The resource it adds up, for a tie-break on one (`most-coins`).
    pub fn resource(&self) -> Option<&str> {
        match self {
            MatchTieBreak::Summed(t) => t.resource(),
            _ => None,
        }
    }

    /// What it compares, in words: `the most games won`, `the most crowns over the games`.
    pub fn words(&self) -> String {
        match self {
            MatchTieBreak::MostGamesWon => "the most games won".to_string(),
            MatchTieBreak::BestGame => "the best single game".to_string(),
            MatchTieBreak::LastGame => "the higher score in the last game".to_string(),
            MatchTieBreak::Summed(TieBreak::LargestTerritory) => {
                "the largest territories added up over the games".to_string()
            }
            MatchTieBreak::Summed(t) => format!("{} over the games", t.words()),
        }
    }
}

impl std::fmt::Display for MatchTieBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// What a match tie-break's text must look like, for error messages.
pub const EXPECTED: &str = "`most-games-won`, `best-game`, `last-game`, or a game's tie-break added up over the games (`largest-territory`, `most-crowns`, `fewest-crowns`, `most-coins`)";

impl Serialize for MatchTieBreak {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for MatchTieBreak {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MatchTieBreak, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = MatchTieBreak;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(EXPECTED)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MatchTieBreak, E> {
                MatchTieBreak::parse(v)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for MatchTieBreak {
    fn schema_name() -> Cow<'static, str> {
        "MatchTieBreak".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // Every branch at one level (not a reference to the game's tie-breaks), so that a
        // misspelt value is matched against all the fixed names at once.
        json_schema!({
            "title": "a match tie-break (\"most-games-won\", \"best-game\", \"last-game\", or a game's tie-break added up over the games: \"largest-territory\", \"most-crowns\", \"fewest-crowns\", \"most-\" or \"fewest-\" and a resource's name)",
            "description": "One match tie-break, applied in the ruleset's order to the sides tied on the highest match total; sides still tied share the victory.",
            "anyOf": [
                {
                    "const": "most-games-won",
                    "description": "The most games won: a game's winners by its own ranking (its tie-breaks included); a shared game counts as won by each side sharing it.",
                    "type": "string"
                },
                {
                    "const": "best-game",
                    "description": "The best single game: the highest score of the side's games.",
                    "type": "string"
                },
                {
                    "const": "last-game",
                    "description": "The higher score in the match's last game.",
                    "type": "string"
                },
                {
                    "const": "largest-territory",
                    "description": "The squares of each game's largest territory, added up over the games.",
                    "type": "string"
                },
                {
                    "const": "most-crowns",
                    "description": "The most crowns, added up over the games.",
                    "type": "string"
                },
                {
                    "title": "\"most-\" followed by a resource's name (at most 23 characters), like \"most-coins\"",
                    "description": "The most of a resource a module of the ruleset keeps per side, held at each game's end and added up over the games.",
                    "type": "string",
                    "pattern": "^most-[a-z][a-z0-9-]*$",
                    "maxLength": MOST.len() + super::MAX_RESOURCE_NAME
                },
                {
                    "const": "fewest-crowns",
                    "description": "The fewest crowns, added up over the games.",
                    "type": "string"
                },
                {
                    "title": "\"fewest-\" followed by a resource's name (at most 23 characters), like \"fewest-claim-place\"",
                    "description": "The fewest of a resource a module of the ruleset keeps per side, held at each game's end and added up over the games.",
                    "type": "string",
                    "pattern": "^fewest-[a-z][a-z0-9-]*$",
                    "maxLength": FEWEST.len() + super::MAX_RESOURCE_NAME
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for text in [
            "most-games-won",
            "best-game",
            "last-game",
            "largest-territory",
            "most-crowns",
            "fewest-crowns",
            "most-coins",
            "fewest-claim-place",
        ] {
            let tb = MatchTieBreak::parse(text).expect(text);
            assert_eq!(tb.name(), text);
            let json = serde_json::to_string(&tb).expect("json");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(
                serde_json::from_str::<MatchTieBreak>(&json).expect("back"),
                tb
            );
        }
        assert_eq!(
            MatchTieBreak::parse("most-coins"),
            TieBreak::most("coins").map(MatchTieBreak::Summed)
        );
        for text in MatchTieBreak::FIXED {
            assert!(MatchTieBreak::parse(text).is_some(), "{text}");
        }
    }

    #[test]
    fn misspelt_names_are_refused() {
        for text in [
            "",
            "best",
            "games-won",
            "last-games",
            "most-Coins",
            "largest",
        ] {
            assert_eq!(MatchTieBreak::parse(text), None, "{text:?}");
            assert!(serde_json::from_str::<MatchTieBreak>(&format!("{text:?}")).is_err());
        }
    }

    #[test]
    fn words_say_what_is_compared() {
        let words = |s: &str| MatchTieBreak::parse(s).expect(s).words();
        assert_eq!(words("most-games-won"), "the most games won");
        assert_eq!(words("best-game"), "the best single game");
        assert_eq!(words("last-game"), "the higher score in the last game");
        assert_eq!(
            words("largest-territory"),
            "the largest territories added up over the games"
        );
        assert_eq!(words("fewest-crowns"), "the fewest crowns over the games");
        assert_eq!(words("most-coins"), "the most coins over the games");
        let t = |s: &str| MatchTieBreak::parse(s).expect(s);
        assert!(t("fewest-crowns").opposes(&t("most-crowns")));
        assert!(!t("most-games-won").opposes(&t("best-game")));
        assert!(t("fewest-coins").prefers_fewer());
        assert!(!t("last-game").prefers_fewer());
    }
}

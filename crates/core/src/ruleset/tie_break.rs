//! Tie-breaks: what decides between kingdoms tied on score. Two are the rulebooks' own (the
//! largest territory, the most crowns); the rest are house rules: the fewest crowns, or the
//! most or the fewest of a resource some module keeps per side (`most-coins`, `most-towers`,
//! `fewest-claim-place`, or a plugin's), so a module brings its tie-breaks with it.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;

/// The longest resource name a tie-break may hold.
pub const MAX_RESOURCE_NAME: usize = 23;

/// How a tie-break on the most of a resource is spelt: this, then the resource's name.
pub const MOST: &str = "most-";

/// How a tie-break on the fewest of a resource is spelt: this, then the resource's name.
pub const FEWEST: &str = "fewest-";

/// A resource's name kept inline (lowercase letters, digits and `-`, starting with a letter, at
/// most [`MAX_RESOURCE_NAME`] bytes), so a [`TieBreak`] on it stays `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResourceName {
    len: u8,
    bytes: [u8; MAX_RESOURCE_NAME],
}

impl ResourceName {
    /// `name`, if it is spelt as a resource's name may be.
    pub fn new(name: &str) -> Option<ResourceName> {
        let ok = !name.is_empty()
            && name.len() <= MAX_RESOURCE_NAME
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !ok {
            return None;
        }
        let mut bytes = [0; MAX_RESOURCE_NAME];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        Some(ResourceName {
            len: name.len() as u8,
            bytes,
        })
    }

    pub fn as_str(&self) -> &str {
        // Made from a `&str` of ASCII only, so always valid.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl ResourceName {
    /// The resource's name in words: `coins`, `queen host`.
    pub fn words(&self) -> String {
        self.as_str().replace('-', " ")
    }
}

impl std::fmt::Debug for ResourceName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl std::fmt::Display for ResourceName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One tie-break, applied in the ruleset's order after the score; players still tied share the
/// victory. A ruleset file spells it `largest-territory`, `most-crowns`, `fewest-crowns`, or
/// `most-` or `fewest-` and a resource's name (`most-coins`, `fewest-claim-place`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The most squares in one territory (rulebook 000).
    LargestTerritory,
    /// The most crowns in the kingdom (rulebook 004).
    MostCrowns,
    /// The most of a resource a module keeps per side, held at the end (`most-coins`: coins
    /// left). A side the resource does not reach has 0.
    Most(ResourceName),
    /// The fewest crowns in the kingdom (a house rule).
    FewestCrowns,
    /// The fewest of a resource a module keeps per side, held at the end (a house rule:
    /// `fewest-claim-place`, the earlier claimer of the first line).
    Fewest(ResourceName),
}

impl TieBreak {
    /// The tie-break on the most `resource` (`None` when the name cannot be a resource's).
    pub fn most(resource: &str) -> Option<TieBreak> {
        ResourceName::new(resource).map(TieBreak::Most)
    }

    /// The tie-break on the fewest `resource` (`None` when the name cannot be a resource's).
    pub fn fewest(resource: &str) -> Option<TieBreak> {
        ResourceName::new(resource).map(TieBreak::Fewest)
    }

    /// Whether `self` counts what `other` counts the other way (`fewest-crowns` and
    /// `most-crowns`): after one of them, kingdoms still tied hold as many, so the other never
    /// decides.
    pub fn opposes(&self, other: &TieBreak) -> bool {
        fn counted(t: &TieBreak) -> Option<&str> {
            match t {
                TieBreak::MostCrowns | TieBreak::FewestCrowns => Some("crowns"),
                TieBreak::Most(r) | TieBreak::Fewest(r) => Some(r.as_str()),
                TieBreak::LargestTerritory => None,
            }
        }
        self.prefers_fewer() != other.prefers_fewer()
            && counted(self).is_some()
            && counted(self) == counted(other)
    }

    /// Whether less of what it compares wins (`fewest-...`).
    pub fn prefers_fewer(&self) -> bool {
        matches!(self, TieBreak::FewestCrowns | TieBreak::Fewest(_))
    }

    /// How its name starts: `most-` or `fewest-` (`largest-` for the largest territory).
    pub fn prefix(&self) -> &'static str {
        match self {
            TieBreak::LargestTerritory => "largest-",
            TieBreak::MostCrowns | TieBreak::Most(_) => MOST,
            TieBreak::FewestCrowns | TieBreak::Fewest(_) => FEWEST,
        }
    }

    /// As a ruleset file spells it: `largest-territory`, `most-crowns`, `most-coins`.
    pub fn name(&self) -> Cow<'static, str> {
        match self {
            TieBreak::LargestTerritory => Cow::Borrowed("largest-territory"),
            TieBreak::MostCrowns => Cow::Borrowed("most-crowns"),
            TieBreak::Most(r) => Cow::Owned(format!("{MOST}{r}")),
            TieBreak::FewestCrowns => Cow::Borrowed("fewest-crowns"),
            TieBreak::Fewest(r) => Cow::Owned(format!("{FEWEST}{r}")),
        }
    }

    /// The resource it compares, for a tie-break on one.
    pub fn resource(&self) -> Option<&str> {
        match self {
            TieBreak::Most(r) | TieBreak::Fewest(r) => Some(r.as_str()),
            _ => None,
        }
    }

    /// Read a tie-break as a ruleset file spells it.
    pub fn parse(text: &str) -> Option<TieBreak> {
        match text {
            "largest-territory" => Some(TieBreak::LargestTerritory),
            "most-crowns" => Some(TieBreak::MostCrowns),
            "fewest-crowns" => Some(TieBreak::FewestCrowns),
            _ => match text.strip_prefix(FEWEST) {
                Some(resource) => TieBreak::fewest(resource),
                None => TieBreak::most(text.strip_prefix(MOST)?),
            },
        }
    }

    /// What it compares, in words: `the largest territory`, `the most coins`.
    pub fn words(&self) -> String {
        match self {
            TieBreak::LargestTerritory => "the largest territory".to_string(),
            TieBreak::MostCrowns => "the most crowns".to_string(),
            TieBreak::Most(r) => format!("the most {}", r.words()),
            TieBreak::FewestCrowns => "the fewest crowns".to_string(),
            TieBreak::Fewest(r) => format!("the fewest {}", r.words()),
        }
    }
}

impl std::fmt::Display for TieBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// What a tie-break's text must look like, for error messages.
pub const EXPECTED: &str = "`largest-territory`, `most-crowns`, `fewest-crowns`, or `most-` or `fewest-` and a resource's name (`most-coins`)";

impl Serialize for TieBreak {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for TieBreak {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TieBreak, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TieBreak;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(EXPECTED)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TieBreak, E> {
                TieBreak::parse(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for TieBreak {
    fn schema_name() -> Cow<'static, str> {
        "TieBreak".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "title": "a tie-break (\"largest-territory\", \"most-crowns\", \"fewest-crowns\", or \"most-\" or \"fewest-\" and a resource's name: \"most-coins\")",
            "description": "One tie-break, applied in the ruleset's order after the score; players still tied share the victory.",
            "anyOf": [
                {
                    "const": "largest-territory",
                    "description": "The most squares in one territory (rulebook 000).",
                    "type": "string"
                },
                {
                    "const": "most-crowns",
                    "description": "The most crowns in the kingdom (rulebook 004).",
                    "type": "string"
                },
                {
                    "title": "\"most-\" followed by a resource's name (at most 23 characters), like \"most-coins\"",
                    "description": "The most of a resource a module of the ruleset keeps per side, held at the end: `most-coins` (coins left), `most-towers`, `most-knights`, or a plugin's.",
                    "type": "string",
                    "pattern": "^most-[a-z][a-z0-9-]*$",
                    "maxLength": MOST.len() + MAX_RESOURCE_NAME
                },
                {
                    "const": "fewest-crowns",
                    "description": "The fewest crowns in the kingdom (a house rule).",
                    "type": "string"
                },
                {
                    "title": "\"fewest-\" followed by a resource's name (at most 23 characters), like \"fewest-claim-place\"",
                    "description": "The fewest of a resource a module of the ruleset keeps per side, held at the end (a house rule): `fewest-claim-place` (the earlier claimer of the first line), `fewest-coins`, or a plugin's.",
                    "type": "string",
                    "pattern": "^fewest-[a-z][a-z0-9-]*$",
                    "maxLength": FEWEST.len() + MAX_RESOURCE_NAME
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `most-X` and `fewest-X` oppose (the second never decides), nothing else does; the
    /// rules' check refuses the second at its place, as a repeat.
    #[test]
    fn opposite_tie_breaks_are_refused() {
        let t = |s: &str| TieBreak::parse(s).expect("a tie-break");
        assert!(t("fewest-crowns").opposes(&t("most-crowns")));
        assert!(t("most-coins").opposes(&t("fewest-coins")));
        assert!(!t("most-coins").opposes(&t("fewest-towers")));
        assert!(!t("most-crowns").opposes(&t("most-crowns")));
        assert!(!t("largest-territory").opposes(&t("fewest-crowns")));
        let mut parts = crate::testkit::kingdomino_parts();
        for (_, rules) in &mut parts.player_counts {
            rules.tie_breaks = vec![t("most-crowns"), t("largest-territory"), t("fewest-crowns")];
        }
        let e = crate::Ruleset::new(parts).expect_err("refused");
        assert!(
            e.to_string()
                .contains("tie-break `fewest-crowns` counts what `most-crowns`"),
            "{e}"
        );
    }

    #[test]
    fn names_read_back() {
        for text in [
            "largest-territory",
            "most-crowns",
            "most-coins",
            "most-towers",
            "most-a1-b",
            "fewest-crowns",
            "fewest-claim-place",
        ] {
            let tb = TieBreak::parse(text).expect(text);
            assert_eq!(tb.name(), text);
            let json = serde_json::to_string(&tb).expect("json");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<TieBreak>(&json).expect("back"), tb);
        }
        assert_eq!(TieBreak::parse("most-coins"), TieBreak::most("coins"));
        assert_eq!(
            TieBreak::most("coins").map(|t| t.words()),
            Some("the most coins".into())
        );
        assert_eq!(
            TieBreak::most("tax-bonus").map(|t| t.words()),
            Some("the most tax bonus".into())
        );
    }

    #[test]
    fn misspelt_names_are_refused() {
        for text in [
            "",
            "most-",
            "most-Coins",
            "most-1x",
            "most-coins ",
            "most-a_b",
            "mostcoins",
            "largest",
            "most-abcdefghijklmnopqrstuvwxyz",
            "most-\u{1b}[31m",
        ] {
            assert_eq!(TieBreak::parse(text), None, "{text:?}");
            assert!(serde_json::from_str::<TieBreak>(&format!("{text:?}")).is_err());
        }
        let longest = format!("most-{}", "a".repeat(MAX_RESOURCE_NAME));
        assert!(TieBreak::parse(&longest).is_some());
    }
}

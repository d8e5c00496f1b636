//! Scoring: territories, bonuses, and the ranking with its tie-breaks.

use crate::kingdom::Kingdom;
use crate::ruleset::{MiddleKingdomReading, Rules, TieBreak};
use crate::side::{BySide, Side};
use crate::terrain::TerrainId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One territory's share of a score: squares times crowns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryScore {
    pub terrain: TerrainId,
    pub squares: u32,
    pub crowns: u32,
    pub points: u32,
}

/// A bonus (Harmony, Middle Kingdom, and later module bonuses), by its ruleset key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusScore {
    pub key: String,
    pub points: i32,
}

/// A kingdom's score, item by item.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreBreakdown {
    /// Every territory, crowned or not, terrain by terrain.
    pub territories: Vec<TerritoryScore>,
    /// Bonuses that were earned (a bonus not earned is not listed).
    pub bonuses: Vec<BonusScore>,
    pub total: i32,
    /// Squares of the largest territory (first tie-break).
    pub largest_territory: u32,
    /// Crowns in the kingdom (second tie-break).
    pub crowns: u32,
    /// The resources the rules' `most-RESOURCE` and `fewest-RESOURCE` tie-breaks compare, as the side holds them
    /// at the end (a resource no module of the ruleset keeps is 0).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub held: BTreeMap<String, u32>,
}

impl ScoreBreakdown {
    pub fn territory_points(&self) -> u32 {
        self.territories.iter().map(|t| t.points).sum()
    }

    pub fn bonus(&self, key: &str) -> Option<i32> {
        self.bonuses.iter().find(|b| b.key == key).map(|b| b.points)
    }

    /// List the bonus `key` worth `points` and add them to the total (a module's `score`). A
    /// key listed already gets a number (`wealth (2)`): each line keeps its own key, so the
    /// lines add up to the total and the statistics count each apart (a building named like
    /// another module's line, `wealth`, had merged with it).
    pub fn add_bonus(&mut self, key: impl Into<String>, points: i32) {
        let mut key = key.into();
        if self.bonus(&key).is_some() {
            let base = key.clone();
            let mut k = 2;
            while self.bonus(&key).is_some() {
                key = format!("{base} ({k})");
                k += 1;
            }
        }
        self.bonuses.push(BonusScore { key, points });
        self.total += points;
    }

    /// What `tie_break` compares of this kingdom: the largest territory's squares, the
    /// crowns, or the resource held at the end (more wins, or fewer: [`TieBreak::prefers_fewer`]).
    pub fn compared(&self, tie_break: &TieBreak) -> i64 {
        match tie_break {
            TieBreak::LargestTerritory => i64::from(self.largest_territory),
            TieBreak::MostCrowns | TieBreak::FewestCrowns => i64::from(self.crowns),
            TieBreak::Most(r) | TieBreak::Fewest(r) => {
                i64::from(self.held.get(r.as_str()).copied().unwrap_or(0))
            }
        }
    }
}

/// The bonus keys used in breakdowns and JSON.
pub const HARMONY: &str = "harmony";
pub const MIDDLE_KINGDOM: &str = "middle-kingdom";

/// A bonus's key in the rulebooks' words, for players (`Harmony`, `Middle Kingdom`); a key of
/// another bonus (a module's line, already in words) as it is.
pub fn bonus_words(key: &str) -> &str {
    match key {
        HARMONY => "Harmony",
        MIDDLE_KINGDOM => "Middle Kingdom",
        other => other,
    }
}

/// Score a kingdom under `rules`.
pub fn score_kingdom(kingdom: &Kingdom, rules: &Rules) -> ScoreBreakdown {
    let mut breakdown = ScoreBreakdown::default();
    score_kingdom_into(kingdom, rules, &mut breakdown);
    breakdown
}

/// [`score_kingdom`] into `out`, whose lists are cleared and reused (a tally over millions of
/// games scores each side of each into one breakdown).
pub fn score_kingdom_into(kingdom: &Kingdom, rules: &Rules, out: &mut ScoreBreakdown) {
    out.territories.clear();
    out.bonuses.clear();
    out.held.clear();
    let mut largest = 0;
    let territories = &mut out.territories;
    kingdom.for_each_territory(|t| {
        largest = largest.max(t.squares);
        territories.push(TerritoryScore {
            terrain: t.terrain,
            squares: t.squares,
            crowns: t.crowns,
            points: t.squares * t.crowns,
        });
    });
    let bonuses = &mut out.bonuses;
    for_each_bonus(kingdom, rules, |key, points| {
        bonuses.push(BonusScore {
            key: key.to_string(),
            points,
        });
    });
    out.total = out.territories.iter().map(|t| t.points as i32).sum::<i32>()
        + out.bonuses.iter().map(|b| b.points).sum::<i32>();
    out.largest_territory = largest;
    out.crowns = kingdom.crowns();
}

/// Whether the castle is in the middle of the kingdom under `reading`.
pub fn middle_kingdom(kingdom: &Kingdom, reading: MiddleKingdomReading) -> bool {
    match reading {
        MiddleKingdomReading::BoundingBox => kingdom.castle_centred_in_bounds(),
        MiddleKingdomReading::FullGrid => kingdom.castle_centred_in_full_grid(),
        MiddleKingdomReading::WithinHalfGrid => kingdom.within_half_grid_of_castle(),
    }
}

/// The total alone, without building the breakdown (the simulation hot path).
pub fn score_total(kingdom: &Kingdom, rules: &Rules) -> i32 {
    let mut total = kingdom.territory_points() as i32;
    for_each_bonus(kingdom, rules, |_, points| total += points);
    total
}

/// Call `f` with the key and points of every bonus of the base rules (Harmony, Middle Kingdom)
/// that `kingdom` earns, without allocating (modules add theirs in their own scoring).
pub fn for_each_bonus(kingdom: &Kingdom, rules: &Rules, mut f: impl FnMut(&'static str, i32)) {
    if let Some(points) = rules.harmony
        && kingdom.is_complete()
    {
        f(HARMONY, points);
    }
    if let Some(mk) = rules.middle_kingdom {
        let centred = middle_kingdom(kingdom, mk.reading);
        if centred {
            f(MIDDLE_KINGDOM, mk.points);
        }
    }
}

/// What decided first place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "tie-break")]
pub enum Decider {
    /// The winner has the highest score alone (or plays alone).
    Score,
    /// The winner was tied on score and this tie-break separated them.
    TieBreak(TieBreak),
    /// Still tied after every tie-break: the winners share the victory.
    Shared,
}

/// The result of a game: each side's breakdown, its place, and who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: BySide<ScoreBreakdown>,
    /// 1-based place of each side; tied sides share a place.
    pub places: BySide<u32>,
    /// The sides in first place.
    pub winners: Vec<Side>,
    pub decided_by: Decider,
}

/// Rank sides by score, then by the tie-breaks in order; sides equal on all of them share.
pub fn rank(scores: BySide<ScoreBreakdown>, tie_breaks: &[TieBreak]) -> Outcome {
    let key = |s: &ScoreBreakdown| -> Vec<i64> {
        let mut k = vec![i64::from(s.total)];
        for tb in tie_breaks {
            // (Higher ranks first: a count of which fewer wins, negated.)
            let n = s.compared(tb);
            k.push(if tb.prefers_fewer() { -n } else { n });
        }
        k
    };
    let keys: BySide<Vec<i64>> = scores.map(|_, s| key(s));
    let places: BySide<u32> = keys.map(|_, k| 1 + keys.values().filter(|o| *o > k).count() as u32);
    let winners: Vec<Side> = places
        .iter()
        .filter(|(_, p)| **p == 1)
        .map(|(s, _)| s)
        .collect();
    let decided_by = if winners.len() > 1 {
        Decider::Shared
    } else if let Some(&w) = winners.first() {
        // The closest rival on score: the first key where the winner pulls ahead of every side
        // tied with it so far.
        let mut tied: Vec<Side> = keys
            .sides()
            .filter(|&i| i != w && keys[i][0] == keys[w][0])
            .collect();
        let mut decider = Decider::Score;
        for (level, tb) in tie_breaks.iter().enumerate() {
            if tied.is_empty() {
                break;
            }
            decider = Decider::TieBreak(*tb);
            tied.retain(|&i| keys[i][level + 1] == keys[w][level + 1]);
        }
        decider
    } else {
        Decider::Shared
    };
    Outcome {
        scores,
        places,
        winners,
        decided_by,
    }
}

pub(crate) mod line;

#[cfg(test)]
mod tests;

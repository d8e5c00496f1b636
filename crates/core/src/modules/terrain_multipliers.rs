//! Terrain multipliers (a house rule): a territory of a terrain named here scores its squares
//! times its crowns times the multiplier (`multipliers = { lake = 2 }`: lakes' crowns count
//! double; `0` makes a terrain worth nothing, `-1` makes its crowns cost points); and a
//! territory of fewer squares than `min-squares` scores nothing (`min-squares = 2`: a lone
//! crowned square is worth nothing). The printed scoring is the engine's; this module adds the
//! difference, as a line of the score per terrain and one for the small territories.

use super::SideView;
use super::bounded::Bounded;
use super::describe::ScoreLine;
use super::mechanism::{CheckProblem, Mechanism, NoAction};
use super::state::NoState;
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainMultipliers {
    /// Each terrain's name and its multiplier, in name order.
    pub multipliers: Vec<(String, i32)>,
    /// The fewest squares a territory needs to score (1: every territory scores).
    pub min_squares: u32,
}

/// The parameters (`[rules.module.terrain-multipliers]`): `multipliers`, a table of terrain
/// names and whole numbers from -100 to 100.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct TerrainMultipliersParams {
    /// Each territory of the terrain scores squares x crowns x this (1: as printed).
    pub multipliers: BTreeMap<String, Bounded<-100, 100>>,
    /// A territory of fewer squares scores nothing, whatever its crowns and terrain (1: every
    /// territory scores, as printed).
    pub min_squares: Bounded<1, 64>,
}

impl Default for TerrainMultipliersParams {
    fn default() -> TerrainMultipliersParams {
        TerrainMultipliersParams {
            multipliers: BTreeMap::new(),
            min_squares: Bounded::of(1),
        }
    }
}

impl TerrainMultipliers {
    /// What the multipliers add to `side`'s score, per terrain named (in name order): the
    /// points of its territories large enough to score times the multiplier less one.
    fn extra(&self, side: SideView<'_>) -> Vec<(&str, i32, i64)> {
        self.multipliers
            .iter()
            .filter_map(|(name, m)| {
                let id = side.ruleset.terrain_by_name(name)?;
                let mut points: i64 = 0;
                side.kingdom.for_each_territory(|t| {
                    if t.terrain == id && t.squares >= self.min_squares {
                        points += Self::extra_of(*m, t.squares, t.crowns);
                    }
                });
                Some((name.as_str(), *m, points))
            })
            .collect()
    }

    /// What the territories too small to score take off `side`'s score: their printed points.
    fn too_small(&self, side: SideView<'_>) -> i64 {
        let mut points: i64 = 0;
        side.kingdom.for_each_territory(|t| {
            if t.squares < self.min_squares {
                points -= i64::from(t.squares) * i64::from(t.crowns);
            }
        });
        points
    }

    /// What multiplier `m` adds to a territory of `squares` squares and `crowns` crowns.
    #[inline]
    fn extra_of(m: i32, squares: u32, crowns: u32) -> i64 {
        i64::from(squares) * i64::from(crowns) * (i64::from(m) - 1)
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        super::clamp_line(self.extra(side).iter().map(|e| e.2).sum::<i64>() + self.too_small(side))
    }

    fn rule(&self) -> String {
        let small = match self.min_squares {
            0 | 1 => None,
            n => Some(format!(
                "a territory of fewer than {n} squares scores nothing"
            )),
        };
        if self.multipliers.is_empty() {
            return match small {
                Some(small) => format!("Small territories: {small}."),
                None => {
                    "Terrain multipliers: none given, every territory scores as printed.".into()
                }
            };
        }
        let each: Vec<String> = self
            .multipliers
            .iter()
            .map(|(name, m)| format!("{name} x{m}"))
            .collect();
        format!(
            "Terrain multipliers: a territory scores squares x crowns x its terrain's multiplier ({}){}.",
            each.join(", "),
            small.map_or_else(String::new, |s| format!("; {s}"))
        )
    }
}

impl Mechanism for TerrainMultipliers {
    const NAME: &'static str = "terrain-multipliers";
    type Params = TerrainMultipliersParams;
    type State = NoState;
    type Action = NoAction;

    fn new(p: TerrainMultipliersParams) -> TerrainMultipliers {
        TerrainMultipliers {
            multipliers: p
                .multipliers
                .into_iter()
                .map(|(name, m)| (name, m.as_i32()))
                .collect(),
            min_squares: p.min_squares.as_u32(),
        }
    }

    fn params(&self) -> TerrainMultipliersParams {
        TerrainMultipliersParams {
            multipliers: self
                .multipliers
                .iter()
                .map(|(name, m)| (name.clone(), Bounded::clamped(*m)))
                .collect(),
            min_squares: Bounded::clamped(self.min_squares),
        }
    }

    fn help(&self) -> Vec<String> {
        vec![self.rule()]
    }

    fn summary(&self) -> Option<String> {
        Some(self.rule())
    }

    fn setup(&self, _ctx: &mut super::SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        (!self.scores_territories()).then(|| {
            "no multiplier other than 1 and no `min-squares` past 1 are given, so every \
             territory scores as printed"
                .to_string()
        })
    }

    /// A `min-squares` no territory reaches: a kingdom of the count's grid holds at most its
    /// squares less the castle's, so every territory would score nothing.
    fn never_reached(
        &self,
        _ruleset: &Ruleset,
        rules: &Rules,
        _modules: &[Box<dyn super::Module>],
    ) -> Vec<CheckProblem> {
        let most = rules.most_squares();
        if self.min_squares <= most {
            return Vec::new();
        }
        vec![CheckProblem::at(
            "min-squares",
            format!(
                "no territory of {} has {} squares (at most {most} besides the castle), so every \
                 territory scores nothing",
                rules.a_kingdom(),
                self.min_squares
            ),
        )]
    }

    fn check(&self, ruleset: &Ruleset) -> Vec<CheckProblem> {
        // (Each name must be a terrain's, so there are at most as many as terrains.)
        self.multipliers
            .iter()
            .filter_map(|(name, _)| {
                let why = ruleset.terrain_named(name).err()?;
                // Named as its entry (`multipliers.lakes`), so a ruleset's check says it there.
                let entry = crate::text::excerpt(name);
                Some(CheckProblem::at(
                    "multipliers",
                    format!("`multipliers.{entry}`: {why}"),
                ))
            })
            .collect()
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(side))
    }

    fn scores_territories(&self) -> bool {
        self.multipliers.iter().any(|&(_, m)| m != 1) || self.min_squares > 1
    }

    fn territory_points(&self, terrain: &str, squares: u32, crowns: u32) -> i64 {
        if squares < self.min_squares {
            return -(i64::from(squares) * i64::from(crowns));
        }
        self.multipliers
            .iter()
            .find(|(name, _)| name == terrain)
            .map_or(0, |&(_, m)| Self::extra_of(m, squares, crowns))
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if self.multipliers.is_empty() && self.min_squares <= 1 {
            return;
        }
        breakdown.add_bonus(Self::NAME, self.points_of(side));
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(
            self.extra(side)
                .into_iter()
                // (A line for what changed: not `swamp territories x0 +0` where the kingdom has
                // no swamp, or none with crowns.)
                .filter(|&(_, m, extra)| m != 1 && extra != 0)
                // (A negative multiplier in brackets: `swamp territories x(-1) -8`, where
                // `x-1 -8` read as a sum.)
                .map(|(name, m, extra)| ScoreLine {
                    label: if m < 0 {
                        format!("{name} territories x({m})")
                    } else {
                        format!("{name} territories x{m}")
                    },
                    points: super::clamp_line(extra),
                    detail: None,
                    short: None,
                })
                // The small territories' printed points taken off, where they had any.
                .chain(
                    Some(self.too_small(side))
                        .filter(|&p| p != 0)
                        .map(|p| ScoreLine {
                            label: format!("territories under {} squares", self.min_squares),
                            points: super::clamp_line(p),
                            detail: None,
                            short: None,
                        }),
                )
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_in_words() {
        let m = TerrainMultipliers {
            multipliers: vec![("lake".into(), 2), ("mine".into(), 0)],
            min_squares: 1,
        };
        assert_eq!(
            m.rule(),
            "Terrain multipliers: a territory scores squares x crowns x its terrain's multiplier (lake x2, mine x0)."
        );
        let small = TerrainMultipliers {
            multipliers: Vec::new(),
            min_squares: 3,
        };
        assert_eq!(
            small.rule(),
            "Small territories: a territory of fewer than 3 squares scores nothing."
        );
        // A small territory loses its printed points, multiplied or not; a large one is
        // multiplied.
        let both = TerrainMultipliers {
            multipliers: vec![("lake".into(), 2)],
            min_squares: 3,
        };
        assert_eq!(both.territory_points("lake", 2, 3), -6);
        assert_eq!(both.territory_points("wheat", 1, 1), -1);
        assert_eq!(both.territory_points("lake", 3, 1), 3);
        assert_eq!(both.territory_points("wheat", 3, 1), 0);
        assert!(
            both.rule()
                .ends_with("; a territory of fewer than 3 squares scores nothing.")
        );
    }
}

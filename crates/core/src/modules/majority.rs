//! Majorities (a house rule): points for the kingdom that has the most of something, compared
//! between the kingdoms: the most crowns, the most squares of a terrain, the largest territory.
//! Each award of the list (`[[rules.module.majority.award]]`, `of = "crowns"`, `points = 5`)
//! goes to the kingdom with the most, at least one; kingdoms tied for the most each score it
//! (`ties = "each"`, the default) or none does (`ties = "nobody"`). The awards are decided at
//! the end of each round (the score shown during a round is as the last round left it) and
//! after the last, which the final score counts.

use super::bounded::{Bounded, BoundedList};
use super::describe::{Panel, PanelRow, ScoreLine};
use super::file::{Directive, FileSyntax};
use super::mechanism::{CheckProblem, Mechanism, NoAction};
use super::{
    Cx, CxMut, KingdomComparer, Module, ModuleState, SetupContext, SideEdit, SideView, Table,
};
use crate::Side;
use crate::TerrainId;
use crate::kingdom::Kingdom;
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};

/// The most awards a list holds.
pub const MAX_AWARDS: usize = 16;

/// `@most 2` in a kingdom file: the kingdom holds the list's second award (as the table
/// decided it: one kingdom alone cannot tell).
const MOST_LINE: Directive = Directive {
    word: "most",
    number: true,
    repeats: true,
    what: "an award the kingdom holds (its place in the list, from 1)",
};

/// The measures an award may compare besides a terrain's squares (`of`).
const MEASURES: [&str; 3] = ["crowns", "squares", "largest-territory"];

/// What an award compares between the kingdoms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The kingdom's crowns (`of = "crowns"`).
    Crowns,
    /// The kingdom's squares, castle aside (`of = "squares"`).
    Squares,
    /// The squares of its largest territory (`of = "largest-territory"`).
    LargestTerritory,
    /// Its squares of the terrain so named (`of = "forest"`).
    Terrain(String),
}

impl Measure {
    fn read(of: &str) -> Measure {
        match of {
            "crowns" => Measure::Crowns,
            "squares" => Measure::Squares,
            "largest-territory" => Measure::LargestTerritory,
            terrain => Measure::Terrain(terrain.to_string()),
        }
    }

    fn name(&self) -> &str {
        match self {
            Measure::Crowns => "crowns",
            Measure::Squares => "squares",
            Measure::LargestTerritory => "largest-territory",
            Measure::Terrain(t) => t,
        }
    }

    /// The award in words: `the most crowns`, `the most forest squares`.
    fn words(&self) -> String {
        match self {
            Measure::Crowns => "the most crowns".into(),
            Measure::Squares => "the most squares".into(),
            Measure::LargestTerritory => "the largest territory".into(),
            Measure::Terrain(t) => format!("the most {t} squares"),
        }
    }
}

/// One award, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub of: Measure,
    pub points: i32,
}

/// Who scores an award several kingdoms are tied for.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// Each kingdom tied for the most scores the award.
    #[default]
    Each,
    /// A tie for the most gives nobody the award.
    Nobody,
}

/// One award as the ruleset writes it (`[[rules.module.majority.award]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct AwardParams {
    /// What is compared: `"crowns"`, `"squares"`, `"largest-territory"` (its squares), or a
    /// terrain's name (its squares).
    #[schemars(length(min = 1, max = 40))]
    pub of: String,
    /// The points the kingdom with the most scores (negative: a penalty for the most).
    pub points: Bounded<-1000, 1000>,
}

/// The parameters (`[rules.module.majority]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct MajorityParams {
    /// Who scores an award kingdoms are tied for: `"each"` of them, or `"nobody"`.
    pub ties: Ties,
    /// The awards, at most 16.
    pub award: BoundedList<AwardParams, 0, MAX_AWARDS>,
}

impl Default for MajorityParams {
    fn default() -> MajorityParams {
        MajorityParams {
            ties: Ties::Each,
            award: BoundedList::truncated(Vec::new()),
        }
    }
}

/// The awards each kingdom holds, as the last round's end decided them: in a game by side (bit
/// `k` for the list's award `k`), in a kingdom file the kingdom's own (its `@most` lines).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MajorityState {
    /// Set up in a game: `won` goes by side.
    pub in_game: bool,
    pub won: Vec<u32>,
    /// A kingdom file's awards.
    pub file: u32,
}

impl ModuleState for MajorityState {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Majority {
    pub ties: Ties,
    pub awards: Vec<Award>,
}

impl Majority {
    /// The awards `side` holds, as bits.
    fn won(side: SideView<'_>) -> u32 {
        side.state::<MajorityState>().map_or(0, |s| {
            if s.in_game {
                s.won.get(side.side.index()).copied().unwrap_or(0)
            } else {
                s.file
            }
        })
    }

    /// The awards `won` holds, with their places in the list.
    fn held(&self, won: u32) -> impl Iterator<Item = (usize, &Award)> {
        self.awards
            .iter()
            .enumerate()
            .filter(move |(k, _)| *k < 32 && won & (1 << k) != 0)
    }

    /// Each award's terrain, where it compares a terrain's squares (as the ruleset numbers it).
    fn terrains(&self, ruleset: &Ruleset) -> Vec<Option<TerrainId>> {
        self.awards
            .iter()
            .map(|a| match &a.of {
                Measure::Terrain(name) => ruleset.terrain_by_name(name),
                _ => None,
            })
            .collect()
    }

    /// What each award compares, without names (a terrain's by `terrains`).
    fn kinds(&self) -> Vec<Kind> {
        self.awards.iter().map(|a| Kind::of(&a.of)).collect()
    }

    /// How much of what each award compares `kingdom` has: [`measures`].
    fn measures(&self, terrains: &[Option<TerrainId>], kingdom: &Kingdom) -> Vec<u32> {
        measures(&self.kinds(), terrains, kingdom)
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        super::clamp_line(
            self.held(Self::won(side))
                .map(|(_, a)| i64::from(a.points))
                .sum(),
        )
    }

    /// Each side's awards (bits) for kingdoms `kingdoms`: each award to the kingdoms with the
    /// most of it, at least one (all of them when tied, or none with `ties = "nobody"`).
    fn decide(&self, ruleset: &Ruleset, kingdoms: &[&Kingdom]) -> Vec<u32> {
        let terrains = self.terrains(ruleset);
        let measured: Vec<Vec<u32>> = kingdoms
            .iter()
            .map(|k| self.measures(&terrains, k))
            .collect();
        let mut won = vec![0u32; kingdoms.len()];
        for k in 0..self.awards.len().min(32) {
            for (i, w) in won.iter_mut().enumerate() {
                let others = measured
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, m)| m[k])
                    .max()
                    .unwrap_or(0);
                if holds(self.ties, measured[i][k], others) {
                    *w |= 1 << k;
                }
            }
        }
        won
    }

    fn rule(&self) -> String {
        if self.awards.is_empty() {
            return "Majorities: no award listed.".into();
        }
        let each: Vec<String> = self
            .awards
            .iter()
            .map(|a| format!("{} {:+}", a.of.words(), a.points))
            .collect();
        let ties = match self.ties {
            Ties::Each => "kingdoms tied for the most each score it",
            Ties::Nobody => "a tie for the most gives nobody the points",
        };
        format!(
            "Majorities: the kingdom with {} (at least one; {ties}; decided at the end of each round).",
            each.join(", ")
        )
    }
}

impl Mechanism for Majority {
    const NAME: &'static str = "majority";
    type Params = MajorityParams;
    type State = MajorityState;
    type Action = NoAction;

    fn new(p: MajorityParams) -> Majority {
        Majority {
            ties: p.ties,
            awards: p
                .award
                .as_slice()
                .iter()
                .map(|a| Award {
                    of: Measure::read(&a.of),
                    points: a.points.as_i32(),
                })
                .collect(),
        }
    }

    fn params(&self) -> MajorityParams {
        MajorityParams {
            ties: self.ties,
            award: BoundedList::truncated(
                self.awards
                    .iter()
                    .map(|a| AwardParams {
                        of: a.of.name().to_string(),
                        points: Bounded::clamped(a.points),
                    })
                    .collect(),
            ),
        }
    }

    fn help(&self) -> Vec<String> {
        vec![self.rule()]
    }

    fn summary(&self) -> Option<String> {
        Some(self.rule())
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Option<String> {
        (!self.awards.iter().any(|a| a.points != 0))
            .then(|| "its `award` list gives no points (none, or all 0)".to_string())
    }

    /// Each terrain named must be one of the ruleset's.
    fn check(&self, ruleset: &Ruleset) -> Vec<CheckProblem> {
        self.awards
            .iter()
            .enumerate()
            .filter_map(|(k, a)| {
                let Measure::Terrain(name) = &a.of else {
                    return None;
                };
                let why = ruleset.terrain_named(name).err()?;
                // A measure misspelt (`crown`, `largest`) before the terrains' nearest name.
                let meant = crate::text::closest(name, &MEASURES).or_else(|| {
                    MEASURES
                        .iter()
                        .find(|m| name.chars().count() >= 4 && m.starts_with(name.as_str()))
                        .copied()
                });
                let message = match meant {
                    Some(m) => format!(
                        "`award[{k}].of`: `{}` is neither a measure nor a terrain (did you mean \"{m}\"?)",
                        crate::text::excerpt(name)
                    ),
                    None => format!(
                        "`award[{k}].of`: {why} (or \"crowns\", \"squares\", \"largest-territory\")"
                    ),
                };
                Some(CheckProblem::at("award", message))
            })
            .collect()
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let sides = usize::from(ctx.sides);
        if let Some(state) = ctx.state_mut::<MajorityState>() {
            state.in_game = true;
            state.won = vec![0; sides];
        }
        Ok(())
    }

    fn has_end_round(&self) -> bool {
        true
    }

    fn end_round(&self, mut cx: CxMut<'_>) {
        let won = {
            let table = cx.table();
            let kingdoms: Vec<&Kingdom> = table.all_sides().map(|s| table.kingdom(s)).collect();
            self.decide(table.ruleset(), &kingdoms)
        };
        if let Some(state) = cx.state_mut::<MajorityState>() {
            state.won = won;
        }
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(side))
    }

    fn compares_kingdoms(&self) -> bool {
        !self.awards.is_empty()
    }

    /// The others' most of each award read once; a kingdom then measured once for all of them.
    fn kingdom_comparer(&self, table: Table<'_>, side: Side) -> Option<Box<dyn KingdomComparer>> {
        let terrains = self.terrains(table.ruleset());
        let mut others = vec![0u32; self.awards.len()];
        for s in table.all_sides().filter(|&s| s != side) {
            let measured = self.measures(&terrains, table.kingdom(s));
            for (best, m) in others.iter_mut().zip(measured) {
                *best = (*best).max(m);
            }
        }
        Some(Box::new(Comparer {
            ties: self.ties,
            kinds: self.kinds(),
            points: self.awards.iter().map(|a| a.points).collect(),
            terrains,
            others,
        }))
    }

    /// A **Majorities** panel: each award, who holds it as the last round's end decided (a
    /// side as [`super::describe::side_ref`] names it, which front ends name), and the most any
    /// kingdom has now, short for a narrow box (`+5 crowns 7: side 2`, `+4 largest 6: nobody
    /// yet`).
    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        if self.awards.is_empty() {
            return;
        }
        let table = cx.table();
        let won: &[u32] = cx.state::<MajorityState>().map_or(&[], |s| &s.won);
        // Each kingdom measured once for every award.
        let terrains = self.terrains(table.ruleset());
        let measured: Vec<Vec<u32>> = table
            .all_sides()
            .map(|s| self.measures(&terrains, table.kingdom(s)))
            .collect();
        let rows = self
            .awards
            .iter()
            .enumerate()
            .map(|(k, a)| {
                let holders: Vec<String> = won
                    .iter()
                    .enumerate()
                    .filter(|&(_, w)| k < 32 && w & (1 << k) != 0)
                    .map(|(side, _)| super::describe::side_ref(crate::Side(side as u8)))
                    .collect();
                let counts: Vec<u32> = measured.iter().map(|m| m[k]).collect();
                let most = counts.iter().copied().max().unwrap_or(0);
                let tied = counts.iter().filter(|&&c| c == most).count() > 1;
                let who = match (holders.is_empty(), self.ties) {
                    (false, _) => holders.join(", "),
                    // (`ties = "nobody"`: a tie for the most gives nobody the award.)
                    (true, Ties::Nobody) if most > 0 && tied => "tied, nobody".to_string(),
                    (true, _) => "nobody yet".to_string(),
                };
                let what = match &a.of {
                    Measure::LargestTerritory => "largest",
                    other => other.name(),
                };
                PanelRow::text(format!("{:+} {what} {most}: {who}", a.points))
            })
            .collect();
        out.push(Panel {
            title: "Majorities".into(),
            rows,
        });
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if self.awards.is_empty() {
            return;
        }
        breakdown.add_bonus(Self::NAME, self.points_of(side));
    }

    /// `the most crowns +5`, a line for each award the kingdom holds.
    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(
            self.held(Self::won(side))
                .map(|(_, a)| ScoreLine {
                    label: a.of.words(),
                    points: a.points,
                    detail: None,
                    short: None,
                })
                .collect(),
        )
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[MOST_LINE],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        let place = super::file::list_place(MOST_LINE.word, value, self.awards.len(), "awards")?;
        if let Some(state) = edit.state_mut::<MajorityState>() {
            state.file |= 1 << place;
        }
        Ok(())
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        for (k, _) in self.held(Self::won(side)) {
            out.push((MOST_LINE.word, u32::try_from(k + 1).ok()));
        }
    }
}

/// What an award compares, without names: a terrain's squares by the id its ruleset gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Crowns,
    Squares,
    LargestTerritory,
    Terrain,
}

impl Kind {
    fn of(measure: &Measure) -> Kind {
        match measure {
            Measure::Crowns => Kind::Crowns,
            Measure::Squares => Kind::Squares,
            Measure::LargestTerritory => Kind::LargestTerritory,
            Measure::Terrain(_) => Kind::Terrain,
        }
    }
}

/// How much of what each award (`kinds`, `terrains`: each one's terrain where it compares a
/// terrain's squares; a terrain the ruleset lacks counts 0) `kingdom` has, in one pass over its
/// territories.
fn measures(kinds: &[Kind], terrains: &[Option<TerrainId>], kingdom: &Kingdom) -> Vec<u32> {
    let mut out = vec![0u32; kinds.len()];
    let (mut squares, mut largest) = (0, 0);
    kingdom.for_each_territory(|t| {
        squares += t.squares;
        largest = largest.max(t.squares);
        for (o, id) in out.iter_mut().zip(terrains) {
            if *id == Some(t.terrain) {
                *o += t.squares;
            }
        }
    });
    for (o, kind) in out.iter_mut().zip(kinds) {
        match kind {
            Kind::Crowns => *o = kingdom.crowns(),
            Kind::Squares => *o = squares,
            Kind::LargestTerritory => *o = largest,
            Kind::Terrain => {}
        }
    }
    out
}

/// Whether a kingdom with `mine` of an award holds it beside others whose most is `others`:
/// the most, at least one, a tie holding it only under `ties = "each"`.
fn holds(ties: Ties, mine: u32, others: u32) -> bool {
    mine > 0 && (mine > others || (mine == others && ties == Ties::Each))
}

/// [`Majority::kingdom_comparer`]'s: the others' most of each award, read once.
struct Comparer {
    ties: Ties,
    kinds: Vec<Kind>,
    points: Vec<i32>,
    terrains: Vec<Option<TerrainId>>,
    others: Vec<u32>,
}

impl KingdomComparer for Comparer {
    fn points(&self, kingdom: &Kingdom) -> i64 {
        let mine = measures(&self.kinds, &self.terrains, kingdom);
        self.points
            .iter()
            .zip(mine.iter().zip(&self.others))
            .filter(|(_, (m, o))| holds(self.ties, **m, **o))
            .map(|(p, _)| i64::from(*p))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_in_words() {
        let m = Majority {
            ties: Ties::Each,
            awards: vec![
                Award {
                    of: Measure::Crowns,
                    points: 5,
                },
                Award {
                    of: Measure::Terrain("forest".into()),
                    points: 3,
                },
            ],
        };
        assert_eq!(
            m.rule(),
            "Majorities: the kingdom with the most crowns +5, the most forest squares +3 (at least one; kingdoms tied for the most each score it; decided at the end of each round)."
        );
    }
}

//! Claim order (a house rule): points at the end, and coins at the start, by the place a side
//! claimed the first line in, the first claimer's first. The balance lab shows the first
//! player's advantage by that place (`simulate`, `compare`); this evens it out without code:
//! `points = [0, 1, 2, 3]` gives the last to claim 3 points.

use super::bounded::BoundedList;
use super::by_position;
use super::describe::{ScoreLine, ordinal};
use super::file::{Directive, FileSyntax, TableProblem, TableView};
use super::mechanism::{Mechanism, NoAction};
use super::state::NoState;
use super::{CheckProblem, Module, Res, SetupContext, SideEdit, SideView};
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};

/// What claim order keeps ([`Module::declare`](super::Module::declare)).
const DECLARATION: super::Declaration = super::Declaration {
    provides: &["claim-place"],
    reads: &["coins"],
    ..super::Declaration::NONE
};

/// A side's place in the first claims, from 1 (0: not known, as in a kingdom file without it).
const PLACE: Res = DECLARATION.res_of("claim-place");
const COINS: Res = DECLARATION.res_of("coins");

/// `@claim-place 2` in a kingdom file: the side claimed the first line second.
const PLACE_LINE: Directive = Directive {
    word: "claim-place",
    number: true,
    repeats: false,
    what: "place in the first claims",
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimOrder {
    pub points: Vec<i32>,
    pub coins: Vec<u32>,
}

/// The claim order's parameters (`[rules.module.claim-order]`): each list by place, the first
/// claimer's first; a place past a list's end gets nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct ClaimOrderParams {
    /// Points at the end by the place the side claimed the first line in (negative: a penalty).
    pub points: by_position::PointsList,
    /// Coins at the start by that place (with a module that keeps coins: `wealth`, `knights`).
    pub coins: by_position::CoinsList,
}

impl Default for ClaimOrderParams {
    fn default() -> ClaimOrderParams {
        ClaimOrderParams {
            points: BoundedList::truncated(Vec::new()),
            coins: BoundedList::truncated(Vec::new()),
        }
    }
}

impl ClaimOrder {
    /// The place of `side` (from 1), if known.
    fn place(side: SideView<'_>) -> Option<usize> {
        usize::try_from(side.get(PLACE)).ok().filter(|&p| p > 0)
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        Self::place(side)
            .and_then(|p| self.points.get(p - 1))
            .copied()
            .unwrap_or(0)
    }

    /// `0, 1, 2 and 3 points for the 1st to 4th to claim`.
    fn by_place(values: &[String], unit: &str) -> String {
        let last = values.len();
        format!(
            "{} {unit} for the {} to claim",
            values.join(", "),
            if last == 1 {
                "1st".to_string()
            } else {
                format!("1st to {}", ordinal(last))
            }
        )
    }

    fn rule(&self) -> String {
        let mut parts = Vec::new();
        if !self.points.is_empty() {
            let v: Vec<String> = self.points.iter().map(i32::to_string).collect();
            parts.push(format!("{} at the end", Self::by_place(&v, "points")));
        }
        if !self.coins.is_empty() {
            let v: Vec<String> = self.coins.iter().map(u32::to_string).collect();
            parts.push(format!("{} at the start", Self::by_place(&v, "coins")));
        }
        if parts.is_empty() {
            "Claim order: nothing given by the place in the first claims.".into()
        } else {
            format!(
                "Claim order, by the place a side claimed the first line in: {}.",
                parts.join("; ")
            )
        }
    }
}

impl Mechanism for ClaimOrder {
    const NAME: &'static str = "claim-order";
    type Params = ClaimOrderParams;
    type State = NoState;
    type Action = NoAction;

    fn new(p: ClaimOrderParams) -> ClaimOrder {
        ClaimOrder {
            points: by_position::points_of(&p.points),
            coins: by_position::coins_of(&p.coins),
        }
    }

    fn params(&self) -> ClaimOrderParams {
        ClaimOrderParams {
            points: by_position::points_list(&self.points),
            coins: by_position::coins_list(&self.coins),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn help(&self) -> Vec<String> {
        vec![self.rule()]
    }

    fn summary(&self) -> Option<String> {
        Some(self.rule())
    }

    fn can_add(&self, _ruleset: &Ruleset, resource: &str) -> bool {
        resource == "coins" && self.coins.iter().any(|&c| c > 0)
    }

    /// It only adds coins, at the start; nothing it does depends on them.
    fn takes(&self, _resource: &str) -> bool {
        false
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Option<String> {
        // The place itself may decide ties (`most-claim-place`, `fewest-claim-place`), or
        // another module read it:
        // then it does something.
        let ranked = rules.tie_breaks_read("claim-place")
            || modules.iter().any(|m| {
                let d = m.declare();
                m.name() != Self::NAME && d.uses.iter().chain(d.reads).any(|&r| r == "claim-place")
            });
        let gives = by_position::gives(&self.points, &self.coins);
        (!gives && !ranked).then(|| {
            "its `points` and `coins` give nothing (none, or all 0), so no place changes anything"
                .to_string()
        })
    }

    fn never_counts(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        by_position::coins_unkept(Self::NAME, &self.coins, modules)
    }

    /// A list longer than the kingdoms of the ruleset's largest count: its last values are for
    /// places no side ever claims in (`points = [0, 1, 2, 3, 4, 5]` for at most 4 players).
    fn never_reached(
        &self,
        ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        let most = usize::from(ruleset.most_sides());
        by_position::too_long(
            [("points", self.points.len()), ("coins", self.coins.len())],
            most,
            "places",
            ("kingdom", "kingdoms"),
        )
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        for side in crate::Side::all(ctx.sides) {
            let Some(place) = ctx.first_claim_place(side) else {
                continue;
            };
            ctx.set(side, PLACE, u32::try_from(place + 1).unwrap_or(0));
            if let Some(&coins) = self.coins.get(place) {
                let held = ctx.get(side, COINS);
                ctx.set(side, COINS, held.saturating_add(coins));
            }
        }
        Ok(())
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(side))
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if self.points.is_empty() {
            return;
        }
        breakdown.add_bonus(Self::NAME, self.points_of(side));
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        if self.points.is_empty() {
            return Some(Vec::new());
        }
        let label = match Self::place(side) {
            Some(p) => format!("claimed {} in the first line", ordinal(p)),
            None => "claim order (place unknown)".to_string(),
        };
        Some(vec![ScoreLine {
            label,
            points: self.points_of(side),
            detail: None,
            short: None,
        }])
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[PLACE_LINE],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        let place = value.unwrap_or(0);
        if place == 0 || place > 16 {
            return Err(format!(
                "`@claim-place` takes the place in the first claims, from 1 to 16, not {place}"
            ));
        }
        edit.set(PLACE, place);
        Ok(())
    }

    /// A place is a side's first king's among the sides (A B B A makes A 1st, B 2nd), so a
    /// table of N kingdoms has places 1 to N, each kingdom its own.
    fn check_table(&self, table: &TableView<'_>) -> Vec<TableProblem> {
        by_position::each_its_own(
            table,
            PLACE_LINE.word,
            Self::place,
            |place, table_of, sides| {
                format!(
                    "`@claim-place {place}`, but a table of {table_of} has places 1 to {sides} in \
                     the first claims"
                )
            },
            |place, first, sides, table_of| {
                format!(
                    "`@claim-place {place}`: `{first}` claimed {} too, but each kingdom has a \
                     place of its own in the first claims (1 to {sides} at a table of \
                     {table_of})",
                    ordinal(place),
                )
            },
        )
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        if let Some(p) = Self::place(side) {
            out.push(("claim-place", u32::try_from(p).ok()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }

    #[test]
    fn the_rule_in_words() {
        let m = ClaimOrder {
            points: vec![0, 1, 2, 3],
            coins: vec![],
        };
        assert_eq!(
            m.rule(),
            "Claim order, by the place a side claimed the first line in: 0, 1, 2, 3 points for the 1st to 4th to claim at the end."
        );
    }
}

//! Coins and wealth (Queendomino): every side starts with `starting-coins` (7) and scores one
//! point per `coins-per-point` (3) coins left at the end. The bank is unlimited.

use super::describe::{self, ScoreLine};
use super::file::FileSyntax;
use super::mechanism::{Mechanism, NoAction, ParamProblem, check_range};
use super::state::NoState;
use super::{Res, SetupContext, SideEdit, SideView};
use crate::ruleset::Rules;
use crate::score::{BonusScore, ScoreBreakdown};
use serde::{Deserialize, Serialize};

/// A side's coins.
const COINS: Res = Res(0);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wealth {
    pub starting_coins: u32,
    pub coins_per_point: u32,
}

/// The wealth module's parameters, as a ruleset gives them (`[rules.module.wealth]`): every key
/// optional, defaults from `Default`, ranges checked by `validate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct WealthParams {
    /// Coins each side starts with.
    #[cfg_attr(feature = "schema", schemars(range(min = 0, max = 1_000_000)))]
    pub starting_coins: i64,
    /// Coins left at the end for one point.
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 1_000_000)))]
    pub coins_per_point: i64,
}

impl Default for WealthParams {
    fn default() -> WealthParams {
        WealthParams {
            starting_coins: 7,
            coins_per_point: 3,
        }
    }
}

impl Wealth {
    fn points_of(&self, side: SideView<'_>) -> i32 {
        (side.get(COINS) / self.coins_per_point.max(1)) as i32
    }
}

impl Mechanism for Wealth {
    const NAME: &'static str = "wealth";
    type Params = WealthParams;
    type State = NoState;
    type Action = NoAction;

    fn new(p: WealthParams) -> Wealth {
        Wealth {
            starting_coins: p.starting_coins as u32,
            coins_per_point: p.coins_per_point as u32,
        }
    }

    fn params(&self) -> WealthParams {
        WealthParams {
            starting_coins: self.starting_coins.into(),
            coins_per_point: self.coins_per_point.into(),
        }
    }

    fn validate(p: &WealthParams) -> Vec<ParamProblem> {
        let mut out = Vec::new();
        check_range(&mut out, "starting-coins", p.starting_coins, 0..=1_000_000);
        check_range(
            &mut out,
            "coins-per-point",
            p.coins_per_point,
            1..=1_000_000,
        );
        out
    }

    fn declare(&self) -> super::Declaration {
        super::Declaration {
            provides: &["coins"],
            ..super::Declaration::default()
        }
    }

    fn help(&self) -> &'static [&'static str] {
        &["Coins: every 3 coins left at the end score 1 point."]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Coins: every 3 left at the end score 1 point.")
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(self.score_lines_of(_rules, side))
    }

    fn can_add(&self, _ruleset: &crate::ruleset::Ruleset, resource: &str) -> bool {
        // Coins to start with; the rest of the game it only counts them.
        resource == "coins" && self.starting_coins > 0
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.set_all(COINS, self.starting_coins);
        Ok(())
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(side))
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[super::knights::COINS_LINE],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        edit.add(COINS, value.unwrap_or(0));
        Ok(())
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        let coins = side.get(COINS);
        if coins > 0 {
            out.push(("coins", Some(coins)));
        }
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        let points = self.points_of(side);
        breakdown.bonuses.push(BonusScore {
            key: "wealth".into(),
            points,
        });
        breakdown.total += points;
    }
}

impl Wealth {
    fn score_lines_of(&self, _rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        vec![ScoreLine {
            label: format!(
                "{} ({} a point)",
                describe::plural(side.get(COINS), "coin", "coins"),
                self.coins_per_point
            ),
            points: self.points_of(side),
        }]
    }
}

//! Coins and wealth (Queendomino): every side starts with `starting-coins` (7) and scores one
//! point per `coins-per-point` (3) coins left at the end. The bank is unlimited.

use super::describe::{self, ScoreLine};
use super::file::FileSyntax;
use super::{
    Module, ModuleError, ModuleSpec, Param, Params, Res, SetupContext, SideEdit, SideView,
};
use crate::ruleset::Rules;
use crate::score::{BonusScore, ScoreBreakdown};

/// A side's coins.
const COINS: Res = Res(0);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wealth {
    pub starting_coins: u32,
    pub coins_per_point: u32,
}

impl Wealth {
    pub fn from_params(p: &Params) -> Result<Wealth, ModuleError> {
        p.only(&["starting-coins", "coins-per-point"])?;
        Ok(Wealth {
            starting_coins: p.int("starting-coins", 7, 0..=1_000_000)?,
            coins_per_point: p.int("coins-per-point", 3, 1..=1_000_000)?,
        })
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        (side.get(COINS) / self.coins_per_point.max(1)) as i32
    }
}

impl Module for Wealth {
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

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        vec![ScoreLine {
            label: format!(
                "{} ({} a point)",
                describe::plural(side.get(COINS), "coin", "coins"),
                self.coins_per_point
            ),
            points: self.points_of(side),
        }]
    }

    fn name(&self) -> &'static str {
        "wealth"
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new("wealth");
        s.params.insert(
            "starting-coins".into(),
            Param::Int(self.starting_coins.into()),
        );
        s.params.insert(
            "coins-per-point".into(),
            Param::Int(self.coins_per_point.into()),
        );
        s
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.set_all(COINS, self.starting_coins);
        Ok(())
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> i32 {
        self.points_of(side)
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

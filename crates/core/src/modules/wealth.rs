//! Coins and wealth (Queendomino): every side starts with `starting-coins` (7) and scores one
//! point per `coins-per-point` (3) coins left at the end. The bank is unlimited.

use super::bounded::Bounded;
use super::describe::{self, ScoreLine};
use super::file::FileSyntax;
use super::mechanism::{Mechanism, NoAction};
use super::state::NoState;
use super::{Res, SetupContext, SideEdit, SideView};
use crate::ruleset::Rules;
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};

/// What wealth keeps ([`Module::declare`](super::Module::declare)).
const DECLARATION: super::Declaration = super::Declaration {
    provides: &["coins"],
    ..super::Declaration::NONE
};

/// A side's coins.
const COINS: Res = DECLARATION.res_of("coins");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wealth {
    pub starting_coins: u32,
    pub coins_per_point: u32,
}

/// The wealth module's parameters, as a ruleset gives them (`[rules.module.wealth]`): every key is
/// optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct WealthParams {
    /// Coins each side starts with.
    pub starting_coins: Bounded<0, 1_000_000>,
    /// Coins left at the end for one point.
    pub coins_per_point: Bounded<1, 1_000_000>,
}

impl Default for WealthParams {
    fn default() -> WealthParams {
        WealthParams {
            starting_coins: Bounded::of(7),
            coins_per_point: Bounded::of(3),
        }
    }
}

impl Wealth {
    /// The scoring rule with this ruleset's rate.
    fn rule(&self) -> String {
        match self.coins_per_point {
            1 => "Coins: every coin left at the end scores 1 point.".into(),
            n => format!("Coins: every {n} coins left at the end score 1 point."),
        }
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        super::clamp_line(i64::from(side.get(COINS) / self.coins_per_point.max(1)))
    }
}

impl Mechanism for Wealth {
    const NAME: &'static str = "wealth";
    type Params = WealthParams;
    type State = NoState;
    type Action = NoAction;

    fn new(p: WealthParams) -> Wealth {
        Wealth {
            starting_coins: p.starting_coins.as_u32(),
            coins_per_point: p.coins_per_point.as_u32(),
        }
    }

    fn params(&self) -> WealthParams {
        WealthParams {
            starting_coins: Bounded::clamped(self.starting_coins),
            coins_per_point: Bounded::clamped(self.coins_per_point),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn resource_stat(&self, resource: &str, value: u32) -> Option<super::describe::Stat> {
        (resource == "coins").then(|| super::describe::coins_stat(value))
    }

    fn help(&self) -> Vec<String> {
        vec![self.rule()]
    }

    fn summary(&self) -> Option<String> {
        Some(self.rule())
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(self.score_lines_of(_rules, side))
    }

    fn can_add(&self, _ruleset: &crate::ruleset::Ruleset, resource: &str) -> bool {
        // Coins to start with; the rest of the game it only counts them.
        resource == "coins" && self.starting_coins > 0
    }

    fn never_counts(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        _rules: &Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<String> {
        // Coins nothing else gives nor spends: every side ends with what it started with.
        if super::anyone_adds(modules, ruleset, "coins", Self::NAME)
            || super::anyone_takes(modules, "coins", Self::NAME)
        {
            return Vec::new();
        }
        let points = self.starting_coins / self.coins_per_point.max(1);
        vec![format!(
            "no other module of `modules` gives or spends coins, so every side ends with its {} \
             starting coins and wealth scores {} for every side: it never tells sides apart \
             (`knights` bring coins by tax, `buildings` spend them)",
            self.starting_coins,
            describe::plural(i64::from(points), "point", "points")
        )]
    }

    /// Starting coins that score the most a line holds ([`super::MAX_LINE_POINTS`]): no coin
    /// gained ever adds a point (said by [`Mechanism::never_counts`] where nothing gives or
    /// spends coins: then no coin is ever gained or spent).
    fn never_reached(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        _rules: &Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<super::CheckProblem> {
        let per = self.coins_per_point.max(1);
        let points = i64::from(self.starting_coins / per);
        let max = i64::from(super::MAX_LINE_POINTS);
        let gives = super::anyone_adds(modules, ruleset, "coins", Self::NAME);
        let spends = super::anyone_takes(modules, "coins", Self::NAME);
        if points < max || !(gives || spends) {
            return Vec::new();
        }
        let spent = if spends {
            "; only coins spent take points away"
        } else {
            ", so coins never change the score"
        };
        vec![super::CheckProblem::at(
            "starting-coins",
            format!(
                "the {} starting coins already score {points} points, the most one score line \
                 holds: no coin gained ever adds a point{spent} (give fewer than {} \
                 `starting-coins`, so that coins gained count)",
                self.starting_coins,
                max.saturating_mul(i64::from(per))
            ),
        )]
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        // Added to what a module listed earlier gave (`claim-order`'s coins by place), not set
        // over it: the list's order does not matter.
        for side in crate::Side::all(ctx.sides) {
            let held = ctx.get(side, COINS);
            ctx.set(side, COINS, held.saturating_add(self.starting_coins));
        }
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
        breakdown.add_bonus("wealth", self.points_of(side));
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
            detail: None,
            short: Some(format!("{}¢", side.get(COINS))),
        }]
    }
}

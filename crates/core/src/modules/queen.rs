//! The Queen (Queendomino). The kingdom with the most towers hosts her, ties included: a kingdom
//! that reaches the top tower count takes her from the current host (see
//! [`Economy::tower_gained`](super::Economy::tower_gained)). Her host pays `discount` (1) less per
//! building and may not bribe the Dragon. At the end, her host puts her on their largest
//! territory (most squares, towns included) as one more crown; between territories of equal size
//! she goes where she adds the most, which is the same for all of them.

use super::describe::{Panel, ScoreLine, Stat};
use super::{Module, ModuleError, ModuleSpec, Param, Params, SetupContext, SideView};
use crate::game::Game;
use crate::ruleset::Rules;
use crate::score::ScoreBreakdown;
use crate::side::Side;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queen {
    pub discount: u32,
}

impl Queen {
    pub fn from_params(p: &Params) -> Result<Queen, ModuleError> {
        p.only(&["discount"])?;
        Ok(Queen {
            discount: p.int("discount", 1, 0..=100)?,
        })
    }
}

impl Module for Queen {
    fn declare(&self) -> super::Declaration {
        super::Declaration {
            provides: &["queen-host", "discount"],
            uses: &["towers"],
            ..super::Declaration::default()
        }
    }

    fn help(&self) -> &'static [&'static str] {
        &[
            "Queen: the kingdom with the most towers hosts her: 1 coin off buildings, no Dragon.",
            "At the end she is one more crown on her host's largest territory.",
        ]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Queen: the most towers host her: 1 coin off buildings, +1 crown at the end.")
    }

    fn panels(&self, game: &Game, out: &mut Vec<Panel>) {
        let host = game.economy().queen_host();
        out.push(Panel {
            title: "Queen".into(),
            // One short row (a front end shows it in a narrow box): where she is, and her
            // host's discount on buildings.
            rows: vec![match host {
                Some(side) => format!("side {}, -{}¢", side.index() + 1, self.discount),
                None => format!("centre, -{}¢ to host", self.discount),
            }],
        });
    }

    fn side_stats(&self, game: &Game, side: Side, out: &mut Vec<Stat>) {
        if game
            .economy()
            .sides
            .get(side)
            .is_some_and(|h| h.hosts_queen)
        {
            out.push(Stat {
                long: "Queen".into(),
                short: "Q".into(),
            });
        }
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        if !side.holdings.hosts_queen {
            return Vec::new();
        }
        vec![ScoreLine {
            label: "the Queen's crown".into(),
            points: side.kingdom.largest_territory() as i32,
        }]
    }

    fn idle(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        rules: &crate::ruleset::Rules,
    ) -> Option<String> {
        let towers = super::has_module(rules, "buildings")
            && ruleset.buildings().iter().any(|b| b.towers > 0);
        (!towers).then(|| "no building can give towers, so no one ever hosts the Queen".to_string())
    }

    fn name(&self) -> &'static str {
        "queen"
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new("queen");
        s.params
            .insert("discount".into(), Param::Int(self.discount.into()));
        s
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.economy.queen_in_play = true;
        ctx.economy.queen_discount = self.discount;
        Ok(())
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> i32 {
        // One more crown on the largest territory: its size in points.
        if side.holdings.hosts_queen {
            side.kingdom.largest_territory() as i32
        } else {
            0
        }
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if !side.holdings.hosts_queen {
            return;
        }
        // The first of the largest territories (all of equal size gain the same).
        let Some(t) = breakdown
            .territories
            .iter_mut()
            .reduce(|best, t| if t.squares > best.squares { t } else { best })
        else {
            return;
        };
        t.crowns += 1;
        t.points += t.squares;
        breakdown.total += t.squares as i32;
        breakdown.crowns += 1;
    }
}

#[cfg(test)]
mod tests;

//! Knights and tax (Queendomino, action B).
//!
//! After placing a domino, the player may send up to `per-turn` knights (2) to collect tax, one
//! per square of the domino just placed: each knight collects as many coins as the squares of the
//! territory it stands on, counted after the placement. Knights stay where they are for the rest
//! of the game and may share a territory with others. A discarded domino gives no tax: nothing
//! was just placed. Every side starts with `starting` knights (1) from a supply of `supply` (22).
//! A house rule may pay `coins-per-square` coins (1) for each square of the taxed territory.

use super::describe::{self, CellMark, ChoiceView, Stat};
use super::{Economy, Module, ModuleError, ModuleSpec, Param, Params, SetupContext, SideView};
use crate::building::TaxBonus;
use crate::game::{Action, Game, IllegalAction};
use crate::side::Side;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knights {
    pub starting: u32,
    pub per_turn: u32,
    pub supply: u32,
    /// Coins a knight collects for each square of its territory.
    pub coins_per_square: u32,
}

impl Knights {
    pub fn from_params(p: &Params) -> Result<Knights, ModuleError> {
        p.only(&["starting", "per-turn", "supply", "coins-per-square"])?;
        Ok(Knights {
            starting: p.int("starting", 1, 0..=100)?,
            per_turn: p.int("per-turn", 2, 0..=2)?,
            supply: p.int("supply", 22, 0..=1000)?,
            coins_per_square: p.int("coins-per-square", 1, 0..=100)?,
        })
    }
}

impl Knights {
    /// The squares of the domino just placed that `side` may still tax, as bits (first = 1,
    /// second = 2).
    fn open_squares(&self, game: &Game, side: Side) -> u32 {
        if game.turn_placement().is_none() {
            return 0;
        }
        let e = game.economy();
        let taxed = e.taxed_this_turn;
        let used = taxed.iter().filter(|t| **t).count() as u32;
        if e.sides[side].knights_in_hand == 0 || used >= self.per_turn {
            return 0;
        }
        u32::from(!taxed[0]) | u32::from(!taxed[1]) << 1
    }
}

impl Module for Knights {
    fn declare(&self) -> super::Declaration {
        super::Declaration {
            provides: &["knights", "coins"],
            reads: &["tax-bonus"],
            ..super::Declaration::default()
        }
    }

    fn title(&self) -> String {
        "Tax".to_string()
    }

    fn help(&self) -> &'static [&'static str] {
        &[
            "Tax: send a knight from your hand onto a square of the domino just placed.",
            "It collects 1 coin per square of that square's territory (plus your buildings' tax bonuses).",
            "Knights stay for the rest of the game; at most two a turn, one per square.",
        ]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Tax: a knight on a square just placed earns its territory's size in coins.")
    }

    fn prompt(&self, game: &Game, side: Side) -> String {
        let hand = game
            .economy()
            .sides
            .get(side)
            .map_or(0, |h| h.knights_in_hand);
        format!(
            "Tax: send a knight onto a square of the domino just placed ({} in hand).",
            describe::plural(hand, "knight", "knights")
        )
    }

    fn describe_choice(&self, game: &Game, side: Side, action: Action) -> Option<ChoiceView> {
        let Action::Tax { square } = action else {
            return None;
        };
        let p = game.turn_placement()?;
        let cell = if square == 0 { p.first } else { p.second() };
        let kingdom = game.kingdom(side);
        let territory = kingdom.territory_at(cell)?;
        let terrain = describe::terrain_name(game.ruleset(), territory.terrain);
        let coins = describe::coins_change(game, action).unwrap_or(0);
        let mut cells = vec![cell];
        cells.extend(
            kingdom
                .territory_cells(cell)
                .into_iter()
                .filter(|c| *c != cell),
        );
        let size = describe::plural(territory.squares, "square", "squares");
        let bonus = coins - i64::from(territory.squares);
        Some(ChoiceView {
            action,
            text: format!("Tax {terrain} at {},{}: {size}, +{coins}¢", cell.x, cell.y),
            detail: format!(
                "A knight stays on the {terrain} square at {},{}; its territory of {size} brings {}¢{}.",
                cell.x,
                cell.y,
                territory.squares,
                if bonus > 0 {
                    format!(" and the buildings' tax bonus {bonus}¢, {coins}¢ in all")
                } else {
                    String::new()
                }
            ),
            cost: Some("1 knight".into()),
            gives: Some(format!("+{coins}¢")),
            cells,
            row: None,
        })
    }

    fn side_stats(&self, game: &Game, side: Side, out: &mut Vec<Stat>) {
        let Some(h) = game.economy().sides.get(side) else {
            return;
        };
        // Knights in hand are what the tax step can send; placed ones are drawn on the kingdom.
        let hand = h.knights_in_hand;
        out.push(Stat {
            long: format!("{} in hand", describe::plural(hand, "knight", "knights")),
            short: format!("{hand}kn"),
        });
    }

    fn cell_marks(&self, game: &Game, side: Side, out: &mut Vec<CellMark>) {
        if let Some(h) = game.economy().sides.get(side) {
            out.extend(h.knights_placed.iter().map(|&cell| CellMark {
                cell,
                symbol: 'k',
                what: "knight".into(),
            }));
        }
    }

    fn name(&self) -> &'static str {
        "knights"
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new("knights");
        s.params
            .insert("starting".into(), Param::Int(self.starting.into()));
        s.params
            .insert("per-turn".into(), Param::Int(self.per_turn.into()));
        s.params
            .insert("supply".into(), Param::Int(self.supply.into()));
        s.params.insert(
            "coins-per-square".into(),
            Param::Int(self.coins_per_square.into()),
        );
        s
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let (economy, sides) = (&mut *ctx.economy, ctx.sides);
        let needed = self.starting.saturating_mul(sides as u32);
        if needed > self.supply {
            return Err(format!(
                "{sides} sides starting with {} knights need {needed}, but the supply holds {}",
                self.starting, self.supply
            ));
        }
        economy.knight_supply = self.supply - needed;
        for side in economy.sides.values_mut() {
            side.knights_in_hand = self.starting;
        }
        Ok(())
    }

    fn idle(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        rules: &crate::ruleset::Rules,
    ) -> Option<String> {
        if self.per_turn == 0 {
            return Some("knights can never collect tax: `per-turn` is 0".to_string());
        }
        let built = super::has_module(rules, "buildings")
            && ruleset.buildings().iter().any(|b| b.knights > 0);
        if self.starting == 0 && (!built || self.supply == 0) {
            return Some(
                "no side ever has a knight: `starting` is 0 and no building can give one"
                    .to_string(),
            );
        }
        None
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn begin_step(&self, economy: &mut Economy) {
        economy.taxed_this_turn = [false; 2];
    }

    fn points(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> i32 {
        // Scores nothing of its own.
        0
    }

    fn legal_actions(&self, game: &Game, side: Side, out: &mut Vec<Action>) {
        let open = self.open_squares(game, side);
        for square in 0..2u8 {
            if open >> square & 1 == 1 {
                out.push(Action::Tax { square });
            }
        }
    }

    fn legal_action_count(&self, game: &Game, side: Side) -> u32 {
        self.open_squares(game, side).count_ones()
    }

    fn nth_legal_action(&self, game: &Game, side: Side, n: u32) -> Option<Action> {
        let mut open = self.open_squares(game, side);
        for _ in 0..n {
            open &= open.wrapping_sub(1);
        }
        (open != 0).then(|| Action::Tax {
            square: open.trailing_zeros() as u8,
        })
    }

    fn apply(&self, game: &mut Game, side: Side, action: Action) -> Result<bool, IllegalAction> {
        let Action::Tax { square } = action else {
            return Ok(true);
        };
        let Some(p) = game.turn_placement() else {
            return Ok(false);
        };
        let cell = if square == 0 { p.first } else { p.second() };
        let territory = game.kingdom(side).territory_size_at(cell);
        // Active building bonuses, each time tax is collected: +1 per knight owned (counting the
        // one being placed), +1 per tower in the kingdom.
        let holdings = &game.economy().sides[side];
        let mut bonus = 0;
        for &(b, _) in &holdings.buildings {
            match game
                .ruleset()
                .buildings()
                .get(b.index())
                .map(|b| b.tax_bonus)
            {
                Some(TaxBonus::PerKnight) => bonus += holdings.knights(),
                Some(TaxBonus::PerTower) => bonus += holdings.towers,
                _ => {}
            }
        }
        let coins = territory.saturating_mul(self.coins_per_square) + bonus;
        let e = game.economy_mut();
        e.taxed_this_turn[usize::from(square.min(1))] = true;
        let h = &mut e.sides[side];
        h.knights_in_hand = h.knights_in_hand.saturating_sub(1);
        h.knights_placed.push(cell);
        h.coins = h.coins.saturating_add(coins);
        let used = e.taxed_this_turn.iter().filter(|t| **t).count() as u32;
        Ok(used < self.per_turn && e.sides[side].knights_in_hand > 0 && used < 2)
    }
}

/// The knights' action in text: `tax0`, `tax1` (see [`crate::action_text`]).
pub(crate) const TAX_WORD: crate::action_text::ActionWord = crate::action_text::ActionWord {
    keyword: "tax",
    form: "taxN (tax square N of the domino just placed: 0 the first, 1 the second)",
    example: "tax0 (tax)",
    read: |rest| {
        Some(Action::Tax {
            square: crate::action_text::number(rest)?,
        })
    },
};

/// `tax0`.
pub(crate) fn write_tax(f: &mut std::fmt::Formatter<'_>, square: u8) -> std::fmt::Result {
    write!(f, "tax{square}")
}

#[cfg(test)]
mod tests;

//! The Builders' Board and construction (Queendomino, action C), with the towers buildings bring.
//!
//! Face-up buildings lie on the board's slots, cheapest first (`slot-prices`). On their turn,
//! after placing (and taxing), a player may build one: pay the slot's price (less the Queen's
//! discount while hosting her, never below 0), put the tile on an open town square of any round
//! (one building per square), add its crowns to that square, and take its immediate effects:
//! knights from the supply into hand, towers from the supply into the kingdom (which may bring
//! the Queen). The slot stays empty until the next round, when the remaining tiles slide to the
//! cheapest slots and the empty ones are refilled from the pile.
//!
//! Supplies are finite (`tower-supply` towers; knights come from the knights module's supply):
//! when a supply runs short, a building gives what is left, possibly nothing.
//!
//! At the end each building scores its value: fixed points, points per separate territory of a
//! terrain, per tower in the kingdom, or per knight owned.

use super::describe::{self, CellMark, ChoiceView, Panel, Stat};
use super::{Economy, Module, ModuleError, ModuleSpec, Param, Params, SetupContext, SideView};
use crate::building::{BuildingId, BuildingValue};
use crate::game::{Action, Game, IllegalAction};
use crate::geometry::Cell;
use crate::ruleset::Ruleset;
use crate::score::{BonusScore, ScoreBreakdown};
use crate::side::Side;
use crate::terrain::TerrainId;

/// The title of the Builders' Board's panel.
pub(crate) const BOARD: &str = "Builders' Board";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buildings {
    /// The terrain buildings stand on.
    pub town: String,
    /// The price of each face-up slot, cheapest first.
    pub slot_prices: Vec<u32>,
    pub tower_supply: u32,
}

impl Buildings {
    pub fn from_params(p: &Params) -> Result<Buildings, ModuleError> {
        p.only(&["town", "slot-prices", "tower-supply"])?;
        Ok(Buildings {
            town: p.text("town", "town")?,
            slot_prices: p.ints("slot-prices", &[0, 1, 2, 3, 4, 5], 1..=16, 0..=1000)?,
            tower_supply: p.int("tower-supply", 15, 0..=1000)?,
        })
    }

    fn town(&self, ruleset: &Ruleset) -> Option<TerrainId> {
        ruleset.terrain_by_name(&self.town)
    }

    /// What `side` pays for the building in `slot`.
    pub fn price(&self, economy: &Economy, side: Side, slot: usize) -> u32 {
        let base = self.slot_prices.get(slot).copied().unwrap_or(0);
        let hosting = economy.sides.get(side).is_some_and(|h| h.hosts_queen);
        if hosting {
            base.saturating_sub(economy.queen_discount)
        } else {
            base
        }
    }

    /// The `buildings` module of `game`'s rules, if it has one.
    pub fn of(game: &Game) -> Option<Buildings> {
        game.module::<Buildings>().cloned()
    }

    /// Town squares of `side`'s kingdom without a building.
    fn open_town_squares(&self, game: &Game, side: Side) -> Vec<Cell> {
        let Some(town) = game.economy().town else {
            return Vec::new();
        };
        let built = &game.economy().sides[side].buildings;
        let mut out = game.kingdom(side).cells_of(town);
        out.retain(|cell| !built.iter().any(|&(_, c)| c == *cell));
        out
    }

    /// How many open town squares `side` has, without listing them. In a game every building
    /// stands on a town square of its own (building is legal nowhere else).
    fn open_town_count(&self, game: &Game, side: Side) -> u32 {
        let Some(town) = game.economy().town else {
            return 0;
        };
        let built = game.economy().sides[side].buildings.len() as u32;
        game.kingdom(side).count_of(town).saturating_sub(built)
    }

    /// The `n`th open town square of `side` (in the order of `open_town_squares`).
    fn nth_open_town_square(&self, game: &Game, side: Side, n: u32) -> Option<Cell> {
        let town = game.economy().town?;
        let built = game.economy().sides[side].buildings.iter().map(|&(_, c)| c);
        game.kingdom(side).nth_cell_of_except(town, built, n)
    }

    /// The slots `side` can afford, as a bit mask (bit `slot`).
    fn affordable_slots(&self, e: &Economy, side: Side) -> u64 {
        let coins = e.sides[side].coins;
        let discount = if e.sides[side].hosts_queen {
            e.queen_discount
        } else {
            0
        };
        // Without branching on each slot: which ones are affordable is anyone's guess.
        let mut mask = 0;
        for (slot, (b, &base)) in e.board.iter().zip(&self.slot_prices).enumerate().take(64) {
            let affordable = b.is_some() & (base.saturating_sub(discount) <= coins);
            mask |= u64::from(affordable) << slot;
        }
        mask
    }

    /// What one building is worth to a side at the end.
    fn value(&self, b: &crate::building::Building, side: SideView<'_>) -> Option<i32> {
        Some(match b.value {
            BuildingValue::None => return None,
            BuildingValue::Fixed { points } => points,
            BuildingValue::PerTerritory { terrain, points } => {
                side.kingdom.territory_count(terrain) as i32 * points
            }
            BuildingValue::PerTower { points } => side.holdings.towers as i32 * points,
            BuildingValue::PerKnight { points } => side.holdings.knights() as i32 * points,
            BuildingValue::PerCrown { terrain, points } => {
                side.kingdom.crowns_of(terrain) as i32 * points
            }
            BuildingValue::PerCoins { coins, points } => {
                (side.holdings.coins / coins.max(1)) as i32 * points
            }
            BuildingValue::PerBuilding { points } => side.holdings.buildings.len() as i32 * points,
        })
    }
}

impl Module for Buildings {
    fn declare(&self) -> super::Declaration {
        super::Declaration {
            provides: &["board", "towers", "tax-bonus"],
            reads: &["coins", "knights", "queen-host", "discount"],
            after: &["knights"],
            ..super::Declaration::default()
        }
    }

    fn title(&self) -> String {
        "Build".to_string()
    }

    fn help(&self) -> &'static [&'static str] {
        &[
            "Build: buy a building from the Builders' Board at its slot's price.",
            "It goes on an open town square of your kingdom (its crowns count there) and gives its knights or towers at once.",
            "At the end it scores its value. One building a turn.",
            "The kingdom with the most towers hosts the Queen: 1 coin off each building.",
        ]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Build: buildings on town squares give knights/towers now, points at the end.")
    }

    fn describe_choice(&self, game: &Game, side: Side, action: Action) -> Option<ChoiceView> {
        let Action::Build { slot, cell } = action else {
            return None;
        };
        let (b, t, price) = describe::board_choice(game, slot, action)?;
        let short = [t.now.as_str(), t.end.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        let worth = describe::building_worth_now(game, side, b)
            .map(|w| format!(" (now worth {})", describe::plural(w, "point", "points")))
            .unwrap_or_default();
        Some(ChoiceView {
            action,
            text: format!("{} {price}¢ at {},{} {short}", t.name, cell.x, cell.y),
            detail: format!(
                "{} for {price}¢: {}; {}{worth}.",
                t.name, t.now_full, t.end_full
            ),
            cost: Some(format!(
                "{}¢",
                self.price(game.economy(), side, usize::from(slot))
            )),
            gives: (!short.is_empty()).then_some(short),
            cells: vec![cell],
            row: Some((BOARD.to_string(), usize::from(slot))),
        })
    }

    fn panels(&self, game: &Game, out: &mut Vec<Panel>) {
        let e = game.economy();
        let ruleset = game.ruleset();
        // Prices for the side to act (the first side once the game is over).
        let side = game.side_to_act().unwrap_or_default();
        let mut rows: Vec<String> = e
            .board
            .iter()
            .enumerate()
            .map(|(slot, b)| {
                let price = self.price(e, side, slot);
                let off = price != self.slot_prices.get(slot).copied().unwrap_or(0);
                match b.and_then(|id| ruleset.buildings().get(id.index())) {
                    Some(b) => {
                        let t = describe::building_text(ruleset, b);
                        let tail: Vec<&str> = [t.now.as_str(), t.end.as_str()]
                            .into_iter()
                            .filter(|s| !s.is_empty())
                            .collect();
                        format!(
                            "{price:>2}¢{} {} {}",
                            if off { "*" } else { " " },
                            t.name,
                            tail.join(" ")
                        )
                        .trim_end()
                        .to_string()
                    }
                    None => "    (empty)".to_string(),
                }
            })
            .collect();
        rows.push(format!("supply {}kn {}tw", e.knight_supply, e.tower_supply));
        out.push(Panel {
            title: BOARD.to_string(),
            rows,
        });
    }

    fn side_stats(&self, game: &Game, side: Side, out: &mut Vec<Stat>) {
        let n = game.economy().sides.get(side).map_or(0, |h| h.towers);
        out.push(Stat {
            long: describe::plural(n, "tower", "towers"),
            short: format!("{n}tw"),
        });
    }

    fn cell_marks(&self, game: &Game, side: Side, out: &mut Vec<CellMark>) {
        let Some(h) = game.economy().sides.get(side) else {
            return;
        };
        out.extend(h.buildings.iter().map(|&(id, cell)| {
            CellMark {
                cell,
                symbol: 'B',
                what: game
                    .ruleset()
                    .buildings()
                    .get(id.index())
                    .map_or_else(|| "building".to_string(), |b| b.label()),
            }
        }));
    }

    fn name(&self) -> &'static str {
        "buildings"
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new("buildings");
        s.params
            .insert("town".into(), Param::Text(self.town.clone()));
        s.params.insert(
            "slot-prices".into(),
            Param::Ints(self.slot_prices.iter().map(|&p| p.into()).collect()),
        );
        s.params
            .insert("tower-supply".into(), Param::Int(self.tower_supply.into()));
        s
    }

    fn check(&self, ruleset: &Ruleset) -> Vec<String> {
        let mut problems = Vec::new();
        if self.town(ruleset).is_none() {
            problems.push(format!(
                "module `buildings`: town terrain `{}` is not among the ruleset's terrains",
                self.town
            ));
        }
        if ruleset.buildings().is_empty() {
            problems.push("module `buildings`: the ruleset's sets hold no buildings".to_string());
        }
        problems
    }

    fn idle(&self, ruleset: &Ruleset, _rules: &crate::ruleset::Rules) -> Option<String> {
        let town = self.town(ruleset)?;
        let on_a_domino = ruleset
            .dominoes()
            .iter()
            .any(|d| d.first.terrain == town || d.second.terrain == town);
        (!on_a_domino).then(|| {
            format!(
                "no domino has a `{}` square, so nothing can ever be built",
                self.town
            )
        })
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let e = &mut *ctx.economy;
        e.tower_supply = self.tower_supply;
        e.town = self.town(ctx.ruleset);
        e.building_pile.clear();
        e.building_pile
            .extend((0..ctx.ruleset.buildings().len() as u16).map(BuildingId));
        ctx.rng.shuffle(&mut e.building_pile);
        e.board.clear();
        e.board.resize(self.slot_prices.len(), None);
        refill(e);
        Ok(())
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn legal_actions(&self, game: &Game, side: Side, out: &mut Vec<Action>) {
        let e = game.economy();
        let coins = e.sides[side].coins;
        let squares = self.open_town_squares(game, side);
        if squares.is_empty() {
            return;
        }
        for (slot, b) in e.board.iter().enumerate() {
            if b.is_some() && self.price(e, side, slot) <= coins {
                for &cell in &squares {
                    out.push(Action::Build {
                        slot: slot as u8,
                        cell,
                    });
                }
            }
        }
    }

    fn legal_action_count(&self, game: &Game, side: Side) -> u32 {
        let squares = self.open_town_count(game, side);
        if squares == 0 {
            return 0;
        }
        self.affordable_slots(game.economy(), side).count_ones() * squares
    }

    fn nth_legal_action(&self, game: &Game, side: Side, n: u32) -> Option<Action> {
        let squares = self.open_town_count(game, side);
        if squares == 0 {
            return None;
        }
        // Slot by slot, each slot with every open square: as `legal_actions` lists them.
        let mut slots = self.affordable_slots(game.economy(), side);
        for _ in 0..n / squares {
            slots &= slots.wrapping_sub(1);
        }
        if slots == 0 {
            return None;
        }
        let cell = self.nth_open_town_square(game, side, n % squares)?;
        Some(Action::Build {
            slot: slots.trailing_zeros() as u8,
            cell,
        })
    }

    fn apply(&self, game: &mut Game, side: Side, action: Action) -> Result<bool, IllegalAction> {
        let Action::Build { slot, cell } = action else {
            return Ok(true);
        };
        let slot = usize::from(slot);
        let price = self.price(game.economy(), side, slot);
        let Some(id) = game
            .economy_mut()
            .board
            .get_mut(slot)
            .and_then(Option::take)
        else {
            return Ok(false);
        };
        let Some((crowns, knights, towers, coins)) = game
            .ruleset()
            .buildings()
            .get(id.index())
            .map(|b| (b.crowns, b.knights, b.towers, b.coins))
        else {
            return Ok(false);
        };
        let _ = game.kingdom_mut(side).add_crowns(cell, crowns);
        let e = game.economy_mut();
        let knights = u32::from(knights).min(e.knight_supply);
        let towers = u32::from(towers).min(e.tower_supply);
        e.knight_supply -= knights;
        e.tower_supply -= towers;
        let h = &mut e.sides[side];
        h.coins = h
            .coins
            .saturating_sub(price)
            .saturating_add(u32::from(coins));
        h.buildings.push((id, cell));
        h.knights_in_hand += knights;
        h.towers += towers;
        if towers > 0 {
            e.tower_gained(side);
        }
        // One building a turn.
        Ok(false)
    }

    fn end_round(&self, economy: &mut Economy) {
        refill(economy);
    }

    fn resample_hidden(&self, economy: &mut Economy, next_u32: &mut dyn FnMut() -> u32) {
        let pile = &mut economy.building_pile;
        pile.sort_unstable();
        for i in (1..pile.len()).rev() {
            let j = crate::rng::below(i as u32 + 1, &mut *next_u32) as usize;
            pile.swap(i, j);
        }
    }

    fn points(&self, _rules: &crate::ruleset::Rules, side: SideView<'_>) -> i32 {
        side.holdings
            .buildings
            .iter()
            .filter_map(|&(id, _)| side.ruleset.buildings().get(id.index()))
            .filter_map(|b| self.value(b, side))
            .sum()
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        for &(id, _) in &side.holdings.buildings {
            let Some(b) = side.ruleset.buildings().get(id.index()) else {
                continue;
            };
            let Some(points) = self.value(b, side) else {
                continue;
            };
            let mut key = b.label();
            let mut k = 2;
            while breakdown.bonuses.iter().any(|x| x.key == key) {
                key = format!("{} ({k})", b.label());
                k += 1;
            }
            breakdown.bonuses.push(BonusScore { key, points });
            breakdown.total += points;
        }
    }
}

/// Slide the face-up buildings to the cheapest slots, then fill the empty slots from the pile.
fn refill(e: &mut Economy) {
    let mut next = 0;
    for slot in 0..e.board.len() {
        if let Some(b) = e.board[slot].take() {
            e.board[next] = Some(b);
            next += 1;
        }
    }
    for slot in &mut e.board[next..] {
        *slot = e.building_pile.pop();
    }
}

/// What `side` would pay for the building in each slot of `game`'s Builders' Board, cheapest slot
/// first, the Queen's discount included while `side` hosts her (never below 0): the price the
/// engine charges when that side builds. Empty when the game has no `buildings` module. For front
/// ends, which show the board with its prices.
pub fn board_prices(game: &Game, side: Side) -> Vec<u32> {
    let Some(b) = game.module::<Buildings>() else {
        return Vec::new();
    };
    let economy = game.economy();
    (0..economy.board.len())
        .map(|slot| b.price(economy, side, slot))
        .collect()
}

/// The builders' action in text: `build2@1,-1` (see [`crate::action_text`]).
pub(crate) const BUILD_WORD: crate::action_text::ActionWord = crate::action_text::ActionWord {
    keyword: "build",
    form: "buildN@X,Y (build the building of board slot N, from 0, on the town square X,Y)",
    example: "build2@1,-1 (build)",
    read: |rest| {
        let (slot, cell) = rest.split_once('@')?;
        Some(Action::Build {
            slot: crate::action_text::number(slot)?,
            cell: crate::action_text::read_cell(cell)?,
        })
    },
};

/// `build2@1,-1`.
pub(crate) fn write_build(
    f: &mut std::fmt::Formatter<'_>,
    slot: u8,
    cell: Cell,
) -> std::fmt::Result {
    write!(f, "build{slot}@")?;
    crate::action_text::write_cell(f, cell)
}

#[cfg(test)]
mod tests;

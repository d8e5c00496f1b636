//! The Dragon (Queendomino, action D). While the Dragon is in its cave and the player does not
//! host the Queen, they may pay `price` (1) coin to burn any face-up building: it leaves the game
//! and its slot stays empty until the next round. `uses-per-round` (1) players a round may bribe
//! him; he returns to his cave at the start of each round.

use super::bounded::Bounded;
use super::buildings::BuildingsState;
use super::describe::{self, ChoiceView, Panel, PanelRow};
use super::mechanism::{Actions, Mechanism};
use super::{Cx, CxMut, Res, SetupContext, SideView};
use crate::action_text::ActionWord;
use crate::building::BuildingId;
use crate::game::{Action, IllegalAction};
use crate::module_action::ModuleAction;
use crate::side::Side;
use serde::{Deserialize, Serialize};

/// The Dragon's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
pub enum DragonAction {
    /// Bribe the Dragon to burn the face-up building of slot `slot`.
    Burn { slot: u8 },
}

impl ModuleAction for DragonAction {
    const WORD: ActionWord = ActionWord {
        keyword: "burn",
        form: "burnN (bribe the Dragon to burn the building of board slot N, from 0)",
        example: "burn4 (burn)",
    };

    fn to_payload(self) -> u32 {
        let DragonAction::Burn { slot } = self;
        u32::from(slot)
    }

    fn from_payload(payload: u32) -> Option<DragonAction> {
        Some(DragonAction::Burn {
            slot: u8::try_from(payload).ok()?,
        })
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let DragonAction::Burn { slot } = self;
        write!(f, "burn{slot}")
    }

    fn read(rest: &str) -> Option<DragonAction> {
        Some(DragonAction::Burn {
            slot: crate::text::number(rest)?,
        })
    }
}

/// What the Dragon needs and reads ([`Module::declare`](super::Module::declare)); its
/// resources are named from it.
const DECLARATION: super::Declaration = super::Declaration {
    uses: &["board"],
    reads: &["coins", "queen-host"],
    after: &["buildings"],
    ..super::Declaration::NONE
};

/// The Builders' Board (the buildings module's state).
const BOARD: Res = DECLARATION.res_of("board");
const COINS: Res = DECLARATION.res_of("coins");
const QUEEN_HOST: Res = DECLARATION.res_of("queen-host");

/// What the Dragon keeps during a game: the module's own state (see [`super::States`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DragonState {
    /// Times he was bribed in round `round`: none in any other round (so no hook at each
    /// round's end has to give him back).
    pub uses: u32,
    /// The round of `uses` ([`crate::Game::round`]).
    pub round: u32,
    /// The buildings he burnt, out of the game, in order.
    pub burnt: Vec<BuildingId>,
}

impl super::ModuleState for DragonState {
    fn clear(&mut self) {
        self.uses = 0;
        self.round = 0;
        self.burnt.clear();
    }
}

impl DragonState {
    /// Times he was bribed in `round`.
    pub fn uses_in(&self, round: u32) -> u32 {
        if self.round == round { self.uses } else { 0 }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dragon {
    pub price: u32,
    pub uses_per_round: u32,
}

/// The dragon module's parameters, as a ruleset gives them (`[rules.module.dragon]`): every key is
/// optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct DragonParams {
    /// Coins a bribe costs.
    pub price: Bounded<0, 1000>,
    /// Bribes a round, all players together.
    pub uses_per_round: Bounded<0, 100>,
}

impl Default for DragonParams {
    fn default() -> DragonParams {
        DragonParams {
            price: Bounded::of(1),
            uses_per_round: Bounded::of(1),
        }
    }
}

impl Dragon {
    /// Why `side` may not bribe the Dragon now, whichever building: the round's bribes spent,
    /// the Queen's host, too few coins.
    fn why_not_now(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let state = cx.state::<DragonState>()?;
        if state.uses_in(cx.table().round()) >= self.uses_per_round {
            return Some(if self.uses_per_round == 1 {
                "the Dragon was bribed this round already".to_string()
            } else {
                format!(
                    "the Dragon was bribed {} this round already",
                    describe::plural(self.uses_per_round, "time", "times")
                )
            });
        }
        if cx.get(side, QUEEN_HOST) > 0 {
            return Some("the Queen's host may not bribe the Dragon".into());
        }
        let coins = cx.get(side, COINS);
        if coins < self.price {
            return Some(format!(
                "bribing the Dragon costs {}¢, and the kingdom has {coins}¢",
                self.price
            ));
        }
        None
    }

    /// `Once a round`, `Twice a round`, `3 times a round`.
    fn times_a_round(&self) -> String {
        match self.uses_per_round {
            1 => "Once a round".into(),
            2 => "Twice a round".into(),
            n => format!("{n} times a round"),
        }
    }

    /// Whether `side` may bribe the Dragon now: uses left this round, not hosting the Queen,
    /// coins enough.
    #[inline]
    fn may_bribe(&self, cx: Cx<'_>, side: Side) -> bool {
        // The round's uses first: once they are spent, every later turn of the round stops here.
        cx.state::<DragonState>()
            .is_some_and(|d| d.uses_in(cx.table().round()) < self.uses_per_round)
            && cx.get(side, COINS) >= self.price
            && cx.get(side, QUEEN_HOST) == 0
    }

    /// The slots of the board `side` may burn now (bit `slot`): none unless it may bribe.
    #[inline]
    fn burnable(&self, cx: Cx<'_>, side: Side) -> u64 {
        if !self.may_bribe(cx, side) {
            return 0;
        }
        cx.shared::<BuildingsState>(BOARD)
            .map_or(0, BuildingsState::filled_slots)
    }

    /// The Builders' Board's slots.
    #[inline]
    fn board<'a>(&self, cx: Cx<'a>) -> &'a [Option<BuildingId>] {
        cx.shared::<BuildingsState>(BOARD)
            .map_or(&[], BuildingsState::board)
    }
}

impl Mechanism for Dragon {
    const NAME: &'static str = "dragon";
    type Params = DragonParams;
    type State = DragonState;
    type Action = DragonAction;

    fn new(p: DragonParams) -> Dragon {
        Dragon {
            price: p.price.as_u32(),
            uses_per_round: p.uses_per_round.as_u32(),
        }
    }

    fn params(&self) -> DragonParams {
        DragonParams {
            price: Bounded::clamped(self.price),
            uses_per_round: Bounded::clamped(self.uses_per_round),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn help(&self) -> Vec<String> {
        vec![
            format!(
                "Dragon: pay {} to burn a building of the Builders' Board, so no one can build it.",
                describe::plural(self.price, "coin", "coins")
            ),
            format!(
                "{} for all players, and not while you host the Queen.",
                self.times_a_round()
            ),
        ]
    }

    fn summary(&self) -> Option<String> {
        Some(format!(
            "Dragon: pay {} to burn a Board tile; {}; not the Queen's host.",
            describe::plural(self.price, "coin", "coins"),
            self.times_a_round().to_lowercase()
        ))
    }

    fn describe_choice(
        &self,
        cx: Cx<'_>,
        _side: Side,
        typed: DragonAction,
        action: Action,
    ) -> Option<ChoiceView> {
        let DragonAction::Burn { slot } = typed;
        let board = cx.shared::<BuildingsState>(BOARD)?;
        let (_b, t) = describe::board_choice(cx.table().ruleset(), board, slot)?;
        let price = -cx.change_if_played(action, COINS).unwrap_or(0);
        Some(ChoiceView {
            action,
            // Who burns it said too: in the moves' log a bot's burn reads as the Dragon's.
            text: format!("Bribe the Dragon to burn {} ({price}¢)", t.name),
            told: None,
            detail: format!(
                "Pay the Dragon {price}¢ to burn {} ({}; {}): no one can build it.",
                t.name, t.now_full, t.end_full
            ),
            cost: Some(format!("{price}¢")),
            gives: None,
            cells: Vec::new(),
            row: Some((super::buildings::BOARD.to_string(), usize::from(slot))),
            group: None,
        })
    }

    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        let round = cx.table().round();
        if let Some(state) = cx.state::<DragonState>()
            && state.uses_in(round) > self.uses_per_round
        {
            out.push(format!(
                "bribed {} times in round {round}, {} allowed",
                state.uses_in(round),
                self.uses_per_round
            ));
        }
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        let Some(state) = cx.state::<DragonState>() else {
            return;
        };
        let uses = state.uses_in(cx.table().round());
        // What he burnt this round, by name: the Board shows the slot only as `(empty)`, as a
        // building bought leaves it.
        let ruleset = cx.table().ruleset();
        let names: Vec<&str> = state.burnt[state.burnt.len().saturating_sub(uses as usize)..]
            .iter()
            .filter_map(|id| ruleset.buildings().get(id.index()))
            .map(|b| b.name.as_str())
            .collect();
        let row = match (uses, names.is_empty()) {
            (0, _) => "in his cave".to_string(),
            (_, true) => format!("bribed ({uses} of {})", self.uses_per_round),
            _ if self.uses_per_round == 1 => format!("burnt {}", names.join(", ")),
            _ => format!(
                "burnt {} ({uses} of {})",
                names.join(", "),
                self.uses_per_round
            ),
        };
        out.push(Panel {
            title: "Dragon".into(),
            rows: vec![PanelRow::text(row)],
        });
    }

    fn idle(
        &self,
        _ruleset: &crate::ruleset::Ruleset,
        _rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        // Without `buildings` the list is refused (see `declare`).
        if self.uses_per_round == 0 {
            return Some("no one can ever bribe the Dragon: `uses-per-round` is 0".to_string());
        }
        // He is paid in coins: with a price, someone must be able to have some.
        let coins = modules
            .iter()
            .any(|m| m.declare().provides.contains(&"coins"));
        (self.price > 0 && !coins).then(|| {
            format!(
                "no one can ever pay the Dragon's {}: no module of `modules` gives coins",
                describe::plural(self.price, "coin", "coins")
            )
        })
    }

    fn can_add(&self, _ruleset: &crate::ruleset::Ruleset, _resource: &str) -> bool {
        // The Dragon only takes: a building off the board, coins from the briber.
        false
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn points(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(_rules, _side))
    }

    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut Actions<'_, '_, DragonAction>) {
        if !self.may_bribe(cx, side) {
            return;
        }
        for (slot, b) in self.board(cx).iter().enumerate() {
            if b.is_some() {
                out.push(DragonAction::Burn { slot: slot as u8 });
            }
        }
    }

    fn why_no_choice(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        // The round's bribes, the Queen's host, the coins; past those, nothing on the board.
        self.why_not_now(cx, side)
            .or_else(|| Some("the Builders' Board holds no building to burn".into()))
    }

    fn why_illegal(&self, cx: Cx<'_>, side: Side, action: DragonAction) -> Option<String> {
        let DragonAction::Burn { slot } = action;
        if let Some(why) = self.why_not_now(cx, side) {
            return Some(why);
        }
        let board = self.board(cx);
        match board.get(usize::from(slot)) {
            None => Some(format!(
                "the Builders' Board has slots 0 to {}",
                board.len().saturating_sub(1)
            )),
            Some(None) => Some(format!("slot {slot} of the Builders' Board is empty")),
            Some(Some(_)) => None,
        }
    }

    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        self.legal_action_count_of(cx, side)
    }

    #[inline(always)]
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<DragonAction> {
        let slots = self.burnable(cx, side);
        let count = slots.count_ones();
        let n = crate::rng::below(count + 1, next_u32);
        (n < count).then(|| DragonAction::Burn {
            slot: crate::bitboard::select(slots, n) as u8,
        })
    }

    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<DragonAction> {
        if !self.may_bribe(cx, side) {
            return None;
        }
        let (slot, _) = self
            .board(cx)
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_some())
            .nth(n as usize)?;
        Some(DragonAction::Burn { slot: slot as u8 })
    }

    #[inline(always)]
    fn apply(
        &self,
        mut cx: CxMut<'_>,
        side: Side,
        action: DragonAction,
    ) -> Result<bool, IllegalAction> {
        let DragonAction::Burn { slot } = action;
        let burnt = cx
            .shared_mut::<BuildingsState>(BOARD)
            .and_then(|s| s.take(usize::from(slot)));
        if let Some(id) = burnt {
            let round = cx.table().round();
            if let Some(d) = cx.state_mut::<DragonState>() {
                d.burnt.push(id);
                d.uses = d.uses_in(round) + 1;
                d.round = round;
            }
            cx.take(side, COINS, self.price);
        }
        Ok(false)
    }
}

impl Dragon {
    fn points_of(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> i32 {
        // Scores nothing of its own.
        0
    }

    fn legal_action_count_of(&self, cx: Cx<'_>, side: Side) -> u32 {
        self.burnable(cx, side).count_ones()
    }
}

#[cfg(test)]
mod tests;

//! The Dragon (Queendomino, action D). While the Dragon is in its cave and the player does not
//! host the Queen, they may pay `price` (1) coin to burn any face-up building: it leaves the game
//! and its slot stays empty until the next round. `uses-per-round` (1) players a round may bribe
//! him; he returns to his cave at the start of each round.

use super::buildings::BuildingsState;
use super::describe::{self, ChoiceView, Panel};
use super::{
    Cx, CxMut, Module, ModuleError, ModuleSpec, Param, Params, Res, SetupContext, SideView,
    StateBox,
};
use crate::building::BuildingId;
use crate::game::{Action, IllegalAction};
use crate::side::Side;

/// The Builders' Board (the buildings module's state).
const BOARD: Res = Res(0);
const COINS: Res = Res(1);
const QUEEN_HOST: Res = Res(2);

/// What the Dragon keeps during a game: the module's own state (see [`super::States`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DragonState {
    /// Times he was bribed this round.
    pub uses: u32,
    /// The buildings he burnt, out of the game, in order.
    pub burnt: Vec<BuildingId>,
}

impl super::ModuleState for DragonState {
    fn clear(&mut self) {
        self.uses = 0;
        self.burnt.clear();
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dragon {
    pub price: u32,
    pub uses_per_round: u32,
}

impl Dragon {
    pub fn from_params(p: &Params) -> Result<Dragon, ModuleError> {
        p.only(&["price", "uses-per-round"])?;
        Ok(Dragon {
            price: p.int("price", 1, 0..=1000)?,
            uses_per_round: p.int("uses-per-round", 1, 0..=100)?,
        })
    }
}

impl Dragon {
    /// Whether `side` may bribe the Dragon now: uses left this round, not hosting the Queen,
    /// coins enough.
    fn may_bribe(&self, cx: Cx<'_>, side: Side) -> bool {
        cx.get(side, QUEEN_HOST) == 0
            && cx.get(side, COINS) >= self.price
            && cx
                .state::<DragonState>()
                .is_some_and(|d| d.uses < self.uses_per_round)
    }

    /// The Builders' Board's slots.
    fn board<'a>(&self, cx: Cx<'a>) -> &'a [Option<BuildingId>] {
        cx.shared::<BuildingsState>(BOARD)
            .map_or(&[], |s| s.board.as_slice())
    }
}

impl Module for Dragon {
    fn declare(&self) -> super::Declaration {
        super::Declaration {
            uses: &["board"],
            reads: &["coins", "queen-host"],
            after: &["buildings"],
            ..super::Declaration::default()
        }
    }

    fn help(&self) -> &'static [&'static str] {
        &[
            "Dragon: pay 1 coin to burn a building on the board, so no one can build it.",
            "Once a round for all players, and not while you host the Queen.",
        ]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Dragon: pay 1 coin to burn a building on the board; once a round.")
    }

    fn describe_choice(&self, cx: Cx<'_>, _side: Side, action: Action) -> Option<ChoiceView> {
        let Action::Burn { slot } = action else {
            return None;
        };
        let (_b, t, price) = describe::board_choice(cx.game(), slot, action)?;
        Some(ChoiceView {
            action,
            text: format!("Burn {} ({price}¢)", t.name),
            detail: format!(
                "Pay the Dragon {price}¢ to burn {} ({}; {}): no one can build it.",
                t.name, t.now_full, t.end_full
            ),
            cost: Some(format!("{price}¢")),
            gives: None,
            cells: Vec::new(),
            row: Some((super::buildings::BOARD.to_string(), usize::from(slot))),
        })
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        let uses = cx.state::<DragonState>().map_or(0, |d| d.uses);
        out.push(Panel {
            title: "Dragon".into(),
            rows: vec![if uses == 0 {
                "in his cave".to_string()
            } else {
                format!("bribed ({uses} of {})", self.uses_per_round)
            }],
        });
    }

    fn idle(
        &self,
        _ruleset: &crate::ruleset::Ruleset,
        _rules: &crate::ruleset::Rules,
    ) -> Option<String> {
        // Without `buildings` the list is refused (see `declare`).
        (self.uses_per_round == 0)
            .then(|| "no one can ever bribe the Dragon: `uses-per-round` is 0".to_string())
    }

    fn name(&self) -> &'static str {
        "dragon"
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new("dragon");
        s.params
            .insert("price".into(), Param::Int(self.price.into()));
        s.params.insert(
            "uses-per-round".into(),
            Param::Int(self.uses_per_round.into()),
        );
        s
    }

    fn new_state(&self) -> StateBox {
        StateBox::new(DragonState::default())
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn points(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> i32 {
        // Scores nothing of its own.
        0
    }

    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Action>) {
        if !self.may_bribe(cx, side) {
            return;
        }
        for (slot, b) in self.board(cx).iter().enumerate() {
            if b.is_some() {
                out.push(Action::Burn { slot: slot as u8 });
            }
        }
    }

    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        if !self.may_bribe(cx, side) {
            return 0;
        }
        self.board(cx).iter().flatten().count() as u32
    }

    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<Action> {
        if !self.may_bribe(cx, side) {
            return None;
        }
        let (slot, _) = self
            .board(cx)
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_some())
            .nth(n as usize)?;
        Some(Action::Burn { slot: slot as u8 })
    }

    fn apply(&self, mut cx: CxMut<'_>, side: Side, action: Action) -> Result<bool, IllegalAction> {
        let Action::Burn { slot } = action else {
            return Ok(true);
        };
        let burnt = cx
            .shared_mut::<BuildingsState>(BOARD)
            .and_then(|s| s.board.get_mut(usize::from(slot)))
            .and_then(Option::take);
        if let Some(id) = burnt {
            if let Some(d) = cx.state_mut::<DragonState>() {
                d.burnt.push(id);
                d.uses += 1;
            }
            cx.take(side, COINS, self.price);
        }
        Ok(false)
    }

    fn end_round(&self, mut cx: CxMut<'_>) {
        if let Some(d) = cx.state_mut::<DragonState>() {
            d.uses = 0;
        }
    }
}

/// The Dragon's action in text: `burn4` (see [`crate::action_text`]).
pub(crate) const BURN_WORD: crate::action_text::ActionWord = crate::action_text::ActionWord {
    keyword: "burn",
    form: "burnN (bribe the Dragon to burn the building of board slot N, from 0)",
    example: "burn4 (burn)",
    read: |rest| {
        Some(Action::Burn {
            slot: crate::action_text::number(rest)?,
        })
    },
};

/// `burn4`.
pub(crate) fn write_burn(f: &mut std::fmt::Formatter<'_>, slot: u8) -> std::fmt::Result {
    write!(f, "burn{slot}")
}

#[cfg(test)]
mod tests;

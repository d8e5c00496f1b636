//! Knights and tax (Queendomino, action B).
//!
//! After placing a domino, the player may send up to `per-turn` knights (2) to collect tax, one
//! per square of the domino just placed: each knight collects as many coins as the squares of the
//! territory it stands on, counted after the placement. Knights stay where they are for the rest
//! of the game and may share a territory with others. A discarded domino gives no tax: nothing
//! was just placed. Every side starts with `starting` knights (1) from a supply of `supply` (22).
//! A house rule may pay `coins-per-square` coins (1) for each square of the taxed territory.
//!
//! Two readings of rulebook 002 that players may settle otherwise are parameters, each defaulting
//! to the reading docs/rulesets.md gives ("Readings where the rulebook is silent"): `tax-bonus`
//! (the buildings' tax bonuses come with each knight sent, "each time you collect tax", or once a
//! turn) and `same-territory` (when both squares of the domino lie in one territory, a second
//! knight taxes it again in full, or may not go there: a territory is taxed once a turn).

use super::bounded::Bounded;
use super::describe::{self, CellMark, ChoiceView, Stat};
use super::file::{
    Directive, FileMark, FileSyntax, Mark, PlacedMark, TableAt, TableProblem, TableView,
};
use super::mechanism::{Actions, CheckProblem, Mechanism};
use super::{Cx, CxMut, ModuleState, PerSide, Res, SetupContext, SideEdit, SideView};
use crate::action_text::ActionWord;
use crate::game::{Action, IllegalAction};
use crate::geometry::Cell;
use crate::module_action::ModuleAction;
use crate::side::Side;
use serde::{Deserialize, Serialize};

/// The knights' action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
pub enum KnightsAction {
    /// Send a knight to collect tax on square `square` (0: first, 1: second) of the domino just
    /// placed.
    Tax { square: u8 },
}

impl ModuleAction for KnightsAction {
    const WORD: ActionWord = ActionWord {
        keyword: "tax",
        form: "taxN (tax square N of the domino just placed: 0 the first, 1 the second)",
        example: "tax0 (tax)",
    };

    fn to_payload(self) -> u32 {
        let KnightsAction::Tax { square } = self;
        u32::from(square)
    }

    fn from_payload(payload: u32) -> Option<KnightsAction> {
        Some(KnightsAction::Tax {
            square: u8::try_from(payload).ok()?,
        })
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let KnightsAction::Tax { square } = self;
        write!(f, "tax{square}")
    }

    fn read(rest: &str) -> Option<KnightsAction> {
        Some(KnightsAction::Tax {
            square: crate::text::number(rest)?,
        })
    }
}

/// What the knights keep and read ([`Module::declare`](super::Module::declare)); their
/// resources are named from it.
const DECLARATION: super::Declaration = super::Declaration {
    provides: &["knights", "coins"],
    reads: &["tax-bonus"],
    ..super::Declaration::NONE
};

/// The knights a side owns, in hand or placed (its per-side value), and the general supply (the
/// table's).
pub(crate) const KNIGHTS: Res = DECLARATION.res_of("knights");
/// What a side has to spend.
pub(crate) const COINS: Res = DECLARATION.res_of("coins");
/// What each tax brings on top of the territory's squares (the buildings').
const TAX_BONUS: Res = DECLARATION.res_of("tax-bonus");

/// What the knights keep during a game: where each side's knights stand, and which squares of the
/// domino just placed were taxed this turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KnightsState {
    /// Squares of the domino placed `taxed_turn` that were taxed (first, second): this turn's
    /// when `taxed_turn` is the number of dominoes placed so far (see [`KnightsState::taxed`]).
    pub taxed_this_turn: [bool; 2],
    /// The placement (counted from 1) the taxed squares belong to.
    pub taxed_turn: u32,
    /// Knights placed in each side's kingdom, by square (by side index).
    pub placed: PerSide<Vec<Cell>>,
}

impl ModuleState for KnightsState {
    fn clear(&mut self) {
        self.taxed_this_turn = [false; 2];
        self.taxed_turn = 0;
        self.placed.clear();
    }
}

impl KnightsState {
    /// The knights placed in `side`'s kingdom.
    pub fn placed(&self, side: Side) -> &[Cell] {
        self.placed.list(side)
    }

    /// The squares of the domino just placed taxed this turn, in a game where `placed` dominoes
    /// were placed so far (a new placement starts with none taxed).
    pub fn taxed(&self, placed: usize) -> [bool; 2] {
        if self.taxed_turn as usize == placed {
            self.taxed_this_turn
        } else {
            [false; 2]
        }
    }
}

/// The most knights one square holds: knights go "one for each square on the domino you just
/// added" (rulebook 002), so a kingdom file may not put two on a square.
pub const MAX_KNIGHTS_PER_SQUARE: u32 = 1;

/// A side's coins in a kingdom file: `@coins 11`.
pub(crate) const COINS_LINE: Directive = Directive {
    word: "coins",
    number: true,
    repeats: false,
    what: "coins",
};

/// Knights in `side`'s hand: owned, less those placed.
fn in_hand(cx: Cx<'_>, side: Side) -> u32 {
    let placed = cx
        .state::<KnightsState>()
        .map_or(0, |s| s.placed(side).len() as u32);
    cx.get(side, KNIGHTS).saturating_sub(placed)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knights {
    pub starting: u32,
    pub per_turn: u32,
    pub supply: u32,
    /// Coins a knight collects for each square of its territory.
    pub coins_per_square: u32,
    /// How often the buildings' tax bonus is paid in a turn.
    pub tax_bonus: TaxEach,
    /// How often one territory is taxed in a turn.
    pub same_territory: TaxEach,
}

/// How often a part of the tax is paid within one turn: with each knight sent (the rulebook's
/// "each time you collect tax", the default), or once a turn.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum TaxEach {
    /// With each knight sent.
    #[default]
    EachKnight,
    /// Once a turn, whatever the knights sent.
    OnceATurn,
}

/// The knights module's parameters, as a ruleset gives them (`[rules.module.knights]`): every key is
/// optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct KnightsParams {
    /// Knights each side starts with.
    pub starting: Bounded<0, 100>,
    /// Knights a side may send a turn, one per square of the domino just placed.
    pub per_turn: Bounded<0, 2>,
    /// Knights in the general supply, the starting ones included.
    pub supply: Bounded<0, 1000>,
    /// Coins a knight collects for each square of its territory.
    pub coins_per_square: Bounded<0, 100>,
    /// The buildings' tax bonuses: paid with each knight sent (`"each-knight"`: "each time you
    /// collect tax", rulebook 002) or once a turn, with the first (`"once-a-turn"`).
    pub tax_bonus: TaxEach,
    /// When both squares of the domino just placed lie in one territory: a second knight taxes
    /// it again in full (`"each-knight"`), or may not go there (`"once-a-turn"`: a territory is
    /// taxed once a turn).
    pub same_territory: TaxEach,
}

impl Default for KnightsParams {
    fn default() -> KnightsParams {
        KnightsParams {
            starting: Bounded::of(1),
            per_turn: Bounded::of(2),
            supply: Bounded::of(22),
            coins_per_square: Bounded::of(1),
            tax_bonus: TaxEach::EachKnight,
            same_territory: TaxEach::EachKnight,
        }
    }
}

impl Knights {
    /// The rules of the tax step, a sentence an item; the buildings' tax bonuses named where
    /// `bonus` (a module of the list gives one).
    fn help_lines(&self, bonus: bool) -> Vec<String> {
        let coins = describe::plural(self.coins_per_square, "coin", "coins");
        let collects = if bonus {
            format!(
                "It collects {coins} per square of that square's territory (plus your buildings' tax bonuses{}).",
                match self.tax_bonus {
                    TaxEach::EachKnight => "",
                    TaxEach::OnceATurn => ", once a turn: with the first knight",
                }
            )
        } else {
            format!("It collects {coins} per square of that square's territory.")
        };
        let mut lines = vec![
            "Tax: send a knight from your hand onto a square of the domino just placed.".into(),
            collects,
            format!(
                "Knights stay for the rest of the game; at most {} a turn, one per square.",
                match self.per_turn {
                    1 => "one".to_string(),
                    2 => "two".to_string(),
                    n => n.to_string(),
                }
            ),
        ];
        if self.same_territory == TaxEach::OnceATurn {
            lines.push(
                "A territory is taxed once a turn: a domino of one terrain takes one knight."
                    .into(),
            );
        }
        lines
    }

    /// Whether a module of `modules` other than the knights ever gives a tax bonus.
    fn bonus_given(ruleset: &crate::ruleset::Ruleset, modules: &[Box<dyn super::Module>]) -> bool {
        super::anyone_adds(modules, ruleset, "tax-bonus", Self::NAME)
    }

    /// The squares of the domino just placed that `side` may still tax, as bits (first = 1,
    /// second = 2).
    #[inline]
    fn open_squares(&self, cx: Cx<'_>, side: Side) -> u32 {
        if cx.turn_placement().is_none() {
            return 0;
        }
        let Some(state) = cx.state::<KnightsState>() else {
            return 0;
        };
        let taxed = state.taxed(cx.table().placed().len());
        let used = taxed.iter().filter(|t| **t).count() as u32;
        let hand = cx
            .get(side, KNIGHTS)
            .saturating_sub(state.placed(side).len() as u32);
        if hand == 0 || used >= self.per_turn {
            return 0;
        }
        u32::from(!taxed[0]) | u32::from(!taxed[1]) << 1
    }

    /// Whether both squares of the domino just placed lie in one territory: they are side by
    /// side, so whether they are of one terrain. With `same-territory = "once-a-turn"` the first
    /// knight on such a domino ends the tax step (`apply`'s answer), so the second square is
    /// never offered.
    fn one_territory(cx: Cx<'_>, side: Side) -> bool {
        let Some(p) = cx.turn_placement() else {
            return false;
        };
        let kingdom = cx.table().kingdom(side);
        match (kingdom.content(p.first), kingdom.content(p.second())) {
            (crate::Content::Square(a), crate::Content::Square(b)) => a.terrain == b.terrain,
            _ => false,
        }
    }
}

impl Mechanism for Knights {
    const NAME: &'static str = "knights";
    type Params = KnightsParams;
    type State = KnightsState;
    type Action = KnightsAction;

    fn new(p: KnightsParams) -> Knights {
        Knights {
            starting: p.starting.as_u32(),
            per_turn: p.per_turn.as_u32(),
            supply: p.supply.as_u32(),
            coins_per_square: p.coins_per_square.as_u32(),
            tax_bonus: p.tax_bonus,
            same_territory: p.same_territory,
        }
    }

    fn params(&self) -> KnightsParams {
        KnightsParams {
            starting: Bounded::clamped(self.starting),
            per_turn: Bounded::clamped(self.per_turn),
            supply: Bounded::clamped(self.supply),
            coins_per_square: Bounded::clamped(self.coins_per_square),
            tax_bonus: self.tax_bonus,
            same_territory: self.same_territory,
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn resource_stat(&self, resource: &str, value: u32) -> Option<Stat> {
        (resource == "coins").then(|| describe::coins_stat(value))
    }

    fn title(&self) -> Option<String> {
        Some(self.title_of())
    }

    /// Without a module that gives a tax bonus (Kingdomino with knights: no buildings), the
    /// help says nothing of one.
    fn help_in(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<String> {
        self.help_lines(Self::bonus_given(ruleset, modules))
    }

    fn help(&self) -> Vec<String> {
        self.help_lines(true)
    }

    /// How many knights a turn may send, from `per-turn` (it had said "a knight", the limit
    /// unsaid), and what each earns.
    fn summary(&self) -> Option<String> {
        // (One line of the help: short words, `¢` for coins; the help's Tax lines say it whole.)
        let earns = match self.coins_per_square {
            1 => "its territory size in ¢".to_string(),
            n => format!("{n}¢ a territory square"),
        };
        Some(match self.per_turn {
            0 => "Tax: no knight may be sent here (0 a turn).".to_string(),
            1 => format!("Tax: 1 knight a turn on the new domino, earning {earns}."),
            n => format!("Tax: up to {n} knights a turn on the new domino, each {earns}."),
        })
    }

    fn prompt(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        Some(self.prompt_of(cx, side))
    }

    fn describe_choice(
        &self,
        cx: Cx<'_>,
        side: Side,
        typed: KnightsAction,
        action: Action,
    ) -> Option<ChoiceView> {
        let KnightsAction::Tax { square } = typed;
        let game = cx.table();
        let p = game.turn_placement()?;
        let cell = if square == 0 { p.first } else { p.second() };
        let kingdom = game.kingdom(side);
        let territory = kingdom.territory_at(cell)?;
        let terrain = describe::terrain_name(game.ruleset(), territory.terrain);
        let coins = cx.change_if_played(action, COINS).unwrap_or(0);
        // The square acted on first, then its territory's others.
        let cells = kingdom.territory_cells(cell);
        let size = describe::plural(territory.squares, "square", "squares");
        // The territory's coins (`coins-per-square` a square), the rest the buildings' bonus.
        let base = i64::from(territory.squares) * i64::from(self.coins_per_square);
        let bonus = coins - base;
        // The bonus said in the line too (the moves' log shows only the line).
        let bonus_words = if bonus > 0 {
            format!(" ({bonus}¢ bonus)")
        } else {
            String::new()
        };
        Some(ChoiceView {
            action,
            text: format!(
                "Tax {terrain} at {},{}: {size}, +{coins}¢{bonus_words}",
                cell.x, cell.y
            ),
            told: None,
            detail: format!(
                "A knight stays on the {terrain} square at {},{}; its territory of {size} brings {base}¢{}.",
                cell.x,
                cell.y,
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
            // Both squares of the domino in one territory: one tax, its square apart (the
            // knight's square changes nothing the tax brings).
            group: Some(format!(
                "Tax {terrain} (territory of {}), +{coins}¢{bonus_words}",
                territory.squares
            )),
        })
    }

    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        // Knights in hand are what the tax step can send; placed ones are drawn on the kingdom;
        // the buildings count every knight the side owns (a playtester could not check a
        // Knights' Lodge against `0kn`, the ones in hand).
        let hand = in_hand(cx, side);
        let owned = cx.get(side, KNIGHTS);
        // (Short, the ones in hand of the ones owned, `1/3kn`, where some are placed: `0kn`
        // alone read as none owned, beside a Knights' Lodge scoring three.)
        out.push(if owned == hand {
            Stat::counted(
                format!("{} in hand", describe::plural(hand, "knight", "knights")),
                hand,
                "kn",
            )
        } else {
            Stat::counted(
                format!(
                    "{} ({hand} in hand)",
                    describe::plural(owned, "knight", "knights")
                ),
                hand,
                "kn",
            )
            .out_of(owned)
        });
    }

    fn cell_marks(&self, cx: Cx<'_>, side: Side, out: &mut Vec<CellMark>) {
        if let Some(state) = cx.state::<KnightsState>() {
            out.extend(state.placed(side).iter().map(|&cell| CellMark {
                cell,
                symbol: 'k',
                what: "knight".into(),
            }));
        }
    }

    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        let Some(state) = cx.state::<KnightsState>() else {
            return;
        };
        for side in cx.table().all_sides() {
            let who = describe::side_ref(side);
            let placed = state.placed(side);
            // Knights in hand are the ones owned (a resource) less the ones placed (the state).
            if placed.len() as u64 > u64::from(cx.get(side, KNIGHTS)) {
                out.push(format!(
                    "{who} has {} knights placed but owns {}",
                    placed.len(),
                    cx.get(side, KNIGHTS)
                ));
            }
            let kingdom = cx.table().kingdom(side);
            for (i, &cell) in placed.iter().enumerate() {
                if !matches!(kingdom.content(cell), crate::Content::Square(_)) {
                    out.push(format!("{who}'s knight at {cell:?} is not on a square"));
                }
                if placed[..i].contains(&cell) {
                    out.push(format!("{who} has two knights at {cell:?}"));
                }
            }
        }
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let sides = ctx.sides;
        let needed = self.starting.saturating_mul(sides as u32);
        if needed > self.supply {
            return Err(format!(
                "{sides} sides starting with {} need {needed}, but the supply holds {}",
                describe::plural(self.starting, "knight", "knights"),
                self.supply
            ));
        }
        ctx.set_supply(KNIGHTS, self.supply - needed);
        ctx.set_all(KNIGHTS, self.starting);
        Ok(())
    }

    fn idle(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        _rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        if self.per_turn == 0 {
            return Some("knights can never collect tax: `per-turn` is 0".to_string());
        }
        // Knights beyond the starting ones come from another module (the buildings' tiles, or
        // a plugin's), and only while the supply lasts.
        let given = self.supply > 0 && super::anyone_adds(modules, ruleset, "knights", Self::NAME);
        if self.starting == 0 && !given {
            return Some(
                "no side ever has a knight: `starting` is 0 and no module can give one".to_string(),
            );
        }
        None
    }

    /// The coins of tax count only when another module spends or scores them, or a tie-break
    /// reads them.
    fn never_counts(
        &self,
        _ruleset: &crate::ruleset::Ruleset,
        rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<String> {
        let read =
            super::anyone_takes(modules, "coins", Self::NAME) || rules.tie_breaks_read("coins");
        if read {
            Vec::new()
        } else {
            vec![
                "the coins its tax brings never count: no other module of `modules` spends or scores coins (`wealth` scores them) and no tie-break reads them"
                    .to_string(),
            ]
        }
    }

    /// The tax's readings set where they change nothing: the bonus once a turn with no module
    /// giving one, a territory taxed once a turn where a turn sends one knight.
    fn never_reached(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        _rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<CheckProblem> {
        // Both readings are about a turn's second knight: where none is ever sent, they
        // change nothing (one a turn by `per-turn`, or one knight a side for the game).
        let second = if self.per_turn < 2 {
            Some(format!("`per-turn` is {}", self.per_turn))
        } else if self.starting < 2
            && !(self.supply > self.starting
                && super::anyone_adds(modules, ruleset, "knights", Self::NAME))
        {
            Some(format!(
                "a side starts with {} and no module of `modules` gives more",
                describe::plural(self.starting, "knight", "knights")
            ))
        } else {
            None
        };
        let mut out = Vec::new();
        for (key, reading) in [
            ("tax-bonus", self.tax_bonus),
            ("same-territory", self.same_territory),
        ] {
            if reading != TaxEach::OnceATurn {
                continue;
            }
            if let Some(why) = &second {
                out.push(CheckProblem::at(
                    key,
                    format!(
                        "`\"once-a-turn\"` changes nothing: {why}, so no turn sends a second knight"
                    ),
                ));
            } else if key == "tax-bonus" && !Self::bonus_given(ruleset, modules) {
                out.push(CheckProblem::at(
                    key,
                    "`\"once-a-turn\"` changes nothing: no tax bonus is ever given (`buildings` \
                     gives one by its tiles with a `tax-bonus`; none of `modules` does here)",
                ));
            }
        }
        out
    }

    fn can_add(&self, _ruleset: &crate::ruleset::Ruleset, resource: &str) -> bool {
        // Knights come in hand at the start only; tax brings coins.
        resource == "coins" || (resource == "knights" && self.starting > 0)
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[
                COINS_LINE,
                Directive {
                    word: "knights",
                    number: true,
                    repeats: false,
                    what: "knights in hand",
                },
            ],
            marks: &[Mark {
                symbol: '+',
                what: "knight",
            }],
        }
    }

    /// The knights of one table come from one supply (each kingdom alone is held to it as its
    /// file is read): together they are no more than it holds, less what the kingdoms not given
    /// start with (knights never leave a kingdom). Said once, at the kingdom whose knights pass
    /// it: at its `@knights` line, or its first knight's square.
    fn check_table(&self, table: &TableView<'_>) -> Vec<TableProblem> {
        let reserved = self.starting.saturating_mul(u32::from(table.unseen));
        let room = self.supply.saturating_sub(reserved);
        let Some((i, here, total)) = table.past_supply(room, |k| k.side.get(KNIGHTS)) else {
            return Vec::new();
        };
        let k = &table.kingdoms[i];
        let placed = k
            .side
            .state::<KnightsState>()
            .map_or(&[][..], |s| s.placed(k.side.side));
        let at = match placed.first() {
            Some(&cell) if here <= placed.len() as u32 => TableAt::Cell(cell),
            _ => TableAt::Directive("knights"),
        };
        let held = if table.kingdoms.len() == 1 {
            format!("{here} knights in this kingdom (placed and in hand)")
        } else {
            format!(
                "{total} knights at this table (placed and in hand, {here} of them in this \
                 kingdom)"
            )
        };
        let others = match table.unseen {
            _ if reserved == 0 => String::new(),
            1 => format!(
                ", less the {} the table's other kingdom starts with, so {room} at most",
                describe::plural(self.starting, "knight", "knights")
            ),
            n => format!(
                ", less the {reserved} knights the table's other {n} kingdoms start with ({} \
                 each), so {room} at most",
                self.starting
            ),
        };
        vec![TableProblem::new(
            i,
            at,
            format!(
                "{held}, but the supply holds {}{others}: the kingdoms' knights come from it",
                self.supply
            ),
        )]
    }

    fn check_marks(
        &self,
        _ruleset: &crate::ruleset::Ruleset,
        marks: &[FileMark<'_>],
    ) -> Vec<(usize, String)> {
        marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.count > MAX_KNIGHTS_PER_SQUARE)
            .map(|(i, m)| {
                (
                    i,
                    format!(
                        "{} knights on one square in `{}`; a square holds one knight at most \
                         (they go one to a square of the domino just placed)",
                        m.count, m.token
                    ),
                )
            })
            .collect()
    }

    fn read_mark(
        &self,
        mut edit: SideEdit<'_>,
        cell: Cell,
        _symbol: char,
        _number: Option<u32>,
        count: u32,
    ) -> Result<(), String> {
        self.check_owned(&edit, count)?;
        let side = edit.side;
        if let Some(state) = edit.state_mut::<KnightsState>() {
            state
                .placed
                .get_mut(side)
                .extend(std::iter::repeat_n(cell, count as usize));
        }
        edit.add(KNIGHTS, count);
        Ok(())
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        let res = if word == "coins" { COINS } else { KNIGHTS };
        if res == KNIGHTS {
            self.check_owned(&edit, value.unwrap_or(0))?;
        }
        edit.add(res, value.unwrap_or(0));
        Ok(())
    }

    fn write_marks(&self, side: SideView<'_>, out: &mut Vec<PlacedMark>) {
        let Some(state) = side.state::<KnightsState>() else {
            return;
        };
        let placed = state.placed(side.side);
        for (i, &cell) in placed.iter().enumerate() {
            if placed[..i].contains(&cell) {
                continue;
            }
            out.push(PlacedMark {
                cell,
                symbol: '+',
                number: None,
                count: placed.iter().filter(|c| **c == cell).count() as u32,
                crowns: 0,
            });
        }
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        let placed = side
            .state::<KnightsState>()
            .map_or(0, |s| s.placed(side.side).len() as u32);
        let hand = side.get(KNIGHTS).saturating_sub(placed);
        for (word, n) in [("coins", side.get(COINS)), ("knights", hand)] {
            if n > 0 {
                out.push((word, Some(n)));
            }
        }
    }

    fn points(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(_rules, _side))
    }

    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut Actions<'_, '_, KnightsAction>) {
        let open = self.open_squares(cx, side);
        for square in 0..2u8 {
            if open >> square & 1 == 1 {
                out.push(KnightsAction::Tax { square });
            }
        }
    }

    fn why_no_choice(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        // Both squares refused: the first's reason (no domino, no knight, the turn's taxes done)
        // holds for both, but where the first alone was taxed already: then the second's says
        // why the side may tax no more.
        let taxed = cx.state::<KnightsState>()?.taxed(cx.table().placed().len());
        let square = u8::from(taxed[0] && !taxed[1]);
        self.why_illegal(cx, side, KnightsAction::Tax { square })
    }

    fn why_illegal(&self, cx: Cx<'_>, side: Side, action: KnightsAction) -> Option<String> {
        let KnightsAction::Tax { square } = action;
        if square > 1 {
            return Some("a domino has two squares, 0 and 1".into());
        }
        if cx.turn_placement().is_none() {
            return Some("no domino was placed this turn, so there is nothing to tax".into());
        }
        let state = cx.state::<KnightsState>()?;
        let hand = cx
            .get(side, KNIGHTS)
            .saturating_sub(state.placed(side).len() as u32);
        if hand == 0 {
            return Some("no knight is left in hand".into());
        }
        let taxed = state.taxed(cx.table().placed().len());
        if taxed[usize::from(square)] {
            return Some("a knight taxed that square already".into());
        }
        let used = taxed.iter().filter(|t| **t).count() as u32;
        (used >= self.per_turn).then(|| {
            format!(
                "knights tax {} a turn, and that is done",
                describe::plural(self.per_turn, "square", "squares")
            )
        })
    }

    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        self.legal_action_count_of(cx, side)
    }

    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<KnightsAction> {
        let mut open = self.open_squares(cx, side);
        for _ in 0..n {
            open &= open.wrapping_sub(1);
        }
        (open != 0).then(|| KnightsAction::Tax {
            square: open.trailing_zeros() as u8,
        })
    }

    #[inline(always)]
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<KnightsAction> {
        let mut open = self.open_squares(cx, side);
        let pick = crate::rng::below(open.count_ones() + 1, next_u32);
        for _ in 0..pick {
            open &= open.wrapping_sub(1);
        }
        (open != 0).then(|| KnightsAction::Tax {
            square: open.trailing_zeros() as u8,
        })
    }

    #[inline(always)]
    fn apply(
        &self,
        mut cx: CxMut<'_>,
        side: Side,
        action: KnightsAction,
    ) -> Result<bool, IllegalAction> {
        let KnightsAction::Tax { square } = action;
        let Some(p) = cx.read().turn_placement() else {
            return Ok(false);
        };
        let cell = if square == 0 { p.first } else { p.second() };
        let territory = cx.table().kingdom(side).territory_size_at(cell);
        let turn = cx.table().placed().len();
        // The buildings' bonuses, each time tax is collected (see the `tax-bonus` resource), or
        // with the turn's first knight alone.
        let bonus = match self.tax_bonus {
            TaxEach::EachKnight => cx.get(side, TAX_BONUS),
            TaxEach::OnceATurn => {
                let first = cx
                    .read()
                    .state::<KnightsState>()
                    .is_none_or(|s| s.taxed(turn) == [false; 2]);
                if first { cx.get(side, TAX_BONUS) } else { 0 }
            }
        };
        let coins = territory.saturating_mul(self.coins_per_square) + bonus;
        cx.add(side, COINS, coins);
        let owned = cx.get(side, KNIGHTS);
        // The other square's territory taxed by this knight already: the step ends.
        let once =
            self.same_territory == TaxEach::OnceATurn && Self::one_territory(cx.read(), side);
        let Some(state) = cx.state_mut::<KnightsState>() else {
            return Ok(false);
        };
        state.taxed_this_turn = state.taxed(turn);
        state.taxed_turn = turn as u32;
        state.taxed_this_turn[usize::from(square.min(1))] = true;
        let placed = state.placed.get_mut(side);
        placed.push(cell);
        let hand = owned.saturating_sub(placed.len() as u32);
        let used = state.taxed_this_turn.iter().filter(|t| **t).count() as u32;
        Ok(used < self.per_turn && hand > 0 && used < 2 && !once)
    }
}

impl Knights {
    /// Whether a kingdom file's side may own `more` knights besides those read so far: no more
    /// than the supply holds.
    fn check_owned(&self, edit: &SideEdit<'_>, more: u32) -> Result<(), String> {
        let owned = edit.get(KNIGHTS).saturating_add(more);
        if owned > self.supply {
            return Err(format!(
                "{owned} knights in this kingdom (placed and in hand), but the supply holds {}",
                self.supply
            ));
        }
        Ok(())
    }

    fn title_of(&self) -> String {
        "Tax".to_string()
    }

    fn prompt_of(&self, cx: Cx<'_>, side: Side) -> String {
        let hand = in_hand(cx, side);
        format!(
            "Tax: send a knight onto a square of the domino just placed ({} in hand).",
            describe::plural(hand, "knight", "knights")
        )
    }

    fn points_of(&self, _rules: &crate::ruleset::Rules, _side: SideView<'_>) -> i32 {
        // Scores nothing of its own.
        0
    }

    fn legal_action_count_of(&self, cx: Cx<'_>, side: Side) -> u32 {
        self.open_squares(cx, side).count_ones()
    }
}

#[cfg(test)]
mod tests;

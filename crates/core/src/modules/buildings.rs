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

use super::bounded::{Bounded, BoundedList};
use super::describe::{self, CellMark, ChoiceView, Panel, PanelItem, PanelRow, Stat};
use super::file::{Directive, FileMark, FileSyntax, Mark, PlacedMark, TableView};
use super::mechanism::{Actions, Mechanism};
use super::{CheckProblem, Cx, CxMut, ModuleState, PerSide, Res, SetupContext, SideEdit, SideView};
use crate::action_text::ActionWord;
use crate::building::{Building, BuildingId, BuildingValue, Held, TaxBonus};
use crate::game::{Action, Game, IllegalAction};
use crate::geometry::Cell;
use crate::module_action::ModuleAction;
use crate::ruleset::Ruleset;
use crate::score::ScoreBreakdown;
use crate::side::Side;
use crate::terrain::TerrainId;
use serde::{Deserialize, Serialize};

/// The builders' action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
pub enum BuildingsAction {
    /// Build the face-up building of slot `slot` of the Builders' Board on the town square
    /// `cell`.
    Build { slot: u8, cell: Cell },
}

impl ModuleAction for BuildingsAction {
    const WORD: ActionWord = ActionWord {
        keyword: "build",
        form: "buildN@X,Y (build the building of board slot N, from 0, on the town square X,Y)",
        example: "build2@1,-1 (build)",
    };

    fn to_payload(self) -> u32 {
        let BuildingsAction::Build { slot, cell } = self;
        u32::from_le_bytes([slot, cell.x as u8, cell.y as u8, 0])
    }

    fn from_payload(payload: u32) -> Option<BuildingsAction> {
        let [slot, x, y, high] = payload.to_le_bytes();
        (high == 0).then_some(BuildingsAction::Build {
            slot,
            cell: Cell::new(x as i8, y as i8),
        })
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let BuildingsAction::Build { slot, cell } = self;
        write!(f, "build{slot}@")?;
        crate::geometry::write_cell(f, cell)
    }

    fn read(rest: &str) -> Option<BuildingsAction> {
        let (slot, cell) = rest.split_once('@')?;
        Some(BuildingsAction::Build {
            slot: crate::text::number(slot)?,
            cell: crate::geometry::read_cell(cell)?,
        })
    }
}

/// The title of the Builders' Board's panel (a module acting on the board names it in its
/// choices' [`describe::ChoiceView::row`], to have the row highlighted).
pub const BOARD: &str = "Builders' Board";

/// The Board's shorthand in words (the help's, wherever the Board shows).
const BOARD_LEGEND: &str = "On the Board: 1cr crowns on its square, +1kn knights, +1tw towers, \
     tax+kn (tax+tw) 1¢ more per knight (tower) you have at each tax; at the end 3pt points, \
     2/wheat per separate wheat territory, 1/tower per tower; 2¢* a price with the Queen's \
     discount.";

/// What the buildings keep and read ([`Module::declare`](super::Module::declare)): `board` is
/// this module's state, which the Dragon reaches through it.
const DECLARATION: super::Declaration = super::Declaration {
    provides: &["board", "towers", "tax-bonus"],
    table_wide: &["board"],
    shares: &["board"],
    reads: &["coins", "knights", "queen-host", "discount"],
    after: &["knights"],
    building_tiles: true,
    ..super::Declaration::NONE
};

/// A side's towers, and the table's tower supply.
const TOWERS: Res = DECLARATION.res_of("towers");
/// What each tax brings a side on top of the territory's squares.
const TAX_BONUS: Res = DECLARATION.res_of("tax-bonus");
const COINS: Res = DECLARATION.res_of("coins");
/// A side's knights owned, and the table's knight supply (the knights module's).
const KNIGHTS: Res = DECLARATION.res_of("knights");
const QUEEN_HOST: Res = DECLARATION.res_of("queen-host");
const DISCOUNT: Res = DECLARATION.res_of("discount");

/// What the buildings keep during a game: the Builders' Board, the pile, and what each side built.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BuildingsState {
    /// Face-up buildings by slot, cheapest slot first (`None`: empty until the next round):
    /// [`BuildingsState::board`], changed through [`BuildingsState::take`] and the refill at the
    /// end of a round, so that `filled` stays its mask.
    board: Vec<Option<BuildingId>>,
    /// The slots of `board` holding a building (bit `slot`, the first 64 slots), kept with it:
    /// every builder's and the Dragon's step asks for it.
    filled: u64,
    /// The building draw pile, next tile at the end. Its order is hidden from players.
    pub pile: Vec<BuildingId>,
    /// The terrain buildings stand on, looked up once at setup.
    pub town: Option<TerrainId>,
    /// Buildings built by each side (by side index), with their town square.
    pub built: PerSide<Vec<(BuildingId, Cell)>>,
    /// Each side's buildings with a tax bonus (by side index): per knight, per tower.
    pub tax_bonuses: Vec<(u32, u32)>,
    /// With `per-turn` above 1: the buildings built in the turn `built_turn` (dominoes placed
    /// or discarded so far: one a turn), so a turn's builds are counted without a hook at each
    /// turn's start.
    pub built_this_turn: u32,
    pub built_turn: u32,
    /// Whether some tile of the ruleset has a price of its own (`price` in the set, a house
    /// rule), added to its slot's: worked out at setup, so the printed game's affordable slots
    /// stay one look-up of the slots' prices.
    #[serde(default)]
    pub priced_tiles: bool,
}

impl ModuleState for BuildingsState {
    fn clear(&mut self) {
        self.board.clear();
        self.filled = 0;
        self.pile.clear();
        self.town = None;
        self.built.clear();
        self.tax_bonuses.fill((0, 0));
        self.built_this_turn = 0;
        self.built_turn = 0;
        self.priced_tiles = false;
    }
}

impl BuildingsState {
    /// The buildings `side` built, with their squares.
    pub fn built(&self, side: Side) -> &[(BuildingId, Cell)] {
        self.built.list(side)
    }

    /// Face-up buildings by slot, cheapest slot first (`None`: empty until the next round).
    pub fn board(&self) -> &[Option<BuildingId>] {
        &self.board
    }

    /// Take the building of board slot `slot` (built, or burnt by the Dragon): the slot stays
    /// empty until the end of the round.
    pub fn take(&mut self, slot: usize) -> Option<BuildingId> {
        let taken = self.board.get_mut(slot)?.take();
        if slot < 64 {
            self.filled &= !(1 << slot);
        }
        taken
    }

    /// The slots of the board holding a building (bit `slot`; the first 64 slots).
    #[inline]
    pub fn filled_slots(&self) -> u64 {
        self.filled
    }

    /// Work `filled` out again from the board, after the board changed as a whole.
    fn board_changed(&mut self) {
        self.filled = Self::mask_of(&self.board);
    }

    /// The slots of `board` holding a building, as a mask of the first 64.
    fn mask_of(board: &[Option<BuildingId>]) -> u64 {
        board
            .iter()
            .take(64)
            .enumerate()
            .fold(0, |mask, (slot, b)| mask | u64::from(b.is_some()) << slot)
    }

    /// Whether the mask of filled slots is the board's ([`Module::invariants`]).
    ///
    /// [`Module::invariants`]: super::Module::invariants
    pub(crate) fn mask_agrees(&self) -> bool {
        self.filled == Self::mask_of(&self.board)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buildings {
    /// The terrain buildings stand on.
    pub town: String,
    /// The price of each face-up slot, cheapest first.
    pub slot_prices: Vec<u32>,
    pub tower_supply: u32,
    /// Buildings a side may build in one turn (the rulebook's 1; a house rule may allow more).
    pub per_turn: u32,
    /// `within[b]`: the slots whose price is at most `b` (bit `slot`), for every `b` up to the
    /// dearest slot's price; worked out once from `slot_prices`, so a budget's affordable slots
    /// are one look-up.
    within: Vec<u16>,
}

/// The buildings module's parameters, as a ruleset gives them (`[rules.module.buildings]`): every key is
/// optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct BuildingsParams {
    /// The terrain buildings stand on (its name).
    pub town: String,
    /// The price of each face-up slot, cheapest first.
    pub slot_prices: BoundedList<Bounded<0, 1000>, 1, 16>,
    /// Towers in the general supply.
    pub tower_supply: Bounded<0, 1000>,
    /// Buildings a side may build in one turn (the rulebook: 1).
    pub per_turn: Bounded<1, 6>,
}

impl Default for BuildingsParams {
    fn default() -> BuildingsParams {
        BuildingsParams {
            town: "town".to_string(),
            slot_prices: BoundedList::truncated((0..6).map(Bounded::of).collect()),
            tower_supply: Bounded::of(15),
            per_turn: Bounded::of(1),
        }
    }
}

impl Buildings {
    fn town(&self, ruleset: &Ruleset) -> Option<TerrainId> {
        ruleset.terrain_by_name(&self.town)
    }

    /// Whether some domino of `ruleset` has a town square to build on (`None` when the town
    /// terrain is not one of the ruleset's: `check` reports that).
    fn town_on_a_domino(&self, ruleset: &Ruleset) -> Option<bool> {
        let town = self.town(ruleset)?;
        Some(
            ruleset
                .dominoes()
                .iter()
                .any(|d| d.first.terrain == town || d.second.terrain == town),
        )
    }

    /// What `side` pays for the building in `slot`: the slot's price plus the tile's own (a
    /// house rule's), less the Queen's discount.
    pub fn price(&self, cx: Cx<'_>, side: Side, slot: usize) -> u32 {
        self.full_price(cx, slot)
            .saturating_sub(self.discount(cx, side))
    }

    /// The price of the building in `slot` before any discount: the slot's price plus the
    /// tile's own (an empty slot's: the slot's).
    fn full_price(&self, cx: Cx<'_>, slot: usize) -> u32 {
        let base = self.slot_prices.get(slot).copied().unwrap_or(0);
        base.saturating_add(self.tile_price(cx, slot))
    }

    /// The price of its own of the tile in `slot` (0 for an empty slot, and in the printed game).
    fn tile_price(&self, cx: Cx<'_>, slot: usize) -> u32 {
        cx.state::<BuildingsState>()
            .map_or(0, |state| own_price(state, cx.table().ruleset(), slot))
    }

    /// Whether `side` pays less than the building's price for the building in `slot` (the
    /// Queen's discount): marked `*` beside the price.
    fn discounted(&self, cx: Cx<'_>, side: Side, slot: usize) -> bool {
        self.price(cx, side, slot) != self.full_price(cx, slot)
    }

    /// What `side` pays less for a building: the Queen's discount while hosting her.
    #[inline]
    fn discount(&self, cx: Cx<'_>, side: Side) -> u32 {
        if cx.get(side, QUEEN_HOST) > 0 {
            cx.supply(DISCOUNT)
        } else {
            0
        }
    }

    /// Town squares of `side`'s kingdom without a building.
    fn open_town_squares(&self, cx: Cx<'_>, side: Side) -> Vec<Cell> {
        let Some(state) = cx.state::<BuildingsState>() else {
            return Vec::new();
        };
        let Some(town) = state.town else {
            return Vec::new();
        };
        let built = state.built(side);
        let mut out = cx.table().kingdom(side).cells_of(town);
        out.retain(|cell| !built.iter().any(|&(_, c)| c == *cell));
        out
    }

    /// How many open town squares `side` has, without listing them. In a game every building
    /// stands on a town square of its own (building is legal nowhere else).
    #[inline]
    fn open_town_count(&self, cx: Cx<'_>, state: &BuildingsState, side: Side) -> u32 {
        let Some(town) = state.town else {
            return 0;
        };
        let built = state.built(side).len() as u32;
        cx.table()
            .kingdom(side)
            .count_of(town)
            .saturating_sub(built)
    }

    /// The `n`th open town square of `side` (in the order of `open_town_squares`).
    fn nth_open_town_square(
        &self,
        cx: Cx<'_>,
        state: &BuildingsState,
        side: Side,
        n: u32,
    ) -> Option<Cell> {
        let town = state.town?;
        let built = state.built(side).iter().map(|&(_, c)| c);
        cx.table().kingdom(side).nth_cell_of_except(town, built, n)
    }

    /// The slots `side` can afford, as a bit mask (bit `slot`).
    #[inline]
    fn affordable_slots(&self, cx: Cx<'_>, state: &BuildingsState, side: Side) -> u64 {
        // A slot is affordable when its price less the discount is at most the coins, that is
        // when its price is at most the coins plus the discount.
        let budget = cx.get(side, COINS).saturating_add(self.discount(cx, side)) as usize;
        let within = match self.within.get(budget) {
            Some(&w) => u64::from(w),
            None => self.within.last().map_or(0, |&w| u64::from(w)),
        };
        let slots = within & state.filled_slots();
        if !state.priced_tiles {
            return slots;
        }
        // Tiles with a price of their own (a house rule): of the slots within the budget, those
        // whose tile's price, added, still is.
        let ruleset = cx.table().ruleset();
        let mut kept = slots;
        let mut rest = slots;
        while rest != 0 {
            let slot = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let own = own_price(state, ruleset, slot);
            let full = self.slot_prices.get(slot).copied().unwrap_or(0) as usize + own as usize;
            if full > budget {
                kept &= !(1 << slot);
            }
        }
        kept
    }

    /// What one building is worth to a side at the end ([`BuildingValue::worth`]).
    fn value(&self, b: &crate::building::Building, side: SideView<'_>) -> Option<i32> {
        let buildings = || {
            side.state::<BuildingsState>()
                .map_or(0, |s| s.built(side.side).len())
        };
        b.value.worth(side.kingdom, |held| {
            held_count(held, |r| side.get(r), buildings)
        })
    }
}

/// `b`'s label, or with ` (2)`, ` (3)`, ... where `taken` says a line of the score has it.
fn unique_label(b: &Building, taken: impl Fn(&str) -> bool) -> String {
    let mut label = b.label();
    let mut k = 2;
    while taken(&label) {
        label = format!("{} ({k})", b.label());
        k += 1;
    }
    label
}

impl Buildings {
    /// The buildings `side` built that have a value, with their points, in the order built:
    /// what the score adds and its lines list.
    fn valued<'a>(&'a self, side: SideView<'a>) -> impl Iterator<Item = (&'a Building, i32)> + 'a {
        side.state::<BuildingsState>()
            .into_iter()
            .flat_map(move |state| state.built(side.side).iter())
            .filter_map(move |&(id, _)| {
                let b = side.ruleset.buildings().get(id.index())?;
                Some((b, self.value(b, side)?))
            })
    }

    /// How building `b`'s value counts on `side`'s kingdom, in words (`5 lake territories x 2`,
    /// `9 towers x 1`); `None` for a value of fixed points, which its number says.
    fn reckoning(&self, b: &Building, side: SideView<'_>) -> Option<String> {
        let held = |h: Held| {
            held_count(
                h,
                |r| side.get(r),
                || {
                    side.state::<BuildingsState>()
                        .map_or(0, |s| s.built(side.side).len())
                },
            )
        };
        // The count and the points `worth` multiplies, so the words say what was scored.
        let (count, points) = b.value.counted(side.kingdom, held)?;
        let terrain = |t| describe::terrain_name(side.ruleset, t);
        let counted = match b.value {
            BuildingValue::None | BuildingValue::Fixed { .. } => return None,
            BuildingValue::PerTerritory { terrain: t, .. } => describe::plural(
                count,
                &format!("{} territory", terrain(t)),
                &format!("{} territories", terrain(t)),
            ),
            BuildingValue::PerCrown { terrain: t, .. } => describe::plural(
                count,
                &format!("{} crown", terrain(t)),
                &format!("{} crowns", terrain(t)),
            ),
            BuildingValue::PerTower { .. } => describe::plural(count, "tower", "towers"),
            BuildingValue::PerKnight { .. } => describe::plural(count, "knight", "knights"),
            BuildingValue::PerBuilding { .. } => describe::plural(count, "building", "buildings"),
            BuildingValue::PerCoins { coins, .. } => format!(
                "{} in {}",
                describe::plural(held(Held::Coins), "coin", "coins"),
                describe::plural(
                    count,
                    &format!("lot of {coins}"),
                    &format!("lots of {coins}")
                )
            ),
        };
        Some(format!("{counted} x {points}"))
    }
}

/// How many of `held` a building's value counts: the side's resource (`get`) or the buildings
/// it has (`buildings`, asked only then).
#[inline]
fn held_count(held: Held, get: impl Fn(Res) -> u32, buildings: impl Fn() -> usize) -> i64 {
    match held {
        Held::Towers => i64::from(get(TOWERS)),
        Held::Knights => i64::from(get(KNIGHTS)),
        Held::Coins => i64::from(get(COINS)),
        Held::Buildings => buildings() as i64,
    }
}

impl Mechanism for Buildings {
    const NAME: &'static str = "buildings";
    type Params = BuildingsParams;
    type State = BuildingsState;
    type Action = BuildingsAction;

    fn new(p: BuildingsParams) -> Buildings {
        let slot_prices: Vec<u32> = p
            .slot_prices
            .as_slice()
            .iter()
            .map(|x| x.as_u32())
            .collect();
        Buildings {
            town: p.town,
            within: slots_within(&slot_prices),
            slot_prices,
            tower_supply: p.tower_supply.as_u32(),
            per_turn: p.per_turn.as_u32(),
        }
    }

    fn params(&self) -> BuildingsParams {
        BuildingsParams {
            town: self.town.clone(),
            slot_prices: BoundedList::truncated(
                self.slot_prices
                    .iter()
                    .map(|&x| Bounded::clamped(x))
                    .collect(),
            ),
            tower_supply: Bounded::clamped(self.tower_supply),
            per_turn: Bounded::clamped(self.per_turn),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn title(&self) -> Option<String> {
        Some(self.title_of())
    }

    fn help(&self) -> Vec<String> {
        let prices: Vec<String> = self.slot_prices.iter().map(u32::to_string).collect();
        vec![
            "Build: buy a building from the Builders' Board at its slot's price.".into(),
            format!(
                "The slots cost {} {}.",
                prices.join(", "),
                if self.slot_prices == [1] {
                    "coin"
                } else {
                    "coins"
                }
            ),
            format!(
                "It goes on an open {} square of your kingdom (its crowns count there) and gives its knights or towers at once.",
                self.town
            ),
            if self.per_turn == 1 {
                "At the end it scores its value. One building a turn.".into()
            } else {
                format!(
                    "At the end it scores its value. Up to {} buildings a turn (a house rule; the rulebook's is one).",
                    self.per_turn
                )
            },
            BOARD_LEGEND.into(),
            // The shipped set's own words, said in play too: the tiles are not the box's as
            // printed (a player with the box sees other effects). The prices only where they
            // are the shipped ones.
            if self.slot_prices == [0, 1, 2, 3, 4, 5] {
                "(The shipped Queendomino tiles' crowns and values are the box's; their knights, towers, tax bonuses, most names and these slot prices are unpublished and chosen here to fit the box's totals.)".into()
            } else {
                "(The shipped Queendomino tiles' crowns and values are the box's; their knights, towers, tax bonuses and most names are unpublished and chosen here to fit the box's totals.)".into()
            },
        ]
    }

    // With tiles priced by a house rule, the first line says the price is the slot's plus the
    // tile's own (the Board shows each tile's whole price).
    fn help_in(&self, ruleset: &Ruleset, _modules: &[Box<dyn super::Module>]) -> Vec<String> {
        let mut lines = self.help();
        if ruleset.buildings_priced()
            && let Some(first) = lines.first_mut()
        {
            *first = "Build: buy a building from the Builders' Board at its slot's price plus its own (a house rule: the Board shows each tile's whole price).".into();
        }
        lines
    }

    fn rule_lines(&self) -> Vec<String> {
        // The Board's shorthand, wherever the Board is in view (not only in the Build step).
        self.summary()
            .into_iter()
            .chain([BOARD_LEGEND.into()])
            .collect()
    }

    fn summary(&self) -> Option<String> {
        Some(format!(
            "Build: buildings on {} squares: knights/towers now, points at the end.",
            self.town
        ))
    }

    fn describe_choice(
        &self,
        cx: Cx<'_>,
        side: Side,
        typed: BuildingsAction,
        action: Action,
    ) -> Option<ChoiceView> {
        let BuildingsAction::Build { slot, cell } = typed;
        let game = cx.table();
        let state = cx.state::<BuildingsState>()?;
        let (b, t) = describe::board_choice(game.ruleset(), state, slot)?;
        let price = -cx.change_if_played(action, COINS).unwrap_or(0);
        // What it gives now is what the supplies still hold (all of it, but near the end of a
        // big table's game).
        let knights = u8::try_from(cx.supply(KNIGHTS)).unwrap_or(u8::MAX);
        let towers = u8::try_from(cx.supply(TOWERS)).unwrap_or(u8::MAX);
        let short_of = b.knights > knights || b.towers > towers;
        let t = if short_of {
            let given = Building {
                knights: b.knights.min(knights),
                towers: b.towers.min(towers),
                ..b.clone()
            };
            let mut t = describe::building_text(game.ruleset(), &given);
            t.now_full = format!(
                "{} (the supply holds {} and {})",
                t.now_full,
                describe::plural(knights, "knight", "knights"),
                describe::plural(towers, "tower", "towers")
            );
            t
        } else {
            t
        };
        let short = [t.now.as_str(), t.end.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        // Worth once built: its own towers, knights and coins counted (a tower tile's points).
        let worth = cx
            .if_played(action, |view| self.value(b, view))
            .flatten()
            .map(|w| format!(" (now worth {})", describe::plural(w, "point", "points")))
            .unwrap_or_default();
        // What it gives and scores before where (the square shows on the board), so a list cut
        // short loses the square rather than the value; `*` where the Queen's discount lowered
        // the price, as the Board marks it.
        let what = [
            format!(
                "{} {price}¢{}",
                t.name,
                if self.discounted(cx, side, usize::from(slot)) {
                    "*"
                } else {
                    ""
                }
            ),
            short.clone(),
        ]
        .iter()
        .filter(|p| !p.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
        Some(ChoiceView {
            action,
            text: format!("{what} at {},{}", cell.x, cell.y),
            told: Some(format!(
                "Build {} for {price}¢ at {},{}",
                t.name, cell.x, cell.y
            )),
            detail: format!(
                "{} for {price}¢: {}; {}{worth}.",
                t.name, t.now_full, t.end_full
            ),
            cost: Some(format!("{}¢", self.price(cx, side, usize::from(slot)))),
            gives: (!short.is_empty()).then_some(short),
            cells: vec![cell],
            row: Some((BOARD.to_string(), usize::from(slot))),
            // The same building at each square it may stand on: one thing, the square apart.
            group: Some(what),
        })
    }

    fn prompt(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let priced = cx.state::<BuildingsState>().is_some_and(|s| s.priced_tiles);
        let head = if priced {
            "Build: buy a building from the Builders' Board at its slot's price plus its own"
        } else {
            "Build: buy a building from the Builders' Board at its slot's price"
        };
        Some(match self.too_dear(cx, side) {
            None => format!("{head}."),
            Some(note) => format!("{head} ({note})."),
        })
    }

    fn note(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        self.too_dear(cx, side)
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        let game = cx.table();
        let Some(state) = cx.state::<BuildingsState>() else {
            return;
        };
        let ruleset = game.ruleset();
        // Prices for the side to act (the first side once the game is over).
        let side = game.side_to_act().unwrap_or_default();
        let mut rows: Vec<PanelRow> = state
            .board
            .iter()
            .enumerate()
            .map(|(slot, b)| {
                let item = match b.and_then(|id| ruleset.buildings().get(id.index())) {
                    Some(b) => {
                        let t = describe::building_text(ruleset, b);
                        PanelItem {
                            price: format!("{}¢", self.price(cx, side, slot)),
                            mark: self.discounted(cx, side, slot).then_some('*'),
                            figures: t.figures(),
                            name: t.name,
                        }
                    }
                    None => PanelItem {
                        price: String::new(),
                        mark: None,
                        name: "(empty)".to_string(),
                        figures: Vec::new(),
                    },
                };
                PanelRow::Item(item)
            })
            .collect();
        // The tiles left to draw are public (their order is not): an empty slot late in the
        // game is then read as the pile spent, not as something amiss. Counted as tiles: the
        // header's `pile` counts the dominoes.
        rows.push(PanelRow::Text(format!(
            "supply {}kn {}tw, {} tiles",
            cx.supply(KNIGHTS),
            cx.supply(TOWERS),
            state.pile.len()
        )));
        out.push(Panel {
            title: BOARD.to_string(),
            rows,
        });
    }

    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        let n = cx.get(side, TOWERS);
        out.push(Stat::counted(
            describe::plural(n, "tower", "towers"),
            n,
            "tw",
        ));
    }

    fn cell_marks(&self, cx: Cx<'_>, side: Side, out: &mut Vec<CellMark>) {
        let Some(state) = cx.state::<BuildingsState>() else {
            return;
        };
        out.extend(state.built(side).iter().map(|&(_, cell)| CellMark {
            cell,
            symbol: 'B',
            what: "building".into(),
        }));
    }

    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        let Some(state) = cx.state::<BuildingsState>() else {
            return;
        };
        if !state.mask_agrees() {
            out.push("the mask of filled slots is not the Builders' Board's".into());
        }
        let ruleset = cx.table().ruleset();
        for side in cx.table().all_sides() {
            let who = describe::side_ref(side);
            let kingdom = cx.table().kingdom(side);
            let built = state.built(side);
            let mut per = (0u32, 0u32);
            for (i, &(id, cell)) in built.iter().enumerate() {
                let on_town = matches!(kingdom.content(cell), crate::Content::Square(sq) if Some(sq.terrain) == state.town);
                if !on_town {
                    out.push(format!(
                        "{who}'s building {id:?} at {cell:?} is not on a town square"
                    ));
                }
                if built[..i].iter().any(|&(_, c)| c == cell) {
                    out.push(format!("{who} has two buildings at {cell:?}"));
                }
                match ruleset.buildings().get(id.index()).map(|b| b.tax_bonus) {
                    Some(TaxBonus::PerKnight) => per.0 += 1,
                    Some(TaxBonus::PerTower) => per.1 += 1,
                    _ => {}
                }
            }
            // Kept apart from the buildings built, and the bonus as a resource too: each must
            // be what the buildings make it.
            let kept = state
                .tax_bonuses
                .get(side.index())
                .copied()
                .unwrap_or_default();
            if kept != per {
                out.push(format!(
                    "{who}'s tax bonuses are kept as {kept:?}, its buildings give {per:?}"
                ));
            }
            let bonus = per
                .0
                .saturating_mul(cx.get(side, KNIGHTS))
                .saturating_add(per.1.saturating_mul(cx.get(side, TOWERS)));
            if cx.get(side, TAX_BONUS) != bonus {
                out.push(format!(
                    "{who}'s `tax-bonus` is {}, its buildings, knights and towers make it {bonus}",
                    cx.get(side, TAX_BONUS)
                ));
            }
        }
    }

    fn check(&self, ruleset: &Ruleset) -> Vec<CheckProblem> {
        let mut problems = Vec::new();
        if let Err(why) = ruleset.terrain_named(&self.town) {
            // The shipped town terrain missing altogether: the dominoes that have it say where.
            let hint = if self.town == "town" {
                " (buildings are built on town squares: Queendomino's dominoes have them, \
                 `add-sets = [\"queendomino\"]`)"
            } else {
                ""
            };
            problems.push(CheckProblem::at("town", format!("town {why}{hint}")));
        }
        if ruleset.buildings().is_empty() {
            problems.push(CheckProblem::whole(
                "the ruleset holds no building tiles (its sets have none, or `remove-buildings` \
                 took them all; Queendomino's are the set `queendomino-buildings`: \
                 `add-sets = [\"queendomino-buildings\"]`)",
            ));
        }
        problems
    }

    fn can_add(&self, ruleset: &Ruleset, resource: &str) -> bool {
        // What a building tile gives when built: only what some tile of the ruleset has, and
        // nothing when no domino has a town square to build on.
        if self.town_on_a_domino(ruleset) != Some(true) {
            return false;
        }
        let tiles = ruleset.buildings();
        match resource {
            "towers" => self.tower_supply > 0 && tiles.iter().any(|b| b.towers > 0),
            "knights" => tiles.iter().any(|b| b.knights > 0),
            "coins" => tiles.iter().any(|b| b.coins > 0),
            "tax-bonus" => tiles
                .iter()
                .any(|b| b.tax_bonus != crate::building::TaxBonus::None),
            "board" => true,
            _ => false,
        }
    }

    /// Tiles dealing in knights with no module keeping knights.
    fn never_counts(
        &self,
        ruleset: &Ruleset,
        _rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Vec<String> {
        let kept = modules
            .iter()
            .any(|m| m.name() != Self::NAME && m.declare().provides.contains(&"knights"));
        if kept {
            return Vec::new();
        }
        let in_knights: Vec<String> = ruleset
            .buildings()
            .iter()
            .filter(|b| {
                b.knights > 0
                    || matches!(b.value, BuildingValue::PerKnight { .. })
                    || b.tax_bonus == TaxBonus::PerKnight
            })
            .map(Building::label)
            .collect();
        if in_knights.is_empty() {
            return Vec::new();
        }
        let shown: Vec<&str> = in_knights.iter().take(3).map(String::as_str).collect();
        let more = if in_knights.len() > shown.len() {
            ", ..."
        } else {
            ""
        };
        vec![format!(
            "{} deal in knights ({}{more}: knights given, points or tax per knight), but no module of `modules` keeps knights, so that part of them counts for nothing",
            describe::plural(in_knights.len() as i64, "tile", "tiles"),
            shown.join(", ")
        )]
    }

    fn idle(
        &self,
        ruleset: &Ruleset,
        _rules: &crate::ruleset::Rules,
        _modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        let on_a_domino = self.town_on_a_domino(ruleset)?;
        (!on_a_domino).then(|| {
            format!(
                "no domino has a `{}` square, so nothing can ever be built",
                self.town
            )
        })
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.set_supply(TOWERS, self.tower_supply);
        let town = self.town(ctx.ruleset);
        let count = ctx.ruleset.buildings().len() as u16;
        let priced_tiles = ctx.ruleset.buildings_priced();
        let sides = usize::from(ctx.sides);
        let mut pile: Vec<BuildingId> = Vec::new();
        let Some(state) = ctx.state_mut::<BuildingsState>() else {
            return Ok(());
        };
        state.town = town;
        state.priced_tiles = priced_tiles;
        state.tax_bonuses.clear();
        state.tax_bonuses.resize(sides, (0, 0));
        std::mem::swap(&mut pile, &mut state.pile);
        pile.clear();
        pile.extend((0..count).map(BuildingId));
        ctx.rng.shuffle(&mut pile);
        let Some(state) = ctx.state_mut::<BuildingsState>() else {
            return Ok(());
        };
        state.pile = pile;
        state.board.clear();
        state.board.resize(self.slot_prices.len(), None);
        refill(state);
        Ok(())
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[Directive {
                word: "towers",
                number: true,
                repeats: false,
                what: "towers",
            }],
            marks: &[Mark {
                symbol: '[',
                what: "building",
            }],
        }
    }

    fn check_marks(&self, ruleset: &Ruleset, marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let town = self.town(ruleset);
        let buildings = ruleset.buildings();
        // (building index, mark index) of each building seen so far.
        let mut placed: Vec<(usize, usize)> = Vec::new();
        for (i, m) in marks.iter().enumerate() {
            let n = m.number.unwrap_or(0);
            let Some(b) = buildings.iter().position(|b| u32::from(b.number) == n) else {
                let mut numbers: Vec<u16> = buildings.iter().map(|b| b.number).collect();
                numbers.sort_unstable();
                // In runs (`1, 3 to 29, 31, 32, 40, 41`): tiles removed leave gaps.
                let known = if numbers.is_empty() {
                    "this ruleset has no buildings".to_string()
                } else {
                    format!(
                        "this ruleset's buildings are numbered {}",
                        crate::text::number_runs(&numbers, |n| n.to_string())
                    )
                };
                out.push((
                    i,
                    format!("unknown building number {n} in `{}`; {known}", m.token),
                ));
                continue;
            };
            let building = &buildings[b];
            if town != Some(m.square.terrain) {
                let what = ruleset
                    .terrains()
                    .get(m.square.terrain.index())
                    .map_or("?", |t| t.name.as_str());
                let message = match town.and_then(|t| ruleset.terrains().get(t.index())) {
                    Some(t) => format!(
                        "building {} ({}) must stand on a {} square; this square is {what}",
                        building.number,
                        building.label(),
                        t.name
                    ),
                    None => format!(
                        "building {} ({}) needs a town square, but this ruleset has no town terrain",
                        building.number,
                        building.label()
                    ),
                };
                out.push((i, message));
            }
            match placed.iter().find(|(x, _)| *x == b) {
                Some(&(_, first)) => out.push((
                    i,
                    format!(
                        "building {} ({}) is already at line {}, column {}: each building is built once",
                        building.number,
                        building.label(),
                        marks[first].line,
                        marks[first].column
                    ),
                )),
                None => placed.push((b, i)),
            }
            if m.square.crowns.saturating_add(building.crowns) > crate::domino::MAX_CROWNS {
                out.push((
                    i,
                    format!(
                        "{} crowns on the square and {} on building {}: a square holds at most {}",
                        m.square.crowns,
                        building.crowns,
                        building.number,
                        crate::domino::MAX_CROWNS
                    ),
                ));
            }
        }
        out
    }

    /// Each building is built once at a table, not once a kingdom; and the table's towers come
    /// from one supply (each kingdom alone is held to it as its file is read): together they
    /// are no more than it holds, said once, at the `@towers` line of the kingdom whose towers
    /// pass it.
    fn check_table(&self, table: &TableView<'_>) -> Vec<super::TableProblem> {
        let kingdoms = table.kingdoms;
        let mut out = Vec::new();
        if let Some((i, here, total)) = table.past_supply(self.tower_supply, |k| k.side.get(TOWERS))
        {
            out.push(super::TableProblem::new(
                i,
                super::TableAt::Directive("towers"),
                format!(
                    "{total} towers at this table ({here} of them in this kingdom), but the \
                     supply holds {}: the kingdoms' towers come from it",
                    self.tower_supply
                ),
            ));
        }
        // (building, the kingdom it was first seen in).
        let mut seen: Vec<(BuildingId, usize)> = Vec::new();
        for (i, k) in kingdoms.iter().enumerate() {
            let Some(state) = k.side.state::<BuildingsState>() else {
                continue;
            };
            for &(b, cell) in state.built(k.side.side) {
                match seen.iter().find(|(x, _)| *x == b) {
                    Some(&(_, first)) if first != i => {
                        let Some(building) = k.side.ruleset.buildings().get(usize::from(b.0))
                        else {
                            continue;
                        };
                        out.push(super::TableProblem::new(
                            i,
                            super::TableAt::Cell(cell),
                            format!(
                                "building {} ({}) is built in `{}` too: each building is built once",
                                building.number,
                                building.label(),
                                kingdoms[first].name
                            ),
                        ));
                    }
                    Some(_) => {}
                    None => seen.push((b, i)),
                }
            }
        }
        out
    }

    fn read_mark(
        &self,
        mut edit: SideEdit<'_>,
        cell: Cell,
        _symbol: char,
        number: Option<u32>,
        _count: u32,
    ) -> Result<(), String> {
        let n = number.unwrap_or(0);
        let Some((index, crowns)) = edit
            .ruleset
            .buildings()
            .iter()
            .enumerate()
            .find(|(_, b)| u32::from(b.number) == n)
            .map(|(i, b)| (i, b.crowns))
        else {
            return Err(format!("unknown building number {n}"));
        };
        edit.kingdom_mut()
            .add_crowns(cell, crowns)
            .map_err(|e| e.to_string())?;
        let side = edit.side;
        if let Some(state) = edit.state_mut::<BuildingsState>() {
            // At most 256 buildings (the rules crate's limit), so the index fits.
            state.built.push(side, (BuildingId(index as u16), cell));
        }
        Ok(())
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        // No more than the supply holds, as the knights' file marks are held to theirs.
        let towers = edit.get(TOWERS).saturating_add(value.unwrap_or(0));
        if towers > self.tower_supply {
            return Err(format!(
                "{towers} towers in this kingdom, but the supply holds {}",
                self.tower_supply
            ));
        }
        edit.add(TOWERS, value.unwrap_or(0));
        Ok(())
    }

    fn write_marks(&self, side: SideView<'_>, out: &mut Vec<PlacedMark>) {
        let Some(state) = side.state::<BuildingsState>() else {
            return;
        };
        for &(id, cell) in state.built(side.side) {
            if let Some(b) = side.ruleset.buildings().get(id.index()) {
                out.push(PlacedMark {
                    cell,
                    symbol: '[',
                    number: Some(u32::from(b.number)),
                    count: 1,
                    crowns: b.crowns,
                });
            }
        }
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        let towers = side.get(TOWERS);
        if towers > 0 {
            out.push(("towers", Some(towers)));
        }
    }

    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut Actions<'_, '_, BuildingsAction>) {
        let Some(state) = cx.state::<BuildingsState>() else {
            return;
        };
        let coins = cx.get(side, COINS);
        let squares = self.open_town_squares(cx, side);
        if squares.is_empty() {
            return;
        }
        for (slot, b) in state.board.iter().enumerate() {
            if b.is_some() && self.price(cx, side, slot) <= coins {
                for &cell in &squares {
                    out.push(BuildingsAction::Build {
                        slot: slot as u8,
                        cell,
                    });
                }
            }
        }
    }

    fn why_no_choice(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let state = cx.state::<BuildingsState>()?;
        if self.open_town_count(cx, state, side) == 0 {
            let town = state.town?;
            return Some(format!(
                "no {} square of the kingdom is free for a building",
                describe::terrain_name(cx.table().ruleset(), town)
            ));
        }
        let cheapest = (0..state.board().len())
            .filter(|&slot| matches!(state.board().get(slot), Some(Some(_))))
            .map(|slot| self.price(cx, side, slot))
            .min();
        let coins = cx.get(side, COINS);
        match cheapest {
            None => Some("the Builders' Board is empty".into()),
            Some(price) if price > coins => Some(format!(
                "the cheapest building costs {price}¢, and the kingdom has {coins}¢"
            )),
            Some(_) => None,
        }
    }

    fn why_illegal(&self, cx: Cx<'_>, side: Side, action: BuildingsAction) -> Option<String> {
        let BuildingsAction::Build { slot, cell } = action;
        let state = cx.state::<BuildingsState>()?;
        let board = state.board();
        let building = match board.get(usize::from(slot)) {
            None => {
                return Some(format!(
                    "the Builders' Board has slots 0 to {}",
                    board.len().saturating_sub(1)
                ));
            }
            Some(None) => return Some(format!("slot {slot} of the Builders' Board is empty")),
            Some(Some(id)) => cx.table().ruleset().buildings().get(id.index())?,
        };
        let (price, coins) = (self.price(cx, side, usize::from(slot)), cx.get(side, COINS));
        if price > coins {
            return Some(format!(
                "{} costs {price}¢, and the kingdom has {coins}¢",
                building.label()
            ));
        }
        if state.built(side).iter().any(|&(_, c)| c == cell) {
            return Some(format!(
                "a building stands on {},{} already",
                cell.x, cell.y
            ));
        }
        let town = state.town?;
        let on_town = matches!(
            cx.table().kingdom(side).content(cell),
            crate::kingdom::Content::Square(sq) if sq.terrain == town
        );
        (!on_town).then(|| {
            format!(
                "{},{} is not a {} square of the kingdom: a building stands on a town square",
                cell.x,
                cell.y,
                describe::terrain_name(cx.table().ruleset(), town)
            )
        })
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
    ) -> Option<BuildingsAction> {
        // As `legal_action_count` then `nth_legal_action`, the squares and slots worked out once.
        let state = cx.state::<BuildingsState>();
        let (squares, mut slots) = match state {
            Some(state) => {
                let squares = self.open_town_count(cx, state, side);
                let slots = if squares == 0 {
                    0
                } else {
                    self.affordable_slots(cx, state, side)
                };
                (squares, slots)
            }
            None => (0, 0),
        };
        let count = slots.count_ones() * squares;
        let n = crate::rng::below(count + 1, next_u32);
        if n >= count {
            return None;
        }
        for _ in 0..n / squares {
            slots &= slots.wrapping_sub(1);
        }
        let cell = self.nth_open_town_square(cx, state?, side, n % squares)?;
        Some(BuildingsAction::Build {
            slot: slots.trailing_zeros() as u8,
            cell,
        })
    }

    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<BuildingsAction> {
        let state = cx.state::<BuildingsState>()?;
        let squares = self.open_town_count(cx, state, side);
        if squares == 0 {
            return None;
        }
        // Slot by slot, each slot with every open square: as `legal_actions` lists them.
        let mut slots = self.affordable_slots(cx, state, side);
        for _ in 0..n / squares {
            slots &= slots.wrapping_sub(1);
        }
        if slots == 0 {
            return None;
        }
        let cell = self.nth_open_town_square(cx, state, side, n % squares)?;
        Some(BuildingsAction::Build {
            slot: slots.trailing_zeros() as u8,
            cell,
        })
    }

    #[inline(always)]
    fn apply(
        &self,
        mut cx: CxMut<'_>,
        side: Side,
        action: BuildingsAction,
    ) -> Result<bool, IllegalAction> {
        let BuildingsAction::Build { slot, cell } = action;
        let slot = usize::from(slot);
        // The slot's price less the discount; a tile's own price (a house rule) is added below.
        let slot_price = self.slot_prices.get(slot).copied().unwrap_or(0);
        let discount = self.discount(cx.read(), side);
        // (Only where more than one a turn is allowed: the turn, to count its builds: each
        // turn places or discards one domino, so their count tells turns apart; a discard
        // places nothing.)
        let turn = if self.per_turn > 1 {
            (cx.table().placed().len() + cx.table().discarded().len()) as u32
        } else {
            0
        };
        // The board, the side's buildings and its tax bonuses in one borrow of the state.
        let (state, ruleset) = cx.state_mut_and_ruleset::<BuildingsState>();
        let Some(state) = state else {
            return Ok(false);
        };
        let Some(id) = state.take(slot) else {
            return Ok(false);
        };
        let Some((crowns, knights, towers, coins, tax, own_price)) = ruleset
            .buildings()
            .get(id.index())
            .map(|b| (b.crowns, b.knights, b.towers, b.coins, b.tax_bonus, b.price))
        else {
            return Ok(false);
        };
        let price = slot_price
            .saturating_add(u32::from(own_price))
            .saturating_sub(discount);
        state.built.push(side, (id, cell));
        let built_this_turn = if self.per_turn > 1 {
            let before = if state.built_turn == turn {
                state.built_this_turn
            } else {
                0
            };
            state.built_turn = turn;
            state.built_this_turn = before + 1;
            state.built_this_turn
        } else {
            1
        };
        // The tax bonus: +1 per knight owned for each building with that bonus, +1 per tower
        // for each with that one (kept up to date here: only buildings change knights and
        // towers).
        let per = match state.tax_bonuses.get_mut(side.index()) {
            Some(per) => {
                match tax {
                    TaxBonus::PerKnight => per.0 += 1,
                    TaxBonus::PerTower => per.1 += 1,
                    TaxBonus::None => {}
                }
                *per
            }
            None => (0, 0),
        };
        let _ = cx.kingdom_mut(side).add_crowns(cell, crowns);
        let coins_now = cx.get(side, COINS);
        cx.set(
            side,
            COINS,
            coins_now
                .saturating_sub(price)
                .saturating_add(u32::from(coins)),
        );
        if knights > 0 {
            let knights = cx.take_supply(KNIGHTS, u32::from(knights));
            cx.add(side, KNIGHTS, knights);
        }
        if towers > 0 {
            let towers = cx.take_supply(TOWERS, u32::from(towers));
            cx.add(side, TOWERS, towers);
        }
        if per != (0, 0) {
            let bonus = per
                .0
                .saturating_mul(cx.get(side, KNIGHTS))
                .saturating_add(per.1.saturating_mul(cx.get(side, TOWERS)));
            cx.set(side, TAX_BONUS, bonus);
        }
        // One building a turn, or `per-turn`: the step goes on while another can be built.
        Ok(built_this_turn < self.per_turn && self.legal_action_count_of(cx.read(), side) > 0)
    }

    fn has_end_round(&self) -> bool {
        true
    }

    #[inline(always)]
    fn end_round(&self, mut cx: CxMut<'_>) {
        if let Some(state) = cx.state_mut::<BuildingsState>() {
            refill(state);
        }
    }

    fn resample_hidden(&self, mut cx: CxMut<'_>, next_u32: &mut dyn FnMut() -> u32) {
        let Some(state) = cx.state_mut::<BuildingsState>() else {
            return;
        };
        crate::rng::resample_pile(&mut state.pile, next_u32);
    }

    fn points(&self, _rules: &crate::ruleset::Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(_rules, side))
    }

    // Each building's line says how its points were counted (`5 lake territories x 2`): the
    // tile's rule left the screen with the Builders' Board, and a player checks the line by it.
    fn score_lines(
        &self,
        _rules: &crate::Rules,
        side: SideView<'_>,
    ) -> Option<Vec<describe::ScoreLine>> {
        let mut lines: Vec<describe::ScoreLine> = Vec::new();
        for (b, points) in self.valued(side) {
            let label = unique_label(b, |l| lines.iter().any(|x| x.label == l));
            lines.push(describe::ScoreLine {
                label,
                points,
                detail: self.reckoning(b, side),
                short: None,
            });
        }
        Some(lines)
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        for (b, points) in self.valued(side) {
            let key = unique_label(b, |l| breakdown.bonuses.iter().any(|x| x.key == l));
            breakdown.add_bonus(key, points);
        }
    }
}

impl Buildings {
    /// The tiles on the Board `side` cannot pay for, said (`you have 4¢: not enough for Small
    /// Tavern 5¢`): the step's list leaves them out, so the prompt says why (a playtester with
    /// 4¢ looked for the Sawmill at 5¢). `None` when every tile is affordable.
    fn too_dear(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let state = cx.state::<BuildingsState>()?;
        let ruleset = cx.table().ruleset();
        let coins = cx.get(side, COINS);
        let dear: Vec<String> = state
            .board
            .iter()
            .enumerate()
            .filter_map(|(slot, b)| {
                let b = ruleset.buildings().get((*b)?.index())?;
                let price = self.price(cx, side, slot);
                (price > coins).then(|| format!("{} {price}¢", b.name))
            })
            .collect();
        (!dear.is_empty()).then(|| format!("you have {coins}¢: not enough for {}", dear.join(", ")))
    }

    fn title_of(&self) -> String {
        "Build".to_string()
    }

    fn points_of(&self, _rules: &crate::ruleset::Rules, side: SideView<'_>) -> i32 {
        let Some(state) = side.state::<BuildingsState>() else {
            return 0;
        };
        state
            .built(side.side)
            .iter()
            .filter_map(|&(id, _)| side.ruleset.buildings().get(id.index()))
            .filter_map(|b| self.value(b, side))
            .sum()
    }

    fn legal_action_count_of(&self, cx: Cx<'_>, side: Side) -> u32 {
        let Some(state) = cx.state::<BuildingsState>() else {
            return 0;
        };
        let squares = self.open_town_count(cx, state, side);
        if squares == 0 {
            return 0;
        }
        self.affordable_slots(cx, state, side).count_ones() * squares
    }
}

/// The price of its own (a house rule's `price`) of the tile in `slot` of `state`'s Board: 0
/// for an empty slot, and without priced tiles (the printed game: no look-up).
fn own_price(state: &BuildingsState, ruleset: &Ruleset, slot: usize) -> u32 {
    if !state.priced_tiles {
        return 0;
    }
    state
        .board
        .get(slot)
        .copied()
        .flatten()
        .and_then(|id| ruleset.buildings().get(id.index()))
        .map_or(0, |b| u32::from(b.price))
}

/// Slide the face-up buildings to the cheapest slots, then fill the empty slots from the pile.
/// For every budget from 0 to the dearest slot's price, the slots priced within it.
fn slots_within(prices: &[u32]) -> Vec<u16> {
    let dearest = prices.iter().copied().max().unwrap_or(0);
    (0..=dearest)
        .map(|budget| {
            prices
                .iter()
                .take(16)
                .enumerate()
                .filter(|&(_, &price)| price <= budget)
                .fold(0u16, |mask, (slot, _)| mask | 1 << slot)
        })
        .collect()
}

fn refill(e: &mut BuildingsState) {
    // The tiles left slide down to the cheapest slots, in order; the rest are drawn from the
    // pile (while it lasts). One pass, no reallocation.
    // (Each slot copied down whether it holds a tile or not, `kept` counting the tiles: no
    // branch on which slots were emptied, which is random.)
    let mut kept = 0;
    for slot in 0..e.board.len() {
        let tile = e.board[slot];
        e.board[kept] = tile;
        kept += usize::from(tile.is_some());
    }
    for slot in kept..e.board.len() {
        e.board[slot] = e.pile.pop();
    }
    e.board_changed();
}

/// What `side` would pay for the building in each slot of `game`'s Builders' Board, cheapest slot
/// first, the Queen's discount included while `side` hosts her (never below 0): the price the
/// engine charges when that side builds. Empty when the game has no `buildings` module. For front
/// ends, which show the board with its prices.
pub fn board_prices(game: &Game, side: Side) -> Vec<u32> {
    let Some((b, cx)) = game.module_cx::<Buildings>() else {
        return Vec::new();
    };
    let slots = cx.state::<BuildingsState>().map_or(0, |s| s.board.len());
    (0..slots).map(|slot| b.price(cx, side, slot)).collect()
}

#[cfg(test)]
mod tests;

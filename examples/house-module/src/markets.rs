//! The `markets` module: a market step after placing, stalls on territories, points at the end
//! (the rules on a kingdom are in [`crate::rules`], the action in [`crate::action`]).

use crate::action::MarketAction;
use crate::rules::Terms;
use crownlands_core::modules::describe::{
    CellMark, ChoiceView, ScoreLine, Stat, plural, terrain_name,
};
use crownlands_core::modules::{Actions, Bounded, CheckProblem, Mechanism};
use crownlands_core::modules::{
    Cx, CxMut, Declaration, FileMark, FileSyntax, Mark, PerSide, PlacedMark, Res, SideEdit,
    SideView,
};
use crownlands_core::score::ScoreBreakdown;
use crownlands_core::{Action, Cell, IllegalAction, Registry, Rules, Ruleset, Side};
use serde::{Deserialize, Serialize};

/// The name a ruleset lists it by.
pub const NAME: &str = "markets";

/// What the module keeps, needs and follows ([`Mechanism::declare`]): a `const`, so that its
/// resources below are named from it when the program compiles (a name it does not declare
/// does not compile).
const DECLARATION: Declaration = Declaration {
    provides: &["stalls"],
    uses: &["coins"],
    // The market comes last in a turn: tax brings the coins a stall costs.
    after: &["knights", "buildings", "dragon"],
    ..Declaration::NONE
};

/// A side's stalls, the resource it keeps: what a ruleset's `most-stalls` tie-break compares,
/// with no code of its own.
const STALLS: Res = DECLARATION.res_of("stalls");
/// A side's coins, the resource it needs (a coin provider such as `knights` keeps them).
const COINS: Res = DECLARATION.res_of("coins");

/// A stall, on a kingdom and in a kingdom file (`W2$`).
pub const STALL: char = '$';

/// Add `markets` to `registry`.
pub fn register(registry: &mut Registry) {
    registry.add_mechanism::<Markets>();
}

// Defaults from `Default` (the house rule as written), each range in its field's type
// (`Bounded<MIN, MAX>`: it reads only values in range, names the range in its error and gives it
// to the JSON Schema). The doc comment below is the schema's description, which an author's
// editor shows: it speaks of the ruleset, not of the code.
/// The markets module's parameters, as a ruleset gives them (`[rules.module.markets]`): every key
/// is optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct MarketsParams {
    /// Coins a stall costs.
    pub price: Bounded<0, 1000>,
    /// The fewest squares a territory needs for a stall.
    pub min_squares: Bounded<1, 81>,
    /// Stalls each side has.
    pub stalls: Bounded<0, 40>,
    /// Points a stall scores for each square of its territory at the end.
    pub points_per_square: Bounded<0, 100>,
}

impl Default for MarketsParams {
    fn default() -> MarketsParams {
        Markets {
            terms: Terms::default(),
        }
        .params()
    }
}

/// The module: its terms, from the ruleset's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Markets {
    pub terms: Terms,
}

/// The module's own state: each side's stalls, where they stand, in the order they were put up
/// (`PerSide` keeps one value a side: it clones, compares, hashes, saves and goes back to empty
/// when a game is reset, with no code here).
pub type Stalls = PerSide<Vec<Cell>>;

impl Markets {
    fn stalls<'g>(cx: Cx<'g>, side: Side) -> &'g [Cell] {
        cx.state::<Stalls>().map_or(&[], |s| s.list(side))
    }

    fn view_stalls<'g>(side: &SideView<'g>) -> &'g [Cell] {
        side.state::<Stalls>().map_or(&[], |s| s.list(side.side))
    }

    /// A stall's line of the score: where it stands and its territory.
    fn stall_line(&self, ruleset: &Ruleset, side: &SideView<'_>, stall: Cell) -> ScoreLine {
        let kingdom = side.kingdom;
        let terrain = kingdom
            .territory_at(stall)
            .map_or("?", |t| terrain_name(ruleset, t.terrain));
        let squares = kingdom.territory_size_at(stall);
        ScoreLine::new(
            format!(
                "stall on {terrain} at {} ({})",
                stall.written(),
                plural(squares, "square", "squares")
            ),
            self.terms.stall_points(kingdom, stall),
        )
    }
}

impl Mechanism for Markets {
    const NAME: &'static str = NAME;
    type Params = MarketsParams;
    type State = Stalls;
    type Action = MarketAction;

    fn new(p: MarketsParams) -> Markets {
        // Each value read within its range, none below 0.
        Markets {
            terms: Terms {
                price: p.price.as_u32(),
                min_squares: p.min_squares.as_u32(),
                stalls: p.stalls.as_u32(),
                points_per_square: p.points_per_square.as_u32(),
            },
        }
    }

    fn params(&self) -> MarketsParams {
        let t = &self.terms;
        MarketsParams {
            price: Bounded::clamped(t.price),
            min_squares: Bounded::clamped(t.min_squares),
            stalls: Bounded::clamped(t.stalls),
            points_per_square: Bounded::clamped(t.points_per_square),
        }
    }

    fn declare(&self) -> Declaration {
        DECLARATION
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn crownlands_core::modules::Module>],
    ) -> Option<String> {
        (self.terms.stalls == 0).then(|| "no side can ever put up a stall: `stalls` is 0".into())
    }

    // A parameter no game can ever meet, said at it when the ruleset is checked (as the
    // shipped modules do): a territory larger than the grid holds, stalls worth nothing.
    fn never_reached(
        &self,
        _ruleset: &Ruleset,
        rules: &Rules,
        _modules: &[Box<dyn crownlands_core::modules::Module>],
    ) -> Vec<CheckProblem> {
        let mut out = Vec::new();
        let most = rules.most_squares();
        if self.terms.min_squares > most {
            out.push(CheckProblem::at(
                "min-squares",
                format!(
                    "no territory of {} has {} (at most {most} besides the castle), so no stall is ever put up",
                    rules.a_kingdom(),
                    plural(self.terms.min_squares, "square", "squares")
                ),
            ));
        }
        if self.terms.points_per_square == 0 && self.terms.stalls > 0 {
            out.push(CheckProblem::at(
                "points-per-square",
                "a stall scores nothing: `points-per-square` is 0, so buying one only costs coins",
            ));
        }
        out
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        let points = self.terms.points(side.kingdom, Self::view_stalls(&side));
        if points > 0 {
            // Listed, and added to the total.
            breakdown.add_bonus(NAME, points);
        }
    }

    // A stall scores its territory's squares: the bots weigh each placement with the stalls'
    // points on the kingdom after it, so they grow the territories that hold stalls.
    fn scores_placements(&self) -> bool {
        true
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.terms.points(side.kingdom, Self::view_stalls(&side)))
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(
            Self::view_stalls(&side)
                .iter()
                .map(|&stall| self.stall_line(side.ruleset, &side, stall))
                .collect(),
        )
    }

    // ----- the market step -----

    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut Actions<'_, '_, MarketAction>) {
        let coins = cx.get(side, COINS);
        let kingdom = cx.table().kingdom(side);
        self.terms
            .stall_squares(kingdom, coins, Self::stalls(cx, side), |cell| {
                out.push(MarketAction::Stall { cell })
            });
    }

    fn why_no_choice(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let stalls = Self::stalls(cx, side);
        let coins = cx.get(side, COINS);
        // Every stall bought: the step has nothing more for this side, which it knows (the log
        // would say so on each of its turns to the end).
        if stalls.len() as u32 >= self.terms.stalls {
            return None;
        }
        if coins < self.terms.price {
            // The side's own limits, as `why_illegal` words them, whatever the square.
            return self.terms.why_not(
                cx.table().kingdom(side),
                coins,
                stalls,
                crownlands_core::Cell::new(0, 0),
            );
        }
        Some(format!(
            "no territory of {} squares or more is without a stall",
            self.terms.min_squares
        ))
    }

    fn why_illegal(&self, cx: Cx<'_>, side: Side, action: MarketAction) -> Option<String> {
        let MarketAction::Stall { cell } = action;
        self.terms.why_not(
            cx.table().kingdom(side),
            cx.get(side, COINS),
            Self::stalls(cx, side),
            cell,
        )
    }

    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        let mut n = 0;
        let kingdom = cx.table().kingdom(side);
        self.terms
            .stall_squares(kingdom, cx.get(side, COINS), Self::stalls(cx, side), |_| {
                n += 1
            });
        n
    }

    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<MarketAction> {
        let (mut i, mut found) = (0, None);
        let kingdom = cx.table().kingdom(side);
        self.terms.stall_squares(
            kingdom,
            cx.get(side, COINS),
            Self::stalls(cx, side),
            |cell| {
                if i == n {
                    found = Some(MarketAction::Stall { cell });
                }
                i += 1;
            },
        );
        found
    }

    fn apply(
        &self,
        mut cx: CxMut<'_>,
        side: Side,
        action: MarketAction,
    ) -> Result<bool, IllegalAction> {
        let MarketAction::Stall { cell } = action;
        cx.take(side, COINS, self.terms.price);
        cx.add(side, STALLS, 1);
        if let Some(stalls) = cx.state_mut::<Stalls>() {
            stalls.push(side, cell);
        }
        // One stall a turn.
        Ok(false)
    }

    fn describe_choice(
        &self,
        cx: Cx<'_>,
        side: Side,
        action: MarketAction,
        packed: Action,
    ) -> Option<ChoiceView> {
        let MarketAction::Stall { cell } = action;
        let game = cx.table();
        let kingdom = game.kingdom(side);
        let territory = kingdom.territory_at(cell)?;
        let terrain = terrain_name(game.ruleset(), territory.terrain);
        let points = self.terms.stall_points(kingdom, cell);
        let size = plural(territory.squares, "square", "squares");
        let price = self.terms.price;
        // The square acted on first, then its territory's others.
        let cells = kingdom.territory_cells(cell);
        let at = cell.written();
        let per = plural(self.terms.points_per_square, "point", "points");
        Some(
            ChoiceView::new(
                packed,
                format!("Stall on {terrain} at {at}: {size}, {points} pt now ({price}¢)"),
                format!(
                    "Pay {price}¢ for a stall on the {terrain} territory of {size} at {at}: at the end it scores {per} per square it then has ({points} now)."
                ),
            )
            .with_told(format!("Put a stall on {terrain} at {at} for {price}¢"))
            .with_cost(format!("{price}¢"))
            .with_gives(format!("+{points}pt"))
            .with_cells(cells),
        )
    }

    // ----- kingdom files: `$` after a square is a stall on it -----

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[],
            marks: &[Mark {
                symbol: STALL,
                what: "market stall",
            }],
        }
    }

    fn check_marks(&self, _ruleset: &Ruleset, marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for (i, m) in marks.iter().enumerate() {
            if m.count > 1 {
                out.push((
                    i,
                    format!(
                        "{} stalls on one square in `{}`; a square holds one",
                        m.count, m.token
                    ),
                ));
            } else if i as u32 >= self.terms.stalls {
                out.push((
                    i,
                    format!(
                        "a side has {} at most; `{}` is one more",
                        plural(self.terms.stalls, "stall", "stalls"),
                        m.token
                    ),
                ));
            }
        }
        out
    }

    fn read_mark(
        &self,
        mut edit: SideEdit<'_>,
        cell: Cell,
        _symbol: char,
        _number: Option<u32>,
        _count: u32,
    ) -> Result<(), String> {
        let side = edit.side;
        // Only what a game can leave: a stall was bought on a territory of `min_squares` or more
        // with none of the side's stalls, and territories only grow (two join into one), so a
        // territory holding `k` stalls has at least `k * min_squares` squares.
        let min = self.terms.min_squares;
        let (squares, terrain, anchor) = match edit.kingdom().territory_at(cell) {
            Some(t) => (
                t.squares,
                format!("{} ", terrain_name(edit.ruleset, t.terrain)),
                t.anchor,
            ),
            None => return Err("a stall stands on a territory".into()),
        };
        let before: Vec<Cell> = edit
            .state_mut::<Stalls>()
            .map_or_else(Vec::new, |stalls| stalls.list(side).to_vec());
        let kingdom = edit.kingdom();
        let in_it = before
            .iter()
            .filter(|&&s| kingdom.territory_at(s).is_some_and(|t| t.anchor == anchor))
            .count() as u32
            + 1;
        if squares < min.saturating_mul(in_it) {
            return Err(if in_it == 1 {
                format!(
                    "a stall needs a territory of {} or more; this {terrain}territory has {}",
                    plural(min, "square", "squares"),
                    plural(squares, "square", "squares")
                )
            } else {
                format!(
                    "{in_it} stalls on one {terrain}territory of {}: each was bought on a territory of {} or more of its own, so they need {} or more",
                    plural(squares, "square", "squares"),
                    plural(min, "square", "squares"),
                    min.saturating_mul(in_it)
                )
            });
        }
        match edit.state_mut::<Stalls>() {
            Some(stalls) => {
                stalls.push(side, cell);
                edit.add(STALLS, 1);
                Ok(())
            }
            None => Err("the markets keep no stalls here".into()),
        }
    }

    fn write_marks(&self, side: SideView<'_>, out: &mut Vec<PlacedMark>) {
        out.extend(Self::view_stalls(&side).iter().map(|&cell| PlacedMark {
            cell,
            symbol: STALL,
            number: None,
            count: 1,
            crowns: 0,
        }));
    }

    // ----- presentation -----

    fn title(&self) -> Option<String> {
        Some("Market".to_string())
    }

    fn help(&self) -> Vec<String> {
        let t = &self.terms;
        vec![
            format!(
                "Market: pay {} for a stall on a territory of {} or more that has none of yours.",
                plural(t.price, "coin", "coins"),
                plural(t.min_squares, "square", "squares")
            ),
            format!(
                "One stall a turn, {} in all; at the end each scores {} per square of its territory.",
                t.stalls,
                plural(t.points_per_square, "point", "points")
            ),
        ]
    }

    fn summary(&self) -> Option<String> {
        Some(format!(
            "Markets: a {}-coin stall scores {} per square of its territory.",
            self.terms.price,
            plural(self.terms.points_per_square, "point", "points")
        ))
    }

    fn prompt(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        let left = self
            .terms
            .stalls
            .saturating_sub(Self::stalls(cx, side).len() as u32);
        Some(format!(
            // Short enough for the status line (see `Mechanism::prompt`).
            "Market: a {}¢ stall on {}+ squares ({} left)",
            self.terms.price,
            self.terms.min_squares,
            plural(left, "stall", "stalls")
        ))
    }

    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        let left = self
            .terms
            .stalls
            .saturating_sub(Self::stalls(cx, side).len() as u32);
        out.push(Stat::counted(
            format!("{} left", plural(left, "stall", "stalls")),
            left,
            "st",
        ));
    }

    /// The stalls are kept twice: listed in the state (where they stand) and counted as the
    /// resource `stalls` (for `most-stalls`): the conformance suite checks they agree.
    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        for side in cx.table().all_sides() {
            let listed = Self::stalls(cx, side).len();
            let counted = cx.get(side, STALLS);
            if listed as u64 != u64::from(counted) {
                out.push(format!(
                    "side {} lists {listed} stalls but counts {counted}",
                    side.index() + 1
                ));
            }
        }
    }

    fn cell_marks(&self, cx: Cx<'_>, side: Side, out: &mut Vec<CellMark>) {
        out.extend(Self::stalls(cx, side).iter().map(|&cell| CellMark {
            cell,
            symbol: STALL,
            what: "market stall".into(),
        }));
    }
}

//! Handicap (a house rule): points at the end, and coins at the start, by seat, to even a table
//! of players of different strength: `points = [0, 0, 5]` gives the player in seat 3 five
//! points. In a game of teams each list goes by team (the side), as the score does.

use super::bounded::BoundedList;
use super::by_position;
use super::describe::{ScoreLine, ordinal};
use super::file::{Directive, FileSyntax, TableProblem, TableView};
use super::mechanism::{Mechanism, NoAction};
use super::{CheckProblem, Module, ModuleState, Res, SetupContext, SideEdit, SideView};
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use serde::{Deserialize, Serialize};

/// What the handicap reads ([`Module::declare`](super::Module::declare)): it adds coins to a
/// module that keeps them.
const DECLARATION: super::Declaration = super::Declaration {
    reads: &["coins"],
    ..super::Declaration::NONE
};

const COINS: Res = DECLARATION.res_of("coins");

/// Whose seat a kingdom is: in a game, each side's own (set up), in a kingdom file the one its
/// `@seat` line names (none without it). Kept as the module's state, not as a resource: a seat
/// is nothing a side holds (reports would list it, a tie-break could rank by it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandicapState {
    /// Set up in a game: each side is its own seat (its index, from 0, and 1).
    pub in_game: bool,
    /// A kingdom file's `@seat N` (from 1; 0: none named).
    pub seat: u8,
}

impl ModuleState for HandicapState {}

/// `@seat 3` in a kingdom file: the kingdom is seat 3's (its handicap counts).
const SEAT_LINE: Directive = Directive {
    word: "seat",
    number: true,
    repeats: false,
    what: "the seat whose handicap counts",
};

/// The most places a list gives (a table has at most 16 sides).
const MOST: usize = 16;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handicap {
    pub points: Vec<i32>,
    pub coins: Vec<u32>,
}

/// The handicap's parameters (`[rules.module.handicap]`): each list by seat, seat 1 first (by
/// team in a game of teams); a seat past a list's end gets nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct HandicapParams {
    /// Points at the end by seat (negative: a handicap taken off a strong player).
    pub points: by_position::PointsList,
    /// Coins at the start by seat (with a module that keeps coins: `wealth`, `knights`).
    pub coins: by_position::CoinsList,
}

impl Default for HandicapParams {
    fn default() -> HandicapParams {
        HandicapParams {
            points: BoundedList::truncated(Vec::new()),
            coins: BoundedList::truncated(Vec::new()),
        }
    }
}

impl Handicap {
    /// The seat of `side` (from 1), if known.
    fn seat(side: SideView<'_>) -> Option<usize> {
        let state = side.state::<HandicapState>()?;
        if state.seat > 0 {
            Some(usize::from(state.seat))
        } else {
            state.in_game.then(|| side.side.index() + 1)
        }
    }

    fn points_of(&self, side: SideView<'_>) -> i32 {
        Self::seat(side)
            .and_then(|s| self.points.get(s - 1))
            .copied()
            .unwrap_or(0)
    }

    /// `seat 3 +5 points` for each seat given something, in seat order; `None` for nothing.
    fn by_seat<T: Copy + PartialEq + Default + std::fmt::Display>(
        values: &[T],
        unit: &str,
        signed: bool,
    ) -> Option<String> {
        let given: Vec<String> = values
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != T::default())
            .map(|(i, v)| {
                let v = v.to_string();
                let v = if signed && !v.starts_with('-') {
                    format!("+{v}")
                } else {
                    v
                };
                format!("seat {}: {v} {unit}", i + 1)
            })
            .collect();
        (!given.is_empty()).then(|| given.join(", "))
    }

    fn rule(&self) -> String {
        let mut parts = Vec::new();
        if let Some(p) = Self::by_seat(&self.points, "points", true) {
            parts.push(format!("{p} at the end"));
        }
        if let Some(c) = Self::by_seat(&self.coins, "coins", false) {
            parts.push(format!("{c} at the start"));
        }
        if parts.is_empty() {
            "Handicap: nothing given to any seat.".into()
        } else {
            format!(
                "Handicap, by seat (by team in teams): {}.",
                parts.join("; ")
            )
        }
    }
}

impl Mechanism for Handicap {
    const NAME: &'static str = "handicap";
    type Params = HandicapParams;
    type State = HandicapState;
    type Action = NoAction;

    fn new(p: HandicapParams) -> Handicap {
        Handicap {
            points: by_position::points_of(&p.points),
            coins: by_position::coins_of(&p.coins),
        }
    }

    fn params(&self) -> HandicapParams {
        HandicapParams {
            points: by_position::points_list(&self.points),
            coins: by_position::coins_list(&self.coins),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    fn help(&self) -> Vec<String> {
        vec![self.rule()]
    }

    fn summary(&self) -> Option<String> {
        Some(self.rule())
    }

    /// `-3 pts`, `+5 pts, 4 coins`: what the seat is given (nothing: `None`).
    fn side_note(&self, side: usize, _sides: u8) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(&p) = self.points.get(side).filter(|&&p| p != 0) {
            parts.push(format!("{p:+} pts"));
        }
        if let Some(&c) = self.coins.get(side).filter(|&&c| c > 0) {
            parts.push(super::describe::plural(c, "coin", "coins"));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    fn can_add(&self, _ruleset: &Ruleset, resource: &str) -> bool {
        resource == "coins" && self.coins.iter().any(|&c| c > 0)
    }

    /// It only adds coins, at the start; nothing it does depends on them.
    fn takes(&self, _resource: &str) -> bool {
        false
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Option<String> {
        let gives = by_position::gives(&self.points, &self.coins);
        (!gives).then(|| {
            "its `points` and `coins` give nothing (none, or all 0), so no seat gets anything"
                .to_string()
        })
    }

    fn never_counts(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        by_position::coins_unkept(Self::NAME, &self.coins, modules)
    }

    /// A list longer than the sides of the ruleset's largest count: its last values are for
    /// seats no game has (`points = [0, 0, 0, 0, 5]` for at most 4 players).
    fn never_reached(
        &self,
        ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        let most = usize::from(ruleset.most_sides()).min(MOST);
        by_position::too_long(
            [("points", self.points.len()), ("coins", self.coins.len())],
            most,
            "seats",
            ("side", "sides"),
        )
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        if let Some(state) = ctx.state_mut::<HandicapState>() {
            state.in_game = true;
        }
        for side in crate::Side::all(ctx.sides) {
            if let Some(&coins) = self.coins.get(side.index()) {
                let held = ctx.get(side, COINS);
                ctx.set(side, COINS, held.saturating_add(coins));
            }
        }
        Ok(())
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(side))
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if self.points.is_empty() {
            return;
        }
        breakdown.add_bonus(Self::NAME, self.points_of(side));
    }

    /// `handicap of the 3rd seat +5` (`handicap of team 3` in a game of teams); none for a
    /// seat given no points (nor for a kingdom file that names no seat).
    fn score_lines(&self, rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        let points = self.points_of(side);
        let Some(seat) = Self::seat(side).filter(|_| points != 0) else {
            return Some(Vec::new());
        };
        // In a game of teams the lists go by team, as the score does.
        let label = if rules.team_size > 1 {
            format!("handicap of team {seat}")
        } else {
            format!("handicap of the {} seat", ordinal(seat))
        };
        Some(vec![ScoreLine {
            label,
            points,
            detail: None,
            short: None,
        }])
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[SEAT_LINE],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        let seat = value.unwrap_or(0);
        if seat == 0 || seat as usize > MOST {
            return Err(format!(
                "`@seat` takes the seat whose handicap counts, from 1 to {MOST}, not {seat}"
            ));
        }
        if let Some(state) = edit.state_mut::<HandicapState>() {
            state.seat = u8::try_from(seat).unwrap_or(0);
        }
        Ok(())
    }

    /// A table of N kingdoms has seats 1 to N, each kingdom its own.
    fn check_table(&self, table: &TableView<'_>) -> Vec<TableProblem> {
        by_position::each_its_own(
            table,
            SEAT_LINE.word,
            Self::seat,
            |seat, table_of, sides| {
                format!("`@seat {seat}`, but a table of {table_of} has seats 1 to {sides}")
            },
            |seat, first, sides, table_of| {
                format!(
                    "`@seat {seat}`: `{first}` sits there too, but each kingdom has a seat of its \
                     own (1 to {sides} at a table of {table_of})"
                )
            },
        )
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        if let Some(s) = Self::seat(side) {
            out.push(("seat", u32::try_from(s).ok()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_in_words() {
        let m = Handicap {
            points: vec![0, -2, 5],
            coins: vec![0, 0, 3],
        };
        assert_eq!(
            m.rule(),
            "Handicap, by seat (by team in teams): seat 2: -2 points, seat 3: +5 points at the end; seat 3: 3 coins at the start."
        );
        let none = Handicap {
            points: vec![0, 0],
            coins: vec![],
        };
        assert_eq!(none.rule(), "Handicap: nothing given to any seat.");
    }
}

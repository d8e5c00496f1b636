//! The markets' rules on a kingdom, apart from any game: where a side may put a stall, and what
//! its stalls score.
//!
//! A stall stands on one square of a territory (the square that names the territory when the
//! stall is bought: its lowest row, then lowest column). The territory may grow afterwards, and
//! may even join another with a stall: each stall scores the territory it stands in at the end.

use crownlands_core::{Cell, Kingdom, Territory};

/// The markets' numbers (the module's parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Coins a stall costs.
    pub price: u32,
    /// The fewest squares a territory needs for a stall.
    pub min_squares: u32,
    /// Stalls each side has.
    pub stalls: u32,
    /// Points a stall scores for each square of its territory at the end.
    pub points_per_square: u32,
}

impl Default for Terms {
    /// The house rule as written: 2 coins, territories of 3 squares or more, 3 stalls, 1 point
    /// per square.
    fn default() -> Terms {
        Terms {
            price: 2,
            min_squares: 3,
            stalls: 3,
            points_per_square: 1,
        }
    }
}

impl Terms {
    /// Whether a side holding `coins`, with `stalls` already standing, may buy one more at all.
    pub fn may_buy(&self, coins: u32, stalls: &[Cell]) -> bool {
        coins >= self.price && (stalls.len() as u32) < self.stalls
    }

    /// Whether `territory` of `kingdom` may take a stall: big enough, and none of `stalls` in it.
    pub fn takes_stall(&self, kingdom: &Kingdom, stalls: &[Cell], territory: &Territory) -> bool {
        territory.squares >= self.min_squares
            && !stalls.iter().any(|&s| {
                kingdom
                    .territory_at(s)
                    .is_some_and(|t| t.anchor == territory.anchor)
            })
    }

    /// Every square where a side may put a stall now (each the anchor of a territory), in the
    /// kingdom's territory order; none when it cannot pay or has no stall left.
    pub fn stall_squares(
        &self,
        kingdom: &Kingdom,
        coins: u32,
        stalls: &[Cell],
        mut f: impl FnMut(Cell),
    ) {
        if !self.may_buy(coins, stalls) {
            return;
        }
        kingdom.for_each_territory(|t| {
            if self.takes_stall(kingdom, stalls, &t) {
                f(t.anchor);
            }
        });
    }

    /// Whether a stall may go on `cell` now: it names a territory that takes one (nothing to
    /// say against it: [`Terms::why_not`]).
    pub fn is_stall_square(
        &self,
        kingdom: &Kingdom,
        coins: u32,
        stalls: &[Cell],
        cell: Cell,
    ) -> bool {
        self.why_not(kingdom, coins, stalls, cell).is_none()
    }

    /// Why a stall may not go on `cell` now, in words for the player, or `None` when it may.
    pub fn why_not(
        &self,
        kingdom: &Kingdom,
        coins: u32,
        stalls: &[Cell],
        cell: Cell,
    ) -> Option<String> {
        if stalls.len() as u32 >= self.stalls {
            return Some(format!(
                "all {} stalls of the side stand already",
                self.stalls
            ));
        }
        if coins < self.price {
            return Some(format!(
                "a stall costs {} coins, and the kingdom has {coins}",
                self.price
            ));
        }
        let Some(t) = kingdom.territory_at(cell) else {
            return Some(format!("{} holds no territory", cell.written()));
        };
        if t.anchor != cell {
            return Some(format!(
                "a stall stands on the square that names its territory: {}",
                t.anchor.written()
            ));
        }
        if t.squares < self.min_squares {
            return Some(format!(
                "the territory has {} squares; a stall needs {}",
                t.squares, self.min_squares
            ));
        }
        (!self.takes_stall(kingdom, stalls, &t))
            .then(|| "the territory has a stall already".to_string())
    }

    /// What one stall scores at the end: its territory's squares, times the points per square.
    pub fn stall_points(&self, kingdom: &Kingdom, stall: Cell) -> i32 {
        let squares = kingdom.territory_size_at(stall);
        i32::try_from(squares.saturating_mul(self.points_per_square)).unwrap_or(i32::MAX)
    }

    /// What all of a side's stalls score at the end.
    pub fn points(&self, kingdom: &Kingdom, stalls: &[Cell]) -> i32 {
        stalls
            .iter()
            .map(|&s| self.stall_points(kingdom, s))
            .fold(0, i32::saturating_add)
    }
}

#[cfg(test)]
mod tests;

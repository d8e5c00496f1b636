//! Seats, sides and kings: three small numbers a game must never mix up.
//!
//! - A [`Seat`] is a place at the table: one per player, from 0.
//! - A [`Side`] is a kingdom and everyone who builds it: a seat alone, or a team of seats sitting
//!   side by side (Royal Wedding's teams of two). Scores, places, wins and holdings are a side's.
//! - A [`King`] is a meeple on the dominoes: seat `s` owns kings `s * kings_per_player ..`.
//!
//! Each is a `u8` in its own type (serialised as the bare number, so files and JSON output are
//! unchanged), and [`BySide<T>`] holds one value per side, indexed by [`Side`] only: in the spirit
//! of shakmaty's `Color` and `ByColor<T>`, with as many entries as the game has sides.

use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};

/// A seat at the table, from 0 (players are shown numbered from 1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Seat(pub u8);

/// A side: one kingdom, built by one seat or by a team of seats.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Side(pub u8);

/// A king, from 0: seat `s` owns kings `s * kings_per_player ..`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct King(pub u8);

macro_rules! small_index {
    ($t:ident, $what:literal) => {
        impl $t {
            #[doc = concat!("The ", $what, " as an index, from 0.")]
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("Every ", $what, " of `count`, in order.")]
            pub fn all(count: u8) -> impl DoubleEndedIterator<Item = $t> + ExactSizeIterator {
                (0..count).map($t)
            }

            #[doc = concat!("The ", $what, " of index `i`, if it fits (at most 255).")]
            pub fn from_index(i: usize) -> Option<$t> {
                u8::try_from(i).ok().map($t)
            }
        }
    };
}

small_index!(Seat, "seat");
small_index!(Side, "side");
small_index!(King, "king");

/// One value per side, indexed by [`Side`]: scores, totals, places, holdings, kingdoms.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySide<T>(Vec<T>);

impl<T> BySide<T> {
    /// `f(side)` for each of `sides` sides.
    pub fn from_fn(sides: u8, f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide(Side::all(sides).map(f).collect())
    }

    /// The values of sides 0, 1, ... in order (at most 255: longer lists are cut).
    pub fn from_vec(mut values: Vec<T>) -> BySide<T> {
        values.truncate(usize::from(u8::MAX));
        BySide(values)
    }

    /// How many sides.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every side, in order.
    pub fn sides(&self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator + use<T> {
        // At most 255 entries (see the constructors).
        Side::all(self.0.len() as u8)
    }

    #[inline]
    pub fn get(&self, side: Side) -> Option<&T> {
        self.0.get(side.index())
    }

    #[inline]
    pub fn get_mut(&mut self, side: Side) -> Option<&mut T> {
        self.0.get_mut(side.index())
    }

    /// Each side with its value.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Side, &T)> + ExactSizeIterator {
        self.0.iter().enumerate().map(|(i, v)| (Side(i as u8), v))
    }

    /// Each side with its value, to change.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Side, &mut T)> + ExactSizeIterator {
        self.0
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Side(i as u8), v))
    }

    /// The values alone, side 0 first.
    #[inline]
    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values alone, to change.
    #[inline]
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// The values as a slice, side 0 first.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// The values as a list, side 0 first.
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }

    /// A value per side computed from this one.
    pub fn map<U>(&self, mut f: impl FnMut(Side, &T) -> U) -> BySide<U> {
        BySide(self.iter().map(|(s, v)| f(s, v)).collect())
    }

    /// The sides whose value is the highest (several when they tie; none when there are none).
    pub fn best(&self) -> Vec<Side>
    where
        T: Ord,
    {
        match self.0.iter().max() {
            Some(top) => self
                .iter()
                .filter(|(_, v)| *v == top)
                .map(|(s, _)| s)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Resize to `sides` sides, new ones filled by `f`, keeping the memory.
    pub fn resize_with(&mut self, sides: u8, f: impl FnMut() -> T) {
        self.0.resize_with(usize::from(sides), f);
    }
}

impl<T: Clone> BySide<T> {
    /// `value` for each of `sides` sides.
    pub fn filled(sides: u8, value: T) -> BySide<T> {
        BySide(vec![value; usize::from(sides)])
    }

    /// Set every side's value to `value`, keeping the memory.
    pub fn fill(&mut self, value: T) {
        self.0.fill(value);
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

impl<'a, T> IntoIterator for &'a BySide<T> {
    type Item = (Side, &'a T);
    type IntoIter = std::iter::Map<
        std::iter::Enumerate<std::slice::Iter<'a, T>>,
        fn((usize, &'a T)) -> (Side, &'a T),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().enumerate().map(|(i, v)| (Side(i as u8), v))
    }
}

impl<T> FromIterator<T> for BySide<T> {
    /// The values of sides 0, 1, ... in order (at most 255).
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> BySide<T> {
        BySide::from_vec(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_side_is_indexed_and_iterated_by_side() {
        let mut totals = BySide::from_fn(3, |s| i64::from(s.0) * 10);
        totals[Side(2)] += 1;
        assert_eq!(totals.len(), 3);
        assert_eq!(totals[Side(2)], 21);
        let pairs: Vec<(Side, i64)> = totals.iter().map(|(s, &t)| (s, t)).collect();
        assert_eq!(pairs, vec![(Side(0), 0), (Side(1), 10), (Side(2), 21)]);
        assert_eq!(totals.get(Side(3)), None);
        assert_eq!(totals.best(), vec![Side(2)]);
        assert_eq!(BySide::filled(2, 5).best(), vec![Side(0), Side(1)]);
    }

    #[test]
    fn the_numbers_serialise_bare() {
        let totals = BySide::from_vec(vec![140i64, 134]);
        assert_eq!(
            serde_json::to_string(&totals).ok().as_deref(),
            Some("[140,134]")
        );
        assert_eq!(serde_json::to_string(&Side(1)).ok().as_deref(), Some("1"));
        assert_eq!(
            serde_json::to_string(&Some(King(3))).ok().as_deref(),
            Some("3")
        );
        let back: BySide<i64> = serde_json::from_str("[1,2]").unwrap_or_default();
        assert_eq!(back.as_slice(), &[1, 2]);
    }
}

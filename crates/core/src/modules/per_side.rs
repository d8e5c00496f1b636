//! [`PerSide`]: one value for each side, the shape most module states take (the knights placed
//! in each kingdom, the buildings each side built, a house rule's stalls).

use super::ModuleState;
use crate::side::Side;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

/// A value a [`PerSide`] keeps for each side: it starts as `Default` and goes back to it when a
/// game is reset ([`SideValue::reset`], which a list does keeping its memory: a simulation resets
/// millions of games). Lists, sets, numbers, `bool` and `Option` are side values already; a
/// struct of a module's own is one with `impl SideValue for MyValue {}` (reset to its default).
pub trait SideValue: SideItem + Default {
    /// Back to the default, keeping what memory it can.
    fn reset(&mut self) {
        *self = Self::default();
    }
}

/// What a side's list, set or option holds (and every side value is): a plain value that
/// clones, compares, hashes and is serialisable. Any such type is one.
pub trait SideItem:
    Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<T> SideItem for T where
    T: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<T: SideItem> SideValue for Vec<T> {
    fn reset(&mut self) {
        self.clear();
    }
}

impl<T: SideItem + Ord> SideValue for std::collections::BTreeSet<T> {
    fn reset(&mut self) {
        self.clear();
    }
}

impl<T: SideItem> SideValue for Option<T> {}

macro_rules! side_values {
    ($($t:ty),*) => { $(impl SideValue for $t {})* };
}
side_values!(bool, u8, u16, u32, u64, i8, i16, i32, i64, usize);

/// One value for each side, a module's state as it is (`type State = PerSide<Vec<Cell>>;`) or a
/// field of it. A side's value is its default until the module writes it, so the state needs no
/// sizing at setup, and a kingdom file's side (which arrives without the module's setup) is
/// written the same way. Read a side's value with `state[side]` (or [`PerSide::get`]) and write
/// it with `state[side] += 1` (or [`PerSide::get_mut`], [`PerSide::set`]); a list has
/// [`PerSide::list`] and [`PerSide::push`]. Two `PerSide`s are equal, hash alike and are written
/// alike in JSON when every side's value is: a side never written is one at its default. (The
/// engine's own [`crate::BySide`] is made for a known number of sides; a module's state starts
/// as `Default`, before any count is known, hence this one.)
///
/// ```
/// use crownlands_core::Side;
/// use crownlands_core::modules::PerSide;
///
/// let mut stalls: PerSide<Vec<(u8, u8)>> = PerSide::default();
/// stalls.push(Side(1), (2, 3));
/// assert_eq!(stalls.list(Side(1)), &[(2, 3)]);
/// assert!(stalls.list(Side(0)).is_empty());
///
/// let mut pilgrims: PerSide<u32> = PerSide::default();
/// pilgrims[Side(2)] += 3;
/// assert_eq!((pilgrims[Side(0)], pilgrims[Side(2)]), (0, 3));
/// ```
#[derive(Clone, Debug)]
pub struct PerSide<T> {
    /// The values of the first sides, by side index; the sides after them hold `blank`.
    values: Vec<T>,
    /// The default value, for the sides not written.
    blank: T,
}

impl<T: Default> Default for PerSide<T> {
    fn default() -> PerSide<T> {
        PerSide {
            values: Vec::new(),
            blank: T::default(),
        }
    }
}

impl<T: Default> From<Vec<T>> for PerSide<T> {
    /// The values of the first sides, in seat order.
    fn from(values: Vec<T>) -> PerSide<T> {
        PerSide {
            values,
            blank: T::default(),
        }
    }
}

impl<T: Default> FromIterator<T> for PerSide<T> {
    /// The values of the first sides, in seat order.
    fn from_iter<I: IntoIterator<Item = T>>(values: I) -> PerSide<T> {
        PerSide::from(values.into_iter().collect::<Vec<T>>())
    }
}

impl<T: SideValue> PerSide<T> {
    /// `side`'s value (its default while the module has not written it).
    #[inline]
    pub fn get(&self, side: Side) -> &T {
        self.values.get(side.index()).unwrap_or(&self.blank)
    }

    /// `side`'s value to change (its default first, if the module has not written it yet).
    #[inline]
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        let i = side.index();
        if self.values.len() <= i {
            self.grow(i);
        }
        &mut self.values[i]
    }

    /// Room made for side `i` (once a game at most, a side's first write): out of the way of
    /// the writes that follow.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, i: usize) {
        self.values.resize_with(i + 1, T::default);
    }

    /// `side`'s value set to `value`.
    pub fn set(&mut self, side: Side, value: T) {
        *self.get_mut(side) = value;
    }

    /// Every side of a table of `sides` sides with its value, in seat order (`sides` is
    /// `cx.table().sides()`).
    pub fn iter(&self, sides: u8) -> impl Iterator<Item = (Side, &T)> + '_ {
        Side::all(sides).map(|side| (side, self.get(side)))
    }

    /// The values up to the last side that is not at its default.
    fn written(&self) -> &[T] {
        let end = self
            .values
            .iter()
            .rposition(|v| *v != self.blank)
            .map_or(0, |i| i + 1);
        &self.values[..end]
    }
}

impl<U> PerSide<Vec<U>>
where
    Vec<U>: SideValue,
{
    /// `side`'s list (empty until the module adds to it).
    #[inline]
    pub fn list(&self, side: Side) -> &[U] {
        self.values.get(side.index()).map_or(&[], Vec::as_slice)
    }

    /// `item` added at the end of `side`'s list.
    #[inline]
    pub fn push(&mut self, side: Side, item: U) {
        self.get_mut(side).push(item);
    }
}

impl<T: SideValue> std::ops::Index<Side> for PerSide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T: SideValue> std::ops::IndexMut<Side> for PerSide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

impl<T: SideValue> PartialEq for PerSide<T> {
    fn eq(&self, other: &PerSide<T>) -> bool {
        self.written() == other.written()
    }
}

impl<T: SideValue> Eq for PerSide<T> {}

impl<T: SideValue> Hash for PerSide<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.written().hash(state);
    }
}

/// Written as the list of the sides' values, up to the last side not at its default.
impl<T: SideValue> Serialize for PerSide<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.written().serialize(serializer)
    }
}

impl<'de, T: SideValue> Deserialize<'de> for PerSide<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PerSide<T>, D::Error> {
        Vec::<T>::deserialize(deserializer).map(PerSide::from)
    }
}

impl<T: SideValue> ModuleState for PerSide<T> {
    fn clear(&mut self) {
        for v in &mut self.values {
            v.reset();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use std::hash::DefaultHasher;

    fn hash_of<T: Hash>(v: &T) -> u64 {
        let mut h = DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    }

    #[test]
    fn a_side_not_written_reads_as_its_default() {
        let mut p: PerSide<Vec<Cell>> = PerSide::default();
        assert!(p.list(Side(3)).is_empty());
        assert!(p[Side(0)].is_empty());
        p.push(Side(2), Cell::new(1, 1));
        assert_eq!(p.list(Side(2)), &[Cell::new(1, 1)]);
        assert_eq!(p.get(Side(2)), &vec![Cell::new(1, 1)]);
        assert!(p.list(Side(0)).is_empty());
        let sides: Vec<(Side, usize)> = p.iter(4).map(|(s, v)| (s, v.len())).collect();
        assert_eq!(
            sides,
            vec![(Side(0), 0), (Side(1), 0), (Side(2), 1), (Side(3), 0)]
        );
    }

    #[test]
    fn sides_never_written_equal_sides_written_back_to_default() {
        let mut grown: PerSide<Vec<Cell>> = PerSide::default();
        grown.push(Side(3), Cell::new(0, 0));
        grown.clear();
        let fresh: PerSide<Vec<Cell>> = PerSide::default();
        assert_eq!(grown, fresh);
        assert_eq!(hash_of(&grown), hash_of(&fresh));
        assert_eq!(
            serde_json::to_string(&grown).ok(),
            serde_json::to_string(&fresh).ok()
        );
        assert_eq!(grown.get(Side(1)), fresh.get(Side(1)));
        grown.push(Side(1), Cell::new(0, 1));
        assert_ne!(grown, fresh);
        let mut other = PerSide::default();
        other.push(Side(1), Cell::new(0, 1));
        assert_eq!(grown, other);
        assert_eq!(hash_of(&grown), hash_of(&other));
    }

    #[test]
    fn clear_keeps_the_lists_memory() {
        let mut p: PerSide<Vec<u32>> = PerSide::default();
        for i in 0..10 {
            p.push(Side(0), i);
        }
        let capacity = p.values[0].capacity();
        p.clear();
        assert!(p.list(Side(0)).is_empty());
        assert_eq!(p.values[0].capacity(), capacity);
    }

    #[test]
    fn counters_and_options_reset_to_default() {
        let mut p: PerSide<u32> = PerSide::default();
        p.set(Side(1), 7);
        p[Side(0)] += 2;
        assert_eq!((p[Side(0)], p[Side(1)], p[Side(5)]), (2, 7, 0));
        p.clear();
        assert_eq!(p, PerSide::default());
        assert_eq!(p[Side(1)], 0);
        let mut o: PerSide<Option<Cell>> = PerSide::default();
        o.set(Side(0), Some(Cell::new(2, 2)));
        o.clear();
        assert_eq!(o[Side(0)], None);
        let from: PerSide<u32> = [0, 4].into_iter().collect();
        assert_eq!(from[Side(1)], 4);
    }

    #[test]
    fn it_writes_and_reads_as_a_plain_list() {
        let mut p: PerSide<Vec<Cell>> = PerSide::default();
        p.push(Side(1), Cell::new(4, 0));
        p.get_mut(Side(3));
        let json = serde_json::to_value(&p).unwrap_or_default();
        assert_eq!(json, serde_json::json!([[], [{"x": 4, "y": 0}]]));
        let back: PerSide<Vec<Cell>> = serde_json::from_value(json).unwrap_or_default();
        assert_eq!(back, p);
    }
}

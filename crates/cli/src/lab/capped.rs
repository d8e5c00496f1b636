//! Lists and maps read from a part file, refused as soon as they pass what a run can hold
//! (not read whole first: a part file's list of tens of millions of numbers took gigabytes).

use super::tally_error::MAX_SPAN;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The most seats a row of a tally has (one per player).
pub(super) const MAX_SEATS: usize = crownlands_core::ruleset::MAX_PLAYERS as usize;
/// The most keys a tally's rows by name hold (bonuses, resources held): a part file's are
/// checked against the run's own limits after reading; this only keeps the reading bounded.
pub(super) const MAX_ROW_KEYS: usize = 4096;

/// A list read from a file, refused as soon as it holds more than `max` items (not read whole
/// first: a part file's list of tens of millions of numbers took gigabytes).
struct CappedList<T> {
    max: usize,
    what: &'static str,
    item: std::marker::PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for CappedList<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a list of at most {} {}", self.max, self.what)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element()? {
            if out.len() == self.max {
                return Err(serde::de::Error::custom(format!(
                    "more than {} {} in a list",
                    self.max, self.what
                )));
            }
            out.push(v);
        }
        Ok(out)
    }
}

/// A histogram's counts: at most one a bucket.
pub(super) fn capped_counts<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    d.deserialize_seq(CappedList {
        max: MAX_SPAN,
        what: "buckets",
        item: std::marker::PhantomData,
    })
}

/// One row a seat, as a list no longer than the most seats.
struct SeatRow<T>(Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SeatRow<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(CappedList {
            max: MAX_SEATS,
            what: "seats",
            item: std::marker::PhantomData,
        })
        .map(SeatRow)
    }
}

/// Values by name read from a file, refused as soon as they pass [`MAX_ROW_KEYS`] names.
struct CappedNames<V> {
    what: &'static str,
    value: std::marker::PhantomData<V>,
}

impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for CappedNames<V> {
    type Value = BTreeMap<String, V>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} by name", self.what)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((key, value)) = map.next_entry::<String, V>()? {
            if out.len() == MAX_ROW_KEYS {
                return Err(serde::de::Error::custom(format!(
                    "more {} than a run counts (more than {MAX_ROW_KEYS})",
                    self.what
                )));
            }
            out.insert(key, value);
        }
        Ok(out)
    }
}

/// Rows by name, each a value a seat: at most [`MAX_ROW_KEYS`] names and [`MAX_SEATS`] seats.
pub(super) fn capped_rows<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<BTreeMap<String, Vec<T>>, D::Error> {
    let rows = d.deserialize_map(CappedNames::<SeatRow<T>> {
        what: "bonuses or resources held",
        value: std::marker::PhantomData,
    })?;
    Ok(rows.into_iter().map(|(k, SeatRow(row))| (k, row)).collect())
}

/// A bot's bonuses by name, at most [`MAX_ROW_KEYS`] of them.
pub(super) fn capped_bonus_counts<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<BTreeMap<String, u64>>, D::Error> {
    d.deserialize_map(CappedNames::<u64> {
        what: "bonuses",
        value: std::marker::PhantomData,
    })
    .map(Some)
}

/// A list of one item a seat at most (seats, their sides, the bots of a list, the places of
/// the first claims), refused as soon as it passes the most seats a table has.
pub(super) fn up_to_seats<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(CappedList {
        max: MAX_SEATS,
        what: "seats",
        item: std::marker::PhantomData,
    })
}

/// A list of one item a ruleset (a run's rulesets, their tallies): at most two (`compare`).
pub(super) fn up_to_two<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(CappedList {
        max: 2,
        what: "rulesets",
        item: std::marker::PhantomData,
    })
}

/// A run's dominoes (`simulate --dominoes`): at most as many as a ruleset holds.
pub(super) fn capped_dominoes<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Vec<T>>, D::Error> {
    d.deserialize_seq(CappedList {
        max: crownlands_core::ruleset::MAX_DOMINOES,
        what: "dominoes",
        item: std::marker::PhantomData,
    })
    .map(Some)
}

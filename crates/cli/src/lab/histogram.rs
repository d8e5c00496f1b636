//! A histogram of the values a tally counts (scores), exact while they spread over at most
//! [`MAX_SPAN`] values, in buckets of doubling width past that; it adds up like the rest of a
//! tally, in any order.

use super::capped::capped_counts;
use super::tally_error::{MAX_SPAN, TallyError};
use serde::{Deserialize, Serialize};

/// How often each value occurred: `counts[j]` is the count of the values from `low + j * width`
/// to the next bucket. `width` is 1 (each value its own bucket) until values spread wider than
/// [`MAX_SPAN`] buckets; then buckets double in width, so a tally never fails or drops a value
/// for its spread (the exact sums are kept beside it, in [`SeatTally`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Histogram {
    pub low: i64,
    /// A power of two; written only when more than 1 (files from before it read as 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub width: u64,
    #[serde(deserialize_with = "capped_counts")]
    pub counts: Vec<u64>,
}

fn one() -> u64 {
    1
}

/// Whether a width need not be written: 1, or the 0 of an empty histogram's `Default`.
fn is_one(w: &u64) -> bool {
    *w <= 1
}

/// The widest bucket: past it the values of an `i64` fit in a few buckets.
const MAX_WIDTH: u64 = 1 << 62;

impl Histogram {
    /// The bucket width, 1 for a histogram built before widths (`Default` gives 0).
    fn w(&self) -> u64 {
        self.width.max(1)
    }

    /// The first value of `value`'s bucket at `width`.
    fn floor(value: i64, width: u64) -> i64 {
        let w = i128::from(width);
        (i128::from(value).div_euclid(w) * w) as i64
    }

    /// Buckets from `low` to `high` (both bucket starts) at `width`.
    fn buckets(low: i64, high: i64, width: u64) -> u128 {
        u128::from(high.abs_diff(low)) / u128::from(width) + 1
    }

    /// The same counts in buckets of `width` (a power of two, at least the present one).
    fn coarsen_to(&mut self, width: u64) {
        let old = self.w();
        if width <= old || self.counts.is_empty() {
            self.width = self.w().max(width);
            return;
        }
        let low = Self::floor(self.low, width);
        let n = usize::try_from(Self::buckets(low, Self::floor(self.high(), width), width))
            .unwrap_or(usize::MAX);
        let mut counts = vec![0u64; n];
        for (j, &c) in self.counts.iter().enumerate() {
            let v = i128::from(self.low) + j as i128 * i128::from(old);
            let at = ((v - i128::from(low)) / i128::from(width)) as usize;
            if let Some(slot) = counts.get_mut(at) {
                *slot = slot.saturating_add(c);
            }
        }
        self.low = low;
        self.width = width;
        self.counts = counts;
    }

    /// The width at which values from `low` to `high` fit in [`MAX_SPAN`] buckets.
    fn width_for(low: i64, high: i64, at_least: u64) -> u64 {
        let mut w = at_least.max(1);
        while w < MAX_WIDTH
            && Self::buckets(Self::floor(low, w), Self::floor(high, w), w) > MAX_SPAN as u128
        {
            w *= 2;
        }
        w
    }

    /// Count one more `value`.
    pub fn add(&mut self, value: i64) {
        if self.counts.is_empty() {
            self.width = self.w();
            self.low = Self::floor(value, self.width);
            self.counts.push(1);
            return;
        }
        let w = Self::width_for(self.low.min(value), self.high().max(value), self.w());
        self.coarsen_to(w);
        let w = self.w();
        let at = Self::floor(value, w);
        if at < self.low {
            let grow = usize::try_from(Self::buckets(at, self.low, w) - 1).unwrap_or(0);
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.low = at;
        }
        let j = usize::try_from(Self::buckets(self.low, at, w) - 1).unwrap_or(0);
        if j >= self.counts.len() {
            self.counts.resize(j + 1, 0);
        }
        self.counts[j] += 1;
    }

    /// The first value of the highest bucket (`low` when empty).
    pub fn high(&self) -> i64 {
        let span = i128::from(self.w()) * self.counts.len().saturating_sub(1) as i128;
        (i128::from(self.low) + span).min(i128::from(i64::MAX)) as i64
    }

    /// Add another histogram's counts (in wider buckets if they spread too far together).
    pub fn merge(&mut self, other: &Histogram) -> Result<(), TallyError> {
        if other.counts.is_empty() {
            return Ok(());
        }
        if self.counts.is_empty() {
            *self = other.clone();
            self.width = self.w();
            return Ok(());
        }
        let low = self.low.min(other.low);
        let high = self.high().max(other.high());
        let w = Self::width_for(low, high, self.w().max(other.w()));
        let mut theirs = other.clone();
        theirs.coarsen_to(w);
        self.coarsen_to(w);
        let low = self.low.min(theirs.low);
        let span = usize::try_from(Self::buckets(low, self.high().max(theirs.high()), w))
            .unwrap_or(usize::MAX);
        if span > MAX_SPAN {
            return Err(TallyError::TooWide(low, high));
        }
        let mut counts = vec![0u64; span];
        for h in [&*self, &theirs] {
            let at = usize::try_from(Self::buckets(low, h.low, w) - 1).unwrap_or(0);
            for (c, &n) in counts[at..].iter_mut().zip(&h.counts) {
                *c = c.checked_add(n).ok_or(TallyError::Overflow)?;
            }
        }
        self.low = low;
        self.width = w;
        self.counts = counts;
        Ok(())
    }

    /// `(value, count)` of every bucket counted at least once, by its first value.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        let w = i128::from(self.w());
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(move |(j, &c)| ((i128::from(self.low) + j as i128 * w) as i64, c))
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Whether each value has a bucket of its own (so [`Histogram::sums`] is exact).
    pub fn is_exact(&self) -> bool {
        self.w() == 1
    }

    /// Sum and sum of squares of the values counted (exact when [`Histogram::is_exact`]).
    pub fn sums(&self) -> (i128, u128) {
        self.checked_sums().unwrap_or((i128::MAX, u128::MAX))
    }

    /// [`Histogram::sums`], `None` past what the sums can hold (a file's histogram of values
    /// near 2^62 counted many times: no run's scores come near).
    pub fn checked_sums(&self) -> Option<(i128, u128)> {
        self.iter().try_fold((0i128, 0u128), |(s, q), (v, c)| {
            let v = i128::from(v);
            let c = u128::from(c);
            Some((
                s.checked_add(v.checked_mul(i128::try_from(c).ok()?)?)?,
                q.checked_add(
                    v.unsigned_abs()
                        .checked_mul(v.unsigned_abs())?
                        .checked_mul(c)?,
                )?,
            ))
        })
    }

    /// The least and the greatest value the counts allow (the first of the lowest bucket, the
    /// last of the highest); `None` when nothing is counted.
    pub fn range(&self) -> Option<(i128, i128)> {
        let first = self.iter().next()?.0;
        let last = self.iter().last()?.0;
        let last = (i128::from(last) + i128::from(self.w()) - 1).min(i128::from(i64::MAX));
        Some((i128::from(first), last))
    }

    /// What the counts allow of the values counted, each anywhere in its bucket: the least and
    /// the greatest sum, and the least and the greatest sum of squares (the greatest at most
    /// `u128::MAX`). `None` when even the least is past what a sum holds (no run counts so).
    pub(super) fn allows(&self) -> Option<((i128, i128), (u128, u128))> {
        let w = i128::from(self.w());
        self.iter().try_fold(
            ((0i128, 0i128), (0u128, 0u128)),
            |((s0, s1), (q0, q1)), (v, c)| {
                let first = i128::from(v);
                let last = (first + w - 1).min(i128::from(i64::MAX));
                let (ci, cu) = (i128::from(c), u128::from(c));
                let near = if first <= 0 && last >= 0 {
                    0
                } else {
                    first.unsigned_abs().min(last.unsigned_abs())
                };
                let far = first.unsigned_abs().max(last.unsigned_abs());
                Some((
                    (
                        s0.checked_add(first.checked_mul(ci)?)?,
                        s1.checked_add(last.checked_mul(ci)?)?,
                    ),
                    (
                        q0.checked_add(near.checked_mul(near)?.checked_mul(cu)?)?,
                        q1.saturating_add(far.saturating_mul(far).saturating_mul(cu)),
                    ),
                ))
            },
        )
    }

    /// Check a histogram read back from a file: at most [`MAX_SPAN`] buckets of a power-of-two
    /// width, starting on a bucket, whose counts can be summed.
    pub(super) fn check(&self) -> Result<(), TallyError> {
        if self.counts.len() > MAX_SPAN {
            return Err(TallyError::TooWide(self.low, self.high()));
        }
        let w = self.w();
        if !w.is_power_of_two() || w > MAX_WIDTH || Self::floor(self.low, w) != self.low {
            return Err(TallyError::Inconsistent("histogram bucket width".into()));
        }
        // The last bucket starts within i64 (it may hold i64::MAX itself).
        let last = i128::from(self.low) + i128::from(w) * (self.counts.len() as i128 - 1).max(0);
        if last > i128::from(i64::MAX) {
            return Err(TallyError::Inconsistent("histogram out of range".into()));
        }
        self.counts
            .iter()
            .try_fold(0u64, |a, &c| a.checked_add(c))
            .map(|_| ())
            .ok_or(TallyError::Overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_merge_in_any_order() {
        let values = [5i64, -3, 12, 5, 0, 40, -3];
        let mut one = Histogram::default();
        values.iter().for_each(|&v| one.add(v));
        let (mut a, mut b) = (Histogram::default(), Histogram::default());
        values[..3].iter().for_each(|&v| a.add(v));
        values[3..].iter().for_each(|&v| b.add(v));
        let mut ab = a.clone();
        ab.merge(&b).expect("merge");
        let mut ba = b.clone();
        ba.merge(&a).expect("merge");
        assert_eq!(ab, one);
        assert_eq!(ba, one);
        assert_eq!(one.total(), 7);
        assert_eq!(one.sums(), (56, 25 + 9 + 144 + 25 + 1600 + 9));
        assert_eq!(one.low, -3);
    }

    #[test]
    fn far_apart_values_widen_the_buckets_and_keep_every_count() {
        // Values ten million apart: one bucket each would pass MAX_SPAN.
        let values = [7_333_306i64, 9_333_301, 8_000_000, -5, 7_333_306];
        let mut one = Histogram::default();
        values.iter().for_each(|&v| one.add(v));
        assert_eq!(one.total(), 5);
        assert!(!one.is_exact() && one.counts.len() <= MAX_SPAN);
        one.check().expect("a sound histogram");
        // Split anyhow and merged, the same buckets.
        let (mut a, mut b) = (Histogram::default(), Histogram::default());
        values[..2].iter().for_each(|&v| a.add(v));
        values[2..].iter().for_each(|&v| b.add(v));
        a.merge(&b).expect("merge");
        assert_eq!(a, one);
        // Every value lies in its bucket.
        let w = one.width as i64;
        for v in values {
            assert!(
                one.iter().any(|(start, _)| start <= v && v < start + w),
                "{v}"
            );
        }
        // The far ends of i64 fit too.
        let mut a = Histogram::default();
        a.add(0);
        let b = Histogram {
            low: i64::MAX - 10,
            width: 1,
            counts: vec![1],
        };
        a.merge(&b).expect("merge");
        assert_eq!(a.total(), 2);
        a.check().expect("what a merge makes reads back");
        // An empty histogram writes no width (its `Default` width is 0, read back as 1).
        let empty = serde_json::to_string(&Histogram::default()).expect("json");
        assert_eq!(empty, r#"{"low":0,"counts":[]}"#);
        // A file's histogram of a width that is no power of two, or off its buckets, is refused.
        let bad = Histogram {
            low: 3,
            width: 4,
            counts: vec![1],
        };
        assert!(bad.check().is_err());
        let bad = Histogram {
            low: 0,
            width: 3,
            counts: vec![1],
        };
        assert!(bad.check().is_err());
    }
}

//! Bitboards over a kingdom's frame.
//!
//! A kingdom of at most N x N squares, grown around a fixed castle, always lies inside the
//! (2N-1) x (2N-1) frame centred on the castle. The frame is stored row by row with a stride of
//! [`STRIDE`] bits (at least one always-empty padding column), four rows to a `u64`. East/west
//! shifts never cross a word; north/south shifts carry whole rows between words.

use serde::{Deserialize, Serialize};

/// Bits per frame row (the frame is at most `STRIDE - 1` squares wide).
pub const STRIDE: usize = 16;
const WORDS: usize = 4;
/// Rows the frame can hold.
pub const ROWS: usize = WORDS * 64 / STRIDE;
/// Cells the frame can address.
pub const CELLS: usize = WORDS * 64;
/// The largest kingdom the bitboards can hold: the frame of 2N-1 must fit in the stride and rows.
pub const MAX_GRID: usize = STRIDE / 2;

/// A set of frame cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn single(cell: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.0[cell / 64] = 1 << (cell % 64);
        b
    }

    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    #[inline]
    pub fn set(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline]
    pub fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn and(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    #[inline]
    pub fn or(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    #[inline]
    pub fn and_not(self, o: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// Every cell moved one column east (x + 1). Cells leaving a row land in the padding column.
    #[inline]
    pub fn east(self) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] << 1))
    }

    /// Every cell moved one column west (x - 1). Column 0 lands in the previous row's padding.
    #[inline]
    pub fn west(self) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] >> 1))
    }

    /// Every cell moved one row south (y + 1).
    #[inline]
    pub fn south(self) -> Bits {
        let w = self.0;
        Bits(std::array::from_fn(|i| {
            let carry = if i > 0 { w[i - 1] >> (64 - STRIDE) } else { 0 };
            (w[i] << STRIDE) | carry
        }))
    }

    /// Every cell moved one row north (y - 1).
    #[inline]
    pub fn north(self) -> Bits {
        let w = self.0;
        Bits(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS {
                w[i + 1] << (64 - STRIDE)
            } else {
                0
            };
            (w[i] >> STRIDE) | carry
        }))
    }

    /// The four orthogonal neighbours of every cell (not masked: callers mask to the frame).
    #[inline]
    pub fn neighbours(self) -> Bits {
        self.east()
            .or(self.west())
            .or(self.south())
            .or(self.north())
    }

    /// The index of the lowest set cell.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The index of the `n`th set cell (0-based), counting from the lowest.
    #[inline]
    pub fn nth(&self, mut n: u32) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if n < c {
                let mut w = w;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
            n -= c;
        }
        None
    }

    pub fn iter(self) -> BitsIter {
        BitsIter {
            bits: self,
            word: 0,
        }
    }

    /// The cells of rows `r0..=r1` and columns `c0..=c1` (inclusive bounds within the frame).
    #[inline]
    pub fn rect(r0: usize, r1: usize, c0: usize, c1: usize) -> Bits {
        if r0 > r1 || c0 > c1 || r1 >= ROWS || c1 >= STRIDE {
            return Bits::EMPTY;
        }
        // One row's columns, repeated on every row of a word.
        let row_bits: u64 = ((1u64 << (c1 + 1)) - 1) & !((1u64 << c0) - 1);
        let columns = row_bits * REPEAT_ROWS;
        // The bit range of the rows, word by word.
        let (lo, hi) = (r0 * STRIDE, (r1 + 1) * STRIDE);
        Bits(std::array::from_fn(|i| {
            let (w_lo, w_hi) = (i * 64, i * 64 + 64);
            let a = lo.clamp(w_lo, w_hi) - w_lo;
            let b = hi.clamp(w_lo, w_hi) - w_lo;
            let upto = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
            (upto(b) & !upto(a)) & columns
        }))
    }
}

/// Multiplying a row pattern by this repeats it on each row of a word.
const REPEAT_ROWS: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < 64 / STRIDE {
        m |= 1 << (r * STRIDE);
        r += 1;
    }
    m
};

pub struct BitsIter {
    bits: Bits,
    word: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = &mut self.bits.0[self.word];
            if *w != 0 {
                let tz = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + tz);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: usize, c: usize) -> usize {
        r * STRIDE + c
    }

    #[test]
    fn shifts_move_one_square() {
        let b = Bits::single(cell(3, 5));
        assert_eq!(b.east(), Bits::single(cell(3, 6)));
        assert_eq!(b.west(), Bits::single(cell(3, 4)));
        assert_eq!(b.south(), Bits::single(cell(4, 5)));
        assert_eq!(b.north(), Bits::single(cell(2, 5)));
        // crossing word boundaries (row 3 -> 4 is word 0 -> 1)
        let low = Bits::single(cell(4, 0));
        assert_eq!(low.north(), Bits::single(cell(3, 0)));
        assert_eq!(Bits::single(cell(3, 14)).south(), Bits::single(cell(4, 14)));
    }

    #[test]
    fn rect_and_nth() {
        let r = Bits::rect(1, 2, 3, 4);
        assert_eq!(r.count(), 4);
        let cells: Vec<usize> = r.iter().collect();
        assert_eq!(cells, vec![cell(1, 3), cell(1, 4), cell(2, 3), cell(2, 4)]);
        assert_eq!(r.nth(2), Some(cell(2, 3)));
        assert_eq!(r.nth(4), None);
        assert_eq!(r.first(), Some(cell(1, 3)));
        // Rectangles across word boundaries, checked cell by cell.
        for (r0, r1, c0, c1) in [(0, 14, 0, 14), (3, 9, 2, 7), (4, 4, 0, 0), (7, 12, 5, 14)] {
            let b = Bits::rect(r0, r1, c0, c1);
            for r in 0..ROWS {
                for c in 0..STRIDE {
                    let inside = (r0..=r1).contains(&r) && (c0..=c1).contains(&c);
                    assert_eq!(
                        b.contains(cell(r, c)),
                        inside,
                        "{r0} {r1} {c0} {c1} at {r} {c}"
                    );
                }
            }
        }
    }
}

//! Bitboards over a kingdom's frame.
//!
//! A kingdom of at most N x N squares, grown around a fixed castle, always lies inside the
//! (2N-1) x (2N-1) frame centred on the castle. A frame is stored row by row with a stride of at
//! least one more bit than its width, so that the column after the last is an always-empty
//! padding column: east/west shifts move a row's edge into padding, never into the next row.
//!
//! Two boards implement [`Board`]: [`Narrow`], one `u128` (frames up to 9 wide: kingdoms up to
//! 5x5, the common case), and [`Wide`], four `u64` (frames up to 15 wide: kingdoms up to 8x8).

use std::fmt::Debug;
use std::hash::Hash;

/// The largest kingdom any board can hold.
pub const MAX_GRID: usize = 8;

/// A set of frame cells, as bits.
pub trait Board: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Bits per frame row.
    const STRIDE: usize;
    /// Rows the board holds (the tests check every row).
    #[cfg(test)]
    const ROWS: usize;
    /// The largest kingdom this board can hold (its frame, 2N-1, fits the stride and rows).
    const MAX_GRID: usize;
    const EMPTY: Self;

    fn single(i: usize) -> Self;
    fn contains(&self, i: usize) -> bool;
    fn set(&mut self, i: usize);
    fn clear(&mut self, i: usize);
    fn is_empty(&self) -> bool;
    fn count(&self) -> u32;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn and_not(self, o: Self) -> Self;
    /// Every cell moved one column east (x + 1).
    fn east(self) -> Self;
    /// Every cell moved one column west (x - 1).
    fn west(self) -> Self;
    /// Every cell moved one row south (y + 1).
    fn south(self) -> Self;
    /// Every cell moved one row north (y - 1).
    fn north(self) -> Self;
    /// The orthogonal neighbours of one cell (from a table).
    fn neighbours_of(i: usize) -> Self;
    /// The cells of rows `r0..=r1` and columns `c0..=c1` (from tables).
    fn rect(r0: usize, r1: usize, c0: usize, c1: usize) -> Self;
    /// The lowest set cell.
    fn first(&self) -> Option<usize>;
    /// The `n`th set cell (0-based) counting from the lowest.
    fn nth(&self, n: u32) -> Option<usize>;
    /// Remove and return the lowest set cell.
    fn pop(&mut self) -> Option<usize>;
    /// The rows from `row` on, as one `u64` with this board's stride (row `row` at bit 0), when
    /// any kingdom this board holds fits: a kingdom spans at most `MAX_GRID` rows, so from its
    /// top row it lies in `MAX_GRID * STRIDE` bits. `None` for boards whose kingdoms do not fit.
    fn rows_from(self, row: usize) -> Option<u64>;

    /// The four orthogonal neighbours of every cell (not masked: callers mask).
    #[inline]
    fn neighbours(self) -> Self {
        self.east()
            .or(self.west())
            .or(self.south())
            .or(self.north())
    }

    fn iter(self) -> BoardIter<Self> {
        BoardIter(self)
    }
}

pub struct BoardIter<B>(B);

impl<B: Board> Iterator for BoardIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop()
    }
}

/// The position of the `n`th set bit of `w` (which has more than `n` set bits), without
/// branches: Vigna's broadword select (byte-wise prefix counts, then a table within the byte).
#[inline]
pub fn nth_in_word(w: u64, n: u32) -> u32 {
    const L8: u64 = 0x0101_0101_0101_0101;
    const H8: u64 = 0x8080_8080_8080_8080;
    let mut s = w - ((w >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i of `sums` counts the set bits of bytes 0..=i.
    let sums = s.wrapping_mul(L8);
    let k = u64::from(n) * L8;
    // Bytes whose running count is still <= n: the answer lies past all of them.
    let before = ((k | H8) - sums) & H8;
    let byte = before.count_ones() * 8;
    let below = ((sums << 8) >> byte) & 0xFF;
    let rank = u64::from(n).wrapping_sub(below) & 7;
    byte + u32::from(SELECT_IN_BYTE[((w >> byte) & 0xFF) as usize][rank as usize])
}

/// [`nth_in_word`], with a table look-up alone when `w` fits a byte (a line of up to 8 dominoes:
/// the test is always taken the same way in a game, so it costs no misprediction).
#[inline]
pub fn select(w: u64, n: u32) -> u32 {
    if w < 256 {
        u32::from(SELECT_IN_BYTE[w as usize][(n & 7) as usize])
    } else {
        nth_in_word(w, n)
    }
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`th set bit of the byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Row pattern with columns `a..=b` set.
const fn columns(a: usize, b: usize) -> u64 {
    let upto = if b + 1 >= 64 {
        u64::MAX
    } else {
        (1u64 << (b + 1)) - 1
    };
    upto & !((1u64 << a) - 1)
}

// ----- Narrow: one u128, stride 10, 9 rows (kingdoms up to 5x5) -----

/// A board in one `u128`: 9 rows of 9 cells plus a padding column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Narrow(pub u128);

const N_STRIDE: usize = 10;
const N_ROWS: usize = 9;
const N_CELLS: usize = N_STRIDE * N_ROWS;

static NARROW_NEIGHBOURS: [u128; N_CELLS] = {
    let mut t = [0u128; N_CELLS];
    let mut i = 0;
    while i < N_CELLS {
        let (r, c) = (i / N_STRIDE, i % N_STRIDE);
        let mut b = 0u128;
        if c + 1 < N_STRIDE - 1 {
            b |= 1 << (i + 1);
        }
        if c > 0 {
            b |= 1 << (i - 1);
        }
        if r + 1 < N_ROWS {
            b |= 1 << (i + N_STRIDE);
        }
        if r > 0 {
            b |= 1 << (i - N_STRIDE);
        }
        t[i] = b;
        i += 1;
    }
    t
};

static NARROW_ROWS: [[u128; N_ROWS]; N_ROWS] = {
    let mut t = [[0u128; N_ROWS]; N_ROWS];
    let mut a = 0;
    while a < N_ROWS {
        let mut b = a;
        while b < N_ROWS {
            let lo = a * N_STRIDE;
            let hi = (b + 1) * N_STRIDE;
            t[a][b] = ((1u128 << hi) - 1) & !((1u128 << lo) - 1);
            b += 1;
        }
        a += 1;
    }
    t
};

static NARROW_COLUMNS: [[u128; N_STRIDE]; N_STRIDE] = {
    let mut t = [[0u128; N_STRIDE]; N_STRIDE];
    let mut a = 0;
    while a < N_STRIDE {
        let mut b = a;
        while b < N_STRIDE {
            let row = columns(a, b) as u128;
            let mut m = 0u128;
            let mut r = 0;
            while r < N_ROWS {
                m |= row << (r * N_STRIDE);
                r += 1;
            }
            t[a][b] = m;
            b += 1;
        }
        a += 1;
    }
    t
};

impl Board for Narrow {
    const STRIDE: usize = N_STRIDE;
    #[cfg(test)]
    const ROWS: usize = N_ROWS;
    const MAX_GRID: usize = 5;
    const EMPTY: Self = Narrow(0);

    #[inline]
    fn single(i: usize) -> Self {
        Narrow(1u128.wrapping_shl(i as u32))
    }
    #[inline]
    fn contains(&self, i: usize) -> bool {
        i < 128 && self.0 >> i & 1 == 1
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0 |= 1u128.wrapping_shl(i as u32);
    }
    #[inline]
    fn clear(&mut self, i: usize) {
        self.0 &= !1u128.wrapping_shl(i as u32);
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn count(&self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        Narrow(self.0 & o.0)
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        Narrow(self.0 | o.0)
    }
    #[inline]
    fn and_not(self, o: Self) -> Self {
        Narrow(self.0 & !o.0)
    }
    #[inline]
    fn east(self) -> Self {
        Narrow(self.0 << 1)
    }
    #[inline]
    fn west(self) -> Self {
        Narrow(self.0 >> 1)
    }
    #[inline]
    fn south(self) -> Self {
        Narrow(self.0 << N_STRIDE)
    }
    #[inline]
    fn north(self) -> Self {
        Narrow(self.0 >> N_STRIDE)
    }
    #[inline]
    fn neighbours_of(i: usize) -> Self {
        Narrow(NARROW_NEIGHBOURS.get(i).copied().unwrap_or(0))
    }
    #[inline]
    fn rect(r0: usize, r1: usize, c0: usize, c1: usize) -> Self {
        if r0 > r1 || c0 > c1 || r1 >= N_ROWS || c1 >= N_STRIDE {
            return Narrow(0);
        }
        Narrow(NARROW_ROWS[r0][r1] & NARROW_COLUMNS[c0][c1])
    }
    #[inline]
    fn first(&self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }
    #[inline]
    fn nth(&self, n: u32) -> Option<usize> {
        if n >= self.count() {
            return None;
        }
        let lo = self.0 as u64;
        let c = lo.count_ones();
        let in_hi = n >= c;
        let word = if in_hi { (self.0 >> 64) as u64 } else { lo };
        let n = if in_hi { n - c } else { n };
        Some(usize::from(in_hi) * 64 + nth_in_word(word, n) as usize)
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        let i = self.first()?;
        self.0 &= self.0 - 1;
        Some(i)
    }
    #[inline]
    fn rows_from(self, row: usize) -> Option<u64> {
        const { assert!(Narrow::MAX_GRID * N_STRIDE <= 64) };
        Some(self.0.checked_shr((row * N_STRIDE) as u32).unwrap_or(0) as u64)
    }
}

// ----- Wide: four u64, stride 16, 15 rows (kingdoms up to 8x8) -----

/// A board in four `u64`: 15 rows of 15 cells plus a padding column, four rows to a word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide(pub [u64; 4]);

const W_STRIDE: usize = 16;
const W_WORDS: usize = 4;
const W_ROWS: usize = W_WORDS * 64 / W_STRIDE;
const W_CELLS: usize = W_WORDS * 64;
/// Multiplying a row pattern by this repeats it on each row of a word.
const REPEAT_ROWS: u64 = 0x0001_0001_0001_0001;

static WIDE_NEIGHBOURS: [[u64; W_WORDS]; W_CELLS] = {
    let mut t = [[0u64; W_WORDS]; W_CELLS];
    let mut i = 0;
    while i < W_CELLS {
        let (r, c) = (i / W_STRIDE, i % W_STRIDE);
        let mut cells = [usize::MAX; 4];
        if c + 1 < W_STRIDE - 1 {
            cells[0] = i + 1;
        }
        if c > 0 {
            cells[1] = i - 1;
        }
        if r + 1 < W_ROWS - 1 {
            cells[2] = i + W_STRIDE;
        }
        if r > 0 {
            cells[3] = i - W_STRIDE;
        }
        let mut k = 0;
        while k < 4 {
            if cells[k] != usize::MAX {
                t[i][cells[k] / 64] |= 1 << (cells[k] % 64);
            }
            k += 1;
        }
        i += 1;
    }
    t
};

static WIDE_ROWS: [[[u64; W_WORDS]; W_ROWS]; W_ROWS] = {
    let mut t = [[[0u64; W_WORDS]; W_ROWS]; W_ROWS];
    let mut a = 0;
    while a < W_ROWS {
        let mut b = a;
        while b < W_ROWS {
            let mut r = a;
            while r <= b {
                let bit = r * W_STRIDE;
                t[a][b][bit / 64] |= 0xFFFF << (bit % 64);
                r += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

impl Board for Wide {
    const STRIDE: usize = W_STRIDE;
    #[cfg(test)]
    const ROWS: usize = W_ROWS;
    const MAX_GRID: usize = 8;
    const EMPTY: Self = Wide([0; W_WORDS]);

    #[inline]
    fn single(i: usize) -> Self {
        let mut b = Wide::EMPTY;
        b.set(i);
        b
    }
    #[inline]
    fn contains(&self, i: usize) -> bool {
        i < W_CELLS && self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    fn set(&mut self, i: usize) {
        if i < W_CELLS {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }
    #[inline]
    fn clear(&mut self, i: usize) {
        if i < W_CELLS {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    #[inline]
    fn and_not(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline]
    fn east(self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] << 1))
    }
    #[inline]
    fn west(self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] >> 1))
    }
    #[inline]
    fn south(self) -> Self {
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i > 0 {
                w[i - 1] >> (64 - W_STRIDE)
            } else {
                0
            };
            (w[i] << W_STRIDE) | carry
        }))
    }
    #[inline]
    fn north(self) -> Self {
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i + 1 < W_WORDS {
                w[i + 1] << (64 - W_STRIDE)
            } else {
                0
            };
            (w[i] >> W_STRIDE) | carry
        }))
    }
    #[inline]
    fn neighbours_of(i: usize) -> Self {
        Wide(WIDE_NEIGHBOURS.get(i).copied().unwrap_or([0; W_WORDS]))
    }
    #[inline]
    fn rect(r0: usize, r1: usize, c0: usize, c1: usize) -> Self {
        if r0 > r1 || c0 > c1 || r1 >= W_ROWS || c1 >= W_STRIDE {
            return Wide::EMPTY;
        }
        let cols = columns(c0, c1) * REPEAT_ROWS;
        let rows = WIDE_ROWS[r0][r1];
        Wide(std::array::from_fn(|i| rows[i] & cols))
    }
    #[inline]
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
    #[inline]
    fn nth(&self, mut n: u32) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let c = w.count_ones();
            if n < c {
                return Some(i * 64 + nth_in_word(w, n) as usize);
            }
            n -= c;
        }
        None
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let tz = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + tz);
            }
        }
        None
    }
    #[inline]
    fn rows_from(self, _row: usize) -> Option<u64> {
        // Kingdoms of 6 to 8 rows, 16 bits a row: more than one word.
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_board<B: Board>() {
        let cell = |r: usize, c: usize| r * B::STRIDE + c;
        let b = B::single(cell(3, 5));
        assert_eq!(b.east(), B::single(cell(3, 6)));
        assert_eq!(b.west(), B::single(cell(3, 4)));
        assert_eq!(b.south(), B::single(cell(4, 5)));
        assert_eq!(b.north(), B::single(cell(2, 5)));
        let frame = 2 * B::MAX_GRID - 1;
        for r in 0..frame {
            for c in 0..frame {
                let i = cell(r, c);
                let mask = B::rect(0, frame - 1, 0, frame - 1);
                assert_eq!(
                    B::neighbours_of(i),
                    B::single(i).neighbours().and(mask),
                    "{r} {c}"
                );
            }
        }
        for (r0, r1, c0, c1) in [
            (0, frame - 1, 0, frame - 1),
            (3, 6, 2, 7),
            (4, 4, 0, 0),
            (1, frame - 1, 5, frame - 1),
        ] {
            let b = B::rect(r0, r1, c0, c1);
            for r in 0..B::ROWS {
                for c in 0..B::STRIDE {
                    let inside = (r0..=r1).contains(&r) && (c0..=c1).contains(&c);
                    assert_eq!(
                        b.contains(cell(r, c)),
                        inside,
                        "{r0} {r1} {c0} {c1} at {r} {c}"
                    );
                }
            }
            let cells: Vec<usize> = b.iter().collect();
            assert_eq!(cells.len() as u32, b.count());
            for (k, &i) in cells.iter().enumerate() {
                assert_eq!(b.nth(k as u32), Some(i));
            }
            assert_eq!(b.nth(b.count()), None);
            assert_eq!(b.first(), cells.first().copied());
        }
    }

    #[test]
    fn narrow_board() {
        check_board::<Narrow>();
    }

    #[test]
    fn wide_board() {
        check_board::<Wide>();
        // Crossing word boundaries (row 3 -> 4 is word 0 -> 1).
        assert_eq!(Wide::single(4 * 16).north(), Wide::single(3 * 16));
    }

    #[test]
    fn select_agrees_with_the_broadword_select() {
        for w in 1u64..1024 {
            for n in 0..w.count_ones() {
                assert_eq!(select(w, n), nth_in_word(w, n), "{w:#b} {n}");
            }
        }
        let w = 0x8000_0400_0020_0001u64;
        assert_eq!(select(w, 3), 63);
    }
}

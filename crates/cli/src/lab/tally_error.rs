//! What can stop two tallies adding up, and the widest histogram a tally accepts (apart from
//! the tally, so that the bounded readers and the histogram can name them too).

/// The widest histogram a tally accepts (scores further apart than this are refused, so that a
/// hostile part file cannot make a merge allocate without bound).
pub const MAX_SPAN: usize = 1 << 20;

/// Why two tallies cannot be added.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TallyError {
    #[error("the tallies are of different tables ({0})")]
    Mismatch(&'static str),
    #[error("values span more than {MAX_SPAN} (a histogram from {0} to {1})")]
    TooWide(i64, i64),
    #[error("a sum overflowed")]
    Overflow,
    #[error("inconsistent statistics: {0}")]
    Inconsistent(String),
}

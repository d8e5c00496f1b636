//! The bounds of one line of a kingdom's score.

/// The most points one line of a kingdom's score may count either way (a building's value, the
/// wealth bonus): house rules may multiply large numbers (a million coins at 1,000 points a
/// coin), and a kingdom's lines must add up without overflowing.
pub const MAX_LINE_POINTS: i32 = 1_000_000;

/// `points` within [`MAX_LINE_POINTS`] either way.
pub fn clamp_line(points: i64) -> i32 {
    let max = i64::from(MAX_LINE_POINTS);
    points.clamp(-max, max) as i32
}

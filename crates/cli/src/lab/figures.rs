//! How the study tools write a figure: counts and times in words, intervals and their bounds,
//! differences with their sign, each to the decimals that tell it apart from 0 and from its
//! neighbours. `print` (the tables and lines) and `verdict` (`compare`'s answer) both write
//! with these.

use super::stats::Estimate;

/// A number of games to two significant figures, thousands grouped (`7,200`, `1,200,000`).
pub(super) fn about_count(n: f64) -> String {
    if !n.is_finite() || n >= 1e9 {
        return "over a billion".to_string();
    }
    let n = n.max(1.0);
    let digits = n.log10().floor() as i32;
    let unit = 10f64.powi((digits - 1).max(0));
    let rounded = ((n / unit).round() * unit) as u64;
    let text = rounded.to_string();
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i > 0 && (text.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A run time in words: seconds, minutes, hours or days (`40 s`, `12 min`, `3.5 h`; under a
/// second, `under a second`, not `1 s`).
pub(super) fn about_time(seconds: f64) -> String {
    if seconds < 0.5 {
        "under a second".to_string()
    } else if seconds < 90.0 {
        format!("{:.0} s", seconds.max(1.0))
    } else if seconds < 90.0 * 60.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 48.0 * 3600.0 {
        format!("{:.1} h", seconds / 3600.0)
    } else {
        format!("{:.0} days", seconds / 86400.0)
    }
}

/// How long a run took: seconds to the millisecond, a run shorter than 10 ms in milliseconds
/// (`0.40 ms`, not `0.000 s`).
pub(super) fn run_time(seconds: f64) -> String {
    if seconds < 0.01 {
        format!("{:.2} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.3} s")
    }
}

/// A difference being sized, signed, to `places` decimals or the few more that show it is not 0
/// (`+0.04%`: a `+0.0%` sized in games read as sizing nothing).
pub(super) fn sized(x: f64, places: usize) -> String {
    // As an interval's bound is written ([`bound`]), with its sign.
    let b = bound(x, places);
    if b.starts_with('-') {
        b
    } else {
        format!("+{b}")
    }
}

pub(super) fn interval(e: &Estimate, places: usize, percent: bool) -> String {
    interval_at(
        e,
        column_places(std::slice::from_ref(e), places, percent),
        percent,
    )
}

/// [`interval`] at exactly `places` decimals (a table's column: [`column_places`]).
pub(super) fn interval_at(e: &Estimate, places: usize, percent: bool) -> String {
    // One game (or none): no spread to go on ([`super::stats::mean_interval`]).
    if !e.has_interval() {
        return "no interval".to_string();
    }
    let by = if percent { 100.0 } else { 1.0 };
    format!(
        "{} to {}{}",
        bound_outward(e.low * by, places, Outward::Down),
        bound_outward(e.high * by, places, Outward::Up),
        if percent { "%" } else { "" }
    )
}

/// Which way an interval's end is rounded: away from the estimate, so the interval printed
/// holds the one computed (a lower end of 19.262 reads 19.2, not 19.3).
#[derive(Clone, Copy)]
enum Outward {
    Down,
    Up,
}

/// An interval's end as [`bound`] writes it, rounded outward at the decimals it is written to.
/// An end that is not 0 never reads as 0 that way either: rounded outward towards 0 (an upper
/// end of -0.06 at one decimal), it takes the decimals that keep it apart from 0 (`-0.06`), as
/// [`bound`] does for an end that rounds to 0.
fn bound_outward(x: f64, places: usize, way: Outward) -> String {
    if !x.is_finite() {
        return bound(x, places);
    }
    // An end 0 but for rounding (a share's interval that starts at 0, computed as 1e-16) is 0,
    // not `0.0000000000000`.
    let x = if x.abs() < 1e-9 { 0.0 } else { x };
    // The decimals `bound` settles on (more where the end would read as 0), then the end moved
    // outward to the last of them, with more decimals while that reads as 0.
    let text = bound(x, places);
    let mut p = text.split_once('.').map_or(0, |(_, d)| d.len());
    let most = places.max(p) + MORE_DECIMALS;
    let mut moved = outward(x, p, way);
    while reads_as_zero(&moved) && x != 0.0 && p < most {
        p += 1;
        moved = outward(x, p, way);
    }
    if reads_as_zero(&moved) {
        format!("{:.p$}", 0.0)
    } else {
        moved
    }
}

/// `x` moved outward to `p` decimals, written to them. A hair of slack keeps an end already on
/// the grid (0.3, held as 0.29999...) where it is.
fn outward(x: f64, p: usize, way: Outward) -> String {
    let moved = outward_value(x, p, way);
    format!("{moved:.p$}")
}

/// [`outward`]'s number.
fn outward_value(x: f64, p: usize, way: Outward) -> f64 {
    let scale = 10f64.powi(i32::try_from(p).unwrap_or(0));
    let slack = 1e-9;
    match way {
        Outward::Down => (x * scale + slack).floor() / scale,
        Outward::Up => (x * scale - slack).ceil() / scale,
    }
}

/// An interval's ends for JSON, at `places` decimals, rounded outward as the text's are (the
/// interval given holds the one computed), and never 0 where the end is not: an end that would
/// round to 0 keeps the decimals that tell it from 0 (up to 4 more), or its whole value.
pub(super) fn json_interval(low: f64, high: f64, places: i32) -> [f64; 2] {
    let end = |x: f64, way: Outward| {
        // (0 without its sign: `-0.0` in JSON reads as a negative end.)
        if x == 0.0 {
            return 0.0;
        }
        if !x.is_finite() {
            return x;
        }
        let first = usize::try_from(places).unwrap_or(0);
        (first..=first + MORE_DECIMALS)
            .map(|p| outward_value(x, p, way))
            .find(|v| *v != 0.0)
            .unwrap_or(x)
    };
    [end(low, Outward::Down), end(high, Outward::Up)]
}

/// The decimals a column of intervals is written to: `places`, or up to two more where an
/// interval's ends would read alike though they differ (200,000 games' mean score of 19.11 read
/// `19.1 to 19.1`, as if the estimate were outside it), the same for every row.
pub(super) fn column_places(estimates: &[Estimate], places: usize, percent: bool) -> usize {
    let by = if percent { 100.0 } else { 1.0 };
    let alike =
        |e: &Estimate, p: usize| e.low < e.high && bound(e.low * by, p) == bound(e.high * by, p);
    let mut p = places;
    while p < places + 2 && estimates.iter().any(|e| alike(e, p)) {
        p += 1;
    }
    p
}

/// The most decimals added to a figure that is not 0 so that it does not read as 0: a share's
/// end of one game in 100 million, 1.8e-9, is 0.0000002% at 7 decimals; past that, it is no
/// longer a count of games but a rounding error of the float itself.
const MORE_DECIMALS: usize = 12;

/// An interval's bound to `places` decimals; one that is not 0 but would read as 0 gets the
/// decimals that show it (a starred difference read `0.0 to 4.3%`; a share's end of one game
/// in two million, `0.00000`), and one that reads as 0 has no sign (`-0.0`).
pub(super) fn bound(x: f64, places: usize) -> String {
    let mut p = places;
    let mut s = format!("{x:.p$}");
    while reads_as_zero(&s) && x != 0.0 && p < places + MORE_DECIMALS {
        p += 1;
        s = format!("{x:.p$}");
    }
    if reads_as_zero(&s) {
        format!("{:.places$}", 0.0)
    } else {
        s
    }
}

/// A difference to print signed at `places` decimals: one that rounds to 0 is 0, so it reads
/// `+0.0`, never `-0.0`.
pub(super) fn signed(x: f64, places: i32) -> f64 {
    // Decided on the text itself, as printed: a product rounded apart could disagree with it
    // (-0.004999999999999999 at 2 decimals).
    let p = usize::try_from(places).unwrap_or(0);
    if reads_as_zero(&format!("{x:.p$}")) {
        0.0
    } else {
        x
    }
}

/// Whether a number as printed reads as 0 (`0.00`, `-0.0`).
fn reads_as_zero(text: &str) -> bool {
    text.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
}

#[cfg(test)]
mod tests {
    use super::bound;

    #[test]
    fn a_difference_sized_in_games_never_reads_as_zero() {
        assert_eq!(super::sized(0.04, 1), "+0.04");
        assert_eq!(super::sized(-0.004, 1), "-0.004");
        assert_eq!(super::sized(1.5, 1), "+1.5");
        assert_eq!(super::sized(0.30, 2), "+0.30");
    }

    #[test]
    fn an_interval_s_ends_are_rounded_away_from_its_estimate() {
        let e = |estimate, low, high| super::Estimate {
            estimate,
            low,
            high,
        };
        // A lower end of 19.262 read 19.3, inside the interval computed.
        assert_eq!(
            super::interval(&e(19.4, 19.262, 19.51), 1, false),
            "19.2 to 19.6"
        );
        // An end already on the grid stays (0.3 is held as 0.29999...).
        assert_eq!(super::interval(&e(0.5, 0.3, 0.7), 1, false), "0.3 to 0.7");
        // A percentage: 95.67% to 98.12% of games.
        assert_eq!(
            super::interval(&e(0.97, 0.9567, 0.9812), 1, true),
            "95.6 to 98.2%"
        );
        // Near 0 the decimals that show the end, outward too; 0 reads without a sign.
        assert_eq!(
            super::interval(&e(0.0, -0.00042, 0.0), 1, false),
            "-0.0005 to 0.0"
        );
        // An end 0 but for the arithmetic's rounding is 0 (a share of 0 games: a Wilson lower
        // end of 1e-16 had read `0.0000000000000`).
        assert_eq!(
            super::interval(&e(0.0, 1e-16, 0.013), 1, true),
            "0.0 to 1.3%"
        );
    }

    #[test]
    fn an_end_rounded_outward_towards_0_keeps_the_decimals_that_tell_it_from_0() {
        let e = |estimate, low, high| super::Estimate {
            estimate,
            low,
            high,
        };
        // A starred difference of -0.6% read `-1.1 to 0.0%`: its upper end, -0.06%, written
        // -0.1 and moved outward at one decimal, became 0.
        assert_eq!(
            super::interval(&e(-0.006, -0.0108, -0.0006), 1, true),
            "-1.1 to -0.06%"
        );
        assert_eq!(
            super::interval(&e(0.011, 0.0005, 0.022), 1, true),
            "0.05 to 2.2%"
        );
        // An end of 0 stays 0; a wider one rounds outward as before.
        assert_eq!(super::interval(&e(0.0, 0.0, 0.022), 1, true), "0.0 to 2.2%");
        // In JSON: outward at 4 decimals, and a significant end is never 0.
        assert_eq!(super::json_interval(0.83401, 0.9, 4), [0.834, 0.9]);
        assert_eq!(super::json_interval(0.8, 0.90001, 4), [0.8, 0.9001]);
        assert_eq!(
            super::json_interval(-0.0108, -0.00004, 4),
            [-0.0108, -0.00004]
        );
        assert_eq!(super::json_interval(0.000_03, 0.01, 4), [0.00003, 0.01]);
        assert_eq!(super::json_interval(0.0, 0.01, 4), [0.0, 0.01]);
        // 0 has no sign; an end far below the decimals keeps the ones that show it.
        let [low, high] = super::json_interval(-0.0, -0.0, 4);
        assert!(low.is_sign_positive() && high.is_sign_positive());
        assert_eq!(super::json_interval(1.765e-8, 0.01, 4), [0.00000001, 0.01]);
        // In the text too: `0.00000 to 0.0001%` for a share of one game in 50 million.
        let e = |estimate, low, high| super::Estimate {
            estimate,
            low,
            high,
        };
        assert_eq!(
            super::interval(&e(2e-8, 1.765e-8, 5.66e-7), 1, true),
            "0.000001 to 0.0001%"
        );
    }

    #[test]
    fn an_interval_column_has_the_decimals_that_tell_its_ends_apart() {
        let e = |estimate, low, high| super::Estimate {
            estimate,
            low,
            high,
        };
        // 200,000 games' mean of 19.11: `19.1 to 19.1` read as if 19.11 were outside.
        let narrow = e(19.11, 19.079, 19.134);
        // (Its ends rounded outward: the interval printed holds the one computed.)
        assert_eq!(super::interval(&narrow, 1, false), "19.07 to 19.14");
        // A column takes the decimals of its narrowest row, the same for every row.
        let wide = e(19.3, 18.8, 19.7);
        let places = super::column_places(&[wide, narrow], 1, false);
        assert_eq!(places, 2);
        assert_eq!(super::interval_at(&wide, places, false), "18.80 to 19.70");
        assert_eq!(super::interval(&wide, 1, false), "18.8 to 19.7");
        // At most two more decimals; an interval of no width stays as it is.
        let point = e(0.5, 0.5, 0.5);
        assert_eq!(super::column_places(&[point], 1, true), 1);
    }

    #[test]
    fn a_difference_that_prints_as_0_is_plus_0() {
        for (x, places, shown) in [
            (-0.04, 1, "+0.0"),
            (-0.004999999999999999, 2, "+0.00"),
            (-0.0004, 3, "+0.000"),
            (-0.06, 1, "-0.1"),
            (0.0, 2, "+0.00"),
        ] {
            let p = usize::try_from(places).unwrap_or(0);
            assert_eq!(format!("{:+.p$}", super::signed(x, places)), shown, "{x}");
        }
    }

    #[test]
    fn a_bound_never_reads_as_zero_when_it_is_not_nor_as_minus_zero() {
        assert_eq!(bound(4.3, 1), "4.3");
        // A starred difference whose low end is just above 0.
        assert_eq!(bound(0.02, 1), "0.02");
        assert_eq!(bound(0.00004, 1), "0.00004");
        assert_eq!(bound(0.000001, 1), "0.000001");
        // A share's end of one game in two million, in percent: it had read `0.00000`.
        assert_eq!(bound(1.765e-6, 1), "0.000002");
        assert_eq!(bound(1e-20, 1), "0.0");
        assert_eq!(bound(-0.04, 1), "-0.04");
        assert_eq!(bound(-0.0, 1), "0.0");
        assert_eq!(bound(0.0, 2), "0.00");
    }
}

//! The report's charts, drawn by `plotters` as SVG text to inline in the HTML page.

use super::stats::{BotSummary, DominoSummary, Estimate, SeatSummary};
use super::tally::Tally;
use plotters::prelude::*;

const SIZE: (u32, u32) = (760, 360);

/// Seat colours (seat 9 and up reuse them).
const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// A tick label: one decimal, and never "-0.0".
fn tick(y: &f64) -> String {
    let v = (y * 10.0).round() / 10.0;
    if v == 0.0 {
        "0".to_string()
    } else {
        format!("{v:.1}")
    }
}

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

type Drawn = Result<(), String>;

fn text_err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// Draw into an SVG string; the namespace attribute is dropped (HTML does not need it, and the
/// page then holds no address at all).
fn svg(
    draw: impl FnOnce(DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> Drawn,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(text_err)?;
        draw(root.clone())?;
        root.present().map_err(text_err)?;
    }
    Ok(out.replace(" xmlns=\"http://www.w3.org/2000/svg\"", ""))
}

/// The lowest and highest total any seat of `tallies` scored: the score axis the distributions
/// of a comparison share, so that the two read side by side.
pub fn score_span(tallies: &[Tally]) -> (i64, i64) {
    let scored = || {
        tallies
            .iter()
            .flat_map(|t| &t.seats)
            .filter(|s| s.score.total() > 0)
    };
    let low = scored().map(|s| s.score.low).min().unwrap_or(0);
    let high = scored().map(|s| s.score.high()).max().unwrap_or(1);
    (low, high.max(low))
}

/// How often each total occurred, per seat (as a share of the games), one line per seat.
pub fn score_distribution(title: &str, t: &Tally, span: (i64, i64)) -> Result<String, String> {
    let (low, high) = span;
    let n = t.games.max(1) as f64;
    // Scores are spread thin: count them in bins of a few points so that the lines read.
    let bin = ((high - low) / 60).max(1);
    let series: Vec<Vec<(f64, f64)>> = t
        .seats
        .iter()
        .map(|s| {
            let mut bins = vec![0u64; usize::try_from((high - low) / bin + 1).unwrap_or(1)];
            for (v, c) in s.score.iter() {
                if let Some(b) = bins.get_mut(usize::try_from((v - low) / bin).unwrap_or(0)) {
                    *b += c;
                }
            }
            bins.iter()
                .enumerate()
                .map(|(j, &c)| ((low + j as i64 * bin) as f64, c as f64 / n * 100.0))
                .collect()
        })
        .collect();
    let top = series
        .iter()
        .flatten()
        .map(|p| p.1)
        .fold(0.0f64, f64::max)
        .max(0.1)
        * 1.1;
    svg(|root| {
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(low as f64..(high + bin) as f64, 0.0..top)
            .map_err(text_err)?;
        chart
            .configure_mesh()
            .x_desc(if bin > 1 {
                format!("total score (bins of {bin})")
            } else {
                "total score".to_string()
            })
            .x_label_formatter(&|x| format!("{}", x.round() as i64))
            .y_desc("% of games")
            .y_label_formatter(&tick)
            .draw()
            .map_err(text_err)?;
        for (i, points) in series.into_iter().enumerate() {
            let c = colour(i);
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .map_err(text_err)?
                .label(format!("seat {}", i + 1))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE.mix(0.85))
            .draw()
            .map_err(text_err)
    })
}

/// Points with 95% error bars, per seat, for one or more series (rulesets), side by side.
fn intervals(
    title: &str,
    y_desc: &str,
    series: &[(String, Vec<Estimate>)],
    zero_line: bool,
) -> Result<String, String> {
    intervals_named(title, y_desc, ("seat", &[]), series, zero_line)
}

/// [`intervals`] with the x axis named `x.0` and its points `x.1` (numbered from 1 when empty).
fn intervals_named(
    title: &str,
    y_desc: &str,
    x: (&str, &[String]),
    series: &[(String, Vec<Estimate>)],
    zero_line: bool,
) -> Result<String, String> {
    let (x_desc, names) = x;
    // An estimate without an interval (one game) is drawn as its point alone.
    let series: Vec<(String, Vec<Estimate>)> = series
        .iter()
        .map(|(name, points)| {
            let points = points
                .iter()
                .map(|e| match e.has_interval() {
                    true => *e,
                    false => Estimate {
                        low: e.estimate,
                        high: e.estimate,
                        ..*e
                    },
                })
                .collect();
            (name.clone(), points)
        })
        .collect();
    let series = series.as_slice();
    let seats = series.iter().map(|s| s.1.len()).max().unwrap_or(1).max(1);
    let (mut lo, mut hi) = series
        .iter()
        .flat_map(|s| &s.1)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), e| {
            (l.min(e.low), h.max(e.high))
        });
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    if zero_line {
        lo = lo.min(0.0);
        hi = hi.max(0.0);
    }
    let pad = ((hi - lo) * 0.1).max(0.5);
    let (lo, hi) = (lo - pad, hi + pad);
    let k = series.len().max(1) as f64;
    // Several series get a legend, in a free column on the right where no point is drawn.
    let legend = series.len() > 1;
    let right = seats as f64
        + 0.5
        + if legend {
            0.4 * seats as f64 + 0.3
        } else {
            0.0
        };
    svg(|root| {
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0.5..right, lo..hi)
            .map_err(text_err)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            // Ticks every half seat (the formatter names the whole ones): asked for fewer, the
            // axis stepped by 2 past the legend's column and named only seats 2 and 4.
            .x_labels(((right - 0.5) * 2.0).ceil() as usize + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-9 && *x >= 1.0 && *x <= seats as f64 {
                    let i = x.round() as usize;
                    names.get(i - 1).cloned().unwrap_or_else(|| format!("{i}"))
                } else {
                    String::new()
                }
            })
            .y_desc(y_desc)
            .y_label_formatter(&tick)
            .draw()
            .map_err(text_err)?;
        if zero_line {
            chart
                .draw_series(LineSeries::new(
                    vec![(0.5, 0.0), (right, 0.0)],
                    BLACK.stroke_width(1),
                ))
                .map_err(text_err)?;
        }
        for (j, (label, points)) in series.iter().enumerate() {
            let c = colour(j);
            let offset = (j as f64 - (k - 1.0) / 2.0) * 0.18;
            chart
                .draw_series(points.iter().enumerate().map(|(i, e)| {
                    ErrorBar::new_vertical(
                        i as f64 + 1.0 + offset,
                        e.low,
                        e.estimate,
                        e.high,
                        c.filled().stroke_width(2),
                        10,
                    )
                }))
                .map_err(text_err)?
                .label(label.clone())
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
        }
        if !legend {
            return Ok(());
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.85))
            .draw()
            .map_err(text_err)
    })
}

/// Win share per seat with 95% intervals, per ruleset.
pub fn win_shares(rulesets: &[(String, Vec<SeatSummary>)]) -> Result<String, String> {
    let series: Vec<(String, Vec<Estimate>)> = rulesets
        .iter()
        .map(|(name, seats)| {
            (
                name.clone(),
                seats
                    .iter()
                    .map(|s| Estimate {
                        estimate: s.win_share.estimate * 100.0,
                        low: s.win_share.low * 100.0,
                        high: s.win_share.high * 100.0,
                    })
                    .collect(),
            )
        })
        .collect();
    intervals(
        "Win share per seat (95% intervals)",
        "% of wins",
        &series,
        false,
    )
}

/// Win share by the place in the first claims (1 first) with 95% intervals, per ruleset
/// (`rulesets`: each one's label and its places' win shares, as fractions): in Kingdomino seat 1
/// is not the first to claim, so this, not the seats' chart, shows a first player's advantage.
pub fn place_win_shares(rulesets: &[(String, Vec<Estimate>)]) -> Result<String, String> {
    let series: Vec<(String, Vec<Estimate>)> = rulesets
        .iter()
        .map(|(name, places)| {
            (
                name.clone(),
                places.iter().map(|e| e.scaled(100.0)).collect(),
            )
        })
        .collect();
    intervals_named(
        "Win share by the place in the first claims (95% intervals)",
        "% of wins",
        ("place in the first claims (1 first)", &[]),
        &series,
        false,
    )
}

/// Differences B - A in win share by the place in the first claims (as fractions), with their
/// intervals (paired where the text says so).
pub fn place_differences(title: &str, diffs: &[Estimate]) -> Result<String, String> {
    let diffs: Vec<Estimate> = diffs.iter().map(|e| e.scaled(100.0)).collect();
    intervals_named(
        title,
        "percentage points",
        ("place in the first claims (1 first)", &[]),
        &[(String::new(), diffs)],
        true,
    )
}

/// Mean score per seat with 95% intervals, per ruleset.
pub fn mean_scores(rulesets: &[(String, Vec<SeatSummary>)]) -> Result<String, String> {
    let series: Vec<(String, Vec<Estimate>)> = rulesets
        .iter()
        .map(|(name, seats)| (name.clone(), seats.iter().map(|s| s.score).collect()))
        .collect();
    intervals(
        "Mean score per seat (95% intervals)",
        "mean score",
        &series,
        false,
    )
}

/// Win share and mean score per bot with their 95% intervals, per ruleset (`rulesets`: each
/// one's label and its bots' names and summaries, the bots of the list in its order): the two
/// charts of a run whose bots take turns in the seats.
pub fn bot_charts(rulesets: &[(String, Vec<(String, BotSummary)>)]) -> Result<[String; 2], String> {
    let names: Vec<String> = rulesets
        .first()
        .map(|(_, bots)| bots.iter().map(|(n, _)| n.clone()).collect())
        .unwrap_or_default();
    let series = |pick: fn(&BotSummary) -> Estimate| -> Vec<(String, Vec<Estimate>)> {
        rulesets
            .iter()
            .map(|(label, bots)| (label.clone(), bots.iter().map(|(_, b)| pick(b)).collect()))
            .collect()
    };
    Ok([
        intervals_named(
            "Win share per bot (95% intervals, over the seats it played)",
            "% of wins",
            ("bot", &names),
            &series(|b| b.win_rate.scaled(100.0)),
            false,
        )?,
        intervals_named(
            "Mean score per bot (95% intervals, over the seats it played)",
            "mean score",
            ("bot", &names),
            &series(|b| b.score),
            false,
        )?,
    ])
}

/// `simulate --dominoes`: the win share of the side placing each domino, with its 95% interval,
/// in the table's order (the best first), `sides` sides (a side's average share in the title).
/// With more than 48 dominoes only every few is named on the axis, so that the names stay apart.
pub fn domino_win_shares(rows: &[DominoSummary], sides: usize) -> Result<String, String> {
    // A domino never placed has no placer to chart (the table says so).
    let rows: Vec<&DominoSummary> = rows.iter().filter(|d| d.placed > 0.0).collect();
    let every = rows.len().div_ceil(48).max(1);
    let names: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, d)| {
            if i % every == 0 {
                crownlands_core::text::escape_controls(&d.domino).into_owned()
            } else {
                String::new()
            }
        })
        .collect();
    let shares: Vec<Estimate> = rows.iter().map(|d| d.win_share.scaled(100.0)).collect();
    intervals_named(
        &format!(
            "Win share of the side placing each domino (95% intervals; a side wins {:.1}% on average)",
            100.0 / sides.max(1) as f64
        ),
        "% of wins",
        ("domino", &names),
        &[(String::new(), shares)],
        false,
    )
}

/// A difference B - A per seat with its paired 95% interval, around zero.
pub fn difference(title: &str, y_desc: &str, diffs: &[Estimate]) -> Result<String, String> {
    intervals(title, y_desc, &[(String::new(), diffs.to_vec())], true)
}

/// Differences B - A with their intervals, one a named point (`x_desc`: what the names are):
/// the bots of a list.
pub fn difference_named(
    title: &str,
    y_desc: &str,
    x_desc: &str,
    points: &[(String, Estimate)],
) -> Result<String, String> {
    let names: Vec<String> = points.iter().map(|(n, _)| n.clone()).collect();
    let diffs: Vec<Estimate> = points.iter().map(|(_, e)| *e).collect();
    intervals_named(
        title,
        y_desc,
        (x_desc, &names),
        &[(String::new(), diffs)],
        true,
    )
}

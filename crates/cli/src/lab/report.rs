//! `--report FILE.html`: one self-contained page (inline SVG charts and the text summary, no
//! script, no address to fetch), to open from disk or send by mail.

use super::stats::{self, Estimate};
use super::{Kind, Results, charts, print};
use crate::errors::{CliError, CliResult};
use crownlands_saves::{OutputKind, REPORT_GENERATOR, REPORT_HEAD};
use std::path::Path;

/// Escape text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;max-width:800px;margin:1.5em auto;padding:0 1em;color:#222}\
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em}\
pre{background:#f6f6f6;padding:.8em;overflow-x:auto;font-size:.82em}\
figure{margin:0 0 1em 0}svg{max-width:100%;height:auto}";

/// The page for a run's results, with the rulesets' load warnings (`warned`) under its first
/// lines: a page sent on is read without the terminal that said them.
pub fn html(r: &Results, warned: &[String]) -> Result<String, String> {
    let names: Vec<String> = r.run.rulesets.iter().map(|x| x.name.clone()).collect();
    let title = match r.run.kind {
        Kind::Simulate => format!("Crownlands: {}", names.join("")),
        Kind::Compare => format!("Crownlands: {} (A) against {} (B)", names[0], names[1]),
    };
    let mut body = String::new();
    body.push_str(&format!("<h1>{}</h1>\n", escape(&title)));
    let who = print::who(r);
    let (what, _) = print::run_label(r.tallies.first().map_or(1, |t| t.match_games));
    body.push_str(&format!(
        "<p>{} of {} {what}, seed {}, {}.{}</p>\n",
        r.games_played,
        r.run.games,
        r.run.seed,
        escape(&who),
        if r.run.kind == Kind::Compare {
            " Both rulesets are played on the same seeds, so their difference is measured game by game."
        } else {
            ""
        }
    ));
    // A comparison's answer in one line, as the text gives it first.
    let verdict = print::verdict(r);
    if !verdict.trim().is_empty() {
        body.push_str(&format!(
            "<p><strong>{}</strong></p>\n",
            escape(verdict.trim())
        ));
    }
    if !warned.is_empty() {
        body.push_str("<p>Warnings when the rulesets were loaded:</p>\n<ul>\n");
        for w in warned {
            body.push_str(&format!("<li>warning: {}</li>\n", escape(w)));
        }
        body.push_str("</ul>\n");
    }
    // In a comparison the legends say which ruleset is A and which B, as the text does.
    let labelled: Vec<String> = if r.run.kind == Kind::Compare {
        names
            .iter()
            .zip(["A", "B"])
            .map(|(n, l)| format!("{l}: {n}"))
            .collect()
    } else {
        names.clone()
    };
    let summaries: Vec<(String, Vec<stats::SeatSummary>)> = labelled
        .iter()
        .zip(&r.tallies)
        .map(|(n, t)| (n.clone(), stats::seats(t)))
        .collect();
    let figure = |body: &mut String, svg: String| {
        body.push_str("<figure>");
        body.push_str(&svg);
        body.push_str("</figure>\n");
    };
    if r.run.kind == Kind::Compare {
        let diffs = super::print::seat_differences(r);
        body.push_str(&format!(
            "<h2>Differences B - A ({} - {})</h2>\n",
            escape(&names[1]),
            escape(&names[0])
        ));
        let score: Vec<Estimate> = diffs.iter().map(|d| d.score).collect();
        let wins: Vec<Estimate> = diffs
            .iter()
            .map(|d| Estimate {
                estimate: d.win_share.estimate * 100.0,
                low: d.win_share.low * 100.0,
                high: d.win_share.high * 100.0,
            })
            .collect();
        figure(
            &mut body,
            charts::difference(
                "Mean score difference per seat (paired 95% intervals)",
                "points",
                &score,
            )?,
        );
        figure(
            &mut body,
            charts::difference(
                "Win share difference per seat (paired 95% intervals)",
                "percentage points",
                &wins,
            )?,
        );
        // Bots of two kinds or more take turns in the seats: each seat mixes them, the bots
        // are what is compared.
        if let Some(a) = r.tallies.first() {
            let bots = stats::bot_differences(&r.paired_bots, a, r.games_played);
            if !bots.is_empty() {
                let name = |b: &String| crownlands_core::text::escape_controls(b).into_owned();
                let scores: Vec<(String, Estimate)> =
                    bots.iter().map(|(b, d)| (name(b), d.score)).collect();
                let wins: Vec<(String, Estimate)> = bots
                    .iter()
                    .map(|(b, d)| (name(b), d.win_share.scaled(100.0)))
                    .collect();
                figure(
                    &mut body,
                    charts::difference_named(
                        "Mean score difference per bot (paired 95% intervals, per seat it plays)",
                        "points",
                        "bot",
                        &scores,
                    )?,
                );
                figure(
                    &mut body,
                    charts::difference_named(
                        "Win share difference per bot (paired 95% intervals, per seat it plays)",
                        "percentage points",
                        "bot",
                        &wins,
                    )?,
                );
            }
        }
    }
    // Bots of two kinds or more take turns in the seats: what a run measures is each bot (a
    // seat mixes them), as the text's bot table says.
    if r.tallies.first().is_some_and(|t| t.bots.len() > 1) {
        let bots: Vec<(String, Vec<(String, stats::BotSummary)>)> = labelled
            .iter()
            .zip(&r.tallies)
            .map(|(n, t)| {
                let names = t
                    .bots
                    .iter()
                    .map(|b| crownlands_core::text::escape_controls(&b.bot).into_owned());
                (n.clone(), names.zip(stats::bots(t)).collect())
            })
            .collect();
        let [wins, scores] = charts::bot_charts(&bots)?;
        body.push_str("<h2>Win share and mean score per bot</h2>\n");
        figure(&mut body, wins);
        figure(&mut body, scores);
    }
    body.push_str("<h2>Win share per seat</h2>\n");
    figure(&mut body, charts::win_shares(&summaries)?);
    // By the place in the first claims, where a game has places (two or more), in every
    // ruleset: what tells a first player's advantage, as the text's line does.
    let places: Vec<(String, Vec<Estimate>)> = labelled
        .iter()
        .zip(&r.tallies)
        .map(|(n, t)| {
            (
                n.clone(),
                stats::first_claims(t).iter().map(|(w, _)| *w).collect(),
            )
        })
        .collect();
    if places.iter().all(|(_, p)| p.len() >= 2) && !places.is_empty() {
        body.push_str("<h2>Win share by the place in the first claims</h2>\n");
        figure(&mut body, charts::place_win_shares(&places)?);
        if r.run.kind == Kind::Compare
            && let [a, b] = r.tallies.as_slice()
        {
            let (diffs, paired) = super::print::place_differences(r, a, b);
            let wins: Vec<Estimate> = diffs.iter().map(|(w, _)| *w).collect();
            let title = if paired {
                "Win share difference by the place in the first claims (paired 95% intervals)"
            } else {
                "Win share difference by the place in the first claims (95% intervals)"
            };
            figure(&mut body, charts::place_differences(title, &wins)?);
        }
    }
    // `simulate --dominoes`: each domino's placer, the best first, as the text's table;
    // `compare --dominoes`: each domino's change, the biggest first.
    match (r.run.kind, r.tallies.as_slice()) {
        (Kind::Simulate, [t]) if t.dominoes.is_some() => {
            body.push_str("<h2>Win share of the side placing each domino</h2>\n");
            figure(
                &mut body,
                charts::domino_win_shares(&stats::dominoes(t), t.sides())?,
            );
        }
        (Kind::Compare, [a, b]) if a.dominoes.is_some() && b.dominoes.is_some() => {
            let points: Vec<(String, Estimate)> = stats::domino_differences(a, b)
                .into_iter()
                .take(48)
                .map(|d| {
                    (
                        crownlands_core::text::escape_controls(&d.domino).into_owned(),
                        d.difference.scaled(100.0),
                    )
                })
                .collect();
            if !points.is_empty() {
                body.push_str("<h2>Win share change of each domino's placer</h2>\n");
                figure(
                    &mut body,
                    charts::difference_named(
                        "Placer's win share B - A per domino, the biggest change first (95% intervals as for independent runs)",
                        "percentage points",
                        "domino",
                        &points,
                    )?,
                );
            }
        }
        _ => {}
    }
    body.push_str("<h2>Mean score per seat</h2>\n");
    figure(&mut body, charts::mean_scores(&summaries)?);
    body.push_str("<h2>Score distribution per seat</h2>\n");
    let span = charts::score_span(&r.tallies);
    for (name, t) in labelled.iter().zip(&r.tallies) {
        figure(
            &mut body,
            charts::score_distribution(&format!("{name}: totals per seat"), t, span)?,
        );
    }
    body.push_str("<h2>Summary</h2>\n<pre>");
    body.push_str(&escape(&print::text(r)));
    body.push_str("</pre>\n");
    Ok(format!(
        "{REPORT_HEAD}{REPORT_GENERATOR}<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(&title)
    ))
}

/// Whether the page may be written to `path`, checked before a run starts (so that a run is
/// not played for a page it cannot write): its folder exists and a file can be created in it;
/// it is none of `inputs` (the rulesets with every file they `extends` or name in `sets` and
/// `add-sets`, or the part files being read); and it is not there yet, or (with `force`) a
/// regular file, never a link, a folder, a device or a FIFO.
pub fn check<P: AsRef<Path>>(path: &Path, inputs: &[P], force: bool) -> CliResult<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        let why = if folder.exists() {
            "is not a folder"
        } else {
            "does not exist"
        };
        return Err(CliError::Message(format!(
            "--report {}: {} {why}",
            crate::output::shown_path(path),
            crate::output::shown_path(folder)
        )));
    }
    if let Err(e) = crownlands_saves::probe_writable(folder) {
        return Err(CliError::Message(format!(
            "--report {}: cannot write in {}: {e}",
            crate::output::shown_path(path),
            crate::output::shown_path(folder)
        )));
    }
    let refused = |e| CliError::Message(format!("--report {e}"));
    // First whether it is a file read (the plainer refusal), then on its own (checked with no
    // input too: a shipped ruleset read by name).
    if let Some(input) = inputs
        .iter()
        .find(|i| crownlands_saves::same_file(i.as_ref(), path))
    {
        crownlands_saves::check_output(input.as_ref(), path, force, OutputKind::Report)
            .map_err(refused)?;
    }
    crownlands_saves::check_output_alone(path, force, OutputKind::Report).map_err(refused)
}

/// Write the page to `path`: a new file, or with `force` an existing regular file replaced
/// atomically (a full disk leaves the old one as it was).
pub fn write(path: &Path, r: &Results, warned: &[String], force: bool) -> CliResult<()> {
    let page = html(r, warned)
        .map_err(|e| CliError::Message(format!("--report: cannot draw the charts: {e}")))?;
    crownlands_saves::write_output(path, page.as_bytes(), force, OutputKind::Report)
        .map_err(|e| CliError::Message(format!("--report {e}")))
}

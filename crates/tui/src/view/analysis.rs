//! "Analyse this game": the progress of the analysis, then each player's mean loss and biggest
//! mistakes, over the score screen. Any key or click closes it.

use super::help::{POPUP_WIDTH, popup};
use super::text::wrap_hanging;
use crate::app::App;
use crate::app::analysis::key_of_mistake;
use crate::palette::Accent;
use crownlands_bots::analysis::loss_percent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub(crate) fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    tagged_lines(app, width)
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

/// Which mistake (from 0, counted over every player's) each of the box's lines at `width`
/// tells of, if any: a click on it shows that move on the board.
pub(crate) fn mistake_lines(app: &App, width: usize) -> Vec<Option<usize>> {
    tagged_lines(app, width)
        .into_iter()
        .map(|(_, k)| k)
        .collect()
}

/// The box's lines at `width`, each with the mistake it tells of (its line and the line saying
/// why the best is better), if any.
fn tagged_lines(app: &App, width: usize) -> Vec<(Line<'static>, Option<usize>)> {
    let p = app.config.palette;
    let Some(job) = app.analysis() else {
        return Vec::new();
    };
    let mut lines: Vec<(Line<'static>, Option<usize>)> = Vec::new();
    // The mistake the lines pushed tell of.
    let mut of: Option<usize> = None;
    // A line wrapped to the width; its later lines, and an indented line's, start further in.
    let mut push = |text: String, style: Style, of: Option<usize>| {
        if text.is_empty() {
            lines.push((Line::from(""), of));
            return;
        }
        let indent = text.len() - text.trim_start().len();
        let first = width.saturating_sub(indent).max(1);
        let rest = width.saturating_sub(indent + 2).max(1);
        for (k, l) in wrap_hanging(text.trim_start(), first, rest)
            .into_iter()
            .enumerate()
        {
            let pad = if k == 0 { indent } else { indent + 2 };
            lines.push((
                Line::from(Span::styled(format!("{}{l}", " ".repeat(pad)), style)),
                of,
            ));
        }
    };
    match &job.result {
        None => push(
            format!(
                "{}{}...",
                progress_words(job.done(), job.total, job.forced),
                job.left().map_or_else(String::new, |left| format!(
                    ", {}",
                    crate::app::analysis::left_words(left)
                ))
            ),
            Style::default(),
            of,
        ),
        Some(Err(e)) if job.refused => {
            push(format!("Not weighed: {e}"), p.accent(Accent::Warn), of)
        }
        Some(Err(e)) => push(
            format!("The analysis failed: {e}"),
            p.accent(Accent::Warn),
            of,
        ),
        Some(Ok(sides)) => {
            push(
                "Loss: the chance of winning (and the points) a move gave up against the best \
                 move found."
                    .into(),
                p.accent(Accent::Dim),
                of,
            );
            // The keys first too: a long list needs scrolling to its end.
            if let Some(keys) = mistake_keys(job) {
                push(
                    format!("{keys}: see that move on the board, with the best one."),
                    p.accent(Accent::Dim),
                    of,
                );
            }
            // In a match: this game's decisions, weighed for the match (`crownlands analyse`
            // of the save goes through every game). Squares are named from the castle.
            if let Some(s) = app.session().filter(|s| s.match_games() > 1) {
                push(
                    format!(
                        "Game {} of {}: its decisions, each weighed by the chance of winning the \
                         match (`crownlands analyse` of the save weighs every game).",
                        job.game() + 1,
                        s.match_games()
                    ),
                    p.accent(Accent::Dim),
                    of,
                );
            }
            push(
                "Placements count from the castle (0,0): `at -3,-1→` is the first square 3 \
                 left and 1 up, the second to its right (↓ below, ← left, ↑ up)."
                    .into(),
                p.accent(Accent::Dim),
                of,
            );
            let mut k = 0;
            for side in sides {
                push(String::new(), Style::default(), of);
                let forced = match side.forced {
                    0 => String::new(),
                    1 => " (and 1 forced move, not weighed)".to_string(),
                    n => format!(" (and {n} forced moves, not weighed)"),
                };
                push(
                    format!(
                        "{}: {}{forced}, mean loss {} win chance, {:.2} points",
                        side.name,
                        decisions(side.decisions),
                        loss_percent(side.mean_loss),
                        side.mean_score_loss
                    ),
                    p.accent(Accent::Title),
                    of,
                );
                // A team's players each on their own moves.
                for seat in &side.seats {
                    push(
                        format!(
                            "  {}: {}, mean loss {} win chance, {:.2} points",
                            seat.name,
                            decisions(seat.decisions),
                            loss_percent(seat.mean_loss),
                            seat.mean_score_loss
                        ),
                        Style::default(),
                        of,
                    );
                }
                if side.mistakes.is_empty() {
                    push(
                        "  no mistake: no move gave up 1% of win chance or 0.1 point".into(),
                        Style::default(),
                        of,
                    );
                } else if side.mistake_count > side.mistakes.len() {
                    push(
                        format!(
                            "  the {} biggest of {} moves that gave something up:",
                            side.mistakes.len(),
                            side.mistake_count
                        ),
                        Style::default(),
                        of,
                    );
                }
                for m in &side.mistakes {
                    let by = m.by.as_ref().map_or(String::new(), |n| format!(" ({n})"));
                    // The key that shows the move on the board.
                    // (In place of the indent the other lines of a player have: the brackets
                    // set the line apart, and a placement's line fits 80 columns.)
                    let key = key_of_mistake(k).map_or("  ".to_string(), |c| format!("[{c}]"));
                    of = Some(k);
                    k += 1;
                    push(
                        format!(
                            "{key} move {}{by}: {}, best {}: lost {}",
                            m.number,
                            m.played,
                            m.best,
                            lost(m)
                        ),
                        Style::default(),
                        of,
                    );
                    if let Some(why) = &m.why {
                        push(format!("    {why}."), p.accent(Accent::Dim), of);
                    }
                    of = None;
                }
            }
        }
    }
    push(String::new(), Style::default(), of);
    let close = match mistake_keys(job) {
        Some(keys) => format!(
            "{keys} (or a click on its line): that move on the board; ↑↓ PgUp PgDn Home End \
             scroll; any other key closes this."
        ),
        None => "↑↓ PgUp PgDn Home End scroll; any other key closes this.".to_string(),
    };
    push(close, p.accent(Accent::Dim), of);
    lines
}

/// What a mistake gave up, short (`27%\u{a0}win, 2.0\u{a0}pts`; `6.0\u{a0}pts` where the win chance
/// lost reads 0%; `1%\u{a0}win for +0.7\u{a0}pts` where the move played is expected to score more),
/// as `crownlands analyse` says it in words.
fn lost(m: &crate::app::analysis::Mistake) -> String {
    use crownlands_bots::analysis::GivenUp;
    match m.given_up {
        GivenUp::Points(points) => format!("{points:.1}\u{a0}pts"),
        GivenUp::WinForPoints {
            percent,
            more_points,
        } => format!("{percent:.0}%\u{a0}win for +{more_points:.1}\u{a0}pts"),
        GivenUp::Both { percent, points } => {
            format!("{percent:.0}%\u{a0}win, {points:.1}\u{a0}pts")
        }
    }
}

/// The keys of the mistakes listed, `1-6` or `1-9, a-c` (`None` before the result, or with no
/// mistake).
fn mistake_keys(job: &crate::app::analysis::AnalysisJob) -> Option<String> {
    let n = (0..)
        .map_while(|k| job.mistake(k).and(key_of_mistake(k)))
        .count();
    let last = key_of_mistake(n.checked_sub(1)?)?;
    Some(match n {
        1 => "1".to_string(),
        2..=9 => format!("1-{last}"),
        10 => "1-9, a".to_string(),
        _ => format!("1-9, a-{last}"),
    })
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let w = POPUP_WIDTH.min(area.width);
    let lines = lines(app, usize::from(w.saturating_sub(2)).max(1));
    popup(app, " Analysis of this game ", lines, area, buf);
}

/// `1 decision`, `12 decisions`.
fn decisions(n: usize) -> String {
    crownlands_core::modules::describe::plural(
        i64::try_from(n).unwrap_or(i64::MAX),
        "decision",
        "decisions",
    )
}

/// How far an analysis is: `done` of the `total` decisions, `forced` of them with nothing to
/// weigh (done at once, first: `done` counts them from the start), so the pace is the others'.
fn progress_words(done: usize, total: usize, forced: usize) -> String {
    let forced = match forced {
        0 => String::new(),
        n => format!(" ({n} of the {total} forced: nothing to weigh)"),
    };
    format!("Weighing every decision against the bot's best moves: {done} of {total} done{forced}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_forced_moves_are_counted_of_the_whole() {
        assert_eq!(
            super::progress_words(124, 243, 104),
            "Weighing every decision against the bot's best moves: 124 of 243 done (104 of the 243 forced: nothing to weigh)"
        );
        assert!(!super::progress_words(3, 9, 0).contains('('));
    }
}

//! The hint: the best moves the analyst found, each with its estimated win chance and final
//! score, drawn over the moves (or another box with room) until the decision is made.

use super::text::{wrap, wrap_hanging};
use super::{Areas, block};
use crate::app::{App, Mode};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

/// Where the hint goes: the moves box; else, for a claim, the line being placed (the dominoes
/// of this round, which end in the kingdoms shown anyway: at the first claims it holds
/// nothing); else the first other box tall and wide enough for all three moves as they wrap
/// there; else (a small terminal, or 6 to 8 kingdoms beside the Builders' Board) a box of its
/// own over the lower right of the screen, just above the status lines, for as long as it is
/// shown. `None` without a hint.
pub fn area(app: &App, l: &Areas) -> Option<Rect> {
    if app.hints().is_empty() {
        return None;
    }
    let current = (app.mode() == Mode::Claim).then_some(l.current);
    let boxed = std::iter::once(l.log)
        .chain(current)
        .chain(l.others.iter().map(|&(_, r)| r))
        .find(|r| r.width >= 20 && r.height >= needed(app, r.width))
        // At the top of a tall log, only as tall as the moves need: the rest of the log shows.
        .map(|r| {
            // (Where the log is only a little taller, all of it: a strip of log under the hint
            // would show nothing but its frame. The line being placed is covered whole: its
            // dominoes in part read as the whole line.)
            let need = needed(app, r.width);
            let height = if r.height >= need + 3 && Some(r) != current {
                need
            } else {
                r.height
            };
            Rect { height, ..r }
        });
    boxed.or_else(|| {
        let top = l.header.y + l.header.height;
        let w = l.footer.width.min(WIDE);
        let h = needed(app, w).min(l.footer.y.saturating_sub(top));
        (h >= 3 && w >= 20)
            .then(|| Rect::new(l.footer.x + l.footer.width - w, l.footer.y - h, w, h))
    })
}

/// The widest the box of its own is: each move and its estimate on one line.
const WIDE: u16 = 52;

/// The rows the hint needs in a box `width` wide, its frame included: its moves as they wrap.
fn needed(app: &App, width: u16) -> u16 {
    let rows = rows(app, usize::from(width.saturating_sub(2)).max(1)).len();
    u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2)
}

/// The hint's lines at `width` columns: each move on one line with its estimate where every
/// move fits so (`1. claim 28: win 74%, final ~40`); else each move, then its estimate on a
/// line of its own (never `win` on one line and its figure on the next). A line that still
/// does not fit wraps, its later lines indented by three (so wrapped short of the width by as
/// much: an indent never pushes an end past the box).
fn rows(app: &App, width: usize) -> Vec<Line<'static>> {
    // In a match (Dynasty) the estimates are the match's: its total, not this game's score.
    // "final": the score expected at the end, not what the move itself brings.
    let unit = if app.session().is_some_and(|s| s.match_games() > 1) {
        "match"
    } else {
        "final"
    };
    let mut rows: Vec<Line> = Vec::new();
    let moves: Vec<(String, String)> = app
        .hints()
        .iter()
        .enumerate()
        .map(|(i, (words, value))| {
            // The panel is the player's own: the moves' words come without a player.
            let words = if words == "pass" {
                "skip this step"
            } else {
                words
            };
            (
                format!("{}. {words}", i + 1),
                format!(
                    "win {:.0}%, {unit} ~{:.0}",
                    (value.win * 100.0).round(),
                    value.score
                ),
            )
        })
        .collect();
    // One layout for all three: each on one line where all fit so, else each estimate on a
    // line of its own (a short move on one line among two-line ones read as run together).
    let one_line = moves
        .iter()
        .all(|(m, e)| super::text::width(m) + 2 + super::text::width(e) <= width);
    for (words, estimate) in moves {
        let parts = if one_line {
            vec![format!("{words}: {estimate}")]
        } else {
            vec![words, estimate]
        };
        for (k, part) in parts.into_iter().enumerate() {
            // The move's first line takes the whole width; what follows is indented.
            let lines = if k == 0 {
                wrap_hanging(&part, width, width.saturating_sub(3))
            } else {
                wrap(&part, width.saturating_sub(3))
            };
            for (j, line) in lines.into_iter().enumerate() {
                rows.push(Line::from(if k == 0 && j == 0 {
                    line
                } else {
                    format!("   {line}")
                }));
            }
        }
    }
    rows
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if app.hints().is_empty() {
        return;
    }
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let mut rows = rows(app, width);
    rows.truncate(usize::from(area.height.saturating_sub(2)));
    Clear.render(area, buf);
    // The title whole, or short where the box is narrow (it lost its end: `the best move┐`).
    // Where it fits, the order said: by the chance to win, then the final score (a newcomer
    // read a move of a lower score listed first as a mistake).
    // A game settled (every move's win chance under 2%, or every one over 98%): the points
    // rank them.
    let settled = {
        use crownlands_bots::analysis::Band;
        let bands: Vec<Band> = app.hints().iter().map(|(_, e)| e.band()).collect();
        bands
            .first()
            .is_some_and(|&b| b != Band::Open && bands.iter().all(|&x| x == b))
    };
    let title = if area.width >= 38 && settled {
        " Hint: most points first (H) "
    } else if area.width >= 38 {
        " Hint: best chance to win first (H) "
    } else if area.width >= 27 {
        " Hint: the best moves (H) "
    } else {
        " Hint (H) "
    };
    Paragraph::new(rows)
        .block(block(title, app))
        .render(area, buf);
}

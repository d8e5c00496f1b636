//! The hint: the best moves the analyst found, each with its estimated win chance and final
//! score, drawn over the moves (or another box with room) until the decision is made.

use super::text::wrap;
use super::{Areas, block};
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

/// Where the hint goes: the moves box, else the first other box tall and wide enough, else (a
/// small terminal, or 6 to 8 kingdoms beside the Builders' Board) a box of its own over the
/// lower right of the screen, just above the status lines, for as long as it is shown.
pub fn area(l: &Areas) -> Option<Rect> {
    let boxed = std::iter::once(l.log)
        .chain(l.others.iter().map(|&(_, r)| r))
        .find(|r| r.width >= 20 && r.height >= needed(r.width))
        // At the top of a tall log, only as tall as the moves need: the rest of the log shows.
        .map(|r| {
            // (Where the log is only a little taller, all of it: a strip of log under the hint
            // would show nothing but its frame.)
            let height = if r.height >= needed(r.width) + 3 {
                needed(r.width)
            } else {
                r.height
            };
            Rect { height, ..r }
        });
    boxed.or_else(|| {
        let top = l.header.y + l.header.height;
        let w = l.footer.width.min(WIDE);
        let h = needed(w).min(l.footer.y.saturating_sub(top));
        (h >= 3 && w >= 20)
            .then(|| Rect::new(l.footer.x + l.footer.width - w, l.footer.y - h, w, h))
    })
}

/// A box at least this wide shows each of the three moves on a line of its own.
const WIDE: u16 = 52;

/// The rows the hint needs in a box `width` wide, its frame included: a line a move where the
/// box is wide, two where it is not (a move and its estimate wrap).
fn needed(width: u16) -> u16 {
    if width >= WIDE { 5 } else { 8 }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let hints = app.hints();
    if hints.is_empty() {
        return;
    }
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    // In a match (Dynasty) the estimates are the match's: its total, not this game's score.
    let unit = if app.session().is_some_and(|s| s.match_games() > 1) {
        "match pts"
    } else {
        "pts"
    };
    let mut rows: Vec<Line> = Vec::new();
    for (i, (words, value)) in hints.iter().enumerate() {
        // The panel is the player's own: the moves' words come without a player.
        let words = if words == "pass" {
            "skip this step"
        } else {
            words
        };
        let estimate = format!("win {:.0}%, {:.0} {unit}", value.win * 100.0, value.score);
        let text = format!("{}. {words}  {estimate}", i + 1);
        // On one line where it fits; else the move, then its estimate on a line of its own (never
        // `win` on one line and its figure on the next), each wrapped short of the width, so a
        // continuation line's indent never pushes its end past the box.
        let parts = if text.chars().count() <= width {
            vec![text]
        } else {
            vec![format!("{}. {words}", i + 1), estimate]
        };
        let mut k = 0;
        for part in parts {
            for line in wrap(&part, width.saturating_sub(3)) {
                rows.push(Line::from(if k == 0 { line } else { format!("   {line}") }));
                k += 1;
            }
        }
    }
    rows.truncate(usize::from(area.height.saturating_sub(2)));
    Clear.render(area, buf);
    Paragraph::new(rows)
        .block(block(" Hint: the best moves (H) ", app))
        .render(area, buf);
}

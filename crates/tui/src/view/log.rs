//! The recent moves, newest at the bottom (however few), each wrapped to the log's width; and
//! `m`, every move the log keeps in a popup.

use super::block;
use super::text::wrap;
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// The rows of moves from which the box shows the steps skipped with nothing to do.
const SKIPS_FROM_ROWS: usize = 6;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height < 3 {
        return;
    }
    let room = usize::from(area.height - 2);
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    // The newest moves that fit, wrapped; a move's later lines are indented. In a box of a
    // few rows, steps skipped with nothing to do are left out: a build or the Queen changing
    // hosts stays in view (`m` shows them all).
    let few = room < SKIPS_FROM_ROWS;
    let mut rows: Vec<String> = Vec::new();
    for entry in app
        .log()
        .rev()
        .filter(|e| !(few && crate::app::describe::is_skip_line(e)))
    {
        let mut lines = entry_lines(entry, width);
        if rows.len() + lines.len() > room {
            // The move that does not fit whole shows its start, cut to the rows left, with
            // `…`: the newest always (a one-line box at 80x24 with five players had shown
            // nothing while moves went by), an older one rather than blank rows above the
            // newer ones (a move of two lines, one row free, had left the row blank).
            let free = room - rows.len();
            lines.truncate(free);
            if let Some(last) = lines.last_mut() {
                let keep = last.chars().count().min(width.saturating_sub(1));
                *last = last.chars().take(keep).collect::<String>() + "…";
            }
            rows.extend(lines.into_iter().rev());
            break;
        }
        for l in lines.into_iter().rev() {
            rows.push(l);
        }
    }
    // Newest next to the status line, however few: the moves stay where the eye looks, and a
    // hint over the top of a tall log hides the oldest, never the few of a game's start.
    rows.resize(room.max(rows.len()), String::new());
    rows.reverse();
    Paragraph::new(rows.into_iter().map(Line::from).collect::<Vec<_>>())
        .block(block(" Moves ", app))
        .render(area, buf);
}

/// One move of the log at `width` columns: one line where it fits, else wrapped a column short,
/// its later lines indented by one.
fn entry_lines(entry: &str, width: usize) -> Vec<String> {
    let mut lines = wrap(entry, width.saturating_sub(1).max(1));
    if lines.len() == 1 {
        return wrap(entry, width);
    }
    for l in lines.iter_mut().skip(1) {
        l.insert(0, ' ');
    }
    lines
}

/// Every move the log keeps, oldest first, each as the moves box wraps it.
pub(crate) fn all_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = app
        .log()
        .flat_map(|entry| entry_lines(entry, width))
        .map(Line::from)
        .collect();
    if lines.is_empty() {
        lines.push(Line::from("No move yet."));
    }
    lines
}

/// `m`: the moves in a popup over the game, scrolled to the newest.
pub fn render_all(app: &App, area: Rect, buf: &mut Buffer) {
    let w = super::help::POPUP_WIDTH.min(area.width);
    let lines = all_lines(app, usize::from(w.saturating_sub(2)));
    super::help::popup(app, " Moves (m) ", lines, area, buf);
}

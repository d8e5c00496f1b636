//! The hint: the best moves the analyst found, each with its estimated win chance and final
//! score, drawn over the moves (or another box with room) until the decision is made.

use super::text::wrap;
use super::{Areas, block};
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

/// Where the hint goes: the moves box, else the first other box tall and wide enough.
pub fn area(l: &Areas) -> Option<Rect> {
    std::iter::once(l.log)
        .chain(l.others.iter().map(|&(_, r)| r))
        .find(|r| r.height >= 5 && r.width >= 20)
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
        let text = format!(
            "{}. {words}  win {:.0}%, {:.0} {unit}",
            i + 1,
            value.win * 100.0,
            value.score
        );
        // Wrapped short of the width, so a continuation line's indent never pushes its end past
        // the box (a score's digits cut off).
        for (k, line) in wrap(&text, width.saturating_sub(3)).into_iter().enumerate() {
            rows.push(Line::from(if k == 0 { line } else { format!("   {line}") }));
        }
    }
    rows.truncate(usize::from(area.height.saturating_sub(2)));
    Clear.render(area, buf);
    Paragraph::new(rows)
        .block(block(" Hint: the best moves (H) ", app))
        .render(area, buf);
}

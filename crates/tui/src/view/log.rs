//! The recent moves, newest at the bottom.

use super::block;
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height < 3 {
        return;
    }
    let room = usize::from(area.height - 2);
    let skip = app.log().len().saturating_sub(room);
    let rows: Vec<Line> = app
        .log()
        .skip(skip)
        .map(|t| Line::from(t.to_string()))
        .collect();
    Paragraph::new(rows)
        .block(block(" Moves ", app))
        .render(area, buf);
}

//! A module step's choices (tax, build, dragon), all legal, with skipping always last.

use super::palette::Accent;
use super::{block, step_title};
use crate::app::{App, StepKind, describe};
use crownlands_core::Game;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

/// The first choice shown in a list `area` high: the list scrolls to keep the cursor in view.
pub fn first_shown(app: &App, area: Rect) -> usize {
    let visible = usize::from(area.height.saturating_sub(2)).max(1);
    (app.choice() + 1).saturating_sub(visible)
}

pub fn render(app: &App, game: &Game, kind: StepKind, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    Clear.render(area, buf);
    let rows: Vec<Line> = app
        .step_actions()
        .into_iter()
        .enumerate()
        .skip(first_shown(app, area))
        .map(|(i, a)| {
            let text = match a {
                crownlands_core::Action::Pass => "Skip (go on)".to_string(),
                _ => {
                    let d = describe(game, a, "");
                    let mut t = d.trim_start().to_string();
                    if let Some(first) = t.get(0..1) {
                        t = format!("{}{}", first.to_uppercase(), &t[1..]);
                    }
                    t
                }
            };
            let here = i == app.choice();
            let style = if here {
                p.accent(Accent::Focus)
            } else {
                Style::default()
            };
            let hint = if app.hint() == Some(a) {
                "  ← hint"
            } else {
                ""
            };
            Line::from(vec![
                Span::styled(
                    format!("{} {}. {text}", if here { "▶" } else { " " }, i + 1),
                    style,
                ),
                Span::styled(hint, p.accent(Accent::Focus)),
            ])
        })
        .collect();
    let title = format!(" {} ", step_title(kind));
    Paragraph::new(rows)
        .block(block(title, app))
        .render(area, buf);
}

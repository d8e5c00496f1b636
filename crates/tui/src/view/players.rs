//! Every side's running score (and coins, knights, towers and the Queen with modules).

use super::palette::Accent;
use super::{block, side_name};
use crate::app::App;
use crownlands_core::Game;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let acting = game.to_act().map(|pl| game.side_of(pl));
    let economy = game.economy();
    let modules = !game.module_names().is_empty();
    let rows: Vec<Line> = (0..usize::from(game.sides()))
        .map(|side| {
            let mark = if acting == Some(side) { "▶" } else { " " };
            let room = usize::from(
                area.width
                    .saturating_sub(2 + 1 + 9 + if modules { 26 } else { 0 }),
            );
            let name: String = side_name(app, game, side).chars().take(room).collect();
            let mut spans = vec![
                Span::raw(mark),
                Span::styled(format!("{name:<room$}"), p.side(side)),
                Span::raw(format!(" {:>4} pts", game.score_total(side))),
            ];
            if modules && let Some(h) = economy.sides.get(side) {
                spans.push(Span::raw(format!(
                    "  {:>2} coins {:>2}kn {:>2}tw",
                    h.coins,
                    h.knights(),
                    h.towers
                )));
                if h.hosts_queen {
                    spans.push(Span::styled(" Queen", p.accent(Accent::Focus)));
                }
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(rows)
        .block(block(" Scores ", app))
        .render(area, buf);
}

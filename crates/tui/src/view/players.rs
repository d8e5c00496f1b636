//! Every side's running score (and coins, knights, towers and the Queen with modules), in
//! words when there is room and in short when there is not.

use super::palette::Accent;
use super::{panel, short_side_name};
use crate::app::App;
use crownlands_core::{Game, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub fn render(app: &App, game: &Game, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    let acting = game.to_act().map(|pl| game.side_of(pl));
    let economy = game.economy();
    let modules = !game.module_names().is_empty();
    let width = usize::from(area.width.saturating_sub(if compact { 0 } else { 2 }));
    // Long form: ` 12 pts  7 coins  1kn  0tw`; short form: ` 12p 7¢ 1k 0t`.
    let long = width >= 1 + 10 + 9 + if modules { 26 } else { 0 };
    let stats_w = match (long, modules) {
        (true, true) => 9 + 20,
        (true, false) => 9,
        (false, true) => 5 + 11,
        (false, false) => 5,
    };
    let room = width.saturating_sub(1 + stats_w + if modules { 2 } else { 0 });
    let rows: Vec<Line> = game
        .all_sides()
        .map(|side: Side| {
            let mark = if acting == Some(side) { "▶" } else { " " };
            let name = short_side_name(app, game, side, room);
            let points = game.score_total(side);
            let mut spans = vec![
                Span::raw(mark),
                Span::styled(format!("{name:<room$}"), p.side(side)),
                Span::raw(if long {
                    format!(" {points:>4} pts")
                } else {
                    format!(" {points:>3}p")
                }),
            ];
            if modules && let Some(h) = economy.sides.get(side) {
                spans.push(Span::raw(if long {
                    format!(
                        "  {:>2} coins {:>2}kn {:>2}tw",
                        h.coins,
                        h.knights(),
                        h.towers
                    )
                } else {
                    format!(" {:>2}¢ {:>2}k {:>2}t", h.coins, h.knights(), h.towers)
                }));
                if h.hosts_queen {
                    spans.push(Span::styled(
                        if long { " Queen" } else { "Q" },
                        p.accent(Accent::Focus),
                    ));
                }
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(rows)
        .block(panel(" Scores ", app, compact))
        .render(area, buf);
}

//! The Builders' Board, the supplies, the Queen and the Dragon (Queendomino modules).

use super::block;
use crate::app::App;
use crownlands_core::Game;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let e = game.economy();
    let ruleset = game.ruleset();
    let mut rows: Vec<Line> = e
        .board
        .iter()
        .enumerate()
        .map(|(slot, b)| {
            let text = match b.and_then(|id| ruleset.buildings.get(id.index())) {
                Some(b) => {
                    let mut t = format!("{} {}", slot + 1, b.label());
                    if b.crowns > 0 {
                        t.push_str(&format!(" {}c", b.crowns));
                    }
                    if b.knights > 0 {
                        t.push_str(&format!(" +{}kn", b.knights));
                    }
                    if b.towers > 0 {
                        t.push_str(&format!(" +{}tw", b.towers));
                    }
                    t
                }
                None => format!("{} (empty)", slot + 1),
            };
            Line::from(text)
        })
        .collect();
    let queen = match e.queen_host() {
        Some(side) => format!("Queen: {}", super::side_name(app, game, side)),
        None if e.queen_in_play => "Queen: centre".into(),
        None => "Supply".into(),
    };
    let mut extra = format!("{queen} · {}kn {}tw", e.knight_supply, e.tower_supply);
    if e.dragon_uses > 0 {
        extra.push_str(" · dragon used");
    }
    rows.push(Line::from(extra));
    Paragraph::new(rows)
        .block(block(" Builders' Board ", app))
        .render(area, buf);
}

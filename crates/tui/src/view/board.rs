//! The Builders' Board (Queendomino modules): each slot's building and its price for the side to
//! act (the Queen's discount included while that side hosts her), the supplies and the Queen.

use super::block;
use super::palette::Accent;
use crate::app::App;
use crownlands_core::Game;
use crownlands_core::modules::{Buildings, board_prices};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// What a building gives: `1cr +1kn +2tw` (crowns on its square, knights, towers).
fn gains(b: &crownlands_core::Building) -> String {
    let mut t = String::new();
    if b.crowns > 0 {
        t.push_str(&format!(" {}cr", b.crowns));
    }
    if b.knights > 0 {
        t.push_str(&format!(" +{}kn", b.knights));
    }
    if b.towers > 0 {
        t.push_str(&format!(" +{}tw", b.towers));
    }
    t
}

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let e = game.economy();
    let ruleset = game.ruleset();
    // Prices for the side to act (the first side once the game is over).
    let side = game.to_act().map_or(0, |pl| game.side_of(pl));
    let prices = board_prices(game, side);
    // The slots' own prices, before the Queen's discount.
    let base = Buildings::of(game)
        .map(|b| b.slot_prices)
        .unwrap_or_default();
    let coins = e.sides.get(side).map_or(0, |h| h.coins);
    let mut discounted = false;
    let mut rows: Vec<Line> = e
        .board
        .iter()
        .enumerate()
        .map(|(slot, b)| {
            let price = prices.get(slot).copied();
            let off = price.is_some() && price != base.get(slot).copied();
            discounted |= off && b.is_some();
            let cost = match price {
                Some(c) => format!("{c:>2}¢{}", if off { "*" } else { " " }),
                None => "    ".to_string(),
            };
            match b.and_then(|id| ruleset.buildings.get(id.index())) {
                Some(b) => {
                    let affordable = price.is_none_or(|c| c <= coins);
                    let style = if affordable {
                        Style::default()
                    } else {
                        p.accent(Accent::Dim)
                    };
                    Line::from(vec![
                        Span::styled(cost, style),
                        Span::styled(format!("{}{}", b.label(), gains(b)), style),
                    ])
                }
                None => Line::from(Span::styled("    (empty)", p.accent(Accent::Dim))),
            }
        })
        .collect();
    // The supplies, and the Queen: her discount when it applies (her host is marked in the
    // scores), else where she is. Whether the Dragon was bribed this round is in the header.
    let queen = if discounted {
        format!(" · *Queen -{}¢", e.queen_discount)
    } else {
        match e.queen_host() {
            Some(host) => format!(" · Queen: {}", super::side_name(app, game, host)),
            None if e.queen_in_play => " · Queen: centre".into(),
            None => String::new(),
        }
    };
    rows.push(Line::from(format!(
        "{}kn {}tw{queen}",
        e.knight_supply, e.tower_supply
    )));
    Paragraph::new(rows)
        .block(block(" Builders' Board ", app))
        .render(area, buf);
}

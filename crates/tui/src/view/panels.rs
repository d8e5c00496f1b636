//! The Builders' Board (Queendomino modules): each slot's building and its price for the side to
//! act (the Queen's discount included while that side hosts her), the supplies and the Queen.

use super::palette::Accent;
use super::panel;
use crate::app::App;
use crownlands_core::Game;
use crownlands_core::modules::describe::{BuildingText, building_text};
use crownlands_core::modules::{Buildings, board_prices};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// A building's row after its price: its name (cut to fit), what it gives now and what it
/// scores at the end, in `room` columns.
fn building_row(t: &BuildingText, room: usize) -> String {
    let tail: Vec<&str> = [t.now.as_str(), t.end.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    let tail = tail.join(" ");
    let name_room = room.saturating_sub(tail.chars().count() + 1).max(6);
    let name: String = if t.name.chars().count() > name_room {
        let n: String = t.name.chars().take(name_room.saturating_sub(1)).collect();
        let mut n = n.trim_end().to_string();
        n.push('.');
        n
    } else {
        t.name.clone()
    };
    let row = format!("{name} {tail}");
    row.chars().take(room).collect()
}

pub fn render(app: &App, game: &Game, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    let e = game.economy();
    let ruleset = game.ruleset();
    // Prices for the side to act (the first side once the game is over).
    let side = game.side_to_act().unwrap_or_default();
    let prices = board_prices(game, side);
    // The slots' own prices, before the Queen's discount.
    let base = Buildings::of(game)
        .map(|b| b.slot_prices)
        .unwrap_or_default();
    let coins = e.sides.get(side).map_or(0, |h| h.coins);
    let chosen = super::choices::chosen_row(app, game).map(|(_, row)| row);
    // Compact, one column stays free before what is beside the board.
    let inner = usize::from(area.width.saturating_sub(if compact { 1 } else { 2 }));
    let room = inner.saturating_sub(5);
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
            match b.and_then(|id| ruleset.buildings().get(id.index())) {
                Some(b) => {
                    let affordable = price.is_none_or(|c| c <= coins);
                    let style = if chosen == Some(slot) {
                        p.accent(Accent::Focus)
                    } else if affordable {
                        Style::default()
                    } else {
                        p.accent(Accent::Dim)
                    };
                    let text = building_row(&building_text(ruleset, b), room);
                    Line::from(vec![
                        Span::styled(cost, style),
                        Span::styled(format!(" {text}"), style),
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
    let supplies = format!("{}kn {}tw{queen}", e.knight_supply, e.tower_supply);
    rows.push(Line::from(supplies.chars().take(inner).collect::<String>()));
    Paragraph::new(rows)
        .block(panel(" Builders' Board ", app, compact))
        .render(area, buf);
}

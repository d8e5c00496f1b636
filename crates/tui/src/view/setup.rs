//! The setup screen: rulesets, player count, seats.

use super::block;
use super::palette::Accent;
use crate::app::App;
use crate::app::seats::SeatKind;
use crate::app::setup::Row;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let Some(setup) = app.setup() else {
        return;
    };
    let list_h = (setup.choices.len() as u16 + 2).min(area.height.saturating_sub(10));
    let title = Rect::new(area.x, area.y, area.width, 2);
    Paragraph::new(vec![
        Line::from(Span::styled(
            "Crownlands: a new game",
            p.accent(Accent::Title),
        )),
        Line::from(Span::styled(
            "↑↓ move  ←→ change  Enter start  ? help  q quit",
            p.accent(Accent::Dim),
        )),
    ])
    .render(title, buf);
    let focus = |row: Row| {
        if setup.row == row {
            p.accent(Accent::Focus)
        } else {
            Style::default()
        }
    };
    let rows: Vec<Line> = setup
        .choices
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let chosen = i == setup.ruleset;
            let mark = if chosen { "▶" } else { " " };
            let style = if chosen {
                focus(Row::Ruleset)
            } else {
                Style::default()
            };
            Line::from(vec![
                Span::styled(format!("{mark} {:<24}", c.name), style),
                Span::styled(c.description.clone(), p.accent(Accent::Dim)),
            ])
        })
        .collect();
    let list = Rect::new(area.x, area.y + 2, area.width, list_h);
    Paragraph::new(rows)
        .block(block(" Ruleset (←→ when this row is chosen) ", app))
        .render(list, buf);
    let mut lines = vec![
        Line::from(Span::styled(
            format!(
                "{} Ruleset: {}",
                if setup.row == Row::Ruleset {
                    "▶"
                } else {
                    " "
                },
                setup.choice().map_or("(none)", |c| c.name.as_str())
            ),
            focus(Row::Ruleset),
        )),
        Line::from(Span::styled(
            format!(
                "{} Players: ‹ {} ›",
                if setup.row == Row::Players {
                    "▶"
                } else {
                    " "
                },
                setup.players
            ),
            focus(Row::Players),
        )),
    ];
    for (i, seat) in setup.seats.iter().enumerate() {
        let what = match seat {
            SeatKind::Human => "human".to_string(),
            SeatKind::Bot(level) => format!("bot: {level}"),
        };
        let row = Row::Seat(i);
        lines.push(Line::from(vec![Span::styled(
            format!(
                "{} Seat {}: ‹ {what} ›",
                if setup.row == row { "▶" } else { " " },
                i + 1
            ),
            focus(row),
        )]));
    }
    lines.push(Line::from(Span::styled(
        format!(
            "{} [ Start ]",
            if setup.row == Row::Start { "▶" } else { " " }
        ),
        focus(Row::Start),
    )));
    lines.push(Line::from(""));
    lines.push(Line::from(app.message().to_string()));
    let settings = Rect::new(
        area.x,
        list.bottom(),
        area.width,
        area.height.saturating_sub(list.bottom() - area.y),
    );
    Paragraph::new(lines)
        .block(block(" Table ", app))
        .wrap(Wrap { trim: false })
        .render(settings, buf);
}

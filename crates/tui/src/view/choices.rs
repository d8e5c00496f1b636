//! A module step's choices (tax, build, dragon), all legal, with skipping always last: a row
//! each in the modules' own words, and a detail line for the chosen one.

use super::palette::Accent;
use super::text::wrap;
use super::{panel, step_title};
use crate::app::{App, Mode, StepKind};
use crownlands_core::modules::describe::{ChoiceText, describe_choice};
use crownlands_core::{Cell, Game};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

/// The rows inside a list `area` high (framed, or compact: a title line alone).
fn inner(area: Rect, compact: bool) -> usize {
    usize::from(area.height.saturating_sub(if compact { 1 } else { 2 }))
}

/// How many rows the detail takes in a list `area` high: none when tiny, two when roomy.
fn detail_rows(area: Rect, compact: bool) -> usize {
    match inner(area, compact) {
        0..=2 => 0,
        3 => 1,
        4..=6 => 2,
        _ => 3,
    }
}

/// How many choices a list `area` high shows (its last inner rows hold the detail and the
/// acting side's own row).
fn visible(area: Rect, compact: bool) -> usize {
    inner(area, compact)
        .saturating_sub(detail_rows(area, compact) + 1)
        .max(1)
}

/// The acting side's own row: points, coins, knights and towers, as the scores show them.
fn own_row(app: &App, game: &Game) -> String {
    let Some(player) = game.to_act() else {
        return String::new();
    };
    let side = game.side_of(player);
    let mut t = format!(
        "{}: {} pts",
        super::side_name(app, game, side),
        game.score_total(side)
    );
    if let Some(h) = game.economy().sides.get(side) {
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        t.push_str(&format!(
            ", {}, {} in hand, {}",
            plural(h.coins, "coin", "coins"),
            plural(h.knights_in_hand, "knight", "knights"),
            plural(h.towers, "tower", "towers")
        ));
        if h.hosts_queen {
            t.push_str(", Queen");
        }
    }
    t
}

/// The first choice shown in a list `area` high: the list scrolls to keep the cursor in view.
pub fn first_shown(app: &App, area: Rect, compact: bool) -> usize {
    (app.choice() + 1).saturating_sub(visible(area, compact))
}

/// The chosen action in words.
fn chosen(app: &App, game: &Game) -> Option<ChoiceText> {
    let a = *app.step_actions().get(app.choice())?;
    describe_choice(game, a)
}

/// The squares the chosen action concerns (shown on the kingdom).
pub fn highlighted(app: &App, game: &Game) -> Vec<Cell> {
    if !matches!(app.mode(), Mode::Step(_)) {
        return Vec::new();
    }
    chosen(app, game).map(|c| c.cells).unwrap_or_default()
}

/// The Builders' Board slot the chosen action concerns.
pub fn chosen_slot(app: &App) -> Option<u8> {
    if !matches!(app.mode(), Mode::Step(_)) {
        return None;
    }
    match app.step_actions().get(app.choice())? {
        crownlands_core::Action::Build { slot, .. } | crownlands_core::Action::Burn { slot } => {
            Some(*slot)
        }
        _ => None,
    }
}

pub fn render(app: &App, game: &Game, kind: StepKind, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    Clear.render(area, buf);
    let width = usize::from(area.width.saturating_sub(if compact { 0 } else { 2 }));
    let mut rows: Vec<Line> = app
        .step_actions()
        .into_iter()
        .enumerate()
        .skip(first_shown(app, area, compact))
        .take(visible(area, compact))
        .map(|(i, a)| {
            let text = describe_choice(game, a).map_or_else(|| a.to_string(), |c| c.row);
            let here = i == app.choice();
            let style = if here {
                p.accent(Accent::Focus)
            } else {
                Style::default()
            };
            let hint = if app.hint() == Some(a) {
                " ← hint"
            } else {
                ""
            };
            let head = format!("{} {}. ", if here { "▶" } else { " " }, i + 1);
            let room = width.saturating_sub(head.chars().count() + hint.chars().count());
            let text: String = text.chars().take(room).collect();
            Line::from(vec![
                Span::styled(format!("{head}{text}"), style),
                Span::styled(hint, p.accent(Accent::Focus)),
            ])
        })
        .collect();
    let shown = visible(area, compact);
    let detail = detail_rows(area, compact);
    while rows.len() < shown {
        rows.push(Line::from(""));
    }
    let mut lines = chosen(app, game).map_or_else(Vec::new, |c| wrap(&c.detail, width));
    lines.resize(detail, String::new());
    rows.extend(
        lines
            .into_iter()
            .map(|l| Line::from(Span::styled(l, p.accent(Accent::Dim)))),
    );
    let own: String = own_row(app, game).chars().take(width).collect();
    rows.push(Line::from(Span::styled(own, p.accent(Accent::Focus))));
    let title = format!(" {} ", step_title(kind));
    Paragraph::new(rows)
        .block(panel(title, app, compact))
        .render(area, buf);
}

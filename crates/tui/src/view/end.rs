//! The score screen: every side's full breakdown, the winner and what decided it.

use super::palette::Accent;
use super::{block, side_name};
use crate::app::App;
use crownlands_core::{Decider, Game, TieBreak};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

fn tie_break_words(tb: TieBreak) -> &'static str {
    match tb {
        TieBreak::LargestTerritory => "the largest territory",
        TieBreak::MostCrowns => "the most crowns",
    }
}

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let outcome = game.outcome();
    let ruleset = game.ruleset();
    let sides = outcome.scores.len().max(1);
    let summary_h: u16 = 5;
    let cols_area = Rect {
        height: area.height.saturating_sub(summary_h),
        ..area
    };
    let w = cols_area.width / sides as u16;
    for (side, score) in outcome.scores.iter().enumerate() {
        let mut rows: Vec<Line> = Vec::new();
        rows.push(Line::from(format!(
            "Place {}",
            outcome.places.get(side).copied().unwrap_or(0)
        )));
        let mut plain = 0;
        for t in &score.territories {
            if t.points == 0 {
                plain += 1;
                continue;
            }
            let name = ruleset
                .terrains
                .get(t.terrain.index())
                .map_or("?", |t| t.name.as_str());
            rows.push(Line::from(format!(
                "{name:<9} {:>2}x{} {:>3}",
                t.squares, t.crowns, t.points
            )));
        }
        if plain > 0 {
            rows.push(Line::from(Span::styled(
                format!("{plain} without crowns   0"),
                p.accent(Accent::Dim),
            )));
        }
        for b in &score.bonuses {
            let key: String = b.key.chars().take(14).collect();
            rows.push(Line::from(format!("{key:<14} {:>+4}", b.points)));
        }
        rows.push(Line::from(Span::styled(
            format!("{:<14} {:>4}", "Total", score.total),
            p.accent(Accent::Focus),
        )));
        rows.push(Line::from(format!(
            "largest {} crowns {}",
            score.largest_territory, score.crowns
        )));
        let r = Rect::new(
            cols_area.x + side as u16 * w,
            cols_area.y,
            w,
            cols_area.height,
        );
        let title = Line::from(Span::styled(
            format!(" {} ", side_name(app, game, side)),
            p.side(side),
        ));
        Paragraph::new(rows).block(block(title, app)).render(r, buf);
    }
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| side_name(app, game, s))
        .collect();
    let decided = match outcome.decided_by {
        Decider::Score => "on score".to_string(),
        Decider::TieBreak(tb) => format!("tied on score, decided by {}", tie_break_words(tb)),
        Decider::Shared => "tied on every tie-break: a shared victory".to_string(),
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("Winner: {} ({decided})", winners.join(" and ")),
        p.accent(Accent::Title),
    ))];
    let mut next = "Enter: play again   q: quit";
    if let Some(s) = app.session()
        && s.match_games() > 1
    {
        let mut totals = vec![0i64; sides];
        for o in s.outcomes() {
            for (t, sc) in totals.iter_mut().zip(&o.scores) {
                *t += i64::from(sc.total);
            }
        }
        let text: Vec<String> = totals
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{} {t}", side_name(app, game, i)))
            .collect();
        lines.push(Line::from(format!(
            "Match totals after game {} of {}: {}",
            s.game_index() + 1,
            s.match_games(),
            text.join(", ")
        )));
        if s.can_start_next_game() {
            next = "Enter: next game of the match   q: quit";
        } else if let Some(r) = s.match_record() {
            let w: Vec<String> = r
                .winners
                .iter()
                .map(|&seat| app.name(seat.saturating_sub(1)))
                .collect();
            lines.push(Line::from(format!(
                "The match goes to {}.",
                w.join(" and ")
            )));
        }
    }
    lines.push(Line::from(Span::styled(next, p.accent(Accent::Focus))));
    if !app.message().is_empty() {
        lines.push(Line::from(app.message().to_string()));
    }
    let r = Rect::new(
        area.x,
        area.bottom().saturating_sub(summary_h),
        area.width,
        summary_h,
    );
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(r, buf);
}

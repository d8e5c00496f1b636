//! The current line (being placed) and the next line (being claimed), with the kings on them.

use super::kingdom::{square_text, terrain_style};
use super::panel;
use crate::app::{App, Mode};
use crate::palette::Accent;
use crownlands_core::{Action, DominoId, Game, Phase, Slot};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// A domino in words: `wheat | forest (1 crown)`.
pub fn domino_words(game: &Game, id: DominoId) -> String {
    let d = game.domino(id);
    let word = |sq: crownlands_core::Square| {
        let name = game
            .ruleset()
            .terrains()
            .get(sq.terrain.index())
            .map_or("?", |t| t.name.as_str());
        match sq.crowns {
            0 => name.to_string(),
            1 => format!("{name} 1 crown"),
            c => format!("{name} {c} crowns"),
        }
    };
    format!("{} | {}", word(d.first), word(d.second))
}

/// A domino as two coloured squares.
pub fn domino_spans(app: &App, game: &Game, id: DominoId) -> Vec<Span<'static>> {
    let d = game.domino(id);
    let p = app.config.palette;
    [d.first, d.second]
        .into_iter()
        .map(|sq| {
            Span::styled(
                square_text(game.ruleset(), sq, 3),
                terrain_style(game.ruleset(), p, sq),
            )
        })
        .collect()
}

pub fn render(app: &App, game: &Game, current: Rect, next: Rect, compact: bool, buf: &mut Buffer) {
    // The acting king's slot, and whether its domino is already down (in the module steps and
    // the claim that follow its placement).
    let (placing, placed) = match game.phase() {
        Phase::Place { slot } => (Some(slot), false),
        Phase::Step { slot, .. } | Phase::Claim { slot } => (Some(slot), true),
        _ => (None, false),
    };
    let first = matches!(game.phase(), Phase::FirstClaims { .. });
    let room = |r: Rect| usize::from(r.width.saturating_sub(if compact { 0 } else { 2 }));
    let rows = slot_rows(
        app,
        game,
        game.current_line(),
        placing.map(|slot| (slot, placed)),
        (None, None),
        room(current),
    );
    Paragraph::new(rows)
        .block(panel(" Placing ", app, compact))
        .render(current, buf);
    let claimed = |a: &Action| match a {
        Action::Claim { domino } => Some(*domino),
        _ => None,
    };
    // Watching a mistake at its move: the best claim found has the cursor, the one played a
    // cross.
    let mistake = app.mistake_on_board();
    let cursor = if app.mode() == Mode::Claim {
        app.claims().get(app.choice()).and_then(claimed)
    } else {
        mistake.and_then(|(_, best)| claimed(&best))
    };
    let crossed = mistake.and_then(|(played, _)| claimed(&played));
    let title = if first { " First line " } else { " Next line " };
    let rows = slot_rows(
        app,
        game,
        game.next_line(),
        None,
        (cursor, crossed),
        room(next),
    );
    Paragraph::new(rows)
        .block(panel(title, app, compact))
        .render(next, buf);
}

/// The rows of a line. `acting` is the slot of the king whose turn it is and whether its domino
/// is down already: the slots before it, and its own once down, say what became of their domino.
/// `marked`: the domino under the cursor (`▶`), and one crossed out (`×`: a mistake's claim).
fn slot_rows(
    app: &App,
    game: &Game,
    line: &[Slot],
    acting: Option<(usize, bool)>,
    marked: (Option<DominoId>, Option<DominoId>),
    width: usize,
) -> Vec<Line<'static>> {
    let (cursor, crossed) = marked;
    let p = app.config.palette;
    if line.is_empty() {
        return vec![Line::from(Span::styled("(none)", p.accent(Accent::Dim)))];
    }
    let hinted = match app.hint() {
        Some(Action::Claim { domino }) => Some(domino),
        _ => None,
    };
    line.iter()
        .enumerate()
        .map(|(i, s)| {
            let here = Some(s.domino) == cursor;
            let cross = Some(s.domino) == crossed;
            let done = acting.is_some_and(|(a, down)| i < a || (i == a && down));
            let mark = if here {
                "▶"
            } else if cross {
                "×"
            } else if acting.is_some_and(|(a, _)| a == i) {
                "•"
            } else {
                " "
            };
            let label_style = if here {
                p.accent(Accent::Focus)
            } else if cross {
                p.accent(Accent::Bad)
            } else if done {
                p.accent(Accent::Dim)
            } else {
                Style::default()
            };
            let mut spans = vec![Span::styled(
                format!("{mark}{:>3} ", game.label(s.domino)),
                label_style,
            )];
            // The two squares take 6 columns, as "placed" does; "discarded" (a domino that
            // fitted nowhere) 9.
            let mut body = 6;
            if done {
                let fate = if game.discarded().contains(&s.domino) {
                    "discarded"
                } else {
                    "placed"
                };
                body = fate.len();
                spans.push(Span::styled(fate, p.accent(Accent::Dim)));
            } else {
                spans.extend(domino_spans(app, game, s.domino));
            }
            match s.king {
                Some(k) => {
                    let owner = game.owner(k);
                    let side = game.side_of(owner);
                    // The mark and the label take 5 columns, the body after them, then " ♔".
                    let name = super::short_player_name(
                        app,
                        game,
                        owner.index(),
                        width.saturating_sub(7 + body).max(3),
                    );
                    spans.push(Span::styled(format!(" ♔{name}"), p.side(side)));
                }
                None if hinted == Some(s.domino) => {
                    spans.push(Span::styled(" ← hint", p.accent(Accent::Focus)))
                }
                None => {}
            }
            Line::from(spans)
        })
        .collect()
}

//! The offer to resume an unfinished autosaved game: what the game is (ruleset, players, how far,
//! when saved) or why the autosave does not load, and the buttons to answer.

use super::block;
use super::buttons::Bar;
use super::text::wrap;
use crate::app::App;
use crate::app::resume::Offer;
use crate::keys::Key;
use crate::palette::Accent;
use crate::palette::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

/// Where the offer goes: its box, the lines in it, and the row of buttons.
pub struct Layout {
    pub frame: Rect,
    pub lines: Vec<Line<'static>>,
    pub buttons: Bar,
    /// The screen row of the buttons.
    pub buttons_y: u16,
    pub keys: Rect,
}

/// The buttons, `▶` marking the focused one.
fn buttons(offer: &Offer) -> Bar {
    let mut bar = Bar::new();
    for (i, a) in offer.answers().into_iter().enumerate() {
        let mark = if i == offer.focus { "▶" } else { " " };
        bar = bar.key(&format!("{mark}[ {} ]", a.label()), a.key());
    }
    bar
}

/// The columns before a field's value (`Players   `).
const PAD: usize = 10;

/// A field of the offer: `name`, and `value` wrapped beside it, a column kept free before the
/// frame (a line's last word had touched it).
fn field(name: &str, value: &str, width: usize, out: &mut Vec<Line<'static>>) {
    for (i, l) in wrap(value, width.saturating_sub(PAD + 1))
        .into_iter()
        .enumerate()
    {
        let head = if i == 0 {
            format!("{name:<PAD$}")
        } else {
            " ".repeat(PAD)
        };
        out.push(Line::from(format!("{head}{}", l.replace('\u{a0}', " "))));
    }
}

/// `list` (players, or players with their totals, `, ` between them and ` & ` between a
/// team's) made to break between its items only, for a field `width` columns wide: each one's
/// spaces unbreakable (`random` / `3 22` had split a name from its total), a team's `&` too
/// (`mcts 5 &` / `greedy 6` had split a team); a team longer than a whole line breaks after an
/// `&`, never inside a name.
fn whole_names(list: &str, width: usize) -> String {
    let room = width.saturating_sub(PAD + 1);
    list.split(", ")
        .map(|one| {
            let members: Vec<String> = one.split(" & ").map(|p| p.replace(' ', "\u{a0}")).collect();
            // (With the `,` after it.)
            if super::text::width(one) < room {
                members.join("\u{a0}&\u{a0}")
            } else {
                members.join("\u{a0}& ")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The games finished before game `g` of a match (from 1), for their totals: `after game 1`,
/// `after games 1 and 2`, `after games 1 to 4`.
fn after_games(g: usize) -> String {
    match g.saturating_sub(1) {
        0 | 1 => "after game 1".to_string(),
        2 => "after games 1 and 2".to_string(),
        n => format!("after games 1 to {n}"),
    }
}

/// Lay the offer out over `area`.
pub fn layout(offer: &Offer, p: Palette, area: Rect) -> Layout {
    let w = area.width.min(78);
    let inner_w = usize::from(w.saturating_sub(2));
    let mut lines: Vec<Line<'static>> = Vec::new();
    let path = offer.path.display().to_string();
    let plain = |t: &str, out: &mut Vec<Line<'static>>| {
        out.extend(wrap(t, inner_w).into_iter().map(Line::from));
    };
    let after = match &offer.found {
        Ok(found) => {
            let s = &found.summary;
            plain(
                "Your last game is not finished. It was autosaved in",
                &mut lines,
            );
            plain(&path, &mut lines);
            lines.push(Line::from(""));
            field("Ruleset", &s.ruleset, inner_w, &mut lines);
            // Lines break between players, never inside a name (`greedy` / `7`).
            // (A team kept on one line: `mcts 5 &` / `greedy 6` had split one.)
            let players = whole_names(&s.players.join(", "), inner_w);
            field("Players", &players, inner_w, &mut lines);
            // Where the game stands in the players' terms: the round of the game's rounds
            // and whose turn it is (`144 moves played, 57 of them forced` counted every step
            // of watching, and read as a big number). Round 0 is the first claims, as the
            // game's header says.
            let mut progress = match s.round {
                0 => "first claims".to_string(),
                r => format!("round {r} of {}", s.rounds),
            };
            if let Some(who) = &s.to_play {
                progress.push_str(&format!(", {who} to play"));
            }
            if let Some((g, n)) = s.game_of {
                match &s.earlier_games {
                    Some(totals) => progress.push_str(&format!(
                        " (game {g} of {n}; {}: {})",
                        after_games(g),
                        whole_names(totals, inner_w)
                    )),
                    None => progress.push_str(&format!(" (game {g} of {n})")),
                }
            }
            // Paused between two games of a match: what stands, not the finished game's moves.
            // (Each side's name and total kept on one line: `random 3 22` was cut after
            // `random`.)
            if let (Some((g, n)), Some(totals)) = (s.game_of, &s.between_games) {
                progress = format!(
                    "game {g} of {n} finished; the match so far: {}",
                    whole_names(totals, inner_w)
                );
            }
            field("Progress", &progress, inner_w, &mut lines);
            field("Saved", &s.saved, inner_w, &mut lines);
            if let Some(later) = &offer.later {
                lines.push(Line::from(""));
                let file =
                    crownlands_core::text::escape_controls(&later.path.display().to_string())
                        .into_owned();
                let moves = crownlands_core::modules::describe::plural(
                    i64::try_from(later.more).unwrap_or(i64::MAX),
                    "move",
                    "moves",
                );
                // (Said of what the files hold, not of how: the autosave may have stopped, or
                // the same moves been played again on the same seed and saved.)
                let said = if later.over {
                    format!(
                        "This game was played further than the autosave holds, to its end: \
                         {file} holds it ({moves} more; `play --load` opens it)."
                    )
                } else {
                    format!(
                        "This game was played further than the autosave holds: {file} holds \
                         {moves} more (`play --load` resumes it there)."
                    )
                };
                for l in wrap(&said, inner_w) {
                    lines.push(Line::from(Span::styled(l, p.accent(Accent::Warn))));
                }
            }
            if offer.is_main() && offer.kept_as.is_empty() {
                "Resume goes on exactly where it stopped. A new game leaves this one as it is \
                 (autosave is off)."
                    .to_string()
            } else if offer.is_main() {
                format!(
                    "Resume goes on exactly where it stopped. A new game does not lose this \
                     one: once the new game makes its first move, this one is kept in {} \
                     (`play --load` opens it).",
                    offer.kept_as
                )
            } else {
                "It went on in this file when another game took autosave.json. Resume goes on \
                 exactly where it stopped, autosaving here. A new game leaves it here."
                    .to_string()
            }
        }
        Err(e) => {
            plain("The autosave does not load:", &mut lines);
            plain(&path, &mut lines);
            lines.push(Line::from(""));
            // As much of the problem as leaves room for the buttons (at most 8 lines): the
            // title, the keys, the borders, and the 5 lines from "…" to the buttons.
            let room = usize::from(area.height.saturating_sub(4))
                .saturating_sub(lines.len() + 5)
                .clamp(1, 8);
            let problem: Vec<String> = wrap(e, inner_w);
            let shown = problem.len().min(room);
            for l in &problem[..shown] {
                lines.push(Line::from(Span::styled(l.clone(), p.accent(Accent::Warn))));
            }
            if problem.len() > shown {
                lines.push(Line::from("…"));
            }
            lines.push(Line::from(""));
            plain("The file is left as it is.", &mut lines);
            if offer.not_a_file {
                "A new game leaves it as it is and autosaves beside it (autosave-2.json, ...)."
                    .to_string()
            } else if offer.kept_as.is_empty() {
                "A new game leaves this file as it is (autosave is off).".to_string()
            } else {
                format!(
                    "A new game keeps this file: at its first move, it moves to {}.",
                    offer.kept_as
                )
            }
        }
    };
    lines.push(Line::from(""));
    let buttons_at = lines.len();
    lines.push(Line::from(""));
    lines.push(Line::from(""));
    for l in wrap(&after, inner_w) {
        lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
    }
    let h = (lines.len() as u16 + 2).min(area.height.saturating_sub(2));
    let frame = Rect::new(area.x, area.y + 1, w, h);
    Layout {
        frame,
        buttons: buttons(offer),
        buttons_y: frame.y + 1 + buttons_at as u16,
        keys: Rect::new(area.x, frame.bottom(), area.width, 1),
        lines,
    }
}

pub fn render(app: &App, offer: &Offer, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    Clear.render(area, buf);
    Paragraph::new(Line::from(Span::styled(
        "Crownlands",
        p.accent(Accent::Title),
    )))
    .render(Rect { height: 1, ..area }, buf);
    let l = layout(offer, p, area);
    let title = if offer.found.is_ok() {
        " An unfinished game "
    } else {
        " The autosave does not load "
    };
    Paragraph::new(l.lines.clone())
        .block(block(title, app))
        .render(l.frame, buf);
    let focus = offer.answers().get(offer.focus).map(|a| a.key());
    let bar = l
        .buttons
        .line_focus(Style::default(), p.accent(Accent::Focus), focus);
    if l.buttons_y < l.frame.bottom().saturating_sub(1) {
        Paragraph::new(bar).render(
            Rect::new(
                l.frame.x + 1,
                l.buttons_y,
                l.frame.width.saturating_sub(2),
                1,
            ),
            buf,
        );
    }
    let keys = if offer.found.is_ok() {
        "r resume  n new game  q quit  ←→ choose, Enter confirm  ? help"
    } else {
        "n new game  q quit  ←→ choose, Enter confirm  ? help"
    };
    Paragraph::new(Line::from(Span::styled(keys, p.accent(Accent::Dim)))).render(l.keys, buf);
}

/// The key of the button at a screen position, if any.
pub fn hit(app: &App, offer: &Offer, area: Rect, col: u16, row: u16) -> Option<Key> {
    let l = layout(offer, app.config.palette, area);
    (row == l.buttons_y)
        .then(|| l.buttons.key_at(l.frame.x + 1, col))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::after_games;

    #[test]
    fn the_games_before_the_current_one_are_named() {
        assert_eq!(after_games(2), "after game 1");
        assert_eq!(after_games(3), "after games 1 and 2");
        assert_eq!(after_games(5), "after games 1 to 4");
    }
}

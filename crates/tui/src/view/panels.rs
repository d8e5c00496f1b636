//! The modules' public state ([`Game::panels`]: the Builders' Board, the Queen, the Dragon), in
//! one box titled by the first panel, whatever the modules: each later panel's rows follow under
//! its title. The row a chosen step choice concerns ([`ChoiceView::row`]) is highlighted.
//!
//! [`ChoiceView::row`]: crownlands_core::modules::describe::ChoiceView::row

use super::palette::Accent;
use super::panel;
use crate::app::App;
use crownlands_core::Game;
use crownlands_core::modules::describe::{Panel, name_sides};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The rows the panels take in the box (without its frame): every row of every panel.
pub fn rows_needed(panels: &[Panel]) -> u16 {
    let n: usize = panels.iter().map(|p| p.rows.len().max(1)).sum();
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `text` as it may be drawn: control characters (from a ruleset's names, say) shown as `?`,
/// cut to `room` characters.
pub fn clean(text: &str, room: usize) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(room)
        .collect()
}

/// `text` made to fit `room` columns, losing words before figures: while it is too long, the
/// longest word of letters only (a name: `Grassland`) is cut to a shorter prefix and a dot
/// (`Grass.`, at least two letters), so what a row says in figures (`2¢*`, `+1tw`) stays, but
/// for a figure's terrain (`2/grassland` as `2/gras.`) where that leaves the names more
/// letters; what still does not fit is cut at the end. Control characters show as `?`.
pub fn squeeze(text: &str, room: usize) -> String {
    let plain = squeeze_names(text, room);
    // Where names had to give letters, the terrain of a figure (`2/grassland`) gives first
    // what it can (`2/gras.`), when that leaves the names more of theirs (`Grassland Tower`
    // read `Gr. To.`).
    let shorter: Vec<String> = text
        .split(' ')
        .map(|w| match w.split_once('/') {
            Some((n, t))
                if !n.is_empty()
                    && n.chars().all(|c| c.is_ascii_digit())
                    && t.chars().count() > 6
                    && t.chars().all(char::is_alphabetic) =>
            {
                format!("{n}/{}.", t.chars().take(4).collect::<String>())
            }
            _ => w.to_string(),
        })
        .collect();
    let shorter = shorter.join(" ");
    if shorter == text || plain == clean(text, usize::MAX) {
        return plain;
    }
    let alt = squeeze_names(&shorter, room);
    let name_letters = |row: &str| -> usize {
        row.split(' ')
            .filter(|w| !w.contains('/'))
            .flat_map(str::chars)
            .filter(|c| c.is_alphabetic())
            .count()
    };
    // (Names alike, the one whose end is not cut: `+1kn 2/gras.` rather than `+1kn 2/grass`.)
    let whole = |row: &str, from: &str| row.ends_with(from.rsplit(' ').next().unwrap_or(from));
    let (a, p) = (name_letters(&alt), name_letters(&plain));
    if a > p || (a == p && whole(&alt, &shorter) && !whole(&plain, text)) {
        alt
    } else {
        plain
    }
}

/// [`squeeze`] cutting names only.
fn squeeze_names(text: &str, room: usize) -> String {
    let mut words: Vec<String> = clean(text, usize::MAX)
        .split(' ')
        .map(str::to_string)
        .collect();
    let len = |w: &[String]| w.iter().map(|x| x.chars().count()).sum::<usize>() + w.len() - 1;
    while len(&words) > room {
        let longest = words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.chars().count() > 3 && w.chars().all(char::is_alphabetic))
            .max_by_key(|(i, w)| (w.chars().count(), *i))
            .map(|(i, _)| i);
        let Some(i) = longest else { break };
        let over = len(&words) - room;
        let keep = words[i].chars().count().saturating_sub(over + 1).max(2);
        words[i] = words[i].chars().take(keep).chain(['.']).collect();
    }
    // Names cut to their shortest and still too long, so that the figures at the end would go
    // (`2¢  To. To. +1kn +1tw tax+`): the figures say more (the step's own list names the
    // building), so the name goes instead, all but what the room left over holds of its first
    // word.
    if len(&words) > room {
        let is_name = |w: &str| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_alphabetic() || c == '\'' || c == '.')
        };
        let figures: Vec<String> = words.iter().filter(|w| !is_name(w)).cloned().collect();
        if let Some(at) = words.iter().position(|w| is_name(w))
            && !figures.is_empty()
            && len(&figures) <= room
        {
            let mut out = figures;
            let mut at = at.min(out.len());
            // Never no name at all where a letter of it fits (the step's list names the
            // building: a row must be told apart): the spaces that align the rows (`2¢  `)
            // give way to its first letter and a dot.
            if room - len(&out) == 2
                && let Some(gap) = out.iter().skip(1).position(String::is_empty)
            {
                out.remove(gap + 1);
                if gap + 1 < at {
                    at -= 1;
                }
            }
            // The first word cut to what the room holds (at least a letter and a dot), and a
            // space before it.
            let spare = room - len(&out);
            if spare >= 3 {
                let cleaned = clean(text, usize::MAX);
                let names: Vec<&str> = cleaned.split(' ').filter(|w| is_name(w)).collect();
                let first = names.first().copied().unwrap_or_default();
                // The later words' initials (`Tower T.`: a lone `Tower` reads as the Tower
                // Keep, or a tower), where the room holds them beside the first word, whole
                // or cut.
                let initials: String = names
                    .iter()
                    .skip(1)
                    .filter_map(|w| w.chars().next())
                    .map(|c| format!(" {c}."))
                    .collect();
                let tail = initials.chars().count();
                let letters = first.chars().count();
                let short: String = if letters + tail < spare {
                    format!("{first}{initials}")
                } else if tail > 0 && spare >= tail + 3 {
                    let keep = spare - tail - 2;
                    format!(
                        "{}.{initials}",
                        first.chars().take(keep).collect::<String>()
                    )
                } else if letters < spare {
                    first.to_string()
                } else {
                    first.chars().take(spare - 2).chain(['.']).collect()
                };
                out.insert(at, short);
            }
            return clean(&out.join(" "), room);
        }
    }
    clean(&words.join(" "), room)
}

/// The panels' lines in `room` columns (each squeezed to fit: see [`squeeze`]): the first
/// panel's rows as they are, each later panel's
/// first row after its title (`Queen: in the centre`) and its other rows indented; `chosen`
/// (a panel's title and a row's index) highlighted with `focus`.
pub fn lines(
    panels: &[Panel],
    room: usize,
    chosen: Option<&(String, usize)>,
    played: Option<&(String, usize)>,
    focus: Style,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (i, p) in panels.iter().enumerate() {
        let rows: &[String] = if p.rows.is_empty() {
            &[String::new()]
        } else {
            &p.rows
        };
        for (r, row) in rows.iter().enumerate() {
            let text = match (i, r) {
                (0, _) => row.clone(),
                (_, 0) => format!("{}: {row}", p.title),
                _ => format!("  {row}"),
            };
            // Every row one column in, as the Builders' Board's (` 0¢  ...`): none runs into
            // what is left of the box when it has no frame (`0twsupply`).
            let text = if text.starts_with(' ') {
                text
            } else {
                format!(" {text}")
            };
            // A mistake's module action played: its row crossed in that first column.
            let is =
                |c: Option<&(String, usize)>| c.is_some_and(|(t, at)| *t == p.title && *at == r);
            let text = if is(played) {
                format!("×{}", &text[1..])
            } else {
                text
            };
            let style = if is(chosen) { focus } else { Style::default() };
            out.push(Line::from(Span::styled(squeeze(&text, room), style)));
        }
    }
    out
}

pub fn render(app: &App, game: &Game, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    // A side a module names (`side 2`) is shown by its players' names, a team's each cut to
    // fit half the box (`長い… & gre 4`), rather than cut at the row's end.
    let sides = game.sides();
    let half = usize::from(area.width.saturating_sub(2)) / 2;
    let panels: Vec<Panel> = game
        .panels()
        .into_iter()
        .map(|panel| Panel {
            rows: panel
                .rows
                .iter()
                .map(|row| name_sides(row, sides, |s| super::short_side_name(app, game, s, half)))
                .collect(),
            ..panel
        })
        .collect();
    let Some(first) = panels.first() else {
        return;
    };
    let chosen = super::choices::chosen_row(app, game);
    let played = super::choices::played_row(app, game);
    // Compact, one column stays free before what is beside the box.
    let room = usize::from(area.width.saturating_sub(if compact { 1 } else { 2 }));
    let title = format!(" {} ", clean(&first.title, room.saturating_sub(2)));
    Paragraph::new(lines(
        &panels,
        room,
        chosen.as_ref(),
        played.as_ref(),
        p.accent(Accent::Focus),
    ))
    .block(panel(title, app, compact))
    .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::squeeze;

    #[test]
    fn a_played_row_is_crossed_and_the_chosen_one_styled() {
        use crownlands_core::modules::describe::Panel;
        use ratatui::style::{Modifier, Style};
        let board = Panel {
            title: "Builders' Board".into(),
            rows: vec!["0¢  Sawmill".into(), "1¢  Chapel".into(), "2¢  Camp".into()],
        };
        let focus = Style::default().add_modifier(Modifier::REVERSED);
        let at = |r: usize| ("Builders' Board".to_string(), r);
        let lines = super::lines(&[board], 40, Some(&at(2)), Some(&at(1)), focus);
        let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert_eq!(text, [" 0¢  Sawmill", "×1¢  Chapel", " 2¢  Camp"]);
        assert_eq!(lines[2].spans[0].style, focus);
        assert_eq!(lines[1].spans[0].style, Style::default());
    }

    #[test]
    fn squeezing_cuts_names_before_figures() {
        let row = " 1¢* Grassland Tower +1tw 2/grassland";
        assert_eq!(squeeze(row, 80), row, "fits: as it is");
        // A figure's terrain gives letters first where the names then keep more of theirs
        // (a playtest read `Gr. To.` on the Board at 80x24); then the longest name, the next.
        assert_eq!(squeeze(row, 33), " 1¢* Grassland Tower +1tw 2/gras.");
        assert_eq!(squeeze(row, 30), " 1¢* Grass. Tower +1tw 2/gras.");
        assert_eq!(squeeze(row, 26), " 1¢* Gr. Tow. +1tw 2/gras.");
        assert_eq!(squeeze(" 3¢ +1kn 2/grassland", 16), " 3¢ +1kn 2/gras.");
        let wheat = "0¢  Wheat Tower +1tw 2/wheat";
        assert_eq!(squeeze(wheat, 26), "0¢  Wheat To. +1tw 2/wheat");
        // Still too long once the names are short: cut at the end.
        assert_eq!(squeeze(row, 12).chars().count(), 12);
        // Names at their shortest and the figures still cut: the names go first, the first
        // word kept as far as the room allows.
        let board = "2¢  Tower Tollhouse +1kn +1tw tax+tw 2pt";
        assert_eq!(squeeze(board, 25), "2¢  +1kn +1tw tax+tw 2pt");
        // A letter of the name where it fits (a row with none could not be told apart), the
        // aligning spaces giving way to it.
        assert_eq!(squeeze(board, 26), "2¢ T. +1kn +1tw tax+tw 2pt");
        assert_eq!(squeeze(board, 27), "2¢  T. +1kn +1tw tax+tw 2pt");
        assert_eq!(squeeze(board, 29), "2¢  Tow. +1kn +1tw tax+tw 2pt");
        assert_eq!(squeeze(board, 28), "2¢  To. +1kn +1tw tax+tw 2pt");
        // With room, the later words' initials: a lone `Tower` read as the Tower Keep.
        assert_eq!(squeeze(board, 30), "2¢  T. T. +1kn +1tw tax+tw 2pt");
        assert_eq!(squeeze(board, 31), "2¢  To. T. +1kn +1tw tax+tw 2pt");
        assert_eq!(squeeze(board, 32), "2¢  To. To. +1kn +1tw tax+tw 2pt");
        let keep = "2¢  Tower Keep +2tw 1/tower";
        assert_eq!(squeeze(keep, 25), "2¢  To. Keep +2tw 1/tower");
        assert_eq!(squeeze(keep, 22), "2¢  T. K. +2tw 1/tower");
        assert_eq!(squeeze("a\u{1b}[31m b", 20), "a?[31m b");
    }
}

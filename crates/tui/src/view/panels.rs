//! The modules' public state ([`Game::panels`]: the Builders' Board, the Queen, the Dragon), in
//! one box titled by the first panel, whatever the modules: each later panel's rows follow under
//! its title. The row a chosen step choice concerns ([`ChoiceView::row`]) is highlighted.
//!
//! [`ChoiceView::row`]: crownlands_core::modules::describe::ChoiceView::row

use super::palette::Accent;
use super::panel;
use super::text;
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
    // Each row's text and style first: the tiles' rows are fitted together (their names kept
    // apart), the others each squeezed.
    let mut rows: Vec<(String, Style)> = Vec::new();
    for (i, p) in panels.iter().enumerate() {
        let texts: &[String] = if p.rows.is_empty() {
            &[String::new()]
        } else {
            &p.rows
        };
        for (r, row) in texts.iter().enumerate() {
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
            rows.push((clean(&text, usize::MAX), style));
        }
    }
    let tiles: Vec<(usize, Tile)> = rows
        .iter()
        .enumerate()
        .filter_map(|(at, (text, _))| tile(text).map(|t| (at, t)))
        .collect();
    let mut texts: Vec<String> = rows.iter().map(|(t, _)| squeeze(t, room)).collect();
    let fitted = fit_tiles(
        &tiles.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
        room,
    );
    for ((at, _), text) in tiles.iter().zip(fitted) {
        texts[*at] = text;
    }
    texts
        .into_iter()
        .zip(rows)
        .map(|(text, (_, style))| Line::from(Span::styled(text, style)))
        .collect()
}

/// A tile's row of the Builders' Board in parts: ` 4¢* ` (the price, with what marks it), the
/// name's words (`Tower Tollhouse`), the figures (`+1kn`, `+1tw`, `tax+tw`, `2pt`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tile {
    /// Up to the price's end (` 4¢*`, `×4¢`).
    head: String,
    /// The columns from the head's end to the name (`4¢  Sawmill`: 2).
    gap: usize,
    name: Vec<String>,
    figures: Vec<String>,
}

/// `text` read as a tile's row (`{price}¢ {name} {figures}`), if it is one: a price first, then
/// the words of letters of a name, then the figures.
fn tile(text: &str) -> Option<Tile> {
    let words: Vec<&str> = text.split(' ').collect();
    let at = words.iter().position(|w| !w.is_empty())?;
    let price = words[at];
    let digits = price.trim_start_matches(|c: char| !c.is_ascii_digit());
    let digits = digits.trim_end_matches('*');
    let is_price = price.chars().count() - digits.chars().count() <= 2
        && digits
            .strip_suffix('¢')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    if !is_price {
        return None;
    }
    let mut i = at + 1;
    let mut gap = 1;
    while words.get(i).is_some_and(|w| w.is_empty()) {
        gap += 1;
        i += 1;
    }
    // A name's words are of letters, or a bare number (a house rule's unnamed tile reads
    // `building 13`): a figure always has its unit (`+1kn`, `2/town`, `3pt`).
    let is_name = |w: &str| {
        !w.is_empty()
            && (w.chars().all(|c| c.is_ascii_digit())
                || (w.chars().any(char::is_alphabetic)
                    && w.chars()
                        .all(|c| c.is_alphabetic() || matches!(c, '\'' | '-' | '.'))))
    };
    let name: Vec<String> = words[i..]
        .iter()
        .take_while(|w| is_name(w))
        .map(|w| (*w).to_string())
        .collect();
    if name.is_empty() {
        return None;
    }
    let figures: Vec<String> = words[i + name.len()..]
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| (*w).to_string())
        .collect();
    Some(Tile {
        head: words[..=at].join(" "),
        gap,
        name,
        figures,
    })
}

/// The letters of each of a name's words that keep it apart from `others` (the first word
/// where they differ, to one letter past what they share): `Tollh` of `Tower Tollhouse` beside
/// `Tower Tollgate`.
fn apart(name: &[String], others: &[&[String]]) -> Vec<usize> {
    let mut keep = vec![1; name.len()];
    for other in others {
        if *other == name {
            continue;
        }
        let Some(d) = (0..name.len()).find(|&d| other.get(d) != Some(&name[d])) else {
            // A name that is the start of the other: its lack of words tells it apart.
            continue;
        };
        let mine: Vec<char> = name[d].chars().collect();
        let shared = other.get(d).map_or(0, |o| {
            o.chars().zip(&mine).take_while(|(a, b)| a == *b).count()
        });
        keep[d] = keep[d].max((shared + 1).min(mine.len()));
    }
    keep
}

/// A name's words with `kept` letters of each (a word cut ends with a dot), joined by spaces,
/// or, `tight`, with none after a cut word (`T.Tollhouse`).
fn name_form(name: &[String], kept: &[usize], tight: bool) -> String {
    let mut out = String::new();
    for (i, (w, &k)) in name.iter().zip(kept).enumerate() {
        let whole = k >= w.chars().count();
        if i > 0 && !(tight && !out.ends_with(' ') && out.ends_with('.')) {
            out.push(' ');
        }
        if whole {
            out.push_str(w);
        } else {
            let cut: String = w.chars().take(k).collect();
            // (Not `Knights'.`: a cut ends on a letter.)
            let cut = cut.trim_end_matches(|c: char| !c.is_alphabetic());
            out.push_str(cut);
            out.push('.');
        }
    }
    out
}

/// The letters a word of `len` keeps at least while the name still reads (a word of five or
/// fewer whole, a longer one four and a dot: `Tower Tollh.`), and those `apart` asks for.
fn readable(len: usize, apart: usize) -> usize {
    if len <= 5 { len } else { apart.max(4).min(len) }
}

/// A name in at most `room` columns, as readable as that allows: the longest word cut first,
/// each to what it keeps while it reads ([`readable`]), then to its initial (but for the
/// letters that keep it apart), then the spaces after cut words dropped, and at last the
/// letters that kept it apart. Also how far it was cut: 0 whole, 1 still reading, 2 past that.
fn fit_name(name: &[String], apart: &[usize], room: usize) -> (String, u8) {
    let lens: Vec<usize> = name.iter().map(|w| w.chars().count()).collect();
    let mut kept = lens.clone();
    let floors: [Vec<usize>; 3] = [
        lens.iter()
            .zip(apart)
            .map(|(&l, &a)| readable(l, a))
            .collect(),
        apart.iter().map(|&a| a.max(1)).collect(),
        vec![1; name.len()],
    ];
    let fits = |kept: &[usize], tight: bool| text::width(&name_form(name, kept, tight)) <= room;
    let level = |kept: &[usize], stage: usize| {
        if kept == lens.as_slice() {
            0
        } else if stage == 0 {
            1
        } else {
            2
        }
    };
    for (stage, floor) in floors.iter().enumerate() {
        let tight = stage == 2;
        loop {
            if fits(&kept, tight) {
                return (name_form(name, &kept, tight), level(&kept, stage));
            }
            // The next cut of each word: from whole to two letters fewer and a dot.
            let next = |i: usize| {
                if kept[i] >= lens[i] {
                    lens[i].checked_sub(2)
                } else {
                    kept[i].checked_sub(1)
                }
            };
            let longest = (0..name.len())
                .filter(|&i| next(i).is_some_and(|n| n >= floor[i] && n >= 1))
                .max_by_key(|&i| (kept[i], i));
            let Some(i) = longest else { break };
            kept[i] = next(i).unwrap_or(1);
        }
        // Before the apart letters give way, the spaces after cut words.
        if stage == 1 && fits(&kept, true) {
            return (name_form(name, &kept, true), 2);
        }
    }
    (clean(&name_form(name, &kept, true), room), 2)
}

/// A figure said shorter: a terrain cut to four letters and a dot (`2/gras.`), a crown as `cr`.
fn short_figure(f: &str) -> String {
    if f == "crown" {
        return "cr".into();
    }
    match f.split_once('/') {
        Some((n, t)) if t.chars().count() > 5 && t.chars().all(char::is_alphabetic) => {
            format!("{n}/{}.", t.chars().take(4).collect::<String>())
        }
        _ => f.to_string(),
    }
}

/// The figures of a tile as they may be said, the fullest first: all of them, with terrains
/// short, then the last ones left off (`+1kn +1tw…`), then none.
fn figure_forms(figures: &[String]) -> Vec<String> {
    if figures.is_empty() {
        return vec![String::new()];
    }
    let short: Vec<String> = figures.iter().map(|f| short_figure(f)).collect();
    let mut out = vec![figures.join(" ")];
    if short != figures {
        out.push(short.join(" "));
    }
    for n in (1..short.len()).rev() {
        out.push(format!("{}…", short[..n].join(" ")));
    }
    out.push(String::new());
    out
}

/// The tiles' rows in `room` columns, their names as readable as the room allows and never
/// two alike (a playtest read `To. To.` for both the Tower Tollhouse and the Tower Tollgate):
/// where a row is too long, the aligning spaces after the prices go first (on every row), then
/// the figures give way (terrains said short, then the last ones left off) before a name is
/// cut past what still reads (`Tower Tollh.`); past that the name is cut, keeping the letters
/// that tell it from the others' (`T.Tollh.`).
fn fit_tiles(tiles: &[Tile], room: usize) -> Vec<String> {
    let whole = |t: &Tile| {
        let mut row = format!("{}{}{}", t.head, " ".repeat(t.gap), t.name.join(" "));
        if !t.figures.is_empty() {
            row.push(' ');
            row.push_str(&t.figures.join(" "));
        }
        row
    };
    if tiles.iter().all(|t| text::width(&whole(t)) <= room) {
        return tiles.iter().map(whole).collect();
    }
    let head_w = tiles
        .iter()
        .map(|t| text::width(&t.head))
        .max()
        .unwrap_or(0);
    let names: Vec<&[String]> = tiles.iter().map(|t| t.name.as_slice()).collect();
    tiles
        .iter()
        .map(|t| {
            let head = format!("{} ", text::pad(&t.head, head_w));
            let left = room.saturating_sub(text::width(&head));
            let keep = apart(&t.name, &names);
            let forms = figure_forms(&t.figures);
            let with = |figures: &str| {
                let w = text::width(figures);
                left.saturating_sub(if w == 0 { 0 } else { w + 1 })
            };
            // The name whole with what figures fit, else cut as far as it reads; then the
            // name alone; past that cut further.
            let named: Vec<(&str, (String, u8))> = forms
                .iter()
                .filter(|f| !f.is_empty())
                .map(|f| (f.as_str(), fit_name(&t.name, &keep, with(f))))
                .collect();
            let chosen = (0..2)
                .find_map(|level| named.iter().find(|(_, (_, l))| *l <= level).cloned())
                .or_else(|| {
                    let alone = fit_name(&t.name, &keep, left);
                    (alone.1 <= 1).then_some(("", alone))
                });
            let (figures, name) = match chosen {
                Some((f, (name, _))) => (f, name),
                None => ("", fit_name(&t.name, &keep, left).0),
            };
            let row = if figures.is_empty() {
                format!("{head}{name}")
            } else {
                format!("{head}{name} {figures}")
            };
            clean(&row, room)
        })
        .collect()
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

    /// The shipped Queendomino buildings' rows as the Board says them (` 4¢  Tower Tollhouse
    /// +1kn +1tw tax+tw 2pt`), at prices 0 to 5 over and over.
    fn queendomino_rows() -> Vec<String> {
        use crownlands_core::modules::describe::building_text;
        let ruleset =
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "queendomino")
                .expect("queendomino loads");
        ruleset
            .buildings()
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let t = building_text(&ruleset, b);
                format!("{:>2}¢  {} {} {}", i % 6, t.name, t.now, t.end)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .replacen("¢ ", "¢  ", 1)
            })
            .map(|r| format!(" {r}"))
            .collect()
    }

    /// The names the fitted rows say (between the price and the first figure).
    fn names_of(rows: &[String]) -> Vec<String> {
        rows.iter()
            .map(|r| super::tile(r).map_or_else(String::new, |t| t.name.join(" ")))
            .collect()
    }

    #[test]
    fn the_boards_names_stay_apart_at_every_width() {
        use super::{Tile, fit_tiles, tile};
        // A playtest read `To. To.` for both the Tower Tollhouse and the Tower Tollgate at
        // 100x30, `Kn. T.` for both Knight tolls at 66x20: each row had been cut on its own.
        let rows = queendomino_rows();
        let tiles: Vec<Tile> = rows
            .iter()
            .map(|r| tile(r).expect("a tile's row"))
            .collect();
        let full: Vec<String> = tiles.iter().map(|t| t.name.join(" ")).collect();
        let check = |set: &[Tile], room: usize| {
            let fitted = fit_tiles(set, room);
            let names = names_of(&fitted);
            for (i, row) in fitted.iter().enumerate() {
                assert!(text::width(row) <= room, "{row:?} wider than {room}");
                assert!(!names[i].is_empty(), "{row:?} lost its name in {room}");
                for j in 0..i {
                    let (a, b) = (set[i].name.join(" "), set[j].name.join(" "));
                    assert!(
                        a == b || names[i] != names[j],
                        "{a} and {b} both read {:?} in {room}:\n{}",
                        names[i],
                        fitted.join("\n")
                    );
                }
            }
        };
        use super::super::text;
        // The narrowest the Board gets is 19 columns (66x20, under the kingdom, no frame).
        for room in 16..=60 {
            // All of them on one board, any two, and any six in a row.
            check(&tiles, room);
            for i in 0..tiles.len() {
                for j in 0..i {
                    check(&[tiles[i].clone(), tiles[j].clone()], room);
                }
                let six: Vec<Tile> = tiles.iter().cycle().skip(i).take(6).cloned().collect();
                check(&six, room);
            }
        }
        assert_eq!(full.len(), 32);
    }

    #[test]
    fn unnamed_tiles_keep_their_numbers_apart() {
        use super::super::text;
        use super::{fit_tiles, tile};
        // A house rule's tiles without a name read `building N`: the number is the name's.
        let rows = [
            " 0¢  building 13 +1kn 3pt",
            " 1¢  building 14 +1tw 2/wheat",
            " 2¢  building 7 1cr",
        ];
        let tiles: Vec<_> = rows.iter().map(|r| tile(r).unwrap()).collect();
        assert_eq!(tiles[0].name, ["building", "13"]);
        for room in 10..=40 {
            let fitted = fit_tiles(&tiles, room);
            let names = names_of(&fitted);
            for (i, row) in fitted.iter().enumerate() {
                assert!(text::width(row) <= room, "{row:?} wider than {room}");
                for j in 0..i {
                    assert_ne!(names[i], names[j], "in {room}:\n{}", fitted.join("\n"));
                }
            }
        }
    }

    #[test]
    fn the_boards_names_take_the_room_before_the_figures() {
        use super::{fit_tiles, tile};
        let rows = [
            " 2¢  Knight Tollhouse +1kn tax+kn 3pt",
            " 4¢  Tower Tollhouse +1kn +1tw tax+tw 2pt",
            " 5¢  Tower Tollgate +1tw tax+tw 2pt",
            " 1¢  Grassland Tower +1tw 2/grassland",
        ];
        let tiles: Vec<_> = rows.iter().map(|r| tile(r).unwrap()).collect();
        // Room for all: as they are.
        assert_eq!(fit_tiles(&tiles, 45), rows);
        // 33 columns (the Board at 100x30): the names read, the last figures give way.
        assert_eq!(
            fit_tiles(&tiles, 33),
            [
                " 2¢ Knight Tollhouse +1kn tax+kn…",
                " 4¢ Tower Tollhouse +1kn +1tw…",
                " 5¢ Tower Tollgate +1tw tax+tw…",
                " 1¢ Grassland Tower +1tw 2/gras.",
            ]
        );
        // 27 (66x20): the names whole still, a figure beside each.
        assert_eq!(
            fit_tiles(&tiles, 27),
            [
                " 2¢ Knight Tollhouse +1kn…",
                " 4¢ Tower Tollhouse +1kn…",
                " 5¢ Tower Tollgate +1tw…",
                " 1¢ Grassland Tower +1tw…",
            ]
        );
        // 19: the names alone, whole where they fit, else cut where they still read.
        assert_eq!(
            fit_tiles(&tiles, 19),
            [
                " 2¢ Knight Tollhou.",
                " 4¢ Tower Tollhouse",
                " 5¢ Tower Tollgate",
                " 1¢ Grassland Tower",
            ]
        );
        // 14: the names cut past that, but to what tells them apart.
        assert_eq!(
            fit_tiles(&tiles, 14),
            [
                " 2¢ Knig. Tol.",
                " 4¢ To. Tollh.",
                " 5¢ To. Tollg.",
                " 1¢ Gras. Tow."
            ]
        );
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

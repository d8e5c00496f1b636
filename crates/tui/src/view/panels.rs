//! The modules' public state ([`Game::panels`]: the Builders' Board, the Queen, the Dragon), in
//! one box titled by the first panel, whatever the modules: each later panel's rows follow under
//! its title. The row a chosen step choice concerns ([`ChoiceView::row`]) is highlighted.
//!
//! [`ChoiceView::row`]: crownlands_core::modules::describe::ChoiceView::row

use super::panel;
use super::text;
use crate::app::App;
use crate::palette::Accent;
use crownlands_core::Game;
use crownlands_core::modules::describe::{Panel, PanelItem, PanelRow, name_sides};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The rows the panels take in the box (without its frame): every row of every panel.
pub fn rows_needed(panels: &[Panel]) -> u16 {
    let n: usize = panels
        .iter()
        .enumerate()
        .map(|(i, p)| p.rows.len().max(1) + usize::from(titled_apart(i, p)))
        .sum();
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// Whether panel `i` of the box has its title on a row of its own: a later panel whose first
/// row is an item (its price, name and figures need the room the title would take).
fn titled_apart(i: usize, panel: &Panel) -> bool {
    i > 0 && matches!(panel.rows.first(), Some(PanelRow::Item(_)))
}

/// `text` as it may be drawn: control characters (from a ruleset's names, say) shown as `?`,
/// cut to `room` columns (a wide character takes two).
pub fn clean(text: &str, room: usize) -> String {
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    super::text::take_width(&shown, room)
}

/// `text` (a panel's row of words) made to fit `room` columns, losing letters of words before
/// figures: while it is too long, the longest word of letters only (`supply`, `centre`) is cut
/// to a shorter prefix and a dot (`sup.`, at least two letters), so what it says in figures
/// (`3kn`, `-1¢`) stays; what still does not fit is cut at the end. Control characters show
/// as `?`.
pub fn squeeze(text: &str, room: usize) -> String {
    clean(&squeeze_words(text, room), room)
}

/// [`squeeze`]'s words cut short, without its cut at the end: what is longer than `room` says
/// that its words could not be cut to fit (for a caller that marks its own cut).
pub fn squeeze_words(text: &str, room: usize) -> String {
    let mut words: Vec<String> = clean(text, usize::MAX)
        .split(' ')
        .map(str::to_string)
        .collect();
    let len = |w: &[String]| w.iter().map(|x| text::width(x)).sum::<usize>() + w.len() - 1;
    // A word's letters, without the punctuation after them (`pastures:` is a word to cut).
    let letters = |w: &str| -> usize {
        let core = w.trim_end_matches([':', ',', ';']);
        if core.chars().all(char::is_alphabetic) {
            core.chars().count()
        } else {
            0
        }
    };
    while len(&words) > room {
        let longest = words
            .iter()
            .enumerate()
            .filter(|(_, w)| letters(w) > 3)
            .max_by_key(|(i, w)| (letters(w), *i))
            .map(|(i, _)| i);
        let Some(i) = longest else { break };
        let over = len(&words) - room;
        let core = letters(&words[i]);
        let tail: String = words[i].chars().skip(core).collect();
        let keep = core.saturating_sub(over + 1).max(2);
        words[i] = words[i]
            .chars()
            .take(keep)
            .chain(['.'])
            .chain(tail.chars())
            .collect();
    }
    clean(&words.join(" "), usize::MAX)
}

/// The panels' lines in `room` columns: the first panel's rows as they are, each later
/// panel's first row after its title (`Queen: in the centre`) and its other rows indented;
/// every row one column in (a played row crossed there: `×`), a panel's items fitted together
/// ([`fit_items`]; an item its row cuts on two rows while `spare` rows are left:
/// [`laid_items`]), its rows of words each squeezed ([`squeeze`]); `chosen` (a panel's title and
/// a row's index) highlighted with `focus`.
pub fn lines(
    panels: &[Panel],
    room: usize,
    chosen: Option<&(String, usize)>,
    played: Option<&(String, usize)>,
    focus: Style,
    spare: usize,
) -> Vec<Line<'static>> {
    let inner = room.saturating_sub(1);
    let mut spare = spare;
    let mut out = Vec::new();
    for (i, p) in panels.iter().enumerate() {
        let items: Vec<PanelItem> = p
            .rows
            .iter()
            .filter_map(|row| match row {
                PanelRow::Item(item) => Some(item.clone()),
                PanelRow::Text(_) => None,
            })
            .collect();
        let blank = [PanelRow::text("")];
        let rows = if p.rows.is_empty() {
            &blank[..]
        } else {
            &p.rows
        };
        // What leads each row: nothing on the first panel; on a later one its title on the
        // first row (`Queen: `), an indent on the others; a later panel of items has its title
        // on a row of its own, and every row indented.
        let apart = titled_apart(i, p);
        if apart {
            let title = clean(&format!(" {}:", p.title), room);
            out.push(Line::from(Span::raw(title)));
        }
        let lead = |r: usize| match (i, r) {
            (0, _) => String::new(),
            (_, 0) if !apart => format!("{}: ", p.title),
            _ => " ".to_string(),
        };
        // The items fitted together, each in the room its row leaves.
        let rooms: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, row)| matches!(row, PanelRow::Item(_)))
            .map(|(r, _)| inner.saturating_sub(text::width(&lead(r))))
            .collect();
        let mut fitted = laid_items(&items, &rooms, &mut spare).into_iter();
        for (r, row) in rows.iter().enumerate() {
            let lead = lead(r);
            let left = inner.saturating_sub(text::width(&lead));
            let body = match row {
                PanelRow::Text(words) => vec![squeeze(words, left)],
                PanelRow::Item(_) => fitted.next().unwrap_or_default(),
            };
            let is =
                |c: Option<&(String, usize)>| c.is_some_and(|(t, at)| *t == p.title && *at == r);
            let mark = if is(played) { '×' } else { ' ' };
            let style = if is(chosen) { focus } else { Style::default() };
            // (An item's second row under its first, past the lead.)
            let under = " ".repeat(text::width(&lead) + 1);
            for (k, part) in body.iter().enumerate() {
                let text = if k == 0 {
                    clean(&format!("{mark}{lead}{part}"), room)
                } else {
                    clean(&format!("{under}{part}"), room)
                };
                out.push(Line::from(Span::styled(text, style)));
            }
        }
    }
    out
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

/// A figure said shorter: a terrain cut to four letters and a dot (`2/gras.`), a crown as `cr`
/// (`1/forest crown` as `1/fore. cr`).
fn short_figure(f: &str) -> String {
    f.split(' ')
        .map(|w| {
            if w == "crown" {
                return "cr".to_string();
            }
            match w.split_once('/') {
                Some((n, t)) if t.chars().count() > 5 && t.chars().all(char::is_alphabetic) => {
                    format!("{n}/{}.", t.chars().take(4).collect::<String>())
                }
                _ => w.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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

/// Each item's name as its words (control characters shown as `?`).
fn item_names(items: &[PanelItem]) -> Vec<Vec<String>> {
    items
        .iter()
        .map(|t| {
            t.name
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(|w| clean(w, usize::MAX))
                .collect()
        })
        .collect()
}

/// The head of item `t`'s row among `items`: its price, right-aligned to the widest, and a
/// column for its mark (`4¢*`, `4¢ `), always with `mark_column`, else only where it is marked.
fn price_head(items: &[PanelItem], t: &PanelItem, mark_column: bool) -> String {
    let price_w = items
        .iter()
        .map(|t| text::width(&t.price))
        .max()
        .unwrap_or(0);
    let price = clean(&t.price, usize::MAX);
    let mut head = " ".repeat(price_w.saturating_sub(text::width(&price)));
    head.push_str(&price);
    match t.mark {
        Some(c) => head.push(if c.is_control() { '?' } else { c }),
        None if mark_column => head.push(' '),
        None => {}
    }
    if !head.is_empty() {
        head.push(' ');
    }
    head
}

/// A panel's items as [`fit_items`] fits them, but an item its row cuts laid on two rows where
/// that shows it whole, while `spare` rows are left (one taken for each, those whose row cuts
/// the most first): its price, its name whole and the figures that fit, then, under the name,
/// the rest of its figures (terrains said short where whole they do not fit). A playtest at
/// 120x40 read `2¢* Knight Tollhouse +1kn tax+kn…` over empty rows.
fn laid_items(items: &[PanelItem], rooms: &[usize], spare: &mut usize) -> Vec<Vec<String>> {
    let names = item_names(items);
    let marked = items.iter().any(|t| t.mark.is_some());
    let fitted = fit_items(items, rooms);
    // Each item its row cuts that two rows show whole: how many columns the row cuts, the rows.
    let mut two: Vec<(usize, usize, [String; 2])> = items
        .iter()
        .zip(&names)
        .zip(&fitted)
        .enumerate()
        .filter_map(|(i, ((t, name), row))| {
            let room = rooms.get(i).copied().unwrap_or(0);
            let head = price_head(items, t, marked);
            let figures: Vec<String> = t.figures.iter().map(|f| clean(f, usize::MAX)).collect();
            let whole = std::iter::once(name.join(" "))
                .chain(figures.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ");
            let cut = text::width(&format!("{head}{whole}")).saturating_sub(text::width(row));
            let rows = two_rows(&head, name, &figures, room)?;
            (cut > 0).then_some((i, cut, rows))
        })
        .collect();
    two.sort_by_key(|&(i, cut, _)| (std::cmp::Reverse(cut), i));
    two.truncate(*spare);
    *spare -= two.len();
    fitted
        .into_iter()
        .enumerate()
        .map(|(i, row)| match two.iter().find(|(at, _, _)| *at == i) {
            Some((_, _, rows)) => rows.to_vec(),
            None => vec![row],
        })
        .collect()
}

/// An item on two rows of `room` columns ([`laid_items`]): `None` where they do not show its
/// name and every figure either.
fn two_rows(head: &str, name: &[String], figures: &[String], room: usize) -> Option<[String; 2]> {
    let mut first = format!("{head}{}", name.join(" "));
    if figures.is_empty() || text::width(&first) > room {
        return None;
    }
    // The figures that fit after the name, at least one left for the second row.
    let mut on_first = 0;
    while on_first + 1 < figures.len() {
        let longer = format!("{first} {}", figures[on_first]);
        if text::width(&longer) > room {
            break;
        }
        first = longer;
        on_first += 1;
    }
    let rest = &figures[on_first..];
    let indent = " ".repeat(text::width(head));
    let short: Vec<String> = rest.iter().map(|f| short_figure(f)).collect();
    let second = [rest.join(" "), short.join(" ")]
        .into_iter()
        .map(|f| format!("{indent}{f}"))
        .find(|row| text::width(row) <= room)?;
    Some([first, second])
}

/// A panel's items, each in its row's room (`rooms`, one an item), their prices lined up and their names as readable
/// as the room allows and never two alike (a playtest read `To. To.` for both the Tower
/// Tollhouse and the Tower Tollgate): where a row is too long, the aligning column for a mark
/// after the prices goes first (on every row, when no price is marked), then the figures give
/// way (terrains said short, then the last ones left off) before a name is cut past what still
/// reads (`Tower Tollh.`); past that the name is cut, keeping the letters that tell it from the
/// others' (`T.Tollh.`).
fn fit_items(items: &[PanelItem], rooms: &[usize]) -> Vec<String> {
    let room_of = |i: usize| rooms.get(i).copied().unwrap_or(0);
    let names = item_names(items);
    let head = |t: &PanelItem, mark_column: bool| price_head(items, t, mark_column);
    let whole = |(t, name): (&PanelItem, &Vec<String>)| {
        let mut row = head(t, true) + &name.join(" ");
        for figure in &t.figures {
            row.push(' ');
            row.push_str(&clean(figure, usize::MAX));
        }
        row
    };
    let rows: Vec<String> = items.iter().zip(&names).map(whole).collect();
    if rows
        .iter()
        .enumerate()
        .all(|(i, r)| text::width(r) <= room_of(i))
    {
        return rows;
    }
    let marked = items.iter().any(|t| t.mark.is_some());
    let all: Vec<&[String]> = names.iter().map(Vec::as_slice).collect();
    items
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (t, name))| {
            let room = room_of(i);
            let head = head(t, marked);
            let left = room.saturating_sub(text::width(&head));
            let keep = apart(name, &all);
            let figures: Vec<String> = t.figures.iter().map(|f| clean(f, usize::MAX)).collect();
            let forms = figure_forms(&figures);
            let with = |figures: &str| {
                let w = text::width(figures);
                left.saturating_sub(if w == 0 { 0 } else { w + 1 })
            };
            // The name whole with what figures fit, else cut as far as it reads; then the
            // name alone; past that cut further.
            let named: Vec<(&str, (String, u8))> = forms
                .iter()
                .filter(|f| !f.is_empty())
                .map(|f| (f.as_str(), fit_name(name, &keep, with(f))))
                .collect();
            let chosen = (0..2)
                .find_map(|level| named.iter().find(|(_, (_, l))| *l <= level).cloned())
                .or_else(|| {
                    let alone = fit_name(name, &keep, left);
                    (alone.1 <= 1).then_some(("", alone))
                });
            let (figures, name) = match chosen {
                Some((f, (name, _))) => (f, name),
                None => ("", fit_name(name, &keep, left).0),
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

/// The modules' panels with each side a module names (`side 2`) shown by its players' names,
/// for a box of `room` columns: a text row's names share what the rest of the row leaves them
/// (`Queen: greedy 5 & greedy 6, builds -1¢`; `Queen: g5&g6, builds -1¢` in a narrow box), so
/// that the row's own words stay whole, and an item's name half the box; a team's members are
/// each cut (`長い… & gre 4`, `g5&g6`) rather than the row at its end.
pub fn named(app: &App, game: &Game, room: usize) -> Vec<Panel> {
    /// The fewest columns a side's name is cut to for its row's sake (`g5&g6`, `Ann`).
    const TIGHTEST_NAME: usize = 5;
    let sides = game.sides();
    let half = room / 2;
    // As `lines` lays the rows out: a column for the mark, then the row's lead.
    let inner = room.saturating_sub(1);
    game.panels()
        .into_iter()
        .enumerate()
        .map(|(i, panel)| {
            let apart = titled_apart(i, &panel);
            let title = panel.title.clone();
            Panel {
                rows: panel
                    .rows
                    .into_iter()
                    .enumerate()
                    .map(|(r, row)| {
                        let lead = match (i, r) {
                            (0, _) => 0,
                            (_, 0) if !apart => text::width(&format!("{title}: ")),
                            _ => 1,
                        };
                        let left = inner.saturating_sub(lead);
                        let name = |t: &str, each: usize| {
                            name_sides(t, sides, |s| super::short_side_name(app, game, s, each))
                        };
                        match row {
                            PanelRow::Text(words) => {
                                // The row's own words, and how many names share the rest.
                                let refs = std::cell::Cell::new(0usize);
                                let rest = text::width(&name_sides(&words, sides, |_| {
                                    refs.set(refs.get() + 1);
                                    String::new()
                                }));
                                // A team named `g5&g6` at the least; where even that
                                // does not fit, half the box and the row cut at its end.
                                let each = match refs.get() {
                                    0 => half,
                                    n => Some(left.saturating_sub(rest) / n)
                                        .filter(|&w| w >= TIGHTEST_NAME)
                                        .unwrap_or(half),
                                };
                                PanelRow::Text(name(&words, each))
                            }
                            PanelRow::Item(item) => PanelRow::Item(PanelItem {
                                name: name(&item.name, half),
                                ..item
                            }),
                        }
                    })
                    .collect(),
                ..panel
            }
        })
        .collect()
}

/// The columns inside the modules' box `width` wide (compact, one column stays free before
/// what is beside the box), and the rows inside it `height` high.
fn inside(width: u16, height: u16, compact: bool) -> (usize, usize) {
    let frame = if compact { 1 } else { 2 };
    (
        usize::from(width.saturating_sub(frame)),
        usize::from(height.saturating_sub(frame)),
    )
}

/// The rows the modules' box `width` wide takes to show every row whole where more rows make
/// that possible (an item its row cuts on two rows: [`laid_items`]), its frame included.
pub fn rows_laid(app: &App, game: &Game, width: u16, compact: bool) -> u16 {
    let (room, _) = inside(width, 0, compact);
    let rows = lines(
        &named(app, game, room),
        room,
        None,
        None,
        Style::default(),
        usize::MAX,
    )
    .len();
    let frame = if compact { 1 } else { 2 };
    u16::try_from(rows)
        .unwrap_or(u16::MAX)
        .saturating_add(frame)
}

/// Whether the modules' box in `area` cuts a row (a word of an item or of a row of words said
/// short or left off, or a row left out): where another place shows them whole, the layout
/// prefers that one.
pub fn cuts(app: &App, game: &Game, area: Rect, compact: bool) -> bool {
    let (room, inner) = inside(area.width, area.height, compact);
    let panels = named(app, game, room);
    let spare = inner.saturating_sub(usize::from(rows_needed(&panels)));
    let laid = lines(&panels, room, None, None, Style::default(), spare);
    let whole = lines(&panels, usize::MAX, None, None, Style::default(), 0);
    let words = |lines: &[Line]| {
        lines
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    laid.len() > inner || words(&laid) != words(&whole)
}

pub fn render(app: &App, game: &Game, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    let (room, inner) = inside(area.width, area.height, compact);
    let panels = named(app, game, room);
    let Some(first) = panels.first() else {
        return;
    };
    // The rows the box has past one a row: for items its rows cut, laid on two.
    let spare = inner.saturating_sub(usize::from(rows_needed(&panels)));
    let chosen = super::choices::chosen_row(app, game);
    let played = super::choices::played_row(app, game);
    let title = format!(" {} ", clean(&first.title, room.saturating_sub(2)));
    let lines_of = |panels: &[Panel]| {
        lines(
            panels,
            room,
            chosen.as_ref(),
            played.as_ref(),
            p.accent(Accent::Focus),
            spare,
        )
    };
    let mut rows = lines_of(&panels);
    let mut title = title;
    // A box given fewer rows than it has (the screen could not spare them) says so on its last
    // row (the help shows every row); the panel of a step's highlighted row (a Build step's
    // Board) comes first then, so that row stays in view.
    if rows.len() > inner && inner > 0 {
        let marked = chosen.as_ref().or(played.as_ref()).map(|(t, _)| t.clone());
        if let Some(at) = marked.and_then(|t| panels.iter().position(|p| p.title == t))
            && at > 0
        {
            let mut moved = panels.clone();
            let panel = moved.remove(at);
            title = format!(" {} ", clean(&panel.title, room.saturating_sub(2)));
            moved.insert(0, panel);
            rows = lines_of(&moved);
        }
        let more = rows.len() - (inner - 1);
        rows.truncate(inner - 1);
        let long = format!(" … {more} more: ? shows all");
        let said = if text::width(&long) <= room {
            long
        } else {
            format!(" … {more} more (?)")
        };
        rows.push(Line::from(Span::styled(
            clean(&said, room),
            p.accent(Accent::Dim),
        )));
    }
    Paragraph::new(rows)
        .block(panel(title, app, compact))
        .render(area, buf);
}

/// The rows the modules' box asks where it cannot have all of them: its largest panel of things
/// on offer whole (the Builders' Board, whose rows a step's choices name: put first when it
/// holds a step's highlighted row), at least a row, and one saying how many more there are. A
/// panel of words alone (a list of goals, of majorities) may be cut: sixteen majorities do not
/// make a screen of 80x24 too small.
pub fn rows_short(panels: &[Panel]) -> u16 {
    let largest = panels
        .iter()
        .filter(|p| p.rows.iter().any(|r| matches!(r, PanelRow::Item(_))))
        .map(|p| p.rows.len().max(1))
        .max()
        .unwrap_or(1);
    u16::try_from(largest + 1)
        .unwrap_or(u16::MAX)
        .min(rows_needed(panels))
}

#[cfg(test)]
mod tests {
    use super::super::text;
    use super::{fit_items, squeeze};

    /// `items` fitted each in `room` columns.
    fn fit(items: &[PanelItem], room: usize) -> Vec<String> {
        fit_items(items, &vec![room; items.len()])
    }
    use crownlands_core::modules::describe::{Panel, PanelItem, PanelRow};

    /// `4¢*`, `Tower Tollhouse`, `+1kn +1tw` as an item.
    fn item(price: &str, name: &str, figures: &str) -> PanelItem {
        let (price, mark) = match price.strip_suffix('*') {
            Some(p) => (p, Some('*')),
            None => (price, None),
        };
        PanelItem {
            price: price.to_string(),
            mark,
            name: name.to_string(),
            figures: figures.split_whitespace().map(str::to_string).collect(),
        }
    }

    #[test]
    fn a_played_row_is_crossed_and_the_chosen_one_styled() {
        use ratatui::style::{Modifier, Style};
        let board = Panel {
            title: "Builders' Board".into(),
            rows: vec![
                PanelRow::Item(item("0¢", "Sawmill", "")),
                PanelRow::Item(item("1¢", "Chapel", "")),
                PanelRow::Item(item("2¢*", "Camp", "+1kn")),
                PanelRow::Item(item("", "(empty)", "")),
                PanelRow::text("supply 3kn 2tw"),
            ],
        };
        let queen = Panel {
            title: "Queen".into(),
            rows: vec![PanelRow::text("no host yet")],
        };
        let focus = Style::default().add_modifier(Modifier::REVERSED);
        let at = |r: usize| ("Builders' Board".to_string(), r);
        let lines = super::lines(&[board, queen], 40, Some(&at(2)), Some(&at(1)), focus, 0);
        let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                " 0¢  Sawmill",
                "×1¢  Chapel",
                " 2¢* Camp +1kn",
                "     (empty)",
                " supply 3kn 2tw",
                " Queen: no host yet",
            ]
        );
        assert_eq!(lines[2].spans[0].style, focus);
        assert_eq!(lines[1].spans[0].style, Style::default());
    }

    /// The shipped Queendomino buildings as the Board offers them, at prices 0 to 5 over and
    /// over.
    fn queendomino_items() -> Vec<PanelItem> {
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
                PanelItem {
                    price: format!("{}¢", i % 6),
                    mark: None,
                    figures: t.figures(),
                    name: t.name,
                }
            })
            .collect()
    }

    /// The names the fitted rows say (between the price and the first figure).
    fn names_of(rows: &[String]) -> Vec<String> {
        rows.iter()
            .map(|r| {
                r.split(' ')
                    .skip_while(|w| w.is_empty() || w.contains('¢'))
                    .take_while(|w| {
                        !w.is_empty()
                            && !w.starts_with('+')
                            && !w.contains('/')
                            && !w.ends_with("pt")
                            && !w.starts_with("tax")
                            && !w.ends_with('…')
                            && !(w.ends_with("cr") && w.starts_with(|c: char| c.is_ascii_digit()))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn the_boards_names_stay_apart_at_every_width() {
        // A playtest read `To. To.` for both the Tower Tollhouse and the Tower Tollgate at
        // 100x30, `Kn. T.` for both Knight tolls at 66x20: each row had been cut on its own.
        let items = queendomino_items();
        let check = |set: &[PanelItem], room: usize| {
            let fitted = fit(set, room);
            let names = names_of(&fitted);
            for (i, row) in fitted.iter().enumerate() {
                assert!(text::width(row) <= room, "{row:?} wider than {room}");
                assert!(!names[i].is_empty(), "{row:?} lost its name in {room}");
                for j in 0..i {
                    let (a, b) = (&set[i].name, &set[j].name);
                    assert!(
                        a == b || names[i] != names[j],
                        "{a} and {b} both read {:?} in {room}:\n{}",
                        names[i],
                        fitted.join("\n")
                    );
                }
            }
        };
        // The narrowest the Board gets is 18 columns inside its first (66x20, under the
        // kingdom, no frame).
        for room in 15..=59 {
            // All of them on one board, any two, and any six in a row.
            check(&items, room);
            for i in 0..items.len() {
                for j in 0..i {
                    check(&[items[i].clone(), items[j].clone()], room);
                }
                let six: Vec<PanelItem> = items.iter().cycle().skip(i).take(6).cloned().collect();
                check(&six, room);
            }
        }
        assert_eq!(items.len(), 32);
    }

    #[test]
    fn unnamed_tiles_keep_their_numbers_apart() {
        // A house rule's tiles without a name read `building N`: the number is the name's.
        let items = [
            item("0¢", "building 13", "+1kn 3pt"),
            item("1¢", "building 14", "+1tw 2/wheat"),
            item("2¢", "building 7", "1cr"),
        ];
        for room in 9..=39 {
            let fitted = fit(&items, room);
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
        let items = [
            item("2¢", "Knight Tollhouse", "+1kn tax+kn 3pt"),
            item("4¢", "Tower Tollhouse", "+1kn +1tw tax+tw 2pt"),
            item("5¢", "Tower Tollgate", "+1tw tax+tw 2pt"),
            item("1¢", "Grassland Tower", "+1tw 2/grassland"),
        ];
        // Room for all: as they are.
        assert_eq!(
            fit(&items, 44),
            [
                "2¢  Knight Tollhouse +1kn tax+kn 3pt",
                "4¢  Tower Tollhouse +1kn +1tw tax+tw 2pt",
                "5¢  Tower Tollgate +1tw tax+tw 2pt",
                "1¢  Grassland Tower +1tw 2/grassland",
            ]
        );
        // 32 columns (the Board at 100x30): the names read, the last figures give way.
        assert_eq!(
            fit(&items, 32),
            [
                "2¢ Knight Tollhouse +1kn tax+kn…",
                "4¢ Tower Tollhouse +1kn +1tw…",
                "5¢ Tower Tollgate +1tw tax+tw…",
                "1¢ Grassland Tower +1tw 2/gras.",
            ]
        );
        // 26 (66x20): the names whole still, a figure beside each.
        assert_eq!(
            fit(&items, 26),
            [
                "2¢ Knight Tollhouse +1kn…",
                "4¢ Tower Tollhouse +1kn…",
                "5¢ Tower Tollgate +1tw…",
                "1¢ Grassland Tower +1tw…",
            ]
        );
        // 18: the names alone, whole where they fit, else cut where they still read.
        assert_eq!(
            fit(&items, 18),
            [
                "2¢ Knight Tollhou.",
                "4¢ Tower Tollhouse",
                "5¢ Tower Tollgate",
                "1¢ Grassland Tower",
            ]
        );
        // 13: the names cut past that, but to what tells them apart.
        assert_eq!(
            fit(&items, 13),
            [
                "2¢ Knig. Tol.",
                "4¢ To. Tollh.",
                "5¢ To. Tollg.",
                "1¢ Gras. Tow."
            ]
        );
        // A marked price keeps its column for every row; prices line up on the right.
        let marked = [
            item("12¢*", "Tower Tollhouse", "+1kn +1tw tax+tw 2pt"),
            item("5¢", "Tower Tollgate", "+1tw tax+tw 2pt"),
        ];
        assert_eq!(
            fit(&marked, 26),
            ["12¢* Tower Tollhouse +1kn…", " 5¢  Tower Tollgate +1tw…"]
        );
    }

    #[test]
    fn a_row_cut_goes_on_under_its_name_where_rows_are_spare() {
        let items = [
            item("0¢", "Lake Tower", "+1tw 2/lake"),
            item("1¢", "Knight Tollgate", "tax+kn 3pt"),
            item("2¢", "Tower Tollhouse", "+1kn +1tw tax+tw 2pt"),
        ];
        let laid = |room: usize, spare: usize| {
            let mut left = spare;
            let rows: Vec<Vec<String>> = super::laid_items(&items, &[room; 3], &mut left);
            (rows, spare - left)
        };
        // No spare row: as fitted, cut.
        let (rows, used) = laid(28, 0);
        assert_eq!(used, 0);
        assert_eq!(
            rows.concat(),
            [
                "0¢ Lake Tower +1tw 2/lake",
                "1¢ Knight Tollgate tax+kn…",
                "2¢ Tower Tollhouse +1kn…",
            ]
        );
        // One: the row cut the most goes on under its name, whole.
        let (rows, used) = laid(28, 1);
        assert_eq!(used, 1);
        assert_eq!(
            rows.concat(),
            [
                "0¢ Lake Tower +1tw 2/lake",
                "1¢ Knight Tollgate tax+kn…",
                "2¢ Tower Tollhouse +1kn +1tw",
                "   tax+tw 2pt",
            ]
        );
        // Rows enough: every item whole, the spare rows left over kept.
        let (rows, used) = laid(28, 5);
        assert_eq!(used, 2);
        assert_eq!(rows[1], ["1¢ Knight Tollgate tax+kn", "   3pt"]);
        // Too narrow for a name and its figures' row under it: as fitted.
        let (rows, used) = laid(12, 5);
        assert_eq!(used, 0, "{rows:?}");
    }

    #[test]
    fn a_later_panels_items_fit_beside_its_title() {
        // A list with the Queen before the buildings: the Board's first row follows its title,
        // and its items were fitted to the whole width and then cut at the end
        // (`Builders' Board: 0¢ Tower Ke`).
        use ratatui::style::Style;
        let queen = Panel {
            title: "Queen".into(),
            rows: vec![PanelRow::text("no host yet")],
        };
        let board = Panel {
            title: "Builders' Board".into(),
            rows: vec![
                PanelRow::Item(item("0¢", "Tower Keep", "+2tw 1/tower")),
                PanelRow::Item(item("5¢", "Tower Tollgate", "+1kn +1tw tax+tw 2pt")),
            ],
        };
        for room in [24, 30, 40] {
            let lines = super::lines(
                &[queen.clone(), board.clone()],
                room,
                None,
                None,
                Style::default(),
                0,
            );
            let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
            for row in &text {
                assert!(text::width(row) <= room, "{row:?} in {room}");
            }
            // The title on a row of its own, the items under it, fitted to the room left.
            assert_eq!(text[1], " Builders' Board:", "{text:?}");
            assert!(text[2].starts_with("  0¢ "), "{text:?}");
            assert!(text[2].contains(" Tower Keep"), "{text:?}");
            assert!(text[3].contains(" Tower Tollg"), "{text:?}");
            let needed = super::rows_needed(&[queen.clone(), board.clone()]);
            assert_eq!(usize::from(needed), text.len());
        }
    }

    #[test]
    fn a_figure_said_short_keeps_its_words() {
        assert_eq!(super::short_figure("1/forest crown"), "1/fore. cr");
        assert_eq!(super::short_figure("2/grassland"), "2/gras.");
        assert_eq!(super::short_figure("+1kn"), "+1kn");
    }

    #[test]
    fn squeezing_cuts_words_before_figures() {
        let row = "supply 3kn 2tw";
        assert_eq!(squeeze(row, 80), row, "fits: as it is");
        assert_eq!(squeeze(row, 13), "supp. 3kn 2tw");
        assert_eq!(squeeze(row, 11), "su. 3kn 2tw");
        // Still too long once the words are short: cut at the end.
        assert_eq!(squeeze(row, 8), "su. 3kn ");
        assert_eq!(squeeze("a\u{1b}[31m b", 20), "a?[31m b");
    }
}

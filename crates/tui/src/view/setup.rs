//! The setup screen: the rulesets on the left (shipped ones and files), the table on the right
//! (ruleset, a field to open a file, player count, seats, Start), the chosen ruleset's
//! description and any problem below it.

use super::block;
use super::buttons::Bar;
use super::text::{keep_end, wrap};
use crate::app::App;
use crate::app::seats::SeatKind;
use crate::app::setup::{Row, Setup, SetupClick};
use crate::keys::Key;
use crate::palette::Accent;
use crate::palette::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The widest the list of rulesets gets.
const LIST_MAX_W: u16 = 30;

/// Where the setup screen's parts go.
pub struct Layout {
    pub keys: Rect,
    /// The list's box, and the index of the first ruleset shown (the list scrolls to keep the
    /// chosen one in view).
    pub list: Rect,
    pub first: usize,
    /// The table's box.
    pub table: Rect,
}

/// The keys line at the top.
fn keys_bar(setup: &Setup, width: u16) -> Bar {
    // Typing in a field, every letter goes into it: the keys that work there.
    if setup.row == Row::File && setup.typing {
        return Bar::new()
            .glued("Enter open", Key::Enter)
            .key("Tab complete", Key::Tab)
            .key("Esc leave", Key::Esc)
            .text("  Ctrl-U clear");
    }
    if setup.naming {
        return Bar::new()
            .glued("Enter done", Key::Enter)
            .text("  Backspace erase  Ctrl-U clear");
    }
    // On the saved games' row Enter watches the game chosen, on the file's it opens the field
    // to type in; on the other rows it goes to Start (where a second Enter begins), and says so.
    let enter = match setup.row {
        Row::Recent => "Enter watch",
        Row::Start => "Enter start",
        Row::File => "Enter type a path",
        _ => "Enter to Start",
    };
    // An unfinished game chosen on the saved games' row: `r` resumes it.
    let resume = setup.row == Row::Recent
        && setup
            .recent
            .get(setup.recent_at)
            .is_some_and(|r| r.unfinished);
    let full = || {
        let bar = Bar::new()
            .text("↑↓ move  ←→ change  ")
            .glued(enter, Key::Enter);
        let bar = if resume {
            bar.key("r resume", Key::Char('r'))
        } else {
            bar
        };
        bar.key("o open a file", Key::Char('o'))
            .key("? help", Key::Char('?'))
            .key("q quit", Key::Char('q'))
    };
    let fits = |bar: &Bar| bar.line(ratatui::style::Style::default()).width() <= usize::from(width);
    // On a seat, its own keys too where they fit (the help says them anyway).
    if matches!(setup.row, Row::Seat(_)) {
        let seat = Bar::new()
            .text("↑↓ move  ←→ change  ")
            .glued("n name", Key::Char('n'))
            .text("  K J move seat")
            .key(enter, Key::Enter)
            .key("? help", Key::Char('?'))
            .key("q quit", Key::Char('q'));
        if fits(&seat) {
            return seat;
        }
    }
    let full = full();
    // Narrow, the same keys in fewer words (the help and quit keys lost their ends at 60).
    if fits(&full) {
        full
    } else {
        let bar = Bar::new().text("↑↓ ←→ ").glued(enter, Key::Enter);
        let bar = if resume {
            bar.key("r resume", Key::Char('r'))
        } else {
            bar
        };
        bar.key("o open", Key::Char('o'))
            .key("? help", Key::Char('?'))
            .key("q quit", Key::Char('q'))
    }
}

pub fn layout(setup: &Setup, area: Rect) -> Layout {
    let longest = setup
        .choices
        .iter()
        .map(|c| u16::try_from(super::text::width(&c.name)).unwrap_or(u16::MAX))
        .max()
        .unwrap_or(10);
    let list_w = (longest + 4).clamp(16, LIST_MAX_W).min(area.width / 2);
    let body_y = area.y + 2;
    let body_h = area.height.saturating_sub(2);
    let list = Rect::new(area.x, body_y, list_w, body_h);
    let visible = usize::from(body_h.saturating_sub(2)).max(1);
    let first = (setup.ruleset + 1).saturating_sub(visible);
    Layout {
        keys: Rect::new(area.x, area.y + 1, area.width, 1),
        list,
        first,
        table: Rect::new(area.x + list_w, body_y, area.width - list_w, body_h),
    }
}

/// What a seat's player is, for its row of the setup screen: a person, or a bot's level.
fn seat_words(kind: &SeatKind) -> String {
    use crownlands_bots::Level;
    match kind {
        SeatKind::Human => {
            "human: a person at the keys (two or more make a hot-seat table).".to_string()
        }
        SeatKind::Bot(Level::Random) => {
            "random: any legal move, drawn at random (to learn the rules against).".to_string()
        }
        SeatKind::Bot(Level::Greedy) => {
            "greedy: the move worth the most points now; quick, and a fair first opponent."
                .to_string()
        }
        SeatKind::Bot(level) if level.to_string() == "mcts" => "mcts: searches the game \
            ahead, up to a second a decision (a turn may be several: placing, claiming, \
            Queendomino's steps); the strongest (`--players` takes mcts:500ms or mcts:3s for \
            less or more time)."
            .to_string(),
        SeatKind::Bot(level) => format!("{level}: searches the game ahead, at its own budget."),
    }
}

/// A row of the table `width` columns wide: its label, and its value between `‹ ›` when
/// left/right change it (a recent game's fitted to the row, so that its `›` is where a click
/// finds it).
fn row_text(setup: &Setup, row: Row, width: usize) -> (String, Option<String>) {
    match row {
        Row::Ruleset => {
            let label = "Ruleset: ";
            let name = setup.choice().map_or("(none)".into(), |c| c.name.clone());
            // Cut inside its marks where the table is narrow (`‹ royal-wedding-t… ›`): the
            // ruleset's whole name is in the list beside it. (The mark, the label, `‹ `, ` ›`.)
            let room = width.saturating_sub(2 + super::text::width(label) + 4);
            let name = if super::text::width(&name) > room && room >= 4 {
                format!("{}…", super::text::take_width(&name, room - 1))
            } else {
                name
            };
            (label.into(), Some(name))
        }
        Row::File => ("Open a file: ".into(), None),
        Row::Players => ("Players: ".into(), Some(setup.players.to_string())),
        Row::Seat(i) => {
            let label = format!("Seat {}: ", i + 1);
            let (what, _) = seat_form(setup, i, &label, width);
            (label, Some(what))
        }
        Row::Start => ("[ Start ]".into(), None),
        Row::Recent => {
            let label = "Watch a recent game: ";
            // The mark (2 columns), the label, then `‹ ` and ` ›`.
            let room = width.saturating_sub(2 + super::text::width(label) + 4);
            let value = setup
                .recent
                .get(setup.recent_at)
                .map(|r| recent_text(setup, r, room));
            (label.into(), value)
        }
    }
}

/// What the chosen ruleset's modules give seat `i` (from 0) at the table's player count, if
/// anything (`+5 pts`: a handicap).
fn seat_note(setup: &Setup, i: usize) -> Option<String> {
    let choice = setup.choice()?;
    let (_, notes) = choice.notes.iter().find(|(n, _)| *n == setup.players)?;
    notes.get(i)?.clone()
}

/// A seat's player between its marks and its team after them (`‹ bot: greedy ›`, `  team 1`),
/// in `width` columns after the row's mark and `label`: where the row is narrow, a bot's level
/// without `bot: ` and one space before the team, so the team's number stays.
fn seat_form(setup: &Setup, i: usize, label: &str, width: usize) -> (String, String) {
    let what = match setup.seats.get(i) {
        Some(SeatKind::Human) => "human".to_string(),
        Some(SeatKind::Bot(level)) => format!("bot: {level}"),
        None => String::new(),
    };
    let short = what.strip_prefix("bot: ").unwrap_or(&what).to_string();
    let Some(team) = setup
        .choice()
        .and_then(|c| c.team_of(setup.players, i))
        .map(|t| t + 1)
    else {
        let fits = 2 + super::text::width(label) + super::text::width(&what) + 4 <= width;
        return (if fits { what } else { short }, String::new());
    };
    let forms = [
        (what, format!("  team {team}")),
        (short.clone(), format!("  team {team}")),
        (short, format!(" team {team}")),
    ];
    let fits = |(v, t): &(String, String)| {
        2 + super::text::width(label) + super::text::width(v) + 4 + super::text::width(t) <= width
    };
    let chosen = forms.iter().position(fits).unwrap_or(2);
    forms[chosen].clone()
}

/// A recent game in `room` columns: `1/3 queendomino · Anna, greedy 2 · 41–35 · 2026-11-23`,
/// the names cut (`Anna, gr…`) to keep the scores and the date, those left out when even that
/// does not fit.
fn recent_text(setup: &Setup, r: &crate::app::replay::Recent, room: usize) -> String {
    use super::text::{cut_marked, take_width, width};
    let head = format!("{}/{} {}", setup.recent_at + 1, setup.recent.len(), r.what);
    let part = |p: Option<&String>| p.map(|p| format!(" · {p}")).unwrap_or_default();
    let (result, date) = (part(r.result.as_ref()), part(r.date.as_ref()));
    // The names with the scores and the date, then with the scores alone (they tell a game
    // from another better than its day), then with the date alone: first every player named
    // (each name cut alike, a team's members each: `You, gr 2, gr 3, gr 4`), then, each while
    // at least 8 columns of names fit, the names cut at their end; then the names alone.
    let tails = [format!("{result}{date}"), result.clone(), date.clone()];
    for tail in &tails {
        let left = room.saturating_sub(width(&head) + 3 + width(tail));
        if let Some(who) = names_in(r, left) {
            return format!("{head} · {who}{tail}");
        }
    }
    for tail in &tails {
        let left = room.saturating_sub(width(&head) + 3 + width(tail));
        if left >= 8 {
            return format!("{head} · {}{tail}", cut_marked(&r.who, left));
        }
    }
    // Too narrow for the names: how the game stands (and its date) says more than a few
    // letters of them.
    for tail in [format!("{result}{date}"), result] {
        if !tail.is_empty() && width(&head) + width(&tail) <= room {
            return format!("{head}{tail}");
        }
    }
    let left = room.saturating_sub(width(&head) + 3);
    if left >= 8 {
        let who = names_in(r, left).unwrap_or_else(|| cut_marked(&r.who, left));
        return format!("{head} · {who}");
    }
    if width(&head) <= room {
        head
    } else {
        format!("{}…", take_width(&head, room.saturating_sub(1)))
    }
}

/// A recent game's players in `room` columns: whole where they fit, else every side's names cut
/// alike, a team's members each (`長い… & Maxi…, Wilh… & Otto…`), so no player is left out;
/// `None` where even that does not fit.
fn names_in(r: &crate::app::replay::Recent, room: usize) -> Option<String> {
    use super::text::{short_team, width};
    if width(&r.who) <= room {
        return Some(r.who.clone());
    }
    let longest = r
        .sides
        .iter()
        .map(|team| width(&team.join(" & ")))
        .max()
        .unwrap_or(0);
    for each in (3..longest).rev() {
        let joined = r
            .sides
            .iter()
            .map(|team| short_team(team, each))
            .collect::<Vec<_>>()
            .join(", ");
        if width(&joined) <= room {
            return Some(joined);
        }
    }
    None
}

fn mark(setup: &Setup, row: Row) -> &'static str {
    if setup.row == row { "▶ " } else { "  " }
}

fn table_lines(
    app: &App,
    setup: &Setup,
    p: Palette,
    width: usize,
    brief: bool,
) -> Vec<Line<'static>> {
    let focus = |row: Row| {
        if setup.row == row {
            p.accent(Accent::Focus)
        } else {
            Style::default()
        }
    };
    let mut lines: Vec<Line<'static>> = Vec::new();
    for row in setup.rows() {
        let (label, value) = row_text(setup, row, width);
        let head = format!("{}{label}", mark(setup, row));
        let line = match (row, value) {
            (Row::File, _) => {
                let room = width.saturating_sub(head.chars().count() + 1);
                let typing = setup.row == Row::File && setup.typing;
                let field = if setup.input.is_empty() && !typing {
                    let how = match (setup.row == Row::File, room >= 34) {
                        (true, true) => "(Enter, o or a click: type a path)",
                        (false, true) => "(o, or click here: type a path)",
                        // A narrow table: the keys alone.
                        (true, false) => "(Enter or o: a path)",
                        (false, false) => "(o: type a path)",
                    };
                    Span::styled(how, p.accent(Accent::Dim))
                } else {
                    let cursor = if typing { "▏" } else { "" };
                    Span::styled(
                        format!("{}{cursor}", keep_end(&setup.input, room)),
                        focus(row),
                    )
                };
                Line::from(vec![Span::styled(head, focus(row)), field])
            }
            (Row::Seat(i), Some(v)) => {
                // Teammates share a kingdom: say whose (`seat_form`, which fitted the value).
                let (_, team) = seat_form(setup, i, &label, width);
                let v = format!("‹ {v} ›{team}");
                // What a module gives the seat (a handicap: `+5 pts`), where the row has room.
                let v = match seat_note(setup, i) {
                    Some(note) if super::text::width(&format!("{head}{v}  {note}")) < width => {
                        format!("{v}  {note}")
                    }
                    _ => v,
                };
                let name = setup.names.get(i).cloned().unwrap_or_default();
                let typing = setup.naming && setup.row == row;
                // While a name is typed in a narrow row, the name alone after the seat: the
                // letters typed stay in view.
                let room = |v: &str| {
                    width.saturating_sub(super::text::width(&format!("{head}{v}  name: ")) + 1)
                };
                let v = if typing && room(&v) < 8 {
                    String::new()
                } else {
                    v
                };
                let shown = if typing {
                    // Its end in view (where the next letter goes), as the file field's.
                    let sep = if v.is_empty() { "" } else { "  " };
                    let used = super::text::width(&format!("{head}{v}{sep}name: ")) + 1;
                    let tail = keep_end(&name, width.saturating_sub(used));
                    Span::styled(format!("{sep}name: {tail}▏"), focus(row))
                } else if !name.is_empty() {
                    // Cut with a mark where the row is short of it (the Paragraph would cut it
                    // at the border, mid-name).
                    let left = width.saturating_sub(super::text::width(&format!("{head}{v}  ")));
                    let name = if left >= 2 {
                        super::text::cut_marked(&name, left)
                    } else {
                        name
                    };
                    Span::styled(format!("  {name}"), focus(row))
                } else if setup.row == row {
                    Span::styled("  (n: name)", p.accent(Accent::Dim))
                } else {
                    Span::raw("")
                };
                Line::from(vec![Span::styled(format!("{head}{v}"), focus(row)), shown])
            }
            (_, Some(v)) => Line::from(Span::styled(format!("{head}‹ {v} ›"), focus(row))),
            (_, None) => Line::from(Span::styled(head, focus(row))),
        };
        lines.push(line);
    }
    // Brief (a file's problems that would not fit otherwise): the problems take the room of
    // what describes the row in focus.
    if !brief {
        lines.push(Line::from(""));
        // On the recent games' row, the game chosen, whole (its row may have room for its ruleset
        // alone): what is below describes it rather than the ruleset chosen above.
        let recent = (setup.row == Row::Recent)
            .then(|| setup.recent.get(setup.recent_at))
            .flatten();
        // On a seat's row, what its player is (the levels had no words where they are chosen).
        if let Row::Seat(i) = setup.row
            && let Some(kind) = setup.seats.get(i)
        {
            for l in wrap(&seat_words(kind), width) {
                lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
            }
        }
        if let Some(r) = recent {
            for l in wrap(&format!("Saved game: {}", r.label), width) {
                lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
            }
            let keys = if r.unfinished {
                "Enter watches it move by move; r resumes it, from where it stopped (as \
                 `crownlands play --load FILE` does)."
            } else {
                "Enter watches it move by move."
            };
            for l in wrap(keys, width) {
                lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
            }
        } else if let Some(c) = setup.choice() {
            for l in wrap(&c.description, width) {
                lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
            }
            if let Some(path) = &c.path {
                for l in wrap(
                    &format!(
                        "File: {}",
                        crate::app::replay::printable(&path.display().to_string())
                    ),
                    width,
                ) {
                    lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
                }
            }
        }
    }
    // (Once a file's problems are shown, they take the room: the keys bar says the field's keys.)
    // The table last started on a ruleset file waits in the file field (nothing read before
    // the player asks): said, or its path with a cursor read as a field to type in, and the
    // table below as the one to start.
    // Once a table is set here (a name typed, a seat, the count), the file opens with it.
    let waiting = setup.last_file_waiting();
    let set_here = setup.table_set_here();
    if setup.row == Row::File && setup.typing && setup.error.is_none() {
        lines.push(Line::from(""));
        let text = if waiting && set_here {
            "Your last table was on this file: Enter opens it again, with the table set above; \
             Esc leaves the field."
        } else if waiting {
            "Your last table was on this file: Enter opens it again, with its seats and names; \
             Esc leaves the field (the table above is then the one to start)."
        } else {
            "Type the path of a ruleset file (~/ is your home folder; Tab completes it), Enter \
             opens it, Esc leaves the field."
        };
        for l in wrap(text, width) {
            lines.push(Line::from(l));
        }
    } else if waiting && setup.error.is_none() {
        lines.push(Line::from(""));
        let text = if set_here {
            "Your last table's ruleset file waits in the file field: Enter there opens it \
             again, with the table set above."
        } else {
            "Your last table's ruleset file waits in the file field: Enter there opens it \
             again, with its seats and names."
        };
        for l in wrap(text, width) {
            lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
        }
    }
    if let Some(e) = &setup.error {
        // Brief, no blank row before them, and the heading of several problems in its short
        // form (at 60x20 with six seats its three rows had left none for a problem).
        if !brief {
            lines.push(Line::from(""));
        }
        // Errors quote files: no control character reaches the terminal.
        let e = crownlands_core::text::escape_controls_but_newlines(e);
        let e = match e.split_once('\n') {
            Some((head, rest)) if brief && head.contains(" problems (") => {
                let count = head.split(' ').next().unwrap_or_default();
                format!("{count} problems (`validate` lists all):\n{rest}")
            }
            _ => e.into_owned(),
        };
        for l in wrap(&e, width) {
            lines.push(Line::from(Span::styled(l, p.accent(Accent::Warn))));
        }
    } else if !app.message().is_empty() {
        lines.push(Line::from(""));
        for l in wrap(app.message(), width) {
            lines.push(Line::from(l));
        }
    }
    lines
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let Some(setup) = app.setup() else {
        return;
    };
    let l = layout(setup, area);
    Paragraph::new(Line::from(Span::styled(
        "Crownlands: a new game",
        p.accent(Accent::Title),
    )))
    .render(Rect { height: 1, ..area }, buf);
    Paragraph::new(keys_bar(setup, l.keys.width).line(p.accent(Accent::Dim))).render(l.keys, buf);
    let name_w = usize::from(l.list.width.saturating_sub(4));
    let rows: Vec<Line> = setup
        .choices
        .iter()
        .enumerate()
        .skip(l.first)
        .map(|(i, c)| {
            let chosen = i == setup.ruleset;
            let style = match (chosen, setup.row == Row::Ruleset) {
                (true, true) => p.accent(Accent::Focus),
                (true, false) => p.accent(Accent::Title),
                _ => Style::default(),
            };
            let text = format!(
                "{}{}",
                if chosen { "▶ " } else { "  " },
                keep_end(&c.name, name_w)
            );
            Line::from(Span::styled(text, style))
        })
        .collect();
    Paragraph::new(rows)
        .block(block(" Rulesets ", app))
        .render(l.list, buf);
    let width = usize::from(l.table.width.saturating_sub(2));
    let room = usize::from(l.table.height.saturating_sub(2));
    let mut lines = table_lines(app, setup, p, width, false);
    if lines.len() > room && setup.error.is_some() {
        lines = table_lines(app, setup, p, width, true);
    }
    // Too many for the box (a ruleset file's problems at 80x24): the last row says so, rather
    // than the box ending mid-sentence.
    if room > 0 && lines.len() > room {
        let more = lines.len() - (room - 1);
        lines.truncate(room - 1);
        // (Several problems of a file say above that `validate` lists them all.)
        let why = match &setup.error {
            Some(e) if e.lines().next().is_some_and(|l| l.contains(" problems (")) => {
                ", as `validate` above"
            }
            Some(_) => ": `validate` shows it whole",
            None => ": a taller terminal shows them",
        };
        // Said short where the whole does not fit: where the problems' heading names
        // `validate` above, the count alone; else with the pointer kept short.
        let long = format!("… {more} more lines{why}");
        let short = match &setup.error {
            Some(e) if e.lines().next().is_some_and(|l| l.contains(" problems (")) => {
                format!("… {more} more lines")
            }
            Some(_) => format!("… {more} more: `validate`"),
            None => format!("… {more} more lines"),
        };
        let said = if super::text::width(&long) <= width {
            long
        } else {
            short
        };
        let note = super::text::fill(&said, width, 1);
        lines.push(Line::from(Span::styled(
            note.into_iter().next().unwrap_or_default(),
            p.accent(Accent::Dim),
        )));
    }
    Paragraph::new(lines)
        .block(block(" Table ", app))
        .render(l.table, buf);
}

/// What a click at a screen position on the setup screen does.
pub fn hit(setup: &Setup, area: Rect, col: u16, row: u16) -> Option<super::Hit> {
    let l = layout(setup, area);
    let inside = |r: Rect| col >= r.x && col < r.right() && row >= r.y && row < r.bottom();
    if row == l.keys.y {
        return keys_bar(setup, l.keys.width)
            .key_at(l.keys.x, col)
            .map(super::Hit::Key);
    }
    if inside(l.list) && row > l.list.y && row + 1 < l.list.bottom() {
        let i = l.first + usize::from(row - l.list.y - 1);
        return (i < setup.choices.len()).then_some(super::Hit::Setup(SetupClick::Ruleset(i)));
    }
    if inside(l.table) && row > l.table.y {
        let rows = setup.rows();
        let which = *rows.get(usize::from(row - l.table.y - 1))?;
        let (label, value) = row_text(setup, which, usize::from(l.table.width.saturating_sub(2)));
        let x0 = l.table.x + 1;
        let click = match value {
            Some(v) => {
                let open = x0 + 2 + Span::raw(label.as_str()).width() as u16;
                let close = open + 2 + Span::raw(v.as_str()).width() as u16 + 1;
                if col <= open + 1 && col + 1 >= open {
                    SetupClick::Change(which, -1)
                } else if col + 1 >= close && col <= close + 1 {
                    SetupClick::Change(which, 1)
                } else {
                    SetupClick::Row(which)
                }
            }
            None => SetupClick::Row(which),
        };
        return Some(super::Hit::Setup(click));
    }
    None
}

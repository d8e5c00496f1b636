//! Rendering: a pure function of the app's state onto a ratatui [`Buffer`].
//!
//! Nothing here touches the terminal: [`render`] fills a buffer, so every screen can be tested
//! with ratatui's `TestBackend`. [`layout`](mod@layout) is shared with mouse hit-testing ([`hit`]).

mod analysis;
pub mod buttons;
mod choices;
mod end;
mod help;
mod hint;
pub mod kingdom;
pub mod layout;
mod lines;
mod log;
mod panels;
mod players;
mod resume;
mod setup;
pub mod text;

use crate::app::setup::SetupClick;
use crate::app::{App, Mode, Overlay, place};
use crate::keys::Key;
use crate::palette::Accent;
use buttons::Bar;
use crownlands_core::{Cell, Game, Phase, Side};
use kingdom::{Ghost, GhostKind, KingdomView};
pub use layout::{Areas, focus_side, layout};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

/// The smallest screen the setup screen fits.
pub const SETUP_SIZE: (u16, u16) = (60, 20);

/// Draw the app into a frame.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    render(app, area, frame.buffer_mut());
}

/// Draw the app into `buf` over `area`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    render_screen(app, area, buf);
    scrub(area, buf);
}

/// The last guard between files and the terminal: a cell holding a control character (an
/// escape sequence in a file's name or text that a screen drew as it is), or one that shows as
/// nothing or turns the text around (a bidirectional override), shows `?`. Every screen escapes
/// what it draws from files already; this keeps one it missed from reaching the terminal.
///
/// A cell's zero width joiners and variation selectors are left out too (`a\u{200d}`, `👨‍👩‍👧`,
/// `❤️`): terminals do not agree on them (one joins the character after a joiner into the
/// cell before, another draws each apart; a selector makes a symbol one column or two), so the
/// screen and the terminal would disagree on where every later character of the row goes. What
/// is left of the cell (`a`, `👨`, `❤`) is drawn at most as wide as the layout gave it.
///
/// A letter keeps at most [`MAX_STACKED_MARKS`](crownlands_core::text::MAX_STACKED_MARKS)
/// combining marks, the rest left out: a stack of dozens ("zalgo" text, in a file's name that
/// Tab completed, say) would be drawn over the rows around it.
fn scrub(area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let Some(cell) = buf.cell_mut((x, y)) else {
                continue;
            };
            if cell
                .symbol()
                .chars()
                .any(crownlands_core::text::is_unsafe_char)
            {
                cell.set_symbol("?");
            } else if cell.symbol().chars().any(is_joiner) {
                let kept: String = cell.symbol().chars().filter(|&c| !is_joiner(c)).collect();
                // The first character alone, or `?` where it would be wider than the cell.
                let first = kept.chars().next().map(String::from).unwrap_or_default();
                let laid = text::width(cell.symbol()).max(1);
                let symbol = match text::width(&first) {
                    0 => " ".to_string(),
                    w if w <= laid => first,
                    _ => "?".to_string(),
                };
                cell.set_symbol(&symbol);
            } else if stacks(cell.symbol()) {
                let mut run = 0;
                let kept: String = cell
                    .symbol()
                    .chars()
                    .filter(|&c| !crownlands_core::text::stacked(c, &mut run))
                    .collect();
                cell.set_symbol(&kept);
            }
        }
    }
}

/// Whether `symbol` carries more combining marks on one character than a letter keeps
/// ([`scrub`]).
fn stacks(symbol: &str) -> bool {
    let mut run = 0;
    symbol
        .chars()
        .any(|c| crownlands_core::text::stacked(c, &mut run))
}

/// A zero width joiner or a variation selector ([`scrub`]).
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200d}' | '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}')
}

fn render_screen(app: &App, area: Rect, buf: &mut Buffer) {
    if !fits(app, area) {
        too_small(app, area, buf);
        return;
    }
    match (app.mode(), app.game()) {
        (Mode::Resume, _) => {
            if let Some(offer) = app.offer() {
                resume::render(app, offer, area, buf);
            }
        }
        (Mode::Setup, _) | (_, None) => setup::render(app, area, buf),
        // The score screen, also where a watched game ends.
        (Mode::GameOver, Some(game)) | (Mode::Replay, Some(game)) if shows_scores(app, game) => {
            header(app, game, Rect { height: 1, ..area }, buf);
            end::render(app, game, score_body(area), buf);
        }
        (_, Some(game)) => {
            if let Some(l) = layout(app, game, area) {
                render_game(app, game, &l, buf);
            }
        }
    }
    match app.overlay() {
        Some(Overlay::Help) => help::render(app, area, buf),
        Some(Overlay::Analysis) => analysis::render(app, area, buf),
        Some(Overlay::Moves) => log::render_all(app, area, buf),
        Some(Overlay::ConfirmQuit) => confirm_quit(app, area, buf),
        None => {}
    }
}

/// Whether the screen is the score screen: at the end of a game played, or of a game watched.
fn shows_scores(app: &App, game: &Game) -> bool {
    match app.mode() {
        Mode::GameOver => true,
        Mode::Replay => game.is_over(),
        _ => false,
    }
}

/// The view's measures of a screen, for the state ([`App::set_screen`]): whether it fits a
/// terminal of (columns, rows), and how far the open popup scrolls there.
pub const MEASURE: crate::app::Measure = crate::app::Measure {
    fits: |app, width, height| fits(app, Rect::new(0, 0, width, height)),
    popup_max_scroll: |app, width, height| popup_max_scroll(app, Rect::new(0, 0, width, height)),
    score_max_scroll: |app, width, height| score_max_scroll(app, Rect::new(0, 0, width, height)),
    step_rows: |app, width, height| step_rows(app, Rect::new(0, 0, width, height)),
};

/// The rows the step's list of choices shows in `area` (`None` outside a step, or where the
/// screen has no list).
fn step_rows(app: &App, area: Rect) -> Option<usize> {
    let game = app.game()?;
    if app.mode() != Mode::Step || !fits(app, area) {
        return None;
    }
    let l = layout(app, game, area)?;
    Some(choices::list_rows(app, game, l.choices?, l.compact))
}

/// A legal spot's score and its change, with the bonuses the spot gains or loses, which the
/// running score counts as if the game ended now: `1 (-9: Middle Kingdom lost)`, `12 (+6)`.
fn score_here(app: &App, after: i32, before: i32) -> String {
    let mut why: Vec<String> = app
        .preview_bonuses()
        .into_iter()
        .map(|(bonus, change)| {
            let verb = if change < 0 { "lost" } else { "gained" };
            format!("{bonus} {verb}")
        })
        .collect();
    // A module's line the spot changes, with its points (a goal's penalty: `goal Bog -2`).
    why.extend(app.preview_lines().into_iter().map(|(key, change)| {
        format!(
            "{} {change:+}",
            crownlands_core::text::escape_controls(&key.replace(": ", " "))
        )
    }));
    if why.is_empty() {
        format!("{after} ({:+})", after - before)
    } else {
        format!("{after} ({:+}: {})", after - before, why.join(", "))
    }
}

/// Where the domino under the claim cursor would be placed among the acting side's dominoes
/// already claimed in the same line (the line is placed in its order: the lower numbers first):
/// `28 is placed before your 36.`; empty where the side has no other claim there. A newcomer
/// claimed 36 then 28, and 28, placed first, took 36's only spot.
fn claim_order_note(app: &App, game: &Game) -> String {
    let Some(crownlands_core::Action::Claim { domino }) = app.claims().get(app.choice()).copied()
    else {
        return String::new();
    };
    let Some(side) = game.to_act().map(|pl| game.side_of(pl)) else {
        return String::new();
    };
    let line = game.next_line();
    let Some(at) = line.iter().position(|s| s.domino == domino) else {
        return String::new();
    };
    // The side's own claim on a slot, in words (a teammate's king: the team's kingdom's).
    let own = |s: &crownlands_core::Slot| {
        let k = s.king.filter(|&k| game.side_of_king(k) == side)?;
        let whose = if Some(game.owner(k)) == game.to_act() {
            "your"
        } else {
            "your team's"
        };
        Some(format!("{whose} {}", game.label(s.domino)))
    };
    let earlier = line[..at].iter().rev().find_map(own);
    let later = line[at + 1..].iter().find_map(own);
    let label = game.label(domino);
    match (earlier, later) {
        (Some(e), Some(l)) => format!("{label} is placed after {e} and before {l}."),
        (None, Some(l)) => format!("{label} is placed before {l}."),
        (Some(e), None) => format!("{label} is placed after {e}."),
        (None, None) => String::new(),
    }
}

/// The furthest ↑↓ scroll the score screen's columns on a screen of `area`: 0 when every line
/// shows already (or the screen is not the score screen).
pub fn score_max_scroll(app: &App, area: Rect) -> usize {
    match app.game() {
        Some(game) if shows_scores(app, game) => end::max_scroll(app, game, score_body(area)),
        _ => 0,
    }
}

/// The score screen's columns and summary: all but the header's row.
fn score_body(area: Rect) -> Rect {
    Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    }
}

/// The furthest the open popup (help, analysis) scrolls on a screen of `area`: 0 when it fits
/// or none is open.
pub fn popup_max_scroll(app: &App, area: Rect) -> usize {
    let (_, count) = popup_lines(app, area);
    help::popup_max_scroll(count, area)
}

/// The open popup's (help, analysis, moves) lines' width over `area`, and how many lines it
/// has there (0 when none is open).
fn popup_lines(app: &App, area: Rect) -> (usize, usize) {
    let width = usize::from(help::POPUP_WIDTH.min(area.width).saturating_sub(2)).max(1);
    let count = match app.overlay() {
        Some(Overlay::Help) => help::lines(app, width).len(),
        Some(Overlay::Analysis) => analysis::lines(app, width).len(),
        Some(Overlay::Moves) => log::all_lines(app, width).len(),
        _ => 0,
    };
    (width, count)
}

/// Whether the current screen fits `area`.
pub fn fits(app: &App, area: Rect) -> bool {
    match app.game() {
        Some(game) if !matches!(app.mode(), Mode::Setup | Mode::Resume) => {
            layout::fits_game(game, area)
        }
        _ => area.width >= SETUP_SIZE.0 && area.height >= SETUP_SIZE.1,
    }
}

/// The least size the current screen needs, as (columns, rows) (of its layouts, the one needing
/// the fewest rows).
pub fn needed(app: &App) -> (u16, u16) {
    let Some(game) = app.game() else {
        return SETUP_SIZE;
    };
    if matches!(app.mode(), Mode::Setup | Mode::Resume) {
        return SETUP_SIZE;
    }
    layout::needed_game(game)
}

/// What the terminal lacks, said by what is short, over every layout the screen has (`sizes`):
/// its rows where some layout fits its width (`The terminal is 18 rows high; at 64 columns this
/// screen needs at least 20.`), its columns where some layout fits its height, both ways where
/// each has one (`65x20: at 65 columns ... at least 24 rows, or at 20 rows at least 66
/// columns.`), else both at once (the layout of the fewest rows: `64x18; this screen needs at
/// least 80x24.`).
fn short_of(area: Rect, sizes: &[(u16, u16)], (w, h): (u16, u16)) -> String {
    let rows = sizes
        .iter()
        .filter(|s| s.0 <= area.width)
        .map(|s| s.1)
        .min();
    let columns = sizes
        .iter()
        .filter(|s| s.1 <= area.height)
        .map(|s| s.0)
        .min();
    match (rows, columns) {
        // Either would do (Queendomino at 4 has layouts of 66x20 and 64x24: at 65x20 a column
        // more is the smaller change): both said.
        (Some(r), Some(c)) => format!(
            "The terminal is {}x{}: at {} columns this screen needs at least {r} rows, or at {} \
             rows at least {c} columns.",
            area.width, area.height, area.width, area.height
        ),
        (Some(r), None) => format!(
            "The terminal is {} rows high; at {} columns this screen needs at least {r} rows.",
            area.height, area.width
        ),
        (None, Some(c)) => format!(
            "The terminal is {} columns wide; at {} rows this screen needs at least {c} columns.",
            area.width, area.height
        ),
        (None, None) => format!(
            "The terminal is {}x{}; this screen needs at least {w}x{h}.",
            area.width, area.height
        ),
    }
}

/// Every least size the current screen has, one a layout ([`needed`]'s among them).
fn sizes(app: &App) -> Vec<(u16, u16)> {
    match app.game() {
        Some(game) if !matches!(app.mode(), Mode::Setup | Mode::Resume) => layout::sizes_game(game),
        _ => vec![SETUP_SIZE],
    }
}

/// The size needed, in place of a screen the terminal is too small for. Only quitting works there
/// (see [`App::screen_too_small`]): the confirmation asked, or that other keys do nothing, is
/// said.
fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let (w, h) = needed(app);
    Clear.render(area, buf);
    let mut text = vec![
        Line::from("Crownlands"),
        Line::from(""),
        Line::from(short_of(area, &sizes(app), (w, h))),
        Line::from("Make the window larger, or press q then y to quit."),
    ];
    if app.mode() == Mode::BotThinking {
        // (A bot's move is not played unseen: see `App::tick`.)
        text.push(Line::from("The bots wait until it is larger."));
    }
    if app.overlay() == Some(Overlay::ConfirmQuit) {
        text.push(Line::from(""));
        text.push(Line::from("Quit? y: quit, n: stay."));
    } else if app.key_while_too_small() {
        text.push(Line::from(""));
        // (They are dropped, not kept for later: a move is not made blind.)
        text.push(Line::from("Other keys do nothing until it is larger."));
    }
    // Too few rows for all that (wrapped): the size and how to quit, in a few words.
    let width = usize::from(area.width.max(1));
    let too_many = |text: &[Line<'_>]| {
        let rows: usize = text.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
        rows > usize::from(area.height)
    };
    if too_many(&text) {
        text = vec![
            Line::from(format!(
                "Too small: {}x{}, needs {w}x{h}.",
                area.width, area.height
            )),
            Line::from(if app.overlay() == Some(Overlay::ConfirmQuit) {
                "Quit? y/n"
            } else {
                "q then y quits."
            }),
        ];
        // Tinier still (10x3): the size needed first, whole, then as much as fits.
        if too_many(&text) {
            text = vec![Line::from(format!("Needs {w}x{h}"))];
        }
    }
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// What a mouse click at a screen position means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A cell of the large kingdom.
    Cell(Cell),
    /// The `i`th of the choices listed (claims or a step's actions).
    Choice(usize),
    /// A key's label (a button): does what the key does.
    Key(Key),
    /// The words `bot speed` after `+/-`: tells the bots' pace, which the keys change (as a
    /// click on a setup row's name picks the row and its `‹ ›` change it).
    Pace,
    /// Something on the setup screen.
    Setup(SetupClick),
    /// A mistake (from 0, counted over every player's) of the analysis: shown on the board.
    Mistake(usize),
}

/// Hit-test a left click at (`col`, `row`) against the screen drawn over `area`.
pub fn hit(app: &App, area: Rect, col: u16, row: u16) -> Option<Hit> {
    if !fits(app, area) {
        return None;
    }
    match app.overlay() {
        // A click on the note's `↑ N more` or `↓ N more` scrolls a page; on a mistake in the
        // analysis, shows it (as its key does); anywhere else closes the box, as any key does.
        Some(overlay @ (Overlay::Help | Overlay::Analysis | Overlay::Moves)) => {
            let (width, count) = popup_lines(app, area);
            // (Scrolled as the view draws it: the moves following the newest at their end.)
            let at = help::PopupAt::of(count, app.popup_scroll(), area);
            return Some(match at.at(count, col, row) {
                Some(help::PopupClick::Up) => Hit::Key(Key::PageUp),
                Some(help::PopupClick::Down) => Hit::Key(Key::PageDown),
                Some(help::PopupClick::Line(i)) if overlay == Overlay::Analysis => {
                    match analysis::mistake_lines(app, width)
                        .get(i)
                        .copied()
                        .flatten()
                    {
                        Some(k) => Hit::Mistake(k),
                        None => Hit::Key(Key::Esc),
                    }
                }
                _ => Hit::Key(Key::Esc),
            });
        }
        Some(Overlay::ConfirmQuit) => {
            let r = confirm_area(app, area);
            let bar_y = r.y + 2;
            let key = (row == bar_y)
                .then(|| confirm_bar(app).key_at(r.x + 1, col))
                .flatten();
            // A click outside the buttons stays.
            return Some(Hit::Key(key.unwrap_or(Key::Char('n'))));
        }
        None => {}
    }
    if app.mode() == Mode::Resume {
        return resume::hit(app, app.offer()?, area, col, row).map(Hit::Key);
    }
    if app.mode() == Mode::Setup {
        return setup::hit(app.setup()?, area, col, row);
    }
    let game = app.game()?;
    if shows_scores(app, game) {
        return end::hit(app, score_body(area), col, row).map(Hit::Key);
    }
    let l = layout(app, game, area);
    let l = l?;
    let inside = |r: Rect| col >= r.x && col < r.right() && row >= r.y && row < r.bottom();
    if row == l.footer.y + 2 {
        if message_overflows(app, game, &l) {
            return None;
        }
        let bar = footer_bar(app).within(usize::from(l.footer.width));
        if bar.text_at(l.footer.x, col) == Some(BOT_SPEED) {
            return Some(Hit::Pace);
        }
        return bar.key_at(l.footer.x, col).map(Hit::Key);
    }
    if let Some(c) = l.choices
        && inside(c)
        && row > c.y
    {
        // A row of the detail below the choices chooses nothing.
        return choices::choice_at(app, c, l.compact, usize::from(row - c.y - 1)).map(Hit::Choice);
    }
    if inside(l.kingdom) {
        return KingdomView::cell_at(l.region, (l.cell_w, l.cell_h), l.kingdom, col, row)
            .map(Hit::Cell);
    }
    if app.mode() == Mode::Claim && inside(l.next) && row > l.next.y {
        let slot = usize::from(row - l.next.y - 1);
        let domino = game.next_line().get(slot)?.domino;
        let i = app
            .claims()
            .iter()
            .position(|a| *a == crownlands_core::Action::Claim { domino })?;
        return Some(Hit::Choice(i));
    }
    None
}

fn block<'a>(title: impl Into<Line<'a>>, app: &App) -> Block<'a> {
    panel(title, app, false)
}

/// A box: framed, or (compact) a title line alone.
fn panel<'a>(title: impl Into<Line<'a>>, app: &App, compact: bool) -> Block<'a> {
    Block::default()
        .borders(if compact { Borders::TOP } else { Borders::ALL })
        .title(title)
        .title_style(app.config.palette.accent(Accent::Title))
}

fn render_game(app: &App, game: &Game, l: &Areas, buf: &mut Buffer) {
    header(app, game, l.header, buf);
    big_kingdom(app, game, l, buf);
    if let Some(b) = l.board {
        panels::render(app, game, b, l.compact, buf);
    }
    // A hint at the top of the moves box leaves the moves the rest of it, framed of their own
    // (drawn under the hint, the box showed its sides below the hint's frame, with no top).
    let hint = hint::area(app, l);
    let log_area = match hint {
        Some(h) if h.x == l.log.x && h.y == l.log.y && h.width == l.log.width => Rect {
            y: l.log.y + h.height,
            height: l.log.height.saturating_sub(h.height),
            ..l.log
        },
        _ => l.log,
    };
    if log_area.height >= 3 {
        log::render(app, log_area, buf);
    }
    lines::render(app, game, l.current, l.next, l.compact, buf);
    players::render(app, game, l.players, l.compact, buf);
    for &(side, r) in &l.others {
        small_kingdom(app, game, side, r, l, buf);
    }
    if let Some(r) = l.rules {
        rules_panel(app, game, r, buf);
    }
    if let Some(r) = hint {
        hint::render(app, r, buf);
    }
    if let (Some(r), Mode::Step) = (l.choices, app.mode()) {
        let around = choices::Around {
            scores_covered: r.intersects(l.players),
            note_said: status_says_note(app, game, l.footer.width),
            rivals_over: rivals_over_detail(app, game, l),
        };
        choices::render(app, game, r, l.compact, around, buf);
    }
    // Without room for the log (Queendomino at 80x24), the footer tells the last move.
    footer(app, game, l, buf);
}

/// Who won the match (`greedy 3 & greedy 4 and You & greedy 2`), once it is over: `None` for
/// a single game or a match still going. The record numbers its winners as sides from 1 (a
/// seat, or a team in team games), not players.
pub fn match_winners(app: &App, game: &Game) -> Option<String> {
    let s = app.session().filter(|s| s.match_games() > 1)?;
    let record = s.match_record().filter(|_| !s.can_start_next_game())?;
    let names: Vec<String> = record
        .winners
        .iter()
        .filter_map(|&w| {
            Some(side_name(
                app,
                game,
                game.all_sides().nth(w.checked_sub(1)?)?,
            ))
        })
        .collect();
    Some(names.join(" and "))
}

/// The names of a side's players.
pub fn side_name(app: &App, game: &Game, side: Side) -> String {
    members(app, game, side).join(" & ")
}

/// The names of the players of `side`, in seat order.
fn members(app: &App, game: &Game, side: Side) -> Vec<String> {
    game.seats()
        .filter(|&p| game.side_of(p) == side)
        .map(|p| app.name(p.index()))
        .collect()
}

/// A side's name in at most `width` columns, kept apart from the other sides' names. A team
/// cut short keeps each member's name, cut (`g 3&g 4`), while the teams stay apart that way.
pub fn short_side_name(app: &App, game: &Game, side: Side, width: usize) -> String {
    let teams: Vec<String> = game
        .all_sides()
        .map(|s| text::short_team(&members(app, game, s), width))
        .collect();
    let apart = teams.iter().enumerate().all(|(i, t)| {
        teams
            .iter()
            .enumerate()
            .all(|(j, u)| i == j || !t.eq_ignore_ascii_case(u))
    });
    let all = if apart {
        teams
    } else {
        let whole: Vec<String> = game.all_sides().map(|s| side_name(app, game, s)).collect();
        text::distinct_short(&whole, width)
    };
    all.into_iter().nth(side.index()).unwrap_or_default()
}

/// A player's name in at most `width` columns, kept apart from the other players' names.
pub fn short_player_name(app: &App, game: &Game, player: usize, width: usize) -> String {
    let all: Vec<String> = (0..usize::from(game.players()))
        .map(|p| app.name(p))
        .collect();
    text::distinct_short(&all, width)
        .into_iter()
        .nth(player)
        .unwrap_or_default()
}

fn header(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    // (The ruleset's name goes in after the rest is known: it is what gives way first.)
    let mut spans = vec![Span::styled(" Crownlands ", p.accent(Accent::Title))];
    // The autosave stopped on a failed write: said for as long as it lasts, first, where a
    // narrow header does not cut it (the status line's word is gone at the next move).
    if app.autosave_failed().is_some() {
        spans.push(Span::styled("autosave off", p.accent(Accent::Bad)));
        spans.push(Span::raw(" "));
    }
    if let Some(s) = app.session()
        && s.match_games() > 1
    {
        spans.push(Span::raw(format!(
            "game {}/{} ",
            s.game_index() + 1,
            s.match_games()
        )));
    }
    // Once the game is over the round counter has passed the last round: no round to name.
    // The first line's claims are round 0 to the engine: said in words, then `round 3/12`;
    // the pile's count where the line has room for it (the turn's words come first).
    let round = (!game.is_over()).then(|| {
        let rounds = game.rules().rounds();
        let round = match game.round() {
            0 => "first claims".to_string(),
            r => format!("round {r}/{rounds}"),
        };
        (
            format!("· {round} · pile {} ", game.draw_pile_len()),
            format!("· {round} "),
        )
    });

    let turn = match (app.mode(), game.to_act()) {
        (Mode::Replay, _) => {
            let (at, all) = app.replay_moves().unwrap_or((0, 0));
            // In a match the moves watched are the match's (the header names the game before
            // this): said to be, as a mistake's move is numbered in its game.
            // Moves played, not the move shown next (a mistake's `move 14` is watched with 13
            // played: it read `move 13`).
            let place = if app.session().is_some_and(|s| s.match_games() > 1) {
                format!("match: {at}/{all} moves played")
            } else {
                format!("{at}/{all} moves played")
            };
            if game.is_over() {
                // The last move: who won, as the score screen says it.
                let winners: Vec<String> = game
                    .outcome()
                    .winners
                    .iter()
                    .map(|&s| side_name(app, game, s))
                    .collect();
                // In a match, the game's winner and, after its last game, the match's.
                match app.session().filter(|s| s.match_games() > 1) {
                    Some(s) => {
                        let game_won =
                            format!("{} won game {}", winners.join(" and "), s.game_index() + 1);
                        // The match's winner first: a narrow header cuts the game's (it had
                        // read `You won…` of a match another won).
                        match match_winners(app, game) {
                            // (The moves counted last: at 80 columns they left no room
                            // for the winner's name.)
                            Some(w) => {
                                format!("· watching · the match goes to {w}; {game_won} · {place}")
                            }
                            None => format!("· watching, {place} · {game_won}"),
                        }
                    }
                    None => format!(
                        "· watching, {place} · game over: {} won",
                        winners.join(" and ")
                    ),
                }
            } else if at == all && all > 0 {
                // An unfinished save: its last move, with the game still going.
                format!("· watching, {place} · unfinished: the save ends")
            } else {
                format!("· watching, {place}")
            }
        }
        (Mode::GameOver, _) | (_, None) => "· game over".to_string(),
        (Mode::BotThinking, Some(pl)) => format!("· {} is thinking", app.name(pl.index())),
        (_, Some(pl)) => format!("· {} to play", app.name(pl.index())),
    };
    // The ruleset's name gives way first, cut with `…` (a house rule's long name had pushed the
    // pile and whose turn it is off the line, and a wide CJK one everything after `Crownlands`);
    // then the pile's count.
    let name = crownlands_core::text::escape_controls(game.ruleset().name()).into_owned();
    let used: usize =
        spans.iter().map(|s| text::width(&s.content)).sum::<usize>() + text::width(&turn);
    let width = usize::from(area.width);
    // A name cut to fewer columns than this says too little to be worth it over the pile.
    const NAME_AT_LEAST: usize = 12;
    let whole = text::width(&name) + 1;
    let round = round.map(|(long, short)| {
        let with_long = used + text::width(&long);
        if with_long + whole.min(NAME_AT_LEAST) <= width {
            long
        } else {
            short
        }
    });
    let room = width.saturating_sub(used + round.as_deref().map_or(0, text::width));
    spans.insert(1, Span::raw(name_in(&name, room)));
    if let Some(round) = round {
        spans.push(Span::raw(round));
    }
    spans.push(Span::styled(turn, p.accent(Accent::Focus)));
    // Too long for the line (a watched game's end names its winners): its end cut after a
    // word, with `…`, not in the middle of a name.
    let mut left = usize::from(area.width);
    let mut fitted = Vec::with_capacity(spans.len());
    for span in spans {
        let w = text::width(&span.content);
        if w <= left {
            left -= w;
            fitted.push(span);
            continue;
        }
        if let Some(cut) = text::words_in(&span.content, left) {
            fitted.push(Span::styled(cut, span.style));
        }
        break;
    }
    Paragraph::new(Line::from(fitted)).render(area, buf);
}

/// The ruleset's name and a space in at most `room` columns: whole where it fits, else cut with
/// `…`, or nothing where not even a letter fits.
fn name_in(name: &str, room: usize) -> String {
    if text::width(name) < room {
        return format!("{name} ");
    }
    if room < 3 {
        return String::new();
    }
    format!("{}… ", text::take_width(name, room - 2))
}

/// Watching a mistake of the game just played, at the move: the best placement found (green)
/// over the one played (each square crossed, `×F1`), when the move was a placement.
fn mistake_ghosts(app: &App, game: &Game) -> Vec<Ghost> {
    let (Some((played, best)), Some(d)) = (app.mistake_on_board(), game.domino_to_place()) else {
        return Vec::new();
    };
    let d = game.domino(d);
    [(best, GhostKind::Best), (played, GhostKind::Played)]
        .into_iter()
        .filter_map(|(a, kind)| match a {
            crownlands_core::Action::Place { placement } => Some(Ghost {
                placement,
                squares: [d.first, d.second],
                kind,
            }),
            _ => None,
        })
        .collect()
}

fn big_kingdom(app: &App, game: &Game, l: &Areas, buf: &mut Buffer) {
    let p = app.config.palette;
    let side = l.side;
    let pieces = game.cell_marks(side);
    // A cell too narrow for its pieces' letters (all of them under 3 columns, some where a
    // square holds several) is underlined: the title says what is underlined.
    let mut kinds: Vec<&str> = Vec::new();
    let squares = game.kingdom(side);
    let mut cells: Vec<Cell> = pieces.iter().map(|m| m.cell).collect();
    cells.sort();
    cells.dedup();
    for cell in cells {
        let on_square: Vec<_> = pieces.iter().filter(|m| m.cell == cell).collect();
        let here: String = on_square.iter().map(|m| kingdom::glyph(m.symbol)).collect();
        let hidden = match squares.content(cell) {
            crownlands_core::Content::Square(sq) => {
                let text = kingdom::square_text(game.ruleset(), sq, l.cell_w);
                kingdom::with_pieces(game.ruleset(), p, sq, &text, &here, l.cell_w).hidden
            }
            _ => 0,
        };
        // The first `hidden` pieces of the square are the ones not drawn.
        for m in on_square.into_iter().take(hidden) {
            let kind = m.what.as_str();
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    // Whole where it fits, else cut as names are, with a mark (` 長い名前の王… `).
    let name = format!(
        " {} ",
        short_side_name(
            app,
            game,
            side,
            usize::from(l.kingdom_box.width.saturating_sub(4))
        )
    );
    // The kinds named where the title has room, else "pieces" (what they are, `?` says).
    let room =
        usize::from(l.kingdom_box.width.saturating_sub(2)).saturating_sub(text::width(&name));
    // (The kinds before the word: `_` stands for the underline where the word does not fit,
    // and a narrow box must still say it.)
    let legend = [
        format!("· underlined: {} ", kinds.join(", ")),
        format!("· _: {} ", kinds.join(", ")),
        "· underlined: pieces ".to_string(),
        "· _: pieces ".to_string(),
    ]
    .into_iter()
    .find(|t| !kinds.is_empty() && text::width(t) <= room)
    .unwrap_or_default();
    let title = Line::from(vec![
        Span::styled(name, p.side(side)),
        Span::raw(crownlands_core::text::escape_controls(&legend).into_owned()),
    ]);
    block(title, app).render(l.kingdom_box, buf);
    let kingdom = game.kingdom(side);
    let placing = app.mode() == Mode::Place;
    // No ghost when the domino fits nowhere (it is discarded): drawn anyway it would cover the
    // castle or the kingdom for nothing.
    let ghosts: Vec<Ghost> = if placing && !app.must_discard() {
        game.domino_to_place()
            .map(|d| {
                let d = game.domino(d);
                Ghost {
                    placement: app.ghost(),
                    squares: [d.first, d.second],
                    kind: if app.ghost_is_legal() {
                        GhostKind::Legal
                    } else {
                        GhostKind::Illegal
                    },
                }
            })
            .into_iter()
            .collect()
    } else {
        mistake_ghosts(app, game)
    };
    let marks: Vec<Cell> = if placing {
        let mut v: Vec<Cell> = game
            .placements()
            .iter()
            .flat_map(|pl| [pl.first, pl.second()])
            .collect();
        v.sort_by_key(|c| (c.y, c.x));
        v.dedup();
        v
    } else {
        Vec::new()
    };
    let highlighted = choices::highlighted(app, game);
    let reach = place::frame(kingdom);
    KingdomView {
        kingdom,
        ruleset: game.ruleset(),
        palette: p,
        region: l.region,
        cell_w: l.cell_w,
        cell_h: l.cell_h,
        ghosts: &ghosts,
        marks: &marks,
        pieces: &pieces,
        highlight: &highlighted,
        acted: (highlighted.len() > 1)
            .then(|| highlighted.first().copied())
            .flatten(),
        crossed: &choices::played_cells(app, game),
    }
    .render(l.kingdom, buf);
    // Cells out of reach (the grid would overflow) are left blank.
    for y in l.region.1..=l.region.3 {
        for x in l.region.0..=l.region.2 {
            if x < reach.0 || x > reach.2 || y < reach.1 || y > reach.3 {
                let col = l.kingdom.x + (i16::from(x) - i16::from(l.region.0)) as u16 * l.cell_w;
                let row = l.kingdom.y + (i16::from(y) - i16::from(l.region.1)) as u16 * l.cell_h;
                for r in row..row + l.cell_h {
                    buf.set_string(col, r, " ".repeat(usize::from(l.cell_w)), Style::default());
                }
            }
        }
    }
}

/// The rules of what the game waits for now, in the side panel.
fn rules_panel(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    use crownlands_core::modules::describe::{phase_rules, scoring_rules, table_rules};
    let width = usize::from(area.width.saturating_sub(2));
    let wrapped = |lines: Vec<String>| -> Vec<Line<'static>> {
        lines
            .iter()
            .flat_map(|l| text::wrap(l, width))
            .map(Line::from)
            .collect()
    };
    let mut lines = wrapped(phase_rules(game));
    // Where the box has the rows (a tall column of its own), the table's rules after the
    // step's, as the help gives them: whole, or not at all.
    let table = wrapped(
        table_rules(game)
            .into_iter()
            .chain(scoring_rules(game.rules(), game.modules()))
            .collect(),
    );
    let rows = usize::from(area.height.saturating_sub(2));
    if lines.len() + 2 + table.len() <= rows {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "This table",
            app.config.palette.accent(Accent::Title),
        )));
        lines.extend(table);
    }
    Paragraph::new(lines)
        .block(block(" Rules of this step ", app))
        .render(area, buf);
}

/// A kingdom condensed, in `area` of the layout `l`. In a compact layout its box is whole all
/// the same, its sides shared: its left side drawn on the column left of `area` (the frame of
/// what stands there, the free column of a box without one, the right side of the kingdom
/// before it), joined to the lines there (`├`, `┬`, `┴`), and its bottom side where the layout
/// has the row for it ([`Areas::others_closed`]). (Until the sixty-seventh session a compact
/// kingdom had a title line and a line down its left side beside boxes without a frame: boxes
/// open on the right and at the bottom, the last running to the screen's edge.)
fn small_kingdom(app: &App, game: &Game, side: Side, area: Rect, l: &Areas, buf: &mut Buffer) {
    let p = app.config.palette;
    let room = usize::from(area.width.saturating_sub(if l.compact { 1 } else { 2 }));
    let name = short_side_name(app, game, side, room);
    // A space either side, as every other box's title has, where the name keeps its room and
    // some of the frame after it (the titles of boxes side by side had run together); where it
    // does not, the name cut two columns shorter after a space, so that a frame column still
    // ends it (`┌ g3&g4─┬ g5&g6─`, not `┌g 3&g 4┬g 5&g 6`, one title running into the next;
    // `┌ greedy 2─┐`, not `┌greedy 2──┐`); narrower, the name alone (`┌gre 2┬gre 3`: cut to
    // three columns it would be `g 2`, and the corners part the titles).
    let name = if text::width(&name) + 4 <= room {
        format!(" {name} ")
    } else if room >= 7 {
        format!(" {}", short_side_name(app, game, side, room - 2))
    } else {
        name
    };
    let block = panel(Line::from(Span::styled(name, p.side(side))), app, false);
    let drawn = if l.compact {
        let closed = if l.others_closed {
            Borders::ALL
        } else {
            Borders::TOP | Borders::LEFT | Borders::RIGHT
        };
        let drawn = Rect {
            x: area.x.saturating_sub(1),
            width: area.width + u16::from(area.x > 0),
            ..area
        };
        sharing_sides(drawn, buf, |buf| block.borders(closed).render(drawn, buf));
        drawn
    } else {
        block.render(area, buf);
        area
    };
    let bottom = u16::from(!l.compact || l.others_closed);
    let inner = Rect::new(
        drawn.x + 1,
        drawn.y + 1,
        drawn.width.saturating_sub(2),
        drawn.height.saturating_sub(1 + bottom),
    );
    let kingdom = game.kingdom(side);
    let n = u16::from(kingdom.grid().max(1));
    let cell_w = (inner.width / n).clamp(1, layout::OTHER_CELL_MAX);
    let cell_h = (inner.height / n).clamp(1, 2);
    let pieces = game.cell_marks(side);
    KingdomView {
        kingdom,
        ruleset: game.ruleset(),
        palette: p,
        region: kingdom_region(kingdom),
        cell_w,
        cell_h,
        ghosts: &[],
        marks: &[],
        pieces: &pieces,
        highlight: &[],
        acted: None,
        crossed: &[],
    }
    .render(inner, buf);
}

/// `draw` a box over `area`, its left and right sides joined to the lines that were on their
/// columns before (a frame's side and a box's top-left corner make `├`; two corners side by side
/// `┬`), where it shares them.
fn sharing_sides(area: Rect, buf: &mut Buffer, draw: impl FnOnce(&mut Buffer)) {
    let sides: Vec<(u16, u16)> = [area.x, area.right().saturating_sub(1)]
        .into_iter()
        .flat_map(|x| (area.y..area.bottom()).map(move |y| (x, y)))
        .filter(|&(x, y)| buf.area.contains(ratatui::layout::Position { x, y }))
        .collect();
    let before: Vec<String> = sides
        .iter()
        .map(|&(x, y)| buf[(x, y)].symbol().to_string())
        .collect();
    draw(buf);
    for (&(x, y), was) in sides.iter().zip(&before) {
        let cell = &mut buf[(x, y)];
        if let Some(joined) = joined_line(was, cell.symbol()) {
            cell.set_char(joined);
        }
    }
}

/// The box-drawing character that joins the lines of `a` and `b` (`│` and `┌`: `├`), `None`
/// where either draws no line.
fn joined_line(a: &str, b: &str) -> Option<char> {
    // The ways a character's lines go: up, down, left, right.
    const LINES: [(char, [bool; 4]); 11] = [
        ('│', [true, true, false, false]),
        ('─', [false, false, true, true]),
        ('┌', [false, true, false, true]),
        ('┐', [false, true, true, false]),
        ('└', [true, false, false, true]),
        ('┘', [true, false, true, false]),
        ('├', [true, true, false, true]),
        ('┤', [true, true, true, false]),
        ('┬', [false, true, true, true]),
        ('┴', [true, false, true, true]),
        ('┼', [true, true, true, true]),
    ];
    let ways = |s: &str| {
        let mut chars = s.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        LINES.iter().find(|(l, _)| *l == c).map(|&(_, w)| w)
    };
    let (a, b) = (ways(a)?, ways(b)?);
    let both: Vec<bool> = a.iter().zip(b).map(|(x, y)| *x || y).collect();
    LINES
        .iter()
        .find(|(_, w)| w.as_slice() == both.as_slice())
        .map(|&(c, _)| c)
}

fn footer(app: &App, game: &Game, l: &Areas, buf: &mut Buffer) {
    let p = app.config.palette;
    let area = l.footer;
    let (no_log, cut) = (l.log.height < 3, detail_cut(app, game, l));
    let (prompt, message) = footer_text(app, game, area.width, no_log, cut);
    let columns = usize::from(area.width);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    // A prompt too long for its row, with nothing to say under it, goes on in the message's
    // row (at 66x20 a claim's `... Enter claims` had been cut off).
    if area.height >= 3 && line_width(&message) == 0 && text::width(&prompt) > columns {
        let mut rows: Vec<Line> = text::wrap(&prompt, columns)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, bold)))
            .collect();
        if rows.len() == 2 {
            rows.push(footer_bar(app).within(columns).line(p.accent(Accent::Dim)));
            Paragraph::new(rows).render(area, buf);
            return;
        }
    }
    // Cut after a word, with `…`, where the row is too narrow (`Tab, Ente`).
    let prompt =
        text::words_in(&prompt, columns).unwrap_or_else(|| text::take_width(&prompt, columns));
    let prompt = Line::from(Span::styled(prompt, bold));
    if area.height >= 3 && line_width(&message) > columns && app.overlay().is_none() {
        // A line too long for its row (a file's path, a refusal with a placement's score, a
        // step's choice with the news it would make) goes on over the keys' row while it is
        // said; the keys come back with a short one. (Not while a box asks or shows: its keys
        // are the ones that answer it, and the quit dialog's had been hidden so.)
        let rows = area.height - 1;
        let lines = wrap_line(&message, columns, usize::from(rows));
        Paragraph::new(prompt).render(Rect { height: 1, ..area }, buf);
        Paragraph::new(lines).render(
            Rect {
                y: area.y + 1,
                height: rows,
                ..area
            },
            buf,
        );
        return;
    }
    let keys = footer_bar(app)
        .within(usize::from(area.width))
        .line(p.accent(Accent::Dim));
    Paragraph::new(vec![prompt, message, keys]).render(area, buf);
}

/// Whether the footer's second row (the news, or the status of the choice under the cursor)
/// is wider than its row, and so takes the keys' row too (not while a box is open: its keys
/// stay).
fn message_overflows(app: &App, game: &Game, l: &Areas) -> bool {
    let (no_log, cut) = (l.log.height < 3, detail_cut(app, game, l));
    l.footer.height >= 3
        && app.overlay().is_none()
        && line_width(&footer_text(app, game, l.footer.width, no_log, cut).1)
            > usize::from(l.footer.width)
}

/// Whether the step's list cuts the chosen choice's detail, or gives its row to the rivals (the
/// status line may say it).
fn detail_cut(app: &App, game: &Game, l: &Areas) -> bool {
    let rivals_over = rivals_over_detail(app, game, l);
    l.choices
        .is_some_and(|r| choices::detail_cut(app, game, r, l.compact, rivals_over))
}

/// Whether the step's list gives the row of the chosen choice's detail to the rivals
/// ([`choices::rivals_over_detail`]).
fn rivals_over_detail(app: &App, game: &Game, l: &Areas) -> bool {
    l.choices.is_some_and(|r| {
        choices::rivals_over_detail(
            app,
            game,
            r,
            l.compact,
            r.intersects(l.players),
            l.footer.width,
        )
    })
}

/// `line` cut into rows of `width` columns wherever a row ends, each character in its span's
/// style.
fn fill_line(line: &Line, width: usize) -> Vec<Line<'static>> {
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in &line.spans {
        for c in span.content.chars() {
            let w = text::width(c.encode_utf8(&mut [0; 4]));
            if used + w > width && used > 0 {
                rows.push(Vec::new());
                used = 0;
            }
            if let Some(row) = rows.last_mut() {
                row.push(Span::styled(c.to_string(), span.style));
            }
            used += w;
        }
    }
    rows.into_iter().map(Line::from).collect()
}

/// The columns `line` takes.
fn line_width(line: &Line) -> usize {
    line.spans.iter().map(|s| text::width(&s.content)).sum()
}

/// `line` wrapped at spaces into at most `rows` rows of `width` columns, each word in its
/// span's style (a word longer than a row cut into pieces); where it is longer still, the last
/// row ends after a word with `…`.
fn wrap_line(line: &Line, width: usize, rows: usize) -> Vec<Line<'static>> {
    let width = width.max(2);
    let mut words: Vec<(String, Style)> = Vec::new();
    for span in &line.spans {
        for word in span.content.split(' ').filter(|w| !w.is_empty()) {
            let mut rest = word.to_string();
            while text::width(&rest) > width {
                let piece = text::take_width(&rest, width);
                if piece.is_empty() {
                    break;
                }
                rest.drain(..piece.len());
                words.push((piece, span.style));
            }
            if !rest.is_empty() {
                words.push((rest, span.style));
            }
        }
    }
    let mut out: Vec<Vec<(String, Style)>> = Vec::new();
    let mut used = 0;
    for (word, style) in words {
        let w = text::width(&word);
        match out.last_mut() {
            Some(row) if used + 1 + w <= width => {
                row.push((word, style));
                used += 1 + w;
            }
            _ => {
                out.push(vec![(word, style)]);
                used = w;
            }
        }
    }
    if out.len() > rows {
        // Longer than its rows at spaces (a long path): filled to the rows' ends, as the
        // terminal would print it.
        let fill = fill_line(line, width);
        if fill.len() <= rows {
            return fill;
        }
        out.truncate(rows.max(1));
        if let Some(last) = out.last_mut() {
            // Room for the `…` after the last word kept.
            let row_width =
                |r: &[(String, Style)]| r.iter().map(|(w, _)| text::width(w) + 1).sum::<usize>();
            while last.len() > 1 && row_width(last) > width {
                last.pop();
            }
            if let Some((word, _)) = last.last_mut() {
                if text::width(word) + 1 > width {
                    *word = text::take_width(word, width - 1);
                }
                let kept = word.trim_end_matches([',', ':', ';', '(']).to_string();
                *word = format!("{kept}…");
            }
        }
    }
    out.into_iter()
        .map(|row| {
            let mut spans = Vec::new();
            for (i, (word, style)) in row.into_iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                spans.push(Span::styled(word, style));
            }
            Line::from(spans)
        })
        .collect()
}

/// The footer's first two rows: what the step asks (`prompt`) and the news or the status of the
/// choice under the cursor (`message`).
fn footer_text(
    app: &App,
    game: &Game,
    width: u16,
    no_log: bool,
    detail_cut: bool,
) -> (String, Line<'static>) {
    let p = app.config.palette;
    let who = game
        .to_act()
        .map(|pl| app.name(pl.index()))
        .unwrap_or_default();
    let domino = game
        .domino_to_place()
        .map(|d| format!("{} ({})", game.label(d), lines::domino_words(game, d)))
        .unwrap_or_default();
    let prompt = match app.mode() {
        // The last domino no king took: no choice, said so (a newcomer looked for one).
        Mode::Claim if game.legal_action_count() == 1 => {
            let last = game
                .legal_actions()
                .first()
                .and_then(|&a| match a {
                    crownlands_core::Action::Claim { domino } => Some(game.label(domino)),
                    _ => None,
                })
                .unwrap_or_default();
            format!("{who}: {last} is the line's last domino, yours. Enter claims it.")
        }
        Mode::Claim => format!(
            "{who}: claim a domino of the {} line. ←→ or row 1-{} choose, Enter claim.",
            if matches!(game.phase(), Phase::FirstClaims { .. }) {
                "first"
            } else {
                "next"
            },
            game.next_line().len().max(1)
        ),
        Mode::Place if app.must_discard() => {
            format!("{who}: {domino} fits nowhere. Enter (or d) to discard it.")
        }
        // Shorter where the row is short (at 80 columns a domino of two crowned terrains had
        // cut the keys: `Arrows/hjkl, r rotate, Tab…`): the keys said shorter, then the domino
        // by its number alone (the Placing box shows it).
        Mode::Place => {
            let label = game
                .domino_to_place()
                .map(|d| game.label(d))
                .unwrap_or_default();
            let forms = [
                format!("{who}: place {domino}. Arrows/hjkl, r rotate, Tab, Enter."),
                format!("{who}: place {domino}. Arrows, r rotate, Tab, Enter."),
                format!("{who}: place {label}. Arrows/hjkl, r rotate, Tab, Enter."),
                format!("{who}: place {label}. Arrows, r rotate, Tab, Enter."),
            ];
            let fits = |f: &String| text::width(f) <= usize::from(width);
            // None fitting (a long name), the whole where the row under it is free to take
            // its end, else the shortest (cut, as little as may be).
            match forms.iter().find(|f| fits(f)) {
                Some(f) => f.clone(),
                None if app.message().is_empty() => forms[0].clone(),
                None => forms[3].clone(),
            }
        }
        Mode::Step => step_status(app, game, &who, width),
        Mode::BotThinking => {
            // Which of the turn's decisions (a Queendomino turn holds up to five).
            let about = match game.phase() {
                Phase::FirstClaims { .. } | Phase::Claim { .. } => " about its claim".to_string(),
                Phase::Place { .. } => " about its placement".to_string(),
                // Said as the other two are (`about its Tax step`; it read `(Tax)`).
                Phase::Step { .. } => {
                    format!(" about its {} step", crate::app::describe::step_title(game))
                }
                Phase::Over => String::new(),
            };
            format!(
                "{who} is thinking{about} (pace {:.1} s, +/- to change)...",
                app.config.pace.as_secs_f64()
            )
        }
        Mode::GameOver => "Game over. Enter: play again, q: quit.".into(),
        Mode::Replay => {
            let (at, all) = app.replay_moves().unwrap_or((0, 0));
            if app.watch_playing() {
                // (Short enough for 80 columns, the pace said: `+`/`-` change it as it plays.)
                format!(
                    "Watching: move {at} of {all}, playing on at {:.1} s a move (p pauses, +/-).",
                    app.config.pace.as_secs_f64()
                )
            } else if app.watching_this_game() {
                // A match's moves are counted over the match (`Move 29 of game 3` is said of
                // the mistake watched): said so, not "this game".
                let what = if app.session().is_some_and(|s| s.match_games() > 1) {
                    "the match"
                } else {
                    "this game"
                };
                format!("Watching {what}: move {at} of {all}. → next, ← back, p plays, q analysis.")
            } else if app.resumable().is_some() {
                // A game left unfinished may be played on: said, in 80 columns at 999 moves.
                format!(
                    "Unfinished: move {at} of {all}. → next, ← back, p plays, r resumes, q setup."
                )
            } else {
                format!(
                    "Watching a saved game: move {at} of {all}. → next, ← back, p plays, q back to setup."
                )
            }
        }
        Mode::Setup | Mode::Resume => String::new(),
    };
    let status = if app.mode() == Mode::Claim {
        let note = claim_order_note(app, game);
        if note.is_empty() {
            Line::from("")
        } else {
            Line::from(Span::styled(note, p.accent(Accent::Dim)))
        }
    } else if app.mode() == Mode::Place && !app.must_discard() {
        match app.illegal() {
            Some(why) => Line::from(Span::styled(
                format!("Not here: {why}."),
                p.accent(Accent::Warn),
            )),
            None => {
                let preview = app.preview().map_or_else(String::new, |(after, before)| {
                    format!(" Score here {}.", score_here(app, after, before))
                });
                Line::from(Span::styled(
                    format!("Legal spot: Enter to place.{preview}"),
                    p.accent(Accent::Focus),
                ))
            }
        }
    } else {
        // In a step: what the chosen choice costs and gives, and what it changes at once,
        // whatever the module, whole (the footer wraps it onto the keys' row where it is
        // longer than its row).
        // Its detail too where the list cuts it, if the footer's two rows hold it all.
        let terms = Some(choices::chosen_terms(app, game, true))
            .filter(|t| detail_cut && text::wrap(t, usize::from(width)).len() <= 2)
            .unwrap_or_else(|| choices::chosen_terms(app, game, false));
        if terms.is_empty() {
            Line::from("")
        } else {
            Line::from(Span::styled(terms, p.accent(Accent::Dim)))
        }
    };
    let message = if app.message().is_empty() {
        // The last move, past the lines of steps skipped with nothing to do, as the moves box
        // leaves them out (after a build, the Dragon's skipped step had been said in its place),
        // and past news (the Queen changing hosts, a domino left unclaimed, said after the
        // move where they fit: they had stood in the move's place).
        let last = app
            .last_move()
            .or_else(|| app.log().last().map(|l| vec![l]));
        match last {
            Some(last) if no_log => {
                // After the status, what room is left.
                let used: usize = status.spans.iter().map(|s| text::width(&s.content)).sum();
                let gap = if used > 0 { 2 } else { 0 };
                let room = usize::from(width).saturating_sub(used + gap);
                let mut spans = status.spans;
                if let Some(told) = last_said(&last, room) {
                    if gap > 0 {
                        spans.push(Span::raw("  "));
                    }
                    spans.push(Span::styled(told, p.accent(Accent::Dim)));
                }
                Line::from(spans)
            }
            _ => status,
        }
    } else if app.mode() == Mode::Place
        && !app.must_discard()
        && !(app.message().starts_with(crate::app::CANNOT_PLACE) && app.illegal().is_some())
    {
        // The message first (a hint's move, an undo): it is news, where the spot's verdict is
        // said again at each move of the ghost and loses its end when the line is too short.
        // (Enter on a spot refused says why in the message: the verdict is not said twice.)
        // Both on the row, the verdict whole or short; else both where the footer's two rows
        // hold them (the keys' row taken while they are said), the verdict whole or short;
        // else cut on one row, as below.
        let both = |verdict: Line<'static>| {
            let mut spans = vec![Span::raw(app.message().to_string()), Span::raw("  ")];
            spans.extend(verdict.spans);
            Line::from(spans)
        };
        let short_verdict =
            app.preview()
                .filter(|_| app.illegal().is_none())
                .map(|(after, before)| {
                    Line::from(Span::styled(
                        format!("Legal spot, score here {after} ({:+}).", after - before),
                        p.accent(Accent::Focus),
                    ))
                });
        // (A word on a key pressed keeps the keys in view: they are what it is about.)
        let most = if app.says_what_a_key_does() { 1 } else { 2 };
        let fits = |line: &Line, rows: usize| wrap_line(line, usize::from(width), 3).len() <= rows;
        let said: Vec<Line> = [Some(status.clone()), short_verdict]
            .into_iter()
            .flatten()
            .map(both)
            .collect();
        if let Some(line) = (1..=most).find_map(|rows| said.iter().find(|l| fits(l, rows))) {
            return (prompt, line.clone());
        }
        let mut spans = vec![Span::raw(app.message().to_string())];
        // The verdict after it, cut after a word (`…`) where the line is too short for both,
        // or left out (it is said again at the ghost's next move). A legal spot's score is
        // said short first (after an undo at 80 columns the score was what got cut).
        let room = usize::from(width).saturating_sub(text::width(app.message()) + 2);
        let whole: usize = status.spans.iter().map(|s| text::width(&s.content)).sum();
        let short = app
            .preview()
            .filter(|_| app.illegal().is_none() && whole > room)
            // (Short: the score alone, without the bonus it loses, which the whole verdict
            // says; with it, the short form no longer fit beside the news.)
            .map(|(after, before)| {
                format!("Legal spot, score here {after} ({:+}).", after - before)
            })
            .filter(|t| text::width(t) <= room);
        let status = match short {
            Some(t) => Line::from(Span::styled(t, p.accent(Accent::Focus))),
            None => status,
        };
        for span in status.spans {
            if let Some(told) = text::words_in(&span.content, room).filter(|t| t.contains(' ')) {
                // Cut, it ends at its last whole sentence where it has one (`Legal spot: Enter
                // to place.`, not `... Score here…`).
                let told = match (told.strip_suffix('…'), told.rfind(". ")) {
                    (Some(_), Some(end)) => told[..=end].to_string(),
                    _ => told,
                };
                spans.push(Span::raw("  "));
                spans.push(Span::styled(told, span.style));
            }
        }
        Line::from(spans)
    } else if let Some(row) = app
        .row_chosen_by_number()
        .filter(|_| app.mode() == Mode::Step && detail_cut)
        .and_then(|row| {
            let terms = choices::chosen_terms(app, game, true);
            [format!("Row {}; Enter does it.  {terms}", row + 1), terms]
                .into_iter()
                .find(|said| text::wrap(said, usize::from(width)).len() <= 2)
        })
    {
        // A row chosen by its number whose detail the list cuts: the row's words are in the
        // list, and its detail (what a burn or a build does) is said whole in their place, as
        // the arrows have it said (without the row's number where both do not fit).
        Line::from(row)
    } else if app.mode() == Mode::Step {
        // A step's message (`Square 1 of 2 ...`, a row's number), then what the chosen action
        // changes at once, as far as the row goes (it had given way to the message).
        // Whole (the footer wraps it onto the keys' row where it is longer than its row), but
        // after a word on a key pressed, cut after a word where the row ends: the keys stay.
        // After a word on something else (an undo, a key of no use here) it says whose it is:
        // `Row 2: Score then 13 (+2).`
        let preview = match choices::chosen_preview(app, game) {
            p if p.is_empty() || app.message_is_of_the_chosen_row() => p,
            p => format!("Row {}: {p}", app.chosen_row_number()),
        };
        let mut spans = vec![Span::raw(app.message().to_string())];
        let room = usize::from(width).saturating_sub(text::width(app.message()) + 2);
        let told = if app.says_what_a_key_does() {
            text::words_in(&preview, room)
        } else {
            Some(preview)
        };
        if let Some(told) = told.filter(|t| !t.is_empty()) {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(told, p.accent(Accent::Dim)));
        }
        Line::from(spans)
    } else {
        Line::from(app.message().to_string())
    };
    (prompt, message)
}

/// While a box is open over the screen (help, the analysis, the moves), the keys line says what
/// the keys do there: the keys under it would only close the box.
pub fn popup_bar(app: &App) -> Option<Bar> {
    match app.overlay() {
        Some(Overlay::Help | Overlay::Analysis | Overlay::Moves) => {
            Some(Bar::new().text("↑↓ PgUp PgDn Home End scroll the box; other keys close it"))
        }
        // The quit question: the game's keys would only answer it (a playtester saw them
        // under the dialog).
        // Without the autosave, `s` saves the game first (the dialog says whether it is).
        Some(Overlay::ConfirmQuit) if offers_save(app) => Some(
            Bar::new()
                .key("y", Key::Char('y'))
                .text(" quit")
                .key("s", Key::Char('s'))
                .text(" save and quit; any other key stays"),
        ),
        Some(Overlay::ConfirmQuit) => Some(
            Bar::new()
                .key("y", Key::Char('y'))
                .text(" quit; any other key stays"),
        ),
        None => None,
    }
}

/// The words after `+/-` under the game; a click on them tells the bots' pace ([`Hit::Pace`]).
const BOT_SPEED: &str = "bot speed";

/// The keys under the game, each clickable: the step's own, then those that work anytime.
pub fn footer_bar(app: &App) -> Bar {
    if let Some(bar) = popup_bar(app) {
        return bar;
    }
    let bar = match app.mode() {
        Mode::Place if app.must_discard() => Bar::new().key("d discard", Key::Char('d')),
        Mode::Place if app.may_discard_fitting() => Bar::new()
            .key("r rotate", Key::Char('r'))
            .key("Tab next spot", Key::Tab)
            .key("d discard", Key::Char('d')),
        Mode::Place => Bar::new()
            .key("r rotate", Key::Char('r'))
            .key("Tab next spot", Key::Tab),
        Mode::Step => Bar::new().key("p skip", Key::Char('p')),
        Mode::GameOver if app.watching_saved_scores() => {
            return Bar::new()
                .key("a analysis", Key::Char('a'))
                .key("? help", Key::Char('?'))
                .key("q setup", Key::Char('q'));
        }
        Mode::Replay => {
            let bar = Bar::new()
                .key("→ next", Key::Right)
                .key("← back", Key::Left)
                .key(
                    if app.watch_playing() {
                        "p pause"
                    } else {
                        "p play"
                    },
                    Key::Char('p'),
                );
            // A game left unfinished: played on from where it stopped.
            let bar = if app.resumable().is_some() {
                bar.key("r resume", Key::Char('r'))
            } else {
                bar
            };
            return bar
                .key("Tab +10", Key::Tab)
                .key("G end", Key::Char('G'))
                .key("? help", Key::Char('?'))
                .key(
                    if app.watching_this_game() {
                        "q analysis"
                    } else {
                        "q setup"
                    },
                    Key::Char('q'),
                );
        }
        _ => Bar::new(),
    };
    let bar = bar
        .key("? help", Key::Char('?'))
        .key("H hint", Key::Char('H'))
        .key("u undo", Key::Char('u'))
        .key("s save", Key::Char('s'))
        // Before the bots' pace: a narrow screen cuts the line's end, and quitting must show.
        .key("q quit", Key::Char('q'));
    // The bots' pace, where there are bots.
    let bots = app
        .seats()
        .iter()
        .any(|s| matches!(s.kind, crate::app::seats::SeatKind::Bot(_)));
    if bots {
        bar.key("+", Key::Char('+'))
            .text("/")
            .glued("-", Key::Char('-'))
            .text(" ")
            .text(BOT_SPEED)
    } else {
        bar
    }
}

/// The status line's `Last:` in `room` columns: the move (`last`'s first line) and as much of
/// its news (its other lines) as fits whole, with `(m: all moves)` where there is room; else
/// the move cut after a word (`…`), or nothing where not even its first words fit (`m` lists
/// the moves).
fn last_said(last: &[&str], room: usize) -> Option<String> {
    let (mov, news) = last.split_first()?;
    let with = |k: usize| {
        std::iter::once(format!("Last: {mov}"))
            .chain(news[..k].iter().map(|n| n.to_string()))
            .collect::<Vec<_>>()
            .join(". ")
    };
    (0..=news.len())
        .rev()
        .flat_map(|k| [format!("{} (m: all moves)", with(k)), with(k)])
        .find(|t| text::width(t) <= room)
        .or_else(|| {
            // At least a word of the move after `Last:`.
            text::words_in(&with(0), room).filter(|t| room >= 16 && t.contains(' '))
        })
}

/// The footer's prompt in a module's step: who acts, what the step asks as far as `width`
/// allows ([`step_title`]), and its keys.
fn step_status(app: &App, game: &Game, who: &str, width: u16) -> String {
    // The step opens on Skip, its last choice: a digit chooses a row, Enter does it.
    // Where a row holds a thing at several squares, ←→ choose its square.
    let keys = format!(
        ". ↑↓ or 1-{} choose,{} Enter do it, p skip.",
        app.step_entries().len(),
        if app.step_has_squares() {
            " ←→ square,"
        } else {
            ""
        },
    );
    let around = text::width(who) + 2 + keys.chars().count();
    let what = step_title(game, usize::from(width), around);
    prompt_line(who, &what, &keys)
}

/// `who: what. keys` (`keys` given with its leading full stop), the full stop left out after a
/// prompt ending in its own mark (`Consult the omens?`).
fn prompt_line(who: &str, what: &str, keys: &str) -> String {
    let keys = match keys.strip_prefix('.') {
        Some(rest) if what.ends_with(['?', '!', ':', ';']) => rest,
        _ => keys,
    };
    format!("{who}: {what}{keys}")
}

/// Whether the footer's prompt, `width` wide, says the module's note (`Build (you have 4¢: not
/// enough for ...)`): the list of choices then leaves it out.
fn status_says_note(app: &App, game: &Game, width: u16) -> bool {
    let Some(note) = game.step_view().and_then(|v| v.note) else {
        return false;
    };
    let who = game
        .to_act()
        .map(|pl| app.name(pl.index()))
        .unwrap_or_default();
    step_status(app, game, &who, width).contains(&note)
}

/// What the module step the game waits for asks, in the module's words (without the final
/// full stop, to go in a title or a sentence), in `room` characters less `around`: the whole
/// prompt where it fits, else the step's short title with the module's note where that fits
/// (`Build (you have 4¢: not enough for Small Tavern 5¢)`: why a tile is not in the list),
/// else the title alone (`Tax`).
pub fn step_title(game: &Game, room: usize, around: usize) -> String {
    let Some(view) = game.step_view() else {
        return "nothing to do in this step but go on".to_string();
    };
    let fits = |t: &str| text::width(t) + around <= room;
    let prompt = view.prompt.trim_end_matches('.');
    if fits(prompt) {
        return prompt.to_string();
    }
    match view.note {
        Some(note) if fits(&format!("{} ({note})", view.title)) => {
            format!("{} ({note})", view.title)
        }
        _ => view.title,
    }
}

/// Where the quit dialog goes: 44 columns, wider for a long note (a save's name), whose lines
/// wrap inside it, and at least as wide as its buttons.
fn confirm_area(app: &App, area: Rect) -> Rect {
    let note = quit_note(app);
    let buttons = confirm_bar(app).line(Style::default()).width() + 2;
    let w = u16::try_from((text::width(&note) + 2).clamp(44, 72).max(buttons))
        .unwrap_or(44)
        .min(area.width);
    let lines = text::wrap(&note, usize::from(w.saturating_sub(2)))
        .len()
        .max(1);
    let h = (4 + u16::try_from(lines).unwrap_or(u16::MAX)).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn confirm_bar(app: &App) -> Bar {
    let bar = Bar::new().key("[ y: quit ]", Key::Char('y'));
    let bar = if offers_save(app) {
        bar.key("[ s: save, quit ]", Key::Char('s'))
    } else {
        bar
    };
    bar.key("[ n: stay ]", Key::Char('n'))
}

/// Whether quitting would lose the game as it stands (no autosave, not saved since its last
/// move): the quit dialog then offers `s` to save it first.
fn offers_save(app: &App) -> bool {
    app.quit_offers_save()
}

/// The quit dialog's words for a game `how` (`Saved`, `Autosaved`) in `file` but for its last
/// `since` moves, and that `s` saves them where it can.
fn not_the_last(how: &str, file: &str, since: usize, can_save: bool) -> String {
    let moves = crownlands_core::modules::describe::plural(
        i64::try_from(since).unwrap_or(i64::MAX),
        "move",
        "moves",
    );
    if can_save {
        let them = if since == 1 { "it" } else { "them" };
        format!("{how} in {file}, but not the last {moves}: s saves {them}.")
    } else {
        format!("{how} in {file}, but not the last {moves}.")
    }
}

/// What the quit dialog says of the game: autosaved, saved (and whether moves were played
/// since), or not saved.
fn quit_note(app: &App) -> String {
    if app.config.autosave_dir.is_some() {
        return match app.stays_in_loaded() {
            // Loaded and not moved in: the autosave holds another game until the first move.
            Some(file) => {
                format!("The game stays in {file}, as loaded (autosaved from its next move).")
            }
            None => "The game is autosaved.".to_string(),
        };
    }
    // What the autosave wrote before it stopped, where that is later than a save by hand.
    let by_hand = app.saved_in();
    if let Some((file, since)) = app.autosaved_in()
        && by_hand.as_ref().is_none_or(|(_, hand)| since < *hand)
    {
        return match since {
            0 => format!("The game is autosaved in {file}."),
            _ => not_the_last("Autosaved", &file, since, app.can_save()),
        };
    }
    match by_hand {
        Some((file, 0)) => return format!("The game is saved in {file}."),
        Some((file, since)) if app.config.save_dir.is_some() => {
            return not_the_last("Saved", &file, since, app.can_save());
        }
        _ => {}
    }
    if let Some(file) = app.stays_in_loaded() {
        return format!("The game stays in {file}, as loaded.");
    }
    // (Not saved as it stands: `offers_save` holds where there is a folder to save in.)
    if app.can_save() && app.game().is_some() {
        "The game is not saved: s saves it.".to_string()
    } else if app.config.save_dir.is_some() && app.game().is_some() {
        "The game is not saved, and the saves folder cannot take a file: quitting loses it."
            .to_string()
    } else if app.game().is_some() {
        "The game is not saved (no data directory).".to_string()
    } else {
        String::new()
    }
}

fn confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let r = confirm_area(app, area);
    // (As a popup is: no part of a panel's row left beside it, `squar` of `squares`.)
    help::clear_box(r, area, buf);
    let mut lines = vec![
        Line::from("Quit Crownlands?"),
        confirm_bar(app).line(app.config.palette.accent(Accent::Focus)),
    ];
    lines.extend(
        text::wrap(&quit_note(app), usize::from(r.width.saturating_sub(2)))
            .into_iter()
            .map(Line::from),
    );
    Paragraph::new(lines)
        .block(block(" Quit ", app))
        .render(r, buf);
}

/// The cells a kingdom is drawn over where no ghost moves in it (the other players', the end
/// screen's): the squares it holds, or with the castle fixed at the centre the whole square
/// around it, so that the castle's place and the room left on each side show.
pub(crate) fn kingdom_region(kingdom: &crownlands_core::Kingdom) -> (i8, i8, i8, i8) {
    match kingdom.castle_at() {
        crownlands_core::CastleAt::Anywhere => kingdom.bounds(),
        crownlands_core::CastleAt::Centre => {
            let r = kingdom.reach();
            (-r, -r, r, r)
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_prompt_ending_in_its_own_mark_takes_no_full_stop() {
        let keys = ". ↑↓ or 1-2 choose, Enter do it, p skip.";
        assert_eq!(
            super::prompt_line("You", "Consult the omens (11 left)?", keys),
            "You: Consult the omens (11 left)? ↑↓ or 1-2 choose, Enter do it, p skip."
        );
        assert_eq!(
            super::prompt_line("You", "Build", keys),
            "You: Build. ↑↓ or 1-2 choose, Enter do it, p skip."
        );
    }
    use super::*;

    #[test]
    fn a_shared_side_joins_the_lines_there() {
        // A frame's side and a box's top-left corner; two top corners side by side; a frame's
        // bottom-right corner and a side going on down; two bottom corners.
        assert_eq!(joined_line("│", "┌"), Some('├'));
        assert_eq!(joined_line("┐", "┌"), Some('┬'));
        assert_eq!(joined_line("┘", "│"), Some('┤'));
        assert_eq!(joined_line("┘", "└"), Some('┴'));
        assert_eq!(joined_line("─", "┌"), Some('┬'));
        assert_eq!(joined_line("┘", "┌"), Some('┼'));
        // Nothing to join: a blank, a letter.
        assert_eq!(joined_line(" ", "│"), None);
        assert_eq!(joined_line("a", "┌"), None);
    }

    #[test]
    fn the_last_move_is_said_with_its_news_where_they_fit() {
        let last = ["greedy 3 claims 32", "Domino 37 left unclaimed: discarded."];
        assert_eq!(
            last_said(&last, 80).as_deref(),
            Some("Last: greedy 3 claims 32. Domino 37 left unclaimed: discarded. (m: all moves)")
        );
        assert_eq!(
            last_said(&last, 62).as_deref(),
            Some("Last: greedy 3 claims 32. Domino 37 left unclaimed: discarded.")
        );
        // No room for the news: the move alone (the news had stood in its place).
        assert_eq!(
            last_said(&last, 52).as_deref(),
            Some("Last: greedy 3 claims 32 (m: all moves)")
        );
        assert_eq!(
            last_said(&last, 24).as_deref(),
            Some("Last: greedy 3 claims 32")
        );
        assert_eq!(last_said(&last, 17).as_deref(), Some("Last: greedy 3…"));
        assert_eq!(last_said(&last, 12), None);
        // Of two pieces of news, the first where both do not fit (before `m`'s words).
        let two = [
            "You: Build Tower Keep at 1,0 for 3¢",
            "The Queen goes to you (the most towers: 2).",
            "Domino 9 left unclaimed: discarded.",
        ];
        assert_eq!(
            last_said(&two, 90).as_deref(),
            Some(
                "Last: You: Build Tower Keep at 1,0 for 3¢. The Queen goes to you (the most \
                 towers: 2)."
            )
        );
    }

    #[test]
    fn scrub_leaves_no_control_or_bidirectional_character_on_screen() {
        // A paragraph draws an escape sequence and a bidirectional override into the cells as
        // they are (`Buffer::set_string` drops some, a `Paragraph` does not).
        let area = Rect::new(0, 0, 20, 2);
        let mut buf = Buffer::empty(area);
        Paragraph::new(vec![
            Line::from("a\u{1b}]0;x\u{7}b"),
            Line::from("c\u{202e}d é"),
        ])
        .render(area, &mut buf);
        let unsafe_cells = |buf: &Buffer| {
            buf.content()
                .iter()
                .flat_map(|c| c.symbol().chars())
                .any(crownlands_core::text::is_unsafe_char)
        };
        assert!(unsafe_cells(&buf), "the paragraph drew them");
        scrub(area, &mut buf);
        assert!(!unsafe_cells(&buf));
        let cells: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(cells.starts_with('a') && cells.contains('é'), "{cells:?}");
    }

    #[test]
    fn scrub_keeps_four_marks_on_a_letter() {
        // A file's name of forty accents on one letter (Tab completes it into the file field
        // as it is): the cell keeps the letter and four of them, the next cells stay as drawn.
        let area = Rect::new(0, 0, 12, 1);
        let mut buf = Buffer::empty(area);
        let zalgo = format!("a{}x.toml", "\u{301}".repeat(40));
        Paragraph::new(Line::from(zalgo)).render(area, &mut buf);
        let marks = |buf: &Buffer| -> usize {
            buf.content()
                .iter()
                .map(|c| c.symbol().chars().filter(|&ch| ch == '\u{301}').count())
                .max()
                .unwrap_or(0)
        };
        assert_eq!(marks(&buf), 40, "the paragraph drew them on one cell");
        scrub(area, &mut buf);
        assert_eq!(marks(&buf), crownlands_core::text::MAX_STACKED_MARKS);
        let row: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(
            row.starts_with(&format!("a{}x.toml", "\u{301}".repeat(4))),
            "{row:?}"
        );
        // Four marks, as a pointed Hebrew letter carries, are left as they are.
        let mut buf = Buffer::empty(area);
        Paragraph::new(Line::from("\u{5e9}\u{5bc}\u{5b8}\u{591}\u{5bd}!")).render(area, &mut buf);
        let before = buf.clone();
        scrub(area, &mut buf);
        assert_eq!(buf, before);
    }

    #[test]
    fn scrub_leaves_no_joiner_or_selector_on_screen() {
        // A name of joiners (`a\u{200d}` over and over), a family of joined emoji, a heart with
        // its selector: each cell keeps its first character, so the terminal draws the row as
        // the layout laid it.
        let area = Rect::new(0, 0, 20, 3);
        let mut buf = Buffer::empty(area);
        Paragraph::new(vec![
            Line::from("a\u{200d}a\u{200d}a\u{200d}b|"),
            Line::from("x\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}y|"),
            Line::from("\u{2764}\u{fe0f} z|"),
        ])
        .render(area, &mut buf);
        scrub(area, &mut buf);
        let joiners = buf
            .content()
            .iter()
            .flat_map(|c| c.symbol().chars())
            .filter(|&c| is_joiner(c))
            .count();
        assert_eq!(joiners, 0);
        let row = |y: u16| -> String {
            (0..area.width)
                .filter_map(|x| buf.cell((x, y)).map(|c| c.symbol().to_string()))
                .collect()
        };
        assert!(row(0).starts_with("aaab|"), "{:?}", row(0));
        assert!(
            row(1).starts_with('x') && row(1).contains("\u{1f468}"),
            "{:?}",
            row(1)
        );
        assert!(
            row(2).starts_with('\u{2764}') && row(2).contains("z|"),
            "{:?}",
            row(2)
        );
        // Every row still ends where the layout put it: the `|` at the same column as drawn.
        for y in 0..3 {
            let cols: usize = (0..area.width)
                .take_while(|&x| buf.cell((x, y)).is_some_and(|c| c.symbol() != "|"))
                .filter_map(|x| buf.cell((x, y)))
                .map(|c| text::width(c.symbol()).max(usize::from(c.symbol().is_empty())))
                .sum();
            assert!(cols <= usize::from(area.width), "row {y}");
        }
    }
}

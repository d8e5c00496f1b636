//! Rendering: a pure function of the app's state onto a ratatui [`Buffer`].
//!
//! Nothing here touches the terminal: [`render`] fills a buffer, so every screen can be tested
//! with ratatui's `TestBackend`. [`layout`](mod@layout) is shared with mouse hit-testing ([`hit`]).

mod analysis;
pub mod buttons;
mod choices;
mod end;
mod footer;
mod help;
mod hint;
mod hit;
pub mod kingdom;
pub mod layout;
mod lines;
mod log;
mod panels;
mod players;
mod resume;
mod setup;
mod size;
pub mod text;

use footer::*;
pub use footer::{footer_bar, popup_bar, step_title};
pub use hit::{Hit, hit};
use size::*;
pub use size::{fits, needed};

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

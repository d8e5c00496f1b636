//! Where everything goes on the game screen: a pure function of the game and the terminal's size.
//!
//! The screen is two columns under a header and over a footer. The left column holds the large
//! kingdom (and, by variant, the scores and the Builders' Board under it); the right column the
//! two lines, the scores, and a row with the Builders' Board and the other sides' kingdoms. The
//! log takes the largest free region left. Variants are tried from the roomiest to the most
//! compact (boxes with a title line and no frame), so big tables fit small terminals; on big
//! terminals the kingdom's cells grow and a side panel tells the rules of the current step.

use crate::app::{App, Mode};
use crownlands_core::{Game, Side};
use ratatui::layout::Rect;

/// Where the Builders' Board goes: under the large kingdom, or in the right column, beside the
/// other kingdoms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardAt {
    Left,
    Right,
}

/// One way to arrange the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub board_at: BoardAt,
    /// Boxes (other than the large kingdom) drawn with a title line and no frame.
    pub compact: bool,
    /// The scores under the large kingdom instead of in the right column.
    pub players_left: bool,
    /// The modules' box asked only its largest panel's rows and one more
    /// ([`super::panels::rows_short`]): it shows what the screen leaves it and says how many
    /// rows more `?` shows (six goals beside Queendomino's Board at 80x24), where the whole box
    /// would not fit.
    pub board_short: bool,
}

/// The Builders' Board's width in the right column.
const BOARD_W: u16 = 28;
/// The side panel's width bounds (the rules of the current step).
const PANEL_MIN: u16 = 30;
const PANEL_MAX: u16 = 46;
/// The least width the two lines need side by side.
const LINES_W: u16 = 44;
/// The most columns a cell of the other kingdoms takes (3, or as many as the large kingdom's
/// on big terminals: up to 5).
pub const OTHER_CELL_MAX: u16 = 5;
/// The rows a tall screen without the side panel keeps beside two-row cells of the large
/// kingdom (for the log, under the right column's boxes).
const TALL_LOG_ROWS: u16 = 12;
/// A log's rows counted at most (more are not worth a narrower log) and its width counted at
/// most (past it a move's line seldom wraps).
const LOG_ROWS_COUNTED: u16 = 30;
const LOG_WIDTH_COUNTED: u16 = 60;

/// Where everything goes on the game screen.
pub struct Areas {
    pub header: Rect,
    pub kingdom_box: Rect,
    /// The kingdom's cells, and the region of cells shown.
    pub kingdom: Rect,
    pub region: (i8, i8, i8, i8),
    pub cell_w: u16,
    /// Rows a cell takes (2 on big terminals).
    pub cell_h: u16,
    /// The side shown large.
    pub side: Side,
    pub board: Option<Rect>,
    pub log: Rect,
    pub current: Rect,
    pub next: Rect,
    pub players: Rect,
    /// The other sides' kingdoms, condensed.
    pub others: Vec<(Side, Rect)>,
    pub footer: Rect,
    /// The list of a module step's choices.
    pub choices: Option<Rect>,
    /// The side panel with the rules of the current step (big terminals).
    pub rules: Option<Rect>,
    /// Boxes drawn with a title line and no frame.
    pub compact: bool,
    /// Compact, the other kingdoms' boxes have a row under them for their bottom side (they
    /// are drawn whole, side by side, each sharing its left side with what stands on its left:
    /// its rect starts one column right of that side); else their sides run to their last row.
    pub others_closed: bool,
}

/// The rows of the modules' panels (the Builders' Board, ...), without a frame; 0: no box.
fn board_rows(game: &Game) -> u16 {
    super::panels::rows_needed(&game.panels())
}

/// The rows the modules' box asks where it is short ([`Variant::board_short`]).
fn short_board_rows(game: &Game) -> u16 {
    super::panels::rows_short(&game.panels())
}

/// The variants, roomiest first.
fn variants(game: &Game) -> Vec<Variant> {
    let boards: &[BoardAt] = if board_rows(game) > 0 {
        &[BoardAt::Left, BoardAt::Right]
    } else {
        &[BoardAt::Left]
    };
    // The whole box first; only where no arrangement has room for it, one that shows part.
    let shorts: &[bool] = if short_board_rows(game) < board_rows(game) {
        &[false, true]
    } else {
        &[false]
    };
    let mut v = Vec::new();
    for &board_short in shorts {
        for (compact, players_left) in [(false, false), (true, false), (true, true)] {
            for &board_at in boards {
                v.push(Variant {
                    board_at,
                    compact,
                    players_left,
                    board_short,
                });
            }
        }
    }
    v
}

/// The sizes of the boxes under a variant, before placing them.
struct Sizes {
    n: u16,
    span: u16,
    frame: u16,
    lines_h: u16,
    players_h: u16,
    board_h: u16,
    others: u16,
    other_h: u16,
    /// An other kingdom's width with one column a cell.
    other_w1: u16,
}

fn sizes(game: &Game, v: Variant) -> Sizes {
    let n = u16::from(game.rules().grid_size.max(1));
    let frame = if v.compact { 1 } else { 2 };
    let board = board_rows(game);
    Sizes {
        n,
        // The cells a square may ever take, each way: the grid's reach on both sides of the
        // castle, or with the castle fixed at the centre the grid itself.
        span: match game.rules().castle {
            crownlands_core::CastleAt::Anywhere => 2 * n - 1,
            crownlands_core::CastleAt::Centre => n,
        },
        frame,
        lines_h: u16::from(game.rules().line_size) + frame,
        players_h: u16::from(game.sides()) + frame,
        // The panels' rows (asked: where the box is short, it gets what the screen leaves),
        // the frame.
        board_h: match board {
            0 => 0,
            b if v.board_short => b.min(short_board_rows(game)) + frame,
            b => b + frame,
        },
        others: u16::from(game.sides()).saturating_sub(1),
        other_h: if game.sides() > 1 { n + frame } else { 0 },
        other_w1: n + frame,
    }
}

/// The size the game screen needs under `v`, as (columns, rows), with the kingdom's cells 2
/// columns wide.
fn need(game: &Game, v: Variant) -> (u16, u16) {
    let s = sizes(game, v);
    let big_w = s.span * 2 + 2;
    let mut left_h = s.span + 2;
    if v.players_left {
        left_h += s.players_h;
    }
    let mut right_h = s.lines_h;
    if !v.players_left {
        right_h += s.players_h;
    }
    let others_w = s.others * s.other_w1;
    let (row_w, row_h) = match v.board_at {
        BoardAt::Left => {
            left_h += s.board_h;
            (others_w, s.other_h)
        }
        BoardAt::Right => (BOARD_W + others_w, s.other_h.max(s.board_h)),
    };
    right_h += row_h;
    // Room for a log (3 rows) when the left column has nothing under the kingdom.
    if !v.players_left && (v.board_at == BoardAt::Right || s.board_h == 0) {
        left_h += 3;
    }
    let w = big_w + LINES_W.max(row_w);
    let h = 1 + 3 + left_h.max(right_h);
    (w.max(64), h.max(16))
}

/// The variant that fits `area`, the roomiest first.
fn variant_for(game: &Game, area: Rect) -> Option<Variant> {
    variants(game).into_iter().find(|&v| {
        let (w, h) = need(game, v);
        area.width >= w && area.height >= h
    })
}

/// Whether the game screen fits `area`.
pub fn fits_game(game: &Game, area: Rect) -> bool {
    variant_for(game, area).is_some()
}

/// The least size the game screen needs (of its variants, the one needing the fewest rows).
/// Every layout's least size, as (columns, rows): a terminal that has one of them fits.
pub fn sizes_game(game: &Game) -> Vec<(u16, u16)> {
    variants(game).into_iter().map(|v| need(game, v)).collect()
}

pub fn needed_game(game: &Game) -> (u16, u16) {
    variants(game)
        .into_iter()
        .map(|v| need(game, v))
        .min_by_key(|&(w, h)| (h, w))
        .unwrap_or((64, 16))
}

/// The side shown large: the acting player's, or the first human's.
pub fn focus_side(app: &App, game: &Game) -> Side {
    // One person at the table and a bot to act: the person's kingdom stays large (the bot's
    // move shows on its own, condensed); a newcomer's kingdom had shrunk at every bot's turn.
    let humans: Vec<usize> = app
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_human())
        .map(|(i, _)| i)
        .collect();
    if app.mode() == Mode::BotThinking
        && let [only] = humans.as_slice()
        && let Some(seat) = crownlands_core::Seat::from_index(*only)
    {
        return game.side_of(seat);
    }
    let player = game
        .to_act()
        .or_else(|| {
            let human = app.seats().iter().position(|s| s.is_human())?;
            crownlands_core::Seat::from_index(human)
        })
        .unwrap_or_default();
    game.side_of(player)
}

/// The largest of `candidates` for a log: its rows times its width, each counted up to a bound
/// (a tall column beside the rules shows more moves than a wide strip under the kingdom).
fn roomiest(candidates: &[Rect]) -> Rect {
    candidates
        .iter()
        .copied()
        .filter(|r| r.height >= 3 && r.width >= 12)
        .max_by_key(|r| {
            u32::from(r.height.min(LOG_ROWS_COUNTED)) * u32::from(r.width.min(LOG_WIDTH_COUNTED))
        })
        .unwrap_or_default()
}

/// The columns a cell the other kingdoms get in `room` columns: three (a square's crowns and
/// pieces apart from its neighbour's, as in the large kingdom), else two, else one.
fn other_cell_w(s: &Sizes, room: u16) -> u16 {
    (1..=OTHER_CELL_MAX)
        .rev()
        .find(|&w| s.others * (s.n * w + s.frame) <= room)
        .unwrap_or(1)
}

/// The side panel's width less what the two lines need to show the players' names whole beside
/// a king (each line: its frame, the mark and number, a domino, ` ♔` and the name), down to its
/// least width: a bigger terminal had shown `♔Pla 1` where 80 columns,
/// without the panel, show `♔Player 1`. `right_w`: the right column's width beside it.
fn panel_after_lines(app: &App, game: &Game, panel_w: u16, right_w: u16) -> u16 {
    if panel_w <= PANEL_MIN {
        return panel_w;
    }
    let longest = (0..usize::from(game.players()))
        .map(|p| unicode_width::UnicodeWidthStr::width(app.name(p).as_str()))
        .max()
        .unwrap_or(0);
    let want = u16::try_from(2 * (2 + 7 + 6 + longest)).unwrap_or(u16::MAX);
    let deficit = want.saturating_sub(right_w);
    panel_w - deficit.min(panel_w - PANEL_MIN)
}

/// The side panel's width once the other kingdoms have taken what they need of it for two
/// columns a cell where they would have one (at 120 columns, four other kingdoms of 5x5 get
/// their crowns shown for four of the panel's columns), keeping the panel at least `PANEL_MIN`
/// wide. With pieces on the kingdoms (knights, buildings: `pieces`), from two columns a cell to
/// three as well: a square's crown and its piece side by side (`L1k`), where two columns
/// underline the piece (4-player Queendomino at 120x40: three kingdoms in two-column cells
/// beside five columns and a panel of 36).
/// `right_w` is the right column's width with the panel as it is.
fn panel_after_others(
    panel_w: u16,
    right_w: u16,
    s: &Sizes,
    board_right: bool,
    pieces: bool,
) -> u16 {
    if panel_w <= PANEL_MIN || s.others == 0 {
        return panel_w;
    }
    let room = right_w.saturating_sub(if board_right { BOARD_W } else { 0 });
    // Only from one column a cell (terrains alone) to two (crowns shown), and to three where
    // there are pieces: a third, pieces apart, is not worth the rules' and the moves' columns
    // where there are none.
    let have = other_cell_w(s, room);
    let want = match have {
        1 => 2,
        2 if pieces => 3,
        _ => return panel_w,
    };
    let deficit = (s.others * (s.n * want + s.frame)).saturating_sub(room);
    if deficit <= panel_w - PANEL_MIN {
        panel_w - deficit
    } else {
        panel_w
    }
}

/// The modules' box grown down into the rows under it that no other box takes (`taken`), as
/// many as lay its rows whole ([`super::panels::rows_laid`]: an item its row cuts on two
/// rows): at 120x40 with three players the Builders' Board had cut `2¢* Knight Tollhouse +1kn
/// tax+kn…` over empty rows.
fn board_grown(
    app: &App,
    game: &Game,
    board: Rect,
    compact: bool,
    taken: &[Rect],
    body_bottom: u16,
) -> Rect {
    let wanted = super::panels::rows_laid(app, game, board.width, compact);
    if wanted <= board.height {
        return board;
    }
    // The first box under it, in its columns (one beside it going on below: none free).
    let free_to = taken
        .iter()
        .filter(|r| r.area() > 0 && r.x < board.right() && board.x < r.right())
        .filter(|r| r.bottom() > board.bottom())
        .map(|r| r.y.max(board.bottom()))
        .min()
        .unwrap_or(body_bottom)
        .min(body_bottom);
    let height = wanted
        .min(free_to.saturating_sub(board.y))
        .max(board.height);
    Rect { height, ..board }
}

/// Lay out the game screen; `None` when `area` is too small for it. Of the variants that fit,
/// the roomiest; but where the Builders' Board under the kingdom would cut its rows (its
/// names squeezed to initials at 100x30) and the board beside the other kingdoms fits them
/// better, that one.
pub fn layout(app: &App, game: &Game, area: Rect) -> Option<Areas> {
    let v = variant_for(game, area)?;
    let first = layout_as(app, game, area, v)?;
    if v.board_at == BoardAt::Left
        && let Some(a) = first.board
        && super::panels::cuts(app, game, a, v.compact)
    {
        let right = Variant {
            board_at: BoardAt::Right,
            ..v
        };
        let (w, h) = need(game, right);
        if area.width >= w
            && area.height >= h
            && let Some(other) = layout_as(app, game, area, right)
            && let Some(b) = other.board
            && b.width > a.width
            && b.height >= a.height.min(board_rows(game) + 2)
        {
            return Some(other);
        }
    }
    Some(first)
}

/// The large kingdom drawn over the cells where squares may still go (its frame) instead of
/// every cell the grid could ever reach, in wider cells, where the frame is narrow enough for
/// them: a 7x7 kingdom grown to its full width at 80x24 is 7 cells of 3 columns, not 13 of 2
/// (its crowned squares ran into each other, `W1L`, while the small kingdoms beside it read
/// clearly). As (the cells' rect, the region of cells, the cells' width); as given where it
/// gains nothing.
fn zoomed(
    game: &Game,
    side: Side,
    kingdom: Rect,
    region: (i8, i8, i8, i8),
    (cell_w, cell_h): (u16, u16),
) -> (Rect, (i8, i8, i8, i8), u16) {
    let frame = game.kingdom(side).frame();
    let span = |lo: i8, hi: i8| u16::try_from(i16::from(hi) - i16::from(lo) + 1).unwrap_or(0);
    let (fw, fh) = (span(frame.0, frame.2), span(frame.1, frame.3));
    // The widest cells of each height the game draws (one row: ` F1`; two: 4 or 5; three: 6; four: 8).
    let widest = match cell_h {
        1 => 3,
        2 => 5,
        3 => 6,
        _ => 8,
    };
    if fw == 0 || fh == 0 {
        return (kingdom, region, cell_w);
    }
    let wider = (kingdom.width / fw).min(widest);
    if wider <= cell_w || fh * cell_h > kingdom.height {
        return (kingdom, region, cell_w);
    }
    let (w, h) = (fw * wider, fh * cell_h);
    let at = Rect::new(
        kingdom.x + (kingdom.width - w) / 2,
        kingdom.y + (kingdom.height - h) / 2,
        w,
        h,
    );
    (at, frame, wider)
}

/// [`layout`] in variant `v`.
fn layout_as(app: &App, game: &Game, area: Rect, v: Variant) -> Option<Areas> {
    let (need_w, need_h) = need(game, v);
    let s = sizes(game, v);
    // The kingdom's cells grow with the room first (3 or 4 columns, 2 rows when tall enough);
    // then a side panel with the rules, when the terminal is wide enough to spare it.
    let extra_h = area.height - need_h;
    let extra_w = area.width - need_w;
    // A big terminal (about 180x50 for 5x5 kingdoms): cells of 6x3, as square as 4x2 and
    // half as large again, the square's letters on their middle line.
    // A very big one (from 208x48 with 5x5 kingdoms, 240x62 for the Mighty Duel): cells of 8x4.
    let cell_h: u16 = if extra_h >= s.span * 3 && extra_w >= s.span * 6 + PANEL_MIN + 60 {
        4
    } else if extra_h >= s.span * 2 && extra_w >= s.span * 4 + PANEL_MIN + 40 {
        3
    } else if extra_h >= s.span && extra_w >= s.span * 2 + PANEL_MIN {
        2
    } else {
        1
    };
    let cell_w: u16 = if cell_h == 4 {
        8
    } else if cell_h == 3 {
        6
    } else if cell_h == 2 && extra_w >= s.span * 3 + PANEL_MIN + 20 {
        5
    } else if cell_h == 2 {
        4
    } else if extra_w >= s.span {
        3
    } else {
        2
    };
    let spare = extra_w - s.span * (cell_w - 2);
    let panel_w = if spare >= PANEL_MIN {
        spare.min(PANEL_MAX)
    } else {
        0
    };
    let left_w = s.span * cell_w + 2;
    let panel_w = panel_after_lines(app, game, panel_w, area.width - panel_w - left_w);
    // (Pieces: a module that puts marks on the kingdoms' squares, as its kingdom-file marks say.)
    let pieces = game
        .modules()
        .iter()
        .any(|m| !m.file_syntax().marks.is_empty());
    let panel_w = panel_after_others(
        panel_w,
        area.width - panel_w - left_w,
        &s,
        v.board_at == BoardAt::Right && s.board_h > 0,
        pieces,
    );
    let main_w = area.width - panel_w;
    let body_y = area.y + 1;
    let body_h = area.height - 4;
    // One-row cells only for want of width, on a screen wide enough for the side panel, with
    // nothing under the large kingdom and the rows for two-row cells: two rows a cell (a
    // castle-centred 5x5 kingdom had stood in 5 rows over an empty column, beside other
    // kingdoms drawn larger).
    // So too without the panel where the screen is tall enough to keep a log of some rows
    // under them (80x60 had drawn a 5x5 kingdom in 9 rows over 40 rows of log), in cells of
    // 3 columns (2 columns and 2 rows read as a column of dots: the Mighty Duel at 80x60).
    let cell_h = if cell_h == 1
        && (panel_w > 0 || (cell_w >= 3 && body_h >= s.span * 2 + 2 + TALL_LOG_ROWS))
        && !v.players_left
        && !(v.board_at == BoardAt::Left && s.board_h > 0)
        && body_h >= s.span * 2 + 2
    {
        2
    } else {
        cell_h
    };
    let body_bottom = body_y + body_h;
    let kingdom_h = s.span * cell_h;
    let kingdom_box = Rect::new(area.x, body_y, left_w, kingdom_h + 2);
    let kingdom = Rect::new(kingdom_box.x + 1, kingdom_box.y + 1, left_w - 2, kingdom_h);
    let right_x = area.x + left_w;
    let right_w = main_w - left_w;
    let side = focus_side(app, game);

    // The left column, top down.
    let mut left_y = kingdom_box.bottom();
    let mut players = Rect::default();
    if v.players_left {
        // Compact, the scores have no frame: their last column is left blank, so that a row
        // filled to its end does not run on into the right column's (a 66x20 player read
        // `▶You  2p 7¢ 1kn supply 18kn 15tw` as one row).
        players = Rect::new(area.x, left_y, left_w - u16::from(v.compact), s.players_h);
        left_y = players.bottom();
    }
    // The modules' box takes its rows where there are, all of them where it fits whole.
    let board_full = if s.board_h > 0 {
        board_rows(game) + s.frame
    } else {
        0
    };
    let mut board = None;
    if v.board_at == BoardAt::Left && s.board_h > 0 {
        let h = board_full.min(body_bottom.saturating_sub(left_y));
        board = Some(Rect::new(area.x, left_y, left_w, h));
        left_y += h;
    }

    // The right column, top down; the lines grow a little when there is room (a step's choices
    // show over them).
    let right_need = need_h.saturating_sub(4);
    let slack = body_h.saturating_sub(right_need);
    let modules = !game.module_names().is_empty();
    // (Leaving rows for a log under the others.)
    let lines_h = s.lines_h
        + if modules {
            slack.saturating_sub(5).min(4)
        } else {
            0
        };
    let current = Rect::new(right_x, body_y, right_w / 2, lines_h);
    let next = Rect::new(
        right_x + right_w / 2,
        body_y,
        right_w - right_w / 2,
        lines_h,
    );
    let mut right_y = body_y + lines_h;
    if !v.players_left {
        players = Rect::new(right_x, right_y, right_w, s.players_h);
        right_y = players.bottom();
    }
    let room_below = body_bottom.saturating_sub(right_y);
    let board_right = v.board_at == BoardAt::Right && s.board_h > 0;
    let others_list: Vec<Side> = game.all_sides().filter(|&x| x != side).collect();
    let count = others_list.len() as u16;
    // The other kingdoms' cells as wide as fits beside a board of its least width.
    let others_room = right_w.saturating_sub(if board_right { BOARD_W } else { 0 });
    // (Three columns where they fit, for a square's crowns and marks, and on big terminals as
    // wide as the large kingdom's: they read as it does.)
    let ocw = other_cell_w(&s, others_room).min(cell_w.max(3));
    let ow = s.n * ocw + s.frame;
    let mut others_x = right_x;
    if board_right {
        // The board takes what the other kingdoms leave of the row (its rows' names then fit).
        let board_w = right_w.saturating_sub(count * ow).max(BOARD_W);
        board = Some(Rect::new(
            right_x,
            right_y,
            board_w,
            board_full.min(room_below),
        ));
        others_x += board_w;
    }
    // Two rows a cell where the side panel takes the log beside it and the rows are there (the
    // other kingdoms read as the large one does, not flattened), else one; never taller than
    // the large kingdom's own cells (a castle-centred 5x5 kingdom in one-row cells beside an
    // opponent's in two-row cells read as the smaller of the two).
    let tall = s.n * 2 + s.frame;
    let oh = if panel_w > 0 && ocw >= 3 && cell_h >= 2 && room_below >= tall {
        tall
    } else {
        s.other_h.min(room_below)
    };
    // Compact, their boxes are closed by a row under them where it is free (the view draws
    // them whole, sharing their sides: [`Areas::others_closed`]).
    let others_closed = v.compact && room_below > oh;
    let oh = oh + u16::from(others_closed);
    let others: Vec<(Side, Rect)> = others_list
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| {
            let at = others_x + i as u16 * ow;
            (at + ow <= right_x + right_w).then(|| (x, Rect::new(at, right_y, ow, oh)))
        })
        .collect();
    let row_bottom = right_y
        + board
            .filter(|_| v.board_at == BoardAt::Right)
            .map_or(0, |b| b.height)
            .max(if others.is_empty() { 0 } else { oh });

    // The side panel: the rules, then (maybe) the log under them.
    let rules_h = if panel_w > 0 {
        let lines = crownlands_core::modules::describe::phase_rules(game);
        let text: usize = lines
            .iter()
            .map(|l| super::text::wrap(l, usize::from(panel_w - 2)).len())
            .sum();
        (text as u16 + 2).clamp(4, body_h / 2)
    } else {
        0
    };
    let mut rules = (panel_w > 0).then(|| Rect::new(area.x + main_w, body_y, panel_w, rules_h));

    // A step's choices show over the lines, and over the scores too (the acting side's own row
    // kept on the list's last line) when the lines' rows cannot hold the list, its chosen
    // one's detail and that row: on a tall screen the scores stay in view.
    let over_players = if v.players_left { 0 } else { s.players_h };
    let wanted = u16::try_from(app.step_entries().len() + super::choices::DETAIL_MAX + 1 + 2)
        .unwrap_or(u16::MAX);
    let choices_h = if wanted <= lines_h {
        lines_h
    } else {
        lines_h + over_players
    }
    .max(4);
    // Rows wider than the right column take the rules' columns too, for the step (the rules
    // stay on `?`): at 120x40 a build's square was cut off and two builds read alike.
    let mut choices_w = right_w;
    let mut log_under_choices = None;
    if matches!(app.mode(), Mode::Step)
        && let Some(r) = rules
        && super::choices::widest(app, game) > right_w
    {
        choices_w = right_w + r.width;
        rules = None;
        // The log that went under the rules starts under the choices (the rules are hidden).
        let top = body_y + choices_h;
        log_under_choices = Some(Rect::new(
            r.x,
            top,
            r.width,
            body_bottom.saturating_sub(top),
        ));
    }

    // The list covers the scores: where the side panel has the rows under its rules, they go
    // there for the step (everyone's coins and knights stay in view while choosing).
    let mut under_rules = rules.map(|r| r.bottom());
    let covered = matches!(app.mode(), Mode::Step) && choices_h > lines_h && over_players > 0;
    let mut moved = false;
    if covered
        && let Some(r) = rules
        && body_bottom.saturating_sub(r.bottom()) >= s.players_h * 2
    {
        players = Rect::new(r.x, r.bottom(), r.width, s.players_h);
        under_rules = Some(players.bottom());
        moved = true;
    }
    // Else under the other kingdoms, where their row leaves the rows (the list took the rules'
    // columns at 140x45, and the scores had gone from the screen for the step).
    let mut under_others = row_bottom;
    if covered && !moved && body_bottom.saturating_sub(row_bottom) >= s.players_h {
        players = Rect::new(right_x, row_bottom, right_w, s.players_h);
        under_others = players.bottom();
        moved = true;
    }
    // Else under the other kingdoms alone, beside a Builders' Board taller than they are
    // (100x30: the rows under the board are too few, those under the kingdoms are free).
    if covered
        && !moved
        && let Some(first) = others.first().map(|&(_, r)| r)
        && board_right
    {
        let (x, y) = (first.x, first.bottom());
        let w = (right_x + right_w).saturating_sub(x);
        if body_bottom.saturating_sub(y) >= s.players_h && w >= 24 {
            players = Rect::new(x, y, w, s.players_h);
        }
    }

    // The log: the roomiest free region.
    let bottom_y = left_y.max(under_others);
    let mut candidates = vec![
        Rect::new(area.x, left_y, left_w, body_bottom.saturating_sub(left_y)),
        Rect::new(
            right_x,
            under_others,
            right_w,
            body_bottom.saturating_sub(under_others),
        ),
        Rect::new(
            area.x,
            bottom_y,
            main_w,
            body_bottom.saturating_sub(bottom_y),
        ),
    ];
    if let (Some(r), Some(top)) = (rules, under_rules) {
        candidates.push(Rect::new(
            r.x,
            top,
            r.width,
            body_bottom.saturating_sub(top),
        ));
    }
    candidates.extend(log_under_choices);
    let log = roomiest(&candidates);
    // The log elsewhere and nothing under the rules (a big terminal): the rules take their
    // column to the bottom, the table's rules under the step's (the column stood empty at
    // 200x60 beside the scores and the other kingdoms).
    if let Some(r) = rules.as_mut()
        && under_rules == Some(r.bottom())
        && log.x != r.x
    {
        r.height = body_bottom.saturating_sub(r.y);
    }

    let footer = Rect::new(area.x, area.bottom() - 3, area.width, 3);
    let choices =
        matches!(app.mode(), Mode::Step).then(|| Rect::new(right_x, body_y, choices_w, choices_h));
    // The span's cells around the castle (`n - 1` each way, or half that with the castle fixed at
    // the centre).
    let half = i8::try_from((s.span.max(1) - 1) / 2).unwrap_or(7);
    let (kingdom, region, cell_w) = zoomed(
        game,
        side,
        kingdom,
        (-half, -half, half, half),
        (cell_w, cell_h),
    );
    let choices_taken = choices.unwrap_or_default();
    let others_taken = others.iter().map(|&(_, r)| r);
    let taken: Vec<Rect> = [kingdom_box, log, current, next, players, choices_taken]
        .into_iter()
        .chain(rules)
        .chain(others_taken)
        .collect();
    let board = board.map(|b| board_grown(app, game, b, v.compact, &taken, body_bottom));
    Some(Areas {
        header: Rect::new(area.x, area.y, area.width, 1),
        kingdom_box,
        kingdom,
        region,
        cell_w,
        cell_h,
        side,
        board,
        log,
        current,
        next,
        players,
        others,
        footer,
        choices,
        rules,
        compact: v.compact,
        others_closed,
    })
}

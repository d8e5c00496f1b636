//! Whether the screen fits the terminal, what size it needs, and the screen saying so.

use super::*;

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
pub(super) fn short_of(area: Rect, sizes: &[(u16, u16)], (w, h): (u16, u16)) -> String {
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
pub(super) fn sizes(app: &App) -> Vec<(u16, u16)> {
    match app.game() {
        Some(game) if !matches!(app.mode(), Mode::Setup | Mode::Resume) => layout::sizes_game(game),
        _ => vec![SETUP_SIZE],
    }
}

/// The size needed, in place of a screen the terminal is too small for. Only quitting works there
/// (see [`App::screen_too_small`]): the confirmation asked, or that other keys do nothing, is
/// said.
pub(super) fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
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

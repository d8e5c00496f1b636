//! What a mouse click at a screen position means.

use super::*;

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

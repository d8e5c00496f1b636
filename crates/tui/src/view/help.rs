//! `?`: the current step and its keys, how the game scores, and the keys that work anytime.

use super::block;
use super::text::wrap;
use crate::app::{App, Mode};
use crate::palette::Accent;
use crownlands_core::modules::describe::{scoring_rules, table_rules};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

/// A step's help: one paragraph a line, each wrapped to the help's width (so a narrow terminal
/// gets whole lines, not a line of the width the text was written for and a word on the next).
fn step_help(mode: Mode) -> &'static [&'static str] {
    match mode {
        Mode::Resume => &[
            "Your last game is not finished: it was autosaved after every move.",
            "r (or Enter on Resume) goes on exactly where it stopped. n starts a new game and \
             keeps this one KEPT.",
            "q quits and leaves everything as it is. ←→ or Tab choose a button.",
            "Mouse: click a button.",
        ],
        Mode::Setup => &[
            "The game: each round, every king claims a domino of a new line; the next round you \
             lay it in your kingdom, joined to your castle or to a square of the same terrain, \
             within a square of 5x5 (the ruleset says its size). At the end each territory (a \
             group of squares of one terrain) scores its squares times the crowns on it. In \
             play, ? explains each step and H suggests a move.",
            "Choose the ruleset, the number of players and who plays each seat. ↑↓ (or j k, \
             Tab) move between rows; ←→ (or h l, space) change a row.",
            "Open a file: o (or Enter on its row, or a click), type the path of a ruleset file \
             (~/ is your home folder; Tab completes it), Enter opens it and lists it; Esc \
             leaves the field. Enter on Start begins; q quits.",
            "On a seat, n names its player: type the name, Enter ends it. K and J move the \
             player (who plays and the name) up or down a seat.",
            "In a ruleset of teams, its seating says who plays together; side by side (Royal \
             Wedding in teams): seats 1 and 2 share a kingdom, 3 and 4 the next, and so on. \
             Move players with K and J to choose the teams.",
            "Finished games are kept in the saves folder; the last row lists them: ←→ choose \
             one, Enter watches it move by move; r resumes one left unfinished.",
            "Mouse: click a ruleset, a row's ‹ or ›, Start, or a key above.",
        ],
        Mode::Claim => &[
            "Claim: put your king on a domino of the next line.",
            "Kings on lower-numbered dominoes place and claim first next round.",
            "You place the domino next round, joined to your castle (any terrain) or to a \
             square of the same terrain, inside the kingdom's square.",
            "←→ (or h l, Tab) or a row's number choose (two digits in a line of ten or more: 1 2 \
             for row 12), Enter (or space) claims.",
            // (The log's placements are read in the claims too: the first a newcomer sees.)
            "Placements in the log count from the castle (0,0): `at -3,-1→` is the first \
             square 3 left and 1 up, the second to its right (↓ below, ← left, ↑ up).",
        ],
        Mode::Place => &[
            "Place: lay the domino under your king in your kingdom.",
            "Join it to your castle (any terrain) or to a square of the same terrain, inside the \
             kingdom's square.",
            "Arrows or h j k l move the ghost, r rotates it a quarter turn clockwise about its \
             first square (the one the line names first), Tab/Shift-Tab jump between legal \
             spots; + marks squares a legal placement covers.",
            "Green ghost: legal, Enter (or space) places. Red: the reason is shown below.",
            "When nothing fits, Enter (or d) discards; otherwise you must place.",
            "Placements in the log count from the castle (0,0): `at -3,-1→` is the first \
             square 3 left and 1 up, the second to its right (↓ below, ← left, ↑ up).",
        ],
        Mode::Step => &[
            "Every choice listed is legal. ↑↓ or its number choose (two digits past 9: \
             1\u{a0}4 for 14), Enter does it, p or Esc skips (Esc first closes a hint).",
            "Squares count from the castle (0,0): `at -1,-2` is 1 left and 2 up; the choice \
             under the cursor lights its squares on your kingdom.",
        ],
        Mode::BotThinking => &[
            "A bot is thinking; it moves at a readable pace. + makes the bots faster, - slower \
             (0 to 3 s a move).",
        ],
        Mode::Replay => &[
            "Watching a saved game move by move.",
            "→ (or l, space, Enter) next move, ← (or h) back, Tab/Shift-Tab ten moves, g the \
             start, G the end; p plays the game on by itself at the bots' pace (+ faster, - \
             slower; p or any other key stops it); m the moves so far; r resumes a game left \
             unfinished, played on from where it stopped; q (or Esc) back to the setup screen \
             (to the scores when watching a mistake of the game just played).",
            "In a finished saved game, a analyses it (from any move): its scores and every \
             decision against the bot's best, the mistakes watched from there; q goes back to \
             the setup screen.",
        ],
        Mode::GameOver => &[
            "The score screen: the territories and bonuses (in a short column the largest, the \
             others summed; ↑↓ scroll through every line, PgUp/PgDn five at a time, Home/End to either end), the winner and the tie-break.",
            "Enter plays again (or the next game of a Dynasty match), a second after the game \
             ends; a analyses this game (every decision against the bot's best; in its summary \
             the key beside a mistake shows the board just before it, the best placement in \
             green over the one played in red, or ▶ the best claim and × the one made, to watch \
             the game on from there); u takes back your last decision; s saves; q quits.",
        ],
    }
}

const ALWAYS: &[&str] = &[
    "",
    // (Each short key's words held together: no-break spaces.)
    "Anytime: ?\u{a0}help · H\u{a0}hint: the 3 best moves, each with its win chance and final \
     score if every seat played on greedily (h:\u{a0}left) · u\u{a0}undo · m\u{a0}the\u{a0}moves\u{a0}so\u{a0}far · \
     s\u{a0}save · +/-\u{a0}bot\u{a0}pace · q\u{a0}quit\u{a0}(asks) · Ctrl-C\u{a0}quit\u{a0}now.",
    "Mouse: click a cell, a domino or a choice, then again to confirm; right-click turns the \
     domino; click a key below to press it.",
    "↑↓, PgUp/PgDn and Home/End scroll this help; any other key closes it.",
];

/// The help's lines, wrapped to `width`: the step's keys, how the game scores (with the
/// ruleset's bonuses and modules), and the keys that work anytime.
pub(crate) fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let p = app.config.palette;
    let mut lines: Vec<Line> = Vec::new();
    let mut push = |text: &str, style: Style| {
        if text.is_empty() || super::text::width(text) <= width {
            lines.push(Line::from(Span::styled(text.to_string(), style)));
            return;
        }
        for l in wrap(text, width) {
            lines.push(Line::from(Span::styled(l, style)));
        }
    };
    // A module's step: its own rules first, in its words (kept, so the scoring's lines below
    // do not say one again: the Board's shorthand).
    let mut said: Vec<String> = Vec::new();
    if app.mode() == Mode::Step
        && let Some(game) = app.game()
        && let Some(view) = game.step_view()
    {
        let help = game.module_help();
        for t in help
            .iter()
            .filter(|(name, _)| *name == view.module)
            .flat_map(|(_, lines)| lines.iter())
        {
            push(t, Style::default());
            said.push(t.clone());
        }
    }
    // The colours named where there are colours; without, what stands for them.
    let monochrome = p.mode == crate::palette::ColourMode::None;
    // An autosave that does not load offers no Resume: the help says what it offers.
    let broken = app.offer().is_some_and(|o| o.found.is_err());
    // Where a new game keeps the offered file: the name its first move moves it to, as the
    // offer says.
    let kept = match app.offer() {
        Some(o) if o.not_a_file => "where it is (it is not a file: the new game autosaves \
                                    beside it)"
            .to_string(),
        Some(o) if o.is_main() && !o.kept_as.is_empty() => {
            format!("as {} at the new game's first move", o.kept_as)
        }
        Some(o) if o.is_main() => "where it is (autosave is off)".to_string(),
        _ => "where it is".to_string(),
    };
    // A saved game's scores, watched: nothing to play on from them.
    const WATCHED: &[&str] = &[
        "A saved game's scores, opened from watching it: each final kingdom, the bonuses, the \
         winner and the tie-break.",
        "a analyses it (every decision against the bot's best; a mistake's key shows the board \
         just before it); q (or Esc) goes back to the setup screen. Nothing is played or saved \
         from here.",
    ];
    let paragraphs = if app.watching_saved_scores() {
        WATCHED
    } else {
        step_help(app.mode())
    };
    // Where the ruleset lays kingdoms out otherwise, the claim's word on placing follows it.
    let (any_terrain, centred, grid) = app.game().map_or((false, false, 0), |g| {
        let r = g.rules();
        (
            r.connection == crownlands_core::Connection::AnyTerrain,
            r.castle == crownlands_core::CastleAt::Centre,
            r.grid_size,
        )
    });
    // Where a domino joins the kingdom, after "to your castle".
    let joins = format!(
        "{}, {}",
        if any_terrain {
            " or to any square (terrains need not match)"
        } else {
            " (any terrain) or to a square of the same terrain"
        },
        if centred {
            format!("inside the {grid}x{grid} square centred on the castle")
        } else {
            "inside the kingdom's square".to_string()
        }
    );
    let first_claims = app
        .game()
        .is_some_and(|g| matches!(g.phase(), crownlands_core::Phase::FirstClaims { .. }));
    let any_time = app.game().is_some_and(|g| g.discards_any_time());
    for t in paragraphs {
        let t = match *t {
            // During the first claims the line claimed is the first (its box says `First
            // line`), not a next one.
            t if first_claims && t.starts_with("Claim: put your king") => {
                "Claim: put your king on a domino of the first line.".to_string()
            }
            t if t.starts_with("You place the domino next round") => {
                format!("You place the domino next round, joined to your castle{joins}.")
            }
            t if t.starts_with("Join it to your castle") => {
                format!("Join it to your castle{joins}.")
            }
            t if monochrome && t.starts_with("Green ghost:") => {
                "Bold ghost: legal, Enter (or space) places. Reversed: the reason is shown below."
                    .to_string()
            }
            t if any_time && t.starts_with("When nothing fits, Enter (or d) discards") => {
                "d discards the domino even where it fits (this ruleset's house rule: its \
                 squares are lost); when nothing fits, Enter (or d) discards."
                    .to_string()
            }
            t if broken && t.starts_with("Your last game is not finished") => {
                "The autosave does not load (the reason is shown): it cannot be resumed."
                    .to_string()
            }
            t if broken && t.starts_with("r (or Enter on Resume)") => {
                format!("n starts a new game and keeps the file {kept}, to look at or mend.")
            }
            t => t.replace("KEPT", &kept),
        };
        push(&t, Style::default());
    }
    // A step with one thing at several squares (a building at each free town square).
    if app.mode() == Mode::Step && app.step_has_squares() {
        push(
            "A row of several squares (`· 2 squares`: one thing that may be done at each, a \
             building on each square it may stand on, a tax from either square) is one choice: its number or ↑↓ choose it, ←→ (or a click on one of its squares) choose the \
             square, lit on your kingdom, and Enter does it there.",
            Style::default(),
        );
    }
    // Several kings a player (2-player Kingdomino, Queendomino): each claims, and places in turn.
    if app.mode() == Mode::Claim
        && let Some(game) = app.game()
        && game.rules().kings_per_player > 1
    {
        let k = game.rules().kings_per_player;
        push(
            &format!(
                "Each player has {k} kings here: you claim {k} dominoes a round, and place each when its king's turn comes."
            ),
            Style::default(),
        );
    }
    // A mistake of the game just played: what the marks at its move mean.
    if app.watching_this_game() {
        push(
            "At the mistake's move the board shows the best placement found (green; without \
             colours bold and underlined) and the one played, each square crossed (×F1; a \
             square both cover shows the best's, crossed); in the line ▶ marks the best claim \
             and × the one made; a module's step highlights the best action's squares and its \
             Builders' Board slot, and crosses the played one's (×T1, ×2¢). The status line \
             names both moves.",
            Style::default(),
        );
    }
    if matches!(app.mode(), Mode::Setup | Mode::Resume | Mode::Replay) {
        return lines;
    }
    if let Some(game) = app.game() {
        push("", Style::default());
        push(
            &format!("How {} scores:", game.ruleset().name()),
            p.accent(Accent::Title),
        );
        // What the kingdoms' letters stand for (a rival's small kingdom shows little else).
        let letters: Vec<String> = game
            .ruleset()
            .terrains()
            .iter()
            .map(|t| format!("{} {}", t.symbol, t.name))
            .collect();
        push(
            &format!(
                "Letters: {}; C the castle. A digit is a square's crowns (where a cell is narrow, \
                 with colours, the digit stands for the square).",
                letters.join(", ")
            ),
            Style::default(),
        );
        // The pieces the modules have put on squares so far (a knight, a building), as the
        // kingdoms draw them: after the square's letter and crowns (`F1k`, `1B` where the cell
        // is narrow), the square underlined where the cell has no room for them.
        let mut marks: Vec<String> = Vec::new();
        for side in game.all_sides() {
            for mark in game.cell_marks(side) {
                let said = format!("{} {}", super::kingdom::glyph(mark.symbol), mark.what);
                if !marks.contains(&said) {
                    marks.push(said);
                }
            }
        }
        if !marks.is_empty() {
            push(
                &format!(
                    "Pieces on a square, after its letter and crowns: {}. A cell too narrow for \
                     them underlines the square, and the kingdom's title says what is underlined.",
                    marks.join(", ")
                ),
                Style::default(),
            );
        }
        for t in table_rules(game)
            .into_iter()
            .chain(dominoes_used(game))
            .chain(scoring_rules(game.rules(), game.modules()))
            .filter(|t| !said.contains(t))
        {
            push(&t, Style::default());
        }
        // The bonuses of the base rules count in the running score from the first move (10
        // points each before anything is placed, in Middle Kingdom): said, with where it shows.
        let bonuses: Vec<&str> = [
            (game.rules().middle_kingdom.is_some(), "Middle Kingdom"),
            (game.rules().harmony.is_some(), "Harmony"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if !bonuses.is_empty() && app.mode() != Mode::GameOver {
            push(
                &format!(
                    "The running score (the Scores box, a spot's `Score here`) counts {} as if \
                     the game ended now: a placement that loses or gains one says so.",
                    bonuses.join(" and ")
                ),
                Style::default(),
            );
        }
        // The modules' box whole, each row in full (the box cuts its rows to its width, and
        // on a small terminal shows only some of them): the Builders' Board, the goals in play;
        // the sides' names whole (the help wraps its lines).
        let panels = super::panels::named(app, game, usize::MAX / 4);
        // Each side's score and what the modules keep for it, in words: the scores' columns
        // leave the last kinds off where they are tight (6 players at 80x24 showed no towers,
        // which decide the Queen).
        let stats: Vec<String> = game
            .all_sides()
            .filter(|&side| !game.side_stats(side).is_empty())
            .map(|side| {
                let long: String = game
                    .side_stats(side)
                    .iter()
                    .map(|s| format!(", {}", s.long))
                    .collect();
                format!(
                    "  {}: {}{long}",
                    super::side_name(app, game, side),
                    crownlands_core::modules::describe::plural(
                        i64::from(game.score_total(side)),
                        "point",
                        "points"
                    )
                )
            })
            .collect();
        if !panels.is_empty() || !stats.is_empty() {
            push("", Style::default());
            push("On the table now:", p.accent(Accent::Title));
        }
        if !stats.is_empty() {
            push("Scores:", Style::default());
            for row in &stats {
                push(row, Style::default());
            }
        }
        if !panels.is_empty() {
            for panel in panels {
                let rows: Vec<String> = panel.rows.iter().map(ToString::to_string).collect();
                match &rows[..] {
                    [] => push(&format!("{}.", panel.title), Style::default()),
                    [one] => push(&format!("{}: {one}", panel.title), Style::default()),
                    _ => {
                        push(&format!("{}:", panel.title), Style::default());
                        for row in rows {
                            push(&format!("  {row}"), Style::default());
                        }
                    }
                }
            }
        }
    }
    // On the score screen no move is left to hint or pace: its own keys say it all.
    let always: &[&str] = if app.mode() == Mode::GameOver {
        &ALWAYS[ALWAYS.len() - 1..]
    } else {
        ALWAYS
    };
    if app.mode() == Mode::GameOver {
        push("", Style::default());
    }
    for t in always {
        push(t, Style::default());
    }
    lines
}

/// How many of the box's dominoes the game deals, and in how many rounds, from the ruleset's
/// deck size at this player count (all 48 at 3 players, 24 of them at 2): `The game uses 24 of
/// the 48 dominoes, 4 a line: the first claims, then 6 rounds.`
fn dominoes_used(game: &crownlands_core::Game) -> Option<String> {
    let rules = game.rules();
    let deck = usize::from(rules.deck_size);
    let line = usize::from(rules.line_size);
    if deck == 0 || line == 0 {
        return None;
    }
    let all = game.ruleset().dominoes().len();
    let used = if deck >= all {
        format!("all {all} dominoes")
    } else {
        format!("{deck} of the {all} dominoes")
    };
    let rounds = deck / line;
    Some(format!(
        "The game uses {used}, {line} a line: the first claims, then {}.",
        crownlands_core::modules::describe::plural(
            i64::try_from(rounds).unwrap_or(i64::MAX),
            "round",
            "rounds"
        )
    ))
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let w = POPUP_WIDTH.min(area.width);
    let lines = lines(app, usize::from(w.saturating_sub(2)));
    popup(app, " Help ", lines, area, buf);
}

/// The furthest a popup of `count` lines scrolls in `area`: 0 when it fits.
pub fn popup_max_scroll(count: usize, area: Rect) -> usize {
    let rows = usize::from(area.height.saturating_sub(2));
    if count > rows && rows >= 2 {
        count - (rows - 1)
    } else {
        0
    }
}

/// `r` within `area`, with the strips beside it that are too narrow to read (under 3 columns:
/// one at 80 columns) taken in, and a row above and below it where `area` has them: cleared
/// with the box, they do not show a letter of what lies under them beside its frame, nor a
/// row of it against its frame, read as the box's.
fn with_narrow_sides(r: Rect, area: Rect) -> Rect {
    let narrow = |cols: u16| if cols < 3 { cols } else { 0 };
    let left = narrow(r.x.saturating_sub(area.x));
    let right = narrow(area.right().saturating_sub(r.right()));
    let above = u16::from(r.y > area.y);
    let below = u16::from(r.bottom() < area.bottom());
    Rect {
        x: r.x - left,
        width: r.width + left + right,
        y: r.y - above,
        height: r.height + above + below,
    }
}

/// Clear the box `r` and the strips of `around` beside it, where the rows above and below it
/// keep the upright lines of the frames under them (`│`): a letter against the popup's frame is
/// read as the popup's, a frame's upright line running into it is not, and cleared it had cut
/// the panels behind in two (the setup screen's `││` between its Rulesets and Table gone above
/// and below the help). A frame's level line or corner there is cleared: along the popup's own
/// frame it read as that frame doubled.
fn clear_around(r: Rect, around: Rect, buf: &mut Buffer) {
    let around = around.intersection(buf.area);
    // The panels' rows the box covers in part, found before it is drawn.
    let cut = cut_rows(around, buf);
    Clear.render(r, buf);
    for y in around.top()..around.bottom() {
        for x in around.left()..around.right() {
            if r.contains(ratatui::layout::Position { x, y }) {
                continue;
            }
            // Beside the box (a column or two), everything goes: a frame's `│` there read as
            // the box's frame doubled.
            let above_or_below = (r.left()..r.right()).contains(&x);
            if let Some(cell) = buf.cell_mut((x, y))
                && !(above_or_below && cell.symbol() == "│")
            {
                cell.reset();
            }
        }
    }
    for (x, y) in cut {
        if let Some(cell) = buf.cell_mut((x, y)) {
            cell.reset();
        }
    }
}

/// Whether a cell's symbol is a frame's line or corner (box drawing): where a panel's row ends.
fn is_frame(symbol: &str) -> bool {
    symbol
        .chars()
        .next()
        .is_some_and(|c| ('\u{2500}'..='\u{257f}').contains(&c))
}

/// The cells beside `around` (left and right of it, row by row) of a panel's row the box
/// cleared over `around` covers in part: from the box out to the panel's frame (or the
/// screen's edge), so that what shows beside the box is whole panels' rows, never what is left
/// of one (a playtester read `use +3` beside an analysis box, the end of `Knight Tollhouse +3`;
/// `Fountain` without its `+5`, and a lone `5` whose `largest` was under the box). A row whose
/// frame is the box's first column on that side shows whole: it is left. Found before the box
/// is drawn, so each side's first column under the box still shows what was there.
fn cut_rows(around: Rect, buf: &Buffer) -> Vec<(u16, u16)> {
    let symbol = |x: u16, y: u16| buf.cell((x, y)).map(|c| c.symbol().to_string());
    let mut out = Vec::new();
    if around.width == 0 {
        return out;
    }
    for y in around.top()..around.bottom() {
        // Left: the row runs on under the box's first column.
        if symbol(around.left(), y).is_some_and(|s| !is_frame(&s)) {
            let mut x = around.left();
            while x > buf.area.left()
                && let Some(s) = symbol(x - 1, y)
                && !is_frame(&s)
            {
                x -= 1;
                out.push((x, y));
            }
        }
        // Right: the row began under the box's last column.
        if symbol(around.right() - 1, y).is_some_and(|s| !is_frame(&s)) {
            let mut x = around.right();
            while x < buf.area.right()
                && let Some(s) = symbol(x, y)
                && !is_frame(&s)
            {
                out.push((x, y));
                x += 1;
            }
        }
    }
    out
}

/// Clear the box `r` drawn over `area` as a popup is: with the strips beside it too narrow to
/// read, a row above and below it, and the panels' rows it covers in part ([`cut_rows`]).
pub(super) fn clear_box(r: Rect, area: Rect, buf: &mut Buffer) {
    clear_around(r, with_narrow_sides(r, area), buf);
}

/// The widest a popup (help, analysis) is drawn.
pub const POPUP_WIDTH: u16 = 78;

/// `lines` in a framed box titled `title`, centred over `area` (at most [`POPUP_WIDTH`] wide and
/// as tall as the lines, within `area`).
///
/// Lines that do not fit scroll with ↑↓ ([`App::popup_scroll`], kept in range here): the last
/// row then says how many lines are above and below, so nothing is hidden without a word.
/// Where a popup of `count` lines is drawn over `area`, scrolled `scroll` lines: its box, the
/// first line shown and how many show, and whether its last row is the note saying what more
/// there is (a box taller than the screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PopupAt {
    pub r: Rect,
    pub top: usize,
    pub shown: usize,
    pub note: bool,
}

impl PopupAt {
    pub(crate) fn of(count: usize, scroll: usize, area: Rect) -> PopupAt {
        let w = POPUP_WIDTH.min(area.width);
        let h = (u16::try_from(count).unwrap_or(u16::MAX).saturating_add(2)).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        let rows = usize::from(h.saturating_sub(2));
        if count > rows && rows >= 2 {
            // One row for the note; the rest a window on the lines.
            let window = rows - 1;
            PopupAt {
                r,
                top: scroll.min(count - window),
                shown: window,
                note: true,
            }
        } else {
            PopupAt {
                r,
                top: 0,
                shown: count.min(rows),
                note: false,
            }
        }
    }

    /// The note under a scrolled box's window (`↑ 3 more, ↓ 9 more (...)`), given its `count`
    /// lines, and where each of its arrows' words lies in it (as columns from its start, for a
    /// click): the lines above and below.
    pub(crate) fn note_text(&self, count: usize) -> (String, Option<Columns>, Option<Columns>) {
        let below = count.saturating_sub(self.top + self.shown);
        let mut note = String::new();
        let (mut up, mut down) = (None, None);
        if self.top > 0 {
            let words = format!("↑ {} more", self.top);
            up = Some((0, super::text::width(&words)));
            note.push_str(&words);
        }
        if below > 0 {
            if !note.is_empty() {
                note.push_str(", ");
            }
            let words = format!("↓ {below} more");
            let at = super::text::width(&note);
            down = Some((at, at + super::text::width(&words)));
            note.push_str(&words);
        }
        note.push_str(" (↑↓ PgUp PgDn scroll, other keys close)");
        (note, up, down)
    }

    /// What a click at (`col`, `row`) is on: one of the lines (from 0, of all of them), the
    /// note's `↑ N more` (-1) or `↓ N more` (+1), or nothing of the box's (`None`: its frame,
    /// the rest of the note, outside).
    pub(crate) fn at(&self, count: usize, col: u16, row: u16) -> Option<PopupClick> {
        let r = self.r;
        if col <= r.x || col + 1 >= r.x + r.width || row <= r.y || row + 1 >= r.y + r.height {
            return None;
        }
        let k = usize::from(row - r.y - 1);
        if k < self.shown {
            return Some(PopupClick::Line(self.top + k));
        }
        if self.note && k == self.shown {
            let c = usize::from(col - r.x - 1);
            let (_, up, down) = self.note_text(count);
            let on = |span: Option<(usize, usize)>| span.is_some_and(|(a, b)| c >= a && c < b);
            if on(up) {
                return Some(PopupClick::Up);
            }
            if on(down) {
                return Some(PopupClick::Down);
            }
        }
        None
    }
}

/// Columns `[start, end)` of a note's words, from the note's start.
type Columns = (usize, usize);

/// What a click in a popup is on ([`PopupAt::at`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PopupClick {
    /// Line `i` (from 0) of all the box's lines.
    Line(usize),
    /// The note's `↑ N more`: a page up.
    Up,
    /// The note's `↓ N more`: a page down.
    Down,
}

pub fn popup(app: &App, title: &'static str, lines: Vec<Line<'_>>, area: Rect, buf: &mut Buffer) {
    let count = lines.len();
    let at = PopupAt::of(count, app.popup_scroll(), area);
    clear_box(at.r, area, buf);
    let shown = if at.note {
        let (note, _, _) = at.note_text(count);
        let mut out: Vec<Line<'_>> = lines.into_iter().skip(at.top).take(at.shown).collect();
        out.push(Line::from(Span::styled(
            note,
            app.config.palette.accent(Accent::Dim),
        )));
        out
    } else {
        lines
    };
    Paragraph::new(shown)
        .block(block(title, app))
        .render(at.r, buf);
}

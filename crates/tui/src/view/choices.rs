//! A module step's choices, all legal, with skipping always last (and always in view): a row each
//! in the module's own words ([`Game::step_view`]), and a detail line for the chosen one. Nothing
//! here knows which module it is.

use super::panel;
use super::text::wrap;
use crate::app::step::{list_top, row_of};
use crate::app::{App, Mode};
use crate::palette::Accent;
use crownlands_core::modules::describe::{ChoiceView, StepView};
use crownlands_core::{Action, Cell, Game};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};
use std::ops::Range;

/// The rows inside a list `area` high (framed, or compact: a title line alone).
fn inner(area: Rect, compact: bool) -> usize {
    usize::from(area.height.saturating_sub(if compact { 1 } else { 2 }))
}

/// The most rows the chosen choice's detail takes when the list leaves them free.
pub const DETAIL_MAX: usize = 4;

/// How many rows the detail takes at least in a list `area` high: none when tiny, three when
/// roomy (more where the choices leave rows free: [`render`]). Never so many that the list is
/// left one row: a choice and Skip are always in view together (the status line says what the
/// chosen one costs and gives where its detail has no room).
fn detail_rows(area: Rect, compact: bool) -> usize {
    match inner(area, compact) {
        0..=3 => 0,
        4 => 1,
        5..=6 => 2,
        _ => 3,
    }
}

/// The columns inside a list `area` wide.
fn inner_width(area: Rect, compact: bool) -> usize {
    usize::from(area.width.saturating_sub(if compact { 0 } else { 2 }))
}

/// The rows kept for the chosen choice's detail in a list `area` of `entries` rows of choices:
/// [`detail_rows`], but no more than the longest detail of the step's choices needs (a list of
/// one-line details scrolled two choices at a time over blank rows), and down to one row where
/// that shows every choice (four buildings and Skip at 80x24: a choice out of view is missed,
/// while a detail's rest is in its row's terms and the status line), and to one row where no
/// room shows them all (six buildings and Skip beside 2 players' 7x7 kingdoms at 80x24: a page
/// of four instead of two; the status line says the chosen one's detail whole where the row
/// cuts it); never depending on the cursor, so the list's rows do not change as it moves.
fn detail_room(game: &Game, area: Rect, compact: bool, entries: usize) -> usize {
    let least = detail_rows(area, compact);
    if least == 0 {
        return 0;
    }
    let room = detail_longest(game, area, compact, least);
    // The choices, the detail and the acting side's own row.
    let inner = inner(area, compact);
    if entries + room < inner {
        room
    } else if entries + 2 <= inner {
        inner - entries - 1
    } else {
        1
    }
}

/// [`detail_rows`]' `least`, but no more than the longest detail of the step's choices needs.
fn detail_longest(game: &Game, area: Rect, compact: bool, least: usize) -> usize {
    let width = inner_width(area, compact);
    let longest = game
        .step_view()
        .map(|v| {
            v.choices
                .iter()
                .map(|c| wrap(&c.detail, width).len())
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0);
    least.min(longest.max(1))
}

/// How many of `entries` rows of choices a list `area` high shows (its last inner rows hold the
/// detail and the acting side's own row).
fn visible(game: &Game, area: Rect, compact: bool, entries: usize) -> usize {
    inner(area, compact)
        .saturating_sub(detail_room(game, area, compact, entries) + 1)
        .max(1)
}

/// How [`short_of`] writes a side: `You: 36 pts 12¢ 0kn 1tw`, tighter `You 36pt 12¢ ...`, or
/// tighter still with the name cut to 5 columns (`gre 2 36pt 12¢ ...`).
#[derive(Clone, Copy, PartialEq)]
enum Short {
    Roomy,
    Tight,
    NameCut,
    /// Names cut, points as the scores' column writes them (`gre 2 103p ...`).
    Least,
}

/// A side's points and short stats, as `form` writes them.
fn short_of(app: &App, game: &Game, side: crownlands_core::Side, form: Short) -> String {
    let stats: String = game
        .side_stats(side)
        .iter()
        .map(|s| format!(" {}", s.short()))
        .collect();
    match form {
        Short::Roomy => format!(
            "{}: {}{stats}",
            super::side_name(app, game, side),
            points(game, side)
        ),
        Short::Tight => format!(
            "{} {}pt{stats}",
            super::side_name(app, game, side),
            game.score_total(side)
        ),
        Short::NameCut => format!(
            "{} {}pt{stats}",
            super::short_side_name(app, game, side, 5),
            game.score_total(side)
        ),
        Short::Least => format!(
            "{} {}p{stats}",
            super::short_side_name(app, game, side, 5),
            game.score_total(side)
        ),
    }
}

fn points(game: &Game, side: crownlands_core::Side) -> String {
    crownlands_core::modules::describe::plural(i64::from(game.score_total(side)), "pt", "pts")
}

/// Every side short on one row of `width` columns (`You: 3 pts 9¢ · greedy 2: 2 pts 7¢`, or
/// tighter `36pt`, then with each name cut to 5 columns, then `36p` as the scores' column
/// writes it: two players' rows of 100 points and more at 80x24), where they fit: with the scores
/// covered by the list, the rivals' coins decide the Dragon's choice (two players at 80x24:
/// the rival left the row when a count grew, `1/2kn`, and it no longer fit).
fn every_side_on_one_row(app: &App, game: &Game, width: usize) -> Option<String> {
    on_one_row(
        app,
        game,
        width,
        &[Short::Roomy, Short::Tight, Short::NameCut, Short::Least],
    )
    .or_else(|| others_by_points(app, game, width))
}

/// The last resort of [`every_side_on_one_row`] at two sides: the acting side as tight as it
/// goes, the rival by its points alone (`You 201p 179¢ 0/10kn 5tw Q · gre 2 96p`), where their
/// figures made every other form too wide (a game of three-figure coins). With more sides the
/// acting side's own row in words stays (the rivals' points alone say too little to give it up
/// for).
fn others_by_points(app: &App, game: &Game, width: usize) -> Option<String> {
    let acting = game.to_act().map(|p| game.side_of(p))?;
    let row = game
        .all_sides()
        .map(|s| {
            if s == acting {
                short_of(app, game, s, Short::Least)
            } else {
                format!(
                    "{} {}p",
                    super::short_side_name(app, game, s, 5),
                    game.score_total(s)
                )
            }
        })
        .collect::<Vec<_>>()
        .join(" · ");
    (game.sides() == 2 && super::text::width(&row) <= width).then_some(row)
}

/// The sides other than the acting one on one row of `width` columns, each by its name cut to
/// 5 columns, its points and as many of its stats as fit for every one of them, the first ones
/// (`gre 2 6p 7¢ · gre 3 8p 3¢ · gre 4 3p 9¢`): `None` where even their points do not fit.
fn rivals_row(app: &App, game: &Game, width: usize) -> Option<String> {
    let acting = game.to_act().map(|p| game.side_of(p))?;
    let rivals: Vec<crownlands_core::Side> = game.all_sides().filter(|&s| s != acting).collect();
    let most = rivals
        .iter()
        .map(|&s| game.side_stats(s).len())
        .max()
        .unwrap_or(0);
    (0..=most).rev().find_map(|k| {
        let row = rivals
            .iter()
            .map(|&s| {
                let stats: String = game
                    .side_stats(s)
                    .iter()
                    .take(k)
                    .map(|st| format!(" {}", st.short()))
                    .collect();
                format!(
                    "{} {}p{stats}",
                    super::short_side_name(app, game, s, 5),
                    game.score_total(s)
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        (super::text::width(&row) <= width).then_some(row)
    })
}

/// Every side on one row of `width` columns in the first of `forms` that fits.
fn on_one_row(app: &App, game: &Game, width: usize, forms: &[Short]) -> Option<String> {
    if game.sides() < 2 {
        return None;
    }
    forms
        .iter()
        .copied()
        .map(|form| {
            game.all_sides()
                .map(|s| short_of(app, game, s, form))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .find(|row| super::text::width(row) <= width)
}

/// The acting side's own row in `width` columns: its points, then what the modules keep for it,
/// in their words (`4 coins, 0 knights in hand`), or short (`4¢ 0kn`) where those do not fit;
/// with the scores covered by the list, every side where they all fit on the row.
fn own_row(app: &App, game: &Game, width: usize, scores_covered: bool) -> String {
    let Some(player) = game.to_act() else {
        return String::new();
    };
    if scores_covered && let Some(row) = every_side_on_one_row(app, game, width) {
        return row;
    }
    let side = game.side_of(player);
    let head = format!(
        "{}: {}",
        super::side_name(app, game, side),
        points(game, side)
    );
    let long: String = game
        .side_stats(side)
        .iter()
        .map(|s| format!(", {}", s.long))
        .collect();
    if super::text::width(&head) + super::text::width(&long) <= width {
        return format!("{head}{long}");
    }
    short_of(app, game, side, Short::Roomy)
}

/// With the scores covered by the list and too many sides for one row (but in its tightest
/// form, `gre 2 2p`, kept for a list that leaves no blank rows), a row a side (the acting
/// side's marked `▶`, as in the scores), where the list leaves `free` blank rows for the others:
/// four teams at 100x30, whose rivals' towers decide a build (the scores had gone from the
/// screen for the step).
fn side_rows(
    app: &App,
    game: &Game,
    width: usize,
    scores_covered: bool,
    free: usize,
) -> Option<Vec<(String, bool)>> {
    let acting = game.to_act().map(|p| game.side_of(p))?;
    let sides = usize::from(game.sides());
    if !scores_covered
        || sides < 2
        || free < sides - 1
        || on_one_row(
            app,
            game,
            width,
            &[Short::Roomy, Short::Tight, Short::NameCut],
        )
        .is_some()
    {
        return None;
    }
    Some(
        game.all_sides()
            .map(|s| {
                let mark = if s == acting { "▶" } else { " " };
                let row = format!("{mark}{}", short_of(app, game, s, Short::Roomy));
                (super::text::take_width(&row, width), s == acting)
            })
            .collect(),
    )
}

/// The choices (their indices) shown row by row in `rows` rows, with the cursor on `choice` of
/// `all`: every one when they fit; otherwise `rows - 1` of them from the row `top` kept as the
/// cursor moved, brought to the cursor where it is out of view ([`list_top`]: every row filled,
/// the last window too), and the last choice, Skip, on the last row, so going on is always in
/// view (a step opens on Skip, with the first rows above it). Each row stays put while the
/// cursor moves among those shown and to Skip and back: a click on a row shown, then a second
/// on the same row, chooses it, then does it (a window kept ending at the cursor had moved under
/// the mouse). (Until the sixty-second session the list went by fixed pages, the last one's
/// rows left blank above Skip.)
fn shown_choices(choice: usize, top: usize, all: usize, rows: usize) -> Vec<Option<usize>> {
    if all <= rows {
        return (0..all).map(Some).collect();
    }
    if rows <= 1 {
        return vec![Some(choice.min(all.saturating_sub(1)))];
    }
    let window = rows - 1;
    let skip = all - 1;
    let first = list_top(top, choice, all, rows);
    (first..first + window)
        .map(Some)
        .chain([Some(skip)])
        .collect()
}

/// The rows of a list of `all` (Skip the last) that `listed` leaves out, as ranges of their
/// numbers from 1, each with the way it lies from the rows shown (`↑` above them, `↓` below).
fn hidden_rows(listed: &[Option<usize>], all: usize) -> Vec<(usize, usize, char)> {
    let shown = |i: usize| listed.contains(&Some(i));
    let first = listed.iter().flatten().min().copied().unwrap_or(0);
    let mut out: Vec<(usize, usize, char)> = Vec::new();
    for i in (0..all).filter(|&i| !shown(i)) {
        let way = if i < first { '↑' } else { '↓' };
        match out.last_mut() {
            Some((_, last, w)) if *last == i && *w == way => *last = i + 1,
            _ => out.push((i + 1, i + 1, way)),
        }
    }
    out
}

/// The title of a list of `all` rows showing `listed`, in `width` columns: the step's title
/// (`title`, given the columns the rest takes) and, where rows are out of view, which ones and
/// which way (`Dragon · row 6 hidden ↓`, `Build · rows 1-2 ↑ and 8-10 ↓ hidden`; tighter `· 6
/// ↓`, `· 1-2 ↑ 8-10 ↓`, then `· ↑↓`), each row by the number that chooses it.
fn hidden_said(
    listed: &[Option<usize>],
    all: usize,
    width: usize,
    title: impl Fn(&str) -> String,
) -> String {
    let hidden = hidden_rows(listed, all);
    if hidden.is_empty() {
        return format!("{} ", title(""));
    }
    let range = |&(a, b, _): &(usize, usize, char)| {
        if a == b {
            a.to_string()
        } else {
            format!("{a}-{b}")
        }
    };
    let one = hidden.len() == 1 && hidden[0].0 == hidden[0].1;
    let ranges: Vec<String> = hidden
        .iter()
        .map(|h| format!("{} {}", range(h), h.2))
        .collect();
    let full = match hidden.as_slice() {
        [h] if one => format!("· row {} hidden {} ", range(h), h.2),
        [h] => format!("· rows {} hidden {} ", range(h), h.2),
        _ => format!("· rows {} hidden ", ranges.join(" and ")),
    };
    let short = format!("· {} ", ranges.join(" "));
    let ways: String = hidden.iter().map(|h| h.2).collect();
    let least = format!("· {ways} ");
    // (The box's corners and the title's spaces take 4 columns.)
    [full, short, least]
        .into_iter()
        .map(|more| format!("{} {more}", title(&more)))
        .find(|t| t.chars().count() + 3 <= width)
        .unwrap_or_else(|| format!("{} · {ways} ", title("")))
}

/// The rows a step's list shows in `area`.
pub fn list_rows(app: &App, game: &Game, area: Rect, compact: bool) -> usize {
    visible(game, area, compact, app.step_entries().len())
}

/// The rows of the list (see [`App::step_entries`]) a list `area` high shows
/// ([`shown_choices`]), by their index.
fn shown(
    app: &App,
    game: &Game,
    entries: &[Range<usize>],
    area: Rect,
    compact: bool,
) -> Vec<Option<usize>> {
    shown_choices(
        row_of(entries, app.choice()),
        app.list_top(),
        entries.len(),
        visible(game, area, compact, entries.len()),
    )
}

/// The choice a row of the list stands for: the square chosen on the cursor's row, the first
/// on another.
fn choice_of(entry: &Range<usize>, choice: usize) -> usize {
    if entry.contains(&choice) {
        choice
    } else {
        entry.start
    }
}

/// The choice on the `offset`th row inside a list `area` high (0: the row under its title), if
/// a choice is shown there (the rows below the choices hold the detail): the square chosen on
/// the cursor's row, the first square of another.
pub fn choice_at(app: &App, area: Rect, compact: bool, offset: usize) -> Option<usize> {
    let game = app.game()?;
    let entries = app.step_entries();
    let row = shown(app, game, &entries, area, compact)
        .get(offset)
        .copied()
        .flatten()?;
    Some(choice_of(entries.get(row)?, app.choice()))
}

/// A row's words: the choice's own; on a row of several squares, the thing with its square and
/// which of how many (`... at 0,-1 (2/3 ←→)`) where the cursor is, the thing and how many
/// squares elsewhere, in the `form` of [`SQUARES_FORMS`]. Where the cursor's row is wider than
/// `room`, the thing is cut, not which square of how many (`Tax grassland at 1,0: 5 squ… (1/2
/// ←→)`).
fn row_words(
    view: Option<&StepView>,
    game: &Game,
    actions: &[Action],
    entry: &Range<usize>,
    choice: usize,
    form: usize,
    room: usize,
) -> String {
    let of = |a: Action| view.and_then(|v| v.choices.iter().find(|c| c.action == a));
    let i = choice_of(entry, choice);
    let Some(&a) = actions.get(i) else {
        return String::new();
    };
    let own = of(a).map_or_else(|| game.action_text(a), |c| c.text.clone());
    if entry.len() < 2 {
        return own;
    }
    if entry.contains(&choice) {
        let which = format!(" ({}/{} ←→)", i - entry.start + 1, entry.len());
        return kept_end(&own, &which, room);
    }
    match of(a).and_then(|c| c.group.clone()) {
        // The squares it may go on, said apart from any squares the group's words count (a
        // tax's territory of 2 squares, on either of the 2 squares of the new domino).
        Some(group) => {
            let n = entry.len();
            match form {
                0 if n == 2 => format!("{group} · on either of 2 squares"),
                0 => format!("{group} · on any of {n} squares"),
                1 if n == 2 => format!("{group} · either square"),
                1 => format!("{group} · any of {n} squares"),
                // Narrower still, the thing is cut, not how many squares (`· 2…` had said
                // nothing).
                _ => kept_end(&group, &format!(" · {n} squares"), room),
            }
        }
        None => own,
    }
}

/// `words` then `end` in `room` columns: where both do not fit, `words` cut (marked `…`) and
/// `end` whole (`Tax grassland at 1,0: 5 squ… (1/2 ←→)`, `Knight Tollgate 1¢ tax+kn… · 2
/// squares`).
fn kept_end(words: &str, end: &str, room: usize) -> String {
    let (words_w, end_w) = (super::text::width(words), super::text::width(end));
    if words_w + end_w > room && room > end_w + 1 {
        let kept = super::text::take_width(words, room - end_w - 1);
        format!("{}…{end}", kept.trim_end())
    } else {
        format!("{words}{end}")
    }
}

/// The marker after the row of the move the hint suggests.
const HINT: &str = " ← hint";

/// How many ways a row of several squares says them, the fullest first (`· on either of 2
/// squares`, `· either square`, `· 2 squares`; `· on any of 3 squares`, `· any of 3 squares`):
/// a list takes the fullest that fits every row, so its rows read alike.
const SQUARES_FORMS: usize = 3;

/// `n`'s number as a row shows it, right-aligned to the widest of `all` (` 9.` above `10.`).
fn number(n: usize, all: usize) -> String {
    let digits = all.max(1).to_string().len();
    format!("{n:>digits$}.")
}

/// The chosen action in words. Watching a mistake at its move, a module step's: the best action
/// found (the one played is named on the status line).
fn chosen(app: &App, game: &Game) -> Option<ChoiceView> {
    let a = match app.mode() {
        Mode::Replay => app.mistake_on_board()?.1,
        _ => *app.step_actions().get(app.choice())?,
    };
    game.step_view()?
        .choices
        .into_iter()
        .find(|c| c.action == a)
}

/// What the chosen action of a step costs and gives, in short (`Costs 1 knight, gives +3¢.`),
/// then what it changes at once, for the status line; with `detail`, its detail between them
/// (where the list cuts it: [`detail_cut`]). Empty outside a step or for a choice that says
/// nothing of these.
pub fn chosen_terms(app: &App, game: &Game, detail: bool) -> String {
    if !matches!(app.mode(), Mode::Step) {
        return String::new();
    }
    chosen(app, game).map_or_else(String::new, |c| terms_of(app, game, &c, detail))
}

/// [`chosen_terms`] of choice `c`.
fn terms_of(app: &App, game: &Game, c: &ChoiceView, detail: bool) -> String {
    let terms = match (&c.cost, &c.gives) {
        (Some(cost), Some(gives)) => format!("Costs {cost}, gives {gives}."),
        (Some(cost), None) => format!("Costs {cost}."),
        (None, Some(gives)) => format!("Gives {gives}."),
        (None, None) => String::new(),
    };
    let detail = if detail { c.detail.as_str() } else { "" };
    [terms.as_str(), detail, &preview_of(app, game, c.action)]
        .iter()
        .filter(|t| !t.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the list in `area` cuts the chosen choice's detail (its last row ends with `…`), or
/// gives its row to the rivals ([`rivals_over_detail`]): the status line may then say it whole.
pub fn detail_cut(app: &App, game: &Game, area: Rect, compact: bool, rivals_over: bool) -> bool {
    let Some(c) = chosen(app, game).filter(|_| matches!(app.mode(), Mode::Step)) else {
        return false;
    };
    let lines = wrap(&c.detail, inner_width(area, compact)).len();
    rivals_over || lines > detail_shown(app, game, area, compact, lines)
}

/// Whether the list in `area` gives the one row it keeps for the chosen choice's detail to the
/// rivals' row ([`rivals_row`]): with the scores covered and more sides than one row holds,
/// where the choices leave no blank row for the rivals (the Dragon's six burns and Skip at
/// 80x24, four players: the rivals' coins, which say who can build what a burn denies, were
/// nowhere on the screen), and the status rows, `footer_width` wide, say every choice's detail
/// whole in their two rows (the row showed a detail cut to its first words, which the status
/// rows said again whole). Never depending on the cursor, so the row does not change as it
/// moves.
pub fn rivals_over_detail(
    app: &App,
    game: &Game,
    area: Rect,
    compact: bool,
    scores_covered: bool,
    footer_width: u16,
) -> bool {
    if !scores_covered || game.sides() <= 2 || !matches!(app.mode(), Mode::Step) {
        return false;
    }
    let width = inner_width(area, compact);
    let all = app.step_entries().len();
    // A blank row under the choices already holds the rivals.
    if visible(game, area, compact, all) > all || detail_room(game, area, compact, all) != 1 {
        return false;
    }
    if every_side_on_one_row(app, game, width).is_some() || rivals_row(app, game, width).is_none() {
        return false;
    }
    game.step_view().is_some_and(|v| {
        v.choices.iter().all(|c| {
            wrap(
                &terms_of(app, game, c, true),
                usize::from(footer_width).max(1),
            )
            .len()
                <= 2
        })
    })
}

/// The rows the chosen choice's detail of `lines` rows gets in a list `area`: at least its share
/// of the list, and as many as it needs (up to `DETAIL_MAX`) of the rows the choices leave free,
/// so its last line is not cut.
fn detail_shown(app: &App, game: &Game, area: Rect, compact: bool, lines: usize) -> usize {
    let all = app.step_entries().len();
    let free = visible(game, area, compact, all).saturating_sub(all);
    let least = detail_room(game, area, compact, all);
    least.max(lines.min(DETAIL_MAX).min(least + free))
}

/// What the chosen action of a step changes at once, whatever the module (`Score then 5 (+2).
/// The Queen goes to you (...)`): said after a message of the step too (a square's `Square 1
/// of 2`, a row's number), where it had given way. Empty outside a step or where nothing
/// changes at once.
pub fn chosen_preview(app: &App, game: &Game) -> String {
    if !matches!(app.mode(), Mode::Step) {
        return String::new();
    }
    chosen(app, game).map_or_else(String::new, |c| preview_of(app, game, c.action))
}

/// The running score after `action` (a building's crown on the Queen's territory, a tower that
/// brings her) and the news it would make, which a player had learnt only after building.
fn preview_of(app: &App, game: &Game, action: crownlands_core::Action) -> String {
    let Some((after, side)) = crownlands_core::modules::describe::step_preview(game, action) else {
        return String::new();
    };
    let mut out = String::new();
    let (was, now) = (game.score_total(side), after.score_total(side));
    if now != was {
        out.push_str(&format!("Score then {now} ({:+}).", now - was));
    }
    let news = crate::app::describe::news(game, &after, |i| app.name(i));
    if let Some(first) = news.first() {
        out.push(' ');
        out.push_str(first);
    }
    out.trim_start().to_string()
}

/// The squares the chosen action concerns (shown on the kingdom); watching a mistake of a
/// module step, the best action's.
pub fn highlighted(app: &App, game: &Game) -> Vec<Cell> {
    if !matches!(app.mode(), Mode::Step | Mode::Replay) {
        return Vec::new();
    }
    chosen(app, game).map(|c| c.cells).unwrap_or_default()
}

/// The squares of the action played at a mistake of a module step, while the watching is at
/// its move (crossed on the kingdom, beside the best action's [`highlighted`]).
pub fn played_cells(app: &App, game: &Game) -> Vec<Cell> {
    played(app, game).map(|c| c.cells).unwrap_or_default()
}

/// The row of a public panel the action played at a mistake of a module step concerns (a slot
/// of the Builders' Board, crossed beside the best action's [`chosen_row`]).
pub fn played_row(app: &App, game: &Game) -> Option<(String, usize)> {
    played(app, game)?.row
}

/// The action played at a mistake of a module step, watched at its move.
fn played(app: &App, game: &Game) -> Option<ChoiceView> {
    if !matches!(app.mode(), Mode::Replay) {
        return None;
    }
    let a = app.mistake_on_board()?.0;
    game.step_view()?
        .choices
        .into_iter()
        .find(|c| c.action == a)
}

/// The row of a public panel the chosen action concerns: the panel's title and the row's index
/// (a slot of the Builders' Board).
pub fn chosen_row(app: &App, game: &Game) -> Option<(String, usize)> {
    if !matches!(app.mode(), Mode::Step | Mode::Replay) {
        return None;
    }
    chosen(app, game)?.row
}

/// The columns the widest choice row takes in full (its number, its words and the hint's
/// marker), framed: what the list needs not to cut a row (two builds that differ only in their
/// square read alike, cut before it).
pub fn widest(app: &App, game: &Game) -> u16 {
    let view = game.step_view();
    let actions = app.step_actions();
    let entries = app.step_entries();
    // Each row with the cursor on each of its squares, and away from it.
    let widest = entries
        .iter()
        .enumerate()
        .flat_map(|(row, e)| {
            e.clone()
                .chain([usize::MAX])
                .map(move |choice| (row, e, choice))
        })
        .map(|(row, e, choice)| {
            let text = row_words(view.as_ref(), game, &actions, e, choice, 0, usize::MAX);
            format!("  {} ", number(row + 1, entries.len()))
                .chars()
                .count()
                + super::text::width(&text)
        })
        .max()
        .unwrap_or(0);
    u16::try_from(widest + " ← hint".chars().count() + 2).unwrap_or(u16::MAX)
}

/// What the screen around a step's list covers or says, which the list leaves out or says.
#[derive(Clone, Copy, Debug, Default)]
pub struct Around {
    /// The list lies over the scores' box (the acting side's row then names the others too,
    /// where they fit).
    pub scores_covered: bool,
    /// The footer's prompt says the module's note.
    pub note_said: bool,
    /// The detail's row goes to the rivals ([`rivals_over_detail`]).
    pub rivals_over: bool,
}

/// The step's list in `area`, with what is `around` it.
pub fn render(app: &App, game: &Game, area: Rect, compact: bool, around: Around, buf: &mut Buffer) {
    let Around {
        scores_covered,
        note_said,
        rivals_over,
    } = around;
    let p = app.config.palette;
    Clear.render(area, buf);
    let width = inner_width(area, compact);
    let view = game.step_view();
    let actions = app.step_actions();
    let entries = app.step_entries();
    let all = entries.len();
    let listed = shown(app, game, &entries, area, compact);
    let hint_on = |e: &Range<usize>| {
        app.hint()
            .is_some_and(|h| actions.get(e.clone()).is_some_and(|a| a.contains(&h)))
    };
    // A row's room: the list's width less its number and the hint's marker.
    let room = |i: usize, e: &Range<usize>| {
        let marker = if hint_on(e) { HINT.chars().count() } else { 0 };
        width.saturating_sub(number(i + 1, all).chars().count() + 3 + marker)
    };
    let fits = |form: usize| {
        listed
            .iter()
            .flatten()
            .filter_map(|&r| entries.get(r).map(|e| (r, e)))
            .all(|(r, e)| {
                // Each row as it reads away from the cursor: the form does not change as the
                // cursor moves.
                let words = row_words(view.as_ref(), game, &actions, e, usize::MAX, form, 0);
                super::text::width(&words) <= room(r, e)
            })
    };
    let form = (0..SQUARES_FORMS)
        .find(|&form| fits(form))
        .unwrap_or(SQUARES_FORMS - 1);
    let mut rows: Vec<Line> = listed
        .iter()
        .map(|&row| {
            let Some((i, e)) = row.and_then(|r| entries.get(r).map(|e| (r, e))) else {
                return Line::from("");
            };
            let here = e.contains(&app.choice());
            let style = if here {
                p.accent(Accent::Focus)
            } else {
                Style::default()
            };
            // The hint's marker on the row of the move it suggests (at any of its squares: the
            // cursor goes to that square when the hint is asked for).
            let hint = if hint_on(e) { HINT } else { "" };
            let head = format!("{} {} ", if here { "▶" } else { " " }, number(i + 1, all));
            // In columns: a name in wide characters must leave the hint's marker in view.
            let room = room(i, e);
            let text = row_words(view.as_ref(), game, &actions, e, app.choice(), form, room);
            // Cut where it does not fit, and seen to be cut (`... Mine Tower (1¢…`).
            let text = if super::text::width(&text) > room && room > 0 {
                format!("{}…", super::text::take_width(&text, room - 1))
            } else {
                super::text::take_width(&text, room)
            };
            Line::from(vec![
                Span::styled(format!("{head}{text}"), style),
                Span::styled(hint, p.accent(Accent::Focus)),
            ])
        })
        .collect();
    // When the list is longer than its room, the title says which rows it hides and which way
    // they are (`Dragon · row 6 hidden ↓`): the rows are numbered as the keys choose them,
    // Skip's too, so a count of the choices without Skip (`1-5 of 6`, over rows 1 to 5 and
    // `7. Skip`) had not said that row 6 was out of view.
    let more = hidden_said(&listed, all, usize::from(area.width), |said| {
        super::step_title(game, usize::from(area.width), 4 + said.chars().count())
    });
    let title = format!(" {more}");
    let shown = visible(game, area, compact, all);
    let mut lines = chosen(app, game).map_or_else(Vec::new, |c| wrap(&c.detail, width));
    let least = detail_room(game, area, compact, all);
    let detail = detail_shown(app, game, area, compact, lines.len());
    let shown = shown.saturating_sub(detail - least).max(rows.len());
    while rows.len() < shown {
        rows.push(Line::from(""));
    }
    // Each side on a row of its own under the detail, from the blank rows the list leaves.
    let sides = side_rows(
        app,
        game,
        width,
        scores_covered,
        shown.saturating_sub(listed.len()),
    );
    if let Some(sides) = &sides {
        rows.truncate((rows.len() + 1).saturating_sub(sides.len()));
    }
    // What the module notes (the tiles too dear, which the list leaves out), where neither the
    // title nor the footer's prompt (`note_said`) has room for it: in the rows the list leaves
    // free, after a blank row where it fits.
    if let Some(note) = view.as_ref().and_then(|v| v.note.as_deref())
        && !title.contains(note)
        && !note_said
    {
        let said = wrap(&format!("({note})"), width);
        let free = rows.len().saturating_sub(listed.len());
        if said.len() <= free {
            // A blank row between, where there is room for it.
            let at = listed.len() + usize::from(said.len() < free);
            for (row, l) in rows[at..].iter_mut().zip(said) {
                *row = Line::from(Span::styled(l, p.accent(Accent::Dim)));
            }
        }
    }
    // A detail longer than its rows says so: its last row ends with `…` (a cut sentence read
    // as the whole one: `2 points per`).
    if lines.len() > detail
        && let Some(last) = lines.get_mut(detail.wrapping_sub(1))
    {
        let kept = super::text::take_width(last, width.saturating_sub(1));
        *last = format!("{}…", kept.trim_end());
    }
    lines.resize(detail, String::new());
    // The detail's one row given to the rivals, the status rows saying the detail whole.
    let rivals_over = rivals_over.then(|| rivals_row(app, game, width)).flatten();
    match rivals_over {
        Some(rivals) => rows.push(Line::from(rivals)),
        None => rows.extend(
            lines
                .into_iter()
                .map(|l| Line::from(Span::styled(l, p.accent(Accent::Dim)))),
        ),
    }
    match sides {
        Some(sides) => rows.extend(sides.into_iter().map(|(row, acting)| {
            let style = if acting {
                p.accent(Accent::Focus)
            } else {
                Style::default()
            };
            Line::from(Span::styled(row, style))
        })),
        None => {
            // With more than two sides covered and not all on the own row, the rivals on the
            // blank row over it, where there is one (four players at 80x24: who can afford
            // what is what a build or a burn asks).
            if scores_covered
                && game.sides() > 2
                && every_side_on_one_row(app, game, width).is_none()
                && rows.last().is_some_and(|l| l.width() == 0)
                && let Some(rivals) = rivals_row(app, game, width)
                && let Some(last) = rows.last_mut()
            {
                *last = Line::from(rivals);
            }
            let own = super::text::take_width(&own_row(app, game, width, scores_covered), width);
            rows.push(Line::from(Span::styled(own, p.accent(Accent::Focus))));
        }
    }
    Paragraph::new(rows)
        .block(panel(title, app, compact))
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::shown_choices;

    fn some(v: &[usize]) -> Vec<Option<usize>> {
        v.iter().copied().map(Some).collect()
    }

    #[test]
    fn the_title_says_the_rows_out_of_view_by_their_numbers() {
        let title = |listed: &[usize], all: usize, width: usize| {
            super::hidden_said(&some(listed), all, width, |_| "Dragon".to_string())
        };
        // Six burns and Skip, rows 1-5 and Skip shown: row 6 is out of view, below (the title
        // had said `1-5 of 6` over rows numbered 1 to 5 and `7. Skip`).
        assert_eq!(
            title(&[0, 1, 2, 3, 4, 6], 7, 50),
            "Dragon · row 6 hidden ↓ "
        );
        assert_eq!(
            title(&[1, 2, 3, 4, 5, 6], 7, 50),
            "Dragon · row 1 hidden ↑ "
        );
        assert_eq!(title(&[0, 6], 7, 50), "Dragon · rows 2-6 hidden ↓ ");
        assert_eq!(
            title(&[2, 3, 10], 11, 60),
            "Dragon · rows 1-2 ↑ and 5-10 ↓ hidden "
        );
        // Tighter, the numbers and ways alone, then the ways.
        assert_eq!(title(&[2, 3, 10], 11, 28), "Dragon · 1-2 ↑ 5-10 ↓ ");
        assert_eq!(title(&[2, 3, 10], 11, 16), "Dragon · ↑↓ ");
        // Every row shown: the title alone.
        assert_eq!(title(&[0, 1, 2], 3, 50), "Dragon ");
        // The chosen row alone (the least size): Skip is said hidden too.
        assert_eq!(title(&[3], 7, 50), "Dragon · rows 1-3 ↑ and 5-7 ↓ hidden ");
    }

    #[test]
    fn a_list_that_fits_is_shown_whole() {
        assert_eq!(shown_choices(0, 0, 4, 4), some(&[0, 1, 2, 3]));
        assert_eq!(shown_choices(3, 0, 3, 8), some(&[0, 1, 2]));
    }

    #[test]
    fn a_long_list_keeps_skip_last_and_the_cursor_in_view() {
        // Ten choices, the tenth Skip, in five rows: four actions, and Skip.
        assert_eq!(shown_choices(9, 0, 10, 5), some(&[0, 1, 2, 3, 9]));
        assert_eq!(shown_choices(0, 0, 10, 5), some(&[0, 1, 2, 3, 9]));
        assert_eq!(shown_choices(3, 0, 10, 5), some(&[0, 1, 2, 3, 9]));
        // Down past the window: it follows the cursor, one row at a time.
        assert_eq!(shown_choices(4, 0, 10, 5), some(&[1, 2, 3, 4, 9]));
        // The last rows fill the window: no blank row above Skip.
        assert_eq!(shown_choices(8, 0, 10, 5), some(&[5, 6, 7, 8, 9]));
        assert_eq!(shown_choices(8, 7, 10, 5), some(&[5, 6, 7, 8, 9]));
        // Onto Skip, the rows kept stay in view above it.
        assert_eq!(shown_choices(9, 3, 10, 5), some(&[3, 4, 5, 6, 9]));
        // Up above the window: it follows.
        assert_eq!(shown_choices(2, 3, 10, 5), some(&[2, 3, 4, 5, 9]));
        for top in 0..10 {
            for choice in 0..10 {
                for rows in 1..12 {
                    let shown = shown_choices(choice, top, 10, rows);
                    assert!(
                        shown.contains(&Some(choice)),
                        "{choice} in {rows}: {shown:?}"
                    );
                    assert_eq!(shown.len(), rows.min(10));
                    assert!(shown.iter().all(Option::is_some), "no blank row: {shown:?}");
                    let listed: Vec<usize> = shown.iter().flatten().copied().collect();
                    assert!(listed.windows(2).all(|w| w[0] < w[1]));
                    if rows > 1 {
                        assert_eq!(shown.last(), Some(&Some(9)), "Skip in view");
                    }
                    // A row clicked stays where it is for the second click: each choice shown
                    // is on the same row once the cursor is on it, the top kept as the app
                    // keeps it.
                    let kept = super::list_top(top, choice, 10, rows);
                    for (row, other) in shown.iter().enumerate() {
                        if let Some(other) = *other {
                            assert_eq!(
                                shown_choices(other, kept, 10, rows).get(row),
                                Some(&Some(other)),
                                "{other} at row {row} of {shown:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

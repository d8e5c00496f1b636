//! The score screen: every side's full breakdown and final kingdom (its largest territory
//! marked), the winner and what decided it.

use super::buttons::Bar;
use super::text::wrap;
use super::{block, side_name};
use crate::app::App;
use crate::keys::Key;
use crate::palette::Accent;
use crownlands_core::{Decider, Game, MatchDecider, Side, TieBreak};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The rows under the columns.
const SUMMARY_H: u16 = 5;

/// A side's column before it is fitted: its place, its territories (each with its points and the
/// territories it stands for), its bonuses and module lines, and the total with the tie-break
/// figures.
type Column = (
    Side,
    Line<'static>,
    Vec<(Line<'static>, (u32, usize))>,
    Vec<(Line<'static>, i32)>,
    Vec<Line<'static>>,
);

/// The score screen's columns over `area`: each side's lines, the columns' width, the rows' width,
/// the kingdom cells' size and the rows a column's lines have.
struct Columns {
    columns: Vec<Column>,
    w: u16,
    rw: usize,
    cell: (u16, u16),
    /// Rows of the tallest kingdom.
    n: u16,
    /// The rows of the longest column's lines.
    lines: u16,
    room: usize,
}

pub fn render(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let p = app.config.palette;
    let Columns {
        columns,
        w,
        rw,
        cell: (cell_w, cell_h),
        n,
        lines,
        room,
    } = columns(app, game, area);
    let cols_area = Rect {
        height: area.height.saturating_sub(SUMMARY_H),
        ..area
    };
    for (side, head, territories, bonuses, tail) in columns {
        let r = Rect::new(
            cols_area.x + u16::from(side.0) * w,
            cols_area.y,
            w,
            cols_area.height,
        );
        let name = super::short_side_name(app, game, side, usize::from(w.saturating_sub(4)));
        let title = Line::from(Span::styled(format!(" {name} "), p.side(side)));
        let rows = fit_rows(
            head,
            territories,
            bonuses,
            tail,
            Fit {
                room,
                width: rw,
                dim: p.accent(Accent::Dim),
                scroll: app.score_scroll(),
            },
        );
        Paragraph::new(rows).block(block(title, app)).render(r, buf);
        if kingdoms_shown(game, area) {
            // At the same height in every column: a row below the longest column's lines (not
            // at the box's foot, many blank rows below them on a tall terminal), or as low as
            // the box lets it be.
            let foot = r.bottom() - 1 - n * cell_h;
            let top = (r.y + 1).saturating_add(lines).saturating_add(1).min(foot);
            let at = Rect::new(r.x + 1, top, r.width - 2, n * cell_h);
            final_kingdom(app, game, side, at, (cell_w, cell_h), buf);
        }
    }
    let r = summary_area(area);
    let (lines, _, _) = summary_in(app, game, area);
    Paragraph::new(lines).render(r, buf);
}

/// How far ↑↓ scroll the score screen over `area`: 0 where every column shows all of its lines
/// (nothing more to show); else 1 shows every line from the first, and each step one line on,
/// to the step that shows the longest column's last line.
pub fn max_scroll(app: &App, game: &Game, area: Rect) -> usize {
    let c = columns(app, game, area);
    let lines_room = |tail: usize| c.room.saturating_sub(1 + tail);
    c.columns
        .iter()
        .map(|(_, _, t, b, tail)| {
            let all = t.len() + b.len();
            let room = lines_room(tail.len());
            if all > room {
                all - scroll_window(room) + 1
            } else {
                0
            }
        })
        .max()
        .unwrap_or(0)
}

/// The lines a scrolled column shows in `lines_room` rows: one row fewer, for the row saying
/// how many are above and below, where there are two rows or more.
fn scroll_window(lines_room: usize) -> usize {
    if lines_room >= 2 {
        lines_room - 1
    } else {
        lines_room.max(1)
    }
}

fn columns(app: &App, game: &Game, area: Rect) -> Columns {
    let p = app.config.palette;
    let outcome = game.outcome();
    let sides = outcome.scores.len().max(1);
    let ruleset = game.ruleset();
    let cols_area = Rect {
        height: area.height.saturating_sub(SUMMARY_H),
        ..area
    };
    let w = cols_area.width / sides as u16;
    // Each row: a label, and its number right-aligned, in 32 columns (`12 territories without
    // crowns  0` whole: in 24 it had read `4 terr.` in a column with room for the words), or
    // as many as the longest line of a module needs whole (a goal's or a building's long
    // name), up to 48; fewer where the column is narrower.
    // (Each side's module lines worked out once, for the width and the column.)
    let mut module_lines: Vec<_> = outcome
        .scores
        .iter()
        .map(|(side, _)| game.score_lines(side))
        .collect();
    // (A line's detail, how it was counted, beside its label where the column has room.)
    let longest = module_lines
        .iter()
        .flatten()
        .map(|l| super::text::width(&with_detail(l)) + 6)
        .max()
        .unwrap_or(0);
    let rw = usize::from(w.saturating_sub(2)).min(longest.clamp(32, 48));
    // Each column's lines first: the kingdoms' cells are sized for the longest column, so that
    // every kingdom is drawn alike, at the same height.
    let mut columns: Vec<Column> = Vec::with_capacity(sides);
    for ((side, score), lines) in outcome.scores.iter().zip(module_lines.iter_mut()) {
        // `2nd place`, not `Place 2`, which read like a move beside the log's `place 12 at`;
        // `6th` alone where that does not fit (six sides at 64 columns had read `6th plac`).
        let ordinal = crownlands_core::modules::describe::ordinal(
            outcome.places.get(side).copied().unwrap_or(0) as usize,
        );
        let place = format!("{ordinal} place");
        let head = Line::from(if super::text::width(&place) <= rw {
            place
        } else {
            ordinal
        });
        // The kingdom's own territories, then its bonuses and each module's lines (the Queen's
        // crown on a line of its own, as `crownlands score` and the rulebook say it: in the
        // final breakdown it is already one of the largest territory's crowns).
        let own = crownlands_core::score::score_kingdom(game.kingdom(side), game.rules());
        // Each line with its points and the territories it stands for.
        let mut territories: Vec<(Line, (u32, usize))> = Vec::new();
        let mut plain = 0;
        // The figures (`12x3  36`), their points in three columns where a symbol and a space
        // leave room, else without the padding (at 8 sides and 90 columns a two-figure count
        // left no room for the terrain's letter: `12x3  36` beside `F 8x3  24`). The names are
        // fitted to the column's widest figures, so a terrain reads alike on every row of it
        // (`wh… 8x3 24` above `W 12x3 36` had read as two terrains).
        let crowned = || own.territories.iter().filter(|t| t.points > 0);
        let padded = |t: &crownlands_core::score::TerritoryScore| {
            format!("{}x{} {:>3}", t.squares, t.crowns, t.points)
        };
        let compact = |t: &crownlands_core::score::TerritoryScore| {
            format!("{}x{} {}", t.squares, t.crowns, t.points)
        };
        let widest = |f: &dyn Fn(&crownlands_core::score::TerritoryScore) -> String| {
            crowned().map(|t| f(t).len()).max().unwrap_or(0)
        };
        let pad = widest(&padded) + 2 <= rw;
        let wide = if pad {
            widest(&padded)
        } else {
            widest(&compact)
        };
        for t in &own.territories {
            if t.points == 0 {
                plain += 1;
                continue;
            }
            let terrain = ruleset.terrains().get(t.terrain.index());
            let figures = if pad { padded(t) } else { compact(t) };
            // A name cut short could read alike for two terrains (`f…`, `fo…`): where it does
            // not fit whole, cut with its mark where no other terrain's name starts so
            // (`gra…`), else the terrain's symbol, as the kingdoms draw it (a lone `G` among
            // `wheat` and `lake` had read as a stray letter).
            let name = match terrain {
                Some(t) if super::text::width(&t.name) + wide < rw => t.name.clone(),
                Some(t) => {
                    cut_terrain_name(ruleset.terrains(), &t.name, rw.saturating_sub(wide + 1))
                        .unwrap_or_else(|| t.symbol.to_string())
                }
                None => "?".to_string(),
            };
            // Where not even the letter and a space fit beside the figures (six sides at 64
            // columns: `│ 10x9 90│`, the terrain unsaid), the letter against them: `G10x9 90`.
            let symbol = terrain.map_or_else(|| "?".to_string(), |t| t.symbol.to_string());
            let text = if super::text::width(&name) + 1 + figures.len() > rw
                && super::text::width(&symbol) + figures.len() <= rw
            {
                let gap = rw - super::text::width(&symbol) - figures.len();
                format!("{symbol}{}{figures}", " ".repeat(gap))
            } else {
                row(&name, &figures, rw)
            };
            territories.push((Line::from(text), (t.points, 1)));
        }
        if plain > 0 {
            territories.push((
                Line::from(Span::styled(
                    row(&uncrowned(plain, rw.saturating_sub(2)), "0", rw),
                    p.accent(Accent::Dim),
                )),
                (0, plain),
            ));
        }
        let bonuses: Vec<(Line, i32)> = own
            .bonuses
            .iter()
            .map(|b| {
                (
                    crownlands_core::score::bonus_words(&b.key).to_string(),
                    b.points,
                )
            })
            .chain(std::mem::take(lines).into_iter().map(|l| {
                // How it was counted (a building's `5 lake territories x 2`) where it fits
                // whole beside the label and the points; else the label alone.
                let full = with_detail(&l);
                let points = format!("{:+}", l.points);
                let room = rw.saturating_sub(points.len() + 1);
                let label = if super::text::width(&full) <= room {
                    full
                } else {
                    match l.short {
                        // Its short form where the label would be cut (`28¢`, not `28 coi…`).
                        Some(short) if !fits_without_cuts(&l.label, room) => short,
                        _ => l.label,
                    }
                };
                (label, l.points)
            }))
            .map(|(label, points)| {
                (
                    Line::from(Span::styled(
                        row(&label, &format!("{points:+}"), rw),
                        p.accent(Accent::Good),
                    )),
                    points,
                )
            })
            .collect();
        let mut tail = vec![Line::from(Span::styled(
            row("Total", &score.total.to_string(), rw),
            p.accent(Accent::Focus),
        ))];
        // What the ruleset's tie-breaks compare, in their order, each once, and nothing they
        // do not (crowns under the rulebook's largest territory alone read as a tie-break of
        // their own): the largest territory's squares, the crowns, and the resources its
        // `most-RESOURCE` and `fewest-RESOURCE` tie-breaks name (a playtester's `most-coins`
        // first was listed after `largest`).
        let mut said: Vec<&str> = Vec::new();
        for tie_break in &game.rules().tie_breaks {
            // (Keyed apart from a resource's name, which could be `largest`.)
            let (key, label, value) = match tie_break {
                TieBreak::LargestTerritory => {
                    (" largest", "largest", score.largest_territory.to_string())
                }
                TieBreak::MostCrowns | TieBreak::FewestCrowns => {
                    (" crowns", "crowns", score.crowns.to_string())
                }
                TieBreak::Most(r) | TieBreak::Fewest(r) => (
                    r.as_str(),
                    r.as_str(),
                    score.held.get(r.as_str()).copied().unwrap_or(0).to_string(),
                ),
            };
            if said.contains(&key) {
                continue;
            }
            said.push(key);
            tail.push(Line::from(Span::styled(
                row(label, &value, rw),
                p.accent(Accent::Dim),
            )));
        }
        columns.push((side, head, territories, bonuses, tail));
    }
    let n = columns
        .iter()
        .map(|c| u16::from(game.kingdom(c.0).grid().max(1)))
        .max()
        .unwrap_or(1);
    let inner_h = cols_area.height.saturating_sub(2);
    // Big cells (two rows, 3 to 5 columns, or three rows of 6, as the game draws the kingdom)
    // where every column has room for them below all of its lines; else one row of up to 3
    // columns.
    let lines = columns
        .iter()
        .map(|(_, _, t, b, tail)| 1 + t.len() + b.len() + tail.len())
        .max()
        .unwrap_or(0);
    // (At least the 6 rows a kingdom under the lines leaves the lines, as `show_kingdom` asks.)
    let lines = u16::try_from(lines.max(6)).unwrap_or(u16::MAX);
    // (Three rows of 6 columns where the terminal is big: the game's own cells there.)
    let (cell_w, cell_h) = if inner_h >= lines.saturating_add(3 * n + 1) && w >= 6 * n + 2 {
        (6, 3)
    } else if inner_h >= lines.saturating_add(2 * n + 1) && w >= 4 * n + 2 {
        (if w >= 5 * n + 2 { 5 } else { 4 }, 2)
    } else if inner_h >= lines.saturating_add(2 * n + 1) && w >= 3 * n + 2 {
        // Two rows of 3 on a tall, narrow terminal, as the game draws them there (80x40 with
        // four kingdoms had drawn them a row a cell over twenty empty rows).
        (3, 2)
    } else {
        (3, 1)
    };
    // The final kingdom under the rows, when the column has room for it (the territory
    // rows give way first: the total and the bonuses stay).
    let kingdom_h = n * cell_h + 1;
    let room = usize::from(if kingdoms_shown(game, area) {
        inner_h - kingdom_h
    } else {
        inner_h
    });
    Columns {
        columns,
        w,
        rw,
        cell: (cell_w, cell_h),
        n,
        lines,
        room,
    }
}

/// Whether the score screen in `area` draws the final kingdom under each column: a column
/// has the rows for six of its lines and a kingdom of one-row cells under them, and the
/// columns for its cells. (Bigger cells are chosen only where they leave those rows.)
fn kingdoms_shown(game: &Game, area: Rect) -> bool {
    let sides = u16::from(game.sides().max(1));
    let n = game
        .all_sides()
        .map(|s| u16::from(game.kingdom(s).grid().max(1)))
        .max()
        .unwrap_or(1);
    let inner_h = area.height.saturating_sub(SUMMARY_H).saturating_sub(2);
    inner_h >= n + 1 + 6 && area.width / sides >= n + 2
}

/// A column's rows in at most `room` rows: the place and the last rows (total, tie-break
/// figures) always; the territories, then the bonuses, in the breakdown's order. When they do
/// not all fit, the lines worth the most points stay, whichever kind they are, and the ones left
/// out are summed on a line of their kind (`3 more territories  12`).
/// How a column's rows are fitted: `room` rows of `width` columns, summaries in `dim`, and the
/// score screen's scroll (past 0, every line in the breakdown's order from that line on, with
/// no summary).
struct Fit {
    room: usize,
    width: usize,
    dim: Style,
    scroll: usize,
}

fn fit_rows(
    head: Line<'static>,
    territories: Vec<(Line<'static>, (u32, usize))>,
    bonuses: Vec<(Line<'static>, i32)>,
    tail: Vec<Line<'static>>,
    fit: Fit,
) -> Vec<Line<'static>> {
    let Fit {
        room,
        width,
        dim,
        scroll,
    } = fit;
    // The line summing what a kind left out: `3 more territories  12` (`3 territories` when
    // none of the kind is shown), `+` signed for bonuses.
    let summary = |n: usize, kind: &str, more: bool, points: i64, signed: bool| {
        let value = if signed {
            format!("{points:+}")
        } else {
            points.to_string()
        };
        // Whole where it fits, else the kind said short (`8 more terr.`: a word cut short,
        // `territori`, reads worse, and `8 more` alone did not say what), then without `more`.
        let short = summary_short(kind);
        let labels = if more {
            vec![
                format!("{n} more {kind}"),
                format!("{n} more {short}"),
                format!("{n} {short}"),
            ]
        } else {
            vec![format!("{n} {kind}"), format!("{n} {short}")]
        };
        let fits = |l: &String| super::text::width(l) + value.len() < width;
        let label = match labels.iter().find(|l| fits(l)) {
            Some(l) => l.clone(),
            None => labels.last().cloned().unwrap_or_default(),
        };
        Line::from(Span::styled(row(&label, &value, width), dim))
    };
    let lines_room = room.saturating_sub(1 + tail.len());
    let (t_len, b_len) = (territories.len(), bonuses.len());
    // Scrolled: 1 shows the list from its first line (the largest territory), each step on one
    // line further.
    if scroll > 0 && t_len + b_len > lines_room {
        let all = t_len + b_len;
        let window = scroll_window(lines_room);
        let first = (scroll - 1).min(all - window);
        let mut rows = vec![head];
        rows.extend(
            territories
                .into_iter()
                .map(|(l, _)| l)
                .chain(bonuses.into_iter().map(|(l, _)| l))
                .skip(first)
                .take(window),
        );
        // A row saying how many lines are above and below the window, so the lines shown are
        // not read as the whole breakdown (they did not add up to the total).
        if window < lines_room {
            let below = all - window - first;
            let mut note = Vec::new();
            if first > 0 {
                note.push(format!("↑ {first} more"));
            }
            if below > 0 {
                note.push(format!("↓ {below} more"));
            }
            let text = note.join(", ");
            let text = if super::text::width(&text) <= width {
                text
            } else {
                note.join(" ").replace(" more", "")
            };
            rows.push(Line::from(Span::styled(text, dim)));
        }
        rows.extend(tail);
        rows.truncate(room.max(1));
        return rows;
    }
    // How many of each kind to show: all, or the `k` lines worth the most, leaving a row for
    // each kind's summary.
    let (keep_t, keep_b) = if t_len + b_len <= lines_room {
        (t_len, b_len)
    } else {
        let mut points: Vec<(u32, bool)> = territories
            .iter()
            .map(|(_, p)| (p.0, true))
            .chain(bonuses.iter().map(|(_, p)| (p.unsigned_abs(), false)))
            .collect();
        points.sort_by_key(|&(p, _)| std::cmp::Reverse(p));
        let split = |k: usize| {
            let t = points.iter().take(k).filter(|(_, t)| *t).count();
            (t, k.min(points.len()) - t)
        };
        let mut k = lines_room.saturating_sub(1);
        let (mut t, mut b) = split(k);
        if t < t_len && b < b_len {
            k = k.saturating_sub(1);
            (t, b) = split(k);
        }
        // One line left out takes the row its summary would: show the line.
        let whole = |kept: usize, all: usize| if all - kept == 1 { all } else { kept };
        (whole(t, t_len), whole(b, b_len))
    };
    // The lines kept are the `keep` worth the most, shown in the breakdown's order.
    type Kept<L, P> = Vec<(L, P)>;
    fn largest<L, P: Copy>(
        lines: Vec<(L, P)>,
        keep: usize,
        worth: impl Fn(P) -> u32,
    ) -> (Kept<L, P>, Kept<L, P>) {
        let mut order: Vec<usize> = (0..lines.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(worth(lines[i].1)));
        let mut kept = vec![false; lines.len()];
        for &i in order.iter().take(keep) {
            kept[i] = true;
        }
        let (mut shown, mut hidden) = (Vec::new(), Vec::new());
        for (line, k) in lines.into_iter().zip(kept) {
            if k {
                shown.push(line);
            } else {
                hidden.push(line);
            }
        }
        (shown, hidden)
    }
    let mut rows = Vec::new();
    let (shown, hidden) = largest(territories, keep_t, |p| p.0);
    rows.extend(shown.iter().map(|(l, _)| l.clone()));
    if !hidden.is_empty() {
        let points = hidden.iter().map(|(_, p)| i64::from(p.0)).sum();
        let count = hidden.iter().map(|(_, p)| p.1).sum();
        rows.push(summary(
            count,
            "territories",
            !shown.is_empty(),
            points,
            false,
        ));
    }
    let (shown, hidden) = largest(bonuses, keep_b, i32::unsigned_abs);
    rows.extend(shown.iter().map(|(l, _)| l.clone()));
    if !hidden.is_empty() {
        let points = hidden.iter().map(|(_, p)| i64::from(*p)).sum();
        // A goal's penalty is no bonus: the lines left out said as what they are.
        let (gives, takes) = (
            hidden.iter().any(|(_, p)| *p > 0),
            hidden.iter().any(|(_, p)| *p < 0),
        );
        let kind = match (gives, takes) {
            (false, true) => "penalties",
            (true, true) => "other lines",
            _ => "bonuses",
        };
        rows.push(summary(hidden.len(), kind, !shown.is_empty(), points, true));
    }
    // A column too short for a summary of each kind keeps the place and the total.
    rows.truncate(lines_room);
    rows.insert(0, head);
    rows.extend(tail);
    rows.truncate(room.max(1));
    rows
}

/// A summary's kind said short, for a narrow column (`terr.`, `bon.`).
fn summary_short(kind: &str) -> &str {
    match kind {
        "territories" => "terr.",
        "bonuses" => "bon.",
        "penalties" => "pen.",
        "other lines" => "lines",
        other => other,
    }
}

/// A side's final kingdom, its largest territory marked (reversed), in cells of at most
/// `cell.0` columns and `cell.1` rows.
fn final_kingdom(
    app: &App,
    game: &Game,
    side: Side,
    area: Rect,
    cell: (u16, u16),
    buf: &mut Buffer,
) {
    let kingdom = game.kingdom(side);
    let largest = kingdom
        .territories()
        .into_iter()
        .max_by_key(|t| (t.squares, t.crowns))
        .map(|t| kingdom.territory_cells(t.anchor))
        .unwrap_or_default();
    let pieces = game.cell_marks(side);
    let region = super::kingdom_region(kingdom);
    let cols = (i16::from(region.2) - i16::from(region.0) + 1).max(1) as u16;
    let cell_w = (area.width / cols).clamp(1, cell.0);
    super::kingdom::KingdomView {
        kingdom,
        ruleset: game.ruleset(),
        palette: app.config.palette,
        region,
        cell_w,
        cell_h: cell.1,
        ghosts: &[],
        marks: &[],
        pieces: &pieces,
        highlight: &largest,
        acted: None,
        crossed: &[],
    }
    .render(area, buf);
}

/// The rows under the columns: the winner, the match, the buttons.
fn summary_area(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.bottom().saturating_sub(SUMMARY_H),
        area.width,
        SUMMARY_H,
    )
}

/// The clickable keys of the score screen.
fn bar(app: &App, scrolls: bool) -> Bar {
    if let Some(bar) = super::popup_bar(app) {
        return bar;
    }
    if app.mode() == crate::app::Mode::Replay {
        // Watching a saved game: its keys, not those of a game played here.
        // (In a match, a game's last move is followed by the next game's.)
        let more = app.replay_position().is_some_and(|(at, all)| at < all);
        let bar = if more {
            Bar::new().key("→: next", Key::Right).text(" ")
        } else {
            Bar::new()
        };
        // A saved game's end: its analysis (the game just played's has its own screen), once
        // the whole of it is over (a match saved between its games is not).
        let over = app.session().is_some_and(|s| s.is_over());
        let bar = if !more && over && !app.watching_this_game() {
            bar.key("a: analyse this game", Key::Char('a')).text(" ")
        } else {
            bar
        };
        return bar
            .key("←: back a move", Key::Left)
            .text(" ")
            .key("g: the start", Key::Char('g'))
            .text(" ")
            .key(
                if app.watching_this_game() {
                    "q: back to the analysis"
                } else {
                    "q: back to setup"
                },
                Key::Char('q'),
            );
    }
    // A saved game watched: nothing to play on, the setup screen to go back to.
    let watched = app.watching_saved_scores();
    let next = match app.session() {
        _ if watched => "",
        Some(s) if s.can_start_next_game() => "Enter: next game",
        _ => "Enter: play again",
    };
    // The analysis goes on with its box closed: the key says how far it is.
    let analyse = match app.analysis() {
        None => "a: analyse this game".to_string(),
        Some(job) if job.result.is_none() => match job.left() {
            Some(left) => format!(
                "a: analysis {}/{}, {}",
                job.done(),
                job.total,
                crate::app::analysis::left_words(left)
            ),
            None => format!("a: analysis {}/{}", job.done(), job.total),
        },
        Some(_) => "a: show the analysis".to_string(),
    };
    if watched {
        return Bar::new()
            .key(&analyse, Key::Char('a'))
            .text(" ")
            .key("q: back to setup", Key::Char('q'));
    }
    // Then, where the row has room, the keys a playtest did not find: taking back the last
    // move (before the rest: at 80 columns it had gone unseen) and the lines summed up.
    let bar = Bar::new()
        .key(next, Key::Enter)
        .text(" ")
        .key(&analyse, Key::Char('a'))
        .text(" ")
        .key("q: quit", Key::Char('q'));
    let bar = if app.can_undo() {
        bar.text(" ").key("u: undo", Key::Char('u'))
    } else {
        bar
    };
    // Offered where there are lines to show (where every line shows, it did nothing).
    if scrolls {
        bar.text(" ").key("↑↓: every line", Key::Down)
    } else {
        bar
    }
}

/// The summary's lines, wrapped to `width`, the index of the line of buttons, and the buttons.
/// [`summary`] as the score screen of `area` shows it (drawn and clicked alike): at its summary
/// area's width, ↑↓ offered where the columns have lines to show.
fn summary_in(app: &App, game: &Game, area: Rect) -> (Vec<Line<'static>>, usize, Bar) {
    summary(
        app,
        game,
        usize::from(summary_area(area).width),
        kingdoms_shown(game, area),
        max_scroll(app, game, area) > 0,
    )
}

/// `scrolls`: whether ↑↓ have lines to show (the key is offered only then).
fn summary(
    app: &App,
    game: &Game,
    width: usize,
    kingdoms: bool,
    scrolls: bool,
) -> (Vec<Line<'static>>, usize, Bar) {
    let p = app.config.palette;
    let outcome = game.outcome();
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|&s| side_name(app, game, s))
        .collect();
    let decided = match outcome.decided_by {
        Decider::Score => "on score".to_string(),
        Decider::TieBreak(tb) => format!("tied on score, decided by {}", tb.words()),
        Decider::Shared => "tied on every tie-break: a shared victory".to_string(),
    };
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut push = |text: &str, style: Style| {
        for l in wrap(text, width) {
            lines.push(Line::from(Span::styled(l, style)));
        }
    };
    // In a match, this game's winner (the match's is told below, and may be another).
    let title = match app.session() {
        Some(s) if s.match_games() > 1 => format!("Winner of game {}", s.game_index() + 1),
        _ => "Winner".to_string(),
    };
    push(
        &format!("{title}: {} ({decided})", winners.join(" and ")),
        p.accent(Accent::Title),
    );
    if let Some(s) = app.session()
        && s.match_games() > 1
    {
        let text: Vec<String> = s
            .played()
            .totals()
            .iter()
            .map(|(side, t)| format!("{} {t}", side_name(app, game, side)))
            .collect();
        push(
            &format!(
                "Match totals after game {} of {}: {}",
                s.game_index() + 1,
                s.match_games(),
                text.join(", ")
            ),
            Style::default(),
        );
        if let Some(w) = super::match_winners(app, game) {
            // A match ranks by its totals, then its own tie-breaks (`match-tie-breaks`), never
            // a game's: tied on all of them, it is shared, whatever decided its games (a game
            // won on a tie-break just above would seem to decide it too).
            let shared = s
                .match_record()
                .is_some_and(|record| record.winners.len() > 1);
            let text = match s.played().decided_by() {
                Some(MatchDecider::TieBreak(tb)) if !shared => format!(
                    "The match goes to {w}: tied on the totals, decided by {}.",
                    tb.words()
                ),
                _ if shared && game.rules().match_tie_breaks.is_empty() => format!(
                    "The match goes to {w}: tied on the totals, they share it (the ruleset gives a match no tie-break)."
                ),
                _ if shared => format!(
                    "The match goes to {w}: tied on the totals and every match tie-break, they share it."
                ),
                _ => format!("The match goes to {w}."),
            };
            push(&text, Style::default());
        }
    }
    // The letters the modules put on the kingdoms (k, B), whatever the modules.
    let mut letters: Vec<char> = Vec::new();
    for side in game.all_sides() {
        for m in game.cell_marks(side) {
            let c = super::kingdom::glyph(m.symbol);
            if !letters.contains(&c) {
                letters.push(c);
            }
        }
    }
    let pieces = if letters.is_empty() {
        String::new()
    } else {
        let l: Vec<String> = letters.iter().map(char::to_string).collect();
        format!(
            ", the pieces on it by their letters ({}; underlined where a cell is too narrow)",
            l.join(", ")
        )
    };
    // (Said only where the kingdoms are drawn: at 64x18 it promised kingdoms not shown.)
    let legend = if kingdoms {
        format!("Under each score, the final kingdom: its largest territory reversed{pieces}.")
    } else {
        String::new()
    };
    // The news (where the game was kept) goes whole under the keys: the legend gives way when
    // both do not fit.
    let news = if app.message().is_empty() {
        Vec::new()
    } else {
        super::text::fill(app.message(), width, usize::from(SUMMARY_H))
    };
    let legend_rows = wrap(&legend, width).len();
    let room = usize::from(SUMMARY_H);
    let before = lines.len();
    if !legend.is_empty() && (before + legend_rows + 1 + news.len() <= room || news.is_empty()) {
        for l in wrap(&legend, width) {
            lines.push(Line::from(Span::styled(l, p.accent(Accent::Dim))));
        }
    }
    // In the row's width: the keys that fit whole (at 66x20 the last had read `↑↓:`).
    let bar = bar(app, scrolls).within(width);
    let at = lines.len();
    lines.push(bar.line(p.accent(Accent::Focus)));
    let left = room.saturating_sub(lines.len()).max(1);
    let news = if news.len() > left {
        news_in(app.message(), width, left)
    } else {
        news
    };
    lines.extend(news.into_iter().map(Line::from));
    (lines, at, bar)
}

/// The news in `rows` rows of `width`: whole where it fits; else without its closing words in
/// brackets where that fits (`Game kept as ... in DIR.` rather than the folder cut by `(wa…`);
/// else without the folder, the file's name whole (`Game kept as NAME.json.`: a name broken
/// across two rows, `….jso` `n in /tmp/...`, is copied wrong); else cut with `…`.
fn news_in(message: &str, width: usize, rows: usize) -> Vec<String> {
    if wrap(message, width).len() > rows
        && message.ends_with(").")
        && let Some(at) = message.rfind(" (")
    {
        let short = format!("{}.", &message[..at]);
        if wrap(&short, width).len() <= rows {
            return super::text::fill(&short, width, rows);
        }
        if let Some(name_end) = short.find(".json in ") {
            let shorter = format!("{}.", &short[..name_end + ".json".len()]);
            if wrap(&shorter, width).len() <= rows {
                return super::text::fill(&shorter, width, rows);
            }
        }
    }
    super::text::fill(message, width, rows)
}

/// The key of the button clicked at (`col`, `row`) on the score screen drawn over `area`.
pub fn hit(app: &App, area: Rect, col: u16, row: u16) -> Option<Key> {
    let game = app.game()?;
    let r = summary_area(area);
    let (_, at, bar) = summary_in(app, game, area);
    (row == r.y + at as u16)
        .then(|| bar.key_at(r.x, col))
        .flatten()
}

/// `label` and `value` on one row of `width` columns: the label cut to fit, the value right-aligned.
pub fn row(label: &str, value: &str, width: usize) -> String {
    // In columns: a wide character (a terrain or building named in CJK) takes two.
    let vlen = super::text::width(value);
    let room = width.saturating_sub(vlen + 1);
    let label = short_label(label, room);
    let pad = width
        .saturating_sub(super::text::width(&label) + vlen)
        .max(1);
    format!("{label}{}{value}", " ".repeat(pad))
}

/// The line of `count` territories without crowns in `room` columns, said in words however
/// short (`6 territories without crowns`, `6 terr. without crowns`, `6 terr. no crowns`, `6
/// terr. 0 crowns`, `6 no crowns`, `no crowns`): `6 wi. crowns` had read as a code, and `8
/// without crowns` as eight squares.
fn uncrowned(count: usize, room: usize) -> String {
    let territories = if count == 1 {
        "territory"
    } else {
        "territories"
    };
    [
        format!("{count} {territories} without crowns"),
        format!("{count} terr. without crowns"),
        format!("{count} terr. no crowns"),
        format!("{count} terr. 0 crowns"),
        format!("{count} no crowns"),
        "no crowns".to_string(),
        "no crown".to_string(),
    ]
    .into_iter()
    .find(|t| super::text::width(t) <= room)
    .unwrap_or_else(|| "no crowns".to_string())
}

/// `label` in `room` columns, losing what says least first: a parenthesis (`28 coins (3 a
/// point)`: `28 coins`; `the Queen's crown (wheat, 7 squares)`: `the Queen's crown`), then a
/// leading "the", then words cut short with a dot ([`super::panels::squeeze_words`]: `Queen's
/// cr.`), then the end, with a mark (`Monume…`). A name cut at its end always says so (`…`):
/// `Grassland T` beside `Forest Tow…` had read as a whole name.
fn short_label(label: &str, room: usize) -> String {
    let fits = |t: &str| super::text::width(t) <= room;
    if fits(label) {
        return label.to_string();
    }
    let mut t = label.to_string();
    if let (Some(open), true) = (t.find(" ("), t.ends_with(')')) {
        t.truncate(open);
    }
    if fits(&t) {
        return t;
    }
    t = t.strip_prefix("the ").unwrap_or(&t).to_string();
    if fits(&t) {
        return t;
    }
    // In a very narrow column a name's first letters read better than its words cut (`Watch H…`,
    // not `Wa. Ho.`).
    if room >= 12 {
        let squeezed = super::panels::squeeze_words(&t, room);
        if fits(&squeezed) {
            return squeezed;
        }
    } else if let Some(initials) = initials_then_last(&t, room) {
        return initials;
    }
    cut_at_end(&t, room)
}

/// A name of capitalised words (a building's: `Knights' Hall`) in a very narrow `room`, where
/// cut at its end it would show under three letters of its last word, as the initials of all its
/// words but the last, then the last (`K.Hall`), cut with the mark where it
/// still shows three of its letters (`K.Toll…`): the last word is what tells a name from its
/// neighbours (`Knights' Hall`, `Knights' Lodge` and `Knight Tollgate` had all read `Knight…`;
/// `Grassland Camp` and `Grassland Tower` both `Grassl…`). `None` for a word or a name with a
/// word not capitalised (`19 coins`, `Queen's crown`).
fn initials_then_last(name: &str, room: usize) -> Option<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let (last, before) = words.split_last()?;
    // Where the name cut at its end shows three letters of its last word, that reads best
    // (`Forest Tow…`).
    let plain = cut_at_end(name, room);
    let head = plain.strip_suffix('…').unwrap_or(&plain);
    let last_at = name.len() - last.len();
    if head.len() >= last_at + 3 {
        return None;
    }
    if before.is_empty()
        || !words
            .iter()
            .all(|w| w.chars().next().is_some_and(char::is_uppercase))
    {
        return None;
    }
    let initials: String = before
        .iter()
        .filter_map(|w| w.chars().next())
        .map(|c| format!("{c}."))
        .collect();
    let whole = format!("{initials}{last}");
    if super::text::width(&whole) <= room {
        return Some(whole);
    }
    let cut = cut_at_end(&whole, room);
    let shown = cut.strip_suffix('…')?.strip_prefix(initials.as_str())?;
    (shown.chars().count() >= 3).then_some(cut)
}

/// Whether [`short_label`] keeps `label`'s words whole in `room` (it may drop a parenthesis or a
/// leading "the").
fn fits_without_cuts(label: &str, room: usize) -> bool {
    let mut t = label;
    if let (Some(open), true) = (t.find(" ("), t.ends_with(')')) {
        t = &t[..open];
    }
    let fits = |t: &str| super::text::width(t) <= room;
    fits(t) || fits(t.strip_prefix("the ").unwrap_or(t))
}

/// A terrain's `name` cut with its mark to `room` columns (`gra…`), where what is left of it,
/// at least two letters, starts the name of no other terrain of `terrains`: `None` where it
/// would read alike for two.
fn cut_terrain_name(
    terrains: &[crownlands_core::terrain::Terrain],
    name: &str,
    room: usize,
) -> Option<String> {
    let cut = cut_at_end(name, room);
    let head = cut.strip_suffix('…')?;
    let alone = head.chars().count() >= 2
        && terrains
            .iter()
            .filter(|t| t.name != name)
            .all(|t| !t.name.to_lowercase().starts_with(&head.to_lowercase()));
    alone.then_some(cut)
}

/// `t` cut to `room` columns with a mark, the mark after a letter or figure, never after a
/// space or an apostrophe (`Grassland…`, `Queen…`); too narrow for a mark, the first letters.
fn cut_at_end(t: &str, room: usize) -> String {
    if room < 2 {
        return super::text::take_width(t, room);
    }
    let head = super::text::take_width(t, room - 1);
    let head = head.trim_end_matches(|c: char| !c.is_alphanumeric());
    if head.is_empty() {
        return super::text::take_width(t, room);
    }
    format!("{head}…")
}

/// A module's score line with how it was counted, where the module says (`Lake Camp 5 lake
/// territories x 2`).
fn with_detail(line: &crownlands_core::modules::describe::ScoreLine) -> String {
    match &line.detail {
        Some(detail) => format!("{} {detail}", line.label),
        None => line.label.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Fit, cut_terrain_name, fit_rows, news_in, row, short_label, uncrowned};

    #[test]
    fn news_too_long_loses_its_words_in_brackets_first() {
        let news = "Game kept as dynasty-seed-17.json in /tmp/home/saves (watch it from the setup screen).";
        assert_eq!(
            news_in(news, 60, 1),
            ["Game kept as dynasty-seed-17.json in /tmp/home/saves."]
        );
        // Then without the folder, the file's name whole: it had been broken across the rows
        // (`...-1796233695621500877.jso`, `n in /tmp/...`).
        let long = "Game kept as harmony-middle-kingdom-seed-1796233695621500877.json in /tmp/s58/night/home/saves (watch it from the setup screen).";
        assert_eq!(
            news_in(long, 64, 2),
            [
                "Game kept as",
                "harmony-middle-kingdom-seed-1796233695621500877.json."
            ]
        );
        // Whole where it fits; cut where even the short one does not.
        assert_eq!(news_in(news, 200, 1), [news]);
        assert_eq!(news_in(news, 20, 1).len(), 1);
        assert!(news_in(news, 20, 1)[0].ends_with('…'));
    }

    #[test]
    fn labels_lose_what_says_least_first() {
        assert_eq!(short_label("the Queen's crown", 20), "the Queen's crown");
        assert_eq!(short_label("the Queen's crown", 14), "Queen's crown");
        assert_eq!(short_label("28 coins (3 a point)", 14), "28 coins");
        assert_eq!(short_label("the Queen's crown", 12), "Queen's cro.");
        // A cut always marked, the mark never after a space or an apostrophe.
        assert_eq!(short_label("the Queen's crown", 7), "Queen…");
        assert_eq!(short_label("the Queen's crown", 6), "Queen…");
        // The parenthesis first: the Queen's crown stays whole where it fits.
        let queen = "the Queen's crown (grassland, 5 squares)";
        assert_eq!(short_label(queen, 30), "the Queen's crown");
        assert_eq!(short_label(queen, 15), "Queen's crown");
        // A very narrow column: the first letters, marked as cut.
        assert_eq!(short_label("Monument", 7), "Monume…");
        // A name of several words: the initials, then the last word, which tells it from its
        // neighbours (`Knights' Hall` and `Knight Tollgate` had both read `Knight…`).
        assert_eq!(short_label("Knight Tollgate", 7), "K.Toll…");
        assert_eq!(short_label("Knights' Hall", 7), "K.Hall");
        assert_eq!(short_label("Knights' Lodge", 7), "K.Lodge");
        assert_eq!(short_label("Grassland Camp", 7), "G.Camp");
        assert_eq!(short_label("Tower Keep", 7), "T.Keep");
        assert_eq!(short_label("Travelling Castle", 7), "T.Cast…");
        // Not where the last word would show under three letters, nor for words not all
        // capitalised (a count of coins, the Queen's crown).
        assert_eq!(short_label("Tower Keep", 5), "Towe…");
        assert_eq!(short_label("19 coins (3 a point)", 7), "19 coi…");
        assert_eq!(short_label("Monument", 3), "Mo…");
        // Royal Wedding's six columns at 100x32: `Grassland T` had stood unmarked beside
        // `Forest Tow…`.
        // (At 11 columns `Grassland…` said neither Camp nor Tower: `G.Tower`.)
        assert_eq!(short_label("Grassland Tower", 11), "G.Tower");
        assert_eq!(short_label("Forest Tower", 11), "Forest Tow…");
        // Words squeezed that still do not fit are cut with the mark too (`Knights' Lo`).
        assert_eq!(short_label("Knights' Lodge", 12), "Knights' Lo.");
        assert_eq!(short_label("Queen's Knight's Inn", 12), "Queen's Kni…");
    }

    #[test]
    fn a_terrain_name_cut_short_keeps_its_mark_where_it_reads_as_one_name() {
        let terrain = |name: &str, symbol| crownlands_core::terrain::Terrain {
            name: name.into(),
            symbol,
            colour: "#000000".into(),
        };
        let terrains = [
            terrain("wheat", 'W'),
            terrain("forest", 'F'),
            terrain("grassland", 'G'),
            terrain("fog", 'O'),
        ];
        assert_eq!(
            cut_terrain_name(&terrains, "grassland", 4).as_deref(),
            Some("gra…")
        );
        // `fo…` starts both `forest` and `fog`; a single letter says too little.
        assert_eq!(cut_terrain_name(&terrains, "forest", 3), None);
        assert_eq!(
            cut_terrain_name(&terrains, "forest", 4).as_deref(),
            Some("for…")
        );
        assert_eq!(cut_terrain_name(&terrains, "grassland", 2), None);
    }

    #[test]
    fn territories_without_crowns_are_said_in_words_however_short() {
        assert_eq!(uncrowned(7, 30), "7 territories without crowns");
        assert_eq!(uncrowned(1, 30), "1 territory without crowns");
        assert_eq!(uncrowned(7, 22), "7 terr. without crowns");
        assert_eq!(uncrowned(7, 20), "7 terr. no crowns");
        assert_eq!(uncrowned(7, 16), "7 terr. 0 crowns");
        // Six columns at 100x32 had `7 wi. crowns`, ten at 100x30 `5 witho…`.
        assert_eq!(uncrowned(7, 12), "7 no crowns");
        assert_eq!(uncrowned(7, 9), "no crowns");
        assert_eq!(uncrowned(7, 8), "no crown");
        assert_eq!(uncrowned(12, 11), "no crowns");
    }
    use ratatui::style::Style;
    use ratatui::text::Line;

    fn text(rows: &[Line<'_>]) -> Vec<String> {
        rows.iter()
            .map(|l| l.to_string().trim_end().to_string())
            .collect()
    }

    #[test]
    fn a_short_column_keeps_the_lines_worth_the_most() {
        let t = |name: &str, p: u32| (Line::from(row(name, &p.to_string(), 20)), (p, 1));
        let b = |name: &str, p: i32| (Line::from(row(name, &format!("{p:+}"), 20)), p);
        let territories = vec![t("wheat", 1), t("lake", 30), t("forest", 2), t("mine", 12)];
        let bonuses = vec![b("Statue", 5), b("Fountain", 8), b("wealth", 0)];
        let tail = vec![Line::from(row("Total", "58", 20))];
        // Room for the place, five lines and the total: two summaries among them.
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            territories.clone(),
            bonuses.clone(),
            tail.clone(),
            fit(7, 0),
        ));
        assert_eq!(rows.len(), 7, "{rows:?}");
        assert_eq!(rows[0], "Place 1");
        assert!(
            rows[1].starts_with("lake") && rows[2].starts_with("mine"),
            "{rows:?}"
        );
        assert!(
            rows[3].starts_with("2 more territories") && rows[3].ends_with('3'),
            "{rows:?}"
        );
        assert!(rows[4].starts_with("Fountain"), "{rows:?}");
        assert!(
            rows[5].starts_with("2 more bonuses") && rows[5].ends_with("+5"),
            "{rows:?}"
        );
        assert_eq!(rows[6], row("Total", "58", 20).trim_end());
        // One line left out shows itself rather than a summary of one.
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            territories,
            bonuses[..1].to_vec(),
            tail.clone(),
            fit(6, 0),
        ));
        assert_eq!(rows.len(), 6, "{rows:?}");
        assert!(!rows.iter().any(|r| r.starts_with("1 more")), "{rows:?}");
        // Scrolled: every line in order, from the first at 1 (the list had begun at its second
        // line), no summary, the place and total kept.
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            territories_again(),
            bonuses.clone(),
            tail.clone(),
            fit(6, 1),
        ));
        assert!(rows[1].starts_with("wheat"), "{rows:?}");
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            territories_again(),
            bonuses,
            tail,
            fit(6, 3),
        ));
        assert_eq!(rows.len(), 6, "{rows:?}");
        // The window's last row says what is out of view, above and below.
        assert!(
            rows[1].starts_with("forest") && rows[4] == "↑ 2 more, ↓ 2 more",
            "{rows:?}"
        );
        assert!(rows[5].starts_with("Total"), "{rows:?}");
    }

    #[test]
    fn a_summary_too_long_for_its_column_says_its_kind_short() {
        let t = |name: &str, p: u32| (Line::from(row(name, &p.to_string(), 12)), (p, 1));
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            vec![t("wheat", 1), t("lake", 30), t("forest", 2), t("mine", 12)],
            Vec::new(),
            vec![Line::from(row("Total", "45", 12))],
            Fit {
                room: 5,
                width: 14,
                dim: Style::default(),
                scroll: 0,
            },
        ));
        // Said short, never cut inside its word nor left out (`2 more 3` said nothing).
        assert!(
            rows.iter().any(|r| r.starts_with("2 more terr. ")),
            "{rows:?}"
        );
        assert!(!rows.iter().any(|r| r.contains("territori")), "{rows:?}");
        let rows = text(&fit_rows(
            Line::from("Place 1"),
            vec![t("wheat", 1), t("lake", 30), t("forest", 2), t("mine", 12)],
            Vec::new(),
            vec![Line::from(row("Total", "45", 11))],
            Fit {
                room: 5,
                width: 11,
                dim: Style::default(),
                scroll: 0,
            },
        ));
        assert!(rows.iter().any(|r| r.starts_with("2 terr. ")), "{rows:?}");
    }

    /// Lines left out that only take points away (a goal's penalties) are summed as
    /// penalties, not bonuses; with some that give, as other lines.
    #[test]
    fn a_summary_of_penalties_says_so() {
        let t = |name: &str, p: u32| (Line::from(row(name, &p.to_string(), 20)), (p, 1));
        let b = |name: &str, p: i32| (Line::from(row(name, &format!("{p:+}"), 20)), p);
        let summed = |bonuses: Vec<(Line<'static>, i32)>| {
            text(&fit_rows(
                Line::from("Place 1"),
                vec![t("lake", 30), t("mine", 12), t("wheat", 9)],
                bonuses,
                vec![Line::from(row("Total", "45", 20))],
                fit(5, 0),
            ))
        };
        let rows = summed(vec![b("Bog", -2), b("Bog (2)", -2), b("Fen", -1)]);
        assert!(rows.iter().any(|r| r.contains("penalties")), "{rows:?}");
        assert!(!rows.iter().any(|r| r.contains("bonuses")), "{rows:?}");
        let rows = summed(vec![b("Bog", -2), b("Lakes", 3), b("Fen", -1)]);
        assert!(rows.iter().any(|r| r.contains("other lines")), "{rows:?}");
    }

    fn fit(room: usize, scroll: usize) -> Fit {
        Fit {
            room,
            width: 20,
            dim: Style::default(),
            scroll,
        }
    }

    fn territories_again() -> Vec<(Line<'static>, (u32, usize))> {
        [("wheat", 1), ("lake", 30), ("forest", 2), ("mine", 12)]
            .into_iter()
            .map(|(name, p)| (Line::from(row(name, &p.to_string(), 20)), (p, 1)))
            .collect()
    }

    #[test]
    fn a_row_counts_columns() {
        let r = row("日本", "12", 10);
        assert_eq!(super::super::text::width(&r), 10, "{r}");
        assert!(r.ends_with("12"));
    }
}

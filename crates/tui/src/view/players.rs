//! Every side's running score, and what the modules keep for it ([`Game::side_stats`]: coins,
//! knights, towers, the Queen, whatever the modules), in words when there is room and in short
//! when there is not.

use super::panels::clean;
use super::text;
use super::{panel, short_side_name};
use crate::app::App;
use crownlands_core::modules::describe::Stat;
use crownlands_core::{Game, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The room a name keeps at least, when the stats are long; names longer than that keep room
/// for themselves, up to [`NAME_WANT`], before the stats are said in words (a team's
/// `Alice & greedy 2` had been cut to `Ali & g 2` beside words there was room to shorten).
const NAME_MIN: usize = 10;
const NAME_WANT: usize = 20;

pub fn render(app: &App, game: &Game, area: Rect, compact: bool, buf: &mut Buffer) {
    let p = app.config.palette;
    let acting = game.to_act().map(|pl| game.side_of(pl));
    let width = usize::from(area.width.saturating_sub(if compact { 0 } else { 2 }));
    // From the second game of a match on, the match so far first: the games before and this one.
    let played = app
        .session()
        .filter(|s| s.game_index() > 0)
        .map(|s| s.played());
    // In words and short, each side's stats: the match's total first, then the modules'.
    let stats: Vec<Vec<(String, Short)>> = game
        .all_sides()
        .map(|side| {
            let mut stats: Vec<(String, Short)> = game
                .side_stats(side)
                .iter()
                .map(|st| (st.long.clone(), Short::of(st)))
                .collect();
            if let Some(played) = played {
                let sum = played.running_total(side);
                let short = Short::plain(Kind::Match, format!("m{sum}"));
                stats.insert(0, (format!("match {sum}"), short));
            }
            stats
        })
        .collect();
    // Long form: ` 12 pts  7 coins, 1 knight in hand, 0 towers`; short form, in columns, one a
    // kind of stat (` 12p  7¢ 1kn 0tw`); tighter, each count without its whole (`0kn`, a
    // column of nothing but nothing left out), then the columns that tell the sides apart least left
    // off (see below) before a name shrinks.
    let long_texts: Vec<String> = stats
        .iter()
        .map(|s| {
            let parts: Vec<&str> = s.iter().map(|(long, _)| long.as_str()).collect();
            if parts.is_empty() {
                String::new()
            } else {
                format!("  {}", parts.join(", "))
            }
        })
        .collect();
    let shorts: Vec<Vec<Short>> = stats
        .into_iter()
        .map(|side| side.into_iter().map(|(_, short)| short).collect())
        .collect();
    let grid = Columns::of(&shorts);
    let widest = |texts: &[String]| texts.iter().map(|t| text::width(t)).max().unwrap_or(0);
    // The roomiest form that leaves a name its room: stats in words, then short with the points
    // in words, then all short.
    let longest = game
        .all_sides()
        .map(|side| text::width(&super::side_name(app, game, side)))
        .max()
        .unwrap_or(0);
    let name_min = longest.clamp(NAME_MIN, NAME_WANT);
    let fits = |texts: &[String], points_w: usize| width >= 1 + name_min + points_w + widest(texts);
    let all = grid.texts(true, grid.kinds());
    // A name keeps a few columns (`gre 2`, never `2`, which reads as a number): the stats that
    // are nothing, then the kinds that say least, give way first.
    let name_fair = longest.min(5);
    let fair = |texts: &[String]| width >= 1 + name_fair + 5 + widest(texts);
    // The stats in words only with room for their figures to grow (a count of one figure to
    // two, `1 knight` to `2 knights`): at 100x30 a side's coins reaching 11 had turned every
    // row from words to short in mid-game.
    let grow = long_texts
        .iter()
        .map(|t| room_to_grow(t))
        .max()
        .unwrap_or(0);
    let (texts, long_points) = if fits(&long_texts, 9 + grow) {
        (long_texts, true)
    } else if fits(&all, 9) {
        (all, true)
    } else if fair(&all) {
        (all, false)
    } else {
        // Every kind but a count of nothing; then the kinds that tell the sides apart least
        // left off first (the fewest different cells, blanks counted; then the fewest sides
        // they say something of; of those, the last):
        // Royal Wedding's one knight in hand had pushed out the towers, which decide the
        // Queen, at 80x24.
        let kinds = grid.kinds();
        let distinct = grid.distinct();
        let mut order: Vec<usize> = (0..kinds).collect();
        let said = grid.said();
        order.sort_by_key(|&k| (distinct[k], said[k], std::cmp::Reverse(k)));
        let tighter = (0..=kinds)
            .map(|dropped| {
                let keep: Vec<bool> = (0..kinds).map(|k| !order[..dropped].contains(&k)).collect();
                grid.texts_of(false, &keep)
            })
            .find(|texts| fair(texts))
            .unwrap_or_default();
        (tighter, false)
    };
    let points_w = if long_points { 9 } else { 5 };
    let stats_w = widest(&texts);
    let texts = if texts.is_empty() {
        vec![String::new(); grid.sides()]
    } else {
        texts
    };
    // The names' column as wide as the longest name (and a little more), not the box's
    // whole width: on a wide screen the points stood 130 columns from the names (250x70).
    let room = width
        .saturating_sub(1 + points_w + stats_w)
        .min(longest.max(NAME_MIN) + 2);
    let rows: Vec<Line> = game
        .all_sides()
        .zip(texts)
        .map(|(side, text): (Side, String)| {
            let mark = if acting == Some(side) { "▶" } else { " " };
            let name = short_side_name(app, game, side, room);
            let points = game.score_total(side);
            let head = if long_points {
                // (Aligned with the others' `pts`: `1 pt ` keeps the column.)
                if points == 1 || points == -1 {
                    format!(" {points:>4} pt ")
                } else {
                    format!(" {points:>4} pts")
                }
            } else {
                format!(" {points:>3}p")
            };
            let left = width.saturating_sub(1 + room.max(text::width(&name)) + head.len());
            Line::from(vec![
                Span::raw(mark),
                Span::styled(text::pad(&name, room), p.side(side)),
                Span::raw(head),
                Span::raw(clean(&text, left)),
            ])
        })
        .collect();
    Paragraph::new(rows)
        .block(panel(" Scores ", app, compact))
        .render(area, buf);
}

/// The columns `t` may grow by in a few turns, at most [`GROWTH`]: one a count of one figure
/// (to two: `7 coins` to `11 coins`), one more a `1` said of one thing (`1 knight` to `2
/// knights`). Capped: every count reaching two figures at once is not a few turns away, and a
/// margin for all of them had said in short what fitted in words for the whole game.
fn room_to_grow(t: &str) -> usize {
    let chars: Vec<char> = t.chars().collect();
    let mut grow = 0;
    for (i, &c) in chars.iter().enumerate() {
        let lone = c.is_ascii_digit()
            && !chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && !i
                .checked_sub(1)
                .and_then(|j| chars.get(j))
                .is_some_and(char::is_ascii_digit);
        if lone {
            grow += 1;
            if c == '1' && chars.get(i + 1) == Some(&' ') {
                grow += 1;
            }
        }
    }
    grow.min(GROWTH)
}

/// The most columns a row of stats in words is measured as growing by ([`room_to_grow`]).
const GROWTH: usize = 2;

/// What a column of the stats in short holds: the match's total, or a stat's unit (`¢`, `kn`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Match,
    Unit(String),
}

/// A stat in short (`7¢`, `m42`, `0/1kn`), its kind, and whether it counts nothing (`0kn`);
/// where room is tight, `brief`: the count without its whole (`0kn`), which may be nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Short {
    kind: Kind,
    text: String,
    nothing: bool,
    brief: String,
    brief_nothing: bool,
}

impl Short {
    fn of(st: &Stat) -> Short {
        let brief = Stat {
            of: None,
            ..st.clone()
        };
        Short {
            kind: Kind::Unit(st.unit.clone()),
            text: st.short(),
            nothing: st.is_nothing(),
            brief: brief.short(),
            brief_nothing: brief.is_nothing(),
        }
    }

    /// A figure that stands for itself (the match's total).
    fn plain(kind: Kind, text: String) -> Short {
        Short {
            kind,
            brief: text.clone(),
            text,
            nothing: false,
            brief_nothing: false,
        }
    }
}

/// The stats in short, in columns: one a kind of stat (`¢`, `kn`, `tw`, `Q`), in the order the
/// sides give them, each side's in its column or blank where it has none.
struct Columns {
    cells: Vec<Vec<Option<Short>>>,
}

impl Columns {
    fn of(stats: &[Vec<Short>]) -> Columns {
        let mut kinds: Vec<&Kind> = Vec::new();
        for side in stats {
            let mut at = 0;
            for st in side {
                match kinds.iter().position(|k| **k == st.kind) {
                    Some(i) => at = i + 1,
                    None => {
                        kinds.insert(at, &st.kind);
                        at += 1;
                    }
                }
            }
        }
        let cells = stats
            .iter()
            .map(|side| {
                kinds
                    .iter()
                    .map(|k| side.iter().find(|st| st.kind == **k).cloned())
                    .collect()
            })
            .collect();
        Columns { cells }
    }

    fn kinds(&self) -> usize {
        self.cells.first().map_or(0, Vec::len)
    }

    fn sides(&self) -> usize {
        self.cells.len()
    }

    /// Each side's first `kinds` columns (` 7¢ 0/1kn 0tw`), the figures right-aligned; without
    /// `zeros` (room is tight), each count without its whole (`0kn`), and a column that counts
    /// nothing for every side left out.
    fn texts(&self, zeros: bool, kinds: usize) -> Vec<String> {
        let keep: Vec<bool> = (0..self.kinds()).map(|k| k < kinds).collect();
        self.texts_of(zeros, &keep)
    }

    /// How many different cells each column shows where room is tight (short, a count of
    /// nothing blank, blanks counted as one): how well it tells the sides apart.
    fn distinct(&self) -> Vec<usize> {
        (0..self.kinds())
            .map(|k| {
                let mut seen: Vec<Option<&str>> = Vec::new();
                for side in &self.cells {
                    let cell = side[k]
                        .as_ref()
                        .filter(|s| !s.brief_nothing)
                        .map(|s| s.brief.as_str());
                    if !seen.contains(&cell) {
                        seen.push(cell);
                    }
                }
                seen.len()
            })
            .collect()
    }

    /// How many sides each column says something of where room is tight (a count of nothing
    /// is blank).
    fn said(&self) -> Vec<usize> {
        (0..self.kinds())
            .map(|k| {
                self.cells
                    .iter()
                    .filter(|side| side[k].as_ref().is_some_and(|s| !s.brief_nothing))
                    .count()
            })
            .collect()
    }

    /// [`Columns::texts`] of the columns `keep` marks.
    fn texts_of(&self, zeros: bool, keep: &[bool]) -> Vec<String> {
        let kinds = self.kinds();
        // Tight, a count of nothing is said (`0¢`) where its column says something of another
        // side: no wider than the column's other cells, and a blank read as a figure missing
        // (`mc 3   10p     2tw` beside `gre 4  33p 15¢`); a column of nothing but blanks is
        // left out.
        let said = self.said();
        let shown = |k: usize, cell: &Option<Short>| -> Option<String> {
            cell.as_ref().and_then(|s| match zeros {
                true => Some(clean(&s.text, usize::MAX)),
                false => (!s.brief_nothing || said[k] > 0).then(|| clean(&s.brief, usize::MAX)),
            })
        };
        let widths: Vec<usize> = (0..kinds)
            .map(|k| {
                if !keep.get(k).copied().unwrap_or(false) {
                    return 0;
                }
                self.cells
                    .iter()
                    .filter_map(|side| shown(k, &side[k]))
                    .map(|s| text::width(&s))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        self.cells
            .iter()
            .map(|side| {
                let mut out = String::new();
                for (k, &w) in widths.iter().enumerate().filter(|&(_, &w)| w > 0) {
                    let cell = shown(k, &side[k]).unwrap_or_default();
                    out.push(' ');
                    out.push_str(&" ".repeat(w - text::width(&cell)));
                    out.push_str(&cell);
                }
                out.trim_end().to_string()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{Columns, Short, room_to_grow};

    #[test]
    fn words_are_measured_with_room_for_their_figures_to_grow() {
        assert_eq!(room_to_grow("7 coins"), 1);
        assert_eq!(room_to_grow("1 knight"), 2);
        assert_eq!(
            room_to_grow("7 coins, 1 knight, 0 towers"),
            2,
            "at most two"
        );
        assert_eq!(room_to_grow("11 coins, 20 towers"), 0);
        assert_eq!(room_to_grow("Queen"), 0);
    }

    use crownlands_core::modules::describe::Stat;

    /// Stats said short as `7¢`, `3kn`, `Q` (a mark alone).
    fn stats(shorts: &[&str]) -> Vec<Short> {
        shorts
            .iter()
            .map(|s| {
                let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let (count, unit) = s.split_at(digits);
                let st = match count.parse::<i64>() {
                    Ok(n) => Stat::counted("", n, unit),
                    Err(_) => Stat::mark("", unit),
                };
                Short::of(&st)
            })
            .collect()
    }

    #[test]
    fn the_stats_keep_their_columns() {
        // A playtest at 66x20 read `7¢ 3kn` beside `4¢ 1kn 1tw Q` and `7¢`: the counts of
        // nothing left out moved the others along.
        let sides = [
            stats(&["7¢", "3kn", "0tw"]),
            stats(&["12¢", "0kn", "0tw"]),
            stats(&["4¢", "1kn", "1tw", "Q"]),
        ];
        let grid = Columns::of(&sides);
        assert_eq!(grid.kinds(), 4);
        assert_eq!(
            grid.texts(true, 4),
            ["  7¢ 3kn 0tw", " 12¢ 0kn 0tw", "  4¢ 1kn 1tw Q"]
        );
        // Tight, a count of nothing still said where its column says something of another side
        // (a blank read as a figure missing).
        assert_eq!(
            grid.texts(false, 4),
            ["  7¢ 3kn 0tw", " 12¢ 0kn 0tw", "  4¢ 1kn 1tw Q"]
        );
        assert_eq!(grid.texts(false, 2), ["  7¢ 3kn", " 12¢ 0kn", "  4¢ 1kn"]);
        // How well each column tells the sides apart: one knight in hand among blanks, less
        // than the towers; the columns kept as asked.
        let held = [
            stats(&["7¢", "1kn", "2tw"]),
            stats(&["3¢", "0kn", "0tw"]),
            stats(&["3¢", "0kn", "1tw"]),
        ];
        let grid = Columns::of(&held);
        assert_eq!(grid.distinct(), [2, 2, 3]);
        assert_eq!(grid.said(), [3, 1, 2]);
        assert_eq!(
            grid.texts_of(false, &[true, false, true]),
            [" 7¢ 2tw", " 3¢ 0tw", " 3¢ 1tw"]
        );
        // A column of nothing but counts of nothing is left out.
        let none = [stats(&["7¢", "0kn"]), stats(&["3¢", "0kn"])];
        assert_eq!(Columns::of(&none).texts(false, 2), [" 7¢", " 3¢"]);
    }
}

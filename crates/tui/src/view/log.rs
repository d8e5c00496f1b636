//! The recent moves, newest at the bottom (however few), each wrapped to the log's width; and
//! `m`, every move the log keeps in a popup.

use super::block;
use super::text::wrap;
use crate::app::App;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// The newest moves that the lines of steps skipped with nothing to do may not push out of the
/// box.
const RECENT_MOVES: usize = 3;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height < 3 {
        return;
    }
    let room = usize::from(area.height - 2);
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let log = app.log_entries();
    let rows = box_rows(&log, room, width);
    Paragraph::new(rows.into_iter().map(Line::from).collect::<Vec<_>>())
        .block(block(title(room, usize::from(area.width)), app))
        .render(area, buf);
}

/// The rows of the box for `log` (its entries, oldest first: a move and the lines of what it
/// changed besides) in `room` rows of `width` columns, top first: the newest entries that fit
/// whole, wrapped (a line's later rows are indented), next to the status line. The lines of
/// steps skipped with nothing to do are shown only where they push none of the newest moves out
/// (at 80x24 one such line, wrapped, had left a build and the Queen changing hosts out of the
/// box): `m` shows them all.
fn box_rows(log: &[Vec<&str>], room: usize, width: usize) -> Vec<String> {
    let all = newest_rows(log.iter().rev(), room, width);
    let moves = newest_rows(log.iter().rev().filter(|e| !is_skip(e)), room, width);
    let shown_moves = |entries: &[&Vec<&str>]| -> Vec<String> {
        entries
            .iter()
            .filter(|e| !is_skip(e))
            .map(|e| e.join("\n"))
            .collect()
    };
    // (Where they leave the newest moves, up to three, in view: a tall box keeps them.)
    let (with, without) = (shown_moves(&all.0), shown_moves(&moves.0));
    let newest = without.len().min(RECENT_MOVES);
    let mut rows = if with.len() >= newest && with[..newest] == without[..newest] {
        all.1
    } else {
        moves.1
    };
    // Newest next to the status line, however few: the moves stay where the eye looks, and a
    // hint over the top of a tall log hides the oldest, never the few of a game's start.
    rows.resize(room.max(rows.len()), String::new());
    rows.reverse();
    rows
}

/// Whether an entry of the log is a line of steps skipped with nothing to do.
fn is_skip(entry: &[&str]) -> bool {
    entry
        .first()
        .is_some_and(|l| crate::app::describe::is_skip_line(l))
}

/// The box's title: where it has rows for fewer than the newest few moves (one row with six
/// players at 100x32), it says that `m` shows them all, as the status line says at 80x24 where
/// there is no box; as short as the box's top needs (`Moves (m: all mov` had been cut, Royal
/// Wedding at 80x24).
fn title(room: usize, width: usize) -> &'static str {
    if room >= RECENT_MOVES {
        return " Moves ";
    }
    // (The frame's corners take two columns.)
    [" Moves (m: all moves) ", " Moves (m: all) ", " Moves (m) "]
        .into_iter()
        .find(|t| t.chars().count() + 2 <= width)
        .unwrap_or(" Moves ")
}

/// The rows of the newest of `entries` (newest first) that fit in `room` rows of `width`
/// columns, newest first, with the entries they show: whole entries only, the oldest one that
/// does not fit left out whole (blank rows above the newer ones rather than half a move, read
/// as the whole of it: a playtester saw the oldest move cut with `…` under wrapped ones; nor a
/// move's news without the move, `The Queen goes to you` over blank rows), but
/// a line of a step skipped that does not fit is passed over for the moves before it. Only
/// an entry taller than the whole box on its own is cut, its start kept and marked `…`; a move
/// cut so counts as shown, so the lines of skipped steps do not take the one row of a small box
/// from the newest move, cut.
fn newest_rows<'a, 'b>(
    entries: impl Iterator<Item = &'a Vec<&'b str>>,
    room: usize,
    width: usize,
) -> (Vec<&'a Vec<&'b str>>, Vec<String>) {
    let mut rows: Vec<String> = Vec::new();
    let mut shown = Vec::new();
    for entry in entries {
        let mut lines: Vec<String> = entry.iter().flat_map(|l| entry_lines(l, width)).collect();
        if rows.len() + lines.len() <= room {
            rows.extend(lines.into_iter().rev());
            shown.push(entry);
            continue;
        }
        // A line of a step skipped with nothing to do gives way to the moves before it (two
        // blank rows had stood over the moves where such a line did not fit).
        if !rows.is_empty() && is_skip(entry) {
            continue;
        }
        // Taller than the box alone (and so the newest shown): its start, cut.
        if rows.is_empty() && room > 0 {
            lines.truncate(room);
            if let Some(last) = lines.last_mut() {
                *last = super::text::take_width(last, width.saturating_sub(1)) + "…";
            }
            rows.extend(lines.into_iter().rev());
            shown.push(entry);
        }
        break;
    }
    (shown, rows)
}

/// One move of the log at `width` columns: one line where it fits, else wrapped a column short,
/// its later lines indented by one.
fn entry_lines(entry: &str, width: usize) -> Vec<String> {
    let mut lines = wrap(entry, width.saturating_sub(1).max(1));
    if lines.len() == 1 {
        return wrap(entry, width);
    }
    for l in lines.iter_mut().skip(1) {
        l.insert(0, ' ');
    }
    lines
}

/// Every move the log keeps, oldest first, each as the moves box wraps it.
pub(crate) fn all_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = app
        .log()
        .flat_map(|entry| entry_lines(entry, width))
        .map(Line::from)
        .collect();
    if lines.is_empty() {
        lines.push(Line::from("No move yet."));
    }
    lines
}

/// `m`: the moves in a popup over the game, scrolled to the newest.
pub fn render_all(app: &App, area: Rect, buf: &mut Buffer) {
    let w = super::help::POPUP_WIDTH.min(area.width);
    let lines = all_lines(app, usize::from(w.saturating_sub(2)));
    super::help::popup(app, " Moves (m) ", lines, area, buf);
}

#[cfg(test)]
mod tests {
    use super::title;

    /// [`super::box_rows`] for a log of one line an entry.
    fn box_rows(log: &[&str], room: usize, width: usize) -> Vec<String> {
        let entries: Vec<Vec<&str>> = log.iter().map(|l| vec![*l]).collect();
        super::box_rows(&entries, room, width)
    }

    #[test]
    fn a_move_s_news_is_shown_only_with_its_move() {
        // Five rows of 24 columns: the newest move takes one, the build under it three and
        // its news one more; the build does not fit with its news, and the news is not shown
        // alone over the blank rows it leaves (`The Queen goes to you` had stood there
        // without the build that sent her).
        let log = [
            vec![
                "You: Build Tower Keep at 1,0 for 3¢ (+1 tower)",
                "The Queen goes to you",
            ],
            vec!["greedy 2 claims 13"],
        ];
        let rows = super::box_rows(&log, 3, 24);
        assert_eq!(rows.len(), 3);
        assert!(!rows.iter().any(|r| r.contains("Queen")), "{rows:?}");
        assert_eq!(rows[2], "greedy 2 claims 13", "{rows:?}");
        // With room for both, the news is under its move.
        let rows = super::box_rows(&log, 5, 24);
        assert!(rows[0].starts_with("You: Build"), "{rows:?}");
        assert_eq!(rows[3], "The Queen goes to you", "{rows:?}");
        assert_eq!(rows[4], "greedy 2 claims 13", "{rows:?}");
    }

    #[test]
    fn a_box_of_one_row_shows_the_newest_move_not_a_skipped_step() {
        // Royal Wedding at 80x24: a box of one row, 16 columns; the build, cut, stays in view
        // past the Dragon's step skipped after it (the skipped step had taken the row).
        let log = [
            "greedy 2 claims K12",
            "You: Build Tower Keep at 1,0 for 3¢",
            "You: nothing to do in the Dragon step",
        ];
        let rows = box_rows(&log, 1, 16);
        assert_eq!(rows.len(), 1);
        assert!(rows[0].starts_with("You: Build"), "{rows:?}");
        assert!(rows[0].ends_with('…'), "{rows:?}");
        // With room for both, the skipped step is shown too.
        let rows = box_rows(&log, 6, 40);
        assert!(rows.iter().any(|r| r.contains("nothing to do")), "{rows:?}");
    }

    #[test]
    fn the_oldest_move_that_does_not_fit_is_left_out_whole() {
        // Four rows of 20 columns: the newest two moves take three, the one before would
        // take two; it is left out, not cut to its first line with `…`.
        let log = [
            "greedy 2 places 14 at -1,1↓",
            "You claim 18",
            "greedy 3 places 22 at 0,-2→",
        ];
        let rows = box_rows(&log, 4, 20);
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| !r.contains('…')), "{rows:?}");
        assert_eq!(rows[0], "", "{rows:?}");
        assert!(rows[1].starts_with("You claim 18"), "{rows:?}");
        assert!(rows[2].starts_with("greedy 3 places"), "{rows:?}");
        assert!(!rows.iter().any(|r| r.contains("greedy 2")), "{rows:?}");
        // With one more row it is shown, whole.
        let rows = box_rows(&log, 5, 20);
        assert!(rows[0].starts_with("greedy 2 places"), "{rows:?}");
        assert!(rows.iter().all(|r| !r.contains('…')), "{rows:?}");
    }

    #[test]
    fn a_skipped_step_that_does_not_fit_gives_way_to_older_moves() {
        let log = [
            "You place 47 at -1,-1→",
            "You: nothing to do in Dragon: the Dragon was bribed this round already",
            "You claim 18",
            "greedy 2 claims 13",
        ];
        let rows = box_rows(&log, 3, 28);
        assert_eq!(
            rows,
            [
                "You place 47 at -1,-1→",
                "You claim 18",
                "greedy 2 claims 13"
            ]
        );
    }

    #[test]
    fn only_a_move_taller_than_the_box_is_cut() {
        let log = [
            "You claim 18",
            "greedy 2: Build Tower Keep at 1,0 for 3¢ (+1 tower)",
        ];
        let rows = box_rows(&log, 2, 16);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].starts_with("greedy 2"), "{rows:?}");
        assert!(rows[1].ends_with('…'), "{rows:?}");
        assert!(!rows.iter().any(|r| r.contains("claim")), "{rows:?}");
    }

    #[test]
    fn the_title_of_a_small_box_fits_its_top() {
        assert_eq!(title(1, 30), " Moves (m: all moves) ");
        assert_eq!(title(1, 20), " Moves (m: all) ");
        assert_eq!(title(1, 14), " Moves (m) ");
        assert_eq!(title(4, 14), " Moves ");
    }
}

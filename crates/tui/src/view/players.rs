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
    let stats: Vec<Vec<Stat>> = game
        .all_sides()
        .map(|side| {
            let mut stats = game.side_stats(side);
            if let Some(played) = played {
                let sum = played.running_total(side);
                stats.insert(
                    0,
                    Stat {
                        long: format!("match {sum}"),
                        short: format!("m{sum}"),
                    },
                );
            }
            stats
        })
        .collect();
    // Long form: ` 12 pts  7 coins, 1 knight in hand, 0 towers`; short form: ` 12p 7¢ 1kn 0tw`;
    // the narrowest leaves out what is nothing (` 12p 7¢ 1kn`).
    // (A count of nothing: `0` then its unit, `0kn`, `0¢`; not `0/3` or `0.5x`.)
    let nothing = |st: &Stat| {
        let mut c = st.short.chars();
        c.next() == Some('0') && c.next().is_some_and(|u| u.is_alphabetic() || u == '¢')
    };
    let joined_with = |long: bool, zeros: bool| -> Vec<String> {
        stats
            .iter()
            .map(|s| {
                let parts: Vec<&str> = s
                    .iter()
                    .filter(|st| zeros || !nothing(st))
                    .map(|st| {
                        if long {
                            st.long.as_str()
                        } else {
                            st.short.as_str()
                        }
                    })
                    .collect();
                if parts.is_empty() {
                    String::new()
                } else if long {
                    format!("  {}", parts.join(", "))
                } else {
                    format!(" {}", parts.join(" "))
                }
            })
            .collect()
    };
    let joined = |long: bool| joined_with(long, true);
    let widest = |texts: &[String]| texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    // The roomiest form that leaves a name its room: stats in words, then short with the points
    // in words, then all short.
    let (long_texts, short_texts) = (joined(true), joined(false));
    let longest = game
        .all_sides()
        .map(|side| text::width(&super::side_name(app, game, side)))
        .max()
        .unwrap_or(0);
    let name_min = longest.clamp(NAME_MIN, NAME_WANT);
    let fits = |texts: &[String], points_w: usize| width >= 1 + name_min + points_w + widest(texts);
    // A name keeps a few columns (`gre 2`, never `2`, which reads as a number): the stats that
    // are nothing give way first.
    let name_fair = longest.min(5);
    let (texts, long_points) = if fits(&long_texts, 9) {
        (long_texts, true)
    } else if fits(&short_texts, 9) {
        (short_texts, true)
    } else if width >= 1 + name_fair + 5 + widest(&short_texts) {
        (short_texts, false)
    } else {
        (joined_with(false, false), false)
    };
    let points_w = if long_points { 9 } else { 5 };
    let stats_w = widest(&texts);
    let room = width.saturating_sub(1 + points_w + stats_w);
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

//! The per-team table of `simulate` in team games (seats sharing a kingdom), for random runs and
//! bot tournaments alike.

use super::SeatRow;
use crate::output::{round, say};
use serde_json::json;

/// One team: its seats (0-based), its mean score and win share (those of any of its seats, which
/// all score their shared kingdom).
pub(super) struct TeamRow {
    seats: Vec<usize>,
    mean: f64,
    share: f64,
}

/// The teams of a run, from each seat's row and side; empty when every seat is its own side.
pub(super) fn team_rows(seat_rows: &[SeatRow], seat_side: &[usize]) -> Vec<TeamRow> {
    let sides = seat_side.iter().copied().max().map_or(0, |m| m + 1);
    if sides >= seat_side.len() {
        return Vec::new();
    }
    (0..sides)
        .filter_map(|side| {
            let seats: Vec<usize> = (0..seat_side.len())
                .filter(|&p| seat_side[p] == side)
                .collect();
            let row = seat_rows.get(*seats.first()?)?;
            Some(TeamRow {
                seats,
                mean: row.0,
                share: row.2,
            })
        })
        .collect()
}

/// The `teams` array of the JSON report.
pub(super) fn teams_json(rows: &[TeamRow]) -> Vec<serde_json::Value> {
    rows.iter()
        .enumerate()
        .map(|(i, t)| {
            json!({
                "team": i + 1,
                "seats": t.seats.iter().map(|p| p + 1).collect::<Vec<_>>(),
                "mean_score": round(t.mean, 3),
                "win_share": round(t.share, 4),
            })
        })
        .collect()
}

/// The team table of the text report (nothing without teams).
pub(super) fn print_teams(rows: &[TeamRow]) {
    if rows.is_empty() {
        return;
    }
    say!("team  seats  mean score  win share");
    for (i, t) in rows.iter().enumerate() {
        let seats: Vec<String> = t.seats.iter().map(|p| (p + 1).to_string()).collect();
        say!(
            "{:>4}  {:5}  {:>10.2}  {:>8.1}%",
            i + 1,
            seats.join("+"),
            t.mean,
            t.share * 100.0
        );
    }
}

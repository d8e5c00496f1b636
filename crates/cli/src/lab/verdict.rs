//! `compare`'s answer in one line, above its tables: does B change who wins, and the scores?
//! Said of the bots where bots of two kinds or more take turns in the seats (a seat then mixes
//! them), of the teams in team games, else of the seats; only what is starred (its paired 95%
//! interval leaves out 0) is named as a change.

use super::print::{interval, signed};
use super::stats::{Difference, Estimate};

/// The most rows named one by one; past it, how many of them and their range.
const NAMED: usize = 4;

/// The line (ending in a newline), from `rows` (who, and B - A for it) over `games` games
/// (`unit`: `games` or `matches`); `every` names the rows as a whole (`every seat`). `places`:
/// the same by the place in the first claims, whose starred wins are said after.
pub fn text(
    rows: &[(String, Difference)],
    places: &[(String, Difference)],
    games: u64,
    unit: &str,
    every: &str,
) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let wins = changes(rows, |d| d.win_share, true, every, "wins more", "wins less");
    let scores = changes(
        rows,
        |d| d.score,
        false,
        every,
        "scores more",
        "scores less",
    );
    let wins = wins.unwrap_or_else(|| format!("no change in who wins shows in {games} {unit}"));
    let scores = scores.unwrap_or_else(|| "no change in the scores shows".to_string());
    let by_place = changes(places, |d| d.win_share, true, "", "wins more", "wins less")
        .map(|p| format!("; by the place in the first claims, {p}"))
        .unwrap_or_default();
    format!("In short, under B: {wins}; {scores}{by_place}.\n")
}

/// The starred changes of one figure, in words (`mcts:200 wins more (+23.8%, 3.3 to 44.2%),
/// greedy wins less (-7.9%, -14.7 to -1.1%)`); `None` where none is starred.
fn changes(
    rows: &[(String, Difference)],
    figure: impl Fn(&Difference) -> Estimate,
    percent: bool,
    every: &str,
    more: &str,
    less: &str,
) -> Option<String> {
    let starred: Vec<(&str, Estimate)> = rows
        .iter()
        .map(|(who, d)| (who.as_str(), figure(d)))
        .filter(|(_, e)| e.significant())
        .collect();
    if starred.is_empty() {
        return None;
    }
    let (by, places, sign) = if percent {
        (100.0, 1, "%")
    } else {
        (1.0, 2, "")
    };
    let amount = |e: &Estimate| {
        format!(
            "{:+.*}{sign}",
            places as usize,
            signed(e.estimate * by, places)
        )
    };
    // Every row moved the same way: said once, with the range.
    let up = starred.iter().filter(|(_, e)| e.estimate > 0.0).count();
    if starred.len() == rows.len() && rows.len() > 1 && (up == 0 || up == rows.len()) {
        let (low, high) = starred.iter().fold((f64::MAX, f64::MIN), |(l, h), (_, e)| {
            (l.min(e.estimate), h.max(e.estimate))
        });
        let range = if (high - low).abs() * by < 10f64.powi(-places) {
            amount(&starred[0].1)
        } else {
            format!(
                "{:+.*} to {:+.*}{sign}",
                places as usize,
                signed(low * by, places),
                places as usize,
                signed(high * by, places)
            )
        };
        return Some(format!(
            "{every} {} ({range})",
            if up > 0 { more } else { less }
        ));
    }
    let said: Vec<String> = starred
        .iter()
        .take(NAMED)
        .map(|(who, e)| {
            format!(
                "{who} {} ({}, {})",
                if e.estimate > 0.0 { more } else { less },
                amount(e),
                interval(e, places as usize, percent)
            )
        })
        .collect();
    let rest = starred.len().saturating_sub(NAMED);
    Some(if rest > 0 {
        format!("{} and {rest} more", said.join(", "))
    } else {
        said.join(", ")
    })
}

#[cfg(test)]
mod tests {
    use super::text;
    use crate::lab::stats::{Difference, Estimate};

    fn e(estimate: f64, low: f64, high: f64) -> Estimate {
        Estimate {
            estimate,
            low,
            high,
        }
    }

    fn row(who: &str, score: Estimate, win: Estimate) -> (String, Difference) {
        (
            who.to_string(),
            Difference {
                score,
                win_share: win,
            },
        )
    }

    #[test]
    fn only_what_is_starred_is_named_a_change() {
        let none = e(0.1, -0.2, 0.4);
        // Nothing starred: said as such, with how many games.
        let rows = [row("seat 1", none, none), row("seat 2", none, none)];
        assert_eq!(
            text(&rows, &[], 40, "games", "every seat"),
            "In short, under B: no change in who wins shows in 40 games; no change in the scores \
             shows.\n"
        );
        // Every seat's score up: once, with the range; a bot's win named with its interval.
        let rows = [
            row("mcts", e(6.92, 1.45, 12.4), e(0.238, 0.033, 0.442)),
            row("greedy", e(-6.17, -8.93, -3.4), e(-0.079, -0.147, -0.011)),
        ];
        assert_eq!(
            text(&rows, &[], 40, "games", "every bot"),
            "In short, under B: mcts wins more (+23.8%, 3.3 to 44.2%), greedy wins less (-7.9%, \
             -14.7 to -1.1%); mcts scores more (+6.92, 1.45 to 12.40), greedy scores less \
             (-6.17, -8.93 to -3.40).\n"
        );
        let rows = [
            row("seat 1", e(1.44, 1.3, 1.6), none),
            row("seat 2", e(1.53, 1.4, 1.7), none),
        ];
        let places = [
            row("place 1", none, e(-0.047, -0.068, -0.027)),
            row("place 2", none, none),
        ];
        assert_eq!(
            text(&rows, &places, 400, "games", "every seat"),
            "In short, under B: no change in who wins shows in 400 games; every seat scores more \
             (+1.44 to +1.53); by the place in the first claims, place 1 wins less (-4.7%, -6.8 \
             to -2.7%).\n"
        );
        // Past four named, how many more.
        let many: Vec<_> = (1..=6)
            .map(|i| {
                row(
                    &format!("seat {i}"),
                    none,
                    e(0.05 * f64::from(i) - 0.16, -0.5, -0.01),
                )
            })
            .collect();
        assert!(
            text(&many, &[], 10, "games", "every seat").contains(" and 2 more;"),
            "{}",
            text(&many, &[], 10, "games", "every seat")
        );
    }
}

//! `compare`'s answer in one line, above its tables: does B change who wins, and the scores?
//! Said of the bots where bots of two kinds or more take turns in the seats (a seat then mixes
//! them), of the teams in team games, else of the seats; only what is starred (its paired 95%
//! interval leaves out 0) is named as a change.

use super::figures::{interval, signed};
use super::stats::{Difference, Estimate};

/// The most rows named one by one (the largest changes first); past it, how many more.
const NAMED: usize = 4;

/// What the line is made from.
pub struct Compared<'a> {
    /// Who, and B - A for it: the bots, the teams or the seats.
    pub rows: &'a [(String, Difference)],
    /// The same by the place in the first claims (whose starred wins are said after).
    pub places: &'a [(String, Difference)],
    /// `every seat`: the rows as a whole.
    pub every: &'a str,
    pub games: u64,
    /// `games` or `matches`.
    pub unit: &'a str,
    /// A and B play matches of different lengths: their scores are no like figures, and what
    /// they are (`a match's totals against a game's`, `totals over matches of different
    /// lengths`).
    pub unlike_scores: Option<&'a str>,
    /// The same player in every seat (random moves, or one bot everywhere): `rows` is that
    /// player pooled over the seats, whose wins cannot change (someone wins each game).
    pub alike: bool,
    /// A and B seat the players as different numbers of sides (teams in one, not the other):
    /// (A's sides, B's sides), and the player who sits in every seat where one does (then a
    /// seat's change in wins is the change in its fair share, and chance). The places in the
    /// first claims are not said then: a place's wins change with the sides too.
    pub sides: Option<(usize, usize, Option<&'a str>)>,
}

/// A seat's fair share of the wins among `sides` sides, in per cent (`25%`, `33.3%`).
fn fair_share(sides: usize) -> String {
    let sides = sides.max(1);
    if 100 % sides == 0 {
        format!("{}%", 100 / sides)
    } else {
        format!("{:.1}%", 100.0 / sides as f64)
    }
}

/// A figure starred by a margin chance gives about once in a thousand (its interval's middle
/// at least 3.29 of its standard errors from 0) is no candidate for chance; fewer are.
const STRONG_Z: f64 = 3.29;

/// Whether `e`, starred, is starred only narrowly (see [`STRONG_Z`]).
fn narrow(e: &Estimate) -> bool {
    let se = (e.high - e.low) / (2.0 * 1.959_964);
    e.significant() && !(se > 0.0 && e.estimate.abs() / se >= STRONG_Z)
}

/// The line, ending in a newline (empty without rows).
pub fn text(c: &Compared<'_>) -> String {
    if c.rows.is_empty() {
        return String::new();
    }
    // With two places, the second's win is the first's turned: the first alone.
    let places = if c.sides.is_some() {
        &[]
    } else if c.places.len() == 2 {
        &c.places[..1]
    } else {
        c.places
    };
    // Sides of different numbers, the same player everywhere: a seat's wins change by its
    // fair share, by design, so they are not said as the rule's doing.
    let by_design = c.sides.is_some_and(|(_, _, same)| same.is_some());
    let wins = if c.alike || by_design {
        None
    } else {
        changes(
            c.rows,
            |d| d.win_share,
            true,
            c.every,
            "wins more",
            "wins less",
        )
    };
    let scores = if c.unlike_scores.is_some() {
        None
    } else {
        changes(
            c.rows,
            |d| d.score,
            false,
            c.every,
            "scores more",
            "scores less",
        )
    };
    let by_place = changes(
        places,
        |d| d.win_share,
        true,
        "every place",
        "wins more",
        "wins less",
    );
    // A star or two among many figures may be chance: said with them. Only the narrow stars
    // count (one far past its interval is no chance's), and what else is starred is set apart.
    let wins_figures = if c.alike || by_design {
        0
    } else {
        c.rows.len()
    };
    let score_figures = if c.unlike_scores.is_some() {
        0
    } else {
        c.rows.len()
    };
    let figures = wins_figures + score_figures + places.len();
    let all: Vec<Estimate> = c
        .rows
        .iter()
        .take(wins_figures)
        .map(|(_, d)| d.win_share)
        .chain(c.rows.iter().take(score_figures).map(|(_, d)| d.score))
        .chain(places.iter().map(|(_, d)| d.win_share))
        .collect();
    let narrowly = all.iter().filter(|e| narrow(e)).count();
    let strongly = all.iter().filter(|e| e.significant() && !narrow(e)).count();
    let fair = c.sides.map(|(a, b, _)| {
        format!(
            "A seats {a} sides and B {b}, so a seat's fair share of the wins goes from {} to {}",
            fair_share(a),
            fair_share(b)
        )
    });
    let wins = match (wins, fair) {
        (_, Some(fair)) if by_design => format!(
            "{} in every seat; {fair}, and that is all its wins change by but chance",
            c.sides.and_then(|(_, _, who)| who).unwrap_or("one player")
        ),
        (Some((t, _)), Some(fair)) => format!("{t} ({fair})"),
        (wins, fair) => {
            let wins = match wins {
                Some((t, _)) => t,
                None if c.alike => format!(
                    "{} in every seat, so no seat's wins change but by chance",
                    c.rows.first().map_or("one player", |(who, _)| who.as_str())
                ),
                None => format!("no change in who wins shows in {} {}", c.games, c.unit),
            };
            match fair {
                Some(fair) => format!("{wins} ({fair})"),
                None => wins,
            }
        }
    };
    let scores = match scores {
        Some((t, _)) => t,
        None => match c.unlike_scores {
            Some(what) => format!("the scores not compared ({what})"),
            None => "no change in the scores shows".to_string(),
        },
    };
    let by_place = by_place
        .map(|(p, _)| format!("; by the place in the first claims, {p}"))
        .unwrap_or_default();
    let rest = figures - strongly;
    // (From three figures on: one narrow star among three or four is chance's about one time
    // in six, and a line resting on it had gone without a word.)
    let chance = if (1..=2).contains(&narrowly) && rest >= 3 {
        if strongly == 0 {
            format!(
                " ({narrowly} of {figures} figures starred: about {:.1} would be by chance alone)",
                figures as f64 / 20.0
            )
        } else {
            format!(
                " ({narrowly} of the {rest} other figures starred narrowly: about {:.1} would \
                 be by chance alone)",
                rest as f64 / 20.0
            )
        }
    } else {
        String::new()
    };
    format!("In short, under B: {wins}; {scores}{by_place}.{chance}\n")
}

/// The starred changes of one figure, in words (`mcts:200 wins more (+23.8%, 3.3 to 44.2%),
/// greedy wins less (-7.9%, -14.7 to -1.1%)`), and how many; `None` where none is starred.
fn changes(
    rows: &[(String, Difference)],
    figure: impl Fn(&Difference) -> Estimate,
    percent: bool,
    every: &str,
    more: &str,
    less: &str,
) -> Option<(String, usize)> {
    let mut starred: Vec<(&str, Estimate)> = rows
        .iter()
        .map(|(who, d)| (who.as_str(), figure(d)))
        .filter(|(_, e)| e.significant())
        .collect();
    if starred.is_empty() {
        return None;
    }
    let count = starred.len();
    let (by, places, sign): (f64, i32, &str) = if percent {
        (100.0, 1, "%")
    } else {
        (1.0, 2, "")
    };
    let digits = places as usize;
    let amount = |x: f64| format!("{:+.digits$}{sign}", signed(x * by, places));
    // Every row moved the same way: said once, with the range of their changes.
    let up = starred.iter().filter(|(_, e)| e.estimate > 0.0).count();
    if count == rows.len() && rows.len() > 1 && (up == 0 || up == count) {
        let (low, high) = starred.iter().fold((f64::MAX, f64::MIN), |(l, h), (_, e)| {
            (l.min(e.estimate), h.max(e.estimate))
        });
        let range = if ((high - low) * by).abs() < 10f64.powi(-places) {
            format!("each by {}", amount(low))
        } else {
            format!("each by {} to {}", amount(low), amount(high))
        };
        let how = if up > 0 { more } else { less };
        return Some((format!("{every} {how} ({range})"), count));
    }
    // The largest first where not all are named.
    if count > NAMED {
        starred.sort_by(|x, y| y.1.estimate.abs().total_cmp(&x.1.estimate.abs()));
    }
    let said: Vec<String> = starred
        .iter()
        .take(NAMED)
        .map(|(who, e)| {
            format!(
                "{who} {} ({}, {})",
                if e.estimate > 0.0 { more } else { less },
                amount(e.estimate),
                interval(e, digits, percent)
            )
        })
        .collect();
    let rest = count.saturating_sub(NAMED);
    let text = if rest > 0 {
        format!("{} and {rest} more", said.join(", "))
    } else {
        said.join(", ")
    };
    Some((text, count))
}

#[cfg(test)]
mod tests {
    use super::{Compared, text};
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

    fn said(rows: &[(String, Difference)], places: &[(String, Difference)], games: u64) -> String {
        text(&Compared {
            rows,
            places,
            every: "every seat",
            games,
            unit: "games",
            unlike_scores: None,
            alike: false,
            sides: None,
        })
    }

    #[test]
    fn only_what_is_starred_is_named_a_change() {
        let none = e(0.1, -0.2, 0.4);
        // Nothing starred: said as such, with how many games.
        let rows = [row("seat 1", none, none), row("seat 2", none, none)];
        assert_eq!(
            said(&rows, &[], 40),
            "In short, under B: no change in who wins shows in 40 games; no change in the scores \
             shows.\n"
        );
        // A bot's win and score named with their intervals.
        let rows = [
            row("mcts", e(6.92, 1.45, 12.4), e(0.238, 0.033, 0.442)),
            row("greedy", e(-6.17, -8.93, -3.4), e(-0.079, -0.147, -0.011)),
        ];
        assert_eq!(
            said(&rows, &[], 40),
            "In short, under B: mcts wins more (+23.8%, 3.3 to 44.2%), greedy wins less (-7.9%, \
             -14.7 to -1.1%); mcts scores more (+6.92, 1.45 to 12.40), greedy scores less \
             (-6.17, -8.93 to -3.40).\n"
        );
        // Every seat's score up: once, with the range of the changes; four places, one
        // starred: named, with a word on chance (1 star of 8 figures).
        let rows = [
            row("seat 1", e(1.44, 1.3, 1.6), none),
            row("seat 2", e(1.53, 1.4, 1.7), none),
        ];
        let places = [
            row("place 1", none, e(-0.047, -0.068, -0.027)),
            row("place 2", none, none),
            row("place 3", none, none),
            row("place 4", none, none),
        ];
        assert_eq!(
            said(&rows, &places, 400),
            "In short, under B: no change in who wins shows in 400 games; every seat scores more \
             (each by +1.44 to +1.53); by the place in the first claims, place 1 wins less \
             (-4.7%, -6.8 to -2.7%).\n"
        );
        // Two places: the second's win is the first's turned, not said again.
        let two = [
            row("place 1", none, e(-0.05, -0.08, -0.02)),
            row("place 2", none, e(0.05, 0.02, 0.08)),
        ];
        let line = said(
            &[row("seat 1", none, none), row("seat 2", none, none)],
            &two,
            100,
        );
        assert!(
            line.contains("place 1 wins less") && !line.contains("place 2"),
            "{line}"
        );
        // One star among many figures: the chance of it said.
        let mut many: Vec<_> = (1..=4)
            .map(|i| row(&format!("seat {i}"), none, none))
            .collect();
        many[2] = row("seat 3", e(2.0, 0.1, 3.9), none);
        assert!(
            said(&many, &[], 50).ends_with(
                "seat 3 scores more (+2.00, 0.10 to 3.90). (1 of 8 figures starred: about 0.4 \
                 would be by chance alone)\n"
            ),
            "{}",
            said(&many, &[], 50)
        );
        // Past four named, the largest first and how many more.
        let six: Vec<_> = (1..=6)
            .map(|i| {
                // Up and down in turn (all one way is said at once).
                let x = 0.01 * f64::from(i) * if i % 2 == 0 { 1.0 } else { -1.0 };
                let (low, high) = if x > 0.0 {
                    (x / 2.0, x * 2.0)
                } else {
                    (x * 2.0, x / 2.0)
                };
                row(&format!("seat {i}"), none, e(x, low, high))
            })
            .collect();
        let line = said(&six, &[], 10);
        assert!(line.contains("seat 6 wins more (+6.0%"), "{line}");
        assert!(
            line.contains(" and 2 more;") && !line.contains("seat 1 wins"),
            "{line}"
        );
        // Matches of different lengths: the scores are no like figures.
        let unlike = text(&Compared {
            rows: &[row("seat 1", e(-39.0, -40.0, -38.0), none)],
            places: &[],
            every: "every seat",
            games: 50,
            unit: "matches",
            unlike_scores: Some("a match's totals against a game's"),
            alike: false,
            sides: None,
        });
        assert!(
            unlike.contains("the scores not compared (a match's totals against a game's)"),
            "{unlike}"
        );
    }

    #[test]
    fn seats_alike_are_said_pooled_and_a_strong_star_is_no_chance() {
        let none = e(0.0, -0.01, 0.01);
        // One player in every seat: its seats' wins are not read, its score pooled.
        let pooled = [row("greedy", e(2.4, 0.65, 4.15), e(0.0, -0.1, 0.1))];
        let line = text(&Compared {
            rows: &pooled,
            places: &[],
            every: "every seat",
            games: 40,
            unit: "games",
            unlike_scores: None,
            alike: true,
            sides: None,
        });
        assert_eq!(
            line,
            "In short, under B: greedy in every seat, so no seat's wins change but by chance; \
             greedy scores more (+2.40, 0.65 to 4.15).\n"
        );
        // A score far past its interval and a narrow star among the places: the note counts
        // the narrow one among the others.
        let rows = [
            row("mcts", e(25.9, 16.76, 35.04), none),
            row("greedy", e(1.84, -0.5, 4.0), none),
        ];
        let places = [
            row("place 1", none, e(0.03, 0.001, 0.06)),
            row("place 2", none, none),
            row("place 3", none, none),
            row("place 4", none, none),
        ];
        let line = said(&rows, &places, 40);
        assert!(
            line.ends_with(
                "(1 of the 7 other figures starred narrowly: about 0.3 would be by chance alone)\n"
            ),
            "{line}"
        );
        // The strong star alone: no note.
        let line = said(&rows, &[], 40);
        assert!(!line.contains("chance"), "{line}");
    }

    #[test]
    fn sides_of_different_numbers_say_the_fair_share_of_the_wins() {
        let up = e(0.25, 0.2, 0.3);
        let score = e(33.0, 32.0, 34.0);
        let rows = [row("seat 1", score, up), row("seat 2", score, up)];
        let places = [row("place 1", score, up), row("place 2", score, up)];
        let with = |sides| {
            text(&Compared {
                rows: &rows,
                places: &places,
                every: "every seat",
                games: 500,
                unit: "games",
                unlike_scores: None,
                alike: false,
                sides,
            })
        };
        // The same player everywhere: the wins change by design, not by the rule's doing; nor
        // are the places' wins said (they change with the sides too).
        assert_eq!(
            with(Some((4, 2, Some("random")))),
            "In short, under B: random in every seat; A seats 4 sides and B 2, so a seat's fair \
             share of the wins goes from 25% to 50%, and that is all its wins change by but \
             chance; every seat scores more (each by +33.00).\n"
        );
        // Players of several kinds: their changes, and the fair shares beside them.
        let mixed = with(Some((3, 2, None)));
        assert!(
            mixed.contains("(A seats 3 sides and B 2, so a seat's fair share of the wins goes from 33.3% to 50%)"),
            "{mixed}"
        );
        assert!(!mixed.contains("place 1"), "{mixed}");
    }
}

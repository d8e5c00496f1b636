//! Results as text, the same for a run, its shards merged, and the HTML report's summary
//! (as JSON: `json`).

mod compare;
pub use compare::verdict;
use compare::*;

use super::columns::{Column, lay_out};
use super::figures::{
    about_count, about_time, bound, column_places, interval, interval_at, run_time, signed, sized,
};
use super::stats::{self, Difference, Estimate, SeatSummary};
use super::tally::{Tally, WIN_UNIT};
use super::{Kind, Results};
use std::fmt::Write as _;

/// `("games", "games")` or `("matches of 3 games", "matches")`.
pub fn run_label(match_games: u8) -> (String, &'static str) {
    if match_games > 1 {
        (format!("matches of {match_games} games"), "matches")
    } else {
        ("games".to_string(), "games")
    }
}

/// `games` as `game`, `matches of 3 games` as `match of 3 games`: the first word's singular.
pub(crate) fn singular(what: &str) -> String {
    let (first, rest) = what.split_once(' ').unwrap_or((what, ""));
    let one = first
        .strip_suffix("es")
        .filter(|f| f.ends_with("ch"))
        .or_else(|| first.strip_suffix('s'))
        .unwrap_or(first);
    if rest.is_empty() {
        one.to_string()
    } else {
        format!("{one} {rest}")
    }
}

pub(super) fn match_games(r: &Results) -> u8 {
    r.tallies.first().map_or(1, |t| t.match_games)
}

/// How fast the run went: `{n} games/s`, or for runs slower than a game a second (bots that
/// think) `{s} s a game`, which `0.0 games/s` did not say.
fn pace(r: &Results, unit: &str) -> String {
    pace_of(r.games_played, per_second(r), unit)
}

fn pace_of(games: u64, rate: f64, unit: &str) -> String {
    // A run of no measurable time (a part file from elsewhere may say 0 seconds): no pace to
    // give, as the JSON's null says (`inf games/s` did not).
    if !rate.is_finite() {
        return format!("{unit}/s not measured");
    }
    if rate >= 1.0 || games == 0 {
        format!("{rate:.1} {unit}/s")
    } else {
        format!("{:.1} s a {}", 1.0 / rate, singular(unit))
    }
}

/// `, about 3 min at this run's pace` for `games` more games of the run's pace, or nothing when
/// the run took no measurable time or the games are past counting.
fn time_at_pace(r: &Results, games: f64) -> String {
    let rate = per_second(r);
    if rate.is_finite() && rate > 0.0 && games < 1e9 {
        let time = about_time(games / rate);
        let about = if time.starts_with("under") {
            ""
        } else {
            "about "
        };
        format!(", {about}{time} at this run's pace")
    } else {
        String::new()
    }
}

/// The seats' paired differences B - A ([`stats::differences`]), a seat's win read as one that
/// can change unless both rulesets have one side (which wins every game).
pub(super) fn seat_differences(r: &Results) -> Vec<Difference> {
    let can_change = !r.tallies.iter().all(one_side);
    stats::differences(&r.paired, r.games_played, can_change)
}

/// Whether the seats are alike in a comparison: the same player in each (random players, or one
/// bot in every seat), every seat its own side under both rulesets (no teams, in A or B: a team
/// game's shared wins are its rules', not chance), and more than one. A seat's change is then
/// chance by design.
fn seats_alike(a: &Tally, b: &Tally, bot_rows: usize, seats: usize) -> bool {
    let own_sides = |t: &Tally| t.seat_side.iter().enumerate().all(|(i, s)| s.index() == i);
    seats > 1
        && bot_rows <= 1
        && a.bots.len() <= 1
        && b.bots.len() <= 1
        && own_sides(a)
        && own_sides(b)
}

/// Whether the table has one side only (a solitaire house rule): no one to beat, so no
/// margins, ties or win shares to speak of.
pub(super) fn one_side(t: &Tally) -> bool {
    t.seat_side.iter().all(|s| Some(s) == t.seat_side.first())
}

/// How many games a win share within 1% either side takes, when this run's are wider: the
/// seat whose share is nearest a half needs the most.
fn precision_text(out: &mut String, r: &Results, t: &Tally) {
    if one_side(t) {
        return;
    }
    let half = |e: &Estimate| (e.high - e.estimate).max(e.estimate - e.low);
    // Bots of two kinds or more take turns in the seats: a seat's share mixes them, the bots'
    // are what a run measures (a bot in k seats a game counts k seat-games a game).
    let shares: Vec<(Estimate, f64)> = if t.bots.len() > 1 {
        let games = t.games.max(1) as f64;
        // Over each bot's units (in teams, a team's seats one result), as its table's.
        stats::bots(t)
            .iter()
            .filter_map(|s| Some((s.win_rate, (s.units? / games).max(1.0))))
            .collect()
    } else {
        stats::seats(t).iter().map(|s| (s.win_share, 1.0)).collect()
    };
    let widest = shares.iter().map(|(e, _)| half(e)).fold(0.0, f64::max);
    // At the share seen, moved toward a half by two wins and two losses more (Agresti and
    // Coull's "plus four"): a bot that won every game so far is not sure to win every game of
    // a longer run, and the interval of a share below 100% narrows more slowly (100 of 100
    // games seen: about 1,100 games, where the share seen alone would say 380).
    let n = t.games as f64;
    let Some(needed) = shares
        .iter()
        .map(|(e, per_game)| {
            let units = n * per_game;
            let p = (e.estimate * units + 2.0) / (units + 4.0);
            stats::games_for_share(p, 0.01) / per_game
        })
        .max_by(f64::total_cmp)
    else {
        return;
    };
    if t.games < 10 || widest <= 0.01 || needed <= t.games as f64 {
        return;
    }
    let (_, unit) = run_label(t.match_games);
    let _ = writeln!(
        out,
        "precision: the {} intervals reach {}% either side; within 1% takes about {} \
         {unit}{} (4 times the {unit}, half the interval)",
        if t.bots.len() > 1 {
            "bots' win rates'"
        } else {
            "win shares'"
        },
        bound(widest * 100.0, 1),
        about_count(needed),
        time_at_pace(r, needed),
    );
}

/// For the differences (B - A) within the noise, the largest of each kind: how many games
/// would show a difference of its size, if it is real. The bots' where bots of two kinds or
/// more take turns in the seats (a seat's then mixes them: the bots are what is compared),
/// else the seats'.
/// Seats alike ([`seats_alike`]): no seat's win is said (a change there is chance by design).
fn noise_text(
    out: &mut String,
    r: &Results,
    diffs: &[Difference],
    bots: &[(String, Difference)],
    alike: bool,
) {
    let (_, unit) = run_label(match_games(r));
    let rows: Vec<(String, Difference)> = if bots.is_empty() {
        diffs
            .iter()
            .enumerate()
            .map(|(i, d)| (format!("seat {}", i + 1), *d))
            .collect()
    } else {
        bots.iter()
            .map(|(bot, d)| (crownlands_core::text::escape_controls(bot).into_owned(), *d))
            .collect()
    };
    let largest = |pick: fn(&Difference) -> Estimate| {
        rows.iter()
            .map(|(who, d)| (who, pick(d)))
            .filter(|(_, e)| !e.significant())
            .filter_map(|(who, e)| Some((who, e, stats::games_to_show(&e, r.games_played)?)))
            .min_by(|x, y| x.2.total_cmp(&y.2))
    };
    let mut parts = Vec::new();
    if let Some((who, e, n)) = largest(|d| d.win_share).filter(|_| !alike) {
        parts.push(format!(
            "{who}'s win B - A ({}%) would show, if real, in about {} {unit}{}",
            sized(e.estimate * 100.0, 1),
            about_count(n),
            time_at_pace(r, n)
        ));
    }
    if let Some((who, e, n)) = largest(|d| d.score) {
        // The verb once, with the first part.
        let verb = if parts.is_empty() {
            " would show, if real,"
        } else {
            ""
        };
        parts.push(format!(
            "{who}'s score B - A ({}){verb} in about {} {unit}{}",
            sized(e.estimate, 2),
            about_count(n),
            time_at_pace(r, n)
        ));
    }
    if !parts.is_empty() {
        let _ = writeln!(
            out,
            "within the noise: {} (an interval clear of 0 in 4 runs of 5)",
            parts.join("; ")
        );
    }
}

pub(super) fn per_second(r: &Results) -> f64 {
    if r.seconds > 0.0 {
        r.games_played as f64 / r.seconds
    } else {
        f64::INFINITY
    }
}

/// The player column of the seat table: `random`, the one bot, or `rotated`.
pub(super) fn seat_player(r: &Results) -> String {
    match r.run.bots.first() {
        None => "random".to_string(),
        Some(first) if r.run.bots.iter().all(|b| b == first) => first.clone(),
        Some(_) => "rotated".to_string(),
    }
}

/// Who plays, for the first line: `4 random players` or `4 players: mcts, greedy, ...`.
pub fn who(r: &Results) -> String {
    if r.run.bots.is_empty() {
        let unit = if r.run.players == 1 {
            "player"
        } else {
            "players"
        };
        format!("{} random {unit}", r.run.players)
    } else {
        let unit = if r.run.players == 1 {
            "player"
        } else {
            "players"
        };
        format!(
            "{} {unit}: {} (seats rotated)",
            r.run.players,
            r.run.bots.join(", ")
        )
    }
}

/// One team: its seats (from 0) and the summary of its first seat (all its seats score alike).
pub struct TeamRow {
    pub seats: Vec<usize>,
    pub summary: SeatSummary,
}

/// The teams of a tally; empty when every seat plays alone.
pub fn teams(t: &Tally, seats: &[SeatSummary]) -> Vec<TeamRow> {
    let sides = t
        .seat_side
        .iter()
        .copied()
        .max()
        .map_or(0, |m| m.index() + 1);
    if sides >= t.seat_side.len() {
        return Vec::new();
    }
    crownlands_core::Side::all(sides as u8)
        .filter_map(|side| {
            let members: Vec<usize> = (0..t.seat_side.len())
                .filter(|&p| t.seat_side[p] == side)
                .collect();
            let summary = *seats.get(*members.first()?)?;
            Some(TeamRow {
                seats: members,
                summary,
            })
        })
        .collect()
}

/// The text summary (what `simulate`, `compare` and `merge` print).
pub fn text(r: &Results) -> String {
    let mut out = String::new();
    let (what, unit) = run_label(match_games(r));
    if r.stopped {
        let why = if r.failed {
            "by an error (below)"
        } else {
            "(Ctrl-C or a signal)"
        };
        let _ = writeln!(
            out,
            "stopped {why} after {} of {} {unit}: the figures below are of those",
            r.games_played, r.run.games
        );
    }
    match r.run.kind {
        Kind::Simulate => simulate_text(&mut out, r, &what, unit),
        Kind::Compare => compare_text(&mut out, r, &what, unit),
    }
    out
}

fn simulate_text(out: &mut String, r: &Results, what: &str, unit: &str) {
    let Some(t) = r.tallies.first() else {
        return;
    };
    let name = r.run.rulesets.first().map_or("", |x| x.name.as_str());
    // `1 game`, `1 match of 3 games`: the unit's singular for one.
    let what = if r.games_played == 1 {
        singular(what)
    } else {
        what.to_string()
    };
    // `(seats rotated, seed 1)` with bots, `(seed 1)` without.
    let who = who(r);
    let (who, rotated) = match who.strip_suffix(" (seats rotated)") {
        Some(w) => (w.to_string(), "seats rotated, "),
        None => (who, ""),
    };
    let _ = writeln!(
        out,
        "{} {what} of {name} with {who} ({rotated}seed {}) in {}: {}",
        r.games_played,
        r.run.seed,
        run_time(r.seconds),
        pace(r, unit),
    );
    if !t.bots.is_empty() {
        bots_text(out, t);
    }
    tally_text(out, t, &seat_player(r), true);
    precision_text(out, r, t);
}

fn bots_text(out: &mut String, t: &Tally) {
    let width = widest(t.bots.iter().map(|b| b.bot.as_str()), 3);
    let teams = t.team_seats() > 1;
    // What the column counts: each of the bot's seats in each game, or in each match of a
    // match ruleset (Dynasty); in teams a seat's team result is its teammates' too: said so.
    let (_, unit) = run_label(t.match_games);
    let count = if teams {
        format!("seat-{unit}")
    } else {
        unit.to_string()
    };
    let cw = count.len().max(6);
    let mut rows = vec![
        [
            "bot",
            count.as_str(),
            "wins",
            "win rate",
            "95% interval",
            "mean score",
            "95% interval",
            "margin",
            "ms/decision",
        ]
        .map(String::from)
        .to_vec(),
    ];
    let summaries = stats::bots(t);
    let seats = t.seats.len() as u64;
    for (b, s) in t.bots.iter().zip(&summaries) {
        let wins = b.win_units as f64 / WIN_UNIT as f64;
        let g = b.games.max(1) as f64;
        // A bot in every seat of every game wins a fixed share of them (a seat's share of the
        // table): no interval to give.
        let every_seat = seats > 0 && b.games == t.games.saturating_mul(seats) && !teams;
        rows.push(vec![
            b.bot.clone(),
            b.games.to_string(),
            format!("{wins:.1}"),
            format!("{:.1}%", s.win_rate.estimate * 100.0),
            // `a to b`, as the seat table writes intervals (`-2.0-36.6` read badly).
            if every_seat {
                "(every seat)".to_string()
            } else {
                interval_at(&s.win_rate, 1, true)
            },
            format!("{:.2}", s.score.estimate),
            interval_at(&s.score, 1, false),
            format!("{:+.2}", b.margin_sum as f64 / g),
            format!("{:.3}", b.nanos as f64 / 1e6 / b.decisions.max(1) as f64),
        ]);
    }
    let columns = [
        Column::left(width, ""),
        Column::right(cw, "  "),
        Column::right(8, "  "),
        Column::right(8, "  "),
        Column::right(15, "  "),
        Column::right(10, "  "),
        Column::right(15, "  "),
        Column::right(7, "  "),
        Column::right(11, "  "),
    ];
    write_table(out, &columns, &rows);
    if teams {
        // What the intervals count: each team a bot played in, once a game.
        let units: Vec<String> = t
            .bots
            .iter()
            .zip(&summaries)
            .map(|(b, s)| match s.units {
                // Whole where the bot holds as many seats in each team it plays in.
                Some(n) if n.fract() == 0.0 => {
                    format!("{} {n:.0}", crownlands_core::text::escape_controls(&b.bot))
                }
                Some(n) => format!("{} {n:.1}", crownlands_core::text::escape_controls(&b.bot)),
                None => format!(
                    "{} not kept (a part of an older build)",
                    crownlands_core::text::escape_controls(&b.bot)
                ),
            })
            .collect();
        // Where a bot held more seats in some teams than in others, the teams weigh unalike
        // and the count is the effective one (docs/bots.md): said, as the plain count differs.
        let weighted = summaries
            .iter()
            .any(|s| s.units.is_some_and(|n| n.fract() != 0.0));
        let _ = writeln!(
            out,
            "(in teams the intervals count each team a bot played in once a {}, its seats sharing \
             one result: {}{})",
            singular(run_label(t.match_games).1),
            units.join(", "),
            if weighted {
                "; a count with a fraction is an effective one: its teams weighed by the seats \
                 the bot held in each, fewer than the teams it played in"
            } else {
                ""
            }
        );
    }
    // Who earns the bonuses: each bot's share of its games (a rule about a bonus asks it).
    let rates = stats::bot_bonus_rates(t);
    let paid = penalties(rates.iter().map(|(k, _)| k.as_str()));
    bonus_rows(
        out,
        &format!("bonuses earned{paid} by bot (share of its games):"),
        rates
            .iter()
            .map(|(key, bots)| {
                let cells = bots
                    .iter()
                    .map(|(bot, rate)| format!("{bot} {:.1}%", rate * 100.0));
                (key.as_str(), cells.collect())
            })
            .collect(),
    );
}

/// `rows` laid out in `columns` ([`lay_out`]), a line each.
fn write_table(out: &mut String, columns: &[Column], rows: &[Vec<String>]) {
    for line in lay_out(columns, rows) {
        let _ = writeln!(out, "{line}");
    }
}

/// A heading, then a row a bonus: its key in a column as wide as the longest (`Travelling
/// Castle` ran past 16), its cells after it. Nothing without rows.
fn bonus_rows(out: &mut String, heading: &str, rows: Vec<(&str, Vec<String>)>) {
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "{heading}");
    let key_width = widest(rows.iter().map(|(k, _)| *k), 16);
    // Each column of cells as wide as its widest (`greedy 8.5%` beside `greedy 15.0%`).
    let most = rows.iter().map(|(_, c)| c.len()).max().unwrap_or(0);
    let mut columns = vec![Column::left(key_width, "  ")];
    columns.extend((0..most).map(|i| Column::left(0, if i == 0 { " " } else { "  " })));
    let table: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(key, cells)| std::iter::once(key.to_string()).chain(cells).collect())
        .collect();
    write_table(out, &columns, &table);
}

/// The seat table, team table, bonuses and discards of one ruleset.
/// One ruleset's figures; with `dominoes`, its table of dominoes where they were counted
/// (`compare` gives their differences instead).
fn tally_text(out: &mut String, t: &Tally, player: &str, dominoes: bool) {
    let seats = stats::seats(t);
    let pw = player.len().max(6);
    // In matches the score is a match's total, the dominoes placed a game's: the column says so.
    let placed = if t.match_games > 1 {
        "dominoes a game"
    } else {
        "dominoes placed"
    };
    let score_places = column_places(&seats.iter().map(|s| s.score).collect::<Vec<_>>(), 1, false);
    let share_places = column_places(
        &seats.iter().map(|s| s.win_share).collect::<Vec<_>>(),
        1,
        true,
    );
    let mut rows = vec![
        [
            "seat",
            "player",
            "mean score",
            "95% interval",
            "spread",
            "win share",
            "95% interval",
            placed,
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (i, s) in seats.iter().enumerate() {
        rows.push(vec![
            (i + 1).to_string(),
            player.to_string(),
            format!("{:.2}", s.score.estimate),
            interval_at(&s.score, score_places, false),
            format!("{:.2}", s.spread),
            format!("{:.1}%", s.win_share.estimate * 100.0),
            interval_at(&s.win_share, share_places, true),
            format!("{:.2}", s.placed),
        ]);
    }
    let columns = [
        Column::right(4, ""),
        Column::left(pw, "  "),
        Column::right(10, "  "),
        Column::left(15, "  "),
        Column::right(6, "  "),
        Column::right(9, "  "),
        Column::left(12, "  "),
        Column::right(15, "  "),
    ];
    write_table(out, &columns, &rows);
    let team_rows = teams(t, &seats);
    if !team_rows.is_empty() {
        // (The seats' shares add up to the team size, not to 100%.)
        let _ = writeln!(
            out,
            "(a seat's score and wins are its team's: each team's seats share them)"
        );
        let _ = writeln!(out, "team  seats  mean score  win share");
        for (i, team) in team_rows.iter().enumerate() {
            let members: Vec<String> = team.seats.iter().map(|p| (p + 1).to_string()).collect();
            let _ = writeln!(
                out,
                "{:>4}  {:5}  {:>10.2}  {:>8.1}%",
                i + 1,
                members.join("+"),
                team.summary.score.estimate,
                team.summary.win_share.estimate * 100.0
            );
        }
    }
    // `KEY v1 v2 ...; KEY ...`, each value as `value` writes it.
    let per_key = |rows: &[(String, Vec<f64>)], value: &dyn Fn(f64) -> String| {
        rows.iter()
            .map(|(k, row)| {
                let values: Vec<String> = row.iter().map(|&x| value(x)).collect();
                format!("{k} {}", values.join(" "))
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let rates = stats::bonus_rates(t);
    let paid = penalties(rates.iter().map(|(k, _)| k.as_str()));
    // A few on one line; more (Queendomino's buildings) one a line, in a column.
    if rates.len() > 4 {
        let _ = writeln!(out, "bonuses earned{paid} (share of games, seat 1 first):");
        let width = rates
            .iter()
            .map(|(k, _)| crownlands_core::text::columns(k))
            .max()
            .unwrap_or(0);
        for (k, row) in &rates {
            let values: Vec<String> = row.iter().map(|x| format!("{:>5.1}%", x * 100.0)).collect();
            let _ = writeln!(
                out,
                "  {}  {}",
                crate::output::pad(k, width),
                values.join(" ")
            );
        }
    } else if !rates.is_empty() {
        let _ = writeln!(
            out,
            "bonuses earned{paid} (share of games, seat 1 first): {}",
            per_key(&rates, &|x| format!("{:.1}%", x * 100.0))
        );
    }
    let held = stats::held_means(t);
    if !held.is_empty() {
        let _ = writeln!(
            out,
            "held at the end of a game (mean, seat 1 first): {}",
            per_key(&held, &|x| format!("{x:.2}"))
        );
    }
    let _ = writeln!(
        out,
        "dominoes discarded (not placed, or left unclaimed in a line): {:.2} per game{}",
        stats::discarded(t),
        discards_words(t)
    );
    if let Some(f) = stats::finishes(t).filter(|_| !one_side(t)) {
        let share =
            |e: stats::Estimate| format!("{:.1}% ({})", e.estimate * 100.0, interval(&e, 1, true));
        let _ = writeln!(
            out,
            "{}: the top total tied in {} (decided by a tie-break in {}, shared in {}); the \
             winner's margin over the next {} {:.2} ({})",
            if t.match_games > 1 {
                "matches"
            } else {
                "games"
            },
            share(f.tied_top),
            share(f.by_tie_break),
            share(f.shared),
            if (0..t.seat_side.len()).any(|p| stats::team_size(t, p) > 1) {
                "team"
            } else {
                "side"
            },
            f.margin.estimate,
            interval(&f.margin, 2, false)
        );
    }
    if dominoes {
        dominoes_text(out, t);
    }
    // Seats rotate or are drawn to claim: the place in the first claims is the first player's
    // advantage (or not).
    let places = stats::first_claims(t);
    if places.len() > 1 {
        let _ = writeln!(
            out,
            "by the place the side claimed the first line in (1 first): {}",
            places
                .iter()
                .enumerate()
                .map(|(i, (w, s))| format!(
                    "{} wins {:.1}% ({}), {:.2} points",
                    i + 1,
                    w.estimate * 100.0,
                    interval(w, 1, true),
                    s.estimate
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
}

/// `simulate --dominoes`: each domino, the best for the side placing it first, with how often it
/// was placed and discarded (nothing without the flag).
fn dominoes_text(out: &mut String, t: &Tally) {
    let rows = stats::dominoes(t);
    if rows.is_empty() {
        return;
    }
    let sides = t.sides().max(1);
    let _ = writeln!(
        out,
        "dominoes, best for the side that placed it first (a side wins {:.1}% on average):",
        100.0 / sides as f64
    );
    let share_places = column_places(
        &rows.iter().map(|d| d.win_share).collect::<Vec<_>>(),
        1,
        true,
    );
    let score_places = column_places(&rows.iter().map(|d| d.score).collect::<Vec<_>>(), 1, false);
    let mut table = vec![
        [
            "domino",
            "squares",
            "placed",
            "discarded",
            "placer wins",
            "95% interval",
            "placer's score",
            "95% interval",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for d in &rows {
        // Never placed: no side's figures to give.
        let figures = if d.placed > 0.0 {
            [
                format!("{:.1}%", d.win_share.estimate * 100.0),
                interval_at(&d.win_share, share_places, true),
                format!("{:.2}", d.score.estimate),
                interval_at(&d.score, score_places, false),
            ]
        } else {
            ["-".into(), "never placed".into(), "-".into(), String::new()]
        };
        let mut row = vec![
            d.domino.clone(),
            d.squares.clone(),
            format!("{:.1}%", d.placed * 100.0),
            format!("{:.1}%", d.discarded * 100.0),
        ];
        row.extend(figures);
        table.push(row);
    }
    let widest = |i: usize, least: usize| widest(table.iter().map(|r| r[i].as_str()), least);
    let columns = [
        Column::right(widest(0, 6), "  "),
        Column::left(widest(1, 7), "  "),
        Column::right(6, "  "),
        Column::right(9, "  "),
        Column::right(11, "  "),
        Column::left(12, "  "),
        Column::right(14, "  "),
        Column::left(15, "  "),
    ];
    write_table(out, &columns, &table);
}

/// By the place in the first claims, B - A: paired game by game where every place was (true),
/// else as for independent runs.
pub(super) fn place_differences(
    r: &Results,
    a: &Tally,
    b: &Tally,
) -> (Vec<(Estimate, Estimate)>, bool) {
    match stats::first_claim_paired(&r.paired_places, a, r.games_played) {
        Some(paired) => (paired, true),
        None => (stats::first_claim_differences(a, b), false),
    }
}

/// The columns of the widest of `names`, at least `least`: a column of names as wide as it
/// needs.
fn widest<'a>(names: impl Iterator<Item = &'a str>, least: usize) -> usize {
    names
        .map(crownlands_core::text::columns)
        .max()
        .unwrap_or(0)
        .max(least)
}

fn mark(e: &Estimate) -> &'static str {
    if e.significant() { "*" } else { " " }
}

/// " and penalties paid" where a bonus line lists a penalty (a module's line that takes points
/// away, counted as `KEY (penalty)`), else nothing: the heading of the bonuses' shares.
fn penalties<'a>(mut keys: impl Iterator<Item = &'a str>) -> &'static str {
    if keys.any(|k| k.ends_with(super::tally::PENALTY)) {
        " and penalties paid"
    } else {
        ""
    }
}

/// The discards' split after their count: ` (1.00 left unclaimed, 0.45 not placed)`, with those
/// given up where they fitted (`discard = "any-time"`) where there were any (` (0.45 not placed:
/// 0.30 given up where they fitted)`); empty where nothing is left unclaimed or given up.
fn discards_words(t: &Tally) -> String {
    let given_up = stats::given_up(t).filter(|&g| g > 0.0);
    match (stats::discards_split(t), given_up) {
        (Some((u, n)), Some(g)) if u > 0.0 => {
            format!(
                " ({u:.2} left unclaimed, {n:.2} not placed: {g:.2} given up where they fitted)"
            )
        }
        (Some((_, n)), Some(g)) => {
            format!(" ({n:.2} not placed: {g:.2} given up where they fitted)")
        }
        (Some((u, n)), None) if u > 0.0 => format!(" ({u:.2} left unclaimed, {n:.2} not placed)"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{pace_of, singular};

    #[test]
    fn one_game_or_one_match() {
        assert_eq!(singular("games"), "game");
        assert_eq!(singular("matches of 3 games"), "match of 3 games");
    }

    #[test]
    fn a_slow_run_says_the_seconds_a_game() {
        assert_eq!(pace_of(1000, 250_000.0, "games"), "250000.0 games/s");
        assert_eq!(pace_of(20, f64::INFINITY, "games"), "games/s not measured");
        // Bots that think: `0.0 games/s` said nothing.
        assert_eq!(pace_of(2, 2.0 / 41.2, "games"), "20.6 s a game");
        assert_eq!(pace_of(2, 0.1, "matches"), "10.0 s a match");
    }
}

//! Results as text, the same for a run, its shards merged, and the HTML report's summary
//! (as JSON: `json`).

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

/// A difference's score and win cells, as the team and bot tables write them:
/// `  +1.23* 0.5 to 2.0          +3.1%  -1.0 to 7.2%`.
/// A row's differences B - A (score, then win share) with their intervals; the score's star
/// left out where `scores_unlike` (matches of different lengths: their totals are not compared).
fn difference_cells(d: &Difference, scores_unlike: bool) -> Vec<String> {
    vec![
        format!("{:+.2}", signed(d.score.estimate, 2)),
        if scores_unlike { "" } else { mark(&d.score) }.to_string(),
        interval(&d.score, 2, false),
        format!("{:+.1}%", signed(d.win_share.estimate * 100.0, 1)),
        mark(&d.win_share).to_string(),
        interval(&d.win_share, 1, true),
    ]
}

/// The columns of [`difference_cells`] after a table's own first ones: each difference, its
/// star in a column of its own (the heading stands over the figure), its interval.
const DIFFERENCE_COLUMNS: [Column; 6] = [
    Column::right(11, "  "),
    Column::left(1, ""),
    Column::left(16, " "),
    Column::right(9, "  "),
    Column::left(1, ""),
    Column::left(12, " "),
];

/// The heading cells of [`difference_cells`].
const DIFFERENCE_HEADING: [&str; 6] = [
    "B - A score",
    "",
    "95% interval",
    "B - A win",
    "",
    "95% interval",
];

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

/// `compare`'s answer in one line ([`super::verdict::text`]): of the bots where two kinds or
/// more take turns in the seats, else of the teams, else of the seats, and by the place in the
/// first claims. Empty outside a comparison.
pub fn verdict(r: &Results) -> String {
    let (Some(a), Some(b)) = (r.tallies.first(), r.tallies.get(1)) else {
        return String::new();
    };
    let diffs = seat_differences(r);
    let bot_rows = stats::bot_differences(&r.paired_bots, a, r.games_played);
    let team_rows = teams(a, &stats::seats(a));
    verdict_of(r, a, b, &diffs, &bot_rows, &team_rows, &Beyond::of(r, a, b))
}

/// [`verdict`] from the figures `compare_text` works out for its tables.
fn verdict_of(
    r: &Results,
    a: &Tally,
    b: &Tally,
    diffs: &[stats::Difference],
    bot_rows: &[(String, stats::Difference)],
    team_rows: &[TeamRow],
    beyond: &Beyond,
) -> String {
    // The same player in every seat (random moves, or one bot everywhere), no teams: the seats
    // are alike, so a seat's change in wins or score is chance by design; the players are said
    // pooled, from the games themselves where the run kept one bot's (every seat's) figures.
    let alike = seats_alike(a, b, bot_rows.len(), diffs.len());
    let pooled_name = a.bots.first().map_or("a random player".to_string(), |b| {
        crownlands_core::text::escape_controls(&b.bot).into_owned()
    });
    let (rows, every): (Vec<(String, stats::Difference)>, &str) = if alike {
        let pooled = match r.paired_bots.as_slice() {
            [g] if g.games == r.games_played && g.seats > 0 => {
                stats::group_difference(g, g.score_sq_sum > 0)
            }
            _ => stats::pooled_seats(diffs),
        };
        (vec![(pooled_name.clone(), pooled)], "every seat")
    } else if bot_rows.len() > 1 {
        (
            bot_rows
                .iter()
                .map(|(bot, d)| (crownlands_core::text::escape_controls(bot).into_owned(), *d))
                .collect(),
            "every bot",
        )
    } else if !team_rows.is_empty() {
        (
            team_rows
                .iter()
                .enumerate()
                .filter_map(|(k, t)| {
                    let d = t.seats.first().and_then(|&p| diffs.get(p))?;
                    Some((format!("team {}", k + 1), *d))
                })
                .collect(),
            "every team",
        )
    } else {
        (
            diffs
                .iter()
                .enumerate()
                .map(|(i, d)| (format!("seat {}", i + 1), *d))
                .collect(),
            "every seat",
        )
    };
    // And by the place in the first claims, where a rule of who claims first changes it.
    let places: Vec<(String, stats::Difference)> = beyond
        .places
        .iter()
        .enumerate()
        .map(|(k, &(w, s))| {
            (
                format!("place {}", k + 1),
                stats::Difference {
                    score: s,
                    win_share: w,
                },
            )
        })
        .collect();
    let (_, unit) = run_label(match_games(r));
    super::verdict::text(&super::verdict::Compared {
        rows: &rows,
        places: &places,
        every,
        games: r.games_played,
        unit,
        unlike_scores: (a.match_games != b.match_games).then_some(
            if a.match_games > 1 && b.match_games > 1 {
                "totals over matches of different lengths"
            } else {
                "a match's totals against a game's"
            },
        ),
        alike,
        sides: (a.sides() != b.sides()).then(|| {
            let same = a.bots.len() <= 1 && b.bots.len() <= 1 && bot_rows.len() <= 1;
            (a.sides(), b.sides(), same.then_some(pooled_name.as_str()))
        }),
    })
}

fn compare_text(out: &mut String, r: &Results, what: &str, unit: &str) {
    let (Some(a), Some(b)) = (r.tallies.first(), r.tallies.get(1)) else {
        return;
    };
    let name = |i: usize| r.run.rulesets.get(i).map_or("", |x| x.name.as_str());
    // Matches of different lengths: the scores are not compared (no star on them below).
    let unlike = a.match_games != b.match_games;
    // `1 game` as `simulate` says it; runs of different lengths counted by their seeds.
    let what = if unlike {
        if r.games_played == 1 { "seed" } else { "seeds" }.to_string()
    } else if r.games_played == 1 {
        singular(what)
    } else {
        what.to_string()
    };
    let _ = writeln!(
        out,
        "{} {what} of {} (A) and {} (B) with {}, on the same seeds (seed {}), in {}: {} per ruleset",
        r.games_played,
        name(0),
        name(1),
        who(r),
        r.run.seed,
        run_time(r.seconds),
        pace(r, unit),
    );
    if a.match_games != b.match_games {
        let games = |m: u8| {
            if m > 1 {
                format!("a match of {m} games")
            } else {
                "one game".to_string()
            }
        };
        // What the scores compare: totals over matches of different lengths, or a match's
        // with a game's.
        let what = if a.match_games > 1 && b.match_games > 1 {
            "totals over matches of different lengths"
        } else {
            "a match's totals with a game's"
        };
        let _ = writeln!(
            out,
            "note: A plays {} a seed, B {}: the scores and wins below compare {what}; the \
             bonuses and discards are per game on both sides",
            games(a.match_games),
            games(b.match_games),
        );
    }
    // The figures of the tables below, and the answer in one line above them.
    let (sa, sb) = (stats::seats(a), stats::seats(b));
    let diffs = seat_differences(r);
    let team_rows = teams(a, &sa);
    let bot_rows = stats::bot_differences(&r.paired_bots, a, r.games_played);
    let beyond = Beyond::of(r, a, b);
    out.push_str(&verdict_of(r, a, b, &diffs, &bot_rows, &team_rows, &beyond));
    let mut rows = vec![
        [
            "seat",
            "score A",
            "score B",
            "B - A",
            "",
            "95% interval",
            "win A",
            "win B",
            "B - A",
            "",
            "95% interval",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (i, d) in diffs.iter().enumerate() {
        let (Some(x), Some(y)) = (sa.get(i), sb.get(i)) else {
            continue;
        };
        rows.push(vec![
            (i + 1).to_string(),
            format!("{:.2}", x.score.estimate),
            format!("{:.2}", y.score.estimate),
            format!("{:+.2}", signed(d.score.estimate, 2)),
            if unlike { "" } else { mark(&d.score) }.to_string(),
            interval(&d.score, 2, false),
            format!("{:.1}%", x.win_share.estimate * 100.0),
            format!("{:.1}%", y.win_share.estimate * 100.0),
            format!("{:+.1}%", signed(d.win_share.estimate * 100.0, 1)),
            mark(&d.win_share).to_string(),
            interval(&d.win_share, 1, true),
        ]);
    }
    let columns = [
        Column::right(4, ""),
        Column::right(7, "  "),
        Column::right(7, "  "),
        Column::right(7, "  "),
        Column::left(1, ""),
        Column::left(16, " "),
        Column::right(6, "  "),
        Column::right(6, "  "),
        Column::right(7, "  "),
        Column::left(1, ""),
        Column::left(12, " "),
    ];
    write_table(out, &columns, &rows);
    // In team games, the same per team (every seat of a team scores and wins alike).
    if !team_rows.is_empty() {
        let mut rows = vec![
            ["team", "seats"]
                .into_iter()
                .chain(DIFFERENCE_HEADING)
                .map(String::from)
                .collect::<Vec<_>>(),
        ];
        for (k, team) in team_rows.iter().enumerate() {
            let Some(d) = team.seats.first().and_then(|&p| diffs.get(p)) else {
                continue;
            };
            let seats: Vec<String> = team.seats.iter().map(|p| (p + 1).to_string()).collect();
            let mut row = vec![(k + 1).to_string(), seats.join("+")];
            row.extend(difference_cells(d, unlike));
            rows.push(row);
        }
        let mut columns = vec![Column::right(4, ""), Column::left(5, "  ")];
        columns.extend(DIFFERENCE_COLUMNS);
        write_table(out, &columns, &rows);
    }
    // With bots, the same per bot of the list (its seats in each game, wherever the rotation
    // put them): does B suit one bot more than another?
    if !bot_rows.is_empty() {
        let mut rows = vec![
            std::iter::once("bot")
                .chain(DIFFERENCE_HEADING)
                .map(String::from)
                .collect::<Vec<_>>(),
        ];
        for (bot, d) in &bot_rows {
            let mut row = vec![crownlands_core::text::escape_controls(bot).into_owned()];
            row.extend(difference_cells(d, unlike));
            rows.push(row);
        }
        let mut columns = vec![Column::left(3, "")];
        columns.extend(DIFFERENCE_COLUMNS);
        write_table(out, &columns, &rows);
    }
    // The footnote under the seat table when a seat is starred; when only a figure further
    // down is (a bonus, the discards), with the note on those figures' intervals, where the
    // star is.
    let seat_starred = diffs
        .iter()
        .chain(bot_rows.iter().map(|(_, d)| d))
        .any(|d| (d.score.significant() && !unlike) || d.win_share.significant());
    let below_starred = beyond.all().any(|e| e.significant());
    if seat_starred {
        let _ = writeln!(
            out,
            "* the difference is significant: its 95% interval (from the paired games) leaves out 0"
        );
    }
    noise_text(
        out,
        r,
        &diffs,
        &bot_rows,
        seats_alike(a, b, bot_rows.len(), diffs.len()),
    );
    let _ = writeln!(
        out,
        "spread B - A (standard deviation of the score), seat by seat: {}{}",
        beyond
            .spreads
            .iter()
            .map(|(d, e)| match e {
                Some(e) => format!(
                    "{:+.2}{} ({})",
                    signed(*d, 2),
                    mark(e),
                    interval(e, 2, false)
                ),
                None => format!("{:+.2}", signed(*d, 2)),
            })
            .collect::<Vec<_>>()
            .join("; "),
        if unlike { " (not compared)" } else { "" }
    );
    let share = |e: &Estimate| {
        format!(
            "{:+.1}%{} {}",
            signed(e.estimate * 100.0, 1),
            mark(e),
            interval(e, 1, true)
        )
    };
    let paid = penalties(beyond.bonuses.iter().map(|(k, _)| k.as_str()));
    bonus_rows(
        out,
        &format!("bonus earned{paid}, B - A in share of games, seat by seat:"),
        beyond
            .bonuses
            .iter()
            .map(|(key, seats)| (key.as_str(), seats.iter().map(share).collect()))
            .collect(),
    );
    // The same by bot, where bots of two kinds or more take turns (a seat's mixes them).
    let paid = penalties(beyond.bot_bonuses.iter().map(|(k, _)| k.as_str()));
    bonus_rows(
        out,
        &format!("bonus earned{paid} by bot, B - A in share of its games:"),
        beyond
            .bot_bonuses
            .iter()
            .map(|(key, bots)| {
                let cells = bots.iter().map(|(bot, e)| format!("{bot} {}", share(e)));
                (key.as_str(), cells.collect())
            })
            .collect(),
    );
    let discards = &beyond.discards;
    // Of which left unclaimed in the lines (set by the rules: 12 a game at 3 players) and not
    // placeable (what the play changes); those split again where either ruleset had dominoes
    // given up where they fitted (a house rule): given up and fitting nowhere, each its own
    // difference (more given up can mean fewer that fit nowhere).
    let given_up = stats::given_up(a).zip(stats::given_up(b));
    let split = stats::discards_split(a)
        .zip(stats::discards_split(b))
        .map_or_else(String::new, |((ua, na), (ub, nb))| {
            let not_placed = match given_up.filter(|&(ga, gb)| ga > 0.0 || gb > 0.0) {
                Some((ga, gb)) => format!(
                    "{:+.2}: given up where they fitted {:+.2}, fitting nowhere {:+.2}",
                    signed(nb - na, 2),
                    signed(gb - ga, 2),
                    signed((nb - gb) - (na - ga), 2)
                ),
                None => format!("{:+.2}", signed(nb - na, 2)),
            };
            format!(
                " (left unclaimed in a line {:+.2}, not placed {not_placed})",
                signed(ub - ua, 2),
            )
        });
    let _ = writeln!(
        out,
        "dominoes discarded a game, B - A: {:+.3}{} {}{split}",
        signed(discards.estimate, 3),
        mark(discards),
        interval(discards, 3, false)
    );
    // How the games end: closer or further apart, tied at the top more or less often.
    if let Some(f) = &beyond.finishes {
        let share = |e: &Estimate| {
            format!(
                "{:+.1}%{} ({})",
                signed(e.estimate * 100.0, 1),
                mark(e),
                interval(e, 1, true)
            )
        };
        // Of unlike totals (a match's against a game's) the margin is said, not compared.
        let margin = if beyond.scores_unlike {
            format!("{:+.2} (not compared)", signed(f.margin.estimate, 2))
        } else {
            format!(
                "{:+.2}{} ({})",
                signed(f.margin.estimate, 2),
                mark(&f.margin),
                interval(&f.margin, 2, false)
            )
        };
        let _ = writeln!(
            out,
            "{}, B - A: the winner's margin over the next side {margin}; the top total tied {} (decided by a tie-break {}, shared {})",
            if beyond.scores_unlike {
                "games and matches"
            } else {
                "games"
            },
            share(&f.tied_top),
            share(&f.by_tie_break),
            share(&f.shared),
        );
    }
    let held = &beyond.held;
    if !held.is_empty() {
        let _ = writeln!(
            out,
            "held at the end of a game, B - A (mean over the seats): {}",
            held.iter()
                .map(|(k, e)| format!(
                    "{k} {:+.2}{} ({})",
                    signed(e.estimate, 2),
                    mark(e),
                    interval(e, 2, false)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    // What only one of the two keeps (a module B adds): its mean, said as such.
    for (label, own, other) in [("A", a, b), ("B", b, a)] {
        let only: Vec<String> = stats::held_means(own)
            .into_iter()
            .filter(|(k, _)| !other.held.contains_key(k))
            .map(|(k, seats)| {
                let mean = seats.iter().sum::<f64>() / seats.len().max(1) as f64;
                format!("{k} {mean:.2}")
            })
            .collect();
        if !only.is_empty() {
            let _ = writeln!(
                out,
                "held at the end of a game under {label} only (mean over the seats): {}",
                only.join("; ")
            );
        }
    }
    // The first player's advantage under each, and whether B changes it: paired game by game
    // where the first claims fell alike under both.
    let (places, paired_places) = (&beyond.places, beyond.paired_places);
    if places.len() > 1 {
        let _ = writeln!(
            out,
            "by the place the side claimed the first line in (1 first), B - A{}: {}",
            if paired_places { ", paired" } else { "" },
            places
                .iter()
                .enumerate()
                .map(|(i, (w, s))| format!(
                    "{} wins {:+.1}%{} ({}), {:+.2}{} points ({})",
                    i + 1,
                    signed(w.estimate * 100.0, 1),
                    mark(w),
                    interval(w, 1, true),
                    signed(s.estimate, 2),
                    // (Points of unlike totals, a match's against a game's: not starred.)
                    if unlike { " " } else { mark(s) },
                    interval(s, 2, false)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    if below_starred && !seat_starred {
        let _ = writeln!(
            out,
            "* the difference is significant: its 95% interval leaves out 0"
        );
    }
    let _ = writeln!(
        out,
        "(spreads, bonuses, discards, {}resources held{}: intervals as for independent runs, wider than paired ones)",
        if beyond.finishes.is_some() {
            "how games end, "
        } else {
            ""
        },
        if paired_places || places.len() < 2 {
            ""
        } else {
            " and places"
        }
    );
    chance_stars_text(out, r, &diffs, &beyond);
    for (label, t) in [("A", a), ("B", b)] {
        let _ = writeln!(out, "{label}: {}", name(usize::from(label == "B")));
        // As `simulate` prints a ruleset: its bots first, where there are bots.
        if !t.bots.is_empty() {
            bots_text(out, t);
        }
        tally_text(out, t, &seat_player(r), false);
    }
    domino_differences_text(out, a, b);
}

/// `compare --dominoes`: each domino of both rulesets (the same number and squares), the win
/// share of the side placing it under A and B and B - A with its interval (as for independent
/// runs), the biggest change first.
fn domino_differences_text(out: &mut String, a: &Tally, b: &Tally) {
    let rows = stats::domino_differences(a, b);
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "dominoes, the placing side's win share under A and B, B - A (95% intervals as for \
         independent runs; of {} differences about {:.1} are starred by chance alone), the \
         biggest change first:",
        rows.len(),
        rows.len() as f64 / 20.0
    );
    let mut table = vec![
        [
            "domino",
            "squares",
            "A wins",
            "B wins",
            "B - A",
            "95% interval",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for d in &rows {
        let diff = d.difference.scaled(100.0);
        table.push(vec![
            d.domino.clone(),
            d.squares.clone(),
            format!("{:.1}%", d.a * 100.0),
            format!("{:.1}%", d.b * 100.0),
            format!("{:+.1}%{}", signed(diff.estimate, 1), mark(&diff)),
            interval(&diff, 1, true),
        ]);
    }
    let widest = |i: usize, least: usize| widest(table.iter().map(|r| r[i].as_str()), least);
    let columns = [
        Column::right(widest(0, 6), "  "),
        Column::left(widest(1, 7), "  "),
        Column::right(6, "  "),
        Column::right(6, "  "),
        Column::right(7, "  "),
        Column::left(widest(5, 12), "  "),
    ];
    write_table(out, &columns, &table);
}

/// Of many differences each tested at 95%, about one in 20 is starred by chance alone when
/// nothing differs: how many were tested and starred, said where a star is among ten or more.
fn chance_stars_text(out: &mut String, r: &Results, diffs: &[Difference], beyond: &Beyond) {
    let Some(a) = r.tallies.first() else {
        return;
    };
    let bots = stats::bot_differences(&r.paired_bots, a, r.games_played);
    // A side's seats once: teammates' rows are the same figures (in teams), not more tests.
    let first_of_side: Vec<bool> = (0..a.seats.len())
        .map(|p| {
            let side = a.seat_side.get(p);
            side.is_none() || a.seat_side[..p].iter().all(|s| Some(s) != side)
        })
        .collect();
    let by_side = |p: usize| first_of_side.get(p).copied().unwrap_or(true);
    // With two sides one's win is the other's loss: the second's win difference is the
    // first's, turned (and so with two bots, one a side).
    let two_sides = first_of_side.iter().filter(|&&f| f).count() == 2;
    let mut tested: Vec<Estimate> = Vec::new();
    for (k, d) in diffs
        .iter()
        .enumerate()
        .filter(|&(p, _)| by_side(p))
        .map(|(_, d)| d)
        .enumerate()
    {
        if !beyond.scores_unlike {
            tested.push(d.score);
        }
        if !(two_sides && k > 0) {
            tested.push(d.win_share);
        }
    }
    let mirrored_bots = two_sides && bots.len() == 2 && a.seats.len() == 2;
    for (k, (_, d)) in bots.iter().enumerate() {
        if !beyond.scores_unlike {
            tested.push(d.score);
        }
        if !(mirrored_bots && k > 0) {
            tested.push(d.win_share);
        }
    }
    tested.extend(
        beyond
            .spreads
            .iter()
            .enumerate()
            .filter(|&(p, _)| by_side(p))
            .filter_map(|(_, (_, e))| *e),
    );
    // A share that is the same under both because nothing happened (a bonus no game earned,
    // or every game did) cannot differ by chance: no test, though its interval is not of no
    // width (it says how rare the event may be).
    let b = r.tallies.get(1).unwrap_or(a);
    let never = |ca: u64, na: u64, cb: u64, nb: u64| (ca == 0 && cb == 0) || (ca == na && cb == nb);
    let earned = |t: &Tally, key: &str, p: usize| {
        t.bonuses
            .get(key)
            .and_then(|row| row.get(p))
            .copied()
            .unwrap_or(0)
    };
    let (ga, gb) = (a.games_of_matches(), b.games_of_matches());
    for (key, seats) in &beyond.bonuses {
        tested.extend(
            seats
                .iter()
                .enumerate()
                .filter(|&(p, _)| by_side(p))
                .filter(|&(p, _)| !never(earned(a, key, p), ga, earned(b, key, p), gb))
                .map(|(_, e)| *e),
        );
    }
    tested.push(beyond.discards);
    tested.extend(beyond.held.iter().map(|(_, e)| *e));
    if let (Some(f), Some(fa), Some(fb)) = (beyond.finishes, &a.finishes, &b.finishes) {
        if !beyond.scores_unlike {
            tested.push(f.margin);
        }
        let counts = |f: &super::tally::Finishes| {
            [f.tied_top, f.tied_top.saturating_sub(f.shared), f.shared]
        };
        for ((e, ca), cb) in [f.tied_top, f.by_tie_break, f.shared]
            .into_iter()
            .zip(counts(fa))
            .zip(counts(fb))
        {
            if !never(ca, a.games, cb, b.games) {
                tested.push(e);
            }
        }
    }
    let bot_earned = |t: &Tally, k: usize, key: &str| {
        t.bots
            .get(k)
            .and_then(|x| x.bonuses.as_ref())
            .and_then(|m| m.get(key))
            .copied()
            .unwrap_or(0)
    };
    let bot_games = |t: &Tally, k: usize| {
        t.bots.get(k).map_or(0, |x| {
            x.games.saturating_mul(u64::from(t.match_games.max(1)))
        })
    };
    for (key, bots) in &beyond.bot_bonuses {
        for (k, (_, e)) in bots.iter().enumerate() {
            let (ca, cb) = (bot_earned(a, k, key), bot_earned(b, k, key));
            if !never(ca, bot_games(a, k), cb, bot_games(b, k)) {
                tested.push(*e);
            }
        }
    }
    if beyond.places.len() > 1 {
        for (k, &(w, s)) in beyond.places.iter().enumerate() {
            if !beyond.scores_unlike {
                tested.push(s);
            }
            // With two sides, the second place's win is the first's, turned.
            if !(two_sides && k > 0) {
                tested.push(w);
            }
        }
    }
    // A figure that cannot differ by chance (an interval of no width: nothing varied, a bonus
    // no game earned, no discards) is no test.
    // Nor is one of a single game (no interval at all). Starred all the same where it is not 0
    // (`+1.00* (1.00 to 1.00)`): the count says so, beside the others.
    let exact = tested
        .iter()
        .filter(|e| e.has_interval() && e.high <= e.low && e.significant())
        .count();
    tested.retain(|e| e.has_interval() && e.high > e.low);
    let starred = tested.iter().filter(|e| e.significant()).count();
    if starred == 0 || tested.len() < 10 {
        return;
    }
    let teams = if first_of_side.iter().all(|&f| f) {
        ""
    } else {
        " (a team's seats counted once)"
    };
    let exact = match exact {
        0 => String::new(),
        1 => " (and 1 exact difference, the same in every game, which no chance makes)".into(),
        n => format!(" (and {n} exact differences, the same in every game, which no chance makes)"),
    };
    let _ = writeln!(
        out,
        "{starred} of the {} differences above{teams} {} starred{exact}; when nothing differs, \
         about 1 in 20 is starred by chance ({:.1} here): a star alone among many may be noise, \
         which another seed or more games tell",
        tested.len(),
        if starred == 1 { "is" } else { "are" },
        tested.len() as f64 / 20.0
    );
}

/// What `compare` says B changes beyond the seats' scores and wins, each worked out once for
/// the text, its footnotes and the count of stars.
struct Beyond {
    /// B's runs are matches of another length than A's (a match against a game): the figures
    /// in points (the scores, their spreads, the winner's margin) are of unlike totals, said
    /// but neither tested nor starred.
    scores_unlike: bool,
    spreads: Vec<(f64, Option<Estimate>)>,
    bonuses: Vec<(String, Vec<Estimate>)>,
    bot_bonuses: Vec<(String, Vec<(String, Estimate)>)>,
    discards: Estimate,
    finishes: Option<stats::FinishDifferences>,
    held: Vec<(String, Estimate)>,
    places: Vec<(Estimate, Estimate)>,
    paired_places: bool,
}

impl Beyond {
    fn of(r: &Results, a: &Tally, b: &Tally) -> Beyond {
        let (places, paired_places) = place_differences(r, a, b);
        let scores_unlike = a.match_games != b.match_games;
        Beyond {
            scores_unlike,
            // Unlike totals: the difference said, with no interval to star.
            spreads: stats::spread_differences(a, b)
                .into_iter()
                .map(|(d, e)| (d, e.filter(|_| !scores_unlike)))
                .collect(),
            bonuses: stats::bonus_differences(a, b),
            bot_bonuses: stats::bot_bonus_differences(a, b),
            discards: stats::discard_difference(a, b),
            finishes: stats::finish_differences(a, b).filter(|_| !one_side(a) && !one_side(b)),
            held: stats::held_differences(a, b),
            places,
            paired_places,
        }
    }

    /// Every figure with an interval, in no particular order.
    fn all(&self) -> impl Iterator<Item = Estimate> + '_ {
        self.spreads
            .iter()
            .filter_map(|(_, e)| *e)
            .chain(
                self.bonuses
                    .iter()
                    .flat_map(|(_, seats)| seats.iter().copied()),
            )
            .chain(
                self.bot_bonuses
                    .iter()
                    .flat_map(|(_, bots)| bots.iter().map(|(_, e)| *e)),
            )
            .chain(std::iter::once(self.discards))
            .chain(
                self.finishes
                    .iter()
                    .flat_map(|f| f.all().into_iter().skip(usize::from(self.scores_unlike))),
            )
            .chain(self.held.iter().map(|(_, e)| *e))
            .chain(self.places.iter().flat_map(|&(w, s)| {
                // The points of unlike totals are no test (the wins are).
                [Some(w), (!self.scores_unlike).then_some(s)]
                    .into_iter()
                    .flatten()
            }))
    }
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

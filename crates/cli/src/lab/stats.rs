//! Summaries of a tally: means with 95% intervals, spreads, win shares, and the paired
//! differences of two rulesets. Variances are computed from the exact integer sums
//! (`n * sum of squares - sum^2`), so no precision is lost however many games there are.

use super::tally::{Histogram, PairedGroup, PairedSeat, Tally, Units, WIN_UNIT};
use crownlands_bots::tournament::{t95, wilson, wilson_of};
use std::collections::BTreeMap;

/// A figure with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// Whether there is an interval at all: not for a mean of one game ([`mean_interval`]
    /// leaves it unbounded).
    pub fn has_interval(&self) -> bool {
        self.low.is_finite() && self.high.is_finite()
    }

    /// Whether the interval leaves out zero (a difference that is not chance, at 95%).
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    /// The interval cut to what the figure can be (a difference of shares: -1 to 1; the
    /// normal interval of a few games reached past them, `-0.6 to 100.6%`). No interval (one
    /// game: unbounded) stays none, rather than reading as the whole range.
    pub(crate) fn within(self, low: f64, high: f64) -> Estimate {
        let cut = |x: f64| if x.is_finite() { x.clamp(low, high) } else { x };
        Estimate {
            estimate: self.estimate,
            low: cut(self.low),
            high: cut(self.high),
        }
    }

    pub(crate) fn scaled(self, by: f64) -> Estimate {
        Estimate {
            estimate: self.estimate * by,
            low: self.low * by,
            high: self.high * by,
        }
    }
}

/// `n * sq - sum^2`, exactly, as a float (zero when rounding made it negative, which it cannot).
fn spread_numerator(sum: i128, sq: u128, n: u64) -> f64 {
    let n = u128::from(n);
    let a = n.saturating_mul(sq);
    let b = sum.unsigned_abs().saturating_mul(sum.unsigned_abs());
    a.saturating_sub(b) as f64
}

/// The mean with a 95% interval (sample variance, Student's t: [`t95`]), from the sums of `n`
/// values. Below 2 values there is no spread to go on: the interval is unbounded (printed
/// `no interval`, null in JSON), not the mean alone as if it were certain.
pub fn mean_interval(sum: i128, sq: u128, n: u64) -> Estimate {
    let nf = n as f64;
    let mean = if n == 0 { 0.0 } else { sum as f64 / nf };
    if n < 2 {
        return Estimate {
            estimate: mean,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    // Sample variance: (n sq - sum^2) / (n (n - 1)); the mean's: that over n.
    let var = spread_numerator(sum, sq, n) / (nf * (nf - 1.0));
    let half = t95(n - 1) * (var / nf).sqrt();
    Estimate {
        estimate: mean,
        low: mean - half,
        high: mean + half,
    }
}

/// The standard deviation of `n` values (over the values themselves, as `simulate` always gave).
pub fn spread(sum: i128, sq: u128, n: u64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let nf = n as f64;
    (spread_numerator(sum, sq, n) / (nf * nf)).sqrt()
}

/// A mean total's interval cut at the least total the rules allow, where that is known
/// ([`Tally::least_total`]: 3 games' `-17.5 to 68.2` of totals that cannot go below 0 read
/// `0.0 to 68.2`); as it is where it is not.
fn at_least(e: Estimate, t: &Tally) -> Estimate {
    match t.least_total {
        Some(least) => e.within(least as f64, f64::INFINITY),
        None => e,
    }
}

/// A share of `games` won (`units` in [`WIN_UNIT`]s), with its Wilson interval.
fn win_share(units: u128, games: u64) -> Estimate {
    let wins = units as f64 / WIN_UNIT as f64;
    let (low, high) = wilson(wins, games);
    Estimate {
        estimate: wins / games.max(1) as f64,
        low,
        high,
    }
}

/// How the games were won: the share tied at the top, decided by a tie-break and shared
/// (each with its Wilson interval), and the winner's mean margin over the next side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FinishSummary {
    pub tied_top: Estimate,
    pub by_tie_break: Estimate,
    pub shared: Estimate,
    pub margin: Estimate,
}

/// How the games counted in `t` were won (`None` for a part of an older build).
pub fn finishes(t: &Tally) -> Option<FinishSummary> {
    let f = t.finishes.as_ref()?;
    // A share of the games, as a win share is (whole games, in win units).
    let share = |count: u64| win_share(u128::from(count) * u128::from(WIN_UNIT), t.games);
    Some(FinishSummary {
        tied_top: share(f.tied_top),
        by_tie_break: share(f.tied_top - f.shared),
        shared: share(f.shared),
        // A margin over the next side is never below 0 (0 when tied at the top).
        margin: mean_interval(
            i128::try_from(f.margin_sum).unwrap_or(i128::MAX),
            f.margin_sq_sum,
            t.games,
        )
        .within(0.0, f64::INFINITY),
    })
}

/// How the games were won, B - A ([`finish_differences`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FinishDifferences {
    /// The winner's margin over the next side.
    pub margin: Estimate,
    /// The share of games tied at the top.
    pub tied_top: Estimate,
    /// The share decided by a tie-break.
    pub by_tie_break: Estimate,
    /// The share where the winners shared the victory.
    pub shared: Estimate,
}

impl FinishDifferences {
    pub fn all(&self) -> [Estimate; 4] {
        [self.margin, self.tied_top, self.by_tie_break, self.shared]
    }
}

/// How the games were won, B - A, with 95% intervals as for independent runs: the winner's
/// margin over the next side ([`mean_difference`]), and the shares of games tied at the top,
/// decided by a tie-break and shared ([`share_difference`]; a house rule's tie-breaks show in
/// the last two: ties at the top as many, fewer of them shared). `None` where either run's part
/// is of an older build.
pub fn finish_differences(a: &Tally, b: &Tally) -> Option<FinishDifferences> {
    let (fa, fb) = (a.finishes.as_ref()?, b.finishes.as_ref()?);
    let margin = |f: &super::tally::Finishes| {
        (
            i128::try_from(f.margin_sum).unwrap_or(i128::MAX),
            f.margin_sq_sum,
        )
    };
    let share = |of: &dyn Fn(&super::tally::Finishes) -> u64| {
        share_difference(of(fa) as f64, a.games as f64, of(fb) as f64, b.games as f64)
    };
    Some(FinishDifferences {
        margin: mean_difference(margin(fa), a.games, margin(fb), b.games),
        tied_top: share(&|f| f.tied_top),
        by_tie_break: share(&|f| f.tied_top.saturating_sub(f.shared)),
        shared: share(&|f| f.shared),
    })
}

/// One seat of one ruleset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatSummary {
    pub score: Estimate,
    pub spread: f64,
    /// Share of the wins (Wilson interval).
    pub win_share: Estimate,
    /// Dominoes placed per game (the seat's share of its kingdom's).
    pub placed: f64,
}

/// Each seat of a tally, seat 1 first.
pub fn seats(t: &Tally) -> Vec<SeatSummary> {
    let n = t.games;
    let games = (n * u64::from(t.match_games.max(1))).max(1) as f64;
    t.seats
        .iter()
        .enumerate()
        .map(|(p, s)| {
            let team = team_size(t, p) as f64;
            SeatSummary {
                score: at_least(mean_interval(s.score_sum, s.score_sq_sum, n), t),
                spread: spread(s.score_sum, s.score_sq_sum, n),
                win_share: win_share(s.win_units, n),
                placed: s.placed as f64 / games / team,
            }
        })
        .collect()
}

/// Seats sharing seat `p`'s side.
pub fn team_size(t: &Tally, p: usize) -> usize {
    let Some(&side) = t.seat_side.get(p) else {
        return 1;
    };
    t.seat_side.iter().filter(|&&s| s == side).count().max(1)
}

/// Counts per key and seat over the games of a run (each game of a match), per game.
fn per_game(t: &Tally, rows: &BTreeMap<String, Vec<u64>>) -> Vec<(String, Vec<f64>)> {
    let games = (t.games * u64::from(t.match_games.max(1))).max(1) as f64;
    rows.iter()
        .map(|(k, row)| (k.clone(), row.iter().map(|&c| c as f64 / games).collect()))
        .collect()
}

/// How often each bonus was earned: per bonus key, per seat, the share of games.
pub fn bonus_rates(t: &Tally) -> Vec<(String, Vec<f64>)> {
    let rates = per_game(t, &t.bonuses);
    rates
        .iter()
        .filter(|(k, row)| !never_but_paid(k, row.iter().all(|&x| x == 0.0), &rates))
        .cloned()
        .collect()
}

/// Whether `key` is a line never earned (`never`) that, where it counted, only took points
/// away: it has a `KEY (penalty)` row, which says all there is (a goal of negative points had a
/// row of 0.0% beside its penalty's).
fn never_but_paid<T>(key: &str, never: bool, rows: &[(String, T)]) -> bool {
    let paid = format!("{key}{}", super::tally::PENALTY);
    never && rows.iter().any(|(k, _)| *k == paid)
}

/// What each seat's side held at the end of a game, on average: per resource, per seat.
pub fn held_means(t: &Tally) -> Vec<(String, Vec<f64>)> {
    per_game(t, &t.held)
}

/// How the sides fared by their place in the first line's claims (first claimer first): each
/// place's win share (Wilson interval) and mean score (t interval), over its side-games (one a
/// game: in teams a team's seats are one result, not several: [`Tally::place_units`]).
pub fn first_claims(t: &Tally) -> Vec<(Estimate, Estimate)> {
    t.first_claims
        .iter()
        .map(|c| {
            let u = t.place_units(c);
            (
                win_share(u.win_units, u.games),
                at_least(mean_interval(u.score_sum, u.score_sq_sum, u.games), t),
            )
        })
        .collect()
}

/// One domino of `simulate --dominoes`: how often it was placed and discarded, and how the
/// side that placed it fared.
#[derive(Clone, Debug, PartialEq)]
pub struct DominoSummary {
    /// How players call it (`12`, `K12`), and its squares (`F1 G`).
    pub domino: String,
    pub squares: String,
    /// Share of the games in which a side placed it, and in which it was discarded.
    pub placed: f64,
    pub discarded: f64,
    /// The placing side's win share (Wilson interval) and mean score (t interval), over the
    /// games it was placed in.
    pub win_share: Estimate,
    pub score: Estimate,
}

/// Each domino counted, the best for the side placing it first: by win share, then mean score,
/// then the ruleset's order. Empty without `--dominoes`.
pub fn dominoes(t: &Tally) -> Vec<DominoSummary> {
    let Some(rows) = &t.dominoes else {
        return Vec::new();
    };
    let games = t.games.max(1) as f64;
    let mut out: Vec<DominoSummary> = rows
        .iter()
        .map(|d| DominoSummary {
            domino: d.domino.clone(),
            squares: d.squares.clone(),
            placed: d.placed as f64 / games,
            discarded: d.discarded as f64 / games,
            win_share: win_share(d.win_units, d.placed),
            score: at_least(mean_interval(d.score_sum, d.score_sq_sum, d.placed), t),
        })
        .collect();
    // (A stable sort: equal dominoes keep the ruleset's order; those never placed, with no
    // figures to rank by, last.)
    out.sort_by(|a, b| {
        (b.placed > 0.0)
            .cmp(&(a.placed > 0.0))
            .then(b.win_share.estimate.total_cmp(&a.win_share.estimate))
            .then(b.score.estimate.total_cmp(&a.score.estimate))
    });
    out
}

/// One domino of `compare --dominoes`: the placing side's win share under A and B, and B - A.
#[derive(Clone, Debug, PartialEq)]
pub struct DominoDifference {
    pub domino: String,
    pub squares: String,
    pub a: f64,
    pub b: f64,
    /// B - A, with a 95% interval as for independent runs ([`mean_difference`]).
    pub difference: Estimate,
}

/// Each domino both tallies counted (the same name and squares) and placed, the biggest change
/// in its placer's win share first; empty without `--dominoes`.
pub fn domino_differences(a: &Tally, b: &Tally) -> Vec<DominoDifference> {
    let (Some(ra), Some(rb)) = (&a.dominoes, &b.dominoes) else {
        return Vec::new();
    };
    let unit = WIN_UNIT as f64;
    let mut out: Vec<DominoDifference> = ra
        .iter()
        .filter_map(|x| {
            let y = rb
                .iter()
                .find(|y| y.domino == x.domino && y.squares == x.squares)?;
            if x.placed == 0 || y.placed == 0 {
                return None;
            }
            let sums = |d: &super::tally::DominoTally| {
                (
                    i128::try_from(d.win_units).unwrap_or(i128::MAX),
                    d.win_sq_units,
                )
            };
            let d = mean_difference(sums(x), x.placed, sums(y), y.placed).scaled(1.0 / unit);
            Some(DominoDifference {
                domino: x.domino.clone(),
                squares: x.squares.clone(),
                a: x.win_units as f64 / unit / x.placed as f64,
                b: y.win_units as f64 / unit / y.placed as f64,
                difference: d,
            })
        })
        .collect();
    out.sort_by(|p, q| {
        q.difference
            .estimate
            .abs()
            .total_cmp(&p.difference.estimate.abs())
    });
    out
}

/// One bot of a tournament: its win rate (Wilson interval) and mean score (t interval) over
/// its seat-games, each interval over the independent results they are worth
/// ([`Tally::bot_units`]: the seat-games; in team games each team the bot played in once a
/// game, a team's seats sharing one result), and that count. Both without an interval
/// (unbounded) where a part of an older build kept no side-games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSummary {
    pub win_rate: Estimate,
    pub score: Estimate,
    /// The independent results the intervals count; `None` where not kept.
    pub units: Option<f64>,
}

/// Each bot of a tournament, in the order of the list ([`BotSummary`]).
pub fn bots(t: &Tally) -> Vec<BotSummary> {
    t.bots
        .iter()
        .map(|b| {
            let wins = b.win_units as f64 / WIN_UNIT as f64;
            let rate = wins / b.games.max(1) as f64;
            match t.bot_units(b) {
                Some(n) => {
                    let (low, high) = wilson_of(rate * n, n);
                    BotSummary {
                        win_rate: Estimate {
                            estimate: rate,
                            low,
                            high,
                        },
                        score: at_least(
                            mean_interval_of(b.score_sum, b.score_sq_sum, b.games, n),
                            t,
                        ),
                        units: Some(n),
                    }
                }
                None => BotSummary {
                    win_rate: unbounded(rate),
                    score: unbounded(b.score_sum as f64 / b.games.max(1) as f64),
                    units: None,
                },
            }
        })
        .collect()
}

/// The mean of `n` values from their sums, with a 95% interval as [`mean_interval`]'s over
/// `units` independent results (`n` without teams: then the same; fewer where values come in
/// groups that share one result): their variance over `units` (the values' own, times
/// `units / (units - 1)`, so a team's two equal seats give its one total's), Student's t of
/// `units - 1` degrees of freedom.
fn mean_interval_of(sum: i128, sq: u128, n: u64, units: f64) -> Estimate {
    if units >= n as f64 {
        return mean_interval(sum, sq, n);
    }
    let e = mean_interval(sum, sq, n);
    if n < 2 || units < 2.0 {
        return unbounded(e.estimate);
    }
    let nf = n as f64;
    let var = spread_numerator(sum, sq, n) / (nf * nf) * units / (units - 1.0);
    let half = t95(units.floor() as u64 - 1) * (var / units).sqrt();
    Estimate {
        estimate: e.estimate,
        low: e.estimate - half,
        high: e.estimate + half,
    }
}

/// A figure without an interval (printed `no interval`, null in JSON).
fn unbounded(estimate: f64) -> Estimate {
    Estimate {
        estimate,
        low: f64::NEG_INFINITY,
        high: f64::INFINITY,
    }
}

/// Dominoes discarded per game.
pub fn discarded(t: &Tally) -> f64 {
    let (sum, _) = t.discarded.sums();
    sum as f64 / t.discarded.total().max(1) as f64
}

/// Of the dominoes discarded per game, those left unclaimed in the lines and those that could
/// not be placed (`None` for a part of an older build).
pub fn discards_split(t: &Tally) -> Option<(f64, f64)> {
    let unclaimed = t.unclaimed? as f64 / t.discarded.total().max(1) as f64;
    Some((unclaimed, (discarded(t) - unclaimed).max(0.0)))
}

/// Of the dominoes not placed per game, those given up where they fitted (`discard =
/// "any-time"`, a house rule; `None` for a part of an older build).
pub fn given_up(t: &Tally) -> Option<f64> {
    Some(t.given_up? as f64 / t.discarded.total().max(1) as f64)
}

/// Games after which a share near `p` has a 95% interval of at most `within` either side: the
/// Wilson interval the tables print (an interval narrows as the square root of the games; at a
/// share of 0 or 1, where the normal approximation's is no width at all, Wilson's stays about
/// 3.84 games over the count wide: 380 games for 1% at 100%).
pub fn games_for_share(p: f64, within: f64) -> f64 {
    let p = p.clamp(0.0, 1.0);
    if within.is_nan() || within <= 0.0 {
        return f64::INFINITY;
    }
    let half = |n: u64| {
        let (low, high) = crownlands_bots::tournament::wilson(p * n as f64, n);
        (high - p).max(p - low)
    };
    // From the normal approximation, doubled until wide enough, then halved back by bisection.
    let mut high = ((1.96 / within).powi(2) * p * (1.0 - p)).ceil().max(1.0) as u64;
    while half(high) > within {
        if high > 1 << 50 {
            return f64::INFINITY;
        }
        high *= 2;
    }
    let mut low = 0u64;
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if half(mid) > within {
            low = mid;
        } else {
            high = mid;
        }
    }
    high as f64
}

/// Games after which a difference of `d`'s size, if real, shows (its 95% interval clear of 0)
/// in 4 runs of 5, from its interval over the `n` games played: the interval narrows as the
/// square root of the games, and 4 runs in 5 ask the difference to be 1.96 + 0.84 of the
/// interval's standard errors. `None` with too few games to say, or a difference of exactly 0.
pub fn games_to_show(d: &Estimate, n: u64) -> Option<f64> {
    let half = (d.high - d.estimate).max(d.estimate - d.low);
    let size = d.estimate.abs();
    if n < 10 || size == 0.0 || !half.is_finite() || !size.is_finite() {
        return None;
    }
    Some(n as f64 * (half * (1.96 + 0.84) / 1.96 / size).powi(2))
}

/// The difference B - A for one seat: mean score and win share, with paired 95% intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    pub score: Estimate,
    pub win_share: Estimate,
}

/// Paired differences over `n` games, seat 1 first.
/// `wins_can_change`: whether a seat's win can differ at all between A and B (not where each
/// ruleset has one side, which wins every game: its `0.0 to 0.0%` is exact).
pub fn differences(paired: &[PairedSeat], n: u64, wins_can_change: bool) -> Vec<Difference> {
    // Whether the games differ at all: some seat's score in some game (a seat whose own
    // scores never moved may still win other games when another's did).
    let games_differ = paired.iter().any(|p| p.score_sq_sum > 0);
    paired
        .iter()
        .map(|p| {
            let win = mean_interval(p.win_units, p.win_sq_units, n).scaled(1.0 / WIN_UNIT as f64);
            Difference {
                score: mean_interval(p.score_sum, p.score_sq_sum, n),
                win_share: if wins_can_change {
                    unseen_change(win, games_differ, n)
                } else {
                    win
                }
                .within(-1.0, 1.0),
            }
        })
        .collect()
}

/// A paired win-share difference whose games all changed it alike (every game's the same, most
/// often 0: the seat won the same games under A and B) while the games themselves differ (some
/// seat's score differences are not all 0: `games_differ`): the games' winners
/// agreed in each of the `n`, which a difference in a share of games never seen in `n` also
/// gives, so the interval is that share's, Wilson's bound for 0 of `n` (3.84 / (n + 3.84)) either
/// side, rather than a point (`+0.0% (0.0 to 0.0%)` from 4 wins in 40 games). The games of a
/// ruleset against itself, alike in every score, keep their point.
fn unseen_change(win: Estimate, games_differ: bool, n: u64) -> Estimate {
    if n < 2 || !games_differ || win.high - win.low > 0.0 {
        return win;
    }
    let z2 = 1.959_964_f64 * 1.959_964;
    let half = z2 / (n as f64 + z2);
    Estimate {
        estimate: win.estimate,
        low: win.estimate - half,
        high: win.estimate + half,
    }
}

/// The seats' differences taken together (`diffs`, seats alike: the same player in each): the
/// mean of their estimates, and an interval as wide as theirs on average. The run keeps no
/// pooled figure per game for random players, and the standard error of a mean of the seats is
/// at most the mean of their standard errors, so this interval is at least as wide as the
/// games' own pooled one would be (with one bot in every seat, that one is kept and used).
pub fn pooled_seats(diffs: &[Difference]) -> Difference {
    let pool = |e: &dyn Fn(&Difference) -> Estimate| {
        let k = diffs.len().max(1) as f64;
        let mean = diffs.iter().map(|d| e(d).estimate).sum::<f64>() / k;
        let half = diffs
            .iter()
            .map(|d| (e(d).high - e(d).low) / 2.0)
            .sum::<f64>()
            / k;
        Estimate {
            estimate: mean,
            low: mean - half,
            high: mean + half,
        }
    };
    Difference {
        score: pool(&|d| d.score),
        win_share: pool(&|d| d.win_share),
    }
}

/// A group's paired difference B - A per seat of it (a game's seats summed, so divided by the
/// seats a game), with the 95% intervals of the games' differences.
/// `games_differ`: whether any seat's score differed in some game (see [`unseen_change`]).
pub(crate) fn group_difference(d: &PairedGroup, games_differ: bool) -> Difference {
    let per_seat = d.games as f64 / d.seats.max(1) as f64;
    Difference {
        score: mean_interval(d.score_sum, d.score_sq_sum, d.games).scaled(per_seat),
        win_share: unseen_change(
            mean_interval(d.win_units, d.win_sq_units, d.games).scaled(per_seat / WIN_UNIT as f64),
            games_differ,
            d.games,
        )
        .within(-1.0, 1.0),
    }
}

/// The paired differences B - A per bot of the list, per seat it plays (a bot listed three
/// times: the mean of its three seats), each with its 95% interval from the games' differences:
/// where every game counted for every bot, and the list has two bots or more (one bot in every
/// seat is the seats' table). `a` names the bots.
pub fn bot_differences(
    paired: &[PairedGroup],
    a: &Tally,
    games_played: u64,
) -> Vec<(String, Difference)> {
    let whole = paired.len() > 1
        && paired.len() == a.bots.len()
        && paired
            .iter()
            .all(|d| d.games == games_played && d.games > 0 && d.seats > 0);
    if !whole {
        return Vec::new();
    }
    let games_differ = paired.iter().any(|d| d.score_sq_sum > 0);
    paired
        .iter()
        .zip(&a.bots)
        .map(|(d, bot)| {
            // Seats a game: the same in every game (the list is rotated, not changed).
            (bot.bot.clone(), group_difference(d, games_differ))
        })
        .collect()
}

/// The difference of two independent means with a normal 95% interval, from each one's sums of
/// its own count of values (`na` and `nb`: a match ruleset counts each of its games). On common
/// seeds the two runs are positively correlated, so this interval is wider than a paired one
/// would be: a difference it calls significant is.
fn mean_difference(a: (i128, u128), na: u64, b: (i128, u128), nb: u64) -> Estimate {
    let (ea, eb) = (mean_interval(a.0, a.1, na), mean_interval(b.0, b.1, nb));
    let half = |e: Estimate| (e.high - e.estimate).max(0.0);
    let h = half(ea).hypot(half(eb));
    let d = eb.estimate - ea.estimate;
    Estimate {
        estimate: d,
        low: d - h,
        high: d + h,
    }
}

/// How often each bonus was earned, B - A, per bonus key (of either ruleset), per seat: a share
/// of games with a 95% interval (see [`share_difference`]).
pub fn bonus_differences(a: &Tally, b: &Tally) -> Vec<(String, Vec<Estimate>)> {
    // Per game on each side: a match (Dynasty) plays several games a seed.
    let games_a = a.games * u64::from(a.match_games.max(1));
    let games_b = b.games * u64::from(b.match_games.max(1));
    let mut keys: Vec<&String> = a.bonuses.keys().chain(b.bonuses.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            let counts = |t: &Tally, seat: usize| {
                t.bonuses
                    .get(k)
                    .and_then(|row| row.get(seat))
                    .map_or(0, |&c| i128::from(c))
            };
            let seats = (0..a.seats.len())
                .map(|seat| {
                    let (ca, cb) = (counts(a, seat), counts(b, seat));
                    share_difference(ca as f64, games_a as f64, cb as f64, games_b as f64)
                })
                .collect();
            (k.clone(), seats)
        })
        .collect()
}

/// By the place a side claimed the first line in (first claimer first), B - A: the win share
/// and the mean score, each with a 95% interval as for independent runs (see
/// [`share_difference`] and [`mean_difference`]): whether a rule changes the first player's
/// advantage. Only the places both rulesets counted.
pub fn first_claim_differences(a: &Tally, b: &Tally) -> Vec<(Estimate, Estimate)> {
    a.first_claims
        .iter()
        .zip(&b.first_claims)
        .map(|(x, y)| {
            // Over the side-games (a team's seats one result: [`Tally::place_units`]).
            let (x, y) = (a.place_units(x), b.place_units(y));
            let wins = |c: &Units| c.win_units as f64 / WIN_UNIT as f64;
            (
                share_difference(wins(&x), x.games as f64, wins(&y), y.games as f64),
                mean_difference(
                    (x.score_sum, x.score_sq_sum),
                    x.games,
                    (y.score_sum, y.score_sq_sum),
                    y.games,
                ),
            )
        })
        .collect()
}

/// Each bot's counts of the bonuses, where every bot kept them (`None` from a part of an older
/// build, or merged with one).
fn bot_counts(t: &Tally) -> Option<Vec<&BTreeMap<String, u64>>> {
    t.bots.iter().map(|b| b.bonuses.as_ref()).collect()
}

/// How often each bot's side earned each bonus: per bonus key (every bonus listed), per bot of
/// the list, the share of the bot's games (each game of a match). None with fewer than two bots
/// (the seats' rates say it), or where the bots' counts were not kept.
pub fn bot_bonus_rates(t: &Tally) -> Vec<(String, Vec<(String, f64)>)> {
    let Some(counts) = bot_counts(t).filter(|c| c.len() > 1) else {
        return Vec::new();
    };
    let per_match = u64::from(t.match_games.max(1));
    let rates = t
        .bonuses
        .keys()
        .map(|k| {
            let bots = t
                .bots
                .iter()
                .zip(&counts)
                .map(|(b, c)| {
                    let n = c.get(k).copied().unwrap_or(0);
                    let games = b.games.saturating_mul(per_match).max(1);
                    (b.bot.clone(), n as f64 / games as f64)
                })
                .collect();
            (k.clone(), bots)
        })
        .collect::<Vec<(String, Vec<(String, f64)>)>>();
    rates
        .iter()
        .filter(|(k, bots)| !never_but_paid(k, bots.iter().all(|(_, r)| *r == 0.0), &rates))
        .cloned()
        .collect()
}

/// Each bot's bonus rates, B - A, with 95% intervals as for independent runs (see
/// [`share_difference`]), over the independent results a bot's seat-games are worth
/// ([`Tally::bot_units`]: in team games two seats of one team earn a bonus together, one result,
/// not two): per bonus key either ruleset lists, per bot of the list (the same list, in the
/// same order, under both). None as [`bot_bonus_rates`] gives none for either, or where a part
/// of an older build kept no side-games in team games.
pub fn bot_bonus_differences(a: &Tally, b: &Tally) -> Vec<(String, Vec<(String, Estimate)>)> {
    let same_list = a.bots.len() > 1
        && a.bots.len() == b.bots.len()
        && a.bots.iter().zip(&b.bots).all(|(x, y)| x.bot == y.bot);
    let (Some(ca), Some(cb)) = (bot_counts(a), bot_counts(b)) else {
        return Vec::new();
    };
    // Per bot: its seat-games (each game of a match) and the independent results they are.
    let units = |t: &Tally| -> Option<Vec<(f64, f64)>> {
        let per_match = f64::from(t.match_games.max(1));
        t.bots
            .iter()
            .map(|x| Some((x.games as f64 * per_match, t.bot_units(x)? * per_match)))
            .collect()
    };
    let (Some(ua), Some(ub)) = (units(a), units(b)) else {
        return Vec::new();
    };
    if !same_list {
        return Vec::new();
    }
    let mut keys: Vec<&String> = a.bonuses.keys().chain(b.bonuses.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|k| {
            let bots = a
                .bots
                .iter()
                .zip(ca.iter().zip(&cb))
                .zip(ua.iter().zip(&ub))
                .map(|((x, (mx, my)), ((ga, na), (gb, nb)))| {
                    let count = |m: &BTreeMap<String, u64>| m.get(k).copied().unwrap_or(0) as f64;
                    // The share of its seat-games, over the results they are worth.
                    let (pa, pb) = (count(mx) / ga.max(1.0), count(my) / gb.max(1.0));
                    (x.bot.clone(), share_difference(pa * na, *na, pb * nb, *nb))
                })
                .collect();
            (k.clone(), bots)
        })
        .collect()
}

/// The difference of two shares from independent runs, B - A: `wb` of `nb` less `wa` of `na`
/// (wins may be fractions: a shared win; counts may be effective ones, not whole), with
/// Newcombe's 95% interval (his method 10: each share's Wilson interval, as the rulesets' own
/// lines give them, their distances from the shares added in quadrature). It stays honest
/// where an event is rare or never seen: 0 of 200 under both reads `-1.9 to 1.9%` (Wilson's
/// 0 to 1.9% either way), where the normal interval of two shares of 0 had no width at all.
/// Within -1 to 1; none where either run counted nothing.
fn share_difference(wa: f64, na: f64, wb: f64, nb: f64) -> Estimate {
    let share = |w: f64, n: f64| {
        if n > 0.0 {
            (w / n).clamp(0.0, 1.0)
        } else {
            0.0
        }
    };
    let (pa, pb) = (share(wa, na), share(wb, nb));
    let d = pb - pa;
    if na <= 0.0 || nb <= 0.0 {
        return unbounded(d);
    }
    let ((la, ua), (lb, ub)) = (wilson_of(wa, na), wilson_of(wb, nb));
    Estimate {
        estimate: d,
        low: d - (pb - lb).hypot(ua - pa),
        high: d + (ub - pb).hypot(pa - la),
    }
    .within(-1.0, 1.0)
}

/// By the place in the first claims, B - A, paired game by game (the deal draws the same first
/// claims under both rulesets, so each game's difference for a place is that of the same
/// seats): the win share and the mean score per seat, each with its 95% interval from the
/// games' differences. `None` unless every place both rulesets counted was paired in every
/// game (then [`first_claim_differences`], as for independent runs).
pub fn first_claim_paired(
    paired: &[PairedGroup],
    a: &Tally,
    games_played: u64,
) -> Option<Vec<(Estimate, Estimate)>> {
    let places = a.first_claims.len();
    if places < 2 || paired.len() < places || games_played == 0 {
        return None;
    }
    // (Every place is every seat once a game: the games differ where some place's score did.)
    let games_differ = paired[..places].iter().any(|d| d.score_sq_sum > 0);
    paired[..places]
        .iter()
        .map(|d| {
            (d.games == games_played && d.seats > 0).then(|| {
                let d = group_difference(d, games_differ);
                (d.win_share, d.score)
            })
        })
        .collect()
}

/// What the sides held at the end of a game, B - A, per resource both rulesets keep: the mean
/// over every side's games (each side once: a team's seats hold its one side's), with a 95%
/// interval (see [`mean_difference`]); none for a part of an older build (no squares kept).
pub fn held_differences(a: &Tally, b: &Tally) -> Vec<(String, Estimate)> {
    let pooled = |t: &Tally, key: &str| {
        let (row, sq) = (t.held.get(key)?, t.held_sq.get(key)?);
        // A side's first seat.
        let firsts: Vec<usize> = (0..t.seat_side.len())
            .filter(|&p| !t.seat_side[..p].contains(&t.seat_side[p]))
            .collect();
        let sum: u128 = firsts
            .iter()
            .map(|&p| u128::from(row.get(p).copied().unwrap_or(0)))
            .sum();
        let sq: u128 = firsts
            .iter()
            .map(|&p| sq.get(p).copied().unwrap_or(0))
            .sum();
        let n = t
            .games_of_matches()
            .saturating_mul(u64::try_from(firsts.len()).unwrap_or(u64::MAX));
        Some(((i128::try_from(sum).ok()?, sq), n))
    };
    a.held
        .keys()
        .filter_map(|k| {
            let ((sa, na), (sb, nb)) = (pooled(a, k)?, pooled(b, k)?);
            Some((k.clone(), mean_difference(sa, na, sb, nb)))
        })
        .collect()
}

/// The spread (standard deviation) of each seat's totals, B - A, with a 95% interval as for
/// independent runs (see [`mean_difference`]); `None` for a seat whose histogram of totals does
/// not hold every game (a part file written before histograms were kept), where only the
/// difference is known.
pub fn spread_differences(a: &Tally, b: &Tally) -> Vec<(f64, Option<Estimate>)> {
    a.seats
        .iter()
        .zip(&b.seats)
        .map(|(x, y)| {
            let d = spread(y.score_sum, y.score_sq_sum, b.games)
                - spread(x.score_sum, x.score_sq_sum, a.games);
            let e = spread_variance(&x.score, a.games)
                .zip(spread_variance(&y.score, b.games))
                .map(|(va, vb)| {
                    let h = 1.96 * (va + vb).sqrt();
                    Estimate {
                        estimate: d,
                        low: d - h,
                        high: d + h,
                    }
                });
            (d, e)
        })
        .collect()
}

/// The variance of a standard deviation measured over `n` values counted in `h`: about
/// (m4 - m2^2) / (4 n m2), m2 and m4 the central moments (the delta method, whatever the
/// values' distribution), taken at the buckets' middles (exact for buckets of one value).
/// `None` when `h` does not count the `n` values, or fewer than 2.
fn spread_variance(h: &Histogram, n: u64) -> Option<f64> {
    let total: u64 = h.counts.iter().sum();
    if total != n || n < 2 {
        return None;
    }
    let width = h.width.max(1) as f64;
    let middle = |i: usize| h.low as f64 + i as f64 * width + (width - 1.0) / 2.0;
    let t = total as f64;
    let moment = |f: &dyn Fn(f64) -> f64| {
        h.counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 * f(middle(i)))
            .sum::<f64>()
            / t
    };
    let mean = moment(&|x| x);
    let m2 = moment(&|x| (x - mean).powi(2));
    let m4 = moment(&|x| (x - mean).powi(4));
    Some(if m2 > 0.0 {
        ((m4 - m2 * m2) / (4.0 * t * m2)).max(0.0)
    } else {
        0.0
    })
}

/// Dominoes discarded per game, B - A, with a 95% interval (see [`mean_difference`]).
pub fn discard_difference(a: &Tally, b: &Tally) -> Estimate {
    mean_difference(
        a.discarded.sums(),
        a.discarded.total(),
        b.discarded.sums(),
        b.discarded.total(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_share_every_game_kept_gets_the_interval_of_a_change_never_seen() {
        // 40 games whose seat won under A and B alike (every win difference 0), the games
        // themselves differing (score differences not all 0): Wilson's bound for 0 of 40.
        let win = mean_interval(0, 0, 40);
        assert_eq!((win.low, win.high), (0.0, 0.0));
        let widened = unseen_change(win, true, 40);
        assert!((widened.high - 0.0876).abs() < 0.001, "{widened:?}");
        assert!((widened.low + 0.0876).abs() < 0.001, "{widened:?}");
        // A ruleset against itself (every score alike too): the point stays.
        assert_eq!(unseen_change(win, false, 40), win);
        // A difference with spread of its own: as it was.
        let spread = mean_interval(3, 5, 40);
        assert_eq!(unseen_change(spread, true, 40), spread);
    }

    #[test]
    fn a_spreads_variance_comes_from_the_central_moments() {
        // 0, 1, 1, 2: mean 1, m2 0.5, m4 0.5, so (0.5 - 0.25) / (4 * 4 * 0.5) = 1/32.
        let h = Histogram {
            low: 0,
            width: 1,
            counts: vec![1, 2, 1],
        };
        assert_eq!(spread_variance(&h, 4), Some(1.0 / 32.0));
        // A histogram that does not count every game (an older part file): no interval.
        assert_eq!(spread_variance(&h, 5), None);
        assert_eq!(spread_variance(&Histogram::default(), 4), None);
        // One value every game: no spread, no doubt about it.
        let flat = Histogram {
            low: 7,
            width: 1,
            counts: vec![3],
        };
        assert_eq!(spread_variance(&flat, 3), Some(0.0));
    }

    #[test]
    fn games_needed_grow_as_the_square_of_the_precision() {
        // A quarter share at +-1%: about 1.96^2 / 0.01^2 * 0.1875 = 7,203 games by the normal
        // approximation; Wilson's interval, the one printed, leans toward a half, so its wider
        // side needs 7,391; at +-0.5%, about 4 times.
        let quarter = games_for_share(0.25, 0.01);
        assert_eq!(quarter, 7391.0);
        assert_eq!((games_for_share(0.25, 0.005) / quarter).round(), 4.0);
        // At 100% (or 0%) the normal approximation's interval has no width: Wilson's does, so
        // a run of 40 wins in 40 games is not taken for precise (about 380 games for 1%).
        let all = games_for_share(1.0, 0.01);
        assert!((370.0..390.0).contains(&all), "{all}");
        assert_eq!(games_for_share(0.0, 0.01), all);
        let (low, _) = crownlands_bots::tournament::wilson(all, all as u64);
        assert!(1.0 - low <= 0.01 + 1e-12, "{low}");
        // A difference of 0.1 with an interval of +-0.2 over 1,000 games: to clear 0 in 4
        // runs of 5 its half-width must fall to 0.1 * 1.96 / 2.8, so 1,000 * (0.2 * 2.8 /
        // 1.96 / 0.1)^2 = 8,163 games.
        let d = Estimate {
            estimate: 0.1,
            low: -0.1,
            high: 0.3,
        };
        assert_eq!(games_to_show(&d, 1000).map(f64::round), Some(8163.0));
        // The sign does not matter; nothing is said of 0, nor after a few games.
        let neg = Estimate {
            estimate: -0.1,
            low: -0.3,
            high: 0.1,
        };
        assert_eq!(games_to_show(&neg, 1000), games_to_show(&d, 1000));
        let zero = Estimate {
            estimate: 0.0,
            low: -0.1,
            high: 0.1,
        };
        assert_eq!(games_to_show(&zero, 1000), None);
        assert_eq!(games_to_show(&d, 9), None);
    }

    #[test]
    fn a_difference_of_shares_stays_within_all_and_none() {
        // Five games a seat won in A and lost in B, five the other way round: the normal
        // interval reaches past -100% and 100%; the one said does not.
        let wide = Estimate {
            estimate: 0.5,
            low: -0.006,
            high: 1.006,
        };
        let cut = wide.within(-1.0, 1.0);
        assert_eq!((cut.estimate, cut.low, cut.high), (0.5, -0.006, 1.0));
        assert_eq!(wide.within(0.0, 1.0).low, 0.0);
    }

    #[test]
    fn the_interval_of_a_mean() {
        // 1, 2, 3, 4: mean 2.5, sample variance 5/3, t with 3 degrees of freedom.
        let e = mean_interval(10, 30, 4);
        assert_eq!(e.estimate, 2.5);
        let half = 3.1824 * (5.0f64 / 3.0 / 4.0).sqrt();
        assert!((e.high - 2.5 - half).abs() < 1e-12, "{e:?}");
        assert!(e.significant());
        assert!((spread(10, 30, 4) - 1.25f64.sqrt()).abs() < 1e-12);
        let zero = mean_interval(0, 8, 4);
        assert!(!zero.significant(), "{zero:?}");
        // One value, or none: no interval at all.
        for n in [0, 1] {
            let e = mean_interval(14 * i128::from(n), 196 * u128::from(n), n);
            assert_eq!((e.low, e.high), (f64::NEG_INFINITY, f64::INFINITY));
            assert!(!e.significant());
        }
    }

    #[test]
    fn what_a_team_holds_counts_once() {
        use crownlands_core::Side;
        // Two teams of two, each seat holding its team's coins, as two sides alone would.
        let tally = |sides: Vec<Side>, row: Vec<u64>, sq: Vec<u128>| {
            let mut t = Tally::new(sides, 1, &[]);
            t.games = 4;
            t.held.insert("coins".into(), row);
            t.held_sq.insert("coins".into(), sq);
            t
        };
        let teams = |coins: u64, sq: u128| {
            tally(
                vec![Side(0), Side(0), Side(1), Side(1)],
                vec![coins, coins, 6, 6],
                vec![sq, sq, 10, 10],
            )
        };
        let alone =
            |coins: u64, sq: u128| tally(vec![Side(0), Side(1)], vec![coins, 6], vec![sq, 10]);
        let (a, b) = (teams(10, 30), teams(14, 52));
        assert_eq!(
            held_differences(&a, &b),
            held_differences(&alone(10, 30), &alone(14, 52))
        );
    }

    #[test]
    fn a_difference_of_shares_never_seen_is_not_certain() {
        // An event no game of either run saw: Wilson's 0 to 1.9% either way, not 0.0 to 0.0%.
        let (_, high) = crownlands_bots::tournament::wilson(0.0, 200);
        let d = share_difference(0.0, 200.0, 0.0, 200.0);
        assert_eq!(d.estimate, 0.0);
        assert!(
            (d.high - high).abs() < 1e-15 && (d.low + high).abs() < 1e-15,
            "{d:?}"
        );
        assert!(d.high > 0.018 && !d.significant(), "{d:?}");
        // Every game under both: the same at the other end.
        let all = share_difference(200.0, 200.0, 200.0, 200.0);
        assert!((all.high - high).abs() < 1e-12, "{all:?}");
        // Newcombe's method 10, his example (a): 56 of 70 against 48 of 80, 0.2000 (0.0524 to
        // 0.3339).
        let e = share_difference(48.0, 80.0, 56.0, 70.0);
        assert!((e.estimate - 0.2).abs() < 1e-12, "{e:?}");
        assert!((e.low - 0.0524).abs() < 5e-4, "{e:?}");
        assert!((e.high - 0.3339).abs() < 5e-4, "{e:?}");
        assert!(e.significant());
        // A run of nothing: no interval.
        assert!(!share_difference(0.0, 0.0, 3.0, 10.0).has_interval());
    }

    #[test]
    fn a_difference_takes_each_sides_own_count() {
        // A: 10 values summing to 20 (mean 2); B: 30 values summing to 45 (mean 1.5).
        let d = mean_difference((20, 40), 10, (45, 70), 30);
        assert!((d.estimate + 0.5).abs() < 1e-12, "{d:?}");
    }
}

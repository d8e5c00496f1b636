//! Tournaments: many games between bots, in parallel, with the seats rotated.
//!
//! Game (or match) `i` is seeded `derive_seed(seed, i)`; seat `s` of it is played by bot
//! `levels[(s + i) % players]`, so every bot sits in every seat equally often (in teams, the list
//! turns by whole teams: `levels[(s + 2i) % players]` for teams of two side by side, so entries
//! listed next to each other are teammates in every game), and its bot's
//! choices are drawn from a generator seeded from the game's seed and the seat. Games are
//! aggregated in blocks of a fixed size, and the blocks in index order, so the same seed gives the
//! same results with any number of threads (only the timings differ).
//!
//! [`Tournament::run_recorded`] also hands every game, with its actions, seed and seats, to a
//! [`Recorder`] (this is how `simulate --bots ... --save DIR` writes save files); [`Tournament::run`]
//! records nothing and allocates nothing per action.

use crate::{Bot, BotError, Level, Turn};
use crownlands_core::matches::Match;
use crownlands_core::rng::derive_seed;
use crownlands_core::{Action, Game, Ruleset, Seat, SetupError, Side};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Games aggregated together before blocks are combined (fixed, so results do not depend on the
/// number of threads).
const BLOCK: u64 = 256;

/// What to play.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub ruleset: Arc<Ruleset>,
    /// One level per seat; their number is the player count.
    pub levels: Vec<Level>,
    /// Games (for a match ruleset such as Dynasty: matches).
    pub games: u64,
    pub seed: u64,
    /// Worker threads (`None`: all cores).
    pub jobs: Option<usize>,
}

/// Why a tournament could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("give at least one bot")]
    NoBots,
    #[error("{0} players is more than any ruleset allows")]
    TooManyPlayers(usize),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("game {game}: {error}")]
    Bot { game: u64, error: BotError },
    #[error("cannot start {0} worker threads: {1}")]
    Threads(usize, String),
    /// The recorder refused a game (a save file that could not be written, say).
    #[error("{0}")]
    Record(RecordError),
    /// The `stop` flag handed to [`Tournament::play_match`] was set during the match: it was
    /// left unfinished (nothing of it counted).
    #[error("stopped before the game was over")]
    Stopped,
}

/// Why a [`Recorder`] could not keep a game; it stops the tournament.
pub type RecordError = Box<dyn std::error::Error + Send + Sync>;

/// Receives every game of a tournament once it is over, from any worker thread, in no particular
/// order. An error stops the tournament (games already being played finish first).
pub type Recorder<'a> = dyn Fn(&PlayedGame<'_>) -> Result<(), RecordError> + Sync + 'a;

/// One game (or match) of a tournament as it was played: everything needed to replay it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame<'a> {
    /// The game's index in the tournament, from 0.
    pub index: u64,
    /// The seed of the game; for a match, of the match (its game `k` is seeded
    /// `Match::game_seed(seed, k)`).
    pub seed: u64,
    /// Seats the bot list was rotated by: seat `s` is played by `levels[(s + rotation) % n]`.
    pub rotation: usize,
    /// Each seat's bot, seat 1 first (the list after rotation).
    pub seats: &'a [Level],
    /// The actions of each game of the match, in order.
    pub actions: &'a [Vec<Action>],
    /// Each seat's total (its side's, summed over the match).
    pub totals: &'a [i64],
    /// The seats whose side won.
    pub winners: &'a [Seat],
}

/// Totals for one bot (every seat it played, all games).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotStats {
    /// Player-games played (a bot listed three times plays three per game).
    pub games: u64,
    /// Wins, shared wins counted as fractions.
    pub wins: f64,
    pub score_sum: f64,
    pub score_sq_sum: f64,
    /// Sum of (own score - best other score): positive when winning.
    pub margin_sum: f64,
    pub decisions: u64,
    pub nanos: u128,
}

/// Totals for one seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatStats {
    pub wins: f64,
    pub score_sum: f64,
    pub score_sq_sum: f64,
    /// Dominoes placed: the seat's share of its kingdom's (see [`add_placed_shares`]).
    pub placed: f64,
}

/// What a tournament gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub games: u64,
    pub match_games: u8,
    pub seconds: f64,
    /// Per distinct bot name, in the order of first appearance in the list.
    pub bots: Vec<(String, BotStats)>,
    pub seats: Vec<SeatStats>,
}

/// A 95% interval.
pub type Interval = (f64, f64);

impl BotStats {
    pub fn win_rate(&self) -> f64 {
        self.wins / self.games.max(1) as f64
    }

    /// Wilson score interval of the win rate.
    pub fn win_rate_ci95(&self) -> Interval {
        wilson(self.wins, self.games)
    }

    pub fn mean_score(&self) -> f64 {
        self.score_sum / self.games.max(1) as f64
    }

    /// Normal interval of the mean score.
    pub fn mean_score_ci95(&self) -> Interval {
        mean_ci(self.score_sum, self.score_sq_sum, self.games)
    }

    pub fn mean_margin(&self) -> f64 {
        self.margin_sum / self.games.max(1) as f64
    }

    pub fn ms_per_decision(&self) -> f64 {
        self.nanos as f64 / 1e6 / self.decisions.max(1) as f64
    }

    fn add(&mut self, o: &BotStats) {
        self.games += o.games;
        self.wins += o.wins;
        self.score_sum += o.score_sum;
        self.score_sq_sum += o.score_sq_sum;
        self.margin_sum += o.margin_sum;
        self.decisions += o.decisions;
        self.nanos += o.nanos;
    }
}

impl SeatStats {
    fn add(&mut self, o: &SeatStats) {
        self.wins += o.wins;
        self.score_sum += o.score_sum;
        self.score_sq_sum += o.score_sq_sum;
        self.placed += o.placed;
    }
}

/// Wilson score interval for `wins` out of `n` at 95%.
pub fn wilson(wins: f64, n: u64) -> Interval {
    wilson_of(wins, n as f64)
}

/// [`wilson`] for `n` independent results that need not be whole (an effective count: seats
/// of a team counted as the results they are worth).
pub fn wilson_of(wins: f64, n: f64) -> Interval {
    if n <= 0.0 || !n.is_finite() {
        return (0.0, 1.0);
    }
    let p = (wins / n).clamp(0.0, 1.0);
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Student's t for a two-sided 95% interval with `df` degrees of freedom (a mean of `df + 1`
/// values): exact to four decimals up to 30, then the Cornish-Fisher expansion (within 1e-5),
/// tending to the normal 1.96. Small runs get honestly wider intervals: at 6 games 2.571.
pub fn t95(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
        2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
        2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    ];
    match usize::try_from(df) {
        Ok(0) => f64::INFINITY,
        Ok(d) if d <= TABLE.len() => TABLE[d - 1],
        _ => {
            let z: f64 = 1.959_964;
            let v = df as f64;
            let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
            z + (z3 + z) / (4.0 * v)
                + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
                + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v.powi(3))
                + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z)
                    / (92160.0 * v.powi(4))
        }
    }
}

/// 95% interval of a mean from its sum and sum of squares (Student's t, [`t95`]).
pub fn mean_ci(sum: f64, sq_sum: f64, n: u64) -> Interval {
    if n == 0 {
        return (0.0, 0.0);
    }
    let nf = n as f64;
    let mean = sum / nf;
    if n < 2 {
        return (mean, mean);
    }
    let var = ((sq_sum - nf * mean * mean) / (nf - 1.0)).max(0.0);
    let half = t95(n - 1) * (var / nf).sqrt();
    (mean - half, mean + half)
}

/// Totals of a block of games.
#[derive(Clone, Debug, Default)]
struct Block {
    bots: Vec<BotStats>,
    seats: Vec<SeatStats>,
}

/// Add to `placed[seat]` every seat's share of the dominoes placed in its kingdom in `game`: all
/// of them for a seat that plays alone, an equal share for each seat of a team (the engine records
/// placements per kingdom, not per player). The shares of a team's seats add up to its kingdom's
/// dominoes, so the seats' figures add up to the dominoes placed in the game. `simulate` uses
/// this for random players and tournaments alike.
pub fn add_placed_shares(game: &Game, placed: &mut [f64]) {
    let placements = game.placed();
    if game.sides() == game.players() {
        // One kingdom per seat, side `i` being seat `i`'s (the common case, and the hot path of
        // random simulations).
        for &(side, _, _) in placements {
            if let Some(p) = placed.get_mut(side.index()) {
                *p += 1.0;
            }
        }
        return;
    }
    for (seat, share) in game.seats().zip(placed.iter_mut()) {
        let side = game.side_of(seat);
        let members = game.seats().filter(|&p| game.side_of(p) == side).count();
        let mine = placements.iter().filter(|&&(k, _, _)| k == side).count();
        *share += mine as f64 / members.max(1) as f64;
    }
}

impl Tournament {
    /// Play the tournament; `progress` is called with the number of games finished each time one
    /// finishes (from any thread).
    pub fn run(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, TournamentError> {
        self.run_with(progress, None)
    }

    /// [`Tournament::run`], handing every game to `record` once it is over (with its actions,
    /// seed and seats). A recorder error stops the tournament and is returned.
    pub fn run_recorded(
        &self,
        progress: &(dyn Fn(u64) + Sync),
        record: &Recorder<'_>,
    ) -> Result<Report, TournamentError> {
        self.run_with(progress, Some(record))
    }

    fn run_with(
        &self,
        progress: &(dyn Fn(u64) + Sync),
        record: Option<&Recorder<'_>>,
    ) -> Result<Report, TournamentError> {
        let players = self.levels.len();
        if players == 0 {
            return Err(TournamentError::NoBots);
        }
        let players_u8 =
            u8::try_from(players).map_err(|_| TournamentError::TooManyPlayers(players))?;
        // Fail early (and not once per game) when the ruleset refuses this player count.
        Game::new(self.ruleset.clone(), players_u8, self.seed)?;
        let names: Vec<String> = self.levels.iter().map(Level::to_string).collect();
        let mut distinct: Vec<String> = Vec::new();
        for n in &names {
            if !distinct.contains(n) {
                distinct.push(n.clone());
            }
        }
        let bot_index: Vec<usize> = names
            .iter()
            .map(|n| distinct.iter().position(|d| d == n).unwrap_or(0))
            .collect();
        let match_games = self
            .ruleset
            .rules_for(players_u8)
            .map_or(1, |r| r.match_games.max(1));
        let blocks = self.games.div_ceil(BLOCK);
        let done = AtomicU64::new(0);
        // Set when a game fails, so that the other workers stop at their next game.
        let failed = AtomicBool::new(false);
        let start = Instant::now();
        let play_block = |b: u64| -> Result<Block, TournamentError> {
            let mut worker = Worker {
                tournament: self,
                bot_index: &bot_index,
                record,
                block: Block {
                    bots: vec![BotStats::default(); distinct.len()],
                    seats: vec![SeatStats::default(); players],
                },
                played: None,
            };
            for i in b * BLOCK..((b + 1) * BLOCK).min(self.games) {
                if failed.load(Ordering::Relaxed) {
                    break;
                }
                worker
                    .play_one(i)
                    .inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(n);
            }
            Ok(worker.block)
        };
        let results: Vec<Result<Block, TournamentError>> = match self.jobs {
            Some(j) => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(j.max(1))
                    .build()
                    .map_err(|e| TournamentError::Threads(j, e.to_string()))?;
                pool.install(|| (0..blocks).into_par_iter().map(play_block).collect())
            }
            None => (0..blocks).into_par_iter().map(play_block).collect(),
        };
        let mut total = Block {
            bots: vec![BotStats::default(); distinct.len()],
            seats: vec![SeatStats::default(); players],
        };
        for r in results {
            let b = r?;
            for (t, s) in total.bots.iter_mut().zip(&b.bots) {
                t.add(s);
            }
            for (t, s) in total.seats.iter_mut().zip(&b.seats) {
                t.add(s);
            }
        }
        Ok(Report {
            games: self.games,
            match_games,
            seconds: start.elapsed().as_secs_f64(),
            bots: distinct.into_iter().zip(total.bots).collect(),
            seats: total.seats,
        })
    }

    /// Play game (or match) `i` of the tournament alone, on `played` (kept from call to call so
    /// its memory is reused), calling `each_game` once every game of the match is over. With
    /// `keep_actions` the actions are returned too; with `stop`, a set flag ends the match before
    /// the next decision ([`TournamentError::Stopped`]). This is how a caller that keeps its own
    /// statistics (`crownlands simulate`) plays the very games [`Tournament::run`] plays.
    pub fn play_match(
        &self,
        i: u64,
        played: &mut Option<Match>,
        keep_actions: bool,
        stop: Option<&AtomicBool>,
        each_game: &mut dyn FnMut(&Game),
    ) -> Result<MatchPlayed, TournamentError> {
        let n = self.levels.len();
        let players = u8::try_from(n).map_err(|_| TournamentError::TooManyPlayers(n))?;
        let match_seed = derive_seed(self.seed, i);
        let played = match played {
            Some(m) => {
                m.reset(match_seed);
                m
            }
            None => played.insert(Match::new(self.ruleset.clone(), players, match_seed)?),
        };
        let seating = Seating::new(self, i);
        let mut clock = Clock::new(&seating);
        // The actions of each game, only when recording: a plain tournament allocates nothing
        // per action.
        let mut actions: Option<Vec<Vec<Action>>> = keep_actions.then(Vec::new);
        let mut bots: Vec<Box<dyn Bot>> = seating
            .entry
            .iter()
            .enumerate()
            .map(|(s, &e)| self.levels[e].build(derive_seed(match_seed, u64::MAX - 1 - s as u64)))
            .collect();
        loop {
            let list = actions.as_mut().map(|a| {
                a.push(Vec::new());
                a.len() - 1
            });
            // Where this game stands in its match: the bots play for the match's totals.
            let so_far = crate::view::MatchSoFar::of(played);
            let game = played.game_mut();
            clock.start_game();
            while let Some(mut turn) = Turn::in_match(game, &so_far) {
                // Checked before each decision: a search bot's game can take a minute, and a
                // run asked to stop (Ctrl-C, a batch system's SIGTERM) should not wait for it.
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return Err(TournamentError::Stopped);
                }
                let seat = turn.view().player();
                let r = clock.time(seat, || bots[seat.index()].act(&mut turn));
                let action = r.map_err(|error| TournamentError::Bot { game: i, error })?;
                if let (Some(a), Some(l)) = (actions.as_mut(), list) {
                    a[l].push(action);
                }
            }
            clock.end_game();
            each_game(game);
            played.count_game();
            if !played.next_game() {
                break;
            }
        }
        Ok(MatchPlayed::of(played, seating, clock, actions))
    }
}

/// Who sits where in game (or match) `i`: the bot list rotated by `i` seats, or by `i` teams
/// when players sit in teams ([`rotation_step`]).
struct Seating {
    rotation: usize,
    /// The list entry playing each seat.
    entry: Vec<usize>,
    /// Whether each seat's decisions are timed one by one (random seats are not: the clock
    /// would cost as much as the move).
    timed: Vec<bool>,
}

impl Seating {
    fn new(t: &Tournament, i: u64) -> Seating {
        let n = t.levels.len();
        // Seat s is played by list entry (s + rotation) mod n, the rotation a whole number of
        // teams, so entries listed side by side stay teammates.
        let step = rotation_step(&t.ruleset, n);
        let rotation = (i % (n / step).max(1) as u64) as usize * step;
        let entry: Vec<usize> = (0..n).map(|s| (s + rotation) % n).collect();
        let timed = entry
            .iter()
            .map(|&e| t.levels[e] != Level::Random)
            .collect();
        Seating {
            rotation,
            entry,
            timed,
        }
    }
}

/// The fewest seats the bot list can be rotated by and keep every team together: rotating by it
/// maps each team's seats onto another team's (1 without teams; 2 for Royal Wedding's teams of
/// two side by side). So a list whose first two entries are `mcts` seats them as one team in
/// every game, and the teams take turns in every team position.
fn rotation_step(ruleset: &Ruleset, n: usize) -> usize {
    let Ok(players) = u8::try_from(n) else {
        return 1;
    };
    let side = |s: usize| ruleset.side_of(players, Seat(u8::try_from(s % n).unwrap_or(0)));
    (1..n)
        .find(|&k| {
            n.is_multiple_of(k)
                && (0..n)
                    .all(|s| (0..n).all(|t| (side(s) == side(t)) == (side(s + k) == side(t + k))))
        })
        .unwrap_or(n.max(1))
}

/// Each seat's decisions and thinking time. Random seats share the game's time left over after
/// the timed seats, in proportion to their decisions.
struct Clock {
    timed: Vec<bool>,
    decisions: Vec<u64>,
    nanos: Vec<u128>,
    /// Decisions before the current game.
    decisions_before: Vec<u64>,
    game_start: Instant,
    timed_nanos: u128,
    untimed_decisions: u64,
}

impl Clock {
    fn new(seating: &Seating) -> Clock {
        let n = seating.entry.len();
        Clock {
            timed: seating.timed.clone(),
            decisions: vec![0; n],
            nanos: vec![0; n],
            decisions_before: vec![0; n],
            game_start: Instant::now(),
            timed_nanos: 0,
            untimed_decisions: 0,
        }
    }

    fn start_game(&mut self) {
        self.game_start = Instant::now();
        self.timed_nanos = 0;
        self.untimed_decisions = 0;
    }

    /// One decision of `seat`, timed if its seat is.
    fn time<R>(&mut self, seat: Seat, decide: impl FnOnce() -> R) -> R {
        let s = seat.index();
        self.decisions[s] += 1;
        if self.timed[s] {
            let t0 = Instant::now();
            let r = decide();
            let t = t0.elapsed().as_nanos();
            self.nanos[s] += t;
            self.timed_nanos += t;
            r
        } else {
            self.untimed_decisions += 1;
            decide()
        }
    }

    fn end_game(&mut self) {
        if self.untimed_decisions > 0 {
            let rest = self
                .game_start
                .elapsed()
                .as_nanos()
                .saturating_sub(self.timed_nanos);
            // The leftover time, split evenly over this game's untimed decisions.
            let share = rest / u128::from(self.untimed_decisions);
            for s in (0..self.timed.len()).filter(|&s| !self.timed[s]) {
                let seat_decisions = self.decisions[s] - self.decisions_before[s];
                self.nanos[s] += share * u128::from(seat_decisions);
            }
        }
        self.decisions_before.copy_from_slice(&self.decisions);
    }
}

/// What a worker keeps from game to game: its block's totals and one match's memory.
struct Worker<'t, 'r> {
    tournament: &'t Tournament,
    /// Each entry of the bot list: its index among the distinct bots.
    bot_index: &'t [usize],
    record: Option<&'t Recorder<'r>>,
    block: Block,
    played: Option<Match>,
}

impl Worker<'_, '_> {
    /// Play game (or match) `i`, add it to the block and hand it to the recorder.
    fn play_one(&mut self, i: u64) -> Result<(), TournamentError> {
        let t = self.tournament;
        let mut placed = vec![0.0; t.levels.len()];
        let seats = &mut self.block.seats;
        let played = t.play_match(i, &mut self.played, self.record.is_some(), None, &mut |g| {
            placed.iter_mut().for_each(|p| *p = 0.0);
            add_placed_shares(g, &mut placed);
            for (s, p) in seats.iter_mut().zip(&placed) {
                s.placed += p;
            }
        })?;
        self.add(&played);
        if let Some(record) = self.record {
            played
                .as_played(i, &t.levels, record)
                .transpose()
                .map_err(TournamentError::Record)?;
        }
        Ok(())
    }

    /// Add a match's seats and bots to the block.
    fn add(&mut self, played: &MatchPlayed) {
        // Wins are per side: every seat of a winning team wins; sides sharing a victory share it.
        let share = 1.0 / played.sides_won().max(1) as f64;
        for (seat, &score) in played.totals.iter().enumerate() {
            let won = if played.winners.iter().any(|w| w.index() == seat) {
                share
            } else {
                0.0
            };
            let score_f = score as f64;
            let s = &mut self.block.seats[seat];
            s.wins += won;
            s.score_sum += score_f;
            s.score_sq_sum += score_f * score_f;
            let b = &mut self.block.bots[self.bot_index[played.entry[seat]]];
            b.games += 1;
            b.wins += won;
            b.score_sum += score_f;
            b.score_sq_sum += score_f * score_f;
            b.margin_sum += played.margin(seat) as f64;
            b.decisions += played.decisions[seat];
            b.nanos += played.nanos[seat];
        }
    }
}

/// One game (or match) as [`Tournament::play_match`] played it, seat by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchPlayed {
    /// The seed of the match (its game `k` is seeded `Match::game_seed(seed, k)`).
    pub seed: u64,
    /// Seats the bot list was rotated by.
    pub rotation: usize,
    /// The list entry playing each seat: seat `s` is played by `levels[entry[s]]`.
    pub entry: Vec<usize>,
    /// Each seat's total (its side's, summed over the match).
    pub totals: Vec<i64>,
    /// The seats whose side won.
    pub winners: Vec<Seat>,
    /// The side of each seat.
    pub seat_sides: Vec<Side>,
    /// Decisions each seat took.
    pub decisions: Vec<u64>,
    /// Time each seat's bot thought, in nanoseconds.
    pub nanos: Vec<u128>,
    /// With `keep_actions`: the actions of each game of the match.
    pub actions: Option<Vec<Vec<Action>>>,
}

impl MatchPlayed {
    /// `f` of the match as a recorder sees it, the bots of `levels` in their seats (`None` when
    /// the match kept no actions).
    pub fn as_played<R>(
        &self,
        index: u64,
        levels: &[Level],
        f: impl FnOnce(&PlayedGame<'_>) -> R,
    ) -> Option<R> {
        let actions = self.actions.as_ref()?;
        let seats: Vec<Level> = self.entry.iter().map(|&e| levels[e]).collect();
        Some(f(&PlayedGame {
            index,
            seed: self.seed,
            rotation: self.rotation,
            seats: &seats,
            actions,
            totals: &self.totals,
            winners: &self.winners,
        }))
    }

    /// A finished match, seat by seat: a seat scores its side's total, and wins with its side.
    fn of(
        played: &Match,
        seating: Seating,
        clock: Clock,
        actions: Option<Vec<Vec<Action>>>,
    ) -> MatchPlayed {
        let game = played.game();
        let seat_sides: Vec<Side> = game.seats().map(|s| game.side_of(s)).collect();
        MatchPlayed {
            seed: played.seed(),
            rotation: seating.rotation,
            entry: seating.entry,
            totals: seat_sides.iter().map(|&s| played.totals()[s]).collect(),
            winners: game
                .seats()
                .filter(|&s| played.is_winner(game.side_of(s)))
                .collect(),
            seat_sides,
            decisions: clock.decisions,
            nanos: clock.nanos,
            actions,
        }
    }

    /// How many sides share the win.
    pub fn sides_won(&self) -> usize {
        let mut v: Vec<Side> = self
            .winners
            .iter()
            .map(|p| self.seat_sides[p.index()])
            .collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    }

    /// Seat `seat`'s total less the best total of the other sides (its own when it plays alone).
    pub fn margin(&self, seat: usize) -> i64 {
        let best_other = (0..self.totals.len())
            .filter(|&o| self.seat_sides[o] != self.seat_sides[seat])
            .map(|o| self.totals[o])
            .max()
            .unwrap_or(self.totals[seat]);
        self.totals[seat] - best_other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::parse_list;
    use std::sync::Mutex;

    #[test]
    fn student_t_for_95_percent() {
        // The table, the expansion past it (printed tables: 40 2.0211, 60 2.0003, 120 1.9799),
        // and the normal value far out.
        assert_eq!(t95(5), 2.5706);
        assert_eq!(t95(30), 2.0423);
        for (df, t) in [(31, 2.0395), (40, 2.0211), (60, 2.0003), (120, 1.9799)] {
            assert!((t95(df) - t).abs() < 1e-4, "{df}: {}", t95(df));
        }
        assert!((t95(1_000_000) - 1.959_964).abs() < 1e-5);
        assert!(t95(0).is_infinite());
        // Never narrower with fewer games.
        assert!((1..500).all(|d| t95(d) > t95(d + 1)));
    }

    fn ruleset(name: &str) -> Arc<Ruleset> {
        Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name)
                .expect("shipped ruleset"),
        )
    }

    /// A recorded game, owned.
    #[derive(Debug)]
    struct Kept {
        index: u64,
        seed: u64,
        rotation: usize,
        seats: Vec<Level>,
        actions: Vec<Vec<Action>>,
        totals: Vec<i64>,
        winners: Vec<Seat>,
    }

    fn run_and_keep(t: &Tournament) -> (Report, Vec<Kept>) {
        let kept = Mutex::new(Vec::new());
        let report = t
            .run_recorded(&|_| {}, &|g| {
                kept.lock().expect("lock").push(Kept {
                    index: g.index,
                    seed: g.seed,
                    rotation: g.rotation,
                    seats: g.seats.to_vec(),
                    actions: g.actions.to_vec(),
                    totals: g.totals.to_vec(),
                    winners: g.winners.to_vec(),
                });
                Ok(())
            })
            .expect("runs");
        let mut kept = kept.into_inner().expect("lock");
        kept.sort_by_key(|k| k.index);
        (report, kept)
    }

    fn without_times(mut r: Report) -> Report {
        r.seconds = 0.0;
        for (_, b) in &mut r.bots {
            b.nanos = 0;
        }
        r
    }

    /// Replay a kept game (or match) and return each seat's total.
    fn replay(ruleset: &Arc<Ruleset>, k: &Kept) -> Vec<i64> {
        let n = k.seats.len();
        let mut totals = vec![0i64; n];
        for (g, actions) in k.actions.iter().enumerate() {
            let seed = Match::game_seed(k.seed, u8::try_from(g).expect("few games"));
            let mut game = Game::new(ruleset.clone(), n as u8, seed).expect("setup");
            for &a in actions {
                game.apply(a).expect("recorded actions are legal");
            }
            assert!(
                game.is_over(),
                "game {} of match {} is complete",
                g,
                k.index
            );
            for (p, t) in game.seats().zip(totals.iter_mut()) {
                *t += i64::from(game.score_total(game.side_of(p)));
            }
        }
        totals
    }

    #[test]
    fn recording_hands_over_every_game_and_changes_nothing() {
        let levels = parse_list("greedy,random,random").expect("list");
        let t = Tournament {
            ruleset: ruleset("kingdomino"),
            levels: levels.clone(),
            games: 7,
            seed: 5,
            jobs: Some(2),
        };
        let plain = without_times(t.run(&|_| {}).expect("runs"));
        let (recorded, kept) = run_and_keep(&t);
        assert_eq!(plain, without_times(recorded), "recording changes no game");
        assert_eq!(kept.len(), 7);
        let mut score_by_bot = [0i64; 2];
        let mut placements = 0usize;
        for (i, k) in kept.iter().enumerate() {
            assert_eq!(k.index, i as u64);
            assert_eq!(k.seed, derive_seed(5, i as u64));
            assert_eq!(k.rotation, i % 3);
            let rotated: Vec<Level> = (0..3).map(|s| levels[(s + i) % 3]).collect();
            assert_eq!(k.seats, rotated);
            assert_eq!(replay(&t.ruleset, k), k.totals, "game {i} replays");
            let best = k.totals.iter().max().copied().unwrap_or(0);
            assert!(k.winners.iter().all(|&w| k.totals[w.index()] == best));
            for (s, level) in k.seats.iter().enumerate() {
                score_by_bot[usize::from(*level != Level::Greedy)] += k.totals[s];
            }
            placements += k.actions[0]
                .iter()
                .filter(|a| matches!(a, Action::Place { .. }))
                .count();
        }
        assert_eq!(plain.bots[0].1.score_sum, score_by_bot[0] as f64);
        assert_eq!(plain.bots[1].1.score_sum, score_by_bot[1] as f64);
        let placed: f64 = plain.seats.iter().map(|s| s.placed).sum();
        assert_eq!(placed, placements as f64, "every placement counted once");
    }

    #[test]
    fn a_match_is_recorded_game_by_game() {
        let t = Tournament {
            ruleset: ruleset("dynasty"),
            levels: parse_list("random,greedy").expect("list"),
            games: 2,
            seed: 3,
            jobs: Some(1),
        };
        let (_, kept) = run_and_keep(&t);
        assert_eq!(kept.len(), 2);
        for k in &kept {
            assert_eq!(k.actions.len(), 3, "Dynasty plays three games");
            assert_eq!(replay(&t.ruleset, k), k.totals, "the match totals");
        }
    }

    #[test]
    fn team_seats_share_their_kingdoms_placements() {
        let t = Tournament {
            ruleset: ruleset("royal-wedding-teams"),
            levels: parse_list("random,random,random,random,random,random").expect("list"),
            games: 3,
            seed: 8,
            jobs: Some(1),
        };
        let (report, kept) = run_and_keep(&t);
        let placements: usize = kept
            .iter()
            .flat_map(|k| k.actions.iter().flatten())
            .filter(|a| matches!(a, Action::Place { .. }))
            .count();
        let placed: Vec<f64> = report.seats.iter().map(|s| s.placed).collect();
        assert_eq!(placed.iter().sum::<f64>(), placements as f64, "{placed:?}");
        for team in placed.chunks(2) {
            assert_eq!(team[0], team[1], "teammates get equal shares: {placed:?}");
        }
    }

    #[test]
    fn entries_listed_side_by_side_stay_teammates() {
        let levels =
            parse_list("greedy,greedy,random,random,random,random,random,random").expect("list");
        let t = Tournament {
            ruleset: ruleset("royal-wedding-teams"),
            levels: levels.clone(),
            games: 8,
            seed: 3,
            jobs: Some(1),
        };
        let (_, kept) = run_and_keep(&t);
        let mut teams = Vec::new();
        for (i, k) in kept.iter().enumerate() {
            assert_eq!(k.rotation, 2 * (i % 4), "game {i} turns by whole teams");
            let greedy: Vec<usize> = (0..8).filter(|&s| k.seats[s] == Level::Greedy).collect();
            assert_eq!(greedy.len(), 2);
            assert_eq!(
                greedy[0] / 2,
                greedy[1] / 2,
                "game {i}: greedy seats {greedy:?}"
            );
            teams.push(greedy[0] / 2);
        }
        assert_eq!(
            teams,
            [0, 3, 2, 1, 0, 3, 2, 1],
            "every team position in turn"
        );
        // Without teams the list turns seat by seat.
        assert_eq!(rotation_step(&ruleset("kingdomino"), 4), 1);
        assert_eq!(rotation_step(&ruleset("royal-wedding-teams"), 6), 2);
    }

    #[test]
    fn a_recorder_error_stops_the_tournament() {
        let t = Tournament {
            ruleset: ruleset("kingdomino"),
            levels: parse_list("random,random").expect("list"),
            games: 50,
            seed: 1,
            jobs: Some(1),
        };
        let seen = AtomicU64::new(0);
        let e = t
            .run_recorded(&|_| {}, &|g| {
                seen.fetch_add(1, Ordering::Relaxed);
                if g.index == 2 {
                    Err("disk full".into())
                } else {
                    Ok(())
                }
            })
            .expect_err("the recorder failed");
        assert!(matches!(e, TournamentError::Record(_)), "{e:?}");
        assert_eq!(e.to_string(), "disk full");
        assert_eq!(seen.load(Ordering::Relaxed), 3, "no game after the failure");
    }
}

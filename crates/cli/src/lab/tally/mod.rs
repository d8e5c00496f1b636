//! The sufficient statistics of a run: exact integer counts, sums, sums of squares and
//! histograms, so that tallies of any split of the games add up to the very same tally in any
//! order (threads, shards, machines).

use crownlands_core::score::{ScoreBreakdown, for_each_bonus};
use crownlands_core::{Game, Seat, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One win, in units that every share of a win divides exactly: a win shared by `k` sides is
/// worth `WIN_UNIT / k` to each (the least common multiple of 1 to 16, the most players).
pub const WIN_UNIT: u64 = 720_720;

mod check;
pub(crate) use check::sums_fit;

use super::capped::{capped_bonus_counts, capped_dominoes, capped_rows, up_to_seats};
use super::tally_error::TallyError;

/// Add `from`'s counts per key and seat to `into`'s (a key new to `into` starts at 0); `what`
/// names the rows in the error of a row of another number of seats.
fn add_rows<T: Count + Default + Clone>(
    into: &mut BTreeMap<String, Vec<T>>,
    from: &BTreeMap<String, Vec<T>>,
    seats: usize,
    what: &'static str,
) -> Result<(), TallyError> {
    for (key, row) in from {
        if row.len() != seats {
            return Err(TallyError::Mismatch(what));
        }
        let mine = into
            .entry(key.clone())
            .or_insert_with(|| vec![T::default(); seats]);
        for (a, &b) in mine.iter_mut().zip(row) {
            add(a, b)?;
        }
    }
    Ok(())
}

pub use super::histogram::Histogram;

/// One seat's statistics over the games (or matches) of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatTally {
    /// The seat's totals (its side's, summed over a match), value by value.
    pub score: Histogram,
    pub score_sum: i128,
    pub score_sq_sum: u128,
    /// Wins in [`WIN_UNIT`]s (a shared win counts its share).
    pub win_units: u128,
    pub win_sq_units: u128,
    /// Dominoes placed in the seat's kingdom (its side's, counted whole for each seat of a team).
    pub placed: u64,
}

/// One bot's statistics in a tournament (every seat it played).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotTally {
    pub bot: String,
    /// Player-games played (a bot listed three times plays three per game).
    pub games: u64,
    pub win_units: u128,
    pub win_sq_units: u128,
    pub score_sum: i128,
    pub score_sq_sum: u128,
    /// Sum of (own total - best other side's total).
    pub margin_sum: i128,
    pub decisions: u64,
    /// Time spent deciding, in nanoseconds (the one figure that differs from run to run).
    pub nanos: u128,
    /// Per bonus, the bot's seat-games (each game of a match) in which its side earned it (a
    /// rule about a bonus asks who earns it). `None` in a part of an older build, which kept
    /// none (and in what it was merged with: the counts would be of part of the games).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "capped_bonus_counts"
    )]
    pub bonuses: Option<BTreeMap<String, u64>>,
    /// In team games, the sides (teams) the bot played in: a team's seats share one total,
    /// one share of the win and one kingdom's bonuses, so two seats of one team are one result,
    /// not two independent ones, and the bot's intervals count these. `None` without teams
    /// (each seat is its own side), and in a part of an older build, which kept none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sides: Option<SideGames>,
}

/// The teams a bot played in ([`BotTally::sides`]): each game (or match), each side in which
/// it held a seat or more, with the seats it held there. Its seat figures are a sum over these
/// side-games, each side's one result counted once for each of the bot's seats in it; the
/// count of independent results they are worth is `games^2 / seats_sq` of its seat-games
/// (Kish's effective count: the side-games where the bot holds as many seats in every side).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideGames {
    /// Side-games: per game (or match), the sides in which the bot held a seat or more.
    pub games: u64,
    /// The squares of the bot's seats in each of them, summed.
    pub seats_sq: u64,
}

impl SideGames {
    fn merge(&mut self, o: &SideGames) -> Result<(), TallyError> {
        add(&mut self.games, o.games)?;
        add(&mut self.seats_sq, o.seats_sq)
    }
}

/// Counts and sums over independent units (games, or sides in games): what an interval is
/// computed from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Units {
    pub games: u64,
    pub win_units: u128,
    pub win_sq_units: u128,
    pub score_sum: i128,
    pub score_sq_sum: u128,
}

/// Everything a run of one ruleset measured.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Games (or matches) counted.
    pub games: u64,
    /// Games of a match (1 for most rulesets).
    pub match_games: u8,
    /// The side (kingdom or team) of each seat.
    #[serde(deserialize_with = "up_to_seats")]
    pub seat_side: Vec<Side>,
    #[serde(deserialize_with = "up_to_seats")]
    pub seats: Vec<SeatTally>,
    /// Per bonus key, per seat: the games in which the seat's side earned it.
    #[serde(deserialize_with = "capped_rows")]
    pub bonuses: BTreeMap<String, Vec<u64>>,
    /// Dominoes discarded in a game, game by game.
    pub discarded: Histogram,
    /// With bots: per distinct bot, in the order of the list.
    #[serde(deserialize_with = "up_to_seats")]
    pub bots: Vec<BotTally>,
    /// By the place a side claimed the first line in (round 0, the order drawn or snaked: a
    /// side's first king), first claimer first: how a side that claims first fares. Seat by
    /// seat (a team's seats each). Single games only (a match's games each draw their own).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "up_to_seats"
    )]
    pub first_claims: Vec<ClaimTally>,
    /// Per resource the modules keep for each side (coins, knights, towers...), per seat: the
    /// sum over the games (of a match, each) of what the seat's side held at the end. Empty
    /// for a ruleset without modules.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "capped_rows"
    )]
    pub held: BTreeMap<String, Vec<u64>>,
    /// The same, squared before summing: the spread, and so the interval of a difference
    /// between two rulesets. Empty in a part of an older build.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "capped_rows"
    )]
    pub held_sq: BTreeMap<String, Vec<u128>>,
    /// Of the dominoes discarded, those left unclaimed in the lines (a line of more dominoes
    /// than kings leaves some each round), summed over the games: the rest could not be placed.
    /// `None` in a part of an older build, which counted none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclaimed: Option<u64>,
    /// Of the dominoes not placed, those given up where they fitted (`discard = "any-time"`, a
    /// house rule; [`crownlands_core::Game::given_up`]), summed over the games: the rest fitted
    /// nowhere. `None` in a part of an older build, which counted none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub given_up: Option<u64>,
    /// How the games (matches) were won: ties at the top, shared wins, the winner's margin.
    /// `None` in a part of an older build, which counted none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finishes: Option<Finishes>,
    /// The least total the rules allow a side, where it is known (0 for rules whose every
    /// point is a crown or a bonus of no negative points: [`super::table::least_total`]), so
    /// that a mean's interval is not said to reach below it; `None` where modules or a
    /// penalty could make a total anything, and in a part of an older build.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least_total: Option<i64>,
    /// With `simulate --dominoes` (single games): each domino of the ruleset, in its order, with
    /// how the side that placed it fared. `None` without.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "capped_dominoes"
    )]
    pub dominoes: Option<Vec<DominoTally>>,
    /// The place in the first claims of each seat's side in the game just counted, until its
    /// outcome is.
    #[serde(skip)]
    ranks: Vec<usize>,
    /// With [`Tally::dominoes`], the dominoes placed in the game just counted (by index) and the
    /// side that placed each, until its outcome is.
    #[serde(skip)]
    placers: Vec<(u16, Side)>,
    /// The bonuses earned in the games of the match being counted (each with its side), until
    /// its outcome says which bot sat where.
    #[serde(skip)]
    earned: Vec<(String, Side)>,
}

/// How the games (or matches) were won, over the games counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finishes {
    /// Games whose top total more than one side reached (then decided by the tie-breaks, or
    /// shared).
    pub tied_top: u64,
    /// Games whose victory was shared (the tie-breaks did not tell the sides apart).
    pub shared: u64,
    /// The winner's total less the next side's (0 when tied at the top), summed, and its
    /// squares: the mean margin and its interval.
    pub margin_sum: u128,
    pub margin_sq_sum: u128,
}

impl Finishes {
    /// Count one game (match) of these sides' totals and win shares.
    fn add(&mut self, sides: &[(i64, u64)]) {
        let Some(top) = sides.iter().map(|&(t, _)| t).max() else {
            return;
        };
        let at_top = sides.iter().filter(|&&(t, _)| t == top).count();
        if at_top > 1 {
            self.tied_top += 1;
        }
        if sides.iter().filter(|&&(_, w)| w > 0).count() > 1 {
            self.shared += 1;
        }
        let next = if at_top > 1 {
            top
        } else {
            sides
                .iter()
                .map(|&(t, _)| t)
                .filter(|&t| t < top)
                .max()
                .unwrap_or(top)
        };
        let margin = u128::from(top.abs_diff(next));
        self.margin_sum = self.margin_sum.saturating_add(margin);
        self.margin_sq_sum = self.margin_sq_sum.saturating_add(margin * margin);
    }

    fn merge(&mut self, o: &Finishes) -> Result<(), TallyError> {
        add(&mut self.tied_top, o.tied_top)?;
        add(&mut self.shared, o.shared)?;
        add(&mut self.margin_sum, o.margin_sum)?;
        add(&mut self.margin_sq_sum, o.margin_sq_sum)
    }
}

/// One domino's games (`simulate --dominoes`): how often a side placed it and how that side
/// fared, and how often it was discarded. A team's side counts once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DominoTally {
    /// How players call it (`12`; `K12` with several boxes).
    pub domino: String,
    /// Its squares as the lines show them (`F1 G`).
    pub squares: String,
    /// Games in which a side placed it.
    pub placed: u64,
    /// The placing side's shares of the win (in [`WIN_UNIT`]s) and totals, summed, and squared.
    pub win_units: u128,
    pub win_sq_units: u128,
    pub score_sum: i128,
    pub score_sq_sum: u128,
    /// Games in which it was dealt and discarded (left unclaimed in a line, or not placed: fitting nowhere, or given up where the rules allow it).
    pub discarded: u64,
}

impl DominoTally {
    /// An empty row for the domino `domino` of squares `squares`.
    pub fn new(domino: String, squares: String) -> DominoTally {
        DominoTally {
            domino,
            squares,
            ..DominoTally::default()
        }
    }

    fn merge(&mut self, o: &DominoTally) -> Result<(), TallyError> {
        if self.domino != o.domino || self.squares != o.squares {
            return Err(TallyError::Mismatch("dominoes"));
        }
        add(&mut self.placed, o.placed)?;
        add(&mut self.win_units, o.win_units)?;
        add(&mut self.win_sq_units, o.win_sq_units)?;
        add(&mut self.score_sum, o.score_sum)?;
        add(&mut self.score_sq_sum, o.score_sq_sum)?;
        add(&mut self.discarded, o.discarded)
    }
}

/// The games of the seats whose side claimed the first line in one place of its order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimTally {
    /// Seat-games counted.
    pub games: u64,
    pub win_units: u128,
    pub win_sq_units: u128,
    pub score_sum: i128,
    pub score_sq_sum: u128,
}

/// The place in the first claims of each seat's side (0: the side whose king claims first).
fn first_claim_ranks(game: &Game, seat_side: &[Side]) -> Vec<usize> {
    let order = game.first_claim_order();
    let first = |side: Side| {
        order
            .iter()
            .position(|&k| game.side_of_king(k) == side)
            .unwrap_or(order.len())
    };
    seat_side
        .iter()
        .map(|&side| {
            let mine = first(side);
            // The sides whose first king comes before this side's.
            game.all_sides().filter(|&s| first(s) < mine).count()
        })
        .collect()
}

/// What a bonus's key ends with where its line took points away ([`penalty_key`]).
pub const PENALTY: &str = " (penalty)";

/// The key under which a module's line that took points away is counted: `KEY (penalty)`.
pub fn penalty_key(key: &str) -> String {
    format!("{key}{PENALTY}")
}

/// How a ruleset's bonuses are found once a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonuses {
    /// It has none.
    None,
    /// Only the base rules' (Harmony, Middle Kingdom): checked directly, quickly.
    Base,
    /// Modules may add some: from each side's score breakdown.
    Breakdown,
}

/// The result of one game (or match) for each seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Each seat's total (its side's, summed over a match).
    pub totals: Vec<i64>,
    /// Each seat's share of the win, in [`WIN_UNIT`]s.
    pub shares: Vec<u64>,
    /// Each seat's bot, as its index in the tally's bots (empty: random players).
    pub bots: Vec<usize>,
    /// Each seat's place in the first claims (its side's; 0 first), as the tally counts it
    /// (empty: a match, or not known).
    pub places: Vec<usize>,
    /// Not a result: the breakdown each side of a random game is scored into when its bonuses
    /// are counted, kept here with the outcome's other buffers so that its lists are reused.
    pub scratch: ScoreBreakdown,
}

impl Outcome {
    /// Each seat's total and share, from the winning seats (every seat of a winning side is
    /// listed; sides sharing the win share it).
    pub fn new(totals: Vec<i64>, winners: &[Seat], seat_side: &[Side]) -> Outcome {
        let mut sides: Vec<Side> = winners
            .iter()
            .filter_map(|&w| seat_side.get(w.index()))
            .copied()
            .collect();
        sides.sort_unstable();
        sides.dedup();
        let share = WIN_UNIT / sides.len().max(1) as u64;
        let shares = (0..totals.len())
            .map(|p| {
                if winners.iter().any(|w| w.index() == p) {
                    share
                } else {
                    0
                }
            })
            .collect();
        Outcome {
            totals,
            shares,
            bots: Vec::new(),
            places: Vec::new(),
            scratch: ScoreBreakdown::default(),
        }
    }
}

impl Tally {
    /// An empty tally for seats on these sides.
    pub fn new(seat_side: Vec<Side>, match_games: u8, bots: &[String]) -> Tally {
        let seats = vec![SeatTally::default(); seat_side.len()];
        let mut sides = seat_side.clone();
        sides.sort_unstable();
        sides.dedup();
        // In teams, the bots' figures by side too.
        let teams = sides.len() < seat_side.len();
        Tally {
            games: 0,
            match_games,
            seat_side,
            seats,
            bonuses: BTreeMap::new(),
            discarded: Histogram::default(),
            bots: bots
                .iter()
                .map(|b| BotTally {
                    bot: b.clone(),
                    bonuses: Some(BTreeMap::new()),
                    sides: teams.then(SideGames::default),
                    ..BotTally::default()
                })
                .collect(),
            first_claims: Vec::new(),
            held: BTreeMap::new(),
            held_sq: BTreeMap::new(),
            unclaimed: Some(0),
            given_up: Some(0),
            finishes: Some(Finishes::default()),
            least_total: None,
            dominoes: None,
            ranks: Vec::new(),
            placers: Vec::new(),
            earned: Vec::new(),
        }
    }

    /// Count one finished game (of a match): dominoes placed and discarded, bonuses earned
    /// (found as `bonuses` says).
    pub fn add_game(&mut self, game: &Game, bonuses: Bonuses) {
        self.add_game_with(game, bonuses, &mut ScoreBreakdown::default());
    }

    /// [`Tally::add_game`], scoring each side into `scratch` (reused from game to game: random
    /// games are counted millions at a time).
    pub fn add_game_with(&mut self, game: &Game, bonuses: Bonuses, scratch: &mut ScoreBreakdown) {
        if self.match_games <= 1 {
            self.ranks = first_claim_ranks(game, &self.seat_side);
            if let Some(dominoes) = &mut self.dominoes {
                self.placers.clear();
                self.placers
                    .extend(game.placed().iter().map(|&(side, id, _)| (id.0, side)));
                for id in game.discarded() {
                    if let Some(d) = dominoes.get_mut(id.index()) {
                        d.discarded = d.discarded.saturating_add(1);
                    }
                }
            }
        }
        let mut per_side = [0u64; 16];
        for &(side, _, _) in game.placed() {
            if let Some(n) = per_side.get_mut(side.index()) {
                *n += 1;
            }
        }
        for (s, side) in self.seats.iter_mut().zip(&self.seat_side) {
            s.placed += per_side.get(side.index()).copied().unwrap_or(0);
        }
        self.discarded.add(game.discarded().len() as i64);
        if let Some(u) = &mut self.unclaimed {
            // Every line dealt is claimed, each king taking one: the rest of each is left.
            *u = u.saturating_add(game.left_unclaimed().1);
        }
        if let Some(g) = &mut self.given_up {
            *g = g.saturating_add(u64::from(game.given_up()));
        }
        self.count_held(game);
        if bonuses == Bonuses::None {
            return;
        }
        // A bonus in force is listed even if no side ever earns it (0.0%: Middle Kingdom on a
        // 6x6 grid with the whole deck, which no kingdom can be centred in, showed nothing).
        let rules = game.rules();
        if rules.harmony.is_some() {
            self.list_bonus(crownlands_core::score::HARMONY);
        }
        if rules.middle_kingdom.is_some() {
            self.list_bonus(crownlands_core::score::MIDDLE_KINGDOM);
        }
        for side in game.all_sides() {
            if bonuses == Bonuses::Base {
                // The base rules' bonuses alone: checked without building a breakdown.
                let (kingdom, rules) = (game.kingdom(side), game.rules());
                for_each_bonus(kingdom, rules, |key, points| {
                    // (Counted as with modules below: earned, or a penalty paid where a house
                    // rule makes it take points away.)
                    if points > 0 {
                        self.count_bonus(key, side);
                    } else if points < 0 {
                        self.count_bonus(&penalty_key(key), side);
                    }
                });
            } else {
                // Earned when it scored: a building worth 0 at the end (per knight, with no
                // knights) or wealth under its first point is listed in the breakdown but not
                // earned. A module's line that takes points away (a terrain multiplied by 0,
                // territories too small to score) is a penalty paid, counted apart under
                // `KEY (penalty)` (a penalty-only rule had read 0.0% earned); so are Harmony
                // and Middle Kingdom where a house rule makes them a penalty (negative points:
                // they had been counted as earned, under "bonuses earned").
                game.score_into(side, scratch);
                for b in &scratch.bonuses {
                    if b.points > 0 {
                        self.count_bonus(&b.key, side);
                    } else if b.points < 0 {
                        self.count_bonus(&penalty_key(&b.key), side);
                    } else {
                        self.list_bonus(&b.key);
                    }
                }
            }
        }
    }

    /// What each seat's side holds of every resource the modules keep per side, at the end of
    /// `game` (nothing to do, and no cost, without modules).
    fn count_held(&mut self, game: &Game) {
        if game.modules().is_empty() {
            return;
        }
        let modules = game.modules();
        let seats = self.seats.len();
        // Each resource once (several modules may provide one), without allocating: a game
        // is counted millions of times.
        for (i, m) in modules.iter().enumerate() {
            let declared = m.declare();
            for (j, name) in declared.per_side().enumerate() {
                if declared.per_side().take(j).any(|n| n == name)
                    || modules[..i]
                        .iter()
                        .any(|earlier| earlier.declare().per_side().any(|n| n == name))
                {
                    continue;
                }
                if !self.held.contains_key(name) {
                    self.held.insert(name.to_string(), vec![0; seats]);
                }
                if !self.held_sq.contains_key(name) {
                    self.held_sq.insert(name.to_string(), vec![0; seats]);
                }
                if let Some(row) = self.held.get_mut(name) {
                    for (n, &side) in row.iter_mut().zip(&self.seat_side) {
                        *n = n.saturating_add(u64::from(game.resource(side, name)));
                    }
                }
                if let Some(sq) = self.held_sq.get_mut(name) {
                    for (n, &side) in sq.iter_mut().zip(&self.seat_side) {
                        *n = n.saturating_add(u128::from(game.resource(side, name)).pow(2));
                    }
                }
            }
        }
    }

    /// List the bonus `key`, earned or not.
    fn list_bonus(&mut self, key: &str) {
        if !self.bonuses.contains_key(key) {
            self.bonuses
                .insert(key.to_string(), vec![0; self.seats.len()]);
        }
    }

    /// One more game in which `side` earned the bonus `key`.
    fn count_bonus(&mut self, key: &str, side: Side) {
        if !self.bots.is_empty() {
            self.earned.push((key.to_string(), side));
        }
        // One look-up a game for a listed bonus (the string compares are most of the cost).
        let row = match self.bonuses.get_mut(key) {
            Some(row) => row,
            None => self
                .bonuses
                .entry(key.to_string())
                .or_insert_with(|| vec![0; self.seats.len()]),
        };
        for (seat, n) in row.iter_mut().enumerate() {
            if self.seat_side.get(seat) == Some(&side) {
                *n += 1;
            }
        }
    }

    /// Each seat's place in the first claims of the game counted last (by [`Tally::add_game`]),
    /// as [`Tally::add_outcome`] will count it: none for a match.
    pub fn places(&self) -> &[usize] {
        &self.ranks
    }

    /// Count one finished game (or match).
    pub fn add_outcome(&mut self, o: &Outcome) {
        self.games += 1;
        // The bonuses of its games, to the bots that sat on the sides earning them.
        for (key, side) in std::mem::take(&mut self.earned) {
            for (p, &bot) in o.bots.iter().enumerate() {
                if self.seat_side.get(p) == Some(&side)
                    && let Some(counts) = self.bots.get_mut(bot).and_then(|b| b.bonuses.as_mut())
                {
                    *counts.entry(key.clone()).or_insert(0) += 1;
                }
            }
        }
        self.add_bot_sides(o);
        for ((s, &t), &w) in self.seats.iter_mut().zip(&o.totals).zip(&o.shares) {
            s.score.add(t);
            s.score_sum += i128::from(t);
            s.score_sq_sum += u128::from(t.unsigned_abs()).pow(2);
            s.win_units += u128::from(w);
            s.win_sq_units += u128::from(w).pow(2);
        }
        if let Some(f) = &mut self.finishes {
            // Each side once (a team's seats each hold its total and share).
            let mut sides: Vec<(Side, (i64, u64))> = Vec::new();
            for ((&side, &t), &w) in self.seat_side.iter().zip(&o.totals).zip(&o.shares) {
                if !sides.iter().any(|(x, _)| *x == side) {
                    sides.push((side, (t, w)));
                }
            }
            let sides: Vec<(i64, u64)> = sides.into_iter().map(|(_, v)| v).collect();
            f.add(&sides);
        }
        if let Some(dominoes) = &mut self.dominoes {
            for (id, side) in self.placers.drain(..) {
                // The side's result, read at its first seat (a team's seats share it).
                let Some(p) = self.seat_side.iter().position(|&s| s == side) else {
                    continue;
                };
                let (Some(&t), Some(&w), Some(d)) = (
                    o.totals.get(p),
                    o.shares.get(p),
                    dominoes.get_mut(usize::from(id)),
                ) else {
                    continue;
                };
                d.placed += 1;
                d.win_units += u128::from(w);
                d.win_sq_units += u128::from(w).pow(2);
                d.score_sum += i128::from(t);
                d.score_sq_sum += u128::from(t.unsigned_abs()).pow(2);
            }
        }
        let ranks = std::mem::take(&mut self.ranks);
        if ranks.len() == self.seats.len() {
            for ((&rank, &t), &w) in ranks.iter().zip(&o.totals).zip(&o.shares) {
                if self.first_claims.len() <= rank {
                    self.first_claims.resize(rank + 1, ClaimTally::default());
                }
                let c = &mut self.first_claims[rank];
                c.games += 1;
                c.win_units += u128::from(w);
                c.win_sq_units += u128::from(w).pow(2);
                c.score_sum += i128::from(t);
                c.score_sq_sum += u128::from(t.unsigned_abs()).pow(2);
            }
        }
    }

    /// In team games, the sides each bot played in this game (or match), with its seats in
    /// each ([`SideGames`]).
    fn add_bot_sides(&mut self, o: &Outcome) {
        if o.bots.len() != self.seat_side.len() {
            return;
        }
        let mut seats: Vec<((usize, Side), u64)> = Vec::new();
        for (&bot, &side) in o.bots.iter().zip(&self.seat_side) {
            match seats.iter_mut().find(|(key, _)| *key == (bot, side)) {
                Some((_, n)) => *n += 1,
                None => seats.push(((bot, side), 1)),
            }
        }
        for ((bot, _), n) in seats {
            if let Some(s) = self.bots.get_mut(bot).and_then(|b| b.sides.as_mut()) {
                s.games += 1;
                s.seats_sq += n * n;
            }
        }
    }

    /// Seats a side has: 1 without teams, else the team's (every side is a whole team of one
    /// size: [`Tally::check`]).
    pub fn team_seats(&self) -> u64 {
        (self.seat_side.len() / self.sides().max(1)).max(1) as u64
    }

    /// A place's figures in the first claims over its sides: each game one side holds a place,
    /// and a team's seats each count its one result, so the seat-games and sums are the
    /// team's size times the side-games' ([`Tally::check`] holds them to it).
    pub fn place_units(&self, c: &ClaimTally) -> Units {
        let k = self.team_seats();
        Units {
            games: c.games / k,
            win_units: c.win_units / u128::from(k),
            win_sq_units: c.win_sq_units / u128::from(k),
            score_sum: c.score_sum / i128::from(k),
            score_sq_sum: c.score_sq_sum / u128::from(k),
        }
    }

    /// The count of independent results a bot's seat-games are worth: the seat-games without
    /// teams; in team games `seat-games^2 / sum of the squares of its seats in each side-game`
    /// ([`SideGames`]: the side-games where it holds as many seats in each); `None` in team
    /// games where a part of an older build kept no side-games.
    pub fn bot_units(&self, b: &BotTally) -> Option<f64> {
        match &b.sides {
            Some(s) if s.seats_sq > 0 => Some((b.games as f64).powi(2) / s.seats_sq as f64),
            Some(_) => Some(0.0),
            None if self.team_seats() > 1 => None,
            None => Some(b.games as f64),
        }
    }

    /// Add another tally of the same table (the order never matters).
    pub fn merge(&mut self, o: &Tally) -> Result<(), TallyError> {
        if self.seat_side != o.seat_side || self.seats.len() != o.seats.len() {
            return Err(TallyError::Mismatch("seats"));
        }
        if self.match_games != o.match_games {
            return Err(TallyError::Mismatch("games per match"));
        }
        if self.bots.len() != o.bots.len()
            || self.bots.iter().zip(&o.bots).any(|(a, b)| a.bot != b.bot)
        {
            return Err(TallyError::Mismatch("bots"));
        }
        // A part of an older build counts no resources held: merged with a newer one's, the
        // means would count some games and not others.
        if self.games > 0 && o.games > 0 && self.held.is_empty() != o.held.is_empty() {
            return Err(TallyError::Mismatch(
                "resources held (parts of different versions of crownlands)",
            ));
        }
        // A part of an older build counts no first claims: merged with a newer one's, the
        // places would count some games and not others.
        if self.games > 0
            && o.games > 0
            && self.first_claims.is_empty() != o.first_claims.is_empty()
        {
            return Err(TallyError::Mismatch(
                "first claims (parts of different versions of crownlands)",
            ));
        }
        // The same for how the games were won.
        if self.games > 0 && o.games > 0 && self.finishes.is_none() != o.finishes.is_none() {
            return Err(TallyError::Mismatch(
                "how the games were won (parts of different versions of crownlands)",
            ));
        }
        // And for the bots' figures by side in team games.
        let by_side = |t: &Tally| t.bots.iter().any(|b| b.sides.is_some());
        if self.games > 0 && o.games > 0 && by_side(self) != by_side(o) {
            return Err(TallyError::Mismatch(
                "the bots' side-games in teams (parts of different versions of crownlands)",
            ));
        }
        if self.games > 0 && o.games > 0 && self.unclaimed.is_none() != o.unclaimed.is_none() {
            return Err(TallyError::Mismatch(
                "discards left unclaimed (parts of different versions of crownlands)",
            ));
        }
        add_known(&mut self.unclaimed, o.unclaimed, self.games, o.games)?;
        // Dominoes given up: a part of an older build counted none, which says nothing of its
        // games (its total is dropped, the run's other figures kept).
        add_known(&mut self.given_up, o.given_up, self.games, o.games)?;
        // A bound both parts know (the same rules: the run's hash says so); one that only one
        // knows (a part of an older build) is not assumed.
        if self.least_total != o.least_total {
            self.least_total = None;
        }
        match (&mut self.finishes, &o.finishes) {
            (Some(a), Some(b)) => a.merge(b)?,
            (a @ None, Some(b)) if self.games == 0 => *a = Some(b.clone()),
            (a, None) if o.games > 0 => *a = None,
            _ => {}
        }
        match (&mut self.dominoes, &o.dominoes) {
            (Some(a), Some(b)) => {
                if a.len() != b.len() {
                    return Err(TallyError::Mismatch("dominoes"));
                }
                for (x, y) in a.iter_mut().zip(b) {
                    x.merge(y)?;
                }
            }
            (None, None) => {}
            (a @ None, Some(b)) if self.games == 0 => *a = Some(b.clone()),
            (Some(_), None) if o.games == 0 => {}
            _ => {
                return Err(TallyError::Mismatch(
                    "dominoes counted (a run with --dominoes and one without)",
                ));
            }
        }
        let self_games = self.games;
        add(&mut self.games, o.games)?;
        for (s, t) in self.seats.iter_mut().zip(&o.seats) {
            s.score.merge(&t.score)?;
            add(&mut s.score_sum, t.score_sum)?;
            add(&mut s.score_sq_sum, t.score_sq_sum)?;
            add(&mut s.win_units, t.win_units)?;
            add(&mut s.win_sq_units, t.win_sq_units)?;
            add(&mut s.placed, t.placed)?;
        }
        let seats = self.seats.len();
        add_rows(&mut self.bonuses, &o.bonuses, seats, "bonus seats")?;
        // A part of last session's build counts what is held but not its squares.
        if self.games > 0
            && o.games > 0
            && !self.held.is_empty()
            && self.held_sq.is_empty() != o.held_sq.is_empty()
        {
            return Err(TallyError::Mismatch(
                "resources held (parts of different versions of crownlands)",
            ));
        }
        add_rows(&mut self.held, &o.held, seats, "resource seats")?;
        add_rows(&mut self.held_sq, &o.held_sq, seats, "resource seats")?;
        self.discarded.merge(&o.discarded)?;
        if self.first_claims.len() < o.first_claims.len() {
            self.first_claims
                .resize(o.first_claims.len(), ClaimTally::default());
        }
        for (a, b) in self.first_claims.iter_mut().zip(&o.first_claims) {
            add(&mut a.games, b.games)?;
            add(&mut a.win_units, b.win_units)?;
            add(&mut a.win_sq_units, b.win_sq_units)?;
            add(&mut a.score_sum, b.score_sum)?;
            add(&mut a.score_sq_sum, b.score_sq_sum)?;
        }
        for (a, b) in self.bots.iter_mut().zip(&o.bots) {
            add(&mut a.games, b.games)?;
            add(&mut a.win_units, b.win_units)?;
            add(&mut a.win_sq_units, b.win_sq_units)?;
            add(&mut a.score_sum, b.score_sum)?;
            add(&mut a.score_sq_sum, b.score_sq_sum)?;
            add(&mut a.margin_sum, b.margin_sum)?;
            add(&mut a.decisions, b.decisions)?;
            add(&mut a.nanos, b.nanos)?;
            match (&mut a.bonuses, &b.bonuses) {
                (Some(into), Some(from)) => {
                    for (key, &n) in from {
                        add(into.entry(key.clone()).or_insert(0), n)?;
                    }
                }
                // One side of an older build: no counts by bot for the whole.
                _ => a.bonuses = None,
            }
            match (&mut a.sides, &b.sides) {
                (Some(x), Some(y)) => x.merge(y)?,
                // An empty tally takes the other's (which one counted games: checked above).
                (x @ None, Some(y)) if self_games == 0 => *x = Some(y.clone()),
                (x, None) if o.games > 0 => *x = None,
                _ => {}
            }
        }
        Ok(())
    }
}

impl Tally {
    /// The least and the most of any seat's total, as the histograms allow (`None`: nothing
    /// counted).
    pub fn totals_range(&self) -> Option<(i128, i128)> {
        self.seats
            .iter()
            .filter_map(|s| s.score.range())
            .reduce(|(a0, a1), (b0, b1)| (a0.min(b0), a1.max(b1)))
    }

    /// The sides (kingdoms or teams) the seats play.
    pub fn sides(&self) -> usize {
        let mut sides = self.seat_side.clone();
        sides.sort_unstable();
        sides.dedup();
        sides.len()
    }

    /// Games counted, each game of a match on its own (bonuses and discards are counted so).
    pub fn games_of_matches(&self) -> u64 {
        self.games
            .saturating_mul(u64::from(self.match_games.max(1)))
    }

    /// The dominoes dealt over the games counted: placed (each side's once, however many
    /// seats play it) or discarded.
    pub fn dealt(&self) -> i128 {
        let mut sides_placed: Vec<(Side, u64)> = Vec::new();
        for (s, &side) in self.seats.iter().zip(&self.seat_side) {
            if !sides_placed.iter().any(|(x, _)| *x == side) {
                sides_placed.push((side, s.placed));
            }
        }
        sides_placed
            .iter()
            .map(|&(_, n)| i128::from(n))
            .sum::<i128>()
            + self.discarded.sums().0
    }
}

pub use super::paired::{
    PairedGroup, PairedSeat, add_paired, add_paired_bots, add_paired_places, merge_paired,
    merge_paired_groups,
};

/// The integer kinds a tally sums, added without overflowing.
pub(super) trait Count: Copy {
    fn checked(self, other: Self) -> Option<Self>;
}

macro_rules! count {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn checked(self, other: Self) -> Option<Self> {
                self.checked_add(other)
            }
        }
    )*};
}
count!(u64, u128, i128);

/// `*a += b`, refusing an overflow (a tally read from a file may hold anything).
/// Add a count that a part of an older build does not know (`None`): known in both, summed;
/// known only in `b` while `a` holds no games yet, taken; unknown in `b` with games, unknown.
fn add_known(
    a: &mut Option<u64>,
    b: Option<u64>,
    a_games: u64,
    b_games: u64,
) -> Result<(), TallyError> {
    match (a, b) {
        (Some(a), Some(b)) => add(a, b)?,
        (a @ None, Some(b)) if a_games == 0 => *a = Some(b),
        (a, None) if b_games > 0 => *a = None,
        _ => {}
    }
    Ok(())
}

pub(super) fn add<T: Count>(a: &mut T, b: T) -> Result<(), TallyError> {
    *a = a.checked(b).ok_or(TallyError::Overflow)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_that_counts_no_resources_held_does_not_merge_with_one_that_does() {
        // A part of an older build (no `held`) beside a newer one's: the means would count
        // some games and not others.
        let sides = vec![Side(0), Side(1)];
        let mut newer = Tally::new(sides.clone(), 1, &[]);
        newer.games = 3;
        newer.held.insert("coins".into(), vec![12, 9]);
        let mut older = Tally::new(sides, 1, &[]);
        older.games = 2;
        assert!(matches!(
            newer.clone().merge(&older),
            Err(TallyError::Mismatch(_))
        ));
        assert!(older.merge(&newer).is_err());
        // Two newer parts add up, resource by resource.
        let mut twice = newer.clone();
        twice.merge(&newer).expect("merge");
        assert_eq!(twice.held["coins"], [24, 18]);
        // A part that keeps the squares too (this build) does not merge with one that does not
        // (the last session's); two such add up.
        let mut squared = newer.clone();
        squared.held_sq.insert("coins".into(), vec![60, 41]);
        assert!(matches!(
            squared.clone().merge(&newer),
            Err(TallyError::Mismatch(_))
        ));
        let mut both = squared.clone();
        both.merge(&squared).expect("merge");
        assert_eq!(both.held_sq["coins"], [120, 82]);
    }

    /// A part's games a match within what a ruleset plays, and its seats' sides numbered with
    /// no gap (a file edited to say otherwise is refused, not merged).
    #[test]
    fn games_a_match_and_the_sides_must_be_a_table_s() {
        let t = Tally::new(vec![Side(0), Side(1), Side(2)], 1, &[]);
        t.check().expect("consistent");
        for games in [0, crownlands_core::ruleset::MAX_MATCH_GAMES + 1] {
            let mut bad = t.clone();
            bad.match_games = games;
            assert!(
                matches!(bad.check(), Err(TallyError::Inconsistent(m)) if m.contains("games a match"))
            );
        }
        let mut gap = t.clone();
        gap.seat_side = vec![Side(0), Side(1), Side(3)];
        assert!(matches!(gap.check(), Err(TallyError::Inconsistent(m)) if m.contains("skip one")));
    }

    #[test]
    fn how_games_were_won_counts_ties_shared_wins_and_the_winners_margin() {
        // Three teams of two seats (a team's seats each hold its total and share).
        let sides = vec![Side(0), Side(0), Side(1), Side(1), Side(2), Side(2)];
        let mut t = Tally::new(sides.clone(), 1, &[]);
        let seats = |winners: &[u8]| -> Vec<Seat> { winners.iter().map(|&s| Seat(s)).collect() };
        // Won alone by 7; tied at the top and decided (the team); tied and shared.
        for (totals, winners) in [
            (vec![30, 30, 23, 23, 10, 10], seats(&[0, 1])),
            (vec![40, 40, 40, 40, 12, 12], seats(&[0, 1])),
            (vec![18, 18, 25, 25, 25, 25], seats(&[2, 3, 4, 5])),
        ] {
            let o = Outcome::new(totals, &winners, &sides);
            t.add_outcome(&o);
            t.discarded.add(0);
        }
        let f = t.finishes.clone().expect("counted");
        assert_eq!((f.tied_top, f.shared), (2, 1));
        assert_eq!((f.margin_sum, f.margin_sq_sum), (7, 49));
        t.check().expect("consistent");
        // A part of an older build counts none: not merged with a newer one's.
        let mut older = Tally::new(sides, 1, &[]);
        older.finishes = None;
        older.games = 2;
        assert!(matches!(
            t.clone().merge(&older),
            Err(TallyError::Mismatch(_))
        ));
        // Counts a file could not hold together are refused.
        let mut bad = t.clone();
        bad.finishes = Some(Finishes {
            shared: 3,
            ..f.clone()
        });
        assert!(
            matches!(bad.check(), Err(TallyError::Inconsistent(m)) if m.contains("tied at the top"))
        );
        let mut twice = t.clone();
        twice.merge(&t).expect("merge");
        assert_eq!(twice.finishes.map(|f| f.tied_top), Some(4));
    }

    #[test]
    fn sums_fit_only_what_values_in_their_range_can_add_up_to() {
        // 3, 5 and 10: sum 18, squares 134, from 3 to 10.
        assert!(sums_fit(3, 18, 134, 3, 10));
        // The squares' parity is the sum's; at least sum^2 / n; at most what the range allows
        // ((3 + 10) 18 - 3 * 3 * 10 = 144: 3, 5, 10 is near it, 3, 3, 12 past the range).
        assert!(!sums_fit(3, 18, 133, 3, 10));
        assert!(!sums_fit(3, 18, 0, 3, 10));
        assert!(sums_fit(3, 18, 144, 3, 10));
        assert!(!sums_fit(3, 18, 146, 3, 10));
        assert!(!sums_fit(3, 18, u128::MAX - 1, 3, 10));
        // The sum within the count's range.
        assert!(!sums_fit(3, 31, 331, 3, 10));
        assert!(!sums_fit(3, -1, 1, 3, 10));
        // Nothing counted: nothing summed.
        assert!(sums_fit(0, 0, 0, 3, 10));
        assert!(!sums_fit(0, 2, 4, 3, 10));
        // Nothing counted in a range that holds nothing (margins of games all tied at the top).
        assert!(sums_fit(0, 0, 0, 1, 0));
        // Values near the ends of i64: refused or bounded, never overflowed.
        let big = i128::from(i64::MAX);
        assert!(sums_fit(2, 2 * big, 2 * (big * big) as u128, big, big));
        assert!(!sums_fit(u64::MAX, 0, u128::MAX, -big, big));
    }

    #[test]
    fn wide_buckets_hold_their_sums_within_their_ends() {
        // 10 and 11 counted in buckets of 4 (8 to 11): sums from 16 to 22.
        let h = Histogram {
            low: 8,
            width: 4,
            counts: vec![2],
        };
        assert_eq!(h.range(), Some((8, 11)));
        assert_eq!(h.allows(), Some(((16, 22), (128, 242))));
        // A bucket across 0 allows squares of 0.
        let h = Histogram {
            low: -4,
            width: 8,
            counts: vec![1],
        };
        assert_eq!(h.allows(), Some(((-4, 3), (0, 16))));
        let mut t = Tally::new(vec![Side(0), Side(1)], 1, &[]);
        for (totals, winner) in [(vec![10, 4], 0), (vec![11, 30], 1)] {
            let o = Outcome::new(totals, &[Seat(winner)], &t.seat_side.clone());
            t.add_outcome(&o);
            t.discarded.add(0);
        }
        t.seats[0].score = Histogram {
            low: 8,
            width: 4,
            counts: vec![2],
        };
        t.check().expect("sums within the buckets");
        // Scores of 2^40 beside sums of 21 points.
        t.seats[0].score.low = 1 << 40;
        assert!(
            matches!(t.check(), Err(TallyError::Inconsistent(m)) if m.contains("do not match the histogram"))
        );
        t.seats[0].score.low = 8;
        t.seats[0].score_sum = 23;
        t.seats[0].score_sq_sum = 23 * 23 / 2 + 1;
        assert!(t.check().is_err());
    }

    #[test]
    fn what_counts_the_seat_games_again_adds_up_to_the_seats() {
        let sides = vec![Side(0), Side(1)];
        let mut t = Tally::new(sides.clone(), 1, &["greedy".into(), "random".into()]);
        for (totals, winner, bots) in [
            (vec![10, 4], 0, vec![0, 1]),
            (vec![11, 30], 1, vec![1, 0]),
            (vec![20, 7], 0, vec![0, 1]),
        ] {
            let mut o = Outcome::new(totals.clone(), &[Seat(winner)], &sides);
            o.bots = bots.clone();
            for (p, &b) in bots.iter().enumerate() {
                let (share, total) = (u128::from(o.shares[p]), totals[p]);
                let bot = &mut t.bots[b];
                bot.games += 1;
                bot.win_units += share;
                bot.win_sq_units += share * share;
                bot.score_sum += i128::from(total);
                bot.score_sq_sum += u128::from(total.unsigned_abs()).pow(2);
                bot.margin_sum += i128::from(total - totals[1 - p]);
            }
            t.ranks = vec![p_rank(winner), 1 - p_rank(winner)];
            t.add_outcome(&o);
            t.discarded.add(0);
        }
        t.check().expect("a tally as a run counts it");
        // A bot's games past the seats', a score sum of -1, its squares 0.
        type Edit = fn(&mut Tally);
        let edits: [(&str, Edit); 6] = [
            ("bot greedy", |t| t.bots[0].games = 6),
            ("bot greedy", |t| t.bots[0].score_sum = -1),
            ("bot random", |t| t.bots[1].score_sq_sum = 0),
            ("add up to the seats'", |t| {
                t.bots[0].score_sum += 2;
                t.bots[0].score_sq_sum += 20;
            }),
            ("margins do not add up", |t| {
                t.bots[0].margin_sum += 2;
            }),
            ("place 1 in the first claims", |t| {
                t.first_claims[0].score_sq_sum = 0;
            }),
        ];
        for (says, edit) in edits {
            let mut bad = t.clone();
            edit(&mut bad);
            assert!(
                matches!(bad.check(), Err(TallyError::Inconsistent(ref m)) if m.contains(says)),
                "{says}: {:?}",
                bad.check()
            );
        }
        // The winners' margins (10 - 4 = 6, 30 - 11 = 19, 13): their squares at most the
        // range's, whole with the sums' parity.
        for sq in [u128::MAX, 0, 6 * 6 + 19 * 19 + 13 * 13 + 1] {
            let mut bad = t.clone();
            bad.finishes.as_mut().expect("counted").margin_sq_sum = sq;
            assert!(bad.check().is_err(), "{sq}");
        }
    }

    /// A team game counted as a run counts it: the seats' bots' figures (as the table adds
    /// them), the places in the first claims (the team of seat 0 first), then the outcome.
    fn add_team_game(t: &mut Tally, totals: Vec<i64>, winners: &[u8], bots: Vec<usize>) {
        let sides = t.seat_side.clone();
        let winners: Vec<Seat> = winners.iter().map(|&s| Seat(s)).collect();
        let mut o = Outcome::new(totals.clone(), &winners, &sides);
        o.bots = bots.clone();
        for (p, &b) in bots.iter().enumerate() {
            let share = u128::from(o.shares[p]);
            let best_other = (0..totals.len())
                .filter(|&q| sides[q] != sides[p])
                .map(|q| totals[q])
                .max()
                .unwrap_or(0);
            let bot = &mut t.bots[b];
            bot.games += 1;
            bot.win_units += share;
            bot.win_sq_units += share * share;
            bot.score_sum += i128::from(totals[p]);
            bot.score_sq_sum += u128::from(totals[p].unsigned_abs()).pow(2);
            bot.margin_sum += i128::from(totals[p] - best_other);
        }
        t.ranks = sides.iter().map(|s| s.index()).collect();
        t.add_outcome(&o);
        t.discarded.add(0);
    }

    #[test]
    fn in_teams_a_bots_intervals_count_each_team_it_plays_in_once_a_game() {
        use crate::lab::stats;
        let sides = vec![Side(0), Side(0), Side(1), Side(1)];
        let bots = ["greedy".to_string(), "random".to_string()];
        // Two greedy seats as one team, winning all ten games.
        let mut t = Tally::new(sides.clone(), 1, &bots);
        for g in 0..10 {
            add_team_game(
                &mut t,
                vec![50 + g, 50 + g, 20, 20],
                &[0, 1],
                vec![0, 0, 1, 1],
            );
        }
        t.check().expect("a tally as a run counts it");
        let greedy = t.bots[0].sides.clone().expect("kept in teams");
        assert_eq!(
            (t.bots[0].games, greedy.games, greedy.seats_sq),
            (20, 10, 40)
        );
        // Its win rate's interval is ten games' (Wilson: 72.2 to 100%), not twenty seats'.
        let s = stats::bots(&t);
        let (low, high) = crownlands_bots::tournament::wilson(10.0, 10);
        assert_eq!((s[0].win_rate.low, s[0].win_rate.high), (low, high));
        assert!(low < 0.75, "{low}");
        assert_eq!(s[0].units, Some(10.0));
        // The mean score's over the team's ten totals (the same mean as over the seats').
        let ten = stats::mean_interval(545, 29_785, 10);
        assert!((s[0].score.estimate - ten.estimate).abs() < 1e-12);
        assert!(
            (s[0].score.low - ten.low).abs() < 1e-9,
            "{:?} {ten:?}",
            s[0].score
        );
        assert!((s[0].score.high - ten.high).abs() < 1e-9);
        // The places in the first claims likewise: a team a game, not its two seats.
        assert_eq!(t.first_claims[0].games, 20);
        assert_eq!(t.place_units(&t.first_claims[0]).games, 10);
        let places = stats::first_claims(&t);
        assert_eq!((places[0].0.low, places[0].0.high), (low, high));
        // Split anyhow and merged, the same figures.
        let mut a = Tally::new(sides.clone(), 1, &bots);
        let mut b = Tally::new(sides.clone(), 1, &bots);
        for g in 0..10 {
            let half = if g < 4 { &mut a } else { &mut b };
            add_team_game(
                half,
                vec![50 + g, 50 + g, 20, 20],
                &[0, 1],
                vec![0, 0, 1, 1],
            );
        }
        a.merge(&b).expect("merge");
        assert_eq!(a, t);
        // A part of an older build, without the figures by team, does not merge with this
        // one's (and alone gives no interval rather than the seats').
        let mut older = b.clone();
        for bot in &mut older.bots {
            bot.sides = None;
        }
        assert!(matches!(
            a.clone().merge(&older),
            Err(TallyError::Mismatch(_))
        ));
        older.check().expect("an older part reads");
        assert!(!stats::bots(&older)[0].win_rate.has_interval());
        // A bot in both teams, once in each: two results a game; one with one seat in a team
        // and two in another is worth fewer than its three seats (9 / 5 a game).
        let mut mixed = Tally::new(sides.clone(), 1, &bots);
        for _ in 0..3 {
            add_team_game(&mut mixed, vec![40, 40, 30, 30], &[0, 1], vec![0, 1, 0, 1]);
        }
        mixed.check().expect("consistent");
        let both = mixed.bots[0].sides.clone().expect("kept");
        assert_eq!((both.games, both.seats_sq), (6, 6));
        assert_eq!(mixed.bot_units(&mixed.bots[0]), Some(6.0));
        let mut uneven = Tally::new(sides.clone(), 1, &bots);
        for _ in 0..5 {
            add_team_game(&mut uneven, vec![40, 40, 30, 30], &[0, 1], vec![0, 1, 0, 0]);
        }
        uneven.check().expect("consistent");
        let three = uneven.bots[0].sides.clone().expect("kept");
        assert_eq!((three.games, three.seats_sq), (10, 25));
        assert_eq!(uneven.bot_units(&uneven.bots[0]), Some(9.0));
        // Without teams nothing more is kept: the seats are the sides.
        let alone = Tally::new(vec![Side(0), Side(1)], 1, &bots);
        assert!(alone.bots.iter().all(|b| b.sides.is_none()));
        // Figures by team that a part could not hold together are refused.
        type Edit = fn(&mut Tally);
        let edits: [(&str, Edit); 5] = [
            ("that do not hold its 20 seat-games", |t| {
                t.bots[0].sides.as_mut().expect("kept").games = 21;
            }),
            ("that do not hold its 20 seat-games", |t| {
                t.bots[0].sides.as_mut().expect("kept").seats_sq = 20;
            }),
            ("kept by some bots and not others", |t| {
                t.bots[1].sides = None
            }),
            ("not whole teams'", |t| {
                t.first_claims[0].games = 21;
                t.first_claims[1].games = 19;
            }),
            ("teams of different sizes", |t| {
                t.seat_side = vec![Side(0), Side(0), Side(0), Side(1)];
            }),
        ];
        for (says, edit) in edits {
            let mut bad = t.clone();
            edit(&mut bad);
            assert!(
                matches!(bad.check(), Err(TallyError::Inconsistent(ref m)) if m.contains(says)),
                "{says}: {:?}",
                bad.check()
            );
        }
    }

    /// The place in the first claims of seat 0 when `winner` won (the winner claimed first).
    fn p_rank(winner: u8) -> usize {
        usize::from(winner != 0)
    }

    #[test]
    fn shares_of_a_tie_are_exact() {
        let seats = |v: &[u8]| v.iter().map(|&s| Seat(s)).collect::<Vec<_>>();
        let sides = |v: &[u8]| v.iter().map(|&s| Side(s)).collect::<Vec<_>>();
        let o = Outcome::new(
            vec![10, 10, 10, 4],
            &seats(&[0, 1, 2]),
            &sides(&[0, 1, 2, 3]),
        );
        assert_eq!(o.shares, vec![WIN_UNIT / 3, WIN_UNIT / 3, WIN_UNIT / 3, 0]);
        // A team of two winning alone: each of its seats wins whole.
        let o = Outcome::new(vec![10, 10, 4, 4], &seats(&[0, 1]), &sides(&[0, 0, 1, 1]));
        assert_eq!(o.shares, vec![WIN_UNIT, WIN_UNIT, 0, 0]);
    }
}

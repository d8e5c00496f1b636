//! The analysis of a decision: what a bot would have played, and what the move played and the
//! bot's preferred moves are worth.
//!
//! A decision is assessed from the acting player's view only (no peeking at the draw pile):
//! 1. **A shortlist**: the bot's preferred moves. For `mcts`, the root actions of its search,
//!    most visited first; for the other levels, the legal actions by greedy's value. The move
//!    actually played joins the shortlist.
//! 2. **An estimate for each**: the same `samples` determinized copies of the game for every
//!    candidate (common random numbers, so a lucky draw lifts every candidate alike), the
//!    candidate played, then the game finished by greedy playouts for every seat. A candidate's
//!    value is the acting side's win chance (shared wins split, under the ruleset's tie-breaks)
//!    and its expected final score.
//!
//! In a match of several games (Dynasty) a decision is weighed for the match: the game's
//! playout is followed by the match's later games (fresh deals, greedy for every seat), and the
//! win and the score are the match's (its totals, the earlier games' included: [`MatchSoFar`]).
//!
//! The best move is the candidate with the highest win chance, then the highest expected score
//! (so a lost or won position still ranks moves by points). The loss of the move played is what
//! it gives up against the best: in win chance, and in points.

use crate::kingdom_map::KingdomMap;
use crate::mcts::MctsBot;
use crate::rollout::{Lean, Rollout, play_out};
use crate::{Bot, Level, PlayerView, greedy};
use crownlands_core::rng::GameRng;
use crownlands_core::{Action, BySide, Game, KeptGame, Side};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub use crate::view::MatchSoFar;

/// What a move played gave up against the best, as a summary says it: the win chance in whole
/// percent (as every summary shows it) and the points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GivenUp {
    /// Points alone: the win chance lost reads 0% (a game decided).
    Points(f64),
    /// Win chance, for points: the move played is expected to score `more_points` more.
    WinForPoints { percent: f64, more_points: f64 },
    /// Win chance and points.
    Both { percent: f64, points: f64 },
}

/// What a move is worth to the acting side, estimated by playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The chance of winning, 0 to 1 (a shared win counts as a share).
    pub win: f64,
    /// The expected final score of the acting side.
    pub score: f64,
}

/// A win chance under this (or over one less it) is a game settled: the moves of such a game
/// rank by their points, the win chances between them (a few wins in the samples) being noise
/// (a playtest's hint put a skip at `win 1%, final ~48` over a build at `win 0%, final ~49`).
pub const SETTLED: f64 = 0.02;

impl Estimate {
    /// Ranks `self` against `other`: win chance first, then expected score; among moves of a
    /// game settled (both under [`SETTLED`] win chance, or both over one less it), expected
    /// score first, then win chance.
    pub fn better_than(&self, other: &Estimate) -> bool {
        self.rank_cmp(other) == std::cmp::Ordering::Greater
    }

    /// The order [`Estimate::better_than`] ranks by (a total order: lost, open and won games
    /// each ranked within their band, the bands in that order). Each estimate is banded by its
    /// own win chance, so two moves on either side of a band's edge (2% and 1.5%) are ranked
    /// by win chance, whatever their points: the bands take the noise out of settled games, not
    /// out of every comparison.
    pub fn rank_cmp(&self, other: &Estimate) -> std::cmp::Ordering {
        let key = |e: &Estimate| match e.band() {
            Band::Open => (Band::Open, e.win, e.score),
            b => (b, e.score, e.win),
        };
        // (`total_cmp`: a total order whatever the figures, NaN included.)
        let (a, b) = (key(self), key(other));
        a.0.cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.total_cmp(&b.2))
    }
}

/// Where a win chance stands: a game lost, open, or won ([`SETTLED`]), in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Lost,
    Open,
    Won,
}

impl Estimate {
    /// The band of its win chance: under [`SETTLED`] lost, over one less it won, else open.
    pub fn band(&self) -> Band {
        if self.win < SETTLED {
            Band::Lost
        } else if self.win > 1.0 - SETTLED {
            Band::Won
        } else {
            Band::Open
        }
    }
}

/// One candidate move and its estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub action: Action,
    pub value: Estimate,
}

/// The assessment of one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// The candidates, best first (see [`Estimate::better_than`]); never empty.
    pub candidates: Vec<Candidate>,
    /// The move played and its estimate, when one was given.
    pub played: Option<Candidate>,
    /// Whether there was only one legal move.
    pub forced: bool,
    /// The samples each estimate rests on: those asked, or fewer where their work passed
    /// [`MAX_ESTIMATE_WORK`].
    pub samples: u32,
}

impl Assessment {
    /// The best candidate.
    pub fn best(&self) -> Candidate {
        self.candidates[0]
    }

    /// What the move played gives up against the best: (win chance, points), never negative.
    pub fn loss(&self) -> (f64, f64) {
        match self.played {
            Some(p) => {
                let b = self.best().value;
                (
                    (b.win - p.value.win).max(0.0),
                    (b.score - p.value.score).max(0.0),
                )
            }
            None => (0.0, 0.0),
        }
    }

    /// How many points the best is expected to score more than the move played (below 0 where
    /// the move played is expected to score more: it gave up win chance for points).
    pub fn points_apart(&self) -> f64 {
        self.played
            .map_or(0.0, |p| self.best().value.score - p.value.score)
    }

    /// What the move played gave up, as a summary says it ([`GivenUp`]).
    pub fn given_up(&self) -> GivenUp {
        let (win, points) = self.loss();
        let percent = (win * 100.0).round();
        let apart = self.points_apart();
        if percent < 1.0 {
            GivenUp::Points(points)
        } else if apart <= -0.05 {
            GivenUp::WinForPoints {
                percent,
                more_points: -apart,
            }
        } else {
            GivenUp::Both { percent, points }
        }
    }

    /// What the move played gave up, in words (`27% win chance, 2.0 points`; `6.0 points` where
    /// the win chance lost reads 0%, a game decided; `1% win chance for 0.7 more points` where
    /// the move played is expected to score more than the best).
    pub fn loss_words(&self) -> String {
        match self.given_up() {
            GivenUp::Points(points) => format!("{points:.1} points"),
            GivenUp::WinForPoints {
                percent,
                more_points,
            } => format!("{percent:.0}% win chance for {more_points:.1} more points"),
            GivenUp::Both { percent, points } => {
                format!("{percent:.0}% win chance, {points:.1} points")
            }
        }
    }

    /// How big a mistake the move played is, to rank a player's mistakes: the larger of the win
    /// chance it gave up, in whole percentage points (as every summary shows it), and the
    /// points it gave up, a point weighing as a percentage point of win chance. So a move that
    /// gave up 6 points where the win was settled ranks above one that gave up 1% and 1.4
    /// points, and 27% above either.
    pub fn mistake_size(&self) -> f64 {
        let (win, points) = self.loss();
        (win * 100.0).round().max(points)
    }
}

/// The default number of samples behind each estimate.
pub const DEFAULT_SAMPLES: u32 = 200;

/// The most decisions an analysis weighs unless told more (`crownlands analyse
/// --max-decisions`; the terminal UI's "analyse this game" always): a forced move (one legal
/// action) is not weighed and not counted, but a game may hold at most four times as many.
/// Each decision keeps a copy of the game before it, so a save of a hundred thousand moves is
/// refused before it takes gigabytes.
pub const DEFAULT_MAX_DECISIONS: usize = 2_000;

/// The moves left to play out after a decision (to the end of its match: [`playout_moves`]),
/// summed over the decisions weighed, allowed for each decision an analysis may weigh
/// (`crownlands analyse --max-decisions`, [`DEFAULT_MAX_DECISIONS`]): every
/// estimate and search plays the game out from there, so this is what an analysis costs,
/// whatever the ruleset. A whole game of Royal
/// Wedding at 8 players (the longest shipped: about 480 moves) weighs about 230 decisions with
/// about 280 moves left each, some 65,000; the default's 2,000 decisions allow 240,000. A
/// stranger's game of 16 players and 960 dominoes (1,386 decisions, 1,920 moves: 1.6 million,
/// over an hour on two cores) is refused before any work.
pub const PLAYOUT_MOVES_PER_DECISION: usize = 120;

/// The moves the play-outs of `decisions` go through, a sample each: for each weighed decision
/// (forced moves are not weighed), the moves left after it to the end of its game and through
/// the match's later games ([`PlayoutMoves`], which counts them as a save is replayed).
pub fn playout_moves(
    decisions: &[Decision],
    at: &[(usize, usize)],
    game_moves: &[usize],
    finished: bool,
) -> usize {
    let mut moves = PlayoutMoves::new(game_moves.to_vec());
    for (d, &(game, index)) in decisions.iter().zip(at) {
        let weighed = d.before.legal_action_count() > 1;
        moves.add(&d.before, game, index, d.so_far.games_after, weighed);
    }
    moves.total(finished)
}

/// [`playout_moves`] counted decision by decision as a save is replayed, keeping no copy of a
/// game but the first's (for the length of a whole game), so a save can be refused on its
/// play-outs' length before its decisions are copied ([`PlayoutMoves::at_least`]). A finished
/// game's moves are the save's (`game_moves`, by game); the last game when it is not
/// `finished`, and each later game, count as a whole game played at random from the first
/// decision's table, or as what the save holds when that is more. So an unfinished save of a
/// long game is weighed by the game it starts, not by its few moves.
#[derive(Clone, Debug, Default)]
pub struct PlayoutMoves {
    game_moves: Vec<usize>,
    /// A whole game's moves at random, from the first decision's table.
    whole: Option<usize>,
    /// Each weighed decision's game, its move in the game, and the games after it.
    weighed: Vec<(usize, usize, u8)>,
    /// The moves counted so far with each game as long as the save holds it.
    at_least: usize,
}

impl PlayoutMoves {
    /// For a save whose games hold `game_moves` moves each.
    pub fn new(game_moves: Vec<usize>) -> PlayoutMoves {
        PlayoutMoves {
            game_moves,
            ..PlayoutMoves::default()
        }
    }

    /// The decision before move `index` of game `game` (of a match with `games_after` games
    /// after it), from the position `before`; `weighed` unless forced.
    pub fn add(
        &mut self,
        before: &Game,
        game: usize,
        index: usize,
        games_after: u8,
        weighed: bool,
    ) {
        let whole = *self.whole.get_or_insert_with(|| {
            let mut game = before.clone();
            game.reset(1);
            let mut rng = crownlands_core::rng::GameRng::seed_from(1);
            let mut moves = 0usize;
            while game.play_random(|| rng.next_u32()).is_some() {
                moves += 1;
            }
            moves
        });
        if weighed {
            self.weighed.push((game, index, games_after));
            let held = self.game_moves.get(game).copied().unwrap_or(0);
            self.at_least =
                self.at_least
                    .saturating_add(Self::left(held, index, whole, games_after));
        }
    }

    /// The moves counted so far, each game as long as the save holds it: at most
    /// [`PlayoutMoves::total`], whether or not the save's last game is finished.
    pub fn at_least(&self) -> usize {
        self.at_least
    }

    /// The moves the play-outs of the decisions added go through, the save's last game
    /// `finished` or not.
    pub fn total(&self, finished: bool) -> usize {
        let whole = self.whole.unwrap_or(0);
        let last = self.game_moves.len().saturating_sub(1);
        self.weighed
            .iter()
            .map(|&(game, index, games_after)| {
                let held = self.game_moves.get(game).copied().unwrap_or(0);
                let length = if game == last && !finished {
                    held.max(whole)
                } else {
                    held
                };
                Self::left(length, index, whole, games_after)
            })
            .fold(0usize, usize::saturating_add)
    }

    fn left(length: usize, index: usize, whole: usize, games_after: u8) -> usize {
        length
            .saturating_sub(index)
            .saturating_add(whole.saturating_mul(usize::from(games_after)))
    }
}

/// Whether `count` decisions to weigh and `forced` forced moves are more than an analysis of at
/// most `max` decisions takes ([`DEFAULT_MAX_DECISIONS`]).
pub fn too_many_decisions(count: usize, forced: usize, max: usize) -> bool {
    count > max || forced > max.max(1).saturating_mul(4)
}

/// How decisions are assessed: the bot level that proposes moves, how many moves it proposes and
/// how many samples each estimate takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Analyst {
    pub level: Level,
    /// How many of the bot's preferred moves are estimated (at least 1).
    pub shortlist: usize,
    pub samples: u32,
    /// The most work an estimate spends a candidate before it stops drawing samples
    /// ([`MAX_ESTIMATE_WORK`]).
    pub max_work: u64,
}

impl Default for Analyst {
    fn default() -> Self {
        Analyst {
            level: Level::Mcts(crate::MctsConfig::default()),
            shortlist: 3,
            samples: DEFAULT_SAMPLES,
            max_work: MAX_ESTIMATE_WORK,
        }
    }
}

impl Analyst {
    /// Assess the decision of the player to act in `view`; `played` is the move made there, if
    /// any (an illegal one is ignored). In a game of a match (a view made by
    /// [`PlayerView::in_match`]) the shortlist is searched and the estimates are made for the
    /// match, as the bots play it. Everything random comes from `seed`, so the same position,
    /// settings and seed always give the same assessment.
    pub fn assess(&self, view: &PlayerView<'_>, played: Option<Action>, seed: u64) -> Assessment {
        self.assess_inner(view, played, seed, None)
    }

    /// [`Analyst::assess`], giving up once `stop` is set (the player took the position back, or
    /// left): the search and the estimates stop at their next playout, and the answer is
    /// `None`. Until then, the same assessment as [`Analyst::assess`]'s.
    pub fn assess_until(
        &self,
        view: &PlayerView<'_>,
        played: Option<Action>,
        seed: u64,
        stop: &Arc<AtomicBool>,
    ) -> Option<Assessment> {
        let assessment = self.assess_inner(view, played, seed, Some(stop));
        (!stop.load(Ordering::Relaxed)).then_some(assessment)
    }

    fn assess_inner(
        &self,
        view: &PlayerView<'_>,
        played: Option<Action>,
        seed: u64,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Assessment {
        let so_far = view.so_far();
        let legal = view.legal_actions();
        let played = played.filter(|a| legal.contains(a));
        let mut shortlist = if legal.len() <= 1 {
            legal.clone()
        } else {
            self.proposals(view, &legal, seed, stop)
        };
        shortlist.truncate(self.shortlist.max(1));
        // The move played stands for a proposal of the same effect (a domino of two like
        // squares laid the other way round on the same cells), so it is not listed twice.
        if let Some(p) = played
            && let Some(same) = shortlist
                .iter()
                .position(|&a| a != p && once_each(view, vec![a, p]).len() == 1)
        {
            shortlist[same] = p;
        }
        if let Some(p) = played
            && !shortlist.contains(&p)
        {
            shortlist.push(p);
        }
        if shortlist.is_empty() {
            // Nothing legal: the game is over or nobody is to act.
            shortlist.push(Action::Discard);
        }
        let (values, samples) = estimate_counted(
            view,
            &shortlist,
            (self.samples, self.max_work),
            so_far,
            seed ^ ESTIMATE_SEED,
            stop.map(|s| &**s),
        );
        let mut candidates: Vec<Candidate> = shortlist
            .iter()
            .zip(values)
            .map(|(&action, value)| Candidate { action, value })
            .collect();
        let played = played.and_then(|p| candidates.iter().find(|c| c.action == p).copied());
        // Stable: among equal estimates the bot's own order stands.
        candidates.sort_by(|a, b| b.value.rank_cmp(&a.value));
        // A move played that ties the best exactly is the best: no other move to name.
        if let Some(p) = played
            && candidates[0].action != p.action
            && candidates[0].value == p.value
            && let Some(i) = candidates.iter().position(|c| c.action == p.action)
        {
            let c = candidates.remove(i);
            candidates.insert(0, c);
        }
        Assessment {
            candidates,
            played,
            forced: legal.len() <= 1,
            samples,
        }
    }

    /// The bot's preferred moves, best first.
    fn proposals(
        &self,
        view: &PlayerView<'_>,
        legal: &[Action],
        seed: u64,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Vec<Action> {
        match self.level {
            Level::Mcts(mut config) => {
                config.cap = Some(config.cap.map_or(SEARCH_CAP, |c| c.min(SEARCH_CAP)));
                let mut bot = MctsBot::new(config, seed, "analyst");
                if let Some(stop) = stop {
                    bot.stop_with(Arc::clone(stop));
                }
                let (choice, _) = bot.search(view);
                let mut ranked: Vec<Action> =
                    bot.root_ranking().into_iter().map(|(a, _, _)| a).collect();
                if ranked.first() != Some(&choice) {
                    ranked.retain(|&a| a != choice);
                    ranked.insert(0, choice);
                }
                once_each(view, ranked)
            }
            Level::Greedy | Level::Random => {
                let mut rng = GameRng::seed_from(seed);
                let values = greedy::action_values(view, legal, &mut rng);
                let mut order: Vec<usize> = (0..legal.len()).collect();
                order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
                once_each(view, order.into_iter().map(|i| legal[i]).collect())
            }
        }
    }
}

/// `ranked` with each move once, the first of each kept:
/// - a domino of two like squares (domino 11, grassland and grassland) laid on the same two cells
///   either way round is one move, though two actions (the hint listed `place 11 at 0,-1↑` and
///   `place 11 at 0,-2↓`, the same squares, as two of its three best);
/// - in a module's step, choices its module says do one thing at different squares (one
///   [`ChoiceView::group`], and panel row) on squares of one territory are one move: a tax from
///   either square of a swamp of 3, a building on either square of one town (the hint listed
///   both, and the analysis counted the other square, a whisker apart by its samples, as a
///   mistake).
///
/// [`ChoiceView::group`]: crownlands_core::modules::describe::ChoiceView::group
fn once_each(view: &PlayerView<'_>, ranked: Vec<Action>) -> Vec<Action> {
    let like = view
        .domino_to_place()
        .map(|id| view.domino(id))
        .is_some_and(|d| d.first == d.second);
    let step = ranked
        .iter()
        .any(|a| matches!(a, Action::Module { .. }))
        .then(|| view.step_view())
        .flatten();
    if !like && step.is_none() {
        return ranked;
    }
    let kingdom = view.kingdom(view.player());
    let same = |a: &Action| -> Option<Same> {
        match a {
            Action::Place { placement } if like => {
                let (x, y) = (placement.first, placement.second());
                Some(Same::Cells(if (x.y, x.x) <= (y.y, y.x) {
                    (x, y)
                } else {
                    (y, x)
                }))
            }
            Action::Module { .. } => {
                let choice = step.as_ref()?.choices.iter().find(|c| c.action == *a)?;
                let group = choice.group.clone()?;
                let first = *choice.cells.first()?;
                // The territory by its first cell row by row.
                let territory = kingdom
                    .territory_cells(first)
                    .into_iter()
                    .min_by_key(|c| (c.y, c.x))?;
                Some(Same::Territory(choice.row.clone(), group, territory))
            }
            _ => None,
        }
    };
    let mut seen = Vec::new();
    ranked
        .into_iter()
        .filter(|a| match same(a) {
            Some(k) if seen.contains(&k) => false,
            Some(k) => {
                seen.push(k);
                true
            }
            None => true,
        })
        .collect()
}

/// What makes two actions one move for [`once_each`].
#[derive(PartialEq)]
enum Same {
    /// A placement's two cells, in order.
    Cells((crownlands_core::Cell, crownlands_core::Cell)),
    /// A module's choice: its panel row, its group's words and its territory's first cell.
    Territory(Option<(String, usize)>, String, crownlands_core::Cell),
}

/// Mixed into the seed of the estimates, so they draw other samples than the search did.
const ESTIMATE_SEED: u64 = 0x616e_616c_7973_6973;

/// The most work ([`KingdomMap::work`]) the estimates of one decision spend per candidate before
/// they stop drawing samples: about four times what the biggest shipped table needs for its
/// 200 samples (Royal Wedding in teams at 8 players, about 1.8 million a candidate), so a
/// stranger's ruleset of huge kingdoms and lines cannot make one decision take hours. Past it
/// the estimates rest on the samples drawn so far (at least [`MIN_ESTIMATE_SAMPLES`]).
pub const MAX_ESTIMATE_WORK: u64 = 8_000_000;

/// The fewest samples an estimate rests on, whatever their work.
pub const MIN_ESTIMATE_SAMPLES: u32 = 8;

/// The longest the analyst's search of one decision runs (its budget is a count of playouts,
/// adapted to the table, which a default search spends in well under a second): a ruleset of
/// huge kingdoms and lines cannot make it take minutes. Only such a ruleset, or a machine
/// several times overloaded, reaches it; the assessment is then no longer reproducible.
pub const SEARCH_CAP: std::time::Duration = std::time::Duration::from_secs(4);

/// Estimate each of `actions` from `samples` common determinized samples of `view`, for the
/// match `so_far` says the game is part of (fewer when they pass [`MAX_ESTIMATE_WORK`]).
pub fn estimate(
    view: &PlayerView<'_>,
    actions: &[Action],
    samples: u32,
    so_far: &MatchSoFar,
    seed: u64,
) -> Vec<Estimate> {
    estimate_counted(
        view,
        actions,
        (samples, MAX_ESTIMATE_WORK),
        so_far,
        seed,
        None,
    )
    .0
}

/// [`estimate`] with the most work a candidate may take, and the number of samples drawn.
fn estimate_counted(
    view: &PlayerView<'_>,
    actions: &[Action],
    (samples, max_work): (u32, u64),
    so_far: &MatchSoFar,
    seed: u64,
    stop: Option<&AtomicBool>,
) -> (Vec<Estimate>, u32) {
    let side = view.side();
    let mut rng = GameRng::seed_from(seed);
    let mut map = KingdomMap::new();
    let lean = Lean::none(side);
    let samples = samples.max(1);
    let mut sums = vec![(0.0f64, 0.0f64); actions.len()];
    // Counted, not timed: the same samples on any machine.
    let most_work = max_work.saturating_mul(actions.len().max(1) as u64);
    let mut done = 0u32;
    for _ in 0..samples {
        if done >= MIN_ESTIMATE_SAMPLES && map.work() >= most_work
            || stop.is_some_and(|s| s.load(Ordering::Relaxed))
        {
            break;
        }
        done += 1;
        let sample = view.determinize(&mut rng);
        // The match's later games, played once a sample (fresh deals, whatever this game's end)
        // and shared by every candidate: common samples, as the game's own.
        let later = if so_far.alone() {
            LaterGames::default()
        } else {
            later_games(&sample, so_far, lean, &mut rng, &mut map)
        };
        // Every candidate's playout draws the same random numbers (the greedy players' ties,
        // the module steps' random choices), as they share the sample: the candidates are
        // compared on the same futures, so two moves alike in effect (a domino's mirror image
        // on an empty kingdom) come out alike, not several points apart by their draws alone.
        let playout_seed = rng.next_u64();
        for (sum, &action) in sums.iter_mut().zip(actions) {
            let mut game = sample.clone();
            if game.apply(action).is_err() {
                continue;
            }
            let mut draws = GameRng::seed_from(playout_seed);
            play_out(&mut game, Rollout::Greedy(0), lean, &mut draws, &mut map);
            let (win, score) = if so_far.alone() {
                result_for(&game, side)
            } else {
                match_result_for(&game, so_far, &later, side)
            };
            sum.0 += win;
            sum.1 += score;
        }
    }
    let n = f64::from(done.max(1));
    let values = sums
        .into_iter()
        .map(|(w, s)| Estimate {
            win: w / n,
            score: s / n,
        })
        .collect();
    (values, done)
}

/// The side's share of the win and its score at the end of `game`.
fn result_for(game: &Game, side: Side) -> (f64, f64) {
    let outcome = game.outcome();
    let win = if outcome.winners.contains(&side) {
        1.0 / outcome.winners.len() as f64
    } else {
        0.0
    };
    let score = outcome.scores.get(side).map_or(0, |s| s.total);
    (win, f64::from(score))
}

/// The match's later games in one sample: each side's points over them, and (where match
/// tie-breaks may settle equal totals) what those read of each game, in order.
#[derive(Default)]
struct LaterGames {
    totals: Vec<i64>,
    games: Vec<KeptGame>,
}

/// The side's share of the match's win and its match total, `game` being over: the earlier
/// games' totals, this game's, and the later games' ([`later_games`]). The highest total wins;
/// equal totals are settled by the match tie-breaks, counted over the earlier games, this one
/// and the later ones, as the match settles them ([`crownlands_core::MatchStanding`]); still
/// equal, they share the win.
fn match_result_for(
    game: &Game,
    so_far: &MatchSoFar,
    later: &LaterGames,
    side: Side,
) -> (f64, f64) {
    let totals = BySide::from_fn(game.sides(), |s| {
        let i = s.index();
        so_far.carried.get(i).copied().unwrap_or(0)
            + i64::from(game.score_total(s))
            + later.totals.get(i).copied().unwrap_or(0)
    });
    let best = totals.values().copied().max().unwrap_or(0);
    let mine = totals.get(side).copied().unwrap_or(0);
    if mine != best {
        return (0.0, mine as f64);
    }
    let tied = totals.values().filter(|&&t| t == best).count();
    let win = if tied == 1 {
        1.0
    } else {
        // (Without match tie-breaks counting changes nothing and the tied sides share.)
        let mut standing = so_far.standing.clone();
        standing.count(game);
        for later in &later.games {
            standing.count_kept(later);
        }
        let winners = standing.winners(&totals);
        if winners.contains(&side) {
            1.0 / winners.len() as f64
        } else {
            0.0
        }
    };
    (win, mine as f64)
}

/// Each side's points over `so_far.games_after` more games of the match (by side index), played
/// from fresh deals on a copy of `game` by greedy playouts for every seat; the finished games
/// kept where the match has tie-breaks to count.
fn later_games(
    game: &Game,
    so_far: &MatchSoFar,
    lean: Lean,
    rng: &mut GameRng,
    map: &mut KingdomMap,
) -> LaterGames {
    let mut later = LaterGames {
        totals: vec![0i64; usize::from(game.sides())],
        games: Vec::new(),
    };
    let mut next = game.clone();
    for _ in 0..so_far.games_after {
        next.reset(rng.next_u64());
        play_out(&mut next, Rollout::Greedy(0), lean, rng, map);
        for s in next.all_sides() {
            if let Some(t) = later.totals.get_mut(s.index()) {
                *t += i64::from(next.score_total(s));
            }
        }
        if let Some(kept) = so_far.standing.keep(&next) {
            later.games.push(kept);
        }
    }
    later
}

/// A player's (a side's) record over the decisions of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Decisions with a choice (more than one legal move).
    pub decisions: usize,
    /// Decisions with a single legal move.
    pub forced: usize,
    /// Mean loss in win chance over the decisions with a choice.
    pub mean_loss: f64,
    /// Mean loss in points over the decisions with a choice.
    pub mean_score_loss: f64,
    /// The biggest mistakes (indices into the assessments), biggest first
    /// ([`Assessment::mistake_size`]), at most `most`.
    pub mistakes: Vec<usize>,
    /// How many moves were mistakes, the biggest of them in `mistakes`.
    pub mistake_count: usize,
}

/// The least loss of win chance (0 to 1) that makes a move a mistake: half a percent, what a
/// summary shows as `1%`.
pub const MISTAKE_WIN_LOSS: f64 = 0.005;
/// The least loss of points that makes a move a mistake (with less win chance lost than
/// [`MISTAKE_WIN_LOSS`]): what a summary shows as `0.1` points. A move that gave up less than
/// both is not listed among the biggest mistakes, where it read `lost 0% win, 0.0 pts`.
pub const MISTAKE_SCORE_LOSS: f64 = 0.05;

/// The summary of `side` over `assessments`, `sides[i]` being the side that made decision `i`.
pub fn summarize(assessments: &[Assessment], sides: &[Side], side: Side, most: usize) -> Summary {
    let mine: Vec<usize> = (0..assessments.len().min(sides.len()))
        .filter(|&i| sides[i] == side)
        .collect();
    let chosen: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|&i| !assessments[i].forced)
        .collect();
    // (Over no decision, 0: a sum of no floats is -0.0.)
    let mean = |part: fn((f64, f64)) -> f64| {
        if chosen.is_empty() {
            0.0
        } else {
            chosen
                .iter()
                .map(|&i| part(assessments[i].loss()))
                .sum::<f64>()
                / chosen.len() as f64
        }
    };
    let mean_loss = mean(|l| l.0);
    let mean_score_loss = mean(|l| l.1);
    let mut mistakes: Vec<usize> = chosen
        .iter()
        .copied()
        .filter(|&i| {
            let (w, s) = assessments[i].loss();
            w >= MISTAKE_WIN_LOSS || s >= MISTAKE_SCORE_LOSS
        })
        .collect();
    // Biggest first; of two the same size, the one that gave up more points.
    mistakes.sort_by(|&a, &b| {
        let (sa, sb) = (assessments[a].mistake_size(), assessments[b].mistake_size());
        sb.total_cmp(&sa)
            .then(assessments[b].loss().1.total_cmp(&assessments[a].loss().1))
    });
    let mistake_count = mistakes.len();
    mistakes.truncate(most);
    Summary {
        decisions: chosen.len(),
        forced: mine.len() - chosen.len(),
        mean_loss,
        mean_score_loss,
        mistakes,
        mistake_count,
    }
}

/// One decision of a game to assess: the game just before it, the move played, and its place
/// among the saved match's decisions (from 0, the earlier games of a match counted), which
/// picks the seed it draws from ([`decision_seed`]).
#[derive(Clone, Debug)]
pub struct Decision {
    pub before: Game,
    pub played: Action,
    pub index: usize,
    /// Where the game stands in its match (the default for a game alone).
    pub so_far: MatchSoFar,
}

/// The seed `crownlands analyse` uses unless given `--seed`, and the one the TUI's analysis
/// and hint always use, so what the score screen and the hint say is what `crownlands analyse
/// SAVE` says.
pub const DEFAULT_SEED: u64 = 1;

/// A loss of win chance as the analyses write it (`crownlands analyse`'s table and summaries,
/// the terminal's analysis): tenths below 10% (`0.6%`), where whole percents read `0%` beside
/// mistakes of 2% and 5% (and two win columns each rounded to a whole percent, `24%` and `24%`,
/// beside a loss of `1%`); a whole percent from 10% on, a half rounded up (`12.5%` reads `13%`,
/// as the mistakes' lines say it).
pub fn loss_percent(x: f64) -> String {
    let percent = x * 100.0;
    if percent < 9.95 {
        format!("{percent:.1}%")
    } else {
        format!("{:.0}%", percent.round())
    }
}

/// The seed the decision at `index` (see [`Decision::index`]) is assessed with, under `seed`.
pub fn decision_seed(seed: u64, index: usize) -> u64 {
    crownlands_core::rng::derive_seed(seed, index as u64)
}

/// Assess every decision, in parallel on `jobs` threads (all cores when `None`). Decision `d`
/// draws from `decision_seed(seed, d.index)`, so the result is the same on any number of
/// threads. `progress` is called with the number of decisions done so far: the forced ones
/// (one legal move, nothing to weigh) are done at once, first.
pub fn assess_all(
    analyst: &Analyst,
    decisions: &[Decision],
    seed: u64,
    jobs: Option<usize>,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<Assessment>, String> {
    let never = Arc::new(AtomicBool::new(false));
    assess_all_until(analyst, decisions, seed, jobs, progress, &never)
}

/// As [`assess_all`], giving up once `stop` is set (a front end whose player left the
/// analysis): the decisions not begun are skipped and the result is an error.
pub fn assess_all_until(
    analyst: &Analyst,
    decisions: &[Decision],
    seed: u64,
    jobs: Option<usize>,
    progress: &(dyn Fn(usize) + Sync),
    stop: &Arc<AtomicBool>,
) -> Result<Vec<Assessment>, String> {
    use rayon::prelude::*;
    use std::sync::atomic::AtomicUsize;
    // A forced move is done at once: counted done before any is weighed (a progress that
    // counted them as the threads reached them read `9 of 48 done (10 of the 48 forced)`).
    let forced: Vec<bool> = decisions
        .iter()
        .map(|d| d.before.legal_action_count() <= 1)
        .collect();
    let at_once = forced.iter().filter(|&&f| f).count();
    let done = AtomicUsize::new(at_once);
    if at_once > 0 {
        progress(at_once);
    }
    let one = |(d, &forced): (&Decision, &bool)| {
        let view = PlayerView::in_match(&d.before, &d.so_far);
        let assessment = match view.filter(|_| !stop.load(Ordering::Relaxed)) {
            // Stopped meanwhile: the decision in progress gives up too (thrown away below).
            Some(view) => analyst.assess_inner(
                &view,
                Some(d.played),
                decision_seed(seed, d.index),
                Some(stop),
            ),
            None => Assessment {
                candidates: vec![Candidate {
                    action: d.played,
                    value: Estimate {
                        win: 0.0,
                        score: 0.0,
                    },
                }],
                played: None,
                forced: true,
                samples: 0,
            },
        };
        if !forced {
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        }
        assessment
    };
    let run = || decisions.par_iter().zip(&forced).map(one).collect();
    let all = match jobs {
        Some(j) => rayon::ThreadPoolBuilder::new()
            .num_threads(j.max(1))
            .build()
            .map(|pool| pool.install(run))
            .map_err(|e| format!("cannot start {j} threads: {e}")),
        None => Ok(run()),
    };
    if stop.load(Ordering::Relaxed) {
        return Err("the analysis was stopped".into());
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decision where the best move was worth `best` and the one played `played`.
    fn decision(best: (f64, f64), played: (f64, f64)) -> Assessment {
        let candidate = |(win, score): (f64, f64)| Candidate {
            action: Action::Pass,
            value: Estimate { win, score },
        };
        Assessment {
            candidates: vec![candidate(best)],
            played: Some(candidate(played)),
            forced: false,
            samples: 20,
        }
    }

    #[test]
    fn play_outs_counted_as_a_save_replays_are_those_of_its_decisions() {
        // A random 4-player game's decisions, counted one by one and over the kept copies: the
        // same total; a game cut short counts more (its last game plays on to a whole game),
        // never less than what was counted along the way.
        let ruleset = Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
                .expect("kingdomino"),
        );
        let mut game = Game::new(ruleset, 4, 7).expect("a game");
        let mut rng = GameRng::seed_from(7);
        let mut decisions = Vec::new();
        let mut at = Vec::new();
        let mut index = 0;
        while !game.is_over() {
            let before = game.clone();
            let Some(played) = game.play_random(|| rng.next_u32()) else {
                break;
            };
            at.push((0, index));
            decisions.push(Decision {
                before,
                played,
                index,
                so_far: MatchSoFar::default(),
            });
            index += 1;
        }
        let moves = vec![index];
        let mut counted = PlayoutMoves::new(moves.clone());
        for (d, &(g, i)) in decisions.iter().zip(&at) {
            let weighed = d.before.legal_action_count() > 1;
            counted.add(&d.before, g, i, 0, weighed);
        }
        let finished = playout_moves(&decisions, &at, &moves, true);
        assert!(finished > 0);
        assert_eq!(counted.total(true), finished);
        assert_eq!(counted.at_least(), finished);
        // The first ten moves alone, the game not finished: each counts to a whole game's end.
        let mut cut = PlayoutMoves::new(vec![10]);
        for (d, &(g, i)) in decisions.iter().zip(&at).take(10) {
            cut.add(&d.before, g, i, 0, d.before.legal_action_count() > 1);
        }
        assert!(cut.at_least() < cut.total(false));
        assert_eq!(
            cut.total(false),
            playout_moves(&decisions[..10], &at[..10], &[10], false)
        );
    }

    #[test]
    fn moves_of_a_settled_game_rank_by_points() {
        let e = |win, score| Estimate { win, score };
        // Lost: 1% at 48 points below 0% at 49.
        assert!(e(0.0, 49.0).better_than(&e(0.01, 48.0)));
        // Won: 99.5% at 60 points below 99% at 62.
        assert!(e(0.99, 62.0).better_than(&e(0.995, 60.0)));
        // Open: the win chance first.
        assert!(e(0.40, 30.0).better_than(&e(0.35, 40.0)));
        // Across the bands, the band: an open game above a lost one, a won one above both.
        assert!(e(0.03, 20.0).better_than(&e(0.01, 60.0)));
        assert!(e(0.99, 20.0).better_than(&e(0.97, 60.0)));
    }

    #[test]
    fn mistakes_equal_in_win_chance_but_for_rounding_rank_by_points() {
        // 1.0 - 0.95 and 0.35 - 0.30 are both 5% of 20 samples, a hair apart in floating
        // point: the one that gave up more points is the bigger mistake.
        let all = [
            decision((1.0, 40.0), (0.95, 38.9)),
            decision((0.35, 30.0), (0.30, 26.05)),
            decision((0.5, 30.0), (0.5, 29.0)),
        ];
        let sides = [Side(0); 3];
        let summary = summarize(&all, &sides, Side(0), 3);
        assert_eq!(summary.mistakes, vec![1, 0, 2]);
        // A game lost already: every loss of win chance reads 0% (0.4%, 0.1%, 0.3%); the
        // points rank them (a playtest saw 0.4, 1.0 and 1.5 points listed in that order).
        let all = [
            decision((0.004, 20.0), (0.0, 19.6)),
            decision((0.001, 20.0), (0.0, 19.0)),
            decision((0.003, 20.0), (0.0, 18.5)),
        ];
        let summary = summarize(&all, &sides, Side(0), 3);
        assert_eq!(summary.mistakes, vec![2, 1, 0]);
    }

    #[test]
    fn points_given_up_where_the_win_is_settled_outrank_a_whisker_of_win_chance() {
        // A playtest's bad game: a placement that gave up 1% and 1.4 points was listed among
        // the three biggest, three that gave up 5 to 6 points at 0% were not.
        let all = [
            decision((0.02, 20.0), (0.01, 18.6)),
            decision((0.0, 17.0), (0.0, 11.0)),
            decision((0.0, 18.7), (0.0, 13.3)),
            decision((0.30, 40.0), (0.03, 38.0)),
            decision((0.02, 26.4), (0.02, 21.2)),
        ];
        let sides = [Side(0); 5];
        let summary = summarize(&all, &sides, Side(0), 3);
        assert_eq!(summary.mistakes, vec![3, 1, 2]);
        assert_eq!(summary.mistake_count, 5);
    }

    #[test]
    fn a_loss_in_words_says_what_was_given_up_for_what() {
        assert_eq!(
            decision((0.49, 40.0), (0.22, 38.0)).loss_words(),
            "27% win chance, 2.0 points"
        );
        // The win settled: the points alone.
        assert_eq!(
            decision((0.0, 17.0), (0.0, 11.0)).loss_words(),
            "6.0 points"
        );
        // Win chance given up for points: the played move scores more.
        assert_eq!(
            decision((0.50, 37.26), (0.42, 37.95)).loss_words(),
            "8% win chance for 0.7 more points"
        );
    }

    #[test]
    fn a_small_loss_keeps_its_tenths() {
        // A mean of 0.4% beside mistakes of 2% and 5% read `0%`.
        assert_eq!(super::loss_percent(0.004), "0.4%");
        assert_eq!(super::loss_percent(0.0), "0.0%");
        assert_eq!(super::loss_percent(0.0994), "9.9%");
        assert_eq!(super::loss_percent(0.0996), "10%");
        // A half up from 10% on, as the mistakes' lines say it.
        assert_eq!(super::loss_percent(0.125), "13%");
        assert_eq!(super::loss_percent(0.164), "16%");
    }
}

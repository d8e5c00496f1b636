//! `mcts`: information-set Monte Carlo tree search over determinized samples of the hidden piles.
//!
//! Each iteration samples a game consistent with what the player knows
//! ([`PlayerView::determinize`]), walks down one shared tree choosing among the actions legal in
//! that sample by UCT (with availability counts, so an action that exists only in some samples
//! is judged against the times it was available: single-observer IS-MCTS), adds one node, and
//! finishes the game with a fast rollout policy. Every node keeps its statistics from the point
//! of view of the side that chose the action leading to it.
//!
//! By default only the searching side's actions are in the tree: the other sides play inside the
//! tree as they do in the playouts ([`Opponents::Rollout`]), so every playout deepens the bot's
//! own plan; [`Opponents::Tree`] searches every side's actions instead (max-n for more than two
//! sides). The root chooses by sequential halving on common samples ([`Root::Halving`], in
//! `halving.rs`); [`Root::Uct`] plays the most visited root action instead.
//!
//! The budget is a number of playouts (reproducible for a fixed seed) or a time per move.

use crate::kingdom_map::KingdomMap;
pub use crate::rollout::Rollout;
use crate::rollout::{Lean, greedy_choice, play_out, step};
use crate::widen::{sort_placements, width};
use crate::{Bot, PlayerView, side_of, sides};
use crownlands_core::rng::GameRng;
use crownlands_core::{Action, Game, Phase, Seat, Side};
use std::time::{Duration, Instant};

mod halving;

/// How long the search runs for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of playouts: the same seed gives the same moves.
    Playouts(u32),
    /// Wall-clock time per move (not reproducible).
    Time(Duration),
}

/// What a finished playout is worth to a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum Reward {
    /// 1 for a win, shared wins split, 0 otherwise (ties on the total are shared).
    Win,
    /// The score margin to the best other side, squashed from -scale..scale to 0..1.
    Margin,
    /// The win weighed by [`MctsConfig::win_weight`] (half unless set), the rest the margin.
    Mixed,
    /// The win weighed by [`MctsConfig::win_weight`] (half by default), the rest the side's own
    /// score (divided by twice the scale, at most 1).
    Score,
}

/// Who chooses the other sides' actions inside the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum Opponents {
    /// The tree: every side's actions are searched, each side maximising its own reward (max-n).
    Tree,
    /// The rollout policy: only the searching side's actions are in the tree; the other sides
    /// play as in the playouts.
    Rollout,
}

/// How the root chooses which of its actions the next playouts try.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum Root {
    /// UCT, like every other node; the most visited action is played.
    Uct,
    /// Sequential halving on common samples: in rounds, every remaining action is tried on the
    /// same fresh samples of the hidden piles, and the worse half (by mean reward) is dropped,
    /// until one is left. A playout budget too small for one sample per action and round
    /// searches by UCT.
    Halving,
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// How long a search runs. `None`, the default: [`TABLE_PLAYOUTS`] on kingdoms of at most
    /// [`TABLE_GRID`], [`DEFAULT_PLAYOUTS`] otherwise; adapted to the position's cost
    /// ([`MctsConfig::adapt`]).
    pub budget: Option<Budget>,
    /// The UCT exploration constant (rewards are in 0..1).
    pub exploration: f64,
    pub reward: Reward,
    /// The win's share of the [`Reward::Score`] reward, from 0 to 1, the own score's the rest
    /// (of [`Reward::Mixed`], the margin's the rest). `None` (the default) takes it from the
    /// table: [`WIN_WEIGHT`] of `Score` with more than two sides; with two, the default reward
    /// is `Mixed` at [`DUEL_WIN_WEIGHT`] (see `MctsBot::reward_in`); `Mixed` set alone, half.
    pub win_weight: Option<f64>,
    pub rollout: Rollout,
    /// The reward's scale in points ([`Reward`]): margins are squashed from -scale..scale into
    /// 0..1, own scores divided by twice the scale. 0 (the default) takes the scale from the
    /// table: the mean final score of every side over a few greedy playouts from the position
    /// searched ([`SCALE_PLAYOUTS`]), so the reward means the same in a 40-point game of
    /// Kingdomino and a 150-point game of Queendomino.
    pub margin_scale: f64,
    /// Sequential halving at the root considers only the best `top` placements by greedy's
    /// value (0: all), so each gets more samples.
    pub top: u16,
    /// The most a search may take, whatever its budget: a person waiting is never kept longer
    /// (None: no cap). A playout budget cut short is no longer reproducible.
    pub cap: Option<Duration>,
    /// Progressive widening of placements ([`crate::widen`]): a node visited `n` times considers
    /// its best `ceil(widen * sqrt(n + 1))` placements by the greedy value (0: all, unsorted).
    pub widen: f64,
    /// Keep the subtree of the action played when the bot acts again next (a placement, then
    /// its claim): the next search starts from its statistics.
    pub reuse: bool,
    /// Who plays the other sides inside the tree.
    pub opponents: Opponents,
    /// How the root spreads its playouts and picks the move.
    pub root: Root,
    /// Points added per crown to the searching side's claims in playouts (0: plain greedy).
    pub crown: f64,
    /// The share of another side's gain added to the searching side's claims in playouts (taking
    /// what the others want; 0: plain greedy). See [`Lean::deny`].
    pub deny: f64,
    /// A node's first visits try greedy's choice before the other unvisited actions (drawn at
    /// random otherwise).
    pub greedy_first: bool,
    /// The first `flat` rounds of sequential halving value each root action by greedy playouts
    /// straight after it, with no tree below it (the action followed by greedy play); later
    /// rounds search the tree below as usual. 0: the tree below in every round.
    pub flat: u8,
    /// The tree holds at most `depth` of the searching side's claims, placements and discards
    /// below the root (its module steps between them, Queendomino's tax, builds and Dragon, do
    /// not count; the other sides play inside the tree as in the playouts); deeper, the playout
    /// takes over. `Some(0)`: no limit. `None`, the default: [`TABLE_DEPTH`] with more than two
    /// sides, no limit with two. `depth=3` from a placement is that placement, its claim and the
    /// next placement (of the domino claimed, which the side knows), with the turn's module
    /// steps between. Deep in the tree a side's later choices are taken from statistics pooled
    /// over samples that drew other lines, where the greedy playout chooses from the line this
    /// sample drew.
    pub depth: Option<u8>,
    /// A playout budget adapts to the position's cost: `n` playouts become as many as cost the
    /// work of `n` playouts of [`REFERENCE_WORK`] (counted by [`KingdomMap::work`] over the
    /// scale's playouts, a playout at least [`MIN_PLAYOUT_WORK`]), and at least `n` divided by
    /// [`ADAPT_RANGE`] (at most [`ADAPT_FLOOR`]). A position whose
    /// playouts are long (early in a game, big kingdoms, many players) gets fewer, a late one
    /// more, so every decision takes about the same time; counted, not timed, so reproducible.
    pub adapt: bool,
    /// Points per domino the searching side has still to place, added to its total when a
    /// playout's win is decided (not to its margin or own score): the search plays the rest of
    /// the game better than the greedy playout that stands in for it, so a playout lost by a
    /// little is a game it would likely win. 0: the playout's totals as they are.
    pub edge: f64,
    /// Root parallelism: this many independent searches, one a thread, each with the whole
    /// budget and its own samples; their root statistics are summed and the most visited action
    /// is played. 1 searches on the calling thread.
    pub threads: u8,
    /// At a module's step (Queendomino's tax, builds and Dragon; any plugin's step), a playout
    /// budget is at most this many playouts per root action ([`STEP_PLAYOUTS`] by default; 0:
    /// no cap): a choice of three between taxing and passing does not need the thousands of
    /// playouts a placement among thirty does.
    pub step: u32,
}

/// Playouts of the default level on kingdoms larger than [`TABLE_GRID`] (Mighty Duel, Royal
/// Wedding's 7x7 tables, Queendomino at 2 players): well under a second a decision on one core of
/// the project's machine (see docs/bots.md, Speed). Twice the former 4,000 scored 1.27 points
/// more a game (and won 2.4% more) at 4 players against greedy over the same 400 deals (ninth
/// session, Strength).
pub const DEFAULT_PLAYOUTS: u32 = 8_000;

/// Playouts of the default level on kingdoms of at most [`TABLE_GRID`]: at 4 players against
/// greedy, twice [`DEFAULT_PLAYOUTS`] won 92.0% of 600 deals and scored 73.5 points a game,
/// against 91.9% and 72.6 (fourteenth session, docs/bots.md); at 2 players 94.8% of 200 deals
/// against 93.2% (seventeenth session; within the noise, as the ninth session's doubling there,
/// +0.8%, both the same way). Since the sixteenth session's faster placement value every
/// decision of it stays under a second on one core (2 players: slowest about 850 ms).
pub const TABLE_PLAYOUTS: u32 = 16_000;

/// The largest kingdoms (grid size) searched with [`TABLE_PLAYOUTS`] by default. A unit of work
/// on a 7x7 kingdom costs about 1.4 times one on 5x5 (a read fills and a hole count scans more
/// rows), and Royal Wedding on 7x7 (3 and 4 players, teams) deals both boxes as well, so there
/// twice the playouts took a second and more (fifteenth session); those tables keep
/// [`DEFAULT_PLAYOUTS`], as Mighty Duel does with its two sides.
pub const TABLE_GRID: u8 = 5;

/// The least work a playout counts for when a budget adapts ([`MctsConfig::adapt`]): besides
/// its placements valued, a playout costs a sample drawn, the tree's walk and the scores, about
/// 40 units whatever is left to play (sixteenth session, Royal Wedding at 6 players), so in the
/// last rounds, where a playout values a few dozen placements, counting the placements alone
/// asked for up to eight times the budget's playouts and took nearly a second. With this floor
/// an adapting budget searches at most `n * REFERENCE_WORK / MIN_PLAYOUT_WORK` playouts (five
/// times `n`).
pub const MIN_PLAYOUT_WORK: f64 = 200.0;

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: None,
            exploration: 0.35,
            reward: Reward::Score,
            win_weight: None,
            rollout: Rollout::Greedy(0),
            widen: 0.0,
            margin_scale: 0.0,
            reuse: false,
            opponents: Opponents::Rollout,
            root: Root::Halving,
            crown: 0.0,
            deny: 0.0,
            greedy_first: false,
            flat: 0,
            depth: None,
            threads: 1,
            edge: 0.0,
            top: 0,
            cap: None,
            adapt: true,
            step: STEP_PLAYOUTS,
        }
    }
}

/// The win's share of the default reward with more than two sides ([`MctsConfig::win_weight`]):
/// three tenths, the rest the side's own score, so the bot plays for a high score as well
/// (half until the thirteenth session: with [`TABLE_DEPTH`], three tenths scored 1.2 points more
/// a game at 4 players over the same deals and won as often, docs/bots.md).
pub const WIN_WEIGHT: f64 = 0.3;

/// The tree's depth by default with more than two sides ([`MctsConfig::depth`]): the searching
/// side's placement, its claim and its next placement (of the domino it claims, which it knows);
/// its later choices are the playout's.
pub const TABLE_DEPTH: u8 = 3;

/// The win's share of the default reward with two sides: nine tenths, the rest the margin to
/// the other side (the default there is [`Reward::Mixed`] at this weight). Beating the one other
/// side is what counts: against greedy at 2 players the win alone won 94 of 100 games where half
/// win, half own score won 88 (docs/bots.md, Strength), but it played a decided game anyhow
/// (35 points a game against 44); a tenth of the margin won as many games as the win alone over
/// 200 (185 and 186) and scored 41 (eighth session).
pub const DUEL_WIN_WEIGHT: f64 = 0.9;

/// Greedy playouts from the position searched that set the reward's scale when it comes from
/// the table ([`MctsConfig::margin_scale`] 0); not counted in the budget, and fewer for a budget
/// under 256 playouts (one per 16 playouts, at least one).
pub const SCALE_PLAYOUTS: u32 = 16;

/// The work of the reference playout of an adapting budget ([`MctsConfig::adapt`]), in
/// [`KingdomMap::work`] units: about a playout from the middle of a 4-player game of Kingdomino.
pub const REFERENCE_WORK: f64 = 1_000.0;

/// An adapting budget of `n` playouts searches at least `n / ADAPT_RANGE` playouts (at most
/// [`ADAPT_FLOOR`]); at most, see [`MIN_PLAYOUT_WORK`].
pub const ADAPT_RANGE: u32 = 8;

/// The most playouts the floor of an adapting budget asks for ([`ADAPT_RANGE`]): where a
/// position's playouts are so long that the floor binds (the first moves of Royal Wedding in
/// teams), a budget above 4,000 does not make those decisions slower than 4,000 did.
pub const ADAPT_FLOOR: u32 = 500;

/// Playouts per root action at most at a module's step, by default ([`MctsConfig::step`]).
pub const STEP_PLAYOUTS: u32 = 1_000;

/// The most nodes a search's tree holds (about 80 MB): past it the tree stops growing and the
/// playouts go on from its leaves, so that a long time (`mcts:3600s`) or a huge count of
/// playouts cannot take the machine's memory. The default's trees stay far below it (a few
/// hundred thousand nodes at most).
pub const MAX_TREE_NODES: usize = 2_000_000;

/// The root's actions with their visits and mean reward, most visited first
/// ([`MctsBot::root_ranking`]).
pub type RootRanking = Vec<(Action, u32, f64)>;

/// Monte Carlo tree search; see the module documentation.
pub struct MctsBot {
    config: MctsConfig,
    rng: GameRng,
    name: String,
    /// Playouts run over the bot's life (for benchmarks and reports).
    playouts: u64,
    tree: Vec<Node>,
    actions: Vec<Action>,
    values: Vec<(f64, Action)>,
    path: Vec<u32>,
    map: KingdomMap,
    /// The position expected at the next search (a canonical sample of it) and the node of the
    /// tree that stands for it.
    kept: Option<(Game, u32)>,
    spare: Vec<Node>,
    /// The most nodes the tree may hold ([`MAX_TREE_NODES`]; smaller in tests).
    max_nodes: usize,
    /// The side searching (the acting player's).
    me: u16,
    /// The seat searching (the acting player).
    seat: u8,
    /// The reward's scale in points for the present search.
    scale: f64,
    /// The present search's budget (the configured one, adapted: [`MctsConfig::adapt`]).
    budget: Budget,
    /// The mean work of a greedy playout from the position last searched ([`KingdomMap::work`]).
    playout_work: f64,
    /// When the present search must stop, whatever its budget ([`MctsConfig::cap`]).
    deadline: Option<Instant>,
    /// Set by a front end whose player took the position back: stop at once ([`Bot::stop_with`]).
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Each side's total from the earlier games of the match the present search's game is in
    /// (empty: a game alone): who wins is decided on the match's totals.
    carried: Vec<i64>,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    /// The side that chose `action`.
    side: u16,
    /// The seat that chose `action` (a side's seats share its statistics: teammates).
    seat: u8,
    /// Children: `tree[first..first + len]`; `len == 0` until the node is expanded.
    first: u32,
    len: u32,
    visits: u32,
    /// How many times this node's action was legal when its parent was visited.
    avail: u32,
    reward: f64,
    /// The children are placements sorted best first, widened progressively (see
    /// [`crate::widen`]).
    sorted: bool,
}

impl Node {
    /// A node for `action` chosen by `seat`, playing for `side`, not yet visited or expanded.
    fn new(action: Action, side: u16, seat: u8) -> Node {
        Node {
            action,
            side,
            seat,
            first: 0,
            len: 0,
            visits: 0,
            avail: 0,
            reward: 0.0,
            sorted: false,
        }
    }
}

impl MctsBot {
    pub fn new(config: MctsConfig, seed: u64, name: impl Into<String>) -> MctsBot {
        MctsBot {
            config,
            rng: GameRng::seed_from(seed),
            name: name.into(),
            playouts: 0,
            tree: Vec::new(),
            actions: Vec::new(),
            values: Vec::new(),
            path: Vec::new(),
            map: KingdomMap::new(),
            kept: None,
            spare: Vec::new(),
            max_nodes: MAX_TREE_NODES,
            me: 0,
            seat: 0,
            scale: 50.0,
            carried: Vec::new(),
            budget: configured_budget(config.budget, false),
            playout_work: 0.0,
            deadline: None,
            stop: None,
        }
    }

    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// How many nodes the tree holds now.
    pub fn tree_len(&self) -> usize {
        self.tree.len()
    }

    /// Playouts run so far.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The reward's scale in points in the last search ([`MctsConfig::margin_scale`]).
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The last search's tree visits by the seat whose choice each node is (the root excluded),
    /// by seat: whose decisions the search weighed. By default those are the searching side's
    /// seats only, a teammate's king as well as the bot's own ([`Opponents::Rollout`]); every
    /// seat with [`Opponents::Tree`].
    pub fn visits_by_seat(&self) -> Vec<(Seat, u64)> {
        let mut by_seat: Vec<(Seat, u64)> = Vec::new();
        for n in self.tree.iter().skip(1).filter(|n| n.visits > 0) {
            match by_seat.iter_mut().find(|(s, _)| s.0 == n.seat) {
                Some((_, v)) => *v += u64::from(n.visits),
                None => by_seat.push((Seat(n.seat), u64::from(n.visits))),
            }
        }
        by_seat.sort_by_key(|(s, _)| s.0);
        by_seat
    }

    /// The last search's budget: the configured one, adapted to the position's cost
    /// ([`MctsConfig::adapt`]).
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The mean work of a greedy playout from the position last searched, in
    /// [`KingdomMap::work`] units (0 when the search ran none).
    pub fn playout_work(&self) -> f64 {
        self.playout_work
    }

    /// Playouts behind the last search's answer, those of a reused subtree included.
    pub fn root_visits(&self) -> u32 {
        self.tree.first().map_or(0, |n| n.visits)
    }

    /// The root's actions after the last search with their visits and mean reward, most visited
    /// first (the better mean among equals). Empty before a search, and after one with a single
    /// legal action (nothing was searched).
    pub fn root_ranking(&self) -> RootRanking {
        let Some(root) = self.tree.first() else {
            return Vec::new();
        };
        let children = &self.tree[root.first as usize..(root.first + root.len) as usize];
        let mut ranked: Vec<(Action, u32, f64)> = children
            .iter()
            .map(|c| (c.action, c.visits, c.reward / f64::from(c.visits.max(1))))
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        ranked
    }

    /// Search from `view` and return the action chosen with its visit count. The search stops at
    /// its budget or at its cap ([`MctsConfig::cap`]), whichever comes first.
    pub fn search(&mut self, view: &PlayerView<'_>) -> (Action, u32) {
        let deadline = self.config.cap.map(|cap| Instant::now() + cap);
        self.search_until(view, deadline)
    }

    /// [`MctsBot::search`], stopping at `deadline` at the latest (besides the budget and the
    /// cap): a deadline already past gives a legal move at once.
    pub fn search_until(
        &mut self,
        view: &PlayerView<'_>,
        deadline: Option<Instant>,
    ) -> (Action, u32) {
        let capped = self.config.cap.map(|cap| Instant::now() + cap);
        self.deadline = match (deadline, capped) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut root_actions = view.legal_actions();
        drop_twin_placements(
            view.domino_to_place().map(|id| view.domino(id)),
            &mut root_actions,
        );
        let kept = self.kept.take();
        // The claims' remembered placements are a cache of greedy's pure choice; a new search
        // starts without them all the same (the same moves for a seed, whatever came before).
        self.map.forget();
        if root_actions.len() == 1 {
            self.tree.clear();
            return (root_actions[0], 0);
        }
        match kept {
            Some((expected, node)) if expected == canonical(view) => self.reroot(node),
            _ => {
                self.tree.clear();
                self.tree.push(Node::new(Action::Discard, 0, 0));
            }
        }
        self.me = u16::from(view.side().0);
        self.seat = view.player().0;
        self.carried.clone_from(&view.so_far().carried);
        if self.config.edge > 0.0 {
            let me = usize::from(self.me);
            if self.carried.len() <= me {
                self.carried.resize(me + 1, 0);
            }
            self.carried[me] += (self.config.edge * dominoes_left(view)).round() as i64;
        }
        if self.past_deadline() {
            self.tree.clear();
            return (self.fallback(view, &root_actions), 0);
        }
        if self.config.threads > 1 {
            return self.search_in_parallel(view, &root_actions);
        }
        (self.scale, self.budget) = self.survey(view);
        self.budget = self.step_budget(view, root_actions.len());
        let (action, visits, node) = match self.config.root {
            Root::Halving if self.can_halve(root_actions.len()) => {
                let shortlist = self.shortlist(view, &root_actions);
                self.halve(view, &shortlist)
            }
            Root::Halving | Root::Uct => self.uct(view, &root_actions),
        };
        if visits == 0 {
            // Stopped by the deadline before a playout.
            return (self.fallback(view, &root_actions), 0);
        }
        if self.config.reuse
            && let Some(node) = node
        {
            let mut next = canonical(view);
            if next.apply(action).is_ok() && !next.is_over() {
                next.resample_hidden(canonical_rng());
                self.kept = Some((next, node));
            }
        }
        (action, visits)
    }

    /// Root parallelism ([`MctsConfig::threads`]): independent searches on threads, each seeded
    /// from this bot's generator, their root statistics summed into this bot's tree (a root and
    /// its children only, so [`MctsBot::root_ranking`] ranks the summed statistics). The most
    /// visited action (the better mean among equals) is played.
    fn search_in_parallel(
        &mut self,
        view: &PlayerView<'_>,
        root_actions: &[Action],
    ) -> (Action, u32) {
        let threads = usize::from(self.config.threads);
        let config = MctsConfig {
            threads: 1,
            reuse: false,
            ..self.config
        };
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
        let deadline = self.deadline;
        let stop = self.stop.clone();
        // Each thread starts from a sample consistent with the view: the hidden order is never
        // read, and every search determinizes again from its own copy.
        let game = view.determinize(&mut self.rng);
        let so_far = view.so_far();
        let rankings: Vec<(RootRanking, u64, Budget, f64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .map(|&seed| {
                    let game = game.clone();
                    let stop = stop.clone();
                    scope.spawn(move || {
                        let mut bot = MctsBot::new(config, seed, "");
                        bot.stop = stop;
                        match PlayerView::in_match(&game, so_far) {
                            Some(view) => {
                                bot.search_until(&view, deadline);
                                (
                                    bot.root_ranking(),
                                    bot.playouts,
                                    bot.budget,
                                    bot.playout_work,
                                )
                            }
                            None => (Vec::new(), 0, bot.budget, 0.0),
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or((Vec::new(), 0, self.budget, 0.0)))
                .collect()
        });
        // What the last search was given, as after a search on one thread: each thread's
        // budget (they adapt alike; the first's is kept) and the mean work of their playouts.
        if let Some(&(_, _, budget, _)) = rankings.first() {
            self.budget = budget;
        }
        self.playout_work =
            rankings.iter().map(|r| r.3).sum::<f64>() / rankings.len().max(1) as f64;
        self.tree.clear();
        self.tree.push(Node::new(Action::Discard, 0, 0));
        let first = 1u32;
        for &action in root_actions {
            self.tree.push(Node::new(action, self.me, self.seat));
        }
        self.tree[0].first = first;
        self.tree[0].len = root_actions.len() as u32;
        for (ranking, playouts, _, _) in rankings {
            self.playouts += playouts;
            for (action, visits, mean) in ranking {
                if let Some(i) = root_actions.iter().position(|&a| a == action) {
                    let node = &mut self.tree[first as usize + i];
                    node.visits += visits;
                    node.reward += mean * f64::from(visits);
                    self.tree[0].visits += visits;
                }
            }
        }
        match self.root_ranking().first() {
            Some(&(a, v, _)) if v > 0 => (a, v),
            _ => (self.fallback(view, root_actions), 0),
        }
    }

    /// The root actions sequential halving considers: at a placement with [`MctsConfig::top`]
    /// set, the best `top` by greedy's value (which reads only the kingdom and the domino,
    /// public both), otherwise all.
    fn shortlist(&mut self, view: &PlayerView<'_>, root_actions: &[Action]) -> Vec<Action> {
        let top = usize::from(self.config.top);
        let mut actions = root_actions.to_vec();
        if top == 0 || actions.len() <= top || self.tree[0].len > 0 {
            return actions;
        }
        let game = view.determinize(&mut self.rng);
        if !matches!(game.phase(), Phase::Place { .. }) {
            return actions;
        }
        sort_placements(&game, &mut actions, &mut self.values, &mut self.map);
        actions.truncate(top);
        actions
    }

    /// Whether the present search has passed its deadline, or was asked to stop.
    fn past_deadline(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The move when there was no time to search: greedy's choice in a sample of the position
    /// (legal in every sample), or the first legal action.
    fn fallback(&mut self, view: &PlayerView<'_>, root_actions: &[Action]) -> Action {
        let game = view.determinize(&mut self.rng);
        greedy_choice(&game, self.lean(), &mut self.map)
            .filter(|a| root_actions.contains(a))
            .unwrap_or(root_actions[0])
    }

    /// The reward's scale for a search from `view` (the configured one, or from the table: see
    /// [`MctsConfig::margin_scale`]) and the search's budget (adapted to the cost of the
    /// position's playouts: [`MctsConfig::adapt`]), both from a few greedy playouts.
    fn survey(&mut self, view: &PlayerView<'_>) -> (f64, Budget) {
        self.playout_work = 0.0;
        let table = self.config.budget.is_none() && is_table(view.rules());
        let configured = configured_budget(self.config.budget, table);
        let adapt = self.config.adapt && matches!(configured, Budget::Playouts(_));
        if self.config.margin_scale > 0.0 && !adapt {
            return (self.config.margin_scale, configured);
        }
        let lean = Lean {
            crown: 0.0,
            deny: 0.0,
            ..self.lean()
        };
        let mut total = 0.0;
        let mut count = 0u32;
        // A small budget (tests, quick levels) spends at most one playout in 16 on the scale.
        let playouts = match configured {
            Budget::Playouts(n) => (n / 16).clamp(1, SCALE_PLAYOUTS),
            Budget::Time(_) => SCALE_PLAYOUTS,
        };
        let work = self.map.work();
        for _ in 0..playouts {
            let mut game = view.determinize(&mut self.rng);
            play_out(
                &mut game,
                Rollout::Greedy(0),
                lean,
                &mut self.rng,
                &mut self.map,
            );
            for side in game.all_sides() {
                total += f64::from(game.score_total(side));
                count += 1;
            }
        }
        self.playout_work = (self.map.work() - work) as f64 / f64::from(playouts);
        let scale = if self.config.margin_scale > 0.0 {
            self.config.margin_scale
        } else {
            (total / f64::from(count.max(1))).max(MIN_SCALE)
        };
        let budget = match configured {
            Budget::Playouts(n) if adapt => Budget::Playouts(adapted(n, self.playout_work)),
            budget => budget,
        };
        (scale, budget)
    }

    /// The search's budget at a module's step: a playout budget capped at
    /// [`MctsConfig::step`] playouts per root action (a time budget as it is).
    fn step_budget(&self, view: &PlayerView<'_>, actions: usize) -> Budget {
        match self.budget {
            Budget::Playouts(n)
                if self.config.step > 0 && matches!(view.phase(), Phase::Step { .. }) =>
            {
                let actions = u32::try_from(actions).unwrap_or(u32::MAX);
                Budget::Playouts(n.min(self.config.step.saturating_mul(actions)))
            }
            budget => budget,
        }
    }

    /// Search by UCT from the root: the most visited root action (the better mean among
    /// equals), its visits and its node.
    fn uct(
        &mut self,
        view: &PlayerView<'_>,
        root_actions: &[Action],
    ) -> (Action, u32, Option<u32>) {
        let start = Instant::now();
        let mut done = 0u32;
        loop {
            match self.budget {
                Budget::Playouts(n) => {
                    if done >= n.max(1) {
                        break;
                    }
                }
                Budget::Time(t) => {
                    if done.is_multiple_of(32) && done > 0 && start.elapsed() >= t {
                        break;
                    }
                }
            }
            if done.is_multiple_of(32) && self.past_deadline() {
                break;
            }
            let mut game = view.determinize(&mut self.rng);
            self.iterate(&mut game, None, true);
            done += 1;
        }
        self.playouts += u64::from(done);
        let root = self.tree[0];
        let mut best = (root_actions[0], 0u32, f64::NEG_INFINITY, None);
        for (i, c) in self.tree[root.first as usize..(root.first + root.len) as usize]
            .iter()
            .enumerate()
        {
            let mean = if c.visits > 0 {
                c.reward / f64::from(c.visits)
            } else {
                0.0
            };
            if c.visits > best.1 || (c.visits == best.1 && mean > best.2) {
                best = (c.action, c.visits, mean, Some(root.first + i as u32));
            }
        }
        (best.0, best.1, best.3)
    }

    /// Whether the budget gives each of `actions` root actions a sample in every round of
    /// sequential halving.
    fn can_halve(&self, actions: usize) -> bool {
        match self.budget {
            Budget::Playouts(n) => u64::from(n) >= halving::playouts_needed(actions),
            Budget::Time(_) => true,
        }
    }

    /// Make `node`'s subtree the whole tree, `node` its root.
    fn reroot(&mut self, node: u32) {
        let mut new = std::mem::take(&mut self.spare);
        new.clear();
        new.push(self.tree[node as usize]);
        let mut i = 0;
        while i < new.len() {
            let n = new[i];
            if n.len > 0 {
                let first = new.len() as u32;
                new.extend_from_slice(&self.tree[n.first as usize..(n.first + n.len) as usize]);
                new[i].first = first;
            }
            i += 1;
        }
        self.spare = std::mem::replace(&mut self.tree, new);
    }

    /// One iteration on a determinized game: select, expand, roll out, back up. `first`, when
    /// given, is the root's child to go through.
    fn iterate(&mut self, game: &mut Game, first: Option<u32>, below: bool) {
        self.path.clear();
        let mut node = 0u32;
        self.path.push(node);
        let mut descend = true;
        if let Some(child) = first {
            let n = &mut self.tree[child as usize];
            n.avail += 1;
            let (action, visited) = (n.action, n.visits > 0);
            descend = game.apply(action).is_ok() && visited && below;
            node = child;
            self.path.push(node);
        }
        if descend {
            loop {
                if game.is_over() {
                    break;
                }
                // `path` holds the root and the actions below it.
                if self
                    .depth_cap(game)
                    .is_some_and(|cap| self.domino_actions_in_path() >= cap)
                {
                    break;
                }
                let seat = game.to_act().map_or(0, |p| p.0);
                let side = game.to_act().map_or(0, |p| u16::from(side_of(game, p).0));
                if side != self.me && self.config.opponents == Opponents::Rollout {
                    if !step(
                        game,
                        self.config.rollout,
                        self.lean(),
                        &mut self.rng,
                        &mut self.map,
                    ) {
                        break;
                    }
                    continue;
                }
                game.legal_actions_into(&mut self.actions);
                drop_twin_placements(
                    game.domino_to_place().map(|id| game.domino(id)),
                    &mut self.actions,
                );
                let full = self.tree.len() + self.actions.len() > self.max_nodes;
                if self.tree[node as usize].len == 0 {
                    if full {
                        // No room for its children: the playout goes on from here.
                        break;
                    }
                    let sorted = self.config.widen > 0.0
                        && matches!(game.phase(), Phase::Place { .. })
                        && self.actions.len() > 1;
                    if sorted {
                        sort_placements(game, &mut self.actions, &mut self.values, &mut self.map);
                    }
                    self.expand(node, side, seat);
                    self.tree[node as usize].sorted = sorted;
                } else if !self.tree[node as usize].sorted && !full {
                    self.align(node, side, seat);
                }
                let Some(child) = self.select(node, game) else {
                    break;
                };
                let action = self.tree[child as usize].action;
                if game.apply(action).is_err() {
                    break;
                }
                node = child;
                self.path.push(node);
                if self.tree[node as usize].visits == 0 {
                    break;
                }
            }
        }
        let lean = self.lean();
        play_out(
            game,
            self.config.rollout,
            lean,
            &mut self.rng,
            &mut self.map,
        );
        let (kind, weight) = self.reward_in(game);
        let rewards = rewards(game, kind, weight, self.scale, &self.carried);
        for &i in &self.path {
            let n = &mut self.tree[i as usize];
            n.visits += 1;
            n.reward += rewards
                .get(usize::from(n.side))
                .copied()
                .unwrap_or_default();
        }
    }

    /// The reward in `game` and the win's share of it ([`MctsConfig::win_weight`]): as set, or
    /// the default's: with two sides the win and a tenth of the margin ([`Reward::Mixed`] at
    /// [`DUEL_WIN_WEIGHT`]), beyond half win, half own score ([`Reward::Score`] at
    /// [`WIN_WEIGHT`]); `Mixed` set without a weight is half and half.
    fn reward_in(&self, game: &Game) -> (Reward, f64) {
        match (self.config.reward, self.config.win_weight) {
            (Reward::Score, None) if sides(game) == 2 => (Reward::Mixed, DUEL_WIN_WEIGHT),
            (Reward::Score, w) => (Reward::Score, w.unwrap_or(WIN_WEIGHT)),
            (kind, w) => (kind, w.unwrap_or(0.5)),
        }
    }

    /// The most claims, placements and discards the tree holds below the root in `game`
    /// ([`MctsConfig::depth`]); `None`: no limit.
    fn depth_cap(&self, game: &Game) -> Option<u8> {
        match self.config.depth {
            Some(0) => None,
            Some(d) => Some(d),
            None if sides(game) > 2 => Some(TABLE_DEPTH),
            None => None,
        }
    }

    /// The claims, placements and discards on the path below the root ([`MctsConfig::depth`]).
    fn domino_actions_in_path(&self) -> u8 {
        let counted = self.path.iter().skip(1).filter(|&&n| {
            self.tree.get(n as usize).is_some_and(|node| {
                matches!(
                    node.action,
                    Action::Claim { .. } | Action::Place { .. } | Action::Discard
                )
            })
        });
        u8::try_from(counted.count()).unwrap_or(u8::MAX)
    }

    /// The searching side's lean in playouts.
    fn lean(&self) -> Lean {
        Lean {
            side: Side(self.me as u8),
            crown: self.config.crown,
            deny: self.config.deny,
        }
    }

    /// Give `node` a child for every action in `self.actions`.
    fn expand(&mut self, node: u32, side: u16, seat: u8) {
        let first = self.tree.len() as u32;
        let len = self.actions.len() as u32;
        self.tree.extend(
            self.actions
                .iter()
                .map(|&action| Node::new(action, side, seat)),
        );
        let n = &mut self.tree[node as usize];
        n.first = first;
        n.len = len;
    }

    /// Make sure every action legal now has a child (a new sample of the hidden piles can bring
    /// new dominoes into a line). Children stay even when not legal in this sample.
    fn align(&mut self, node: u32, side: u16, seat: u8) {
        let n = self.tree[node as usize];
        let children = &self.tree[n.first as usize..(n.first + n.len) as usize];
        if children.len() == self.actions.len()
            && children
                .iter()
                .zip(&self.actions)
                .all(|(c, a)| c.action == *a)
        {
            return;
        }
        let missing: Vec<Action> = self
            .actions
            .iter()
            .filter(|a| !children.iter().any(|c| c.action == **a))
            .copied()
            .collect();
        if missing.is_empty() {
            return;
        }
        // Move the children to a new block with room for the missing ones.
        let first = self.tree.len() as u32;
        let old: Vec<Node> = children.to_vec();
        self.tree.extend(old);
        self.tree.extend(
            missing
                .into_iter()
                .map(|action| Node::new(action, side, seat)),
        );
        let len = self.tree.len() as u32 - first;
        let n = &mut self.tree[node as usize];
        n.first = first;
        n.len = len;
    }

    /// UCT over the children legal now (those in `self.actions`); an unvisited one first, drawn at
    /// random.
    fn select(&mut self, node: u32, game: &Game) -> Option<u32> {
        let n = self.tree[node as usize];
        let first = n.first as usize;
        // A sorted node's placements depend only on the path (the kingdom and the domino), so
        // they are all legal; it considers its best few.
        let (len, sorted) = if n.sorted {
            (width(self.config.widen, n.visits, n.len) as usize, true)
        } else {
            (n.len as usize, false)
        };
        let aligned = sorted
            || (len == self.actions.len()
                && self.tree[first..first + len]
                    .iter()
                    .zip(&self.actions)
                    .all(|(c, a)| c.action == *a));
        let legal = |tree: &[Node], i: usize, actions: &[Action]| {
            aligned || actions.contains(&tree[i].action)
        };
        // Unvisited legal children: the first of a sorted node, otherwise one drawn uniformly.
        let mut unvisited = 0u32;
        for i in first..first + len {
            if self.tree[i].visits == 0 && legal(&self.tree, i, &self.actions) {
                unvisited += 1;
            }
        }
        let c = self.config.exploration;
        let mut pick = if unvisited > 0 {
            Some(if sorted { 0 } else { self.rng.below(unvisited) })
        } else {
            None
        };
        if pick.is_some() && !sorted && self.config.greedy_first {
            let lean = self.lean();
            if let Some(choice) = greedy_choice(game, lean, &mut self.map)
                && let Some(i) = (first..first + len).find(|&i| {
                    let c = &self.tree[i];
                    c.action == choice && c.visits == 0
                })
            {
                // Count it as the k-th unvisited legal child.
                let k = (first..i)
                    .filter(|&j| self.tree[j].visits == 0 && legal(&self.tree, j, &self.actions))
                    .count() as u32;
                pick = Some(k);
            }
        }
        let mut best: Option<(u32, f64)> = None;
        for i in first..first + len {
            if !legal(&self.tree, i, &self.actions) {
                continue;
            }
            let child = &mut self.tree[i];
            child.avail += 1;
            if let Some(k) = pick.as_mut() {
                if child.visits == 0 {
                    if *k == 0 {
                        best = Some((i as u32, f64::INFINITY));
                        pick = None;
                    } else {
                        *k -= 1;
                    }
                }
                continue;
            }
            if best.is_some_and(|(_, v)| v == f64::INFINITY) {
                continue;
            }
            let visits = f64::from(child.visits.max(1));
            let mean = child.reward / visits;
            let ucb = mean + c * (f64::from(child.avail.max(1)).ln() / visits).sqrt();
            if best.is_none_or(|(_, v)| ucb > v) {
                best = Some((i as u32, ucb));
            }
        }
        best.map(|(i, _)| i)
    }
}

/// A sample of the hidden components that depends only on what the acting player knows: two
/// positions that look the same to the player give the same sample.
fn canonical(view: &PlayerView<'_>) -> Game {
    view.determinize(&mut GameRng::seed_from(CANONICAL_SEED))
}

fn canonical_rng() -> impl FnMut() -> u32 {
    let mut rng = GameRng::seed_from(CANONICAL_SEED);
    move || rng.next_u32()
}

const CANONICAL_SEED: u64 = 0x6b69_6e67;

/// `n` playouts adapted to a position whose playouts cost `work` each ([`MctsConfig::adapt`]).
fn adapted(n: u32, work: f64) -> u32 {
    let low = (n / ADAPT_RANGE).clamp(1, ADAPT_FLOOR.max(1));
    if work <= 0.0 {
        return n;
    }
    let playouts = f64::from(n) * REFERENCE_WORK / work.max(MIN_PLAYOUT_WORK);
    // `as` saturates: a budget near u32::MAX stays there.
    (playouts.round() as u32).max(low)
}

/// Whether the default budget under `rules` is [`TABLE_PLAYOUTS`]: kingdoms of at most
/// [`TABLE_GRID`], at any number of sides (since the seventeenth session; more than two sides
/// only before).
fn is_table(rules: &crownlands_core::Rules) -> bool {
    rules.grid_size <= TABLE_GRID
}

/// The budget configured (`budget`), or the default's ([`MctsConfig::budget`]): at a `table`
/// ([`is_table`]) or not, before it adapts to the position.
fn configured_budget(budget: Option<Budget>, table: bool) -> Budget {
    budget.unwrap_or(Budget::Playouts(if table {
        TABLE_PLAYOUTS
    } else {
        DEFAULT_PLAYOUTS
    }))
}

/// The smallest scale taken from the table, in points (a table scoring next to nothing).
const MIN_SCALE: f64 = 5.0;

/// The dominoes each side has still to place in `view`'s game, on average: those in the draw
/// pile and in the lines, shared by the sides.
fn dominoes_left(view: &PlayerView<'_>) -> f64 {
    let lines = view.current_line().len() + view.next_line().len();
    (view.draw_pile_len() + lines) as f64 / view.sides().max(1) as f64
}

/// What the finished (or abandoned) game is worth to each side. In a match (`carried`: each
/// side's total from the earlier games), the win is the match's: the highest carried total plus
/// this game's score, as if the match ended with this game (exact in its last game; in earlier
/// ones a lead carried into the games after is what the rest of the match has to make up). The
/// margin and the own score stay this game's, so a side far ahead or far behind still tells its
/// moves apart.
fn rewards(game: &Game, kind: Reward, win_weight: f64, scale: f64, carried: &[i64]) -> Vec<f64> {
    let n = sides(game);
    let points: Vec<i32> = game
        .all_sides()
        .map(|side| game.score_total(side))
        .collect();
    let scores: Vec<i64> = points
        .iter()
        .enumerate()
        .map(|(s, &p)| i64::from(p) + carried.get(s).copied().unwrap_or(0))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    // A tie on the totals is shared, tie-breaks or not: settling it by the ruleset's tie-breaks,
    // as the game's outcome does, measured worse (docs/bots.md, eighth session).
    let winners = scores.iter().filter(|&&s| s == best).count().max(1) as f64;
    (0..n)
        .map(|s| {
            let win = if scores[s] == best {
                1.0 / winners
            } else {
                0.0
            };
            // The margin is this game's: a lead carried from earlier games would saturate it
            // (every move alike to a side far ahead or far behind), where the game's margin
            // still tells the moves apart.
            let other = (0..n)
                .filter(|&o| o != s)
                .map(|o| points[o])
                .max()
                .unwrap_or(0);
            let margin = (0.5 + f64::from(points[s] - other) / (2.0 * scale)).clamp(0.0, 1.0);
            match kind {
                Reward::Win => win,
                Reward::Margin => margin,
                Reward::Mixed => win_weight * win + (1.0 - win_weight) * margin,
                Reward::Score => {
                    let own = (f64::from(points[s]) / (2.0 * scale)).clamp(0.0, 1.0);
                    win_weight * win + (1.0 - win_weight) * own
                }
            }
        })
        .collect()
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &PlayerView<'_>) -> Action {
        self.search(view).0
    }

    fn stop_with(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(stop);
    }
}

/// Drop from `actions` the placements of `domino` (the domino to place, if any) that lay it on
/// the cells another of them covers, the same squares on them: a domino of two like squares
/// laid west or north is the one laid east or south from the neighbouring cell
/// ([`crownlands_core::PlacementSet::distinct`]). The search then weighs each kingdom once,
/// where it had split its playouts between two actions of one effect.
fn drop_twin_placements(domino: Option<&crownlands_core::Domino>, actions: &mut Vec<Action>) {
    if let Some(d) = domino.filter(|d| d.first == d.second) {
        actions.retain(|a| {
            !matches!(a, Action::Place { placement }
                if crownlands_core::PlacementSet::repeats(d, *placement))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Placing a domino of two like squares, the search weighs each kingdom once: the root's
    /// actions are half the legal placements, every kingdom still among them, and the move
    /// chosen is one of them.
    #[test]
    fn the_search_weighs_a_like_squared_domino_s_placements_once() {
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("shipped"));
        let mut checked = 0;
        for seed in 0..40 {
            let mut game = Game::new(ruleset.clone(), 2, seed).expect("two players");
            let mut rng = GameRng::seed_from(seed);
            while !game.is_over() {
                if let Some(d) = game.domino_to_place().map(|id| game.domino(id).clone())
                    && d.first == d.second
                    && game.legal_actions().len() > 2
                {
                    let legal = game.legal_actions();
                    let mut kept = legal.clone();
                    drop_twin_placements(Some(&d), &mut kept);
                    assert_eq!(2 * kept.len(), legal.len());
                    let view = PlayerView::new(&game).expect("a player to act");
                    let mut bot = MctsBot::new(
                        MctsConfig {
                            budget: Some(Budget::Playouts(200)),
                            ..MctsConfig::default()
                        },
                        seed,
                        "",
                    );
                    let (action, _) = bot.search(&view);
                    assert!(kept.contains(&action), "{action:?}");
                    checked += 1;
                    break;
                }
                game.play_random(|| rng.next_u32());
            }
            if checked >= 3 {
                break;
            }
        }
        assert!(checked > 0, "no like-squared domino placed");
    }

    #[test]
    fn a_side_has_half_the_dominoes_left_at_two_players() {
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("shipped"));
        let mut game = Game::new(ruleset, 2, 1).expect("two players");
        let view = PlayerView::new(&game).expect("a player to act");
        // 24 dominoes in play at 2 players: 12 a side, the first line's included.
        assert_eq!(dominoes_left(&view), 12.0);
        // Then one line (4 dominoes) at a time: 2 a side.
        let mut seen = vec![12.0];
        while let Some(view) = PlayerView::new(&game) {
            let left = dominoes_left(&view);
            if seen.last() != Some(&left) {
                seen.push(left);
            }
            let action = game.legal_actions()[0];
            game.apply(action).expect("legal");
        }
        assert_eq!(seen, [12.0, 10.0, 8.0, 6.0, 4.0, 2.0]);
    }

    #[test]
    fn the_default_budget_doubles_on_5x5() {
        let registry = crownlands_core::Registry::shipped_ref();
        let rules = |name: &str, players: u8| {
            let ruleset = crownlands_rules::load(registry, name).expect("shipped");
            ruleset.rules_for(players).expect("player count").clone()
        };
        let kd = rules("kingdomino", 4);
        assert!(is_table(&rules("kingdomino", 2)));
        assert!(is_table(&rules("kingdomino", 3)));
        assert!(is_table(&kd));
        assert!(is_table(&rules("queendomino", 4)));
        assert!(is_table(&rules("royal-wedding", 8)));
        // 7x7 kingdoms: Mighty Duel, Queendomino at 2, Royal Wedding at 3 and 4 players and in
        // teams.
        assert!(!is_table(&rules("mighty-duel", 2)));
        assert!(!is_table(&rules("queendomino", 2)));
        assert!(!is_table(&rules("royal-wedding", 4)));
        assert!(!is_table(&rules("royal-wedding-teams", 8)));
        assert_eq!(
            configured_budget(None, false),
            Budget::Playouts(DEFAULT_PLAYOUTS)
        );
        assert_eq!(
            configured_budget(None, true),
            Budget::Playouts(TABLE_PLAYOUTS)
        );
        let set = Budget::Playouts(500);
        assert_eq!(configured_budget(Some(set), true), set);
    }

    /// At a module's step a playout budget is at most `step` playouts per root action; at a
    /// placement it is the budget as set, and `step=0` takes the cap off.
    #[test]
    fn a_module_step_searches_a_budget_per_choice() {
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "queendomino").expect("shipped"));
        let mut game = Game::new(ruleset, 4, 3).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(3);
        let search = |game: &Game, level: &str| {
            let crate::Level::Mcts(config) = level.parse().expect("a level") else {
                panic!("an mcts level");
            };
            let mut bot = MctsBot::new(config, 1, "");
            let view = PlayerView::new(game).expect("a player to move");
            let (action, _) = bot.search(&view);
            assert!(view.is_legal(action));
            (bot.budget(), bot.playouts())
        };
        let (mut at_step, mut at_place) = (false, false);
        while !(game.is_over() || at_step && at_place) {
            let choices = game.legal_actions().len() as u32;
            match game.phase() {
                Phase::Step { .. } if !at_step && (2..=5).contains(&choices) => {
                    let (budget, playouts) = search(&game, "mcts:300:adapt=0:step=50");
                    assert_eq!(budget, Budget::Playouts(50 * choices));
                    assert!(playouts <= u64::from(50 * choices), "{playouts}");
                    let (budget, _) = search(&game, "mcts:300:adapt=0:step=0");
                    assert_eq!(budget, Budget::Playouts(300));
                    // Searched on two threads, the bot says the budget its threads had (each
                    // playing its own).
                    let (budget, playouts) = search(&game, "mcts:300:adapt=0:step=50:threads=2");
                    assert_eq!(budget, Budget::Playouts(50 * choices));
                    assert!(playouts <= u64::from(2 * 50 * choices), "{playouts}");
                    at_step = true;
                }
                // (One playout a choice would be fewer than 300: a placement is not capped.)
                Phase::Place { .. } if !at_place && (2..300).contains(&choices) => {
                    let (budget, _) = search(&game, "mcts:300:adapt=0:step=1");
                    assert_eq!(budget, Budget::Playouts(300));
                    at_place = true;
                }
                _ => {}
            }
            game.play_random(|| rng.next_u32());
        }
        assert!(at_step && at_place, "a step and a placement searched");
    }

    /// A search whose tree is full goes on without growing it (a long time budget cannot take
    /// the machine's memory), and still chooses a legal move.
    #[test]
    fn a_full_tree_stops_growing() {
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("shipped"));
        let mut game = Game::new(ruleset, 2, 5).expect("a game");
        // To the first placement.
        while !matches!(game.phase(), Phase::Place { .. }) {
            game.play_random(|| 7);
        }
        let level: crate::Level = "mcts:3000:adapt=0".parse().expect("a level");
        let crate::Level::Mcts(config) = level else {
            panic!("an mcts level");
        };
        let mut free = MctsBot::new(config, 1, "free");
        let view = PlayerView::new(&game).expect("someone places");
        free.choose(&view);
        assert!(free.tree_len() > 2_000, "{}", free.tree_len());
        let mut capped = MctsBot::new(config, 1, "capped");
        capped.max_nodes = 2_000;
        let action = capped.choose(&view);
        // The root's children may pass it once; nothing else does.
        assert!(capped.tree_len() <= 2_000 + 300, "{}", capped.tree_len());
        assert!(game.is_legal(action));
        // What MAX_TREE_NODES says it costs.
        assert!(std::mem::size_of::<Node>() * MAX_TREE_NODES <= 80_000_000);
    }

    /// A search asked to stop (the player took the position back) answers at once with a
    /// legal move, whatever its budget; one not asked plays its budget; root parallelism's
    /// threads stop too.
    #[test]
    fn a_search_asked_to_stop_answers_at_once() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("shipped"));
        let game = Game::new(ruleset, 2, 3).expect("two players");
        let view = PlayerView::new(&game).expect("a player to act");
        for threads in [1, 2] {
            let config = MctsConfig {
                budget: Some(Budget::Playouts(1_000_000)),
                cap: None,
                threads,
                ..MctsConfig::default()
            };
            let mut bot = MctsBot::new(config, 1, "mcts");
            bot.stop_with(Arc::new(AtomicBool::new(true)));
            let action = bot.choose(&view);
            assert!(view.legal_actions().contains(&action));
            assert!(bot.playouts() < 1_000, "{threads}: {}", bot.playouts());
        }
        // Not asked: the budget is played.
        let config = MctsConfig {
            budget: Some(Budget::Playouts(300)),
            adapt: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(config, 1, "mcts");
        bot.stop_with(Arc::new(AtomicBool::new(false)));
        bot.choose(&view);
        assert!(bot.playouts() >= 300, "{}", bot.playouts());
    }

    #[test]
    fn a_playout_counts_at_least_its_fixed_cost() {
        assert_eq!(adapted(16_000, REFERENCE_WORK), 16_000);
        assert_eq!(adapted(16_000, 2.0 * REFERENCE_WORK), 8_000);
        // Short playouts: five times the budget, however short.
        assert_eq!(adapted(16_000, MIN_PLAYOUT_WORK), 80_000);
        assert_eq!(adapted(16_000, 10.0), 80_000);
        // Long ones: down to an eighth, at most 500.
        assert_eq!(adapted(16_000, 1e9), 500);
        assert_eq!(adapted(800, 1e9), 100);
    }

    #[test]
    fn in_a_match_the_win_is_the_matchs() {
        let registry = crownlands_core::Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "dynasty").expect("shipped"));
        let mut game = Game::new(ruleset, 2, 3).expect("a game");
        game.play_out_random(&mut GameRng::seed_from(1));
        let points: Vec<i64> = game
            .all_sides()
            .map(|s| i64::from(game.score_total(s)))
            .collect();
        let (lead, trail) = if points[0] >= points[1] {
            (0, 1)
        } else {
            (1, 0)
        };
        // Alone, the side ahead in this game wins it.
        let alone = rewards(&game, Reward::Win, 1.0, 50.0, &[]);
        if points[lead] > points[trail] {
            assert_eq!((alone[lead], alone[trail]), (1.0, 0.0));
        }
        // Behind by more than this game's lead after the earlier games, it loses the match:
        // the win goes to the other side.
        let mut carried = vec![0i64; 2];
        carried[trail] = points[lead] - points[trail] + 10;
        let in_match = rewards(&game, Reward::Win, 1.0, 50.0, &carried);
        assert_eq!((in_match[lead], in_match[trail]), (0.0, 1.0));
        // The margin stays this game's (a carried lead would saturate it).
        let margin = rewards(&game, Reward::Margin, 1.0, 50.0, &carried);
        assert_eq!(margin, rewards(&game, Reward::Margin, 1.0, 50.0, &[]));
        // The own-score half stays this game's points.
        let score = rewards(&game, Reward::Score, 0.0, 50.0, &carried);
        let own = |s: usize| (points[s] as f64 / 100.0).clamp(0.0, 1.0);
        assert!((score[trail] - own(trail)).abs() < 1e-9);
    }
}

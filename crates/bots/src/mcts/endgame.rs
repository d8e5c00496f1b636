//! The endgame solved exactly ([`MctsConfig::exact`](super::MctsConfig::exact)).
//!
//! Once the last line is on the table nothing hidden is left to draw: the rest of the game
//! follows from the searching side's choices and the other sides' play, which the search models
//! as greedy's (as inside the tree and the playouts). Sampled playouts there estimate each
//! action by a mixture of greedy continuations; this search instead tries every sequence of the
//! side's remaining claims and placements (the other sides answering as greedy would) and values
//! each root action by the best reward reachable after it, the reward the tree uses. A game
//! decided by a point or two is decided here: the side's last placements fitted together, the
//! claim that leaves the other side the domino that helps it least.
//!
//! The search gives up past a count of positions (the configured `exact`), and the ordinary
//! search takes the decision; it applies to games without modules only, whose rest has no draw
//! of any kind once the draw pile is empty.

use super::{MctsBot, Node, Reward, canonical, drop_twin_placements, rewards};
use crate::kingdom_map::KingdomMap;
use crate::rollout::{Lean, Rollout, step};
use crate::{PlayerView, side_of};
use crownlands_core::rng::GameRng;
use crownlands_core::{Action, Game};

/// What the exhaustive search needs besides the game.
struct Solver<'a> {
    me: u16,
    rollout: Rollout,
    lean: Lean,
    kind: Reward,
    weight: f64,
    scale: f64,
    carried: &'a [i64],
    rng: &'a mut GameRng,
    map: &'a mut KingdomMap,
    /// Positions visited, and the most allowed.
    nodes: u32,
    limit: u32,
    actions: Vec<Vec<Action>>,
}

impl Solver<'_> {
    /// The best reward the searching side can reach from `game`, the other sides playing as
    /// greedy does; `None` past the limit of positions.
    fn value(&mut self, mut game: Game, depth: usize) -> Option<f64> {
        loop {
            if game.is_over() {
                return Some(self.reward(&game));
            }
            let seat = game.to_act()?;
            if side_of(&game, seat).0 == self.me as u8 {
                break;
            }
            if !step(&mut game, self.rollout, self.lean, self.rng, self.map) {
                return Some(self.reward(&game));
            }
        }
        if self.actions.len() <= depth {
            self.actions.resize_with(depth + 1, Vec::new);
        }
        let mut actions = std::mem::take(&mut self.actions[depth]);
        game.legal_actions_into(&mut actions);
        drop_twin_placements(
            game.domino_to_place().map(|id| game.domino(id)),
            &mut actions,
        );
        let mut best = None;
        for &action in &actions {
            let Some(v) = self.after(&game, action, depth) else {
                self.actions[depth] = actions;
                return None;
            };
            if best.is_none_or(|b| v > b) {
                best = Some(v);
            }
        }
        self.actions[depth] = actions;
        Some(best.unwrap_or_else(|| self.reward(&game)))
    }

    /// The value of playing `action` in `game`.
    fn after(&mut self, game: &Game, action: Action, depth: usize) -> Option<f64> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let mut next = game.clone();
        if next.apply(action).is_err() {
            return Some(f64::NEG_INFINITY);
        }
        self.value(next, depth + 1)
    }

    /// The tree's reward, except that a tie on the totals is settled by the ruleset's
    /// tie-breaks, as the game's outcome settles it: exact here, where the tree's samples share
    /// it (docs/bots.md, eighth session).
    fn reward(&self, game: &Game) -> f64 {
        let me = usize::from(self.me);
        let shared = rewards(game, self.kind, self.weight, self.scale, self.carried)
            .get(me)
            .copied()
            .unwrap_or_default();
        let win_share = match self.kind {
            Reward::Win => 1.0,
            Reward::Margin => 0.0,
            Reward::Mixed | Reward::Score => self.weight,
        };
        if !self.carried.is_empty() || win_share == 0.0 {
            return shared;
        }
        let totals: Vec<i32> = game.all_sides().map(|s| game.score_total(s)).collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let tied = totals.iter().filter(|&&t| t == best).count();
        if tied < 2 || totals.get(me) != Some(&best) {
            return shared;
        }
        let winners = game.outcome().winners;
        let won = if winners.iter().any(|w| usize::from(w.0) == me) {
            1.0 / winners.len().max(1) as f64
        } else {
            0.0
        };
        shared + win_share * (won - 1.0 / tied as f64)
    }
}

/// Whether the rest of the game in `view` holds nothing hidden: no domino left to draw, and no
/// module (a module may keep a pile or draw at random).
pub(super) fn nothing_hidden(view: &PlayerView<'_>, game: &Game) -> bool {
    view.draw_pile_len() == 0 && game.modules().is_empty()
}

impl MctsBot {
    /// The exact endgame search from `view` over `root_actions` (see the module documentation):
    /// the best action, when the game has nothing hidden left and the search stays within its
    /// limit. The root's statistics then hold each action's exact value (one visit each), for
    /// [`MctsBot::root_ranking`].
    pub(super) fn solve_endgame(
        &mut self,
        view: &PlayerView<'_>,
        root_actions: &[Action],
    ) -> Option<Action> {
        if self.config.exact == 0 {
            return None;
        }
        let game = canonical(view);
        if !nothing_hidden(view, &game) {
            return None;
        }
        // The reward's scale as the tree's (a few greedy playouts from here).
        self.scale = self.survey(view).0;
        let (kind, weight) = self.reward_in(&game);
        let carried = std::mem::take(&mut self.carried);
        let mut solver = Solver {
            me: self.me,
            rollout: self.config.rollout,
            lean: self.lean(),
            kind,
            weight,
            scale: self.scale,
            carried: &carried,
            rng: &mut self.rng,
            map: &mut self.map,
            nodes: 0,
            limit: self.config.exact,
            actions: Vec::new(),
        };
        let mut values = Vec::with_capacity(root_actions.len());
        let mut solved = true;
        for &action in root_actions {
            match solver.after(&game, action, 0) {
                Some(v) => values.push(v),
                None => {
                    solved = false;
                    break;
                }
            }
        }
        let nodes = solver.nodes;
        self.carried = carried;
        if std::env::var_os("EXACT_DEBUG").is_some() {
            eprintln!(
                "exact: {} actions, {nodes} positions, solved {solved}",
                root_actions.len()
            );
        }
        if !solved {
            return None;
        }
        let mut best: Option<(Action, f64)> = None;
        for (&action, &v) in root_actions.iter().zip(&values) {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((action, v));
            }
        }
        self.tree.clear();
        let mut root = Node::new(Action::Discard, 0, 0);
        root.first = 1;
        root.len = u32::try_from(root_actions.len()).unwrap_or(u32::MAX);
        root.visits = root.len;
        self.tree.push(root);
        for (&action, &v) in root_actions.iter().zip(&values) {
            let mut node = Node::new(action, self.me, self.seat);
            node.visits = 1;
            node.avail = 1;
            node.reward = if v.is_finite() { v } else { 0.0 };
            self.tree.push(node);
        }
        best.map(|(a, _)| a)
    }
}

//! Sequential halving at the root ([`Root::Halving`](super::Root::Halving)).
//!
//! UCT spends its playouts to keep the regret of every playout low; at the root only the action
//! finally played counts, so the root instead splits its budget into rounds (as many as it takes
//! to halve the actions down to one). In each round every action still in the running is tried
//! on the same fresh samples of the hidden piles, one playout each per sample, below it the tree
//! as usual; then the worse half by mean reward is dropped. The samples being common, a lucky
//! draw of the pile lifts every action alike, so the comparison is between the actions, not the
//! draws. With a playout budget each round gets an equal share of what is left (at least one
//! sample; a budget smaller than one sample per action and round, [`playouts_needed`], searches
//! by UCT instead); with a time budget, an equal share of the time left.

use super::{Budget, MctsBot};
use crate::PlayerView;
use crownlands_core::Action;
use std::time::{Duration, Instant};

/// Samples each action left gets in a round: an equal share of the `budget` left over the
/// `rounds_left` rounds, at least one.
pub(super) fn samples_per_action(budget: u32, rounds_left: u32, actions_left: usize) -> u32 {
    let actions = u32::try_from(actions_left.max(1)).unwrap_or(u32::MAX);
    (budget / rounds_left.max(1) / actions).max(1)
}

/// The fewest playouts that give each of `actions` actions one sample in every round it stays
/// in the running; a smaller budget searches by UCT.
pub(super) fn playouts_needed(actions: usize) -> u64 {
    let mut left = actions as u64;
    let mut total = 0;
    for _ in 0..rounds(actions) {
        total += left;
        left = left.div_ceil(2);
    }
    total
}

/// Rounds to halve `actions` actions down to one (`ceil(log2 actions)`, at least one).
pub(super) fn rounds(actions: usize) -> u32 {
    let mut rounds = 1;
    while (1usize << rounds) < actions {
        rounds += 1;
    }
    rounds
}

impl MctsBot {
    /// Search by sequential halving at the root (see [`Root::Halving`]): the last action left,
    /// its visits and its node.
    pub(super) fn halve(
        &mut self,
        view: &PlayerView<'_>,
        root_actions: &[Action],
    ) -> (Action, u32, Option<u32>) {
        let start = Instant::now();
        if self.tree[0].len == 0 {
            self.actions.clear();
            self.actions.extend_from_slice(root_actions);
            self.expand(0, self.me, self.seat);
        }
        let root = self.tree[0];
        let mut left: Vec<u32> = (root.first..root.first + root.len).collect();
        let rounds = rounds(left.len());
        let mut done = 0u32;
        let mut stopped = false;
        for round in 0..rounds {
            let rounds_left = rounds - round;
            let round_start = Instant::now();
            let below = round >= u32::from(self.config.flat);
            let samples = match self.budget {
                Budget::Playouts(n) => {
                    samples_per_action(n.saturating_sub(done), rounds_left, left.len())
                }
                Budget::Time(_) => u32::MAX,
            };
            let slice = match self.budget {
                Budget::Time(t) => t.saturating_sub(start.elapsed()) / rounds_left,
                Budget::Playouts(_) => Duration::ZERO,
            };
            for k in 0..samples {
                if matches!(self.budget, Budget::Time(_)) && k > 0 && round_start.elapsed() >= slice
                {
                    break;
                }
                if self.past_deadline() {
                    stopped = true;
                    break;
                }
                let sample = view.determinize(&mut self.rng);
                for &child in &left {
                    let mut game = sample.clone();
                    self.iterate(&mut game, Some(child), below);
                    done += 1;
                }
            }
            let tree = &self.tree;
            let mean = |i: u32| {
                let n = tree[i as usize];
                n.reward / f64::from(n.visits.max(1))
            };
            // Cut short by the deadline: the best mean among those tried in this round and every
            // one before it (untried actions rank last), and no more halving.
            left.sort_by(|&a, &b| {
                let tried = |i: u32| tree[i as usize].visits > 0;
                tried(b).cmp(&tried(a)).then(mean(b).total_cmp(&mean(a)))
            });
            if stopped {
                break;
            }
            left.truncate(left.len().div_ceil(2));
        }
        self.playouts += u64::from(done);
        let best = left[0];
        let n = self.tree[best as usize];
        (n.action, n.visits, Some(best))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_halve_to_one() {
        assert_eq!(rounds(1), 1);
        assert_eq!(rounds(2), 1);
        assert_eq!(rounds(3), 2);
        assert_eq!(rounds(4), 2);
        assert_eq!(rounds(5), 3);
        assert_eq!(rounds(128), 7);
        assert_eq!(rounds(129), 8);
    }

    #[test]
    fn one_sample_per_action_and_round() {
        assert_eq!(playouts_needed(1), 1);
        assert_eq!(playouts_needed(4), 4 + 2);
        assert_eq!(playouts_needed(5), 5 + 3 + 2);
        assert_eq!(playouts_needed(100), 100 + 50 + 25 + 13 + 7 + 4 + 2);
    }

    #[test]
    fn each_round_gets_an_equal_share_of_what_is_left() {
        assert_eq!(samples_per_action(2000, 7, 100), 2);
        assert_eq!(samples_per_action(2000, 1, 2), 1000);
        assert_eq!(samples_per_action(10, 3, 50), 1);
        assert_eq!(samples_per_action(0, 0, 0), 1);
    }
}

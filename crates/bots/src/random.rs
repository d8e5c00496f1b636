//! `random`: a uniformly random legal action.

use crate::{Bot, BotError, PlayerView, Turn};
use crownlands_core::rng::GameRng;
use crownlands_core::{Action, Phase};

/// Uniform over the legal actions, from its own generator.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::seed_from(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    /// The same draw as [`Turn::play_random`]: nothing is drawn for a forced discard, otherwise
    /// one uniform index into the legal actions (the discard last, where the ruleset allows it
    /// when the domino fits).
    fn choose(&mut self, view: &PlayerView<'_>) -> Action {
        if matches!(view.phase(), Phase::Place { .. }) {
            let set = view.placements();
            let n = set.count();
            if n == 0 {
                return Action::Discard;
            }
            let k = self
                .rng
                .below(n + u32::from(view.rules().discard == crownlands_core::Discard::AnyTime));
            return set
                .nth(k)
                .map_or(Action::Discard, |placement| Action::Place { placement });
        }
        let mut actions = view.legal_actions();
        let k = self.rng.below(actions.len().max(1) as u32) as usize;
        if k < actions.len() {
            actions.swap_remove(k)
        } else {
            Action::Discard
        }
    }

    fn act(&mut self, turn: &mut Turn<'_>) -> Result<Action, BotError> {
        turn.play_random(&mut self.rng)
    }
}

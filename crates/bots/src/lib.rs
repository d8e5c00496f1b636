//! Crownlands bots: players that see only what their seat may see and return a legal action.
//!
//! - [`PlayerView`]: the acting player's view of a game; hidden components (the order of the draw
//!   pile, what stayed in the box) can only be reached through [`PlayerView::determinize`], which
//!   reshuffles them first. Bots receive nothing else, so they cannot peek.
//! - [`Bot`]: `choose(&view) -> Action`, plus a name. Bots own a seeded generator, so a bot, a
//!   seed and a game always give the same choices.
//! - [`Level`]: the named levels users pick (`random`, `greedy`, `mcts`, `mcts:PLAYOUTS`,
//!   `mcts:500ms`), parsed from text.
//! - [`tournament`]: many games between bots, in parallel, with seats rotated.
//!
//! Bots use only the engine's generic interface (`legal_actions`, `apply`, scores, kingdoms), so
//! they play every ruleset the engine loads, house rules included, and any new kind of action.

pub mod analysis;
pub mod greedy;
pub mod kingdom_map;
pub mod level;
pub mod mcts;
pub mod random;
pub mod rollout;
pub mod tournament;
pub mod view;
pub mod why;
pub mod widen;

pub use analysis::{Analyst, Assessment, Candidate, Estimate};
pub use greedy::GreedyBot;
pub use level::{Level, LevelError};
pub use mcts::{Budget, MctsBot, MctsConfig, Opponents};
pub use random::RandomBot;
pub use view::{PlayerView, Turn, side_of, side_score, sides};

use crownlands_core::{Action, IllegalAction};

/// A player that picks one legal action from what its seat may see.
pub trait Bot: Send {
    /// The bot's name as users see it (`random`, `greedy`, `mcts`, `mcts:2000`).
    fn name(&self) -> &str;

    /// One of `view.legal_actions()`.
    fn choose(&mut self, view: &PlayerView<'_>) -> Action;

    /// A flag that, once set, asks the bot's next and present [`Bot::choose`] to answer at once
    /// (a legal move, whatever its search had found): a front end whose player took the
    /// position back while the bot thought. A bot that searches checks it as it checks its
    /// time; the others answer at once anyway. Unset, nothing changes.
    fn stop_with(&mut self, _stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {}

    /// Play this turn. The default asks [`Bot::choose`] and plays its answer; a bot may play
    /// faster (the random bot draws without listing the actions) as long as it plays what
    /// `choose` would have chosen.
    fn act(&mut self, turn: &mut Turn<'_>) -> Result<Action, BotError> {
        let action = self.choose(&turn.view());
        turn.play(action)?;
        Ok(action)
    }
}

impl Bot for Box<dyn Bot> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn choose(&mut self, view: &PlayerView<'_>) -> Action {
        (**self).choose(view)
    }
    fn stop_with(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        (**self).stop_with(stop);
    }
    fn act(&mut self, turn: &mut Turn<'_>) -> Result<Action, BotError> {
        (**self).act(turn)
    }
}

/// What can go wrong while a bot plays.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    #[error("the bot chose an illegal action: {0}")]
    Illegal(#[from] IllegalAction),
    #[error("a turn allows one action")]
    AlreadyPlayed,
    #[error("the game is over")]
    GameOver,
}

//! Bots think on a thread of their own, so the screen keeps drawing and answering keys.

use crownlands_bots::analysis::MatchSoFar;
use crownlands_bots::{Analyst, Assessment, Bot, PlayerView};
use crownlands_core::{Action, Game};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

/// What a bot was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The move of the bot on this seat.
    Move { seat: usize },
    /// A hint for the human to act.
    Hint,
}

/// A bot's answer: the bot itself (handed back) and its choice, or why it failed.
pub struct Reply {
    pub bot: Option<Box<dyn Bot>>,
    pub action: Option<Action>,
    /// The bot panicked (a bug): its message.
    pub crashed: Option<String>,
    /// For a hint: the bot's best moves with their estimates, best first.
    pub assessment: Option<Assessment>,
}

/// A bot thinking on another thread.
pub struct Pending {
    pub purpose: Purpose,
    pub started: Instant,
    /// How many actions the game had when the bot was asked: a reply for another position is
    /// thrown away.
    pub at_action: usize,
    rx: Receiver<Reply>,
    pub reply: Option<Reply>,
    /// Set when this request is dropped (answered, or the position taken back): a bot still
    /// searching answers at once, and the cores are free again ([`Bot::stop_with`]).
    stop: Arc<AtomicBool>,
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Pending {
    /// Ask `bot` for its choice in `game` (a copy, standing at `so_far` in its match) on a new
    /// thread.
    pub fn start(
        purpose: Purpose,
        mut bot: Box<dyn Bot>,
        game: Game,
        so_far: MatchSoFar,
        at_action: usize,
        now: Instant,
    ) -> Pending {
        // A fresh flag each time: the bot handed back keeps the last one, set once answered.
        let stop = Arc::new(AtomicBool::new(false));
        bot.stop_with(Arc::clone(&stop));
        Pending::spawn(purpose, at_action, now, stop, move || {
            let action = PlayerView::in_match(&game, &so_far).map(|view| bot.choose(&view));
            Reply {
                bot: Some(bot),
                action,
                crashed: None,
                assessment: None,
            }
        })
    }

    /// Ask `analyst` for the best moves in `game` (a copy) with their estimates, on a new thread:
    /// the hint.
    pub fn start_hint(
        analyst: Analyst,
        seed: u64,
        game: Game,
        so_far: MatchSoFar,
        at_action: usize,
        now: Instant,
    ) -> Pending {
        // Set when the request is dropped (the position taken back): the search stops too.
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        Pending::spawn(Purpose::Hint, at_action, now, stop, move || {
            let assessment = PlayerView::in_match(&game, &so_far)
                .and_then(|view| analyst.assess_until(&view, None, seed, &stopped));
            Reply {
                bot: None,
                action: assessment.as_ref().map(|a| a.best().action),
                crashed: None,
                assessment,
            }
        })
    }

    /// Run `work` on a new thread. A panic in it (a bug in a bot) must not take the app down: it
    /// is caught and reported as the reply.
    fn spawn(
        purpose: Purpose,
        at_action: usize,
        now: Instant,
        stop: Arc<AtomicBool>,
        work: impl FnOnce() -> Reply + Send + 'static,
    ) -> Pending {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
                .unwrap_or_else(|payload| Reply {
                    bot: None,
                    action: None,
                    crashed: Some(panic_text(payload.as_ref())),
                    assessment: None,
                });
            // The app may have gone on (undo, quit): nobody listens, which is fine.
            let _ = tx.send(reply);
        });
        Pending {
            purpose,
            started: now,
            at_action,
            rx,
            reply: None,
            stop,
        }
    }

    /// Collect the reply if it has come (waiting for it when `block`). Returns false when the
    /// thread died without answering.
    pub fn poll(&mut self, block: bool) -> bool {
        if self.reply.is_some() {
            return true;
        }
        let got = if block {
            self.rx.recv().map_err(|_| TryRecvError::Disconnected)
        } else {
            self.rx.try_recv()
        };
        match got {
            Ok(r) => {
                self.reply = Some(r);
                true
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => false,
        }
    }
}

/// A panic's message.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A bot with a bug.
    struct Broken;

    impl Bot for Broken {
        fn name(&self) -> &str {
            "broken"
        }

        fn choose(&mut self, _view: &PlayerView<'_>) -> Action {
            panic!("broken bot")
        }
    }

    #[test]
    fn a_panicking_bot_is_reported_not_fatal() {
        let ruleset = Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
                .expect("shipped"),
        );
        let game = Game::new(ruleset, 2, 1).expect("game");
        let mut pending = Pending::start(
            Purpose::Hint,
            Box::new(Broken),
            game,
            MatchSoFar::default(),
            0,
            Instant::now(),
        );
        assert!(pending.poll(true), "the thread answered");
        let reply = pending.reply.take().expect("a reply");
        assert_eq!(reply.crashed.as_deref(), Some("broken bot"));
        assert!(reply.action.is_none() && reply.bot.is_none());
    }
}

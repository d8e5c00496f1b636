//! Time passing: bot answers collected and played at the pace, pauses, the autosave's timing.

use super::*;

impl App {
    /// Let time pass: collect bot answers and play them once the pace allows (and the screen
    /// shows them: while it is too small a bot's move waits, then comes a pace after it fits).
    pub fn tick(&mut self, now: Instant) {
        self.poll(now, false);
        self.play_watched(now);
        if let Some(job) = &mut self.analysis {
            job.poll(false);
            job.tick(now);
        }
    }

    /// The analysis of the finished game, once asked for (`a` on the score screen).
    /// How far the score screen's columns are scrolled (0: not scrolled).
    pub fn score_scroll(&self) -> usize {
        self.score_scroll
    }

    /// How far the open popup (help, analysis, moves) is scrolled, in lines from its top; past its end ([`FOLLOW_NEWEST`]) it
    /// shows its end (the view keeps it in range).
    pub fn popup_scroll(&self) -> usize {
        self.popup_scroll
    }

    pub fn analysis(&self) -> Option<&analysis::AnalysisJob> {
        self.analysis.as_ref()
    }

    /// Wait until the analysis asked for is done (for tests and scripts).
    pub fn wait_for_analysis(&mut self) {
        if let Some(job) = &mut self.analysis {
            job.poll(true);
        }
    }

    /// Assess every decision of the finished game, on threads, and show the summary.
    pub fn analyse_game(&mut self) {
        self.analyse_game_of(None);
    }

    /// [`App::analyse_game`] of game `game` (from 0) of the match, or of the one on the score
    /// screen: a game watched from a saved match is that one, not the match's last.
    pub(super) fn analyse_game_of(&mut self, game: Option<usize>) {
        if self.mode != Mode::GameOver {
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        let game = game.unwrap_or_else(|| session.game_index());
        if self.analysis.as_ref().is_some_and(|j| j.game() != game) {
            self.analysis = None;
        }
        if self.analysis.is_none() {
            self.analysis = Some(analysis::AnalysisJob::start_game(
                &self.config.registry,
                session,
                self.config.analyst,
                crownlands_bots::analysis::DEFAULT_MAX_DECISIONS,
                game,
            ));
        }
        self.overlay = Some(Overlay::Analysis);
    }

    /// Play every bot move until a human has to act or the game is over, ignoring the pace (for
    /// tests and scripts).
    pub fn run_bots(&mut self) {
        let mut guard = 0;
        while self.pending.is_some() && guard < 100_000 {
            self.poll(Instant::now(), true);
            guard += 1;
        }
    }

    pub(super) fn poll(&mut self, now: Instant, block: bool) {
        if self.pending.is_none() {
            return;
        }
        // (Worked out from the layout, so only while a bot or a hint is awaited.) The quit
        // dialog over the board hides it too: a bot's move waits for the answer.
        let unseen =
            !block && (self.overlay == Some(Overlay::ConfirmQuit) || self.screen_too_small());
        let Some(pending) = &mut self.pending else {
            return;
        };
        if !pending.poll(block) {
            self.pending = None;
            self.message = "A bot stopped without answering; it will be asked again.".into();
            self.refresh(now);
            return;
        }
        let purpose = pending.purpose;
        // A module's step (a tax, a build, a burn) follows the bot's placement in its turn,
        // told in the log: at half the pace, so a table of bots in Queendomino does not keep a
        // person waiting five full paces a turn.
        let module = pending
            .reply
            .as_ref()
            .is_some_and(|r| matches!(r.action, Some(Action::Module { .. })));
        let pace = if module {
            self.config.pace / 2
        } else {
            self.config.pace
        };
        let paced = block || now >= pending.started + pace;
        // A pass shows nothing to follow (it is not logged): it goes at once, not at the pace.
        let passes = pending
            .reply
            .as_ref()
            .is_some_and(|r| r.action == Some(Action::Pass));
        let ready = pending.reply.is_some() && (purpose == Purpose::Hint || paced || passes);
        if !ready {
            return;
        }
        // A bot's move waits while the screen is too small to show it, then comes at the pace
        // once the board is seen again (it had been played unseen).
        if unseen && purpose != Purpose::Hint && !passes {
            pending.started = now;
            return;
        }
        let at = pending.at_action;
        let reply = pending.reply.take();
        self.pending = None;
        let Some(reply) = reply else {
            return;
        };
        let current = at == self.action_count();
        if let Some(why) = reply.crashed {
            return self.bot_crashed(purpose, current, &why, now);
        }
        match purpose {
            Purpose::Hint => {
                if current && let Some(action) = reply.action {
                    self.hints = reply
                        .assessment
                        .map(|a| a.candidates.into_iter().take(HINTS).collect())
                        .unwrap_or_default();
                    self.show_hint(action);
                }
            }
            Purpose::Move { seat } => {
                if let Some(slot) = self.bots.get_mut(seat) {
                    *slot = reply.bot;
                }
                if current && let Some(action) = reply.action {
                    self.play(action, false, now);
                }
            }
        }
        self.refresh(now);
    }

    /// A bot panicked (a bug in it). A hint is given up; a bot's move is made by the random
    /// bot instead (one of the engine's legal actions), said in the log, so the game goes on.
    pub(super) fn bot_crashed(&mut self, purpose: Purpose, current: bool, why: &str, now: Instant) {
        match purpose {
            Purpose::Hint => self.message = format!("The hint bot failed ({why})."),
            Purpose::Move { seat } => {
                let name = self.name(seat);
                self.message = format!("{name} failed ({why}); a random legal move was played.");
                if current && let Some(game) = self.game().cloned() {
                    let mut stand_in = Level::Random.build(game.seed() ^ 0x5eed);
                    let action =
                        crownlands_bots::PlayerView::new(&game).map(|view| stand_in.choose(&view));
                    if let Some(action) = action {
                        self.log
                            .push_back(format!("({name} failed: a random move)").into());
                        let message = self.message.clone();
                        self.play(action, false, now);
                        self.message = message;
                    }
                }
            }
        }
        self.refresh(now);
    }

    pub(super) fn action_count(&self) -> usize {
        self.session
            .as_ref()
            .map_or(0, |s| s.actions().iter().map(Vec::len).sum())
    }
}

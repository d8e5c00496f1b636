//! Watching a game move by move: a saved one from the setup screen, or the game just played from
//! one of the mistakes its analysis names (the moves and their replay are [`super::replay`]'s).

use super::{App, Mode, Overlay, Setup, replay};
use crate::keys::Key;
use crownlands_core::Action;
use crownlands_saves::Session;
use std::time::Instant;

/// Where watching a game goes back to.
pub(super) enum Back {
    /// A saved game opened from the setup screen: back to that screen.
    Setup(Box<Setup>),
    /// The game on the score screen, watched from one of its mistakes: back to its scores (and
    /// the analysis).
    Scores(Box<Scores>),
}

/// The score screen left to watch a mistake, as it was, and the mistake.
pub(super) struct Scores {
    session: Session,
    log: super::describe::Log,
    /// The score screen's news line (the game kept, ...).
    message: String,
    /// Where the mistake stands in the moves watched, the move played and the best found: drawn
    /// on the board, and `said` on the news line, while the watching is at that move.
    at: usize,
    played: Action,
    best: Action,
    said: String,
    /// How far the analysis box was scrolled: it opens there again on the way back.
    scroll: usize,
}

/// How a replay's key past either end begins its message.
const AT_AN_END: &str = "Nothing further: ";

impl App {
    /// While watching a saved game: the moves shown and the moves in all.
    pub fn replay_position(&self) -> Option<(usize, usize)> {
        self.replay.as_ref().map(|(r, _)| r.position())
    }

    /// The moves watched and all the moves of the saved game or match, as the screen counts them
    /// (a match's steps from one game to the next are positions, not moves).
    pub fn replay_moves(&self) -> Option<(usize, usize)> {
        self.replay.as_ref().map(|(r, _)| r.moves_played())
    }

    /// Watch the saved game at `path` move by move (from the setup screen).
    pub(super) fn open_replay(&mut self, path: &std::path::Path, now: Instant) {
        let Some(setup) = self.setup.take() else {
            return;
        };
        match replay::Replay::open(&self.config.registry, path) {
            Ok((r, seats)) => {
                let (session, _) = r.session(|p| format!("Player {}", p + 1));
                self.install(session, seats);
                self.setup = None;
                self.replay = Some((r, Back::Setup(Box::new(setup))));
                self.log.clear();
                let file = path
                    .file_name()
                    .map_or_else(String::new, |f| replay::printable(&f.to_string_lossy()));
                self.message = format!("Watching {file}.");
                self.refresh(now);
            }
            Err(e) => {
                let mut setup = setup;
                setup.error = Some(format!("{} does not open: {e}", path.display()));
                self.setup = Some(setup);
            }
        }
    }

    /// The unfinished saved game chosen on the setup screen's recent games (or watched from
    /// there), if it is one: `r` resumes it.
    pub fn resumable(&self) -> Option<&std::path::Path> {
        let setup = match (&self.setup, &self.replay) {
            (Some(setup), _) if setup.row == super::setup::Row::Recent => setup,
            (_, Some((_, Back::Setup(setup)))) => setup,
            _ => return None,
        };
        setup
            .recent
            .get(setup.recent_at)
            .filter(|r| r.unfinished)
            .map(|r| r.path.as_path())
    }

    /// Play on the unfinished saved game at `path` (`r` on the recent games, or watching one),
    /// as `crownlands play --load` does: from where it stopped, its file kept up to date when
    /// saved again or finished.
    pub(super) fn resume_saved(&mut self, path: &std::path::Path, now: Instant) {
        let file = path
            .file_name()
            .map_or_else(String::new, |f| replay::printable(&f.to_string_lossy()));
        // `Game loaded.` as `play --load` says it, with the file.
        if let Err(e) = self.load_file(path, &format!("Game loaded. Resumed {file}."), now) {
            // (The error names the file: said once, on one line, as Enter's failure is.)
            let said = e.to_string().replace('\n', "; ");
            self.message = format!("Cannot resume it: {said}");
        }
    }

    /// Watch the game on the score screen from just before its `k`th mistake in the analysis
    /// (counted over every player's, as the analysis lists them): the board as the player saw
    /// it, the move played next. `q` goes back to the scores and their analysis.
    pub fn watch_mistake(&mut self, k: usize, now: Instant) {
        if self.mode != Mode::GameOver || self.replay.is_some() {
            return;
        }
        let Some(mistake) = self.analysis.as_ref().and_then(|j| j.mistake(k)).cloned() else {
            return;
        };
        let Some(session) = self.session.take() else {
            return;
        };
        let mut r = match replay::Replay::of(&session) {
            Ok(r) => r,
            Err(e) => {
                self.message = format!("The game does not replay: {e}");
                self.session = Some(session);
                return;
            }
        };
        // (The game weighed: in a match watched from a save, perhaps not its last.)
        let game = self
            .analysis
            .as_ref()
            .map_or_else(|| session.game_index(), |j| j.game());
        let at = replay::Replay::index_of(&session, game, mistake.number - 1);
        r.go_to(at);
        let (shown, log) = r.session(|p| self.name(p));
        self.session = Some(shown);
        let log = std::mem::replace(&mut self.log, log);
        let by = mistake.by.map_or(String::new(), |n| format!(" ({n})"));
        // In a match the moves watched are the match's: the move is named in its game.
        let of_game = if session.match_games() > 1 {
            format!(" of game {}", game + 1)
        } else {
            String::new()
        };
        // (The keys are the prompt's, on the line above: said here too, the line ran over the
        // keys' line at 80 columns.)
        let said = format!(
            "Move {n}{of_game}{by}: {} played, best {}.",
            mistake.played,
            mistake.best,
            n = mistake.number
        );
        let message = std::mem::replace(&mut self.message, said.clone());
        self.replay = Some((
            r,
            Back::Scores(Box::new(Scores {
                session,
                log,
                message,
                at,
                played: mistake.played_action,
                best: mistake.best_action,
                said,
                scroll: self.popup_scroll,
            })),
        ));
        self.overlay = None;
        self.popup_scroll = 0;
        self.refresh(now);
    }

    /// Watching a mistake of the game just played, at its move: the move played and the best
    /// found (the board and the line show both).
    pub fn mistake_on_board(&self) -> Option<(Action, Action)> {
        self.at_mistake().map(|s| (s.played, s.best))
    }

    /// The mistake watched, while the watching is at its move.
    fn at_mistake(&self) -> Option<&Scores> {
        match &self.replay {
            Some((r, Back::Scores(s))) if r.position().0 == s.at => Some(s),
            _ => None,
        }
    }

    /// Where `q` goes back to, for the messages that name the keys.
    fn back_words(&self) -> &'static str {
        if self.watching_this_game() {
            "q back to the analysis"
        } else {
            "q back to setup"
        }
    }

    /// While watching: whether `q` goes back to the score screen (the game just played) rather
    /// than the setup screen (a saved game).
    pub fn watching_this_game(&self) -> bool {
        matches!(self.replay, Some((_, Back::Scores(_))))
    }

    /// `a` while watching a saved game: its score screen, as the game ended, with its analysis
    /// (the mistakes watched from there as the game just played's are); `q` goes back to the
    /// setup screen. A game left unfinished has no score screen: said so.
    fn analyse_watched(&mut self, now: Instant) {
        let Some((r, _)) = &self.replay else {
            return;
        };
        // The game on screen (a match's earlier game is weighed, not its last).
        let game = r.game_on_screen();
        let mut all = r.clone();
        all.jump(true);
        let (session, log) = all.session(|p| self.name(p));
        if !session.is_over() {
            self.message = "The saved game is unfinished: `crownlands analyse` weighs its \
                            decisions so far."
                .into();
            return;
        }
        let Some((_, Back::Setup(setup))) = self.replay.take() else {
            return;
        };
        let seats = std::mem::take(&mut self.seats);
        self.install(session, seats);
        self.log = log;
        self.watched = Some(setup);
        self.message = "A saved game's scores: q goes back to the setup screen.".into();
        self.refresh(now);
        self.analyse_game_of(Some(game));
    }

    /// Whether the game watched plays on by itself (`p`).
    pub fn watch_playing(&self) -> bool {
        self.replay_play.is_some()
    }

    /// Watching a game played on by itself (`p`): the next move once its time has come, the
    /// next after the bots' pace; at the last move it stops.
    pub(super) fn play_watched(&mut self, now: Instant) {
        let Some(due) = self.replay_play else {
            return;
        };
        if self.mode != Mode::Replay || self.overlay.is_some() {
            return;
        }
        if now < due {
            return;
        }
        let Some((r, _)) = &mut self.replay else {
            self.replay_play = None;
            return;
        };
        let (at, all) = r.position();
        if at >= all {
            self.replay_play = None;
            return;
        }
        self.replay_key(Key::Right, now);
        let more = self
            .replay
            .as_ref()
            .is_some_and(|(r, _)| r.position().0 < r.position().1);
        self.replay_play = more.then_some(now + self.config.pace);
    }

    /// Keys while watching a saved game.
    pub(super) fn replay_key(&mut self, key: Key, now: Instant) {
        let Some((r, _)) = &mut self.replay else {
            return;
        };
        let (before, all) = r.position();
        // Any key but `p` takes the game back in hand: a game playing on by itself stops.
        if key != Key::Char('p') {
            self.replay_play = None;
        }
        match key {
            Key::Char('p') => {
                if self.replay_play.take().is_some() {
                    self.message = "Paused: p plays on, → next, ← back.".into();
                } else if before == all {
                    self.message = format!("{AT_AN_END}the last move ({all}): g the start.");
                } else {
                    self.replay_play = Some(now + self.config.pace);
                    self.message = format!(
                        "Playing on, a move each {:.1} s (+ faster, - slower): p pauses.",
                        self.config.pace.as_secs_f64()
                    );
                }
                return;
            }
            Key::Right | Key::Down | Key::Char('l' | 'j' | ' ' | 'n') | Key::Enter => r.step(1),
            Key::Left | Key::Up | Key::Char('h' | 'k' | 'b') | Key::Backspace => r.step(-1),
            Key::Tab => r.step(10),
            Key::BackTab => r.step(-10),
            Key::Char('g') => r.jump(false),
            Key::Char('G') => r.jump(true),
            Key::Char('a') if !self.watching_this_game() => return self.analyse_watched(now),
            // A game left unfinished: played on from where it stopped.
            Key::Char('r') if self.resumable().is_some() => {
                if let Some(path) = self.resumable().map(std::path::Path::to_path_buf) {
                    self.resume_saved(&path, now);
                }
                return;
            }
            Key::Char('q') | Key::Esc => {
                match self.replay.take() {
                    Some((_, Back::Setup(setup))) => self.back_to_setup(setup, now),
                    Some((_, Back::Scores(s))) => {
                        let Scores {
                            session,
                            log,
                            message,
                            scroll,
                            ..
                        } = *s;
                        self.session = Some(session);
                        self.log = log;
                        // The score screen as it was: its pause before Enter is not taken again.
                        self.mode = Mode::GameOver;
                        self.message = message;
                        self.overlay = Some(Overlay::Analysis);
                        self.popup_scroll = scroll;
                        self.refresh(now);
                    }
                    None => {}
                }
                return;
            }
            // Any other key says which work here (a game watched takes no moves, saves or
            // hints), but at a mistake's move what it says stays (it names its keys).
            _ if self.mistake_on_board().is_some() => return,
            _ => {
                let back = self.back_words();
                self.message = format!(
                    "Watching: → next, ← back, p plays on, Tab ten moves, g the start, G the \
                     end, m the moves, ? help, {back}."
                );
                return;
            }
        }
        // A key that moves nothing (past either end) says where the game is.
        if r.position().0 == before {
            let back = self.back_words();
            self.message = if before == all {
                format!("{AT_AN_END}the last move ({all}): ← back, g the start, {back}.")
            } else {
                format!("{AT_AN_END}the start: → next, G the end, {back}.")
            };
            return;
        }
        // A move made: the news line gives way (to the last move where there is no log: at
        // 6 to 8 kingdoms the file's name stayed there and the moves went by unsaid), but at a
        // mistake watched, to what it was.
        let (session, log) = r.session(|p| {
            self.seats
                .get(p)
                .map_or_else(|| format!("Player {}", p + 1), |s| s.name.clone())
        });
        self.session = Some(session);
        self.log = log;
        self.message = self
            .at_mistake()
            .map_or_else(String::new, |s| s.said.clone());
        self.refresh(now);
    }
}

//! The offer to resume an unfinished autosaved game, made on start (without `--load`).
//!
//! Nothing saved is lost without the player's decision: declining leaves the autosave as it is
//! until the new game's first move is autosaved over it, and an autosave that does not load is
//! only read, never changed, and its problem is shown on this screen.

use super::seats::{self, Seat};
use super::{App, Next};
use crate::keys::Key;
use crownlands_core::Registry;
use crownlands_core::text::escape_controls;
use crownlands_saves::Session;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// What the autosave holds, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub ruleset: String,
    /// `You (human)`, `greedy 2` (a bot's kind where its name does not say it: `Bob (greedy)`).
    pub players: Vec<String>,
    /// The round reached, as the game's header counts it (0: the first claims).
    pub round: u32,
    /// The rounds a game has, as the header counts them (`round 7/12`).
    pub rounds: u32,
    /// The player whose turn it is (`You`, `greedy 2`); `None` once the game is over.
    pub to_play: Option<String>,
    /// (game from 1, games in the match) for a match of several games.
    pub game_of: Option<(usize, u8)>,
    /// A match paused between two games: its totals so far (`You 40, greedy 2 60`).
    pub between_games: Option<String>,
    /// A match paused in its second game or later: its totals over the games finished before
    /// the current one (`You 48, greedy 2 66`), the current game's running score not counted
    /// in (read as "so far", it had been taken for the finished games').
    pub earlier_games: Option<String>,
    /// When it was saved: `12 minutes ago`.
    pub saved: String,
}

/// An unfinished game found in the autosave.
#[derive(Clone, Debug)]
pub struct Found {
    pub session: Session,
    pub seats: Vec<Seat>,
    pub summary: Summary,
}

/// The offer: the autosave file, and its game or why it does not load.
#[derive(Clone, Debug)]
pub struct Offer {
    pub path: PathBuf,
    pub found: Result<Found, String>,
    /// The focused button, an index into [`Offer::answers`].
    pub focus: usize,
    /// For `autosave.json`: the name a new game keeps it under (`autosave-previous.json`, or a
    /// numbered one when that holds another unfinished game); empty with autosave off
    /// (`--no-autosave`), when a new game moves nothing.
    pub kept_as: String,
    /// `autosave.json` is not a regular file (a folder, a FIFO): never opened nor moved; a new
    /// game autosaves beside it (`autosave-2.json`, ...).
    pub not_a_file: bool,
    /// A save of the saves folder holding this game played further (the autosave had stopped,
    /// and the game was saved with `s` later on): said, so the stale autosave is not taken for
    /// the game as it was left.
    pub later: Option<super::autosave::Later>,
}

/// What the player can answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Resume,
    NewGame,
    Quit,
}

impl Answer {
    /// The button's label.
    pub fn label(self) -> &'static str {
        match self {
            Answer::Resume => "Resume",
            Answer::NewGame => "New game",
            Answer::Quit => "Quit",
        }
    }

    /// The key that gives this answer.
    pub fn key(self) -> Key {
        match self {
            Answer::Resume => Key::Char('r'),
            Answer::NewGame => Key::Char('n'),
            Answer::Quit => Key::Char('q'),
        }
    }
}

impl Offer {
    /// The offer for the autosave in `dir`: `None` when there is none or its game is over.
    /// `now` dates the save ("12 minutes ago"). The file is only read.
    /// When `autosave.json` holds none, the first numbered autosave (`autosave-2.json`, ...,
    /// where a game went on when another program took `autosave.json`) whose game loads and is
    /// not over is offered instead.
    pub fn read(
        registry: &Registry,
        dir: &Path,
        saves: Option<&Path>,
        now: SystemTime,
    ) -> Option<Offer> {
        match Offer::read_main(registry, dir, saves, now) {
            // Not a file: a game that went on beside it comes first (else it was never offered
            // again), then what is wrong with it.
            Some(main) if main.not_a_file => {
                Offer::read_numbered(registry, dir, now).or(Some(main))
            }
            Some(main) => Some(main),
            None => Offer::read_numbered(registry, dir, now),
        }
    }

    /// Whether the offer is of `autosave.json` (else of a numbered autosave).
    pub fn is_main(&self) -> bool {
        self.path.file_name() == Some(std::ffi::OsStr::new(crownlands_saves::AUTOSAVE_FILE))
    }

    fn read_numbered(registry: &Registry, dir: &Path, now: SystemTime) -> Option<Offer> {
        super::autosave::numbered_autosaves(dir)
            .into_iter()
            .find_map(|path| {
                let session = crownlands_saves::read_save(registry, &path).ok()?;
                if session.is_over() {
                    return None;
                }
                let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
                let saved = saved_words(modified, now, session.date());
                Some(Offer {
                    path,
                    found: Ok(Found::new(session, saved)),
                    focus: 0,
                    kept_as: String::new(),
                    not_a_file: false,
                    later: None,
                })
            })
    }

    fn read_main(
        registry: &Registry,
        dir: &Path,
        saves: Option<&Path>,
        now: SystemTime,
    ) -> Option<Offer> {
        let path = dir.join(crownlands_saves::AUTOSAVE_FILE);
        if !path.exists() {
            return None;
        }
        let found = match crownlands_saves::load_autosave_in(registry, dir) {
            Ok(None) => return None,
            Ok(Some(session)) => {
                let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
                let saved = saved_words(modified, now, session.date());
                Ok(Found::new(session, saved))
            }
            Err(e) => Err(e.to_string()),
        };
        let not_a_file = std::fs::metadata(&path).is_ok_and(|m| !m.is_file());
        let later = found
            .as_ref()
            .ok()
            .and_then(|f| super::autosave::later_in(saves, &f.session));
        Some(Offer {
            later,
            kept_as: if not_a_file {
                String::new()
            } else if let Some(held) = super::autosave::held_in(saves, &path) {
                // Saved there as it stands (`s`): a new game writes over the autosave, the
                // game stays in that file.
                held.display().to_string()
            } else {
                super::autosave::kept_as(registry, dir, saves)
            },
            path,
            found,
            focus: 0,
            not_a_file,
        })
    }

    /// The answers offered, in button order: resume (when the game loads), a new game, quit.
    pub fn answers(&self) -> Vec<Answer> {
        let mut v = Vec::new();
        if self.found.is_ok() {
            v.push(Answer::Resume);
        }
        v.push(Answer::NewGame);
        v.push(Answer::Quit);
        v
    }
}

impl Found {
    /// Describe `session`, saved `saved` (in words).
    pub fn new(session: Session, saved: String) -> Found {
        let seats = seats::from_players(session.players());
        let game = session.game();
        let summary = Summary {
            ruleset: escape_controls(session.ruleset().name()).into_owned(),
            // Each seat as `name (kind)`, or its name where that says its kind; in a game of
            // teams, a team's seats joined with `&`.
            players: {
                // The kind where the name does not say it (`greedy 2`, not `greedy 2 (greedy)`).
                let seat = |i: usize| {
                    seats.get(i).map(|s| {
                        let kind = s.kind_text();
                        let label = if s.name.starts_with(&format!("{kind} ")) || s.name == kind {
                            s.name.clone()
                        } else {
                            format!("{} ({kind})", s.name)
                        };
                        escape_controls(&label).into_owned()
                    })
                };
                if crownlands_saves::words::is_team_game(game) {
                    game.all_sides()
                        .map(|side| {
                            game.seats()
                                .filter(|&p| game.side_of(p) == side)
                                .filter_map(|p| seat(p.index()))
                                .collect::<Vec<_>>()
                                .join(" & ")
                        })
                        .collect()
                } else {
                    (0..seats.len()).filter_map(seat).collect()
                }
            },
            round: game.round(),
            rounds: u32::from(game.rules().rounds()),
            to_play: game
                .to_act()
                .and_then(|p| seats.get(p.index()))
                .map(|s| escape_controls(&s.name).into_owned()),
            game_of: (session.match_games() > 1)
                .then(|| (session.game_index() + 1, session.match_games())),
            between_games: (session.match_games() > 1 && game.is_over()).then(|| {
                match_totals(&session, &seats, |side| {
                    session.played().running_total(side)
                })
            }),
            earlier_games: (session.match_games() > 1
                && !game.is_over()
                && session.game_index() > 0)
                .then(|| {
                    let earlier = session.played().earlier_totals();
                    match_totals(&session, &seats, |side| earlier[side])
                }),
            saved,
        };
        Found {
            session,
            seats,
            summary,
        }
    }
}

/// Each side's `total` in the match, by its players' names (a team's joined with `&`): `You
/// 40, greedy 2 60`.
fn match_totals(
    session: &Session,
    seats: &[Seat],
    total: impl Fn(crownlands_core::Side) -> i64,
) -> String {
    let game = session.game();
    game.all_sides()
        .map(|side| {
            let name = game
                .seats()
                .filter(|&p| game.side_of(p) == side)
                .filter_map(|p| seats.get(p.index()).map(|s| s.name.as_str()))
                .collect::<Vec<_>>()
                .join(" & ");
            escape_controls(&format!("{name} {}", total(side))).into_owned()
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// When a file was saved, in words: `just now`, `12 minutes ago`, `3 hours ago`, `2 days ago`;
/// from the save's own date (`on 2026-11-22`) when the file's time is unknown.
pub fn saved_words(modified: Option<SystemTime>, now: SystemTime, date: Option<&str>) -> String {
    let Some(then) = modified else {
        return date.map_or_else(|| "at an unknown time".into(), |d| format!("on {d}"));
    };
    let secs = now.duration_since(then).map_or(0, |d| d.as_secs());
    let plural = |n: u64, unit: &str| {
        if n == 1 {
            format!("1 {unit} ago")
        } else {
            format!("{n} {unit}s ago")
        }
    };
    match secs {
        0..60 => "just now".into(),
        60..3600 => plural(secs / 60, "minute"),
        3600..86_400 => plural(secs / 3600, "hour"),
        _ => plural(secs / 86_400, "day"),
    }
}

impl App {
    /// The start screen when an unfinished game is autosaved: resume it, or go on to `next` (the
    /// setup screen or the game asked for).
    pub fn with_offer(offer: Offer, next: Next, config: super::Config) -> App {
        let mut app = App::empty(config);
        app.offer = Some(offer);
        app.next = Some(next);
        app.refresh(Instant::now());
        app
    }

    /// The offer on screen, if any.
    pub fn offer(&self) -> Option<&Offer> {
        self.offer.as_ref()
    }

    pub(super) fn offer_key(&mut self, key: Key, now: Instant) {
        let Some(offer) = &mut self.offer else {
            return;
        };
        let answers = offer.answers();
        let n = answers.len();
        let answer = match key {
            Key::Left | Key::BackTab | Key::Up | Key::Char('h' | 'k') => {
                offer.focus = (offer.focus + n - 1) % n;
                None
            }
            Key::Right | Key::Tab | Key::Down | Key::Char('l' | 'j') => {
                offer.focus = (offer.focus + 1) % n;
                None
            }
            Key::Enter | Key::Char(' ') => answers.get(offer.focus).copied(),
            Key::Char('r' | 'R' | 'y' | 'Y') if offer.found.is_ok() => Some(Answer::Resume),
            Key::Char('n' | 'N') => Some(Answer::NewGame),
            Key::Char('q' | 'Q') | Key::Esc => Some(Answer::Quit),
            Key::Char('?') => {
                self.overlay = Some(super::Overlay::Help);
                None
            }
            _ => None,
        };
        if let Some(a) = answer {
            self.answer_offer(a, now);
        }
    }

    /// Act on the player's answer.
    pub fn answer_offer(&mut self, answer: Answer, now: Instant) {
        let Some(offer) = self.offer.take() else {
            return;
        };
        let (is_main, name) = (offer.is_main(), super::file_name(&offer.path));
        match (answer, offer.found) {
            (Answer::Quit, found) => {
                // Left as it was: said on the way out, as a quit in a game says where it is.
                if found.is_ok() {
                    self.left_offered = Some((offer.path.clone(), is_main));
                }
                self.quit = true;
            }
            (Answer::Resume, Ok(found)) => {
                let unread = seats::unread_levels(found.session.players());
                let held = seats::held_levels(found.session.players());
                self.install(found.session, found.seats);
                self.find_own_files();
                self.message = "Resumed where you left off. Press ? for help.".into();
                if is_main {
                    // The autosave holds this very game: an undo writes over it, not aside.
                    if let Ok(autosaver) = super::autosave::Autosaver::adopting(&offer.path) {
                        self.autosaver = autosaver;
                    }
                }
                if !is_main {
                    // The game goes on in its numbered file, not over `autosave.json`.
                    match super::autosave::Autosaver::continuing(&offer.path) {
                        Ok(autosaver) => {
                            self.autosaver = autosaver;
                            self.message = format!(
                                "Resumed where you left off; autosaved to {} as before. Press ? \
                                 for help.",
                                name
                            );
                        }
                        Err(e) => {
                            let why = match offer.path.parent() {
                                Some(dir) => super::autosave::failure_words(dir, &e.to_string()),
                                None => e.to_string(),
                            };
                            self.autosave_stopped(why);
                        }
                    }
                }
                if !unread.is_empty() {
                    self.message = super::unread_note(&unread, &self.message);
                }
                if !held.is_empty() {
                    self.message = super::held_note(&held, &self.message);
                }
                self.refresh(now);
            }
            (Answer::Resume, Err(e)) => {
                // Not offered; keep the screen.
                self.offer = Some(Offer {
                    path: offer.path,
                    found: Err(e),
                    focus: 0,
                    kept_as: offer.kept_as,
                    not_a_file: offer.not_a_file,
                    later: offer.later,
                });
            }
            (Answer::NewGame, found) => {
                // Quit from the setup screen before a game starts: said on the way out too.
                if found.is_ok() {
                    self.left_offered = Some((offer.path.clone(), is_main));
                }
                self.new_game_instead(is_main, offer.not_a_file, &offer.kept_as, &name, now);
            }
        }
    }

    /// [`App::answer_offer`]'s new game: the setup (or the game asked for), the offered game
    /// kept as it is.
    fn new_game_instead(
        &mut self,
        is_main: bool,
        not_a_file: bool,
        kept_as: &str,
        name: &str,
        now: Instant,
    ) {
        match self.next.take() {
            Some(next) if is_main => {
                let kept = if not_a_file {
                    " It is not a file: left as it is, this game autosaves beside it.".to_string()
                } else if kept_as.is_empty() {
                    " The autosaved game stays as it is (autosave is off).".to_string()
                } else {
                    format!(
                        " The autosaved game stays; at this game's first move it is kept as \
                         {kept_as}."
                    )
                };
                self.go_on(next, &kept, now);
            }
            Some(next) => {
                let stays = format!(" The autosaved game stays in {name}.");
                self.go_on(next, &stays, now);
            }
            None => self.quit = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn saved_in_words() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let ago = |s: u64| saved_words(Some(now - Duration::from_secs(s)), now, None);
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(12 * 60 + 5), "12 minutes ago");
        assert_eq!(ago(3 * 3600), "3 hours ago");
        assert_eq!(ago(2 * 86_400 + 7), "2 days ago");
        // A clock set back: not "in the future", just now.
        assert_eq!(
            saved_words(Some(now + Duration::from_secs(9)), now, None),
            "just now"
        );
        assert_eq!(saved_words(None, now, Some("2026-11-22")), "on 2026-11-22");
    }
}

//! Finished games: each one is saved to the saves folder on its own, and the setup screen lists
//! the recent ones to watch move by move (the CLI's `replay --step`, inside the TUI).

use super::describe::describe;
use super::{LOG_LEN, seats};
use crownlands_core::Registry;
use crownlands_saves::Session;
use std::path::{Path, PathBuf};

/// How many recent games the setup screen offers.
pub const RECENT: usize = 8;

/// The largest save the recent games replay before offering it (a game of this program is a
/// few dozen KiB): one that reads but does not replay (changed by hand, from elsewhere) is left
/// out, so such files cannot crowd out the games that open. Larger ones are offered unreplayed
/// (a 16-player house rule's), said not to open when chosen, as before.
const REPLAYED_BYTES: u64 = 256 * 1024;

/// The newest files of the saves folder the recent games look at, at most: enough for the eight
/// newest games beside other files, and a bound on the time a folder of strangers' files takes.
const EXAMINED: usize = 64;

/// A saved game the setup screen offers to watch.
#[derive(Clone, Debug, PartialEq)]
pub struct Recent {
    pub path: PathBuf,
    /// The parts below whole, joined: `kingdomino · Anna, greedy 2 · 41:35 · 2026-11-23`
    /// (`kingdomino (unfinished) · ...` for a game left unfinished). The setup screen fits the
    /// parts to its row ([`crate::view`]'s `recent_text`).
    pub label: String,
    /// The label's parts, for a row that must be shorter: the ruleset (and whether unfinished),
    /// the players' names (whole), the date, and how it stands: the scores, side 1 first
    /// (`41:35`; a match's totals, `match 58:98`), or the round an unfinished game stopped in
    /// (`round 7`), so games of one day and the same players are told apart.
    pub what: String,
    pub who: String,
    /// The players' names side by side (a team's together), escaped: `who`'s parts, for a
    /// row that must cut them (each team's members cut, none left out).
    pub sides: Vec<Vec<String>>,
    pub date: Option<String>,
    pub result: Option<String>,
    /// Whether the game (or match) was left unfinished: `r` resumes it.
    pub unfinished: bool,
}

/// The `.json` files of the saves folder `dir`, newest first (by their time of change, then
/// name), each with its size in bytes.
pub fn newest_saves(dir: &Path) -> Vec<(PathBuf, u64)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf, u64)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            if !meta.is_file() {
                return None;
            }
            Some((meta.modified().ok()?, e.path(), meta.len()))
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files
        .into_iter()
        .map(|(_, path, len)| (path, len))
        .collect()
}

/// The newest saves in `dir` (at most [`RECENT`] of its [`EXAMINED`] newest files), newest first;
/// files that do not read as saves, or do not replay ([`REPLAYED_BYTES`]), are left out. What the files say is shown with control characters escaped. A game of
/// teams lists its players by team as the save's ruleset seats them (`registry` holds the
/// seatings a ruleset may name).
pub fn recent_games(dir: &Path, registry: &Registry) -> Vec<Recent> {
    newest_saves(dir)
        .into_iter()
        .take(EXAMINED)
        .filter_map(|(path, len)| {
            let save = crownlands_saves::read_save_file(&path).ok()?;
            if len <= REPLAYED_BYTES && save.load(registry, &path.display().to_string()).is_err() {
                return None;
            }
            let names: Vec<String> = save.players.iter().map(|p| p.name.clone()).collect();
            let seats = seating(&save, registry, &path);
            let who = names_by_side(&names, &seats);
            let sides = sides_of(&names, &seats);
            // A game left unfinished says so: watching it stops where it was left.
            // A match saved between its games is unfinished too.
            let between = save.between_games();
            let unfinished = save.is_unfinished();
            let status = if unfinished { " (unfinished)" } else { "" };
            // The totals in the seats' order, as a match's score is written (`41–35`, an en dash,
            // not a minus sign: `-5–35`): `41:35` read as a time of day, and a comma as more
            // of the names before.
            let joined = |totals: Vec<String>| totals.join("–");
            let match_games = save.match_games();
            let result = match (&save.result, save.games.last()) {
                // Between games: the games played of the match's, and its totals so far.
                (_, Some(_)) if between => {
                    let mut totals: Vec<i64> = Vec::new();
                    for g in &save.games {
                        if let crownlands_saves::GameStatus::Finished { totals: t, .. } = &g.status
                        {
                            totals.resize(totals.len().max(t.len()), 0);
                            for (sum, &x) in totals.iter_mut().zip(t) {
                                *sum += i64::from(x);
                            }
                        }
                    }
                    Some(format!(
                        "game {}/{match_games} done, match {}",
                        save.games.len(),
                        joined(totals.iter().map(i64::to_string).collect())
                    ))
                }
                // A game of a match left unfinished: which one.
                (_, Some(g))
                    if match_games > 1
                        && let crownlands_saves::GameStatus::Unfinished {
                            phase, round, ..
                        } = &g.status =>
                {
                    Some(format!(
                        "game {}/{match_games}, {}",
                        save.games.len(),
                        where_stopped(phase, *round)
                    ))
                }
                // A match played out: its totals (the last game's alone would tell another
                // winner), said to be the match's.
                (Some(m), Some(g))
                    if save.games.len() > 1
                        && matches!(g.status, crownlands_saves::GameStatus::Finished { .. }) =>
                {
                    Some(format!(
                        "match {}",
                        joined(m.totals.iter().map(i64::to_string).collect())
                    ))
                }
                (_, Some(g)) => Some(match &g.status {
                    // Fewer totals than players: a game of teams, the totals the teams'.
                    crownlands_saves::GameStatus::Finished { totals, .. }
                        if totals.len() < save.players.len() =>
                    {
                        format!(
                            "teams {}",
                            joined(totals.iter().map(i32::to_string).collect())
                        )
                    }
                    crownlands_saves::GameStatus::Finished { totals, .. } => {
                        joined(totals.iter().map(i32::to_string).collect())
                    }
                    crownlands_saves::GameStatus::Unfinished { phase, round, .. } => {
                        where_stopped(phase, *round)
                    }
                }),
                (_, None) => None,
            };
            let what = printable(&format!("{}{status}", save.ruleset_name));
            let who = printable(&who);
            let sides = sides
                .iter()
                .map(|team| team.iter().map(|n| printable(n)).collect())
                .collect();
            let result = result.as_deref().map(printable);
            let date = save.date.as_deref().map(printable);
            let label = [Some(&what), Some(&who), result.as_ref(), date.as_ref()]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" · ");
            Some(Recent {
                path,
                label,
                what,
                who,
                sides,
                date,
                result,
                unfinished,
            })
        })
        .take(RECENT)
        .collect()
}

/// Where a game was left, as its header says it: `first claims` before any domino is placed
/// (round 0 read as a round of placing), else `round N`.
fn where_stopped(phase: &crownlands_core::Phase, round: u32) -> String {
    match phase {
        crownlands_core::Phase::FirstClaims { .. } => "first claims".to_string(),
        _ => format!("round {round}"),
    }
}

/// How many sides a save's results name (fewer than its players in a game of teams), where it
/// records a finished game or a match's totals; `None` for a game left before its end.
fn recorded_sides(save: &crownlands_saves::Save) -> Option<usize> {
    save.games
        .iter()
        .find_map(|g| match &g.status {
            crownlands_saves::GameStatus::Finished { totals, .. } => Some(totals.len()),
            crownlands_saves::GameStatus::Unfinished { .. } => None,
        })
        .or_else(|| save.result.as_ref().map(|m| m.totals.len()))
}

/// The side each seat of `save` plays for, as its ruleset seats them, where the game may be one
/// of teams: a finished game whose results name fewer sides than it has players, or a game left
/// unfinished of four players or more (its results do not say). `None` where every player is
/// a side of their own, or where the save's ruleset does not load with `registry` (a save of
/// another build's modules): then a finished game of teams is read as sitting side by side,
/// the seating Crownlands ships.
fn seating(
    save: &crownlands_saves::Save,
    registry: &Registry,
    path: &Path,
) -> Option<Vec<crownlands_core::Side>> {
    let players = u8::try_from(save.players.len()).ok()?;
    let recorded = recorded_sides(save);
    let maybe_teams = match recorded {
        Some(sides) => sides < usize::from(players),
        None => players >= 4,
    };
    let by_ruleset = maybe_teams
        .then(|| {
            save.load_ruleset(registry, &path.display().to_string())
                .ok()
        })
        .flatten()
        .and_then(|ruleset| {
            crownlands_core::Seat::all(players)
                .map(|seat| ruleset.side_of(players, seat))
                .collect::<Option<Vec<_>>>()
        });
    by_ruleset.or_else(|| {
        // Side by side: seats 1-2 team 1, and so on.
        let sides = recorded.filter(|&s| s > 0 && s < save.players.len())?;
        let team = save.players.len() / sides;
        (save.players.len().is_multiple_of(sides)).then(|| {
            crownlands_core::Seat::all(players)
                .map(|seat| crownlands_core::Side(seat.0 / u8::try_from(team).unwrap_or(1)))
                .collect()
        })
    })
}

/// The players' names grouped by the side they play for (each in the order of its side, its
/// players in the order of their seats; a player a side where `seating` says nothing).
fn sides_of(names: &[String], seating: &Option<Vec<crownlands_core::Side>>) -> Vec<Vec<String>> {
    match seating.as_ref().filter(|s| s.len() == names.len()) {
        Some(sides) => {
            let mut teams: std::collections::BTreeMap<crownlands_core::Side, Vec<String>> =
                std::collections::BTreeMap::new();
            for (name, side) in names.iter().zip(sides) {
                teams.entry(*side).or_default().push(name.clone());
            }
            teams.into_values().collect()
        }
        None => names.iter().map(|n| vec![n.clone()]).collect(),
    }
}

/// The players' names as the sides they play for: `Ann, Bea` for players of their own, `Ann &
/// greedy 2, greedy 3 & greedy 4` for teams (each team in the order of its side, its players in
/// the order of their seats), so that a game of teams' scores (`teams 120–98`) read against the
/// teams they belong to.
fn names_by_side(names: &[String], seating: &Option<Vec<crownlands_core::Side>>) -> String {
    sides_of(names, seating)
        .iter()
        .map(|team| team.join(" & "))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` with its control characters shown escaped (file contents never reach the terminal as
/// they are).
pub fn printable(text: &str) -> String {
    crownlands_core::text::escape_controls(text).into_owned()
}

/// A saved game being watched move by move.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game as it was started, before any move.
    start: Session,
    /// Every move of every game of the match, in order; `None` between games.
    moves: Vec<Option<crownlands_core::Action>>,
    /// How many of `moves` are played on screen.
    at: usize,
}

impl Replay {
    /// Read the save at `path` for watching.
    pub fn open(registry: &Registry, path: &Path) -> Result<(Replay, Vec<seats::Seat>), String> {
        let full = crownlands_saves::read_save(registry, path).map_err(|e| e.to_string())?;
        let replay = Replay::of(&full)?;
        // Watching only: every seat shows as a bot, so no one is asked to move.
        let seats = seats::from_players(full.players())
            .into_iter()
            .map(|mut s| {
                s.name = printable(&s.name);
                s.kind = seats::SeatKind::Bot(crownlands_bots::Level::Random);
                s
            })
            .collect();
        Ok((replay, seats))
    }

    /// Watch `session`'s games from their start: the game on the score screen, whose moves the
    /// analysis points to.
    pub fn of(session: &Session) -> Result<Replay, String> {
        let start = Session::new(
            session.ruleset().clone(),
            session.players().to_vec(),
            session.seed(),
        )
        .map_err(|e| e.to_string())?;
        let mut moves = Vec::new();
        for (i, game) in session.actions().iter().enumerate() {
            if i > 0 {
                moves.push(None);
            }
            moves.extend(game.iter().copied().map(Some));
        }
        Ok(Replay {
            start,
            moves,
            at: 0,
        })
    }

    /// Where the `decision`th move (from 0) of game `game` (from 0) of the match stands in the
    /// moves watched: the games before it and the breaks between them counted.
    pub fn index_of(session: &Session, game: usize, decision: usize) -> usize {
        let before: usize = session.actions().iter().take(game).map(Vec::len).sum();
        before + game + decision
    }

    /// Show the moves up to `at` (within the game).
    pub fn go_to(&mut self, at: usize) {
        self.at = at.min(self.moves.len());
    }

    /// The game on screen (from 0): the breaks between games before it.
    pub fn game_on_screen(&self) -> usize {
        self.moves[..self.at.min(self.moves.len())]
            .iter()
            .filter(|m| m.is_none())
            .count()
    }

    /// The moves played on screen, and how many there are in all.
    pub fn position(&self) -> (usize, usize) {
        (self.at, self.moves.len())
    }

    /// The moves played on screen and all the moves, as a person counts them: the steps from one
    /// game of a match to the next (positions of their own, the next game dealt) are not moves.
    pub fn moves_played(&self) -> (usize, usize) {
        let played = |m: &[Option<crownlands_core::Action>]| m.iter().flatten().count();
        (played(&self.moves[..self.at]), played(&self.moves))
    }

    /// Move `delta` moves on (or back), within the game.
    pub fn step(&mut self, delta: isize) {
        let target = self.at.saturating_add_signed(delta).min(self.moves.len());
        // A jump of several moves stops at a game's end on its way (the score screen between
        // two games of a match, where the next entry begins the next game): Tab went past it.
        let end_of_game = |p: usize| matches!(self.moves.get(p), Some(None));
        self.at = if target > self.at {
            (self.at + 1..=target)
                .find(|&p| end_of_game(p))
                .unwrap_or(target)
        } else {
            (target..self.at)
                .rev()
                .find(|&p| end_of_game(p))
                .unwrap_or(target)
        };
    }

    /// Jump to the start (`false`) or the end (`true`).
    pub fn jump(&mut self, end: bool) {
        self.at = if end { self.moves.len() } else { 0 };
    }

    /// The session after the moves played on screen, and the log of them (`name` naming the
    /// players).
    pub fn session(&self, name: impl Fn(usize) -> String) -> (Session, super::describe::Log) {
        let mut s = self.start.clone();
        let mut log = super::describe::Log::new();
        for m in &self.moves[..self.at] {
            match m {
                Some(a) => {
                    let Some(seat) = s.game().to_act() else {
                        break;
                    };
                    let who = name(seat.index());
                    let text = describe(s.game(), *a, &who);
                    let before = (!s.game().modules().is_empty()).then(|| s.game().clone());
                    let watch =
                        crownlands_core::modules::describe::UnclaimedWatch::before(s.game());
                    if s.apply(*a).is_err() {
                        break;
                    }
                    let told = super::describe::told(before.as_ref(), &watch, s.game(), &name);
                    super::describe::push_move(&mut log, *a, text, told);
                }
                None => {
                    s.next_game();
                    log.push_back(format!("Game {} begins.", s.game_index() + 1).into());
                }
            }
            while log.len() > LOG_LEN {
                log.pop_front();
            }
        }
        (s, log)
    }
}

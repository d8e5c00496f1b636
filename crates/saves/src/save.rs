//! The save file: reading its JSON, checking it by replaying it, writing it.

use crate::error::{Problem, SaveError};
use crate::player::Player;
use crate::record::{FORMAT, MatchRecord, Save, VERSION};
use crate::session::{Move, Session};
use crate::words::{action_place, describe_status, join, sides_text, token};
use crownlands_core::{Action, Registry, Ruleset};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Whether `saved` is `actual` as saves of team matches wrote it before match totals were sized
/// per side: one total per seat, the sides' totals first, then zeros.
fn old_team_record(actual: &Option<MatchRecord>, saved: &Option<MatchRecord>) -> bool {
    match (actual, saved) {
        (Some(actual), Some(saved)) => {
            saved.winners == actual.winners
                && saved.totals.len() > actual.totals.len()
                && saved.totals.starts_with(&actual.totals)
                && saved.totals[actual.totals.len()..].iter().all(|&t| t == 0)
        }
        _ => false,
    }
}

/// The first two fields, read before anything else so that a future version is named as such.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

fn json_error(file: &str, e: &serde_json::Error) -> SaveError {
    use serde_json::error::Category;
    let msg = strip_position(&e.to_string());
    let problem = match e.classify() {
        Category::Eof => Problem::Truncated(msg),
        Category::Syntax => Problem::Syntax(msg),
        Category::Data => Problem::Shape(msg),
        Category::Io => Problem::Syntax(msg),
    };
    // serde_json gives column 0 at the very start of a line (an empty file, say).
    let column = if e.line() > 0 { e.column().max(1) } else { 0 };
    SaveError::at(file, e.line(), column, problem)
}

/// serde_json appends " at line L column C"; the position goes in front instead.
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

impl Save {
    /// Read a save from JSON text. `file` names it in errors. Checks the format tag and version
    /// and the shape; [`Save::load`] then checks the game itself.
    pub fn from_json(text: &str, file: &str) -> Result<Save, SaveError> {
        // A byte order mark, as some editors write, is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let header: Header = serde_json::from_str(text).map_err(|e| match e.classify() {
            serde_json::error::Category::Data => SaveError::new(
                file,
                Problem::NotASave(
                    "the file is JSON but not an object with a `format` field".into(),
                ),
            ),
            _ => json_error(file, &e),
        })?;
        match header.format {
            Some(serde_json::Value::String(s)) if s == FORMAT => {}
            Some(serde_json::Value::String(s)) => {
                return Err(SaveError::new(
                    file,
                    Problem::NotASave(format!("its format is `{s}`, not `{FORMAT}`")),
                ));
            }
            Some(_) => {
                return Err(SaveError::new(
                    file,
                    Problem::NotASave(format!("its `format` is not the string `{FORMAT}`")),
                ));
            }
            None => {
                return Err(SaveError::new(
                    file,
                    Problem::NotASave(format!("it has no `format` field (expected `{FORMAT}`)")),
                ));
            }
        }
        match header.version.as_ref().and_then(serde_json::Value::as_u64) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(SaveError::new(
                    file,
                    Problem::FutureVersion {
                        found: v,
                        supported: VERSION,
                    },
                ));
            }
            Some(v) if v >= 1 => {}
            _ => {
                return Err(SaveError::new(
                    file,
                    Problem::Shape(format!(
                        "`version` must be a whole number from 1 to {VERSION}, not {}",
                        header
                            .version
                            .map_or_else(|| "missing".to_string(), |v| v.to_string())
                    )),
                ));
            }
        }
        let save: Save = serde_json::from_str(text).map_err(|e| json_error(file, &e))?;
        save.check_texts(file)?;
        Ok(save)
    }

    /// Refuse names, kinds, the date and the ruleset's name when they hold control characters
    /// (which would reach the terminal when the game is shown: escape sequences, forged lines).
    fn check_texts(&self, file: &str) -> Result<(), SaveError> {
        let mut fields: Vec<(String, &str)> = vec![("ruleset_name".into(), &self.ruleset_name)];
        if let Some(d) = &self.date {
            fields.push(("date".into(), d));
        }
        for (i, p) in self.players.iter().enumerate() {
            fields.push((format!("players[{i}].name"), &p.name));
            fields.push((format!("players[{i}].kind"), &p.kind));
        }
        for (field, value) in fields {
            if let Some(c) = crownlands_core::text::first_unsafe_char(value) {
                return Err(SaveError::new(
                    file,
                    Problem::Invalid(format!(
                        "`{field}` holds the control character U+{:04X}; names, kinds and dates \
                         are plain text",
                        u32::from(c)
                    )),
                ));
            }
        }
        Ok(())
    }

    /// The save as JSON, ending with a newline: indented, except that each action (and each short
    /// list of numbers) stays on one line.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Tidy::default());
        // Serializing plain data into memory cannot fail; fall back to compact text if it did.
        if self.serialize(&mut ser).is_err() {
            out = serde_json::to_vec(self).unwrap_or_default();
        }
        let mut s = String::from_utf8(out).unwrap_or_default();
        s.push('\n');
        s
    }

    /// A save of a game or match played with `actions` (one list per game begun), checked by
    /// replaying them. This is what `simulate --save` writes for each game.
    pub fn from_actions(
        ruleset: Arc<Ruleset>,
        players: Vec<Player>,
        seed: u64,
        actions: &[Vec<Action>],
    ) -> Result<Save, SaveError> {
        let mut session = Session::new(ruleset, players, seed)
            .map_err(|e| SaveError::new("", Problem::Invalid(e.to_string())))?;
        for (g, list) in actions.iter().enumerate() {
            if g > 0 && !session.next_game() {
                return Err(SaveError::new(
                    "",
                    Problem::Invalid(format!(
                        "game {} cannot start: game {g} is not over or the match has only {} games",
                        g + 1,
                        session.match_games()
                    )),
                ));
            }
            for (i, &a) in list.iter().enumerate() {
                let token = token(session.game(), a);
                session.apply(a).map_err(|reason| {
                    SaveError::new(
                        "",
                        Problem::Illegal {
                            at: action_place(actions.len(), g, i),
                            token,
                            reason,
                        },
                    )
                })?;
            }
        }
        Ok(session.to_save())
    }

    /// Load the embedded ruleset, replay every action and check the recorded results.
    pub fn load(&self, registry: &Registry, file: &str) -> Result<Session, SaveError> {
        self.replay(registry, file, |_| {})
    }

    /// As [`Save::load`], calling `on_move` after every action (for replays).
    pub fn replay(
        &self,
        registry: &Registry,
        file: &str,
        mut on_move: impl FnMut(&Move<'_>),
    ) -> Result<Session, SaveError> {
        let ruleset = Arc::new(self.load_ruleset(registry, file)?);
        let invalid = |msg: String| SaveError::new(file, Problem::Invalid(msg));
        for (i, p) in self.players.iter().enumerate() {
            if p.seat as usize != i + 1 {
                return Err(invalid(format!(
                    "players[{i}] has seat {}; seats are numbered 1, 2, ... in order",
                    p.seat
                )));
            }
        }
        if self.games.is_empty() {
            return Err(invalid("the save holds no game".into()));
        }
        let mut session = Session::new(ruleset, self.players.clone(), self.seed)
            .map_err(|e| invalid(e.to_string()))?;
        session.set_date(self.date.clone());
        let n = self.games.len();
        for (g, record) in self.games.iter().enumerate() {
            if g > 0 && !session.next_game() {
                return Err(invalid(
                    if session.game_index() + 1 >= usize::from(session.match_games()) {
                        format!(
                            "the save holds {n} games but the ruleset plays {} a match",
                            session.match_games()
                        )
                    } else {
                        format!("game {} is recorded but game {g} is not over", g + 1)
                    },
                ));
            }
            if record.seed != session.game().seed() {
                return Err(SaveError::new(
                    file,
                    Problem::Mismatch(format!(
                        "game {} is recorded with seed {} but the match seed {} gives it seed {}",
                        g + 1,
                        record.seed,
                        self.seed,
                        session.game().seed()
                    )),
                ));
            }
            for (i, saved) in record.actions.iter().enumerate() {
                let action = saved.read(session.game()).map_err(|e| {
                    let e = e.split(", expected one of").next().unwrap_or_default();
                    SaveError::new(
                        file,
                        Problem::Shape(format!(
                            "{}: `{}` is not an action of this ruleset: {e}",
                            action_place(n, g, i),
                            saved.json()
                        )),
                    )
                })?;
                let before = session.game().clone();
                let token = token(&before, action);
                session.apply(action).map_err(|reason| {
                    SaveError::new(
                        file,
                        Problem::Illegal {
                            at: action_place(n, g, i),
                            token,
                            reason,
                        },
                    )
                })?;
                on_move(&Move {
                    game: g,
                    index: i,
                    action,
                    before: &before,
                    after: session.game(),
                    session: &session,
                });
            }
            let actual = session.status();
            if actual != record.status {
                let teams = crate::words::is_team_game(session.game());
                return Err(SaveError::new(
                    file,
                    Problem::Mismatch(format!(
                        "{}the save records {} but the actions replay to {}",
                        if n > 1 {
                            format!("game {}: ", g + 1)
                        } else {
                            String::new()
                        },
                        describe_status(&record.status, teams),
                        describe_status(&actual, teams)
                    )),
                ));
            }
        }
        let actual = session.match_record();
        if actual != self.result && !old_team_record(&actual, &self.result) {
            let teams = crate::words::is_team_game(session.game());
            let show = |r: &Option<MatchRecord>| match r {
                None => "no match result".to_string(),
                Some(r) => format!(
                    "match totals {} with {} winning",
                    join(&r.totals),
                    sides_text(&r.winners, teams)
                ),
            };
            return Err(SaveError::new(
                file,
                Problem::Mismatch(format!(
                    "the save records {} but the actions replay to {}",
                    show(&self.result),
                    show(&actual)
                )),
            ));
        }
        Ok(session)
    }

    /// The embedded ruleset, loaded and validated as if it were the file `FILE#ruleset`, so that
    /// its problems are reported with lines and columns inside the embedded text.
    pub fn load_ruleset(&self, registry: &Registry, file: &str) -> Result<Ruleset, SaveError> {
        let name = format!("{file}#ruleset");
        crownlands_rules::load_embedded(registry, &self.ruleset, &name)
            .map_err(|d| SaveError::new(file, Problem::Ruleset(d)))
    }
}

/// serde_json output indented down to [`Tidy::LIMIT`] levels and compact below, so that every
/// action of a game is one line.
#[derive(Default)]
struct Tidy {
    depth: usize,
    has_value: bool,
}

impl Tidy {
    /// Containers nested deeper than this are written on one line (actions are at depth 5).
    const LIMIT: usize = 4;

    fn newline<W: ?Sized + std::io::Write>(&self, w: &mut W, depth: usize) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn item<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.depth <= Self::LIMIT {
            self.newline(w, self.depth)?;
        }
        Ok(())
    }

    fn close<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        let inner = self.depth;
        self.depth -= 1;
        if inner <= Self::LIMIT && self.has_value {
            self.newline(w, self.depth)?;
        }
        w.write_all(bracket)
    }
}

impl serde_json::ser::Formatter for Tidy {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(if self.depth <= Self::LIMIT {
            b": "
        } else {
            b":"
        })
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

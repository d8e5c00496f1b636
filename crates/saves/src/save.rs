//! The save file: reading its JSON, checking it by replaying it, writing it.

use crate::error::{Problem, SaveError};
use crate::limits::{
    MAX_SAVE_BYTES, check_date, check_player, check_ruleset_name, shorten_quotes, shortened,
};
use crate::player::Player;
use crate::record::{FORMAT, MatchRecord, Save, VERSION};
use crate::session::{Move, Session};
use crate::words::{action_place, describe_status, join, sides_text, token};
use crownlands_core::text::reveal_invisible;
use crownlands_core::{Action, Registry, Ruleset};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::sync::Arc;

/// Whether `saved` is `actual` as saves of team matches wrote it before match totals were sized
/// per side: one total per seat (`seats` of them), the sides' totals first, then zeros. Only a
/// team match (fewer sides than seats) was ever written so.
fn old_team_record(
    actual: &Option<MatchRecord>,
    saved: &Option<MatchRecord>,
    seats: usize,
) -> bool {
    match (actual, saved) {
        (Some(actual), Some(saved)) => {
            actual.totals.len() < seats
                && saved.totals.len() == seats
                && saved.winners == actual.winners
                && saved.totals.starts_with(&actual.totals)
                && saved.totals[actual.totals.len()..].iter().all(|&t| t == 0)
        }
        _ => false,
    }
}

/// The first two fields, read before anything else so that a future version is named as such.
/// Kept as their JSON text (a value of any size is not built in memory).
#[derive(Deserialize)]
struct Header {
    format: Option<Box<RawValue>>,
    version: Option<Box<RawValue>>,
}

fn json_error(file: &str, text: &str, e: &serde_json::Error) -> SaveError {
    use serde_json::error::Category;
    let mut msg = shorten_quotes(&strip_position(&e.to_string()));
    // serde_json gives column 0 at the very start of a line (an empty file, say).
    let mut at = if e.line() > 0 {
        (e.line(), char_column(text, e.line(), e.column()).max(1))
    } else {
        (0, 0)
    };
    // Which control character, and where it stands: serde_json says only its range (a NUL
    // byte read as a JSON syntax error left a reader guessing), a column before it, and a new
    // line at the start of the line after it.
    if msg.starts_with("control character")
        && let Some((c, line, byte)) = control_at(text, e.line(), e.column())
    {
        let name = match c {
            '\0' => " (a NUL byte)".to_string(),
            '\t' => " (a tab)".to_string(),
            '\r' => " (a carriage return)".to_string(),
            '\n' => " (a new line: a string broken across lines)".to_string(),
            _ => String::new(),
        };
        msg = format!(
            "a control character U+{:04X}{name} inside a string, where JSON allows none (a save \
             Crownlands writes escapes them: the file is damaged, or not one of ours)",
            u32::from(c)
        );
        at = (line, char_column(text, line, byte) + 1);
    }
    let problem = match e.classify() {
        Category::Eof => Problem::Truncated(msg),
        Category::Syntax => Problem::Syntax(msg),
        Category::Data => Problem::Shape(msg),
        Category::Io => Problem::Syntax(msg),
    };
    SaveError::at(file, at.0, at.1, problem)
}

/// The control character serde_json stopped at (line `line` from 1, `column` the bytes of the
/// line before it), with its own line and byte index in that line: the character there (or
/// just before: the column may count it or not); a new line where the position is past the
/// line's end, or at the start of the next line (a line break read as the string's).
fn control_at(text: &str, line: usize, column: usize) -> Option<(char, usize, usize)> {
    let lines = |n: usize| text.split('\n').nth(n.checked_sub(1)?);
    let l = lines(line)?;
    if column == 0 && line > 1 {
        return Some(('\n', line - 1, lines(line - 1)?.len()));
    }
    if column >= l.len() {
        return Some(('\n', line, l.len()));
    }
    [column, column.saturating_sub(1)]
        .into_iter()
        .filter_map(|at| Some((l.get(at..)?.chars().next()?, at)))
        .find(|(c, _)| c.is_control())
        .map(|(c, at)| (c, line, at))
}

/// serde_json's column (bytes into line `line`, from 1) in characters, as [`SaveError`] counts.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column;
    };
    let mut end = byte_column.min(l.len());
    while !l.is_char_boundary(end) {
        // Within a character: the column is that character's.
        end += 1;
    }
    l[..end].chars().count()
}

/// serde_json appends " at line L column C"; the position goes in front instead.
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

impl Save {
    /// The games of the match as the embedded ruleset declares them for the save's player count
    /// (`match-games = 3` in its `[for-players.N]`, else in its `[rules]`, as `crownlands show`
    /// writes a resolved ruleset), 1 without: read from the text alone, for lists of saves that
    /// do not load each ruleset (a label, nothing more, rests on it). At most
    /// [`crownlands_core::ruleset::MAX_MATCH_GAMES`].
    pub fn match_games(&self) -> usize {
        let own = format!("[for-players.{}]", self.players.len());
        let (mut table, mut rules, mut for_count) = ("", None, None);
        for line in self.ruleset.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                table = line;
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            if key.trim() != "match-games" {
                continue;
            }
            let n = value.trim().parse::<usize>().ok();
            if table == "[rules]" {
                rules = rules.or(n);
            } else if table == own {
                for_count = for_count.or(n);
            }
        }
        for_count
            .or(rules)
            .unwrap_or(1)
            .clamp(1, usize::from(crownlands_core::ruleset::MAX_MATCH_GAMES))
    }

    /// Whether `self` is the game (or match) `earlier` went on to be: the same ruleset, seed and
    /// players, every action `earlier` holds played the same, and as many more as were played
    /// since (a game saved by hand, then finished: the finished game may be kept in its file).
    pub fn continues(&self, earlier: &Save) -> bool {
        let same_table = self.ruleset == earlier.ruleset
            && self.seed == earlier.seed
            && self.players == earlier.players
            && earlier.games.len() <= self.games.len();
        same_table
            && earlier
                .games
                .iter()
                .zip(&self.games)
                .enumerate()
                .all(|(i, (e, g))| {
                    e.seed == g.seed
                        && if i + 1 < earlier.games.len() {
                            e.actions == g.actions
                        } else {
                            g.actions.starts_with(&e.actions)
                        }
                })
    }

    /// Whether the match stopped between two of its games: its last game finished, the match
    /// not (a match saved from its score screen).
    pub fn between_games(&self) -> bool {
        self.result.is_none()
            && self.games.len() < self.match_games()
            && self
                .games
                .last()
                .is_some_and(|g| matches!(g.status, crate::record::GameStatus::Finished { .. }))
    }

    /// Whether the game (or match) is not over: its last game unfinished, or a match stopped
    /// between its games.
    pub fn is_unfinished(&self) -> bool {
        self.between_games()
            || self
                .games
                .last()
                .is_some_and(|g| matches!(g.status, crate::record::GameStatus::Unfinished { .. }))
    }

    /// How many actions the save holds, over every game of the match.
    pub fn moves(&self) -> usize {
        self.games.iter().map(|g| g.actions.len()).sum()
    }

    /// Read a save from JSON text. `file` names it in errors. Checks the format tag and version
    /// and the shape; [`Save::load`] then checks the game itself.
    pub fn from_json(text: &str, file: &str) -> Result<Save, SaveError> {
        if text.len() as u64 > MAX_SAVE_BYTES {
            return Err(SaveError::new(
                file,
                Problem::TooLarge {
                    size: text.len() as u64,
                    max: MAX_SAVE_BYTES,
                },
            ));
        }
        // A byte order mark, as some editors write, is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // A game in the notation given where a save is read: say what to do with it.
        let start = text.trim_start();
        if looks_like_notation(text) {
            return Err(SaveError::new(
                file,
                Problem::NotASave(
                    "this looks like a game in the notation (a .cgn file), not a save: \
                     `crownlands import FILE -o game.json` makes a save of it"
                        .into(),
                ),
            ));
        }
        let header: Header = serde_json::from_str(text).map_err(|e| match e.classify() {
            // A key given twice is said as such, where it is.
            serde_json::error::Category::Data if e.to_string().starts_with("duplicate field") => {
                json_error(file, text, &e)
            }
            serde_json::error::Category::Data => SaveError::new(
                file,
                Problem::NotASave(
                    "the file is JSON but not an object with a `format` field".into(),
                ),
            ),
            // A ruleset (or a set of dominoes) given where a save is read: say what it looks
            // like and what a save is, as for a game in the notation above.
            serde_json::error::Category::Syntax if looks_like_toml(text) => SaveError::new(
                file,
                Problem::NotASave(format!(
                    "this looks like a ruleset or a set of dominoes (TOML: `key = value` lines \
                     and `[tables]`), not a save: a save is the JSON file (`{{\"format\": \
                     \"{FORMAT}\", ...}}`) that `crownlands play`, `simulate --save` and \
                     `import` write, which `export` writes in the notation; a ruleset goes where \
                     a command takes a RULESET (`crownlands show FILE` prints it)"
                )),
            ),
            // A kingdom file given where a save is read: say what reads it.
            serde_json::error::Category::Syntax if looks_like_kingdom(text) => SaveError::new(
                file,
                Problem::NotASave(
                    "this looks like a kingdom file (rows of squares around the castle `C`), not \
                     a save: `crownlands score FILE --ruleset NAME` scores it"
                        .into(),
                ),
            ),
            _ => json_error(file, text, &e),
        })?;
        // A list reads as a struct field by field (`[1, 2]`: format 1): it is no save.
        if !start.starts_with('{') {
            return Err(SaveError::new(
                file,
                Problem::NotASave(
                    "the file is JSON but not an object with a `format` field".into(),
                ),
            ));
        }
        let format = header.format.as_ref().map(|raw| raw.get());
        match format.map(serde_json::from_str::<String>) {
            Some(Ok(s)) if s == FORMAT => {}
            // A part file of `simulate --shard` (or `compare --shard`): the figures of some
            // games, not the games; say what reads it.
            Some(Ok(s)) if s == "crownlands-lab-part" => {
                return Err(SaveError::new(
                    file,
                    Problem::NotASave(
                        "this is a part file of `simulate --shard` or `compare --shard` (its \
                         format is `crownlands-lab-part`): the figures of a run's games, not the \
                         games; `crownlands merge PARTS...` adds the parts up, and `simulate \
                         --save DIR` keeps each game as a save"
                            .into(),
                    ),
                ));
            }
            Some(Ok(s)) => {
                return Err(SaveError::new(
                    file,
                    Problem::NotASave(format!("its format is `{}`, not `{FORMAT}`", shortened(&s))),
                ));
            }
            Some(Err(_)) => {
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
        let version = header.version.as_ref().map(|raw| raw.get());
        match version.and_then(|v| serde_json::from_str::<u64>(v).ok()) {
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
                        "`version` must be {}, not {}",
                        if VERSION == 1 {
                            "1".to_string()
                        } else {
                            format!("a whole number from 1 to {VERSION}")
                        },
                        version.map_or_else(|| "missing".to_string(), shortened)
                    )),
                ));
            }
        }
        let mut save: Save = serde_json::from_str(text).map_err(|e| json_error(file, text, &e))?;
        save.players = std::mem::take(&mut save.players)
            .into_iter()
            .map(Player::named)
            .collect();
        save.check_texts(file)?;
        Ok(save)
    }

    /// Refuse names, kinds, the date and the ruleset's name when they hold control characters
    /// (which would reach the terminal when the game is shown: escape sequences, forged lines)
    /// or are longer than a name may be; a date not written `YYYY-MM-DD`; a kind that the
    /// notation could not give back (see [`check_player`]).
    fn check_texts(&self, file: &str) -> Result<(), SaveError> {
        let invalid = |msg: String| SaveError::new(file, Problem::Invalid(msg));
        check_ruleset_name("`ruleset_name`", &self.ruleset_name).map_err(invalid)?;
        if let Some(d) = &self.date {
            check_date("`date`", d).map_err(invalid)?;
        }
        for (i, p) in self.players.iter().enumerate() {
            check_player(
                p,
                &format!("`players[{i}].name`"),
                &format!("`players[{i}].kind`"),
            )
            .map_err(invalid)?;
        }
        self.check_seats().map_err(invalid)
    }

    /// Seats numbered 1, 2, ... in order (checked as the file is read, before anything of it
    /// is shown: `replay` printed a bad seat in its header before refusing it).
    fn check_seats(&self) -> Result<(), String> {
        for (i, p) in self.players.iter().enumerate() {
            if p.seat as usize != i + 1 {
                return Err(format!(
                    "players[{i}] has seat {}; seats are numbered 1, 2, ... in order",
                    p.seat
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
        self.check_texts(file)?;
        let ruleset = Arc::new(self.load_ruleset(registry, file)?);
        let invalid = |msg: String| SaveError::new(file, Problem::Invalid(msg));
        if ruleset.name() != self.ruleset_name {
            return Err(invalid(format!(
                "`ruleset_name` is `{}` but the embedded ruleset is named `{}`",
                shortened(&reveal_invisible(&self.ruleset_name)),
                shortened(&reveal_invisible(ruleset.name()))
            )));
        }
        self.check_seats().map_err(invalid)?;
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
                let shape = |e: &str| {
                    SaveError::new(
                        file,
                        Problem::Shape(format!(
                            "{}: `{}` is not an action of this ruleset: {}",
                            action_place(n, g, i),
                            shortened(saved.json()),
                            shorten_quotes(e)
                        )),
                    )
                };
                let action = saved
                    .read(session.game())
                    .map_err(|e| shape(e.split(", expected one of").next().unwrap_or_default()))?;
                // The engine's readers ignore fields they do not know: the file may not have any.
                if let Some(e) =
                    crate::strict::extra_fields(saved.json(), &session.game().action_json(action))
                {
                    return Err(shape(&e));
                }
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
                let (mut recorded, mut replayed) = (
                    describe_status(&record.status, teams),
                    describe_status(&actual, teams),
                );
                if recorded == replayed {
                    // They differ where the short words do not look: say it all.
                    recorded = crate::words::describe_status_in_full(&record.status, teams);
                    replayed = crate::words::describe_status_in_full(&actual, teams);
                }
                return Err(SaveError::new(
                    file,
                    Problem::Mismatch(format!(
                        "{}the save records {} but the actions replay to {}",
                        if n > 1 {
                            format!("game {}: ", g + 1)
                        } else {
                            String::new()
                        },
                        recorded,
                        replayed
                    )),
                ));
            }
        }
        let actual = session.match_record();
        if actual != self.result && !old_team_record(&actual, &self.result, self.players.len()) {
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

/// Whether `text` begins as a game in the notation does: a `[Key "value"]` header (a key starts
/// with a capital) or a `%` line of an embedded ruleset.
fn looks_like_notation(text: &str) -> bool {
    let start = text.trim_start();
    start.starts_with('%')
        || start
            .strip_prefix('[')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// What a text that is not JSON plainly is instead ([`other_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherText {
    /// A game in the notation (a `.cgn` file).
    Notation,
    /// A ruleset or a set of dominoes (TOML).
    Toml,
    /// A kingdom file (rows of squares around the castle).
    Kingdom,
}

/// What `text`, which a reader of JSON could not read, plainly is instead, if it is another of
/// the project's kinds of file: for that reader to say so (`merge` given a ruleset) rather than
/// its parser's words at 1:1 (`expected value`).
pub fn other_text(text: &str) -> Option<OtherText> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if looks_like_notation(text) {
        Some(OtherText::Notation)
    } else if looks_like_toml(text) {
        Some(OtherText::Toml)
    } else if looks_like_kingdom(text) {
        Some(OtherText::Kingdom)
    } else {
        None
    }
}

/// Whether `text`, which is not JSON, reads as TOML (a ruleset or a set of dominoes): its first
/// line that is neither blank nor a `#` comment a `[table]` or `[[table]]` header or a
/// `key = value` pair (a bare or quoted key, dotted or not).
pub(crate) fn looks_like_toml(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    let bare = |k: &str| {
        !k.is_empty()
            && k.split('.').all(|part| {
                let part = part.trim();
                let quoted = part.len() >= 2
                    && ((part.starts_with('"') && part.ends_with('"'))
                        || (part.starts_with('\'') && part.ends_with('\'')));
                quoted
                    || (!part.is_empty()
                        && part
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            })
    };
    if let Some(header) = first.strip_prefix('[') {
        let header = header.strip_prefix('[').unwrap_or(header);
        let name = header.split(']').next().unwrap_or("");
        return header.contains(']') && bare(name.trim());
    }
    first
        .split_once('=')
        .is_some_and(|(key, _)| bare(key.trim()))
}

/// Whether `text` reads as a kingdom file (docs/rulesets.md, Kingdom files): each line that is
/// not a comment a row of squares (`.`, `C`, `F2`, `T[13]+`) or an `@` line, the castle among
/// the squares.
pub(crate) fn looks_like_kingdom(text: &str) -> bool {
    let mut castle = false;
    let mut rows = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if line.starts_with('@') {
            continue;
        }
        for token in line.split_whitespace() {
            castle |= token == "C";
            if !square_like(token) {
                return false;
            }
        }
        rows += 1;
    }
    castle && rows > 0
}

/// A square as a kingdom file writes it: `.`, a terrain's letters (one to three: `C`, `W`,
/// `TB`) with its crowns (`F2`), a building (`T[13]`), marks after it (`+`, a plugin's `$`):
/// not a word of prose (`Plan`, `notes`).
fn square_like(token: &str) -> bool {
    if token == "." {
        return true;
    }
    let letters = token.chars().take_while(|c| c.is_alphabetic()).count();
    (1..=3).contains(&letters)
        && token
            .chars()
            .skip(letters)
            .all(|c| c.is_ascii_digit() || c.is_ascii_punctuation())
}

#[cfg(test)]
mod toml_tests {
    use super::looks_like_toml;

    #[test]
    fn a_ruleset_reads_as_toml_and_json_does_not() {
        for toml in [
            "# a house rule\ndescription = \"x\"\nextends = \"kingdomino\"\n",
            "\n[rules]\ngrid-size = 7\n",
            "[[dominoes]]\nnumber = 1\n",
            "rules.harmony = 5\n",
            "\"quoted key\" = 1\n",
        ] {
            assert!(looks_like_toml(toml), "{toml}");
        }
        // (Asked only of text that is not JSON: `[true]` is both.)
        for other in [
            "{\"format\": 1",
            "[1, 2",
            "",
            "# only a comment\n",
            "hello world",
            "a b = 3",
        ] {
            assert!(!looks_like_toml(other), "{other}");
        }
    }

    #[test]
    fn a_kingdom_file_reads_as_one_and_other_text_does_not() {
        use super::looks_like_kingdom;
        for kingdom in [
            ". . .\n. C W1\n",
            "# mine\nW1 W T[13] F1\nF S1 C T[6]+ F\n@coins 11\n",
        ] {
            assert!(looks_like_kingdom(kingdom), "{kingdom}");
            assert!(!looks_like_toml(kingdom), "{kingdom}");
        }
        for other in [
            "{\"format\": 1",
            "",
            "@coins 3\n",
            ". . W\n",
            "hello world",
            "name = \"C\"\n",
            "Plan C notes\n",
        ] {
            assert!(!looks_like_kingdom(other), "{other}");
        }
    }

    #[test]
    fn other_text_says_which_kind_a_text_plainly_is() {
        use super::{OtherText, other_text};
        let notation = "[Notation \"crownlands 2\"]\n[Ruleset \"kingdomino\"]\n";
        assert_eq!(other_text(notation), Some(OtherText::Notation));
        assert_eq!(other_text("% name = \"x\"\n"), Some(OtherText::Notation));
        assert_eq!(
            other_text("\u{feff}extends = \"kingdomino\"\n"),
            Some(OtherText::Toml)
        );
        assert_eq!(
            other_text("[rules]\ngrid-size = 7\n"),
            Some(OtherText::Toml)
        );
        assert_eq!(other_text("F1 C\nL L\n"), Some(OtherText::Kingdom));
        for other in ["{\"format\": 1", "", "hello world"] {
            assert_eq!(other_text(other), None, "{other}");
        }
    }
}

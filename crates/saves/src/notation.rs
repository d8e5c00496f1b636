//! The Crownlands game notation: a whole game as compact, human-readable text, in the spirit of
//! chess's PGN.
//!
//! ```text
//! [Notation "crownlands 1"]
//! [Ruleset "kingdomino"]
//! [RulesetHash "fnv1a64:5f0c6c2a6a3b3c1e"]
//! [Seed "42"]
//! [Players "2"]
//! [Seat1 "Alice (human)"]
//! [Seat2 "random 2 (random)"]
//! [Date "2026-11-22"]
//! [Result "54, 38: seat 1 wins (score)"]
//!
//! 0. c5 c12 c30 c41
//! 1. 5:1,0e c7 12:0,1s c22 30:-1,0w c9 41:0,-1n c40
//! ```
//!
//! Headers are `[Key "value"]` lines (`\"`, `\\` and `\n` escape inside values); unknown keys are
//! ignored. Lines starting with `%` hold a ruleset's TOML when it is embedded rather than named.
//! Then one token per action:
//!
//! | Token | Action |
//! | --- | --- |
//! | `c23` | claim domino 23 |
//! | `23:1,-1e` | place domino 23, first square at x=1, y=-1 (from the castle, y down), second square to its east (`n`, `e`, `s`, `w`) |
//! | `x23` | discard domino 23 |
//! | `@{"action":...}` | any action as the engine's JSON, for kinds that have no token of their own yet |
//!
//! With several boxes a domino is named with its box's initial (`cQ5`). `3.` marks round 3
//! (`0.` the first claims) and `G2` game 2 of a match; both are optional, and checked when
//! given. `{...}` is a comment and `*` ends an unfinished game.

use crate::error::{Problem, SaveError};
use crate::save::{Player, join, sides_text};
use crate::session::Session;
use crownlands_core::{Action, Cell, Decider, Direction, DominoId, Game, Placement, Ruleset};
use crownlands_rules::{Diagnostic, Diagnostics};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// The notation version this crate writes and the newest it reads.
pub const NOTATION_VERSION: u32 = 1;
/// The usual file extension.
pub const EXTENSION: &str = "cgn";

/// How to write a notation file.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExportOptions {
    /// Embed the resolved ruleset even when it is a shipped one (which is otherwise named, with
    /// its hash).
    pub embed_ruleset: bool,
}

/// The hash that identifies a resolved ruleset: FNV-1a (64 bits) of its self-contained TOML, as
/// `crownlands show NAME` prints it. An integrity check, not a security measure.
pub fn ruleset_hash(ruleset: &Ruleset) -> String {
    let text = crownlands_rules::to_toml(ruleset, None);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

/// The label of a domino, when no other domino of the ruleset has the same one.
fn unique_label(ruleset: &Ruleset, id: DominoId) -> Option<String> {
    ruleset.dominoes.get(id.index())?;
    let label = ruleset.domino_label(id);
    let clashes = (0..ruleset.dominoes.len())
        .filter(|&i| ruleset.domino_label(DominoId(i as u16)) == label)
        .count();
    (clashes == 1).then_some(label)
}

fn direction_letter(d: Direction) -> char {
    match d {
        Direction::North => 'n',
        Direction::East => 'e',
        Direction::South => 's',
        Direction::West => 'w',
    }
}

/// An action as one token, in the game as it is just before the action.
pub fn token(before: &Game, action: Action) -> String {
    let ruleset = before.ruleset();
    let to_place = before
        .domino_to_place()
        .and_then(|id| unique_label(ruleset, id));
    match action {
        Action::Claim { domino } => {
            if let Some(label) = unique_label(ruleset, domino) {
                return format!("c{label}");
            }
        }
        Action::Place { placement } => {
            if let Some(label) = to_place {
                return format!(
                    "{label}:{},{}{}",
                    placement.first.x,
                    placement.first.y,
                    direction_letter(placement.direction)
                );
            }
        }
        Action::Discard => {
            if let Some(label) = to_place {
                return format!("x{label}");
            }
        }
        _ => {}
    }
    generic_token(action)
}

fn generic_token(action: Action) -> String {
    match serde_json::to_string(&action) {
        Ok(json) => format!("@{json}"),
        Err(_) => format!("@{{\"unrepresentable\":\"{action:?}\"}}"),
    }
}

/// The `Result` header: `54, 38: seat 1 wins (score)` (`team 1 wins` in team games), or `*`
/// while unfinished.
pub fn result_text(session: &Session) -> String {
    result_text_naming(session, crate::words::is_team_game(session.game()))
}

/// [`result_text`] naming the winning sides as teams or (as files written before teams were
/// named) as seats.
fn result_text_naming(session: &Session, teams: bool) -> String {
    if !session.is_over() {
        return "*".to_string();
    }
    if let Some(r) = session.match_record() {
        return format!(
            "{}: {} (total of {} games)",
            join(&r.totals),
            winners_text(&r.winners, teams),
            session.match_games()
        );
    }
    match session.outcomes().last() {
        Some(o) => game_result_text(o, teams),
        None => "*".to_string(),
    }
}

/// A finished team match's result as files written before match totals were per side gave it:
/// one total per seat, the teams' first, then zeros; teams named as teams or as seats.
fn padded_match_result(session: &Session) -> Vec<String> {
    let Some(r) = session.match_record().filter(|_| session.is_over()) else {
        return Vec::new();
    };
    let mut totals = r.totals.clone();
    totals.resize(session.players().len().max(totals.len()), 0);
    [true, false]
        .into_iter()
        .map(|teams| {
            format!(
                "{}: {} (total of {} games)",
                join(&totals),
                winners_text(&r.winners, teams),
                session.match_games()
            )
        })
        .collect()
}

fn game_result_text(o: &crownlands_core::Outcome, teams: bool) -> String {
    let totals: Vec<i32> = o.scores.values().map(|s| s.total).collect();
    let winners: Vec<usize> = o.winners.iter().map(|w| w.index() + 1).collect();
    let how = match o.decided_by {
        Decider::Score => " (score)".to_string(),
        Decider::TieBreak(tb) => format!(" (tie-break: {})", tb.name()),
        Decider::Shared => String::new(),
    };
    format!("{}: {}{how}", join(&totals), winners_text(&winners, teams))
}

fn winners_text(winners: &[usize], teams: bool) -> String {
    match winners {
        [_] => format!("{} wins", sides_text(winners, teams)),
        _ => format!("{} share the victory", sides_text(winners, teams)),
    }
}

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for ch in value.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Write a session (finished or not) in the notation.
pub fn export(session: &Session, options: ExportOptions) -> Result<String, SaveError> {
    let ruleset = session.ruleset();
    let hash = ruleset_hash(ruleset);
    let shipped = !options.embed_ruleset
        && crownlands_rules::load_shipped(&ruleset.name)
            .map(|r| ruleset_hash(&r) == hash)
            .unwrap_or(false);
    let mut out = String::new();
    let mut header = |k: &str, v: &str| {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    };
    header("Notation", &format!("crownlands {NOTATION_VERSION}"));
    header("Ruleset", &ruleset.name);
    header("RulesetHash", &hash);
    header("Seed", &session.seed().to_string());
    header("Players", &session.players().len().to_string());
    for (i, p) in session.players().iter().enumerate() {
        header(
            &format!("Seat{}", i + 1),
            &format!("{} ({})", p.name, p.kind),
        );
    }
    if let Some(date) = session.date() {
        header("Date", date);
    }
    header("Result", &result_text(session));
    if !shipped {
        for line in crownlands_rules::to_toml(ruleset, None).lines() {
            if line.is_empty() {
                out.push_str("%\n");
            } else {
                let _ = writeln!(out, "% {line}");
            }
        }
    }
    // The moves, replayed so that each token can name the domino it places.
    let mut replay = Session::new(ruleset.clone(), session.players().to_vec(), session.seed())
        .map_err(|e| SaveError::new("", Problem::Invalid(e.to_string())))?;
    let several = session.match_games() > 1;
    for (g, actions) in session.actions().iter().enumerate() {
        if g > 0 {
            if let Some(o) = replay.outcomes().last() {
                let teams = crate::words::is_team_game(replay.game());
                let _ = write!(out, "\n{{game {g}: {}}}", game_result_text(o, teams));
            }
            replay.next_game();
        }
        out.push('\n');
        if several {
            let _ = write!(out, "{}G{}", if g > 0 { "\n" } else { "" }, g + 1);
        }
        let mut round = None;
        for (i, &action) in actions.iter().enumerate() {
            let r = replay.game().round();
            if round != Some(r) {
                if round.is_some() || several {
                    out.push('\n');
                }
                let _ = write!(out, "{r}.");
                round = Some(r);
            }
            let _ = write!(out, " {}", token(replay.game(), action));
            replay.apply(action).map_err(|reason| {
                SaveError::new(
                    "",
                    Problem::Illegal {
                        at: crate::save::action_place(session.actions().len(), g, i),
                        token: generic_token(action),
                        reason,
                    },
                )
            })?;
        }
    }
    if several
        && replay.is_over()
        && let Some(o) = replay.outcomes().last()
    {
        {
            let _ = write!(
                out,
                "\n{{game {}: {}}}",
                replay.game_index() + 1,
                game_result_text(o, crate::words::is_team_game(replay.game()))
            );
        }
    }
    if !replay.is_over() {
        out.push_str(" *");
    }
    out.push('\n');
    Ok(out)
}

// ----- reading -----

struct Header {
    value: String,
    line: usize,
    column: usize,
}

enum Token<'a> {
    Word(&'a str),
    Json(Action),
}

struct Positioned<'a> {
    token: Token<'a>,
    text: &'a str,
    line: usize,
    column: usize,
}

fn err(file: &str, line: usize, column: usize, msg: impl Into<String>) -> SaveError {
    SaveError::at(file, line, column, Problem::Notation(msg.into()))
}

/// Parse `[Key "value"]` (the whole line, trimmed). Columns are 1-based character columns of
/// the original line, `indent` characters in.
fn parse_header(
    line: &str,
    file: &str,
    n: usize,
    indent: usize,
) -> Result<(String, Header), SaveError> {
    let chars: Vec<char> = line.chars().collect();
    let col = |i: usize| indent + i + 1;
    let mut i = 1; // after '['
    let key_start = i;
    while i < chars.len() && chars[i].is_ascii_alphanumeric() {
        i += 1;
    }
    if i == key_start {
        return Err(err(
            file,
            n,
            col(i),
            "a header is `[Key \"value\"]`: expected a key (letters and digits)",
        ));
    }
    let key: String = chars[key_start..i].iter().collect();
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return Err(err(
            file,
            n,
            col(i),
            format!("header `{key}`: expected a quoted value, as in [{key} \"...\"]"),
        ));
    }
    let value_column = col(i);
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => {
                return Err(err(
                    file,
                    n,
                    value_column,
                    format!("header `{key}`: the value's closing `\"` is missing"),
                ));
            }
            Some('"') => break,
            Some('\\') => {
                match chars.get(i + 1) {
                    Some('"') => value.push('"'),
                    Some('\\') => value.push('\\'),
                    Some('n') => value.push('\n'),
                    _ => {
                        return Err(err(
                            file,
                            n,
                            col(i),
                            format!(
                                "header `{key}`: unknown escape; use \\\" for a quote, \\\\ for a \
                                 backslash, \\n for a new line"
                            ),
                        ));
                    }
                }
                i += 2;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    if chars.get(i) != Some(&']') || i + 1 != chars.len() {
        return Err(err(
            file,
            n,
            col(i),
            format!("header `{key}`: expected `]` to end the line"),
        ));
    }
    Ok((
        key,
        Header {
            value,
            line: n,
            column: value_column,
        },
    ))
}

/// Split the moves into tokens, skipping comments.
fn tokenize<'a>(lines: &[(usize, &'a str)], file: &str) -> Result<Vec<Positioned<'a>>, SaveError> {
    let mut out = Vec::new();
    let mut comment: Option<(usize, usize)> = None;
    for &(n, line) in lines {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut i = 0;
        if comment.is_none() {
            let first = chars.iter().find(|(_, c)| !c.is_whitespace());
            if let Some(&(b, c)) = first
                && (c == '[' || c == '%')
            {
                let col = line[..b].chars().count() + 1;
                return Err(err(
                    file,
                    n,
                    col,
                    if c == '[' {
                        "a header after the moves began: headers come first"
                    } else {
                        "a ruleset line (`%`) after the moves began: the ruleset comes with the \
                         headers"
                    },
                ));
            }
        }
        while i < chars.len() {
            let (b, c) = chars[i];
            if let Some(_start) = comment {
                if c == '}' {
                    comment = None;
                }
                i += 1;
                continue;
            }
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            let column = i + 1;
            if c == '{' {
                comment = Some((n, column));
                i += 1;
                continue;
            }
            if c == '}' {
                return Err(err(file, n, column, "`}` without a `{` opening a comment"));
            }
            if c == '@' {
                let rest = &line[b + 1..];
                let mut stream =
                    serde_json::Deserializer::from_str(rest).into_iter::<serde_json::Value>();
                let value = match stream.next() {
                    Some(Ok(v)) => v,
                    Some(Err(e)) => {
                        return Err(err(
                            file,
                            n,
                            column,
                            format!("`@` must be followed by an action in JSON: {e}"),
                        ));
                    }
                    None => {
                        return Err(err(
                            file,
                            n,
                            column,
                            "`@` must be followed by an action in JSON",
                        ));
                    }
                };
                let end = b + 1 + stream.byte_offset();
                let text = &line[b..end];
                let action: Action = serde_json::from_value(value).map_err(|e| {
                    // Not the list of kinds serde expected: it grows with every module.
                    let e = e.to_string();
                    let e = e.split(", expected one of").next().unwrap_or_default();
                    err(
                        file,
                        n,
                        column,
                        format!("`{text}` is not an action this crownlands knows: {e}"),
                    )
                })?;
                out.push(Positioned {
                    token: Token::Json(action),
                    text,
                    line: n,
                    column,
                });
                while i < chars.len() && chars[i].0 < end {
                    i += 1;
                }
                continue;
            }
            let start = b;
            while i < chars.len() && !chars[i].1.is_whitespace() && chars[i].1 != '{' {
                i += 1;
            }
            let end = chars.get(i).map_or(line.len(), |&(b, _)| b);
            let text = &line[start..end];
            out.push(Positioned {
                token: Token::Word(text),
                text,
                line: n,
                column,
            });
        }
    }
    if let Some((n, column)) = comment {
        return Err(err(
            file,
            n,
            column,
            "this comment `{` is never closed by `}`",
        ));
    }
    Ok(out)
}

/// What a word token says.
enum Word {
    Round(u32),
    Game(usize),
    End,
    Claim(DominoId),
    Place(DominoId, Placement),
    Discard(DominoId),
}

fn parse_word(w: &str, labels: &HashMap<String, DominoId>) -> Result<Word, String> {
    let domino = |label: &str| -> Result<DominoId, String> {
        labels.get(label).copied().ok_or_else(|| {
            if label.is_empty() {
                "a domino number is missing".to_string()
            } else {
                format!("no domino `{label}` in this ruleset")
            }
        })
    };
    if w == "*" {
        return Ok(Word::End);
    }
    if let Some(n) = w.strip_suffix('.') {
        return n
            .parse()
            .map(Word::Round)
            .map_err(|_| format!("`{w}`: a round marker is a number and a dot, as in `3.`"));
    }
    if let Some(n) = w.strip_prefix('G')
        && !w.contains(':')
    {
        {
            return n
                .parse::<usize>()
                .ok()
                .filter(|&g| g >= 1)
                .map(Word::Game)
                .ok_or_else(|| format!("`{w}`: a game marker is `G` and a number, as in `G2`"));
        }
    }
    if let Some(label) = w.strip_prefix('c') {
        return domino(label).map(Word::Claim);
    }
    if let Some(label) = w.strip_prefix('x') {
        return domino(label).map(Word::Discard);
    }
    if let Some((label, at)) = w.split_once(':') {
        let id = domino(label)?;
        let bad = || {
            format!(
                "`{w}`: a placement is DOMINO:X,Y and a direction n, e, s or w, as in `23:1,-1e`"
            )
        };
        let dir = match at.chars().last() {
            Some('n') => Direction::North,
            Some('e') => Direction::East,
            Some('s') => Direction::South,
            Some('w') => Direction::West,
            _ => return Err(bad()),
        };
        let (x, y) = at[..at.len() - 1].split_once(',').ok_or_else(bad)?;
        let coord = |s: &str| {
            s.parse::<i8>().map_err(|_| {
                format!("`{w}`: `{s}` is not a coordinate (a whole number from -128 to 127)")
            })
        };
        return Ok(Word::Place(
            id,
            Placement::new(Cell::new(coord(x)?, coord(y)?), dir),
        ));
    }
    Err(format!(
        "`{w}` is not a token: expected c23 (claim), 23:1,-1e (place), x23 (discard), @{{...}} \
         (any action as JSON), 3. (round), G2 (game), * (unfinished) or a {{comment}}"
    ))
}

/// Read a notation file back into a session, replaying (and so checking) every action. `file`
/// names the text in errors. See [`import_with_warnings`] for what is accepted with a warning.
pub fn import(text: &str, file: &str) -> Result<Session, SaveError> {
    import_with_warnings(text, file).map(|(session, _)| session)
}

/// As [`import`], with the warnings about what was accepted but could not be checked: a shipped
/// ruleset named without its `[RulesetHash "..."]` (hand-written files often leave it out; the
/// game is then checked against the shipped ruleset of this version, which may not be the one it
/// was played with).
pub fn import_with_warnings(text: &str, file: &str) -> Result<(Session, Vec<String>), SaveError> {
    let mut warnings = Vec::new();
    if text.len() > crate::files::MAX_SAVE_BYTES as usize {
        return Err(SaveError::new(
            file,
            Problem::TooLarge {
                size: text.len() as u64,
                max: crate::files::MAX_SAVE_BYTES,
            },
        ));
    }
    // A byte order mark, as some editors write, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut headers: HashMap<String, Header> = HashMap::new();
    let mut ruleset_lines: Vec<(usize, usize, &str)> = Vec::new(); // (line, prefix chars, text)
    let mut moves: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let indent_chars = line[..indent].chars().count();
        if !moves.is_empty() || !(trimmed.is_empty() || trimmed.starts_with(['[', '%'])) {
            moves.push((n, line));
        } else if let Some(rest) = trimmed.strip_prefix('%') {
            let (prefix, body) = match rest.strip_prefix(' ') {
                Some(b) => (indent_chars + 2, b),
                None => (indent_chars + 1, rest),
            };
            ruleset_lines.push((n, prefix, body));
        } else if trimmed.starts_with('[') {
            let (key, h) = parse_header(trimmed.trim_end(), file, n, indent_chars)?;
            if let Some(c) = crownlands_core::text::first_unsafe_char(&h.value) {
                return Err(err(
                    file,
                    n,
                    h.column,
                    format!(
                        "header `{key}` holds the control character U+{:04X}; header values are \
                         plain text on one line",
                        u32::from(c)
                    ),
                ));
            }
            if let Some(first) = headers.get(&key) {
                return Err(err(
                    file,
                    n,
                    indent_chars + 1,
                    format!("header `{key}` given twice (first on line {})", first.line),
                ));
            }
            headers.insert(key, h);
        }
    }
    if let Some(h) = headers.get("Notation") {
        let version = h
            .value
            .strip_prefix("crownlands ")
            .and_then(|v| v.parse::<u64>().ok());
        match version {
            Some(v) if v > u64::from(NOTATION_VERSION) => {
                return Err(err(
                    file,
                    h.line,
                    h.column,
                    format!(
                        "notation version {v} is newer than this crownlands reads (up to \
                         {NOTATION_VERSION}); upgrade crownlands to import it"
                    ),
                ));
            }
            Some(v) if v >= 1 => {}
            _ => {
                return Err(err(
                    file,
                    h.line,
                    h.column,
                    format!(
                        "`{}` is not a notation this crownlands reads (expected \"crownlands {NOTATION_VERSION}\")",
                        h.value
                    ),
                ));
            }
        }
    }
    let ruleset = Arc::new(notation_ruleset(&headers, &ruleset_lines, file)?);
    if ruleset_lines.is_empty() && !headers.contains_key("RulesetHash") {
        warnings.push(format!(
            "{file}: no `[RulesetHash \"...\"]` header: the game is checked against the shipped \
             `{}` of this version ({}), which may not be the ruleset it was played with",
            ruleset.name,
            ruleset_hash(&ruleset)
        ));
    }
    let required = |key: &str| {
        headers.get(key).ok_or_else(|| {
            SaveError::new(
                file,
                Problem::Notation(format!("the `[{key} \"...\"]` header is missing")),
            )
        })
    };
    let seed_h = required("Seed")?;
    let seed: u64 = seed_h.value.trim().parse().map_err(|_| {
        err(
            file,
            seed_h.line,
            seed_h.column,
            format!(
                "the seed `{}` is not a whole number from 0 to {}",
                seed_h.value,
                u64::MAX
            ),
        )
    })?;
    let players_h = required("Players")?;
    let count: usize = players_h
        .value
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1 && n <= usize::from(crownlands_core::ruleset::MAX_PLAYERS))
        .ok_or_else(|| {
            err(
                file,
                players_h.line,
                players_h.column,
                format!(
                    "`{}` players: give a number from 1 to {}",
                    players_h.value,
                    crownlands_core::ruleset::MAX_PLAYERS
                ),
            )
        })?;
    let mut players = Vec::with_capacity(count);
    for s in 1..=count {
        players.push(match headers.get(&format!("Seat{s}")) {
            Some(h) => {
                let v = h.value.as_str();
                match v.rfind(" (") {
                    Some(i) if v.ends_with(')') => {
                        Player::new(s as u32, &v[..i], &v[i + 2..v.len() - 1])
                    }
                    _ => Player::new(s as u32, v, "unknown"),
                }
            }
            None => Player::new(s as u32, format!("seat {s}"), "unknown"),
        });
    }
    if let Some((key, h)) = headers.iter().find(|(k, _)| {
        k.strip_prefix("Seat")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| n == 0 || n > count)
    }) {
        return Err(err(
            file,
            h.line,
            1,
            format!("header `{key}` but the game has {count} players"),
        ));
    }
    let mut session = Session::new(ruleset.clone(), players, seed)
        .map_err(|e| err(file, players_h.line, players_h.column, e.to_string()))?;
    session.set_date(headers.get("Date").map(|h| h.value.clone()));
    let labels: HashMap<String, DominoId> = (0..ruleset.dominoes.len())
        .map(|i| DominoId(i as u16))
        .filter_map(|id| unique_label(&ruleset, id).map(|l| (l, id)))
        .collect();
    let tokens = tokenize(&moves, file)?;
    let mut ended = false;
    for t in &tokens {
        let at = |msg: String| err(file, t.line, t.column, msg);
        let (action, names) = match &t.token {
            Token::Json(a) => (*a, None),
            Token::Word(w) => match parse_word(w, &labels).map_err(at)? {
                Word::End => {
                    ended = true;
                    continue;
                }
                Word::Round(r) => {
                    if session.game().is_over() && session.can_start_next_game() {
                        session.next_game();
                    }
                    if r != session.game().round() {
                        return Err(at(format!(
                            "round marker `{}` but the game is in round {}",
                            t.text,
                            session.game().round()
                        )));
                    }
                    continue;
                }
                Word::Game(g) => {
                    let now = session.game_index() + 1;
                    let fresh = session.actions().last().is_some_and(Vec::is_empty);
                    let problem = if g == now && fresh {
                        None
                    } else if g == now + 1 {
                        if session.next_game() {
                            None
                        } else if session.game().is_over() {
                            Some(format!(
                                "the match has only {} games",
                                session.match_games()
                            ))
                        } else {
                            Some(format!("game {now} is not over"))
                        }
                    } else {
                        Some(format!("game {now} is being played"))
                    };
                    match problem {
                        None => continue,
                        Some(p) => {
                            return Err(at(format!("game marker `{}` but {p}", t.text)));
                        }
                    }
                }
                Word::Claim(d) => (Action::Claim { domino: d }, None),
                Word::Place(d, p) => (Action::Place { placement: p }, Some(d)),
                Word::Discard(d) => (Action::Discard, Some(d)),
            },
        };
        if ended {
            return Err(at(format!(
                "`{}` after `*`, which ends an unfinished game",
                t.text
            )));
        }
        if session.game().is_over() && session.can_start_next_game() {
            session.next_game();
        }
        let index = session.actions().last().map_or(0, Vec::len);
        let games = usize::from(session.match_games());
        let place = crate::save::action_place(games, session.game_index(), index);
        if let Some(d) = names
            && session.game().domino_to_place() != Some(d)
        {
            let now = match session.game().domino_to_place() {
                Some(p) => format!("the domino to place is {}", ruleset.domino_label(p)),
                None => "no domino is to be placed now".to_string(),
            };
            return Err(at(format!(
                "{place}: `{}` names domino {} but {now}",
                t.text,
                ruleset.domino_label(d)
            )));
        }
        session.apply(action).map_err(|reason| {
            SaveError::at(
                file,
                t.line,
                t.column,
                Problem::Illegal {
                    at: place,
                    token: t.text.to_string(),
                    reason,
                },
            )
        })?;
    }
    if ended
        && session.is_over()
        && let Some(t) = tokens.iter().find(|t| t.text == "*")
    {
        {
            return Err(err(
                file,
                t.line,
                t.column,
                "`*` marks an unfinished game, but this game is over",
            ));
        }
    }
    if let Some(h) = headers.get("Result") {
        let actual = result_text(&session);
        // Files exported before team games named teams said `seat 1 wins` for team 1; before
        // match totals were per side, a team match gave one total per seat (zeros after the
        // teams').
        let legacy = if crate::words::is_team_game(session.game()) {
            let mut texts = vec![result_text_naming(&session, false)];
            texts.extend(padded_match_result(&session));
            texts
        } else {
            Vec::new()
        };
        if h.value != actual && !legacy.contains(&h.value) {
            return Err(SaveError::at(
                file,
                h.line,
                h.column,
                Problem::Mismatch(format!(
                    "the Result header says \"{}\" but the moves replay to \"{actual}\"",
                    h.value
                )),
            ));
        }
    }
    Ok((session, warnings))
}

/// The ruleset of a notation file: embedded (`%` lines), else the shipped one it names, checked
/// against its hash.
fn notation_ruleset(
    headers: &HashMap<String, Header>,
    lines: &[(usize, usize, &str)],
    file: &str,
) -> Result<Ruleset, SaveError> {
    let hash = headers.get("RulesetHash");
    let ruleset = if lines.is_empty() {
        let Some(h) = headers.get("Ruleset") else {
            return Err(SaveError::new(
                file,
                Problem::Notation(
                    "no ruleset: name a shipped one with `[Ruleset \"NAME\"]` or embed one in `%` \
                     lines"
                        .into(),
                ),
            ));
        };
        let shipped = crownlands_rules::load_shipped(&h.value).map_err(|_| {
            let known: Vec<String> = crownlands_rules::shipped()
                .into_iter()
                .map(|s| s.name)
                .collect();
            err(
                file,
                h.line,
                h.column,
                format!(
                    "no shipped ruleset named `{}` (shipped: {}); a game under another ruleset \
                     must embed it (`crownlands export --embed-ruleset`)",
                    h.value,
                    known.join(", ")
                ),
            )
        })?;
        if let Some(hash) = hash {
            let actual = ruleset_hash(&shipped);
            if hash.value != actual {
                return Err(err(
                    file,
                    hash.line,
                    hash.column,
                    format!(
                        "the shipped ruleset `{}` is not the one this game was played with (its \
                         hash is {actual}, the file says {}): export the game again with \
                         `--embed-ruleset`",
                        h.value, hash.value
                    ),
                ));
            }
        }
        shipped
    } else {
        let text: String = lines.iter().map(|(_, _, l)| format!("{l}\n")).collect();
        let pseudo = format!("{file}#ruleset");
        let ruleset = crownlands_rules::load_embedded(&text, &pseudo).map_err(|d| {
            // Point into the notation file itself.
            let mapped =
                d.0.into_iter()
                    .map(|x| match lines.get(x.line.wrapping_sub(1)) {
                        Some(&(n, prefix, _)) if x.file == pseudo && x.line > 0 => Diagnostic {
                            file: file.to_string(),
                            line: n,
                            column: x.column + prefix,
                            message: x.message,
                        },
                        _ => x,
                    })
                    .collect();
            SaveError::new(file, Problem::Ruleset(Diagnostics(mapped)))
        })?;
        if let Some(hash) = hash {
            let actual = ruleset_hash(&ruleset);
            if hash.value != actual {
                return Err(err(
                    file,
                    hash.line,
                    hash.column,
                    format!(
                        "the embedded ruleset's hash is {actual}, not {} as the header says: the \
                         ruleset was changed after the game was written",
                        hash.value
                    ),
                ));
            }
        }
        ruleset
    };
    Ok(ruleset)
}

//! The Crownlands game notation: a whole game as compact, human-readable text, in the spirit of
//! chess's PGN.
//!
//! ```text
//! [Notation "crownlands 2"]
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
//! Headers are `[Key "value"]` lines (`\"` and `\\` escape inside values, which are one line of
//! plain text); unknown keys are ignored. Lines starting with `%` hold a ruleset's TOML when it
//! is embedded rather than named.
//! Then one token per action: the action's text ([`crownlands_core::action_text`]: `pass`,
//! `tax0`, `build2@1,-1`, `burn4`, ...), with dominoes named by their labels where the
//! ruleset's labels are unique:
//!
//! | Token | Action |
//! | --- | --- |
//! | `c23` | claim domino 23 (`c#22` by its index) |
//! | `23:1,-1e` | place domino 23, first square at x=1, y=-1 (from the castle, y down), second square to its east (`n`, `e`, `s`, `w`); `1,-1e` places the domino to place without naming it |
//! | `x23` | discard domino 23 (`x` without naming it) |
//!
//! With several boxes a domino is named with its box's initial (`cQ5`). `3.` marks round 3
//! (`0.` the first claims) and `G2` game 2 of a match; both are optional, and checked when
//! given. `{...}` is a comment and `*` ends an unfinished game. Files written before every
//! action had a text hold `@` and the engine's JSON (`@{"action":"pass"}`) for module actions:
//! they still import.
//!
//! Writing is [`export`] (here); reading is [`import()`] (in `import.rs`, with the headers read
//! in `headers.rs` and the tokens in `moves.rs`).

mod headers;
mod import;
mod moves;

/// An action as one token; kept here, where the notation is, for callers that name it so.
pub use crate::words::token;
pub use import::{ImportOptions, import, import_with_options, import_with_warnings};

use crate::error::{Problem, SaveError};
use crate::session::Session;
use crate::words::{join, sides_text};
use crownlands_core::{Decider, Ruleset};
use std::fmt::Write as _;

/// The notation version this crate writes and the newest it reads. Version 2 writes module
/// actions as their text (`tax0`); version 1 files (JSON `@{...}` tokens) still read.
pub const NOTATION_VERSION: u32 = 2;
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
/// `crownlands show NAME` prints it (without the comment lines `show` adds about the defaults in
/// force). An integrity check, not a security measure.
pub fn ruleset_hash(ruleset: &Ruleset) -> String {
    let text = crownlands_rules::to_toml(ruleset, None);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
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

/// A header's value with `"` and `\` escaped. Values hold no control character (names, kinds,
/// dates and ruleset names holding one are refused when read); should one come from elsewhere
/// it is written as a space, as a value is one line.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for ch in value.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if crownlands_core::text::is_unsafe_char(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Write a session (finished or not) in the notation.
///
/// Refused (rather than written so that it would import as another game) when a player's name
/// or kind is one a file may not hold: see [`crate::MAX_NAME_CHARS`]; a kind holds no
/// parenthesis, as a seat is written `name (kind)`.
pub fn export(session: &Session, options: ExportOptions) -> Result<String, SaveError> {
    export_with(crownlands_core::Registry::shipped_ref(), session, options)
}

/// [`export`] where `registry` says which rulesets are known by name: a ruleset it ships
/// ([`crownlands_core::Registry::add_ruleset`]) is named, as a shipped one is, not embedded.
pub fn export_with(
    registry: &crownlands_core::Registry,
    session: &Session,
    options: ExportOptions,
) -> Result<String, SaveError> {
    for (i, p) in session.players().iter().enumerate() {
        crate::limits::check_player(
            p,
            &format!("the name of seat {}", i + 1),
            &format!("the kind of seat {}", i + 1),
        )
        .map_err(|e| SaveError::new("", Problem::Invalid(e)))?;
    }
    let mut out = String::new();
    write_headers(&mut out, session);
    let ruleset = session.ruleset();
    let shipped = !options.embed_ruleset
        && crownlands_rules::load_shipped(registry, ruleset.name())
            .map(|r| ruleset_hash(&r) == ruleset_hash(ruleset))
            .unwrap_or(false);
    if !shipped {
        write_ruleset(&mut out, ruleset);
    }
    write_moves(&mut out, session)?;
    Ok(out)
}

/// `[Key "value"]` lines: the notation's version, the ruleset's name and hash, the seed, the
/// seats, the date and the result.
fn write_headers(out: &mut String, session: &Session) {
    let ruleset = session.ruleset();
    let mut header = |k: &str, v: &str| {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    };
    header("Notation", &format!("crownlands {NOTATION_VERSION}"));
    header("Ruleset", ruleset.name());
    header("RulesetHash", &ruleset_hash(ruleset));
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
}

/// The resolved ruleset's TOML, each line after `% `.
fn write_ruleset(out: &mut String, ruleset: &Ruleset) {
    for line in crownlands_rules::to_toml(ruleset, None).lines() {
        if line.is_empty() {
            out.push_str("%\n");
        } else {
            let _ = writeln!(out, "% {line}");
        }
    }
}

/// The moves, replayed so that each token can name the domino it places: `G2` before each game
/// of a match, `3.` before each round, `{game 1: ...}` after each finished game of a match, `*`
/// after an unfinished game.
fn write_moves(out: &mut String, session: &Session) -> Result<(), SaveError> {
    let mut replay = Session::new(
        session.ruleset().clone(),
        session.players().to_vec(),
        session.seed(),
    )
    .map_err(|e| SaveError::new("", Problem::Invalid(e.to_string())))?;
    let several = session.match_games() > 1;
    // The dominoes' labels as `import` reads them (to check module actions' tokens).
    let ruleset = session.ruleset();
    let labels: std::collections::HashMap<String, crownlands_core::DominoId> =
        (0..ruleset.dominoes().len())
            .map(|i| crownlands_core::DominoId(i as u16))
            .filter_map(|id| crate::words::unique_label(ruleset, id).map(|l| (l, id)))
            .collect();
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
            let text = token(replay.game(), action);
            // A module's action whose text does not read back as `import` reads a token (its
            // writer and reader disagree, or the text holds a space or reads as a round or a
            // game marker) would make a file `import` refuses, blaming the text: said here,
            // naming the module.
            if let crownlands_core::Action::Module { module, .. } = action
                && (text.contains(char::is_whitespace)
                    || !matches!(
                        moves::parse_word(&text, replay.game(), &labels),
                        Ok(moves::Word::Action(read, _)) if read == action
                    ))
            {
                let name = replay
                    .game()
                    .modules()
                    .get(module.index())
                    .map_or("?", |m| m.name());
                return Err(SaveError::new(
                    "",
                    Problem::Invalid(format!(
                        "{}: module `{name}` writes this action as `{}`, which does not read back \
                         as the same action (the module's text form and its reader disagree; \
                         its conformance check says so too)",
                        crate::words::action_place(session.actions().len(), g, i),
                        crate::limits::shortened(&text)
                    )),
                ));
            }
            let _ = write!(out, " {text}");
            replay.apply(action).map_err(|reason| {
                SaveError::new(
                    "",
                    Problem::Illegal {
                        at: crate::words::action_place(session.actions().len(), g, i),
                        token: replay.game().action_text(action),
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
        let _ = write!(
            out,
            "\n{{game {}: {}}}",
            replay.game_index() + 1,
            game_result_text(o, crate::words::is_team_game(replay.game()))
        );
    }
    if !replay.is_over() {
        out.push_str(" *");
    }
    out.push('\n');
    Ok(())
}

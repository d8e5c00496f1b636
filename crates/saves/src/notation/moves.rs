//! The moves of a notation file: tokens, and what each says.

use super::headers::err;
use crate::error::SaveError;
use crownlands_core::{Action, ActionTextError, DominoId, Game};
use std::collections::HashMap;

/// A token of the moves: a word, or an action in the engine's JSON (`@{...}`, as files written
/// before every action had a text of its own hold them).
pub(super) enum Token<'a> {
    Word(&'a str),
    /// `@` and an action's JSON (files written before every action had a text), read in the game
    /// it is played in.
    Json(&'a str),
}

/// A token, its text and where it starts.
pub(super) struct Positioned<'a> {
    pub token: Token<'a>,
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

/// Split the moves into tokens, skipping comments.
pub(super) fn tokenize<'a>(
    lines: &[(usize, &'a str)],
    file: &str,
) -> Result<Vec<Positioned<'a>>, SaveError> {
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
                // Files written before every action had a text: `@` and the engine's JSON.
                let (token, end) = legacy_json(line, b, file, n, column)?;
                out.push(token);
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

/// An `@{...}` token starting at byte `at` of `line`: the action and the byte where it ends.
/// Still read, never written: every action now has a text of its own.
fn legacy_json<'a>(
    line: &'a str,
    at: usize,
    file: &str,
    n: usize,
    column: usize,
) -> Result<(Positioned<'a>, usize), SaveError> {
    let rest = &line[at + 1..];
    let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<serde_json::Value>();
    match stream.next() {
        Some(Ok(_)) => {}
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
    }
    let end = at + 1 + stream.byte_offset();
    let text = &line[at..end];
    let token = Positioned {
        token: Token::Json(&line[at + 1..end]),
        text,
        line: n,
        column,
    };
    Ok((token, end))
}

/// What a word token says.
pub(super) enum Word {
    /// `3.`: round 3 begins.
    Round(u32),
    /// `G2`: game 2 of the match begins.
    Game(usize),
    /// `*`: the game is unfinished.
    End,
    /// An action, and the domino the token names as the one placed or discarded, to be checked.
    Action(Action, Option<DominoId>),
}

/// Read a word: a marker, an action's text (`c#5`, `1,-1e`, `x`, `pass`, `tax0`, ...), or an
/// action naming its domino by label (`c23`, `23:1,-1e`, `x23`; `#22` names a domino by index).
pub(super) fn parse_word(
    w: &str,
    game: &Game,
    labels: &HashMap<String, DominoId>,
) -> Result<Word, String> {
    if w == "*" {
        return Ok(Word::End);
    }
    if let Some(n) = w.strip_suffix('.') {
        return n.parse().map(Word::Round).map_err(|_| {
            format!(
                "`{}`: a round marker is a number and a dot, as in `3.`",
                shortened(w)
            )
        });
    }
    if let Some(n) = w.strip_prefix('G')
        && !w.contains(':')
    {
        return n
            .parse::<usize>()
            .ok()
            .filter(|&g| g >= 1)
            .map(Word::Game)
            .ok_or_else(|| {
                format!(
                    "`{}`: a game marker is `G` and a number, as in `G2`",
                    shortened(w)
                )
            });
    }
    let text_error = match game.parse_action(w) {
        Ok(action) => return Ok(Word::Action(action, None)),
        Err(e) => e,
    };
    if let Some(word) = labelled(w, labels) {
        return word;
    }
    Err(match text_error {
        ActionTextError::Unknown { .. } | ActionTextError::TooLong(_) => format!(
            "`{}` is not a token: expected an action (c23 (claim), 23:1,-1e (place), x23 \
             (discard), or as the engine writes it: {}), 3. (round), G2 (game), * (unfinished) \
             or a {{comment}}",
            shortened(w),
            game.action_forms()
        ),
        other => other.to_string(),
    })
}

/// A word as a message quotes it: at most 40 characters, then `...`.
fn shortened(w: &str) -> String {
    match w.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &w[..end]),
        None => w.to_string(),
    }
}

/// An action naming its domino, when `w` has the shape of one: `cD`, `xD`, `D:X,Yd` with `D` a
/// label or `#` and an index.
fn labelled(w: &str, labels: &HashMap<String, DominoId>) -> Option<Result<Word, String>> {
    let domino = |name: &str| -> Result<DominoId, String> {
        if let Some(domino) = crownlands_core::action_text::read_domino(name) {
            return Ok(domino);
        }
        labels.get(name).copied().ok_or_else(|| {
            if name.is_empty() {
                "a domino number is missing".to_string()
            } else {
                format!("no domino `{}` in this ruleset", shortened(name))
            }
        })
    };
    if let Some((name, at)) = w.split_once(':') {
        return Some(domino(name).and_then(|d| match at.parse::<Action>() {
            Ok(action @ Action::Place { .. }) => Ok(Word::Action(action, Some(d))),
            _ => Err(format!(
                "`{}`: a placement is DOMINO:X,Y and a direction n, e, s or w, as in \
                 `23:1,-1e`, with X and Y whole numbers from -128 to 127",
                shortened(w)
            )),
        }));
    }
    if let Some(name) = w.strip_prefix('c') {
        return Some(domino(name).map(|d| Word::Action(Action::Claim { domino: d }, None)));
    }
    if let Some(name) = w.strip_prefix('x') {
        return Some(domino(name).map(|d| Word::Action(Action::Discard, Some(d))));
    }
    None
}

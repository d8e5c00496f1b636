//! The moves of a notation file: tokens, and what each says.

use super::headers::{err, numbered_lines};
use crate::error::SaveError;
use crate::limits::{MAX_ACTION_JSON_BYTES, number, shorten_quotes, shortened};
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

/// Split the moves (`moves`, whose first line is line `first_line` of the file) into tokens,
/// skipping comments, and hand each to `on_token` as soon as it is read: nothing is kept per
/// token or per character, so a file of many tokens takes no more memory than its text.
pub(super) fn tokens<'a>(
    moves: &'a str,
    first_line: usize,
    file: &str,
    mut on_token: impl FnMut(Positioned<'a>) -> Result<(), SaveError>,
) -> Result<(), SaveError> {
    let mut comment: Option<(usize, usize)> = None;
    for (n, _, line) in numbered_lines(moves, first_line) {
        if comment.is_none() {
            let trimmed = line.trim_start();
            if let Some(c) = trimmed.chars().next()
                && (c == '[' || c == '%')
            {
                let col = line[..line.len() - trimmed.len()].chars().count() + 1;
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
        // `column`: the character count of the line so far, so the column of the last one read.
        let mut chars = line.char_indices().peekable();
        let mut column = 0;
        while let Some((b, c)) = chars.next() {
            column += 1;
            // Comments too: a file is plain text throughout (`cat` of it runs no escape).
            if c != '\t' && crownlands_core::text::is_unsafe_char(c) {
                // A lone carriage return, NEL or a line separator would read as a space here.
                let place = if comment.is_some() {
                    "in a comment"
                } else {
                    "between the moves"
                };
                return Err(err(
                    file,
                    n,
                    column,
                    format!(
                        "the control or invisible character U+{:04X} {place}; a notation file \
                         is plain text, its lines ending with a new line",
                        u32::from(c)
                    ),
                ));
            }
            if comment.is_some() {
                if c == '}' {
                    comment = None;
                }
                continue;
            }
            if c.is_whitespace() {
                continue;
            }
            if c == '{' {
                comment = Some((n, column));
                continue;
            }
            if c == '}' {
                return Err(err(file, n, column, "`}` without a `{` opening a comment"));
            }
            if c == '@' {
                // Files written before every action had a text: `@` and the engine's JSON.
                let (token, end) = legacy_json(line, b, file, n, column)?;
                on_token(token)?;
                while chars.next_if(|&(b, _)| b < end).is_some() {
                    column += 1;
                }
                continue;
            }
            let start_column = column;
            while chars
                .next_if(|&(_, c)| !c.is_whitespace() && c != '{')
                .is_some()
            {
                column += 1;
            }
            let end = chars.peek().map_or(line.len(), |&(b, _)| b);
            let text = &line[b..end];
            on_token(Positioned {
                token: Token::Word(text),
                text,
                line: n,
                column: start_column,
            })?;
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
    Ok(())
}

/// An `@{...}` token starting at byte `at` of `line`: the action and the byte where it ends.
/// Still read, never written: every action now has a text of its own. Its JSON is skipped over
/// without being built in memory, and refused past [`MAX_ACTION_JSON_BYTES`].
fn legacy_json<'a>(
    line: &'a str,
    at: usize,
    file: &str,
    n: usize,
    column: usize,
) -> Result<(Positioned<'a>, usize), SaveError> {
    let rest = &line[at + 1..];
    let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<serde::de::IgnoredAny>();
    match stream.next() {
        Some(Ok(_)) => {}
        Some(Err(e)) => {
            return Err(err(
                file,
                n,
                column,
                format!(
                    "`@` must be followed by an action in JSON: {}",
                    shorten_quotes(&e.to_string())
                ),
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
    if end - at - 1 > MAX_ACTION_JSON_BYTES {
        return Err(err(
            file,
            n,
            column,
            format!(
                "`{}`: an action of {} bytes; an action's JSON is at most {MAX_ACTION_JSON_BYTES} \
                 bytes",
                shortened(&line[at..end]),
                end - at - 1
            ),
        ));
    }
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
        return number(n)
            .and_then(|r| u32::try_from(r).ok())
            .map(Word::Round)
            .ok_or_else(|| {
                format!(
                    "`{}`: a round marker is a number (without leading zeros) and a dot, as in \
                     `3.`",
                    shortened(w)
                )
            });
    }
    if let Some(n) = w.strip_prefix('G')
        && !w.contains(':')
    {
        return number(n)
            .and_then(|g| usize::try_from(g).ok())
            .filter(|&g| g >= 1)
            .map(Word::Game)
            .ok_or_else(|| {
                format!(
                    "`{}`: a game marker is `G` and a number (from 1, without leading zeros), as \
                     in `G2`",
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
            "`{}` is not a token{}: expected an action (c23 (claim), 23:1,-1e (place), x23 \
             (discard), or as the engine writes it: {}), 3. (round), G2 (game), * (unfinished) \
             or a {{comment}}",
            shortened(w),
            misspelt(w, game).map_or_else(String::new, |k| format!(" (did you mean `{k}`?)")),
            game.action_forms()
        ),
        other => other.to_string(),
    })
}

/// The keyword of an action of `game` that `w`'s leading letters misspell (`consul` for a
/// module's `consult`), if one is close.
fn misspelt(w: &str, game: &Game) -> Option<&'static str> {
    let letters = &w[..w.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(w.len())];
    let keywords: Vec<&'static str> = game
        .modules()
        .iter()
        .flat_map(|m| m.action_words())
        .map(|k| k.keyword)
        .chain(["pass"])
        .filter(|k| k.len() > 1 && *k != letters)
        .collect();
    if letters.len() < 3 {
        return None;
    }
    crownlands_core::text::closest(letters, &keywords)
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
            } else if let Some(label) = name
                .strip_prefix(['c', 'x'])
                .filter(|l| labels.contains_key(*l))
            {
                // A claim's or a discard's letter before a placement's colon (`c1:0,1e`).
                format!(
                    "`{}`: a placement names its domino without a letter (`{label}:1,-1e`); \
                     a claim is `c{label}`, a discard `x{label}`",
                    shortened(w)
                )
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
    // A label starts with a digit, `#` or a box's initial (`23`, `#5`, `Q12`; `q12` is meant
    // as one too, and said to be none): `consul` is no claim of a domino `onsul` but a word
    // misspelt.
    let label = |name: &str| {
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), next) if c.is_ascii_lowercase() => next.is_some_and(|d| d.is_ascii_digit()),
            _ => true,
        }
    };
    if let Some(name) = w.strip_prefix('c').filter(|n| label(n)) {
        return Some(domino(name).map(|d| Word::Action(Action::Claim { domino: d }, None)));
    }
    if let Some(name) = w.strip_prefix('x').filter(|n| label(n)) {
        return Some(domino(name).map(|d| Word::Action(Action::Discard, Some(d))));
    }
    None
}

//! The head of a notation file: its `[Key "value"]` headers and its embedded ruleset's `%`
//! lines, split from the moves that follow.

use super::NOTATION_VERSION;
use crate::error::{Problem, SaveError};
use crate::limits::{
    MAX_HEADER_KEY_CHARS, MAX_HEADER_VALUE_CHARS, MAX_HEADERS, MAX_RULESET_BYTES, shortened,
};
use std::collections::HashMap;

/// A header's value and where it starts.
pub(super) struct Header {
    pub value: String,
    pub line: usize,
    pub column: usize,
}

/// A notation file cut in three: headers by key, the embedded ruleset (its `%` lines joined),
/// and the moves (the text from the first line that is neither blank, nor a header, nor a
/// ruleset line). Nothing is kept per line, so that a file of many short lines takes no more
/// memory than its text.
pub(super) struct Sections<'a> {
    pub headers: HashMap<String, Header>,
    /// The embedded ruleset's text, `None` when the file has no `%` line.
    pub ruleset: Option<String>,
    /// The moves, from the start of their first line, and that line's number.
    pub moves: &'a str,
    pub moves_line: usize,
}

pub(super) fn err(file: &str, line: usize, column: usize, msg: impl Into<String>) -> SaveError {
    SaveError::at(file, line, column, Problem::Notation(msg.into()))
}

/// The lines of `text` as `str::lines` cuts them (after `\n` or `\r\n`), each with its number
/// (`first` for the first) and the byte where it starts.
pub(super) fn numbered_lines(
    text: &str,
    first: usize,
) -> impl Iterator<Item = (usize, usize, &str)> {
    text.split_inclusive('\n')
        .scan(0usize, |offset, piece| {
            let start = *offset;
            *offset += piece.len();
            let line = match piece.strip_suffix('\n') {
                Some(l) => l.strip_suffix('\r').unwrap_or(l),
                None => piece,
            };
            Some((start, line))
        })
        .enumerate()
        .map(move |(i, (start, line))| (first + i, start, line))
}

/// What a line before the moves is.
enum HeadLine<'a> {
    Blank,
    /// `% TOML`: the characters before the TOML text, and the text.
    Ruleset(usize, &'a str),
    /// `[Key "value"]`: its indent in characters, and the line from `[`, trimmed.
    Header(usize, &'a str),
    /// The first line of the moves.
    Moves,
}

fn head_line(line: &str) -> HeadLine<'_> {
    let trimmed = line.trim_start();
    let indent = || line[..line.len() - trimmed.len()].chars().count();
    if trimmed.is_empty() {
        HeadLine::Blank
    } else if let Some(rest) = trimmed.strip_prefix('%') {
        match rest.strip_prefix(' ') {
            Some(body) => HeadLine::Ruleset(indent() + 2, body),
            None => HeadLine::Ruleset(indent() + 1, rest),
        }
    } else if trimmed.starts_with('[') {
        HeadLine::Header(indent(), trimmed.trim_end())
    } else {
        HeadLine::Moves
    }
}

/// Cut the text into headers, ruleset and moves. Headers are read (and refused when malformed,
/// given twice, too many or holding control characters) on the way; the ruleset is refused
/// past [`MAX_RULESET_BYTES`].
pub(super) fn sections<'a>(text: &'a str, file: &str) -> Result<Sections<'a>, SaveError> {
    let mut out = Sections {
        headers: HashMap::new(),
        ruleset: None,
        moves: "",
        moves_line: 1,
    };
    for (n, start, line) in numbered_lines(text, 1) {
        // Lines before the moves end with a new line too (a header line, the embedded ruleset,
        // a blank line): a lone carriage return (old Mac line endings) or a line separator
        // would otherwise run lines together and be refused for what follows it, or pass
        // unseen. (Other control characters are refused where they stand: a header names
        // itself, the ruleset says its line.)
        let kind = head_line(line);
        if let Some((column, c)) = line
            .chars()
            .enumerate()
            .filter(|_| !matches!(kind, HeadLine::Moves))
            .find(|&(_, c)| matches!(c, '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'))
        {
            let what = match c {
                '\r' => {
                    " (a carriage return not followed by a new line: lines end with a new \
                     line, or a carriage return and a new line)"
                }
                _ => " (a line separator: lines end with a new line)",
            };
            return Err(err(
                file,
                n,
                column + 1,
                format!(
                    "the control or invisible character U+{:04X}{what}; a notation file is plain \
                     text",
                    u32::from(c)
                ),
            ));
        }
        match kind {
            HeadLine::Blank => {}
            HeadLine::Moves => {
                out.moves = &text[start..];
                out.moves_line = n;
                break;
            }
            HeadLine::Ruleset(_, body) => {
                let ruleset = out.ruleset.get_or_insert_with(String::new);
                if ruleset.len() + body.len() + 1 > MAX_RULESET_BYTES {
                    return Err(err(
                        file,
                        n,
                        1,
                        format!(
                            "the embedded ruleset is over {MAX_RULESET_BYTES} bytes, the most a \
                             ruleset may be"
                        ),
                    ));
                }
                ruleset.push_str(body);
                ruleset.push('\n');
            }
            HeadLine::Header(indent, trimmed) => {
                let (key, h) = parse_header(trimmed, file, n, indent)?;
                let shown = shortened(&key);
                if let Some(c) = crownlands_core::text::first_unsafe_char(&h.value) {
                    return Err(err(
                        file,
                        n,
                        h.column,
                        format!(
                            "header `{shown}` holds the control character U+{:04X}; header \
                             values are plain text on one line",
                            u32::from(c)
                        ),
                    ));
                }
                if let Some(first) = out.headers.get(&key) {
                    return Err(err(
                        file,
                        n,
                        indent + 1,
                        format!(
                            "header `{shown}` given twice (first on line {})",
                            first.line
                        ),
                    ));
                }
                if out.headers.len() == MAX_HEADERS {
                    return Err(err(
                        file,
                        n,
                        indent + 1,
                        format!("more than {MAX_HEADERS} headers"),
                    ));
                }
                out.headers.insert(key, h);
            }
        }
    }
    Ok(out)
}

/// Where the embedded ruleset's lines `wanted` (from 1, in the ruleset's text) are in the file:
/// line number and the characters before the TOML text, found again in the head of the file
/// (only when the ruleset has problems to show).
pub(super) fn ruleset_positions(text: &str, wanted: &[usize]) -> HashMap<usize, (usize, usize)> {
    let wanted: std::collections::HashSet<usize> = wanted.iter().copied().collect();
    let mut out = HashMap::new();
    let mut k = 0;
    for (n, _, line) in numbered_lines(text, 1) {
        match head_line(line) {
            HeadLine::Moves => break,
            HeadLine::Ruleset(prefix, _) => {
                k += 1;
                if wanted.contains(&k) {
                    out.insert(k, (n, prefix));
                }
            }
            HeadLine::Blank | HeadLine::Header(..) => {}
        }
    }
    out
}

/// Refuse a `[Notation "..."]` header of a version this crate does not read.
pub(super) fn check_version(
    headers: &HashMap<String, Header>,
    file: &str,
) -> Result<(), SaveError> {
    let Some(h) = headers.get("Notation") else {
        return Ok(());
    };
    // Digits as the notation writes them, no sign or leading zeros (`crownlands 02`); a number
    // past 64 bits is a newer version all the same.
    let version = h
        .value
        .strip_prefix("crownlands ")
        .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && !v.starts_with('0'));
    let newer = |v: &str| {
        v.parse::<u64>()
            .map_or(true, |n| n > u64::from(NOTATION_VERSION))
    };
    match version {
        Some(v) if newer(v) => Err(err(
            file,
            h.line,
            h.column,
            format!(
                "notation version {} is newer than this crownlands reads (up to \
                 {NOTATION_VERSION}); upgrade crownlands to import it",
                shortened(v)
            ),
        )),
        Some(_) => Ok(()),
        _ => Err(err(
            file,
            h.line,
            h.column,
            format!(
                "`{}` is not a notation this crownlands reads (expected \"crownlands {NOTATION_VERSION}\")",
                shortened(&h.value)
            ),
        )),
    }
}

/// Parse `[Key "value"]` (the whole line, trimmed). Columns are 1-based character columns of
/// the original line, `indent` characters in. A key longer than [`MAX_HEADER_KEY_CHARS`] or a
/// value longer than [`MAX_HEADER_VALUE_CHARS`] is refused as soon as it is seen to be.
fn parse_header(
    line: &str,
    file: &str,
    n: usize,
    indent: usize,
) -> Result<(String, Header), SaveError> {
    // Characters with their byte offsets, and the character count `i` for columns.
    let mut chars = line.char_indices().peekable();
    let mut i = 0;
    let col = |i: usize| indent + i + 1;
    // '['
    chars.next();
    i += 1;
    let key_start = i;
    let mut key = String::new();
    while let Some(&(_, c)) = chars.peek() {
        if !c.is_ascii_alphanumeric() {
            break;
        }
        if key.len() == MAX_HEADER_KEY_CHARS {
            return Err(err(
                file,
                n,
                col(key_start),
                format!(
                    "the header key `{}` is longer than {MAX_HEADER_KEY_CHARS} characters",
                    shortened(&key)
                ),
            ));
        }
        key.push(c);
        chars.next();
        i += 1;
    }
    if key.is_empty() {
        return Err(err(
            file,
            n,
            col(i),
            "a header is `[Key \"value\"]`: expected a key (letters and digits)",
        ));
    }
    // The key as messages quote it.
    let shown = shortened(&key);
    while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {
        i += 1;
    }
    if chars.next_if(|&(_, c)| c == '"').is_none() {
        return Err(err(
            file,
            n,
            col(i),
            format!("header `{shown}`: expected a quoted value, as in [{shown} \"...\"]"),
        ));
    }
    let value_column = col(i);
    i += 1;
    let mut value = String::new();
    let mut length = 0;
    loop {
        if length > MAX_HEADER_VALUE_CHARS {
            return Err(err(
                file,
                n,
                value_column,
                format!(
                    "header `{shown}`: the value is longer than {MAX_HEADER_VALUE_CHARS} characters"
                ),
            ));
        }
        match chars.next() {
            None => {
                return Err(err(
                    file,
                    n,
                    value_column,
                    format!("header `{shown}`: the value's closing `\"` is missing"),
                ));
            }
            Some((_, '"')) => break,
            Some((_, '\\')) => {
                match chars.next() {
                    Some((_, '"')) => value.push('"'),
                    Some((_, '\\')) => value.push('\\'),
                    _ => {
                        return Err(err(
                            file,
                            n,
                            col(i),
                            format!(
                                "header `{shown}`: unknown escape; use \\\" for a quote and \\\\ for a \
                                 backslash (a value is one line)"
                            ),
                        ));
                    }
                }
                i += 2;
            }
            Some((_, c)) => {
                value.push(c);
                i += 1;
            }
        }
        length += 1;
    }
    i += 1;
    while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {
        i += 1;
    }
    if chars.next_if(|&(_, c)| c == ']').is_none() || chars.peek().is_some() {
        return Err(err(
            file,
            n,
            col(i),
            format!("header `{shown}`: expected `]` to end the line"),
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

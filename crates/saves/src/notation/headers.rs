//! The head of a notation file: its `[Key "value"]` headers and its embedded ruleset's `%`
//! lines, split from the moves that follow.

use super::NOTATION_VERSION;
use crate::error::{Problem, SaveError};
use std::collections::HashMap;

/// A header's value and where it starts.
pub(super) struct Header {
    pub value: String,
    pub line: usize,
    pub column: usize,
}

/// A notation file cut in three: headers by key, the embedded ruleset's lines as (line, the
/// characters before the TOML text, the text), and the lines of moves.
pub(super) struct Sections<'a> {
    pub headers: HashMap<String, Header>,
    pub ruleset_lines: Vec<(usize, usize, &'a str)>,
    pub moves: Vec<(usize, &'a str)>,
}

pub(super) fn err(file: &str, line: usize, column: usize, msg: impl Into<String>) -> SaveError {
    SaveError::at(file, line, column, Problem::Notation(msg.into()))
}

/// Cut the text into headers, ruleset lines and moves: the moves begin at the first line that
/// is neither blank, nor a header, nor a ruleset line. Headers are read (and refused when
/// malformed, given twice or holding control characters) on the way.
pub(super) fn sections<'a>(text: &'a str, file: &str) -> Result<Sections<'a>, SaveError> {
    let mut out = Sections {
        headers: HashMap::new(),
        ruleset_lines: Vec::new(),
        moves: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let indent_chars = line[..indent].chars().count();
        if !out.moves.is_empty() || !(trimmed.is_empty() || trimmed.starts_with(['[', '%'])) {
            out.moves.push((n, line));
        } else if let Some(rest) = trimmed.strip_prefix('%') {
            let (prefix, body) = match rest.strip_prefix(' ') {
                Some(b) => (indent_chars + 2, b),
                None => (indent_chars + 1, rest),
            };
            out.ruleset_lines.push((n, prefix, body));
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
            if let Some(first) = out.headers.get(&key) {
                return Err(err(
                    file,
                    n,
                    indent_chars + 1,
                    format!("header `{key}` given twice (first on line {})", first.line),
                ));
            }
            out.headers.insert(key, h);
        }
    }
    Ok(out)
}

/// Refuse a `[Notation "..."]` header of a version this crate does not read.
pub(super) fn check_version(
    headers: &HashMap<String, Header>,
    file: &str,
) -> Result<(), SaveError> {
    let Some(h) = headers.get("Notation") else {
        return Ok(());
    };
    let version = h
        .value
        .strip_prefix("crownlands ")
        .and_then(|v| v.parse::<u64>().ok());
    match version {
        Some(v) if v > u64::from(NOTATION_VERSION) => Err(err(
            file,
            h.line,
            h.column,
            format!(
                "notation version {v} is newer than this crownlands reads (up to \
                 {NOTATION_VERSION}); upgrade crownlands to import it"
            ),
        )),
        Some(v) if v >= 1 => Ok(()),
        _ => Err(err(
            file,
            h.line,
            h.column,
            format!(
                "`{}` is not a notation this crownlands reads (expected \"crownlands {NOTATION_VERSION}\")",
                h.value
            ),
        )),
    }
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

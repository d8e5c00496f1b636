//! Problems found while loading: each with a file, a 1-based line and column, and a message.
//!
//! Some problems have no place in a file (a ruleset name that matches nothing, a file that cannot
//! be read): those have line and column 0, and may have an empty file. They display as
//! `file: message`, or just `message` when there is no file.

use crownlands_core::text::escape_controls;
use std::fmt;
use std::ops::Range;

/// One problem in one file.
///
/// `line` 0 means the problem has no position (see [`Diagnostic::has_position`]); `file` may
/// then be empty too, when the problem is not about any file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Diagnostic {
    /// The file as the user should read its name; empty when the problem concerns no file.
    pub file: String,
    /// 1-based; 0 when the problem has no position in the file.
    pub line: usize,
    /// 1-based, in characters; 0 when the problem has no position in the file.
    pub column: usize,
    pub message: String,
    /// The player counts it holds at, when only some of the ruleset's (the message then says
    /// so: `at 3 and 4 players: ...`); empty: at every count ([`Diagnostic::holds_at`]).
    pub players: Vec<u8>,
}

impl Diagnostic {
    /// A problem with no position in any file.
    pub fn unplaced(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
            players: Vec::new(),
        }
    }

    /// Whether the problem points at a line and column (`line` is not 0).
    pub fn has_position(&self) -> bool {
        self.line != 0
    }

    /// Whether it holds at `players` players: a warning of some counts only says nothing of a
    /// game of another (a 3- and 4-player one, of a game of 2).
    pub fn holds_at(&self, players: u8) -> bool {
        self.players.is_empty() || self.players.contains(&players)
    }
}

impl fmt::Display for Diagnostic {
    /// `file:line:column: message`. The file's name and the message may quote text from the file
    /// (a key, a cell): their control characters are shown escaped, so that no file can put
    /// terminal escapes or forged lines on the screen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_controls(&self.file);
        let message = escape_controls(&self.message);
        match (self.has_position(), self.file.is_empty()) {
            (true, _) => write!(f, "{file}:{}:{}: {message}", self.line, self.column),
            (false, false) => write!(f, "{file}: {message}"),
            (false, true) => write!(f, "{message}"),
        }
    }
}

/// How many problems a list of problems shows; the rest are counted in one line.
pub const MAX_SHOWN: usize = 100;

/// Every problem found, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    /// One problem a line: the first `MAX_SHOWN`, then `... and N more problems`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.shown().iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        if let Some(more) = self.more_line() {
            write!(f, "\n{more}")?;
        }
        Ok(())
    }
}

impl Diagnostics {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The problems to show: the first `MAX_SHOWN`.
    pub fn shown(&self) -> &[Diagnostic] {
        &self.0[..self.0.len().min(MAX_SHOWN)]
    }

    /// `... and N more problems` when there are more than `MAX_SHOWN`.
    pub fn more_line(&self) -> Option<String> {
        let more = self.0.len().checked_sub(MAX_SHOWN).filter(|&n| n > 0)?;
        Some(format!(
            "... and {more} more problem{}",
            if more == 1 { "" } else { "s" }
        ))
    }

    /// A single problem; `line` 0 for one with no position.
    pub fn one(file: &str, line: usize, column: usize, message: impl Into<String>) -> Diagnostics {
        Diagnostics(vec![Diagnostic {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
            players: Vec::new(),
        }])
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The line of `text` holding byte `offset`: where it starts, and its text without the newline
/// (empty past the end).
pub(crate) fn line_at(text: &str, offset: usize) -> (usize, &str) {
    let start = text
        .get(..offset)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line = text
        .get(start..)
        .and_then(|l| l.split('\n').next())
        .unwrap_or_default();
    (start, line)
}

/// 1-based line and column (in characters) of a byte offset. Offsets past the end or inside a
/// character are clamped.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1 - bom_before(text, line_start, offset);
    (line, column)
}

/// 1 where a byte order mark begins the text and `offset`, on the line starting at
/// `line_start`, is past it: editors do not show the mark, so columns on the first line count
/// from after it.
fn bom_before(text: &str, line_start: usize, offset: usize) -> usize {
    usize::from(line_start == 0 && offset > 0 && text.starts_with('\u{feff}'))
}

/// Where lines start in a text, and how many characters come before every
/// [`LineIndex::STRIDE`]th byte: built once per file, so that placing any number of problems
/// costs each a binary search and a short count, not a scan of the file.
#[derive(Clone, Debug)]
pub(crate) struct LineIndex {
    /// Byte offset of the start of every line; the first is 0.
    line_starts: Vec<usize>,
    /// `chars_before[k]`: characters in `text[..k * STRIDE]` (rounded down to a character
    /// boundary).
    chars_before: Vec<usize>,
}

impl LineIndex {
    const STRIDE: usize = 4096;

    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        let mut chars_before = Vec::with_capacity(text.len() / Self::STRIDE + 1);
        let mut count = 0;
        let mut from = 0;
        let mut mark = 0;
        while mark <= text.len() {
            let at = floor_boundary(text, mark);
            count += text[from..at].chars().count();
            chars_before.push(count);
            from = at;
            mark += Self::STRIDE;
        }
        LineIndex {
            line_starts,
            chars_before,
        }
    }

    /// Characters in `text[..offset]` (`offset` on a character boundary).
    fn chars_to(&self, text: &str, offset: usize) -> usize {
        let k = (offset / Self::STRIDE).min(self.chars_before.len() - 1);
        let base = floor_boundary(text, k * Self::STRIDE).min(offset);
        self.chars_before[k] + text[base..offset].chars().count()
    }

    /// 1-based line and column (in characters) of a byte offset, as [`line_col`].
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_boundary(text, offset);
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        let column = self.chars_to(text, offset) - self.chars_to(text, start) + 1
            - bom_before(text, start, offset);
        (line, column)
    }
}

/// `offset` clamped to the text and moved back to a character boundary.
fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A file's name and text, for turning byte spans into diagnostics.
#[derive(Clone, Debug)]
pub(crate) struct SourceText {
    pub name: String,
    pub text: String,
    /// Built on the first diagnostic.
    index: std::sync::OnceLock<LineIndex>,
}

impl SourceText {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceText {
        SourceText {
            name: name.into(),
            text: text.into(),
            index: std::sync::OnceLock::new(),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.index
            .get_or_init(|| LineIndex::new(&self.text))
            .line_col(&self.text, offset)
    }

    pub fn diag(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.line_col(span.start);
        Diagnostic {
            file: self.name.clone(),
            line,
            column,
            message: message.into(),
            players: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let t = "ab\nc\u{e9}d\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 2), (1, 3));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 6), (2, 3));
        assert_eq!(line_col(t, 5), (2, 2));
        assert_eq!(line_col(t, 999), (3, 1));
        // A byte order mark, which editors do not show, takes no column (the first line only).
        let t = "\u{feff}ab\ncd";
        for (offset, want) in [
            (0, (1, 1)),
            (3, (1, 1)),
            (4, (1, 2)),
            (5, (1, 3)),
            (7, (2, 2)),
        ] {
            assert_eq!(line_col(t, offset), want, "{offset}");
            assert_eq!(LineIndex::new(t).line_col(t, offset), want, "{offset}");
        }
    }

    #[test]
    fn the_line_at_an_offset() {
        let t = "a = 1\nkey = \"v\"\n";
        assert_eq!(line_at(t, 0), (0, "a = 1"));
        assert_eq!(line_at(t, 8), (6, "key = \"v\""));
        assert_eq!(line_at(t, t.len()), (t.len(), ""));
    }

    #[test]
    fn the_line_index_agrees_with_line_col() {
        // Long lines and characters of several bytes across the index's strides.
        let mut t = String::new();
        for i in 0..400 {
            t.push_str(&"\u{e9}x\u{1f451}".repeat(i % 7));
            t.push_str(&"y".repeat(i * 37 % 9000));
            t.push('\n');
        }
        let index = LineIndex::new(&t);
        let step = t.len() / 200 + 7;
        for offset in (0..t.len() + 3)
            .step_by(step)
            .chain([0, 1, 2, 4096, t.len()])
        {
            assert_eq!(index.line_col(&t, offset), line_col(&t, offset), "{offset}");
        }
    }

    #[test]
    fn escapes_are_shown_and_long_lists_cut() {
        let d = Diagnostic {
            file: "a\u{1b}b".into(),
            line: 1,
            column: 2,
            message: "key `x\ny`".into(),
            players: Vec::new(),
        };
        assert_eq!(d.to_string(), "a\\u{1b}b:1:2: key `x\\ny`");
        let many = Diagnostics(vec![d; 250]);
        let text = many.to_string();
        assert_eq!(text.lines().count(), MAX_SHOWN + 1);
        assert!(text.ends_with("... and 150 more problems"), "{text}");
    }
}

/// A message from a module or a component table with the list positions it names said as the
/// ruleset's other messages say them, counted from 1 in words (`` `players` item 3 ``), where
/// the modules write a path counted from 0 (`` `slot-prices[1]` ``, `` `goal[1].scope` ``, which
/// the loader reads to find the place): `` `slot-prices` item 2 ``, `` `scope` of `goal` item
/// 2 ``. Only a quoted path of keys and positions is rewritten, nothing else in backticks, and
/// with `only`, only a path of that parameter (not a name a user wrote, `` terrain `w[1]` ``).
pub(crate) fn positions_in_words(message: &str, only: Option<&str>) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    loop {
        let Some(open) = rest.find('`') else {
            out.push_str(rest);
            return out;
        };
        let Some(len) = rest[open + 1..].find('`') else {
            out.push_str(rest);
            return out;
        };
        let token = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        match path_in_words(token).filter(|_| {
            only.is_none_or(|key| {
                token
                    .strip_prefix(key)
                    .is_some_and(|after| after.starts_with(['[', '.']))
            })
        }) {
            Some(words) => out.push_str(&words),
            None => {
                out.push('`');
                out.push_str(token);
                out.push('`');
            }
        }
        rest = &rest[open + 2 + len..];
    }
}

/// One step of a quoted path: a key, or a position counted from 0.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// `goal[1].scope` in words (`` `scope` of `goal` item 2 ``); `None` for anything that is not
/// a path of keys with at least one position (lower-case keys of letters, digits and `-`).
fn path_in_words(token: &str) -> Option<String> {
    let mut steps = Vec::new();
    let mut text = token;
    while !text.is_empty() {
        if let Some(after) = text.strip_prefix('[') {
            let (digits, after) = after.split_once(']')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            steps.push(Step::Index(digits.parse().ok()?));
            text = after;
        } else {
            let text_key = text.strip_prefix('.').unwrap_or(text);
            if text_key.len() == text.len() && !steps.is_empty() {
                return None;
            }
            let end = text_key.find(['.', '[']).unwrap_or(text_key.len());
            let key = &text_key[..end];
            let plain = key.starts_with(|c: char| c.is_ascii_lowercase())
                && key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !plain {
                return None;
            }
            steps.push(Step::Key(key));
            text = &text_key[end..];
        }
    }
    if !matches!(steps.first(), Some(Step::Key(_)))
        || !steps.iter().any(|s| matches!(s, Step::Index(_)))
    {
        return None;
    }
    Some(steps_in_words(&steps))
}

/// Keys and positions in words: the keys before the first position, then its positions (`item
/// 2`, a list in a list `item 2.1`), and what lies below said first (`` `scope` of ... ``).
fn steps_in_words(steps: &[Step<'_>]) -> String {
    let first = steps
        .iter()
        .position(|s| matches!(s, Step::Index(_)))
        .unwrap_or(steps.len());
    let keys: Vec<&str> = steps[..first]
        .iter()
        .filter_map(|s| match s {
            Step::Key(k) => Some(*k),
            Step::Index(_) => None,
        })
        .collect();
    let mut numbers = Vec::new();
    let mut below = first;
    while let Some(Step::Index(i)) = steps.get(below) {
        numbers.push((i + 1).to_string());
        below += 1;
    }
    let base = if numbers.is_empty() {
        format!("`{}`", keys.join("."))
    } else {
        format!("`{}` item {}", keys.join("."), numbers.join("."))
    };
    match steps.get(below..) {
        Some(rest) if !rest.is_empty() => format!("{} of {base}", steps_in_words(rest)),
        _ => base,
    }
}

#[cfg(test)]
mod positions {
    fn words(message: &str) -> String {
        super::positions_in_words(message, None)
    }

    #[test]
    fn list_positions_are_said_from_1_in_words() {
        assert_eq!(
            words("module `buildings`: `slot-prices[1]` must be from 0 to 1000, not -2"),
            "module `buildings`: `slot-prices` item 2 must be from 0 to 1000, not -2"
        );
        assert_eq!(
            words("`goal[1].name`, `huge`, reads as the name of `goal[0]`, `Huge`"),
            "`name` of `goal` item 2, `huge`, reads as the name of `goal` item 1, `Huge`"
        );
        assert_eq!(
            words("`goal[3]`: unknown key `colour`; expected one of: name"),
            "`goal` item 4: unknown key `colour`; expected one of: name"
        );
        assert_eq!(words("`a[1][0].b`"), "`b` of `a` item 2.1");
        assert_eq!(words("`a[0].b[2].c`"), "`c` of `b` item 3 of `a` item 1");
        // Not paths: as they were.
        for same in [
            "unknown terrain `W[1]`",
            "`multipliers.lake`",
            "`[1]`",
            "a `goal[x]` and an unclosed `goal[1]",
            "`goal[1]x`",
        ] {
            assert_eq!(words(same), same);
        }
        // Of one parameter only: a user's name left as written.
        assert_eq!(
            super::positions_in_words(
                "`multipliers.w[1]`: terrain `w[1]`; `goal[0]`",
                Some("goal")
            ),
            "`multipliers.w[1]`: terrain `w[1]`; `goal` item 1"
        );
    }
}

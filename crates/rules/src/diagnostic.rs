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

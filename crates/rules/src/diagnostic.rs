//! Problems found while loading: each with a file, a 1-based line and column, and a message.
//!
//! Some problems have no place in a file (a ruleset name that matches nothing, a file that cannot
//! be read): those have line and column 0, and may have an empty file. They display as
//! `file: message`, or just `message` when there is no file.

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
}

impl Diagnostic {
    /// A problem with no position in any file.
    pub fn unplaced(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    /// Whether the problem points at a line and column (`line` is not 0).
    pub fn has_position(&self) -> bool {
        self.line != 0
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.has_position(), self.file.is_empty()) {
            (true, _) => write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            ),
            (false, false) => write!(f, "{}: {}", self.file, self.message),
            (false, true) => write!(f, "{}", self.message),
        }
    }
}

/// Every problem found, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
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

    /// A single problem; `line` 0 for one with no position.
    pub fn one(file: &str, line: usize, column: usize, message: impl Into<String>) -> Diagnostics {
        Diagnostics(vec![Diagnostic {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
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
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// A file's name and text, for turning byte spans into diagnostics.
#[derive(Clone, Debug)]
pub(crate) struct SourceText {
    pub name: String,
    pub text: String,
}

impl SourceText {
    pub fn diag(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, column) = line_col(&self.text, span.start);
        Diagnostic {
            file: self.name.clone(),
            line,
            column,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn lines_and_columns() {
        let t = "ab\nc\u{e9}d\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 2), (1, 3));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 6), (2, 3));
        assert_eq!(line_col(t, 5), (2, 2));
        assert_eq!(line_col(t, 999), (3, 1));
    }
}

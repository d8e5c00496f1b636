//! Errors: what went wrong, in which file, and where.

use crownlands_core::IllegalAction;
use crownlands_core::text::escape_controls;
use crownlands_rules::Diagnostics;
use std::fmt;

/// A problem with a save or notation file: the file as the user named it, a 1-based line and
/// column when the problem has a place in the text (0 otherwise), and the problem.
#[derive(Debug, thiserror::Error)]
pub struct SaveError {
    /// The file as the user should read its name; empty when the data did not come from a file.
    pub file: String,
    /// 1-based; 0 when the problem has no position in the text.
    pub line: usize,
    /// 1-based, in characters; 0 when the problem has no position.
    pub column: usize,
    #[source]
    pub problem: Box<Problem>,
}

impl SaveError {
    pub fn new(file: &str, problem: Problem) -> SaveError {
        SaveError {
            file: file.to_string(),
            line: 0,
            column: 0,
            problem: Box::new(problem),
        }
    }

    pub fn at(file: &str, line: usize, column: usize, problem: Problem) -> SaveError {
        SaveError {
            file: file.to_string(),
            line,
            column,
            problem: Box::new(problem),
        }
    }
}

impl fmt::Display for SaveError {
    /// `file:line:column: problem`. Messages quote the file (names, header values, tokens): every
    /// control character is shown escaped, so that no file can put terminal escapes or forged
    /// lines on the screen. The one message of several lines, a ruleset's problems, escapes each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_controls(&self.file);
        let problem = match &*self.problem {
            // Each problem is escaped by its own Display; the lines between are the list's.
            Problem::Ruleset(_) => self.problem.to_string(),
            other => escape_controls(&other.to_string()).into_owned(),
        };
        match (self.line != 0, self.file.is_empty()) {
            (true, _) => write!(f, "{file}:{}:{}: {problem}", self.line, self.column),
            (false, false) => write!(f, "{file}: {problem}"),
            (false, true) => write!(f, "{problem}"),
        }
    }
}

/// What is wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    #[error("cannot read the file: {}", crownlands_rules::io_words(.0))]
    Read(std::io::Error),
    #[error("cannot write the file: {}", crownlands_rules::io_words_writing(.0))]
    Write(std::io::Error),
    /// A directory to save games into that cannot be created or written.
    #[error("cannot save games in this directory: {}", crownlands_rules::io_words(.0))]
    Directory(std::io::Error),
    #[error(
        "not a regular file: saves and notation files are read whole, so devices, pipes and \
         directories are refused"
    )]
    NotAFile,
    #[error("the file is {size} bytes; at most {max} bytes are supported")]
    TooLarge { size: u64, max: u64 },
    #[error("the file is not UTF-8 text")]
    NotText,
    #[error("the file ends too early (truncated?): {0}")]
    Truncated(String),
    #[error("not valid JSON: {0}")]
    Syntax(String),
    #[error("not a Crownlands save: {0}")]
    NotASave(String),
    #[error(
        "save format version {found} is newer than this crownlands reads (up to {supported}); \
         upgrade crownlands to open it"
    )]
    FutureVersion { found: u64, supported: u32 },
    /// The document has the right format and version but a field is missing or of the wrong type.
    #[error("{0}")]
    Shape(String),
    #[error("the embedded ruleset does not load:\n{0}")]
    Ruleset(Diagnostics),
    /// Players, seeds or games that do not fit the ruleset.
    #[error("{0}")]
    Invalid(String),
    /// An action refused by the engine at its point in the game.
    #[error("{at} `{token}` is illegal: {reason}")]
    Illegal {
        /// Which action, e.g. `action 17 (games[0].actions[16])`.
        at: String,
        /// The action in the notation.
        token: String,
        reason: IllegalAction,
    },
    /// The replay does not reach the result or state the file records.
    #[error("{0}")]
    Mismatch(String),
    /// A notation file that does not read.
    #[error("{0}")]
    Notation(String),
}

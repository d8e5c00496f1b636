//! Errors of the command, with their exit codes.

use crownlands_rules::Diagnostics;
use std::fmt;

#[derive(Debug)]
pub enum CliError {
    /// Problems in a file the user gave, each with file, line and column.
    Diagnostics(Diagnostics),
    /// Anything else the user can fix (a missing file, a bad number).
    Message(String),
    /// A game left unfinished because the run was asked to stop (Ctrl-C, SIGTERM, SIGHUP): not
    /// a failure, the runner stops there and reports what was played.
    Stopped,
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        1
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Diagnostics(d) => {
                // The first problems, then how many more (see `Diagnostics::shown`).
                for (i, diag) in d.shown().iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "error: {diag}")?;
                }
                if let Some(more) = d.more_line() {
                    write!(f, "\n{more}")?;
                }
                Ok(())
            }
            CliError::Message(m) => write!(f, "error: {m}"),
            CliError::Stopped => write!(f, "error: stopped before the game was over"),
        }
    }
}

impl From<Diagnostics> for CliError {
    fn from(d: Diagnostics) -> Self {
        CliError::Diagnostics(d)
    }
}

pub type CliResult<T> = Result<T, CliError>;

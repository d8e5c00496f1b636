//! Component tables a module plays: rows of its own kind written in ruleset and component set
//! files as `[[component.KEY]]` (quest tiles, cards, anything a house rule counts out), each row
//! read by the module's serde type. The loader checks every row against the type and keeps them
//! in the ruleset; the module reads them back typed ([`rows`]).

use super::value_words::ValueProblem;
use super::{Param, ParamsType};
use crate::Ruleset;
use serde::de::DeserializeOwned;

/// The most rows one table may hold (all files together).
pub const MAX_ROWS: usize = 1024;

/// The most component tables one ruleset may hold.
pub const MAX_TABLES: usize = 16;

/// A table a module declares ([`super::Module::component_tables`]): its key in the files, the JSON
/// Schema of one row, and how a row is checked (read by the module's type).
#[derive(Clone, Copy)]
pub struct ComponentTable {
    /// `quest` for `[[component.quest]]`: lowercase letters, digits and `-`.
    pub key: &'static str,
    /// The JSON Schema of one row (for editors and the loader's checks by position).
    pub schema: fn() -> serde_json::Value,
    /// Why a row does not read as the module's type: where in the row, and in words.
    pub check: fn(&Param) -> Result<(), ValueProblem>,
}

impl std::fmt::Debug for ComponentTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComponentTable")
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl ComponentTable {
    /// The table `key`, each row a `T` (a serde type: kebab-case keys and `deny_unknown_fields`
    /// as a module's parameters are, so a misspelt key in a row is an error).
    pub fn of<T: ParamsType>(key: &'static str) -> ComponentTable {
        ComponentTable {
            key,
            schema: super::mechanism::schema_of::<T>,
            check: check_row::<T>,
        }
    }
}

/// Why `row` does not read as a `T`: the part at fault and what is wrong with it.
fn check_row<T: ParamsType>(row: &Param) -> Result<(), ValueProblem> {
    super::value_words::read::<T>(row.to_json()).map(|_| ())
}

/// A row's problem in words, naming the part at fault: `` `points` must be from 0 to 50, not
/// 99 ``, `` unknown key `terain` (did you mean `terrain`?); expected one of: ... ``.
pub fn row_words(problem: &ValueProblem) -> String {
    if problem.path.is_empty() {
        problem.message.clone()
    } else if problem.message.starts_with("must") {
        format!("`{}` {}", problem.at(), problem.message)
    } else {
        format!("`{}`: {}", problem.at(), problem.message)
    }
}

/// Whether `key` may name a table: lowercase letters, digits and `-`, starting with a letter, at
/// most 32 characters.
pub fn valid_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 32
        && key.starts_with(|c: char| c.is_ascii_lowercase())
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The rows of table `key` of `ruleset`, each read as a `T`, in file order (rows the loader
/// checked; one that does not read is left out).
pub fn rows<T: DeserializeOwned>(ruleset: &Ruleset, key: &str) -> Vec<T> {
    ruleset
        .component_table(key)
        .iter()
        .filter_map(|row| serde_json::from_value(row.to_json()).ok())
        .collect()
}

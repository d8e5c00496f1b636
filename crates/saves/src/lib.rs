//! Crownlands saved games, replays, autosave and the game notation.
//!
//! A [`Save`] is a JSON document holding everything needed to rebuild a game or a match: the
//! fully resolved ruleset (as the self-contained TOML of [`crownlands_rules::to_toml`]), the seed,
//! the players and the actions of every game. Loading a save never trusts it: the ruleset is loaded
//! and validated again, every action is replayed through [`crownlands_core::Game::apply`], and the
//! recorded results are checked against the replay. A [`Session`] is a game or match being played
//! and recorded, the thing a front end autosaves after every move.
//!
//! The notation ([`notation`]) is a compact text form of the same game, in the spirit of chess's
//! PGN, that imports back into a save.
//!
//! Every function that reads user input returns a [`SaveError`] naming the file and, where there
//! is one, the line and column or the action; none panics on bad input.

mod error;
mod files;
mod limits;
mod named;
pub mod notation;
mod player;
mod record;
mod save;
mod session;
mod strict;
pub mod words;

pub use error::{Problem, SaveError};
pub use files::{
    AUTOSAVE_FILE, OutputKind, PREVIOUS_AUTOSAVE_FILE, REPORT_GENERATOR, REPORT_HEAD, autosave,
    autosave_in, autosave_path, check_output, check_output_alone, continues, data_dir,
    keep_unfinished_autosave, link_new, load_autosave, load_autosave_in, prepare_save_dir,
    probe_writable, read_save, read_save_file, read_save_with, read_text, remove_stale_temp_files,
    same_file, save_into_dir, save_into_dir_as, write_atomic, write_new, write_output, write_save,
};
pub use limits::{
    MAX_ACTION_JSON_BYTES, MAX_HEADER_KEY_CHARS, MAX_HEADER_VALUE_CHARS, MAX_HEADERS,
    MAX_KIND_CHARS, MAX_NAME_CHARS, MAX_RULESET_BYTES, MAX_RULESET_NAME_CHARS, MAX_SAVE_BYTES,
    shorten_quotes,
};
pub use named::{NamedRules, named_rules};
pub use player::Player;
pub use record::{FORMAT, GameRecord, GameStatus, MatchRecord, Save, SavedAction, VERSION};
pub use save::{OtherText, other_text};
pub use session::{Move, Session};

//! The bots' pace last chosen with `+` and `-`, kept in the data folder as `bot-pace.json`, so
//! that a table that likes its bots quick (or slow) finds them so the next time, resumed games
//! included. Read as untrusted: a small regular file, its one number within the pace's range,
//! anything else ignored (the default pace then), never an error.

use super::PACE_MAX_MS;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file's name in the data folder.
pub const BOT_PACE_FILE: &str = "bot-pace.json";

/// What is kept.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct BotPace {
    /// Milliseconds a bot's move waits, 0 to [`PACE_MAX_MS`].
    bot_pace_ms: u64,
}

/// The pace kept in `dir`, in milliseconds, if one reads as one.
pub fn read(dir: &Path) -> Option<u64> {
    let text = super::last_table::read_kept(&dir.join(BOT_PACE_FILE), 256)?;
    let kept: BotPace = serde_json::from_str(&text).ok()?;
    (kept.bot_pace_ms <= PACE_MAX_MS).then_some(kept.bot_pace_ms)
}

/// Keep `ms` in `dir` (atomically; a failure changes nothing and is not worth a word).
pub fn write(dir: &Path, ms: u64) {
    if let Ok(text) = serde_json::to_string(&BotPace { bot_pace_ms: ms }) {
        let _ = std::fs::create_dir_all(dir);
        let _ = crownlands_saves::write_atomic(&dir.join(BOT_PACE_FILE), text.as_bytes());
    }
}

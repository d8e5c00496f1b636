//! What a save file records, as data: the match, its players, each game's actions and result.
//! Reading a save and checking it against a replay is the job of `save.rs`.

use crate::player::Player;
use crownlands_core::{Action, Decider, Phase};
use serde::{Deserialize, Serialize};

/// The value of the `format` field of every save.
pub const FORMAT: &str = "crownlands-save";
/// The save format version this crate writes and the newest it reads.
pub const VERSION: u32 = 1;

/// A saved game or match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this crate.
    pub version: u32,
    /// The ruleset's name (the embedded text is what counts; this is for reading).
    pub ruleset_name: String,
    /// When the game was started, `YYYY-MM-DD` (UTC), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The seed of the match; game `k > 0` is seeded `derive_seed(seed, k)`.
    pub seed: u64,
    pub players: Vec<Player>,
    /// One record per game begun, in order (Dynasty plays several).
    pub games: Vec<GameRecord>,
    /// The result of a finished match of several games (Dynasty): totals summed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<MatchRecord>,
    /// The fully resolved ruleset, as the self-contained TOML of `crownlands show`. Written as an
    /// array of its lines (so that line N of the ruleset is element N); a single string is read
    /// too.
    #[serde(with = "lines")]
    pub ruleset: String,
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's own seed (checked on load).
    pub seed: u64,
    /// Every action, in order, as the engine's [`Action`] serializes.
    pub actions: Vec<Action>,
    /// The result, or where the game stands.
    pub status: GameStatus,
}

/// How a game ended, or where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "state", deny_unknown_fields)]
pub enum GameStatus {
    Finished {
        /// Each side's score, side 1 first. Sides are the seats, or the teams in team games
        /// (seats 1-2 are team 1, and so on).
        totals: Vec<i32>,
        /// Each side's place (1 is first; tied sides share a place).
        places: Vec<u32>,
        /// The winning sides (seats, or teams), numbered from 1.
        winners: Vec<usize>,
        decided_by: Decider,
    },
    Unfinished {
        phase: Phase,
        /// Rounds completed (the first claims are round 0).
        round: u32,
        /// Actions played in this game.
        actions: usize,
    },
}

/// The result of a match of several games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Each side's (seat's, or team's) total over all games.
    pub totals: Vec<i64>,
    /// The sides with the highest total, numbered from 1.
    pub winners: Vec<usize>,
}

/// A text as an array of lines in JSON (or one string, when reading).
mod lines {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(text.lines())
    }

    #[derive(Deserialize)]
    #[serde(
        untagged,
        expecting = "the ruleset's TOML as a string or an array of lines"
    )]
    enum Text {
        One(String),
        Lines(Vec<String>),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        Ok(match Text::deserialize(d)? {
            Text::One(s) => s,
            Text::Lines(v) => {
                let mut s = v.join("\n");
                s.push('\n');
                s
            }
        })
    }
}

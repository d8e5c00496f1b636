//! What a save file records, as data: the match, its players, each game's actions and result.
//! Reading a save and checking it against a replay is the job of `save.rs`.

use crate::player::Player;
use crownlands_core::{Action, Decider, Game, Phase};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

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
    /// Every action, in order, as the game writes it ([`crownlands_core::Game::action_json`]).
    pub actions: Vec<SavedAction>,
    /// The result, or where the game stands.
    pub status: GameStatus,
}

/// One action of a save: its JSON as the game writes it, the core's actions in the engine's form
/// (`{"action":"claim","domino":40}`) and a module's in the module's own
/// (`{"action":"tax","square":0}`). Only the game it is played in reads it back
/// ([`SavedAction::read`]): which module's action it is depends on the rules.
///
/// Reading a save checks the core's kinds at once (`claim`, `place`, `discard`, `pass`: a missing
/// field is reported where it is); the others wait for the game.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct SavedAction(Box<RawValue>);

impl<'de> Deserialize<'de> for SavedAction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SavedAction, D::Error> {
        /// Just the kind, to tell the core's from the modules'.
        #[derive(Deserialize)]
        struct Kind {
            action: Option<String>,
        }
        let raw = Box::<RawValue>::deserialize(d)?;
        let kind = serde_json::from_str::<Kind>(raw.get())
            .ok()
            .and_then(|k| k.action);
        if matches!(
            kind.as_deref(),
            Some("claim" | "place" | "discard" | "pass") | None
        ) && let Err(e) = serde_json::from_str::<Action>(raw.get())
        {
            let e = e.to_string();
            // serde_json's position is within the action; the reader's own is added.
            let e = e.split(" at line ").next().unwrap_or_default();
            return Err(serde::de::Error::custom(e));
        }
        Ok(SavedAction(raw))
    }
}

impl SavedAction {
    /// `action` of `game` (the game it is played in), as a save records it.
    pub fn new(game: &Game, action: Action) -> SavedAction {
        let json = game.action_json(action);
        // The game writes valid JSON; `null` (which reads as no action) if it did not.
        SavedAction(RawValue::from_string(json).unwrap_or_default())
    }

    /// The action in `game` (where it is played), or why it is none of that game's.
    pub fn read(&self, game: &Game) -> Result<Action, String> {
        game.action_from_json(self.0.get())
    }

    /// The JSON, as recorded.
    pub fn json(&self) -> &str {
        self.0.get()
    }
}

impl PartialEq for SavedAction {
    fn eq(&self, other: &SavedAction) -> bool {
        self.0.get() == other.0.get()
    }
}

impl Eq for SavedAction {}

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

//! What a save file records, as data: the match, its players, each game's actions and result.
//! Reading a save and checking it against a replay is the job of `save.rs`.

use crate::limits::{MAX_ACTION_JSON_BYTES, MAX_RULESET_BYTES};
use crate::player::Player;
use crownlands_core::ruleset::{MAX_MATCH_GAMES, MAX_PLAYERS};
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
    #[serde(deserialize_with = "seed::read")]
    pub seed: u64,
    /// At most [`MAX_PLAYERS`] (more is refused as the file is read).
    #[serde(deserialize_with = "bounded::players")]
    pub players: Vec<Player>,
    /// One record per game begun, in order (Dynasty plays several); at most
    /// [`MAX_MATCH_GAMES`].
    #[serde(deserialize_with = "bounded::games")]
    pub games: Vec<GameRecord>,
    /// The result of a finished match of several games (Dynasty): totals summed.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "match_result::read"
    )]
    pub result: Option<MatchRecord>,
    /// The fully resolved ruleset, as the self-contained TOML of `crownlands show`. Written as an
    /// array of its lines (so that line N of the ruleset is element N); a single string is read
    /// too. At most [`MAX_RULESET_BYTES`], refused as the file is read past them.
    #[serde(with = "lines")]
    pub ruleset: String,
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The game's own seed (checked on load).
    #[serde(deserialize_with = "seed::read")]
    pub seed: u64,
    /// Every action, in order, as the game writes it ([`crownlands_core::Game::action_json`]).
    pub actions: Vec<SavedAction>,
    /// The result, or where the game stands.
    #[serde(deserialize_with = "object::read")]
    pub status: GameStatus,
}

/// One action of a save: its JSON as the game writes it, the core's actions in the engine's form
/// (`{"action":"claim","domino":40}`) and a module's in the module's own
/// (`{"action":"tax","square":0}`). Only the game it is played in reads it back
/// ([`SavedAction::read`]): which module's action it is depends on the rules.
///
/// Reading a save checks the core's kinds at once (`claim`, `place`, `discard`, `pass`: a missing
/// field is reported where it is); the others wait for the game. An action's JSON is at most
/// [`MAX_ACTION_JSON_BYTES`] and gives no key twice, wherever it is.
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
        if raw.get().len() > MAX_ACTION_JSON_BYTES {
            return Err(serde::de::Error::custom(format!(
                "an action of {} bytes; an action's JSON is at most {MAX_ACTION_JSON_BYTES} bytes",
                raw.get().len()
            )));
        }
        let value = crate::strict::parse(raw.get()).map_err(serde::de::Error::custom)?;
        // An object, as every action is written (the engine's readers take a list of the fields
        // in order too: `["claim", 40]`).
        if !value.is_object() {
            return Err(serde::de::Error::custom(format!(
                "`{}` is no action: an action is an object such as `{{\"action\": \"claim\", \
                 \"domino\": 18}}`",
                crate::limits::shortened(raw.get())
            )));
        }
        let kind = serde_json::from_str::<Kind>(raw.get())
            .ok()
            .and_then(|k| k.action);
        if matches!(
            kind.as_deref(),
            Some("claim" | "place" | "discard" | "pass") | None
        ) && let Err(e) = serde_json::from_str::<Action>(raw.get())
        {
            let e = e.to_string();
            // serde_json's position is within the action; the reader's own is added (the
            // action's end), and the action is quoted, so the value in question shows.
            let e = e.split(" at line ").next().unwrap_or_default();
            return Err(serde::de::Error::custom(format!(
                "in the action `{}`: {e}",
                crate::limits::shortened(raw.get())
            )));
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
///
/// Read field by field (not through serde's tagged enums, which hold the whole object in
/// memory first): lists of sides are at most [`MAX_PLAYERS`] long, and the phase and decider
/// are small JSON values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "kebab-case",
    tag = "state",
    deny_unknown_fields,
    try_from = "status::Fields"
)]
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
    #[serde(deserialize_with = "bounded::sides")]
    pub totals: Vec<i64>,
    /// The sides with the highest total, numbered from 1.
    #[serde(deserialize_with = "bounded::sides")]
    pub winners: Vec<usize>,
}

/// A match's result: an object (`{"totals": [...], "winners": [...]}`) or null, said so of
/// anything else (a list was read as the object's fields in order: "expected a list of at most
/// 16 sides" of its first number, which the file's reader could not place).
mod match_result {
    use super::MatchRecord;
    use serde::Deserialize;
    use serde::de::value::MapAccessDeserializer;
    use serde::de::{Deserializer, MapAccess, Visitor};
    use std::fmt;

    struct Result;

    impl<'de> Visitor<'de> for Result {
        type Value = Option<MatchRecord>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the match's result: an object with `totals` and `winners`, or null")
        }

        fn visit_unit<E: serde::de::Error>(self) -> std::result::Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_none<E: serde::de::Error>(self) -> std::result::Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_map<A: MapAccess<'de>>(
            self,
            map: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            MatchRecord::deserialize(MapAccessDeserializer::new(map)).map(Some)
        }
    }

    pub fn read<'de, D: Deserializer<'de>>(
        d: D,
    ) -> std::result::Result<Option<MatchRecord>, D::Error> {
        d.deserialize_any(Result)
    }
}

/// A seed: a whole number from 0 to 2^64 - 1, said so of anything else (a number past the
/// range reads as a float: "invalid type: floating point `1.8446744073709552e+19`" said nothing
/// of seeds).
mod seed {
    use serde::Deserializer;
    use serde::de::{Error, Visitor};
    use std::fmt;

    struct Seed;

    const EXPECTED: &str = "a seed: a whole number from 0 to 18446744073709551615";

    impl Visitor<'_> for Seed {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(EXPECTED)
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom(format!("{v} is not {EXPECTED}")))
        }

        fn visit_f64<E: Error>(self, _: f64) -> Result<u64, E> {
            Err(E::custom(format!(
                "a number with a fraction or past the range is not {EXPECTED}"
            )))
        }
    }

    pub fn read<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        d.deserialize_u64(Seed)
    }
}

/// A text as an array of lines in JSON (or one string, when reading), read line by line into
/// one text of at most [`MAX_RULESET_BYTES`].
mod lines {
    use super::MAX_RULESET_BYTES;
    use serde::de::{Error, SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};
    use std::fmt;

    pub fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(text.lines())
    }

    fn too_large<E: Error>() -> E {
        E::custom(format!(
            "the embedded ruleset is over {MAX_RULESET_BYTES} bytes, the most a ruleset may be"
        ))
    }

    struct Text;

    impl<'de> Visitor<'de> for Text {
        type Value = String;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the ruleset's TOML as a string or an array of lines")
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<String, E> {
            if v.len() > MAX_RULESET_BYTES {
                return Err(too_large());
            }
            Ok(v.to_string())
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<String, A::Error> {
            let mut text = String::new();
            let mut n = 0usize;
            while let Some(line) = seq.next_element::<std::borrow::Cow<'de, str>>()? {
                n += 1;
                if text.len() + line.len() + 1 > MAX_RULESET_BYTES {
                    return Err(too_large());
                }
                // Element N is line N, which the ruleset's errors name: a line break inside
                // one would shift every line after it.
                if line.contains(['\n', '\r']) {
                    return Err(A::Error::custom(format!(
                        "line {n} of the embedded ruleset holds a line break (each element of \
                         the array is one line)"
                    )));
                }
                text.push_str(&line);
                text.push('\n');
            }
            Ok(text)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        d.deserialize_any(Text)
    }
}

/// Lists read with a bound on their length, refused at the first element past it (before more
/// is read into memory).
mod bounded {
    use super::object::Object;
    use super::{GameRecord, MAX_MATCH_GAMES, MAX_PLAYERS, Player};
    use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
    use std::fmt;
    use std::marker::PhantomData;

    struct AtMost<T> {
        max: usize,
        what: &'static str,
        item: PhantomData<T>,
    }

    impl<'de, T: Deserialize<'de>> Visitor<'de> for AtMost<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {} {}", self.max, self.what)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(item) = seq.next_element()? {
                if out.len() == self.max {
                    return Err(A::Error::custom(format!(
                        "more than {} {}: the engine allows at most {}",
                        self.max, self.what, self.max
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }

    fn at_most<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
        max: usize,
        what: &'static str,
    ) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(AtMost {
            max,
            what,
            item: PhantomData,
        })
    }

    /// Each an object (`{"seat": 1, ...}`), never a list of its fields in order.
    pub fn players<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Player>, D::Error> {
        at_most::<_, Object<Player>>(d, usize::from(MAX_PLAYERS), "players")
            .map(|v| v.into_iter().map(|p| p.0).collect())
    }

    /// Each an object (`{"seed": 1, ...}`), never a list of its fields in order.
    pub fn games<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<GameRecord>, D::Error> {
        at_most::<_, Object<GameRecord>>(d, usize::from(MAX_MATCH_GAMES), "games")
            .map(|v| v.into_iter().map(|g| g.0).collect())
    }

    /// One value per side (seat or team), or sides numbered from 1.
    pub fn sides<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        at_most(d, usize::from(MAX_PLAYERS), "sides")
    }

    pub fn some_sides<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<Vec<T>>, D::Error> {
        sides(d).map(Some)
    }
}

/// A game's status as the file has it, field by field, made a [`GameStatus`] once read.
mod status {
    use super::object::{Object, Shaped};
    use super::{GameStatus, MAX_ACTION_JSON_BYTES, bounded};
    use crownlands_core::{Decider, Phase};
    use serde::Deserialize;
    use serde::de::{DeserializeOwned, Deserializer, Error};
    use serde_json::value::RawValue;

    #[derive(Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum State {
        Finished,
        Unfinished,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Fields {
        state: State,
        #[serde(default, deserialize_with = "bounded::some_sides")]
        totals: Option<Vec<i32>>,
        #[serde(default, deserialize_with = "bounded::some_sides")]
        places: Option<Vec<u32>>,
        #[serde(default, deserialize_with = "bounded::some_sides")]
        winners: Option<Vec<usize>>,
        #[serde(default, deserialize_with = "small")]
        decided_by: Option<Decider>,
        #[serde(default, deserialize_with = "small")]
        phase: Option<Phase>,
        round: Option<u32>,
        actions: Option<usize>,
    }

    /// A small value (a phase, what decided a game): its JSON, at most a kilobyte, then read.
    fn small<'de, D: Deserializer<'de>, T: DeserializeOwned + Shaped>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        if raw.get().len() > MAX_ACTION_JSON_BYTES {
            return Err(D::Error::custom(format!(
                "a value of {} bytes where at most {MAX_ACTION_JSON_BYTES} are expected",
                raw.get().len()
            )));
        }
        serde_json::from_str::<Object<T>>(raw.get())
            .map(|o| Some(o.0))
            .map_err(|e| {
                let e = e.to_string();
                D::Error::custom(e.split(" at line ").next().unwrap_or_default().to_string())
            })
    }

    fn missing(field: &str) -> String {
        format!("missing field `{field}`")
    }

    fn not_a_field(field: &str, state: &str, fields: &str) -> String {
        format!("unknown field `{field}` in the status of {state} game, expected one of {fields}")
    }

    impl TryFrom<Fields> for GameStatus {
        type Error = String;

        fn try_from(f: Fields) -> Result<GameStatus, String> {
            match f.state {
                State::Finished => {
                    let fields = "`totals`, `places`, `winners`, `decided_by`";
                    for (name, given) in [
                        ("phase", f.phase.is_some()),
                        ("round", f.round.is_some()),
                        ("actions", f.actions.is_some()),
                    ] {
                        if given {
                            return Err(not_a_field(name, "a finished", fields));
                        }
                    }
                    Ok(GameStatus::Finished {
                        totals: f.totals.ok_or_else(|| missing("totals"))?,
                        places: f.places.ok_or_else(|| missing("places"))?,
                        winners: f.winners.ok_or_else(|| missing("winners"))?,
                        decided_by: f.decided_by.ok_or_else(|| missing("decided_by"))?,
                    })
                }
                State::Unfinished => {
                    let fields = "`phase`, `round`, `actions`";
                    for (name, given) in [
                        ("totals", f.totals.is_some()),
                        ("places", f.places.is_some()),
                        ("winners", f.winners.is_some()),
                        ("decided_by", f.decided_by.is_some()),
                    ] {
                        if given {
                            return Err(not_a_field(name, "an unfinished", fields));
                        }
                    }
                    Ok(GameStatus::Unfinished {
                        phase: f.phase.ok_or_else(|| missing("phase"))?,
                        round: f.round.ok_or_else(|| missing("round"))?,
                        actions: f.actions.ok_or_else(|| missing("actions"))?,
                    })
                }
            }
        }
    }
}

/// The values a save gives as JSON objects, read only as objects. serde's derived readers take
/// a list of the fields in order too (`[1, "Ann", "human"]` for a player, `["claim", 40]` for
/// an action's kind and fields), a shape no save is written in, which read as a player or
/// a status, or said `invalid length 2, expected an object` of a list the file never meant as
/// one; a list (or anything but an object) is now refused where it stands, with what was
/// expected in words.
pub(crate) mod object {
    use super::{GameRecord, GameStatus, Player};
    use crownlands_core::{Decider, Phase};
    use serde::de::value::MapAccessDeserializer;
    use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
    use std::fmt;
    use std::marker::PhantomData;

    /// A value a save writes as an object, and what it is in words.
    pub trait Shaped {
        /// What the value is, as a message says what was expected.
        const EXPECTED: &'static str;
    }

    impl Shaped for Player {
        const EXPECTED: &'static str = "a player (an object with `seat`, `name` and `kind`)";
    }

    impl Shaped for GameRecord {
        const EXPECTED: &'static str = "a game (an object with `seed`, `actions` and `status`)";
    }

    impl Shaped for GameStatus {
        const EXPECTED: &'static str =
            "a game's status (an object with `state`: `finished` or `unfinished`)";
    }

    impl Shaped for Decider {
        const EXPECTED: &'static str =
            "what decided the game (an object such as `{\"by\": \"score\"}`)";
    }

    impl Shaped for Phase {
        const EXPECTED: &'static str =
            "what the game waits for (an object such as `{\"phase\": \"place\", \"slot\": 0}`)";
    }

    /// A `T` read from a JSON object only.
    pub struct Object<T>(pub T);

    struct Only<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de> + Shaped> Visitor<'de> for Only<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(T::EXPECTED)
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(MapAccessDeserializer::new(map))
        }
    }

    impl<'de, T: Deserialize<'de> + Shaped> Deserialize<'de> for Object<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Object<T>, D::Error> {
            read(d).map(Object)
        }
    }

    /// A `T` read from a JSON object only (for `deserialize_with`).
    pub fn read<'de, D: Deserializer<'de>, T: Deserialize<'de> + Shaped>(
        d: D,
    ) -> Result<T, D::Error> {
        d.deserialize_any(Only(PhantomData))
    }
}

//! A module's own actions as the core carries them: [`Action::Module`], the module's position in
//! the rules' list ([`ModuleIndex`]) and 24 bits of its own ([`Payload`]) that only the module
//! reads. Each module packs and unpacks its actions ([`ModuleAction`]), and gives their text and
//! their JSON (saves) and reads them back: the core names no module's action.
//!
//! [`Action`] stays four bytes, as before modules had actions of their own (bots copy millions):
//! the tag, the module's position and three bytes of payload. That is why a ruleset lists at
//! most [`MAX_MODULES`] modules and a payload has 24 bits.

use crate::action_text::ActionWord;
use crate::game::Action;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The most modules one rules' list may switch on.
pub const MAX_MODULES: usize = 32;

/// The positions a module may have. An enum of [`MAX_MODULES`] values rather than a `u8`: the
/// values it cannot take are where [`Action`] keeps its other kinds, so an action stays four
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
enum Position {
    P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15,
    P16, P17, P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31,
}

#[rustfmt::skip]
const POSITIONS: [Position; MAX_MODULES] = {
    use Position::*;
    [
        P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15,
        P16, P17, P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31,
    ]
};

/// A module's position in its rules' `modules` list (from 0): which module an
/// [`Action::Module`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleIndex(Position);

impl ModuleIndex {
    /// The module at position `index`, if a list can have one there (below [`MAX_MODULES`]).
    pub const fn new(index: usize) -> Option<ModuleIndex> {
        if index < MAX_MODULES {
            Some(ModuleIndex(POSITIONS[index]))
        } else {
            None
        }
    }

    /// The first position.
    pub const FIRST: ModuleIndex = ModuleIndex(Position::P0);

    /// The position, from 0.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ModuleIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

impl Serialize for ModuleIndex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0 as u8)
    }
}

impl<'de> Deserialize<'de> for ModuleIndex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ModuleIndex, D::Error> {
        let n = u8::deserialize(d)?;
        ModuleIndex::new(usize::from(n)).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "module position {n} is past the last one ({})",
                MAX_MODULES - 1
            ))
        })
    }
}

/// What a module's action carries: 24 bits only the module reads (see [`ModuleAction`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Payload([u8; 3]);

impl Payload {
    /// The largest payload: 24 bits.
    pub const MAX: u32 = 0xFF_FFFF;

    /// `value` as a payload, if it fits in 24 bits.
    #[inline]
    pub const fn new(value: u32) -> Option<Payload> {
        if value <= Payload::MAX {
            let [a, b, c, _] = value.to_le_bytes();
            Some(Payload([a, b, c]))
        } else {
            None
        }
    }

    #[inline]
    pub const fn get(self) -> u32 {
        let [a, b, c] = self.0;
        u32::from_le_bytes([a, b, c, 0])
    }
}

impl fmt::Display for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl Serialize for Payload {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.get())
    }
}

impl<'de> Deserialize<'de> for Payload {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Payload, D::Error> {
        let n = u32::deserialize(d)?;
        Payload::new(n).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "a payload has 24 bits: {n} is past {}",
                Payload::MAX
            ))
        })
    }
}

impl Action {
    /// The payload of a module's action (`None` for the core's actions).
    #[inline]
    pub fn module_payload(self) -> Option<u32> {
        match self {
            Action::Module { payload, .. } => Some(payload.get()),
            _ => None,
        }
    }
}

/// A module's own action type: what its step lets a player do, packed into a [`Payload`] for
/// the core to carry, written and read as text under a keyword of its own, and as JSON (its serde
/// form: saves record actions in it, e.g. `{"action":"tax","square":0}`).
pub trait ModuleAction:
    Copy + Eq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The keyword of its text and how it is written, for messages.
    const WORD: ActionWord;

    /// Other keywords its text may start with, for a module whose actions are of several kinds
    /// (`build@..` and `raze@..`): each unique among the keywords of a rules' list, as
    /// [`ModuleAction::WORD`]'s is. Their text is read by [`ModuleAction::read_word`].
    const MORE_WORDS: &'static [ActionWord] = &[];

    /// Packed for the core: at most [`Payload::MAX`].
    fn to_payload(self) -> u32;

    /// Unpacked; `None` for a payload no action of this type packs to.
    fn from_payload(payload: u32) -> Option<Self>;

    /// The whole text, keyword first (`tax0`).
    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// What follows the keyword, read: `None` unless it is exactly what [`ModuleAction::write`]
    /// writes after it.
    fn read(rest: &str) -> Option<Self>;

    /// An action whose text starts with `keyword` (one of [`ModuleAction::WORD`] and
    /// [`ModuleAction::MORE_WORDS`]), `rest` following it. The default reads
    /// [`ModuleAction::WORD`]'s with [`ModuleAction::read`]; a type with more words reads
    /// theirs here.
    fn read_word(keyword: &str, rest: &str) -> Option<Self> {
        if keyword == Self::WORD.keyword {
            Self::read(rest)
        } else {
            None
        }
    }

    /// This action in the core's form, for the module at `module`.
    fn pack(self, module: ModuleIndex) -> Action {
        let value = self.to_payload();
        // A payload past 24 bits is a bug of the module: a debug build (tests, the conformance
        // suite) stops here; a release one packs the largest instead.
        debug_assert!(
            Payload::new(value).is_some(),
            "the action's payload {value:#x} is past 24 bits (`to_payload` must give at most 0xFFFFFF)"
        );
        Action::Module {
            module,
            payload: Payload::new(value).unwrap_or(Payload([0xFF; 3])),
        }
    }
}

impl crate::game::Game {
    /// `action` as an action of type `A`, when it is one of the module in force whose actions
    /// `A` are (known by their keyword, unique among the modules of a list).
    pub fn module_action<A: ModuleAction>(&self, action: Action) -> Option<A> {
        let Action::Module { module, payload } = action else {
            return None;
        };
        let m = self.modules().get(module.index())?;
        if m.action_word()?.keyword != A::WORD.keyword {
            return None;
        }
        A::from_payload(payload.get())
    }

    /// A typed action in the core's form, for the module in force whose actions `A` are
    /// (`None` when no module of the rules has them).
    pub fn pack<A: ModuleAction>(&self, action: A) -> Option<Action> {
        let i = self.modules().iter().position(|m| {
            m.action_word()
                .is_some_and(|w| w.keyword == A::WORD.keyword)
        })?;
        Some(action.pack(ModuleIndex::new(i)?))
    }
}

/// Where a module lists its legal actions: each action it pushes becomes an [`Action::Module`]
/// of that module.
pub struct ActionSink<'a> {
    module: ModuleIndex,
    out: &'a mut Vec<Action>,
}

impl<'a> ActionSink<'a> {
    pub fn new(module: ModuleIndex, out: &'a mut Vec<Action>) -> ActionSink<'a> {
        ActionSink { module, out }
    }

    /// The module listing.
    pub fn module(&self) -> ModuleIndex {
        self.module
    }

    /// List the action of `payload`.
    pub fn push_payload(&mut self, payload: u32) {
        if let Some(payload) = Payload::new(payload) {
            self.out.push(Action::Module {
                module: self.module,
                payload,
            });
        }
    }

    /// List a typed action.
    pub fn push<A: ModuleAction>(&mut self, action: A) {
        self.out.push(action.pack(self.module));
    }
}

/// The text of a typed action of payload `payload`, or of the raw payload when it does not
/// unpack: for modules implementing [`crate::modules::Module::write_action`].
pub fn write_typed<A: ModuleAction>(payload: u32, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match A::from_payload(payload) {
        Some(a) => a.write(f),
        None => write!(f, "{}?{payload}", A::WORD.keyword),
    }
}

/// The JSON of a typed action (its serde form, fields in their declared order).
pub fn json_of_typed<A: ModuleAction>(payload: u32) -> Option<String> {
    serde_json::to_string(&A::from_payload(payload)?).ok()
}

/// A typed action read from its JSON, packed.
///
/// `Ok(None)` when the JSON is not one of `A`'s kinds (another module's, or the core's), an
/// error when it names one of them but does not read as it (a field out of range, missing or
/// of the wrong type): serde's own words, e.g. "invalid value: integer `128`, expected i8".
pub fn read_typed_json<A: ModuleAction>(json: &str) -> Result<Option<u32>, String> {
    match serde_json::from_str::<A>(json) {
        Ok(a) => Ok(Some(a.to_payload())),
        Err(e) => {
            let e = e.to_string();
            if e.starts_with("unknown variant") || e.starts_with("missing field `action`") {
                Ok(None)
            } else {
                Err(e)
            }
        }
    }
}

/// A square packed in a payload's low 16 bits (its column, then its row, a byte each): the
/// common case of an action that names one square (`stall@X,Y`). [`cell_of_payload`] reads it
/// back.
pub fn cell_payload(cell: crate::Cell) -> u32 {
    u32::from(cell.x as u8) | u32::from(cell.y as u8) << 8
}

/// The square [`cell_payload`] packed; `None` for a payload past 16 bits (none of its).
pub fn cell_of_payload(payload: u32) -> Option<crate::Cell> {
    if payload > 0xFFFF {
        return None;
    }
    let [x, y, _, _] = payload.to_le_bytes();
    Some(crate::Cell::new(x as i8, y as i8))
}

/// `keyword@X,Y`, the text of an action that names one square (`stall@-2,1`).
pub fn write_at_cell(f: &mut fmt::Formatter<'_>, keyword: &str, cell: crate::Cell) -> fmt::Result {
    write!(f, "{keyword}@")?;
    crate::geometry::write_cell(f, cell)
}

/// What follows the keyword in `keyword@X,Y`, read: the square (`None` unless it is exactly
/// what [`write_at_cell`] writes after the keyword).
pub fn read_at_cell(rest: &str) -> Option<crate::Cell> {
    crate::geometry::read_cell(rest.strip_prefix('@')?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_stays_four_bytes() {
        assert_eq!(std::mem::size_of::<Action>(), 4);
        assert_eq!(std::mem::size_of::<Option<Action>>(), 4);
    }

    #[test]
    fn positions_and_payloads_round_trip() {
        for i in 0..MAX_MODULES {
            assert_eq!(ModuleIndex::new(i).map(ModuleIndex::index), Some(i));
        }
        assert_eq!(ModuleIndex::new(MAX_MODULES), None);
        for v in [0, 1, 255, 256, 65_535, 65_536, Payload::MAX] {
            assert_eq!(Payload::new(v).map(Payload::get), Some(v));
        }
        assert_eq!(Payload::new(Payload::MAX + 1), None);
    }

    #[test]
    fn serde_checks_the_ranges() {
        let m: Result<ModuleIndex, _> = serde_json::from_str("32");
        assert!(m.is_err());
        let p: Result<Payload, _> = serde_json::from_str("16777216");
        assert!(p.is_err());
        let a = Action::Module {
            module: ModuleIndex::new(3).unwrap(),
            payload: Payload::new(70_000).unwrap(),
        };
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"action":"module","module":3,"payload":70000}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }

    #[test]
    fn a_square_packs_and_reads_back() {
        use super::{cell_of_payload, cell_payload, read_at_cell};
        for x in -8..=8 {
            for y in -8..=8 {
                let c = crate::Cell::new(x, y);
                assert_eq!(cell_of_payload(cell_payload(c)), Some(c));
                assert_eq!(read_at_cell(&format!("@{x},{y}")), Some(c));
            }
        }
        assert_eq!(cell_of_payload(0x1_0000), None);
        for bad in [
            "", "@", "@1", "@1,", "1,1", "@+1,1", "@-0,1", "@01,1", "@1,1 ",
        ] {
            assert_eq!(read_at_cell(bad), None, "{bad:?}");
        }
    }
}

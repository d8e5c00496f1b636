//! Actions as text: the one form the notation writes its moves in, messages quote actions in and
//! transcripts list them in. The core's actions (claim, place, discard, pass) are written by
//! [`Action`]'s `Display` and read by its `FromStr`; a module's actions ([`Action::Module`]) are
//! written and read by their module, so they need the game (or its rules' modules):
//! [`Game::action_text`] and [`Game::parse_action`] do every kind.
//!
//! An action is one word without spaces: a keyword of lower-case letters and what follows it,
//! or, for a placement, the cell and the direction alone.
//!
//! | Text | Action |
//! | --- | --- |
//! | `c#5` | claim the domino of index 5 in the ruleset's list (from 0) |
//! | `1,-1e` | place the domino to place: first square at x=1, y=-1 (from the castle, y down), second square to its east (`n`, `e`, `s`, `w`) |
//! | `x` | discard the domino to place |
//! | `pass` | end the current optional step |
//! | `tax0`, `tax1` | knights: tax the first (`0`) or second (`1`) square of the domino just placed |
//! | `build2@1,-1` | buildings: build the building of board slot 2 (from 0) on the town square x=1, y=-1 |
//! | `burn4` | dragon: bribe the Dragon to burn the building of board slot 4 (from 0) |
//!
//! Numbers are written as `Display` writes them: decimal, a `-` for negative coordinates, no `+`,
//! no leading zeros. Any other text is refused, so a text that reads is exactly the text its
//! action displays as. A text longer than [`MAX_ACTION_TEXT`] bytes is refused before it is
//! read, so reading takes a bounded time whatever it is given.
//!
//! Each module's actions have a keyword of their own ([`ActionWord`], from
//! [`crate::module_action::ModuleAction::WORD`]), unique among the modules of a list and apart
//! from the core's (checked when a ruleset is built): a new module action needs nothing here.
//! Without its game a module's action displays as `module2:5` (its position and payload), which
//! no reader reads.

use crate::domino::DominoId;
use crate::game::{Action, Game};
use crate::geometry::{Direction, Placement};
use crate::module_action::Payload;
use crate::modules::Module;
use std::fmt;
use std::str::FromStr;

/// The longest action text read, in bytes (the longest action written, `build255@-128,-128`, has
/// 18).
pub const MAX_ACTION_TEXT: usize = 32;

/// A keyword of the action text, and how its actions are written, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionWord {
    /// Lower-case ASCII letters, unique among the keywords.
    pub keyword: &'static str,
    /// How the action is written, for messages: `taxN (tax square N of the domino just placed:
    /// 0 the first, 1 the second)`.
    pub form: &'static str,
    /// An example and what it does, for the list of every kind: `tax0 (tax)`.
    pub example: &'static str,
}

const CLAIM: ActionWord = ActionWord {
    keyword: "c",
    form: "c#N (claim the domino of index N)",
    example: "c#5 (claim)",
};

const DISCARD: ActionWord = ActionWord {
    keyword: "x",
    form: "x (discard)",
    example: "x (discard)",
};

const PASS: ActionWord = ActionWord {
    keyword: "pass",
    form: "pass (end the step)",
    example: "pass (end a step)",
};

/// The core's keywords.
pub const CORE_WORDS: [&ActionWord; 3] = [&CLAIM, &DISCARD, &PASS];

/// How a placement is written, for messages.
const PLACE_FORM: &str = "X,Yd (place: first square at X,Y, whole numbers from -128 to 127, second \
                          square towards d = n, e, s or w)";

/// Why a text is not an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionTextError {
    #[error("no action: the text is empty")]
    Empty,
    #[error("an action is at most {MAX_ACTION_TEXT} bytes long; this text has {0}")]
    TooLong(usize),
    #[error("`{text}` is not an action: expected {forms}")]
    Unknown { text: String, forms: String },
    #[error("`{text}` does not read: write {form}")]
    Malformed { text: String, form: &'static str },
}

/// An example of every kind of the core's actions, for messages: `c#5 (claim), 1,-1e (place), x
/// (discard), pass (end a step)`.
pub fn forms() -> String {
    forms_with(&[])
}

/// An example of every kind of action, the core's then those of `modules`, for messages.
pub fn forms_with(modules: &[Box<dyn Module>]) -> String {
    let mut forms: Vec<&str> = CORE_WORDS.iter().map(|w| w.example).collect();
    forms.insert(1, "1,-1e (place)");
    forms.extend(
        modules
            .iter()
            .flat_map(|m| m.action_words())
            .map(|w| w.example),
    );
    forms.join(", ")
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Claim { domino } => write!(f, "c#{}", domino.0),
            Action::Place { placement } => write_placement(f, placement),
            Action::Discard => f.write_str("x"),
            Action::Pass => f.write_str("pass"),
            Action::Module { module, payload } => write!(f, "module{module}:{payload}"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionTextError;

    /// The core's actions; a module's action is read by [`Game::parse_action`].
    fn from_str(text: &str) -> Result<Action, ActionTextError> {
        read_action(&[], text)
    }
}

/// An action of the core or of `modules` (the rules' list, in order) in text.
pub fn write_action(modules: &[Box<dyn Module>], action: Action) -> String {
    struct Text<'a>(&'a [Box<dyn Module>], Action);
    impl fmt::Display for Text<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.1 {
                Action::Module { module, payload } => match self.0.get(module.index()) {
                    Some(m) => m.write_action(payload.get(), f),
                    None => write!(f, "{}", self.1),
                },
                core => write!(f, "{core}"),
            }
        }
    }
    Text(modules, action).to_string()
}

/// Read an action of the core or of `modules` (the rules' list, in order).
pub fn read_action(modules: &[Box<dyn Module>], text: &str) -> Result<Action, ActionTextError> {
    if text.is_empty() {
        return Err(ActionTextError::Empty);
    }
    if text.len() > MAX_ACTION_TEXT {
        return Err(ActionTextError::TooLong(text.len()));
    }
    let keyword_end = text
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(text.len());
    let (keyword, rest) = text.split_at(keyword_end);
    let malformed = |form| ActionTextError::Malformed {
        text: text.to_string(),
        form,
    };
    let unknown = || ActionTextError::Unknown {
        text: text.to_string(),
        forms: forms_with(modules),
    };
    if keyword.is_empty() {
        return if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
            read_placement(text)
                .map(|placement| Action::Place { placement })
                .ok_or_else(|| malformed(PLACE_FORM))
        } else {
            Err(unknown())
        };
    }
    let core = match keyword {
        "c" => Some((read_claim(rest), CLAIM.form)),
        "x" => Some((rest.is_empty().then_some(Action::Discard), DISCARD.form)),
        "pass" => Some((rest.is_empty().then_some(Action::Pass), PASS.form)),
        _ => None,
    };
    if let Some((action, form)) = core {
        return action.ok_or_else(|| malformed(form));
    }
    for (i, m) in modules.iter().enumerate() {
        let Some(word) = m.action_words().into_iter().find(|w| w.keyword == keyword) else {
            continue;
        };
        return m
            .read_action_word(keyword, rest)
            .and_then(Payload::new)
            .zip(crate::module_action::ModuleIndex::new(i))
            .map(|(payload, module)| Action::Module { module, payload })
            .ok_or_else(|| malformed(word.form));
    }
    Err(unknown())
}

impl Game {
    /// `action` in text (`c#5`, `1,-1e`, `pass`, or a module's own: `tax0`), as the notation
    /// writes it and messages quote it.
    pub fn action_text(&self, action: Action) -> String {
        write_action(self.modules(), action)
    }

    /// Read an action's text: the core's, or one of this game's modules' (see
    /// [`crate::action_text`]).
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionTextError> {
        read_action(self.modules(), text)
    }

    /// An example of every kind of action this game has, for messages.
    pub fn action_forms(&self) -> String {
        forms_with(self.modules())
    }

    /// `action` as JSON, as saves record it: the core's actions in their serde form
    /// (`{"action":"claim","domino":5}`), a module's in its own (`{"action":"tax","square":0}`).
    pub fn action_json(&self, action: Action) -> String {
        if let Action::Module { module, payload } = action
            && let Some(json) = self
                .modules()
                .get(module.index())
                .and_then(|m| m.action_json(payload.get()))
        {
            return json;
        }
        serde_json::to_string(&action).unwrap_or_default()
    }

    /// Read an action's JSON (see [`Game::action_json`]): the core's kinds, then each module's in
    /// list order. When no kind reads it: a module's words when it names one of that module's
    /// kinds (``invalid value: integer `128`, expected i8``), else why the core's kinds do not
    /// (serde's words: ``unknown variant `dragon`, expected one of ...``).
    pub fn action_from_json(&self, json: &str) -> Result<Action, String> {
        let why = match serde_json::from_str::<Action>(json) {
            Ok(Action::Module { .. }) => "unknown variant `module`".to_string(),
            Ok(action) => return Ok(action),
            Err(e) => e.to_string(),
        };
        // A module's own kind that does not read: its words, not the core's "unknown variant"
        // (the kind is known, a field is wrong), once no other module reads it either.
        let mut module_why = None;
        for (i, m) in self.modules().iter().enumerate() {
            match m.read_action_json(json) {
                Ok(Some(payload)) => {
                    let module = crate::module_action::ModuleIndex::new(i);
                    if let (Some(module), Some(payload)) = (module, Payload::new(payload)) {
                        return Ok(Action::Module { module, payload });
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    module_why.get_or_insert(e);
                }
            }
        }
        match module_why {
            Some(e) if why.starts_with("unknown variant") => Err(e),
            _ => Err(why),
        }
    }
}

fn read_claim(rest: &str) -> Option<Action> {
    Some(Action::Claim {
        domino: read_domino(rest)?,
    })
}

/// A domino named by its index in the ruleset's list, as claims write it: `#5`.
pub fn read_domino(text: &str) -> Option<DominoId> {
    number(text.strip_prefix('#')?).map(DominoId)
}

/// `1,-1e`.
pub(crate) fn write_placement(f: &mut fmt::Formatter<'_>, p: Placement) -> fmt::Result {
    write_cell(f, p.first)?;
    write!(f, "{}", p.direction.letter())
}

/// `1,-1e`, read.
pub(crate) fn read_placement(text: &str) -> Option<Placement> {
    let mut chars = text.chars();
    let direction = Direction::from_letter(chars.next_back()?)?;
    Some(Placement::new(read_cell(chars.as_str())?, direction))
}

use crate::geometry::{read_cell, write_cell};
use crate::text::number;

#[cfg(test)]
mod two_words;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::testkit::{ALL, queendomino_like};
    use proptest::prelude::*;

    /// A game of every shipped module: knights (0), buildings (1), queen, dragon (3), wealth.
    fn queendomino() -> Game {
        Game::new(queendomino_like(ALL, 15), 2, 1).expect("setup")
    }

    fn module(index: usize, payload: u32) -> Action {
        Action::Module {
            module: crate::module_action::ModuleIndex::new(index).expect("index"),
            payload: Payload::new(payload).expect("payload"),
        }
    }

    fn every_kind() -> Vec<Action> {
        vec![
            Action::Claim {
                domino: DominoId(0),
            },
            Action::Claim {
                domino: DominoId(u16::MAX),
            },
            Action::Place {
                placement: Placement::new(Cell::new(1, -1), Direction::East),
            },
            Action::Place {
                placement: Placement::new(Cell::new(-128, 127), Direction::North),
            },
            Action::Discard,
            Action::Pass,
            module(0, 0),
            module(0, 1),
            module(1, u32::from_le_bytes([255, 0x80, 0x80, 0])),
            module(3, 4),
        ]
    }

    #[test]
    fn every_kind_of_action_reads_back() {
        let g = queendomino();
        let texts: Vec<String> = every_kind().iter().map(|&a| g.action_text(a)).collect();
        assert_eq!(
            texts,
            [
                "c#0",
                "c#65535",
                "1,-1e",
                "-128,127n",
                "x",
                "pass",
                "tax0",
                "tax1",
                "build255@-128,-128",
                "burn4"
            ]
        );
        for (action, text) in every_kind().into_iter().zip(&texts) {
            assert_eq!(g.parse_action(text), Ok(action), "{text}");
            assert!(text.len() <= MAX_ACTION_TEXT);
        }
    }

    #[test]
    fn the_core_reads_its_own_actions_only() {
        assert_eq!("pass".parse::<Action>(), Ok(Action::Pass));
        assert!(matches!(
            "tax0".parse::<Action>(),
            Err(ActionTextError::Unknown { .. })
        ));
        // Without its game a module's action shows its position and payload, which reads as
        // nothing.
        let a = module(3, 4);
        assert_eq!(a.to_string(), "module3:4");
        assert!(a.to_string().parse::<Action>().is_err());
        assert!(queendomino().parse_action("module3:4").is_err());
    }

    #[test]
    fn actions_as_json_keep_their_form() {
        let g = queendomino();
        for (action, json) in [
            (Action::Pass, r#"{"action":"pass"}"#),
            (
                Action::Claim {
                    domino: DominoId(5),
                },
                r#"{"action":"claim","domino":5}"#,
            ),
            (module(0, 1), r#"{"action":"tax","square":1}"#),
            (
                module(1, u32::from_le_bytes([4, 1, 0, 0])),
                r#"{"action":"build","slot":4,"cell":{"x":1,"y":0}}"#,
            ),
            (module(3, 2), r#"{"action":"burn","slot":2}"#),
        ] {
            assert_eq!(g.action_json(action), json);
            assert_eq!(g.action_from_json(json), Ok(action), "{json}");
        }
        assert!(g.action_from_json(r#"{"action":"bake","slot":2}"#).is_err());
        assert_eq!(
            g.action_from_json(r#"{"action":"module","module":3,"payload":2}"#),
            Err("unknown variant `module`".to_string())
        );
        // A game without the module does not read its actions.
        let plain = Game::new(queendomino_like(&["wealth"], 15), 2, 1).expect("setup");
        let e = plain
            .action_from_json(r#"{"action":"tax","square":1}"#)
            .unwrap_err();
        assert!(e.starts_with("unknown variant `tax`"), "{e}");
        assert!(plain.parse_action("tax1").is_err());
    }

    #[test]
    fn keywords_are_lower_case_and_unique() {
        let g = queendomino();
        let words: Vec<ActionWord> = CORE_WORDS
            .iter()
            .map(|w| **w)
            .chain(g.modules().iter().filter_map(|m| m.action_word()))
            .collect();
        assert_eq!(words.len(), 6);
        for (i, w) in words.iter().enumerate() {
            assert!(w.keyword.bytes().all(|b| b.is_ascii_lowercase()));
            assert!(words[..i].iter().all(|o| o.keyword != w.keyword));
            assert!(g.action_forms().contains(w.example));
            let example = w.example.split(' ').next().unwrap_or_default();
            assert!(g.parse_action(example).is_ok(), "{example}");
        }
    }

    #[test]
    fn only_the_written_form_reads() {
        let g = queendomino();
        for text in [
            "",
            "c",
            "c5",
            "c#",
            "c#-1",
            "c#05",
            "c#65536",
            "c# 5",
            "1,-1",
            "1,-1x",
            "+1,-1e",
            "01,1e",
            "-0,1e",
            "1,1,1e",
            "1;1e",
            "128,0e",
            "xx",
            "x1",
            "pass1",
            "Pass",
            "tax",
            "tax256",
            "tax-0",
            "tax-1",
            "build1",
            "build1@",
            "build1@1",
            "build1@1,2,",
            "build256@0,0",
            "burn",
            "burn256",
            "burn1@0,0",
            "claim",
            "@{\"action\":\"pass\"}",
            " x",
            "x ",
            "e",
            "-",
            "-e",
            "1,e",
        ] {
            assert!(g.parse_action(text).is_err(), "`{text}` read");
        }
        let long = "c#".to_string() + &"1".repeat(100);
        assert_eq!(
            g.parse_action(&long),
            Err(ActionTextError::TooLong(long.len()))
        );
    }

    #[test]
    fn messages_say_what_to_write() {
        let g = queendomino();
        let e = g.parse_action("tax256").unwrap_err().to_string();
        assert_eq!(
            e,
            "`tax256` does not read: write taxN (tax square N of the domino just placed: 0 the \
             first, 1 the second)"
        );
        let e = g.parse_action("hello").unwrap_err().to_string();
        assert_eq!(
            e,
            "`hello` is not an action: expected c#5 (claim), 1,-1e (place), x (discard), pass \
             (end a step), tax0 (tax), build2@1,-1 (build), burn4 (burn)"
        );
        let e = "hello".parse::<Action>().unwrap_err().to_string();
        assert_eq!(
            e,
            "`hello` is not an action: expected c#5 (claim), 1,-1e (place), x (discard), pass \
             (end a step)"
        );
    }

    fn action() -> impl Strategy<Value = Action> {
        prop_oneof![
            any::<u16>().prop_map(|d| Action::Claim {
                domino: DominoId(d)
            }),
            (any::<i8>(), any::<i8>(), 0..4usize).prop_map(|(x, y, d)| Action::Place {
                placement: Placement::new(Cell::new(x, y), Direction::ALL[d])
            }),
            Just(Action::Discard),
            Just(Action::Pass),
            any::<u8>().prop_map(|square| module(0, u32::from(square))),
            (any::<u8>(), any::<i8>(), any::<i8>()).prop_map(|(slot, x, y)| module(
                1,
                u32::from_le_bytes([slot, x as u8, y as u8, 0])
            )),
            any::<u8>().prop_map(|slot| module(3, u32::from(slot))),
        ]
    }

    proptest! {
        #[test]
        fn any_action_reads_back(a in action()) {
            let g = queendomino();
            let text = g.action_text(a);
            prop_assert!(text.len() <= MAX_ACTION_TEXT);
            prop_assert!(!text.contains(char::is_whitespace));
            prop_assert_eq!(g.parse_action(&text), Ok(a));
            prop_assert_eq!(g.action_from_json(&g.action_json(a)), Ok(a));
        }

        /// Any string at all (control characters, any length up to 200): never a panic, and a
        /// text that reads is the one its action writes.
        #[test]
        fn any_string_is_read_safely(text in any::<String>(), long in ".{0,200}") {
            let g = queendomino();
            for text in [text, long] {
                if let Ok(a) = g.parse_action(&text) {
                    prop_assert_eq!(g.action_text(a), text);
                }
            }
        }

        /// Texts near the form: never a panic, and a text that reads is the one its action
        /// writes.
        #[test]
        fn any_text_reads_canonically_or_not_at_all(text in "\\PC{0,40}|[-0-9a-z#@,]{0,24}") {
            let g = queendomino();
            if let Ok(a) = g.parse_action(&text) {
                prop_assert_eq!(g.action_text(a), text);
            }
        }
    }
}

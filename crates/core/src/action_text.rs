//! Actions as text: the one form that [`Action`]'s `Display` writes and its `FromStr` reads. The
//! notation writes its moves in it, messages quote actions in it, transcripts list them in it.
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
//! Each module's actions have a keyword of their own, read by a function of that module (see
//! `ActionWord`): a new module action needs a new keyword there, and nothing else here.

use crate::domino::DominoId;
use crate::game::Action;
use crate::geometry::{Cell, Direction, Placement};
use crate::modules::{buildings, dragon, knights};
use std::fmt;
use std::str::FromStr;

/// The longest action text read, in bytes (the longest action written, `build255@-128,-128`, has
/// 18).
pub const MAX_ACTION_TEXT: usize = 32;

/// A keyword of the action text and the function that reads what follows it.
pub(crate) struct ActionWord {
    /// Lower-case ASCII letters, unique among the keywords.
    pub keyword: &'static str,
    /// How the action is written, for messages: `taxN (tax square N of the domino just placed:
    /// 0 the first, 1 the second)`.
    pub form: &'static str,
    /// An example and what it does, for the list of every kind: `tax0 (tax)`.
    pub example: &'static str,
    /// What follows the keyword, read into the action; `None` when it does not read.
    pub read: fn(&str) -> Option<Action>,
}

const CLAIM: ActionWord = ActionWord {
    keyword: "c",
    form: "c#N (claim the domino of index N)",
    example: "c#5 (claim)",
    read: read_claim,
};

const DISCARD: ActionWord = ActionWord {
    keyword: "x",
    form: "x (discard)",
    example: "x (discard)",
    read: |rest| rest.is_empty().then_some(Action::Discard),
};

const PASS: ActionWord = ActionWord {
    keyword: "pass",
    form: "pass (end the step)",
    example: "pass (end a step)",
    read: |rest| rest.is_empty().then_some(Action::Pass),
};

/// Every keyword: the core's, then each module's.
const WORDS: [&ActionWord; 6] = [
    &CLAIM,
    &DISCARD,
    &PASS,
    &knights::TAX_WORD,
    &buildings::BUILD_WORD,
    &dragon::BURN_WORD,
];

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
    #[error("`{text}` is not an action: expected {}", forms())]
    Unknown { text: String },
    #[error("`{text}` does not read: write {form}")]
    Malformed { text: String, form: &'static str },
}

/// An example of every kind of action, for messages: `c#5 (claim), 1,-1e (place), x (discard),
/// ...`.
pub fn forms() -> String {
    let mut forms: Vec<&str> = WORDS.iter().map(|w| w.example).collect();
    forms.insert(1, "1,-1e (place)");
    forms.join(", ")
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Claim { domino } => write!(f, "c#{}", domino.0),
            Action::Place { placement } => write_placement(f, placement),
            Action::Discard => f.write_str("x"),
            Action::Pass => f.write_str("pass"),
            Action::Tax { square } => knights::write_tax(f, square),
            Action::Build { slot, cell } => buildings::write_build(f, slot, cell),
            Action::Burn { slot } => dragon::write_burn(f, slot),
        }
    }
}

impl FromStr for Action {
    type Err = ActionTextError;

    fn from_str(text: &str) -> Result<Action, ActionTextError> {
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
        if keyword.is_empty() {
            return if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                read_placement(text)
                    .map(|placement| Action::Place { placement })
                    .ok_or_else(|| malformed(PLACE_FORM))
            } else {
                Err(ActionTextError::Unknown {
                    text: text.to_string(),
                })
            };
        }
        match WORDS.iter().find(|w| w.keyword == keyword) {
            Some(word) => (word.read)(rest).ok_or_else(|| malformed(word.form)),
            None => Err(ActionTextError::Unknown {
                text: text.to_string(),
            }),
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

/// `1,-1`.
pub(crate) fn write_cell(f: &mut fmt::Formatter<'_>, c: Cell) -> fmt::Result {
    write!(f, "{},{}", c.x, c.y)
}

/// `1,-1`, read.
pub(crate) fn read_cell(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    Some(Cell::new(number(x)?, number(y)?))
}

/// A whole number as `Display` writes it (decimal, `-` when negative, no `+`, no leading zeros,
/// no `-0`), within the range of `T`.
pub(crate) fn number<T: TryFrom<i64>>(text: &str) -> Option<T> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let canonical = !digits.is_empty()
        && digits.len() <= 6
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && !(negative && digits == "0");
    if !canonical {
        return None;
    }
    let magnitude = digits
        .bytes()
        .fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
    T::try_from(if negative { -magnitude } else { magnitude }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
            Action::Tax { square: 0 },
            Action::Tax { square: 1 },
            Action::Build {
                slot: 255,
                cell: Cell::new(-128, -128),
            },
            Action::Burn { slot: 4 },
        ]
    }

    #[test]
    fn every_kind_of_action_reads_back() {
        let texts: Vec<String> = every_kind().iter().map(Action::to_string).collect();
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
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
            assert!(text.len() <= MAX_ACTION_TEXT);
        }
    }

    #[test]
    fn keywords_are_lower_case_and_unique() {
        for (i, w) in WORDS.iter().enumerate() {
            assert!(w.keyword.bytes().all(|b| b.is_ascii_lowercase()));
            assert!(WORDS[..i].iter().all(|o| o.keyword != w.keyword));
            assert!(forms().contains(w.example));
            let example = w.example.split(' ').next().unwrap_or_default();
            assert!(example.parse::<Action>().is_ok(), "{example}");
        }
    }

    #[test]
    fn only_the_written_form_reads() {
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
            assert!(text.parse::<Action>().is_err(), "`{text}` read");
        }
        let long = "c#".to_string() + &"1".repeat(100);
        assert_eq!(
            long.parse::<Action>(),
            Err(ActionTextError::TooLong(long.len()))
        );
    }

    #[test]
    fn messages_say_what_to_write() {
        let e = "tax256".parse::<Action>().unwrap_err().to_string();
        assert_eq!(
            e,
            "`tax256` does not read: write taxN (tax square N of the domino just placed: 0 the \
             first, 1 the second)"
        );
        let e = "hello".parse::<Action>().unwrap_err().to_string();
        assert_eq!(
            e,
            "`hello` is not an action: expected c#5 (claim), 1,-1e (place), x (discard), pass \
             (end a step), tax0 (tax), build2@1,-1 (build), burn4 (burn)"
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
            any::<u8>().prop_map(|square| Action::Tax { square }),
            (any::<u8>(), any::<i8>(), any::<i8>()).prop_map(|(slot, x, y)| Action::Build {
                slot,
                cell: Cell::new(x, y)
            }),
            any::<u8>().prop_map(|slot| Action::Burn { slot }),
        ]
    }

    proptest! {
        #[test]
        fn any_action_reads_back(a in action()) {
            let text = a.to_string();
            prop_assert!(text.len() <= MAX_ACTION_TEXT);
            prop_assert!(!text.contains(char::is_whitespace));
            prop_assert_eq!(text.parse::<Action>(), Ok(a));
        }

        /// Any string at all (control characters, any length up to 200): never a panic, and a
        /// text that reads is the one its action writes.
        #[test]
        fn any_string_is_read_safely(text in any::<String>(), long in ".{0,200}") {
            for text in [text, long] {
                if let Ok(a) = text.parse::<Action>() {
                    prop_assert_eq!(a.to_string(), text);
                }
            }
        }

        /// Texts near the form: never a panic, and a text that reads is the one its action
        /// writes.
        #[test]
        fn any_text_reads_canonically_or_not_at_all(text in "\\PC{0,40}|[-0-9a-z#@,]{0,24}") {
            if let Ok(a) = text.parse::<Action>() {
                prop_assert_eq!(a.to_string(), text);
            }
        }
    }
}

//! A module whose actions are of two kinds, each with a keyword of its own.

use crate::Game;
use crate::action_text::ActionWord;
use crate::conformance::check;
use crate::module_action::ModuleAction;
use crate::modules::{Actions, Cx, CxMut, Mechanism, NoParams, SetupContext};
use crate::side::Side;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
enum Chime {
    Ring { times: u8 },
    Toll,
}

const TOLL: ActionWord = ActionWord {
    keyword: "toll",
    form: "toll",
    example: "toll (bells)",
};

impl ModuleAction for Chime {
    const WORD: ActionWord = ActionWord {
        keyword: "ring",
        form: "ringN (N from 1 to 3)",
        example: "ring2 (bells)",
    };
    const MORE_WORDS: &'static [ActionWord] = &[TOLL];

    fn to_payload(self) -> u32 {
        match self {
            Chime::Ring { times } => u32::from(times),
            Chime::Toll => 0,
        }
    }
    fn from_payload(payload: u32) -> Option<Chime> {
        match payload {
            0 => Some(Chime::Toll),
            1..=3 => Some(Chime::Ring {
                times: payload as u8,
            }),
            _ => None,
        }
    }
    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Chime::Ring { times } => write!(f, "ring{times}"),
            Chime::Toll => f.write_str("toll"),
        }
    }
    fn read(rest: &str) -> Option<Chime> {
        match rest {
            "1" | "2" | "3" => Some(Chime::Ring {
                times: rest.parse().ok()?,
            }),
            _ => None,
        }
    }
    fn read_word(keyword: &str, rest: &str) -> Option<Chime> {
        match keyword {
            "toll" => rest.is_empty().then_some(Chime::Toll),
            "ring" => Chime::read(rest),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Quiet;

impl crate::modules::ModuleState for Quiet {
    fn clear(&mut self) {}
}

#[derive(Debug)]
struct Bells;

impl Mechanism for Bells {
    const NAME: &'static str = "bells";
    type Params = NoParams;
    type State = Quiet;
    type Action = Chime;

    fn new(_: NoParams) -> Bells {
        Bells
    }
    fn params(&self) -> NoParams {
        NoParams {}
    }
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
    fn has_turn_step(&self) -> bool {
        true
    }
    fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Chime>) {
        out.push(Chime::Ring { times: 2 });
        out.push(Chime::Toll);
    }
    fn apply(
        &self,
        _cx: CxMut<'_>,
        _side: Side,
        _action: Chime,
    ) -> Result<bool, crate::IllegalAction> {
        Ok(false)
    }
}

#[test]
fn each_kind_of_action_reads_under_its_own_keyword() {
    let ruleset = crate::testkit::with_mechanism::<Bells>().expect("valid");
    // Text and JSON of both kinds read back, all along games.
    check(&ruleset, 0..2).unwrap_or_else(|e| panic!("{e}"));
    let g = Game::new(ruleset, 2, 1).expect("setup");
    let toll = g.parse_action("toll").expect("toll reads");
    assert_eq!(g.module_action::<Chime>(toll), Some(Chime::Toll));
    assert_eq!(g.action_text(toll), "toll");
    let ring = g.parse_action("ring3").expect("ring reads");
    assert_eq!(
        g.module_action::<Chime>(ring),
        Some(Chime::Ring { times: 3 })
    );
    let e = g.parse_action("tollx").expect_err("malformed");
    assert!(e.to_string().contains("toll"), "{e}");
    assert!(crate::action_text::forms_with(g.modules()).contains("toll (bells)"));
}

/// A second keyword another module of the list (or the core) has is refused at load.
#[test]
fn a_second_keyword_taken_by_the_core_is_refused() {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    enum Quack {
        Quack,
    }
    impl ModuleAction for Quack {
        const WORD: ActionWord = ActionWord {
            keyword: "quack",
            form: "quack",
            example: "quack",
        };
        const MORE_WORDS: &'static [ActionWord] = &[ActionWord {
            keyword: "pass",
            form: "pass",
            example: "pass",
        }];
        fn to_payload(self) -> u32 {
            0
        }
        fn from_payload(_: u32) -> Option<Quack> {
            Some(Quack::Quack)
        }
        fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("quack")
        }
        fn read(rest: &str) -> Option<Quack> {
            rest.is_empty().then_some(Quack::Quack)
        }
    }
    #[derive(Debug)]
    struct Duck;
    impl Mechanism for Duck {
        const NAME: &'static str = "duck";
        type Params = NoParams;
        type State = Quiet;
        type Action = Quack;
        fn new(_: NoParams) -> Duck {
            Duck
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
            Ok(())
        }
    }
    let problems = crate::testkit::with_mechanism::<Duck>().expect_err("pass is the core's");
    assert!(
        problems
            .to_string()
            .contains("module `duck` writes its actions `pass...`, as the core does"),
        "{problems}"
    );
}

/// A module whose action is written with `KEYWORD`, and which has a step of its own.
macro_rules! honker {
    ($action:ident, $mechanism:ident, $keyword:expr) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        enum $action {
            Honk,
        }
        impl ModuleAction for $action {
            const WORD: ActionWord = ActionWord {
                keyword: $keyword,
                form: "honk",
                example: "honk",
            };
            fn to_payload(self) -> u32 {
                0
            }
            fn from_payload(_: u32) -> Option<$action> {
                Some($action::Honk)
            }
            fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($keyword)
            }
            fn read(rest: &str) -> Option<$action> {
                rest.is_empty().then_some($action::Honk)
            }
        }
        #[derive(Debug)]
        struct $mechanism;
        impl Mechanism for $mechanism {
            const NAME: &'static str = "goose";
            type Params = NoParams;
            type State = Quiet;
            type Action = $action;
            fn new(_: NoParams) -> $mechanism {
                $mechanism
            }
            fn params(&self) -> NoParams {
                NoParams {}
            }
            fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
                Ok(())
            }
            fn has_turn_step(&self) -> bool {
                true
            }
            fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, $action>) {
                out.push($action::Honk);
            }
            fn apply(
                &self,
                _cx: CxMut<'_>,
                _side: Side,
                _action: $action,
            ) -> Result<bool, crate::IllegalAction> {
                Ok(false)
            }
        }
    };
}

/// A keyword the action text could not read back (capitals, other characters, too long, none
/// for actions of a type that has some), is refused at load: its games' saves would not read
/// back (the conformance suite said so, only to those who ran it). `NoAction` has no keyword,
/// rightly (a module with a step of passes alone: the isolation tests' `echo`).
#[test]
fn a_keyword_that_does_not_read_back_is_refused() {
    honker!(Capital, CapitalGoose, "Honk");
    honker!(Dashed, DashedGoose, "ho-nk");
    honker!(Long, LongGoose, "honkhonkhonkhonkh");
    honker!(Nameless, NamelessGoose, "");
    honker!(Fine, FineGoose, "honk");
    let said = |e: crate::Problems| e.to_string();
    for (e, keyword) in [
        (
            crate::testkit::with_mechanism::<CapitalGoose>().map(|_| ()),
            "Honk",
        ),
        (
            crate::testkit::with_mechanism::<DashedGoose>().map(|_| ()),
            "ho-nk",
        ),
        (
            crate::testkit::with_mechanism::<LongGoose>().map(|_| ()),
            "honkhonkhonkhonkh",
        ),
    ] {
        let e = said(e.expect_err("refused"));
        assert!(
            e.contains(&format!(
                "module `goose` writes its actions `{keyword}...`: a keyword is lower-case letters a-z, one to 16 of them"
            )),
            "{e}"
        );
    }
    let e = said(crate::testkit::with_mechanism::<NamelessGoose>().expect_err("refused"));
    assert!(
        e.contains("module `goose` writes its actions `...`: a keyword is lower-case letters"),
        "{e}"
    );
    let ruleset = crate::testkit::with_mechanism::<FineGoose>().expect("sixteen letters or fewer");
    check(&ruleset, 0..2).unwrap_or_else(|e| panic!("{e}"));
}

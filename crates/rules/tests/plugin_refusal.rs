//! A module's step refuses what it does not offer in words that list what it does: its own
//! action it gives no reason for (`IllegalAction::NotNow`), and an action of another kind
//! (`IllegalAction::OtherStep`), with the step's choices as the game lists them.

use crownlands_core::action_text::ActionWord;
use crownlands_core::module_action::ModuleAction;
use crownlands_core::modules::{Actions, Cx, Mechanism, ModuleState, NoParams};
use crownlands_core::{Action, Game, IllegalAction, Phase, Registry, Side};
use crownlands_rules::load_str;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Nothing;

impl ModuleState for Nothing {
    fn clear(&mut self) {}
}

/// `flipN`, a coin of face `N` (0 to 9); in JSON `{"action":"flip","face":N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename = "flip")]
struct Flip {
    face: u8,
}

impl ModuleAction for Flip {
    const WORD: ActionWord = ActionWord {
        keyword: "flip",
        form: "flipN (flip the coin to face N)",
        example: "flip0 (flips)",
    };

    fn to_payload(self) -> u32 {
        u32::from(self.face)
    }

    fn from_payload(payload: u32) -> Option<Flip> {
        u8::try_from(payload)
            .ok()
            .filter(|&n| n < 10)
            .map(|face| Flip { face })
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "flip{}", self.face)
    }

    fn read(rest: &str) -> Option<Flip> {
        match rest.as_bytes() {
            [d @ b'0'..=b'9'] => Some(Flip { face: d - b'0' }),
            _ => None,
        }
    }
}

/// A step offering `faces` flips (`flip0` to the last), and never saying why another is refused.
#[derive(Debug)]
struct Flips<const FACES: u8>;

impl<const FACES: u8> Mechanism for Flips<FACES> {
    const NAME: &'static str = "flips";
    type Params = NoParams;
    type State = Nothing;
    type Action = Flip;

    fn new(_: NoParams) -> Self {
        Flips
    }

    fn params(&self) -> NoParams {
        NoParams {}
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Flip>) {
        for face in 0..FACES {
            out.push(Flip { face });
        }
    }
}

/// A game of Kingdomino with the flips, at its first flips step.
fn at_the_flips<const FACES: u8>() -> Game {
    let mut registry = Registry::shipped();
    registry.add_mechanism::<Flips<FACES>>();
    let ruleset = load_str(
        &registry,
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"flips\"]\n",
        Path::new("flips.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(Arc::new(ruleset), 2, 1).expect("setup");
    let mut rng = crownlands_core::rng::GameRng::seed_from(7);
    while !matches!(game.phase(), Phase::Step { .. }) {
        assert!(!game.is_over(), "no step reached");
        game.play_random(|| rng.next_u32());
    }
    game
}

fn refusal(game: &Game, action: Action) -> IllegalAction {
    let before = game.clone();
    let mut tried = game.clone();
    let e = tried.apply(action).expect_err("refused");
    assert_eq!(tried, before, "a refused action changes nothing");
    assert!(!game.is_legal(action));
    e
}

#[test]
fn a_module_step_lists_its_choices_when_it_refuses() {
    let game = at_the_flips::<2>();
    let flip7 = game.parse_action("flip7").expect("a flip");
    let e = refusal(&game, flip7);
    assert!(matches!(e, IllegalAction::NotNow { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "`flip7` is not possible now (in the flips step: `flip0`, `flip1` or `pass`)"
    );
    let e = refusal(&game, Action::Discard);
    assert_eq!(
        e.to_string(),
        "it is the flips step (`flip0`, `flip1` or `pass`), not the time to discard a domino"
    );
}

#[test]
fn a_long_list_of_choices_is_cut_to_three_and_pass() {
    let game = at_the_flips::<9>();
    let e = refusal(&game, game.parse_action("flip9").expect("a flip"));
    assert_eq!(
        e.to_string(),
        "`flip9` is not possible now (in the flips step: `flip0`, `flip1`, `flip2` or `pass`, of \
         10 choices)"
    );
}

#[test]
fn a_step_of_nothing_but_pass_says_so() {
    let game = at_the_flips::<0>();
    let e = refusal(&game, Action::Discard);
    assert_eq!(
        e.to_string(),
        "it is the flips step (only `pass` is possible), not the time to discard a domino"
    );
}

//! A choice's words measure the choice alone: a module giving a coin as its step opens (a
//! windfall) after the knights' tax does not make the tax read `+3¢ (1¢ bonus)` where it gives
//! 2 (`Cx::change_if_played` played the whole of `apply`, the next step's opening included).

use crownlands_core::modules::{
    CxMut, Declaration, Mechanism, ModuleState, NoAction, NoParams, Res,
};
use crownlands_core::{Game, Registry};
use crownlands_rules::load_str;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Nothing;

impl ModuleState for Nothing {
    fn clear(&mut self) {}
}

/// A step of nothing to choose whose opening gives the acting side a coin.
#[derive(Debug)]
struct Windfall;

const DECLARATION: Declaration = Declaration {
    uses: &["coins"],
    after: &["knights"],
    ..Declaration::NONE
};
const COINS: Res = DECLARATION.res_of("coins");

impl Mechanism for Windfall {
    const NAME: &'static str = "windfall";
    type Params = NoParams;
    type State = Nothing;
    type Action = NoAction;

    fn new(_: NoParams) -> Windfall {
        Windfall
    }

    fn params(&self) -> NoParams {
        NoParams {}
    }

    fn declare(&self) -> Declaration {
        DECLARATION
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn has_begin_step(&self) -> bool {
        true
    }

    fn begin_step(&self, mut cx: CxMut<'_>) {
        if let Some(side) = cx.table().side_to_act() {
            cx.add(side, COINS, 1);
        }
    }
}

#[test]
fn a_tax_reads_as_the_coins_it_gives_not_the_next_steps() {
    let mut registry = Registry::shipped();
    registry.add_mechanism::<Windfall>();
    let ruleset = load_str(
        &registry,
        "extends = \"kingdomino-knights\"\n[rules]\nmodules = [\"knights\", \"wealth\", \"windfall\"]\n",
        Path::new("windfall.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(Arc::new(ruleset), 2, 3).expect("setup");
    let mut rng = crownlands_core::rng::GameRng::seed_from(5);
    let mut taxes = 0;
    while !game.is_over() && taxes < 20 {
        if let Some(view) = game.step_view() {
            for choice in view.choices.iter().filter(|c| c.text.starts_with("Tax ")) {
                // `Tax lake at 1,0: 3 squares, +3¢`: a coin a square of the territory, no
                // buildings to add a bonus.
                let squares: u32 = choice
                    .text
                    .split(": ")
                    .nth(1)
                    .and_then(|t| t.split(' ').next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{}", choice.text));
                assert!(
                    choice.text.ends_with(&format!(", +{squares}¢")),
                    "{}",
                    choice.text
                );
                taxes += 1;
            }
        }
        game.play_random(|| rng.next_u32());
    }
    assert!(taxes > 0, "a tax was offered");
}

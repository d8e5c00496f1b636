//! A module reads only its own state and the resources it declares, a plugin's too: a scoring
//! view stays its module's, and a view asked for another module's state or an undeclared resource
//! by name gets nothing. (Hooks that see the game get a [`super::Table`], which has no module
//! data at all: that part is checked by the compiler.)

use crate::modules::{
    Actions, Cx, Declaration, Mechanism, NoAction, NoParams, NoState, Res, SetupContext, SideView,
};
use crate::ruleset::Rules;
use crate::testkit::{play_until, with_modules_parts};
use crate::*;
use std::sync::Arc;

/// Declares nothing, and tries every way a scoring view offers to see more: 1 point for the
/// knights' state seen through another module's view, the coins read by name otherwise.
#[derive(Debug)]
struct Snoop;

impl Mechanism for Snoop {
    const NAME: &'static str = "snoop";
    type Params = NoParams;
    type State = NoState;
    type Action = NoAction;

    fn new(_: NoParams) -> Snoop {
        Snoop
    }
    fn params(&self) -> NoParams {
        NoParams {}
    }
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        let knights_seen = (0..4).any(|i| {
            side.for_module(i)
                .state::<crate::modules::KnightsState>()
                .is_some()
        });
        let coins = side.resource("coins") + side.for_module(0).resource("coins");
        Some(i32::from(knights_seen) * 1000 + coins as i32)
    }
}

/// Declares that it reads coins: its view reads them, by name too.
#[derive(Debug)]
struct Counter;

impl Mechanism for Counter {
    const NAME: &'static str = "counter";
    type Params = NoParams;
    type State = NoState;
    type Action = NoAction;

    fn new(_: NoParams) -> Counter {
        Counter
    }
    fn params(&self) -> NoParams {
        NoParams {}
    }
    fn declare(&self) -> Declaration {
        Declaration {
            reads: &["coins"],
            ..Declaration::default()
        }
    }
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        // The knights provide coins but do not share their state through them.
        let knights_seen = side
            .shared::<crate::modules::KnightsState>(Res(0))
            .is_some();
        Some(i32::from(knights_seen) * 1000 + side.resource("coins") as i32)
    }
}

/// Asks what passing would change from its own list of actions: the probe lists the actions
/// again, which asks again.
#[derive(Debug)]
struct Echo;

impl Mechanism for Echo {
    const NAME: &'static str = "echo";
    type Params = NoParams;
    type State = NoState;
    type Action = NoAction;

    fn new(_: NoParams) -> Echo {
        Echo
    }
    fn params(&self) -> NoParams {
        NoParams {}
    }
    fn declare(&self) -> Declaration {
        Declaration {
            reads: &["coins"],
            ..Declaration::default()
        }
    }
    fn has_turn_step(&self) -> bool {
        true
    }
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
    fn legal_actions(&self, cx: Cx<'_>, _side: Side, _out: &mut Actions<'_, '_, NoAction>) {
        let _ = cx.change_if_played(Action::Pass, Res(0));
    }
}

/// Shares its state through a resource it does not provide.
#[derive(Debug)]
struct Leaky;

impl Mechanism for Leaky {
    const NAME: &'static str = "leaky";
    type Params = NoParams;
    type State = NoState;
    type Action = NoAction;

    fn new(_: NoParams) -> Leaky {
        Leaky
    }
    fn params(&self) -> NoParams {
        NoParams {}
    }
    fn declare(&self) -> Declaration {
        Declaration {
            provides: &["gold"],
            shares: &["silver"],
            ..Declaration::default()
        }
    }
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn a_probe_asked_for_inside_a_probe_answers_nothing() {
    let mut registry = Registry::shipped();
    registry.add_mechanism::<Echo>();
    let parts = with_modules_parts(
        ["knights", "echo"]
            .into_iter()
            .map(modules::ModuleSpec::new)
            .collect(),
    );
    let ruleset = Arc::new(Ruleset::with_registry(parts, &registry).expect("valid"));
    let mut g = Game::new(ruleset, 2, 1).expect("setup");
    let mut state = 5;
    // Every step lists its actions (echo's included) and is played: the game ends.
    assert!(!play_until(&mut g, &mut state, |_| false));
    assert!(g.is_over());
}

#[test]
fn a_module_shares_its_state_only_through_what_it_provides() {
    let problems = crate::testkit::with_mechanism::<Leaky>().expect_err("refused");
    assert!(
        problems.to_string().contains(
            "module `leaky` shares its state through `silver`, which it does not provide"
        ),
        "{problems}"
    );
}

#[test]
fn a_module_sees_only_its_own_state_and_declared_resources() {
    let mut registry = Registry::shipped();
    registry.add_mechanism::<Snoop>();
    registry.add_mechanism::<Counter>();
    let parts = with_modules_parts(
        ["knights", "snoop", "counter"]
            .into_iter()
            .map(modules::ModuleSpec::new)
            .collect(),
    );
    let ruleset = Arc::new(Ruleset::with_registry(parts, &registry).expect("valid"));
    let mut g = Game::new(ruleset, 2, 3).expect("setup");
    let mut state = 11;
    assert!(play_until(&mut g, &mut state, |g| g
        .resource(Side(0), "coins")
        > 0));
    let coins = g.resource(Side(0), "coins");
    let items = |g: &Game| {
        g.score(Side(0))
            .bonuses
            .iter()
            .map(|b| (b.key.clone(), b.points))
            .collect::<Vec<_>>()
    };
    let view = g.side_view(Side(0));
    // The core's view reads every resource by name; a module's only its own.
    assert_eq!(view.resource("coins"), coins);
    let list = view.list();
    let points = |i: usize| list.modules()[i].points(g.rules(), view.for_module(i));
    assert_eq!(points(1), 0, "the snoop saw nothing: {:?}", items(&g));
    assert_eq!(
        points(2),
        coins as i32,
        "the counter reads what it declares"
    );
    // The same through the game's own totals.
    assert_eq!(
        g.score_total(Side(0)),
        crate::score::score_total(g.kingdom(Side(0)), g.rules())
            + list.modules()[0].points(g.rules(), view.for_module(0))
            + coins as i32
    );
}

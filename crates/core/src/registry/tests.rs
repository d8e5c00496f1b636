use super::*;
use crate::modules::ModuleSpec;

#[test]
fn the_shipped_registry_builds_every_shipped_module_by_name() {
    let registry = Registry::shipped();
    assert_eq!(
        registry.module_names(),
        [
            "knights",
            "buildings",
            "queen",
            "dragon",
            "wealth",
            "claim-order",
            "terrain-multipliers",
            "goals",
            "handicap",
            "majority"
        ]
    );
    for name in registry.module_names() {
        let module = registry
            .build_module(&ModuleSpec::new(name))
            .expect("builds with its defaults");
        assert_eq!(module.name(), name);
    }
}

#[test]
fn an_unknown_name_lists_what_the_registry_knows() {
    let mut registry = Registry::empty();
    let err = registry
        .build_module(&ModuleSpec::new("knights"))
        .expect_err("an empty registry knows nothing");
    assert_eq!(err.to_string(), "unknown module `knights`; known modules: ");
    registry.add_module("wealth", |spec| Registry::shipped_ref().build_module(spec));
    let err = registry
        .build_module(&ModuleSpec::new("fairs"))
        .expect_err("not registered");
    assert_eq!(
        err.to_string(),
        "unknown module `fairs`; known modules: wealth"
    );
}

#[test]
fn a_module_replaced_on_purpose_takes_the_name() {
    let mut registry = Registry::shipped();
    registry.replace_module("knights", |spec| {
        Registry::shipped_ref().build_module(&ModuleSpec {
            name: "wealth".into(),
            params: spec.params.clone(),
        })
    });
    assert_eq!(registry.module_names().len(), 10, "no second `knights`");
    let module = registry
        .build_module(&ModuleSpec::new("knights"))
        .expect("the new factory");
    assert_eq!(module.name(), "wealth");
}

#[test]
#[should_panic(expected = "a module named `knights` is registered already")]
fn a_module_added_under_a_taken_name_is_refused() {
    // It replaced the shipped knights unseen: Queendomino then failed on their parameters.
    Registry::shipped().add_module("knights", |spec| Registry::shipped_ref().build_module(spec));
}

#[test]
#[should_panic(expected = "no module named `knigths` to replace")]
fn replacing_a_module_no_one_registered_is_refused() {
    Registry::shipped()
        .replace_module("knigths", |spec| Registry::shipped_ref().build_module(spec));
}

#[test]
fn names_registered_are_plain() {
    for bad in ["Bad Name", "", "knights!", "9lives", "x".repeat(33).leak()] {
        let name: &'static str = bad;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Registry::empty().add_module(name, |spec| Registry::shipped_ref().build_module(spec));
        }));
        assert!(r.is_err(), "{name:?} registered");
    }
    for bad in ["My Rules", "rules/x", "x.toml"] {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Registry::empty().add_ruleset(bad, "");
        }));
        assert!(r.is_err(), "{bad:?} registered");
    }
    let mut r = Registry::empty();
    r.add_ruleset("tiny", "")
        .add_module("gold-2", |spec| Registry::shipped_ref().build_module(spec));
    let again = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        r.add_ruleset("tiny", "");
    }));
    assert!(again.is_err(), "a ruleset registered twice");
}

/// A house line source: no shuffle, the dominoes dealt in number order (lowest lines first).
struct InOrder;

impl crate::lines::LineDealer for InOrder {
    fn problems(&self, ctx: &crate::lines::DealContext<'_>) -> Vec<crate::RulesProblem> {
        if ctx.rules.lines.order.is_empty() {
            Vec::new()
        } else {
            vec![crate::RulesProblem::AlternateBox(ctx.rules.lines.order[0])]
        }
    }

    fn deal(
        &self,
        ctx: &crate::lines::DealContext<'_>,
        _rng: &mut crate::rng::GameRng,
        deck: &mut Vec<crate::DominoId>,
    ) {
        deck.extend((0..ctx.dominoes.len() as u16).map(crate::DominoId));
        deck.sort_by_key(|d| ctx.dominoes[d.index()].number);
    }
}

fn in_order_parts() -> crate::RulesetParts {
    let mut parts = crate::testkit::kingdomino_parts();
    for (_, rules) in &mut parts.player_counts {
        rules.lines = crate::LineSource {
            kind: "in-order".into(),
            order: Vec::new(),
        };
    }
    parts
}

#[test]
fn the_shipped_registry_has_the_mixed_and_alternate_line_sources() {
    assert_eq!(
        Registry::shipped_ref().line_source_names(),
        ["mixed", "alternate"]
    );
}

#[test]
fn a_line_source_of_its_own_deals_the_lines_of_every_game() {
    let mut registry = Registry::shipped();
    registry.add_line_source("in-order", std::sync::Arc::new(InOrder));
    let ruleset = std::sync::Arc::new(
        crate::Ruleset::with_registry(in_order_parts(), &registry).expect("the source is known"),
    );
    for seed in [1, 2, 99] {
        let game = crate::Game::new(ruleset.clone(), 2, seed).expect("sets up");
        let numbers: Vec<u16> = game
            .next_line()
            .iter()
            .map(|s| game.domino(s.domino).number)
            .collect();
        assert_eq!(
            numbers,
            [1, 2, 3, 4],
            "seed {seed}: the lowest dominoes first"
        );
    }
    // Its problems are reported as the ruleset's.
    let mut parts = in_order_parts();
    parts.player_counts[0].1.lines.order = vec![7];
    let err = crate::Ruleset::with_registry(parts, &registry).expect_err("refused");
    assert!(err.to_string().contains("box #7"), "{err}");
}

#[test]
fn a_line_source_the_registry_does_not_know_is_refused() {
    let err = crate::Ruleset::with_registry(in_order_parts(), Registry::shipped_ref())
        .expect_err("not registered");
    let text = err.to_string();
    assert!(
        text.contains("unknown line source `in-order`; known line sources: mixed, alternate"),
        "{text}"
    );
}

/// A house seating: teammates sit across the table (seat `s` plays for side `s % sides`).
use crate::testkit::Across;

/// A broken seating: everyone on the first side.
struct AllFirst;

impl crate::Teams for AllFirst {
    fn side_of(&self, _seat: crate::Seat, _players: u8, _team_size: u8) -> crate::Side {
        crate::Side(0)
    }
}

fn teams_parts(name: &str) -> crate::RulesetParts {
    let mut parts = crate::testkit::royal_wedding(true)
        .as_ref()
        .clone()
        .into_parts();
    for (_, rules) in &mut parts.player_counts {
        rules.teams = name.into();
    }
    parts
}

#[test]
fn the_shipped_seating_puts_teammates_side_by_side() {
    assert_eq!(
        Registry::shipped_ref().teams_names(),
        ["side-by-side", "alternating"]
    );
    let ruleset = crate::testkit::royal_wedding(true);
    let sides: Vec<u8> = crate::Seat::all(6)
        .map(|s| ruleset.side_of(6, s).expect("a seat").0)
        .collect();
    assert_eq!(sides, [0, 0, 1, 1, 2, 2]);
    assert_eq!(
        ruleset.side_of(5, crate::Seat(0)),
        None,
        "no 5-player rules"
    );
}

#[test]
fn a_seating_of_its_own_decides_who_shares_a_kingdom() {
    let mut registry = Registry::shipped();
    registry.add_teams("across", std::sync::Arc::new(Across));
    let ruleset = std::sync::Arc::new(
        crate::Ruleset::with_registry(teams_parts("across"), &registry).expect("known"),
    );
    let mut game = crate::Game::new(ruleset.clone(), 6, 3).expect("sets up");
    let sides: Vec<u8> = game.seats().map(|s| game.side_of(s).0).collect();
    assert_eq!(sides, [0, 1, 2, 0, 1, 2]);
    assert_eq!(game.sides(), 3);
    // A whole game plays, each king's moves landing in its team's kingdom.
    crate::testkit::play_out(&mut game, 5);
    assert!(game.is_over());

    // A seating that leaves sides without a team is refused, at the ruleset's build.
    registry.add_teams("all-first", std::sync::Arc::new(AllFirst));
    let err = crate::Ruleset::with_registry(teams_parts("all-first"), &registry)
        .expect_err("side 2 has no one")
        .to_string();
    assert!(
        err.contains("seating `all-first`: side 1 has 6 seats, not a team of 2"),
        "{err}"
    );
    let err = crate::Ruleset::with_registry(teams_parts("across"), Registry::shipped_ref())
        .expect_err("not registered")
        .to_string();
    assert!(
        err.contains(
            "unknown seating of teams `across`; known seatings: side-by-side, alternating"
        ),
        "{err}"
    );
}

/// Every whole-number parameter of a shipped module gives its range in the schema, from its
/// type (`Bounded`), and every list its length: a parameter written as a bare number would
/// read any value.
#[test]
fn every_shipped_parameter_gives_its_range() {
    fn check(module: &str, key: &str, schema: &serde_json::Value) {
        match schema.get("type").and_then(|t| t.as_str()) {
            Some("integer") => assert!(
                schema.get("minimum").is_some() && schema.get("maximum").is_some(),
                "{module}.{key}: {schema}"
            ),
            Some("array") => {
                assert!(
                    schema.get("minItems").is_some() && schema.get("maxItems").is_some(),
                    "{module}.{key}: {schema}"
                );
                if let Some(items) = schema.get("items") {
                    check(module, key, items);
                }
            }
            _ => {}
        }
    }
    let schemas = Registry::shipped().params_schemas();
    assert!(schemas.len() >= 5, "{schemas:?}");
    let mut numbers = 0;
    for (module, schema) in &schemas {
        let Some(props) = schema.get("properties").and_then(|p| p.as_object()) else {
            continue;
        };
        for (key, s) in props {
            numbers += usize::from(s.get("type").is_some_and(|t| t != "string"));
            check(module, key, s);
        }
    }
    assert!(numbers >= 10, "{numbers}");
}

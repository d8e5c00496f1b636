use super::*;
use crate::modules::ModuleSpec;

#[test]
fn the_shipped_registry_builds_every_shipped_module_by_name() {
    let registry = Registry::shipped();
    assert_eq!(
        registry.module_names(),
        ["knights", "buildings", "queen", "dragon", "wealth"]
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
fn a_module_registered_again_replaces_the_first() {
    let mut registry = Registry::shipped();
    registry.add_module("knights", |spec| {
        Registry::shipped_ref().build_module(&ModuleSpec {
            name: "wealth".into(),
            params: spec.params.clone(),
        })
    });
    assert_eq!(registry.module_names().len(), 5, "no second `knights`");
    let module = registry
        .build_module(&ModuleSpec::new("knights"))
        .expect("the new factory");
    assert_eq!(module.name(), "wealth");
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

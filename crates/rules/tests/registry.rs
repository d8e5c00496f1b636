//! The loader knows the modules of the registry it is given, and only those.

mod common;

use common::find_module;
use crownlands_core::Registry;
use std::path::Path;

#[test]
fn a_ruleset_may_name_only_the_modules_of_the_registry_it_is_loaded_with() {
    let text = "name = \"k\"\nextends = \"kingdomino-knights\"\n";
    let shipped = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("k.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(shipped.name(), "k");

    // A registry with wealth alone: the knights the ruleset names are unknown to it.
    let mut only_wealth = Registry::empty();
    only_wealth.add_module("wealth", |spec| Registry::shipped_ref().build_module(spec));
    let e = crownlands_rules::load_str(&only_wealth, text, Path::new("k.toml"))
        .expect_err("knights are not registered");
    let e = e.to_string();
    assert!(
        e.contains("unknown module `knights`; known modules: wealth"),
        "{e}"
    );

    // A module registered under a name of its own is known by that name.
    let mut renamed = Registry::shipped();
    renamed.add_module("taxmen", |spec| {
        Registry::shipped_ref().build_module(&crownlands_core::modules::ModuleSpec {
            name: "knights".into(),
            params: spec.params.clone(),
        })
    });
    let text = "name = \"t\"\nextends = \"kingdomino\"\n[rules]\nmodules = [\"taxmen\"]\n";
    crownlands_rules::load_str(&renamed, text, Path::new("t.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("t.toml"))
        .expect_err("the shipped registry has no taxmen")
        .to_string();
    assert!(e.contains("unknown module `taxmen`"), "{e}");
}

/// A house line source: every box's dominoes in number order, no shuffle.
struct InOrder;

impl crownlands_core::LineDealer for InOrder {
    fn deal(
        &self,
        ctx: &crownlands_core::lines::DealContext<'_>,
        _rng: &mut crownlands_core::rng::GameRng,
        deck: &mut Vec<crownlands_core::DominoId>,
    ) {
        deck.extend((0..ctx.dominoes.len() as u16).map(crownlands_core::DominoId));
        deck.sort_by_key(|d| ctx.dominoes[d.index()].number);
    }
}

#[test]
fn a_ruleset_names_a_line_source_of_the_registry_by_its_lines_key() {
    let text = "name = \"o\"\nextends = \"kingdomino\"\n[rules]\nlines = \"in-order\"\n";
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("o.toml"))
        .expect_err("the shipped registry has no such line source")
        .to_string();
    assert!(e.contains("o.toml:4:"), "at the `lines` key: {e}");
    assert!(
        e.contains("unknown line source `in-order`; known line sources: mixed, alternate"),
        "{e}"
    );
    let near = text.replace("in-order", "alternat");
    let e = crownlands_rules::load_str(Registry::shipped_ref(), &near, Path::new("o.toml"))
        .expect_err("a typo")
        .to_string();
    assert!(e.contains("did you mean `alternate`?"), "{e}");

    let mut registry = Registry::shipped();
    registry.add_line_source("in-order", std::sync::Arc::new(InOrder));
    let ruleset = std::sync::Arc::new(
        crownlands_rules::load_str(&registry, text, Path::new("o.toml"))
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let game = crownlands_core::Game::new(ruleset.clone(), 2, 7).expect("sets up");
    let numbers: Vec<u16> = game
        .next_line()
        .iter()
        .map(|s| game.domino(s.domino).number)
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    // Printed back with its name, so it loads again through the same registry.
    let printed = crownlands_rules::to_toml(&ruleset, None);
    assert!(printed.contains("lines = \"in-order\""), "{printed}");
}

// A house seating: teammates sit across the table.
use crownlands_core::testkit::Across;

#[test]
fn a_ruleset_names_a_seating_of_the_registry_by_its_teams_key() {
    let text = "name = \"x\"\nextends = \"royal-wedding-teams\"\n[rules]\nteams = \"across\"\n";
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("x.toml"))
        .expect_err("the shipped registry has no such seating")
        .to_string();
    assert!(e.contains("x.toml:4:"), "at the `teams` key: {e}");
    assert!(
        e.contains("unknown seating of teams `across`; known seatings: side-by-side, alternating"),
        "{e}"
    );
    let mut registry = Registry::shipped();
    registry.add_teams("across", std::sync::Arc::new(Across));
    let ruleset = crownlands_rules::load_str(&registry, text, Path::new("x.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let sides: Vec<u8> = crownlands_core::Seat::all(8)
        .map(|s| ruleset.side_of(8, s).expect("8 players").0)
        .collect();
    assert_eq!(sides, [0, 1, 2, 3, 0, 1, 2, 3]);
    let printed = crownlands_rules::to_toml(&ruleset, None);
    assert!(printed.contains("teams = \"across\""), "{printed}");
    // The shipped seating is the default, and not written.
    let shipped = crownlands_rules::load(Registry::shipped_ref(), "royal-wedding-teams")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!crownlands_rules::to_toml(&shipped, None).contains("teams ="));
}

/// The ruleset schema describes each registered module's parameters from its own type: keys,
/// ranges and defaults; a registry without a module leaves its table undescribed.
#[test]
fn the_ruleset_schema_describes_the_parameters_of_the_registry_s_modules() {
    let schema: serde_json::Value = serde_json::from_str(&crownlands_rules::ruleset_schema_with(
        Registry::shipped_ref(),
    ))
    .expect("JSON");
    let text = schema.to_string();
    for key in [
        "per-turn",
        "slot-prices",
        "uses-per-round",
        "coins-per-point",
        "discount",
    ] {
        assert!(text.contains(&format!("\"{key}\"")), "{key}");
    }
    let knights = find_module(&schema, "knights").expect("knights' parameters");
    assert_eq!(knights["properties"]["per-turn"]["maximum"], 2);
    assert_eq!(knights["properties"]["supply"]["default"], 22);
    assert_eq!(knights["additionalProperties"], false);
    // The `modules` lists name the registry's modules, so an editor flags a misspelt one.
    let rules = &schema["$defs"]["RulesPatch"]["properties"]["modules"];
    let names = Registry::shipped_ref().module_names();
    assert_eq!(rules["items"]["enum"], serde_json::json!(names), "{rules}");
    assert!(
        rules["description"]
            .as_str()
            .is_some_and(|d| d.contains("`knights`, ") && d.contains("`wealth`")),
        "{rules}"
    );
    let empty: serde_json::Value =
        serde_json::from_str(&crownlands_rules::ruleset_schema_with(&Registry::empty()))
            .expect("JSON");
    assert!(find_module(&empty, "knights").is_none());
}

/// A crate ships a ruleset by name with its registry: loaded by name, extended by name, listed;
/// a shipped name stays the shipped ruleset's.
#[test]
fn a_registry_ships_rulesets_by_name() {
    let mut r = Registry::shipped();
    r.add_ruleset(
        "tiny",
        "description = \"Tiny\"\nextends = \"kingdomino\"\n[rules]\ngrid-size = 3\n",
    );
    r.add_ruleset("kingdomino", "not toml at all [");
    let tiny = crownlands_rules::load(&r, "tiny").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tiny.rules_for(2).expect("2").grid_size, 3);
    assert_eq!(tiny.description(), "Tiny");
    let house = crownlands_rules::load_str(
        &r,
        "extends = \"tiny\"\n[rules]\ngrid-size = 5\n",
        std::path::Path::new("house.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(house.rules_for(2).expect("2").grid_size, 5);
    assert!(crownlands_rules::ruleset_names(&r).contains(&"tiny".to_string()));
    assert!(
        crownlands_rules::rulesets(&r)
            .iter()
            .any(|s| s.name == "tiny" && s.description == "Tiny")
    );
    crownlands_rules::load(&r, "kingdomino").expect("the shipped kingdomino, not the registry's");
    // Without the registry that ships it, the name is unknown.
    assert!(crownlands_rules::load(Registry::shipped_ref(), "tiny").is_err());
}

#[test]
fn a_registered_ruleset_that_does_not_load_says_so_in_the_list() {
    let mut r = Registry::shipped();
    r.add_ruleset(
        "broken",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = \"big\"\n",
    );
    let listed = crownlands_rules::rulesets(&r);
    let broken = listed.iter().find(|s| s.name == "broken").expect("listed");
    assert_eq!(
        broken.description,
        "(does not load: `validate broken` says why)"
    );
    // Its problem is placed in the crate's registered text, not in a shipped file.
    let said = crownlands_rules::load(&r, "broken")
        .expect_err("does not load")
        .to_string();
    assert!(said.contains("<registered>/broken.toml:3:"), "{said}");
}

#[test]
fn a_registered_ruleset_named_gets_the_warnings_a_file_would() {
    // `validate NAME` checks a crate's own ruleset: its warnings are its author's to fix.
    let mut r = Registry::shipped();
    r.add_ruleset(
        "boxed",
        "extends = \"royal-wedding\"\nbox = \"kingdomno\"\n[rules]\nlines = \"mixed\"\nline-order = [\"kingdomino\"]\n",
    );
    let w: Vec<String> = crownlands_rules::warnings(&r, "boxed")
        .iter()
        .map(ToString::to_string)
        .collect();
    let all = w.join("\n");
    assert!(
        all.contains("`box` names the box this file's own dominoes"),
        "{all}"
    );
    assert!(all.contains("`line-order` has no effect"), "{all}");
    // A file extending it is not warned of what the crate's file says.
    let text = "extends = \"boxed\"\nname = \"mine\"\n";
    let checked = crownlands_rules::check_str(&r, text, Path::new("mine.toml"));
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
}

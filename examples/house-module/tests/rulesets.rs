//! The markets ruleset through the binary: `validate`, `show`, and refusal without coins.

mod common;

use common::*;

#[test]
fn the_ruleset_validates_with_the_markets_binary() {
    let r = run(&["validate".as_ref(), markets_toml().as_os_str()]).ok();
    assert!(r.stdout.contains("ok: ruleset markets"), "{}", r.stdout);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
}

#[test]
fn the_ruleset_the_binary_ships_validates_by_name() {
    // A crate's own ruleset is not checked as Crownlands is built: `validate NAME` checks it
    // (it said "no file here but a shipped ruleset's name ... checked as they are built").
    let r = run(&["validate", "markets"]).ok();
    assert!(
        r.stdout
            .contains("markets (registered by this build): ok: ruleset markets"),
        "{}",
        r.stdout
    );
    // Crownlands' own shipped names still say what they are.
    let r = run(&["validate", "kingdomino"]).fails();
    assert!(
        r.stderr.contains("a shipped ruleset's name"),
        "{}",
        r.stderr
    );
}

#[test]
fn show_prints_the_markets_and_what_they_extend() {
    let r = run(&["show".as_ref(), markets_toml().as_os_str()]).ok();
    let text = &r.stdout;
    assert!(
        text.contains(r#"modules = ["knights", "wealth", "markets"]"#),
        "{text}"
    );
    for line in [
        "module.markets = {",
        "price = 2",
        "min-squares = 3",
        "stalls = 3",
    ] {
        assert!(text.contains(line), "{line} missing:\n{text}");
    }
    // What the file leaves at its default, named in a comment (the keys stay the file's).
    assert!(
        text.contains("#   module.markets.points-per-square = 1\n"),
        "{text}"
    );
    // What it extends: the knights' and wealth's parameters, the Kingdomino dominoes.
    assert!(text.contains("starting-coins = 7"), "{text}");
    assert!(text.contains("number = 48"), "{text}");
    // What `show` prints loads again as it is.
    let again = temp_file("shown.toml", text);
    run(&["validate".as_ref(), again.as_os_str()]).ok();
}

#[test]
fn without_a_coin_provider_the_ruleset_is_refused_at_modules() {
    let file = temp_file(
        "no-coins.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"markets\"]\n",
    );
    let r = run(&["validate".as_ref(), file.as_os_str()]).fails();
    assert!(
        r.stderr.contains("no-coins.toml:3:12:")
            && r.stderr.contains("module `markets` needs `coins`")
            && r.stderr.contains("`knights` or `wealth` provide it"),
        "{}",
        r.stderr
    );
    // A misspelt tie-break on the markets' own resource is reported beside it, not hidden by
    // it: every problem at once.
    let both = temp_file(
        "no-coins-tie.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"markets\"]\ntie-breaks = [\"most-stall\"]\n",
    );
    let r = run(&["validate".as_ref(), both.as_os_str()]).fails();
    assert!(
        r.stderr.contains("module `markets` needs `coins`")
            && r.stderr.contains("no-coins-tie.toml:4:15:")
            && r.stderr.contains("did you mean `most-stalls`?"),
        "{}",
        r.stderr
    );
    // With a coin provider the same list is fine.
    let with = temp_file(
        "with-coins.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\", \"markets\"]\n",
    );
    run(&["validate".as_ref(), with.as_os_str()]).ok();
}

#[test]
fn a_bad_parameter_is_reported_at_its_key() {
    let file = temp_file_beside_markets(
        "bad-price.toml",
        "extends = \"markets.toml\"\n[rules.module.markets]\nprice = -1\nstall = 2\n",
    );
    let r = run(&["validate".as_ref(), file.as_os_str()]).fails();
    assert!(r.stderr.contains("bad-price.toml:3:"), "{}", r.stderr);
    assert!(r.stderr.contains("bad-price.toml:4:"), "{}", r.stderr);
    assert!(r.stderr.contains("`stall`"), "{}", r.stderr);
}

#[test]
fn the_shipped_registry_does_not_know_markets() {
    let err = crownlands_rules::load(
        crownlands_core::Registry::shipped_ref(),
        &markets_toml().display().to_string(),
    )
    .expect_err("the shipped modules lack markets");
    assert!(
        err.to_string().contains("unknown module `markets`"),
        "{err}"
    );
    crownlands_rules::load(
        &crownlands_house_module::registry(),
        &markets_toml().display().to_string(),
    )
    .expect("loads with markets registered");
}

#[test]
fn no_stalls_at_all_is_a_warning_not_an_error() {
    let file = temp_file_beside_markets(
        "no-stalls.toml",
        "extends = \"markets.toml\"\n[rules.module.markets]\nstalls = 0\n",
    );
    let r = run(&["validate".as_ref(), file.as_os_str()]).ok();
    assert!(
        r.stderr
            .contains("module `markets` can never act: no side can ever put up a stall"),
        "{}",
        r.stderr
    );
    run(&[
        "validate".as_ref(),
        "--deny-warnings".as_ref(),
        file.as_os_str(),
    ])
    .fails();
}

/// Parameters no game can meet are warned of at each, as the shipped modules' are.
#[test]
fn a_territory_larger_than_the_grid_and_stalls_worth_nothing_are_warned_of() {
    let file = temp_file_beside_markets(
        "never.toml",
        "extends = \"markets.toml\"\n[rules.module.markets]\nmin-squares = 30\npoints-per-square = 0\n",
    );
    let r = run(&["validate".as_ref(), file.as_os_str()]).ok();
    for message in [
        "never.toml:3:15: module `markets`: no territory of a 5x5 kingdom has 30 squares (at most 24 besides the castle), so no stall is ever put up",
        "never.toml:4:21: module `markets`: a stall scores nothing: `points-per-square` is 0",
    ] {
        assert!(r.stderr.contains(message), "{message}\n{}", r.stderr);
    }
}

#[test]
fn parameters_read_by_serde_report_each_problem_and_reach_the_schema() {
    let file = temp_file_beside_markets(
        "params.toml",
        "extends = \"markets.toml\"\n[rules.module.markets]\nprice = \"two\"\nstall = 2\nstalls = 99\n",
    );
    let r = run(&["validate".as_ref(), file.as_os_str()]).fails();
    for message in [
        "params.toml:3:9: module `markets`: `price` must be a whole number, not \"two\"",
        "params.toml:4:1: module `markets`: unknown parameter `stall` (did you mean `stalls`?); expected one of: price, min-squares, stalls, points-per-square",
        "params.toml:5:10: module `markets`: `stalls` must be from 0 to 40, not 99",
    ] {
        assert!(r.stderr.contains(message), "{message}\n{}", r.stderr);
    }
    let schema = run(&["schema", "ruleset"]).ok();
    assert!(
        schema.stdout.contains("\"min-squares\""),
        "{}",
        schema.stdout
    );
}

/// `markets.toml` names this crate's own schema for editors (`#:schema ./schema/ruleset.json`),
/// the one `crownlands-markets schema` prints, which knows `markets` and its parameters (the
/// shipped one lists only the shipped modules); a test keeps the file as the binary prints it.
/// Regenerate with `CROWNLANDS_UPDATE_SCHEMA=1 cargo test -p crownlands-house-module`.
#[test]
fn the_crates_schema_file_is_the_one_its_binary_prints() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let markets = std::fs::read_to_string(dir.join("markets.toml")).expect("markets.toml");
    assert!(
        markets.starts_with("#:schema ./schema/ruleset.json\n"),
        "{}",
        markets.lines().next().unwrap_or_default()
    );
    let printed = run(&["schema", "ruleset"]).ok().stdout;
    let path = dir.join("schema/ruleset.json");
    if std::env::var_os("CROWNLANDS_UPDATE_SCHEMA").is_some() {
        std::fs::create_dir_all(dir.join("schema")).expect("mkdir");
        std::fs::write(&path, &printed).expect("write the schema");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == printed,
        "examples/house-module/schema/ruleset.json is stale: regenerate it with \
         CROWNLANDS_UPDATE_SCHEMA=1 cargo test -p crownlands-house-module"
    );
    let schema: serde_json::Value = serde_json::from_str(&on_disk).expect("JSON");
    let modules = &schema["$defs"]["RulesPatch"]["properties"]["modules"]["items"]["enum"];
    assert!(
        modules
            .as_array()
            .is_some_and(|m| m.iter().any(|n| n == "markets") && m.iter().any(|n| n == "knights")),
        "{modules}"
    );
}

/// The crate ships its ruleset by name with its module (`Registry::add_ruleset`): the binary
/// lists it, plays it by name, and a house rule of its own extends it by name.
#[test]
fn the_binary_knows_the_markets_ruleset_by_name() {
    let r = run(&["rulesets"]).ok();
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("markets ") && l.contains("market stalls")),
        "{}",
        r.stdout
    );
    let r = run(&[
        "simulate",
        "markets",
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "1",
    ])
    .ok();
    assert!(r.stdout.contains("2 games of markets"), "{}", r.stdout);
    let cheap = temp_file(
        "cheap.toml",
        "extends = \"markets\"\n[rules.module.markets]\nprice = 1\n",
    );
    let r = run(&["validate".as_ref(), cheap.as_os_str()]).ok();
    assert!(r.stdout.contains("ok: ruleset cheap"), "{}", r.stdout);
    // Messages telling what to type next name this binary.
    let r = run(&["validate", "kingdomino"]).fails();
    assert!(
        r.stderr
            .contains("`crownlands-markets show kingdomino` prints it"),
        "{}",
        r.stderr
    );
    let by_file = temp_file("by-file.toml", "extends = \"markets.toml\"\n");
    let r = run(&["validate".as_ref(), by_file.as_os_str()]).fails();
    assert!(
        r.stderr
            .contains("the shipped ruleset `markets` is written by its name alone"),
        "{}",
        r.stderr
    );
    let typo = temp_file("typo.toml", "extends = \"market\"\n");
    let r = run(&["validate".as_ref(), typo.as_os_str()]).fails();
    assert!(
        r.stderr.contains("(did you mean `markets`?)"),
        "{}",
        r.stderr
    );
}

/// The help names this binary where it says what to type (`crownlands-markets rulesets`), as the
/// usage lines do.
#[test]
fn the_help_names_this_binary() {
    let r = run(&["--help"]).ok();
    assert!(
        r.stdout.contains("`crownlands-markets rulesets`"),
        "{}",
        r.stdout
    );
    let r = run(&["simulate", "--help"]).ok();
    assert!(
        r.stdout.contains("`crownlands-markets replay`")
            && r.stdout.contains("`crownlands-markets merge`")
            && !r.stdout.contains("`crownlands "),
        "{}",
        r.stdout
    );
    // `play`'s usage lines, written by hand, too.
    let r = run(&["play", "--help"]).ok();
    assert!(
        r.stdout
            .contains("Usage: crownlands-markets play [RULESET]")
            && r.stdout.contains("crownlands-markets play --load SAVE")
            && !r.stdout.contains("crownlands play"),
        "{}",
        r.stdout
    );
    // A misspelt option is still clap's usage error, naming the binary.
    let r = run(&["simulate", "markets", "--gmaes", "2"]).fails();
    assert!(r.stderr.contains("--gmaes"), "{}", r.stderr);
    assert!(r.stderr.contains("crownlands-markets"), "{}", r.stderr);
}

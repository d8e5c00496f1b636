//! A plugin's parameters are whatever its serde type reads: numbers with a fraction, lists of
//! words, tables, optional keys. A ruleset gives them in TOML; errors and defaults come from the
//! type, and `show`'s TOML reads back to the same rules.

mod common;

use common::assert_diag;
use crownlands_core::modules::{
    Declaration, Float, Mechanism, ModuleState, NoAction, Param, SetupContext,
};
use crownlands_core::{Registry, Side};
use crownlands_rules::{Diagnostics, load_str};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A season's weather, a table inside the parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct Season {
    name: String,
    #[serde(default)]
    rain: bool,
    /// Left out unless given: a key inside a table parameter that may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    snow: Option<u32>,
}

/// The almanac's parameters: every kind of value a ruleset can write.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
struct AlmanacParams {
    /// A weight with a fraction.
    weight: f64,
    /// Names of the festivals.
    festivals: Vec<String>,
    /// The seasons, each a table.
    seasons: Vec<Season>,
    /// A table of its own.
    first: Season,
    /// A key that may be left out.
    limit: Option<u32>,
}

impl Default for AlmanacParams {
    fn default() -> AlmanacParams {
        AlmanacParams {
            weight: 0.5,
            festivals: vec!["harvest".into()],
            seasons: Vec::new(),
            first: Season {
                name: "spring".into(),
                rain: false,
                snow: None,
            },
            limit: None,
        }
    }
}

/// Nothing of its own to keep.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Nothing;

impl ModuleState for Nothing {
    fn clear(&mut self) {}
}

/// A test's house module that only reads its parameters, and gives each side as many relics as
/// festivals (so a game shows the parameters arrived).
#[derive(Debug)]
struct Almanac {
    params: AlmanacParams,
}

impl Mechanism for Almanac {
    const NAME: &'static str = "almanac";
    type Params = AlmanacParams;
    type State = Nothing;
    type Action = NoAction;

    fn new(params: AlmanacParams) -> Almanac {
        Almanac { params }
    }

    fn params(&self) -> AlmanacParams {
        self.params.clone()
    }

    fn validate(p: &AlmanacParams) -> Vec<crownlands_core::modules::ParamProblem> {
        if p.weight.is_finite() && p.weight >= 0.0 {
            Vec::new()
        } else {
            vec![crownlands_core::modules::ParamProblem {
                key: "weight",
                problem: format!("`weight` must be 0 or more, not {}", p.weight),
            }]
        }
    }

    fn declare(&self) -> Declaration {
        Declaration {
            provides: &["relics"],
            ..Declaration::default()
        }
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let n = self.params.festivals.len() as u32;
        for side in Side::all(ctx.sides) {
            ctx.set(side, crownlands_core::modules::Res(0), n);
        }
        Ok(())
    }
}

fn registry() -> Registry {
    let mut r = Registry::shipped();
    r.add_mechanism::<Almanac>();
    r
}

const RULESET: &str = r#"extends = "kingdomino"
name = "almanac"
[rules]
modules = ["almanac"]
tie-breaks = ["most-relics"]
[rules.module.almanac]
weight = 1.25
festivals = ["harvest", "midsummer", "yule"]
seasons = [{ name = "summer", rain = true }, { name = "winter" }]
first = { name = "autumn" }
limit = 7
"#;

#[test]
fn every_kind_of_value_reaches_the_module() {
    let registry = registry();
    let ruleset = load_str(&registry, RULESET, Path::new("almanac.toml")).expect("loads");
    let rules = ruleset.rules_for(2).expect("2 players");
    let params = &rules.modules[0].params;
    assert_eq!(params["weight"], Param::Float(Float(1.25)));
    assert_eq!(params["limit"], Param::Int(7));
    assert_eq!(
        params["festivals"].to_string(),
        r#"["harvest", "midsummer", "yule"]"#
    );
    assert_eq!(
        params["seasons"].to_string(),
        r#"[{ name = "summer", rain = true }, { name = "winter" }]"#
    );
    // The module reads them as its own type: three festivals, three relics a side.
    let game =
        crownlands_core::Game::new(std::sync::Arc::new(ruleset.clone()), 2, 1).expect("a game");
    assert_eq!(game.resource(Side(0), "relics"), 3);
    // The spec the module gives back (defaults filled in: `rain = false`) prints as TOML that
    // loads to the same rules.
    let printed = crownlands_rules::to_toml(&ruleset, None);
    assert!(printed.contains("weight = 1.25"), "{printed}");
    let again = load_str(&registry, &printed, Path::new("almanac.toml")).expect("reads back");
    assert_eq!(again, ruleset);
    // The spec the module gives back keeps a table whose optional key is left out.
    let spec = ruleset.resolved_modules(2);
    assert_eq!(
        spec[0].params["first"].to_string(),
        r#"{ name = "autumn", rain = false }"#
    );
}

#[test]
fn defaults_stand_for_keys_left_out() {
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"almanac\"]\n";
    let ruleset = load_str(&registry(), text, Path::new("plain.toml")).expect("loads");
    let spec = ruleset.resolved_modules(2);
    assert_eq!(spec[0].params["weight"], Param::Float(Float(0.5)));
    assert!(
        !spec[0].params.contains_key("limit"),
        "an optional key left out"
    );
}

#[test]
fn wrong_values_are_named_at_their_place() {
    let bad = |text: &str| -> Diagnostics {
        load_str(&registry(), text, Path::new("bad.toml")).expect_err("refused")
    };
    let head =
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"almanac\"]\n[rules.module.almanac]\n";
    let d = bad(&format!("{head}weight = \"heavy\"\n"));
    assert_diag(&d, 5, 10, &["`weight`", "must be a number, not \"heavy\""]);
    let d = bad(&format!("{head}festivals = [\"harvest\", 3]\n"));
    // At the element at fault (the `3`), not the list's `[`.
    assert_diag(
        &d,
        5,
        25,
        &["`festivals` item 2 must be a word in quotes, not 3"],
    );
    let d = bad(&format!(
        "{head}seasons = [{{ name = \"summer\", hail = true }}]\n"
    ));
    // At the unknown key itself.
    assert_diag(
        &d,
        5,
        31,
        &["`seasons` item 1: unknown key `hail`; expected one of: name, rain, snow"],
    );
    let d = bad(&format!("{head}weight = -1.0\n"));
    assert_diag(&d, 5, 10, &["`weight` must be 0 or more, not -1"]);
    // A whole number past its type's range is refused as written, never read as another
    // number (one past TOML's 64 bits had reached the module as 9223372036854775807), in the
    // words of the parameter's own range.
    for big in ["18446744073709551615", "9223372036854775808"] {
        let d = bad(&format!("{head}limit = {big}\n"));
        assert_diag(
            &d,
            5,
            9,
            &[&format!(
                "`limit` in [rules.module.almanac] must be a whole number from 0 to 4294967295, not {big}"
            )],
        );
    }
    // A shipped module's bounded parameter says its bounds the same way.
    let d = bad(
        "extends = \"kingdomino-knights\"\nname = \"k\"\n[rules.module.knights]\nstarting = 99999999999999999999\n",
    );
    assert_diag(
        &d,
        4,
        12,
        &["`starting` in [rules.module.knights] must be from 0 to 100, not 99999999999999999999"],
    );
    let d = bad(&format!("{head}limit = {}\n", "9".repeat(60)));
    assert_diag(
        &d,
        5,
        9,
        &["must be a whole number from 0 to 4294967295, not a number that large"],
    );
    // Inside TOML's range but past the module's type: the type's range in words.
    for (value, column) in [("4294967296", 9), ("-1", 9)] {
        let d = bad(&format!("{head}limit = {value}\n"));
        assert_diag(
            &d,
            5,
            column,
            &[&format!(
                "`limit` must be a whole number from 0 to 4294967295, not {value}"
            )],
        );
    }
    // A key unknown or missing inside a table parameter is named inside it.
    let d = bad(&format!("{head}first = {{ name = \"x\", hail = true }}\n"));
    assert_diag(
        &d,
        5,
        9,
        &["`first`: unknown key `hail`; expected one of: name, rain, snow"],
    );
    let d = bad(&format!("{head}first = {{ rain = true }}\n"));
    assert_diag(&d, 5, 9, &["`first`: `name` is missing"]);
    // `nan` is a number, never a word: refused where a word is read, named as written.
    let d = bad(&format!("{head}festivals = [\"harvest\", nan]\n"));
    assert_diag(
        &d,
        5,
        25,
        &["`festivals` item 2 must be a word in quotes, not nan"],
    );
    // Not a number at all: no parameter type reads it as one.
    let d = bad(&format!("{head}weight = nan\n"));
    assert_diag(&d, 5, 10, &["`weight` must be a number, not nan"]);
}

/// A plugin's own type named as a type of the engine's (the buildings' `TaxBonus`).
mod levy {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    pub struct TaxBonus {
        pub rate: u32,
    }

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
    pub struct LevyParams {
        pub bonus: TaxBonus,
    }

    #[derive(Debug)]
    pub struct Levy(LevyParams);

    impl Mechanism for Levy {
        const NAME: &'static str = "levy";
        type Params = LevyParams;
        type State = Nothing;
        type Action = NoAction;

        fn new(params: LevyParams) -> Levy {
            Levy(params)
        }

        fn params(&self) -> LevyParams {
            self.0.clone()
        }

        fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
            Ok(())
        }
    }
}

/// The ruleset schema keeps a plugin's type apart from an engine type of the same name: the
/// plugin's reference points at its own definition, the buildings' at theirs.
#[test]
fn a_plugin_type_named_as_an_engine_type_keeps_its_own_schema() {
    let mut r = registry();
    r.add_mechanism::<levy::Levy>();
    let schema: serde_json::Value =
        serde_json::from_str(&crownlands_rules::ruleset_schema_with(&r)).expect("JSON");
    let resolve = |v: &serde_json::Value| -> serde_json::Value {
        let name = v["$ref"].as_str().expect("a reference");
        let name = name.strip_prefix("#/$defs/").expect("a definition");
        schema["$defs"][name].clone()
    };
    let text = schema.to_string();
    let levy = common::find_module(&schema, "levy").expect("levy's parameters");
    let own = resolve(&levy["properties"]["bonus"]);
    assert!(own["properties"]["rate"].is_object(), "{own}\n{text}");
    // The engine's own `TaxBonus` (a building's, in words) stands as it was.
    let engine = &schema["$defs"]["TaxBonus"];
    assert!(
        engine.is_object() && engine["properties"]["rate"].is_null(),
        "{engine}"
    );
}

/// Two plugins, each with an `Outer` table holding an `Inner` of its own: the same text for
/// `Outer`, another `Inner` each.
macro_rules! nested_plugin {
    ($module:ident, $name:literal, $field:ident) => {
        mod $module {
            use super::*;

            #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
            #[serde(deny_unknown_fields)]
            pub struct Inner {
                pub $field: u32,
            }

            #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
            #[serde(deny_unknown_fields)]
            pub struct Outer {
                pub inner: Inner,
            }

            #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
            #[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
            pub struct Params {
                pub outer: Outer,
            }

            #[derive(Debug)]
            pub struct Plugin(Params);

            impl Mechanism for Plugin {
                const NAME: &'static str = $name;
                type Params = Params;
                type State = Nothing;
                type Action = NoAction;

                fn new(params: Params) -> Plugin {
                    Plugin(params)
                }

                fn params(&self) -> Params {
                    self.0.clone()
                }

                fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
                    Ok(())
                }
            }
        }
    };
}

nested_plugin!(alpha, "alpha", rate);
nested_plugin!(beta, "beta", level);

/// A type whose own text matches another plugin's but which refers to a type renamed apart is
/// renamed too: each plugin's `outer.inner` leads to its own `Inner`.
#[test]
fn a_clash_one_level_down_keeps_each_plugin_s_own_types() {
    let mut r = Registry::shipped();
    r.add_mechanism::<alpha::Plugin>();
    r.add_mechanism::<beta::Plugin>();
    let schema: serde_json::Value =
        serde_json::from_str(&crownlands_rules::ruleset_schema_with(&r)).expect("JSON");
    let resolve = |v: &serde_json::Value| -> serde_json::Value {
        let name = v["$ref"].as_str().expect("a reference");
        schema["$defs"][name.strip_prefix("#/$defs/").expect("a definition")].clone()
    };
    for (module, field) in [("alpha", "rate"), ("beta", "level")] {
        let params = common::find_module(&schema, module).expect("parameters");
        let outer = resolve(&params["properties"]["outer"]);
        let inner = resolve(&outer["properties"]["inner"]);
        assert!(inner["properties"][field].is_object(), "{module}: {inner}");
    }
}

//! A plugin's component tables: rows of its own kind (`[[component.quest]]`) in ruleset files and
//! component sets, gathered like dominoes (sets first, then each file of the `extends` chain),
//! each row checked by the module's type at its place, printed back by `show` and read typed by
//! the module.

mod common;

use common::{assert_diag, temp_dir, write};
use crownlands_core::modules::{
    Bounded, ComponentTable, Declaration, Mechanism, ModuleState, NoAction, NoParams, Res,
    SetupContext, rows,
};
use crownlands_core::{Registry, Ruleset, Side};
use crownlands_rules::{Diagnostics, load_path, load_str};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One quest tile: a name, the terrain it asks for, its points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct Quest {
    name: String,
    terrain: String,
    #[serde(default = "no_points")]
    points: Bounded<0, 50>,
}

fn no_points() -> Bounded<0, 50> {
    Bounded::clamped(0)
}

impl Default for Quest {
    fn default() -> Quest {
        Quest {
            name: String::new(),
            terrain: String::new(),
            points: no_points(),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Nothing;

impl ModuleState for Nothing {
    fn clear(&mut self) {}
}

/// A test's house module playing quest tiles: each side is dealt every quest, as a count.
#[derive(Debug)]
struct Quests;

impl Mechanism for Quests {
    const NAME: &'static str = "quests";
    type Params = NoParams;
    type State = Nothing;
    type Action = NoAction;

    fn new(_: NoParams) -> Quests {
        Quests
    }

    fn params(&self) -> NoParams {
        NoParams {}
    }

    fn declare(&self) -> Declaration {
        Declaration {
            provides: &["quests"],
            ..Declaration::default()
        }
    }

    fn component_tables(&self) -> Vec<ComponentTable> {
        vec![
            ComponentTable::of::<Quest>("quest"),
            // Rows of any keys (a bag of counts): keys a file must quote.
            ComponentTable::of::<std::collections::BTreeMap<String, u8>>("bag"),
        ]
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        let quests: Vec<Quest> = rows(ctx.ruleset, "quest");
        let points: u32 = quests.iter().map(|q| q.points.as_u32()).sum();
        for side in Side::all(ctx.sides) {
            ctx.set(side, Res(0), points);
        }
        Ok(())
    }
}

fn registry() -> Registry {
    let mut r = Registry::shipped();
    r.add_mechanism::<Quests>();
    r
}

const QUESTS: &str = r#"extends = "kingdomino"
[rules]
modules = ["quests"]

[[component.quest]]
name = "Lakeside"
terrain = "lake"
points = 5

[[component.quest]]
name = "Deep forest"
terrain = "forest"
points = 7
"#;

fn quests(r: &Ruleset) -> Vec<Quest> {
    rows(r, "quest")
}

#[test]
fn rows_reach_the_module_typed() {
    let registry = registry();
    let ruleset = load_str(&registry, QUESTS, Path::new("quests.toml")).expect("loads");
    let names: Vec<String> = quests(&ruleset).into_iter().map(|q| q.name).collect();
    assert_eq!(names, ["Lakeside", "Deep forest"]);
    let game =
        crownlands_core::Game::new(std::sync::Arc::new(ruleset.clone()), 2, 1).expect("a game");
    assert_eq!(game.resource(Side(1), "quests"), 12);
    // `show` prints them back; the text loads to the same ruleset, keys that need quotes
    // quoted.
    let text = format!("{QUESTS}\n[[component.bag]]\n\"a b\" = 1\n\"x.y\" = 2\nplain = 3\n");
    let ruleset = load_str(&registry, &text, Path::new("quests.toml")).expect("loads");
    let printed = crownlands_rules::to_toml(&ruleset, None);
    assert!(printed.contains("[[component.quest]]"), "{printed}");
    assert!(printed.contains("\"x.y\" = 2"), "{printed}");
    let again = load_str(&registry, &printed, Path::new("quests.toml")).expect("reads back");
    assert_eq!(again, ruleset);
    // A file without tables prints as before (no `component` key).
    let plain =
        load_str(&registry, "extends = \"kingdomino\"\n", Path::new("p.toml")).expect("loads");
    assert!(!crownlands_rules::to_toml(&plain, None).contains("component."));
}

#[test]
fn sets_and_extends_add_their_rows_in_order() {
    let dir = temp_dir("tables");
    write(
        &dir,
        "quest-set.toml",
        "[set]\nname = \"quest-set\"\n\n[[component.quest]]\nname = \"From the set\"\nterrain = \"wheat\"\n",
    );
    write(&dir, "base.toml", QUESTS);
    let child = write(
        &dir,
        "child.toml",
        "extends = \"base.toml\"\nadd-sets = [\"quest-set.toml\"]\n\n[[component.quest]]\nname = \"Child's own\"\nterrain = \"mine\"\npoints = 1\n",
    );
    // A set checked alone counts its rows.
    let set = dir.join("quest-set.toml");
    match crownlands_rules::validate_path(&registry(), &set).expect("the set validates") {
        crownlands_rules::Validated::ComponentSet { rows, .. } => {
            assert_eq!(rows, [("quest".to_string(), 1)]);
        }
        other => panic!("not a set: {other:?}"),
    }
    let ruleset = load_path(&registry(), &child).expect("loads");
    let names: Vec<String> = quests(&ruleset).into_iter().map(|q| q.name).collect();
    assert_eq!(
        names,
        ["From the set", "Lakeside", "Deep forest", "Child's own"]
    );
}

#[test]
fn a_wrong_table_or_row_is_named_at_its_place() {
    let bad = |text: &str| -> Diagnostics {
        load_str(&registry(), text, Path::new("bad.toml")).expect_err("refused")
    };
    let head = "extends = \"kingdomino\"\n[rules]\nmodules = [\"quests\"]\n\n";
    let d = bad(&format!(
        "{head}[[component.qest]]\nname = \"x\"\nterrain = \"lake\"\n"
    ));
    assert_diag(
        &d,
        5,
        1,
        &["no module plays a component table `qest` (did you mean `quest`?); tables: quest"],
    );
    let d = bad(&format!(
        "{head}[[component.quest]]\nname = \"x\"\nterrain = \"lake\"\npoints = 99\n\n[[component.quest]]\nterrain = \"lake\"\n\n[[component.quest]]\nname = \"y\"\nterain = \"lake\"\n"
    ));
    // Each at the part of the row at fault (a missing key: at the row).
    assert_diag(
        &d,
        8,
        10,
        &["component `quest`: `points` must be from 0 to 50, not 99"],
    );
    assert_diag(&d, 10, 1, &["component `quest`: `name` is missing"]);
    assert_diag(
        &d,
        15,
        10,
        &["component `quest`: unknown key `terain` (did you mean `terrain`?)"],
    );
    // A value of a kind no row reads (a date) is reported where it is, once: the row is not
    // checked again without it.
    let d = bad(&format!(
        "{head}[[component.quest]]\nname = 1979-05-27\nterrain = \"lake\"\n"
    ));
    assert_diag(&d, 6, 8, &["not a date-time"]);
    assert!(!d.to_string().contains("is missing"), "{d}");
    // With the shipped modules only, no module plays quests.
    let d = load_str(Registry::shipped_ref(), QUESTS, Path::new("q.toml")).expect_err("refused");
    assert_diag(
        &d,
        5,
        1,
        &["no module plays a component table `quest`; tables: none"],
    );
}

#[test]
fn rows_no_listed_module_plays_are_a_warning() {
    let text = QUESTS.replace("modules = [\"quests\"]", "modules = []");
    let checked = crownlands_rules::check_str(&registry(), &text, Path::new("idle.toml"));
    assert!(checked.result.is_ok());
    let w = Diagnostics(checked.warnings);
    assert!(
        w.to_string().contains(
            "2 rows of component `quest` declared, but no module of `modules` plays them"
        ),
        "{w}"
    );
}

#[test]
fn a_hand_built_ruleset_is_checked_by_the_core_too() {
    let registry = registry();
    let ruleset = load_str(&registry, QUESTS, Path::new("quests.toml")).expect("loads");
    let mut parts = ruleset.into_parts();
    let mut bad = parts.tables["quest"][0].clone();
    if let crownlands_core::modules::Param::Table(t) = &mut bad {
        t.insert("points".into(), crownlands_core::modules::Param::Int(-1));
    }
    parts.tables.get_mut("quest").expect("quest").push(bad);
    parts.tables.insert("relic".into(), Vec::new());
    let problems = Ruleset::with_registry(parts, &registry).expect_err("refused");
    let text = problems.to_string();
    assert!(
        text.contains("component `quest` #3: `points` must be from 0 to 50, not -1"),
        "{text}"
    );
    assert!(
        text.contains("no module plays a component table `relic`; tables: quest"),
        "{text}"
    );
}

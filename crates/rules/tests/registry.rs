//! The loader knows the modules of the registry it is given, and only those.

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

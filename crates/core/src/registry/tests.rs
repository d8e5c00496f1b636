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

//! JSON Schemas of the two file formats, derived from the serde types in [`crate::format`].

use crate::format::{RulesetFile, SetFile};
use schemars::generate::SchemaSettings;
use serde_json::Value;
use std::sync::OnceLock;

fn generate<T: schemars::JsonSchema>() -> Value {
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.to_value()
}

pub(crate) fn ruleset_value() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(generate::<RulesetFile>)
}

pub(crate) fn set_value() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(generate::<SetFile>)
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

/// JSON Schema of ruleset files, pretty-printed.
pub fn ruleset_schema() -> String {
    let mut v = ruleset_value().clone();
    with_aliases(&mut v);
    pretty(&v)
}

/// The spellings the loader reads as another key (`color` as `colour`: see `walk::ALIASES`)
/// in the printed schema too, so an editor accepts what `validate` accepts: wherever an
/// object's properties hold the key, the alias is a property of the same schema, and a
/// required key may be given in either spelling.
fn with_aliases(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for &(alias, key) in crate::walk::ALIASES {
                let Some(Value::Object(props)) = map.get_mut("properties") else {
                    break;
                };
                let Some(schema) = props.get(key).cloned() else {
                    continue;
                };
                props.insert(alias.to_string(), schema);
                if let Some(Value::Array(required)) = map.get_mut("required")
                    && let Some(i) = required.iter().position(|r| r == key)
                {
                    required.remove(i);
                    // One spelling or the other, never both (the loader refuses both).
                    map.insert(
                        "oneOf".into(),
                        serde_json::json!([{ "required": [key] }, { "required": [alias] }]),
                    );
                }
            }
            for (_, child) in map.iter_mut() {
                with_aliases(child);
            }
        }
        Value::Array(items) => {
            for child in items {
                with_aliases(child);
            }
        }
        _ => {}
    }
}

/// JSON Schema of ruleset files whose modules are those of `registry`: each module's table of
/// parameters (`[rules.module.knights]`) described by that module's own parameter type (keys,
/// types, ranges, defaults), other names as any table; pretty-printed.
pub fn ruleset_schema_with(registry: &crownlands_core::Registry) -> String {
    let mut v = ruleset_value().clone();
    let modules: serde_json::Map<String, Value> = registry
        .params_schemas()
        .into_iter()
        .map(|(name, schema)| (name.to_string(), schema))
        .collect();
    with_module_params(&mut v, &modules);
    with_aliases(&mut v);
    pretty(&v)
}

/// Every `module` property (a table of tables of parameters) gets `modules`' schemas by name.
fn with_module_params(v: &mut Value, modules: &serde_json::Map<String, Value>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get_mut("properties")
                && let Some(Value::Object(module)) = props.get_mut("module")
                && module.contains_key("additionalProperties")
            {
                module.insert("properties".into(), Value::Object(modules.clone()));
            }
            for (_, child) in map.iter_mut() {
                with_module_params(child, modules);
            }
        }
        Value::Array(items) => {
            for child in items {
                with_module_params(child, modules);
            }
        }
        _ => {}
    }
}

/// JSON Schema of component set files, pretty-printed.
pub fn set_schema() -> String {
    let mut v = set_value().clone();
    with_aliases(&mut v);
    pretty(&v)
}

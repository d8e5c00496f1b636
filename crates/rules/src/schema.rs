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
    let mut defs = serde_json::Map::new();
    let modules: serde_json::Map<String, Value> = registry
        .params_schemas()
        .into_iter()
        .map(|(name, mut schema)| {
            hoist_defs(&mut schema, &mut defs);
            (name.to_string(), schema)
        })
        .collect();
    with_module_params(&mut v, &modules);
    with_tables(&mut v, registry, &mut defs);
    with_defs(&mut v, defs);
    with_aliases(&mut v);
    pretty(&v)
}

/// The `component` property gets each table `registry`'s modules play, its rows described by
/// the module's own row type.
fn with_tables(
    v: &mut Value,
    registry: &crownlands_core::Registry,
    defs: &mut serde_json::Map<String, Value>,
) {
    let tables: serde_json::Map<String, Value> = registry
        .component_tables()
        .into_iter()
        .map(|(module, t)| {
            let mut row = (t.schema)();
            hoist_defs(&mut row, defs);
            if let Some(map) = row.as_object_mut() {
                map.insert(
                    "description".into(),
                    Value::String(format!(
                        "A row of `{}`, played by module `{module}`.",
                        t.key
                    )),
                );
            }
            (
                t.key.to_string(),
                serde_json::json!({
                    "type": "array",
                    "items": row,
                    "maxItems": crownlands_core::modules::table::MAX_ROWS,
                }),
            )
        })
        .collect();
    if !tables.is_empty()
        && let Some(Value::Object(props)) = v.get_mut("properties")
        && let Some(Value::Object(component)) = props.get_mut("component")
    {
        component.insert("properties".into(), Value::Object(tables));
    }
}

/// The types the modules' schemas refer to (`#/$defs/Season`), where their references point:
/// the root's definitions (a name the file format uses already is kept).
fn with_defs(v: &mut Value, defs: serde_json::Map<String, Value>) {
    if let Some(Value::Object(root)) = v.get_mut("$defs") {
        for (name, def) in defs {
            root.entry(name).or_insert(def);
        }
    }
}

/// Take a module's schema's own definitions out, into `defs`: embedded in the ruleset schema,
/// its references (`#/$defs/Name`) resolve against the root.
fn hoist_defs(schema: &mut Value, defs: &mut serde_json::Map<String, Value>) {
    if let Some(Value::Object(own)) = schema.as_object_mut().and_then(|m| m.remove("$defs")) {
        for (name, def) in own {
            defs.entry(name).or_insert(def);
        }
    }
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

/// JSON Schema of component set files whose component tables are those `registry`'s modules
/// play, each table's rows described by its module's row type; pretty-printed.
pub fn set_schema_with(registry: &crownlands_core::Registry) -> String {
    let mut v = set_value().clone();
    let mut defs = serde_json::Map::new();
    with_tables(&mut v, registry, &mut defs);
    with_defs(&mut v, defs);
    with_aliases(&mut v);
    pretty(&v)
}

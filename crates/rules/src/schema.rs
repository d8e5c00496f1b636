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
    each_object(v, &mut |map| {
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
    });
}

/// Call `f` on every object of `v`, an object before the values it holds.
fn each_object(v: &mut Value, f: &mut dyn FnMut(&mut serde_json::Map<String, Value>)) {
    match v {
        Value::Object(map) => {
            f(map);
            for (_, child) in map.iter_mut() {
                each_object(child, f);
            }
        }
        Value::Array(items) => {
            for child in items {
                each_object(child, f);
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
    let mut defs = root_defs(&v);
    let modules: serde_json::Map<String, Value> = registry
        .params_schemas()
        .into_iter()
        .map(|(name, mut schema)| {
            hoist_defs(&mut schema, name, &mut defs);
            (name.to_string(), schema)
        })
        .collect();
    with_module_params(&mut v, &modules);
    with_module_names(&mut v, &registry.module_names());
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
            hoist_defs(&mut row, module, defs);
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

/// The file format's own definitions: the names a module's types must not take.
fn root_defs(v: &Value) -> serde_json::Map<String, Value> {
    match v.get("$defs") {
        Some(Value::Object(defs)) => defs.clone(),
        _ => serde_json::Map::new(),
    }
}

/// The types the modules' schemas refer to (`#/$defs/Season`), where their references point:
/// the root's definitions (the file format's own are there already and kept).
fn with_defs(v: &mut Value, defs: serde_json::Map<String, Value>) {
    if let Some(Value::Object(root)) = v.get_mut("$defs") {
        for (name, def) in defs {
            root.entry(name).or_insert(def);
        }
    }
}

/// Take a module's schema's own definitions out, into `defs` (which holds the file format's
/// and the other modules' already): embedded in the ruleset schema, its references
/// (`#/$defs/Name`) resolve against the root. A name taken by another definition (a plugin's
/// `TaxBonus` beside the buildings' own) is renamed `MODULE.Name`, and the module's references
/// with it, so each reference keeps its own type.
fn hoist_defs(schema: &mut Value, owner: &str, defs: &mut serde_json::Map<String, Value>) {
    let Some(Value::Object(own)) = schema.as_object_mut().and_then(|m| m.remove("$defs")) else {
        return;
    };
    // A definition is renamed when one of that name stands already and differs from it, its
    // references renamed: so a type whose own text matches another's but refers to a renamed
    // one is renamed too (until no more change).
    let mut renames: Vec<(String, String)> = Vec::new();
    loop {
        let before = renames.len();
        for (name, def) in &own {
            if renames.iter().any(|(old, _)| old == name) {
                continue;
            }
            let mut def = def.clone();
            rename_refs(&mut def, &renames);
            if defs.get(name).is_some_and(|taken| *taken != def) {
                let taken = |n: &String| {
                    defs.contains_key(n)
                        || own.contains_key(n)
                        || renames.iter().any(|(_, new)| new == n)
                };
                let mut new = format!("{owner}.{name}");
                let mut n = 2;
                while taken(&new) {
                    new = format!("{owner}.{name}.{n}");
                    n += 1;
                }
                renames.push((name.clone(), new));
            }
        }
        if renames.len() == before {
            break;
        }
    }
    rename_refs(schema, &renames);
    for (name, mut def) in own {
        rename_refs(&mut def, &renames);
        let name = renames
            .iter()
            .find(|(old, _)| *old == name)
            .map_or(name, |(_, new)| new.clone());
        defs.entry(name).or_insert(def);
    }
}

/// Point every `#/$defs/OLD` reference inside `v` at `#/$defs/NEW`.
fn rename_refs(v: &mut Value, renames: &[(String, String)]) {
    if renames.is_empty() {
        return;
    }
    match v {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get_mut("$ref")
                && let Some(name) = r.strip_prefix("#/$defs/")
                && let Some((_, new)) = renames.iter().find(|(old, _)| old == name)
            {
                *r = format!("#/$defs/{new}");
            }
            for (_, child) in map.iter_mut() {
                rename_refs(child, renames);
            }
        }
        Value::Array(items) => {
            for child in items {
                rename_refs(child, renames);
            }
        }
        _ => {}
    }
}

/// Every `module` property (a table of tables of parameters) gets `modules`' schemas by name.
fn with_module_params(v: &mut Value, modules: &serde_json::Map<String, Value>) {
    each_object(v, &mut |map| {
        if let Some(Value::Object(props)) = map.get_mut("properties")
            && let Some(Value::Object(module)) = props.get_mut("module")
            && module.contains_key("additionalProperties")
        {
            module.insert("properties".into(), Value::Object(modules.clone()));
        }
    });
}

/// Each `modules` list names this build's modules: its items one of `names` (so an editor
/// flags a misspelt one, as loading does), said in its description.
fn with_module_names(v: &mut Value, names: &[&str]) {
    if names.is_empty() {
        return;
    }
    let listed: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    each_object(v, &mut |map| {
        let Some(Value::Object(props)) = map.get_mut("properties") else {
            return;
        };
        let Some(Value::Object(modules)) = props.get_mut("modules") else {
            return;
        };
        let described = modules
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("Modules switched on, in the order they run.")
            .to_string();
        modules.insert(
            "description".into(),
            Value::String(format!(
                "{described} The build that printed this schema has {} (a crate with modules \
                 of its own prints a schema that names them too).",
                listed.join(", ")
            )),
        );
        if let Some(Value::Object(items)) = modules.get_mut("items") {
            items.insert("enum".into(), serde_json::json!(names));
        }
    });
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
    let mut defs = root_defs(&v);
    with_tables(&mut v, registry, &mut defs);
    with_defs(&mut v, defs);
    with_aliases(&mut v);
    pretty(&v)
}

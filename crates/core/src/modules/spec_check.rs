//! A ruleset's module list checked before it is built: every problem of every module, each
//! at its parameter, with the list repaired so the rest can be checked too.

use super::{ModuleError, ModuleSpec, Param, build, build_all_unchecked, check_declarations};
use crate::registry::Registry;
use std::collections::BTreeMap;

/// One problem with a ruleset's module list: the module's position in the list, the parameter
/// at fault (when one is), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecProblem {
    pub module: usize,
    pub key: Option<String>,
    pub error: ModuleError,
}

/// How many items of a list parameter are read one by one, and how many problems are said.
const MAX_ITEMS_CHECKED: usize = 256;
const MAX_ITEM_PROBLEMS: usize = 16;

/// The problems of each item of a list parameter `key = value` of module `name`, found by
/// reading each item alone in a list of one: those about the item itself (`key[0]`, said of its
/// place in the list), none when the list is not one or an item alone is refused for what the
/// list as a whole must be. An item that is a table is read again with the part at fault taken
/// out (an unknown key, a bad value; a required field given a value its schema allows), so
/// each of its problems is said, not only the first; with the list those items make, the
/// problems between items (two names alike) can be looked for too.
fn item_problems(
    registry: &Registry,
    name: &str,
    key: &str,
    value: &Param,
) -> (Vec<ModuleError>, Option<Param>) {
    let items: Vec<Param> = match value {
        Param::Ints(v) => v.iter().map(|&n| Param::Int(n)).collect(),
        Param::List(v) => v.clone(),
        Param::Table(t) => return (entry_problems(registry, name, key, t), None),
        _ => return (Vec::new(), None),
    };
    let first = format!("`{}[0]", crate::text::excerpt(key));
    // Only tables are taken apart (a list of numbers or words has nothing to take out).
    let schema = items
        .iter()
        .any(|i| matches!(i, Param::Table(_)))
        .then(|| item_schema(registry, name, key))
        .flatten();
    let mut changed = false;
    let mut out = Vec::new();
    let mut peeled = Vec::with_capacity(items.len());
    let checked = items.len().min(MAX_ITEMS_CHECKED);
    // A file's list may be long: the first items, and a few problems, say enough.
    for (j, item) in items.into_iter().enumerate() {
        let mut item = item;
        let at = format!("`{}[{j}]", crate::text::excerpt(key));
        // Not a table where tables are read (`5`, `[1, 2]`, which serde would read by position
        // as a table's fields): said so, and a table of stand-ins in its place, so the list's
        // other items and the checks between them still run.
        if let Some((item_schema, root)) = &schema
            && !matches!(item, Param::Table(_))
            && j < checked
            && out.len() < MAX_ITEM_PROBLEMS
            && let Some(stand_in) = stand_in_table(item_schema, root, j)
        {
            out.push(ModuleError::Param {
                module: name.to_string(),
                problem: format!(
                    "{at}` must be a table, not {}",
                    crate::text::excerpt(&item.to_string())
                ),
            });
            item = stand_in;
            changed = true;
        }
        for _ in 0..MAX_PEELS {
            if j >= checked || out.len() >= MAX_ITEM_PROBLEMS {
                break;
            }
            let alone = ModuleSpec {
                name: name.to_string(),
                params: BTreeMap::from([(key.to_string(), Param::List(vec![item.clone()]))]),
            };
            let Err(error) = build(registry, &alone) else {
                break;
            };
            let problems = match error {
                ModuleError::Param { module, problem } => vec![(module, problem)],
                ModuleError::Params { module, problems } => problems
                    .into_iter()
                    .map(|problem| (module.clone(), problem))
                    .collect(),
                // About the list (its length), not the item: the whole list's error stands.
                _ => return (Vec::new(), None),
            };
            let mut taken = false;
            for (module, problem) in problems {
                // About the list (its length), not the item: the whole list's error stands.
                let Some((_, rest)) = problem.split_once(&first) else {
                    return (Vec::new(), None);
                };
                taken |= schema
                    .as_ref()
                    .is_some_and(|(item_schema, root)| peel(&mut item, rest, item_schema, root, j));
                changed |= taken;
                let error = ModuleError::Param {
                    module,
                    problem: problem.replacen(&first, &at, 1),
                };
                // A key missing that a misspelt one of this item was taken for: said once.
                if !misspelt_before(&out, &error) {
                    out.push(error);
                }
            }
            if !taken {
                break;
            }
        }
        peeled.push(item);
    }
    (out, changed.then_some(Param::List(peeled)))
}

/// Take out of `list` (list parameter `key` of module `name`) the part of one of its tables
/// that `error` blames (`` `goal[2].name` ... ``), as [`peel`] does; false when it names none.
fn peel_in_list(
    registry: &Registry,
    name: &str,
    key: &str,
    list: &mut Param,
    error: &ModuleError,
) -> bool {
    let ModuleError::Param { problem, .. } = error else {
        return false;
    };
    let Some((_, after)) = problem.split_once(&format!("`{}[", crate::text::excerpt(key))) else {
        return false;
    };
    let Some((index, rest)) = after.split_once(']') else {
        return false;
    };
    let (Ok(j), Param::List(items)) = (index.parse::<usize>(), list) else {
        return false;
    };
    let Some((schema, root)) = item_schema(registry, name, key) else {
        return false;
    };
    items
        .get_mut(j)
        .is_some_and(|item| peel(item, rest, &schema, &root, j))
}

/// Whether `error` says a key of an item is missing (`` `goal[2]`: `points` is missing ``) that
/// an earlier problem of `said` already took a misspelt key of that item for (`` `goal[2]`:
/// unknown key `pionts` (did you mean `points`?) ``): the same mistake, said once.
fn misspelt_before(said: &[ModuleError], error: &ModuleError) -> bool {
    let ModuleError::Param { problem, .. } = error else {
        return false;
    };
    let Some((item, rest)) = problem.split_once("`: `") else {
        return false;
    };
    let Some((missing, tail)) = rest.split_once('`') else {
        return false;
    };
    if !tail.starts_with(" is missing") {
        return false;
    }
    let guess = format!("{item}`: unknown key `");
    let meant = format!("(did you mean `{missing}`?)");
    said.iter().any(|s| {
        matches!(s, ModuleError::Param { problem, .. }
            if problem.starts_with(&guess) && problem.contains(&meant))
    })
}

/// How many times one item of a list is read again for its next problem.
const MAX_PEELS: usize = 8;

/// The schema of the items of list parameter `key` of module `name` (through one `$ref`), and
/// the module's whole parameter schema (for the `$ref`s inside it); `None` for a module that
/// gives no schema.
fn item_schema(
    registry: &Registry,
    name: &str,
    key: &str,
) -> Option<(serde_json::Value, serde_json::Value)> {
    let root = build(registry, &ModuleSpec::new(name))
        .ok()?
        .params_schema()?;
    let items = resolve_ref(root.get("properties")?.get(key)?.get("items")?, &root)?.clone();
    Some((items, root))
}

/// `schema`, or what its `$ref` (`#/$defs/Name`) points at in `root`.
fn resolve_ref<'a>(
    schema: &'a serde_json::Value,
    root: &'a serde_json::Value,
) -> Option<&'a serde_json::Value> {
    match schema.get("$ref").and_then(serde_json::Value::as_str) {
        Some(r) => root.pointer(r.strip_prefix('#')?),
        None => Some(schema),
    }
}

/// Take out of `item` (a table of a list, the `j`th) the part a problem blames, `rest` being
/// the problem after its `` `key[0] ``: `.field` at fault (taken out, or given a value its
/// schema allows where it is required), `` `: unknown key `x` `` (taken out), `` `: `field` is
/// missing `` (given a value). False when nothing could be taken out (the item is then left).
fn peel(
    item: &mut Param,
    rest: &str,
    schema: &serde_json::Value,
    root: &serde_json::Value,
    j: usize,
) -> bool {
    let Param::Table(fields) = item else {
        return false;
    };
    let required = |f: &str| {
        schema
            .get("required")
            .and_then(serde_json::Value::as_array)
            .is_some_and(|r| r.iter().any(|x| x.as_str() == Some(f)))
    };
    let fill = |f: &str| {
        let field = resolve_ref(schema.get("properties")?.get(f)?, root)?;
        filler(field, root, j)
    };
    let field = if let Some(after) = rest.strip_prefix('.') {
        let end = after.find(['`', '.', '[']).unwrap_or(after.len());
        &after[..end]
    } else if let Some(after) = rest.strip_prefix("`: unknown key `") {
        let unknown = after.split_once('`').map_or(after, |x| x.0);
        return fields.remove(unknown).is_some();
    } else if let Some(after) = rest.strip_prefix("`: `")
        && let Some((missing, tail)) = after.split_once('`')
        && tail.starts_with(" is missing")
    {
        return match fill(missing) {
            Some(v) => fields.insert(missing.to_string(), v).is_none(),
            None => false,
        };
    } else {
        return false;
    };
    if !fields.contains_key(field) {
        return false;
    }
    if required(field) {
        match fill(field) {
            Some(v) => {
                fields.insert(field.to_string(), v);
                true
            }
            None => false,
        }
    } else {
        fields.remove(field).is_some()
    }
}

/// A table `schema` (a list's item) allows: its required fields, each a stand-in ([`filler`]);
/// `None` where one has no stand-in.
fn stand_in_table(schema: &serde_json::Value, root: &serde_json::Value, j: usize) -> Option<Param> {
    let mut fields = BTreeMap::new();
    if let Some(required) = schema.get("required").and_then(serde_json::Value::as_array) {
        for f in required.iter().filter_map(serde_json::Value::as_str) {
            let field = resolve_ref(schema.get("properties")?.get(f)?, root)?;
            fields.insert(f.to_string(), filler(field, root, j)?);
        }
    }
    Some(Param::Table(fields))
}

/// A value `schema` allows, standing in for one at fault while an item's other problems are
/// looked for: the first of a choice, a whole number in range, a word of its own for the `j`th
/// item (a private-use character and the item's place, so that it is like no other item's and
/// no word a file writes); `None` for other kinds.
fn filler(schema: &serde_json::Value, root: &serde_json::Value, j: usize) -> Option<Param> {
    if let Some(c) = schema.get("const").and_then(serde_json::Value::as_str) {
        return Some(Param::Text(c.to_string()));
    }
    for choice in ["oneOf", "anyOf", "enum"] {
        if let Some(first) = schema
            .get(choice)
            .and_then(serde_json::Value::as_array)
            .and_then(|a| a.first())
        {
            return match first {
                serde_json::Value::String(s) => Some(Param::Text(s.clone())),
                other => filler(resolve_ref(other, root)?, root, j),
            };
        }
    }
    let bound = |k: &str| schema.get(k).and_then(serde_json::Value::as_i64);
    match schema.get("type").and_then(serde_json::Value::as_str)? {
        "integer" => {
            let low = bound("minimum").unwrap_or(i64::MIN);
            let high = bound("maximum").unwrap_or(i64::MAX);
            Some(Param::Int(0i64.clamp(low, high.max(low))))
        }
        "boolean" => Some(Param::Bool(false)),
        "string" => {
            let word = format!("\u{E000}{j}");
            let least = bound("minLength").unwrap_or(0).max(0) as usize;
            let pad = least.saturating_sub(word.chars().count());
            Some(Param::Text(format!("{word}{}", "_".repeat(pad))))
        }
        _ => None,
    }
}

/// The problems of each entry of a table parameter `key = { ... }` of module `name` (a table
/// of terrains' multipliers), found by reading each entry alone in a table of one: those
/// about the entry itself (`` `key.entry` ``), none when an entry alone is refused for what the
/// table as a whole must be.
fn entry_problems(
    registry: &Registry,
    name: &str,
    key: &str,
    table: &BTreeMap<String, Param>,
) -> Vec<ModuleError> {
    let mut out = Vec::new();
    for (entry, value) in table.iter().take(MAX_ITEMS_CHECKED) {
        if out.len() == MAX_ITEM_PROBLEMS {
            break;
        }
        let alone = ModuleSpec {
            name: name.to_string(),
            params: BTreeMap::from([(
                key.to_string(),
                Param::Table(BTreeMap::from([(entry.clone(), value.clone())])),
            )]),
        };
        let Err(error) = build(registry, &alone) else {
            continue;
        };
        let at = format!("`{}.", crate::text::excerpt(key));
        match &error {
            ModuleError::Param { problem, .. } if problem.contains(&at) => out.push(error),
            // About the table, not the entry: the whole table's error stands.
            _ => return Vec::new(),
        }
    }
    out
}

/// `error`, or each of its problems as a [`ModuleError::Param`] where it holds several.
fn each_problem(error: ModuleError) -> Vec<ModuleError> {
    match error {
        ModuleError::Params { module, problems } => problems
            .into_iter()
            .map(|problem| ModuleError::Param {
                module: module.clone(),
                problem,
            })
            .collect(),
        other => vec![other],
    }
}

/// Every problem with a module list, not only the first: duplicate and unknown names, and each
/// parameter checked on its own (then the whole spec, for problems between parameters).
pub fn check_specs(registry: &Registry, specs: &[ModuleSpec]) -> Vec<SpecProblem> {
    check_specs_repairing(registry, specs).problems
}

/// What [`check_specs_repairing`] found, and the list with what was at fault left out.
#[derive(Clone, Debug, Default)]
pub struct SpecCheck {
    pub problems: Vec<SpecProblem>,
    /// The specs with each parameter found bad left out (at its default), but where only some
    /// of it was: a table's bad entries left out, a list's tables with their bad parts taken
    /// out (a required value stood in for), the rest kept. Module `i`'s spec is `repaired[i]`.
    pub repaired: Vec<ModuleSpec>,
    /// The parameters whose value in `repaired` is not the file's (left at the default),
    /// by module: `None` for all of a module's (its parameters clash together). A problem the
    /// repaired modules find with one of these would be about the stand-in, not the file.
    pub set_aside: Vec<(usize, Option<String>)>,
}

/// [`check_specs`], and the specs repaired so that the modules can still be built and their
/// other checks made (a misspelt terrain among the multipliers beside one out of range).
pub fn check_specs_repairing(registry: &Registry, specs: &[ModuleSpec]) -> SpecCheck {
    let mut set_aside: Vec<(usize, Option<String>)> = Vec::new();
    let mut out = Vec::new();
    // The specs with every parameter found bad on its own left out (at its default), so that
    // how the modules fit together is still checked: one bad value hides nothing else.
    let mut repaired: Vec<ModuleSpec> = specs.to_vec();
    let mut names_ok = true;
    for (i, spec) in specs.iter().enumerate() {
        if specs[..i].iter().any(|s| s.name == spec.name) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::Duplicate(spec.name.clone()),
            });
            names_ok = false;
            continue;
        }
        if !registry.has_module(&spec.name) {
            names_ok = false;
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::Unknown {
                    name: spec.name.clone(),
                    known: registry.module_names().join(", "),
                },
            });
            continue;
        }
        let before = out.len();
        for (key, value) in &spec.params {
            let alone = ModuleSpec {
                name: spec.name.clone(),
                params: BTreeMap::from([(key.clone(), value.clone())]),
            };
            if let Err(error) = build(registry, &alone) {
                // A list: each item at fault, not only the first (`slot-prices = [1, -2, 3,
                // -4]` has two), each problem of a table item (a goal's), and with those
                // taken out, the problems between items (two goals' names alike).
                let (items, peeled) = item_problems(registry, &spec.name, key, value);
                let mut problems = if items.is_empty() {
                    each_problem(error)
                } else {
                    items
                };
                // What is left once the parts at fault are out: a list's tables with their
                // mistakes taken out, a table without its bad entries.
                let kept = match value {
                    Param::Table(t) => Some(Param::Table(
                        t.iter()
                            .filter(|(entry, _)| {
                                let at = format!("`{}.{entry}`", crate::text::excerpt(key));
                                !problems.iter().any(|p| p.to_string().contains(&at))
                            })
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect(),
                    )),
                    Param::List(_) => peeled.or_else(|| Some(value.clone())),
                    _ => peeled,
                };
                let mut kept_ok = None;
                let mut kept = kept;
                // The list whole, again with the parts the problems between its items blame
                // taken out (a name twice), so that its other checks can still be made.
                for _ in 0..MAX_PEELS {
                    let Some(list) = kept.take() else {
                        break;
                    };
                    let whole = ModuleSpec {
                        name: spec.name.clone(),
                        params: BTreeMap::from([(key.clone(), list.clone())]),
                    };
                    match build(registry, &whole) {
                        Ok(_) => {
                            kept_ok = Some(list);
                            break;
                        }
                        Err(error) => {
                            let found = each_problem(error);
                            let mut list = list;
                            let mut taken = false;
                            for e in &found {
                                taken |= peel_in_list(registry, &spec.name, key, &mut list, e);
                                if !problems.contains(e) && !misspelt_before(&problems, e) {
                                    problems.push(e.clone());
                                }
                            }
                            kept = taken.then_some(list);
                        }
                    }
                }
                out.extend(problems.into_iter().map(|error| SpecProblem {
                    module: i,
                    key: Some(key.clone()),
                    error,
                }));
                if let Some(r) = repaired.get_mut(i) {
                    match kept_ok {
                        Some(kept) => {
                            r.params.insert(key.clone(), kept);
                        }
                        None => {
                            r.params.remove(key);
                            set_aside.push((i, Some(key.clone())));
                        }
                    }
                }
            }
        }
        if out.len() == before
            && let Err(error) = build(registry, spec)
        {
            out.extend(each_problem(error).into_iter().map(|error| SpecProblem {
                module: i,
                key: None,
                error,
            }));
            // The parameters clash together: check the rest with them all at their defaults.
            if let Some(r) = repaired.get_mut(i) {
                r.params.clear();
            }
            set_aside.push((i, None));
        }
    }
    if names_ok && let Ok(modules) = build_all_unchecked(registry, &repaired) {
        out.extend(check_declarations(registry, &modules));
    }
    SpecCheck {
        problems: out,
        repaired,
        set_aside,
    }
}

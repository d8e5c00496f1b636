//! Modules: mechanisms a ruleset switches on by name (Queendomino's knights, wealth, ...).
//!
//! A module is one type implementing [`Module`], registered by name in a [`Registry`]. Its hooks take
//! `&self` and keep nothing of their own: what a module tracks is its own state and the named
//! resources it shares with the others ([`ModuleData`], kept in the game by module index), so
//! games still clone, compare, save (as actions) and replay. Modules run in the
//! order the ruleset lists them; a module with a turn step gets that step after the domino is
//! placed and before the next one is claimed, and the player ends it with [`Action::Pass`].

mod bounded;
pub(crate) mod buildings;
mod by_position;
mod claim_order;
mod context;
pub mod describe;
pub(crate) mod dragon;
pub mod file;
mod goals;
mod handicap;
pub(crate) mod knights;
mod majority;
mod mechanism;
mod per_side;
mod queen;
mod state;
pub mod table;
mod terrain_multipliers;
mod territory;
pub mod value_words;
mod wealth;

pub use bounded::{Bounded, BoundedList};
pub use buildings::{BOARD, Buildings, BuildingsAction, BuildingsState, board_prices};
pub use claim_order::ClaimOrder;
pub use context::{Cx, CxMut, SetupContext, SideEdit, SideView, Table};
pub use dragon::{Dragon, DragonAction, DragonState};
pub use file::{
    Directive, FileMark, FileSyntax, Mark, PlacedMark, TableAt, TableKingdom, TableProblem,
    TableView, check_table,
};
pub use goals::{Goal, Goals, GoalsState, Scope as GoalScope};
pub use handicap::Handicap;
pub use knights::{Knights, KnightsAction, KnightsState};
pub use majority::{Majority, MajorityState};
pub use mechanism::params_schema;
pub use mechanism::{
    Actions, CheckProblem, Mechanism, NoAction, NoParams, ParamProblem, ParamsType, build_mechanism,
};
pub use per_side::{PerSide, SideItem, SideValue};
#[cfg(test)]
pub use queen::queen_host;
pub use queen::{Queen, QueenState};
pub use state::{
    MAX_DECLARED, ModuleData, ModuleList, ModuleState, NoState, Res, ResourceId, Resources,
    StateBox, States,
};
pub use table::{ComponentTable, rows};
pub use terrain_multipliers::TerrainMultipliers;
pub use territory::{
    KingdomComparer, KingdomScorer, MAX_TERRITORIES, TerritoryScoring, TerritorySize,
    territory_sizes,
};
pub use wealth::Wealth;

use crate::action_text::ActionWord;
#[allow(unused_imports)] // `Game` is named in the docs.
use crate::game::{Action, Game, IllegalAction};
use crate::geometry::Cell;
use crate::module_action::{ActionSink, MAX_MODULES, ModuleIndex};
use crate::registry::Registry;
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use crate::side::Side;
use describe::{CellMark, ChoiceView, Panel, ScoreLine, Stat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;

/// A module parameter's value, as a ruleset gives it: a whole number, true/false, a number with a
/// fraction, a word, a list of whole numbers, or (for a module whose parameters hold them) a list
/// or a table of any of these. Whatever a module's parameter type reads, a ruleset can give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Param {
    Int(i64),
    Bool(bool),
    Float(Float),
    Text(String),
    Ints(Vec<i64>),
    List(Vec<Param>),
    Table(BTreeMap<String, Param>),
}

/// The key of the one-key table a number JSON cannot hold (NaN, infinite) becomes.
pub(crate) const NON_FINITE: &str = "$non-finite";

impl schemars::JsonSchema for Param {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Param".into()
    }

    /// One branch a kind of TOML value (a whole number reads as a number), so a value of a
    /// kind no module reads (a date) is reported where it is, in one phrase.
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let inner = generator.subschema_for::<Param>();
        schemars::json_schema!({
            "title": "a number, true or false, a word in quotes, a list or a table",
            "x-whole": true,
            "description": "A module parameter's value, as a ruleset gives it; the module's own type says which it reads.",
            "anyOf": [
                { "type": "number" },
                { "type": "boolean" },
                { "type": "string" },
                { "type": "array", "items": inner },
                { "type": "object", "additionalProperties": inner }
            ]
        })
    }
}

impl Param {
    /// As JSON, what a serde type reads from (a number that JSON cannot hold, NaN or infinite,
    /// is `{"$non-finite": "nan"}`, which no type reads).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Param::Int(v) => (*v).into(),
            Param::Bool(v) => (*v).into(),
            // Not a JSON number (NaN, infinite): a one-key table holding its TOML word, which
            // no number and no text reads, so it is refused rather than taken as left out or
            // as the word (`value_words` names it by the word).
            Param::Float(v) => serde_json::Number::from_f64(v.0).map_or_else(
                || serde_json::json!({ NON_FINITE: v.to_string() }),
                Into::into,
            ),
            Param::Text(t) => t.clone().into(),
            Param::Ints(v) => v.clone().into(),
            Param::List(items) => items.iter().map(Param::to_json).collect(),
            Param::Table(entries) => serde_json::Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

/// A parameter's number with a fraction (`0.5`), equal to another when their bits are (so a
/// ruleset's rules compare and print back as they were written).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Float(pub f64);

impl PartialEq for Float {
    fn eq(&self, other: &Float) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Float {}

impl std::fmt::Display for Float {
    /// As TOML writes it: `0.5`, `2.0`, `-inf`, `nan`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0;
        if v.is_nan() {
            f.write_str("nan")
        } else if v.is_infinite() {
            f.write_str(if v > 0.0 { "inf" } else { "-inf" })
        } else {
            write!(f, "{v:?}")
        }
    }
}

/// A text in TOML's quotes, with what it cannot hold literally escaped.
fn write_quoted(f: &mut std::fmt::Formatter<'_>, t: &str) -> std::fmt::Result {
    f.write_str("\"")?;
    for c in t.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if c.is_control() => write!(f, "\\u{:04X}", u32::from(c))?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

impl std::fmt::Display for Param {
    /// As TOML writes it: `5`, `true`, `0.5`, `"two"`, `[0, 1, -1]`, `{ a = 1, b = "x" }`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Param::Int(v) => write!(f, "{v}"),
            Param::Bool(v) => write!(f, "{v}"),
            Param::Float(v) => write!(f, "{v}"),
            Param::Text(t) => write_quoted(f, t),
            Param::Ints(v) => {
                let items: Vec<String> = v.iter().map(i64::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            Param::List(items) => {
                f.write_str("[")?;
                for (i, p) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{p}")?;
                }
                f.write_str("]")
            }
            Param::Table(entries) => {
                if entries.is_empty() {
                    return f.write_str("{}");
                }
                f.write_str("{ ")?;
                for (i, (k, p)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let bare = crate::text::is_bare_key(k);
                    if bare {
                        f.write_str(k)?;
                    } else {
                        write_quoted(f, k)?;
                    }
                    write!(f, " = {p}")?;
                }
                f.write_str(" }")
            }
        }
    }
}

/// A module as a ruleset names it: its name and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleSpec {
    pub name: String,
    #[serde(default)]
    pub params: BTreeMap<String, Param>,
}

impl ModuleSpec {
    pub fn new(name: &str) -> ModuleSpec {
        ModuleSpec {
            name: name.to_string(),
            params: BTreeMap::new(),
        }
    }
}

/// Score one side: the kingdom's territories and bonuses under `rules`, then each module's part,
/// in module order. The breakdown's `held` has each resource a `most-RESOURCE` or
/// `fewest-RESOURCE` tie-break compares (a game's, or a match's: added up over its games).
pub fn score_side(rules: &Rules, side: SideView<'_>) -> ScoreBreakdown {
    let mut breakdown = ScoreBreakdown::default();
    score_side_into(rules, side, &mut breakdown);
    breakdown
}

/// [`score_side`] into `out`, whose lists are cleared and reused.
pub fn score_side_into(rules: &Rules, side: SideView<'_>, out: &mut ScoreBreakdown) {
    crate::score::score_kingdom_into(side.kingdom, rules, out);
    let game = rules.tie_breaks.iter().filter_map(|t| t.resource());
    let matched = rules.match_tie_breaks.iter().filter_map(|t| t.resource());
    for r in game.chain(matched) {
        out.held.insert(r.to_string(), side.resource(r));
    }
    for (i, m) in side.list().modules().iter().enumerate() {
        m.score(side.for_module(i), out);
    }
}

/// Why a ruleset's module list cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModuleError {
    /// A name the registry does not know; `known` lists the names it knows.
    #[error("unknown module `{name}`; known modules: {known}")]
    Unknown { name: String, known: String },
    #[error("module `{0}` is listed twice")]
    Duplicate(String),
    #[error("module `{module}`: {problem}")]
    Param { module: String, problem: String },
    /// Several problems with the parameters, each as a [`ModuleError::Param`] would say it
    /// (a ruleset's checks report each on its own, at its place in the file).
    #[error("module `{module}`: {}", problems.join("; "))]
    Params {
        module: String,
        problems: Vec<String>,
    },
    /// A parameter the module does not have (the key is at fault, not its value).
    #[error("module `{module}`: {problem}")]
    UnknownParam { module: String, problem: String },
    #[error(
        "module `{module}` needs `{resource}`, which no module of the list provides{providers}"
    )]
    Unprovided {
        module: String,
        resource: String,
        /// The known modules that provide it, in words (`; `buildings` provides it`), or empty.
        providers: String,
    },
    #[error(
        "module `{module}` must come after `{first}` in `modules`: its step follows `{first}`'s in a turn"
    )]
    Order { module: String, first: String },
    #[error(
        "module `{module}` must come before `{then}` in `modules`: its step comes first in a turn"
    )]
    OrderBefore { module: String, then: String },
    #[error(
        "module `{module}` declares {count} resources (provided, used and read); a module may declare at most {max}"
    )]
    TooManyResources {
        module: String,
        count: usize,
        max: usize,
    },
    /// A module shares its state through a resource it does not provide (a plugin's mistake).
    #[error(
        "module `{module}` shares its state through `{resource}`, which it does not provide (a module shares only through resources it provides)"
    )]
    SharesUnprovided { module: String, resource: String },
    #[error("a rules' list has at most {MAX_MODULES} modules; this one has {0}")]
    TooMany(usize),
    #[error(
        "module `{module}` writes its actions `{keyword}...`, as {other} does: each kind of action needs a keyword of its own"
    )]
    Keyword {
        module: String,
        keyword: &'static str,
        /// Who else uses it: `the core`, or ``module `knights` ``.
        other: String,
    },
    #[error(
        "module `{module}` reads {what} in kingdom files, as module `{other}` does: each module needs marks and `@` words of its own (a kingdom file could not say whose it is)"
    )]
    FileSyntax {
        module: String,
        /// The mark or line: ``the mark `+` `` or ``the line `@coins` ``.
        what: String,
        other: String,
    },
    #[error(
        "module `{module}` reads the mark `{}` in kingdom files, which a kingdom file cannot hold after a square: a mark is one character, not a digit (the crowns), a space nor an invisible one (`[` is the numbered form `[N]`)",
        symbol.escape_debug()
    )]
    BadMark { module: String, symbol: char },
    /// A module saying its points come in two of the bots' forms at once, which they would
    /// count twice.
    #[error(
        "module `{module}` says its points follow where its pieces stand (`scores_placements`) and also {other}: the bots would count them twice; say one (`scores_placements` takes in the others: its `points` are asked of each placement's kingdom)"
    )]
    ScoresTwice { module: String, other: &'static str },
    /// An action keyword that the action text could not read back (a plugin's mistake).
    #[error(
        "module `{module}` writes its actions `{}...`: a keyword is lower-case letters a-z, one to {MAX_KEYWORD} of them (actions are read back by the letters they start with)",
        keyword.escape_debug()
    )]
    BadKeyword {
        module: String,
        keyword: &'static str,
    },
}

/// The longest keyword a module's actions may have.
pub const MAX_KEYWORD: usize = 16;

/// Register the shipped modules (what [`Registry::shipped`] holds).
pub(crate) fn register_shipped(registry: &mut Registry) {
    registry
        .add_mechanism::<Knights>()
        .add_mechanism::<Buildings>()
        .add_mechanism::<Queen>()
        .add_mechanism::<Dragon>()
        .add_mechanism::<Wealth>()
        .add_mechanism::<ClaimOrder>()
        .add_mechanism::<TerrainMultipliers>()
        .add_mechanism::<Goals>()
        .add_mechanism::<Handicap>()
        .add_mechanism::<Majority>();
}

/// Build a module from its spec, by the registry's factory of its name.
pub fn build(registry: &Registry, spec: &ModuleSpec) -> Result<Box<dyn Module>, ModuleError> {
    registry.build_module(spec)
}

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

/// What a module exchanges with the other modules, and where its step goes in a turn: declared by
/// each module ([`Module::declare`]) and checked when a ruleset is built ([`check_specs`]), so a
/// module list that could never work is refused at load, at the position of `modules`.
///
/// Resources are named values the modules share, per side or for the whole table: `coins`,
/// `knights`, `towers`, `board` (the Builders' Board's face-up buildings), `tax-bonus` (what
/// buildings add to each tax), `queen-host` and `discount` (the Queen's). A module reads or
/// changes another's resource only through the name it declares here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declaration {
    /// Resources it keeps, for itself and the others.
    pub provides: &'static [&'static str],
    /// Resources it cannot work without: some module of the list must provide each.
    pub uses: &'static [&'static str],
    /// Resources it reads when a module of the list provides them, and does without otherwise.
    pub reads: &'static [&'static str],
    /// Modules that, when listed too, come before it in `modules`: their steps come first in a
    /// turn (the rulebook's turn order: tax, build, Dragon).
    pub after: &'static [&'static str],
    /// Modules that, when listed too, come after it in `modules`: its step comes first (a
    /// plugin going ahead of a shipped module, which cannot name it in its `after`).
    pub before: &'static [&'static str],
    /// Whether it plays the ruleset's building tiles (`[[building]]`): a ruleset with tiles and
    /// no such module is warned that they never appear.
    pub building_tiles: bool,
    /// Those of `provides` that belong to the whole table, not to each side (the Builders'
    /// Board, the Queen's discount): no `most-RESOURCE` tie-break can compare them.
    pub table_wide: &'static [&'static str],
    /// Those of `provides` through which a module declaring the resource reaches this module's
    /// state ([`Cx::shared`], [`CxMut::shared_mut`], [`SideView::shared`]): `board` is the
    /// buildings' own state, which the Dragon burns from. Any other resource is a number, per
    /// side or on the table, and its provider's state stays its own.
    pub shares: &'static [&'static str],
}

impl Declaration {
    /// Nothing declared (what `Default` gives, for a `const`: `..Declaration::NONE`).
    pub const NONE: Declaration = Declaration {
        provides: &[],
        uses: &[],
        reads: &[],
        after: &[],
        before: &[],
        building_tiles: false,
        table_wide: &[],
        shares: &[],
    };

    /// The resources it provides that each side holds (what a tie-break may compare).
    pub fn per_side(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.provides
            .iter()
            .copied()
            .filter(|r| !self.table_wide.contains(r))
    }
}

/// Problems between the modules of a list: a resource used that no module provides, a module
/// listed before one it must follow. `modules` are the built modules, in list order.
pub fn check_declarations(registry: &Registry, modules: &[Box<dyn Module>]) -> Vec<SpecProblem> {
    let mut out = Vec::new();
    if modules.len() > MAX_MODULES {
        out.push(SpecProblem {
            module: MAX_MODULES,
            key: None,
            error: ModuleError::TooMany(modules.len()),
        });
    }
    for (i, m) in modules.iter().enumerate() {
        let count = m.declare().resources().count();
        if count > state::MAX_DECLARED {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::TooManyResources {
                    module: m.name().to_string(),
                    count,
                    max: state::MAX_DECLARED,
                },
            });
        }
        if m.scores_placements() && (m.scores_territories() || m.scores_kingdom()) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::ScoresTwice {
                    module: m.name().to_string(),
                    other: if m.scores_territories() {
                        "that they are a sum over territories (`scores_territories`)"
                    } else {
                        "that they come from the territories together (`scores_kingdom`)"
                    },
                },
            });
        }
        let d = m.declare();
        if let Some(&resource) = d.shares.iter().find(|r| !d.provides.contains(r)) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::SharesUnprovided {
                    module: m.name().to_string(),
                    resource: resource.to_string(),
                },
            });
        }
        let words = m.action_words();
        for word in &words {
            let letters = !word.keyword.is_empty()
                && word.keyword.len() <= MAX_KEYWORD
                && word.keyword.bytes().all(|b| b.is_ascii_lowercase());
            if !letters {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::BadKeyword {
                        module: m.name().to_string(),
                        keyword: word.keyword,
                    },
                });
            }
        }
        for (k, word) in words.iter().enumerate() {
            let core = crate::action_text::CORE_WORDS
                .iter()
                .any(|w| w.keyword == word.keyword);
            let earlier = modules[..i]
                .iter()
                .find(|o| o.action_words().iter().any(|w| w.keyword == word.keyword));
            let own = words[..k].iter().any(|w| w.keyword == word.keyword);
            let other = match (core, earlier, own) {
                (true, _, _) => Some("the core".to_string()),
                (false, Some(o), _) => Some(format!("module `{}`", o.name())),
                (false, None, true) => Some("another kind of its own action".to_string()),
                (false, None, false) => None,
            };
            if let Some(other) = other {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Keyword {
                        module: m.name().to_string(),
                        keyword: word.keyword,
                        other,
                    },
                });
            }
        }
        // Kingdom files: a mark or an `@` word is one module's, but for an `@` word naming a
        // resource both modules provide (`@coins`, the knights' and wealth's: the first listed
        // reads it).
        let syntax = m.file_syntax();
        if let Some(bad) = syntax.marks.iter().find(|mark| {
            mark.symbol.is_ascii_digit()
                || mark.symbol.is_whitespace()
                || crate::text::is_unsafe_char(mark.symbol)
        }) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::BadMark {
                    module: m.name().to_string(),
                    symbol: bad.symbol,
                },
            });
        }
        for (j, o) in modules[..i].iter().enumerate() {
            let theirs = o.file_syntax();
            let mark = syntax
                .marks
                .iter()
                .find(|a| theirs.marks.iter().any(|b| b.symbol == a.symbol))
                .map(|a| format!("the mark `{}`", a.symbol));
            let shared = |word: &str| {
                m.declare().provides.contains(&word) && o.declare().provides.contains(&word)
            };
            let line = syntax
                .directives
                .iter()
                .find(|a| theirs.directives.iter().any(|b| b.word == a.word) && !shared(a.word))
                .map(|a| format!("the line `@{}`", a.word));
            if let Some(what) = mark.or(line) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::FileSyntax {
                        module: m.name().to_string(),
                        what,
                        other: modules[j].name().to_string(),
                    },
                });
                break;
            }
        }
        for &resource in d.uses {
            if !modules
                .iter()
                .any(|p| p.declare().provides.contains(&resource))
            {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Unprovided {
                        module: m.name().to_string(),
                        resource: resource.to_string(),
                        providers: providers_of(registry, resource),
                    },
                });
            }
        }
        for &first in d.after {
            if modules[i + 1..].iter().any(|later| later.name() == first) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Order {
                        module: m.name().to_string(),
                        first: first.to_string(),
                    },
                });
            }
        }
        // `before`: the other side of `after`, so that a plugin can go ahead of a shipped
        // module without the shipped one naming it.
        for &then in d.before {
            if modules[..i].iter().any(|earlier| earlier.name() == then) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::OrderBefore {
                        module: m.name().to_string(),
                        then: then.to_string(),
                    },
                });
            }
        }
    }
    out
}

/// The names of the modules `registry` knows that provide `resource`, for messages.
fn providers_of(registry: &Registry, resource: &str) -> String {
    let names: Vec<String> = registry
        .module_names()
        .into_iter()
        .filter(|name| {
            build(registry, &ModuleSpec::new(name))
                .is_ok_and(|m| m.declare().provides.contains(&resource))
        })
        .map(|name| format!("`{name}`"))
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        let verb = if names.len() == 1 {
            "provides"
        } else {
            "provide"
        };
        format!("; {} {verb} it", names.join(" or "))
    }
}

/// Whether a module of `modules` other than the one called `except` can ever add to `resource`
/// in a game of `ruleset` ([`Module::can_add`]): what an [`Module::idle`] warning asks before
/// saying that something never happens, so a plugin giving knights or towers counts too.
pub fn anyone_adds(
    modules: &[Box<dyn Module>],
    ruleset: &Ruleset,
    resource: &str,
    except: &str,
) -> bool {
    modules
        .iter()
        .any(|m| m.name() != except && m.can_add(ruleset, resource))
}

/// Whether a module of `modules` other than `except` takes from `resource` or depends on it
/// ([`Module::takes`]): whether what `except` gives of it can count for anything.
pub fn anyone_takes(modules: &[Box<dyn Module>], resource: &str, except: &str) -> bool {
    modules
        .iter()
        .any(|m| m.name() != except && m.takes(resource))
}

/// Build a ruleset's whole module list, refusing unknown and duplicate names, and lists whose
/// modules do not fit together (see [`Declaration`]).
pub fn build_all(registry: &Registry, specs: &[ModuleSpec]) -> Result<ModuleList, ModuleError> {
    let modules = build_all_unchecked(registry, specs)?;
    match check_declarations(registry, &modules).into_iter().next() {
        Some(problem) => Err(problem.error),
        None => Ok(ModuleList::new(modules)),
    }
}

/// [`build_all`] without checking how the modules fit together.
pub(crate) fn build_all_unchecked(
    registry: &Registry,
    specs: &[ModuleSpec],
) -> Result<Vec<Box<dyn Module>>, ModuleError> {
    let mut out: Vec<Box<dyn Module>> = Vec::with_capacity(specs.len());
    for (i, spec) in specs.iter().enumerate() {
        if specs[..i].iter().any(|s| s.name == spec.name) {
            return Err(ModuleError::Duplicate(spec.name.clone()));
        }
        out.push(build(registry, spec)?);
    }
    Ok(out)
}

/// A mechanism with hooks into the game loop. Hooks take `&self` and keep nothing of their own:
/// what a module tracks is its state ([`Module::new_state`]), which the game keeps for it and
/// hands each hook through its context ([`Cx::state`], [`CxMut::state_mut`], [`SideView::state`]),
/// and the resources it declares ([`Module::declare`], read and changed through [`Res`]).
pub trait Module: std::any::Any + Send + Sync + Debug {
    /// The name a ruleset uses for it.
    fn name(&self) -> &'static str;

    /// The spec that rebuilds this module (name and every parameter, defaults filled in).
    fn spec(&self) -> ModuleSpec;

    /// What it exchanges with the other modules, and which modules' steps come before its own.
    fn declare(&self) -> Declaration {
        Declaration::default()
    }

    /// The component tables it plays (`[[component.KEY]]` rows in ruleset and set files, each
    /// read by a serde type of its own: [`ComponentTable::of`]); it reads them back with
    /// [`rows`]. None by default.
    fn component_tables(&self) -> Vec<ComponentTable> {
        Vec::new()
    }

    /// The JSON Schema of its parameters (a [`Mechanism`]'s comes from its `Params` type), for
    /// the ruleset schema editors read; `None` when it does not give one.
    fn params_schema(&self) -> Option<serde_json::Value> {
        None
    }

    /// A new state of its own for a game (the default: none). The game clears it between games
    /// ([`ModuleState::clear`]) and its setup fills it.
    fn new_state(&self) -> StateBox {
        StateBox::new(NoState)
    }

    /// Set up the module's state and resources for a game; return a problem that makes the
    /// setup impossible (e.g. a supply too small for the number of sides).
    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String>;

    /// Problems with this module in `ruleset` (e.g. a terrain it names that does not exist),
    /// each with the parameter it is about, if one.
    fn check(&self, _ruleset: &Ruleset) -> Vec<CheckProblem> {
        Vec::new()
    }

    /// Why this module can never act under `rules` (a warning, not an error: the game still
    /// plays), or `None`. `modules` is the whole list in force, this module among them: ask
    /// [`anyone_adds`] whether some other module can give what this one waits for.
    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Option<String> {
        None
    }

    /// Parts of this module's rules that act but can never count under `rules` (warnings, not
    /// errors): what it gives that no module of `modules` keeps or scores. Each is a sentence
    /// after `module `NAME`: `.
    fn never_counts(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Vec::new()
    }

    /// Parameters (or parts of them) that can never come into play in `ruleset` though they are
    /// valid (warnings, not errors): each at its parameter (`CheckProblem::at`), else at the
    /// module (`CheckProblem::whole`); the engine puts `` module `NAME`: `` before it. `rules`
    /// are those of one player count; a warning said at every count is said once.
    fn never_reached(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        Vec::new()
    }

    /// Whether this module can ever add to the resource `resource` in a game of `ruleset`, for
    /// the other modules' [`Module::idle`] warnings (knights that no one starts with, the Queen
    /// without towers). The default says yes for every resource the module declares; say no
    /// where the module's data rules it out (the buildings give towers only when some building
    /// has a tower).
    fn can_add(&self, _ruleset: &Ruleset, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }

    /// Whether what this module does depends on the resource `resource`, or takes from it (it
    /// spends coins, scores them, breaks a tie by them), for the other modules' warnings that
    /// what they give never counts. The default says yes for every resource the module
    /// declares; say no for one it only adds to (the claim order's coins at the start).
    fn takes(&self, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }

    /// Whether this module gives each turn a step of its own (after placing, before claiming).
    fn has_turn_step(&self) -> bool {
        false
    }

    /// Whether [`Module::after_action`] does anything (the game calls only those that do).
    fn watches_actions(&self) -> bool {
        false
    }

    /// Whether [`Module::begin_step`] does anything (the game calls it only then).
    fn has_begin_step(&self) -> bool {
        false
    }

    /// Called when the acting player enters this module's step, for a module that
    /// [`Module::has_begin_step`]: whatever the step then offers, a step with nothing to choose
    /// (only `Pass`, played by itself) included. Not while a choice's words are worked out
    /// ([`Cx::if_played`] stops at the action). A front end tells what it changed
    /// ([`Module::news`]) with the action that led into the step.
    fn begin_step(&self, _cx: CxMut<'_>) {}

    /// The module's legal actions in its step, for `side` (the game adds [`Action::Pass`]).
    fn legal_actions(&self, _cx: Cx<'_>, _side: Side, _out: &mut ActionSink<'_>) {}

    /// Why `payload`, one of this module's actions, is not legal for `side` now, in the
    /// module's words (`Monument costs 3¢; this kingdom has 2`), or `None` for the core's
    /// generic refusal. Asked only for an action the game refuses in this module's step.
    fn why_illegal(&self, _cx: Cx<'_>, _side: Side, _payload: u32) -> Option<String> {
        None
    }

    /// How many actions [`Module::legal_actions`] lists, for random play without listing them.
    /// The default lists them; a module on the simulation hot path counts them instead.
    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        let mut out = Vec::new();
        self.legal_actions(cx, side, &mut ActionSink::new(ModuleIndex::FIRST, &mut out));
        out.len() as u32
    }

    /// The payload of the `n`th action (0-based) [`Module::legal_actions`] lists. The default
    /// lists them.
    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<u32> {
        let mut out = Vec::new();
        self.legal_actions(cx, side, &mut ActionSink::new(ModuleIndex::FIRST, &mut out));
        out.get(n as usize).and_then(|a| a.module_payload())
    }

    /// One of the step's choices drawn uniformly for random play: `crate::rng::below(count + 1)`
    /// from `next_u32`, `count` being [`Module::legal_action_count`]; the payload of that action
    /// ([`Module::nth_legal_action`]), or `None` for the last pick, `Pass`. The default counts,
    /// draws and indexes; a module on the hot path does the work they share once.
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<u32> {
        let count = self.legal_action_count(cx, side);
        let pick = crate::rng::below(count + 1, next_u32);
        if pick < count {
            self.nth_legal_action(cx, side, pick)
        } else {
            None
        }
    }

    /// Apply one of this module's actions, of payload `payload` (already checked to be among its
    /// legal actions). Returns whether the step goes on (more actions possible) or is over.
    fn apply(&self, _cx: CxMut<'_>, _side: Side, _payload: u32) -> Result<bool, IllegalAction> {
        Ok(false)
    }

    /// Random play's step in one call: the choice [`Module::random_action`] draws, played as
    /// [`Module::apply`] plays it. `None` when the draw was `Pass` (nothing changed); otherwise
    /// the payload played and whether the step goes on. The default is exactly those two hooks
    /// (as is [`Mechanism`]'s, with the action kept typed between them): what it saves is a
    /// second call through the module list on the simulation hot path, so a module overrides it
    /// only to make it cheaper, never to play otherwise.
    fn play_random_step(
        &self,
        cx: CxMut<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<(u32, bool)> {
        let payload = self.random_action(cx.read(), side, next_u32)?;
        Some((payload, self.apply(cx, side, payload).unwrap_or(false)))
    }

    // ----- its actions in text and JSON (see [`crate::module_action::ModuleAction`]) -----

    /// The keyword of this module's actions, and how they are written (none: it has no
    /// actions).
    fn action_word(&self) -> Option<ActionWord> {
        None
    }

    /// The text of its action of payload `payload`, keyword first (`tax0`).
    fn write_action(&self, payload: u32, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}?{payload}", self.name())
    }

    /// What follows its keyword in an action's text, read into a payload: `None` unless it is
    /// exactly what [`Module::write_action`] writes.
    fn read_action(&self, _rest: &str) -> Option<u32> {
        None
    }

    /// Every keyword its actions' text may start with, [`Module::action_word`]'s first.
    fn action_words(&self) -> Vec<ActionWord> {
        self.action_word().into_iter().collect()
    }

    /// An action's text starting with `keyword` (one of [`Module::action_words`]), `rest`
    /// following it, read into a payload. The default reads [`Module::action_word`]'s with
    /// [`Module::read_action`].
    fn read_action_word(&self, keyword: &str, rest: &str) -> Option<u32> {
        if self.action_word()?.keyword == keyword {
            self.read_action(rest)
        } else {
            None
        }
    }

    /// Its action of payload `payload` as JSON (`{"action":"tax","square":0}`), as saves record
    /// it.
    fn action_json(&self, _payload: u32) -> Option<String> {
        None
    }

    /// An action's JSON, read into a payload when it is one of this module's: `Ok(None)` when
    /// it is not (another module's kind, or the core's), an error saying what is wrong when it
    /// names one of this module's kinds but does not read as it.
    fn read_action_json(&self, _json: &str) -> Result<Option<u32>, String> {
        Ok(None)
    }

    /// Called after an action (not a pass) by `side` of a module providing a resource this one
    /// uses or reads, for the modules that [`Module::watches_actions`] (the Queen, who goes to
    /// the kingdom that gained the most towers: after each build).
    fn after_action(&self, _cx: CxMut<'_>, _side: Side) {}

    /// Whether [`Module::end_round`] does anything (the game calls it only then).
    fn has_end_round(&self) -> bool {
        false
    }

    /// Called at the end of each round of turns, for a module that [`Module::has_end_round`]:
    /// once the round's last turn is over and the next line is drawn, before the next round's
    /// first placement (`cx.table().round()` already the next round's number); after the
    /// game's last round too, where no line follows (`cx.table().current_line()` empty, and
    /// the game ends after it); not after the first claims (round 0 has no turns). What a
    /// module does at the start of a round it does here, and in `setup` for the first.
    fn end_round(&self, _cx: CxMut<'_>) {}

    /// Reshuffle what this module keeps hidden from every player (a draw pile's order), from a
    /// canonical order, drawing from `next_u32`: see [`Game::resample_hidden`];
    /// [`crate::rng::resample_pile`] does both for a pile kept as a list. The conformance suite
    /// checks that what players see stays as it was.
    fn resample_hidden(&self, _cx: CxMut<'_>, _next_u32: &mut dyn FnMut() -> u32) {}

    /// Add this module's part of a side's final score.
    fn score(&self, _side: SideView<'_>, _breakdown: &mut ScoreBreakdown) {}

    /// Whether this module's points are a sum over the side's territories, each given by
    /// [`Module::territory_points`] (`terrain-multipliers`): the bots then value a placement with
    /// them, as they value the printed squares x crowns.
    fn scores_territories(&self) -> bool {
        false
    }

    /// For a module that [`Module::scores_territories`]: the points it gives one territory of
    /// the terrain named `terrain` with `squares` squares and `crowns` crowns. Its
    /// [`Module::points`] must be the sum of these over the side's territories, held within
    /// [`MAX_LINE_POINTS`] either way ([`clamp_line`]), as the bots hold it.
    fn territory_points(&self, _terrain: &str, _squares: u32, _crowns: u32) -> i64 {
        0
    }

    /// Whether this module's points come from the side's territories taken together, as
    /// [`Module::kingdom_scorer`] gives them (`goals`: a lake of 6 squares, met once): the bots
    /// then value a placement with them.
    fn scores_kingdom(&self) -> bool {
        false
    }

    /// For a module that [`Module::scores_kingdom`]: its points for a kingdom from the
    /// kingdom's territories alone, with what the game's setup decided (the goals drawn), asked
    /// once a game is set up. What it gives must equal [`Module::points`] for any kingdom of
    /// those territories for the rest of the game: for points that depend on the kingdom and
    /// on the setup, not on what changes in play.
    fn kingdom_scorer(&self, _cx: Cx<'_>) -> Option<Box<dyn KingdomScorer>> {
        None
    }

    /// Whether this module's points depend on the kingdom in a way neither
    /// [`Module::scores_territories`] nor [`Module::scores_kingdom`] says (a module says at most
    /// one of the three: refused when a ruleset lists one saying two): where its own pieces
    /// stand (a market stall scoring its territory's squares, a well scoring the lakes next to
    /// it). The bots then ask its [`Module::points`] of the kingdom as it would be after each
    /// placement they weigh (through [`crate::Game::placed_points`]: a call a placement, so
    /// slower than the forms above, which are worked out once).
    fn scores_placements(&self) -> bool {
        false
    }

    /// Whether this module's points compare the kingdoms (`majority`: an award to the kingdom
    /// with the most crowns), so that one kingdom alone cannot tell them: the bots then weigh a
    /// placement by its [`Module::kingdom_comparer`] (through
    /// [`crate::Game::kingdom_comparers`] and [`crate::Game::placed_points`], as for
    /// [`Module::scores_placements`]).
    fn compares_kingdoms(&self) -> bool {
        false
    }

    /// For a module that [`Module::compares_kingdoms`]: what it would give `side` were it
    /// decided now, for any kingdom `side` might have (its own with a domino more, as the bots
    /// weigh a placement), the other kingdoms as they stand on `table` (read once, here).
    fn kingdom_comparer(&self, _table: Table<'_>, _side: Side) -> Option<Box<dyn KingdomComparer>> {
        None
    }

    // ----- kingdom files (see [`file`]): `@` lines and marks after squares -----

    /// The `@` lines and marks this module reads in a kingdom file.
    fn file_syntax(&self) -> FileSyntax {
        FileSyntax::default()
    }

    /// Problems with this module's marks in a kingdom file, all at once (each with the index of
    /// the mark in `marks`, in file order): a building number that does not exist, on the wrong
    /// terrain, built twice. `marks` are only those of this module's symbols.
    fn check_marks(&self, _ruleset: &Ruleset, _marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        Vec::new()
    }

    /// Problems with what the kingdoms of one table hold together that no kingdom alone shows
    /// (the kingdom files of one `crownlands score`, a single file being a table of one), each
    /// with the index in `kingdoms` of the kingdom it concerns and where in its file (the `@`
    /// line or the square, for the message's line and column): the Queen in two kingdoms, one
    /// building built in two. Called once every kingdom has been read; `table.sides` says how
    /// many kingdoms the table has, of which the files may be some (`table.complete()`).
    fn check_table(&self, _table: &TableView<'_>) -> Vec<TableProblem> {
        Vec::new()
    }

    /// Read one of this module's marks (checked by [`Module::check_marks`]) on `cell` of the
    /// side's kingdom.
    fn read_mark(
        &self,
        _edit: SideEdit<'_>,
        _cell: Cell,
        _symbol: char,
        _number: Option<u32>,
        _count: u32,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Read one of this module's `@` lines (`value`: its number, for one that takes one).
    fn read_directive(
        &self,
        _edit: SideEdit<'_>,
        _word: &str,
        _value: Option<u32>,
    ) -> Result<(), String> {
        Ok(())
    }

    /// The marks this module writes on a side's kingdom in a kingdom file.
    fn write_marks(&self, _side: SideView<'_>, _out: &mut Vec<PlacedMark>) {}

    /// The `@` lines this module writes for a side (`word` and its number; only what is not 0):
    /// only for the directives it declares.
    fn write_directives(&self, _side: SideView<'_>, _out: &mut Vec<(&'static str, Option<u32>)>) {}

    // ----- presentation (see [`describe`]): front ends render these, knowing no module -----

    /// What this module's turn step is for, a sentence an item (help, the rules panel), with
    /// the numbers of its parameters (a house rule's price is the one shown).
    fn help(&self) -> Vec<String> {
        Vec::new()
    }

    /// [`Module::help`] as the rules in play have it, `modules` the rules' whole list: a
    /// module may leave out what no module of the list ever brings (the knights' tax bonus
    /// where no module gives one). By default the help itself.
    fn help_in(&self, _ruleset: &Ruleset, _modules: &[Box<dyn Module>]) -> Vec<String> {
        self.help()
    }

    /// The module in one line (at most 76 characters with short parameter values, as the
    /// shipped defaults are): what it adds to a turn or to the score, with the numbers of its
    /// parameters.
    fn summary(&self) -> Option<String> {
        None
    }

    /// The module among the rules a help lists (`How RULESET scores`): its summary, or a
    /// line and then a line for each thing it lists (each goal, in words). By default the
    /// summary.
    fn rule_lines(&self) -> Vec<String> {
        self.summary().into_iter().collect()
    }

    /// What it gives side `side` (from 0; a seat, but for teams) of `sides` for sitting there,
    /// in a few words, for a setup screen beside the seat (`+5 pts`, `+3 coins`): `None` (the
    /// default) where it gives every side alike.
    fn side_note(&self, _side: usize, _sides: u8) -> Option<String> {
        None
    }

    /// This module's step in a word or two (`Tax`), for a title where the prompt does not fit.
    /// The default is the module's name, capitalised.
    fn title(&self) -> String {
        let mut chars = self.name().chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        })
    }

    /// What this module's step asks of `side`, one sentence.
    fn prompt(&self, _cx: Cx<'_>, _side: Side) -> String {
        self.help()
            .into_iter()
            .next()
            .unwrap_or_else(|| format!("The {} step: choose, or pass.", self.name()))
    }

    /// What `side` may miss in this module's step now, short (`you have 4¢: not enough for
    /// Small Tavern 5¢`): said with the step's title where its prompt does not fit.
    fn note(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }

    /// Why `side` has nothing to choose in this module's step now (only going on is legal), in
    /// words (`the Queen's host may not bribe the Dragon`); `None` when the module does not say.
    fn why_no_choice(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }

    /// One of this module's legal actions as a choice in words (`None`: the core writes its
    /// text).
    fn describe_choice(&self, _cx: Cx<'_>, _side: Side, _action: Action) -> Option<ChoiceView> {
        None
    }

    /// What changed of this module's public state from `before` to `after` (one action apart)
    /// that the action's own words do not say, a sentence each, naming sides with
    /// [`describe::side_ref`] (`the Queen goes to side 3`): a front end's log tells them. None by
    /// default.
    fn news(&self, _before: Cx<'_>, _after: Cx<'_>) -> Vec<String> {
        Vec::new()
    }

    /// The module's public state as titled rows (the Builders' Board): rows of words
    /// ([`describe::PanelRow::Text`]) or things on offer, each with its price, name and
    /// figures ([`describe::PanelRow::Item`]), which a front end short of room fits together.
    fn panels(&self, _cx: Cx<'_>, _out: &mut Vec<Panel>) {}

    /// What the module keeps for `side`, in words and as a count of a unit (`2 knights`, `2kn`:
    /// [`describe::Stat::counted`]) or a mark (`Queen`, `Q`: [`describe::Stat::mark`]).
    fn side_stats(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<Stat>) {}

    /// A side's value of `resource`, one this module provides, in words (`7 coins`, `7¢`), or
    /// `None` to leave it unshown. A resource several modules provide (coins: the knights' and
    /// wealth's) is shown once, by the first module of the list that words it, before every
    /// module's [`Module::side_stats`].
    fn resource_stat(&self, _resource: &str, _value: u32) -> Option<Stat> {
        None
    }

    /// The pieces the module put on `side`'s kingdom (knights, buildings).
    fn cell_marks(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<CellMark>) {}

    /// What must hold of the module's state and resources at every step, each broken one said
    /// in words (`side 2 keeps 3 stalls as its resource but lists 2`): where a module keeps one
    /// thing twice (a count in its state and as a resource), or its state must agree with the
    /// kingdoms. The conformance suite ([`crate::conformance`]) asks every module after every
    /// action of its games. Nothing by default.
    fn invariants(&self, _cx: Cx<'_>, _out: &mut Vec<String>) {}

    /// This module's lines of a side's score. The default lists the bonuses [`Module::score`]
    /// adds, and what it adds to the territories as one line named after the module.
    fn score_lines(&self, rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        default_score_lines(self, rules, side)
    }

    /// What [`Module::score`] adds to the total, without building a breakdown (simulations score
    /// millions of games). Modules score independently of each other. The default runs `score`
    /// on the kingdom's own breakdown; a module on the hot path computes the points directly.
    fn points(&self, rules: &Rules, side: SideView<'_>) -> i32 {
        default_points(self, rules, side)
    }
}

/// [`Module::score_lines`]' default: the bonuses `m`'s `score` adds, and what it adds to the
/// territories as one line named after the module.
pub(crate) fn default_score_lines<M: Module + ?Sized>(
    m: &M,
    rules: &Rules,
    side: SideView<'_>,
) -> Vec<ScoreLine> {
    let mut breakdown = crate::score::score_kingdom(side.kingdom, rules);
    let (before_total, before_bonuses) = (breakdown.total, breakdown.bonuses.len());
    m.score(side, &mut breakdown);
    let mut lines: Vec<ScoreLine> = breakdown.bonuses[before_bonuses..]
        .iter()
        .map(|b| ScoreLine {
            label: b.key.clone(),
            points: b.points,
            detail: None,
            short: None,
        })
        .collect();
    let listed: i32 = lines.iter().map(|l| l.points).sum();
    let rest = breakdown.total - before_total - listed;
    if rest != 0 {
        lines.push(ScoreLine {
            label: m.name().to_string(),
            points: rest,
            detail: None,
            short: None,
        });
    }
    lines
}

/// [`Module::points`]' default: what `m`'s `score` adds to the kingdom's breakdown.
pub(crate) fn default_points<M: Module + ?Sized>(m: &M, rules: &Rules, side: SideView<'_>) -> i32 {
    let mut breakdown = crate::score::score_kingdom(side.kingdom, rules);
    let before = breakdown.total;
    m.score(side, &mut breakdown);
    breakdown.total - before
}

/// The most points one line of a kingdom's score may count either way (a building's value, the
/// wealth bonus): house rules may multiply large numbers (a million coins at 1,000 points a
/// coin), and a kingdom's lines must add up without overflowing.
pub const MAX_LINE_POINTS: i32 = 1_000_000;

/// `points` within [`MAX_LINE_POINTS`] either way.
pub fn clamp_line(points: i64) -> i32 {
    let max = i64::from(MAX_LINE_POINTS);
    points.clamp(-max, max) as i32
}

/// A side's total: the kingdom's points under `rules` plus each module's, as [`score_side`]
/// would total them, without building the breakdown.
pub fn side_total(rules: &Rules, side: SideView<'_>) -> i32 {
    crate::score::score_total(side.kingdom, rules)
        + side
            .list()
            .modules()
            .iter()
            .enumerate()
            .map(|(i, m)| m.points(rules, side.for_module(i)))
            .sum::<i32>()
}

#[cfg(test)]
mod isolation;
#[cfg(test)]
mod tests;

//! Writing a resolved ruleset back out as one self-contained ruleset file. The file is the serde
//! type of the format ([`RulesetFile`]), filled from the ruleset and serialised by `toml_edit`
//! (which keeps the fields in the order the type declares them); only
//! the layout is chosen here: plain keys first, then each table under its header, the small
//! tables inside them (a square, a building's value, `harmony`) written inline.

use crate::format::{
    BuildingDef, BuildingValueDef, BuildingValueKind, DeckSize, DominoDef, HarmonyPatch, LinesDef,
    MiddleKingdomPatch, RulesPatch, RulesetFile, SquareDef, TerrainDef,
};
use crownlands_core::{BuildingValue, Rules, Ruleset, Square};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use toml_edit::Value;

/// The fully resolved ruleset as a self-contained ruleset file: no `extends`, every terrain,
/// domino and building inline. With `Some(n)`, only that player count (and its rules in
/// `[rules]`); with `None`, the rules of the smallest count in `[rules]` and `[for-players.N]`
/// for each count that differs, with only the keys that differ.
pub fn to_toml(ruleset: &Ruleset, players: Option<u8>) -> String {
    to_toml_over(ruleset, players, None)
}

/// [`to_toml`], with `base` (when given, and `players` is not) under `[rules]` and each count's
/// differences from it under `[for-players.N]`: the rules of a count the files do not list, as
/// [`crate::load_with_base`] gives them, so that a file extending the written one and adding a
/// player count gets what it would get extending the ruleset itself. The counts it lists get
/// the same rules either way, but for a ruleset whose `[for-players.N]` turn off at every count
/// a module that `[rules]` gives parameters to: those parameters would be refused, so `show`
/// loads what this writes back and falls back to [`to_toml`] where it differs.
pub fn to_toml_over(ruleset: &Ruleset, players: Option<u8>, base: Option<&Rules>) -> String {
    let file = resolved_file(ruleset, players, base);
    let mut out = format!(
        "# The ruleset `{}`, fully resolved: no `extends`, every component inline.\n",
        ruleset.name()
    );
    match toml_edit::ser::to_document(&file) {
        Ok(doc) => write_table(doc.as_table(), &mut out),
        // Not reached: every value of the format serialises.
        Err(e) => {
            let _ = writeln!(out, "# could not be written: {e}");
        }
    }
    out
}

/// The file that resolves to `ruleset` (at `players` only, when given).
fn resolved_file(ruleset: &Ruleset, players: Option<u8>, unlisted: Option<&Rules>) -> RulesetFile {
    let counts: Vec<&(u8, Rules)> = ruleset
        .player_counts()
        .iter()
        .filter(|(n, _)| players.is_none_or(|p| p == *n))
        .collect();
    let piles = ruleset.piles();
    let single_box = piles.len() == 1;
    let mut file = RulesetFile {
        name: Some(ruleset.name().to_string()),
        description: Some(ruleset.description().to_string()),
        players: Some(counts.iter().map(|(n, _)| *n).collect()),
        box_name: piles
            .first()
            .filter(|p| single_box && p.as_str() != ruleset.name())
            .cloned(),
        ..RulesetFile::default()
    };
    // Under `[rules]`: the unlisted counts' rules when given (every count then written as its
    // differences from them), else the first count's.
    let (base, skip) = match unlisted.filter(|_| players.is_none()) {
        Some(base) => (Some(base), 0),
        None => (counts.first().map(|(_, r)| r), 1),
    };
    if let Some(base) = base {
        let full = patch(ruleset, base, None);
        for (n, rules) in counts.iter().skip(skip) {
            let differs = patch(ruleset, rules, Some(base));
            if differs != RulesPatch::default() {
                file.for_players.insert(n.to_string(), differs);
            }
        }
        file.rules = Some(full);
    }
    let terrain_name = |sq: &Square| {
        ruleset
            .terrains()
            .get(sq.terrain.index())
            .map_or("?".to_string(), |t| t.name.clone())
    };
    file.terrain = ruleset
        .terrains()
        .iter()
        .map(|t| TerrainDef {
            name: t.name.clone(),
            symbol: t.symbol.to_string(),
            colour: t.colour.clone(),
        })
        .collect();
    file.domino = ruleset
        .dominoes()
        .iter()
        .map(|d| DominoDef {
            number: d.number,
            box_name: (!single_box).then(|| {
                piles
                    .get(usize::from(d.pile))
                    .map_or("?".to_string(), String::clone)
            }),
            first: SquareDef {
                terrain: terrain_name(&d.first),
                crowns: d.first.crowns,
            },
            second: SquareDef {
                terrain: terrain_name(&d.second),
                crowns: d.second.crowns,
            },
        })
        .collect();
    file.component = ruleset.component_tables().clone();
    file.building = ruleset
        .buildings()
        .iter()
        .map(|b| BuildingDef {
            number: b.number,
            name: (!b.name.is_empty()).then(|| b.name.clone()),
            crowns: b.crowns,
            knights: b.knights,
            towers: b.towers,
            coins: b.coins,
            price: b.price,
            tax_bonus: b.tax_bonus,
            value: value(ruleset, &b.value),
        })
        .collect();
    file
}

/// The keys of `rules`: all of them for the base (`base` is `None`), else those that differ from
/// `base`. Keys that go together (`lines` and `line-order`, `modules` and their parameters) are
/// written together.
fn patch(ruleset: &Ruleset, rules: &Rules, base: Option<&Rules>) -> RulesPatch {
    let differs = |f: &dyn Fn(&Rules) -> bool| base.is_none_or(|b| !f(b));
    // A bonus that is off keeps the settings the file gave it (so a file extending the shown one
    // and switching it on gets them); Middle Kingdom's are written only when not the defaults,
    // so that files without them print (and hash) as they always did.
    let settings = rules.bonus_settings;
    let harmony = HarmonyPatch {
        enabled: Some(rules.harmony.is_some()),
        points: Some(rules.harmony.unwrap_or(settings.harmony_points)),
    };
    let middle = match rules.middle_kingdom {
        Some(m) => MiddleKingdomPatch {
            enabled: Some(true),
            points: Some(m.points),
            reading: Some(m.reading),
        },
        None => {
            let default = crownlands_core::BonusSettings::default().middle_kingdom;
            let m = settings.middle_kingdom;
            MiddleKingdomPatch {
                enabled: Some(false),
                points: (m.points != default.points).then_some(m.points),
                reading: (m.reading != default.reading).then_some(m.reading),
            }
        }
    };
    // Written only when not the default, so that files without them print as they always did.
    let lines_written = match base {
        None => !rules.lines.is_mixed(),
        Some(b) => b.lines != rules.lines,
    };
    let order = &rules.lines.order;
    let (lines, line_order) = if rules.lines.is_mixed() {
        (LinesDef::mixed(), None)
    } else {
        let names = order
            .iter()
            .map(|&b| {
                ruleset
                    .piles()
                    .get(usize::from(b))
                    .map_or("?".to_string(), String::clone)
            })
            .collect();
        (LinesDef(rules.lines.kind.clone()), Some(names))
    };
    let team_written = match base {
        None => rules.team_size != 1,
        Some(b) => b.team_size != rules.team_size,
    };
    let modules_written = differs(&|b| b.modules == rules.modules);
    let params: BTreeMap<_, _> = rules
        .modules
        .iter()
        .filter(|m| !m.params.is_empty())
        .map(|m| (m.name.clone(), m.params.clone()))
        .collect();
    RulesPatch {
        grid_size: differs(&|b| b.grid_size == rules.grid_size).then_some(rules.grid_size),
        // Written only when not the default, so that files without it print as they always did.
        castle: match base {
            None => rules.castle != crownlands_core::CastleAt::Anywhere,
            Some(b) => b.castle != rules.castle,
        }
        .then_some(rules.castle),
        connection: match base {
            None => rules.connection != crownlands_core::Connection::SameTerrain,
            Some(b) => b.connection != rules.connection,
        }
        .then_some(rules.connection),
        discard: match base {
            None => rules.discard != crownlands_core::Discard::WhenNothingFits,
            Some(b) => b.discard != rules.discard,
        }
        .then_some(rules.discard),
        line_size: differs(&|b| b.line_size == rules.line_size).then_some(rules.line_size),
        kings_per_player: differs(&|b| b.kings_per_player == rules.kings_per_player)
            .then_some(rules.kings_per_player),
        // As the file wrote it: `"all"`, or a count even where it equals the dominoes (a file
        // extending this one with more dominoes deals them all only in the first case).
        deck_size: differs(&|b| b.deck_size == rules.deck_size && b.deck_all == rules.deck_all)
            .then_some(if rules.deck_all {
                DeckSize::All
            } else {
                DeckSize::Count(rules.deck_size)
            }),
        first_claims: differs(&|b| b.first_claims == rules.first_claims)
            .then_some(rules.first_claims),
        tie_breaks: differs(&|b| b.tie_breaks == rules.tie_breaks)
            .then(|| rules.tie_breaks.clone()),
        match_games: differs(&|b| b.match_games == rules.match_games).then_some(rules.match_games),
        // Written only when not the default (none), so that files without them print (and
        // hash) as they always did.
        match_tie_breaks: match base {
            None => !rules.match_tie_breaks.is_empty(),
            Some(b) => b.match_tie_breaks != rules.match_tie_breaks,
        }
        .then(|| rules.match_tie_breaks.clone()),
        harmony: differs(&|b| {
            b.harmony == rules.harmony && b.bonus_settings.harmony_points == settings.harmony_points
        })
        .then_some(harmony),
        middle_kingdom: differs(&|b| {
            b.middle_kingdom == rules.middle_kingdom
                && b.bonus_settings.middle_kingdom == settings.middle_kingdom
        })
        .then_some(middle),
        lines: lines_written.then_some(lines),
        line_order: if lines_written { line_order } else { None },
        team_size: team_written.then_some(rules.team_size),
        teams: differs(&|b| b.teams == rules.teams)
            .then(|| rules.teams.clone())
            .filter(|t| base.is_some() || t != crownlands_core::teams::SIDE_BY_SIDE),
        modules: modules_written.then(|| rules.modules.iter().map(|m| m.name.clone()).collect()),
        module: (modules_written && !params.is_empty()).then_some(params),
    }
}

/// A building's value as the file writes it.
fn value(ruleset: &Ruleset, v: &BuildingValue) -> BuildingValueDef {
    let terrain = |t: crownlands_core::TerrainId| {
        Some(
            ruleset
                .terrains()
                .get(t.index())
                .map_or("?".to_string(), |t| t.name.clone()),
        )
    };
    let def = |kind, points| BuildingValueDef {
        kind,
        terrain: None,
        coins: None,
        points: Some(points),
    };
    match *v {
        BuildingValue::None => BuildingValueDef::default(),
        BuildingValue::Fixed { points } => def(BuildingValueKind::Fixed, points),
        BuildingValue::PerTerritory { terrain: t, points } => BuildingValueDef {
            terrain: terrain(t),
            ..def(BuildingValueKind::PerTerritory, points)
        },
        BuildingValue::PerTower { points } => def(BuildingValueKind::PerTower, points),
        BuildingValue::PerKnight { points } => def(BuildingValueKind::PerKnight, points),
        BuildingValue::PerCrown { terrain: t, points } => BuildingValueDef {
            terrain: terrain(t),
            ..def(BuildingValueKind::PerCrown, points)
        },
        BuildingValue::PerCoins { coins, points } => BuildingValueDef {
            coins: Some(coins),
            ..def(BuildingValueKind::PerCoins, points)
        },
        BuildingValue::PerBuilding { points } => def(BuildingValueKind::PerBuilding, points),
    }
}

/// The document's plain keys, then each table: `[key]` (a table of tables, such as
/// `for-players`, as `[key.name]` each, in numeric order when the names are numbers) and
/// `[[key]]` for each element of an array of tables. `toml_edit` keeps the order the serde types
/// declare their fields in.
fn write_table(table: &toml_edit::Table, out: &mut String) {
    let values = || {
        table
            .iter()
            .filter_map(|(key, item)| item.as_value().map(|v| (key, v)))
    };
    for (key, value) in values() {
        if !is_table(value) && !is_array_of_tables(value) {
            let _ = writeln!(out, "{key} = {value}");
        }
    }
    for (key, value) in values() {
        match value {
            Value::InlineTable(t) if !t.is_empty() && t.iter().all(|(_, v)| is_table(v)) => {
                let mut names: Vec<&str> = t.iter().map(|(n, _)| n).collect();
                names.sort_by_key(|n| (n.parse::<u32>().unwrap_or(u32::MAX), *n));
                for name in names {
                    if let Some(Value::InlineTable(inner)) = t.get(name) {
                        write_section(&format!("[{key}.{name}]"), inner, out);
                    }
                }
            }
            // Tables of rows (`component`): each row its own `[[component.quest]]` section.
            Value::InlineTable(t)
                if !t.is_empty() && t.iter().all(|(_, v)| is_array_of_tables(v)) =>
            {
                for (name, rows) in t.iter() {
                    if let Value::Array(rows) = rows {
                        for row in rows {
                            if let Value::InlineTable(row) = row {
                                write_section(
                                    &format!("[[{key}.{}]]", bare_or_quoted(name)),
                                    row,
                                    out,
                                );
                            }
                        }
                    }
                }
            }
            Value::InlineTable(t) => write_section(&format!("[{key}]"), t, out),
            Value::Array(items) if is_array_of_tables(value) => {
                for item in items {
                    if let Value::InlineTable(t) = item {
                        write_section(&format!("[[{key}]]"), t, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// A key as a header writes it: bare when it may be (`quest`), else quoted.
fn bare_or_quoted(key: &str) -> String {
    if crownlands_core::text::is_bare_key(key) {
        key.to_string()
    } else {
        toml_edit::Value::from(key).to_string().trim().to_string()
    }
}

/// One section: a blank line, its header, then its keys, small tables inline. A table of tables
/// (`module`) is written as dotted keys, `module.knights = { ... }`, in the order of `modules`.
fn write_section(header: &str, table: &toml_edit::InlineTable, out: &mut String) {
    let _ = write!(out, "\n{header}\n");
    for (key, value) in table {
        match value {
            Value::InlineTable(t) if !t.is_empty() && t.iter().all(|(_, v)| is_table(v)) => {
                let order: Vec<&str> = match table.get("modules") {
                    Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
                    _ => Vec::new(),
                };
                let mut names: Vec<&str> = t.iter().map(|(n, _)| n).collect();
                names.sort_by_key(|n| order.iter().position(|o| o == n).unwrap_or(usize::MAX));
                for name in names {
                    if let Some(inner) = t.get(name) {
                        let (key, name) = (bare_or_quoted(key), bare_or_quoted(name));
                        match inner {
                            // Parameters holding a list of tables (the goals): a key a line,
                            // the list a table a line, each table's `name` first.
                            Value::InlineTable(params)
                                if params.iter().any(|(_, v)| is_array_of_tables(v)) =>
                            {
                                for (param, value) in params {
                                    let param = bare_or_quoted(param);
                                    match value {
                                        Value::Array(items) if is_array_of_tables(value) => {
                                            let _ = writeln!(out, "{key}.{name}.{param} = [");
                                            for item in items {
                                                let _ = writeln!(out, "  {},", name_first(item));
                                            }
                                            let _ = writeln!(out, "]");
                                        }
                                        _ => {
                                            let _ = writeln!(
                                                out,
                                                "{key}.{name}.{param} = {}",
                                                value.to_string().trim()
                                            );
                                        }
                                    }
                                }
                            }
                            _ => {
                                let _ = writeln!(out, "{key}.{name} = {inner}");
                            }
                        }
                    }
                }
            }
            // A row's keys are the module's (`"a b"` quoted); the format's are bare.
            _ => {
                let _ = writeln!(out, "{} = {value}", bare_or_quoted(key));
            }
        }
    }
}

/// A table of a list written on its own line, its `name` first where it has one (`{ name =
/// "Great lake", points = 10, ... }`).
fn name_first(item: &Value) -> String {
    let Value::InlineTable(t) = item else {
        return item.to_string().trim().to_string();
    };
    let mut ordered = toml_edit::InlineTable::new();
    for (k, v) in t
        .iter()
        .filter(|(k, _)| *k == "name")
        .chain(t.iter().filter(|(k, _)| *k != "name"))
    {
        let mut v = v.clone();
        v.decor_mut().clear();
        ordered.insert(k, v);
    }
    ordered.fmt();
    ordered.to_string().trim().to_string()
}

fn is_table(v: &Value) -> bool {
    matches!(v, Value::InlineTable(_))
}

fn is_array_of_tables(v: &Value) -> bool {
    matches!(v, Value::Array(items) if !items.is_empty() && items.iter().all(is_table))
}

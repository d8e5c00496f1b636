//! Writing a resolved ruleset back out as one self-contained ruleset file.

use crate::format::{DeckSize, FirstClaimsDef, TaxBonusDef, TieBreakDef};
use crate::resolve::default_rules;
use crownlands_core::{BuildingValue, FirstClaims, Rules, Ruleset};
use std::fmt::Write as _;

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn claims(c: FirstClaims) -> &'static str {
    match FirstClaimsDef::from(c) {
        FirstClaimsDef::Drawn => "drawn",
        FirstClaimsDef::Snake => "snake",
    }
}

fn reading(r: crownlands_core::MiddleKingdomReading) -> &'static str {
    r.name()
}

fn tie_breaks(t: &[crownlands_core::TieBreak]) -> String {
    let names: Vec<String> = t
        .iter()
        .map(|&t| quote(TieBreakDef::from(t).name()))
        .collect();
    format!("[{}]", names.join(", "))
}

impl TieBreakDef {
    fn name(self) -> &'static str {
        crownlands_core::TieBreak::from(self).name()
    }
}

fn deck(d: u16, dominoes: usize) -> DeckSize {
    if usize::from(d) == dominoes {
        DeckSize::All
    } else {
        DeckSize::Count(d)
    }
}

fn deck_str(d: DeckSize) -> String {
    match d {
        DeckSize::All => "\"all\"".to_string(),
        DeckSize::Count(n) => n.to_string(),
    }
}

type RulesField<'a> = dyn Fn(&Rules) -> String + 'a;

/// The keys of `rules` that differ from `base` (all of them when `base` is `None`).
fn rules_lines(rules: &Rules, base: Option<&Rules>, dominoes: usize, piles: &[String]) -> String {
    let mut out = String::new();
    let differs = |f: &dyn Fn(&Rules) -> String| base.is_none_or(|b| f(b) != f(rules));
    let grid = |r: &Rules| r.grid_size.to_string();
    let line = |r: &Rules| r.line_size.to_string();
    let kings = |r: &Rules| r.kings_per_player.to_string();
    let deckf = |r: &Rules| deck_str(deck(r.deck_size, dominoes));
    let first = |r: &Rules| quote(claims(r.first_claims));
    let ties = |r: &Rules| tie_breaks(&r.tie_breaks);
    let games = |r: &Rules| r.match_games.to_string();
    let plain: [(&str, &RulesField<'_>); 7] = [
        ("grid-size", &grid),
        ("line-size", &line),
        ("kings-per-player", &kings),
        ("deck-size", &deckf),
        ("first-claims", &first),
        ("tie-breaks", &ties),
        ("match-games", &games),
    ];
    for (key, f) in plain {
        if differs(f) {
            let _ = writeln!(out, "{key} = {}", f(rules));
        }
    }
    let defaults = default_rules(0);
    let harmony = |r: &Rules| format!("{:?}", r.harmony);
    if differs(&harmony) {
        let _ = match rules.harmony {
            Some(p) => writeln!(out, "harmony = {{ enabled = true, points = {p} }}"),
            None => writeln!(
                out,
                "harmony = {{ enabled = false, points = {} }}",
                base.and_then(|b| b.harmony)
                    .or(defaults.harmony)
                    .unwrap_or(5)
            ),
        };
    }
    let middle = |r: &Rules| format!("{:?}", r.middle_kingdom);
    if differs(&middle) {
        let _ = match rules.middle_kingdom {
            Some(m) => writeln!(
                out,
                "middle-kingdom = {{ enabled = true, points = {}, reading = {} }}",
                m.points,
                quote(reading(m.reading))
            ),
            None => writeln!(out, "middle-kingdom = {{ enabled = false }}"),
        };
    }
    // Written only when not the default, so existing rulesets print exactly as before.
    let lines = |r: &Rules| format!("{:?}", r.lines);
    let default_lines = rules.lines == crownlands_core::LineSource::Mixed;
    if differs(&lines) && !(base.is_none() && default_lines) {
        match &rules.lines {
            crownlands_core::LineSource::Mixed => {
                let _ = writeln!(out, "lines = \"mixed\"");
            }
            crownlands_core::LineSource::Alternate { order } => {
                let names: Vec<String> = order
                    .iter()
                    .map(|&b| quote(piles.get(usize::from(b)).map_or("?", String::as_str)))
                    .collect();
                let _ = writeln!(out, "lines = \"alternate\"");
                let _ = writeln!(out, "line-order = [{}]", names.join(", "));
            }
        }
    }
    let team = |r: &Rules| r.team_size.to_string();
    if differs(&team) && !(base.is_none() && rules.team_size == 1) {
        let _ = writeln!(out, "team-size = {}", rules.team_size);
    }
    let modules = |r: &Rules| format!("{:?}", r.modules);
    if differs(&modules) {
        let names: Vec<String> = rules.modules.iter().map(|m| quote(&m.name)).collect();
        let _ = writeln!(out, "modules = [{}]", names.join(", "));
        for m in &rules.modules {
            if m.params.is_empty() {
                continue;
            }
            let params: Vec<String> = m
                .params
                .iter()
                .map(|(k, v)| format!("{k} = {}", param(v)))
                .collect();
            let _ = writeln!(out, "module.{} = {{ {} }}", m.name, params.join(", "));
        }
    }
    out
}

fn param(p: &crownlands_core::modules::Param) -> String {
    use crownlands_core::modules::Param;
    match p {
        Param::Int(v) => v.to_string(),
        Param::Bool(v) => v.to_string(),
        Param::Text(v) => quote(v),
        Param::Ints(v) => format!(
            "[{}]",
            v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The fully resolved ruleset as a self-contained ruleset file: no `extends`, every terrain,
/// domino and building inline. With `Some(n)`, only that player count (and its rules in `[rules]`); with
/// `None`, the rules of the smallest count in `[rules]` and `[for-players.N]` for each count
/// that differs.
pub fn to_toml(ruleset: &Ruleset, players: Option<u8>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# The ruleset `{}`, fully resolved: no `extends`, every component inline.",
        ruleset.name
    );
    let _ = writeln!(out, "name = {}", quote(&ruleset.name));
    let _ = writeln!(out, "description = {}", quote(&ruleset.description));
    let counts: Vec<&(u8, Rules)> = match players {
        Some(n) => ruleset
            .player_counts
            .iter()
            .filter(|(c, _)| *c == n)
            .collect(),
        None => ruleset.player_counts.iter().collect(),
    };
    let list: Vec<String> = counts.iter().map(|(n, _)| n.to_string()).collect();
    let _ = writeln!(out, "players = [{}]", list.join(", "));
    // The box of the inline dominoes, when they all share one that is not the ruleset's name.
    let single_box = ruleset.piles.len() == 1;
    if single_box && ruleset.piles[0] != ruleset.name {
        let _ = writeln!(out, "box = {}", quote(&ruleset.piles[0]));
    }
    let dominoes = ruleset.dominoes.len();
    if let Some((_, base)) = counts.first() {
        let _ = write!(
            out,
            "\n[rules]\n{}",
            rules_lines(base, None, dominoes, &ruleset.piles)
        );
        for (n, rules) in counts.iter().skip(1) {
            let lines = rules_lines(rules, Some(base), dominoes, &ruleset.piles);
            if !lines.is_empty() {
                let _ = write!(out, "\n[for-players.{n}]\n{lines}");
            }
        }
    }
    for t in &ruleset.terrains {
        let _ = write!(
            out,
            "\n[[terrain]]\nname = {}\nsymbol = {}\ncolour = {}\n",
            quote(&t.name),
            quote(&t.symbol.to_string()),
            quote(&t.colour)
        );
    }
    let square = |sq: &crownlands_core::Square| {
        let name = ruleset
            .terrains
            .get(sq.terrain.index())
            .map_or("?", |t| t.name.as_str());
        format!("{{ terrain = {}, crowns = {} }}", quote(name), sq.crowns)
    };
    for d in &ruleset.dominoes {
        let _ = write!(out, "\n[[domino]]\nnumber = {}\n", d.number);
        if !single_box {
            let name = ruleset
                .piles
                .get(usize::from(d.pile))
                .map_or("?", String::as_str);
            let _ = writeln!(out, "box = {}", quote(name));
        }
        let _ = write!(
            out,
            "first = {}\nsecond = {}\n",
            square(&d.first),
            square(&d.second)
        );
    }
    for b in &ruleset.buildings {
        let _ = write!(out, "\n[[building]]\nnumber = {}\n", b.number);
        if !b.name.is_empty() {
            let _ = writeln!(out, "name = {}", quote(&b.name));
        }
        let _ = write!(
            out,
            "crowns = {}\nknights = {}\ntowers = {}\n{}tax-bonus = {}\nvalue = {}\n",
            b.crowns,
            b.knights,
            b.towers,
            if b.coins > 0 {
                format!("coins = {}\n", b.coins)
            } else {
                String::new()
            },
            quote(TaxBonusDef::from(b.tax_bonus).name()),
            building_value(ruleset, &b.value)
        );
    }
    out
}

fn building_value(ruleset: &Ruleset, v: &BuildingValue) -> String {
    match *v {
        BuildingValue::None => "{ kind = \"none\" }".to_string(),
        BuildingValue::Fixed { points } => format!("{{ kind = \"fixed\", points = {points} }}"),
        BuildingValue::PerTerritory { terrain, points } => {
            let name = ruleset
                .terrains
                .get(terrain.index())
                .map_or("?", |t| t.name.as_str());
            format!(
                "{{ kind = \"per-territory\", terrain = {}, points = {points} }}",
                quote(name)
            )
        }
        BuildingValue::PerTower { points } => {
            format!("{{ kind = \"per-tower\", points = {points} }}")
        }
        BuildingValue::PerKnight { points } => {
            format!("{{ kind = \"per-knight\", points = {points} }}")
        }
        BuildingValue::PerCrown { terrain, points } => {
            let name = ruleset
                .terrains
                .get(terrain.index())
                .map_or("?", |t| t.name.as_str());
            format!(
                "{{ kind = \"per-crown\", terrain = {}, points = {points} }}",
                quote(name)
            )
        }
        BuildingValue::PerCoins { coins, points } => {
            format!("{{ kind = \"per-coins\", coins = {coins}, points = {points} }}")
        }
        BuildingValue::PerBuilding { points } => {
            format!("{{ kind = \"per-building\", points = {points} }}")
        }
    }
}

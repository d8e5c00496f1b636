//! Queendomino: the component sets against the reference totals, the ruleset, building tiles in
//! the TOML formats, and kingdom files with Queendomino pieces (the rulebook's scoring example).

mod common;

use common::assert_diag;
use crownlands_core::modules::{
    BuildingsState, KnightsState, ModuleData, ModuleList, SideView, build_all, score_side,
};
use crownlands_core::{
    BuildingId, BuildingValue, Cell, Content, FirstClaims, Kingdom, Ruleset, Side, TaxBonus,
    TieBreak,
};
use crownlands_rules::Diagnostics;
use crownlands_rules::kingdom_file::parse;
use crownlands_rules::{Validated, load, load_str, to_toml, validate_path, validate_str};
use std::collections::BTreeMap;
use std::path::Path;

fn queendomino() -> Ruleset {
    load(crownlands_core::Registry::shipped_ref(), "queendomino").unwrap_or_else(|e| panic!("{e}"))
}

const EXAMPLE: &str = include_str!("data/queendomino-rulebook-example.kingdom");

/// The modules of `r`'s rules (the same at every player count of the shipped files).
fn side_modules(r: &Ruleset) -> ModuleList {
    build_all(
        crownlands_core::Registry::shipped_ref(),
        &r.player_counts()[0].1.modules,
    )
    .expect("modules")
}

/// A kingdom file read with what `r`'s modules put on a side.
fn parse_side(
    text: &str,
    file: &str,
    r: &Ruleset,
    grid: u8,
) -> Result<(Kingdom, ModuleData), Diagnostics> {
    crownlands_rules::kingdom_file::parse_side(text, file, r, &side_modules(r), grid)
}

/// A kingdom file written from a kingdom and its side's module data.
fn render_side(k: &Kingdom, data: &ModuleData, r: &Ruleset) -> String {
    let list = side_modules(r);
    crownlands_rules::kingdom_file::render_side(SideView::new(r, k, &list, data, Side(0)))
}

/// What the side of a kingdom file holds, gathered from the modules' data.
#[derive(Debug, Default, PartialEq, Eq)]
struct Held {
    coins: u32,
    towers: u32,
    knights_in_hand: u32,
    hosts_queen: bool,
    knights_placed: Vec<Cell>,
    buildings: Vec<(BuildingId, Cell)>,
}

impl Held {
    fn of(r: &Ruleset, data: &ModuleData) -> Held {
        let list = side_modules(r);
        let side = Side(0);
        let placed = data
            .states()
            .find::<KnightsState>()
            .map_or_else(Vec::new, |k| k.placed(side).to_vec());
        Held {
            coins: data.resource(&list, side, "coins"),
            towers: data.resource(&list, side, "towers"),
            knights_in_hand: data.resource(&list, side, "knights") - placed.len() as u32,
            hosts_queen: data.resource(&list, side, "queen-host") > 0,
            knights_placed: placed,
            buildings: data
                .states()
                .find::<BuildingsState>()
                .map_or_else(Vec::new, |b| b.built(side).to_vec()),
        }
    }

    fn knights(&self) -> u32 {
        self.knights_in_hand + self.knights_placed.len() as u32
    }
}

#[test]
fn dominoes_match_the_reference_totals() {
    let r = queendomino();
    assert_eq!(r.dominoes().len(), 48);
    assert_eq!(r.piles(), ["queendomino"]);
    let crowns: u32 = r.dominoes().iter().map(|d| d.crowns()).sum();
    assert_eq!((2 * r.dominoes().len(), crowns), (96, 39));
    let mut per: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for d in r.dominoes() {
        for sq in d.squares() {
            let e = per.entry(r.terrain(sq.terrain).name.as_str()).or_default();
            e.0 += 1;
            e.1 += u32::from(sq.crowns);
        }
    }
    let expected: BTreeMap<&str, (u32, u32)> = [
        ("wheat", (19, 5)),
        ("forest", (17, 6)),
        ("lake", (14, 6)),
        ("grassland", (12, 6)),
        ("swamp", (8, 6)),
        ("mine", (6, 10)),
        ("town", (20, 0)),
    ]
    .into_iter()
    .collect();
    assert_eq!(per, expected);
    assert!(
        r.dominoes()
            .iter()
            .enumerate()
            .all(|(i, d)| usize::from(d.number) == i + 1)
    );
    // The six Kingdomino terrains exactly as in Kingdomino, so the boxes combine.
    let k = load(crownlands_core::Registry::shipped_ref(), "kingdomino").expect("kingdomino");
    assert_eq!(r.terrains()[..6], k.terrains()[..]);
    let town = &r.terrains()[6];
    assert_eq!((town.name.as_str(), town.symbol), ("town", 'T'));

    let set = common::rulesets_dir().join("sets/queendomino.toml");
    assert_eq!(
        validate_path(crownlands_core::Registry::shipped_ref(), &set).expect("set validates"),
        Validated::ComponentSet {
            terrains: 7,
            dominoes: 48,
            crowns: 39,
            squares: 96,
            buildings: 0,
            rows: Vec::new(),
        }
    );
}

#[test]
fn buildings_match_the_reference_totals() {
    let r = queendomino();
    assert_eq!(r.buildings().len(), 32);
    assert!(
        r.buildings()
            .iter()
            .enumerate()
            .all(|(i, b)| usize::from(b.number) == i + 1)
    );
    // Known: 3 tiles with 1 crown, and they have no value.
    let crowned: Vec<u16> = r
        .buildings()
        .iter()
        .filter(|b| b.crowns > 0)
        .map(|b| b.number)
        .collect();
    assert_eq!(crowned, [30, 31, 32]);
    assert!(r.buildings().iter().all(|b| b.crowns <= 1));
    let mut fixed: BTreeMap<i32, u32> = BTreeMap::new();
    let mut per_territory: BTreeMap<&str, u32> = BTreeMap::new();
    let (mut per_tower, mut per_knight, mut none) = (0, 0, 0);
    for b in r.buildings() {
        match b.value {
            BuildingValue::Fixed { points } => *fixed.entry(points).or_default() += 1,
            BuildingValue::PerTerritory { terrain, points } => {
                assert_eq!(points, 2);
                *per_territory.entry(&r.terrain(terrain).name).or_default() += 1;
            }
            BuildingValue::PerTower { points } => {
                assert_eq!(points, 1);
                per_tower += 1;
            }
            BuildingValue::PerKnight { points } => {
                assert_eq!(points, 1);
                per_knight += 1;
            }
            BuildingValue::None => {
                assert_eq!(b.crowns, 1);
                none += 1;
            }
            other => panic!("building {}: {other:?} is not in the box", b.number),
        }
    }
    assert_eq!(fixed, [(2, 4), (3, 4), (5, 3)].into_iter().collect());
    assert_eq!(
        per_territory,
        [
            "wheat",
            "forest",
            "lake",
            "grassland",
            "swamp",
            "mine",
            "town"
        ]
        .into_iter()
        .map(|t| (t, 2))
        .collect()
    );
    assert_eq!((per_tower, per_knight, none), (2, 2, 3));

    // Chosen (unverified) values that fit the components: 15 towers in the supply, 22 knights
    // less 4 starting ones.
    let towers: u32 = r.buildings().iter().map(|b| u32::from(b.towers)).sum();
    let knights: u32 = r.buildings().iter().map(|b| u32::from(b.knights)).sum();
    assert_eq!((towers, knights), (15, 18));
    let bonuses = |t| r.buildings().iter().filter(|b| b.tax_bonus == t).count();
    assert!((1..=6).contains(&bonuses(TaxBonus::PerKnight)));
    assert!((1..=6).contains(&bonuses(TaxBonus::PerTower)));

    // The six buildings of the rulebook's scoring example, on tiles of matching value.
    let named = |name: &str| {
        r.buildings()
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    let forest = r.terrain_by_name("forest").expect("forest");
    let town = r.terrain_by_name("town").expect("town");
    assert_eq!(
        named("Sawmill").value,
        BuildingValue::PerTerritory {
            terrain: forest,
            points: 2
        }
    );
    assert_eq!(
        named("Church").value,
        BuildingValue::PerTerritory {
            terrain: town,
            points: 2
        }
    );
    assert_eq!(
        named("Travelling Castle").value,
        BuildingValue::PerTower { points: 1 }
    );
    assert_eq!(
        named("Big Tavern").value,
        BuildingValue::Fixed { points: 2 }
    );
    assert_eq!(named("Statue").value, BuildingValue::Fixed { points: 5 });
    assert_eq!(
        named("Guardtower").value,
        BuildingValue::Fixed { points: 3 }
    );
    for b in [
        "Sawmill",
        "Church",
        "Travelling Castle",
        "Big Tavern",
        "Statue",
        "Guardtower",
    ] {
        assert_eq!(
            named(b).crowns,
            0,
            "{b}: the example's towns have no crowns"
        );
    }

    let set = common::rulesets_dir().join("sets/queendomino-buildings.toml");
    assert_eq!(
        validate_path(crownlands_core::Registry::shipped_ref(), &set).expect("set validates"),
        Validated::ComponentSet {
            terrains: 7,
            dominoes: 0,
            crowns: 0,
            squares: 0,
            buildings: 32,
            rows: Vec::new(),
        }
    );
}

#[test]
fn every_unverified_value_says_so() {
    let text =
        std::fs::read_to_string(common::rulesets_dir().join("sets/queendomino-buildings.toml"))
            .expect("read");
    let mut in_building = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_building = line == "[[building]]";
        }
        let key = line.split('=').next().unwrap_or("").trim();
        if in_building && ["knights", "towers", "tax-bonus", "name"].contains(&key) {
            assert!(line.contains("# unverified"), "not marked: {line}");
        }
    }
}

#[test]
fn the_ruleset_follows_the_rulebook() {
    let r = queendomino();
    let counts: Vec<u8> = r.player_counts().iter().map(|(n, _)| *n).collect();
    assert_eq!(counts, [2, 3, 4]);
    for (n, rules) in r.player_counts() {
        assert_eq!((rules.deck_size, rules.line_size), (48, 4), "{n} players");
        assert_eq!(rules.tie_breaks, [TieBreak::LargestTerritory]);
        let names: Vec<&str> = rules.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["knights", "buildings", "queen", "dragon", "wealth"]);
        let (grid, kings, claims) = if *n == 2 {
            (7, 2, FirstClaims::Snake)
        } else {
            (5, 1, FirstClaims::Drawn)
        };
        assert_eq!(
            (rules.grid_size, rules.kings_per_player, rules.first_claims),
            (grid, kings, claims),
            "{n} players"
        );
        build_all(crownlands_core::Registry::shipped_ref(), &rules.modules).expect("modules build");
    }
    let no_dragon = load(
        crownlands_core::Registry::shipped_ref(),
        "queendomino-no-dragon",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for (_, rules) in no_dragon.player_counts() {
        let names: Vec<&str> = rules.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["knights", "buildings", "queen", "wealth"]);
    }
    assert_eq!(no_dragon.buildings(), r.buildings());
}

#[test]
fn show_round_trips_with_buildings() {
    for name in ["queendomino", "queendomino-no-dragon"] {
        let r =
            load(crownlands_core::Registry::shipped_ref(), name).unwrap_or_else(|e| panic!("{e}"));
        for players in [None, Some(2), Some(4)] {
            let text = to_toml(&r, players);
            assert!(text.contains("[[building]]"));
            let back = load_str(
                crownlands_core::Registry::shipped_ref(),
                &text,
                Path::new("shown.toml"),
            )
            .unwrap_or_else(|e| panic!("{name} {players:?}:\n{e}\n{text}"));
            assert_eq!(back.buildings(), r.buildings());
            assert_eq!(back.terrains(), r.terrains());
            assert_eq!(back.dominoes(), r.dominoes());
            match players {
                None => assert_eq!(back.player_counts(), r.player_counts()),
                Some(n) => assert_eq!(back.rules_for(n), r.rules_for(n)),
            }
        }
    }
}

// ---- building tiles in the formats -------------------------------------------------------

const TERRAINS: &str = r##"
[[terrain]]
name = "forest"
symbol = "F"
colour = "#2e7d32"

[[terrain]]
name = "town"
symbol = "T"
colour = "#c62828"
"##;

fn inline(buildings: &str) -> String {
    format!(
        "name = \"b\"\nplayers = [1]\nrules = {{ line-size = 1 }}\n{TERRAINS}\n[[domino]]\nnumber = 1\nfirst = {{ terrain = \"town\" }}\nsecond = {{ terrain = \"forest\" }}\n\n{buildings}"
    )
}

#[test]
fn inline_buildings_load_with_defaults() {
    let text = inline(
        "[[building]]\nnumber = 7\n\n[[building]]\nnumber = 3\nname = \"Mill\"\ncrowns = 1\nknights = 2\ntowers = 1\ntax-bonus = \"per-tower\"\nvalue = { kind = \"per-territory\", terrain = \"forest\", points = 2 }\n\n[[building]]\nnumber = 4\nvalue = { kind = \"per-knight\", points = -1 }\n",
    );
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        Path::new("b.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.buildings().len(), 3);
    let b = &r.buildings()[0];
    assert_eq!(
        (b.number, b.name.as_str(), b.crowns, b.knights, b.towers),
        (7, "", 0, 0, 0)
    );
    assert_eq!(
        (b.tax_bonus, b.value),
        (TaxBonus::None, BuildingValue::None)
    );
    let b = &r.buildings()[1];
    assert_eq!(
        (b.number, b.name.as_str(), b.crowns, b.knights, b.towers),
        (3, "Mill", 1, 2, 1)
    );
    assert_eq!(b.tax_bonus, TaxBonus::PerTower);
    assert_eq!(
        b.value,
        BuildingValue::PerTerritory {
            terrain: r.terrain_by_name("forest").expect("forest"),
            points: 2
        }
    );
    assert_eq!(
        r.buildings()[2].value,
        BuildingValue::PerKnight { points: -1 }
    );
    let back = load_str(
        crownlands_core::Registry::shipped_ref(),
        &to_toml(&r, None),
        Path::new("b2.toml"),
    )
    .expect("round trip");
    assert_eq!(back.buildings(), r.buildings());
}

#[test]
fn building_problems_all_at_once() {
    let text = inline(
        r#"[[building]]
number = 1
value = { kind = "per-territory", terrain = "forrest", points = 2 }

[[building]]
number = 1
value = { kind = "fixed" }

[[building]]
number = 2
value = { kind = "per-territory", points = 2 }

[[building]]
number = 3
value = { kind = "fixed", terrain = "town", points = 1 }

[[building]]
number = 4
value = { kind = "none", points = 1 }

[[building]]
number = 5
value = { kind = "per-castle", points = 1 }
tax-bonus = "per-crown"
crowns = 9
knights = -1

[[building]]
number = 6
name = "  "
colour = "red"
"#,
    );
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        Path::new("b.toml"),
    )
    .expect_err("problems");
    // Line numbers: the inline() preamble is 19 lines; the buildings start on line 20.
    assert_diag(
        &d,
        22,
        45,
        &[
            "unknown terrain `forrest` (did you mean `forest`?)",
            "known terrains: forest, town",
        ],
    );
    assert_diag(
        &d,
        25,
        10,
        &["building number 1 appears twice", "b.toml:21"],
    );
    assert_diag(&d, 26, 9, &["kind \"fixed\" needs `points`"]);
    assert_diag(&d, 30, 9, &["\"per-territory\" needs `terrain`"]);
    assert_diag(&d, 34, 37, &["kind \"fixed\" takes no `terrain`"]);
    assert_diag(&d, 38, 35, &["kind \"none\" takes no `points`"]);
    assert_diag(
        &d,
        42,
        18,
        &[
            "`value.kind` of building 5",
            "\"per-territory\"",
            "\"per-castle\"",
        ],
    );
    assert_diag(
        &d,
        43,
        13,
        &["`tax-bonus`", "\"per-knight\"", "\"per-crown\""],
    );
    assert_diag(
        &d,
        44,
        10,
        &["`crowns` of building 5", "9 is too large; at most 7"],
    );
    assert_diag(&d, 45, 11, &["`knights`", "-1 is too small"]);
    assert_diag(&d, 49, 8, &["name may not be blank"]);
    assert_diag(&d, 50, 1, &["unknown key `colour`"]);
    assert_eq!(d.len(), 12, "{d}");
}

#[test]
fn points_refused_for_their_range_are_not_said_missing_too() {
    let text =
        inline("[[building]]\nnumber = 1\nvalue = { kind = \"fixed\", points = 99999999 }\n");
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        Path::new("b.toml"),
    )
    .expect_err("out of range");
    assert_diag(&d, 22, 36, &["99999999 is too large; at most 1000"]);
    assert_eq!(d.len(), 1, "one problem, said once: {d}");
}

#[test]
fn too_many_buildings() {
    let mut b = String::new();
    for n in 1..=257 {
        b.push_str(&format!("[[building]]\nnumber = {n}\n"));
    }
    let set = format!("[set]\nname = \"many\"\n{b}");
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        &set,
        Path::new("many.toml"),
    )
    .expect_err("too many");
    assert!(d.to_string().contains("at most 256"), "{d}");
    // Across two sets of a ruleset, each within the limit.
    let dir = common::temp_dir("too-many-buildings");
    let half = |from: u32| {
        let mut s = format!("[set]\nname = \"s{from}\"\n");
        for n in from..from + 200 {
            s.push_str(&format!("[[building]]\nnumber = {n}\n"));
        }
        s
    };
    common::write(&dir, "a.toml", &half(1));
    common::write(&dir, "b.toml", &half(1000));
    let path = common::write(
        &dir,
        "r.toml",
        &format!(
            "players = [1]\nsets = [\"a.toml\", \"b.toml\"]\n{TERRAINS}\n[[domino]]\nnumber = 1\nfirst = {{ terrain = \"town\" }}\nsecond = {{ terrain = \"forest\" }}\n[rules]\nline-size = 1\n"
        ),
    );
    let d = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .expect_err("too many");
    assert!(
        d.to_string().contains("too many buildings: at most 256"),
        "{d}"
    );
}

#[test]
fn a_set_checked_alone_declares_the_terrains_its_buildings_name() {
    let set = "[set]\nname = \"b\"\n[[building]]\nnumber = 1\nvalue = { kind = \"per-territory\", terrain = \"town\", points = 2 }\n";
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        set,
        Path::new("b.toml"),
    )
    .expect_err("undeclared");
    assert_diag(
        &d,
        5,
        45,
        &["unknown terrain `town`", "this set declares no terrains"],
    );
}

#[test]
fn module_parameters_of_a_module_switched_off_by_a_later_file_are_inherited_quietly() {
    let dir = common::temp_dir("switched-off");
    let path = common::write(
        &dir,
        "r.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"wealth\"]\n",
    );
    let r = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = r.player_counts()[0]
        .1
        .modules
        .iter()
        .map(|m| m.name.as_str())
        .collect();
    assert_eq!(names, ["knights", "wealth"]);
    // Written in the same file as `modules`, they are still an error.
    let path = common::write(
        &dir,
        "s.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"wealth\"]\n[rules.module.dragon]\nprice = 2\n",
    );
    let d = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .expect_err("params of an off module");
    assert_diag(&d, 4, 15, &["parameters for module `dragon`"]);
    // A dotted key in the file: at its module name, not at the header of the file it extends.
    let path = common::write(
        &dir,
        "t.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"wealth\"]\nmodule.dragon.price = 2\n",
    );
    let d = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .expect_err("params of an off module");
    assert_diag(&d, 4, 8, &["parameters for module `dragon`"]);
}

#[test]
fn modules_off_at_one_player_count_keep_their_parameters_for_the_others_and_show_round_trips() {
    // A house rule turning the buildings, the Queen and the Dragon off at 4 players: their
    // parameters stand at 2 and 3. What `show` prints of it (what a save carries) loads back
    // to the same rules at every count; it had said "parameters for module `buildings`, which
    // is not in `modules`" at 4 players, so every save of such a rule was refused.
    let dir = common::temp_dir("lite-at-4");
    let path = common::write(
        &dir,
        "lite.toml",
        "extends = \"queendomino\"\n[for-players.4]\nmodules = [\"knights\", \"wealth\"]\n",
    );
    let registry = crownlands_core::Registry::shipped_ref();
    let r = crownlands_rules::load_path(registry, &path).unwrap_or_else(|e| panic!("{e}"));
    let text = to_toml(&r, None);
    let back = load_str(registry, &text, Path::new("shown.toml"))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.player_counts(), r.player_counts());
    assert_eq!(to_toml(&back, None), text);
    // Parameters of a module on at no count are still a mistake.
    let path = common::write(
        &dir,
        "typo.toml",
        "extends = \"queendomino\"\n[for-players.4]\nmodules = [\"knights\", \"wealth\"]\n[rules.module.dragn]\nprice = 2\n",
    );
    let d = crownlands_rules::load_path(registry, &path).expect_err("a module nowhere");
    assert!(
        d.to_string().contains("parameters for module `dragn`"),
        "{d}"
    );
}

// ---- kingdom files with Queendomino pieces -------------------------------------------------

#[test]
fn the_rulebook_example_parses_to_the_printed_territories() {
    let r = queendomino();
    let (k, data) = parse_side(EXAMPLE, "example", &r, 5).unwrap_or_else(|e| panic!("{e}"));
    let h = Held::of(&r, &data);
    assert_eq!(k.squares(), 24, "a full 5x5 kingdom");
    let mut by: BTreeMap<&str, Vec<(u32, u32)>> = BTreeMap::new();
    for t in k.territories() {
        by.entry(r.terrain(t.terrain).name.as_str())
            .or_default()
            .push((t.squares, t.crowns));
    }
    for v in by.values_mut() {
        v.sort_unstable();
    }
    let expect = |name: &str, v: &[(u32, u32)]| assert_eq!(by[name], v, "{name}");
    expect("wheat", &[(3, 1)]); // 3 points
    expect("forest", &[(1, 0), (1, 1), (2, 1)]); // 3 points, 3 territories for the Sawmill
    expect("lake", &[(3, 2)]); // 6 points
    expect("grassland", &[(4, 3)]); // 12, and 16 with the Queen
    expect("swamp", &[(1, 1)]); // 1 point
    expect("mine", &[(3, 4)]); // 12 points
    expect("town", &[(1, 0), (1, 0), (2, 0), (2, 0)]); // 0 points, 4 territories for the Church
    // The grassland is the one largest territory: the Queen's.
    assert_eq!(k.territories().iter().map(|t| t.squares).max(), Some(4));
    assert_eq!(k.territories().iter().filter(|t| t.squares == 4).count(), 1);
    assert_eq!(k.territory_points(), 3 + 3 + 6 + 12 + 1 + 12);

    assert_eq!((h.coins, h.towers, h.knights_in_hand), (11, 3, 2));
    assert!(h.hosts_queen);
    assert_eq!(h.knights_placed.len(), 3);
    assert_eq!(h.knights(), 5);
    let built: Vec<&str> = h
        .buildings
        .iter()
        .map(|(b, _)| r.buildings()[b.index()].name.as_str())
        .collect();
    assert_eq!(
        built,
        [
            "Sawmill",
            "Church",
            "Statue",
            "Travelling Castle",
            "Big Tavern",
            "Guardtower"
        ]
    );
    // Every building on a town square; its crowns (none here) on the square.
    let town = r.terrain_by_name("town").expect("town");
    for &(_, cell) in &h.buildings {
        assert!(
            matches!(k.content(cell), Content::Square(s) if s.terrain == town && s.crowns == 0)
        );
    }
    // With the ruleset's (unverified) immediate effects, the six buildings bring exactly the
    // example's 3 towers, and 4 knights to add to the starting one.
    let towers: u32 = h
        .buildings
        .iter()
        .map(|(b, _)| u32::from(r.buildings()[b.index()].towers))
        .sum();
    let knights: u32 = h
        .buildings
        .iter()
        .map(|(b, _)| u32::from(r.buildings()[b.index()].knights))
        .sum();
    assert_eq!((towers, 1 + knights), (h.towers, h.knights()));
}

#[test]
fn the_rulebook_example_scores_71() {
    let r = queendomino();
    let rules = r.rules_for(4).expect("4 players");
    let (k, h) =
        parse_side(EXAMPLE, "example", &r, rules.grid_size).unwrap_or_else(|e| panic!("{e}"));
    let modules =
        build_all(crownlands_core::Registry::shipped_ref(), &rules.modules).expect("modules");
    let score = score_side(rules, SideView::new(&r, &k, &modules, &h, Side(0)));
    let mut territories: BTreeMap<String, u32> = BTreeMap::new();
    for t in &score.territories {
        *territories
            .entry(r.terrain(t.terrain).name.clone())
            .or_default() += t.points;
    }
    let expected: BTreeMap<String, u32> = [
        ("wheat", 3),
        ("forest", 3),
        ("lake", 6),
        ("grassland", 16),
        ("swamp", 1),
        ("mine", 12),
        ("town", 0),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(territories, expected);
    let bonuses: BTreeMap<&str, i32> = score
        .bonuses
        .iter()
        .map(|b| (b.key.as_str(), b.points))
        .collect();
    let expected: BTreeMap<&str, i32> = [
        ("wealth", 3),
        ("Sawmill", 6),
        ("Church", 8),
        ("Travelling Castle", 3),
        ("Big Tavern", 2),
        ("Statue", 5),
        ("Guardtower", 3),
    ]
    .into_iter()
    .collect();
    assert_eq!(bonuses, expected);
    assert_eq!(score.total, 71);
}

#[test]
fn huge_house_rule_values_are_capped_not_wrapped() {
    // 63 buildings worth 1,000 points a coin with a million coins: each line is capped at a
    // million, so the total is 63 million, not a sum wrapped past i32 (it was negative).
    let mut text = String::from(
        "name = \"huge\"\nextends = \"queendomino\"\nplayers = [2]\nsets = [\"queendomino\"]\n[rules]\ngrid-size = 8\n\
         modules = [\"buildings\", \"wealth\"]\n[rules.module.wealth]\ncoins-per-point = 1\n",
    );
    for n in 1..64 {
        text.push_str(&format!(
            "[[building]]\nnumber = {n}\nvalue = {{ kind = \"per-coins\", coins = 1, points = 1000 }}\n"
        ));
    }
    let r = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        std::path::Path::new("huge.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rules = r.rules_for(2).expect("2 players");
    let mut kingdom = String::new();
    let mut n = 1;
    for y in 0..8 {
        let row: Vec<String> = (0..8)
            .map(|x| {
                if (x, y) == (0, 0) {
                    "C".to_string()
                } else {
                    n += 1;
                    format!("T[{}]", n - 1)
                }
            })
            .collect();
        kingdom.push_str(&row.join(" "));
        kingdom.push('\n');
    }
    kingdom.push_str("@coins 1000000\n");
    let (k, h) =
        parse_side(&kingdom, "huge", &r, rules.grid_size).unwrap_or_else(|e| panic!("{e}"));
    let modules =
        build_all(crownlands_core::Registry::shipped_ref(), &rules.modules).expect("modules");
    let score = score_side(rules, SideView::new(&r, &k, &modules, &h, Side(0)));
    let cap = crownlands_core::modules::MAX_LINE_POINTS;
    assert!(score.bonuses.iter().all(|b| b.points <= cap), "{score:?}");
    assert_eq!(
        score.total,
        64 * cap,
        "63 buildings and the wealth bonus, each capped"
    );
}

#[test]
fn render_side_round_trips() {
    let r = queendomino();
    let (k, h) = parse_side(EXAMPLE, "example", &r, 5).unwrap_or_else(|e| panic!("{e}"));
    let text = render_side(&k, &h, &r);
    let (k2, h2) = parse_side(&text, "rendered", &r, 5).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!((&k2, &h2), (&k, &h), "{text}");
    assert!(
        text.contains("T[6]+") && text.contains("G1+ ") && text.contains("@queen"),
        "{text}"
    );

    // A building with a crown: the square shows its own crowns (none on a town square), the
    // building adds its own; a town square with crowns of its own is none of this box's.
    let crowned = r
        .buildings()
        .iter()
        .find(|b| b.crowns == 1)
        .expect("crowned");
    let text = format!("C T[{}] T[{}]\n", crowned.number, r.buildings()[31].number);
    let (k, h) = parse_side(&text, "k", &r, 5).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(k.content(Cell::new(1, 0)), Content::Square(s) if s.crowns == 1));
    let refused = parse_side(&format!("C T1[{}]\n", crowned.number), "k", &r, 5)
        .expect_err("a town square shows no crowns");
    assert!(
        refused
            .to_string()
            .contains("a town square of this ruleset shows no crowns"),
        "{refused}"
    );
    let back = render_side(&k, &h, &r);
    assert_eq!(
        parse_side(&back, "k", &r, 5).expect("back"),
        (k, h),
        "{back}"
    );
    assert!(back.contains(&format!("T[{}]", crowned.number)), "{back}");

    // Nothing but squares: the same as `render`, and no `@` lines.
    let plain = "W1 C F\n";
    let (k, h) = parse_side(plain, "k", &r, 5).expect("plain");
    assert_eq!(h, side_modules(&r).new_data());
    assert_eq!(
        render_side(&k, &h, &r),
        crownlands_rules::kingdom_file::render(&k, &r)
    );
}

#[test]
fn plain_parse_still_refuses_pieces() {
    let r = queendomino();
    let d = parse("C T[1] F+\n", "k", &r, 5).expect_err("pieces");
    assert_diag(&d, 1, 3, &["unexpected `[1]` in `T[1]`"]);
    assert_diag(&d, 1, 8, &["unexpected `+` in `F+`"]);
    let d = parse("C\n@coins 3\n", "k", &r, 5).expect_err("directive");
    assert_diag(&d, 2, 1, &["unknown symbol `@`"]);
}

#[test]
fn piece_errors_with_positions() {
    let r = queendomino();
    let text = "\
C  F[13] T[99] T[x]  T[6]
T[6] T[ T[1]+[2] C+ .+
T+++ F2+ T[1]x
@coins -3
@coins 4
@towers
@knights 2 3
@queen yes
@gold 5
T[01]
";
    let d = parse_side(text, "k.txt", &r, 5).expect_err("problems");
    // Written with a leading zero, as a crown count or a coin count may not be.
    assert_diag(
        &d,
        10,
        1,
        &["bad building number `[01]`", "without leading zeros"],
    );
    assert_diag(
        &d,
        1,
        4,
        &["building 13 (Sawmill) must stand on a town square; this square is forest"],
    );
    assert_diag(
        &d,
        1,
        10,
        &["unknown building number 99", "numbered 1 to 32"],
    );
    assert_diag(&d, 1, 16, &["bad building number `[x]`"]);
    assert_diag(
        &d,
        2,
        1,
        &["building 6 (Church) is already at line 1, column 22"],
    );
    assert_diag(&d, 2, 6, &["`[` without `]` in `T[`"]);
    assert_diag(
        &d,
        2,
        9,
        &["unexpected `[2]` in `T[1]+[2]`", "one building a square"],
    );
    assert_diag(&d, 2, 18, &["`C+`", "not on the castle"]);
    assert_diag(&d, 2, 21, &["`.+`", "not on an empty square"]);
    assert_diag(&d, 3, 10, &["unexpected `x` in `T[1]x`"]);
    assert_diag(&d, 4, 8, &["bad number `-3` for `@coins`"]);
    assert_diag(&d, 6, 1, &["`@towers` needs a number"]);
    assert_diag(&d, 7, 12, &["unexpected `3`: `@knights` takes one number"]);
    assert_diag(&d, 8, 8, &["`@queen` takes no value"]);
    assert_diag(&d, 9, 1, &["unknown line `@gold`", "@coins N"]);
    // `@coins 4` follows a bad `@coins -3`: that one was not given, so no "twice".
    assert!(!d.to_string().contains("twice"), "{d}");
    // Numbers are written as the game writes them: `07` is refused, as a crown count's is.
    let d = parse_side("C\n@coins 07\n", "k", &r, 5).expect_err("leading zero");
    assert_diag(
        &d,
        2,
        8,
        &[
            "bad number `07` for `@coins`",
            "written without leading zeros",
        ],
    );
    assert!(parse_side("C\n@coins 0\n", "k", &r, 5).is_ok());
    let d = parse_side("C\n@coins 1\n@coins 2\n", "k", &r, 5).expect_err("twice");
    assert_diag(&d, 3, 1, &["`@coins` is given twice (first on line 2)"]);
    // A kingdomino ruleset has no buildings module: `[1]` is no mark of its modules.
    let k = load(crownlands_core::Registry::shipped_ref(), "kingdomino").expect("kingdomino");
    let d = parse_side("C F[1]\n", "k", &k, 5).expect_err("no buildings");
    assert_diag(&d, 1, 3, &["unexpected `[1]` in `F[1]`"]);
    // Two knights on one square: they go one to a square (rulebook 002).
    let d = parse_side("C F++\n", "k", &r, 5).expect_err("knights");
    assert_diag(
        &d,
        1,
        3,
        &["2 knights on one square in `F++`", "one knight at most"],
    );
    let d = parse_side(&format!("C F{}\n", "+".repeat(65)), "k", &r, 5).expect_err("knights");
    assert_diag(&d, 1, 3, &["65 knights on one square"]);
    // More knights than the supply holds (22), in hand or placed.
    let d = parse_side("C F+\n@knights 22\n", "k", &r, 5).expect_err("supply");
    assert_diag(
        &d,
        2,
        1,
        &["23 knights in this kingdom", "the supply holds 22"],
    );
    assert!(parse_side("C F+\n@knights 21\n", "k", &r, 5).is_ok());
    // A bad `@` line does not hold back what the modules check of the rest: said together
    // (a playtest met them in rounds).
    let d = parse_side("C T\n@towers 99\n@coins -1\n@bogus 1\n", "k", &r, 5).expect_err("lines");
    assert_diag(
        &d,
        2,
        1,
        &["99 towers in this kingdom", "the supply holds 15"],
    );
    assert_diag(&d, 3, 8, &["bad number `-1` for `@coins`"]);
    assert_diag(&d, 4, 1, &["unknown line `@bogus`"]);
    // Towers likewise (the supply holds 15).
    let d = parse_side("C T\n@towers 16\n", "k", &r, 5).expect_err("supply");
    assert_diag(
        &d,
        2,
        1,
        &["16 towers in this kingdom", "the supply holds 15"],
    );
    assert!(parse_side("C T\n@towers 15\n", "k", &r, 5).is_ok());
}

#[test]
fn a_module_action_that_does_not_read_says_what_is_wrong() {
    let game = crownlands_core::Game::new(std::sync::Arc::new(queendomino()), 4, 1).expect("setup");
    // A module's kind with a bad field: the module's words, not "unknown variant".
    for (json, says) in [
        (
            r#"{"action":"tax","square":"a"}"#,
            "invalid type: string \"a\"",
        ),
        (
            r#"{"action":"build","slot":900,"cell":{"x":0,"y":1}}"#,
            "invalid value: integer `900`",
        ),
        (r#"{"action":"build","slot":1}"#, "missing field `cell`"),
    ] {
        let e = game.action_from_json(json).expect_err(json);
        assert!(
            e.contains(says) && !e.contains("unknown variant"),
            "{json}: {e}"
        );
    }
    // A kind no one has is still the core's unknown variant; good ones still read.
    let e = game
        .action_from_json(r#"{"action":"stall","cell":{"x":0,"y":1}}"#)
        .expect_err("stall");
    assert!(e.starts_with("unknown variant `stall`"), "{e}");
    assert!(game.action_from_json(r#"{"action":"pass"}"#).is_ok());
    assert!(
        game.action_from_json(r#"{"action":"build","slot":1,"cell":{"x":0,"y":1}}"#)
            .is_ok()
    );
}

/// A mark found wrong on its own (two knights on a square) does not hide what reading the rest
/// finds (more knights than the supply holds): every problem of the file at once.
#[test]
fn wrong_marks_do_not_hide_what_reading_finds() {
    let r = queendomino();
    let d = parse_side("C W++ F+\n@knights 40\n", "k", &r, 5).expect_err("both wrong");
    let text = d.to_string();
    assert!(
        text.contains("k:1:3:") && text.contains("2 knights on one square"),
        "{text}"
    );
    assert!(
        text.contains("k:2:1:") && text.contains("but the supply holds"),
        "{text}"
    );
    // On one square: the building found wrong does not hide the knight read beside it.
    let d = parse_side("C T[99]+\n@knights 22\n", "k", &r, 5).expect_err("both wrong");
    let text = d.to_string();
    assert!(text.contains("unknown building number 99"), "{text}");
    assert!(text.contains("23 knights in this kingdom"), "{text}");
}

/// A build where one is legal (the first listed), else the legal action `step` picks (in
/// turn, so that games differ); and the build, if it was one.
fn build_first(
    game: &crownlands_core::Game,
    step: usize,
) -> (crownlands_core::Action, Option<crownlands_core::Action>) {
    let legal = game.legal_actions();
    let build = legal
        .iter()
        .copied()
        .find(|&a| game.action_text(a).starts_with("build"));
    (build.unwrap_or(legal[step % legal.len()]), build)
}

/// The most buildings one side built in one turn over a few games where every side builds
/// whenever it can (the first build listed), under `ruleset`.
fn most_builds_in_a_turn(ruleset: Ruleset) -> usize {
    let ruleset = std::sync::Arc::new(ruleset);
    let mut most = 0;
    for seed in 0..6 {
        let mut game = crownlands_core::Game::new(ruleset.clone(), 4, seed).expect("sets up");
        let mut run = 0;
        let mut step = 0usize;
        while !game.is_over() {
            // Else the actions in turn, so that the games differ.
            let (action, build) = build_first(&game, step);
            step += 1;
            if build.is_some() {
                run += 1;
                most = most.max(run);
            } else {
                run = 0;
            }
            game.apply(action).expect("legal");
        }
    }
    most
}

/// `per-turn` (a house rule): up to that many buildings a turn, the step going on while
/// another can be built; the rulebook's one by default.
#[test]
fn buildings_per_turn_is_how_many_a_side_builds_in_a_turn() {
    assert_eq!(most_builds_in_a_turn(queendomino()), 1);
    let two = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nname = \"two\"\n[rules.module.buildings]\nper-turn = 2\n",
        Path::new("two.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(most_builds_in_a_turn(two), 2);
    let e = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\n[rules.module.buildings]\nper-turn = 0\n",
        Path::new("zero.toml"),
    )
    .expect_err("at least one a turn");
    assert!(e.to_string().contains("per-turn"), "{e}");
}

/// A side that discards (nothing placed) starts its turn's builds at 0: the turn is told by the
/// dominoes placed or discarded, not placed alone (its first build counted as the side before
/// it's second, and the step ended after one).
#[test]
fn a_discarding_sides_builds_of_its_turn_start_at_none() {
    let two = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nname = \"two\"\n[rules.module.buildings]\nper-turn = 2\n",
        Path::new("two.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ruleset = std::sync::Arc::new(two);
    let mut checked = 0;
    for seed in 0..200u64 {
        let mut game = crownlands_core::Game::new(ruleset.clone(), 4, seed).expect("sets up");
        let mut previous: Option<(Side, bool)> = None;
        let mut step = seed as usize;
        while !game.is_over() {
            let (action, build) = build_first(&game, step);
            step = step.wrapping_mul(31).wrapping_add(7);
            let side = game.side_of(game.to_act().expect("someone acts"));
            let first_of_turn = build.is_some() && previous != Some((side, true));
            game.apply(action).expect("legal");
            if first_of_turn {
                let states = game.module_data().states_json().expect("states");
                let built = states
                    .iter()
                    .find_map(|s| s.get("built_this_turn").and_then(|v| v.as_u64()))
                    .expect("the buildings' count");
                assert_eq!(built, 1, "seed {seed}: {side:?}'s first build of its turn");
                checked += 1;
            }
            previous = Some((side, build.is_some()));
        }
    }
    assert!(checked > 100, "{checked} first builds");
}

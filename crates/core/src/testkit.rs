//! A Kingdomino ruleset built in code, for the core's own unit tests (the shipped TOML files are
//! tested against the same data in the workspace tests).

use crate::building::{Building, BuildingId, BuildingValue, TaxBonus};
use crate::domino::{Domino, Square};
use crate::game::{Action, Game};
use crate::geometry::Cell;
use crate::modules;
use crate::ruleset::{FirstClaims, LineSource, Rules, Ruleset, RulesetParts, TieBreak};
use crate::side::{BySide, Side};
use crate::terrain::{Terrain, TerrainId};
use std::sync::Arc;

const DOMINOES: &str = "
W0W0 W0W0 F0F0 F0F0 F0F0 F0F0 L0L0 L0L0 L0L0 G0G0 G0G0 S0S0
W0F0 W0L0 W0G0 W0S0 F0L0 F0G0 W1F0 W1L0 W1G0 W1S0 W1M0 F1W0
F1W0 F1W0 F1W0 F1L0 F1G0 L1W0 L1W0 L1F0 L1F0 L1F0 L1F0 W0G1
L0G1 W0S1 G0S1 M1W0 W0G2 L0G2 W0S2 G0S2 M2W0 S0M2 S0M2 W0M3";

pub const SYMBOLS: &str = "WFLGSM";

pub fn terrain(symbol: char) -> TerrainId {
    TerrainId(SYMBOLS.find(symbol).expect("test symbol") as u8)
}

pub fn square(s: &str) -> Square {
    let mut c = s.chars();
    let t = terrain(c.next().expect("symbol"));
    let crowns = c.as_str().parse().unwrap_or(0);
    Square { terrain: t, crowns }
}

pub fn rules(grid: u8, kings: u8, deck: u16) -> Rules {
    Rules {
        grid_size: grid,
        castle: crate::CastleAt::Anywhere,
        connection: crate::Connection::SameTerrain,
        discard: crate::Discard::WhenNothingFits,
        line_size: 4,
        kings_per_player: kings,
        deck_size: deck,
        deck_all: false,
        first_claims: if kings == 2 {
            FirstClaims::Snake
        } else {
            FirstClaims::Drawn
        },
        harmony: None,
        middle_kingdom: None,
        bonus_settings: Default::default(),
        tie_breaks: vec![TieBreak::LargestTerritory, TieBreak::MostCrowns],
        match_games: 1,
        match_tie_breaks: vec![],
        modules: vec![],
        lines: crate::ruleset::LineSource::mixed(),
        team_size: 1,
        teams: crate::teams::SIDE_BY_SIDE.into(),
    }
}

pub fn kingdomino() -> Ruleset {
    Ruleset::new(kingdomino_parts()).expect("the test Kingdomino ruleset is valid")
}

/// The parts of [`kingdomino`], to change before [`Ruleset::new`].
pub fn kingdomino_parts() -> RulesetParts {
    let names = ["wheat", "forest", "lake", "grassland", "swamp", "mine"];
    RulesetParts {
        tables: Default::default(),
        name: "kingdomino".into(),
        description: "test".into(),
        terrains: names
            .iter()
            .zip(SYMBOLS.chars())
            .map(|(n, s)| Terrain {
                name: n.to_string(),
                symbol: s,
                colour: "#888888".into(),
            })
            .collect(),
        piles: vec!["kingdomino".into()],
        dominoes: DOMINOES
            .split_whitespace()
            .enumerate()
            .map(|(i, t)| Domino {
                number: i as u16 + 1,
                pile: 0,
                first: square(&t[..2]),
                second: square(&t[2..]),
            })
            .collect(),
        buildings: vec![],
        player_counts: vec![
            (2, rules(5, 2, 24)),
            (3, rules(5, 1, 48)),
            (4, rules(5, 1, 48)),
        ],
    }
}

/// A kingdom drawn as text rows (`.` empty, `C` castle, symbol + crowns), for unit tests.
pub fn kingdom(grid: u8, rows: &str) -> crate::Kingdom {
    let rows: Vec<Vec<&str>> = rows
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let (cy, cx) = rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.iter().position(|c| *c == "C").map(|x| (y, x)))
        .expect("castle");
    let mut k = crate::Kingdom::new(grid);
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.iter().enumerate() {
            if *c != "." && *c != "C" {
                let cell = crate::Cell::new(x as i8 - cx as i8, y as i8 - cy as i8);
                k.set_square(cell, square(c)).expect("fits");
            }
        }
    }
    k
}

// Fixtures shared by the core's unit tests (moved from the old tests.rs).

pub fn xorshift(state: &mut u64) -> u32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 32) as u32
}

pub fn play_out(game: &mut Game, seed: u64) -> Vec<Action> {
    let mut state = seed | 1;
    let mut actions = Vec::new();
    while let Some(a) = game.play_random(|| xorshift(&mut state)) {
        actions.push(a);
    }
    actions
}

pub fn with_modules(specs: Vec<modules::ModuleSpec>) -> Arc<Ruleset> {
    Arc::new(Ruleset::new(with_modules_parts(specs)).expect("valid"))
}

/// The parts of [`kingdomino`] with `specs` as the modules at every player count.
pub fn with_modules_parts(specs: Vec<modules::ModuleSpec>) -> RulesetParts {
    let mut r = kingdomino_parts();
    for (_, rules) in &mut r.player_counts {
        rules.modules = specs.clone();
    }
    r
}

pub fn knights_and_wealth() -> Arc<Ruleset> {
    with_modules(vec![
        modules::ModuleSpec::new("knights"),
        modules::ModuleSpec::new("wealth"),
    ])
}

/// What the modules keep, gathered by name and type for tests to read (the game keeps it as
/// module states and resources).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pieces {
    pub sides: BySide<SidePieces>,
    pub knight_supply: u32,
    pub tower_supply: u32,
    pub board: Vec<Option<BuildingId>>,
    pub building_pile: Vec<BuildingId>,
    pub dragon: Option<modules::DragonState>,
}

/// What one side holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SidePieces {
    pub coins: u32,
    pub knights_in_hand: u32,
    pub knights_placed: Vec<Cell>,
    pub towers: u32,
    pub buildings: Vec<(BuildingId, Cell)>,
    pub hosts_queen: bool,
}

impl SidePieces {
    /// Knights owned, placed or not.
    pub fn knights(&self) -> u32 {
        self.knights_in_hand + self.knights_placed.len() as u32
    }
}

impl Pieces {
    pub fn queen_host(&self) -> Option<Side> {
        self.sides
            .iter()
            .find(|(_, h)| h.hosts_queen)
            .map(|(s, _)| s)
    }
}

/// What the modules of `g` keep, in one struct.
pub fn pieces(g: &Game) -> Pieces {
    let knights = g.module_state::<modules::KnightsState>();
    let buildings = g.module_state::<modules::BuildingsState>();
    Pieces {
        sides: BySide::from_fn(g.sides(), |side| {
            let placed: Vec<Cell> = knights.map_or_else(Vec::new, |k| k.placed(side).to_vec());
            SidePieces {
                coins: g.resource(side, "coins"),
                knights_in_hand: g.resource(side, "knights") - placed.len() as u32,
                knights_placed: placed,
                towers: g.resource(side, "towers"),
                buildings: buildings.map_or_else(Vec::new, |b| b.built(side).to_vec()),
                hosts_queen: g.resource(side, "queen-host") > 0,
            }
        }),
        knight_supply: g.supply("knights"),
        tower_supply: g.supply("towers"),
        board: buildings.map_or_else(Vec::new, |b| b.board().to_vec()),
        building_pile: buildings.map_or_else(Vec::new, |b| b.pile.clone()),
        dragon: g.module_state::<modules::DragonState>().cloned(),
    }
}

/// The modules' data of a side alone (side 0) holding `p`, for scoring with no game around it.
pub fn side_data(list: &modules::ModuleList, p: &SidePieces) -> modules::ModuleData {
    let mut data = list.new_data();
    let side = Side(0);
    data.set_resource(list, side, "coins", p.coins);
    data.set_resource(list, side, "knights", p.knights());
    data.set_resource(list, side, "towers", p.towers);
    data.set_resource(list, side, "queen-host", u32::from(p.hosts_queen));
    if let Some(k) = data.find_state_mut::<modules::KnightsState>() {
        k.placed = vec![p.knights_placed.clone()].into();
    }
    if let Some(b) = data.find_state_mut::<modules::BuildingsState>() {
        b.built = vec![p.buildings.clone()].into();
    }
    data
}

/// Score side 0 of `data` with `kingdom` under the rules of `players` players of `ruleset`.
pub fn score_alone(
    ruleset: &Ruleset,
    players: u8,
    kingdom: &crate::kingdom::Kingdom,
    p: &SidePieces,
) -> crate::score::ScoreBreakdown {
    let rules = ruleset.rules_for(players).expect("player count");
    let list = modules::build_all(crate::Registry::shipped_ref(), &rules.modules).expect("modules");
    let data = side_data(&list, p);
    modules::score_side(
        rules,
        modules::SideView::new(ruleset, kingdom, &list, &data, Side(0)),
    )
}

pub fn knights_conserved(g: &Game) {
    let e = pieces(g);
    let owned: u32 = e.sides.values().map(|h| h.knights()).sum();
    assert_eq!(
        owned + e.knight_supply,
        22,
        "knights are neither made nor lost"
    );
}

pub fn building(
    number: u16,
    knights: u8,
    towers: u8,
    crowns: u8,
    value: BuildingValue,
    tax_bonus: TaxBonus,
) -> Building {
    Building {
        number,
        name: format!("b{number}"),
        crowns,
        knights,
        towers,
        coins: 0,
        price: 0,
        tax_bonus,
        value,
    }
}

/// Kingdomino's dominoes with grassland as the town terrain and 12 test buildings.
pub fn queendomino_like(modules_list: &[&str], tower_supply: i64) -> Arc<Ruleset> {
    Arc::new(Ruleset::new(queendomino_parts(modules_list, tower_supply)).expect("valid"))
}

/// The parts of [`queendomino_like`], for a test to change before validating them.
pub fn queendomino_parts(modules_list: &[&str], tower_supply: i64) -> RulesetParts {
    let mut r = kingdomino_parts();
    let g = terrain('G');
    r.buildings = (1..=12)
        .map(|n| {
            let value = match n % 4 {
                0 => BuildingValue::Fixed { points: 3 },
                1 => BuildingValue::PerTerritory {
                    terrain: g,
                    points: 2,
                },
                2 => BuildingValue::PerTower { points: 1 },
                _ => BuildingValue::PerKnight { points: 1 },
            };
            let tax = if n == 5 {
                TaxBonus::PerKnight
            } else {
                TaxBonus::None
            };
            building(
                n,
                (n % 2) as u8,
                (n % 3 == 0) as u8,
                (n == 4) as u8,
                value,
                tax,
            )
        })
        .collect();
    let specs: Vec<modules::ModuleSpec> = modules_list
        .iter()
        .map(|name| {
            let mut s = modules::ModuleSpec::new(name);
            if *name == "buildings" {
                s.params
                    .insert("town".into(), modules::Param::Text("grassland".into()));
                s.params
                    .insert("tower-supply".into(), modules::Param::Int(tower_supply));
            }
            s
        })
        .collect();
    for (_, rules) in &mut r.player_counts {
        rules.modules = specs.clone();
    }
    r
}

pub const ALL: &[&str] = &["knights", "buildings", "queen", "dragon", "wealth"];

pub fn conserved(g: &Game, towers: u32) {
    let e = pieces(g);
    let burnt: &[BuildingId] = e.dragon.as_ref().map_or(&[], |d| &d.burnt);
    let total = g.ruleset().buildings().len();
    let built: usize = e.sides.values().map(|h| h.buildings.len()).sum();
    let on_board = e.board.iter().flatten().count();
    assert_eq!(
        e.building_pile.len() + on_board + burnt.len() + built,
        total,
        "every building in one place"
    );
    let mut all: Vec<BuildingId> = e.building_pile.clone();
    all.extend(e.board.iter().flatten());
    all.extend(burnt);
    all.extend(
        e.sides
            .values()
            .flat_map(|h| h.buildings.iter().map(|&(b, _)| b)),
    );
    all.sort();
    all.dedup();
    assert_eq!(all.len(), total, "no building in two places");
    assert_eq!(
        e.sides.values().map(|h| h.towers).sum::<u32>() + e.tower_supply,
        towers,
        "towers conserved"
    );
    knights_conserved(g);
    assert!(
        e.sides.values().filter(|h| h.hosts_queen).count() <= 1,
        "one Queen"
    );
    if let Some(host) = e.queen_host() {
        let most = e.sides.values().map(|h| h.towers).max().unwrap_or(0);
        assert_eq!(e.sides[host].towers, most, "the host has the most towers");
    }
}

/// Play randomly until `side_ok` holds in the given module step.
pub fn play_until(g: &mut Game, state: &mut u64, mut ok: impl FnMut(&Game) -> bool) -> bool {
    while !g.is_over() {
        if ok(g) {
            return true;
        }
        g.play_random(|| xorshift(state));
    }
    false
}

/// Two boxes of 48 (the test dominoes twice, numbered 1-48 in each), lines alternating
/// "queendomino" (box 1) then "kingdomino" (box 0), with the Royal Wedding player counts.
pub fn royal_wedding(teams: bool) -> Arc<Ruleset> {
    let mut r = kingdomino_parts();
    r.name = "royal-wedding-test".into();
    r.piles = vec!["kingdomino".into(), "queendomino".into()];
    let second: Vec<Domino> = r
        .dominoes
        .iter()
        .map(|d| Domino {
            pile: 1,
            ..d.clone()
        })
        .collect();
    r.dominoes.extend(second);
    let rules = |grid: u8, line: u8, team_size: u8| Rules {
        grid_size: grid,
        castle: crate::CastleAt::Anywhere,
        connection: crate::Connection::SameTerrain,
        discard: crate::Discard::WhenNothingFits,
        line_size: line,
        kings_per_player: 1,
        deck_size: 96,
        deck_all: false,
        first_claims: FirstClaims::Drawn,
        harmony: None,
        middle_kingdom: None,
        bonus_settings: Default::default(),
        tie_breaks: vec![TieBreak::LargestTerritory, TieBreak::MostCrowns],
        match_games: 1,
        match_tie_breaks: vec![],
        modules: vec![
            modules::ModuleSpec::new("knights"),
            modules::ModuleSpec::new("wealth"),
        ],
        lines: LineSource::alternate(vec![1, 0]),
        team_size,
        teams: crate::teams::SIDE_BY_SIDE.into(),
    };
    r.player_counts = if teams {
        vec![(6, rules(7, 8, 2)), (8, rules(7, 8, 2))]
    } else {
        vec![
            (3, rules(7, 4, 1)),
            (4, rules(7, 4, 1)),
            (5, rules(5, 8, 1)),
            (6, rules(5, 8, 1)),
            (7, rules(5, 8, 1)),
            (8, rules(5, 8, 1)),
        ]
    };
    Arc::new(Ruleset::new(r).expect("valid"))
}

/// `ruleset` played as matches of `games` games at every player count.
pub fn in_matches_of(ruleset: &Ruleset, games: u8) -> Arc<Ruleset> {
    let mut r = ruleset.clone().into_parts();
    for (_, rules) in &mut r.player_counts {
        rules.match_games = games;
    }
    Arc::new(Ruleset::new(r).expect("valid"))
}

/// A module's typed action in the core's form, for `g`'s rules (which must have the module).
pub fn packed<A: crate::ModuleAction>(g: &Game, action: A) -> Action {
    g.pack(action).expect("the module is in force")
}

/// Kingdomino with the typed module `M` alone at every player count, `M` registered beside the
/// shipped modules: the ruleset, or the problems found making it.
pub fn with_mechanism<M: modules::Mechanism>() -> Result<Arc<Ruleset>, crate::Problems> {
    let mut registry = crate::Registry::shipped();
    registry.add_mechanism::<M>();
    let parts = with_modules_parts(vec![modules::ModuleSpec::new(M::NAME)]);
    Ruleset::with_registry(parts, &registry).map(Arc::new)
}

/// A house seating for tests of seatings a crate registers (`Registry::add_teams`): teammates sit
/// across the table, seat `i` playing for side `i % sides` (at 6 players in teams of 2, seats 1
/// and 4 share a kingdom).
#[derive(Clone, Copy, Debug, Default)]
pub struct Across;

impl crate::Teams for Across {
    fn side_of(&self, seat: crate::Seat, players: u8, team_size: u8) -> crate::Side {
        crate::Side(seat.0 % (players / team_size.max(1)).max(1))
    }
}

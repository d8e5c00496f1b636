//! A Kingdomino ruleset built in code, for the core's own unit tests (the shipped TOML files are
//! tested against the same data in the workspace tests).

use crate::domino::{Domino, Square};
use crate::ruleset::{FirstClaims, Rules, Ruleset, TieBreak};
use crate::terrain::{Terrain, TerrainId};

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
        line_size: 4,
        kings_per_player: kings,
        deck_size: deck,
        first_claims: if kings == 2 {
            FirstClaims::Snake
        } else {
            FirstClaims::Drawn
        },
        harmony: None,
        middle_kingdom: None,
        tie_breaks: vec![TieBreak::LargestTerritory, TieBreak::MostCrowns],
        match_games: 1,
        modules: vec![],
        lines: crate::ruleset::LineSource::Mixed,
        team_size: 1,
    }
}

pub fn kingdomino() -> Ruleset {
    let names = ["wheat", "forest", "lake", "grassland", "swamp", "mine"];
    Ruleset {
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

//! Placement legality: the bitboards against the connection rules written out square by square.

use crate::testkit::{self, xorshift};
use crate::*;
use std::sync::Arc;

/// The connection rules written out square by square, to check the bitboards against.
fn naive_placements(k: &Kingdom, d: &Domino) -> Vec<Placement> {
    let n = i8::try_from(k.grid()).unwrap_or(1);
    let mut out = Vec::new();
    let (min_x, min_y, max_x, max_y) = k.bounds();
    // With the castle fixed at the centre, no square beyond half the grid less one of it.
    let reach = match k.castle_at() {
        CastleAt::Anywhere => n - 1,
        CastleAt::Centre => (n - 1) / 2,
    };
    let near = |c: Cell| c.x.abs() <= reach && c.y.abs() <= reach;
    for y in -(n - 1)..n {
        for x in -(n - 1)..n {
            for dir in Direction::ALL {
                let a = Cell::new(x, y);
                let b = a.step(dir);
                if k.content(a) != Content::Empty || k.content(b) != Content::Empty {
                    continue;
                }
                if !b.in_frame(k.grid()) || !near(a) || !near(b) {
                    continue;
                }
                let (lx, hx) = (min_x.min(a.x).min(b.x), max_x.max(a.x).max(b.x));
                let (ly, hy) = (min_y.min(a.y).min(b.y), max_y.max(a.y).max(b.y));
                if hx - lx >= n || hy - ly >= n {
                    continue;
                }
                let any = k.shape().connection == Connection::AnyTerrain;
                let touches = |c: Cell, t: TerrainId| {
                    Direction::ALL.iter().any(|&e| match k.content(c.step(e)) {
                        Content::Castle => true,
                        Content::Square(s) => any || s.terrain == t,
                        Content::Empty => false,
                    })
                };
                if touches(a, d.first.terrain) || touches(b, d.second.terrain) {
                    out.push(Placement::new(a, dir));
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn bitboard_placements_match_the_naive_rules() {
    let ruleset = Arc::new(testkit::kingdomino());
    let mut state = 0x1234_5678_9abc_def0u64;
    let shape = |grid, castle, connection| KingdomShape {
        grid,
        castle,
        connection,
    };
    let (same, any) = (Connection::SameTerrain, Connection::AnyTerrain);
    let shapes = [3u8, 5, 7, 8]
        .map(|g| shape(g, CastleAt::Anywhere, same))
        .into_iter()
        .chain([3u8, 5, 7].map(|g| shape(g, CastleAt::Centre, same)))
        .chain([5u8, 8].map(|g| shape(g, CastleAt::Anywhere, any)))
        .chain([5u8].map(|g| shape(g, CastleAt::Centre, any)));
    for shape in shapes {
        let grid = shape.grid;
        for game_seed in 0..40u64 {
            let mut k = Kingdom::shaped(shape);
            for step in 0..60 {
                let d = &ruleset.dominoes()[(xorshift(&mut state) % 48) as usize];
                let set = k.placements(d);
                let mut fast: Vec<Placement> = set.iter().collect();
                fast.sort();
                let slow = naive_placements(&k, d);
                assert_eq!(fast, slow, "{shape:?} seed {game_seed} step {step}");
                assert_eq!(set.count() as usize, slow.len());
                for (i, p) in set.iter().enumerate() {
                    assert_eq!(set.nth(i as u32), Some(p));
                    assert!(k.is_legal(d, p));
                }
                if slow.is_empty() {
                    continue;
                }
                let p = slow[(xorshift(&mut state) as usize) % slow.len()];
                k.place_unchecked(d, p);
                let (lx, ly, hx, hy) = k.bounds();
                assert!(hx - lx < grid as i8 && hy - ly < grid as i8);
                // The frame holds exactly the cells a square may still reach.
                let (fx0, fy0, fx1, fy1) = k.frame();
                let r = k.reach();
                let g = grid as i8;
                for v in -(g - 1)..g {
                    let fits = |lo: i8, hi: i8| v.abs() <= r && hi.max(v) - lo.min(v) < g;
                    assert_eq!((fx0..=fx1).contains(&v), fits(lx, hx), "x {v}");
                    assert_eq!((fy0..=fy1).contains(&v), fits(ly, hy), "y {v}");
                }
            }
        }
    }
}

/// Kingdoms of every board size grown by random legal placements (`games` kingdoms a grid, up to
/// `steps` dominoes each, drawn from `state`), handed to `f` after each placement.
fn grow_random_kingdoms(
    mut state: u64,
    games: usize,
    steps: usize,
    mut f: impl FnMut(u8, &Kingdom),
) {
    let ruleset = Arc::new(testkit::kingdomino());
    for grid in [3u8, 5, 7, 8] {
        for _ in 0..games {
            let mut k = Kingdom::new(grid);
            for _ in 0..steps {
                let d = &ruleset.dominoes()[(xorshift(&mut state) % 48) as usize];
                let legal: Vec<Placement> = k.placements(d).iter().collect();
                if legal.is_empty() {
                    continue;
                }
                k.place_unchecked(d, legal[(xorshift(&mut state) as usize) % legal.len()]);
                f(grid, &k);
            }
        }
    }
}

/// Territory sizes, counts and the largest territory (read off the kingdom's rows packed in one
/// word where they fit) against the territories listed one by one.
#[test]
fn territory_queries_match_the_listed_territories() {
    grow_random_kingdoms(0x0fed_cba9_8765_4321, 20, 60, |grid, k| {
        let territories = k.territories();
        let largest = territories.iter().map(|t| t.squares).max().unwrap_or(0);
        assert_eq!(k.largest_territory(), largest, "grid {grid}");
        for t in 0..6u8 {
            let terrain = TerrainId(t);
            let count = territories.iter().filter(|x| x.terrain == terrain).count();
            assert_eq!(k.territory_count(terrain) as usize, count, "grid {grid}");
        }
        let n = i8::try_from(grid).unwrap_or(1);
        for y in -(n - 1)..n {
            for x in -(n - 1)..n {
                let cell = Cell::new(x, y);
                let listed = k.territory_cells(cell);
                let cells = listed.len() as u32;
                assert_eq!(k.territory_size_at(cell), cells, "grid {grid} at {cell:?}");
                // The square asked about first (a choice's highlight starts there).
                assert!(cells == 0 || listed[0] == cell, "grid {grid} at {cell:?}");
            }
        }
        // Every square once, as the cell-by-cell reading gives it.
        let mut seen = 0;
        k.for_each_square(|cell, square| {
            assert_eq!(k.content(cell), Content::Square(square), "grid {grid}");
            seen += 1;
        });
        assert_eq!(seen, k.squares(), "grid {grid}");
        // Every square once with its territory, a territory's squares together, anchor first.
        let mut listed = Vec::new();
        let mut cells = Vec::new();
        k.for_each_territory_cell(|territory, cell| {
            if cell == territory.anchor {
                listed.push(territory);
                cells.push(k.territory_cells(cell));
            }
            assert_eq!(listed.last(), Some(&territory), "grid {grid} at {cell:?}");
            assert!(
                cells.last().is_some_and(|c| c.contains(&cell)),
                "grid {grid} at {cell:?}"
            );
            assert!(
                matches!(k.content(cell), Content::Square(s) if s.terrain == territory.terrain),
                "grid {grid} at {cell:?}"
            );
            seen -= 1;
        });
        assert_eq!(seen, 0, "grid {grid}");
        assert_eq!(listed, territories, "grid {grid}");
    });
}

/// The `n`th square of a terrain not among some excepted cells (the Builders' open town squares),
/// read off one word from the kingdom's top row where it fits, against the listed squares.
#[test]
fn nth_cell_of_except_matches_the_listed_squares() {
    grow_random_kingdoms(0x0005_eed0_f0dd_ba11, 20, 40, |grid, k| {
        for t in 0..6u8 {
            let terrain = TerrainId(t);
            let all = k.cells_of(terrain);
            // Every other square excepted, and a cell outside the grid.
            let except: Vec<Cell> = all
                .iter()
                .copied()
                .step_by(2)
                .chain([Cell::new(40, -40)])
                .collect();
            let open: Vec<Cell> = all
                .iter()
                .copied()
                .filter(|c| !except.contains(c))
                .collect();
            for n in 0..=open.len() as u32 {
                assert_eq!(
                    k.nth_cell_of_except(terrain, except.iter().copied(), n),
                    open.get(n as usize).copied(),
                    "grid {grid} terrain {t} n {n}"
                );
            }
        }
    });
}

/// With the castle fixed at the centre a square beyond its reach is refused as such, and the
/// kingdom stays so when emptied (`clear`).
#[test]
fn a_castle_at_the_centre_keeps_squares_within_half_the_grid() {
    let centre = KingdomShape {
        castle: CastleAt::Centre,
        ..KingdomShape::from(5)
    };
    let mut k = Kingdom::shaped(centre);
    assert_eq!((k.reach(), k.frame()), (2, (-2, -2, 2, 2)));
    let sq = testkit::square("W");
    assert_eq!(
        k.set_square(Cell::new(3, 0), sq),
        Err(crate::kingdom::SquareError::BeyondCentre(
            Cell::new(3, 0),
            2
        ))
    );
    assert!(
        crate::kingdom::SquareError::BeyondCentre(Cell::new(3, 0), 2)
            .to_string()
            .contains("more than 2 squares from the castle")
    );
    // One square is said in the singular.
    assert!(
        crate::kingdom::SquareError::BeyondCentre(Cell::new(-2, 0), 1)
            .to_string()
            .contains("lies more than 1 square from the castle,")
    );
    k.set_square(Cell::new(2, 0), sq).expect("within reach");
    k.clear();
    assert_eq!(
        (k.castle_at(), k.reach(), k.squares()),
        (CastleAt::Centre, 2, 0)
    );
    // Anywhere, the same square is fine: the kingdom may still grow the other way.
    let mut free = Kingdom::new(5);
    free.set_square(Cell::new(3, 0), sq)
        .expect("within the grid");
    assert_eq!(free.frame(), (-1, -4, 4, 4));
    assert_ne!(free, Kingdom::shaped(centre));
}

/// Emptied (`clear`, as every reset game does), a kingdom is exactly a new one of its shape,
/// whatever it held: for every layout, any terrain joining included (whose squares extend every
/// terrain's plane of `touching`).
#[test]
fn a_cleared_kingdom_is_a_new_one_of_its_shape() {
    let ruleset = Arc::new(testkit::kingdomino());
    let mut state = 0x0bad_cafe_f00d_0001u64;
    for castle in [CastleAt::Anywhere, CastleAt::Centre] {
        for connection in [Connection::SameTerrain, Connection::AnyTerrain] {
            for grid in [5u8, 7] {
                let shape = KingdomShape {
                    grid,
                    castle,
                    connection,
                };
                let mut k = Kingdom::shaped(shape);
                for _ in 0..3 {
                    for _ in 0..12 {
                        let d = &ruleset.dominoes()[(xorshift(&mut state) % 48) as usize];
                        let legal: Vec<Placement> = k.placements(d).iter().collect();
                        if let Some(&p) =
                            legal.get((xorshift(&mut state) as usize) % legal.len().max(1))
                        {
                            k.place_unchecked(d, p);
                        }
                    }
                    assert!(k.squares() > 0, "{shape:?}");
                    k.clear();
                    assert_eq!(k, Kingdom::shaped(shape), "{shape:?}");
                }
            }
        }
    }
}

/// `distinct` keeps each kingdom a domino can lead to once: for a domino of two like squares
/// every placement's cells are covered by one kept placement, half the set kept; other
/// dominoes keep every placement. On 5x5 and 7x7 grids, kingdoms of random placements.
#[test]
fn distinct_placements_lead_to_every_kingdom_once() {
    let ruleset = Arc::new(testkit::kingdomino());
    let mut state = 0x7e1a_d15e_c0de_0002u64;
    let cells = |p: Placement| {
        let (a, b) = (p.first, p.second());
        if (a.y, a.x) <= (b.y, b.x) {
            (a, b)
        } else {
            (b, a)
        }
    };
    let mut twins_seen = 0;
    for grid in [5u8, 7] {
        let shape = KingdomShape {
            grid,
            castle: CastleAt::Anywhere,
            connection: Connection::SameTerrain,
        };
        let mut k = Kingdom::shaped(shape);
        for _ in 0..20 {
            for d in ruleset.dominoes() {
                let all = k.placements(d);
                let kept = all.distinct(d);
                if d.first != d.second {
                    assert_eq!(kept, all);
                    continue;
                }
                twins_seen += 1;
                assert_eq!(2 * kept.count(), all.count());
                let mut want: Vec<_> = all.iter().map(cells).collect();
                want.sort_by_key(|(a, b)| (a.y, a.x, b.y, b.x));
                want.dedup();
                let mut got: Vec<_> = kept.iter().map(cells).collect();
                got.sort_by_key(|(a, b)| (a.y, a.x, b.y, b.x));
                assert_eq!(got, want, "{grid}x{grid}");
                assert!(kept.iter().all(|p| all.contains(p)));
                // Each placement's kept one covers its cells and is kept.
                for p in all.iter() {
                    let q = PlacementSet::kept_for(d, p);
                    assert!(kept.contains(q) && cells(q) == cells(p), "{p:?} {q:?}");
                }
            }
            let d = &ruleset.dominoes()[(xorshift(&mut state) % 48) as usize];
            let legal: Vec<Placement> = k.placements(d).iter().collect();
            if let Some(&p) = legal.get((xorshift(&mut state) as usize) % legal.len().max(1)) {
                k.place_unchecked(d, p);
            }
        }
    }
    assert!(twins_seen > 0);
}

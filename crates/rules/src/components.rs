//! Terrains and dominoes gathered from component sets and inline declarations: terrains merge by
//! name, dominoes name their terrains, numbers are unique within a box.

use crate::format::{DominoDef, SquareDef, TerrainDef};
use crate::load::{Loader, Loc};
use crate::node::Seg;
use crate::walk::closest;
use crownlands_core::ruleset::MAX_DOMINOES;
use crownlands_core::terrain::MAX_TERRAINS;
use crownlands_core::{Domino, Square, Terrain, TerrainId};
use std::collections::HashMap;

/// The components one file declares.
pub(crate) struct Block {
    pub file: usize,
    pub terrains: Vec<TerrainDef>,
    pub dominoes: Vec<DominoDef>,
    /// The box of dominoes that name none.
    pub default_box: String,
}

pub(crate) struct Components {
    pub terrains: Vec<Terrain>,
    pub piles: Vec<String>,
    pub dominoes: Vec<Domino>,
}

/// Whether a symbol is one ASCII uppercase letter other than `C` (the castle).
pub(crate) fn valid_symbol(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() && c != 'C' => Some(c),
        _ => None,
    }
}

pub(crate) fn valid_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

impl Components {
    /// Merge the blocks in order. With `shared_terrains`, a domino may name a terrain declared in
    /// any block (a ruleset); without, only its own block's terrains (a set validated alone).
    pub fn build(loader: &mut Loader, blocks: &[Block], shared_terrains: bool) -> Components {
        let mut terrains: Vec<Terrain> = Vec::new();
        let mut terrain_locs: Vec<Loc> = Vec::new();
        let mut too_many_terrains = false;
        let mut block_terrains: Vec<Vec<String>> = Vec::new();
        for b in blocks {
            let mut names = Vec::new();
            for (i, t) in b.terrains.iter().enumerate() {
                let at = |k: &'static str| [Seg::Key("terrain"), Seg::Index(i), Seg::Key(k)];
                let name_loc = loader.loc(b.file, &at("name"));
                let sym_loc = loader.loc(b.file, &at("symbol"));
                let col_loc = loader.loc(b.file, &at("colour"));
                names.push(t.name.clone());
                if t.name.trim().is_empty() {
                    loader.err(&name_loc, "a terrain's name may not be empty");
                }
                let symbol = match valid_symbol(&t.symbol) {
                    Some(c) => c,
                    None => {
                        loader.err(
                            &sym_loc,
                            format!(
                                "terrain `{}`: symbol must be one ASCII uppercase letter other than C (the castle), not \"{}\"",
                                t.name, t.symbol
                            ),
                        );
                        '?'
                    }
                };
                if !valid_colour(&t.colour) {
                    loader.err(
                        &col_loc,
                        format!(
                            "terrain `{}`: colour must be written #rrggbb, not \"{}\"",
                            t.name, t.colour
                        ),
                    );
                }
                if let Some(j) = terrains.iter().position(|x| x.name == t.name) {
                    let earlier = loader.describe(&terrain_locs[j]);
                    if terrains[j].symbol != symbol && symbol != '?' {
                        let msg = format!(
                            "terrain `{}` is declared again with symbol {symbol}, but {earlier} gave it {}",
                            t.name, terrains[j].symbol
                        );
                        loader.err(&sym_loc, msg);
                    }
                    if !terrains[j].colour.eq_ignore_ascii_case(&t.colour) {
                        let msg = format!(
                            "terrain `{}` is declared again with colour {}, but {earlier} gave it {}",
                            t.name, t.colour, terrains[j].colour
                        );
                        loader.err(&col_loc, msg);
                    }
                    continue;
                }
                if let Some(j) = terrains
                    .iter()
                    .position(|x| symbol != '?' && x.symbol == symbol)
                {
                    let msg = format!(
                        "symbol {symbol} of terrain `{}` is already used by terrain `{}` ({})",
                        t.name,
                        terrains[j].name,
                        loader.describe(&terrain_locs[j])
                    );
                    loader.err(&sym_loc, msg);
                }
                if terrains.len() >= MAX_TERRAINS {
                    if !too_many_terrains {
                        loader.err(
                            &name_loc,
                            format!("too many terrains: at most {MAX_TERRAINS} are supported"),
                        );
                        too_many_terrains = true;
                    }
                    continue;
                }
                terrains.push(Terrain {
                    name: t.name.clone(),
                    symbol,
                    colour: t.colour.clone(),
                });
                terrain_locs.push(name_loc);
            }
            block_terrains.push(names);
        }

        // Terrains a block declared but that were thrown out as invalid (already reported):
        // dominoes naming them get no second, misleading, "unknown terrain" error.
        let rejected: Vec<Vec<String>> = blocks
            .iter()
            .map(|b| {
                loader
                    .files
                    .get(b.file)
                    .map(|f| {
                        f.declared_terrains
                            .iter()
                            .filter(|n| !b.terrains.iter().any(|t| t.name == **n))
                            .cloned()
                            .collect()
                    })
                    .unwrap_or_default()
            })
            .collect();
        let rejected_anywhere: Vec<String> = rejected.iter().flatten().cloned().collect();

        let mut piles: Vec<String> = Vec::new();
        let mut dominoes: Vec<Domino> = Vec::new();
        let mut numbers: HashMap<(u8, u16), Loc> = HashMap::new();
        'blocks: for (bi, b) in blocks.iter().enumerate() {
            for (i, d) in b.dominoes.iter().enumerate() {
                let number_loc = loader.loc(
                    b.file,
                    &[Seg::Key("domino"), Seg::Index(i), Seg::Key("number")],
                );
                if dominoes.len() >= MAX_DOMINOES {
                    loader.err(
                        &number_loc,
                        format!(
                            "too many dominoes: at most {MAX_DOMINOES} are supported in one ruleset"
                        ),
                    );
                    break 'blocks;
                }
                let visible: &[String] = if shared_terrains {
                    &[]
                } else {
                    &block_terrains[bi]
                };
                let rejected: &[String] = if shared_terrains {
                    &rejected_anywhere
                } else {
                    &rejected[bi]
                };
                let first = square(
                    loader,
                    &terrains,
                    visible,
                    rejected,
                    shared_terrains,
                    b.file,
                    i,
                    "first",
                    &d.first,
                );
                let second = square(
                    loader,
                    &terrains,
                    visible,
                    rejected,
                    shared_terrains,
                    b.file,
                    i,
                    "second",
                    &d.second,
                );
                let box_name = d.box_name.clone().unwrap_or_else(|| b.default_box.clone());
                let pile = match piles.iter().position(|p| *p == box_name) {
                    Some(p) => p,
                    None => {
                        if piles.len() >= 8 {
                            let loc = loader.loc(b.file, &[Seg::Key("domino"), Seg::Index(i)]);
                            loader.err(&loc, "too many boxes of dominoes: at most 8 are supported");
                            continue;
                        }
                        piles.push(box_name.clone());
                        piles.len() - 1
                    }
                };
                let pile = pile as u8;
                if let Some(earlier) = numbers.get(&(pile, d.number)) {
                    let msg = format!(
                        "domino number {} appears twice in box `{box_name}` (first at {})",
                        d.number,
                        loader.describe(earlier)
                    );
                    loader.err(&number_loc, msg);
                    continue;
                }
                numbers.insert((pile, d.number), number_loc);
                if let (Some(first), Some(second)) = (first, second) {
                    dominoes.push(Domino {
                        number: d.number,
                        pile,
                        first,
                        second,
                    });
                }
            }
        }
        Components {
            terrains,
            piles,
            dominoes,
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn square(
    loader: &mut Loader,
    terrains: &[Terrain],
    visible: &[String],
    rejected: &[String],
    shared: bool,
    file: usize,
    index: usize,
    half: &'static str,
    sq: &SquareDef,
) -> Option<Square> {
    let known = |name: &str| shared || visible.iter().any(|v| v == name);
    let found = terrains
        .iter()
        .position(|t| t.name == sq.terrain)
        .filter(|_| known(&sq.terrain));
    match found {
        Some(t) => Some(Square {
            terrain: TerrainId(t as u8),
            crowns: sq.crowns,
        }),
        // Declared, but invalid: that problem is already reported.
        None if rejected.contains(&sq.terrain) => None,
        None => {
            let mut names: Vec<&str> = if shared {
                terrains.iter().map(|t| t.name.as_str()).collect()
            } else {
                visible.iter().map(String::as_str).collect()
            };
            // Declared though invalid: still declared, as far as the user can see.
            for r in rejected {
                if !names.contains(&r.as_str()) {
                    names.push(r);
                }
            }
            let loc = loader.loc(
                file,
                &[
                    Seg::Key("domino"),
                    Seg::Index(index),
                    Seg::Key(half),
                    Seg::Key("terrain"),
                ],
            );
            let mut msg = format!("unknown terrain `{}`", sq.terrain);
            if let Some(c) = closest(&sq.terrain, &names) {
                msg.push_str(&format!(" (did you mean `{c}`?)"));
            }
            if names.is_empty() {
                msg.push_str(if shared {
                    "; no terrains are declared"
                } else {
                    "; this set declares no terrains (a set checked on its own must declare the terrains it uses)"
                });
            } else if shared {
                msg.push_str(&format!("; known terrains: {}", names.join(", ")));
            } else {
                msg.push_str(&format!(
                    "; terrains declared in this set: {}",
                    names.join(", ")
                ));
            }
            loader.err(&loc, msg);
            None
        }
    }
}

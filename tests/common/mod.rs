//! Helpers shared by the workspace tests.
#![allow(dead_code)]

use crownlands_core::{Game, Kingdom, Ruleset, Side, Square};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The workspace's `rulesets/` folder.
pub fn rulesets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets")
}

/// Every ruleset file shipped in `rulesets/` (component sets live in `rulesets/sets/`), loaded.
/// The documented house rules that lay kingdoms out otherwise (the castle fixed at the centre,
/// dominoes joining any terrain) or let a domino that fits be discarded: the properties hold for
/// them as for the shipped rulesets.
pub fn laid_out_rulesets() -> Vec<(String, Arc<Ruleset>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/house-rules");
    ["castle-centre", "any-terrain", "discard-any-time"]
        .into_iter()
        .map(|name| {
            let path = dir.join(format!("{name}.toml"));
            let ruleset =
                crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name.to_string(), Arc::new(ruleset))
        })
        .collect()
}

/// The shipped rulesets, then [`laid_out_rulesets`].
pub fn rulesets_and_layouts() -> Vec<(String, Arc<Ruleset>)> {
    let mut all = shipped_rulesets();
    all.extend(laid_out_rulesets());
    all
}

pub fn shipped_rulesets() -> Vec<(String, Arc<Ruleset>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(rulesets_dir())
        .expect("rulesets/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no rulesets found");
    files
        .into_iter()
        .map(|p| {
            let name = p
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("?")
                .to_string();
            let r = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &p)
                .unwrap_or_else(|e| panic!("{} does not load:\n{e}", p.display()));
            (name, Arc::new(r))
        })
        .collect()
}

/// A small, fast generator for the players' choices in tests.
pub struct Chooser(pub u64);

impl Chooser {
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) as u32
    }
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next_u32()) * n as u64) >> 32) as usize
    }
}

/// Rebuild every kingdom from the game's record of placements, square by square.
pub fn rebuilt_kingdom(game: &Game, player: Side) -> Kingdom {
    let mut k = Kingdom::shaped(crownlands_core::KingdomShape::of(game.rules()));
    for &(owner, domino, placement) in game.placed() {
        if owner != player {
            continue;
        }
        let d = game.domino(domino);
        let put = |k: &mut Kingdom, cell, sq: Square| {
            k.set_square(cell, sq).expect("recorded placement fits")
        };
        put(&mut k, placement.first, d.first);
        put(&mut k, placement.second(), d.second);
    }
    k
}

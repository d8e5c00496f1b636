//! The kingdom file's half of the property suite ([`crownlands_core::conformance`] is the
//! engine's): what a game writes of a side as a kingdom file (`replay`, `export` of a kingdom,
//! [`render_side`]) reads back ([`parse_side`], as `crownlands score` reads it) as the same
//! side: the same total, and the same file written again. A module that writes marks or `@`
//! lines it cannot read back, or reads them into other points than the game's (a mark on a
//! square another module also marks, read as the file shows it), fails here; a plugin's tests
//! run it beside the engine's suite.
//!
//! ```text
//! let ruleset = Arc::new(crownlands_rules::load_path(&registry, path)?);
//! crownlands_rules::conformance::check_kingdom_files(&ruleset, 0..20)
//!     .unwrap_or_else(|e| panic!("{e}"));
//! ```
//!
//! Each game, at every player count the ruleset allows, is played to the end by uniformly
//! random choices; every side is written and read back at each round's first claim (the
//! kingdoms as they stand between rounds) and at the end.

use crate::kingdom_file::{parse_side, render_side};
use crownlands_core::conformance::Failure;
use crownlands_core::game::{Game, Phase};
use crownlands_core::modules::{SideView, side_total};
use crownlands_core::rng::GameRng;
use crownlands_core::{Ruleset, Side};
use std::sync::Arc;

/// Check the kingdom files of a game for each seed of `seeds` at each player count `ruleset`
/// allows; the first side that does not read back as it was, if any.
pub fn check_kingdom_files(
    ruleset: &Arc<Ruleset>,
    seeds: impl IntoIterator<Item = u64> + Clone,
) -> Result<(), Failure> {
    for &(players, _) in ruleset.player_counts() {
        for seed in seeds.clone() {
            check_game(ruleset, players, seed)?;
        }
    }
    Ok(())
}

/// One game of `players`, dealt from `seed` and played by random choices drawn from it.
fn check_game(ruleset: &Arc<Ruleset>, players: u8, seed: u64) -> Result<(), Failure> {
    let fail = |moves: usize, problem: String| Failure {
        players,
        seed,
        moves,
        problem,
    };
    let mut g = Game::new(Arc::clone(ruleset), players, seed)
        .map_err(|e| fail(0, format!("the game does not set up: {e}")))?;
    let mut draws = GameRng::seed_from(seed ^ 0x6B69_6E67_646F_6D73);
    let mut moves = 0;
    let mut round = None;
    loop {
        // Between rounds: at the first claim of each.
        if matches!(g.phase(), Phase::Claim { .. }) && round != Some(g.round()) {
            round = Some(g.round());
            every_side_reads_back(&g).map_err(|p| fail(moves, p))?;
        }
        if g.play_random(|| draws.next_u32()).is_none() {
            break;
        }
        moves += 1;
    }
    every_side_reads_back(&g).map_err(|p| fail(moves, p))
}

/// Every side of `g`, written as a kingdom file and read back, scores what it scores in the
/// game and writes the same file again.
fn every_side_reads_back(g: &Game) -> Result<(), String> {
    let list = g.module_list();
    for side in g.all_sides() {
        let text = render_side(g.side_view(side));
        let n = side.index() + 1;
        let (kingdom, data) = parse_side(&text, "written", g.ruleset(), list, g.rules())
            .map_err(|e| format!("side {n}'s kingdom file does not read back: {e}\n{text}"))?;
        let view = SideView::new(g.ruleset(), &kingdom, list, &data, Side(0));
        let (played, read) = (g.score_total(side), side_total(g.rules(), view));
        if played != read {
            return Err(format!(
                "side {n} scores {played} in the game but {read} read back from its kingdom \
                 file:\n{text}"
            ));
        }
        let again = render_side(view);
        if again != text {
            return Err(format!(
                "side {n}'s kingdom file, read back, is written otherwise:\n{text}\nthen:\n{again}"
            ));
        }
    }
    Ok(())
}

//! Plays many random games, for profilers (`perf record`, `valgrind --tool=callgrind`).

use crownlands_core::{Game, testkit};
use std::sync::Arc;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    // `profile_random N reset`: one game reused for every seed, as `simulate` does.
    let reuse = std::env::args().nth(2).is_some_and(|a| a == "reset");
    let ruleset = Arc::new(testkit::kingdomino());
    let mut reused = Game::new(ruleset.clone(), 4, 0).expect("setup");
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut sum = 0i64;
    for seed in 0..games {
        let mut fresh;
        let g = if reuse {
            reused.reset(seed);
            &mut reused
        } else {
            fresh = Game::new(ruleset.clone(), 4, seed).expect("setup");
            &mut fresh
        };
        while g
            .play_random(|| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 32) as u32
            })
            .is_some()
        {}
        sum += (0..4).map(|p| i64::from(g.score_total(p))).sum::<i64>();
    }
    println!(
        "{games} games, mean total {}",
        sum as f64 / games as f64 / 4.0
    );
}

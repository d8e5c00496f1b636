//! Times game setup alone, for profiling.
use crownlands_core::{Game, testkit};
use std::sync::Arc;
fn main() {
    let ruleset = Arc::new(testkit::kingdomino());
    let t = std::time::Instant::now();
    let mut n = 0usize;
    for seed in 0..200_000u64 {
        let g = Game::new(ruleset.clone(), 4, seed).expect("setup");
        n += g.next_line().len();
    }
    println!("{n} {:?} per setup", t.elapsed() / 200_000);
}

//! Complete random games on the pure engine (ruleset built in code, no TOML).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use crownlands_core::{Game, testkit};
use std::hint::black_box;
use std::sync::Arc;

fn xorshift(state: &mut u64) -> u32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 32) as u32
}

fn random_games(c: &mut Criterion) {
    let ruleset = Arc::new(testkit::kingdomino());
    let mut group = c.benchmark_group("core");
    group.throughput(Throughput::Elements(1));
    for players in [2u8, 4] {
        let mut seed = 0u64;
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        group.bench_function(format!("random game {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                let mut g = Game::new(ruleset.clone(), players, seed).expect("setup");
                while g.play_random(|| xorshift(&mut state)).is_some() {}
                black_box((0..players as usize).map(|p| g.score_total(p)).sum::<i32>())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);

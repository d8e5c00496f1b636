//! Engine benchmarks on the shipped rulesets: complete random games and perft. Each benchmark
//! checks what it measures (the perft count, the number of dominoes played) so a faster but wrong
//! engine cannot pass for a faster one.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset, perft};
use std::hint::black_box;
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// Complete random games as `crownlands simulate` and the search bots play them: one game whose
/// memory is reused (`Game::reset` deals exactly what `Game::new` would), scored at the end.
fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random game");
    group.throughput(Throughput::Elements(1));
    for (name, players) in [
        ("kingdomino", 4u8),
        ("kingdomino", 2),
        ("mighty-duel", 2),
        ("queendomino", 4),
        ("queendomino", 2),
        ("royal-wedding", 8),
        ("royal-wedding-teams", 8),
    ] {
        let r = ruleset(name);
        let deck = usize::from(r.rules_for(players).expect("players").deck_size);
        let mut g = Game::new(r, players, 0).expect("setup");
        let mut seed = 0u64;
        let mut rng = GameRng::seed_from(7);
        group.bench_function(format!("{name} {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                g.reset(seed);
                g.play_out_random(&mut rng);
                let [_, _, _, placed, discarded] = g.domino_census();
                assert_eq!(placed + discarded, deck);
                black_box(g.all_sides().map(|p| g.score_total(p)).sum::<i32>())
            })
        });
    }
    // The same, setting up a new game (its allocations included) every time.
    let r = ruleset("kingdomino");
    let mut seed = 0u64;
    let mut rng = GameRng::seed_from(7);
    group.bench_function("kingdomino 4p, a new game each time (Game::new)", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(r.clone(), 4, seed).expect("setup");
            g.play_out_random(&mut rng);
            black_box(g.all_sides().map(|p| g.score_total(p)).sum::<i32>())
        })
    });
    group.finish();
}

/// Setting up: loading a shipped ruleset (reading, checking and resolving its files, then
/// `Ruleset::new`), and `Game::new` alone (the ruleset is checked already: a game only deals).
fn setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("setup");
    for name in ["kingdomino", "queendomino", "royal-wedding"] {
        group.bench_function(format!("load {name}"), |b| {
            b.iter(|| {
                black_box(
                    crownlands_rules::load(
                        crownlands_core::Registry::shipped_ref(),
                        black_box(name),
                    )
                    .expect("loads"),
                )
            })
        });
    }
    for (name, players) in [("kingdomino", 4u8), ("queendomino", 4)] {
        let r = ruleset(name);
        let mut seed = 0u64;
        group.bench_function(format!("Game::new {name} {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(Game::new(r.clone(), players, seed).expect("setup"))
            })
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let r = ruleset("kingdomino");
    let game = Game::new(r, 4, 1).expect("setup");
    c.bench_function("perft kingdomino 4p depth 7", |b| {
        b.iter(|| assert_eq!(perft(black_box(&game), 7), 55_296))
    });
}

criterion_group!(benches, random_games, setup, perft_bench);
criterion_main!(benches);

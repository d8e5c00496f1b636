//! Bot benchmarks: MCTS playouts per second from a mid-game position, and random play through
//! the bot trait (compare with `random game` in the workspace's `engine` benchmark).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use crownlands_bots::mcts::{Budget, MctsConfig};
use crownlands_bots::{Bot, MctsBot, PlayerView, RandomBot, Turn};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset, Side};
use std::hint::black_box;
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A position half way through a seeded random game, at a placement with a choice (a position
/// with one legal action is played at once, without a search).
fn mid_game(r: &Arc<Ruleset>, players: u8) -> Game {
    let mut g = Game::new(r.clone(), players, 11).expect("setup");
    let mut rng = GameRng::seed_from(5);
    let total = usize::from(r.rules_for(players).expect("players").deck_size);
    while g.placed().len() + g.discarded().len() < total / 2
        || g.domino_to_place().is_none()
        || g.legal_actions().len() < 2
    {
        g.play_random(|| rng.next_u32()).expect("not over");
    }
    g
}

const PLAYOUTS: u32 = 2000;

fn mcts_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts playouts");
    group.throughput(Throughput::Elements(u64::from(PLAYOUTS)));
    group.sample_size(10);
    // Every shipped ruleset at its usual table (`cargo bench ... -- "mcts playouts"`).
    for (name, players) in [
        ("kingdomino", 2u8),
        ("kingdomino", 4),
        ("harmony-middle-kingdom", 4),
        ("mighty-duel", 2),
        ("kingdomino-knights", 4),
        ("volcano", 4),
        ("dynasty", 4),
        ("queendomino", 2),
        ("queendomino", 4),
        ("queendomino-no-dragon", 4),
        ("royal-wedding", 6),
        ("royal-wedding-teams", 8),
    ] {
        let r = ruleset(name);
        let g = mid_game(&r, players);
        // A fixed count of playouts (not adapted to the position), so the rate is per playout.
        let config = MctsConfig {
            budget: Some(Budget::Playouts(PLAYOUTS)),
            adapt: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(config, 3, "mcts");
        group.bench_function(format!("{name} {players}p mid-game"), |b| {
            b.iter(|| {
                let view = PlayerView::new(&g).expect("not over");
                black_box(bot.choose(&view))
            })
        });
    }
    group.finish();
}

fn random_through_trait(c: &mut Criterion) {
    let mut group = c.benchmark_group("random game through the bot trait");
    group.throughput(Throughput::Elements(1));
    for (name, players) in [("kingdomino", 4u8), ("kingdomino", 2)] {
        let r = ruleset(name);
        let mut bots: Vec<RandomBot> = (0..u64::from(players)).map(RandomBot::new).collect();
        let mut seed = 0u64;
        group.bench_function(format!("{name} {players}p"), |b| {
            b.iter(|| {
                seed += 1;
                let mut g = Game::new(r.clone(), players, seed).expect("setup");
                while let Some(mut turn) = Turn::new(&mut g) {
                    let p = turn.view().player();
                    bots[p.index()].act(&mut turn).expect("legal");
                }
                black_box(g.score_total(Side(0)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, mcts_playouts, random_through_trait);
criterion_main!(benches);

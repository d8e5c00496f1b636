//! Root-parallel search (`mcts:...:threads=N`): independent searches on threads, summed at the root.

use crownlands_bots::{Bot, Level, MctsBot, MctsConfig, PlayerView};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset};
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn position(name: &str, players: u8, seed: u64, moves: usize) -> Game {
    let mut game = Game::new(ruleset(name), players, seed).expect("setup");
    let mut rng = GameRng::seed_from(seed);
    for _ in 0..moves {
        game.play_random(|| rng.next_u32()).expect("not over");
    }
    game
}

#[test]
fn the_level_names_its_threads() {
    let level: Level = "mcts:300:threads=2".parse().expect("level");
    match level {
        Level::Mcts(c) => assert_eq!(c.threads, 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(level.to_string(), "mcts:300:threads=2");
    for bad in ["mcts:threads=0", "mcts:threads=65", "mcts:threads=two"] {
        assert!(bad.parse::<Level>().is_err(), "{bad}");
    }
}

#[test]
fn a_parallel_search_sums_every_thread_and_plays_legally() {
    for (name, players, seed, moves) in [
        ("kingdomino", 2u8, 1u64, 7usize),
        ("harmony-middle-kingdom", 4, 2, 15),
        ("queendomino", 2, 3, 12),
    ] {
        let game = position(name, players, seed, moves);
        let view = PlayerView::new(&game).expect("someone acts");
        let config = MctsConfig {
            budget: Some(crownlands_bots::Budget::Playouts(120)),
            threads: 2,
            // The count checked below, not adapted to the position's cost.
            adapt: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(config, 5, "mcts");
        let (action, visits) = bot.search(&view);
        assert!(view.is_legal(action), "{name}: {action:?}");
        if view.legal_action_count() > 1 {
            let ranking = bot.root_ranking();
            assert_eq!(ranking[0].0, action, "{name}: the most visited is played");
            assert_eq!(ranking[0].1, visits);
            let total: u32 = ranking.iter().map(|r| r.1).sum();
            assert!(
                total >= 2 * 100,
                "{name}: both threads' playouts count ({total})"
            );
            assert!(bot.playouts() >= 200, "{name}: {}", bot.playouts());
        }
        // The same seed gives the same move, however the threads were scheduled.
        let again = MctsBot::new(config, 5, "mcts").choose(&view);
        assert_eq!(again, action, "{name}");
    }
}

#[test]
fn a_parallel_search_does_not_read_the_hidden_order() {
    let game = position("kingdomino", 2, 4, 9);
    let mut other = game.clone();
    let mut shuffle = GameRng::seed_from(99);
    other.resample_hidden(|| shuffle.next_u32());
    let level: Level = "mcts:150:threads=2".parse().expect("level");
    let a = level
        .build(3)
        .choose(&PlayerView::new(&game).expect("view"));
    let b = level
        .build(3)
        .choose(&PlayerView::new(&other).expect("view"));
    assert_eq!(a, b);
}

#[test]
fn a_level_goes_on_the_cores_a_person_waits_with() {
    let on_two = |s: &str| s.parse::<Level>().expect("level").on_cores(2).to_string();
    assert_eq!(on_two("mcts"), "mcts:threads=2");
    assert_eq!(on_two("mcts:500ms"), "mcts:500ms:threads=2");
    assert_eq!(
        on_two("mcts:threads=3"),
        "mcts:threads=3",
        "named threads stay"
    );
    assert_eq!(on_two("greedy"), "greedy");
    assert_eq!(on_two("random"), "random");
    assert_eq!(
        "mcts"
            .parse::<Level>()
            .expect("level")
            .on_cores(1)
            .to_string(),
        "mcts"
    );
}

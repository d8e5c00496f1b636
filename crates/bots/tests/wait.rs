//! A person never waits longer than a bot's budget, and the reward's scale follows the table.

use crownlands_bots::level::{WAIT_MARGIN, WAIT_PER_DEFAULT};
use crownlands_bots::{Budget, Level, MctsBot, MctsConfig, PlayerView};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// Positions with a real choice in several rulesets.
fn positions() -> Vec<(&'static str, Game)> {
    let positions: Vec<_> = [
        ("kingdomino", 2u8, 1u64, 7usize),
        ("harmony-middle-kingdom", 4, 2, 15),
        ("queendomino", 4, 3, 20),
        ("royal-wedding-teams", 8, 4, 30),
    ]
    .into_iter()
    .map(|(name, players, seed, moves)| (name, position(name, players, seed, moves)))
    .filter(|(_, game)| PlayerView::new(game).is_some_and(|v| v.legal_action_count() > 1))
    .collect();
    assert!(positions.len() >= 3, "most positions have a choice");
    positions
}

#[test]
fn a_deadline_already_past_gives_a_legal_move_at_once() {
    for (name, game) in positions() {
        let view = PlayerView::new(&game).expect("someone acts");
        for threads in [1, 2] {
            for budget in [
                Budget::Playouts(100_000_000),
                Budget::Time(Duration::from_secs(3600)),
            ] {
                let config = MctsConfig {
                    budget: Some(budget),
                    threads,
                    ..MctsConfig::default()
                };
                let mut bot = MctsBot::new(config, 1, "mcts");
                let (action, visits) = bot.search_until(&view, Some(Instant::now()));
                assert!(view.is_legal(action), "{name}: {action:?}");
                assert_eq!(visits, 0, "{name}");
                assert_eq!(bot.playouts(), 0, "{name}: no playout was run");
            }
        }
    }
}

#[test]
fn a_cap_bounds_a_playout_budget() {
    for (name, game) in positions() {
        let view = PlayerView::new(&game).expect("someone acts");
        for threads in [1, 2] {
            let config = MctsConfig {
                budget: Some(Budget::Playouts(100_000_000)),
                cap: Some(Duration::ZERO),
                threads,
                ..MctsConfig::default()
            };
            let mut bot = MctsBot::new(config, 1, "mcts");
            let (action, _) = bot.search(&view);
            assert!(view.is_legal(action), "{name}: {action:?}");
            assert_eq!(
                bot.playouts(),
                0,
                "{name}: the cap stopped a budget of 10^8"
            );
        }
    }
}

#[test]
fn a_person_waits_at_most_the_levels_wait() {
    let level = |s: &str| s.parse::<Level>().expect("level");
    let cap = |l: Level| match l {
        Level::Mcts(c) => c.cap,
        _ => None,
    };
    assert_eq!(cap(level("mcts")), None, "tournaments are not capped");
    // The search stops a margin before the wait, for the rest of the move.
    let within = |wait: Duration| Some(wait - WAIT_MARGIN);
    assert_eq!(cap(level("mcts").on_cores(2)), within(WAIT_PER_DEFAULT));
    assert_eq!(cap(level("mcts").on_cores(1)), within(WAIT_PER_DEFAULT));
    assert_eq!(
        cap(level("mcts:500ms").on_cores(2)),
        within(Duration::from_millis(500))
    );
    assert_eq!(cap(level("mcts:10").on_cores(2)), within(WAIT_PER_DEFAULT));
    let big = level("mcts:100000");
    assert!(
        cap(big.on_cores(2)).is_some_and(|c| c > WAIT_PER_DEFAULT && Some(c) == within(big.wait()))
    );
    assert_eq!(level("greedy").on_cores(2), level("greedy"));
}

#[test]
fn the_reward_scale_follows_the_table() {
    let scale = |name: &str, players: u8, moves: usize| {
        let game = position(name, players, 5, moves);
        let view = PlayerView::new(&game).expect("someone acts");
        let config = MctsConfig {
            budget: Some(Budget::Playouts(50)),
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(config, 2, "mcts");
        bot.search(&view);
        bot.scale()
    };
    let kingdomino = scale("kingdomino", 2, 6);
    let queendomino = scale("queendomino", 4, 6);
    // Greedy tables end near 30 points a side in Kingdomino, near 60 in Queendomino.
    assert!((10.0..60.0).contains(&kingdomino), "{kingdomino}");
    assert!(
        queendomino > kingdomino * 1.3,
        "{queendomino} vs {kingdomino}"
    );
    let fixed = MctsConfig {
        budget: Some(Budget::Playouts(50)),
        margin_scale: 50.0,
        ..MctsConfig::default()
    };
    let game = position("queendomino", 4, 5, 6);
    let mut bot = MctsBot::new(fixed, 2, "mcts:m=50");
    bot.search(&PlayerView::new(&game).expect("view"));
    assert_eq!(bot.scale(), 50.0, "m=50 fixes the scale");
}

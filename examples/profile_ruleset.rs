//! Plays random games of a shipped ruleset, for profilers (`valgrind --tool=callgrind`):
//! `profile_ruleset RULESET PLAYERS GAMES`. One game is reused (reset) for every seed, as
//! `crownlands simulate` does.

use crownlands_core::Game;
use crownlands_core::rng::GameRng;
use std::sync::Arc;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "queendomino".into());
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let ruleset = match crownlands_rules::load(crownlands_core::Registry::shipped_ref(), &name) {
        Ok(r) => Arc::new(r),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut game = match Game::new(ruleset, players, 0) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut rng = GameRng::seed_from(7);
    let mut sum = 0i64;
    for seed in 0..games {
        game.reset(seed);
        game.play_out_random(&mut rng);
        sum += game
            .all_sides()
            .map(|p| i64::from(game.score_total(p)))
            .sum::<i64>();
    }
    println!(
        "{games} games of {name} at {players}, mean total {}",
        sum as f64 / games as f64
    );
}

//! The cost of a random game of one ruleset against another's, the two measured in turns so a
//! change in the host's load falls on both: `ratio [A] [B] [PLAYERS] [ROUNDS] [GAMES]`
//! (defaults: queendomino, kingdomino, 4 players, 200 rounds of 200 games each). Each round plays
//! `GAMES` random games of A, then of B, each ruleset's one game reset for every seed as
//! `crownlands simulate` and the benchmarks do, and times both; the report gives each ruleset's
//! median time a game over the rounds and the median of the rounds' ratios, A over B. Issue 14's
//! "a random 4-player Queendomino game costs at most 2.5x a Kingdomino game" is the default.
//! Run it from a release build: `cargo run --release --example ratio`.

use crownlands_core::Game;
use crownlands_core::rng::GameRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

/// One ruleset's game, reset for each seed, and the generator its random players draw from.
struct Player {
    game: Game,
    rng: GameRng,
    seed: u64,
}

impl Player {
    fn new(name: &str, players: u8) -> Result<Player, String> {
        let ruleset = crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .map_err(|e| e.to_string())?;
        let game = Game::new(Arc::new(ruleset), players, 0).map_err(|e| e.to_string())?;
        Ok(Player {
            game,
            rng: GameRng::seed_from(7),
            seed: 0,
        })
    }

    /// Nanoseconds a game over `games` random games.
    fn time(&mut self, games: u32) -> f64 {
        let start = Instant::now();
        for _ in 0..games {
            self.seed += 1;
            self.game.reset(self.seed);
            self.game.play_out_random(&mut self.rng);
            black_box(
                self.game
                    .all_sides()
                    .map(|p| self.game.score_total(p))
                    .sum::<i32>(),
            );
        }
        start.elapsed().as_nanos() as f64 / f64::from(games)
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let a = args.next().unwrap_or_else(|| "queendomino".into());
    let b = args.next().unwrap_or_else(|| "kingdomino".into());
    let players: u8 = args.next().and_then(|x| x.parse().ok()).unwrap_or(4);
    let rounds: usize = args
        .next()
        .and_then(|x| x.parse().ok())
        .unwrap_or(200)
        .max(1);
    let games: u32 = args
        .next()
        .and_then(|x| x.parse().ok())
        .unwrap_or(200)
        .max(1);
    let (mut pa, mut pb) = match (Player::new(&a, players), Player::new(&b, players)) {
        (Ok(pa), Ok(pb)) => (pa, pb),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // Warm both up (caches, the allocator) before anything is counted.
    pa.time(games);
    pb.time(games);
    let (mut ta, mut tb, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (x, y) = (pa.time(games), pb.time(games));
        ta.push(x);
        tb.push(y);
        ratios.push(x / y);
    }
    let (ma, mb, mr) = (median(&mut ta), median(&mut tb), median(&mut ratios));
    let (low, high) = (ratios[rounds / 4], ratios[(rounds * 3) / 4]);
    println!(
        "{a} {:.2} µs, {b} {:.2} µs a game at {players} players (medians of {rounds} rounds of \
         {games} games each): {a}/{b} {mr:.2}x (rounds' quartiles {low:.2} to {high:.2})",
        ma / 1000.0,
        mb / 1000.0,
    );
}

//! Experiments, not checks (ignored; run by hand in release builds):
//!
//! `BOTS=mcts,greedy,greedy,greedy RULESET=harmony-middle-kingdom GAMES=20 SEED=1 \
//!  cargo test --release -p crownlands-bots --test experiments -- --ignored --nocapture`
//!
//! prints, for the first bot of the list (seats rotated), the mean of each part of its score:
//! territory points, each bonus and how often it was earned, crowns and squares placed.

use crownlands_bots::kingdom_map::KingdomMap;
use crownlands_bots::level::parse_list;
use crownlands_bots::rollout::{Lean, Rollout, play_out, step};
use crownlands_bots::{Bot, Level, MctsBot, PlayerView};
use crownlands_core::Side;
use crownlands_core::rng::GameRng;
use crownlands_core::rng::derive_seed;
use crownlands_core::{Game, Seat};
use std::sync::Arc;

/// A shipped ruleset by name.
fn shipped(name: &str) -> Arc<crownlands_core::Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name).expect("ruleset"),
    )
}

fn var(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

/// The number in the environment variable `name` (`default` when unset).
fn number<T: std::str::FromStr>(name: &str, default: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    var(name, default)
        .parse()
        .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

#[test]
#[ignore]
fn score_parts_of_the_first_bot() {
    let levels = parse_list(&var("BOTS", "mcts:500,greedy,greedy,greedy")).expect("bot list");
    let name = var("RULESET", "harmony-middle-kingdom");
    let r = shipped(&name);
    let games: u64 = number("GAMES", "8");
    let seed: u64 = number("SEED", "1");
    let n = levels.len();
    let (mut total, mut territory, mut crowns, mut squares) = (0.0, 0.0, 0.0, 0.0);
    let mut bonuses: std::collections::BTreeMap<String, (f64, u32)> = Default::default();
    let mut wins = 0.0;
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let seat = (i as usize) % n;
        let mut bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|s| levels[(s + n - seat) % n].build(derive_seed(game_seed, s as u64)))
            .collect();
        let mut g = Game::new(r.clone(), n as u8, game_seed).expect("setup");
        while let Some(view) = PlayerView::new(&g) {
            let a = bots[view.player().index()].choose(&view);
            g.apply(a).expect("legal");
        }
        // The first bot's side.
        let side = g.side_of(Seat(seat as u8));
        let b = g.score(side);
        total += f64::from(b.total);
        territory += f64::from(b.territory_points());
        crowns += f64::from(b.crowns);
        squares += f64::from(g.kingdom(side).squares());
        for bonus in &b.bonuses {
            let e = bonuses.entry(bonus.key.clone()).or_default();
            e.0 += f64::from(bonus.points);
            e.1 += 1;
        }
        let best = g.all_sides().map(|s| g.score_total(s)).max().unwrap_or(0);
        let winners = g.all_sides().filter(|&s| g.score_total(s) == best).count();
        if g.score_total(side) == best {
            wins += 1.0 / winners as f64;
        }
        println!(
            "game {i}: seat {seat} total {} territories {} crowns {} bonuses {:?} scores {:?}",
            b.total,
            b.territory_points(),
            b.crowns,
            b.bonuses
                .iter()
                .map(|x| (&x.key, x.points))
                .collect::<Vec<_>>(),
            g.all_sides().map(|s| g.score_total(s)).collect::<Vec<_>>()
        );
    }
    let g = games as f64;
    println!(
        "{games} games: wins {:.1}%, total {:.2}, territories {:.2}, crowns {:.2}, squares {:.2}",
        100.0 * wins / g,
        total / g,
        territory / g,
        crowns / g,
        squares / g
    );
    for (k, (points, count)) in bonuses {
        println!(
            "  {k}: earned in {:.0}% of games, {:.2} points a game",
            100.0 * f64::from(count) / g,
            points / g
        );
    }
}

/// The thread's time on a core so far (Linux's `/proc/thread-self/schedstat`), or `None`
/// elsewhere: a decision's cost on one core, whatever else the machine runs.
fn thread_cpu() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(nanos))
}

/// `BOTS=mcts,greedy,greedy,greedy RULESET=harmony-middle-kingdom GAMES=4 SEED=1 \
///  cargo test --release -p crownlands-bots --test experiments decision_times -- --ignored --nocapture`
///
/// times every decision of the first bot (seats rotated), wall clock and on its core (the
/// thread's CPU time, so other work on the machine does not count), and prints the median, the
/// slowest and how many took a second or more.
#[test]
#[ignore]
fn decision_times() {
    let levels = parse_list(&var("BOTS", "mcts,greedy,greedy,greedy")).expect("bot list");
    let name = var("RULESET", "harmony-middle-kingdom");
    let r = shipped(&name);
    let games: u64 = number("GAMES", "4");
    let seed: u64 = number("SEED", "1");
    let n = levels.len();
    let mut times: Vec<(f64, f64, u64, usize)> = Vec::new();
    let verbose = var("VERBOSE", "0") == "1";
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let seat = (i as usize) % n;
        let mut bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|s| levels[(s + n - seat) % n].build(derive_seed(game_seed, s as u64)))
            .collect();
        // The timed bot itself, to read its budget and playouts.
        let mut searcher = match levels[0] {
            Level::Mcts(c) => Some(MctsBot::new(c, derive_seed(game_seed, seat as u64), "")),
            _ => None,
        };
        let mut g = Game::new(r.clone(), n as u8, game_seed).expect("setup");
        let mut decision = 0;
        while let Some(view) = PlayerView::new(&g) {
            let p = view.player().index();
            let timed = p == seat && view.legal_actions().len() > 1;
            let (wall, cpu) = (std::time::Instant::now(), thread_cpu());
            let before = searcher.as_ref().map_or(0, |b| b.playouts());
            let a = match searcher.as_mut() {
                Some(bot) if p == seat => bot.choose(&view),
                _ => bots[p].choose(&view),
            };
            if timed {
                let wall = wall.elapsed().as_secs_f64();
                let cpu = match (cpu, thread_cpu()) {
                    (Some(a), Some(b)) => (b - a).as_secs_f64(),
                    _ => f64::NAN,
                };
                times.push((cpu, wall, i, decision));
                if verbose && let Some(bot) = &searcher {
                    println!(
                        "game {i} decision {decision} ({} of {} choices): {:.0} ms on its core, {} playouts, work {:.0} a playout",
                        g.action_text(a),
                        view.legal_actions().len(),
                        cpu * 1000.0,
                        bot.playouts() - before,
                        bot.playout_work()
                    );
                }
                decision += 1;
            }
            g.apply(a).expect("legal");
        }
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    let mut walls: Vec<f64> = times.iter().map(|t| t.1).collect();
    walls.sort_by(f64::total_cmp);
    println!(
        "{name}, {} decisions of {} in {games} games: on its core median {:.0} ms, slowest {:.0} ms (game {}, decision {}), {} of a second or more; wall clock median {:.0} ms, slowest {:.0} ms",
        times.len(),
        levels[0],
        median.0 * 1000.0,
        worst.0 * 1000.0,
        worst.2,
        worst.3,
        times.iter().filter(|t| t.0 >= 1.0).count(),
        walls[walls.len() / 2] * 1000.0,
        walls[walls.len() - 1] * 1000.0,
    );
}

/// Greedy playouts against greedy playouts, one side leaning (`CROWN`, `DENY`): how the leaning
/// side fares, seats rotated. `RULESET=kingdomino PLAYERS=2 GAMES=20000 DENY=0.5 cargo test
/// --release -p crownlands-bots --test experiments lean_duel -- --ignored --nocapture`
#[test]
#[ignore]
fn lean_duel() {
    let ruleset = var("RULESET", "kingdomino");
    let players: u8 = number("PLAYERS", "2");
    let games: u64 = number("GAMES", "2000");
    let crown: f64 = number("CROWN", "0");
    let deny: f64 = number("DENY", "0");
    let r = shipped(&ruleset);
    let mut map = KingdomMap::new();
    let mut rng = GameRng::seed_from(1);
    let (mut wins, mut margin, mut own) = (0.0f64, 0.0f64, 0.0f64);
    for g in 0..games {
        let mut game = Game::new(Arc::clone(&r), players, derive_seed(1, g)).expect("game");
        let side = Side((g % u64::from(players)) as u8);
        let lean = Lean { side, crown, deny };
        play_out(&mut game, Rollout::Greedy(0), lean, &mut rng, &mut map);
        let scores: Vec<i32> = game.all_sides().map(|s| game.score_total(s)).collect();
        let mine = scores[usize::from(side.0)];
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != usize::from(side.0))
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(0);
        wins += match mine.cmp(&best_other) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        margin += f64::from(mine - best_other);
        own += f64::from(mine);
    }
    let n = games as f64;
    println!(
        "{ruleset} {players}p crown={crown} deny={deny}: wins {:.2}% (ties half), margin {:+.2}, own {:.2} over {games} games",
        100.0 * wins / n,
        margin / n,
        own / n
    );
}

/// What a greedy playout costs from each point of a greedy game: its time against its counted
/// work ([`KingdomMap::work`]) and its steps, so the work's model of time can be checked.
/// `RULESET=harmony-middle-kingdom PLAYERS=4 PLAYOUTS=2000 FROM=0 TO=99 cargo test --release
/// -p crownlands-bots --test experiments playout_cost -- --ignored --nocapture`
#[test]
#[ignore]
fn playout_cost() {
    let ruleset = var("RULESET", "harmony-middle-kingdom");
    let players: u8 = number("PLAYERS", "4");
    let playouts: u32 = number("PLAYOUTS", "2000");
    let from: usize = number("FROM", "0");
    let to: usize = number("TO", "999");
    let r = shipped(&ruleset);
    let mut map = KingdomMap::new();
    let mut rng = GameRng::seed_from(1);
    let lean = Lean::none(Side(0));
    let mut game = Game::new(Arc::clone(&r), players, 7).expect("game");
    let mut index = 0;
    while !game.is_over() {
        if game.legal_actions().len() > 1 && (from..=to).contains(&index) {
            let view = PlayerView::new(&game).expect("a player to act");
            let work = map.work();
            let (mut steps, mut nanos) = (0u64, 0u128);
            for _ in 0..playouts {
                let mut g = view.determinize(&mut rng);
                let t = std::time::Instant::now();
                while !g.is_over() && step(&mut g, Rollout::Greedy(0), lean, &mut rng, &mut map) {
                    steps += 1;
                }
                nanos += t.elapsed().as_nanos();
            }
            let w = (map.work() - work) as f64 / f64::from(playouts);
            let ns = nanos as f64 / f64::from(playouts);
            println!(
                "point {index}: {:.1} us a playout, work {w:.0}, {:.0} steps, {:.1} ns a unit, {:.0} ns a step",
                ns / 1000.0,
                steps as f64 / f64::from(playouts),
                ns / w,
                ns / (steps as f64 / f64::from(playouts))
            );
        }
        index += 1;
        step(&mut game, Rollout::Greedy(0), lean, &mut rng, &mut map);
    }
}

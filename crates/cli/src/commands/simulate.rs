//! `crownlands simulate RULESET --players N --games G --seed S [--json]`
//!
//! Every seat plays uniformly random legal moves. Game `i` is seeded with
//! `derive_seed(S, i)`, and each seat draws its choices from its own generator seeded from the
//! game's seed, so a run is reproducible. (Bots will plug in as another kind of seat.)

use super::{load_ruleset, print_json, rules_for};
use crate::errors::{CliError, CliResult};
use crate::output::round;
use crate::output::say;
use crownlands_core::matches::Match;
use crownlands_core::rng::{GameRng, derive_seed};
use crownlands_core::{Game, Ruleset};
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// The most games one run may ask for.
const MAX_GAMES: u64 = 100_000_000;

#[derive(Clone, Debug, Default)]
struct SeatStats {
    score_sum: f64,
    score_sq_sum: f64,
    wins: f64,
    placed: u64,
}

struct Report {
    games: u64,
    match_games: u8,
    seconds: f64,
    seats: Vec<SeatStats>,
}

pub fn run(name: &str, players: u8, games: u64, seed: u64, as_json: bool) -> CliResult<ExitCode> {
    let ruleset = Arc::new(load_ruleset(name)?);
    rules_for(&ruleset, Some(players))?;
    if games == 0 || games > MAX_GAMES {
        return Err(CliError::Message(format!(
            "--games {games}: give 1 to {MAX_GAMES} games"
        )));
    }
    let report = simulate(&ruleset, players, games, seed)?;
    let n = report.games as f64;
    let per_game = f64::from(report.match_games.max(1));
    let gps = if report.seconds > 0.0 {
        n / report.seconds
    } else {
        f64::INFINITY
    };
    let seat_rows: Vec<(f64, f64, f64, f64)> = report
        .seats
        .iter()
        .map(|s| {
            let mean = s.score_sum / n;
            let var = (s.score_sq_sum / n - mean * mean).max(0.0);
            (mean, var.sqrt(), s.wins / n, s.placed as f64 / n / per_game)
        })
        .collect();
    if as_json {
        let seats: Vec<_> = seat_rows
            .iter()
            .enumerate()
            .map(|(i, (mean, sd, share, placed))| {
                json!({
                    "seat": i + 1,
                    "player": "random",
                    "mean_score": round(*mean, 3),
                    "score_stddev": round(*sd, 3),
                    "win_share": round(*share, 4),
                    "mean_dominoes_placed": round(*placed, 3),
                })
            })
            .collect();
        print_json(&json!({
            "ruleset": ruleset.name,
            "players": players,
            "games": report.games,
            "games_per_match": report.match_games,
            "seed": seed,
            "seconds": round(report.seconds, 6),
            "games_per_second": round(gps, 1),
            "seats": seats,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    let what = if report.match_games > 1 {
        format!("matches of {} games", report.match_games)
    } else {
        "games".to_string()
    };
    say!(
        "{} {what} of {} with {players} random players (seed {seed}) in {:.3} s: {:.0} {}/s",
        report.games,
        ruleset.name,
        report.seconds,
        gps,
        if report.match_games > 1 {
            "matches"
        } else {
            "games"
        },
    );
    say!("seat  player  mean score  spread  win share  dominoes placed");
    for (i, (mean, sd, share, placed)) in seat_rows.iter().enumerate() {
        say!(
            "{:>4}  {:6}  {:>10.2}  {:>6.2}  {:>8.1}%  {:>15.2}",
            i + 1,
            "random",
            mean,
            sd,
            share * 100.0,
            placed
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn simulate(ruleset: &Arc<Ruleset>, players: u8, games: u64, seed: u64) -> CliResult<Report> {
    let seats = usize::from(players);
    let mut stats = vec![SeatStats::default(); seats];
    let mut match_games = 1;
    let start = Instant::now();
    for i in 0..games {
        let game_seed = derive_seed(seed, i);
        let mut m = Match::new(ruleset.clone(), players, game_seed)
            .map_err(|e| CliError::Message(e.to_string()))?;
        match_games = m.games();
        let mut rng = GameRng::seed_from(derive_seed(game_seed, u64::MAX));
        let mut placed = vec![0u64; seats];
        loop {
            play_random(m.game_mut(), &mut rng);
            count_placed(m.game(), &mut placed);
            if !m.next_game() || m.is_over() {
                break;
            }
        }
        let Some(result) = m.result() else {
            return Err(CliError::Message(
                "a match ended before all its games were played".into(),
            ));
        };
        let share = 1.0 / result.winners.len().max(1) as f64;
        for (s, st) in stats.iter_mut().enumerate() {
            let total = result.totals[s] as f64;
            st.score_sum += total;
            st.score_sq_sum += total * total;
            st.placed += placed[s];
            if result.winners.contains(&s) && result.games.len() > 1 {
                st.wins += share;
            }
        }
        if result.games.len() == 1 {
            // A single game: the game's own ranking (with its tie-breaks) decides the win.
            let o = &result.games[0];
            let share = 1.0 / o.winners.len().max(1) as f64;
            for &w in &o.winners {
                stats[w].wins += share;
            }
        }
    }
    Ok(Report {
        games,
        match_games,
        seconds: start.elapsed().as_secs_f64(),
        seats: stats,
    })
}

fn play_random(game: &mut Game, rng: &mut GameRng) {
    while game.play_random(|| rng.next_u32()).is_some() {}
}

fn count_placed(game: &Game, placed: &mut [u64]) {
    for &(k, _, _) in game.placed() {
        if let Some(p) = placed.get_mut(k) {
            *p += 1;
        }
    }
}

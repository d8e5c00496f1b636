//! `crownlands simulate RULESET --players N --games G --seed S [--json]`
//! `crownlands simulate RULESET --bots mcts,greedy,greedy,greedy --games G --seed S [--jobs J] [--json]`
//!
//! With `--players` alone every seat plays uniformly random legal moves on the engine's fast
//! path: game `i` is seeded with `derive_seed(S, i)`, and the seats draw their choices from one
//! generator seeded from the game's seed, so a run is reproducible. With `--bots` the games are
//! a tournament between bots (the `crownlands-bots` crate, see [`bots`]): run in parallel, seats
//! rotated, and reported per bot as well as per seat. `--save DIR` writes every game of either
//! kind as a save file ([`saving`]).

mod bots;
mod saving;
mod teams;

use super::{load_ruleset, print_json, rules_for};
use crate::errors::{CliError, CliResult};
use crate::output::round;
use crate::output::say;
use crownlands_bots::tournament::add_placed_shares;
use crownlands_core::matches::Match;
use crownlands_core::rng::{GameRng, derive_seed};
use crownlands_core::{Action, Game, Ruleset};
use saving::{SaveDir, SavedFiles, print_saved, saved_json};
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use teams::{print_teams, team_rows, teams_json};

/// The most games one run may ask for.
const MAX_GAMES: u64 = 100_000_000;

#[derive(Clone, Debug, Default)]
struct SeatStats {
    score_sum: f64,
    score_sq_sum: f64,
    wins: f64,
    /// The seat's share of the dominoes placed in its kingdom (see [`add_placed_shares`]).
    placed: f64,
}

struct Report {
    games: u64,
    match_games: u8,
    seconds: f64,
    seats: Vec<SeatStats>,
    /// The side (kingdom, or team) of each seat.
    seat_side: Vec<usize>,
    /// With `--save`: the files written.
    saved: Option<SavedFiles>,
}

/// How many games, from which seed, and what to do with them.
#[derive(Clone, Copy)]
pub struct RunOptions<'a> {
    pub jobs: Option<usize>,
    pub games: u64,
    pub seed: u64,
    pub as_json: bool,
    pub save: Option<&'a Path>,
}

/// `simulate`: all random with `--players`, a tournament with `--bots`.
pub fn run(
    name: &str,
    players: Option<u8>,
    bots: Option<&str>,
    options: &RunOptions<'_>,
) -> CliResult<ExitCode> {
    let RunOptions {
        jobs,
        games,
        seed,
        as_json,
        save,
    } = *options;
    if games == 0 || games > MAX_GAMES {
        return Err(CliError::Message(format!(
            "--games {games}: give 1 to {MAX_GAMES} games"
        )));
    }
    if jobs == Some(0) {
        return Err(CliError::Message("--jobs 0: give at least 1".into()));
    }
    match (players, bots) {
        (_, Some(list)) => bots::run(name, players, list, options),
        (Some(p), None) => run_random(name, p, games, seed, as_json, save),
        (None, None) => Err(CliError::Message(
            "give --players N (all random) or --bots LIST".into(),
        )),
    }
}

fn run_random(
    name: &str,
    players: u8,
    games: u64,
    seed: u64,
    as_json: bool,
    save: Option<&Path>,
) -> CliResult<ExitCode> {
    let ruleset = Arc::new(load_ruleset(name)?);
    rules_for(&ruleset, Some(players))?;
    let report = simulate(&ruleset, players, games, seed, save, as_json)?;
    let n = report.games as f64;
    let per_game = f64::from(report.match_games.max(1));
    let gps = if report.seconds > 0.0 {
        n / report.seconds
    } else {
        f64::INFINITY
    };
    let seat_rows: Vec<SeatRow> = report
        .seats
        .iter()
        .map(|s| seat_row(s.score_sum, s.score_sq_sum, s.wins, s.placed, n, per_game))
        .collect();
    let team_rows = team_rows(&seat_rows, &report.seat_side);
    if as_json {
        let teams = teams_json(&team_rows);
        let seats = seats_json(&seat_rows, "random");
        let mut doc = json!({
            "ruleset": ruleset.name,
            "players": players,
            "games": report.games,
            "games_per_match": report.match_games,
            "seed": seed,
            "seconds": round(report.seconds, 6),
            "games_per_second": round(gps, 1),
            "seats": seats,
            "teams": teams,
        });
        if let (Some(dir), Some(saved)) = (save, &report.saved) {
            doc["saved"] = saved_json(dir, saved);
        }
        print_json(&doc);
        return Ok(ExitCode::SUCCESS);
    }
    let (what, unit) = run_label(report.match_games);
    say!(
        "{} {what} of {} with {players} random players (seed {seed}) in {:.3} s: {:.0} {}/s",
        report.games,
        ruleset.name,
        report.seconds,
        gps,
        unit,
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
    print_teams(&team_rows);
    if let (Some(dir), Some(saved)) = (save, &report.saved) {
        print_saved(dir, saved, unit);
    }
    Ok(ExitCode::SUCCESS)
}

fn simulate(
    ruleset: &Arc<Ruleset>,
    players: u8,
    games: u64,
    seed: u64,
    save: Option<&Path>,
    keep_list: bool,
) -> CliResult<Report> {
    let seats = usize::from(players);
    let match_games = ruleset
        .rules_for(players)
        .map_or(1, |r| r.match_games.max(1));
    // One game whose memory is reused: `reset` deals exactly what `Game::new` would.
    let mut game =
        Game::new(ruleset.clone(), players, seed).map_err(|e| CliError::Message(e.to_string()))?;
    let save_dir = match save {
        Some(dir) => Some(SaveDir::open(dir, ruleset.clone(), games)?.keeping_list(keep_list)),
        None => None,
    };
    let seat_names = vec!["random".to_string(); seats];
    // Kingdoms are per side: one per player, or one per team in team games. A seat scores its
    // side's kingdom and wins when its side wins.
    let sides = usize::from(game.sides());
    let seat_side: Vec<usize> = (0..seats).map(|p| game.side_of(p)).collect();
    let mut stats = vec![SeatStats::default(); seats];
    let mut placed = vec![0.0; seats];
    // Buffers reused from game to game.
    let mut totals = vec![0i64; sides];
    let mut game_totals = vec![0i32; sides];
    let start = Instant::now();
    for i in 0..games {
        let match_seed = derive_seed(seed, i);
        let mut rng = GameRng::seed_from(derive_seed(match_seed, u64::MAX));
        totals.iter_mut().for_each(|t| *t = 0);
        let mut single_game_winners: Option<Vec<usize>> = None;
        let mut recorded: Vec<Vec<Action>> = Vec::new();
        for k in 0..match_games {
            game.reset(Match::game_seed(match_seed, k));
            if save_dir.is_some() {
                let mut actions = Vec::new();
                while let Some(a) = game.play_random(|| rng.next_u32()) {
                    actions.push(a);
                }
                recorded.push(actions);
            } else {
                game.play_out_random(&mut rng);
            }
            add_placed_shares(&game, &mut placed);
            for (side, t) in game_totals.iter_mut().enumerate() {
                *t = game.score_total(side);
                totals[side] += i64::from(*t);
            }
            if match_games == 1 {
                single_game_winners = Some(winners_of_game(&game, &game_totals));
            }
        }
        // A single game is won by its own ranking (with the ruleset's tie-breaks); a match of
        // several games by the highest total (ties shared: the rulebook gives Dynasty none).
        let winners = match single_game_winners {
            Some(w) => w,
            None => {
                let best = totals.iter().copied().max().unwrap_or(0);
                (0..sides).filter(|&p| totals[p] == best).collect()
            }
        };
        if let Some(dir) = &save_dir {
            let seat_totals: Vec<i64> = seat_side.iter().map(|&side| totals[side]).collect();
            let seat_winners: Vec<usize> = (0..seats)
                .filter(|&p| winners.contains(&seat_side[p]))
                .collect();
            dir.write(
                i,
                &seat_names,
                match_seed,
                &recorded,
                &seat_totals,
                &seat_winners,
            )
            .map_err(|e| CliError::Message(e.to_string()))?;
        }
        let share = 1.0 / winners.len().max(1) as f64;
        for (seat, st) in stats.iter_mut().enumerate() {
            if winners.contains(&seat_side[seat]) {
                st.wins += share;
            }
            let total = totals[seat_side[seat]] as f64;
            st.score_sum += total;
            st.score_sq_sum += total * total;
        }
    }
    for (st, p) in stats.iter_mut().zip(placed) {
        st.placed = p;
    }
    Ok(Report {
        games,
        match_games,
        seconds: start.elapsed().as_secs_f64(),
        seats: stats,
        seat_side,
        saved: save_dir.map(SaveDir::into_saved),
    })
}

/// The winning sides of a finished game: the highest total alone, or the full ranking with the
/// ruleset's tie-breaks when the top score is shared.
fn winners_of_game(game: &Game, totals: &[i32]) -> Vec<usize> {
    let best = totals.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..totals.len()).filter(|&p| totals[p] == best).collect();
    if top.len() == 1 {
        top
    } else {
        game.outcome().winners
    }
}

/// One seat's summary: mean score, its spread (standard deviation), win share, dominoes placed
/// per game.
pub(super) type SeatRow = (f64, f64, f64, f64);

fn seat_row(
    score_sum: f64,
    score_sq_sum: f64,
    wins: f64,
    placed: f64,
    runs: f64,
    per_game: f64,
) -> SeatRow {
    let mean = score_sum / runs;
    let var = (score_sq_sum / runs - mean * mean).max(0.0);
    (mean, var.sqrt(), wins / runs, placed / runs / per_game)
}

/// The `seats` array of the JSON report.
fn seats_json(rows: &[SeatRow], player: &str) -> Vec<serde_json::Value> {
    rows.iter()
        .enumerate()
        .map(|(i, (mean, sd, share, placed))| {
            json!({
                "seat": i + 1,
                "player": player,
                "mean_score": round(*mean, 3),
                "score_stddev": round(*sd, 3),
                "win_share": round(*share, 4),
                "mean_dominoes_placed": round(*placed, 3),
            })
        })
        .collect()
}

/// What one run of the simulation is called: ("games", "games") or ("matches of 3 games",
/// "matches").
fn run_label(match_games: u8) -> (String, &'static str) {
    if match_games > 1 {
        (format!("matches of {match_games} games"), "matches")
    } else {
        ("games".to_string(), "games")
    }
}

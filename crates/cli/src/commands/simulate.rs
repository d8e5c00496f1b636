//! `crownlands simulate RULESET --players N --games G --seed S [--json]`
//! `crownlands simulate RULESET --bots mcts,greedy,greedy,greedy --games G --seed S [--jobs J] [--json]`
//!
//! With `--players` alone every seat plays uniformly random legal moves on the engine's fast
//! path: game `i` is seeded with `derive_seed(S, i)`, and the seats draw their choices from one
//! generator seeded from the game's seed, so a run is reproducible. With `--bots` the games are
//! a tournament between bots (the `crownlands-bots` crate): run in parallel, seats rotated, and
//! reported per bot as well as per seat.

use super::{load_ruleset, print_json, rules_for};
use crate::errors::{CliError, CliResult};
use crate::output::round;
use crate::output::say;
use crownlands_bots::level::parse_list;
use crownlands_bots::tournament::{self, Tournament};
use crownlands_core::matches::Match;
use crownlands_core::rng::{GameRng, derive_seed};
use crownlands_core::{Action, Game, Ruleset};
use serde_json::json;
use std::io::IsTerminal;
use std::path::Path;
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
    /// The side (kingdom, or team) of each seat.
    seat_side: Vec<usize>,
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
        (_, Some(_)) if save.is_some() => Err(CliError::Message(
            "--save records games of random players (--players N); it does not work with --bots yet".into(),
        )),
        (_, Some(list)) => run_bots(name, players, list, jobs, games, seed, as_json),
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
    let report = simulate(&ruleset, players, games, seed, save)?;
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
    // Teams (when seats share kingdoms): the seats of each side, and the side's score and wins
    // (those of any of its seats).
    let sides = report.seat_side.iter().copied().max().map_or(0, |m| m + 1);
    let team_rows: Vec<(Vec<usize>, f64, f64)> = if sides < report.seats.len() {
        (0..sides)
            .filter_map(|side| {
                let members: Vec<usize> = (0..report.seats.len())
                    .filter(|&p| report.seat_side[p] == side)
                    .collect();
                let first = *members.first()?;
                Some((members, seat_rows[first].0, seat_rows[first].2))
            })
            .collect()
    } else {
        Vec::new()
    };
    if as_json {
        let teams: Vec<_> = team_rows
            .iter()
            .enumerate()
            .map(|(i, (members, mean, share))| {
                json!({
                    "team": i + 1,
                    "seats": members.iter().map(|p| p + 1).collect::<Vec<_>>(),
                    "mean_score": round(*mean, 3),
                    "win_share": round(*share, 4),
                })
            })
            .collect();
        let seats = seats_json(&seat_rows, "random");
        print_json(&json!({
            "ruleset": ruleset.name,
            "players": players,
            "games": report.games,
            "games_per_match": report.match_games,
            "seed": seed,
            "seconds": round(report.seconds, 6),
            "games_per_second": round(gps, 1),
            "seats": seats,
            "teams": teams,
        }));
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
    if !team_rows.is_empty() {
        say!("team  seats  mean score  win share");
        for (i, (members, mean, share)) in team_rows.iter().enumerate() {
            let seats: Vec<String> = members.iter().map(|p| (p + 1).to_string()).collect();
            say!(
                "{:>4}  {:5}  {:>10.2}  {:>8.1}%",
                i + 1,
                seats.join("+"),
                mean,
                share * 100.0
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn simulate(
    ruleset: &Arc<Ruleset>,
    players: u8,
    games: u64,
    seed: u64,
    save: Option<&Path>,
) -> CliResult<Report> {
    let seats = usize::from(players);
    let match_games = ruleset
        .rules_for(players)
        .map_or(1, |r| r.match_games.max(1));
    // One game whose memory is reused: `reset` deals exactly what `Game::new` would.
    let mut game =
        Game::new(ruleset.clone(), players, seed).map_err(|e| CliError::Message(e.to_string()))?;
    // Kingdoms are per side: one per player, or one per team in team games. A seat scores its
    // side's kingdom and wins when its side wins.
    let sides = usize::from(game.sides());
    let seat_side: Vec<usize> = (0..seats).map(|p| game.side_of(p)).collect();
    let mut stats = vec![SeatStats::default(); seats];
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
            if save.is_some() {
                let mut actions = Vec::new();
                while let Some(a) = game.play_random(|| rng.next_u32()) {
                    actions.push(a);
                }
                recorded.push(actions);
            } else {
                play_random(&mut game, &mut rng);
            }
            count_placed(&game, &mut stats, &seat_side);
            for (side, t) in game_totals.iter_mut().enumerate() {
                *t = game.score_total(side);
                totals[side] += i64::from(*t);
            }
            if match_games == 1 {
                single_game_winners = Some(winners_of_game(&game, &game_totals));
            }
        }
        if let Some(dir) = save {
            let players_list = crownlands_saves::Player::seats(players, "random");
            let file = crownlands_saves::Save::from_actions(
                ruleset.clone(),
                players_list,
                match_seed,
                &recorded,
            )
            .and_then(|s| crownlands_saves::save_into_dir(dir, &s))
            .map_err(|e| CliError::Message(e.to_string()))?;
            let _ = file;
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
    Ok(Report {
        games,
        match_games,
        seconds: start.elapsed().as_secs_f64(),
        seats: stats,
        seat_side,
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

fn play_random(game: &mut Game, rng: &mut GameRng) {
    while game.play_random(|| rng.next_u32()).is_some() {}
}

fn count_placed(game: &Game, stats: &mut [SeatStats], seat_side: &[usize]) {
    // Placements are recorded per kingdom; each seat of a team shares its team's.
    let team = (stats.len() / usize::from(game.sides()).max(1)).max(1) as u64;
    let mut per_side = vec![0u64; usize::from(game.sides())];
    for &(k, _, _) in game.placed() {
        if let Some(n) = per_side.get_mut(k) {
            *n += 1;
        }
    }
    for (seat, s) in stats.iter_mut().enumerate() {
        s.placed += per_side.get(seat_side[seat]).copied().unwrap_or(0) / team;
    }
}

/// A tournament between bots: `--bots mcts,greedy,greedy,greedy`.
fn run_bots(
    name: &str,
    players: Option<u8>,
    list: &str,
    jobs: Option<usize>,
    games: u64,
    seed: u64,
    as_json: bool,
) -> CliResult<ExitCode> {
    let levels = parse_list(list).map_err(|e| CliError::Message(format!("--bots: {e}")))?;
    let n = levels.len();
    if let Some(p) = players
        && usize::from(p) != n
    {
        return Err(CliError::Message(format!(
            "--players {p} but --bots lists {n} bots: the bot list sets the player count"
        )));
    }
    let count = u8::try_from(n)
        .map_err(|_| CliError::Message(format!("--bots lists {n} bots: too many players")))?;
    let ruleset = Arc::new(load_ruleset(name)?);
    rules_for(&ruleset, Some(count))?;
    let t = Tournament {
        ruleset: ruleset.clone(),
        levels: levels.clone(),
        games,
        seed,
        jobs,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let report = t
        .run(&|done| {
            if let Some(b) = &bar {
                b.set_position(done);
            }
        })
        .map_err(|e| CliError::Message(e.to_string()))?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let g = report.games as f64;
    let per_game = f64::from(report.match_games.max(1));
    let gps = if report.seconds > 0.0 {
        g / report.seconds
    } else {
        f64::INFINITY
    };
    let names: Vec<String> = levels.iter().map(ToString::to_string).collect();
    let seat_player = if names.iter().all(|x| *x == names[0]) {
        names[0].clone()
    } else {
        "rotated".to_string()
    };
    let seat_rows: Vec<SeatRow> = report
        .seats
        .iter()
        .map(|s| seat_row(s.score_sum, s.score_sq_sum, s.wins, s.placed, g, per_game))
        .collect();
    if as_json {
        let seats = seats_json(&seat_rows, &seat_player);
        let bots: Vec<_> = report
            .bots
            .iter()
            .map(|(bot, s)| {
                let (wl, wh) = s.win_rate_ci95();
                let (sl, sh) = s.mean_score_ci95();
                json!({
                    "bot": bot,
                    "games": s.games,
                    "wins": round(s.wins, 3),
                    "win_rate": round(s.win_rate(), 4),
                    "win_rate_ci95": [round(wl, 4), round(wh, 4)],
                    "mean_score": round(s.mean_score(), 3),
                    "mean_score_ci95": [round(sl, 3), round(sh, 3)],
                    "mean_margin": round(s.mean_margin(), 3),
                    "ms_per_decision": round(s.ms_per_decision(), 4),
                })
            })
            .collect();
        print_json(&json!({
            "ruleset": ruleset.name,
            "players": count,
            "games": report.games,
            "games_per_match": report.match_games,
            "seed": seed,
            "seconds": round(report.seconds, 6),
            "games_per_second": round(gps, 1),
            "bot_list": names,
            "bots": bots,
            "seats": seats,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    let (what, unit) = run_label(report.match_games);
    say!(
        "{} {what} of {} with {count} players: {} (seats rotated, seed {seed}) in {:.3} s: {:.1} {}/s",
        report.games,
        ruleset.name,
        names.join(", "),
        report.seconds,
        gps,
        unit,
    );
    let width = report
        .bots
        .iter()
        .map(|(b, _)| b.len())
        .max()
        .unwrap_or(3)
        .max(3);
    say!(
        "{:width$}  {:>6}  {:>8}  {:>8}  {:>13}  {:>10}  {:>13}  {:>7}  {:>11}",
        "bot",
        "games",
        "wins",
        "win rate",
        "95% interval",
        "mean score",
        "95% interval",
        "margin",
        "ms/decision"
    );
    for (bot, s) in &report.bots {
        let (wl, wh) = tournament::wilson(s.wins, s.games);
        let (sl, sh) = s.mean_score_ci95();
        say!(
            "{bot:width$}  {:>6}  {:>8.1}  {:>7.1}%  {:>13}  {:>10.2}  {:>13}  {:>+7.2}  {:>11.3}",
            s.games,
            s.wins,
            s.win_rate() * 100.0,
            format!("{:.1}-{:.1}%", wl * 100.0, wh * 100.0),
            s.mean_score(),
            format!("{sl:.1}-{sh:.1}"),
            s.mean_margin(),
            s.ms_per_decision(),
        );
    }
    say!("seat  mean score  spread  win share  dominoes placed");
    for (i, (mean, sd, share, placed)) in seat_rows.iter().enumerate() {
        say!(
            "{:>4}  {:>10.2}  {:>6.2}  {:>8.1}%  {:>15.2}",
            i + 1,
            mean,
            sd,
            share * 100.0,
            placed
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// One seat's summary: mean score, its spread (standard deviation), win share, dominoes placed
/// per game.
type SeatRow = (f64, f64, f64, f64);

fn seat_row(
    score_sum: f64,
    score_sq_sum: f64,
    wins: f64,
    placed: u64,
    runs: f64,
    per_game: f64,
) -> SeatRow {
    let mean = score_sum / runs;
    let var = (score_sq_sum / runs - mean * mean).max(0.0);
    (
        mean,
        var.sqrt(),
        wins / runs,
        placed as f64 / runs / per_game,
    )
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

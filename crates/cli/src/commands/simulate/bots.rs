//! `simulate RULESET --bots LIST`: a tournament between bots, reported per bot and per seat, and
//! with `--save DIR` every game written as a save file.

use super::saving::{SaveDir, print_saved, saved_json};
use super::teams::{print_teams, team_rows, teams_json};
use super::{RunOptions, SeatRow, run_label, seat_row, seats_json};
use crate::commands::{load_ruleset, print_json, rules_for};
use crate::errors::{CliError, CliResult};
use crate::output::{round, say};
use crownlands_bots::level::parse_list;
use crownlands_bots::tournament::{self, Tournament};
use serde_json::json;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;

/// A tournament between bots: `--bots mcts,greedy,greedy,greedy`.
pub fn run(
    name: &str,
    players: Option<u8>,
    list: &str,
    options: &RunOptions<'_>,
) -> CliResult<ExitCode> {
    let RunOptions {
        jobs,
        games,
        seed,
        as_json,
        save,
    } = *options;
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
    let seat_side: Vec<usize> = {
        let (_, rules) = rules_for(&ruleset, Some(count))?;
        // Teams are fixed by seat (seats 1 and 2 are team 1...); the bots rotate through them.
        (0..n).map(|p| rules.side_of(p)).collect()
    };
    let save_dir = match save {
        Some(dir) => Some(SaveDir::open(dir, ruleset.clone(), games)?.keeping_list(as_json)),
        None => None,
    };
    let t = Tournament {
        ruleset: ruleset.clone(),
        levels: levels.clone(),
        games,
        seed,
        jobs: jobs.map(|j| super::super::capped_jobs(j, games, "game")),
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
    let progress = |done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    };
    let result = match &save_dir {
        Some(d) => t.run_recorded(&progress, &|g| d.record(g)),
        None => t.run(&progress),
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let report = result.map_err(|e| CliError::Message(e.to_string()))?;
    let saved = save_dir.map(SaveDir::into_saved);
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
    let team_rows = team_rows(&seat_rows, &seat_side);
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
        let mut doc = json!({
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
            "teams": teams_json(&team_rows),
        });
        if let (Some(dir), Some(saved)) = (save, &saved) {
            doc["saved"] = saved_json(dir, saved);
        }
        print_json(&doc);
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
    print_teams(&team_rows);
    if let (Some(dir), Some(saved)) = (save, &saved) {
        print_saved(dir, saved, unit);
    }
    Ok(ExitCode::SUCCESS)
}

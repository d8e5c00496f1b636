//! `crownlands simulate ... --save DIR`, then `crownlands replay` of every file written.

use super::{TempDir, TempFile, run};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_str().expect("string").to_string())
        .collect()
}

fn numbers(v: &Value) -> Vec<i64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_i64().expect("number"))
        .collect()
}

/// One save, replayed.
struct Replayed {
    /// Each seat's kind.
    kinds: Vec<String>,
    /// Each seat's total (its side's) over the match.
    totals: Vec<i64>,
    /// The seats whose side won, from 1.
    winning_seats: Vec<i64>,
    /// How many sides won (they share the win).
    sides_won: usize,
}

/// Replay one save as JSON.
fn replay_totals(file: &Path) -> Replayed {
    let r = run(&[
        "replay".to_string(),
        file.display().to_string(),
        "--json".into(),
    ])
    .ok();
    let v = r.json();
    assert_eq!(v["over"], true, "{}: the game is finished", file.display());
    let kinds: Vec<String> = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["kind"].as_str().expect("kind").to_string())
        .collect();
    let mut totals = vec![0i64; kinds.len()];
    let mut members_of: Vec<Vec<i64>> = Vec::new();
    let mut winners = Vec::new();
    for game in v["games"].as_array().expect("games") {
        let outcome = &game["outcome"];
        // Scores are per side: a seat, or a team with its seats.
        members_of.clear();
        for side in outcome["scores"].as_array().expect("scores") {
            let total = side["total"].as_i64().expect("total");
            let members = match side.get("seats") {
                Some(s) => numbers(s),
                None => vec![side["seat"].as_i64().expect("seat")],
            };
            for m in &members {
                totals[usize::try_from(m - 1).expect("seat")] += total;
            }
            members_of.push(members);
        }
        winners = numbers(&outcome["winners"]);
    }
    // A match is won on its totals.
    if !v["result"].is_null() {
        winners = numbers(&v["result"]["winners"]);
    }
    let mut winning_seats: Vec<i64> = winners
        .iter()
        .flat_map(|w| members_of[usize::try_from(w - 1).expect("side")].clone())
        .collect();
    winning_seats.sort_unstable();
    Replayed {
        kinds,
        totals,
        winning_seats,
        sides_won: winners.len(),
    }
}

/// Runs `simulate ARGS --save DIR --json` and checks every file against the report: players in
/// rotated seat order, per game totals and winners, and per bot and per seat mean scores and wins.
fn check_tournament(args: &[&str], list: &[&str]) {
    let dir = TempDir::new("tournament");
    let mut all: Vec<String> = vec!["simulate".into()];
    all.extend(args.iter().map(ToString::to_string));
    all.extend(["--save".into(), dir.arg(), "--json".into()]);
    let v = run(&all).ok().json();
    let games = v["games"].as_u64().expect("games") as usize;
    let files = v["saved"]["files"].as_array().expect("saved.files");
    assert_eq!(files.len(), games);
    assert_eq!(v["saved"]["dir"], dir.arg());
    assert_eq!(dir.names().len(), games, "one file a game and nothing else");
    let n = list.len();
    let mut bot_scores: BTreeMap<String, (i64, f64)> = BTreeMap::new();
    let mut seat_scores = vec![0i64; n];
    let mut seat_wins = vec![0f64; n];
    for (i, f) in files.iter().enumerate() {
        assert_eq!(f["game"], i + 1);
        let path = PathBuf::from(f["file"].as_str().expect("file"));
        assert!(path.starts_with(&dir.0), "{}", path.display());
        // Game i rotates the list by i seats; in teams of two (Royal Wedding), by i teams, so
        // entries listed side by side stay teammates.
        let step = if args[0] == "royal-wedding-teams" {
            2
        } else {
            1
        };
        let rotation = (i % (n / step)) * step;
        let rotated: Vec<String> = (0..n)
            .map(|s| list[(s + rotation) % n].to_string())
            .collect();
        assert_eq!(strings(&f["players"]), rotated, "game {}", i + 1);
        let Replayed {
            kinds,
            totals,
            winning_seats,
            sides_won,
        } = replay_totals(&path);
        assert_eq!(kinds, rotated, "{}", path.display());
        assert_eq!(totals, numbers(&f["totals"]), "{}", path.display());
        assert_eq!(winning_seats, numbers(&f["winners"]), "{}", path.display());
        assert!(sides_won > 0);
        for s in 0..n {
            let won = if winning_seats.contains(&(s as i64 + 1)) {
                1.0 / sides_won as f64
            } else {
                0.0
            };
            let e = bot_scores.entry(kinds[s].clone()).or_default();
            e.0 += totals[s];
            e.1 += won;
            seat_scores[s] += totals[s];
            seat_wins[s] += won;
        }
    }
    for b in v["bots"].as_array().expect("bots") {
        let name = b["bot"].as_str().expect("bot");
        let (sum, wins) = bot_scores[name];
        let player_games = b["games"].as_f64().expect("games");
        let mean = b["mean_score"].as_f64().expect("mean_score");
        assert!(
            (sum as f64 / player_games - mean).abs() < 1e-3,
            "{name}: replays give {sum} over {player_games}, the report {mean}"
        );
        let reported = b["wins"].as_f64().expect("wins");
        assert!(
            (wins - reported).abs() < 1e-3,
            "{name}: {wins} vs {reported}"
        );
    }
    for (s, seat) in v["seats"].as_array().expect("seats").iter().enumerate() {
        let mean = seat["mean_score"].as_f64().expect("mean_score");
        assert!(
            (seat_scores[s] as f64 / games as f64 - mean).abs() < 1e-3,
            "seat {}",
            s + 1
        );
        let share = seat["win_share"].as_f64().expect("win_share");
        assert!((seat_wins[s] / games as f64 - share).abs() < 1e-3);
    }
}

#[test]
fn every_game_of_a_bot_tournament_replays_to_the_report() {
    check_tournament(
        &[
            "kingdomino",
            "--bots",
            "greedy,random,random",
            "--games",
            "6",
            "--seed",
            "11",
            "--jobs",
            "2",
        ],
        &["greedy", "random", "random"],
    );
}

#[test]
fn every_match_of_a_dynasty_tournament_replays_to_the_report() {
    check_tournament(
        &["dynasty", "--bots", "random,greedy", "--games", "3"],
        &["random", "greedy"],
    );
}

#[test]
fn a_team_tournament_replays_to_the_report() {
    check_tournament(
        &[
            "royal-wedding-teams",
            "--bots",
            "greedy,random,random,random,random,random",
            "--games",
            "2",
            "--seed",
            "4",
        ],
        &["greedy", "random", "random", "random", "random", "random"],
    );
}

#[test]
fn saves_are_named_after_the_game_and_its_seats_and_announced() {
    let dir = TempDir::new("names");
    let ten = [
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,random",
        "--games",
        "10",
        "--save",
        &dir.arg(),
    ];
    let r = run(&ten).ok();
    let names = dir.names();
    assert_eq!(names.len(), 10, "{names:?}");
    assert_eq!(names[0], "kingdomino-game-01-greedy-random.json");
    assert_eq!(names[1], "kingdomino-game-02-random-greedy.json");
    assert_eq!(names[9], "kingdomino-game-10-random-greedy.json");
    assert!(
        r.stdout.contains(&format!(
            "saved 10 games in {}: kingdomino-game-01-greedy-random.json ... kingdomino-game-10-random-greedy.json",
            dir.arg()
        )),
        "{}",
        r.stdout
    );
    // The same run again never overwrites: the names get a suffix.
    let first = std::fs::read(dir.0.join(&names[0])).expect("saved");
    run(&ten).ok();
    let names = dir.names();
    assert_eq!(names.len(), 20, "{names:?}");
    assert!(
        names.contains(&"kingdomino-game-01-greedy-random-2.json".to_string()),
        "{names:?}"
    );
    assert_eq!(
        std::fs::read(dir.0.join("kingdomino-game-01-greedy-random.json")).expect("kept"),
        first
    );
    // Random players: one name per game, no seats (they are all the same).
    let random = TempDir::new("random");
    run(&[
        "simulate",
        "kingdomino",
        "-p",
        "3",
        "-g",
        "2",
        "--save",
        &random.arg(),
    ])
    .ok();
    assert_eq!(
        random.names(),
        vec!["kingdomino-game-1.json", "kingdomino-game-2.json"]
    );
}

#[test]
fn random_games_saved_replay_to_the_report() {
    let dir = TempDir::new("random-json");
    let v = run(&[
        "simulate",
        "royal-wedding-teams",
        "-p",
        "6",
        "-g",
        "3",
        "--save",
        &dir.arg(),
        "--json",
    ])
    .ok()
    .json();
    for f in v["saved"]["files"].as_array().expect("files") {
        let r = replay_totals(Path::new(f["file"].as_str().expect("file")));
        assert_eq!(r.kinds, vec!["random"; 6]);
        assert_eq!(r.totals, numbers(&f["totals"]));
        assert_eq!(r.winning_seats, numbers(&f["winners"]));
    }
}

/// Each bonus the rules offer has its line in every side's breakdown, earned or not, as
/// `score` prints a kingdom (`harmony  not earned = 0`; `replay` had left it out).
#[test]
fn replay_lists_a_bonus_not_earned_as_score_does() {
    let dir = TempDir::new("unearned");
    let v = run(&[
        "simulate",
        "harmony-middle-kingdom",
        "-p",
        "3",
        "-g",
        "4",
        "--save",
        &dir.arg(),
        "--json",
    ])
    .ok()
    .json();
    let mut unearned = 0;
    for f in v["saved"]["files"].as_array().expect("files") {
        let text = run(&["replay", f["file"].as_str().expect("file")])
            .ok()
            .stdout;
        let result = text.split("Result: ").nth(1).expect("the result");
        // Every side: a line of each bonus.
        for bonus in ["harmony ", "middle-kingdom "] {
            assert_eq!(result.matches(bonus).count(), 3, "{bonus}: {result}");
        }
        unearned += result.matches("not earned").count();
    }
    assert!(unearned > 0, "random kingdoms miss some bonus");
}

#[test]
fn a_save_dir_that_cannot_be_written_is_refused_before_playing() {
    let dir = TempDir::new("file");
    std::fs::create_dir_all(&dir.0).expect("dir");
    let file = dir.0.join("plain-file");
    std::fs::write(&file, "x").expect("write");
    for args in [
        vec!["kingdomino", "--bots", "greedy,random"],
        vec!["kingdomino", "--players", "2"],
    ] {
        for target in [file.clone(), file.join("below")] {
            let mut all = vec!["simulate".to_string()];
            all.extend(args.iter().map(ToString::to_string));
            all.extend([
                "-g".into(),
                "2".into(),
                "--save".into(),
                target.display().to_string(),
            ]);
            let r = run(&all).expect_code(1);
            assert!(r.stdout.is_empty(), "no game played: {}", r.stdout);
            assert!(
                r.stderr.starts_with(&format!(
                    "error: --save: {}: cannot save games in this directory: ",
                    target.display()
                )),
                "{}",
                r.stderr
            );
        }
    }
    assert_eq!(std::fs::read(&file).expect("still there"), b"x");
}

#[test]
fn replay_names_teams_in_the_final_breakdown() {
    let dir = TempDir::new("teams");
    run(&[
        "simulate",
        "royal-wedding-teams",
        "--bots",
        "greedy,random,random,random,random,random",
        "-g",
        "1",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let file = dir
        .0
        .join("royal-wedding-teams-game-1-greedy-random-random-random-random-random.json");
    let r = run(&["replay".to_string(), file.display().to_string()]).ok();
    let tail: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Result: "))
        .collect();
    assert!(
        tail[0].starts_with("Result: team ") && tail[0].contains(" (seats "),
        "{}",
        r.stdout
    );
    for team in [
        "  team 1 (seats 1+2: greedy 1, random 2): place ",
        "  team 2 (seats 3+4: random 3, random 4): place ",
        "  team 3 (seats 5+6: random 5, random 6): place ",
    ] {
        assert!(
            tail.iter().any(|l| l.starts_with(team)),
            "no `{team}` in:\n{}",
            tail.join("\n")
        );
    }
    assert!(
        !tail.iter().any(|l| l.starts_with("  seat ")),
        "sides are teams, not seats:\n{}",
        tail.join("\n")
    );
    // Each side's territories and bonuses (long building names included) line up on `=`.
    for side in tail.split(|l| l.starts_with("  team ")).skip(1) {
        let columns: Vec<usize> = side.iter().filter_map(|l| l.find(" = ")).collect();
        assert!(columns.len() > 1, "{}", side.join("\n"));
        assert!(
            columns.iter().all(|&c| c == columns[0]),
            "misaligned breakdown:\n{}",
            side.join("\n")
        );
    }
    let v = run(&[
        "replay".to_string(),
        file.display().to_string(),
        "--json".into(),
    ])
    .ok()
    .json();
    let scores = v["games"][0]["outcome"]["scores"]
        .as_array()
        .expect("scores");
    assert_eq!(scores.len(), 3);
    for (i, s) in scores.iter().enumerate() {
        assert_eq!(s["team"], i + 1);
        assert_eq!(
            numbers(&s["seats"]),
            vec![2 * i as i64 + 1, 2 * i as i64 + 2]
        );
        assert!(s.get("seat").is_none(), "{s}");
    }
    // Individual games keep seats.
    let solo = TempDir::new("solo");
    let r = run(&[
        "replay".to_string(),
        solo.one_saved_game().display().to_string(),
    ])
    .ok();
    assert!(
        r.stdout.contains("\n  seat 1 (random 1): place "),
        "{}",
        r.stdout
    );
}

#[test]
fn dominoes_placed_mean_the_same_for_random_players_and_bots() {
    // Royal Wedding in teams: a seat is credited its share of its team's kingdom, in both paths.
    let placed = |v: &Value| -> Vec<f64> {
        v["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["mean_dominoes_placed"].as_f64().expect("placed"))
            .collect()
    };
    let random = run(&[
        "simulate",
        "royal-wedding-teams",
        "--players",
        "6",
        "--games",
        "60",
        "--json",
    ])
    .ok()
    .json();
    let bots = run(&[
        "simulate",
        "royal-wedding-teams",
        "--bots",
        "random,random,random,random,random,random",
        "--games",
        "60",
        "--json",
    ])
    .ok()
    .json();
    let (a, b) = (placed(&random), placed(&bots));
    for (x, y) in a.iter().zip(&b) {
        // Each player places at most one domino a round (11 rounds at 6 players).
        assert!(*x > 5.0 && *x <= 11.0, "random players: {a:?}");
        assert!(*y > 5.0 && *y <= 11.0, "bots: {b:?}");
        assert!((x - y).abs() < 1.0, "random players {a:?}, bots {b:?}");
    }
    for v in [&a, &b] {
        for team in v.chunks(2) {
            assert_eq!(team[0], team[1], "teammates share their kingdom's: {v:?}");
        }
    }
}

#[test]
fn play_load_reads_a_tournament_save_with_its_bots() {
    use crownlands_bots::Level;
    use crownlands_tui::app::seats::SeatKind;
    let dir = TempDir::new("play-load");
    run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,mcts:50",
        "-g",
        "2",
        "--save",
        &dir.arg(),
    ])
    .ok();
    // What `crownlands play --load FILE` does before it opens the terminal.
    let app = crownlands_tui::terminal::build_app(&crownlands_tui::PlayOptions {
        load: Some(dir.0.join("kingdomino-game-2-mcts_50-greedy.json")),
        no_autosave: true,
        ..Default::default()
    })
    .expect("the save loads");
    let kinds: Vec<SeatKind> = app.seats().iter().map(|s| s.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            // As the save names it, held to a save's bounds (`Level::limited`).
            SeatKind::Bot(
                "mcts:50".parse::<Level>().expect("level").limited(
                    crownlands_tui::app::seats::MAX_LOADED_WAIT,
                    u8::try_from(
                        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
                    )
                    .unwrap_or(u8::MAX),
                )
            ),
            SeatKind::Bot(Level::Greedy),
        ]
    );
    let names: Vec<&str> = app.seats().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, vec!["mcts 1", "greedy 2"]);
    assert!(app.session().is_some_and(|s| s.is_over()));
}

/// Killed at any moment, a run leaves no save name holding less than a whole save; the next run
/// removes the temporary files it left.
#[cfg(unix)]
#[test]
fn a_killed_run_leaves_only_complete_saves() {
    let dir = TempDir::new("killed");
    for wait_ms in [150, 300, 450] {
        let mut child = std::process::Command::new(super::bin())
            .args([
                "simulate",
                "kingdomino",
                "--players",
                "2",
                "--games",
                "100000",
                "--save",
                &dir.arg(),
            ])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("runs");
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        for name in dir.names().iter().filter(|n| n.ends_with(".json")) {
            let text = std::fs::read_to_string(dir.0.join(name)).expect("read");
            let doc: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{name} is not a whole save ({e}): {text:?}"));
            assert_eq!(doc["format"], "crownlands-save", "{name}");
        }
    }
    // A temporary file as a killed process leaves it (its process gone).
    std::fs::write(dir.0.join(".kingdomino-game-9.json.tmp-4294967295-0"), "{").expect("write");
    // The killed runs' temporary files, two minutes old: past the grace a write in progress
    // gets (a younger one is left alone, since its number may be another PID namespace's).
    let two_minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    for name in dir.names().iter().filter(|n| n.contains(".tmp-")) {
        std::fs::File::options()
            .write(true)
            .open(dir.0.join(name))
            .and_then(|f| f.set_modified(two_minutes_ago))
            .expect("age the file");
    }
    run(&[
        "simulate",
        "kingdomino",
        "--players",
        "2",
        "--games",
        "1",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let left: Vec<String> = dir
        .names()
        .into_iter()
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "stale temporary files: {left:?}");
}

#[test]
fn jobs_are_capped_at_the_games_and_the_cores() {
    let r = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "random,random",
        "--games",
        "3",
        "--jobs",
        "10000",
    ])
    .ok();
    assert!(
        r.stderr.contains("note: --jobs 10000 capped at"),
        "{}",
        r.stderr
    );
}

/// A house rule playing Royal Wedding in teams as matches of two games: the match totals are one
/// per team (three for six players), in the save and in what `replay` prints.
#[test]
fn a_two_game_team_match_totals_each_team_once() {
    let rules = TempFile::new(
        "team-match",
        "toml",
        "extends = \"royal-wedding-teams\"\n\n[rules]\nmatch-games = 2\n",
    );
    let dir = TempDir::new("team-match");
    let v = run(&[
        "simulate",
        &rules.0.display().to_string(),
        "-p",
        "6",
        "-g",
        "1",
        "--save",
        &dir.arg(),
        "--json",
    ])
    .ok()
    .json();
    let file = v["saved"]["files"][0]["file"]
        .as_str()
        .expect("a file")
        .to_string();
    let raw = run(&["replay", &file, "--json"]).ok();
    // Every object's keys in sorted order, nested records included, as they always were.
    let players = &raw.stdout[raw.stdout.find("\"players\"").expect("players")..];
    for (a, b) in [("\"kind\"", "\"name\""), ("\"name\"", "\"seat\"")] {
        let (i, j) = (players.find(a), players.find(b));
        assert!(i.is_some() && i < j, "{a} before {b}");
    }
    let replayed = raw.json();
    let totals = replayed["result"]["totals"]
        .as_array()
        .expect("match totals");
    assert_eq!(totals.len(), 3, "one total per team: {totals:?}");
    let text = run(&["replay", &file]).ok().stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("Match of 2 games: totals "))
        .unwrap_or_else(|| panic!("a match line:\n{text}"));
    let listed = line
        .trim_start_matches("Match of 2 games: totals ")
        .split(';')
        .next()
        .unwrap_or_default();
    assert_eq!(listed.split(", ").count(), 3, "{line}");
    let sum: i64 = totals.iter().filter_map(Value::as_i64).sum();
    let seat_totals: Vec<i64> = numbers(&v["saved"]["files"][0]["totals"]);
    assert_eq!(seat_totals.len(), 6, "the run's list is per seat");
    assert_eq!(
        seat_totals.iter().sum::<i64>(),
        2 * sum,
        "each seat has its team's"
    );
}

/// SIGTERM (a batch system's time limit, `kill`) stops a run as Ctrl-C does: what was played is
/// printed, every save written is whole (no temporary file left), and the exit status says which
/// signal (128 + 15); a second signal would end it at once.
#[cfg(unix)]
#[test]
fn sigterm_stops_a_run_with_what_it_has() {
    use std::process::{Command, Stdio};
    let dir = TempDir::new("sigterm");
    let child = Command::new(super::bin())
        .args([
            "simulate",
            "kingdomino",
            "--players",
            "4",
            "--games",
            "100000000",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--save",
            &dir.arg(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    // Some games saved first (whole saves: a file being written has another name until done,
    // and one cut by the signal is not kept).
    let started = std::time::Instant::now();
    let whole = |dir: &TempDir| {
        dir.0.read_dir().map_or(0, |d| {
            d.filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
                .count()
        })
    };
    while whole(&dir) < 20 {
        assert!(
            started.elapsed().as_secs() < 60,
            "no game saved in a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    signal(&child, "-TERM");
    let out = child.wait_with_output().expect("waits");
    assert_eq!(out.status.code(), Some(143), "{:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("stopped (Ctrl-C or a signal) after "),
        "{text}"
    );
    let names = dir.names();
    assert!(names.len() >= 20, "{names:?}");
    assert!(
        names.iter().all(|n| n.ends_with(".json")),
        "only whole saves: {names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir.0);
}

/// Bots stop before their next decision when asked to (a search bot's game can take a minute,
/// past a batch system's grace between SIGTERM and SIGKILL): the game in progress is left
/// unfinished, neither counted nor saved.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_bots_within_their_game() {
    use std::process::{Command, Stdio};
    let dir = TempDir::new("sigint-bots");
    // The default search, in a test build: far more than a minute a game.
    let mut child = Command::new(super::bin())
        .args([
            "simulate",
            "kingdomino",
            "--bots",
            "mcts,mcts",
            "--games",
            "2",
            "--jobs",
            "1",
            "--save",
            &dir.arg(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    signal(&child, "-INT");
    // A guard, not a measure: a run that waits for its games to end is killed and fails here.
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed().as_secs() > 120 {
            let _ = child.kill();
            panic!("still playing two minutes after Ctrl-C");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(130), "{status:?}");
    let mut text = String::new();
    if let Some(mut out) = child.stdout.take() {
        use std::io::Read;
        out.read_to_string(&mut text).expect("reads");
    }
    assert!(
        text.starts_with("stopped (Ctrl-C or a signal) after 0 of 2 games"),
        "{text}"
    );
    assert!(dir.names().is_empty(), "{:?}", dir.names());
    let _ = std::fs::remove_dir_all(&dir.0);
}

#[test]
fn a_shard_says_where_its_games_went_on_standard_error() {
    // Standard output is the part file (JSON): the "saved" line goes to standard error.
    let dir = TempDir::new("shard-save");
    let r = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "4",
        "--shard",
        "2/2",
        "--save",
        &dir.arg(),
    ])
    .ok();
    serde_json::from_str::<Value>(r.stdout.trim()).expect("stdout is the part file alone");
    assert!(r.stderr.contains("saved 2 games in"), "{}", r.stderr);
    assert_eq!(dir.names().len(), 2);
}

#[test]
fn replay_says_when_the_queen_changes_hosts() {
    let dir = TempDir::new("queen-news");
    run(&[
        "simulate",
        "queendomino",
        "-p",
        "4",
        "-g",
        "1",
        "--seed",
        "3",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let file = std::fs::read_dir(&dir.0)
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a save");
    let r = run(&["replay".to_string(), file.display().to_string()]).ok();
    assert!(
        r.stdout
            .contains("        The Queen goes to seat 3 (random 3) (the most towers: 1)."),
        "{}",
        r.stdout
    );
    // A module's move told as done, a skip with its step (they read `plays build0@...:
    // Monument 3¢ 5pt at 1,0` and `plays pass`).
    assert!(r.stdout.contains(": Build "), "{}", r.stdout);
    assert!(r.stdout.contains(" for "), "{}", r.stdout);
    assert!(
        r.stdout.contains("plays pass: skip the Build step"),
        "{}",
        r.stdout
    );
    // A step with nothing to choose is said as the terminal's log says it, with the module's
    // reason (it read `skip the Tax step`, as if a tax had been declined).
    assert!(
        r.stdout
            .contains("plays pass: nothing to do in Tax: no knight is left in hand")
            || r.stdout
                .contains("plays pass: nothing to do in Tax: no domino was placed"),
        "{}",
        r.stdout
    );
    // A tie at the most goes to the last to get there (rulebook), and is said to be one.
    assert!(
        r.stdout.contains(
            "        The Queen goes to seat 4 (random 4) (tied on towers at 1: the last to get there)."
        ),
        "{}",
        r.stdout
    );
    // And in the JSON, with each move's `news`.
    let v = run(&[
        "replay".to_string(),
        file.display().to_string(),
        "--json".into(),
    ])
    .ok()
    .json();
    let told: Vec<String> = v["games"][0]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .flat_map(|m| m["news"].as_array().cloned().unwrap_or_default())
        .filter_map(|n| n.as_str().map(str::to_string))
        .collect();
    assert_eq!(
        told.first().map(String::as_str),
        Some("The Queen goes to seat 3 (random 3) (the most towers: 1).")
    );
}

/// A match saved between its games (from the score screen) is unfinished, and `replay` says
/// which game is next and the match's totals so far (it said "round 7, over; nobody to act").
#[test]
fn a_match_saved_between_its_games_is_told_as_such() {
    let session = crate::first_moves_session("dynasty", 2, None);
    let save = session.to_save();
    assert_eq!(save.match_games(), 3);
    assert!(save.between_games());
    let dir = crate::TempDir::new("between-games");
    std::fs::create_dir_all(&dir.0).expect("the folder");
    let path = dir.0.join("between.json");
    crownlands_saves::write_save(&path, &save).expect("written");
    let out = run(&["replay", &path.display().to_string()]).ok().stdout;
    let totals: Vec<String> = session
        .game()
        .seats()
        .map(|p| {
            let side = session.game().side_of(p);
            let seat = p.index() + 1;
            format!(
                "seat {seat} (random {seat}) {}",
                session.game().score_total(side)
            )
        })
        .collect();
    let said = format!(
        "Unfinished: the match stopped after game 1 of 3; game 2 is next. Match totals so far: {}",
        totals.join(", ")
    );
    assert!(out.contains(&said), "{said}\n{out}");
    // Saved in the middle of game 2: its scores so far, and the match's totals of game 1 (it
    // gave the game's scores alone).
    let mut session = session;
    assert!(session.next_game());
    for _ in 0..10 {
        let first = session.game().legal_actions()[0];
        session.apply(first).expect("legal");
    }
    let path = dir.0.join("mid-game.json");
    crownlands_saves::write_save(&path, &session.to_save()).expect("written");
    let out = run(&["replay", &path.display().to_string()]).ok().stdout;
    let said = format!("; match totals of the game before: {}", totals.join(", "));
    assert!(out.contains("Unfinished: game 2 of 3, round "), "{out}");
    assert!(out.contains(&said), "{said}\n{out}");
    // A finished single game is not between games.
    let single = crate::first_moves_session("kingdomino", 2, None);
    assert_eq!(single.to_save().match_games(), 1);
    assert!(!single.to_save().between_games());
}

#[test]
fn replay_and_import_say_when_a_saves_rules_are_not_those_of_its_name() {
    // A save whose embedded rules were edited (Harmony's points, while it is off: the game
    // replays the same) still called itself `kingdomino`, and replay said nothing of it.
    let dir = TempDir::new("edited-rules");
    let save = dir.one_saved_game();
    let text = run(&["replay", &save.display().to_string()]).ok().stdout;
    assert!(!text.contains("its rules, kept in the save"), "{text}");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    for line in v["ruleset"].as_array_mut().unwrap() {
        if line == "harmony = { enabled = false, points = 5 }" {
            *line = Value::from("harmony = { enabled = false, points = 7 }");
        }
    }
    let edited = dir.0.join("edited.json");
    std::fs::write(&edited, v.to_string()).unwrap();
    let text = run(&["replay", &edited.display().to_string()]).ok().stdout;
    assert!(
        text.contains("(its rules, kept in the save, are not those of the ruleset `kingdomino`"),
        "{text}"
    );
    // `analyse` says it too, under its first line.
    let text = run(&[
        "analyse",
        &edited.display().to_string(),
        "--bot",
        "greedy",
        "--samples",
        "1",
    ])
    .ok()
    .stdout;
    assert!(
        text.lines().nth(1).is_some_and(|l| l.starts_with(
            "(its rules, kept in the save, are not those of the ruleset `kingdomino`"
        )),
        "{text}"
    );
    // A name that only reads as `kingdomino` (a zero width joiner, a space at its end), with
    // the shipped rules or edited ones, is said to be another name.
    // A Cyrillic `о` is said as such: the two names print alike.
    for (name, edited_rules) in [
        ("king\u{200d}domino", false),
        ("kingdomino ", true),
        ("kingd\u{43e}mino", false),
    ] {
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        v["ruleset_name"] = Value::from(name);
        for line in v["ruleset"].as_array_mut().unwrap() {
            if line == "name = \"kingdomino\"" {
                *line = Value::from(format!("name = {}", Value::from(name)));
            }
            if edited_rules && line == "harmony = { enabled = false, points = 5 }" {
                *line = Value::from("harmony = { enabled = false, points = 7 }");
            }
        }
        let spoof = dir.0.join("spoof.json");
        std::fs::write(&spoof, v.to_string()).unwrap();
        let text = run(&["replay", &spoof.display().to_string()]).ok().stdout;
        let shown = crownlands_core::text::reveal_invisible(name);
        let rules = if edited_rules {
            "are not those"
        } else {
            "are those"
        };
        // `import` of the game in the notation says it too.
        let cgn = dir.0.join("spoof.cgn").display().to_string();
        let back = dir.0.join("back.json").display().to_string();
        let spoof = spoof.display().to_string();
        run(&["export", &spoof, "-o", &cgn, "--force"]).ok();
        let imported = run(&["import", &cgn, "-o", &back, "--force"]).ok().stdout;
        for said in [
            format!(
                "(its ruleset's name reads as `kingdomino` but is not that name, as written `{shown}`"
            ),
            format!("its rules, kept in the save, {rules} of the ruleset `kingdomino`"),
        ] {
            assert!(text.contains(&said), "{said}\n{text}");
            assert!(imported.contains(&said), "{said}\n{imported}");
        }
        if name.contains('\u{43e}') {
            let letter = "(`\u{43e}` is U+043E, a Cyrillic letter drawn as `o`);";
            assert!(text.contains(letter), "{text}");
        }
    }
}

#[test]
fn a_match_result_that_is_no_object_is_said_to_be_one() {
    // `"result": [1, 2, 3]` was read as the object's fields in order and told "expected a list
    // of at most 16 sides" of its first number.
    let dir = TempDir::new("match-result");
    run(&[
        "simulate",
        "dynasty",
        "-p",
        "3",
        "-g",
        "1",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let save = dir.0.join("dynasty-game-1.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert!(v["result"]["totals"].is_array(), "{}", v["result"]);
    v["result"] = serde_json::json!([1, 2, 3]);
    let bad = dir.0.join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let r = run(&["replay", &bad.display().to_string()]).expect_code(1);
    assert!(
        r.stderr.contains(
            "invalid type: a list, expected the match's result: an object with `totals` and \
             `winners`, or null"
        ),
        "{}",
        r.stderr
    );
}

/// A comparison stopped while bots play counts the same games under both rulesets: a game of
/// the second left unfinished takes back the first's of the same seed.
#[cfg(unix)]
#[test]
fn a_stopped_comparison_with_bots_counts_the_same_games_on_both_sides() {
    use std::process::{Command, Stdio};
    let child = Command::new(super::bin())
        .args([
            "compare",
            "kingdomino",
            "harmony",
            "--bots",
            "greedy,greedy",
            "--games",
            "100000",
            "--jobs",
            "2",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    std::thread::sleep(std::time::Duration::from_millis(2000));
    signal(&child, "-INT");
    let out = child.wait_with_output().expect("waits");
    assert_eq!(out.status.code(), Some(130), "{:?}", out.status);
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["stopped"], true);
    let games = v["games"].as_u64().expect("games");
    for r in 0..2 {
        let counted: u64 = v["rulesets"][r]["bots"]
            .as_array()
            .expect("bots")
            .iter()
            .filter_map(|b| b["games"].as_u64())
            .sum();
        // Two seats of greedy a game, one entry for the bot.
        assert_eq!(counted, 2 * games, "ruleset {r}: {v}");
    }
}

/// Send `child` the signal `sig` (`-INT`, `-TERM`) as a shell's `kill` does.
#[cfg(unix)]
fn signal(child: &std::process::Child, sig: &str) {
    let sent = std::process::Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

/// A save refused before its first move (its embedded ruleset does not load) prints the error
/// alone: no header of players on standard output first, as if the replay had begun.
#[test]
fn a_save_refused_before_its_first_move_prints_no_header() {
    let dir = TempDir::new("replay-refused");
    let save = dir.one_saved_game();
    let text = std::fs::read_to_string(&save).expect("the save");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    // The embedded ruleset, a line a string: an `extends` added, which it may not hold.
    let lines = json["ruleset"]
        .as_array_mut()
        .expect("embedded, a line a string");
    lines.insert(1, Value::String("extends = \"kingdomino\"".into()));
    let bad = dir.file("bad.json", &json.to_string());
    let r = run(&["replay", &bad]).expect_code(1);
    assert_eq!(r.stdout, "", "{}", r.stdout);
    assert!(r.stderr.contains("ruleset"), "{}", r.stderr);
    // A save that replays prints its header first, as before.
    let r = run(&["replay", &save.display().to_string()]).ok();
    assert!(
        r.stdout
            .lines()
            .next()
            .is_some_and(|l| l.contains("kingdomino, 2 players")),
        "{}",
        r.stdout
    );
}

//! `crownlands analyse SAVE`: every decision of a saved game assessed by a bot.

use crate::{TempDir, TempFile, run};
use serde_json::Value;

/// A finished 2-player Kingdomino game between random players, saved in a temp directory.
struct SavedGame(TempDir);

impl SavedGame {
    fn new(tag: &str) -> SavedGame {
        SavedGame::of("kingdomino", tag)
    }

    /// A finished 2-player game of `ruleset` between random players.
    fn of(ruleset: &str, tag: &str) -> SavedGame {
        let dir = TempDir::new(&format!("analyse-{tag}"));
        run(&[
            "simulate",
            ruleset,
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "5",
            "--save",
            &dir.arg(),
        ])
        .ok();
        SavedGame(dir)
    }

    fn file(&self) -> String {
        let name = self
            .0
            .names()
            .into_iter()
            .find(|n| n.ends_with(".json"))
            .expect("a save");
        self.0.0.join(name).display().to_string()
    }
}

/// A Dynasty match of three games between random players (seed 3), saved in a temp directory
/// (kept while the first is held): the directory and the save's path.
fn saved_match(tag: &str) -> (TempDir, String) {
    let dir = TempDir::new(tag);
    run(&[
        "simulate",
        "dynasty",
        "-p",
        "2",
        "-g",
        "1",
        "-s",
        "3",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let file = dir.0.join("dynasty-game-1.json").display().to_string();
    (dir, file)
}

fn analyse_json(file: &str, extra: &[&str]) -> Value {
    let mut args = vec!["analyse", file, "--json"];
    args.extend_from_slice(extra);
    run(&args).ok().json()
}

#[test]
fn every_decision_is_assessed_and_summed_up_per_player() {
    let game = SavedGame::new("shape");
    let file = game.file();
    let v = analyse_json(&file, &["--bot", "greedy", "--samples", "4"]);
    let replay = run(&["replay", &file, "--json"]).ok().json();
    let moves = replay["games"][0]["moves"].as_array().expect("moves").len();
    let decisions = v["decisions"].as_array().expect("decisions");
    assert_eq!(decisions.len(), moves, "one assessment per action played");
    for (i, d) in decisions.iter().enumerate() {
        assert_eq!(d["index"], i + 1);
        assert_eq!(
            d["played"], replay["games"][0]["moves"][i]["token"],
            "the move played, as the notation writes it"
        );
        let (played, best) = (
            d["played_value"].as_f64().expect("played_value"),
            d["best_value"].as_f64().expect("best_value"),
        );
        assert!((0.0..=1.0).contains(&played) && (0.0..=1.0).contains(&best));
        assert!(best >= played, "the best is at least the move played: {d}");
        assert!(d["loss"].as_f64().expect("loss") >= 0.0);
        let side = d["side"].as_u64().expect("side");
        assert!(side == 1 || side == 2);
        let candidates = d["candidates"].as_array().expect("candidates");
        assert_eq!(candidates[0]["action"], d["best"]);
        if d["forced"] == true {
            assert_eq!(d["best"], d["played"]);
        }
    }
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 2);
    for p in players {
        assert!(p["mean_loss"].as_f64().expect("mean_loss") >= 0.0);
        assert!(p["mistakes"].as_array().expect("mistakes").len() <= 3);
    }
    assert_eq!(v["bot"], "greedy");
    assert_eq!(v["finished"], true);
    // The moves in words, as the terminal says them: `claim 12`, `place 12 at 1,0→`.
    for d in decisions {
        let (token, words) = (
            d["played"].as_str().unwrap(),
            d["played_words"].as_str().unwrap(),
        );
        match token.strip_prefix('c') {
            Some(n) => assert_eq!(words, format!("claim {n}")),
            None if token.starts_with('x') => assert!(words.starts_with("discard "), "{words}"),
            None => {
                let (domino, at) = token.split_once(':').expect("a placement");
                let (at, dir) = at.split_at(at.len() - 1);
                let arrow = match dir {
                    "n" => '↑',
                    "e" => '→',
                    "s" => '↓',
                    _ => '←',
                };
                assert_eq!(words, format!("place {domino} at {at}{arrow}"));
            }
        }
    }
    // Why the best is better, where the two differ: what each brings at once.
    assert!(decisions.iter().any(|d| d["why"].is_string()));
    assert!(
        decisions
            .iter()
            .filter(|d| d["played"] == d["best"])
            .all(|d| d["why"].is_null())
    );
}

#[test]
fn an_unfinished_game_is_assessed_as_far_as_it_went_and_said_to_be() {
    let session = crate::first_moves_session("kingdomino", 2, Some(6));
    let dir = crate::TempDir::new("analyse-unfinished");
    std::fs::create_dir_all(&dir.0).expect("the folder");
    let path = dir.0.join("unfinished.json");
    crownlands_saves::write_save(&path, &session.to_save()).expect("written");
    let file = path.display().to_string();
    let out = run(&["analyse", &file, "--bot", "greedy", "--samples", "2"])
        .ok()
        .stdout;
    assert!(
        out.contains("the game is unfinished: its decisions so far are assessed"),
        "{out}"
    );
    let v = analyse_json(&file, &["--bot", "greedy", "--samples", "2"]);
    assert_eq!(v["finished"], false);
    assert_eq!(v["decisions"].as_array().map(Vec::len), Some(6));
    // One move in: the other player has nothing weighed, and says so (not `mean loss 0%`).
    let session = crate::first_moves_session("kingdomino", 2, Some(1));
    crownlands_saves::write_save(&path, &session.to_save()).expect("written");
    let out = run(&["analyse", &file, "--bot", "greedy", "--samples", "2"])
        .ok()
        .stdout;
    assert_eq!(out.matches(": no decision to weigh").count(), 1, "{out}");
    assert_eq!(out.matches("; mean loss ").count(), 1, "{out}");
}

#[test]
fn the_result_does_not_depend_on_the_threads() {
    let game = SavedGame::new("threads");
    let file = game.file();
    let one = analyse_json(
        &file,
        &["--bot", "mcts:40", "--samples", "3", "--jobs", "1"],
    );
    let two = analyse_json(
        &file,
        &["--bot", "mcts:40", "--samples", "3", "--jobs", "2"],
    );
    assert_eq!(one, two);
    let other_seed = analyse_json(
        &file,
        &["--bot", "mcts:40", "--samples", "3", "--seed", "9"],
    );
    assert_eq!(other_seed["seed"], 9);
}

/// A move that gave up win chance for points says the points it gained in the table's loss
/// column (it read `(0.0 pt)`, the loss in points being none).
#[test]
fn a_move_that_gained_points_for_win_chance_says_so_in_the_table() {
    let game = SavedGame::new("gained");
    let file = game.file();
    let v = analyse_json(&file, &["--bot", "greedy", "--samples", "8"]);
    let gained: Vec<(u64, f64)> = v["decisions"]
        .as_array()
        .expect("decisions")
        .iter()
        .filter(|d| d["loss"].as_f64().unwrap_or(0.0) > 0.0)
        .filter_map(|d| {
            let apart = d["played_score"].as_f64()? - d["best_score"].as_f64()?;
            (apart > 0.05).then(|| (d["move"].as_u64().expect("move"), apart))
        })
        .collect();
    assert!(!gained.is_empty(), "the seed's game has such a move");
    let out = run(&["analyse", &file, "--bot", "greedy", "--samples", "8"])
        .ok()
        .stdout;
    for (number, apart) in gained {
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&number.to_string()))
            .unwrap_or_else(|| panic!("move {number}: {out}"));
        assert!(row.ends_with(&format!("({apart:.1} pt more)")), "{row}");
    }
}

#[test]
fn the_text_report_names_the_players_and_their_mistakes() {
    let game = SavedGame::new("text");
    let file = game.file();
    let out = run(&["analyse", &file, "--bot", "greedy", "--samples", "2"])
        .ok()
        .stdout;
    assert!(out.contains("every decision assessed by greedy"), "{out}");
    assert!(out.contains("seat 1 (random 1):"), "{out}");
    assert!(out.contains("seat 2 (random 2):"), "{out}");
    assert!(out.contains("mean loss"), "{out}");
    // A save with the rules of its name: no note under the first line.
    assert!(!out.contains("its rules, kept in the save"), "{out}");
    // `random` ranks as greedy does, and says so.
    let out = run(&["analyse", &file, "--bot", "random", "--samples", "2"])
        .ok()
        .stdout;
    assert!(
        out.contains("assessed by random (its shortlist greedy's: a random bot prefers nothing)"),
        "{out}"
    );
}

#[test]
fn the_legend_names_the_modules_moves() {
    let game = SavedGame::of("queendomino", "queendomino");
    let file = game.file();
    let out = run(&["analyse", &file, "--bot", "greedy", "--samples", "1"])
        .ok()
        .stdout;
    assert!(
        out.contains(
            "pass skips a step; the modules' moves: tax0 (tax), build2@1,-1 (build), burn4 (burn)"
        ),
        "{out}"
    );
}

#[test]
fn bad_options_and_files_are_errors() {
    let game = SavedGame::new("bad");
    let file = game.file();
    let r = run(&["analyse", &file, "--bot", "wizard"]).fails();
    assert!(r.stderr.contains("unknown bot `wizard`"), "{}", r.stderr);
    let r = run(&["analyse", &file, "--samples", "0"]).fails();
    assert!(r.stderr.contains("--samples 0: give 1 to"), "{}", r.stderr);
    let capped = run(&[
        "analyse",
        &file,
        "--bot",
        "greedy",
        "--samples",
        "1",
        "--jobs",
        "10000",
    ])
    .ok();
    assert!(
        capped.stderr.contains("note: --jobs 10000 capped at"),
        "{}",
        capped.stderr
    );
    let r = run(&["analyse", &file, "--jobs", "0"]).fails();
    assert!(
        r.stderr.contains("--jobs 0: give at least 1"),
        "{}",
        r.stderr
    );
    let r = run(&["analyse", &file, "--max-decisions", "0"]).fails();
    assert!(
        r.stderr.contains("--max-decisions 0: give at least 1"),
        "{}",
        r.stderr
    );
    let junk = TempFile::new("junk", "json", "{\"format\": 3");
    let r = run(&["analyse", &junk.arg()]).fails();
    assert!(r.stderr.contains(&junk.arg()), "{}", r.stderr);
    run(&["analyse", "/no/such/save.json"]).fails();
}

#[test]
fn a_save_of_more_decisions_than_the_cap_is_refused_before_any_work() {
    let game = SavedGame::new("cap");
    let file = game.file();
    let r = run(&["analyse", &file, "--max-decisions", "5"]).expect_code(1);
    assert!(r.stderr.contains("decisions to weigh"), "{}", r.stderr);
    assert!(
        r.stderr.contains("; analyse weighs at most 5"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // Within the cap it runs, and counts as the refusal did (the refusal had counted forced
    // moves as decisions: 48 where the analysis said 47 and 1 forced).
    let out = run(&[
        "analyse",
        &file,
        "--bot",
        "greedy",
        "--samples",
        "2",
        "--max-decisions",
        "1000",
    ])
    .ok()
    .stdout;
    let number = |text: &str, before: &str| -> usize {
        text.split(before)
            .next()
            .and_then(|t| t.rsplit([' ', '(']).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    let (mut weighed, mut forced) = (0, 0);
    for line in out.lines().filter(|l| l.contains("; mean loss ")) {
        let head = line.split("; mean loss ").next().unwrap_or_default();
        weighed += number(head, " decision");
        if head.contains("forced move") {
            forced += number(head.split("(and ").nth(1).unwrap_or_default(), " forced");
        }
    }
    let besides = match forced {
        0 => String::new(),
        1 => " (and 1 forced move)".to_string(),
        n => format!(" (and {n} forced moves)"),
    };
    assert!(weighed > 5, "{out}");
    assert!(
        r.stderr
            .contains(&format!("holds {weighed} decisions to weigh{besides};")),
        "{}\n{out}",
        r.stderr
    );
}

#[test]
fn a_save_whose_play_outs_are_too_long_is_refused_before_any_work() {
    // Royal Wedding at 8 players: about 480 moves, 280 left after a decision on average; its
    // 230 or so decisions fit --max-decisions 300, the moves they play out do not (120 each).
    let dir = TempDir::new("analyse-long");
    run(&[
        "simulate",
        "royal-wedding",
        "--players",
        "8",
        "--games",
        "1",
        "--seed",
        "3",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let save = dir.names().into_iter().next().expect("a save");
    let file = dir.0.join(save).display().to_string();
    let r = run(&["analyse", &file, "--max-decisions", "300"]).expect_code(1);
    assert!(r.stderr.contains("decisions plays out"), "{}", r.stderr);
    assert!(
        r.stderr.contains("analyse plays out at most 36000"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    // The count it names lets it run past the check (stopped there: not run to its end here).
    let enough: String = r
        .stderr
        .split(" would do")
        .next()
        .and_then(|t| t.rsplit('(').next())
        .unwrap_or_default()
        .to_string();
    assert!(
        enough.parse::<usize>().is_ok_and(|n| n > 300),
        "{}",
        r.stderr
    );
}

#[test]
fn an_unfinished_save_is_weighed_by_the_game_it_starts() {
    // Ten moves of an 8-player Royal Wedding game (about 480 moves): each decision's play-outs
    // go to the game's end, far past the ten moves the save holds, so --max-decisions 10 (1,200
    // moves played out) does not cover them.
    let session = crate::first_moves_session("royal-wedding", 8, Some(10));
    let dir = crate::TempDir::new("analyse-unfinished-long");
    std::fs::create_dir_all(&dir.0).expect("the folder");
    let path = dir.0.join("unfinished.json");
    crownlands_saves::write_save(&path, &session.to_save()).expect("written");
    let file = path.display().to_string();
    let r = run(&["analyse", &file, "--max-decisions", "10"]).expect_code(1);
    assert!(
        r.stderr.contains("to the end of its match")
            && r.stderr.contains("analyse plays out at most 1200"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
}

#[test]
fn the_note_on_jobs_counts_the_decisions_as_the_refusal_does() {
    // Forced moves (one legal action) are not weighed: the note on --jobs counts the decisions
    // to weigh, as the refusal of too many does, not every move.
    let game = SavedGame::new("jobs-note");
    let file = game.file();
    let r = run(&[
        "analyse",
        &file,
        "--bot",
        "greedy",
        "--samples",
        "1",
        "--jobs",
        "10000",
        "--json",
    ])
    .ok();
    let decisions = r.json()["decisions"].as_array().expect("decisions").clone();
    let weighed = decisions.iter().filter(|d| d["forced"] == false).count();
    assert!(weighed < decisions.len(), "the game has forced moves");
    let note = r
        .stderr
        .lines()
        .find(|l| l.starts_with("note: --jobs 10000 capped at "))
        .unwrap_or_else(|| panic!("{}", r.stderr));
    assert!(
        note.contains(&format!("({weighed} decisions to weigh, ")),
        "{note}"
    );
    let refused = run(&["analyse", &file, "--max-decisions", "1"]).expect_code(1);
    assert!(
        refused
            .stderr
            .contains(&format!("holds {weighed} decisions to weigh (and ")),
        "{}",
        refused.stderr
    );
}

#[test]
fn in_a_match_the_mistakes_say_their_game_and_move() {
    // A Dynasty match of three games: a mistake's index runs over the whole save (63 is game
    // 2's move 15 here); the JSON says the game and the move too, as the text does.
    let (_dir, file) = saved_match("analyse-dynasty");
    let args = ["--bot", "greedy", "--samples", "2"];
    let v = analyse_json(&file, &args);
    let decisions = v["decisions"].as_array().expect("decisions");
    let mut later_games = 0;
    for p in v["players"].as_array().expect("players") {
        let (indices, at) = (
            p["mistakes"].as_array().expect("mistakes"),
            p["mistakes_at"].as_array().expect("mistakes_at"),
        );
        assert_eq!(indices.len(), at.len(), "{p}");
        for (i, m) in indices.iter().zip(at) {
            assert_eq!(&m["index"], i, "{p}");
            let d = &decisions[i.as_u64().expect("index") as usize - 1];
            assert_eq!(
                (&m["game"], &m["move"]),
                (&d["game"], &d["move"]),
                "{m} {d}"
            );
            assert_eq!(m["seat"], d["seat"], "{m}");
            if m["game"] != 1 {
                later_games += 1;
            }
        }
    }
    assert!(later_games > 0, "{v}");
    let mut text_args = vec!["analyse", &file];
    text_args.extend(args);
    let text = run(&text_args).ok().stdout;
    let at = &v["players"][1]["mistakes_at"][0];
    assert!(
        text.contains(&format!("  game {}, move {}: ", at["game"], at["move"])),
        "{text}"
    );
}

#[test]
fn a_match_saved_between_its_games_is_assessed_as_a_match() {
    // The first game of a Dynasty match, saved before the second began: its values are the
    // match's (the later games played out), as for a match played out, and it says the match
    // is unfinished (it said "the game", with a game's words and a round alone).
    let (_dir, file) = saved_match("analyse-between");
    let whole = std::fs::read_to_string(&file).expect("the save");
    let mut save: Value = serde_json::from_str(&whole).expect("JSON");
    save["games"].as_array_mut().expect("games").truncate(1);
    save.as_object_mut().expect("an object").remove("result");
    let between = TempFile::new("analyse-between", "json", &save.to_string());
    let text = run(&[
        "analyse",
        &between.arg(),
        "--bot",
        "greedy",
        "--samples",
        "2",
    ])
    .ok()
    .stdout;
    assert!(
        text.contains("the match is unfinished: its decisions so far are assessed"),
        "{text}"
    );
    assert!(
        text.contains("win: the chance of winning the match"),
        "{text}"
    );
    assert!(text.contains("   1   g1 r0  "), "{text}");
    let v = analyse_json(&between.arg(), &["--bot", "greedy", "--samples", "2"]);
    assert_eq!(v["match"], true, "{v}");
    assert_eq!(v["search_cap_ms"], Value::Null, "{v}");
    assert_eq!(v["finished"], false, "{v}");
}

#[test]
fn in_a_game_of_teams_each_move_names_its_seat_and_each_seat_is_summed_up() {
    // A team's whole name on every row never said which of its players moved, and the summary
    // was the team's alone: a player could not see their own record.
    let dir = TempDir::new("analyse-teams");
    run(&[
        "simulate",
        "royal-wedding-teams",
        "-p",
        "6",
        "-g",
        "1",
        "-s",
        "2",
        "--save",
        &dir.arg(),
    ])
    .ok();
    let name = dir
        .names()
        .into_iter()
        .find(|n| n.ends_with(".json"))
        .expect("a save");
    let file = dir.0.join(name).display().to_string();
    let args = ["--bot", "greedy", "--samples", "2"];
    let text = run(&["analyse", &file, args[0], args[1], args[2], args[3]])
        .ok()
        .stdout;
    assert!(text.contains("  team 1, seat 1 (random 1)  "), "{text}");
    assert!(text.contains("  team 3, seat 6 (random 6)  "), "{text}");
    assert!(
        !text.contains("  team 1 (seats 1+2: random 1, random 2)  "),
        "{text}"
    );
    assert!(
        text.contains("team 2 (seats 3+4: random 3, random 4): "),
        "the team's line stays: {text}"
    );
    assert!(text.contains("\n  seat 3 (random 3): "), "{text}");
    let v = analyse_json(&file, &args);
    for p in v["players"].as_array().expect("players") {
        let seats = p["seats"].as_array().expect("a team's seats");
        assert_eq!(seats.len(), 2, "{p}");
        let sum: u64 = seats
            .iter()
            .map(|s| s["decisions"].as_u64().expect("n"))
            .sum();
        assert_eq!(sum, p["decisions"].as_u64().expect("n"), "{p}");
    }
    // Players of their own have no such list.
    let alone = SavedGame::new("teams-alone");
    let v = analyse_json(&alone.file(), &args);
    assert!(v["players"][0].get("seats").is_none(), "{v}");
}

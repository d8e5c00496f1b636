//! `simulate --dominoes`: each domino, how often it was placed and discarded and how the side
//! that placed it fared; through shards and `merge`, and refused where it cannot be counted.

use super::lab::{json_of, merged};
use super::{TempFile, run};
use serde_json::Value;

#[test]
fn each_domino_is_counted_strongest_first() {
    let args = [
        "simulate",
        "kingdomino",
        "-p",
        "4",
        "-g",
        "400",
        "-s",
        "3",
        "--dominoes",
    ];
    let v = json_of(&args);
    let rows = v["dominoes"].as_array().expect("dominoes");
    assert_eq!(rows.len(), 48, "every domino of the box");
    let share = |r: &Value| r["win_share"].as_f64().expect("a share");
    assert!(
        rows.windows(2).all(|w| share(&w[0]) >= share(&w[1])),
        "best first"
    );
    // At 4 players every domino is dealt each game: placed or discarded.
    for r in rows {
        let dealt = r["placed"].as_f64().expect("placed") + r["discarded"].as_f64().expect("x");
        assert!((dealt - 1.0).abs() < 1e-3, "{r}");
    }
    // The dominoes placed add up to the seats' (10.7 a game each, 48 less the discards).
    let placed: f64 = rows
        .iter()
        .map(|r| r["placed"].as_f64().unwrap_or(0.0))
        .sum();
    let seats: f64 = v["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["mean_dominoes_placed"].as_f64().unwrap_or(0.0))
        .sum();
    assert!((placed - seats).abs() < 0.01, "{placed} {seats}");
    // The 3-crown mine of 48 beats the plain wheat of 13 for the side placing it.
    let of = |n: &str| rows.iter().position(|r| r["domino"] == n).expect("listed");
    assert!(of("48") < of("13"));
    assert_eq!(rows[of("48")]["squares"], "W M3");
    // The text: one row a domino under its heading.
    let text = run(&args).ok().stdout;
    assert!(
        text.contains(
            "dominoes, best for the side that placed it first (a side wins 25.0% on average):"
        ),
        "{text}"
    );
    assert!(text.contains("W M3"), "{text}");
    // Without the flag, none.
    let plain = json_of(&args[..8]);
    assert!(plain.get("dominoes").is_none());
    assert!(!run(&args[..8]).ok().stdout.contains("best for the side"));
}

#[test]
fn shards_of_a_domino_count_merge_to_one_run() {
    let args = [
        "simulate",
        "queendomino",
        "-p",
        "2",
        "-g",
        "30",
        "-s",
        "5",
        "--dominoes",
    ];
    let one = json_of(&args);
    assert_eq!(merged(&args, 3), one);
    // With bots and teams too: a team's side counts once.
    let teams = [
        "simulate",
        "royal-wedding-teams",
        "-b",
        "greedy,random,greedy,random,greedy,random",
        "-g",
        "2",
        "--dominoes",
    ];
    let v = json_of(&teams);
    assert_eq!(
        v["dominoes"].as_array().map(Vec::len),
        Some(96),
        "both boxes"
    );
    assert_eq!(
        v["dominoes"][0]["domino"].as_str().map(|d| d.len() > 1),
        Some(true)
    );
}

#[test]
fn dominoes_are_counted_in_single_games_and_parts_that_agree() {
    let r = run(&["simulate", "dynasty", "-p", "2", "-g", "3", "--dominoes"]).expect_code(1);
    assert!(
        r.stderr
            .contains("--dominoes counts single games; dynasty plays matches of 3 games"),
        "{}",
        r.stderr
    );
    let args = [
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "20",
        "--dominoes",
    ];
    let part = |shard: &str| {
        let mut all = args.to_vec();
        all.extend(["--shard", shard]);
        run(&all).ok().stdout
    };
    let (p1, p2) = (part("1/2"), part("2/2"));
    let refused = |edit: &dyn Fn(&mut Value), says: &str| {
        let mut v: Value = serde_json::from_str(&p1).expect("json");
        edit(&mut v);
        let edited = TempFile::new("dominoes-edited", "json", &v.to_string());
        let other = TempFile::new("dominoes-other", "json", &p2);
        let r = run(&["merge", &edited.arg(), &other.arg()]).expect_code(1);
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    };
    let domino = |v: &mut Value| v["results"]["tallies"][0]["dominoes"][0].clone();
    refused(
        &|v| {
            let mut d = domino(v);
            d["win_units"] = Value::from(d["placed"].as_u64().unwrap_or(0) * 720_720 + 720_720);
            v["results"]["tallies"][0]["dominoes"][0] = d;
        },
        "domino 1: placed or discarded more often than the 10 games, or scores or wins past",
    );
    refused(
        &|v| {
            let mut d = domino(v);
            d["placed"] = Value::from(0);
            d["win_units"] = Value::from(0);
            d["win_sq_units"] = Value::from(0);
            d["score_sum"] = Value::from(0);
            d["score_sq_sum"] = Value::from(0);
            v["results"]["tallies"][0]["dominoes"][0] = d;
        },
        "the dominoes placed do not add up to the seats'",
    );
    // Discards moved from one domino's row to another's stay the games' count; more are not.
    refused(
        &|v| {
            let d = &mut v["results"]["tallies"][0]["dominoes"][1];
            d["discarded"] = Value::from(d["discarded"].as_u64().unwrap_or(0) + 1);
        },
        "the dominoes discarded do not add up to the games' discards",
    );
    refused(
        &|v| v["results"]["tallies"][0]["dominoes"][0]["squares"] = Value::from("W\u{1b}[31m W"),
        "domino 1: a name or squares of more than 64 characters, or with a control",
    );
    refused(
        &|v| {
            v["results"]["tallies"][0]
                .as_object_mut()
                .and_then(|t| t.remove("dominoes"));
        },
        "a part whose dominoes are counted without `--dominoes`",
    );
    // A part of the run without the flag: another run, said so.
    let plain = {
        let mut all = args[..6].to_vec();
        all.extend(["--shard", "2/2"]);
        run(&all).ok().stdout
    };
    let with = TempFile::new("dominoes-with", "json", &p1);
    let without = TempFile::new("dominoes-without", "json", &plain);
    let r = run(&["merge", &with.arg(), &without.arg()]).expect_code(1);
    assert!(
        r.stderr.contains("is of another run than")
            && r.stderr.contains("dominoes counted (--dominoes)")
            && r.stderr.contains("no dominoes counted"),
        "{}",
        r.stderr
    );
}

/// A domino no side placed (half the box is dealt at 2 players) has no figures: `-` and
/// `never placed` in the text, null in JSON, listed last.
#[test]
fn a_domino_never_placed_has_no_figures_and_comes_last() {
    let args = ["simulate", "kingdomino", "-p", "2", "-g", "1", "--dominoes"];
    let v = json_of(&args);
    let rows = v["dominoes"].as_array().expect("dominoes");
    let placed = |r: &Value| r["placed"].as_f64().unwrap_or(0.0) > 0.0;
    let first_unplaced = rows
        .iter()
        .position(|r| !placed(r))
        .expect("some never placed");
    assert!(rows[first_unplaced..].iter().all(|r| !placed(r)), "last");
    for r in &rows[first_unplaced..] {
        assert!(r["win_share"].is_null() && r["mean_score"].is_null(), "{r}");
        assert!(
            r["win_share_ci95"].is_null() && r["mean_score_ci95"].is_null(),
            "{r}"
        );
    }
    assert!(run(&args).ok().stdout.contains("never placed"));
}

/// `compare --dominoes`: each domino both rulesets have, the placing side's win share under A
/// and B and its change, the biggest first (lakes counting double lift the lake dominoes); in
/// JSON too, and through shards; the rulesets' own tables are not printed again.
#[test]
fn compare_gives_each_dominoes_change() {
    let lakes = super::rulesets_dir()
        .join("../docs/house-rules/lakes-double.toml")
        .display()
        .to_string();
    let args = [
        "compare",
        "kingdomino",
        lakes.as_str(),
        "-p",
        "4",
        "-g",
        "1500",
        "--dominoes",
    ];
    let text = run(&args).ok().stdout;
    let head = "dominoes, the placing side's win share under A and B, B - A";
    let at = text.find(head).unwrap_or_else(|| panic!("{text}"));
    let first = text[at..].lines().nth(2).unwrap_or_default();
    assert!(first.contains(" L"), "a lake domino first: {first}");
    assert!(first.contains("%*"), "starred: {first}");
    assert!(
        !text.contains("best for the side that placed it first"),
        "{text}"
    );
    let v = json_of(&args);
    let rows = v["domino_differences"].as_array().expect("differences");
    assert_eq!(rows.len(), 48);
    assert!(rows[0]["squares"].as_str().is_some_and(|s| s.contains('L')));
    assert!(rows[0]["difference"]["estimate"].as_f64().unwrap_or(0.0) > 0.0);
    // Shards merge to the same.
    assert_eq!(
        merged(&args, 2)["domino_differences"],
        v["domino_differences"]
    );
}

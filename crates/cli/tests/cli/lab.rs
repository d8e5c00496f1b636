//! The balance lab: `simulate`/`compare` on any number of threads and shards, `merge`, the
//! HTML report, and Ctrl-C.

use super::{TempDir, TempFile, bin, rulesets_dir, run};
use serde_json::Value;
use std::process::{Command, Stdio};

/// A JSON report without the figures that are timings (they differ from run to run).
pub(super) fn without_timing(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("seconds");
        o.remove("games_per_second");
    }
    let strip_bots = |bots: &mut Value| {
        for b in bots.as_array_mut().into_iter().flatten() {
            if let Some(o) = b.as_object_mut() {
                o.remove("ms_per_decision");
            }
        }
    };
    strip_bots(&mut v["bots"]);
    for r in v["rulesets"].as_array_mut().into_iter().flatten() {
        strip_bots(&mut r["bots"]);
    }
    v
}

pub(super) fn json_of(args: &[&str]) -> Value {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    without_timing(run(&all).ok().json())
}

/// Run `args` as `shards` shards, each into a part file, and merge them (parts given in reverse
/// order: the order does not matter).
pub(super) fn merged(args: &[&str], shards: u64) -> Value {
    let mut parts = Vec::new();
    for k in 1..=shards {
        let shard = format!("{k}/{shards}");
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["--shard", &shard]);
        let out = run(&all).ok();
        let part: Value = out.json();
        assert_eq!(part["format"], "crownlands-lab-part", "{}", out.stdout);
        parts.push(TempFile::new(&format!("part-{k}"), "json", &out.stdout));
    }
    let mut all = vec!["merge".to_string()];
    all.extend(parts.iter().rev().map(TempFile::arg));
    all.push("--json".into());
    without_timing(run(&all).ok().json())
}

/// `args` as two shards merged, the first's bots written as a build from before their bonuses
/// were kept (the bots without `bonuses`).
fn merged_with_an_older_bots_bonuses(args: &[&str]) -> Value {
    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let mut all = args.to_vec();
        all.extend(["--shard", &shard]);
        let mut part: Value = run(&all).ok().json();
        if k == 1 {
            for t in part["results"]["tallies"].as_array_mut().expect("tallies") {
                for b in t["bots"].as_array_mut().expect("bots") {
                    b.as_object_mut().expect("a bot").remove("bonuses");
                }
            }
        }
        parts.push(TempFile::new(
            &format!("older-bonuses-{k}"),
            "json",
            &part.to_string(),
        ));
    }
    run(&["merge", &parts[0].arg(), &parts[1].arg(), "--json"])
        .ok()
        .json()
}

/// `args` as two shards merged, the first written as a build from before `key` was kept (the
/// part without it).
fn merged_with_an_older_part(args: &[&str], key: &str) -> Value {
    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let mut all = args.to_vec();
        all.extend(["--shard", &shard]);
        let mut part: Value = run(&all).ok().json();
        if k == 1 {
            let removed = part["results"].as_object_mut().and_then(|r| r.remove(key));
            assert!(removed.is_some(), "the part keeps {key}");
        }
        parts.push(TempFile::new(
            &format!("older-{key}-{k}"),
            "json",
            &part.to_string(),
        ));
    }
    run(&["merge", &parts[0].arg(), &parts[1].arg(), "--json"])
        .ok()
        .json()
}

#[test]
fn shards_of_random_games_merge_to_one_run() {
    let args = ["simulate", "kingdomino", "-p", "3", "-g", "61", "-s", "9"];
    let one = json_of(&args);
    assert_eq!(one["games"], 61);
    assert_eq!(merged(&args, 4), one);
    assert_eq!(merged(&args, 1), one);
    // A team ruleset, with its team table.
    let args = [
        "simulate",
        "royal-wedding-teams",
        "-p",
        "6",
        "-g",
        "9",
        "-s",
        "2",
    ];
    assert_eq!(merged(&args, 3), json_of(&args));
    // A match ruleset, with bonuses.
    let args = ["simulate", "dynasty", "-p", "2", "-g", "5", "-s", "4"];
    assert_eq!(merged(&args, 2), json_of(&args));
}

#[test]
fn shards_of_bot_games_merge_to_one_run() {
    let args = [
        "simulate",
        "harmony",
        "--bots",
        "greedy,random,random",
        "-g",
        "7",
        "-s",
        "5",
    ];
    let one = json_of(&args);
    assert_eq!(one["bots"][0]["bot"], "greedy");
    assert_eq!(merged(&args, 3), one);
}

#[test]
fn any_number_of_threads_gives_the_same_figures() {
    let base = [
        "simulate",
        "middle-kingdom",
        "-p",
        "4",
        "-g",
        "150",
        "-s",
        "3",
    ];
    let with = |jobs: &str| {
        let mut a = base.to_vec();
        a.extend(["--jobs", jobs]);
        json_of(&a)
    };
    let one = with("1");
    assert_eq!(with("2"), one);
    assert_eq!(with("5"), one);
}

#[test]
fn compare_reports_paired_differences() {
    let args = [
        "compare",
        "kingdomino",
        "harmony",
        "-p",
        "2",
        "-g",
        "300",
        "-s",
        "1",
    ];
    let v = json_of(&args);
    let rulesets = v["rulesets"].as_array().expect("rulesets");
    assert_eq!(rulesets.len(), 2);
    assert_eq!(rulesets[0]["ruleset"], "kingdomino");
    assert_eq!(rulesets[1]["ruleset"], "harmony");
    for r in rulesets {
        let seats = r["seats"].as_array().expect("seats");
        assert_eq!(seats.len(), 2);
        assert!(seats[0]["mean_score"].as_f64().is_some());
        assert!(seats[0]["win_share"].as_f64().is_some());
    }
    let d = v["differences"].as_array().expect("differences");
    assert_eq!(d.len(), 2);
    for (i, seat) in d.iter().enumerate() {
        assert_eq!(seat["seat"], i + 1);
        for what in ["mean_score", "win_share"] {
            let e = &seat[what];
            let (est, low, high) = (
                e["estimate"].as_f64().expect("estimate"),
                e["low"].as_f64().expect("low"),
                e["high"].as_f64().expect("high"),
            );
            assert!(low <= est && est <= high, "{e}");
        }
        // Harmony only adds points, on the same games: every seat scores more on average.
        let score = &seat["mean_score"];
        assert!(
            score["estimate"].as_f64().expect("estimate") > 0.0,
            "{score}"
        );
        assert_eq!(score["significant"], true, "{score}");
    }
    assert_eq!(merged(&args, 3), v, "compare shards merge too");
}

#[test]
fn a_ruleset_compared_with_itself_differs_by_exactly_nothing() {
    let v = json_of(&["compare", "kingdomino", "kingdomino", "-p", "3", "-g", "40"]);
    for seat in v["differences"].as_array().expect("differences") {
        for what in ["mean_score", "win_share"] {
            for k in ["estimate", "low", "high"] {
                assert_eq!(seat[what][k].as_f64(), Some(0.0), "{seat}");
            }
            assert_eq!(seat[what]["significant"], false);
        }
    }
    for d in v["spread_differences"].as_array().expect("spreads") {
        assert_eq!(d.as_f64(), Some(0.0));
    }
    assert_eq!(v["discarded_difference"]["estimate"].as_f64(), Some(0.0));
    assert_eq!(v["discarded_difference"]["significant"], false);
}

#[test]
fn compare_reports_how_often_each_bonus_is_earned_and_its_difference() {
    let v = json_of(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "200"]);
    let bonuses = v["bonus_differences"]
        .as_array()
        .expect("bonus differences");
    let harmony = bonuses
        .iter()
        .find(|b| b["bonus"] == "harmony")
        .expect("harmony, earned only under B");
    let seats = harmony["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 2);
    let rate_b = v["rulesets"][1]["bonuses"][0]["earned"][0]
        .as_f64()
        .expect("B's rate");
    for (i, s) in seats.iter().enumerate() {
        assert_eq!(s["seat"], i + 1);
        let (est, low, high) = (
            s["estimate"].as_f64().expect("estimate"),
            s["low"].as_f64().expect("low"),
            s["high"].as_f64().expect("high"),
        );
        assert!(low <= est && est <= high, "{s}");
        assert!(est >= 0.0, "A has no Harmony: {s}");
        if i == 0 {
            assert!((est - rate_b).abs() < 1e-3, "{s} against {rate_b}");
        }
    }
    let text = run(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "200"])
        .ok()
        .stdout;
    assert!(text.contains("bonus earned, B - A"), "{text}");
    assert!(text.contains("dominoes discarded a game, B - A"), "{text}");
    assert!(text.contains("spread B - A"), "{text}");
    // Each seat's spread with its interval (as for independent runs), in the JSON too.
    let line = text
        .lines()
        .find(|l| l.starts_with("spread B - A"))
        .expect("the spreads");
    assert_eq!(line.matches(" to ").count(), 2, "{line}");
    let v = json_of(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "200"]);
    let intervals = v["spread_intervals"].as_array().expect("spread intervals");
    assert_eq!(intervals.len(), 2);
    for (e, d) in intervals
        .iter()
        .zip(v["spread_differences"].as_array().unwrap())
    {
        let (low, high) = (e["low"].as_f64().unwrap(), e["high"].as_f64().unwrap());
        assert_eq!(&e["estimate"], d);
        assert!(
            low < d.as_f64().unwrap() && d.as_f64().unwrap() < high,
            "{e}"
        );
    }
}

#[test]
fn compare_with_mixed_bots_gives_each_bots_paired_difference() {
    let args = [
        "compare",
        "kingdomino",
        "harmony",
        "--bots",
        "greedy,random,random,random",
        "-g",
        "60",
        "-s",
        "2",
    ];
    let v = json_of(&args);
    let bots = v["bot_differences"].as_array().expect("bot differences");
    assert_eq!(bots.len(), 2);
    assert_eq!(
        (&bots[0]["bot"], &bots[1]["bot"]),
        (&"greedy".into(), &"random".into())
    );
    // Per seat each bot plays: the seats' mean is greedy's seat and random's three.
    let seat_mean: f64 = v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["mean_score"]["estimate"].as_f64().unwrap())
        .sum::<f64>()
        / 4.0;
    let score = |i: usize| bots[i]["mean_score"]["estimate"].as_f64().unwrap();
    assert!(((score(0) + 3.0 * score(1)) / 4.0 - seat_mean).abs() < 2e-3);
    // Harmony gives greedy, which plays for it, more than the random players.
    assert!(score(0) > score(1), "{bots:?}");
    for b in bots {
        let e = &b["win_share"];
        let (low, est, high) = (
            e["low"].as_f64().unwrap(),
            e["estimate"].as_f64().unwrap(),
            e["high"].as_f64().unwrap(),
        );
        assert!(low <= est && est <= high, "{b}");
    }
    let text = run(&args).ok().stdout;
    assert!(text.contains("bot     B - A score  95% interval"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("greedy ")), "{text}");
    // Merged shards give the same, and a part from before the bots were paired gives none.
    assert_eq!(merged(&args, 3)["bot_differences"], v["bot_differences"]);
    let out = merged_with_an_older_part(&args, "paired_bots");
    assert!(out.get("bot_differences").is_none(), "{out}");
    assert_eq!(out["differences"], v["differences"]);
    // Who earns Harmony, bot by bot: greedy plays for it, the random players rarely get it.
    let harmony = v["bot_bonus_differences"]
        .as_array()
        .expect("bonuses by bot")
        .iter()
        .find(|b| b["bonus"] == "harmony")
        .expect("harmony");
    let by = |bot: &str| {
        harmony["bots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["bot"] == bot)
            .and_then(|b| b["estimate"].as_f64())
            .expect(bot)
    };
    assert!(
        by("greedy") > by("random") && by("random") > 0.0,
        "{harmony}"
    );
    // B's own rate for greedy is the difference (A, plain Kingdomino, has no Harmony).
    let rate = v["rulesets"][1]["bots"][0]["bonus_rates"]["harmony"]
        .as_f64()
        .expect("greedy's rate under B");
    assert!((rate - by("greedy")).abs() < 1e-3, "{v}");
    assert!(
        text.contains("bonus earned by bot, B - A in share of its games:"),
        "{text}"
    );
    // A part of an older build (no counts by bot) merged with a newer one: none by bot, rather
    // than half the games' counts over all of them.
    let older = merged_with_an_older_bots_bonuses(&args);
    assert!(older.get("bot_bonus_differences").is_none(), "{older}");
    assert!(
        older["rulesets"][1]["bots"][0]["bonus_rates"].is_null(),
        "{older}"
    );
    // One bot in every seat: the seats' table says it all.
    let same = json_of(&[
        "compare",
        "kingdomino",
        "harmony",
        "--bots",
        "greedy,greedy",
        "-g",
        "4",
    ]);
    assert!(same.get("bot_differences").is_none(), "{same}");
}

#[test]
fn compare_says_how_many_stars_chance_alone_would_give() {
    // Harmony on: its bonus and the scores it adds are starred, among 29 differences tested.
    let text = run(&["compare", "kingdomino", "harmony", "-p", "4", "-g", "2000"])
        .ok()
        .stdout;
    let note = text
        .lines()
        .find(|l| l.contains("differences above"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        note.contains("of the 29 differences above are starred"),
        "{note}"
    );
    assert!(note.contains("(1.4 here)"), "{note}");
    let stars = text
        .lines()
        .take_while(|l| !l.starts_with("A: "))
        .map(|l| l.matches('*').count())
        .sum::<usize>();
    let said: usize = note.split(' ').next().unwrap().parse().unwrap();
    // Every star counted once (the footnote's own `*` aside).
    assert_eq!(said + 1, stars, "{text}");
    // No star among them: nothing said (the same ruleset twice).
    let text = run(&[
        "compare",
        "kingdomino",
        "kingdomino",
        "-p",
        "4",
        "-g",
        "200",
    ])
    .ok()
    .stdout;
    assert!(!text.contains("differences above"), "{text}");
}

#[test]
fn compare_with_bots_rotates_the_same_bots_on_both() {
    let args = [
        "compare",
        "kingdomino",
        "middle-kingdom",
        "--bots",
        "greedy,random",
        "-g",
        "4",
    ];
    let v = json_of(&args);
    assert_eq!(v["bot_list"], serde_json::json!(["greedy", "random"]));
    assert_eq!(merged(&args, 2), v);
    let text = run(&args[..]).ok().stdout;
    assert!(text.contains("(A) and middle-kingdom (B)"), "{text}");
}

#[test]
fn merge_refuses_parts_that_do_not_make_one_run() {
    let part = |args: &[&str], shard: &str| {
        let mut all = args.to_vec();
        all.extend(["--shard", shard]);
        TempFile::new("part", "json", &run(&all).ok().stdout)
    };
    let a = ["simulate", "kingdomino", "-p", "2", "-g", "10"];
    let (p1, p2) = (part(&a, "1/3"), part(&a, "2/3"));
    let r = run(&["merge", &p1.arg(), &p2.arg()]).expect_code(1);
    assert!(r.stderr.contains("missing: 3/3"), "{}", r.stderr);
    let r = run(&["merge", &p1.arg(), &p1.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains(&format!("{} is given twice (shard 1/3)", p1.arg())),
        "{}",
        r.stderr
    );
    // A part cut short (a copy stopped midway) is said so, not as JSON's end of file.
    let whole = std::fs::read_to_string(p2.path()).expect("the part");
    let cut = TempFile::new("cut", "json", &whole[..whole.len() / 2]);
    let r = run(&["merge", &p1.arg(), &cut.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains(&format!("{}: a part file cut short", cut.arg()))
            && !r.stderr.contains("EOF"),
        "{}",
        r.stderr
    );
    let other = part(
        &["simulate", "kingdomino", "-p", "2", "-g", "10", "-s", "2"],
        "3/3",
    );
    let r = run(&["merge", &p1.arg(), &p2.arg(), &other.arg()]).expect_code(1);
    assert!(r.stderr.contains("another run"), "{}", r.stderr);
    // It says what differs, the file named first with its own value first.
    assert!(
        r.stderr
            .contains(&format!("{} is of another run than", other.arg()))
            && r.stderr.contains("seed 2 against 1"),
        "{}",
        r.stderr
    );
    let other = part(&["simulate", "kingdomino", "-p", "3", "-g", "10"], "3/3");
    let r = run(&["merge", &p1.arg(), &p2.arg(), &other.arg()]).expect_code(1);
    assert!(r.stderr.contains("3 players against 2"), "{}", r.stderr);
    let other = part(&a, "3/4");
    let r = run(&["merge", &p1.arg(), &p2.arg(), &other.arg()]).expect_code(1);
    assert!(r.stderr.contains("4 shards against 3"), "{}", r.stderr);
    let junk = TempFile::new("junk", "json", "{\"format\": 3}");
    let r = run(&["merge", &junk.arg()]).expect_code(1);
    assert!(r.stderr.contains("not a part file"), "{}", r.stderr);
    // The place said once, in front; an empty file's at 1:1.
    assert!(!r.stderr.contains(" at line "), "{}", r.stderr);
    let empty = TempFile::new("empty", "json", "");
    let r = run(&["merge", &empty.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(".json:1:1: not a part file"),
        "{}",
        r.stderr
    );
    // A tally whose sums disagree with its histogram (edited by hand) is refused.
    let text = std::fs::read_to_string(p1.path()).expect("part");
    let mut v: Value = serde_json::from_str(&text).expect("json");
    let sum = &mut v["results"]["tallies"][0]["seats"][0]["score_sum"];
    *sum = Value::from(sum.as_i64().expect("sum") + 1);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(r.stderr.contains("do not match"), "{}", r.stderr);
    // One more win than games were played; more dominoes placed than a game holds.
    let mut v: Value = serde_json::from_str(&text).expect("json");
    let units = &mut v["results"]["tallies"][0]["seats"][0]["win_units"];
    *units = Value::from(units.as_u64().expect("units") + 720_720);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(r.stderr.contains("the wins add up to"), "{}", r.stderr);
    let mut v: Value = serde_json::from_str(&text).expect("json");
    v["results"]["tallies"][0]["seats"][1]["placed"] = Value::from(1_000_000_000_000u64);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(r.stderr.contains("more dominoes placed"), "{}", r.stderr);
    // A ruleset name no run writes (a megabyte of it).
    let mut v: Value = serde_json::from_str(&text).expect("json");
    v["results"]["run"]["rulesets"][0]["name"] = Value::from("k".repeat(1 << 20));
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(
        r.stderr.contains("longer than a run writes"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.len() < 2000, "{}", r.stderr.len());
    // A ruleset name with an escape sequence or a bidirectional override (which `--report`'s
    // page and the terminal would show as they are).
    for name in ["<b>\u{1b}]0;pwned\u{7}", "kingdomino\u{202e}"] {
        let mut v: Value = serde_json::from_str(&text).expect("json");
        v["results"]["run"]["rulesets"][0]["name"] = Value::from(name);
        let edited = TempFile::new("edited", "json", &v.to_string());
        let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
        assert!(
            r.stderr.contains("control or invisible character"),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{202e}'));
    }
    // Thousands of bonuses no ruleset has.
    let mut v: Value = serde_json::from_str(&text).expect("json");
    let many: serde_json::Map<String, Value> = (0..2_000)
        .map(|i| (format!("b{i}"), serde_json::json!([1, 1])))
        .collect();
    v["results"]["tallies"][0]["bonuses"] = Value::Object(many);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(r.stderr.contains("more bonuses or bots"), "{}", r.stderr);
    // A bonus named with a new line would print a line of the file's choosing.
    let mut v: Value = serde_json::from_str(&text).expect("json");
    v["results"]["tallies"][0]["bonuses"]["coins\n100000 games: seat 1 wins 100%"] =
        serde_json::json!([1, 1]);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(
        r.stderr.contains("control or invisible character U+000A"),
        "{}",
        r.stderr
    );
    assert!(!r.stdout.contains("wins 100%"), "{}", r.stdout);
    // Past what any run counts, refused while the file is read (not read whole first).
    let mut v: Value = serde_json::from_str(&text).expect("json");
    let many: serde_json::Map<String, Value> = (0..5_000)
        .map(|i| (format!("b{i}"), serde_json::json!([1, 1])))
        .collect();
    v["results"]["tallies"][0]["bonuses"] = Value::Object(many);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains("more bonuses or resources held than a run counts"),
        "{}",
        r.stderr
    );
    let mut v: Value = serde_json::from_str(&text).expect("json");
    v["results"]["tallies"][0]["seats"][0]["score"]["counts"] =
        serde_json::json!(vec![0; (1 << 20) + 1]);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg(), &p2.arg()]).expect_code(1);
    assert!(
        r.stderr.contains("more than 1048576 buckets in a list"),
        "{}",
        r.stderr
    );
    // A run of no game, which no command makes.
    let mut v: Value = serde_json::from_str(&text).expect("json");
    v["results"]["run"]["games"] = Value::from(0);
    let edited = TempFile::new("edited", "json", &v.to_string());
    let r = run(&["merge", &edited.arg()]).expect_code(1);
    assert!(r.stderr.contains("a run of 0 games"), "{}", r.stderr);
    // A byte order mark is accepted, as in every file.
    let bom = TempFile::new("bom", "json", &format!("\u{feff}{text}"));
    let p3 = part(&a, "3/3");
    run(&["merge", &bom.arg(), &p2.arg(), &p3.arg()]).ok();
    for bad in ["0/2", "3/2", "x"] {
        let r = run(&["simulate", "kingdomino", "-p", "2", "--shard", bad]).expect_code(1);
        assert!(r.stderr.contains("give K/N"), "{}", r.stderr);
    }
    // More shards than games: some would play none, and so many part files never gather.
    let r = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "10",
        "--shard",
        "1/18446744073709551615",
    ])
    .expect_code(1);
    assert!(r.stderr.contains("give at most 10 shards"), "{}", r.stderr);
}

/// Parts whose figures contradict each other or the rules are refused, naming the part: a
/// bonus earned more often than games were played, discards no deck deals, paired differences
/// that are not the two rulesets' sums' difference, a bot's margin past any total, a bot's time
/// past a day a decision.
#[test]
fn merge_refuses_parts_that_contradict_themselves() {
    let part = |args: &[&str], shard: &str| {
        let mut all = args.to_vec();
        all.extend(["--shard", shard]);
        run(&all).ok().stdout
    };
    let refused = |text: &str, edit: &dyn Fn(&mut Value), other: &str, says: &str| {
        let mut v: Value = serde_json::from_str(text).expect("json");
        edit(&mut v);
        let edited = TempFile::new("edited", "json", &v.to_string());
        let other = TempFile::new("other", "json", other);
        let r = run(&["merge", &edited.arg(), &other.arg()]).expect_code(1);
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    };
    let cmp = ["compare", "kingdomino", "harmony", "-p", "2", "-g", "20"];
    let (c1, c2) = (part(&cmp, "1/2"), part(&cmp, "2/2"));
    refused(
        &c1,
        &|v| v["results"]["tallies"][1]["bonuses"]["harmony"] = serde_json::json!([60, 2]),
        &c2,
        "earned in more games than were played",
    );
    refused(
        &c1,
        &|v| v["results"]["paired"][0]["score_sum"] = Value::from(-500),
        &c2,
        "the paired differences are not B's sums less A's",
    );
    // The bots' paired differences: B's sums less A's, bot by bot, over at most the games.
    let bot_cmp = [
        "compare",
        "kingdomino",
        "harmony",
        "-b",
        "greedy,random",
        "-g",
        "6",
    ];
    let (k1, k2) = (part(&bot_cmp, "1/2"), part(&bot_cmp, "2/2"));
    refused(
        &k1,
        &|v| v["results"]["paired_bots"][0]["score_sum"] = Value::from(-500),
        &k2,
        "bot greedy: the paired differences are not B's sums less A's",
    );
    refused(
        &k1,
        &|v| v["results"]["paired_bots"][1]["games"] = Value::from(4),
        &k2,
        "bot random: the paired differences are not B's sums less A's",
    );
    // Seats that are not the bot's seat-games (they scale its differences).
    refused(
        &k1,
        &|v| v["results"]["paired_bots"][0]["seats"] = Value::from(5),
        &k2,
        "bot greedy: the paired differences are not B's sums less A's",
    );
    refused(
        &k1,
        &|v| {
            v["results"]["paired_bots"]
                .as_array_mut()
                .expect("paired bots")
                .pop();
        },
        &k2,
        "paired differences of the wrong bots",
    );
    // In teams, the side-games a bot's intervals count: within its seat-games, every team of
    // every game; a part that kept none is of an older build and does not merge with this one's.
    let teams = [
        "simulate",
        "royal-wedding-teams",
        "-b",
        "greedy,greedy,random,random,random,random",
        "-g",
        "4",
    ];
    let (t1, t2) = (part(&teams, "1/2"), part(&teams, "2/2"));
    refused(
        &t1,
        &|v| v["results"]["tallies"][0]["bots"][0]["sides"]["games"] = Value::from(1),
        &t2,
        "bot greedy: 1 side-games (seats squared 8) that do not hold its 4 seat-games",
    );
    refused(
        &t1,
        &|v| {
            for b in v["results"]["tallies"][0]["bots"]
                .as_array_mut()
                .expect("bots")
            {
                b.as_object_mut().expect("a bot").remove("sides");
            }
        },
        &t2,
        "the bots' side-games in teams (parts of different versions of crownlands)",
    );
    // B's bots not A's list (what is said bot by bot pairs them by it).
    refused(
        &k1,
        &|v| {
            let bots = v["results"]["tallies"][1]["bots"]
                .as_array_mut()
                .expect("B's bots");
            bots.swap(0, 1);
        },
        &k2,
        "the two rulesets' bots are not the same list",
    );
    // Squares too small for their sum: a spread of 0 passed off (an interval of no width).
    refused(
        &k1,
        &|v| {
            let seat = &mut v["results"]["paired"][0];
            let sum = seat["score_sum"].as_i64().unwrap_or(0).abs() + 50;
            seat["score_sum"] = Value::from(sum);
            seat["score_sq_sum"] = Value::from(sum);
        },
        &k2,
        "seat 1: the paired differences are not B's sums less A's",
    );
    // The places' paired differences likewise, against the places' own tallies.
    refused(
        &k1,
        &|v| v["results"]["paired_places"][1]["score_sum"] = Value::from(-500),
        &k2,
        "place 2 in the first claims: the paired differences are not B's sums less A's",
    );
    refused(
        &k1,
        &|v| {
            v["results"]["paired_places"]
                .as_array_mut()
                .expect("paired places")
                .push(serde_json::json!({"games": 0, "seats": 0, "score_sum": 0,
                    "score_sq_sum": 0, "win_units": 0, "win_sq_units": 0}));
        },
        &k2,
        "paired differences of the wrong places",
    );
    let sim = ["simulate", "kingdomino", "-p", "2", "-g", "20"];
    let (s1, s2) = (part(&sim, "1/2"), part(&sim, "2/2"));
    refused(
        &s1,
        &|v| {
            let low = &mut v["results"]["tallies"][0]["discarded"]["low"];
            *low = Value::from(low.as_i64().expect("low") + 100);
        },
        &s2,
        "not kingdomino's deck of 24 a game",
    );
    // Squares of what is held below its sums (edited).
    let qd = ["simulate", "queendomino", "-p", "2", "-g", "6"];
    let (q1, q2) = (part(&qd, "1/2"), part(&qd, "2/2"));
    refused(
        &q1,
        &|v| v["results"]["tallies"][0]["held_sq"]["coins"] = serde_json::json!([0, 0]),
        &q2,
        "the resources held do not match their squares",
    );
    // A count of games that is not the shard's (not stopped: edited), and a time out of range.
    refused(
        &s1,
        &|v| v["results"]["games_played"] = Value::from(11),
        &s2,
        "shard 1/2 counts 11 games played where it holds 10 (games 0..10)",
    );
    refused(
        &s1,
        &|v| v["results"]["seconds"] = Value::from(-1.0),
        &s2,
        "a run time of -1 seconds (a run's time is from 0 to 1e9 seconds)",
    );
    refused(
        &s1,
        &|v| v["results"]["seconds"] = Value::from(1e300),
        &s2,
        "a run time of 1e300 seconds",
    );
    // A part of `compare` with one ruleset says how many it names and needs (it had said
    // `wrong number of rulesets`).
    refused(
        &s1,
        &|v| v["results"]["run"]["kind"] = Value::from("compare"),
        &s2,
        "a part of `compare` names 1 ruleset and holds 1 tally, where it has two rulesets and two tallies",
    );
    refused(
        &s1,
        &|v| v["results"]["tallies"][0]["bonuses"]["middle-kingdom"] = serde_json::json!([1, 1]),
        &s2,
        "a bonus `middle-kingdom` that kingdomino does not give",
    );
    let bots = ["simulate", "kingdomino", "-b", "greedy,random", "-g", "4"];
    let (b1, b2) = (part(&bots, "1/2"), part(&bots, "2/2"));
    // A bot's games past every seat of every game, and sums at the edge of what they hold:
    // refused, not overflowed.
    refused(
        &b1,
        &|v| {
            let bot = &mut v["results"]["tallies"][0]["bots"][0];
            bot["games"] = Value::from(u64::MAX);
            bot["score_sum"] = Value::from(i64::MIN);
        },
        &b2,
        "scores or margins past any seat's totals",
    );
    // A bot's bonus earned in more of its games than it played, or bots' counts that are not
    // the seats'.
    let hb = ["simulate", "harmony", "-b", "greedy,random", "-g", "8"];
    let (h1, h2) = (part(&hb, "1/2"), part(&hb, "2/2"));
    refused(
        &h1,
        &|v| v["results"]["tallies"][0]["bots"][0]["bonuses"]["harmony"] = Value::from(99),
        &h2,
        "bot greedy: a bonus earned in more games than it played",
    );
    refused(
        &h1,
        &|v| {
            let bots = &mut v["results"]["tallies"][0]["bots"];
            let n = bots[0]["bonuses"]["harmony"].as_u64().unwrap_or(0)
                + bots[1]["bonuses"]["harmony"].as_u64().unwrap_or(0);
            bots[0]["bonuses"]["harmony"] = Value::from(0);
            bots[1]["bonuses"]["harmony"] = Value::from(n + 1);
        },
        &h2,
        "the bots' bonuses do not add up to the seats'",
    );
    // Margins past any totals.
    refused(
        &h1,
        &|v| {
            let f = &mut v["results"]["tallies"][0]["finishes"];
            f["margin_sum"] = Value::from(u64::MAX);
            f["margin_sq_sum"] = Value::from(u64::MAX);
        },
        &h2,
        "margins past any seats' totals",
    );
    // A bot the run does not list (70,000 characters of it had panicked the bots' table).
    refused(
        &b1,
        &|v| v["results"]["tallies"][0]["bots"][0]["bot"] = Value::from("g".repeat(70_000)),
        &b2,
        "a bot `gggggggggggggggggggggggggggggggggggggggg...` that the run does not list",
    );
    // A resource held with a name no ruleset gives.
    refused(
        &q1,
        &|v| {
            let t = &mut v["results"]["tallies"][0];
            for key in ["held", "held_sq"] {
                let held = t[key].as_object_mut().expect("held");
                let coins = held.remove("coins").expect("coins");
                held.insert("c".repeat(300), coins);
            }
        },
        &q2,
        "more resources held, or longer names, than a run counts",
    );
    // Scores whose squares overflow the sums: refused, not wrapped around (or, in a debug
    // build, a panic).
    refused(
        &s1,
        &|v| {
            let seat = &mut v["results"]["tallies"][0]["seats"][0];
            seat["score"] =
                serde_json::json!({"low": 9_000_000_000_000_000_000i64, "counts": [10]});
        },
        &s2,
        "seat 1: the score sums do not match the histogram",
    );
    refused(
        &b1,
        &|v| v["results"]["tallies"][0]["bots"][0]["margin_sum"] = Value::from(i64::MIN),
        &b2,
        "scores or margins past any seat's totals",
    );
    refused(
        &b1,
        &|v| v["results"]["tallies"][0]["bots"][0]["nanos"] = Value::from(u64::MAX),
        &b2,
        "more than a day a decision",
    );
    refused(
        &b1,
        &|v| {
            let games = &mut v["results"]["tallies"][0]["first_claims"][0]["games"];
            *games = Value::from(games.as_u64().expect("games") + 1);
        },
        &b2,
        "the first claims' places do not add up to the games",
    );
    // A part of an older build (no first claims) with a newer one's.
    refused(
        &b1,
        &|v| {
            if let Some(t) = v["results"]["tallies"][0].as_object_mut() {
                t.remove("first_claims");
            }
        },
        &b2,
        "parts of different versions of crownlands",
    );
    // A run's bots are one a seat, each a level: a list of another length or a level no bot
    // has is refused, the same edit made to both parts (else they would merely differ).
    for (bots, says) in [
        (
            serde_json::json!(["greedy", "random", "greedy"]),
            "3 bots for 2 players",
        ),
        (
            // Refused as it is read, at the 17th: never held whole (16.7 million names of a
            // 64 MiB part took a gigabyte).
            serde_json::json!(vec!["greedy"; 100_000]),
            "more than 16 seats in a list",
        ),
        (
            serde_json::json!(["not a bot", "greedy"]),
            "the bot of seat 1:",
        ),
    ] {
        let edit = |text: &str| {
            let mut v: Value = serde_json::from_str(text).expect("json");
            v["results"]["run"]["bots"] = bots.clone();
            TempFile::new("edited", "json", &v.to_string())
        };
        let (e1, e2) = (edit(&b1), edit(&b2));
        let r = run(&["merge", &e1.arg(), &e2.arg()]).expect_code(1);
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
        assert!(r.stderr.len() < 1000, "{}", r.stderr.len());
    }
    // Every list of a part is read up to what a run holds: one item a seat, one a ruleset.
    let other = TempFile::new("other", "json", &b2);
    for (path, long, says) in [
        (
            "/results/tallies/0/seats",
            17,
            "more than 16 seats in a list",
        ),
        (
            "/results/tallies/0/seat_side",
            17,
            "more than 16 seats in a list",
        ),
        ("/results/run/rulesets", 3, "more than 2 rulesets in a list"),
        ("/results/tallies", 3, "more than 2 rulesets in a list"),
    ] {
        let mut v: Value = serde_json::from_str(&b1).expect("json");
        let item = v.pointer(&format!("{path}/0")).expect(path).clone();
        *v.pointer_mut(path).expect(path) = Value::Array(vec![item; long]);
        let e1 = TempFile::new("edited", "json", &v.to_string());
        let r = run(&["merge", &e1.arg(), &other.arg()]).expect_code(1);
        assert!(r.stderr.contains(says), "{path}: {}", r.stderr);
    }
    // A part's format is quoted as the file's words are: one line, cut short.
    for format in [
        "x\nerror: a line of the file's own".to_string(),
        "A".repeat(100_000),
    ] {
        let mut v: Value = serde_json::from_str(&b1).expect("json");
        v["format"] = Value::from(format);
        let e1 = TempFile::new("edited", "json", &v.to_string());
        let r = run(&["merge", &e1.arg(), &other.arg()]).expect_code(1);
        assert_eq!(r.stderr.trim_end().lines().count(), 1, "{}", r.stderr);
        assert!(
            r.stderr.contains("expected crownlands-lab-part"),
            "{}",
            r.stderr
        );
        assert!(r.stderr.len() < 300, "{}", r.stderr.len());
    }
}

/// The start and end tags of an HTML page balance (void elements aside), and the page holds
/// no address and no script.
fn check_page(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
    for banned in ["http://", "https://", "src=", "href=", "<script", "url("] {
        assert!(!page.contains(banned), "the page holds `{banned}`");
    }
    let void = ["meta", "br", "img", "hr", "link", "input"];
    let mut open: Vec<String> = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("a tag is closed");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        let self_closing = tag.ends_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect::<String>()
            .to_ascii_lowercase();
        assert!(!name.is_empty(), "a tag without a name: <{tag}>");
        if tag.starts_with('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.as_str()),
                "</{name}> closes"
            );
        } else if !self_closing && !void.contains(&name.as_str()) {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
}

/// The words of the chart titled `title` on a report page (its axes' names and ticks).
fn chart_texts<'a>(html: &'a str, title: &str) -> Vec<&'a str> {
    let chart = html
        .split("<svg")
        .find(|c| c.contains(title))
        .unwrap_or_else(|| panic!("no chart `{title}`"));
    chart
        .split("<text")
        .filter_map(|t| t.split('>').nth(1))
        .map(|t| t.split('<').next().unwrap_or("").trim())
        .collect()
}

/// The page `args` (a `simulate` or `compare` command) write with `--report`, checked to be
/// a self-contained page, and the run's output.
fn report_of(tag: &str, args: &[&str]) -> (String, super::Run) {
    let page = TempFile::new(tag, "html", "");
    let mut all: Vec<&str> = args.to_vec();
    let arg = page.arg();
    all.extend(["--report", &arg, "--force"]);
    let r = run(&all).ok();
    let html = std::fs::read_to_string(page.path()).expect("report");
    check_page(&html);
    (html, r)
}

/// `simulate --bots` with bots of two kinds: the page charts each bot's win share and mean
/// score (a seat mixes the bots taking turns in it), each bot named on the axis.
#[test]
fn a_report_of_bots_charts_each_bot() {
    let (html, _) = report_of(
        "report-bots",
        &[
            "simulate",
            "kingdomino",
            "--bots",
            "greedy,random",
            "-g",
            "20",
        ],
    );
    for title in [
        "Win share per bot (95% intervals",
        "Mean score per bot (95% intervals",
    ] {
        let texts = chart_texts(&html, title);
        assert!(
            texts.contains(&"greedy") && texts.contains(&"random") && texts.contains(&"bot"),
            "{texts:?}"
        );
    }
}

#[test]
fn reports_are_self_contained_pages_with_charts() {
    let (html, r) = report_of("report", &["simulate", "harmony", "-p", "3", "-g", "50"]);
    assert!(r.stdout.contains("report written to"), "{}", r.stdout);
    assert!(html.matches("<svg").count() >= 3, "charts");
    assert!(html.contains("Score distribution per seat"));
    assert!(html.contains("Win share per seat"));
    // Without bots of two kinds, no chart per bot (one bot in every seat is the seats').
    assert!(!html.contains("per bot"));
    assert!(
        html.contains("50 games of harmony with 3 random players"),
        "the summary"
    );
    let (html, _) = report_of(
        "compare",
        &[
            "compare",
            "kingdomino",
            "middle-kingdom",
            "-p",
            "2",
            "-g",
            "30",
        ],
    );
    assert!(html.matches("<svg").count() >= 5, "charts");
    assert!(html.contains("Differences B - A"));
    // The answer in one line, as the text gives it first.
    assert!(
        html.contains("<p><strong>In short, under B: "),
        "the answer"
    );
    // The legends and the distributions say which ruleset is A and which B.
    assert!(html.contains("A: kingdomino") && html.contains("B: middle-kingdom"));
    // Every seat named on the seat axis of the win shares (it named every other one).
    let texts = chart_texts(&html, "Win share per seat (95% intervals)");
    assert!(texts.contains(&"1") && texts.contains(&"2"), "{texts:?}");
    // By the place in the first claims (seat 1 is not the first to claim): each ruleset's,
    // and B - A, paired, each place named on its axis.
    let texts = chart_texts(
        &html,
        "Win share by the place in the first claims (95% intervals)",
    );
    assert!(
        texts.contains(&"place in the first claims (1 first)") && texts.contains(&"2"),
        "{texts:?}"
    );
    chart_texts(
        &html,
        "Win share difference by the place in the first claims (paired 95% intervals)",
    );
    // With bots of two kinds, the differences per bot too, each bot named on its axis.
    let (html, _) = report_of(
        "compare-bots",
        &[
            "compare",
            "kingdomino",
            "harmony",
            "--bots",
            "greedy,random",
            "-g",
            "30",
        ],
    );
    let texts = chart_texts(&html, "Win share difference per bot");
    assert!(
        texts.contains(&"greedy") && texts.contains(&"random") && texts.contains(&"bot"),
        "{texts:?}"
    );
    assert!(html.contains("Mean score difference per bot"));
    // Each ruleset's bots' own win shares and scores, side by side.
    let chart = html
        .split("<svg")
        .find(|c| c.contains("Win share per bot (95% intervals"))
        .expect("the bots' win shares");
    assert!(chart.contains("A: kingdomino") && chart.contains("B: harmony"));
    assert!(html.contains("Mean score per bot (95% intervals"));
    // merge writes the same page.
    let part = TempFile::new(
        "part",
        "json",
        &run(&[
            "simulate",
            "kingdomino",
            "-p",
            "2",
            "-g",
            "20",
            "--shard",
            "1/1",
        ])
        .ok()
        .stdout,
    );
    let page = TempFile::new("merged", "html", "");
    run(&["merge", &part.arg(), "--report", &page.arg(), "--force"]).ok();
    check_page(&std::fs::read_to_string(page.path()).expect("report"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_played() {
    let child = Command::new(bin())
        .args([
            "simulate",
            "kingdomino",
            "-p",
            "4",
            "-g",
            "100000000",
            "--json",
        ])
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let out = child.wait_with_output().expect("wait");
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON of the games played");
    assert_eq!(v["stopped"], true);
    let games = v["games"].as_u64().expect("games");
    assert!(games > 0 && games < 100_000_000, "{games}");
    let shares: f64 = v["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter_map(|s| s["win_share"].as_f64())
        .sum();
    assert!((shares - 1.0).abs() < 1e-3, "{shares}");
}

#[test]
fn compare_in_teams_reports_each_team() {
    let v = json_of(&[
        "compare",
        "royal-wedding-teams",
        "royal-wedding-teams",
        "-p",
        "6",
        "-g",
        "6",
    ]);
    let teams = v["team_differences"].as_array().expect("team differences");
    assert_eq!(teams.len(), 3);
    for (k, t) in teams.iter().enumerate() {
        assert_eq!(t["team"], k + 1);
        assert_eq!(t["seats"], serde_json::json!([2 * k + 1, 2 * k + 2]));
        assert_eq!(t["mean_score"]["estimate"].as_f64(), Some(0.0));
    }
    let solo = json_of(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "4"]);
    assert!(solo.get("team_differences").is_none());
}

#[test]
fn a_report_replaces_nothing_unasked_and_is_checked_before_the_games() {
    let dir = TempDir::new("report-checks");
    std::fs::create_dir_all(&dir.0).expect("mkdir");
    let rules = dir.0.join("mine.toml");
    std::fs::copy(rulesets_dir().join("kingdomino.toml"), &rules).expect("copy");
    let original = std::fs::read(&rules).expect("ruleset");
    let rules_arg = rules.display().to_string();
    let simulate = |report: &str, more: &[&str]| {
        let mut args = vec![
            "simulate",
            rules_arg.as_str(),
            "-p",
            "2",
            "-g",
            "2",
            "--report",
            report,
        ];
        args.extend_from_slice(more);
        run(&args)
    };
    // The ruleset being played, even with --force.
    let r = simulate(&rules_arg, &["--force"]).fails();
    assert!(
        r.stderr.contains("it is the file being read"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(&rules).expect("ruleset"), original);
    // An existing file, without --force; a link; a folder that is not there: refused before
    // any game is played (no statistics printed).
    let old = dir.0.join("old.html");
    std::fs::write(&old, "old").expect("write");
    // (Not a report: said so at once, `--force` or not, not "give --force", which would not do.)
    let r = simulate(&old.display().to_string(), &[]).fails();
    assert!(
        r.stderr
            .contains("it exists and is not an HTML report Crownlands wrote"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert_eq!(std::fs::read_to_string(&old).expect("old"), "old");
    let page = dir.0.join("page.html");
    let written = format!(
        "{}<title>an earlier run</title>\n",
        crownlands_saves::REPORT_HEAD
    );
    std::fs::write(&page, &written).expect("write");
    let r = simulate(&page.display().to_string(), &[]).fails();
    assert!(r.stderr.contains("give --force"), "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert_eq!(std::fs::read_to_string(&page).expect("page"), written);
    #[cfg(unix)]
    {
        let link = dir.0.join("link.html");
        std::os::unix::fs::symlink(&old, &link).expect("symlink");
        let r = simulate(&link.display().to_string(), &["--force"]).fails();
        assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
        assert_eq!(std::fs::read_to_string(&old).expect("old"), "old");
    }
    let missing = dir.0.join("nowhere/x.html");
    let r = simulate(&missing.display().to_string(), &[]).fails();
    assert!(r.stderr.contains("does not exist"), "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    let under_a_file = old.join("x.html");
    let r = simulate(&under_a_file.display().to_string(), &[]).fails();
    assert!(r.stderr.contains("is not a folder"), "{}", r.stderr);
    // A file the ruleset is read from through `extends` or `add-sets`, even with --force.
    let child = dir.0.join("child.toml");
    std::fs::write(
        &child,
        "extends = \"mine.toml\"\nadd-sets = [\"volcano.toml\"]\n",
    )
    .expect("child");
    std::fs::copy(
        rulesets_dir().join("sets/volcano.toml"),
        dir.0.join("volcano.toml"),
    )
    .expect("set");
    let set_before = std::fs::read(dir.0.join("volcano.toml")).expect("set");
    for target in [rules.clone(), dir.0.join("volcano.toml")] {
        let r = run(&[
            "simulate",
            child.to_str().unwrap(),
            "-p",
            "2",
            "-g",
            "2",
            "--report",
            target.to_str().unwrap(),
            "--force",
        ])
        .fails();
        assert!(
            r.stderr.contains("it is the file being read"),
            "{}",
            r.stderr
        );
    }
    assert_eq!(std::fs::read(&rules).expect("ruleset"), original);
    assert_eq!(
        std::fs::read(dir.0.join("volcano.toml")).expect("set"),
        set_before
    );
    // With --force an existing page is replaced, but only a page: not another file (a
    // ruleset, `/etc/passwd` given by a slip), which stays as it was.
    let r = simulate(&old.display().to_string(), &["--force"]).fails();
    assert!(
        r.stderr
            .contains("it exists and is not an HTML report Crownlands wrote; --force replaces only an HTML report"),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout.is_empty(),
        "refused before the games: {}",
        r.stdout
    );
    assert_eq!(std::fs::read_to_string(&old).expect("old"), "old");
    let other = dir.0.join("other.toml");
    std::fs::copy(&rules, &other).expect("copy");
    simulate(&other.display().to_string(), &["--force"]).fails();
    assert_eq!(std::fs::read(&other).expect("copy"), original);
    // An empty file, and a page written before, are replaced.
    std::fs::write(&old, "").expect("empty");
    simulate(&old.display().to_string(), &["--force"]).ok();
    let r = simulate(&old.display().to_string(), &["--force"]).ok();
    assert!(r.stdout.contains("report written to"), "{}", r.stdout);
    assert!(
        std::fs::read_to_string(&old)
            .expect("page")
            .starts_with("<!DOCTYPE html>")
    );
    // --force means nothing without --report.
    run(&["simulate", "kingdomino", "-p", "2", "-g", "1", "--force"]).fails();
}

#[test]
fn merge_reads_only_regular_part_files() {
    let r = run(&["merge", "/dev/null"]).fails();
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
}

#[test]
fn a_match_ruleset_compared_with_a_single_game_one_is_per_game_on_both_sides() {
    let compare = |games: &str, json: bool| {
        let mut args = vec![
            "compare",
            "kingdomino",
            "dynasty",
            "--players",
            "2",
            "--games",
            games,
            "--seed",
            "1",
            "--jobs",
            "1",
        ];
        if json {
            args.push("--json");
        }
        run(&args).ok()
    };
    let v = compare("30", true).json();
    // Each ruleset says its match length; the run as a whole has none.
    assert_eq!(v["rulesets"][0]["games_per_match"], 1);
    assert_eq!(v["rulesets"][1]["games_per_match"], 3);
    assert!(v["games_per_match"].is_null(), "{}", v["games_per_match"]);
    // Figures in points of unlike totals are said, not compared, as the text says: never
    // significant, and marked so (30 seeds: each would be).
    assert_eq!(v["scores_compared"], false);
    let not_compared = |e: &serde_json::Value| {
        assert_eq!(e["significant"], false, "{e}");
        assert_eq!(e["compared"], false, "{e}");
    };
    for d in v["differences"].as_array().unwrap() {
        not_compared(&d["mean_score"]);
        assert!(d["win_share"]["compared"].is_null(), "{d}");
    }
    for e in v["spread_intervals"].as_array().unwrap() {
        not_compared(e);
    }
    not_compared(&v["finish_differences"]["winner_margin"]);
    let same = run(&[
        "compare",
        "kingdomino",
        "harmony",
        "-p",
        "2",
        "-g",
        "4",
        "--json",
    ])
    .ok()
    .json();
    assert_eq!(same["scores_compared"], true);
    assert!(same["differences"][0]["mean_score"]["compared"].is_null());
    let a = v["rulesets"][0]["mean_dominoes_discarded"]
        .as_f64()
        .unwrap();
    let b = v["rulesets"][1]["mean_dominoes_discarded"]
        .as_f64()
        .unwrap();
    let d = v["discarded_difference"]["estimate"].as_f64().unwrap();
    assert!(
        (d - (b - a)).abs() < 1e-3,
        "{d} is not {b} - {a} (each rounded to 4 places)"
    );
    for bonus in v["bonus_differences"].as_array().unwrap() {
        assert!(
            bonus["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["estimate"].as_f64().unwrap().abs() <= 1.0),
            "a share of games: {bonus}"
        );
    }
    let text = compare("5", false);
    assert!(
        text.stdout
            .contains("note: A plays one game a seed, B a match of 3 games"),
        "{}",
        text.stdout
    );
    // Runs of different lengths are counted by their seeds, and no score difference is starred
    // (their totals are not compared).
    assert!(
        text.stdout
            .starts_with("5 seeds of kingdomino (A) and dynasty (B)"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout
            .contains("the scores not compared (a match's totals against a game's)"),
        "{}",
        text.stdout
    );
    for row in text.stdout.lines().filter(|l| l.starts_with("   ")) {
        let score_cell = row.get(25..34).unwrap_or("");
        assert!(!score_cell.contains('*'), "{row}");
    }
    // Nor the spreads and the winner's margin, points of unlike totals too: said, not starred,
    // not counted among the differences tested (200 seeds: each would be starred).
    let text = compare("200", false);
    let line = |start: &str| {
        text.stdout
            .lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start}: {}", text.stdout))
            .to_string()
    };
    let spread = line("spread B - A");
    assert!(
        spread.ends_with("(not compared)") && !spread.contains('*'),
        "{spread}"
    );
    let margin = line("games and matches, B - A: the winner's margin over the next side");
    assert!(
        margin.contains("(not compared); the top total tied"),
        "{margin}"
    );
    assert!(
        !text.stdout.contains("(from the paired games) leaves out 0"),
        "{}",
        text.stdout
    );
    // Two matches of different lengths: said as such.
    let dir = crate::TempDir::new("match-lengths");
    let five = dir.file(
        "five.toml",
        "extends = \"dynasty\"\nname = \"five\"\n[rules]\nmatch-games = 5\n",
    );
    let text = run(&[
        "compare", "dynasty", &five, "-p", "2", "-g", "6", "--jobs", "1",
    ])
    .ok()
    .stdout;
    assert!(
        text.starts_with("6 seeds of dynasty (A) and five (B)")
            && text.contains("the scores not compared (totals over matches of different lengths)"),
        "{text}"
    );
}

#[test]
fn players_may_be_left_out_for_a_ruleset_of_one_player_count() {
    // Mighty Duel is for 2 players only: all random at 2.
    let text = run(&["simulate", "mighty-duel", "-g", "4"]).ok().stdout;
    assert!(text.contains("with 2 random players"), "{text}");
    let text = run(&["compare", "kingdomino", "mighty-duel", "-g", "4"])
        .ok()
        .stdout;
    assert!(text.contains("with 2 random players"), "{text}");
    // Kingdomino allows 2, 3 and 4: which is asked, with the counts.
    let r = run(&["simulate", "kingdomino", "-g", "4"]).expect_code(1);
    assert!(
        r.stderr
            .contains("give --players N (all random) or --bots LIST (the rules allow 2, 3, 4)"),
        "{}",
        r.stderr
    );
}

#[test]
fn simulate_tells_how_sides_fare_by_their_place_in_the_first_claims() {
    // Seat 1 is not the first to claim in Kingdomino (the first claims are drawn): the place a
    // side claimed the first line in is counted on its own, every seat of every game once.
    let args = [
        "simulate",
        "kingdomino",
        "-b",
        "greedy,greedy,greedy,greedy",
        "-g",
        "200",
        "-s",
        "9",
    ];
    let one = json_of(&args);
    let places = one["first_claims"].as_array().expect("first_claims");
    assert_eq!(places.len(), 4, "{one}");
    let seat_games: u64 = places
        .iter()
        .map(|p| p["seat_games"].as_u64().expect("seat_games"))
        .sum();
    assert_eq!(seat_games, 4 * 200);
    let shares: f64 = places
        .iter()
        .map(|p| p["win_share"].as_f64().expect("win_share"))
        .sum();
    assert!((shares - 1.0).abs() < 0.01, "{shares}");
    // Shards add up to the same figures.
    assert_eq!(merged(&args, 3), one);
    // In text too; a match (whose games each draw their own order) has none.
    let text = run(&args[..]).ok().stdout;
    assert!(
        text.contains("by the place the side claimed the first line in (1 first): 1 wins "),
        "{text}"
    );
    let dynasty = run(&["simulate", "dynasty", "-p", "2", "-g", "5"])
        .ok()
        .stdout;
    assert!(!dynasty.contains("by the place"), "{dynasty}");
}

#[test]
fn matches_of_different_lengths_are_said_to_be_compared_so() {
    // Dynasty (3 games) against a 2-game match: it said "a match's totals with a game's".
    let two = TempFile::new(
        "two-games",
        "toml",
        "extends = \"dynasty\"\nname = \"two-games\"\n[rules]\nmatch-games = 2\n",
    );
    let r = run(&["compare", "dynasty", &two.arg(), "-p", "2", "-g", "4"]).ok();
    assert!(
        r.stdout.contains(
            "A plays a match of 3 games a seed, B a match of 2 games: the scores and wins below compare totals over matches of different lengths"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn what_the_sides_hold_at_the_end_is_told_and_merges() {
    // Coins, knights, towers, the Queen's host: what a Queendomino designer asks of a run.
    let args = ["simulate", "queendomino", "-p", "4", "-g", "40", "-s", "3"];
    let one = json_of(&args);
    let held = one["held"].as_array().expect("held");
    let coins = held
        .iter()
        .find(|h| h["resource"] == "coins")
        .expect("coins held");
    assert_eq!(coins["mean"].as_array().map(Vec::len), Some(4));
    assert!(held.iter().any(|h| h["resource"] == "towers"), "{held:?}");
    // Shards add up to the same means.
    assert_eq!(merged(&args, 3), one);
    // In words, after the bonuses.
    let r = run(&args).ok();
    assert!(
        r.stdout
            .contains("held at the end of a game (mean, seat 1 first): coins "),
        "{}",
        r.stdout
    );
    // Kingdomino keeps nothing: nothing said.
    let k = json_of(&["simulate", "kingdomino", "-p", "2", "-g", "10"]);
    assert_eq!(k["held"].as_array().map(Vec::len), Some(0));
}

#[test]
fn how_the_games_were_won_is_told_and_merges() {
    // Ties at the top, shared wins and the winner's margin: what a tie-break house rule asks.
    let args = [
        "simulate",
        "kingdomino",
        "-b",
        "greedy,greedy",
        "-g",
        "300",
        "-s",
        "2",
    ];
    let one = json_of(&args);
    let f = &one["finishes"];
    let share = |k: &str| f[k]["estimate"].as_f64().expect(k);
    assert!(share("tied_top") > 0.0, "{f}");
    assert!(
        (share("tied_top") - share("decided_by_tie_break") - share("shared")).abs() < 1e-3,
        "{f}"
    );
    let margin = &f["winner_margin"];
    let (m, low) = (
        margin["estimate"].as_f64().expect("m"),
        margin["ci95"][0].as_f64().expect("low"),
    );
    assert!(m > 0.0 && low <= m, "{f}");
    assert_eq!(merged(&args, 3), one);
    let r = run(&args).ok();
    assert!(
        r.stdout.contains("games: the top total tied in ")
            && r.stdout.contains("the winner's margin over the next side "),
        "{}",
        r.stdout
    );
    // Both rulesets' in a comparison, and B - A: the margins' and the ties' differences.
    let c = json_of(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "20"]);
    for r in c["rulesets"].as_array().expect("rulesets") {
        assert!(r["finishes"]["shared"]["estimate"].is_number(), "{r}");
    }
    let own = |k: usize, key: &str| {
        c["rulesets"][k]["finishes"][key]["estimate"]
            .as_f64()
            .expect(key)
    };
    let d = &c["finish_differences"];
    let dm = d["winner_margin"]["estimate"].as_f64().expect("margin");
    assert!(
        (dm - (own(1, "winner_margin") - own(0, "winner_margin"))).abs() < 2e-3,
        "{c}"
    );
    let dt = d["tied_top"]["estimate"].as_f64().expect("ties");
    assert!(
        (dt - (own(1, "tied_top") - own(0, "tied_top"))).abs() < 2e-3,
        "{c}"
    );
    // Decided by a tie-break and shared, B - A: a house rule's tie-breaks show there.
    for (diff, key) in [
        ("decided_by_tie_break", "decided_by_tie_break"),
        ("shared", "shared"),
    ] {
        let dd = d[diff]["estimate"].as_f64().expect(diff);
        assert!((dd - (own(1, key) - own(0, key))).abs() < 2e-3, "{c}");
    }
    let text = run(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "20"])
        .ok()
        .stdout;
    assert!(
        text.contains("games, B - A: the winner's margin over the next side "),
        "{text}"
    );
    // The discards' difference split as each ruleset's own line splits them.
    let line = text
        .lines()
        .find(|l| l.starts_with("dominoes discarded a game, B - A: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains(" (left unclaimed in a line +0.00, not placed "),
        "{line}"
    );
}

#[test]
fn the_discards_are_split_into_left_unclaimed_and_not_placeable() {
    // Three players take 3 of each line of 4: 12 left a game, the rest fitted nowhere.
    let args = ["simulate", "kingdomino", "-p", "3", "-g", "60", "-s", "4"];
    let v = json_of(&args);
    let d = &v["discards"];
    assert_eq!(d["left_unclaimed"].as_f64(), Some(12.0), "{d}");
    let all = v["mean_dominoes_discarded"].as_f64().expect("discarded");
    let not_placeable = d["not_placeable"].as_f64().expect("not placeable");
    assert!((all - 12.0 - not_placeable).abs() < 1e-3, "{v}");
    assert_eq!(merged(&args, 3), v);
    assert!(
        run(&args).ok().stdout.contains(" (12.00 left unclaimed, "),
        "the words"
    );
    // Two players with two kings each leave none: the line says nothing more.
    let r = run(&["simulate", "kingdomino", "-p", "2", "-g", "5"]).ok();
    assert!(!r.stdout.contains("left unclaimed,"), "{}", r.stdout);
}

/// Under `discard = "any-time"` (a house rule) the dominoes not placed are split again: those
/// given up where they fitted (random players give up one in placements + 1), the rest fitting
/// nowhere; under the printed rules none is given up and the words say nothing of it.
#[test]
fn the_dominoes_given_up_where_they_fitted_are_counted() {
    let rule = format!(
        "{}/../../docs/house-rules/discard-any-time.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = ["simulate", rule.as_str(), "-p", "4", "-g", "40", "-s", "2"];
    let v = json_of(&args);
    let d = &v["discards"];
    let given_up = d["given_up"].as_f64().expect("given up");
    let not_placed = d["not_placeable"].as_f64().expect("not placed");
    assert!(given_up > 1.0 && given_up <= not_placed, "{d}");
    assert_eq!(merged(&args, 3), v);
    let text = run(&args).ok().stdout;
    assert!(text.contains(" given up where they fitted)"), "{text}");
    let printed = [
        "simulate",
        "middle-kingdom",
        "-p",
        "4",
        "-g",
        "10",
        "-s",
        "2",
    ];
    assert_eq!(
        json_of(&printed)["discards"]["given_up"].as_f64(),
        Some(0.0)
    );
    assert!(!run(&printed).ok().stdout.contains("given up"));
    // `compare` says what B changes in them.
    let out = run(&[
        "compare",
        "middle-kingdom",
        rule.as_str(),
        "-p",
        "4",
        "-g",
        "20",
    ])
    .ok()
    .stdout;
    assert!(out.contains(": given up where they fitted +"), "{out}");
    assert!(out.contains(", fitting nowhere "), "{out}");
}

#[test]
fn compare_says_what_b_changes_in_what_the_sides_hold() {
    // Without the Dragon no coin is spent on bribes: more coins left at the end.
    let args = [
        "compare",
        "queendomino",
        "queendomino-no-dragon",
        "-b",
        "greedy,greedy,greedy,greedy",
        "-g",
        "40",
    ];
    let c = json_of(&args);
    let held = c["held_differences"].as_array().expect("held differences");
    let coins = held
        .iter()
        .find(|h| h["resource"] == "coins")
        .expect("coins");
    // The pooled means' difference: each ruleset's per-seat means, averaged.
    let mean = |k: usize| {
        let row = c["rulesets"][k]["held"]
            .as_array()
            .and_then(|h| h.iter().find(|x| x["resource"] == "coins"))
            .and_then(|x| x["mean"].as_array().cloned())
            .expect("coins held");
        row.iter().filter_map(Value::as_f64).sum::<f64>() / row.len() as f64
    };
    let d = coins["difference"]["estimate"].as_f64().expect("d");
    assert!((d - (mean(1) - mean(0))).abs() < 1e-3, "{d} {c}");
    let r = run(&args).ok();
    assert!(
        r.stdout
            .contains("held at the end of a game, B - A (mean over the seats): coins "),
        "{}",
        r.stdout
    );
    // Kingdomino keeps nothing: nothing said.
    let k = json_of(&["compare", "kingdomino", "harmony", "-p", "2", "-g", "5"]);
    assert_eq!(k["held_differences"].as_array().map(Vec::len), Some(0));
}

#[test]
fn compare_says_whether_b_changes_the_first_players_advantage() {
    let args = [
        "compare",
        "kingdomino",
        "harmony",
        "-b",
        "greedy,greedy",
        "-g",
        "60",
    ];
    let c = json_of(&args);
    let places = c["first_claims_differences"].as_array().expect("places");
    assert_eq!(places.len(), 2);
    // Each place's B - A is the two rulesets' own figures' difference.
    let own = |k: usize, place: usize| {
        c["rulesets"][k]["first_claims"][place]["win_share"]
            .as_f64()
            .expect("win share")
    };
    let d = places[0]["win_share"]["estimate"].as_f64().expect("d");
    assert!((d - (own(1, 0) - own(0, 0))).abs() < 1e-3, "{c}");
    let r = run(&args).ok();
    assert!(
        r.stdout.contains(
            "by the place the side claimed the first line in (1 first), B - A, paired: 1 wins "
        ),
        "{}",
        r.stdout
    );
    assert_eq!(c["first_claims_paired"], true);
}

#[test]
fn the_places_in_the_first_claims_are_paired_game_by_game() {
    // `claim-order`'s points by place: exactly +1, +2, +3 points a game for places 2 to 4
    // among four greedy bots (they play the same games under both rules), which the paired
    // differences say with no doubt and independent intervals could not.
    let rule = format!(
        "{}/../../docs/house-rules/first-player-compensation.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = [
        "compare",
        "kingdomino",
        rule.as_str(),
        "--bots",
        "greedy,greedy,greedy,greedy",
        "-g",
        "40",
        "-s",
        "9",
    ];
    let v = json_of(&args);
    assert_eq!(v["first_claims_paired"], true);
    let places = v["first_claims_differences"].as_array().expect("places");
    assert_eq!(places.len(), 4);
    for (k, p) in places.iter().enumerate() {
        let score = &p["score"];
        assert_eq!(score["estimate"], serde_json::json!(k as f64), "{p}");
        assert_eq!(score["low"], score["high"], "{p}");
        assert_eq!(score["significant"], k > 0, "{p}");
    }
    let text = run(&args).ok().stdout;
    assert!(text.contains("2 wins "), "{text}");
    assert!(text.contains("+1.00* points (1.00 to 1.00)"), "{text}");
    // Starred, and no test of chance: the count of stars says they are left out of it.
    let note = text
        .lines()
        .find(|l| l.contains("differences above"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        note.contains("(and 3 exact differences, the same in every game, which no chance makes)"),
        "{note}"
    );
    assert!(
        text.contains("(spreads, bonuses, discards, how games end, resources held: intervals"),
        "{text}"
    );
    // What only B keeps (its module's resource) is said as such.
    assert!(
        text.contains(
            "held at the end of a game under B only (mean over the seats): claim-place 2.50"
        ),
        "{text}"
    );
    // Shards merge to the same; a part from before the places were paired: independent.
    assert_eq!(
        merged(&args, 3)["first_claims_differences"],
        v["first_claims_differences"]
    );
    let out = merged_with_an_older_part(&args, "paired_places");
    assert_eq!(out["first_claims_paired"], false);
    assert_eq!(
        out["first_claims_differences"][1]["score"]["estimate"],
        serde_json::json!(1.0)
    );
}

#[test]
fn with_bots_taking_turns_the_bots_are_what_precision_and_noise_are_of() {
    // Two greedy bots and an mcts take turns in the seats: each seat wins about a third (the
    // rotation), where mcts wins far more: its rate is what a run is precise about.
    let text = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,greedy,mcts:60",
        "-g",
        "12",
        "-s",
        "2",
    ])
    .ok()
    .stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("precision: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.starts_with("precision: the bots' win rates' intervals reach "),
        "{line}"
    );
    // compare: the bots' differences are sized, not a seat's (each seat mixes the bots).
    let text = run(&[
        "compare",
        "kingdomino",
        "harmony",
        "--bots",
        "greedy,random",
        "-g",
        "200",
        "-s",
        "3",
    ])
    .ok()
    .stdout;
    let noise = text
        .lines()
        .find(|l| l.starts_with("within the noise: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!noise.contains("seat "), "{noise}");
    assert!(
        noise.contains("greedy's") || noise.contains("random's"),
        "{noise}"
    );
    assert!(
        noise.ends_with("(an interval clear of 0 in 4 runs of 5)"),
        "{noise}"
    );
}

#[test]
fn runs_say_how_many_games_a_precision_or_a_difference_needs() {
    // 400 random games: win shares of about a quarter, intervals of about 4% either side, so
    // within 1% takes about 1.96^2 / 0.01^2 * 0.25 * 0.75 = 7,200 games (the seat nearest a
    // half asks a little more).
    let text = run(&["simulate", "kingdomino", "-p", "4", "-g", "400", "-s", "3"])
        .ok()
        .stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("precision: the win shares' intervals reach "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("within 1% takes about 7,"), "{line}");
    assert!(
        line.contains("(4 times the games, half the interval)"),
        "{line}"
    );
    // A bot that won every game so far: its share is not taken to stay 100% (an interval
    // narrows more slowly below it), so not the 380 games a share of 100% would ask.
    let text = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,random",
        "-g",
        "100",
        "-s",
        "1",
    ])
    .ok()
    .stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("precision: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("within 1% takes about 1,1"), "{line}");
    // Past it, nothing to say.
    let many = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "12000",
        "-s",
        "3",
    ])
    .ok()
    .stdout;
    assert!(!many.contains("precision:"), "{many}");
    // Harmony changes the scores (starred) but not who wins at 2 random players: the win
    // differences are within the noise, and the line says how many games one of their size
    // would need (far more than were played).
    let text = run(&[
        "compare",
        "kingdomino",
        "harmony",
        "-p",
        "2",
        "-g",
        "300",
        "-s",
        "3",
    ])
    .ok()
    .stdout;
    // The answer in one line, under the run's: the same player in every seat, so the seats'
    // wins are not read; the players pooled score more.
    assert_eq!(
        text.lines().nth(1).map(|l| l.starts_with(
            "In short, under B: a random player in every seat, so no seat's wins change but by \
             chance; a random player scores more (+"
        )),
        Some(true),
        "{text}"
    );
    // Seats alike (random players): no seat's win is sized, a change there being chance.
    assert!(!text.contains("'s win B - A ("), "{text}");
    // A ruleset against itself: every difference exactly 0, nothing to size.
    let same = run(&["compare", "kingdomino", "kingdomino", "-p", "3", "-g", "40"])
        .ok()
        .stdout;
    assert!(!same.contains("within the noise"), "{same}");
    // A score's difference alone in the line (no win's to size at 4 players in 30 games) has
    // the verb too.
    let text = run(&[
        "compare",
        "kingdomino",
        "harmony",
        "-p",
        "4",
        "-g",
        "30",
        "-s",
        "1",
    ])
    .ok()
    .stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("within the noise: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.starts_with("within the noise: seat ")
            && line.contains("'s score B - A (")
            && line.contains(" would show, if real, in about ")
            && !line.contains("'s win B - A"),
        "{line}"
    );
}

#[test]
fn a_domino_or_building_replaced_keeps_its_place_so_compare_stays_paired() {
    // Domino 30 removed and declared again as it is printed: the same deck in the same order,
    // so every game is the same game and every difference exactly 0 (the replaced domino went
    // to the end of the deck before, and every deal changed: seat 2 +5.4%*, a house rule
    // author found).
    let dir = TempDir::new("replaced");
    let same_domino = dir.file(
        "same-domino.toml",
        "extends = \"kingdomino\"\nremove-dominoes = [30]\n\n[[domino]]\nnumber = 30\n\
         first = { terrain = \"lake\", crowns = 1 }\nsecond = { terrain = \"wheat\" }\n",
    );
    let same_building = dir.file(
        "same-building.toml",
        "extends = \"queendomino\"\nremove-buildings = [1]\n\n[[building]]\nnumber = 1\n\
         name = \"Grassland Camp\"\nknights = 1\n\
         value = { kind = \"per-territory\", terrain = \"grassland\", points = 2 }\n",
    );
    for (base, file, players) in [
        ("kingdomino", &same_domino, "4"),
        ("queendomino", &same_building, "3"),
    ] {
        let v = json_of(&["compare", base, file, "-p", players, "-g", "300"]);
        for seat in v["differences"].as_array().expect("differences") {
            for what in ["mean_score", "win_share"] {
                for k in ["estimate", "low", "high"] {
                    assert_eq!(seat[what][k].as_f64(), Some(0.0), "{file}: {seat}");
                }
            }
        }
    }
    // `show` prints the domino in its place: after 29, before 31.
    let shown = run(&["show", &same_domino]).ok().stdout;
    let at = |n: u16| {
        shown
            .find(&format!("number = {n}\n"))
            .unwrap_or_else(|| panic!("{n}: {shown}"))
    };
    assert!(at(29) < at(30) && at(30) < at(31), "{shown}");
}

#[test]
fn compare_never_prints_minus_zero_and_stars_its_footnote_where_the_stars_are() {
    // A Harmony penalty: the scores change, the wins barely (win differences that round to 0
    // read +0.0%, never -0.0%).
    let dir = TempDir::new("minus-zero");
    let penalty = dir.file(
        "penalty.toml",
        "extends = \"kingdomino\"\n[rules.harmony]\nenabled = true\npoints = -5\n",
    );
    let text = run(&["compare", "kingdomino", &penalty, "-p", "2", "-g", "2000"])
        .ok()
        .stdout;
    for field in text.split([' ', '(', ',']) {
        assert!(
            !field.starts_with("-0.0%") && field.trim() != "-0.00" && field.trim() != "-0.000",
            "{field:?} in:\n{text}"
        );
    }
    // Queendomino without the Dragon over 200 games at 3: no seat's difference is starred,
    // some bonus's is (wealth: more coins at the end). The footnote is with those, not under
    // the seat table.
    let no_dragon = dir.file(
        "no-dragon.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"wealth\"]\n",
    );
    let text = run(&["compare", "queendomino", &no_dragon, "-p", "3", "-g", "200"])
        .ok()
        .stdout;
    let lines: Vec<&str> = text.lines().collect();
    let seat_rows = &lines[2..5];
    assert!(seat_rows.iter().all(|l| !l.contains('*')), "{text}");
    assert!(!lines[5].starts_with('*'), "{text}");
    let wealth = lines
        .iter()
        .position(|l| l.trim_start().starts_with("wealth "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(lines[wealth].contains('*'), "{text}");
    let footnote = lines
        .iter()
        .position(|l| *l == "* the difference is significant: its 95% interval leaves out 0")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(footnote > wealth, "{text}");
}

#[test]
fn a_bonus_in_force_that_no_side_earns_is_listed_at_nothing() {
    // Middle Kingdom on a 6x6 grid with the whole deck at 3: no kingdom of 16 dominoes is
    // centred in the 5x5 box it needs. The bonus line said nothing of it; now 0.0% a seat.
    let dir = TempDir::new("never-earned");
    let six = dir.file(
        "six.toml",
        "extends = \"middle-kingdom\"\nplayers = [3]\n[rules]\ngrid-size = 6\n[for-players.3]\ndeck-size = 48\nline-size = 3\n",
    );
    let args = ["simulate", &six, "-p", "3", "-g", "200"];
    let text = run(&args).ok().stdout;
    assert!(
        text.contains(
            "bonuses earned (share of games, seat 1 first): middle-kingdom 0.0% 0.0% 0.0%"
        ),
        "{text}"
    );
    let v = json_of(&args);
    assert_eq!(
        v["bonuses"],
        serde_json::json!([{"bonus": "middle-kingdom", "earned": [0.0, 0.0, 0.0]}]),
        "{v}"
    );
}

#[test]
fn a_bonus_made_a_penalty_counts_where_it_strikes() {
    // Middle Kingdom at -5 points: a house rule's penalty. Its share had read 0.0% (only
    // points above 0 counted) while `score` took the 5 points off, then counted as earned
    // under "bonuses earned"; it is a penalty paid, `middle-kingdom (penalty)`, as often as the
    // same bonus at +5 is earned, in the random games of the same seed, with modules or not.
    let dir = TempDir::new("penalty");
    let share = |points: i32, extra: &str| {
        let key = if points < 0 {
            "middle-kingdom (penalty)"
        } else {
            "middle-kingdom"
        };
        let file = dir.file(
            &format!("mk{points}{}.toml", extra.len()),
            &format!(
                "extends = \"kingdomino\"\n{extra}[rules.middle-kingdom]\nenabled = true\npoints = {points}\nreading = \"within-half-grid\"\n"
            ),
        );
        let v = json_of(&["simulate", &file, "-p", "2", "-g", "300", "--seed", "3"]);
        v["bonuses"]
            .as_array()
            .and_then(|b| b.iter().find(|b| b["bonus"] == key))
            .and_then(|b| b["earned"][0].as_f64())
            .unwrap_or_else(|| panic!("{v}"))
    };
    let bonus = share(5, "");
    assert!(bonus > 0.1, "{bonus}");
    assert_eq!(share(-5, ""), bonus);
    // Through the breakdown (a module in the ruleset): the same.
    let knights = "[rules]\nmodules = [\"knights\", \"wealth\"]\n";
    assert_eq!(share(-5, knights), share(5, knights));
    // The text says it: a penalty paid, no row of 0.0% earned.
    let file = dir.file(
        "mk-text.toml",
        "extends = \"kingdomino\"\n[rules.middle-kingdom]\nenabled = true\npoints = -5\nreading = \"within-half-grid\"\n",
    );
    let text = run(&["simulate", &file, "-p", "2", "-g", "300", "--seed", "3"])
        .ok()
        .stdout;
    assert!(
        text.contains("bonuses earned and penalties paid (share of games, seat 1 first): middle-kingdom (penalty) "),
        "{text}"
    );
}

#[test]
fn a_line_that_takes_points_away_is_a_penalty_paid_not_a_bonus_earned() {
    // Swamps worth nothing: the module's line is never above 0, so never a bonus earned (a
    // playtest found it counted in 63% of games) but a penalty paid wherever a swamp had
    // crowns (a penalty-only rule had read 0.0%, as if it never applied); lakes doubled is
    // earned as before.
    let dir = TempDir::new("penalty");
    let file = dir.file(
        "swampless.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { swamp = 0 }\n",
    );
    let args = ["simulate", &file, "-p", "2", "-g", "200"];
    let v = json_of(&args);
    // The penalty's row alone: a row of 0.0% earned beside it said nothing more.
    let rows = v["bonuses"].as_array().unwrap_or_else(|| panic!("{v}"));
    assert_eq!(rows.len(), 1, "{v}");
    assert_eq!(rows[0]["bonus"], "terrain-multipliers (penalty)", "{v}");
    for share in rows[0]["earned"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
    {
        assert!(share.as_f64().is_some_and(|x| x > 0.1), "{v}");
    }
    let text = run(&args).ok().stdout;
    assert!(text.contains(": terrain-multipliers (penalty) "), "{text}");
    assert!(
        text.contains("bonuses earned and penalties paid (share of games, seat 1 first): "),
        "{text}"
    );
    let file = dir.file(
        "lakes.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { lake = 2 }\n",
    );
    let v = json_of(&["simulate", &file, "-p", "2", "-g", "200"]);
    let earned = v["bonuses"][0]["earned"][0].as_f64().expect("a share");
    assert!(earned > 0.1, "{v}");
}

#[test]
fn a_study_of_a_ruleset_says_its_warnings_first() {
    // Harmony on a 6x6 grid can never be earned: `validate` warned of it, `simulate` and
    // `compare` printed their 0.0% without a word. Now the warning comes first, on standard
    // error (standard output stays the report, or JSON).
    let dir = TempDir::new("warned-study");
    let six = dir.file(
        "six.toml",
        "extends = \"harmony\"\nplayers = [3]\n[rules]\ngrid-size = 6\n",
    );
    let sim = run(&["simulate", &six, "-p", "3", "-g", "50", "--json"]).ok();
    assert!(
        sim.stderr.starts_with("warning: ") && sim.stderr.contains("Harmony"),
        "{}",
        sim.stderr
    );
    serde_json::from_str::<serde_json::Value>(&sim.stdout).expect("JSON on standard output");
    let cmp = run(&["compare", "harmony", &six, "-p", "3", "-g", "50"]).ok();
    assert!(
        cmp.stderr.contains("warning: ") && cmp.stderr.contains("six.toml"),
        "{}",
        cmp.stderr
    );
    // The HTML report, read away from the terminal, says them too (escaped as page text).
    let (html, _) = report_of(
        "warned",
        &["compare", "harmony", &six, "-p", "3", "-g", "20"],
    );
    let warned = html
        .split("<li>warning: ")
        .nth(1)
        .and_then(|w| w.split("</li>").next())
        .unwrap_or_default();
    assert!(
        warned.contains("Harmony") && warned.contains("six.toml"),
        "{html}"
    );
    assert!(
        html.contains("Warnings when the rulesets were loaded:"),
        "{html}"
    );
    let (quiet_page, _) = report_of("unwarned", &["simulate", "harmony", "-p", "3", "-g", "20"]);
    assert!(!quiet_page.contains("Warnings"), "{quiet_page}");
    // A ruleset with nothing to warn of: nothing on standard error.
    let quiet = run(&["simulate", "harmony", "-p", "3", "-g", "50"]).ok();
    assert_eq!(quiet.stderr, "");
    // Warnings of other player counts than the run's are not said (a 7x7 house rule's deck
    // fills it at 2 players only).
    let big = dir.file(
        "big7.toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 7\nharmony = { enabled = true }\n[for-players.2]\ndeck-size = 48\n",
    );
    let two = run(&["compare", "kingdomino", &big, "-p", "2", "-g", "20"]).ok();
    assert_eq!(two.stderr, "");
    let three = run(&["simulate", &big, "-p", "3", "-g", "20"]).ok();
    assert!(
        three.stderr.contains("warning: ") && three.stderr.contains("at 3 and 4 players"),
        "{}",
        three.stderr
    );
    // Two rulesets with no player count in common: said, with each one's counts.
    let two_only = dir.file(
        "two.toml",
        "extends = \"kingdomino\"\nname = \"two-only\"\nplayers = [2]\n",
    );
    let four_only = dir.file(
        "four.toml",
        "extends = \"kingdomino\"\nname = \"four-only\"\nplayers = [4]\n",
    );
    let r = run(&["compare", &two_only, &four_only, "-g", "10"]).expect_code(1);
    assert!(
        r.stderr
            .contains("the rulesets share no player count (two-only allows 2; four-only allows 4)"),
        "{}",
        r.stderr
    );
}

#[test]
fn merge_says_what_a_json_file_that_is_no_part_file_is() {
    let report = run(&["simulate", "kingdomino", "-p", "2", "-g", "3", "--json"]).ok();
    let report = TempFile::new("report", "json", &report.stdout);
    let r = run(&["merge", &report.arg()]).fails();
    assert!(
        r.stderr
            .contains("this is the report of a whole run (`--json`), not a part file"),
        "{}",
        r.stderr
    );
    let dir = std::env::temp_dir().join(format!("crownlands-merge-save-{}", std::process::id()));
    let dir_arg = dir.display().to_string();
    run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "1",
        "--save",
        &dir_arg,
    ])
    .ok();
    let save = std::fs::read_dir(&dir)
        .expect("saved")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("a save");
    let r = run(&["merge", &save.display().to_string()]).fails();
    assert!(
        r.stderr.contains("this is a saved game, not a part file"),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of another kind that is not JSON at all (a ruleset, a game in the notation, a kingdom
/// file) is said to be what it looks like, as `replay` says it; it had read `1:1: not a part file
/// ...: expected value`.
#[test]
fn merge_says_what_a_file_that_is_no_json_looks_like() {
    let ruleset = TempFile::new("rules", "toml", "extends = \"kingdomino\"\n");
    let notation = TempFile::new(
        "game",
        "cgn",
        "[Notation \"crownlands 2\"]\n[Ruleset \"kingdomino\"]\n[Seed \"1\"]\n[Players \"2\"]\n*\n",
    );
    let kingdom = TempFile::kingdom("kingdom", "F1 F1 C\nL  L  L\n");
    for (file, said) in [
        (
            &ruleset,
            "this looks like a ruleset or a set of dominoes (TOML), not a part file",
        ),
        (
            &notation,
            "this looks like a game in the notation (a .cgn file), not a part file",
        ),
        (&kingdom, "this looks like a kingdom file, not a part file"),
    ] {
        let r = run(&["merge", &file.arg()]).expect_code(1);
        assert!(r.stderr.contains(said), "{}", r.stderr);
        assert!(!r.stderr.contains("expected value"), "{}", r.stderr);
    }
}

#[test]
fn one_game_gives_no_interval_rather_than_a_certain_one() {
    let text = run(&["simulate", "kingdomino", "-p", "2", "-g", "1"])
        .ok()
        .stdout;
    assert!(text.contains("no interval"), "{text}");
    let v: Value = serde_json::from_str(
        &run(&["simulate", "kingdomino", "-p", "2", "-g", "1", "--json"])
            .ok()
            .stdout,
    )
    .expect("json");
    assert!(v["seats"][0]["mean_score_ci95"][0].is_null(), "{v}");
    assert!(v["seats"][0]["mean_score_ci95"][1].is_null(), "{v}");
    // Two games have one.
    let text = run(&["simulate", "kingdomino", "-p", "2", "-g", "2"])
        .ok()
        .stdout;
    assert!(!text.contains("no interval"), "{text}");
    // The bots' table too, and a difference of shares is not cut to the whole range.
    let text = run(&[
        "simulate",
        "kingdomino",
        "--bots",
        "greedy,random",
        "-g",
        "1",
    ])
    .ok()
    .stdout;
    assert!(!text.contains("inf"), "{text}");
    let compare = ["compare", "kingdomino", "harmony", "-p", "2", "-g", "1"];
    let mut json = compare.to_vec();
    json.push("--json");
    let v: Value = serde_json::from_str(&run(&json).ok().stdout).expect("json");
    let share = &v["differences"][0]["win_share"];
    assert!(share["low"].is_null() && share["high"].is_null(), "{share}");
    let text = run(&compare).ok().stdout;
    assert!(!text.contains("-100.0 to 100.0%"), "{text}");
}

/// Every sum within what its count and the seats' totals allow, every sum of squares between
/// `sum^2 / n` and what that range allows, and what counts the same seat-games twice (by place,
/// by bot) the seats' sums: a part that breaks any is refused, naming the part and the figure.
#[test]
fn merge_refuses_sums_past_what_their_counts_and_totals_allow() {
    let part = |args: &[&str], shard: &str| {
        let mut all = args.to_vec();
        all.extend(["--shard", shard]);
        run(&all).ok().stdout
    };
    let edited = |text: &str, edit: &dyn Fn(&mut Value)| {
        let mut v: Value = serde_json::from_str(text).expect("json");
        edit(&mut v);
        TempFile::new("edited", "json", &v.to_string())
    };
    let refused = |text: &str, edit: &dyn Fn(&mut Value), other: &str, says: &str| {
        let edited = edited(text, edit);
        let other = TempFile::new("other", "json", other);
        let r = run(&["merge", &edited.arg(), &other.arg()]).expect_code(1);
        assert!(r.stderr.contains(&edited.arg()), "{}", r.stderr);
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    };
    let sim = ["simulate", "kingdomino", "-p", "2", "-g", "8"];
    let (s1, s2) = (part(&sim, "1/2"), part(&sim, "2/2"));
    let seat = |v: &mut Value, k: usize| v["results"]["tallies"][0]["seats"][k].clone();
    // (a) A histogram of buckets wider than a point: its sums within what its buckets hold.
    // The same scores in buckets of 2 merge (a house rule's spread makes such buckets).
    let coarsen = |v: &mut Value| {
        for k in 0..2 {
            let h = &mut v["results"]["tallies"][0]["seats"][k]["score"];
            let low = h["low"].as_i64().expect("low");
            let counts: Vec<u64> = serde_json::from_value(h["counts"].clone()).expect("counts");
            let start = low.div_euclid(2) * 2;
            let mut wide = vec![0u64; ((low - start) as usize + counts.len()).div_ceil(2)];
            for (j, c) in counts.iter().enumerate() {
                wide[((low - start) as usize + j) / 2] += c;
            }
            *h = serde_json::json!({"low": start, "width": 2, "counts": wide});
        }
    };
    let wide = edited(&s1, &coarsen);
    let other = TempFile::new("other", "json", &s2);
    run(&["merge", &wide.arg(), &other.arg()]).ok();
    // Scores near 2^40 beside sums of a few dozen points; sums past the buckets' ends.
    refused(
        &s1,
        &|v| {
            coarsen(v);
            v["results"]["tallies"][0]["seats"][0]["score"]["low"] = Value::from(1i64 << 40);
        },
        &s2,
        "seat 1: the score sums do not match the histogram",
    );
    refused(
        &s1,
        &|v| {
            coarsen(v);
            let s = &mut v["results"]["tallies"][0]["seats"][0];
            s["score_sum"] = Value::from(s["score_sum"].as_i64().expect("sum") + 40);
        },
        &s2,
        "seat 1: the score sums do not match the histogram",
    );
    // (b) Sums of squares past any values of the range (an interval of +-4e9), or below the
    // sum's square over the count (an interval of no width), or of a place's games.
    refused(
        &s1,
        &|v| v["results"]["tallies"][0]["finishes"]["margin_sq_sum"] = Value::from(u64::MAX),
        &s2,
        "margins summing to",
    );
    refused(
        &s1,
        &|v| v["results"]["tallies"][0]["first_claims"][0]["score_sq_sum"] = Value::from(0),
        &s2,
        "place 1 in the first claims: scores or wins past what its",
    );
    refused(
        &s1,
        &|v| {
            let c = &mut v["results"]["tallies"][0]["first_claims"][1];
            c["score_sq_sum"] = Value::from(c["score_sq_sum"].as_u64().expect("sq") * 2);
        },
        &s2,
        "place 2 in the first claims: scores or wins past what its",
    );
    refused(
        &s1,
        &|v| v["results"]["tallies"][0]["first_claims"][0]["score_sum"] = Value::from(-1),
        &s2,
        "place 1 in the first claims",
    );
    // Places whose sums are each possible but not the seats' sums.
    refused(
        &s1,
        &|v| {
            // Two points more, with the fewest squares that many points allow.
            let c = &mut v["results"]["tallies"][0]["first_claims"][0];
            let (n, sum) = (
                c["games"].as_i64().expect("games"),
                c["score_sum"].as_i64().expect("sum") + 2,
            );
            let sq = (sum * sum + n - 1) / n;
            c["score_sum"] = Value::from(sum);
            c["score_sq_sum"] = Value::from(sq + (sq - sum).rem_euclid(2));
        },
        &s2,
        "the first claims' scores and wins do not add up to the seats'",
    );
    // The squares of a seat's wins, which with no win shared are a whole win's each.
    refused(
        &s1,
        &|v| {
            let s = &mut v["results"]["tallies"][0]["seats"][1];
            s["win_sq_units"] = Value::from(s["win_sq_units"].as_u64().expect("sq") - 1);
        },
        &s2,
        "seat 2: the squares of its wins are not of shares of a win",
    );
    // A team's seats each hold their side's totals.
    let teams = ["simulate", "royal-wedding-teams", "-p", "6", "-g", "4"];
    let (t1, t2) = (part(&teams, "1/2"), part(&teams, "2/2"));
    refused(
        &t1,
        &|v| {
            let sides: Vec<u64> =
                serde_json::from_value(v["results"]["tallies"][0]["seat_side"].clone())
                    .expect("sides");
            let mate = (1..sides.len())
                .find(|&k| sides[k] == sides[0])
                .expect("a team");
            let foe = (1..sides.len())
                .find(|&k| sides[k] != sides[0])
                .expect("a foe");
            // The mate's scores are another side's (each consistent alone).
            let (f, mut m) = (seat(v, foe), seat(v, mate));
            for key in ["score", "score_sum", "score_sq_sum"] {
                m[key] = f[key].clone();
            }
            v["results"]["tallies"][0]["seats"][mate] = m;
        },
        &t2,
        "not its side's totals",
    );
    // Seat 2 holds seat 3's coins (a side's, not its own side's).
    refused(
        &t1,
        &|v| {
            for key in ["held", "held_sq"] {
                let row = &mut v["results"]["tallies"][0][key]["coins"];
                row[1] = row[2].clone();
            }
        },
        &t2,
        "seat 2: not its side's bonuses or resources held",
    );
    // Every game leaves the dominoes its lines hold past the kings: none left is no run.
    // (Each part is held to the rules on its own: the one that breaks them is named, first
    // or not.)
    let none_left = edited(&t1, &|v| {
        v["results"]["tallies"][0]["unclaimed"] = Value::from(0)
    });
    let other = TempFile::new("other", "json", &t2);
    for args in [
        ["merge", &none_left.arg(), &other.arg()],
        ["merge", &other.arg(), &none_left.arg()],
    ] {
        let r = run(&args).expect_code(1);
        assert!(
            r.stderr.contains(&format!(
                "{}: it counts 0 dominoes left unclaimed over 2 games where royal-wedding-teams's lines leave 24 a game",
                none_left.arg()
            )),
            "{}",
            r.stderr
        );
    }
    // A comparison's paired squares past any difference of the two rulesets' totals.
    let cmp = ["compare", "kingdomino", "harmony", "-p", "2", "-g", "6"];
    let (c1, c2) = (part(&cmp, "1/2"), part(&cmp, "2/2"));
    refused(
        &c1,
        &|v| v["results"]["paired"][0]["score_sq_sum"] = Value::from(1u64 << 40),
        &c2,
        "seat 1: the paired differences are not B's sums less A's",
    );
    // (c) A bot's tally: more player-games than the shard's seats, a negative score sum.
    let bots = [
        "simulate",
        "kingdomino",
        "-b",
        "greedy,random",
        "-g",
        "6",
        "-s",
        "3",
    ];
    let (b1, b2) = (part(&bots, "1/2"), part(&bots, "2/2"));
    refused(
        &b1,
        &|v| {
            let b = &mut v["results"]["tallies"][0]["bots"][0];
            b["games"] = Value::from(6);
            b["score_sum"] = Value::from(-1);
        },
        &b2,
        "bot greedy: scores, margins or wins past what its 6 player-games allow",
    );
    refused(
        &b1,
        &|v| {
            let b = &mut v["results"]["tallies"][0]["bots"][1];
            b["score_sum"] = Value::from(b["score_sum"].as_i64().expect("sum") + 2);
        },
        &b2,
        "the bots' games, scores and wins do not add up to the seats'",
    );
    refused(
        &b1,
        &|v| v["results"]["tallies"][0]["bots"][1]["score_sq_sum"] = Value::from(u64::MAX - 1),
        &b2,
        "bot random: scores, margins or wins past what",
    );
    refused(
        &b1,
        &|v| {
            // More than its totals over a side of no points (within two totals a game).
            let b = &mut v["results"]["tallies"][0]["bots"][0];
            b["margin_sum"] = Value::from(b["score_sum"].as_i64().expect("sum") + 1);
        },
        &b2,
        "bot greedy: scores, margins or wins past what",
    );
    // A run of random players beside one of bots says so in words.
    let random = part(
        &["simulate", "kingdomino", "-p", "2", "-g", "6", "-s", "3"],
        "2/2",
    );
    let (first, other) = (
        TempFile::new("bots", "json", &b1),
        TempFile::new("random", "json", &random),
    );
    let r = run(&["merge", &first.arg(), &other.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains("no bots (random players) against bots greedy,random"),
        "{}",
        r.stderr
    );
}

#[test]
fn merge_takes_parts_whose_every_game_was_tied_at_the_top() {
    // A kingdom of one square (the castle) scores 0: every game ties, no game is won outright,
    // and the margins' sums are 0 over no game (a review found such genuine parts refused, as
    // a one-game shard of 2-player Kingdomino ending in a tie was).
    let rules = TempFile::new(
        "one-square",
        "toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 1\n",
    );
    let parts: Vec<TempFile> = ["1/2", "2/2"]
        .iter()
        .map(|shard| {
            let out = run(&[
                "simulate",
                &rules.arg(),
                "--players",
                "3",
                "--games",
                "6",
                "--shard",
                shard,
            ])
            .ok();
            TempFile::new("tied-part", "json", &out.stdout)
        })
        .collect();
    let merged = run(&["merge", &parts[0].arg(), &parts[1].arg()]).ok();
    assert!(merged.stdout.contains("6 games"), "{}", merged.stdout);
}

/// Wilson's 95% interval for `wins` of `n` (as the reports compute it).
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let p = wins / n;
    let z = 1.959_964f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[test]
fn in_teams_the_intervals_count_a_teams_seats_as_one_result() {
    // Two greedy seats as one team against two teams of random players: the team's two seats
    // win or lose together, so 24 games are 24 results, not 48.
    let args = [
        "simulate",
        "royal-wedding-teams",
        "-b",
        "greedy,greedy,random,random,random,random",
        "-g",
        "24",
        "-s",
        "1",
    ];
    let one = json_of(&args);
    let greedy = &one["bots"][0];
    assert_eq!(greedy["games"], 48, "{greedy}");
    assert_eq!(greedy["side_games"], 24, "{greedy}");
    assert_eq!(greedy["effective_games"].as_f64(), Some(24.0), "{greedy}");
    let rate = greedy["win_rate"].as_f64().expect("win_rate");
    let (low, high) = wilson(rate * 24.0, 24.0);
    // (JSON rounds an interval's ends outward at 4 decimals: within one unit of the 4th.)
    let ci = &greedy["win_rate_ci95"];
    assert!(
        (ci[0].as_f64().expect("low") - low).abs() < 2e-4,
        "{ci} {low}"
    );
    assert!(
        (ci[1].as_f64().expect("high") - high).abs() < 2e-4,
        "{ci} {high}"
    );
    // The random players hold two teams a game: 48 results of their 96 seats.
    assert_eq!(one["bots"][1]["side_games"], 48);
    // By the place in the first claims, a team a game each place: its interval is of the games.
    for p in one["first_claims"].as_array().expect("first_claims") {
        assert_eq!(
            (&p["seat_games"], &p["side_games"]),
            (&48.into(), &24.into())
        );
        let share = p["win_share"].as_f64().expect("win_share");
        let (low, high) = wilson(share * 24.0, 24.0);
        let ci = &p["win_share_ci95"];
        assert!((ci[0].as_f64().expect("low") - low).abs() < 2e-4, "{p}");
        assert!((ci[1].as_f64().expect("high") - high).abs() < 2e-4, "{p}");
    }
    // The text says what the count and the intervals are of.
    let text = run(&args).ok().stdout;
    assert!(text.contains("bot     seat-games      wins"), "{text}");
    assert!(
        text.contains(
            "(in teams the intervals count each team a bot played in once a game, its seats \
             sharing one result: greedy 24, random 48)"
        ),
        "{text}"
    );
    assert!(!text.contains("an effective one"), "{text}");
    // A bot holding more seats in some teams than in others: its count is an effective one,
    // which the note says (5 of 6 seats: 25/9 teams a game, not 3).
    let uneven = run(&[
        "simulate",
        "royal-wedding-teams",
        "-b",
        "greedy,random,random,random,random,random",
        "-g",
        "6",
    ])
    .ok()
    .stdout;
    assert!(
        uneven.contains("random 16.7; a count with a fraction is an effective one"),
        "{uneven}"
    );
    // Shards keep the side-games and add up to the same figures.
    assert_eq!(merged(&args, 3), one);
    // Without teams nothing changes: the seat-games are the sides'.
    let solo = json_of(&["simulate", "kingdomino", "-b", "greedy,random", "-g", "6"]);
    assert_eq!(solo["bots"][0]["side_games"], 6);
    let text = run(&["simulate", "kingdomino", "-b", "greedy,random", "-g", "6"])
        .ok()
        .stdout;
    assert!(text.contains("bot      games      wins"), "{text}");
    assert!(!text.contains("in teams"), "{text}");
}

#[test]
fn a_difference_of_an_event_neither_ruleset_saw_is_not_certain() {
    // No victory shared in 200 games under either: Wilson's 0 to 1.9% either way, not an
    // interval of no width.
    let args = [
        "compare",
        "kingdomino",
        "kingdomino",
        "-b",
        "greedy,greedy",
        "-g",
        "200",
        "-s",
        "2",
    ];
    let v = json_of(&args);
    let own = &v["rulesets"][0]["finishes"]["shared"];
    assert_eq!(own["estimate"].as_f64(), Some(0.0), "{own}");
    let (_, high) = wilson(0.0, 200.0);
    let shared = &v["finish_differences"]["shared"];
    let (lo, hi) = (
        shared["low"].as_f64().expect("low"),
        shared["high"].as_f64().expect("high"),
    );
    assert!(
        (hi - high).abs() < 1e-4 && (lo + high).abs() < 1e-4,
        "{shared}"
    );
    assert_eq!(shared["significant"], false);
    let text = run(&args).ok().stdout;
    let line = text
        .lines()
        .find(|l| l.starts_with("games, B - A: "))
        .expect("how games end, B - A");
    assert!(line.ends_with("shared +0.0%  (-1.9 to 1.9%))"), "{line}");
    assert!(!line.contains("(0.0 to 0.0%)"), "{line}");
}

#[test]
fn intervals_stay_within_what_a_total_or_a_margin_can_be() {
    // Two games: Student's t of one degree of freedom reaches far. A Kingdomino total is never
    // below 0, nor a margin over the next side: `-15.3 to 48.3` had read below both.
    let args = ["simulate", "kingdomino", "-p", "2", "-g", "2", "-s", "1"];
    let v = json_of(&args);
    let seat = &v["seats"][0]["mean_score_ci95"];
    assert_eq!(seat[0].as_f64(), Some(0.0), "{seat}");
    assert!(seat[1].as_f64().expect("high") > 40.0, "{seat}");
    let margin = &v["finishes"]["winner_margin"]["ci95"];
    assert_eq!(margin[0].as_f64(), Some(0.0), "{margin}");
    let text = run(&args).ok().stdout;
    assert!(text.contains("  0.0 to 48.3"), "{text}");
    assert!(!text.contains("(-"), "{text}");
    // The same with bots, by place in the first claims, and merged from shards (the part
    // carries the rules' least total).
    let bots = ["simulate", "kingdomino", "-b", "greedy,random", "-g", "3"];
    let one = json_of(&bots);
    for b in one["bots"].as_array().expect("bots") {
        assert!(b["mean_score_ci95"][0].as_f64().expect("low") >= 0.0, "{b}");
    }
    for p in one["first_claims"].as_array().expect("places") {
        assert!(p["mean_score_ci95"][0].as_f64().expect("low") >= 0.0, "{p}");
    }
    assert_eq!(merged(&bots, 3), one);
    // Where a total can go below 0 (Middle Kingdom made a penalty), nothing is assumed.
    let dir = TempDir::new("least");
    let file = dir.file(
        "penalty.toml",
        "extends = \"kingdomino\"\n[rules.middle-kingdom]\nenabled = true\npoints = -30\n",
    );
    let v = json_of(&["simulate", &file, "-p", "2", "-g", "2", "-s", "1"]);
    let lows: Vec<f64> = v["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["mean_score_ci95"][0].as_f64().expect("low"))
        .collect();
    assert!(lows.iter().any(|&l| l < 0.0), "{v}");
    // A part that claims a bound its rules do not give is refused.
    let mut part: Value = run(&[
        "simulate", "harmony", "-p", "2", "-g", "2", "--shard", "1/1",
    ])
    .ok()
    .json();
    assert_eq!(part["results"]["tallies"][0]["least_total"], 0);
    part["results"]["tallies"][0]["least_total"] = Value::from(-3);
    let edited = TempFile::new("least", "json", &part.to_string());
    let r = run(&["merge", &edited.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(&format!(
            "{}: it says harmony's totals are at least -3",
            edited.arg()
        )),
        "{}",
        r.stderr
    );
    part["results"]["tallies"][0]["least_total"] = Value::from(1000);
    let edited = TempFile::new("least", "json", &part.to_string());
    let r = run(&["merge", &edited.arg()]).expect_code(1);
    assert!(
        r.stderr.contains("the least its rules allow"),
        "{}",
        r.stderr
    );
}

/// Seats are alike only where every seat is its own side under both rulesets: Royal Wedding
/// against its teams (teammates each win a whole share under B) names the seats' wins.
#[test]
fn a_comparison_with_teams_on_one_side_is_not_of_seats_alike() {
    let text = run(&[
        "compare",
        "royal-wedding",
        "royal-wedding-teams",
        "-p",
        "8",
        "-g",
        "20",
        "-s",
        "2",
    ])
    .ok()
    .stdout;
    let line = text.lines().nth(1).unwrap_or_default();
    assert!(line.starts_with("In short, under B: "), "{text}");
    assert!(!line.contains("in every seat, so no seat's wins"), "{line}");
}

#[test]
fn tables_keep_their_columns_with_wide_negative_figures() {
    // Middle Kingdom at -1000 points: mean scores and their intervals far below 0 pushed the
    // columns after them out of line, row by row. Each table's lines now end together (its
    // last column stands to the right), and a bot in every seat has no win-rate interval (its
    // share of the wins is the table's: nothing to estimate).
    let dir = TempDir::new("wide-columns");
    let file = dir.file(
        "bigneg.toml",
        "extends = \"kingdomino\"\n[rules.middle-kingdom]\nenabled = true\npoints = -1000\nreading = \"within-half-grid\"\n",
    );
    let text = run(&[
        "simulate",
        &file,
        "--bots",
        "random,random,random,random",
        "-g",
        "40",
        "--seed",
        "2",
        "--jobs",
        "1",
    ])
    .ok()
    .stdout;
    let table = |head: &str| -> Vec<&str> {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("{head}: {text}"));
        lines[at..]
            .iter()
            .take_while(|l| l.starts_with(head) || l.starts_with(' ') || l.starts_with("random"))
            .take(5)
            .copied()
            .collect()
    };
    let seats = table("seat ");
    assert_eq!(seats.len(), 5, "{text}");
    assert!(seats.iter().any(|l| l.contains(" to -")), "{text}");
    let width = seats[0].chars().count();
    assert!(
        seats.iter().all(|l| l.chars().count() == width),
        "{seats:#?}"
    );
    let bots = table("bot ");
    assert_eq!(bots.len(), 2, "{text}");
    assert_eq!(
        bots[0].chars().count(),
        bots[1].chars().count(),
        "{bots:#?}"
    );
    assert!(bots[1].contains("25.0%     (every seat)"), "{bots:#?}");
}

#[test]
fn compare_says_both_files_problems_at_once() {
    // A's problems alone were said; B's came out on the next run.
    let dir = TempDir::new("compare-both-bad");
    let a = dir.file(
        "a.toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 0\n",
    );
    let b = dir.file(
        "b.toml",
        "extends = \"kingdomino\"\n[rules]\nline-size = \"x\"\n",
    );
    let r = run(&["compare", &a, &b, "-p", "2"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr.contains("a.toml:3:13: `grid-size`"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("b.toml:3:13: `line-size`"),
        "{}",
        r.stderr
    );
    // One file twice warns once.
    let warned = dir.file(
        "w.toml",
        "extends = \"kingdomino\"\nplayers = [2, 3]\n[rules]\nline-size = 3\nharmony = { enabled = true }\n[for-players.2]\nkings-per-player = 1\ndeck-size = 24\n",
    );
    let r = run(&["compare", &warned, &warned, "-p", "2", "-g", "4"]);
    assert_eq!(r.stderr.matches("warning:").count(), 1, "{}", r.stderr);
    // Spelt two ways, still one file; and a broken file twice says its problem once.
    let other_spelling = format!("{}/./w.toml", dir.arg());
    let r = run(&["compare", &warned, &other_spelling, "-p", "2", "-g", "4"]);
    assert_eq!(r.stderr.matches("warning:").count(), 1, "{}", r.stderr);
    let r = run(&["compare", &b, &b, "-p", "2"]);
    assert_eq!(r.stderr.matches("`line-size`").count(), 1, "{}", r.stderr);
}

/// A part file with a value of the wrong kind says what was expected in words (not Rust's
/// `u64` or `struct Shard`), and a fraction where a whole number counts wins reads as a value
/// of the wrong kind, not as a JSON syntax error of a well-formed file.
#[test]
fn a_part_file_of_the_wrong_kind_of_value_says_so_in_words() {
    let args = ["simulate", "kingdomino", "-p", "2", "-g", "4", "-s", "3"];
    let part = |k: u64| -> Value {
        let shard = format!("{k}/2");
        let mut all = args.to_vec();
        all.extend(["--shard", &shard]);
        run(&all).ok().json()
    };
    let second = TempFile::new("kind-2", "json", &part(2).to_string());
    let merge_with = |edit: &dyn Fn(&mut Value)| {
        let mut first = part(1);
        edit(&mut first);
        let first = TempFile::new("kind-1", "json", &first.to_string());
        run(&["merge", &first.arg(), &second.arg()]).fails().stderr
    };
    let said = merge_with(&|v| v["results"]["run"]["games"] = "4".into());
    assert!(
        said.contains("expected a whole number, 0 or more"),
        "{said}"
    );
    let said = merge_with(&|v| v["shard"] = "1/2".into());
    assert!(said.contains("expected an object"), "{said}");
    assert!(!said.contains("struct"), "{said}");
    let said = merge_with(&|v| v["results"]["tallies"][0]["seats"][0]["win_units"] = 1.5.into());
    assert!(
        said.contains("a number of the wrong kind here: a part file counts games, points and wins in whole numbers"),
        "{said}"
    );
    assert!(!said.contains("expected `,`"), "{said}");
    // Not a number at all where the reader reads a word (`simulate` or `compare`): not said
    // to be a whole number.
    let said = merge_with(&|v| v["results"]["run"]["kind"] = 5.into());
    assert!(
        said.contains("a value of another kind than a part file holds here"),
        "{said}"
    );
}

/// A part whose every figure agrees with the others but whose totals no kingdom of its rules
/// can reach is refused, naming it (a 5x5 kingdom of Kingdomino cannot total 1,000); a sum
/// that does not add up names both files it was adding.
#[test]
fn merge_refuses_totals_past_what_the_rules_allow() {
    const UNIT: u64 = 720_720;
    let mut v: Value = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "2",
        "--shard",
        "1/1",
    ])
    .ok()
    .json();
    let t = &mut v["results"]["tallies"][0];
    // Seat 1 totals 1000 and 1005, seat 2 (the winner, first to claim) 1100 and 1102: every
    // sum, square, histogram, first claim and margin made to agree.
    let seat = |totals: [i64; 2], wins: u64, placed: &Value| {
        let low = totals[0].min(totals[1]);
        let mut counts = vec![0u64; (totals[0].max(totals[1]) - low + 1) as usize];
        for x in totals {
            counts[(x - low) as usize] += 1;
        }
        serde_json::json!({
            "score": { "low": low, "counts": counts },
            "score_sum": totals[0] + totals[1],
            "score_sq_sum": totals[0] * totals[0] + totals[1] * totals[1],
            "win_units": UNIT * wins,
            "win_sq_units": UNIT * UNIT * wins,
            "placed": placed.clone(),
        })
    };
    let (s1, s2) = ([1000i64, 1005], [1100i64, 1102]);
    let placed = [
        t["seats"][0]["placed"].clone(),
        t["seats"][1]["placed"].clone(),
    ];
    t["seats"] = serde_json::json!([seat(s1, 0, &placed[0]), seat(s2, 2, &placed[1])]);
    let claims = |totals: [i64; 2], wins: u64| {
        serde_json::json!({
            "games": 2,
            "win_units": UNIT * wins,
            "win_sq_units": UNIT * UNIT * wins,
            "score_sum": totals[0] + totals[1],
            "score_sq_sum": totals[0] * totals[0] + totals[1] * totals[1],
        })
    };
    t["first_claims"] = serde_json::json!([claims(s2, 2), claims(s1, 0)]);
    let margins = [s2[0] - s1[0], s2[1] - s1[1]];
    t["finishes"] = serde_json::json!({
        "tied_top": 0,
        "shared": 0,
        "margin_sum": margins[0] + margins[1],
        "margin_sq_sum": margins[0] * margins[0] + margins[1] * margins[1],
    });
    let crafted = TempFile::new("crafted", "json", &v.to_string());
    let r = run(&["merge", &crafted.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(&format!(
            "{}: it says a seat totalled 1102, more than a kingdom of kingdomino can score",
            crafted.arg()
        )),
        "{}",
        r.stderr
    );
    // Real totals pass, however high the real kingdoms scored.
    let part = |shard: &str| {
        run(&[
            "simulate",
            "kingdomino",
            "-p",
            "2",
            "-g",
            "4",
            "--bots",
            "greedy,greedy",
            "--shard",
            shard,
        ])
        .ok()
        .stdout
    };
    let (p1, p2) = (part("1/2"), part("2/2"));
    let first = TempFile::new("first", "json", &p1);
    let second = TempFile::new("second", "json", &p2);
    run(&["merge", &first.arg(), &second.arg()]).ok();
    // The first part's decisions past any sum: both files are named, whichever is at fault.
    let mut v: Value = serde_json::from_str(&p1).expect("JSON");
    v["results"]["tallies"][0]["bots"][0]["decisions"] = Value::from(u64::MAX);
    let big = TempFile::new("big", "json", &v.to_string());
    let r = run(&["merge", &big.arg(), &second.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(&format!(
            "{} does not add up with {}",
            second.arg(),
            big.arg()
        )),
        "{}",
        r.stderr
    );
}

/// A part of a ruleset the binary knows is held to its player counts and to what one run plays;
/// one named as (or like) a known ruleset with other rules merges with a warning that its
/// figures were not held to the known one's rules (the report would read as that ruleset's).
#[test]
fn merge_holds_known_rulesets_to_their_counts_and_says_which_it_could_not_check() {
    let v: Value = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "2",
        "--shard",
        "1/1",
    ])
    .ok()
    .json();
    // Royal Wedding's name and hash on a 2-player run: it plays 3 to 8.
    let rw: Value = run(&[
        "simulate",
        "royal-wedding",
        "-p",
        "3",
        "-g",
        "1",
        "--shard",
        "1/1",
    ])
    .ok()
    .json();
    let mut two = v.clone();
    two["results"]["run"]["rulesets"] = rw["results"]["run"]["rulesets"].clone();
    let two = TempFile::new("two", "json", &two.to_string());
    let r = run(&["merge", &two.arg()]).expect_code(1);
    assert!(
        r.stderr.contains(&format!(
            "{}: it says 2 players, which royal-wedding does not allow (it allows 3, 4, 5, 6, 7, 8)",
            two.arg()
        )),
        "{}",
        r.stderr
    );
    // A run of more games than `simulate` plays (each of 100,000,001 shards holding 2 games).
    let mut many = v.clone();
    many["results"]["run"]["games"] = Value::from(200_000_002u64);
    many["shard"] = serde_json::json!({ "index": 1, "count": 100_000_001u64 });
    let many = TempFile::new("many", "json", &many.to_string());
    let r = run(&["merge", &many.arg()]).expect_code(1);
    assert!(
        r.stderr
            .contains("it says its run has 200000002 games, more than a run plays"),
        "{}",
        r.stderr
    );
    // Kingdomino's name with other rules: merged, and said.
    let mut other = v.clone();
    other["results"]["run"]["rulesets"][0]["hash"] = Value::from("fnv1a64:0000000000000000");
    let other = TempFile::new("other", "json", &other.to_string());
    let r = run(&["merge", &other.arg()]).ok();
    assert!(
        r.stderr.contains(
            "warning: the parts' `kingdomino` is not this build's: its rules differ (hash \
             fnv1a64:0000000000000000 against"
        ),
        "{}",
        r.stderr
    );
    // A name that only reads as Kingdomino: said as written.
    let mut like = v;
    like["results"]["run"]["rulesets"][0]["name"] = Value::from("king\u{200d}domino");
    let like = TempFile::new("like", "json", &like.to_string());
    let r = run(&["merge", &like.arg()]).ok();
    assert!(
        r.stderr.contains(
            "warning: the parts' ruleset `king\\u{200d}domino` is not this build's `kingdomino`"
        ),
        "{}",
        r.stderr
    );
}

/// A place whose own score never moved while other places' did (a claim-order rule giving the
/// first place nothing) still wins games differently: its unchanged wins get the interval of a
/// change never seen in those games, not `0.0 to 0.0%` (its own scores alone had said the games
/// were alike).
#[test]
fn a_place_whose_score_never_moved_still_gets_an_interval() {
    let dir = TempDir::new("place-unmoved");
    let comp = dir.file(
        "comp.toml",
        "extends = \"harmony\"\n[rules]\nmodules = [\"claim-order\"]\n[rules.module.claim-order]\npoints = [0, 1, 2]\n",
    );
    let text = run(&[
        "compare",
        "harmony",
        &comp,
        "--bots",
        "greedy,greedy,greedy",
        "--games",
        "20",
        "--seed",
        "11",
    ])
    .ok()
    .stdout;
    assert!(
        text.contains("1 wins +0.0%  (-16.2 to 16.2%), +0.00  points (0.00 to 0.00)"),
        "{text}"
    );
}

/// `simulate --dominoes --report`: the page charts the win share of each domino's placer, the
/// dominoes named on the axis, and its summary holds the table.
#[test]
fn a_report_of_dominoes_charts_each_domino() {
    let (html, _) = report_of(
        "report-dominoes",
        &[
            "simulate",
            "kingdomino",
            "-p",
            "4",
            "-g",
            "300",
            "--dominoes",
        ],
    );
    assert!(html.contains("<h2>Win share of the side placing each domino</h2>"));
    let chart = chart_texts(
        &html,
        "Win share of the side placing each domino (95% intervals",
    );
    assert!(chart.contains(&"48"), "{chart:?}");
    assert!(html.contains("placer wins"), "the summary's table");
    let (plain, _) = report_of(
        "report-no-dominoes",
        &["simulate", "kingdomino", "-p", "4", "-g", "30"],
    );
    assert!(!plain.contains("each domino"));
}

/// `compare --dominoes --report`: the page charts each domino's change in its placer's win
/// share, and no single ruleset's domino chart.
#[test]
fn a_report_of_a_comparison_of_dominoes_charts_each_change() {
    let lakes = super::rulesets_dir()
        .join("../docs/house-rules/lakes-double.toml")
        .display()
        .to_string();
    let (html, _) = report_of(
        "report-compare-dominoes",
        &[
            "compare",
            "kingdomino",
            &lakes,
            "-p",
            "4",
            "-g",
            "200",
            "--dominoes",
        ],
    );
    assert!(html.contains("<h2>Win share change of each domino's placer</h2>"));
    assert!(!html.contains("<h2>Win share of the side placing each domino</h2>"));
}

//! Saves and notation files from strangers: bounded memory and size, short and escaped quotes
//! in messages, limits on names and free text, and the malformed files that must not load.
//! Each test here failed before the file was hardened (see docs/saves.md, "What a file from a
//! stranger may and may not do").

use crownlands_core::Registry;
use crownlands_saves::notation::{self, ExportOptions};
use crownlands_saves::{MAX_SAVE_BYTES, Player, Problem, Save, SaveError, Session};
use std::sync::Arc;

/// xorshift64*: deterministic choices.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1) as u64) as usize
    }
}

fn registry() -> &'static Registry {
    Registry::shipped_ref()
}

fn shipped(name: &str) -> Arc<crownlands_core::Ruleset> {
    Arc::new(crownlands_rules::load_shipped(registry(), name).unwrap())
}

/// A game of `ruleset` for `n` players played to the end (or for `moves` actions).
fn played(ruleset: &str, n: u8, moves: Option<usize>) -> Session {
    let mut s = Session::new(shipped(ruleset), Player::seats(n, "random"), 5).unwrap();
    s.set_date(Some("2026-11-22".into()));
    let mut rng = Rng(99);
    let mut left = moves.unwrap_or(usize::MAX);
    while left > 0 {
        if s.game().is_over() && !s.next_game() {
            break;
        }
        let legal = s.game().legal_actions();
        s.apply(legal[rng.below(legal.len())]).unwrap();
        left -= 1;
    }
    s
}

/// A short unfinished Kingdomino game's save, as JSON.
fn save_json() -> String {
    played("kingdomino", 2, Some(10)).to_save().to_json()
}

/// The same game in the notation.
fn cgn() -> String {
    notation::export(&played("kingdomino", 2, Some(10)), ExportOptions::default()).unwrap()
}

/// The error of reading and loading `json` as a save.
fn save_error(json: &str) -> SaveError {
    Save::from_json(json, "s.json")
        .and_then(|s| s.load(registry(), "s.json"))
        .map(|_| ())
        .expect_err("refused")
}

fn import_error(text: &str) -> SaveError {
    notation::import(registry(), text, "n.cgn")
        .map(|_| ())
        .expect_err("refused")
}

/// A message is short and shows no control character.
fn assert_short(e: &SaveError) {
    let msg = e.to_string();
    assert!(msg.chars().count() < 600, "{} chars: {msg:.600}", msg.len());
    assert!(
        crownlands_core::text::first_unsafe_char(&msg).is_none(),
        "{msg:?}"
    );
}

/// `json` with the value of its first `"key": ...` replaced by `value`.
fn with_field(json: &str, key: &str, value: &str) -> String {
    let quoted = format!("\"{key}\": ");
    let start = json.find(&quoted).expect("the key") + quoted.len();
    let mut values =
        serde_json::Deserializer::from_str(&json[start..]).into_iter::<serde::de::IgnoredAny>();
    assert!(matches!(values.next(), Some(Ok(_))), "a value for {key}");
    let end = start + values.byte_offset();
    format!("{}{value}{}", &json[..start], &json[end..])
}

/// `n` copies of `item`, separated by commas.
fn many(item: &str, n: usize) -> String {
    let mut s = format!("{item},").repeat(n);
    s.pop();
    s
}

/// `game` (in the notation) with `token` before its first move.
fn before_first_move(game: &str, token: &str) -> String {
    assert!(game.contains("\n0. "), "{game}");
    game.replacen("\n0. ", &format!("\n0. {token} "), 1)
}

// 1. Memory and size.

#[test]
fn a_file_over_the_size_limit_is_refused_before_it_is_read() {
    assert_eq!(MAX_SAVE_BYTES, 16 << 20);
    let big = format!("{}{}", save_json(), " ".repeat(MAX_SAVE_BYTES as usize));
    let e = Save::from_json(&big, "big.json").unwrap_err();
    assert!(matches!(*e.problem, Problem::TooLarge { .. }), "{e}");
    let e = import_error(&format!(
        "{}{{{}}}",
        cgn(),
        "x".repeat(MAX_SAVE_BYTES as usize)
    ));
    assert!(matches!(*e.problem, Problem::TooLarge { .. }), "{e}");
    // Read from disk: refused from its size alone.
    let dir = std::env::temp_dir().join(format!("crownlands-untrusted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.json");
    std::fs::write(&path, &big).unwrap();
    let e = crownlands_saves::read_text(&path).unwrap_err();
    assert!(
        e.to_string()
            .ends_with(&format!("at most {} bytes are supported", 16 << 20)),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_embedded_ruleset_past_4_mib_is_refused_while_it_is_read() {
    let lines = many("\"\"", 5_000_000);
    let json = with_field(&save_json(), "ruleset", &format!("[{lines}]"));
    let e = Save::from_json(&json, "s.json").unwrap_err();
    assert!(
        e.to_string()
            .contains("the embedded ruleset is over 4194304 bytes"),
        "{e}"
    );
    assert!(e.line > 0 && e.column > 0, "{e}");
    let e = Save::from_json(
        &with_field(
            &save_json(),
            "ruleset",
            &format!("\"{}\"", "#".repeat(5 << 20)),
        ),
        "s.json",
    )
    .unwrap_err();
    assert!(e.to_string().contains("over 4194304 bytes"), "{e}");
}

#[test]
fn a_line_of_the_embedded_ruleset_holds_no_line_break() {
    // Element N of the array is line N, which the ruleset's errors name: an element holding a
    // line break would shift them, so it is refused, at its place in the file.
    let json = save_json();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lines = v["ruleset"].as_array().expect("an array of lines");
    for sep in ["\\n", "\\r"] {
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[7] = format!("\"grid-size = 5{sep}line-size = 3\"");
        let json = with_field(&json, "ruleset", &format!("[{}]", edited.join(",")));
        let e = Save::from_json(&json, "s.json").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 8 of the embedded ruleset holds a line break"),
            "{e}"
        );
        assert!(e.line > 0 && e.column > 0, "{e}");
    }
    // The whole ruleset as one string keeps its line breaks, as ever.
    let text = lines
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let json = with_field(&json, "ruleset", &serde_json::Value::from(text).to_string());
    Save::from_json(&json, "s.json")
        .and_then(|s| s.load(registry(), "s.json"))
        .expect("one string loads");
}

#[test]
fn counts_past_the_engines_limits_are_refused_while_they_are_read() {
    let json = save_json();
    let player = r#"{"seat":1,"name":"x","kind":"random"}"#;
    let players = many(player, 1000);
    let e = Save::from_json(
        &with_field(&json, "players", &format!("[{players}]")),
        "s.json",
    )
    .unwrap_err();
    assert_eq!(e.line, 7, "{e}");
    assert!(e.to_string().contains("more than 16 players"), "{e}");
    let save = Save::from_json(&json, "s.json").unwrap();
    let game = serde_json::to_string(&save.games[0]).unwrap();
    let games = many(&game, 21);
    let e =
        Save::from_json(&with_field(&json, "games", &format!("[{games}]")), "s.json").unwrap_err();
    assert!(e.to_string().contains("more than 20 games"), "{e}");
    // A game's totals: one per side.
    let finished = played("kingdomino", 2, None).to_save().to_json();
    let totals = many("1", 100_000);
    let e = save_error(&with_field(&finished, "totals", &format!("[{totals}]")));
    assert!(e.to_string().contains("more than 16 sides"), "{e}");
    assert_short(&e);
}

#[test]
fn an_action_is_at_most_a_kilobyte() {
    let json = save_json();
    let padded = format!("{{\"action\":\"claim\",\"domino\":5{}}}", " ".repeat(2000));
    let e = Save::from_json(
        &json.replacen("{\"action\":", &format!("{padded}, {{\"action\":"), 1),
        "s.json",
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("an action's JSON is at most 1024 bytes"),
        "{e}"
    );
    let e = import_error(&before_first_move(&cgn(), &format!("@{padded}")));
    assert!(
        e.to_string()
            .contains("an action's JSON is at most 1024 bytes"),
        "{e}"
    );
    assert_short(&e);
}

/// Peak memory (VmHWM, KiB) of `case` run in a child process of this test binary (Linux).
fn peak_kib(case: &str) -> Option<u64> {
    if !std::path::Path::new("/proc/self/status").exists() {
        return None;
    }
    let out = std::process::Command::new(std::env::current_exe().ok()?)
        .args(["--exact", "memory_child", "--ignored", "--nocapture"])
        .env("CROWNLANDS_MEMORY_CASE", case)
        .output()
        .ok()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().find_map(|l| l.strip_prefix("peak-kib: "));
    assert!(
        line.is_some(),
        "{case}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    line?.trim().parse().ok()
}

fn vm_hwm_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Run by [`reading_takes_memory_in_proportion_to_the_file`], one case a process.
#[test]
#[ignore = "run in a child process by reading_takes_memory_in_proportion_to_the_file"]
fn memory_child() {
    let Ok(case) = std::env::var("CROWNLANDS_MEMORY_CASE") else {
        return;
    };
    // 14 MB of file text in each case.
    let size = 14 << 20;
    let result = match case.as_str() {
        "ruleset-lines" => {
            let lines = many("\"\"", size / 3);
            Save::from_json(
                &with_field(&save_json(), "ruleset", &format!("[{lines}]")),
                "s.json",
            )
            .map(|_| ())
        }
        "players" => {
            let player = r#"{"seat":1,"name":"x","kind":"random"}"#;
            let players = many(player, size / player.len());
            Save::from_json(
                &with_field(&save_json(), "players", &format!("[{players}]")),
                "s.json",
            )
            .map(|_| ())
        }
        "tokens" => {
            let text = format!("{}\n{}\n", cgn(), "0 ".repeat(size / 2));
            notation::import(registry(), &text, "n.cgn").map(|_| ())
        }
        "comment" => {
            let text = cgn().replacen(" *", &format!(" {{{}}} *", "x".repeat(size)), 1);
            notation::import(registry(), &text, "n.cgn").map(|_| ())
        }
        "markers" => {
            let game = cgn();
            let first = game.find("\n0.").expect("round 0");
            let text = format!(
                "{}{}{}",
                &game[..first],
                "\n0.".repeat(size / 3),
                &game[first..]
            );
            notation::import(registry(), &text, "n.cgn").map(|_| ())
        }
        other => panic!("unknown case {other}"),
    };
    let outcome = match result {
        Ok(()) => "loads".to_string(),
        Err(e) => e.to_string().chars().take(200).collect(),
    };
    println!("outcome: {outcome}");
    println!("peak-kib: {}", vm_hwm_kib());
}

#[test]
fn reading_takes_memory_in_proportion_to_the_file() {
    // Each case builds 14 MB of text (twice over, as it is built) and reads it: 33 to 51 MiB
    // at the peak, the test binary included. Before, the same cases took 160 MiB (players),
    // 257 (comment), 308 (ruleset lines), 406 (round markers) and 649 (tokens: a vector per
    // character, then per token).
    let mut over = Vec::new();
    for case in ["ruleset-lines", "players", "tokens", "comment", "markers"] {
        let Some(peak) = peak_kib(case) else { return };
        if peak > 80 * 1024 {
            over.push(format!("{case}: {} MiB at the peak", peak / 1024));
        }
    }
    assert!(over.is_empty(), "{over:?}");
}

// 2. Quotes in messages: shortened, escaped.

#[test]
fn save_messages_quote_at_most_40_characters() {
    let json = save_json();
    // An action of an unknown kind.
    let kind = "z".repeat(900);
    let e = save_error(&json.replacen(
        "{\"action\":\"claim\"",
        &format!("{{\"action\":\"{kind}\"}}, {{\"action\":\"claim\""),
        1,
    ));
    assert_short(&e);
    assert!(
        e.to_string().contains(&format!("{}...", "z".repeat(30))),
        "{e}"
    );
    // An unknown field, a control character in its name.
    let e = save_error(&json.replacen(
        "\"seed\"",
        &format!("\"\\u001b[31m{}\": 1,\n  \"seed\"", "k".repeat(100_000)),
        1,
    ));
    assert_short(&e);
    assert!(
        e.to_string().contains("unknown field `\\u{1b}[31mkkk"),
        "{e}"
    );
    // A string where a number goes: serde quotes it.
    let e = save_error(&with_field(
        &json,
        "seed",
        &format!("\"{}\"", "9".repeat(100_000)),
    ));
    assert_short(&e);
    // A format or version that is not one.
    let e = save_error(&with_field(
        &json,
        "format",
        &format!("\"{}\"", "f".repeat(100_000)),
    ));
    assert_short(&e);
    let e = save_error(&with_field(
        &json,
        "version",
        &format!("[{}]", many("1", 100_000)),
    ));
    assert_short(&e);
    // The match result's totals.
    let dynasty = played("dynasty", 2, None).to_save().to_json();
    let e = save_error(&with_field(
        &dynasty,
        "totals",
        &format!("[{}]", many("7", 5000)),
    ));
    assert_short(&e);
}

/// A claim's or a discard's letter before a placement's colon (`c1:0,1e`) is said to be one,
/// not read as a domino named `c1`.
#[test]
fn a_placement_written_with_a_claims_letter_says_how_to_write_it() {
    let game = cgn();
    let first = game
        .lines()
        .find(|l| l.starts_with("1. "))
        .expect("round 1")
        .to_string();
    let token = first.split_whitespace().nth(1).expect("a placement");
    let (domino, at) = token.split_once(':').expect("DOMINO:X,Yd");
    let e = import_error(&game.replacen(token, &format!("c{domino}:{at}"), 1)).to_string();
    assert!(
        e.contains("a placement names its domino without a letter")
            && e.contains(&format!("a claim is `c{domino}`")),
        "{e}"
    );
}

/// The notation's version is written as the notation writes numbers (no leading zero or sign);
/// one past 64 bits is newer, not "no notation"; and a long one is quoted short.
#[test]
fn the_notation_version_is_read_as_written() {
    let game = cgn();
    let with = |v: &str| {
        import_error(&game.replacen(
            "[Notation \"crownlands 2\"]",
            &format!("[Notation \"crownlands {v}\"]"),
            1,
        ))
        .to_string()
    };
    for v in ["02", "+2", "0", " 2"] {
        assert!(
            with(v).contains("is not a notation this crownlands reads"),
            "{v}"
        );
    }
    let huge = with("99999999999999999999");
    assert!(
        huge.contains("notation version 99999999999999999999 is newer"),
        "{huge}"
    );
    let long = with(&"9".repeat(1000));
    assert!(long.contains("is newer") && long.contains("..."), "{long}");
    assert_short(&import_error(&game.replacen(
        "[Notation \"crownlands 2\"]",
        &format!("[Notation \"crownlands {}\"]", "9".repeat(1000)),
        1,
    )));
}

#[test]
fn notation_messages_quote_at_most_40_characters() {
    let game = cgn();
    let long = "k".repeat(1000);
    for (from, to) in [
        ("[Ruleset \"kingdomino\"]", format!("[Ruleset \"{long}\"]")),
        ("[Seed \"5\"]", format!("[Seed \"{long}\"]")),
        ("[Players \"2\"]", format!("[Players \"{long}\"]")),
        ("[Result \"*\"]", format!("[Result \"{long}\"]")),
        (
            "[Notation \"crownlands 2\"]",
            format!("[Notation \"{long}\"]"),
        ),
    ] {
        assert!(game.contains(from), "{from}: {game}");
        let e = import_error(&game.replacen(from, &to, 1));
        assert_short(&e);
        assert!(e.to_string().contains("kkk..."), "{from}: {e}");
    }
    let hash = game.find("[RulesetHash \"").expect("a hash");
    let end = hash + game[hash..].find('\n').expect("a line");
    let e = import_error(&format!(
        "{}[RulesetHash \"{long}\"]{}",
        &game[..hash],
        &game[end..]
    ));
    assert_short(&e);
    // A hash of no hash's shape is said to be none (not taken for an update of the rules).
    let e = import_error(&format!(
        "{}[RulesetHash \"zzzz\"]{}",
        &game[..hash],
        &game[end..]
    ));
    assert!(
        e.to_string()
            .contains("the RulesetHash header holds zzzz (no hash: a hash is `fnv1a64:`"),
        "{e}"
    );
    // A header's key: refused past 64 characters, quoted once and short.
    let e = import_error(&format!("[{} \"x\"]\n{game}", "A".repeat(100_000)));
    assert_short(&e);
    assert!(
        e.to_string().contains("is longer than 64 characters"),
        "{e}"
    );
    // An old `@{...}` token that is no action.
    let e = import_error(&before_first_move(
        &game,
        &format!("@{{\"action\":\"{}\"}}", "q".repeat(900)),
    ));
    assert_short(&e);
    // A token after `*`, and an illegal one.
    let e = import_error(&format!("{} {}\n", game.trim_end(), "c1".repeat(500)));
    assert_short(&e);
}

#[test]
fn markers_are_numbers_without_leading_zeros() {
    let game = cgn();
    for marker in [
        format!("{}7.", "0".repeat(100_000)),
        format!("G{}7", "0".repeat(100_000)),
        "00.".to_string(),
        "+0.".to_string(),
        "G01".to_string(),
        "G+1".to_string(),
    ] {
        let text = game.replacen("\n0.", &format!("\n{marker} 0."), 1);
        let e = import_error(&text);
        assert_short(&e);
        assert!(e.to_string().contains("marker"), "{marker:.20}: {e}");
    }
}

// 3. Names and other free text.

/// A seat named nothing (or spaces) in a file from elsewhere is `seat N` once read, in a save
/// and in the notation: the lines that name it (`replay`, the table) read, and the game loads.
#[test]
fn a_blank_name_is_the_seats_number() {
    let json = save_json();
    for blank in ["\"\"", "\"   \""] {
        let save = Save::from_json(&with_field(&json, "name", blank), "s.json").expect("read");
        let session = save.load(registry(), "s.json").expect("loads");
        assert_eq!(session.players()[0].name, "seat 1");
        assert_eq!(session.players()[1].name, "random 2");
    }
    let text = cgn().replacen("[Seat1 \"random 1 (random)\"]", "[Seat1 \" (random)\"]", 1);
    assert!(text.contains("[Seat1 \" (random)\"]"), "{text}");
    let session = notation::import(registry(), &text, "n.cgn").expect("imports");
    assert_eq!(session.players()[0].name, "seat 1");
}

#[test]
fn names_kinds_and_ruleset_names_have_a_length_limit() {
    let json = save_json();
    let name = |n: usize| format!("\"{}\"", "N".repeat(n));
    assert!(Save::from_json(&with_field(&json, "name", &name(64)), "s.json").is_ok());
    let e = save_error(&with_field(&json, "name", &name(10_000_000)));
    assert!(
        e.to_string()
            .contains("`players[0].name` is longer than 64 characters"),
        "{e}"
    );
    assert_short(&e);
    let e = save_error(&with_field(&json, "kind", &name(257)));
    assert!(e.to_string().contains("longer than 256 characters"), "{e}");
    let e = save_error(&with_field(&json, "ruleset_name", &name(1000)));
    assert!(e.to_string().contains("`ruleset_name` is longer"), "{e}");
    // In the notation.
    let game = cgn();
    let text = game.replacen(
        "[Seat1 \"random 1 (random)\"]",
        &format!("[Seat1 \"{} (random)\"]", "N".repeat(65)),
        1,
    );
    let e = import_error(&text);
    assert!(
        e.to_string()
            .contains("the name of seat 1 is longer than 64 characters"),
        "{e}"
    );
    assert_eq!((e.line, e.column), (6, 8), "{e}");
    // A value past 1024 characters is refused as it is read.
    let text = game.replacen(
        "[Seat1 \"random 1",
        &format!("[Seat1 \"{}", "N".repeat(2000)),
        1,
    );
    let e = import_error(&text);
    assert!(e.to_string().contains("longer than 1024 characters"), "{e}");
}

// 4. Malformed files that loaded.

#[test]
fn dates_are_real_dates() {
    let json = save_json();
    for date in ["2026-13-45", "xxxx", "2026-02-30", "26-11-22", ""] {
        let e = save_error(&with_field(&json, "date", &format!("\"{date}\"")));
        assert!(e.to_string().contains("is not a date"), "{date}: {e}");
        let text = cgn().replacen("2026-11-22", date, 1);
        let e = import_error(&text);
        assert!(e.to_string().contains("is not a date"), "{date}: {e}");
    }
    assert!(Save::from_json(&with_field(&json, "date", "\"2024-02-29\""), "s.json").is_ok());
}

#[test]
fn an_action_with_an_unknown_field_or_a_key_twice_is_refused() {
    let s = played("kingdomino", 2, Some(10));
    let json = s.to_save().to_json();
    let first = s.to_save().games[0].actions[0].json().to_string();
    assert!(
        first.starts_with("{\"action\":\"claim\",\"domino\":"),
        "{first}"
    );
    let padded = first.replacen('}', ",\"pad\":\"zz\"}", 1);
    let e = save_error(&json.replacen(&first, &padded, 1));
    assert!(
        e.to_string()
            .contains("action 1 (games[0].actions[0]): `{\"action\":\"claim\""),
        "{e}"
    );
    assert!(e.to_string().contains("unknown field `pad`"), "{e}");
    let twice = first.replacen("\"domino\":", "\"domino\":5,\"domino\":", 1);
    let e = save_error(&json.replacen(&first, &twice, 1));
    assert!(e.to_string().contains("duplicate field `domino`"), "{e}");
    assert!(e.line > 0, "{e}");
    // The keys in another order read: JSON objects have no order.
    let domino = first
        .trim_start_matches("{\"action\":\"claim\",")
        .trim_end_matches('}');
    let reordered = format!("{{{domino},\"action\":\"claim\"}}");
    Save::from_json(&json.replacen(&first, &reordered, 1), "s.json")
        .unwrap()
        .load(registry(), "s.json")
        .unwrap();
    // An old notation file's `@{...}` tokens likewise.
    let game = cgn();
    let moves = game.find("\n0. ").expect("moves") + 4;
    let token = game[moves..].split_whitespace().next().expect("a claim");
    assert!(token.starts_with('c'), "{token}");
    let text = format!(
        "{}@{padded}{}",
        &game[..moves],
        &game[moves + token.len()..]
    );
    let e = import_error(&text);
    assert!(e.to_string().contains("unknown field `pad`"), "{e}");
}

#[test]
fn match_totals_padded_with_zeros_are_refused_outside_old_team_saves() {
    let s = played("dynasty", 2, None);
    assert!(s.is_over());
    let mut save = s.to_save();
    save.load(registry(), "d.json").unwrap();
    if let Some(r) = &mut save.result {
        r.totals.extend([0, 0]);
    }
    let e = save.load(registry(), "d.json").unwrap_err();
    assert!(e.to_string().contains("match totals"), "{e}");
    // The JSON way, with many zeros.
    let json = s.to_save().to_json();
    let result = json.find("\"result\"").expect("a result");
    let totals = result + json[result..].find("\"totals\": [").expect("totals");
    let end = totals + json[totals..].find(']').expect("the end of the totals");
    let padded = format!("{},{}{}", &json[..end], many("0", 10), &json[end..]);
    assert!(save_error(&padded).to_string().contains("match totals"));
    let padded = format!("{},{}{}", &json[..end], many("0", 1_000_000), &json[end..]);
    assert!(
        save_error(&padded)
            .to_string()
            .contains("more than 16 sides")
    );
}

#[test]
fn seat_players_and_seed_headers_are_written_one_way() {
    let game = cgn();
    for (from, to, says) in [
        (
            "[Seat1 ",
            "[Seat99999999999999999999999 ",
            "header `Seat99999999999999999999999`",
        ),
        ("[Seat1 ", "[Seat01 ", "header `Seat01`"),
        ("[Seat1 ", "[Seat0 ", "header `Seat0`"),
        (
            "[Seat1 ",
            "[Seat3 ",
            "header `Seat3` but the game has 2 players",
        ),
        ("[Players \"2\"]", "[Players \"02\"]", "`02` players"),
        ("[Players \"2\"]", "[Players \" 2\"]", "` 2` players"),
        ("[Players \"2\"]", "[Players \"+2\"]", "`+2` players"),
        ("[Seed \"5\"]", "[Seed \" +1\"]", "the seed ` +1`"),
        ("[Seed \"5\"]", "[Seed \"05\"]", "the seed `05`"),
        ("[Seed \"5\"]", "[Seed \"5 \"]", "the seed `5 `"),
    ] {
        assert!(game.contains(from), "{from}");
        let e = import_error(&game.replacen(from, to, 1));
        assert!(e.to_string().contains(says), "{to}: {e}");
    }
}

#[test]
fn kinds_that_would_not_read_back_are_refused() {
    let json = save_json();
    let e = save_error(&with_field(&json, "kind", "\"bot) (human\""));
    assert!(e.to_string().contains("holds a parenthesis"), "{e}");
    // Export refuses it rather than write a file that imports as another game.
    let mut s = Session::new(
        shipped("kingdomino"),
        vec![
            Player::new(1, "Ann", "bot) (human"),
            Player::new(2, "Bob", "human"),
        ],
        1,
    )
    .unwrap();
    s.set_date(None);
    let e = notation::export(&s, ExportOptions::default()).unwrap_err();
    assert!(e.to_string().contains("holds a parenthesis"), "{e}");
    // Names may hold anything printable: they come back as they were.
    let names = ["Ann (the first)", "\"Bob\" \\ (x", "Zoé ()"];
    let players: Vec<Player> = names
        .iter()
        .enumerate()
        .map(|(i, n)| Player::new(i as u32 + 1, *n, "human"))
        .collect();
    let s = Session::new(shipped("kingdomino"), players.clone(), 1).unwrap();
    let text = notation::export(&s, ExportOptions::default()).unwrap();
    let back = notation::import(registry(), &text, "n.cgn").unwrap();
    assert_eq!(back.players(), players.as_slice());
}

// 5. The ruleset's name.

#[test]
fn the_ruleset_name_is_the_embedded_rulesets() {
    let json = save_json();
    let e = save_error(&with_field(
        &json,
        "ruleset_name",
        &format!("\"{}\"", "Z".repeat(200)),
    ));
    assert!(
        e.to_string()
            .contains("but the embedded ruleset is named `kingdomino`"),
        "{e}"
    );
    assert_short(&e);
    // A name differing by a character drawn as nothing (a zero width joiner) says where.
    let e = save_error(&with_field(&json, "ruleset_name", "\"king\\u200ddomino\""));
    assert!(
        e.to_string().contains(
            "`ruleset_name` is `king\\u{200d}domino` but the embedded ruleset is named `kingdomino`"
        ),
        "{e}"
    );
    // A notation file embedding its ruleset under another name than its header's.
    let s = played("kingdomino", 2, Some(10));
    let text = notation::export(
        &s,
        ExportOptions {
            embed_ruleset: true,
        },
    )
    .unwrap();
    let e =
        import_error(&text.replacen("[Ruleset \"kingdomino\"]", "[Ruleset \"queendomino\"]", 1));
    assert!(
        e.to_string()
            .contains("the Ruleset header says `queendomino`"),
        "{e}"
    );
    // A RulesetHash of no hash's shape: said as such, embedded or named, refused or (with
    // `--current-rules`) warned of.
    let zzzz = |t: &str| {
        let at = t.find("[RulesetHash \"").expect("a hash");
        let end = at + t[at..].find('\n').expect("a line");
        format!("{}[RulesetHash \"zzzz\"]{}", &t[..at], &t[end..])
    };
    let e = import_error(&zzzz(&text));
    assert!(
        e.to_string()
            .contains("the RulesetHash header holds zzzz (no hash: a hash is `fnv1a64:` and 16 hex digits): the header was damaged or written by hand (the embedded ruleset's hash is fnv1a64:"),
        "{e}"
    );
    let named = notation::export(&s, ExportOptions::default()).unwrap();
    let (_, warnings) = notation::import_with_options(
        registry(),
        &zzzz(&named),
        "n.cgn",
        notation::ImportOptions {
            current_rules: true,
        },
    )
    .expect("read under the rules of now");
    assert!(
        warnings.iter().any(|w| w.contains(
            "the RulesetHash header holds zzzz (no hash: a hash is `fnv1a64:` and 16 hex digits), so the ruleset `kingdomino` of this build may not be the one"
        )),
        "{warnings:?}"
    );
}

#[test]
fn every_save_the_program_writes_loads() {
    // A ruleset file of one's own, named by `name` or by its file, played and saved as `play`
    // and `simulate --save` save.
    for (text, file) in [
        ("extends = \"kingdomino\"\n", "my rules.toml"),
        (
            "extends = \"queendomino\"\nname = \"Q \\\"quoted\\\" é\"\n",
            "q.toml",
        ),
    ] {
        let ruleset = Arc::new(
            crownlands_rules::load_str(registry(), text, std::path::Path::new(file)).unwrap(),
        );
        let mut s = Session::new(ruleset.clone(), Player::seats(2, "greedy"), 3).unwrap();
        let mut rng = Rng(5);
        while !s.is_over() {
            let legal = s.game().legal_actions();
            s.apply(legal[rng.below(legal.len())]).unwrap();
        }
        let save = Save::from_actions(ruleset, s.players().to_vec(), 3, s.actions()).unwrap();
        let back = Save::from_json(&save.to_json(), "f.json").unwrap();
        back.load(registry(), "f.json")
            .unwrap_or_else(|e| panic!("{e}"));
        let cgn = notation::export(&s, ExportOptions::default()).unwrap();
        notation::import(registry(), &cgn, "f.cgn").unwrap_or_else(|e| panic!("{e}"));
    }
}

// 6. What the docs say.

#[test]
fn a_new_line_escape_is_refused_in_headers() {
    let game = cgn();
    let e = import_error(&game.replacen("[Seat1 \"random 1", "[Seat1 \"random\\n1", 1));
    assert!(e.to_string().contains("unknown escape"), "{e}");
    // The escapes that remain.
    let text = game.replacen("[Seat1 \"random 1", "[Seat1 \"\\\"random\\\\ 1", 1);
    let back = notation::import(registry(), &text, "n.cgn").unwrap();
    assert_eq!(back.players()[0].name, "\"random\\ 1");
}

#[test]
fn save_columns_count_characters() {
    let a = r#"{"format":"crownlands-save","version":1,"ruleset_name":"aaaaaaaaaa","x":1}"#;
    let e = r#"{"format":"crownlands-save","version":1,"ruleset_name":"éééééééééé","x":1}"#;
    let ea = Save::from_json(a, "a.json").unwrap_err();
    let ee = Save::from_json(e, "e.json").unwrap_err();
    assert_eq!((ea.line, ea.column), (1, 71), "{ea}");
    assert_eq!((ee.line, ee.column), (1, 71), "{ee}");
}

#[test]
fn the_moves_are_plain_text() {
    // NEL, a line separator or a lone carriage return between moves used to read as spaces.
    let text = cgn();
    for sep in ['\u{85}', '\u{2028}', '\r'] {
        assert!(text.contains("\n0. "), "{text}");
        let bad = text.replacen("\n0. ", &format!("\n0.{sep}"), 1);
        let e = import_error(&bad);
        let msg = e.to_string();
        assert!(
            msg.contains(&format!("U+{:04X} between the moves", u32::from(sep))),
            "{msg}"
        );
        assert_short(&e);
    }
    // Inside a token, an invisible mark makes a token that does not read, shown escaped.
    let e = import_error(&text.replacen("\n0. ", "\n0.\u{200e}", 1));
    assert!(e.to_string().contains("\\u{200e}"), "{e}");
    assert_short(&e);
    // Comments too: an escape sequence in a comment would run on `cat game.cgn`.
    let e = import_error(&text.replacen("\n0. ", "\n0. {\u{1b}[31m red} ", 1));
    assert!(e.to_string().contains("U+001B in a comment"), "{e}");
    assert!(
        notation::import(
            registry(),
            &text.replacen("\n0. ", "\n0. {a note} ", 1),
            "n.cgn"
        )
        .is_ok()
    );
    // CRLF line ends and tabs are plain text.
    let crlf = text.replace('\n', "\r\n").replacen(' ', "\t", 1);
    assert!(notation::import(registry(), &crlf, "n.cgn").is_ok());
}

#[test]
fn a_notation_file_read_as_a_save_says_what_it_is() {
    let e = Save::from_json(&cgn(), "g.cgn").expect_err("not a save");
    assert!(
        e.to_string()
            .contains("crownlands import FILE -o game.json"),
        "{e}"
    );
    // `format` given twice is a duplicate key, where it is (it read as no `format` at all).
    let text = save_json().replacen(
        "\"format\": \"crownlands-save\",",
        "\"format\": \"crownlands-save\", \"format\": \"crownlands-save\",",
        1,
    );
    assert_ne!(text, save_json(), "the save names its format");
    let e = Save::from_json(&text, "j.json").expect_err("twice");
    assert!(e.to_string().contains("duplicate field `format`"), "{e}");
    assert!(e.line > 0, "{e}");
}

#[test]
fn a_save_file_given_for_the_notation_is_named_as_one() {
    let e = import_error(&save_json());
    let msg = e.to_string();
    assert!(
        msg.contains("this is a save file (JSON), not the game notation"),
        "{msg}"
    );
    assert_short(&e);
}

#[test]
fn other_json_given_for_the_notation_is_named_as_json_and_read_without_being_kept() {
    // A file of two million small objects (16 MiB, under the size limit): refused as JSON, not
    // as a save, and read past rather than built (it took 1.6 GB as a `serde_json::Value`).
    let many = format!("{{\"a\":[{}{{\"\":0}}]}}", "{\"\":0},".repeat(2_000_000));
    for text in [many.as_str(), "{\"format\": 3}", "{}"] {
        let e = import_error(text);
        let msg = e.to_string();
        assert!(
            msg.contains("this is JSON, not the game notation (nor a save file"),
            "{msg}"
        );
        assert_short(&e);
    }
}

#[test]
fn a_notation_file_cut_short_says_the_game_is_not_over() {
    // A finished game's notation, its last moves gone: the Result header is of a game the
    // moves no longer reach, and `*` is said in words.
    let text = notation::export(&played("kingdomino", 2, None), ExportOptions::default()).unwrap();
    let cut = text.trim_end().rsplit_once(' ').map(|(a, _)| a).unwrap();
    let msg = import_error(&format!("{cut}\n")).to_string();
    assert!(
        msg.contains("replay to a game not over (\"*\"): are moves missing at the end?"),
        "{msg}"
    );
}

#[test]
fn a_notation_file_opening_with_a_comment_is_not_taken_for_json() {
    let text = format!("{{a comment}}\n{}", cgn());
    let msg = notation::import(registry(), &text, "n.cgn")
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert!(
        msg.as_ref()
            .err()
            .is_none_or(|m| !m.contains("save file (JSON)")),
        "{msg:?}"
    );
}

#[test]
fn a_players_count_edited_without_its_seats_is_suspected() {
    // A 2-player game's notation with `Players` raised to 3 (no `Seat3`): another deal, refused
    // at some move; the message says which seat the headers leave unnamed.
    let text = notation::export(&played("kingdomino", 2, None), ExportOptions::default()).unwrap();
    let edited = text.replace("[Players \"2\"]", "[Players \"3\"]");
    assert_ne!(edited, text);
    let msg = import_error(&edited).to_string();
    assert!(
        msg.contains("the headers set up 3 players but name no `Seat3`: is `Players` right?"),
        "{msg}"
    );
}

#[test]
fn a_core_action_out_of_range_is_quoted_in_its_message() {
    // The reader's position is the action's end: the action is quoted, so the value shows.
    let json = save_json();
    let first = json
        .find("{\"action\":\"claim\",\"domino\":")
        .expect("a claim");
    let end = first + json[first..].find('}').expect("its end") + 1;
    let json = format!(
        "{}{}{}",
        &json[..first],
        "{\"action\":\"claim\",\"domino\":99999}",
        &json[end..]
    );
    let e = Save::from_json(&json, "s.json").unwrap_err();
    assert!(
        e.to_string()
            .contains("in the action `{\"action\":\"claim\",\"domino\":99999}`")
            && e.to_string()
                .contains("expected a whole number from 0 to 65535"),
        "{e}"
    );
    assert_short(&e);
    // Digits past every integer the reader holds: said as a whole number past the range, not
    // as the float `1e+30` it read them as.
    let end = first + json[first..].find('}').expect("its end") + 1;
    let huge = format!(
        "{}{{\"action\":\"claim\",\"domino\":1{}}}{}",
        &json[..first],
        "0".repeat(30),
        &json[end..]
    );
    let e = Save::from_json(&huge, "s.json").unwrap_err();
    assert!(
        e.to_string().contains(
            "a whole number past the range (about 1e+30), expected a whole number from 0 to 65535"
        ) && !e.to_string().contains("floating point"),
        "{e}"
    );
}

#[test]
fn a_seed_past_the_range_is_said_to_be_no_seed() {
    for seed in ["18446744073709551616", "-1", "1.5"] {
        let json = with_field(&save_json(), "seed", seed);
        let e = Save::from_json(&json, "s.json").unwrap_err();
        assert!(
            e.to_string()
                .contains("a seed: a whole number from 0 to 18446744073709551615"),
            "{seed}: {e}"
        );
    }
    let json = with_field(&save_json(), "seed", "\"7\"");
    let e = Save::from_json(&json, "s.json").unwrap_err();
    assert!(e.to_string().contains("a whole number"), "{e}");
}

#[test]
fn seats_out_of_order_are_refused_as_the_file_is_read() {
    // Before anything of the file is shown (`replay` printed its header first).
    let json = save_json();
    let at = json.find("\"seat\": 1").expect("seat 1");
    let json = format!(
        "{}\"seat\": 0{}",
        &json[..at],
        &json[at + "\"seat\": 1".len()..]
    );
    let e = Save::from_json(&json, "s.json").unwrap_err();
    assert!(e.to_string().contains("players[0] has seat 0"), "{e}");
}

#[test]
fn lines_before_the_moves_are_plain_text_ending_with_a_new_line() {
    // Old Mac line endings (a lone carriage return) or a line separator had run the headers
    // together ("expected `]` to end the line"), or been let through before the first header.
    let text = cgn();
    let crlf = text.replace('\n', "\r\n");
    notation::import(registry(), &crlf, "n.cgn").expect("CRLF line endings read");
    for (edited, said) in [
        (
            text.replace('\n', "\r"),
            "U+000D (a carriage return not followed",
        ),
        (format!("\u{2028}{text}"), "U+2028 (a line separator"),
        (
            text.replacen("]\n", "]\u{85}\n", 1),
            "U+0085 (a line separator",
        ),
    ] {
        let e = import_error(&edited);
        assert!(e.to_string().contains(said), "{e}");
        assert!(e.line == 1 && e.column > 0, "{e}");
        assert_short(&e);
    }
}

/// `*` ends an unfinished game once, and nothing follows it; a round or a game is marked once,
/// before its first move: a marker doubled or out of its place is refused where it stands.
#[test]
fn markers_are_given_once_and_in_their_place() {
    let game = cgn();
    assert!(game.trim_end().ends_with(" *"), "{game}");
    let ended = game.trim_end();
    let star = ended.lines().last().map_or(0, |l| l.chars().count());
    let lines = ended.lines().count();
    // `0.` again after the first claim.
    let first = game.find("\n0. ").expect("round 0") + 4;
    let second = first + game[first..].find(' ').expect("a second claim");
    let mid_round = format!("{} 0.{}", &game[..second], &game[second..]);
    for (text, says) in [
        (
            format!("{ended} *\n"),
            format!(
                ":{lines}:{}: a second `*` (the first is at {lines}:{star})",
                star + 2
            ),
        ),
        (
            format!("{ended}\n*\n"),
            format!(
                ":{}:1: a second `*` (the first is at {lines}:{star})",
                lines + 1
            ),
        ),
        (
            format!("{ended} 1.\n"),
            "`1.` after `*`, which ends an unfinished game".to_string(),
        ),
        (
            format!("{ended} G1\n"),
            "`G1` after `*`, which ends an unfinished game".to_string(),
        ),
        (
            game.replacen("\n0. ", "\n0. 0. ", 1),
            "round marker `0.` again (round 0 is marked at".to_string(),
        ),
        (
            game.replacen("\n1. ", "\n1. {a comment} 1. ", 1),
            "round marker `1.` again (round 1 is marked at".to_string(),
        ),
        (
            mid_round.clone(),
            "round marker `0.` in the middle of round 0".to_string(),
        ),
        (
            game.replacen("\n0. ", "\nG1 G1 0. ", 1),
            "game marker `G1` again (game 1 is marked at".to_string(),
        ),
        (
            game.replacen("\n0. ", "\n0. G1 ", 1),
            "game marker `G1` after the marker of its round 0".to_string(),
        ),
    ] {
        let e = import_error(&text);
        assert!(e.to_string().contains(&says), "{says}\n{e}\n{text}");
    }
    // Each marker once, in its place, still reads.
    notation::import(registry(), &game.replacen("\n0. ", "\nG1 0. ", 1), "n.cgn")
        .expect("a game marker before the first round's");
}

/// What a save writes as an object (a player, a game, its status, what decided it, the phase,
/// an action and the objects inside it) is read only as one: a list of its fields in order,
/// which the readers of the Rust types took (`[1, "Ann", "human"]` read as a player), is
/// refused where it stands, with what was expected in words.
#[test]
fn an_object_of_a_save_given_as_a_list_is_refused() {
    let unfinished = save_json();
    let finished = played("kingdomino", 2, None).to_save().to_json();
    let placing = {
        let s = played("kingdomino", 2, None).to_save();
        s.games[0]
            .actions
            .iter()
            .map(|a| a.json().to_string())
            .find(|a| a.contains("\"first\":{\"x\":"))
            .expect("a placement")
    };
    let listed_cell = {
        let start = placing.find("{\"x\":").expect("a cell");
        let end = start + placing[start..].find('}').expect("its end") + 1;
        let cell: serde_json::Value = serde_json::from_str(&placing[start..end]).unwrap();
        format!(
            "{}[{},{}]{}",
            &placing[..start],
            cell["x"],
            cell["y"],
            &placing[end..]
        )
    };
    let first_claim = {
        let s = played("kingdomino", 2, Some(10)).to_save();
        s.games[0].actions[0].json().to_string()
    };
    let domino = serde_json::from_str::<serde_json::Value>(&first_claim).unwrap()["domino"].clone();
    for (json, says) in [
        (
            with_field(
                &unfinished,
                "players",
                "[[1, \"Ann\", \"human\"], [2, \"Bob\", \"random\"]]",
            ),
            "invalid type: a list, expected a player (an object with `seat`, `name` and `kind`)"
                .to_string(),
        ),
        (
            with_field(
                &unfinished,
                "players",
                "[[1, \"Ann\"], {\"seat\": 2, \"name\": \"Bob\", \"kind\": \"random\"}]",
            ),
            "invalid type: a list, expected a player".to_string(),
        ),
        (
            with_field(&unfinished, "players", "[\"Ann\", \"Bob\"]"),
            "invalid type: string \"Ann\", expected a player".to_string(),
        ),
        (
            with_field(
                &unfinished,
                "status",
                "[\"unfinished\", null, null, null, null, {\"phase\": \"claim\"}, 0, 10]",
            ),
            "invalid type: a list, expected a game's status".to_string(),
        ),
        (
            with_field(&finished, "decided_by", "[\"score\"]"),
            "invalid type: a list, expected what decided the game".to_string(),
        ),
        (
            with_field(&unfinished, "phase", "[\"claim\"]"),
            "invalid type: a list, expected what the game waits for".to_string(),
        ),
        (
            unfinished.replacen(&first_claim, &format!("[\"claim\",{domino}]"), 1),
            format!("`[\"claim\",{domino}]` is no action: an action is an object"),
        ),
        (
            finished.replacen(&placing, &listed_cell, 1),
            "`placement.first` is a list, not an object".to_string(),
        ),
    ] {
        let e = save_error(&json);
        assert!(e.to_string().contains(&says), "{says}\n{e}");
        assert!(
            e.line > 0 || e.to_string().contains("(games[0].actions["),
            "placed: {e}"
        );
    }
    // A whole game as a list.
    let games = unfinished.find("\"games\": [").expect("games") + "\"games\": [".len();
    let e = save_error(&format!(
        "{}[1, [], {{}}], {}",
        &unfinished[..games],
        &unfinished[games..]
    ));
    assert!(
        e.to_string()
            .contains("invalid type: a list, expected a game (an object with `seed`"),
        "{e}"
    );
}

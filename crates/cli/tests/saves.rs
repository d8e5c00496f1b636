//! `crownlands replay`, `export` and `import` run as processes.

use std::path::{Path, PathBuf};
use std::process::Command;

const GAME: &str = r#"[Notation "crownlands 1"]
[Ruleset "kingdomino"]
[Seed "42"]
[Players "2"]
[Seat1 "Alice (human)"]
[Seat2 "Bob (random)"]
[Date "2026-11-22"]
[Result "19, 25: seat 2 wins (score)"]

0. c41 c31 c35 c20
1. 20:0,2n c29 31:-2,0e c8 35:-2,-1w c45 41:1,2s c22
2. 8:-2,-2e c32 22:2,2s c36 29:0,4e c1 45:0,1s c5
3. 1:4,2w c28 5:-4,-1n c2 32:0,-1n c9 36:3,3e c3
4. 2:-2,1e c4 3:1,0s c44 9:-3,0w c18 28:2,0e c47
5. x4 c13 x18 c42 44:3,4w c17 x47 c40
6. 13:-2,2e 17:4,1w x40 42:-4,1e
"#;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_crownlands"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("crownlands-cli-saves-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/malformed")
        .join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn import_replay_export_round_trip() {
    let dir = temp_dir("round");
    let cgn = dir.join("game.cgn");
    let save = dir.join("game.json");
    std::fs::write(&cgn, GAME).expect("write");
    let (code, out, err) = run(&["import", s(&cgn), "-o", s(&save)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("1 game of kingdomino (48 actions, finished: 19, 25: seat 2 wins (score))"),
        "{out}"
    );

    let (code, out, err) = run(&["replay", s(&save)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("   5. round 1  seat 2 (Bob) places 20 (wheat (1 crown) | lake)"),
        "{out}"
    );
    assert!(out.contains("Result: seat 2 (Bob) wins on score"), "{out}");
    // --step with no terminal on standard input prints everything without waiting.
    let (code, step_out, _) = run(&["replay", s(&save), "--step"]);
    assert_eq!((code, step_out), (Some(0), out));

    let (code, out, _) = run(&["replay", s(&save), "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["games"][0]["moves"].as_array().map(Vec::len), Some(48));
    assert_eq!(v["games"][0]["outcome"]["winners"], serde_json::json!([2]));

    let (code, out, _) = run(&["export", s(&save)]);
    assert_eq!(code, Some(0));
    let moves = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(moves(&out).trim(), moves(GAME).trim());
    assert!(out.contains("[RulesetHash \"fnv1a64:"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tampered_save_fails_and_stays_untouched() {
    let path = corpus("tampered-placement.json");
    let before = std::fs::read(&path).expect("corpus file");
    let (code, _, err) = run(&["replay", s(&path)]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("action 7 (games[0].actions[6]) `31:-5,0w` is illegal: domino 31 cannot go at (-5, 0) west"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).expect("still there"), before);
    let (code, _, err) = run(&["export", s(&corpus("future-version.json"))]);
    assert_eq!(code, Some(1));
    assert!(err.contains("save format version 2 is newer"), "{err}");
}

#[test]
fn a_bad_notation_file_writes_nothing() {
    let dir = temp_dir("bad");
    let out = dir.join("out.json");
    let (code, _, err) = run(&["import", s(&corpus("illegal-placement.cgn")), "-o", s(&out)]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with("error: "), "{err}");
    assert!(
        err.contains("illegal-placement.cgn:10:16: action 7"),
        "{err}"
    );
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

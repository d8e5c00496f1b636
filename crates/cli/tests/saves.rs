//! `crownlands replay`, `export` and `import` run as processes.

use std::path::{Path, PathBuf};
use std::process::Command;

const GAME: &str = r#"[Notation "crownlands 1"]
[Ruleset "kingdomino"]
[Seed "7760072293395518107"]
[Players "2"]
[Seat1 "Alice (human)"]
[Seat2 "Bob (random)"]
[Date "2026-11-22"]
[Result "24, 41: seat 2 wins (score)"]

0. c20 c43 c47 c27
1. 20:0,2n c44 27:1,-1s c3 43:0,1e c35 47:1,-1s c10
2. 3:2,-1s c45 10:-1,0n c21 35:-1,-1e c4 44:-1,-2w c2
3. 2:1,2e c41 4:0,-2e c29 21:-2,0n c30 45:-1,1n c9
4. 9:-2,-1s c46 29:0,-3e c1 30:0,-2s c48 41:-2,1e c32
5. x1 c38 32:1,-2e c36 x46 c42 48:2,1n c33
6. x33 36:-2,2e x38 42:-2,-2e
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
        out.contains("1 game of kingdomino (48 actions, finished: 24, 41: seat 2 wins (score))"),
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

#[test]
fn a_file_of_rules_changed_since_imports_under_the_rules_of_now_when_asked() {
    // The advice was "export the game again with --embed-ruleset", which needs the build the
    // game was played with: gone after an update, or a house module's ruleset edited.
    let dir = temp_dir("changed-rules");
    let out = dir.join("out.json");
    let cgn = corpus("hash-mismatch.cgn");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&out)]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("`import --current-rules` checks the game"),
        "{err}"
    );
    assert!(!out.exists());
    let (code, said, err) = run(&["import", s(&cgn), "-o", s(&out), "--current-rules"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("warning: ") && err.contains("checked against the rules as they are now"),
        "{err}"
    );
    assert!(said.contains("unfinished"), "{said}");
    assert!(out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A second save file in `dir`, a copy of [`game_save`]'s.
fn before_save(dir: &Path) -> PathBuf {
    let copy = dir.join("copy.json");
    std::fs::copy(dir.join("game.json"), &copy).expect("copy");
    copy
}

/// A finished game as a save file in `dir`, imported from [`GAME`].
fn game_save(dir: &Path) -> PathBuf {
    let cgn = dir.join("source.cgn");
    let save = dir.join("game.json");
    std::fs::write(&cgn, GAME).expect("write");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&save)]);
    assert_eq!(code, Some(0), "{err}");
    save
}

#[test]
fn output_files_are_never_destroyed() {
    let dir = temp_dir("output");
    let save = game_save(&dir);
    let before = std::fs::read(&save).expect("read");
    // Export onto its own input, even with --force: refused, the save intact.
    for extra in [&[][..], &["--force"][..]] {
        let mut args = vec!["export", s(&save), "-o", s(&save)];
        args.extend(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("it is the file being read"), "{err}");
        assert_eq!(std::fs::read(&save).expect("read"), before);
    }
    // The same file under another name (a symbolic link) is the input too.
    #[cfg(unix)]
    {
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&save, &link).expect("symlink");
        let (code, _, err) = run(&["export", s(&link), "-o", s(&save), "--force"]);
        assert_eq!(code, Some(1), "{err}");
        assert_eq!(std::fs::read(&save).expect("read"), before);
    }
    // Import over an existing save: only with --force.
    let cgn = dir.join("source.cgn");
    let other = dir.join("other.json");
    std::fs::write(&other, "precious").expect("write");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&other)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("it exists and is not a save file Crownlands wrote"),
        "{err}"
    );
    // A save there: only with --force.
    let copy = before_save(&dir);
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&copy)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("already exists; give --force"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).expect("read"), "precious");
    // --force replaces only a file of the kind written: "precious" is no save, so it stays;
    // nor is a notation file a save, nor a save a notation file.
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&other), "--force"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "it exists and is not a save file Crownlands wrote; --force replaces only a save file"
        ),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&other).expect("read"), "precious");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&cgn), "--force"]);
    assert_eq!(code, Some(1), "{err}");
    let (code, _, err) = run(&["export", s(&save), "-o", s(&other), "--force"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("not a game in the notation Crownlands wrote"),
        "{err}"
    );
    let notation = dir.join("again.cgn");
    std::fs::write(&notation, GAME).expect("write");
    let (code, _, err) = run(&["export", s(&save), "-o", s(&notation), "--force"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run(&["export", s(&save), "-o", s(&before_save(&dir)), "--force"]);
    assert_eq!(code, Some(1), "a save is no notation file: {err}");
    // An empty file, then a save, are replaced.
    std::fs::write(&other, "").expect("write");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&other), "--force"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&other), "--force"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        std::fs::read_to_string(&other)
            .expect("read")
            .contains("crownlands-save")
    );
    // Never anything but a regular file, --force or not.
    let sub = dir.join("a-directory");
    std::fs::create_dir_all(&sub).expect("mkdir");
    for target in [sub.as_path(), Path::new("/dev/null")] {
        if !target.exists() {
            continue;
        }
        let (code, _, err) = run(&["import", s(&cgn), "-o", s(target), "--force"]);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    assert!(sub.is_dir());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_full_stderr_is_no_panic_and_a_closed_pipe_no_success() {
    use std::process::Stdio;
    if Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let status = Command::new(env!("CARGO_BIN_EXE_crownlands"))
            .args(["replay", "no-such-save.json"])
            .stderr(full)
            .status()
            .expect("runs");
        assert_eq!(status.code(), Some(1), "an error, not a panic (101)");
    }
    // The reader is gone before the first line: the output is lost, so the run failed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_crownlands"))
        .args(["replay", s(&corpus("tampered-status.json"))])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let status = child.wait().expect("waits");
    assert_ne!(status.code(), Some(0), "{status:?}");
}

#[test]
fn devices_are_not_read_as_saves() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    for args in [
        &["replay", "/dev/zero"][..],
        &["import", "/dev/zero", "-o", "/nonexistent/x.json"][..],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("not a regular file"), "{err}");
        assert!(!err.contains("0 bytes"), "{err}");
    }
}

#[test]
fn names_from_files_cannot_forge_lines_or_escape() {
    for name in [
        "name-newline.json",
        "date-escape.json",
        "notation-seat-escape.cgn",
    ] {
        let path = corpus(name);
        let args: Vec<&str> = if name.ends_with(".cgn") {
            vec!["import", s(&path), "-o", "/nonexistent/x.json"]
        } else {
            vec!["replay", s(&path)]
        };
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: one line:\n{err}");
        assert!(
            !err.contains('\u{1b}') && !out.contains('\u{1b}'),
            "{name}: {err:?}"
        );
    }
}

#[test]
fn an_escaped_extends_reads_no_outside_file() {
    let dir = temp_dir("escaped");
    // A ruleset file whose lines would show up in errors if it were read.
    let outside = dir.join("outside.toml");
    std::fs::write(&outside, "SECRET-LINE = 1\n").expect("write");
    let text = std::fs::read_to_string(corpus("embedded-escaped-extends.json")).expect("read");
    let save = dir.join("escaped.json");
    std::fs::write(&save, text.replace("/etc/passwd", s(&outside))).expect("write");
    let (code, _, err) = run(&["replay", s(&save)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("`extends` is not allowed"), "{err}");
    assert!(!err.contains("SECRET"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The help that could not be written was not shown: no success (clap's own exit said 0).
#[cfg(unix)]
#[test]
fn help_to_a_full_disk_is_no_success() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["--help"][..],
        &["simulate", "--help"][..],
        &["--version"][..],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let status = Command::new(env!("CARGO_BIN_EXE_crownlands"))
            .args(args)
            .stdout(full)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("runs");
        assert_eq!(status.code(), Some(1), "{args:?}");
    }
    // Written, the help and the version are a success; a usage error is clap's 2.
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage"), "{out}");
    let (code, _, err) = run(&["--no-such-flag"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_game_scored_otherwise_under_the_rules_of_now_imports_with_a_warning() {
    // Under Middle Kingdom the same moves score 24, 51 where the file says 24, 41: with
    // `--current-rules` the game is the rules of now's, which the Result header refused.
    let dir = temp_dir("rescored");
    let cgn = dir.join("x.cgn");
    let out = dir.join("x.json");
    std::fs::write(
        &cgn,
        GAME.replace(
            "[Ruleset \"kingdomino\"]",
            "[Ruleset \"middle-kingdom\"]\n[RulesetHash \"fnv1a64:0123456789abcdef\"]",
        ),
    )
    .expect("write");
    let (code, said, err) = run(&["import", s(&cgn), "-o", s(&out), "--current-rules"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("the Result header says \"24, 41: seat 2 wins (score)\" but the moves replay to \"24, 51: seat 2 wins (score)\" (the result under the rules as they are now; the save holds it)"),
        "{err}"
    );
    assert!(said.contains("finished: 24, 51"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_ruleset_header_is_said_to_name_another_ruleset_than_the_hash() {
    // `[Ruleset "harmony"]` over a Kingdomino game's hash: it was said to be a ruleset changed
    // by an update, and `--current-rules` advised, which imports the game as harmony.
    let dir = temp_dir("header-changed");
    let cgn = dir.join("k.cgn");
    std::fs::write(&cgn, GAME).unwrap();
    let json = dir.join("k.json");
    let (code, _, err) = run(&["import", s(&cgn), "-o", s(&json)]);
    assert_eq!(code, Some(0), "{err}");
    let (code, out, _) = run(&["export", s(&json)]);
    assert_eq!(code, Some(0));
    let hash = out
        .lines()
        .find(|l| l.starts_with("[RulesetHash"))
        .expect("a hash")
        .to_string();
    let changed = dir.join("h.cgn");
    std::fs::write(
        &changed,
        GAME.replace(
            "[Ruleset \"kingdomino\"]",
            &format!("[Ruleset \"harmony\"]\n{hash}"),
        ),
    )
    .unwrap();
    let (code, _, err) = run(&["import", s(&changed), "-o", s(&dir.join("h.json"))]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "is that of the ruleset `kingdomino`, not of `harmony` its Ruleset header names"
        ),
        "{err}"
    );
    // Nor does `--current-rules` take it as harmony's game.
    let (code, _, err) = run(&[
        "import",
        s(&changed),
        "-o",
        s(&dir.join("h.json")),
        "--current-rules",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is that of the ruleset `kingdomino`"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ruleset_given_where_a_save_is_read_is_named_as_one() {
    // A house rule's TOML given to `export` (or any command reading a save): said to be a
    // ruleset, and what a save is, rather than `not valid JSON: expected value` at 1:1.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in [
        root.join("docs/house-rules/first-player-compensation.toml"),
        root.join("rulesets/kingdomino.toml"),
        root.join("rulesets/sets/kingdomino.toml"),
    ] {
        for command in ["export", "replay"] {
            let (code, out, err) = run(&[command, s(&file)]);
            assert_eq!(code, Some(1), "{command} {}: {err}", file.display());
            assert!(out.is_empty(), "{out}");
            assert!(
                err.contains("this looks like a ruleset or a set of dominoes (TOML"),
                "{err}"
            );
            assert!(err.contains("a save is the JSON file"), "{err}");
            assert!(!err.contains("not valid JSON"), "{err}");
        }
    }
    // A kingdom file too: said to be one, and what reads it.
    let kingdom = root.join("crates/rules/tests/data/queendomino-rulebook-example.kingdom");
    for command in ["export", "replay"] {
        let (code, _, err) = run(&[command, s(&kingdom)]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains("this looks like a kingdom file") && err.contains("crownlands score"),
            "{err}"
        );
    }
    // A file that is neither JSON nor TOML is still said not to be JSON, where it fails.
    let dir = temp_dir("not-toml");
    let other = dir.join("words.json");
    std::fs::write(&other, "hello there\n").expect("written");
    let (code, _, err) = run(&["export", s(&other)]);
    assert_eq!(code, Some(1));
    assert!(err.contains("words.json:1:1: not valid JSON"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_file_named_with_a_new_line_is_said_on_one_line() {
    let dir = temp_dir("newline-name");
    // A name whose second line, printed raw, would be a line of its own (`b.toml...`).
    let bad = dir.join("a\nb.toml");
    std::fs::write(&bad, "x = \n").unwrap();
    let ruleset = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets/kingdomino.toml");
    let report = dir.join("no\nfolder").join("r.html");
    // A real save under such a name, for analyse's refusals past reading it.
    let save = dir.join("g\nh.json");
    std::fs::rename(game_save(&dir), &save).expect("rename");
    for args in [
        vec!["validate", s(&bad)],
        vec!["replay", s(&bad)],
        vec!["merge", s(&bad)],
        vec!["score", "--ruleset", s(&ruleset), s(&bad)],
        vec!["merge", s(&bad), "--report", s(&report)],
        vec!["analyse", s(&bad)],
        vec!["analyse", s(&save), "--max-decisions", "1"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        // Every line is the program's own (validate adds a count of the files with problems).
        assert!(
            err.lines()
                .all(|l| l.starts_with("error: ") || l.ends_with("has problems")),
            "{args:?}: {err:?}"
        );
        assert!(err.contains("\\n"), "{args:?}: {err:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A NUL byte (or another control character) inside a save's string is named, with where it
/// stands, and never printed raw.
#[test]
fn a_control_character_in_a_save_is_named() {
    let dir = temp_dir("nul");
    let save = game_save(&dir);
    let text = std::fs::read(&save).expect("read");
    let at = text
        .windows(8)
        .position(|w| w == b"\"format\"")
        .expect("a format field")
        + 3;
    for (byte, named) in [
        (0u8, "U+0000 (a NUL byte)"),
        (7, "U+0007 inside a string"),
        (b'\n', "U+000A (a new line: a string broken across lines)"),
    ] {
        let mut bad = text.clone();
        bad.insert(at, byte);
        let file = dir.join("bad.json");
        std::fs::write(&file, &bad).expect("write");
        let (code, _, err) = run(&["replay", s(&file)]);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains(named), "{err}");
        assert!(
            err.contains("bad.json:2:") || err.contains("bad.json:3:1:"),
            "{err}"
        );
        assert!(!err.contains('\0') && !err.contains('\u{7}'), "{err:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

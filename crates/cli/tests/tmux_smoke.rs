//! Smoke test of `crownlands play` in a real terminal: tmux runs the binary, keys are typed with
//! `send-keys`, the screen is read with `capture-pane`. It plays a few moves, quits, and checks
//! that the terminal is restored (alternate screen left, canonical mode back). Skipped, with a
//! notice, when tmux is not installed (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> Option<String> {
    let out = Command::new("tmux").args(args).output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn screen(session: &str) -> String {
    tmux(&["capture-pane", "-p", "-t", session]).unwrap_or_default()
}

/// Wait until the screen shows `text`, for at most 20 seconds.
fn wait_for(session: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let s = screen(session);
        if s.contains(text) {
            return s;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = tmux(&["kill-session", "-t", session]);
            panic!("the screen never showed {text:?}; it shows:\n{s}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn keys(session: &str, keys: &[&str]) {
    let mut args = vec!["send-keys", "-t", session];
    args.extend_from_slice(keys);
    tmux(&args);
}

#[test]
fn play_in_tmux_and_restore_the_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("tmux is not installed: the terminal smoke test is skipped");
        return;
    }
    let dir = std::env::temp_dir().join(format!("crownlands-smoke-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let timings: PathBuf = dir.join("timings.txt");
    let session = format!("crownlands-smoke-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_crownlands");
    let script = format!(
        "env TERM=xterm-256color CROWNLANDS_HOME='{home}' CROWNLANDS_TUI_TIMINGS='{timings}' \
         '{bin}' play kingdomino --players you,greedy,greedy --seed 7 --pace 0; \
         echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; echo DONE; sleep 30",
        home = dir.display(),
        timings = timings.display(),
    );
    let started = tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "80",
        "-y",
        "24",
        "bash",
        "-c",
        &script,
    ]);
    assert!(started.is_some(), "tmux starts");
    wait_for(&session, "You to play");
    let s = wait_for(&session, "claim a domino");
    assert!(s.contains("Crownlands kingdomino"), "{s}");
    // Claim the chosen domino, then place at the first legal spot.
    keys(&session, &["Enter"]);
    let s = wait_for(&session, "You claims");
    assert!(s.contains("Moves"), "{s}");
    // Until it is our turn to place (the greedy bot may act in between).
    wait_for(&session, "Arrows/hjkl");
    keys(&session, &["Tab"]);
    wait_for(&session, "Legal spot");
    keys(&session, &["Enter"]);
    wait_for(&session, "You places");
    // Help, then quit (asks first).
    keys(&session, &["?"]);
    wait_for(&session, "Help ─");
    keys(&session, &["x", "q"]);
    wait_for(&session, "Quit Crownlands?");
    keys(&session, &["y"]);
    let s = wait_for(&session, "DONE");
    let alternate = tmux(&["display-message", "-p", "-t", &session, "#{alternate_on}"]);
    let _ = tmux(&["kill-session", "-t", &session]);
    assert!(s.contains("EXITED 0"), "{s}");
    assert!(
        s.lines().any(|l| l.trim() == "icanon"),
        "canonical mode is back after quitting:\n{s}"
    );
    assert_eq!(
        alternate.as_deref().map(str::trim),
        Some("0"),
        "left the alternate screen"
    );
    assert!(
        dir.join("autosave.json").exists() || std::fs::read_dir(&dir).unwrap().count() > 1,
        "the game was autosaved"
    );
    let t = std::fs::read_to_string(&timings).unwrap_or_default();
    let first: Vec<f64> = values(&t, "first-frame-ms");
    let keys: Vec<f64> = values(&t, "key-to-frame-ms");
    println!(
        "first frame {:.1} ms; key to frame: {} presses, max {:.2} ms",
        first.first().copied().unwrap_or(f64::NAN),
        keys.len(),
        keys.iter().copied().fold(0.0, f64::max)
    );
    assert!(
        !first.is_empty() && !keys.is_empty(),
        "timings written:\n{t}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn values(text: &str, key: &str) -> Vec<f64> {
    text.lines()
        .filter_map(|l| l.strip_prefix(key))
        .filter_map(|v| v.trim().parse().ok())
        .collect()
}

//! Smoke tests of `crownlands play` in a real terminal: tmux runs the binary, keys are typed with
//! `send-keys`, the screen is read with `capture-pane`. One plays a few moves, quits, and checks
//! that the terminal is restored (alternate screen left, canonical mode back); one quits and
//! starts again to resume the autosaved game; one makes the binary panic after its first frame
//! (`CROWNLANDS_TEST_PANIC`) and checks that the terminal is restored, the message readable and
//! the shell usable; one watches four bots play a whole Queendomino game (`--pace 0`) to the
//! score screen and checks the finished game was kept in the saves folder. Every wait polls the screen with a deadline, so a slow machine only makes
//! them slower. Skipped, with a notice, when tmux is not installed (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> Option<String> {
    let out = Command::new("tmux").args(args).output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The screen, lines wrapped by the terminal joined again.
fn screen(session: &str) -> String {
    tmux(&["capture-pane", "-p", "-J", "-t", session]).unwrap_or_default()
}

/// The screen and what scrolled off it.
fn screen_and_history(session: &str) -> String {
    tmux(&["capture-pane", "-p", "-J", "-S", "-200", "-t", session]).unwrap_or_default()
}

/// How long a wait for the screen lasts at most (a debug build on a busy machine is slow).
const PATIENCE: Duration = Duration::from_secs(40);

/// Wait until the screen shows `text`, for at most [`PATIENCE`].
fn wait_for(session: &str, text: &str) -> String {
    wait_longer(session, text, PATIENCE)
}

/// Wait until the screen shows `text`, for at most `patience`.
fn wait_longer(session: &str, text: &str, patience: Duration) -> String {
    let start = Instant::now();
    loop {
        let s = screen(session);
        if s.contains(text) {
            return s;
        }
        if start.elapsed() > patience {
            let _ = tmux(&["kill-session", "-t", session]);
            panic!("the screen never showed {text:?}; it shows:\n{s}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Wait past the moment a turn handed over from a bot takes no key that plays (an Enter
/// pressed while the bot thought must not play the person's move).
fn settle() {
    std::thread::sleep(Duration::from_millis(700));
}

fn keys(session: &str, keys: &[&str]) {
    let mut args = vec!["send-keys", "-t", session];
    args.extend_from_slice(keys);
    tmux(&args);
}

fn have_tmux() -> bool {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("tmux is not installed: the terminal smoke test is skipped");
        return false;
    }
    true
}

/// A tmux session, ended when dropped (also when an assertion fails).
struct Ending(String);

impl Drop for Ending {
    fn drop(&mut self) {
        let _ = tmux(&["kill-session", "-t", &self.0]);
    }
}

/// Start `script` (bash) in a detached 80x24 tmux session named `session`; it ends when the
/// returned guard is dropped.
#[must_use]
fn start(session: &str, script: &str) -> Ending {
    let started = tmux(&[
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        "80",
        "-y",
        "24",
        "bash",
        "-c",
        script,
    ]);
    assert!(started.is_some(), "tmux starts");
    Ending(session.to_string())
}

/// A fresh directory for a test's `CROWNLANDS_HOME`.
fn home(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crownlands-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether the terminal modes `stty -a` printed (one per line) include `mode` switched on.
fn mode_on(screen: &str, mode: &str) -> bool {
    screen.lines().any(|l| l.trim() == mode)
}

#[test]
fn play_in_tmux_and_restore_the_terminal() {
    if !have_tmux() {
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
    let _ending = start(&session, &script);
    wait_for(&session, "You to play");
    let s = wait_for(&session, "claim a domino");
    assert!(s.contains("Crownlands kingdomino"), "{s}");
    // Claim the chosen domino, then place at the first legal spot.
    settle();
    keys(&session, &["Enter"]);
    let s = wait_for(&session, "You claim ");
    assert!(s.contains("Moves"), "{s}");
    // Until it is our turn to place (the greedy bot may act in between).
    wait_for(&session, "Arrows/hjkl");
    keys(&session, &["Tab"]);
    wait_for(&session, "Legal spot");
    settle();
    keys(&session, &["Enter"]);
    wait_for(&session, "You place ");
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

#[test]
fn quit_then_resume_the_autosaved_game_in_tmux() {
    if !have_tmux() {
        return;
    }
    let dir = home("resume");
    let session = format!("crownlands-resume-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_crownlands");
    let script = format!(
        "export TERM=xterm-256color CROWNLANDS_HOME='{home}'; \
         '{bin}' play kingdomino --players you,greedy --seed 7 --pace 0; echo FIRST $?; \
         '{bin}' play; echo SECOND $?; sleep 30",
        home = dir.display(),
    );
    let _ending = start(&session, &script);
    wait_for(&session, "claim a domino");
    settle();
    keys(&session, &["Enter"]);
    wait_for(&session, "You claim ");
    keys(&session, &["q"]);
    wait_for(&session, "Quit Crownlands?");
    keys(&session, &["y"]);
    // The second run offers the unfinished game, and resumes it where it stopped.
    let s = wait_for(&session, "An unfinished game");
    assert!(s.contains("kingdomino"), "{s}");
    assert!(s.contains("You (human), greedy 2"), "{s}");
    keys(&session, &["r"]);
    let s = wait_for(&session, "Resumed where you left off");
    assert!(
        s.contains("You claim "),
        "the moves so far are in the log:\n{s}"
    );
    keys(&session, &["q"]);
    wait_for(&session, "Quit Crownlands?");
    keys(&session, &["y"]);
    let s = wait_for(&session, "SECOND");
    let _ = tmux(&["kill-session", "-t", &session]);
    assert!(s.contains("FIRST 0") && s.contains("SECOND 0"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A terminal closed while no SIGHUP reaches the program (here its shell ignores SIGHUP, and
/// the program inherits that): crossterm read the closed terminal's end at full speed forever
/// (a playtest found one at 92% of a core twelve minutes on). The hang-up counts as SIGHUP:
/// the game autosaved, the line said, the exit status 129.
#[test]
fn a_terminal_closed_without_a_sighup_ends_the_game_in_tmux() {
    if !have_tmux() {
        return;
    }
    let dir = home("hangup");
    let session = format!("crownlands-hangup-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_crownlands");
    let (err, rc) = (dir.join("err.txt"), dir.join("rc.txt"));
    let script = format!(
        "trap '' HUP; export TERM=xterm-256color CROWNLANDS_HOME='{home}'; \
         '{bin}' play kingdomino --players you,greedy --seed 7 --pace 0 2>'{err}'; \
         echo $? > '{rc}'",
        home = dir.display(),
        err = err.display(),
        rc = rc.display(),
    );
    let _ending = start(&session, &script);
    wait_for(&session, "claim a domino");
    settle();
    keys(&session, &["Enter"]);
    wait_for(&session, "You claim ");
    let _ = tmux(&["kill-session", "-t", &session]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(&rc).unwrap_or_default().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    let code = std::fs::read_to_string(&rc).unwrap_or_default();
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    assert_eq!(code.trim(), "129", "{said}");
    assert!(said.contains("crownlands play stopped on SIGHUP"), "{said}");
    assert!(!said.contains("Failed"), "{said}");
    assert!(dir.join("autosave.json").exists(), "autosaved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_restores_the_terminal_in_tmux() {
    if !have_tmux() {
        return;
    }
    let dir = home("panic");
    let timings = dir.join("timings.txt");
    let session = format!("crownlands-panic-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_crownlands");
    // After the panic: the exit code, the terminal's modes, then an interactive shell to type in.
    let script = format!(
        "env -u RUST_BACKTRACE TERM=xterm-256color CROWNLANDS_HOME='{home}' \
         CROWNLANDS_TUI_TIMINGS='{timings}' CROWNLANDS_TEST_PANIC=1 \
         '{bin}' play kingdomino --players you,greedy --seed 7; \
         echo EXITED $?; stty -a | tr ' ;' '\\n\\n' | grep -x -e '-\\?icanon' -e '-\\?echo'; \
         echo CHECKED; PS1='ready$ ' exec bash --norc --noprofile -i",
        home = dir.display(),
        timings = timings.display(),
    );
    let _ending = start(&session, &script);
    wait_for(&session, "CHECKED");
    let s = screen_and_history(&session);
    let alternate = tmux(&["display-message", "-p", "-t", &session, "#{alternate_on}"]);
    assert!(s.contains("EXITED 101"), "a panic exits with 101:\n{s}");
    assert!(
        s.contains("CROWNLANDS_TEST_PANIC is set"),
        "the panic's message is readable:\n{s}"
    );
    assert!(s.contains("The terminal has been restored"), "{s}");
    assert!(mode_on(&s, "icanon"), "canonical mode is back:\n{s}");
    assert!(mode_on(&s, "echo"), "echo is back:\n{s}");
    assert_eq!(
        alternate.as_deref().map(str::trim),
        Some("0"),
        "left the alternate screen"
    );
    let t = std::fs::read_to_string(&timings).unwrap_or_default();
    assert!(
        !values(&t, "first-frame-ms").is_empty(),
        "it panicked after drawing its first frame:\n{t}"
    );
    // The shell takes typing as usual.
    wait_for(&session, "ready$");
    tmux(&["send-keys", "-t", &session, "-l", "echo typed-$((40+2))"]);
    settle();
    keys(&session, &["Enter"]);
    let s = wait_for(&session, "typed-42");
    let _ = tmux(&["kill-session", "-t", &session]);
    assert!(
        s.contains("echo typed-$((40+2))"),
        "what is typed shows:\n{s}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bots_play_a_whole_queendomino_game_in_tmux() {
    if !have_tmux() {
        return;
    }
    let dir = home("queendomino");
    let session = format!("crownlands-queendomino-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_crownlands");
    let script = format!(
        "env TERM=xterm-256color CROWNLANDS_HOME='{home}' \
         '{bin}' play queendomino --players greedy,greedy,greedy,greedy --seed 3 --pace 0; \
         echo EXITED $?; sleep 30",
        home = dir.display(),
    );
    let _ending = start(&session, &script);
    let s = wait_for(&session, "Crownlands queendomino");
    assert!(s.contains("Builders' Board"), "{s}");
    // To the end: the score screen with its kingdoms, and the game kept on its own.
    let s = wait_longer(&session, "Winner:", Duration::from_secs(300));
    assert!(s.contains("game over"), "{s}");
    assert!(s.contains("Total"), "{s}");
    // Where the game was kept, whole (the legend under the scores gives way to it at 80x24).
    assert!(s.contains("Game kept as"), "{s}");
    let kept = std::fs::read_dir(dir.join("saves"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(kept, 1, "the finished game is in the saves folder");
    keys(&session, &["q"]);
    let s = wait_for(&session, "EXITED");
    let _ = tmux(&["kill-session", "-t", &session]);
    assert!(s.contains("EXITED 0"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_step_stops_at_q_in_tmux() {
    // `replay --step` waited for Enter at each of ~100 moves with no way out but Ctrl-C.
    if !have_tmux() {
        return;
    }
    let dir = home("replay-step");
    let bin = env!("CARGO_BIN_EXE_crownlands");
    let out = Command::new(bin)
        .args(["simulate", "kingdomino", "--players", "2", "--games", "1"])
        .arg("--save")
        .arg(&dir)
        .output()
        .expect("simulate runs");
    assert!(out.status.success());
    let save = std::fs::read_dir(&dir)
        .expect("the folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .expect("a save");
    let session = format!("crownlands-replay-step-{}", std::process::id());
    let script = format!(
        "'{bin}' replay '{save}' --step; echo EXITED $?; sleep 30",
        save = save.display()
    );
    let _ending = start(&session, &script);
    wait_for(&session, "[Enter: next move, q: stop]");
    keys(&session, &["Enter"]);
    wait_for(&session, "   2. round");
    keys(&session, &["q", "Enter"]);
    let s = wait_for(&session, "EXITED");
    let _ = tmux(&["kill-session", "-t", &session]);
    assert!(s.contains("stopped after move 2"), "{s}");
    assert!(s.contains("EXITED 0"), "{s}");
    assert!(!s.contains("   3. round"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

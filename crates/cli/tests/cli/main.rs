//! Integration tests for the `crownlands` binary: every subcommand run as a process.

mod analyse;
mod dominoes;
mod help_schema;
mod house_modules;
mod lab;
mod match_tie_breaks;
mod placements;
mod play;
mod rulesets_validate;
mod score;
mod show;
mod simulate;
mod simulate_save;
mod sweep;

/// Every shipped ruleset.
pub const SHIPPED: [&str; 12] = [
    "kingdomino",
    "kingdomino-knights",
    "mighty-duel",
    "harmony",
    "middle-kingdom",
    "harmony-middle-kingdom",
    "dynasty",
    "volcano",
    "queendomino",
    "queendomino-no-dragon",
    "royal-wedding",
    "royal-wedding-teams",
];

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The result of one run of the binary.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the run exited with `code` and did not panic, and returns it.
    #[track_caller]
    pub fn expect_code(self, code: i32) -> Self {
        assert_eq!(
            self.code,
            Some(code),
            "expected exit code {code}\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    #[track_caller]
    pub fn ok(self) -> Self {
        self.expect_code(0)
    }

    #[track_caller]
    pub fn fails(self) -> Self {
        assert_ne!(
            self.code,
            Some(0),
            "expected failure\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        assert!(self.code.is_some(), "killed by a signal: {}", self.stderr);
        self
    }

    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    /// The lines of stderr that are error messages.
    pub fn error_lines(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|l| l.starts_with("error: "))
            .collect()
    }
}

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_crownlands")
}

fn finish(out: Output) -> Run {
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "the command panicked:\n{}",
        run.stderr
    );
    run
}

/// Runs `crownlands ARGS...` from the temp directory (so nothing depends on the working
/// directory) and checks it did not panic.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = Command::new(bin())
        .args(args)
        .current_dir(std::env::temp_dir())
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("run crownlands");
    finish(out)
}

/// The shipped `rulesets/` directory of the repository.
pub fn rulesets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets")
}

/// A temp file with a unique name, removed on drop.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(stem: &str, ext: &str, contents: &str) -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!(
            "crownlands-clitest-{}-{n}-{stem}.{ext}",
            std::process::id()
        ));
        std::fs::write(&path, contents).expect("write temp file");
        TempFile(path)
    }

    /// A kingdom file.
    pub fn kingdom(stem: &str, contents: &str) -> Self {
        Self::new(stem, "txt", contents)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn arg(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A fresh directory under the temp directory, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let d = std::env::temp_dir().join(format!(
            "crownlands-clitest-dir-{}-{}-{tag}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&d);
        TempDir(d)
    }

    pub fn arg(&self) -> String {
        self.0.display().to_string()
    }

    /// One random 2-player Kingdomino game saved in the directory: the save's path.
    pub fn one_saved_game(&self) -> PathBuf {
        let out = run(&[
            "simulate",
            "kingdomino",
            "-p",
            "2",
            "-g",
            "1",
            "--save",
            &self.arg(),
        ])
        .ok();
        assert!(out.stdout.contains("saved 1 game"), "{}", out.stdout);
        self.0.join("kingdomino-game-1.json")
    }

    /// Write `text` to the file `name` in the directory (made if need be): its path, as an
    /// argument.
    pub fn file(&self, name: &str, text: &str) -> String {
        std::fs::create_dir_all(&self.0).expect("a folder");
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("written");
        path.display().to_string()
    }

    /// The names of the files in the directory, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .expect("the directory exists")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A game of the shipped ruleset `name` between `players` players named `random 1`, ...,
/// seed 5, with the first legal action played `moves` times (`None`: until the game in play is
/// over; a match's next game is not started).
pub fn first_moves_session(
    name: &str,
    players: u32,
    moves: Option<usize>,
) -> crownlands_saves::Session {
    let registry = crownlands_core::Registry::shipped_ref();
    let ruleset =
        std::sync::Arc::new(crownlands_rules::load_shipped(registry, name).expect("loads"));
    let players = (1..=players)
        .map(|s| crownlands_saves::Player::new(s, format!("random {s}"), "random"))
        .collect();
    let mut session = crownlands_saves::Session::new(ruleset, players, 5).expect("sets up");
    let mut left = moves.unwrap_or(usize::MAX);
    while left > 0 && !session.game().is_over() {
        let first = session.game().legal_actions()[0];
        session.apply(first).expect("legal");
        left -= 1;
    }
    session
}

/// Asserts that every error line of `run` has the shape `error: FILE:LINE:COLUMN: message` and
/// returns the `(line, column)` pairs in order.
#[track_caller]
pub fn located_errors(run: &Run, file: &str) -> Vec<(usize, usize)> {
    let lines = run.error_lines();
    assert!(!lines.is_empty(), "no error lines in:\n{}", run.stderr);
    lines
        .iter()
        .map(|l| {
            let rest = l
                .strip_prefix("error: ")
                .and_then(|r| r.strip_prefix(file))
                .and_then(|r| r.strip_prefix(':'))
                .unwrap_or_else(|| panic!("`{l}` does not start with `error: {file}:`"));
            let mut parts = rest.splitn(3, ':');
            let line: usize = parts
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("no line number in `{l}`"));
            let column: usize = parts
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("no column number in `{l}`"));
            let message = parts.next().unwrap_or("");
            assert!(
                message.starts_with(' ') && message.trim().len() > 5,
                "no message in `{l}`"
            );
            (line, column)
        })
        .collect()
}

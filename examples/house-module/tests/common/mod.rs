//! Shared helpers: the `crownlands-markets` binary run as a process, temp files, the ruleset.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The example's ruleset file.
pub fn markets_toml() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("markets.toml")
}

/// One run of the binary.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    #[track_caller]
    pub fn ok(self) -> Run {
        assert_eq!(
            self.code,
            Some(0),
            "expected success\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    #[track_caller]
    pub fn fails(self) -> Run {
        assert!(
            matches!(self.code, Some(c) if c != 0),
            "expected a failure\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    #[track_caller]
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }
}

/// Runs `crownlands-markets ARGS...` in the temp directory and checks it did not panic.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_crownlands-markets"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .env("RUST_BACKTRACE", "0")
        .env("NO_COLOR", "1")
        .output()
        .expect("run crownlands-markets");
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

/// A fresh temp directory of this test process, `tag` naming it; removed when dropped.
pub fn temp_dir(tag: &str) -> TempDir {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let d = std::env::temp_dir().join(format!(
        "crownlands-markets-{tag}-{}-{n}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    TempDir(d)
}

/// A file written into a fresh temp directory, removed with it when dropped.
pub fn temp_file(name: &str, contents: &str) -> TempFile {
    let dir = temp_dir("file");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write temp file");
    TempFile { path, _dir: dir }
}

/// A file written into a fresh temp directory beside a copy of `markets.toml` (a ruleset names
/// only files in its own folder or below it, so it extends `"markets.toml"`), removed with it.
pub fn temp_file_beside_markets(name: &str, contents: &str) -> TempFile {
    let file = temp_file(name, contents);
    let dir = file.path.parent().expect("a folder");
    std::fs::copy(markets_toml(), dir.join("markets.toml")).expect("copy markets.toml");
    file
}

/// A temp directory that goes when the test is done with it (so test runs leave nothing behind).
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file in a temp directory of its own.
pub struct TempFile {
    path: PathBuf,
    _dir: TempDir,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

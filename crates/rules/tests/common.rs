//! Helpers shared by the integration tests.
#![allow(dead_code)]

use crownlands_rules::Diagnostics;
use std::path::{Path, PathBuf};

/// A fresh, empty directory for one test, under the system's temporary directory, removed when
/// dropped (one test writes an 80 MB file: left behind, every run would keep it).
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir(test: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("crownlands-rules-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    TempDir(dir)
}

pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create dir");
    }
    std::fs::write(&path, text).expect("write file");
    path
}

/// Assert that some diagnostic is at `line`:`column` and contains every needle.
#[track_caller]
pub fn assert_diag(d: &Diagnostics, line: usize, column: usize, needles: &[&str]) {
    let found = d.iter().any(|x| {
        x.line == line && x.column == column && needles.iter().all(|n| x.message.contains(n))
    });
    assert!(
        found,
        "no diagnostic at {line}:{column} containing {needles:?}; got:\n{d}"
    );
}

pub fn rulesets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets")
}

/// The schema of module `name`'s parameters inside a ruleset schema, wherever `module` is.
pub fn find_module<'a>(v: &'a serde_json::Value, name: &str) -> Option<&'a serde_json::Value> {
    match v {
        serde_json::Value::Object(map) => map
            .get("properties")
            .and_then(|p| p.get("module"))
            .and_then(|m| m.get("properties"))
            .and_then(|m| m.get(name))
            .or_else(|| map.values().find_map(|c| find_module(c, name))),
        serde_json::Value::Array(items) => items.iter().find_map(|c| find_module(c, name)),
        _ => None,
    }
}

//! The module is this crate's alone: no code, ruleset or data file of the workspace outside
//! `examples/house-module` names it (documentation pages may, to walk through it).

use std::path::{Path, PathBuf};

/// Every file under `dir`, but the build output, git's own files and this crate.
fn files(dir: &Path, this_crate: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name == ".git" || path == this_crate {
            continue;
        }
        match entry.file_type() {
            Ok(t) if t.is_dir() => files(&path, this_crate, out),
            Ok(t) if t.is_file() => out.push(path),
            _ => {}
        }
    }
}

#[test]
fn no_file_outside_this_crate_names_the_module() {
    let this_crate = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = this_crate.join("../..");
    let this_crate = root.join("examples/house-module");
    let mut all = Vec::new();
    files(&root, &this_crate, &mut all);
    assert!(
        all.iter().any(|p| p.ends_with("crates/core/src/game.rs")),
        "the workspace's files are found"
    );
    let naming: Vec<String> = all
        .iter()
        .filter(|p| p.extension().is_none_or(|e| e != "md"))
        .filter(|p| {
            std::fs::read(p).is_ok_and(|bytes| {
                bytes
                    .windows(b"markets".len())
                    .any(|w| w.eq_ignore_ascii_case(b"markets"))
            })
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(naming.is_empty(), "files naming the module: {naming:?}");
}

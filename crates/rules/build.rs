//! Embeds every file under `../../rulesets` into the library, so shipped rulesets load from any
//! working directory. Generates `$OUT_DIR/shipped.rs` with a sorted table of
//! `(relative path, include_str!(absolute path))`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, root: &Path, files: &mut Vec<(String, PathBuf)>) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, root, files);
        } else if path.extension().is_some_and(|e| e == "toml") {
            println!("cargo:rerun-if-changed={}", path.display());
            let Ok(rel) = path.strip_prefix(root) else {
                continue;
            };
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((rel.join("/"), path.clone()));
        }
    }
}

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let root = Path::new(&manifest).join("../../rulesets");
    let root = root.canonicalize().unwrap_or(root);
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut out =
        String::from("/// Every shipped file: (path relative to `rulesets/`, contents).\n");
    out.push_str("pub(crate) static FILES: &[(&str, &str)] = &[\n");
    for (rel, path) in &files {
        let _ = writeln!(
            out,
            "    ({rel:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string());
    if let Err(e) = std::fs::write(Path::new(&out_dir).join("shipped.rs"), out) {
        println!("cargo:warning=could not write the shipped ruleset table: {e}");
        std::process::exit(1);
    }
}

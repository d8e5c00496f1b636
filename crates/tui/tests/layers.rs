//! The layers kept apart: the state (`app`) names neither the view nor ratatui nor the
//! terminal; the view (`view`) renders onto a buffer and names no terminal (crossterm, the
//! event loop). What the state must know of a screen's layout comes in as the view's measures
//! (`App::set_screen`), and the terminal's event loop alone joins the three.

use std::path::{Path, PathBuf};

/// The Rust files under `src/DIR`, each with its code lines (comments left out).
fn code_of(dir: &str) -> Vec<(PathBuf, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("the source folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no sources under {}", root.display());
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a source file");
            let code = text
                .lines()
                .map(|l| l.split("//").next().unwrap_or("").to_string())
                .collect();
            (p, code)
        })
        .collect()
}

fn names_none_of(dir: &str, words: &[&str]) {
    for (path, lines) in code_of(dir) {
        for (i, line) in lines.iter().enumerate() {
            for word in words {
                assert!(
                    !line.contains(word),
                    "{}:{} names `{word}`: {line}",
                    path.display(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn the_state_names_no_view_and_no_terminal() {
    names_none_of(
        "app",
        &["crate::view", "ratatui", "crossterm", "crate::terminal"],
    );
}

#[test]
fn the_view_names_no_terminal() {
    names_none_of("view", &["crossterm", "crate::terminal", "std::io"]);
}

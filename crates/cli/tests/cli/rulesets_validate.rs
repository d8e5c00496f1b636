//! `crownlands rulesets` and `crownlands validate`.

use super::{Run, TempFile, located_errors, rulesets_dir, run};
use std::ffi::OsStr;
use std::path::PathBuf;

fn validate<S: AsRef<OsStr>>(files: &[S]) -> Run {
    let mut args: Vec<&OsStr> = vec![OsStr::new("validate")];
    args.extend(files.iter().map(AsRef::as_ref));
    run(&args)
}

use super::SHIPPED;

#[test]
fn rulesets_lists_every_shipped_ruleset_with_a_description() {
    let r = run(&["rulesets"]).ok();
    // The rulesets, a blank line, then the component sets.
    let (rulesets, sets) = r.stdout.split_once("\n\n").expect("two parts");
    let lines: Vec<&str> = rulesets.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), SHIPPED.len(), "{}", r.stdout);
    for name in SHIPPED {
        let line = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} not listed:\n{}", r.stdout));
        let description = line[name.len()..].trim();
        assert!(
            description.len() > 10,
            "{name} has no description: `{line}`"
        );
    }
    assert!(r.stdout.contains("7x7"), "mighty-duel's description");
    for set in [
        "kingdomino",
        "queendomino",
        "queendomino-buildings",
        "volcano",
    ] {
        assert!(
            sets.lines()
                .any(|l| l.split_whitespace().next() == Some(set) && l.len() > set.len() + 10),
            "set {set} not listed with a description:\n{sets}"
        );
    }
}

#[test]
fn validate_shows_warnings_and_deny_warnings_fails() {
    let f = TempFile::new(
        "warn",
        "toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 6\nharmony = { enabled = true }\n",
    );
    let r = validate(&[f.path()]).ok();
    assert!(
        r.stderr
            .contains(":3:13: the deck can never fill a 6x6 kingdom"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.starts_with("warning: "), "{}", r.stderr);
    let r = run(&[
        "validate".to_string(),
        "--deny-warnings".to_string(),
        f.arg(),
    ])
    .expect_code(1);
    assert!(r.stderr.contains("error: "), "{}", r.stderr);
    assert!(
        !r.stdout.contains(": ok"),
        "not ok once denied: {}",
        r.stdout
    );
    assert!(
        r.stderr
            .contains("1 of 1 file has warnings (--deny-warnings)"),
        "{}",
        r.stderr
    );
    // A shipped ruleset has none.
    let shipped = rulesets_dir().join("queendomino.toml");
    let r = run(&[
        "validate".to_string(),
        "--deny-warnings".to_string(),
        shipped.display().to_string(),
    ])
    .ok();
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

fn shipped_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [rulesets_dir(), rulesets_dir().join("sets")] {
        for entry in std::fs::read_dir(&dir).expect("read rulesets dir") {
            let path = entry.expect("dir entry").path();
            if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn validate_accepts_every_shipped_file() {
    let files = shipped_files();
    // 7 rulesets and at least the 2 component sets.
    assert!(files.len() >= 9, "{files:?}");
    let r = validate(&files).ok();
    assert_eq!(r.stderr.trim(), "", "no diagnostics expected");
    for f in &files {
        let shown = f.display().to_string();
        assert!(
            r.stdout
                .lines()
                .any(|l| l.starts_with(&format!("{shown}: ok"))),
            "no ok line for {shown}:\n{}",
            r.stdout
        );
    }
}

#[test]
fn validate_each_shipped_file_alone() {
    for f in shipped_files() {
        validate(&[f]).ok();
    }
}

#[test]
fn validate_reports_shipped_set_checksums() {
    let set = rulesets_dir().join("sets/kingdomino.toml");
    let r = validate(&[set]).ok();
    assert!(
        r.stdout
            .contains("component set with 6 terrains, 48 dominoes (96 squares, 39 crowns)"),
        "{}",
        r.stdout
    );
}

/// Two unknown keys and a domino naming an unknown terrain: three diagnostics, all at once.
const BAD_SET: &str = r##"[set]
name = "bad"
colour = "red"

[[terrain]]
name = "wheat"
symbol = "W"
colour = "#ffff00"
flavour = "sweet"

[[domino]]
number = 1
first = { terrain = "wheat" }
second = { terrain = "lava" }
"##;

#[test]
fn validate_reports_every_problem_with_file_line_column() {
    let f = TempFile::new("bad-set", "toml", BAD_SET);
    let r = validate(&[f.path()]).expect_code(1);
    let locs = located_errors(&r, &f.arg());
    assert_eq!(locs, vec![(3, 1), (9, 1), (14, 22)], "{}", r.stderr);
    let errors = r.error_lines();
    assert!(errors[0].contains("colour"), "{}", errors[0]);
    assert!(errors[1].contains("flavour"), "{}", errors[1]);
    assert!(errors[2].contains("lava"), "{}", errors[2]);
    assert!(
        r.stderr.contains("1 of 1 file has problems"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
}

#[test]
fn validate_suggests_a_close_key_in_a_ruleset() {
    let f = TempFile::new(
        "bad-ruleset",
        "toml",
        "extends = \"kingdomino\"\ncolour = \"red\"\n\n[rules]\ngird-size = 7\n",
    );
    let r = validate(&[f.path()]).expect_code(1);
    assert_eq!(located_errors(&r, &f.arg()), vec![(2, 1), (5, 1)]);
    assert!(
        r.stderr.contains("did you mean `grid-size`?"),
        "{}",
        r.stderr
    );
}

#[test]
fn validate_reports_toml_syntax_errors_with_position() {
    let f = TempFile::new("syntax", "toml", "name = \"x\"\nthis is = = not toml\n");
    let r = validate(&[f.path()]).expect_code(1);
    let locs = located_errors(&r, &f.arg());
    assert_eq!(locs[0].0, 2, "{}", r.stderr);
}

#[test]
fn validate_missing_file_is_a_clear_error() {
    let missing = std::env::temp_dir().join("crownlands-clitest-no-such-file.toml");
    let r = validate(&[&missing]).fails();
    assert!(
        r.stderr.contains(&missing.display().to_string()),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("there is no such file"), "{}", r.stderr);
}

#[test]
fn validate_a_directory_is_a_clear_error() {
    let r = validate(&[std::env::temp_dir()]).fails();
    assert!(
        r.stderr
            .contains("is not a regular file: a ruleset is read from a regular file"),
        "{}",
        r.stderr
    );
}

/// The ok line says how many dominoes a player count deals where it deals fewer than the
/// ruleset holds (a house rule that dropped `deck-size = "all"` had read `48 dominoes`).
#[test]
fn the_ok_line_says_the_dominoes_dealt_where_fewer() {
    let r = validate(&[rulesets_dir().join("kingdomino.toml")]).ok();
    assert!(
        r.stdout
            .contains("6 terrains, 48 dominoes (24 dealt at 2 players)"),
        "{}",
        r.stdout
    );
    let r = validate(&[rulesets_dir().join("mighty-duel.toml")]).ok();
    assert!(r.stdout.trim_end().ends_with("48 dominoes"), "{}", r.stdout);
}

#[test]
fn validate_good_and_bad_files_reports_both() {
    let good = rulesets_dir().join("kingdomino.toml");
    let bad = TempFile::new("bad-set-mixed", "toml", BAD_SET);
    let r = validate(&[good.clone(), bad.0.clone()]).expect_code(1);
    assert!(
        r.stdout
            .contains(&format!("{}: ok: ruleset kingdomino", good.display())),
        "{}",
        r.stdout
    );
    assert_eq!(located_errors(&r, &bad.arg()).len(), 3, "{}", r.stderr);
    assert!(
        r.stderr.contains("1 of 2 files has problems"),
        "{}",
        r.stderr
    );
}

#[test]
fn validate_needs_a_file() {
    let r = run(&["validate"]).expect_code(2);
    assert!(r.stderr.contains("FILES"), "{}", r.stderr);
}

#[test]
fn validate_reports_an_extends_cycle() {
    let f = TempFile::new("cycle", "toml", "");
    let name = f.path().file_name().unwrap().to_string_lossy().into_owned();
    std::fs::write(f.path(), format!("extends = \"{name}\"\n")).unwrap();
    let r = validate(&[f.path()]).expect_code(1);
    assert!(r.stderr.contains("cycle"), "{}", r.stderr);
}

#[test]
fn validate_missing_colour_does_not_cascade() {
    let f = TempFile::new(
        "no-colour",
        "toml",
        "[set]\nname = \"bad\"\n\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\n\n[[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    let r = validate(&[f.path()]).expect_code(1);
    assert_eq!(located_errors(&r, &f.arg()), vec![(4, 1)], "{}", r.stderr);
    assert!(!r.stderr.contains("declares no terrains"), "{}", r.stderr);
}

#[test]
fn validate_a_json_file_gives_a_short_report() {
    let json = rulesets_dir().join("schema/ruleset.json");
    let r = validate(&[json]).expect_code(1);
    let n = r.error_lines().len();
    assert!(n <= 20, "{n} error lines for one non-TOML file");
}

#[test]
fn validate_blames_the_players_line_for_too_many_players() {
    let f = TempFile::new(
        "nine-players",
        "toml",
        "extends = \"kingdomino\"\nplayers = [2, 9]\n",
    );
    let r = validate(&[f.path()]).expect_code(1);
    let locs = located_errors(&r, &f.arg());
    assert_eq!(locs[0].0, 2, "{}", r.stderr);
}

#[test]
fn validate_of_a_shipped_name_says_what_it_is() {
    let r = validate(&["kingdomino"]).expect_code(1);
    assert!(
        r.stderr
            .contains("`kingdomino` is no file here but a shipped ruleset's name"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("crownlands show kingdomino"),
        "{}",
        r.stderr
    );
}

/// Dominoes in several boxes say so (a set without `box` is a box of its own, whose numbers
/// then take its initial): one box says nothing.
#[test]
fn validate_names_the_boxes_when_there_are_several() {
    let r = validate(&[rulesets_dir().join("royal-wedding.toml")]).ok();
    assert!(
        r.stdout
            .contains("96 dominoes in 2 boxes (queendomino 48, kingdomino 48)"),
        "{}",
        r.stdout
    );
    let r = validate(&[rulesets_dir().join("kingdomino.toml")]).ok();
    assert!(!r.stdout.contains("box"), "{}", r.stdout);
}

#[test]
fn an_absolute_extends_named_from_the_files_own_folder_is_given_relative() {
    // `validate child.toml` run in its folder: the file's folder is "", which gave no relative
    // path in the warning (`abs/child.toml` from outside did).
    let dir = super::TempDir::new("abs-here");
    std::fs::create_dir_all(&dir.0).expect("dir");
    std::fs::write(
        dir.0.join("parent.toml"),
        "extends = \"kingdomino\"\nname = \"p\"\n",
    )
    .expect("write");
    let parent = dir.0.join("parent.toml").canonicalize().expect("real path");
    std::fs::write(
        dir.0.join("child.toml"),
        format!(
            "extends = {:?}\nname = \"c\"\n",
            parent.display().to_string()
        ),
    )
    .expect("write");
    let out = std::process::Command::new(super::bin())
        .args(["validate", "child.toml"])
        .current_dir(&dir.0)
        .output()
        .expect("run crownlands");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("write it relative to this file (`parent.toml`)"),
        "{stderr}"
    );
}

#[test]
fn several_files_say_whose_problems_lie_in_the_files_they_read() {
    // A child's problems found in what it extends: said under the child, not as the base's own.
    let dir = super::TempDir::new("chain");
    std::fs::create_dir_all(&dir.0).expect("folder");
    let base = dir.0.join("base.toml");
    std::fs::write(
        &base,
        "extends = \"kingdomino\"\nplayers = [3]\n[rules]\nline-size = 3\n",
    )
    .expect("base");
    let child = dir.0.join("child.toml");
    std::fs::write(&child, "extends = \"base.toml\"\nplayers = [2, 3]\n").expect("child");
    let out = validate(&[&base, &child]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let header = format!("checking {} (the files it reads too):", child.display());
    let at = out.stderr.find(&header).expect(&out.stderr);
    assert!(
        out.stderr[at..].contains("base.toml:4:13: at 2 players"),
        "{}",
        out.stderr
    );
    // The base's own check says nothing of the kind: its problems are its own.
    assert!(
        !out.stderr.contains(&format!("checking {}", base.display())),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir.0);
}

/// docs/rulesets.md's example of a file with problems (`cat -n bad.toml`, then `crownlands
/// validate bad.toml`) prints what the page shows, line for line.
#[test]
fn the_docs_example_of_errors_is_what_validate_prints() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rulesets.md"),
    )
    .expect("docs/rulesets.md");
    let block = doc
        .split("```text\n$ cat -n bad.toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the bad.toml example");
    let (listing, shown) = block
        .split_once("$ crownlands validate bad.toml\n")
        .expect("the command in the example");
    // `cat -n`: the number, a tab, the line (an empty line has no tab).
    let file: String = listing
        .lines()
        .map(|l| format!("{}\n", l.split_once('\t').map_or("", |(_, text)| text)))
        .collect();
    let dir = super::TempDir::new("doc-errors");
    std::fs::create_dir_all(&dir.0).expect("the folder");
    std::fs::write(dir.0.join("bad.toml"), &file).expect("write bad.toml");
    let out = std::process::Command::new(super::bin())
        .args(["validate", "bad.toml"])
        .current_dir(&dir.0)
        .output()
        .expect("run crownlands");
    assert_eq!(out.status.code(), Some(1));
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(printed, shown, "the file:\n{file}");
}

#[test]
fn a_file_named_without_its_toml_is_suggested() {
    // `validate quick` for `quick.toml`, by its name in the working folder or by a path.
    let file = TempFile::new("quick", "toml", "extends = \"kingdomino\"\n");
    let stem = file.0.file_stem().and_then(|s| s.to_str()).expect("a name");
    let bare = file.0.with_extension("");
    for arg in [stem.to_string(), bare.display().to_string()] {
        let r = run(&["validate".to_string(), arg.clone()]).expect_code(1);
        assert!(
            r.stderr.contains(&format!("(did you mean `{arg}.toml`?)")),
            "{arg}: {}",
            r.stderr
        );
    }
    // As the ruleset of another command, by a path: the same.
    let r = run(&["show".to_string(), bare.display().to_string()]).expect_code(1);
    assert!(
        r.stderr
            .contains(&format!("(did you mean `{}.toml`?)", bare.display())),
        "{}",
        r.stderr
    );
}

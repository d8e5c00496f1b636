//! `--help`, `--version` and `crownlands schema`.

use super::run;
use std::path::Path;

const SUBCOMMANDS: [&str; 7] = [
    "rulesets",
    "validate",
    "score",
    "placements",
    "simulate",
    "show",
    "schema",
];

#[test]
fn every_subcommand_has_help() {
    for sub in SUBCOMMANDS {
        let r = run(&[sub, "--help"]).ok();
        assert!(
            r.stdout.contains(&format!("Usage: crownlands {sub}")),
            "{sub}: {}",
            r.stdout
        );
        run(&["help", sub]).ok();
    }
}

#[test]
fn top_level_help_lists_every_subcommand() {
    let r = run(&["--help"]).ok();
    for sub in SUBCOMMANDS {
        assert!(r.stdout.contains(sub), "{sub} missing:\n{}", r.stdout);
    }
    run(&["--version"]).ok();
}

#[test]
fn no_subcommand_is_a_usage_error() {
    let r = run::<&str>(&[]).expect_code(2);
    assert!(r.stderr.contains("Usage"), "{}", r.stderr);
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    run(&["frobnicate"]).expect_code(2);
}

#[test]
fn help_does_not_point_to_a_missing_readme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = ["README.md", "README", "crates/cli/README.md"]
        .iter()
        .any(|f| root.join(f).exists());
    for sub in SUBCOMMANDS {
        let r = run(&[sub, "--help"]).ok();
        assert!(
            readme || !r.stdout.contains("README"),
            "`{sub} --help` refers to a README that does not exist:\n{}",
            r.stdout
        );
    }
}

fn schema(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["schema"];
    all.extend_from_slice(args);
    run(&all).ok().json()
}

#[test]
fn ruleset_schema_is_json() {
    let v = schema(&[]);
    assert_eq!(v, schema(&["ruleset"]), "ruleset is the default");
    assert!(v["$schema"].is_string(), "{v}");
    let props = v["properties"].as_object().expect("properties");
    for key in ["extends", "sets", "players", "rules"] {
        assert!(props.contains_key(key), "no `{key}` property");
    }
}

#[test]
fn set_schema_is_json() {
    let v = schema(&["set"]);
    assert!(v["$schema"].is_string(), "{v}");
    let props = v["properties"].as_object().expect("properties");
    for key in ["set", "terrain", "domino"] {
        assert!(props.contains_key(key), "no `{key}` property");
    }
}

#[test]
fn printed_schemas_match_the_shipped_schema_files() {
    let dir = super::rulesets_dir().join("schema");
    for (kind, file) in [("ruleset", "ruleset.json"), ("set", "set.json")] {
        let shipped: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
        assert_eq!(schema(&[kind]), shipped, "{file} is stale");
    }
}

#[test]
fn unknown_schema_kind_is_a_usage_error() {
    let r = run(&["schema", "domino"]).expect_code(2);
    assert!(r.stderr.contains("possible values"), "{}", r.stderr);
}

/// A usage error quoting an argument with control characters writes them escaped, on a terminal
/// or not (clap's own errors wrote them raw to a terminal, and dropped them elsewhere).
#[test]
fn a_usage_error_escapes_the_arguments_it_quotes() {
    let r = run(&["simulate", "kingdomino", "-p", "2", "-g", "1\u{1b}[2J"]).fails();
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("invalid value '1\\u{1b}[2J' for '--games"),
        "{}",
        r.stderr
    );
    let r = run(&["x\u{1b}]0;pwned\u{7}y"]).fails();
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("unrecognized subcommand 'x\\u{1b}]0;pwned\\u{7}y'"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains('\u{1b}') && !r.stderr.contains('\u{7}'));
    // Forty accents on one letter (a file's name a shell's `*` made an argument, say) are cut
    // to four as every other message cuts them, not drawn over the lines around.
    let zalgo = format!("--a{}", "\u{301}".repeat(40));
    let r = run(&["validate", &zalgo]).fails();
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains(&format!(
            "'--a{}\\u{{301}}",
            "\u{301}".repeat(crownlands_core::text::MAX_STACKED_MARKS)
        )),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains(&"\u{301}".repeat(5)), "{}", r.stderr);
}

/// A negative seed is refused as a seed, with the range (clap had read `--seed -1` as an unknown
/// option and suggested `-- -1`, which would name a ruleset).
#[test]
fn a_negative_seed_is_refused_with_the_range() {
    for args in [
        &["play", "--seed", "-1"][..],
        &[
            "simulate",
            "kingdomino",
            "-p",
            "2",
            "-g",
            "1",
            "--seed",
            "-5",
        ],
    ] {
        let r = run(args).expect_code(2);
        assert!(
            r.stderr
                .contains("a seed is a whole number from 0 to 18446744073709551615"),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains("-- -"), "{}", r.stderr);
    }
}

/// A negative count is refused as the option's value, not read as an unknown option (clap's
/// tip, `-- -5`, failed again); one past any count and one that is not whole say so; a number
/// out of the command's range is the command's error, with the range.
#[test]
fn counts_that_are_no_whole_number_are_refused_as_values() {
    let lab = ["simulate", "kingdomino", "-p", "2"];
    for (option, value, said) in [
        ("--games", "-5", "a negative number"),
        ("--jobs", "-1", "a negative number"),
        ("--players", "-4", "a negative number"),
        ("--games", "99999999999999999999", "too large a number"),
        ("--games", "1.5", "not a whole number"),
    ] {
        let mut args = lab.to_vec();
        if option == "--players" {
            args.truncate(2);
        }
        args.extend([option, value]);
        let r = run(&args).expect_code(2);
        assert!(
            r.stderr
                .contains(&format!("invalid value '{value}' for '{option}")),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains(said), "{}", r.stderr);
        assert!(!r.stderr.contains("-- -"), "{}", r.stderr);
    }
    for args in [
        &["analyse", "x.json", "--samples", "-3"][..],
        &["play", "--pace", "-1"],
        &["score", "--players", "-2", "x.txt"],
    ] {
        let r = run(args).expect_code(2);
        assert!(r.stderr.contains("a negative number"), "{}", r.stderr);
    }
    let r = run(&["play", "--pace", "3001"]).expect_code(1);
    assert!(r.stderr.contains("from 0 to 3000"), "{}", r.stderr);
    let r = run(&["placements", "x.txt", "--domino", "-1"]).expect_code(1);
    assert!(!r.stderr.contains("-- -"), "{}", r.stderr);
}

/// `--json` beside `--shard` is refused: a shard prints its part file (JSON) whatever is asked.
#[test]
fn json_and_shard_together_are_refused() {
    let r = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "4",
        "--shard",
        "1/2",
        "--json",
    ])
    .expect_code(2);
    assert!(r.stderr.contains("cannot be used with"), "{}", r.stderr);
}

/// A missing file is said in words, the same way by every command (not the system's "No such
/// file or directory (os error 2)"); a path is not taken for a shipped ruleset's name.
#[test]
fn missing_files_are_said_in_words_by_every_command() {
    for args in [
        &["replay", "nofile.json"][..],
        &["export", "nofile.json"],
        &["analyse", "nofile.json"],
        &["merge", "nofile.json"],
    ] {
        let r = run(args).expect_code(1);
        assert!(
            r.stderr
                .contains("nofile.json: cannot read the file: there is no such file"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    }
    let r = run(&["show", ""]).expect_code(1);
    assert!(
        r.stderr.contains("the ruleset's name is empty"),
        "{}",
        r.stderr
    );
    for path in [
        "./nosuch.toml",
        "sub/nosuch",
        "nosuch.toml",
        "nosuch/",
        "a.TOML",
    ] {
        let r = run(&["simulate", path, "-p", "2", "-g", "1"]).expect_code(1);
        assert!(
            r.stderr
                .contains(&format!("cannot read `{path}`: there is no such file")),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains("shipped rulesets"), "{}", r.stderr);
    }
}

//! `crownlands sweep`: one ruleset played with each value of one of its rules.

use super::{TempDir, run};

#[test]
fn a_sweep_plays_each_value_on_the_same_seeds_a_row_a_value() {
    let out = run(&[
        "sweep",
        "kingdomino",
        "--set",
        "harmony.enabled=false,true",
        "-p",
        "2",
        "-g",
        "40",
        "-j",
        "1",
    ])
    .ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with("harmony.enabled swept over kingdomino at 2 random players, 40 games"),
        "{}",
        out.stdout
    );
    assert!(
        lines[1].starts_with("value  mean score   1 wins   2 wins  top tied"),
        "{}",
        out.stdout
    );
    assert!(lines[2].starts_with("false "), "{}", out.stdout);
    assert!(lines[3].starts_with("true "), "{}", out.stdout);
    // The value `false` is the ruleset as shipped: its row is `simulate`'s figures.
    let sim = run(&[
        "simulate",
        "kingdomino",
        "-p",
        "2",
        "-g",
        "40",
        "-j",
        "1",
        "--json",
    ])
    .ok();
    let sweep = run(&[
        "sweep",
        "kingdomino",
        "--set",
        "harmony.enabled=false,true",
        "-p",
        "2",
        "-g",
        "40",
        "--json",
    ])
    .ok()
    .json();
    let first = &sweep["values"][0];
    assert_eq!(first["value"], "false");
    let sim = sim.json();
    let pooled: f64 = sim["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["mean_score"].as_f64().expect("a mean"))
        .sum::<f64>()
        / 2.0;
    let mean = first["mean_score"].as_f64().expect("a mean");
    assert!((mean - pooled).abs() < 1e-3, "{mean} against {pooled}");
    assert_eq!(first["first_claims"], sim["first_claims"]);
    assert_eq!(first["finishes"], sim["finishes"]);
}

#[test]
fn a_sweep_of_a_file_reads_it_beside_itself_and_a_bad_value_is_named() {
    let dir = TempDir::new("sweep");
    // Named as the generated ruleset once was: not read as extending itself.
    let file = dir.file(
        "sweep.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n[rules.module.claim-order]\npoints = [0, 1, 2, 3]\n",
    );
    let out = run(&[
        "sweep",
        &file,
        "--set",
        "module.claim-order.points=[0,0,0,0], [0,2,4,6]",
        "-p",
        "4",
        "-g",
        "20",
    ])
    .ok();
    assert!(
        out.stdout.contains("[0,0,0,0]") && out.stdout.contains("[0,2,4,6]"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("4 wins"), "{}", out.stdout);
    // A value the rules refuse: said as the `--set` value, exit 1, no game played.
    let bad = run(&["sweep", &file, "--set", "harmony.points=5,1e400", "-p", "4"]).expect_code(1);
    assert_eq!(
        bad.error_lines(),
        [
            "error: --set harmony.points=1e400: `points` in [rules.harmony] must be an integer from -1000 to 1000, not a float"
        ],
        "{}",
        bad.stderr
    );
    assert!(bad.stdout.is_empty());
    // A key the rules do not have, the line break that would write another, no values.
    for (set, said) in [
        ("harmony.pionts=1", "did you mean `points`?"),
        ("harmony.points=1\nextends=\"x\"", "control character"),
        ("harmony.points", "give KEY=V1,V2"),
    ] {
        let out = run(&["sweep", &file, "--set", set, "-p", "4"]).expect_code(1);
        assert!(out.stderr.contains(said), "{set:?}: {}", out.stderr);
    }
}

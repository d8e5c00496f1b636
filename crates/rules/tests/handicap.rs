//! The `handicap` house rule (docs/house-rules/handicap.toml): points at the end and coins at
//! the start by seat (by team in a game of teams), said in the help and the score, warned where
//! they can never count.

use crownlands_core::{Game, Registry, Side};
use std::path::Path;
use std::sync::Arc;

fn load(text: &str) -> Result<crownlands_core::Ruleset, crownlands_rules::Diagnostics> {
    crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("h.toml"))
}

fn played(ruleset: &Arc<crownlands_core::Ruleset>, players: u8, seed: u64) -> Game {
    let mut game = Game::new(Arc::clone(ruleset), players, seed).expect("a game");
    let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
    game.play_out_random(&mut rng);
    game
}

#[test]
fn each_seat_scores_its_points() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/handicap.toml");
    let ruleset = Arc::new(
        crownlands_rules::load_path(Registry::shipped_ref(), &path)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let plain = Arc::new(load("extends = \"kingdomino\"\n").unwrap_or_else(|e| panic!("{e}")));
    for seed in 0..20 {
        let game = played(&ruleset, 4, seed);
        let same = played(&plain, 4, seed);
        for (side, extra) in [(0, -3), (1, 0), (2, 5), (3, 0)] {
            assert_eq!(
                game.score_total(Side(side)),
                same.score_total(Side(side)) + extra,
                "seed {seed}, seat {}",
                side + 1
            );
        }
        // Seat 3's line on the score; none for a seat given nothing.
        let lines = game.score_lines(Side(2));
        assert!(
            lines
                .iter()
                .any(|l| l.label == "handicap of the 3rd seat" && l.points == 5),
            "{lines:?}"
        );
        assert!(
            !game
                .score_lines(Side(1))
                .iter()
                .any(|l| l.label.starts_with("handicap")),
        );
    }
    let game = Game::new(Arc::clone(&ruleset), 4, 1).expect("a game");
    let help = crownlands_core::modules::describe::scoring_rules(game.rules(), game.modules());
    assert!(
        help.iter().any(|l| l.contains(
            "Handicap, by seat (by team in teams): seat 1: -3 points, seat 3: +5 points at the end."
        )),
        "{help:?}"
    );
}

#[test]
fn the_engines_properties_hold_with_a_handicap() {
    let ruleset = Arc::new(load(
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"handicap\"]\n\
         [rules.module.handicap]\npoints = [0, 2]\ncoins = [0, 3, 6]\n",
    )
    .unwrap_or_else(|e| panic!("{e}")));
    crownlands_core::conformance::check(&ruleset, 0..4).unwrap_or_else(|e| panic!("{e:?}"));
}

#[test]
fn coins_go_to_the_coin_keeper_at_the_start() {
    let ruleset = Arc::new(
        load(
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\", \"handicap\"]\n\
             [rules.module.handicap]\ncoins = [0, 9]\n",
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let game = Game::new(Arc::clone(&ruleset), 2, 3).expect("a game");
    let coins = |side| {
        game.side_stats(Side(side))
            .iter()
            .find(|s| s.long.contains("coin"))
            .map(|s| s.long.clone())
            .unwrap_or_default()
    };
    let (first, second) = (coins(0), coins(1));
    let n = |t: &str| -> u32 {
        t.split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    assert_eq!(n(&second), n(&first) + 9, "{first} / {second}");
}

#[test]
fn what_can_never_count_is_warned() {
    for (text, says) in [
        (
            "[rules.module.handicap]\ncoins = [0, 2]\n",
            "its `coins` are given to no one: no module of `modules` keeps coins (add `wealth`)",
        ),
        (
            "[rules.module.handicap]\npoints = [0, 1, 2, 3, 4]\n",
            "`points` gives 5 seats, but no game of this ruleset has more than 4 sides: the last value never counts (write at most 4)",
        ),
        (
            "[rules.module.handicap]\npoints = [0, 0]\n",
            "its `points` and `coins` give nothing",
        ),
    ] {
        let file = format!("extends = \"kingdomino\"\n[rules]\nmodules = [\"handicap\"]\n{text}");
        let checked =
            crownlands_rules::check_str(Registry::shipped_ref(), &file, Path::new("h.toml"));
        assert!(checked.result.is_ok(), "{text}");
        let warnings = crownlands_rules::Diagnostics(checked.warnings).to_string();
        assert!(warnings.contains(says), "{text}: {warnings}");
    }
    // A typo in a key is refused, with the keys there are.
    let e = load("extends = \"kingdomino\"\n[rules]\nmodules = [\"handicap\"]\n[rules.module.handicap]\npoint = [1]\n")
        .expect_err("a typo");
    assert!(e.to_string().contains("`point`"), "{e}");
}

/// A kingdom file says whose seat it is with `@seat N` (as `replay` writes it): that seat's
/// handicap counts; without it, none. A seat past the table's, or one given twice, is said.
#[test]
fn a_kingdom_file_names_its_seat() {
    use crownlands_core::modules::{SideView, build_all, score_side};
    use crownlands_rules::kingdom_file::parse_side;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/handicap.toml");
    let ruleset = crownlands_rules::load_path(Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    let rules = ruleset.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    let total = |text: &str| {
        let (kingdom, data) = parse_side(text, "k.kingdom", &ruleset, &modules, rules)?;
        let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
        Ok::<_, crownlands_rules::Diagnostics>(score_side(rules, view).total)
    };
    let kingdom = "C W1\n";
    assert_eq!(total(kingdom).unwrap_or_else(|e| panic!("{e}")), 1);
    assert_eq!(
        total(&format!("{kingdom}@seat 3\n")).unwrap_or_else(|e| panic!("{e}")),
        6
    );
    assert_eq!(
        total(&format!("{kingdom}@seat 1\n")).unwrap_or_else(|e| panic!("{e}")),
        -2
    );
    let e = total(&format!("{kingdom}@seat 0\n")).expect_err("no seat 0");
    assert!(e.to_string().contains("`@seat` takes the seat"), "{e}");
}

/// In a game of teams the lists go by team, and the score line says so.
#[test]
fn in_teams_the_handicap_is_a_teams() {
    let ruleset = Arc::new(
        load(
            "extends = \"royal-wedding-teams\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"handicap\"]\n\
             [rules.module.handicap]\npoints = [0, 0, -10]\n",
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let game = played(&ruleset, 6, 4);
    let lines = game.score_lines(Side(2));
    assert!(
        lines
            .iter()
            .any(|l| l.label == "handicap of team 3" && l.points == -10),
        "{lines:?}"
    );
}

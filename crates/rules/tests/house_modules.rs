//! The house-rule modules in games: `claim-order` (each side's place in the first claims, its
//! coins at the start and its points at the end), and both modules' worked examples.

use crownlands_core::{Game, Registry, Side};
use std::path::Path;
use std::sync::Arc;

/// The guide's house rule `name` (docs/house-rules/).
fn guide(name: &str) -> crownlands_core::Ruleset {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    crownlands_rules::load_path(Registry::shipped_ref(), &dir.join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A ruleset written here, as the file `name` beside the guide's would read.
fn written(name: &str, text: &str) -> crownlands_core::Ruleset {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    crownlands_rules::load_str(Registry::shipped_ref(), text, &dir.join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn coins_and_points_follow_each_sides_place_in_the_first_claims() {
    // Listed after `wealth` or before it: wealth's 7 coins add to the place's (a review found
    // them set over the place's when `claim-order` came first).
    for list in [
        "\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"claim-order\"",
        "\"claim-order\", \"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\"",
    ] {
        coins_and_points_with(list);
    }
}

fn coins_and_points_with(list: &str) {
    let ruleset = crownlands_rules::load_str(
        Registry::shipped_ref(),
        &format!(
            "extends = \"queendomino\"\n[rules]\nmodules = [{list}]\n[rules.module.claim-order]\ncoins = [0, 1, 2, 3]\npoints = [-1, 0, 5]\n"
        ),
        Path::new("co.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ruleset = Arc::new(ruleset);
    for seed in 0..8 {
        let mut game = Game::new(Arc::clone(&ruleset), 4, seed).expect("a game");
        // Each side's place: the order its king claims the first line in (one king each).
        let order: Vec<Side> = game
            .first_claim_order()
            .iter()
            .map(|&k| game.side_of_king(k))
            .collect();
        for (place, &side) in order.iter().enumerate() {
            assert_eq!(game.resource(side, "claim-place"), place as u32 + 1);
            // Queendomino's 7 coins and the place's.
            assert_eq!(
                game.resource(side, "coins"),
                7 + place as u32,
                "seed {seed}"
            );
        }
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        game.play_out_random(&mut rng);
        for (place, &side) in order.iter().enumerate() {
            let score = game.score(side);
            let line = score
                .bonuses
                .iter()
                .find(|b| b.key == "claim-order")
                .expect("the claim order's line");
            assert_eq!(line.points, [-1, 0, 5, 0][place]);
            assert_eq!(score.total, game.score_total(side));
        }
    }
}

/// The house rules of `docs/house-rules/` that switch on the house-rule modules pass the
/// engine's own properties (legal actions agree with `is_legal`, a game replays, scores add up)
/// at every count they allow.
#[test]
fn the_house_module_examples_keep_the_engines_properties() {
    for name in [
        "first-player-compensation.toml",
        "lakes-double.toml",
        "small-territories.toml",
    ] {
        let ruleset = guide(name);
        crownlands_core::conformance::check(&Arc::new(ruleset), 0..4)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

/// `terrain-multipliers` says its points are a sum over territories (the bots value
/// placements by it): the sum, territory by territory, is the module's line of every side's
/// score, in random games of the guide's lakes and of multipliers of every kind.
#[test]
fn terrain_multipliers_score_territory_by_territory() {
    let lakes = guide("lakes-double.toml");
    let many = written(
        "many.toml",
        "extends = \"kingdomino\"\nname = \"many\"\n[rules]\n\
         modules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\n\
         multipliers = { wheat = 0, forest = 3, lake = 2, grassland = 100, swamp = 1 }\n",
    );
    let small = guide("small-territories.toml");
    // Multipliers and a least size together: a small territory scores nothing, multiplied or not.
    let both = written(
        "both.toml",
        "extends = \"kingdomino\"\nname = \"both\"\n[rules]\n\
         modules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\n\
         multipliers = { lake = 2, mine = -1 }\nmin-squares = 3\n",
    );
    let mut checked = 0;
    for ruleset in [lakes, many, small, both] {
        let ruleset = Arc::new(ruleset);
        for seed in 0..20u64 {
            let mut game = Game::new(ruleset.clone(), 2, seed).expect("setup");
            let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
            game.play_out_random(&mut rng);
            for side in Side::all(2) {
                let by_territory = game.territory_scoring().of_kingdom(game.kingdom(side));
                let line = game
                    .score(side)
                    .bonuses
                    .iter()
                    .find(|b| b.key == "terrain-multipliers")
                    .map_or(0, |b| b.points);
                assert_eq!(by_territory, i64::from(line), "seed {seed}");
                checked += usize::from(line != 0);
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

/// `min-squares = 2` (docs/house-rules/small-territories.toml): a side's total is its
/// territories of 2 squares or more scored as printed, in random games; the one-square ones
/// count nothing, and the score says how much they lost on a line of their own.
#[test]
fn territories_under_the_least_size_score_nothing() {
    let small = Arc::new(guide("small-territories.toml"));
    let mut lost = 0;
    for seed in 0..30u64 {
        let mut game = Game::new(small.clone(), 2, seed).expect("setup");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        game.play_out_random(&mut rng);
        for side in Side::all(2) {
            let mut large = 0i32;
            let mut single = 0i32;
            game.kingdom(side).for_each_territory(|t| {
                let points = (t.squares * t.crowns) as i32;
                if t.squares >= 2 {
                    large += points;
                } else {
                    single += points;
                }
            });
            assert_eq!(game.score_total(side), large, "seed {seed}");
            let lines = game.score_lines(side);
            let line = lines
                .iter()
                .find(|l| l.label == "territories under 2 squares")
                .map_or(0, |l| l.points);
            assert_eq!(line, -single, "seed {seed}");
            lost += single;
        }
    }
    assert!(lost > 0, "no lone crowned square in 30 games");
}

/// Where the multipliers pass the most points a score line may count, the bots' sum territory
/// by territory is held at that most too, as the module's line is: a 7x7 kingdom of lakes of 7
/// crowns a square, lakes x100 (48 x 336 x 99 points more than printed, 1.6 million).
#[test]
fn the_territory_sum_is_held_at_a_lines_most_as_the_modules_points_are() {
    use crownlands_core::{Cell, Kingdom, Square};
    let ruleset = crownlands_rules::load_str(
        Registry::shipped_ref(),
        "extends = \"mighty-duel\"\nname = \"deep-lakes\"\n[rules]\n\
         modules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\n\
         multipliers = { lake = 100 }\n",
        Path::new("deep-lakes.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let lake = ruleset.terrain_by_name("lake").expect("lake");
    let game = Game::new(Arc::new(ruleset), 2, 1).expect("setup");
    let mut kingdom = Kingdom::new(7);
    for y in -3..=3 {
        for x in -3..=3 {
            if (x, y) != (0, 0) {
                let square = Square {
                    terrain: lake,
                    crowns: 7,
                };
                kingdom
                    .set_square(Cell::new(x, y), square)
                    .expect("a square");
            }
        }
    }
    let cap = i64::from(crownlands_core::modules::MAX_LINE_POINTS);
    assert_eq!(game.territory_scoring().of_kingdom(&kingdom), cap);
    assert_eq!(
        game.territory_scoring().points(lake, 48, 336),
        48 * 336 * 99
    );
}

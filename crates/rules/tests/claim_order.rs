//! The `claim-order` module in a game: each side's place in the first claims, its coins at the
//! start and its points at the end.

use crownlands_core::{Game, Registry, Side};
use std::path::Path;
use std::sync::Arc;

#[test]
fn coins_and_points_follow_each_sides_place_in_the_first_claims() {
    let ruleset = crownlands_rules::load_str(
        Registry::shipped_ref(),
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"claim-order\"]\n[rules.module.claim-order]\ncoins = [0, 1, 2, 3]\npoints = [-1, 0, 5]\n",
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

//! Team play (Royal Wedding in teams): teammates share one kingdom and one score, each with their
//! own king. The search plays for the team: a teammate's king is searched as its own side, the
//! other teams' kings are played by the playout policy.

use crownlands_bots::{MctsBot, MctsConfig, Opponents, PlayerView};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset, Seat};
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A position of Royal Wedding in teams at 8 players after `moves` random moves, at a decision
/// with a choice.
fn position(seed: u64, moves: usize) -> Game {
    let mut game = Game::new(ruleset("royal-wedding-teams"), 8, seed).expect("setup");
    let mut rng = GameRng::seed_from(seed);
    for _ in 0..moves {
        game.play_random(|| rng.next_u32()).expect("not over");
    }
    while game.legal_actions().len() < 2 {
        game.play_random(|| rng.next_u32()).expect("not over");
    }
    game
}

fn search(game: &Game, opponents: Opponents) -> Vec<(Seat, u64)> {
    let view = PlayerView::new(game).expect("someone acts");
    let config = MctsConfig {
        budget: Some(crownlands_bots::Budget::Playouts(120)),
        opponents,
        // Every side in the tree (max-n) spends the default's few levels (`TABLE_DEPTH`) on the
        // kings between the bot's own choices: the tree of any depth shows them.
        depth: (opponents == Opponents::Tree).then_some(0),
        // 120 playouts, not adapted to the position's (long) playouts.
        adapt: false,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::new(config, 3, "mcts");
    let (action, _) = bot.search(&view);
    assert!(view.is_legal(action));
    bot.visits_by_seat()
}

#[test]
fn the_search_weighs_its_teammates_choices_as_its_own_and_no_other_teams() {
    let mut teammate_searched = 0;
    for (seed, moves) in [(1u64, 9usize), (2, 25), (3, 40)] {
        let game = position(seed, moves);
        let me = game.to_act().expect("someone acts");
        let team = game.side_of(me);
        let teammates: Vec<Seat> = (0..8)
            .map(Seat)
            .filter(|&s| s != me && game.side_of(s) == team)
            .collect();
        assert_eq!(teammates.len(), 1, "teams of two");
        let seats = search(&game, Opponents::Rollout);
        assert!(
            seats.iter().any(|&(s, v)| s == me && v > 0),
            "seed {seed}: the bot's own choices are searched: {seats:?}"
        );
        for &(seat, _) in &seats {
            assert_eq!(
                game.side_of(seat),
                team,
                "seed {seed}: only the team's kings are in the tree: {seats:?}"
            );
        }
        if seats.iter().any(|&(s, v)| s == teammates[0] && v > 0) {
            teammate_searched += 1;
        }
        // Searching every side's choices (max-n), the other teams' kings are in the tree too.
        let every = search(&game, Opponents::Tree);
        assert!(
            every.iter().any(|&(s, _)| game.side_of(s) != team),
            "seed {seed}: {every:?}"
        );
    }
    assert!(
        teammate_searched >= 2,
        "the teammate's king is searched as the bot's own side in most positions ({teammate_searched} of 3)"
    );
}

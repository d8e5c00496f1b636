//! Perft: the number of action sequences of a given length from a position, the engine's own
//! check of move generation (as chess engines do). The tests hold exact counts from seeded starts
//! (`tests/perft/games.txt`) and the benchmark asserts its count while it measures.

use crate::Game;

/// Count the action sequences of length `depth` from `game` (the last level is counted, not
/// played). A finished game, or depth 0, counts as one sequence.
pub fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 || game.is_over() {
        return 1;
    }
    if depth == 1 {
        return u64::from(game.legal_action_count());
    }
    let mut next = game.clone();
    game.legal_actions()
        .into_iter()
        .map(|action| {
            next.clone_from(game);
            // Every listed action is legal where it was listed; a refusal would be an engine bug,
            // and counting it as no sequence makes the count (and so the tests) fail loudly.
            match next.apply(action) {
                Ok(()) => perft(&next, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}

//! Keys pressed at random through whole games (a person trying every key): nothing panics, the
//! screen draws at every size a game plays at, a step's list always stands for its legal actions
//! (its rows, a building's squares among them, cover them once and in order) and the cursor is
//! on one of them.

mod common;

use common::*;
use crownlands_core::rng::GameRng;
use crownlands_tui::{App, Key, Mode};

/// Every key a player may press in a game, but those that leave it or write files (`q`, `s`,
/// Ctrl-C) or start a bot's search on the side (`H`, `a`). Enter is weighed more, so games end.
const KEYS: &[Key] = &[
    Key::Up,
    Key::Down,
    Key::Left,
    Key::Right,
    Key::Tab,
    Key::BackTab,
    Key::Enter,
    Key::Enter,
    Key::Enter,
    Key::Enter,
    Key::Esc,
    Key::Char(' '),
    Key::Char('1'),
    Key::Char('2'),
    Key::Char('3'),
    Key::Char('9'),
    Key::Char('0'),
    Key::Char('p'),
    Key::Char('d'),
    Key::Char('r'),
    Key::Char('u'),
    Key::Char('?'),
    Key::Char('m'),
    Key::Char('h'),
    Key::Char('l'),
];

/// What must hold whatever was pressed.
fn check(app: &App, at: usize) {
    if app.mode() != Mode::Step {
        return;
    }
    let actions = app.step_actions();
    let rows = app.step_entries();
    let legal = app.game().expect("a game").legal_actions();
    assert!(actions.iter().all(|a| legal.contains(a)), "key {at}");
    assert_eq!(actions.len(), legal.len(), "key {at}");
    // The rows cover the actions once, in order.
    let mut next = 0;
    for r in &rows {
        assert_eq!(r.start, next, "key {at}: {rows:?}");
        assert!(r.end > r.start, "key {at}: {rows:?}");
        next = r.end;
    }
    assert_eq!(next, actions.len(), "key {at}: {rows:?}");
    assert!(app.choice() < actions.len(), "key {at}");
}

/// Press `keys` keys at random; the keys pressed in a module's step.
fn mash(ruleset: &str, players: &str, seed: u64, keys: usize, sizes: &[(u16, u16)]) -> usize {
    let mut app = app(ruleset, players, seed);
    // The keys, the same each run.
    let mut rng = GameRng::seed_from(seed);
    let mut games = 0;
    let mut steps = 0;
    for at in 0..keys {
        let key = KEYS[rng.below(KEYS.len() as u32) as usize];
        if app.mode() == Mode::GameOver && key == Key::Enter {
            games += 1;
        }
        app.key_at(key, later());
        app.run_bots();
        check(&app, at);
        steps += usize::from(app.mode() == Mode::Step);
        if at % 25 == 0 {
            let (w, h) = sizes[rng.below(sizes.len() as u32) as usize];
            let _ = screen(&app, w, h);
        }
    }
    assert!(
        games > 0 || app.mode() == Mode::GameOver,
        "{ruleset}: no game ended in {keys} keys"
    );
    steps
}

#[test]
fn keys_at_random_through_kingdomino() {
    mash(
        "kingdomino",
        "you,greedy",
        1,
        3000,
        &[(80, 24), (60, 20), (120, 40)],
    );
    // (Kingdomino has no module step.)
}

#[test]
fn keys_at_random_through_queendomino() {
    let steps = mash(
        "queendomino",
        "you,greedy,greedy",
        2,
        4000,
        &[(80, 24), (66, 20), (100, 30), (40, 12)],
    );
    assert!(steps > 100, "{steps} keys in a step");
}

#[test]
fn keys_at_random_through_royal_wedding() {
    let steps = mash(
        "royal-wedding",
        "you,greedy,greedy",
        3,
        3000,
        &[(80, 24), (120, 40), (30, 10)],
    );
    assert!(steps > 100, "{steps} keys in a step");
}

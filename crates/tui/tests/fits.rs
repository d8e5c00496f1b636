//! Big tables fit: every shipped ruleset up to 4 sides (and a 5-player Kingdomino house rule)
//! at 80x24, every table of 5 to 8 players at 100x30; and the names stay apart.

mod common;

use common::*;
use crownlands_tui::view;
use crownlands_tui::{App, Palette};
use ratatui::layout::Rect;
use std::path::Path;
use std::sync::Arc;

fn all_tables() -> Vec<(String, App)> {
    let mut out = Vec::new();
    for name in crownlands_rules::shipped_names() {
        let r = ruleset(&name);
        for &(n, _) in r.player_counts() {
            let players = vec!["greedy"; usize::from(n)].join(",");
            let app = App::new_game(r.clone(), seats(&players), config(1, Palette::none()))
                .expect("sets up");
            out.push((format!("{name} {n}p"), app));
        }
    }
    let five = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nplayers = [5]\n[for-players.5]\nline-size = 5\ndeck-size = 45\n",
        Path::new("five.toml"),
    )
    .expect("house rule loads");
    let app = App::new_game(
        Arc::new(five),
        seats("greedy,greedy,greedy,greedy,greedy"),
        config(1, Palette::none()),
    )
    .expect("sets up");
    out.push(("kingdomino 5p house rule".into(), app));
    out
}

#[test]
fn every_table_fits() {
    let mut small = 0;
    for (name, app) in all_tables() {
        let game = app.game().expect("a game");
        let (w, h) = if game.sides() <= 4 || name.contains("house rule") {
            small += 1;
            (80, 24)
        } else {
            (100, 30)
        };
        assert!(
            view::fits(&app, Rect::new(0, 0, w, h)),
            "{name} does not fit {w}x{h}: needs {:?}",
            view::needed(&app)
        );
        // Every other side's kingdom is on screen.
        let l = view::layout(&app, game, Rect::new(0, 0, w, h)).expect("lays out");
        assert_eq!(
            l.others.len(),
            usize::from(game.sides()) - 1,
            "{name} at {w}x{h}"
        );
    }
    assert!(small > 30, "{small} tables at 80x24");
}

/// The least sizes the README gives for Royal Wedding played alone: 6 players at 80x24, 7 at
/// 84x23, 8 at 90x24 (and in teams 80x24, above).
#[test]
fn royal_wedding_alone_needs_the_sizes_the_readme_gives() {
    let r = ruleset("royal-wedding");
    for (n, size) in [(6, (80, 24)), (7, (84, 23)), (8, (90, 24))] {
        let players = vec!["greedy"; n].join(",");
        let app =
            App::new_game(r.clone(), seats(&players), config(1, Palette::none())).expect("sets up");
        let (w, h) = size;
        assert!(view::fits(&app, Rect::new(0, 0, w, h)), "{n}p at {w}x{h}");
        if n > 6 {
            assert_eq!(view::needed(&app), size, "{n}p");
        }
    }
}

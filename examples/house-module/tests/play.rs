//! `crownlands-markets play`: the terminal UI shows the market step (its prompt and its choices,
//! the stall's territory highlighted) and draws the stalls on the kingdom, knowing nothing of
//! the module. Drawn with ratatui's `TestBackend`, played through the key handler.

use crownlands_tui::app::seats;
use crownlands_tui::{App, Config, Key, Mode, Palette};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

fn app(players: &str, seed: u64) -> App {
    let registry = crownlands_house_module::registry();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("markets.toml");
    let ruleset = crownlands_rules::load_path(&registry, &path).expect("markets.toml loads");
    let seats = seats::name_seats(&seats::parse_players(players).expect("players"));
    let config = Config {
        pace: Duration::ZERO,
        autosave_dir: None,
        save_dir: None,
        palette: Palette::none(),
        seed,
        analyst: crownlands_bots::Analyst {
            level: crownlands_bots::Level::Greedy,
            samples: 2,
            ..crownlands_bots::Analyst::default()
        },
        registry,
    };
    let mut app = App::new_game(Arc::new(ruleset), seats, config).expect("game sets up");
    app.run_bots();
    app
}

/// Press keys, letting bots play after each: each two seconds after the one before, past the
/// pause a turn handed over from a bot makes (a key's time is the decision's start).
fn press(app: &mut App, keys: &str) {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(1);
    let start = *START.get_or_init(std::time::Instant::now);
    for k in Key::parse_all(keys) {
        let step = STEPS.fetch_add(1, Ordering::Relaxed);
        let at = start.max(std::time::Instant::now()) + Duration::from_secs(2 * step);
        app.key_at(k, at);
        app.run_bots();
    }
}

fn buffer(app: &App, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| crownlands_tui::view::draw(f, app))
        .expect("draws");
    terminal.backend().buffer().clone()
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let buf = buffer(app, w, h);
    let mut text = String::new();
    for y in 0..h {
        for x in 0..w {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// Whether the human is asked to choose in the market step.
fn at_market(app: &App) -> bool {
    app.mode() == Mode::Step
        && app
            .game()
            .and_then(|g| g.step_view())
            .is_some_and(|v| v.module == "markets")
}

/// Play by keys (the first choice of every step, the first legal spot), until `done`.
fn until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) || app.mode() == Mode::GameOver {
            break;
        }
        match app.mode() {
            Mode::Place if !app.ghost_is_legal() && !app.must_discard() => press(app, "<tab>"),
            // A step opens on Skip, its last choice: down wraps to the first.
            Mode::Step => press(app, "<down><enter>"),
            _ => press(app, "<enter>"),
        }
    }
    assert!(done(app), "not reached in {limit} keys");
}

#[test]
fn the_market_step_lists_stalls_and_the_kingdom_shows_them() {
    let mut app = app("you,greedy", 7);
    until(&mut app, 400, at_market);
    let view = app
        .game()
        .and_then(|g| g.step_view())
        .expect("a market step");
    assert!(view.choices.len() >= 2, "a stall and pass: {view:?}");
    // The step opens on Skip (Enter pressed to go on buys nothing); down: the first stall.
    assert!(screen(&app, 100, 30).contains("▶ 2. Skip"));
    press(&mut app, "<down>");
    let text = screen(&app, 100, 30);
    // The step's prompt (short enough to fit), its choices (a stall, then passing), the detail.
    assert!(
        text.contains("┌ Market: a 2¢ stall on 3+ squares"),
        "{text}"
    );
    assert!(text.contains("1. Stall on "), "{text}");
    assert!(text.contains("2. Skip"), "{text}");
    assert!(text.contains("Pay 2¢ for a stall on the "), "{text}");
    assert!(
        view.prompt.starts_with("Market: a 2¢ stall on 3+ squares"),
        "{view:?}"
    );
    // The chosen stall's territory is reversed on the kingdom.
    let buf = buffer(&app, 100, 30);
    let reversed = buf
        .content()
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED) && c.symbol() != "C")
        .count();
    assert!(reversed > 0, "the territory is marked:\n{text}");

    // Buy it: the stall is drawn on its square, and one stall fewer is left.
    let game = app.game().expect("game");
    let me = game.side_to_act().expect("a side acts");
    press(&mut app, "<enter>");
    let game = app.game().expect("game");
    let stalls: Vec<_> = game
        .cell_marks(me)
        .into_iter()
        .filter(|m| m.symbol == '$')
        .collect();
    assert_eq!(stalls.len(), 1, "{stalls:?}");
    assert_eq!(stalls[0].cell, view.choices[0].cells[0]);
    assert_eq!(stalls[0].what, "market stall");
    let text = screen(&app, 100, 30);
    assert!(text.contains('$'), "{text}");
    assert!(text.contains("2 stalls left"), "{text}");
}

#[test]
fn a_whole_game_with_markets_ends_on_the_engines_scores() {
    let mut app = app("you,greedy", 11);
    until(&mut app, 2000, |a| a.mode() == Mode::GameOver);
    let game = app.game().expect("game");
    let text = screen(&app, 100, 30);
    for side in crownlands_core::Side::all(game.sides()) {
        let total = game.score(side).total;
        assert!(text.contains(&total.to_string()), "{total}:\n{text}");
    }
}

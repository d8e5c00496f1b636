//! Shared helpers: apps on shipped rulesets, keys, and the screen as text.

#![allow(dead_code)]

use crownlands_core::Ruleset;
use crownlands_tui::app::seats::{self, Seat};
use crownlands_tui::{App, Config, Key, Mode, Palette};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::Arc;
use std::time::Duration;

pub fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .expect("shipped ruleset loads"),
    )
}

pub fn seats(players: &str) -> Vec<Seat> {
    seats::name_seats(&seats::parse_players(players).expect("players parse"))
}

/// A quiet config: no pace, no files, colours as given.
pub fn config(seed: u64, palette: Palette) -> Config {
    Config {
        pace: Duration::ZERO,
        autosave_dir: None,
        save_dir: None,
        palette,
        seed,
        // A quick analysis for tests: greedy's proposals, few samples.
        analyst: crownlands_bots::Analyst {
            level: crownlands_bots::Level::Greedy,
            samples: 2,
            ..crownlands_bots::Analyst::default()
        },
        registry: crownlands_core::Registry::shipped(),
    }
}

pub fn app(ruleset_name: &str, players: &str, seed: u64) -> App {
    app_with(ruleset(ruleset_name), players, seed)
}

/// [`app`] on a ruleset of the test's own (a house rule).
pub fn app_with(ruleset: Arc<Ruleset>, players: &str, seed: u64) -> App {
    let mut app = App::new_game(ruleset, seats(players), config(seed, Palette::none()))
        .expect("game sets up");
    app.run_bots();
    app
}

/// A screen's words, its boxes' borders and quotes dropped and its wrapped rows joined: what a
/// paragraph says, wherever it wrapped.
pub fn words(screen: &str) -> String {
    screen
        .replace(['│', '┌', '┐', '└', '┘', '─', '"'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Press keys (see `Key::parse_all`), letting bots play after each: each a moment after the
/// decision came (past the pause a hand-over to another person makes).
pub fn press(app: &mut App, keys: &str) {
    for k in Key::parse_all(keys) {
        app.key_at(k, later());
        app.run_bots();
    }
}

/// Enter on the score screen once its moment has passed (a match's next game, or a new game),
/// and the bots' moves up to the first decision of a person.
pub fn play_on(app: &mut App) {
    app.key_at(
        Key::Enter,
        std::time::Instant::now() + std::time::Duration::from_secs(2),
    );
    app.run_bots();
}

/// A moment past the pauses of a hand-over and of the score screen: each call two seconds
/// after the one before (a decision's pause starts at the time of the key that led to it).
pub fn later() -> std::time::Instant {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    static STEPS: AtomicU64 = AtomicU64::new(1);
    let start = *START.get_or_init(std::time::Instant::now);
    let step = STEPS.fetch_add(1, Ordering::Relaxed);
    start.max(std::time::Instant::now()) + std::time::Duration::from_secs(2 * step)
}

/// The screen as text, `w` x `h`.
pub fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| crownlands_tui::view::draw(f, app))
        .expect("draws");
    format!("{}", terminal.backend())
}

/// The buffer itself, to check styles.
pub fn buffer(app: &App, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| crownlands_tui::view::draw(f, app))
        .expect("draws");
    terminal.backend().buffer().clone()
}

/// A human's simple policy through keys only: claim the first choice, jump to the first legal
/// spot and place, take the first step choice (a step opens on Skip, its last: down wraps to
/// the first). Returns after at most `limit` keys.
pub fn play_to_end(app: &mut App, limit: usize) -> usize {
    let mut keys = 0;
    while app.mode() != Mode::GameOver && keys < limit {
        match app.mode() {
            Mode::Claim => press(app, "<enter>"),
            Mode::Step => {
                press(app, "<down>");
                press(app, "<enter>");
            }
            Mode::Place if app.must_discard() => press(app, "<enter>"),
            Mode::Place => {
                if !app.ghost_is_legal() {
                    press(app, "<tab>");
                }
                press(app, "<enter>");
            }
            Mode::BotThinking => app.run_bots(),
            Mode::Setup | Mode::Resume | Mode::GameOver | Mode::Replay => break,
        }
        keys += 1;
    }
    keys
}

/// Whether the app waits for a human in the step of the module `module` (`knights`: tax).
pub fn in_step(app: &App, module: &str) -> bool {
    app.mode() == Mode::Step
        && app
            .game()
            .and_then(|g| g.step_view())
            .is_some_and(|v| v.module == module)
}

/// Play on by [`play_to_end`]'s simple policy, one key at a time, until the app waits for a
/// human in the step of `module` with more than `more_than` rows in its list (a building at
/// several squares one row; or `limit` keys passed).
pub fn play_to_step(app: &mut App, module: &str, more_than: usize, limit: usize) {
    let mut n = 0;
    while !(in_step(app, module) && app.step_entries().len() > more_than) && n < limit {
        play_to_end(app, 1);
        n += 1;
    }
}

/// Ask for the analysis of the finished game (`a`), wait for it, and give each side's report.
pub fn analysis_reports(app: &mut App) -> Vec<crownlands_tui::app::analysis::SideReport> {
    press(app, "a");
    app.wait_for_analysis();
    let job = app.analysis().expect("asked for");
    assert_eq!(job.done(), job.total);
    job.result
        .as_ref()
        .expect("done")
        .as_ref()
        .expect("no failure")
        .clone()
}

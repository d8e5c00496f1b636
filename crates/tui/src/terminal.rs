//! The real terminal: raw mode, the alternate screen, mouse, the event loop, and restoring the
//! terminal however the program ends (quit, Ctrl-C, a panic).

use crate::app::seats::{self, SeatKind};
use crate::app::setup::{Choice, Setup};
use crate::app::{App, Config};
use crate::keys::Key;
use crate::view::{self, Hit, palette::Palette};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `crownlands play` was asked.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// A shipped ruleset name or a path; `None` (and no players) opens the setup screen.
    pub ruleset: Option<String>,
    /// `you,greedy,mcts`.
    pub players: Option<String>,
    pub seed: Option<u64>,
    /// A save file to resume.
    pub load: Option<PathBuf>,
    /// Bot pace in milliseconds.
    pub pace_ms: Option<u64>,
    /// Do not autosave.
    pub no_autosave: bool,
}

/// Build the app from the options, without touching the terminal (so errors print plainly).
pub fn build_app(opts: &PlayOptions) -> Result<App, String> {
    let data = crownlands_saves::data_dir();
    let seed = opts.seed.unwrap_or_else(clock_seed);
    let config = Config {
        pace: Duration::from_millis(opts.pace_ms.unwrap_or(600)),
        autosave_dir: if opts.no_autosave { None } else { data.clone() },
        save_dir: data.map(|d| d.join("saves")),
        palette: Palette::from_env(|k| std::env::var(k).ok()),
        seed,
    };
    if let Some(path) = &opts.load {
        let session = crownlands_saves::read_save(path).map_err(|e| e.to_string())?;
        let seats = seats::from_players(session.players());
        return Ok(App::resume(session, seats, config));
    }
    if opts.ruleset.is_none() && opts.players.is_none() {
        return Ok(App::with_setup(Setup::new(shipped_choices(), None), config));
    }
    let name = opts.ruleset.clone().unwrap_or_else(|| "kingdomino".into());
    let ruleset = crownlands_rules::load(&name).map_err(|e| e.to_string())?;
    let kinds = match &opts.players {
        Some(text) => seats::parse_players(text)?,
        None => {
            let n = usize::from(ruleset.min_players().max(2));
            let mut v = vec![SeatKind::Human];
            v.resize(n, SeatKind::Bot(crownlands_bots::Level::Greedy));
            v
        }
    };
    App::new_game(Arc::new(ruleset), seats::name_seats(&kinds), config)
}

/// The shipped rulesets with their player counts.
pub fn shipped_choices() -> Vec<Choice> {
    crownlands_rules::shipped()
        .into_iter()
        .map(|s| match crownlands_rules::load_shipped(&s.name) {
            Ok(r) => Choice {
                counts: r.player_counts.iter().map(|(n, _)| *n).collect(),
                description: r.description,
                name: s.name,
            },
            Err(_) => Choice {
                name: s.name,
                description: "(does not load)".into(),
                counts: Vec::new(),
            },
        })
        .collect()
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Play in the terminal until the player quits.
pub fn run(opts: PlayOptions) -> Result<(), String> {
    let started = Instant::now();
    let app = build_app(&opts)?;
    let timings = std::env::var_os("CROWNLANDS_TUI_TIMINGS").map(PathBuf::from);
    install_panic_hook();
    enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let backend = CrosstermBackend::new(std::io::stdout());
    let result = match Terminal::new(backend) {
        Ok(mut terminal) => event_loop(&mut terminal, app, started, timings.as_deref())
            .map_err(|e| format!("terminal error: {e}")),
        Err(e) => Err(format!("cannot set up the terminal: {e}")),
    };
    leave();
    result
}

fn enter() -> std::io::Result<()> {
    enable_raw_mode()?;
    execute!(std::io::stdout(), EnterAlternateScreen, EnableMouseCapture)
}

/// Put the terminal back as it was. Safe to call more than once.
fn leave() {
    let _ = disable_raw_mode();
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<std::io::Stdout>>,
    mut app: App,
    started: Instant,
    timings: Option<&std::path::Path>,
) -> std::io::Result<()> {
    let mut log = timings.and_then(|p| std::fs::File::create(p).ok());
    let mut first = true;
    let mut key_at: Option<Instant> = None;
    loop {
        terminal.draw(|f| view::draw(f, &app))?;
        if let Some(f) = &mut log {
            if first {
                let _ = writeln!(
                    f,
                    "first-frame-ms {:.2}",
                    started.elapsed().as_secs_f64() * 1e3
                );
                first = false;
            }
            if let Some(t) = key_at.take() {
                let _ = writeln!(f, "key-to-frame-ms {:.3}", t.elapsed().as_secs_f64() * 1e3);
            }
        }
        if app.should_quit() {
            return Ok(());
        }
        if event::poll(Duration::from_millis(40))? {
            let ev = event::read()?;
            let now = Instant::now();
            match ev {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    if let Some(key) = map_key(k) {
                        key_at = Some(now);
                        app.key_at(key, now);
                    }
                }
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let size = terminal.size()?;
                    let area = Rect::new(0, 0, size.width, size.height);
                    match view::hit(&app, area, m.column, m.row) {
                        Some(Hit::Cell(c)) => app.click_cell(c, now),
                        Some(Hit::Choice(i)) => app.click_choice(i, now),
                        None => {}
                    }
                }
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
}

/// A crossterm key as the app's [`Key`].
pub fn map_key(k: KeyEvent) -> Option<Key> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

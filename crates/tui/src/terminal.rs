//! The real terminal: raw mode, the alternate screen, mouse, the event loop, and restoring the
//! terminal however the program ends (quit, Ctrl-C, a panic, SIGTERM, SIGINT or SIGHUP).

use crate::app::resume::Offer;
use crate::app::ruleset_file::{self, shipped_choices};
use crate::app::seats;
use crate::app::setup::Setup;
use crate::app::{App, Config, Mode, Next};
use crate::keys::Key;
use crate::palette::Palette;
use crate::signals::{self, Stop};
use crate::view::{self, Hit};
use crownlands_core::Registry;
use crownlands_saves::Session;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// What `crownlands play` was asked.
#[derive(Clone, Debug)]
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
    /// The modules rulesets and saves may name: [`Registry::shipped`], or a plugin crate's.
    pub registry: Registry,
}

impl Default for PlayOptions {
    /// The setup screen, with the shipped modules.
    fn default() -> PlayOptions {
        PlayOptions {
            ruleset: None,
            players: None,
            seed: None,
            load: None,
            pace_ms: None,
            no_autosave: false,
            registry: Registry::shipped(),
        }
    }
}

/// Why `crownlands play` could not begin.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The ruleset named does not load: every problem, as `crownlands validate` lists them
    /// (the CLI reports them as it reports any ruleset's).
    #[error("{0}")]
    Ruleset(crownlands_rules::Diagnostics),
    /// Anything else, in words.
    #[error("{0}")]
    Message(String),
}

impl From<String> for PlayError {
    fn from(message: String) -> PlayError {
        PlayError::Message(message)
    }
}

/// Build the app from the options, without touching the terminal (so errors print plainly).
///
/// Without `--load`, an unfinished game in the autosave is offered first (resume it, or go on
/// to what was asked). A ruleset without `--players` opens the setup screen with that ruleset
/// chosen (a file is listed beside the shipped ones); `--players` starts the game at once.
pub fn build_app(opts: &PlayOptions) -> Result<App, PlayError> {
    build_app_in(
        opts,
        crownlands_saves::data_dir(),
        std::time::SystemTime::now(),
    )
}

/// [`build_app`] with the data directory (autosave and saves) given, and the time now (to date
/// the autosave).
pub fn build_app_in(
    opts: &PlayOptions,
    data: Option<PathBuf>,
    now: std::time::SystemTime,
) -> Result<App, PlayError> {
    let seed = opts.seed.unwrap_or_else(clock_seed);
    // `--pace`, else the pace last chosen with + and - (kept beside the saves), else 0.6 s.
    let pace = opts
        .pace_ms
        .or_else(|| data.as_deref().and_then(crate::app::bot_pace::read))
        .unwrap_or(600);
    if pace > crate::app::PACE_MAX_MS {
        return Err(format!("a pace of {pace} ms: {}", pace_error()).into());
    }
    let config = Config {
        pace: Duration::from_millis(pace),
        autosave_dir: if opts.no_autosave { None } else { data.clone() },
        save_dir: data.as_ref().map(|d| d.join("saves")),
        palette: Palette::from_env(|k| std::env::var(k).ok()),
        seed,
        registry: opts.registry.clone(),
        ..Config::default()
    };
    if let Some(path) = &opts.load {
        return App::load(path, config).map_err(|e| e.to_string().into());
    }
    let mut next = next_from_options(opts, seed)?;
    // The setup screen of a plain `play` starts from the table last started; that of `play
    // RULESET`, from its seats and names where it was of that ruleset.
    if let (Next::Setup(setup), Some(dir)) = (&mut next, data.as_deref())
        && let Some(table) = crate::app::last_table::LastTable::read(dir)
    {
        match opts.ruleset {
            None => table.apply(setup),
            Some(_) => table.apply_to_chosen(setup),
        }
    }
    let offer = data
        .as_deref()
        .and_then(|d| Offer::read(&opts.registry, d, config.save_dir.as_deref(), now))
        .map(|mut offer| {
            // Autosave off: a new game moves nothing aside (no `kept as`).
            if opts.no_autosave {
                offer.kept_as.clear();
            }
            // A game asked for on the command line (`--players`): Enter starts it (the
            // unfinished one is moved aside at its first move, not lost); `r` still resumes.
            if opts.players.is_some()
                && let Some(i) = offer
                    .answers()
                    .iter()
                    .position(|a| *a == crate::app::resume::Answer::NewGame)
            {
                offer.focus = i;
            }
            offer
        });
    let mut app = match offer {
        Some(offer) => App::with_offer(offer, next, config),
        None => App::with_next(next, config),
    };
    // No data directory at all (no HOME, no CROWNLANDS_HOME): said from the start, in the
    // header as a failed autosave is (it was said only at `s` or on the way out).
    if data.is_none() && !opts.no_autosave {
        app.autosave_stopped(crate::app::NO_DATA_DIR.to_string());
    }
    Ok(app)
}

/// The pace's range in words, for a value out of it (`--pace`, a pace kept from a game before).
pub fn pace_error() -> String {
    format!(
        "the pace is a whole number of milliseconds from 0 to {} ({} s)",
        crate::app::PACE_MAX_MS,
        crate::app::PACE_MAX_MS / 1000,
    )
}

/// What the options ask for: the setup screen, or a game set up and ready.
fn next_from_options(opts: &PlayOptions, seed: u64) -> Result<Next, PlayError> {
    match (&opts.ruleset, &opts.players) {
        (None, None) => Ok(Next::Setup(Box::new(Setup::new(
            shipped_choices(&opts.registry),
            None,
        )))),
        (Some(name), None) => {
            // Every problem of the file, as `crownlands validate` lists them.
            let (ruleset, warnings) = crownlands_rules::load_with_warnings(&opts.registry, name)
                .map_err(PlayError::Ruleset)?;
            let choice = ruleset_file::loaded(&opts.registry, name, &ruleset, &warnings);
            let mut setup = Setup::new(shipped_choices(&opts.registry), None);
            setup.add(choice);
            Ok(Next::Setup(Box::new(setup)))
        }
        (name, Some(players)) => {
            let name = name.as_deref().unwrap_or("kingdomino");
            let (ruleset, warnings) = crownlands_rules::load_with_warnings(&opts.registry, name)
                .map_err(PlayError::Ruleset)?;
            // Named as `simulate --bots` names its option in the same error.
            let kinds = seats::parse_players(players).map_err(|e| format!("--players: {e}"))?;
            let seats = seats::name_seats(&kinds);
            // Kept as the table last started once it begins, as one started from the setup
            // screen is (a file's by its absolute path).
            let file = ruleset_file::loaded(&opts.registry, name, &ruleset, &[]).path;
            let table = crate::app::last_table::LastTable::of_command_line(name, file, &kinds);
            // The warnings of the count played (a 3- and 4-player one says nothing of a game
            // of 2).
            let count = u8::try_from(seats.len()).unwrap_or(u8::MAX);
            let warnings: Vec<_> = warnings.into_iter().filter(|w| w.holds_at(count)).collect();
            let warnings = ruleset_file::warning_lines(&warnings);
            let session = Session::new(Arc::new(ruleset), seats::to_players(&seats), seed)
                .map_err(|e| e.to_string())?;
            Ok(Next::Game {
                session: Box::new(session),
                seats,
                warnings,
                table,
            })
        }
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// How long the event loop has to end after a signal before the program is ended without it.
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// How a game in the terminal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The player quit (`q` then `y`, Ctrl-C).
    Quit,
    /// A signal (SIGTERM, SIGINT, SIGHUP) asked the program to stop.
    Signal(i32),
}

/// Play in the terminal until the player quits. A signal that ends programs (SIGTERM, SIGINT,
/// SIGHUP) ends this one too, as a quit does (the game autosaved, the terminal restored), with
/// the exit code 128 plus its number: this function then does not return. [`play`] returns it
/// instead.
pub fn run(opts: PlayOptions) -> Result<(), PlayError> {
    match play(opts)? {
        Ended::Quit => Ok(()),
        Ended::Signal(signal) => std::process::exit(signals::exit_code(signal)),
    }
}

/// [`run`], returning how it ended: a quit, or a signal (the caller then ends the program, with
/// [`signals::exit_code`]).
pub fn play(opts: PlayOptions) -> Result<Ended, PlayError> {
    let started = Instant::now();
    let mut app = build_app(&opts)?;
    // After the options are checked (their errors say more), before anything is drawn: a pipe
    // or a file cannot be played on (crossterm's own error named only the OS's error). Keys
    // come from the terminal itself where standard input is not one (crossterm opens
    // /dev/tty: `crownlands play < /dev/null` in a terminal plays).
    {
        use std::io::IsTerminal;
        let keys = std::io::stdin().is_terminal()
            || (cfg!(unix) && std::fs::File::open("/dev/tty").is_ok());
        if !std::io::stdout().is_terminal() || !keys {
            return Err(
                "crownlands play needs a terminal to draw on and read keys from, and its \
                 standard output is not one (a pipe or a file); `crownlands simulate --bots \
                 ...` plays games without a screen"
                    .to_string()
                    .into(),
            );
        }
        if let Some(why) = term_refused(std::env::var("TERM").ok().as_deref()) {
            return Err(why.into());
        }
    }
    let timings = std::env::var_os("CROWNLANDS_TUI_TIMINGS").map(PathBuf::from);
    // For tests only (crates/cli/tests/tmux_smoke.rs), not for players: with
    // CROWNLANDS_TEST_PANIC set, the program panics right after its first frame, to check that
    // the terminal is restored on a panic.
    let test_panic = std::env::var_os("CROWNLANDS_TEST_PANIC").is_some();
    install_panic_hook(app.config.autosave_dir.is_some());
    // Before the terminal changes: a signal from now on only sets the flag the loop reads; and
    // should the loop not end soon after (stuck reading a closed terminal), the terminal is
    // restored and the program ended from another thread (every move is autosaved already,
    // where the autosave is on).
    let stop = Stop::install()?;
    let kept = kept_on_a_stuck_stop(app.config.autosave_dir.is_some());
    stop.watch(SIGNAL_GRACE, move |signal| {
        leave();
        let _ = writeln!(
            std::io::stderr(),
            "{} play stopped on {}; {kept}.",
            crownlands_saves::words::program_name(),
            signals::name(signal)
        );
        std::process::exit(signals::exit_code(signal));
    });
    enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    // The basic colours as the 16-colour codes (crossterm writes them as 256-colour indexes).
    let backend = CrosstermBackend::new(crate::sgr::BasicColours::new(std::io::stdout()));
    // Suspended: the terminal as it was for the shell, the program stopped; continued: the
    // terminal taken again (the loop draws it anew).
    let suspend = || {
        leave();
        signals::stop_self();
        let _ = enter();
    };
    let looped = Looped {
        started,
        timings: timings.as_deref(),
        test_panic,
        suspend: Some(&suspend),
    };
    let (result, note) = match Terminal::new(backend) {
        Ok(terminal) => {
            let mut terminal = std::mem::ManuallyDrop::new(terminal);
            let (ended, note) =
                run_loop(&mut terminal, &mut app, &mut CrosstermEvents, &stop, looped);
            // A terminal gone with a signal cannot show its cursor again, and dropped it would
            // print that it failed: left as it is (`leave` restores a terminal still there).
            if !matches!(ended, Ok(Ended::Signal(_))) {
                drop(std::mem::ManuallyDrop::into_inner(terminal));
            }
            (ended.map_err(|e| format!("terminal error: {e}")), note)
        }
        Err(e) => (Err(format!("cannot set up the terminal: {e}")), None),
    };
    leave();
    stop.release();
    // Standard error may be gone with the terminal (SIGHUP): a line that cannot be written is lost.
    let mut err = std::io::stderr();
    // Broken at spaces to the terminal's width: the terminal's own wrap cut a word in two
    // (`offers to re` / `sume it`). Into a file or a pipe, one line.
    let columns = std::io::IsTerminal::is_terminal(&err)
        .then(|| ratatui::crossterm::terminal::size().ok())
        .flatten()
        .map(|(w, _)| w);
    if let Some(note) = note {
        for line in note_lines(&note, columns) {
            let _ = writeln!(err, "{line}");
        }
    }
    if let Ok(Ended::Signal(signal)) = result {
        let game = if app.config.autosave_dir.is_some() {
            "the game was autosaved"
        } else if app.autosave_failed().is_some() {
            "the autosave had stopped (a write failed), so the last moves may not be kept"
        } else {
            "autosave was off (--no-autosave)"
        };
        let said = format!(
            "{} play stopped on {}; {game}.",
            crownlands_saves::words::program_name(),
            signals::name(signal)
        );
        for line in note_lines(&said, columns) {
            let _ = writeln!(err, "{line}");
        }
    }
    result.map_err(PlayError::Message)
}

/// What the program ended from another thread after a signal (its loop stuck reading a closed
/// terminal) says of the game: autosaved, or not kept with `--no-autosave` (it had said
/// "every move was autosaved" either way).
fn kept_on_a_stuck_stop(autosave: bool) -> &'static str {
    if autosave {
        "every move was autosaved"
    } else {
        "autosave was off (--no-autosave), so the game was not kept"
    }
}

/// Why a terminal named `term` (its `TERM`) cannot show the game, if it cannot: a `dumb` one
/// (an editor's shell buffer) moves no cursor, so every frame would be printed as lines.
pub fn term_refused(term: Option<&str>) -> Option<String> {
    (term == Some("dumb")).then(|| {
        "crownlands play needs a terminal that can move its cursor, and this one says it cannot \
         (TERM=dumb, as an editor's shell does): run it in a terminal window, or set TERM to \
         what this terminal is (xterm-256color, screen, linux, ...)"
            .to_string()
    })
}

fn enter() -> std::io::Result<()> {
    enable_raw_mode()?;
    execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    )
}

/// Put the terminal back as it was. Safe to call more than once.
fn leave() {
    let _ = disable_raw_mode();
    let _ = execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// The thread drawing the screen: only its panic ends the program.
static UI_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// On a panic of the UI thread, put the terminal back before the message is printed, then say
/// what happened to the game. A bot's thread panicking must not touch the terminal the UI still
/// draws on: its panic is caught by the worker and shown in the app.
fn install_panic_hook(autosaving: bool) {
    let ui = *UI_THREAD.get_or_init(|| std::thread::current().id());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != ui {
            return;
        }
        leave();
        previous(info);
        let game = if autosaving {
            format!(
                "Every move was autosaved: run `{} play` again to resume the game.",
                crownlands_saves::words::program_name()
            )
        } else {
            "Autosave was off (--no-autosave): the game is lost.".to_string()
        };
        // Never panic inside the panic hook: a standard error that cannot be written loses the
        // line, nothing more.
        let _ = writeln!(
            std::io::stderr(),
            "\n{} play stopped on an internal error (a bug, please report it with the \
             message above). The terminal has been restored. {game}",
            crownlands_saves::words::program_name()
        );
    }));
}

/// Where the event loop gets the terminal's events.
pub trait Events {
    /// The next event, waiting at most `timeout` (`None`: none came).
    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>>;
}

/// The real terminal's events.
struct CrosstermEvents;

impl Events for CrosstermEvents {
    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>> {
        if event::poll(timeout)? {
            event::read().map(Some)
        } else {
            Ok(None)
        }
    }
}

/// How long a click that quits waits for its button's release.
const RELEASE_WAIT: Duration = Duration::from_millis(400);

/// Read the terminal's events until a mouse button's release (or any other event, or
/// [`RELEASE_WAIT`]): what the terminal sends of a click after the press that quit would
/// otherwise reach the shell once the mouse is no longer captured.
fn await_release(events: &mut impl Events) {
    let until = Instant::now() + RELEASE_WAIT;
    // (At most a few dozen events: a mouse moved meanwhile sends its moves.)
    for _ in 0..64 {
        let left = until.saturating_duration_since(Instant::now());
        match events.next(left) {
            Ok(Some(Event::Mouse(m))) if !matches!(m.kind, MouseEventKind::Up(_)) => {}
            _ => return,
        }
    }
}

/// How long the loop waits for an event before it looks again at the bots and the signals.
pub const POLL: Duration = Duration::from_millis(40);

/// What the event loop is told besides the app.
#[derive(Clone, Copy)]
pub struct Looped<'a> {
    /// When the program started (for the timings).
    pub started: Instant,
    /// Where to write the timings (`CROWNLANDS_TUI_TIMINGS`).
    pub timings: Option<&'a std::path::Path>,
    /// Panic after the first frame (`CROWNLANDS_TEST_PANIC`).
    pub test_panic: bool,
    /// How to suspend the program (Ctrl-Z, or a SIGTSTP from outside): give the terminal
    /// back, stop, take the terminal again once continued. `None` (tests): Ctrl-Z is a key
    /// like any other.
    pub suspend: Option<&'a dyn Fn()>,
}

/// The event loop, then, however it ended (a quit, a signal, an error of the terminal), the game
/// last autosaved made sure of on disk ([`App::before_exit`], as a quit does). Returns how it
/// ended and a line to tell the player once the terminal is restored, if any.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut impl Events,
    stop: &Stop,
    looped: Looped<'_>,
) -> (std::io::Result<Ended>, Option<String>) {
    let ended = event_loop(terminal, app, events, stop, looped);
    let note = app.before_exit();
    (ended, note)
}

/// Draw, read an event, act on it, let time pass; until the player quits or `stop` says a signal
/// came.
fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut impl Events,
    stop: &Stop,
    looped: Looped<'_>,
) -> std::io::Result<Ended> {
    let mut log = looped.timings.and_then(|p| std::fs::File::create(p).ok());
    let mut first = true;
    let mut key_at: Option<Instant> = None;
    loop {
        if let Some(signal) = stop.signal() {
            return Ok(Ended::Signal(signal));
        }
        if stop.take_suspend()
            && let Some(suspend) = looped.suspend
        {
            suspend();
            // What the terminal shows meanwhile is the shell's: drawn anew, whole. (A terminal
            // closed meanwhile: the SIGHUP that came with it says why.)
            if let Err(e) = terminal.clear() {
                return signalled(stop, e);
            }
        }
        let size = match terminal.size() {
            Ok(size) => size,
            Err(e) => return signalled(stop, e),
        };
        app.set_screen(size.width, size.height, view::MEASURE);
        // A terminal gone (SIGHUP) fails to draw: the signal says why.
        if let Err(e) = terminal.draw(|f| view::draw(f, app)) {
            return signalled(stop, e);
        }
        if let Some(f) = &mut log {
            if first {
                let _ = writeln!(
                    f,
                    "first-frame-ms {:.2}",
                    looped.started.elapsed().as_secs_f64() * 1e3
                );
                first = false;
            }
            if let Some(t) = key_at.take() {
                let _ = writeln!(f, "key-to-frame-ms {:.3}", t.elapsed().as_secs_f64() * 1e3);
            }
        }
        if looped.test_panic {
            panic!("CROWNLANDS_TEST_PANIC is set: a panic after the first frame, as asked");
        }
        if app.should_quit() {
            return Ok(Ended::Quit);
        }
        let ev = match events.next(POLL) {
            Ok(ev) => ev,
            Err(e) => return signalled(stop, e),
        };
        let now = Instant::now();
        match ev {
            // Ctrl-Z, as a shell's programs take it: suspended (the terminal's raw mode sends
            // no SIGTSTP for it).
            Some(Event::Key(k))
                if k.kind != KeyEventKind::Release
                    && map_key(k) == Some(Key::Ctrl('z'))
                    && looped.suspend.is_some() =>
            {
                stop.ask_suspend();
            }
            Some(Event::Key(k)) if k.kind != KeyEventKind::Release => {
                if let Some(key) = map_key(k) {
                    key_at = Some(now);
                    app.key_at(key, now);
                }
            }
            Some(Event::Mouse(m)) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size()?;
                let area = Rect::new(0, 0, size.width, size.height);
                key_at = Some(now);
                match view::hit(app, area, m.column, m.row) {
                    Some(Hit::Cell(c)) => app.click_cell(c, now),
                    Some(Hit::Choice(i)) => app.click_choice(i, now),
                    Some(Hit::Key(k)) => app.click_key(k, now),
                    Some(Hit::Pace) => app.tell_pace(),
                    Some(Hit::Setup(c)) => app.click_setup(c, now),
                    Some(Hit::Mistake(k)) => app.click_mistake(k, now),
                    None => key_at = None,
                }
                // Quit by a click (`[ y: quit ]`): its release, still to come, is read here,
                // not left for the shell to print (`^[[<0;33;16m`, a playtester's).
                if app.should_quit() {
                    await_release(events);
                }
            }
            // A right click turns the ghost domino.
            Some(Event::Mouse(m))
                if m.kind == MouseEventKind::Down(MouseButton::Right)
                    && app.mode() == Mode::Place
                    && app.overlay().is_none() =>
            {
                key_at = Some(now);
                app.key_at(Key::Char('r'), now);
            }
            // The wheel scrolls an open box, or the score screen's columns, 3 lines a notch.
            Some(Event::Mouse(m))
                if matches!(
                    m.kind,
                    MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
                ) =>
            {
                key_at = Some(now);
                let lines = if m.kind == MouseEventKind::ScrollUp {
                    -WHEEL_LINES
                } else {
                    WHEEL_LINES
                };
                app.wheel(lines, now);
            }
            // Keys read after it are for the new size.
            Some(Event::Resize(width, height)) => app.set_screen(width, height, view::MEASURE),
            // Typed into a name or a path, never read as keys (a new line in it is no Enter).
            Some(Event::Paste(text)) => {
                key_at = Some(now);
                app.paste(&text);
            }
            _ => {}
        }
        app.tick(Instant::now());
    }
}

/// The lines a notch of the mouse's wheel scrolls.
const WHEEL_LINES: i32 = 3;

/// The end of the loop on the terminal's error `e`: the signal that came with it, when one came
/// (a terminal closed gives reads and writes an error as the kernel sends SIGHUP, in no set
/// order, so the signal is waited for a moment), else the error.
fn signalled(stop: &Stop, e: std::io::Error) -> std::io::Result<Ended> {
    for _ in 0..SIGNAL_WAIT_STEPS {
        if let Some(signal) = stop.signal() {
            return Ok(Ended::Signal(signal));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    match stop.signal() {
        Some(signal) => Ok(Ended::Signal(signal)),
        None => Err(e),
    }
}

/// The note said on the way out, in lines of at most `columns` broken at spaces (`None`: one
/// line), never inside a `` `quoted` `` part (a path, a command to copy, which may hold spaces).
/// A part longer than a line stands on a line of its own, whole, for the terminal to wrap: cut,
/// it would no longer copy as one.
pub fn note_lines(note: &str, columns: Option<u16>) -> Vec<String> {
    let Some(columns) = columns.map(usize::from).filter(|&c| c > 0) else {
        return vec![note.to_string()];
    };
    // The words, a quoted part's words joined back into one.
    let mut words: Vec<String> = Vec::new();
    let mut open = false;
    for word in note.split(' ') {
        match words.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(word);
            }
            _ if word.is_empty() => continue,
            _ => words.push(word.to_string()),
        }
        if word.matches('`').count() % 2 == 1 {
            open = !open;
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in words.iter().map(String::as_str) {
        let len = view::text::width(&line);
        if !line.is_empty() && len + 1 + view::text::width(word) > columns {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// How many steps of 10 ms the loop waits for a signal after a terminal error.
const SIGNAL_WAIT_STEPS: u32 = 20;

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
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Delete => Key::Delete,
        KeyCode::Insert => Key::Insert,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_stuck_stop_says_the_game_was_autosaved_only_where_it_was() {
        assert_eq!(
            super::kept_on_a_stuck_stop(true),
            "every move was autosaved"
        );
        let off = super::kept_on_a_stuck_stop(false);
        assert!(
            off.contains("--no-autosave") && !off.contains("autosaved"),
            "{off}"
        );
    }
}

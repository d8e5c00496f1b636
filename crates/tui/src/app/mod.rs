//! The app: everything the screen shows, and the intents keys turn into.
//!
//! The app never decides a rule: what may be claimed, where a domino fits, what a module step
//! allows, all come from [`Game::legal_actions`] and [`Game::apply`]. The app keeps cursors over
//! those actions and plays the one the player confirms.

pub mod analysis;
pub mod autosave;
pub mod bot_pace;
pub(crate) mod describe;
pub mod last_table;
mod load_file;
pub mod place;
pub mod replay;
pub mod resume;
pub mod ruleset_file;
pub mod seats;
pub mod setup;
mod setup_keys;
pub mod step;
mod undo;
mod watch;
mod worker;

mod intents;
mod mode;
mod reads;
mod time;

pub use describe::describe;

use crate::keys::Key;
use crate::palette::Palette;
use crownlands_bots::analysis::{DEFAULT_SEED, MatchSoFar, decision_seed};
use crownlands_bots::{Analyst, Bot, Candidate, Estimate, Level};
use crownlands_core::{
    Action, Cell, Direction, Game, IllegalAction, Phase, Placement, Registry, Ruleset,
};
use crownlands_saves::Session;
use resume::Offer;
use seats::{Seat, SeatKind};
use setup::Setup;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use watch::Back;
use worker::{Pending, Purpose};

/// How many moves the log keeps (the moves box shows the newest that fit; `m` all of them).
const LOG_LEN: usize = 200;

/// A popup's scroll that shows its end whatever its length: the moves opened with `m` follow
/// the newest as they are played.
const FOLLOW_NEWEST: usize = usize::MAX;

/// The most pace, in milliseconds (`--pace`, and the `+` key up to it).
pub const PACE_MAX_MS: u64 = 3000;

/// Whether the save file at `path` still holds `written` (no other program changed it since).
fn still_holds(path: &std::path::Path, written: &crownlands_saves::Save) -> bool {
    crownlands_saves::read_save_file(path).is_ok_and(|on_disk| on_disk == *written)
}

/// Why nothing is autosaved nor saved where no data directory is found.
pub(crate) const NO_DATA_DIR: &str = "there is no data directory (set CROWNLANDS_HOME, or HOME)";

/// What a key that plays says on a watched saved game's scores.
const WATCHED_ONLY: &str = "A saved game, watched: a analyses it, q goes back to the setup screen.";
/// The pace's step, in milliseconds.
const PACE_STEP_MS: u64 = 200;

/// Settings that do not change during play.
#[derive(Clone, Debug)]
pub struct Config {
    /// The least time a bot's move stays "thinking" on screen, so people can follow.
    pub pace: Duration,
    /// Where to autosave after every move (`None`: no autosave).
    pub autosave_dir: Option<PathBuf>,
    /// Where `s` saves (`None`: saving is off).
    pub save_dir: Option<PathBuf>,
    pub palette: Palette,
    /// The seed of the first game.
    pub seed: u64,
    /// Who assesses a finished game's decisions ("analyse this game" on the score screen).
    pub analyst: Analyst,
    /// The modules rulesets and saves may name (the shipped ones, and a plugin crate's).
    pub registry: Registry,
}

/// What only the view measures of a screen, which the state asks when a key comes: whether the
/// screen fits a terminal of (columns, rows), and how far the open popup scrolls there. The view
/// gives its own (`view::MEASURE`) with the terminal's size ([`App::set_screen`]), so the state
/// never depends on the view.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    pub fits: fn(&App, u16, u16) -> bool,
    pub popup_max_scroll: fn(&App, u16, u16) -> usize,
    /// How far ↑↓ scroll the score screen's columns (0: every line shows already).
    pub score_max_scroll: fn(&App, u16, u16) -> usize,
    /// The rows a step's list of choices shows (`None` where no list is shown).
    pub step_rows: fn(&App, u16, u16) -> Option<usize>,
}

/// The terminal's size as last told, and the view's measures at it.
#[derive(Clone, Copy, Debug)]
struct Screen {
    width: u16,
    height: u16,
    measure: Measure,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            pace: Duration::from_millis(600),
            autosave_dir: None,
            save_dir: None,
            palette: Palette::default(),
            seed: 1,
            // The default analyst, as `crownlands analyse` has it: counted playouts, so the
            // score screen's analysis is the command's, decision for decision.
            analyst: Analyst::default(),
            registry: Registry::shipped(),
        }
    }
}

/// What comes after the offer to resume an autosaved game, when the player declines it.
#[derive(Clone, Debug)]
pub enum Next {
    /// The setup screen.
    Setup(Box<Setup>),
    /// The game asked for on the command line, set up and not begun.
    Game {
        session: Box<Session>,
        seats: Vec<Seat>,
        /// What `crownlands validate` warns of in its ruleset, a line each (said when it
        /// begins).
        warnings: Vec<String>,
        /// The table, kept as the last started when the game begins (the setup screen opens on
        /// it next time, as on a table started there).
        table: Option<last_table::LastTable>,
    },
}

/// What the screen waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The autosave holds an unfinished game: resume it, or start a new one.
    Resume,
    /// Choosing the ruleset, the player count and the seats.
    Setup,
    /// A human claims a domino of the next line.
    Claim,
    /// A human places (or, when nothing fits, discards) a domino.
    Place,
    /// A human takes a module's step, or skips it: what it asks and its choices come from the
    /// module ([`Game::step_view`]), whatever the module.
    Step,
    /// A bot is thinking.
    BotThinking,
    /// The game is over: the score screen.
    GameOver,
    /// A saved game watched move by move.
    Replay,
}

/// A window over the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    ConfirmQuit,
    /// The analysis of the finished game (under way, or its summary).
    Analysis,
    /// Every move the log keeps (`m`): where the screen has no room for the moves box (6 to 8
    /// kingdoms at 100x30, Queendomino at 80x24), the moves gone by between one's turns.
    Moves,
}

/// The rows of `rows` whose numbers begin with the digit `d` and a second one: `10-16`, `10`.
fn rows_from_digit(d: usize, rows: usize) -> String {
    let (first, last) = (d * 10, rows.min(d * 10 + 9));
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

/// How the status line's word on a game saved begins.
const SAVED: &str = "Saved ";

/// What a digit typed over a numbered list names (see `App::numbered`).
enum Numbered {
    /// This row (from 0), now.
    Now(usize),
    /// This row, unless a second digit follows.
    Wait(usize),
    /// No row.
    Beyond,
}

/// The app's whole state.
pub struct App {
    pub config: Config,
    mode: Mode,
    overlay: Option<Overlay>,
    /// The offer to resume the autosaved game, while it is on screen.
    offer: Option<Offer>,
    /// The unfinished game the resume screen offered and the player quit at (its file, and
    /// whether it is `autosave.json`): said on the way out ([`App::before_exit`]).
    left_offered: Option<(PathBuf, bool)>,
    /// Where the game was just saved (`Saved ...`), said again while the bots move, until the
    /// person's own move.
    saved_said: Option<String>,
    /// What follows the offer when the player declines it.
    next: Option<Next>,
    setup: Option<Setup>,
    session: Option<Session>,
    seats: Vec<Seat>,
    bots: Vec<Option<Box<dyn Bot>>>,
    pending: Option<Pending>,
    /// Each person's decision in the game being played, newest last: where it was in the
    /// game's actions, whose it was and the log as it was then ([`undo::UndoPoint`]).
    undo: Vec<undo::UndoPoint>,
    /// When the game on screen ended (the score screen waits a moment before going on).
    over_at: Option<Instant>,
    /// How far the score screen's columns are scrolled (0: the lines worth the most, summed).
    score_scroll: usize,
    /// How far the open popup (help, analysis) is scrolled, in lines (0 when it opens).
    popup_scroll: usize,
    ghost: Placement,
    /// Cursor over the claims or the step's actions.
    choice: usize,
    /// The first row shown of a step's list longer than its room ([`step::list_top`]): kept
    /// as the cursor moves, so that the rows shown stay put while the cursor is among them.
    list_top: usize,
    /// The first digit typed of a row's number in a list of ten rows or more (`1` of `12`):
    /// the next digit completes it; any other key forgets it.
    first_digit: Option<usize>,
    /// The key before was a digit naming a taken row of the line: the Enter that follows (typed
    /// as `4 Enter`, before the message is read) claims nothing, it says what Enter claims.
    taken_row: bool,
    /// The action count when the cursors were last set for a decision.
    decision_at: Option<usize>,
    /// Who made the decision before the one on screen: the seat, and whether a person.
    last_decider: Option<(usize, bool)>,
    /// Until when a key that acts (Enter, a digit, `d`, `p`, space) is not taken: a moment
    /// after the decision passed to another person, or to a person after a bot, so that keys
    /// pressed for the move before (or while a bot thought) do not play the next one.
    handover_until: Option<Instant>,
    log: describe::Log,
    message: String,
    /// Why the ghost's spot is illegal (`None` when it is legal).
    illegal: Option<String>,
    hint: Option<Action>,
    /// The analysis of the finished game, once asked for.
    analysis: Option<analysis::AnalysisJob>,
    /// The hint's best moves with the analyst's estimates, best first.
    hints: Vec<Candidate>,
    /// The steps skipped in a row for a player: the action count the next skip in the row
    /// would come at, the player, and what had nothing to do.
    skipped: Option<(usize, usize, Vec<describe::Skipped>)>,
    /// The score screen is a saved game's, watched from the setup screen and opened for its
    /// analysis (`a`): the setup screen `q` goes back to. Nothing is played, kept or saved.
    watched: Option<Box<Setup>>,
    quit: bool,
    /// A game being watched, and where `q` goes back to.
    replay: Option<(replay::Replay, Back)>,
    /// Watching a game played on by itself (`p`): when its next move is shown.
    replay_play: Option<Instant>,
    /// Whether a move was played in this session (a finished game is kept only when it was
    /// played here).
    moved: bool,
    /// The finished game kept in the saves folder: the file (`None` when it could not be
    /// written) and what was written. The same game ended another way (`u` on the score screen,
    /// then other moves) is written over it, so the file holds the game as it ended.
    kept: Option<(Option<std::path::PathBuf>, crownlands_saves::Save)>,
    /// The last save of this game by hand (`s`): the file and what was written. The game
    /// finished on from it is kept in that file (while it still holds what was written), not
    /// in a second one beside it.
    saved: Option<(std::path::PathBuf, crownlands_saves::Save)>,
    /// Where the autosave last wrote this game, and what, when the autosave stopped (a folder
    /// that cannot be written in, a full disk): what quitting keeps, said as a save by hand's.
    autosaved: Option<(std::path::PathBuf, crownlands_saves::Save)>,
    /// The file the game was loaded from (`play --load`, `r` on a recent game) and what it
    /// held: until a move is made there it stays, and the autosave holds another game (its
    /// first write is at the first move), so quitting says the game is in that file.
    loaded: Option<(std::path::PathBuf, crownlands_saves::Save)>,
    next_seed: u64,
    /// What this app wrote to the autosave: before its first write an unfinished game of
    /// another session there is moved aside, and a game another program wrote there since is
    /// never written over (see [`autosave`]).
    autosaver: autosave::Autosaver,
    /// What the autosave did that the player must see (a game kept, this game autosaved
    /// elsewhere): the status line keeps it through the bots' moves, until the next human one.
    autosave_note: Option<String>,
    /// The modules' latest news of a bot's move (`The Queen goes to greedy 3 ...`): the status
    /// line keeps it until a person moves, since the bots' turns may scroll it out of the
    /// moves box before anyone reads it (a player lost the Queen twice unawares).
    news_note: Option<String>,
    /// What the status line said before a key of no use in a game replaced it (`` `x` does
    /// nothing here ``): said again at the next key, whatever that key does.
    said_before: Option<String>,
    /// The row a number key chose in a step and what the status line said of it: the status
    /// line says it while it still holds those words ([`App::row_chosen_by_number`]).
    row_said: Option<(usize, String)>,
    /// What the status line said of a key of another step (`r turns a domino you place; now
    /// claim a domino.`): a word on a key, while the status line still holds it.
    key_word: Option<String>,
    /// The step's choice a click on a square of the kingdom chose, until a key or a move:
    /// a second click there does it, where a first click on a square the keys chose only
    /// chooses it (a click to look does not spend).
    square_clicked: Option<usize>,
    /// The domino of the line or the step's row a click chose, until a key or a move: a second
    /// click on it does it, where a first click on the one the keys (or the turn's start) had
    /// the cursor on only chooses it, as on the kingdom (a playtester's click to look claimed
    /// the domino under the cursor at once).
    choice_clicked: Option<usize>,
    /// The cell a click moved the ghost to, until a key other than a turn (`r`, a right click)
    /// or a move: a second click there places it, where a first click on the cell the ghost
    /// was on already only chooses it.
    ghost_clicked: Option<Cell>,
    /// The seat of the person who moved last (a resumed game's from its decisions): whose move
    /// [`App::news_note`] is news since, at a table of several people.
    last_person: Option<usize>,
    /// Why the autosave stopped, when a write failed (a folder that cannot be written in): the
    /// header says `autosave off` from then on, and the exit says what was not kept.
    autosave_failed: Option<String>,
    /// The saves folder refused a file when the quit dialog last opened (a read-only home, a
    /// full disk): the dialog then offers no `s` (looked at when it opens, not as it is drawn).
    saves_folder_refused: bool,
    /// The terminal's size as (columns, rows), once told ([`App::set_screen`]), with what the
    /// view measures of a screen: while it is too small for the screen, only quitting works.
    screen: Option<Screen>,
    /// A key other than quitting came while the screen was too small (said on that screen).
    small_key: bool,
}

/// Past the scores' last line (↓ had said nothing there): where the list ends, until ↑ or a
/// new size.
const SCORES_AT_END: &str = "The last lines of the scores show: ↑ goes back.";

impl App {
    /// The setup screen.
    pub fn with_setup(setup: Setup, config: Config) -> App {
        App::with_next(Next::Setup(Box::new(setup)), config)
    }

    /// The setup screen, or a game set up and not begun.
    pub fn with_next(next: Next, config: Config) -> App {
        let mut app = App::empty(config);
        app.go_on(next, "", Instant::now());
        app
    }

    /// Keep `table` as the last started, for the next start of the program (beside the saves).
    pub(super) fn remember_table(&self, table: Option<&last_table::LastTable>) {
        if let (Some(table), Some(dir)) = (
            table,
            self.config
                .save_dir
                .as_deref()
                .and_then(std::path::Path::parent),
        ) {
            table.write(dir);
        }
    }

    /// Show the setup screen, or begin the game; `note` is added to the message.
    fn go_on(&mut self, next: Next, note: &str, now: Instant) {
        match next {
            Next::Game {
                session,
                seats,
                warnings,
                table,
            } => {
                self.remember_table(table.as_ref());
                let seed = session.seed();
                // A game begun here, as `start` begins them: the next one's seed follows.
                self.next_seed = seed.wrapping_add(1);
                self.install(*session, seats);
                // Kept in the moves too: the status line gives way to the first move (a bot's,
                // within a second).
                for w in &warnings {
                    self.log.push_back(
                        format!("Ruleset warning: {}", ruleset_file::sentence(w)).into(),
                    );
                }
                let warned = ruleset_file::warnings_note(&warnings);
                self.message = format!("New game, seed {seed}. Press ? for help.{warned}{note}");
            }
            Next::Setup(mut setup) => {
                self.message = match setup.take_opened() {
                    // A ruleset named on the command line: opened, with its warnings.
                    Some(opened) => format!("{}{note}", ruleset_file::opened_message(opened)),
                    None => format!("Choose a ruleset and who plays, then Start.{note}"),
                };
                self.setup = Some(*setup);
                self.fill_recent();
            }
        }
        self.refresh(now);
    }

    /// A new game straight away.
    pub fn new_game(
        ruleset: Arc<Ruleset>,
        seats: Vec<Seat>,
        config: Config,
    ) -> Result<App, String> {
        let mut app = App::empty(config);
        app.start(ruleset, seats)?;
        Ok(app)
    }

    /// A loaded game: the session as it was saved, with its seats.
    pub fn resume(session: Session, seats: Vec<Seat>, config: Config) -> App {
        let mut app = App::empty(config);
        app.take_loaded(session, seats, "Game loaded.");
        app.refresh(Instant::now());
        app
    }

    /// The loaded game's rules against this build's ruleset of its name: where they differ (or
    /// the name only reads as that ruleset's), the load's message says so.
    pub fn loaded_rules(&mut self, named: &crownlands_saves::NamedRules) {
        let known = replay::printable(&named.known);
        let note = match (named.exact, named.same) {
            (true, true) => return,
            (true, false) => {
                format!("its rules, kept in the save, are not {known}'s of this build")
            }
            (false, _) => format!(
                "its ruleset's name only reads as `{known}`{}",
                replay::printable(&named.letters)
            ),
        };
        self.message = self
            .message
            .replacen("Game loaded.", &format!("Game loaded; {note}."), 1);
    }

    fn empty(config: Config) -> App {
        App {
            next_seed: config.seed,
            autosaver: autosave::Autosaver::default(),
            autosave_note: None,
            news_note: None,
            said_before: None,
            row_said: None,
            key_word: None,
            square_clicked: None,
            choice_clicked: None,
            ghost_clicked: None,
            last_person: None,
            autosave_failed: None,
            saves_folder_refused: false,
            screen: None,
            small_key: false,
            config,
            mode: Mode::Setup,
            overlay: None,
            offer: None,
            left_offered: None,
            saved_said: None,
            next: None,
            setup: None,
            session: None,
            seats: Vec::new(),
            bots: Vec::new(),
            pending: None,
            undo: Vec::new(),
            ghost: Placement::new(Cell::new(1, 0), Direction::East),
            choice: 0,
            list_top: 0,
            first_digit: None,
            taken_row: false,
            decision_at: None,
            last_decider: None,
            handover_until: None,
            log: VecDeque::new(),
            message: String::new(),
            illegal: None,
            hint: None,
            hints: Vec::new(),
            analysis: None,
            skipped: None,
            watched: None,
            replay: None,
            replay_play: None,
            moved: false,
            kept: None,
            saved: None,
            autosaved: None,
            loaded: None,
            over_at: None,
            score_scroll: 0,
            popup_scroll: 0,
            quit: false,
        }
    }

    fn start(&mut self, ruleset: Arc<Ruleset>, seats: Vec<Seat>) -> Result<(), String> {
        let seed = self.next_seed;
        let players = seats::to_players(&seats);
        let session = Session::new(ruleset, players, seed).map_err(|e| e.to_string())?;
        // The next new game's seed follows this one's: only games started here advance it (a
        // game loaded, resumed or watched says nothing of the next deal, which would otherwise
        // be that game's seed and one, the same every time it is watched).
        self.next_seed = seed.wrapping_add(1);
        self.install(session, seats);
        // A new game: its first autosave looks at what the file holds (this app's last game,
        // which a finished one's keeping may have missed) as a new program's would.
        self.autosaver = autosave::Autosaver::default();
        self.message = format!("New game, seed {seed}. Press ? for help.");
        self.refresh(Instant::now());
        Ok(())
    }

    /// Play `session` from where it stands, with `seats`: a new game, a loaded one or a resumed
    /// one. The log shows the game's moves so far.
    fn install(&mut self, session: Session, seats: Vec<Seat>) {
        self.bots = build_bots(&seats, session.seed());
        // A loaded or resumed game can be undone as if it had been played here.
        self.undo = undo::undo_points(&session, &seats);
        self.last_person = self.undo.last().and_then(|u| u.decided).map(|p| p.index());
        let log = describe::log_of(
            &session,
            |p| name_of(&seats, p),
            |p| seats.get(p).is_none_or(Seat::is_human),
        );
        self.seats = seats;
        self.log = log;
        self.session = Some(session);
        self.saved_said = None;
        self.setup = None;
        self.offer = None;
        self.next = None;
        self.pending = None;
        self.decision_at = None;
        self.hint = None;
        self.hints.clear();
        self.analysis = None;
        self.moved = false;
        self.kept = None;
        self.saved = None;
        self.autosaved = None;
        self.loaded = None;
        self.skipped = None;
        self.news_note = None;
    }
}

/// `before`, then the seats whose saved bot level was not read (they play the default level).
fn unread_note(unread: &[String], before: &str) -> String {
    format!(
        "{before} The bot level of {} is not one this version reads: mcts plays.",
        unread.join(", ")
    )
}

/// `before`, then the seats whose saved bot level asks for more than a save may, and what
/// they play at instead ([`seats::held_levels`]).
fn held_note(held: &[String], before: &str) -> String {
    format!(
        "{before} The bot level of {} asks more than a save may: it thinks {}.",
        held.join(", "),
        seats::held_bounds()
    )
}

/// The name of the player at `player` among `seats`, shown without control characters.
fn name_of(seats: &[Seat], player: usize) -> String {
    seats.get(player).map_or_else(
        || format!("Player {}", player + 1),
        |s| crownlands_core::text::escape_controls(&s.name).into_owned(),
    )
}

/// `PATH: `crownlands play --load PATH` resumes it.`, the path shown escaped, then as a shell
/// reads it back ([`shell_word`]): the end of a line saying where a game is kept.
/// The exit's line for a game `how` (`saved`, `autosaved`) in `path` before its last `since`
/// moves (said as `moves`: [`App::moves_since`]), which `off` says why were not kept.
fn kept_before(how: &str, path: &std::path::Path, since: usize, moves: &str, off: &str) -> String {
    format!(
        "The game was {how} in {} before its last {moves} ({off}: {} not kept).",
        replay::printable(&path.display().to_string()),
        if since == 1 {
            "that one is"
        } else {
            "those are"
        }
    )
}

fn resumed_by(path: &std::path::Path) -> String {
    let shown = path.display().to_string();
    format!(
        "`{}`: `{} play --load {}` resumes it.",
        replay::printable(&shown),
        crownlands_saves::words::program_name(),
        shell_word(&shown)
    )
}

/// A path as a shell reads it back as one word: as it is where it holds only letters, digits
/// and `/._-+,:@%=`, else in single quotes (a quote inside written `'\''`); control characters
/// shown escaped ([`replay::printable`]), so a message never puts them on the terminal.
fn shell_word(path: &str) -> String {
    let plain = !path.is_empty()
        && path
            .chars()
            .all(|c| c.is_alphanumeric() || "/._-+,:@%=".contains(c));
    let path = replay::printable(path);
    if plain {
        path
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

/// A path's file name, shown without control characters.
fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |f| replay::printable(&f.to_string_lossy()),
    )
}

/// How an undo's message begins (cleared, as old news, once the ghost moves).
const UNDONE: &str = "Undone:";

/// The refusals of a discard and of a placement, cleared once the ghost moves.
const FITS_SOMEWHERE: &str = "It fits somewhere, so it cannot be discarded.";

/// `r` at the edge of the kingdom's frame: the turn would take the second square past it.
const TURNED_IN: &str = "Turned, and moved one square in to stay inside the kingdom's frame.";

/// Tab where the domino has one legal spot (either way round, for two like squares).
const ONLY_SPOT: &str = "This is the only legal spot: Enter places the domino here.";
pub(crate) const CANNOT_PLACE: &str = "Cannot place here: ";
/// What moving or turning a domino that fits nowhere is told.
const FITS_NOWHERE: &str = "It fits nowhere, however turned or moved: Enter (or d) discards it.";
/// The lines PgUp/PgDn scroll the score screen's columns.
const SCORE_PAGE: usize = 5;
/// How long the score screen ignores the keys that go on from it, once the game is over.
const SCORE_SCREEN_PAUSE: std::time::Duration = std::time::Duration::from_millis(1200);
/// How long a key that acts waits once the decision passed to another person, or to a person
/// after a bot (Enters pressed while a bot thought played the next person's step; a digit and
/// Enter claimed for one person and placed the next one's domino).
const HANDOVER_PAUSE: std::time::Duration = std::time::Duration::from_millis(500);

/// How many of the best moves a hint shows.
const HINTS: usize = 3;
/// The status line once the cursor left the hint's move.
const OFF_HINT: &str = "Off the hint: Enter plays the move selected (the panel lists the hint's).";

/// The cores a bot may think on while a person waits (root-parallel search).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

fn build_bots(seats: &[Seat], seed: u64) -> Vec<Option<Box<dyn Bot>>> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| match &s.kind {
            SeatKind::Bot(level) => Some(
                level
                    .on_cores(cores())
                    .build(seed ^ (0x9e37_79b9 * (i as u64 + 1))),
            ),
            SeatKind::Human => None,
        })
        .collect()
}

/// What a key of a move pressed while a bot thinks is told.
const WAITS_FOR_YOUR_TURN: &str = "moves wait for your turn (? lists the keys).";

/// What a key that does nothing in a claim, a placement or a step says, rather than nothing: Esc has no
/// box to close there, a letter or another key no use (`` `PgUp` does nothing here ``: Home,
/// End, PgUp, PgDn, Delete and Backspace had said nothing, the status line keeping its old
/// words; `?` lists the keys). `None` for keys that say nothing anywhere (a function key, a
/// modifier alone, which never reach the app) and a control character.
fn no_key_here(key: Key) -> Option<String> {
    match key {
        Key::Esc => Some("Esc closes a box; none is open (q quits, u takes a move back).".into()),
        Key::Char(c) if c.is_control() => None,
        _ => Some(nothing_here(key)),
    }
}

/// `` `x` does nothing here: ? lists the keys. ``
pub(crate) fn nothing_here(key: Key) -> String {
    format!("`{}` does nothing here{NOTHING_HERE_END}", key.name())
}

/// The end of what a key of no use says ([`nothing_here`]).
const NOTHING_HERE_END: &str = ": ? lists the keys.";

/// What `H` on the score screen says.
const NO_HINT_AT_THE_END: &str = "The game is over: no move to hint (a analyses the game).";

/// Whether `message` is of one key only ([`App::say_instead`]): the next key brings back what
/// the status line said before it.
fn of_one_key(message: &str) -> bool {
    message.ends_with(NOTHING_HERE_END) || message == NO_HINT_AT_THE_END
}

/// Whether `message` is a hint's words (`Hint: ...`, `Hint 2 of 3: ...`: Enter plays that move).
fn is_hint_message(message: &str) -> bool {
    message.starts_with("Hint:") || (message.starts_with("Hint ") && message.contains(" of "))
}

#[cfg(test)]
mod shell_word_tests {
    use super::shell_word;

    #[test]
    fn a_path_is_one_word_for_a_shell() {
        assert_eq!(
            shell_word("/home/ann/.local/share/crownlands/autosave-2.json"),
            "/home/ann/.local/share/crownlands/autosave-2.json"
        );
        assert_eq!(shell_word("/tmp/my games/a.json"), "'/tmp/my games/a.json'");
        assert_eq!(shell_word("/tmp/ann's/a.json"), "'/tmp/ann'\\''s/a.json'");
        assert_eq!(shell_word("/tmp/x\u{1b}y"), "'/tmp/x\\u{1b}y'");
    }
}

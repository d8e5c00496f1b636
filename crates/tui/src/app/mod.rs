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

    // ----- what the view reads -----

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// The setup screen's state, to change (tests and scripts set a table as keys would).
    pub fn setup_mut(&mut self) -> Option<&mut Setup> {
        self.setup.as_mut()
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn game(&self) -> Option<&Game> {
        self.session.as_ref().map(Session::game)
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn ghost(&self) -> Placement {
        self.ghost
    }

    /// The first row shown of a step's list longer than its room, as kept while the cursor
    /// moved ([`step::list_top`]; the view brings the cursor into view from it at any size).
    pub fn list_top(&self) -> usize {
        self.list_top
    }

    pub fn choice(&self) -> usize {
        self.choice
    }

    pub fn log(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.log.iter().map(|l| l.text.as_str())
    }

    /// The newest move of the log with the lines of what it changed besides (the Queen changing
    /// hosts, a domino left unclaimed), passing over the lines of steps skipped with nothing to
    /// do and news standing alone (after going on from a step); `None` before any move.
    pub fn last_move(&self) -> Option<Vec<&str>> {
        let at = self
            .log
            .iter()
            .rposition(|l| !l.news && !describe::is_skip_line(&l.text))?;
        let told = self.log.iter().skip(at + 1).take_while(|l| l.told);
        let first = self.log.get(at)?.text.as_str();
        Some(
            std::iter::once(first)
                .chain(told.map(|l| l.text.as_str()))
                .collect(),
        )
    }

    /// The log's entries, oldest first: each a move (or a note) with the lines of what it
    /// changed besides under it (the Queen changing hosts), shown together or not at all.
    pub fn log_entries(&self) -> Vec<Vec<&str>> {
        let mut entries: Vec<Vec<&str>> = Vec::new();
        for line in &self.log {
            match entries.last_mut() {
                Some(entry) if line.told => entry.push(&line.text),
                _ => entries.push(vec![&line.text]),
            }
        }
        entries
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether the status line says what a key pressed is for (or that it does nothing here),
    /// until the next key brings back what it said before: the keys' row then stays in view.
    pub fn says_what_a_key_does(&self) -> bool {
        self.said_before.is_some()
            || self
                .key_word
                .as_ref()
                .is_some_and(|said| *said == self.message)
    }

    pub fn illegal(&self) -> Option<&str> {
        self.illegal.as_deref()
    }

    pub fn hint(&self) -> Option<Action> {
        self.hint
    }

    /// The hint's best moves in words with their estimates (win chance 0 to 1, expected final
    /// score), best first; empty when no hint is shown.
    pub fn hints(&self) -> Vec<(String, Estimate)> {
        let Some(game) = self.game() else {
            return Vec::new();
        };
        let actions: Vec<Action> = self.hints.iter().map(|c| c.action).collect();
        crownlands_saves::words::moves_apart(game, &actions)
            .into_iter()
            .zip(self.hints.iter().map(|c| c.value))
            .collect()
    }

    pub fn thinking_on_hint(&self) -> bool {
        matches!(
            self.pending.as_ref().map(|p| p.purpose),
            Some(Purpose::Hint)
        )
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The terminal's size now, in columns and rows (the event loop tells it before each frame
    /// and on a resize), with the view's measures of a screen at that size (`view::MEASURE`).
    pub fn set_screen(&mut self, width: u16, height: u16, measure: Measure) {
        if self.screen.map(|s| (s.width, s.height)) != Some((width, height)) {
            self.small_key = false;
            // Where the scores' columns end depends on the size: said again by ↓ if still so
            // (larger, every line may show, and it had stayed).
            if let Some(rest) = self.message.strip_prefix(SCORES_AT_END) {
                self.message = rest.trim_start().to_string();
            }
            // A word on a key pressed before (`Esc closes a box; none is open ...`) is old news
            // on a screen of another size: the line says again what it said before it (a
            // playtest saw it stay after a resize, as if of the resize).
            if self.says_what_a_key_does() {
                self.message = self.said_before.take().unwrap_or_default();
                self.key_word = None;
            }
        }
        self.screen = Some(Screen {
            width,
            height,
            measure,
        });
    }

    /// Whether the terminal, at the size last told, is too small for the screen now: the view
    /// shows the size needed in its place, and keys other than quitting do nothing.
    pub fn screen_too_small(&self) -> bool {
        self.screen
            .is_some_and(|s| !(s.measure.fits)(self, s.width, s.height))
    }

    /// Whether a key other than quitting was pressed while the screen was too small.
    pub fn key_while_too_small(&self) -> bool {
        self.small_key
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The player's name, or "Player N", with any control character shown escaped (names come
    /// from save files too).
    pub fn name(&self, player: usize) -> String {
        name_of(&self.seats, player)
    }

    /// The claims a human may choose from now, in the engine's order.
    pub fn claims(&self) -> Vec<Action> {
        self.game()
            .map(|g| {
                g.legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Claim { .. }))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The actions of the module step now, `Pass` last.
    pub fn step_actions(&self) -> Vec<Action> {
        let Some(g) = self.game() else {
            return Vec::new();
        };
        let mut v: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| *a != Action::Pass)
            .collect();
        v.push(Action::Pass);
        v
    }

    /// Whether the ghost stands on a legal placement.
    pub fn ghost_is_legal(&self) -> bool {
        self.game()
            .is_some_and(|g| g.placements().contains(self.ghost))
    }

    /// While placing: the points the kingdom would have with the ghost where it is, and the
    /// points it has now (`None` when the ghost's spot is illegal).
    pub fn preview(&self) -> Option<(i32, i32)> {
        if self.mode != Mode::Place {
            return None;
        }
        crownlands_core::modules::describe::placement_preview(self.game()?, self.ghost)
    }

    /// The base bonuses (Middle Kingdom, Harmony) the ghost's spot gains or loses against the
    /// kingdom now, each in words with its change in points (`("Middle Kingdom", -10)`): the
    /// running score counts them as if the game ended now, so a spot's score moves with them
    /// (`Score here 1 (-9)` said nothing of the 10 lost). Empty outside placing or on an illegal
    /// spot.
    pub fn preview_bonuses(&self) -> Vec<(&'static str, i32)> {
        match self.game().filter(|_| self.mode == Mode::Place) {
            Some(game) => {
                crownlands_core::modules::describe::placement_bonus_changes(game, self.ghost)
            }
            None => Vec::new(),
        }
    }

    /// The modules' score lines the spot under the ghost changes (`("goal: Bog", -2)`), while
    /// placing: said beside the base bonuses' in the spot's score.
    pub fn preview_lines(&self) -> Vec<(String, i32)> {
        match self.game().filter(|_| self.mode == Mode::Place) {
            Some(game) => {
                crownlands_core::modules::describe::placement_line_changes(game, self.ghost)
            }
            None => Vec::new(),
        }
    }

    /// Whether nothing fits and the domino must be discarded.
    pub fn must_discard(&self) -> bool {
        self.game()
            .is_some_and(|g| matches!(g.phase(), Phase::Place { .. }) && g.placements().is_empty())
    }

    /// Whether the domino to place may be discarded though it fits (`discard = "any-time"`, a
    /// house rule): `d` discards it.
    pub fn may_discard_fitting(&self) -> bool {
        self.game()
            .is_some_and(|g| g.may_discard() && !g.placements().is_empty())
    }

    // ----- time -----

    /// Let time pass: collect bot answers and play them once the pace allows (and the screen
    /// shows them: while it is too small a bot's move waits, then comes a pace after it fits).
    pub fn tick(&mut self, now: Instant) {
        self.poll(now, false);
        self.play_watched(now);
        if let Some(job) = &mut self.analysis {
            job.poll(false);
            job.tick(now);
        }
    }

    /// The analysis of the finished game, once asked for (`a` on the score screen).
    /// How far the score screen's columns are scrolled (0: not scrolled).
    pub fn score_scroll(&self) -> usize {
        self.score_scroll
    }

    /// How far the open popup (help, analysis, moves) is scrolled, in lines from its top; past its end ([`FOLLOW_NEWEST`]) it
    /// shows its end (the view keeps it in range).
    pub fn popup_scroll(&self) -> usize {
        self.popup_scroll
    }

    pub fn analysis(&self) -> Option<&analysis::AnalysisJob> {
        self.analysis.as_ref()
    }

    /// Wait until the analysis asked for is done (for tests and scripts).
    pub fn wait_for_analysis(&mut self) {
        if let Some(job) = &mut self.analysis {
            job.poll(true);
        }
    }

    /// Assess every decision of the finished game, on threads, and show the summary.
    pub fn analyse_game(&mut self) {
        self.analyse_game_of(None);
    }

    /// [`App::analyse_game`] of game `game` (from 0) of the match, or of the one on the score
    /// screen: a game watched from a saved match is that one, not the match's last.
    pub(super) fn analyse_game_of(&mut self, game: Option<usize>) {
        if self.mode != Mode::GameOver {
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        let game = game.unwrap_or_else(|| session.game_index());
        if self.analysis.as_ref().is_some_and(|j| j.game() != game) {
            self.analysis = None;
        }
        if self.analysis.is_none() {
            self.analysis = Some(analysis::AnalysisJob::start_game(
                &self.config.registry,
                session,
                self.config.analyst,
                crownlands_bots::analysis::DEFAULT_MAX_DECISIONS,
                game,
            ));
        }
        self.overlay = Some(Overlay::Analysis);
    }

    /// Play every bot move until a human has to act or the game is over, ignoring the pace (for
    /// tests and scripts).
    pub fn run_bots(&mut self) {
        let mut guard = 0;
        while self.pending.is_some() && guard < 100_000 {
            self.poll(Instant::now(), true);
            guard += 1;
        }
    }

    fn poll(&mut self, now: Instant, block: bool) {
        if self.pending.is_none() {
            return;
        }
        // (Worked out from the layout, so only while a bot or a hint is awaited.) The quit
        // dialog over the board hides it too: a bot's move waits for the answer.
        let unseen =
            !block && (self.overlay == Some(Overlay::ConfirmQuit) || self.screen_too_small());
        let Some(pending) = &mut self.pending else {
            return;
        };
        if !pending.poll(block) {
            self.pending = None;
            self.message = "A bot stopped without answering; it will be asked again.".into();
            self.refresh(now);
            return;
        }
        let purpose = pending.purpose;
        // A module's step (a tax, a build, a burn) follows the bot's placement in its turn,
        // told in the log: at half the pace, so a table of bots in Queendomino does not keep a
        // person waiting five full paces a turn.
        let module = pending
            .reply
            .as_ref()
            .is_some_and(|r| matches!(r.action, Some(Action::Module { .. })));
        let pace = if module {
            self.config.pace / 2
        } else {
            self.config.pace
        };
        let paced = block || now >= pending.started + pace;
        // A pass shows nothing to follow (it is not logged): it goes at once, not at the pace.
        let passes = pending
            .reply
            .as_ref()
            .is_some_and(|r| r.action == Some(Action::Pass));
        let ready = pending.reply.is_some() && (purpose == Purpose::Hint || paced || passes);
        if !ready {
            return;
        }
        // A bot's move waits while the screen is too small to show it, then comes at the pace
        // once the board is seen again (it had been played unseen).
        if unseen && purpose != Purpose::Hint && !passes {
            pending.started = now;
            return;
        }
        let at = pending.at_action;
        let reply = pending.reply.take();
        self.pending = None;
        let Some(reply) = reply else {
            return;
        };
        let current = at == self.action_count();
        if let Some(why) = reply.crashed {
            return self.bot_crashed(purpose, current, &why, now);
        }
        match purpose {
            Purpose::Hint => {
                if current && let Some(action) = reply.action {
                    self.hints = reply
                        .assessment
                        .map(|a| a.candidates.into_iter().take(HINTS).collect())
                        .unwrap_or_default();
                    self.show_hint(action);
                }
            }
            Purpose::Move { seat } => {
                if let Some(slot) = self.bots.get_mut(seat) {
                    *slot = reply.bot;
                }
                if current && let Some(action) = reply.action {
                    self.play(action, false, now);
                }
            }
        }
        self.refresh(now);
    }

    /// A bot panicked (a bug in it). A hint is given up; a bot's move is made by the random
    /// bot instead (one of the engine's legal actions), said in the log, so the game goes on.
    fn bot_crashed(&mut self, purpose: Purpose, current: bool, why: &str, now: Instant) {
        match purpose {
            Purpose::Hint => self.message = format!("The hint bot failed ({why})."),
            Purpose::Move { seat } => {
                let name = self.name(seat);
                self.message = format!("{name} failed ({why}); a random legal move was played.");
                if current && let Some(game) = self.game().cloned() {
                    let mut stand_in = Level::Random.build(game.seed() ^ 0x5eed);
                    let action =
                        crownlands_bots::PlayerView::new(&game).map(|view| stand_in.choose(&view));
                    if let Some(action) = action {
                        self.log
                            .push_back(format!("({name} failed: a random move)").into());
                        let message = self.message.clone();
                        self.play(action, false, now);
                        self.message = message;
                    }
                }
            }
        }
        self.refresh(now);
    }

    fn action_count(&self) -> usize {
        self.session
            .as_ref()
            .map_or(0, |s| s.actions().iter().map(Vec::len).sum())
    }

    // ----- the mode -----

    /// Set the mode from the game, reset the cursors for a new decision, and start a bot when
    /// one is to act.
    fn refresh(&mut self, now: Instant) {
        if self.offer.is_some() {
            self.mode = Mode::Resume;
            return;
        }
        if self.setup.is_some() {
            self.mode = Mode::Setup;
            return;
        }
        if self.replay.is_some() {
            self.mode = Mode::Replay;
            self.pending = None;
            return;
        }
        let Some(session) = &self.session else {
            self.mode = Mode::Setup;
            return;
        };
        let game = session.game().clone();
        let Some(seat) = game.to_act() else {
            let ended = self.mode != Mode::GameOver;
            if ended {
                self.over_at = Some(now);
                self.score_scroll = 0;
            }
            self.mode = Mode::GameOver;
            self.pending = None;
            // A hint asked for the last move is of no move now (nor of any move watched).
            self.hint = None;
            self.hints.clear();
            self.save_finished(ended);
            return;
        };
        let player = seat.index();
        let count = self.action_count();
        let human = self.seats.get(player).is_none_or(Seat::is_human);
        if self.decision_at != Some(count) {
            self.decision_at = Some(count);
            // Handed to another person, or to a person after a bot, or to the same person
            // after steps that went by with nothing to do (Enters pressed for those steps
            // claimed a domino never seen): keys wait a moment.
            if human
                && (self.last_decider.is_some_and(|(p, h)| p != player || !h)
                    || self.skipped_into(count, player).is_some())
            {
                self.handover_until = Some(now + HANDOVER_PAUSE);
            }
            self.last_decider = Some((player, human));
            // A module's step opens on its last row, Skip: every other row spends something (a
            // knight, coins), so Enter pressed to go on never spends what was not chosen; a
            // digit or the arrows choose an action.
            self.choice = match game.phase() {
                Phase::Step { .. } => game.legal_action_count().saturating_sub(1) as usize,
                _ => 0,
            };
            self.list_top = 0;
            self.first_digit = None;
            self.hint = None;
            self.hints.clear();
            // A hint's words were of the decision before: Enter no longer plays that move.
            if is_hint_message(&self.message) || self.message == OFF_HINT {
                self.message.clear();
            }
            if matches!(game.phase(), Phase::Place { .. }) {
                let f = place::frame(game.kingdom(game.side_of(seat)));
                // The first spot Tab goes through (`place::spots`).
                self.ghost = place::spots(&game).first().copied().unwrap_or_else(|| {
                    place::clamp(Placement::new(Cell::new(1, 0), Direction::East), f)
                });
            }
            self.update_illegal();
        }
        // A step with nothing to decide (only going on is legal) goes by itself, said in the log.
        if human && matches!(game.phase(), Phase::Step { .. }) && game.legal_action_count() == 1 {
            self.note_skip(player);
            return self.play(Action::Pass, false, now);
        }
        self.mode = if !human {
            Mode::BotThinking
        } else {
            match game.phase() {
                Phase::FirstClaims { .. } | Phase::Claim { .. } => Mode::Claim,
                Phase::Place { .. } => Mode::Place,
                Phase::Step { .. } => Mode::Step,
                Phase::Over => Mode::GameOver,
            }
        };
        if !human && self.pending.is_none() {
            let bot = self
                .bots
                .get_mut(player)
                .and_then(Option::take)
                .unwrap_or_else(|| match &self.seats.get(player).map(|s| &s.kind) {
                    Some(SeatKind::Bot(level)) => {
                        level.on_cores(cores()).build(game.seed() ^ player as u64)
                    }
                    _ => Level::Random.build(game.seed()),
                });
            // Where the game stands in its match (Dynasty): the bot plays for the match.
            let so_far = self
                .session()
                .map(|s| MatchSoFar::of(s.played()))
                .unwrap_or_default();
            self.pending = Some(Pending::start(
                Purpose::Move { seat: player },
                bot,
                game.clone(),
                so_far,
                count,
                now,
            ));
        }
    }

    /// The steps that went by by themselves for `player` just before the decision at action
    /// `count`, in words (`Nothing to do in Build or Dragon`), or `None` when the move before
    /// was a decision.
    fn skipped_into(&self, count: usize, player: usize) -> Option<String> {
        match &self.skipped {
            Some((at, p, steps)) if *at == count && *p == player => {
                let titles: Vec<&str> = steps.iter().map(|(t, _)| t.as_str()).collect();
                Some(format!(
                    "Nothing to do in {}",
                    crownlands_core::modules::describe::steps_in_words(&titles)
                ))
            }
            _ => None,
        }
    }

    /// Say in the log that `player` had nothing to decide in `module`'s step: one line for the
    /// steps skipped in a row.
    fn note_skip(&mut self, player: usize) {
        let Some(what) = self.game().map(describe::skipped_step) else {
            return;
        };
        let count = self.action_count();
        let who = self.name(player);
        match &mut self.skipped {
            Some((at, p, words)) if *at == count && *p == player => {
                words.push(what);
            }
            _ => {
                self.skipped = Some((count, player, vec![what]));
                self.log.push_back(describe::LogLine::default());
            }
        }
        if let (Some((at, _, words)), Some(last)) = (&mut self.skipped, self.log.back_mut()) {
            last.text = describe::skip_line(&who, words);
            // The next auto-skip in a row comes one action later.
            *at += 1;
        }
    }

    fn update_illegal(&mut self) {
        self.illegal = match self.game() {
            Some(g) if matches!(g.phase(), Phase::Place { .. }) => {
                let mut probe = g.clone();
                match probe.apply(Action::Place {
                    placement: self.ghost,
                }) {
                    Ok(()) => None,
                    Err(IllegalAction::IllegalPlacement { why, .. }) => Some(why.to_string()),
                    Err(e) => Some(e.to_string()),
                }
            }
            _ => None,
        };
    }

    /// Play `action` for the player to act; a human's decision can be undone.
    fn play(&mut self, action: Action, human: bool, now: Instant) {
        self.square_clicked = None;
        self.choice_clicked = None;
        self.ghost_clicked = None;
        let Some(session) = &mut self.session else {
            return;
        };
        let before = session.game().clone();
        let at = session.actions().last().map_or(0, Vec::len);
        match session.apply(action) {
            Ok(()) => {
                // Someone was to act, or the action would have been refused.
                let decided = before.to_act();
                let who = decided
                    .map(|seat| self.name(seat.index()))
                    .unwrap_or_default();
                let text = describe(&before, action, &who);
                // What the modules say changed besides (the Queen changing hosts).
                // The modules' news, and a line's dominoes no king took, out as the round
                // began.
                let watch = crownlands_core::modules::describe::UnclaimedWatch::before(&before);
                let (news, unclaimed) = self.session.as_ref().map_or_else(Default::default, |s| {
                    (
                        describe::news(&before, s.game(), |i| self.name(i)),
                        watch.words(s.game()),
                    )
                });
                // A move with no other choice (the last domino of a line, a discard where
                // nothing fits) is no decision to take back: undo goes past it.
                if human && before.legal_action_count() > 1 {
                    self.undo.push(undo::UndoPoint {
                        at,
                        decided,
                        log: Some(self.log.clone()),
                    });
                }
                if human {
                    // A hint for the position just left is of no use.
                    if self.thinking_on_hint() {
                        self.pending = None;
                    }
                }
                // Where the game was saved, asked while a bot played, stays until a person
                // moves (at the default pace the bot's next move had cleared it in a second),
                // before the bots' news.
                self.message.clear();
                if human {
                    self.saved_said = None;
                } else if let Some(said) = &self.saved_said {
                    self.message.clone_from(said);
                }
                if human {
                    self.autosave_note = None;
                    self.news_note = None;
                    self.last_person = decided.map(|p| p.index());
                } else {
                    // (Once the game is over the scores say the rest; with no person at the
                    // table, no one's move to speak of.)
                    let over = self.session.as_ref().is_some_and(|s| s.game().is_over());
                    let people = self.seats.iter().any(Seat::is_human);
                    if over || !people {
                        self.news_note = None;
                    } else if let Some(last) = news.last() {
                        self.news_note = Some(format!("{}: {last}", self.since_whose_move()));
                    }
                    if let Some(note) = self.autosave_note.as_ref().or(self.news_note.as_ref()) {
                        self.message = match &self.saved_said {
                            Some(said) => format!("{said}.  {note}"),
                            None => note.clone(),
                        };
                    }
                }
                self.moved = true;
                // Going on from a step is not news: the log keeps the moves.
                let mut told = news;
                told.extend(unclaimed);
                describe::push_move(&mut self.log, action, text, told);
                self.autosave();
                self.refresh(now);
            }
            Err(e) => self.message = format!("Not allowed: {e}."),
        }
    }

    /// Keep a game (a match) finished here in the saves folder, when it has `ended` (the score
    /// screen's first refresh). A game taken back from its score screen and ended again is
    /// kept in the same file, as it ended this time, while that file holds what was written
    /// there; a file changed by another program is left alone (a new one is written), a file
    /// gone is written again.
    fn save_finished(&mut self, ended: bool) {
        let (Some(dir), Some(session)) = (&self.config.save_dir, &self.session) else {
            return;
        };
        if !self.moved || !session.is_over() || (self.kept.is_some() && !ended) {
            return;
        }
        let save = session.to_save();
        // The file kept before, if it still holds what was written there; else, the first
        // time, the player's own save of this game, if the game went on from it.
        let by_hand = match (&self.kept, &self.saved) {
            (None, Some((path, written))) if save.continues(written) => {
                Some(path.clone()).filter(|p| still_holds(p, written))
            }
            _ => None,
        };
        let ours = match &self.kept {
            Some((Some(path), written)) => Some(path.clone()).filter(|p| still_holds(p, written)),
            _ => by_hand.clone(),
        };
        let same = self
            .kept
            .as_ref()
            .is_some_and(|(_, written)| *written == save);
        let tail = format!("-seed-{}", save.seed);
        // A match of several games (Dynasty) is kept whole, and said so.
        let what = if session.match_games() > 1 {
            "Match"
        } else {
            "Game"
        };
        let written = match &ours {
            Some(path) if same => Ok(path.clone()),
            Some(path) => crownlands_saves::write_save(path, &save).map(|()| path.clone()),
            None => crownlands_saves::save_into_dir_as(dir, &save.ruleset_name, &tail, &save),
        };
        let dir = replay::printable(&dir.display().to_string());
        self.message = match &written {
            // The file's name first, then its folder, the rest in brackets: where the score
            // screen has too few rows (a Dynasty's last, which says the match too), the words
            // in brackets give way, not the folder.
            Ok(path) if by_hand.is_some() => format!(
                "{what} kept in {} in {dir} (where you saved it, now finished).",
                file_name(path)
            ),
            Ok(path) if ours.is_some() && !same => format!(
                "{what} kept again as {} in {dir} (as it ended this time).",
                file_name(path)
            ),
            Ok(path) => format!(
                "{what} kept as {} in {dir} (watch it from the setup screen).",
                file_name(path)
            ),
            Err(e) => format!("Could not keep the finished {}: {e}", what.to_lowercase()),
        };
        self.kept = Some((written.ok(), save));
    }

    /// List the recent saved games on the setup screen.
    fn fill_recent(&mut self) {
        let recent = self
            .config
            .save_dir
            .as_deref()
            .map(|dir| replay::recent_games(dir, &self.config.registry))
            .unwrap_or_default();
        if let Some(setup) = &mut self.setup {
            setup.set_recent(recent);
        }
    }

    /// The game goes on autosaved in a file of its own, `own`: `why` on the status line (and
    /// kept to say again), the file in the log.
    fn autosaved_beside(&mut self, why: String, own: &std::path::Path) {
        self.message = why;
        self.autosave_note = Some(self.message.clone());
        self.log
            .push_back(format!("Autosaved to {} from now on", file_name(own)).into());
    }

    /// The autosave stopped for `why` (a write failed): said now, and kept in the header.
    pub(crate) fn autosave_stopped(&mut self, why: String) {
        // `s` is offered where the saves folder takes a file (it is often in the folder that
        // failed: a read-only home, a full disk, where `s` failed too).
        let saves = match self.config.save_dir.as_deref() {
            // (Short: the folder is named already, in `why`; two paths made it three rows.)
            Some(dir) => match crownlands_saves::prepare_save_dir(dir) {
                Ok(()) => "s saves the game.".to_string(),
                Err(_) => "The saves folder cannot take it either: the game is kept only while \
                           this program runs."
                    .to_string(),
            },
            None => "The game is kept only while this program runs.".to_string(),
        };
        self.message = format!("Autosave off: {why}. {saves}");
        // Kept on the status line through the bots' moves, as the autosave's other news is.
        self.autosave_note = Some(self.message.clone());
        if let Some(dir) = &self.config.autosave_dir {
            self.autosaved = self.autosaver.last_written(dir);
        }
        self.config.autosave_dir = None;
        self.autosave_failed = Some(why);
    }

    /// Since whose move the bots' news is: `Since your move` with one person at the table;
    /// with several, the person's named (`Since Player 1's move`: at Player 3's turn, "your"
    /// had read as Player 3's).
    fn since_whose_move(&self) -> String {
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        match self.last_person {
            _ if people <= 1 => "Since your move".to_string(),
            Some(p) => format!("Since {}'s move", self.name(p)),
            None => "Since this game began".to_string(),
        }
    }

    /// A key of a move pressed while a bot thinks: nothing is played (nor later), and the status
    /// line says so, where it holds no news (keys pressed then had no answer at all). The keys
    /// that work anytime (help, hint, undo, save, pace, quit) were taken before.
    fn key_while_a_bot_thinks(&mut self, key: Key) {
        let news = self.autosave_note.as_ref().or(self.news_note.as_ref());
        // (Over nothing that must stay said: a new game's line with a warning about its
        // ruleset stays, its plain line gives way.)
        let free = self.message.is_empty()
            || self.message.ends_with(WAITS_FOR_YOUR_TURN)
            || self.message.ends_with(NOTHING_HERE_END)
            || (self.message.starts_with("New game, seed")
                && self.message.ends_with(". Press ? for help."));
        // The keys of a move (choosing, placing, turning, discarding, skipping); another is
        // of no use anywhere in a game, and said so as in a claim.
        let of_a_move = matches!(
            key,
            Key::Enter | Key::Tab | Key::BackTab | Key::Up | Key::Down | Key::Left | Key::Right
        ) || matches!(
            key,
            Key::Char(' ' | 'r' | 'd' | 'p' | 'h' | 'j' | 'k' | 'l' | '0'..='9')
        );
        let people = self.seats.iter().any(Seat::is_human);
        if news.is_none() && free && people {
            if of_a_move {
                let who = self
                    .game()
                    .and_then(|g| g.to_act())
                    .map(|p| self.name(p.index()))
                    .unwrap_or_default();
                self.message = format!("{who} is thinking: {WAITS_FOR_YOUR_TURN}");
            } else if let Some(why) = no_key_here(key) {
                self.say_instead(why);
            }
        }
    }

    /// Say `why` a key is of no use, keeping what the line said for the next key.
    fn say_instead(&mut self, why: String) {
        if !of_one_key(&self.message) {
            self.said_before = Some(std::mem::take(&mut self.message));
        }
        self.message = why;
    }

    /// Say that `key` does nothing here ([`no_key_here`]), unless the status line holds a failure
    /// that must stay said (a save or the autosave that failed).
    pub(super) fn say_no_key(&mut self, key: Key) {
        if !self.failure_said()
            && let Some(why) = no_key_here(key)
        {
            self.say_instead(why);
        }
    }

    /// Whether the status line says a failure that must stay said (a save or the autosave that
    /// failed).
    fn failure_said(&self) -> bool {
        self.message.starts_with("Could not save") || self.message.starts_with("Autosave off")
    }

    /// The ghost moved (a key or a click): what the status line said before (a refusal of where
    /// it was, what a key is for, an undo done or refused, a resume or a save done) is old news,
    /// and at 80 columns it pushed the spot's verdict and score off the line (a refused undo's
    /// two lines stayed through every move of the ghost). A failure stays said, and a hint,
    /// which follows the ghost.
    fn ghost_moved(&mut self) {
        if !self.failure_said() && !is_hint_message(&self.message) {
            self.message.clear();
        }
    }

    /// Why the autosave stopped during this game, if a write failed (not `--no-autosave`).
    pub fn autosave_failed(&self) -> Option<&str> {
        self.autosave_failed.as_deref()
    }

    fn autosave(&mut self) {
        let (Some(dir), Some(session)) = (&self.config.autosave_dir, &self.session) else {
            return;
        };
        let saves = self.config.save_dir.as_deref();
        match self
            .autosaver
            .write(&self.config.registry, dir, saves, session)
        {
            Ok(None) => {}
            Ok(Some(autosave::Note::Kept(kept))) => {
                // (An unfinished game, or a file that did not load: either is kept.) Where the
                // undo wrote it, its words follow (the note leading, so the status line keeps
                // it as the ghost moves, as it keeps any autosave note).
                // Which game it was: with several programs on one folder, the autosave kept may
                // be another program's game, not the one this player declined.
                let which = crownlands_saves::read_save_file(&kept).map_or_else(
                    |_| String::new(),
                    |s| {
                        format!(
                            " ({}, seed {}, {})",
                            crownlands_core::text::excerpt(&s.ruleset_name),
                            s.seed,
                            crownlands_core::modules::describe::plural(
                                i64::try_from(s.moves()).unwrap_or(i64::MAX),
                                "move",
                                "moves"
                            )
                        )
                    },
                );
                let said = format!(
                    "The earlier autosave{which} was kept as {}.",
                    replay::printable(&kept.display().to_string())
                );
                self.message = if self.message.starts_with(UNDONE) {
                    format!("{said} {}", self.message)
                } else {
                    said.clone()
                };
                // The status line keeps it until the player's next move; the log keeps it in
                // view after that.
                self.autosave_note = Some(said);
                self.log
                    .push_back(format!("Earlier game kept: {}", file_name(&kept)).into());
            }
            Ok(Some(autosave::Note::NotAFile { at, to: own })) => self.autosaved_beside(
                format!(
                    "{} is not a file (a folder?): left as it is, this game is autosaved to {} \
                     beside it.",
                    file_name(&at),
                    file_name(&own)
                ),
                &own,
            ),
            Ok(Some(autosave::Note::Moved { from, to: own })) => self.autosaved_beside(
                format!(
                    "Another game took {} (another crownlands play?): this one is autosaved to \
                     {} beside it now.",
                    file_name(&from),
                    file_name(&own)
                ),
                &own,
            ),
            Err(e) => {
                // Never overwrite what could not be put aside.
                let why = autosave::failure_words(dir, &e.to_string());
                self.autosave_stopped(why);
            }
        }
    }

    /// Whether the quit dialog offers `s` to save and quit: quitting would lose the game as it
    /// stands (no autosave, not saved since its last move), and there is a folder to save in.
    pub fn quit_offers_save(&self) -> bool {
        self.config.autosave_dir.is_none()
            && self.can_save()
            && self.game().is_some()
            && self.saved_in().is_none_or(|(_, since)| since > 0)
            && self.autosaved_in().is_none_or(|(_, since)| since > 0)
            && self.loaded_unmoved().is_none()
    }

    /// Whether `s` can save the game: there is a saves folder, and it took a file when the
    /// quit dialog last opened.
    pub fn can_save(&self) -> bool {
        self.config.save_dir.is_some() && !self.saves_folder_refused
    }

    /// Open the quit dialog, looking first whether the saves folder takes a file (what it
    /// offers depends on it).
    fn open_quit_dialog(&mut self) {
        self.saves_folder_refused = self
            .config
            .save_dir
            .as_deref()
            .is_some_and(|dir| crownlands_saves::prepare_save_dir(dir).is_err());
        self.overlay = Some(Overlay::ConfirmQuit);
    }

    /// Before the program ends (a quit, a signal): make sure the game last autosaved is on disk,
    /// in `autosave.json` or, when another program took that in the instant of a write, in a file
    /// of its own. Returns a line to tell the player after the screen is gone, if any.
    pub fn before_exit(&mut self) -> Option<String> {
        if let Some((path, main)) = &self.left_offered
            && self.session.is_none()
        {
            let program = crownlands_saves::words::program_name();
            let file = replay::printable(&path.display().to_string());
            return Some(if *main {
                format!("The unfinished game stays in {file}: `{program} play` offers it again.")
            } else {
                format!("The unfinished game stays in {}", resumed_by(path))
            });
        }
        let Some(dir) = self.config.autosave_dir.as_ref() else {
            // Without the autosave: where a game under way was saved with `s`, said, as the
            // autosave is (the quit dialog had said it, and the exit nothing).
            let unfinished = self.session.as_ref().is_some_and(|s| !s.is_over());
            let off = || match &self.autosave_failed {
                // (Without a data directory it never started.)
                Some(why) if why == NO_DATA_DIR => format!("autosave was off: {why}"),
                Some(why) => format!("the autosave had stopped, {why}"),
                None => "autosave was off".to_string(),
            };
            // Where the autosave stopped after writing some of the game, what it wrote is
            // kept: said as a save by hand is, the later of the two where both hold it.
            let by_hand = self.kept_in(self.saved.as_ref());
            // (Said only where the file still holds it: another program may have taken it.)
            let autosaved = self.kept_in(self.autosaved.as_ref()).filter(|&(path, _)| {
                self.autosaved
                    .as_ref()
                    .is_some_and(|(_, written)| still_holds(path, written))
            });
            if let Some((path, since)) = autosaved
                && by_hand.is_none_or(|(_, hand)| since < hand)
            {
                return match since {
                    _ if !unfinished || self.replay.is_some() => None,
                    0 => Some(format!("The game is autosaved in {}", resumed_by(path))),
                    _ => Some(kept_before(
                        "autosaved",
                        path,
                        since,
                        &self.moves_since(since),
                        &off(),
                    )),
                };
            }
            let Some((path, _)) = self.saved.as_ref() else {
                if let Some(note) = self.stays_note() {
                    return Some(note);
                }
                // Never saved: said on the way out too (the quit dialog had said it).
                return (unfinished && self.replay.is_none() && self.watched.is_none())
                    .then(|| format!("The game was not saved ({}).", off()));
            };
            return match self.saved_in() {
                _ if !unfinished || self.replay.is_some() => None,
                Some((_, 0)) => Some(format!("The game is saved in {}", resumed_by(path))),
                // Saved, then played on: what was saved is said, and what was not.
                Some((_, since)) => Some(kept_before(
                    "saved",
                    path,
                    since,
                    &self.moves_since(since),
                    &off(),
                )),
                None => None,
            };
        };
        match self.autosaver.before_exit(dir) {
            // An unfinished game autosaved where it always is: said, so that quitting does not
            // look like losing it (a playtester's `q y` left without a word).
            Ok(None) if self.unfinished_autosaved() => {
                let program = crownlands_saves::words::program_name();
                let autosaved = match self.autosaver.own_file() {
                    // A numbered file is offered only while `autosave.json` holds no game.
                    Some(own) => format!("The game is autosaved in {}", resumed_by(own)),
                    None => format!(
                        "The game is autosaved in `{}`: `{program} play` offers to resume it.",
                        replay::printable(
                            &dir.join(crownlands_saves::AUTOSAVE_FILE)
                                .display()
                                .to_string()
                        )
                    ),
                };
                Some(format!("{autosaved}{}", self.saved_too()))
            }
            // Loaded and not moved in (the autosave holds another game): where it stays.
            Ok(None) => self.stays_note(),
            // A finished game is in the saves folder already: nothing to resume.
            Ok(Some(_)) if self.session.as_ref().is_some_and(|s| s.is_over()) => None,
            Ok(Some(own)) => Some(format!(
                "Another game took the autosave: this game was autosaved to `{}` (`{} play \
                 --load {}` resumes it).",
                replay::printable(&own.display().to_string()),
                crownlands_saves::words::program_name(),
                shell_word(&own.display().to_string())
            )),
            Err(e) => Some(format!("The last autosave could not be checked: {e}")),
        }
    }

    /// `The unfinished game stays in ...`: for the exit of a game loaded and not moved in,
    /// while its file still holds it (a playtester's `q y` after `--load` left without a word,
    /// the dialog having said it was autosaved).
    fn stays_note(&self) -> Option<String> {
        let path = self.loaded_unmoved()?;
        let (_, written) = self.loaded.as_ref()?;
        still_holds(path, written)
            .then(|| format!("The unfinished game stays in {}", resumed_by(path)))
    }

    /// Where the game was saved with `s` too, for the line an exit leaves after the autosave's
    /// (` It is saved in `...` too.`): it had named only the autosave, not the file just
    /// written. Empty where it was not saved, or the game no longer goes on from that save.
    fn saved_too(&self) -> String {
        let Some((path, since)) = self.kept_in(self.saved.as_ref()) else {
            return String::new();
        };
        let file = replay::printable(&path.display().to_string());
        match since {
            0 => format!(" It is saved in `{file}` too."),
            n => format!(
                " Your save in `{file}` holds it before its last {}.",
                self.moves_since(n)
            ),
        }
    }

    /// `15 moves, 3 of them yours`: the last `since` moves of the game, and how many of them a
    /// person decided, where one person plays (the bots' moves and the forced ones had made
    /// what a save missed read as more than the player had done).
    fn moves_since(&self, since: usize) -> String {
        let moves = crownlands_core::modules::describe::plural(
            i64::try_from(since).unwrap_or(i64::MAX),
            "move",
            "moves",
        );
        let played = self
            .session
            .as_ref()
            .and_then(|s| s.actions().last())
            .map_or(0, Vec::len);
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        if since < 2 || since > played || people != 1 {
            return moves;
        }
        // Every undo point is a person's decision in the game being played.
        let from = played - since;
        match self.undo.iter().filter(|u| u.at >= from).count() {
            0 => format!("{moves}, none of them yours"),
            yours => format!("{moves}, {yours} of them yours"),
        }
    }

    /// Whether a game (or a match: between its games too) is under way and autosaved as it
    /// stands (a game just started, with no move yet, is not: the autosave holds the one before).
    fn unfinished_autosaved(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| !s.is_over() && self.autosaver.holds(s, self.moved))
            && self.replay.is_none()
    }

    /// The file the game was loaded from, where it stands as loaded there (no move made, none
    /// taken back) and the autosave does not hold it: quitting leaves it in that file alone.
    fn loaded_unmoved(&self) -> Option<&std::path::Path> {
        let unfinished = self.session.as_ref().is_some_and(|s| !s.is_over());
        if !unfinished || self.replay.is_some() || self.unfinished_autosaved() {
            return None;
        }
        self.kept_in(self.loaded.as_ref())
            .and_then(|(path, since)| (since == 0).then_some(path))
    }

    /// The name of the file the game stays in as it was loaded from it, for the quit dialog
    /// (`None` where a move was made since, or the autosave holds it).
    pub fn stays_in_loaded(&self) -> Option<String> {
        self.loaded_unmoved().map(file_name)
    }

    /// Where this game is autosaved when another program took `autosave.json` (`None`: there,
    /// or not at all).
    pub fn own_autosave(&self) -> Option<&std::path::Path> {
        self.autosaver.own_file()
    }

    // ----- intents -----

    /// One key press.
    pub fn key(&mut self, key: Key) {
        self.key_at(key, Instant::now());
    }

    pub fn key_at(&mut self, key: Key, now: Instant) {
        self.square_clicked = None;
        self.choice_clicked = None;
        // (A turn keeps the ghost where the click put it: a click, a right click, a click.)
        if key != Key::Char('r') {
            self.ghost_clicked = None;
        }
        let tens = self.first_digit.take();
        // Only the key straight after a taken row's number sees it (a hint, an undo or a popup
        // between forgets it).
        let taken_row = std::mem::take(&mut self.taken_row);
        // The prompt for a second digit is of that digit only.
        if tens.is_some() && !matches!(key, Key::Char('0'..='9')) {
            self.message.clear();
        }
        if key == Key::Ctrl('c') {
            self.quit = true;
            return;
        }
        // The quit dialog says what the autosave kept before it stopped only while its file
        // still holds it (another program may have taken the file): looked at once, as it opens.
        if key == Key::Char('q')
            && self.overlay.is_none()
            && let Some((path, written)) = &self.autosaved
            && !still_holds(path, written)
        {
            self.autosaved = None;
        }
        if key == Key::Char('q')
            && self.overlay.is_none()
            && let Some((path, written)) = &self.loaded
            && !still_holds(path, written)
        {
            self.loaded = None;
        }
        // Nothing on screen to act on but the size needed: only quitting (q, then y) works.
        if self.overlay != Some(Overlay::ConfirmQuit) && self.screen_too_small() {
            if key == Key::Char('q') {
                self.open_quit_dialog();
                // (The popup it covers, the moves following the newest, is closed.)
                self.popup_scroll = 0;
            } else {
                self.small_key = true;
            }
            return;
        }
        self.small_key = false;
        self.say_again_what_was_said();
        match self.overlay {
            // ↑↓ (a line), PageUp/PageDown (a page) and Home/End scroll a popup taller than the
            // screen (the view keeps it in range); any other key closes it.
            Some(Overlay::Help | Overlay::Analysis | Overlay::Moves) => {
                // The analysis names each mistake with a key: it shows that move on the board.
                if self.overlay == Some(Overlay::Analysis)
                    && let Key::Char(c) = key
                    && let Some(k) = analysis::mistake_of_key(c)
                    && self.analysis.as_ref().and_then(|j| j.mistake(k)).is_some()
                {
                    // (Where the box was scrolled is kept for the way back.)
                    return self.watch_mistake(k, now);
                }
                let most = self
                    .screen
                    .map_or(0, |s| (s.measure.popup_max_scroll)(self, s.width, s.height));
                // A page: the rows of the box's window on its lines (the screen less the box's
                // borders and its note's row), as the view draws a box taller than the screen.
                let page = self
                    .screen
                    .map_or(1, |s| usize::from(s.height.saturating_sub(3)).max(1));
                match key {
                    Key::Up => self.popup_scroll = self.popup_scroll.min(most).saturating_sub(1),
                    Key::PageUp => {
                        self.popup_scroll = self.popup_scroll.min(most).saturating_sub(page);
                    }
                    Key::Home => self.popup_scroll = 0,
                    Key::Down | Key::PageDown | Key::End => {
                        let by = match key {
                            Key::PageDown => page,
                            Key::End => most,
                            _ => 1,
                        };
                        let next = self.popup_scroll.min(most).saturating_add(by).min(most);
                        // The moves scrolled to their end follow the newest again.
                        self.popup_scroll = if next >= most && self.overlay == Some(Overlay::Moves)
                        {
                            FOLLOW_NEWEST
                        } else {
                            next
                        };
                    }
                    _ => {
                        self.overlay = None;
                        self.popup_scroll = 0;
                    }
                }
                return;
            }
            Some(Overlay::ConfirmQuit) => {
                match key {
                    // Not Enter: the key of every step would quit by habit.
                    Key::Char('y' | 'Y' | 'q') => {
                        // The resume offer left by its quit dialog (a terminal too small for
                        // the offer, where only q works): said on the way out, as its Quit
                        // button says it.
                        if self.mode == Mode::Resume
                            && let Some(offer) = &self.offer
                            && offer.found.is_ok()
                        {
                            self.left_offered = Some((offer.path.clone(), offer.is_main()));
                        }
                        self.quit = true;
                    }
                    // The dialog offers it where nothing else keeps the game (no autosave):
                    // saved, it quits (as a quit dialog's save does); not saved, it stays, and
                    // the status line says why.
                    Key::Char('s') if self.quit_offers_save() => {
                        self.overlay = None;
                        self.save();
                        self.quit = self.message.starts_with(SAVED);
                    }
                    _ => self.overlay = None,
                }
                return;
            }
            None => {}
        }
        if self.mode == Mode::Resume {
            self.offer_key(key, now);
            return;
        }
        if self.mode == Mode::Setup {
            self.setup_key(key, now);
            return;
        }
        if self.mode == Mode::Replay {
            match key {
                Key::Char('?') => self.overlay = Some(Overlay::Help),
                Key::Char('m') => self.show_moves(),
                Key::Char('+' | '=') => self.change_pace(1),
                Key::Char('-' | '_') => self.change_pace(-1),
                _ => self.replay_key(key, now),
            }
            return;
        }
        match key {
            Key::Char('?') => return self.overlay = Some(Overlay::Help),
            Key::Char('m') => return self.show_moves(),
            // Esc closes overlays elsewhere: here only q quits, so the scores are not lost by it.
            // A watched game's scores: back to the setup screen it was opened from.
            Key::Char('q') | Key::Esc if self.mode == Mode::GameOver && self.watched.is_some() => {
                return self.back_from_watched(now);
            }
            Key::Char('u' | 's' | 'H') if self.watched.is_some() => {
                return self.message = WATCHED_ONLY.into();
            }
            // Between the games of a match nothing else keeps (no autosave, not saved): asked,
            // as in a game, with `s` to save it first.
            Key::Char('q')
                if self.mode == Mode::GameOver
                    && self.session.as_ref().is_some_and(|s| !s.is_over())
                    && self.quit_offers_save() =>
            {
                return self.open_quit_dialog();
            }
            Key::Char('q') if self.mode == Mode::GameOver => return self.quit = true,
            Key::Char('a') if self.mode == Mode::GameOver => return self.analyse_game(),
            Key::Char('q') => return self.open_quit_dialog(),
            Key::Char('u') => return self.undo(now),
            Key::Char('s') => return self.save(),
            Key::Char('H') => return self.ask_hint(now),
            Key::Char('+' | '=') => return self.change_pace(1),
            Key::Char('-' | '_') => return self.change_pace(-1),
            _ => {}
        }
        // A key that acts, pressed as the decision passed to this person: for the move before.
        if matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
            && matches!(key, Key::Enter | Key::Char(' ' | 'd' | 'p' | '0'..='9'))
            && self.handover_until.is_some_and(|t| now < t)
        {
            let seat = self.game().and_then(|g| g.to_act()).map(|s| s.index());
            let skipped = seat.and_then(|p| self.skipped_into(self.action_count(), p));
            return self.message = match (skipped, seat) {
                (Some(steps), _) => format!("{steps}: look, then press again."),
                (None, Some(p)) => format!("{} to play now: look, then press again.", self.name(p)),
                (None, None) => "Look, then press again.".to_string(),
            };
        }
        // Esc closes the hint's panel (or gives up the hint being weighed) before anything
        // else: in a step it would skip the step, the choice the player was weighing lost.
        if key == Key::Esc
            && matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
            && (!self.hints.is_empty() || self.thinking_on_hint())
        {
            return self.close_hint();
        }
        // A key of another step says what it is for, rather than nothing.
        if let Some(why) = self.key_of_another_step(key) {
            self.key_word = Some(why.clone());
            return self.message = why;
        }
        match self.mode {
            Mode::Claim => self.claim_key(key, tens, taken_row, now),
            Mode::Place => self.place_key(key, now),
            Mode::Step => self.step_key(key, tens, now),
            Mode::GameOver => self.game_over_key(key, now),
            Mode::BotThinking => self.key_while_a_bot_thinks(key),
            Mode::Setup | Mode::Resume | Mode::Replay => {}
        }
        self.hint_follows_selection();
    }

    /// The move Enter plays now: the claim or step choice under the cursor, the ghost's
    /// placement, or the discard when nothing fits.
    fn selected(&self) -> Option<Action> {
        match self.mode {
            Mode::Claim => self.claims().get(self.choice).copied(),
            Mode::Step => self.step_actions().get(self.choice).copied(),
            Mode::Place if self.must_discard() => Some(Action::Discard),
            Mode::Place => Some(Action::Place {
                placement: self.ghost,
            }),
            _ => None,
        }
    }

    /// The status line says "Enter to accept" only while Enter would play the hint: moving off
    /// it says so, moving back says the hint again (the panel keeps listing its moves).
    fn hint_follows_selection(&mut self) {
        let Some(hint) = self.hint else {
            return;
        };
        let on = self.hint_at_hand(hint);
        if on && self.message == OFF_HINT {
            self.message = self.hint_message(hint);
        } else if !on && is_hint_message(&self.message) {
            self.message = OFF_HINT.into();
        }
    }

    /// Whether the hint's move is one key away: Enter plays it (the selection), or it is a
    /// discard of a domino that fits (`discard = "any-time"`, a house rule), which `d` plays
    /// wherever the ghost stands.
    fn hint_at_hand(&self, hint: Action) -> bool {
        self.selected() == Some(hint) || self.discard_hint(hint)
    }

    /// Whether `hint` is the discard of a domino that fits, played by `d` (not Enter, which
    /// places the ghost).
    fn discard_hint(&self, hint: Action) -> bool {
        hint == Action::Discard && self.mode == Mode::Place && self.may_discard_fitting()
    }

    fn hint_message(&self, hint: Action) -> String {
        // The move in the imperative (`place 2 at 1,0→`), whoever is to play it (at a table of
        // several people too).
        let text = self
            .game()
            .map(|g| describe(g, hint, "You"))
            .unwrap_or_default();
        // (A module's action reads `You: Lake Tower ...`, the core's `You place ...`.)
        let text = text
            .strip_prefix("You: ")
            .or_else(|| text.strip_prefix("You "))
            .unwrap_or(&text);
        // A step's pass as the hint panel and the step's list say it.
        let text = if text == "pass" {
            "skip this step"
        } else {
            text
        };
        // A discard of a domino that fits is `d`'s (Enter places the ghost).
        let key = if self.discard_hint(hint) {
            "d"
        } else {
            "Enter"
        };
        // Past the best, which of the hint's moves this is (`H` goes through them).
        match self.hints.iter().position(|c| c.action == hint) {
            Some(i) if i > 0 => format!(
                "Hint {} of {}: {text}. {key} to accept, H the next.",
                i + 1,
                self.hints.len()
            ),
            _ => format!("Hint: {text}. {key} to accept."),
        }
    }

    /// What a key of the footer of another step says here, where it does nothing (`r` in a
    /// claim): which step it is for and what this one asks.
    fn key_of_another_step(&self, key: Key) -> Option<String> {
        // Short, so it stays on the status line of 80 columns (a longer one takes the keys').
        let now = match self.mode {
            Mode::Claim => "now claim a domino",
            Mode::Step => "now choose, or p to skip",
            Mode::Place if self.must_discard() => "this one fits nowhere: d discards it",
            Mode::Place => "now place the domino",
            _ => return None,
        };
        let what = match (self.mode, key) {
            (Mode::Claim | Mode::Step, Key::Char('r' | 'R')) => "r turns a domino you place",
            (Mode::Claim | Mode::Step, Key::Char('d'))
                if self.game().is_some_and(|g| g.discards_any_time()) =>
            {
                "d discards the domino you place"
            }
            (Mode::Claim | Mode::Step, Key::Char('d')) => "d discards a domino that fits nowhere",
            (Mode::Claim | Mode::Place, Key::Char('p')) => "p skips an optional step, none now",
            _ => return None,
        };
        Some(format!("{what}; {now}."))
    }

    /// The row a digit typed names in a list of `rows` rows numbered from 1, with `tens` the
    /// digit typed before it (if the two make a row's number): [`Numbered::Wait`] where the
    /// digit may begin a longer number (`1` of 16 rows), so the next digit is awaited.
    fn numbered(&mut self, c: char, tens: Option<usize>, rows: usize) -> Numbered {
        let d = c.to_digit(10).map_or(0, |d| d as usize);
        if let Some(t) = tens {
            // The second digit of a number: its row, or none (`1 9` of 12 rows is not row 9).
            let both = t * 10 + d;
            return if (1..=rows).contains(&both) {
                Numbered::Now(both - 1)
            } else {
                Numbered::Beyond
            };
        }
        if d == 0 || d > rows {
            return Numbered::Beyond;
        }
        if d * 10 <= rows {
            self.first_digit = Some(d);
            return Numbered::Wait(d - 1);
        }
        Numbered::Now(d - 1)
    }

    /// The cursor moved off the domino a row's number chose: the line saying what Enter claims
    /// (`Row 2: 17 is taken; Enter claims 28, ...`, `Row 3: 34; Enter claims it.`) goes.
    fn forget_what_enter_claims(&mut self) {
        if self.message.contains("Enter claims ") {
            self.message.clear();
        }
    }

    fn claim_key(&mut self, key: Key, tens: Option<usize>, taken_before: bool, now: Instant) {
        let claims = self.claims();
        let n = claims.len();
        if n == 0 {
            return;
        }
        match key {
            Key::Left | Key::Up | Key::Char('h' | 'k') | Key::BackTab => {
                self.choice = (self.choice + n - 1) % n;
                self.forget_what_enter_claims();
            }
            Key::Right | Key::Down | Key::Char('l' | 'j') | Key::Tab => {
                self.choice = (self.choice + 1) % n;
                self.forget_what_enter_claims();
            }
            // Choose the Nth row of the line, as it is drawn (taken rows included); in a line
            // of ten rows or more, `1` waits for a second digit (`12`) and Enter claims row 1.
            Key::Char(c @ '0'..='9') => {
                let Some(rows) = self.game().map(|g| g.next_line().len()) else {
                    return;
                };
                let (row, wait) = match self.numbered(c, tens, rows) {
                    Numbered::Now(row) => (row, false),
                    Numbered::Wait(row) => (row, true),
                    Numbered::Beyond => {
                        self.message = format!("The line has {rows} dominoes.");
                        return;
                    }
                };
                let Some(game) = self.game() else {
                    return;
                };
                let Some(slot) = game.next_line().get(row) else {
                    return;
                };
                let (domino, taken) = (slot.domino, slot.king.is_some());
                let label = game.label(domino);
                let i = claims.iter().position(|a| *a == Action::Claim { domino });
                if wait {
                    let enter = match i {
                        Some(i) => {
                            self.choice = i;
                            format!("Enter claims {label}")
                        }
                        // Row 1 taken: Enter claims what the cursor is on, said.
                        None => match claims.get(self.choice) {
                            Some(Action::Claim { domino }) => {
                                format!("{label} is taken, Enter claims {}", game.label(*domino))
                            }
                            _ => format!("{label} is taken"),
                        },
                    };
                    self.message = format!(
                        "{}: a second digit chooses row {}; {enter}.",
                        row + 1,
                        rows_from_digit(row + 1, rows)
                    );
                    return;
                }
                // The row is chosen, not claimed: the line shows dominoes' numbers, not rows',
                // so a domino's number typed (`3 9` for 39) must not claim row 3 unseen.
                match i {
                    Some(i) => {
                        self.choice = i;
                        self.message = format!("Row {}: {label}; Enter claims it.", row + 1);
                    }
                    None if taken => {
                        self.message = match claims.get(self.choice) {
                            Some(Action::Claim { domino }) => format!(
                                "Row {}: {label} is taken; Enter claims {}, or choose another row.",
                                row + 1,
                                game.label(*domino)
                            ),
                            _ => format!("Row {}: {label} is taken.", row + 1),
                        };
                        self.taken_row = true;
                    }
                    None => {}
                }
            }
            // Just after a taken row's digit: said again, nothing claimed (the next Enter
            // claims).
            Key::Enter | Key::Char(' ') if taken_before => {
                if let (Some(Action::Claim { domino }), Some(game)) =
                    (claims.get(self.choice), self.game())
                {
                    self.message = format!(
                        "That row is taken: nothing claimed. Enter claims {}, or choose another row.",
                        game.label(*domino)
                    );
                }
            }
            Key::Enter | Key::Char(' ') => {
                if let Some(&a) = claims.get(self.choice) {
                    self.play(a, true, now);
                }
            }
            other => self.say_no_key(other),
        }
    }

    fn place_key(&mut self, key: Key, now: Instant) {
        let Some(game) = self.game() else {
            return;
        };
        let Some(player) = game.to_act() else {
            return;
        };
        let f = place::frame(game.kingdom(game.side_of(player)));
        let must_discard = self.must_discard();
        let placements = place::spots(game);
        let same_spot = |p: Placement| place::same_spot(game, p);
        let mut note = None;
        match key {
            Key::Left | Key::Char('h') => self.ghost = place::moved(self.ghost, -1, 0, f),
            Key::Right | Key::Char('l') => self.ghost = place::moved(self.ghost, 1, 0, f),
            Key::Up | Key::Char('k') => self.ghost = place::moved(self.ghost, 0, -1, f),
            Key::Down | Key::Char('j') => self.ghost = place::moved(self.ghost, 0, 1, f),
            Key::Char('r' | 'R') => {
                let turned = place::rotated(self.ghost, f);
                // At the frame's edge the turn would leave it: the whole domino steps in, its
                // first square too (said: it had seemed to move by itself).
                if turned.first != self.ghost.first {
                    note = Some(TURNED_IN);
                }
                self.ghost = turned;
            }
            Key::Tab | Key::BackTab if !placements.is_empty() => {
                let n = placements.len();
                let at = placements.iter().position(|p| *p == same_spot(self.ghost));
                let next = match (at, key) {
                    (Some(i), Key::Tab) => (i + 1) % n,
                    (Some(i), _) => (i + n - 1) % n,
                    (None, _) => 0,
                };
                if n == 1 {
                    note = Some(ONLY_SPOT);
                }
                self.ghost = placements[next];
            }
            // No legal spot to jump to: it fits nowhere (said below).
            Key::Tab | Key::BackTab if must_discard => {}
            Key::Char('d') | Key::Enter | Key::Char(' ') if must_discard => {
                return self.play(Action::Discard, true, now);
            }
            // The house rule's discard of a domino that fits (undone with u, as any move).
            Key::Char('d') if self.may_discard_fitting() => {
                return self.play(Action::Discard, true, now);
            }
            Key::Char('d') => {
                self.message = FITS_SOMEWHERE.into();
                return;
            }
            Key::Enter | Key::Char(' ') => {
                if self.ghost_is_legal() {
                    return self.play(
                        Action::Place {
                            placement: self.ghost,
                        },
                        true,
                        now,
                    );
                }
                self.message = format!(
                    "{CANNOT_PLACE}{}.",
                    self.illegal.as_deref().unwrap_or("not a legal spot")
                );
                return;
            }
            other => return self.say_no_key(other),
        }
        self.ghost_moved();
        self.update_illegal();
        if let Some(note) = note {
            self.message = note.into();
        }
        // A domino that fits nowhere fits nowhere turned or moved either: said, where the
        // status line would go blank.
        if must_discard
            && matches!(
                key,
                Key::Char('r' | 'R' | 'h' | 'j' | 'k' | 'l')
                    | Key::Left
                    | Key::Right
                    | Key::Up
                    | Key::Down
                    | Key::Tab
                    | Key::BackTab
            )
        {
            self.message = FITS_NOWHERE.into();
        }
    }

    fn game_over_key(&mut self, key: Key, now: Instant) {
        // ↑↓ scroll the columns through every line of the breakdowns.
        // (As far as the view says the columns scroll at the terminal's size: past it, ↑ would
        // seem to do nothing. Before a size is told, as far as the longest breakdown.)
        let most = match self.screen {
            Some(s) => (s.measure.score_max_scroll)(self, s.width, s.height),
            None => self.game().map_or(0, |g| {
                g.outcome()
                    .scores
                    .values()
                    .map(|s| s.territories.len() + s.bonuses.len())
                    .max()
                    .unwrap_or(0)
            }),
        };
        // Said before what the end said (where the game was kept), which stays.
        const ALL_SHOWN: &str = "Every line of the scores is shown: nothing more to show.";
        // PgUp/PgDn a few lines at a time, Home/End to either end (a Queendomino column at
        // 80x24 has some 27 lines, five in view).
        let step = match key {
            Key::PageUp | Key::PageDown => SCORE_PAGE,
            Key::Home | Key::End => most.max(1),
            _ => 1,
        };
        if matches!(key, Key::Up | Key::Char('k') | Key::PageUp | Key::Home) {
            self.score_scroll = self.score_scroll.min(most).saturating_sub(step);
            if let Some(rest) = self.message.strip_prefix(SCORES_AT_END) {
                self.message = rest.trim_start().to_string();
            }
            return;
        }
        if matches!(key, Key::Down | Key::Char('j') | Key::PageDown | Key::End) {
            let said = match most {
                0 => Some(ALL_SHOWN),
                m if self.score_scroll >= m => Some(SCORES_AT_END),
                _ => None,
            };
            if let Some(said) = said
                && !self.message.starts_with(said)
            {
                self.message = format!("{said} {}", self.message).trim_end().to_string();
            }
            self.score_scroll = (self.score_scroll + step).min(most);
            return;
        }
        if !matches!(key, Key::Enter | Key::Char('n' | 'p')) {
            // As in the game (`z` had said nothing, the line keeping its old words).
            return self.say_no_key(key);
        }
        if self.watched.is_some() {
            return self.message = WATCHED_ONLY.into();
        }
        // An Enter pressed through the last turns would skip the score screen: it waits a moment.
        if self
            .over_at
            .is_some_and(|t| now.saturating_duration_since(t) < SCORE_SCREEN_PAUSE)
        {
            // Said before what the end said (where the game was kept), which stays.
            const PAUSE: &str = "The game is over: read the scores, then Enter plays on.";
            if !self.message.starts_with(PAUSE) {
                self.message = format!("{PAUSE} {}", self.message).trim_end().to_string();
            }
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if session.next_game() {
            self.undo.clear();
            self.decision_at = None;
            self.log.push_back(
                format!(
                    "Game {} of {} begins.",
                    session.game_index() + 1,
                    session.match_games()
                )
                .into(),
            );
            self.message = "Next game of the match.".into();
            self.analysis = None;
            // The autosave holds the match as it stands: quitting before the game's first move
            // says where it is, and resuming starts this game.
            self.autosave();
            self.refresh(now);
            return;
        }
        let ruleset = session.ruleset().clone();
        let seats = self.seats.clone();
        if let Err(e) = self.start(ruleset, seats) {
            self.message = e;
        }
    }

    /// Back to the last human decision. At a table of several people only one's own: once
    /// another person has decided, the moves before it are theirs to keep (a player could
    /// otherwise take back a rival's move with one key).
    pub fn undo(&mut self, now: Instant) {
        if let Some((acting, other)) = self.undo_blocked_by() {
            self.message = format!(
                "It is {acting}'s turn: {other}'s move stands (undo is for your own moves)."
            );
            return;
        }
        // The session as it was at that decision, replayed to there.
        let back = self
            .undo
            .pop()
            .and_then(|p| Some((undo::rewound(self.session.as_ref()?, p.at)?, p)));
        match back {
            Some((s, point)) => {
                // The move taken back: the cursor goes back onto it (it had gone to the first
                // choice, the move picked out of sight).
                let taken_back = self
                    .session
                    .as_ref()
                    .and_then(|old| old.actions().last()?.get(point.at).copied());
                let log = point.log.unwrap_or_else(|| undo::log_of(&s, &self.seats));
                self.session = Some(s);
                self.pending = None;
                self.decision_at = None;
                // The log as it was at that decision: the moves taken back leave it.
                self.log = log;
                // An analysis of the game left (from its score screen) is of a game no more.
                self.analysis = None;
                self.skipped = None;
                self.news_note = None;
                // Whose decision it is again: at a hot-seat table another person's.
                let whose = match self
                    .game()
                    .and_then(Game::to_act)
                    .map(|p| self.name(p.index()))
                {
                    Some(name) if name != "You" => format!("{name}'s"),
                    _ => "your".to_string(),
                };
                self.message = format!("{UNDONE} back to {whose} last decision.");
                self.autosave();
                self.refresh(now);
                if let Some(action) = taken_back
                    && matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
                {
                    self.cursor_on(action);
                }
            }
            // A match's finished games stand: undo goes back within the game being played.
            None if self.session.as_ref().is_some_and(|s| s.game_index() > 0) => {
                self.message =
                    "Nothing to undo in this game (the match's finished games stand).".into();
            }
            None => self.message = "Nothing to undo.".into(),
        }
    }

    /// At a table of several people, the person to play and the other person whose decision
    /// the undo would take back: the last decision kept is not the acting person's (a bot
    /// acting, or the game over: whoever decided last is still at the keys). `None` where undo
    /// may go on.
    fn undo_blocked_by(&self) -> Option<(String, String)> {
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        if people < 2 {
            return None;
        }
        let acting = self.game().and_then(Game::to_act)?;
        if !self.seats.get(acting.index()).is_some_and(Seat::is_human) {
            return None;
        }
        let decided = self.undo.last()?.decided?;
        (decided != acting).then(|| (self.name(acting.index()), self.name(decided.index())))
    }

    fn save(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        self.message = match &self.config.save_dir {
            None => format!("Saving is off: {NO_DATA_DIR}."),
            Some(dir) => {
                let save = session.to_save();
                // Saved again, the same game further on: into the file it was saved in, while
                // that file holds what was written there (not a second file per press).
                let again = self.saved.as_ref().and_then(|(path, written)| {
                    (save.continues(written) && still_holds(path, written)).then(|| path.clone())
                });
                let written = match &again {
                    Some(path) => crownlands_saves::write_save(path, &save).map(|()| path.clone()),
                    None => crownlands_saves::save_into_dir(dir, &save),
                };
                match written {
                    // The file's name first: a narrow status line cuts the folder, not the name.
                    Ok(path) => {
                        let said = format!(
                            "{SAVED}{}{} in {}",
                            file_name(&path),
                            if again.is_some() { " again" } else { "" },
                            replay::printable(&dir.display().to_string())
                        );
                        self.saved = Some((path, save));
                        said
                    }
                    Err(e) => format!("Could not save: {e}"),
                }
            }
        };
        // Said again while the bots move, with their news, until the person's own move.
        self.saved_said = self
            .message
            .starts_with(SAVED)
            .then(|| self.message.clone());
    }

    /// Whether the score screen is a saved game's, watched from the setup screen (opened for its
    /// analysis): `q` goes back there, nothing is played.
    pub fn watching_saved_scores(&self) -> bool {
        self.watched.is_some()
    }

    /// From a watched saved game's scores back to the setup screen it was opened from.
    fn back_from_watched(&mut self, now: Instant) {
        if let Some(setup) = self.watched.take() {
            self.analysis = None;
            self.back_to_setup(setup, now);
        }
    }

    /// From watching a saved game (or its scores) back to the setup screen it was opened from.
    pub(super) fn back_to_setup(&mut self, setup: Box<Setup>, now: Instant) {
        self.session = None;
        self.seats.clear();
        self.log.clear();
        self.go_on(Next::Setup(setup), "", now);
    }

    /// The game was loaded from `path` in the saves folder, which holds `save`: saved again, or
    /// finished, it goes back into that file (while the file still holds `save`), as a game
    /// saved with `s` in this program does.
    pub fn loaded_from_saves(&mut self, path: std::path::PathBuf, save: crownlands_saves::Save) {
        self.saved = Some((path, save));
    }

    /// A game resumed from the autosave finds its own files among the saves folder's newest: the
    /// file it was saved in with `s` (the game went on from it), so saved again or finished it
    /// goes back there; and the file it was kept in finished before moves were taken back on
    /// its score screen (it goes on to that game), so ended again it is kept there again. (A
    /// program that played it knew both; one resuming it had written second files beside them.)
    fn find_own_files(&mut self) {
        let (Some(dir), Some(session)) = (&self.config.save_dir, &self.session) else {
            return;
        };
        let now = session.to_save();
        let mut saved: Option<(PathBuf, crownlands_saves::Save)> = None;
        let mut kept: Option<(PathBuf, crownlands_saves::Save)> = None;
        for (path, file) in autosave::recent_save_files(dir) {
            // The newest of those holding the most moves (the last save of this game).
            if now.continues(&file) && saved.as_ref().is_none_or(|(_, s)| file.moves() > s.moves())
            {
                saved = Some((path, file));
            } else if !file.is_unfinished() && file.continues(&now) && kept.is_none() {
                kept = Some((path, file));
            }
        }
        self.saved = saved;
        self.kept = kept.map(|(path, file)| (Some(path), file));
    }

    /// The file of the saves folder the game was saved in (with `s`, or loaded from there), and
    /// how many moves were played since (0: it holds the game as it stands), for the quit
    /// dialog to say so; `None` where no such file holds the game (or moves were taken back
    /// from before it).
    pub fn saved_in(&self) -> Option<(String, usize)> {
        self.kept_in(self.saved.as_ref())
            .map(|(path, since)| (file_name(path), since))
    }

    /// Where the game stands kept when the autosave stopped (`autosave.json` as last written),
    /// and how many moves were played since: `None` with the autosave on, or where the game no
    /// longer continues what it wrote (moves taken back, another game).
    pub fn autosaved_in(&self) -> Option<(String, usize)> {
        self.kept_in(self.autosaved.as_ref())
            .map(|(path, since)| (file_name(path), since))
    }

    /// `kept`'s file and the moves played since it was written, where the game goes on from it.
    fn kept_in<'a>(
        &self,
        kept: Option<&'a (PathBuf, crownlands_saves::Save)>,
    ) -> Option<(&'a std::path::Path, usize)> {
        let (path, written) = kept?;
        let now = self.session.as_ref()?.to_save();
        if !now.continues(written) {
            return None;
        }
        Some((path, now.moves().saturating_sub(written.moves())))
    }

    /// Show every move the log keeps, scrolled to the newest, and following the moves played
    /// while it is open (bots play on) until ↑ scrolls back.
    fn show_moves(&mut self) {
        self.overlay = Some(Overlay::Moves);
        self.popup_scroll = FOLLOW_NEWEST;
    }

    fn ask_hint(&mut self, now: Instant) {
        if !matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step) {
            // Of that key only, on the score screen: the next key brings back where the game
            // was kept (it stayed said through every key after, `↓` adding to it).
            if self.mode == Mode::GameOver {
                self.say_instead(NO_HINT_AT_THE_END.into());
            } else {
                self.message = "Hints are for your own turn.".into();
            }
            return;
        }
        if self.pending.is_some() {
            return;
        }
        // A hint shown for this decision: `H` again puts the ghost (the cursor) on its next move,
        // so that the second and third, named by squares the board does not number, are seen;
        // with the cursor moved off the hints' moves, on the best again (not on the one after
        // the hint shown last, which the player no longer sees).
        if let Some(hint) = self.hint
            && !self.hints.is_empty()
        {
            // (A discard hint leaves the ghost where it was: it is the move at hand still.)
            let selected = if self.discard_hint(hint) {
                Some(hint)
            } else {
                self.selected()
            };
            let next = match self.hints.iter().position(|c| Some(c.action) == selected) {
                Some(i) => (i + 1) % self.hints.len(),
                None => 0,
            };
            let next = self.hints[next].action;
            return self.show_hint(next);
        }
        let Some(game) = self.game().cloned() else {
            return;
        };
        // The analyst of the score screen's analysis, with the seed it gives this decision: the
        // hint's best move is the one the analysis will weigh the move played against.
        let analyst = Analyst {
            shortlist: HINTS,
            ..self.config.analyst
        };
        let at = self.action_count();
        let so_far = self
            .session()
            .map(|s| MatchSoFar::of(s.played()))
            .unwrap_or_default();
        self.pending = Some(Pending::start_hint(
            analyst,
            decision_seed(DEFAULT_SEED, at),
            game,
            so_far,
            at,
            now,
        ));
        self.message = "Weighing the best moves for a hint...".into();
    }

    /// Put the cursor (or the ghost) on `action`, where it is among the choices: a hint's move,
    /// a move taken back. A first digit typed before is of another row.
    fn cursor_on(&mut self, action: Action) {
        self.first_digit = None;
        match action {
            Action::Place { placement } => {
                self.ghost = placement;
                self.update_illegal();
            }
            Action::Claim { .. } => {
                if let Some(i) = self.claims().iter().position(|a| *a == action) {
                    self.choice = i;
                }
            }
            _ => {
                let actions = self.step_actions();
                // (The cursor alone: an undo or a hint says its own words.)
                if let Some(i) = actions.iter().position(|a| *a == action) {
                    self.choose_step(actions.len(), i);
                }
            }
        }
    }

    /// Esc on a hint: its panel closed (the hint being weighed given up), the cursor left
    /// where it is.
    fn close_hint(&mut self) {
        if self.thinking_on_hint() {
            self.pending = None;
        }
        self.hint = None;
        self.hints.clear();
        // A first digit typed before waits no more (`1` then Esc, then `2`: row 2, not 12).
        self.first_digit = None;
        self.message = if self.mode == Mode::Step {
            "Hint closed: H weighs the moves again; Esc again skips the step.".into()
        } else {
            "Hint closed: H weighs the moves again.".into()
        };
    }

    fn show_hint(&mut self, action: Action) {
        self.hint = Some(action);
        self.cursor_on(action);
        // "Enter to accept" only where Enter plays it (a move not among the choices shown
        // would leave the cursor where it was).
        self.message = if self.hint_at_hand(action) {
            self.hint_message(action)
        } else {
            OFF_HINT.into()
        };
    }

    /// `+` makes the bots faster (a shorter wait after each of their moves), `-` slower: read
    /// as a pace, `+` had lengthened the wait, against what a player expects of `+`.
    fn change_pace(&mut self, faster: i32) {
        let ms = self.config.pace.as_millis() as u64;
        let ms = if faster > 0 {
            ms.saturating_sub(PACE_STEP_MS)
        } else {
            (ms + PACE_STEP_MS).min(PACE_MAX_MS)
        };
        self.config.pace = Duration::from_millis(ms);
        // Kept for the next start (beside the saves).
        if let Some(dir) = self
            .config
            .save_dir
            .as_deref()
            .and_then(std::path::Path::parent)
        {
            bot_pace::write(dir, ms);
        }
        self.tell_pace();
    }

    /// Say the bots' pace and how to change it (a click on the words `bot speed`, and after
    /// `+` or `-`), changing nothing.
    pub fn tell_pace(&mut self) {
        self.message = format!(
            "Bots wait {:.1} s after a move (+ faster, - slower).",
            self.config.pace.as_secs_f64()
        );
    }

    /// A mouse click on a kingdom cell (place mode: move the ghost there, or place when it is
    /// there already), a claimable domino, or a step's choice.
    pub fn click_cell(&mut self, cell: Cell, now: Instant) {
        self.first_digit = None;
        if self.mode == Mode::Step {
            return self.click_step_cell(cell, now);
        }
        if self.mode != Mode::Place {
            return;
        }
        let Some(game) = self.game() else {
            return;
        };
        let Some(player) = game.to_act() else {
            return;
        };
        let f = place::frame(game.kingdom(game.side_of(player)));
        if self.ghost_clicked == Some(cell) && self.ghost_is_legal() {
            return self.place_key(Key::Enter, now);
        }
        self.ghost_clicked = Some(cell);
        if self.ghost.first == cell {
            // Chosen by the click: the next one there places it.
            return;
        }
        self.ghost = place::clamp(Placement::new(cell, self.ghost.direction), f);
        self.ghost_moved();
        self.update_illegal();
        self.hint_follows_selection();
    }

    /// A click on a key's label (a button): what the key does. A text field being typed in
    /// does not take it: the click leaves the field first.
    pub fn click_key(&mut self, key: Key, now: Instant) {
        if self.overlay.is_none()
            && let Some(setup) = &mut self.setup
            && setup.row == setup::Row::File
            && setup.typing
        {
            setup.focus(setup::Row::Start);
        }
        // A click on "play again" is meant: the score screen's pause is for keys pressed on.
        self.over_at = None;
        self.key_at(key, now);
    }

    /// What a key of no use said is of that key only: the line says again what it said before
    /// (the setup screen keeps its own, `Setup::said_before`).
    fn say_again_what_was_said(&mut self) {
        if let Some(before) = self.said_before.take()
            && of_one_key(&self.message)
        {
            self.message = before;
        }
    }

    /// A click on the `k`th mistake (from 0, counted over every player's) of the analysis
    /// open: that move on the board, as its key shows it (a mistake past the keys' too).
    pub fn click_mistake(&mut self, k: usize, now: Instant) {
        if self.overlay == Some(Overlay::Analysis) {
            // (What a key of no use said goes, as at any key.)
            self.say_again_what_was_said();
            self.watch_mistake(k, now);
        }
    }

    /// The mouse's wheel turned `lines` (up when negative): the open box (help, analysis,
    /// moves) or the score screen's columns scroll as ↑↓ scroll them; elsewhere nothing (the
    /// arrows move a cursor there, which a wheel should not).
    pub fn wheel(&mut self, lines: i32, now: Instant) {
        let scrolls = matches!(
            self.overlay,
            Some(Overlay::Help | Overlay::Analysis | Overlay::Moves)
        ) || (self.overlay.is_none() && self.mode == Mode::GameOver);
        if !scrolls || self.screen_too_small() {
            return;
        }
        let key = if lines < 0 { Key::Up } else { Key::Down };
        for _ in 0..lines.unsigned_abs() {
            self.key_at(key, now);
        }
    }

    /// A click on the `i`th choice of a list (claims or a step's actions): choose it, or confirm
    /// it when it is chosen already.
    pub fn click_choice(&mut self, i: usize, now: Instant) {
        self.first_digit = None;
        let n = match self.mode {
            Mode::Claim => self.claims().len(),
            Mode::Step => self.step_actions().len(),
            _ => return,
        };
        if i >= n {
            return;
        }
        if self.choice == i && self.choice_clicked == Some(i) {
            return self.key_at(Key::Enter, now);
        }
        if matches!(self.mode, Mode::Step) {
            // (What the status line says of the row chosen, as by a key.)
            self.choose_in_step(i);
        } else {
            self.choice = i;
            self.hint_follows_selection();
        }
        self.choice_clicked = Some(i);
    }

    /// Put the cursor on the `i`th of a step's `n` actions, the list's rows shown following it
    /// where the screen's size is known ([`App::list_top`]).
    fn choose_step(&mut self, n: usize, i: usize) {
        let Some(rows) = self
            .screen
            .and_then(|s| (s.measure.step_rows)(self, s.width, s.height))
        else {
            self.choice = i.min(n.saturating_sub(1));
            return;
        };
        let entries = self.step_entries();
        let top = |top: usize, choice: usize| {
            step::list_top(top, step::row_of(&entries, choice), entries.len(), rows)
        };
        // From the rows on the screen (the cursor may have moved otherwise: an undo, a hint).
        let shown = top(self.list_top, self.choice);
        self.choice = i.min(n.saturating_sub(1));
        self.list_top = top(shown, self.choice);
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

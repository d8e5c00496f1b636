//! The setup screen: which ruleset (a shipped one or a file), how many players, who plays each
//! seat.

use super::seats::SeatKind;
use crownlands_bots::Level;
use std::path::PathBuf;

/// A ruleset the setup screen offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// A shipped ruleset's name, or a file's path as the player gave it.
    pub name: String,
    pub description: String,
    /// The player counts it allows (empty when it failed to load).
    pub counts: Vec<u8>,
    /// The file to load (an absolute path), `None` for a shipped ruleset.
    pub path: Option<PathBuf>,
    /// Where players share a kingdom: for each such player count, each seat's team (from 0).
    pub teams: Vec<(u8, Vec<u8>)>,
    /// Where a module gives seats something of their own (a handicap): for each such player
    /// count, what each seat is given, in a few words.
    pub notes: Vec<(u8, Vec<Option<String>>)>,
    /// What `crownlands validate` warns of in it, a line each (control characters escaped).
    pub warnings: Vec<String>,
}

impl Choice {
    /// The team of `seat` (from 0) at `players` players, when players share kingdoms.
    pub fn team_of(&self, players: u8, seat: usize) -> Option<u8> {
        let (_, teams) = self.teams.iter().find(|(n, _)| *n == players)?;
        teams.get(seat).copied()
    }
}

/// The rows of the setup screen, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Ruleset,
    /// A field to type the path of a ruleset file into.
    File,
    Players,
    Seat(usize),
    Start,
    /// A recent saved game, to watch move by move.
    Recent,
}

/// A mouse click on the setup screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupClick {
    /// The `i`th ruleset of the list.
    Ruleset(usize),
    /// A row (Start starts the game).
    Row(Row),
    /// The `‹` (-1) or `›` (+1) of a row.
    Change(Row, i32),
}

/// What each seat can be, in the order left/right cycles through.
pub fn seat_options() -> Vec<SeatKind> {
    let mut v = vec![
        SeatKind::Human,
        SeatKind::Bot(Level::Random),
        SeatKind::Bot(Level::Greedy),
    ];
    if let Ok(l) = "mcts".parse() {
        v.push(SeatKind::Bot(l));
    }
    v
}

/// The setup screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub choices: Vec<Choice>,
    pub ruleset: usize,
    pub players: u8,
    pub seats: Vec<SeatKind>,
    pub row: Row,
    /// The path being typed in the file field.
    pub input: String,
    /// Whether the file field takes the keys typed (opened by `o`, Enter or a click on it; a
    /// row moved onto with ↑↓ or j/k only shows it).
    pub typing: bool,
    /// Why the last file typed did not open (shown until the next try).
    pub error: Option<String>,
    /// The seats' names as typed (empty: the default name).
    pub names: Vec<String>,
    /// Whether the focused seat's name is being typed.
    pub naming: bool,
    /// Recent saved games, newest first, and the one shown.
    pub recent: Vec<super::replay::Recent>,
    pub recent_at: usize,
    /// The table last set for each ruleset left (its index: players, seats, names), so that
    /// coming back to it finds the table as it was (10 seats of an opened file, say).
    kept: Vec<(usize, u8, Vec<SeatKind>, Vec<String>)>,
    /// The choice [`Setup::add`] last listed, until the status line has said it was opened.
    opened: Option<usize>,
    /// The table last started on a ruleset file (`last-table.json`): its path waits in the
    /// file field, and its seats and names are set when that file is opened (the file is not
    /// read before the player asks: a kept path reaches no file by itself).
    pub waiting: Option<(std::path::PathBuf, Vec<SeatKind>, Vec<String>)>,
    /// What the status line said before a key of no use said so (`` `→` does nothing on this
    /// row ``): said again at the next key.
    pub said_before: Option<String>,
}

/// The longest name a seat may have.
pub const NAME_MAX: usize = 16;

/// How many symbols `name` shows (graphemes: an accented letter, a joined emoji is one), as
/// [`NAME_MAX`] counts them.
pub fn symbols(name: &str) -> usize {
    unicode_segmentation::UnicodeSegmentation::graphemes(name, true).count()
}

/// How what is said of a name typed full begins (cleared when the name is left).
pub(crate) const NAME_FULL: &str = "A name is at most";

impl Setup {
    /// A setup offering `choices`, preselecting `preferred` (else `kingdomino`, else the first),
    /// two players: a human and a greedy bot.
    pub fn new(choices: Vec<Choice>, preferred: Option<&str>) -> Setup {
        let pick = preferred
            .and_then(|p| choices.iter().position(|c| c.name == p))
            .or_else(|| choices.iter().position(|c| c.name == "kingdomino"))
            .unwrap_or(0);
        let mut s = Setup {
            choices,
            ruleset: pick,
            players: 2,
            seats: vec![SeatKind::Human, SeatKind::Bot(Level::Greedy)],
            row: Row::Start,
            input: String::new(),
            typing: false,
            error: None,
            names: Vec::new(),
            naming: false,
            said_before: None,
            recent: Vec::new(),
            recent_at: 0,
            kept: Vec::new(),
            opened: None,
            waiting: None,
        };
        s.fit_players();
        s
    }

    pub fn choice(&self) -> Option<&Choice> {
        self.choices.get(self.ruleset)
    }

    /// The rows in order.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Ruleset, Row::File, Row::Players];
        rows.extend((0..self.seats.len()).map(Row::Seat));
        rows.push(Row::Start);
        if !self.recent.is_empty() {
            rows.push(Row::Recent);
        }
        rows
    }

    /// Offer `recent` games to watch.
    /// The recent games, the one chosen before still chosen when it is listed (back from
    /// watching it), else the newest.
    pub fn set_recent(&mut self, recent: Vec<super::replay::Recent>) {
        let chosen = self.recent.get(self.recent_at).map(|r| r.path.clone());
        self.recent = recent;
        self.recent_at = chosen
            .and_then(|p| self.recent.iter().position(|r| r.path == p))
            .unwrap_or(0);
        if self.row == Row::Recent && self.recent.is_empty() {
            self.row = Row::Start;
        }
    }

    pub fn move_row(&mut self, delta: i32) {
        self.typing = false;
        let rows = self.rows();
        let at = rows.iter().position(|r| *r == self.row).unwrap_or(0) as i32;
        let n = rows.len() as i32;
        self.row = rows[((at + delta).rem_euclid(n)) as usize];
    }

    /// The focused seat's player (who plays it and the name) moved `delta` seats on, changing
    /// places with the player there, the focus going along; false off a seat or past the last
    /// one. In a ruleset of teams this is how a table chooses who plays together.
    pub fn move_seat(&mut self, delta: i32) -> bool {
        let Row::Seat(i) = self.row else {
            return false;
        };
        let Some(j) = i
            .checked_add_signed(delta as isize)
            .filter(|&j| j < self.seats.len() && j < self.names.len())
        else {
            return false;
        };
        self.seats.swap(i, j);
        self.names.swap(i, j);
        self.row = Row::Seat(j);
        true
    }

    /// Left or right on the focused row.
    pub fn change(&mut self, delta: i32) {
        match self.row {
            Row::Ruleset => {
                let n = self.choices.len() as i32;
                if n > 0 {
                    let to = ((self.ruleset as i32 + delta).rem_euclid(n)) as usize;
                    self.switch_to(to);
                }
            }
            Row::Players => {
                let counts = self.choice().map(|c| c.counts.clone()).unwrap_or_default();
                if let Some(at) = counts.iter().position(|&c| c == self.players) {
                    let n = counts.len() as i32;
                    self.players = counts[((at as i32 + delta).rem_euclid(n)) as usize];
                    self.fit_seats();
                }
            }
            Row::Seat(i) => {
                let options = seat_options();
                if let Some(seat) = self.seats.get_mut(i) {
                    let at = options.iter().position(|o| o == seat).unwrap_or(0) as i32;
                    let n = options.len() as i32;
                    *seat = options[((at + delta).rem_euclid(n)) as usize].clone();
                }
            }
            Row::Recent => {
                let n = self.recent.len() as i32;
                if n > 0 {
                    self.recent_at = ((self.recent_at as i32 + delta).rem_euclid(n)) as usize;
                }
            }
            Row::File | Row::Start => {}
        }
    }

    /// Offer `choice` and select it (the one already listed when it names the same file or
    /// shipped ruleset). Returns its index.
    pub fn add(&mut self, choice: Choice) -> usize {
        let at = self
            .choices
            .iter()
            .position(|c| c.path == choice.path && (c.path.is_some() || c.name == choice.name));
        let i = match at {
            Some(i) => {
                self.choices[i] = choice;
                i
            }
            None => {
                self.choices.push(choice);
                self.choices.len() - 1
            }
        };
        self.switch_to(i);
        self.opened = Some(i);
        i
    }

    /// Whether the file field holds the path of the last table's ruleset file, still waiting
    /// to be opened ([`Setup::waiting`]).
    pub fn last_file_waiting(&self) -> bool {
        self.waiting
            .as_ref()
            .is_some_and(|(path, ..)| path.to_str() == Some(self.input.as_str()))
    }

    /// The choice just listed by [`Setup::add`], once: for the status line to say it opened.
    pub fn take_opened(&mut self) -> Option<&Choice> {
        let i = self.opened.take()?;
        self.choices.get(i)
    }

    /// Focus the file field and type into it.
    pub fn open_field(&mut self) {
        self.row = Row::File;
        self.typing = true;
    }

    /// Focus `row` (the file field without typing into it).
    pub fn focus(&mut self, row: Row) {
        self.row = row;
        self.typing = false;
    }

    /// Select the ruleset at `i` (a click on the list).
    pub fn select(&mut self, i: usize) {
        if i < self.choices.len() {
            self.switch_to(i);
            self.focus(Row::Ruleset);
        }
    }

    /// Set the table kept from the last start (`last-table.json`): the shipped ruleset `name`,
    /// its seats and names, when the ruleset is among the choices and allows that many seats;
    /// else nothing changes.
    pub fn restore(&mut self, name: &str, seats: Vec<SeatKind>, names: Vec<String>) {
        let Some(at) = self
            .choices
            .iter()
            .position(|c| c.path.is_none() && c.name == name)
        else {
            return;
        };
        self.restore_at(at, seats, names);
    }

    /// [`Setup::restore`] of the ruleset listed at `at` (a file's, opened again).
    pub fn restore_at(&mut self, at: usize, seats: Vec<SeatKind>, names: Vec<String>) {
        if at >= self.choices.len() {
            return;
        }
        let Ok(players) = u8::try_from(seats.len()) else {
            return;
        };
        if !self.choices[at].counts.contains(&players) {
            return;
        }
        self.ruleset = at;
        self.players = players;
        self.seats = seats;
        self.names = names;
        self.fit_seats();
    }

    /// Choose the ruleset at `to`, keeping the table set for the one left and finding the one
    /// set for `to` before, if any (its counts allowing it still).
    fn switch_to(&mut self, to: usize) {
        let from = self.ruleset;
        self.kept.retain(|(i, ..)| *i != from);
        self.kept
            .push((from, self.players, self.seats.clone(), self.names.clone()));
        self.ruleset = to;
        let allowed = self.choice().map(|c| c.counts.clone()).unwrap_or_default();
        match self.kept.iter().find(|(i, ..)| *i == to) {
            Some((_, players, seats, names)) if allowed.contains(players) => {
                self.players = *players;
                self.seats = seats.clone();
                self.names = names.clone();
                self.fit_seats();
            }
            _ => self.fit_players(),
        }
    }

    /// Keep the player count among the chosen ruleset's counts.
    fn fit_players(&mut self) {
        let counts = self.choice().map(|c| c.counts.clone()).unwrap_or_default();
        if !counts.contains(&self.players)
            && let Some(&first) = counts.first()
        {
            self.players = first;
        }
        self.fit_seats();
    }

    /// Type `c` into the focused seat's name (control and invisible characters, which a save
    /// refuses to read back, and overlong names refused: the screen says so), 16 symbols as
    /// seen (graphemes) at most.
    pub fn type_name(&mut self, c: char) {
        if let Row::Seat(i) = self.row
            && let Some(name) = self.names.get_mut(i)
            && !crownlands_core::text::is_unsafe_char(c)
            && !(name.is_empty() && c == ' ')
        {
            // Counted as seen: an accent, an emoji's selector or a joined emoji's next part
            // goes on the symbol before it, never counted apart nor cut from it; and within
            // what a save keeps of a name.
            let longer = format!("{name}{c}");
            let seen = symbols(&longer);
            // (Nor a stack of marks on one letter, which the screen would show escaped.)
            let mut run = 0;
            let stacked = longer
                .chars()
                .any(|ch| crownlands_core::text::stacked(ch, &mut run));
            if stacked {
                // (Left out without a word: a letter carries four marks at most.)
            } else if seen <= NAME_MAX && longer.chars().count() <= crownlands_saves::MAX_NAME_CHARS
            {
                name.push(c);
            } else {
                self.error = Some(format!(
                    "{NAME_FULL} {NAME_MAX} characters: `{name}` is full."
                ));
            }
        }
    }

    /// What was said of a name typed full, said no more (the name left, or no longer full); a
    /// file's problems stay until the next try.
    pub fn clear_name_note(&mut self) {
        if self
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with(NAME_FULL))
        {
            self.error = None;
        }
    }

    /// The name being typed is done (Enter, Esc, or a key that moves away): where letters were
    /// typed past [`NAME_MAX`], what to say of it once the note beside the field is gone (a
    /// playtester's long name, typed and entered at once, was cut with no word seen).
    pub fn end_naming(&mut self) -> Option<String> {
        self.naming = false;
        let full = self
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with(NAME_FULL));
        self.clear_name_note();
        let Row::Seat(i) = self.row else {
            return None;
        };
        let name = self.names.get(i)?.trim();
        full.then(|| {
            format!(
                "{NAME_FULL} {NAME_MAX} characters: seat {} is `{name}`, the rest typed left out.",
                i + 1
            )
        })
    }

    /// Erase the last character of the focused seat's name (a name no longer full).
    pub fn erase_name(&mut self) {
        self.clear_name_note();
        if let Row::Seat(i) = self.row
            && let Some(name) = self.names.get_mut(i)
        {
            name.pop();
        }
    }

    /// One seat per player: new seats are greedy bots.
    fn fit_seats(&mut self) {
        self.seats
            .resize(usize::from(self.players), SeatKind::Bot(Level::Greedy));
        self.names.resize(usize::from(self.players), String::new());
        if let Row::Seat(i) = self.row
            && i >= self.seats.len()
        {
            self.row = Row::Start;
        }
    }
}

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
    /// The player count last chosen (on the players' row, or the last table's): each ruleset
    /// shows it where it allows it, else the count it allows nearest to it.
    wanted: u8,
    /// The seats past the player count, after the last one shown (left off by a ruleset or a
    /// count of fewer players): who plays each and the name, back in their places where the
    /// count grows again.
    aside: Vec<(SeatKind, String)>,
    /// Whether the table was set on this screen: a seat's player or name, the count, a seat
    /// moved. The last table's file, opened, then keeps the table set here rather than its
    /// own seats and names.
    set_here: bool,
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
            wanted: 2,
            aside: Vec::new(),
            set_here: false,
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
        self.set_here = true;
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
                    self.wanted = self.players;
                    self.set_here = true;
                    self.fit_seats();
                }
            }
            Row::Seat(i) => {
                let options = seat_options();
                if let Some(seat) = self.seats.get_mut(i) {
                    let at = options.iter().position(|o| o == seat).unwrap_or(0) as i32;
                    let n = options.len() as i32;
                    *seat = options[((at + delta).rem_euclid(n)) as usize].clone();
                    self.set_here = true;
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
        self.wanted = players;
        self.seats = seats;
        self.names = names;
        self.aside.clear();
        self.fit_seats();
    }

    /// Whether the table was set on this screen (a seat's player or name, the count, a seat
    /// moved): the last table's file, opened, then keeps it.
    pub fn table_set_here(&self) -> bool {
        self.set_here
    }

    /// Choose the ruleset at `to`. The table goes with it, seat by seat: the count last chosen
    /// where `to` allows it, else the nearest it allows (see [`Setup::fit_players`]).
    fn switch_to(&mut self, to: usize) {
        self.ruleset = to;
        self.fit_players();
    }

    /// The player count of the chosen ruleset: the count last chosen ([`Setup::wanted`]) where
    /// it allows it, else the nearest count it allows (of two as near, the larger: no one's
    /// seat left off for a bot's). A ruleset that did not load (no counts) changes nothing.
    fn fit_players(&mut self) {
        let counts = self.choice().map(|c| c.counts.clone()).unwrap_or_default();
        let wanted = i32::from(self.wanted);
        if let Some(&nearest) = counts
            .iter()
            .min_by_key(|&&c| ((i32::from(c) - wanted).abs(), std::cmp::Reverse(c)))
        {
            self.players = nearest;
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
                self.set_here = true;
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
            // (Set here only where a letter went: Backspace on an empty name changes nothing.)
            self.set_here |= name.pop().is_some();
        }
    }

    /// Erase the whole of the focused seat's name (Ctrl-U).
    pub fn clear_name(&mut self) {
        if let Row::Seat(i) = self.row
            && let Some(name) = self.names.get_mut(i)
        {
            self.set_here |= !name.is_empty();
            name.clear();
        }
        // (A name full no more: what was said of it is old.)
        self.clear_name_note();
    }

    /// One seat per player. The seats past the count are set aside, who plays each and the
    /// name, and come back first where the count grows; new seats past them are greedy bots.
    fn fit_seats(&mut self) {
        let n = usize::from(self.players);
        self.names.resize(self.seats.len(), String::new());
        if self.seats.len() > n {
            let left: Vec<(SeatKind, String)> =
                self.seats.drain(n..).zip(self.names.drain(n..)).collect();
            self.aside.splice(0..0, left);
        }
        while self.seats.len() < n {
            let (seat, name) = if self.aside.is_empty() {
                (SeatKind::Bot(Level::Greedy), String::new())
            } else {
                self.aside.remove(0)
            };
            self.seats.push(seat);
            self.names.push(name);
        }
        if let Row::Seat(i) = self.row
            && i >= self.seats.len()
        {
            self.row = Row::Start;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(name: &str, counts: &[u8]) -> Choice {
        Choice {
            name: name.into(),
            description: String::new(),
            counts: counts.to_vec(),
            path: None,
            teams: Vec::new(),
            notes: Vec::new(),
            warnings: Vec::new(),
        }
    }

    #[test]
    fn erasing_an_empty_name_sets_nothing() {
        let mut s = Setup::new(vec![choice("four", &[2, 3, 4])], Some("four"));
        s.row = Row::Seat(0);
        s.erase_name();
        s.clear_name();
        assert!(!s.table_set_here(), "nothing changed");
        s.names[0] = "Ann".into();
        s.erase_name();
        assert!(s.table_set_here(), "a letter went");
    }

    #[test]
    fn each_ruleset_has_the_count_chosen_or_the_nearest_it_allows() {
        let choices = vec![
            choice("four", &[2, 3, 4]),
            choice("duel", &[2]),
            choice("teams", &[6, 8]),
            choice("broken", &[]),
        ];
        let mut s = Setup::new(choices, Some("four"));
        s.row = Row::Players;
        s.change(1);
        s.change(1);
        assert_eq!(s.players, 4);
        s.names[3] = "Dan".into();
        s.select(1);
        assert_eq!((s.players, s.seats.len(), s.names.len()), (2, 2, 2));
        // Teams: 6 is nearest to the 4 chosen; Dan back at seat 4.
        s.select(2);
        assert_eq!(s.players, 6);
        assert_eq!(s.names[3], "Dan");
        // Of two counts as near, the larger: 7 chosen, teams of 8 rather than 6.
        s.wanted = 7;
        s.select(2);
        assert_eq!(s.players, 8);
        // A ruleset that did not load changes nothing; the count chosen comes back after it.
        s.select(3);
        assert_eq!(s.players, 8);
        s.select(0);
        assert_eq!(s.players, 4);
        assert_eq!(s.names[3], "Dan");
        assert!(s.table_set_here(), "the count was chosen here");
    }
}

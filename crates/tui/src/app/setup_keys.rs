//! Keys and clicks on the setup screen, and starting the game it sets up.

use super::setup::{Row, SetupClick};
use super::{App, Overlay, ruleset_file, seats};
use crate::keys::Key;
use std::sync::Arc;
use std::time::Instant;

impl App {
    /// Text pasted into the terminal (bracketed paste): typed into the field that takes text
    /// (a seat's name, the path of a ruleset file), its new lines and tabs as spaces, never
    /// as keys: a pasted `Alice\nqy` names a seat and quits nothing. Anywhere else a paste is
    /// read as no keys at all, and the status line says so.
    pub fn paste(&mut self, text: &str) {
        let typing = self.overlay.is_none()
            && self.setup.as_ref().is_some_and(|s| {
                s.naming && matches!(s.row, Row::Seat(_)) || s.row == Row::File && s.typing
            });
        if !typing {
            self.message = "Pasted text is read only where a name or a file's path is typed \
                            (the setup screen's n and o)."
                .to_string();
            return;
        }
        let Some(setup) = &mut self.setup else {
            return;
        };
        for c in text.chars() {
            let c = if matches!(c, '\n' | '\r' | '\t') {
                ' '
            } else {
                c
            };
            if crownlands_core::text::is_unsafe_char(c) {
                continue;
            }
            if setup.naming {
                setup.type_name(c);
            } else {
                setup.input.push(c);
            }
        }
        if !setup.naming {
            // A path pasted with its line's end (or after one): the spaces around it are not
            // the file's.
            setup.input = setup.input.trim().to_string();
        }
    }

    pub(super) fn setup_key(&mut self, key: Key, now: Instant) {
        let Some(setup) = &mut self.setup else {
            return;
        };
        // What a key of no use said (`` `←` does nothing on this row ``) is of that key only:
        // what the line said before is said again.
        if says_nothing_done(&self.message) {
            self.message = setup.said_before.take().unwrap_or_default();
        }
        // The file field, once opened, takes every character typed into it; Esc leaves it.
        if setup.row == Row::File && setup.typing {
            match key {
                // Not a control or invisible character (a paste may bring one): the field is
                // drawn as typed.
                Key::Char(c) if crownlands_core::text::is_unsafe_char(c) => return,
                Key::Char(c) => return setup.input.push(c),
                Key::Backspace => {
                    setup.input.pop();
                    return;
                }
                Key::Ctrl('u') => return setup.input.clear(),
                Key::Esc => {
                    if setup.input.is_empty() {
                        setup.focus(Row::Start);
                    } else {
                        setup.input.clear();
                    }
                    setup.error = None;
                    // A completion's list (or its "no file starts with") is of the field left.
                    self.message.clear();
                    return;
                }
                Key::Enter => return self.open_typed(),
                Key::Tab => return self.complete_typed(),
                // (No cursor to move, nor keys but the field's: said, rather than nothing or
                // a `?` that would be typed.)
                Key::Left
                | Key::Right
                | Key::Home
                | Key::End
                | Key::PageUp
                | Key::PageDown
                | Key::Delete
                | Key::Insert
                | Key::Ctrl(_) => {
                    let words = format!(
                        "`{}` does nothing here: a path is typed and erased at its end \
                         (Backspace; Ctrl-U erases it all).",
                        key.name()
                    );
                    return say_nothing_done(setup, &mut self.message, words);
                }
                _ => {}
            }
        }
        // A seat's name takes the characters typed; Enter, Esc or moving away ends it.
        if setup.naming {
            match key {
                Key::Char(c) => return setup.type_name(c),
                Key::Backspace => return setup.erase_name(),
                Key::Ctrl('u') => return setup.clear_name(),
                Key::Enter | Key::Esc => {
                    let said = setup.end_naming();
                    return say_name_cut(&mut self.message, said);
                }
                _ => {
                    let said = setup.end_naming();
                    say_name_cut(&mut self.message, said);
                }
            }
        }
        match key {
            Key::Char('n') if matches!(setup.row, Row::Seat(_)) => setup.naming = true,
            Key::Char(c @ ('K' | 'J')) if matches!(setup.row, Row::Seat(_)) => {
                let delta = if c == 'K' { -1 } else { 1 };
                self.message = if setup.move_seat(delta) {
                    String::new()
                } else if c == 'K' {
                    "This is the first seat.".into()
                } else {
                    "This is the last seat.".into()
                };
            }
            Key::Up | Key::Char('k') | Key::BackTab => setup.move_row(-1),
            Key::Down | Key::Char('j') | Key::Tab => setup.move_row(1),
            // The rows with nothing to change say so (they had said nothing).
            Key::Left | Key::Right | Key::Char('h' | 'l' | ' ')
                if matches!(setup.row, Row::File | Row::Start) =>
            {
                let what = if setup.row == Row::File {
                    "Enter or o types a file's path"
                } else {
                    "Enter starts the game"
                };
                let words = format!("`{}` does nothing on this row: {what}.", key.name());
                say_nothing_done(setup, &mut self.message, words);
            }
            Key::Left | Key::Char('h') => setup.change(-1),
            Key::Right | Key::Char('l') | Key::Char(' ') => setup.change(1),
            Key::Char('o' | '/') => {
                // A new try: the last completion's list is of another.
                self.message.clear();
                setup.open_field();
            }
            Key::Enter if setup.row == Row::File => {
                // The last table's file, still waiting in the field: Enter opens it at once
                // (the line under the table says it does), as from inside the field.
                let waiting = setup.last_file_waiting();
                setup.open_field();
                if waiting {
                    self.open_typed();
                }
            }
            Key::Char('q') => self.quit = true,
            // Esc leaves a field or a name; on the rows themselves it quits nothing by surprise.
            Key::Esc => self.message = "q quits; Enter on Start begins the game.".into(),
            Key::Char('?') => self.overlay = Some(Overlay::Help),
            Key::Char('r') if setup.row == Row::Recent => match setup.recent.get(setup.recent_at) {
                Some(r) if r.unfinished => {
                    let path = r.path.clone();
                    self.resume_saved(&path, now);
                }
                Some(_) => {
                    self.message =
                        "This game is over: Enter watches it (r resumes a game left unfinished)."
                            .into();
                }
                None => {}
            },
            Key::Enter if setup.row == Row::Recent => {
                if let Some(r) = setup.recent.get(setup.recent_at) {
                    let path = r.path.clone();
                    self.open_replay(&path, now);
                }
            }
            Key::Enter => {
                if setup.row != Row::Start {
                    setup.focus(Row::Start);
                    return;
                }
                self.start_from_setup(now);
            }
            // Any other key says it does nothing here, as in a game.
            Key::Char(c) if c.is_control() => {}
            _ => say_nothing_done(setup, &mut self.message, super::nothing_here(key)),
        }
    }

    /// Complete the path typed in the field from the files on disk; list what is left to choose
    /// from when several files fit.
    fn complete_typed(&mut self) {
        let Some(setup) = &mut self.setup else {
            return;
        };
        let done = ruleset_file::complete(&setup.input);
        setup.error = None;
        self.message = match done.candidates.len() {
            0 if done.text == setup.input && done.hidden > 0 => {
                // Hidden entries are offered once a dot is typed where their names start.
                let input = if setup.input == "~" {
                    "~/"
                } else {
                    &setup.input
                };
                let (folder, start) = input.split_at(input.rfind('/').map_or(0, |i| i + 1));
                let (count, them) = match done.hidden {
                    1 => ("one hidden one does".to_string(), "it"),
                    n => (format!("{n} hidden ones do"), "them"),
                };
                format!(
                    "No ruleset file (.toml) or folder starts with `{}`; {count} (type \
                     `{folder}.{start}` and Tab to see {them}).",
                    setup.input
                )
            }
            0 if done.text == setup.input => {
                format!(
                    "No ruleset file (.toml) or folder starts with `{}`.",
                    setup.input
                )
            }
            0 => String::new(),
            n => {
                const SHOWN: usize = 8;
                let mut list = done.candidates[..n.min(SHOWN)].join("  ");
                if n > SHOWN {
                    list.push_str(&format!("  (and {} more)", n - SHOWN));
                }
                list
            }
        };
        setup.input = done.text;
    }

    /// Open the ruleset file typed in the field, list it and select it.
    fn open_typed(&mut self) {
        let Some(setup) = &mut self.setup else {
            return;
        };
        match ruleset_file::open(&self.config.registry, &setup.input) {
            Ok(choice) => {
                let path = choice.path.clone();
                // The table goes with the ruleset, as for any other.
                let at = setup.add(choice);
                // The file of the table last started: its seats and names again, unless a
                // table was set here (a name typed is not thrown away for an older one).
                if let Some((kept, seats, names)) = setup.waiting.take()
                    && path.as_ref() == Some(&kept)
                    && !setup.table_set_here()
                {
                    setup.restore_at(at, seats, names);
                }
                setup.input.clear();
                setup.error = None;
                setup.focus(Row::Start);
                // What `validate` would warn of: the first said, the rest counted.
                if let Some(opened) = setup.take_opened() {
                    self.message = ruleset_file::opened_message(opened);
                }
            }
            Err(e) => setup.error = Some(e),
        }
    }

    fn start_from_setup(&mut self, _now: Instant) {
        let Some(setup) = &mut self.setup else {
            return;
        };
        let Some(choice) = setup.choice().cloned() else {
            self.message = "No ruleset to play.".into();
            return;
        };
        let ruleset = match ruleset_file::load(&self.config.registry, &choice) {
            Ok(r) => Arc::new(r),
            Err(e) => {
                setup.error = Some(format!("{} does not load:\n{e}", choice.name));
                return;
            }
        };
        let seats = seats::name_seats_with(&setup.seats, &setup.names);
        // The table, for the next start of the program (beside the saves).
        let table = super::last_table::LastTable::of(setup);
        self.remember_table(table.as_ref());
        if let Err(e) = self.start(ruleset, seats)
            && let Some(setup) = &mut self.setup
        {
            setup.error = Some(e);
        }
    }

    /// A mouse click on the setup screen.
    pub fn click_setup(&mut self, click: SetupClick, now: Instant) {
        let Some(setup) = &mut self.setup else {
            return;
        };
        match click {
            SetupClick::Ruleset(i) => setup.select(i),
            SetupClick::Row(Row::Start) => {
                setup.focus(Row::Start);
                self.start_from_setup(now);
            }
            SetupClick::Row(Row::Recent) if setup.row == Row::Recent => {
                self.setup_key(Key::Enter, now);
            }
            SetupClick::Row(Row::File) => setup.open_field(),
            SetupClick::Row(row) => setup.focus(row),
            SetupClick::Change(row, delta) => {
                setup.focus(row);
                setup.change(delta);
            }
        }
    }
}

/// Whether `message` says that a key does nothing (`` `z` does nothing here ``).
fn says_nothing_done(message: &str) -> bool {
    message.starts_with('`') && message.contains("` does nothing ")
}

/// Say `words` of a key of no use on the setup screen's status line, `message`, keeping what it
/// said before (a file's warnings, say) to say again at the next key.
fn say_nothing_done(setup: &mut super::setup::Setup, message: &mut String, words: String) {
    if !says_nothing_done(message) {
        setup.said_before = Some(std::mem::take(message));
    }
    *message = words;
}

/// What the status line says once a name is done: that it was cut (`said`), or nothing more
/// of an earlier name's cut.
fn say_name_cut(message: &mut String, said: Option<String>) {
    match said {
        Some(said) => *message = said,
        None if message.starts_with(super::setup::NAME_FULL) => message.clear(),
        None => {}
    }
}

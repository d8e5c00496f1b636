//! A module step's list as a player moves through it: a row a thing to do, the thing done at
//! several squares (a building each town square it may stand on) one row with its square chosen
//! apart (←→), from the choices' groups ([`ChoiceView::group`]). Nothing here knows the module.
//!
//! [`ChoiceView::group`]: crownlands_core::modules::describe::ChoiceView::group

use super::{App, Numbered};
use crate::keys::Key;
use crownlands_core::{Action, Cell};
use std::ops::Range;
use std::time::Instant;

/// What makes choices one row: the panel row they concern (a Board slot) and their shared
/// words.
type GroupKey = (Option<(String, usize)>, String);

/// The rows of a step's list: runs of `groups` (each of the step's actions' group, in the
/// list's order) next to each other with the same group, a row each; a choice of no group a
/// row of its own.
pub fn entries<T: PartialEq>(groups: &[Option<T>]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        match out.last_mut() {
            Some(last) if g.is_some() && groups.get(last.start) == Some(g) => last.end = i + 1,
            _ => out.push(i..i + 1),
        }
    }
    out
}

impl App {
    /// Whether the status line's message is about the chosen row (nothing said, its square
    /// or its number), so that what the row changes can follow it without saying whose.
    pub fn message_is_of_the_chosen_row(&self) -> bool {
        self.message.is_empty() || self.message.starts_with(SQUARE) || self.message.starts_with(ROW)
    }

    /// The chosen row of the step's list, counted from 1 as the list numbers them.
    pub fn chosen_row_number(&self) -> usize {
        row_of(&self.step_entries(), self.choice) + 1
    }

    /// The row (from 0) a number key chose, while the status line still says so (`Row 2:
    /// ...; Enter does it.`): the view may say it shorter to make room for the choice's detail.
    pub fn row_chosen_by_number(&self) -> Option<usize> {
        self.row_said
            .as_ref()
            .filter(|(_, said)| *said == self.message)
            .map(|&(row, _)| row)
    }

    /// The rows of the step's list, each a range of [`App::step_actions`]: one for a choice of
    /// its own, one for a thing done at several squares (its squares chosen with ←→).
    pub fn step_entries(&self) -> Vec<Range<usize>> {
        let actions = self.step_actions();
        let view = self.game().and_then(|g| g.step_view());
        // The group within its panel row (a Board slot): the same building in two slots at one
        // price is two rows.
        let groups: Vec<Option<GroupKey>> = actions
            .iter()
            .map(|a| {
                view.as_ref()
                    .and_then(|v| v.choices.iter().find(|c| c.action == *a))
                    .and_then(|c| c.group.clone().map(|g| (c.row.clone(), g)))
            })
            .collect();
        entries(&groups)
    }

    /// Whether a row of the step's list holds a thing at several squares (←→ then choose the
    /// square).
    pub fn step_has_squares(&self) -> bool {
        self.step_entries().iter().any(|e| e.len() > 1)
    }

    pub(super) fn step_key(&mut self, key: Key, tens: Option<usize>, now: Instant) {
        let actions = self.step_actions();
        let entries = self.step_entries();
        let rows = entries.len();
        if rows == 0 {
            return;
        }
        let row = row_of(&entries, self.choice);
        // ←→ choose the square within a row where a row has several; where none has, they go
        // through the list as ↑↓ do.
        let squares = entries.iter().any(|e| e.len() > 1);
        let start = |r: usize| entries.get(r).map_or(0, |e| e.start);
        match key {
            Key::Left | Key::Char('h') if squares => self.next_square(&entries, row, false),
            Key::Right | Key::Char('l') if squares => self.next_square(&entries, row, true),
            Key::Up | Key::Left | Key::Char('k' | 'h') | Key::BackTab => {
                self.choose_in_step(start((row + rows - 1) % rows))
            }
            Key::Down | Key::Right | Key::Char('j' | 'l') | Key::Tab => {
                self.choose_in_step(start((row + 1) % rows))
            }
            Key::Char('p') | Key::Esc => self.play(Action::Pass, true, now),
            // The numbered row is chosen, as the list numbers them, and Enter does it (as a
            // claim's row: a digit meant for another list, typed as the step opened, spends
            // nothing); in a list of ten or more, `1` waits for a second digit (`12`) and Enter
            // does row 1. A row of several squares is chosen at its first square.
            Key::Char(c @ '0'..='9') => match self.numbered(c, tens, rows) {
                Numbered::Now(i) => {
                    let Some(e) = entries.get(i) else {
                        return;
                    };
                    self.choose_in_step(e.start);
                    if e.len() == 1 {
                        let words = actions.get(e.start).and_then(|&a| self.words(a));
                        self.message = match words {
                            Some(w) => format!("{ROW}{}: {w}; Enter does it.", i + 1),
                            None => format!("{ROW}{}; Enter does it.", i + 1),
                        };
                        self.row_said = Some((i, self.message.clone()));
                    }
                }
                Numbered::Wait(i) => {
                    self.choose_in_step(start(i));
                    self.message = format!(
                        "{}: a second digit chooses row {}; Enter does row {}.",
                        i + 1,
                        super::rows_from_digit(i + 1, rows),
                        i + 1
                    );
                }
                Numbered::Beyond => self.message = format!("The list has {rows} choices."),
            },
            Key::Enter | Key::Char(' ') => {
                if let Some(&a) = actions.get(self.choice) {
                    self.play(a, true, now);
                }
            }
            // A key of no use says so, as in a claim or a placement.
            other => self.say_no_key(other),
        }
    }

    /// Put the cursor on the step's `i`th action, however it was chosen (a key, a click on the
    /// list or on the kingdom): the status line says which square of how many on a row of
    /// several, and no more what it said of another row; the hint's word follows.
    pub(super) fn choose_in_step(&mut self, i: usize) {
        let entries = self.step_entries();
        let n = entries.last().map_or(0, |l| l.end);
        if i >= n {
            return;
        }
        self.choose_step(n, i);
        match entries.get(row_of(&entries, i)) {
            Some(e) if e.len() > 1 => self.message = self.squares_message(e),
            _ if self.message.starts_with(SQUARE) || self.message.starts_with(ROW) => {
                self.message.clear()
            }
            _ => {}
        }
        self.hint_follows_selection();
    }

    /// A step's choice in its row's words (`Fountain 2¢ 5pt at 0,-1`).
    fn words(&self, action: Action) -> Option<String> {
        self.game()?
            .step_view()?
            .choices
            .into_iter()
            .find(|c| c.action == action)
            .map(|c| c.text)
    }

    /// A click on a square of the kingdom in a step: the choice done at that square chosen
    /// (the one acted on: a building's square, the taxed square), on the chosen row first (its
    /// other square), else the first in the list; else one whose squares hold it (a tax's
    /// territory, lit). A second click on the chosen one does it (a first click only chooses,
    /// even the choice the keys had chosen); a square no choice concerns, nothing.
    pub(super) fn click_step_cell(&mut self, cell: Cell, now: Instant) {
        let entries = self.step_entries();
        let actions = self.step_actions();
        let view = self.game().and_then(|g| g.step_view());
        let cells_of = |i: usize| {
            actions.get(i).and_then(|&a| {
                view.as_ref()
                    .and_then(|v| v.choices.iter().find(|c| c.action == a))
                    .map(|c| c.cells.clone())
            })
        };
        let acted_on = |i: &usize| cells_of(*i).is_some_and(|c| c.first() == Some(&cell));
        let concerns = |i: &usize| cells_of(*i).is_some_and(|c| c.contains(&cell));
        let row = entries.get(row_of(&entries, self.choice)).cloned();
        let at = row
            .clone()
            .and_then(|mut e| e.find(acted_on))
            .or_else(|| (0..actions.len()).find(acted_on))
            .or_else(|| {
                (self.choice < actions.len() && concerns(&self.choice)).then_some(self.choice)
            })
            .or_else(|| (0..actions.len()).find(concerns));
        match at {
            Some(i) if i == self.choice && self.square_clicked == Some(i) => {
                self.step_key(Key::Enter, None, now)
            }
            Some(i) => {
                self.choose_in_step(i);
                self.square_clicked = Some(i);
            }
            None => {}
        }
    }

    /// The next (or previous) square of the chosen row, round; on a row of one square, says
    /// what ←→ are for.
    fn next_square(&mut self, entries: &[Range<usize>], row: usize, forward: bool) {
        let Some(e) = entries.get(row).cloned() else {
            return;
        };
        if e.len() < 2 {
            let skip = self.step_actions().get(self.choice) == Some(&Action::Pass);
            self.message = if skip {
                "←→ choose the square of a choice that has several; Skip has none (↑↓ choose a row)."
            } else {
                "←→ choose the square of a choice that has several; this one has one."
            }
            .to_string();
            return;
        }
        let at = self.choice.clamp(e.start, e.end - 1) - e.start;
        let to = if forward {
            (at + 1) % e.len()
        } else {
            (at + e.len() - 1) % e.len()
        };
        self.choose_in_step(e.start + to);
    }

    /// What the status line says on a row of several squares: which of them is chosen.
    fn squares_message(&self, e: &Range<usize>) -> String {
        let at = self.choice.saturating_sub(e.start) + 1;
        format!(
            "{SQUARE}{at} of {} (lit on the kingdom): ←→ choose another, Enter does it.",
            e.len()
        )
    }
}

/// How the status line's word on the square chosen begins.
const SQUARE: &str = "Square ";

/// How the status line's word on a row chosen by its number begins.
const ROW: &str = "Row ";

/// The row of `entries` holding the choice `choice` (the last row, Skip's, past them).
/// The first row shown of a step's list of `all` rows in `rows` rows, Skip (the last row)
/// always on the last of them: `top` as it was kept, moved only as far as brings the cursor's
/// row `at` into view (on Skip, it stays), and never so far down that rows are left blank
/// above Skip. A row shown stays on its row while the cursor moves to it (a click, then a
/// second click on the same row, chooses it, then does it). 0 where every row fits.
pub fn list_top(top: usize, at: usize, all: usize, rows: usize) -> usize {
    if all <= rows || rows <= 1 {
        return 0;
    }
    let window = rows - 1;
    let skip = all - 1;
    let mut top = top;
    if at < skip {
        if at < top {
            top = at;
        } else if at >= top + window {
            top = at + 1 - window;
        }
    }
    top.min(skip - window)
}

pub fn row_of(entries: &[Range<usize>], choice: usize) -> usize {
    entries
        .iter()
        .position(|e| e.contains(&choice))
        .unwrap_or(entries.len().saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::{entries, row_of};

    #[test]
    fn a_thing_at_several_squares_is_one_row() {
        let g = |s: &str| Some(s.to_string());
        let groups = [
            g("Tower"),
            g("Tower"),
            g("Fountain"),
            None,
            None,
            g("Tower"),
        ];
        let rows = entries(&groups);
        assert_eq!(rows, vec![0..2, 2..3, 3..4, 4..5, 5..6]);
        assert_eq!(row_of(&rows, 1), 0);
        assert_eq!(row_of(&rows, 5), 4);
        assert!(entries::<String>(&[]).is_empty());
        // The same words in two panel rows (two slots at one price): two rows.
        let slot = |r: usize| Some((Some(r), "Tower".to_string()));
        assert_eq!(entries(&[slot(0), slot(0), slot(1)]), vec![0..2, 2..3]);
    }
}

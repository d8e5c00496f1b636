//! What a module reads from and writes to a kingdom file (`crownlands score`): `@` lines
//! (directives, such as `@coins 11`) and marks after a square (a knight `+`, a building `[6]`).
//! Each module declares its own ([`FileSyntax`]); the kingdom file reader dispatches them to
//! the module by these declarations and names no module.

use crate::domino::Square;
use crate::geometry::Cell;

/// A line `@word N` (or `@word` alone) of a kingdom file that a module reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Directive {
    /// The word after `@`: `coins`.
    pub word: &'static str,
    /// Whether it takes a whole number (`@coins 11`) or stands alone (`@queen`).
    pub number: bool,
    /// Whether a file may give it several times, each with another number (`@goal 2` and
    /// `@goal 5`: one line a goal in play), each read in turn; else once at most.
    pub repeats: bool,
    /// What it gives, in a few words for messages: `coins`, `knights in hand`.
    pub what: &'static str,
}

/// A mark after a square of a kingdom file that a module reads: a symbol repeated once per
/// piece (`+`, a knight: `G1+`), or with a number (`[N]`: building N, written before the other
/// marks, once a square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The symbol; `[` for the numbered form `[N]`.
    pub symbol: char,
    /// What one stands for, in a word for messages: `knight`, `building`.
    pub what: &'static str,
}

impl Mark {
    /// Whether it is written `[N]`.
    pub fn numbered(&self) -> bool {
        self.symbol == '['
    }
}

/// The `@` lines and marks a module reads in a kingdom file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileSyntax {
    pub directives: &'static [Directive],
    pub marks: &'static [Mark],
}

/// One mark as written in a kingdom file, for a module to check ([`super::Module::check_marks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileMark<'a> {
    /// Where its square is written (1-based line and column).
    pub line: usize,
    pub column: usize,
    /// The square's cell as written (`T[6]+`).
    pub token: &'a str,
    /// The square it stands on, with the crowns written there.
    pub square: Square,
    pub symbol: char,
    /// `N` of `[N]`.
    pub number: Option<u32>,
    /// How many times the symbol is repeated (1 for `[N]`).
    pub count: u32,
}

/// One mark of a side's kingdom, for writing a kingdom file ([`super::Module::write_marks`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedMark {
    pub cell: Cell,
    pub symbol: char,
    pub number: Option<u32>,
    pub count: u32,
    /// Crowns the piece adds to its square (written without them: a building's).
    pub crowns: u8,
}

/// One kingdom of a table read from kingdom files (`crownlands score` with several files), for a
/// module to check what the kingdoms hold together ([`super::Module::check_table`]).
#[derive(Clone, Copy)]
pub struct TableKingdom<'a> {
    /// How messages name it: its file, as given.
    pub name: &'a str,
    /// The kingdom and what the modules read of it, as the module checking sees it.
    pub side: super::SideView<'a>,
}

/// The kingdoms of one table read from kingdom files, and how many the table has: the files may
/// be some of its kingdoms (`score --players 4` with two files), so `kingdoms` may be fewer than
/// `sides` ([`super::Module::check_table`]).
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct TableView<'a> {
    /// The kingdoms given, in order: a problem's `kingdom` is an index here.
    pub kingdoms: &'a [TableKingdom<'a>],
    /// How many sides (kingdoms: a team builds one) the table has, at least one; for a kingdom
    /// scored alone at no given player count, the most any of the ruleset's tables has.
    pub sides: u8,
    /// The fewest kingdoms the table has besides those given: `sides` less the kingdoms given
    /// where the player count is known; for a kingdom scored alone at no given player count,
    /// one less than the fewest any of the ruleset's tables has (what the others must hold at
    /// least, a starting supply each, is then not in this kingdom).
    pub unseen: u8,
}

impl<'a> TableView<'a> {
    /// The kingdoms `kingdoms` of a table of `sides` (a plugin's tests build one to call its
    /// `check_table`).
    pub fn new(kingdoms: &'a [TableKingdom<'a>], sides: u8) -> TableView<'a> {
        let given = u8::try_from(kingdoms.len()).unwrap_or(u8::MAX);
        TableView {
            kingdoms,
            sides,
            unseen: sides.saturating_sub(given),
        }
    }

    /// The same table with `unseen` kingdoms at least besides those given
    /// ([`TableView::unseen`]).
    pub fn with_unseen(self, unseen: u8) -> TableView<'a> {
        TableView { unseen, ..self }
    }

    /// Where the table holds more of something than a supply of `supply` (knights, towers):
    /// the kingdom whose `held` takes the running total past it, that kingdom's own and the
    /// table's total (`None`: within the supply).
    pub fn past_supply(
        &self,
        supply: u32,
        held: impl Fn(&TableKingdom<'_>) -> u32,
    ) -> Option<(usize, u32, u64)> {
        let total: u64 = self.kingdoms.iter().map(|k| u64::from(held(k))).sum();
        let mut before: u64 = 0;
        for (i, k) in self.kingdoms.iter().enumerate() {
            let here = held(k);
            before += u64::from(here);
            if before > u64::from(supply) {
                return Some((i, here, total));
            }
        }
        None
    }

    /// Whether every kingdom of the table is given.
    pub fn complete(&self) -> bool {
        self.kingdoms.len() == usize::from(self.sides)
    }
}

/// A problem with what the kingdoms of one table hold together ([`super::Module::check_table`]):
/// the kingdom it concerns (its index in the table), where in its file, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableProblem {
    pub kingdom: usize,
    pub at: TableAt,
    pub message: String,
}

impl TableProblem {
    pub fn new(kingdom: usize, at: TableAt, message: impl Into<String>) -> TableProblem {
        TableProblem {
            kingdom,
            at,
            message: message.into(),
        }
    }
}

/// Where in a kingdom's file a table's problem is, for the message's line and column: an `@`
/// line of the module's (its word, `queen`), a square's marks, or the file as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAt {
    Kingdom,
    Directive(&'static str),
    Cell(Cell),
}

/// The place in a module's list (from 0) that a kingdom file's `@WORD N` names, counted from 1
/// (`@goal 2`: the list's second goal), or why not: `` `@goal 9`: the list has goals 1 to 6 ``
/// (`items`: what the list holds, plural).
pub fn list_place(
    word: &str,
    value: Option<u32>,
    count: usize,
    items: &str,
) -> Result<usize, String> {
    let n = value.unwrap_or(0);
    usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < count)
        .ok_or_else(|| match count {
            0 => format!("`@{word} {n}`: the list has no {items}"),
            _ => format!("`@{word} {n}`: the list has {items} 1 to {count}"),
        })
}

/// Every problem with what the kingdoms of one table hold together, for all the modules of the
/// list, each with the index of the kingdom it concerns (in `kingdoms`' order), in module order,
/// at a table of `sides` kingdoms ([`TableView::sides`]) of which at least `unseen` are not
/// given ([`TableView::unseen`]). `kingdoms`' views are the core's ([`super::SideView::new`]):
/// each module gets them as it sees them (a module's own view stays its own, so one passed here
/// would show every module its state).
pub fn check_table(kingdoms: &[TableKingdom<'_>], sides: u8, unseen: u8) -> Vec<TableProblem> {
    let Some(first) = kingdoms.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, m) in first.side.list().modules().iter().enumerate() {
        let seen: Vec<TableKingdom<'_>> = kingdoms
            .iter()
            .map(|k| TableKingdom {
                name: k.name,
                side: k.side.for_module(i),
            })
            .collect();
        out.extend(m.check_table(&TableView {
            kingdoms: &seen,
            sides,
            unseen,
        }));
    }
    out
}

//! Kingdom files: a kingdom drawn as text, one row per line.
//!
//! ```text
//! # my kingdom
//! W  W1 F
//! .  C  F2
//! .  L
//! ```
//!
//! Cells are separated by whitespace: `.` is empty, `C` the castle (exactly once), anything else
//! a terrain symbol followed by an optional crown count. Lines starting with `#` are comments (a
//! `#` after cells is an error, not a comment) and blank lines are ignored; rows may be ragged
//! (missing cells at the end of a row are empty; leading whitespace does not indent, use `.`).
//! Cells are placed relative to the castle.
//!
//! A cell token is a symbol, then suffixes. [`parse`] knows one suffix, the crown count, and
//! reports any other as an error. [`parse_side`] reads what the ruleset's modules put on a side
//! too, as each module declares it ([`crownlands_core::modules::FileSyntax`]); Queendomino's:
//!
//! ```text
//! # a Queendomino side
//! W1 T[6]+ F
//! .  C     T[30]
//! G2+ G+
//! @coins 11
//! @towers 3
//! @knights 2
//! @queen
//! ```
//!
//! - Marks after a square: a numbered one `[N]` first (the buildings': building number N stands
//!   on it, a town square; its crowns are added to the square's), then symbols repeated once per
//!   piece (the knights' `+`: one knight placed on it).
//! - Lines starting with `@` give the rest of what the side holds: `@coins N`, `@towers N`,
//!   `@knights N` (knights in hand, not placed) and `@queen` (this kingdom hosts the Queen).
//!   Each at most once; what is not given is 0 (or no Queen).
//!
//! The reader names no module: it reads the marks and `@` lines the modules declare, lets each
//! module check its marks (all problems at once, at their positions), and hands each module its
//! own to read into the side's [`ModuleData`].

use crate::{Diagnostic, Diagnostics};
use crownlands_core::MAX_GRID;
use crownlands_core::domino::MAX_CROWNS;

use crownlands_core::modules::{
    Directive, FileMark, Mark, ModuleData, ModuleList, PlacedMark, SideEdit, SideView,
};
use crownlands_core::{Cell, Kingdom, KingdomShape, Ruleset, Side, Square, TerrainId};
use std::collections::HashSet;
use std::path::Path;

/// The largest kingdom file read, in bytes.
pub const MAX_KINGDOM_BYTES: u64 = 1 << 20;
/// The most rows (lines of cells, comments and blank lines aside) and cells a row a kingdom file
/// may have: a kingdom spans at most [`MAX_GRID`] squares each way, so even written with its
/// castle in a corner and padded with `.` it needs no more.
pub const MAX_FILE_CELLS: usize = 2 * MAX_GRID - 1;

/// Read a kingdom file: a regular file (not a device, a pipe or a directory, which may never
/// end) of at most [`MAX_KINGDOM_BYTES`] bytes of UTF-8 text.
pub fn read(path: &Path) -> Result<String, Diagnostics> {
    read_with(crownlands_core::Registry::shipped_ref(), path)
}

/// [`read`], where a file not found named as a ruleset of `registry` (a shipped one, or one a
/// build with its own modules registers: `score wells mine.kingdom`) says to give it with
/// `--ruleset`.
pub fn read_with(registry: &crownlands_core::Registry, path: &Path) -> Result<String, Diagnostics> {
    let name = path.display().to_string();
    let fail = |msg: String| Diagnostics(vec![Diagnostic::unplaced(&name, msg)]);
    let too_big = |size: u64| {
        fail(format!(
            "the kingdom file is {size} bytes; at most {MAX_KINGDOM_BYTES} bytes are supported"
        ))
    };
    let bytes = crate::source::read_regular(path, MAX_KINGDOM_BYTES).map_err(|e| match e {
        crate::source::ReadFail::Io(e) => {
            // `score queendomino mine.kingdom`: the ruleset written where a kingdom file goes.
            let not_found = e.kind() == std::io::ErrorKind::NotFound;
            let ruleset = if not_found && crate::is_shipped_name(&name) {
                format!(
                    "; `{name}` is a shipped ruleset: `--ruleset {name}` scores kingdom files under it"
                )
            } else if not_found && crate::is_ruleset_name(registry, &name) {
                format!("; `{name}` is a ruleset: `--ruleset {name}` scores kingdom files under it")
            } else {
                String::new()
            };
            fail(format!(
                "cannot read the kingdom file: {}{ruleset}",
                crate::source::io_words(&e)
            ))
        }
        crate::source::ReadFail::NotRegular => fail(
            "not a regular file: a kingdom file is read whole, so devices, pipes and \
             directories are refused"
                .to_string(),
        ),
        crate::source::ReadFail::TooLarge(size) => too_big(size),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let prefix = String::from_utf8_lossy(&e.into_bytes()[..good]).into_owned();
        let (line, column) = crate::line_col(&prefix, good);
        Diagnostics::one(&name, line, column, "the kingdom file is not UTF-8 text")
    })?;
    match other_kind(&text) {
        Some(what) => Err(fail(what.to_string())),
        None => Ok(text),
    }
}

pub use crate::file_kind::{JsonKind, json_kind};

/// What a file given where a kingdom file is read is instead, said with the command that reads
/// it (a save, a game in the notation, a ruleset): one line rather than an error for each of
/// its lines read as rows of squares.
pub fn other_kind(text: &str) -> Option<&'static str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    if start.starts_with('{') {
        return Some(match json_kind(text) {
            Some(JsonKind::Save) => {
                "this is a saved game (JSON), not a kingdom file: `crownlands replay FILE` \
                 shows it, with each side's score at the end"
            }
            Some(JsonKind::Part) => {
                "this is a part file of `simulate --shard` or `compare --shard` (JSON), not a \
                 kingdom file: `crownlands merge` adds the parts up"
            }
            None => "this is JSON, not a kingdom file: a kingdom file is rows of squares, `W1 F .`",
        });
    }
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines().any(crate::file_kind::notation_header) {
        return Some(
            "this is a game in the notation (a .cgn file), not a kingdom file: `crownlands \
             import FILE -o game.json` makes a save of it, which `crownlands replay` shows",
        );
    }
    let ruleset = lines().any(|l| {
        ["[rules]", "[set]", "[[domino]]", "[[terrain]]"].contains(&l)
            || l.starts_with("[rules.")
            || l.starts_with("[for-players.")
            || [
                "extends",
                "name",
                "players",
                "sets",
                "add-sets",
                "description",
            ]
            .iter()
            .any(|k| {
                l.strip_prefix(k)
                    .is_some_and(|r| r.trim_start().starts_with('='))
            })
    });
    if ruleset {
        return Some(
            "this is a ruleset (TOML), not a kingdom file: `crownlands validate FILE` checks \
             it, and `--ruleset FILE` scores a kingdom file under it",
        );
    }
    None
}

/// The most crowns a square of `terrain` can show as a kingdom file writes it: the most on one
/// square of that terrain among `ruleset`'s dominoes (a building's crowns are its mark's, `T[6]`,
/// added when it is read).
fn most_crowns(ruleset: &Ruleset, terrain: TerrainId) -> u8 {
    ruleset
        .dominoes()
        .iter()
        .flat_map(|d| [d.first, d.second])
        .filter(|s| s.terrain == terrain)
        .map(|s| s.crowns)
        .max()
        .unwrap_or(0)
        .min(MAX_CROWNS)
}

/// "a wheat square of this ruleset shows 0 or 1 crown", for a crown count past the most.
fn crowns_in_words(ruleset: &Ruleset, terrain: TerrainId) -> String {
    let most = match most_crowns(ruleset, terrain) {
        0 => "no crowns".to_string(),
        1 => "0 or 1 crown".to_string(),
        n => format!("0 to {n} crowns"),
    };
    format!(
        "a {} square of this ruleset shows {most}",
        ruleset.terrain(terrain).name
    )
}

/// The most times a mark may be repeated on one square.
pub const MAX_MARKS_PER_SQUARE: usize = 1 << 12;
/// The largest count an `@` line may give.
pub const MAX_HOLDING: u32 = 1_000_000;
/// The most times one `@` line a module lets repeat (`@goal N`, a line a goal) may be given in
/// a file: what a file may ask of the reader stays small whatever its length.
pub const MAX_REPEATED_LINES: usize = 64;

struct Token {
    line: usize,
    column: usize,
    row: usize,
    col: usize,
}

enum CellKind {
    Empty,
    Castle,
    /// A square, with the marks written after it.
    Square(Square, Vec<CellMark>),
}

/// A mark after a square: its symbol, its number (`[N]`) and how many times it is repeated.
#[derive(Clone, Copy)]
struct CellMark {
    symbol: char,
    number: Option<u32>,
    count: u32,
}

/// The marks and `@` lines the modules of a side declare, each with the module that reads it
/// (the first module of the list that declares it).
struct Syntax<'a> {
    list: &'a ModuleList,
    marks: Vec<(usize, Mark)>,
    directives: Vec<(usize, Directive)>,
}

impl<'a> Syntax<'a> {
    fn of(list: &'a ModuleList) -> Syntax<'a> {
        let mut marks: Vec<(usize, Mark)> = Vec::new();
        let mut directives: Vec<(usize, Directive)> = Vec::new();
        for (i, m) in list.modules().iter().enumerate() {
            let syntax = m.file_syntax();
            for &mark in syntax.marks {
                if !marks.iter().any(|(_, x)| x.symbol == mark.symbol) {
                    marks.push((i, mark));
                }
            }
            for &d in syntax.directives {
                if !directives.iter().any(|(_, x)| x.word == d.word) {
                    directives.push((i, d));
                }
            }
        }
        Syntax {
            list,
            marks,
            directives,
        }
    }

    fn mark(&self, symbol: char) -> Option<(usize, Mark)> {
        self.marks.iter().find(|(_, m)| m.symbol == symbol).copied()
    }

    fn directive(&self, word: &str) -> Option<(usize, Directive)> {
        self.directives
            .iter()
            .find(|(_, d)| d.word == word)
            .copied()
    }

    /// The marks in words: "a building `[N]`, a knight `+`".
    fn marks_in_words(&self) -> String {
        let words: Vec<String> = self
            .marks
            .iter()
            .map(|(_, m)| {
                if m.numbered() {
                    format!("a {} `[N]`", m.what)
                } else {
                    format!("a {} `{}`", m.what, m.symbol)
                }
            })
            .collect();
        words.join(", ")
    }

    /// The `@` lines in words: "@coins N, @towers N and @queen".
    fn directives_in_words(&self) -> String {
        let words: Vec<String> = self
            .directives
            .iter()
            .map(|(_, d)| match (d.number, d.what == d.word) {
                (true, true) => format!("@{} N", d.word),
                (true, false) => format!("@{} N ({})", d.word, d.what),
                (false, _) => format!("@{}", d.word),
            })
            .collect();
        match words.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

/// Split a line into tokens with 1-based character columns.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out
}

/// Parse a kingdom file for `ruleset`, in a kingdom of at most `grid` x `grid` squares.
pub fn parse(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    grid: impl Into<KingdomShape>,
) -> Result<Kingdom, Diagnostics> {
    parse_impl(text, file, ruleset, grid.into(), None).map(|(k, _)| k)
}

/// Parse a kingdom file with what `modules` (the modules of the rules it is scored under) put
/// on a side: their marks after squares (Queendomino's buildings `[N]` and knights `+`) and their
/// `@` lines (`@coins`, `@towers`, `@knights`, `@queen`). Returns the kingdom, with the modules'
/// changes (the buildings' crowns added to their squares), and the side's module data (side 0
/// of one). Marks are read row by row.
pub fn parse_side(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    modules: &ModuleList,
    grid: impl Into<KingdomShape>,
) -> Result<(Kingdom, ModuleData), Diagnostics> {
    let syntax = Syntax::of(modules);
    parse_impl(text, file, ruleset, grid.into(), Some(&syntax))
}

/// [`parse_side`], with where each square and `@` line of the file is ([`Places`]), for
/// problems found once every file of a table is read (`Module::check_table`).
pub fn parse_side_with_places(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    modules: &ModuleList,
    grid: impl Into<KingdomShape>,
) -> Result<(Kingdom, ModuleData, Places), Diagnostics> {
    let syntax = Syntax::of(modules);
    let mut places = Places::default();
    let grid = grid.into();
    let (kingdom, data) = parse_at(text, file, ruleset, grid, Some(&syntax), Some(&mut places))?;
    Ok((kingdom, data, places))
}

/// Where in a kingdom file each square (its first character) and each `@` line is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    /// Each square's cell (from the castle), line and column.
    pub squares: Vec<(Cell, usize, usize)>,
    /// Each `@` line's word and line.
    pub directives: Vec<(String, usize)>,
    /// What the file holds that no box could make, scored as written: more squares of a kind
    /// than the ruleset's dominoes hold (a second mine square with 3 crowns in Kingdomino).
    pub notes: Vec<Diagnostic>,
}

impl Places {
    /// The line and column of `cell`'s square.
    pub fn of_cell(&self, cell: Cell) -> Option<(usize, usize)> {
        self.squares
            .iter()
            .find(|(c, _, _)| *c == cell)
            .map(|&(_, line, column)| (line, column))
    }

    /// The line of the `@` line of `word` (`queen`).
    pub fn of_directive(&self, word: &str) -> Option<usize> {
        self.directives
            .iter()
            .find(|(w, _)| w == word)
            .map(|&(_, line)| line)
    }
}

/// The `@` lines given, in file order: the line, the word, its number.
#[derive(Default)]
struct Directives {
    given: Vec<(usize, String, Option<u32>)>,
}

/// The problems found so far in one file.
struct Problems<'a> {
    file: &'a str,
    list: Vec<Diagnostic>,
}

impl Problems<'_> {
    fn at(&self, line: usize, column: usize, message: String) -> Diagnostic {
        Diagnostic {
            file: self.file.to_string(),
            line,
            column,
            message: crownlands_core::text::excerpt_quotes(&message).into_owned(),
            players: Vec::new(),
        }
    }

    fn push(&mut self, line: usize, column: usize, message: String) {
        let d = self.at(line, column, message);
        self.list.push(d);
    }

    /// Every problem, in file order.
    fn sorted(mut self) -> Diagnostics {
        self.list.sort_by_key(|d| (d.line, d.column));
        Diagnostics(self.list)
    }
}

fn directive(
    line_no: usize,
    line: &str,
    syntax: &Syntax<'_>,
    d: &mut Directives,
    problems: &mut Problems<'_>,
) {
    let toks = tokens(line);
    let Some(&(column, word)) = toks.first() else {
        return;
    };
    let Some((_, declared)) = word.strip_prefix('@').and_then(|w| syntax.directive(w)) else {
        let known = if syntax.directives.is_empty() {
            "this ruleset's modules read no `@` lines".to_string()
        } else {
            format!(
                "a line starting with `@` is one of {}",
                syntax.directives_in_words()
            )
        };
        // A word read in another case, or one close to it (`@Coins`, `@cions`).
        let words: Vec<&str> = syntax.directives.iter().map(|(_, d)| d.word).collect();
        let asked = word.trim_start_matches('@');
        let meant = words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(asked))
            .copied()
            .or_else(|| crownlands_core::text::closest(asked, &words))
            .map_or_else(String::new, |w| format!(" (did you mean `@{w}`?)"));
        problems.push(
            line_no,
            column,
            format!("unknown line `{word}`{meant}; {known}"),
        );
        return;
    };
    if let Some((first, _, _)) = d
        .given
        .iter()
        .find(|(_, w, _)| w == declared.word)
        .filter(|_| !(declared.repeats && declared.number))
    {
        problems.push(
            line_no,
            column,
            format!("`{word}` is given twice (first on line {first})"),
        );
        return;
    }
    if !declared.number {
        if let Some(&(c, extra)) = toks.get(1) {
            problems.push(
                line_no,
                c,
                format!("unexpected `{extra}`: `{word}` takes no value"),
            );
            return;
        }
        d.given.push((line_no, declared.word.to_string(), None));
        return;
    }
    let Some(&(c, value)) = toks.get(1) else {
        problems.push(
            line_no,
            column,
            format!("`{word}` needs a number, e.g. `{word} 3`"),
        );
        return;
    };
    if let Some(&(c2, extra)) = toks.get(2) {
        problems.push(
            line_no,
            c2,
            format!("unexpected `{extra}`: `{word}` takes one number"),
        );
        return;
    }
    // Written as the game writes numbers: digits, no leading zeros (`07` is refused, as a
    // crown count's is).
    let plain =
        value.bytes().all(|b| b.is_ascii_digit()) && (value == "0" || !value.starts_with('0'));
    match value.parse::<u32>() {
        Ok(n) if n <= MAX_HOLDING && plain => {
            // A line given several times, each number once (`@goal 2` twice is a slip), and
            // at most so many times.
            let times = d
                .given
                .iter()
                .filter(|(_, w, _)| w == declared.word)
                .count();
            if times >= MAX_REPEATED_LINES {
                problems.push(
                    line_no,
                    column,
                    format!("`{word}` is given more than {MAX_REPEATED_LINES} times"),
                );
                return;
            }
            if let Some((first, _, _)) = d
                .given
                .iter()
                .find(|(_, w, v)| w == declared.word && *v == Some(n))
            {
                problems.push(
                    line_no,
                    column,
                    format!("`{word} {n}` is given twice (first on line {first})"),
                );
                return;
            }
            d.given.push((line_no, declared.word.to_string(), Some(n)))
        }
        _ => problems.push(
            line_no,
            c,
            format!(
                "bad number `{value}` for `{word}`: a whole number from 0 to {MAX_HOLDING}, \
                 written without leading zeros"
            ),
        ),
    }
}

/// What the lines of a kingdom file hold: every cell with where it is written, and the `@`
/// lines.
struct Drawing<'t> {
    cells: Vec<(Token, &'t str, CellKind)>,
    directives: Directives,
    /// A `c` or a `C` with a suffix was reported as the castle written wrong: no "no castle"
    /// as well.
    castle_misspelt: bool,
    /// A line held a control or invisible character and was left out.
    not_plain: bool,
    /// How many problems the `@` lines had (a bad number, an unknown word): they leave the
    /// squares sound, so what the modules check of the rest is said with them.
    line_problems: usize,
}

/// Read a kingdom file in steps: its cells (and `@` lines), then the castle, the kingdom's span,
/// the buildings, and last the kingdom itself. Every problem of a step is reported at once.
fn parse_impl(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    grid: KingdomShape,
    side: Option<&Syntax<'_>>,
) -> Result<(Kingdom, ModuleData), Diagnostics> {
    parse_at(text, file, ruleset, grid, side, None)
}

/// [`parse_impl`], noting where the squares and `@` lines are in `places` when asked.
fn parse_at(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    grid: KingdomShape,
    side: Option<&Syntax<'_>>,
    places: Option<&mut Places>,
) -> Result<(Kingdom, ModuleData), Diagnostics> {
    let mut problems = Problems {
        file,
        list: Vec::new(),
    };
    let shape = grid;
    let grid = shape.grid;
    if grid == 0 || usize::from(grid) > MAX_GRID {
        problems.push(
            1,
            1,
            format!("grid size {grid}; kingdoms from 1x1 to {MAX_GRID}x{MAX_GRID} are supported"),
        );
        return Err(Diagnostics(problems.list));
    }
    // A byte order mark, as some editors write, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let drawing = match read_cells(text, ruleset, side, &mut problems) {
        Ok(drawing) => drawing,
        Err(Stop::TooLarge) => return Err(problems.sorted()),
        // The one problem of an empty file, whatever its `@` lines said.
        // Lines refused whole (a control character) leave no row: those are the problems.
        Err(Stop::Empty) if !problems.list.is_empty() => return Err(problems.sorted()),
        Err(Stop::Empty) => {
            let empty = "the kingdom file is empty: it needs at least the castle `C`";
            return Err(Diagnostics(vec![problems.at(1, 1, empty.to_string())]));
        }
    };
    // A line left out says nothing of the rest (its castle, its shape): those problems alone.
    if drawing.not_plain {
        return Err(problems.sorted());
    }
    let castle = find_castle(&drawing.cells, &mut problems);
    check_span(&drawing.cells, grid, &mut problems);
    let notes = check_box(&drawing.cells, ruleset, &mut problems);
    // The squares are sound: the marks are read even where some were found wrong, so that
    // every problem shows at once (a mark found wrong is not read again).
    let sound = problems.list.len() == drawing.line_problems;
    let flagged = match side {
        Some(syntax) => check_marks(&drawing.cells, ruleset, syntax, &mut problems),
        None => HashSet::new(),
    };
    let Some(castle) = castle else {
        if !drawing.castle_misspelt {
            problems.push(
                1,
                1,
                "the kingdom has no castle: mark it with `C`".to_string(),
            );
        }
        return Err(problems.sorted());
    };
    if !sound {
        return Err(problems.sorted());
    }
    if let Some(places) = places {
        places.squares = drawing
            .cells
            .iter()
            .filter(|(_, _, kind)| matches!(kind, CellKind::Square(..)))
            .filter_map(|(tok, _, _)| Some((cell_of(tok, castle)?, tok.line, tok.column)))
            .collect();
        places.directives = drawing
            .directives
            .given
            .iter()
            .map(|(line, word, _)| (word.clone(), *line))
            .collect();
        places.notes = notes;
    }
    build(&drawing, castle, ruleset, shape, side, &flagged, problems)
}

/// The most problems a kingdom file is read for: past them it is not read further (the list
/// shows the first hundred and counts the rest).
const MAX_FILE_PROBLEMS: usize = 1000;

/// Whether `c` separates cells where spaces were meant (`W1,W,C`, `| W | C |`).
fn is_cell_separator(c: char) -> bool {
    matches!(c, ',' | ';' | '|' | '、' | '，')
}

/// Why reading stopped before the castle was looked for.
enum Stop {
    /// Too many rows, or cells in a row, for a kingdom: the file is not read further.
    TooLarge,
    /// No row at all.
    Empty,
}

/// Every cell of every row, with the `@` lines of a side. A file too large to be a kingdom (too
/// many rows or cells in a row) or without any row stops here.
fn read_cells<'t>(
    text: &'t str,
    ruleset: &Ruleset,
    side: Option<&Syntax<'_>>,
    problems: &mut Problems<'_>,
) -> Result<Drawing<'t>, Stop> {
    let mut drawing = Drawing {
        cells: Vec::new(),
        directives: Directives::default(),
        castle_misspelt: false,
        not_plain: false,
        line_problems: 0,
    };
    let mut row = 0;
    for (i, line) in text.lines().enumerate() {
        // A file of more problems than anyone reads is not read further (a megabyte of `@`
        // lines had kept half a million of them, 155 MB).
        if problems.list.len() >= MAX_FILE_PROBLEMS {
            // (Said first, without a place: the list shows its first hundred.)
            problems.push(
                0,
                0,
                format!(
                    "{MAX_FILE_PROBLEMS} problems by line {}: the file is not read further",
                    i + 1
                ),
            );
            return Err(Stop::TooLarge);
        }
        // Plain text only: a lone carriage return (or a line or paragraph separator) would join
        // two rows into one, other controls would reach the terminal.
        if let Some((column, c)) = line
            .chars()
            .enumerate()
            .find(|&(_, c)| c != '\t' && crownlands_core::text::is_unsafe_char(c))
        {
            let what = match c {
                '\r' => " (a carriage return: lines end with a new line, or a carriage return \
                          and a new line)"
                    .to_string(),
                _ => String::new(),
            };
            problems.push(
                i + 1,
                column + 1,
                format!(
                    "this line holds the control or invisible character U+{:04X}{what}; a \
                     kingdom file is plain text",
                    u32::from(c)
                ),
            );
            drawing.not_plain = true;
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(syntax) = side
            && trimmed.starts_with('@')
        {
            let before = problems.list.len();
            directive(i + 1, line, syntax, &mut drawing.directives, problems);
            drawing.line_problems += problems.list.len() - before;
            continue;
        }
        let line_tokens = tokens(line);
        let too_far = if row >= MAX_FILE_CELLS {
            Some((1, format!("more than {MAX_FILE_CELLS} rows")))
        } else {
            line_tokens
                .get(MAX_FILE_CELLS)
                .map(|&(c, _)| (c, format!("more than {MAX_FILE_CELLS} cells in a row")))
        };
        if let Some((column, what)) = too_far {
            // One problem for the whole file, not one a cell.
            problems.push(
                i + 1,
                column,
                format!(
                    "{what}: a kingdom spans at most {MAX_GRID}x{MAX_GRID} squares; this file \
                     is not read further"
                ),
            );
            return Err(Stop::TooLarge);
        }
        for (col, (column, t)) in line_tokens.into_iter().enumerate() {
            let tok = Token {
                line: i + 1,
                column,
                row,
                col,
            };
            if t.starts_with('#') {
                problems.push(
                    tok.line,
                    tok.column,
                    "a comment must be on a line of its own: `#` starts a comment only at the start of a line, not after cells".to_string(),
                );
                break;
            }
            match cell_kind(t, ruleset, side) {
                Ok(kind) => drawing.cells.push((tok, t, kind)),
                Err(e) => {
                    let message = cell_problem(t, e, ruleset, side, &mut drawing.castle_misspelt);
                    problems.push(tok.line, tok.column, message);
                }
            }
        }
        row += 1;
    }
    if row == 0 {
        return Err(Stop::Empty);
    }
    Ok(drawing)
}

/// What is wrong with the cell `t`, in words. A castle written wrong (`c`, `C3`) is noted in
/// `castle_misspelt`.
fn cell_problem(
    t: &str,
    e: CellError,
    ruleset: &Ruleset,
    side: Option<&Syntax<'_>>,
    castle_misspelt: &mut bool,
) -> String {
    match e {
        CellError::Piece(message) => {
            // `C3` was reported as the castle written wrong: no "no castle" as well.
            *castle_misspelt |= t.starts_with('C');
            message
        }
        // `W1 ,W ,C`, `| W | C |`: cells separated by something else than spaces (the castle
        // may be among them: no "no castle" as well).
        CellError::UnknownSymbol(sep) if is_cell_separator(sep) => {
            *castle_misspelt |= t.contains('C');
            format!(
                "unexpected `{sep}` in `{t}`: cells are separated by spaces or tabs, not `{sep}`"
            )
        }
        CellError::UnknownSymbol(c) => {
            let hint = if c == 'c' {
                *castle_misspelt = true;
                " (the castle is `C`, upper case)".to_string()
            } else {
                match ruleset.terrain_by_symbol(c.to_ascii_uppercase()) {
                    Some(_) if c.is_ascii_lowercase() => format!(
                        " (symbols are upper case: did you mean `{}`?)",
                        c.to_ascii_uppercase()
                    ),
                    _ => String::new(),
                }
            };
            let symbols: Vec<String> = ruleset
                .terrains()
                .iter()
                .map(|t| format!("{} ({})", t.symbol, t.name))
                .collect();
            format!(
                "unknown symbol `{c}` in `{t}`{hint}; this ruleset's symbols are {}, plus `C` (castle) and `.` (empty)",
                symbols.join(", ")
            )
        }
        CellError::Crowns(terrain) => format!(
            "bad crown count in `{t}`: {}{}, written without leading zeros",
            crowns_in_words(ruleset, terrain),
            if ruleset.buildings().iter().any(|b| b.crowns > 0) {
                " (a building's crowns are its mark's, `T[N]`)"
            } else {
                ""
            }
        ),
        CellError::Suffix(rest) => {
            // Cells run together (`W1,W,C`): the castle may be among them, so no "no castle".
            *castle_misspelt |= rest.contains('C');
            if let Some(sep) = rest.chars().next().filter(|&c| is_cell_separator(c)) {
                return format!(
                    "unexpected `{rest}` in `{t}`: cells are separated by spaces or tabs, not `{sep}`"
                );
            }
            if let Some(syntax) = side.filter(|s| !s.marks.is_empty()) {
                format!(
                    "unexpected `{rest}` in `{t}`: a cell is `.`, `C`, or a terrain symbol with an optional crown count such as `F2`, then optionally marks: {} (a numbered mark first, symbols repeated once a piece)",
                    syntax.marks_in_words()
                )
            } else {
                format!(
                    "unexpected `{rest}` in `{t}`: a cell is `.`, `C`, or a terrain symbol with an optional crown count such as `F2`"
                )
            }
        }
    }
}

/// The castle: exactly once (a second one is a problem).
fn find_castle<'c>(
    cells: &'c [(Token, &str, CellKind)],
    problems: &mut Problems<'_>,
) -> Option<&'c Token> {
    let mut castle: Option<&Token> = None;
    for (tok, _, kind) in cells {
        if matches!(kind, CellKind::Castle) {
            match castle {
                None => castle = Some(tok),
                Some(first) => problems.push(
                    tok.line,
                    tok.column,
                    format!(
                        "a second castle; the kingdom's castle is already at line {}, column {}",
                        first.line, first.column
                    ),
                ),
            }
        }
    }
    castle
}

/// The bounding box, growing in file order: report the first cell that outgrows the grid, with
/// the whole kingdom's span.
fn check_span(cells: &[(Token, &str, CellKind)], grid: u8, problems: &mut Problems<'_>) {
    let g = usize::from(grid);
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (tok, _, kind) in cells {
        if matches!(kind, CellKind::Empty) {
            continue;
        }
        let b = match bounds {
            None => (tok.row, tok.row, tok.col, tok.col),
            Some((r0, r1, c0, c1)) => (
                r0.min(tok.row),
                r1.max(tok.row),
                c0.min(tok.col),
                c1.max(tok.col),
            ),
        };
        let (h, w) = (b.1 - b.0 + 1, b.3 - b.2 + 1);
        if h > g || w > g {
            // Report the whole kingdom's span, not just up to this cell.
            let (mut rh, mut rw) = (h, w);
            let all = cells
                .iter()
                .filter(|(_, _, k)| !matches!(k, CellKind::Empty));
            let rows = all.clone().map(|(t, _, _)| t.row);
            let cols = all.map(|(t, _, _)| t.col);
            if let (Some(a), Some(z)) = (rows.clone().min(), rows.max()) {
                rh = z - a + 1;
            }
            if let (Some(a), Some(z)) = (cols.clone().min(), cols.max()) {
                rw = z - a + 1;
            }
            problems.push(
                tok.line,
                tok.column,
                format!("the kingdom spans {rw}x{rh} squares; this ruleset allows {g}x{g}"),
            );
            return;
        }
        bounds = Some(b);
    }
}

/// The squares against the box. A kind of square no domino of the ruleset shows (a terrain
/// with a count of crowns none of its squares has) is a problem. More squares of one kind than
/// the dominoes hold (Kingdomino has one mine square with 3 crowns: a second `M3`) is a note,
/// returned, said once for each kind at the first square past the box's count: a kingdom no
/// game could build, scored as written (a kingdom sketched to try a bonus, all wheat).
fn check_box(
    cells: &[(Token, &str, CellKind)],
    ruleset: &Ruleset,
    problems: &mut Problems<'_>,
) -> Vec<Diagnostic> {
    let mut in_box: std::collections::HashMap<Square, usize> = std::collections::HashMap::new();
    for d in ruleset.dominoes() {
        for s in [d.first, d.second] {
            *in_box.entry(s).or_default() += 1;
        }
    }
    let mut notes = Vec::new();
    let mut seen: std::collections::HashMap<Square, usize> = std::collections::HashMap::new();
    for (tok, _, kind) in cells {
        let CellKind::Square(square, _) = kind else {
            continue;
        };
        let n = seen.entry(*square).or_default();
        *n += 1;
        let held = in_box.get(square).copied().unwrap_or(0);
        if held == 0 && *n == 1 {
            problems.push(
                tok.line,
                tok.column,
                format!(
                    "no domino of this ruleset shows a {} ({})",
                    squares_in_words(ruleset, *square, 1),
                    crowns_shown(ruleset, square.terrain, &in_box)
                ),
            );
        } else if held > 0 && *n == held + 1 {
            let total = cells
                .iter()
                .filter(|(_, _, k)| matches!(k, CellKind::Square(s, _) if s == square))
                .count();
            notes.push(problems.at(
                tok.line,
                tok.column,
                format!(
                    "{total} {} here, and this ruleset's dominoes hold {held}: no game could \
                     build this kingdom (scored as written)",
                    squares_in_words(ruleset, *square, total)
                ),
            ));
        }
    }
    notes
}

/// "its mine squares show 1, 2 or 3 crowns", "it has no mine squares".
fn crowns_shown(
    ruleset: &Ruleset,
    terrain: TerrainId,
    in_box: &std::collections::HashMap<Square, usize>,
) -> String {
    let name = &ruleset.terrain(terrain).name;
    let mut counts: Vec<u8> = in_box
        .keys()
        .filter(|s| s.terrain == terrain)
        .map(|s| s.crowns)
        .collect();
    counts.sort_unstable();
    let words: Vec<String> = counts.iter().map(u8::to_string).collect();
    match words.as_slice() {
        [] => format!("it has no {name} squares"),
        [one] if one == "1" => format!("its {name} squares show 1 crown"),
        [one] => format!("its {name} squares show {one} crowns"),
        [rest @ .., last] => format!(
            "its {name} squares show {} or {last} crowns",
            rest.join(", ")
        ),
    }
}

/// "mine squares with 3 crowns", "wheat squares without a crown", singular for 1.
fn squares_in_words(ruleset: &Ruleset, square: Square, count: usize) -> String {
    let name = &ruleset.terrain(square.terrain).name;
    let noun = if count == 1 { "square" } else { "squares" };
    match square.crowns {
        0 => format!("{name} {noun} without a crown"),
        1 => format!("{name} {noun} with 1 crown"),
        n => format!("{name} {noun} with {n} crowns"),
    }
}

/// Each module checks its own marks, all at once (a building number that does not exist, on the
/// wrong terrain or built twice; too many knights on a square); each problem is placed at its
/// square. The marks found wrong: each square's (line, column) with the module whose marks
/// there were found wrong.
fn check_marks(
    cells: &[(Token, &str, CellKind)],
    ruleset: &Ruleset,
    syntax: &Syntax<'_>,
    problems: &mut Problems<'_>,
) -> HashSet<(usize, usize, usize)> {
    let mut flagged = HashSet::new();
    for (me, module) in syntax.list.modules().iter().enumerate() {
        let mut marks: Vec<FileMark<'_>> = Vec::new();
        for (tok, t, kind) in cells {
            let CellKind::Square(square, cell_marks) = kind else {
                continue;
            };
            for m in cell_marks {
                if syntax.mark(m.symbol).is_some_and(|(i, _)| i == me) {
                    marks.push(FileMark {
                        line: tok.line,
                        column: tok.column,
                        token: t,
                        square: *square,
                        symbol: m.symbol,
                        number: m.number,
                        count: m.count,
                    });
                }
            }
        }
        if marks.is_empty() {
            continue;
        }
        for (i, message) in module.check_marks(ruleset, &marks) {
            if let Some(m) = marks.get(i) {
                problems.push(m.line, m.column, message);
                flagged.insert((m.line, m.column, me));
            }
        }
    }
    flagged
}

/// The cell of the square written at `tok`, from the castle written at `castle` (`None` past
/// what a cell can say: within the grid, the offsets are small).
fn cell_of(tok: &Token, castle: &Token) -> Option<Cell> {
    let x = i8::try_from(tok.col as i64 - castle.col as i64).ok()?;
    let y = i8::try_from(tok.row as i64 - castle.row as i64).ok()?;
    Some(Cell::new(x, y))
}

/// The kingdom and the side's module data, from cells found sound: squares placed from the
/// castle, then each mark and `@` line read by its module, in file order.
fn build(
    drawing: &Drawing<'_>,
    castle: &Token,
    ruleset: &Ruleset,
    grid: KingdomShape,
    side: Option<&Syntax<'_>>,
    flagged: &HashSet<(usize, usize, usize)>,
    mut problems: Problems<'_>,
) -> Result<(Kingdom, ModuleData), Diagnostics> {
    let mut kingdom = Kingdom::shaped(grid);
    let mut marked: Vec<(&Token, Cell, &[CellMark])> = Vec::new();
    for (tok, _, kind) in &drawing.cells {
        let CellKind::Square(sq, marks) = kind else {
            continue;
        };
        let Some(cell) = cell_of(tok, castle) else {
            problems.push(
                tok.line,
                tok.column,
                "this square lies too far from the castle".to_string(),
            );
            continue;
        };
        if let Err(e) = kingdom.set_square(cell, *sq) {
            problems.push(tok.line, tok.column, e.to_string());
            continue;
        }
        if !marks.is_empty() {
            marked.push((tok, cell, marks));
        }
    }
    let Some(syntax) = side else {
        return if problems.list.is_empty() {
            Ok((kingdom, ModuleData::default()))
        } else {
            Err(problems.sorted())
        };
    };
    let list = syntax.list;
    let mut data = list.new_data();
    let modules = list.modules();
    for (tok, cell, marks) in marked {
        for m in marks {
            let Some((me, _)) = syntax.mark(m.symbol) else {
                continue;
            };
            // Found wrong already: said once.
            if flagged.contains(&(tok.line, tok.column, me)) {
                continue;
            }
            let edit = SideEdit::new(ruleset, &mut kingdom, list, &mut data, Side(0), me);
            if let Err(e) = modules[me].read_mark(edit, cell, m.symbol, m.number, m.count) {
                problems.push(tok.line, tok.column, e);
            }
        }
    }
    for (line, word, value) in &drawing.directives.given {
        let Some((me, _)) = syntax.directive(word) else {
            continue;
        };
        let edit = SideEdit::new(ruleset, &mut kingdom, list, &mut data, Side(0), me);
        if let Err(e) = modules[me].read_directive(edit, word, *value) {
            problems.push(*line, 1, e);
        }
    }
    if problems.list.is_empty() {
        Ok((kingdom, data))
    } else {
        Err(problems.sorted())
    }
}

enum CellError {
    UnknownSymbol(char),
    /// A crown count past what a square of this terrain shows, or with a leading zero.
    Crowns(TerrainId),
    Suffix(String),
    /// A problem with a building or knights, fully worded.
    Piece(String),
}

fn cell_kind(t: &str, ruleset: &Ruleset, side: Option<&Syntax<'_>>) -> Result<CellKind, CellError> {
    match t {
        "." => return Ok(CellKind::Empty),
        "C" => return Ok(CellKind::Castle),
        _ => {}
    }
    let mut chars = t.chars();
    let symbol = chars.next().ok_or(CellError::Suffix(String::new()))?;
    let rest = chars.as_str();
    if let Some(syntax) = side
        && (symbol == 'C' || symbol == '.')
        && rest
            .chars()
            .next()
            .is_some_and(|c| syntax.mark(c).is_some())
    {
        let what = if symbol == 'C' {
            "the castle"
        } else {
            "an empty square"
        };
        return Err(CellError::Piece(format!(
            "`{t}`: marks ({}) stand on terrain squares, not on {what}",
            syntax.marks_in_words()
        )));
    }
    if (symbol == 'C' || symbol == '.') && ruleset.terrain_by_symbol(symbol).is_none() {
        let what = if symbol == 'C' {
            "the castle `C`"
        } else {
            "an empty square `.`"
        };
        return Err(CellError::Piece(format!(
            "`{t}`: {what} stands alone, with no crowns or suffix"
        )));
    }
    let terrain = ruleset
        .terrain_by_symbol(symbol)
        .ok_or(CellError::UnknownSymbol(symbol))?;
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, suffix) = rest.split_at(digits_end);
    let crowns = if digits.is_empty() {
        0
    } else {
        // (`W01`: leading zeros are refused here as everywhere else numbers are read.)
        match digits.parse::<u8>() {
            Ok(n)
                if n <= most_crowns(ruleset, terrain)
                    && !(digits.len() > 1 && digits.starts_with('0')) =>
            {
                n
            }
            _ => return Err(CellError::Crowns(terrain)),
        }
    };
    let marks = match side {
        Some(syntax) => marks(t, suffix, syntax)?,
        None if suffix.is_empty() => Vec::new(),
        None => return Err(CellError::Suffix(suffix.to_string())),
    };
    Ok(CellKind::Square(Square { terrain, crowns }, marks))
}

/// The marks after a square: an optional numbered one `[N]`, then symbols, each repeated once
/// per piece (`+++`), each symbol in one run.
fn marks(t: &str, suffix: &str, syntax: &Syntax<'_>) -> Result<Vec<CellMark>, CellError> {
    let mut rest = suffix;
    let mut out = Vec::new();
    if let Some((after, (_, mark))) = rest.strip_prefix('[').zip(syntax.mark('[')) {
        let what = mark.what;
        let Some(end) = after.find(']') else {
            return Err(CellError::Piece(format!(
                "`[` without `]` in `{t}`: a {what} is written `[N]`, e.g. `T[12]`"
            )));
        };
        let number = &after[..end];
        // Digits, no leading zeros (`T[01]`), as every number of the file is written.
        let n = number.parse::<u32>().ok().filter(|_| {
            number.bytes().all(|b| b.is_ascii_digit())
                && (number == "0" || !number.starts_with('0'))
        });
        let Some(n) = n else {
            return Err(CellError::Piece(format!(
                "bad {what} number `[{}]` in `{t}`: write the number of a {what} tile without leading zeros, e.g. `T[12]`",
                crownlands_core::text::excerpt(number)
            )));
        };
        out.push(CellMark {
            symbol: '[',
            number: Some(n),
            count: 1,
        });
        rest = &after[end + 1..];
    }
    while let Some(c) = rest.chars().next() {
        match syntax.mark(c) {
            Some((_, mark)) if mark.numbered() => {
                return Err(CellError::Piece(format!(
                    "unexpected `{rest}` in `{t}`: one {} a square, written before the other marks (`T[12]+`)",
                    mark.what
                )));
            }
            Some(_) if !out.iter().any(|m: &CellMark| m.symbol == c) => {
                let run = rest.len() - rest.trim_start_matches(c).len();
                let count = run / c.len_utf8();
                if count > MAX_MARKS_PER_SQUARE {
                    return Err(CellError::Piece(format!(
                        "{count} `{c}` on one square in `{t}`; at most {MAX_MARKS_PER_SQUARE} are supported"
                    )));
                }
                out.push(CellMark {
                    symbol: c,
                    number: None,
                    count: count as u32,
                });
                rest = &rest[run..];
            }
            _ => return Err(CellError::Suffix(rest.to_string())),
        }
    }
    Ok(out)
}

/// Draw a kingdom in the kingdom file format (the inverse of [`parse`]): its bounding box, one
/// row per line, cells padded to a common width. Squares only: a building's crowns are counted
/// in its square's (`T1`, which a town square of Queendomino never shows, so [`parse`] refuses
/// it); [`render_side`] writes a side's buildings as marks and reads back.
pub fn render(kingdom: &Kingdom, ruleset: &Ruleset) -> String {
    render_impl(kingdom, &[], ruleset)
}

/// Draw a kingdom and what the modules keep for its side (the inverse of [`parse_side`]): each
/// module's marks after its squares (a building as `[N]`, the square showing its own crowns
/// without the building's; knights as `+`), then the modules' `@` lines for what is not 0.
/// Pieces on squares outside the kingdom cannot be drawn and are left out.
pub fn render_side(side: SideView<'_>) -> String {
    let list = side.list();
    let syntax = Syntax::of(list);
    let mut marks: Vec<PlacedMark> = Vec::new();
    let mut lines: Vec<(&'static str, Option<u32>)> = Vec::new();
    for (i, m) in list.modules().iter().enumerate() {
        let view = side.for_module(i);
        let mut mine = Vec::new();
        m.write_marks(view, &mut mine);
        marks.extend(
            mine.into_iter()
                .filter(|p| syntax.mark(p.symbol).is_some_and(|(me, _)| me == i)),
        );
        let mut mine = Vec::new();
        m.write_directives(view, &mut mine);
        lines.extend(
            mine.into_iter()
                .filter(|(w, _)| syntax.directive(w).is_some_and(|(me, _)| me == i)),
        );
    }
    // A numbered mark first on its square.
    marks.sort_by_key(|m| !m.symbol.eq(&'['));
    let mut out = render_impl(side.kingdom, &marks, side.ruleset);
    for (word, n) in lines {
        match n {
            Some(n) => out.push_str(&format!("@{word} {n}\n")),
            None => out.push_str(&format!("@{word}\n")),
        }
    }
    out
}

fn render_impl(kingdom: &Kingdom, marks: &[PlacedMark], ruleset: &Ruleset) -> String {
    let (min_x, min_y, max_x, max_y) = kingdom.bounds();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for y in min_y..=max_y {
        let mut row = Vec::new();
        for x in min_x..=max_x {
            let cell = Cell::new(x, y);
            row.push(match kingdom.content(cell) {
                crownlands_core::Content::Empty => ".".to_string(),
                crownlands_core::Content::Castle => "C".to_string(),
                crownlands_core::Content::Square(sq) => {
                    let symbol = ruleset
                        .terrains()
                        .get(sq.terrain.index())
                        .map_or('?', |t| t.symbol);
                    let here = marks.iter().filter(|m| m.cell == cell);
                    let added: u8 = here.clone().map(|m| m.crowns).sum();
                    let crowns = sq.crowns - added.min(sq.crowns);
                    let mut text = symbol.to_string();
                    if crowns > 0 {
                        text.push_str(&crowns.to_string());
                    }
                    for m in here {
                        match m.number {
                            Some(n) => text.push_str(&format!("[{n}]")),
                            None => {
                                let count = m.count.min(MAX_MARKS_PER_SQUARE as u32) as usize;
                                text.extend(std::iter::repeat_n(m.symbol, count));
                            }
                        }
                    }
                    text
                }
            });
        }
        rows.push(row);
    }
    let width = rows.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| format!("{c:width$}")).collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

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
//! reports any other as an error. [`parse_side`] reads the Queendomino pieces too:
//!
//! ```text
//! # a Queendomino side
//! W1 T[6]+ F
//! .  C     T[30]
//! G2++ G
//! @coins 11
//! @towers 3
//! @knights 2
//! @queen
//! ```
//!
//! - `[N]` after a square: building number N stands on it (a town square); its crowns are added
//!   to the square's.
//! - `+` after a square (repeatable, after any `[N]`): one knight placed on it.
//! - Lines starting with `@` give the rest of the side's holdings: `@coins N`, `@towers N`,
//!   `@knights N` (knights in hand, not placed) and `@queen` (this kingdom hosts the Queen).
//!   Each at most once; what is not given is 0 (or no Queen).

use crate::{Diagnostic, Diagnostics};
use crownlands_core::MAX_GRID;
use crownlands_core::domino::MAX_CROWNS;
use crownlands_core::modules::{Holdings, Param};
use crownlands_core::{BuildingId, Cell, Kingdom, Ruleset, Square, TerrainId};
use std::io::Read;
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
    let name = path.display().to_string();
    let fail = |msg: String| Diagnostics(vec![Diagnostic::unplaced(&name, msg)]);
    let meta =
        std::fs::metadata(path).map_err(|e| fail(format!("cannot read the kingdom file: {e}")))?;
    if !meta.is_file() {
        return Err(fail(
            "not a regular file: a kingdom file is read whole, so devices, pipes and \
             directories are refused"
                .to_string(),
        ));
    }
    let too_big = |size: u64| {
        fail(format!(
            "the kingdom file is {size} bytes; at most {MAX_KINGDOM_BYTES} bytes are supported"
        ))
    };
    if meta.len() > MAX_KINGDOM_BYTES {
        return Err(too_big(meta.len()));
    }
    let file = std::fs::File::open(path)
        .map_err(|e| fail(format!("cannot read the kingdom file: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_KINGDOM_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read the kingdom file: {e}")))?;
    if bytes.len() as u64 > MAX_KINGDOM_BYTES {
        // It grew while being read.
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let prefix = String::from_utf8_lossy(&e.into_bytes()[..good]).into_owned();
        let (line, column) = crate::line_col(&prefix, good);
        Diagnostics::one(&name, line, column, "the kingdom file is not UTF-8 text")
    })
}

/// The most knights one square may hold in a kingdom file.
pub const MAX_KNIGHTS_PER_SQUARE: u32 = 64;
/// The largest count an `@` line may give.
pub const MAX_HOLDING: u32 = 1_000_000;

struct Token {
    line: usize,
    column: usize,
    row: usize,
    col: usize,
}

enum CellKind {
    Empty,
    Castle,
    /// A square, with the building standing on it (index into the ruleset's buildings) and the
    /// knights on it.
    Square(Square, Option<usize>, u32),
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
pub fn parse(text: &str, file: &str, ruleset: &Ruleset, grid: u8) -> Result<Kingdom, Diagnostics> {
    parse_impl(text, file, ruleset, grid, false).map(|(k, _)| k)
}

/// Parse a kingdom file with Queendomino pieces (buildings `[N]`, knights `+`, and the `@coins`,
/// `@towers`, `@knights`, `@queen` lines): the kingdom, with the buildings' crowns added to their
/// squares, and the side's holdings. Buildings and placed knights are listed row by row.
pub fn parse_side(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    grid: u8,
) -> Result<(Kingdom, Holdings), Diagnostics> {
    parse_impl(text, file, ruleset, grid, true)
}

/// The terrain buildings stand on: the `buildings` module's `town` parameter in any of the
/// ruleset's player counts, else the terrain named `town`.
pub fn town_terrain(ruleset: &Ruleset) -> Option<TerrainId> {
    let name = ruleset
        .player_counts()
        .iter()
        .flat_map(|(_, r)| &r.modules)
        .filter(|m| m.name == "buildings")
        .find_map(|m| match m.params.get("town") {
            Some(Param::Text(t)) => Some(t.as_str()),
            _ => None,
        })
        .unwrap_or("town");
    ruleset.terrain_by_name(name)
}

/// The holdings given by `@` lines, each with where it was given.
#[derive(Default)]
struct Directives {
    coins: Option<(usize, u32)>,
    towers: Option<(usize, u32)>,
    knights: Option<(usize, u32)>,
    queen: Option<usize>,
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
            message,
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

fn directive(line_no: usize, line: &str, d: &mut Directives, problems: &mut Problems<'_>) {
    let toks = tokens(line);
    let Some(&(column, word)) = toks.first() else {
        return;
    };
    let known = "@coins N, @towers N, @knights N (knights in hand) and @queen";
    let earlier = match word {
        "@queen" => d.queen,
        "@coins" => d.coins.map(|(l, _)| l),
        "@towers" => d.towers.map(|(l, _)| l),
        "@knights" => d.knights.map(|(l, _)| l),
        _ => {
            problems.push(
                line_no,
                column,
                format!("unknown line `{word}`; a line starting with `@` is one of {known}"),
            );
            return;
        }
    };
    if let Some(first) = earlier {
        problems.push(
            line_no,
            column,
            format!("`{word}` is given twice (first on line {first})"),
        );
        return;
    }
    let slot = match word {
        "@coins" => Some(&mut d.coins),
        "@towers" => Some(&mut d.towers),
        "@knights" => Some(&mut d.knights),
        _ => None,
    };
    match slot {
        None => {
            if let Some(&(c, extra)) = toks.get(1) {
                problems.push(
                    line_no,
                    c,
                    format!("unexpected `{extra}`: `@queen` takes no value"),
                );
                return;
            }
            d.queen = Some(line_no);
        }
        Some(slot) => {
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
            match value.parse::<u32>() {
                Ok(n) if n <= MAX_HOLDING && value.bytes().all(|b| b.is_ascii_digit()) => {
                    *slot = Some((line_no, n))
                }
                _ => problems.push(
                    line_no,
                    c,
                    format!(
                        "bad number `{value}` for `{word}`: a whole number from 0 to {MAX_HOLDING}"
                    ),
                ),
            }
        }
    }
}

/// What the lines of a kingdom file hold: every cell with where it is written, and the `@`
/// lines.
struct Drawing {
    cells: Vec<(Token, CellKind)>,
    directives: Directives,
    /// A `c` or a `C` with a suffix was reported as the castle written wrong: no "no castle"
    /// as well.
    castle_misspelt: bool,
}

/// Read a kingdom file in steps: its cells (and `@` lines), then the castle, the kingdom's span,
/// the buildings, and last the kingdom itself. Every problem of a step is reported at once.
fn parse_impl(
    text: &str,
    file: &str,
    ruleset: &Ruleset,
    grid: u8,
    side: bool,
) -> Result<(Kingdom, Holdings), Diagnostics> {
    let mut problems = Problems {
        file,
        list: Vec::new(),
    };
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
        Err(Stop::Empty) => {
            let empty = "the kingdom file is empty: it needs at least the castle `C`";
            return Err(Diagnostics(vec![problems.at(1, 1, empty.to_string())]));
        }
    };
    let castle = find_castle(&drawing.cells, &mut problems);
    check_span(&drawing.cells, grid, &mut problems);
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
    check_buildings(&drawing.cells, ruleset, &mut problems);
    if !problems.list.is_empty() {
        return Err(problems.sorted());
    }
    build(&drawing, castle, ruleset, grid, problems)
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
fn read_cells(
    text: &str,
    ruleset: &Ruleset,
    side: bool,
    problems: &mut Problems<'_>,
) -> Result<Drawing, Stop> {
    let mut drawing = Drawing {
        cells: Vec::new(),
        directives: Directives::default(),
        castle_misspelt: false,
    };
    let mut row = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if side && trimmed.starts_with('@') {
            directive(i + 1, line, &mut drawing.directives, problems);
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
                Ok(kind) => drawing.cells.push((tok, kind)),
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
    side: bool,
    castle_misspelt: &mut bool,
) -> String {
    match e {
        CellError::Piece(message) => {
            // `C3` was reported as the castle written wrong: no "no castle" as well.
            *castle_misspelt |= t.starts_with('C');
            message
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
        CellError::Crowns => {
            format!("bad crown count in `{t}`: a square shows 0 to {MAX_CROWNS} crowns")
        }
        CellError::Suffix(rest) => {
            if side {
                format!(
                    "unexpected `{rest}` in `{t}`: a cell is `.`, `C`, or a terrain symbol with an optional crown count, then optionally a building `[N]` and knights `+`, such as `F2`, `T[12]` or `G1++`"
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
    cells: &'c [(Token, CellKind)],
    problems: &mut Problems<'_>,
) -> Option<&'c Token> {
    let mut castle: Option<&Token> = None;
    for (tok, kind) in cells {
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
fn check_span(cells: &[(Token, CellKind)], grid: u8, problems: &mut Problems<'_>) {
    let g = usize::from(grid);
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (tok, kind) in cells {
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
            let all = cells.iter().filter(|(_, k)| !matches!(k, CellKind::Empty));
            let rows = all.clone().map(|(t, _)| t.row);
            let cols = all.map(|(t, _)| t.col);
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

/// Buildings: on town squares, each at most once, and with the square's crowns at most
/// [`MAX_CROWNS`].
fn check_buildings(cells: &[(Token, CellKind)], ruleset: &Ruleset, problems: &mut Problems<'_>) {
    let town = town_terrain(ruleset);
    let mut placed: Vec<(usize, &Token)> = Vec::new();
    for (tok, kind) in cells {
        let CellKind::Square(sq, Some(b), _) = kind else {
            continue;
        };
        let building = &ruleset.buildings()[*b];
        if town != Some(sq.terrain) {
            let what = &ruleset.terrain(sq.terrain).name;
            let message = match town {
                Some(t) => format!(
                    "building {} ({}) stands on a {} square, not on {what}",
                    building.number,
                    building.label(),
                    ruleset.terrain(t).name
                ),
                None => format!(
                    "building {} ({}) needs a town square, but this ruleset has no town terrain",
                    building.number,
                    building.label()
                ),
            };
            problems.push(tok.line, tok.column, message);
        }
        match placed.iter().find(|(x, _)| x == b) {
            Some((_, first)) => problems.push(
                tok.line,
                tok.column,
                format!(
                    "building {} ({}) is already at line {}, column {}: each building is built once",
                    building.number,
                    building.label(),
                    first.line,
                    first.column
                ),
            ),
            None => placed.push((*b, tok)),
        }
    }
    for (tok, kind) in cells {
        if let CellKind::Square(sq, Some(b), _) = kind
            && sq.crowns.saturating_add(ruleset.buildings()[*b].crowns) > MAX_CROWNS
        {
            problems.push(
                tok.line,
                tok.column,
                format!(
                    "{} crowns on the square and {} on building {}: a square holds at most {MAX_CROWNS}",
                    sq.crowns, ruleset.buildings()[*b].crowns, ruleset.buildings()[*b].number
                ),
            );
        }
    }
}

/// The kingdom and the side's holdings, from cells found sound: squares placed from the castle,
/// buildings' crowns added to their squares, buildings and knights listed row by row.
fn build(
    drawing: &Drawing,
    castle: &Token,
    ruleset: &Ruleset,
    grid: u8,
    mut problems: Problems<'_>,
) -> Result<(Kingdom, Holdings), Diagnostics> {
    let directives = &drawing.directives;
    let mut holdings = Holdings {
        coins: directives.coins.map_or(0, |(_, n)| n),
        towers: directives.towers.map_or(0, |(_, n)| n),
        knights_in_hand: directives.knights.map_or(0, |(_, n)| n),
        hosts_queen: directives.queen.is_some(),
        ..Holdings::default()
    };
    let mut kingdom = Kingdom::new(grid);
    for (tok, kind) in &drawing.cells {
        let CellKind::Square(sq, building, knights) = kind else {
            continue;
        };
        // Within the grid, so the offsets are small.
        let x = tok.col as i64 - castle.col as i64;
        let y = tok.row as i64 - castle.row as i64;
        let (Ok(x), Ok(y)) = (i8::try_from(x), i8::try_from(y)) else {
            problems.push(
                tok.line,
                tok.column,
                "this square lies too far from the castle".to_string(),
            );
            continue;
        };
        let cell = Cell::new(x, y);
        if let Err(e) = kingdom.set_square(cell, *sq) {
            problems.push(tok.line, tok.column, e.to_string());
            continue;
        }
        if let Some(b) = *building {
            let crowns = ruleset.buildings()[b].crowns;
            if let Err(e) = kingdom.add_crowns(cell, crowns) {
                problems.push(tok.line, tok.column, e.to_string());
            }
            // At most 256 buildings (the rules crate's limit), so the index fits.
            holdings.buildings.push((BuildingId(b as u16), cell));
        }
        for _ in 0..*knights {
            holdings.knights_placed.push(cell);
        }
    }
    if problems.list.is_empty() {
        Ok((kingdom, holdings))
    } else {
        Err(Diagnostics(problems.list))
    }
}

enum CellError {
    UnknownSymbol(char),
    Crowns,
    Suffix(String),
    /// A problem with a building or knights, fully worded.
    Piece(String),
}

fn cell_kind(t: &str, ruleset: &Ruleset, side: bool) -> Result<CellKind, CellError> {
    match t {
        "." => return Ok(CellKind::Empty),
        "C" => return Ok(CellKind::Castle),
        _ => {}
    }
    let mut chars = t.chars();
    let symbol = chars.next().ok_or(CellError::Suffix(String::new()))?;
    let rest = chars.as_str();
    if side && (symbol == 'C' || symbol == '.') && rest.starts_with(['[', '+']) {
        let what = if symbol == 'C' {
            "the castle"
        } else {
            "an empty square"
        };
        return Err(CellError::Piece(format!(
            "`{t}`: buildings and knights stand on terrain squares, not on {what}"
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
        match digits.parse::<u8>() {
            Ok(n) if n <= MAX_CROWNS => n,
            _ => return Err(CellError::Crowns),
        }
    };
    let (building, knights) = if side {
        pieces(t, suffix, ruleset)?
    } else if suffix.is_empty() {
        (None, 0)
    } else {
        return Err(CellError::Suffix(suffix.to_string()));
    };
    Ok(CellKind::Square(
        Square { terrain, crowns },
        building,
        knights,
    ))
}

/// The Queendomino suffixes of a square: an optional `[N]`, then any number of `+`.
fn pieces(t: &str, suffix: &str, ruleset: &Ruleset) -> Result<(Option<usize>, u32), CellError> {
    let mut rest = suffix;
    let mut building = None;
    if let Some(after) = rest.strip_prefix('[') {
        let Some(end) = after.find(']') else {
            return Err(CellError::Piece(format!(
                "`[` without `]` in `{t}`: a building is written `[N]`, e.g. `T[12]`"
            )));
        };
        let number = &after[..end];
        let n = number
            .parse::<u16>()
            .ok()
            .filter(|_| number.bytes().all(|b| b.is_ascii_digit()));
        let Some(n) = n else {
            return Err(CellError::Piece(format!(
                "bad building number `[{number}]` in `{t}`: write the number of a building tile, e.g. `T[12]`"
            )));
        };
        let Some(index) = ruleset.buildings().iter().position(|b| b.number == n) else {
            let numbers: Vec<u16> = ruleset.buildings().iter().map(|b| b.number).collect();
            let known = match (numbers.iter().min(), numbers.iter().max()) {
                (Some(lo), Some(hi)) => {
                    format!("this ruleset's buildings are numbered {lo} to {hi}")
                }
                _ => "this ruleset has no buildings".to_string(),
            };
            return Err(CellError::Piece(format!(
                "unknown building number {n} in `{t}`; {known}"
            )));
        };
        building = Some(index);
        rest = &after[end + 1..];
    }
    let knights = rest.len() - rest.trim_start_matches('+').len();
    let rest = &rest[knights..];
    if !rest.is_empty() {
        if rest.starts_with('[') {
            return Err(CellError::Piece(format!(
                "unexpected `{rest}` in `{t}`: one building a square, written before the knights (`T[12]+`)"
            )));
        }
        return Err(CellError::Suffix(rest.to_string()));
    }
    if knights as u32 > MAX_KNIGHTS_PER_SQUARE {
        return Err(CellError::Piece(format!(
            "{knights} knights on one square in `{t}`; at most {MAX_KNIGHTS_PER_SQUARE} are supported"
        )));
    }
    Ok((building, knights as u32))
}

/// Draw a kingdom in the kingdom file format (the inverse of [`parse`]): its bounding box, one
/// row per line, cells padded to a common width.
pub fn render(kingdom: &Kingdom, ruleset: &Ruleset) -> String {
    render_impl(kingdom, None, ruleset)
}

/// Draw a kingdom and a side's holdings (the inverse of [`parse_side`]): buildings as `[N]` (the
/// square shows its own crowns, without the building's), knights as `+`, then the `@` lines for
/// what is not 0. Pieces on squares outside the kingdom cannot be drawn and are left out.
pub fn render_side(kingdom: &Kingdom, holdings: &Holdings, ruleset: &Ruleset) -> String {
    let mut out = render_impl(kingdom, Some(holdings), ruleset);
    for (word, n) in [
        ("@coins", holdings.coins),
        ("@towers", holdings.towers),
        ("@knights", holdings.knights_in_hand),
    ] {
        if n > 0 {
            out.push_str(&format!("{word} {n}\n"));
        }
    }
    if holdings.hosts_queen {
        out.push_str("@queen\n");
    }
    out
}

fn render_impl(kingdom: &Kingdom, holdings: Option<&Holdings>, ruleset: &Ruleset) -> String {
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
                    let building = holdings.and_then(|h| {
                        h.buildings
                            .iter()
                            .find(|(_, c)| *c == cell)
                            .and_then(|(b, _)| ruleset.buildings().get(b.index()))
                    });
                    let crowns = sq.crowns - building.map_or(0, |b| b.crowns.min(sq.crowns));
                    let mut text = symbol.to_string();
                    if crowns > 0 {
                        text.push_str(&crowns.to_string());
                    }
                    if let Some(b) = building {
                        text.push_str(&format!("[{}]", b.number));
                    }
                    if let Some(h) = holdings {
                        let knights = h.knights_placed.iter().filter(|c| **c == cell).count();
                        text.push_str(&"+".repeat(knights));
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

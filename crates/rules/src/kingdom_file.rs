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
//! A cell token is a symbol, then suffixes; today the only suffix is a crown count, and any other
//! suffix is reported as an error, so later notations (Queendomino buildings, knights) can add
//! their own suffixes without changing how existing files read.

use crate::{Diagnostic, Diagnostics};
use crownlands_core::bitboard::MAX_GRID;
use crownlands_core::domino::MAX_CROWNS;
use crownlands_core::{Cell, Kingdom, Ruleset, Square};

struct Token {
    line: usize,
    column: usize,
    row: usize,
    col: usize,
}

enum CellKind {
    Empty,
    Castle,
    Square(Square),
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
    let mut diags: Vec<Diagnostic> = Vec::new();
    let diag = |line: usize, column: usize, message: String| Diagnostic {
        file: file.to_string(),
        line,
        column,
        message,
    };
    if grid == 0 || usize::from(grid) > MAX_GRID {
        return Err(Diagnostics(vec![diag(
            1,
            1,
            format!("grid size {grid}; kingdoms from 1x1 to {MAX_GRID}x{MAX_GRID} are supported"),
        )]));
    }
    let symbols: Vec<String> = ruleset
        .terrains
        .iter()
        .map(|t| format!("{} ({})", t.symbol, t.name))
        .collect();

    let mut cells: Vec<(Token, CellKind)> = Vec::new();
    let mut row = 0;
    // A `c` was reported as "the castle is `C`": no second error for the missing castle.
    let mut lowercase_castle = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        for (col, (column, t)) in tokens(line).into_iter().enumerate() {
            let tok = Token {
                line: i + 1,
                column,
                row,
                col,
            };
            if t.starts_with('#') {
                diags.push(diag(
                    tok.line,
                    tok.column,
                    "a comment must be on a line of its own: `#` starts a comment only at the start of a line, not after cells".to_string(),
                ));
                break;
            }
            match cell_kind(t, ruleset) {
                Ok(kind) => cells.push((tok, kind)),
                Err(CellError::UnknownSymbol(c)) => {
                    let hint = if c == 'c' {
                        lowercase_castle = true;
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
                    diags.push(diag(
                        tok.line,
                        tok.column,
                        format!(
                            "unknown symbol `{c}` in `{t}`{hint}; this ruleset's symbols are {}, plus `C` (castle) and `.` (empty)",
                            symbols.join(", ")
                        ),
                    ))
                }
                Err(CellError::Crowns) => diags.push(diag(
                    tok.line,
                    tok.column,
                    format!("bad crown count in `{t}`: a square shows 0 to {MAX_CROWNS} crowns"),
                )),
                Err(CellError::Suffix(rest)) => diags.push(diag(
                    tok.line,
                    tok.column,
                    format!("unexpected `{rest}` in `{t}`: a cell is `.`, `C`, or a terrain symbol with an optional crown count such as `F2`"),
                )),
            }
        }
        row += 1;
    }
    if row == 0 {
        return Err(Diagnostics(vec![diag(
            1,
            1,
            "the kingdom file is empty: it needs at least the castle `C`".to_string(),
        )]));
    }

    // The castle, exactly once.
    let mut castle: Option<&Token> = None;
    for (tok, kind) in &cells {
        if matches!(kind, CellKind::Castle) {
            match castle {
                None => castle = Some(tok),
                Some(first) => diags.push(diag(
                    tok.line,
                    tok.column,
                    format!(
                        "a second castle; the kingdom's castle is already at line {}, column {}",
                        first.line, first.column
                    ),
                )),
            }
        }
    }

    // The bounding box, growing in file order: report the first cell that outgrows the grid.
    let g = usize::from(grid);
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    let mut too_big = false;
    for (tok, kind) in &cells {
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
        if (h > g || w > g) && !too_big {
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
            diags.push(diag(
                tok.line,
                tok.column,
                format!("the kingdom spans {rw}x{rh} squares; this ruleset allows {g}x{g}"),
            ));
            too_big = true;
        }
        bounds = Some(b);
    }

    let Some(castle) = castle else {
        if !lowercase_castle {
            diags.push(diag(
                1,
                1,
                "the kingdom has no castle: mark it with `C`".to_string(),
            ));
        }
        diags.sort_by_key(|d| (d.line, d.column));
        return Err(Diagnostics(diags));
    };
    if !diags.is_empty() {
        diags.sort_by_key(|d| (d.line, d.column));
        return Err(Diagnostics(diags));
    }

    let mut kingdom = Kingdom::new(grid);
    for (tok, kind) in &cells {
        let CellKind::Square(sq) = kind else { continue };
        // Within the grid, so the offsets are small.
        let x = tok.col as i64 - castle.col as i64;
        let y = tok.row as i64 - castle.row as i64;
        let (Ok(x), Ok(y)) = (i8::try_from(x), i8::try_from(y)) else {
            diags.push(diag(
                tok.line,
                tok.column,
                "this square lies too far from the castle".to_string(),
            ));
            continue;
        };
        if let Err(e) = kingdom.set_square(Cell::new(x, y), *sq) {
            diags.push(diag(tok.line, tok.column, e.to_string()));
        }
    }
    if diags.is_empty() {
        Ok(kingdom)
    } else {
        Err(Diagnostics(diags))
    }
}

enum CellError {
    UnknownSymbol(char),
    Crowns,
    Suffix(String),
}

fn cell_kind(t: &str, ruleset: &Ruleset) -> Result<CellKind, CellError> {
    match t {
        "." => return Ok(CellKind::Empty),
        "C" => return Ok(CellKind::Castle),
        _ => {}
    }
    let mut chars = t.chars();
    let symbol = chars.next().ok_or(CellError::Suffix(String::new()))?;
    let rest = chars.as_str();
    let terrain = ruleset
        .terrain_by_symbol(symbol)
        .ok_or(CellError::UnknownSymbol(symbol))?;
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, suffix) = rest.split_at(digits_end);
    if !suffix.is_empty() {
        return Err(CellError::Suffix(suffix.to_string()));
    }
    let crowns = if digits.is_empty() {
        0
    } else {
        match digits.parse::<u8>() {
            Ok(n) if n <= MAX_CROWNS => n,
            _ => return Err(CellError::Crowns),
        }
    };
    Ok(CellKind::Square(Square { terrain, crowns }))
}

/// Draw a kingdom in the kingdom file format (the inverse of [`parse`]): its bounding box, one
/// row per line, cells padded to a common width.
pub fn render(kingdom: &Kingdom, ruleset: &Ruleset) -> String {
    let (min_x, min_y, max_x, max_y) = kingdom.bounds();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for y in min_y..=max_y {
        let mut row = Vec::new();
        for x in min_x..=max_x {
            row.push(match kingdom.content(Cell::new(x, y)) {
                crownlands_core::Content::Empty => ".".to_string(),
                crownlands_core::Content::Castle => "C".to_string(),
                crownlands_core::Content::Square(sq) => {
                    let symbol = ruleset
                        .terrains
                        .get(sq.terrain.index())
                        .map_or('?', |t| t.symbol);
                    if sq.crowns > 0 {
                        format!("{symbol}{}", sq.crowns)
                    } else {
                        symbol.to_string()
                    }
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

//! Tables of cells laid out in columns: each column as wide as its widest cell, at least the
//! width the table gives it, so that a wide or negative figure (`-249.8 to -163.7`) moves its
//! whole column rather than the rest of its row.

/// How a column's cells stand in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// One column: its least width, how its cells stand, and what comes before it (the gap after
/// the column before; nothing for the first).
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub least: usize,
    pub align: Align,
    pub gap: &'static str,
}

impl Column {
    pub const fn left(least: usize, gap: &'static str) -> Column {
        Column {
            least,
            align: Align::Left,
            gap,
        }
    }

    pub const fn right(least: usize, gap: &'static str) -> Column {
        Column {
            least,
            align: Align::Right,
            gap,
        }
    }
}

/// The columns `cell` takes as it will be shown: its control characters escaped (as standard
/// output shows them), each character as wide as on a terminal.
fn columns_of(cell: &str) -> usize {
    crownlands_core::text::columns(&crownlands_core::text::escape_controls(cell))
}

/// `rows` (the heading first, if any) laid out in `columns`, one line each, without trailing
/// spaces. A row of fewer cells than columns leaves the rest out.
pub fn lay_out(columns: &[Column], rows: &[Vec<String>]) -> Vec<String> {
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|cell| columns_of(cell))
                .max()
                .unwrap_or(0)
                .max(c.least)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let mut line = String::new();
            for ((cell, c), &w) in row.iter().zip(columns).zip(&widths) {
                line.push_str(c.gap);
                // Padded by the columns the cell takes on screen (a CJK name two a character,
                // an accent none), as its width was measured.
                let pad = " ".repeat(w.saturating_sub(columns_of(cell)));
                match c.align {
                    Align::Left => {
                        line.push_str(cell);
                        line.push_str(&pad);
                    }
                    Align::Right => {
                        line.push_str(&pad);
                        line.push_str(cell);
                    }
                }
            }
            line.trim_end().to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Column, lay_out};

    #[test]
    fn a_wide_cell_moves_its_column_not_the_rest_of_its_row() {
        let columns = [
            Column::right(4, ""),
            Column::left(6, "  "),
            Column::right(5, "  "),
        ];
        let rows = vec![
            vec!["seat".to_string(), "span".to_string(), "win".to_string()],
            vec!["1".into(), "1 to 2".into(), "9.0%".into()],
            vec!["2".into(), "-249.8 to -163.7".into(), "10.0%".into()],
        ];
        assert_eq!(
            lay_out(&columns, &rows),
            [
                "seat  span                win",
                "   1  1 to 2             9.0%",
                "   2  -249.8 to -163.7  10.0%",
            ]
        );
    }

    #[test]
    fn cells_are_measured_as_a_terminal_shows_them() {
        // A CJK name takes two columns a character, an accent written apart none.
        let columns = [Column::left(0, ""), Column::right(6, "  ")];
        let rows = vec![
            vec!["大きな湖".to_string(), "1.0%".to_string()],
            vec!["Cafe\u{301}".to_string(), "2.0%".to_string()],
            vec!["Great lake".to_string(), "3.0%".to_string()],
        ];
        let laid = lay_out(&columns, &rows);
        let ends: Vec<usize> = laid
            .iter()
            .map(|l| crownlands_core::text::columns(l))
            .collect();
        assert_eq!(ends, [18, 18, 18], "{laid:#?}");
    }
}

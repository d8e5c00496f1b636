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

/// `rows` (the heading first, if any) laid out in `columns`, one line each, without trailing
/// spaces. A row of fewer cells than columns leaves the rest out.
pub fn lay_out(columns: &[Column], rows: &[Vec<String>]) -> Vec<String> {
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|cell| cell.chars().count())
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
                match c.align {
                    Align::Left => line.push_str(&format!("{cell:<w$}")),
                    Align::Right => line.push_str(&format!("{cell:>w$}")),
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
}

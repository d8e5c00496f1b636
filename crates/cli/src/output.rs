//! Small helpers shared by the commands' text output.

use crownlands_core::{Domino, Ruleset, Square};

pub fn square_text(ruleset: &Ruleset, sq: Square) -> String {
    let name = &ruleset.terrain(sq.terrain).name;
    match sq.crowns {
        0 => name.clone(),
        1 => format!("{name} (1 crown)"),
        n => format!("{name} ({n} crowns)"),
    }
}

pub fn domino_text(ruleset: &Ruleset, d: &Domino) -> String {
    format!(
        "{} | {}",
        square_text(ruleset, d.first),
        square_text(ruleset, d.second)
    )
}

/// A JSON number for a float, rounded for reading.
pub fn round(x: f64, places: i32) -> f64 {
    let p = 10f64.powi(places);
    (x * p).round() / p
}

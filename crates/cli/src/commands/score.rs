//! `crownlands score KINGDOM_FILE [--ruleset R] [--json]`

use super::{load_ruleset, print_json, read_kingdom, rules_for};
use crate::errors::CliResult;
use crownlands_core::score::score_kingdom;
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;

pub fn run(path: &Path, ruleset: &str, players: Option<u8>, as_json: bool) -> CliResult<ExitCode> {
    let ruleset = load_ruleset(ruleset)?;
    let (_, rules) = rules_for(&ruleset, players)?;
    let kingdom = read_kingdom(path, &ruleset, rules.grid_size)?;
    let score = score_kingdom(&kingdom, rules);
    if as_json {
        let territories: Vec<_> = score
            .territories
            .iter()
            .map(|t| {
                json!({
                    "terrain": ruleset.terrain(t.terrain).name,
                    "squares": t.squares,
                    "crowns": t.crowns,
                    "points": t.points,
                })
            })
            .collect();
        let bonuses: serde_json::Map<String, serde_json::Value> = score
            .bonuses
            .iter()
            .map(|b| (b.key.clone(), json!(b.points)))
            .collect();
        print_json(&json!({
            "total": score.total,
            "territories": territories,
            "bonuses": bonuses,
            "largest_territory": score.largest_territory,
            "crowns": score.crowns,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} under {} ({}x{} kingdom)",
        path.display(),
        ruleset.name,
        rules.grid_size,
        rules.grid_size
    );
    let width = ruleset
        .terrains
        .iter()
        .map(|t| t.name.len())
        .max()
        .unwrap_or(6);
    for t in &score.territories {
        let crowns = if t.crowns == 1 { "crown " } else { "crowns" };
        let squares = if t.squares == 1 { "square " } else { "squares" };
        println!(
            "  {:width$}  {:>2} {squares} x {} {crowns} = {:>3}",
            ruleset.terrain(t.terrain).name,
            t.squares,
            t.crowns,
            t.points
        );
    }
    for b in &score.bonuses {
        println!("  {:width$}  {:>26}", b.key, format!("+{}", b.points));
    }
    let offered: Vec<&str> = [
        rules.harmony.map(|_| "harmony"),
        rules.middle_kingdom.map(|_| "middle-kingdom"),
    ]
    .into_iter()
    .flatten()
    .filter(|k| score.bonus(k).is_none())
    .collect();
    for k in offered {
        println!("  {k:width$}  {:>26}", "not earned");
    }
    println!("Total: {}", score.total);
    Ok(ExitCode::SUCCESS)
}

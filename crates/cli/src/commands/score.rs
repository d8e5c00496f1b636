//! `crownlands score KINGDOM_FILE [--ruleset R] [--json]`

use super::{load_ruleset, print_json, read_kingdom, rules_for};
use crate::errors::CliResult;
use crate::output::say;
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
    say!(
        "{} under {} ({}x{} kingdom)",
        path.display(),
        ruleset.name,
        rules.grid_size,
        rules.grid_size
    );
    // Rows of (label, how the points come about, points), laid out in aligned columns.
    let mut rows: Vec<(String, String, String)> = Vec::new();
    for t in &score.territories {
        let squares = if t.squares == 1 { "square" } else { "squares" };
        let crowns = if t.crowns == 1 { "crown" } else { "crowns" };
        rows.push((
            ruleset.terrain(t.terrain).name.clone(),
            format!("{:>2} {squares} x {} {crowns}", t.squares, t.crowns),
            t.points.to_string(),
        ));
    }
    for b in &score.bonuses {
        rows.push((b.key.clone(), "bonus".into(), format!("+{}", b.points)));
    }
    for (key, offered) in [
        ("harmony", rules.harmony.is_some()),
        ("middle-kingdom", rules.middle_kingdom.is_some()),
    ] {
        if offered && score.bonus(key).is_none() {
            rows.push((key.into(), "not earned".into(), "0".into()));
        }
    }
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let w2 = rows.iter().map(|r| r.2.len()).max().unwrap_or(0).max(3);
    for (label, detail, points) in &rows {
        say!("  {label:w0$}  {detail:w1$} = {points:>w2$}");
    }
    say!("Total: {}", score.total);
    Ok(ExitCode::SUCCESS)
}

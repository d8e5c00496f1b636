//! `crownlands score KINGDOM_FILE [--ruleset R] [--json]`
//!
//! The kingdom file may hold Queendomino pieces (buildings, knights, coins, towers, the Queen):
//! the ruleset's modules score them (wealth, building values, the Queen's crown).

use super::{load_ruleset, print_json, rules_for};
use crate::errors::{CliError, CliResult};
use crate::output::{print_rows, say, signed, territory_rows};
use crownlands_core::modules::{Holdings, SideView, build_all, score_side};
use crownlands_core::{Kingdom, Ruleset};
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;

/// Read a kingdom file with its Queendomino pieces.
fn read_side(path: &Path, ruleset: &Ruleset, grid: u8) -> CliResult<(Kingdom, Holdings)> {
    let text = super::read_kingdom_text(path)?;
    Ok(crownlands_rules::kingdom_file::parse_side(
        &text,
        &path.display().to_string(),
        ruleset,
        grid,
    )?)
}

pub fn run(path: &Path, ruleset: &str, players: Option<u8>, as_json: bool) -> CliResult<ExitCode> {
    let ruleset = load_ruleset(ruleset)?;
    let (_, rules) = rules_for(&ruleset, players)?;
    let (kingdom, holdings) = read_side(path, &ruleset, rules.grid_size)?;
    let modules = build_all(&rules.modules)
        .map_err(|e| CliError::Message(format!("ruleset {}: {e}", ruleset.name)))?;
    let score = score_side(
        rules,
        &modules,
        SideView {
            ruleset: &ruleset,
            kingdom: &kingdom,
            holdings: &holdings,
        },
    );
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
    let mut rows = territory_rows(&ruleset, &score);
    let building_labels: Vec<String> = holdings
        .buildings
        .iter()
        .filter_map(|(b, _)| ruleset.buildings.get(b.index()))
        .map(|b| b.label())
        .collect();
    for b in &score.bonuses {
        let detail = if b.key == "wealth" {
            let coins = if holdings.coins == 1 { "coin" } else { "coins" };
            format!("{:>2} {coins}", holdings.coins)
        } else if building_labels
            .iter()
            .any(|l| b.key == *l || b.key.starts_with(&format!("{l} (")))
        {
            "building".to_string()
        } else {
            "bonus".to_string()
        };
        rows.push((b.key.clone(), detail, signed(b.points)));
    }
    for (key, offered) in [
        ("harmony", rules.harmony.is_some()),
        ("middle-kingdom", rules.middle_kingdom.is_some()),
    ] {
        if offered && score.bonus(key).is_none() {
            rows.push((key.into(), "not earned".into(), "0".into()));
        }
    }
    print_rows(&rows, "  ");
    say!("Total: {}", score.total);
    Ok(ExitCode::SUCCESS)
}

//! `crownlands placements KINGDOM_FILE --domino N [--ruleset R] [--json]`

use super::{load_ruleset, print_json, read_kingdom};
use crate::errors::{CliError, CliResult};
use crate::output::domino_text;
use crate::output::say;
use crate::players::rules_for;
use crownlands_core::Registry;
use crownlands_core::{DominoId, Placement, Ruleset};
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;

pub fn run(
    registry: &Registry,
    path: &Path,
    domino: &str,
    ruleset: &str,
    players: Option<u8>,
    as_json: bool,
) -> CliResult<ExitCode> {
    let ruleset = load_ruleset(registry, ruleset)?;
    let (_, rules) = rules_for(&ruleset, players)?;
    let id = find_domino(&ruleset, domino)?;
    let kingdom = read_kingdom(registry, path, &ruleset, rules)?;
    let d = &ruleset.dominoes()[id.index()];
    let mut list: Vec<Placement> = kingdom.placements(d).iter().collect();
    list.sort_by_key(|p| (p.first.y, p.first.x, p.second().y, p.second().x));
    // Each placement as the notation writes the move (`replay`, `export`, `analyse`).
    let token = |p: &Placement| crownlands_saves::words::place_token(&ruleset, id, *p);
    // A house rule lets a domino that fits be discarded all the same.
    let any_time = rules.discard == crownlands_core::Discard::AnyTime;
    if as_json {
        let placements: Vec<_> = list
            .iter()
            .map(|p| {
                let s = p.second();
                json!({
                    "first": [p.first.x, p.first.y],
                    "second": [s.x, s.y],
                    "direction": p.direction.name(),
                    "token": token(p),
                })
            })
            .collect();
        print_json(&json!({
            "domino": ruleset.domino_label(id),
            "count": list.len(),
            "must_discard": list.is_empty(),
            "may_discard": list.is_empty() || any_time,
            "placements": placements,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    let label = ruleset.domino_label(id);
    say!("Domino {label}: {}", domino_text(&ruleset, d));
    if list.is_empty() {
        say!("It fits nowhere in this kingdom: it must be discarded.");
        return Ok(ExitCode::SUCCESS);
    }
    say!(
        "{} legal placements (x right, y down, from the castle; first square, then second; \
         then the move as the notation writes it):",
        list.len()
    );
    for p in &list {
        let s = p.second();
        say!(
            "  first ({:>2}, {:>2})  second ({:>2}, {:>2})  {:<5}  {}",
            p.first.x,
            p.first.y,
            s.x,
            s.y,
            p.direction.name(),
            token(p)
        );
    }
    if any_time {
        say!(
            "Or discard it, as this ruleset allows even where it fits (discard = \"any-time\"): x{label}"
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A domino by its number, or by box initial and number (`K12`; needed when the ruleset has
/// several boxes).
fn find_domino(ruleset: &Ruleset, text: &str) -> CliResult<DominoId> {
    ruleset.domino_named(text).ok_or_else(|| {
        let text = text.trim();
        // A number written otherwise than the game writes it (`012`, `+12`, `K012`): say how.
        let initial = text
            .chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .map(String::from)
            .unwrap_or_default();
        let digits = &text[initial.len()..];
        if let Ok(n) = digits.parse::<u16>()
            && digits != n.to_string()
            && ruleset.domino_named(&format!("{initial}{n}")).is_some()
        {
            return CliError::Message(format!(
                "ruleset {} has no domino `{text}`: write its number as the game does, \
                 `{initial}{n}`",
                ruleset.name()
            ));
        }
        // With several boxes, a bare number that some box holds: say which labels name it.
        if let Ok(n) = text.parse::<u16>()
            && ruleset.piles().len() > 1
        {
            let labels: Vec<String> = (0..ruleset.dominoes().len())
                .map(|i| DominoId(i as u16))
                .filter(|&id| ruleset.dominoes()[id.index()].number == n)
                .map(|id| format!("`{}`", ruleset.domino_label(id)))
                .collect();
            if !labels.is_empty() {
                return CliError::Message(format!(
                    "ruleset {} has several boxes: say which domino {n}, {}",
                    ruleset.name(),
                    labels.join(" or ")
                ));
            }
        }
        // Box by box, in runs: a house rule's removals leave gaps (`1 to 46, 49 to 56`).
        let ranges: Vec<String> = (0..ruleset.piles().len())
            .filter_map(|p| {
                let ids: Vec<DominoId> = (0..ruleset.dominoes().len())
                    .map(|i| DominoId(i as u16))
                    .filter(|&id| usize::from(ruleset.dominoes()[id.index()].pile) == p)
                    .collect();
                let numbers: Vec<u16> = ids
                    .iter()
                    .map(|id| ruleset.dominoes()[id.index()].number)
                    .collect();
                let label = |n: u16| {
                    ids.iter()
                        .find(|id| ruleset.dominoes()[id.index()].number == n)
                        .map_or_else(|| n.to_string(), |&id| ruleset.domino_label(id))
                };
                (!ids.is_empty()).then(|| crownlands_core::text::number_runs(&numbers, label))
            })
            .collect();
        CliError::Message(format!(
            "ruleset {} has no domino `{text}` (its dominoes are numbered {})",
            ruleset.name(),
            ranges.join(", ")
        ))
    })
}

//! `crownlands show RULESET [--players N]`

use crate::errors::CliResult;
use crate::players::rules_for;
use crownlands_core::{Registry, Ruleset};
use std::process::ExitCode;

pub fn run(registry: &Registry, name: &str, players: Option<u8>) -> CliResult<ExitCode> {
    let (ruleset, base) = crownlands_rules::load_with_base(registry, name)?;
    if let Some(n) = players {
        rules_for(&ruleset, Some(n))?;
    }
    // `[rules]` as the files have it (a count the files do not list gets those rules), so a
    // file extending the printed one and adding a count gets what extending the ruleset would.
    let text = crownlands_rules::to_toml_over(&ruleset, players, base.as_ref());
    // Where those rules do not load back as the ruleset (a house rule switching a module off
    // at every count it lists leaves the module's parameters under `[rules]`), the first
    // count's rules go there instead, as the hash's own text has them.
    let text = if base.is_none()
        || crownlands_rules::load_str(registry, &text, std::path::Path::new("shown.toml"))
            .is_ok_and(|back| back == ruleset)
    {
        text
    } else {
        crownlands_rules::to_toml(&ruleset, players)
    };
    // The defaults go in a comment under the first line: the file's keys stay those the
    // ruleset gives, so what `show` prints loads back as the ruleset itself.
    let (first, rest) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    let defaults = defaults_in_force(&ruleset, players);
    let only = only_count(&ruleset, players, &text);
    crate::output::write_data(format_args!("{first}\n{only}{defaults}{rest}"));
    Ok(ExitCode::SUCCESS)
}

/// A comment line where the ruleset allows one player count and a `[for-players.N]` table
/// changes `[rules]` for it (the Mighty Duel's `kings-per-player = 1` under `[rules]`, 2 under
/// `[for-players.2]`, had read as a contradiction): which the game plays.
fn only_count(ruleset: &Ruleset, players: Option<u8>, text: &str) -> String {
    match ruleset.player_counts() {
        [(n, _)] if players.is_none() && text.contains(&format!("\n[for-players.{n}]")) => {
            format!(
                "# Played at {n} players only: [for-players.{n}] changes [rules] for them (`show --players {n}` prints the rules as played).\n"
            )
        }
        _ => String::new(),
    }
}

/// Comment lines naming each module parameter the files leave at its default, with the value in
/// force (`module.knights.coins-per-square = 1`); "at N players" where the player counts differ.
fn defaults_in_force(ruleset: &Ruleset, players: Option<u8>) -> String {
    let mut per_count: Vec<(u8, Vec<String>)> = Vec::new();
    for (n, rules) in ruleset.player_counts() {
        if players.is_some_and(|p| p != *n) {
            continue;
        }
        let mut lines = Vec::new();
        for (given, resolved) in rules.modules.iter().zip(ruleset.resolved_modules(*n)) {
            for (key, value) in &resolved.params {
                if !given.params.contains_key(key) {
                    lines.push(format!("module.{}.{key} = {value}", resolved.name));
                }
            }
        }
        per_count.push((*n, lines));
    }
    let same = per_count.windows(2).all(|w| w[0].1 == w[1].1);
    let mut out = String::new();
    for (n, lines) in &per_count {
        for line in lines {
            if same {
                out.push_str(&format!("#   {line}\n"));
            } else {
                out.push_str(&format!("#   at {n} players: {line}\n"));
            }
        }
        if same {
            break;
        }
    }
    if out.is_empty() {
        out
    } else {
        format!("# Module parameters left at their defaults (in force as shown):\n{out}")
    }
}

//! `crownlands validate FILE... [--deny-warnings]`

use crate::errors::{CliError, CliResult};
use crate::output::{say, say_err};
use crownlands_core::Registry;
use crownlands_core::modules::describe::plural;
use crownlands_rules::Validated;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(registry: &Registry, files: &[PathBuf], deny_warnings: bool) -> CliResult<ExitCode> {
    let mut failed = 0;
    let mut warned = 0;
    for path in files {
        // A shipped ruleset's name where a file is looked for: say what it is.
        let name = path.to_string_lossy();
        // A ruleset this build's crate registers by name: not checked as the shipped ones are
        // when Crownlands is built, so checked here.
        if !path.exists()
            && !crownlands_rules::is_shipped_name(&name)
            && crownlands_rules::is_ruleset_name(registry, &name)
        {
            let label = format!("{name} (registered by this build)");
            let (result, warnings) = match crownlands_rules::load_with_warnings(registry, &name) {
                Ok((r, w)) => (Ok(r), w),
                Err(d) => (Err(d), Vec::new()),
            };
            for w in &warnings {
                let level = if deny_warnings { "error" } else { "warning" };
                say_err!("{level}: {w}");
            }
            warned += usize::from(!warnings.is_empty());
            match result {
                Ok(_) if deny_warnings && !warnings.is_empty() => {}
                Ok(r) => say!("{}", ruleset_ok(&label, &r)),
                Err(d) => {
                    failed += 1;
                    say_err!("{}", CliError::Diagnostics(d));
                }
            }
            continue;
        }
        if !path.exists() && crownlands_rules::is_ruleset_name(registry, &name) {
            failed += 1;
            say_err!(
                "error: `{name}` is no file here but a shipped ruleset's name; `{} show \
                 {name}` prints it as a file, and the shipped rulesets are checked as they are \
                 built",
                crownlands_saves::words::program_name()
            );
            continue;
        }
        let checked = crownlands_rules::check_path(registry, path);
        // Several files named: a problem found in a file another one reads (what it extends,
        // its sets) is said under the file being checked, so each line is known to be whose.
        if files.len() > 1 {
            let own = path.display().to_string();
            let errors = checked.result.as_ref().err().map_or(&[][..], |d| &d.0[..]);
            if checked
                .warnings
                .iter()
                .chain(errors)
                .any(|d| !d.file.is_empty() && d.file != own)
            {
                say_err!(
                    "checking {} (the files it reads too):",
                    crate::output::shown_path(path)
                );
            }
        }
        for w in &checked.warnings {
            let level = if deny_warnings { "error" } else { "warning" };
            say_err!("{level}: {w}");
        }
        if !checked.warnings.is_empty() {
            warned += 1;
        }
        // With --deny-warnings a file with warnings is not ok: no "ok" line for it.
        let refused = deny_warnings && !checked.warnings.is_empty();
        match checked.result {
            Ok(_) if refused => {}
            Ok(Validated::Ruleset(r)) => {
                say!("{}", ruleset_ok(&crate::output::shown_path(path), &r));
            }
            Ok(Validated::ComponentSet {
                terrains,
                dominoes,
                crowns,
                squares,
                buildings,
                rows,
            }) => {
                // Each module's table: `2 rows of quest`.
                let tables: String = rows
                    .iter()
                    .map(|(key, n)| format!(", {} of {key}", plural(*n as i64, "row", "rows")))
                    .collect();
                say!(
                    "{}: ok: component set with {}, {} ({}, {}){}{tables}",
                    crate::output::shown_path(path),
                    plural(terrains as i64, "terrain", "terrains"),
                    plural(dominoes as i64, "domino", "dominoes"),
                    plural(squares, "square", "squares"),
                    plural(crowns, "crown", "crowns"),
                    buildings_note(buildings)
                );
            }
            Err(d) => {
                failed += 1;
                say_err!("{}", CliError::Diagnostics(d));
            }
        }
    }
    // `1 of 1 file has`, `1 of 2 files has`, `2 of 3 files have`.
    let noun = if files.len() == 1 { "file" } else { "files" };
    let verb = |n: usize| if n == 1 { "has" } else { "have" };
    if failed > 0 {
        let denied = if deny_warnings && warned > 0 {
            format!(", {warned} {} warnings (--deny-warnings)", verb(warned))
        } else {
            String::new()
        };
        say_err!(
            "{failed} of {} {noun} {} problems{denied}",
            files.len(),
            verb(failed)
        );
        Ok(ExitCode::FAILURE)
    } else if deny_warnings && warned > 0 {
        say_err!(
            "{warned} of {} {noun} {} warnings (--deny-warnings)",
            files.len(),
            verb(warned)
        );
        Ok(ExitCode::FAILURE)
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// `LABEL: ok: ruleset NAME for 2/3/4 players, 6 terrains, 48 dominoes`.
fn ruleset_ok(label: &str, r: &crownlands_core::Ruleset) -> String {
    let counts: Vec<String> = r
        .player_counts()
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    let unit = if counts == ["1"] { "player" } else { "players" };
    format!(
        "{label}: ok: ruleset {} for {} {unit}, {}, {}{}{}{}",
        r.name(),
        counts.join("/"),
        plural(r.terrains().len() as i64, "terrain", "terrains"),
        plural(r.dominoes().len() as i64, "domino", "dominoes"),
        boxes_note(r),
        dealt_note(r),
        buildings_note(r.buildings().len())
    )
}

/// The dominoes dealt where a player count deals fewer than the ruleset holds (Kingdomino's
/// 24 of 48 at 2 players): ` (24 dealt at 2 players)`, ` (24 dealt at 2 players, 36 at 3)`.
/// (A house rule that dropped `deck-size = "all"` had read `48 dominoes` and dealt 24.)
fn dealt_note(r: &crownlands_core::Ruleset) -> String {
    let all = r.dominoes().len();
    let fewer: Vec<(u8, usize)> = r
        .player_counts()
        .iter()
        .filter_map(|&(n, _)| {
            let dealt = usize::from(r.rules_for(n)?.deck_size);
            (dealt < all).then_some((n, dealt))
        })
        .collect();
    let said: Vec<String> = fewer
        .iter()
        .enumerate()
        .map(|(i, (n, dealt))| match (i, n) {
            (0, 1) => format!("{dealt} dealt at 1 player"),
            (0, _) => format!("{dealt} dealt at {n} players"),
            _ => format!("{dealt} at {n}"),
        })
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!(" ({})", said.join(", "))
    }
}

/// ", 32 buildings" when there are any.
fn buildings_note(n: usize) -> String {
    match n {
        0 => String::new(),
        n => format!(", {}", plural(n as i64, "building", "buildings")),
    }
}

/// The boxes the dominoes come in, when more than one (a set without `box` is a box of its own:
/// its numbers then take the box's initial, `B1`): ` in 2 boxes (kingdomino 48, bad 2)`.
fn boxes_note(r: &crownlands_core::Ruleset) -> String {
    let piles = r.piles();
    if piles.len() < 2 {
        return String::new();
    }
    let counts: Vec<String> = piles
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let n = r
                .dominoes()
                .iter()
                .filter(|d| usize::from(d.pile) == i)
                .count();
            format!("{} {n}", crownlands_core::text::excerpt(name))
        })
        .collect();
    format!(" in {} boxes ({})", piles.len(), counts.join(", "))
}

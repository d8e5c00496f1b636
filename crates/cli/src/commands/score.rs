//! `crownlands score KINGDOM_FILE... [--ruleset R] [--players N] [--json]`
//!
//! The kingdom files may hold Queendomino pieces (buildings, knights, coins, towers, the Queen):
//! the ruleset's modules score them (wealth, building values, the Queen's crown). With several
//! files, the standings follow: places under the ruleset's tie-breaks, tied kingdoms sharing a
//! place (1, 1, 3).

use super::{load_ruleset, print_json};
use crate::errors::{CliError, CliResult};
use crate::output::{print_rows, say, score_rows};
use crate::players::rules_for;
use crownlands_core::Registry;
use crownlands_core::modules::describe::{ScoreLine, plural};
use crownlands_core::modules::{
    self, ModuleData, ModuleList, SideView, TableAt, TableKingdom, build_all, score_side,
};
use crownlands_core::score::rank;
use crownlands_core::{Decider, Kingdom, Rules, Ruleset, ScoreBreakdown, Side};
use crownlands_rules::kingdom_file::Places;
use crownlands_rules::{Diagnostic, Diagnostics};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Read a kingdom file with what the rules' modules put on it (Queendomino's pieces).
fn read_side(
    registry: &Registry,
    path: &Path,
    ruleset: &Ruleset,
    modules: &ModuleList,
    grid: crownlands_core::KingdomShape,
) -> CliResult<(Kingdom, ModuleData, Places, String)> {
    let text = super::read_kingdom_text(registry, path)?;
    let (kingdom, data, places) = crownlands_rules::kingdom_file::parse_side_with_places(
        &text,
        &crate::output::path_text(path),
        ruleset,
        modules,
        grid,
    )?;
    Ok((kingdom, data, places, text))
}

/// A kingdom file's `@WORD` line no module of the ruleset reads: the modules of the registry
/// that read it are named (`@springs` with Kingdomino, where the `wells` module reads it: the
/// file wants a ruleset with `wells`, given with `--ruleset`), and so are the module of a mark
/// the ruleset lacks and the ruleset of a terrain's letter it lacks, each with a ruleset of the
/// build that has it. Each is said once a file, at its first problem, and the build's rulesets
/// are read at most once (a file may have thousands of such lines).
pub(crate) fn with_readers(
    registry: &Registry,
    rules_of: &Ruleset,
    has: &crownlands_core::modules::ModuleList,
    e: CliError,
) -> CliError {
    let ruleset = rules_of.name();
    let CliError::Diagnostics(mut d) = e else {
        return e;
    };
    // The marks of the build's modules the ruleset lacks (a module the ruleset has: its mark
    // misplaced, said as it is), looked up once.
    let mut marks: Option<Vec<(char, &'static str, &'static str)>> = None;
    let mut build: Option<BuildRulesets> = None;
    let mut said_marks: Vec<char> = Vec::new();
    let mut said_letters: Vec<char> = Vec::new();
    let mut said_own_file = false;
    let mut said_words: Vec<String> = Vec::new();
    let ruleset = crownlands_core::text::excerpt(ruleset);
    for problem in &mut d.0 {
        // A mark after a square (`W+`, `T[6]`: "unexpected `+` in `W+`") of a module the
        // ruleset lacks.
        if let Some(mark) = problem
            .message
            .strip_prefix("unexpected `")
            .filter(|rest| rest.contains("` in `"))
            .and_then(|rest| rest.chars().next())
        {
            if said_marks.contains(&mark) {
                continue;
            }
            let marks = marks.get_or_insert_with(|| {
                registry
                    .module_names()
                    .into_iter()
                    .filter(|name| !has.modules().iter().any(|m| m.name() == *name))
                    .filter_map(|name| {
                        registry
                            .build_module(&crownlands_core::modules::ModuleSpec::new(name))
                            .ok()
                            .map(|m| (name, m))
                    })
                    .flat_map(|(name, m)| {
                        m.file_syntax()
                            .marks
                            .iter()
                            .map(|x| (x.symbol, name, x.what))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            });
            if let Some(&(_, module, what)) = marks.iter().find(|(symbol, ..)| *symbol == mark) {
                said_marks.push(mark);
                let written = if mark == '[' {
                    "[N]".to_string()
                } else {
                    mark.to_string()
                };
                let option = build
                    .get_or_insert_with(|| BuildRulesets::read(registry))
                    .option(&[module]);
                problem.message.push_str(&format!(
                    " (`{written}` marks a {what} of the module `{module}`, which ruleset \
                     `{ruleset}` does not have: give a ruleset that has it, {option})",
                ));
            }
            continue;
        }
        // A terrain's letter this ruleset lacks (`T`, Queendomino's town, under Kingdomino).
        if let Some(symbol) = problem
            .message
            .strip_prefix("unknown symbol `")
            .and_then(|rest| rest.chars().next())
        {
            if said_letters.contains(&symbol) {
                // Said in full at its first cell: the others are placed, not explained again.
                if let Some((head, _)) = problem.message.split_once("; ") {
                    problem.message = format!("{head} (as above)");
                }
                continue;
            }
            // Another letter: the ruleset's symbols were listed with the first.
            if !said_letters.is_empty()
                && let Some((head, _)) = problem.message.split_once("; this ruleset's symbols")
            {
                problem.message = format!("{head}; this ruleset's symbols as above");
            }
            // Looked up once a letter, found or not.
            said_letters.push(symbol);
            match build
                .get_or_insert_with(|| BuildRulesets::read(registry))
                .with_symbol(symbol)
            {
                Some((name, terrain)) => problem.message.push_str(&format!(
                    " (`{symbol}` is {terrain} in ruleset `{name}`: give a ruleset with it, such \
                     as `--ruleset {name}`)"
                )),
                // A terrain of one's own (a house rule's desert): its ruleset file, once.
                None if symbol.is_ascii_uppercase() && !said_own_file => {
                    said_own_file = true;
                    problem.message.push_str(&format!(
                        " (no ruleset of this build has `{symbol}`: a kingdom of a ruleset of \
                         your own is read with `--ruleset FILE`)"
                    ));
                }
                None => {}
            }
            continue;
        }
        let Some(word) = problem
            .message
            .strip_prefix("unknown line `@")
            .and_then(|rest| rest.split_once('`'))
            .map(|(w, _)| w.to_string())
        else {
            continue;
        };
        if said_words.contains(&word) {
            continue;
        }
        said_words.push(word.clone());
        let names: Vec<&str> = registry
            .module_names()
            .into_iter()
            .filter(|name| {
                registry
                    .build_module(&crownlands_core::modules::ModuleSpec::new(name))
                    .is_ok_and(|m| m.file_syntax().directives.iter().any(|x| x.word == word))
            })
            .collect();
        let readers: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
        if !readers.is_empty() {
            let (which, it) = if readers.len() == 1 {
                ("the module", "it")
            } else {
                ("the modules", "one")
            };
            // The ruleset has it at another player count (goals at 3 and 4 players only):
            // that count, not another ruleset.
            let counts: Vec<u8> = rules_of
                .player_counts()
                .iter()
                .filter(|(_, r)| r.modules.iter().any(|m| names.contains(&m.name.as_str())))
                .map(|(n, _)| *n)
                .collect();
            if let Some(first) = counts.first() {
                problem.message.push_str(&format!(
                    " (`@{word}` is read by {which} {}, which ruleset `{ruleset}` has at {} \
                     players only: `--players {first}`)",
                    readers.join(" and "),
                    crownlands_rules::counts_in_words(&counts),
                ));
                continue;
            }
            let option = build
                .get_or_insert_with(|| BuildRulesets::read(registry))
                .option(&names);
            problem.message.push_str(&format!(
                " (`@{word}` is read by {which} {}, which ruleset `{ruleset}` does not have: \
                 give a ruleset that has {it}, {option})",
                readers.join(" and "),
            ));
        }
    }
    CliError::Diagnostics(d)
}

/// The rulesets of this build by name, each with its modules and terrains (for the hints of
/// [`with_readers`]): read once.
struct BuildRulesets(Vec<BuildRuleset>);

/// One of [`BuildRulesets`]: its name, its modules at any player count, its terrains' letters
/// and names.
struct BuildRuleset {
    name: String,
    modules: Vec<String>,
    terrains: Vec<(char, String)>,
}

impl BuildRulesets {
    fn read(registry: &Registry) -> BuildRulesets {
        BuildRulesets(
            crownlands_rules::ruleset_names(registry)
                .into_iter()
                .filter_map(|name| {
                    let r = crownlands_rules::load(registry, &name).ok()?;
                    let modules = r
                        .player_counts()
                        .iter()
                        .flat_map(|(players, _)| r.resolved_modules(*players))
                        .map(|m| m.name)
                        .collect();
                    let terrains = r
                        .terrains()
                        .iter()
                        .map(|t| {
                            let name = crownlands_core::text::excerpt(&t.name).into_owned();
                            (t.symbol, name)
                        })
                        .collect();
                    Some(BuildRuleset {
                        name,
                        modules,
                        terrains,
                    })
                })
                .collect(),
        )
    }

    /// The option naming the first ruleset with one of `modules` (``such as `--ruleset
    /// kingdomino-knights` ``), or `` `--ruleset NAME` `` where none has.
    fn option(&self, modules: &[&str]) -> String {
        self.0
            .iter()
            .find(|r| r.modules.iter().any(|m| modules.contains(&m.as_str())))
            .map_or_else(
                // No shipped ruleset has it (a house rule's module): a file that switches it on.
                || {
                    format!(
                        "`--ruleset FILE` whose `modules` list `{}` (docs/house-rules/ has examples)",
                        modules.first().copied().unwrap_or("?")
                    )
                },
                |r| format!("such as `--ruleset {}`", r.name),
            )
    }

    /// The first ruleset with a terrain written `symbol`, and the terrain's name.
    fn with_symbol(&self, symbol: char) -> Option<(&str, &str)> {
        self.0.iter().find_map(|r| {
            r.terrains
                .iter()
                .find(|(s, _)| *s == symbol)
                .map(|(_, terrain)| (r.name.as_str(), terrain.as_str()))
        })
    }
}

/// The most kingdom files one `score` reads (a table has at most 16 kingdoms, so more are no
/// table's anyway: this bounds the work before the ruleset is read).
pub const MAX_KINGDOM_FILES: usize = 64;

/// One scored kingdom file.
struct Scored {
    path: PathBuf,
    kingdom: Kingdom,
    /// What the kingdom file holds of the modules' pieces, for their score lines.
    data: ModuleData,
    /// Where its squares and `@` lines are, for the table's problems.
    places: Places,
    /// Its text, for where on its line an `@` line starts.
    text: String,
    score: ScoreBreakdown,
}

pub fn run(
    registry: &Registry,
    paths: &[PathBuf],
    ruleset: &str,
    players: Option<u8>,
    as_json: bool,
) -> CliResult<ExitCode> {
    if paths.len() > MAX_KINGDOM_FILES {
        return Err(CliError::Message(format!(
            "{} kingdom files: score takes at most {MAX_KINGDOM_FILES} at once",
            paths.len()
        )));
    }
    let ruleset = load_ruleset(registry, ruleset)?;
    let (n, sides) = table_of(&ruleset, paths.len(), players)?;
    let (_, rules) = rules_for(&ruleset, Some(n))?;
    let modules = build_all(registry, &rules.modules)
        .map_err(|e| CliError::Message(format!("ruleset {}: {e}", ruleset.name())))?;
    let mut scored = Vec::with_capacity(paths.len());
    // Every file's problems at once (a table's files were said one file a run).
    let mut problems: Vec<Diagnostic> = Vec::new();
    for path in paths {
        let (kingdom, data, places, text) =
            match read_side(registry, path, &ruleset, &modules, rules.into())
                .map_err(|e| with_readers(registry, &ruleset, &modules, e))
            {
                Ok(side) => side,
                Err(CliError::Diagnostics(mut d)) => {
                    // Read at a count no one asked for, where the counts differ (goals drawn
                    // at 4 players only): a count the file reads at is named.
                    // (A single file: several are a table of as many, not the smallest.)
                    if players.is_none()
                        && paths.len() == 1
                        && !d.0.iter().any(|p| p.message.contains("`--players "))
                        && let Some(m) = reads_at(registry, path, &ruleset, rules)
                        && let Some(first) = d.0.first_mut()
                    {
                        first.message.push_str(&format!(
                            " (read at {}, the smallest count of ruleset `{}`; it reads at {m} \
                             players: `--players {m}`)",
                            crownlands_core::modules::describe::plural(n, "player", "players"),
                            crownlands_core::text::excerpt(ruleset.name())
                        ));
                    }
                    problems.extend(d.0);
                    continue;
                }
                Err(CliError::Message(m)) => {
                    problems.push(Diagnostic::unplaced("", m));
                    continue;
                }
                Err(e) => return Err(e),
            };
        // What no box could make, scored as written (with `--json` too: standard error).
        for note in &places.notes {
            crate::output::say_err!("note: {note}");
        }
        let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
        let score = score_side(rules, view);
        scored.push(Scored {
            path: path.clone(),
            kingdom,
            data,
            places,
            text,
            score,
        });
    }
    if !problems.is_empty() {
        return Err(CliError::Diagnostics(Diagnostics(problems)));
    }
    // The kingdoms of the table not given: what they start with is not in these. Of a kingdom
    // scored alone at no player count, as few as any table of the ruleset has.
    let unseen = if players.is_none() && paths.len() <= 1 {
        ruleset.fewest_sides().saturating_sub(1)
    } else {
        sides.saturating_sub(u8::try_from(paths.len()).unwrap_or(u8::MAX))
    };
    check_table(&ruleset, &modules, &scored, sides, unseen)?;
    if let [one] = scored.as_slice() {
        if as_json {
            print_json(&score_json(
                &ruleset,
                &one.score,
                &module_lines(&ruleset, rules, &modules, one),
            ));
        } else {
            print_score(&ruleset, (n, rules), &modules, one);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let outcome = rank(
        scored.iter().map(|s| s.score.clone()).collect(),
        &rules.tie_breaks,
    );
    // Each kingdom file is a side, in the order given.
    let places = outcome.places.as_slice();
    let mut order: Vec<usize> = (0..scored.len()).collect();
    order.sort_by_key(|&i| places[i]);
    let decided = match outcome.decided_by {
        Decider::Score => "score".to_string(),
        Decider::TieBreak(tb) => tb.name().to_string(),
        Decider::Shared => "shared".to_string(),
    };
    if as_json {
        let kingdoms: Vec<_> = scored
            .iter()
            .map(|s| {
                score_json(
                    &ruleset,
                    &s.score,
                    &module_lines(&ruleset, rules, &modules, s),
                )
            })
            .collect();
        let standings: Vec<_> = order
            .iter()
            .map(|&i| {
                json!({
                    "kingdom": crate::output::path_text(&scored[i].path),
                    "place": places[i],
                })
            })
            .collect();
        print_json(&json!({
            "kingdoms": kingdoms,
            "standings": standings,
            "decided_by": decided,
        }));
        return Ok(ExitCode::SUCCESS);
    }
    for s in &scored {
        print_score(&ruleset, (n, rules), &modules, s);
        say!("");
    }
    let ties: Vec<String> = rules.tie_breaks.iter().map(|t| t.to_string()).collect();
    if ties.is_empty() {
        // `tie-breaks = []`: a house rule where equal scores share the place.
        say!("Standings (equal scores share their place):");
    } else {
        say!(
            "Standings (ties broken by {}, then shared):",
            ties.join(", then ")
        );
    }
    let width = order
        .iter()
        .map(|&i| crownlands_core::text::columns(&crate::output::shown_path(&scored[i].path)))
        .max()
        .unwrap_or(0);
    for &i in &order {
        let s = &scored[i];
        let mut extra = Vec::new();
        for tb in &rules.tie_breaks {
            // As `largest territory 9` reads: what it compares, then how many.
            let what = match tb {
                crownlands_core::TieBreak::LargestTerritory => "largest territory".to_string(),
                crownlands_core::TieBreak::MostCrowns | crownlands_core::TieBreak::FewestCrowns => {
                    "crowns".to_string()
                }
                crownlands_core::TieBreak::Most(r) | crownlands_core::TieBreak::Fewest(r) => {
                    r.words()
                }
            };
            extra.push(format!("{what} {}", s.score.compared(tb)));
        }
        let compared = if extra.is_empty() {
            String::new()
        } else {
            format!("  ({})", extra.join(", "))
        };
        say!(
            "  {:>2}. {}  {:>4}{compared}",
            places[i],
            crate::output::pad(&crate::output::shown_path(&s.path), width),
            s.score.total,
        );
    }
    let winner = match outcome.decided_by {
        Decider::Score => "Decided by the score.".to_string(),
        Decider::TieBreak(tb) => format!("Tied on score, decided by {}.", tb.name()),
        Decider::Shared => "The winners share the victory.".to_string(),
    };
    say!("{winner}");
    Ok(ExitCode::SUCCESS)
}

/// The player count whose rules score `files` kingdom files, and how many kingdoms their table
/// has. Several files are one table, of as many kingdoms as there are files (players, or teams
/// where a team builds one) unless `players` names a table they are some kingdoms of; a count the
/// ruleset does not offer is an error naming those it does. A kingdom alone is scored by the
/// rules of `players` or of the ruleset's smallest count, and may be of any of its tables.
fn table_of(ruleset: &Ruleset, files: usize, players: Option<u8>) -> CliResult<(u8, u8)> {
    if let Some(n) = players {
        let (n, rules) = rules_for(ruleset, Some(n))?;
        let sides = rules.sides(n);
        if files > usize::from(sides) {
            return Err(CliError::Message(format!(
                "{files} kingdom files, but a table of {} (`--players {n}`) has {} under ruleset \
                 {}: give at most {sides} files, the kingdoms of one table",
                plural(n, "player", "players"),
                plural(sides, "kingdom", "kingdoms"),
                ruleset.name()
            )));
        }
        return Ok((n, sides));
    }
    if files <= 1 {
        let (n, _) = rules_for(ruleset, None)?;
        return Ok((n, ruleset.most_sides()));
    }
    let counts = ruleset.player_counts();
    // (players, kingdoms) of each table of `files` kingdoms.
    let fits: Vec<(u8, u8)> = counts
        .iter()
        .map(|(n, r)| (*n, r.sides(*n)))
        .filter(|&(_, sides)| usize::from(sides) == files)
        .collect();
    let list =
        |ns: &mut dyn Iterator<Item = u8>| ns.map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    match fits.as_slice() {
        &[table] => Ok(table),
        [] => {
            let allowed = list(&mut counts.iter().map(|(n, _)| *n));
            let tables = if counts.iter().all(|(n, r)| r.sides(*n) == *n) {
                format!("it allows {allowed} players, a kingdom each")
            } else {
                format!(
                    "it allows {allowed} players, tables of {} kingdoms (a team builds one)",
                    list(&mut counts.iter().map(|(n, r)| r.sides(*n)))
                )
            };
            let larger = counts.iter().any(|(n, r)| usize::from(r.sides(*n)) > files);
            Err(CliError::Message(format!(
                "{files} kingdom files, but ruleset {} has no table of {files} kingdoms: {tables}{}",
                ruleset.name(),
                if larger {
                    "; to score some kingdoms of a larger table, give its player count \
                     (`--players N`)"
                } else {
                    ""
                }
            )))
        }
        several => Err(CliError::Message(format!(
            "{files} kingdom files are a table of {} players under ruleset {}: say which with \
             `--players N`",
            list(&mut several.iter().map(|&(n, _)| n)).replace(", ", " or "),
            ruleset.name()
        ))),
    }
}

/// The column of the first character of line `line` (from 1) of `text` that is not white space:
/// where an `@` line starts.
fn line_start(text: &str, line: usize) -> usize {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().nth(line.saturating_sub(1)).map_or(1, |l| {
        l.chars().take_while(|c| c.is_whitespace()).count() + 1
    })
}

/// What the kingdoms hold together at a table of `sides` kingdoms, `unseen` of them at least not
/// given, as the modules see it (the Queen in one kingdom, each building built once, each place
/// in the first claims claimed once, the knights within the supply less what the others start
/// with): every problem, each under the file it concerns.
fn check_table(
    ruleset: &Ruleset,
    modules: &ModuleList,
    scored: &[Scored],
    sides: u8,
    unseen: u8,
) -> CliResult<()> {
    let names: Vec<String> = scored
        .iter()
        .map(|s| crate::output::shown_path(&s.path))
        .collect();
    let kingdoms: Vec<TableKingdom<'_>> = scored
        .iter()
        .zip(&names)
        .map(|(s, name)| TableKingdom {
            name,
            side: SideView::new(ruleset, &s.kingdom, modules, &s.data, Side(0)),
        })
        .collect();
    // Each at the `@` line or the square it concerns, where the file has it.
    let problems: Vec<Diagnostic> = modules::check_table(&kingdoms, sides, unseen)
        .into_iter()
        .filter_map(|p| {
            let name = names.get(p.kingdom)?;
            let s = scored.get(p.kingdom)?;
            let places = &s.places;
            let (line, column) = match p.at {
                TableAt::Directive(word) => places
                    .of_directive(word)
                    .map(|l| (l, line_start(&s.text, l))),
                TableAt::Cell(cell) => places.of_cell(cell),
                TableAt::Kingdom => None,
            }
            .unwrap_or((0, 0));
            Some(Diagnostic {
                file: name.clone(),
                line,
                column,
                message: p.message,
                players: Vec::new(),
            })
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(problems).into())
    }
}

/// One kingdom's score as JSON.
fn score_json(ruleset: &Ruleset, score: &ScoreBreakdown, lines: &[ScoreLine]) -> serde_json::Value {
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
    let mut v = json!({
        "total": score.total,
        "territories": territories,
        "bonuses": bonuses,
        "largest_territory": score.largest_territory,
        "crowns": score.crowns,
        "lines": lines.iter().map(crate::output::score_line_json).collect::<Vec<_>>(),
    });
    // What the ruleset's `most-RESOURCE` and `fewest-RESOURCE` tie-breaks compare, when it has
    // any.
    if !score.held.is_empty() {
        v["held"] = json!(score.held);
    }
    v
}

/// The modules' own score lines for a scored kingdom file, as the text shows them (the Queen's
/// crown, each building, wealth).
fn module_lines(
    ruleset: &Ruleset,
    rules: &Rules,
    modules: &ModuleList,
    s: &Scored,
) -> Vec<ScoreLine> {
    let view = SideView::new(ruleset, &s.kingdom, modules, &s.data, Side(0));
    modules
        .modules()
        .iter()
        .enumerate()
        .flat_map(|(i, m)| m.score_lines(rules, view.for_module(i)))
        .collect()
}

/// Whether every player count of `ruleset` scores a kingdom as `rules` do: the same kingdom
/// size, castle, bonuses and modules.
fn scores_alike(ruleset: &Ruleset, rules: &Rules) -> bool {
    let scoring = |r: &Rules| {
        (
            r.grid_size,
            r.castle,
            r.harmony,
            r.middle_kingdom,
            r.bonus_settings,
            r.modules.clone(),
        )
    };
    ruleset
        .player_counts()
        .iter()
        .all(|(_, r)| scoring(r) == scoring(rules))
}

/// The first player count of `ruleset` whose rules score otherwise than `rules` and under which
/// the kingdom file at `path` reads without a problem.
fn reads_at(registry: &Registry, path: &Path, ruleset: &Ruleset, rules: &Rules) -> Option<u8> {
    if scores_alike(ruleset, rules) {
        return None;
    }
    ruleset.player_counts().iter().find_map(|(m, r)| {
        if r == rules {
            return None;
        }
        let modules = build_all(registry, &r.modules).ok()?;
        read_side(registry, path, ruleset, &modules, r.into())
            .ok()
            .map(|_| *m)
    })
}

/// One kingdom's score as text, under the rules of `table.0` players (`table.1`). The count is
/// said where the ruleset scores differently by count (Queendomino's 7x7 at 2 players, 5x5 at 3
/// and 4; a house rule's goals drawn at 4 players only): a kingdom scored at the smallest
/// count, one file's default, says so.
fn print_score(ruleset: &Ruleset, table: (u8, &Rules), modules: &ModuleList, s: &Scored) {
    let (n, rules) = table;
    let at = if !scores_alike(ruleset, rules) {
        format!(" at {n} players")
    } else {
        String::new()
    };
    let castle = match rules.castle {
        crownlands_core::CastleAt::Anywhere => "",
        crownlands_core::CastleAt::Centre => ", castle at the centre",
    };
    say!(
        "{} under {}{at} ({}x{} kingdom{castle})",
        crate::output::shown_path(&s.path),
        ruleset.name(),
        rules.grid_size,
        rules.grid_size
    );
    let score = &s.score;
    let view = SideView::new(
        ruleset,
        &s.kingdom,
        modules,
        &s.data,
        crownlands_core::Side(0),
    );
    // (A bonus the rules offer and the kingdom did not earn is a row too: `not earned`.)
    let rows = score_rows(ruleset, rules, &s.kingdom, modules.modules(), view);
    print_rows(&rows, "  ");
    say!("Total: {}", score.total);
}

//! `crownlands sweep RULESET --set KEY=V1,V2,... [--players N | --bots LIST] --games G --seed S
//! [--jobs J] [--json]`: one ruleset played with each value of one of its rules, every value on
//! the same seeds (the same deals where the rules deal alike), a row a value: the mean score,
//! each place in the first claims' win share (the first player's advantage, and whether a value
//! evens it out), ties at the top, the winner's margin. A house rule's number chosen from the
//! figures rather than guessed.
//!
//! Each value makes a ruleset of three lines, as a user would write it: `extends` the ruleset
//! given, then `[rules]` and `KEY = VALUE`, so a key is any key `[rules]` takes, dotted into its
//! tables (`harmony.points`, `module.claim-order.points`), and the loader checks it as it checks
//! a file (an unknown key, a value out of range: the error names the `--set` value).

use super::simulate::{RunOptions, players_of, ruleset_id};
use crate::errors::{CliError, CliResult};
use crate::lab::stats::{self, Estimate};
use crate::lab::table::Table;
use crate::lab::{self, Kind, RunSpec, runner};
use crate::output::say;
use crownlands_core::{Registry, Ruleset};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The most values one sweep plays.
pub const MAX_VALUES: usize = 16;

/// The longest `--set` accepted, in bytes.
const MAX_SET_BYTES: usize = 4096;

/// One value's figures.
struct Row {
    value: String,
    /// Each seat's mean score, pooled: the mean over all seats.
    score: f64,
    /// Per place in the first claims (1 first): the win share.
    places: Vec<Estimate>,
    /// Games whose top total was tied, as a share.
    tied: Option<Estimate>,
    /// The winner's margin over the next side.
    margin: Option<Estimate>,
    /// The places and the finishes as `simulate --json` writes them.
    first_claims_json: Vec<serde_json::Value>,
    finishes_json: serde_json::Value,
}

pub fn run(
    registry: &Registry,
    name: &str,
    set: &str,
    players: Option<u8>,
    bots: Option<&str>,
    options: &RunOptions<'_>,
) -> CliResult<ExitCode> {
    options.check()?;
    let (key, values) = parse_set(set).map_err(|e| CliError::Message(format!("--set: {e}")))?;
    // The ruleset itself read first: its own problems said as its own.
    super::load_ruleset(registry, name)?;
    let (extends, at) = base_ref(registry, name);
    // Every value's ruleset read before any game: a bad value is said at once.
    let mut rulesets = Vec::with_capacity(values.len());
    let mut warned: Vec<crownlands_rules::Diagnostic> = Vec::new();
    for value in &values {
        let text = format!(
            "extends = {}\n\n[rules]\n{key} = {value}\n",
            toml_string(&extends)
        );
        // Beside the file, named after it and never as it (a file extending itself is a cycle).
        let virtual_path = at.join(format!("{} --set.toml", extends.trim_start_matches("./")));
        // A problem of the generated file is the value's: said as `--set KEY=VALUE: ...` (its
        // line and column are of three lines the user never saw).
        let shown = crate::output::shown_path(&virtual_path);
        let as_set = |d: &mut crownlands_rules::Diagnostic| {
            if d.file == shown || Path::new(&d.file) == virtual_path {
                d.file = format!("--set {key}={}", crownlands_core::text::excerpt(value));
                (d.line, d.column) = (0, 0);
            }
        };
        let (ruleset, warnings) =
            crownlands_rules::load_str_with_warnings(registry, &text, &virtual_path).map_err(
                |mut e| {
                    e.0.iter_mut().for_each(as_set);
                    e
                },
            )?;
        // Each value's warnings, those of every value (the file's own) said once.
        for mut w in warnings {
            as_set(&mut w);
            if !warned.contains(&w) {
                warned.push(w);
            }
        }
        rulesets.push(Arc::new(ruleset));
    }
    let all: Vec<&Ruleset> = rulesets.iter().map(|r| r.as_ref()).collect();
    let who = players_of(players, bots, &all)?;
    super::say_warnings(&warned, who.count());
    let mut rows = Vec::with_capacity(values.len());
    let mut stopped = false;
    let mut matches = false;
    for (value, ruleset) in values.iter().zip(&rulesets) {
        let table = Table::new(ruleset.clone(), &who, options.seed)?;
        let spec = RunSpec {
            kind: Kind::Simulate,
            rulesets: vec![ruleset_id(ruleset)],
            players: who.count(),
            bots: who.bot_list(),
            games: options.games,
            seed: options.seed,
            dominoes: false,
        };
        matches |= table.match_games > 1;
        let (results, failure) = lab::play(
            spec,
            &[table],
            0..options.games,
            runner::threads(options.jobs, options.games, matches),
            None,
        )?;
        if let Some(e) = failure {
            return Err(e);
        }
        if let Some(t) = results.tallies.first() {
            rows.push(row(value, t));
        }
        if results.stopped {
            stopped = true;
            break;
        }
    }
    let what = match &who {
        crate::lab::table::Players::Random(n) => format!("{n} random players"),
        p => format!("bots {}", p.bot_list().join(",")),
    };
    if options.as_json {
        super::print_json(&json(name, &key, &what, options, &rows, stopped));
    } else {
        let unit = if matches { "match" } else { "game" };
        say!(
            "{}",
            text(name, &key, &what, unit, options, &rows, stopped).trim_end()
        );
    }
    Ok(if stopped {
        ExitCode::from(crate::lab::interrupt::stopped_exit_code())
    } else {
        ExitCode::SUCCESS
    })
}

/// `KEY=V1,V2,...` split into the key and its values (commas inside brackets, braces or quotes
/// belong to a value: `module.claim-order.points=[0,0,0,0],[0,1,2,3]`).
fn parse_set(set: &str) -> Result<(String, Vec<String>), String> {
    if set.len() > MAX_SET_BYTES {
        return Err(format!("at most {MAX_SET_BYTES} bytes"));
    }
    if set.chars().any(char::is_control) {
        return Err("a control character (a line break?): give KEY=V1,V2 on one line".into());
    }
    let Some((key, list)) = set.split_once('=') else {
        return Err(
            "give KEY=V1,V2,..., a key of [rules] and its values, such as harmony.points=0,5,10"
                .into(),
        );
    };
    let key = key.trim();
    let bare = |part: &str| {
        !part.is_empty()
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if !key.split('.').all(bare) {
        return Err(format!(
            "`{}` is no key of [rules]: give a key as a ruleset file writes it under [rules], \
             dotted into its tables (grid-size, harmony.points, module.claim-order.points)",
            crownlands_core::text::excerpt(key)
        ));
    }
    let mut values = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0usize);
    let mut escaped = false;
    for (i, c) in list.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' && q == '"' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None => match c {
                '"' | '\'' => quote = Some(c),
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                ',' if depth == 0 => {
                    values.push(list[start..i].trim().to_string());
                    start = i + 1;
                }
                _ => {}
            },
        }
    }
    values.push(list[start..].trim().to_string());
    if values.iter().any(String::is_empty) {
        return Err(format!(
            "an empty value in `{}`: give values separated by commas, such as {key}=0,5,10",
            crownlands_core::text::excerpt(list)
        ));
    }
    if values.len() > MAX_VALUES {
        return Err(format!(
            "{} values; a sweep plays at most {MAX_VALUES}",
            values.len()
        ));
    }
    Ok((key.to_string(), values))
}

/// What the generated ruleset `extends`, and the folder it is read as if it were in: a shipped
/// name as it is; a file as `./NAME` beside it.
fn base_ref(registry: &Registry, name: &str) -> (String, PathBuf) {
    if crownlands_rules::is_ruleset_name(registry, name) {
        return (name.to_string(), PathBuf::from("."));
    }
    let path = Path::new(name);
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let file = path
        .file_name()
        .map_or_else(|| name.to_string(), |f| f.to_string_lossy().into_owned());
    (format!("./{file}"), dir)
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn row(value: &str, t: &lab::tally::Tally) -> Row {
    let seats = stats::seats(t);
    let score = if seats.is_empty() {
        0.0
    } else {
        seats.iter().map(|s| s.score.estimate).sum::<f64>() / seats.len() as f64
    };
    let finishes = stats::finishes(t);
    Row {
        value: value.to_string(),
        score,
        places: stats::first_claims(t).into_iter().map(|(w, _)| w).collect(),
        tied: finishes.as_ref().map(|f| f.tied_top),
        margin: finishes.as_ref().map(|f| f.margin),
        first_claims_json: lab::json::first_claims_json(t),
        finishes_json: lab::json::finishes_json(t),
    }
}

/// The rows as a table; `unit` what a run plays, `game` or `match`.
fn text(
    name: &str,
    key: &str,
    what: &str,
    unit: &str,
    options: &RunOptions<'_>,
    rows: &[Row],
    stopped: bool,
) -> String {
    let mut out = String::new();
    let games = options.games;
    let _ = writeln!(
        out,
        "{key} swept over {} at {what}, {games} {} each value, the same seeds (seed {})",
        crownlands_core::text::excerpt(name),
        match (games, unit) {
            (1, u) => u.to_string(),
            (_, "match") => "matches".to_string(),
            (_, u) => format!("{u}s"),
        },
        options.seed
    );
    if stopped {
        let _ = writeln!(
            out,
            "stopped: the values after the last row were not played"
        );
    }
    let width = rows
        .iter()
        .map(|r| r.value.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let places = rows.iter().map(|r| r.places.len()).max().unwrap_or(0);
    let mut head = format!("{:<width$}  mean score", "value");
    if places > 1 {
        for p in 1..=places {
            let _ = write!(head, "  {:>7}", format!("{p} wins"));
        }
    }
    head.push_str("  top tied  margin");
    let _ = writeln!(out, "{head}");
    for r in rows {
        let mut line = format!(
            "{:<width$}  {:>10.2}",
            crownlands_core::text::excerpt(&r.value),
            r.score
        );
        if places > 1 {
            for p in 0..places {
                match r.places.get(p) {
                    Some(w) => {
                        let _ = write!(line, "  {:>6.1}%", w.estimate * 100.0);
                    }
                    None => line.push_str("        -"),
                }
            }
        }
        match (&r.tied, &r.margin) {
            (Some(t), Some(m)) => {
                let _ = write!(line, "  {:>7.1}%  {:>6.2}", t.estimate * 100.0, m.estimate);
            }
            _ => line.push_str("         -       -"),
        }
        let _ = writeln!(out, "{line}");
    }
    if places > 1 {
        let _ = writeln!(
            out,
            "N wins: the win share of the side that claimed the first line N-th (1 first); a \
             side wins 1/{places} of the games where the place gives no advantage"
        );
    }
    out
}

/// As `simulate --json` writes the same figures (its `first_claims` and `finishes`), a value
/// each.
fn json(
    name: &str,
    key: &str,
    what: &str,
    options: &RunOptions<'_>,
    rows: &[Row],
    stopped: bool,
) -> serde_json::Value {
    serde_json::json!({
        "ruleset": name,
        "key": key,
        "players": what,
        "games": options.games,
        "seed": options.seed,
        "stopped": stopped,
        "values": rows.iter().map(|r| serde_json::json!({
            "value": r.value,
            "mean_score": crate::output::round(r.score, 3),
            "first_claims": r.first_claims_json,
            "finishes": r.finishes_json,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_splits_at_the_commas_outside_brackets_and_quotes() {
        let (k, v) = parse_set("module.claim-order.points=[0,0,0,0], [0,1,2,3]").expect("reads");
        assert_eq!(k, "module.claim-order.points");
        assert_eq!(v, ["[0,0,0,0]", "[0,1,2,3]"]);
        let (_, v) = parse_set(r#"castle="centre","anywhere""#).expect("reads");
        assert_eq!(v, [r#""centre""#, r#""anywhere""#]);
        let (_, v) = parse_set(r#"x={ a = "1,2" },3"#).expect("reads");
        assert_eq!(v, [r#"{ a = "1,2" }"#, "3"]);
    }

    #[test]
    fn a_bad_set_is_said() {
        for (bad, said) in [
            ("harmony.points", "give KEY=V1,V2"),
            ("=1,2", "no key of [rules]"),
            ("a b=1", "no key of [rules]"),
            ("x=1,,2", "an empty value"),
            ("x=1\n[rules]", "control character"),
        ] {
            let e = parse_set(bad).expect_err(bad);
            assert!(e.contains(said), "{bad:?}: {e}");
        }
        assert_eq!(toml_string(r#"a"b\c"#), r#""a\"b\\c""#);
        let many = format!("x={}", vec!["1"; MAX_VALUES + 1].join(","));
        assert!(parse_set(&many).expect_err("too many").contains("at most"));
    }
}

//! Shards: `--shard K/N` plays the K-th of N contiguous slices of the games and writes its
//! tallies as a part file (JSON); `merge` adds the parts of one run back together, which gives
//! exactly the tallies one process would have (every tally is an exact integer sum).

use super::Results;
use super::tally::{PairedGroup, Tally, sums_fit};
use crate::errors::{CliError, CliResult};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::Path;

/// The `format` of a part file.
pub const FORMAT: &str = "crownlands-lab-part";
/// 2 since the thirty-eighth session: a module's line that takes points away is counted as a
/// penalty paid (`KEY (penalty)`), which a part of version 1 left uncounted, so the two do not
/// merge; 3 since the forty-sixth: Harmony and Middle Kingdom made a penalty by a house rule are
/// counted so too (version 2 counted them as earned, under their own key).
pub const VERSION: u32 = 3;

/// The largest part file `merge` reads.
const MAX_PART_BYTES: u64 = 64 << 20;

/// Which slice of the games: the `index`-th (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text}: give K/N with 1 <= K <= N, such as 3/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The games of this shard out of `games`: `[G (K-1) / N, G K / N)`.
    pub fn range(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// A part file: one shard's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub format: String,
    pub version: u32,
    pub shard: Shard,
    /// The games of the run this shard played: `[first, end)`.
    pub first_game: u64,
    pub end_game: u64,
    pub results: Results,
}

impl Part {
    pub fn new(shard: Shard, range: Range<u64>, results: Results) -> Part {
        Part {
            format: FORMAT.to_string(),
            version: VERSION,
            shard,
            first_game: range.start,
            end_game: range.end,
            results,
        }
    }
}

/// The most bonuses a tally counts: a building each (at most 256), each once more as a penalty
/// (a building worth less than nothing), and the rules' and modules' own bonuses.
const MAX_BONUSES: usize = 1024;

/// What a JSON file that is no part file is instead, when it is plainly another of the project's:
/// a save, or the report of a whole run (`--json`).
fn other_json(text: &str) -> Option<&'static str> {
    // Only whether the top-level keys are there: their values are skipped, not kept (a file of
    // tens of millions of numbers read as values took a gigabyte).
    #[derive(Deserialize)]
    struct Keys {
        ruleset_name: Option<serde::de::IgnoredAny>,
        games: Option<serde::de::IgnoredAny>,
        results: Option<serde::de::IgnoredAny>,
        games_requested: Option<serde::de::IgnoredAny>,
    }
    let v: Keys = serde_json::from_str(text).ok()?;
    if v.ruleset_name.is_some() && v.games.is_some() && v.results.is_none() {
        Some(
            "this is a saved game, not a part file: `crownlands replay FILE` replays it; part \
             files are what `simulate --shard K/N` or `compare --shard K/N` print",
        )
    } else if v.games_requested.is_some() && v.results.is_none() {
        Some(
            "this is the report of a whole run (`--json`), not a part file: `merge` adds up the \
             part files that `simulate --shard K/N` or `compare --shard K/N` print, one a shard",
        )
    } else {
        None
    }
}

/// Whether the JSON reader stopped inside a number (`1.5` or `1e308` where a whole number is
/// read digit by digit) at `line` and `column` (1-based, as it counts them).
fn in_a_number(text: &str, line: usize, column: usize) -> bool {
    let Some(row) = text.lines().nth(line.saturating_sub(1)) else {
        return false;
    };
    let at = |i: usize| row.chars().nth(i);
    [column.checked_sub(1), Some(column)]
        .into_iter()
        .flatten()
        .filter_map(at)
        .any(|c| matches!(c, '.' | 'e' | 'E'))
        && column
            .checked_sub(2)
            .and_then(at)
            .is_some_and(|c| c.is_ascii_digit())
}

/// Read one part file, refusing anything that is not a complete, self-consistent part.
fn read(path: &Path) -> CliResult<Part> {
    let name = crate::output::shown_path(path);
    let unreadable = |e: std::io::Error| {
        CliError::Message(format!(
            "{name}: cannot read the file: {}",
            crownlands_rules::io_words(&e)
        ))
    };
    // Only a regular file: a FIFO would wait forever, a device give bytes without end.
    let bytes = crownlands_rules::read_regular(path, MAX_PART_BYTES).map_err(|e| match e {
        crownlands_rules::ReadFail::Io(e) => unreadable(e),
        crownlands_rules::ReadFail::NotRegular => {
            CliError::Message(format!("{name}: not a regular file, not a part file"))
        }
        crownlands_rules::ReadFail::TooLarge(_) => CliError::Message(format!(
            "{name}: larger than {} MiB, not a part file",
            MAX_PART_BYTES >> 20
        )),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| {
        unreadable(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })?;
    const MAX_NAME_CHARS: usize = crownlands_saves::MAX_RULESET_NAME_CHARS;
    // A byte order mark is accepted, as in every kind of file (an editor may add one).
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let part: Part = serde_json::from_str(text).map_err(|e| {
        if let Some(what) = other_json(text) {
            return CliError::Message(format!("{name}: {what}"));
        }
        // The place goes in front (serde_json puts it after the message too; its column is 0
        // at the start of a line, an empty file's).
        let words = e.to_string();
        let words = words.rfind(" at line ").map_or(&words[..], |i| &words[..i]);
        // Cut short (a copy stopped midway, a full disk): said as such, of a file that begins
        // as a part file does.
        if e.is_eof() && text.trim_start().starts_with('{') && text.contains(FORMAT) {
            return CliError::Message(format!(
                "{name}: a part file cut short: it ends at line {}, column {}, before its JSON \
                 does (write it again with its `--shard` command)",
                e.line().max(1),
                e.column().max(1),
            ));
        }
        // Another of the project's files, not JSON at all (a ruleset, a game in the notation,
        // a kingdom file): said what it looks like and what reads it, not `expected value`.
        if e.is_syntax()
            && serde_json::from_str::<serde::de::IgnoredAny>(text).is_err()
            && let Some(kind) = crownlands_saves::other_text(text)
        {
            let what = match kind {
                crownlands_saves::OtherText::Notation => {
                    "this looks like a game in the notation (a .cgn file), not a part file: \
                     `crownlands import FILE -o game.json` makes a save of it"
                }
                crownlands_saves::OtherText::Toml => {
                    "this looks like a ruleset or a set of dominoes (TOML), not a part file: a \
                     ruleset goes where a command takes a RULESET (`crownlands simulate FILE \
                     --shard K/N` prints a part file of its games)"
                }
                crownlands_saves::OtherText::Kingdom => {
                    "this looks like a kingdom file, not a part file: `crownlands score FILE` \
                     scores it"
                }
            };
            return CliError::Message(format!(
                "{name}: {what}; part files are what `simulate --shard K/N` or `compare --shard \
                 K/N` print"
            ));
        }
        // A number where another kind is read digit by digit (`1.5` or `1e308` for a whole
        // number): the reader says `expected ,` of well-formed JSON. Said as the value's kind.
        let words = if e.is_syntax() && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
        {
            if in_a_number(text, e.line(), e.column()) {
                "a number of the wrong kind here: a part file counts games, points and wins in \
                 whole numbers"
                    .to_string()
            } else {
                "a value of another kind than a part file holds here".to_string()
            }
        } else {
            // What was expected in words, not Rust's (`u64`, `struct Shard`).
            crownlands_saves::shorten_quotes(words)
        };
        CliError::Message(format!(
            "{name}:{}:{}: not a part file of `simulate --shard` or `compare --shard`: {words}",
            e.line().max(1),
            e.column().max(1),
        ))
    })?;
    let bad = |what: String| CliError::Message(format!("{name}: {what}"));
    if part.format != FORMAT || part.version != VERSION {
        return Err(bad(format!(
            "format `{}` version {}, expected {FORMAT} version {VERSION}",
            crownlands_core::text::excerpt(&part.format),
            part.version
        )));
    }
    let r = &part.results;
    if r.run.games == 0 {
        return Err(bad("a run of 0 games (a run plays at least one)".into()));
    }
    let shard = part.shard;
    if shard.index == 0 || shard.index > shard.count {
        return Err(bad(format!(
            "shard {}/{}: a shard is K/N with K from 1 to N (N at least 1)",
            shard.index, shard.count
        )));
    }
    if shard.range(r.run.games) != (part.first_game..part.end_game) {
        return Err(bad(format!(
            "games {}..{} are not shard {}/{} of {}",
            part.first_game, part.end_game, shard.index, shard.count, r.run.games
        )));
    }
    let shard_games = part.end_game - part.first_game;
    if r.stopped {
        return Err(bad(format!(
            "shard {}/{} was stopped after {} of {} games: run it again",
            shard.index, shard.count, r.games_played, shard_games
        )));
    }
    if r.games_played != shard_games {
        return Err(bad(format!(
            "shard {}/{} counts {} games played where it holds {} (games {}..{})",
            shard.index, shard.count, r.games_played, shard_games, part.first_game, part.end_game
        )));
    }
    // A run's time: from 0 to about 30 years (so that the merged sum stays a number).
    if !(r.seconds.is_finite() && (0.0..=1e9).contains(&r.seconds)) {
        // Plain where it reads so, else as an exponent (`1e300` would print 301 digits).
        let shown = if (1e-3..1e12).contains(&r.seconds.abs()) {
            format!("{}", r.seconds)
        } else {
            format!("{:e}", r.seconds)
        };
        return Err(bad(format!(
            "a run time of {shown} seconds (a run's time is from 0 to 1e9 seconds)"
        )));
    }
    let expected_tallies = match r.run.kind {
        super::Kind::Simulate => 1,
        super::Kind::Compare => 2,
    };
    if r.tallies.len() != expected_tallies || r.run.rulesets.len() != expected_tallies {
        let (kind, wants) = match r.run.kind {
            super::Kind::Simulate => ("simulate", "one ruleset and one tally"),
            super::Kind::Compare => ("compare", "two rulesets and two tallies"),
        };
        return Err(bad(format!(
            "a part of `{kind}` names {} and holds {}, where it has {wants}",
            crownlands_core::modules::describe::plural(
                i64::try_from(r.run.rulesets.len()).unwrap_or(i64::MAX),
                "ruleset",
                "rulesets"
            ),
            crownlands_core::modules::describe::plural(
                i64::try_from(r.tallies.len()).unwrap_or(i64::MAX),
                "tally",
                "tallies"
            ),
        )));
    }
    // Dominoes counted by `simulate --dominoes` alone, and then in its tally.
    if r.tallies
        .iter()
        .any(|t| t.dominoes.is_some() != r.run.dominoes)
    {
        return Err(bad(
            "a part whose dominoes are counted without `--dominoes`, or not counted with it"
                .to_string(),
        ));
    }
    // Names and hashes as runs write them: a ruleset's name is short, its hash `fnv1a64:` and
    // 16 hex digits; a bot level is short too (nothing a report would print a megabyte of).
    for id in &r.run.rulesets {
        if id.name.chars().count() > MAX_NAME_CHARS || id.hash.len() > 32 {
            return Err(bad(format!(
                "a ruleset name or hash longer than a run writes (`{}`)",
                crownlands_core::text::excerpt(&id.name)
            )));
        }
        // A ruleset's name holds no control or invisible character (a loaded ruleset's cannot):
        // it would reach the terminal, and the report's page, as it is.
        if let Some(c) = crownlands_core::text::first_unsafe_char(&id.name) {
            return Err(bad(format!(
                "a ruleset name holding the control or invisible character U+{:04X} (`{}`), \
                 which no ruleset's name holds",
                u32::from(c),
                crownlands_core::text::excerpt(&id.name)
            )));
        }
    }
    if r.run
        .bots
        .iter()
        .any(|b| b.chars().count() > MAX_NAME_CHARS)
    {
        return Err(bad("a bot level longer than a run writes".into()));
    }
    // A run's bots: none (random players), or one a seat, each a level `--bots` takes.
    if !r.run.bots.is_empty() && r.run.bots.len() != usize::from(r.run.players) {
        return Err(bad(format!(
            "{} bots for {} players (a run names none, or one a seat)",
            r.run.bots.len(),
            r.run.players
        )));
    }
    if let Some((seat, e)) = r.run.bots.iter().enumerate().find_map(|(i, b)| {
        b.parse::<crownlands_bots::Level>()
            .err()
            .map(|e| (i + 1, e))
    }) {
        return Err(bad(format!("the bot of seat {seat}: {e}")));
    }
    for t in &r.tallies {
        // A ruleset has at most 256 buildings and a few other bonuses; bots one per seat.
        if t.bonuses.len() > MAX_BONUSES
            || t.bonuses.keys().any(|k| k.chars().count() > MAX_NAME_CHARS)
            || t.bots.len() > usize::from(r.run.players)
        {
            return Err(bad(format!(
                "more bonuses or bots than a run counts (at most {MAX_BONUSES} bonuses, one bot \
                 a seat)"
            )));
        }
        // A tally's bots are the run's (a name of any length would widen the bots' table past
        // what a terminal, or the formatter, takes).
        if let Some(b) = t.bots.iter().find(|b| !r.run.bots.contains(&b.bot)) {
            return Err(bad(format!(
                "a bot `{}` that the run does not list",
                crownlands_core::text::excerpt(&b.bot)
            )));
        }
        // What is held is named by the rulesets' resources: a few short names.
        if t.held.len() > MAX_BONUSES || t.held.keys().any(|k| k.chars().count() > MAX_NAME_CHARS) {
            return Err(bad(format!(
                "more resources held, or longer names, than a run counts (at most {MAX_BONUSES}, \
                 each at most {MAX_NAME_CHARS} characters)"
            )));
        }
        // Bonuses and resources are named by rulesets, whose names hold no control or invisible
        // character: a new line in one would print a line of the file's own in the report.
        if let Some((key, c)) = t.bonuses.keys().chain(t.held.keys()).find_map(|k| {
            k.chars()
                .find(|&c| c.is_control() || crownlands_core::text::is_unsafe_char(c))
                .map(|c| (k, c))
        }) {
            return Err(bad(format!(
                "a bonus or resource named with the control or invisible character U+{:04X} \
                 (`{}`), which no ruleset's names hold",
                u32::from(c),
                crownlands_core::text::excerpt(key)
            )));
        }
        t.check().map_err(|e| bad(e.to_string()))?;
        if t.games != r.games_played || t.seats.len() != usize::from(r.run.players) {
            return Err(bad("the tallies do not match the games played".into()));
        }
    }
    let paired_seats = if expected_tallies == 2 {
        usize::from(r.run.players)
    } else {
        0
    };
    if r.paired.len() != paired_seats {
        return Err(bad("paired differences of the wrong seats".into()));
    }
    // The paired differences B - A are the two rulesets' sums' differences, seat by seat, and
    // a sum of squares of whole differences is at least the sum's size.
    if let [a, b] = r.tallies.as_slice() {
        for (p, (d, (sa, sb))) in r
            .paired
            .iter()
            .zip(a.seats.iter().zip(&b.seats))
            .enumerate()
        {
            let wins = i128::try_from(sb.win_units)
                .ok()
                .zip(i128::try_from(sa.win_units).ok());
            // A game's difference is within B's totals less A's, either way, and a win's.
            let far = differences(sa.score.range(), sb.score.range());
            let consistent = d.score_sum.checked_add(sa.score_sum) == Some(sb.score_sum)
                && wins.is_some_and(|(wb, wa)| wb - wa == d.win_units)
                && sums_fit(r.games_played, d.score_sum, d.score_sq_sum, -far, far)
                && win_differences_fit(r, r.games_played, d.win_units, d.win_sq_units, 1);
            if !consistent {
                return Err(bad(format!(
                    "seat {}: the paired differences are not B's sums less A's",
                    p + 1
                )));
            }
        }
    }
    // Both rulesets of a comparison are played by the same list of bots, in the same order
    // (what is said bot by bot pairs them by it).
    if let [a, b] = r.tallies.as_slice()
        && (a.bots.len() != b.bots.len() || a.bots.iter().zip(&b.bots).any(|(x, y)| x.bot != y.bot))
    {
        return Err(bad("the two rulesets' bots are not the same list".into()));
    }
    check_paired_bots(r).map_err(bad)?;
    check_paired_places(r).map_err(bad)?;
    Ok(part)
}

/// The largest difference `b - a` or `a - b` of a value in range `b` and one in range `a`
/// (each the least and the most a histogram allows; 0 where nothing was counted).
fn differences(a: Option<(i128, i128)>, b: Option<(i128, i128)>) -> i128 {
    let (a0, a1) = a.unwrap_or((0, 0));
    let (b0, b1) = b.unwrap_or((0, 0));
    (b1 - a0).max(a1 - b0).max(0)
}

/// Whether `n` games' differences of wins, each of at most `seats` seats' shares, can add up
/// to `units` with squares `sq`: each from `-seats` wins to `seats`, and, where neither ruleset
/// shared a win, each a whole number of wins.
fn win_differences_fit(r: &Results, n: u64, units: i128, sq: u128, seats: i128) -> bool {
    let unit = i128::from(super::tally::WIN_UNIT);
    let whole = r.tallies.len() == 2
        && r.tallies
            .iter()
            .all(|t| t.finishes.as_ref().is_some_and(|f| f.shared == 0));
    if !whole {
        return sums_fit(n, units, sq, -unit * seats, unit * seats);
    }
    let square = unit.unsigned_abs().pow(2);
    units % unit == 0
        && sq.is_multiple_of(square)
        && sums_fit(n, units / unit, sq / square, -seats, seats)
}

/// A group's sums under one ruleset, as its tally counts them: seat-games, score, win units.
type GroupSums = (u64, i128, u128);

/// Whether group `d`'s paired differences can be what a run counted: over at most the games
/// played, and where it counted every game, its seats the group's seat-games under both
/// rulesets (`a`, `b`) and its sums B's less A's.
fn group_sound(d: &PairedGroup, r: &Results, a: GroupSums, b: GroupSums) -> bool {
    let seats = u64::from(r.run.players);
    // A game's difference summed over the group's seats: at most a seat's each.
    let far = match r.tallies.as_slice() {
        [ta, tb] => differences(ta.totals_range(), tb.totals_range()),
        _ => 0,
    };
    // Seats of the group in one game: at most the players, and its seats over its games less
    // one for each other game.
    let group = i128::from(d.seats.saturating_sub(d.games.saturating_sub(1)).min(seats));
    let counts = d.games <= r.games_played
        && d.games <= d.seats
        && d.seats <= d.games.saturating_mul(seats)
        && sums_fit(
            d.games,
            d.score_sum,
            d.score_sq_sum,
            -far * group,
            far * group,
        )
        && win_differences_fit(r, d.games, d.win_units, d.win_sq_units, group);
    let sums = d.games < r.games_played || {
        let wins = i128::try_from(b.2).ok().zip(i128::try_from(a.2).ok());
        d.seats == a.0
            && d.seats == b.0
            && d.score_sum.checked_add(a.1) == Some(b.1)
            && wins.is_some_and(|(wb, wa)| wb - wa == d.win_units)
    };
    counts && sums
}

/// The bots' paired differences, where a part has them: one per bot of the list (see
/// [`group_sound`]).
fn check_paired_bots(r: &Results) -> Result<(), String> {
    if r.paired_bots.is_empty() {
        return Ok(());
    }
    let [a, b] = r.tallies.as_slice() else {
        return Err("paired bots without two rulesets".into());
    };
    if r.paired_bots.len() != a.bots.len() || a.bots.len() != b.bots.len() {
        return Err("paired differences of the wrong bots".into());
    }
    for (d, (ba, bb)) in r.paired_bots.iter().zip(a.bots.iter().zip(&b.bots)) {
        let sums = |t: &super::tally::BotTally| (t.games, t.score_sum, t.win_units);
        if ba.bot != bb.bot || !group_sound(d, r, sums(ba), sums(bb)) {
            let bot = crownlands_core::text::escape_controls(&ba.bot).into_owned();
            return Err(format!(
                "bot {bot}: the paired differences are not B's sums less A's"
            ));
        }
    }
    Ok(())
}

/// The places' paired differences, where a part has them: one a seat, each as
/// [`group_sound`] says against the places' tallies (a place no side took: nothing).
fn check_paired_places(r: &Results) -> Result<(), String> {
    if r.paired_places.is_empty() {
        return Ok(());
    }
    let [a, b] = r.tallies.as_slice() else {
        return Err("paired places without two rulesets".into());
    };
    if r.paired_places.len() != usize::from(r.run.players) {
        return Err("paired differences of the wrong places".into());
    }
    for (k, d) in r.paired_places.iter().enumerate() {
        let sums = |t: &Tally| {
            t.first_claims
                .get(k)
                .map_or((0, 0, 0), |c| (c.games, c.score_sum, c.win_units))
        };
        if !group_sound(d, r, sums(a), sums(b)) {
            return Err(format!(
                "place {} in the first claims: the paired differences are not B's sums less A's",
                k + 1
            ));
        }
    }
    Ok(())
}

/// What tells run `b` from run `a`, in words (`None`: nothing of the runs themselves).
fn run_difference(a: &super::RunSpec, b: &super::RunSpec) -> Option<String> {
    // (A character drawn as nothing shown too: `kingdomino against king\u{200d}domino` had
    // read as the same name twice.)
    let text = |s: &str| {
        crownlands_core::text::reveal_invisible(&crownlands_core::text::escape_controls(s))
            .into_owned()
    };
    let rulesets = |r: &super::RunSpec| {
        r.rulesets
            .iter()
            .map(|id| text(&id.name))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    if a.kind != b.kind {
        return Some("one is a simulation, the other a comparison".into());
    }
    if a.rulesets != b.rulesets {
        let (ra, rb) = (rulesets(a), rulesets(b));
        if ra != rb {
            return Some(format!("rulesets {ra} against {rb}"));
        }
        // The same names: the ones whose rules (their hash) changed between the runs.
        let changed: Vec<String> = a
            .rulesets
            .iter()
            .zip(&b.rulesets)
            .filter(|(x, y)| x.hash != y.hash)
            .map(|(x, _)| text(&x.name))
            .collect();
        return Some(match changed.as_slice() {
            [one] => format!("the rules of {one} changed between the runs"),
            _ => format!(
                "the rules of {} changed between the runs",
                changed.join(" and ")
            ),
        });
    }
    if a.players != b.players {
        return Some(format!("{} players against {}", a.players, b.players));
    }
    if a.bots != b.bots {
        let bots = |r: &super::RunSpec| {
            if r.bots.is_empty() {
                "no bots (random players)".to_string()
            } else {
                format!("bots {}", text(&r.bots.join(",")))
            }
        };
        return Some(format!("{} against {}", bots(a), bots(b)));
    }
    if a.games != b.games {
        return Some(format!("{} games against {}", a.games, b.games));
    }
    if a.seed != b.seed {
        return Some(format!("seed {} against {}", a.seed, b.seed));
    }
    if a.dominoes != b.dominoes {
        let counted = |d: bool| {
            if d {
                "dominoes counted (--dominoes)"
            } else {
                "no dominoes counted"
            }
        };
        return Some(format!(
            "{} against {}",
            counted(a.dominoes),
            counted(b.dominoes)
        ));
    }
    None
}

/// Read the parts of one run and add them up: every shard exactly once, all of the same run.
/// Each part is added as it is read and then let go, so the memory is about two parts' (the sum
/// and the one read) whatever the count of files (a run's parts may each be tens of
/// megabytes).
pub fn merge(
    paths: &[impl AsRef<Path>],
    check: &dyn Fn(&Results) -> Result<(), String>,
) -> CliResult<Results> {
    let Some(first_path) = paths.first() else {
        return Err(CliError::Message("give the part files to merge".into()));
    };
    let first_name = crate::output::shown_path(first_path.as_ref());
    let first = read(first_path.as_ref())?;
    check(&first.results).map_err(|e| CliError::Message(format!("{first_name}: {e}")))?;
    let count = first.shard.count;
    let run = first.results.run.clone();
    let mut seen: Vec<Option<String>> =
        vec![None; usize::try_from(count).unwrap_or(0).min(paths.len() + 1)];
    let mut mark = |name: &str, part: &Part| -> CliResult<()> {
        let k = usize::try_from(part.shard.index - 1).unwrap_or(usize::MAX);
        match seen.get_mut(k) {
            Some(Some(other)) if other == name => Err(CliError::Message(format!(
                "{name} is given twice (shard {}/{count})",
                part.shard.index
            ))),
            Some(Some(other)) => Err(CliError::Message(format!(
                "shard {}/{count} is given twice: {other} and {name}",
                part.shard.index
            ))),
            Some(slot) => {
                *slot = Some(name.to_string());
                Ok(())
            }
            None => Err(CliError::Message(format!(
                "{} parts given for {count} shards",
                paths.len()
            ))),
        }
    };
    mark(&first_name, &first)?;
    let mut all = first.results;
    for (i, p) in paths.iter().enumerate().skip(1) {
        let name = crate::output::shown_path(p.as_ref());
        let part = read(p.as_ref())?;
        if part.results.run != run || part.shard.count != count {
            // The file named first, its values first (`seed 6 against 5`: this file's 6).
            let why = run_difference(&part.results.run, &run)
                .unwrap_or_else(|| format!("{} shards against {count}", part.shard.count));
            return Err(CliError::Message(format!(
                "{name} is of another run than {first_name}: {why}"
            )));
        }
        mark(&name, &part)?;
        check(&part.results).map_err(|e| CliError::Message(format!("{name}: {e}")))?;
        let r = part.results;
        // Which of the two does not add up is not known here (a part of an older build, a
        // figure edited to overflow the sum): both are named.
        let earlier = if i == 1 {
            first_name.clone()
        } else {
            format!("the {i} parts before it, from {first_name} on")
        };
        let neither =
            |e: String| CliError::Message(format!("{name} does not add up with {earlier}: {e}"));
        for (a, b) in all.tallies.iter_mut().zip(&r.tallies) {
            a.merge(b).map_err(|e| neither(e.to_string()))?;
        }
        super::tally::merge_paired(&mut all.paired, &r.paired)
            .and_then(|()| super::tally::merge_paired_groups(&mut all.paired_bots, &r.paired_bots))
            .and_then(|()| {
                super::tally::merge_paired_groups(&mut all.paired_places, &r.paired_places)
            })
            .map_err(|e| neither(e.to_string()))?;
        all.games_played += r.games_played;
        all.seconds += r.seconds;
    }
    if (paths.len() as u64) < count {
        let missing: Vec<String> = (1..=count)
            .filter(|k| {
                seen.get(usize::try_from(k - 1).unwrap_or(usize::MAX))
                    .is_none_or(Option::is_none)
            })
            .take(10)
            .map(|k| format!("{k}/{count}"))
            .collect();
        return Err(CliError::Message(format!(
            "{} of {count} shards given; missing: {}{}",
            paths.len(),
            missing.join(", "),
            if (count - paths.len() as u64) > 10 {
                ", ..."
            } else {
                ""
            }
        )));
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_games_once() {
        for games in [1u64, 7, 100, 1001] {
            for count in [1u64, 2, 3, 8, 13] {
                let mut next = 0;
                for index in 1..=count {
                    let r = Shard { index, count }.range(games);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
    }

    #[test]
    fn shard_syntax() {
        assert_eq!(Shard::parse("3/8"), Ok(Shard { index: 3, count: 8 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}

//! What a save or notation file may hold: the limits on its size, its counts and its free text,
//! and the helpers that read numbers and dates strictly and quote file text in messages.
//!
//! Files travel between people, so every save and notation file is untrusted: it may not take
//! unbounded memory or time, put control characters on a terminal, or be accepted when
//! malformed. docs/saves.md lists these limits.

use crate::player::Player;
use crownlands_core::text::first_unsafe_char;

/// The largest save or notation file read, in bytes: 16 MiB.
///
/// The largest game of a shipped ruleset (Royal Wedding at 8 players) saves in about 47 KB and
/// exports in about 24 KB; a Dynasty match of 4 players in about 27 KB. The engine's own limits
/// (16 players, 1024 dominoes, matches of 20 games, a ruleset of at most 4 MiB) give at most
/// about 4.5 MB of actions (20 games of 1024 dominoes, about 5 actions of 45 bytes a domino
/// with modules) and 4 MiB of embedded ruleset: about 9 MiB, which this cap covers with room.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// The most bytes of an embedded ruleset's text, the limit of a ruleset file
/// (`crownlands-rules` refuses larger ones): checked while the save is read, before it is
/// all in memory.
pub const MAX_RULESET_BYTES: usize = 4 << 20;

/// The most characters of a player's name. The terminal UI lets a player type at most 16;
/// `simulate` names seats after their bot (`greedy 1`).
pub const MAX_NAME_CHARS: usize = 64;

/// The most characters of a player's kind: `human`, or a bot's level as `crownlands simulate
/// --bots` writes it, experimental settings included (`mcts:500ms:c=0.5:depth=3:top=32`).
pub const MAX_KIND_CHARS: usize = 256;

/// The most characters of a ruleset's name in a save or notation file. A ruleset's name has at
/// most 64 characters (`crownlands-rules`, which also checks a name taken from a file name);
/// this looser bound only keeps a stranger's file from quoting a long text before that check.
pub const MAX_RULESET_NAME_CHARS: usize = 256;

/// The most bytes of one action's JSON in a save (or an `@{...}` token of an old notation
/// file). The longest the engine writes is under 100 bytes
/// (`{"action":"place","placement":{"first":{"x":-128,"y":-128},"direction":"north"}}`).
pub const MAX_ACTION_JSON_BYTES: usize = 1024;

/// The most `[Key "value"]` headers of a notation file (a file has at most 24 that mean
/// something: 8 and a seat each; unknown keys are read and ignored).
pub const MAX_HEADERS: usize = 256;

/// The most characters of a header's key.
pub const MAX_HEADER_KEY_CHARS: usize = 64;

/// The most characters of a header's value (a seat's `name (kind)` is at most 323, a match's
/// result of 16 sides about 500).
pub const MAX_HEADER_VALUE_CHARS: usize = 1024;

/// The most characters of a message made by the JSON reader (which quotes the file).
const MESSAGE_CHARS: usize = 400;

/// File text as a message quotes it: at most 40 characters, then `...`, controls escaped
/// ([`crownlands_core::text::excerpt`]).
pub(crate) fn shortened(text: &str) -> String {
    crownlands_core::text::excerpt(text).into_owned()
}

/// A message of the JSON reader, which quotes the file (``unknown field `...` ``, `invalid
/// type: string "..."`), with every quote shortened as [`shortened`] does, what was expected
/// in words rather than Rust's ([`plain_expectation`]), and the whole cut to a few hundred
/// characters.
pub fn shorten_quotes(msg: &str) -> String {
    let msg = plain_expectation(msg);
    let out = crownlands_core::text::excerpt_quotes(&msg);
    match out.char_indices().nth(MESSAGE_CHARS) {
        Some((end, _)) => format!("{}...", &out[..end]),
        None => out.into_owned(),
    }
}

/// The JSON reader's message with what it expected, which it ends with, said in words where it
/// names a Rust type (`expected struct Player`, `expected u16`): only that ending is read, so
/// the file's own words quoted before it are left as they are.
fn plain_expectation(msg: &str) -> String {
    // The reader's position, where it is still on (` at line 1 column 3`), stays at the end.
    let (msg, position) = match msg.rfind(" at line ") {
        Some(i) => msg.split_at(i),
        None => (msg, ""),
    };
    let msg = &past_the_range(msg);
    // What the file gave, in the words of JSON's kinds too (`sequence`, `map` are the reader's).
    let msg = &match msg.split_once(", expected ") {
        Some(("invalid type: sequence", rest)) => format!("invalid type: a list, expected {rest}"),
        Some(("invalid type: map", rest)) => format!("invalid type: an object, expected {rest}"),
        _ => msg.to_string(),
    };
    let Some(at) = msg.rfind("expected ") else {
        return format!("{msg}{position}");
    };
    let (head, tail) = msg.split_at(at + "expected ".len());
    let words = match tail {
        "struct Player" => "a player (an object with `seat`, `name` and `kind`)",
        "struct GameRecord" => "a game (an object with `seed`, `actions` and `status`)",
        "struct Fields" => "a game's status (an object with `state`: `finished` or `unfinished`)",
        "internally tagged enum Action" => {
            "an action (an object such as `{\"action\": \"claim\", \"domino\": 18}`)"
        }
        "internally tagged enum Phase" => {
            "what the game waits for (an object such as `{\"phase\": \"place\", \"slot\": 0}`)"
        }
        "adjacently tagged enum Decider" => {
            "what decided the game (an object such as `{\"by\": \"score\"}`)"
        }
        // The bounds as the ruleset reader words them (JSON's u64 goes past TOML's: said apart).
        "u8" | "u16" | "u32" => {
            let words = crownlands_core::modules::value_words::expected_words(tail, true);
            return format!("{head}{words}{position}");
        }
        "u64" | "usize" => "a whole number, 0 or more",
        "i8" => "a whole number from -128 to 127",
        "i16" => "a whole number from -32768 to 32767",
        "i32" => "a whole number from -2147483648 to 2147483647",
        "i64" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        // An enum's name where a list or a number stands (`[1, 2]` for an action, `"action":
        // [1]`), or a direction's (`"direction": [1]`).
        "variant identifier" | "string or map" => {
            "a name in quotes, one of those docs/saves.md lists for this field"
        }
        "a sequence" => "a list",
        "a map" => "an object",
        t if t.starts_with("struct ") => "an object",
        // Another of the file's kinds of value: which, the format's page says.
        t if t.contains("enum ") => "one of the values the format allows here (docs/saves.md)",
        _ => return format!("{msg}{position}"),
    };
    format!("{head}{words}{position}")
}

/// The reader's `invalid type: floating point `1e30`` for a whole number too large for any of
/// its integers, which a file wrote as digits (`1000000000000000000000000000000`): said as a
/// whole number past the range, not as a float the file never wrote.
fn past_the_range(msg: &str) -> String {
    const HEAD: &str = "invalid type: floating point `";
    let Some(start) = msg.find(HEAD) else {
        return msg.to_string();
    };
    let rest = &msg[start + HEAD.len()..];
    let Some(end) = rest.find('`') else {
        return msg.to_string();
    };
    let written = &rest[..end];
    match written.parse::<f64>() {
        // Past u64 and i64 both, with no fraction: digits the reader could not hold.
        Ok(v) if v.fract() == 0.0 && v.abs() >= 9.2e18 => format!(
            "{}invalid value: a whole number past the range (about {written}){}",
            &msg[..start],
            &rest[end + 1..]
        ),
        _ => msg.to_string(),
    }
}

/// A number as a file must write it: digits only, without a sign, spaces or leading zeros
/// (`0` itself excepted).
pub(crate) fn number(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if canonical { text.parse().ok() } else { None }
}

/// Whether `date` is a date as saves write it: `YYYY-MM-DD`, a real day of the Gregorian
/// calendar.
pub(crate) fn is_date(date: &str) -> bool {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .filter(|d| d.iter().all(u8::is_ascii_digit))
            .and_then(|_| date.get(r))
            .and_then(|d| d.parse::<u32>().ok())
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// Why a free text of a file (`what`, e.g. `` `players[0].name` `` or `the name of seat 1`) is
/// refused: a control character, or more than `max` characters.
pub(crate) fn check_text(what: &str, value: &str, max: usize) -> Result<(), String> {
    if let Some(c) = first_unsafe_char(value) {
        return Err(format!(
            "{what} holds the control character U+{:04X}; names, kinds and dates are plain text",
            u32::from(c)
        ));
    }
    if value.chars().nth(max).is_some() {
        return Err(format!(
            "{what} is longer than {max} characters: `{}`",
            shortened(value)
        ));
    }
    Ok(())
}

/// Why the player of seat `seat` (from 1) is refused: a name or kind with a control character
/// or too long, or a kind holding a parenthesis (the notation writes a seat as `name (kind)`, so
/// such a kind would not read back the same).
pub(crate) fn check_player(p: &Player, name_field: &str, kind_field: &str) -> Result<(), String> {
    check_text(name_field, &p.name, MAX_NAME_CHARS)?;
    check_text(kind_field, &p.kind, MAX_KIND_CHARS)?;
    if p.kind.contains(['(', ')']) {
        return Err(format!(
            "{kind_field} `{}` holds a parenthesis; a kind is a word such as `human` or a bot's \
             level (the notation writes a seat as `name (kind)`)",
            shortened(&p.kind)
        ));
    }
    Ok(())
}

/// Why a date is refused: not `YYYY-MM-DD` as saves write it.
pub(crate) fn check_date(what: &str, date: &str) -> Result<(), String> {
    check_text(what, date, 10)?;
    if !is_date(date) {
        return Err(format!(
            "{what} `{}` is not a date: dates are written YYYY-MM-DD, as 2026-11-22",
            shortened(date)
        ));
    }
    Ok(())
}

/// Why a ruleset's name is refused: a control character or too long.
pub(crate) fn check_ruleset_name(what: &str, name: &str) -> Result<(), String> {
    check_text(what, name, MAX_RULESET_NAME_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_shortened() {
        let long = "a".repeat(100);
        assert_eq!(shortened("abc"), "abc");
        assert_eq!(shortened(&long), format!("{}...", "a".repeat(40)));
        let msg = format!("unknown field `{long}`, expected `format`");
        assert_eq!(
            shorten_quotes(&msg),
            format!("unknown field `{}...`, expected `format`", "a".repeat(40))
        );
        let msg = format!("invalid type: string \"\\\"{long}\", expected u32");
        assert_eq!(
            shorten_quotes(&msg),
            format!(
                "invalid type: string \"\\\"{}...\", expected a whole number from 0 to 4294967295",
                "a".repeat(38)
            )
        );
        assert!(shorten_quotes(&"x".repeat(10_000)).chars().count() <= 403);
    }

    #[test]
    fn rust_types_are_said_in_words() {
        for (msg, said) in [
            (
                "invalid type: string \"x\", expected struct Player",
                "invalid type: string \"x\", expected a player (an object with `seat`, `name` and `kind`)",
            ),
            (
                "invalid type: map, expected a sequence",
                "invalid type: an object, expected a list",
            ),
            (
                "invalid value: integer `300`, expected i8",
                "invalid value: integer `300`, expected a whole number from -128 to 127",
            ),
            (
                "invalid type: string \"x\", expected internally tagged enum Phase",
                "invalid type: string \"x\", expected what the game waits for (an object such as `{\"phase\": \"place\", \"slot\": 0}`)",
            ),
            (
                "invalid type: string \"score\", expected adjacently tagged enum Decider",
                "invalid type: string \"score\", expected what decided the game (an object such as `{\"by\": \"score\"}`)",
            ),
            (
                "invalid type: string \"x\", expected enum Direction",
                "invalid type: string \"x\", expected one of the values the format allows here (docs/saves.md)",
            ),
            (
                "invalid type: sequence, expected variant identifier at line 1 column 1",
                "invalid type: a list, expected a name in quotes, one of those docs/saves.md lists for this field at line 1 column 1",
            ),
            (
                "invalid type: sequence, expected string or map",
                "invalid type: a list, expected a name in quotes, one of those docs/saves.md lists for this field",
            ),
            (
                "invalid type: string \"NaN\", expected f64",
                "invalid type: string \"NaN\", expected a number",
            ),
            (
                "invalid type: string \"x\", expected struct Whatever",
                "invalid type: string \"x\", expected an object",
            ),
            (
                "invalid type: string \"x\", expected u16",
                "invalid type: string \"x\", expected a whole number from 0 to 65535",
            ),
            // The file's own words before the ending are left alone, and endings already in
            // words too.
            (
                "unknown field `expected u16`, expected `seat`",
                "unknown field `expected u16`, expected `seat`",
            ),
            ("expected a seed", "expected a seed"),
            // A whole number past every integer the reader holds, which it reads as a float:
            // said as what the file wrote (it had read `floating point `1e30``).
            (
                "invalid type: floating point `1e30`, expected u16",
                "invalid value: a whole number past the range (about 1e30), expected a whole number from 0 to 65535",
            ),
            (
                "invalid type: floating point `2.5`, expected u64",
                "invalid type: floating point `2.5`, expected a whole number, 0 or more",
            ),
            (
                "invalid type: string \"x\", expected u16 at line 1 column 30",
                "invalid type: string \"x\", expected a whole number from 0 to 65535 at line 1 column 30",
            ),
        ] {
            assert_eq!(shorten_quotes(msg), said, "{msg}");
        }
    }

    #[test]
    fn numbers_are_canonical() {
        assert_eq!(number("0"), Some(0));
        assert_eq!(number("42"), Some(42));
        for bad in ["", "02", "+1", " 1", "1 ", "-1", "00", "1e3"] {
            assert_eq!(number(bad), None, "{bad:?}");
        }
        assert_eq!(number("99999999999999999999999"), None);
    }

    #[test]
    fn dates() {
        for ok in ["2026-11-22", "2024-02-29", "2000-02-29", "1970-01-01"] {
            assert!(is_date(ok), "{ok}");
        }
        for bad in [
            "2026-13-45",
            "xxxx",
            "2025-02-29",
            "1900-02-29",
            "2026-1-22",
            "2026-11-22 ",
            "+026-11-22",
            "2026-04-31",
            "2026-00-10",
            "2026-01-00",
            "２026-01-01",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }
}

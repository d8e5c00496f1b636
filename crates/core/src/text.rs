//! Text from files, made safe to show on a terminal.
//!
//! Names, dates and keys read from saves, notation, rulesets and kingdom files may hold control
//! characters: an ESC starts a terminal escape sequence (a new window title, a blinking screen),
//! a new line forges a line of output, a bidirectional override reorders what is shown. Every such
//! text is shown through [`escape_controls`] (or [`escape_controls_but_newlines`] for a message
//! whose lines are its own), which writes those characters as visible escapes (`\n`, `\u{1b}`).
//! Other characters, backslashes included, are left as they are, so escaping twice changes
//! nothing.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a terminal as it is: C0 and C1 control characters, DEL, the
/// bidirectional marks, embeddings, overrides and isolates, the line and paragraph separators
/// (which some terminals and the TUI's layout read as breaks), and the invisible format
/// characters (soft hyphen, zero width space, word joiner and invisible operators, a byte order
/// mark inside a text, the tag characters), whose width terminals disagree on and which make
/// two names that look alike differ (`kingdo\u{200b}mino`); so do the other characters that
/// show as nothing or as a blank: the combining grapheme joiner, the Hangul fillers, the Khmer
/// inherent vowels, the interlinear annotation marks, the musical format controls, the
/// Egyptian hieroglyph and shorthand format controls, the braille blank, the noncharacters, the
/// unassigned code points kept for more of these (`U+E0080` to `U+E0FFF` but the variation
/// selectors' supplement) and the prepended concatenation marks (number signs drawn over the
/// digits after them). The zero width joiners and the variation selectors, which some scripts
/// and emoji need, are left alone, and left out where names are compared ([`look`]).
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || (u32::from(c) & 0xfffe) == 0xfffe
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180e}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{fdd0}'..='\u{fdef}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{200b}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2065}'..='\u{206f}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{feff}'
                | '\u{e0000}'..='\u{e00ff}'
                | '\u{e01f0}'..='\u{e0fff}'
                // The prepended concatenation marks (Arabic, Syriac, Kaithi number signs), format
                // characters drawn over the text after them.
                | '\u{600}'..='\u{605}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{890}'..='\u{891}'
                | '\u{8e2}'
                | '\u{110bd}'
                | '\u{110cd}'
        )
}

/// `text` with the characters drawn as nothing ([`is_default_ignorable`]) written as escapes
/// (`king\u{200d}domino`), to show how two names that look alike differ.
pub fn reveal_invisible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_default_ignorable) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_default_ignorable(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` is drawn as nothing where it is left in (Unicode's default ignorable code
/// points): those [`is_unsafe_char`] refuses, and those it lets through for the scripts and emoji
/// that need them, the zero width joiner and non-joiner and the variation selectors. Two names
/// that differ by these alone look alike ([`look`]).
pub fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'..='\u{1160}'
            | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

/// The first character of `s` that [`is_unsafe_char`], if any.
pub fn first_unsafe_char(s: &str) -> Option<char> {
    s.chars().find(|&c| is_unsafe_char(c))
}

/// The combining marks one character may carry before the rest are written as escapes
/// ([`escape_controls`]): enough for the accents of any language (Vietnamese stacks two, a
/// fully pointed Hebrew letter four: dagesh, vowel, accent and meteg) and for an emoji's
/// selector and keycap.
pub const MAX_STACKED_MARKS: usize = 4;

/// Whether `c`, the next character of a text, is a combining mark past
/// [`MAX_STACKED_MARKS`] on one character; `run` counts the marks in a row so far (0 to begin).
pub fn stacked(c: char, run: &mut usize) -> bool {
    *run = if is_combining_mark(c) { *run + 1 } else { 0 };
    *run > MAX_STACKED_MARKS
}

/// Whether `c` is drawn over the character before it, taking no column of its own: the combining
/// marks of every script (accents, the Cyrillic and Thai ones, musical marks), the zero width
/// joiners and the variation selectors. A few in a row are what a letter or an emoji needs (`ệ`,
/// `❤️`, a keycap `1️⃣`); dozens stack over the lines around, or (joiners and selectors) make a
/// terminal and the screen's layout disagree on where the next character goes.
pub fn is_combining_mark(c: char) -> bool {
    !c.is_control() && unicode_width::UnicodeWidthChar::width(c) == Some(0)
}

/// The columns `s` takes on a terminal: a wide character (CJK) two, a combining mark none, as
/// [`is_combining_mark`] counts them (for tables laid out in columns; control characters, which
/// are escaped before they are shown, count one each here).
pub fn columns(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if c.is_control() {
                1
            } else {
                unicode_width::UnicodeWidthChar::width(c).unwrap_or(1)
            }
        })
        .sum()
}

/// `s` with every control character written as an escape: `\n`, `\r`, `\t`, else `\u{..}` in hex;
/// so are the combining marks on one character past [`MAX_STACKED_MARKS`].
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// As [`escape_controls`], but new lines are kept (for a message of several lines, each of
/// which was escaped when the message was made).
pub fn escape_controls_but_newlines(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

/// How many characters of a text from a file an error message quotes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// `s` as an error message quotes it: its first [`EXCERPT_CHARS`] characters (then `...` when
/// there were more), controls escaped. A file's text may be megabytes long; a message about it
/// stays a line.
pub fn excerpt(s: &str) -> Cow<'_, str> {
    match s.char_indices().nth(EXCERPT_CHARS) {
        None => escape_controls(s),
        Some((end, _)) => Cow::Owned(format!("{}...", escape_controls(&s[..end]))),
    }
}

/// `message` with every text it quotes (between backticks, or between double quotes as Rust's
/// `Debug` and serde write strings, `\"` inside not closing) cut to an [`excerpt`]: a message
/// made by a reader that quotes its file in full (serde's `unknown field`, a cell of a kingdom)
/// stays a line. An unclosed quote runs to the end.
pub fn excerpt_quotes(message: &str) -> Cow<'_, str> {
    let mut out = String::new();
    let mut rest = message;
    let mut changed = false;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..];
        let close = if quote == "\"" {
            let mut escaped = false;
            inner.char_indices().find_map(|(i, c)| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes.then_some(i)
            })
        } else {
            inner.find('`')
        };
        let (quoted, after) = match close {
            Some(end) => (&inner[..end], &inner[end..]),
            None => (inner, ""),
        };
        let short = excerpt(quoted);
        changed |= short != quoted;
        out.push_str(&short);
        match after.chars().next() {
            Some(c) => {
                out.push(c);
                rest = &after[c.len_utf8()..];
            }
            None => rest = "",
        }
    }
    if !changed {
        return Cow::Borrowed(message);
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn escape(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    let unsafe_here = |c: char| is_unsafe_char(c) && !(keep_newlines && c == '\n');
    // Combining marks past [`MAX_STACKED_MARKS`] on one character are escaped too: stacked by
    // the dozen ("zalgo" text) they are drawn over the lines above and below.
    let mut run = 0;
    if !s.chars().any(|c| unsafe_here(c) || stacked(c, &mut run)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut run = 0;
    for c in s.chars() {
        let over = stacked(c, &mut run);
        if !unsafe_here(c) && !over {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(out)
}

/// Numbers in runs, each named by `label`: `1 to 12, 15, 16, 18 to 32` (two in a row listed, three
/// or more as a run); `none` for no numbers. `numbers` need not be sorted.
pub fn number_runs(numbers: &[u16], label: impl Fn(u16) -> String) -> String {
    let mut have = numbers.to_vec();
    have.sort_unstable();
    have.dedup();
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < have.len() {
        let mut j = i;
        while j + 1 < have.len() && have[j].checked_add(1) == Some(have[j + 1]) {
            j += 1;
        }
        runs.push(match j - i {
            0 => label(have[i]),
            1 => format!("{}, {}", label(have[i]), label(have[j])),
            _ => format!("{} to {}", label(have[i]), label(have[j])),
        });
        i = j + 1;
    }
    if runs.is_empty() {
        "none".to_string()
    } else {
        runs.join(", ")
    }
}

/// Whether TOML may write `key` bare (`quest`, `tax-bonus`), without quotes.
pub fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// What `name` looks like on a screen: lower case, with the letters of other scripts that are
/// drawn as Latin ones (Cyrillic `е`, `о`, `а`, ...; Greek `ο`, `α`, ...) taken as those, the
/// small capitals (`ᴋ`) as their letters, the digits `0` and `1` as `o` and `l`, and spaces
/// (any: a no-break space too), `-`, `_` and the characters drawn as nothing
/// ([`is_default_ignorable`]: a zero width joiner) left out. Two names with one look are told
/// apart by nothing a player sees (`whеat` with a Cyrillic `е` beside `wheat`, `wh\u{200d}eat`).
pub fn look(name: &str) -> String {
    name.chars()
        .filter(|&c| !(c.is_whitespace() || matches!(c, '-' | '_') || is_default_ignorable(c)))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'а' | 'α' | 'ᴀ' => 'a',
            'в' | 'β' | 'ʙ' => 'b',
            'с' | 'ϲ' | 'ᴄ' => 'c',
            'ԁ' | 'ᴅ' => 'd',
            'е' | 'ε' | 'ᴇ' => 'e',
            'ꜰ' => 'f',
            'ɢ' => 'g',
            'һ' | 'ʜ' => 'h',
            'і' | 'ι' | 'ı' | 'ɪ' => 'i',
            'ј' | 'ᴊ' => 'j',
            'к' | 'κ' | 'ᴋ' => 'k',
            'м' | 'ᴍ' => 'm',
            'н' | 'η' | 'ɴ' => 'n',
            'о' | 'ο' | '0' | 'ᴏ' => 'o',
            'р' | 'ρ' | 'ᴘ' => 'p',
            'ԛ' | 'ꞯ' => 'q',
            'ʀ' => 'r',
            'ѕ' | 'ꜱ' => 's',
            'т' | 'τ' | 'ᴛ' => 't',
            'υ' | 'ս' | 'ᴜ' => 'u',
            'ѵ' | 'ν' | 'ᴠ' => 'v',
            'ԝ' | 'ᴡ' => 'w',
            'х' | 'χ' => 'x',
            'у' | 'γ' | 'ʏ' => 'y',
            'ʐ' | 'ᴢ' => 'z',
            'ӏ' | 'l' | '1' | 'ʟ' => 'l',
            c => c,
        })
        .collect()
}

/// The known key closest to a misspelt one, if it is close enough to be a likely typo; or the
/// one known key that holds it whole (`half-grid` for `within-half-grid`, not the nearer
/// `full-grid`: a word left short, not misspelt).
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let best = known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .min_by_key(|(d, _)| *d)?;
    // One edit away wins (`towe`: `town`); else a word holding this one whole, at most twice
    // as long (`half-grid`: `within-half-grid`; not `land`: `grassland`), or holding it without
    // a plural's `s` (`seats`: `seated`).
    if best.0 > 1 {
        let stem = word.strip_suffix('s');
        for word in [Some(word), stem].into_iter().flatten() {
            if word.chars().count() >= 4
                && let [one] = known
                    .iter()
                    .filter(|k| {
                        k.len() > word.len() && k.len() <= 2 * word.len() && k.contains(word)
                    })
                    .collect::<Vec<_>>()[..]
            {
                return Some(one);
            }
        }
    }
    let limit = (word.chars().count() / 3).clamp(1, 3);
    (best.0 <= limit).then_some(best.1)
}

/// Edits from `a` to `b`: a letter added, dropped or changed, or two neighbours swapped (`mtcs`
/// is one swap from `mcts`), each one.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            let mut best = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && *ca == b[j - 1] && a[i - 1] == *cb {
                best = best.min(before[j - 1] + 1);
            }
            cur[j + 1] = best;
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// `1 coin`, `3 coins`: a count and its noun, for the texts modules write.
pub fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A whole number as `Display` writes it (decimal, `-` when negative, no `+`, no leading zeros,
/// no `-0`), within the range of `T`.
pub fn number<T: TryFrom<i64>>(text: &str) -> Option<T> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    let canonical = !digits.is_empty()
        && digits.len() <= 6
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && !(negative && digits == "0");
    if !canonical {
        return None;
    }
    let magnitude = digits
        .bytes()
        .fold(0i64, |n, b| n * 10 + i64::from(b - b'0'));
    T::try_from(if negative { -magnitude } else { magnitude }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_left_short_is_taken_for_the_one_known_word_holding_it() {
        let readings = ["full-grid", "within-half-grid"];
        assert_eq!(closest("half-grid", &readings), Some("within-half-grid"));
        assert_eq!(closest("fulgrid", &readings), Some("full-grid"));
        // Held by two: by edits alone, as before (none near enough here).
        assert_eq!(closest("grid", &["grid-size", "grid-sizes"]), None);
        // One edit away wins over a word holding it; a word much longer is no guess.
        assert_eq!(closest("towe", &["town", "tower-supply"]), Some("town"));
        assert_eq!(closest("land", &["grassland", "salt"]), None);
        // A plural of a word a known value begins: `first-claims = "seats"`.
        assert_eq!(
            closest("seats", &["drawn", "snake", "seated"]),
            Some("seated")
        );
        assert_eq!(closest("lands", &["grassland", "salt"]), None);
    }

    #[test]
    fn numbers_read_in_runs() {
        let plain = |n: u16| n.to_string();
        assert_eq!(number_runs(&[], plain), "none");
        assert_eq!(number_runs(&[7], plain), "7");
        assert_eq!(
            number_runs(&[3, 1, 2, 5, 6, 9, 10, 11, 12], plain),
            "1 to 3, 5, 6, 9 to 12"
        );
        assert_eq!(number_runs(&[2, 2, 3], |n| format!("K{n}")), "K2, K3");
        assert_eq!(
            number_runs(&[u16::MAX, 65533, 65534], plain),
            "65533 to 65535"
        );
    }

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("mtcs", "mcts"), 1);
        assert_eq!(edit_distance("grid-szie", "grid-size"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(closest("mtcs", &["random", "greedy", "mcts"]), Some("mcts"));
    }

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_controls("Alice"), "Alice");
        assert!(matches!(escape_controls("Élise \\x"), Cow::Borrowed(_)));
        assert_eq!(
            escape_controls("a\u{1b}]0;pwned\u{7}b"),
            "a\\u{1b}]0;pwned\\u{7}b"
        );
        assert_eq!(escape_controls("x\nerror: y"), "x\\nerror: y");
        assert_eq!(escape_controls("\r\t\u{7f}\u{9b}"), "\\r\\t\\u{7f}\\u{9b}");
        assert_eq!(escape_controls("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(
            escape_controls("a\u{200e}b\u{2028}c\u{feff}\u{ad}\u{61c}"),
            "a\\u{200e}b\\u{2028}c\\u{feff}\\u{ad}\\u{61c}"
        );
        // Invisible spaces and tags that make two names look alike are shown.
        assert_eq!(
            escape_controls("kingdo\u{200b}mino\u{e0041}"),
            "kingdo\\u{200b}mino\\u{e0041}"
        );
        // So are the characters that show as nothing or a blank (reviewed: each made a ruleset
        // named `kingdomino` plus it print as `kingdomino`).
        for c in [
            '\u{34f}',
            '\u{115f}',
            '\u{1160}',
            '\u{17b4}',
            '\u{2800}',
            '\u{3164}',
            '\u{ffa0}',
            '\u{fff9}',
            '\u{fffb}',
            '\u{1d173}',
            '\u{fffe}',
            '\u{fdd0}',
            '\u{1fffe}',
            '\u{2065}',
            '\u{13430}',
            '\u{1bca0}',
            // (A playtest's: the number signs, and code points kept for more tags.)
            '\u{600}',
            '\u{6dd}',
            '\u{70f}',
            '\u{890}',
            '\u{8e2}',
            '\u{110bd}',
            '\u{e0080}',
            '\u{e01f0}',
            '\u{e0fff}',
        ] {
            assert!(is_unsafe_char(c), "U+{:04X}", u32::from(c));
        }
        // Joiners and variation selectors stay: they make one emoji of several.
        assert_eq!(escape_controls("a\u{200d}b"), "a\u{200d}b");
        assert_eq!(escape_controls("\u{2764}\u{fe0f}"), "\u{2764}\u{fe0f}");
        assert!(!is_unsafe_char('\u{e0100}') && !is_unsafe_char('\u{180b}'));
        // ... but not where names are compared: each reads as the name without it.
        for hidden in [
            '\u{200c}',
            '\u{200d}',
            '\u{fe0f}',
            '\u{e0100}',
            '\u{180b}',
            '\u{200b}',
        ] {
            assert_eq!(look(&format!("king{hidden}domino")), "kingdomino");
        }
        assert_eq!(look("kingdomino "), "kingdomino");
        // Any space, a no-break one too, and small capitals.
        for spoof in [
            "kingdomino\u{a0}",
            "\u{a0}kingdomino",
            "king\u{2009}domino",
            "kingdomino\u{3000}",
            "ᴋingdomino",
            "ᴋɪɴɢᴅᴏᴍɪɴᴏ",
            "kingdomino\u{2007}",
        ] {
            assert_eq!(look(spoof), "kingdomino", "{spoof:?}");
        }
        assert!(!is_unsafe_char('\u{a0}') && !is_unsafe_char('é') && !is_unsafe_char('日'));
        assert_eq!(escape_controls_but_newlines("a\nb\u{1b}"), "a\nb\\u{1b}");
        // Accents stay (up to four on a letter); a stack past them is escaped, mark by mark.
        assert_eq!(escape_controls("Tiếng Việt"), "Tiếng Việt");
        assert_eq!(
            escape_controls("e\u{301}\u{302}\u{303}"),
            "e\u{301}\u{302}\u{303}"
        );
        assert_eq!(
            escape_controls("ze\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}d"),
            "ze\u{301}\u{302}\u{303}\u{304}\\u{305}\\u{306}d"
        );
        // Marks of other scripts and blocks stack the same way (Cyrillic, Thai, musical), and so
        // do joiners and selectors by the dozen.
        for mark in ['\u{489}', '\u{e49}', '\u{1d167}', '\u{200d}', '\u{fe0f}'] {
            let stack: String = std::iter::once('z').chain([mark; 6]).collect();
            let shown = escape_controls(&stack);
            assert_eq!(shown.matches("\\u{").count(), 2, "{shown}");
        }
        // What letters and emoji need stays as it is: Thai's vowel and tone marks, joined
        // emoji, a heart's selector, a keycap, a flag, a skin tone.
        for fine in [
            "กุ้ง",
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
            "\u{2764}\u{fe0f}",
            "1\u{fe0f}\u{20e3}",
            "\u{1f1eb}\u{1f1f7}",
            "\u{1f44d}\u{1f3fd}",
        ] {
            assert_eq!(escape_controls(fine), fine);
        }
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("grid-size"), "grid-size");
        let long = "é".repeat(1000);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 3);
        assert!(e.ends_with("..."));
        assert_eq!(excerpt("a\u{1b}b"), "a\\u{1b}b");
        assert_eq!(
            excerpt(&"x".repeat(EXCERPT_CHARS)),
            "x".repeat(EXCERPT_CHARS)
        );
    }

    #[test]
    fn quotes_in_a_message_are_cut() {
        let long = "x".repeat(100);
        let msg = format!("unknown field `{long}`, expected `a` or \"{long}\" then `{long}");
        let cut = excerpt_quotes(&msg);
        let x40 = "x".repeat(EXCERPT_CHARS);
        assert_eq!(
            cut,
            format!("unknown field `{x40}...`, expected `a` or \"{x40}...\" then `{x40}...")
        );
        assert!(matches!(
            excerpt_quotes("`short` and \"q\\\"x\""),
            Cow::Borrowed(_)
        ));
        assert_eq!(excerpt_quotes("no quotes"), "no quotes");
    }

    #[test]
    fn escaping_twice_changes_nothing() {
        for s in ["\u{1b}[2J", "a\nb", "\\u{1b}", "\u{0}\u{85}"] {
            let once = escape_controls(s).into_owned();
            assert_eq!(escape_controls(&once), once);
            assert_eq!(first_unsafe_char(&once), None);
        }
    }
}

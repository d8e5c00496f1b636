//! Names that look like a shipped one on a screen but are not it: a ruleset's `name`, or the
//! file an `extends` or a set entry names (`kingdоmino.toml` with a Cyrillic `о`), said with the
//! letters that are not what they look like, since the two names print alike.

use crownlands_core::text::look;

/// The letters of `name` from another script that are drawn as a Latin letter or a digit (the
/// Cyrillic `о` of `kingdоmino`), each with what it is drawn as: those [`look`] reads as one
/// ASCII character.
pub(crate) fn lookalike_letters(name: &str) -> Vec<(char, char)> {
    name.chars()
        .filter(|c| !c.is_ascii())
        .filter_map(|c| {
            let drawn = look(&c.to_string());
            let mut drawn = drawn.chars();
            match (drawn.next(), drawn.next()) {
                (Some(a), None) if a.is_ascii_alphanumeric() => Some((c, a)),
                _ => None,
            }
        })
        .collect()
}

/// The script of a letter [`lookalike_letters`] found, in words.
fn script(c: char) -> &'static str {
    match u32::from(c) {
        0x0400..=0x052F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => {
            "a Cyrillic letter"
        }
        0x0370..=0x03FF | 0x1F00..=0x1FFF => "a Greek letter",
        0x0530..=0x058F => "an Armenian letter",
        _ => "not a plain Latin letter",
    }
}

/// ` (`о` is U+043E, a Cyrillic letter drawn as `o`)`: the letters of `name` that are not what
/// they look like, for a message that quotes the name beside the one it looks like (which
/// print alike); empty where it holds none.
pub fn lookalike_note(name: &str) -> String {
    let said = lookalike_words(name);
    if said.is_empty() {
        String::new()
    } else {
        format!(" ({said})")
    }
}

/// `` `о` is U+043E, a Cyrillic letter drawn as `o` ``: [`lookalike_note`] without its
/// parentheses.
pub(crate) fn lookalike_words(name: &str) -> String {
    let mut seen: Vec<char> = Vec::new();
    let said: Vec<String> = lookalike_letters(name)
        .into_iter()
        .filter(|(c, _)| {
            let new = !seen.contains(c);
            seen.push(*c);
            new
        })
        .map(|(c, a)| {
            format!(
                "`{c}` is U+{:04X}, {} drawn as `{a}`",
                u32::from(c),
                script(c)
            )
        })
        .collect();
    said.join("; ")
}

/// The name of `known` that `name` only looks like, by a letter of another script drawn as a
/// Latin one: `name` holds such a letter, is none of `known`, and reads as one of them as
/// [`look`] reads names.
pub(crate) fn looks_like<'a>(name: &str, known: &'a [String]) -> Option<&'a str> {
    if lookalike_letters(name).is_empty() || known.iter().any(|k| k == name) {
        return None;
    }
    let seen = look(name);
    known.iter().find(|k| look(k) == seen).map(String::as_str)
}

/// What a `name` that names nothing among `names` was likely meant as, said after it: a name it
/// only looks like (` (it only looks like `kingdomino`: ...)`, the odd letters named), else one
/// close to it (` (did you mean `kingdomino`?)`); empty when neither.
pub(crate) fn meant_note(name: &str, names: &[String]) -> String {
    if let Some(c) = looks_like(name, names) {
        // Printed alike: which letter is not what it looks like.
        return format!(" (it only looks like `{c}`: {})", lookalike_words(name));
    }
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    match crownlands_core::text::closest(name, &known) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_of_other_scripts_are_named() {
        let names = vec!["kingdomino".to_string(), "harmony".to_string()];
        // A Cyrillic `о`, a Greek omicron, a Cyrillic `а` and `у`.
        assert_eq!(looks_like("kingd\u{43e}mino", &names), Some("kingdomino"));
        assert_eq!(looks_like("kingd\u{3bf}mino", &names), Some("kingdomino"));
        assert_eq!(looks_like("h\u{430}rmon\u{443}", &names), Some("harmony"));
        assert_eq!(
            lookalike_note("kingd\u{43e}mino"),
            " (`\u{43e}` is U+043E, a Cyrillic letter drawn as `o`)"
        );
        assert_eq!(
            lookalike_note("h\u{430}rm\u{3bf}n\u{443}\u{430}"),
            " (`\u{430}` is U+0430, a Cyrillic letter drawn as `a`; `\u{3bf}` is U+03BF, a Greek \
             letter drawn as `o`; `\u{443}` is U+0443, a Cyrillic letter drawn as `y`)"
        );
        // Plain ASCII (another case, a digit for a letter) is not this check's: the name's own
        // warning says it.
        assert_eq!(looks_like("Kingdomino", &names), None);
        assert_eq!(looks_like("kingd0mino", &names), None);
        assert_eq!(looks_like("kingdomino", &names), None);
        // Letters of other scripts in a name of its own, and accents, are nobody's business.
        assert_eq!(looks_like("\u{43c}\u{43e}\u{439}", &names), None);
        assert_eq!(looks_like("kingdómino", &names), None);
        assert_eq!(lookalike_note("kingdómino"), "");
    }
}

//! What one of the project's own files is, by its text: for a reader of another kind to say
//! so, with the command that reads it.

/// Which of the project's JSON files a text is, by the keys it holds: a saved game or a part
/// file of a sharded run; for a reader of another kind to say so, with the command that reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    Save,
    Part,
}

/// [`JsonKind`] of `text`, where it is one.
pub fn json_kind(text: &str) -> Option<JsonKind> {
    if text.contains("\"crownlands-lab-part\"") {
        Some(JsonKind::Part)
    } else if text.contains("\"format\"") && text.contains("\"ruleset_name\"") {
        Some(JsonKind::Save)
    } else {
        None
    }
}

/// Whether `line` (trimmed) is a header of a game in the notation, `[Key "value"]`: the first
/// line of a .cgn file.
pub fn notation_header(line: &str) -> bool {
    line.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .and_then(|h| h.split_once(" \""))
        .is_some_and(|(key, value)| {
            key.starts_with(|c: char| c.is_ascii_uppercase())
                && key.chars().all(|c| c.is_ascii_alphanumeric())
                && value.ends_with('"')
        })
}

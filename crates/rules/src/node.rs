//! A parsed TOML document as an owned tree that keeps every key's and value's byte span, in file
//! order. The schema walk prunes it; serde then reads what is left.

use crate::Diagnostic;
use crate::diagnostic::SourceText;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

pub(crate) type Span = Range<usize>;

#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub span: Span,
    pub kind: Kind,
}

#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Str(String),
    /// `None`: an integer too large for the engine.
    Int(Option<i128>),
    Float(f64),
    Bool(bool),
    Datetime(String),
    Array(Vec<Node>),
    Table(Vec<Entry>),
}

#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub key: String,
    pub key_span: Span,
    pub value: Node,
}

/// One step of a path into a document.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

impl Kind {
    pub fn type_name(&self) -> &'static str {
        match self {
            Kind::Str(_) => "a string",
            Kind::Int(_) => "an integer",
            Kind::Float(_) => "a float",
            Kind::Bool(_) => "a boolean",
            Kind::Datetime(_) => "a date-time",
            Kind::Array(_) => "an array",
            Kind::Table(_) => "a table",
        }
    }
}

impl Node {
    pub fn get(&self, key: &str) -> Option<&Entry> {
        match &self.kind {
            Kind::Table(entries) => entries.iter().find(|e| e.key == key),
            _ => None,
        }
    }

    /// Whether this document is a component set file rather than a ruleset: it has `set` (a set
    /// file's `[set]` table) and none of a ruleset's own keys. A ruleset that misspells `sets`
    /// as `set = "..."` stays a ruleset, so its error names the key.
    pub fn is_set_file(&self) -> bool {
        const RULESET_ONLY: [&str; 5] = ["name", "extends", "sets", "rules", "players"];
        self.get("set").is_some() && !RULESET_ONLY.iter().any(|k| self.get(k).is_some())
    }

    /// The node at `path`, if present.
    pub fn at(&self, path: &[Seg<'_>]) -> Option<&Node> {
        let mut node = self;
        for seg in path {
            node = match (seg, &node.kind) {
                (Seg::Key(k), Kind::Table(_)) => &node.get(k)?.value,
                (Seg::Index(i), Kind::Array(items)) => items.get(*i)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The span of the value at `path`, or of the deepest node on the way to it.
    pub fn span_at(&self, path: &[Seg<'_>]) -> Span {
        let mut node = self;
        for seg in path {
            let next = match (seg, &node.kind) {
                (Seg::Key(k), Kind::Table(_)) => node.get(k).map(|e| &e.value),
                (Seg::Index(i), Kind::Array(items)) => items.get(*i),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node.span.clone()
    }

    /// The span of the key at the end of `path` (which must end in a key).
    pub fn key_span_at(&self, path: &[Seg<'_>]) -> Option<Span> {
        let (last, init) = path.split_last()?;
        let parent = self.at(init)?;
        match last {
            Seg::Key(k) => parent.get(k).map(|e| e.key_span.clone()),
            Seg::Index(_) => None,
        }
    }

    /// Convert to a `toml::Value` for serde.
    pub fn to_value(&self) -> toml::Value {
        match &self.kind {
            Kind::Str(s) => toml::Value::String(s.clone()),
            Kind::Int(i) => {
                toml::Value::Integer(i.and_then(|i| i64::try_from(i).ok()).unwrap_or(i64::MAX))
            }
            Kind::Float(f) => toml::Value::Float(*f),
            Kind::Bool(b) => toml::Value::Boolean(*b),
            Kind::Datetime(s) => toml::Value::String(s.clone()),
            Kind::Array(items) => toml::Value::Array(items.iter().map(Node::to_value).collect()),
            Kind::Table(entries) => {
                let mut t = toml::Table::new();
                for e in entries {
                    t.insert(e.key.clone(), e.value.to_value());
                }
                toml::Value::Table(t)
            }
        }
    }
}

/// The most `=`, `{`, `[` and `,` a file may hold (wherever they are: counted before parsing),
/// with each `.` outside strings and comments counting four: about 90 MB of the parser's memory
/// at most. A ruleset at the engine's limits (1,024 dominoes, 256 buildings, every module) has
/// about 17,000.
pub(crate) const MAX_STRUCTURE: usize = 200_000;

/// The most lines a file may have: the parser keeps each line's end (about 50 bytes of memory
/// a line), so 4 MiB of empty lines took 200 MB. A ruleset at the engine's limits (1,024
/// dominoes and 256 buildings, a table each) has about 8,000.
pub(crate) const MAX_LINES: usize = 200_000;

/// What makes a file too dense to parse, and where.
enum Dense {
    /// Past [`MAX_STRUCTURE`] at this byte offset.
    Structure(usize),
    /// Past [`MAX_LINES`] at this byte offset.
    Lines(usize),
}

/// Where `text` passes [`MAX_STRUCTURE`] or [`MAX_LINES`], if it does. Each `.` outside strings
/// and comments counts four times: every segment of a dotted key (`k.a.a.a = 1`, `[x.a.a]`)
/// builds a table, at about four times the memory of an item of a list.
fn too_dense(text: &str) -> Option<Dense> {
    let (mut count, mut lines) = (0, 0);
    structure_marks(text).find_map(|(at, mark)| {
        match mark {
            Mark::Line => lines += 1,
            Mark::Dot => count += 4,
            Mark::Other => count += 1,
        }
        if lines > MAX_LINES {
            Some(Dense::Lines(at))
        } else if count > MAX_STRUCTURE {
            Some(Dense::Structure(at))
        } else {
            None
        }
    })
}

/// A token [`too_dense`] counts.
enum Mark {
    Line,
    Dot,
    Other,
}

/// The byte offsets of `=`, `{`, `[`, `,`, of `.` outside strings and comments and of line
/// ends, as the TOML parser's own lexer reads the text (so no spelling makes the two disagree:
/// a quote inside a word, a bare carriage return, a backslash before a line's end).
fn structure_marks(text: &str) -> impl Iterator<Item = (usize, Mark)> + '_ {
    use toml_parser::lexer::TokenKind as T;
    toml_parser::Source::new(text).lex().filter_map(|t| {
        let mark = match t.kind() {
            T::Newline => Mark::Line,
            T::Dot => Mark::Dot,
            T::Equals | T::LeftCurlyBracket | T::LeftSquareBracket | T::Comma => Mark::Other,
            _ => return None,
        };
        Some((t.span().start(), mark))
    })
}

/// Largest file the loader reads, in bytes.
pub(crate) const MAX_FILE_BYTES: usize = 4 << 20;

/// How many syntax errors one file reports before the rest are summed up in one line.
pub(crate) const MAX_SYNTAX_ERRORS: usize = 10;

/// Parse a TOML document, reporting every syntax error the parser can recover from (at most
/// [`MAX_SYNTAX_ERRORS`], then one line counting the rest; a file that looks like JSON gets one
/// line saying so instead).
pub(crate) fn parse(src: &SourceText) -> Result<Node, Vec<Diagnostic>> {
    // Before the parser builds the document: a file of small values (`x = [{a={}},...]`)
    // costs the parser hundreds of bytes of memory for each byte of text.
    match too_dense(&src.text) {
        Some(Dense::Structure(at)) => {
            return Err(vec![src.diag(
                at..at,
                format!(
                    "more than {MAX_STRUCTURE} keys, tables, lists and items (`=`, `{{`, `[`, `,`, \
                     and `.` outside strings, four each) by here: a ruleset this dense is not supported (one at \
                     the engine's limits has about 17,000)"
                ),
            )]);
        }
        Some(Dense::Lines(at)) => {
            return Err(vec![src.diag(
                at..at,
                format!(
                    "more than {MAX_LINES} lines by here: a ruleset this long is not supported \
                     (one at the engine's limits has about 8,000)"
                ),
            )]);
        }
        None => {}
    }
    let (doc, errors) = DeTable::parse_recoverable(&src.text);
    if !errors.is_empty() {
        // Another of the project's files given where a ruleset is read: said in one line, with
        // the command that reads it (its lines are no TOML, a wall of syntax errors).
        if let Some(what) = looks_like_other_file(&src.text) {
            return Err(vec![Diagnostic::unplaced(&src.name, what)]);
        }
        if looks_like_json(src) {
            // A saved game or a part file said as such, with the commands that read it (as
            // `score` says it).
            use crate::file_kind::{JsonKind, json_kind};
            return Err(vec![Diagnostic::unplaced(
                &src.name,
                match json_kind(&src.text) {
                    Some(JsonKind::Save) => {
                        "this is a saved game (JSON), not a ruleset: `crownlands replay FILE` \
                         shows it, `crownlands play --load FILE` plays it on"
                    }
                    Some(JsonKind::Part) => {
                        "this is a part file of `simulate --shard` or `compare --shard` (JSON), \
                         not a ruleset: `crownlands merge` adds the parts up"
                    }
                    None => {
                        "this looks like a JSON file, not TOML; rulesets, component sets and \
                         `extends` targets are TOML files (the JSON Schemas in rulesets/schema/ \
                         only describe them, for editors)"
                    }
                },
            )]);
        }
        let mut out: Vec<Diagnostic> = Vec::new();
        // Past the ones shown, the errors are only counted (distinct as the parser gives them):
        // placing each costs a pass over the text before it, and a file of a hundred thousand
        // broken lines took minutes.
        let mut rest: std::collections::HashSet<(Option<std::ops::Range<usize>>, String)> =
            std::collections::HashSet::new();
        let mut deepest: Option<usize> = None;
        // In file order, before the first ones are said and the rest counted (the parser gives
        // an unclosed table at the end before a key given twice above it); one with no place
        // of its own last.
        let mut errors = errors;
        errors.sort_by_key(|e| e.span().map_or(usize::MAX, |s| s.start));
        for e in errors {
            if out.len() > MAX_SYNTAX_ERRORS {
                rest.insert((e.span(), e.message().to_string()));
                continue;
            }
            // The parser gives no place for some problems (nesting too deep in dotted keys):
            // point at the line that nests deepest rather than at 1:1.
            let span = e.span().unwrap_or_else(|| {
                let at = *deepest.get_or_insert_with(|| deepest_line(&src.text));
                at..at
            });
            let msg = e.message().trim().replace('\n', " ");
            let (span, msg) = match (msg.as_str(), invisible_near(&src.text, span.start)) {
                ("duplicate key", _) => (span.clone(), duplicate_key(&src.text, span.start)),
                // `key = ` and nothing after it: the parser asks for a quoted string.
                _ if missing_value(&src.text, span.start) => (
                    span.clone(),
                    "TOML syntax error: a value is missing after `=`: write one (a number, a \
                     \"string\", true or false, a [list])"
                        .to_string(),
                ),
                // What the parser stumbled on is a character one cannot see: name it.
                (_, Some((at, c))) => (
                    at..at + c.len_utf8(),
                    format!(
                        "the invisible character U+{:04X} is here, where TOML expects plain text: delete it",
                        u32::from(c)
                    ),
                ),
                _ => (span.clone(), format!("TOML syntax error: {msg}")),
            };
            let d = src.diag(span, msg);
            if !out.contains(&d) {
                out.push(d);
            }
        }
        if out.len() > MAX_SYNTAX_ERRORS {
            let more = out.len() - MAX_SYNTAX_ERRORS + rest.len();
            out.truncate(MAX_SYNTAX_ERRORS + 1);
            if let Some(last) = out.last_mut() {
                let s = if more == 1 { "" } else { "s" };
                last.message = format!(
                    "... and {more} more TOML syntax error{s} from here on; is this a TOML file?"
                );
            }
        }
        return Err(out);
    }
    let span = doc.span();
    Ok(Node {
        span,
        kind: Kind::Table(convert_table(doc.get_ref())),
    })
}

/// The byte offset of the start of the line with the most nesting characters (`.`, `[`, `{`
/// outside quotes): where a "recursion limit" with no place of its own comes from.
fn deepest_line(text: &str) -> usize {
    let mut best = (0, 0);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let mut depth = 0;
        let mut quote: Option<char> = None;
        for c in line.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '#') => break,
                (None, '.' | '[' | '{') => depth += 1,
                _ => {}
            }
        }
        if depth > best.0 {
            best = (depth, start);
        }
        start += line.len();
    }
    best.1
}

/// What a file that failed to parse as TOML is instead, when it is plainly one of the project's
/// other text files: a game in the notation (its first line a `[Key "value"]` header) or a
/// kingdom file (every line a row of short cells, one of them the castle `C`).
fn looks_like_other_file(text: &str) -> Option<&'static str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let first = lines.clone().next()?;
    if crate::file_kind::notation_header(first) {
        return Some(
            "this looks like a game in the notation (a .cgn file), not a ruleset: `crownlands \
             import FILE -o game.json` reads it (its ruleset is named or embedded inside)",
        );
    }
    let cell = |c: &str| {
        c == "."
            || (c.len() <= 8 && c.starts_with(|x: char| x.is_alphanumeric()) && !c.contains('='))
    };
    let mut castle = false;
    let rows = lines.by_ref().take(64).all(|l| {
        l.starts_with('@')
            || l.split_whitespace().all(|c| {
                castle |= c == "C";
                cell(c)
            })
    });
    (rows && castle).then_some(
        "this looks like a kingdom file, not a ruleset: `crownlands score FILE` scores it \
         (`--ruleset R` under a ruleset of yours)",
    )
}

/// Whether a file that failed to parse as TOML is JSON: named `.json`, or starting with `{`
/// (a TOML file cannot).
fn looks_like_json(src: &SourceText) -> bool {
    let named = std::path::Path::new(&src.name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    named || src.text.trim_start().starts_with('{')
}

fn convert_table(t: &DeTable<'_>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = t
        .iter()
        .map(|(k, v)| Entry {
            key: k.get_ref().to_string(),
            key_span: k.span(),
            value: convert(v.get_ref(), v.span()),
        })
        .collect();
    entries.sort_by_key(|e| (e.key_span.start, e.value.span.start));
    entries
}

fn convert(v: &DeValue<'_>, span: Span) -> Node {
    let kind = match v {
        DeValue::String(s) => Kind::Str(s.to_string()),
        DeValue::Integer(i) => Kind::Int(i128::from_str_radix(i.as_str(), i.radix()).ok()),
        DeValue::Float(f) => Kind::Float(f.as_str().parse().unwrap_or(f64::NAN)),
        DeValue::Boolean(b) => Kind::Bool(*b),
        DeValue::Datetime(d) => Kind::Datetime(d.to_string()),
        DeValue::Array(a) => {
            Kind::Array(a.iter().map(|x| convert(x.get_ref(), x.span())).collect())
        }
        DeValue::Table(t) => Kind::Table(convert_table(t)),
    };
    Node { span, kind }
}

/// The first invisible character (a format character such as a zero width space, or a space
/// other than ` ` and tab) on the line of `at`, with its offset.
fn invisible_near(text: &str, at: usize) -> Option<(usize, char)> {
    let (start, line) = crate::diagnostic::line_at(text, at);
    // Outside strings and comments only: there such a character is text TOML allows (and the
    // loader's checks of names say what they think of it), so the parser stumbled on something
    // else. A basic string (`"`) has escapes (`\"` does not end it); a literal one (`'`) none.
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some('"') if escaped => escaped = false,
            Some('"') if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return None,
            // (A byte order mark opening the file is no stray character: editors write it.)
            None if start + i == 0 && c == '\u{feff}' => {}
            None if c != '\t'
                && c != '\r'
                && (crownlands_core::text::is_unsafe_char(c)
                    || (c.is_whitespace() && c != ' ')) =>
            {
                return Some((start + i, c));
            }
            None => {}
        }
    }
    None
}

/// The parser's "duplicate key" at `at`, in words: the key (or the table header) given twice.
fn duplicate_key(text: &str, at: usize) -> String {
    let rest = text.get(at..).unwrap_or_default();
    let key: String = match rest.chars().next() {
        Some(q @ ('"' | '\'')) => rest
            .chars()
            .skip(1)
            .take_while(|&c| c != q && c != '\n')
            .take(64)
            .collect(),
        _ => rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(64)
            .collect(),
    };
    // A table header (`[rules.harmony]`) names the whole table.
    let (_, line) = crate::diagnostic::line_at(text, at);
    let header = line
        .trim_start()
        .strip_prefix('[')
        .filter(|h| !h.starts_with('['))
        .and_then(|h| h.split(']').next())
        .map(|h| h.trim().chars().take(64).collect::<String>());
    match (key.is_empty(), header) {
        (false, Some(table)) => {
            format!("table `[{table}]` is given twice: write all its keys under one `[{table}]`")
        }
        (true, _) => "TOML syntax error: a key or table is given twice".to_string(),
        (false, None) => {
            format!("`{key}` is given twice in this table: give each key once")
        }
    }
}

/// Whether the line holding byte `at` of `text` is a key, `=` and nothing else (a comment at
/// most): a value left out.
fn missing_value(text: &str, at: usize) -> bool {
    // (A place inside a character, which the parser does not give, reads as no line.)
    let (Some(before), Some(after)) = (text.get(..at), text.get(at..)) else {
        return false;
    };
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let end = after.find('\n').map_or(text.len(), |i| at + i);
    let Some(line) = text.get(start..end) else {
        return false;
    };
    let Some((key, rest)) = line.split_once('=') else {
        return false;
    };
    let rest = rest.split('#').next().unwrap_or_default();
    !key.trim().is_empty() && !key.contains(['"', '\'', '[']) && rest.trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::missing_value;

    #[test]
    fn a_key_with_nothing_after_its_equals_sign_is_a_missing_value() {
        assert!(missing_value("[rules]\nline-size = \n", 20));
        assert!(missing_value("line-size = # four\n", 12));
        assert!(!missing_value("line-size = 4\n", 12));
        assert!(!missing_value("\"a b\" = \n", 8));
        // A place inside a character, or past the end, is no line (and no panic).
        assert!(!missing_value("é = \n", 1));
        assert!(!missing_value("x = \n", 99));
    }
}

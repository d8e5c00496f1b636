//! Checks a parsed document against a JSON Schema (the subset schemars generates), reporting
//! every unknown key, wrong-typed value and out-of-range number with its span, and pruning each
//! bad value so that serde can read the rest and later checks can run on it.

use crate::node::{Kind, Node, Span};
use serde_json::Value;

pub(crate) struct Walker<'s> {
    root: &'s Value,
    pub problems: Vec<(Span, String)>,
    /// The registry's modules' parameter schemas by module name (the ruleset schema leaves a
    /// module's parameters open: the module checks them): where a whole number too large for
    /// a file is said, the parameter's own range is said with it.
    pub module_params: Option<&'s serde_json::Map<String, Value>>,
    /// The resources the registry's modules keep per side (what a `most-` tie-break may name):
    /// a word suggested as a `most-` tie-break is one of them (`None`: any the pattern takes).
    pub resources: Option<Vec<&'static str>>,
    /// The keys whose values were refused and pruned (each its path of keys from the
    /// document's top), so later checks know a key was written though its value is gone.
    pub refused_keys: Vec<Vec<String>>,
    /// Top-level keys written in a table of the rules (`extends` after `[rules]`), or misspelt at
    /// the top (`extend`), reported there: what they would have brought in is missing, and not
    /// reported again.
    pub misplaced: Vec<String>,
}

/// Where a value sits, for messages: a dotted path with 1-based array positions (`#2`, as
/// [`crate::loader::Loader::refused_key`] matches them), each table of an array of tables
/// (`[[domino]]`) with the words that name it ([`Item`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Path(Vec<String>, Vec<Option<Item>>);

/// How a message names a table of an array of tables: by its `number` or `name` where it has
/// one (`domino 49`: the file's first `[[domino]]` is rarely domino 1), else by its place
/// (`the first [[domino]]`).
#[derive(Clone, Debug)]
struct Item {
    /// `domino 49`, `terrain `wheat``.
    named: Option<String>,
    /// The key `named` comes from: a problem with that key names the table by its place.
    by: &'static str,
    /// `the first [[domino]]`.
    placed: String,
}

impl Item {
    /// The words for table `item`, the `i`th of the array of tables at `path`.
    fn of(path: &Path, i: usize, item: &Node) -> Option<Item> {
        if !matches!(item.kind, Kind::Table(_)) {
            return None;
        }
        // A top-level array by its key (`domino`), any other by its header.
        let noun = match path.0.as_slice() {
            [key] => key.clone(),
            _ => format!("[[{}]]", path.dotted()),
        };
        let number = item.get("number").and_then(|e| match e.value.kind {
            Kind::Int(Some(n)) => Some(n),
            _ => None,
        });
        let name = item.get("name").and_then(|e| match &e.value.kind {
            Kind::Str(name) => Some(name),
            _ => None,
        });
        let (named, by) = match (number, name) {
            (Some(n), _) => (Some(format!("{noun} {n}")), "number"),
            (None, Some(name)) => (
                Some(format!("{noun} `{}`", crownlands_core::text::excerpt(name))),
                "name",
            ),
            (None, None) => (None, ""),
        };
        Some(Item {
            named,
            by,
            placed: format!("the {} [[{}]]", ordinal(i + 1), path.dotted()),
        })
    }
}

/// `first`, `second`, `third`, `4th`, `21st`, ...
fn ordinal(n: usize) -> String {
    match n {
        1 => "first".to_string(),
        2 => "second".to_string(),
        3 => "third".to_string(),
        _ => crownlands_core::modules::describe::ordinal(n),
    }
}

impl Path {
    fn key(&self, k: &str) -> Path {
        let mut p = self.clone();
        p.0.push(k.to_string());
        p.1.push(None);
        p
    }
    /// Item `i` of the list at this path, `item` itself.
    fn index(&self, i: usize, item: &Node) -> Path {
        let mut p = self.clone();
        p.0.push(format!("#{}", i + 1));
        p.1.push(Item::of(self, i, item));
        p
    }
    fn prefix(&self, len: usize) -> Path {
        Path(self.0[..len].to_vec(), self.1[..len].to_vec())
    }
    fn dotted(&self) -> String {
        let mut s = String::new();
        for (i, seg) in self.0.iter().enumerate() {
            if seg.starts_with('#') {
                s.push(' ');
            } else if i > 0 {
                s.push('.');
            }
            s.push_str(seg);
        }
        s
    }
    /// The table of an array of tables this path is in (the innermost), and the keys below it:
    /// `(domino 49, ["first", "crowns"])`, the table named by its place where the keys below
    /// it are the very key that names it (`number = 0` is not "domino 0").
    fn within_item(&self) -> Option<(String, Vec<&str>)> {
        let k = self.1.iter().rposition(Option::is_some)?;
        let item = self.1[k].as_ref()?;
        let below: Vec<&str> = self.0[k + 1..].iter().map(String::as_str).collect();
        let name = match &item.named {
            Some(named) if below != [item.by] => named.clone(),
            _ => item.placed.clone(),
        };
        Some((name, below))
    }
    /// "`grid-size` in [rules]", "`players` item 2", "`first.crowns` of domino 49", "the
    /// document".
    fn what(&self) -> String {
        match self.0.split_last() {
            None => "the document".to_string(),
            // Items of items (a list inside a list): `item 2.1`.
            Some((last, _))
                if last.starts_with('#') && self.1.last().is_none_or(Option::is_none) =>
            {
                let inner = self
                    .0
                    .iter()
                    .rev()
                    .take_while(|s| s.starts_with('#'))
                    .count();
                let init = self.0.len() - inner;
                let numbers: Vec<&str> = self.0[init..].iter().map(|s| &s[1..]).collect();
                format!("{} item {}", self.prefix(init).what(), numbers.join("."))
            }
            _ => match self.within_item() {
                Some((item, below)) if below.is_empty() => item,
                // Keys below, or items of a list below: said as the file writes the keys.
                Some((item, below)) => {
                    let keys = Path(
                        below.iter().map(|s| s.to_string()).collect(),
                        vec![None; below.len()],
                    );
                    format!("`{}` of {item}", keys.dotted().replace(" #", " item "))
                }
                None => match self.0.split_last() {
                    Some((last, [])) => format!("`{last}`"),
                    Some((last, _)) => {
                        format!("`{last}` in [{}]", self.prefix(self.0.len() - 1).dotted())
                    }
                    None => "the document".to_string(),
                },
            },
        }
    }
    /// The table this path is: "[rules]", "domino 49", "`first` of domino 49".
    fn table_name(&self) -> String {
        match self.within_item() {
            Some((item, below)) if below.is_empty() => item,
            Some((item, below)) => format!("`{}` of {item}", below.join(".")),
            None => format!("[{}]", self.dotted()),
        }
    }
    /// "in [rules]", "in domino 49" or "at the top level".
    fn table(&self) -> String {
        if self.0.is_empty() {
            "at the top level".to_string()
        } else {
            format!("in {}", self.table_name())
        }
    }
}

/// A module parameter's range in the words its module uses: `from 0 to 100` for a bounded one,
/// `a whole number from 0 to 4294967295` for one of a plain integer type (the module's own
/// words for it: [`value_words::expected_words`]).
///
/// [`value_words::expected_words`]: crownlands_core::modules::value_words::expected_words
fn param_range(schema: &Value) -> Option<String> {
    if let (Some(a), Some(b)) = (int_bound(schema, "minimum"), int_bound(schema, "maximum")) {
        return Some(format!("from {a} to {b}"));
    }
    // The integer type schemars names by its format.
    let rust_type = match schema.get("format")?.as_str()? {
        "uint8" => "u8",
        "uint16" => "u16",
        "uint32" => "u32",
        "uint64" | "uint" => "u64",
        "int8" => "i8",
        "int16" => "i16",
        "int32" => "i32",
        "int64" | "int" => "i64",
        _ => return None,
    };
    Some(crownlands_core::modules::value_words::expected_words(
        rust_type, true,
    ))
}

/// Whether a value of `schema` is kept whole or not at all (`"x-whole": true`: a module
/// parameter's value, a component row): with a part pruned it would reach its module as
/// something the file never said, and be reported again.
fn kept_whole(schema: &Value) -> bool {
    schema.get("x-whole").and_then(Value::as_bool) == Some(true)
}

fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .filter(|t| *t != "null")
            .collect(),
        _ => Vec::new(),
    }
}

fn is_null_only(schema: &Value) -> bool {
    matches!(schema.get("type"), Some(Value::String(s)) if s == "null")
        || schema.get("const").is_some_and(Value::is_null)
}

fn branches(schema: &Value) -> Option<Vec<&Value>> {
    let list = schema
        .get("anyOf")
        .or_else(|| schema.get("oneOf"))?
        .as_array()?;
    Some(list.iter().filter(|b| !is_null_only(b)).collect())
}

fn show_json(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        other => other.to_string(),
    }
}

fn show_node(node: &Node) -> String {
    match &node.kind {
        // Cut as every quoted text is (`...` when it was longer), controls escaped.
        Kind::Str(s) => format!("\"{}\"", crownlands_core::text::excerpt(s)),
        Kind::Int(Some(i)) => i.to_string(),
        Kind::Int(None) => "a huge integer".to_string(),
        // With its point, so `48.0` is not read as the 48 refused: a whole float says how to
        // write the integer.
        Kind::Float(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => {
            format!("{f:?}, a float (write {})", *f as i64)
        }
        Kind::Float(f) => format!("{f:?}"),
        Kind::Bool(b) => b.to_string(),
        other => other.type_name().to_string(),
    }
}

/// A number as it is written where `key` is the value's own (`` `grid-size = 6` ``), or in a
/// list (`#2`, the path's name for a list's item: `` `3` ``).
fn written(key: &str, n: i64) -> String {
    if key.starts_with('#') {
        format!("`{n}`")
    } else {
        format!("`{key} = {n}`")
    }
}

fn int_bound(schema: &Value, key: &str) -> Option<i128> {
    let v = schema.get(key)?;
    v.as_i64()
        .map(i128::from)
        .or_else(|| v.as_u64().map(i128::from))
        .or_else(|| v.as_f64().map(|f| f as i128))
}

impl<'s> Walker<'s> {
    pub fn new(root: &'s Value) -> Walker<'s> {
        Walker {
            root,
            problems: Vec::new(),
            module_params: None,
            resources: None,
            refused_keys: Vec::new(),
            misplaced: Vec::new(),
        }
    }

    fn resolve(&self, schema: &'s Value) -> &'s Value {
        let mut s = schema;
        for _ in 0..16 {
            let Some(r) = s.get("$ref").and_then(Value::as_str) else {
                return s;
            };
            let Some(target) = r.strip_prefix('#').and_then(|p| self.root.pointer(p)) else {
                return s;
            };
            s = target;
        }
        s
    }

    /// What a schema accepts, in words.
    pub fn describe(&self, schema: &'s Value) -> String {
        self.describe_within(schema, 0)
    }

    /// [`Walker::describe`] `depth` levels into a schema: a schema that refers to itself (a
    /// module parameter's list of values) is described a few levels deep, not forever.
    fn describe_within(&self, schema: &'s Value, depth: usize) -> String {
        if depth > 3 {
            return "a value".to_string();
        }
        let schema = self.resolve(schema);
        if let Some(c) = schema.get("const") {
            return show_json(c);
        }
        if let Some(Value::Array(e)) = schema.get("enum") {
            let names: Vec<String> = e.iter().map(show_json).collect();
            return format!("one of {}", names.join(", "));
        }
        // A union that says itself in words (a module parameter's value).
        if let (Some(title), Some(_)) = (
            schema.get("title").and_then(Value::as_str),
            schema.get("anyOf").or_else(|| schema.get("oneOf")),
        ) {
            return title.to_string();
        }
        if let Some(bs) = branches(schema) {
            let all_const = bs.iter().all(|b| self.resolve(b).get("const").is_some());
            let parts: Vec<String> = bs
                .iter()
                .map(|b| self.describe_within(b, depth + 1))
                .collect();
            return if all_const && parts.len() > 2 {
                format!("one of {}", parts.join(", "))
            } else {
                parts.join(" or ")
            };
        }
        let ts = types(schema);
        match ts.first().copied() {
            Some("integer") | Some("number") => {
                let noun = if ts[0] == "integer" {
                    "an integer"
                } else {
                    "a number"
                };
                match (int_bound(schema, "minimum"), int_bound(schema, "maximum")) {
                    (Some(a), Some(b)) => format!("{noun} from {a} to {b}"),
                    (Some(a), None) => format!("{noun} of at least {a}"),
                    (None, Some(b)) => format!("{noun} of at most {b}"),
                    (None, None) => noun.to_string(),
                }
            }
            // A text of a given shape: its title says the shape in words.
            Some("string") => match schema.get("title").and_then(Value::as_str) {
                Some(title) if schema.get("pattern").is_some() => title.to_string(),
                _ => "a string".to_string(),
            },
            Some("boolean") => "true or false".to_string(),
            Some("array") if schema.get("title").is_some() => {
                schema["title"].as_str().unwrap_or("an array").to_string()
            }
            Some("array") => match schema.get("items") {
                Some(items) => format!("an array of {}", self.plural(items, depth + 1)),
                None => "an array".to_string(),
            },
            // A table whose title shows one (a square: `{ terrain = "wheat" }`); other titles
            // are type names (`KnightsParams`).
            Some("object") => match schema.get("title").and_then(Value::as_str) {
                Some(title) if title.starts_with("a table") => title.to_string(),
                _ => "a table".to_string(),
            },
            _ => "a value".to_string(),
        }
    }

    fn plural(&self, schema: &'s Value, depth: usize) -> String {
        let d = self.describe_within(schema, depth);
        for (a, b) in [
            ("an integer", "integers"),
            ("a string", "strings"),
            ("a table", "tables"),
            ("a tie-break", "tie-breaks"),
            ("a match tie-break", "match tie-breaks"),
        ] {
            if let Some(rest) = d.strip_prefix(a) {
                return format!("{b}{rest}");
            }
        }
        d
    }

    fn report(&mut self, span: &Span, msg: String) {
        self.problems.push((span.clone(), msg));
    }

    /// Check `node` against `schema`, pruning what is wrong. Returns whether `node` itself is
    /// acceptable (the caller then keeps it).
    pub fn check(&mut self, schema: &'s Value, node: &mut Node, path: &Path) -> bool {
        let schema = self.resolve(schema);
        if let Value::Bool(b) = schema {
            return *b;
        }
        if let Some(bs) = branches(schema) {
            return self.check_branches(schema, &bs, node, path);
        }
        if let Some(c) = schema.get("const") {
            if matches!((&node.kind, c), (Kind::Str(s), Value::String(want)) if s == want) {
                return true;
            }
            let msg = format!(
                "{} must be {}, not {}",
                path.what(),
                show_json(c),
                show_node(node)
            );
            self.report(&node.span, msg);
            return false;
        }
        if let Some(Value::Array(options)) = schema.get("enum") {
            let ok =
                matches!(&node.kind, Kind::Str(s) if options.iter().any(|o| o.as_str() == Some(s)));
            if !ok {
                let msg = format!(
                    "{} must be {}, not {}",
                    path.what(),
                    self.describe(schema),
                    show_node(node)
                );
                self.report(&node.span, msg);
            }
            return ok;
        }
        let ts = types(schema);
        let Some(&ty) = ts.first() else {
            return true;
        };
        let type_ok = matches!(
            (&node.kind, ty),
            (Kind::Str(_), "string")
                | (Kind::Int(_), "integer" | "number")
                | (Kind::Float(_), "number")
                | (Kind::Bool(_), "boolean")
                | (Kind::Array(_), "array")
                | (Kind::Table(_), "object")
        );
        if !type_ok {
            let mut msg = format!(
                "{} must be {}, not {}",
                path.what(),
                self.describe(schema),
                node.kind.type_name()
            );
            // `harmony = true` for a bonus switched on in its table.
            if let (Kind::Bool(b), Some(key)) = (&node.kind, path.0.last())
                && ty == "object"
                && schema
                    .get("properties")
                    .and_then(|p| p.get("enabled"))
                    .is_some()
            {
                msg.push_str(&format!(
                    ": switch it in its table, `{key} = {{ enabled = {b} }}` (or `enabled = {b}` under `[{}]`)",
                    path.dotted()
                ));
            }
            // `grid-size = "6"`: a number in quotes.
            if let (Kind::Str(text), Some(key)) = (&node.kind, path.0.last())
                && matches!(ty, "integer" | "number")
                && let Ok(n) = text.trim().parse::<i64>()
            {
                msg.push_str(&format!(
                    ": a number is written without quotes, {}",
                    written(key, n)
                ));
            }
            // `line-size = 3.0`: a whole number written with a point (within the range: `1e3`
            // for a square's crowns would only lead to the next refusal).
            if let (Kind::Float(f), Some(key)) = (&node.kind, path.0.last())
                && ty == "integer"
                && f.fract() == 0.0
                && f.abs() < 1e9
                && int_bound(schema, "maximum").is_none_or(|m| *f as i128 <= m)
                && int_bound(schema, "minimum").is_none_or(|m| *f as i128 >= m)
            {
                msg.push_str(&format!(
                    ": a whole number is written without a decimal point, {}",
                    written(key, *f as i64)
                ));
            }
            // `players = 3` for a list of one number.
            if let Kind::Int(Some(n)) = &node.kind
                && ty == "array"
                && schema
                    .get("items")
                    .map(|i| self.resolve(i))
                    .is_some_and(|i| {
                        let ts = types(i);
                        ts.contains(&"integer") || ts.contains(&"number")
                    })
            {
                msg.push_str(&format!(": a list of one is written `[{n}]`"));
            }
            // `[[rules]]` (a list of tables) where one table is read.
            if let Kind::Array(items) = &node.kind
                && ty == "object"
                && !items.is_empty()
                && items.iter().all(|i| matches!(i.kind, Kind::Table(_)))
            {
                msg.push_str(&format!(
                    ": one table is headed `[{}]` (`[[...]]` starts a list of them)",
                    path.dotted()
                ));
            }
            // `tie-breaks = "most-crowns"` for a list of one.
            // Only lists of strings (or of a choice among strings): not numbers, not tables
            // (`domino = "x"` is no list of one string).
            let items_are_numbers = schema
                .get("items")
                .map(|i| self.resolve(i))
                .is_none_or(|i| {
                    let ts = types(i);
                    !ts.is_empty() && !ts.contains(&"string")
                });
            // Not for lists of files: a message never repeats a path (it may lead anywhere);
            // a shipped set's name is no path (`add-sets = "volcano"`).
            let names_files = path
                .0
                .last()
                .is_some_and(|k| k == "sets" || k == "add-sets")
                && !matches!(&node.kind, Kind::Str(text)
                    if crate::source::shipped_set_names().iter().any(|n| n == text));
            if let Kind::Str(text) = &node.kind
                && ty == "array"
                && !items_are_numbers
                && !names_files
                && !text.contains(['/', '.'])
                && text.len() <= 40
                && !text
                    .chars()
                    .any(|c| c.is_control() || c == '"' || c == '\\')
            {
                msg.push_str(&format!(": a list of one is written `[\"{text}\"]`"));
            }
            // `players = "4"` (or `"2, 3"`): numbers written in quotes, for a list of numbers.
            if let Kind::Str(text) = &node.kind
                && ty == "array"
                && items_are_numbers
                && schema
                    .get("items")
                    .map(|i| self.resolve(i))
                    .is_some_and(|i| types(i).contains(&"integer"))
                && text.len() <= 40
                // Numbers as TOML writes them: no leading zero (`04` is no TOML number), short.
                && text.split(',').all(|n| {
                    let n = n.trim();
                    !n.is_empty()
                        && n.len() <= 3
                        && n.bytes().all(|b| b.is_ascii_digit())
                        && (n == "0" || !n.starts_with('0'))
                })
            {
                let numbers: Vec<&str> = text.split(',').map(str::trim).collect();
                msg.push_str(&format!(
                    ": numbers are written without quotes, `[{}]`",
                    numbers.join(", ")
                ));
            }
            self.report(&node.span, msg);
            return false;
        }
        let span = node.span.clone();
        match &mut node.kind {
            Kind::Int(i) => self.check_int(schema, *i, &span, path),
            Kind::Str(text) => self.check_str(schema, text, &span, path),
            Kind::Array(items) => self.check_array(schema, items, &span, path),
            // A table said in words (a component row) is kept whole or not at all, as a
            // union said in words is: a row with a part pruned would be checked again for what
            // the pruning took away.
            Kind::Table(entries) => {
                let before = self.problems.len();
                let ok = self.check_table(schema, entries, &span, path);
                ok && !(kept_whole(schema) && self.problems.len() > before)
            }
            _ => true,
        }
    }

    fn check_branches(
        &mut self,
        schema: &'s Value,
        bs: &[&'s Value],
        node: &mut Node,
        path: &Path,
    ) -> bool {
        if let [only] = bs {
            return self.check(only, node, path);
        }
        // A branch the value fully satisfies wins.
        for b in bs {
            let mut trial = Walker::new(self.root);
            let mut copy = node.clone();
            if trial.check(b, &mut copy, path) && trial.problems.is_empty() {
                *node = copy;
                return true;
            }
        }
        // Exactly one branch of the right type: its own, more precise, complaint.
        let fitting: Vec<&&Value> = bs
            .iter()
            .filter(|b| {
                let b = self.resolve(b);
                let ts = types(b);
                match &node.kind {
                    Kind::Int(_) => ts.contains(&"integer") || ts.contains(&"number"),
                    Kind::Float(_) => ts.contains(&"number"),
                    Kind::Str(_) => ts.contains(&"string"),
                    Kind::Bool(_) => ts.contains(&"boolean"),
                    Kind::Array(_) => ts.contains(&"array"),
                    Kind::Table(_) => ts.contains(&"object"),
                    Kind::Datetime(_) => false,
                }
            })
            .collect();
        if let [only] = fitting.as_slice() {
            // A union said in words (a module parameter's value) is kept whole or not at all:
            // a list or table with a part pruned would reach its module as something the file
            // never said, and be reported again.
            let before = self.problems.len();
            let ok = self.check(only, node, path);
            // A number out of range where a word is taken too (`deck-size = -5`, or "all"):
            // the word said with the range.
            if matches!(node.kind, Kind::Int(_)) && self.problems.len() == before + 1 {
                let words: Vec<String> = bs
                    .iter()
                    .filter(|b| !std::ptr::eq(**b, **only))
                    .filter_map(|b| self.resolve(b).get("const").and_then(Value::as_str))
                    .map(|w| format!("\"{w}\""))
                    .collect();
                if let (false, Some((_, msg))) = (words.is_empty(), self.problems.last_mut()) {
                    msg.push_str(&format!(", or {}", words.join(" or ")));
                }
            }
            return ok && !(kept_whole(schema) && self.problems.len() > before);
        }
        let mut msg = format!(
            "{} must be {}, not {}",
            path.what(),
            self.describe(schema),
            show_node(node)
        );
        if let Kind::Str(text) = &node.kind
            && let Some(meant) = self.meant(bs, text, path)
        {
            msg.push_str(&format!(" (did you mean \"{meant}\"?)"));
        } else if let (Kind::Str(text), Some(key)) = (&node.kind, path.0.last())
            && let Ok(n) = text.trim().parse::<i64>()
            && bs
                .iter()
                .any(|b| types(self.resolve(b)).contains(&"integer"))
        {
            // `deck-size = "48"`: a number in quotes, where a word is taken too.
            msg.push_str(&format!(
                ": a number is written without quotes, {}",
                written(key, n)
            ));
        }
        self.report(&node.span, msg);
        false
    }

    /// What a text no branch takes was likely meant as: itself in lowercase where a branch takes
    /// that (`most-Coins`), a fixed value it begins (`largest` for `largest-territory`), or one
    /// close to it.
    fn meant(&self, bs: &[&'s Value], text: &str, path: &Path) -> Option<String> {
        let takes = |t: &str| {
            let node = Node {
                kind: Kind::Str(t.to_string()),
                span: 0..0,
            };
            bs.iter().any(|b| {
                let mut trial = Walker::new(self.root);
                trial.check(b, &mut node.clone(), path) && trial.problems.is_empty()
            })
        };
        // Spaces around it, capitals: what a branch takes.
        let lower = text.trim().to_lowercase();
        if lower != text && takes(&lower) {
            return Some(lower);
        }
        let mut values: Vec<&str> = Vec::new();
        for b in bs {
            let b = self.resolve(b);
            if let Some(Value::String(c)) = b.get("const") {
                values.push(c);
            }
            if let Some(Value::Array(options)) = b.get("enum") {
                values.extend(options.iter().filter_map(Value::as_str));
            }
        }
        // A fixed value it begins (`largest`), the tie-breaks' `most-` left out (`coins`; only
        // a value some branch takes is said), or a fixed value close to it.
        if let Some(v) = values.iter().find(|v| v.starts_with(&format!("{lower}-"))) {
            return Some(v.to_string());
        }
        // `max-coins` meant `most-coins`, `min-coins` or `least-coins` `fewest-coins`: never
        // the other way (a near spelling of the opposite, `most-crowns` for `min-crowns`, would
        // turn the rule around).
        let (word, rest) = lower.split_once('-').unwrap_or(("", &lower));
        let prefix = match word {
            "max" | "maximum" | "more" | "greatest" | "highest" => Some("most"),
            "least" | "min" | "minimum" | "smallest" | "lowest" | "less" | "fewer" => {
                Some("fewest")
            }
            // A shape the pattern refused (`most-Coins`): a near spelling below.
            "fewest" | "most" => None,
            _ => {
                // A near spelling of a fixed value first (`largest-teritory`): `most-` put
                // before a misspelt value makes a resource no module provides.
                if let Some(near) = closest(&lower, &values) {
                    return Some(near.to_string());
                }
                // A resource's name alone (`coins`, or near one: `coin`).
                let prefixed = format!("most-{}", self.resource_meant(&lower)?);
                return takes(&prefixed).then_some(prefixed);
            }
        };
        // `smallest-territory`, `max-territory`: the largest territory is the one tie-break
        // on territories (no smallest).
        if rest.trim_end_matches('s') == "territor" || rest.starts_with("territor") {
            return (prefix == Some("most")).then(|| "largest-territory".to_string());
        }
        if let Some(prefix) = prefix {
            let prefixed = format!("{prefix}-{rest}");
            if values.contains(&prefixed.as_str()) {
                return Some(prefixed);
            }
            let prefixed = format!("{prefix}-{}", self.resource_meant(rest)?);
            return takes(&prefixed).then_some(prefixed);
        }
        closest(text, &values).map(str::to_string)
    }

    /// The resource a word after `most-` or `fewest-` means: itself where the resources are
    /// not known or it is one of them, else the one nearest it, if any (`most-nonsense` passes
    /// the pattern but names no resource, and was suggested for `nonsense`).
    fn resource_meant<'w>(&self, word: &'w str) -> Option<&'w str>
    where
        's: 'w,
    {
        let Some(resources) = &self.resources else {
            return Some(word);
        };
        // (`crowns` is no resource, but `most-crowns` and `fewest-crowns` are tie-breaks.)
        let known: Vec<&'static str> = resources.iter().copied().chain(["crowns"]).collect();
        if known.contains(&word) {
            Some(word)
        } else {
            closest(word, &known)
        }
    }

    /// A text's length against the schema's `minLength` and `maxLength` (in characters), or
    /// [`MAX_TEXT_CHARS`] when the schema gives no maximum.
    fn check_str(&mut self, schema: &'s Value, text: &str, span: &Span, path: &Path) -> bool {
        let len = text.chars().count();
        let min = int_bound(schema, "minLength").unwrap_or(0);
        let max = int_bound(schema, "maxLength").unwrap_or(MAX_TEXT_CHARS as i128);
        if (len as i128) < min {
            let msg = if len == 0 {
                format!("{} may not be empty", path.what())
            } else {
                format!("{} must have at least {min} characters", path.what())
            };
            self.report(span, msg);
            return false;
        }
        if len as i128 > max {
            let msg = format!(
                "{} is {len} characters long (\"{}\"); it may have at most {max}",
                path.what(),
                crownlands_core::text::excerpt(text)
            );
            self.report(span, msg);
            return false;
        }
        // A shape said in words (a pattern with a title: `most-` and a resource's name). A
        // pattern without a title (a colour, a symbol) is left to the loader's own check, whose
        // message names the problem; one that does not compile accepts everything.
        if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
            && schema.get("title").is_some()
            && let Ok(re) = regex_lite::Regex::new(pattern)
            && !re.is_match(text)
        {
            let msg = format!(
                "{} must be {}, not \"{}\"",
                path.what(),
                self.describe(schema),
                crownlands_core::text::excerpt(text)
            );
            self.report(span, msg);
            return false;
        }
        true
    }

    /// The schema of the module parameter at `path` (`..., module, NAME, KEY`), if the registry
    /// knows the module.
    /// Within a parameter too (a goal's `max-crowns`: `..., module, goals, goal, #1,
    /// max-crowns`), through the module's own schema (its lists' items, its `$defs`).
    fn module_param(&self, path: &Path) -> Option<&'s Value> {
        let at = path.0.iter().rposition(|s| s == "module")?;
        let [name, rest @ ..] = path.0.get(at + 1..)? else {
            return None;
        };
        if rest.is_empty() {
            return None;
        }
        let root = self.module_params?.get(name)?;
        // `{"$ref": "#/$defs/X"}` to the module schema's own `$defs`.
        let resolved = |v: &'s Value| -> &'s Value {
            v.get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
                .and_then(|d| root.get("$defs")?.get(d))
                .unwrap_or(v)
        };
        let mut schema: &'s Value = root;
        for seg in rest {
            let here = resolved(schema);
            schema = if seg.starts_with('#') {
                here.get("items")?
            } else {
                here.get("properties")?.get(seg)?
            };
        }
        Some(resolved(schema))
    }

    fn check_int(&mut self, schema: &Value, value: Option<i128>, span: &Span, path: &Path) -> bool {
        // A module's parameter is bounded by its own type, which the module checks; a number
        // past a file's whole numbers is refused here, in the words of that range.
        let own = (int_bound(schema, "minimum").is_none()
            && int_bound(schema, "maximum").is_none())
        .then(|| self.module_param(path))
        .flatten();
        if value.is_none_or(|v| i64::try_from(v).is_err())
            && let Some(range) = own.and_then(param_range)
        {
            let found = value.map_or_else(|| "a number that large".to_string(), |v| v.to_string());
            self.report(
                span,
                format!("{} must be {range}, not {found}", path.what()),
            );
            return false;
        }
        if own.is_some() && value.is_some() {
            // In a file's range: the module checks it, in its own words.
            return true;
        }
        let min = int_bound(schema, "minimum");
        let max = int_bound(schema, "maximum");
        let range = match (min, max) {
            (Some(a), Some(b)) => format!("{a} to {b}"),
            (Some(a), None) => format!("at least {a}"),
            (None, Some(b)) => format!("at most {b}"),
            (None, None) => "a smaller number".to_string(),
        };
        let Some(v) = value else {
            self.report(
                span,
                format!("{} is far too large; supported: {range}", path.what()),
            );
            return false;
        };
        // TOML's whole numbers are 64-bit: one past them is refused whatever the schema allows
        // (it would reach a module as another number).
        let max = max.map_or(i128::from(i64::MAX), |b| b.min(i128::from(i64::MAX)));
        let min = min.map_or(i128::from(i64::MIN), |a| a.max(i128::from(i64::MIN)));
        if v > max {
            self.report(
                span,
                format!(
                    "{}: {v} is too large; at most {max} is supported",
                    path.what()
                ),
            );
            return false;
        }
        if v < min {
            // A domino named by a number below any domino's: what it is, not a bound that the
            // next try (0) then meets as "no domino 0".
            let removal = path.0.len() == 2
                && path.0.first().is_some_and(|k| k == "remove-dominoes")
                && min == 0;
            let message = if removal {
                format!(
                    "{}: {v} is no domino's number (dominoes are numbered from 0 up; \
                     `crownlands show` lists the deck's)",
                    path.what()
                )
            } else {
                format!(
                    "{}: {v} is too small; it must be at least {min}",
                    path.what()
                )
            };
            self.report(span, message);
            return false;
        }
        true
    }

    fn check_array(
        &mut self,
        schema: &'s Value,
        items: &mut Vec<Node>,
        span: &Span,
        path: &Path,
    ) -> bool {
        if let Some(max) = int_bound(schema, "maxItems").filter(|&m| items.len() as i128 > m) {
            let msg = format!(
                "{} lists {} entries; at most {max} are supported",
                path.what(),
                items.len()
            );
            self.report(span, msg);
            return false;
        }
        if let Some(min) = int_bound(schema, "minItems").filter(|&m| (items.len() as i128) < m) {
            let entries = if min == 1 { "entry" } else { "entries" };
            let msg = format!("{} must list at least {min} {entries}", path.what());
            self.report(span, msg);
            return false;
        }
        if let Some(item_schema) = schema.get("items") {
            let mut kept = Vec::with_capacity(items.len());
            for (i, mut item) in std::mem::take(items).into_iter().enumerate() {
                let at = path.index(i, &item);
                if self.check(item_schema, &mut item, &at) {
                    kept.push(item);
                }
            }
            *items = kept;
        }
        true
    }

    fn check_table(
        &mut self,
        schema: &'s Value,
        entries: &mut Vec<crate::node::Entry>,
        span: &Span,
        path: &Path,
    ) -> bool {
        let props = schema.get("properties").and_then(Value::as_object);
        let additional = schema.get("additionalProperties");
        if entries.len() > MAX_TABLE_KEYS {
            // Never meant: a table of the format has a few dozen keys at most. Refused whole, so
            // that no later step looks each of them up (which would take the square of the
            // count).
            let msg = format!(
                "{} holds {} keys; a table holds at most {MAX_TABLE_KEYS}",
                if path.0.is_empty() {
                    "the document".to_string()
                } else {
                    path.table_name()
                },
                entries.len()
            );
            self.report(span, msg);
            entries.clear();
            return false;
        }
        let mut ok = true;
        let mut kept = Vec::with_capacity(entries.len());
        let names: Vec<String> = entries.iter().map(|e| e.key.clone()).collect();
        for mut e in std::mem::take(entries) {
            if e.key.chars().count() > MAX_KEY_CHARS {
                let msg = format!(
                    "the key `{}` {} is {} characters long; a key has at most {MAX_KEY_CHARS}",
                    crownlands_core::text::excerpt(&e.key),
                    path.table(),
                    e.key.chars().count()
                );
                self.report(&e.key_span, msg);
                continue;
            }
            // Other spellings of a key, read as the key itself (`color` for `colour`).
            if let Some(&(_, key)) = ALIASES.iter().find(|(alias, _)| e.key == *alias)
                && props.is_some_and(|p| p.contains_key(key))
            {
                if names.iter().any(|n| n == key) {
                    let msg = format!(
                        "`{}` and `{key}` {} say the same thing: write one of them",
                        e.key,
                        path.table()
                    );
                    self.report(&e.key_span, msg);
                    continue;
                }
                e.key = key.to_string();
            }
            let sub = props.and_then(|p| p.get(&e.key));
            let sub = match (sub, additional) {
                (Some(s), _) => Some(s),
                (None, Some(Value::Bool(false))) => None,
                (None, Some(s)) => Some(s),
                (None, None) => {
                    kept.push(e);
                    continue;
                }
            };
            let Some(sub) = sub else {
                if top_level_key(self.root, &e.key, &path.0) && !self.misplaced.contains(&e.key) {
                    self.misplaced.push(e.key.clone());
                }
                if self.problems.len() >= MAX_DETAILED {
                    // Past what is ever printed: counted, without the costly suggestion.
                    let msg = format!("unknown key `{}` {}", e.key, path.table());
                    self.report(&e.key_span, msg);
                    continue;
                }
                let known: Vec<&str> = props
                    .map(|p| p.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                let mut msg = format!("unknown key `{}` {}", e.key, path.table());
                let module = self.module_params.is_some_and(|m| m.contains_key(&e.key))
                    && path.0.last().is_some_and(|k| k != "module");
                if module && known.contains(&"module") {
                    // `[rules.terrain-multipliers]`: a module's name where its parameters' table
                    // is meant.
                    let table = path.key("module").key(&e.key).dotted();
                    msg.push_str(&format!(
                        " (`{}` is a module: its parameters go in [{table}], and its name in `modules`)",
                        e.key
                    ));
                } else if e.key == "rules"
                    && path.0.len() == 2
                    && path.0.first().is_some_and(|k| k == "for-players")
                {
                    // `[for-players.3.rules]`: a count's rules are the table's own keys.
                    msg.push_str(&format!(
                        " (a count's rules are written straight under [for-players.{}], as under [rules])",
                        path.0[1]
                    ));
                } else if path.0.last() == Some(&e.key) {
                    // `rules.module.x.y = 1` written under `[rules]`: the table's name again.
                    msg.push_str(&format!(
                        " (a key under {} is written without the table's name: drop the `{}.` \
                         before it)",
                        path.table().trim_start_matches("in "),
                        e.key
                    ));
                } else if let Some(home) = home_of(self.root, &e.key, &path.0) {
                    msg.push_str(&format!(" ({home})"));
                } else if path.0.first().is_some_and(|k| k == "building")
                    && matches!(e.key.as_str(), "cost" | "costs")
                {
                    // A tile's price is its slot's, plus its own `price` where a house rule
                    // gives one.
                    msg.push_str(
                        " (a building costs what its slot on the Builders' Board costs, \
                         `slot-prices` under [rules.module.buildings], plus its own `price` \
                         where a house rule gives one)",
                    );
                } else if let Some(close) = e
                    .key
                    .starts_with("for-")
                    .then(|| known.iter().find(|k| k.starts_with("for-")))
                    .flatten()
                    .filter(|k| **k != e.key && closest(&e.key, &known).is_none())
                {
                    // `[for-games.3]`: no misspelling, rules that differ by something else than
                    // the player count, which is the only thing they differ by.
                    msg.push_str(&format!(
                        " (did you mean `{close}`? rules differ by player count only: [{close}.N] for N players)"
                    ));
                } else if let Some(close) = closest(&e.key, &known) {
                    msg.push_str(&format!(" (did you mean `{close}`?)"));
                    // A top-level key misspelt (`extend`): what it would have brought in is
                    // missing, as for one written in a table, and not reported again.
                    // (Not where the file writes the key too: that one is read.)
                    if path.0.is_empty()
                        && !names.iter().any(|n| n == close)
                        && !self.misplaced.iter().any(|k| k == close)
                    {
                        self.misplaced.push(close.to_string());
                    }
                }
                if known.is_empty() {
                    msg.push_str("; this table takes no keys");
                } else {
                    msg.push_str(&format!("; expected one of: {}", known.join(", ")));
                }
                self.report(&e.key_span, msg);
                continue;
            };
            let child = path.key(&e.key);
            if self.check(sub, &mut e.value, &child) {
                kept.push(e);
            } else {
                self.refused_keys.push(child.0);
                if is_required(schema, &e.key) {
                    ok = false;
                }
            }
        }
        *entries = kept;
        if let Some(Value::Array(required)) = schema.get("required") {
            for r in required.iter().filter_map(Value::as_str) {
                let present = entries.iter().any(|e| e.key == r);
                if !present && ok {
                    self.report(span, format!("missing key `{r}` {}", path.table()));
                    ok = false;
                }
            }
        }
        ok
    }
}

/// The most keys a table may hold. The format's tables have a few dozen; the tables keyed by the
/// author (`[for-players]`, `[rules.module]`, a module's parameters) a few each.
pub(crate) const MAX_TABLE_KEYS: usize = 256;

/// The longest text a schema gives no maximum for, in characters (a module's text parameter).
pub(crate) const MAX_TEXT_CHARS: usize = 1000;

/// The longest key, in characters. The format's keys and the names used as keys (modules,
/// parameters, player counts) are short; a name value has at most 64 characters.
pub(crate) const MAX_KEY_CHARS: usize = 64;

/// Keys accepted under another spelling: (alias, key).
pub(crate) const ALIASES: &[(&str, &str)] = &[("color", "colour")];

/// Where `key`, unknown at `path` (its tables' keys), belongs in the ruleset format `root`, when
/// it is a key of another table: a top-level key written under a table (TOML puts every key
/// after `[rules]` in it), or a rule written outside `[rules]` (at the top, or among a module's
/// parameters).
pub(crate) fn home_of(root: &Value, key: &str, path: &[String]) -> Option<String> {
    if top_level_key(root, key, path) {
        return Some(format!(
            "`{key}` is a top-level key: write it above the file's first [table]"
        ));
    }
    let in_rules =
        matches!(path, [t] if t == "rules") || matches!(path, [t, _] if t == "for-players");
    let is_rule = root
        .pointer("/$defs/RulesPatch/properties")
        .and_then(Value::as_object)
        .is_some_and(|p| p.contains_key(key));
    if !is_rule || in_rules {
        return None;
    }
    Some(match path {
        [.., m, _] if m == "module" => format!(
            "`{key}` is a rule, not one of the module's parameters: write it under [rules] (or [for-players.N] for one player count), not in the module's table"
        ),
        _ => format!(
            "`{key}` is a rule: write it under [rules], or under [for-players.N] for one player count"
        ),
    })
}

/// Whether `key`, written in the table at `path`, is a top-level key the rules' tables
/// swallowed (`extends` after `[rules]`: TOML reads every key after a header into its table).
fn top_level_key(root: &Value, key: &str, path: &[String]) -> bool {
    // The top-level tables (`[rules]`, `[[terrain]]`, ...) are not keys one writes as values.
    // The rules' tables swallow any top-level key; a component's table (`[[domino]]` after
    // which `remove-dominoes` was written, the natural place when replacing one) those that
    // cannot be about the component (a `name` or `description` under `[[domino]]` is the
    // domino's, not the ruleset's).
    let under_component = matches!(
        path.first().map(String::as_str),
        Some("terrain" | "domino" | "building" | "component")
    ) && !matches!(key, "name" | "description");
    let table = [
        "rules",
        "for-players",
        "terrain",
        "domino",
        "building",
        "component",
    ];
    let under_rules = matches!(
        path.first().map(String::as_str),
        Some("rules" | "for-players")
    );
    (under_rules || under_component)
        && !table.contains(&key)
        && root
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|top| top.contains_key(key))
}

fn is_required(schema: &Value, key: &str) -> bool {
    matches!(schema.get("required"), Some(Value::Array(r)) if r.iter().any(|k| k.as_str() == Some(key)))
}

/// How many problems get a "did you mean" and the list of known keys; later ones (far past the
/// 100 printed) only their place, so that a file of many thousand unknown keys stays fast.
const MAX_DETAILED: usize = 1000;

pub(crate) use crownlands_core::text::closest;

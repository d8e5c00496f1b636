//! Loading a ruleset: follow `extends`, read the component sets, check every file and gather
//! every problem with its place.

use crate::components::{Block, Components};
use crate::diagnostic::SourceText;
use crate::format::{RulesetFile, SetFile};
use crate::node::{self, Kind, Node, Seg, Span};
use crate::resolve;
use crate::schema;
use crate::source::{self, ReadError, Source};
use crate::walk::{Path, Walker, closest};
use crate::{Diagnostic, Diagnostics};
use crownlands_core::Ruleset;

/// How deep `extends` may nest.
const MAX_EXTENDS_DEPTH: usize = 32;
/// How many component sets one ruleset may use.
const MAX_SETS: usize = 64;

/// A place in a loaded file.
#[derive(Clone, Debug)]
pub(crate) struct Loc {
    pub file: usize,
    pub span: Span,
}

pub(crate) struct File {
    pub src: SourceText,
    pub source: Source,
    pub doc: Node,
    /// The name of every `[[terrain]]` the file declares, including those the schema check
    /// threw out (a missing `colour`, say): dominoes naming them are not reported again.
    pub declared_terrains: Vec<String>,
}

pub(crate) enum Parsed {
    Ruleset(Box<RulesetFile>),
    Set(Box<SetFile>),
}

#[derive(Default)]
pub(crate) struct Loader {
    pub files: Vec<File>,
    pub diags: Vec<Diagnostic>,
    /// Loading a ruleset embedded in a save or a notation file: it must be self-contained
    /// (`extends`, `sets` and `add-sets` are refused, whatever their spelling in the text), and
    /// no file on disk is ever opened.
    pub sealed: bool,
    /// Rules that can never work, though the ruleset loads (see `Ruleset::warnings`).
    pub warnings: Vec<Diagnostic>,
}

/// The keys that make a ruleset read other files.
const OUTSIDE_KEYS: [&str; 3] = ["extends", "sets", "add-sets"];

impl Loader {
    pub fn err(&mut self, loc: &Loc, msg: impl Into<String>) {
        let d = match self.files.get(loc.file) {
            Some(f) => f.src.diag(loc.span.clone(), msg),
            None => Diagnostic::unplaced("", msg),
        };
        self.diags.push(d);
    }

    pub fn loc(&self, file: usize, path: &[Seg<'_>]) -> Loc {
        let span = self.files.get(file).map_or(0..0, |f| f.doc.span_at(path));
        Loc { file, span }
    }

    pub fn key_loc(&self, file: usize, path: &[Seg<'_>]) -> Loc {
        let span = self
            .files
            .get(file)
            .and_then(|f| f.doc.key_span_at(path))
            .unwrap_or(0..0);
        Loc { file, span }
    }

    /// "file:line" of a place, for messages that point at a second place.
    pub fn describe(&self, loc: &Loc) -> String {
        match self.files.get(loc.file) {
            Some(f) => {
                let (line, _) = f.src.line_col(loc.span.start);
                format!("{}:{line}", f.src.name)
            }
            None => "?".to_string(),
        }
    }

    /// Read, parse, check and deserialize one file. `None` when nothing usable is left; the
    /// problems are recorded either way.
    pub fn open(&mut self, source: Source, named_at: Option<&Loc>) -> Option<(usize, Parsed)> {
        let read = if self.sealed && matches!(source, Source::Fs(_)) {
            // Unreachable from a sealed load (its files join only to inline names); kept so that
            // no future path can make one read the disk.
            Err(ReadError::Missing(format!(
                "`{}`: an embedded ruleset cannot read files",
                source.display()
            )))
        } else {
            source.read()
        };
        let src = match read {
            Ok(src) => src,
            Err(ReadError::Missing(msg)) => {
                match named_at {
                    Some(loc) => self.err(loc, msg),
                    // The message names the file; there is no position in it.
                    None => self.diags.push(Diagnostic::unplaced("", msg)),
                }
                return None;
            }
            Err(ReadError::Bad(d)) => {
                self.diags.push(d);
                return None;
            }
        };
        self.open_text(source, src)
    }

    pub fn open_text(&mut self, source: Source, src: SourceText) -> Option<(usize, Parsed)> {
        let mut doc = match node::parse(&src) {
            Ok(doc) => doc,
            Err(ds) => {
                self.diags.extend(ds);
                return None;
            }
        };
        let is_set = doc.get("set").is_some();
        let schema = if is_set {
            schema::set_value()
        } else {
            schema::ruleset_value()
        };
        let declared_terrains = terrain_names(&doc);
        // Before the schema check prunes the document: a sealed file names no other file.
        let outside = if self.sealed {
            outside_references(&doc)
        } else {
            Vec::new()
        };
        let sealed_ok = outside.is_empty();
        for (span, msg) in outside {
            self.diags.push(src.diag(span, msg));
        }
        let mut walker = Walker::new(schema);
        let ok = walker.check(schema, &mut doc, &Path::default());
        for (span, msg) in walker.problems {
            self.diags.push(src.diag(span, msg));
        }
        let mut extra = repeated_tie_breaks(&doc);
        control_characters(&doc, None, &mut extra);
        let ok = ok && extra.is_empty() && sealed_ok;
        for (span, msg) in extra {
            self.diags.push(src.diag(span, msg));
        }
        let value = doc.to_value();
        let index = self.files.len();
        self.files.push(File {
            src,
            source,
            doc,
            declared_terrains,
        });
        if !ok {
            return None;
        }
        let parsed = if is_set {
            value
                .try_into::<SetFile>()
                .map(|f| Parsed::Set(Box::new(f)))
        } else {
            value
                .try_into::<RulesetFile>()
                .map(|f| Parsed::Ruleset(Box::new(f)))
        };
        match parsed {
            Ok(p) => Some((index, p)),
            Err(e) => {
                let msg = format!("could not read this file: {}", e.message());
                self.err(
                    &Loc {
                        file: index,
                        span: 0..0,
                    },
                    msg,
                );
                None
            }
        }
    }

    /// Load a ruleset and everything it uses.
    pub fn load_ruleset(
        &mut self,
        first: Source,
        first_text: Option<SourceText>,
    ) -> Option<Ruleset> {
        let mut chain: Vec<(usize, RulesetFile)> = Vec::new();
        let mut seen: Vec<(String, String)> = Vec::new();
        let mut current = first;
        let mut text = first_text;
        let mut named_at: Option<Loc> = None;
        loop {
            let key = current.key();
            if let Some(pos) = seen.iter().position(|(k, _)| *k == key) {
                let mut names: Vec<String> = seen[pos..].iter().map(|(_, d)| d.clone()).collect();
                names.push(current.display());
                let msg = format!("`extends` makes a cycle: {}", names.join(" -> "));
                match &named_at {
                    Some(loc) => self.err(loc, msg),
                    None => self
                        .diags
                        .push(Diagnostic::unplaced(&current.display(), msg)),
                }
                return None;
            }
            if seen.len() >= MAX_EXTENDS_DEPTH {
                if let Some(loc) = &named_at {
                    self.err(
                        loc,
                        format!("`extends` nests more than {MAX_EXTENDS_DEPTH} files deep"),
                    );
                }
                return None;
            }
            seen.push((key, current.display()));
            let opened = match text.take() {
                Some(src) => self.open_text(current, src),
                None => self.open(current, named_at.as_ref()),
            };
            let (idx, parsed) = opened?;
            let rf = match parsed {
                Parsed::Ruleset(rf) => *rf,
                Parsed::Set(_) => {
                    let msg = "this is a component set file (it has a [set] table), not a ruleset";
                    match &named_at {
                        Some(loc) => {
                            let loc = loc.clone();
                            self.err(&loc, "`extends` names a component set file, not a ruleset");
                        }
                        None => self.err(
                            &Loc {
                                file: idx,
                                span: 0..0,
                            },
                            msg,
                        ),
                    }
                    return None;
                }
            };
            let extends = rf.extends.clone();
            chain.push((idx, rf));
            let Some(ext) = extends else { break };
            let loc = self.loc(idx, &[Seg::Key("extends")]);
            current = if source::is_path(&ext) {
                self.files[idx].source.join(&ext)
            } else {
                if !source::is_plain_name(&ext)
                    || source::embedded(&format!("{ext}.toml")).is_none()
                {
                    let names = crate::shipped_names();
                    let known: Vec<&str> = names.iter().map(String::as_str).collect();
                    let mut msg = format!("no shipped ruleset named `{ext}`");
                    if let Some(c) = closest(&ext, &known) {
                        msg.push_str(&format!(" (did you mean `{c}`?)"));
                    }
                    msg.push_str(&format!(
                        "; shipped rulesets: {}; a path to a file must contain `/` or end in `.toml`",
                        known.join(", ")
                    ));
                    self.err(&loc, msg);
                    return None;
                }
                Source::shipped(&ext)
            };
            named_at = Some(loc);
        }
        chain.reverse();
        self.finish(chain)
    }

    /// Where an entry of `sets` or `add-sets` in file `idx` points: a bare name (no `/`, not
    /// ending in `.toml`) is a shipped set; anything else a path relative to the file. `None`
    /// (reported) when a name matches no shipped set, or a path is missing but names one.
    fn set_source(&mut self, idx: usize, entry: &str, loc: &Loc) -> Option<Source> {
        let names = crate::shipped_set_names();
        let known: Vec<&str> = names.iter().map(String::as_str).collect();
        if !source::is_path(entry) {
            if source::is_plain_name(entry) && known.contains(&entry) {
                return Some(Source::Embedded(format!("sets/{entry}.toml")));
            }
            let mut msg = format!("no shipped component set named `{entry}`");
            if let Some(c) = closest(entry, &known) {
                msg.push_str(&format!(" (did you mean `{c}`?)"));
            }
            msg.push_str(&format!(
                "; shipped sets: {}; a path to a file must contain `/` or end in `.toml`",
                known.join(", ")
            ));
            self.err(loc, msg);
            return None;
        }
        let source = self.files[idx].source.join(entry);
        if let Source::Fs(path) = &source
            && !path.exists()
        {
            let stem = source.stem();
            if known.contains(&stem.as_str()) {
                self.err(
                    loc,
                    format!(
                        "no file `{}`; the shipped set `{stem}` is written by its name alone: \"{stem}\"",
                        path.display()
                    ),
                );
                return None;
            }
        }
        Some(source)
    }

    fn finish(&mut self, chain: Vec<(usize, RulesetFile)>) -> Option<Ruleset> {
        // The component sets: the inherited list, replaced by `sets`, extended by `add-sets`.
        let mut sets: Vec<(Source, Loc)> = Vec::new();
        for (idx, rf) in &chain {
            if let Some(list) = &rf.sets {
                sets.clear();
                for (i, s) in list.iter().enumerate() {
                    let loc = self.loc(*idx, &[Seg::Key("sets"), Seg::Index(i)]);
                    if let Some(source) = self.set_source(*idx, s, &loc) {
                        sets.push((source, loc));
                    }
                }
            }
            for (i, s) in rf.add_sets.iter().enumerate() {
                let loc = self.loc(*idx, &[Seg::Key("add-sets"), Seg::Index(i)]);
                if let Some(source) = self.set_source(*idx, s, &loc) {
                    sets.push((source, loc));
                }
            }
        }
        let mut blocks = Vec::new();
        let mut keys: Vec<String> = Vec::new();
        for (source, loc) in sets {
            let key = source.key();
            if keys.contains(&key) {
                continue;
            }
            if keys.len() >= MAX_SETS {
                self.err(
                    &loc,
                    format!(
                        "more than {MAX_SETS} component sets; at most {MAX_SETS} are supported"
                    ),
                );
                break;
            }
            keys.push(key);
            match self.open(source.clone(), Some(&loc)) {
                Some((idx, Parsed::Set(sf))) => {
                    let sf = *sf;
                    let default_box = sf
                        .set
                        .box_name
                        .clone()
                        .unwrap_or_else(|| sf.set.name.clone());
                    blocks.push(Block {
                        file: idx,
                        terrains: sf.terrain,
                        dominoes: sf.domino,
                        buildings: sf.building,
                        default_box,
                        removals: Vec::new(),
                    });
                }
                Some((_, Parsed::Ruleset(_))) => {
                    self.err(
                        &loc,
                        format!(
                            "`{}` is not a component set file (it has no [set] table)",
                            source.display()
                        ),
                    );
                }
                None => {}
            }
        }
        for (idx, rf) in &chain {
            if rf.terrain.is_empty()
                && rf.domino.is_empty()
                && rf.building.is_empty()
                && rf.remove_dominoes.is_empty()
            {
                continue;
            }
            // Inline dominoes join the deck's box when it has one; with several, each says which.
            let mut boxes: Vec<String> = Vec::new();
            for b in &blocks {
                for d in &b.dominoes {
                    let name = d.box_name.as_ref().unwrap_or(&b.default_box);
                    if !boxes.contains(name) {
                        boxes.push(name.clone());
                    }
                }
            }
            let default_box = match (&rf.box_name, boxes.as_slice()) {
                (Some(b), _) => b.clone(),
                (None, [only]) => only.clone(),
                (None, []) => rf
                    .name
                    .clone()
                    .unwrap_or_else(|| self.files[*idx].source.stem()),
                (None, several) => {
                    for (i, d) in rf.domino.iter().enumerate() {
                        if d.box_name.is_none() {
                            let loc = self.key_loc(
                                *idx,
                                &[Seg::Key("domino"), Seg::Index(i), Seg::Key("number")],
                            );
                            self.err(
                                &loc,
                                format!(
                                    "the deck has several boxes ({}): say which this domino joins, e.g. box = \"{}\"",
                                    several.join(", "),
                                    several[0]
                                ),
                            );
                        }
                    }
                    // No box: those dominoes are left out (reported above).
                    String::new()
                }
            };
            let removals = rf
                .remove_dominoes
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let loc = self.loc(*idx, &[Seg::Key("remove-dominoes"), Seg::Index(i)]);
                    (r.clone(), loc)
                })
                .collect();
            blocks.push(Block {
                file: *idx,
                terrains: rf.terrain.clone(),
                dominoes: rf.domino.clone(),
                buildings: rf.building.clone(),
                default_box,
                removals,
            });
        }
        let components = Components::build(self, &blocks, true);
        resolve::resolve(self, &chain, components)
    }
}

/// Every key of the document that names another file, with a problem for each. Decided on the
/// parsed document, so a key spelt with TOML escapes (`"\u0065xtends"`) is caught too.
fn outside_references(doc: &Node) -> Vec<(Span, String)> {
    OUTSIDE_KEYS
        .iter()
        .filter_map(|key| doc.get(key).map(|e| (key, e.key_span.clone())))
        .map(|(key, span)| {
            (
                span,
                format!(
                    "`{key}` is not allowed in an embedded ruleset: it must be self-contained \
                     (as `crownlands show` prints it), and may not name other files"
                ),
            )
        })
        .collect()
}

/// Every string value holding a control character (see
/// [`crownlands_core::text::is_unsafe_char`]): names end up on terminals, where an escape
/// sequence or a new line would do harm. A `description` may hold new lines and tabs.
fn control_characters(node: &Node, key: Option<&str>, out: &mut Vec<(Span, String)>) {
    match &node.kind {
        Kind::Str(text) => {
            let allowed = |c: char| key == Some("description") && matches!(c, '\n' | '\t');
            if let Some(c) = text
                .chars()
                .find(|&c| crownlands_core::text::is_unsafe_char(c) && !allowed(c))
            {
                out.push((
                    node.span.clone(),
                    format!(
                        "this text holds the control character U+{:04X}; the texts of a ruleset \
                         are plain (only a `description` may have new lines and tabs)",
                        u32::from(c)
                    ),
                ));
            }
        }
        Kind::Array(items) => {
            for item in items {
                control_characters(item, key, out);
            }
        }
        Kind::Table(entries) => {
            for e in entries {
                control_characters(&e.value, Some(&e.key), out);
            }
        }
        _ => {}
    }
}

/// A tie-break listed twice in `[rules]` or a `[for-players.N]` table, each at its second
/// place: the list is an order, and a repeat is a mistake (it could never decide anything).
fn repeated_tie_breaks(doc: &Node) -> Vec<(Span, String)> {
    let mut lists: Vec<&Node> = Vec::new();
    if let Some(e) = doc.get("rules").and_then(|r| r.value.get("tie-breaks")) {
        lists.push(&e.value);
    }
    if let Some(Kind::Table(counts)) = doc.get("for-players").map(|e| &e.value.kind) {
        for c in counts {
            if let Some(e) = c.value.get("tie-breaks") {
                lists.push(&e.value);
            }
        }
    }
    let mut out = Vec::new();
    for list in lists {
        let Kind::Array(items) = &list.kind else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            if let Kind::Str(name) = &item.kind
                && items[..i]
                    .iter()
                    .any(|x| matches!(&x.kind, Kind::Str(n) if n == name))
            {
                out.push((
                    item.span.clone(),
                    format!("tie-break `{name}` is listed twice: each decides a tie at most once"),
                ));
            }
        }
    }
    out
}

/// The string `name` of every table in the document's `terrain` array.
fn terrain_names(doc: &Node) -> Vec<String> {
    let Some(Kind::Array(items)) = doc.get("terrain").map(|e| &e.value.kind) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|t| match t.get("name").map(|e| &e.value.kind) {
            Some(Kind::Str(name)) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Load from a source, reporting every problem.
pub(crate) fn load_source(
    source: Source,
    text: Option<SourceText>,
) -> Result<Ruleset, Diagnostics> {
    load_source_with_warnings(source, text).0
}

/// Load from a source, reporting every problem, and the warnings of a ruleset that loads.
pub(crate) fn load_source_with_warnings(
    source: Source,
    text: Option<SourceText>,
) -> (Result<Ruleset, Diagnostics>, Vec<Diagnostic>) {
    let mut loader = Loader::default();
    let ruleset = loader.load_ruleset(source, text);
    let mut warnings = std::mem::take(&mut loader.warnings);
    warnings.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    (finish_diags(loader.diags, ruleset), warnings)
}

/// Load a ruleset embedded in another file, with no file system (see [`Loader::sealed`]).
pub(crate) fn load_sealed(text: SourceText) -> Result<Ruleset, Diagnostics> {
    let mut loader = Loader {
        sealed: true,
        ..Loader::default()
    };
    let source = Source::Inline(text.name.clone());
    let ruleset = loader.load_ruleset(source, Some(text));
    finish_diags(loader.diags, ruleset)
}

pub(crate) fn finish_diags<T>(
    mut diags: Vec<Diagnostic>,
    value: Option<T>,
) -> Result<T, Diagnostics> {
    diags.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    diags.dedup();
    match value {
        Some(v) if diags.is_empty() => Ok(v),
        _ => {
            if diags.is_empty() {
                diags.push(Diagnostic::unplaced("", "the ruleset could not be loaded"));
            }
            Err(Diagnostics(diags))
        }
    }
}

//! The loader: the files read so far, with their text and parsed documents, and every problem
//! found, each at its place. Reading a file, placing a problem and describing a place live
//! here; `load` (following `extends`, gathering the component sets), `components` and `resolve`
//! all work through a [`Loader`], and none of them through another.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::SourceText;
use crate::format::{RulesetFile, SetFile};
use crate::node::{self, Kind, Node, Seg, Span};
use crate::schema;
use crate::source::{ReadError, Source};
use crate::walk::{Path, Walker};
use crownlands_core::Registry;
use crownlands_core::ruleset::{MatchTieBreak, RulesProblem, TieBreak};

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
    /// How many `[[domino]]` entries the file writes, including those the schema check threw
    /// out (a `number = 0`): the deck's size is not judged on a deck short of one.
    pub declared_dominoes: usize,
    /// Where the schema check refused a value (out of range, of the wrong type), already
    /// reported: a check of what is missing there does not report it again.
    pub refused: Vec<crate::node::Span>,
    /// The keys whose values the schema check refused, each as its path of keys.
    pub refused_keys: Vec<Vec<String>>,
    /// Top-level keys the file wrote in a table of the rules (`extends` after `[rules]`),
    /// reported there and not read: what they would have given is not reported missing.
    pub misplaced: Vec<String>,
}

impl File {
    /// Whether a value was refused (and reported) within `span`.
    pub fn refused_within(&self, span: &crate::node::Span) -> bool {
        self.refused
            .iter()
            .any(|r| span.start <= r.start && r.end <= span.end)
    }
}

pub(crate) enum Parsed {
    Ruleset(Box<RulesetFile>),
    Set(Box<SetFile>),
}

pub(crate) struct Loader {
    /// The modules a ruleset may name.
    pub registry: Registry,
    pub files: Vec<File>,
    pub diags: Vec<Diagnostic>,
    /// Loading a ruleset embedded in a save or a notation file: it must be self-contained
    /// (`extends`, `sets` and `add-sets` are refused, whatever their spelling in the text), and
    /// no file on disk is ever opened.
    pub sealed: bool,
    /// Whether an unknown terrain's message said how a new one is declared (said once).
    pub said_new_terrain: bool,
    /// The unknown terrains whose message named the shipped set that declares them (said
    /// once for each).
    pub said_set_of: Vec<String>,
    /// Rules that can never work, though the ruleset loads (see `Ruleset::warnings`).
    pub warnings: Vec<Diagnostic>,
    /// The folder of the file the user named (its real path), once it is opened: every file
    /// a ruleset names (`extends`, `sets`, `add-sets`) must be in it or below it.
    pub root: Option<std::path::PathBuf>,
    /// Bytes of the files read so far, at most [`MAX_LOAD_BYTES`] in all.
    pub bytes_read: usize,
    /// The registry's modules' parameter schemas by name, made at the first file that needs
    /// them (for the words of a parameter's range).
    pub module_params: Option<serde_json::Map<String, serde_json::Value>>,
    /// The rules a player count the files do not list would get (every file's `[rules]`, no
    /// `[for-players.N]`), set once the ruleset resolves: what `show` writes under `[rules]`,
    /// so that a file extending the shown one and adding a count gets what it would get
    /// extending the ruleset itself.
    pub base: Option<crownlands_core::Rules>,
}

/// The most bytes one load reads over all its files (the ruleset, what it extends, its sets):
/// as much as one file may hold, so that many files (or one file named many times, by links)
/// cost no more than one. A real ruleset with all its sets is a few hundred kilobytes.
pub(crate) const MAX_LOAD_BYTES: usize = crate::node::MAX_FILE_BYTES;

/// The keys that make a ruleset read other files.
const OUTSIDE_KEYS: [&str; 3] = ["extends", "sets", "add-sets"];

impl Loader {
    pub fn new(registry: &Registry) -> Loader {
        Loader {
            registry: registry.clone(),
            files: Vec::new(),
            diags: Vec::new(),
            sealed: false,
            said_new_terrain: false,
            said_set_of: Vec::new(),
            bytes_read: 0,
            warnings: Vec::new(),
            root: None,
            module_params: None,
            base: None,
        }
    }

    /// Record a warning at `loc` (the ruleset loads; `validate` says it).
    pub fn warn(&mut self, loc: &Loc, msg: impl Into<String>) {
        let d = match self.files.get(loc.file) {
            Some(f) => f.src.diag(loc.span.clone(), msg),
            None => Diagnostic::unplaced("", msg),
        };
        self.warnings.push(d);
    }

    /// Warn at `loc` when `entry`, a path file `idx` names, is absolute: it is read (it leads
    /// into the folder allowed), but works only where that folder is, so the file does not
    /// travel; the warning says the path relative to the file, when there is one.
    pub fn warn_if_absolute(&mut self, idx: usize, entry: &str, loc: &Loc) {
        let path = std::path::Path::new(entry);
        // (A missing file is an error of its own.)
        if !path.is_absolute() || !path.exists() {
            return;
        }
        let relative = match self.files.get(idx).map(|f| &f.source) {
            Some(Source::Fs(file)) => file
                .parent()
                // `child.toml` named from its own folder: its parent is "", the working folder.
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        std::path::Path::new(".")
                    } else {
                        p
                    }
                })
                .and_then(crate::source::real_path)
                .zip(crate::source::real_path(path))
                .and_then(|(folder, real)| {
                    real.strip_prefix(&folder)
                        .ok()
                        .map(std::path::Path::to_path_buf)
                }),
            _ => None,
        };
        let instead = relative.map_or_else(String::new, |r| {
            format!(
                " (`{}`)",
                crownlands_core::text::escape_controls(&r.to_string_lossy())
            )
        });
        self.warn(
            loc,
            format!(
                "an absolute path works only where that folder is, not on another machine: \
                 write it relative to this file{instead}"
            ),
        );
    }

    /// Whether file `file` of a load whose named ruleset is `leaf` is its author's to mend: a
    /// file of the user's, or the ruleset named itself when it is a crate's own registered one
    /// (Crownlands' shipped files are checked as it is built).
    /// Whether file `file` is a shipped one (or a crate's registered one): not the author's to
    /// mend.
    pub fn is_shipped(&self, file: usize) -> bool {
        self.files.get(file).is_some_and(|f| f.source.is_shipped())
    }

    pub fn is_authors(&self, file: usize, leaf: Option<usize>) -> bool {
        self.files.get(file).is_some_and(|f| {
            !f.source.is_shipped() || (Some(file) == leaf && f.source.is_checked_when_named())
        })
    }

    pub fn err(&mut self, loc: &Loc, msg: impl Into<String>) {
        let d = match self.files.get(loc.file) {
            Some(f) => f.src.diag(loc.span.clone(), msg),
            None => Diagnostic::unplaced("", msg),
        };
        self.diags.push(d);
    }

    /// The name a file without a `name` goes by: its file name without the extension. A file
    /// name that cannot be a name (a control or invisible character, longer than a name may
    /// be) is reported at the top of the file, with what to write instead.
    pub fn stem_name(&mut self, file: usize) -> String {
        let stem = self
            .files
            .get(file)
            .map(|f| f.source.stem())
            .unwrap_or_default();
        let max = crate::format::MAX_NAME_CHARS as usize;
        let problem = if let Some(c) = crownlands_core::text::first_unsafe_char(&stem) {
            Some(format!("holds the character U+{:04X}", u32::from(c)))
        } else if stem.chars().count() > max {
            Some(format!("is longer than a name may be ({max} characters)"))
        } else if stem.is_empty() {
            Some("is empty".to_string())
        } else {
            None
        };
        if let Some(problem) = problem {
            let msg = format!(
                "this file has no `name`, and its file name `{}` {problem}, so it cannot be the \
                 name: add `name = \"...\"`",
                crownlands_core::text::excerpt(&stem)
            );
            // Asked for twice of one file (its box, then the ruleset): said once.
            if !self.diags.iter().any(|d| d.message == msg) {
                self.err(&Loc { file, span: 0..0 }, msg);
            }
        }
        stem
    }

    pub fn loc(&self, file: usize, path: &[Seg<'_>]) -> Loc {
        let span = self.files.get(file).map_or(0..0, |f| f.doc.span_at(path));
        Loc { file, span }
    }

    /// Whether file `file` wrote the key at `path` with a value the schema check refused (so
    /// the key is missing from what was read, though the file has it).
    pub fn refused_key(&self, file: usize, path: &[Seg<'_>]) -> bool {
        let wanted: Vec<String> = path
            .iter()
            .map(|s| match s {
                Seg::Key(k) => (*k).to_string(),
                Seg::Index(i) => format!("#{}", i + 1),
            })
            .collect();
        self.files
            .get(file)
            .is_some_and(|f| f.refused_keys.contains(&wanted))
    }

    /// Whether file `file` wrote the top-level key `key` in a table of the rules, where it is
    /// not read (reported there).
    pub fn misplaced(&self, file: usize, key: &str) -> bool {
        self.files
            .get(file)
            .is_some_and(|f| f.misplaced.iter().any(|k| k == key))
    }

    pub fn key_loc(&self, file: usize, path: &[Seg<'_>]) -> Loc {
        let span = self
            .files
            .get(file)
            .and_then(|f| f.doc.key_span_at(path))
            .unwrap_or(0..0);
        Loc { file, span }
    }

    /// "file:line:column" of a place, for messages that point at a second place.
    pub fn describe(&self, loc: &Loc) -> String {
        match self.files.get(loc.file) {
            Some(f) => {
                let (line, col) = f.src.line_col(loc.span.start);
                format!("{}:{line}:{col}", f.src.name)
            }
            None => "?".to_string(),
        }
    }

    /// Read, parse, check and deserialize one file. `None` when nothing usable is left; the
    /// problems are recorded either way.
    pub fn open(&mut self, source: Source, named_at: Option<&Loc>) -> Option<(usize, Parsed)> {
        if let Some(loc) = named_at
            && let Err(msg) = self.within_root(&source)
        {
            self.err(loc, msg);
            return None;
        }
        let read = if self.sealed && matches!(source, Source::Fs(_)) {
            // Unreachable from a sealed load (its files join only to inline names); kept so that
            // no future path can make one read the disk.
            Err(ReadError::Missing(format!(
                "`{}`: an embedded ruleset cannot read files",
                source.display()
            )))
        } else {
            // Judged again on the file opened, before anything of it is said: its path may have
            // led elsewhere (a link put in its place) between the check above and the opening.
            source.read_from(|real| match (&source, named_at) {
                (Source::Fs(path), Some(_)) => self.within_root_real(path, Some(real.into())),
                _ => Ok(()),
            })
        };
        let src = match read {
            Ok(src) => src,
            Err(ReadError::Missing(msg)) => {
                // `sets/vineyard` for `sets/vineyard.toml`: a path is read as written.
                let msg = match &source {
                    Source::Fs(path) if path.extension().is_none() && !path.exists() => {
                        let toml = Source::Fs(path.with_extension("toml"));
                        match &toml {
                            Source::Fs(p) if p.is_file() && self.within_root(&toml).is_ok() => {
                                format!("{msg} (did you mean `{}`?)", toml.display())
                            }
                            _ => msg,
                        }
                    }
                    // `desret.toml` where `desert.toml` is beside it (within the folder allowed).
                    Source::Fs(path) if !path.exists() && named_at.is_some() => {
                        match similar_file(path).map(Source::Fs) {
                            Some(close) if self.within_root(&close).is_ok() => {
                                format!("{msg} (did you mean `{}`?)", close.display())
                            }
                            _ => msg,
                        }
                    }
                    _ => msg,
                };
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
        if self.bytes_read.saturating_add(src.text.len()) > MAX_LOAD_BYTES {
            let msg = format!(
                "`{}` takes the files this ruleset reads past {MAX_LOAD_BYTES} bytes in all \
                 (the ruleset, what it extends and its sets together)",
                source.display()
            );
            match named_at {
                Some(loc) => self.err(loc, msg),
                None => self.diags.push(Diagnostic::unplaced("", msg)),
            }
            return None;
        }
        self.open_text(source, src)
    }

    /// Whether a file that another file names may be read: a file on disk must be in the folder
    /// of the file the user named, or below it, whatever the spelling of its path (absolute,
    /// `..`, a link leading out). The message says why not, and nothing of the file named: it
    /// is checked before anything is read, existing or not.
    pub fn within_root(&self, source: &Source) -> Result<(), String> {
        let Source::Fs(path) = source else {
            return Ok(());
        };
        self.within_root_real(path, crate::source::real_path(path))
    }

    /// [`Loader::within_root`] of `path`, which really is `real` (its links followed; `None`
    /// where that cannot be told).
    fn within_root_real(
        &self,
        path: &std::path::Path,
        real: Option<std::path::PathBuf>,
    ) -> Result<(), String> {
        let Some(root) = &self.root else {
            return Ok(());
        };
        if let Some(real) = real
            && let Ok(below) = real.strip_prefix(root)
        {
            // A hidden folder or file below it (`.ssh/`, `.cargo/credentials.toml`) is where
            // programs keep settings and keys: a ruleset from someone else saved in a home
            // folder could learn a file's key names from the errors of reading it as a ruleset.
            let hidden = below
                .components()
                .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
            if hidden {
                // A link is said to lead there (its own name may look plain).
                let link =
                    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
                return Err(format!(
                    "`{}` {} a hidden folder or file (a name starting with `.`): a ruleset may \
                     not name such files, where programs keep settings and keys",
                    path.display(),
                    if link {
                        "is a link into"
                    } else {
                        "is in, or is,"
                    }
                ));
            }
            return Ok(());
        }
        let root_file = self
            .files
            .first()
            .map_or_else(String::new, |f| format!(" (`{}`)", f.src.name));
        Err(format!(
            "`{}` is outside the folder of the ruleset you named{root_file}: a ruleset may name only \
             files in its own folder or below it, so that a file from someone else cannot make \
             this program read your other files (name a ruleset in a folder that holds both \
             files, or copy the file it names into this ruleset's folder)",
            path.display()
        ))
    }

    pub fn open_text(&mut self, source: Source, src: SourceText) -> Option<(usize, Parsed)> {
        // Every text read counts, the first one too (given as text by `load_str`, a save).
        self.bytes_read = self.bytes_read.saturating_add(src.text.len());
        if self.files.is_empty()
            && self.root.is_none()
            && let Source::Fs(path) = &source
        {
            // The first file is the one the user named: its folder (as named: the file may be a
            // link to elsewhere, its folder's links followed) bounds what it may name.
            let folder = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => std::path::Path::new("."),
            };
            self.root = crate::source::real_path(folder);
        }
        let mut doc = match node::parse(&src) {
            Ok(doc) => doc,
            Err(ds) => {
                self.diags.extend(ds);
                return None;
            }
        };
        let is_set = doc.is_set_file();
        let schema = if is_set {
            schema::set_value()
        } else {
            schema::ruleset_value()
        };
        let declared_terrains = terrain_names(&doc);
        let declared_dominoes = match doc.get("domino").map(|e| &e.value.kind) {
            Some(Kind::Array(items)) => items.len(),
            _ => 0,
        };
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
        let registry = &self.registry;
        let module_params = self.module_params.get_or_insert_with(|| {
            registry
                .params_schemas()
                .into_iter()
                .map(|(name, schema)| (name.to_string(), schema))
                .collect()
        });
        let mut walker = Walker::new(schema);
        walker.module_params = Some(module_params);
        walker.resources = Some(registry.resource_names());
        let ok = walker.check(schema, &mut doc, &Path::default());
        let mut refused = Vec::new();
        let refused_keys = std::mem::take(&mut walker.refused_keys);
        let misplaced = std::mem::take(&mut walker.misplaced);
        for (span, msg) in walker.problems {
            refused.push(span.clone());
            self.diags.push(src.diag(span, msg));
        }
        let mut extra = Vec::new();
        control_characters(&doc, None, &mut extra);
        let ok = ok && extra.is_empty() && sealed_ok;
        for (span, msg) in extra {
            self.diags.push(src.diag(span, msg));
        }
        // A tie-break listed twice: an error at its place, in every list the file writes (one
        // that no player count uses too), though the file goes on to the later checks (nothing
        // else depends on it; the core's own check of the lists in effect is not reported
        // again: `resolve`).
        for (span, msg) in repeated_tie_breaks(&doc) {
            self.diags.push(src.diag(span, msg));
        }
        // Names with spaces around them: errors, though the file goes on to the later checks
        // (nothing else depends on them). Not in a save's embedded ruleset: a game saved before
        // this check still loads.
        if !self.sealed {
            let mut spaced = Vec::new();
            spaced_names(&doc, None, None, &mut spaced);
            for (span, msg) in spaced {
                self.diags.push(src.diag(span, msg));
            }
        }
        let value = doc.to_value();
        let index = self.files.len();
        self.files.push(File {
            src,
            source,
            doc,
            declared_terrains,
            declared_dominoes,
            refused,
            refused_keys,
            misplaced,
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
            let description = key == Some("description");
            let allowed = |c: char| description && matches!(c, '\n' | '\t');
            // A file written with Windows line ends has them in a multi-line description too:
            // read as new lines.
            let text = if description {
                std::borrow::Cow::Owned(text.replace("\r\n", "\n"))
            } else {
                std::borrow::Cow::Borrowed(text.as_str())
            };
            if let Some(c) = text
                .chars()
                .find(|&c| crownlands_core::text::is_unsafe_char(c) && !allowed(c))
            {
                out.push((
                    node.span.clone(),
                    format!(
                        "this text holds the control or invisible character U+{:04X}; the texts of a \
                         ruleset are plain (only a `description` may have new lines and tabs)",
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

/// Every `name` that is blank or has spaces at its start or end: `kingdomino ` would read as
/// `kingdomino` wherever it is shown. (A building's blank name is the components' to report,
/// with what to write instead.) `within` is the table of tables the node is in (`building`).
fn spaced_names(
    node: &Node,
    key: Option<&str>,
    within: Option<&str>,
    out: &mut Vec<(Span, String)>,
) {
    match &node.kind {
        Kind::Str(text) if key == Some("name") && text.trim() != text => {
            let blank = text.trim().is_empty();
            if blank && within == Some("building") {
                return;
            }
            let message = if blank {
                "a name is not blank: write a word".to_string()
            } else {
                format!(
                    "a name has no space at its start or end: write \"{}\"",
                    text.trim()
                )
            };
            out.push((node.span.clone(), message));
        }
        Kind::Array(items) => {
            for item in items {
                spaced_names(item, key, key, out);
            }
        }
        Kind::Table(entries) => {
            for e in entries {
                spaced_names(&e.value, Some(&e.key), within, out);
            }
        }
        _ => {}
    }
}

/// A tie-break (a game's, or a match's) listed twice in `[rules]` or a `[for-players.N]` table,
/// each at its second place: the list is an order, and a repeat is a mistake (it could never
/// decide anything). So is one counting what an earlier one counts the other way.
fn repeated_tie_breaks(doc: &Node) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for list in tie_break_lists(doc, "tie-breaks") {
        repeated_in(
            list,
            &mut out,
            TieBreak::parse,
            |i, name, opposed| match opposed {
                None => {
                    format!("tie-break `{name}` is listed twice: each decides a tie at most once")
                }
                Some((tie_break, earlier)) => RulesProblem::TieBreakOpposed {
                    index: i,
                    tie_break,
                    earlier,
                }
                .to_string(),
            },
        );
    }
    for list in tie_break_lists(doc, "match-tie-breaks") {
        repeated_in(
            list,
            &mut out,
            MatchTieBreak::parse,
            |i, name, opposed| match opposed {
                None => format!(
                    "match tie-break `{name}` is listed twice: each decides a tie at most once"
                ),
                Some((tie_break, earlier)) => RulesProblem::MatchTieBreakOpposed {
                    index: i,
                    tie_break,
                    earlier,
                }
                .to_string(),
            },
        );
    }
    out
}

/// The lists of `key` in `[rules]` and each `[for-players.N]` table.
fn tie_break_lists<'d>(doc: &'d Node, key: &str) -> Vec<&'d Node> {
    let mut lists: Vec<&Node> = Vec::new();
    if let Some(e) = doc.get("rules").and_then(|r| r.value.get(key)) {
        lists.push(&e.value);
    }
    if let Some(Kind::Table(counts)) = doc.get("for-players").map(|e| &e.value.kind) {
        for c in counts {
            if let Some(e) = c.value.get(key) {
                lists.push(&e.value);
            }
        }
    }
    lists
}

/// Something that opposes another of its kind: a game's tie-breaks, a match's.
trait Opposes: Copy {
    fn opposes(&self, other: &Self) -> bool;
}

impl Opposes for TieBreak {
    fn opposes(&self, other: &Self) -> bool {
        TieBreak::opposes(self, other)
    }
}

impl Opposes for MatchTieBreak {
    fn opposes(&self, other: &Self) -> bool {
        MatchTieBreak::opposes(self, other)
    }
}

/// Each entry of `list` written before it (a repeat, said by its text: `said(i, text, None)`)
/// or, read as `parse` reads it, opposing an earlier one (`said(i, text, Some((it,
/// earlier)))`), at its place.
fn repeated_in<T: Opposes>(
    list: &Node,
    out: &mut Vec<(Span, String)>,
    parse: fn(&str) -> Option<T>,
    said: impl Fn(usize, &str, Option<(T, T)>) -> String,
) {
    let Kind::Array(items) = &list.kind else {
        return;
    };
    for (i, item) in items.iter().enumerate() {
        let Kind::Str(name) = &item.kind else {
            continue;
        };
        let earlier = || {
            items[..i].iter().filter_map(|x| match &x.kind {
                Kind::Str(n) => Some(n.as_str()),
                _ => None,
            })
        };
        if earlier().any(|n| n == name) {
            out.push((item.span.clone(), said(i, name, None)));
        } else if let Some(tie_break) = parse(name)
            && let Some(earlier) = earlier().filter_map(parse).find(|t| t.opposes(&tie_break))
        {
            // `most-crowns` then `fewest-crowns`: in the core's words, at its place.
            out.push((item.span.clone(), said(i, name, Some((tie_break, earlier)))));
        }
    }
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

/// The `.toml` file beside the missing `path` whose name is closest to its name, if one is
/// close ([`crownlands_core::text::closest`]): `desert.toml` for `desret.toml`. Only the first
/// [`SIMILAR_FILES_READ`] names of the folder are looked at (a folder of a million files costs
/// no more).
fn similar_file(path: &std::path::Path) -> Option<std::path::PathBuf> {
    let name = path.file_name()?.to_str()?;
    let folder = match path.parent() {
        Some(p) if p.as_os_str().is_empty() => std::path::Path::new("."),
        Some(p) => p,
        None => return None,
    };
    let names: Vec<String> = std::fs::read_dir(folder)
        .ok()?
        .take(SIMILAR_FILES_READ)
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".toml") && !n.starts_with('.'))
        .collect();
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let close = crownlands_core::text::closest(name, &known)?;
    Some(path.with_file_name(close))
}

/// The most names of a folder [`similar_file`] reads.
const SIMILAR_FILES_READ: usize = 1024;

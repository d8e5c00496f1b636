//! Crownlands rulesets: TOML files turned into a validated [`crownlands_core::Ruleset`].
//!
//! A ruleset file names its component sets (terrains, dominoes, building tiles), its player counts and its
//! rules, and may extend another ruleset. Loading reports every problem it finds, each with file,
//! line and column ([`Diagnostics`]); a problem that is not at a place in a file (an unknown
//! ruleset name, an unreadable file) has line and column 0 and displays without them. The shipped
//! rulesets are embedded in the library, and diagnostics name their files `<shipped>/NAME.toml`.

mod components;
pub mod conformance;
mod diagnostic;
mod file_kind;
pub mod format;
pub mod kingdom_file;
mod load;
mod loader;
mod lookalike;
pub use lookalike::lookalike_note;
mod node;
mod print;
mod resolve;
mod schema;
mod source;
mod walk;

pub use diagnostic::{Diagnostic, Diagnostics, line_col};
pub use print::{to_toml, to_toml_over};
pub use resolve::counts_in_words;
pub use schema::{ruleset_schema, ruleset_schema_with, set_schema, set_schema_with};
pub use source::{OpenError, ReadFail, io_words, io_words_writing, open_regular, read_regular};

use components::{Block, Components};
use crownlands_core::{Registry, Ruleset};
use load::finish_diags;
use loader::{Loader, Parsed};
use source::Source;
use std::path::{Path, PathBuf};

/// A ruleset shipped with the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShippedRuleset {
    /// The name `load` accepts.
    pub name: String,
    pub description: String,
}

/// What [`validate_path`] found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validated {
    /// A ruleset file, fully loaded.
    Ruleset(Box<Ruleset>),
    /// A component set file, checked on its own.
    ComponentSet {
        terrains: usize,
        dominoes: usize,
        crowns: u32,
        squares: u32,
        /// Building tiles (Queendomino).
        buildings: usize,
        /// Rows of each component table a module plays, by table.
        rows: Vec<(String, usize)>,
    },
}

/// Load a ruleset: a shipped ruleset's name ([`is_shipped_name`]), else an existing file's path.
pub fn load(registry: &Registry, name_or_path: &str) -> Result<Ruleset, Diagnostics> {
    load::load_source(registry, resolve(registry, name_or_path)?, None)
}

/// [`load`], with the ruleset's warnings (rules that can never work as written, though it loads:
/// what `crownlands validate` warns of), from one reading of its files.
pub fn load_with_warnings(
    registry: &Registry,
    name_or_path: &str,
) -> Result<(Ruleset, Vec<Diagnostic>), Diagnostics> {
    let (ruleset, warnings) =
        load::load_source_with_warnings(registry, resolve(registry, name_or_path)?, None);
    Ok((ruleset?, warnings))
}

/// [`load`], with the rules a player count the files do not list would get (every file's
/// `[rules]`, no `[for-players.N]`): what `crownlands show` writes under `[rules]`
/// ([`to_toml_over`]; always there once the ruleset loads).
pub fn load_with_base(
    registry: &Registry,
    name_or_path: &str,
) -> Result<(Ruleset, Option<crownlands_core::Rules>), Diagnostics> {
    let (ruleset, base) = load::load_source_with_base(registry, resolve(registry, name_or_path)?);
    Ok((ruleset?, base))
}

/// Where [`load`] reads `name_or_path` from: a ruleset's name, else an existing regular file;
/// anything else is the error `load` reports.
fn resolve(registry: &Registry, name_or_path: &str) -> Result<Source, Diagnostics> {
    if is_ruleset_name(registry, name_or_path) {
        return Ok(named_source(registry, name_or_path));
    }
    let path = Path::new(name_or_path);
    if path.is_file() {
        return Ok(Source::Fs(path.to_path_buf()));
    }
    let shown = crownlands_core::text::excerpt(name_or_path);
    if path.exists() {
        // A folder, a device or a FIFO (read as it is, a FIFO would wait forever).
        return Err(Diagnostics(vec![Diagnostic::unplaced(
            "",
            format!("`{shown}` is not a regular file: a ruleset is read from a regular file"),
        )]));
    }
    if name_or_path.trim().is_empty() {
        return Err(Diagnostics(vec![Diagnostic::unplaced(
            "",
            "the ruleset's name is empty: give a shipped ruleset's name (`crownlands rulesets` \
             lists them) or a ruleset file",
        )]));
    }
    // A path (a folder in it, a trailing `/`, or `.toml` in any case) can only be a file: said
    // as a file's error, without the shipped names.
    let toml = name_or_path
        .rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("toml"));
    if !source::is_plain_name(name_or_path)
        || path.components().count() > 1
        || name_or_path.ends_with(std::path::is_separator)
        || toml
    {
        return Err(Diagnostics(vec![Diagnostic::unplaced(
            "",
            format!(
                "cannot read `{shown}`: there is no such file{}",
                source::toml_beside(path)
            ),
        )]));
    }
    let names = ruleset_names(registry);
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut msg = format!("no file and no shipped ruleset named `{shown}`");
    // A file of that name with `.toml` after it (`harmony10` for `harmony10.toml`): the file
    // is meant, before a shipped name that looks like it.
    let with_toml = format!("{name_or_path}.toml");
    if source::is_plain_name(name_or_path) && Path::new(&with_toml).is_file() {
        let file = crownlands_core::text::excerpt(&with_toml);
        msg.push_str(&format!(" (did you mean the file `{file}`?)"));
    } else {
        msg.push_str(&lookalike::meant_note(name_or_path, &names));
    }
    msg.push_str(&format!("; shipped rulesets: {}", known.join(", ")));
    // Not a place in any file: the message names what was asked for.
    Err(Diagnostics(vec![Diagnostic::unplaced("", msg)]))
}

/// Whether `name` names a shipped ruleset: a plain name (no folder, no `.toml`) of one. Such a
/// name is the shipped ruleset wherever it is given, as inside a ruleset's `extends`: a file of
/// that name in the working folder (a friend's folder of house rules) does not stand in for it;
/// `./kingdomino` names the file.
pub fn is_shipped_name(name: &str) -> bool {
    source::is_plain_name(name)
        && !name.ends_with(".toml")
        && source::embedded(&format!("{name}.toml")).is_some()
}

/// Whether `name` names a ruleset by name alone: a shipped one ([`is_shipped_name`]) or one
/// `registry` ships with its modules ([`Registry::add_ruleset`]).
pub fn is_ruleset_name(registry: &Registry, name: &str) -> bool {
    is_shipped_name(name) || registered(registry, name).is_some()
}

/// The ruleset `registry` ships under `name` (a crate's own; a shipped name stays shipped).
fn registered(registry: &Registry, name: &str) -> Option<Source> {
    if is_shipped_name(name) {
        return None;
    }
    let (name, text) = registry.ruleset(name)?;
    Some(Source::Registered { name, text })
}

/// The source a ruleset's name stands for: one `registry` ships, else the shipped one.
pub(crate) fn named_source(registry: &Registry, name: &str) -> Source {
    registered(registry, name).unwrap_or_else(|| Source::shipped(name))
}

/// Load a ruleset file from disk.
pub fn load_path(registry: &Registry, path: &Path) -> Result<Ruleset, Diagnostics> {
    load::load_source(registry, Source::Fs(path.to_path_buf()), None)
}

/// [`load_path`], with the ruleset's warnings ([`load_with_warnings`]).
pub fn load_path_with_warnings(
    registry: &Registry,
    path: &Path,
) -> Result<(Ruleset, Vec<Diagnostic>), Diagnostics> {
    let (ruleset, warnings) =
        load::load_source_with_warnings(registry, Source::Fs(path.to_path_buf()), None);
    Ok((ruleset?, warnings))
}

/// The files on disk a ruleset named by `name_or_path` (as [`load`] takes it) is read from: the
/// file, what it `extends`, its `sets` and `add-sets`; none for a shipped name. Commands that
/// write files check against these so that no output replaces a file the run reads.
pub fn files_read(registry: &Registry, name_or_path: &str) -> Vec<PathBuf> {
    let path = Path::new(name_or_path);
    if !is_ruleset_name(registry, name_or_path) && path.is_file() {
        load::files_read(registry, Source::Fs(path.to_path_buf()))
    } else {
        Vec::new()
    }
}

/// Load a shipped ruleset by name (or one `registry` ships: [`Registry::add_ruleset`]).
pub fn load_shipped(registry: &Registry, name: &str) -> Result<Ruleset, Diagnostics> {
    load::load_source(registry, named_source(registry, name), None)
}

/// Load a ruleset from text, as if it were the file `path` (which names it in diagnostics and
/// anchors its relative paths; the file itself need not exist).
pub fn load_str(registry: &Registry, text: &str, path: &Path) -> Result<Ruleset, Diagnostics> {
    load_str_with_warnings(registry, text, path).map(|(ruleset, _)| ruleset)
}

/// [`load_str`], with the ruleset's warnings ([`load_with_warnings`]).
pub fn load_str_with_warnings(
    registry: &Registry,
    text: &str,
    path: &Path,
) -> Result<(Ruleset, Vec<Diagnostic>), Diagnostics> {
    let source = Source::Fs(path.to_path_buf());
    let src = diagnostic::SourceText::new(source.display(), text);
    if text.len() > node::MAX_FILE_BYTES {
        return Err(Diagnostics::one(
            &src.name,
            0,
            0,
            format!(
                "the file is {} bytes; at most {} are supported",
                text.len(),
                node::MAX_FILE_BYTES
            ),
        ));
    }
    let (ruleset, warnings) = load::load_source_with_warnings(registry, source, Some(src));
    Ok((ruleset?, warnings))
}

/// Load a ruleset embedded in another file (a save, a notation file) from its text; `name` names
/// it in diagnostics. The ruleset must be self-contained, as [`to_toml`] writes it: `extends`,
/// `sets` and `add-sets` are refused however they are spelt (the check is on the parsed
/// document), and the loader has no file system at all, so nothing in the text can make it open
/// a file. The same size limit as for ruleset files applies.
pub fn load_embedded(registry: &Registry, text: &str, name: &str) -> Result<Ruleset, Diagnostics> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > node::MAX_FILE_BYTES {
        return Err(Diagnostics::one(
            name,
            0,
            0,
            format!(
                "the ruleset is {} bytes; at most {} are supported",
                text.len(),
                node::MAX_FILE_BYTES
            ),
        ));
    }
    load::load_sealed(registry, diagnostic::SourceText::new(name, text))
}

/// What [`check_path`] found: the file's problems or contents, and its warnings (rules that can
/// never work, though the file loads: a deck that can never fill the grid, a module that can
/// never act, a tie-break that can never decide).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub result: Result<Validated, Diagnostics>,
    pub warnings: Vec<Diagnostic>,
}

/// Check a ruleset file, or a component set file on its own (its dominoes may name only the
/// terrains it declares).
pub fn validate_path(registry: &Registry, path: &Path) -> Result<Validated, Diagnostics> {
    check_path(registry, path).result
}

/// [`validate_path`], with the warnings.
pub fn check_path(registry: &Registry, path: &Path) -> Checked {
    let source = Source::Fs(path.to_path_buf());
    let src = match source.read_from(|_| Ok(())) {
        Ok(src) => src,
        Err(source::ReadError::Missing(msg)) => {
            // The message names the file; there is no position in it.
            let msg = format!("{msg}{}", source::toml_beside(path));
            return Checked {
                result: Err(Diagnostics(vec![Diagnostic::unplaced("", msg)])),
                warnings: Vec::new(),
            };
        }
        Err(source::ReadError::Bad(d)) => {
            return Checked {
                result: Err(Diagnostics(vec![d])),
                warnings: Vec::new(),
            };
        }
    };
    validate_text(registry, source, src)
}

/// The warnings of a ruleset (a file's path or a shipped name); empty when it does not load.
pub fn warnings(registry: &Registry, name_or_path: &str) -> Vec<Diagnostic> {
    let path = Path::new(name_or_path);
    let source = if !is_ruleset_name(registry, name_or_path) && path.is_file() {
        Source::Fs(path.to_path_buf())
    } else {
        named_source(registry, name_or_path)
    };
    load::load_source_with_warnings(registry, source, None).1
}

fn validate_text(registry: &Registry, source: Source, src: diagnostic::SourceText) -> Checked {
    let is_set = match node::parse(&src) {
        Ok(doc) => doc.is_set_file(),
        Err(ds) => {
            return Checked {
                result: Err(Diagnostics(ds)),
                warnings: Vec::new(),
            };
        }
    };
    if !is_set {
        let (result, warnings) = load::load_source_with_warnings(registry, source, Some(src));
        return Checked {
            result: result.map(|r| Validated::Ruleset(Box::new(r))),
            warnings,
        };
    }
    let mut loader = Loader::new(registry);
    let result = match loader.open_text(source, src) {
        Some((idx, Parsed::Set(sf))) => {
            let block = Block::of_set(&loader, idx, *sf);
            let c = Components::build(&mut loader, std::slice::from_ref(&block), false, false);
            Some(Validated::ComponentSet {
                terrains: c.terrains.len(),
                dominoes: c.dominoes.len(),
                crowns: c.dominoes.iter().map(|d| d.crowns()).sum(),
                squares: 2 * c.dominoes.len() as u32,
                buildings: c.buildings.len(),
                rows: c
                    .tables
                    .iter()
                    .map(|(key, rows)| (key.clone(), rows.len()))
                    .collect(),
            })
        }
        _ => None,
    };
    Checked {
        result: finish_diags(loader.diags, result),
        warnings: Vec::new(),
    }
}

/// Check text as if it were the file at `path` (a ruleset or a component set).
pub fn validate_str(
    registry: &Registry,
    text: &str,
    path: &Path,
) -> Result<Validated, Diagnostics> {
    check_str(registry, text, path).result
}

/// [`validate_str`], with the warnings.
pub fn check_str(registry: &Registry, text: &str, path: &Path) -> Checked {
    let source = Source::Fs(path.to_path_buf());
    let src = diagnostic::SourceText::new(source.display(), text);
    validate_text(registry, source, src)
}

/// The names of the shipped rulesets (not component sets), sorted, without loading them.
pub fn shipped_names() -> Vec<String> {
    source::shipped_names()
}

/// The names a ruleset may be given by with `registry`: the shipped rulesets and those the
/// registry ships ([`Registry::add_ruleset`]), sorted, each once.
pub fn ruleset_names(registry: &Registry) -> Vec<String> {
    let mut names = shipped_names();
    names.extend(registry.ruleset_names().into_iter().map(str::to_string));
    names.sort();
    names.dedup();
    names
}

/// The names of the shipped component sets (`kingdomino`, `queendomino`, ...), sorted: what a
/// bare name in `sets` or `add-sets` may name.
pub fn shipped_set_names() -> Vec<String> {
    source::shipped_set_names()
}

/// The shipped component sets, sorted by name, with their descriptions.
pub fn shipped_sets() -> Vec<ShippedRuleset> {
    shipped_set_names()
        .into_iter()
        .map(|name| {
            let description = source::embedded(&format!("sets/{name}.toml"))
                .and_then(|text| text.parse::<toml::Table>().ok())
                .and_then(|t| {
                    t.get("set")?
                        .get("description")?
                        .as_str()
                        .map(str::to_string)
                })
                .unwrap_or_default();
            ShippedRuleset { name, description }
        })
        .collect()
}

/// The shipped rulesets, sorted by name (loaded with the shipped modules).
pub fn shipped() -> Vec<ShippedRuleset> {
    rulesets(Registry::shipped_ref())
}

/// The rulesets known by name with `registry` ([`ruleset_names`]), sorted, with their
/// descriptions (each loaded with the registry's modules).
pub fn rulesets(registry: &Registry) -> Vec<ShippedRuleset> {
    ruleset_names(registry)
        .into_iter()
        .map(|name| {
            // A crate's own ruleset is not checked as Crownlands is built: one that does not
            // load says so in the list (`validate NAME` gives its problems).
            let description = load_shipped(registry, &name).map_or_else(
                |_| format!("(does not load: `validate {name}` says why)"),
                |r| r.description().to_string(),
            );
            ShippedRuleset { name, description }
        })
        .collect()
}

/// The text of a shipped file, by its path relative to `rulesets/` (e.g. `sets/kingdomino.toml`).
pub fn shipped_file(rel: &str) -> Option<&'static str> {
    source::embedded(rel)
}

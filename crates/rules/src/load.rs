//! Loading a ruleset: follow `extends`, read the component sets, check every file and gather
//! every problem with its place.

use crate::components::{Block, Components};
use crate::diagnostic::SourceText;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::format::RulesetFile;
use crate::loader::{Loader, Loc, Parsed};
use crate::node::Seg;
use crate::resolve;
use crate::source::{self, Source};
use crownlands_core::modules::Param;
use crownlands_core::{Registry, Ruleset};
use std::collections::HashSet;

/// How deep `extends` may nest.
const MAX_EXTENDS_DEPTH: usize = 32;
/// How many component sets one ruleset may use.
const MAX_SETS: usize = 64;
/// The most values the module parameters of a ruleset and the files it extends may hold (each
/// number, word, list item and table entry one; the shipped rulesets hold a few dozen, a list of
/// sixteen goals about a hundred). Every player count gets its own copy of them while the
/// ruleset is checked, so a file's few hundred kilobytes of parameters could otherwise take
/// gigabytes.
/// (2,048: the messages say it so.)
pub(crate) const MAX_PARAM_VALUES: usize = 2048;

/// How many values a parameter holds, for [`MAX_PARAM_VALUES`].
fn param_values(p: &Param) -> usize {
    match p {
        Param::Ints(v) => 1 + v.len(),
        Param::List(v) => 1 + v.iter().map(param_values).sum::<usize>(),
        Param::Table(t) => 1 + t.values().map(param_values).sum::<usize>(),
        _ => 1,
    }
}

/// The module tables of a ruleset file with how many values each holds, each with the path of
/// its header (`rules.module.goals`, `for-players.2.module.dragon`).
fn module_tables(rf: &RulesetFile) -> Vec<(Vec<Seg<'_>>, usize)> {
    let patches = rf.rules.iter().map(|r| (vec![Seg::Key("rules")], r)).chain(
        rf.for_players
            .iter()
            .map(|(k, r)| (vec![Seg::Key("for-players"), Seg::Key(k.as_str())], r)),
    );
    let mut out = Vec::new();
    for (base, patch) in patches {
        for (name, params) in patch.module.iter().flatten() {
            let mut at = base.clone();
            at.extend([Seg::Key("module"), Seg::Key(name.as_str())]);
            out.push((at, params.values().map(param_values).sum::<usize>() + 1));
        }
    }
    out
}

impl Loader {
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
        let mut param_count = 0usize;
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
                    // The chain from the file asked for, its middle cut: where this link is.
                    let names: Vec<&str> = seen.iter().map(|(_, d)| d.as_str()).collect();
                    let chain = match names.as_slice() {
                        [first, second, .., before, last] => format!(
                            "{first} -> {second} -> ... ({} more) -> {before} -> {last} -> {}",
                            names.len() - 4,
                            current.display()
                        ),
                        _ => format!("{} -> {}", names.join(" -> "), current.display()),
                    };
                    self.err(
                        loc,
                        format!(
                            "`extends` nests more than {MAX_EXTENDS_DEPTH} files deep: {chain}"
                        ),
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
                            self.err(
                                &loc,
                                "`extends` names a component set file, not a ruleset: name the set in `add-sets` (its dominoes joining those of the ruleset extended), or in `sets` (instead of them)",
                            );
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
            for (at, n) in module_tables(&rf) {
                param_count += n;
                if param_count > MAX_PARAM_VALUES {
                    let loc = self.loc(idx, &at);
                    self.err(
                        &loc,
                        "with this table the module parameters pass 2,048 values (each number, \
                         word, list item and table entry counts one, in this file and those it \
                         extends): a ruleset's parameters this large are not supported",
                    );
                    return None;
                }
            }
            let extends = rf.extends.clone();
            chain.push((idx, rf));
            let Some(ext) = extends else { break };
            let loc = self.loc(idx, &[Seg::Key("extends")]);
            current = if source::is_path(&ext) {
                let source = self.files[idx].source.join(&ext);
                let within = self.within_root(&source).is_ok();
                if within {
                    self.warn_if_absolute(idx, &ext, &loc);
                }
                // `kingdomino.toml` where no such file is: the shipped ruleset is named alone.
                // (Only inside the folder: outside it, whether a file is there is not looked
                // at, nor said; reading it is refused as outside.)
                // A file whose name only looks like a shipped ruleset's (`kingdоmino.toml`, a
                // Cyrillic `о`): the file is read, and said not to be that ruleset.
                if within
                    && let Source::Fs(path) = &source
                    && path.is_file()
                {
                    let stem = source.stem();
                    let names = crate::ruleset_names(&self.registry);
                    if let Some(shipped) = crate::lookalike::looks_like(&stem, &names) {
                        self.warn(
                            &loc,
                            format!(
                                "`extends` names the file `{}`, whose name looks like the shipped \
                                 ruleset `{shipped}` on a screen{}: it extends that file, not the \
                                 shipped ruleset (which is named alone: extends = \"{shipped}\")",
                                crownlands_core::text::escape_controls(&ext),
                                crate::lookalike::lookalike_note(&stem)
                            ),
                        );
                    }
                }
                if within
                    && let Source::Fs(path) = &source
                    && !path.exists()
                {
                    let stem = source.stem();
                    if crate::is_ruleset_name(&self.registry, &stem) {
                        self.err(
                            &loc,
                            format!(
                                "no file `{}`; the shipped ruleset `{stem}` is written by its name alone: extends = \"{stem}\"",
                                path.display()
                            ),
                        );
                        return None;
                    }
                }
                source
            } else if crate::is_ruleset_name(&self.registry, &ext) {
                crate::named_source(&self.registry, &ext)
            } else {
                // A shipped component set's name: said as such, with where sets go.
                if crate::shipped_set_names().contains(&ext) {
                    self.err(
                        &loc,
                        format!(
                            "`{ext}` is a shipped component set, not a ruleset: name it in `add-sets` (its components joining those of the ruleset extended), or in `sets` (instead of them), and extend a ruleset"
                        ),
                    );
                    return None;
                }
                let names = crate::ruleset_names(&self.registry);
                let known: Vec<&str> = names.iter().map(String::as_str).collect();
                let mut msg = format!("no shipped ruleset named `{ext}`");
                let meant = crate::lookalike::meant_note(&ext, &names);
                msg.push_str(&meant);
                let beside = self.file_beside(idx, &ext);
                if let Some(hint) = &beside {
                    msg.push_str(hint);
                }
                msg.push_str(&format!(
                    "; shipped rulesets: {}; a path to a file must contain `/` or end in `.toml`",
                    known.join(", ")
                ));
                if meant.is_empty() && beside.is_none() && source::is_plain_name(&ext) {
                    // Not a misspelling: a file of one's own (a copy of a worked example) named
                    // without its path, or a ruleset a house module's crate ships.
                    msg.push_str(&format!(
                        " (a file of your own, such as a copy of an example of docs/house-rules/, \
                         is named by its path: extends = \"./{ext}.toml\"; a ruleset shipped \
                         with a house module written in Rust is known only to the binary its own \
                         crate builds)"
                    ));
                }
                self.err(&loc, msg);
                return None;
            };
            named_at = Some(loc);
        }
        chain.reverse();
        self.finish(chain)
    }

    /// ` (the file `NAME.toml` is beside this one: write "NAME.toml")` when a bare name that is
    /// no shipped one has a file of that name next to file `idx` (within the folder allowed).
    fn file_beside(&self, idx: usize, name: &str) -> Option<String> {
        self.file_at(idx, name, "")
    }

    /// [`Loader::file_beside`] for `NAME.toml` in the folder `folder` (`sets/`) beside file
    /// `idx`: ` (the file `sets/NAME.toml` is beside this one: write "sets/NAME.toml")`.
    fn file_at(&self, idx: usize, name: &str, folder: &str) -> Option<String> {
        if !source::is_plain_name(name) {
            return None;
        }
        let file = format!("{folder}{name}.toml");
        let source = self.files.get(idx)?.source.join(&file);
        match &source {
            Source::Fs(path) if path.is_file() && self.within_root(&source).is_ok() => {
                Some(if folder.is_empty() {
                    format!(" (the file `{file}` is beside this one: write \"{file}\")")
                } else {
                    format!(" (this file's folder holds `{file}`: write \"{file}\")")
                })
            }
            _ => None,
        }
    }

    /// Where an entry of `sets` or `add-sets` in file `idx` points: a bare name (no `/`, not
    /// ending in `.toml`) is a shipped set; anything else a path relative to the file. `None`
    /// (reported) when a name matches no shipped set, or a path is missing but names one.
    fn set_source(&mut self, idx: usize, entry: &str, loc: &Loc) -> Option<Source> {
        let names = source::shipped_set_names();
        let known: Vec<&str> = names.iter().map(String::as_str).collect();
        if !source::is_path(entry) {
            if source::is_plain_name(entry) && known.contains(&entry) {
                return Some(Source::Embedded(format!("sets/{entry}.toml")));
            }
            let mut msg = format!("no shipped component set named `{entry}`");
            msg.push_str(&crate::lookalike::meant_note(entry, &names));
            // A set file of that name beside the ruleset, or in its `sets/` folder.
            if let Some(hint) = self
                .file_beside(idx, entry)
                .or_else(|| self.file_at(idx, entry, "sets/"))
            {
                msg.push_str(&hint);
            }
            msg.push_str(&format!(
                "; shipped sets: {}; a path to a file must contain `/` or end in `.toml`",
                known.join(", ")
            ));
            self.err(loc, msg);
            return None;
        }
        let source = self.files[idx].source.join(entry);
        if let Err(msg) = self.within_root(&source) {
            self.err(loc, msg);
            return None;
        }
        self.warn_if_absolute(idx, entry, loc);
        // A set file whose name only looks like a shipped set's (a Cyrillic `о`): said, as for
        // `extends`.
        if let Source::Fs(path) = &source
            && path.is_file()
            && let Some(shipped) = crate::lookalike::looks_like(&source.stem(), &names)
        {
            let msg = format!(
                "`{}` is a file whose name looks like the shipped component set `{shipped}` on a \
                 screen{}: it reads that file, not the shipped set (which is named alone: \
                 \"{shipped}\")",
                crownlands_core::text::escape_controls(entry),
                crate::lookalike::lookalike_note(&source.stem())
            );
            self.warn(loc, msg);
        }
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
            // `desert.toml` where the file is in the `sets/` folder beside the ruleset.
            if let Some(hint) = entry
                .strip_suffix(".toml")
                .and_then(|name| self.file_at(idx, name, "sets/"))
            {
                self.err(
                    loc,
                    format!(
                        "cannot read `{}`: there is no such file{hint}",
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
        // A set named but not read (a name or path refused, a file missing or with problems),
        // or a key that changes the deck written in a table of the rules, where it is not read
        // (reported there): the deck is not the one the files describe, so its size is not
        // judged, as for a domino thrown out (a deck of 48 "not dividing into lines of 5" when
        // the set the file names would make it 60), nor are the terrains its dominoes name.
        let mut deck_partial = chain.iter().any(|(idx, _)| {
            ["extends", "sets", "add-sets", "remove-dominoes"]
                .iter()
                .any(|key| self.misplaced(*idx, key))
        });
        for (idx, rf) in &chain {
            // An entry a file lists again is the same set, read once (below): looked up once
            // too, so that a file repeating one path 190,000 times is not 190,000 trips to the
            // file system.
            // Past one more than the sets supported, the rest are not looked up either: the
            // count is refused below (200,000 different paths were as many trips).
            let mut seen: HashSet<&str> = HashSet::new();
            if let Some(list) = &rf.sets {
                sets.clear();
                for (i, s) in list.iter().enumerate() {
                    if seen.len() > MAX_SETS {
                        break;
                    }
                    if !seen.insert(s.as_str()) {
                        continue;
                    }
                    let loc = self.loc(*idx, &[Seg::Key("sets"), Seg::Index(i)]);
                    match self.set_source(*idx, s, &loc) {
                        Some(source) => sets.push((source, loc)),
                        None => deck_partial = true,
                    }
                }
            }
            for (i, s) in rf.add_sets.iter().enumerate() {
                if seen.len() > MAX_SETS {
                    break;
                }
                if !seen.insert(s.as_str()) {
                    continue;
                }
                let loc = self.loc(*idx, &[Seg::Key("add-sets"), Seg::Index(i)]);
                match self.set_source(*idx, s, &loc) {
                    Some(source) => sets.push((source, loc)),
                    None => deck_partial = true,
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
                deck_partial = true;
                break;
            }
            keys.push(key);
            match self.open(source.clone(), Some(&loc)) {
                Some((idx, Parsed::Set(sf))) => blocks.push(Block::of_set(self, idx, *sf)),
                Some((_, Parsed::Ruleset(_))) => {
                    self.err(
                        &loc,
                        format!(
                            "`{}` is not a component set file (it has no [set] table)",
                            source.display()
                        ),
                    );
                    deck_partial = true;
                }
                None => deck_partial = true,
            }
        }
        // `box` names the box this file's own dominoes join: in a file of the user's with none
        // (a misspelt box over Royal Wedding, say), it changes nothing.
        let leaf = chain.last().map(|(i, _)| *i);
        for (idx, rf) in &chain {
            if rf.box_name.is_some()
                && rf.domino.is_empty()
                && self.is_authors(*idx, leaf)
                && !self.sealed
            {
                let loc = self.loc(*idx, &[Seg::Key("box")]);
                self.warn(
                    &loc,
                    "`box` names the box this file's own dominoes (`[[domino]]`) join, and the \
                     file has none: it changes nothing",
                );
            }
        }
        for (idx, rf) in &chain {
            if rf.terrain.is_empty()
                && rf.domino.is_empty()
                && rf.building.is_empty()
                && rf.component.is_empty()
                && rf.remove_dominoes.is_empty()
                && rf.remove_buildings.is_empty()
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
            let default_box_at = rf
                .box_name
                .is_some()
                .then(|| self.loc(*idx, &[Seg::Key("box")]));
            let default_box = match (&rf.box_name, boxes.as_slice()) {
                (Some(b), _) => b.clone(),
                (None, [only]) => only.clone(),
                (None, []) => match &rf.name {
                    Some(name) => name.clone(),
                    None => self.stem_name(*idx),
                },
                (None, several) => {
                    // (A `box` written where it is not read is reported there.)
                    let box_misplaced = self.misplaced(*idx, "box");
                    for (i, d) in rf.domino.iter().enumerate() {
                        if d.box_name.is_none() && !box_misplaced {
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
            let building_removals = rf
                .remove_buildings
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let loc = self.loc(*idx, &[Seg::Key("remove-buildings"), Seg::Index(i)]);
                    (n, loc)
                })
                .collect();
            blocks.push(Block {
                file: *idx,
                terrains: rf.terrain.clone(),
                dominoes: rf.domino.clone(),
                buildings: rf.building.clone(),
                tables: rf.component.clone(),
                default_box,
                default_box_at,
                removals,
                building_removals,
                recolours: true,
            });
        }
        let mut components = Components::build(self, &blocks, true, deck_partial);
        components.dominoes_complete &= !deck_partial;
        resolve::resolve(self, &chain, components)
    }
}

/// Load from a source, reporting every problem.
pub(crate) fn load_source(
    registry: &Registry,
    source: Source,
    text: Option<SourceText>,
) -> Result<Ruleset, Diagnostics> {
    load_source_with_warnings(registry, source, text).0
}

/// Load from a source, reporting every problem, and the warnings of a ruleset that loads.
pub(crate) fn load_source_with_warnings(
    registry: &Registry,
    source: Source,
    text: Option<SourceText>,
) -> (Result<Ruleset, Diagnostics>, Vec<Diagnostic>) {
    let (ruleset, warnings, _) = load_source_with_all(registry, source, text);
    (ruleset, warnings)
}

/// Load from a source: the ruleset (every problem), its warnings, and the rules of a count no
/// file lists.
fn load_source_with_all(
    registry: &Registry,
    source: Source,
    text: Option<SourceText>,
) -> (
    Result<Ruleset, Diagnostics>,
    Vec<Diagnostic>,
    Option<crownlands_core::Rules>,
) {
    let mut loader = Loader::new(registry);
    let ruleset = loader.load_ruleset(source, text);
    let mut warnings = std::mem::take(&mut loader.warnings);
    warnings.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
    let base = loader.base.take();
    (finish_diags(loader.diags, ruleset), warnings, base)
}

/// Load from a source, reporting every problem, with the rules of a count no file lists.
pub(crate) fn load_source_with_base(
    registry: &Registry,
    source: Source,
) -> (Result<Ruleset, Diagnostics>, Option<crownlands_core::Rules>) {
    let (ruleset, _, base) = load_source_with_all(registry, source, None);
    (ruleset, base)
}

/// The files on disk that loading `source` reads (the file itself, what it `extends`, its `sets`
/// and `add-sets`), whether it loads or not.
pub(crate) fn files_read(registry: &Registry, source: Source) -> Vec<std::path::PathBuf> {
    let mut loader = Loader::new(registry);
    let _ = loader.load_ruleset(source, None);
    loader
        .files
        .iter()
        .filter_map(|f| match &f.source {
            Source::Fs(p) => Some(p.clone()),
            _ => None,
        })
        .collect()
}

/// Load a ruleset embedded in another file, with no file system (see [`Loader::sealed`]).
pub(crate) fn load_sealed(registry: &Registry, text: SourceText) -> Result<Ruleset, Diagnostics> {
    let mut loader = Loader {
        sealed: true,
        ..Loader::new(registry)
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

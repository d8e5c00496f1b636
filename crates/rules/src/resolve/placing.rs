//! Problems put at their places in the files: each problem the core found at the key that set
//! its field, a module's parameter at its element, a shipped file's value blamed on the user's.

use super::{
    CountProblem, CountRules, PlayerList, embedded, replaced_list_words, set_in, with_counts,
};
use crate::format::{DeckSize, RulesetFile};
use crate::loader::{Loader, Loc};
use crate::node::Seg;
use crownlands_core::modules::ModuleError;
use crownlands_core::{Problem, Problems, RulesField, RulesProblem, RulesetParts};

/// Parameters of a module that is not on: an error, unless they were all inherited from files
/// before the one that set `modules` (a house rule switching a module off), or the module is on
/// at another player count (`on_somewhere`: the parameters are for those counts) and they were
/// not written for this count alone (`[for-players.N.module.NAME]`).
pub(super) fn parameters_without_module(
    chain: &[(usize, RulesetFile)],
    count: &CountRules,
    on_somewhere: &std::collections::BTreeSet<&str>,
    registered: &[&str],
) -> Vec<CountProblem> {
    let eff = &count.eff;
    let depth = |file: usize| chain.iter().position(|(i, _)| *i == file);
    let modules_depth = eff.modules.origin.as_ref().and_then(|l| depth(l.file));
    let mut out = Vec::new();
    for (name, params) in &eff.module_params {
        let table = eff.module_tables.get(name);
        // Written before the list that leaves the module out (a ruleset extending Queendomino
        // without its Dragon keeps the Dragon's parameters): not this file's mistake. An empty
        // table, or one written after the list, is.
        let inherited = modules_depth.is_some_and(|md| {
            let before = |o: Option<&Loc>| o.and_then(|o| depth(o.file)).is_some_and(|d| d < md);
            before(table) && params.values().all(|f| before(f.origin.as_ref()))
        });
        // (With `modules` refused, a module's table is not held against a list no one knows,
        // unless no module has that name: a misspelt table is said all the same.)
        let unknowable = eff.modules_refused && registered.contains(&name.as_str());
        if !eff.modules.value.contains(name)
            && !inherited
            && !unknowable
            && (!on_somewhere.contains(name.as_str()) || eff.count_module_tables.contains(name))
        {
            // The table's name in its header (`[rules.module.dragon]`) when the last file to
            // write the module's parameters wrote that header, else a parameter of that file
            // (a dotted key, or a table inherited from a file before it).
            let param = params
                .values()
                .filter_map(|f| f.origin.as_ref())
                .max_by_key(|o| depth(o.file));
            let header = table.filter(|t| {
                param.is_none_or(|p| depth(t.file).is_some() && depth(t.file) >= depth(p.file))
            });
            let loc = header
                .or(param)
                .cloned()
                .unwrap_or_else(|| count.fallback.clone());
            out.push(CountProblem {
                loc,
                message: {
                    let listed: Vec<&str> = eff.modules.value.iter().map(String::as_str).collect();
                    let mut m =
                        format!("parameters for module `{name}`, which is not in `modules`");
                    let close = crate::walk::closest(name, &listed);
                    if let Some(close) = close
                        && registered.contains(&name.as_str())
                        && !registered.contains(&close)
                    {
                        // The list is what is misspelt, not this table (`modules =
                        // ["terrain-multiplier"]` beside `[rules.module.terrain-multipliers]`).
                        m.push_str(&format!(
                            ": `modules` lists `{close}`, which is no module: did you mean `{name}` there?"
                        ));
                    } else if let Some(close) = close {
                        m.push_str(&format!(" (did you mean `{close}`?)"));
                    } else if registered.contains(&name.as_str()) {
                        // A module of the binary's, left out of this list (a house rule taking
                        // the Dragon out, and its table left behind).
                        m.push_str(": add it to `modules`, or remove the table");
                    } else if let Some(close) = crate::walk::closest(name, registered) {
                        // A misspelt module the list does not have either.
                        m.push_str(&format!(
                            " (did you mean `{close}`? It is not in `modules` either)"
                        ));
                    }
                    m
                },
                players: count.players,
                keyed: false,
            });
        }
    }
    out
}

/// What the problems found so far leave sound, for [`place_core_problems`].
#[derive(Clone, Copy)]
pub(super) struct Soundness {
    /// No problem in the files at all.
    pub(super) files: bool,
    /// Every domino declared is in the deck (and every component set named was read).
    pub(super) dominoes: bool,
    /// The file's `sets` leaves out a set the files it extends had.
    pub(super) sets_dropped: bool,
}

/// Put each problem `Ruleset::new` found at the place in the files that set its field. A
/// problem that needs sound components (a module set up on them, a box dealing its share, the
/// components themselves) is left out when the files had problems already: it may only follow
/// from a component thrown out; one of the deck's size, when a domino was thrown out (a
/// misspelt terrain): the deck was one short of what the file says.
#[allow(clippy::too_many_arguments)]
pub(super) fn place_core_problems(
    loader: &mut Loader,
    found: &Problems,
    counts: &[CountRules],
    parts: &RulesetParts,
    players: &PlayerList,
    leaf_idx: usize,
    sound: Soundness,
    replaced_modules: Option<&[String]>,
    problems: &mut Vec<CountProblem>,
) {
    let files_sound = sound.files;
    for problem in &found.0 {
        let Problem::Rules {
            players: n,
            problem,
        } = problem
        else {
            if files_sound {
                let loc = match problem.field() {
                    crownlands_core::Field::PlayerCounts => {
                        loader.loc(players.file, &[Seg::Key("players")])
                    }
                    // The deck as a whole: where this file chose its components.
                    crownlands_core::Field::Terrains
                    | crownlands_core::Field::Piles
                    | crownlands_core::Field::Dominoes => ["sets", "add-sets", "extends"]
                        .iter()
                        .map(|key| loader.loc(leaf_idx, &[Seg::Key(key)]))
                        .find(|l| l.span != (0..0))
                        .unwrap_or(Loc {
                            file: leaf_idx,
                            span: 0..0,
                        }),
                    _ => Loc {
                        file: leaf_idx,
                        span: 0..0,
                    },
                };
                let mut message = problem.to_string();
                // A file naming no components at all (`players = [2]` alone): where to start.
                let starts_from_nothing = loader.files.get(leaf_idx).is_some_and(|f| {
                    ["extends", "sets", "add-sets", "terrain", "domino"]
                        .iter()
                        .all(|key| f.doc.at(&[Seg::Key(key)]).is_none())
                });
                if starts_from_nothing && problem.field() == crownlands_core::Field::Terrains {
                    message.push_str(
                        " (a ruleset starts from components: `extends = \"kingdomino\"` to \
                         change a shipped ruleset in a few lines, or `sets = [\"kingdomino\"]` \
                         for its terrains and dominoes)",
                    );
                }
                loader.err(&loc, message);
            }
            continue;
        };
        // Said by the loader at its place in every list a file writes (`repeated_tie_breaks`),
        // those no player count uses too.
        if matches!(
            problem,
            RulesProblem::TieBreakTwice { .. }
                | RulesProblem::TieBreakOpposed { .. }
                | RulesProblem::MatchTieBreakTwice { .. }
                | RulesProblem::MatchTieBreakOpposed { .. }
        ) {
            continue;
        }
        let needs_components = matches!(
            problem,
            RulesProblem::ModuleSetup { .. }
                | RulesProblem::ModuleComponents { .. }
                | RulesProblem::AlternateBox(_)
                | RulesProblem::BoxShort { .. }
        );
        if needs_components && !files_sound {
            continue;
        }
        let needs_dominoes = matches!(
            problem,
            RulesProblem::DeckExceedsSets { .. }
                | RulesProblem::DeckTooSmall { .. }
                | RulesProblem::DeckLines { .. }
                | RulesProblem::DeckSplit { .. }
        );
        if needs_dominoes && !sound.dominoes {
            continue;
        }
        let Some((count, (_, rules))) = counts
            .iter()
            .zip(&parts.player_counts)
            .find(|(c, _)| c.players == *n)
        else {
            continue;
        };
        let message = match problem {
            RulesProblem::Module {
                error: ModuleError::Unknown { name, known },
                ..
            } => unknown_module(&loader.registry, name, known),
            // A resource no module of this file's list provides, where the list it replaced
            // had more (`modules = ["wells"]` over `kingdomino-knights`, meant as an addition).
            RulesProblem::Module {
                error: error @ ModuleError::Unprovided { resource, .. },
                ..
            } => match replaced_modules {
                Some(inherited)
                    if inherited.iter().any(|m| {
                        loader
                            .registry
                            .build_module(&crownlands_core::modules::ModuleSpec::new(m))
                            .is_ok_and(|built| {
                                built.declare().provides.contains(&resource.as_str())
                            })
                    }) =>
                {
                    format!("{error}{}", replaced_list_words(inherited))
                }
                _ => error.to_string(),
            },
            RulesProblem::UnknownTeams { name, known } => {
                let mut msg = format!("unknown seating of teams `{name}`");
                let names = loader.registry.teams_names();
                if let Some(c) = crate::walk::closest(name, &names) {
                    msg.push_str(&format!(" (did you mean `{c}`?)"));
                }
                format!("{msg}; known seatings: {known}")
            }
            RulesProblem::LineSource { name, known } => {
                let mut msg = format!("unknown line source `{name}`");
                let names = loader.registry.line_source_names();
                if let Some(c) = crate::walk::closest(name, &names) {
                    msg.push_str(&format!(" (did you mean `{c}`?)"));
                }
                format!("{msg}; known line sources: {known}")
            }
            // A terrain a module's parameter names that a shipped set declares (a goal's
            // `terrain = "town"` over Kingdomino): the set that brings it, as for a domino.
            RulesProblem::ModuleComponents { message, .. } if !loader.sealed => {
                let mut text = problem.to_string();
                if let Some(hint) =
                    unknown_terrain_in(message).and_then(crate::components::shipped_set_hint)
                {
                    text.push_str(&hint);
                }
                text
            }
            other => other.to_string(),
        };
        let field = problem.field();
        let mut loc = count.place(&field, &rules.modules);
        // A deck that does not fit its lines: two keys at fault, as for too many kings. Where
        // the author's files wrote the line's size and not the deck's (`line-size = 5` over
        // Kingdomino's whole deck), the line is what the author changed.
        if matches!(
            problem,
            RulesProblem::DeckLines { .. } | RulesProblem::DeckTooSmall { .. }
        ) && count
            .eff
            .deck_size
            .origin
            .as_ref()
            .is_none_or(|o| embedded(loader, o.file))
            && let Some(line) = &count.eff.line_size.origin
            && !embedded(loader, line.file)
        {
            loc = line.clone();
        }
        // Too many kings for the line: two keys at fault; the one the user's own files set is
        // the one to look at (a `line-size = 1` written here, not a shipped file's kings), else
        // the line's size, which the message says to raise.
        if matches!(problem, RulesProblem::KingsExceedLine { .. })
            && embedded(loader, loc.file)
            && let Some(line) = &count.eff.line_size.origin
        {
            loc = line.clone();
        }
        // An element of a list parameter at fault (`goal[1].scope`, `slot-prices[2]`): at that
        // element (its key, or the value), in the file that set the list; an entry of a table
        // parameter (`multipliers.forest`) at its key, not at the table (each entry's problem
        // is said, so each at its own place), the table inline or a `[...]` of its own.
        if let RulesField::ModuleParam { module, key } = &field
            && let Some(name) = rules.modules.get(*module).map(|m| m.name.as_str())
            && let Some(span) = element_span(loader, &loc, name, key, &message)
        {
            loc.span = span;
        }
        let mut message = message;
        // A key written after a list parameter's table (`draw` after `[[rules.module.goals.goal]]`,
        // which TOML reads into the goal): the module's own parameter, a rule or a top-level
        // key, said where it belongs.
        if let RulesField::ModuleParam { module, key: list } = &field
            && let Some(name) = rules.modules.get(*module).map(|m| m.name.as_str())
            && let Some(unknown) = message
                .split_once("`: unknown key `")
                .and_then(|(_, rest)| rest.split_once('`'))
                .map(|(k, _)| k.to_string())
        {
            let own = loader
                .module_params
                .as_ref()
                .and_then(|m| m.get(name))
                .and_then(|s| s.get("properties"))
                .is_some_and(|p| p.get(&unknown).is_some() && unknown != *list);
            let home = if own {
                Some(format!(
                    "`{unknown}` is a parameter of module `{name}`: write it under [rules.module.{name}], above its first [[rules.module.{name}.{list}]]"
                ))
            } else {
                crate::walk::home_of(
                    crate::schema::ruleset_value(),
                    &unknown,
                    &[
                        "rules".into(),
                        "module".into(),
                        name.to_string(),
                        list.to_string(),
                        "#1".into(),
                    ],
                )
            };
            if let Some(home) = home {
                message.push_str(&format!(" ({home})"));
            }
        }
        // A rule written among a module's parameters (after `[rules.module.knights]`, TOML
        // reads every key into it): say where it belongs.
        if let RulesField::ModuleParamKey { module, key } = &field
            && let Some(home) = crate::walk::home_of(
                crate::schema::ruleset_value(),
                key,
                &["rules".into(), "module".into(), module.to_string()],
            )
        {
            message.push_str(&format!(" ({home})"));
        }
        // An unknown parameter is a key: point at it, as unknown keys elsewhere are, not at
        // its value (a parameter's place is its value's, for problems with the value).
        if matches!(field, RulesField::ModuleParamKey { .. })
            && let Some(text) = loader.files.get(loc.file).map(|f| f.src.text.as_str())
        {
            let (line_start, _) = crate::diagnostic::line_at(text, loc.span.start);
            let line = text.get(line_start..loc.span.start).unwrap_or_default();
            // `key = value` on its own line (a dotted or inline-table key keeps its place).
            if line.trim_end().ends_with('=') && !line.contains('{') {
                let indent = line.len() - line.trim_start().len();
                let key_end = line_start + line.trim_end().len() - 1;
                let key_start = line_start + indent;
                loc.span = key_start..key_end.max(key_start);
            }
        }
        // Too few dominoes after this file took some out: the removal is what to look at (not
        // an empty one: `remove-dominoes = []` took nothing out).
        let removes_some = |loader: &Loader, removal: &Loc| {
            loader
                .files
                .get(removal.file)
                .and_then(|f| f.src.text.get(removal.span.clone()))
                .is_some_and(|t| t.trim_start_matches('[').trim_end_matches(']').trim() != "")
        };
        // `sets` where `add-sets` was meant: the inherited sets are gone.
        let sets = loader.loc(leaf_idx, &[Seg::Key("sets")]);
        let replaced_sets = sound.sets_dropped && sets.span != (0..0);
        let sets_hint =
            " (`sets` replaces the component sets this file extends; `add-sets` adds to them)";
        if matches!(problem, RulesProblem::DeckTooSmall { .. }) && replaced_sets {
            loc = sets.clone();
            message.push_str(sets_hint);
        }
        if let RulesProblem::DeckExceedsSets { dominoes, .. } = problem {
            let removal = loader.loc(leaf_idx, &[Seg::Key("remove-dominoes")]);
            if removal.span != (0..0) && removes_some(loader, &removal) {
                loc = removal;
                message.push_str(
                    " (after this `remove-dominoes`: remove fewer, or make `deck-size` smaller)",
                );
            } else if replaced_sets {
                loc = sets;
                message.push_str(sets_hint);
            } else if *dominoes > 0 {
                message.push_str(&format!(
                    " (at most {dominoes}: `deck-size = \"all\"` deals every one)"
                ));
            }
        }
        // A deck of every domino left, which no longer divides into lines (or, lines
        // alternating between boxes, into rounds: Royal Wedding less two) after this file took
        // some out, its size set by a file it extends: the removal is what to look at.
        let split = match problem {
            RulesProblem::DeckLines { deck, line, .. } => {
                Some((*deck, format!(": or remove a multiple of {line}")))
            }
            RulesProblem::DeckSplit { deck, .. } => Some((usize::from(*deck), String::new())),
            // Too few left for a single line: fewer taken out is the fix.
            RulesProblem::DeckTooSmall { deck, line } => {
                Some((*deck, format!(": remove fewer, to leave at least {line}")))
            }
            _ => None,
        };
        if let Some((deck, or)) = split
            && count.eff.deck_size.value == DeckSize::All
            && count
                .eff
                .deck_size
                .origin
                .as_ref()
                .is_none_or(|o| o.file != leaf_idx)
        {
            let removal = loader.loc(leaf_idx, &[Seg::Key("remove-dominoes")]);
            if removal.span != (0..0) && removes_some(loader, &removal) {
                loc = removal;
                let dominoes = if deck == 1 { "domino" } else { "dominoes" };
                message = format!(
                    "{message} (`deck-size = \"all\"` counts the {deck} {dominoes} left after \
                     this `remove-dominoes`{or})"
                );
            }
        }
        // A deck size the user's `[rules]` set for every count, which does not fit the lines at
        // this one: each count may want another size, which `[for-players.N]` gives it alone
        // (one `[rules]` deck of 30 was told 28 or 32 at 2 players, 48 at 3 and 4).
        if matches!(
            problem,
            RulesProblem::DeckLines { .. } | RulesProblem::DeckSplit { .. }
        ) && counts.len() > 1
            && let Some(origin) = &count.eff.deck_size.origin
            && !embedded(loader, origin.file)
            && loader.files.get(origin.file).is_some_and(|f| {
                f.doc
                    .at(&[Seg::Key("rules"), Seg::Key("deck-size")])
                    .is_some_and(|v| v.span == origin.span)
            })
        {
            message.push_str("; a `deck-size` under `[for-players.N]` sets it at N players only");
        }
        // A module's list positions (`slot-prices[1]`, read above to find the element) said
        // as every message says them: `slot-prices` item 2.
        let message = match &field {
            RulesField::ModuleParam { key, .. } | RulesField::ModuleParamKey { key, .. } => {
                crate::diagnostic::positions_in_words(&message, Some(key))
            }
            _ if message.starts_with("module `") => {
                crate::diagnostic::positions_in_words(&message, None)
            }
            _ => message,
        };
        problems.push(CountProblem {
            loc,
            message,
            players: *n,
            keyed: !matches!(field, RulesField::ModuleParams(_)),
        });
    }
}

/// The terrain a module's message says the ruleset lacks (`` terrain `town` is not among the
/// ruleset's terrains ``, [`crownlands_core::Ruleset::terrain_named`]), where no other terrain
/// is the likely one meant.
pub(super) fn unknown_terrain_in(message: &str) -> Option<&str> {
    let (before, _) = message.split_once("` is not among the ruleset's terrains;")?;
    let (_, name) = before.rsplit_once("terrain `")?;
    Some(name)
}

/// An unknown module's name, with the closest known one.
pub(super) fn unknown_module(
    registry: &crownlands_core::Registry,
    name: &str,
    known: &str,
) -> String {
    let mut msg = format!("unknown module `{name}`");
    let close = crate::walk::closest(name, &registry.module_names());
    if let Some(c) = close {
        msg.push_str(&format!(" (did you mean `{c}`?)"));
    }
    msg.push_str(&format!("; known modules: {known}"));
    if close.is_none() {
        // Not a misspelling: likely a house module, which only its own crate's binary knows.
        msg.push_str(
            " (a house module written in Rust is known only to the binary its own crate \
             builds: open the file with that one)",
        );
    }
    msg
}

/// A value from a shipped file is not the user's to fix there: blame the user's file instead,
/// at its `players` entry for the count if it wrote the list (the count is what it asked for),
/// else at its `extends`, and say where the value came from.
pub(super) fn blame_user_file(
    loader: &Loader,
    problems: &mut [CountProblem],
    players: &PlayerList,
    user: usize,
) {
    for p in problems {
        if !embedded(loader, p.loc.file) {
            continue;
        }
        let origin = if p.keyed {
            set_in(loader, &p.loc)
        } else {
            format!("as set in {}", loader.describe(&p.loc))
        };
        p.loc = if embedded(loader, players.file) {
            loader.loc(user, &[Seg::Key("extends")])
        } else {
            players.loc(loader, p.players)
        };
        p.message.push_str(&format!(" ({origin})"));
    }
}

/// Where in the file of `loc` the element a module's problem names is (`` `goal[1].scope` ``
/// of parameter `key` of module `name`: the key `scope` of the list's second table; `` `goal[1]` ``:
/// the table itself; a value at fault at the value, a key unknown at the key; an entry of a
/// table parameter, `` `multipliers.forest` ``, at its key), in the list or table at `loc` (a
/// parameter's place is its value's): under `[rules]` or a count's `[for-players.N]`. `None`
/// where no list or table of the file is at `loc` (the place is then left as it is).
pub(super) fn element_span(
    loader: &Loader,
    loc: &Loc,
    name: &str,
    key: &str,
    message: &str,
) -> Option<std::ops::Range<usize>> {
    let named = crownlands_core::text::excerpt(key);
    // `multipliers.forest`: the entry `forest` of the table, at its key.
    let entry = message
        .split_once(&format!("`{named}."))
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(entry, _)| entry);
    let (segs, at_key) = match entry {
        Some(entry) => (vec![Seg::Key(entry)], true),
        None => element_segs(message, &named)?,
    };
    let doc = &loader.files.get(loc.file)?.doc;
    let mut prefixes: Vec<Vec<Seg<'_>>> = vec![vec![
        Seg::Key("rules"),
        Seg::Key("module"),
        Seg::Key(name),
        Seg::Key(key),
    ]];
    if let Some(crate::node::Kind::Table(counts)) =
        doc.at(&[Seg::Key("for-players")]).map(|n| &n.kind)
    {
        for c in counts {
            prefixes.push(vec![
                Seg::Key("for-players"),
                Seg::Key(&c.key),
                Seg::Key("module"),
                Seg::Key(name),
                Seg::Key(key),
            ]);
        }
    }
    let prefix = prefixes
        .iter()
        .find(|p| doc.at(p).is_some_and(|n| n.span == loc.span))?;
    let mut path = prefix.clone();
    path.extend(segs);
    let value = |path: &[Seg<'_>]| doc.at(path).map(|n| n.span.clone());
    let element = || value(&path[..path.len() - 1]);
    match path.last() {
        Some(Seg::Key(_)) if at_key => doc.key_span_at(&path).or_else(element),
        // A value at fault; a key missing from the element: at its table.
        Some(Seg::Key(_)) => value(&path).or_else(element),
        _ => value(&path),
    }
}

/// The path below a list parameter called `named` (as messages name it) that `message` names
/// (`` `goal[1].scope` ``: the second element's `scope`; `` `goal[1]` ``: unknown key `colour`:
/// that element's key `colour`), and whether the last step is a key at fault rather than a
/// value.
pub(super) fn element_segs<'m>(message: &'m str, named: &str) -> Option<(Vec<Seg<'m>>, bool)> {
    let (_, rest) = message.split_once(&format!("`{named}["))?;
    let (inner, _) = rest.split_once('`')?;
    // `1].scope`, `0]`, `2][0]`: indexes and keys after the parameter's name.
    let mut segs: Vec<Seg<'_>> = Vec::new();
    let mut text = inner;
    loop {
        let (index, after) = text.split_once(']')?;
        segs.push(Seg::Index(index.parse().ok()?));
        let mut after = after;
        while let Some(field) = after.strip_prefix('.') {
            let end = field.find(['.', '[']).unwrap_or(field.len());
            segs.push(Seg::Key(&field[..end]));
            after = &field[end..];
        }
        match after.strip_prefix('[') {
            Some(next) => text = next,
            None if after.is_empty() => break,
            None => return None,
        }
    }
    // A key the element does not have (`goal[1]`: unknown key `colour`): at that key.
    let mut at_key = false;
    if let Some((_, after)) = rest.split_once("`: unknown key `")
        && let Some((unknown, _)) = after.split_once('`')
    {
        segs.push(Seg::Key(unknown));
        at_key = true;
    }
    Some((segs, at_key))
}

/// One message per place and problem, naming every player count it affects.
pub(super) fn report_by_count(loader: &mut Loader, problems: Vec<CountProblem>, all: &[u8]) {
    let mut grouped: Vec<(Loc, String, Vec<u8>)> = Vec::new();
    for p in problems {
        match grouped
            .iter_mut()
            .find(|(l, m, _)| l.file == p.loc.file && l.span == p.loc.span && *m == p.message)
        {
            Some((_, _, ns)) => ns.push(p.players),
            None => grouped.push((p.loc, p.message, vec![p.players])),
        }
    }
    for (loc, message, ns) in grouped {
        loader.err(&loc, with_counts(&ns, all, &message));
    }
}

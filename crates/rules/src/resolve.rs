//! Resolving the rules for each player count: built-in defaults, then each file from the root
//! ancestor down to the leaf, `[rules]` then `[for-players.N]`, field by field.

use crate::components::Components;
use crate::format::{
    DeckSize, FirstClaimsDef, LinesDef, ParamDef, ReadingDef, RulesPatch, RulesetFile, TieBreakDef,
};
use crate::load::{Loader, Loc};
use crate::node::Seg;
use crate::source::Source;
use crownlands_core::modules::ModuleSpec;
use crownlands_core::{MiddleKingdom, Rules, Ruleset};

#[derive(Clone, Debug)]
struct Field<T> {
    value: T,
    /// Where the value was set; `None` for a built-in default.
    origin: Option<Loc>,
}

fn field<T>(value: T) -> Field<T> {
    Field {
        value,
        origin: None,
    }
}

#[derive(Clone, Debug)]
struct Effective {
    grid_size: Field<u8>,
    line_size: Field<u8>,
    kings_per_player: Field<u8>,
    deck_size: Field<DeckSize>,
    first_claims: Field<FirstClaimsDef>,
    tie_breaks: Field<Vec<TieBreakDef>>,
    match_games: Field<u8>,
    harmony_enabled: Field<bool>,
    harmony_points: Field<i32>,
    middle_enabled: Field<bool>,
    middle_points: Field<i32>,
    middle_reading: Field<ReadingDef>,
    modules: Field<Vec<String>>,
    /// Where each entry of `modules` was written (empty for the built-in default).
    module_locs: Vec<Loc>,
    /// Where each entry of `tie-breaks` was written (empty for the built-in default).
    tie_locs: Vec<Loc>,
    lines: Field<LinesDef>,
    line_order: Field<Option<Vec<String>>>,
    team_size: Field<u8>,
    /// Parameters by module, then by key, each with where it was set.
    module_params:
        std::collections::BTreeMap<String, std::collections::BTreeMap<String, Field<ParamDef>>>,
}

impl Default for Effective {
    fn default() -> Self {
        Effective {
            grid_size: field(5),
            line_size: field(4),
            kings_per_player: field(1),
            deck_size: field(DeckSize::All),
            first_claims: field(FirstClaimsDef::Drawn),
            tie_breaks: field(vec![TieBreakDef::LargestTerritory]),
            match_games: field(1),
            harmony_enabled: field(false),
            harmony_points: field(5),
            middle_enabled: field(false),
            middle_points: field(10),
            middle_reading: field(ReadingDef::BoundingBox),
            modules: field(Vec::new()),
            module_locs: Vec::new(),
            tie_locs: Vec::new(),
            lines: field(LinesDef::Mixed),
            line_order: field(None),
            team_size: field(1),
            module_params: Default::default(),
        }
    }
}

/// The built-in default rules (before any file), with `deck-size = "all"` as `dominoes`.
pub fn default_rules(dominoes: u16) -> Rules {
    Effective::default().to_rules(dominoes)
}

impl Effective {
    fn apply(&mut self, loader: &Loader, p: &RulesPatch, file: usize, base: &[Seg<'_>]) {
        let loc = |keys: &[&'static str]| {
            let mut path = base.to_vec();
            path.extend(keys.iter().map(|k| Seg::Key(k)));
            Some(loader.loc(file, &path))
        };
        fn set<T: Clone>(f: &mut Field<T>, v: &Option<T>, origin: impl FnOnce() -> Option<Loc>) {
            if let Some(v) = v {
                *f = Field {
                    value: v.clone(),
                    origin: origin(),
                };
            }
        }
        set(&mut self.grid_size, &p.grid_size, || loc(&["grid-size"]));
        set(&mut self.line_size, &p.line_size, || loc(&["line-size"]));
        set(&mut self.kings_per_player, &p.kings_per_player, || {
            loc(&["kings-per-player"])
        });
        set(&mut self.deck_size, &p.deck_size, || loc(&["deck-size"]));
        set(&mut self.first_claims, &p.first_claims, || {
            loc(&["first-claims"])
        });
        set(&mut self.tie_breaks, &p.tie_breaks, || loc(&["tie-breaks"]));
        set(&mut self.match_games, &p.match_games, || {
            loc(&["match-games"])
        });
        if let Some(h) = &p.harmony {
            set(&mut self.harmony_enabled, &h.enabled, || {
                loc(&["harmony", "enabled"])
            });
            set(&mut self.harmony_points, &h.points, || {
                loc(&["harmony", "points"])
            });
        }
        set(&mut self.modules, &p.modules, || loc(&["modules"]));
        let items = |key: &'static str, n: usize| -> Vec<Loc> {
            (0..n)
                .map(|i| {
                    let mut path = base.to_vec();
                    path.extend([Seg::Key(key), Seg::Index(i)]);
                    loader.loc(file, &path)
                })
                .collect()
        };
        if let Some(list) = &p.modules {
            self.module_locs = items("modules", list.len());
        }
        if let Some(list) = &p.tie_breaks {
            self.tie_locs = items("tie-breaks", list.len());
        }
        set(&mut self.lines, &p.lines, || loc(&["lines"]));
        if p.line_order.is_some() {
            set(&mut self.line_order, &Some(p.line_order.clone()), || {
                loc(&["line-order"])
            });
        }
        set(&mut self.team_size, &p.team_size, || loc(&["team-size"]));
        if let Some(tables) = &p.module {
            for (name, params) in tables {
                let entry = self.module_params.entry(name.clone()).or_default();
                for (key, value) in params {
                    let mut path = base.to_vec();
                    path.extend([Seg::Key("module"), Seg::Key(name), Seg::Key(key)]);
                    entry.insert(
                        key.clone(),
                        Field {
                            value: value.clone(),
                            origin: Some(loader.loc(file, &path)),
                        },
                    );
                }
            }
        }
        if let Some(m) = &p.middle_kingdom {
            set(&mut self.middle_enabled, &m.enabled, || {
                loc(&["middle-kingdom", "enabled"])
            });
            set(&mut self.middle_points, &m.points, || {
                loc(&["middle-kingdom", "points"])
            });
            set(&mut self.middle_reading, &m.reading, || {
                loc(&["middle-kingdom", "reading"])
            });
        }
    }

    fn deck(&self, dominoes: u16) -> u16 {
        match self.deck_size.value {
            DeckSize::All => dominoes,
            DeckSize::Count(n) => n,
        }
    }

    fn to_rules(&self, dominoes: u16) -> Rules {
        Rules {
            grid_size: self.grid_size.value,
            line_size: self.line_size.value,
            kings_per_player: self.kings_per_player.value,
            deck_size: self.deck(dominoes),
            first_claims: self.first_claims.value.into(),
            harmony: self
                .harmony_enabled
                .value
                .then_some(self.harmony_points.value),
            middle_kingdom: self.middle_enabled.value.then_some(MiddleKingdom {
                points: self.middle_points.value,
                reading: self.middle_reading.value.into(),
            }),
            tie_breaks: self.tie_breaks.value.iter().map(|&t| t.into()).collect(),
            match_games: self.match_games.value,
            // Boxes are named in the file; `resolve` turns the names into box indexes.
            lines: crownlands_core::LineSource::Mixed,
            team_size: self.team_size.value,
            modules: self
                .modules
                .value
                .iter()
                .map(|name| ModuleSpec {
                    name: name.clone(),
                    params: self
                        .module_params
                        .get(name)
                        .map(|ps| {
                            ps.iter()
                                .map(|(k, f)| (k.clone(), (&f.value).into()))
                                .collect()
                        })
                        .unwrap_or_default(),
                })
                .collect(),
        }
    }
}

/// One problem with the rules at one player count, grouped later across counts.
struct CountProblem {
    loc: Loc,
    message: String,
    players: u8,
}

fn player_key(k: &str) -> Option<u8> {
    if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    k.parse().ok()
}

pub(crate) fn resolve(
    loader: &mut Loader,
    chain: &[(usize, RulesetFile)],
    components: Components,
) -> Option<Ruleset> {
    let (leaf_idx, leaf) = chain.last()?;
    let leaf_idx = *leaf_idx;
    let leaf_name = leaf.name.clone();
    let available = components.dominoes.len();
    let available16 = u16::try_from(available).unwrap_or(u16::MAX);

    // Player counts in force at each file of the chain, and where the final list was written.
    let mut players: Option<(Vec<u8>, usize)> = None;
    for (idx, rf) in chain {
        if let Some(list) = &rf.players {
            for (i, n) in list.iter().enumerate() {
                if list[..i].contains(n) {
                    let loc = loader.loc(*idx, &[Seg::Key("players"), Seg::Index(i)]);
                    loader.err(&loc, format!("player count {n} is listed twice"));
                }
            }
            players = Some((list.clone(), *idx));
        }
        let in_force: &[u8] = players.as_ref().map_or(&[], |(l, _)| l);
        for key in rf.for_players.keys() {
            let loc = loader.key_loc(*idx, &[Seg::Key("for-players"), Seg::Key(key)]);
            match player_key(key) {
                None => loader.err(
                    &loc,
                    format!("[for-players.{key}]: `{key}` is not a player count; write a number, e.g. [for-players.2]"),
                ),
                Some(n) if !in_force.contains(&n) => {
                    let list: Vec<String> = in_force.iter().map(u8::to_string).collect();
                    loader.err(
                        &loc,
                        format!(
                            "[for-players.{key}]: {n} is not among this ruleset's player counts (players = [{}])",
                            list.join(", ")
                        ),
                    );
                }
                Some(_) => {}
            }
        }
    }
    let Some((mut counts, players_file)) = players else {
        loader.err(
            &Loc {
                file: leaf_idx,
                span: 0..0,
            },
            "no player counts: add e.g. `players = [2, 3, 4]` (or extend a ruleset that has them)",
        );
        return None;
    };
    let players_list = counts.clone();
    counts.sort_unstable();
    counts.dedup();

    let mut problems: Vec<CountProblem> = Vec::new();
    let mut player_counts = Vec::new();
    // Where each count's warnings would point: the deck, each module, each tie-break.
    let mut warning_locs: Vec<(Loc, Vec<Loc>, Vec<Loc>)> = Vec::new();
    for &n in &counts {
        let mut eff = Effective::default();
        for (idx, rf) in chain {
            if let Some(r) = &rf.rules {
                eff.apply(loader, r, *idx, &[Seg::Key("rules")]);
            }
            for (key, patch) in &rf.for_players {
                if player_key(key) == Some(n) {
                    eff.apply(
                        loader,
                        patch,
                        *idx,
                        &[Seg::Key("for-players"), Seg::Key(key)],
                    );
                }
            }
        }
        let fallback = {
            let i = players_list.iter().position(|&p| p == n).unwrap_or(0);
            loader.loc(players_file, &[Seg::Key("players"), Seg::Index(i)])
        };
        let at = |f: &Option<Loc>| f.clone().unwrap_or_else(|| fallback.clone());
        let line = usize::from(eff.line_size.value);
        let kings = usize::from(n) * usize::from(eff.kings_per_player.value);
        let deck = usize::from(eff.deck(available16));
        let mut push = |loc: Loc, message: String| {
            problems.push(CountProblem {
                loc,
                message,
                players: n,
            })
        };
        if kings > line {
            let loc = eff
                .kings_per_player
                .origin
                .clone()
                .or_else(|| eff.line_size.origin.clone())
                .unwrap_or_else(|| fallback.clone());
            push(
                loc,
                format!(
                    "{kings} kings ({} per player) but only {line} dominoes a line (line-size): every king needs a domino",
                    eff.kings_per_player.value
                ),
            );
        }
        let deck_loc = at(&eff.deck_size.origin);
        if deck > available {
            push(
                deck_loc.clone(),
                format!("a deck of {deck} dominoes, but the component sets hold only {available}"),
            );
        } else if deck < line || deck == 0 {
            push(
                deck_loc.clone(),
                format!("a deck of {deck} dominoes is too small for one line of {line}"),
            );
        } else if line > 0 && deck % line != 0 {
            let lower = deck - deck % line;
            let upper = lower + line;
            let hint = if upper <= available {
                format!(" (try {lower} or {upper})")
            } else {
                format!(" (try {lower})")
            };
            push(
                deck_loc,
                format!("a deck of {deck} dominoes does not divide into lines of {line}{hint}"),
            );
        }
        let mut rules = eff.to_rules(available16);
        if eff.lines.value == LinesDef::Alternate {
            let names: Vec<String> = eff
                .line_order
                .value
                .clone()
                .unwrap_or_else(|| components.piles.clone());
            let mut order = Vec::new();
            for name in &names {
                match components.piles.iter().position(|p| p == name) {
                    Some(i) => order.push(i as u8),
                    None => push(
                        at(&eff.line_order.origin),
                        format!(
                            "line-order names box `{name}`, but the component sets have the boxes: {}",
                            components.piles.join(", ")
                        ),
                    ),
                }
            }
            rules.lines = crownlands_core::LineSource::Alternate { order };
        }
        // Line sources and teams checked by the core, placed where they were set.
        for p in rules.check(n, available) {
            if p.contains("teams of") {
                push(at(&eff.team_size.origin), p);
            } else if p.contains("from each of") || p.contains("alternate between no boxes") {
                push(at(&eff.deck_size.origin), p);
            }
        }
        // Modules: unknown or duplicate names, bad parameters, supplies too small for n sides.
        let spec_problems = crownlands_core::modules::check_specs(&rules.modules);
        for p in &spec_problems {
            use crownlands_core::modules::{ModuleError, NAMES};
            let name = &rules.modules[p.module].name;
            let item = eff
                .module_locs
                .get(p.module)
                .cloned()
                .unwrap_or_else(|| at(&eff.modules.origin));
            let (loc, message) = match &p.error {
                ModuleError::Unknown(m) => {
                    let mut msg = format!("unknown module `{m}`");
                    if let Some(c) = crate::walk::closest(m, NAMES) {
                        msg.push_str(&format!(" (did you mean `{c}`?)"));
                    }
                    msg.push_str(&format!("; known modules: {}", NAMES.join(", ")));
                    (item, msg)
                }
                ModuleError::Param { .. } => {
                    let params = eff.module_params.get(name);
                    let origin = match &p.key {
                        Some(k) => params
                            .and_then(|ps| ps.get(k))
                            .and_then(|f| f.origin.clone()),
                        None => params.and_then(|ps| ps.values().find_map(|f| f.origin.clone())),
                    };
                    (origin.unwrap_or(item), p.error.to_string())
                }
                ModuleError::Duplicate(_) => (item, p.error.to_string()),
            };
            push(loc, message);
        }
        if spec_problems.is_empty() {
            for p in rules.check(n, available) {
                if p.starts_with("module `") {
                    push(at(&eff.modules.origin), p);
                }
            }
        }
        // Parameters of a module that is not on: an error, unless they were all inherited from
        // files before the one that set `modules` (a house rule switching a module off).
        let depth = |file: usize| chain.iter().position(|(i, _)| *i == file);
        let modules_depth = eff.modules.origin.as_ref().and_then(|l| depth(l.file));
        for (name, params) in &eff.module_params {
            let inherited = modules_depth.is_some_and(|md| {
                params.values().all(|f| {
                    f.origin
                        .as_ref()
                        .and_then(|o| depth(o.file))
                        .is_some_and(|d| d < md)
                })
            });
            if !eff.modules.value.contains(name) && !inherited {
                let loc = eff.module_params[name]
                    .values()
                    .find_map(|f| f.origin.clone())
                    .unwrap_or_else(|| fallback.clone());
                push(
                    loc,
                    format!("parameters for module `{name}`, which is not in `modules`"),
                );
            }
        }
        // The deck against the grid: blame a key the user wrote, if any of them did.
        let in_user_file = |o: &&Option<Loc>| {
            o.as_ref().is_some_and(|l| {
                loader
                    .files
                    .get(l.file)
                    .is_some_and(|f| !matches!(f.source, Source::Embedded(_)))
            })
        };
        let deck_at = [
            &eff.grid_size.origin,
            &eff.deck_size.origin,
            &eff.kings_per_player.origin,
            &eff.line_size.origin,
        ]
        .into_iter()
        .find(in_user_file)
        .cloned()
        .flatten()
        .or_else(|| eff.deck_size.origin.clone())
        .unwrap_or_else(|| fallback.clone());
        let modules_at = (0..rules.modules.len())
            .map(|i| {
                eff.module_locs
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| at(&eff.modules.origin))
            })
            .collect();
        let ties_at = (0..rules.tie_breaks.len())
            .map(|i| {
                eff.tie_locs
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| at(&eff.tie_breaks.origin))
            })
            .collect();
        warning_locs.push((deck_at, modules_at, ties_at));
        player_counts.push((n, rules));
    }

    // A value from a shipped file is not the user's to fix there: blame the user's file instead,
    // at its `players` entry for the count if it wrote the list (the count is what it asked
    // for), else at its `extends`, and say where the value came from.
    let embedded = |loader: &Loader, file: usize| {
        loader
            .files
            .get(file)
            .is_some_and(|f| matches!(f.source, Source::Embedded(_)))
    };
    let first_user_file = chain
        .iter()
        .map(|(idx, _)| *idx)
        .find(|&idx| !embedded(loader, idx));
    if let Some(user) = first_user_file {
        for p in &mut problems {
            if !embedded(loader, p.loc.file) {
                continue;
            }
            let origin = loader.describe(&p.loc);
            p.loc = if embedded(loader, players_file) {
                loader.loc(user, &[Seg::Key("extends")])
            } else {
                let i = players_list
                    .iter()
                    .position(|&c| c == p.players)
                    .unwrap_or(0);
                loader.loc(players_file, &[Seg::Key("players"), Seg::Index(i)])
            };
            p.message.push_str(&format!(" (as set in {origin})"));
        }
    }

    // One message per place and problem, naming every player count it affects.
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
        let ns: Vec<String> = ns.iter().map(u8::to_string).collect();
        let who = match ns.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => ns.join(""),
        };
        loader.err(&loc, format!("at {who} players: {message}"));
    }

    let name = leaf_name.unwrap_or_else(|| loader.files[leaf_idx].source.stem());
    let description = chain
        .iter()
        .rev()
        .find_map(|(_, rf)| rf.description.clone())
        .unwrap_or_default();
    let ruleset = Ruleset {
        name,
        description,
        terrains: components.terrains,
        piles: components.piles,
        dominoes: components.dominoes,
        buildings: components.buildings,
        player_counts,
    };
    if loader.diags.is_empty() {
        for problem in ruleset.check() {
            loader.err(
                &Loc {
                    file: leaf_idx,
                    span: 0..0,
                },
                problem,
            );
        }
    }
    if loader.diags.is_empty() {
        warn(loader, &ruleset, &warning_locs, first_user_file);
    }
    Some(ruleset)
}

/// Record the ruleset's warnings (rules that can never work), each at the key that set it and
/// naming the player counts it affects. A key in a shipped file is blamed on the user's first
/// file instead (its `extends`), saying where the value came from.
fn warn(
    loader: &mut Loader,
    ruleset: &Ruleset,
    locs: &[(Loc, Vec<Loc>, Vec<Loc>)],
    first_user_file: Option<usize>,
) {
    use crownlands_core::WarningAt;
    let mut grouped: Vec<(Loc, String, Vec<u8>)> = Vec::new();
    for ((n, rules), (deck, modules, ties)) in ruleset.player_counts.iter().zip(locs) {
        for w in ruleset.warnings(*n, rules) {
            let loc = match w.at {
                WarningAt::Deck => Some(deck),
                WarningAt::Module(i) => modules.get(i),
                WarningAt::TieBreak(i) => ties.get(i),
            };
            let mut loc = loc.cloned().unwrap_or_else(|| deck.clone());
            let mut message = w.message;
            let embedded = loader
                .files
                .get(loc.file)
                .is_some_and(|f| matches!(f.source, Source::Embedded(_)));
            if embedded && let Some(user) = first_user_file {
                message.push_str(&format!(" (as set in {})", loader.describe(&loc)));
                loc = loader.loc(user, &[Seg::Key("extends")]);
            }
            match grouped
                .iter_mut()
                .find(|(l, m, _)| l.file == loc.file && l.span == loc.span && *m == message)
            {
                Some((_, _, ns)) => ns.push(*n),
                None => grouped.push((loc, message, vec![*n])),
            }
        }
    }
    for (loc, message, ns) in grouped {
        let ns: Vec<String> = ns.iter().map(u8::to_string).collect();
        let who = match ns.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => ns.join(""),
        };
        let d = match loader.files.get(loc.file) {
            Some(f) => f
                .src
                .diag(loc.span.clone(), format!("at {who} players: {message}")),
            None => crate::Diagnostic::unplaced("", message),
        };
        loader.warnings.push(d);
    }
}

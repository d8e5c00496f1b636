//! Resolving the rules for each player count: built-in defaults, then each file from the root
//! ancestor down to the leaf, `[rules]` then `[for-players.N]`, field by field.

use crate::components::Components;
use crate::format::{DeckSize, LinesDef, RulesPatch, RulesetFile};
use crate::loader::{Loader, Loc};
use crate::node::Seg;
use crownlands_core::modules::{ModuleError, ModuleSpec, Param};
use crownlands_core::{
    CastleAt, Connection, Discard, FirstClaims, MatchTieBreak, MiddleKingdom, MiddleKingdomReading,
    Problem, Problems, Rules, RulesField, RulesProblem, Ruleset, RulesetParts, TieBreak,
};

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

/// The tie-breaks of a ruleset no file gives any: the largest territory (rulebooks 000, 002).
fn default_tie_breaks() -> Vec<TieBreak> {
    vec![TieBreak::LargestTerritory]
}

#[derive(Clone, Debug)]
struct Effective {
    grid_size: Field<u8>,
    castle: Field<CastleAt>,
    connection: Field<Connection>,
    discard: Field<Discard>,
    line_size: Field<u8>,
    kings_per_player: Field<u8>,
    deck_size: Field<DeckSize>,
    first_claims: Field<FirstClaims>,
    tie_breaks: Field<Vec<TieBreak>>,
    match_games: Field<u8>,
    match_tie_breaks: Field<Vec<MatchTieBreak>>,
    harmony_enabled: Field<bool>,
    harmony_points: Field<i32>,
    middle_enabled: Field<bool>,
    middle_points: Field<i32>,
    middle_reading: Field<MiddleKingdomReading>,
    modules: Field<Vec<String>>,
    /// A file wrote a `modules` that was refused (not a list of names): the list is not known,
    /// so what checks modules against it says nothing more (the refusal said it).
    modules_refused: bool,
    /// Where each entry of `modules` was written (empty for the built-in default).
    module_locs: Vec<Loc>,
    /// Where each entry of `tie-breaks` was written (empty for the built-in default).
    tie_locs: Vec<Loc>,
    /// Where each entry of `match-tie-breaks` was written (empty for the built-in default).
    match_tie_locs: Vec<Loc>,
    lines: Field<LinesDef>,
    line_order: Field<Option<Vec<String>>>,
    team_size: Field<u8>,
    teams: Field<String>,
    /// Where each module's table of parameters was last written (`[rules.module.knights]`),
    /// even an empty one.
    module_tables: std::collections::BTreeMap<String, Loc>,
    /// Modules whose parameters a `[for-players.N]` table of this count wrote: they are for this
    /// count alone, so a module off here cannot be waiting for them at another count.
    count_module_tables: std::collections::BTreeSet<String>,
    /// Parameters by module, then by key, each with where it was set.
    module_params:
        std::collections::BTreeMap<String, std::collections::BTreeMap<String, Field<Param>>>,
}

impl Default for Effective {
    fn default() -> Self {
        Effective {
            grid_size: field(5),
            castle: field(CastleAt::Anywhere),
            connection: field(Connection::SameTerrain),
            discard: field(Discard::WhenNothingFits),
            line_size: field(4),
            kings_per_player: field(1),
            deck_size: field(DeckSize::All),
            first_claims: field(FirstClaims::Drawn),
            tie_breaks: field(default_tie_breaks()),
            match_games: field(1),
            match_tie_breaks: field(Vec::new()),
            harmony_enabled: field(false),
            harmony_points: field(5),
            middle_enabled: field(false),
            middle_points: field(10),
            middle_reading: field(MiddleKingdomReading::BoundingBox),
            modules: field(Vec::new()),
            modules_refused: false,
            module_locs: Vec::new(),
            tie_locs: Vec::new(),
            match_tie_locs: Vec::new(),
            lines: field(LinesDef::mixed()),
            line_order: field(None),
            team_size: field(1),
            teams: field(crownlands_core::teams::SIDE_BY_SIDE.to_string()),
            module_tables: Default::default(),
            count_module_tables: Default::default(),
            module_params: Default::default(),
        }
    }
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
        set(&mut self.castle, &p.castle, || loc(&["castle"]));
        set(&mut self.connection, &p.connection, || loc(&["connection"]));
        set(&mut self.discard, &p.discard, || loc(&["discard"]));
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
        set(&mut self.match_tie_breaks, &p.match_tie_breaks, || {
            loc(&["match-tie-breaks"])
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
        if p.modules.is_some() {
            self.modules_refused = false;
        } else {
            let mut path = base.to_vec();
            path.push(Seg::Key("modules"));
            if loader.refused_key(file, &path) {
                self.modules_refused = true;
            }
        }
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
        if let Some(list) = &p.match_tie_breaks {
            self.match_tie_locs = items("match-tie-breaks", list.len());
        }
        set(&mut self.lines, &p.lines, || loc(&["lines"]));
        if p.line_order.is_some() {
            set(&mut self.line_order, &Some(p.line_order.clone()), || {
                loc(&["line-order"])
            });
        }
        set(&mut self.team_size, &p.team_size, || loc(&["team-size"]));
        set(&mut self.teams, &p.teams, || loc(&["teams"]));
        if let Some(tables) = &p.module {
            for (name, params) in tables {
                let mut table = base.to_vec();
                table.extend([Seg::Key("module"), Seg::Key(name)]);
                self.module_tables
                    .insert(name.clone(), loader.key_loc(file, &table));
                if matches!(base.first(), Some(Seg::Key("for-players"))) {
                    self.count_module_tables.insert(name.clone());
                }
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
            castle: self.castle.value,
            connection: self.connection.value,
            discard: self.discard.value,
            line_size: self.line_size.value,
            kings_per_player: self.kings_per_player.value,
            deck_size: self.deck(dominoes),
            deck_all: self.deck_size.value == DeckSize::All,
            first_claims: self.first_claims.value,
            harmony: self
                .harmony_enabled
                .value
                .then_some(self.harmony_points.value),
            middle_kingdom: self.middle_enabled.value.then_some(MiddleKingdom {
                points: self.middle_points.value,
                reading: self.middle_reading.value,
            }),
            bonus_settings: crownlands_core::BonusSettings {
                harmony_points: self.harmony_points.value,
                middle_kingdom: MiddleKingdom {
                    points: self.middle_points.value,
                    reading: self.middle_reading.value,
                },
            },
            tie_breaks: self.tie_breaks.value.clone(),
            match_games: self.match_games.value,
            match_tie_breaks: self.match_tie_breaks.value.clone(),
            // Boxes are named in the file; `resolve` turns the names into box indexes.
            lines: crownlands_core::LineSource::mixed(),
            team_size: self.team_size.value,
            teams: self.teams.value.clone(),
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
                                .map(|(k, f)| (k.clone(), f.value.clone()))
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
    /// Whether `loc` is the key the problem is about (a value from a shipped file is then named
    /// with its key): not for a module's parameters as a whole, placed at one of them.
    keyed: bool,
}

fn player_key(k: &str) -> Option<u8> {
    // Digits, written without leading zeros: `02` would be a second table for 2 players.
    if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) || (k.len() > 1 && k.starts_with('0'))
    {
        return None;
    }
    k.parse().ok()
}

/// The player counts in force, and where the list was written.
struct PlayerList {
    /// Sorted, each once.
    counts: Vec<u8>,
    /// As written.
    written: Vec<u8>,
    file: usize,
}

impl PlayerList {
    /// Where count `n` is written in `players`: where a problem with its rules points when no
    /// key set the value at fault.
    fn loc(&self, loader: &Loader, n: u8) -> Loc {
        let i = self.written.iter().position(|&p| p == n).unwrap_or(0);
        loader.loc(self.file, &[Seg::Key("players"), Seg::Index(i)])
    }
}

/// The rules in force at one player count, with where each key was set.
struct CountRules {
    players: u8,
    eff: Effective,
    /// The count's entry in `players`.
    fallback: Loc,
}

impl CountRules {
    fn at(&self, origin: &Option<Loc>) -> Loc {
        origin.clone().unwrap_or_else(|| self.fallback.clone())
    }

    /// Where the entry `index` of `modules` was written (or the list, or the count).
    fn module_loc(&self, index: usize) -> Loc {
        self.eff
            .module_locs
            .get(index)
            .cloned()
            .unwrap_or_else(|| self.at(&self.eff.modules.origin))
    }

    /// The place in the files that set `field`: how a problem the core found is put in a file,
    /// whatever its message says.
    fn place(&self, field: &RulesField, modules: &[ModuleSpec]) -> Loc {
        let eff = &self.eff;
        let params = |i: usize| modules.get(i).and_then(|m| eff.module_params.get(&m.name));
        match field {
            RulesField::Players => self.fallback.clone(),
            RulesField::GridSize => self.at(&eff.grid_size.origin),
            // The castle against the grid (an even grid): whichever of the two the file nearest
            // the user's sets (files are loaded leaf first), the castle in a tie.
            RulesField::Castle => [eff.castle.origin.clone(), eff.grid_size.origin.clone()]
                .into_iter()
                .flatten()
                .min_by_key(|l| l.file)
                .unwrap_or_else(|| self.fallback.clone()),
            RulesField::LineSize => self.at(&eff.line_size.origin),
            RulesField::KingsPerPlayer => eff
                .kings_per_player
                .origin
                .clone()
                .or_else(|| eff.line_size.origin.clone())
                .unwrap_or_else(|| self.fallback.clone()),
            RulesField::DeckSize => self.at(&eff.deck_size.origin),
            RulesField::TieBreak(i) => eff
                .tie_locs
                .get(*i)
                .cloned()
                .unwrap_or_else(|| self.at(&eff.tie_breaks.origin)),
            RulesField::MatchGames => self.at(&eff.match_games.origin),
            RulesField::MatchTieBreak(i) => eff
                .match_tie_locs
                .get(*i)
                .cloned()
                .unwrap_or_else(|| self.at(&eff.match_tie_breaks.origin)),
            RulesField::TeamSize => self.at(&eff.team_size.origin),
            RulesField::Teams => eff
                .teams
                .origin
                .clone()
                .or_else(|| eff.team_size.origin.clone())
                .unwrap_or_else(|| self.fallback.clone()),
            RulesField::Lines => eff
                .lines
                .origin
                .clone()
                .unwrap_or_else(|| self.fallback.clone()),
            RulesField::LineOrder => eff
                .line_order
                .origin
                .clone()
                .or_else(|| eff.lines.origin.clone())
                .unwrap_or_else(|| self.fallback.clone()),
            RulesField::Module(i) => self.module_loc(*i),
            // A problem with the parameters as a whole (a town terrain the components lack):
            // at the parameter set nearest the user's own file (files are loaded leaf first),
            // not the first key's, which a shipped file may have set.
            RulesField::ModuleParams(i) => params(*i)
                .and_then(|ps| {
                    ps.values()
                        .filter_map(|f| f.origin.clone())
                        .min_by_key(|l| (l.file, l.span.start))
                })
                .unwrap_or_else(|| self.module_loc(*i)),
            // A parameter no file sets (its default at fault): the module's entry in `modules`.
            RulesField::ModuleParam { module, key } => params(*module)
                .and_then(|ps| ps.get(key))
                .and_then(|f| f.origin.clone())
                .unwrap_or_else(|| self.module_loc(*module)),
            // The key's own place is found from its value's by the caller, which has the text.
            RulesField::ModuleParamKey { module, key } => self.place(
                &RulesField::ModuleParam {
                    module: *module,
                    key: key.clone(),
                },
                modules,
            ),
        }
    }

    /// Where this count's warnings point: the deck (blaming a key the user wrote, if any of
    /// them did), each module (its entry in `modules`, or its parameters when the leaf file
    /// `leaf` sets them and the list came from a file it extends: a module that can never act
    /// usually cannot because of a parameter), each tie-break.
    fn warning_locs(&self, loader: &Loader, rules: &Rules, leaf: usize) -> WarningLocs {
        let eff = &self.eff;
        let in_user_file = |o: &&Option<Loc>| {
            o.as_ref().is_some_and(|l| {
                loader
                    .files
                    .get(l.file)
                    .is_some_and(|f| !f.source.is_shipped())
            })
        };
        // The first of these keys a file of the user's sets: the deck's count first for what
        // the deck's size says (a kingdom taking more dominoes than it holds), the grid first
        // for what the grid alone rules out.
        let blamed = |keys: [&Option<Loc>; 4], or: &Option<Loc>| {
            keys.into_iter()
                .find(in_user_file)
                .cloned()
                .flatten()
                .unwrap_or_else(|| self.at(or))
        };
        let deck = blamed(
            [
                &eff.deck_size.origin,
                &eff.kings_per_player.origin,
                &eff.line_size.origin,
                &eff.grid_size.origin,
            ],
            &eff.deck_size.origin,
        );
        let grid = blamed(
            [
                &eff.grid_size.origin,
                &eff.deck_size.origin,
                &eff.kings_per_player.origin,
                &eff.line_size.origin,
            ],
            &eff.grid_size.origin,
        );
        WarningLocs {
            deck,
            grid,
            module_list: self.at(&eff.modules.origin),
            modules: (0..rules.modules.len())
                .map(|i| {
                    let entry = self.module_loc(i);
                    if entry.file == leaf {
                        return entry;
                    }
                    // The parameters of module `name` a file `in_file` accepts sets: those
                    // whose key names one of `about` first (`tower-supply` for `towers`),
                    // then the earliest.
                    let set_in = |name: &str, about: &[&str], in_file: &dyn Fn(usize) -> bool| {
                        eff.module_params.get(name).and_then(|ps| {
                            ps.iter()
                                .filter_map(|(key, f)| f.origin.clone().map(|l| (key, l)))
                                .filter(|(_, l)| in_file(l.file))
                                .min_by_key(|(key, l)| {
                                    let named =
                                        about.iter().any(|r| key.contains(r.trim_end_matches('s')));
                                    (!named, l.span.start)
                                })
                                .map(|(_, l)| l)
                        })
                    };
                    let needs = needs_of(loader, &rules.modules, i);
                    // The module's own parameters, then those of a module giving what this one
                    // waits for (Queendomino's buildings' `tower-supply = 0` leaves the Queen
                    // nothing to follow): the leaf's first, then another file of the user's.
                    let in_leaf = |f: usize| f == leaf;
                    let in_users = |f: usize| {
                        loader
                            .files
                            .get(f)
                            .is_some_and(|file| !file.source.is_shipped())
                    };
                    let params = |in_file: &dyn Fn(usize) -> bool| {
                        rules
                            .modules
                            .get(i)
                            .and_then(|m| set_in(&m.name, &[], in_file))
                            .or_else(|| {
                                providers_of(loader, &rules.modules, i, &needs)
                                    .find_map(|name| set_in(name, &needs, in_file))
                            })
                    };
                    params(&in_leaf)
                        .or_else(|| params(&in_users))
                        .or_else(|| {
                            // No parameter of the user's, but the leaf's own dominoes (`sets`
                            // of Kingdomino's under Queendomino's modules: no town square to
                            // build on): what the leaf changed is what to look at.
                            let doc = &loader.files.get(leaf)?.doc;
                            ["sets", "add-sets", "remove-dominoes"]
                                .into_iter()
                                .find(|key| doc.at(&[Seg::Key(key)]).is_some())
                                .map(|key| loader.loc(leaf, &[Seg::Key(key)]))
                        })
                        .unwrap_or(entry)
                })
                .collect(),
            params: rules
                .modules
                .iter()
                .map(|m| {
                    eff.module_params
                        .get(&m.name)
                        .map(|ps| {
                            ps.iter()
                                .filter_map(|(key, f)| Some((key.clone(), f.origin.clone()?)))
                                .collect()
                        })
                        .unwrap_or_default()
                })
                .collect(),
            tie_breaks: (0..rules.tie_breaks.len())
                .map(|i| self.place(&RulesField::TieBreak(i), &rules.modules))
                .collect(),
            match_tie_breaks: (0..rules.match_tie_breaks.len())
                .map(|i| self.place(&RulesField::MatchTieBreak(i), &rules.modules))
                .collect(),
            line_order: self.place(&RulesField::LineOrder, &rules.modules),
            first_claims: self.at(&eff.first_claims.origin),
            kings_per_player: eff.kings_per_player.origin.clone(),
            match_games: self.at(&eff.match_games.origin),
            harmony: self.at(&eff
                .harmony_points
                .origin
                .clone()
                .or_else(|| eff.harmony_enabled.origin.clone())),
            middle_kingdom: self.at(&eff
                .middle_points
                .origin
                .clone()
                .or_else(|| eff.middle_enabled.origin.clone())),
            // (The warnings about the castle are the castle's: at its own key, not the grid's.)
            castle: eff
                .castle
                .origin
                .clone()
                .unwrap_or_else(|| self.place(&RulesField::Castle, &rules.modules)),
        }
    }
}

/// A module's declaration, built with its default parameters.
fn declaration(
    loader: &Loader,
    spec: &ModuleSpec,
) -> Option<crownlands_core::modules::Declaration> {
    loader
        .registry
        .build_module(&ModuleSpec::new(&spec.name))
        .ok()
        .map(|m| m.declare())
}

/// The resources the `i`th module of `modules` uses or reads.
fn needs_of(loader: &Loader, modules: &[ModuleSpec], i: usize) -> Vec<&'static str> {
    modules
        .get(i)
        .and_then(|spec| declaration(loader, spec))
        .map(|d| d.uses.iter().chain(d.reads).copied().collect())
        .unwrap_or_default()
}

/// The modules of `modules` (but the `i`th) providing one of `needs`.
fn providers_of<'m>(
    loader: &'m Loader,
    modules: &'m [ModuleSpec],
    i: usize,
    needs: &'m [&'static str],
) -> impl Iterator<Item = &'m str> {
    modules
        .iter()
        .enumerate()
        .filter(move |&(j, spec)| {
            j != i
                && declaration(loader, spec)
                    .is_some_and(|d| d.provides.iter().any(|r| needs.contains(r)))
        })
        .map(|(_, spec)| spec.name.as_str())
}

/// Where one player count's warnings point.
struct WarningLocs {
    deck: Loc,
    grid: Loc,
    /// The `modules` key.
    module_list: Loc,
    modules: Vec<Loc>,
    /// Each module's parameters a file sets, with where.
    params: Vec<Vec<(String, Loc)>>,
    tie_breaks: Vec<Loc>,
    match_tie_breaks: Vec<Loc>,
    line_order: Loc,
    first_claims: Loc,
    /// `kings-per-player`, where a file sets it (`None`: the default).
    kings_per_player: Option<Loc>,
    match_games: Loc,
    castle: Loc,
    /// The bonuses: their `points`, else where they were switched on.
    harmony: Loc,
    middle_kingdom: Loc,
}

pub(crate) fn resolve(
    loader: &mut Loader,
    chain: &[(usize, RulesetFile)],
    mut components: Components,
) -> Option<Ruleset> {
    let (leaf_idx, leaf) = chain.last()?;
    let leaf_idx = *leaf_idx;
    let players = player_counts(loader, chain, leaf_idx)?;
    // The first file's `extends` refused, or written in a table of the rules where it is not
    // read (reported there): the rules it meant to change are unknown, and what the file's
    // own rules lack without them (a deck, a module's entry for its parameters) would be
    // reported as problems of their own.
    if chain
        .first()
        .is_some_and(|(idx, _)| base_unknown(loader, *idx))
    {
        return None;
    }
    let name = match &leaf.name {
        Some(name) => name.clone(),
        None => loader.stem_name(leaf_idx),
    };
    let files_sound = loader.diags.is_empty();
    let dominoes_complete = components.dominoes_complete;
    // The leaf's `sets` leaves out a set the files it extends had: where a deck too big for
    // the sets comes from (`sets` written for `add-sets`).
    let sets_dropped = {
        let mut inherited: Vec<&String> = Vec::new();
        for (_, rf) in &chain[..chain.len() - 1] {
            if let Some(sets) = &rf.sets {
                inherited = sets.iter().collect();
            }
            inherited.extend(rf.add_sets.iter());
        }
        leaf.sets
            .as_ref()
            .is_some_and(|mine| inherited.iter().any(|s| !mine.contains(s)))
    };
    let mut problems: Vec<CountProblem> = Vec::new();
    let mut counts: Vec<CountRules> = Vec::new();
    let mut player_counts = Vec::new();
    // The counts whose `line-order` names a box no set has (what the other boxes deal then
    // follows from it, and is not said again).
    let mut order_unknown: Vec<u8> = Vec::new();
    for &n in &players.counts {
        let count = CountRules {
            players: n,
            eff: effective(loader, chain, n),
            fallback: players.loc(loader, n),
        };
        let available = u16::try_from(components.dominoes.len()).unwrap_or(u16::MAX);
        let mut rules = count.eff.to_rules(available);
        let before = problems.len();
        rules.lines = line_source(&count, &components.piles, &mut problems);
        if problems.len() > before {
            order_unknown.push(n);
        }
        player_counts.push((n, rules));
        counts.push(count);
    }
    // The rules of a count no file lists (no `[for-players.N]` applies to 0): `show` writes
    // them under `[rules]`. Their problems are no count's, so not reported.
    let unlisted = CountRules {
        players: 0,
        eff: effective(loader, chain, 0),
        fallback: players.loc(loader, players.counts.first().copied().unwrap_or(0)),
    };
    let mut base = unlisted
        .eff
        .to_rules(u16::try_from(components.dominoes.len()).unwrap_or(u16::MAX));
    base.lines = line_source(&unlisted, &components.piles, &mut Vec::new());
    loader.base = Some(base);
    // A module's parameters stand wherever the module is on: at a count whose `modules` leaves
    // it out they wait for the counts that list it (a house rule turning modules off at 4
    // players keeps their parameters for 2 and 3, and so does what `show` prints of it).
    let on_somewhere: std::collections::BTreeSet<&str> = counts
        .iter()
        .flat_map(|c| c.eff.modules.value.iter().map(String::as_str))
        .collect();
    let registered = loader.registry.module_names();
    for count in &counts {
        problems.extend(parameters_without_module(
            chain,
            count,
            &on_somewhere,
            &registered,
        ));
    }
    line_order_unused(loader, &counts, leaf_idx);
    teams_without_teams(loader, &counts, leaf_idx);
    let pile_locs = std::mem::take(&mut components.pile_locs);
    let parts = RulesetParts {
        name: name.clone(),
        description: description(loader, chain),
        terrains: components.terrains,
        piles: components.piles,
        dominoes: components.dominoes,
        buildings: components.buildings,
        player_counts,
        tables: components.tables,
    };
    let warning_locs: Vec<WarningLocs> = counts
        .iter()
        .zip(&parts.player_counts)
        .map(|(count, (_, rules))| count.warning_locs(loader, rules, leaf_idx))
        .collect();
    let ruleset = match Ruleset::with_registry(parts.clone(), &loader.registry) {
        Ok(r) => Some(r),
        Err(found) => {
            // A box of `line-order` no component set has (reported, with the name meant): what
            // the boxes left deal follows from it, and is not said again.
            let found = crownlands_core::Problems(
                found
                    .0
                    .into_iter()
                    .filter(|p| {
                        !matches!(p, Problem::Rules { players: n, problem: RulesProblem::BoxShort { .. }
                            | RulesProblem::DeckSplit { .. }
                            | RulesProblem::NoAlternateBoxes } if order_unknown.contains(n))
                    })
                    .collect(),
            );
            place_core_problems(
                loader,
                &found,
                &counts,
                &parts,
                &players,
                leaf_idx,
                Soundness {
                    files: files_sound,
                    dominoes: dominoes_complete,
                    sets_dropped,
                },
                replaced_modules(chain).as_deref(),
                &mut problems,
            );
            None
        }
    };
    // A file of the user's named as a shipped ruleset: its games, saves and results would read
    // as that ruleset's. Not when it is that ruleset (the shipped file from a checkout, or what
    // `show` prints of it: the same rules, the same hash).
    // A name that only looks like one (`kingdоmino` with a Cyrillic `о`, `Kingdomino`) reads
    // as it too.
    let shipped_like = crate::ruleset_names(&loader.registry)
        .into_iter()
        .find(|n| crownlands_core::text::look(n) == crownlands_core::text::look(&name));
    if let Some(r) = &ruleset
        && !embedded(loader, leaf_idx)
        && let Some(shipped_name) = shipped_like
        && crate::load(&loader.registry, &shipped_name).map_or(true, |shipped| {
            shipped_name != name || crate::to_toml(&shipped, None) != crate::to_toml(r, None)
        })
    {
        let loc = match leaf.name {
            Some(_) => loader.loc(leaf_idx, &[Seg::Key("name")]),
            None => Loc {
                file: leaf_idx,
                span: 0..0,
            },
        };
        let called = if leaf.name.is_some() {
            format!(
                "its `name` is `{}`{}",
                crownlands_core::text::reveal_invisible(&name),
                crate::lookalike::lookalike_note(&name)
            )
        } else {
            format!("with no `name`, it is called `{name}` after its file")
        };
        let whose = if shipped_name == name {
            "a shipped ruleset's name".to_string()
        } else {
            format!(
                "which looks like the shipped ruleset `{shipped_name}` on a screen (names that differ only in case, `-`, `_`, spaces, characters drawn as nothing or letters drawn alike are taken for one)"
            )
        };
        let message = format!(
            "{called}, {whose}: its games, saves and results would read as the shipped ruleset's; give it a `name` of its own"
        );
        if let Some(f) = loader.files.get(loc.file) {
            let d = f.src.diag(loc.span.clone(), message);
            loader.warnings.push(d);
        }
    }
    let first_user_file = chain
        .iter()
        .map(|(idx, _)| *idx)
        .find(|&idx| !embedded(loader, idx));
    if let Some(user) = first_user_file {
        blame_user_file(loader, &mut problems, &players, user);
    }
    report_by_count(loader, problems, &players.counts);
    let ruleset = ruleset?;
    if loader.diags.is_empty() {
        let replaced = replaced_modules(chain);
        warn(
            loader,
            &ruleset,
            &warning_locs,
            first_user_file,
            replaced.as_deref(),
        );
        bonus_settings_while_off(loader, &counts, leaf_idx);
        small_boxes(loader, &ruleset, &pile_locs, leaf_idx);
    }
    Some(ruleset)
}

/// A box of the author's holding fewer dominoes than a line, where lines are `mixed`: there a
/// box only names its dominoes (`Q49` beside `K12`), and one too small to draw a line from is
/// surely not meant (a `box = "queendomino"` copied onto dominoes for a Kingdomino deck, a box
/// misspelt in a set); a box of several lines (Royal Wedding's, a set of house dominoes kept
/// apart) is a choice. Boxes dealt apart (`alternate`) are their line source's to check.
fn small_boxes(loader: &mut Loader, ruleset: &Ruleset, pile_locs: &[Loc], leaf: usize) {
    let piles = ruleset.piles();
    if piles.len() < 2 {
        return;
    }
    let held = |b: usize| {
        ruleset
            .dominoes()
            .iter()
            .filter(|d| usize::from(d.pile) == b)
            .count()
    };
    let mut warnings = ByCounts::default();
    for (b, name) in piles.iter().enumerate() {
        let Some(loc) = pile_locs.get(b) else {
            continue;
        };
        if !loader.is_authors(loc.file, Some(leaf)) {
            continue;
        }
        let count = held(b);
        // (A box emptied by `remove-dominoes` deals nothing: nothing to join elsewhere.)
        if count == 0 {
            continue;
        }
        // The box meant: the one named like it, else the largest of the others.
        let others: Vec<&str> = piles
            .iter()
            .enumerate()
            .filter(|&(o, _)| o != b)
            .map(|(_, p)| p.as_str())
            .collect();
        let Some(meant) = crate::walk::closest(name, &others).or_else(|| {
            piles
                .iter()
                .enumerate()
                .filter(|&(o, _)| o != b)
                .max_by_key(|&(o, _)| held(o))
                .map(|(_, p)| p.as_str())
        }) else {
            continue;
        };
        let example = ruleset
            .dominoes()
            .iter()
            .find(|d| usize::from(d.pile) == b)
            .map(|d| {
                let initial = name.chars().next().unwrap_or('?').to_ascii_uppercase();
                format!(" (`{initial}{}`)", d.number)
            })
            .unwrap_or_default();
        for (n, rules) in ruleset.player_counts() {
            if !rules.lines.is_mixed() || count >= usize::from(rules.line_size) {
                continue;
            }
            let message = format!(
                "box `{}` holds {}, fewer than a line of {}: with `lines = \"mixed\"` a box of its own only gives its dominoes its initial{example}, so it is likely not meant; for them to join box `{}`, write `box = \"{}\"`",
                crownlands_core::text::excerpt(name),
                crownlands_core::modules::describe::plural(count as i64, "domino", "dominoes"),
                rules.line_size,
                crownlands_core::text::excerpt(meant),
                crownlands_core::text::excerpt(meant),
            );
            warnings.add(loc.clone(), message, *n);
        }
    }
    let all: Vec<u8> = ruleset.player_counts().iter().map(|(n, _)| *n).collect();
    warnings.report(loader, &all);
}

/// A bonus's settings written in the file asked for (`rules.harmony.points = 10`) while the
/// bonus is off there, and the file does not switch it off itself: they change nothing until
/// `enabled = true`, which was likely meant. (Settings inherited while off are kept on purpose:
/// a file switching the bonus on gets them.)
fn bonus_settings_while_off(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut warnings = ByCounts::default();
    let here = |o: &Option<Loc>| o.as_ref().filter(|l| l.file == leaf).cloned();
    for c in counts {
        let e = &c.eff;
        let bonuses = [
            (
                "Harmony",
                "harmony",
                &e.harmony_enabled,
                vec![here(&e.harmony_points.origin)],
            ),
            (
                "Middle Kingdom",
                "middle-kingdom",
                &e.middle_enabled,
                vec![
                    here(&e.middle_points.origin),
                    here(&e.middle_reading.origin),
                ],
            ),
        ];
        for (name, key, enabled, settings) in bonuses {
            let switched_off_here = here(&enabled.origin).is_some();
            let Some(loc) = settings.into_iter().flatten().next() else {
                continue;
            };
            if enabled.value || switched_off_here {
                continue;
            }
            // Where the settings are: `[rules.harmony]`, or a count's own table (switching it
            // on under `[rules]` would play it at every count).
            let count = c.players.to_string();
            let in_count = loader
                .files
                .get(loc.file)
                .and_then(|f| {
                    f.doc
                        .at(&[Seg::Key("for-players"), Seg::Key(&count), Seg::Key(key)])
                })
                .is_some_and(|t| match &t.kind {
                    crate::node::Kind::Table(entries) => {
                        entries.iter().any(|e| e.value.span == loc.span)
                    }
                    _ => false,
                });
            let table = if in_count {
                format!("for-players.{count}.{key}")
            } else {
                format!("rules.{key}")
            };
            // As the settings are written: a dotted key (`harmony.points = 7`) takes its
            // `enabled` beside it, an inline table in its braces; a `[...]` table of its own
            // in that table (a second `[for-players.3.harmony]` would be refused as a table
            // given twice).
            let line = loader
                .files
                .get(loc.file)
                .map(|f| {
                    let text = f.src.text.as_str();
                    let (start, _) = crate::diagnostic::line_at(text, loc.span.start);
                    text.get(start..loc.span.start)
                        .unwrap_or_default()
                        .to_string()
                })
                .unwrap_or_default();
            // The dotted key up to the bonus's name (`harmony`, `rules.harmony`,
            // `for-players.3.harmony`): its `enabled` is written the same way.
            let dotted: Vec<&str> = line
                .split('=')
                .next()
                .unwrap_or_default()
                .split('.')
                .map(str::trim)
                .collect();
            let named = dotted.iter().position(|s| *s == key);
            let write = if line.contains('{') {
                "write `enabled = true` in its braces".to_string()
            } else if let Some(i) = named.filter(|&i| i + 1 < dotted.len()) {
                format!(
                    "write `{}.enabled = true` beside it",
                    dotted[..=i].join(".")
                )
            } else {
                format!("write `enabled = true` in `[{table}]`")
            };
            let message =
                format!("{name} is off, so its settings here change nothing: {write} to play it");
            warnings.add(loc, message, c.players);
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    warnings.report(loader, &all);
}

/// Whether file `file` is a shipped one (not the user's to fix).
fn embedded(loader: &Loader, file: usize) -> bool {
    loader.is_shipped(file)
}

/// Whether the ruleset file `idx` extends is unknown: its `extends` was refused (said where it
/// is written), or written in a table of the rules, where it is not read.
fn base_unknown(loader: &Loader, idx: usize) -> bool {
    loader.refused_key(idx, &[Seg::Key("extends")]) || loader.misplaced(idx, "extends")
}

/// The player counts in force at the end of the chain, reporting counts listed twice and
/// `[for-players.N]` tables for counts not in force; `None` (reported) when no file lists any.
fn player_counts(
    loader: &mut Loader,
    chain: &[(usize, RulesetFile)],
    leaf_idx: usize,
) -> Option<PlayerList> {
    let mut players: Option<(Vec<u8>, usize)> = None;
    // A `players` written in a table of the rules (reported there): the counts in force are
    // not those the file meant, and its `[for-players.N]` are not held against them.
    let players_misplaced = chain
        .iter()
        .any(|(idx, _)| loader.misplaced(*idx, "players"));
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
                // A count no table can have (0, past the most players): said as such, not
                // "list it in `players`", which would refuse it too.
                Some(n) if n == 0 || n > crownlands_core::ruleset::MAX_PLAYERS => loader.err(
                    &loc,
                    format!(
                        "[for-players.{key}]: {n} players is no table: a ruleset plays 1 to {} players",
                        crownlands_core::ruleset::MAX_PLAYERS
                    ),
                ),
                Some(n) if !in_force.contains(&n) && !players_misplaced => {
                    let list: Vec<String> = in_force.iter().map(u8::to_string).collect();
                    loader.err(
                        &loc,
                        format!(
                            "[for-players.{key}]: {n} is not among this ruleset's player counts (players = [{}]): to play at {n}, list it in `players` too",
                            list.join(", ")
                        ),
                    );
                }
                Some(_) => {}
            }
        }
    }
    let Some((written, file)) = players else {
        // The first file of the chain named a ruleset to extend in a way refused (an empty
        // `extends`, or one written after a [table]: said where it was written), or wrote
        // `players` where it is not read: the counts would have come from it.
        if chain
            .first()
            .is_some_and(|(idx, _)| base_unknown(loader, *idx))
            || players_misplaced
        {
            return None;
        }
        // A lone file of components may be meant as a component set, missing its `[set]`.
        let components_only = matches!(chain, [(_, rf)] if rf.extends.is_none()
            && (!rf.terrain.is_empty() || !rf.domino.is_empty() || !rf.building.is_empty()));
        let set = if components_only {
            "; a component set (terrains and dominoes for rulesets to use) begins with a `[set]` table with its `name` instead"
        } else {
            ""
        };
        // A file of nothing (blank lines and comments at most): said so, with how one starts.
        let empty = loader.files.get(leaf_idx).is_some_and(|f| {
            f.src.text.lines().all(|l| {
                // (A byte-order mark, which some editors put first, is nothing either.)
                let l = l.trim_start_matches('\u{feff}').trim();
                l.is_empty() || l.starts_with('#')
            })
        });
        let message = if empty {
            "the file is empty: a ruleset starts from one it changes, e.g. `extends = \"kingdomino\"`, \
             or from component sets and player counts, e.g. `sets = [\"kingdomino\"]` and \
             `players = [2, 3, 4]`"
                .to_string()
        } else {
            format!(
                "no player counts: add e.g. `players = [2, 3, 4]` (or extend a ruleset that has them){set}"
            )
        };
        loader.err(
            &Loc {
                file: leaf_idx,
                span: 0..0,
            },
            message,
        );
        return None;
    };
    let mut counts = written.clone();
    counts.sort_unstable();
    counts.dedup();
    Some(PlayerList {
        counts,
        written,
        file,
    })
}

/// The rules at `n` players: built-in defaults, then each file from the root down, `[rules]`
/// then `[for-players.N]`.
fn effective(loader: &Loader, chain: &[(usize, RulesetFile)], n: u8) -> Effective {
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
    eff
}

/// Where lines come from, with the boxes of `line-order` turned from names into indexes (a
/// name no box has is reported).
fn line_source(
    count: &CountRules,
    piles: &[String],
    problems: &mut Vec<CountProblem>,
) -> crownlands_core::LineSource {
    let eff = &count.eff;
    // `mixed` deals from every box at once: `line-order` does not apply.
    if eff.lines.value == LinesDef::mixed() {
        return crownlands_core::LineSource::mixed();
    }
    let names: Vec<String> = eff
        .line_order
        .value
        .clone()
        .unwrap_or_else(|| piles.to_vec());
    let mut order = Vec::new();
    for name in &names {
        match piles.iter().position(|p| p == name) {
            Some(i) => order.push(i as u8),
            None => problems.push(CountProblem {
                loc: count.at(&eff.line_order.origin),
                message: {
                    let known: Vec<&str> = piles.iter().map(String::as_str).collect();
                    let meant = crate::walk::closest(name, &known)
                        .or_else(|| {
                            let look = crownlands_core::text::look(name);
                            known
                                .iter()
                                .copied()
                                .find(|k| crownlands_core::text::look(k) == look)
                        })
                        .or_else(|| {
                            // A box's name cut short (`kingdom`): the one box it begins.
                            let mut begun = known
                                .iter()
                                .copied()
                                .filter(|k| name.chars().count() >= 3 && k.starts_with(name.as_str()));
                            begun.next().filter(|_| begun.next().is_none())
                        })
                        .map_or_else(String::new, |m| format!(" (did you mean `{m}`?)"));
                    format!(
                        "line-order names box `{name}`{meant}, but the component sets have the boxes: {}",
                        piles.join(", ")
                    )
                },
                players: count.players,
                keyed: true,
            }),
        }
    }
    crownlands_core::LineSource {
        kind: eff.lines.value.0.clone(),
        order,
    }
}

/// A `line-order` written in a file of the user's where lines are `mixed`: `mixed` deals from
/// every box at once, so the order does nothing (a warning at it, once for all counts). One
/// inherited from a shipped file (Royal Wedding's, under a house rule mixing the boxes) is
/// not the user's to remove.
fn line_order_unused(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut grouped = ByCounts::default();
    for count in counts {
        let eff = &count.eff;
        // The same `line-order` in use at another count (written under `[rules]` for lines
        // that alternate there, this count's own table mixing them): it is for those counts.
        let used_elsewhere = counts.iter().any(|c| {
            c.players != count.players
                && c.eff.lines.value != LinesDef::mixed()
                && match (&c.eff.line_order.origin, &eff.line_order.origin) {
                    (Some(a), Some(b)) => a.file == b.file && a.span == b.span,
                    _ => false,
                }
        });
        if eff.lines.value == LinesDef::mixed()
            && !used_elsewhere
            && eff.line_order.value.is_some()
            && let Some(at) = &eff.line_order.origin
            && loader.is_authors(at.file, Some(leaf))
        {
            grouped.add(
                count.at(&eff.line_order.origin),
                "`line-order` has no effect: `lines = \"mixed\"` deals from every box at once (set `lines = \"alternate\"` for lines taken from the boxes in this order)".into(),
                count.players,
            );
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    grouped.report(loader, &all);
}

/// A seating of teams (`teams = "alternating"`) an author's file sets where every team is one
/// player (`team-size = 1`): each player is a side of its own, so there are no teams to seat.
/// Not where the same `teams` seats teams at another count (a `[for-players.N]` with teams).
fn teams_without_teams(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut grouped = ByCounts::default();
    for count in counts {
        let eff = &count.eff;
        let used_elsewhere = counts.iter().any(|c| {
            c.players != count.players
                && c.eff.team_size.value > 1
                && match (&c.eff.teams.origin, &eff.teams.origin) {
                    (Some(a), Some(b)) => a.file == b.file && a.span == b.span,
                    _ => false,
                }
        });
        if eff.team_size.value == 1
            && !used_elsewhere
            && let Some(at) = &eff.teams.origin
            && loader.is_authors(at.file, Some(leaf))
        {
            grouped.add(
                at.clone(),
                format!(
                    "`teams = \"{}\"` has no effect: with `team-size = 1` every player is a side of one, so there are no teams to seat (give `team-size = 2` or more for teams, or leave `teams` out)",
                    crownlands_core::text::excerpt(&eff.teams.value)
                ),
                count.players,
            );
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    grouped.report(loader, &all);
}

/// Parameters of a module that is not on: an error, unless they were all inherited from files
/// before the one that set `modules` (a house rule switching a module off), or the module is on
/// at another player count (`on_somewhere`: the parameters are for those counts) and they were
/// not written for this count alone (`[for-players.N.module.NAME]`).
fn parameters_without_module(
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
struct Soundness {
    /// No problem in the files at all.
    files: bool,
    /// Every domino declared is in the deck (and every component set named was read).
    dominoes: bool,
    /// The file's `sets` leaves out a set the files it extends had.
    sets_dropped: bool,
}

/// Put each problem `Ruleset::new` found at the place in the files that set its field. A
/// problem that needs sound components (a module set up on them, a box dealing its share, the
/// components themselves) is left out when the files had problems already: it may only follow
/// from a component thrown out; one of the deck's size, when a domino was thrown out (a
/// misspelt terrain): the deck was one short of what the file says.
#[allow(clippy::too_many_arguments)]
fn place_core_problems(
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
fn unknown_terrain_in(message: &str) -> Option<&str> {
    let (before, _) = message.split_once("` is not among the ruleset's terrains;")?;
    let (_, name) = before.rsplit_once("terrain `")?;
    Some(name)
}

/// An unknown module's name, with the closest known one.
fn unknown_module(registry: &crownlands_core::Registry, name: &str, known: &str) -> String {
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
fn blame_user_file(
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

/// Where a value came from, in words: "`line-size = 8` as set in <shipped>/royal-wedding.toml:15"
/// (the key and its value when `loc` is a `key = value` line of its own, else the place alone).
fn set_in(loader: &Loader, loc: &Loc) -> String {
    let place = loader.describe(loc);
    let line = loader
        .files
        .get(loc.file)
        .map(|f| crate::diagnostic::line_at(&f.src.text, loc.span.start).1);
    let setting = line.and_then(|line| {
        let (key, value) = line.split_once('=')?;
        let key = key.trim();
        let value = value.split('#').next().unwrap_or_default().trim();
        let plain = |s: &str| {
            !s.is_empty()
                && s.len() <= 40
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.\"".contains(c))
        };
        (plain(key) && plain(value)).then(|| format!("`{key} = {value}`"))
    });
    match setting {
        Some(setting) => format!("{setting} as set in {place}"),
        None => format!("as set in {place}"),
    }
}

/// "2, 3 and 4": the player counts a message concerns.
pub fn counts_in_words(ns: &[u8]) -> String {
    let ns: Vec<String> = ns.iter().map(u8::to_string).collect();
    match ns.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => ns.join(""),
    }
}

/// `at 1 player`, `at 2, 3 and 4 players`.
fn at_counts(ns: &[u8]) -> String {
    let unit = if ns == [1] { "player" } else { "players" };
    format!("at {} {unit}", counts_in_words(ns))
}

/// `message` led by the player counts it holds at (`at 3 and 4 players: ...`), unless it holds
/// at every count the ruleset plays (`all`), where the counts would tell nothing.
fn with_counts(ns: &[u8], all: &[u8], message: &str) -> String {
    if some_counts(ns, all).is_empty() {
        message.to_string()
    } else {
        format!("{}: {message}", at_counts(ns))
    }
}

/// The counts of `ns`, sorted, when they are not every count the ruleset plays (`all`); empty
/// when they are ([`crate::Diagnostic::players`]).
fn some_counts(ns: &[u8], all: &[u8]) -> Vec<u8> {
    let sorted = |list: &[u8]| {
        let mut v = list.to_vec();
        v.sort_unstable();
        v.dedup();
        v
    };
    if !all.is_empty() && sorted(ns) == sorted(all) {
        Vec::new()
    } else {
        sorted(ns)
    }
}

/// Where in the file of `loc` the element a module's problem names is (`` `goal[1].scope` ``
/// of parameter `key` of module `name`: the key `scope` of the list's second table; `` `goal[1]` ``:
/// the table itself; a value at fault at the value, a key unknown at the key; an entry of a
/// table parameter, `` `multipliers.forest` ``, at its key), in the list or table at `loc` (a
/// parameter's place is its value's): under `[rules]` or a count's `[for-players.N]`. `None`
/// where no list or table of the file is at `loc` (the place is then left as it is).
fn element_span(
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
fn element_segs<'m>(message: &'m str, named: &str) -> Option<(Vec<Seg<'m>>, bool)> {
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
fn report_by_count(loader: &mut Loader, problems: Vec<CountProblem>, all: &[u8]) {
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

/// The ruleset's description: its own file's, else, for a file that extends another, `House
/// rule on NAME` (the extended ruleset's words would describe rules this file changes: Harmony's
/// points, say), else none.
fn description(loader: &mut Loader, chain: &[(usize, RulesetFile)]) -> String {
    let Some(((_, leaf), before)) = chain.split_last() else {
        return String::new();
    };
    if let Some(own) = &leaf.description {
        // Windows line ends in a multi-line description are new lines.
        return own.replace("\r\n", "\n");
    }
    match before.last() {
        Some((idx, parent)) => {
            let name = match &parent.name {
                Some(name) => name.clone(),
                None => loader.stem_name(*idx),
            };
            format!("House rule on {name}")
        }
        None => String::new(),
    }
}

/// What a message says of a file's `modules` that replaced the list it extends, `inherited`.
fn replaced_list_words(inherited: &[String]) -> String {
    format!(
        " (this file's `modules` replaces the list of the ruleset it extends, `{}`: list those \
         to keep too)",
        inherited.join(", ")
    )
}

/// The `modules` of the files the leaf extends (`[rules]`'s, the last to set it) where the
/// leaf's own `[rules] modules` leaves some of them out; `None` otherwise.
fn replaced_modules(chain: &[(usize, RulesetFile)]) -> Option<Vec<String>> {
    let ((_, leaf), before) = chain.split_last()?;
    let mine = leaf.rules.as_ref()?.modules.as_ref()?;
    let inherited = before
        .iter()
        .rev()
        .find_map(|(_, f)| f.rules.as_ref()?.modules.clone())?;
    inherited
        .iter()
        .any(|m| !mine.contains(m))
        .then_some(inherited)
}

/// Record the ruleset's warnings (rules that can never work), each at the key that set it and
/// naming the player counts it affects. A key in a shipped file is blamed on the user's first
/// file instead (its `extends`), saying where the value came from.
fn warn(
    loader: &mut Loader,
    ruleset: &Ruleset,
    locs: &[WarningLocs],
    first_user_file: Option<usize>,
    replaced_modules: Option<&[String]>,
) {
    use crownlands_core::WarningAt;
    let mut grouped = ByCounts::default();
    for ((n, rules), at) in ruleset.player_counts().iter().zip(locs) {
        for w in ruleset.warnings(*n) {
            let loc = match w.at {
                WarningAt::Deck => Some(&at.deck),
                WarningAt::Grid => Some(&at.grid),
                WarningAt::Module(i) => at.modules.get(i),
                // At the parameter where a file sets it, else as the module's own warnings.
                WarningAt::ModuleParam { module, key } => at
                    .params
                    .get(module)
                    .and_then(|ps| ps.iter().find(|(k, _)| k == key))
                    .map(|(_, loc)| loc)
                    .or_else(|| at.modules.get(module)),
                WarningAt::TieBreak(i) => at.tie_breaks.get(i),
                WarningAt::LineOrder => Some(&at.line_order),
                WarningAt::Modules | WarningAt::BuildingTiles => Some(&at.module_list),
                WarningAt::FirstClaims => Some(&at.first_claims),
                WarningAt::Castle => Some(&at.castle),
                WarningAt::MatchTieBreaks => at.tie_breaks.first(),
                WarningAt::MatchTieBreak(i) => at.match_tie_breaks.get(i),
                WarningAt::Harmony => Some(&at.harmony),
                WarningAt::MiddleKingdom => Some(&at.middle_kingdom),
            };
            let mut loc = loc.cloned().unwrap_or_else(|| at.deck.clone());
            // A module's warning put at its parameters (the file sets them, the list came from
            // the file it extends): at the parameter its message names (`uses-per-round` is
            // 0), not at another of the module's (its `price`, first in the table).
            if let WarningAt::Module(i) = w.at
                && let Some(params) = at.params.get(i)
                && params
                    .iter()
                    .any(|(_, l)| l.file == loc.file && l.span == loc.span)
                && let Some((_, named)) = params
                    .iter()
                    .find(|(k, _)| w.message.contains(&format!("`{k}`")))
            {
                loc = named.clone();
            }
            let mut message = w.message;
            // What the list says of the rules comes from this file's `modules`, which dropped
            // modules of the list it extends (`modules = ["goals"]` over Queendomino: its tiles
            // then never appear): say that it replaces the list.
            if matches!(w.at, WarningAt::Modules | WarningAt::BuildingTiles)
                && message.contains("no module of `modules`")
                && let Some(inherited) = replaced_modules
            {
                message.push_str(&replaced_list_words(inherited));
            }
            // An element of a list parameter (`goal[1].squares`): at that element.
            if let WarningAt::ModuleParam { module, key } = w.at
                && let Some(name) = rules.modules.get(module).map(|m| m.name.as_str())
                && let Some(span) = element_span(loader, &loc, name, key, &message)
            {
                loc.span = span;
            }
            // A module's list positions in words, from 1 (`goal[1].squares`, read above to
            // find the element: `squares` of `goal` item 2).
            message = match w.at {
                WarningAt::ModuleParam { key, .. } => {
                    crate::diagnostic::positions_in_words(&message, Some(key))
                }
                WarningAt::Module(_) => crate::diagnostic::positions_in_words(&message, None),
                _ => message,
            };
            if w.at == WarningAt::MatchTieBreaks {
                // The tie-breaks every ruleset has unless a file gives others (Dynasty's, from
                // Kingdomino; `show` writes them out): no choice of the author's to warn of.
                if rules.tie_breaks == default_tie_breaks() {
                    continue;
                }
                if embedded(loader, loc.file) {
                    // A shipped file's tie-breaks (Volcano's) made part of a match by the
                    // author's `match-games`: said there, with where they come from; a shipped
                    // match of shipped tie-breaks is no author's.
                    if embedded(loader, at.match_games.file) {
                        continue;
                    }
                    // (Said of the tie-breaks, before the message goes on to the key that
                    // breaks the match's ties.)
                    let place = set_in(loader, &loc);
                    message = match message.strip_prefix("tie-breaks ") {
                        Some(rest) => format!("tie-breaks ({place}) {rest}"),
                        None => format!("{message} (the tie-breaks {place})"),
                    };
                    loc = at.match_games.clone();
                }
            }
            // Building tiles no module plays, the list of modules not the author's (Kingdomino's
            // default, none): at the author's tiles (`[[building]]`, else `add-sets` or `sets`), not at a
            // shipped file's `players`, where a default list is placed.
            if w.at == WarningAt::BuildingTiles
                && embedded(loader, loc.file)
                && let Some(user) = first_user_file
                && let Some(tiles) = ["building", "add-sets", "sets"]
                    .iter()
                    .map(|key| loader.loc(user, &[Seg::Key(key)]))
                    .find(|l| l.span != (0..0))
            {
                message.push_str(
                    "; list `buildings` in `modules` (Queendomino's are knights, buildings, queen, dragon and wealth)",
                );
                grouped.add(tiles, message, *n);
                continue;
            }
            // A shipped file's snake made useless by the author's one king a player: at the
            // author's `kings-per-player`, with the key that goes beside it.
            if w.at == WarningAt::FirstClaims
                && embedded(loader, loc.file)
                && let Some(kings) = &at.kings_per_player
                && !embedded(loader, kings.file)
            {
                let place = set_in(loader, &loc);
                message.push_str(&format!(
                    " ({place}; give `first-claims = \"drawn\"` beside this `kings-per-player`)"
                ));
                grouped.add(kings.clone(), message, *n);
                continue;
            }
            let embedded = embedded(loader, loc.file);
            if embedded && let Some(user) = first_user_file {
                // Where the shipped file set it, said once for the counts it holds at from one
                // line of it (the entries of its `players` list, where a rule left at its
                // default is placed, would otherwise make one warning a count).
                let user_loc = loader.loc(user, &[Seg::Key("extends")]);
                let place = set_in(loader, &loc);
                let line = place.rsplit_once(':').map_or(place.as_str(), |(l, _)| l);
                if grouped.add_to_prefix(&user_loc, &format!("{message} ({line}:"), *n) {
                    continue;
                }
                message.push_str(&format!(" ({place})"));
                loc = user_loc;
            }
            grouped.add(loc, message, *n);
        }
    }
    let all: Vec<u8> = ruleset.player_counts().iter().map(|(n, _)| *n).collect();
    grouped.report(loader, &all);
}

/// Warnings gathered over the player counts: one a place and message, saying its counts.
#[derive(Default)]
struct ByCounts(Vec<(Loc, String, Vec<u8>)>);

impl ByCounts {
    fn add(&mut self, loc: Loc, message: String, players: u8) {
        match self
            .0
            .iter_mut()
            .find(|(l, m, _)| l.file == loc.file && l.span == loc.span && *m == message)
        {
            Some((_, _, ns)) => ns.push(players),
            None => self.0.push((loc, message, vec![players])),
        }
    }

    /// Count `players` in for the warning at `loc` whose message starts with `prefix` (one
    /// said with where a shipped file set it), if there is one.
    fn add_to_prefix(&mut self, loc: &Loc, prefix: &str, players: u8) -> bool {
        match self
            .0
            .iter_mut()
            .find(|(l, m, _)| l.file == loc.file && l.span == loc.span && m.starts_with(prefix))
        {
            Some((_, _, ns)) => {
                ns.push(players);
                true
            }
            None => false,
        }
    }

    /// Into the loader's warnings, each led by its counts (`at 3 and 4 players: ...`) unless
    /// it holds at every count of the ruleset (`all`).
    fn report(self, loader: &mut Loader, all: &[u8]) {
        for (loc, message, ns) in self.0 {
            let mut d = match loader.files.get(loc.file) {
                Some(f) => f
                    .src
                    .diag(loc.span.clone(), with_counts(&ns, all, &message)),
                None => crate::Diagnostic::unplaced("", message),
            };
            d.players = some_counts(&ns, all);
            loader.warnings.push(d);
        }
    }
}

//! Resolving the rules for each player count: built-in defaults, then each file from the root
//! ancestor down to the leaf, `[rules]` then `[for-players.N]`, field by field.

use crate::components::Components;
use crate::format::{DeckSize, LinesDef, RulesPatch, RulesetFile};
use crate::loader::{Loader, Loc};
use crate::node::Seg;
use crownlands_core::modules::{ModuleSpec, Param};
use crownlands_core::{
    CastleAt, Connection, Discard, FirstClaims, MatchTieBreak, MiddleKingdom, MiddleKingdomReading,
    Problem, Rules, RulesField, RulesProblem, Ruleset, RulesetParts, TieBreak,
};

mod placing;
mod warnings;

use placing::{
    Soundness, blame_user_file, parameters_without_module, place_core_problems, report_by_count,
};
use warnings::{
    bonus_settings_while_off, line_order_unused, small_boxes, teams_without_teams, warn,
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

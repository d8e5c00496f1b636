//! A validated ruleset: the components and the rules the engine plays.
//!
//! The core never reads files. The `crownlands-rules` crate turns TOML into a [`Ruleset`] and
//! reports problems with file, line and column. [`Ruleset::new`] is the one way to make a
//! ruleset: it checks everything once and returns every [`Problem`], each naming the [`Field`] it
//! concerns, so that a hand-built ruleset can never make the engine panic and a loader can point
//! at the place in a file that set the field.

mod checks;
mod match_tie_break;
mod problem;
mod tie_break;
mod warnings;

pub use match_tie_break::{MAX_MATCH_TIE_BREAKS, MatchTieBreak};
pub use problem::{Field, MAX_PILES, Problem, Problems, RulesField, RulesProblem};
pub use tie_break::{MAX_RESOURCE_NAME, ResourceName, TieBreak};

use crate::domino::Domino;
use crate::modules::Module;
use crate::terrain::{Terrain, TerrainId};
use checks::set_aside;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use strum::IntoStaticStr;

/// The most players one game may seat. Far above any printed rule; it bounds memory.
pub const MAX_PLAYERS: u8 = 16;
/// The most dominoes one line may hold.
pub const MAX_LINE: u8 = 32;
/// The most dominoes a ruleset may hold (all boxes together).
pub const MAX_DOMINOES: usize = 1024;
/// The most building tiles a ruleset may hold.
pub const MAX_BUILDINGS: usize = 256;
/// The most games in one match (Dynasty plays 3).
pub const MAX_MATCH_GAMES: u8 = 20;

/// How the kings pick from the very first line.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, IntoStaticStr, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FirstClaims {
    /// All kings are drawn from a hand one at a time; each claims when drawn (4-player rule).
    Drawn,
    /// A random player order, then a snake: at 2 players with 2 kings, A B B A (rulebook 002, Step 2).
    Snake,
    /// The seats' order from the first seat, then a snake as `"snake"` (A B C D with one king a
    /// player, A B B A at 2 players of 2 kings): a house rule, so a table says who starts (the
    /// youngest, or a weaker player given the first seat).
    Seated,
}

pub use crate::lines::LineSource;

/// Where the castle stands in its kingdom.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum CastleAt {
    /// Anywhere in the grid: the kingdom grows any way around it, as long as the whole fits
    /// `grid-size` x `grid-size` (the rulebooks').
    #[default]
    Anywhere,
    /// At the centre of the grid, fixed from the start: no square more than half the grid less
    /// one (2 in 5x5, 3 in 7x7) from the castle in either direction (a house rule; an odd grid).
    Centre,
}

/// What a new domino must touch in its kingdom (the Connection Rules).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Connection {
    /// The castle, or a square of the same terrain as the square of the domino next to it
    /// (rulebooks 000, 002).
    #[default]
    SameTerrain,
    /// The castle or any square: terrains need not match (a house rule for young players;
    /// territories still score by terrain).
    AnyTerrain,
}

impl Connection {
    /// As a ruleset file spells it: `same-terrain`, `any-terrain`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// When a domino may be discarded instead of placed.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Discard {
    /// Only when it fits nowhere in the kingdom (rulebooks 000, 002).
    #[default]
    WhenNothingFits,
    /// Whenever the player likes, even when it fits (a house rule: a domino that would spoil
    /// the kingdom may be given up).
    AnyTime,
}

impl Discard {
    /// As a ruleset file spells it: `when-nothing-fits`, `any-time`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl CastleAt {
    /// As a ruleset file spells it: `anywhere`, `centre`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// Which reading of Middle Kingdom applies.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, IntoStaticStr, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum MiddleKingdomReading {
    /// The castle is at the centre of the bounding box of the kingdom; gaps allowed (Board Game Arena).
    BoundingBox,
    /// The kingdom's bounding box is the full grid and the castle is at its centre; gaps allowed.
    FullGrid,
    /// Every square lies within half the grid less one, rounded down, of the castle in both axes
    /// (2 in 5x5 and 6x6, 3 in 7x7): the kingdom fits in the grid centred on the castle; gaps
    /// allowed (rulings: "a reasonable reading" of rulebook 000).
    WithinHalfGrid,
}

impl FirstClaims {
    /// As a ruleset file spells it: `drawn`, `snake`, `seated`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl MiddleKingdomReading {
    /// As a ruleset file spells it: `bounding-box`, `full-grid`, `within-half-grid`.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The settings of the rules' bonuses whether they are on or off (see [`Rules::bonus_settings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BonusSettings {
    pub harmony_points: i32,
    pub middle_kingdom: MiddleKingdom,
}

impl Default for BonusSettings {
    /// The rulebook's: 5 points for Harmony, 10 for Middle Kingdom read by the bounding box.
    fn default() -> BonusSettings {
        BonusSettings {
            harmony_points: 5,
            middle_kingdom: MiddleKingdom {
                points: 10,
                reading: MiddleKingdomReading::BoundingBox,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MiddleKingdom {
    pub points: i32,
    pub reading: MiddleKingdomReading,
}

/// The rules in force for one player count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Kingdoms may not exceed `grid_size` x `grid_size` squares (castle included).
    pub grid_size: u8,
    /// Where the castle stands in the grid (anywhere, or fixed at its centre).
    #[serde(default)]
    pub castle: CastleAt,
    /// What a new domino must touch: the same terrain (or the castle), or any square.
    #[serde(default)]
    pub connection: Connection,
    /// When a domino may be discarded: only when it fits nowhere, or at any time.
    #[serde(default)]
    pub discard: Discard,
    /// Dominoes laid out per line.
    pub line_size: u8,
    pub kings_per_player: u8,
    /// How many dominoes are dealt into the draw pile (the rest stay in the box unseen).
    pub deck_size: u16,
    /// Whether the file deals every domino (`deck-size = "all"`) rather than a count that may
    /// equal them: the same deal here, but a file extending this one with more dominoes deals
    /// them all only in the first case, so a resolved ruleset (`show`) writes back which.
    #[serde(default)]
    pub deck_all: bool,
    pub first_claims: FirstClaims,
    /// Harmony bonus points, when the variant is on.
    pub harmony: Option<i32>,
    pub middle_kingdom: Option<MiddleKingdom>,
    /// The bonuses' settings as the file gives them, kept while a bonus is off, so that a
    /// resolved ruleset (`show`) writes them back and a file switching the bonus on again gets
    /// them: Harmony's points, Middle Kingdom's points and reading.
    #[serde(default)]
    pub bonus_settings: BonusSettings,
    pub tie_breaks: Vec<TieBreak>,
    /// Games in a match: 1, or 3 for Dynasty (totals summed).
    pub match_games: u8,
    /// What decides between sides tied on a match's highest total, in order, before they
    /// share the victory (none: they share it, as the rulebook has Dynasty).
    #[serde(default)]
    pub match_tie_breaks: Vec<MatchTieBreak>,
    /// Modules switched on, in the order they run (Queendomino's knights, wealth, ...).
    #[serde(default)]
    pub modules: Vec<crate::modules::ModuleSpec>,
    /// Where lines come from.
    #[serde(default)]
    pub lines: LineSource,
    /// Players sharing one kingdom, castle, coins and knights (Royal Wedding teams: 2).
    #[serde(default = "one")]
    pub team_size: u8,
    /// Who sits in which team: the name of a seating ([`crate::teams`]; `side-by-side`).
    #[serde(default = "side_by_side")]
    pub teams: String,
}

fn one() -> u8 {
    1
}

fn side_by_side() -> String {
    crate::teams::SIDE_BY_SIDE.to_string()
}

impl Rules {
    /// The most squares a kingdom of these rules holds besides its castle (24 in 5x5): no
    /// territory, and no kingdom's squares of a terrain, can have more.
    pub fn most_squares(&self) -> u32 {
        let g = u32::from(self.grid_size);
        (g * g).saturating_sub(1)
    }

    /// The lines a game deals, one a round (12 in Kingdomino at 4 players: 48 dominoes, 4 a
    /// line), the first claims' line counted.
    pub fn rounds(&self) -> u16 {
        self.deck_size / u16::from(self.line_size.max(1))
    }

    /// `a 5x5 kingdom`, `an 8x8 kingdom`: a kingdom of these rules, in words.
    pub fn a_kingdom(&self) -> String {
        let g = self.grid_size;
        format!("{} {g}x{g} kingdom", article(usize::from(g)))
    }

    /// Tie-breaks (a game's or a match's) on a resource no module keeps for each side: no
    /// registered module (built with its default parameters) nor any of `built`, these rules'
    /// own modules.
    fn resource_problems(
        &self,
        registry: &crate::Registry,
        built: &[Box<dyn Module>],
    ) -> Vec<RulesProblem> {
        let mut problems = Vec::new();
        let mut resources: Option<Vec<&'static str>> = None;
        let mut known = || -> Vec<&'static str> {
            resources
                .get_or_insert_with(|| {
                    let mut names = registry.resource_names();
                    for m in built {
                        names.extend(m.declare().per_side());
                    }
                    names.sort_unstable();
                    names.dedup();
                    names
                })
                .clone()
        };
        for (index, &tie_break) in self.tie_breaks.iter().enumerate() {
            if tie_break.resource().is_none() {
                continue;
            }
            let names = known();
            if let Some(suggestion) = unknown_resource(&tie_break, &names, &[]) {
                problems.push(RulesProblem::UnknownResource {
                    index,
                    tie_break,
                    suggestion,
                    known: names.join(", "),
                });
            }
        }
        for (index, tie_break) in self.match_tie_breaks.iter().enumerate() {
            let MatchTieBreak::Summed(tie_break) = *tie_break else {
                continue;
            };
            if tie_break.resource().is_none() {
                continue;
            }
            let names = known();
            // `most-game-won` is near the match's own `most-games-won`; `most-wins` means it.
            let wins = matches!(
                tie_break.resource(),
                Some("wins" | "won" | "games" | "games-won" | "victories")
            ) && !tie_break.prefers_fewer();
            let suggestion =
                unknown_resource(&tie_break, &names, &MatchTieBreak::FIXED).map(|meant| {
                    if wins {
                        Some("most-games-won".to_string())
                    } else {
                        meant
                    }
                });
            if let Some(suggestion) = suggestion {
                problems.push(RulesProblem::UnknownMatchResource {
                    index,
                    tie_break,
                    suggestion,
                    known: names.join(", "),
                });
            }
        }
        problems
    }

    /// Whether a tie-break, a game's or a match's, reads the resource `name` (a module keeping
    /// it then does something, even when nothing else spends it).
    pub fn tie_breaks_read(&self, name: &str) -> bool {
        self.tie_breaks.iter().any(|t| t.resource() == Some(name))
            || self
                .match_tie_breaks
                .iter()
                .any(|t| t.resource() == Some(name))
    }

    /// Sides (kingdoms) at `players` players.
    pub fn sides(&self, players: u8) -> u8 {
        players / self.team_size.max(1)
    }
}

/// What a [`RuleWarning`] is about, so that a loader can point at the key that set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarningAt {
    /// The deck against the grid: how many dominoes a kingdom takes (`deck-size` first, then
    /// `kings-per-player`, `line-size`, `grid-size`).
    Deck,
    /// The grid itself (`grid-size` first): what its size alone rules out (a castle alone,
    /// Harmony or Middle Kingdom on an even grid).
    Grid,
    /// The module at this position of `modules`.
    Module(usize),
    /// The tie-break at this position of `tie-breaks`.
    TieBreak(usize),
    /// The boxes lines come from (`lines`, `line-order`).
    LineOrder,
    /// The module list itself (`modules`).
    Modules,
    /// The building tiles against the module list (tiles no module plays): at the tiles where a
    /// loader can say where they came from, else at `modules`.
    BuildingTiles,
    /// How the first line is claimed (`first-claims`).
    FirstClaims,
    /// The parameter `key` of the module at this position of `modules`.
    ModuleParam { module: usize, key: &'static str },
    /// Where the castle stands (`castle`).
    Castle,
    /// The tie-breaks of a match (`tie-breaks` with `match-games` above 1), which rank each
    /// game but never the match. Dynasty inherits Kingdomino's: a loader may leave this unsaid
    /// where the tie-breaks come from a file the author did not write.
    MatchTieBreaks,
    /// The match tie-break at this position of `match-tie-breaks`.
    MatchTieBreak(usize),
    /// The Harmony bonus (`harmony`: its `points` first).
    Harmony,
    /// The Middle Kingdom bonus (`middle-kingdom`: its `points` first).
    MiddleKingdom,
}

/// A rule that cannot work as written, though the game still plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleWarning {
    pub at: WarningAt,
    pub message: String,
}

/// The parts of a ruleset, as a loader (or a test) assembles them. [`Ruleset::new`] checks them
/// and turns them into a [`Ruleset`]; [`Ruleset::into_parts`] gives them back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesetParts {
    pub name: String,
    pub description: String,
    pub terrains: Vec<Terrain>,
    /// Names of the boxes (draw piles) the dominoes come from; Kingdomino has one.
    pub piles: Vec<String>,
    pub dominoes: Vec<Domino>,
    /// Building tiles (Queendomino), used by the `buildings` module.
    pub buildings: Vec<crate::building::Building>,
    /// The rules for each allowed player count, in increasing order of player count.
    pub player_counts: Vec<(u8, Rules)>,
    /// Modules' component tables by key (`[[component.quest]]`), each row as the files give it.
    pub tables: BTreeMap<String, Vec<crate::modules::Param>>,
}

/// A ruleset the engine can play: the only way to get one is [`Ruleset::new`], which checks
/// everything once (components, the rules at every player count, each module's setup), so a
/// [`crate::Game`] trusts it and checks nothing again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    name: String,
    description: String,
    terrains: Vec<Terrain>,
    piles: Vec<String>,
    dominoes: Vec<Domino>,
    buildings: Vec<crate::building::Building>,
    player_counts: Vec<(u8, Rules)>,
    tables: BTreeMap<String, Vec<crate::modules::Param>>,
    /// The modules of each player count's rules (same order as `player_counts`), built once.
    modules: Vec<BuiltModules>,
    /// Each player count's line source and seating (same order), from the registry.
    seating: Vec<Seating>,
    /// Whether some building tile has a price of its own ([`Ruleset::buildings_priced`]).
    buildings_priced: bool,
}

/// What a player count's rules name in the registry besides modules, looked up once: where its
/// lines come from, and the side of each seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Seating {
    dealer: Dealer,
    seat_sides: Vec<crate::side::Side>,
}

/// A player count's line source, looked up once in the registry by the name its rules give
/// (so two dealers are equal when the rules are).
#[derive(Clone)]
pub(crate) struct Dealer(pub(crate) std::sync::Arc<dyn crate::lines::LineDealer>);

impl Default for Dealer {
    fn default() -> Dealer {
        Dealer(std::sync::Arc::new(crate::lines::Mixed))
    }
}

impl std::fmt::Debug for Dealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Dealer")
    }
}

impl PartialEq for Dealer {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Eq for Dealer {}

/// A player count's modules, built once and shared by every game of the ruleset.
pub(crate) type BuiltModules = crate::modules::ModuleList;

impl Ruleset {
    /// Check `parts` and make them a ruleset, with the shipped modules
    /// ([`Registry::shipped`](crate::Registry::shipped)); else every problem found, each naming
    /// the field it concerns ([`Problem::field`]), not only the first.
    pub fn new(parts: RulesetParts) -> Result<Ruleset, Problems> {
        Ruleset::with_registry(parts, crate::Registry::shipped_ref())
    }

    /// [`Ruleset::new`] with the modules of `registry`: each module the rules name is built by
    /// the registry's factory of that name, once, and every game of the ruleset plays with it.
    pub fn with_registry(
        parts: RulesetParts,
        registry: &crate::Registry,
    ) -> Result<Ruleset, Problems> {
        let RulesetParts {
            name,
            description,
            terrains,
            piles,
            dominoes,
            buildings,
            player_counts,
            tables,
        } = parts;
        let buildings_priced = buildings.iter().any(|b| b.price > 0);
        let mut ruleset = Ruleset {
            name,
            description,
            terrains,
            piles,
            dominoes,
            buildings,
            player_counts,
            tables,
            modules: Vec::new(),
            seating: Vec::new(),
            buildings_priced,
        };
        let mut problems = ruleset.component_problems();
        problems.extend(ruleset.table_problems(registry));
        problems.extend(ruleset.player_count_problems());
        let mut modules = Vec::with_capacity(ruleset.player_counts.len());
        let mut seatings = Vec::with_capacity(ruleset.player_counts.len());
        for (n, rules) in &ruleset.player_counts {
            let mut found = rules.problems(*n, ruleset.dominoes.len(), registry);
            for problem in &mut found {
                if let RulesProblem::Teams { allowed, .. } = problem {
                    *allowed = ruleset.player_counts.iter().map(|(n, _)| *n).collect();
                }
            }
            // The modules built with what was at fault in their parameters set aside, when any
            // was: what their tie-breaks are checked against.
            let mut repaired_modules = None;
            let built = if found
                .iter()
                .any(|p| matches!(p, RulesProblem::Module { .. }))
            {
                // A bad parameter hides nothing else: the modules with what was at fault left
                // out are still asked what they need of the components (a misspelt terrain
                // among the multipliers beside one out of range), but not about a parameter
                // left at its default in place of the file's. Nor does a list in the wrong
                // order (said already) hide them: the repaired list need not fit together.
                let check = crate::modules::check_specs_repairing(registry, &rules.modules);
                if let Ok(repaired) = crate::modules::build_all_unchecked(registry, &check.repaired)
                {
                    let repaired = crate::modules::ModuleList::new(repaired);
                    found.extend(
                        ruleset
                            .module_problems(*n, rules, &repaired)
                            .into_iter()
                            .filter(|p| !set_aside(p, &check.set_aside)),
                    );
                    repaired_modules = Some(repaired);
                }
                BuiltModules::default()
            } else {
                let built = crate::modules::build_all(registry, &rules.modules).unwrap_or_default();
                found.extend(ruleset.module_problems(*n, rules, &built));
                built
            };
            // Modules that built but do not fit together (a resource no module provides, an
            // order) keep what they keep: the tie-breaks are checked against them, every
            // problem at once. A module with a parameter at fault is asked as it builds with
            // that parameter set aside (a misspelt `most-` tie-break is said beside a misspelt
            // parameter); one that does not build even so leaves its resources unknown: its own
            // problem is reported, not its tie-break's too.
            if !found
                .iter()
                .any(|p| matches!(p, RulesProblem::Module { .. }))
            {
                found.extend(rules.resource_problems(registry, built.modules()));
            } else if let Ok(unchecked) =
                crate::modules::build_all_unchecked(registry, &rules.modules)
            {
                found.extend(rules.resource_problems(registry, &unchecked));
            } else if let Some(repaired) = &repaired_modules {
                found.extend(rules.resource_problems(registry, repaired.modules()));
            }
            let dealer = match registry.line_source(&rules.lines.kind) {
                Some(d) => Dealer(d),
                None => {
                    found.push(RulesProblem::LineSource {
                        name: rules.lines.kind.clone(),
                        known: registry.line_source_names().join(", "),
                    });
                    Dealer::default()
                }
            };
            let dealt = dealer.0.problems(&ruleset.deal_context(rules));
            // A line source's own split (rounds of several lines) says the deck sizes that work:
            // the plain lines' hint would offer sizes it refuses.
            if dealt
                .iter()
                .any(|p| matches!(p, RulesProblem::DeckSplit { .. }))
            {
                found.retain(|p| !matches!(p, RulesProblem::DeckLines { .. }));
            }
            found.extend(dealt);
            let seating = match registry.teams(&rules.teams) {
                None => {
                    found.push(RulesProblem::UnknownTeams {
                        name: rules.teams.clone(),
                        known: registry.teams_names().join(", "),
                    });
                    Vec::new()
                }
                Some(teams) if rules.team_size > 0 && n.is_multiple_of(rules.team_size) => {
                    crate::teams::seat_sides(teams.as_ref(), *n, rules.team_size).unwrap_or_else(
                        |message| {
                            found.push(RulesProblem::Seating {
                                name: rules.teams.clone(),
                                message,
                            });
                            Vec::new()
                        },
                    )
                }
                // Reported as RulesProblem::Teams.
                Some(_) => Vec::new(),
            };
            problems.extend(found.into_iter().map(|problem| Problem::Rules {
                players: *n,
                problem,
            }));
            modules.push(built);
            seatings.push(Seating {
                dealer,
                seat_sides: seating,
            });
        }
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        ruleset.modules = modules;
        ruleset.seating = seatings;
        Ok(ruleset)
    }

    /// The parts this ruleset was made of, to change and check again with [`Ruleset::new`].
    pub fn into_parts(self) -> RulesetParts {
        RulesetParts {
            name: self.name,
            description: self.description,
            terrains: self.terrains,
            piles: self.piles,
            dominoes: self.dominoes,
            buildings: self.buildings,
            player_counts: self.player_counts,
            tables: self.tables,
        }
    }

    /// The rows of component table `key` (none when the ruleset has no such table), as the
    /// files give them; [`crate::modules::rows`] reads them typed.
    pub fn component_table(&self, key: &str) -> &[crate::modules::Param] {
        self.tables.get(key).map_or(&[], Vec::as_slice)
    }

    /// Every component table, by key.
    pub fn component_tables(&self) -> &BTreeMap<String, Vec<crate::modules::Param>> {
        &self.tables
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    pub fn terrains(&self) -> &[Terrain] {
        &self.terrains
    }

    /// Names of the boxes (draw piles) the dominoes come from; Kingdomino has one.
    pub fn piles(&self) -> &[String] {
        &self.piles
    }

    pub fn dominoes(&self) -> &[Domino] {
        &self.dominoes
    }

    /// Building tiles (Queendomino), used by the `buildings` module.
    pub fn buildings(&self) -> &[crate::building::Building] {
        &self.buildings
    }

    /// Whether some building tile has a price of its own (a house rule's `price`, added to its
    /// slot's), worked out once: the printed game's builds look up the slots' prices alone.
    pub fn buildings_priced(&self) -> bool {
        self.buildings_priced
    }

    /// The rules for each allowed player count, sorted by player count.
    pub fn player_counts(&self) -> &[(u8, Rules)] {
        &self.player_counts
    }

    /// The allowed player counts as messages say them (`2, 3, 4`; `none` for a ruleset that
    /// has none).
    pub fn allowed_counts(&self) -> String {
        let counts: Vec<String> = self
            .player_counts
            .iter()
            .map(|(n, _)| n.to_string())
            .collect();
        if counts.is_empty() {
            "none".into()
        } else {
            counts.join(", ")
        }
    }

    /// The modules of the rules at position `index` of [`Ruleset::player_counts`].
    pub(crate) fn modules_at(&self, index: usize) -> BuiltModules {
        self.modules.get(index).cloned().unwrap_or_default()
    }

    /// The modules of the rules for `players` as built, each spec with every parameter (the
    /// defaults the files left out filled in), in order; empty for a player count it does not
    /// have.
    pub fn resolved_modules(&self, players: u8) -> Vec<crate::modules::ModuleSpec> {
        self.player_counts
            .iter()
            .position(|(n, _)| *n == players)
            .and_then(|i| self.modules.get(i))
            .map(|built| built.modules().iter().map(|m| m.spec()).collect())
            .unwrap_or_default()
    }

    pub fn rules_for(&self, players: u8) -> Option<&Rules> {
        self.player_counts
            .iter()
            .find(|(n, _)| *n == players)
            .map(|(_, r)| r)
    }

    pub fn min_players(&self) -> u8 {
        self.player_counts.first().map_or(0, |(n, _)| *n)
    }

    pub fn max_players(&self) -> u8 {
        self.player_counts.last().map_or(0, |(n, _)| *n)
    }

    /// The most sides (kingdoms: a team builds one) any of its tables has, at least 1.
    pub fn most_sides(&self) -> u8 {
        self.player_counts
            .iter()
            .map(|(n, r)| r.sides(*n))
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// The fewest sides any of its tables has, at least 1.
    pub fn fewest_sides(&self) -> u8 {
        self.player_counts
            .iter()
            .map(|(n, r)| r.sides(*n))
            .min()
            .unwrap_or(1)
            .max(1)
    }

    pub fn terrain(&self, id: TerrainId) -> &Terrain {
        &self.terrains[id.index()]
    }

    pub fn terrain_by_symbol(&self, symbol: char) -> Option<TerrainId> {
        self.terrains
            .iter()
            .position(|t| t.symbol == symbol)
            .map(|i| TerrainId(i as u8))
    }

    /// The terrain named `name`, or why there is none, in words for a module's
    /// [`crate::modules::Mechanism::check`] (`CheckProblem::at(key, why)`): the name as given
    /// (escaped, cut at 40 characters), the likely one meant, the ruleset's terrains.
    pub fn terrain_named(&self, name: &str) -> Result<TerrainId, String> {
        if let Some(t) = self.terrain_by_name(name) {
            return Ok(t);
        }
        let names: Vec<&str> = self.terrains.iter().map(|t| t.name.as_str()).collect();
        // A terrain's symbol where its name is meant (`W` for wheat); a terrain's name in
        // another case (`Lake`); else the nearest name.
        let mut chars = name.chars();
        let symbol = match (chars.next(), chars.next()) {
            (Some(c), None) => self.terrains.iter().find(|t| t.symbol == c),
            _ => None,
        };
        let close = match symbol {
            Some(t) => format!(" (did you mean `{}`? `{name}` is its symbol)", t.name),
            None => names
                .iter()
                .find(|n| n.eq_ignore_ascii_case(name))
                .copied()
                .or_else(|| crate::text::closest(name, &names))
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default(),
        };
        Err(format!(
            "terrain `{}` is not among the ruleset's terrains{close}; terrains: {}",
            crate::text::escape_controls(&name.chars().take(40).collect::<String>()),
            names.join(", ")
        ))
    }

    pub fn terrain_by_name(&self, name: &str) -> Option<TerrainId> {
        self.terrains
            .iter()
            .position(|t| t.name == name)
            .map(|i| TerrainId(i as u8))
    }

    /// The domino with this number (in the first pile that has it).
    pub fn domino_by_number(&self, number: u16) -> Option<crate::DominoId> {
        self.dominoes
            .iter()
            .position(|d| d.number == number)
            .map(|i| crate::DominoId(i as u16))
    }

    /// The letter a box's dominoes are named by when a ruleset has several (`K` for
    /// `kingdomino`'s, [`Ruleset::domino_label`]).
    pub fn pile_initial(&self, pile: usize) -> char {
        self.piles
            .get(pile)
            .and_then(|p| p.chars().next())
            .unwrap_or('?')
            .to_ascii_uppercase()
    }

    /// How a domino is named to players: its number, prefixed by its box's initial when the
    /// ruleset has several boxes.
    pub fn domino_label(&self, id: crate::DominoId) -> String {
        let Some(d) = self.dominoes.get(id.index()) else {
            // Not a domino of this ruleset (an id read from a file): its raw number.
            return format!("#{}", id.0);
        };
        if self.piles.len() > 1 {
            format!("{}{}", self.pile_initial(usize::from(d.pile)), d.number)
        } else {
            d.number.to_string()
        }
    }

    /// The domino `text` names, as [`Ruleset::domino_label`] writes it (any case, spaces around
    /// ignored): with several boxes the box's initial and the number (`K12`); with one box the
    /// number, or the box's initial and the number as well (`K12` in Kingdomino, as
    /// `remove-dominoes` takes it).
    pub fn domino_named(&self, text: &str) -> Option<crate::DominoId> {
        let text = text.trim();
        let ids = (0..self.dominoes.len()).map(|i| crate::DominoId(i as u16));
        if let Some(id) = ids
            .clone()
            .find(|&id| self.domino_label(id).eq_ignore_ascii_case(text))
        {
            return Some(id);
        }
        let [only] = self.piles.as_slice() else {
            return None;
        };
        let mut chars = text.chars();
        let initial = chars.next()?;
        let number: u16 = chars.as_str().parse().ok()?;
        // Written as the game writes it: `K12`, not `K012` or `K+12` (as a bare `012` is not).
        if chars.as_str() != number.to_string() {
            return None;
        }
        let matches = only
            .chars()
            .next()
            .is_some_and(|c| c.eq_ignore_ascii_case(&initial));
        ids.filter(|_| matches)
            .find(|&id| self.dominoes[id.index()].number == number)
    }

    /// What the line source of `rules` deals from.
    pub(crate) fn deal_context<'a>(&'a self, rules: &'a Rules) -> crate::lines::DealContext<'a> {
        crate::lines::DealContext {
            dominoes: &self.dominoes,
            boxes: &self.piles,
            rules,
            dealt_elsewhere: 0,
        }
    }

    /// The side (kingdom) `seat` plays for at `players` players: its own, or its team's, as the
    /// rules' seating ([`crate::teams`]) puts it. `None` for a player count or seat the ruleset
    /// does not have.
    pub fn side_of(&self, players: u8, seat: crate::side::Seat) -> Option<crate::side::Side> {
        let index = self.player_counts.iter().position(|(n, _)| *n == players)?;
        self.seat_side(index, seat)
    }

    /// [`Ruleset::side_of`] for the rules at `index` of [`Ruleset::player_counts`].
    #[inline]
    pub(crate) fn seat_side(
        &self,
        index: usize,
        seat: crate::side::Seat,
    ) -> Option<crate::side::Side> {
        self.seating
            .get(index)?
            .seat_sides
            .get(seat.index())
            .copied()
    }

    /// The line source of the rules at `index` of [`Ruleset::player_counts`].
    pub(crate) fn dealer(&self, index: usize) -> &dyn crate::lines::LineDealer {
        match self.seating.get(index) {
            Some(s) => s.dealer.0.as_ref(),
            None => &crate::lines::Mixed,
        }
    }
}

/// For a tie-break on a resource none of `known` is: `Some` of the name meant (if any is close),
/// among the resources' tie-breaks, the built-in `most-crowns` and `fixed` (other names the
/// list takes whole); `None` when `known` has it.
fn unknown_resource(
    tie_break: &TieBreak,
    known: &[&'static str],
    fixed: &[&'static str],
) -> Option<Option<String>> {
    let r = tie_break.resource()?;
    if known.contains(&r) {
        return None;
    }
    // Closest as the whole word (`most-cions` is near `most-coins`), the built-in
    // `most-crowns` among them (`most-crown`).
    let prefix = tie_break.prefix();
    let whole: Vec<String> = known
        .iter()
        .copied()
        .chain(["crowns"])
        .map(|k| format!("{prefix}{k}"))
        .chain(fixed.iter().map(|f| f.to_string()))
        .collect();
    let refs: Vec<&str> = whole.iter().map(String::as_str).collect();
    // `most-territory` meant the largest territory (there is no smallest one).
    let territory = matches!(r, "territory" | "territories" | "largest-territory");
    Some(if territory {
        (!tie_break.prefers_fewer()).then(|| "largest-territory".to_string())
    } else {
        crate::text::closest(&tie_break.name(), &refs).map(str::to_string)
    })
}

/// `a` or `an` before a grid's size as spoken: an 8x8, an 11x11, an 18x18, a 5x5.
pub(crate) fn article(grid: usize) -> &'static str {
    let spoken_vowel = grid.to_string().starts_with('8') || grid == 11 || grid == 18;
    if spoken_vowel { "an" } else { "a" }
}

#[cfg(test)]
mod tests;

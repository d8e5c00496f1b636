//! Modules: mechanisms a ruleset switches on by name (Queendomino's knights, wealth, ...).
//!
//! A module is one type implementing [`Module`], registered by name in a [`Registry`]. Its hooks take
//! `&self` and keep nothing of their own: what a module tracks is its own state and the named
//! resources it shares with the others ([`ModuleData`], kept in the game by module index), so
//! games still clone, compare, save (as actions) and replay. Modules run in the
//! order the ruleset lists them; a module with a turn step gets that step after the domino is
//! placed and before the next one is claimed, and the player ends it with [`Action::Pass`].

mod bounded;
pub(crate) mod buildings;
mod by_position;
mod claim_order;
mod context;
mod declaration;
pub mod describe;
pub(crate) mod dragon;
pub mod file;
mod goals;
mod handicap;
pub(crate) mod knights;
mod majority;
mod mechanism;
mod param;
mod per_side;
mod queen;
mod spec_check;
mod state;
pub mod table;
mod terrain_multipliers;
mod territory;
pub mod value_words;
mod wealth;

pub use bounded::{Bounded, BoundedList};
pub use buildings::{BOARD, Buildings, BuildingsAction, BuildingsState, board_prices};
pub use claim_order::ClaimOrder;
pub use context::{Cx, CxMut, SetupContext, SideEdit, SideView, Table};
pub use declaration::{Declaration, anyone_adds, anyone_takes, check_declarations};
pub use dragon::{Dragon, DragonAction, DragonState};
pub use file::{
    Directive, FileMark, FileSyntax, Mark, PlacedMark, TableAt, TableKingdom, TableProblem,
    TableView, check_table,
};
pub use goals::{Goal, Goals, GoalsState, Scope as GoalScope};
pub use handicap::Handicap;
pub use knights::{Knights, KnightsAction, KnightsState};
pub use majority::{Majority, MajorityState};
pub use mechanism::params_schema;
pub use mechanism::{
    Actions, CheckProblem, Mechanism, NoAction, NoParams, ParamProblem, ParamsType, build_mechanism,
};
pub(crate) use param::NON_FINITE;
pub use param::{Float, Param};
pub use per_side::{PerSide, SideItem, SideValue};
#[cfg(test)]
pub use queen::queen_host;
pub use queen::{Queen, QueenState};
pub use spec_check::{SpecCheck, SpecProblem, check_specs, check_specs_repairing};
pub use state::{
    MAX_DECLARED, ModuleData, ModuleList, ModuleState, NoState, Res, ResourceId, Resources,
    StateBox, States,
};
pub use table::{ComponentTable, rows};
pub use terrain_multipliers::TerrainMultipliers;
pub use territory::{
    KingdomComparer, KingdomScorer, MAX_TERRITORIES, TerritoryScoring, TerritorySize,
    territory_sizes,
};
pub use wealth::Wealth;

use crate::action_text::ActionWord;
#[allow(unused_imports)] // `Game` is named in the docs.
use crate::game::{Action, Game, IllegalAction};
use crate::geometry::Cell;
use crate::module_action::{ActionSink, MAX_MODULES, ModuleIndex};
use crate::registry::Registry;
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use crate::side::Side;
use describe::{CellMark, ChoiceView, Panel, ScoreLine, Stat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;

/// A module as a ruleset names it: its name and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleSpec {
    pub name: String,
    #[serde(default)]
    pub params: BTreeMap<String, Param>,
}

impl ModuleSpec {
    pub fn new(name: &str) -> ModuleSpec {
        ModuleSpec {
            name: name.to_string(),
            params: BTreeMap::new(),
        }
    }
}

/// Score one side: the kingdom's territories and bonuses under `rules`, then each module's part,
/// in module order. The breakdown's `held` has each resource a `most-RESOURCE` or
/// `fewest-RESOURCE` tie-break compares (a game's, or a match's: added up over its games).
pub fn score_side(rules: &Rules, side: SideView<'_>) -> ScoreBreakdown {
    let mut breakdown = ScoreBreakdown::default();
    score_side_into(rules, side, &mut breakdown);
    breakdown
}

/// [`score_side`] into `out`, whose lists are cleared and reused.
pub fn score_side_into(rules: &Rules, side: SideView<'_>, out: &mut ScoreBreakdown) {
    crate::score::score_kingdom_into(side.kingdom, rules, out);
    let game = rules.tie_breaks.iter().filter_map(|t| t.resource());
    let matched = rules.match_tie_breaks.iter().filter_map(|t| t.resource());
    for r in game.chain(matched) {
        out.held.insert(r.to_string(), side.resource(r));
    }
    for (i, m) in side.list().modules().iter().enumerate() {
        m.score(side.for_module(i), out);
    }
}

/// Why a ruleset's module list cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModuleError {
    /// A name the registry does not know; `known` lists the names it knows.
    #[error("unknown module `{name}`; known modules: {known}")]
    Unknown { name: String, known: String },
    #[error("module `{0}` is listed twice")]
    Duplicate(String),
    #[error("module `{module}`: {problem}")]
    Param { module: String, problem: String },
    /// Several problems with the parameters, each as a [`ModuleError::Param`] would say it
    /// (a ruleset's checks report each on its own, at its place in the file).
    #[error("module `{module}`: {}", problems.join("; "))]
    Params {
        module: String,
        problems: Vec<String>,
    },
    /// A parameter the module does not have (the key is at fault, not its value).
    #[error("module `{module}`: {problem}")]
    UnknownParam { module: String, problem: String },
    #[error(
        "module `{module}` needs `{resource}`, which no module of the list provides{providers}"
    )]
    Unprovided {
        module: String,
        resource: String,
        /// The known modules that provide it, in words (`; `buildings` provides it`), or empty.
        providers: String,
    },
    #[error(
        "module `{module}` must come after `{first}` in `modules`: its step follows `{first}`'s in a turn"
    )]
    Order { module: String, first: String },
    #[error(
        "module `{module}` must come before `{then}` in `modules`: its step comes first in a turn"
    )]
    OrderBefore { module: String, then: String },
    #[error(
        "module `{module}` declares {count} resources (provided, used and read); a module may declare at most {max}"
    )]
    TooManyResources {
        module: String,
        count: usize,
        max: usize,
    },
    /// A module shares its state through a resource it does not provide (a plugin's mistake).
    #[error(
        "module `{module}` shares its state through `{resource}`, which it does not provide (a module shares only through resources it provides)"
    )]
    SharesUnprovided { module: String, resource: String },
    #[error("a rules' list has at most {MAX_MODULES} modules; this one has {0}")]
    TooMany(usize),
    #[error(
        "module `{module}` writes its actions `{keyword}...`, as {other} does: each kind of action needs a keyword of its own"
    )]
    Keyword {
        module: String,
        keyword: &'static str,
        /// Who else uses it: `the core`, or ``module `knights` ``.
        other: String,
    },
    #[error(
        "module `{module}` reads {what} in kingdom files, as module `{other}` does: each module needs marks and `@` words of its own (a kingdom file could not say whose it is)"
    )]
    FileSyntax {
        module: String,
        /// The mark or line: ``the mark `+` `` or ``the line `@coins` ``.
        what: String,
        other: String,
    },
    #[error(
        "module `{module}` reads the mark `{}` in kingdom files, which a kingdom file cannot hold after a square: a mark is one character, not a digit (the crowns), a space nor an invisible one (`[` is the numbered form `[N]`)",
        symbol.escape_debug()
    )]
    BadMark { module: String, symbol: char },
    /// A module saying its points come in two of the bots' forms at once, which they would
    /// count twice.
    #[error(
        "module `{module}` says its points follow where its pieces stand (`scores_placements`) and also {other}: the bots would count them twice; say one (`scores_placements` takes in the others: its `points` are asked of each placement's kingdom)"
    )]
    ScoresTwice { module: String, other: &'static str },
    /// An action keyword that the action text could not read back (a plugin's mistake).
    #[error(
        "module `{module}` writes its actions `{}...`: a keyword is lower-case letters a-z, one to {MAX_KEYWORD} of them (actions are read back by the letters they start with)",
        keyword.escape_debug()
    )]
    BadKeyword {
        module: String,
        keyword: &'static str,
    },
}

/// The longest keyword a module's actions may have.
pub const MAX_KEYWORD: usize = 16;

/// Register the shipped modules (what [`Registry::shipped`] holds).
pub(crate) fn register_shipped(registry: &mut Registry) {
    registry
        .add_mechanism::<Knights>()
        .add_mechanism::<Buildings>()
        .add_mechanism::<Queen>()
        .add_mechanism::<Dragon>()
        .add_mechanism::<Wealth>()
        .add_mechanism::<ClaimOrder>()
        .add_mechanism::<TerrainMultipliers>()
        .add_mechanism::<Goals>()
        .add_mechanism::<Handicap>()
        .add_mechanism::<Majority>();
}

/// Build a module from its spec, by the registry's factory of its name.
pub fn build(registry: &Registry, spec: &ModuleSpec) -> Result<Box<dyn Module>, ModuleError> {
    registry.build_module(spec)
}

/// Build a ruleset's whole module list, refusing unknown and duplicate names, and lists whose
/// modules do not fit together (see [`Declaration`]).
pub fn build_all(registry: &Registry, specs: &[ModuleSpec]) -> Result<ModuleList, ModuleError> {
    let modules = build_all_unchecked(registry, specs)?;
    match check_declarations(registry, &modules).into_iter().next() {
        Some(problem) => Err(problem.error),
        None => Ok(ModuleList::new(modules)),
    }
}

/// [`build_all`] without checking how the modules fit together.
pub(crate) fn build_all_unchecked(
    registry: &Registry,
    specs: &[ModuleSpec],
) -> Result<Vec<Box<dyn Module>>, ModuleError> {
    let mut out: Vec<Box<dyn Module>> = Vec::with_capacity(specs.len());
    for (i, spec) in specs.iter().enumerate() {
        if specs[..i].iter().any(|s| s.name == spec.name) {
            return Err(ModuleError::Duplicate(spec.name.clone()));
        }
        out.push(build(registry, spec)?);
    }
    Ok(out)
}

/// A mechanism with hooks into the game loop. Hooks take `&self` and keep nothing of their own:
/// what a module tracks is its state ([`Module::new_state`]), which the game keeps for it and
/// hands each hook through its context ([`Cx::state`], [`CxMut::state_mut`], [`SideView::state`]),
/// and the resources it declares ([`Module::declare`], read and changed through [`Res`]).
pub trait Module: std::any::Any + Send + Sync + Debug {
    /// The name a ruleset uses for it.
    fn name(&self) -> &'static str;

    /// The spec that rebuilds this module (name and every parameter, defaults filled in).
    fn spec(&self) -> ModuleSpec;

    /// What it exchanges with the other modules, and which modules' steps come before its own.
    fn declare(&self) -> Declaration {
        Declaration::default()
    }

    /// The component tables it plays (`[[component.KEY]]` rows in ruleset and set files, each
    /// read by a serde type of its own: [`ComponentTable::of`]); it reads them back with
    /// [`rows`]. None by default.
    fn component_tables(&self) -> Vec<ComponentTable> {
        Vec::new()
    }

    /// The JSON Schema of its parameters (a [`Mechanism`]'s comes from its `Params` type), for
    /// the ruleset schema editors read; `None` when it does not give one.
    fn params_schema(&self) -> Option<serde_json::Value> {
        None
    }

    /// A new state of its own for a game (the default: none). The game clears it between games
    /// ([`ModuleState::clear`]) and its setup fills it.
    fn new_state(&self) -> StateBox {
        StateBox::new(NoState)
    }

    /// Set up the module's state and resources for a game; return a problem that makes the
    /// setup impossible (e.g. a supply too small for the number of sides).
    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String>;

    /// Problems with this module in `ruleset` (e.g. a terrain it names that does not exist),
    /// each with the parameter it is about, if one.
    fn check(&self, _ruleset: &Ruleset) -> Vec<CheckProblem> {
        Vec::new()
    }

    /// Why this module can never act under `rules` (a warning, not an error: the game still
    /// plays), or `None`. `modules` is the whole list in force, this module among them: ask
    /// [`anyone_adds`] whether some other module can give what this one waits for.
    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Option<String> {
        None
    }

    /// Parts of this module's rules that act but can never count under `rules` (warnings, not
    /// errors): what it gives that no module of `modules` keeps or scores. Each is a sentence
    /// after `module `NAME`: `.
    fn never_counts(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Vec::new()
    }

    /// Parameters (or parts of them) that can never come into play in `ruleset` though they are
    /// valid (warnings, not errors): each at its parameter (`CheckProblem::at`), else at the
    /// module (`CheckProblem::whole`); the engine puts `` module `NAME`: `` before it. `rules`
    /// are those of one player count; a warning said at every count is said once.
    fn never_reached(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        Vec::new()
    }

    /// Whether this module can ever add to the resource `resource` in a game of `ruleset`, for
    /// the other modules' [`Module::idle`] warnings (knights that no one starts with, the Queen
    /// without towers). The default says yes for every resource the module declares; say no
    /// where the module's data rules it out (the buildings give towers only when some building
    /// has a tower).
    fn can_add(&self, _ruleset: &Ruleset, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }

    /// Whether what this module does depends on the resource `resource`, or takes from it (it
    /// spends coins, scores them, breaks a tie by them), for the other modules' warnings that
    /// what they give never counts. The default says yes for every resource the module
    /// declares; say no for one it only adds to (the claim order's coins at the start).
    fn takes(&self, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }

    /// Whether this module gives each turn a step of its own (after placing, before claiming).
    fn has_turn_step(&self) -> bool {
        false
    }

    /// Whether [`Module::after_action`] does anything (the game calls only those that do).
    fn watches_actions(&self) -> bool {
        false
    }

    /// Whether [`Module::begin_step`] does anything (the game calls it only then).
    fn has_begin_step(&self) -> bool {
        false
    }

    /// Called when the acting player enters this module's step, for a module that
    /// [`Module::has_begin_step`]: whatever the step then offers, a step with nothing to choose
    /// (only `Pass`, played by itself) included. Not while a choice's words are worked out
    /// ([`Cx::if_played`] stops at the action). A front end tells what it changed
    /// ([`Module::news`]) with the action that led into the step.
    fn begin_step(&self, _cx: CxMut<'_>) {}

    /// The module's legal actions in its step, for `side` (the game adds [`Action::Pass`]).
    fn legal_actions(&self, _cx: Cx<'_>, _side: Side, _out: &mut ActionSink<'_>) {}

    /// Why `payload`, one of this module's actions, is not legal for `side` now, in the
    /// module's words (`Monument costs 3¢; this kingdom has 2`), or `None` for the core's
    /// generic refusal. Asked only for an action the game refuses in this module's step.
    fn why_illegal(&self, _cx: Cx<'_>, _side: Side, _payload: u32) -> Option<String> {
        None
    }

    /// How many actions [`Module::legal_actions`] lists, for random play without listing them.
    /// The default lists them; a module on the simulation hot path counts them instead.
    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        let mut out = Vec::new();
        self.legal_actions(cx, side, &mut ActionSink::new(ModuleIndex::FIRST, &mut out));
        out.len() as u32
    }

    /// The payload of the `n`th action (0-based) [`Module::legal_actions`] lists. The default
    /// lists them.
    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<u32> {
        let mut out = Vec::new();
        self.legal_actions(cx, side, &mut ActionSink::new(ModuleIndex::FIRST, &mut out));
        out.get(n as usize).and_then(|a| a.module_payload())
    }

    /// One of the step's choices drawn uniformly for random play: `crate::rng::below(count + 1)`
    /// from `next_u32`, `count` being [`Module::legal_action_count`]; the payload of that action
    /// ([`Module::nth_legal_action`]), or `None` for the last pick, `Pass`. The default counts,
    /// draws and indexes; a module on the hot path does the work they share once.
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<u32> {
        let count = self.legal_action_count(cx, side);
        let pick = crate::rng::below(count + 1, next_u32);
        if pick < count {
            self.nth_legal_action(cx, side, pick)
        } else {
            None
        }
    }

    /// Apply one of this module's actions, of payload `payload` (already checked to be among its
    /// legal actions). Returns whether the step goes on (more actions possible) or is over.
    fn apply(&self, _cx: CxMut<'_>, _side: Side, _payload: u32) -> Result<bool, IllegalAction> {
        Ok(false)
    }

    /// Random play's step in one call: the choice [`Module::random_action`] draws, played as
    /// [`Module::apply`] plays it. `None` when the draw was `Pass` (nothing changed); otherwise
    /// the payload played and whether the step goes on. The default is exactly those two hooks
    /// (as is [`Mechanism`]'s, with the action kept typed between them): what it saves is a
    /// second call through the module list on the simulation hot path, so a module overrides it
    /// only to make it cheaper, never to play otherwise.
    fn play_random_step(
        &self,
        cx: CxMut<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<(u32, bool)> {
        let payload = self.random_action(cx.read(), side, next_u32)?;
        Some((payload, self.apply(cx, side, payload).unwrap_or(false)))
    }

    // ----- its actions in text and JSON (see [`crate::module_action::ModuleAction`]) -----

    /// The keyword of this module's actions, and how they are written (none: it has no
    /// actions).
    fn action_word(&self) -> Option<ActionWord> {
        None
    }

    /// The text of its action of payload `payload`, keyword first (`tax0`).
    fn write_action(&self, payload: u32, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}?{payload}", self.name())
    }

    /// What follows its keyword in an action's text, read into a payload: `None` unless it is
    /// exactly what [`Module::write_action`] writes.
    fn read_action(&self, _rest: &str) -> Option<u32> {
        None
    }

    /// Every keyword its actions' text may start with, [`Module::action_word`]'s first.
    fn action_words(&self) -> Vec<ActionWord> {
        self.action_word().into_iter().collect()
    }

    /// An action's text starting with `keyword` (one of [`Module::action_words`]), `rest`
    /// following it, read into a payload. The default reads [`Module::action_word`]'s with
    /// [`Module::read_action`].
    fn read_action_word(&self, keyword: &str, rest: &str) -> Option<u32> {
        if self.action_word()?.keyword == keyword {
            self.read_action(rest)
        } else {
            None
        }
    }

    /// Its action of payload `payload` as JSON (`{"action":"tax","square":0}`), as saves record
    /// it.
    fn action_json(&self, _payload: u32) -> Option<String> {
        None
    }

    /// An action's JSON, read into a payload when it is one of this module's: `Ok(None)` when
    /// it is not (another module's kind, or the core's), an error saying what is wrong when it
    /// names one of this module's kinds but does not read as it.
    fn read_action_json(&self, _json: &str) -> Result<Option<u32>, String> {
        Ok(None)
    }

    /// Called after an action (not a pass) by `side` of a module providing a resource this one
    /// uses or reads, for the modules that [`Module::watches_actions`] (the Queen, who goes to
    /// the kingdom that gained the most towers: after each build).
    fn after_action(&self, _cx: CxMut<'_>, _side: Side) {}

    /// Whether [`Module::end_round`] does anything (the game calls it only then).
    fn has_end_round(&self) -> bool {
        false
    }

    /// Called at the end of each round of turns, for a module that [`Module::has_end_round`]:
    /// once the round's last turn is over and the next line is drawn, before the next round's
    /// first placement (`cx.table().round()` already the next round's number); after the
    /// game's last round too, where no line follows (`cx.table().current_line()` empty, and
    /// the game ends after it); not after the first claims (round 0 has no turns). What a
    /// module does at the start of a round it does here, and in `setup` for the first.
    fn end_round(&self, _cx: CxMut<'_>) {}

    /// Reshuffle what this module keeps hidden from every player (a draw pile's order), from a
    /// canonical order, drawing from `next_u32`: see [`Game::resample_hidden`];
    /// [`crate::rng::resample_pile`] does both for a pile kept as a list. The conformance suite
    /// checks that what players see stays as it was.
    fn resample_hidden(&self, _cx: CxMut<'_>, _next_u32: &mut dyn FnMut() -> u32) {}

    /// Add this module's part of a side's final score.
    fn score(&self, _side: SideView<'_>, _breakdown: &mut ScoreBreakdown) {}

    /// Whether this module's points are a sum over the side's territories, each given by
    /// [`Module::territory_points`] (`terrain-multipliers`): the bots then value a placement with
    /// them, as they value the printed squares x crowns.
    fn scores_territories(&self) -> bool {
        false
    }

    /// For a module that [`Module::scores_territories`]: the points it gives one territory of
    /// the terrain named `terrain` with `squares` squares and `crowns` crowns. Its
    /// [`Module::points`] must be the sum of these over the side's territories, held within
    /// [`MAX_LINE_POINTS`] either way ([`clamp_line`]), as the bots hold it.
    fn territory_points(&self, _terrain: &str, _squares: u32, _crowns: u32) -> i64 {
        0
    }

    /// Whether this module's points come from the side's territories taken together, as
    /// [`Module::kingdom_scorer`] gives them (`goals`: a lake of 6 squares, met once): the bots
    /// then value a placement with them.
    fn scores_kingdom(&self) -> bool {
        false
    }

    /// For a module that [`Module::scores_kingdom`]: its points for a kingdom from the
    /// kingdom's territories alone, with what the game's setup decided (the goals drawn), asked
    /// once a game is set up. What it gives must equal [`Module::points`] for any kingdom of
    /// those territories for the rest of the game: for points that depend on the kingdom and
    /// on the setup, not on what changes in play.
    fn kingdom_scorer(&self, _cx: Cx<'_>) -> Option<Box<dyn KingdomScorer>> {
        None
    }

    /// Whether this module's points depend on the kingdom in a way neither
    /// [`Module::scores_territories`] nor [`Module::scores_kingdom`] says (a module says at most
    /// one of the three: refused when a ruleset lists one saying two): where its own pieces
    /// stand (a market stall scoring its territory's squares, a well scoring the lakes next to
    /// it). The bots then ask its [`Module::points`] of the kingdom as it would be after each
    /// placement they weigh (through [`crate::Game::placed_points`]: a call a placement, so
    /// slower than the forms above, which are worked out once).
    fn scores_placements(&self) -> bool {
        false
    }

    /// Whether this module's points compare the kingdoms (`majority`: an award to the kingdom
    /// with the most crowns), so that one kingdom alone cannot tell them: the bots then weigh a
    /// placement by its [`Module::kingdom_comparer`] (through
    /// [`crate::Game::kingdom_comparers`] and [`crate::Game::placed_points`], as for
    /// [`Module::scores_placements`]).
    fn compares_kingdoms(&self) -> bool {
        false
    }

    /// For a module that [`Module::compares_kingdoms`]: what it would give `side` were it
    /// decided now, for any kingdom `side` might have (its own with a domino more, as the bots
    /// weigh a placement), the other kingdoms as they stand on `table` (read once, here).
    fn kingdom_comparer(&self, _table: Table<'_>, _side: Side) -> Option<Box<dyn KingdomComparer>> {
        None
    }

    // ----- kingdom files (see [`file`]): `@` lines and marks after squares -----

    /// The `@` lines and marks this module reads in a kingdom file.
    fn file_syntax(&self) -> FileSyntax {
        FileSyntax::default()
    }

    /// Problems with this module's marks in a kingdom file, all at once (each with the index of
    /// the mark in `marks`, in file order): a building number that does not exist, on the wrong
    /// terrain, built twice. `marks` are only those of this module's symbols.
    fn check_marks(&self, _ruleset: &Ruleset, _marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        Vec::new()
    }

    /// Problems with what the kingdoms of one table hold together that no kingdom alone shows
    /// (the kingdom files of one `crownlands score`, a single file being a table of one), each
    /// with the index in `kingdoms` of the kingdom it concerns and where in its file (the `@`
    /// line or the square, for the message's line and column): the Queen in two kingdoms, one
    /// building built in two. Called once every kingdom has been read; `table.sides` says how
    /// many kingdoms the table has, of which the files may be some (`table.complete()`).
    fn check_table(&self, _table: &TableView<'_>) -> Vec<TableProblem> {
        Vec::new()
    }

    /// Read one of this module's marks (checked by [`Module::check_marks`]) on `cell` of the
    /// side's kingdom.
    fn read_mark(
        &self,
        _edit: SideEdit<'_>,
        _cell: Cell,
        _symbol: char,
        _number: Option<u32>,
        _count: u32,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Read one of this module's `@` lines (`value`: its number, for one that takes one).
    fn read_directive(
        &self,
        _edit: SideEdit<'_>,
        _word: &str,
        _value: Option<u32>,
    ) -> Result<(), String> {
        Ok(())
    }

    /// The marks this module writes on a side's kingdom in a kingdom file.
    fn write_marks(&self, _side: SideView<'_>, _out: &mut Vec<PlacedMark>) {}

    /// The `@` lines this module writes for a side (`word` and its number; only what is not 0):
    /// only for the directives it declares.
    fn write_directives(&self, _side: SideView<'_>, _out: &mut Vec<(&'static str, Option<u32>)>) {}

    // ----- presentation (see [`describe`]): front ends render these, knowing no module -----

    /// What this module's turn step is for, a sentence an item (help, the rules panel), with
    /// the numbers of its parameters (a house rule's price is the one shown).
    fn help(&self) -> Vec<String> {
        Vec::new()
    }

    /// [`Module::help`] as the rules in play have it, `modules` the rules' whole list: a
    /// module may leave out what no module of the list ever brings (the knights' tax bonus
    /// where no module gives one). By default the help itself.
    fn help_in(&self, _ruleset: &Ruleset, _modules: &[Box<dyn Module>]) -> Vec<String> {
        self.help()
    }

    /// The module in one line (at most 76 characters with short parameter values, as the
    /// shipped defaults are): what it adds to a turn or to the score, with the numbers of its
    /// parameters.
    fn summary(&self) -> Option<String> {
        None
    }

    /// The module among the rules a help lists (`How RULESET scores`): its summary, or a
    /// line and then a line for each thing it lists (each goal, in words). By default the
    /// summary.
    fn rule_lines(&self) -> Vec<String> {
        self.summary().into_iter().collect()
    }

    /// What it gives side `side` (from 0; a seat, but for teams) of `sides` for sitting there,
    /// in a few words, for a setup screen beside the seat (`+5 pts`, `+3 coins`): `None` (the
    /// default) where it gives every side alike.
    fn side_note(&self, _side: usize, _sides: u8) -> Option<String> {
        None
    }

    /// This module's step in a word or two (`Tax`), for a title where the prompt does not fit.
    /// The default is the module's name, capitalised.
    fn title(&self) -> String {
        let mut chars = self.name().chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        })
    }

    /// What this module's step asks of `side`, one sentence.
    fn prompt(&self, _cx: Cx<'_>, _side: Side) -> String {
        self.help()
            .into_iter()
            .next()
            .unwrap_or_else(|| format!("The {} step: choose, or pass.", self.name()))
    }

    /// What `side` may miss in this module's step now, short (`you have 4¢: not enough for
    /// Small Tavern 5¢`): said with the step's title where its prompt does not fit.
    fn note(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }

    /// Why `side` has nothing to choose in this module's step now (only going on is legal), in
    /// words (`the Queen's host may not bribe the Dragon`); `None` when the module does not say.
    fn why_no_choice(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }

    /// One of this module's legal actions as a choice in words (`None`: the core writes its
    /// text).
    fn describe_choice(&self, _cx: Cx<'_>, _side: Side, _action: Action) -> Option<ChoiceView> {
        None
    }

    /// What changed of this module's public state from `before` to `after` (one action apart)
    /// that the action's own words do not say, a sentence each, naming sides with
    /// [`describe::side_ref`] (`the Queen goes to side 3`): a front end's log tells them. None by
    /// default.
    fn news(&self, _before: Cx<'_>, _after: Cx<'_>) -> Vec<String> {
        Vec::new()
    }

    /// The module's public state as titled rows (the Builders' Board): rows of words
    /// ([`describe::PanelRow::Text`]) or things on offer, each with its price, name and
    /// figures ([`describe::PanelRow::Item`]), which a front end short of room fits together.
    fn panels(&self, _cx: Cx<'_>, _out: &mut Vec<Panel>) {}

    /// What the module keeps for `side`, in words and as a count of a unit (`2 knights`, `2kn`:
    /// [`describe::Stat::counted`]) or a mark (`Queen`, `Q`: [`describe::Stat::mark`]).
    fn side_stats(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<Stat>) {}

    /// A side's value of `resource`, one this module provides, in words (`7 coins`, `7¢`), or
    /// `None` to leave it unshown. A resource several modules provide (coins: the knights' and
    /// wealth's) is shown once, by the first module of the list that words it, before every
    /// module's [`Module::side_stats`].
    fn resource_stat(&self, _resource: &str, _value: u32) -> Option<Stat> {
        None
    }

    /// The pieces the module put on `side`'s kingdom (knights, buildings).
    fn cell_marks(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<CellMark>) {}

    /// What must hold of the module's state and resources at every step, each broken one said
    /// in words (`side 2 keeps 3 stalls as its resource but lists 2`): where a module keeps one
    /// thing twice (a count in its state and as a resource), or its state must agree with the
    /// kingdoms. The conformance suite ([`crate::conformance`]) asks every module after every
    /// action of its games. Nothing by default.
    fn invariants(&self, _cx: Cx<'_>, _out: &mut Vec<String>) {}

    /// This module's lines of a side's score. The default lists the bonuses [`Module::score`]
    /// adds, and what it adds to the territories as one line named after the module.
    fn score_lines(&self, rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        default_score_lines(self, rules, side)
    }

    /// What [`Module::score`] adds to the total, without building a breakdown (simulations score
    /// millions of games). Modules score independently of each other. The default runs `score`
    /// on the kingdom's own breakdown; a module on the hot path computes the points directly.
    fn points(&self, rules: &Rules, side: SideView<'_>) -> i32 {
        default_points(self, rules, side)
    }
}

/// [`Module::score_lines`]' default: the bonuses `m`'s `score` adds, and what it adds to the
/// territories as one line named after the module.
pub(crate) fn default_score_lines<M: Module + ?Sized>(
    m: &M,
    rules: &Rules,
    side: SideView<'_>,
) -> Vec<ScoreLine> {
    let mut breakdown = crate::score::score_kingdom(side.kingdom, rules);
    let (before_total, before_bonuses) = (breakdown.total, breakdown.bonuses.len());
    m.score(side, &mut breakdown);
    let mut lines: Vec<ScoreLine> = breakdown.bonuses[before_bonuses..]
        .iter()
        .map(|b| ScoreLine {
            label: b.key.clone(),
            points: b.points,
            detail: None,
            short: None,
        })
        .collect();
    let listed: i32 = lines.iter().map(|l| l.points).sum();
    let rest = breakdown.total - before_total - listed;
    if rest != 0 {
        lines.push(ScoreLine {
            label: m.name().to_string(),
            points: rest,
            detail: None,
            short: None,
        });
    }
    lines
}

/// [`Module::points`]' default: what `m`'s `score` adds to the kingdom's breakdown.
pub(crate) fn default_points<M: Module + ?Sized>(m: &M, rules: &Rules, side: SideView<'_>) -> i32 {
    let mut breakdown = crate::score::score_kingdom(side.kingdom, rules);
    let before = breakdown.total;
    m.score(side, &mut breakdown);
    breakdown.total - before
}

pub use crate::score::line::{MAX_LINE_POINTS, clamp_line};

/// A side's total: the kingdom's points under `rules` plus each module's, as [`score_side`]
/// would total them, without building the breakdown.
pub fn side_total(rules: &Rules, side: SideView<'_>) -> i32 {
    crate::score::score_total(side.kingdom, rules)
        + side
            .list()
            .modules()
            .iter()
            .enumerate()
            .map(|(i, m)| m.points(rules, side.for_module(i)))
            .sum::<i32>()
}

#[cfg(test)]
mod isolation;
#[cfg(test)]
mod tests;

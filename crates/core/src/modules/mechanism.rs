//! The typed module: what a module author writes. A [`Mechanism`] names its parameters, its
//! state and its actions as types of its own; a blanket implementation makes it the object-safe
//! [`Module`] the game stores, doing every conversion once, here: parameters from and to a
//! ruleset's spec (serde), the state's slot, actions from and to their payload, text and JSON.
//!
//! ```text
//! impl Mechanism for Knights {
//!     const NAME: &'static str = "knights";
//!     type Params = KnightsParams;   // serde, kebab-case, deny_unknown_fields, Default
//!     type State = KnightsState;     // ModuleState + Default
//!     type Action = KnightsAction;   // ModuleAction: keyword, text, payload, JSON
//!     fn new(params: KnightsParams) -> Knights { ... }
//!     fn params(&self) -> KnightsParams { ... }
//!     fn legal_actions(&self, cx: Cx, side: Side, out: &mut Actions<KnightsAction>) { ... }
//!     fn apply(&self, cx: CxMut, side: Side, action: KnightsAction) -> Result<bool, ..> { ... }
//!     ...
//! }
//! registry.add_mechanism::<Knights>();
//! ```

use super::describe::{CellMark, ChoiceView, Panel, ScoreLine, Stat};
use super::{
    Cx, CxMut, Declaration, FileMark, FileSyntax, Module, ModuleError, ModuleSpec, ModuleState,
    Param, PlacedMark, SetupContext, SideEdit, SideView, StateBox, TableView,
};
use crate::action_text::ActionWord;
use crate::game::{Action, IllegalAction};
use crate::geometry::Cell;
use crate::module_action::{ActionSink, ModuleAction};
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use crate::side::Side;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::marker::PhantomData;

/// What a module's parameters must be: serde (kebab-case keys, `deny_unknown_fields`, missing
/// keys from `Default`) and a JSON Schema (`schemars::JsonSchema`), so that the ruleset's
/// schema, its defaults and its error messages come from one definition.
pub trait ParamsType:
    Serialize + DeserializeOwned + Default + Clone + Debug + PartialEq + schemars::JsonSchema
{
}
impl<T> ParamsType for T where
    T: Serialize + DeserializeOwned + Default + Clone + Debug + PartialEq + schemars::JsonSchema
{
}

/// The parameters of a module that takes none.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// The action type of a module without a step of its own: it has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoAction {}

impl ModuleAction for NoAction {
    const WORD: ActionWord = ActionWord {
        keyword: "",
        form: "",
        example: "",
    };

    fn to_payload(self) -> u32 {
        match self {}
    }

    fn from_payload(_payload: u32) -> Option<NoAction> {
        None
    }

    fn write(self, _f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {}
    }

    fn read(_rest: &str) -> Option<NoAction> {
        None
    }
}

/// Where a mechanism lists its legal actions, typed.
pub struct Actions<'s, 'a, A> {
    sink: &'s mut ActionSink<'a>,
    kind: PhantomData<A>,
}

impl<A: ModuleAction> Actions<'_, '_, A> {
    pub fn push(&mut self, action: A) {
        self.sink.push(action);
    }
}

/// One problem with a module's parameters: the key at fault and what is wrong (`` `per-turn`
/// must be from 0 to 2, not 3 ``).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamProblem {
    pub key: &'static str,
    pub problem: String,
}

/// One problem with a module in a ruleset ([`Mechanism::check`]: a terrain it names that the
/// ruleset lacks, components it needs that the sets do not hold): what is wrong, and the
/// parameter it is about if one is, so that the error points at that key in the file (at the
/// module's parameters otherwise). The engine puts `` module `NAME`: `` before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckProblem {
    pub key: Option<&'static str>,
    pub problem: String,
}

impl CheckProblem {
    /// A problem with the parameter `key`.
    pub fn at(key: &'static str, problem: impl Into<String>) -> CheckProblem {
        CheckProblem {
            key: Some(key),
            problem: problem.into(),
        }
    }

    /// A problem with the module's parameters as a whole, or with the ruleset's components.
    pub fn whole(problem: impl Into<String>) -> CheckProblem {
        CheckProblem {
            key: None,
            problem: problem.into(),
        }
    }
}

/// A typed module: its name, parameters, state and actions are its own types, and its hooks
/// take them typed. Every hook but [`Mechanism::new`] and [`Mechanism::params`] has a default;
/// see [`Module`] for what each does.
pub trait Mechanism: Debug + Send + Sync + Sized + 'static {
    /// The name a ruleset uses for it.
    const NAME: &'static str;
    /// Its parameters (see [`ParamsType`]).
    type Params: ParamsType;
    /// What it keeps during a game: one value the game keeps for it (cleared between games).
    type State: ModuleState + Default;
    /// Its actions ([`NoAction`] for a module without a step).
    type Action: ModuleAction;

    /// The module of these parameters (checked by [`Mechanism::validate`] first).
    fn new(params: Self::Params) -> Self;
    /// The parameters that rebuild it.
    fn params(&self) -> Self::Params;
    /// Every problem with parameters that read: values that do not go together (each value's
    /// own range is in its type, [`super::Bounded`], and checked as it reads).
    fn validate(_params: &Self::Params) -> Vec<ParamProblem> {
        Vec::new()
    }

    /// The resources it provides, uses and reads, and its order in the turn ([`Module::declare`]).
    fn declare(&self) -> Declaration {
        Declaration::default()
    }
    /// The component tables it plays (`[[component.KEY]]` rows): see [`Module::component_tables`].
    fn component_tables(&self) -> Vec<super::ComponentTable> {
        Vec::new()
    }
    /// Before the first turn of each game: the starting resources and what the module deals (its
    /// state is then the `Default` of [`Mechanism::State`]). None by default. A state kept per
    /// side is best a [`super::PerSide`], which needs no sizing here (a kingdom file's side
    /// arrives without a setup).
    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
    /// Problems with it in `ruleset` (a terrain it names that is not there), each at its
    /// parameter where one is ([`CheckProblem::at`]): errors at load. See [`Module::check`].
    fn check(&self, _ruleset: &Ruleset) -> Vec<CheckProblem> {
        Vec::new()
    }
    /// Why it can never act under `rules` (a warning, not an error), or `None`: see
    /// [`Module::idle`].
    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Option<String> {
        None
    }
    /// Parts of its rules that act but can never count under `rules` (warnings): see
    /// [`Module::never_counts`].
    fn never_counts(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Vec::new()
    }
    /// See [`Module::never_reached`]: a parameter that can never come into play, said at the
    /// parameter (a `CheckProblem`, where [`Mechanism::never_counts`] says a whole rule in words).
    fn never_reached(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        Vec::new()
    }
    /// Whether it can ever add to `resource` in a game of `ruleset` (by default: every resource
    /// it declares), for the other modules' [`Mechanism::idle`]: see [`Module::can_add`].
    fn can_add(&self, _ruleset: &Ruleset, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }
    /// See [`Module::takes`].
    fn takes(&self, resource: &str) -> bool {
        self.declare().resources().any(|r| r == resource)
    }
    /// Whether it has a step in each turn after placing (then `legal_actions` and `apply`
    /// play it; `cx.turn_placement()` says where the domino just went, `None` after a discard).
    fn has_turn_step(&self) -> bool {
        false
    }
    /// Whether [`Mechanism::after_action`] does anything (the game calls only those that do).
    fn watches_actions(&self) -> bool {
        false
    }
    /// Whether [`Mechanism::begin_step`] does anything (the game calls it only then).
    fn has_begin_step(&self) -> bool {
        false
    }
    /// Called as the acting player enters its step, for a module that
    /// [`Mechanism::has_begin_step`]: see [`Module::begin_step`].
    fn begin_step(&self, _cx: CxMut<'_>) {}
    /// Every action `side` may take in its step now, each once (`Pass` is the game's: never
    /// listed here).
    fn legal_actions(&self, _cx: Cx<'_>, _side: Side, _out: &mut Actions<'_, '_, Self::Action>) {}
    /// Why `action`, one of its actions, is not legal for `side` now, in its own words (`Monument
    /// costs 3¢; this kingdom has 2`); `None`: the core's words. See [`Module::why_illegal`].
    fn why_illegal(&self, _cx: Cx<'_>, _side: Side, _action: Self::Action) -> Option<String> {
        None
    }
    /// The default lists them.
    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        listed(self, cx, side).len() as u32
    }
    /// The default lists them.
    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<Self::Action> {
        listed(self, cx, side)
            .get(n as usize)
            .and_then(|a| a.module_payload())
            .and_then(Self::Action::from_payload)
    }
    /// One choice drawn uniformly for random play (`None`: `Pass`), see
    /// [`Module::random_action`]. The default counts, draws and indexes.
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<Self::Action> {
        let count = self.legal_action_count(cx, side);
        let pick = crate::rng::below(count + 1, next_u32);
        if pick < count {
            self.nth_legal_action(cx, side, pick)
        } else {
            None
        }
    }
    /// Play one of the actions `legal_actions` listed. `Ok(true)`: the step goes on (the side
    /// may act again in it); `Ok(false)`: the step is over (one action a turn). The game checks
    /// an action is listed before handing it here.
    fn apply(
        &self,
        _cx: CxMut<'_>,
        _side: Side,
        _action: Self::Action,
    ) -> Result<bool, IllegalAction> {
        Ok(false)
    }
    /// Called after an action (not a pass) by `side` of a module providing a resource this one
    /// uses or reads, for a module that [`Mechanism::watches_actions`]: see
    /// [`Module::after_action`].
    fn after_action(&self, _cx: CxMut<'_>, _side: Side) {}
    /// Whether [`Mechanism::end_round`] does anything (the game calls it only then).
    fn has_end_round(&self) -> bool {
        false
    }
    /// Called at the end of each round, for a module that [`Mechanism::has_end_round`]: see
    /// [`Module::end_round`].
    fn end_round(&self, _cx: CxMut<'_>) {}
    /// Reshuffle what it keeps hidden from every player (a draw pile's order) for a bot's
    /// sample of the game: see [`Module::resample_hidden`].
    fn resample_hidden(&self, _cx: CxMut<'_>, _next_u32: &mut dyn FnMut() -> u32) {}
    /// Its points at the end, as lines of the breakdown: `breakdown.add_bonus(key, points)`
    /// lists each and adds it to the total (`points` and `score_lines` are optional, faster or
    /// clearer forms of the same figure: when given, they must agree with this).
    fn score(&self, _side: SideView<'_>, _breakdown: &mut ScoreBreakdown) {}
    /// See [`Module::scores_territories`].
    fn scores_territories(&self) -> bool {
        false
    }
    /// See [`Module::territory_points`].
    fn territory_points(&self, _terrain: &str, _squares: u32, _crowns: u32) -> i64 {
        0
    }
    /// See [`Module::scores_kingdom`].
    fn scores_kingdom(&self) -> bool {
        false
    }
    /// See [`Module::kingdom_scorer`].
    fn kingdom_scorer(&self, _cx: Cx<'_>) -> Option<Box<dyn super::KingdomScorer>> {
        None
    }
    /// See [`Module::scores_placements`].
    fn scores_placements(&self) -> bool {
        false
    }
    /// See [`Module::compares_kingdoms`].
    fn compares_kingdoms(&self) -> bool {
        false
    }
    /// See [`Module::kingdom_comparer`].
    fn kingdom_comparer(
        &self,
        _table: super::Table<'_>,
        _side: Side,
    ) -> Option<Box<dyn super::KingdomComparer>> {
        None
    }
    /// The `@` lines and marks it reads in a kingdom file: see [`Module::file_syntax`].
    fn file_syntax(&self) -> FileSyntax {
        FileSyntax::default()
    }
    /// Problems with its marks in a kingdom file, all at once, each with the mark's index in
    /// `marks`: see [`Module::check_marks`].
    fn check_marks(&self, _ruleset: &Ruleset, _marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        Vec::new()
    }
    /// Problems with what the kingdoms of one `score` hold together: see
    /// [`Module::check_table`].
    fn check_table(&self, _table: &TableView<'_>) -> Vec<super::TableProblem> {
        Vec::new()
    }
    /// Read one of its marks (checked by [`Mechanism::check_marks`]) on `cell`: see
    /// [`Module::read_mark`].
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
    /// Read one of its `@` lines (`value`: its number): see [`Module::read_directive`].
    fn read_directive(
        &self,
        _edit: SideEdit<'_>,
        _word: &str,
        _value: Option<u32>,
    ) -> Result<(), String> {
        Ok(())
    }
    /// The marks it writes on a side's kingdom in a kingdom file: see [`Module::write_marks`].
    fn write_marks(&self, _side: SideView<'_>, _out: &mut Vec<PlacedMark>) {}
    /// The `@` lines it writes for a side (only what is not 0): see
    /// [`Module::write_directives`].
    fn write_directives(&self, _side: SideView<'_>, _out: &mut Vec<(&'static str, Option<u32>)>) {}
    /// Written from the module's parameters, so a house rule's numbers are the ones shown.
    fn help(&self) -> Vec<String> {
        Vec::new()
    }
    /// [`Module::help_in`]: the help as the rules in play have it (by default the help).
    fn help_in(
        &self,
        _ruleset: &crate::ruleset::Ruleset,
        _modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Mechanism::help(self)
    }
    /// The module in one line with its parameters' numbers (at most about 76 characters): see
    /// [`Module::summary`].
    fn summary(&self) -> Option<String> {
        None
    }
    /// See [`Module::rule_lines`]. By default the summary.
    fn rule_lines(&self) -> Vec<String> {
        self.summary().into_iter().collect()
    }
    /// See [`Module::side_note`]. By default `None`.
    fn side_note(&self, _side: usize, _sides: u8) -> Option<String> {
        None
    }
    /// `None`: the name, capitalised.
    fn title(&self) -> Option<String> {
        None
    }
    /// What the step asks of `side`, one short sentence (`Market: a 2¢ stall on 3+ squares`).
    /// Front ends put it where it fits whole (the terminal UI's status line beside the step's
    /// keys, which leave about 30 characters at 80 columns and 70 at 120; the step list's
    /// title) and the step's [`Mechanism::title`] where it does not: keep the words that matter
    /// first and under about 60 characters. `None`: the first line of [`Mechanism::help`].
    fn prompt(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }
    /// What `side` may miss in this step now, short (`you have 4¢: not enough for Small Tavern
    /// 5¢`): a front end says it with the step's [`Mechanism::title`] where the prompt does not
    /// fit, so put it in the prompt too. `None`: nothing.
    fn note(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }
    /// Why `side` has nothing to choose in this step now, only going on (`no knight is left in
    /// hand`): a front end says it where the step goes by itself. `None`: not said.
    fn why_no_choice(&self, _cx: Cx<'_>, _side: Side) -> Option<String> {
        None
    }
    /// What changed of its public state from `before` to `after`, one action apart, that the
    /// action's words do not say ([`Module::news`]).
    fn news(&self, _before: Cx<'_>, _after: Cx<'_>) -> Vec<String> {
        Vec::new()
    }
    /// One of its legal actions as a choice in words, with the squares it concerns (`None`: the
    /// core writes its text): see [`Module::describe_choice`]. `action` is `packed` (the game's
    /// form, which the choice carries).
    fn describe_choice(
        &self,
        _cx: Cx<'_>,
        _side: Side,
        _action: Self::Action,
        _packed: Action,
    ) -> Option<ChoiceView> {
        None
    }
    /// Its public state as titled rows (the Builders' Board): see [`Module::panels`].
    fn panels(&self, _cx: Cx<'_>, _out: &mut Vec<Panel>) {}
    /// What it keeps for `side`, in words and short (`2 knights`, `2kn`): see
    /// [`Module::side_stats`].
    fn side_stats(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<Stat>) {}
    /// A side's value of `resource`, one it provides, in words (`7 coins`, `7¢`), or `None` to
    /// leave it unshown: see [`Module::resource_stat`].
    fn resource_stat(&self, _resource: &str, _value: u32) -> Option<Stat> {
        None
    }
    /// The pieces it put on `side`'s kingdom (a stall, a knight): see [`Module::cell_marks`].
    fn cell_marks(&self, _cx: Cx<'_>, _side: Side, _out: &mut Vec<CellMark>) {}
    /// See [`Module::invariants`].
    fn invariants(&self, _cx: Cx<'_>, _out: &mut Vec<String>) {}
    /// `None`: the bonuses [`Mechanism::score`] adds, and the rest as one line.
    fn score_lines(&self, _rules: &Rules, _side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        None
    }
    /// `None`: what [`Mechanism::score`] adds to a breakdown.
    fn points(&self, _rules: &Rules, _side: SideView<'_>) -> Option<i32> {
        None
    }
}

/// Every legal action of `m`, listed (what the counting and indexing defaults use).
fn listed<M: Mechanism>(m: &M, cx: Cx<'_>, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    let mut sink = ActionSink::new(crate::ModuleIndex::FIRST, &mut out);
    m.legal_actions(
        cx,
        side,
        &mut Actions {
            sink: &mut sink,
            kind: PhantomData,
        },
    );
    out
}

/// A module's parameters as JSON, from its spec.
fn spec_json(spec: &ModuleSpec) -> serde_json::Value {
    serde_json::Value::Object(
        spec.params
            .iter()
            .map(|(k, v)| (k.clone(), v.to_json()))
            .collect(),
    )
}

/// A parameter's value from JSON (what a params struct serializes to).
fn json_param(v: &serde_json::Value) -> Option<Param> {
    match v {
        // A whole number TOML can write, or a number with a fraction (a whole number past
        // TOML's range is not written: it could not be read back as one).
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Some(Param::Int(i)),
            None if n.is_f64() => n.as_f64().map(|f| Param::Float(super::Float(f))),
            None => None,
        },
        serde_json::Value::Bool(b) => Some(Param::Bool(*b)),
        serde_json::Value::String(s) => Some(Param::Text(s.clone())),
        serde_json::Value::Array(items) => {
            let ints: Option<Vec<i64>> = items.iter().map(serde_json::Value::as_i64).collect();
            match ints {
                Some(ints) => Some(Param::Ints(ints)),
                // TOML has no empty value: a list holding one (`[None]`) is not written.
                None => items
                    .iter()
                    .map(json_param)
                    .collect::<Option<Vec<Param>>>()
                    .map(Param::List),
            }
        }
        // In a table, a key whose value is left out (`None`) is not written; the rest are.
        serde_json::Value::Object(map) => Some(Param::Table(
            map.iter()
                .filter_map(|(k, v)| json_param(v).map(|p| (k.clone(), p)))
                .collect(),
        )),
        // An optional parameter left out (`None`): not written.
        serde_json::Value::Null => None,
    }
}

/// serde's words for a parameter that does not read, in ours: `` `per-turn` must be a whole
/// number, not "two" ``, `` unknown parameter `x`; expected one of: a, b ``.
fn param_problem(
    module: &str,
    key: &str,
    value: &Param,
    serde: &str,
    items: Option<&str>,
) -> String {
    // A key of the module's own that it does not know: a parameter, in the modules' words.
    if serde.starts_with("unknown field ") {
        return super::value_words::words(serde).replacen("unknown key", "unknown parameter", 1);
    }
    // A value out of its range ([`super::Bounded`]), alone or in a list, or a list's length.
    if serde.starts_with(super::bounded::RANGE_WORDS) {
        return match value {
            Param::Ints(_) => format!("`{key}`: each number {serde}"),
            _ => format!("`{key}` {serde}"),
        };
    }
    if serde.starts_with(super::bounded::LENGTH_WORDS) {
        // Said of what the list holds (`goal` needs 0 to 16 tables, not 17).
        let what = match items {
            Some("string") => " words, not ",
            Some("object") => " tables, not ",
            _ => " numbers, not ",
        };
        return format!("`{key}` {}", serde.replacen(" numbers, not ", what, 1));
    }
    // A word not among the parameter's words (`tax-bonus = "once-per-turn"`).
    if serde.starts_with("unknown variant ") {
        return format!("`{key}` {}", super::value_words::words(serde));
    }
    let expected = serde.rsplit("expected ").next().unwrap_or_default();
    let Some(kind) = super::value_words::kind_words(expected) else {
        return format!("`{key}`: {serde}");
    };
    // A whole number past its type's range (serde's "invalid value"): the range in words.
    let ranged;
    let kind = if serde.starts_with("invalid value: ") && kind == "a whole number" {
        ranged = super::value_words::expected_words(expected, true);
        ranged.as_str()
    } else {
        kind
    };
    // What a list holds, as the parameter type's schema says.
    let what = match (kind, items) {
        ("a list", Some("integer")) => "a list of whole numbers",
        ("a list", Some("number")) => "a list of numbers",
        ("a list", Some("string")) => "a list of words in quotes",
        (kind, _) => kind,
    };
    match (what, value) {
        // A list of numbers with one out of a number's range (negative, huge).
        ("a list of whole numbers", Param::Ints(v)) => format!(
            "`{key}`: each number must be a whole number from 0 up, not {}",
            v.iter().find(|x| **x < 0).copied().unwrap_or_default()
        ),
        // A list of tables written as one table (`goal = { ... }`): how a list of them is
        // written.
        ("a list", Param::Table(_)) if items == Some("object") => format!(
            "`{key}` must be a list of tables, not {}: write `{key} = [{{ ... }}, {{ ... }}]`, or \
             each table under a header `[[rules.module.{module}.{key}]]`",
            crate::text::excerpt(&value.to_string())
        ),
        _ => format!(
            "`{key}` must be {what}, not {}",
            crate::text::excerpt(&value.to_string())
        ),
    }
}

/// A parameter's problem: at the parameter itself in [`param_problem`]'s words; inside its
/// value (a list's item, a table's key) at the part at fault: `` `seasons[0].name` must be a
/// word in quotes, not 1 ``.
fn param_problem_at(
    module: &str,
    key: &str,
    value: &Param,
    problem: &super::value_words::ValueProblem,
    items: Option<&str>,
) -> String {
    // The parameter itself (an unknown one: no path at all): in the parameters' words. A key
    // unknown or missing inside its value is named inside it.
    let inside = problem.unknown.is_some() || problem.serde.starts_with("missing field");
    let top = if inside {
        problem.path.is_empty()
    } else {
        problem.path.len() <= 1
    };
    if top {
        return param_problem(module, key, value, &problem.serde, items);
    }
    // A table where a word is meant (`tax-bonus = { once-a-turn = true }`: serde reads the key
    // as the word and wants nothing after it): said of the parameter.
    if problem.serde.ends_with("expected unit") {
        return format!(
            "`{key}` must be a word in quotes, not {}",
            crate::text::excerpt(&value.to_string())
        );
    }
    let at = problem.at();
    if problem.message.starts_with("must") {
        format!("`{at}` {}", problem.message)
    } else {
        format!("`{at}`: {}", problem.message)
    }
}

/// Build a mechanism from its spec: its parameters read by serde (each key alone when they do
/// not read, to name the one at fault), then checked by its `validate`.
pub fn build_mechanism<M: Mechanism>(spec: &ModuleSpec) -> Result<Box<dyn Module>, ModuleError> {
    let err = |problem: String| ModuleError::Param {
        module: M::NAME.to_string(),
        problem,
    };
    let params = match serde_json::from_value::<M::Params>(spec_json(spec)) {
        Ok(p) => p,
        Err(whole) => {
            for (key, value) in &spec.params {
                let alone = serde_json::Value::Object(
                    [(key.clone(), value.to_json())].into_iter().collect(),
                );
                if let Err(problem) = super::value_words::read::<M::Params>(alone) {
                    let items = list_items::<M>(key);
                    let words = param_problem_at(M::NAME, key, value, &problem, items.as_deref());
                    // A key the parameters do not have: the key is at fault, not its value.
                    if problem.unknown.is_some() && problem.path.is_empty() {
                        return Err(ModuleError::UnknownParam {
                            module: M::NAME.to_string(),
                            problem: words,
                        });
                    }
                    return Err(err(words));
                }
            }
            return Err(err(whole.to_string()));
        }
    };
    let mut problems: Vec<String> = M::validate(&params)
        .into_iter()
        .map(|p| p.problem)
        .collect();
    match problems.len() {
        0 => {}
        1 => return Err(err(problems.remove(0))),
        _ => {
            return Err(ModuleError::Params {
                module: M::NAME.to_string(),
                problems,
            });
        }
    }
    Ok(Box::new(M::new(params)))
}

/// The spec of a mechanism's parameters: every key, defaults filled in.
fn spec_of<M: Mechanism>(m: &M) -> ModuleSpec {
    let mut spec = ModuleSpec::new(M::NAME);
    if let Ok(serde_json::Value::Object(map)) = serde_json::to_value(m.params()) {
        for (k, v) in map {
            if let Some(p) = json_param(&v) {
                spec.params.insert(k, p);
            }
        }
    }
    spec
}

/// The JSON Schema of a mechanism's parameters (draft 2020-12, without its `$schema` line, so
/// that it sits inside another schema).
/// The type of the items of list parameter `key`, as `M`'s parameter schema gives it
/// (`integer`, `string`).
fn list_items<M: Mechanism>(key: &str) -> Option<String> {
    let schema = params_schema::<M>();
    let items = schema.get("properties")?.get(key)?.get("items")?;
    // Through one `$ref` (`#/$defs/Name`) to a type of its own.
    let items = match items.get("$ref").and_then(serde_json::Value::as_str) {
        Some(r) => schema.pointer(r.strip_prefix('#')?)?,
        None => items,
    };
    match items.get("type")? {
        serde_json::Value::String(t) => Some(t.clone()),
        _ => Some("object".into()),
    }
}

pub fn params_schema<M: Mechanism>() -> serde_json::Value {
    schema_of::<M::Params>()
}

/// The JSON Schema of a serde type, as the ruleset schema embeds it (no `$schema` of its own).
pub(crate) fn schema_of<T: schemars::JsonSchema>() -> serde_json::Value {
    let mut v = schemars::SchemaGenerator::default()
        .into_root_schema_for::<T>()
        .to_value();
    if let Some(map) = v.as_object_mut() {
        map.remove("$schema");
    }
    v
}

impl<M: Mechanism> Module for M {
    fn name(&self) -> &'static str {
        M::NAME
    }
    fn spec(&self) -> ModuleSpec {
        spec_of(self)
    }
    fn declare(&self) -> Declaration {
        Mechanism::declare(self)
    }
    fn component_tables(&self) -> Vec<super::ComponentTable> {
        Mechanism::component_tables(self)
    }
    fn params_schema(&self) -> Option<serde_json::Value> {
        Some(params_schema::<M>())
    }
    fn new_state(&self) -> StateBox {
        StateBox::new(M::State::default())
    }
    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Mechanism::setup(self, ctx)
    }
    fn check(&self, ruleset: &Ruleset) -> Vec<CheckProblem> {
        Mechanism::check(self, ruleset)
    }
    fn idle(
        &self,
        ruleset: &Ruleset,
        rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Option<String> {
        Mechanism::idle(self, ruleset, rules, modules)
    }
    fn never_counts(
        &self,
        ruleset: &Ruleset,
        rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Mechanism::never_counts(self, ruleset, rules, modules)
    }
    fn never_reached(
        &self,
        ruleset: &Ruleset,
        rules: &Rules,
        modules: &[Box<dyn Module>],
    ) -> Vec<CheckProblem> {
        Mechanism::never_reached(self, ruleset, rules, modules)
    }
    fn can_add(&self, ruleset: &Ruleset, resource: &str) -> bool {
        Mechanism::can_add(self, ruleset, resource)
    }
    fn takes(&self, resource: &str) -> bool {
        Mechanism::takes(self, resource)
    }
    fn has_turn_step(&self) -> bool {
        Mechanism::has_turn_step(self)
    }
    fn watches_actions(&self) -> bool {
        Mechanism::watches_actions(self)
    }
    fn has_begin_step(&self) -> bool {
        Mechanism::has_begin_step(self)
    }
    fn begin_step(&self, cx: CxMut<'_>) {
        Mechanism::begin_step(self, cx);
    }
    fn why_illegal(&self, cx: Cx<'_>, side: Side, payload: u32) -> Option<String> {
        let action = M::Action::from_payload(payload)?;
        Mechanism::why_illegal(self, cx, side, action)
    }
    fn legal_actions(&self, cx: Cx<'_>, side: Side, out: &mut ActionSink<'_>) {
        Mechanism::legal_actions(
            self,
            cx,
            side,
            &mut Actions {
                sink: out,
                kind: PhantomData,
            },
        );
    }
    fn legal_action_count(&self, cx: Cx<'_>, side: Side) -> u32 {
        Mechanism::legal_action_count(self, cx, side)
    }
    fn nth_legal_action(&self, cx: Cx<'_>, side: Side, n: u32) -> Option<u32> {
        Mechanism::nth_legal_action(self, cx, side, n).map(ModuleAction::to_payload)
    }
    fn random_action(
        &self,
        cx: Cx<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<u32> {
        Mechanism::random_action(self, cx, side, next_u32).map(ModuleAction::to_payload)
    }
    fn play_random_step(
        &self,
        cx: CxMut<'_>,
        side: Side,
        next_u32: &mut dyn FnMut() -> u32,
    ) -> Option<(u32, bool)> {
        let action = Mechanism::random_action(self, cx.read(), side, next_u32)?;
        let payload = action.to_payload();
        Some((
            payload,
            Mechanism::apply(self, cx, side, action).unwrap_or(false),
        ))
    }
    fn apply(&self, cx: CxMut<'_>, side: Side, payload: u32) -> Result<bool, IllegalAction> {
        match M::Action::from_payload(payload) {
            Some(action) => Mechanism::apply(self, cx, side, action),
            // Not one of its actions: the game only hands it those it listed.
            None => Ok(false),
        }
    }
    fn action_word(&self) -> Option<ActionWord> {
        let word = M::Action::WORD;
        (!word.keyword.is_empty()).then_some(word)
    }
    fn write_action(&self, payload: u32, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::module_action::write_typed::<M::Action>(payload, f)
    }
    fn read_action(&self, rest: &str) -> Option<u32> {
        M::Action::read(rest).map(ModuleAction::to_payload)
    }
    fn action_words(&self) -> Vec<ActionWord> {
        // An empty keyword stands for "no actions" in `NoAction` alone; an action type of
        // values written without one is listed, for the load-time check to refuse.
        let none = std::any::TypeId::of::<M::Action>() == std::any::TypeId::of::<NoAction>();
        std::iter::once(M::Action::WORD)
            .chain(M::Action::MORE_WORDS.iter().copied())
            .filter(|w| !(none && w.keyword.is_empty()))
            .collect()
    }
    fn read_action_word(&self, keyword: &str, rest: &str) -> Option<u32> {
        M::Action::read_word(keyword, rest).map(ModuleAction::to_payload)
    }
    fn action_json(&self, payload: u32) -> Option<String> {
        crate::module_action::json_of_typed::<M::Action>(payload)
    }
    fn read_action_json(&self, json: &str) -> Result<Option<u32>, String> {
        crate::module_action::read_typed_json::<M::Action>(json)
    }
    fn after_action(&self, cx: CxMut<'_>, side: Side) {
        Mechanism::after_action(self, cx, side);
    }
    fn has_end_round(&self) -> bool {
        Mechanism::has_end_round(self)
    }
    fn end_round(&self, cx: CxMut<'_>) {
        Mechanism::end_round(self, cx);
    }
    fn resample_hidden(&self, cx: CxMut<'_>, next_u32: &mut dyn FnMut() -> u32) {
        Mechanism::resample_hidden(self, cx, next_u32);
    }
    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        Mechanism::score(self, side, breakdown);
    }
    fn scores_territories(&self) -> bool {
        Mechanism::scores_territories(self)
    }
    fn territory_points(&self, terrain: &str, squares: u32, crowns: u32) -> i64 {
        Mechanism::territory_points(self, terrain, squares, crowns)
    }
    fn scores_kingdom(&self) -> bool {
        Mechanism::scores_kingdom(self)
    }
    fn kingdom_scorer(&self, cx: Cx<'_>) -> Option<Box<dyn super::KingdomScorer>> {
        Mechanism::kingdom_scorer(self, cx)
    }
    fn scores_placements(&self) -> bool {
        Mechanism::scores_placements(self)
    }
    fn compares_kingdoms(&self) -> bool {
        Mechanism::compares_kingdoms(self)
    }
    fn kingdom_comparer(
        &self,
        table: super::Table<'_>,
        side: Side,
    ) -> Option<Box<dyn super::KingdomComparer>> {
        Mechanism::kingdom_comparer(self, table, side)
    }
    fn file_syntax(&self) -> FileSyntax {
        Mechanism::file_syntax(self)
    }
    fn check_marks(&self, ruleset: &Ruleset, marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        Mechanism::check_marks(self, ruleset, marks)
    }
    fn check_table(&self, table: &TableView<'_>) -> Vec<super::TableProblem> {
        Mechanism::check_table(self, table)
    }
    fn read_mark(
        &self,
        edit: SideEdit<'_>,
        cell: Cell,
        symbol: char,
        number: Option<u32>,
        count: u32,
    ) -> Result<(), String> {
        Mechanism::read_mark(self, edit, cell, symbol, number, count)
    }
    fn read_directive(
        &self,
        edit: SideEdit<'_>,
        word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        Mechanism::read_directive(self, edit, word, value)
    }
    fn write_marks(&self, side: SideView<'_>, out: &mut Vec<PlacedMark>) {
        Mechanism::write_marks(self, side, out);
    }
    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        Mechanism::write_directives(self, side, out);
    }
    fn help(&self) -> Vec<String> {
        Mechanism::help(self)
    }
    fn help_in(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        modules: &[Box<dyn Module>],
    ) -> Vec<String> {
        Mechanism::help_in(self, ruleset, modules)
    }
    fn summary(&self) -> Option<String> {
        Mechanism::summary(self)
    }
    fn rule_lines(&self) -> Vec<String> {
        Mechanism::rule_lines(self)
    }
    fn side_note(&self, side: usize, sides: u8) -> Option<String> {
        Mechanism::side_note(self, side, sides)
    }
    fn title(&self) -> String {
        Mechanism::title(self).unwrap_or_else(|| {
            let mut chars = M::NAME.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_uppercase().chain(chars).collect::<String>()
            })
        })
    }
    fn prompt(&self, cx: Cx<'_>, side: Side) -> String {
        Mechanism::prompt(self, cx, side).unwrap_or_else(|| {
            Mechanism::help(self)
                .into_iter()
                .next()
                .unwrap_or_else(|| format!("The {} step: choose, or pass.", M::NAME))
        })
    }
    fn note(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        Mechanism::note(self, cx, side)
    }
    fn why_no_choice(&self, cx: Cx<'_>, side: Side) -> Option<String> {
        Mechanism::why_no_choice(self, cx, side)
    }
    fn news(&self, before: Cx<'_>, after: Cx<'_>) -> Vec<String> {
        Mechanism::news(self, before, after)
    }
    fn describe_choice(&self, cx: Cx<'_>, side: Side, action: Action) -> Option<ChoiceView> {
        let typed = M::Action::from_payload(action.module_payload()?)?;
        Mechanism::describe_choice(self, cx, side, typed, action)
    }
    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        Mechanism::panels(self, cx, out);
    }
    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        Mechanism::side_stats(self, cx, side, out);
    }
    fn resource_stat(&self, resource: &str, value: u32) -> Option<Stat> {
        Mechanism::resource_stat(self, resource, value)
    }
    fn cell_marks(&self, cx: Cx<'_>, side: Side, out: &mut Vec<CellMark>) {
        Mechanism::cell_marks(self, cx, side, out);
    }
    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        Mechanism::invariants(self, cx, out);
    }
    fn score_lines(&self, rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        Mechanism::score_lines(self, rules, side)
            .unwrap_or_else(|| super::default_score_lines(self, rules, side))
    }
    fn points(&self, rules: &Rules, side: SideView<'_>) -> i32 {
        Mechanism::points(self, rules, side)
            .unwrap_or_else(|| super::default_points(self, rules, side))
    }
}

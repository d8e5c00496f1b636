//! Goals (a house rule): points at the end for every kingdom that meets a goal, as quest tiles
//! are played, written in the ruleset. A goal asks for a territory (of a terrain, or of any) of
//! at least so many squares and crowns, once (`scope = "a-territory"`), for each such
//! territory (`"each-territory"`), or of the whole kingdom's squares and crowns of the terrain
//! (`"kingdom"`). `draw = 2` puts two goals of the list in play in each game, drawn at random
//! at the start from the game's own generator and shown to everyone; 0 (the default) puts them
//! all in play.

use super::SideView;
use super::bounded::{Bounded, BoundedList};
use super::describe::{Panel, PanelRow, ScoreLine};
use super::file::{Directive, FileSyntax};
use super::mechanism::{CheckProblem, Mechanism, NoAction, ParamProblem};
use super::{Cx, KingdomScorer, ModuleState, SideEdit, TerritorySize};
use crate::ruleset::{Rules, Ruleset};
use crate::score::ScoreBreakdown;
use crate::terrain::TerrainId;
use serde::{Deserialize, Serialize};

/// At most this many goals in a list.
pub const MAX_GOALS: usize = 16;
/// A goal's name is shown in a panel and on the score screen: at most this many characters.
pub const MAX_NAME: usize = 40;

/// What a goal counts.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "GoalScope")]
pub enum Scope {
    /// Its points once, where one territory meets it.
    #[default]
    ATerritory,
    /// Its points for each territory that meets it.
    EachTerritory,
    /// The kingdom's squares and crowns of the terrain (of every terrain, without one)
    /// together.
    Kingdom,
}

/// What a met goal's points are counted by.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "GoalPer")]
pub enum Per {
    /// Its points once each time it is met (once, or for each territory).
    #[default]
    Goal,
    /// Its points for each square of what meets it: the largest territory meeting it
    /// (`a-territory`), each territory meeting it (`each-territory`), or the kingdom's squares
    /// of the terrain (`kingdom`).
    Square,
    /// Its points for each crown of what meets it, counted as `square` counts squares.
    Crown,
}

impl Per {
    fn is_goal(&self) -> bool {
        *self == Per::Goal
    }
}

/// One goal as the ruleset writes it (`[[rules.module.goals.goal]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct GoalParams {
    /// Its name, shown in the table's panel and the score (at most 40 characters).
    #[schemars(length(min = 1, max = 40))]
    pub name: String,
    /// The points a kingdom meeting it scores at the end (negative: a penalty).
    pub points: Bounded<-1000, 1000>,
    /// The terrain it asks for; any terrain when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// The fewest squares (of a territory, or of the kingdom with `scope = "kingdom"`).
    #[serde(default = "one_square")]
    pub squares: Bounded<1, 64>,
    /// The fewest crowns (of a territory, or of the kingdom with `scope = "kingdom"`).
    #[serde(default = "no_crowns")]
    pub crowns: Bounded<0, 256>,
    /// The most crowns, if any limit (`max-crowns = 0`: a territory without crowns).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_crowns: Option<Bounded<0, 256>>,
    /// `"a-territory"` (once), `"each-territory"` or `"kingdom"`.
    #[serde(default)]
    pub scope: Scope,
    /// `"goal"` (its points each time it is met), `"square"` or `"crown"` (its points for each
    /// square or crown of what meets it).
    #[serde(default, skip_serializing_if = "Per::is_goal")]
    pub per: Per,
}

fn one_square() -> Bounded<1, 64> {
    Bounded::of(1)
}

fn no_crowns() -> Bounded<0, 256> {
    Bounded::of(0)
}

/// The parameters (`[rules.module.goals]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct GoalsParams {
    /// How many goals of the list are in play in each game, drawn at random at the start
    /// (0: all of them).
    pub draw: Bounded<0, 16>,
    /// The goals, at most 16.
    pub goal: BoundedList<GoalParams, 0, MAX_GOALS>,
}

impl Default for GoalsParams {
    fn default() -> GoalsParams {
        GoalsParams {
            draw: Bounded::of(0),
            goal: BoundedList::truncated(Vec::new()),
        }
    }
}

/// One goal, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub name: String,
    pub points: i32,
    pub terrain: Option<String>,
    pub squares: u32,
    pub crowns: u32,
    /// The most crowns, where the goal limits them.
    pub max_crowns: Option<u32>,
    pub scope: Scope,
    pub per: Per,
}

impl Goal {
    /// Its points in words: `+10`, `+1 a square`, `-2 a crown`.
    pub fn points_words(&self) -> String {
        match self.per {
            Per::Goal => format!("{:+}", self.points),
            Per::Square => format!("{:+} a square", self.points),
            Per::Crown => format!("{:+} a crown", self.points),
        }
    }

    /// Its points short, for a panel: `+10`, `+1/sq`, `-2/cr`.
    pub fn points_short(&self) -> String {
        match self.per {
            Per::Goal => format!("{:+}", self.points),
            Per::Square => format!("{:+}/sq", self.points),
            Per::Crown => format!("{:+}/cr", self.points),
        }
    }

    /// What it asks, in words: `a lake territory of at least 6 squares`.
    pub fn asks(&self) -> String {
        let terrain = self.terrain.as_deref();
        let at_least = self.at_least();
        match self.scope {
            Scope::ATerritory | Scope::EachTerritory => {
                let each = if self.scope == Scope::EachTerritory {
                    "each"
                } else {
                    "a"
                };
                let kind =
                    terrain.map_or_else(|| "territory".to_string(), |t| format!("{t} territory"));
                match (at_least, self.at_most()) {
                    (Some(at_least), Some(most)) => {
                        format!("{each} {kind} of at least {at_least}, with {most}")
                    }
                    (Some(at_least), None) => format!("{each} {kind} of at least {at_least}"),
                    (None, Some(most)) => format!("{each} {kind} with {most}"),
                    (None, None) => format!("{each} {kind}"),
                }
            }
            Scope::Kingdom => {
                let of = terrain.map_or_else(String::new, |t| format!(" of {t}"));
                let most = self
                    .at_most()
                    .map_or_else(String::new, |m| format!(", with {m}"));
                match at_least {
                    Some(at_least) => format!("at least {at_least}{of} in the kingdom{most}"),
                    None => format!("a square{of} in the kingdom{most}"),
                }
            }
        }
    }

    /// What it asks, short, for a panel, its figures in words a front end keeps whole when it
    /// cuts a row (`lake 6+sq`, `each wheat 3+sq`, `mine total 3+cr`: the kingdom's together,
    /// `any swamp`: a square of it).
    pub fn short(&self) -> String {
        let mut figures = Vec::new();
        if self.squares > 1 {
            figures.push(format!("{}+sq", self.squares));
        }
        match self.max_crowns {
            Some(max) if max == self.crowns => figures.push(format!("{max}cr")),
            Some(max) if self.crowns > 0 => figures.push(format!("{}-{max}cr", self.crowns)),
            Some(max) => figures.push(format!("≤{max}cr")),
            None if self.crowns > 0 => figures.push(format!("{}+cr", self.crowns)),
            None => {}
        }
        let terrain = self.terrain.as_deref();
        if figures.is_empty() {
            // Any square meets it (of the terrain, or at all), once; or each territory counts.
            return match (self.scope, terrain) {
                (Scope::EachTerritory, Some(t)) => format!("each {t} territory"),
                (Scope::EachTerritory, None) => "each territory".to_string(),
                (_, Some(t)) => format!("any {t}"),
                (_, None) => "any square".to_string(),
            };
        }
        let what = match (self.scope, terrain) {
            (Scope::ATerritory, Some(t)) => t.to_string(),
            (Scope::ATerritory, None) => "a territory".to_string(),
            (Scope::EachTerritory, Some(t)) => format!("each {t}"),
            (Scope::EachTerritory, None) => "each territory".to_string(),
            (Scope::Kingdom, Some(t)) => format!("{t} total"),
            (Scope::Kingdom, None) => "kingdom".to_string(),
        };
        format!("{what} {}", figures.join(" "))
    }

    /// `6 squares and 2 crowns`, leaving out what asks nothing (1 square, 0 crowns).
    fn at_least(&self) -> Option<String> {
        let squares =
            (self.squares > 1).then(|| super::describe::plural(self.squares, "square", "squares"));
        let crowns =
            (self.crowns > 0).then(|| super::describe::plural(self.crowns, "crown", "crowns"));
        match (squares, crowns) {
            (Some(s), Some(c)) => Some(format!("{s} and {c}")),
            (Some(s), None) => Some(s),
            (None, Some(c)) => Some(c),
            (None, None) => None,
        }
    }

    /// `no crowns`, `at most 1 crown`: a limit on crowns in words.
    fn at_most(&self) -> Option<String> {
        match self.max_crowns? {
            0 => Some("no crowns".to_string()),
            max => Some(format!(
                "at most {}",
                super::describe::plural(max, "crown", "crowns")
            )),
        }
    }

    /// Whether `crowns` are within its limit, if any.
    fn within(&self, crowns: u32) -> bool {
        self.max_crowns.is_none_or(|max| crowns <= max)
    }

    /// Its terrain looked up in `ruleset`: `Some(None)` for any terrain, `None` for a terrain
    /// the ruleset lacks (refused at load; such a goal is never met).
    fn terrain_in(&self, ruleset: &Ruleset) -> Option<Option<TerrainId>> {
        match &self.terrain {
            Some(name) => ruleset.terrain_by_name(name).map(Some),
            None => Some(None),
        }
    }

    /// How many times a kingdom of `territories` scores its points, its terrain `terrain`
    /// (any, without one): the times it meets it (0 or 1 but for `each-territory`), or with
    /// `per`, the squares or crowns of what meets it (of the meeting territory that has the
    /// most, for `a-territory`).
    fn times(&self, terrain: Option<TerrainId>, territories: &[TerritorySize]) -> u32 {
        let of = |t: &&TerritorySize| terrain.is_none_or(|want| want == t.terrain);
        let count = |squares: u32, crowns: u32| match self.per {
            Per::Goal => 1,
            Per::Square => squares,
            Per::Crown => crowns,
        };
        if self.scope == Scope::Kingdom {
            // The kingdom's squares and crowns of the terrain (or of every square) together.
            let (squares, crowns) = territories
                .iter()
                .filter(of)
                .fold((0u32, 0u32), |(s, c), t| {
                    (s.saturating_add(t.squares), c.saturating_add(t.crowns))
                });
            let met = squares >= self.squares && crowns >= self.crowns && self.within(crowns);
            return if met { count(squares, crowns) } else { 0 };
        }
        let met = territories.iter().filter(of).filter(|t| {
            t.squares >= self.squares && t.crowns >= self.crowns && self.within(t.crowns)
        });
        if self.scope == Scope::ATerritory {
            met.map(|t| count(t.squares, t.crowns)).max().unwrap_or(0)
        } else {
            met.fold(0u32, |n, t| n.saturating_add(count(t.squares, t.crowns)))
        }
    }

    /// The key of its line in a score's breakdown (`goal: Great lake`).
    fn key(&self) -> String {
        format!("goal: {}", self.name)
    }
}

/// The goals in play in a game: their places in the list, in the order drawn. Empty: every
/// goal of the list (no draw, or a kingdom file without `@goal` lines).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GoalsState {
    pub drawn: Vec<u8>,
}

impl ModuleState for GoalsState {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goals {
    pub draw: u32,
    pub goals: Vec<Goal>,
}

impl Goals {
    /// The goals in play: those drawn, or all.
    fn in_play<'a>(&'a self, state: Option<&GoalsState>) -> Vec<&'a Goal> {
        match state {
            Some(s) if !s.drawn.is_empty() => s
                .drawn
                .iter()
                .filter_map(|&i| self.goals.get(usize::from(i)))
                .collect(),
            _ => self.goals.iter().collect(),
        }
    }

    /// Each goal in play and what `side` scores by it.
    fn scored<'a>(&'a self, side: SideView<'_>) -> Vec<(&'a Goal, u32, i32)> {
        let mut territories = Vec::with_capacity(super::MAX_TERRITORIES);
        super::territory_sizes(side.kingdom, &mut territories);
        self.in_play(side.state::<GoalsState>())
            .into_iter()
            .map(|g| {
                let times = g
                    .terrain_in(side.ruleset)
                    .map_or(0, |terrain| g.times(terrain, &territories));
                (g, times, line_points(g, times))
            })
            .collect()
    }

    /// The goals in play with their terrains looked up, for the bots ([`GoalsScorer`]).
    fn counted(&self, ruleset: &Ruleset, state: Option<&GoalsState>) -> GoalsScorer {
        GoalsScorer(
            self.in_play(state)
                .into_iter()
                .filter_map(|g| Some((g.clone(), g.terrain_in(ruleset)?)))
                .collect(),
        )
    }

    /// Whether a game draws some of the goals (fewer than the list).
    fn draws(&self) -> bool {
        self.draw > 0 && (self.draw as usize) < self.goals.len()
    }

    fn goal_line(g: &Goal) -> String {
        format!("{} ({}): {}", g.name, g.points_words(), g.asks())
    }

    /// The goals in one line (at most 76 characters for lists of up to 16): how many are in
    /// play, and that a kingdom meeting one scores it.
    fn headline(&self) -> String {
        let n = self.goals.len();
        if n == 0 {
            "Goals: none listed.".into()
        } else if self.draws() {
            format!(
                "Goals: {} of the {n} listed drawn a game; a kingdom meeting one scores it.",
                self.draw
            )
        } else {
            format!("Goals: a kingdom meeting one of the {n} listed scores its points.")
        }
    }
}

impl Mechanism for Goals {
    const NAME: &'static str = "goals";
    type Params = GoalsParams;
    type State = GoalsState;
    type Action = NoAction;

    fn new(p: GoalsParams) -> Goals {
        Goals {
            draw: p.draw.as_u32(),
            goals: p
                .goal
                .as_slice()
                .iter()
                .map(|g| Goal {
                    name: g.name.clone(),
                    points: g.points.as_i32(),
                    terrain: g.terrain.clone(),
                    squares: g.squares.as_u32(),
                    crowns: g.crowns.as_u32(),
                    max_crowns: g.max_crowns.map(|m| m.as_u32()),
                    scope: g.scope,
                    per: g.per,
                })
                .collect(),
        }
    }

    fn params(&self) -> GoalsParams {
        GoalsParams {
            draw: Bounded::clamped(self.draw),
            goal: BoundedList::truncated(
                self.goals
                    .iter()
                    .map(|g| GoalParams {
                        name: g.name.clone(),
                        points: Bounded::clamped(g.points),
                        terrain: g.terrain.clone(),
                        squares: Bounded::clamped(g.squares),
                        crowns: Bounded::clamped(g.crowns),
                        max_crowns: g.max_crowns.map(Bounded::clamped),
                        scope: g.scope,
                        per: g.per,
                    })
                    .collect(),
            ),
        }
    }

    /// Each problem names its goal as the ruleset's messages name a list's element
    /// (`goal[1].name`, from 0), so the loader puts it at that goal in the file.
    fn validate(params: &GoalsParams) -> Vec<ParamProblem> {
        let mut out = Vec::new();
        let goals = params.goal.as_slice();
        for (i, g) in goals.iter().enumerate() {
            let chars = g.name.chars().count();
            // (A name of spaces only is the loader's to refuse, at the name.)
            let problem = if g.per == Per::Crown && g.max_crowns.is_some_and(|m| m.as_u32() == 0) {
                Some(format!(
                    "`goal[{i}].per` is \"crown\" but `max-crowns = 0` asks for no crowns: it would always score 0 (count it `per = \"square\"`, or once)"
                ))
            } else if let Some(max) = g.max_crowns.filter(|m| *m < g.crowns) {
                Some(format!(
                    "`goal[{i}].max-crowns` is {} but `crowns` asks at least {}: no territory has both",
                    max.as_u32(),
                    g.crowns.as_u32()
                ))
            } else if g.name.is_empty() {
                Some(format!(
                    "`goal[{i}].name` is blank: give each goal a name (the score and the table show it)"
                ))
            } else if g.name.ends_with(" (penalty)") {
                // (`simulate` counts a line that takes points away as `KEY (penalty)`: such a
                // name would be counted with another goal's penalty.)
                Some(format!(
                    "`goal[{i}].name` ends in ` (penalty)`, which `simulate`'s statistics add to a goal that takes points away: name it otherwise"
                ))
            } else if chars > MAX_NAME {
                Some(format!(
                    "`goal[{i}].name` has {chars} characters: at most {MAX_NAME}"
                ))
            } else {
                goals[..i]
                    .iter()
                    .position(|o| crate::text::look(&o.name) == crate::text::look(&g.name))
                    .map(|first| {
                        let other = &goals[first].name;
                        if *other == g.name {
                            format!(
                                "`goal[{i}].name`, `{other}`, is also the name of `goal[{first}]`: each goal needs a name of its own"
                            )
                        } else {
                            // (What tells them apart shown: a character drawn as nothing.)
                            format!(
                                "`goal[{i}].name`, `{}`, reads as the name of `goal[{first}]`, `{}`: each goal needs a name of its own",
                                crate::text::reveal_invisible(&g.name),
                                crate::text::reveal_invisible(other)
                            )
                        }
                    })
            };
            out.extend(problem.map(|problem| ParamProblem {
                key: "goal",
                problem,
            }));
        }
        out
    }

    fn help(&self) -> Vec<String> {
        let mut lines = vec![if self.draws() {
            format!(
                "Goals: {} of the {} below are drawn at the start; every kingdom that meets one \
                 scores its points at the end.",
                self.draw,
                self.goals.len()
            )
        } else {
            "Goals: every kingdom that meets one scores its points at the end.".to_string()
        }];
        lines.extend(self.goals.iter().map(Self::goal_line));
        lines
    }

    /// One line (the list is long): how many goals are in play and how they score.
    fn summary(&self) -> Option<String> {
        Some(self.headline())
    }

    /// The headline, then each goal of the list in words, a line each.
    fn rule_lines(&self) -> Vec<String> {
        let mut lines = vec![self.headline()];
        lines.extend(
            self.goals
                .iter()
                .map(|g| format!("  {}", Self::goal_line(g))),
        );
        lines
    }

    fn setup(&self, ctx: &mut super::SetupContext<'_>) -> Result<(), String> {
        if !self.draws() {
            if let Some(state) = ctx.state_mut::<GoalsState>() {
                state.drawn.clear();
            }
            return Ok(());
        }
        let mut places: Vec<u8> = (0..self.goals.len() as u8).collect();
        ctx.rng.shuffle(&mut places);
        places.truncate(self.draw as usize);
        if let Some(state) = ctx.state_mut::<GoalsState>() {
            state.drawn = places;
        }
        Ok(())
    }

    fn check(&self, ruleset: &Ruleset) -> Vec<CheckProblem> {
        self.goals
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let why = ruleset.terrain_named(g.terrain.as_deref()?).err()?;
                Some(CheckProblem::at(
                    "goal",
                    format!("`goal[{i}].terrain`: {why}"),
                ))
            })
            .collect()
    }

    fn idle(
        &self,
        _ruleset: &Ruleset,
        _rules: &Rules,
        _modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        if self.goals.is_empty() {
            return Some("no goal is listed (`[[rules.module.goals.goal]]`)".to_string());
        }
        self.goals
            .iter()
            .all(|g| g.points == 0)
            .then(|| "every goal is worth 0 points, so meeting one changes nothing".to_string())
    }

    /// A goal no kingdom can meet: more squares than a kingdom of the count's grid holds
    /// besides the castle, or more squares or crowns of its terrain than the whole deck has
    /// (the buildings' crowns counted too, wherever they may stand); and a `draw` of the whole
    /// list or more.
    fn never_reached(
        &self,
        ruleset: &Ruleset,
        rules: &Rules,
        _modules: &[Box<dyn super::Module>],
    ) -> Vec<CheckProblem> {
        let most = rules.most_squares();
        let buildings: u32 = ruleset
            .buildings()
            .iter()
            .map(|b| u32::from(b.crowns))
            .sum();
        // The deck's squares and crowns of each terrain.
        let terrains = ruleset.terrains().len();
        let (mut squares_of, mut crowns_of) = (vec![0u32; terrains], vec![0u32; terrains]);
        for sq in ruleset.dominoes().iter().flat_map(|d| d.squares()) {
            if let (Some(s), Some(c)) = (
                squares_of.get_mut(sq.terrain.index()),
                crowns_of.get_mut(sq.terrain.index()),
            ) {
                *s += 1;
                *c += u32::from(sq.crowns);
            }
        }
        let mut out = Vec::new();
        for (i, goal) in self.goals.iter().enumerate() {
            let name = &goal.name;
            // The most its territory (one terrain) or kingdom can hold, the buildings' crowns
            // counted wherever they may stand: of its terrain; without one, of the richest
            // terrain for a territory, of the whole deck for the kingdom.
            let id = goal
                .terrain
                .as_deref()
                .and_then(|t| ruleset.terrain_by_name(t));
            let (squares, crowns, of) = match (id, goal.scope) {
                (Some(id), _) => (
                    squares_of.get(id.index()).copied().unwrap_or(0),
                    crowns_of.get(id.index()).copied().unwrap_or(0),
                    format!(" of {}", goal.terrain.as_deref().unwrap_or_default()),
                ),
                (None, Scope::Kingdom) => (
                    squares_of.iter().sum(),
                    crowns_of.iter().sum(),
                    String::new(),
                ),
                (None, _) => (
                    squares_of.iter().copied().max().unwrap_or(0),
                    crowns_of.iter().copied().max().unwrap_or(0),
                    " in one territory (of one terrain)".to_string(),
                ),
            };
            let crowns = crowns.saturating_add(buildings);
            let deck = if id.is_none() && goal.scope != Scope::Kingdom {
                "the richest terrain of the whole deck"
            } else {
                "the whole deck"
            };
            // `goal[1].squares`: goal `NAME` asks for WHAT: no kingdom ever meets it.
            let mut never = |field: &str, asks: String| {
                out.push(CheckProblem::at(
                    "goal",
                    format!(
                        "`goal[{i}].{field}`: goal `{name}` asks for {asks}: no kingdom ever meets it"
                    ),
                ));
            };
            if goal.squares > most {
                never(
                    "squares",
                    format!(
                        "{} squares, but {} holds at most {most} besides the castle",
                        goal.squares,
                        rules.a_kingdom()
                    ),
                );
            } else if goal.squares > squares {
                never(
                    "squares",
                    format!(
                        "{}{of}, but {deck} has {squares}",
                        super::describe::plural(goal.squares, "square", "squares")
                    ),
                );
            }
            if goal.crowns > crowns {
                never(
                    "crowns",
                    format!(
                        "{}{of}, but {deck}{} has {crowns}",
                        super::describe::plural(goal.crowns, "crown", "crowns"),
                        if buildings > 0 {
                            " with every building"
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        let listed = self.goals.len();
        if self.draw > 0 && listed > 0 && self.draw as usize >= listed {
            out.push(CheckProblem::at(
                "draw",
                format!(
                    "`draw = {}` of {}: every goal is in play in every game (leave `draw` out for all of them, or draw fewer)",
                    self.draw,
                    super::describe::plural(listed as u32, "goal listed", "goals listed")
                ),
            ));
        }
        out
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        let goals = self.in_play(cx.state::<GoalsState>());
        if goals.is_empty() {
            return;
        }
        out.push(Panel {
            title: "Goals".into(),
            rows: goals
                .into_iter()
                .map(|g| PanelRow::text(format!("{} {}: {}", g.points_short(), g.name, g.short())))
                .collect(),
        });
    }

    /// With a draw, the goals in play are a kingdom file's `@goal N` lines (N: the goal's place
    /// in the list, from 1), a line each, so the file scores as the game did; without them,
    /// every goal of the list.
    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[Directive {
                word: "goal",
                number: true,
                repeats: true,
                what: "a goal in play (its place in the list, from 1)",
            }],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        let n = value.unwrap_or(0);
        let count = self.goals.len();
        if !self.draws() {
            // (A draw of the whole list or more draws nothing: said so, as its warning does.)
            return Err(if self.draw > 0 {
                format!(
                    "every goal of the list is in play in these rules (`draw = {}` of a list of {count}): no `@goal` line",
                    self.draw
                )
            } else {
                "every goal of the list is in play in these rules (no draw): no `@goal` line"
                    .to_string()
            });
        }
        let place = super::file::list_place("goal", value, count, "goals")?;
        let Some(state) = edit.state_mut::<GoalsState>() else {
            return Ok(());
        };
        if state.drawn.len() >= self.draw as usize {
            return Err(format!(
                "`@goal {n}`: {} in these rules, named by the lines before it",
                super::describe::plural(self.draw, "goal is drawn", "goals are drawn"),
            ));
        }
        state.drawn.push(place as u8);
        Ok(())
    }

    /// The kingdoms of one table play the same goals: each file names the same ones (or none).
    fn check_table(&self, table: &super::TableView<'_>) -> Vec<super::TableProblem> {
        use super::{TableAt, TableProblem};
        let named = |k: &super::TableKingdom<'_>| {
            let mut drawn = k
                .side
                .state::<GoalsState>()
                .map(|s| s.drawn.clone())
                .unwrap_or_default();
            drawn.sort_unstable();
            drawn
        };
        let in_words = |drawn: &[u8]| {
            if drawn.is_empty() {
                "no `@goal` line (every goal)".to_string()
            } else {
                let list: Vec<String> = drawn.iter().map(|i| (i + 1).to_string()).collect();
                format!("goals {}", list.join(", "))
            }
        };
        let Some(first) = table.kingdoms.first() else {
            return Vec::new();
        };
        let theirs = named(first);
        let draw = self.draw as usize;
        let mut out = Vec::new();
        for (i, k) in table.kingdoms.iter().enumerate() {
            let mine = named(k);
            // A file names every goal drawn, or none (one `@goal` line of two drawn scored one).
            if !mine.is_empty() && mine.len() < draw {
                out.push(TableProblem::new(
                    i,
                    TableAt::Directive("goal"),
                    format!(
                        "`@goal` lines name {} of the {draw} goals these rules draw: name every \
                         goal drawn, or none (every goal of the list)",
                        mine.len()
                    ),
                ));
            }
            if i > 0 && mine != theirs {
                let at = if mine.is_empty() {
                    TableAt::Kingdom
                } else {
                    TableAt::Directive("goal")
                };
                out.push(TableProblem::new(
                    i,
                    at,
                    format!(
                        "{} where `{}` names {}: the kingdoms of one table play the same goals",
                        in_words(&mine),
                        first.name,
                        in_words(&theirs)
                    ),
                ));
            }
        }
        out
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        if !self.draws() {
            return;
        }
        if let Some(state) = side.state::<GoalsState>() {
            out.extend(
                state
                    .drawn
                    .iter()
                    .map(|&i| ("goal", Some(u32::from(i) + 1))),
            );
        }
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        for (g, _, points) in self.scored(side) {
            breakdown.add_bonus(g.key(), points);
        }
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(
            self.scored(side)
                .into_iter()
                .map(|(g, times, points)| ScoreLine {
                    // (Not met: its +0 says so, and a label cut short to fit a column
                    // keeps it.)
                    label: match (g.per, times) {
                        (Per::Goal, 2..) => format!("{} x{times}", g.name),
                        _ => g.name.clone(),
                    },
                    points,
                    // How a goal counted by squares or crowns was counted: `9 squares x 1`.
                    detail: match g.per {
                        Per::Goal => None,
                        _ if times == 0 => None,
                        Per::Square => Some(format!(
                            "{} x {}",
                            super::describe::plural(times, "square", "squares"),
                            g.points
                        )),
                        Per::Crown => Some(format!(
                            "{} x {}",
                            super::describe::plural(times, "crown", "crowns"),
                            g.points
                        )),
                    },
                    short: None,
                })
                .collect(),
        )
    }

    /// The lines' sum, as `score` adds them.
    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(total(self.scored(side).iter().map(|s| s.2)))
    }

    /// The goals' points depend on the kingdom's territories and on the goals drawn, which
    /// setup decides: the bots value placements with them.
    fn scores_kingdom(&self) -> bool {
        self.goals.iter().any(|g| g.points != 0)
    }

    fn kingdom_scorer(&self, cx: Cx<'_>) -> Option<Box<dyn KingdomScorer>> {
        let scorer = self.counted(cx.table().ruleset(), cx.state::<GoalsState>());
        (!scorer.0.is_empty()).then(|| Box::new(scorer) as Box<dyn KingdomScorer>)
    }
}

/// A goal's line: its points for each time it is met, within `MAX_LINE_POINTS` either way.
fn line_points(g: &Goal, times: u32) -> i32 {
    super::clamp_line(i64::from(times) * i64::from(g.points))
}

/// The lines' sum (16 lines at most, each within `MAX_LINE_POINTS`, so it fits; held within
/// `i32` all the same).
fn total(lines: impl Iterator<Item = i32>) -> i32 {
    let sum: i64 = lines.map(i64::from).sum();
    sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The goals in play in one game, their terrains looked up: what they give a kingdom of given
/// territories, as [`Goals::points`] counts it.
struct GoalsScorer(Vec<(Goal, Option<TerrainId>)>);

impl KingdomScorer for GoalsScorer {
    fn points(&self, territories: &[TerritorySize]) -> i64 {
        i64::from(total(self.0.iter().map(|(g, terrain)| {
            line_points(g, g.times(*terrain, territories))
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(scope: Scope, terrain: Option<&str>, squares: u32, crowns: u32) -> Goal {
        Goal {
            name: "G".into(),
            points: 5,
            terrain: terrain.map(str::to_string),
            squares,
            crowns,
            max_crowns: None,
            scope,
            per: Per::Goal,
        }
    }

    /// A limit on crowns: said in words and short, and met only within it (`max-crowns = 0`,
    /// a swamp territory without crowns, a house rule's bog).
    #[test]
    fn a_goal_may_limit_its_crowns() {
        let bog = Goal {
            max_crowns: Some(0),
            ..goal(Scope::EachTerritory, Some("swamp"), 1, 0)
        };
        assert_eq!(bog.asks(), "each swamp territory with no crowns");
        assert_eq!(bog.short(), "each swamp 0cr");
        let some = Goal {
            max_crowns: Some(2),
            ..goal(Scope::ATerritory, Some("lake"), 3, 1)
        };
        assert_eq!(
            some.asks(),
            "a lake territory of at least 3 squares and 1 crown, with at most 2 crowns"
        );
        assert_eq!(some.short(), "lake 3+sq 1-2cr");
        let kingdom = Goal {
            max_crowns: Some(1),
            ..goal(Scope::Kingdom, Some("mine"), 1, 0)
        };
        assert_eq!(
            kingdom.asks(),
            "a square of mine in the kingdom, with at most 1 crown"
        );
        assert_eq!(kingdom.short(), "mine total ≤1cr");
        let swamp = TerrainId(4);
        let t = |squares, crowns| TerritorySize {
            terrain: swamp,
            squares,
            crowns,
        };
        assert_eq!(bog.times(Some(swamp), &[t(2, 0), t(3, 1), t(1, 0)]), 2);
        let lakes = [t(3, 1), t(4, 3), t(5, 2)];
        assert_eq!(some.times(Some(swamp), &lakes), 1);
        assert_eq!(kingdom.times(Some(swamp), &[t(2, 0), t(1, 1)]), 1);
        assert_eq!(kingdom.times(Some(swamp), &[t(2, 1), t(1, 1)]), 0);
    }

    #[test]
    fn a_goal_says_what_it_asks_in_full_and_short() {
        use Scope::{ATerritory, EachTerritory, Kingdom};
        let cases = [
            (
                ATerritory,
                Some("lake"),
                6,
                0,
                "a lake territory of at least 6 squares",
                "lake 6+sq",
            ),
            (
                EachTerritory,
                Some("wheat"),
                3,
                1,
                "each wheat territory of at least 3 squares and 1 crown",
                "each wheat 3+sq 1+cr",
            ),
            (
                ATerritory,
                None,
                1,
                3,
                "a territory of at least 3 crowns",
                "a territory 3+cr",
            ),
            (
                Kingdom,
                Some("mine"),
                1,
                4,
                "at least 4 crowns of mine in the kingdom",
                "mine total 4+cr",
            ),
            (
                Kingdom,
                None,
                20,
                0,
                "at least 20 squares in the kingdom",
                "kingdom 20+sq",
            ),
            (
                ATerritory,
                Some("swamp"),
                1,
                0,
                "a swamp territory",
                "any swamp",
            ),
            (
                Kingdom,
                Some("swamp"),
                1,
                0,
                "a square of swamp in the kingdom",
                "any swamp",
            ),
            (
                EachTerritory,
                Some("swamp"),
                1,
                0,
                "each swamp territory",
                "each swamp territory",
            ),
            (
                EachTerritory,
                None,
                1,
                0,
                "each territory",
                "each territory",
            ),
            (ATerritory, None, 1, 0, "a territory", "any square"),
            (
                Kingdom,
                Some("forest"),
                5,
                2,
                "at least 5 squares and 2 crowns of forest in the kingdom",
                "forest total 5+sq 2+cr",
            ),
        ];
        for (scope, terrain, squares, crowns, full, short) in cases {
            let g = goal(scope, terrain, squares, crowns);
            assert_eq!(g.asks(), full);
            assert_eq!(g.short(), short);
        }
    }
}

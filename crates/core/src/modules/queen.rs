//! The Queen (Queendomino). The kingdom with the most towers hosts her, ties included: a kingdom
//! that reaches the top tower count takes her from the current host (see
//! [`Queen::after_action`](super::Module::after_action)). Her host pays `discount` (1) less per
//! building and may not bribe the Dragon. At the end, her host puts her on their largest
//! territory (most squares, towns included) as one more crown (`crowns`, a house rule may make
//! her worth more); between territories of equal size she goes where she adds the most, which
//! is the same for all of them.

use super::bounded::Bounded;
use super::describe::{self, Panel, PanelRow, ScoreLine, Stat};
use super::file::{Directive, FileSyntax, TableView};
use super::mechanism::{Mechanism, NoAction};
use super::{Cx, CxMut, ModuleState, Res, SetupContext, SideEdit, SideView};
use crate::ruleset::Rules;
use crate::score::ScoreBreakdown;
use crate::side::Side;
use serde::{Deserialize, Serialize};

/// What the Queen keeps and needs ([`Module::declare`](super::Module::declare)).
const DECLARATION: super::Declaration = super::Declaration {
    provides: &["queen-host", "discount"],
    table_wide: &["discount"],
    uses: &["towers"],
    ..super::Declaration::NONE
};

/// 1 for the side hosting the Queen, 0 for the others.
pub(crate) const HOST: Res = DECLARATION.res_of("queen-host");
/// What her host pays less per building (the table's value).
pub(crate) const DISCOUNT: Res = DECLARATION.res_of("discount");
/// A side's towers.
const TOWERS: Res = DECLARATION.res_of("towers");

/// What the Queen keeps during a game: each side's towers when she last looked, to see who
/// gained some.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueenState {
    pub towers_seen: Vec<u32>,
}

impl ModuleState for QueenState {
    fn clear(&mut self) {
        self.towers_seen.fill(0);
    }
}

/// The side hosting the Queen in `game`, if any (for tests: front ends read the panels).
#[cfg(test)]
pub fn queen_host(game: &crate::game::Game) -> Option<Side> {
    game.all_sides()
        .find(|&s| game.resource(s, "queen-host") > 0)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queen {
    pub discount: u32,
    /// The crowns she is worth on her host's largest territory at the end (1).
    pub crowns: u32,
}

/// The queen module's parameters, as a ruleset gives them (`[rules.module.queen]`): every key is
/// optional, each with its default and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct QueenParams {
    /// What her host pays less per building.
    pub discount: Bounded<0, 100>,
    /// The crowns she is worth on her host's largest territory at the end (the rulebook's 1).
    pub crowns: Bounded<0, 7>,
}

impl Default for QueenParams {
    fn default() -> QueenParams {
        QueenParams {
            discount: Bounded::of(1),
            crowns: Bounded::of(1),
        }
    }
}

impl Mechanism for Queen {
    const NAME: &'static str = "queen";
    type Params = QueenParams;
    type State = QueenState;
    type Action = NoAction;

    fn new(p: QueenParams) -> Queen {
        Queen {
            discount: p.discount.as_u32(),
            crowns: p.crowns.as_u32(),
        }
    }

    fn params(&self) -> QueenParams {
        QueenParams {
            discount: Bounded::clamped(self.discount),
            crowns: Bounded::clamped(self.crowns),
        }
    }

    fn declare(&self) -> super::Declaration {
        DECLARATION
    }

    /// The Queen changing hosts (a build that gave towers moved her), which the build's own
    /// words do not say.
    fn news(&self, before: Cx<'_>, after: Cx<'_>) -> Vec<String> {
        let host = |cx: Cx<'_>| cx.table().all_sides().find(|&s| cx.get(s, HOST) > 0);
        match (host(before), host(after)) {
            (old, Some(new)) if old != Some(new) => {
                // Why: the most towers, or as many as another, reached last (a tie goes to the
                // kingdom that just reached it).
                let towers = after.get(new, TOWERS);
                let level = after
                    .table()
                    .all_sides()
                    .any(|s| s != new && after.get(s, TOWERS) >= towers);
                let why = if level {
                    format!("tied on towers at {towers}: the last to get there")
                } else {
                    format!("the most towers: {towers}")
                };
                vec![format!(
                    "The Queen goes to {} ({why}).",
                    describe::side_ref(new)
                )]
            }
            (Some(_), None) => {
                vec!["The Queen goes back to the centre: no one hosts her.".to_string()]
            }
            _ => Vec::new(),
        }
    }

    fn help(&self) -> Vec<String> {
        vec![
            format!(
                "Queen: the kingdom with the most towers hosts her: {} off buildings, no Dragon.",
                describe::plural(self.discount, "coin", "coins")
            ),
            if self.crowns == 0 {
                "At the end she is worth nothing (a house rule).".to_string()
            } else {
                format!(
                    "At the end she is {} on her host's largest territory.",
                    self.crowns_words()
                )
            },
        ]
    }

    fn rule_lines(&self) -> Vec<String> {
        // The rulebook's "even in the case of a tie": who reaches the most towers, tied or not,
        // takes her.
        self.summary()
            .into_iter()
            .chain([
                "A kingdom that reaches the most towers takes her, even tied: the last to get there hosts her."
                    .to_string(),
            ])
            .collect()
    }

    fn summary(&self) -> Option<String> {
        let crowns = if self.crowns == 0 {
            String::new()
        } else {
            format!(
                ", +{} on the largest territory",
                describe::plural(self.crowns, "crown", "crowns")
            )
        };
        Some(format!(
            "Queen: most towers host her: {} off{crowns}.",
            describe::plural(self.discount, "coin", "coins")
        ))
    }

    fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
        let hosts: Vec<Side> = cx
            .table()
            .all_sides()
            .filter(|&s| cx.get(s, HOST) > 0)
            .collect();
        if hosts.len() > 1 {
            out.push(format!("{} sides host the Queen", hosts.len()));
        }
        let most = cx
            .table()
            .all_sides()
            .map(|s| cx.get(s, TOWERS))
            .max()
            .unwrap_or(0);
        match hosts.first() {
            Some(&host) if cx.get(host, TOWERS) < most => out.push(format!(
                "{} hosts the Queen with {} towers, another has {most}",
                describe::side_ref(host),
                cx.get(host, TOWERS)
            )),
            None if most > 0 => {
                out.push(format!("a side has {most} towers, no one hosts the Queen"))
            }
            _ => {}
        }
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        // Through its own declared resource, as a hook should.
        let host = cx.table().all_sides().find(|&s| cx.get(s, HOST) > 0);
        out.push(Panel {
            title: "Queen".into(),
            // One short row (a front end shows it in a narrow box): where she is, and her
            // host's discount on buildings, said to be on builds (a bare `-1¢` read as a price).
            // Before anyone hosts her, no discount is said (`no host, builds -1¢` read as a
            // discount that held already, and a longer form was cut to `no ho. (her ho. bu.`).
            rows: vec![PanelRow::text(match host {
                None => "no host yet".to_string(),
                Some(host) if self.discount == 0 => describe::side_ref(host),
                Some(host) => format!("{}, builds -{}¢", describe::side_ref(host), self.discount),
            })],
        });
    }

    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        if cx.get(side, HOST) > 0 {
            out.push(Stat::mark("Queen", "Q"));
        }
    }

    fn score_lines(&self, _rules: &Rules, side: SideView<'_>) -> Option<Vec<ScoreLine>> {
        Some(self.score_lines_of(_rules, side))
    }

    fn idle(
        &self,
        ruleset: &crate::ruleset::Ruleset,
        _rules: &crate::ruleset::Rules,
        modules: &[Box<dyn super::Module>],
    ) -> Option<String> {
        let towers = super::anyone_adds(modules, ruleset, "towers", Self::NAME);
        (!towers).then(|| "no module can give towers, so no one ever hosts the Queen".to_string())
    }

    fn can_add(&self, _ruleset: &crate::ruleset::Ruleset, resource: &str) -> bool {
        // The Queen's host moves with the towers; the discount is a fixed supply.
        resource == "queen-host"
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.set_supply(DISCOUNT, self.discount);
        let sides = usize::from(ctx.sides);
        if let Some(state) = ctx.state_mut::<QueenState>() {
            state.towers_seen.clear();
            state.towers_seen.resize(sides, 0);
        }
        Ok(())
    }

    fn watches_actions(&self) -> bool {
        true
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[Directive {
                word: "queen",
                number: false,
                repeats: false,
                what: "this kingdom hosts the Queen",
            }],
            marks: &[],
        }
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        _value: Option<u32>,
    ) -> Result<(), String> {
        edit.set(HOST, 1);
        Ok(())
    }

    /// She is in one kingdom at a time, one with towers and the most of them (ties included:
    /// she goes to the kingdom that reaches the most); at a table whose every kingdom is given,
    /// in one of them as soon as one has a tower.
    fn check_table(&self, table: &TableView<'_>) -> Vec<super::TableProblem> {
        use super::{TableAt, TableProblem};
        let kingdoms = table.kingdoms;
        let at = TableAt::Directive("queen");
        let mut out = Vec::new();
        let mut host: Option<&str> = None;
        for (i, k) in kingdoms.iter().enumerate() {
            if k.side.get(HOST) == 0 {
                continue;
            }
            let towers = k.side.get(TOWERS);
            if let Some(first) = host {
                out.push(TableProblem::new(
                    i,
                    at,
                    format!(
                        "`@queen`: `{first}` hosts the Queen too, and she is in one kingdom at a time"
                    ),
                ));
                continue;
            }
            host = Some(k.name);
            if towers == 0 {
                out.push(TableProblem::new(
                    i,
                    at,
                    "`@queen` in a kingdom without towers: she goes to the kingdom with the most \
                     towers (give its towers with `@towers N`)",
                ));
            } else if let Some(more) = kingdoms
                .iter()
                .find(|other| other.side.get(TOWERS) > towers)
            {
                out.push(TableProblem::new(
                    i,
                    at,
                    format!(
                        "`@queen` with {}, but `{}` has {}: she goes to the kingdom with the most towers",
                        describe::plural(towers, "tower", "towers"),
                        more.name,
                        more.side.get(TOWERS)
                    ),
                ));
            }
        }
        // Every kingdom of the table given, and none hosting her: she went to the first kingdom
        // with a tower, and stays in one with the most.
        let most = kingdoms
            .iter()
            .map(|k| k.side.get(TOWERS))
            .max()
            .unwrap_or(0);
        if host.is_none()
            && table.complete()
            && most > 0
            && let Some(i) = kingdoms.iter().position(|k| k.side.get(TOWERS) == most)
        {
            out.push(TableProblem::new(
                i,
                TableAt::Directive("towers"),
                format!(
                    "`@towers {most}`, the most of the table's {}, but no kingdom hosts the \
                     Queen: she goes to the kingdom with the most towers (say which with \
                     `@queen`)",
                    describe::plural(kingdoms.len() as u32, "kingdom", "kingdoms")
                ),
            ));
        }
        out
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        if side.get(HOST) > 0 {
            out.push(("queen", None));
        }
    }

    /// As soon as `side`'s kingdom gains towers and has the most, ties included, it hosts the
    /// Queen (taking her from the current host).
    #[inline(always)]
    fn after_action(&self, mut cx: CxMut<'_>, side: Side) {
        let mine = cx.get(side, TOWERS);
        let Some(seen) = cx
            .state_mut::<QueenState>()
            .and_then(|s| s.towers_seen.get_mut(side.index()))
        else {
            return;
        };
        if mine <= *seen {
            return;
        }
        *seen = mine;
        let sides = cx.table().sides();
        let most = Side::all(sides)
            .map(|s| cx.get(s, TOWERS))
            .max()
            .unwrap_or(0);
        if mine >= most {
            for s in Side::all(sides) {
                cx.set(s, HOST, u32::from(s == side));
            }
        }
    }

    fn points(&self, _rules: &Rules, side: SideView<'_>) -> Option<i32> {
        Some(self.points_of(_rules, side))
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        if side.get(HOST) == 0 {
            return;
        }
        // The first of the largest territories (all of equal size gain the same).
        let Some(t) = breakdown
            .territories
            .iter_mut()
            .reduce(|best, t| if t.squares > best.squares { t } else { best })
        else {
            return;
        };
        t.crowns += self.crowns;
        t.points += t.squares * self.crowns;
        breakdown.total += (t.squares * self.crowns) as i32;
        breakdown.crowns += self.crowns;
    }
}

impl Queen {
    /// What she is worth at the end, in words: `one more crown`, `2 more crowns`.
    fn crowns_words(&self) -> String {
        match self.crowns {
            1 => "one more crown".to_string(),
            n => format!("{n} more crowns"),
        }
    }

    fn score_lines_of(&self, _rules: &Rules, side: SideView<'_>) -> Vec<ScoreLine> {
        if side.get(HOST) == 0 || self.crowns == 0 {
            return Vec::new();
        }
        let crowns = if self.crowns == 1 {
            "the Queen's crown".to_string()
        } else {
            format!("the Queen's {} crowns", self.crowns)
        };
        // Where she sits: the first of the largest territories, as `score` puts her crowns
        // (`the Queen's crown (wheat, 7 squares)`; a front end short of room drops the
        // parenthesis).
        let mut largest: Option<crate::kingdom::Territory> = None;
        side.kingdom.for_each_territory(|t| {
            if largest.is_none_or(|l| t.squares > l.squares) {
                largest = Some(t);
            }
        });
        let label = match largest {
            Some(t) => format!(
                "{crowns} ({}, {} square{})",
                side.ruleset.terrain(t.terrain).name,
                t.squares,
                if t.squares == 1 { "" } else { "s" }
            ),
            None => crowns,
        };
        vec![ScoreLine {
            label,
            points: (side.kingdom.largest_territory() * self.crowns) as i32,
            detail: None,
            short: None,
        }]
    }

    fn points_of(&self, _rules: &Rules, side: SideView<'_>) -> i32 {
        // One more crown (or `crowns`) on the largest territory: its size in points, each.
        if side.get(HOST) > 0 {
            (side.kingdom.largest_territory() * self.crowns) as i32
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests;

//! The modules' steps and tiles in words, as plain data for front ends: what a building costs,
//! gives now and scores at the end; what a choice of a step brings (a tax's terrain, territory
//! and coins; a building's price and effects) and the squares it concerns; what each step is
//! for. Front ends render these rows as they are and decide nothing from them.
//!
//! Everything is worked out from the game itself (a choice's coins by trying it on a copy), so
//! the words always agree with what the engine does.

use crate::DominoId;
use crate::building::{Building, BuildingValue, TaxBonus};
use crate::game::{Action, Game, Phase};
use crate::geometry::Cell;
use crate::geometry::Placement;
use crate::ruleset::{Rules, Ruleset};
use crate::side::Side;
use std::fmt;

/// A building in words: short forms for a row, full forms for a detail line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildingText {
    /// Its name (or `building N`).
    pub name: String,
    /// What it gives when built, short: `+1kn +1tw`, `1cr`, `tax+kn` (empty: nothing).
    pub now: String,
    /// What it scores at the end, short: `3pt`, `2/wheat`, `1/tower` (empty: nothing).
    pub end: String,
    /// What it gives when built and while in the kingdom, in words.
    pub now_full: String,
    /// What it scores at the end, in words.
    pub end_full: String,
}

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `12th`, `13th`, `21st`: a place in figures.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

pub use crate::text::plural;

/// A terrain's name (`?` for an id the ruleset does not have).
pub fn terrain_name(ruleset: &Ruleset, t: crate::terrain::TerrainId) -> &str {
    ruleset
        .terrains()
        .get(t.index())
        .map_or("?", |t| t.name.as_str())
}

impl BuildingText {
    /// What the tile gives, as a panel's figures: each of `now` (`+1kn`, `tax+tw`), then `end`
    /// whole (`2/grassland`, `1/forest crown`).
    pub fn figures(&self) -> Vec<String> {
        self.now
            .split(' ')
            .chain([self.end.as_str()])
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// A building tile in words.
pub fn building_text(ruleset: &Ruleset, b: &Building) -> BuildingText {
    let mut now = Vec::new();
    let mut now_full = Vec::new();
    if b.crowns > 0 {
        now.push(format!("{}cr", b.crowns));
        now_full.push(format!(
            "{} on its square",
            plural(b.crowns, "crown", "crowns")
        ));
    }
    if b.knights > 0 {
        now.push(format!("+{}kn", b.knights));
        now_full.push(format!("+{}", plural(b.knights, "knight", "knights")));
    }
    if b.towers > 0 {
        now.push(format!("+{}tw", b.towers));
        now_full.push(format!("+{}", plural(b.towers, "tower", "towers")));
    }
    if b.coins > 0 {
        now.push(format!("+{}¢", b.coins));
        now_full.push(format!("+{}", plural(b.coins, "coin", "coins")));
    }
    match b.tax_bonus {
        TaxBonus::None => {}
        TaxBonus::PerKnight => {
            now.push("tax+kn".into());
            now_full.push("+1¢ per knight you have at each tax".into());
        }
        TaxBonus::PerTower => {
            now.push("tax+tw".into());
            now_full.push("+1¢ per tower you have at each tax".into());
        }
    }
    let (end, end_full) = match b.value {
        BuildingValue::None => (String::new(), "nothing at the end".to_string()),
        BuildingValue::Fixed { points } => (
            format!("{points}pt"),
            format!("{} at the end", plural(points, "point", "points")),
        ),
        BuildingValue::PerTerritory { terrain, points } => {
            let t = terrain_name(ruleset, terrain);
            (
                format!("{points}/{t}"),
                format!(
                    "{} per separate {t} territory at the end",
                    plural(points, "point", "points")
                ),
            )
        }
        BuildingValue::PerTower { points } => (
            format!("{points}/tower"),
            format!(
                "{} per tower in the kingdom at the end",
                plural(points, "point", "points")
            ),
        ),
        BuildingValue::PerKnight { points } => (
            format!("{points}/knight"),
            format!(
                "{} per knight owned at the end",
                plural(points, "point", "points")
            ),
        ),
        BuildingValue::PerCrown { terrain, points } => {
            let t = terrain_name(ruleset, terrain);
            (
                format!("{points}/{t} crown"),
                format!(
                    "{} per crown on {t} at the end",
                    plural(points, "point", "points")
                ),
            )
        }
        BuildingValue::PerCoins { coins, points } => (
            format!("{points}/{coins}¢"),
            format!(
                "{} per {} left at the end",
                plural(points, "point", "points"),
                plural(coins, "coin", "coins")
            ),
        ),
        BuildingValue::PerBuilding { points } => (
            format!("{points}/building"),
            format!(
                "{} per building built at the end",
                plural(points, "point", "points")
            ),
        ),
    };
    BuildingText {
        name: b.label(),
        now: now.join(" "),
        end,
        now_full: if now_full.is_empty() {
            "nothing when built".into()
        } else {
            now_full.join(", ")
        },
        end_full,
    }
}

/// One choice of a step in words: a row for a list, a detail line for the chosen one, and the
/// squares of the kingdom it concerns (the first one is the square acted on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceText {
    pub row: String,
    /// The choice as the moves tell it once made ([`ChoiceView::told`], else the row).
    pub told: String,
    pub detail: String,
    pub cells: Vec<Cell>,
}

/// The building on Builders' Board slot `slot` with its words. `board` is the buildings' state,
/// reached as the module's own or through the `board` resource it provides.
pub(crate) fn board_choice<'r>(
    ruleset: &'r Ruleset,
    board: &super::buildings::BuildingsState,
    slot: u8,
) -> Option<(&'r Building, BuildingText)> {
    let id = (*board.board().get(usize::from(slot))?)?;
    let b = ruleset.buildings().get(id.index())?;
    Some((b, building_text(ruleset, b)))
}

/// A side's coins in words (`7 coins`, `7¢`): the stat of the modules that provide coins.
pub fn coins_stat(coins: u32) -> Stat {
    Stat::counted(plural(coins, "coin", "coins"), coins, "¢")
}

/// `action` (a choice of the current module step) in words; `None` for actions of no step. The
/// same words as the choice in [`Game::step_view`].
pub fn describe_choice(game: &Game, action: Action) -> Option<ChoiceText> {
    let side = game.side_to_act()?;
    let view = match action {
        Action::Pass => pass_choice(),
        _ => {
            let (m, me) = game.step_module_now_at()?;
            m.describe_choice(crate::modules::Cx::new(game, me), side, action)?
        }
    };
    Some(ChoiceText {
        told: view.told.unwrap_or_else(|| view.text.clone()),
        row: view.text,
        detail: view.detail,
        cells: view.cells,
    })
}

/// The choice that ends a step.
fn pass_choice() -> ChoiceView {
    ChoiceView {
        action: Action::Pass,
        text: "Skip (go on)".into(),
        told: None,
        detail: "End this step and go on.".into(),
        cost: None,
        gives: None,
        cells: Vec::new(),
        row: None,
        group: None,
    }
}

/// What the module `registry` registers as `module` has its turn step for, a sentence an item,
/// at its default parameters (see [`Module::help`]; a game's modules give their ruleset's);
/// nothing for a name it does not know.
///
/// [`Module::help`]: super::Module::help
pub fn step_rules(registry: &crate::Registry, module: &str) -> Vec<String> {
    super::build(registry, &super::ModuleSpec::new(module))
        .map_or_else(|_| Vec::new(), |m| m.help())
}

/// The rules of what the game waits for now, a sentence an item: claiming, placing, or a
/// module's step.
pub fn phase_rules(game: &Game) -> Vec<String> {
    let lines: &[&str] = match game.phase() {
        // (The first line is claimed before any is placed: the panel calls it the first line.)
        Phase::FirstClaims { .. } => &[
            "Claim: put your king on a domino of the first line.",
            "The lower its number, the sooner you place and choose next round; high numbers hold more crowns.",
        ],
        Phase::Claim { .. } => &[
            "Claim: put your king on a domino of the next line.",
            "The lower its number, the sooner you place and choose next round; high numbers hold more crowns.",
        ],
        Phase::Place { .. } => {
            let rules = game.rules();
            let join = match rules.connection {
                crate::Connection::SameTerrain => {
                    "Place: join your domino to your castle (any terrain) or to a square of the same terrain."
                }
                crate::Connection::AnyTerrain => {
                    "Place: join your domino to your castle or to any square (terrains need not match)."
                }
            };
            let stay = match (rules.castle, rules.discard) {
                (crate::CastleAt::Anywhere, crate::Discard::WhenNothingFits) => {
                    "The kingdom must stay inside its square; if the domino fits nowhere, discard it."
                }
                (crate::CastleAt::Centre, crate::Discard::WhenNothingFits) => {
                    "The castle stands at the centre of the kingdom's square: keep inside it; if the domino fits nowhere, discard it."
                }
                (crate::CastleAt::Anywhere, crate::Discard::AnyTime) => {
                    "The kingdom must stay inside its square; you may discard the domino instead, even where it fits."
                }
                (crate::CastleAt::Centre, crate::Discard::AnyTime) => {
                    "The castle stands at the centre of the kingdom's square: keep inside it; you may discard the domino instead, even where it fits."
                }
            };
            return [
                join,
                stay,
                "A territory scores its squares times its crowns.",
            ]
            .map(str::to_string)
            .to_vec();
        }
        Phase::Step { .. } => {
            return game.step_module_now().map_or_else(Vec::new, |m| m.help());
        }
        Phase::Over => &["The game is over."],
    };
    lines.iter().map(|s| s.to_string()).collect()
}

/// What the table of `game` is, in a line or two each, for a help: the kingdoms' size, how the
/// dominoes of several boxes are named, and the dominoes a line holds past its kings (left
/// unclaimed, discarded).
pub fn table_rules(game: &Game) -> Vec<String> {
    let rules = game.rules();
    let g = rules.grid_size;
    let mut v = vec![match rules.castle {
        crate::CastleAt::Anywhere => format!(
            "Kingdoms are {g}x{g}: a domino must fit within {g}x{g} squares with the castle."
        ),
        crate::CastleAt::Centre => format!(
            "Kingdoms are {g}x{g} with the castle fixed at the centre: no square more than {} from it in any direction.",
            (g - 1) / 2
        ),
    }];
    if rules.connection == crate::Connection::AnyTerrain {
        v.push("A domino may join any square: terrains need not match (territories still score by terrain).".to_string());
    }
    if rules.first_claims == crate::FirstClaims::Seated {
        v.push(if rules.kings_per_player > 1 {
            "The first line is claimed in the seats' order, the first seat first, then back and forth at each king (not drawn at random).".to_string()
        } else {
            "The first line is claimed in the seats' order, the first seat first (not drawn at random).".to_string()
        });
    }
    if rules.discard == crate::Discard::AnyTime {
        v.push("A domino may be discarded instead of placed, even where it fits (its squares are lost).".to_string());
    }
    let piles = game.ruleset().piles();
    if piles.len() > 1 {
        let named: Vec<String> = piles
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}12 is {p}'s domino 12", game.ruleset().pile_initial(i)))
            .collect();
        v.push(format!(
            "Dominoes come from {} boxes, each named by its box's initial: {}.",
            piles.len(),
            named.join(", ")
        ));
    }
    v.extend(game.lines_described());
    let (left, _) = game.left_unclaimed();
    if left > 0 {
        let line = u32::from(rules.line_size);
        v.push(format!(
            "A line has {line} dominoes for {} kings: the {left} left unclaimed {} discarded.",
            line - left,
            if left == 1 { "is" } else { "are" }
        ));
    }
    v
}

/// How a kingdom scores under `rules` and `modules` (the rules' modules in force, [`crate::Game::modules`]),
/// in a few lines: territories, then each bonus on, then each module's summary.
pub fn scoring_rules(rules: &Rules, modules: &[Box<dyn super::Module>]) -> Vec<String> {
    let mut v =
        vec!["A territory (joined squares of a terrain) scores squares times crowns.".to_string()];
    if let Some(h) = rules.harmony {
        v.push(format!(
            "Harmony: +{h} points for a complete kingdom (every square filled)."
        ));
    }
    if let Some(mk) = rules.middle_kingdom {
        let g = rules.grid_size;
        let centre = match mk.reading {
            crate::ruleset::MiddleKingdomReading::BoundingBox => {
                "with the castle at the centre of the kingdom as far as it reaches (gaps allowed)"
                    .to_string()
            }
            crate::ruleset::MiddleKingdomReading::FullGrid => format!(
                "with the kingdom reaching across the whole {g}x{g} grid and the castle at its centre"
            ),
            crate::ruleset::MiddleKingdomReading::WithinHalfGrid => format!(
                "with every square within {} of the castle each way",
                g.saturating_sub(1) / 2
            ),
        };
        v.push(format!("Middle Kingdom: +{} points {centre}.", mk.points));
    }
    if rules.team_size > 1 {
        v.push(format!(
            "Teams of {} share one kingdom and one score (each player keeps their own kings and turns).",
            rules.team_size
        ));
        // Coins, knights, towers: what a module keeps per kingdom.
        if modules
            .iter()
            .any(|m| m.declare().per_side().next().is_some())
        {
            v.push(
                "What the modules keep for a kingdom (coins, knights and the like) is the team's, shared too."
                    .to_string(),
            );
        }
    }
    if rules.match_games > 1 {
        let ties: Vec<String> = rules.match_tie_breaks.iter().map(|t| t.words()).collect();
        v.push(if ties.is_empty() {
            format!(
                "A match of {} games: the totals add up; a tie on the match's totals is shared.",
                rules.match_games
            )
        } else {
            format!(
                "A match of {} games: the totals add up; a tie on the match's totals goes to {}; still tied, it is shared.",
                rules.match_games,
                ties.join(", then ")
            )
        });
    }
    v.extend(modules.iter().flat_map(|m| m.rule_lines()));
    // How a tie on points is broken: the ruleset's tie-breaks in order, then shared.
    let ties: Vec<String> = rules.tie_breaks.iter().map(|t| t.words()).collect();
    v.push(if ties.is_empty() {
        "A tie on points is shared.".to_string()
    } else {
        format!(
            "A tie on points goes to {}; still tied, it is shared.",
            ties.join(", then ")
        )
    });
    v
}

/// The module `registry` registers as `module` in one line (at most 76 characters): what it
/// adds to a turn or to the score, at its default parameters (see [`Module::summary`]).
///
/// [`Module::summary`]: super::Module::summary
pub fn module_summary(registry: &crate::Registry, module: &str) -> Option<String> {
    super::build(registry, &super::ModuleSpec::new(module))
        .ok()
        .and_then(|m| m.summary())
}

/// The points the side to act would have with its domino at `placement`, and the points it has
/// now: a score preview while placing. `None` outside placing or for an illegal spot.
pub fn placement_preview(game: &Game, placement: Placement) -> Option<(i32, i32)> {
    previewed(game, placement)
        .map(|(probe, side)| (probe.score_total(side), game.score_total(side)))
}

/// The base bonuses (Middle Kingdom, Harmony) that placing `placement` gains or loses for the
/// acting side, each in words with its change in points (`("Middle Kingdom", -10)`): a running
/// score counts them as if the game ended now, so a spot's score moves with them. Empty for an
/// illegal placement or outside placing.
pub fn placement_bonus_changes(game: &Game, placement: Placement) -> Vec<(&'static str, i32)> {
    let Some((probe, side)) = previewed(game, placement) else {
        return Vec::new();
    };
    let bonuses = |g: &Game| {
        let mut all: Vec<(&'static str, i32)> = Vec::new();
        crate::score::for_each_bonus(g.kingdom(side), g.rules(), |key, points| {
            all.push((key, points));
        });
        all
    };
    let (before, after) = (bonuses(game), bonuses(&probe));
    let points = |list: &[(&str, i32)], key: &str| -> i32 {
        list.iter().filter(|(k, _)| *k == key).map(|(_, p)| p).sum()
    };
    let mut keys: Vec<&'static str> = Vec::new();
    for (key, _) in before.iter().chain(&after) {
        if !keys.contains(key) {
            keys.push(key);
        }
    }
    keys.into_iter()
        .filter_map(|key| {
            let change = points(&after, key) - points(&before, key);
            (change != 0).then(|| (crate::score::bonus_words(key), change))
        })
        .collect()
}

/// The modules' lines of the acting side's score that placing `placement` changes, each by its
/// key with the change in points (`("goal: Bog", -2)`): a goal's penalty had cancelled a crowned
/// mine's points with nothing said. A module's part named by the module alone (its key its
/// name) is said by its score lines as the score screen words them, those that changed
/// (`("mine territories x3", 2)`, not `("terrain-multipliers", 2)`), where they add up to the
/// change. The base bonuses are [`placement_bonus_changes`]'. Empty for an illegal placement or
/// outside placing.
pub fn placement_line_changes(game: &Game, placement: Placement) -> Vec<(String, i32)> {
    let Some((probe, side)) = previewed(game, placement) else {
        return Vec::new();
    };
    if game.modules().is_empty() {
        return Vec::new();
    }
    let (before, after) = (game.score(side), probe.score(side));
    let base = |k: &str| k == crate::score::HARMONY || k == crate::score::MIDDLE_KINGDOM;
    let mut keys: Vec<&str> = Vec::new();
    for b in before.bonuses.iter().chain(&after.bonuses) {
        if !base(&b.key) && !keys.contains(&b.key.as_str()) {
            keys.push(&b.key);
        }
    }
    keys.into_iter()
        .flat_map(|key| {
            let change = after.bonus(key).unwrap_or(0) - before.bonus(key).unwrap_or(0);
            if change == 0 {
                return Vec::new();
            }
            module_line_changes(game, &probe, side, key, change)
                .unwrap_or_else(|| vec![(key.to_string(), change)])
        })
        .collect()
}

/// The score lines of the module named `key` that changed from `game` to `after` for `side`,
/// each with its change, where they add up to `change` (the module's part of the score); `None`
/// where no module has that name or its lines do not tell the change.
fn module_line_changes(
    game: &Game,
    after: &Game,
    side: crate::Side,
    key: &str,
    change: i32,
) -> Option<Vec<(String, i32)>> {
    let i = game.modules().iter().position(|m| m.name() == key)?;
    let lines = |g: &Game| -> Option<Vec<ScoreLine>> {
        let m = g.modules().get(i)?;
        Some(m.score_lines(g.rules(), g.side_view(side).for_module(i)))
    };
    let (was, now) = (lines(game)?, lines(after)?);
    // Only where the lines are the same lines before and after (a label that holds a count,
    // `stall on lake at B3 (4 squares)`, is another line after: said as two, `(4 squares) -4`
    // and `(5 squares) +5`, where the module's total says it better).
    fn labels_of(list: &[ScoreLine]) -> Vec<&str> {
        let mut l: Vec<&str> = list.iter().map(|l| l.label.as_str()).collect();
        l.sort_unstable();
        l.dedup();
        l
    }
    // (Or but for one line that comes or goes: `mine territories x3` where the kingdom had no
    // crowned mine.)
    let (before_labels, after_labels) = (labels_of(&was), labels_of(&now));
    let apart = |a: &[&str], b: &[&str]| a.iter().filter(|l| !b.contains(l)).count();
    if apart(&before_labels, &after_labels) + apart(&after_labels, &before_labels) > 1 {
        return None;
    }
    let points = |list: &[ScoreLine], label: &str| -> i32 {
        list.iter()
            .filter(|l| l.label == label)
            .map(|l| l.points)
            .sum()
    };
    let mut labels: Vec<&str> = Vec::new();
    for l in was.iter().chain(&now) {
        if !labels.contains(&l.label.as_str()) {
            labels.push(&l.label);
        }
    }
    let changed: Vec<(String, i32)> = labels
        .into_iter()
        .map(|label| (label.to_string(), points(&now, label) - points(&was, label)))
        .filter(|&(_, c)| c != 0)
        .collect();
    let sum: i32 = changed.iter().map(|&(_, c)| c).sum();
    (!changed.is_empty() && sum == change).then_some(changed)
}

/// Steps that went by with nothing to choose, each its title and its module's reason if any, in
/// words: `nothing to do in Tax or Dragon (skipped)`, or with the reasons `nothing to do in
/// Dragon: the Queen's host may not bribe the Dragon`. The terminal's log and `replay` say it
/// alike.
pub fn nothing_to_do(steps: &[(String, Option<String>)]) -> String {
    if steps.iter().any(|(_, why)| why.is_some()) {
        let list: Vec<String> = steps
            .iter()
            .map(|(title, why)| match why {
                Some(why) => format!("{title}: {why}"),
                None => title.clone(),
            })
            .collect();
        return format!("nothing to do in {}", list.join("; "));
    }
    let titles: Vec<&str> = steps.iter().map(|(t, _)| t.as_str()).collect();
    format!("nothing to do in {} (skipped)", steps_in_words(&titles))
}

/// Steps' titles in words, `Tax, Build or Dragon` (`this step` for none): what
/// [`nothing_to_do`] says went by.
pub fn steps_in_words(titles: &[&str]) -> String {
    match titles {
        [] => "this step".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The game after the acting side plays `action` at a module's step (a tax, a build, a bribe),
/// with that side: what the step's choice would change at once (its running score, a Queen
/// changing hosts), for a front end to say before it is chosen. `None` outside a step, or for
/// an action not legal.
pub fn step_preview(game: &Game, action: Action) -> Option<(Game, crate::Side)> {
    preview_in(game, action, |phase| matches!(phase, Phase::Step { .. }))
}

/// The game after the acting side places `placement`, and that side: `None` outside placing or
/// for an illegal placement.
fn previewed(game: &Game, placement: Placement) -> Option<(Game, crate::Side)> {
    preview_in(game, Action::Place { placement }, |phase| {
        matches!(phase, Phase::Place { .. })
    })
}

/// The game after the acting side plays `action`, and that side, where `game`'s phase is one
/// `in_phase` takes and the action is legal.
fn preview_in(
    game: &Game,
    action: Action,
    in_phase: impl Fn(Phase) -> bool,
) -> Option<(Game, crate::Side)> {
    let side = game.side_of(game.to_act()?);
    if !in_phase(game.phase()) {
        return None;
    }
    let mut probe = game.clone();
    probe.apply(action).ok()?;
    Some((probe, side))
}

// ----- presentation hooks: what front ends render, whatever the modules -----

/// A module's turn step as front ends show it: which module, what it asks, and every legal
/// choice in words (the module's actions, then [`Action::Pass`] last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepView {
    /// The module's name (`knights`).
    pub module: String,
    /// What the step asks, one sentence (`Tax: send a knight onto a square just placed.`).
    pub prompt: String,
    /// The step in a word or two (`Tax`), where the prompt does not fit (a narrow terminal).
    pub title: String,
    /// Every legal action of the step, in the order [`Game::legal_actions`] lists them.
    pub choices: Vec<ChoiceView>,
    /// When going on is the only choice: why, in the module's words, if it says.
    pub nothing: Option<String>,
    /// What a player may miss in the step, short, for where the prompt does not fit (`you have
    /// 4¢: not enough for Small Tavern 5¢`); the prompt says it too.
    pub note: Option<String>,
}

/// One choice of a step in words. Made with [`ChoiceView::new`] and the `with_` methods (more
/// fields may come).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChoiceView {
    pub action: Action,
    /// A row for a list (`Tax wheat at 1,-1: 3 squares, +3¢`).
    pub text: String,
    /// The choice as the moves, the status line and the analysis tell it once made, after the
    /// player's name and a colon (`Anna: Build Monument for 3¢ at 1,0`), where the row, read
    /// under the step's title, does not say what is done (`Monument 3¢ 5pt at 1,0`); `None`:
    /// the row, which says it (`Tax wheat at 1,-1: 3 squares, +3¢`).
    pub told: Option<String>,
    /// A sentence for the chosen one.
    pub detail: String,
    /// What it costs, short (`2¢`), when it costs something.
    pub cost: Option<String>,
    /// What it gives, short (`+3¢`, `+1kn 2pt`), when it gives something.
    pub gives: Option<String>,
    /// The squares of the acting side's kingdom it concerns, the square acted on first (to
    /// highlight them).
    pub cells: Vec<Cell>,
    /// The row of a public [`Panel`] it concerns (its title and the row's index), e.g. the
    /// Builders' Board slot of a building.
    pub row: Option<(String, usize)>,
    /// Choices next to each other in the list with the same `group` (and `row`) do one thing
    /// at different squares (a building at each town square it may stand on): the words they share
    /// (`Swamp Tower 0¢ +1tw 2/swamp`), so a front end lists the thing once and has the
    /// square chosen apart. `None`: a choice of its own. The hint and the analysis take the
    /// choices of one group (and row) whose first squares lie in one territory as one move,
    /// the same thing done there either way: a module whose choice matters square by square
    /// within a territory gives each square a group of its own.
    pub group: Option<String>,
}

impl ChoiceView {
    /// The choice of `action` (the game's form, `packed`), listed as `text`, said as `detail`
    /// once chosen; it costs and gives nothing, concerns no square nor panel row and stands on
    /// its own: the `with_` methods say more.
    pub fn new(action: Action, text: impl Into<String>, detail: impl Into<String>) -> ChoiceView {
        ChoiceView {
            action,
            text: text.into(),
            told: None,
            detail: detail.into(),
            cost: None,
            gives: None,
            cells: Vec::new(),
            row: None,
            group: None,
        }
    }

    /// How the moves tell it once made ([`ChoiceView::told`]).
    pub fn with_told(mut self, told: impl Into<String>) -> ChoiceView {
        self.told = Some(told.into());
        self
    }

    /// What it costs, short (`2¢`).
    pub fn with_cost(mut self, cost: impl Into<String>) -> ChoiceView {
        self.cost = Some(cost.into());
        self
    }

    /// What it gives, short (`+3¢`).
    pub fn with_gives(mut self, gives: impl Into<String>) -> ChoiceView {
        self.gives = Some(gives.into());
        self
    }

    /// The squares it concerns, the one acted on first.
    pub fn with_cells(mut self, cells: Vec<Cell>) -> ChoiceView {
        self.cells = cells;
        self
    }

    /// The row `index` of the public panel titled `panel` it concerns.
    pub fn with_row(mut self, panel: impl Into<String>, index: usize) -> ChoiceView {
        self.row = Some((panel.into(), index));
        self
    }

    /// The words it shares with its neighbours in the list that do the same thing at other
    /// squares ([`ChoiceView::group`]).
    pub fn with_group(mut self, group: impl Into<String>) -> ChoiceView {
        self.group = Some(group.into());
        self
    }
}

/// What a line's dominoes no king took will be once the round begins: taken before an action
/// ([`UnclaimedWatch::before`]), then asked of the game after it ([`UnclaimedWatch::words`]).
/// No copy of the game is made (front ends replay whole games move by move with it).
#[derive(Clone, Debug, Default)]
pub struct UnclaimedWatch {
    discarded: usize,
    unclaimed: Vec<DominoId>,
}

impl UnclaimedWatch {
    /// The discards so far and the next line's dominoes no king has claimed yet, in `game`.
    pub fn before(game: &Game) -> UnclaimedWatch {
        UnclaimedWatch {
            discarded: game.discarded().len(),
            unclaimed: game
                .next_line()
                .iter()
                .filter(|s| s.king.is_none())
                .map(|s| s.domino)
                .collect(),
        }
    }

    /// The dominoes of a line left unclaimed as a round began in `after`, put out of the game
    /// as the rules say (a line of more dominoes than kings: Royal Wedding at 3 players, a
    /// house rule): `Domino Q48 left unclaimed: discarded.` (`Dominoes Q3, Q17 and Q48`), for a
    /// front end's log
    /// (nothing else says where it went).
    pub fn words(&self, after: &Game) -> Option<String> {
        let new = after.discarded().get(self.discarded..)?;
        let left: Vec<String> = new
            .iter()
            .filter(|d| self.unclaimed.contains(d))
            .map(|&d| after.ruleset().domino_label(d))
            .collect();
        // `Domino 3`, not `3 left unclaimed`, which read as three dominoes.
        match left.as_slice() {
            [] => None,
            [one] => Some(format!("Domino {one} left unclaimed: discarded.")),
            [rest @ .., last] => Some(format!(
                "Dominoes {} and {last} left unclaimed: discarded.",
                rest.join(", ")
            )),
        }
    }
}

/// How a module names a side in the text it gives front ends (`side 2`, counted from 1): a front
/// end that knows the players' names puts them in its place ([`name_sides`]). Where a side
/// leads a sentence and its name is plural (`you`, the TUI's player at the keys, or a team
/// `Ann & Bea`), [`name_sides_agreeing`] makes the verb right after it agree (`side 1 gains`
/// reads `You gain`, `side 1's` reads `your`): write a side's verb right after it.
pub fn side_ref(side: Side) -> String {
    format!("side {}", side.index() + 1)
}

/// The next side written by [`side_ref`] in `text`: the text before it, the side (`None` where
/// the number is no side of a table of `sides`: `side 0`, `side x`, left as written), and the
/// text after it (after `side ` alone when it is none).
fn next_side(text: &str, sides: u8) -> Option<(&str, Option<Side>, &str)> {
    let found = text.find("side ")?;
    let (before, from) = text.split_at(found);
    let after = &from["side ".len()..];
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let side = after[..digits]
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(Side::from_index)
        .filter(|s| s.index() < usize::from(sides));
    Some(match side {
        Some(side) => (before, Some(side), &after[digits..]),
        None => (before, None, after),
    })
}

/// `text` with every side of a table of `sides` written by [`side_ref`] named by `name` (a front
/// end's players' names).
pub fn name_sides(text: &str, sides: u8, name: impl Fn(Side) -> String) -> String {
    // One pass left to right, so a name put in is never read again.
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((before, side, after)) = next_side(rest, sides) {
        out.push_str(before);
        match side {
            Some(side) => out.push_str(&name(side)),
            None => out.push_str("side "),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// [`name_sides`], the verb right after a side that leads a sentence (the text's start, or
/// after `. `, `; `, `: `, `! `, `? ` or `(`) made to agree with a plural name (`you`, or a
/// team's names joined by ` & `): `side 1 gains` reads `You gain`, `Ann & Bea gain`; a side in
/// any other place is left as it is (`greedy 2 gives you coins`). `you's` reads `your`, and
/// `you` or `your` leading the text is capitalised.
pub fn name_sides_agreeing(text: &str, sides: u8, name: impl Fn(Side) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((before, side, after)) = next_side(rest, sides) {
        out.push_str(before);
        rest = after;
        let Some(side) = side else {
            out.push_str("side ");
            continue;
        };
        let named = name(side);
        let leads = out.is_empty()
            || [". ", "; ", ": ", "! ", "? ", "("]
                .iter()
                .any(|p| out.ends_with(p));
        let at_start = out.is_empty();
        let you = named == "you";
        if you && let Some(more) = rest.strip_prefix("'s") {
            out.push_str(if at_start { "Your" } else { "your" });
            rest = more;
            continue;
        }
        out.push_str(if you && at_start { "You" } else { &named });
        if leads
            && (you || named.contains(" & "))
            && let Some(next) = rest.strip_prefix(' ')
        {
            let end = next
                .find(|c: char| !c.is_ascii_lowercase())
                .unwrap_or(next.len());
            if let Some(verb) = plural_verb(&next[..end]) {
                out.push(' ');
                out.push_str(&verb);
                rest = &next[end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The plural form of a third person's verb (`gains` -> `gain`, `is` -> `are`), or `None` for
/// a word that is no such verb.
fn plural_verb(word: &str) -> Option<String> {
    let irregular = match word {
        "is" => Some("are"),
        "was" => Some("were"),
        "has" => Some("have"),
        "does" => Some("do"),
        "goes" => Some("go"),
        _ => None,
    };
    if let Some(form) = irregular {
        return Some(form.to_string());
    }
    // Words in `s` that are no verb (`you always gain`: the verb comes later, left alone).
    const NO_VERB: &[&str] = &[
        "always",
        "sometimes",
        "perhaps",
        "afterwards",
        "towards",
        "besides",
        "its",
        "this",
        "thus",
        "yes",
    ];
    if word.len() < 3
        || !word.ends_with('s')
        || word.ends_with("ss")
        || word.ends_with("us")
        || NO_VERB.contains(&word)
    {
        return None;
    }
    // `tries` -> `try`, but `ties`, `lies`, `dies` -> `tie`, `lie`, `die`.
    if let Some(stem) = word.strip_suffix("ies")
        && stem.len() > 1
    {
        return Some(format!("{stem}y"));
    }
    for ending in ["sses", "shes", "ches", "xes", "zes", "oes"] {
        if word.ends_with(ending) {
            return Some(word[..word.len() - 2].to_string());
        }
    }
    Some(word[..word.len() - 1].to_string())
}

/// A module's public state as titled rows (e.g. the Builders' Board, a row per slot).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    pub rows: Vec<PanelRow>,
}

/// One row of a [`Panel`], in parts a front end short of room treats each its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelRow {
    /// Words as they are (`in his cave`, `supply 3kn 2tw`): where a row is too long, the
    /// longest words are cut first and the figures kept.
    Text(String),
    /// A thing on offer (a building on the Builders' Board): its price, its name, what it
    /// gives.
    Item(PanelItem),
}

/// A thing a panel offers, e.g. a building in a slot of the Builders' Board. A front end lines
/// the panel's items up by their prices, keeps every name apart from the others' however short
/// it cuts them, and leaves figures off from the last before it cuts a name past reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelItem {
    /// What it costs, short (`4¢`); empty for nothing to pay (an empty slot).
    pub price: String,
    /// A mark after the price (`*`: the Queen's discount applies), or `None`.
    pub mark: Option<char>,
    /// Its name in words (`Tower Tollhouse`), or what stands there instead (`(empty)`).
    pub name: String,
    /// What it gives, the most telling first, each kept whole or left off (`+1kn`,
    /// `2/grassland`, `3pt`, `1/forest crown`): said short where room is short (a terrain to
    /// four letters, `2/gras.`; `crown` as `cr`), the last left off first.
    pub figures: Vec<String>,
}

impl PanelRow {
    /// A row of words.
    pub fn text(words: impl Into<String>) -> PanelRow {
        PanelRow::Text(words.into())
    }
}

impl fmt::Display for PanelRow {
    /// The row whole, on one line: an item as `4¢* Tower Tollhouse +1kn +1tw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PanelRow::Text(words) => f.write_str(words),
            PanelRow::Item(item) => {
                let mut parts: Vec<String> = Vec::new();
                let mut head = item.price.clone();
                head.extend(item.mark);
                if !head.is_empty() {
                    parts.push(head);
                }
                if !item.name.is_empty() {
                    parts.push(item.name.clone());
                }
                parts.extend(item.figures.iter().cloned());
                f.write_str(&parts.join(" "))
            }
        }
    }
}

/// One line of a side's score that a module adds (a building's points, the coins' worth, the
/// Queen's crown).
/// (`non_exhaustive`: a module outside this crate makes one with [`ScoreLine::new`], so a field
/// added later breaks no plugin.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ScoreLine {
    pub label: String,
    pub points: i32,
    /// How the points were counted, where the label does not say (`5 lake territories x 2`
    /// for a building's value): a player checks the line from it.
    pub detail: Option<String>,
    /// The label in a few characters, for a column too narrow for it (`28¢` for `28 coins (3 a
    /// point)`, which a score column of eight sides had cut to `28 coi…`); `None`: the label
    /// is cut.
    pub short: Option<String>,
}

impl ScoreLine {
    /// A line that says all in its label.
    pub fn new(label: impl Into<String>, points: i32) -> ScoreLine {
        ScoreLine {
            label: label.into(),
            points,
            detail: None,
            short: None,
        }
    }

    /// The line with its label in a few characters (`28¢`), for a narrow column.
    pub fn with_short(mut self, short: impl Into<String>) -> ScoreLine {
        self.short = Some(short.into());
        self
    }

    /// The line with how its points were counted (`5 lake territories x 2`).
    pub fn with_detail(mut self, detail: impl Into<String>) -> ScoreLine {
        self.detail = Some(detail.into());
        self
    }
}

/// What a module keeps for one side: in words (`7 coins`), and short, a count and its unit
/// (`7¢`). A front end puts each side's stats of one unit in a column, and may leave out a
/// count of nothing (`0kn`) where room is short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stat {
    /// In words: `7 coins`, `2 knights (1 in hand)`, `Queen`.
    pub long: String,
    /// The count the short form shows (`7` of `7¢`), or `None` for a mark alone (the Queen's
    /// `Q`).
    pub count: Option<i64>,
    /// What is counted, in a few characters (`¢`, `kn`, `tw`, `Q`): the stat's kind, the same
    /// for every side.
    pub unit: String,
    /// Of how many, where the count is part of a whole the side has (`1/3kn`: one knight in
    /// hand of three owned; [`Stat::out_of`]).
    pub of: Option<i64>,
}

impl Stat {
    /// A count of something: `Stat::counted("7 coins", 7, "¢")` reads `7¢` short.
    pub fn counted(
        long: impl Into<String>,
        count: impl Into<i64>,
        unit: impl Into<String>,
    ) -> Stat {
        Stat {
            long: long.into(),
            count: Some(count.into()),
            unit: unit.into(),
            of: None,
        }
    }

    /// The count said of a whole (`Stat::counted("3 knights (1 in hand)", 1, "kn").out_of(3)`
    /// reads `1/3kn` short): where the whole is the count itself, said as the count alone.
    pub fn out_of(mut self, whole: impl Into<i64>) -> Stat {
        let whole = whole.into();
        self.of = (self.count != Some(whole)).then_some(whole);
        self
    }

    /// A mark with no count: `Stat::mark("Queen", "Q")`.
    pub fn mark(long: impl Into<String>, unit: impl Into<String>) -> Stat {
        Stat {
            long: long.into(),
            count: None,
            unit: unit.into(),
            of: None,
        }
    }

    /// The short form: the count and the unit (`7¢`, `2kn`), of its whole where it has one
    /// (`1/3kn`), or the unit alone (`Q`).
    pub fn short(&self) -> String {
        match (self.count, self.of) {
            (Some(n), Some(whole)) => format!("{n}/{whole}{}", self.unit),
            (Some(n), None) => format!("{n}{}", self.unit),
            (None, _) => self.unit.clone(),
        }
    }

    /// Whether it counts nothing (`0kn`, not `0/3kn`): a front end short of room leaves it
    /// blank.
    pub fn is_nothing(&self) -> bool {
        self.count == Some(0) && self.of.unwrap_or(0) == 0
    }
}

/// A piece a module put on a square of a kingdom (a knight, a building), to draw there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMark {
    pub cell: Cell,
    /// One character to draw (`k` a knight, `B` a building).
    pub symbol: char,
    /// What kind of piece it is, in a word or two (`knight`, `building`, `market stall`): the
    /// terminal names it where a cell is too narrow to draw the piece (`underlined: building`).
    pub what: String,
}

impl Game {
    /// What the modules say changed from `before` (this game one action ago) that the action's
    /// own words do not ([`crate::modules::Module::news`]): the Queen changing hosts. Nothing
    /// when `before` plays under another list of modules.
    pub fn news_since(&self, before: &Game) -> Vec<String> {
        let modules = self.modules();
        if before.modules().len() != modules.len() {
            return Vec::new();
        }
        modules
            .iter()
            .enumerate()
            .flat_map(|(i, m)| {
                m.news(
                    crate::modules::Cx::new(before, i),
                    crate::modules::Cx::new(self, i),
                )
            })
            .collect()
    }

    /// The module step the game waits for, in words: the module, what it asks, every legal
    /// choice (`Pass` last). `None` outside a module step.
    pub fn step_view(&self) -> Option<StepView> {
        let Phase::Step { .. } = self.phase() else {
            return None;
        };
        let (module, me) = self.step_module_now_at()?;
        let cx = crate::modules::Cx::new(self, me);
        let side = self.side_to_act()?;
        let choices: Vec<ChoiceView> = self
            .legal_actions()
            .into_iter()
            .map(|action| match action {
                Action::Pass => pass_choice(),
                _ => module
                    .describe_choice(cx, side, action)
                    .unwrap_or_else(|| ChoiceView {
                        action,
                        text: self.action_text(action),
                        told: None,
                        detail: format!("{}: {}.", module.name(), self.action_text(action)),
                        cost: None,
                        gives: None,
                        cells: Vec::new(),
                        row: None,
                        group: None,
                    }),
            })
            .collect();
        let nothing = match choices[..] {
            [
                ChoiceView {
                    action: Action::Pass,
                    ..
                },
            ] => module.why_no_choice(cx, side),
            _ => None,
        };
        Some(StepView {
            module: module.name().to_string(),
            prompt: module.prompt(cx, side),
            title: module.title(),
            note: module.note(cx, side),
            choices,
            nothing,
        })
    }

    /// Every module's public state as titled rows, in module order (the Builders' Board).
    pub fn panels(&self) -> Vec<Panel> {
        let mut out = Vec::new();
        for (i, m) in self.modules().iter().enumerate() {
            m.panels(crate::modules::Cx::new(self, i), &mut out);
        }
        out
    }

    /// What the modules keep for `side`, in words: its coins (when a module provides them), then
    /// each module's own (`2 knights`, `1 tower`, `Queen`). Empty without modules.
    pub fn side_stats(&self, side: Side) -> Vec<Stat> {
        let mut out = Vec::new();
        if self.modules().is_empty() {
            return out;
        }
        // Each resource the modules provide, once, in the words of the first provider that has
        // words for it (coins: the knights' or wealth's, whichever is listed first).
        let mut shown: Vec<&str> = Vec::new();
        for m in self.modules() {
            for &resource in m.declare().provides {
                if shown.contains(&resource) {
                    continue;
                }
                if let Some(stat) = m.resource_stat(resource, self.resource(side, resource)) {
                    shown.push(resource);
                    out.push(stat);
                }
            }
        }
        for (i, m) in self.modules().iter().enumerate() {
            m.side_stats(crate::modules::Cx::new(self, i), side, &mut out);
        }
        out
    }

    /// The pieces the modules put on `side`'s kingdom (knights, buildings), to draw there.
    pub fn cell_marks(&self, side: Side) -> Vec<CellMark> {
        let mut out = Vec::new();
        for (i, m) in self.modules().iter().enumerate() {
            m.cell_marks(crate::modules::Cx::new(self, i), side, &mut out);
        }
        out
    }

    /// The lines the modules add to `side`'s score, in module order: with the kingdom's own
    /// score ([`crate::score::score_kingdom`]: its territories as laid and the ruleset's
    /// bonuses) they make the total. ([`Game::score`]'s territories already hold what modules
    /// add to them, the Queen's crown: shown beside these lines, it would count twice.)
    pub fn score_lines(&self, side: Side) -> Vec<ScoreLine> {
        let view = self.side_view(side);
        self.modules()
            .iter()
            .enumerate()
            .flat_map(|(i, m)| m.score_lines(self.rules(), view.for_module(i)))
            .collect()
    }

    /// Each module's help: its name and its rules, a sentence an item, in module order.
    pub fn module_help(&self) -> Vec<(&'static str, Vec<String>)> {
        self.modules()
            .iter()
            .map(|m| (m.name(), m.help_in(self.ruleset(), self.modules())))
            .filter(|(_, h)| !h.is_empty())
            .collect()
    }
}

/// An action in words, as the table tells it (the terminal's log and prompts, the analysis's
/// mistakes): `You claim 12`, `Anna places 7 at 0,-2↓`; `game` is the position before it,
/// `who` the player (`You` takes the second person).
pub fn action_words(game: &Game, action: Action, who: &str) -> String {
    // "You claim", "Anna claims".
    let you = who == "You";
    let verb = |third: &'static str, second: &'static str| if you { second } else { third };
    match action {
        Action::Claim { domino } => {
            format!("{who} {} {}", verb("claims", "claim"), game.label(domino))
        }
        Action::Place { placement } => {
            let d = game
                .domino_to_place()
                .map_or_else(String::new, |d| format!("{} ", game.label(d)));
            let arrow = match placement.direction {
                crate::geometry::Direction::East => '→',
                crate::geometry::Direction::South => '↓',
                crate::geometry::Direction::West => '←',
                crate::geometry::Direction::North => '↑',
            };
            format!(
                "{who} {} {d}at {},{}{arrow}",
                verb("places", "place"),
                placement.first.x,
                placement.first.y
            )
        }
        Action::Discard => {
            let d = game
                .domino_to_place()
                .map_or_else(String::new, |d| format!(" {}", game.label(d)));
            format!("{who} {}{d}", verb("discards", "discard"))
        }
        // Which step was skipped (`skips the Build step`): a pass alone said nothing of it.
        Action::Pass => match game.step_module_now_at() {
            Some((m, _)) => format!("{who} {} the {} step", verb("skips", "skip"), m.title()),
            None => format!("{who} {}", verb("passes", "pass")),
        },
        // A module's action: the step's own words for it, told as done (its choice's `told`,
        // else its row), whatever the module.
        other => {
            let words =
                describe_choice(game, other).map_or_else(|| game.action_text(other), |c| c.told);
            format!("{who}: {words}")
        }
    }
}

/// An action in words without a player (`claim 41`, `Build Wheat Tower for 1¢ at 0,1`), for lists
/// that say whose moves they are elsewhere: the hint panel, the analysis.
pub fn move_words(game: &Game, action: Action) -> String {
    let text = action_words(game, action, "You");
    text.strip_prefix("You: ")
        .or_else(|| text.strip_prefix("You "))
        .map_or_else(|| text.clone(), str::to_string)
}

#[cfg(test)]
mod stat_tests {
    use super::Stat;

    #[test]
    fn a_count_of_a_whole_says_both_where_they_differ() {
        let st = Stat::counted("3 knights (1 in hand)", 1, "kn").out_of(3);
        assert_eq!(st.short(), "1/3kn");
        assert!(!st.is_nothing());
        let none_in_hand = Stat::counted("3 knights (0 in hand)", 0, "kn").out_of(3);
        assert_eq!(none_in_hand.short(), "0/3kn");
        assert!(!none_in_hand.is_nothing(), "three owned is not nothing");
        let all = Stat::counted("2 knights in hand", 2, "kn").out_of(2);
        assert_eq!(all.short(), "2kn");
        assert!(Stat::counted("", 0, "kn").out_of(0).is_nothing());
    }
}

//! The modules' steps and tiles in words, as plain data for front ends: what a building costs,
//! gives now and scores at the end; what a choice of a step brings (a tax's terrain, territory
//! and coins; a building's price and effects) and the squares it concerns; what each step is
//! for. Front ends render these rows as they are and decide nothing from them.
//!
//! Everything is worked out from the game itself (a choice's coins by trying it on a copy), so
//! the words always agree with what the engine does.

use crate::building::{Building, BuildingValue, TaxBonus};
use crate::game::{Action, Game, Phase};
use crate::geometry::Cell;
use crate::geometry::Placement;
use crate::ruleset::{Rules, Ruleset};
use crate::side::Side;

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

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn terrain_name(ruleset: &Ruleset, t: crate::terrain::TerrainId) -> &str {
    ruleset
        .terrains()
        .get(t.index())
        .map_or("?", |t| t.name.as_str())
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
            now_full.push("+1¢ per knight at each tax".into());
        }
        TaxBonus::PerTower => {
            now.push("tax+tw".into());
            now_full.push("+1¢ per tower at each tax".into());
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

/// What a building would score for `side` if the game ended now.
pub fn building_worth_now(game: &Game, side: Side, b: &Building) -> Option<i32> {
    let kingdom = game.kingdom(side);
    let h = game.economy().sides.get(side)?;
    Some(match b.value {
        BuildingValue::None => return None,
        BuildingValue::Fixed { points } => points,
        BuildingValue::PerTerritory { terrain, points } => {
            kingdom.territory_count(terrain) as i32 * points
        }
        BuildingValue::PerTower { points } => h.towers as i32 * points,
        BuildingValue::PerKnight { points } => h.knights() as i32 * points,
        BuildingValue::PerCrown { terrain, points } => kingdom.crowns_of(terrain) as i32 * points,
        BuildingValue::PerCoins { coins, points } => (h.coins / coins.max(1)) as i32 * points,
        BuildingValue::PerBuilding { points } => {
            // Counting this one, when it is not built yet.
            let built = h.buildings.iter().any(|(id, _)| {
                game.ruleset()
                    .buildings()
                    .get(id.index())
                    .is_some_and(|x| x.number == b.number)
            });
            (h.buildings.len() + usize::from(!built)) as i32 * points
        }
    })
}

/// One choice of a step in words: a row for a list, a detail line for the chosen one, and the
/// squares of the kingdom it concerns (the first one is the square acted on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceText {
    pub row: String,
    pub detail: String,
    pub cells: Vec<Cell>,
}

/// The coins the side to act would have after `action`, less those it has now.
fn coins_change(game: &Game, action: Action) -> Option<i64> {
    let side = game.side_of(game.to_act()?);
    let before = i64::from(game.economy().sides.get(side)?.coins);
    let mut probe = game.clone();
    probe.apply(action).ok()?;
    Some(i64::from(probe.economy().sides.get(side)?.coins) - before)
}

/// `action` (a choice of the current module step) in words; `None` for actions of no step.
pub fn describe_choice(game: &Game, action: Action) -> Option<ChoiceText> {
    let ruleset = game.ruleset();
    let side = game.side_of(game.to_act()?);
    match action {
        Action::Pass => Some(ChoiceText {
            row: "Skip (go on)".into(),
            detail: "End this step and go on.".into(),
            cells: Vec::new(),
        }),
        Action::Tax { square } => {
            let p = game.turn_placement()?;
            let cell = if square == 0 { p.first } else { p.second() };
            let kingdom = game.kingdom(side);
            let territory = kingdom.territory_at(cell)?;
            let terrain = terrain_name(ruleset, territory.terrain);
            let coins = coins_change(game, action).unwrap_or(0);
            let mut cells = vec![cell];
            cells.extend(
                kingdom
                    .territory_cells(cell)
                    .into_iter()
                    .filter(|c| *c != cell),
            );
            let size = plural(territory.squares, "square", "squares");
            let bonus = coins - i64::from(territory.squares);
            Some(ChoiceText {
                row: format!("Tax {terrain} at {},{}: {size}, +{coins}¢", cell.x, cell.y),
                detail: format!(
                    "A knight stays on the {terrain} square at {},{}; its territory of {size} brings {}¢{}.",
                    cell.x,
                    cell.y,
                    territory.squares,
                    if bonus > 0 {
                        format!(" and the buildings' tax bonus {bonus}¢, {coins}¢ in all")
                    } else {
                        String::new()
                    }
                ),
                cells,
            })
        }
        Action::Build { slot, cell } => {
            let id = (*game.economy().board.get(usize::from(slot))?)?;
            let b = ruleset.buildings().get(id.index())?;
            let t = building_text(ruleset, b);
            let price = -coins_change(game, action).unwrap_or(0);
            let short = [t.now.as_str(), t.end.as_str()]
                .iter()
                .filter(|s| !s.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let worth = building_worth_now(game, side, b)
                .map(|w| format!(" (now worth {})", plural(w, "point", "points")))
                .unwrap_or_default();
            Some(ChoiceText {
                row: format!("{} {price}¢ at {},{} {short}", t.name, cell.x, cell.y),
                detail: format!(
                    "{} for {price}¢: {}; {}{worth}.",
                    t.name, t.now_full, t.end_full
                ),
                cells: vec![cell],
            })
        }
        Action::Burn { slot } => {
            let id = (*game.economy().board.get(usize::from(slot))?)?;
            let b = ruleset.buildings().get(id.index())?;
            let t = building_text(ruleset, b);
            let price = -coins_change(game, action).unwrap_or(0);
            Some(ChoiceText {
                row: format!("Burn {} ({price}¢)", t.name),
                detail: format!(
                    "Pay the Dragon {price}¢ to burn {} ({}; {}): no one can build it.",
                    t.name, t.now_full, t.end_full
                ),
                cells: Vec::new(),
            })
        }
        _ => None,
    }
}

/// What a module's turn step is for, a sentence an item (the help and the side panel show them;
/// front ends wrap them to their width).
pub fn step_rules(module: &str) -> &'static [&'static str] {
    match module {
        "knights" => &[
            "Tax: send a knight from your hand onto a square of the domino just placed.",
            "It collects 1 coin per square of that square's territory (plus your buildings' tax bonuses).",
            "Knights stay for the rest of the game; at most two a turn, one per square.",
        ],
        "buildings" => &[
            "Build: buy a building from the Builders' Board at its slot's price.",
            "It goes on an open town square of your kingdom (its crowns count there) and gives its knights or towers at once.",
            "At the end it scores its value. One building a turn.",
            "The kingdom with the most towers hosts the Queen: 1 coin off each building.",
        ],
        "dragon" => &[
            "Dragon: pay 1 coin to burn a building on the board, so no one can build it.",
            "Once a round for all players, and not while you host the Queen.",
        ],
        "wealth" => &["Coins: every 3 coins left at the end score 1 point."],
        "queen" => &[
            "Queen: the kingdom with the most towers hosts her: 1 coin off buildings, no Dragon.",
            "At the end she is one more crown on her host's largest territory.",
        ],
        _ => &[],
    }
}

/// The rules of what the game waits for now, a sentence an item: claiming, placing, or a
/// module's step.
pub fn phase_rules(game: &Game) -> Vec<String> {
    let lines: &[&str] = match game.phase() {
        Phase::FirstClaims { .. } | Phase::Claim { .. } => &[
            "Claim: put your king on a domino of the next line.",
            "The lower its number, the sooner you place and choose next round; high numbers hold more crowns.",
        ],
        Phase::Place { .. } => &[
            "Place: join your domino to your castle (any terrain) or to a square of the same terrain.",
            "The kingdom must stay inside its square; if the domino fits nowhere, discard it.",
            "A territory scores its squares times its crowns.",
        ],
        Phase::Step { .. } => {
            return game.step_name().map_or_else(Vec::new, |m| {
                step_rules(m).iter().map(|s| s.to_string()).collect()
            });
        }
        Phase::Over => &["The game is over."],
    };
    lines.iter().map(|s| s.to_string()).collect()
}

/// How a kingdom scores under `rules`, in a few lines: territories, then each bonus on.
pub fn scoring_rules(rules: &Rules) -> Vec<String> {
    let mut v =
        vec!["A territory (joined squares of a terrain) scores squares times crowns.".to_string()];
    if let Some(h) = rules.harmony {
        v.push(format!(
            "Harmony: +{h} points for a complete kingdom (every square filled)."
        ));
    }
    if let Some(mk) = rules.middle_kingdom {
        v.push(format!(
            "Middle Kingdom: +{} points with the castle in the centre.",
            mk.points
        ));
    }
    if rules.team_size > 1 {
        v.push(format!(
            "Teams of {} share one kingdom and one score.",
            rules.team_size
        ));
    }
    if rules.match_games > 1 {
        v.push(format!(
            "A match of {} games: the totals add up.",
            rules.match_games
        ));
    }
    for m in &rules.modules {
        if let Some(line) = module_summary(&m.name) {
            v.push(line.to_string());
        }
    }
    v
}

/// A module in one line (at most 76 characters): what it adds to a turn or to the score.
pub fn module_summary(module: &str) -> Option<&'static str> {
    Some(match module {
        "knights" => "Tax: a knight on a square just placed earns its territory's size in coins.",
        "buildings" => {
            "Build: buildings on town squares give knights/towers now, points at the end."
        }
        "dragon" => "Dragon: pay 1 coin to burn a building on the board; once a round.",
        "wealth" => "Coins: every 3 left at the end score 1 point.",
        "queen" => "Queen: the most towers host her: 1 coin off buildings, +1 crown at the end.",
        _ => return None,
    })
}

/// The points the side to act would have with its domino at `placement`, and the points it has
/// now: a score preview while placing. `None` outside placing or for an illegal spot.
pub fn placement_preview(game: &Game, placement: Placement) -> Option<(i32, i32)> {
    let side = game.side_of(game.to_act()?);
    if !matches!(game.phase(), Phase::Place { .. }) {
        return None;
    }
    let before = game.score_total(side);
    let mut probe = game.clone();
    probe.apply(Action::Place { placement }).ok()?;
    Some((probe.score_total(side), before))
}

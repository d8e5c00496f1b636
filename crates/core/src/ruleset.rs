//! A validated ruleset: the components and the rules the engine plays.
//!
//! The core never reads files. The `crownlands-rules` crate turns TOML into a [`Ruleset`] and
//! reports problems with file, line and column; [`Ruleset::check`] is the core's own last line of
//! defence, so that a hand-built ruleset can never make the engine panic.

use crate::bitboard::MAX_GRID;
use crate::domino::{Domino, MAX_CROWNS};
use crate::terrain::{MAX_TERRAINS, Terrain, TerrainId};
use serde::{Deserialize, Serialize};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstClaims {
    /// All kings are drawn from a hand one at a time; each claims when drawn (4-player rule).
    Drawn,
    /// A random player order, then a snake: at 2 players with 2 kings, A B B A (rulebook 002, Step 2).
    Snake,
}

/// Where each line of dominoes comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum LineSource {
    /// Every box shuffled together into one draw pile (Kingdomino, Queendomino).
    #[default]
    Mixed,
    /// Each box shuffled on its own; lines come from the boxes in turn, in this order of box
    /// indexes (Royal Wedding: Queendomino, then Kingdomino, and so on). Each box deals the same
    /// share of the deck.
    Alternate { order: Vec<u8> },
}

/// Which reading of Middle Kingdom applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MiddleKingdomReading {
    /// The castle is at the centre of the bounding box of the kingdom; gaps allowed (Board Game Arena).
    BoundingBox,
    /// The kingdom's bounding box is the full grid and the castle is at its centre; gaps allowed.
    FullGrid,
    /// Every square lies within half the grid of the castle in both axes (2 in 5x5, 3 in 7x7):
    /// the kingdom fits in the grid centred on the castle; gaps allowed (rulings: "a reasonable
    /// reading" of rulebook 000).
    WithinHalfGrid,
}

impl MiddleKingdomReading {
    pub fn name(self) -> &'static str {
        match self {
            MiddleKingdomReading::BoundingBox => "bounding-box",
            MiddleKingdomReading::FullGrid => "full-grid",
            MiddleKingdomReading::WithinHalfGrid => "within-half-grid",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MiddleKingdom {
    pub points: i32,
    pub reading: MiddleKingdomReading,
}

/// One tie-break, applied in the ruleset's order after the score; players still tied share the victory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// The most squares in one territory (rulebook 000).
    LargestTerritory,
    /// The most crowns in the kingdom (rulebook 004).
    MostCrowns,
    /// The most coins left at the end (a side without coins has 0).
    MostCoins,
}

impl TieBreak {
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::LargestTerritory => "largest-territory",
            TieBreak::MostCrowns => "most-crowns",
            TieBreak::MostCoins => "most-coins",
        }
    }
}

/// The rules in force for one player count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Kingdoms may not exceed `grid_size` x `grid_size` squares (castle included).
    pub grid_size: u8,
    /// Dominoes laid out per line.
    pub line_size: u8,
    pub kings_per_player: u8,
    /// How many dominoes are dealt into the draw pile (the rest stay in the box unseen).
    pub deck_size: u16,
    pub first_claims: FirstClaims,
    /// Harmony bonus points, when the variant is on.
    pub harmony: Option<i32>,
    pub middle_kingdom: Option<MiddleKingdom>,
    pub tie_breaks: Vec<TieBreak>,
    /// Games in a match: 1, or 3 for Dynasty (totals summed).
    pub match_games: u8,
    /// Modules switched on, in the order they run (Queendomino's knights, wealth, ...).
    #[serde(default)]
    pub modules: Vec<crate::modules::ModuleSpec>,
    /// Where lines come from.
    #[serde(default)]
    pub lines: LineSource,
    /// Players sharing one kingdom, castle, coins and knights (Royal Wedding teams: 2).
    #[serde(default = "one")]
    pub team_size: u8,
}

fn one() -> u8 {
    1
}

impl Rules {
    /// Sides (kingdoms) at `players` players.
    pub fn sides(&self, players: u8) -> u8 {
        players / self.team_size.max(1)
    }

    /// The side (kingdom) of `seat`: its own, or its team's (teammates sit side by side).
    pub fn side_of(&self, seat: crate::side::Seat) -> crate::side::Side {
        crate::side::Side(seat.0 / self.team_size.max(1))
    }
}

/// What a [`RuleWarning`] is about, so that a loader can point at the key that set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarningAt {
    /// The deck against the grid (`deck-size`, `grid-size`).
    Deck,
    /// The module at this position of `modules`.
    Module(usize),
    /// The tie-break at this position of `tie-breaks`.
    TieBreak(usize),
}

/// A rule that cannot work as written, though the game still plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleWarning {
    pub at: WarningAt,
    pub message: String,
}

/// A validated ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    pub name: String,
    pub description: String,
    pub terrains: Vec<Terrain>,
    /// Names of the boxes (draw piles) the dominoes come from; Kingdomino has one.
    pub piles: Vec<String>,
    pub dominoes: Vec<Domino>,
    /// Building tiles (Queendomino), used by the `buildings` module.
    #[serde(default)]
    pub buildings: Vec<crate::building::Building>,
    /// The rules for each allowed player count, sorted by player count.
    pub player_counts: Vec<(u8, Rules)>,
}

impl Ruleset {
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

    pub fn terrain(&self, id: TerrainId) -> &Terrain {
        &self.terrains[id.index()]
    }

    pub fn terrain_by_symbol(&self, symbol: char) -> Option<TerrainId> {
        self.terrains
            .iter()
            .position(|t| t.symbol == symbol)
            .map(|i| TerrainId(i as u8))
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

    /// How a domino is named to players: its number, prefixed by its box's initial when the
    /// ruleset has several boxes.
    pub fn domino_label(&self, id: crate::DominoId) -> String {
        let d = &self.dominoes[id.index()];
        if self.piles.len() > 1 {
            let initial = self.piles[d.pile as usize]
                .chars()
                .next()
                .unwrap_or('?')
                .to_ascii_uppercase();
            format!("{initial}{}", d.number)
        } else {
            d.number.to_string()
        }
    }

    /// Every inconsistency the engine could not play with. Empty means playable.
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.terrains.is_empty() {
            problems.push("the ruleset declares no terrains".to_string());
        }
        if self.terrains.len() > MAX_TERRAINS {
            problems.push(format!(
                "{} terrains declared; at most {MAX_TERRAINS} are supported",
                self.terrains.len()
            ));
        }
        if self.piles.is_empty() || self.piles.len() > 8 {
            problems.push(format!(
                "{} boxes of dominoes; 1 to 8 are supported",
                self.piles.len()
            ));
        }
        if self.dominoes.len() > MAX_DOMINOES {
            problems.push(format!(
                "{} dominoes; at most {MAX_DOMINOES} are supported",
                self.dominoes.len()
            ));
        }
        for d in &self.dominoes {
            for sq in d.squares() {
                if sq.terrain.index() >= self.terrains.len() {
                    problems.push(format!(
                        "domino {} names terrain #{} which does not exist",
                        d.number, sq.terrain.0
                    ));
                }
                if sq.crowns > MAX_CROWNS {
                    problems.push(format!(
                        "domino {} has {} crowns on one square; at most {MAX_CROWNS}",
                        d.number, sq.crowns
                    ));
                }
            }
            if d.pile as usize >= self.piles.len() {
                problems.push(format!(
                    "domino {} is in box #{} which does not exist",
                    d.number, d.pile
                ));
            }
        }
        for (i, a) in self.dominoes.iter().enumerate() {
            if self.dominoes[..i]
                .iter()
                .any(|b| b.number == a.number && b.pile == a.pile)
            {
                problems.push(format!(
                    "domino number {} appears twice in one box",
                    a.number
                ));
            }
        }
        if self.buildings.len() > MAX_BUILDINGS {
            problems.push(format!(
                "{} buildings; at most {MAX_BUILDINGS} are supported",
                self.buildings.len()
            ));
        }
        for (i, b) in self.buildings.iter().enumerate() {
            if self.buildings[..i].iter().any(|o| o.number == b.number) {
                problems.push(format!("building number {} appears twice", b.number));
            }
            if let crate::building::BuildingValue::PerTerritory { terrain, .. }
            | crate::building::BuildingValue::PerCrown { terrain, .. } = b.value
                && terrain.index() >= self.terrains.len()
            {
                problems.push(format!(
                    "building {} scores territories of terrain #{} which does not exist",
                    b.number, terrain.0
                ));
            }
        }
        if self.player_counts.is_empty() {
            problems.push("the ruleset allows no player count".to_string());
        }
        for (i, (n, _)) in self.player_counts.iter().enumerate() {
            if i > 0 && self.player_counts[i - 1].0 >= *n {
                problems.push(
                    "player counts must be listed once each, in increasing order".to_string(),
                );
            }
        }
        for (n, rules) in &self.player_counts {
            for p in rules.check(*n, self.dominoes.len()) {
                problems.push(format!("at {n} players: {p}"));
            }
            for p in self.check_modules(*n, rules) {
                problems.push(format!("at {n} players: {p}"));
            }
            if let LineSource::Alternate { order } = &rules.lines {
                let share = usize::from(rules.deck_size) / order.len().max(1);
                for &b in order {
                    let in_box = self.dominoes.iter().filter(|d| d.pile == b).count();
                    if usize::from(b) >= self.piles.len() {
                        problems.push(format!(
                            "at {n} players: lines alternate with box #{b}, which does not exist"
                        ));
                    } else if in_box < share {
                        problems.push(format!(
                            "at {n} players: box {} holds {in_box} dominoes but must deal {share}",
                            self.piles[usize::from(b)]
                        ));
                    }
                }
            }
        }
        problems
    }

    /// Set the modules of `rules` up for `players` players on a scratch economy, and ask each
    /// what it needs of this ruleset.
    fn check_modules(&self, players: u8, rules: &Rules) -> Vec<String> {
        let Ok(modules) = crate::modules::build_all(&rules.modules) else {
            return Vec::new();
        };
        let mut problems = Vec::new();
        let sides = rules.sides(players);
        let mut economy = crate::modules::Economy {
            sides: crate::side::BySide::filled(sides, Default::default()),
            ..Default::default()
        };
        let mut rng = crate::rng::GameRng::seed_from(0);
        let mut ctx = crate::modules::SetupContext {
            economy: &mut economy,
            sides,
            ruleset: self,
            rng: &mut rng,
        };
        for m in &modules {
            if let Err(e) = m.setup(&mut ctx) {
                problems.push(format!("module `{}`: {e}", m.name()));
            }
            problems.extend(m.check(self));
        }
        problems
    }
}

impl Ruleset {
    /// Rules that can never work at `players` players with `rules` (which must be valid: see
    /// [`Ruleset::check`]): a deck too small to fill the grid, a module that can never act, a
    /// tie-break that can never decide.
    pub fn warnings(&self, players: u8, rules: &Rules) -> Vec<RuleWarning> {
        let mut out = Vec::new();
        let sides = usize::from(rules.sides(players)).max(1);
        let kings_per_side = usize::from(rules.kings_per_player) * usize::from(rules.team_size);
        let rounds = usize::from(rules.deck_size) / usize::from(rules.line_size.max(1));
        let placed = rounds * kings_per_side;
        let grid = usize::from(rules.grid_size);
        let needed = (grid * grid).saturating_sub(1);
        if 2 * placed < needed {
            let harmony = if rules.harmony.is_some() {
                ", so no one can ever earn Harmony"
            } else {
                ""
            };
            out.push(RuleWarning {
                at: WarningAt::Deck,
                message: format!(
                    "the deck can never fill a {grid}x{grid} kingdom: each places at most {placed} dominoes ({} squares) of the {needed} around the castle{harmony}",
                    2 * placed
                ),
            });
        }
        if let Ok(modules) = crate::modules::build_all(&rules.modules) {
            for (i, m) in modules.iter().enumerate() {
                if let Some(why) = m.idle(self, rules) {
                    out.push(RuleWarning {
                        at: WarningAt::Module(i),
                        message: format!("module `{}` can never act: {why}", m.name()),
                    });
                }
            }
        }
        let coins = crate::modules::has_module(rules, "wealth")
            || crate::modules::has_module(rules, "knights")
            || (crate::modules::has_module(rules, "buildings")
                && self.buildings.iter().any(|b| b.coins > 0));
        for (i, tb) in rules.tie_breaks.iter().enumerate() {
            let why = if sides < 2 {
                Some("a single kingdom has no one to tie with".to_string())
            } else if rules.tie_breaks[..i].contains(tb) {
                Some("it is already listed before".to_string())
            } else if *tb == TieBreak::MostCoins && !coins {
                Some("no module gives coins, so every kingdom has 0".to_string())
            } else {
                None
            };
            if let Some(why) = why {
                out.push(RuleWarning {
                    at: WarningAt::TieBreak(i),
                    message: format!("tie-break `{}` can never decide: {why}", tb.name()),
                });
            }
        }
        out
    }
}

impl Rules {
    /// Problems with these rules at `players` players, with `dominoes` dominoes available.
    pub fn check(&self, players: u8, dominoes: usize) -> Vec<String> {
        let mut problems = Vec::new();
        if players == 0 || players > MAX_PLAYERS {
            problems.push(format!(
                "{players} players; 1 to {MAX_PLAYERS} are supported"
            ));
        }
        if self.grid_size == 0 || usize::from(self.grid_size) > MAX_GRID {
            problems.push(format!(
                "grid size {}; kingdoms from 1x1 to {MAX_GRID}x{MAX_GRID} are supported",
                self.grid_size
            ));
        }
        if self.line_size == 0 || self.line_size > MAX_LINE {
            problems.push(format!(
                "line size {}; 1 to {MAX_LINE} are supported",
                self.line_size
            ));
        }
        for (i, t) in self.tie_breaks.iter().enumerate() {
            if self.tie_breaks[..i].contains(t) {
                problems.push(format!(
                    "tie-break `{}` is listed twice: each decides a tie at most once",
                    t.name()
                ));
            }
        }
        if self.team_size == 0 || !players.is_multiple_of(self.team_size.max(1)) {
            problems.push(format!(
                "{players} players do not form teams of {}",
                self.team_size
            ));
        }
        if let LineSource::Alternate { order } = &self.lines {
            let per_box = usize::from(self.line_size) * order.len().max(1);
            if order.is_empty() {
                problems.push("lines alternate between no boxes".to_string());
            } else if usize::from(self.deck_size) % per_box != 0 {
                problems.push(format!(
                    "a deck of {} dominoes does not split into whole lines of {} from each of {} boxes",
                    self.deck_size,
                    self.line_size,
                    order.len()
                ));
            }
        }
        if self.kings_per_player == 0 {
            problems.push("each player needs at least one king".to_string());
        }
        let kings = usize::from(players) * usize::from(self.kings_per_player);
        if kings > usize::from(self.line_size) {
            problems.push(format!(
                "{kings} kings but only {} dominoes a line: every king needs a domino",
                self.line_size
            ));
        }
        let deck = usize::from(self.deck_size);
        if deck > dominoes {
            problems.push(format!(
                "a deck of {deck} dominoes, but the sets hold only {dominoes}"
            ));
        }
        if deck == 0 || deck < usize::from(self.line_size) {
            problems.push(format!(
                "a deck of {deck} dominoes is too small for one line of {}",
                self.line_size
            ));
        } else if self.line_size > 0 && deck % usize::from(self.line_size) != 0 {
            problems.push(format!(
                "a deck of {deck} dominoes does not divide into lines of {}",
                self.line_size
            ));
        }
        // Unknown or duplicate modules, bad parameters. Setting modules up needs the whole
        // ruleset: `Ruleset::check` does that.
        if let Err(e) = crate::modules::build_all(&self.modules) {
            problems.push(e.to_string());
        }
        if self.match_games == 0 || self.match_games > MAX_MATCH_GAMES {
            problems.push(format!(
                "{} games a match; 1 to {MAX_MATCH_GAMES} are supported",
                self.match_games
            ));
        }
        problems
    }
}

#[cfg(test)]
mod tests;

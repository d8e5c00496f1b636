//! The checks that turn a ruleset's parts into a validated `Ruleset`: its components, its
//! tables, each player count's rules and modules, every problem at once.

use super::{
    BuiltModules, CastleAt, MAX_BUILDINGS, MAX_DOMINOES, MAX_LINE, MAX_MATCH_GAMES, MAX_PILES,
    MAX_PLAYERS, Problem, Rules, RulesProblem, Ruleset,
};
use crate::bitboard::MAX_GRID;
use crate::domino::MAX_CROWNS;
use crate::terrain::MAX_TERRAINS;

impl Ruleset {
    /// Tables no module of `registry` plays, too many tables or rows, rows that do not read.
    pub(super) fn table_problems(&self, registry: &crate::Registry) -> Vec<Problem> {
        use crate::modules::table::{MAX_ROWS, MAX_TABLES};
        let mut out = Vec::new();
        if self.tables.is_empty() {
            return out;
        }
        let declared = registry.component_tables();
        let keys: Vec<&'static str> = declared.iter().map(|(_, t)| t.key).collect();
        if self.tables.len() > MAX_TABLES {
            out.push(Problem::TableSize {
                key: self
                    .tables
                    .keys()
                    .nth(MAX_TABLES)
                    .cloned()
                    .unwrap_or_default(),
                what: format!(
                    "{} component tables; at most {MAX_TABLES} are supported",
                    self.tables.len()
                ),
            });
        }
        for (key, rows) in self.tables.iter() {
            let Some((_, table)) = declared.iter().find(|(_, t)| t.key == key) else {
                out.push(Problem::UnknownTable {
                    key: key.clone(),
                    suggestion: crate::text::closest(key, &keys),
                    known: keys.join(", "),
                });
                continue;
            };
            if rows.len() > MAX_ROWS {
                out.push(Problem::TableSize {
                    key: key.clone(),
                    what: format!(
                        "{} rows of component `{key}`; at most {MAX_ROWS} are supported",
                        rows.len()
                    ),
                });
                continue;
            }
            for (row, value) in rows.iter().enumerate() {
                if let Err(problem) = (table.check)(value) {
                    out.push(Problem::TableRow {
                        key: key.clone(),
                        row,
                        message: crate::modules::table::row_words(&problem),
                    });
                }
            }
        }
        out
    }

    /// Problems with the terrains, boxes, dominoes and buildings.
    pub(super) fn component_problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if self.terrains.is_empty() {
            problems.push(Problem::NoTerrains);
        }
        if self.terrains.len() > MAX_TERRAINS {
            problems.push(Problem::TooManyTerrains(self.terrains.len()));
        }
        if self.piles.is_empty() || self.piles.len() > MAX_PILES {
            problems.push(Problem::PileCount(self.piles.len()));
        }
        if self.dominoes.len() > MAX_DOMINOES {
            problems.push(Problem::TooManyDominoes(self.dominoes.len()));
        }
        for (index, d) in self.dominoes.iter().enumerate() {
            let number = d.number;
            for sq in d.squares() {
                if sq.terrain.index() >= self.terrains.len() {
                    problems.push(Problem::DominoTerrain {
                        index,
                        number,
                        terrain: sq.terrain.0,
                    });
                }
                if sq.crowns > MAX_CROWNS {
                    problems.push(Problem::DominoCrowns {
                        index,
                        number,
                        crowns: sq.crowns,
                    });
                }
            }
            if d.pile as usize >= self.piles.len() {
                problems.push(Problem::DominoPile {
                    index,
                    number,
                    pile: d.pile,
                });
            }
        }
        for (index, a) in self.dominoes.iter().enumerate() {
            if self.dominoes[..index]
                .iter()
                .any(|b| b.number == a.number && b.pile == a.pile)
            {
                problems.push(Problem::DominoTwice {
                    index,
                    number: a.number,
                });
            }
        }
        if self.buildings.len() > MAX_BUILDINGS {
            problems.push(Problem::TooManyBuildings(self.buildings.len()));
        }
        for (index, b) in self.buildings.iter().enumerate() {
            if self.buildings[..index].iter().any(|o| o.number == b.number) {
                problems.push(Problem::BuildingTwice {
                    index,
                    number: b.number,
                });
            }
            if let crate::building::BuildingValue::PerTerritory { terrain, .. }
            | crate::building::BuildingValue::PerCrown { terrain, .. } = b.value
                && terrain.index() >= self.terrains.len()
            {
                problems.push(Problem::BuildingTerrain {
                    index,
                    number: b.number,
                    terrain: terrain.0,
                });
            }
        }
        problems
    }

    /// Problems with the list of player counts.
    pub(super) fn player_count_problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if self.player_counts.is_empty() {
            problems.push(Problem::NoPlayerCounts);
        }
        for (i, (n, _)) in self.player_counts.iter().enumerate() {
            if i > 0 && self.player_counts[i - 1].0 >= *n {
                problems.push(Problem::PlayerCountOrder);
            }
        }
        problems
    }

    /// Set the modules of `rules` up for `players` players on a scratch economy, and ask each
    /// what it needs of this ruleset.
    pub(super) fn module_problems(
        &self,
        players: u8,
        rules: &Rules,
        modules: &BuiltModules,
    ) -> Vec<RulesProblem> {
        let mut problems = Vec::new();
        let sides = rules.sides(players);
        let mut data = modules.new_data();
        let mut rng = crate::rng::GameRng::seed_from(0);
        for (index, m) in modules.modules().iter().enumerate() {
            let mut ctx = crate::modules::SetupContext {
                sides,
                ruleset: self,
                rng: &mut rng,
                list: modules,
                data: &mut data,
                me: index,
                first_claims: &[],
                king_sides: &[],
            };
            if let Err(message) = m.setup(&mut ctx) {
                problems.push(RulesProblem::ModuleSetup {
                    index,
                    module: m.name(),
                    message,
                });
            }
            problems.extend(
                m.check(self)
                    .into_iter()
                    .map(|p| RulesProblem::ModuleComponents {
                        index,
                        module: m.name(),
                        key: p.key.map(str::to_string),
                        message: p.problem,
                    }),
            );
        }
        problems
    }
}

/// Whether `problem`, found by a module built with some of its parameters set aside (left at
/// their defaults in place of the file's bad values), may be about a stand-in: a setup's, one
/// about the parameters as a whole, or one about a parameter set aside.
pub(super) fn set_aside(problem: &RulesProblem, aside: &[(usize, Option<String>)]) -> bool {
    let (index, key) = match problem {
        RulesProblem::ModuleSetup { index, .. } => (*index, None),
        RulesProblem::ModuleComponents { index, key, .. } => (*index, key.as_deref()),
        _ => return false,
    };
    aside
        .iter()
        .any(|(i, k)| *i == index && (k.is_none() || key.is_none() || k.as_deref() == key))
}

impl Rules {
    /// The fewest dominoes a deck needs, in whole lines, for each kingdom to be able to fill its
    /// grid: each round a side places one domino a king, two squares each (with fewer, the
    /// deck is warned of as one that can never fill the grid).
    pub(crate) fn deck_to_fill(&self) -> usize {
        let grid = usize::from(self.grid_size);
        let needed = (grid * grid).saturating_sub(1);
        let kings_per_side =
            (usize::from(self.kings_per_player) * usize::from(self.team_size)).max(1);
        let rounds = needed.div_ceil(2 * kings_per_side);
        rounds * usize::from(self.line_size)
    }

    /// Problems with these rules at `players` players, with `dominoes` dominoes available (all
    /// but those that need the whole ruleset: module setup, boxes of alternating lines).
    pub(super) fn problems(
        &self,
        players: u8,
        dominoes: usize,
        registry: &crate::Registry,
    ) -> Vec<RulesProblem> {
        let mut problems = Vec::new();
        if players == 0 || players > MAX_PLAYERS {
            problems.push(RulesProblem::Players(players));
        }
        if self.grid_size == 0 || usize::from(self.grid_size) > MAX_GRID {
            problems.push(RulesProblem::GridSize(self.grid_size));
        } else if self.castle == CastleAt::Centre && self.grid_size.is_multiple_of(2) {
            problems.push(RulesProblem::CastleCentreEvenGrid(self.grid_size));
        }
        if self.line_size == 0 || self.line_size > MAX_LINE {
            problems.push(RulesProblem::LineSize(self.line_size));
        }
        for (index, &tie_break) in self.tie_breaks.iter().enumerate() {
            if self.tie_breaks[..index].contains(&tie_break) {
                problems.push(RulesProblem::TieBreakTwice { index, tie_break });
            } else if let Some(&earlier) = self.tie_breaks[..index]
                .iter()
                .find(|t| t.opposes(&tie_break))
            {
                problems.push(RulesProblem::TieBreakOpposed {
                    index,
                    tie_break,
                    earlier,
                });
            }
        }
        for (index, &tie_break) in self.match_tie_breaks.iter().enumerate() {
            if self.match_tie_breaks[..index].contains(&tie_break) {
                problems.push(RulesProblem::MatchTieBreakTwice { index, tie_break });
            } else if let Some(&earlier) = self.match_tie_breaks[..index]
                .iter()
                .find(|t| t.opposes(&tie_break))
            {
                problems.push(RulesProblem::MatchTieBreakOpposed {
                    index,
                    tie_break,
                    earlier,
                });
            }
        }
        if self.team_size == 0 || !players.is_multiple_of(self.team_size.max(1)) {
            problems.push(RulesProblem::Teams {
                players,
                team_size: self.team_size,
                // The ruleset's counts, filled in by `Ruleset::new`.
                allowed: Vec::new(),
            });
        }
        if self.kings_per_player == 0 {
            problems.push(RulesProblem::NoKing);
        }
        let kings = usize::from(players) * usize::from(self.kings_per_player);
        if kings > usize::from(self.line_size) {
            problems.push(RulesProblem::KingsExceedLine {
                kings,
                per_player: self.kings_per_player,
                line: self.line_size,
            });
        }
        let deck = usize::from(self.deck_size);
        let line = usize::from(self.line_size);
        if deck > dominoes {
            problems.push(RulesProblem::DeckExceedsSets { deck, dominoes });
        } else if deck == 0 || deck < line {
            problems.push(RulesProblem::DeckTooSmall {
                deck,
                line: self.line_size,
            });
        } else if line > 0 && deck % line != 0 {
            problems.push(RulesProblem::DeckLines {
                deck,
                line: self.line_size,
                dominoes,
                fill: self.deck_to_fill(),
                grid: self.grid_size,
            });
        }
        // Unknown or duplicate modules, bad parameters. Setting modules up needs the whole
        // ruleset: `Ruleset::new` does that.
        for p in crate::modules::check_specs(registry, &self.modules) {
            problems.push(RulesProblem::Module {
                index: p.module,
                key: p.key,
                error: p.error,
            });
        }
        if self.match_games == 0 || self.match_games > MAX_MATCH_GAMES {
            problems.push(RulesProblem::MatchGames(self.match_games));
        }
        problems
    }
}

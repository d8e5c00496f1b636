//! What [`Ruleset::new`](super::Ruleset::new) can find wrong with a ruleset: every problem is a
//! [`Problem`], and each names the [`Field`] it concerns, so that a loader can point at the place
//! in a file that set the field (whatever the message says).

use super::{
    MAX_BUILDINGS, MAX_DOMINOES, MAX_LINE, MAX_MATCH_GAMES, MAX_PLAYERS, MatchTieBreak, TieBreak,
};
use crate::bitboard::MAX_GRID;
use crate::domino::MAX_CROWNS;
use crate::modules::ModuleError;
use crate::terrain::MAX_TERRAINS;

/// The most boxes (draw piles) a ruleset may hold.
pub const MAX_PILES: usize = 8;

/// Where in a ruleset a [`Problem`] lies. Displays as a path in the words of the file format:
/// `terrains`, `dominoes[3]`, `for-players.4.team-size`, `for-players.2.modules[1].params.supply`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The terrain list as a whole.
    Terrains,
    /// The boxes of dominoes as a whole.
    Piles,
    /// The domino list as a whole.
    Dominoes,
    /// The domino at this position of the list.
    Domino(usize),
    /// The building list as a whole.
    Buildings,
    /// The building at this position of the list.
    Building(usize),
    /// A module's component table (`component.KEY`), or one row of it.
    Table { key: String, row: Option<usize> },
    /// The list of player counts.
    PlayerCounts,
    /// A key of the rules at one player count.
    Rules { players: u8, key: RulesField },
}

/// A key of the rules at one player count ([`Field::Rules`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RulesField {
    /// The player count itself.
    Players,
    GridSize,
    /// Where the castle stands (`castle`).
    Castle,
    LineSize,
    KingsPerPlayer,
    DeckSize,
    /// The tie-break at this position of `tie-breaks`.
    TieBreak(usize),
    MatchGames,
    /// The match tie-break at this position of `match-tie-breaks`.
    MatchTieBreak(usize),
    TeamSize,
    /// The seating of teams (`teams`).
    Teams,
    /// The line source (`lines`).
    Lines,
    /// Where lines come from (`lines`, `line-order`).
    LineOrder,
    /// The module at this position of `modules`.
    Module(usize),
    /// The parameters of the module at this position of `modules`, together.
    ModuleParams(usize),
    /// One parameter of the module at position `module` of `modules`.
    ModuleParam {
        module: usize,
        key: String,
    },
    /// The key of a parameter of the module at position `module` of `modules` that the module
    /// does not have: the key is at fault, not its value.
    ModuleParamKey {
        module: usize,
        key: String,
    },
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Field::Terrains => f.write_str("terrains"),
            Field::Piles => f.write_str("boxes"),
            Field::Dominoes => f.write_str("dominoes"),
            Field::Domino(i) => write!(f, "dominoes[{i}]"),
            Field::Buildings => f.write_str("buildings"),
            Field::Building(i) => write!(f, "buildings[{i}]"),
            Field::Table { key, row: None } => write!(f, "component.{key}"),
            Field::Table { key, row: Some(i) } => write!(f, "component.{key}[{i}]"),
            Field::PlayerCounts => f.write_str("players"),
            Field::Rules { players, key } => write!(f, "for-players.{players}.{key}"),
        }
    }
}

impl std::fmt::Display for RulesField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulesField::Players => f.write_str("players"),
            RulesField::GridSize => f.write_str("grid-size"),
            RulesField::Castle => f.write_str("castle"),
            RulesField::LineSize => f.write_str("line-size"),
            RulesField::KingsPerPlayer => f.write_str("kings-per-player"),
            RulesField::DeckSize => f.write_str("deck-size"),
            RulesField::TieBreak(i) => write!(f, "tie-breaks[{i}]"),
            RulesField::MatchGames => f.write_str("match-games"),
            RulesField::MatchTieBreak(i) => write!(f, "match-tie-breaks[{i}]"),
            RulesField::TeamSize => f.write_str("team-size"),
            RulesField::Teams => f.write_str("teams"),
            RulesField::Lines => f.write_str("lines"),
            RulesField::LineOrder => f.write_str("line-order"),
            RulesField::Module(i) => write!(f, "modules[{i}]"),
            RulesField::ModuleParams(i) => write!(f, "modules[{i}].params"),
            RulesField::ModuleParam { module, key }
            | RulesField::ModuleParamKey { module, key } => {
                write!(f, "modules[{module}].params.{key}")
            }
        }
    }
}

/// One thing that makes a ruleset unplayable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the ruleset declares no terrains")]
    NoTerrains,
    #[error("{0} terrains declared; at most {MAX_TERRAINS} are supported")]
    TooManyTerrains(usize),
    #[error("{0} boxes of dominoes; 1 to {MAX_PILES} are supported")]
    PileCount(usize),
    #[error("{0} dominoes; at most {MAX_DOMINOES} are supported")]
    TooManyDominoes(usize),
    #[error("domino {number} names terrain #{terrain} which does not exist")]
    DominoTerrain {
        index: usize,
        number: u16,
        terrain: u8,
    },
    #[error("domino {number} has {crowns} crowns on one square; at most {MAX_CROWNS}")]
    DominoCrowns {
        index: usize,
        number: u16,
        crowns: u8,
    },
    #[error("domino {number} is in box #{pile} which does not exist")]
    DominoPile { index: usize, number: u16, pile: u8 },
    #[error("domino number {number} appears twice in one box")]
    DominoTwice { index: usize, number: u16 },
    #[error("{0} buildings; at most {MAX_BUILDINGS} are supported")]
    TooManyBuildings(usize),
    #[error("building number {number} appears twice")]
    BuildingTwice { index: usize, number: u16 },
    #[error("building {number} scores territories of terrain #{terrain} which does not exist")]
    BuildingTerrain {
        index: usize,
        number: u16,
        terrain: u8,
    },
    /// A component table no module of the registry declares.
    #[error("no module plays a component table `{key}`{hint}; tables: {known}", key = crate::text::excerpt(.key), hint = .suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default(), known = if .known.is_empty() { "none" } else { .known.as_str() })]
    UnknownTable {
        key: String,
        suggestion: Option<&'static str>,
        known: String,
    },
    /// A table with more rows than the engine supports, or too many tables.
    #[error("{what}")]
    TableSize { key: String, what: String },
    /// A row that does not read as its module's type.
    #[error("component `{key}` #{number}: {message}", number = .row + 1)]
    TableRow {
        key: String,
        row: usize,
        message: String,
    },
    #[error("the ruleset allows no player count")]
    NoPlayerCounts,
    #[error("player counts must be listed once each, in increasing order")]
    PlayerCountOrder,
    /// A problem with the rules at one player count.
    #[error("at {players} players: {problem}")]
    Rules { players: u8, problem: RulesProblem },
}

/// [`RulesProblem::CastleCentreEvenGrid`] in words, with the odd grids next to `grid` that work.
fn castle_even_grid(grid: u8) -> String {
    let odd: Vec<String> = [grid.wrapping_sub(1), grid.saturating_add(1)]
        .into_iter()
        .filter(|g| (3..=MAX_GRID as u8).contains(g))
        .map(|g| format!("grid-size = {g}"))
        .collect();
    let article = super::article(usize::from(grid));
    format!(
        "castle = \"centre\" needs an odd grid-size: {article} {grid}x{grid} grid has no centre square ({}, or castle = \"anywhere\")",
        odd.join(" or ")
    )
}

/// A problem with the rules at one player count ([`Problem::Rules`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesProblem {
    #[error("{0} players; 1 to {MAX_PLAYERS} are supported")]
    Players(u8),
    #[error("grid size {0}; kingdoms from 1x1 to {MAX_GRID}x{MAX_GRID} are supported")]
    GridSize(u8),
    /// `castle = "centre"` on an even grid, which has no centre square.
    #[error("{}", castle_even_grid(*.0))]
    CastleCentreEvenGrid(u8),
    #[error("line size {0}; 1 to {MAX_LINE} are supported")]
    LineSize(u8),
    #[error("tie-break `{tie_break}` is listed twice: each decides a tie at most once", tie_break = .tie_break.name())]
    TieBreakTwice { index: usize, tie_break: TieBreak },
    /// A tie-break counting what an earlier one counts the other way ([`TieBreak::opposes`]).
    #[error("tie-break `{tie_break}` counts what `{earlier}` before it counts: kingdoms `{earlier}` leaves tied hold as many, so `{tie_break}` never decides; keep one", tie_break = .tie_break.name(), earlier = .earlier.name())]
    TieBreakOpposed {
        index: usize,
        tie_break: TieBreak,
        earlier: TieBreak,
    },
    /// A `most-RESOURCE` or `fewest-RESOURCE` tie-break on a resource no registered module
    /// keeps.
    #[error("tie-break `{tie_break}`: no module keeps a resource called `{resource}` for each side{hint}; a `{prefix}` tie-break names one the modules keep per side (its module in `modules`): {known}", tie_break = .tie_break.name(), resource = .tie_break.resource().unwrap_or(""), prefix = .tie_break.prefix(), hint = .suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    UnknownResource {
        index: usize,
        tie_break: TieBreak,
        /// The tie-break meant, whole (`most-coins`, `largest-territory`).
        suggestion: Option<String>,
        known: String,
    },
    #[error("match tie-break `{tie_break}` is listed twice: each decides a tie at most once", tie_break = .tie_break.name())]
    MatchTieBreakTwice {
        index: usize,
        tie_break: MatchTieBreak,
    },
    /// A match tie-break counting what an earlier one counts the other way
    /// ([`MatchTieBreak::opposes`]).
    #[error("match tie-break `{tie_break}` counts what `{earlier}` before it counts: sides `{earlier}` leaves tied hold as many, so `{tie_break}` never decides; keep one", tie_break = .tie_break.name(), earlier = .earlier.name())]
    MatchTieBreakOpposed {
        index: usize,
        tie_break: MatchTieBreak,
        earlier: MatchTieBreak,
    },
    /// A `most-RESOURCE` or `fewest-RESOURCE` match tie-break on a resource no registered
    /// module keeps.
    #[error("match tie-break `{tie_break}`: no module keeps a resource called `{resource}` for each side{hint}; a `{prefix}` match tie-break adds up over the games one the modules keep per side (its module in `modules`): {known}", tie_break = .tie_break.name(), resource = .tie_break.resource().unwrap_or(""), prefix = .tie_break.prefix(), hint = .suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    UnknownMatchResource {
        index: usize,
        tie_break: TieBreak,
        /// The match tie-break meant, whole (`most-coins`, `most-games-won`).
        suggestion: Option<String>,
        known: String,
    },
    /// A `teams` the registry does not know; `known` lists the names it knows.
    #[error("unknown seating of teams `{name}`; known seatings: {known}")]
    UnknownTeams { name: String, known: String },
    /// A seating that does not give every seat a side and every side a whole team.
    #[error("seating `{name}`: {message}")]
    Seating { name: String, message: String },
    #[error(
        "{}{}",
        if *players == 1 {
            format!("1 player does not form a team of {team_size}")
        } else {
            format!("{players} players do not form teams of {team_size}")
        },
        teams_hint(*players, *team_size, allowed)
    )]
    Teams {
        players: u8,
        team_size: u8,
        /// The player counts the ruleset allows (empty where unknown): those teams of
        /// `team_size` fill are the ones to play.
        allowed: Vec<u8>,
    },
    /// A `lines` the registry does not know; `known` lists the names it knows.
    #[error("unknown line source `{name}`; known line sources: {known}")]
    LineSource { name: String, known: String },
    #[error("lines alternate between no boxes")]
    NoAlternateBoxes,
    /// `places`: the entries of `line-order` (a box named twice counts twice); `fix`: the deck
    /// sizes that split and that the boxes can deal, in words, or empty.
    #[error(
        "a deck of {deck} dominoes does not split into rounds of `line-order`: {places} lines of {line}, one for each of its places{fix}"
    )]
    DeckSplit {
        deck: u16,
        line: u8,
        places: usize,
        fix: String,
    },
    #[error("lines alternate with box #{0}, which does not exist")]
    AlternateBox(u8),
    /// `undealt`: the boxes lines never come from that hold dominoes, in words (`; box
    /// kingdomno, not in line-order, holds 1 domino`: a misspelt `box` shows here), or empty.
    /// `fix`: the deck size every box could deal, in words (` (set `deck-size = 40`, ...)`), or
    /// empty.
    #[error("box {pile} holds {in_box} dominoes but must deal {share}{fix}{undealt}")]
    BoxShort {
        pile: String,
        in_box: usize,
        share: usize,
        undealt: String,
        fix: String,
    },

    #[error("each player needs at least one king")]
    NoKing,
    #[error(
        "{kings} kings ({per_player} per player) but only {line} {dominoes} a line (line-size): every king needs a domino ({fix})",
        dominoes = if *line == 1 { "domino" } else { "dominoes" },
        fix = kings_fix(*kings, *per_player)
    )]
    KingsExceedLine {
        kings: usize,
        per_player: u8,
        line: u8,
    },
    #[error("a deck of {deck} dominoes, but the component sets hold only {dominoes}")]
    DeckExceedsSets { deck: usize, dominoes: usize },
    #[error(
        "a deck of {deck} {dominoes} is too small for one line of {line}",
        dominoes = if *.deck == 1 { "domino" } else { "dominoes" }
    )]
    DeckTooSmall { deck: usize, line: u8 },
    #[error("a deck of {deck} dominoes does not divide into lines of {line}{hint}", hint = deck_hint(*.deck, *.line, *.dominoes, *.fill, *.grid))]
    DeckLines {
        deck: usize,
        line: u8,
        /// The dominoes available, for the hint of a deck size that would divide.
        dominoes: usize,
        /// The fewest dominoes a deck of these lines needs for each kingdom to be able to fill
        /// its grid (fewer draw a warning): a size offered is one that does, where one can.
        fill: usize,
        /// The grid's side, for the words of the hint.
        grid: u8,
    },
    #[error("{0} games a match; 1 to {MAX_MATCH_GAMES} are supported")]
    MatchGames(u8),
    /// An unknown or duplicate module, or a bad parameter (`key`, when one is at fault).
    #[error("{error}")]
    Module {
        index: usize,
        key: Option<String>,
        error: ModuleError,
    },
    /// A module that cannot be set up for this many sides (e.g. a supply too small).
    #[error("module `{module}`: {message}")]
    ModuleSetup {
        index: usize,
        module: &'static str,
        message: String,
    },
    /// A module that cannot work with this ruleset's components, or whose parameter `key`
    /// names what the ruleset lacks.
    #[error("module `{module}`: {message}")]
    ModuleComponents {
        index: usize,
        module: &'static str,
        key: Option<String>,
        message: String,
    },
}

/// The deck sizes that would divide into lines, when the sets hold enough.
/// What to change when `kings` need more dominoes a line than there are: a line as long as the
/// kings where a line can be that long (at most [`crate::ruleset::MAX_LINE`]), fewer kings a
/// player where a player has more than one.
fn kings_fix(kings: usize, per_player: u8) -> String {
    let raise = (kings <= usize::from(crate::ruleset::MAX_LINE))
        .then(|| format!("raise `line-size` to {kings}"));
    let lower = (per_player > 1).then(|| "lower `kings-per-player`".to_string());
    match (raise, lower) {
        (Some(r), Some(l)) => format!("{r}, or {l}"),
        (Some(r), None) => r,
        (None, Some(l)) => format!(
            "{l}: a line holds at most {} dominoes",
            crate::ruleset::MAX_LINE
        ),
        (None, None) => format!(
            "fewer players: a line holds at most {} dominoes",
            crate::ruleset::MAX_LINE
        ),
    }
}

/// The deck sizes next to `deck` that divide into lines of `line` and that the `dominoes`
/// available can deal; of those, the ones that leave each kingdom enough to fill its grid (at
/// least `fill`: a smaller deck is warned of), else where the dominoes to add would lead.
fn deck_hint(deck: usize, line: u8, dominoes: usize, fill: usize, grid: u8) -> String {
    let line = usize::from(line.max(1));
    let lower = deck - deck % line;
    let upper = lower + line;
    let dealt: Vec<usize> = [lower, upper]
        .into_iter()
        .filter(|&d| d > 0 && d <= dominoes)
        .collect();
    let filling: Vec<usize> = dealt.iter().copied().filter(|&d| d >= fill).collect();
    match (filling.as_slice(), dealt.as_slice()) {
        ([one], _) => format!(" (set `deck-size = {one}`)"),
        ([a, b], _) => format!(" (set `deck-size` to {a} or {b})"),
        (_, short) => {
            // The fewest dominoes that divide into these lines and fill the grid.
            let enough = fill.div_ceil(line).max(1) * line;
            let divides = match short {
                [] => String::new(),
                [one] => format!(
                    "; a deck of {one} divides, but then no kingdom can fill its {grid}x{grid} grid"
                ),
                [a, b, ..] => format!(
                    "; a deck of {a} or {b} divides, but then no kingdom can fill its {grid}x{grid} grid"
                ),
            };
            if enough <= dominoes {
                format!(
                    " (set `deck-size = {enough}`, the fewest that fill a {grid}x{grid} kingdom{divides})"
                )
            } else {
                format!(
                    " (add {} for {enough}, the fewest that divide into lines of {line} and fill a {grid}x{grid} kingdom: a component set in `add-sets`, or `[[domino]]` entries{divides})",
                    crate::text::plural((enough - dominoes) as i64, "domino", "dominoes")
                )
            }
        }
    }
}

impl Problem {
    /// The field this problem concerns.
    pub fn field(&self) -> Field {
        match self {
            Problem::NoTerrains | Problem::TooManyTerrains(_) => Field::Terrains,
            Problem::PileCount(_) => Field::Piles,
            Problem::TooManyDominoes(_) => Field::Dominoes,
            Problem::DominoTerrain { index, .. }
            | Problem::DominoCrowns { index, .. }
            | Problem::DominoPile { index, .. }
            | Problem::DominoTwice { index, .. } => Field::Domino(*index),
            Problem::TooManyBuildings(_) => Field::Buildings,
            Problem::BuildingTwice { index, .. } | Problem::BuildingTerrain { index, .. } => {
                Field::Building(*index)
            }
            Problem::UnknownTable { key, .. } | Problem::TableSize { key, .. } => Field::Table {
                key: key.clone(),
                row: None,
            },
            Problem::TableRow { key, row, .. } => Field::Table {
                key: key.clone(),
                row: Some(*row),
            },
            Problem::NoPlayerCounts | Problem::PlayerCountOrder => Field::PlayerCounts,
            Problem::Rules { players, problem } => Field::Rules {
                players: *players,
                key: problem.field(),
            },
        }
    }
}

impl RulesProblem {
    /// The key of the rules this problem concerns.
    pub fn field(&self) -> RulesField {
        match self {
            RulesProblem::Players(_) => RulesField::Players,
            RulesProblem::GridSize(_) => RulesField::GridSize,
            RulesProblem::CastleCentreEvenGrid(_) => RulesField::Castle,
            RulesProblem::LineSize(_) => RulesField::LineSize,
            RulesProblem::TieBreakTwice { index, .. }
            | RulesProblem::TieBreakOpposed { index, .. }
            | RulesProblem::UnknownResource { index, .. } => RulesField::TieBreak(*index),
            RulesProblem::MatchTieBreakTwice { index, .. }
            | RulesProblem::MatchTieBreakOpposed { index, .. }
            | RulesProblem::UnknownMatchResource { index, .. } => RulesField::MatchTieBreak(*index),
            RulesProblem::Teams { .. } => RulesField::TeamSize,
            RulesProblem::UnknownTeams { .. } | RulesProblem::Seating { .. } => RulesField::Teams,
            RulesProblem::LineSource { .. } => RulesField::Lines,
            RulesProblem::NoAlternateBoxes
            | RulesProblem::AlternateBox(_)
            | RulesProblem::BoxShort { .. } => RulesField::LineOrder,
            RulesProblem::DeckSplit { .. }
            | RulesProblem::DeckExceedsSets { .. }
            | RulesProblem::DeckTooSmall { .. }
            | RulesProblem::DeckLines { .. } => RulesField::DeckSize,
            RulesProblem::NoKing | RulesProblem::KingsExceedLine { .. } => {
                RulesField::KingsPerPlayer
            }
            RulesProblem::MatchGames(_) => RulesField::MatchGames,
            RulesProblem::Module {
                index,
                key: Some(key),
                error: ModuleError::UnknownParam { .. },
            } => RulesField::ModuleParamKey {
                module: *index,
                key: key.clone(),
            },
            RulesProblem::Module {
                index,
                key: Some(key),
                ..
            } => RulesField::ModuleParam {
                module: *index,
                key: key.clone(),
            },
            RulesProblem::Module {
                index,
                key: None,
                error: ModuleError::Param { .. } | ModuleError::UnknownParam { .. },
            } => RulesField::ModuleParams(*index),
            // A module that cannot be set up or cannot work with the components is so for its
            // parameters (a supply, a town terrain): at them, when any are set.
            RulesProblem::ModuleComponents {
                index,
                key: Some(key),
                ..
            } => RulesField::ModuleParam {
                module: *index,
                key: key.clone(),
            },
            RulesProblem::ModuleSetup { index, .. }
            | RulesProblem::ModuleComponents { index, .. } => RulesField::ModuleParams(*index),
            RulesProblem::Module { index, .. } => RulesField::Module(*index),
        }
    }
}

/// Every problem [`Ruleset::new`](super::Ruleset::new) found, in the order of the ruleset's
/// fields; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl std::fmt::Display for Problems {
    /// Each problem, separated by `; `.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

/// What would form teams: the other team sizes `players` divides into (2 or more a team), and
/// the player counts teams of `team_size` fit: those of `allowed` (the ruleset's counts) where
/// any is, the multiples of the size otherwise.
fn teams_hint(players: u8, team_size: u8, allowed: &[u8]) -> String {
    if team_size == 0 {
        return ": a team has at least one player".to_string();
    }
    let sizes: Vec<String> = (2..players)
        .filter(|s| players.is_multiple_of(*s) && *s != team_size)
        .map(|s| s.to_string())
        .collect();
    let sizes = match sizes.as_slice() {
        [] => String::new(),
        [one] => format!("teams of {one}"),
        [init @ .., last] => format!("teams of {} or {last}", init.join(", ")),
    };
    let fits: Vec<String> = allowed
        .iter()
        .filter(|n| n.is_multiple_of(team_size))
        .map(u8::to_string)
        .collect();
    let multiples = || {
        (1..=2)
            .map(|k| (u16::from(team_size) * k).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fit = if !fits.is_empty() {
        format!(
            "a multiple of {team_size} players, of the counts this ruleset allows: `players = [{}]`",
            fits.join(", ")
        )
    } else if allowed.is_empty() {
        format!("a multiple of {team_size} players ({}, ...)", multiples())
    } else {
        // None of the ruleset's counts: one to add to `players`.
        format!(
            "a multiple of {team_size} players, which `players` must list ({}, ...)",
            multiples()
        )
    };
    if sizes.is_empty() {
        format!(": play {fit}")
    } else {
        format!(": {sizes} would, or play {fit}")
    }
}

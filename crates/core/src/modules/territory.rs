//! Points the modules give a kingdom from its territories: territory by territory (a house
//! rule's lakes counting double), or from the territories taken together (a goal met once by
//! the largest lake): what a bot needs to value a placement with them.

use super::Module;
use crate::kingdom::Kingdom;
use crate::terrain::TerrainId;
use std::sync::Arc;

/// The modules of a game whose points are a sum over the kingdom's territories
/// ([`Module::scores_territories`]), with the ruleset's terrain names: [`TerritoryScoring::points`]
/// gives what they add to one territory; and those whose points come from the territories
/// taken together ([`Module::scores_kingdom`]), as this game set them up
/// ([`TerritoryScoring::whole_points`]). Empty (and free to copy) when no module does, as in
/// every game of the boxes.
#[derive(Clone, Default)]
pub struct TerritoryScoring {
    each: Option<Arc<Scorers>>,
    whole: Option<Arc<[Box<dyn KingdomScorer>]>>,
}

/// A territory as a module scoring whole kingdoms reads it ([`KingdomScorer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerritorySize {
    pub terrain: TerrainId,
    pub squares: u32,
    pub crowns: u32,
}

/// The most territories a kingdom holds (each square its own, the castle none).
pub const MAX_TERRITORIES: usize = crate::MAX_GRID * crate::MAX_GRID - 1;

/// The territories of `kingdom`, each once, in the kingdom's order.
pub fn territory_sizes(kingdom: &Kingdom, out: &mut Vec<TerritorySize>) {
    out.clear();
    kingdom.for_each_territory(|t| {
        out.push(TerritorySize {
            terrain: t.terrain,
            squares: t.squares,
            crowns: t.crowns,
        });
    });
}

/// What a module whose points come from a kingdom's territories taken together gives a
/// kingdom ([`Module::kingdom_scorer`]): the goals drawn for a game, with their terrains looked
/// up. It must give the module's [`Module::points`] for any kingdom whose territories are
/// these, as the game set up stands.
pub trait KingdomScorer: Send + Sync {
    /// The module's points for a kingdom whose territories are `territories` (each once, in
    /// any order).
    fn points(&self, territories: &[TerritorySize]) -> i64;
}

/// What a module whose points compare the kingdoms gives one side for a kingdom it might have
/// ([`Module::kingdom_comparer`]): the other kingdoms read once, as they stood when it was made.
pub trait KingdomComparer: Send + Sync {
    /// The module's points for the side were its kingdom `kingdom`.
    fn points(&self, kingdom: &crate::Kingdom) -> i64;
}

struct Scorers {
    modules: Arc<[Box<dyn Module>]>,
    /// The indexes in `modules` of those scoring territories.
    scoring: Box<[usize]>,
    /// The terrains' names, by id: the words modules read terrains in.
    terrains: Box<[String]>,
    /// [`TerritoryScoring::points`] worked out once for every terrain, territory size up to
    /// `squares` and crowns up to `crowns` (a module's hook, a virtual call comparing terrain
    /// names, is then not asked on the bots' hot path); beyond them it is asked.
    table: Box<[i64]>,
    squares: u32,
    crowns: u32,
}

/// The most entries of [`Scorers::table`] (512 KiB): a ruleset of many crowns gets a table
/// for the fewer crowns a territory usually holds, and asks the modules past it.
const MAX_TABLE: usize = 1 << 16;

impl TerritoryScoring {
    /// The modules of `list` that score territories under `ruleset`. (The list is shared and
    /// the table worked out only when one does: a game without such a module costs nothing
    /// here.)
    pub(crate) fn new(list: &super::ModuleList, ruleset: &crate::Ruleset) -> Self {
        let scoring: Box<[usize]> = (0..list.modules().len())
            .filter(|&i| list.modules()[i].scores_territories())
            .collect();
        if scoring.is_empty() {
            return TerritoryScoring::default();
        }
        let mut s = Scorers {
            modules: list.shared(),
            scoring,
            terrains: ruleset.terrains().iter().map(|t| t.name.clone()).collect(),
            table: Box::new([]),
            squares: 0,
            crowns: 0,
        };
        // A territory covers at most the kingdom's squares and holds at most the deck's crowns.
        let grid = ruleset
            .player_counts()
            .iter()
            .map(|(_, r)| u32::from(r.grid_size))
            .max()
            .unwrap_or(0);
        let deck: u32 = ruleset.dominoes().iter().map(|d| d.crowns()).sum();
        let terrains = s.terrains.len().max(1);
        let squares = (grid * grid).min(crate::MAX_GRID as u32 * crate::MAX_GRID as u32);
        let per_terrain = (squares as usize + 1).max(1);
        let fit = MAX_TABLE / terrains / per_terrain;
        let crowns = deck.min(u32::try_from(fit.saturating_sub(1)).unwrap_or(u32::MAX));
        let mut table = Vec::with_capacity(terrains * per_terrain * (crowns as usize + 1));
        for t in 0..s.terrains.len() {
            for sq in 0..=squares {
                for cr in 0..=crowns {
                    table.push(s.ask(t, sq, cr));
                }
            }
        }
        (s.table, s.squares, s.crowns) = (table.into_boxed_slice(), squares, crowns);
        TerritoryScoring {
            each: Some(Arc::new(s)),
            whole: None,
        }
    }

    /// The same territory by territory, with `whole` scoring the territories together (a
    /// game's, once its modules are set up).
    pub(crate) fn with_whole(&self, whole: Vec<Box<dyn KingdomScorer>>) -> TerritoryScoring {
        TerritoryScoring {
            each: self.each.clone(),
            whole: (!whole.is_empty()).then(|| whole.into()),
        }
    }

    /// Whether no module scores territories (every territory scores as printed), one by one
    /// or together.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.each.is_none() && self.whole.is_none()
    }

    /// Whether a module adds points territory by territory ([`TerritoryScoring::points`]).
    #[inline]
    pub fn scores_each(&self) -> bool {
        self.each.is_some()
    }

    /// Whether a module scores the territories together ([`TerritoryScoring::whole_points`]).
    #[inline]
    pub fn scores_whole(&self) -> bool {
        self.whole.is_some()
    }

    /// Whether `other` is this one (the same game's or a copy's), without comparing modules.
    pub fn same(&self, other: &TerritoryScoring) -> bool {
        let each = match (&self.each, &other.each) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        let whole = match (&self.whole, &other.whole) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        each && whole
    }

    /// What the modules scoring the territories together give a kingdom whose territories are
    /// `territories`, summed (0 when none does).
    pub fn whole_points(&self, territories: &[TerritorySize]) -> i64 {
        self.whole.as_ref().map_or(0, |w| {
            w.iter()
                .map(|s| s.points(territories))
                .fold(0i64, i64::saturating_add)
        })
    }

    /// What the modules add to a territory of `terrain` with `squares` squares and `crowns`
    /// crowns, beyond its printed squares x crowns.
    #[inline]
    pub fn points(&self, terrain: TerrainId, squares: u32, crowns: u32) -> i64 {
        let Some(s) = &self.each else {
            return 0;
        };
        if squares <= s.squares && crowns <= s.crowns {
            let i = (terrain.index() * (s.squares as usize + 1) + squares as usize)
                * (s.crowns as usize + 1)
                + crowns as usize;
            if let Some(&p) = s.table.get(i) {
                return p;
            }
        }
        s.ask(terrain.index(), squares, crowns)
    }

    /// What the modules add to `kingdom`: territory by territory, each module's sum within
    /// [`super::MAX_LINE_POINTS`] either way as its score line is, and from its territories
    /// together.
    pub fn of_kingdom(&self, kingdom: &Kingdom) -> i64 {
        let whole = if self.whole.is_some() {
            let mut sizes = Vec::with_capacity(MAX_TERRITORIES);
            territory_sizes(kingdom, &mut sizes);
            self.whole_points(&sizes)
        } else {
            0
        };
        whole.saturating_add(self.each_of_kingdom(kingdom))
    }

    /// What the modules add to `kingdom` territory by territory.
    fn each_of_kingdom(&self, kingdom: &Kingdom) -> i64 {
        let Some(s) = &self.each else {
            return 0;
        };
        if let [_] = *s.scoring {
            let mut total = 0i64;
            kingdom.for_each_territory(|t| {
                total = total.saturating_add(self.points(t.terrain, t.squares, t.crowns));
            });
            return i64::from(super::clamp_line(total));
        }
        // Several modules (none in the boxes' games): each one's sum is clamped on its own
        // score line, so each is summed apart.
        s.scoring
            .iter()
            .filter_map(|&i| s.modules.get(i))
            .map(|m| {
                let mut sum = 0i64;
                kingdom.for_each_territory(|t| {
                    let name = s.terrains.get(t.terrain.index()).map_or("", String::as_str);
                    sum = sum.saturating_add(m.territory_points(name, t.squares, t.crowns));
                });
                i64::from(super::clamp_line(sum))
            })
            .fold(0i64, i64::saturating_add)
    }
}

impl Scorers {
    /// The modules' points for one territory, asked of each.
    fn ask(&self, terrain: usize, squares: u32, crowns: u32) -> i64 {
        let Some(name) = self.terrains.get(terrain) else {
            return 0;
        };
        self.scoring
            .iter()
            .filter_map(|&i| self.modules.get(i))
            .map(|m| m.territory_points(name, squares, crowns))
            .fold(0i64, i64::saturating_add)
    }
}

impl std::fmt::Debug for TerritoryScoring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<&str> = match &self.each {
            None => Vec::new(),
            Some(s) => s
                .scoring
                .iter()
                .filter_map(|&i| s.modules.get(i).map(|m| m.name()))
                .collect(),
        };
        if let Some(w) = &self.whole {
            names.push(if w.len() == 1 {
                "one whole-kingdom scorer"
            } else {
                "whole-kingdom scorers"
            });
        }
        if names.is_empty() {
            write!(f, "TerritoryScoring(none)")
        } else {
            write!(f, "TerritoryScoring({})", names.join(", "))
        }
    }
}

/// Worked out from the modules, which the game compares on their own.
impl PartialEq for TerritoryScoring {
    fn eq(&self, other: &TerritoryScoring) -> bool {
        self.scores_each() == other.scores_each() && self.scores_whole() == other.scores_whole()
    }
}

impl Eq for TerritoryScoring {}

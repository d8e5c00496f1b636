//! Points the modules give a kingdom territory by territory (a house rule's lakes counting
//! double): what a bot needs to value a placement with them as fast as the printed scoring.

use super::Module;
use crate::kingdom::Kingdom;
use crate::terrain::TerrainId;
use std::sync::Arc;

/// The modules of a game whose points are a sum over the kingdom's territories
/// ([`Module::scores_territories`]), with the ruleset's terrain names: [`TerritoryScoring::points`]
/// gives what they add to one territory. Empty (and free to copy) when no module does, as in
/// every game of the boxes.
#[derive(Clone, Default)]
pub struct TerritoryScoring(Option<Arc<Scorers>>);

struct Scorers {
    modules: Arc<[Box<dyn Module>]>,
    /// The indexes in `modules` of those scoring territories.
    scoring: Box<[usize]>,
    /// The terrains' names, by id: the words modules read terrains in.
    terrains: Box<[String]>,
}

impl TerritoryScoring {
    /// The modules of `list` that score territories; `terrains` are the ruleset's names. (The
    /// list is shared only when one does: a game without such a module costs nothing here.)
    pub(crate) fn new(list: &super::ModuleList, terrains: &[crate::Terrain]) -> Self {
        let scoring: Box<[usize]> = (0..list.modules().len())
            .filter(|&i| list.modules()[i].scores_territories())
            .collect();
        if scoring.is_empty() {
            return TerritoryScoring(None);
        }
        TerritoryScoring(Some(Arc::new(Scorers {
            modules: list.shared(),
            scoring,
            terrains: terrains.iter().map(|t| t.name.clone()).collect(),
        })))
    }

    /// Whether no module scores territories (every territory scores as printed).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Whether `other` is this one (the same game's or a copy's), without comparing modules.
    pub fn same(&self, other: &TerritoryScoring) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// What the modules add to a territory of `terrain` with `squares` squares and `crowns`
    /// crowns, beyond its printed squares x crowns.
    #[inline]
    pub fn points(&self, terrain: TerrainId, squares: u32, crowns: u32) -> i64 {
        let Some(s) = &self.0 else {
            return 0;
        };
        let Some(name) = s.terrains.get(terrain.index()) else {
            return 0;
        };
        s.scoring
            .iter()
            .filter_map(|&i| s.modules.get(i))
            .map(|m| m.territory_points(name, squares, crowns))
            .fold(0i64, i64::saturating_add)
    }

    /// What the modules add to `kingdom`, territory by territory.
    pub fn of_kingdom(&self, kingdom: &Kingdom) -> i64 {
        if self.is_empty() {
            return 0;
        }
        let mut total = 0i64;
        kingdom.for_each_territory(|t| {
            total = total.saturating_add(self.points(t.terrain, t.squares, t.crowns));
        });
        total
    }
}

impl std::fmt::Debug for TerritoryScoring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => write!(f, "TerritoryScoring(none)"),
            Some(s) => {
                let names: Vec<&str> = s
                    .scoring
                    .iter()
                    .filter_map(|&i| s.modules.get(i).map(|m| m.name()))
                    .collect();
                write!(f, "TerritoryScoring({})", names.join(", "))
            }
        }
    }
}

/// Worked out from the modules, which the game compares on their own.
impl PartialEq for TerritoryScoring {
    fn eq(&self, other: &TerritoryScoring) -> bool {
        self.is_empty() == other.is_empty()
    }
}

impl Eq for TerritoryScoring {}

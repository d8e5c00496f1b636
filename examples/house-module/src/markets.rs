//! The `markets` module: a market step after placing, stalls on territories, points at the end
//! (the rules themselves are in [`crate::rules`]).

use crate::rules::Terms;
use crownlands_core::modules::describe::{CellMark, Stat};
use crownlands_core::modules::{
    Declaration, Module, ModuleError, ModuleSpec, ModuleState, Param, Params, SetupContext,
};
use crownlands_core::{Cell, Game, Registry, Side};

/// The name a ruleset lists it by.
pub const NAME: &str = "markets";

/// Add `markets` to `registry`.
pub fn register(registry: &mut Registry) {
    registry.add_module(NAME, |spec| Ok(Box::new(Markets::from_spec(spec)?)));
}

/// The module: its terms, from the ruleset's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Markets {
    pub terms: Terms,
}

/// Every side's stalls, by side: the module's own state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stalls {
    pub by_side: Vec<Vec<Cell>>,
}

impl ModuleState for Stalls {
    fn clear(&mut self) {
        for s in &mut self.by_side {
            s.clear();
        }
    }
}

impl Stalls {
    /// The stalls of `side` (none for a side the state does not know).
    pub fn of(&self, side: Side) -> &[Cell] {
        self.by_side.get(side.index()).map_or(&[], Vec::as_slice)
    }
}

impl Markets {
    /// From the ruleset's parameters: `price`, `min-squares`, `stalls`, `points-per-square`.
    pub fn from_spec(spec: &ModuleSpec) -> Result<Markets, ModuleError> {
        let p = Params::new(spec);
        p.only(&["price", "min-squares", "stalls", "points-per-square"])?;
        let d = Terms::default();
        Ok(Markets {
            terms: Terms {
                price: p.int("price", d.price, 0..=1000)?,
                min_squares: p.int("min-squares", d.min_squares, 1..=81)?,
                stalls: p.int("stalls", d.stalls, 0..=40)?,
                points_per_square: p.int("points-per-square", d.points_per_square, 0..=100)?,
            },
        })
    }

    fn stalls<'g>(&self, game: &'g Game, side: Side) -> &'g [Cell] {
        game.economy()
            .states
            .get::<Stalls>()
            .map_or(&[], |s| s.of(side))
    }
}

impl Module for Markets {
    fn name(&self) -> &'static str {
        NAME
    }

    fn spec(&self) -> ModuleSpec {
        let mut s = ModuleSpec::new(NAME);
        let t = &self.terms;
        for (key, value) in [
            ("price", t.price),
            ("min-squares", t.min_squares),
            ("stalls", t.stalls),
            ("points-per-square", t.points_per_square),
        ] {
            s.params.insert(key.into(), Param::Int(value.into()));
        }
        s
    }

    fn declare(&self) -> Declaration {
        Declaration {
            uses: &["coins"],
            after: &["knights", "buildings", "dragon"],
            ..Declaration::default()
        }
    }

    fn setup(&self, ctx: &mut SetupContext<'_>) -> Result<(), String> {
        ctx.economy.states.start::<Stalls>();
        if let Some(s) = ctx.economy.states.get_mut::<Stalls>() {
            s.by_side.resize_with(usize::from(ctx.sides), Vec::new);
        }
        Ok(())
    }

    fn has_turn_step(&self) -> bool {
        true
    }

    fn title(&self) -> String {
        "Market".to_string()
    }

    fn help(&self) -> &'static [&'static str] {
        &[
            "Market: pay 2 coins for a stall on a territory of 3 squares or more that has none of yours.",
            "One stall a turn, 3 in all; at the end each scores 1 point per square of its territory.",
        ]
    }

    fn summary(&self) -> Option<&'static str> {
        Some("Markets: a 2-coin stall scores 1 point per square of its territory.")
    }

    fn side_stats(&self, game: &Game, side: Side, out: &mut Vec<Stat>) {
        let left = self
            .terms
            .stalls
            .saturating_sub(self.stalls(game, side).len() as u32);
        out.push(Stat {
            long: format!("{left} {} left", if left == 1 { "stall" } else { "stalls" }),
            short: format!("{left}st"),
        });
    }

    fn cell_marks(&self, game: &Game, side: Side, out: &mut Vec<CellMark>) {
        out.extend(self.stalls(game, side).iter().map(|&cell| CellMark {
            cell,
            symbol: '$',
            what: "market stall".into(),
        }));
    }
}

//! What the house rules that give points at the end and coins at the start by a position share
//! (`claim-order`: by the place in the first claims; `handicap`: by seat): their lists, their
//! warnings, and the check that each kingdom of a `score` table has a position of its own.

use super::bounded::{Bounded, BoundedList};
use super::describe::plural;
use super::file::{TableAt, TableProblem, TableView};
use super::{CheckProblem, Module, SideView};

/// Points by position (-1000 to 1000 each, at most 16).
pub type PointsList = BoundedList<Bounded<-1000, 1000>, 0, 16>;
/// Coins by position (0 to 1000 each, at most 16).
pub type CoinsList = BoundedList<Bounded<0, 1000>, 0, 16>;

/// The points of a list of parameters.
pub fn points_of(list: &PointsList) -> Vec<i32> {
    list.as_slice()
        .iter()
        .map(|b| i32::try_from(b.get()).unwrap_or(0))
        .collect()
}

/// The coins of a list of parameters.
pub fn coins_of(list: &CoinsList) -> Vec<u32> {
    list.as_slice().iter().map(|b| b.as_u32()).collect()
}

/// Points as parameters again.
pub fn points_list(points: &[i32]) -> PointsList {
    BoundedList::truncated(points.iter().map(|&p| Bounded::clamped(p)).collect())
}

/// Coins as parameters again.
pub fn coins_list(coins: &[u32]) -> CoinsList {
    BoundedList::truncated(coins.iter().map(|&c| Bounded::clamped(c)).collect())
}

/// Whether any position is given anything.
pub fn gives(points: &[i32], coins: &[u32]) -> bool {
    points.iter().any(|&p| p != 0) || coins.iter().any(|&c| c > 0)
}

/// The module `name`'s `coins` given to no one: no other module of `modules` keeps coins.
pub fn coins_unkept(name: &str, coins: &[u32], modules: &[Box<dyn Module>]) -> Vec<String> {
    let keeps_coins = modules
        .iter()
        .any(|m| m.name() != name && m.declare().provides.contains(&"coins"));
    if coins.iter().any(|&c| c > 0) && !keeps_coins {
        vec![
            "its `coins` are given to no one: no module of `modules` keeps coins (add `wealth`)"
                .to_string(),
        ]
    } else {
        Vec::new()
    }
}

/// The lists (`points`, `coins`: their lengths) longer than `most` positions (the sides of the
/// ruleset's largest count): their last values never count. `positions` names them (`places`,
/// `seats`), `of` what a game has (`kingdom`, `kingdoms`).
pub fn too_long(
    lists: [(&'static str, usize); 2],
    most: usize,
    positions: &str,
    of: (&str, &str),
) -> Vec<CheckProblem> {
    lists
        .into_iter()
        .filter(|&(_, len)| len > most)
        .map(|(key, len)| {
            CheckProblem::at(
                key,
                format!(
                    "`{key}` gives {len} {positions}, but no game of this ruleset has more than {most} {}: {} (write at most {most})",
                    if most == 1 { of.0 } else { of.1 },
                    match len - most {
                        1 => "the last value never counts".to_string(),
                        extra => format!("the last {extra} values never count"),
                    },
                ),
            )
        })
        .collect()
}

/// The kingdoms of one `score` table, each of position `position` (from 1, by its `@WORD N`
/// line) where it names one: each within the table's and its own. `past` says a position past
/// the table (the position, the table's words, its sides), to which the player counts of the
/// ruleset whose tables have it are added (or that none has); `taken` one another kingdom
/// named first (the position, that kingdom's name, the table's sides and words).
pub fn each_its_own(
    table: &TableView<'_>,
    word: &'static str,
    position: impl Fn(SideView<'_>) -> Option<usize>,
    past: impl Fn(usize, &str, usize) -> String,
    taken: impl Fn(usize, &str, usize, &str) -> String,
) -> Vec<TableProblem> {
    let at = TableAt::Directive(word);
    let sides = usize::from(table.sides);
    let table_of = plural(table.sides, "kingdom", "kingdoms");
    let mut out = Vec::new();
    // (position, the kingdom that named it first).
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for (i, k) in table.kingdoms.iter().enumerate() {
        let Some(p) = position(k.side) else {
            continue;
        };
        if p > sides {
            let message = format!(
                "{} ({})",
                past(p, &table_of, sides),
                larger_table(k.side, p)
            );
            out.push(TableProblem::new(i, at, message));
            continue;
        }
        match seen.iter().find(|(q, _)| *q == p) {
            Some(&(_, first)) => out.push(TableProblem::new(
                i,
                at,
                taken(
                    p,
                    table.kingdoms.get(first).map_or("?", |k| k.name),
                    sides,
                    &table_of,
                ),
            )),
            None => seen.push((p, i)),
        }
    }
    out
}

/// Which tables of the ruleset have a position `p` (a kingdom of theirs `--players` names),
/// or that none has: a table of 4 kingdoms at most has no 9th place, and no `--players 9`
/// gives it one; in teams the count is of players (`--players 8` for a 4th team of two).
fn larger_table(side: SideView<'_>, p: usize) -> String {
    let counts = side.ruleset.player_counts();
    let fit: Vec<String> = counts
        .iter()
        .filter(|(n, rules)| usize::from(rules.sides(*n)) >= p)
        .map(|(n, _)| format!("`--players {n}`"))
        .collect();
    if fit.is_empty() {
        let most = counts
            .iter()
            .map(|(n, rules)| rules.sides(*n))
            .max()
            .unwrap_or(0);
        format!(
            "no table of this ruleset has more than {}",
            plural(most, "kingdom", "kingdoms")
        )
    } else {
        format!(
            "where these are some of a larger table's kingdoms, give its count: {}",
            fit.join(" or ")
        )
    }
}

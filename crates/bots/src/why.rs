//! Why the best move beats the one played, as far as the moves' own effects show: what a
//! placement scores at once, what a claimed domino could bring the kingdom as it stands. The
//! estimates (win chance, expected score) weigh the whole game to come; these words give the
//! part a player can see on the board.

use crownlands_core::score::score_total;
use crownlands_core::{Action, DominoId, Game, Kingdom, Rules};

/// Why `best` beats `played` in `before`, in a sentence without a full stop, or `None` where
/// the moves' own words say it (a module's step: the coins of a tax, a building's price) or
/// the two are not of one kind.
pub fn why(before: &Game, played: Action, best: Action) -> Option<String> {
    if played == best {
        return None;
    }
    let side = before.side_of(before.to_act()?);
    match (played, best) {
        (Action::Place { .. } | Action::Discard, Action::Place { .. } | Action::Discard) => {
            let now = |action: Action| {
                let mut g = before.clone();
                g.apply(action).ok()?;
                Some(g.score_total(side))
            };
            let (p, b) = (now(played)?, now(best)?);
            Some(if b > p {
                format!("the best scores {} at once, this move {p}", points(b))
            } else if b == p {
                format!(
                    "both leave {}: the best leaves more to gain later",
                    points(p)
                )
            } else {
                format!(
                    "this move scores more at once ({p} points against {b}), but the best leaves \
                     more to gain later"
                )
            })
        }
        (Action::Claim { domino: p }, Action::Claim { domino: b }) => {
            let kingdom = before.kingdom(side);
            let rules = before.rules();
            let (gp, gb) = (
                gain(before, kingdom, rules, p),
                gain(before, kingdom, rules, b),
            );
            let crowns = |id: DominoId| {
                let d = before.domino(id);
                u32::from(d.first.crowns) + u32::from(d.second.crowns)
            };
            let fits = |g: Option<i32>| match g {
                Some(points @ (1 | -1)) => format!("{points:+} point"),
                Some(points) => format!("{points:+} points"),
                None => "nothing (it fits nowhere)".to_string(),
            };
            // (Laid at its best in the kingdom as it stands now.)
            let what = format!(
                "now, the best's domino could bring {} ({}), this one's {} ({})",
                fits(gb),
                crowns_words(crowns(b)),
                fits(gp),
                crowns_words(crowns(p))
            );
            Some(if gb.unwrap_or(i32::MIN) > gp.unwrap_or(i32::MIN) {
                what
            } else {
                // Not what it brings at once: the rest is later (the order of the next round,
                // what is left for the others, what the kingdom can still take).
                format!("{what}; the best gains later")
            })
        }
        _ => None,
    }
}

fn points(n: i32) -> String {
    crownlands_core::modules::describe::plural(n, "point", "points")
}

fn crowns_words(n: u32) -> String {
    match n {
        0 => "no crown".to_string(),
        1 => "1 crown".to_string(),
        n => format!("{n} crowns"),
    }
}

/// The most points laying `domino` can add to `kingdom` now (`None` when it fits nowhere).
fn gain(game: &Game, kingdom: &Kingdom, rules: &Rules, domino: DominoId) -> Option<i32> {
    let d = game.domino(domino);
    let base = score_total(kingdom, rules);
    kingdom
        .placements(d)
        .iter()
        .filter_map(|p| {
            let mut k = kingdom.clone();
            k.set_square(p.first, d.first).ok()?;
            k.set_square(p.second(), d.second).ok()?;
            Some(score_total(&k, rules) - base)
        })
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn game() -> Game {
        let r =
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
                .expect("loads");
        Game::new(Arc::new(r), 2, 3).expect("sets up")
    }

    #[test]
    fn claims_and_placements_are_explained_by_what_they_bring_now() {
        let mut g = game();
        let mut said_claim = false;
        let mut said_place = false;
        let mut rng = crownlands_core::rng::GameRng::seed_from(1);
        while !g.is_over() {
            let actions = g.legal_actions();
            if actions.len() > 1 {
                let (a, b) = (actions[0], actions[actions.len() - 1]);
                let words = why(&g, a, b);
                match a {
                    Action::Claim { .. } => {
                        let w = words.expect("a claim is explained");
                        assert!(w.contains("the best's domino could bring"), "{w}");
                        said_claim = true;
                    }
                    Action::Place { .. } => {
                        let w = words.expect("a placement is explained");
                        assert!(w.contains("points"), "{w}");
                        said_place = true;
                    }
                    _ => {}
                }
                assert_eq!(why(&g, a, a), None, "no reason against itself");
            }
            let n = rng.below(u32::try_from(actions.len()).unwrap_or(1)) as usize;
            g.apply(actions[n]).expect("legal");
        }
        assert!(said_claim && said_place);
    }
}

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
    why_given(before, played, best, 0.0)
}

/// Points of the estimate a reason may leave unsaid: less than this apart from what the board
/// shows, the words say the whole of it.
const UNSAID_POINTS: f64 = 2.0;

/// [`why`] for a move whose estimate puts the best `points_apart` points ahead of the one
/// played: where what the board shows at once is far less than that (the best's domino brings
/// 1 point more, the estimate 23.6), the words say the rest is in the game to come.
pub fn why_given(before: &Game, played: Action, best: Action, points_apart: f64) -> Option<String> {
    // `later`: where a move's worth to come lies, for its kind.
    let shown = |at_once: i32, said: String, later: &str| {
        if points_apart - f64::from(at_once) >= UNSAID_POINTS {
            format!(
                "{said}; the rest of the {points_apart:.1} points is in the game to come ({later})"
            )
        } else {
            said
        }
    };
    if played == best {
        return None;
    }
    let side = before.side_of(before.to_act()?);
    // What rests on the rest of the game, or on the tie-breaks when none is left.
    const ESTIMATE: &str = "the best is worth more in the estimate (what the rest of the game \
                            brings, or the tie-breaks)";
    match (played, best) {
        (Action::Place { .. } | Action::Discard, Action::Place { .. } | Action::Discard) => {
            // The side's whole score (the modules' parts too) right after each.
            let base = before.score_total(side);
            let gain = |action: Action| {
                let mut g = before.clone();
                g.apply(action).ok()?;
                Some(g.score_total(side) - base)
            };
            let (p, b) = (gain(played)?, gain(best)?);
            let (said_p, said_b) = (at_once(played, p), at_once(best, b));
            Some(if b > p {
                shown(
                    b - p,
                    format!("at once, the best brings {said_b}, this move {said_p}"),
                    "the room each leaves in the kingdom for the dominoes to come",
                )
            } else if b == p {
                let both = if p == 0 {
                    "nothing".to_string()
                } else {
                    signed(p)
                };
                format!("both bring {both} at once: {ESTIMATE}")
            } else {
                format!("this move brings more at once ({said_p} against {said_b}), but {ESTIMATE}")
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
            let what = |g: Option<i32>, id: DominoId| match g {
                Some(points) => format!("{} ({})", signed(points), crowns_words(crowns(id))),
                None => format!("nothing, fitting nowhere ({})", crowns_words(crowns(id))),
            };
            let said = format!(
                "laid at its best in the kingdom as it stands, the best's domino could bring {}, \
                 this one's {}",
                what(gb, b),
                what(gp, p)
            );
            // The same side claims again next (two kings a player) and the best's domino stays
            // free: claimed then, it ends where the best leads (the same dominoes, the same
            // order), and only the estimate's greedy next claim told the two apart.
            let mut after = before.clone();
            let again = after.apply(played).is_ok()
                && after.to_act().map(|p| after.side_of(p)) == Some(side)
                && after.legal_actions().contains(&best);
            if again {
                let (lp, lb) = (before.label(p), before.label(b));
                return Some(format!(
                    "{said}; this side claims again next and {lb} stays free for it: {lp} now and \
                     {lb} next take the same two dominoes as {lb} now and {lp} next (the estimate has \
                     the next claim made greedily)"
                ));
            }
            Some(if gb.unwrap_or(i32::MIN) > gp.unwrap_or(i32::MIN) {
                // (A domino fitting nowhere brings nothing.)
                match gb {
                    Some(b) => shown(
                        b - gp.unwrap_or(0),
                        said,
                        "the next round's order, what each leaves the others",
                    ),
                    None => said,
                }
            } else {
                // Not what it brings at once: the order of the next round, what each claim
                // leaves the others, the kingdom as it will be.
                format!(
                    "{said}; the difference is in the next round's order and what each leaves the others"
                )
            })
        }
        _ => None,
    }
}

/// What a placement or a discard brings at once, in words: `+3 points`, `-1 point`; a
/// discard's `nothing (the domino given up)` (or its points, where giving it up moves the
/// score: `-4 points (the domino given up)`); both the same way, `nothing`.
fn at_once(action: Action, n: i32) -> String {
    match (action, n) {
        (Action::Discard, 0) => "nothing (the domino given up)".to_string(),
        (Action::Discard, n) => format!("{} (the domino given up)", signed(n)),
        (_, n) => signed(n),
    }
}

/// `+3 points`, `-1 point`, `+0 points`.
fn signed(n: i32) -> String {
    if n.abs() == 1 {
        format!("{n:+} point")
    } else {
        format!("{n:+} points")
    }
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

    fn game(name: &str, players: u8, seed: u64) -> Game {
        let r = crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name)
            .expect("loads");
        Game::new(Arc::new(r), players, seed).expect("sets up")
    }

    #[test]
    fn two_claims_in_a_row_said_to_take_the_same_dominoes_either_way() {
        // Two kings a player: a side claiming again next holds the same dominoes taking the
        // best's domino then; the analysis said "the difference is in the next round's order".
        let mut seen = 0;
        for seed in 0..20 {
            let mut g = game("kingdomino", 2, seed);
            let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
            while !g.is_over() && seen < 5 {
                let actions = g.legal_actions();
                if let [Action::Claim { .. }, .., Action::Claim { .. }] = actions[..] {
                    let (played, best) = (actions[0], actions[actions.len() - 1]);
                    let side = g.side_of(g.to_act().expect("someone acts"));
                    let mut after = g.clone();
                    after.apply(played).expect("legal");
                    let again = after.to_act().map(|p| after.side_of(p)) == Some(side)
                        && after.legal_actions().contains(&best);
                    let words = why(&g, played, best).expect("claims explained");
                    assert_eq!(words.contains("claims again next"), again, "{words}");
                    if again {
                        seen += 1;
                    }
                }
                g.play_random(|| rng.next_u32());
            }
        }
        assert!(seen >= 5, "consecutive claims met");
    }

    #[test]
    fn claims_and_placements_are_explained_by_what_they_bring_now() {
        // Two kings a player, three players, Queendomino's modules, teams: every decision of a
        // random game with a choice, its first action weighed against its last.
        for (name, players) in [
            ("kingdomino", 2),
            ("kingdomino", 3),
            ("queendomino", 4),
            ("royal-wedding-teams", 6),
        ] {
            let mut g = game(name, players, 3);
            let (mut said_claim, mut said_place) = (false, false);
            let mut rng = crownlands_core::rng::GameRng::seed_from(1);
            while !g.is_over() {
                let actions = g.legal_actions();
                if actions.len() > 1 {
                    let (a, b) = (actions[0], actions[actions.len() - 1]);
                    let words = why(&g, a, b);
                    if let Some(w) = &words {
                        // Plain words: no brackets in brackets, no `1 points`, and no promise
                        // of a later the game may not have.
                        assert!(!w.contains(") (") && !w.contains("))"), "{w}");
                        assert!(!w.contains(" 1 points") && !w.contains("later"), "{w}");
                    }
                    match (a, b) {
                        (Action::Claim { .. }, Action::Claim { .. }) => {
                            let w = words.expect("a claim is explained");
                            assert!(w.contains("the best's domino could bring"), "{w}");
                            said_claim = true;
                        }
                        (Action::Place { .. }, Action::Place { .. }) => {
                            let w = words.expect("a placement is explained");
                            assert!(w.contains("at once"), "{w}");
                            said_place = true;
                        }
                        _ => {}
                    }
                    assert_eq!(why(&g, a, a), None, "no reason against itself");
                }
                let n = rng.below(u32::try_from(actions.len()).unwrap_or(1)) as usize;
                g.apply(actions[n]).expect("legal");
            }
            assert!(said_claim && said_place, "{name} at {players}");
        }
    }

    /// Under the house rule `discard = "any-time"` a discard is said as what it is, not as
    /// `+0 points`.
    #[test]
    fn a_discard_is_said_as_giving_the_domino_up() {
        let text = "extends = \"kingdomino\"\n[rules]\ndiscard = \"any-time\"\n";
        let r = crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            text,
            std::path::Path::new("discard.toml"),
        )
        .expect("loads");
        let mut g = Game::new(Arc::new(r), 2, 5).expect("sets up");
        let mut rng = crownlands_core::rng::GameRng::seed_from(5);
        let mut said = 0;
        while !g.is_over() {
            let actions = g.legal_actions();
            let place = actions.iter().find(|a| matches!(a, Action::Place { .. }));
            if let (Some(&place), true) = (place, actions.contains(&Action::Discard)) {
                for (played, best) in [(Action::Discard, place), (place, Action::Discard)] {
                    let w = why(&g, played, best).expect("a discard is explained");
                    assert!(!w.contains("+0"), "{w}");
                    if w.contains("nothing (the domino given up)") {
                        said += 1;
                    } else {
                        assert!(w.starts_with("both bring nothing at once"), "{w}");
                    }
                }
            }
            g.play_random(|| rng.next_u32());
        }
        assert!(said > 0, "a discard weighed against a placement");
    }

    /// Where the estimate puts the best far more points ahead than the board shows at once (a
    /// claim's domino bringing 1 point more, the estimate 23.6), the words say the rest is in
    /// the game to come; where the board shows about all of it, they do not.
    #[test]
    fn a_loss_beyond_what_the_board_shows_is_said_to_be_in_the_game_to_come() {
        let (mut claims, mut places) = (0, 0);
        for seed in 0..10 {
            let mut g = game("kingdomino", 3, seed);
            let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
            while !g.is_over() {
                let actions = g.legal_actions();
                if let [a, .., b] = actions.as_slice()
                    && let Some(plain) = why(&g, *a, *b)
                    && !plain.contains("in the estimate")
                    && !plain.contains("next round's order")
                    && !plain.contains("claims again")
                {
                    assert_eq!(why_given(&g, *a, *b, 0.0).as_deref(), Some(plain.as_str()));
                    let far = why_given(&g, *a, *b, 40.0).expect("explained");
                    let later = match a {
                        Action::Claim { .. } => {
                            "the next round's order, what each leaves the others"
                        }
                        _ => "the room each leaves in the kingdom for the dominoes to come",
                    };
                    assert!(
                        far.starts_with(&plain)
                            && far.ends_with(&format!(
                                "; the rest of the 40.0 points is in the game to come ({later})"
                            )),
                        "{far}"
                    );
                    match a {
                        Action::Claim { .. } => claims += 1,
                        _ => places += 1,
                    }
                }
                let n = rng.below(u32::try_from(actions.len()).unwrap_or(1)) as usize;
                g.apply(actions[n]).expect("legal");
            }
        }
        assert!(
            claims > 0 && places > 0,
            "{claims} claims, {places} placements"
        );
    }

    #[test]
    fn the_points_at_once_are_the_sides_own_gain() {
        // A placement's words give what each move adds to the side's score at once.
        let mut g = game("kingdomino", 2, 5);
        let mut rng = crownlands_core::rng::GameRng::seed_from(2);
        while !g.is_over() {
            let actions = g.legal_actions();
            if let [first, .., last] = actions.as_slice()
                && matches!(first, Action::Place { .. })
                && matches!(last, Action::Place { .. })
            {
                let side = g.side_of(g.to_act().expect("to act"));
                let gain = |a: Action| {
                    let mut h = g.clone();
                    h.apply(a).expect("legal");
                    h.score_total(side) - g.score_total(side)
                };
                let w = why(&g, *first, *last).expect("explained");
                let (p, b) = (gain(*first), gain(*last));
                if p == 0 && b == 0 {
                    assert!(w.starts_with("both bring nothing at once"), "{w}");
                } else {
                    assert!(
                        w.contains(&signed(b)) && w.contains(&format!("{p:+}")),
                        "{w}"
                    );
                }
            }
            let n = rng.below(u32::try_from(actions.len()).unwrap_or(1)) as usize;
            g.apply(actions[n]).expect("legal");
        }
    }
}

//! One seeded, snapshot-checked playthrough per shipped ruleset: every action in order, the
//! final kingdoms and the score breakdowns. A change in the rules engine shows up here as a diff.

mod common;

use common::{Chooser, shipped_rulesets};
use crownlands_core::{Action, Game, Phase};
use std::fmt::Write;

fn describe(g: &Game, a: Action) -> String {
    let r = g.ruleset();
    match a {
        Action::Claim { domino } => format!("claims {}", g.label(domino)),
        Action::Place { placement } => {
            let id = g.domino_to_place().expect("placing");
            let d = g.domino(id);
            let sq = |s: crownlands_core::Square| {
                format!(
                    "{}{}",
                    r.terrain(s.terrain).symbol,
                    if s.crowns > 0 {
                        s.crowns.to_string()
                    } else {
                        String::new()
                    }
                )
            };
            format!(
                "places {} [{} {}] at {} {}",
                g.label(id),
                sq(d.first),
                sq(d.second),
                placement.first,
                placement.direction.name()
            )
        }
        Action::Discard => format!(
            "discards {}",
            g.label(g.domino_to_place().expect("placing"))
        ),
        // Module actions in their text (`tax0`, `build2@1,-1`, `burn4`, `pass`).
        other => g.action_text(other),
    }
}

fn line(g: &Game) -> String {
    g.next_line()
        .iter()
        .map(|s| g.label(s.domino))
        .collect::<Vec<_>>()
        .join(" ")
}

fn transcript(name: &str, g: &mut Game, seed: u64) -> String {
    let mut out = String::new();
    let mut c = Chooser::new(seed);
    let _ = writeln!(
        out,
        "ruleset {name}, {} players, seed {}",
        g.players(),
        g.seed()
    );
    let order: Vec<String> = g
        .first_claim_order()
        .iter()
        .map(|&k| format!("P{}", g.owner(k).index() + 1))
        .collect();
    let _ = writeln!(out, "first claims in order {}", order.join(" "));
    let _ = writeln!(out, "line {}", line(g));
    let mut round = g.round();
    while !g.is_over() {
        let legal = g.legal_actions();
        let a = legal[c.below(legal.len())];
        let who = g.to_act().expect("someone acts").index() + 1;
        let text = describe(g, a);
        g.apply(a).expect("legal");
        let _ = writeln!(out, "  P{who} {text}  ({} choices)", legal.len());
        if g.round() != round {
            round = g.round();
            if matches!(g.phase(), Phase::Over) {
                let _ = writeln!(out, "game over after round {}", round - 1);
            } else {
                let _ = writeln!(
                    out,
                    "round {round}: next line {}",
                    if g.next_line().is_empty() {
                        "(none: last round)".to_string()
                    } else {
                        line(g)
                    }
                );
            }
        }
    }
    let outcome = g.outcome();
    for (p, s) in outcome.scores.iter() {
        let _ = writeln!(
            out,
            "\nP{} scores {} (place {})",
            p.index() + 1,
            s.total,
            outcome.places[p]
        );
        out.push_str(&crownlands_rules::kingdom_file::render(
            g.kingdom(p),
            g.ruleset(),
        ));
        for t in &s.territories {
            let _ = writeln!(
                out,
                "  {} {} squares x {} crowns = {}",
                g.ruleset().terrain(t.terrain).name,
                t.squares,
                t.crowns,
                t.points
            );
        }
        for b in &s.bonuses {
            let _ = writeln!(out, "  {} +{}", b.key, b.points);
        }
    }
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|w| format!("P{}", w.index() + 1))
        .collect();
    let _ = writeln!(
        out,
        "\nwinner {} decided by {:?}",
        winners.join(" and "),
        outcome.decided_by
    );
    out
}

#[test]
fn golden_playthroughs() {
    for (name, ruleset) in shipped_rulesets() {
        let players = ruleset.max_players();
        let mut g = Game::new(ruleset.clone(), players, 2026).expect("setup");
        let text = transcript(&name, &mut g, 7);
        insta::assert_snapshot!(format!("playthrough-{name}"), text);
    }
}

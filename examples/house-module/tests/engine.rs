//! The markets in the engine, at every player count: random games keep the rules (a stall only
//! where one may go, 2 coins each, one a turn, 3 a side), the fast paths (`play_random`,
//! `legal_action_count`) agree with the listed actions, every action's text reads back, and a
//! game replays exactly from its actions.

use crownlands_core::modules::describe::CellMark;
use crownlands_core::{Action, Game, Phase, Ruleset, Side};
use std::path::Path;
use std::sync::Arc;

fn ruleset() -> Arc<Ruleset> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("markets.toml");
    Arc::new(
        crownlands_rules::load_path(&crownlands_house_module::registry(), &path)
            .expect("markets.toml loads"),
    )
}

/// A small deterministic generator (splitmix64).
struct Chooser(u64);

impl Chooser {
    fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 32) as u32
    }
}

fn stalls(g: &Game, side: Side) -> Vec<CellMark> {
    g.cell_marks(side)
        .into_iter()
        .filter(|m| m.symbol == '$')
        .collect()
}

fn coins(g: &Game, side: Side) -> i64 {
    i64::from(g.resource(side, "coins"))
}

fn in_market(g: &Game) -> bool {
    matches!(g.phase(), Phase::Step { .. }) && g.step_view().is_some_and(|v| v.module == "markets")
}

#[test]
fn random_games_keep_the_markets_rules_and_replay() {
    let ruleset = ruleset();
    let mut bought = 0;
    for &(players, _) in ruleset.player_counts() {
        for seed in 0..6 {
            let mut g = Game::new(ruleset.clone(), players, seed).expect("setup");
            let mut c = Chooser(seed * 31 + u64::from(players));
            let mut actions = Vec::new();
            while !g.is_over() {
                let legal = g.legal_actions();
                assert_eq!(legal.len() as u32, g.legal_action_count());
                for &a in &legal {
                    let text = g.action_text(a);
                    assert_eq!(g.parse_action(&text), Ok(a), "{text}");
                }
                let market = in_market(&g);
                let side = g.side_to_act().expect("someone acts");
                let (before_stalls, before_coins) = (stalls(&g, side).len(), coins(&g, side));
                let a = legal[c.next_u32() as usize % legal.len()];
                g.apply(a).expect("a listed action is legal");
                actions.push(a);
                if market && a != Action::Pass {
                    bought += 1;
                    let after = stalls(&g, side);
                    assert_eq!(after.len(), before_stalls + 1);
                    assert!(after.len() <= 3, "3 stalls a side");
                    assert_eq!(coins(&g, side), before_coins - 2, "a stall costs 2 coins");
                    assert!(!in_market(&g), "one stall a turn");
                    let cell = after[after.len() - 1].cell;
                    let territory = g.kingdom(side).territory_at(cell).expect("on a terrain");
                    assert!(territory.squares >= 3);
                }
            }
            // The score counts each stall's territory at the end.
            for side in Side::all(g.sides()) {
                let stall_points: i32 = stalls(&g, side)
                    .iter()
                    .map(|m| g.kingdom(side).territory_size_at(m.cell) as i32)
                    .sum();
                assert_eq!(g.score(side).bonus("markets").unwrap_or(0), stall_points);
                assert_eq!(g.score(side).total, g.score_total(side));
            }
            let mut replay = Game::new(ruleset.clone(), players, seed).expect("setup");
            for &a in &actions {
                replay.apply(a).expect("replays");
            }
            assert_eq!(replay, g, "the same actions give the same game");
        }
    }
    assert!(bought > 20, "random players buy stalls: {bought}");
}

#[test]
fn play_random_picks_as_the_listed_actions_would() {
    let ruleset = ruleset();
    for &(players, _) in ruleset.player_counts() {
        let mut g = Game::new(ruleset.clone(), players, 9).expect("setup");
        let mut c = Chooser(u64::from(players));
        while !g.is_over() {
            let legal = g.legal_actions();
            let mut twin = Chooser(c.0);
            let i = crownlands_core::rng::below(legal.len() as u32, || twin.next_u32());
            let played = g.play_random(|| c.next_u32());
            assert_eq!(played, Some(legal[i as usize]));
        }
    }
}

#[test]
fn a_reset_game_is_a_new_game() {
    let ruleset = ruleset();
    let mut g = Game::new(ruleset.clone(), 4, 1).expect("setup");
    let mut c = Chooser(1);
    while g.play_random(|| c.next_u32()).is_some() {}
    g.reset(2);
    assert_eq!(g, Game::new(ruleset, 4, 2).expect("setup"));
}

/// The engine's own property suite (`crownlands_core::conformance`, the one every shipped
/// ruleset passes): listed actions accepted and others refused, the fast paths, text and JSON
/// read back, the census, copies and hashes, scores, module states in JSON, replays.
#[test]
fn markets_pass_the_engine_s_conformance_suite() {
    crownlands_core::conformance::check(&ruleset(), 0..8).unwrap_or_else(|e| panic!("{e}"));
    // Its kingdom file half: the stalls `score` reads back score what the game scored.
    crownlands_rules::conformance::check_kingdom_files(&ruleset(), 0..8)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// A market step with nothing to choose says why in the module's words (the TUI's log says it
/// where the step goes by itself): every reason it gives over random games; and nothing once
/// the side's stalls are all bought (the log would say it on each of its turns to the end).
#[test]
fn a_market_with_nothing_to_choose_says_why() {
    let mut seen = std::collections::BTreeSet::new();
    let mut said_nothing = 0;
    for seed in 0..20 {
        let mut g = Game::new(ruleset(), 2, seed).expect("setup");
        let mut ch = Chooser(seed);
        while !g.is_over() {
            if in_market(&g) && g.legal_action_count() == 1 {
                let view = g.step_view().expect("a step");
                let side = g.side_to_act().expect("a side");
                let bought = g.resource(side, "stalls") >= 3;
                match view.nothing {
                    Some(why) => {
                        assert!(!bought, "{why}");
                        seen.insert(why);
                    }
                    None => {
                        assert!(bought, "the markets say why while stalls are left");
                        said_nothing += 1;
                    }
                }
            }
            let mut next = || ch.next_u32();
            g.play_random(&mut next);
        }
    }
    assert!(
        seen.iter()
            .any(|w| w.starts_with("no territory of 3 squares or more")),
        "{seen:?}"
    );
    assert!(said_nothing > 0, "some side bought all its stalls");
}

/// The markets score placements (a stall scores its territory's squares), so the bots weigh
/// each placement with the stalls' points after it: `PlacedPoints::gain` is, placement by
/// placement, the change the placement makes to the side's markets line of the score, and the
/// greedy bot's value of the placement includes it.
#[test]
fn the_bots_weigh_a_placement_with_the_stalls_it_grows() {
    use crownlands_bots::greedy::PlacedPoints;
    let ruleset = ruleset();
    let markets = |g: &Game, side: Side| -> i32 {
        g.score(side)
            .bonuses
            .iter()
            .filter(|b| b.key == "markets")
            .map(|b| b.points)
            .sum()
    };
    let mut weighed = 0;
    let mut grown = 0;
    for seed in 0..12 {
        let mut g = Game::new(ruleset.clone(), 2, seed).expect("setup");
        assert!(g.scores_placements());
        let mut c = Chooser(seed);
        while !g.is_over() {
            if let (Phase::Place { .. }, Some(d)) = (g.phase(), g.domino_to_place()) {
                let side = g.side_of(g.to_act().expect("to act"));
                let placed = PlacedPoints::of(&g, side).expect("markets score placements");
                let before = markets(&g, side);
                // Greedy's values: its placement value plus the stalls' gain.
                let view = crownlands_bots::PlayerView::new(&g).expect("to act");
                let legal = g.legal_actions();
                let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
                let values = crownlands_bots::greedy::action_values(&view, &legal, &mut rng);
                let kingdom = g.kingdom(side);
                let eval = crownlands_bots::greedy::KingdomEval::new(
                    kingdom,
                    g.rules(),
                    g.territory_scoring(),
                );
                for (&a, &value) in legal.iter().zip(&values) {
                    let Action::Place { placement } = a else {
                        continue;
                    };
                    let domino = g.domino(d);
                    let own = crownlands_bots::greedy::placement_value(
                        kingdom,
                        &eval,
                        domino,
                        placement,
                        g.rules(),
                    );
                    assert_eq!(value, own + placed.gain(domino, placement), "seed {seed}");
                    let mut after = g.clone();
                    after.apply(a).expect("legal");
                    let change = f64::from(markets(&after, side) - before);
                    assert_eq!(placed.gain(g.domino(d), placement), change, "seed {seed}");
                    weighed += 1;
                    grown += usize::from(change > 0.0);
                }
            }
            let legal = g.legal_actions();
            let a = legal[c.next_u32() as usize % legal.len()];
            g.apply(a).expect("legal");
        }
    }
    assert!(
        weighed > 1000 && grown > 50,
        "{weighed} placements, {grown} growing a stall"
    );
}

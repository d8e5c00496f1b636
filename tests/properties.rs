//! The property suite every shipped ruleset goes through, at every player count it allows.

mod common;

use common::{Chooser, rebuilt_kingdom, rulesets_and_layouts, shipped_rulesets};
use crownlands_core::Ruleset;
use crownlands_core::modules::{BuildingsState, SideView, build_all, score_side};
use crownlands_core::{Action, Cell, Direction, DominoId, Game, Placement, Whereabouts};
use proptest::prelude::*;
use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

/// Games per ruleset and player count with the cheap invariants checked after every action.
const FAST_GAMES: u64 = 1000;
/// Games per ruleset and player count with every listed action checked at every step.
const THOROUGH_GAMES: u64 = 10;

fn census_is_complete(g: &Game) {
    let total: usize = g.domino_census().iter().sum();
    assert_eq!(
        total,
        g.ruleset().dominoes().len(),
        "every domino is somewhere"
    );
}

fn kingdoms_fit(g: &Game) {
    let n = g.rules().grid_size as i8;
    // No farther from the castle than it allows (half the grid with the castle at the centre).
    let reach = match g.rules().castle {
        crownlands_core::CastleAt::Anywhere => n - 1,
        crownlands_core::CastleAt::Centre => (n - 1) / 2,
    };
    for k in g.kingdoms().values() {
        let (lx, ly, hx, hy) = k.bounds();
        assert!(hx - lx < n && hy - ly < n, "a kingdom outgrew {n}x{n}");
        assert!(
            -lx <= reach && -ly <= reach && hx <= reach && hy <= reach,
            "a square lies past {reach} from the castle"
        );
        assert!(
            lx <= 0 && ly <= 0 && hx >= 0 && hy >= 0,
            "the castle is inside its kingdom"
        );
    }
}

/// An action that is certainly illegal now.
fn some_illegal_action(g: &Game, c: &mut Chooser) -> Action {
    let legal = g.legal_actions();
    loop {
        let candidate = match c.below(3) {
            0 => Action::Claim {
                domino: DominoId(c.below(g.ruleset().dominoes().len() + 3) as u16),
            },
            1 => Action::Place {
                placement: Placement::new(
                    Cell::new(c.below(17) as i8 - 8, c.below(17) as i8 - 8),
                    Direction::ALL[c.below(4)],
                ),
            },
            _ => Action::Discard,
        };
        if !legal.contains(&candidate) {
            return candidate;
        }
    }
}

/// Knights owned plus the supply: constant from setup to the end (modules never make or lose any).
fn knights_everywhere(g: &Game) -> u32 {
    g.all_sides().map(|s| g.resource(s, "knights")).sum::<u32>() + g.supply("knights")
}

/// Towers in kingdoms plus the supply.
fn towers_everywhere(g: &Game) -> u32 {
    g.all_sides().map(|s| g.resource(s, "towers")).sum::<u32>() + g.supply("towers")
}

/// Every building in exactly one place: the pile, the board, burnt, or a kingdom (on a square of
/// that kingdom).
fn buildings_accounted_for(g: &Game) {
    let Some(e) = g.module_state::<BuildingsState>() else {
        return;
    };
    if e.board().is_empty() && e.pile.is_empty() {
        return;
    }
    let mut all: Vec<_> = e.pile.clone();
    all.extend(e.board().iter().flatten());
    if let Some(d) = g.module_state::<crownlands_core::modules::DragonState>() {
        all.extend(&d.burnt);
    }
    for side in g.all_sides() {
        for &(b, cell) in e.built(side) {
            all.push(b);
            assert!(matches!(
                g.kingdom(side).content(cell),
                crownlands_core::Content::Square(_)
            ));
        }
    }
    let n = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n, "a building in two places");
    assert_eq!(n, g.ruleset().buildings().len(), "a building lost");
}

fn final_checks(g: &Game, actions: &[Action]) {
    assert!(g.is_over());
    assert!(g.legal_actions().is_empty());
    let [_, pile, lines, placed, discarded] = g.domino_census();
    assert_eq!((pile, lines), (0, 0), "nothing left to draw or place");
    // Every domino in exactly one place.
    let mut seen = HashSet::new();
    for &(_, d, _) in g.placed() {
        assert!(seen.insert(d), "domino placed twice");
        assert!(matches!(g.whereabouts(d), Whereabouts::Kingdom(_)));
    }
    for &d in g.discarded() {
        assert!(
            seen.insert(d),
            "domino both placed and discarded, or discarded twice"
        );
    }
    assert_eq!(seen.len(), placed + discarded);
    // The score recomputed from the grid rebuilt square by square matches the game's.
    let modules = build_all(crownlands_core::Registry::shipped_ref(), &g.rules().modules)
        .expect("the ruleset's modules build");
    // Per side: one kingdom per player, or one per team.
    for p in g.all_sides() {
        let built = g
            .module_state::<BuildingsState>()
            .map_or(&[][..], |b| b.built(p));
        let mut rebuilt = rebuilt_kingdom(g, p);
        // Buildings add their crowns to their squares.
        for &(b, cell) in built {
            let crowns = g.ruleset().buildings()[b.index()].crowns;
            rebuilt
                .add_crowns(cell, crowns)
                .expect("a building's crowns fit");
        }
        assert_eq!(&rebuilt, g.kingdom(p), "kingdom matches its placements");
        // Recomputed with the modules (wealth, building values, the Queen's crown, ...).
        let again = score_side(
            g.rules(),
            SideView::new(g.ruleset(), &rebuilt, &modules, g.module_data(), p),
        );
        let reported = g.score(p);
        assert_eq!(again.territories, reported.territories);
        assert_eq!(again.bonuses, reported.bonuses);
        assert_eq!(again.total, reported.total);
        assert_eq!(reported.total, g.score_total(p));
    }
    // The same seed and actions give the same final state.
    let mut replay = Game::new(g.ruleset().clone(), g.players(), g.seed()).expect("setup");
    for &a in actions {
        replay.apply(a).expect("a recorded action replays");
    }
    assert_eq!(&replay, g);
}

#[test]
fn every_shipped_ruleset_plays_by_the_rules() {
    for (name, ruleset) in rulesets_and_layouts() {
        for &(players, _) in ruleset.player_counts() {
            for seed in 0..FAST_GAMES {
                let mut g = Game::new(ruleset.clone(), players, seed).expect("setup");
                let mut c = Chooser::new(seed + 1);
                let mut actions = Vec::new();
                let knights = knights_everywhere(&g);
                let towers = towers_everywhere(&g);
                while let Some(a) = g.play_random(|| c.next_u32()) {
                    actions.push(a);
                    census_is_complete(&g);
                }
                assert_eq!(knights_everywhere(&g), knights, "{name}: knights conserved");
                assert_eq!(towers_everywhere(&g), towers, "{name}: towers conserved");
                buildings_accounted_for(&g);
                kingdoms_fit(&g);
                final_checks(&g, &actions);
            }
            for seed in 0..THOROUGH_GAMES {
                let mut g = Game::new(ruleset.clone(), players, 10_000 + seed).expect("setup");
                let mut c = Chooser::new(seed);
                let mut actions = Vec::new();
                while !g.is_over() {
                    let legal = g.legal_actions();
                    assert!(!legal.is_empty(), "{name}: someone must be able to act");
                    assert_eq!(legal.len() as u32, g.legal_action_count());
                    for &a in &legal {
                        let mut probe = g.clone();
                        probe
                            .apply(a)
                            .unwrap_or_else(|e| panic!("{name}: listed {a:?} refused: {e}"));
                    }
                    let before = g.clone();
                    let bad = some_illegal_action(&g, &mut c);
                    assert!(g.apply(bad).is_err(), "{name}: {bad:?} should be refused");
                    assert_eq!(g, before, "{name}: a refused action changed the game");
                    let a = legal[c.below(legal.len())];
                    g.apply(a).expect("legal");
                    actions.push(a);
                    census_is_complete(&g);
                    kingdoms_fit(&g);
                    buildings_accounted_for(&g);
                }
                final_checks(&g, &actions);
            }
        }
    }
}

/// `play_random` counts and picks without listing; it must pick exactly what a uniform draw
/// from `legal_actions` would, module steps included.
#[test]
fn play_random_picks_as_the_listed_legal_actions_would() {
    for (name, ruleset) in rulesets_and_layouts() {
        for &(players, _) in ruleset.player_counts() {
            let mut g = Game::new(ruleset.clone(), players, 77).expect("setup");
            let mut c = Chooser::new(u64::from(players));
            while !g.is_over() {
                let legal = g.legal_actions();
                let mut twin = Chooser(c.0);
                let i = crownlands_core::rng::below(legal.len() as u32, || twin.next_u32());
                let played = g.play_random(|| c.next_u32());
                assert_eq!(played, Some(legal[i as usize]), "{name} at {players}");
            }
        }
    }
}

#[test]
fn whole_games_use_the_expected_dominoes() {
    for (name, ruleset) in shipped_rulesets() {
        for &(players, ref rules) in ruleset.player_counts() {
            let mut g = Game::new(ruleset.clone(), players, 3).expect("setup");
            let mut c = Chooser::new(3);
            while g.play_random(|| c.next_u32()).is_some() {}
            let [unused, _, _, placed, discarded] = g.domino_census();
            assert_eq!(
                placed + discarded,
                usize::from(rules.deck_size),
                "{name} at {players}: the whole deck is played or discarded"
            );
            assert_eq!(
                unused,
                ruleset.dominoes().len() - usize::from(rules.deck_size)
            );
            let lines = u32::from(rules.deck_size) / u32::from(rules.line_size);
            assert_eq!(
                g.round(),
                lines + 1,
                "{name} at {players}: one round per line, plus the first claims"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// `legal_actions()` and `is_legal()` agree on every action tried, legal or not.
    #[test]
    fn legal_actions_and_is_legal_agree(seed in any::<u64>(), steps in 0usize..120, probes in proptest::collection::vec((0usize..3, 0usize..60, -8i8..9, -8i8..9, 0usize..4), 1..24)) {
        let rulesets = shipped_rulesets();
        let (_, ruleset) = &rulesets[(seed % rulesets.len() as u64) as usize];
        let players = ruleset.player_counts()[(seed / 7 % ruleset.player_counts().len() as u64) as usize].0;
        let mut g = Game::new(ruleset.clone(), players, seed).expect("setup");
        let mut c = Chooser::new(seed);
        for _ in 0..steps {
            if g.play_random(|| c.next_u32()).is_none() { break; }
        }
        let legal = g.legal_actions();
        for (kind, d, x, y, dir) in probes {
            let a = match kind {
                0 => Action::Claim { domino: DominoId(d as u16) },
                1 => Action::Place { placement: Placement::new(Cell::new(x, y), Direction::ALL[dir]) },
                _ => Action::Discard,
            };
            prop_assert_eq!(g.is_legal(a), legal.contains(&a), "{:?}", a);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, .. ProptestConfig::default() })]

    /// Every legal action of every shipped ruleset, all along a game, reads back from its text
    /// (`Display` then `FromStr`), written as one word (some 70,000 actions over the 8 cases).
    #[test]
    fn legal_actions_read_back_from_their_text(seed in any::<u64>()) {
        static RULESETS: OnceLock<Vec<(String, Arc<Ruleset>)>> = OnceLock::new();
        for (name, ruleset) in RULESETS.get_or_init(shipped_rulesets) {
            let counts = &ruleset.player_counts();
            let players = counts[(seed % counts.len() as u64) as usize].0;
            let mut g = Game::new(ruleset.clone(), players, seed).expect("setup");
            let mut c = Chooser::new(seed);
            while !g.is_over() {
                let legal = g.legal_actions();
                for &a in &legal {
                    let text = g.action_text(a);
                    prop_assert!(!text.is_empty() && !text.contains(char::is_whitespace), "{name}: `{text}`");
                    prop_assert_eq!(g.parse_action(&text), Ok(a), "{}: `{}`", name, text);
                }
                g.apply(legal[c.below(legal.len())]).expect("legal");
            }
        }
    }
}

/// The public property suite a plugin's tests run (`crownlands_core::conformance`) holds for
/// every shipped ruleset at every player count, and for the documented house rules
/// (`docs/house-rules/`: their settings, such as the tax read once a turn, played too).
#[test]
fn every_shipped_ruleset_passes_the_conformance_suite() {
    for (name, ruleset) in shipped_rulesets() {
        crownlands_core::conformance::check(&ruleset, 0..2)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (path, ruleset) in house_rules() {
        crownlands_core::conformance::check(&ruleset, 0..2)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The documented house rules (`docs/house-rules/*.toml`), loaded, in file order.
fn house_rules() -> Vec<(std::path::PathBuf, std::sync::Arc<crownlands_core::Ruleset>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/house-rules");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("docs/house-rules exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "{} house rules", files.len());
    files
        .into_iter()
        .map(|path| {
            let ruleset =
                crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, std::sync::Arc::new(ruleset))
        })
        .collect()
}

/// The kingdom file's half of the suite (`crownlands_rules::conformance`): every side of games
/// of every shipped ruleset and documented house rule, written as a kingdom file between rounds
/// and at the end, reads back as `score` reads it with the game's total.
#[test]
fn every_shipped_ruleset_reads_back_its_kingdom_files() {
    for (name, ruleset) in shipped_rulesets() {
        crownlands_rules::conformance::check_kingdom_files(&ruleset, 0..2)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    for (path, ruleset) in house_rules() {
        crownlands_rules::conformance::check_kingdom_files(&ruleset, 0..2)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

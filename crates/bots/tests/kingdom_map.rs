//! The fast placement value gives greedy's value for every placement of random games, in every
//! shipped ruleset (grids 5 and 7, Middle Kingdom in both readings, Harmony), and in house rules
//! that change it (territories scored by terrain and size, goals scoring the territories
//! together, the castle fixed at the centre, dominoes joining any terrain).

use crownlands_bots::greedy::{KingdomEval, discard_value, placement_value};
use crownlands_bots::kingdom_map::KingdomMap;
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset};
use std::sync::Arc;

/// House rules scoring territory by territory (`terrain-multipliers`): the guide's lakes
/// counting double, its territories of one square scoring nothing, and a harsher one (a terrain worth nothing, one tripled, Harmony on, a
/// 7x7 grid) written here.
fn house_rules() -> Vec<(String, Ruleset)> {
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    let lakes = crownlands_rules::load_path(registry, &dir.join("lakes-double.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let harsh = crownlands_rules::load_str(
        registry,
        "extends = \"harmony\"\nname = \"harsh\"\n[rules]\ngrid-size = 7\n\
         modules = [\"terrain-multipliers\"]\n[rules.module.terrain-multipliers]\n\
         multipliers = { wheat = 0, forest = 3, lake = 2, mine = 1 }\n",
        &dir.join("harsh.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let small = crownlands_rules::load_path(registry, &dir.join("small-territories.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    // Goals, which score the territories together: the guide's (two of six drawn a game), and
    // every goal in play on a 7x7 grid with both bonuses, of every scope, a penalty among them,
    // with terrain multipliers beside them.
    let goals = crownlands_rules::load_path(registry, &dir.join("goals.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let many_goals = crownlands_rules::load_str(
        registry,
        "extends = \"harmony-middle-kingdom\"\nname = \"many-goals\"\n[rules]\ngrid-size = 7\n\
         modules = [\"terrain-multipliers\", \"goals\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { lake = 2 }\n\
         [rules.module.goals]\ngoal = [\n\
         { name = \"Lakes\", points = 4, terrain = \"lake\", squares = 3, scope = \"each-territory\" },\n\
         { name = \"Any 3\", points = 2, squares = 3, scope = \"each-territory\" },\n\
         { name = \"Crowned\", points = 9, crowns = 3 },\n\
         { name = \"Mines\", points = 8, terrain = \"mine\", crowns = 2, scope = \"kingdom\" },\n\
         { name = \"Big\", points = 3, squares = 30, scope = \"kingdom\" },\n\
         { name = \"Swamp\", points = -5, terrain = \"swamp\", squares = 2 },\n]\n",
        &dir.join("many-goals.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    vec![
        ("lakes-double".into(), lakes),
        ("harsh".into(), harsh),
        ("small-territories".into(), small),
        ("goals".into(), goals),
        ("many-goals".into(), many_goals),
    ]
}

/// Every shipped ruleset, by name.
fn shipped() -> Vec<(String, Ruleset)> {
    crownlands_rules::shipped()
        .into_iter()
        .map(|shipped| {
            let r = crownlands_rules::load(crownlands_core::Registry::shipped_ref(), &shipped.name)
                .unwrap_or_else(|e| panic!("{e}"));
            (shipped.name.to_string(), r)
        })
        .collect()
}

/// Kingdoms laid out otherwise: the castle fixed at the centre (`castle = "centre"`: the guide's
/// 5x5, and a 7x7 with both bonuses, where the kingdom's reach and the holes it leaves differ
/// from the grid's), and dominoes joining any terrain (`connection = "any-terrain"`).
fn laid_out() -> Vec<(String, Ruleset)> {
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    let centre = crownlands_rules::load_path(registry, &dir.join("castle-centre.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let wide = crownlands_rules::load_str(
        registry,
        "extends = \"harmony-middle-kingdom\"\nname = \"wide-centre\"\n[rules]\n\
         grid-size = 7\ncastle = \"centre\"\n",
        &dir.join("wide-centre.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let any = crownlands_rules::load_path(registry, &dir.join("any-terrain.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    vec![
        ("castle-centre".into(), centre),
        ("wide-centre".into(), wide),
        ("any-terrain".into(), any),
        ("discard-any-time".into(), discard_any_time()),
    ]
}

/// A domino that fits may be discarded (`discard = "any-time"`, with Middle Kingdom), and
/// swamps cost points, so that greedy gives some up.
fn discard_any_time() -> Ruleset {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"discard-any-time.toml\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { swamp = -2 }\n",
        &dir.join("penalty-swamps.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn kingdom_map_values_equal_greedy_values() {
    let mut map = KingdomMap::new();
    let mut plain = KingdomMap::new();
    let (mut checked, mut changed) = (0u32, 0u32);
    let mut rulesets = shipped();
    let houses = house_rules();
    let house_names: Vec<String> = houses.iter().map(|(name, _)| name.clone()).collect();
    for (name, r) in &houses {
        assert!(
            !Game::new(Arc::new(r.clone()), 2, 1)
                .expect("setup")
                .territory_scoring()
                .is_empty(),
            "{name} scores territories"
        );
    }
    rulesets.extend(houses);
    rulesets.extend(laid_out());
    for (name, r) in rulesets {
        let r = Arc::new(r);
        let mut changed_here = 0u32;
        let players = r.player_counts()[0].0;
        for seed in 0..6u64 {
            let mut g = Game::new(r.clone(), players, seed).expect("setup");
            let mut rng = GameRng::seed_from(seed);
            while !g.is_over() {
                if let (Some(p), Some(d)) = (g.to_act(), g.domino_to_place()) {
                    let rules = g.rules();
                    let kingdom = g.kingdom(g.side_of(p));
                    let domino = g.domino(d);
                    let before = KingdomEval::new(kingdom, rules, g.territory_scoring());
                    map.read(kingdom, rules, g.territory_scoring());
                    assert_eq!(
                        discard_value(kingdom, rules).to_bits(),
                        map.discard_value().to_bits(),
                        "{name}: the discard's value"
                    );
                    // The printed scoring alone, beside it: the multipliers must change values.
                    let scored = !g.territory_scoring().is_empty();
                    if scored {
                        plain.read(kingdom, rules, &Default::default());
                    }
                    let mut fast_values = Vec::new();
                    for pl in g.placements().iter() {
                        let slow = placement_value(kingdom, &before, domino, pl, rules);
                        let fast = map.value(domino, pl);
                        assert!(
                            (slow - fast).abs() < 1e-9,
                            "{name}: {pl:?} of {domino:?}: greedy {slow}, map {fast}",
                        );
                        if scored && plain.value(domino, pl).to_bits() != fast.to_bits() {
                            changed += 1;
                            changed_here += 1;
                        }
                        fast_values.push((pl, fast));
                        checked += 1;
                    }
                    // Valued again (the cells' part now remembered from the first time, in
                    // another order): the very same values.
                    for &(pl, fast) in fast_values.iter().rev() {
                        assert_eq!(map.value(domino, pl).to_bits(), fast.to_bits(), "{pl:?}");
                    }
                }
                g.play_random(|| rng.next_u32()).expect("not over");
            }
        }
        // Each house rule changes values somewhere (a goal's only once a territory nears it).
        if house_names.contains(&name) {
            assert!(changed_here > 20, "{name}: {changed_here} values changed");
        }
    }
    assert!(checked > 10_000, "{checked}");
    assert!(changed > 1_000, "{changed}");
}

/// Greedy playouts remember the best placement a claim found for the placement that follows it
/// (`KingdomMap::remember`, `recall`): the same choices and the same work counted, in every
/// shipped ruleset and at every player count, as valuing every placement afresh, and a third or
/// more of the placements come from a claim.
#[test]
fn remembered_placements_are_greedys_own() {
    use crownlands_bots::rollout::{Lean, greedy_choice};
    use crownlands_core::{Action, Side};
    let mut remembering = KingdomMap::new();
    let (mut placements, mut recalled, mut given_up) = (0u64, 0u64, 0u64);
    let mut rulesets = shipped();
    // Where a domino that fits may be given up, the remembered placement may be a discard.
    rulesets.push(("discard-any-time".into(), discard_any_time()));
    for (name, r) in rulesets {
        let r = Arc::new(r);
        for &(players, _) in r.player_counts() {
            for seed in 0..3u64 {
                let mut g = Game::new(r.clone(), players, seed).expect("setup");
                let mut rng = GameRng::seed_from(seed);
                remembering.forget();
                while !g.is_over() {
                    let lean = Lean::none(Side(0));
                    let mut afresh = KingdomMap::new();
                    let fresh = greedy_choice(&g, lean, &mut afresh);
                    let (work, before) = (remembering.work(), remembering.recalled());
                    let kept = greedy_choice(&g, lean, &mut remembering);
                    assert_eq!(kept, fresh, "{name} at {players}, seed {seed}");
                    if kept == Some(Action::Discard) && !g.placements().is_empty() {
                        given_up += 1;
                    }
                    // Recalled or not, the work counted is valuing afresh's.
                    assert_eq!(remembering.work() - work, afresh.work());
                    if matches!(kept, Some(Action::Place { .. } | Action::Discard)) {
                        placements += 1;
                        recalled += remembering.recalled() - before;
                    }
                    match kept {
                        Some(a) => g.apply(a).expect("greedy's choice is legal"),
                        None => {
                            g.play_random(|| rng.next_u32()).expect("not over");
                        }
                    }
                }
            }
        }
    }
    assert!(placements > 1_000, "{placements}");
    assert!(given_up > 0, "no domino given up under discard-any-time");
    assert!(
        recalled * 3 > placements,
        "{recalled} of {placements} recalled"
    );
}

//! The `majority` house rule (docs/house-rules/majorities.toml): awards compared between the
//! kingdoms (the most crowns, the most squares of a terrain, the largest territory), decided at
//! the end of each round and after the last, each to the kingdoms with the most (at least one),
//! tied ones each or none as `ties` says; said in the help and the score, read and written in
//! kingdom files as `@most N`.

use crownlands_core::{Game, Kingdom, Registry};
use std::path::Path;
use std::sync::Arc;

fn load(text: &str) -> Arc<crownlands_core::Ruleset> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/m.toml");
    Arc::new(
        crownlands_rules::load_str(Registry::shipped_ref(), text, &path)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn played(ruleset: &Arc<crownlands_core::Ruleset>, players: u8, seed: u64) -> Game {
    let mut game = Game::new(Arc::clone(ruleset), players, seed).expect("a game");
    let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
    game.play_out_random(&mut rng);
    game
}

/// The crowns, forest squares and largest territory of a kingdom, counted here apart.
fn measures(ruleset: &crownlands_core::Ruleset, k: &Kingdom) -> [u32; 3] {
    let forest = ruleset.terrain_by_name("forest").expect("forest");
    let (mut crowns, mut trees, mut largest) = (0, 0, 0);
    for t in k.territories() {
        crowns += t.crowns;
        largest = largest.max(t.squares);
        if t.terrain == forest {
            trees += t.squares;
        }
    }
    [crowns, trees, largest]
}

/// Each side's points from the awards, worked out from the finished kingdoms.
fn expected(game: &Game, points: [i32; 3], ties_score: bool) -> Vec<i32> {
    let all: Vec<[u32; 3]> = game
        .all_sides()
        .map(|s| measures(game.ruleset(), game.kingdom(s)))
        .collect();
    let mut out = vec![0; all.len()];
    for award in 0..3 {
        let most = all.iter().map(|m| m[award]).max().unwrap_or(0);
        let tied = all.iter().filter(|m| m[award] == most).count();
        if most == 0 || (tied > 1 && !ties_score) {
            continue;
        }
        for (o, m) in out.iter_mut().zip(&all) {
            if m[award] == most {
                *o += points[award];
            }
        }
    }
    out
}

#[test]
fn each_award_goes_to_the_kingdoms_with_the_most() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/majorities.toml");
    let each = Arc::new(
        crownlands_rules::load_path(Registry::shipped_ref(), &path)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let nobody =
        load("extends = \"majorities.toml\"\n[rules.module.majority]\nties = \"nobody\"\n");
    let plain = load("extends = \"kingdomino\"\n");
    let (mut tied, mut won) = (0, 0);
    for (ruleset, ties_score) in [(&each, true), (&nobody, false)] {
        for players in [2u8, 3, 4] {
            for seed in 0..30 {
                let game = played(ruleset, players, seed);
                let same = played(&plain, players, seed);
                let awards = expected(&game, [5, 3, 4], ties_score);
                for side in game.all_sides() {
                    let extra = awards[side.index()];
                    assert_eq!(
                        game.score_total(side),
                        same.score_total(side) + extra,
                        "{players} players, seed {seed}, {side:?}"
                    );
                    won += usize::from(extra > 0);
                    let lines: i32 = game
                        .score_lines(side)
                        .iter()
                        .filter(|l| l.label.starts_with("the "))
                        .map(|l| l.points)
                        .sum();
                    assert_eq!(lines, extra, "the score's lines");
                }
                let top = game
                    .all_sides()
                    .map(|s| game.kingdom(s).crowns())
                    .max()
                    .unwrap_or(0);
                tied += usize::from(
                    game.all_sides()
                        .filter(|&s| game.kingdom(s).crowns() == top)
                        .count()
                        > 1,
                );
            }
        }
    }
    assert!(
        won > 100 && tied > 5,
        "{won} awards, {tied} ties for the most crowns"
    );
}

#[test]
fn the_awards_are_said_and_kept_in_kingdom_files() {
    let ruleset = load("extends = \"majorities.toml\"\n");
    let game = Game::new(Arc::clone(&ruleset), 4, 1).expect("a game");
    let help = crownlands_core::modules::describe::scoring_rules(game.rules(), game.modules());
    assert!(
        help.iter().any(|l| l.contains(
            "Majorities: the kingdom with the most crowns +5, the most forest squares +3, the largest territory +4 (at least one; kingdoms tied for the most each score it; decided at the end of each round)."
        )),
        "{help:?}"
    );
    // Mid-game the score holds the awards as the last round's end decided them: at the
    // start of a round, those of the kingdoms as they stand.
    let plain = load("extends = \"kingdomino\"\n");
    for seed in 0..10 {
        let mut game = Game::new(Arc::clone(&ruleset), 4, seed).expect("a game");
        let mut same = Game::new(Arc::clone(&plain), 4, seed).expect("a game");
        let (mut a, mut b) = (
            crownlands_core::rng::GameRng::seed_from(seed),
            crownlands_core::rng::GameRng::seed_from(seed),
        );
        while game.round() < 4 {
            game.play_random(|| a.next_u32());
            same.play_random(|| b.next_u32());
        }
        let awards = expected(&game, [5, 3, 4], true);
        // The panel: an award a row, its points, what it compares, the most now, who holds it.
        let panels = game.panels();
        let panel = panels
            .iter()
            .find(|p| p.title == "Majorities")
            .expect("a Majorities panel");
        assert_eq!(panel.rows.len(), 3);
        let crowns = format!("{:?}", panel.rows[0]);
        let most = game.all_sides().map(|s| game.kingdom(s).crowns()).max();
        assert!(
            crowns.contains(&format!("+5 crowns {}: ", most.unwrap_or(0))),
            "{crowns}"
        );
        for side in game.all_sides() {
            let named = crowns.contains(&format!("side {}", side.index() + 1));
            let mine = game.kingdom(side).crowns();
            let holds = mine > 0 && most == Some(mine);
            assert_eq!(named, holds, "{crowns}");
        }
        for side in game.all_sides() {
            assert_eq!(
                game.score_total(side) - same.score_total(side),
                awards[side.index()],
                "seed {seed}, {side:?} after three rounds"
            );
        }
    }
}

/// Under `ties = "nobody"` the panel says a tie for the most gives nobody the award (not
/// `nobody yet`); a measure misspelt is named; a kingdom file's `@most` past an empty list says
/// the list has none.
#[test]
fn ties_misspellings_and_empty_lists_are_said() {
    let ruleset = load(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"majority\"]\n\
         [rules.module.majority]\nties = \"nobody\"\n\
         [[rules.module.majority.award]]\nof = \"squares\"\npoints = 2\n",
    );
    let mut game = Game::new(Arc::clone(&ruleset), 4, 1).expect("a game");
    let mut rng = crownlands_core::rng::GameRng::seed_from(1);
    // After the first round every kingdom has the 2 squares of its domino.
    while game.round() < 2 {
        game.play_random(|| rng.next_u32());
    }
    let panels = format!("{:?}", game.panels());
    assert!(panels.contains("+2 squares 2: tied, nobody"), "{panels}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/m.toml");
    let refused = crownlands_rules::load_str(
        Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"majority\"]\n\
         [[rules.module.majority.award]]\nof = \"crown\"\npoints = 2\n",
        &path,
    )
    .expect_err("a misspelt measure");
    assert!(
        refused
            .to_string()
            .contains("`crown` is neither a measure nor a terrain (did you mean \"crowns\"?)"),
        "{refused}"
    );
    let empty = load("extends = \"kingdomino\"\n[rules]\nmodules = [\"majority\"]\n");
    let rules = empty.rules_for(4).expect("4 players");
    let modules = crownlands_core::modules::build_all(Registry::shipped_ref(), &rules.modules)
        .expect("modules");
    let e = crownlands_rules::kingdom_file::parse_side(
        "@most 1\nW W C\n",
        "k",
        &empty,
        &modules,
        rules,
    )
    .expect_err("no award to hold");
    assert!(
        e.to_string().contains("`@most 1`: the list has no awards"),
        "{e}"
    );
}

/// The bots weigh a placement by the awards it would hold were they decided after it
/// (`Game::placed_points` through `Module::compared_points`): for every legal placement of
/// random games, the change is the awards' change worked out here from the kingdoms.
#[test]
fn the_bots_see_what_a_placement_would_win() {
    let ruleset = load("extends = \"majorities.toml\"\n");
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..6 {
        let mut game = Game::new(Arc::clone(&ruleset), 3, seed).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        assert!(game.scores_placements());
        while !game.is_over() {
            if let (Some(seat), Some(d)) = (game.to_act(), game.domino_to_place()) {
                let side = game.side_of(seat);
                let domino = game.domino(d).clone();
                let before = game.placed_points(side, game.kingdom(side));
                let now = awards_with(&game, side, game.kingdom(side));
                for p in game.placements().iter() {
                    let mut k = game.kingdom(side).clone();
                    k.set_square(p.first, domino.first).expect("fits");
                    k.set_square(p.second(), domino.second).expect("fits");
                    let gain = game.placed_points(side, &k) - before;
                    assert_eq!(gain, awards_with(&game, side, &k) - now, "seed {seed}");
                    checked += 1;
                    changed += usize::from(gain != 0);
                }
            }
            game.play_random(|| rng.next_u32());
        }
    }
    assert!(checked > 1000 && changed > 50, "{changed} of {checked}");
}

/// The awards `side` would hold (5 most crowns, 3 most forest, 4 largest territory, tied ones
/// each) with its kingdom being `kingdom`.
fn awards_with(game: &Game, side: crownlands_core::Side, kingdom: &Kingdom) -> i64 {
    let all: Vec<[u32; 3]> = game
        .all_sides()
        .map(|s| {
            let k = if s == side { kingdom } else { game.kingdom(s) };
            measures(game.ruleset(), k)
        })
        .collect();
    let mine = all[side.index()];
    [5, 3, 4]
        .iter()
        .enumerate()
        .filter(|&(a, _)| {
            let most = all.iter().map(|m| m[a]).max().unwrap_or(0);
            most > 0 && mine[a] == most
        })
        .map(|(_, &p)| i64::from(p))
        .sum()
}

//! Exact counts of legal placements and of action sequences, from data files under `tests/perft/`.
//!
//! `tests/perft/placements/*.kingdom` are kingdom files whose header comments give the ruleset,
//! the domino and the number of legal placements; `tests/perft/games.txt` gives the number of
//! distinct action sequences of a given length from a seeded start. Counts marked "by hand" in the
//! files are derived in their comments; the others are regression data from the engine (whose
//! placement generator is checked against a naive oracle in the core's unit tests).

mod common;

use crownlands_core::{Game, Ruleset, perft};
use std::path::Path;
use std::sync::Arc;

fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix('#'))
        .filter_map(|l| l.trim().strip_prefix(key))
        .filter_map(|l| l.trim_start().strip_prefix(':'))
        .map(str::trim)
        .next()
}

fn load(name: &str) -> Ruleset {
    crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn placement_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/placements");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("placements dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "perft data present");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.display().to_string();
        let ruleset = load(header(&text, "ruleset").expect("ruleset header"));
        let number: u16 = header(&text, "domino")
            .and_then(|d| d.parse().ok())
            .expect("domino header");
        let expected: u32 = header(&text, "placements")
            .and_then(|d| d.parse().ok())
            .expect("placements header");
        let rules = &ruleset.player_counts()[0].1;
        let kingdom = crownlands_rules::kingdom_file::parse(&text, &name, &ruleset, rules)
            .unwrap_or_else(|e| panic!("{e}"));
        let id = ruleset.domino_by_number(number).expect("domino exists");
        let set = kingdom.placements(&ruleset.dominoes()[id.index()]);
        assert_eq!(set.count(), expected, "{name}");
        // Each placement is distinct and covers two empty neighbouring cells.
        let list: Vec<_> = set.iter().collect();
        let mut dedup = list.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), list.len(), "{name}: placements are distinct");
    }
}

#[test]
fn action_sequence_counts() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/games.txt"),
    )
    .expect("games.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [name, players, seed, depth, count] = f[..5] else {
            panic!("bad line {line}");
        };
        let ruleset = Arc::new(load(name));
        let game = Game::new(
            ruleset,
            players.parse().expect("players"),
            seed.parse().expect("seed"),
        )
        .expect("setup");
        let got = perft(&game, depth.parse().expect("depth"));
        assert_eq!(got, count.parse::<u64>().expect("count"), "{line}");
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn rendered_kingdoms_read_back() {
    for (_, ruleset) in common::rulesets_and_layouts() {
        for &(players, ref rules) in ruleset.player_counts() {
            let mut g = Game::new(ruleset.clone(), players, 21).expect("setup");
            let mut c = common::Chooser::new(21);
            while g.play_random(|| c.next_u32()).is_some() {}
            // With what the modules keep (a building's crowns are its mark's, not its
            // square's: a plain `render` folds them in, which a town square never shows).
            for side in g.all_sides() {
                let text = crownlands_rules::kingdom_file::render_side(g.side_view(side));
                let (back, _) = crownlands_rules::kingdom_file::parse_side(
                    &text,
                    "rendered",
                    &ruleset,
                    g.module_list(),
                    rules,
                )
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(&back, g.kingdom(side), "{text}");
            }
        }
    }
}

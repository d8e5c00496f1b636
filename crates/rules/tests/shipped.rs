//! The shipped rulesets: they load, they match the reference data, they resolve as the rulebook
//! says, and they survive a round trip through `to_toml`.

mod common;

use crownlands_core::{FirstClaims, MiddleKingdomReading, Ruleset, TieBreak};
use crownlands_rules::{Diagnostics, Validated, load, load_str, shipped, to_toml, validate_path};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read rulesets dir") {
        let p = e.expect("dir entry").path();
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

#[test]
fn every_shipped_file_loads_or_validates() {
    let mut files = Vec::new();
    toml_files(&common::rulesets_dir(), &mut files);
    assert!(files.len() >= 9, "{files:?}");
    for f in files {
        match validate_path(crownlands_core::Registry::shipped_ref(), &f) {
            Ok(Validated::Ruleset(r)) => {
                assert!(Ruleset::new(r.into_parts()).is_ok(), "{}", f.display())
            }
            Ok(Validated::ComponentSet {
                dominoes,
                buildings,
                ..
            }) => {
                assert!(dominoes + buildings > 0, "{}", f.display())
            }
            Err(e) => panic!("{} does not validate:\n{e}", f.display()),
        }
    }
}

#[test]
fn shipped_list_is_sorted_with_descriptions() {
    let list = shipped();
    let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "dynasty",
            "harmony",
            "harmony-middle-kingdom",
            "kingdomino",
            "kingdomino-knights",
            "middle-kingdom",
            "mighty-duel",
            "queendomino",
            "queendomino-no-dragon",
            "royal-wedding",
            "royal-wedding-teams",
            "volcano"
        ]
    );
    for s in &list {
        assert!(
            !s.description.is_empty() && !s.description.contains('\n'),
            "{s:?}"
        );
        let r = load(crownlands_core::Registry::shipped_ref(), &s.name)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.name(), s.name);
    }
}

#[test]
fn kingdomino_set_matches_the_reference_totals() {
    let r = load(crownlands_core::Registry::shipped_ref(), "kingdomino").expect("kingdomino loads");
    assert_eq!(r.dominoes().len(), 48);
    assert_eq!(r.piles(), ["kingdomino"]);
    let squares = 2 * r.dominoes().len();
    let crowns: u32 = r.dominoes().iter().map(|d| d.crowns()).sum();
    assert_eq!((squares, crowns), (96, 39));
    let mut per: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for d in r.dominoes() {
        for sq in d.squares() {
            let e = per.entry(r.terrain(sq.terrain).name.as_str()).or_default();
            e.0 += 1;
            e.1 += u32::from(sq.crowns);
        }
    }
    let expected: BTreeMap<&str, (u32, u32)> = [
        ("wheat", (26, 5)),
        ("forest", (22, 6)),
        ("lake", (18, 6)),
        ("grassland", (14, 6)),
        ("swamp", (10, 6)),
        ("mine", (6, 10)),
    ]
    .into_iter()
    .collect();
    assert_eq!(per, expected);
    let symbols: String = r.terrains().iter().map(|t| t.symbol).collect();
    assert_eq!(symbols, "WFLGSM");
    // Numbered 1..=48 in order.
    assert!(
        r.dominoes()
            .iter()
            .enumerate()
            .all(|(i, d)| usize::from(d.number) == i + 1)
    );

    let set = common::rulesets_dir().join("sets/kingdomino.toml");
    assert_eq!(
        validate_path(crownlands_core::Registry::shipped_ref(), &set).expect("set validates"),
        Validated::ComponentSet {
            terrains: 6,
            dominoes: 48,
            crowns: 39,
            squares: 96,
            buildings: 0,
            rows: Vec::new(),
        }
    );
}

#[test]
fn kingdomino_player_counts() {
    let r = load(crownlands_core::Registry::shipped_ref(), "kingdomino").expect("loads");
    let counts: Vec<u8> = r.player_counts().iter().map(|(n, _)| *n).collect();
    assert_eq!(counts, [2, 3, 4]);
    let two = r.rules_for(2).expect("2p");
    assert_eq!(
        (two.kings_per_player, two.deck_size, two.first_claims),
        (2, 24, FirstClaims::Drawn)
    );
    assert_eq!(two.tie_breaks, [TieBreak::LargestTerritory]);
    for n in [3, 4] {
        let x = r.rules_for(n).expect("3p/4p");
        assert_eq!(
            (x.kings_per_player, x.deck_size, x.line_size, x.grid_size),
            (1, 48, 4, 5)
        );
        assert_eq!(x.first_claims, FirstClaims::Drawn);
        assert_eq!(x.tie_breaks, [TieBreak::LargestTerritory]);
        assert_eq!(
            (x.harmony, x.middle_kingdom, x.match_games),
            (None, None, 1)
        );
    }
}

#[test]
fn extends_and_for_players_resolution() {
    let duel = load(crownlands_core::Registry::shipped_ref(), "mighty-duel").expect("mighty-duel");
    assert_eq!(duel.player_counts().len(), 1);
    let d = duel.rules_for(2).expect("2p");
    assert_eq!((d.grid_size, d.kings_per_player, d.deck_size), (7, 2, 48));
    // Rulebook 000's 2-player adjustments: the first claims by a random draw of the four kings.
    assert_eq!(d.first_claims, FirstClaims::Drawn);
    let q = load(crownlands_core::Registry::shipped_ref(), "queendomino").expect("queendomino");
    assert_eq!(
        q.rules_for(2).map(|r| r.first_claims),
        Some(FirstClaims::Snake)
    );

    let h = load(crownlands_core::Registry::shipped_ref(), "harmony").expect("harmony");
    assert_eq!(
        h.rules_for(2).map(|r| (r.deck_size, r.harmony)),
        Some((24, Some(5)))
    );
    assert_eq!(
        h.rules_for(4).map(|r| (r.deck_size, r.harmony)),
        Some((48, Some(5)))
    );

    let hm = load(
        crownlands_core::Registry::shipped_ref(),
        "harmony-middle-kingdom",
    )
    .expect("both");
    let r = hm.rules_for(3).expect("3p");
    assert_eq!(r.harmony, Some(5));
    assert_eq!(
        r.middle_kingdom.map(|m| (m.points, m.reading)),
        Some((10, MiddleKingdomReading::BoundingBox))
    );

    let dy = load(crownlands_core::Registry::shipped_ref(), "dynasty").expect("dynasty");
    assert!(dy.player_counts().iter().all(|(_, r)| r.match_games == 3));

    let v = load(crownlands_core::Registry::shipped_ref(), "volcano").expect("volcano");
    assert_eq!(v.dominoes().len(), 56);
    assert_eq!(v.terrains().len(), 7);
    assert_eq!(v.piles(), ["kingdomino"]);
    assert_eq!(v.rules_for(2).map(|r| r.deck_size), Some(24));
    let four = v.rules_for(4).expect("4p");
    assert_eq!(four.deck_size, 48);
    assert_eq!(four.harmony, Some(3));
    assert_eq!(
        four.middle_kingdom.map(|m| m.reading),
        Some(MiddleKingdomReading::FullGrid)
    );
    assert_eq!(
        four.tie_breaks,
        [TieBreak::MostCrowns, TieBreak::LargestTerritory]
    );
}

#[test]
fn sub_tables_merge_field_by_field() {
    let dir = common::temp_dir("merge");
    let base = common::write(
        &dir,
        "base.toml",
        "extends = \"kingdomino\"\n[rules.harmony]\npoints = 9\n[rules.middle-kingdom]\nreading = \"full-grid\"\n",
    );
    let _ = base;
    let child = common::write(
        &dir,
        "child.toml",
        "extends = \"base.toml\"\n[rules.harmony]\nenabled = true\n[for-players.3.middle-kingdom]\nenabled = true\n",
    );
    let r = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &child)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.name(), "child");
    assert_eq!(r.rules_for(2).and_then(|r| r.harmony), Some(9));
    assert_eq!(r.rules_for(2).and_then(|r| r.middle_kingdom), None);
    let m = r
        .rules_for(3)
        .and_then(|r| r.middle_kingdom)
        .expect("mk at 3p");
    assert_eq!((m.points, m.reading), (10, MiddleKingdomReading::FullGrid));
}

fn only_count(r: &Ruleset, n: u8) -> Ruleset {
    let mut r = r.clone().into_parts();
    r.player_counts.retain(|(c, _)| *c == n);
    Ruleset::new(r).expect("one count of a valid ruleset")
}

#[test]
fn a_bonus_switched_off_keeps_its_settings_through_show() {
    // Volcano's Harmony is 3 points and its Middle Kingdom 8 on the full grid; a house rule
    // switches both off, and one extending the shown file switches them on again.
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = common::temp_dir("bonus-off");
    let off = load_str(
        registry,
        "name = \"off\"\nextends = \"volcano\"\n[rules.harmony]\nenabled = false\n\
         [rules.middle-kingdom]\nenabled = false\n",
        &dir.join("off.toml"),
    )
    .expect("loads");
    let shown = to_toml(&off, None);
    let on = shown
        .replace("harmony = { enabled = false", "harmony = { enabled = true")
        .replace(
            "middle-kingdom = { enabled = false",
            "middle-kingdom = { enabled = true",
        );
    let on = load_str(registry, &on, &dir.join("on.toml")).unwrap_or_else(|e| panic!("{e}\n{on}"));
    let rules = on.rules_for(4).expect("4 players");
    assert_eq!(rules.harmony, Some(3), "{shown}");
    let m = rules.middle_kingdom.expect("on");
    assert_eq!(
        (m.points, m.reading),
        (8, crownlands_core::MiddleKingdomReading::FullGrid),
        "{shown}"
    );
    // A ruleset that never set them prints as it always did (its hash is unchanged).
    let plain = to_toml(&load(registry, "kingdomino").expect("loads"), None);
    assert!(
        plain.contains("middle-kingdom = { enabled = false }"),
        "{plain}"
    );
    assert!(
        plain.contains("harmony = { enabled = false, points = 5 }"),
        "{plain}"
    );
}

/// A deck size written as a count that happens to be the whole deck is written back as that
/// count, not as `"all"`: a file extending the shown one with more dominoes deals what it would
/// extending the file itself (`"all"` would have dealt the 8 volcano dominoes too).
#[test]
fn show_keeps_a_deck_size_written_as_the_whole_deck() {
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = common::temp_dir("deck-count");
    for (deck, dealt) in [("48", 48), ("\"all\"", 56)] {
        let fixed = common::write(
            &dir,
            "fixed.toml",
            &format!("name = \"fixed\"\nextends = \"kingdomino\"\n[rules]\ndeck-size = {deck}\n"),
        );
        let (r, base) =
            crownlands_rules::load_with_base(registry, &fixed.to_string_lossy()).expect("loads");
        assert_eq!(r.rules_for(4).map(|r| r.deck_size), Some(48));
        let text = crownlands_rules::to_toml_over(&r, None, base.as_ref());
        common::write(&dir, "fixed-shown.toml", &text);
        for parent in ["fixed.toml", "fixed-shown.toml"] {
            let more = common::write(
                &dir,
                "more.toml",
                &format!("name = \"more\"\nextends = \"{parent}\"\nadd-sets = [\"volcano\"]\n"),
            );
            let more = crownlands_rules::load_path(registry, &more)
                .unwrap_or_else(|e| panic!("{parent} ({deck}): {e}\n{text}"));
            assert_eq!(
                more.rules_for(4).map(|r| r.deck_size),
                Some(dealt),
                "{parent} ({deck}):\n{text}"
            );
        }
    }
}

#[test]
fn to_toml_round_trips() {
    let dir = common::temp_dir("roundtrip");
    for s in shipped() {
        let r = load(crownlands_core::Registry::shipped_ref(), &s.name).expect("loads");
        let text = to_toml(&r, None);
        assert!(!text.lines().any(|l| l.starts_with("extends")), "{text}");
        let path = dir.join(format!("{}-out.toml", s.name));
        let back = load_str(crownlands_core::Registry::shipped_ref(), &text, &path)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.name));
        assert_eq!(back, r, "{}", s.name);
        for (n, _) in r.player_counts() {
            let text = to_toml(&r, Some(*n));
            assert!(text.contains(&format!("players = [{n}]")));
            let back = load_str(crownlands_core::Registry::shipped_ref(), &text, &path)
                .unwrap_or_else(|e| panic!("{}@{n}: {e}\n{text}", s.name));
            assert_eq!(back, only_count(&r, *n), "{} at {n}", s.name);
        }
    }
}

#[test]
fn what_show_writes_loads_back_and_extends_as_the_ruleset_itself() {
    // `show` writes the rules of a count no file lists under `[rules]` (Kingdomino's 1 king and
    // the whole deck, not the 2-player 2 kings and 24 dominoes): a file extending the shown one
    // and adding a count got the smallest count's rules there.
    let dir = common::temp_dir("show-base");
    let registry = crownlands_core::Registry::shipped_ref();
    for s in shipped() {
        let (r, base) = crownlands_rules::load_with_base(registry, &s.name).expect("loads");
        let text = crownlands_rules::to_toml_over(&r, None, base.as_ref());
        let shown = common::write(&dir, &format!("{}-shown.toml", s.name), &text);
        let back = load_str(registry, &text, &shown).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, r, "{}", s.name);
        // Shown again: the same text.
        let (again, again_base) =
            crownlands_rules::load_with_base(registry, &shown.to_string_lossy()).expect("loads");
        assert_eq!(
            crownlands_rules::to_toml_over(&again, None, again_base.as_ref()),
            text,
            "{}",
            s.name
        );
    }
    let add_five = |parent: &str| {
        format!(
            "extends = \"{parent}\"\nname = \"five\"\nplayers = [2, 3, 4, 5]\n[for-players.5]\nline-size = 5\ndeck-size = 40\n"
        )
    };
    let direct = load_str(registry, &add_five("kingdomino"), &dir.join("direct.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let via = common::write(&dir, "via.toml", &add_five("kingdomino-shown.toml"));
    let via = crownlands_rules::load_path(registry, &via).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(via.rules_for(5), direct.rules_for(5));
    assert_eq!(via.rules_for(5).map(|r| r.kings_per_player), Some(1));
}

/// What `show` prints of every shipped ruleset validates with no warning at all (`validate
/// --deny-warnings` passes it) and loads back as the ruleset: the keys it writes out (Dynasty's
/// tie-breaks, Kingdomino's own) are not taken for an author's. At one player count, the same,
/// but for the shipped name it keeps: one count of a ruleset is not the ruleset.
#[test]
fn what_show_writes_of_every_shipped_ruleset_has_no_warnings() {
    let dir = common::temp_dir("show-warnings");
    let registry = crownlands_core::Registry::shipped_ref();
    for s in shipped() {
        let (r, base) = crownlands_rules::load_with_base(registry, &s.name).expect("loads");
        let mut shown = vec![(
            None,
            crownlands_rules::to_toml_over(&r, None, base.as_ref()),
            r.clone(),
        )];
        for (n, _) in r.player_counts() {
            shown.push((Some(*n), to_toml(&r, Some(*n)), only_count(&r, *n)));
        }
        for (n, text, expected) in shown {
            // Named as the ruleset itself, as `crownlands show dynasty > dynasty.toml` would.
            let path = dir.join(format!("{}.toml", s.name));
            let mut checked = crownlands_rules::check_str(registry, &text, &path);
            if n.is_some() {
                checked
                    .warnings
                    .retain(|w| !w.message.contains("a shipped ruleset's name"));
            }
            assert!(
                checked.warnings.is_empty(),
                "{} at {n:?}: {}\n{text}",
                s.name,
                Diagnostics(checked.warnings)
            );
            match checked.result {
                Ok(Validated::Ruleset(back)) => assert_eq!(*back, expected, "{} at {n:?}", s.name),
                other => panic!("{} at {n:?}: {other:?}\n{text}", s.name),
            }
        }
    }
}

#[test]
fn to_toml_keeps_several_boxes() {
    let dir = common::temp_dir("boxes");
    common::write(
        &dir,
        "extra.toml",
        "[set]\nname = \"extra\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#e3bd3c\"\n\
         [[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\", crowns = 2 }\nsecond = { terrain = \"wheat\" }\n\
         [[domino]]\nnumber = 2\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    let path = common::write(
        &dir,
        "two-boxes.toml",
        "extends = \"kingdomino\"\nadd-sets = [\"extra.toml\"]\nplayers = [4]\n[rules]\ndeck-size = 48\n",
    );
    let r = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.piles(), ["kingdomino", "extra"]);
    assert_eq!(r.dominoes().len(), 50);
    let back = load_str(
        crownlands_core::Registry::shipped_ref(),
        &to_toml(&r, None),
        &dir.join("out.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, r);
}

#[test]
fn schema_files_are_up_to_date() {
    let dir = common::rulesets_dir().join("schema");
    let pairs = [
        (
            "ruleset.json",
            crownlands_rules::ruleset_schema_with(crownlands_core::Registry::shipped_ref()),
        ),
        ("set.json", crownlands_rules::set_schema()),
    ];
    for (name, schema) in pairs {
        let value: serde_json::Value = serde_json::from_str(&schema).expect("valid JSON");
        assert!(value.get("properties").is_some());
        // The descriptions are what an author's editor shows over a key: the ruleset's words,
        // not the code's (a doc comment's link to a Rust type, a type's parameters).
        for code in ["[`", "`Default`", "Bounded", "::"] {
            assert!(
                !schema.contains(code),
                "{name} describes a key in the code's words ({code})"
            );
        }
        let path = dir.join(name);
        if std::env::var_os("CROWNLANDS_UPDATE_SCHEMA").is_some() {
            std::fs::create_dir_all(&dir).expect("mkdir");
            std::fs::write(&path, format!("{schema}\n")).expect("write schema");
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(
            on_disk.trim_end(),
            schema.trim_end(),
            "{} is stale: run CROWNLANDS_UPDATE_SCHEMA=1 cargo test -p crownlands-rules",
            path.display()
        );
    }
}

#[test]
fn shipped_rulesets_have_no_warnings() {
    for r in shipped() {
        let w = crownlands_rules::warnings(crownlands_core::Registry::shipped_ref(), &r.name);
        assert!(w.is_empty(), "{}: {w:?}", r.name);
    }
}

fn house_rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules")
}

fn house_rule(name: &str) -> Ruleset {
    crownlands_rules::load_path(
        crownlands_core::Registry::shipped_ref(),
        &house_rules_dir().join(name),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The README's house rules (docs/house-rules/): every file loads without a warning.
#[test]
fn house_rule_examples_load_without_warnings() {
    let mut files = Vec::new();
    toml_files(&house_rules_dir(), &mut files);
    assert!(files.len() >= 5, "{files:?}");
    for f in files {
        let checked = crownlands_rules::check_path(crownlands_core::Registry::shipped_ref(), &f);
        match checked.result {
            Ok(Validated::Ruleset(r)) => {
                assert!(Ruleset::new(r.into_parts()).is_ok(), "{}", f.display())
            }
            Ok(other) => panic!("{}: not a ruleset: {other:?}", f.display()),
            Err(e) => panic!("{} does not validate:\n{e}", f.display()),
        }
        assert!(
            checked.warnings.is_empty(),
            "{}: {:?}",
            f.display(),
            checked.warnings
        );
    }
}

#[test]
fn house_rule_examples_do_what_they_say() {
    let bga = house_rule("board-game-arena.toml");
    let two = bga.rules_for(2).expect("2p");
    assert_eq!(two.first_claims, FirstClaims::Snake);
    assert_eq!(
        two.tie_breaks,
        [TieBreak::LargestTerritory, TieBreak::MostCrowns]
    );
    assert_eq!(
        bga.rules_for(4).map(|r| r.first_claims),
        Some(FirstClaims::Drawn)
    );

    let desert = house_rule("desert-6x6.toml");
    assert_eq!(desert.piles(), ["kingdomino"]);
    assert_eq!(desert.dominoes().len(), 48);
    assert!(desert.domino_by_number(1).is_none() && desert.domino_by_number(2).is_none());
    let d = desert.terrain_by_name("desert").expect("desert");
    assert_eq!(desert.terrain(d).colour, "#e8c872");
    let twelve = desert.domino_by_number(12).expect("12");
    assert_eq!(desert.dominoes()[twelve.index()].first.terrain, d);
    assert_eq!(desert.rules_for(2).map(|r| r.grid_size), Some(6));

    let five = house_rule("kingdomino-5-players.toml");
    assert_eq!(five.piles(), ["kingdomino", "queendomino"]);
    let r = five.rules_for(5).expect("5p");
    assert_eq!((r.line_size, r.deck_size), (5, 60));
    // Both boxes in one pile: each line lies by number, whichever box a domino comes from, and of
    // two of one number the box listed first (Kingdomino's) goes first.
    let five = std::sync::Arc::new(five);
    let mut mixed_lines = 0;
    for seed in 0..20 {
        let mut g = crownlands_core::Game::new(five.clone(), 5, seed).expect("setup");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        while !g.is_over() {
            let line: Vec<(u16, u8)> = g
                .next_line()
                .iter()
                .map(|s| (g.domino(s.domino).number, g.domino(s.domino).pile))
                .collect();
            assert!(line.windows(2).all(|w| w[0] < w[1]), "{line:?}");
            mixed_lines += usize::from(line.iter().any(|d| d.1 != line[0].1));
            g.play_random(|| rng.next_u32());
        }
    }
    assert!(mixed_lines > 100, "{mixed_lines} lines mixed the boxes");

    let q = house_rule("queendomino-cheap.toml");
    let r = q.rules_for(3).expect("3p");
    let names: Vec<&str> = r.modules.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["knights", "buildings", "queen", "wealth"]);
    assert_eq!(
        r.tie_breaks,
        [
            TieBreak::LargestTerritory,
            TieBreak::parse("most-coins").expect("a name")
        ]
    );
    assert_eq!(q.buildings().len(), 35);
    let oasis = q.buildings().iter().find(|b| b.number == 33).expect("33");
    assert_eq!(oasis.coins, 3);

    let mk = house_rule("middle-kingdom-within-2.toml");
    assert_eq!(
        mk.rules_for(3)
            .and_then(|r| r.middle_kingdom)
            .map(|m| m.reading),
        Some(MiddleKingdomReading::WithinHalfGrid)
    );
}

#[test]
fn house_rule_buildings_score_from_a_kingdom_file() {
    use crownlands_core::modules::{SideView, build_all, score_side};
    let q = house_rule("queendomino-cheap.toml");
    let rules = q.rules_for(3).expect("3p");
    // Oasis (1 per lake crown: 3), Treasury (1 per 4 coins: 2), Guildhall (1 per building: 3).
    let text = "L1 L1 T[33]\nL1 C  T[34]\n.  .  T[35]\n@coins 9\n";
    let modules =
        build_all(crownlands_core::Registry::shipped_ref(), &rules.modules).expect("modules");
    let (kingdom, data) =
        crownlands_rules::kingdom_file::parse_side(text, "k.txt", &q, &modules, rules.grid_size)
            .unwrap_or_else(|e| panic!("{e}"));
    let s = score_side(
        rules,
        SideView::new(&q, &kingdom, &modules, &data, crownlands_core::Side(0)),
    );
    assert_eq!(
        (s.bonus("Oasis"), s.bonus("Treasury"), s.bonus("Guildhall")),
        (Some(3), Some(2), Some(3))
    );
    // The coins its `most-coins` tie-break compares.
    assert_eq!(s.held.get("coins"), Some(&9));
}

#[test]
fn to_toml_orders_player_counts_by_number_and_round_trips_per_count_differences() {
    let dir = common::temp_dir("bigcounts");
    let path = common::write(
        &dir,
        "big.toml",
        "sets = [\"kingdomino\"]\nplayers = [2, 10, 12]\n[rules]\nline-size = 12\ndeck-size = 48\n\
         [for-players.2]\nline-size = 4\n[for-players.10]\nteam-size = 2\n",
    );
    let r = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    let text = to_toml(&r, None);
    let (ten, twelve) = (
        text.find("[for-players.10]").expect("10"),
        text.find("[for-players.12]").expect("12"),
    );
    assert!(ten < twelve, "{text}");
    assert!(
        text.contains("[for-players.10]\nline-size = 12\nteam-size = 2\n"),
        "{text}"
    );
    let back = load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        &dir.join("out.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.player_counts(), r.player_counts());
    assert_eq!(to_toml(&back, None), text);
}

/// Every whole ruleset or component set the README and docs/rulesets.md show (a ```toml block
/// with `extends` or `[set]`; the others are fragments of a file) validates as written.
#[test]
fn the_docs_whole_toml_examples_validate() {
    let dir = std::env::temp_dir().join(format!("crownlands-doc-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut checked = 0;
    for doc in ["../../README.md", "../../docs/rulesets.md"] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc))
            .expect("the doc");
        for (n, block) in text.split("```toml\n").skip(1).enumerate() {
            let block = block.split("```").next().unwrap_or_default();
            let whole = block
                .lines()
                .any(|l| l.starts_with("extends =") || l.trim() == "[set]");
            if !whole {
                continue;
            }
            let path = dir.join(format!("example-{n}.toml"));
            std::fs::write(&path, block).expect("write");
            let result = validate_path(crownlands_core::Registry::shipped_ref(), &path);
            assert!(result.is_ok(), "{doc}, block {n}:\n{block}\n{result:?}");
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 6, "{checked} examples");
}

/// Where the castle stands and what a domino must touch go through `show` and back (saves and
/// the notation embed it: a centred game replayed with the castle anywhere would differ),
/// set for every count or for one only.
#[test]
fn the_kingdoms_layout_round_trips_through_show() {
    let dir = common::temp_dir("layout");
    let registry = crownlands_core::Registry::shipped_ref();
    for text in [
        "extends = \"kingdomino\"\n[rules]\ncastle = \"centre\"\nconnection = \"any-terrain\"\n",
        "extends = \"kingdomino\"\n[for-players.3]\ncastle = \"centre\"\n[for-players.4]\nconnection = \"any-terrain\"\n",
        "extends = \"kingdomino\"\n[rules]\ndiscard = \"any-time\"\n[for-players.2]\ndiscard = \"when-nothing-fits\"\n",
    ] {
        let path = common::write(&dir, "layout.toml", text);
        let r = load_str(registry, text, &path).unwrap_or_else(|e| panic!("{e}"));
        let shown = to_toml(&r, None);
        let back = load_str(registry, &shown, &dir.join("shown.toml"))
            .unwrap_or_else(|e| panic!("{e}\n{shown}"));
        assert_eq!(back, r, "{shown}");
        for (n, rules) in r.player_counts() {
            let one = to_toml(&r, Some(*n));
            let back = load_str(registry, &one, &dir.join("one.toml"))
                .unwrap_or_else(|e| panic!("{e}\n{one}"));
            assert_eq!(back, only_count(&r, *n), "at {n}:\n{one}");
            assert_eq!(
                one.contains("castle = \"centre\""),
                rules.castle == crownlands_core::CastleAt::Centre,
                "at {n}:\n{one}"
            );
        }
    }
}

/// With the castle at the centre, Middle Kingdom's `within-half-grid` reading is warned of as
/// always earned, at the `castle` key (not the grid's, which a file nearer may set).
#[test]
fn a_centred_castle_warns_that_within_half_grid_is_always_earned() {
    let dir = common::temp_dir("centre-mk");
    common::write(
        &dir,
        "centre.toml",
        "extends = \"middle-kingdom\"\n[rules]\ncastle = \"centre\"\n[rules.middle-kingdom]\nreading = \"within-half-grid\"\n",
    );
    let seven = common::write(
        &dir,
        "seven.toml",
        "extends = \"centre.toml\"\n[rules]\ngrid-size = 7\n",
    );
    let registry = crownlands_core::Registry::shipped_ref();
    let warnings = crownlands_rules::warnings(registry, &seven.display().to_string());
    let w = warnings
        .iter()
        .find(|w| {
            w.message
                .contains("every kingdom earns Middle Kingdom's `within-half-grid`")
        })
        .unwrap_or_else(|| panic!("{warnings:?}"));
    assert!(
        w.file.ends_with("centre.toml") && (w.line, w.column) == (3, 10),
        "{w:?}"
    );
}

//! Hardening against bad input.
//!
//! - The corpus in `tests/malformed/`: hand-written malformed rulesets (`.toml`), kingdom files
//!   (`.kingdom`, read under `kingdomino`), saves (`.json`) and notation files (`.cgn`), each with
//!   the exact message expected in a sibling `.expected` file, so that message quality is
//!   reviewed. After an intended change of messages, rewrite the `.expected` files with
//!   `CROWNLANDS_UPDATE_MALFORMED=1 cargo test --test hardening` and review the diff.
//! - Random bytes and random mutations of valid saves and notation files give errors, never
//!   panics (rulesets and kingdom files have theirs in `crates/rules/tests/no_panic.rs`).
//! - Random action sequences, legal and illegal mixed (extreme coordinates, unknown dominoes),
//!   never panic, leave the game unchanged when refused, and keep every domino accounted for and
//!   every kingdom within its grid.
//!
//! Bounded and deterministic, so it stays fast in a debug build.

use crownlands_core::{Action, Cell, Direction, DominoId, Placement};
use crownlands_saves::notation::{self, ExportOptions};
use crownlands_saves::{Player, Save, Session};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// xorshift64*: deterministic choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed")
}

/// The message for one corpus file, or `None` when it loads (which is a failure). What changes
/// whenever a ruleset is shipped or the resolved text changes is replaced by a placeholder: the
/// list of shipped rulesets, and the hash of the shipped `kingdomino`.
fn message(path: &Path) -> Option<String> {
    let names: Vec<String> = crownlands_rules::shipped()
        .into_iter()
        .map(|s| s.name)
        .collect();
    let hash = notation::ruleset_hash(
        &crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .ok()?,
    );
    raw_message(path).map(|m| {
        m.replace(&names.join(", "), "<shipped rulesets>")
            .replace(&hash, "<hash of kingdomino>")
    })
}

fn raw_message(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let ext = path.extension()?.to_string_lossy().into_owned();
    match ext.as_str() {
        "toml" => crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            &text,
            Path::new(&name),
        )
        .err()
        .map(|d| d.to_string()),
        "kingdom" => {
            let ruleset = crownlands_rules::load_shipped(
                crownlands_core::Registry::shipped_ref(),
                "kingdomino",
            )
            .ok()?;
            let rules = ruleset.rules_for(ruleset.min_players())?;
            crownlands_rules::kingdom_file::parse(&text, &name, &ruleset, rules)
                .err()
                .map(|d| d.to_string())
        }
        "json" => Save::from_json(&text, &name)
            .and_then(|s| s.load(crownlands_core::Registry::shipped_ref(), &name))
            .err()
            .map(|e| e.to_string()),
        "cgn" => notation::import(crownlands_core::Registry::shipped_ref(), &text, &name)
            .err()
            .map(|e| e.to_string()),
        _ => None,
    }
}

#[test]
fn malformed_corpus_gives_the_expected_messages() {
    let update = std::env::var_os("CROWNLANDS_UPDATE_MALFORMED").is_some();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/malformed exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|x| ["toml", "kingdom", "json", "cgn"].iter().any(|e| x == *e))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the corpus has {} files", files.len());
    let mut stems: Vec<_> = files.iter().map(|p| p.with_extension("")).collect();
    stems.dedup();
    assert_eq!(
        stems.len(),
        files.len(),
        "two corpus files share a name (and a .expected)"
    );
    let mut failures = Vec::new();
    for path in &files {
        let expected_path = path.with_extension("expected");
        let Some(got) = message(path) else {
            failures.push(format!("{}: loads without an error", path.display()));
            continue;
        };
        if update {
            std::fs::write(&expected_path, format!("{got}\n")).expect("write .expected");
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(want) if want.trim_end() == got.trim_end() => {}
            Ok(want) => failures.push(format!(
                "{}:\n  expected: {}\n  got:      {}",
                path.display(),
                want.trim_end(),
                got
            )),
            Err(_) => failures.push(format!(
                "{}: no {} (got: {got})",
                path.display(),
                expected_path.display()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "\n",
    "null",
    "true",
    "-1",
    "0",
    "1e999",
    "18446744073709551616",
    "\"claim\"",
    "\"place\"",
    "\"discard\"",
    "\"version\": 2",
    "\"format\"",
    "\"actions\": []",
    "{\"action\":\"claim\",\"domino\":65535}",
    "{\"action\":\"dragon\"}",
    "{\"action\":\"place\",\"placement\":{\"first\":{\"x\":127,\"y\":-128},\"direction\":\"east\"}}",
    "c1",
    "x1",
    "1:0,0e",
    "99:-128,127w",
    "@{\"action\":\"discard\"}",
    "@{",
    "G2",
    "G0",
    "0.",
    "99.",
    "*",
    "%",
    "% extends = \"kingdomino\"",
    "[Seed \"1\"]",
    "[Players \"17\"]",
    "\\",
    "\u{e9}",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1).min(bytes.len());
        match rng.below(4) {
            0 => {
                let piece = PIECES[rng.below(PIECES.len())];
                bytes.splice(at..at, piece.bytes());
            }
            1 => {
                let end = (at + rng.below(40)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => {
                if at < bytes.len() {
                    bytes[at] = rng.next() as u8;
                }
            }
            _ => {
                let end = (at + rng.below(60)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() + 1).min(bytes.len());
                bytes.splice(to..to, copy);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A few valid games: finished and unfinished, one game and a Dynasty match.
fn sample_sessions() -> Vec<Session> {
    let mut rng = Rng(0xfeed_beef);
    let mut out = Vec::new();
    for (name, players, moves) in [
        ("kingdomino", 2, usize::MAX),
        ("kingdomino", 3, 25),
        ("dynasty", 2, 70),
        ("volcano", 4, usize::MAX),
    ] {
        let ruleset = Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name)
                .expect("shipped"),
        );
        let mut s =
            Session::new(ruleset, Player::seats(players, "random"), rng.next()).expect("session");
        for _ in 0..moves {
            if s.game().is_over() && !s.next_game() {
                break;
            }
            let legal = s.game().legal_actions();
            s.apply(legal[rng.below(legal.len())]).expect("legal");
        }
        out.push(s);
    }
    out
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..300 {
        let len = rng.below(300);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(save) = Save::from_json(&text, "random.json") {
            let _ = save.load(crownlands_core::Registry::shipped_ref(), "random.json");
        }
        let _ = notation::import(
            crownlands_core::Registry::shipped_ref(),
            &text,
            "random.cgn",
        );
        // Bytes after a valid header, so that the parser gets past the first checks.
        let cgn = format!("[Ruleset \"kingdomino\"]\n[Seed \"1\"]\n[Players \"2\"]\n{text}");
        let _ = notation::import(crownlands_core::Registry::shipped_ref(), &cgn, "random.cgn");
    }
}

#[test]
fn mutated_saves_and_notation_never_panic() {
    let mut rng = Rng(0x5eed_0002);
    let sessions = sample_sessions();
    let jsons: Vec<String> = sessions.iter().map(|s| s.to_save().to_json()).collect();
    let cgns: Vec<String> = sessions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            notation::export(
                s,
                ExportOptions {
                    embed_ruleset: i % 2 == 1,
                },
            )
            .expect("export")
        })
        .collect();
    let mut refused = 0;
    for i in 0..240 {
        let json = mutate(&mut rng, &jsons[i % jsons.len()]);
        match Save::from_json(&json, "m.json")
            .and_then(|s| s.load(crownlands_core::Registry::shipped_ref(), "m.json"))
        {
            Ok(_) => {}
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().is_empty());
            }
        }
        let cgn = mutate(&mut rng, &cgns[i % cgns.len()]);
        if notation::import(crownlands_core::Registry::shipped_ref(), &cgn, "m.cgn").is_err() {
            refused += 1;
        }
    }
    assert!(refused > 100, "mutations are mostly refused ({refused})");
}

/// An action that may be legal or not: unknown dominoes, extreme coordinates, wrong kinds.
fn wild_action(rng: &mut Rng, dominoes: usize) -> Action {
    let coord = |rng: &mut Rng| match rng.below(4) {
        0 => i8::MIN,
        1 => i8::MAX,
        _ => rng.below(19) as i8 - 9,
    };
    match rng.below(3) {
        0 => Action::Claim {
            domino: DominoId(if rng.below(8) == 0 {
                u16::MAX
            } else {
                rng.below(dominoes + 2) as u16
            }),
        },
        1 => Action::Place {
            placement: Placement::new(
                Cell::new(coord(rng), coord(rng)),
                Direction::ALL[rng.below(4)],
            ),
        },
        _ => Action::Discard,
    }
}

#[test]
fn random_action_sequences_keep_the_invariants() {
    let mut rng = Rng(0x5eed_0003);
    for name in ["kingdomino", "mighty-duel", "volcano", "dynasty"] {
        let ruleset = Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name)
                .expect("shipped"),
        );
        for &(players, _) in ruleset.player_counts() {
            for _ in 0..4 {
                let mut s = Session::new(
                    ruleset.clone(),
                    Player::seats(players, "random"),
                    rng.next(),
                )
                .expect("session");
                let mut steps = 0;
                while steps < 2000 {
                    steps += 1;
                    if s.game().is_over() && !s.next_game() {
                        break;
                    }
                    let legal = s.game().legal_actions();
                    let action = if rng.below(2) == 0 {
                        legal[rng.below(legal.len())]
                    } else {
                        wild_action(&mut rng, ruleset.dominoes().len())
                    };
                    let before = s.game().clone();
                    match s.apply(action) {
                        Ok(()) => assert!(legal.contains(&action), "{action:?} was not listed"),
                        Err(_) => {
                            assert!(!legal.contains(&action), "{action:?} was listed");
                            assert_eq!(&before, s.game(), "a refused action changed the game");
                        }
                    }
                    let g = s.game();
                    let census: usize = g.domino_census().iter().sum();
                    assert_eq!(
                        census,
                        ruleset.dominoes().len(),
                        "every domino accounted for"
                    );
                    let n = g.rules().grid_size as i8;
                    for k in g.kingdoms().values() {
                        let (lx, ly, hx, hy) = k.bounds();
                        assert!(hx - lx < n && hy - ly < n, "a kingdom outgrew {n}x{n}");
                    }
                }
                assert!(s.is_over(), "{name}: the match ends");
                // The recorded session loads back to the same thing.
                let save = s.to_save();
                assert_eq!(
                    save.load(crownlands_core::Registry::shipped_ref(), "s.json")
                        .expect("loads")
                        .to_save(),
                    save
                );
            }
        }
    }
}

/// A save of a game not yet begun under the shipped `kingdomino`.
fn fresh_save() -> Save {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .expect("shipped"),
    );
    Save::from_actions(ruleset, Player::seats(2, "random"), 7, &[Vec::new()]).expect("save")
}

/// `key` spelt with TOML escapes where `escape[i]` says so (`\u` or `\U` forms), quoted.
fn spelt(key: &str, escape: &[u8]) -> String {
    let mut out = String::from("\"");
    for (i, c) in key.chars().enumerate() {
        match escape.get(i).copied().unwrap_or(0) % 3 {
            1 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            2 => out.push_str(&format!("\\U{:08X}", u32::from(c))),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

const UNSAFE: &[char] = &[
    '\u{0}', '\u{7}', '\u{8}', '\n', '\r', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}', '\u{202e}',
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 24,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// However an outside reference is spelt, an embedded ruleset refuses it and names no file.
    #[test]
    fn escaped_outside_keys_are_refused(
        which in 0usize..3,
        escape in proptest::collection::vec(proptest::prelude::any::<u8>(), 8),
        value in 0usize..3,
        notation_form in proptest::prelude::any::<bool>(),
    ) {
        let key = ["extends", "sets", "add-sets"][which];
        let value = [
            "\"/etc/passwd\"",
            "[\"../../secret.toml\"]",
            "\"kingdomino\"",
        ][value];
        let line = format!("{} = {value}", spelt(key, &escape));
        let mut save = fresh_save();
        save.ruleset = format!("{line}\n{}", save.ruleset);
        let e = if notation_form {
            let session = fresh_save().load(crownlands_core::Registry::shipped_ref(), "f.json").expect("loads");
            let cgn = notation::export(&session, ExportOptions { embed_ruleset: true })
                .expect("export");
            let cgn = cgn.replacen("\n% ", &format!("\n% {line}\n% "), 1);
            notation::import(crownlands_core::Registry::shipped_ref(), &cgn, "f.cgn").expect_err("refused").to_string()
        } else {
            save.load(crownlands_core::Registry::shipped_ref(), "f.json").expect_err("refused").to_string()
        };
        proptest::prop_assert!(
            e.contains("is not allowed in an embedded ruleset") || e.contains("TOML"),
            "{}", e
        );
        proptest::prop_assert!(!e.contains("passwd") && !e.contains("secret"), "{}", e);
    }

    /// A control character anywhere in a name, kind or date is refused, and the message shows
    /// none.
    #[test]
    fn control_characters_in_names_are_refused(
        field in 0usize..3,
        at in 0usize..12,
        c in proptest::sample::select(UNSAFE),
    ) {
        let mut save = fresh_save();
        let target = match field {
            0 => &mut save.players[0].name,
            1 => &mut save.players[1].kind,
            _ => save.date.get_or_insert_with(|| "2026-01-01".to_string()),
        };
        let mut chars: Vec<char> = target.chars().collect();
        chars.insert(at.min(chars.len()), c);
        *target = chars.into_iter().collect();
        let e = Save::from_json(&save.to_json(), "f\u{1b}.json").expect_err("refused").to_string();
        proptest::prop_assert!(e.contains("control character"), "{}", e);
        proptest::prop_assert!(
            crownlands_core::text::first_unsafe_char(&e).is_none(),
            "{:?}", e
        );
    }

    /// However many problems a ruleset has, the message stays short.
    #[test]
    fn many_problems_print_a_bounded_message(unknown in 1usize..3000, nested in 1usize..400) {
        let mut text = String::from("extends = \"kingdomino\"\n");
        for i in 0..unknown {
            text.push_str(&format!("\"k\\u00{:02x}{i}\" = 1\n", 0x41 + i % 26));
        }
        text.push_str(&format!("deep = {}{}\n", "[".repeat(nested), "]".repeat(nested)));
        let e = crownlands_rules::load_str(crownlands_core::Registry::shipped_ref(), &text, Path::new("many.toml"))
            .expect_err("refused")
            .to_string();
        proptest::prop_assert!(e.lines().count() <= 101, "{} lines", e.lines().count());
    }
}

#[test]
fn a_byte_order_mark_is_accepted_in_saves_and_notation() {
    let session = fresh_save()
        .load(crownlands_core::Registry::shipped_ref(), "f.json")
        .expect("loads");
    let json = format!("\u{feff}{}", session.to_save().to_json());
    Save::from_json(&json, "bom.json")
        .and_then(|s| s.load(crownlands_core::Registry::shipped_ref(), "bom.json"))
        .expect("a BOM before a save");
    let cgn = notation::export(&session, ExportOptions::default()).expect("export");
    notation::import(
        crownlands_core::Registry::shipped_ref(),
        &format!("\u{feff}{cgn}"),
        "bom.cgn",
    )
    .expect("a BOM before notation");
}

#[test]
fn notation_without_a_ruleset_hash_imports_with_a_warning() {
    let session = fresh_save()
        .load(crownlands_core::Registry::shipped_ref(), "f.json")
        .expect("loads");
    let cgn = notation::export(&session, ExportOptions::default()).expect("export");
    let (_, warnings) =
        notation::import_with_warnings(crownlands_core::Registry::shipped_ref(), &cgn, "f.cgn")
            .expect("imports");
    assert!(warnings.is_empty(), "{warnings:?}");
    let bare: String = cgn
        .lines()
        .filter(|l| !l.starts_with("[RulesetHash"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (_, warnings) =
        notation::import_with_warnings(crownlands_core::Registry::shipped_ref(), &bare, "f.cgn")
            .expect("imports");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("no `[RulesetHash"), "{}", warnings[0]);
}

#[test]
fn a_save_with_too_many_players_says_how_many() {
    let mut save = fresh_save();
    save.players = (1..=300)
        .map(|s| Player::new(s, format!("p{s}"), "random"))
        .collect();
    let e = save
        .load(crownlands_core::Registry::shipped_ref(), "many.json")
        .expect_err("refused")
        .to_string();
    assert!(e.contains("300 players"), "{e}");
}

#[test]
fn an_illegal_module_action_is_named_in_its_text() {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "queendomino")
            .expect("shipped"),
    );
    let mut rng = Rng(0x5eed_0004);
    let mut s = Session::new(ruleset, Player::seats(2, "random"), 11).expect("session");
    // Play until a module's step, where a far-away build is refused.
    while !matches!(s.game().phase(), crownlands_core::Phase::Step { .. }) {
        assert!(!s.game().is_over(), "no module step reached");
        let legal = s.game().legal_actions();
        s.apply(legal[rng.below(legal.len())]).expect("legal");
    }
    let build = s
        .game()
        .pack(crownlands_core::modules::BuildingsAction::Build {
            slot: 5,
            cell: Cell::new(100, 100),
        })
        .expect("queendomino builds");
    let e = s.apply(build).expect_err("refused").to_string();
    assert!(
        e.contains("not the time to play `build5@100,100` (the buildings module's action)"),
        "{e}"
    );
    assert!(!e.contains("Cell {") && !e.contains("slot:"), "{e}");
}

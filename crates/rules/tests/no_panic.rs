//! Random byte strings and random mutations of shipped files never make the loader or the
//! kingdom-file parser panic. Bounded and deterministic, so it stays fast in a debug build.

use crownlands_rules::{kingdom_file, load_str, shipped_file, validate_str};
use std::path::Path;

/// xorshift64*: a tiny deterministic generator, enough for fuzzing.
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

const PIECES: &[&str] = &[
    "[",
    "]",
    "[[",
    "]]",
    "=",
    "\"",
    "'",
    "\n",
    "#",
    "{",
    "}",
    ",",
    ".",
    "-",
    "0",
    "9",
    "1000",
    "99999999999999999999999",
    "true",
    "all",
    "grid-size",
    "deck-size",
    "players",
    "extends",
    "sets",
    "add-sets",
    "domino",
    "terrain",
    "for-players",
    "rules",
    "harmony",
    "middle-kingdom",
    "kingdomino",
    "sets/kingdomino.toml",
    "../x.toml",
    "crowns",
    "number",
    "box",
    "set",
    "C",
    "W3",
    "\u{e9}",
    "\\u0000",
    "1979-05-27",
    "inf",
    "nan",
    "-1",
    "0x10",
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

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let ruleset = crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
        .expect("kingdomino");
    for _ in 0..300 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = load_str(
            crownlands_core::Registry::shipped_ref(),
            &text,
            Path::new("random.toml"),
        );
        let _ = validate_str(
            crownlands_core::Registry::shipped_ref(),
            &text,
            Path::new("random.toml"),
        );
        for grid in [0, 1, 5, 8, 9, 255] {
            let _ = kingdom_file::parse(&text, "random.txt", &ruleset, grid);
        }
    }
}

#[test]
fn mutated_shipped_files_never_panic() {
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let ruleset = crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
        .expect("kingdomino");
    let sources: Vec<&str> = [
        "kingdomino.toml",
        "volcano.toml",
        "mighty-duel.toml",
        "harmony-middle-kingdom.toml",
        "sets/kingdomino.toml",
        "sets/volcano.toml",
    ]
    .iter()
    .filter_map(|p| shipped_file(p))
    .collect();
    assert_eq!(sources.len(), 6);
    // Paths inside the rulesets directory, so relative `sets` resolve to real files.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets");
    for i in 0..400 {
        let base = sources[i % sources.len()];
        let text = mutate(&mut rng, base);
        let path = dir.join("mutated.toml");
        let _ = load_str(crownlands_core::Registry::shipped_ref(), &text, &path);
        let _ = validate_str(crownlands_core::Registry::shipped_ref(), &text, &path);
    }
    let kingdom = "W W1 F\n. C F2\n  L M3\n";
    for _ in 0..500 {
        let text = mutate(&mut rng, kingdom);
        let _ = kingdom_file::parse(&text, "k.txt", &ruleset, 5);
    }
}

//! Kingdom files: a valid parse and each kind of error.

mod common;

use common::assert_diag;
use crownlands_core::{Cell, Content, Ruleset};
use crownlands_rules::kingdom_file::parse;

fn ruleset() -> Ruleset {
    crownlands_rules::load("kingdomino").expect("kingdomino")
}

#[test]
fn a_valid_kingdom() {
    let r = ruleset();
    let text = "# a kingdom\n\n  W  W1 F\n  .  C  F2\n  .  L  M3\n  .  W\n";
    let k = parse(text, "k.txt", &r, 5).unwrap_or_else(|e| panic!("{e}"));
    let wheat = r.terrain_by_symbol('W').expect("W");
    let mine = r.terrain_by_symbol('M').expect("M");
    assert_eq!(k.content(Cell::new(0, 0)), Content::Castle);
    assert!(
        matches!(k.content(Cell::new(-1, -1)), Content::Square(s) if s.terrain == wheat && s.crowns == 0)
    );
    assert!(
        matches!(k.content(Cell::new(0, -1)), Content::Square(s) if s.terrain == wheat && s.crowns == 1)
    );
    assert!(
        matches!(k.content(Cell::new(1, 1)), Content::Square(s) if s.terrain == mine && s.crowns == 3)
    );
    assert_eq!(k.content(Cell::new(-1, 0)), Content::Empty);
    // Ragged rows: the last row stops after two cells.
    assert!(matches!(k.content(Cell::new(0, 2)), Content::Square(s) if s.terrain == wheat));
    assert_eq!(k.content(Cell::new(1, 2)), Content::Empty);
    assert_eq!(k.squares(), 7);
    assert_eq!(k.crowns(), 6);
}

#[test]
fn only_a_castle() {
    let k = parse("C", "k.txt", &ruleset(), 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(k.squares(), 0);
}

#[test]
fn unknown_symbol_lists_the_symbols() {
    let d = parse("C X2\n", "k.txt", &ruleset(), 5).expect_err("X");
    assert_diag(
        &d,
        1,
        3,
        &[
            "unknown symbol `X`",
            "W (wheat), F (forest)",
            "M (mine)",
            "`C` (castle)",
        ],
    );
}

#[test]
fn bad_crown_counts() {
    let d = parse("C F8 W99999999999 M2x\n", "k.txt", &ruleset(), 5).expect_err("crowns");
    assert_diag(&d, 1, 3, &["bad crown count in `F8`", "0 to 7"]);
    assert_diag(&d, 1, 6, &["bad crown count in `W99999999999`"]);
    assert_diag(&d, 1, 19, &["unexpected `x` in `M2x`"]);
}

#[test]
fn castles() {
    let d = parse("W F\n", "k.txt", &ruleset(), 5).expect_err("no castle");
    assert_diag(&d, 1, 1, &["no castle"]);
    let d = parse("C W\nF C\n", "k.txt", &ruleset(), 5).expect_err("two castles");
    assert_diag(&d, 2, 3, &["a second castle", "line 1, column 1"]);
}

#[test]
fn too_big_for_the_grid() {
    let d = parse("W W W C F F\nL . . . . .\n", "k.txt", &ruleset(), 5).expect_err("too wide");
    assert_diag(
        &d,
        1,
        11,
        &["the kingdom spans 6x2 squares; this ruleset allows 5x5"],
    );
    let tall = "C\nW\nW\nW\nW\nW\n";
    let d = parse(tall, "k.txt", &ruleset(), 5).expect_err("too tall");
    assert_diag(&d, 6, 1, &["spans 1x6 squares"]);
    // Fits a 7x7 grid.
    assert!(parse(tall, "k.txt", &ruleset(), 7).is_ok());
    let d = parse("C", "k.txt", &ruleset(), 0).expect_err("grid 0");
    assert_diag(&d, 1, 1, &["grid size 0"]);
}

#[test]
fn empty_files() {
    for text in ["", "\n\n", "# only a comment\n   # another\n"] {
        let d = parse(text, "k.txt", &ruleset(), 5).expect_err("empty");
        assert_diag(&d, 1, 1, &["the kingdom file is empty"]);
    }
}

#[test]
fn a_lowercase_castle_gets_a_hint() {
    let d = parse("c F\n", "k.txt", &ruleset(), 5).expect_err("no castle");
    assert_diag(
        &d,
        1,
        1,
        &["unknown symbol `c` in `c` (the castle is `C`, upper case)"],
    );
    assert_eq!(d.len(), 1, "no second error for the missing castle:\n{d}");

    let d = parse("C f2\n", "k.txt", &ruleset(), 5).expect_err("lowercase");
    assert_diag(
        &d,
        1,
        3,
        &["unknown symbol `f` in `f2` (symbols are upper case: did you mean `F`?)"],
    );
}

#[test]
fn a_comment_after_cells_is_reported_once() {
    let d = parse("C F # note\n", "k.txt", &ruleset(), 5).expect_err("inline comment");
    assert_diag(
        &d,
        1,
        5,
        &[
            "a comment must be on a line of its own: `#` starts a comment only at the start of a line",
        ],
    );
    assert_eq!(d.len(), 1, "{d}");
}

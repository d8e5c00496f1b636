//! Kingdom files: a valid parse and each kind of error.

mod common;

use common::assert_diag;
use crownlands_core::{Cell, Content, Ruleset};
use crownlands_rules::kingdom_file::parse;

fn ruleset() -> Ruleset {
    crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
        .expect("kingdomino")
}

#[test]
fn a_valid_kingdom() {
    let r = ruleset();
    let text = "# a kingdom\n\n  W  W1 F\n  .  C  G2\n  .  L  M3\n  .  W\n";
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
    assert_diag(
        &d,
        1,
        3,
        &["bad crown count in `F8`", "a forest square", "0 or 1 crown"],
    );
    assert_diag(&d, 1, 6, &["bad crown count in `W99999999999`"]);
    assert_diag(&d, 1, 19, &["unexpected `x` in `M2x`"]);
    // No Kingdomino square shows 4 crowns, and `W01` is refused as numbers are elsewhere (a
    // playtest saw `W4` scored and `W01` read as 1).
    let d = parse("C W4 F01 M3\n", "k.txt", &ruleset(), 5).expect_err("crowns");
    assert_diag(
        &d,
        1,
        3,
        &[
            "bad crown count in `W4`",
            "a wheat square",
            "shows 0 or 1 crown",
        ],
    );
    assert_diag(
        &d,
        1,
        6,
        &["bad crown count in `F01`", "without leading zeros"],
    );
    assert_eq!(d.len(), 2, "{d}");
}

/// The most crowns are each terrain's own: a wheat square shows at most 1, a mine square 3 (a
/// `W3` was scored as three crowns no Kingdomino domino has on wheat).
#[test]
fn crown_counts_are_each_terrains_own() {
    let d = parse("C W3 S3 M3 G2\n", "k.txt", &ruleset(), 5).expect_err("crowns");
    assert_diag(
        &d,
        1,
        3,
        &["bad crown count in `W3`", "a wheat square", "0 or 1 crown"],
    );
    assert_diag(
        &d,
        1,
        6,
        &["bad crown count in `S3`", "a swamp square", "0 to 2 crowns"],
    );
    assert_eq!(d.len(), 2, "{d}");
    assert!(parse("C W1 F1 L1\nG2 S2 M3\n", "k.txt", &ruleset(), 5).is_ok());
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

/// Cells run together with commas: said as such, and the castle among them not reported
/// missing as well.
#[test]
fn cells_separated_by_commas_say_so() {
    let d = parse("W1,W,C\n", "k.txt", &ruleset(), 5).expect_err("commas");
    assert_diag(
        &d,
        1,
        1,
        &["unexpected `,W,C` in `W1,W,C`: cells are separated by spaces or tabs, not `,`"],
    );
    assert_eq!(d.len(), 1, "no second error for the castle:\n{d}");
    // A separator standing apart (`W1 ,W ,C`, `| W | C |`): the same.
    for text in ["W1 ,W ,C\n", "| W1 | C |\n"] {
        let d = parse(text, "k.txt", &ruleset(), 5).expect_err("separators");
        assert!(
            d.iter()
                .all(|p| p.message.contains("cells are separated by spaces or tabs")),
            "{d}"
        );
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

#[test]
fn a_byte_order_mark_is_not_a_symbol() {
    let k = parse("\u{feff}C G2\n", "k.txt", &ruleset(), 5).expect("a BOM is skipped");
    assert_eq!(k.squares(), 1);
}

#[test]
fn the_castle_written_with_crowns_says_so() {
    let d = parse("C3 F\n", "k.txt", &ruleset(), 5).expect_err("C3");
    assert_diag(
        &d,
        1,
        1,
        &["`C3`: the castle `C` stands alone, with no crowns or suffix"],
    );
    assert_eq!(d.len(), 1, "no second error for the missing castle:\n{d}");
}

#[test]
fn a_huge_grid_gives_one_problem() {
    let text: String = (0..1000).map(|_| "Q ".repeat(1000) + "\n").collect();
    let d = parse(&text, "k.txt", &ruleset(), 5).expect_err("huge");
    assert!(
        d.len() <= crownlands_rules::kingdom_file::MAX_FILE_CELLS + 1,
        "{}",
        d.len()
    );
    assert!(d.to_string().contains("more than 15 cells in a row"), "{d}");
    let tall: String = (0..100).map(|_| ".\n").collect::<String>() + "C\n";
    let d = parse(&tall, "k.txt", &ruleset(), 5).expect_err("tall");
    assert_eq!(d.len(), 1, "{d}");
    assert!(d.to_string().contains("more than 15 rows"), "{d}");
}

#[cfg(unix)]
#[test]
fn reading_refuses_what_never_ends_and_what_is_too_big() {
    use crownlands_rules::kingdom_file::{MAX_KINGDOM_BYTES, read};
    use std::path::Path;
    for dev in ["/dev/zero", "/dev/urandom"] {
        if Path::new(dev).exists() {
            let e = read(Path::new(dev)).expect_err(dev).to_string();
            assert!(e.contains("not a regular file"), "{e}");
        }
    }
    let dir = std::env::temp_dir().join(format!("crownlands-kread-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = read(&dir).expect_err("a directory").to_string();
    assert!(e.contains("not a regular file"), "{e}");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Opening a FIFO with no writer would block: it must be refused before that.
        let e = read(&fifo).expect_err("a FIFO").to_string();
        assert!(e.contains("not a regular file"), "{e}");
        // Judged on the file opened, not on its path beforehand (a FIFO put in a file's place
        // between the two), and the open does not wait for a writer: a link to it too.
        assert!(matches!(
            crownlands_rules::open_regular(&fifo),
            Err(crownlands_rules::OpenError::NotRegular)
        ));
        let link = dir.join("link");
        #[cfg(unix)]
        if std::os::unix::fs::symlink(&fifo, &link).is_ok() {
            assert!(matches!(
                crownlands_rules::open_regular(&link),
                Err(crownlands_rules::OpenError::NotRegular)
            ));
        }
    }
    let big = dir.join("big.kingdom");
    std::fs::write(&big, vec![b'.'; MAX_KINGDOM_BYTES as usize + 1]).unwrap();
    let e = read(&big).expect_err("too big").to_string();
    assert!(e.contains("at most 1048576 bytes"), "{e}");
    let ok = dir.join("ok.kingdom");
    std::fs::write(&ok, "\u{feff}C F\n").unwrap();
    assert_eq!(read(&ok).unwrap(), "\u{feff}C F\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of more problems than anyone reads stops being read (a megabyte of bad lines had kept
/// half a million problems, 155 MB), and says so first.
#[test]
fn a_file_of_endless_problems_is_not_read_further() {
    let text = format!("C W\n{}", "\u{1b}\n".repeat(5000));
    let d = parse(&text, "k.txt", &ruleset(), 5).expect_err("refused");
    assert!(d.len() <= 1001, "{}", d.len());
    assert!(
        d.0[0]
            .message
            .contains("1000 problems by line 1002: the file is not read further"),
        "{}",
        d.0[0]
    );
}

/// More squares of a kind than the box holds is scored as written, with a note once a kind at
/// the first square past the count (nine `M3`, where Kingdomino has one, scored 243 unsaid); a
/// kind of square no domino shows at all is a problem.
#[test]
fn squares_past_the_box_are_noted_and_a_kind_never_printed_is_a_problem() {
    use crownlands_rules::kingdom_file::parse_side_with_places;
    let r = ruleset();
    let rules = r.rules_for(2).expect("2 players");
    let modules = crownlands_core::modules::build_all(
        crownlands_core::Registry::shipped_ref(),
        &rules.modules,
    )
    .expect("modules");
    let text = "M3 M3 M3\nW  C  M3\nW1 W1 M1\n";
    let (kingdom, _, places) = parse_side_with_places(text, "k.txt", &r, &modules, rules)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kingdom.crowns(), 4 * 3 + 2 + 1);
    assert_eq!(places.notes.len(), 1, "{:?}", places.notes);
    let note = places.notes[0].to_string();
    assert!(
        note.starts_with(
            "k.txt:1:4: 4 mine squares with 3 crowns here, and this ruleset's dominoes hold 1"
        ),
        "{note}"
    );
    // Within the box: no note (21 wheat squares without a crown, 5 with one).
    let (_, _, places) = parse_side_with_places("W1 W1\nM3 C\n", "k.txt", &r, &modules, rules)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(places.notes.is_empty(), "{:?}", places.notes);

    // A house set whose volcano squares show 0 or 3 crowns: `V1` is on no domino.
    let dir = common::temp_dir("box-kinds");
    let path = common::write(
        &dir,
        "house.toml",
        "extends = \"kingdomino\"\n[rules]\ndeck-size = 48\n\
         [[terrain]]\nname = \"volcano\"\nsymbol = \"V\"\ncolour = \"#d84315\"\n\
         [[domino]]\nnumber = 49\nfirst = { terrain = \"volcano\", crowns = 3 }\nsecond = { terrain = \"volcano\" }\n",
    );
    let house = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    let d = parse("C V1 V3 V1\n", "k.txt", &house, 5).expect_err("V1");
    assert_diag(
        &d,
        1,
        3,
        &[
            "no domino of this ruleset shows a volcano square with 1 crown (its volcano squares show 0 or 3 crowns)",
        ],
    );
    assert_eq!(d.len(), 1, "{d}");
}

//! Malformed rulesets and sets: every kind of problem, with its message and place.

mod common;

use common::assert_diag;
use crownlands_rules::{Diagnostics, load, load_path, load_str, validate_str};
use std::path::Path;

fn bad(text: &str) -> Diagnostics {
    match load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        Path::new("bad.toml"),
    ) {
        Ok(r) => panic!("loaded although it should not:\n{text}\n{r:?}"),
        Err(d) => d,
    }
}

const HEAD: &str = "extends = \"kingdomino\"\n";

/// Syntax errors come in file order, whichever the parser found first (an unclosed table at
/// line 5 before a key given twice at line 4), through `validate` as through loading.
#[test]
fn syntax_errors_are_said_in_file_order() {
    let text = "extends = \"kingdomino\"\n[rules]\ngrid-size = 7\ngrid-size = 6\nharmony = { enabled = true, points = 5\n";
    let dir = std::env::temp_dir().join(format!("crownlands-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("order.toml");
    std::fs::write(&path, text).unwrap();
    let by_validate =
        crownlands_rules::validate_path(crownlands_core::Registry::shipped_ref(), &path)
            .expect_err("two syntax errors");
    let _ = std::fs::remove_dir_all(&dir);
    for d in [by_validate, bad(text)] {
        let lines: Vec<usize> = d.iter().map(|x| x.line).collect();
        assert_eq!(lines, [4, 5], "{d}");
    }
    // More than are said: the first in the file are said, the count of the rest last, at the
    // first of them (the unclosed table at the end among them, not said in its stead).
    let mut text = String::from("extends = \"kingdomino\"\n[rules]\n");
    for n in 1..=14 {
        text.push_str(&format!("grid-size = {n}\n"));
    }
    text.push_str("harmony = { enabled = true, points = 5\n");
    let d = bad(&text);
    let lines: Vec<usize> = d.iter().map(|x| x.line).collect();
    assert_eq!(lines, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], "{d}");
    let last = d.iter().last().expect("the count");
    assert!(
        last.message
            .starts_with("... and 4 more TOML syntax errors from here on"),
        "{d}"
    );
}

#[test]
fn toml_syntax_error() {
    let d = bad("players = [2, 3\nname = \"x\"\n");
    assert!(d.iter().all(|x| x.file == "bad.toml"));
    assert!(
        d.iter()
            .any(|x| x.message.starts_with("TOML syntax error") && x.line >= 1),
        "{d}"
    );
    let d = bad("extends = \"kingdomino\"\n[rules\ngrid-size = 5\n");
    assert_diag(&d, 2, 7, &["TOML syntax error", "unclosed table"]);
    // A key with nothing after its `=` (a comment at most): said so, not "string values must
    // be quoted".
    for text in [
        "extends = \"kingdomino\"\n[rules]\nline-size = \n",
        "extends = \"kingdomino\"\n[rules]\nline-size = # four\ngrid-size = 5\n",
    ] {
        let d = bad(text);
        assert_diag(&d, 3, 13, &["a value is missing after `=`: write one"]);
    }
    // A value written wrong is still the parser's.
    let d = bad("extends = \"kingdomino\"\n[rules]\nteams = side-by-side\n");
    assert!(!d.to_string().contains("missing"), "{d}");
}

#[test]
fn a_ruleset_that_writes_set_for_sets_is_told_so() {
    // `set` is a component set file's table; beside a ruleset's keys it is a misspelt `sets`.
    let text = "name = \"x\"\nextends = \"kingdomino\"\nset = \"kingdomino\"\n";
    for d in [
        bad(text),
        validate_str(
            crownlands_core::Registry::shipped_ref(),
            text,
            Path::new("bad.toml"),
        )
        .expect_err("a misspelt key"),
    ] {
        assert_diag(
            &d,
            3,
            1,
            &["unknown key `set` at the top level", "did you mean `sets`?"],
        );
        assert_eq!(d.len(), 1, "{d}");
    }
}

#[test]
fn unknown_keys_are_all_reported_with_the_expected_ones() {
    let d = bad(&format!(
        "{HEAD}colour = 1\n[rules]\ngrid-sise = 5\nline-size = 4\n[rules.harmony]\nenable = true\n"
    ));
    assert_diag(
        &d,
        2,
        1,
        &[
            "unknown key `colour` at the top level",
            "expected one of:",
            "players",
        ],
    );
    assert_diag(
        &d,
        4,
        1,
        &[
            "unknown key `grid-sise` in [rules]",
            "did you mean `grid-size`?",
            "expected one of:",
            "line-size",
        ],
    );
    assert_diag(
        &d,
        7,
        1,
        &["unknown key `enable` in [rules.harmony]", "enabled, points"],
    );
    assert_eq!(d.len(), 3, "{d}");
}

#[test]
fn wrong_types_say_what_was_expected() {
    let d = bad(&format!(
        "{HEAD}players = \"two\"\n[rules]\ngrid-size = \"5\"\nfirst-claims = \"random\"\ndeck-size = \"most\"\ntie-breaks = [\"largest-territory\", 3]\n"
    ));
    assert_diag(
        &d,
        2,
        11,
        &["`players` must be an array of integers from 1 to 16, not a string"],
    );
    assert_diag(
        &d,
        4,
        13,
        &["`grid-size` in [rules] must be an integer from 1 to 8, not a string"],
    );
    assert_diag(
        &d,
        5,
        16,
        &[
            "`first-claims` in [rules] must be one of \"drawn\", \"snake\", \"seated\", not \"random\"",
        ],
    );
    assert_diag(
        &d,
        6,
        13,
        &["must be \"all\" or an integer from 1 to 1024, not \"most\""],
    );
    assert_diag(&d, 7, 36, &["`tie-breaks` in [rules] item 2 must be"]);
}

#[test]
fn resource_limits_name_the_supported_maximum() {
    let d = bad(&format!(
        "{HEAD}players = [2, 1000]\n[rules]\ngrid-size = 1000\nline-size = 200\nmatch-games = 99999999999999999999999\nkings-per-player = 999999999999999999999999999999999999999999\n"
    ));
    assert_diag(
        &d,
        2,
        15,
        &["`players` item 2: 1000 is too large; at most 16 is supported"],
    );
    assert_diag(
        &d,
        4,
        13,
        &["`grid-size` in [rules]: 1000 is too large; at most 8 is supported"],
    );
    assert_diag(&d, 5, 13, &["at most 32 is supported"]);
    assert_diag(
        &d,
        6,
        15,
        &["`match-games` in [rules]: 99999999999999999999999 is too large; at most 20"],
    );
    assert_diag(
        &d,
        7,
        20,
        &["`kings-per-player` in [rules] is far too large; supported: 1 to 32"],
    );

    let counts: Vec<String> = (0..1000).map(|i| (i % 16 + 1).to_string()).collect();
    let d = bad(&format!("{HEAD}players = [{}]\n", counts.join(", ")));
    assert_diag(
        &d,
        2,
        11,
        &["`players` lists 1000 entries; at most 16 are supported"],
    );

    // More dominoes than the engine supports.
    let mut text = String::from(HEAD);
    for i in 0..2000 {
        text.push_str(&format!("[[domino]]\nnumber = {}\nfirst = {{ terrain = \"wheat\" }}\nsecond = {{ terrain = \"wheat\" }}\n", i + 1));
    }
    let d = bad(&text);
    assert!(
        d.iter().any(|x| x
            .message
            .contains("`domino` lists 2000 entries; at most 1024 are supported")),
        "{d}"
    );

    // A million dominoes: refused by size before parsing.
    let one = "[[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n";
    let huge = one.repeat(1_000_000);
    let d = bad(&huge);
    // About the whole file: no position.
    assert_diag(&d, 0, 0, &["bytes; at most", "are supported"]);
    let dir = common::temp_dir("huge");
    let path = common::write(&dir, "huge.toml", &huge);
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("huge file");
    assert!(
        d.iter().any(|x| x.message.contains("files of at most")),
        "{d}"
    );
}

#[test]
fn unknown_terrain_points_at_the_name() {
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 60\nfirst = {{ terrain = \"wheet\", crowns = 1 }}\nsecond = {{ terrain = \"forest\" }}\n"
    ));
    assert_diag(
        &d,
        4,
        21,
        &[
            "unknown terrain `wheet`",
            "did you mean `wheat`?",
            "known terrains: wheat, forest, lake, grassland, swamp, mine",
        ],
    );
    assert_eq!(d.len(), 1, "{d}");
}

#[test]
fn duplicate_domino_numbers() {
    let d = bad(&format!(
        "{HEAD}box = \"kingdomino\"\n[[domino]]\nnumber = 7\nfirst = {{ terrain = \"wheat\" }}\nsecond = {{ terrain = \"wheat\" }}\n"
    ));
    assert_diag(
        &d,
        4,
        10,
        &[
            "domino number 7 appears twice in box `kingdomino`",
            "<shipped>/sets/kingdomino.toml:",
        ],
    );
    // In another box the same number is fine.
    let ok = load_str(crownlands_core::Registry::shipped_ref(),
        &format!("{HEAD}box = \"ok\"\nplayers = [4]\n[rules]\ndeck-size = 48\n[[domino]]\nnumber = 7\nfirst = {{ terrain = \"wheat\" }}\nsecond = {{ terrain = \"wheat\" }}\n"),
        Path::new("ok.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ok.piles(), ["kingdomino", "ok"]);
}

#[test]
fn deck_and_line_problems_point_at_the_key_that_set_them() {
    let d = bad(&format!("{HEAD}[rules]\ndeck-size = 2\n"));
    assert_diag(
        &d,
        3,
        13,
        &["a deck of 2 dominoes is too small for one line of 4"],
    );

    let d = bad(&format!("{HEAD}[rules]\ndeck-size = 47\n"));
    assert_diag(
        &d,
        3,
        13,
        &[
            "a deck of 47 dominoes does not divide into lines of 4",
            "(set `deck-size` to 44 or 48)",
        ],
    );

    let d = bad(&format!("{HEAD}[for-players.4]\ndeck-size = 100\n"));
    assert_diag(
        &d,
        3,
        13,
        &["at 4 players: a deck of 100 dominoes, but the component sets hold only 48"],
    );

    let d = bad(&format!("{HEAD}[rules]\nkings-per-player = 2\n"));
    assert_diag(
        &d,
        3,
        20,
        &["at 3 players: 6 kings (2 per player) but only 4 dominoes a line"],
    );
    assert_diag(&d, 3, 20, &["at 4 players: 8 kings"]);

    // A value left at its default is blamed on the player count.
    let d = bad("sets = [\"rulesets/sets/kingdomino.toml\"]\nplayers = [2, 6]\n");
    assert!(
        d.iter()
            .any(|x| x.line == 2 && x.column == 15 && x.message.contains("at 6 players: 6 kings")),
        "{d}"
    );
}

#[test]
fn for_players_keys_must_be_allowed_counts() {
    let d = bad(&format!(
        "{HEAD}players = [2, 3]\n[for-players.4]\ngrid-size = 6\n[for-players.two]\ngrid-size = 6\n"
    ));
    assert_diag(
        &d,
        3,
        14,
        &["[for-players.4]: 4 is not among this ruleset's player counts (players = [2, 3])"],
    );
    assert_diag(&d, 5, 14, &["`two` is not a player count"]);
    // A count no table can have: said as such (listing it in `players` would be refused too).
    let d = bad(&format!(
        "{HEAD}[for-players.0]\nline-size = 3\n[for-players.17]\nline-size = 3\n"
    ));
    assert_diag(
        &d,
        2,
        14,
        &["[for-players.0]: 0 players is no table: a ruleset plays 1 to 16 players"],
    );
    assert_diag(&d, 4, 14, &["[for-players.17]: 17 players is no table"]);
}

#[test]
fn extends_cycles_show_the_chain() {
    let dir = common::temp_dir("cycle");
    let a = common::write(&dir, "a.toml", "extends = \"b.toml\"\n");
    common::write(
        &dir,
        "b.toml",
        "description = \"b\"\nextends = \"./a.toml\"\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &a).expect_err("cycle");
    let msg = d.to_string();
    assert!(
        msg.contains("`extends` makes a cycle:")
            && msg.contains("a.toml -> ")
            && msg.contains("b.toml -> "),
        "{msg}"
    );
    assert_eq!(d.0[0].line, 2);
    assert_eq!(d.0[0].column, 11);
    assert!(d.0[0].file.ends_with("b.toml"));
    // `./a.toml` from the folder of b.toml is named without its `./` (`.../b.toml/./a.toml`
    // said nothing more).
    assert!(!msg.contains("/./"), "{msg}");
    assert!(
        msg.ends_with(&format!("{}", dir.join("a.toml").display())),
        "{msg}"
    );
}

#[test]
fn missing_files() {
    let dir = common::temp_dir("missing");
    let p = common::write(&dir, "x.toml", "extends = \"nope/base.toml\"\n");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("missing extends");
    assert_diag(&d, 1, 11, &["cannot read", "base.toml"]);

    let p = common::write(
        &dir,
        "y.toml",
        "extends = \"kingdomino\"\nadd-sets = [\"sets/none.toml\"]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("missing set");
    assert_diag(&d, 2, 13, &["cannot read", "none.toml"]);

    let d = bad("extends = \"kingdomno\"\n");
    assert_diag(
        &d,
        1,
        11,
        &[
            "no shipped ruleset named `kingdomno`",
            "did you mean `kingdomino`?",
            "mighty-duel",
        ],
    );

    let d = load(crownlands_core::Registry::shipped_ref(), "no-such-ruleset")
        .expect_err("unknown name");
    assert!(
        d.to_string().contains("shipped rulesets: dynasty, harmony"),
        "{d}"
    );
}

#[test]
fn bad_symbols_and_colours() {
    let d = bad(&format!(
        "{HEAD}[[terrain]]\nname = \"lava\"\nsymbol = \"C\"\ncolour = \"red\"\n[[terrain]]\nname = \"ash\"\nsymbol = \"W\"\ncolour = \"#aabbcc\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#000000\"\n"
    ));
    assert_diag(
        &d,
        4,
        10,
        &["terrain `lava`: symbol must be one ASCII uppercase letter other than C"],
    );
    assert_diag(
        &d,
        5,
        10,
        &["terrain `lava`: colour must be written #rrggbb, not \"red\""],
    );
    assert_diag(
        &d,
        8,
        10,
        &["symbol W of terrain `ash` is already used by terrain `wheat`"],
    );
    // A ruleset declaring a terrain of its sets again with its symbol recolours it.
    assert!(!d.0.iter().any(|x| x.line == 13), "{d}");
}

#[test]
fn a_ruleset_recolours_a_terrain_its_sets_declare_and_two_sets_must_agree() {
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nname = \"palette\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#ff0000\"\n",
        Path::new("palette.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let wheat = r
        .terrains()
        .iter()
        .find(|t| t.name == "wheat")
        .expect("wheat");
    assert_eq!(wheat.colour, "#ff0000");
    assert_eq!(r.terrains().len(), 6, "no second wheat");
    // Its symbol stays: kingdom files and saves write it.
    let d = bad(
        "extends = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"X\"\ncolour = \"#ff0000\"\n",
    );
    assert!(
        d.to_string().contains("declared again with symbol X"),
        "{d}"
    );
    // The symbol alone is the mistake: the new colour is taken once it is mended.
    assert_eq!(d.len(), 1, "{d}");
    // Twice in one file: a mistake, as in a set.
    let d = bad(
        "extends = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#000000\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#ffffff\"\n",
    );
    assert_diag(
        &d,
        9,
        10,
        &["terrain `wheat` is declared again with colour #ffffff, but"],
    );
    // Two component sets giving one terrain two colours: which is meant is not said.
    let dir = common::temp_dir("recolour-sets");
    common::write(
        &dir,
        "red.toml",
        "[set]\nname = \"red\"\nbox = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#ff0000\"\n",
    );
    let path = common::write(
        &dir,
        "two.toml",
        "extends = \"kingdomino\"\nadd-sets = [\"red.toml\"]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("disagree");
    assert!(
        d.to_string()
            .contains("terrain `wheat` is declared again with colour #ff0000"),
        "{d}"
    );
}

#[test]
fn a_set_checked_alone_must_declare_its_terrains() {
    let d = validate_str(crownlands_core::Registry::shipped_ref(),
        "[set]\nname = \"s\"\n[[terrain]]\nname = \"lava\"\nsymbol = \"V\"\ncolour = \"#ff0000\"\n[[domino]]\nnumber = 1\nfirst = { terrain = \"lava\" }\nsecond = { terrain = \"wheat\" }\n",
        Path::new("s.toml"),
    )
    .expect_err("undeclared terrain");
    assert_diag(
        &d,
        10,
        22,
        &[
            "unknown terrain `wheat`",
            "terrains declared in this set: lava",
        ],
    );
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        "extra = 1\n[set]\nname = \"s\"\nbox = 3\n",
        Path::new("s.toml"),
    )
    .expect_err("bad set");
    assert_diag(&d, 4, 7, &["`box` in [set] must be a string"]);
    assert_diag(
        &d,
        1,
        1,
        &[
            "unknown key `extra` at the top level; expected one of: building, component, domino, set, terrain",
        ],
    );
}

#[test]
fn many_problems_in_one_file_are_all_reported() {
    let d = bad(&format!(
        "{HEAD}name = 3\nplayers = [2, 2]\n[rules]\ngrid-sise = 5\nfirst-claims = \"snak\"\n[rules.harmony]\nenabled = 1\n\
         [[domino]]\nnumber = 70\nfirst = {{ terrain = \"wheet\" }}\nsecond = {{ terrain = \"wheat\", crowns = 9 }}\n"
    ));
    assert_diag(&d, 2, 8, &["`name` must be a string, not an integer"]);
    assert_diag(&d, 3, 15, &["player count 2 is listed twice"]);
    assert_diag(&d, 5, 1, &["unknown key `grid-sise`"]);
    assert_diag(
        &d,
        6,
        16,
        &["\"drawn\", \"snake\", \"seated\", not \"snak\""],
    );
    assert_diag(
        &d,
        8,
        11,
        &["`enabled` in [rules.harmony] must be true or false"],
    );
    assert_diag(&d, 11, 21, &["unknown terrain `wheet`"]);
    assert_diag(
        &d,
        12,
        40,
        &["`second.crowns` of domino 70: 9 is too large; at most 7 is supported"],
    );
    assert_eq!(d.len(), 7, "{d}");
    // Display: one `file:line:column: message` per line, in file order.
    let text = d.to_string();
    assert_eq!(text.lines().count(), 7);
    assert!(text.starts_with("bad.toml:2:8: "), "{text}");
}

/// A value inside a `[[domino]]` or `[[building]]` is said with the table's own number (the
/// file's first `[[domino]]` is domino 49 here, not domino 1), a terrain by its name, and a
/// table without one (or whose number is the value at fault) by its place in the file.
#[test]
fn a_value_in_an_array_of_tables_names_the_table_as_the_file_does() {
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 49\nfirst = {{ terrain = \"wheat\", crowns = 9 }}\nsecond = {{ terrain = \"wheat\" }}\n"
    ));
    assert_diag(
        &d,
        4,
        39,
        &["`first.crowns` of domino 49: 9 is too large; at most 7 is supported"],
    );
    assert!(!d.to_string().contains('#'), "{d}");
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 49\n{WHEATS}[[domino]]\nnumber = 0\n{WHEATS}[[domino]]\n{WHEATS}"
    ));
    assert_diag(
        &d,
        7,
        10,
        &["`number` of the second [[domino]]: 0 is too small; it must be at least 1"],
    );
    assert_diag(&d, 10, 1, &["missing key `number` in the third [[domino]]"]);
    let d = bad(
        "extends = \"queendomino\"\n[[building]]\nnumber = 40\nname = \"Mill\"\nvalue = { kind = \"fixed\", points = 5000000 }\n",
    );
    assert_diag(
        &d,
        5,
        36,
        &["`value.points` of building 40: 5000000 is too large"],
    );
    let d = bad(&format!(
        "{HEAD}[[terrain]]\nname = \"lava\"\nsymbol = \"V\"\ncolour = \"#ff0000\"\nshade = 1\n"
    ));
    assert_diag(&d, 6, 1, &["unknown key `shade` in terrain `lava`"]);
}

#[test]
fn not_utf8() {
    let dir = common::temp_dir("utf8");
    let path = dir.join("bin.toml");
    std::fs::write(&path, b"name = \"ok\"\nplayers = [\xff]\n").expect("write");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("not utf-8");
    assert_diag(&d, 2, 12, &["not valid UTF-8"]);
}

#[test]
fn a_terrain_missing_a_key_does_not_make_its_dominoes_unknown() {
    let d = validate_str(crownlands_core::Registry::shipped_ref(),
        "[set]\nname = \"bad\"\n\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\n\n[[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n",
        Path::new("s.toml"),
    )
    .expect_err("missing colour");
    assert_diag(&d, 4, 1, &["missing key `colour` in terrain `wheat`"]);
    assert_eq!(d.len(), 1, "{d}");

    // The same in a ruleset: the terrain is not reported unknown either.
    let d = bad(&format!(
        "{HEAD}[[terrain]]\nname = \"lava\"\ncolour = \"#ff0000\"\n[[domino]]\nnumber = 1\nbox = \"v\"\nfirst = {{ terrain = \"lava\" }}\nsecond = {{ terrain = \"wheat\" }}\n"
    ));
    assert_diag(&d, 2, 1, &["missing key `symbol` in terrain `lava`"]);
    assert_eq!(d.len(), 1, "{d}");

    // A name declared nowhere is still unknown.
    let d = validate_str(crownlands_core::Registry::shipped_ref(),
        "[set]\nname = \"bad\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\n[[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"lava\" }\n",
        Path::new("s.toml"),
    )
    .expect_err("missing colour, unknown lava");
    assert_diag(&d, 3, 1, &["missing key `colour` in terrain `wheat`"]);
    assert_diag(
        &d,
        9,
        22,
        &["unknown terrain `lava`; terrains declared in this set: wheat"],
    );
    assert_eq!(d.len(), 2, "{d}");
}

#[test]
fn a_file_that_is_not_toml_gives_a_short_report() {
    // Many syntax errors: ten, then one line counting the rest.
    let junk: String = (1..=40).map(|i| format!("foo bar {i}\n")).collect();
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        &junk,
        Path::new("junk.toml"),
    )
    .expect_err("not TOML");
    assert_eq!(d.len(), 11, "{d}");
    assert!(
        d.0[..10]
            .iter()
            .all(|x| x.message.starts_with("TOML syntax error"))
    );
    assert_diag(
        &d,
        11,
        5,
        &["... and 30 more TOML syntax errors from here on; is this a TOML file?"],
    );

    // A JSON file: one line saying so, with no position.
    let json = std::fs::read_to_string(common::rulesets_dir().join("schema/ruleset.json"))
        .expect("the schema");
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        &json,
        Path::new("ruleset.json"),
    )
    .expect_err("JSON");
    assert_eq!(d.len(), 1, "{d}");
    assert_eq!(d.0[0].line, 0);
    assert_eq!(
        d.to_string(),
        "ruleset.json: this looks like a JSON file, not TOML; rulesets, component sets and \
         `extends` targets are TOML files (the JSON Schemas in rulesets/schema/ only describe \
         them, for editors)"
    );
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        "{\"players\": [2]}\n",
        Path::new("x.toml"),
    )
    .expect_err("JSON");
    assert_eq!(d.len(), 1, "{d}");
    assert!(d.0[0].message.contains("looks like a JSON file"), "{d}");
    // A saved game: named as such, with the commands that read it.
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        "{\n  \"format\": 1,\n  \"ruleset_name\": \"kingdomino\"\n}\n",
        Path::new("game.json"),
    )
    .expect_err("a save");
    assert_eq!(d.len(), 1, "{d}");
    assert!(
        d.0[0]
            .message
            .starts_with("this is a saved game (JSON), not a ruleset: `crownlands replay FILE`"),
        "{d}"
    );
    // A part file of a sharded run: named as such, with the command that reads it; a kingdom
    // file's reader says it alike.
    let part = "{\"format\":\"crownlands-lab-part\",\"version\":3,\"shard\":{\"index\":1}}\n";
    let d = validate_str(
        crownlands_core::Registry::shipped_ref(),
        part,
        Path::new("part.json"),
    )
    .expect_err("a part file");
    assert_eq!(d.len(), 1, "{d}");
    assert!(
        d.0[0].message.contains("part file of `simulate --shard`")
            && d.0[0].message.contains("`crownlands merge`"),
        "{d}"
    );
    let said = crownlands_rules::kingdom_file::other_kind(part).expect("not a kingdom file");
    assert!(
        said.contains("part file") && said.contains("merge"),
        "{said}"
    );
}

#[test]
fn an_unknown_ruleset_name_has_no_position() {
    let d = load(crownlands_core::Registry::shipped_ref(), "kingdmino").expect_err("unknown name");
    assert_eq!(d.len(), 1, "{d}");
    assert_eq!((d.0[0].line, d.0[0].column), (0, 0));
    assert!(!d.0[0].has_position());
    assert!(
        d.to_string().starts_with(
            "no file and no shipped ruleset named `kingdmino` (did you mean `kingdomino`?)"
        ),
        "{d}"
    );
    // A name that only looks like a shipped one (a Cyrillic `о`): the letter named.
    let d = load(crownlands_core::Registry::shipped_ref(), "kingd\u{43e}mino").expect_err("spoof");
    assert!(
        d.to_string().starts_with(
            "no file and no shipped ruleset named `kingd\u{43e}mino` (it only looks like \
             `kingdomino`: `\u{43e}` is U+043E, a Cyrillic letter drawn as `o`)"
        ),
        "{d}"
    );

    let d = crownlands_rules::validate_path(
        crownlands_core::Registry::shipped_ref(),
        Path::new("/no/such/dir/x.toml"),
    )
    .expect_err("missing file");
    assert_eq!(d.0[0].line, 0);
    assert!(
        d.to_string()
            .starts_with("cannot read `/no/such/dir/x.toml`"),
        "{d}"
    );
}

#[test]
fn a_player_count_the_user_added_is_blamed_on_the_users_players_line() {
    let d = bad("extends = \"kingdomino\"\nplayers = [2, 9]\n");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        2,
        15,
        &[
            "at 9 players: 9 kings (1 per player) but only 4 dominoes a line",
            "(raise `line-size` to 9) (`line-size = 4` as set in <shipped>/kingdomino.toml:10:13)",
        ],
    );
    assert_eq!(d.0[0].file, "bad.toml");

    // A value the user did not set and a list the user did not write: blamed on `extends`.
    let dir = common::temp_dir("blame-extends");
    common::write(
        &dir,
        "small.toml",
        "[set]\nname = \"small\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#f5d442\"\n[[domino]]\nnumber = 1\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    let p = common::write(
        &dir,
        "mine.toml",
        "extends = \"kingdomino\"\nsets = [\"small.toml\"]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("deck too big");
    assert!(
        d.iter().all(|x| x.file.ends_with("mine.toml")),
        "nothing blamed on the shipped file:\n{d}"
    );
    // The file's own `sets` took Kingdomino's set away: blamed there, with what `add-sets`
    // would have done (an author wrote `sets` for `add-sets`).
    assert_diag(
        &d,
        2,
        8,
        &[
            "at 2 players: a deck of 24 dominoes, but the component sets hold only 1",
            "(`sets` replaces the component sets this file extends; `add-sets` adds to them)",
        ],
    );
    assert_diag(
        &d,
        2,
        8,
        &["at 3 and 4 players: a deck of 1 domino is too small for one line of 4 (`sets` replaces"],
    );
}

const WHEATS: &str = "first = { terrain = \"wheat\" }\nsecond = { terrain = \"wheat\" }\n";

#[test]
fn inline_dominoes_join_the_single_box_and_replace_removed_ones() {
    // Remove 12 and 40, declare a new 12: still one box, 47 dominoes, labels unchanged.
    let r = load_str(crownlands_core::Registry::shipped_ref(),
        &format!("{HEAD}remove-dominoes = [12, 40]\n[rules]\ndeck-size = 44\n[for-players.2]\ndeck-size = 24\n[[domino]]\nnumber = 12\n{WHEATS}"),
        Path::new("replace.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.piles(), ["kingdomino"]);
    assert_eq!(r.dominoes().len(), 47);
    assert!(r.domino_by_number(40).is_none());
    let twelve = r.domino_by_number(12).expect("12 is back");
    assert_eq!(r.domino_label(twelve), "12");
    // In the removed one's place (the deal shuffles from this order: `compare` stays paired).
    assert_eq!(twelve.index(), 11);
    assert_eq!(
        r.dominoes()[twelve.index()].first,
        r.dominoes()[twelve.index()].second
    );
}

#[test]
fn remove_dominoes_problems() {
    // Unknown number, a word that names no domino.
    let d = bad(&format!("{HEAD}remove-dominoes = [12, 60, \"x\"]\n"));
    assert_diag(&d, 2, 24, &["no domino 60 to remove (numbered 1 to 48)"]);
    assert_diag(&d, 2, 28, &["\"x\": no box starts with X"]);
    // Written as the game writes a domino, or refused: no spaces, sign or leading zeros (a
    // lower-case initial is the box's all the same).
    let d = bad(&format!(
        "{HEAD}remove-dominoes = [\"K3\", \"k4\", \" 6\", \"+7\", \"08\", \"K09\"]\n"
    ));
    assert_eq!(d.0.len(), 4, "{d}");
    for (column, word) in [
        (32, "\" 6\""),
        (38, "\"+7\""),
        (44, "\"08\""),
        (50, "\"K09\""),
    ] {
        assert_diag(&d, 2, column, &[&format!("{word} does not name a domino")]);
    }
    // A number below any domino's says so, not "at least 0" (0 then met "no domino 0").
    let d = bad(&format!("{HEAD}remove-dominoes = [-1]\n"));
    assert_diag(&d, 2, 20, &["-1 is no domino's number"]);
    assert!(!d.to_string().contains("at least 0"), "{d}");
    // Several boxes: a bare number must say its box; a wrong initial names the boxes.
    let d = bad("extends = \"royal-wedding\"\nremove-dominoes = [12, \"Q12\", \"Z3\"]\n");
    assert_diag(
        &d,
        2,
        20,
        &[
            "several boxes (queendomino, kingdomino)",
            "\"Q12\" or \"K12\"",
        ],
    );
    assert_diag(
        &d,
        2,
        31,
        &["no box starts with Z", "Q (queendomino), K (kingdomino)"],
    );
    // Removing twice: the second says so (domino 5 exists).
    let d = bad(&format!("{HEAD}remove-dominoes = [5, 5]\n"));
    assert_diag(
        &d,
        2,
        23,
        &["domino 5 is removed twice (first at ", "list it once"],
    );
    // Removed by the file it extends: said so, not "twice" (the author listed it once).
    let dir = common::temp_dir("removed-by-parent");
    common::write(
        &dir,
        "desert.toml",
        "extends = \"kingdomino\"\nremove-dominoes = [47, 48]\n",
    );
    let path = common::write(
        &dir,
        "more.toml",
        "extends = \"desert.toml\"\nremove-dominoes = [48, 45, 46]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("48 again");
    assert_diag(
        &d,
        2,
        20,
        &[
            "domino 48 is already removed (at ",
            "desert.toml:2:24, which this file extends): leave it out here",
        ],
    );
}

#[test]
fn the_boxes_of_a_deck_begin_with_letters_of_their_own() {
    // With several boxes a domino is named by its box's initial: `kids` beside `kingdomino`
    // would make two K12s.
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 1\nbox = \"kids\"\n{WHEATS}"
    ));
    assert_diag(
        &d,
        4,
        7,
        &[
            "box `kids` begins with K, as box `kingdomino` does",
            "rename one",
        ],
    );
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 1\nbox = \"2nd\"\n{WHEATS}"
    ));
    assert_diag(&d, 4, 7, &["box `2nd` does not begin with a letter"]);
    // A box alone needs no letter: its dominoes are named by number (what `show` prints of a
    // ruleset, saved under a name of a digit, loads).
    let shown = crownlands_rules::to_toml(
        &crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .expect("loads"),
        None,
    )
    .replacen("name = \"kingdomino\"", "name = \"2p-kingdomino\"", 1);
    assert!(shown.contains("name = \"2p-kingdomino\""));
    load_str(
        crownlands_core::Registry::shipped_ref(),
        &shown,
        Path::new("2p.toml"),
    )
    .expect("one box of a digit's name loads");
    // Another initial is a box of its own.
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        &format!("{HEAD}[rules]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n[[domino]]\nnumber = 1\nbox = \"young\"\n{WHEATS}"),
        Path::new("young.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.piles(), ["kingdomino", "young"]);
}

/// A box that cannot join the deck is reported where the file names it: a domino's own `box`,
/// the file's top-level `box` (not its first `[[domino]]`, lines below), a set's `box`, or a
/// set's `name` when the box is named after the set.
#[test]
fn a_box_that_cannot_join_is_reported_at_its_name() {
    let d = bad(&format!(
        "{HEAD}box = \"kingdomnio\"\n[[domino]]\nnumber = 49\n{WHEATS}[[domino]]\nnumber = 50\n{WHEATS}"
    ));
    assert_diag(
        &d,
        2,
        7,
        &["box `kingdomnio` is not one of the deck's boxes (did you mean `kingdomino`?)"],
    );
    assert_eq!(
        d.iter().filter(|x| x.message.contains("box `")).count(),
        1,
        "once for the box, not for each domino: {d}"
    );
    let dir = common::temp_dir("box-at-name");
    let set = |header: &str| {
        format!(
            "[set]\n{header}[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#e3bd3c\"\n[[domino]]\nnumber = 1\n{WHEATS}"
        )
    };
    common::write(&dir, "kids.toml", &set("name = \"kids\"\n"));
    common::write(
        &dir,
        "boxed.toml",
        &set("name = \"boxed\"\nbox = \"kingdomnio\"\n"),
    );
    for (file, line, col, said) in [
        (
            "kids.toml",
            2,
            8,
            "box `kids` begins with K, as box `kingdomino` does",
        ),
        (
            "boxed.toml",
            3,
            7,
            "box `kingdomnio` is not one of the deck's boxes",
        ),
    ] {
        let p = common::write(
            &dir,
            "r.toml",
            &format!(
                "{HEAD}add-sets = [\"{file}\"]\n[rules]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n"
            ),
        );
        let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err(file);
        assert_diag(&d, line, col, &[said]);
        assert!(
            d.iter().all(|x| x.file.ends_with(file)),
            "in the set, where the box is named: {d}"
        );
    }
}

#[test]
fn inline_dominoes_need_a_box_when_the_deck_has_several() {
    let d = bad(&format!(
        "extends = \"royal-wedding\"\n[[domino]]\nnumber = 49\n{WHEATS}"
    ));
    assert_diag(
        &d,
        3,
        1,
        &[
            "several boxes (queendomino, kingdomino): say which this domino joins, e.g. box = \"queendomino\"",
        ],
    );
    // With `box`, it joins that box (and is labelled with its initial).
    let r = load_str(crownlands_core::Registry::shipped_ref(),
        &format!("extends = \"royal-wedding\"\nremove-dominoes = [\"K48\"]\n[[domino]]\nnumber = 49\nbox = \"kingdomino\"\n{WHEATS}"),
        Path::new("rw.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.piles(), ["queendomino", "kingdomino"]);
    assert_eq!(r.dominoes().len(), 96);
    let id = r
        .dominoes()
        .iter()
        .position(|d| d.number == 49)
        .expect("49");
    assert_eq!(r.domino_label(crownlands_core::DominoId(id as u16)), "K49");
}

#[test]
fn every_module_problem_is_reported_at_once_with_toml_values() {
    let d = bad(
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"welth\"]\n[rules.module.knights]\nper-turn = \"two\"\n[rules.module.buildings]\nslot-prices = [0, 1, -1]\n",
    );
    assert_diag(
        &d,
        3,
        36,
        &["unknown module `welth` (did you mean `wealth`?)"],
    );
    assert_diag(
        &d,
        5,
        12,
        &["module `knights`: `per-turn` must be a whole number, not \"two\""],
    );
    // At the element at fault, not the list's `[`.
    assert_diag(
        &d,
        7,
        22,
        &["module `buildings`: `slot-prices` item 3 must be from 0 to 1000, not -1"],
    );
    assert!(!d.to_string().contains("Text("), "{d}");
}

/// A module name far from every known one is likely a house module of another binary: the
/// message says where such a module is known.
#[test]
fn an_unknown_module_far_from_any_says_where_house_modules_live() {
    let d = bad("extends = \"kingdomino\"\n[rules]\nmodules = [\"orchards\"]\n");
    assert_diag(
        &d,
        3,
        12,
        &[
            "unknown module `orchards`; known modules:",
            "known only to the binary its own crate builds",
        ],
    );
    let d = bad("extends = \"orchards\"\n");
    assert_diag(
        &d,
        1,
        11,
        &[
            "no shipped ruleset named `orchards`;",
            "(a file of your own, such as a copy of an example of docs/house-rules/, is named by its path: extends = \"./orchards.toml\";",
            "known only to the binary its own crate builds",
        ],
    );
}

/// A module's check of the ruleset (a terrain its parameter names that the ruleset lacks) is
/// reported at that parameter, not at the first parameter of the module's table.
#[test]
fn a_module_check_points_at_the_parameter_it_is_about() {
    let d = bad(
        "extends = \"queendomino\"\n[rules.module.buildings]\ntower-supply = 20\ntown = \"towns\"\n",
    );
    assert_diag(
        &d,
        4,
        8,
        &[
            "module `buildings`: town terrain `towns` is not among the ruleset's terrains (did you mean `town`?); terrains: ",
        ],
    );
    assert!(!d.to_string().contains(":3:"), "{d}");
}

/// A list that leaves out the provider the list it replaces had says that it replaces it; one
/// whose inherited list had none does not.
#[test]
fn an_unprovided_resource_the_inherited_list_provided_says_the_list_is_replaced() {
    let d = bad("extends = \"queendomino\"\n[rules]\nmodules = [\"queen\"]\n").to_string();
    assert!(
        d.contains(
            "`buildings` provides it (this file's `modules` replaces the list of the ruleset it extends, `knights, buildings, queen, dragon, wealth`: list those to keep too)"
        ),
        "{d}"
    );
    let d = bad("extends = \"kingdomino-knights\"\n[rules]\nmodules = [\"queen\"]\n").to_string();
    assert!(d.contains("`buildings` provides it"), "{d}");
    assert!(!d.contains("replaces the list"), "{d}");
}

/// Buildings over Kingdomino (no town, no tiles): each error names the shipped set that has
/// what is missing.
#[test]
fn buildings_over_kingdomino_name_the_sets_they_need() {
    let d = bad("extends = \"kingdomino\"\n[rules]\nmodules = [\"knights\", \"buildings\"]\n")
        .to_string();
    assert!(
        d.contains(
            "town squares: Queendomino's dominoes have them, `add-sets = [\"queendomino\"]`"
        ),
        "{d}"
    );
    assert!(
        d.contains("`add-sets = [\"queendomino-buildings\"]`"),
        "{d}"
    );
}

#[test]
fn shipped_sets_by_name_and_suggestions() {
    let r = load_str(crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nadd-sets = [\"volcano\"]\n[rules]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n",
        Path::new("v.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.dominoes().len(), 56);
    let d = bad("extends = \"kingdomino\"\nadd-sets = [\"volcanoe\"]\n");
    assert_diag(
        &d,
        2,
        13,
        &[
            "no shipped component set named `volcanoe` (did you mean `volcano`?)",
            "shipped sets: kingdomino, queendomino, queendomino-buildings, volcano",
        ],
    );
    // A path that does not exist but names a shipped set says how to name it.
    let d = bad("extends = \"kingdomino\"\nadd-sets = [\"sets/queendomino.toml\"]\n");
    assert_diag(
        &d,
        2,
        13,
        &["the shipped set `queendomino` is written by its name alone: \"queendomino\""],
    );
    // So does an `extends` naming a shipped ruleset as a file that is not there.
    let d = bad("extends = \"kingdomino.toml\"\n");
    assert_diag(
        &d,
        1,
        11,
        &[
            "the shipped ruleset `kingdomino` is written by its name alone: extends = \"kingdomino\"",
        ],
    );
    // Terrains get suggestions too.
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 49\nfirst = {{ terrain = \"forrest\" }}\nsecond = {{ terrain = \"wheat\" }}\n"
    ));
    assert_diag(
        &d,
        4,
        21,
        &["unknown terrain `forrest` (did you mean `forest`?)"],
    );
}

#[test]
fn color_is_read_as_colour() {
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        &format!("{HEAD}[[terrain]]\nname = \"desert\"\nsymbol = \"D\"\ncolor = \"#e0c080\"\n"),
        Path::new("desert.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.terrains().last().map(|t| t.colour.as_str()),
        Some("#e0c080")
    );
    let d = bad(&format!(
        "{HEAD}[[terrain]]\nname = \"desert\"\nsymbol = \"D\"\ncolor = \"#e0c080\"\ncolour = \"#e0c080\"\n"
    ));
    assert_diag(
        &d,
        5,
        1,
        &["`color` and `colour` in terrain `desert` say the same thing"],
    );
}

/// The warnings of a ruleset `text` (as the file `name`) that loads: warnings never stop loading.
fn warnings_of(text: &str, name: &str) -> Diagnostics {
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        Path::new(name),
    );
    assert!(checked.result.is_ok(), "warnings do not stop loading");
    Diagnostics(checked.warnings)
}

#[test]
fn a_deck_that_no_longer_divides_after_a_removal_points_at_the_removal() {
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nremove-dominoes = [12]\n",
        Path::new("r.toml"),
    )
    .expect_err("47 dominoes in lines of 4");
    assert_diag(
        &d,
        2,
        19,
        &[
            "at 3 and 4 players: a deck of 47 dominoes does not divide into lines of 4",
            "counts the 47 dominoes left after this `remove-dominoes`: or remove a multiple of 4",
        ],
    );
    assert_eq!(d.len(), 1, "said once for both counts: {d}");
}

#[test]
fn a_deck_size_for_every_count_that_fits_none_says_a_count_can_have_its_own() {
    // 30 under `[rules]`: 28 or 32 at 2 players, 48 at 3 and 4; each count's own table is
    // the way to give both.
    let d = bad("extends = \"kingdomino\"\n[rules]\ndeck-size = 30\n");
    assert_eq!(d.len(), 2, "{d}");
    for x in &d.0 {
        assert!(
            x.to_string()
                .contains("; a `deck-size` under `[for-players.N]` sets it at N players only"),
            "{x}"
        );
    }
    // Written for a count already: not said.
    let d = bad("extends = \"kingdomino\"\n[for-players.2]\ndeck-size = 30\n");
    assert!(!d.to_string().contains("[for-players.N]"), "{d}");
}

/// A deck that no longer divides into lines of the `line-size` the author wrote, over a deck
/// size inherited: at that `line-size` (not at `players`), and the advice leads to a ruleset
/// with no warning: a deck size that leaves each kingdom enough to fill its grid, or the
/// dominoes to add where none of those can be dealt (45 of 48 in lines of 5 divides, but 9
/// rounds never fill a 5x5 kingdom).
#[test]
fn a_deck_not_dividing_into_the_lines_written_is_said_there_with_advice_that_fills() {
    let d = bad(&format!("{HEAD}players = [4]\n\n[rules]\nline-size = 5\n"));
    assert_diag(
        &d,
        5,
        13,
        &[
            "a deck of 48 dominoes does not divide into lines of 5 (add 12 dominoes for 60, the fewest that divide into lines of 5 and fill a 5x5 kingdom: a component set in `add-sets`, or `[[domino]]` entries; a deck of 45 divides, but then no kingdom can fill its 5x5 grid)",
        ],
    );
    assert_eq!(d.len(), 1, "{d}");
    // Following it: 12 dominoes more, and the ruleset loads with no warning.
    let dir = common::temp_dir("deck-fills");
    let mut set = String::from(
        "[set]\nname = \"extra\"\nbox = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#e3bd3c\"\n",
    );
    for n in 49..=60 {
        set.push_str(&format!("[[domino]]\nnumber = {n}\n{WHEATS}"));
    }
    common::write(&dir, "extra.toml", &set);
    let p = common::write(
        &dir,
        "five.toml",
        &format!("{HEAD}add-sets = [\"extra.toml\"]\nplayers = [4]\n[rules]\nline-size = 5\n"),
    );
    let checked = crownlands_rules::check_path(crownlands_core::Registry::shipped_ref(), &p);
    assert!(checked.result.is_ok(), "{:?}", checked.result);
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    // Two kings each at 2 players, 24 dominoes: 20 and 25 divide but fall short; 30 fills.
    let text = |deck: &str| format!("{HEAD}players = [2]\n[for-players.2]\nline-size = 5\n{deck}");
    let d = bad(&text(""));
    assert_diag(
        &d,
        4,
        13,
        &[
            "a deck of 24 dominoes does not divide into lines of 5 (set `deck-size = 30`, the fewest that fill a 5x5 kingdom; a deck of 20 or 25 divides, but then no kingdom can fill its 5x5 grid)",
        ],
    );
    let w = warnings_of(&text("deck-size = 30\n"), "thirty.toml");
    assert!(w.is_empty(), "{w}");
    // A deck size the author wrote is still the key at fault.
    let d = bad(&format!("{HEAD}[rules]\nline-size = 5\ndeck-size = 47\n"));
    assert_diag(
        &d,
        4,
        13,
        &["a deck of 47 dominoes does not divide into lines of 5"],
    );
}

/// Tie-breaks written for a match rank each game, never the match (its highest total wins,
/// ties share): warned at the tie-breaks the author wrote; Dynasty's, inherited from
/// Kingdomino, a match made of Kingdomino's without writing any, and Kingdomino's written out
/// again (as `show` writes every rule), are not warned. A shipped file's own made part of a
/// match by the author is warned at the author's `match-games`. The warning points at
/// `match-tie-breaks`, and is not said once the match has tie-breaks of its own.
#[test]
fn tie_breaks_written_for_a_match_are_warned_to_rank_each_game_only() {
    let w = warnings_of(
        "extends = \"dynasty\"\n[rules]\nmatch-games = 5\ntie-breaks = [\"largest-territory\", \"most-crowns\"]\n",
        "d5.toml",
    );
    assert_diag(
        &w,
        4,
        15,
        &[
            "tie-breaks rank each game of a match alone, never the match: a match of 5 games goes to the highest total",
            "to break tied match totals, use `match-tie-breaks`",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
    let w = warnings_of(
        "extends = \"volcano\"\n[rules]\nmatch-games = 3\n",
        "v3.toml",
    );
    assert_diag(
        &w,
        3,
        15,
        &[
            "tie-breaks (as set in <shipped>/volcano.toml:34:15) rank each game of a match alone, never the match: a match of 3 games",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
    for text in [
        "extends = \"dynasty\"\n",
        "extends = \"dynasty\"\n[rules]\ntie-breaks = [\"largest-territory\"]\n",
        "extends = \"dynasty\"\n[for-players.2]\ntie-breaks = [\"largest-territory\"]\n",
        "extends = \"dynasty\"\n[rules]\ntie-breaks = []\n",
        "extends = \"kingdomino\"\n[rules]\nmatch-games = 5\n",
        "extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"most-crowns\"]\n",
        // The match's ties broken by its own tie-breaks: the key the warning points to, found.
        "extends = \"dynasty\"\n[rules]\ntie-breaks = [\"most-crowns\"]\nmatch-tie-breaks = [\"most-games-won\"]\n",
    ] {
        let w = warnings_of(text, "ok.toml");
        assert!(w.is_empty(), "{text}: {w}");
    }
}

/// What is valid but can never come into play is warned, at the key that says it: a
/// `claim-order` list longer than the kingdoms of the ruleset's largest count, lines that
/// alternate in a deck of one box, and a box of the author's too small to draw a line from
/// where lines are mixed (it only renames its dominoes). A list as long as the kingdoms, two
/// whole boxes mixed (Royal Wedding-like rules), and a box of house dominoes of a line or more
/// are choices, and not warned.
#[test]
fn what_can_never_come_into_play_is_warned_where_it_is_written() {
    let claim = |points: &str| {
        format!(
            "{HEAD}[rules]\nmodules = [\"claim-order\"]\n[rules.module.claim-order]\npoints = {points}\n"
        )
    };
    let w = warnings_of(&claim("[0, 1, 2, 3, 4, 5]"), "c.toml");
    assert_diag(
        &w,
        5,
        10,
        &[
            "module `claim-order`: `points` gives 6 places, but no game of this ruleset has more than 4 kingdoms: the last 2 values never count (write at most 4)",
        ],
    );
    assert_eq!(w.len(), 1, "said once for every count: {w}");
    assert!(warnings_of(&claim("[0, 1, 2, 3]"), "c.toml").is_empty());
    // The tax read once a turn where it changes nothing: no turn sends a second knight (one
    // a turn, or one knight a side for the game), or no module gives a tax bonus.
    for (text, line, col, why) in [
        (
            "extends = \"kingdomino-knights\"\n[rules.module.knights]\nsame-territory = \"once-a-turn\"\n",
            3,
            18,
            "a side starts with 1 knight and no module of `modules` gives more, so no turn sends a second knight",
        ),
        (
            "extends = \"queendomino\"\n[rules.module.knights]\nper-turn = 1\ntax-bonus = \"once-a-turn\"\n",
            4,
            13,
            "`per-turn` is 1, so no turn sends a second knight",
        ),
        (
            "extends = \"kingdomino-knights\"\n[rules.module.knights]\nstarting = 3\ntax-bonus = \"once-a-turn\"\n",
            4,
            13,
            "no tax bonus is ever given",
        ),
        (
            "extends = \"queendomino\"\nremove-buildings = [15, 16, 27, 29]\n[rules.module.knights]\ntax-bonus = \"once-a-turn\"\n",
            4,
            13,
            "no tax bonus is ever given",
        ),
    ] {
        let w = warnings_of(text, "k.toml");
        assert_diag(&w, line, col, &[why]);
    }
    assert!(
        warnings_of(
            "extends = \"queendomino\"\n[rules.module.knights]\ntax-bonus = \"once-a-turn\"\n\
             same-territory = \"once-a-turn\"\n",
            "q.toml",
        )
        .is_empty()
    );
    // A least size no territory of the grid reaches: every territory would score nothing.
    let small = |n: u32| {
        format!(
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
             [rules.module.terrain-multipliers]\nmin-squares = {n}\n"
        )
    };
    assert_diag(
        &warnings_of(&small(25), "s.toml"),
        5,
        15,
        &[
            "no territory of a 5x5 kingdom has 25 squares (at most 24 besides the castle), so every territory scores nothing",
        ],
    );
    assert!(warnings_of(&small(24), "s.toml").is_empty());
    // Kingdoms, not players: 4 players in teams of two are 2 kingdoms.
    let w = warnings_of(
        "extends = \"kingdomino\"\nplayers = [4]\n[rules]\ngrid-size = 7\nteam-size = 2\n\
         modules = [\"claim-order\"]\n[rules.module.claim-order]\ncoins = [0, 1, 2]\npoints = [0, 1]\n",
        "t.toml",
    );
    assert_diag(
        &w,
        8,
        9,
        &[
            "`coins` gives 3 places, but no game of this ruleset has more than 2 kingdoms: the last value never counts (write at most 2)",
        ],
    );
    assert!(!w.to_string().contains("`points` gives"), "{w}");

    // Lines alternating in a deck of one box: at `lines`, or at `line-order`.
    for (text, line, col) in [
        (format!("{HEAD}[rules]\nlines = \"alternate\"\n"), 3, 9),
        (
            format!(
                "{HEAD}[rules]\nlines = \"alternate\"\nline-order = [\"kingdomino\", \"kingdomino\"]\n"
            ),
            4,
            14,
        ),
    ] {
        let w = warnings_of(&text, "a.toml");
        assert_diag(
            &w,
            line,
            col,
            &[
                "lines alternate between boxes, but the deck has one box (kingdomino): every line comes from its one shuffled pile, as with `lines = \"mixed\"`",
            ],
        );
        assert_eq!(w.len(), 1, "{w}");
    }

    // Two dominoes in a box `queendomino` of their own over Kingdomino: at the box.
    let boxed = |n: u16| {
        let mut text = format!("{HEAD}[rules]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n");
        for number in 49..49 + n {
            text.push_str(&format!(
                "[[domino]]\nnumber = {number}\nbox = \"queendomino\"\n{WHEATS}"
            ));
        }
        text
    };
    let w = warnings_of(&boxed(2), "q.toml");
    assert_diag(
        &w,
        8,
        7,
        &[
            "box `queendomino` holds 2 dominoes, fewer than a line of 4: with `lines = \"mixed\"` a box of its own only gives its dominoes its initial (`Q49`), so it is likely not meant; for them to join box `kingdomino`, write `box = \"kingdomino\"`",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
    assert!(warnings_of(&boxed(4), "q.toml").is_empty());
    // A box emptied by a file extending it deals nothing: not told to join another (a review
    // found "box `queendomino` holds 0 dominoes ...").
    let dir = common::temp_dir("emptied-box");
    common::write(dir.as_ref(), "q.toml", &boxed(4));
    let emptied = common::write(
        dir.as_ref(),
        "e.toml",
        "extends = \"q.toml\"\nremove-dominoes = [\"Q49\", \"Q50\", \"Q51\", \"Q52\"]\n",
    );
    let checked = crownlands_rules::check_path(crownlands_core::Registry::shipped_ref(), &emptied);
    assert!(checked.result.is_ok());
    assert!(
        !checked
            .warnings
            .iter()
            .any(|w| w.message.contains("holds 0")),
        "{:?}",
        checked.warnings
    );
    assert!(
        warnings_of(
            "extends = \"royal-wedding\"\nname = \"rw-mixed\"\n[rules]\nlines = \"mixed\"\n",
            "rw.toml"
        )
        .is_empty()
    );
}

/// Wealth where nothing else gives or spends coins scores every side alike (the starting
/// coins alone): warned at its place in `modules`; with knights' tax, or buildings to spend
/// on, it tells sides apart and is not.
#[test]
fn wealth_that_never_tells_sides_apart_is_warned() {
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\"]\n[rules.module.wealth]\nstarting-coins = 0\n",
        "w.toml",
    );
    assert_diag(
        &w,
        3,
        12,
        &[
            "module `wealth`: no other module of `modules` gives or spends coins, so every side ends with its 0 starting coins and wealth scores 0 points for every side",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"knights\", \"wealth\"]\n",
        "kw.toml",
    );
    assert!(w.is_empty(), "{w}");
    // The claim order gives points by place and no coins: it neither adds to nor spends them,
    // so wealth still tells no sides apart.
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\", \"claim-order\"]\n[rules.module.claim-order]\npoints = [0, 1, 2, 3]\n",
        "wc.toml",
    );
    assert!(
        w.to_string()
            .contains("no other module of `modules` gives or spends coins"),
        "{w}"
    );
    // With coins by place it does tell them apart.
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\", \"claim-order\"]\n[rules.module.claim-order]\ncoins = [0, 1, 2, 3]\n",
        "wc.toml",
    );
    assert!(!w.to_string().contains("gives or spends coins"), "{w}");
}

/// A warning names the player counts it holds at, and keeps them (`Diagnostic::players`,
/// `holds_at`): the terminal says a game's warnings of its own count only (a 7x7 house rule's
/// 3- and 4-player warning had been said at the start of a 2-player game).
#[test]
fn a_warning_holds_at_the_counts_it_names() {
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 7\nharmony = { enabled = true }\n[for-players.2]\ndeck-size = 48\n",
        "big7.toml",
    );
    assert!(!w.is_empty());
    for d in &w.0 {
        assert!(d.message.starts_with("at 3 and 4 players: "), "{d}");
        assert_eq!(d.players, [3, 4], "{d}");
        assert!(!d.holds_at(2), "{d}");
        assert!(d.holds_at(3) && d.holds_at(4), "{d}");
    }
    // A warning of every count the ruleset plays names none, and holds at each.
    let all = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n",
        "all.toml",
    );
    assert!(!all.is_empty());
    for d in &all.0 {
        assert!(
            d.players.is_empty() && d.holds_at(2) && d.holds_at(4),
            "{d}"
        );
    }
    // A message that merely reads like one holds at every count: the counts are kept, not read
    // back from the words.
    let d = crownlands_rules::Diagnostic::unplaced("x.toml", "at 1 player: x");
    assert!(d.holds_at(2));
}

#[test]
fn a_bonus_set_up_but_left_off_is_warned_at_its_setting() {
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nharmony.points = 10\n",
        "h.toml",
    );
    assert_diag(
        &w,
        3,
        18,
        &[
            "Harmony is off, so its settings here change nothing: write `harmony.enabled = true` beside it",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
    // Written for one count: switched on there, not under `[rules]` (every count), in the
    // form the settings are written in (a second `[for-players.3.harmony]` beside dotted keys
    // would be refused as a table given twice), and what it says loads without the warning.
    for (text, says, fixed) in [
        (
            "extends = \"kingdomino\"\n[for-players.3]\nharmony.points = 7\n",
            "at 3 players: Harmony is off, so its settings here change nothing: write `harmony.enabled = true` beside it",
            "extends = \"kingdomino\"\n[for-players.3]\nharmony.points = 7\nharmony.enabled = true\n",
        ),
        (
            "extends = \"kingdomino\"\n[for-players.3.harmony]\npoints = 7\n",
            "at 3 players: Harmony is off, so its settings here change nothing: write `enabled = true` in `[for-players.3.harmony]`",
            "extends = \"kingdomino\"\n[for-players.3.harmony]\npoints = 7\nenabled = true\n",
        ),
        (
            // Dotted from the top: `enabled` dotted the same way (a `[rules.harmony]` table
            // would be refused as given twice).
            "extends = \"kingdomino\"\nrules.harmony.points = 7\n",
            "Harmony is off, so its settings here change nothing: write `rules.harmony.enabled = true` beside it",
            "extends = \"kingdomino\"\nrules.harmony.points = 7\nrules.harmony.enabled = true\n",
        ),
        (
            "extends = \"kingdomino\"\nfor-players.3.middle-kingdom.points = 7\n",
            "at 3 players: Middle Kingdom is off, so its settings here change nothing: write `for-players.3.middle-kingdom.enabled = true` beside it",
            "extends = \"kingdomino\"\nfor-players.3.middle-kingdom.points = 7\nfor-players.3.middle-kingdom.enabled = true\n",
        ),
        (
            "extends = \"kingdomino\"\n[rules]\nharmony = { points = 7 }\n",
            "Harmony is off, so its settings here change nothing: write `enabled = true` in its braces",
            "extends = \"kingdomino\"\n[rules]\nharmony = { points = 7, enabled = true }\n",
        ),
    ] {
        let w = warnings_of(text, "h.toml");
        assert!(w.to_string().contains(says), "{w}");
        let w = warnings_of(fixed, "h.toml");
        assert!(w.is_empty(), "{fixed}: {w}");
    }
    // On (here or inherited), or switched off in the same file (what `show` prints): nothing.
    for text in [
        "extends = \"kingdomino\"\n[rules]\nharmony = { enabled = true, points = 10 }\n",
        "extends = \"harmony\"\n[rules]\nharmony.points = 10\n",
        "extends = \"kingdomino\"\n[rules]\nmiddle-kingdom = { enabled = false, points = 3 }\n",
    ] {
        let w = warnings_of(text, "ok.toml");
        assert!(w.is_empty(), "{text}: {w}");
    }
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmiddle-kingdom.reading = \"full-grid\"\n",
        "m.toml",
    );
    assert!(w.to_string().contains("Middle Kingdom is off"), "{w}");
}

#[test]
fn a_snake_with_one_king_a_player_is_warned_where_it_is_written() {
    // At 2 players (two kings each) the snake is A B B A; at 3 and 4 it is the drawn order.
    let text = "extends = \"kingdomino\"\n[rules]\nfirst-claims = \"snake\"\n";
    let w = warnings_of(text, "s.toml");
    assert_diag(
        &w,
        3,
        16,
        &["at 3 and 4 players: first-claims = \"snake\" changes nothing with one king a player"],
    );
    assert_eq!(w.len(), 1, "{w}");
}

/// A shipped file's snake that the author's one king a player makes useless: the warning is
/// at the author's `kings-per-player`, saying where the snake came from and what to write.
#[test]
fn a_shipped_snake_undone_by_ones_own_kings_is_warned_at_the_kings() {
    let text =
        "extends = \"queendomino\"\n\n[for-players.2]\ngrid-size = 5\nkings-per-player = 1\n";
    let w = warnings_of(text, "k.toml");
    assert_diag(
        &w,
        5,
        20,
        &[
            "at 2 players: first-claims = \"snake\" changes nothing with one king a player",
            "`first-claims = \"snake\"` as set in <shipped>/queendomino.toml:",
            "give `first-claims = \"drawn\"` beside this `kings-per-player`",
        ],
    );
    assert_eq!(w.len(), 1, "{w}");
}

#[test]
fn warnings_point_at_the_rule_that_cannot_work() {
    let text = "extends = \"kingdomino\"\nplayers = [2, 3, 4, 5]\n[rules]\ntie-breaks = [\"largest-territory\", \"most-coins\"]\n[for-players.5]\nline-size = 5\ndeck-size = 45\nharmony = { enabled = true }\n";
    let w = warnings_of(text, "w.toml");
    assert_diag(
        &w,
        4,
        36,
        &["tie-break `most-coins` can never decide: no module gives coins"],
    );
    assert_diag(
        &w,
        7,
        13,
        &[
            "at 5 players: the deck can never fill a 5x5 kingdom: each places at most 9 dominoes (18 squares) of the 24",
        ],
    );
    assert_eq!(w.len(), 2, "{w}");
    // A module that can never act is blamed at its place in `modules`. (The Queen without the
    // buildings that bring towers is refused instead: she needs `towers`.)
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"knights\"]\n[rules.module.knights]\nper-turn = 0\n",
        "k.toml",
    );
    assert_diag(
        &w,
        3,
        12,
        &["module `knights` can never act: knights can never collect tax"],
    );
    // ... but at its parameter when a file extending the one with the list sets it (the cause).
    let dir = common::temp_dir("idle-params");
    common::write(
        &dir,
        "base.toml",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"knights\"]\n",
    );
    let child = common::write(
        &dir,
        "child.toml",
        "extends = \"base.toml\"\n[rules.module.knights]\nper-turn = 0\n",
    );
    let w = Diagnostics(crownlands_rules::warnings(
        crownlands_core::Registry::shipped_ref(),
        &child.display().to_string(),
    ));
    assert_diag(&w, 3, 12, &["module `knights` can never act"]);
    assert!(w.0.iter().all(|d| d.file.ends_with("child.toml")), "{w}");
    // ... and at a parameter the file sets on the module giving what the idle one waits for:
    // no towers to give, so the Queen (listed in the shipped file) has no one to follow; of
    // several, the one naming what is missing, wherever it is (not `slot-prices` above it).
    for (buildings, line) in [
        ("tower-supply = 0\n", 4),
        ("slot-prices = [0, 1, 2, 3, 4, 5]\ntower-supply = 0\n", 5),
    ] {
        let checked = crownlands_rules::check_str(
            crownlands_core::Registry::shipped_ref(),
            &format!("extends = \"queendomino\"\n\n[rules.module.buildings]\n{buildings}"),
            Path::new("q.toml"),
        );
        let w = Diagnostics(checked.warnings);
        assert_diag(
            &w,
            line,
            16,
            &["module `queen` can never act: no module can give towers"],
        );
    }
    // Modules listed in the shipped file, the leaf's own dominoes at fault (Kingdomino's,
    // without a town square): at the leaf's `sets`, not its `extends`.
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nsets = [\"kingdomino\", \"queendomino-buildings\"]\n",
        Path::new("q.toml"),
    );
    let w = Diagnostics(checked.warnings);
    assert_diag(
        &w,
        2,
        8,
        &["module `buildings` can never act: no domino has a `town` square"],
    );
    assert_diag(&w, 2, 8, &["module `queen` can never act"]);
    // The parameter at fault in a file the leaf extends, the leaf adding dominoes of its own:
    // at that parameter, not at the leaf's unrelated `add-sets`.
    let dir = common::temp_dir("never-act-chain");
    common::write(
        &dir,
        "base.toml",
        "extends = \"queendomino\"\n[rules.module.buildings]\ntower-supply = 0\n",
    );
    let leaf = common::write(
        &dir,
        "leaf.toml",
        "extends = \"base.toml\"\nadd-sets = [\"volcano\"]\n",
    );
    let checked = crownlands_rules::check_path(crownlands_core::Registry::shipped_ref(), &leaf);
    let w = Diagnostics(checked.warnings);
    assert_eq!(w.0.len(), 1, "{w}");
    assert!(
        w.0[0].file.ends_with("base.toml") && w.0[0].line == 3,
        "{w}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // A value from a shipped file is blamed on the user's `extends`.
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\n[rules]\ngrid-size = 7\nharmony = { enabled = true }\n[for-players.2]\nkings-per-player = 1\n",
        Path::new("q.toml"),
    );
    let w = Diagnostics(checked.warnings);
    assert_diag(&w, 3, 13, &["can never fill a 7x7 kingdom"]);
}

/// An even grid holds half its squares around the castle, rounded down (6x6: 17 dominoes of 35
/// squares): a deck dealing 17 each fills it as far as it can be filled, so its deck is not
/// warned of (it had been, and a deck of 18 each, one more than fits, had not); with Harmony on,
/// the odd count is what is said.
#[test]
fn an_even_grid_filled_as_far_as_it_can_be_is_not_blamed_on_its_deck() {
    let check = |extra: &str| {
        let checked = crownlands_rules::check_str(
            crownlands_core::Registry::shipped_ref(),
            &format!(
                "extends = \"kingdomino\"\nadd-sets = [\"queendomino\"]\nplayers = [3]\n[rules]\ngrid-size = 6\ndeck-size = 68\n{extra}"
            ),
            Path::new("six.toml"),
        );
        checked
            .warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let plain = check("");
    assert!(!plain.contains("can never fill"), "{plain}");
    let harmony = check("harmony = { enabled = true }\n");
    assert!(
        harmony.contains("Harmony can never be earned in a 6x6 kingdom: its 35 squares")
            && !harmony.contains("can never fill"),
        "{harmony}"
    );
    // One round fewer: with Harmony the deck is blamed; without it a kingdom left part empty
    // is a house rule's choice, not warned of.
    let short = "extends = \"kingdomino\"\nadd-sets = [\"queendomino\"]\nplayers = [3]\n[rules]\ngrid-size = 6\ndeck-size = 64\n";
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        &format!("{short}harmony = {{ enabled = true }}\n"),
        Path::new("six.toml"),
    );
    let w = Diagnostics(checked.warnings);
    assert_diag(
        &w,
        6,
        13,
        &["the deck can never fill a 6x6 kingdom: each places at most 16 dominoes"],
    );
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        short,
        Path::new("six.toml"),
    );
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    // A kingdom taking more than it holds: at the deck's size, which the message's cure
    // names, though the grid is written too (as the value it inherits).
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nplayers = [2]\n[rules]\ngrid-size = 5\ndeck-size = \"all\"\n",
        Path::new("all.toml"),
    );
    let w = Diagnostics(checked.warnings);
    assert_diag(
        &w,
        5,
        13,
        &["each kingdom takes 24 dominoes but a 5x5 kingdom holds at most 12"],
    );
}

#[test]
fn core_problems_are_placed_by_the_field_they_name() {
    use crownlands_core::RulesProblem;
    // Each expected message is the core's own text: the loader places a problem by the field it
    // names, never by what its message says, so rewording a message in the core moves nothing.
    let d = bad(&format!("{HEAD}players = [3, 4]\n[rules]\nteam-size = 2\n"));
    let teams = RulesProblem::Teams {
        players: 3,
        team_size: 2,
        allowed: vec![3, 4],
    };
    assert_diag(&d, 4, 13, &[&format!("at 3 players: {teams}")]);
    assert_eq!(d.len(), 1, "{d}");

    // A module that cannot be set up for this many sides: at the parameters that make it so,
    // the user's own (`starting = 6`), not the module's entry in `modules`.
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"wealth\", \"knights\"]\n[rules.module.knights]\nstarting = 6\n"
    ));
    let setup = RulesProblem::ModuleSetup {
        index: 1,
        module: "knights",
        message: "4 sides starting with 6 knights need 24, but the supply holds 22".into(),
    };
    assert_diag(&d, 5, 12, &[&format!("at 4 players: {setup}")]);
    assert_eq!(d.len(), 1, "{d}");

    // A deck that does not split between the boxes lines alternate from: at `deck-size`, with
    // the size that lets a 7x7 kingdom fill (32 or 40 split, but leave it far from full).
    let d = bad("extends = \"royal-wedding\"\n[for-players.4]\ndeck-size = 36\n");
    let split = RulesProblem::DeckSplit {
        deck: 36,
        line: 4,
        places: 2,
        fix: " (set `deck-size = 96`, the fewest that split and let a kingdom fill its grid)"
            .into(),
    };
    assert_diag(&d, 3, 13, &[&format!("at 4 players: {split}")]);
}

#[test]
fn modules_that_cannot_work_together_are_refused_at_their_place_in_the_list() {
    // The Queen and the Dragon on Kingdomino: neither could ever act.
    let d = bad("extends = \"kingdomino\"\n[rules]\nmodules = [\"queen\", \"dragon\"]\n");
    assert_diag(
        &d,
        3,
        12,
        &[
            "module `queen` needs `towers`, which no module of the list provides; `buildings` provides it",
        ],
    );
    assert_diag(&d, 3, 21, &["module `dragon` needs `board`"]);
    // The rulebook's turn order: the Dragon after the buildings.
    let d = bad(
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"dragon\", \"buildings\", \"queen\", \"wealth\"]\n",
    );
    assert_diag(
        &d,
        3,
        23,
        &["module `dragon` must come after `buildings` in `modules`"],
    );
    // A bad parameter hides nothing else: the order is checked with it left at its default.
    let d = bad(
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"dragon\", \"buildings\", \"queen\", \"wealth\"]\n[rules.module.knights]\nper-turn = 5\n",
    );
    assert_diag(&d, 5, 12, &["`per-turn` must be from 0 to 2, not 5"]);
    assert_diag(
        &d,
        3,
        23,
        &["module `dragon` must come after `buildings` in `modules`"],
    );
}

/// A test's house module that provides coins and does nothing else.
#[derive(Debug)]
struct Purse;

impl crownlands_core::modules::Module for Purse {
    fn name(&self) -> &'static str {
        "purse"
    }

    fn spec(&self) -> crownlands_core::modules::ModuleSpec {
        crownlands_core::modules::ModuleSpec::new("purse")
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        crownlands_core::modules::Declaration {
            provides: &["coins"],
            ..Default::default()
        }
    }

    fn setup(&self, _ctx: &mut crownlands_core::modules::SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn most_coins_can_decide_when_any_module_provides_coins() {
    let mut registry = crownlands_core::Registry::shipped();
    registry.add_module("purse", |_| Ok(Box::new(Purse)));
    let with = crownlands_rules::check_str(
        &registry,
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"purse\"]\ntie-breaks = [\"most-coins\"]\n",
        Path::new("purse.toml"),
    );
    assert!(with.result.is_ok(), "loads");
    let w = Diagnostics(with.warnings);
    assert!(w.0.is_empty(), "a plugin's coins count: {w}");
    let without = crownlands_rules::check_str(
        &registry,
        "extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"most-coins\"]\n",
        Path::new("bare.toml"),
    );
    let w = Diagnostics(without.warnings);
    assert_diag(&w, 3, 15, &["tie-break `most-coins` can never decide"]);
}

/// A test's house module that keeps relics, a resource of its own: side N starts with N.
#[derive(Debug)]
struct Reliquary;

impl crownlands_core::modules::Module for Reliquary {
    fn name(&self) -> &'static str {
        "reliquary"
    }

    fn spec(&self) -> crownlands_core::modules::ModuleSpec {
        crownlands_core::modules::ModuleSpec::new("reliquary")
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        crownlands_core::modules::Declaration {
            provides: &["relics"],
            ..Default::default()
        }
    }

    fn setup(&self, ctx: &mut crownlands_core::modules::SetupContext<'_>) -> Result<(), String> {
        for side in crownlands_core::Side::all(ctx.sides) {
            ctx.set(side, crownlands_core::modules::Res(0), u32::from(side.0));
        }
        Ok(())
    }
}

#[test]
fn a_plugin_resource_brings_its_own_tie_break() {
    let mut registry = crownlands_core::Registry::shipped();
    registry.add_module("reliquary", |_| Ok(Box::new(Reliquary)));
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"reliquary\"]\ntie-breaks = [\"most-relics\", \"largest-territory\"]\n";
    let checked = crownlands_rules::check_str(&registry, text, Path::new("relics.toml"));
    let w = Diagnostics(checked.warnings);
    assert!(w.0.is_empty(), "no warning: {w}");
    let Ok(crownlands_rules::Validated::Ruleset(ruleset)) = checked.result else {
        panic!("loads as a ruleset");
    };
    let ruleset = std::sync::Arc::new(*ruleset);
    let rules = ruleset.rules_for(3).expect("3 players");
    assert_eq!(
        rules.tie_breaks[0],
        crownlands_core::TieBreak::parse("most-relics").expect("a name")
    );
    // Each side's relics reach the breakdown the tie-break compares.
    let mut game = crownlands_core::Game::new(ruleset, 3, 5).expect("a game");
    game.play_out_random(&mut crownlands_core::rng::GameRng::seed_from(1));
    let outcome = game.outcome();
    for (side, score) in outcome.scores.iter() {
        assert_eq!(score.held.get("relics"), Some(&u32::from(side.0)));
    }
    // Without the module listed, the tie-break can never decide (a warning); with a registry
    // where no module keeps relics, the name is an error, pointed at.
    let without = crownlands_rules::check_str(
        &registry,
        "extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"most-relics\"]\n",
        Path::new("bare.toml"),
    );
    assert!(without.result.is_ok());
    assert_diag(
        &Diagnostics(without.warnings),
        3,
        15,
        &["tie-break `most-relics` can never decide: no module gives relics"],
    );
    let d =
        bad("extends = \"kingdomino\"\n[rules]\nmodules = []\ntie-breaks = [\"most-relics\"]\n");
    assert_diag(
        &d,
        4,
        15,
        &[
            "tie-break `most-relics`: no module keeps a resource called `relics` for each side; a `most-` tie-break names one the modules keep per side (its module in `modules`): ",
        ],
    );
    // The Builders' Board belongs to the whole table: no kingdom holds more of it.
    let d = bad("extends = \"queendomino\"\n[rules]\ntie-breaks = [\"most-board\"]\n");
    assert_diag(
        &d,
        3,
        15,
        &["tie-break `most-board`: no module keeps a resource called `board` for each side"],
    );
    // A near miss of a shipped resource is named; a text not shaped as one is refused by its
    // shape.
    let d =
        bad("extends = \"queendomino\"\n[rules]\ntie-breaks = [\"most-cions\", \"most-Coins\"]\n");
    assert_diag(&d, 3, 15, &["(did you mean `most-coins`?)"]);
    assert_diag(
        &d,
        3,
        29,
        &[
            "must be a tie-break (\"largest-territory\", \"most-crowns\", \"fewest-crowns\", or \"most-\" or \"fewest-\" and a resource's name: \"most-coins\"), not \"most-Coins\"",
        ],
    );
}

#[test]
fn a_misspelt_resource_tie_break_is_said_beside_a_misspelt_module_parameter() {
    // The knights build with `knightz` set aside: their resources are known, so the tie-break
    // is checked in the same pass, every problem at once.
    let d = bad(
        "extends = \"kingdomino-knights\"\n[rules]\ntie-breaks = [\"most-coinz\"]\n[rules.module.knights]\nknightz = 3\n",
    );
    assert_diag(&d, 5, 1, &["module `knights`: unknown parameter `knightz`"]);
    assert_diag(
        &d,
        3,
        15,
        &[
            "tie-break `most-coinz`: no module keeps a resource called `coinz` for each side (did you mean `most-coins`?)",
        ],
    );
    // A tie-break on what the modules do keep is not said.
    let d = bad(
        "extends = \"kingdomino-knights\"\n[rules]\ntie-breaks = [\"most-coins\"]\n[rules.module.knights]\nknightz = 3\n",
    );
    assert!(!d.to_string().contains("most-coins"), "{d}");
}

/// A test's house module that keeps relics too, but builds only with a parameter given.
#[derive(Debug)]
struct Shrine;

impl crownlands_core::modules::Module for Shrine {
    fn name(&self) -> &'static str {
        "shrine"
    }

    fn spec(&self) -> crownlands_core::modules::ModuleSpec {
        let mut spec = crownlands_core::modules::ModuleSpec::new("shrine");
        spec.params.insert(
            "saint".into(),
            crownlands_core::modules::Param::Text("x".into()),
        );
        spec
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        crownlands_core::modules::Declaration {
            provides: &["relics"],
            ..Default::default()
        }
    }

    fn setup(&self, _ctx: &mut crownlands_core::modules::SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn a_module_that_needs_its_parameters_still_brings_its_tie_break() {
    let mut registry = crownlands_core::Registry::shipped();
    registry.add_module("shrine", |spec| {
        if spec.params.contains_key("saint") {
            Ok(Box::new(Shrine))
        } else {
            Err(crownlands_core::modules::ModuleError::Param {
                module: "shrine".into(),
                problem: "`saint` is missing".into(),
            })
        }
    });
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"shrine\"]\ntie-breaks = [\"most-relics\"]\n[rules.module.shrine]\nsaint = \"Hubert\"\n";
    let checked = crownlands_rules::check_str(&registry, text, Path::new("shrine.toml"));
    assert!(
        checked.result.is_ok(),
        "{:?}",
        checked.result.err().map(|d| d.to_string())
    );
    // Without its parameter the module does not build: that is the problem reported, not its
    // tie-break's too.
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"shrine\"]\ntie-breaks = [\"most-relics\"]\n";
    let d =
        crownlands_rules::load_str(&registry, text, Path::new("shrine.toml")).expect_err("refused");
    assert!(d.to_string().contains("`saint` is missing"), "{d}");
    assert!(!d.to_string().contains("most-relics"), "{d}");
}

/// A test's house module that gives knights (it declares them: it reads and changes them), or
/// towers when `towers` is set, and can say it never gives them.
#[derive(Debug)]
struct Giver {
    name: &'static str,
    gives: bool,
}

impl crownlands_core::modules::Module for Giver {
    fn name(&self) -> &'static str {
        self.name
    }

    fn spec(&self) -> crownlands_core::modules::ModuleSpec {
        crownlands_core::modules::ModuleSpec::new(self.name)
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        if self.name.starts_with("masons") {
            crownlands_core::modules::Declaration {
                provides: &["towers"],
                ..Default::default()
            }
        } else {
            crownlands_core::modules::Declaration {
                reads: &["knights"],
                ..Default::default()
            }
        }
    }

    fn can_add(&self, _ruleset: &crownlands_core::Ruleset, resource: &str) -> bool {
        self.gives && self.declare().resources().any(|r| r == resource)
    }

    fn setup(&self, _ctx: &mut crownlands_core::modules::SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn idle_warnings_count_what_a_plugin_gives() {
    let mut registry = crownlands_core::Registry::shipped();
    const GIVERS: [&str; 4] = ["barracks", "barracks-empty", "masons", "masons-idle"];
    for name in GIVERS {
        registry.add_module(name, |spec| {
            let name = GIVERS
                .into_iter()
                .find(|n| *n == spec.name)
                .unwrap_or("barracks");
            let gives = !name.ends_with("-empty") && !name.ends_with("-idle");
            Ok(Box::new(Giver { name, gives }))
        });
    }
    let warnings = |modules: &str| {
        let text = format!(
            "extends = \"kingdomino\"\n[rules]\nmodules = {modules}\ntie-breaks = [\"most-coins\"]\n[rules.module.knights]\nstarting = 0\n"
        );
        // (The tie-break reads the knights' coins, which would otherwise count for nothing.)
        let checked = crownlands_rules::check_str(&registry, &text, Path::new("plugin.toml"));
        assert!(checked.result.is_ok(), "{modules}: loads");
        Diagnostics(checked.warnings)
    };
    // Knights no one starts with: idle unless some module can give them.
    let w = warnings("[\"knights\"]");
    assert_diag(
        &w,
        3,
        12,
        &[
            "module `knights` can never act: no side ever has a knight: `starting` is 0 and no module can give one",
        ],
    );
    let w = warnings("[\"barracks-empty\", \"knights\"]");
    assert_diag(&w, 3, 30, &["module `knights` can never act"]);
    let w = warnings("[\"barracks\", \"knights\"]");
    assert!(w.0.is_empty(), "a plugin's knights count: {w}");
    // The Queen: idle unless a module can give towers (a plugin's as well as the buildings').
    let w = warnings("[\"masons\", \"queen\", \"barracks\", \"knights\"]");
    assert!(w.0.is_empty(), "a plugin's towers count: {w}");
    let w = warnings("[\"masons-idle\", \"queen\", \"barracks\", \"knights\"]");
    assert_diag(
        &w,
        3,
        27,
        &[
            "module `queen` can never act: no module can give towers, so no one ever hosts the Queen",
        ],
    );
}

/// A ruleset names only files in the folder of the ruleset the user named, or below it, however
/// the path is spelt: an absolute path, `..` out of the folder and a link leading out are refused
/// at the key that names them, before anything is read, and the message is the same whether the
/// file exists or not; so is a hidden folder or file inside it.
#[test]
fn a_ruleset_names_only_files_in_its_own_folder() {
    let registry = crownlands_core::Registry::shipped_ref();
    let outside = common::temp_dir("own-folder-outside");
    let secret = common::write(&outside, "secret.toml", "extends = \"kingdomino\"\n");
    common::write(&outside, "dynasty.toml", "extends = \"dynasty\"\n");
    let missing = outside.join("missing.toml");
    let dir = common::temp_dir("own-folder");
    let outside_name = outside
        .file_name()
        .and_then(|n| n.to_str())
        .expect("a name")
        .to_string();
    // Inside: a sibling, a file below, and `..` that stays inside.
    common::write(&dir, "base.toml", "extends = \"kingdomino\"\n");
    common::write(&dir, "more/deeper.toml", "extends = \"../base.toml\"\n");
    for (name, text) in [
        ("sibling.toml", "extends = \"base.toml\"\n"),
        ("below.toml", "extends = \"more/deeper.toml\"\n"),
        ("round.toml", "extends = \"more/../base.toml\"\n"),
        (
            "sets.toml",
            "extends = \"kingdomino\"\nadd-sets = [\"more/../more/volcano.toml\"]\n",
        ),
    ] {
        if name == "sets.toml" {
            common::write(
                &dir,
                "more/volcano.toml",
                "[set]\nname = \"mine\"\n[[terrain]]\nname = \"ash\"\nsymbol = \"a\"\ncolour = \"#777777\"\n",
            );
        }
        let path = common::write(&dir, name, text);
        if let Err(d) = load_path(registry, &path) {
            assert!(!d.to_string().contains("outside the folder"), "{name}: {d}");
        }
    }
    // Outside: every spelling is refused at its key, with the same message for a file that
    // exists and one that does not.
    let quoted = |p: &Path| format!("{:?}", p.display().to_string());
    let cases = vec![
        (
            "absolute.toml",
            format!("extends = {}\n", quoted(&secret)),
            1,
        ),
        (
            "absent.toml",
            format!("extends = {}\n", quoted(&missing)),
            1,
        ),
        (
            "up.toml",
            format!("extends = \"../{outside_name}/secret.toml\"\n"),
            1,
        ),
        (
            "round-out.toml",
            format!("extends = \"more/../../{outside_name}/secret.toml\"\n"),
            1,
        ),
        // Named as a shipped ruleset's file, there or not: the same words either way (the
        // hint for a shipped ruleset's name told whether a file outside existed).
        (
            "shipped-out.toml",
            format!("extends = \"../{outside_name}/dynasty.toml\"\n"),
            1,
        ),
        (
            "shipped-absent-out.toml",
            format!("extends = \"../{outside_name}/kingdomino.toml\"\n"),
            1,
        ),
        (
            "set-out.toml",
            format!(
                "extends = \"kingdomino\"\nadd-sets = [{}]\n",
                quoted(&outside.join("volcano.toml"))
            ),
            2,
        ),
    ];
    for (name, text, line) in cases {
        let path = common::write(&dir, name, &text);
        let d = load_path(registry, &path).expect_err(name);
        assert_diag(
            &d,
            line,
            if line == 1 { 11 } else { 13 },
            &["is outside the folder of the ruleset you named"],
        );
        assert!(!d.to_string().contains("cannot read"), "{name}: {d}");
    }
    // A hidden folder or file inside it (`.cargo/credentials.toml` under a home folder) is
    // refused too, the same whether it exists or not, and nothing of it is read.
    common::write(&dir, ".keys/c.toml", "token = \"x\"\n[registry]\nk = 1\n");
    for (name, text, line, col) in [
        ("hidden.toml", "extends = \".keys/c.toml\"\n", 1, 11),
        (
            "hidden-absent.toml",
            "extends = \".keys/none.toml\"\n",
            1,
            11,
        ),
        ("hidden-file.toml", "extends = \"more/.base.toml\"\n", 1, 11),
        (
            "hidden-set.toml",
            "extends = \"kingdomino\"\nadd-sets = [\".keys/c.toml\"]\n",
            2,
            13,
        ),
    ] {
        let path = common::write(&dir, name, text);
        let d = load_path(registry, &path).expect_err(name);
        assert_diag(&d, line, col, &["is in, or is, a hidden folder or file"]);
        assert!(!d.to_string().contains("registry"), "{name}: {d}");
    }
    // A link with a plain name into a hidden folder is said to lead there.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.join(".keys/c.toml"), dir.join("plain.toml"))
            .expect("symlink");
        let path = common::write(&dir, "via-link.toml", "extends = \"plain.toml\"\n");
        let d = load_path(registry, &path).expect_err("a link into .keys");
        assert_diag(
            &d,
            1,
            11,
            &["plain.toml` is a link into a hidden folder or file"],
        );
    }
    // The folder is the one of the file the user named: from a file below, `../base.toml` is
    // outside.
    let below = common::write(&dir, "more/up.toml", "extends = \"../base.toml\"\n");
    let d = load_path(registry, &below).expect_err("out of more/");
    assert!(d.to_string().contains("outside the folder"), "{d}");
    // A link in the folder that leads out of it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, dir.join("link.toml")).expect("symlink");
        let linked = common::write(&dir, "linked.toml", "extends = \"link.toml\"\n");
        let d = load_path(registry, &linked).expect_err("a link out");
        assert_diag(
            &d,
            1,
            11,
            &["is outside the folder of the ruleset you named"],
        );
        // The ruleset named through a link from elsewhere: the folder is the link's, where its
        // relative paths lead.
        let elsewhere = common::write(&outside, "mine.toml", "extends = \"base.toml\"\n");
        std::os::unix::fs::symlink(&elsewhere, dir.join("mine.toml")).expect("symlink");
        if let Err(d) = load_path(registry, &dir.join("mine.toml")) {
            panic!("a linked ruleset reads its folder's base.toml: {d}");
        }
    }
    // An absolute path into the folder is read, with a warning (it works only where the
    // folder is) giving the path relative to the file; a relative one has none.
    let quoted = |p: &Path| format!("{:?}", p.display().to_string());
    common::write(
        &dir,
        "more/ash.toml",
        "[set]\nname = \"ash\"\nbox = \"kingdomino\"\n[[terrain]]\nname = \"ash\"\nsymbol = \"A\"\ncolour = \"#777777\"\n",
    );
    for (name, text, line, col, relative) in [
        (
            "abs-extends.toml",
            format!(
                "extends = {}
",
                quoted(&dir.join("base.toml"))
            ),
            1,
            11,
            "base.toml",
        ),
        (
            "abs-sets.toml",
            format!(
                "extends = \"kingdomino\"\nadd-sets = [{}]\n",
                quoted(&dir.join("more/ash.toml"))
            ),
            2,
            13,
            "more/ash.toml",
        ),
    ] {
        let path = common::write(&dir, name, &text);
        let checked = crownlands_rules::check_path(registry, &path);
        assert!(checked.result.is_ok(), "{name}: {:?}", checked.result);
        let w = Diagnostics(checked.warnings);
        assert_diag(
            &w,
            line,
            col,
            &[
                "an absolute path works only where that folder is",
                &format!("relative to this file (`{relative}`)"),
            ],
        );
    }
    let relative = crownlands_rules::check_path(registry, &dir.join("sibling.toml"));
    assert!(relative.warnings.is_empty(), "{:?}", relative.warnings);
}

#[test]
fn a_box_lines_never_come_from_is_named() {
    // A misspelt `box`: its dominoes form a box of their own, which Royal Wedding's lines never
    // alternate from.
    let d = bad(
        "extends = \"royal-wedding\"\nbox = \"kingdomno\"\nremove-dominoes = [\"K12\"]\n\n[[domino]]\nnumber = 12\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"forest\" }\n",
    );
    assert_diag(
        &d,
        2,
        7,
        &["box `kingdomno` is not one of the deck's boxes (did you mean `kingdomino`?)"],
    );
    // Spelt as a box of its own, it is named as such.
    let d = bad(
        "extends = \"royal-wedding\"\nbox = \"extra\"\nremove-dominoes = [\"K12\"]\n\n[[domino]]\nnumber = 12\nfirst = { terrain = \"wheat\" }\nsecond = { terrain = \"forest\" }\n",
    );
    assert!(
        d.to_string().contains(
            "box kingdomino holds 47 dominoes but must deal 48 (set `deck-size = 88`, or add dominoes to the box); box extra, not in line-order, holds 1 domino"
        ),
        "{d}"
    );
    // A box left out on purpose loads, with a warning at `line-order`.
    let w = warnings_of(
        "extends = \"royal-wedding\"\nplayers = [3, 4]\n[rules]\nline-order = [\"queendomino\"]\n[for-players.3]\ndeck-size = 36\n[for-players.4]\ndeck-size = 48\n",
        "q.toml",
    );
    assert_diag(
        &w,
        4,
        14,
        &["box kingdomino holds 48 dominoes that are never dealt"],
    );
}

#[test]
fn rules_that_load_but_never_play_as_written_are_warned() {
    // A 1x1 kingdom: no domino fits.
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 1\n",
        "one.toml",
    );
    assert_diag(&w, 3, 13, &["a 1x1 kingdom is its castle alone"]);
    // Middle Kingdom's full-grid reading on an even grid.
    let w = warnings_of(
        "extends = \"middle-kingdom\"\nplayers = [2]\n[rules]\ngrid-size = 6\nmiddle-kingdom = { enabled = true, reading = \"full-grid\" }\n",
        "six.toml",
    );
    assert!(
        w.to_string()
            .contains("Middle Kingdom's `full-grid` reading can never be earned in a 6x6 kingdom"),
        "{w}"
    );
    // The other readings on a 6x6 grid with the whole deck (16 dominoes a kingdom at 3): the
    // castle centred in a 5x5 box at most, 12 dominoes. An author found it earned 0 times in
    // 200,000 games, with no warning. Not with the deck 5x5 kingdoms hold (12 at 4 players on
    // 6x6 fits: no warning).
    for reading in ["bounding-box", "within-half-grid"] {
        let w = warnings_of(
            &format!(
                "extends = \"middle-kingdom\"\nplayers = [3]\n[rules]\ngrid-size = 6\nmiddle-kingdom = {{ enabled = true, reading = \"{reading}\" }}\n[for-players.3]\ndeck-size = 48\nline-size = 3\n"
            ),
            "six.toml",
        );
        assert!(
            w.to_string().contains(
                "Middle Kingdom is earned only by a kingdom centred in at most 5x5 squares (an even grid has no centre: the castle must be at the centre of an odd-sided box), which holds 12 dominoes, and each kingdom takes 16: only a kingdom that could not place 4 or more of its dominoes earns it"
            ),
            "{reading}: {w}"
        );
    }
    let w = warnings_of(
        "extends = \"middle-kingdom\"\nplayers = [4]\n[rules]\ngrid-size = 6\n",
        "six.toml",
    );
    assert!(
        !w.to_string().contains("Middle Kingdom is earned only"),
        "{w}"
    );
    // Building tiles, and no module that plays them.
    let w = warnings_of(
        "extends = \"kingdomino\"\nadd-sets = [\"queendomino-buildings\"]\n",
        "tiles.toml",
    );
    // At the author's tiles (not at the shipped file's `players`, where Kingdomino's list of no
    // modules is placed), saying what to list.
    assert_diag(
        &w,
        2,
        12,
        &[
            "32 building tiles declared, but no module of `modules` plays building tiles",
            "; list `buildings` in `modules`",
        ],
    );
    let w = warnings_of(
        "extends = \"kingdomino\"\n[[building]]\nnumber = 1\nvalue = { kind = \"fixed\", points = 4 }\n",
        "tiles.toml",
    );
    assert_diag(&w, 2, 1, &["1 building tile declared"]);
    let w = warnings_of(
        "extends = \"kingdomino\"\nsets = [\"kingdomino\", \"queendomino-buildings\"]\n",
        "tiles.toml",
    );
    assert_diag(&w, 2, 8, &["32 building tiles declared"]);
    assert!(!w.to_string().contains("kingdomino.toml"), "{w}");
    // With the module, no warning (at 3 and 4 players: at 2, 5x5 kingdoms hold half the deck).
    let w = warnings_of(
        "extends = \"queendomino\"\nplayers = [3, 4]\n[rules]\ngrid-size = 5\n",
        "q.toml",
    );
    assert!(w.0.is_empty(), "{w}");
    let w = warnings_of(
        "extends = \"queendomino\"\n[rules]\ngrid-size = 5\n",
        "q.toml",
    );
    assert_diag(
        &w,
        3,
        13,
        &[
            "at 2 players: each kingdom takes 24 dominoes but a 5x5 kingdom holds at most 12: at least 12 of its dominoes are discarded every game (`deck-size = 24` deals 6 rounds, the fewest that fill a kingdom as far as it can be filled)",
        ],
    );
    // Harmony on an even grid: an odd count of squares around the castle.
    let w = warnings_of(
        "extends = \"harmony\"\nplayers = [2]\n[rules]\ngrid-size = 6\n[for-players.2]\nkings-per-player = 2\ndeck-size = \"all\"\n",
        "h6.toml",
    );
    assert!(
        w.to_string().contains(
            "Harmony can never be earned in a 6x6 kingdom: its 35 squares around the castle are an odd count"
        ),
        "{w}"
    );
    // A deck without a crown.
    let mut plain = String::from(
        "extends = \"kingdomino\"\nsets = []\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#f5d442\"\n",
    );
    for n in 1..=48 {
        plain.push_str(&format!("[[domino]]\nnumber = {n}\nfirst = {{ terrain = \"wheat\" }}\nsecond = {{ terrain = \"wheat\" }}\n"));
    }
    let w = warnings_of(&plain, "plain.toml");
    assert!(
        w.to_string()
            .contains("no domino has a crown: every territory scores 0"),
        "{w}"
    );
}

#[test]
fn a_house_rule_without_a_description_is_described_by_what_it_extends() {
    let registry = crownlands_core::Registry::shipped_ref();
    let r = load_str(
        registry,
        "extends = \"harmony\"\nrules.harmony = { enabled = false }\n",
        Path::new("no-harmony.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.description(), "House rule on harmony");
    let r = load_str(
        registry,
        "extends = \"harmony\"\ndescription = \"Mine\"\n",
        Path::new("mine.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.description(), "Mine");
}

#[test]
fn a_key_or_table_given_twice_is_named() {
    let d = bad("extends = \"kingdomino\"\n[rules]\ngrid-size = 5\ngrid-size = 6\n[rules]\n");
    assert_diag(&d, 4, 1, &["`grid-size` is given twice in this table"]);
    assert_diag(&d, 5, 2, &["table `[rules]` is given twice"]);
    let d = bad("extends = \"kingdomino\"\n[rules.harmony]\nenabled = true\n[ rules.harmony ]\n");
    assert_diag(&d, 4, 9, &["table `[rules.harmony]` is given twice"]);
    let d = bad("extends = \"kingdomino\"\n\"description\" = \"a\"\ndescription = \"b\"\n");
    assert_diag(&d, 3, 1, &["`description` is given twice"]);
}

#[test]
fn an_invisible_character_the_parser_stumbles_on_is_named() {
    // A zero width space after a value (pasted from a web page).
    let d = bad("extends = \"kingdomino\"\nrules.grid-size = 6 \u{200b}\n");
    assert_diag(
        &d,
        2,
        21,
        &["the invisible character U+200B is here, where TOML expects plain text"],
    );
    // A no-break space where a space goes.
    let d = bad("extends\u{a0}= \"kingdomino\"\n");
    assert_diag(&d, 1, 8, &["U+00A0"]);
}

#[test]
fn a_per_coins_value_without_coins_or_with_coins_out_of_range() {
    let d = bad(
        "extends = \"queendomino\"\n[[building]]\nnumber = 33\nvalue = { kind = \"per-coins\", points = 1 }\n",
    );
    assert_diag(&d, 4, 9, &["a value of kind \"per-coins\" needs `coins`"]);
    // Written, but 0: one problem, at the 0 (it is not missing).
    let d = bad(
        "extends = \"queendomino\"\n[[building]]\nnumber = 33\nvalue = { kind = \"per-coins\", coins = 0, points = 1 }\n",
    );
    assert_eq!(d.0.len(), 1, "{d}");
    assert_diag(&d, 4, 39, &["0 is too small"]);
}

#[test]
fn a_deck_left_too_small_points_at_what_took_it_away() {
    // Removing 44 of 48 dominoes: the removal, not `extends`.
    let list: Vec<String> = (1..=44).map(|n| n.to_string()).collect();
    let d = bad(&format!(
        "extends = \"kingdomino\"\nremove-dominoes = [{}]\n",
        list.join(", ")
    ));
    assert_diag(
        &d,
        2,
        19,
        &["the component sets hold only 4 (after this `remove-dominoes`"],
    );
    // No component sets at all: said at `sets`.
    let d = bad("extends = \"kingdomino\"\nsets = []\n");
    assert_diag(&d, 2, 8, &["the ruleset declares no terrains"]);
}

#[test]
fn what_a_module_gives_that_nothing_keeps_is_warned() {
    // Queendomino without knights: the tiles dealing in knights count for nothing.
    let w = warnings_of(
        "extends = \"queendomino\"\nrules.modules = [\"buildings\", \"queen\", \"dragon\", \"wealth\"]\n",
        "no-knights.toml",
    );
    assert_diag(
        &w,
        2,
        18,
        &[
            "module `buildings`: 17 tiles deal in knights",
            "no module of `modules` keeps knights",
        ],
    );
    // Knights alone: their coins never count.
    let w = warnings_of(
        "extends = \"kingdomino\"\nrules.modules = [\"knights\"]\n",
        "knights.toml",
    );
    assert_diag(
        &w,
        2,
        18,
        &["module `knights`: the coins its tax brings never count"],
    );
    // A tie-break on coins reads them.
    let w = warnings_of(
        "extends = \"kingdomino\"\nrules.modules = [\"knights\"]\nrules.tie-breaks = [\"most-coins\"]\n",
        "coins.toml",
    );
    assert!(w.0.is_empty(), "{w}");
}

#[test]
fn a_dragon_no_one_can_pay_is_warned() {
    let w = warnings_of(
        "extends = \"queendomino\"\nrules.modules = [\"buildings\", \"dragon\"]\n",
        "no-coins.toml",
    );
    assert_diag(
        &w,
        2,
        31,
        &[
            "module `dragon` can never act: no one can ever pay the Dragon's 1 coin: no module of `modules` gives coins",
        ],
    );
}

#[test]
fn an_invisible_character_inside_a_string_is_not_blamed_for_another_error() {
    // A no-break space inside a quoted name, and a missing quote later on the line.
    let d = bad("extends = \"kingdomino\"\ndescription = \"a\u{a0}b\" x\n");
    assert!(!d.to_string().contains("U+00A0"), "{d}");
    assert!(d.to_string().contains("TOML syntax error"), "{d}");
    // After an escaped quote, still inside the string; and in a comment, which TOML allows.
    for text in [
        "extends = \"kingdomino\"\ndescription = \"a \\\" \u{a0}b\" x\n",
        "extends = \"kingdomino\"\nrules.grid-size = 6 x # a\u{a0}comment\n",
    ] {
        let d = bad(text);
        assert!(!d.to_string().contains("U+00A0"), "{text:?}: {d}");
        assert!(d.to_string().contains("TOML syntax error"), "{text:?}: {d}");
    }
}

/// Too many kings for a line written in the user's own file: the message points at the user's
/// `line-size`, not at the shipped file's kings, and says what to change.
#[test]
fn too_many_kings_point_at_the_line_size_the_user_wrote() {
    let d = bad("extends = \"kingdomino\"\nplayers = [2]\n[rules]\nline-size = 1\n");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        4,
        13,
        &[
            "4 kings (2 per player) but only 1 domino a line (line-size): every king needs a domino (raise `line-size` to 4, or lower `kings-per-player`)",
        ],
    );
    // Past the longest line there is: fewer kings, not a longer line.
    let d =
        bad("extends = \"kingdomino\"\nplayers = [2]\n[for-players.2]\nkings-per-player = 17\n");
    assert_diag(
        &d,
        4,
        20,
        &[
            "34 kings (17 per player) but only 4 dominoes a line (line-size): every king needs a domino (lower `kings-per-player`: a line holds at most 32 dominoes)",
        ],
    );
}

/// A key of another table (TOML reads every key after `[rules]` into it): the message says where
/// it belongs, a rule at the top or among a module's parameters, a top-level key under a table.
#[test]
fn a_key_in_the_wrong_table_says_where_it_belongs() {
    let d = bad("extends = \"kingdomino\"\ngrid-size = 6\n");
    assert_diag(
        &d,
        2,
        1,
        &[
            "unknown key `grid-size` at the top level (`grid-size` is a rule: write it under [rules], or under [for-players.N] for one player count)",
        ],
    );
    let d = bad("extends = \"kingdomino\"\n[rules]\ngrid-size = 6\nadd-sets = [\"x\"]\n");
    assert_diag(
        &d,
        4,
        1,
        &[
            "unknown key `add-sets` in [rules] (`add-sets` is a top-level key: write it above the file's first [table])",
        ],
    );
    let d = bad(
        "extends = \"queendomino\"\n[rules.module.knights]\nstarting = 1\ntie-breaks = [\"most-coins\"]\n",
    );
    assert_diag(
        &d,
        4,
        1,
        &[
            "unknown parameter `tie-breaks`",
            "(`tie-breaks` is a rule, not one of the module's parameters: write it under [rules] (or [for-players.N] for one player count), not in the module's table)",
        ],
    );
    // A misspelling still gets its nearest key.
    let d = bad("extends = \"kingdomino\"\n[rules]\ngrid-sise = 6\n");
    assert_diag(&d, 3, 1, &["(did you mean `grid-size`?)"]);
}

/// `most-crown` is near the built-in `most-crowns`, not a module's resource (`most-coins`).
/// A top-level key written after a [table] (TOML reads it into that table) is reported there,
/// and what it would have given is not reported missing: no "no player counts" for an
/// `extends` or `players` not read, no unknown terrains or short deck for `add-sets` and
/// `remove-dominoes` not read, no "say which box" for a `box` not read.
#[test]
fn a_top_level_key_after_a_table_brings_no_follow_on_errors() {
    let domino = |n: u16, terrain: &str| {
        format!(
            "[[domino]]\nnumber = {n}\nfirst = {{ terrain = \"{terrain}\" }}\nsecond = {{ terrain = \"lake\" }}\n"
        )
    };
    for (text, keys) in [
        (
            "[rules]\nextends = \"kingdomino\"\n".to_string(),
            vec![(2, "extends")],
        ),
        (
            "[rules]\ngrid-size = 5\nextends = \"kingdomino\"\n".to_string(),
            vec![(3, "extends")],
        ),
        (
            "name = \"x\"\n[rules.harmony]\nenabled = true\nextends = \"harmony\"\nplayers = [2]\n"
                .to_string(),
            vec![(4, "extends"), (5, "players")],
        ),
        (
            format!(
                "players = [2, 5]\n[rules]\nextends = \"kingdomino\"\n[for-players.5]\nline-size = 5\n\
                 [rules.module.knights]\nstarting = 2\n{}",
                domino(49, "wheat")
            ),
            vec![(3, "extends")],
        ),
        (
            format!(
                "{HEAD}[rules]\nplayers = [5]\nadd-sets = [\"volcano\"]\nremove-dominoes = [12]\n\
                 [for-players.5]\nline-size = 5\n{}",
                domino(12, "volcano")
            ),
            vec![(3, "players"), (4, "add-sets"), (5, "remove-dominoes")],
        ),
        (
            format!(
                "extends = \"royal-wedding\"\nname = \"rw\"\n[rules]\nbox = \"kingdomino\"\n{}",
                domino(49, "wheat")
            ),
            vec![(4, "box")],
        ),
        // After a component's table, the natural place when replacing one: not "appears
        // twice" for the domino it would have removed, nor a deck of 49 for one added.
        (
            format!(
                "{HEAD}[[terrain]]\nname = \"desert\"\nsymbol = \"D\"\ncolour = \"#e0c080\"\n\
                 remove-dominoes = [1]\n{}",
                domino(1, "desert")
            ),
            vec![(6, "remove-dominoes")],
        ),
        (
            format!("{HEAD}{}remove-dominoes = [1]\n", domino(49, "lake")),
            vec![(6, "remove-dominoes")],
        ),
    ] {
        let d = bad(&text);
        for (line, key) in &keys {
            assert_diag(
                &d,
                *line,
                1,
                &[&format!(
                    "`{key}` is a top-level key: write it above the file's first [table]"
                )],
            );
        }
        assert_eq!(d.len(), keys.len(), "{text}\n{d}");
    }
    // A `name` under `[[domino]]` is the domino's (dominoes have none), not the ruleset's.
    let d = bad(&format!("{HEAD}{}name = \"Oasis\"\n", domino(49, "lake")));
    assert!(!d.to_string().contains("top-level"), "{d}");
    // The same for a component set not read: its terrains are not "unknown" for that.
    let d = bad(&format!(
        "{HEAD}add-sets = [\"volcno\"]\nremove-dominoes = [12]\n{}",
        domino(12, "volcano")
    ));
    assert_diag(
        &d,
        2,
        13,
        &["no shipped component set named `volcno` (did you mean `volcano`?)"],
    );
    assert_eq!(d.len(), 1, "{d}");
}

#[test]
fn a_misspelt_built_in_tie_break_is_suggested() {
    let d = bad("extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"most-crown\"]\n");
    assert_diag(&d, 3, 15, &["(did you mean `most-crowns`?)"]);
}

/// A whole float where an integer is expected keeps its point and says how to write it.
#[test]
fn a_whole_float_says_how_to_write_the_integer() {
    let d = bad("extends = \"kingdomino\"\n[rules]\ndeck-size = 48.0\n");
    assert_diag(
        &d,
        3,
        13,
        &["must be \"all\" or an integer from 1 to 1024, not 48.0, a float (write 48)"],
    );
}

/// `remove-buildings` takes tiles out of those inherited, before the file's own `[[building]]`:
/// replacing a tile is removing it and declaring it again; an unknown or repeated number is an
/// error at its entry.
#[test]
fn building_tiles_are_removed_and_replaced_by_number() {
    let registry = crownlands_core::Registry::shipped_ref();
    let r = load_str(
        registry,
        "extends = \"queendomino\"\nremove-buildings = [13, 14]\n[[building]]\nnumber = 13\nname = \"Cheap Hall\"\ncoins = 1\nvalue = { kind = \"fixed\", points = 4 }\n",
        Path::new("hall.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.buildings().len(), 31);
    assert!(r.buildings().iter().all(|b| b.number != 14));
    let hall = r.buildings().iter().find(|b| b.number == 13).expect("13");
    assert_eq!((hall.name.as_str(), hall.coins), ("Cheap Hall", 1));

    let d = bad("extends = \"queendomino\"\nremove-buildings = [13, 99, 13]\n");
    assert_diag(
        &d,
        2,
        25,
        &["no building tile numbered 99 to remove; the tiles so far: 1 to 12, 14 to 32"],
    );
    assert_diag(
        &d,
        2,
        29,
        &["building 13 is removed twice (first at bad.toml:2:21): list it once"],
    );
    // Declared twice without the removal: the message says how to replace it.
    let d = bad(
        "extends = \"queendomino\"\n[[building]]\nnumber = 13\nname = \"Cheap Hall\"\ncoins = 1\nvalue = { kind = \"fixed\", points = 4 }\n",
    );
    assert_diag(
        &d,
        3,
        10,
        &[
            "building number 13 appears twice",
            "list it in `remove-buildings` first",
        ],
    );
}

/// An unknown terrain that is no misspelling says once how a new terrain is declared.
#[test]
fn an_unknown_terrain_says_once_how_a_new_one_is_declared() {
    let d = bad(
        "extends = \"kingdomino\"\n[[domino]]\nnumber = 60\nfirst = { terrain = \"dessert\" }\nsecond = { terrain = \"dessert\" }\n[[domino]]\nnumber = 61\nfirst = { terrain = \"Wheat\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    let text = d.to_string();
    assert_eq!(
        text.matches("a new terrain is declared in a [[terrain]] table")
            .count(),
        1,
        "{text}"
    );
    assert!(
        text.contains("(name = \"dessert\", a symbol and a colour)"),
        "{text}"
    );
    assert!(
        text.contains("unknown terrain `Wheat` (did you mean `wheat`?)"),
        "{text}"
    );
}

/// A terrain's symbol where its name is meant names the terrain; a terrain a shipped set
/// declares (the house rules' volcano) names the set that brings it.
#[test]
fn an_unknown_terrain_that_is_a_symbol_or_a_shipped_sets_is_said_so() {
    let d = bad(
        "extends = \"kingdomino\"\nremove-dominoes = [1]\n[[domino]]\nnumber = 1\nfirst = { terrain = \"W\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    assert_diag(
        &d,
        5,
        21,
        &["unknown terrain `W` (did you mean `wheat`? `W` is its symbol"],
    );
    assert!(!d.to_string().contains("[[terrain]]"), "{d}");
    let d = bad(
        "extends = \"kingdomino\"\nremove-dominoes = [1]\n[[domino]]\nnumber = 1\nfirst = { terrain = \"volcano\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    assert_diag(
        &d,
        5,
        21,
        &["the shipped set `volcano` declares it, with its dominoes: `add-sets = [\"volcano\"]`"],
    );
}

/// The shipped set that declares a terrain is named for every such terrain, not only the
/// first unknown terrain of a file, and for a terrain a module's parameter names; how a new
/// terrain is declared is still said once.
#[test]
fn every_unknown_terrain_of_a_shipped_set_names_the_set() {
    let d = bad(
        "extends = \"kingdomino\"\nremove-dominoes = [1, 2]\n[[domino]]\nnumber = 1\nfirst = { terrain = \"lava\" }\nsecond = { terrain = \"wheat\" }\n[[domino]]\nnumber = 2\nfirst = { terrain = \"volcano\" }\nsecond = { terrain = \"town\" }\n",
    );
    let text = d.to_string();
    assert_diag(&d, 5, 21, &["unknown terrain `lava`", "(name = \"lava\""]);
    assert_diag(
        &d,
        9,
        21,
        &["unknown terrain `volcano`", "`add-sets = [\"volcano\"]`"],
    );
    assert_diag(
        &d,
        10,
        22,
        &["unknown terrain `town`", "`add-sets = [\"queendomino\"]`"],
    );
    assert_eq!(text.matches("[[terrain]] table").count(), 1, "{text}");
    // In a module's parameters: a multiplier's key, a goal's terrain.
    let d = bad(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\", \"goals\"]\n[rules.module.terrain-multipliers]\nmultipliers = { volcano = 2, town = 0 }\n[rules.module.goals]\ngoal = [{ name = \"Towns\", points = 5, terrain = \"town\" }]\n",
    );
    assert_diag(
        &d,
        5,
        17,
        &[
            "`multipliers.volcano`: terrain `volcano` is not among the ruleset's terrains",
            "the shipped set `volcano` declares it, with its dominoes: `add-sets = [\"volcano\"]`",
        ],
    );
    assert_diag(
        &d,
        5,
        30,
        &["`multipliers.town`", "`add-sets = [\"queendomino\"]`"],
    );
    assert_diag(
        &d,
        7,
        49,
        &[
            "terrain `town` is not among",
            "`add-sets = [\"queendomino\"]`",
        ],
    );
}

/// A list's position is counted from 1 in words in every message: a core key's (`players`), a
/// module parameter's (`slot-prices`), a list of tables' (`goal`, as `@goal N` counts them).
#[test]
fn list_positions_are_counted_alike_in_every_message() {
    let d = bad(
        "extends = \"queendomino\"\nplayers = [2, 3, 40]\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"goals\"]\n[rules.module.buildings]\nslot-prices = [1, -2]\n[rules.module.goals]\ngoal = [{ name = \"A\", points = 1 }, { name = \"B\", points = 1, scope = \"al\" }]\n",
    );
    assert_diag(&d, 2, 18, &["`players` item 3: 40 is too large"]);
    assert_diag(
        &d,
        6,
        19,
        &["module `buildings`: `slot-prices` item 2 must be from 0 to 1000, not -2"],
    );
    assert_diag(
        &d,
        8,
        71,
        &["module `goals`: `scope` of `goal` item 2 must be"],
    );
    assert!(!d.to_string().contains("[1]"), "{d}");
}

/// An empty file (or one of blank lines and comments) is said to be empty, with how a ruleset
/// starts; one that writes something but no player counts is still told to add them.
#[test]
fn an_empty_ruleset_file_is_said_to_be_empty() {
    for text in ["", "\n  \n", "# house rules, to come\n\n"] {
        let d = bad(text);
        assert_eq!(d.len(), 1, "{d}");
        assert_diag(
            &d,
            1,
            1,
            &[
                "the file is empty: a ruleset starts from one it changes, e.g. `extends = \"kingdomino\"`",
                "`players = [2, 3, 4]`",
            ],
        );
    }
    let d = bad("description = \"mine\"\n");
    assert_diag(
        &d,
        1,
        1,
        &["no player counts: add e.g. `players = [2, 3, 4]`"],
    );
    assert!(!d.to_string().contains("is empty"), "{d}");
}

/// `[for-games.3]`, rules by the game of a match, is pointed to `for-players`, the only way
/// rules differ; a misspelt `for-player` is a plain misspelling.
#[test]
fn a_for_key_of_another_kind_is_pointed_to_for_players() {
    let d = bad("extends = \"dynasty\"\n[for-games.3]\nharmony = { enabled = true }\n");
    assert_diag(
        &d,
        2,
        2,
        &[
            "unknown key `for-games` at the top level (did you mean `for-players`? rules differ by player count only: [for-players.N] for N players)",
        ],
    );
    let d = bad("extends = \"dynasty\"\n[for-player.3]\nharmony = { enabled = true }\n");
    assert_diag(
        &d,
        2,
        2,
        &["unknown key `for-player` at the top level (did you mean `for-players`?);"],
    );
}

/// The team-size error suggests the counts the ruleset allows that teams fill (Royal Wedding
/// in teams of 2: 4, 6 and 8, never 2, which it does not allow).
#[test]
fn a_team_size_that_does_not_divide_suggests_the_rulesets_own_counts() {
    let d = bad("extends = \"royal-wedding\"\n[rules]\nteam-size = 2\n");
    assert_diag(
        &d,
        3,
        13,
        &[
            "at 3 players: 3 players do not form teams of 2: play a multiple of 2 players, of the counts this ruleset allows: `players = [4, 6, 8]`",
        ],
    );
    assert!(!d.to_string().contains("(2, 4, ...)"), "{d}");
}

/// A deck that `remove-dominoes` left too small for one line is blamed on the removal at every
/// player count, with the fix, not on the deck size a shipped file set.
#[test]
fn a_deck_emptied_by_remove_dominoes_is_blamed_on_the_removal() {
    let numbers: Vec<String> = (1..=46).map(|n| n.to_string()).collect();
    let d = bad(&format!(
        "extends = \"kingdomino\"\nremove-dominoes = [{}]\n",
        numbers.join(", ")
    ));
    assert_diag(
        &d,
        2,
        19,
        &[
            "at 3 and 4 players: a deck of 2 dominoes is too small for one line of 4",
            "counts the 2 dominoes left after this `remove-dominoes`: remove fewer, to leave at least 4",
        ],
    );
    assert!(!d.to_string().contains("as set in"), "{d}");
    let numbers: Vec<String> = (1..=47).map(|n| n.to_string()).collect();
    let d = bad(&format!(
        "extends = \"kingdomino\"\nremove-dominoes = [{}]\n",
        numbers.join(", ")
    ));
    assert_diag(
        &d,
        2,
        19,
        &[
            "a deck of 1 domino is too small",
            "counts the 1 domino left",
        ],
    );
}

/// A building written with a `cost`: the board's slots set prices, and a tile's own is `price`.
#[test]
fn a_building_cost_says_the_slots_and_price_set_it() {
    let d = bad(
        "extends = \"queendomino\"\n[[building]]\nnumber = 40\nname = \"Market Hall\"\ncost = 3\nvalue = { kind = \"fixed\", points = 1 }\n",
    );
    assert_diag(
        &d,
        5,
        1,
        &[
            "unknown key `cost`",
            "(a building costs what its slot on the Builders' Board costs, `slot-prices` under \
             [rules.module.buildings], plus its own `price` where a house rule gives one)",
        ],
    );
}

/// A misspelt file name in `extends` names the file beside it that it likely meant.
#[test]
fn a_misspelt_file_to_extend_names_the_one_beside_it() {
    let dir = common::temp_dir("misspelt-extends");
    common::write(&dir, "desert.toml", "extends = \"kingdomino\"\n");
    let path = common::write(&dir, "more.toml", "extends = \"desret.toml\"\n");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("no such file");
    assert_diag(
        &d,
        1,
        11,
        &["there is no such file (did you mean `", "desert.toml`?)"],
    );
    // Nothing alike: nothing suggested.
    let path = common::write(&dir, "other.toml", "extends = \"volcanic-isles.toml\"\n");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("no such file");
    assert!(!d.to_string().contains("did you mean"), "{d}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tile replaced by a file may be replaced (or removed) again by a file extending it, as a
/// domino may; a file that removes every tile may declare as many as the limit again; and the
/// warning on names alike names the tile as it stands, not the one it replaced.
#[test]
fn building_tiles_replaced_in_a_chain_are_replaced_again() {
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = common::temp_dir("buildings-chain");
    let hall = |name: &str, points: u32| {
        format!(
            "remove-buildings = [1]
[[building]]
number = 1
name = \"{name}\"
value = {{ kind = \"fixed\", points = {points} }}
"
        )
    };
    common::write(
        &dir,
        "a.toml",
        &format!("extends = \"queendomino\"\n{}", hall("A hall", 4)),
    );
    let b = common::write(
        &dir,
        "b.toml",
        &format!("extends = \"a.toml\"\n{}", hall("B hall", 9)),
    );
    let r = load_path(registry, &b).unwrap_or_else(|e| panic!("{e}"));
    let one = r.buildings().iter().find(|t| t.number == 1).expect("1");
    assert_eq!(one.name, "B hall");
    assert_eq!(r.buildings().len(), 32);
    let c = common::write(
        &dir,
        "c.toml",
        "extends = \"a.toml\"\nremove-buildings = [1]\n",
    );
    let r = load_path(registry, &c).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.buildings().iter().all(|t| t.number != 1));
    // Every tile removed, then the limit's 256 declared.
    let mut all = String::from("extends = \"queendomino\"\nremove-buildings = [");
    all.push_str(
        &(1..=32)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    );
    all.push_str("]\n");
    for n in 1..=256 {
        all.push_str(&format!(
            "[[building]]\nnumber = {n}\nvalue = {{ kind = \"fixed\", points = 1 }}\n"
        ));
    }
    let r = load_str(registry, &all, Path::new("all.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.buildings().len(), 256);
    // A name alike the one a replaced tile has now: named as it is now.
    let w = warnings_of(
        "extends = \"queendomino\"\nremove-buildings = [5]\n[[building]]\nnumber = 5\nname = \"Hall\"\n[[building]]\nnumber = 40\nname = \"hall\"\n",
        "b5.toml",
    );
    assert!(
        w.iter()
            .any(|d| d.message.contains("and building 5 `Hall`")),
        "{w:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two building tiles may not share a name (nor names that read alike): the scores, the
/// statistics and the screens tell tiles apart by name. A removed tile's name is free again.
#[test]
fn building_tiles_need_names_of_their_own() {
    // A warning, not an error: a save's embedded ruleset written before the check still loads.
    let w = warnings_of(
        "extends = \"queendomino\"\nremove-buildings = [14]\n[[building]]\nnumber = 33\nname = \"saw mill\"\nvalue = { kind = \"fixed\", points = 4 }\n",
        "saw.toml",
    );
    assert_diag(
        &w,
        5,
        8,
        &[
            "building 33 is named `saw mill` and building 13 `Sawmill`: they read alike (at ",
            "queendomino-buildings.toml:",
            "give each a name of its own, or none",
        ],
    );
    let w = warnings_of(
        "extends = \"queendomino\"\n[[building]]\nnumber = 33\nname = \"Sawmill\"\nvalue = { kind = \"fixed\", points = 4 }\n",
        "saw.toml",
    );
    assert_diag(
        &w,
        4,
        8,
        &["building 33 is named `Sawmill` as building 13 is (at "],
    );
    // The name of a tile taken out may be given to another.
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nremove-buildings = [14]\n[[building]]\nnumber = 33\nname = \"Forest Tower\"\nvalue = { kind = \"fixed\", points = 4 }\n",
        Path::new("tower.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        r.buildings()
            .iter()
            .filter(|b| b.name == "Forest Tower")
            .count(),
        1
    );
}

/// A square written as a bare terrain name shows the table it must be; a lone file of components
/// without `[set]` is told a set begins with one.
#[test]
fn a_square_or_a_set_written_wrong_shows_the_right_form() {
    let d = bad(
        "extends = \"kingdomino\"\n[[domino]]\nnumber = 60\nfirst = \"wheat\"\nsecond = { terrain = \"wheat\" }\n",
    );
    assert_diag(
        &d,
        4,
        9,
        &[
            "`first` of domino 60 must be a table such as { terrain = \"wheat\", crowns = 1 }, not a string",
        ],
    );
    let d = bad(
        "[[terrain]]\nname = \"ash\"\nsymbol = \"A\"\ncolour = \"#333333\"\n[[domino]]\nnumber = 1\nfirst = { terrain = \"ash\" }\nsecond = { terrain = \"ash\" }\n",
    );
    assert!(
        d.to_string()
            .contains("a component set (terrains and dominoes for rulesets to use) begins with a `[set]` table"),
        "{d}"
    );
}

/// A user's ruleset named as a shipped one is a warning (its results would read as the shipped
/// ruleset's); the shipped file itself, read from a checkout, is not.
#[test]
fn a_ruleset_named_as_a_shipped_one_is_a_warning() {
    let w = warnings_of(
        "name = \"kingdomino\"\nextends = \"kingdomino\"\n[rules]\ngrid-size = 6\n",
        "mine.toml",
    );
    assert_diag(
        &w,
        1,
        8,
        &[
            "its `name` is `kingdomino`, a shipped ruleset's name: its games, saves and results would read as the shipped ruleset's; give it a `name` of its own",
        ],
    );
    // A zero width joiner is drawn as nothing (an adversary's name passed as its own), and a
    // terrain named so beside `wheat` is told too; each says where the hidden character is.
    let w = warnings_of(
        "name = \"king\u{200d}domino\"\nextends = \"kingdomino\"\n[rules]\ngrid-size = 6\n",
        "zwj.toml",
    );
    assert_diag(
        &w,
        1,
        8,
        &["its `name` is `king\\u{200d}domino`, which looks like the shipped ruleset `kingdomino`"],
    );
    let w = warnings_of(
        "extends = \"kingdomino\"\nname = \"wheats\"\n[[terrain]]\nname = \"wh\u{200d}eat\"\nsymbol = \"Y\"\ncolour = \"#ffffff\"\n",
        "wheats.toml",
    );
    assert!(
        w.to_string()
            .contains("terrain `wh\\u{200d}eat` looks like terrain `wheat`"),
        "{w}"
    );
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 6\n",
        "harmony.toml",
    );
    assert!(
        w.to_string()
            .contains("with no `name`, it is called `harmony` after its file"),
        "{w}"
    );
    let shipped = std::fs::read_to_string(common::rulesets_dir().join("kingdomino.toml"))
        .expect("the shipped file");
    let w = warnings_of(&shipped, "kingdomino.toml");
    assert!(w.0.is_empty(), "{w}");
    // What `show` prints of a shipped ruleset is that ruleset (the same rules, the same hash).
    let registry = crownlands_core::Registry::shipped_ref();
    let queendomino = crownlands_rules::load(registry, "queendomino").expect("loads");
    let shown = crownlands_rules::to_toml(&queendomino, None);
    let w = warnings_of(&shown, "shown.toml");
    assert!(w.0.is_empty(), "{w}");
}

#[test]
fn extends_too_deep_names_the_chain_from_the_file_asked_for() {
    let dir = common::temp_dir("deep");
    common::write(&dir, "c0.toml", "extends = \"kingdomino\"\n");
    for i in 1..=40 {
        common::write(
            &dir,
            &format!("c{i}.toml"),
            &format!("extends = \"c{}.toml\"\n", i - 1),
        );
    }
    let d = load_path(
        crownlands_core::Registry::shipped_ref(),
        &dir.join("c40.toml"),
    )
    .expect_err("too deep");
    let text = d.to_string();
    assert!(
        text.contains("`extends` nests more than 32 files deep: ")
            && text.contains("c40.toml -> ")
            && text.contains("... (28 more) -> ")
            && text.contains("c9.toml -> ")
            && text.trim_end().ends_with("c8.toml"),
        "{text}"
    );
}

#[test]
fn a_name_is_not_blank_and_has_no_spaces_around_it() {
    // `kingdomino ` would read as `kingdomino` wherever it is shown.
    let d = bad(
        "name = \"kingdomino \"\nextends = \"kingdomino\"\n\n[[terrain]]\nname = \" \"\nsymbol = \"A\"\ncolour = \"#777777\"\n",
    );
    assert_diag(
        &d,
        1,
        8,
        &["a name has no space at its start or end: write \"kingdomino\""],
    );
    assert_diag(&d, 5, 8, &["a name is not blank: write a word"]);
    // Spaces inside a name are fine.
    let text = "name = \"my rules\"\nextends = \"kingdomino\"\n";
    load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        Path::new("ok.toml"),
    )
    .expect("loads");
    // A save's embedded ruleset, written before this check, still loads.
    let shown = crownlands_rules::to_toml(
        &load(crownlands_core::Registry::shipped_ref(), "harmony").expect("harmony"),
        None,
    )
    .replace("name = \"harmony\"", "name = \"harmony \"");
    assert!(shown.contains("name = \"harmony \""), "{shown}");
    crownlands_rules::load_embedded(
        crownlands_core::Registry::shipped_ref(),
        &shown,
        "s#ruleset",
    )
    .expect("an old save's ruleset loads");
}

/// A terrain of the author's that no domino has is warned of at its name; one recoloured, or a
/// shipped set's, is not.
#[test]
fn a_terrain_on_no_domino_is_warned_of() {
    let w = warnings_of(
        "extends = \"kingdomino\"\n[[terrain]]\nname = \"desert\"\nsymbol = \"D\"\ncolour = \"#ddcc33\"\n",
        "t.toml",
    );
    assert_diag(
        &w,
        3,
        8,
        &["terrain `desert` (D) is on no domino of the deck: it never appears in a game"],
    );
    let w = warnings_of(
        "extends = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#cc2222\"\n",
        "t.toml",
    );
    assert!(!w.to_string().contains("on no domino"), "{w}");
}

#[test]
fn names_that_only_look_alike_are_warned_of() {
    // A terrain `whеat` (a Cyrillic `е`) beside Kingdomino's `wheat`: two lines reading
    // "wheat" in every score.
    let w = warnings_of(
        "extends = \"kingdomino\"\n[[terrain]]\nname = \"wh\u{435}at\"\nsymbol = \"A\"\ncolour = \"#777777\"\n",
        "t.toml",
    );
    assert_diag(
        &w,
        3,
        8,
        &[
            "terrain `wh\u{435}at` looks like terrain `wheat`",
            "rename one",
        ],
    );
    // A ruleset named like a shipped one, but for a letter of another script or the case.
    for name in ["kingd\u{43e}mino", "Kingdomino"] {
        let w = warnings_of(
            &format!("name = \"{name}\"\nextends = \"kingdomino\"\n"),
            "n.toml",
        );
        assert_diag(
            &w,
            1,
            8,
            &["which looks like the shipped ruleset `kingdomino` on a screen"],
        );
    }
    // Names of their own: nothing.
    let w = warnings_of("name = \"my-rules\"\nextends = \"kingdomino\"\n", "n.toml");
    assert!(w.0.is_empty(), "{w}");
    assert_eq!(crownlands_core::text::look("Wh\u{435}at"), "wheat");
    assert_ne!(
        crownlands_core::text::look("lake"),
        crownlands_core::text::look("lava")
    );
}

#[test]
fn a_box_named_twice_in_line_order_deals_twice_the_lines_never_a_domino_twice() {
    // `line-order = [K, K, Q]`: two lines from the Kingdomino box to one from the Queendomino
    // box, each box one pile (it dealt a second shuffled copy of the box: dominoes twice).
    let r = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"royal-wedding\"\nname = \"kkq\"\nplayers = [3]\n[rules]\nline-order = [\"kingdomino\", \"kingdomino\", \"queendomino\"]\ndeck-size = 72\n",
        Path::new("kkq.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let r = std::sync::Arc::new(r);
    let piles = r.piles().to_vec();
    let pile = |name: &str| piles.iter().position(|p| p == name).expect("box") as u8;
    let pattern = [pile("kingdomino"), pile("kingdomino"), pile("queendomino")];
    for seed in 0..10 {
        let mut g = crownlands_core::Game::new(r.clone(), 3, seed).expect("setup");
        let mut lines: Vec<Vec<crownlands_core::DominoId>> = Vec::new();
        let mut state = seed.wrapping_mul(0x9E37_79B9) | 1;
        loop {
            let line: Vec<_> = g.next_line().iter().map(|s| s.domino).collect();
            if !line.is_empty() && lines.last() != Some(&line) {
                lines.push(line);
            }
            let next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u32
            };
            if g.play_random(next).is_none() {
                break;
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for (k, line) in lines.iter().enumerate() {
            for &d in line {
                assert!(seen.insert(d), "seed {seed}: a domino dealt twice");
                assert_eq!(g.domino(d).pile, pattern[k % 3], "seed {seed}: line {k}");
            }
        }
        assert_eq!(
            seen.len(),
            72,
            "seed {seed}: the whole deck, each domino once"
        );
    }
}

#[test]
fn a_line_order_under_mixed_lines_is_warned_of_unless_inherited() {
    let w = warnings_of(
        "extends = \"royal-wedding\"\nname = \"m\"\n[rules]\nlines = \"mixed\"\nline-order = [\"kingdomino\"]\n",
        "m.toml",
    );
    assert_diag(
        &w,
        5,
        14,
        &["`line-order` has no effect: `lines = \"mixed\"`"],
    );
    // Royal Wedding's own order, under a house rule mixing the boxes: nothing to say.
    let w = warnings_of(
        "extends = \"royal-wedding\"\nname = \"m\"\n[rules]\nlines = \"mixed\"\n",
        "m.toml",
    );
    assert!(w.is_empty(), "{w}");
}

/// A seating of teams where every team is one player does nothing: warned of at `teams`, not
/// where the same `teams` seats teams at another count.
#[test]
fn a_seating_of_teams_of_one_is_warned_of() {
    let w = warnings_of(
        "extends = \"kingdomino\"\nname = \"t\"\nrules.teams = \"alternating\"\n",
        "t.toml",
    );
    assert_eq!(w.len(), 1, "{w}");
    assert_diag(
        &w,
        3,
        15,
        &[
            "`teams = \"alternating\"` has no effect: with `team-size = 1` every player is a side of one, so there are no teams to seat (give `team-size = 2` or more",
        ],
    );
    // The same `teams` seats the teams of 4 players: nothing to say at 2 and 3.
    let w = warnings_of(
        "extends = \"kingdomino\"\nname = \"t\"\n[rules]\nteams = \"alternating\"\n[for-players.4]\nteam-size = 2\n",
        "t.toml",
    );
    assert!(!w.to_string().contains("`teams"), "{w}");
    // Royal Wedding's teams, seated otherwise: no warning.
    let w = warnings_of(
        "extends = \"royal-wedding-teams\"\nname = \"t\"\n[rules]\nteams = \"alternating\"\n",
        "t.toml",
    );
    assert!(w.is_empty(), "{w}");
}

/// Harmony or Middle Kingdom on but worth 0 points is warned of at its `points`, as goals all
/// worth 0 are.
#[test]
fn a_bonus_worth_0_points_is_warned_of() {
    let w = warnings_of(
        "extends = \"kingdomino\"\nname = \"b\"\n[rules]\nharmony = { enabled = true, points = 0 }\nmiddle-kingdom = { enabled = true, points = 0 }\n",
        "b.toml",
    );
    assert_eq!(w.len(), 2, "{w}");
    assert_diag(
        &w,
        4,
        38,
        &["Harmony is worth 0 points, so earning it changes nothing: give it `points`"],
    );
    assert_diag(
        &w,
        5,
        45,
        &["Middle Kingdom is worth 0 points, so earning it changes nothing"],
    );
    // A penalty is worth something.
    let w = warnings_of(
        "extends = \"kingdomino\"\nname = \"b\"\n[rules]\nharmony = { enabled = true, points = -5 }\n",
        "b.toml",
    );
    assert!(w.is_empty(), "{w}");
}

/// Starting coins that already score the most a line holds: no coin gained adds a point.
#[test]
fn wealth_capped_from_the_start_is_warned_of() {
    let w = warnings_of(
        "extends = \"queendomino\"\nname = \"w\"\n[rules.module.wealth]\nstarting-coins = 1000000\ncoins-per-point = 1\n",
        "w.toml",
    );
    assert_diag(
        &w,
        4,
        18,
        &[
            "module `wealth`: the 1000000 starting coins already score 1000000 points, the most one score line holds: no coin gained ever adds a point; only coins spent take points away (give fewer than 1000000 `starting-coins`",
        ],
    );
    // One coin fewer: coins gained count again.
    let w = warnings_of(
        "extends = \"queendomino\"\nname = \"w\"\n[rules.module.wealth]\nstarting-coins = 999999\ncoins-per-point = 1\n",
        "w.toml",
    );
    assert!(w.is_empty(), "{w}");
}

#[test]
fn a_warning_from_a_shipped_files_default_is_said_once_for_all_counts() {
    // Building tiles with no module to play them, over Kingdomino (whose `modules` is left at its
    // default): one warning a count before, each "as set in" another entry of its `players`;
    // now one, at the file's own tiles.
    let w = warnings_of(
        "extends = \"kingdomino\"\nadd-sets = [\"queendomino-buildings\"]\n",
        "tiles.toml",
    );
    assert_eq!(w.0.len(), 1, "{w}");
    assert_diag(&w, 2, 12, &["32 building tiles declared, but no module"]);
}

#[test]
fn a_box_over_no_dominoes_of_the_file_is_warned_of() {
    // A misspelt `box` over Royal Wedding with no dominoes of its own passed silently.
    let w = warnings_of(
        "extends = \"royal-wedding\"\nname = \"b\"\nbox = \"kingdomno\"\n",
        "b.toml",
    );
    assert_diag(&w, 3, 7, &["`box` names the box this file's own dominoes"]);
}

#[test]
fn a_tie_break_near_a_known_one_is_suggested() {
    let d = bad(
        "extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"most-Coins\", \"largest\", \"most-crowsn\", \"coins \", \"crowns\", \"largest-teritory\"]\n",
    );
    let text = d.to_string();
    for meant in [
        "not \"most-Coins\" (did you mean \"most-coins\"?)",
        "not \"largest\" (did you mean \"largest-territory\"?)",
        // Not `most-largest-teritory`, which is refused in turn.
        "not \"largest-teritory\" (did you mean \"largest-territory\"?)",
        "not \"coins \" (did you mean \"most-coins\"?)",
        "not \"crowns\" (did you mean \"most-crowns\"?)",
    ] {
        assert!(text.contains(meant), "{meant}: {text}");
    }
}

/// A word that names no resource gets no `most-` put before it (a playtester's `nonsense` was
/// told `did you mean "most-nonsense"?`, refused in turn); one near a resource gets that one.
#[test]
fn a_tie_break_suggested_names_a_resource_a_module_keeps() {
    let d = bad(
        "extends = \"kingdomino\"\n[rules]\ntie-breaks = [\"nonsense\", \"max-nonsense\", \"coin\", \"knight\", \"crown\"]\n",
    );
    let text = d.to_string();
    assert!(!text.contains("most-nonsense"), "{text}");
    assert!(text.contains("not \"nonsense\""), "{text}");
    for meant in [
        "not \"coin\" (did you mean \"most-coins\"?)",
        "not \"knight\" (did you mean \"most-knights\"?)",
        "not \"crown\" (did you mean \"most-crowns\"?)",
    ] {
        assert!(text.contains(meant), "{meant}: {text}");
    }
    assert_eq!(text.matches("did you mean").count(), 3, "{text}");
}

#[test]
fn an_empty_removal_is_not_blamed_for_a_short_deck() {
    // `sets = []` left no dominoes; `remove-dominoes = []` took none out, yet was blamed.
    let d = bad("extends = \"kingdomino\"\nsets = []\nremove-dominoes = []\n");
    assert!(!d.0.iter().any(|x| x.line == 3), "{d}");
    assert_diag(&d, 2, 8, &["the ruleset declares no terrains"]);
}

#[test]
fn a_deck_that_does_not_split_into_rounds_of_the_line_order_says_sizes_that_do() {
    // K, K, Q: rounds of 3 lines of 4; the Kingdomino box deals two of them (72 at most).
    let text = |deck: u16| {
        format!(
            "extends = \"royal-wedding\"\nname = \"kkq\"\nplayers = [3]\n[rules]\nline-order = [\"kingdomino\", \"kingdomino\", \"queendomino\"]\ndeck-size = {deck}\n"
        )
    };
    let d = bad(&text(64));
    assert_diag(
        &d,
        6,
        13,
        &[
            "a deck of 64 dominoes does not split into rounds of `line-order`: 3 lines of 4, one for each of its places (add 16 dominoes to box kingdomino for 96, the fewest that split and let a kingdom fill its grid; or set `deck-size` to 60 or 72, though then no kingdom fills its grid)",
        ],
    );
    // The plain lines' hint (60 or 68... of lines of 4) is not said beside it, nor a share the
    // deck cannot split into.
    assert_eq!(d.0.len(), 1, "{d}");
    let d = bad(&text(5));
    assert!(
        d.to_string().contains("or set `deck-size = 12`, though"),
        "{d}"
    );
    // Of the sizes that split, one that lets a kingdom fill its grid: at 2 players rounds of 16
    // split 16 and 32, and 16 leaves each kingdom 8 dominoes of the 12 a 5x5 grid takes.
    let d = bad(
        "extends = \"kingdomino\"\nname = \"kq\"\nadd-sets = [\"queendomino\"]\nplayers = [2]\n[rules]\nlines = \"alternate\"\nline-order = [\"kingdomino\", \"kingdomino\", \"queendomino\", \"queendomino\"]\ndeck-size = 24\n",
    );
    assert_diag(
        &d,
        8,
        13,
        &["4 lines of 4, one for each of its places (set `deck-size = 32`)"],
    );
    // Where the boxes cannot deal a deck that fills the grids, the dominoes a box lacks are said
    // first (two taken out of Royal Wedding's 96: 88 splits, but 22 do not fill a 7x7 kingdom).
    let d = bad("extends = \"royal-wedding\"\nremove-dominoes = [\"Q1\", \"Q2\"]\n");
    // At the removal, where the deck's count comes from (it was at `extends`).
    assert_diag(
        &d,
        2,
        19,
        &["counts the 94 dominoes left after this `remove-dominoes`"],
    );
    assert!(
        d.to_string().contains(
            "(add 2 dominoes to box queendomino for 96, the fewest that split and let a kingdom fill its grid; or set `deck-size = 88`, though then no kingdom fills its grid)"
        ),
        "{d}"
    );
    // Both sizes offered load.
    for deck in [60, 72, 12] {
        load_str(
            crownlands_core::Registry::shipped_ref(),
            &text(deck),
            Path::new("kkq.toml"),
        )
        .unwrap_or_else(|e| panic!("{deck}: {e}"));
    }
}

#[test]
fn a_misspelt_name_of_a_box_or_module_is_suggested_and_said_once() {
    // `Kingdomino` in line-order: the name meant, and no second error about what the other box
    // would then have to deal.
    let d = bad(
        "extends = \"royal-wedding\"\nname = \"rw\"\n[rules]\nline-order = [\"Kingdomino\", \"queendomino\"]\n",
    );
    assert_eq!(d.0.len(), 1, "{d}");
    assert_diag(
        &d,
        4,
        14,
        &["line-order names box `Kingdomino` (did you mean `kingdomino`?)"],
    );
    // A box's name cut short: the box it begins.
    let d = bad(
        "extends = \"royal-wedding\"\nname = \"rw\"\n[rules]\nline-order = [\"queendomino\", \"kingdom\"]\n",
    );
    assert_diag(
        &d,
        4,
        14,
        &["line-order names box `kingdom` (did you mean `kingdomino`?)"],
    );
    // Parameters of a misspelt module the list does not have either.
    let d = bad(
        "extends = \"kingdomino\"\nname = \"k\"\n[rules]\nmodules = [\"wealth\"]\n[rules.module.knigths]\nper-turn = 1\n",
    );
    assert_diag(
        &d,
        5,
        15,
        &["(did you mean `knights`? It is not in `modules` either)"],
    );
}

#[test]
fn a_deck_short_of_a_domino_thrown_out_is_not_judged() {
    // Domino 30 replaced with misspelt terrains: the two terrains are the problems, not a deck
    // of 47 that "does not divide into lines" (its advice, remove 3 more, would break the file
    // once the names are fixed). The same for a domino the schema check throws out.
    let d = bad(&format!(
        "{HEAD}remove-dominoes = [30]\n[[domino]]\nnumber = 30\nfirst = {{ terrain = \"Lake\" }}\nsecond = {{ terrain = \"wheet\" }}\n"
    ));
    assert_eq!(d.len(), 2, "{d}");
    assert_diag(
        &d,
        5,
        21,
        &["unknown terrain `Lake` (did you mean `lake`?)"],
    );
    let d = bad(&format!(
        "{HEAD}remove-dominoes = [30]\n[[domino]]\nnumber = 0\n{WHEATS}"
    ));
    assert!(!d.to_string().contains("divide"), "{d}");
    assert_diag(&d, 4, 10, &["0 is too small"]);
}

/// A component set that could not be read (a path without `.toml`, a misspelt shipped name, a
/// file of another kind) is short of its dominoes as a thrown-out domino is: the deck's size is
/// not judged, so the set's own error is not followed by a deck of 48 "not dividing into lines
/// of 5" and advice (`deck-size = 45`) that is wrong once the set is read.
#[test]
fn a_deck_short_of_a_set_not_read_is_not_judged() {
    let dir = common::temp_dir("set-not-read");
    let mut set = String::from(
        "[set]\nname = \"extra\"\nbox = \"kingdomino\"\n[[terrain]]\nname = \"wheat\"\nsymbol = \"W\"\ncolour = \"#e3bd3c\"\n",
    );
    for n in 49..=60 {
        set.push_str(&format!("[[domino]]\nnumber = {n}\n{WHEATS}"));
    }
    common::write(&dir, "sets/extra.toml", &set);
    common::write(&dir, "other.toml", "extends = \"kingdomino\"\n");
    let rules = |entry: &str| {
        format!(
            "extends = \"kingdomino\"\nadd-sets = [\"{entry}\"]\nplayers = [5]\n[rules]\nline-size = 5\n"
        )
    };
    for (entry, said) in [
        ("sets/extra", "(did you mean `"),
        ("extra", "no shipped component set named `extra`"),
        ("other.toml", "is not a component set file"),
    ] {
        let p = common::write(&dir, "five.toml", &rules(entry));
        let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err(entry);
        assert_diag(&d, 2, 13, &[said]);
        assert!(!d.to_string().contains("divide"), "{entry}: {d}");
        assert_eq!(d.len(), 1, "{entry}: {d}");
    }
    // Mended, the deck is 60 and divides into lines of 5.
    let p = common::write(&dir, "five.toml", &rules("sets/extra.toml"));
    let r = load_path(crownlands_core::Registry::shipped_ref(), &p).expect("60 in lines of 5");
    assert_eq!(r.dominoes().len(), 60);
}

#[test]
fn values_written_in_the_wrong_shape_say_the_right_one() {
    // A bonus switched on with a boolean; a list of one written bare; a deck past the sets.
    let d = bad(&format!(
        "{HEAD}[rules]\nharmony = true\ntie-breaks = \"most-crowns\"\ndeck-size = 52\n"
    ));
    assert_diag(
        &d,
        3,
        11,
        &[
            "switch it in its table, `harmony = { enabled = true }` (or `enabled = true` under `[rules.harmony]`)",
        ],
    );
    assert_diag(&d, 4, 14, &["a list of one is written `[\"most-crowns\"]`"]);
    // (Refused values leave the rest checked once they are fixed.)
    let d = bad(&format!("{HEAD}[rules]\ndeck-size = 52\n"));
    assert_diag(
        &d,
        3,
        13,
        &[
            "but the component sets hold only 48 (at most 48: `deck-size = \"all\"` deals every one)",
        ],
    );
    // No list hint for numbers, nor for files (a message never repeats a path; a shipped
    // set's name, `sets = "kingdomino"`, is no path and gets it).
    let d = bad("players = \"2\"\nsets = \"my-set\"\n");
    assert!(!d.to_string().contains("list of one"), "{d}");
    // Nor for lists of tables.
    let d = bad(&format!("{HEAD}domino = \"x\"\n"));
    assert!(!d.to_string().contains("list of one"), "{d}");
}

#[test]
fn two_component_sets_numbering_a_domino_alike_are_told_to_renumber() {
    let dir = common::temp_dir("set-clash");
    common::write(
        &dir,
        "vineyard.toml",
        "[set]\nname = \"vineyard\"\nbox = \"kingdomino\"\n[[terrain]]\nname = \"vineyard\"\nsymbol = \"Y\"\ncolour = \"#6a2c70\"\n[[domino]]\nnumber = 49\nfirst = { terrain = \"vineyard\" }\nsecond = { terrain = \"wheat\" }\n",
    );
    let p = common::write(
        &dir,
        "mine.toml",
        "extends = \"volcano\"\nadd-sets = [\"vineyard\"]\n",
    );
    // The set written without `.toml`: said which file was meant, as a name or as a path.
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("no such set");
    assert_diag(
        &d,
        2,
        13,
        &[
            "no shipped component set named `vineyard` (the file `vineyard.toml` is beside this one: write \"vineyard.toml\")",
        ],
    );
    // The set in a `sets/` folder beside the ruleset: that path is said.
    std::fs::create_dir_all(dir.join("sets")).unwrap();
    std::fs::rename(dir.join("vineyard.toml"), dir.join("sets/vineyard.toml")).unwrap();
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("no such set");
    assert_diag(
        &d,
        2,
        13,
        &["(this file's folder holds `sets/vineyard.toml`: write \"sets/vineyard.toml\")"],
    );
    std::fs::rename(dir.join("sets/vineyard.toml"), dir.join("vineyard.toml")).unwrap();
    let p = common::write(
        &dir,
        "mine.toml",
        "extends = \"volcano\"\nadd-sets = [\"./vineyard\"]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("no such file");
    assert_diag(
        &d,
        2,
        13,
        &["cannot read `", "(did you mean `", "vineyard.toml`?)"],
    );
    let p = common::write(
        &dir,
        "mine.toml",
        "extends = \"volcano\"\nadd-sets = [\"vineyard.toml\"]\n[rules]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &p).expect_err("a clash");
    let text = d.to_string();
    assert!(
        text.contains("domino number 49 appears twice in box `kingdomino`")
            && text.contains(
                "two component sets may not share a number: renumber this set's dominoes (box `kingdomino` is free from 57 on)"
            )
            && !text.contains("remove-dominoes"),
        "{text}"
    );
    // Declared twice in one file: keep one.
    let d = bad(&format!(
        "{HEAD}[[domino]]\nnumber = 60\n{WHEATS}[[domino]]\nnumber = 60\n{WHEATS}"
    ));
    assert!(
        d.to_string()
            .contains("declared twice in this file: keep one"),
        "{d}"
    );
}

#[test]
fn a_house_rule_module_that_changes_nothing_is_warned_of() {
    // A playtest switched them on without their parameters: `ok`, and not a word.
    for (text, why) in [
        (
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n",
            "module `terrain-multipliers` can never act: no multiplier other than 1 and no `min-squares` past 1 are given",
        ),
        (
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
             [rules.module.terrain-multipliers]\nmultipliers = { lake = 1 }\nmin-squares = 1\n",
            "module `terrain-multipliers` can never act: no multiplier other than 1 and no `min-squares` past 1 are given",
        ),
        (
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n",
            "module `claim-order` can never act: its `points` and `coins` give nothing",
        ),
    ] {
        let w = warnings_of(text, "h.toml");
        assert!(w.0.iter().any(|d| d.message.contains(why)), "{w}");
    }
    // With something to do, or the place deciding ties, no warning.
    for text in [
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { lake = 0 }\n",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmin-squares = 2\n",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n\
         [rules.module.claim-order]\npoints = [0, 1]\n",
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"claim-order\"]\n\
         tie-breaks = [\"most-claim-place\"]\n",
    ] {
        let w = warnings_of(text, "h.toml");
        assert!(
            !w.0.iter().any(|d| d.message.contains("can never act")),
            "{w}"
        );
    }
}

#[test]
fn a_refused_modules_list_or_extends_brings_no_second_error() {
    // `modules` given as a text: its refusal says it all; "parameters for a module not in
    // `modules`" followed it, though the file lists it (a playtest).
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = \"terrain-multipliers\"\n\
         [rules.module.terrain-multipliers]\nmultipliers = { lake = 2 }\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        3,
        11,
        &["`modules` in [rules] must be an array of strings"],
    );
    // ... but a table of a module no one has (misspelt) is said all the same.
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = \"knights\"\n\
         [rules.module.dragn]\nprice = 2\n[rules.module.knights]\nstarting = 2\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_eq!(d.len(), 2, "{d}");
    assert_diag(
        &d,
        4,
        15,
        &["parameters for module `dragn`", "did you mean `dragon`?"],
    );
    // `extends` empty: not also "no player counts", which would have come from the base.
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"\"\n",
        Path::new("e.toml"),
    )
    .expect_err("refused");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(&d, 1, 11, &["`extends` may not be empty"]);
    // A file with no `extends` and no counts still hears of them.
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "name = \"bare\"\n",
        Path::new("bare.toml"),
    )
    .expect_err("refused");
    assert!(
        d.0.iter()
            .any(|x| x.message.starts_with("no player counts")),
        "{d}"
    );
}

#[test]
fn a_tie_break_of_the_fewest_is_read_and_its_misspellings_told() {
    // `fewest-crowns` was once refused with `did you mean "most-fewest-crowns"?`; the fewest
    // are tie-breaks of their own now (a house rule), misspelt as the most are.
    let text = |t: &str| format!("extends = \"queendomino\"\n[rules]\ntie-breaks = [\"{t}\"]\n");
    let registry = crownlands_core::Registry::shipped_ref();
    for good in ["fewest-crowns", "fewest-coins", "fewest-towers"] {
        let r = load_str(registry, &text(good), Path::new("t.toml")).expect("loads");
        let tb = crownlands_core::TieBreak::parse(good).expect("a tie-break");
        assert!(
            r.player_counts()
                .iter()
                .all(|(_, rules)| rules.tie_breaks == [tb])
        );
    }
    let d = load_str(registry, &text("fewest-cions"), Path::new("t.toml")).expect_err("no");
    assert!(
        d.to_string().contains("(did you mean `fewest-coins`?)"),
        "{d}"
    );
    // Words for fewer are read as the fewest, never as the most (a review found `min-crowns`
    // told `did you mean "most-crowns"?`, the rule turned around).
    for (written, meant) in [
        ("min-crowns", "fewest-crowns"),
        ("least-coins", "fewest-coins"),
        ("max-coins", "most-coins"),
    ] {
        let d = load_str(registry, &text(written), Path::new("t.toml")).expect_err("no");
        assert!(
            d.to_string()
                .contains(&format!("(did you mean \"{meant}\"?)")),
            "{written}: {d}"
        );
    }
    let d = load_str(registry, &text("max-coins"), Path::new("t.toml")).expect_err("no");
    assert!(
        d.to_string().contains("(did you mean \"most-coins\"?)"),
        "{d}"
    );
    let d = load_str(registry, &text("coins"), Path::new("t.toml")).expect_err("no");
    assert!(
        d.to_string().contains("(did you mean \"most-coins\"?)"),
        "{d}"
    );
    // Territories: the largest is the one tie-break on them; there is no smallest, so a word
    // for fewer suggests nothing (`fewest-territory` would be refused in turn).
    for (written, meant) in [
        ("most-territory", Some("`largest-territory`")),
        ("max-territory", Some("\"largest-territory\"")),
        ("smallest-territory", None),
        ("fewest-territory", None),
    ] {
        let d = load_str(registry, &text(written), Path::new("t.toml")).expect_err("no");
        match meant {
            Some(m) => assert!(
                d.to_string().contains(&format!("(did you mean {m}?)")),
                "{written}: {d}"
            ),
            None => assert!(!d.to_string().contains("did you mean"), "{written}: {d}"),
        }
    }
}

/// A module's parameter of words (the knights' `tax-bonus`) given a word it lacks, a number, a
/// list or a table: the words it takes, in quotes, and the one meant.
#[test]
fn a_parameter_of_words_says_its_words() {
    for (value, said) in [
        (
            "\"once-per-turn\"",
            "`tax-bonus` must be \"each-knight\" or \"once-a-turn\", not \"once-per-turn\" (did you mean \"once-a-turn\"?)",
        ),
        ("\"each_knight\"", "(did you mean \"each-knight\"?)"),
        ("1", "`tax-bonus` must be a word in quotes, not 1"),
        (
            "[\"once-a-turn\"]",
            "`tax-bonus` must be a word in quotes, not [\"once-a-turn\"]",
        ),
        (
            "{ once-a-turn = true }",
            "`tax-bonus` must be a word in quotes, not { once-a-turn = true }",
        ),
    ] {
        let d = load_str(
            crownlands_core::Registry::shipped_ref(),
            &format!("extends = \"queendomino\"\n[rules.module.knights]\ntax-bonus = {value}\n"),
            Path::new("k.toml"),
        )
        .expect_err(value);
        assert_diag(&d, 3, 13, &[said]);
    }
}

/// A dotted key under a table that names the table again (`rules.module.x.y = 1` under
/// `[rules]`) is told to drop the table's name.
#[test]
fn a_dotted_key_repeating_its_table_says_to_drop_the_name() {
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         rules.module.terrain-multipliers.min-squares = 2\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_diag(
        &d,
        4,
        1,
        &[
            "unknown key `rules` in [rules] (a key under [rules] is written without the table's name: drop the `rules.` before it)",
        ],
    );
}

#[test]
fn a_modules_parameters_written_as_a_rule_say_where_they_go() {
    // `[rules.terrain-multipliers]`: unknown in [rules], and where it goes said.
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.terrain-multipliers]\nmultipliers = { lake = 2 }\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_diag(
        &d,
        4,
        8,
        &[
            "unknown key `terrain-multipliers` in [rules]",
            "its parameters go in [rules.module.terrain-multipliers], and its name in `modules`",
        ],
    );
}

#[test]
fn every_bad_entry_of_a_table_parameter_is_said_at_its_entry() {
    // Only the first bad multiplier was said, and at the table's `{` (a playtest).
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\n\
         multipliers = { lake = -101, forest = 101, wheat = 1.5, \"mine\" = \"2\", swamp = 2 }\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_eq!(d.len(), 4, "{d}");
    assert_diag(
        &d,
        5,
        17,
        &["`multipliers.lake` must be from -100 to 100, not -101"],
    );
    assert_diag(
        &d,
        5,
        30,
        &["`multipliers.forest` must be from -100 to 100, not 101"],
    );
    assert_diag(&d, 5, 44, &["`multipliers.wheat` must be a whole number"]);
    assert_diag(&d, 5, 57, &["`multipliers.mine` must be a whole number"]);
}

/// A bad value hides nothing else: with a multiplier out of range, a misspelt terrain beside it
/// is said in the same run, each at its entry, in a table under a `[...]` header of its own too;
/// a goal list with two names alike still has its terrains checked.
#[test]
fn a_bad_parameter_value_hides_no_other_problem() {
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers.multipliers]\nlake = 2\nforst = 3\nswamp = 500\n"
    ));
    assert_eq!(d.len(), 2, "{d}");
    assert_diag(
        &d,
        6,
        1,
        &[
            "`multipliers.forst`: terrain `forst`",
            "did you mean `forest`",
        ],
    );
    assert_diag(
        &d,
        7,
        1,
        &["`multipliers.swamp` must be from -100 to 100, not 500"],
    );
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = {{ lake = -101, lakes = 2 }}\n"
    ));
    assert_eq!(d.len(), 2, "{d}");
    assert_diag(&d, 5, 17, &["`multipliers.lake` must be from -100 to 100"]);
    assert_diag(&d, 5, 30, &["`multipliers.lakes`: terrain `lakes`"]);
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\ngoal = [\n\
         {{ name = \"Swamp\", points = 3, terrain = \"swap\" }},\n\
         {{ name = \"swamp\", points = 3 }},\n]\n"
    ));
    assert_eq!(d.len(), 2, "{d}");
    assert_diag(
        &d,
        6,
        41,
        &[
            "`terrain` of `goal` item 1: terrain `swap`",
            "did you mean `swamp`",
        ],
    );
    assert_diag(
        &d,
        7,
        10,
        &["`name` of `goal` item 2, `swamp`, reads as the name of `goal` item 1, `Swamp`"],
    );
}

/// Modules in the wrong order hide nothing of what they need of the components: a misspelt town
/// terrain is said in the same run as the order.
#[test]
fn a_module_order_hides_no_component_problem() {
    let d = bad("extends = \"queendomino\"\n[rules]\n\
         modules = [\"dragon\", \"buildings\", \"knights\", \"queen\", \"wealth\"]\n\
         [rules.module.buildings]\ntown = \"towm\"\n");
    assert_eq!(d.len(), 3, "{d}");
    assert_diag(&d, 3, 12, &["`dragon` must come after `buildings`"]);
    assert_diag(&d, 3, 22, &["`buildings` must come after `knights`"]);
    assert_diag(
        &d,
        5,
        8,
        &["town terrain `towm` is not among", "did you mean `town`"],
    );
}

#[test]
fn a_table_entry_is_found_where_it_is_a_key() {
    // Single-quoted keys, a key's words inside a string, spaces: the entry is where it is a
    // key of the table itself.
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\n\
         multipliers = {   'lake'   = -101 ,forest=101 }\n",
        Path::new("m.toml"),
    )
    .expect_err("refused");
    assert_diag(&d, 5, 19, &["`multipliers.lake`"]);
    assert_diag(&d, 5, 36, &["`multipliers.forest`"]);
    // A table of many spaces around a key of spaces: said at once (no search over it).
    let spaces = " ".repeat(200_000);
    let text = format!(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = {{ ' ' = -101{spaces}}}\n"
    );
    let d = load_str(
        crownlands_core::Registry::shipped_ref(),
        &text,
        Path::new("s.toml"),
    )
    .expect_err("refused");
    assert!(
        d.to_string()
            .contains("` ` is not among the ruleset's terrains")
            || d.to_string().contains("multipliers"),
        "{d}"
    );
}

#[test]
fn a_tie_break_listed_twice_is_reported_with_the_rules_other_problems() {
    // Once found by the file's first checks, which then stopped before the deck was judged.
    let d = bad(&format!(
        "{HEAD}name = \"d\"\n[rules]\ntie-breaks = [\"most-crowns\", \"most-crowns\"]\ndeck-size = 100\n\
         [for-players.2]\ntie-breaks = [\"largest-territory\", \"largest-territory\"]\n"
    ));
    assert_diag(&d, 4, 30, &["tie-break `most-crowns` is listed twice"]);
    assert_diag(&d, 5, 13, &["a deck of 100 dominoes"]);
    assert_diag(
        &d,
        7,
        36,
        &["tie-break `largest-territory` is listed twice"],
    );
    let twice = d.iter().filter(|x| x.message.contains("twice")).count();
    assert_eq!(twice, 2, "each repeat once: {d:?}");
    // In a list no player count uses (each overrides it) too.
    let d = bad(&format!(
        "{HEAD}name = \"d\"\n[rules]\ntie-breaks = [\"most-crowns\", \"most-crowns\"]\n\
         [for-players.2]\ntie-breaks = [\"most-crowns\"]\n[for-players.3]\ntie-breaks = [\"most-crowns\"]\n\
         [for-players.4]\ntie-breaks = [\"most-crowns\"]\n"
    ));
    assert_diag(&d, 4, 30, &["tie-break `most-crowns` is listed twice"]);
}

#[test]
fn a_file_of_many_syntax_errors_shows_ten_and_counts_the_rest() {
    // Each error past the ten shown is counted, not placed (placing each had cost a pass over
    // the text before it: minutes for a file of 100,000 broken lines).
    let text = format!("{HEAD}{}", "x\n".repeat(60_000));
    let d = bad(&text);
    assert_eq!(d.len(), 11, "{d:?}");
    let last = d.iter().last().expect("a last line");
    assert!(
        last.message
            .starts_with("... and 59990 more TOML syntax errors from here on"),
        "{}",
        last.message
    );
}

#[test]
fn a_kingdom_file_or_a_game_in_the_notation_given_as_a_ruleset_is_said_so() {
    let d = bad("# the rulebook's example\nF1 F1 F1 F  F\nF  F  C  L  L\nL  L  L  L  L\n");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        first(&d)
            .starts_with("this looks like a kingdom file, not a ruleset: `crownlands score FILE`"),
        "{d:?}"
    );
    let d = bad("[Notation \"crownlands 2\"]\n[Ruleset \"kingdomino\"]\n\n0. c19 c47\n");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        first(&d)
            .starts_with("this looks like a game in the notation (a .cgn file), not a ruleset"),
        "{d:?}"
    );
    // A broken ruleset is still told line by line.
    let d = bad("extends = \"kingdomino\"\n[rules]\nline-size 4\n");
    assert!(first(&d).starts_with("TOML syntax error"), "{d:?}");
}

fn first(d: &Diagnostics) -> &str {
    d.iter().next().map_or("", |x| x.message.as_str())
}

/// `castle = "centre"` on an even grid is blamed on the key the file nearest the user's wrote:
/// the grid size a house rule sets over a centred castle it extends (not the castle's line in
/// the file it extends), the castle set over an even grid.
#[test]
fn a_centred_castle_on_an_even_grid_is_blamed_on_the_users_own_key() {
    let dir = common::temp_dir("castle-even");
    common::write(
        &dir,
        "centre.toml",
        "extends = \"kingdomino\"\n[rules]\ncastle = \"centre\"\n",
    );
    let child = common::write(
        &dir,
        "six.toml",
        "extends = \"centre.toml\"\n[rules]\ngrid-size = 6\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &child).expect_err("even grid");
    assert!(d.0[0].file.ends_with("six.toml"), "{d}");
    common::assert_diag(
        &d,
        3,
        13,
        &["needs an odd grid-size", "grid-size = 5 or grid-size = 7"],
    );
    common::write(
        &dir,
        "even.toml",
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 8\n",
    );
    let centred = common::write(
        &dir,
        "centred.toml",
        "extends = \"even.toml\"\n[rules]\ncastle = \"centre\"\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &centred).expect_err("even grid");
    assert!(d.0[0].file.ends_with("centred.toml"), "{d}");
    common::assert_diag(&d, 3, 10, &["an 8x8 grid", "(grid-size = 7, or castle"]);
}

/// `modules` over Queendomino, written as if it added a module: its building tiles never appear,
/// and the warning says the list replaced the one extended, naming it (as `sets` does).
#[test]
fn a_modules_list_that_drops_inherited_modules_says_it_replaced_them() {
    let dir = common::temp_dir("modules-replaced");
    let file = common::write(
        &dir,
        "e1.toml",
        "extends = \"queendomino\"\n[rules]\nmodules = [\"goals\"]\n\
         [[rules.module.goals.goal]]\nname = \"Big town\"\npoints = 5\nterrain = \"town\"\n",
    );
    let w = Diagnostics(crownlands_rules::warnings(
        crownlands_core::Registry::shipped_ref(),
        &file.display().to_string(),
    ));
    assert_diag(
        &w,
        3,
        11,
        &[
            "no module of `modules` plays building tiles",
            "this file's `modules` replaces the list of the ruleset it extends, `knights, buildings, queen, dragon, wealth`: list those to keep too",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A module that can never act, warned at its parameters (the list comes from the ruleset
/// extended): at the parameter its message names, not at the first of the table.
#[test]
fn an_idle_modules_warning_is_at_the_parameter_it_names() {
    let w = warnings_of(
        "extends = \"queendomino\"\n[rules.module.dragon]\nprice = 3\nuses-per-round = 0\n",
        "d.toml",
    );
    assert_diag(
        &w,
        4,
        18,
        &["module `dragon` can never act", "`uses-per-round` is 0"],
    );
}

/// A value of the wrong shape says how the right one is written: a list of one number, one
/// table where `[[...]]` made a list of them, a list of tables written as one table.
#[test]
fn a_value_of_the_wrong_shape_says_how_to_write_it() {
    let d = bad(&format!("{HEAD}players = 3\n"));
    assert_diag(&d, 2, 11, &["a list of one is written `[3]`"]);
    // A number out of range where a word is taken too: the word said with the range.
    let d = bad(&format!("{HEAD}[rules]\ndeck-size = -5\n"));
    assert_diag(
        &d,
        3,
        13,
        &["`deck-size` in [rules]: -5 is too small; it must be at least 1, or \"all\""],
    );
    let d = bad(&format!("{HEAD}[rules]\ngrid-size = \"6\"\n"));
    assert_diag(
        &d,
        3,
        13,
        &[
            "`grid-size` in [rules] must be an integer from 1 to 8, not a string: a number is written without quotes, `grid-size = 6`",
        ],
    );
    // The same where a word is taken too; a whole number with a point; a shipped set's name
    // for a list of one (a path is never repeated).
    let d = bad(&format!(
        "{HEAD}add-sets = \"volcano\"\n[rules]\ndeck-size = \"48\"\nline-size = 4.0\n"
    ));
    assert_diag(&d, 2, 12, &["a list of one is written `[\"volcano\"]`"]);
    assert_diag(
        &d,
        4,
        13,
        &["not \"48\": a number is written without quotes, `deck-size = 48`"],
    );
    assert_diag(
        &d,
        5,
        13,
        &["not a float: a whole number is written without a decimal point, `line-size = 4`"],
    );
    let d = bad(&format!("{HEAD}add-sets = \"mine\"\n"));
    assert!(!d.to_string().contains("list of one"), "{d}");
    // A list's items are written bare (`#1 = 2` had been offered); a whole number past the
    // range gets no hint (it would be the next refusal); a goal's number past a file's whole
    // numbers is said with the goal's own range.
    let d = bad("extends = \"kingdomino\"\nplayers = [\"2\", \"3\"]\n");
    assert_diag(&d, 2, 12, &["a number is written without quotes, `2`"]);
    let d = bad(&format!(
        "{HEAD}remove-dominoes = [1]\n[[domino]]\nnumber = 1\nfirst = {{ terrain = \"wheat\", crowns = 1e3 }}\nsecond = {{ terrain = \"lake\" }}\n"
    ));
    assert!(!d.to_string().contains("decimal point"), "{d}");
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"goals\"]\n[[rules.module.goals.goal]]\nname = \"C\"\npoints = 1\nmax-crowns = 99999999999999999999\n"
    ));
    assert_diag(
        &d,
        7,
        14,
        &["must be from 0 to 256, not 99999999999999999999"],
    );
    let d = bad(&format!("{HEAD}[[rules]]\ngrid-size = 5\n"));
    assert_diag(
        &d,
        2,
        1,
        &["`rules` must be a table, not an array: one table is headed `[rules]`"],
    );
    let d = bad(&format!(
        "{HEAD}[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\ngoal = {{ name = \"Big\", points = 3 }}\n"
    ));
    assert_diag(
        &d,
        5,
        8,
        &[
            "`goal` must be a list of tables",
            "`[[rules.module.goals.goal]]`",
        ],
    );
}

#[test]
fn a_file_of_no_components_and_a_set_file_in_sets_say_where_to_start() {
    // `players = [2]` alone: where a ruleset starts.
    let d = bad("players = [2]\n");
    assert_diag(
        &d,
        1,
        1,
        &[
            "the ruleset declares no terrains (a ruleset starts from components: `extends = \"kingdomino\"`",
        ],
    );
    // `desert.toml` where the file is `sets/desert.toml` beside the ruleset.
    let dir = common::temp_dir("set-in-sets");
    let set = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets/sets/volcano.toml"),
    )
    .expect("a shipped set");
    common::write(&dir, "sets/desert.toml", &set);
    let path = common::write(
        &dir,
        "r.toml",
        "extends = \"kingdomino\"\nadd-sets = [\"desert.toml\"]\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &path).expect_err("no desert.toml");
    assert_diag(
        &d,
        2,
        13,
        &[
            "there is no such file (this file's folder holds `sets/desert.toml`: write \"sets/desert.toml\")",
        ],
    );
}

/// Dominoes of a second box at one count only (Kingdomino's box alone at 2-4 players, both
/// boxes mixed at 5): neither the box left out at 2-4 nor the order unused at 5 is warned of,
/// each being for the other counts; a box no count deals still is.
#[test]
fn a_box_dealt_at_some_counts_only_is_no_warning() {
    let text = "extends = \"kingdomino\"\nadd-sets = [\"queendomino\"]\nplayers = [2, 3, 4, 5]\n[rules]\nlines = \"alternate\"\nline-order = [\"kingdomino\"]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n[for-players.5]\nlines = \"mixed\"\nline-size = 5\ndeck-size = 60\n";
    let w = warnings_of(text, "k5.toml");
    assert!(w.is_empty(), "{w}");
    // Alternating at every count, the box is never dealt: said.
    let text = "extends = \"kingdomino\"\nadd-sets = [\"queendomino\"]\n[rules]\nlines = \"alternate\"\nline-order = [\"kingdomino\"]\ndeck-size = 48\n[for-players.2]\ndeck-size = 24\n";
    let w = warnings_of(text, "k4.toml");
    assert!(
        w.to_string()
            .contains("box queendomino holds 48 dominoes that are never dealt"),
        "{w}"
    );
}

/// Four slips an author makes, each told what to write instead.
#[test]
fn common_slips_say_what_to_write() {
    let d = bad("extends = \"kingdomino\"\nplayers = \"2, 3\"\n");
    assert_diag(
        &d,
        2,
        11,
        &["not a string: numbers are written without quotes, `[2, 3]`"],
    );
    // Not where the quoted text is no TOML number either (`04`).
    let d = bad("extends = \"kingdomino\"\nplayers = \"04\"\n");
    assert!(!d.to_string().contains("without quotes"), "{d}");
    let d = bad("extends = \"kingdomino\"\n[for-players.3.rules]\nline-size = 4\n");
    assert_diag(
        &d,
        2,
        16,
        &[
            "unknown key `rules` in [for-players.3] (a count's rules are written straight under [for-players.3], as under [rules])",
        ],
    );
    let d = bad("extends = \"kingdomino\"\n[for-players.5]\nline-size = 5\n");
    assert_diag(&d, 2, 14, &["to play at 5, list it in `players` too"]);
    let dir = common::temp_dir("extends-a-set");
    common::write(&dir, "desert.toml", "[set]\nname = \"desert\"\n");
    let file = common::write(&dir, "r.toml", "extends = \"desert.toml\"\n");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &file).expect_err("refused");
    assert_diag(
        &d,
        1,
        11,
        &["`extends` names a component set file, not a ruleset: name the set in `add-sets`"],
    ); // A shipped set by its name, the same.
    let d = bad("extends = \"queendomino-buildings\"\n");
    assert_diag(
        &d,
        1,
        11,
        &[
            "`queendomino-buildings` is a shipped component set, not a ruleset: name it in `add-sets`",
        ],
    );
}

/// A byte order mark, which some editors write and none shows, is no mistake of the file's:
/// columns on its first line count from after it, and a syntax error there is the parser's (it
/// was blamed on the mark).
#[test]
fn a_byte_order_mark_is_not_counted_nor_blamed() {
    let d = bad("\u{feff}extends = \"kingdomno\"\n");
    assert_diag(&d, 1, 11, &["no shipped ruleset named `kingdomno`"]);
    let d = bad("\u{feff}extends = kingdomino\nname = \"x\"\n");
    assert_diag(
        &d,
        1,
        11,
        &["TOML syntax error: string values must be quoted"],
    );
    assert!(!d.to_string().contains("U+FEFF"), "{d}");
}

/// A file named in `extends` or `add-sets` whose name only looks like a shipped ruleset's or
/// set's (a Cyrillic `о` in `kingdоmino.toml`) is read, and warned of: it is not the shipped one
/// a reader takes it for. A bare name of that look is refused, the letter named (the two names
/// print alike); and the ruleset's own name so is warned of with the letter named too.
#[test]
fn a_file_or_name_that_only_looks_like_a_shipped_one_is_said_with_its_letter() {
    let registry = crownlands_core::Registry::shipped_ref();
    let dir = common::temp_dir("lookalike");
    let spoof = "kingd\u{43e}mino";
    let letter = "`\u{43e}` is U+043E, a Cyrillic letter drawn as `o`";
    common::write(
        &dir,
        &format!("{spoof}.toml"),
        "extends = \"kingdomino\"\n[rules]\nharmony = { enabled = true, points = 7 }\n",
    );
    common::write(
        &dir,
        &format!("sets/{spoof}.toml"),
        "[set]\nname = \"extra\"\n[[terrain]]\nname = \"desert\"\nsymbol = \"D\"\ncolour = \"#aa8844\"\n",
    );
    let leaf = common::write(
        &dir,
        "mine.toml",
        &format!("name = \"mine\"\nextends = \"{spoof}.toml\"\n"),
    );
    let (_, w) = crownlands_rules::load_path_with_warnings(registry, &leaf).expect("loads");
    assert_diag(
        &Diagnostics(w),
        2,
        11,
        &[&format!(
            "`extends` names the file `{spoof}.toml`, whose name looks like the shipped ruleset `kingdomino` on a screen ({letter}): it extends that file, not the shipped ruleset (which is named alone: extends = \"kingdomino\")"
        )],
    );
    let leaf = common::write(
        &dir,
        "sets.toml",
        &format!("name = \"mine\"\nextends = \"kingdomino\"\nadd-sets = [\"sets/{spoof}.toml\"]\n"),
    );
    let w = crownlands_rules::check_path(registry, &leaf).warnings;
    assert_diag(
        &Diagnostics(w),
        3,
        13,
        &[&format!(
            "`sets/{spoof}.toml` is a file whose name looks like the shipped component set `kingdomino` on a screen ({letter}): it reads that file, not the shipped set"
        )],
    );
    // The shipped one, and a file of a plain name, are not warned.
    let plain = common::write(
        &dir,
        "plain.toml",
        "name = \"plain\"\nextends = \"kingdomino\"\nadd-sets = [\"kingdomino\"]\n",
    );
    let w = crownlands_rules::check_path(registry, &plain).warnings;
    assert!(!w.iter().any(|d| d.message.contains("looks like")), "{w:?}");
    // A bare name that only looks like a shipped one: refused, the letter named.
    let bare = common::write(
        &dir,
        "bare.toml",
        &format!("name = \"mine\"\nextends = \"{spoof}\"\n"),
    );
    let e = load_path(registry, &bare).expect_err("no such ruleset");
    assert_diag(
        &e,
        2,
        11,
        &[&format!(
            "no shipped ruleset named `{spoof}` (it only looks like `kingdomino`: {letter})"
        )],
    );
    let bare = common::write(
        &dir,
        "bare-set.toml",
        &format!("name = \"mine\"\nextends = \"kingdomino\"\nadd-sets = [\"{spoof}\"]\n"),
    );
    let e = load_path(registry, &bare).expect_err("no such set");
    assert_diag(
        &e,
        3,
        13,
        &[&format!(
            "no shipped component set named `{spoof}` (it only looks like `kingdomino`: {letter})"
        )],
    );
    // The ruleset's own name: the letter is named in its warning.
    let w = warnings_of(
        &format!("name = \"{spoof}\"\nextends = \"kingdomino\"\n"),
        "n.toml",
    );
    assert_diag(
        &w,
        1,
        8,
        &[&format!(
            "its `name` is `{spoof}` ({letter}), which looks like the shipped ruleset `kingdomino`"
        )],
    );
}

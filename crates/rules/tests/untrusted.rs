//! Rulesets and kingdom files as a stranger may write them: huge tables, huge keys and texts,
//! file names and lines that are not plain text. Each is one short problem at its place.

mod common;

use common::assert_diag;
use crownlands_rules::{Diagnostics, load_path, load_str};
use std::path::Path;

fn bad(text: &str) -> Diagnostics {
    match load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        Path::new("bad.toml"),
    ) {
        Ok(r) => panic!("loaded although it should not:\n{r:?}"),
        Err(d) => d,
    }
}

/// Every message is a line of reasonable length, whatever the file quoted.
fn all_short(d: &Diagnostics) {
    for x in d.iter() {
        assert!(x.message.chars().count() < 400, "{}", x.message);
        assert!(!x.message.contains('\n'), "{}", x.message);
    }
}

#[test]
fn a_table_of_thousands_of_keys_is_one_problem() {
    // 40,000 player-count tables: each key used to be looked up in the table, the square of
    // the count in all.
    let mut text = String::from("extends = \"kingdomino\"\n[for-players]\n");
    for i in 2..40_000 {
        text.push_str(&format!("{i} = {{}}\n"));
    }
    let d = bad(&text);
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        2,
        1,
        &["[for-players] holds 39998 keys; a table holds at most 256"],
    );

    let mut text = String::from("extends = \"queendomino\"\n[rules.module.knights]\n");
    for i in 0..20_000 {
        text.push_str(&format!("k{i} = 1\n"));
    }
    let d = bad(&text);
    assert_diag(
        &d,
        2,
        1,
        &["[rules.module.knights] holds 20000 keys; a table holds at most 256"],
    );
}

#[test]
fn long_keys_and_texts_are_refused_and_quoted_short() {
    let key = "k".repeat(100_000);
    let d = bad(&format!("extends = \"kingdomino\"\n{key} = 1\n"));
    assert_diag(
        &d,
        2,
        1,
        &["is 100000 characters long; a key has at most 64", "kkk..."],
    );
    all_short(&d);

    let long = "a".repeat(200_000);
    let d = bad(&format!(
        "extends = \"kingdomino\"\ndescription = \"{long}\"\n"
    ));
    assert_diag(
        &d,
        2,
        15,
        &[
            "`description` is 200000 characters long",
            "it may have at most 1000",
        ],
    );
    all_short(&d);

    let d = bad(&format!("extends = \"{long}\"\n"));
    assert_diag(&d, 1, 11, &["`extends` is 200000 characters long"]);
    all_short(&d);

    let d = bad(&format!(
        "extends = \"kingdomino\"\nname = \"{}\"\n",
        "n".repeat(65)
    ));
    assert_diag(&d, 2, 8, &["`name` is 65 characters long", "at most 64"]);
    let d = bad("extends = \"kingdomino\"\nname = \"\"\n");
    assert_diag(&d, 2, 8, &["`name` may not be empty"]);
}

#[test]
fn a_player_count_is_written_without_leading_zeros() {
    // `02` would be a second table for 2 players, applied in key order, not file order.
    let d = bad(
        "extends = \"kingdomino\"\n[for-players.2]\ndeck-size = 24\n[for-players.02]\ndeck-size = 48\n",
    );
    assert_diag(&d, 4, 14, &["`02` is not a player count"]);
}

#[test]
fn a_module_table_the_modules_leave_out_is_refused_even_empty() {
    let d =
        bad("extends = \"kingdomino\"\n[rules]\nmodules = [\"wealth\"]\n[rules.module.wealht]\n");
    assert_diag(
        &d,
        4,
        15,
        &[
            "parameters for module `wealht`, which is not in `modules`",
            "did you mean `wealth`?",
        ],
    );
    // At the table's header, not its first parameter.
    let d = bad("extends = \"kingdomino\"\n[rules.module.dragon]\nbribes = 1\n");
    assert_diag(&d, 2, 15, &["parameters for module `dragon`"]);
    // A module of the binary's the list leaves out (the Dragon taken out, its table left):
    // not "did you mean `dragon`", but what to do.
    let d = bad(
        "extends = \"queendomino\"\n[rules]\nmodules = [\"knights\", \"buildings\", \"queen\", \"wealth\"]\n[rules.module.dragon]\nprice = 2\n",
    );
    assert_diag(
        &d,
        4,
        15,
        &["which is not in `modules`: add it to `modules`, or remove the table"],
    );
    assert!(!d.to_string().contains("did you mean"), "{d}");
    // The list misspelt, the table right: the list is what to mend, not the table.
    let d = bad(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multiplier\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { lake = 2 }\n",
    );
    assert_diag(
        &d,
        4,
        15,
        &[
            "`modules` lists `terrain-multiplier`, which is no module: did you mean `terrain-multipliers` there?",
        ],
    );
    let d = bad("extends = \"kingdomino\"\n[rules.module]\nfoo = {}\n");
    assert_diag(&d, 3, 1, &["parameters for module `foo`"]);
    // A count's own table for a module that count leaves out: for no other count, so refused
    // (and not left unchecked), though the module is on at other counts.
    let d = bad(
        "extends = \"queendomino\"\n[for-players.2]\nmodules = [\"knights\", \"buildings\", \"queen\", \"wealth\"]\n[for-players.2.module.dragon]\nprise = -3\n",
    );
    assert_diag(
        &d,
        4,
        23,
        &["at 2 players: parameters for module `dragon`, which is not in `modules`"],
    );
    // Parameters under `[rules]` wait for the counts that have the module.
    let ok = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nname = \"q\"\n[for-players.2]\nmodules = [\"knights\", \"buildings\", \"queen\", \"wealth\"]\n[rules.module.dragon]\nprice = 3\n",
        Path::new("ok.toml"),
    );
    assert!(ok.is_ok(), "{:?}", ok.err());
    // Inherited parameters of a module the file leaves out stay allowed.
    let ok = load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"queendomino\"\nname = \"q\"\n[rules]\nmodules = [\"knights\", \"wealth\"]\n",
        Path::new("ok.toml"),
    );
    assert!(ok.is_ok(), "{:?}", ok.err());
}

#[test]
fn module_parameters_past_their_limit_are_refused_before_they_are_copied() {
    // A list of goals far past the sixteen allowed, each table missing its points: refused at
    // the table for its size, not judged goal by goal (each player count's copy of 66,000
    // tables took 900 MB).
    let goals = vec!["{name=\"x\"}"; 1100].join(",");
    let d = bad(&format!(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\ngoal = [{goals}]\n"
    ));
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        4,
        1,
        &["with this table the module parameters pass 2,048 values"],
    );
    // Within the limit, the list's length is what is said first.
    let goals = vec!["{name=\"x\"}"; 40].join(",");
    let d = bad(&format!(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\ngoal = [{goals}]\n"
    ));
    assert!(
        d.to_string()
            .contains("`goal` needs 0 to 16 tables, not 40"),
        "{d}"
    );
}

#[test]
fn a_file_name_that_cannot_be_a_name_needs_a_name() {
    let dir = common::temp_dir("stem");
    let path = common::write(&dir, "n\u{1b}[31mRED.toml", "extends = \"kingdomino\"\n");
    let d = match load_path(crownlands_core::Registry::shipped_ref(), &path) {
        Ok(r) => panic!("loaded as {:?}", r.name()),
        Err(d) => d,
    };
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        1,
        1,
        &[
            "this file has no `name`, and its file name `n\\u{1b}[31mRED` holds the character U+001B",
            "add `name = \"...\"`",
        ],
    );
    let long = common::write(
        &dir,
        &format!("{}.toml", "x".repeat(100)),
        "extends = \"kingdomino\"\n",
    );
    let d = load_path(crownlands_core::Registry::shipped_ref(), &long).expect_err("a long name");
    assert_diag(&d, 1, 1, &["is longer than a name may be (64 characters)"]);
    // Named in the file, the file name does not matter.
    let named = common::write(
        &dir,
        "m\u{7}.toml",
        "extends = \"kingdomino\"\nname = \"mine\"\n",
    );
    let r = load_path(crownlands_core::Registry::shipped_ref(), &named).expect("named");
    assert_eq!(r.name(), "mine");
}

mod kingdom_files {
    use super::*;
    use crownlands_rules::kingdom_file::parse;

    fn kingdomino() -> crownlands_core::Ruleset {
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .expect("kingdomino")
    }

    #[test]
    fn lines_end_with_a_new_line_only() {
        let r = kingdomino();
        // A lone carriage return used to be read as a space: two rows became one.
        let d = parse("F1 F1\rC  F\r", "k", &r, 5).expect_err("a lone CR");
        assert_diag(&d, 1, 6, &["U+000D (a carriage return"]);
        let d = parse("F1 F1\u{2028}C  F\n", "k", &r, 5).expect_err("a line separator");
        assert_diag(&d, 1, 6, &["U+2028"]);
        let d = parse("F1 F1\u{85}C  F\n", "k", &r, 5).expect_err("NEL");
        assert_diag(&d, 1, 6, &["U+0085"]);
        // CRLF and tabs are plain text.
        let k = parse("F1\tF1\r\nC  F\r\n", "k", &r, 5).expect("CRLF");
        assert_eq!(k.squares(), 3);
    }

    #[test]
    fn a_huge_cell_is_quoted_short() {
        let r = kingdomino();
        let text = format!("C Z{}\n", "x".repeat(1_000_000));
        let d = parse(&text, "k", &r, 5).expect_err("an unknown symbol");
        assert_diag(&d, 1, 3, &["unknown symbol `Z`", "xxx..."]);
        all_short(&d);
    }
}

#[test]
fn the_files_of_one_ruleset_hold_four_mebibytes_in_all() {
    // Five sets of a mebibyte each (or one file named five times through hard links): each file
    // is within the limit of one file, all of them are not.
    let dir = std::env::temp_dir().join(format!("crownlands-budget-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let line = format!("# {}\n", "x".repeat(1021));
    let mut set = String::from("[set]\nname = \"padded\"\n");
    while set.len() < (1 << 20) - line.len() {
        set.push_str(&line);
    }
    let names: Vec<String> = (1..=5).map(|i| format!("s{i}.toml")).collect();
    for n in &names {
        std::fs::write(dir.join(n), &set).expect("write");
    }
    let list: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    let ruleset = dir.join("r.toml");
    std::fs::write(
        &ruleset,
        format!(
            "extends = \"kingdomino\"\nadd-sets = [{}]\n",
            list.join(", ")
        ),
    )
    .expect("write");
    let d = load_path(crownlands_core::Registry::shipped_ref(), &ruleset).expect_err("too much");
    assert!(
        d.iter()
            .any(|x| x.message.contains("past 4194304 bytes in all")),
        "{d}"
    );
    all_short(&d);
    // Three of them are fine.
    std::fs::write(
        &ruleset,
        format!(
            "extends = \"kingdomino\"\nadd-sets = [{}]\n",
            list[..3].join(", ")
        ),
    )
    .expect("write");
    let r = load_path(crownlands_core::Registry::shipped_ref(), &ruleset);
    assert!(
        r.as_ref()
            .err()
            .is_none_or(|d| !d.to_string().contains("in all")),
        "{:?}",
        r.err()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_dense_with_small_values_is_refused_before_it_is_parsed() {
    // Four mebibytes of `{a={}},` cost the parser about a gigabyte: refused by its count of
    // `=`, `{`, `[` and `,`, at the place it passes the limit, before any parsing.
    let text = format!(
        "extends = \"kingdomino\"\nx = [{}]\n",
        "{a={}},".repeat(100_000)
    );
    let d = bad(&text);
    assert_eq!(d.len(), 1, "{d}");
    assert!(
        d.to_string().contains("more than 200000 keys, tables"),
        "{d}"
    );
    let x = d.iter().next().expect("one");
    assert_eq!(x.line, 2);
    all_short(&d);
}

#[test]
fn a_file_dense_with_dotted_keys_is_refused_before_it_is_parsed() {
    // Each segment of a dotted key or a table's header builds a table (about 700 bytes of memory
    // for each byte of text): its dots count as the other marks do, outside strings and comments.
    let key = vec!["a"; 50].join(".");
    let text: String = (0..1100).map(|i| format!("k{i}.{key} = 1\n")).collect();
    let d = bad(&format!("[x]\n{text}"));
    assert_eq!(d.len(), 1, "{d}");
    assert!(d.to_string().contains("`.` outside strings"), "{d}");
    let headers: String = (0..1100).map(|i| format!("[h{i}.{key}]\n")).collect();
    assert!(bad(&headers).to_string().contains("more than 200000"));
    // Counted as the parser reads the text, whatever would fool a reader of its own: a quote
    // inside a word (`a\"\"\"` is a word, not a string's start), bare carriage returns ending a
    // comment, a backslash before a line's end in a one-line string.
    let lines =
        |end: &str| -> String { (0..1100).map(|i| format!("k{i}.{key} = 1{end}")).collect() };
    for tricky in [
        format!("extends = \"kingdomino\"\nx = a\"\"\"\n{}", lines("\n")),
        format!("extends = \"kingdomino\"\nx = a'''\n{}", lines("\n")),
        format!("# a comment\r{}", lines("\r")),
        format!("extends = \"kingdomino\"\nx = \"\\\n{}", lines(" \\\n")),
    ] {
        let d = bad(&tricky);
        assert!(d.to_string().contains("more than 200000"), "{d}");
    }
    // Dots in strings, long strings and comments are text, not keys: a long description of
    // sentences loads.
    let prose = "One sentence. Another one... \\\" and a quote.".repeat(7000);
    let text = format!(
        "extends = \"kingdomino\"\ndescription = \"{}\"\n# {}\nname = 'a.b'\n\n[rules.module.x]\n",
        &prose[..200],
        ".".repeat(300_000)
    );
    let long = format!(
        "extends = \"kingdomino\"\n# {dots}\n\"\"\"{dots}\"\"\"\n",
        dots = ".".repeat(250_000)
    );
    for t in [text, long] {
        let d = crownlands_rules::check_str(
            crownlands_core::Registry::shipped_ref(),
            &t,
            std::path::Path::new("prose.toml"),
        );
        let found = d.result.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(!found.contains("more than 200000"), "{found}");
    }
}

#[test]
fn a_multi_line_description_with_windows_line_ends_loads_with_new_lines() {
    // Windows line ends are read as new lines in a multi-line description (the only text that
    // may hold new lines); a lone carriage return is still refused.
    let text = "extends = \"kingdomino\"\r\nname = \"crlf\"\r\ndescription = \"\"\"first\r\nsecond\"\"\"\r\n";
    let checked = crownlands_rules::check_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        std::path::Path::new("crlf.toml"),
    );
    let Ok(crownlands_rules::Validated::Ruleset(r)) = checked.result else {
        panic!("loads: {:?}", checked.result.err());
    };
    assert_eq!(r.description(), "first\nsecond");
    let lone = "extends = \"kingdomino\"\nname = \"cr\"\ndescription = \"first\\rsecond\"\n";
    let d = bad(lone);
    assert!(d.to_string().contains("U+000D"), "{d}");
}

#[test]
fn a_set_listed_thousands_of_times_is_looked_up_and_read_once() {
    // Each entry used to be resolved on the file system (tens of calls each) before the
    // duplicates were dropped: 190,000 of one path took seconds.
    let entries = vec!["\"no/such/set.toml\""; 20_000].join(", ");
    let d = bad(&format!(
        "extends = \"kingdomino\"\nadd-sets = [{entries}]\n"
    ));
    assert_eq!(d.len(), 1, "one problem, at the first entry: {d}");
    all_short(&d);
    // A bare name no set has, 20,000 times: said once (it was said at each entry).
    let names = vec!["\"nosuchset\""; 20_000].join(", ");
    let d = bad(&format!("extends = \"kingdomino\"\nadd-sets = [{names}]\n"));
    assert_eq!(d.len(), 1, "{d}");
    // 20,000 different paths: past the sets supported, the rest are not looked up.
    let paths = (0..20_000)
        .map(|i| format!("\"no/such/{i}.toml\""))
        .collect::<Vec<_>>()
        .join(", ");
    let d = bad(&format!("extends = \"kingdomino\"\nadd-sets = [{paths}]\n"));
    assert!(d.len() <= 70, "{} problems: {d}", d.len());
    // A shipped set listed again and again is the set once.
    let twice = format!(
        "extends = \"kingdomino\"\nadd-sets = [{}]\n",
        vec!["\"vineyard\""; 1_000].join(", ")
    );
    let once = "extends = \"kingdomino\"\nadd-sets = [\"vineyard\"]\n";
    let load = |text: &str| {
        load_str(
            crownlands_core::Registry::shipped_ref(),
            text,
            Path::new("house.toml"),
        )
    };
    match (load(&twice), load(once)) {
        (Ok(a), Ok(b)) => assert_eq!(a.dominoes(), b.dominoes()),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (a, b) => panic!("listed 1,000 times: {a:?}\nonce: {b:?}"),
    }
}

#[test]
fn a_file_of_a_million_empty_lines_is_refused_before_it_is_parsed() {
    // The parser keeps every line's end: 4 MiB of them took 200 MB.
    for (filler, column) in [("\n", 1), ("#\n", 2), ("\r\n", 1)] {
        let text = format!("extends = \"kingdomino\"\n{}", filler.repeat(1_000_000));
        let d = bad(&text);
        assert_eq!(d.len(), 1, "{d}");
        assert_diag(&d, 200_001, column, &["more than 200000 lines by here"]);
        all_short(&d);
    }
    // A long file within the limit loads.
    let text = format!(
        "extends = \"kingdomino\"\n{}",
        "# a comment\n".repeat(150_000)
    );
    assert!(
        load_str(
            crownlands_core::Registry::shipped_ref(),
            &text,
            Path::new("long.toml")
        )
        .is_ok()
    );
}

#[test]
fn a_misspelt_top_level_key_is_said_once_not_again_as_what_it_would_have_brought() {
    // `extend` for `extends`: the counts it would have brought are missing, and are not asked
    // for a second time ("no player counts" pointed the author the wrong way).
    let d = bad("extend = \"kingdomino\"\n");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(
        &d,
        1,
        1,
        &["unknown key `extend` at the top level (did you mean `extends`?)"],
    );
    let d = bad("extends = \"kingdomino\"\nplayer = [2]\n[for-players.2]\ndeck-size = 48\n");
    assert_eq!(d.len(), 1, "{d}");
    assert_diag(&d, 2, 1, &["(did you mean `players`?)"]);
    // With the key written too, what it brings is judged as usual: the table of a count it
    // does not list is said.
    let d = bad(
        "extends = \"kingdomino\"\nplayers = [3]\nplayer = [2]\n[for-players.2]\ndeck-size = 48\n",
    );
    assert_eq!(d.len(), 2, "{d}");
}

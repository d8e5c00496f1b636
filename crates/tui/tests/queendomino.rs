//! Queendomino and big tables at the terminal: the Builders' Board and a step's choices in the
//! modules' words, steps with nothing to decide skipped, the score preview, names, big and small
//! terminals, the end screen's kingdoms, finished games kept and watched again.
//! After an intended change: `INSTA_UPDATE=always cargo test -p crownlands-tui --test queendomino`.

mod common;

use common::*;
use crownlands_tui::app::setup::{Row, Setup};
use crownlands_tui::{App, Key, Mode, Palette};
use ratatui::style::Modifier;
use std::path::PathBuf;

/// The files in `dir`, sorted.
fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("crownlands-q-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Play by keys (first choice, first legal spot) until `done` holds, at most `limit` keys.
fn until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) {
    let mut n = 0;
    while !done(app) && n < limit && app.mode() != Mode::GameOver {
        match app.mode() {
            Mode::Place if !app.ghost_is_legal() && !app.must_discard() => press(app, "<tab>"),
            // Tax (for the coins to build with); skip the rest.
            Mode::Step if in_step(app, "knights") => {
                press(app, "<down>");
                press(app, "<enter>");
            }
            Mode::Step => press(app, "p"),
            _ => press(app, "<enter>"),
        }
        n += 1;
    }
    assert!(done(app), "not reached in {limit} keys");
}

#[test]
fn tax_choices_say_terrain_territory_and_coins_and_mark_the_square() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 5);
    until(&mut app, 200, |a| in_step(a, "knights"));
    // The step opens on Skip; down wraps to the first tax.
    press(&mut app, "<down>");
    let text = screen(&app, 80, 24);
    assert!(text.contains("1. Tax "), "{text}");
    assert!(text.contains("¢"), "{text}");
    insta::assert_snapshot!("tax_choices", text);
    // The chosen square is reversed on the kingdom.
    let buf = buffer(&app, 80, 24);
    let reversed = buf
        .content()
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED) && c.symbol() != "C")
        .count();
    assert!(reversed > 0, "the taxed square is marked");
}

/// A step's choice that changes the side's running score at once (coins past a wealth point,
/// a building's crown, a tower that brings the Queen) says so under the list before it is
/// chosen, with the news it would make: a player learnt only after building that a tower had
/// brought the Queen.
#[test]
fn a_step_choice_says_what_it_changes_at_once() {
    use crownlands_core::modules::describe::step_preview;
    let changes = |a: &App| -> Option<usize> {
        let g = a.game()?;
        a.step_actions().iter().position(|&act| {
            step_preview(g, act)
                .is_some_and(|(after, side)| after.score_total(side) != g.score_total(side))
        })
    };
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    until(&mut app, 3000, |a| {
        a.mode() == Mode::Step && changes(a).is_some()
    });
    let wanted = changes(&app).expect("a choice that scores at once");
    for _ in 0..64 {
        if app.choice() == wanted {
            break;
        }
        press(&mut app, "<down>");
    }
    assert_eq!(app.choice(), wanted);
    let text = screen(&app, 140, 45);
    assert!(text.contains("Score then "), "{text}");
    // Chosen by its row's number, the step says `Row N: ... Enter does it.`, then the same
    // preview (it had given way to the row's words).
    if wanted < 9 {
        press(&mut app, "<up>");
        press(&mut app, &(wanted + 1).to_string());
        let text = screen(&app, 140, 45);
        assert!(
            text.contains("Enter does it.") && text.contains("Score then "),
            "{text}"
        );
    }
    // After a word on something else (a key of no use here), the preview says whose it is.
    press(&mut app, "r");
    let text = screen(&app, 140, 45);
    assert!(
        text.contains(&format!("Row {}: Score then ", app.chosen_row_number())),
        "{text}"
    );
}

#[test]
fn builders_board_rows_and_build_choices() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    play_to_step(&mut app, "buildings", 0, 500);
    assert!(in_step(&app, "buildings"));
    // From Skip, where the step opens, to the second row (a tower), at its second square.
    press(&mut app, "<down><down><right>");
    let text = screen(&app, 100, 30);
    // A price, a name, an end value on the board; a detail line for the chosen one.
    for d in 0..10 {
        assert!(!text.contains(&format!("building {d}")), "{text}");
    }
    assert!(text.contains("points per separate"), "{text}");
    insta::assert_snapshot!("build_choices", text);
    // Back on Skip (the last row), ←→ say it has no square.
    press(&mut app, "<up><up><left>");
    let text = screen(&app, 100, 30);
    assert!(text.contains("Skip has none (↑↓ choose a row)"), "{text}");
}

/// A Build step with a tile too dear says why it is not in the list at 100x30 and 80x24 too,
/// where the whole prompt does not fit: the step's title with the module's note, never twice
/// (the footer's prompt and the list's free rows).
#[test]
fn a_build_step_says_which_tiles_are_too_dear_at_the_common_sizes() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    let noted = |a: &App| {
        in_step(a, "buildings")
            && a.game()
                .and_then(|g| g.step_view())
                .is_some_and(|v| v.note.is_some())
    };
    // Spend the coins: build the dearest tile offered, never tax.
    for _ in 0..600 {
        if noted(&app) || app.mode() == Mode::GameOver {
            break;
        }
        match app.mode() {
            Mode::Place if !app.ghost_is_legal() && !app.must_discard() => press(&mut app, "<tab>"),
            // The last row but Skip (its number chooses it, Enter builds it).
            Mode::Step if in_step(&app, "buildings") => {
                let rows = app.step_entries();
                let dearest = rows.len().saturating_sub(1);
                press(&mut app, &format!("{dearest}<enter>"))
            }
            Mode::Step => press(&mut app, "p"),
            _ => press(&mut app, "<enter>"),
        }
    }
    assert!(noted(&app), "no Build step with a tile too dear");
    let note = app
        .game()
        .and_then(|g| g.step_view())
        .and_then(|v| v.note)
        .expect("a note");
    assert!(note.contains("not enough for"), "{note}");
    // Never in both the footer's prompt and the list's free rows, at any size (the list's
    // title mirrors the prompt, as in every step).
    for w in (72..=200).step_by(4) {
        for h in [22, 24, 30, 40, 50] {
            let text = screen(&app, w, h);
            let rows: Vec<&str> = text.lines().collect();
            let (body, footer) = rows.split_at(rows.len().saturating_sub(3));
            let in_footer = footer.iter().any(|r| r.contains("not enough for"));
            // The free rows say it alone on a row, in brackets: `│(you have 2¢: ...`.
            let in_rows = body.iter().any(|r| r.contains("│(you have"));
            assert!(!(in_footer && in_rows), "{w}x{h}:\n{text}");
        }
    }
    for (w, h) in [(100, 30), (80, 24)] {
        let text = screen(&app, w, h);
        let shown: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(shown.contains("not enough for"), "{w}x{h}:\n{text}");
        // Said once: in the footer's prompt or the list, not in both.
        assert_eq!(
            shown.matches("not enough for").count(),
            1,
            "{w}x{h}:\n{text}"
        );
        insta::assert_snapshot!(format!("build_too_dear_{w}x{h}"), text);
    }
    // Where even the title and note do not fit, the title alone.
    let game = app.game().expect("a game");
    assert_eq!(crownlands_tui::view::step_title(game, 20, 10), "Build");
    assert_eq!(
        crownlands_tui::view::step_title(game, 130, 40),
        format!("Build ({note})")
    );
}

#[test]
fn a_step_choice_is_taken_by_its_number() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    play_to_step(&mut app, "buildings", 2, 500);
    let row = app.step_entries()[1].clone();
    let second = app.step_actions()[row.start];
    let before = app.session().unwrap().actions()[0].len();
    // The number chooses the row (at its first square), Enter does it.
    press(&mut app, "2");
    assert_eq!(app.session().unwrap().actions()[0].get(before), None);
    assert_eq!(app.choice(), row.start);
    if row.len() > 1 {
        assert!(
            app.message().starts_with("Square 1 of"),
            "{}",
            app.message()
        );
    } else {
        assert!(app.message().starts_with("Row 2: "), "{}", app.message());
        assert!(
            app.message().ends_with("; Enter does it."),
            "{}",
            app.message()
        );
    }
    press(&mut app, "<enter>");
    assert_eq!(
        app.session().unwrap().actions()[0].get(before),
        Some(&second)
    );
}

/// At 66x20 the Dragon's list cuts a burn's detail: a row chosen by its number has the detail
/// said whole on the status line, as the arrows have it, where the row's words (in the list)
/// had taken the line.
#[test]
fn a_row_chosen_by_its_number_says_the_detail_the_list_cuts() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 1);
    play_to_step(&mut app, "dragon", 2, 3000);
    assert!(in_step(&app, "dragon"), "seed 1 reaches a Dragon step");
    press(&mut app, "2");
    assert_eq!(app.row_chosen_by_number(), Some(1));
    let shown = screen(&app, 66, 20);
    // The list cuts the burn's detail...
    assert!(
        shown.contains("Pay the Dragon 1¢ to burn Crown Shrine (1…"),
        "{shown}"
    );
    // ... and the status line says it whole.
    assert!(
        words(&shown).contains(
            "Costs 1¢. Pay the Dragon 1¢ to burn Crown Shrine (1 crown on its square; nothing at \
             the end): no one can build it."
        ),
        "{shown}"
    );
    // Where both fit, the row's number is said before it.
    let wide = screen(&app, 80, 24);
    assert!(
        words(&wide).contains("Row 2; Enter does it. Costs 1¢. Pay the Dragon 1¢"),
        "{wide}"
    );
    // Where the list says the detail whole, the status line keeps the row's words.
    let wider = screen(&app, 120, 40);
    assert!(
        wider.contains("Row 2: Bribe the Dragon to burn Crown Shrine (1¢); Enter does it."),
        "{wider}"
    );
    // Another key and the status line is the arrows' again.
    press(&mut app, "<down>");
    assert_eq!(app.row_chosen_by_number(), None);
}

/// With two players at 80x24 the scores are covered by the step's list, and the row under it
/// names both sides whatever their totals: past 100 points each the row writes points as the
/// scores' column does (`gre 2 103p`), where the rival had left the row (a player comparing
/// towers for the Queen at a build); with three-figure coins, the rival by its points alone
/// (a tax of two choices had shown the person's row alone).
#[test]
fn the_row_under_a_step_names_both_sides_past_a_hundred_points() {
    // Seed 6 reaches a tax of two choices at 218 points and 107¢; seed 9 a build at 201 points
    // and 179¢ (the person plays the hints, which tax with a growing bonus).
    for seed in [6, 9] {
        let mut app = app("queendomino", "you,greedy", seed);
        let (mut rows, mut tight) = (0, 0);
        for _ in 0..3000 {
            match app.mode() {
                Mode::BotThinking => app.run_bots(),
                Mode::Claim | Mode::Place | Mode::Step => {
                    if app.mode() == Mode::Step {
                        let shown = screen(&app, 80, 24);
                        let lines: Vec<&str> = shown.lines().collect();
                        if let Some(i) = lines.iter().position(|l| l.contains("Builders' Board")) {
                            // Both on the row, or a row each where the list leaves one.
                            let own = lines[i - 1];
                            let both = own.contains(" · ")
                                || (own.contains(" greedy 2: ") && lines[i - 2].contains("▶You: "));
                            assert!(both, "seed {seed}\n{shown}");
                            rows += 1;
                            tight += usize::from(own.contains(" · ") && !own.contains("pt"));
                        }
                    }
                    // The person plays the hints (greedy's moves), for totals past 100.
                    app.key(Key::Char('H'));
                    app.run_bots();
                    press(&mut app, "<enter>");
                }
                _ => break,
            }
        }
        assert_eq!(app.mode(), Mode::GameOver);
        assert!(
            rows > 10 && tight > 0,
            "seed {seed}: {rows} rows, {tight} tight"
        );
    }
}

/// A row of several squares under the cursor, too wide for the list, is cut in its words and
/// keeps which square of how many (at 66x20 it had lost `(1/2 ←→)`).
#[test]
fn a_cut_row_of_several_squares_keeps_which_square_it_is_on() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 2);
    play_to_step(&mut app, "buildings", 1, 3000);
    let entries = app.step_entries();
    let row = entries
        .iter()
        .position(|e| e.len() > 1)
        .expect("seed 2 has one");
    press(&mut app, &(row + 1).to_string());
    let shown = screen(&app, 66, 20);
    let line = shown
        .lines()
        .find(|l| l.contains('▶') && l.contains(&format!("{}. ", row + 1)))
        .expect("the cursor's row");
    assert!(
        line.contains(&format!("… (1/{} ←→)", entries[row].len())),
        "{shown}"
    );
}

/// A list of ten rows or more (a house rule's Builders' Board of twelve slots at no price): `1`
/// waits for a second digit (`1 0` chooses row 10), Enter then does row 1.
#[test]
fn a_step_choice_past_nine_is_taken_by_two_digits() {
    let mut found = false;
    for seed in 0..30 {
        let mut app = app_at_step(seed);
        if !in_step(&app, "buildings") || app.step_entries().len() < 10 {
            continue;
        }
        found = true;
        let rows = app.step_entries();
        let (first, tenth) = (rows[0].clone(), rows[9].clone());
        let actions = app.step_actions();
        let before = app.session().unwrap().actions()[0].len();
        let played =
            |app: &crownlands_tui::App| app.session().unwrap().actions()[0].get(before).copied();
        press(&mut app, "1");
        assert_eq!(played(&app), None);
        assert!(
            app.message().contains("a second digit chooses row 10"),
            "{}",
            app.message()
        );
        press(&mut app, "0");
        assert_eq!(played(&app), None, "row 10 chosen, Enter does it");
        press(&mut app, "<enter>");
        assert_eq!(played(&app), Some(actions[tenth.start]));
        let mut app2 = app_at_step(seed);
        press(&mut app2, "1<enter>");
        assert_eq!(
            app2.session().unwrap().actions()[0].get(before).copied(),
            Some(actions[first.start])
        );
        break;
    }
    assert!(found, "no seed reached a build of ten rows");
}

fn app_at_step(seed: u64) -> crownlands_tui::App {
    let text = "extends = \"queendomino\"\nname = \"big-board\"\n\
                [rules.module.buildings]\nslot-prices = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n";
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets");
    let ruleset = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        &dir.join("big-board.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut app = app_with(
        std::sync::Arc::new(ruleset),
        "you,greedy,greedy,greedy",
        seed,
    );
    play_to_step(&mut app, "buildings", 9, 3000);
    app
}

#[test]
fn steps_with_nothing_to_decide_go_by_themselves() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 7);
    play_passing(&mut app, |app| {
        if app.mode() == Mode::Step {
            // Only steps with a choice wait for the player.
            let legal = app.game().unwrap().legal_actions();
            assert!(legal.len() > 1, "{legal:?}");
        }
    });
    assert_eq!(app.mode(), Mode::GameOver);
    let log: Vec<&str> = app.log().collect();
    // Each skipped step says why, in its module's words.
    let skips: Vec<&&str> = log
        .iter()
        .filter(|l| l.contains("nothing to do in"))
        .collect();
    assert!(!skips.is_empty(), "{log:?}");
    for l in &skips {
        assert!(
            ["Tax: ", "Build: ", "Dragon: "]
                .iter()
                .any(|t| l.contains(t)),
            "{l}"
        );
    }
    // Quiet: no one "passes".
    assert!(!log.iter().any(|l| l.contains("passes")), "{log:?}");
}

#[test]
fn the_score_preview_follows_the_ghost() {
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, 50, |a| {
        a.mode() == Mode::Place && a.ghost_is_legal()
    });
    let (after, before) = app.preview().expect("a legal spot");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains(&format!("Score here {after} ({:+})", after - before)),
        "{text}"
    );
    // Another spot, another preview (or none when illegal).
    press(&mut app, "kkkk");
    assert_eq!(app.preview().is_some(), app.ghost_is_legal());
}

#[test]
fn names_are_typed_on_the_setup_screen_and_kept_in_saves() {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = App::with_setup(Setup::new(choices, None), config(1, Palette::none()));
    // Down to the first seat, name it, and the second.
    while app.setup().unwrap().row != Row::Seat(0) {
        press(&mut app, "<down>");
    }
    press(&mut app, "nAnna<enter>");
    press(&mut app, "<down>");
    press(&mut app, "<right><right><right>");
    assert_eq!(app.setup().unwrap().row, Row::Seat(1));
    press(&mut app, "nBo<bs>ob");
    insta::assert_snapshot!("setup_with_names", screen(&app, 80, 24));
    // Enter ends the name, goes to Start, starts.
    press(&mut app, "<enter><enter><enter>");
    assert!(app.game().is_some(), "started");
    assert_eq!(app.name(0), "Anna");
    assert_eq!(app.name(1), "Bob");
    let save = app.session().unwrap().to_save();
    let names: Vec<&str> = save.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Anna", "Bob"]);
    assert!(screen(&app, 80, 24).contains("Anna"));
}

/// A name typed past its length says so, rather than dropping the letters unsaid.
#[test]
fn a_name_typed_past_its_length_says_so() {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = App::with_setup(Setup::new(choices, None), config(1, Palette::none()));
    while app.setup().unwrap().row != Row::Seat(0) {
        press(&mut app, "<down>");
    }
    press(&mut app, "nBartholomew the Magnificent");
    assert_eq!(app.setup().unwrap().names[0], "Bartholomew the ");
    let text = screen(&app, 80, 24);
    assert!(text.contains("A name is at most 16 characters"), "{text}");
    // Entered at once (a playtester typed a long name and Enter): the name's cut is still said.
    press(&mut app, "<enter>");
    let text = words(&screen(&app, 80, 24));
    assert!(
        text.contains("A name is at most 16 characters: seat 1 is `Bartholomew the`"),
        "{text}"
    );
    // A name not typed past its length ends with no such word.
    press(&mut app, "n<bs>x<enter>");
    assert_eq!(app.setup().unwrap().names[0], "Bartholomew thex");
    assert!(!words(&screen(&app, 80, 24)).contains("at most 16"));
}

#[test]
fn royal_wedding_4p_at_80x24() {
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy", 3);
    until(&mut app, 200, |a| a.mode() == Mode::Place);
    insta::assert_snapshot!("royal_wedding_4p_80x24", screen(&app, 80, 24));
}

#[test]
fn eight_players_at_100x30() {
    let mut app = app(
        "royal-wedding",
        "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        3,
    );
    until(&mut app, 200, |a| a.mode() == Mode::Place);
    let text = screen(&app, 100, 30);
    // Every seat is named apart.
    for i in 2..=8 {
        assert!(text.contains(&format!("{i}")), "{text}");
    }
    insta::assert_snapshot!("royal_wedding_8p_100x30", text);
}

#[test]
fn five_kingdoms_at_120x40_take_columns_of_the_side_panel_for_their_crowns() {
    // Four other kingdoms one column a cell (terrains only) left the row 16 columns short of
    // two: they take 4 of the side panel's 38, which keeps its least width.
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy", 3);
    until(&mut app, 200, |a| a.mode() == Mode::Place);
    let game = app.game().unwrap();
    let l = crownlands_tui::view::layout(&app, game, ratatui::layout::Rect::new(0, 0, 120, 40))
        .unwrap();
    assert_eq!(l.others.len(), 4);
    assert!(
        l.others.iter().all(|(_, r)| r.width == 5 * 2 + 2),
        "two columns a cell: {:?}",
        l.others
    );
    let rules = l.rules.expect("a side panel");
    assert!(rules.width >= 30 && rules.x >= l.others[3].1.right());
    insta::assert_snapshot!("royal_wedding_5p_120x40", screen(&app, 120, 40));
    // Six kingdoms would take 16 of its columns, past its least width: it stays but for the 2
    // the lines take to show the players' names whole.
    let mut app = app_six();
    until(&mut app, 200, |a| a.mode() == Mode::Place);
    let game = app.game().unwrap();
    let l = crownlands_tui::view::layout(&app, game, ratatui::layout::Rect::new(0, 0, 120, 40))
        .unwrap();
    assert!(l.others.iter().all(|(_, r)| r.width == 5 + 2));
    assert_eq!(l.rules.map(|r| r.width), Some(36));
    // Others at two columns already (Queendomino at 4), with pieces on the kingdoms (knights,
    // buildings): the panel gives the five columns a third takes, a square's crown and its
    // piece side by side (`L1k`, where two columns underline the piece), and keeps 31.
    let mut qd = app_of("queendomino", "you,greedy,greedy,greedy");
    until(&mut qd, 200, |a| a.mode() == Mode::Place);
    let game = qd.game().unwrap();
    let l =
        crownlands_tui::view::layout(&qd, game, ratatui::layout::Rect::new(0, 0, 120, 40)).unwrap();
    assert!(
        l.others.iter().all(|(_, r)| r.width == 5 * 3 + 2),
        "{:?}",
        l.others
    );
    assert_eq!(l.rules.map(|r| r.width), Some(31));
}

fn app_six() -> App {
    app_of("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy")
}

fn app_of(ruleset: &str, players: &str) -> App {
    app(ruleset, players, 3)
}

#[test]
fn a_big_terminal_grows_the_kingdom_and_tells_the_rules() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    until(&mut app, 200, |a| a.mode() == Mode::Place);
    let text = screen(&app, 140, 45);
    assert!(text.contains("Rules of this step"), "{text}");
    insta::assert_snapshot!("queendomino_140x45", text);
    let game = app.game().unwrap();
    let l = crownlands_tui::view::layout(&app, game, ratatui::layout::Rect::new(0, 0, 140, 45))
        .unwrap();
    assert!(l.cell_h == 2 && l.cell_w >= 4, "larger cells");
    // The moves in the tall column under the rules (more of them than a strip would show), and
    // the other kingdoms three columns a cell, a square's crowns and pieces apart.
    assert!(
        l.log.height >= 20 && l.log.x >= l.players.right(),
        "a tall log"
    );
    assert!(
        l.others.iter().all(|(_, r)| r.width == 5 * 3 + 2),
        "wider others"
    );
    // With the log beside the rules, the rows under them: two a cell, as the large kingdom's.
    assert!(
        l.others.iter().all(|(_, r)| r.height == 5 * 2 + 2),
        "taller others"
    );
}

/// Where the columns have room below every line (the Mighty Duel at 160x50), the final
/// kingdoms are drawn as the game draws them, in cells of two rows and 4 or 5 columns (the
/// snapshot shows both columns alike); where they have not, in one row of 3 (the snapshots
/// below).
#[test]
fn a_tall_end_screen_draws_the_kingdoms_large() {
    let mut app = app("mighty-duel", "you,greedy", 4);
    play_to_end(&mut app, 3000);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 160, 50);
    insta::assert_snapshot!("mighty_duel_end_160x50", text);
    // Each kingdom row is a row of cells 5 columns wide (`C    `), with a blank row under it.
    let rows: Vec<&str> = text.lines().collect();
    let castle = rows
        .iter()
        .position(|r| r.contains(" C    "))
        .expect("a castle in a cell of 5 columns");
    assert!(
        rows[castle + 1].trim_matches(['"', '│', ' ']).is_empty(),
        "{text}"
    );
}

#[test]
fn the_end_screen_draws_the_kingdoms() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 3000);
    assert_eq!(app.mode(), Mode::GameOver);
    insta::assert_snapshot!("queendomino_end_100x30", screen(&app, 100, 30));
    // Three columns a square keep their leading space, so neighbours never run together
    // (`TBT1B`): without colours a crowned town with a building is `TB` in bold; with colours
    // the crown digit stands for the square, as one column draws it (`1B`).
    let text = screen(&app, 100, 30);
    assert!(!text.contains("T1B") && text.contains(" TB "), "{text}");
    app.config.palette = crownlands_tui::Palette {
        mode: crownlands_tui::ColourMode::Ansi16,
    };
    let text = screen(&app, 100, 30);
    assert!(!text.contains("T1B") && text.contains(" 1B "), "{text}");
}

#[test]
fn the_end_screen_shows_what_a_resource_tie_break_compares() {
    // A house rule breaking ties on coins left: each column shows the coins under the crowns.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/queendomino-cheap.toml");
    let ruleset = std::sync::Arc::new(
        crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
            .expect("the house rule loads"),
    );
    let mut app = App::new_game(
        ruleset,
        seats("greedy,greedy,greedy"),
        config(3, Palette::none()),
    )
    .expect("sets up");
    app.run_bots();
    assert_eq!(app.mode(), Mode::GameOver);
    let game = app.game().expect("a game");
    let mut coins: Vec<u32> = game
        .outcome()
        .scores
        .iter()
        .map(|(_, s)| s.held.get("coins").copied().unwrap_or(0))
        .collect();
    let text = screen(&app, 100, 30);
    // Each column's rows under its total: `largest`, `crowns`, then `coins` and its figure.
    let mut shown: Vec<u32> = text
        .split('│')
        .filter_map(|cell| cell.trim().strip_prefix("coins "))
        .filter_map(|rest| rest.trim().parse().ok())
        .collect();
    // Read row by row, so in another order than the columns'.
    shown.sort_unstable();
    coins.sort_unstable();
    assert_eq!(shown, coins, "{text}");
}

/// The setup screen with `cfg`'s saves folder, its focus on the recent games' row.
fn at_recent_games(cfg: crownlands_tui::Config) -> App {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = App::with_setup(Setup::new(choices, None), cfg);
    while app.setup().unwrap().row != Row::Recent {
        press(&mut app, "<down>");
    }
    app
}

/// A game of `name` for `players` (bots) played out with seed `seed` and kept in a folder of its
/// own (`tag`): the folder and the config that keeps games there.
fn kept_game(tag: &str, name: &str, players: &str, seed: u64) -> (PathBuf, crownlands_tui::Config) {
    let dir = temp_dir(tag);
    let mut cfg = config(seed, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset(name), seats(players), cfg.clone()).expect("sets up");
    app.run_bots();
    assert_eq!(app.mode(), Mode::GameOver);
    (dir, cfg)
}

#[test]
fn finished_games_are_kept_and_watched_move_by_move() {
    let dir = temp_dir("kept");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app =
        App::new_game(ruleset("kingdomino"), seats("greedy,greedy"), cfg.clone()).expect("sets up");
    app.run_bots();
    assert_eq!(app.mode(), Mode::GameOver);
    let kept: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(kept.len(), 1, "one file for the finished game");
    assert!(app.message().contains("Game kept"), "{}", app.message());
    // The setup screen offers it; Enter watches it from the first move.
    let mut app = at_recent_games(cfg.clone());
    assert_eq!(app.setup().unwrap().recent.len(), 1);
    assert!(!app.setup().unwrap().recent[0].label.contains("unfinished"));
    // A game saved half way is listed too, and says it is unfinished.
    let mut half =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    half.run_bots();
    press(&mut half, "<enter>s");
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(
        listed
            .iter()
            .filter(|r| r.label.starts_with("kingdomino (unfinished) · "))
            .count(),
        1,
        "{listed:?}"
    );
    std::fs::remove_file(
        &listed
            .iter()
            .find(|r| r.label.contains("unfinished"))
            .unwrap()
            .path,
    )
    .unwrap();
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    assert_eq!(app.replay_position().map(|p| p.0), Some(0));
    press(&mut app, "<right><right><right><right><right>");
    assert_eq!(app.replay_position().map(|p| p.0), Some(5));
    press(&mut app, "<left>");
    assert_eq!(app.replay_position().map(|p| p.0), Some(4));
    assert_eq!(app.log().count(), 4);
    insta::assert_snapshot!("watching_a_saved_game", screen(&app, 80, 24));
    // To the end: the game is over, nobody is asked to move.
    press(&mut app, "G");
    let (at, all) = app.replay_position().unwrap();
    assert_eq!(at, all);
    assert!(app.game().unwrap().is_over());
    assert_eq!(app.mode(), Mode::Replay);
    // A key past the end says where the game is, and what does go on; a move back clears it.
    press(&mut app, "<right>");
    assert!(app.message().contains("the last move"), "{}", app.message());
    press(&mut app, "<left><right>");
    assert!(app.message().is_empty(), "{}", app.message());
    press(&mut app, "G");
    // The last move says who won.
    let top = screen(&app, 100, 30);
    assert!(
        top.lines()
            .next()
            .is_some_and(|l| l.contains("game over:") && l.contains(" won")),
        "{top}"
    );
    // The last move shows the score screen, with the keys of watching.
    assert!(top.contains("Total") && top.contains("Winner:"), "{top}");
    assert!(top.contains("q: back to setup"), "{top}");
    assert!(!top.contains("play again"), "{top}");
    // Back a move: the game again.
    press(&mut app, "<left>");
    assert!(!screen(&app, 100, 30).contains("Winner:"));
    press(&mut app, "G");
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::Setup);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_loaded_finished_is_not_kept_twice() {
    let dir = temp_dir("twice");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app =
        App::new_game(ruleset("kingdomino"), seats("greedy,greedy"), cfg.clone()).expect("sets up");
    app.run_bots();
    let session = app.session().unwrap().clone();
    let again = App::resume(
        session,
        crownlands_tui::app::seats::from_players(app.session().unwrap().players()),
        cfg,
    );
    assert_eq!(again.mode(), Mode::GameOver);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn passes_stay_out_of_the_log() {
    let mut app = app("queendomino", "greedy,greedy,greedy,greedy", 2);
    app.run_bots();
    let game = app.game().unwrap();
    assert!(game.is_over());
    assert!(app.log().all(|l| !l.ends_with("passes")));
}

#[test]
fn a_save_with_control_characters_in_a_name_is_not_offered() {
    let dir = temp_dir("escaped");
    let players = vec![
        crownlands_saves::Player::new(1, "Ev\u{1b}[31mil", "greedy"),
        crownlands_saves::Player::new(2, "Bob", "greedy"),
    ];
    let session = crownlands_saves::Session::new(ruleset("kingdomino"), players, 5).unwrap();
    crownlands_saves::save_into_dir(&dir, &session.to_save()).expect("saved");
    let mut cfg = config(1, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let app = App::with_setup(Setup::new(choices, None), cfg);
    // Saves refuse such names on reading: the file is left out, nothing reaches the screen.
    assert!(app.setup().unwrap().recent.is_empty());
    let text = screen(&app, 80, 24);
    assert!(!text.contains('\u{1b}'), "{text}");
    assert!(!text.contains("Watch a recent game"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn back_from_watching_the_same_recent_game_is_chosen() {
    let dir = temp_dir("recent-kept");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    for seed in [4, 5] {
        cfg.seed = seed;
        let mut app = App::new_game(ruleset("kingdomino"), seats("greedy,greedy"), cfg.clone())
            .expect("sets up");
        app.run_bots();
        assert_eq!(app.mode(), Mode::GameOver);
    }
    let mut app = at_recent_games(cfg);
    assert_eq!(app.setup().unwrap().recent.len(), 2);
    press(&mut app, "<right>");
    assert_eq!(app.setup().unwrap().recent_at, 1);
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(app.setup().unwrap().recent_at, 1, "the game just watched");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_after_watching_one_is_not_dealt_from_the_watched_seed() {
    // Watching the game of seed 5 then starting one dealt seed 6 every time (the same deal
    // after each watch); a game watched or loaded now leaves the next seed as it was.
    let (dir, mut cfg) = kept_game("watch-then-play", "kingdomino", "greedy,greedy", 5);
    cfg.seed = 100;
    let mut app = at_recent_games(cfg);
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::Setup);
    while app.setup().unwrap().row != Row::Start {
        press(&mut app, "<up>");
    }
    press(&mut app, "<enter>");
    assert_eq!(
        app.session().map(|s| s.seed()),
        Some(100),
        "{}",
        app.message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn watching_a_match_to_its_end_says_the_game_and_the_match_winners() {
    let dir = temp_dir("watch-dynasty");
    let mut cfg = config(21, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app =
        App::new_game(ruleset("dynasty"), seats("greedy,greedy"), cfg.clone()).expect("sets up");
    for _ in 0..2 {
        app.run_bots();
        app.key_at(
            Key::Enter,
            std::time::Instant::now() + std::time::Duration::from_secs(2),
        );
    }
    app.run_bots();
    assert!(app.session().is_some_and(|s| !s.can_start_next_game()));
    // The match's last score screen at 80x24 says where the match is kept (the whole of it,
    // not a game), the folder whole (its one row cuts the words after it).
    let text = screen(&app, 80, 24);
    let kept = text
        .lines()
        .find(|l| l.contains("Match kept as"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(kept.contains(&format!("in {}", dir.display())), "{text}");
    let totals: Vec<String> = app
        .session()
        .and_then(|s| s.match_record())
        .expect("the match's record")
        .totals
        .iter()
        .map(i64::to_string)
        .collect();
    let mut app = at_recent_games(cfg);
    // The row of the saved games says the match's totals, not its last game's.
    let recent = &app.setup().expect("setup").recent[0];
    assert_eq!(
        recent.result.as_deref(),
        Some(format!("match {}", totals.join("–")).as_str())
    );
    press(&mut app, "<enter>G");
    assert_eq!(app.mode(), Mode::Replay);
    let text = screen(&app, 120, 30);
    let top = text.lines().next().unwrap_or_default();
    // The match's winner first: a narrow header cuts the game's winner, not the match's.
    assert!(top.contains("· the match goes to "), "{top}");
    assert!(top.contains(" won game 3"), "{top}");
    // At 80 columns too, with the winner's name (the moves counted, after it, are cut).
    let narrow = screen(&app, 80, 24);
    let narrow_top = narrow.lines().next().unwrap_or_default();
    let winner = narrow_top
        .split("· the match goes to ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap_or_default();
    assert!(
        !winner.is_empty() && !winner.contains('…') && top.contains(&format!("goes to {winner};")),
        "{narrow_top}"
    );
    // The moves counted are the match's, and said to be (a mistake's move is its game's).
    assert!(top.contains("game 3/3 · watching · "), "{top}");
    // At the end every move is watched, and the steps from one game to the next are not moves
    // (it said 146 of 146 for 144 moves).
    let (moves, all) = app.replay_moves().expect("watching");
    assert_eq!(moves, all);
    assert_eq!((all + 2, all + 2), app.replay_position().expect("watching"));
    assert!(
        top.contains(&format!("match: {moves}/{moves} moves played")),
        "{moves}: {top}"
    );
    assert!(text.contains("Winner of game 3: "), "{text}");
    // Ten moves at a time, each game's result is a stop on the way, either way (Tab went
    // past the scores between two games).
    for (from, key, game) in [("g", "<tab>", 1), ("G", "<backtab>", 2)] {
        press(&mut app, from);
        let mut seen = false;
        for _ in 0..20 {
            press(&mut app, key);
            seen |= screen(&app, 120, 30).contains(&format!("Winner of game {game}: "));
        }
        assert!(seen, "{key}: game {game}'s result");
    }
    // `a` on a game of the match before its last weighs that game (it had weighed game 3).
    press(&mut app, "g");
    for _ in 0..20 {
        if screen(&app, 120, 30).contains("Winner of game 1: ") {
            break;
        }
        press(&mut app, "<tab>");
    }
    press(&mut app, "<right><right>");
    assert!(
        screen(&app, 120, 30).contains("dynasty game 2/3"),
        "{}",
        screen(&app, 120, 30)
    );
    press(&mut app, "a");
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(app.analysis().map(|j| j.game()), Some(1));
    app.wait_for_analysis();
    let text = screen(&app, 120, 40);
    assert!(text.contains("Game 2 of 3: its decisions"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn watching_eight_kingdoms_without_a_log_tells_each_move() {
    // At 100x30 eight kingdoms leave no room for the moves' box: the status line tells the
    // last move (it kept saying which file was watched while the moves went by unsaid).
    let (dir, cfg) = kept_game(
        "watch-eight",
        "royal-wedding-teams",
        "greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        41,
    );
    let mut app = at_recent_games(cfg);
    // The row's result is the teams' totals, said to be (four totals for eight players).
    let result = app.setup().unwrap().recent[0]
        .result
        .clone()
        .unwrap_or_default();
    assert!(
        result.starts_with("teams ") && result.matches('–').count() == 3,
        "{result}"
    );
    press(&mut app, "<enter><right><right><right>");
    assert_eq!(app.mode(), Mode::Replay);
    let last = app.log().last().expect("a move").to_string();
    let text = screen(&app, 100, 30);
    assert!(text.contains(&format!("Last: {last}")), "{text}");
    // At the end the header names the winning team: too long for 80 columns, it is cut after
    // a word with `…` (it ended `· game over: greedy`).
    press(&mut app, "G");
    let text = screen(&app, 80, 24);
    let top = text
        .lines()
        .next()
        .unwrap_or_default()
        .trim_matches('"')
        .trim_end();
    assert!(top.ends_with('…'), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn watching_an_unfinished_save_says_where_it_stops() {
    let dir = temp_dir("watch-unfinished");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut half =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    half.run_bots();
    press(&mut half, "<enter>s");
    let mut app = at_recent_games(cfg);
    assert!(
        app.setup().unwrap().recent[0]
            .label
            .contains("(unfinished)")
    );
    press(&mut app, "<enter>G");
    assert_eq!(app.mode(), Mode::Replay);
    let text = screen(&app, 100, 30);
    let top = text.lines().next().unwrap_or_default();
    assert!(top.contains("unfinished: the save ends"), "{top}");
    press(&mut app, "<left>");
    let text = screen(&app, 100, 30);
    assert!(!text.contains("the save ends"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An unfinished game on the recent games' row says `r` resumes it, and `r` plays it on from
/// where it stopped, on the list and while watching it (Enter had only watched it, and nothing
/// said how to go on); a finished one says `r` is for an unfinished game.
#[test]
fn an_unfinished_save_on_the_recent_games_resumes_with_r() {
    let dir = temp_dir("resume-unfinished");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut half =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    half.run_bots();
    press(&mut half, "<enter>s");
    let moves = half.session().unwrap().actions().concat().len();
    let mut app = at_recent_games(cfg.clone());
    let text = words(&screen(&app, 80, 24));
    assert!(text.contains("r resume"), "{text}");
    assert!(text.contains("r resumes it"), "{text}");
    press(&mut app, "r");
    assert!(
        matches!(app.mode(), Mode::Claim | Mode::Place),
        "{:?}",
        app.mode()
    );
    assert_eq!(app.session().unwrap().actions().concat().len(), moves);
    assert!(
        app.message().starts_with("Game loaded. Resumed "),
        "{}",
        app.message()
    );
    // Watching it first, then `r`.
    let mut app = at_recent_games(cfg.clone());
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    let text = words(&screen(&app, 80, 24));
    assert!(text.contains("r resumes, q setup."), "{text}");
    press(&mut app, "r");
    assert!(
        matches!(app.mode(), Mode::Claim | Mode::Place),
        "{:?}",
        app.mode()
    );
    assert_eq!(app.replay_position(), None);
    assert_eq!(app.session().unwrap().actions().concat().len(), moves);
    let _ = std::fs::remove_dir_all(&dir);
    // A finished game: `r` says what it is for.
    let (dir, cfg) = kept_game("resume-finished", "kingdomino", "greedy,greedy", 4);
    let mut app = at_recent_games(cfg);
    press(&mut app, "r");
    assert_eq!(app.mode(), Mode::Setup);
    assert!(
        app.message().contains("This game is over"),
        "{}",
        app.message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The resume offer says where the game stands in the players' terms: the round of the game's
/// rounds, as the header counts them, and whose turn it is (it said `144 moves played, 57 of
/// them forced`, every step of watching counted: a big number to a player).
#[test]
fn the_resume_offer_says_the_round_and_whose_turn() {
    let mut game = app("kingdomino", "you,greedy", 4);
    // Past the first claims, to a few rounds in.
    while game.game().unwrap().round() < 3 {
        press(&mut game, "<enter>");
        game.run_bots();
    }
    let session = game.session().unwrap().clone();
    let round = session.game().round();
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    assert_eq!(found.summary.round, round);
    // Kingdomino at 2 players: 24 dominoes, lines of 4.
    assert_eq!(found.summary.rounds, 6);
    assert_eq!(found.summary.to_play.as_deref(), Some("You"));
    let offer = crownlands_tui::app::resume::Offer {
        path: std::path::PathBuf::from("/tmp/autosave.json"),
        found: Ok(found),
        focus: 0,
        kept_as: String::new(),
        not_a_file: false,
        later: None,
    };
    let next = crownlands_tui::app::Next::Setup(Box::new(crownlands_tui::app::setup::Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    )));
    let app = App::with_offer(offer, next, config(1, Palette::none()));
    let text = words(&screen(&app, 80, 24));
    assert!(
        text.contains(&format!("Progress round {round} of 6, You to play Saved")),
        "{text}"
    );
    assert!(!text.contains("moves played"), "{text}");
}

/// In a match the offer says the round of the game being played and which game it is (it gave
/// the game's moves and the match's, two counts of one thing).
#[test]
fn the_resume_offer_of_a_match_says_the_game_and_its_round() {
    let players = crownlands_saves::Player::seats(2, "random");
    let mut session = crownlands_saves::Session::new(ruleset("dynasty"), players, 3).expect("new");
    while !session.game().is_over() {
        let first = session.game().legal_actions()[0];
        session.apply(first).expect("legal");
    }
    assert!(session.next_game());
    while session.game().round() == 0 {
        let first = session.game().legal_actions()[0];
        session.apply(first).expect("legal");
    }
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    assert_eq!(found.summary.round, 1);
    let offer = crownlands_tui::app::resume::Offer {
        path: std::path::PathBuf::from("/tmp/autosave.json"),
        found: Ok(found),
        focus: 0,
        kept_as: String::new(),
        not_a_file: false,
        later: None,
    };
    let next = crownlands_tui::app::Next::Setup(Box::new(crownlands_tui::app::setup::Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    )));
    let app = App::with_offer(offer, next, config(1, Palette::none()));
    let text = words(&screen(&app, 100, 30));
    assert!(
        text.contains("round 1 of 6, random 1 to play (game 2 of 3;"),
        "{text}"
    );
    assert!(!text.contains("in the match"), "{text}");
}

#[test]
fn undo_keeps_the_log_as_it_was_skipped_steps_included() {
    let mut app = app("queendomino", "you,greedy", 7);
    let mut n = 0;
    // To a decision of ours once a skipped step is in the log.
    while n < 400 {
        let skipped = app.log().any(|l| l.contains("nothing to do in"));
        if skipped && matches!(app.mode(), Mode::Claim | Mode::Place | Mode::Step) {
            break;
        }
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert!(
        app.log().any(|l| l.contains("nothing to do in")),
        "a step was skipped"
    );
    let before: Vec<String> = app.log().map(str::to_string).collect();
    // Loaded, the game shows the same log, skipped steps included.
    let session = app.session().unwrap().clone();
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let loaded = App::resume(session, seats, config(1, Palette::none()));
    let loaded_log: Vec<String> = loaded.log().map(str::to_string).collect();
    assert_eq!(loaded_log, before);
    let game = app.game().unwrap().clone();
    press(&mut app, "<enter>");
    assert_ne!(app.game().unwrap(), &game);
    press(&mut app, "u");
    assert_eq!(app.game().unwrap(), &game);
    let after: Vec<String> = app.log().map(str::to_string).collect();
    assert_eq!(after, before);
}

#[test]
fn eight_score_columns_name_terrains_by_their_symbols_when_names_do_not_fit() {
    let mut app = app(
        "royal-wedding",
        "greedy,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        3,
    );
    play_to_end(&mut app, 100);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 100, 30);
    // Coins said short where `19 coins` does not fit: `19¢`, not `19 coi…`.
    assert!(text.contains("│19¢ "), "{text}");
    assert!(!text.contains("coi…"), "{text}");
    // No terrain name cut to a prefix that two terrains could share.
    for cut in ["│f ", "│fo ", "│g ", "│gr ", "│wh ", "│la "] {
        assert!(!text.contains(cut), "{cut}:\n{text}");
    }
    insta::assert_snapshot!("royal_wedding_8p_end_100x30", text);
    // At 90x24 (nine columns a side) a two-figure count had left no room for the terrain's
    // letter (`│ 12x3  36│`): every territory's row keeps it.
    let text = screen(&app, 90, 24);
    let figures_alone = text.split('│').map(str::trim).find(|cell| {
        cell.split(' ').next().is_some_and(|first| {
            first
                .split_once('x')
                .is_some_and(|(a, b)| a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok())
        })
    });
    assert_eq!(figures_alone, None, "{text}");
    assert!(text.contains("x"), "{text}");
}

#[test]
fn six_score_columns_at_64_columns_keep_each_territory_s_letter_and_the_place_whole() {
    // Royal Wedding at 6 players on the least screen it plays on: `│ 10x9 90│` had said no
    // terrain, and `6th plac` was cut without a mark.
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 5);
    play_to_end(&mut app, 3000);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 64, 26);
    let cells: Vec<&str> = text.split('│').collect();
    let unsaid = cells.iter().find(|cell| {
        cell.strip_prefix(' ')
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_ascii_digit())
    });
    assert_eq!(unsaid, None, "{text}");
    assert!(text.contains("│6th     │"), "{text}");
    assert!(!text.contains("plac"), "{text}");
}

#[test]
fn six_score_columns_mark_every_cut_name_and_say_no_crowns_in_words() {
    // Royal Wedding at 6 players at 100x32: `7 wi. crowns` read as a code, and `Grassland C`
    // stood unmarked beside `Knights' L…`.
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 100, 32);
    assert!(!text.contains("wi."), "{text}");
    assert!(text.contains("7 no crowns"), "{text}");
    assert!(!text.contains("Grassland C "), "{text}");
    // A building's name that would lose its last word gives its initials and that word
    // (`Grassland…` said neither Camp nor Tower; `Knights' L…`).
    assert!(text.contains("G.Camp"), "{text}");
    assert!(text.contains("K.Lodge"), "{text}");
    insta::assert_snapshot!("royal_wedding_6p_end_100x32", text);
}

#[test]
fn a_team_named_on_the_board_keeps_both_members() {
    let mut seats = seats("you,greedy,greedy,greedy,greedy,greedy");
    for (s, c) in seats.iter_mut().zip(["赤", "青", "緑", "黄", "白", "黒"]) {
        s.name = format!("{c}長い長い名前のプレイヤー");
    }
    let mut app = App::new_game(
        ruleset("royal-wedding-teams"),
        seats,
        config(2, Palette::none()),
    )
    .expect("sets up");
    let mut n = 0;
    let queen_row = |app: &App| {
        screen(app, 120, 40)
            .lines()
            .find(|l| l.contains("Queen: ") && l.contains('&'))
            .map(str::to_string)
    };
    app.run_bots();
    while queen_row(&app).is_none() && n < 400 && app.mode() != Mode::GameOver {
        play_to_end(&mut app, 1);
        n += 1;
    }
    let row = queen_row(&app).unwrap_or_else(|| {
        let text = screen(&app, 120, 40);
        let q: Vec<&str> = text.lines().filter(|l| l.contains("Queen")).collect();
        panic!("the Queen went to a team: {n} {:?} {q:?}", app.mode())
    });
    let (_, after) = row.split_once("Queen: ").expect("queen");
    let (first, second) = after.split_once('&').expect("a team");
    assert!(
        first.trim().len() > 2 && second.trim_start().len() > 2,
        "{row}"
    );
    assert!(
        ["赤", "青", "緑", "黄", "白", "黒"]
            .iter()
            .any(|c| second.trim_start().starts_with(c)),
        "the second member is named: {row}"
    );
}

/// Every step that goes by itself says why, in its module's words, whichever module it is.
#[test]
fn a_skipped_step_says_why() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in [7, 8] {
        let mut app = app("queendomino", "you,greedy", seed);
        play_passing(&mut app, |app| {
            for l in app.log().filter(|l| l.contains("nothing to do in")) {
                seen.insert(l.to_string());
            }
        });
    }
    // Every step of every line gives its reason (`Tax: ...; Build: ...`).
    for l in &seen {
        let steps = l.split_once("nothing to do in ").map_or("", |(_, s)| s);
        for step in steps.split("; ") {
            assert!(step.contains(": "), "every shipped module says why: {l}");
        }
    }
    for step in ["Tax: ", "Build: ", "Dragon: "] {
        assert!(seen.iter().any(|l| l.contains(step)), "{step} in {seen:#?}");
    }
}

/// The acting side's own row under a step's choices is whole: its stats in words where they fit,
/// else short (`4¢ 0kn 1tw`), never cut mid-word (Royal Wedding at 80x24 cut `Queen` to `Qu`).
#[test]
fn the_own_row_under_a_step_is_whole() {
    for (ruleset, players) in [
        ("queendomino", "you,greedy,greedy,greedy"),
        ("royal-wedding", "you,greedy,greedy,greedy"),
    ] {
        let mut app = app(ruleset, players, 4);
        let mut seen = 0;
        let mut n = 0;
        while app.mode() != Mode::GameOver && n < 3000 && seen < 12 {
            if app.mode() == Mode::Step {
                let game = app.game().unwrap();
                let side = game.side_of(game.to_act().unwrap());
                let stats = game.side_stats(side);
                let pts = format!("You: {} pts", game.score_total(side));
                let long: String = stats.iter().map(|s| format!(", {}", s.long)).collect();
                let short: String = stats.iter().map(|s| format!(" {}", s.short())).collect();
                let text = screen(&app, 80, 24);
                assert!(
                    text.contains(&format!("{pts}{long}"))
                        || text.contains(&format!("{pts}{short}")),
                    "{ruleset}:\n{text}"
                );
                seen += 1;
            }
            play_to_end(&mut app, 1);
            n += 1;
        }
        assert!(seen > 0, "{ruleset}: a step of yours");
    }
}

/// Play the human's seat to the end (at most 2,000 keys): pass every step that waits, place at
/// the first legal spot, claim the first domino; `each` sees the app before every key.
fn play_passing(app: &mut crownlands_tui::App, mut each: impl FnMut(&crownlands_tui::App)) {
    let mut keys = 0;
    while app.mode() != Mode::GameOver && keys < 2000 {
        each(app);
        if app.mode() == Mode::Step {
            press(app, "p");
        } else if app.mode() == Mode::Place && !app.ghost_is_legal() && !app.must_discard() {
            press(app, "<tab>");
        } else {
            press(app, "<enter>");
        }
        keys += 1;
    }
}

/// Queendomino between two greedy bots at a pace of 3 s.
fn two_bots_at_a_pace_of_3_s() -> App {
    let mut config = config(6, crownlands_tui::Palette::none());
    config.pace = std::time::Duration::from_secs(3);
    App::new_game(ruleset("queendomino"), seats("greedy,greedy"), config).expect("game sets up")
}

/// The moves played so far, all games of a match in a row.
fn moves_played(app: &App) -> usize {
    app.session().map_or(0, |s| s.actions().concat().len())
}

/// A bot's pass goes at once, not at the pace (it shows nothing to follow): with a pace of 3 s, a
/// bot in a step where only going on is legal passes with no time passing; its other moves wait.
#[test]
fn a_bots_pass_does_not_wait_for_the_pace() {
    use std::time::{Duration, Instant};
    let mut app = two_bots_at_a_pace_of_3_s();
    let count = moves_played;
    // The app's own clock: it moves on 3.1 s at a time, except to see a pass go.
    let mut t = Instant::now();
    let mut passes = 0;
    let wall = Instant::now();
    while passes < 3 && app.mode() != Mode::GameOver && wall.elapsed() < Duration::from_secs(60) {
        let forced = app.game().is_some_and(|g| {
            matches!(g.phase(), crownlands_core::Phase::Step { .. }) && g.legal_action_count() == 1
        });
        if forced {
            // Its bot was asked at `t`: the pass comes without `t` moving.
            let before = count(&app);
            let asked = Instant::now();
            while count(&app) == before && asked.elapsed() < Duration::from_secs(10) {
                app.tick(t);
                std::thread::sleep(Duration::from_millis(2));
            }
            assert_eq!(count(&app), before + 1, "the pass went before the pace");
            let last = *app.session().unwrap().actions().concat().last().unwrap();
            assert_eq!(last, crownlands_core::Action::Pass);
            passes += 1;
            continue;
        }
        let before = count(&app);
        let asked = Instant::now();
        while count(&app) == before && asked.elapsed() < Duration::from_secs(10) {
            app.tick(t);
            if count(&app) == before {
                // Not a pass: it waits for the pace.
                t += Duration::from_millis(3100);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    assert_eq!(passes, 3, "three forced passes seen");
}

/// A bot's module action (a tax, a build, a burn) waits half the pace; its placement and claim
/// the whole pace.
#[test]
fn a_bots_module_action_waits_half_the_pace() {
    use crownlands_core::Action;
    use std::time::{Duration, Instant};
    let mut app = two_bots_at_a_pace_of_3_s();
    let count = moves_played;
    let last =
        |app: &crownlands_tui::App| *app.session().unwrap().actions().concat().last().unwrap();
    let mut t = Instant::now();
    let (mut module_moves, mut other_moves) = (0, 0);
    let wall = Instant::now();
    while (module_moves < 2 || other_moves < 2)
        && app.mode() != Mode::GameOver
        && wall.elapsed() < Duration::from_secs(60)
    {
        let before = count(&app);
        // Half the pace (and a little) on the app's clock: only a module's action, or a pass.
        let half = t + Duration::from_millis(1600);
        let asked = Instant::now();
        // (A greedy bot answers in milliseconds: a second is room to spare.)
        while count(&app) == before && asked.elapsed() < Duration::from_secs(1) {
            app.tick(half);
            std::thread::sleep(Duration::from_millis(2));
        }
        if count(&app) > before {
            let a = last(&app);
            assert!(
                matches!(a, Action::Module { .. } | Action::Pass),
                "{a:?} before the pace"
            );
            module_moves += usize::from(matches!(a, Action::Module { .. }));
            t = half;
            continue;
        }
        // Anything else waits the whole pace.
        t += Duration::from_millis(3100);
        let asked = Instant::now();
        while count(&app) == before && asked.elapsed() < Duration::from_secs(10) {
            app.tick(t);
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(
            !matches!(last(&app), Action::Module { .. }),
            "a module action waited"
        );
        other_moves += 1;
    }
    assert!(
        module_moves >= 2 && other_moves >= 2,
        "{module_moves} {other_moves}"
    );
}

#[test]
fn a_module_steps_mistake_shows_the_best_actions_squares() {
    // A build (or a tax, a burn) the analysis finds worse than another: watched at its move,
    // the best action's squares are highlighted as the step's cursor highlights them, whatever
    // the module.
    let mut found = false;
    let mut crossed_seen = false;
    for seed in 1..6 {
        let mut app = app("queendomino", "you,greedy", seed);
        until(&mut app, 5000, |a| a.mode() == Mode::GameOver);
        assert_eq!(app.mode(), Mode::GameOver);
        let sides = analysis_reports(&mut app);
        let mistakes: Vec<_> = sides.iter().flat_map(|s| &s.mistakes).cloned().collect();
        for (k, m) in mistakes.iter().enumerate() {
            if !matches!(m.best_action, crownlands_core::Action::Module { .. }) {
                continue;
            }
            let key = crownlands_tui::app::analysis::key_of_mistake(k).expect("a key");
            press(&mut app, &key.to_string());
            assert_eq!(
                app.mistake_on_board(),
                Some((m.played_action, m.best_action))
            );
            let game = app.game().expect("watching").clone();
            let cells = game
                .step_view()
                .and_then(|v| v.choices.into_iter().find(|c| c.action == m.best_action))
                .map(|c| c.cells)
                .unwrap_or_default();
            if cells.is_empty() {
                press(&mut app, "q");
                continue;
            }
            // Every square of the best action reversed on the board.
            let buf = buffer(&app, 100, 30);
            let reversed = buf
                .content()
                .iter()
                .filter(|c| c.modifier.contains(Modifier::REVERSED) && c.symbol() != " ")
                .count();
            assert!(reversed >= cells.len(), "{}", screen(&app, 100, 30));
            // The action played, when it concerns squares or a row (not a pass): crossed there.
            let played = game
                .step_view()
                .and_then(|v| v.choices.into_iter().find(|c| c.action == m.played_action));
            let crosses = screen(&app, 100, 30).matches('×').count();
            match played {
                Some(p) if !p.cells.is_empty() || p.row.is_some() => {
                    assert!(crosses >= 1, "{}", screen(&app, 100, 30));
                    crossed_seen = true;
                }
                _ => assert_eq!(crosses, 0, "{}", screen(&app, 100, 30)),
            }
            found = true;
            break;
        }
        if found && crossed_seen {
            break;
        }
    }
    assert!(found, "no module step's mistake with squares in five games");
    assert!(
        crossed_seen,
        "no module step's mistake played on squares in five games"
    );
}

#[test]
fn a_hint_in_a_module_step_reads_as_the_move_to_make() {
    // `Hint: Lake Tower 2¢ +1tw 2/lake at 0,-2`, as a placement's `Hint: place 7 at 0,-2↓` (it read
    // `Hint: You: Lake Tower ...`).
    let mut app = app("queendomino", "you,greedy", 5);
    until(&mut app, 3000, |a| {
        a.mode() == Mode::Step && a.game().is_some_and(|g| g.legal_action_count() > 1)
    });
    assert_eq!(app.mode(), Mode::Step);
    app.key(crownlands_tui::Key::Char('H'));
    app.run_bots();
    assert!(
        app.message().starts_with("Hint: ") && !app.message().starts_with("Hint: You"),
        "{}",
        app.message()
    );
}

#[test]
fn esc_on_a_hint_in_a_step_closes_the_hint_and_skips_nothing() {
    // Esc pressed to dismiss the hint's panel skipped the build being weighed, unsaid.
    let mut app = app("queendomino", "you,greedy", 5);
    until(&mut app, 3000, |a| {
        a.mode() == Mode::Step && a.game().is_some_and(|g| g.legal_action_count() > 1)
    });
    assert_eq!(app.mode(), Mode::Step);
    let moves = app.game().map(|g| g.phase());
    app.key(crownlands_tui::Key::Char('H'));
    app.run_bots();
    assert!(!app.hints().is_empty());
    app.key(crownlands_tui::Key::Esc);
    assert_eq!(app.mode(), Mode::Step);
    assert_eq!(app.game().map(|g| g.phase()), moves);
    assert!(app.hints().is_empty() && app.hint().is_none());
    assert!(
        app.message().starts_with("Hint closed"),
        "{}",
        app.message()
    );
    // Given up while it is weighed, too; then Esc skips, as before.
    app.key(crownlands_tui::Key::Char('H'));
    assert!(app.thinking_on_hint());
    app.key(crownlands_tui::Key::Esc);
    assert!(!app.thinking_on_hint());
    assert_eq!(app.game().map(|g| g.phase()), moves);
    app.key(crownlands_tui::Key::Esc);
    assert_ne!(app.game().map(|g| g.phase()), moves);
}

/// Play on, skipping every step and placing where the ghost may go, until the person at the
/// table is in the step of `module`.
fn to_step(app: &mut App, module: &str) {
    let mut keys = 0;
    while !in_step(app, module) && app.mode() != Mode::GameOver && keys < 400 {
        match app.mode() {
            Mode::Step => press(app, "p"),
            Mode::BotThinking => app.run_bots(),
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(app, "<tab>"),
            _ => press(app, "<enter>"),
        }
        keys += 1;
    }
    assert!(in_step(app, module), "no {module} step reached");
}

#[test]
fn where_the_scores_find_no_room_the_step_lists_every_side() {
    // Four teams at 100x30: the Build step's list covered the scores, which found no room
    // elsewhere, and only the acting team's row was left, with blank rows above it: the rivals'
    // towers, which decide the Queen, were nowhere on the screen while building.
    let mut app = app(
        "royal-wedding-teams",
        "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        7,
    );
    to_step(&mut app, "buildings");
    let text = screen(&app, 100, 30);
    assert!(!text.contains("┌ Scores "), "{text}");
    for team in [
        "▶You & greedy 2: ",
        " greedy 3 & greedy 4: ",
        " greedy 5 & greedy 6: ",
        " greedy 7 & greedy 8: ",
    ] {
        assert!(text.contains(team), "{team}\n{text}");
    }
    assert!(text.contains("Skip (go on)"), "{text}");
}

#[test]
fn a_tall_screen_keeps_the_scores_beside_a_step_and_its_whole_detail() {
    // At 120x40 with six players the step's list covered the lines and the scores, only the
    // acting side's own row left, and the chosen choice's detail lost its last line under it.
    let mut app = app(
        "royal-wedding",
        "you,greedy,greedy,greedy,greedy,greedy",
        19,
    );
    to_step(&mut app, "dragon");
    // From Skip, where the step opens, to the first choice.
    press(&mut app, "<down>");
    let text = screen(&app, 120, 40);
    assert!(text.contains("┌ Scores "), "{text}");
    assert!(text.contains("greedy 6 "), "{text}");
    // The detail ends with its own words, the acting side's row under it.
    let detail = app
        .game()
        .and_then(|g| g.step_view())
        .and_then(|v| v.choices.into_iter().next())
        .map(|c| c.detail)
        .expect("a choice");
    // The list's column, from the detail's first line down to the acting side's row.
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let head: Vec<char> = detail.chars().take(12).collect();
    let (row, col) = lines
        .iter()
        .enumerate()
        .find_map(|(r, l)| {
            (0..l.len().saturating_sub(head.len()))
                .find(|&c| l[c..c + head.len()] == head[..])
                .map(|c| (r, c))
        })
        .expect("the detail shown");
    let mut told = String::new();
    for l in &lines[row..] {
        let part: String = l[col..].iter().take_while(|&&c| c != '│').collect();
        if part.starts_with("You:") {
            break;
        }
        told.push_str(part.trim_end());
        told.push(' ');
    }
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(&told), words(&detail), "{text}");
}

#[test]
fn scores_at_80_columns_keep_every_name_readable() {
    // Six kingdoms at 80x24: once a row held the Queen's `Q` and two-digit coins the names
    // shrank to one letter (`▶Y  20p`, a bare `2` for greedy 2), read as numbers.
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 9);
    let mut narrowest = usize::MAX;
    let mut shortest_greedy = usize::MAX;
    let mut worst = String::new();
    for _ in 0..2000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let text = screen(&app, 80, 24);
        // (`screen` quotes each line.)
        let lines: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.strip_prefix('"').unwrap_or(l))
            .map(|l| l.strip_suffix('"').unwrap_or(l).chars().collect())
            .collect();
        let title: Vec<char> = "Scores ─".chars().collect();
        let found = lines.iter().enumerate().find_map(|(r, l)| {
            (0..l.len().saturating_sub(title.len()))
                .find(|&c| l[c..c + title.len()] == title[..])
                .map(|c| (r, c))
        });
        if let Some((top, at)) = found {
            // Framed (`┌ Scores`): rows start with `│` a column before the title's space.
            let framed = at >= 2 && lines[top][at - 2] == '┌';
            let col = if framed { at - 2 } else { at - 1 };
            for l in &lines[top + 1..] {
                let Some(row) = l.get(col..) else { break };
                let row: String = row
                    .iter()
                    .skip(usize::from(framed))
                    .take_while(|&&c| c != '│')
                    .collect();
                if row.starts_with('─') || row.starts_with('└') || row.trim().is_empty() {
                    break;
                }
                // The name: after the mark, up to the points (`20p`).
                let name: String = row.chars().skip(1).collect();
                // Up to the points: the last word before the one ending in `p` or `pts`.
                let words: Vec<&str> = name.split_whitespace().collect();
                let points = words
                    .iter()
                    .position(|w| {
                        (w.ends_with('p') && w[..w.len() - 1].parse::<i32>().is_ok())
                            || w.parse::<i32>().is_ok() && words.contains(&"pts")
                    })
                    .unwrap_or(words.len());
                let name = words[..points].join(" ");
                if name.chars().count() < narrowest {
                    narrowest = name.chars().count();
                    worst = format!("{name:?} in {row:?}\n{text}");
                }
                if name.starts_with('g') && name.chars().count() < shortest_greedy {
                    shortest_greedy = name.chars().count();
                    worst = format!("{name:?} in {row:?}\n{text}");
                }
            }
        }
        match app.mode() {
            Mode::BotThinking => app.run_bots(),
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(&mut app, "<tab>"),
            _ => press(&mut app, "<enter>"),
        }
    }
    assert_eq!(app.mode(), Mode::GameOver);
    // `You` whole, `gre 2` of `greedy 2`: at least 3 columns of every name, 5 of the long.
    assert!(narrowest >= 3, "a name {narrowest} wide:\n{worst}");
    assert!(
        shortest_greedy >= 5,
        "greedy cut to {shortest_greedy}:\n{worst}"
    );
}

#[test]
fn undo_at_the_start_of_a_matchs_next_game_says_the_finished_games_stand() {
    let mut app = app("dynasty", "you,greedy", 22);
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    app.key_at(
        Key::Enter,
        std::time::Instant::now() + std::time::Duration::from_secs(2),
    );
    assert_eq!(app.session().map(|s| s.game_index()), Some(1));
    while app.mode() == Mode::BotThinking {
        app.run_bots();
    }
    // No decision of yours in this game yet (the bot may have claimed first).
    press(&mut app, "u");
    assert!(
        app.message()
            .contains("Nothing to undo in this game (the match's finished games stand)"),
        "{}",
        app.message()
    );
}

/// The side hosting the Queen.
fn queen_host(game: &crownlands_core::Game) -> Option<crownlands_core::Side> {
    game.all_sides()
        .find(|&s| game.resource(s, "queen-host") > 0)
}

#[test]
fn at_a_hot_seat_table_the_bots_news_names_whose_move_it_is_since() {
    // Two people and two bots: `Since your move: The Queen goes to ...` at Player 3's turn, the
    // Queen having moved after Player 1's move, read as news since Player 3's. It names the
    // person who moved last.
    let mut app = app("queendomino", "you,greedy,you,greedy", 5);
    let moves = |app: &App| {
        app.session()
            .map_or(0, |s| s.actions().last().map_or(0, Vec::len))
    };
    let mut last_person = None;
    let mut noted = 0;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let person = app
            .game()
            .and_then(|g| g.to_act())
            .map(|p| app.name(p.index()));
        let before = moves(&app);
        // (A person's key that played a move, the bots playing theirs after it.)
        let by_person = match app.mode() {
            Mode::BotThinking => {
                app.run_bots();
                false
            }
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => {
                press(&mut app, "<tab>");
                false
            }
            _ => {
                press(&mut app, "<enter>");
                moves(&app) > before
            }
        };
        if by_person {
            last_person.clone_from(&person);
        }
        if app.message().starts_with("Since") {
            let who = last_person.as_deref().expect("a person moved");
            assert!(
                app.message().starts_with(&format!("Since {who}'s move: ")),
                "{who}: {}",
                app.message()
            );
            noted += 1;
        }
    }
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(noted > 0, "no news of a bot's move in this game");
}

#[test]
fn the_log_says_when_the_queen_changes_hosts() {
    // Only the `Q` moving on the scores told it (a build's words say what it gives, not that
    // the Queen moved).
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 5);
    let mut moves = 0;
    let mut told = 0;
    let mut noted = 0;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let host = app.game().and_then(queen_host);
        let lines = app.log().count();
        match app.mode() {
            Mode::BotThinking => app.run_bots(),
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(&mut app, "<tab>"),
            _ => press(&mut app, "<enter>"),
        }
        let now = app.game().and_then(queen_host);
        if now != host && now.is_some() {
            moves += 1;
            // Gone to a bot: the status line keeps it until the person moves (the bots' turns
            // may scroll it out of the moves box unread).
            if now != Some(crownlands_core::Side(0)) && app.mode() != Mode::GameOver {
                assert!(
                    app.message()
                        .starts_with("Since your move: The Queen goes to "),
                    "{}",
                    app.message()
                );
                noted += 1;
            }
            // Only the lines this key added (the log keeps its last lines: those past the
            // count before, from its end).
            let log: Vec<&str> = app.log().collect();
            let added = log.len().saturating_sub(lines).max(1);
            let news = log[log.len().saturating_sub(added)..].iter().any(|l| {
                l.starts_with("The Queen goes to ") || l.starts_with("The Queen comes to you")
            });
            told += usize::from(news);
        }
    }
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(moves > 0, "the Queen never moved in this game");
    assert_eq!(told, moves, "each move of the Queen told");
    assert!(noted > 0, "no move of the Queen by a bot in this game");
}

/// At 120x40, four kingdoms: the rules panel left the step's list 42 columns, which cut each
/// build before its square (two builds of one tile read alike). The list takes the rules'
/// columns for the step when its rows need them; the rules stay on `?`.
#[test]
fn a_steps_rows_are_not_cut_where_the_rules_panel_would_take_their_room() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    play_to_step(&mut app, "buildings", 2, 500);
    assert!(in_step(&app, "buildings"));
    let text = screen(&app, 120, 40);
    let game = app.game().expect("a game");
    let view = game.step_view().expect("a step");
    // Every choice shown is whole (as many as the list shows: the first ones), a building
    // at several squares whole with how many.
    for c in view.choices.iter().take(3) {
        let several = c.group.as_ref().map(|g| format!("{g} · "));
        assert!(
            text.contains(&c.text) || several.is_some_and(|s| text.contains(&s)),
            "{}:\n{text}",
            c.text
        );
    }
    assert!(!text.contains("Rules of this step"), "{text}");
    // Back in a placement, the rules panel is there again.
    let mut n = 0;
    while app.mode() != Mode::Place && n < 1000 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    let text = screen(&app, 120, 40);
    assert!(text.contains("Rules of this step"), "{text}");
}

/// The build list leaves out what the side cannot pay for: the prompt says which, and the coins
/// (a playtester with 4¢ looked for the Sawmill at 5¢).
#[test]
fn the_build_prompt_names_the_tiles_too_dear() {
    for seed in 0..20 {
        let mut app = app("queendomino", "you,greedy,greedy,greedy", seed);
        let mut n = 0;
        while n < 600 && app.mode() != Mode::GameOver {
            if in_step(&app, "buildings") {
                let game = app.game().expect("a game");
                let prompt = game.step_view().expect("a step").prompt;
                let side = game.side_of(game.to_act().expect("a seat"));
                let coins = game.resource(side, "coins");
                if prompt.contains("not enough for") {
                    assert!(
                        prompt.starts_with(&format!(
                            "Build: buy a building from the Builders' Board at its slot's price (you have {coins}¢: not enough for "
                        )),
                        "{prompt}"
                    );
                    // Each named with its price, more than the coins.
                    let list = prompt
                        .split("not enough for ")
                        .nth(1)
                        .and_then(|l| l.strip_suffix(")."))
                        .expect("a list");
                    for item in list.split(", ") {
                        let price: u32 = item
                            .rsplit(' ')
                            .next()
                            .and_then(|p| p.strip_suffix('¢'))
                            .and_then(|p| p.parse().ok())
                            .unwrap_or_else(|| panic!("{item}"));
                        assert!(price > coins, "{prompt}");
                    }
                    return;
                }
                // The dearest build, to spend the coins (the cursor wraps from the first row
                // to skipping, then to the last build).
                press(&mut app, "<up><up><enter>");
            } else if in_step(&app, "knights") {
                // No tax: fewer coins.
                press(&mut app, "p");
            } else {
                play_to_end(&mut app, 1);
            }
            n += 1;
        }
    }
    panic!("no build step with a tile too dear");
}

/// A bot's move waits while the screen is too small to show it: however long the app's clock
/// runs on, nothing is played until the screen fits again, and then it comes at the pace.
#[test]
fn a_bots_move_waits_while_the_screen_is_too_small() {
    use std::time::{Duration, Instant};
    let mut app = two_bots_at_a_pace_of_3_s();
    let count = moves_played;
    app.set_screen(30, 10, crownlands_tui::view::MEASURE);
    assert!(app.screen_too_small());
    let mut t = Instant::now();
    let wall = Instant::now();
    while wall.elapsed() < Duration::from_millis(500) {
        t += Duration::from_secs(10);
        app.tick(t);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(count(&app), 0, "nothing played unseen");
    assert!(
        screen(&app, 30, 10).contains("bots wait"),
        "{}",
        screen(&app, 30, 10)
    );
    app.set_screen(120, 40, crownlands_tui::view::MEASURE);
    assert!(!app.screen_too_small());
    // The board seen again, the move waits the pace from then on...
    app.tick(t + Duration::from_millis(100));
    assert_eq!(count(&app), 0, "the move comes at the pace once seen");
    // ...and comes after it.
    let asked = Instant::now();
    while count(&app) == 0 && asked.elapsed() < Duration::from_secs(10) {
        app.tick(t + Duration::from_millis(3100));
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(count(&app), 1);
}

/// A match saved from the score screen between its games is listed as unfinished, with the
/// games played of the match's and its totals so far (it read as a finished game).
#[test]
fn a_match_saved_between_its_games_is_listed_unfinished() {
    let dir = temp_dir("between");
    let mut cfg = config(5, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app =
        App::new_game(ruleset("dynasty"), seats("you,greedy"), cfg.clone()).expect("sets up");
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    let totals: Vec<String> = {
        let g = app.game().expect("the game");
        g.all_sides()
            .map(|s| g.score_total(s).to_string())
            .collect()
    };
    press(&mut app, "s");
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    let saved = listed
        .iter()
        .find(|r| r.label.starts_with("dynasty"))
        .unwrap_or_else(|| panic!("{listed:?}"));
    assert!(saved.what.ends_with("(unfinished)"), "{saved:?}");
    assert_eq!(
        saved.result.as_deref(),
        Some(format!("game 1/3 done, match {}", totals.join("–")).as_str()),
        "{saved:?}"
    );
    // Watched to its end (game 1's scores), it offers no analysis: the match is not over.
    let mut watch = at_recent_games(cfg);
    let at = watch
        .setup()
        .unwrap()
        .recent
        .iter()
        .position(|r| r.path == saved.path)
        .expect("listed");
    for _ in 0..at {
        press(&mut watch, "<right>");
    }
    press(&mut watch, "<enter>G");
    assert_eq!(watch.mode(), Mode::Replay);
    let end = screen(&watch, 100, 30);
    assert!(!end.contains("a: analyse"), "{end}");
    press(&mut watch, "a");
    assert_eq!(watch.mode(), Mode::Replay, "{}", watch.message());
    assert!(
        watch.message().contains("unfinished"),
        "{}",
        watch.message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A match saved by hand and finished: its last score screen, which says the match too, has
/// one row for where it was kept at 100x32; the file and its folder stay whole there, the
/// words in brackets give way.
#[test]
fn a_matchs_last_score_screen_says_the_file_kept_whole() {
    let dir = temp_dir("match-kept");
    let mut cfg = config(1, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset("dynasty"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    play_to_end(&mut app, 6);
    press(&mut app, "s");
    let saved = files_in(&dir);
    assert_eq!(saved.len(), 1, "{saved:?}");
    for game in 0..3 {
        if game > 0 {
            play_on(&mut app);
        }
        play_to_end(&mut app, 1000);
    }
    assert!(app.session().unwrap().is_over());
    assert!(
        app.message()
            .contains("(where you saved it, now finished).")
    );
    let name = saved[0].file_name().unwrap().to_string_lossy().to_string();
    let text = words(&screen(&app, 100, 32));
    let folder = dir.display().to_string();
    assert!(
        text.contains(&format!("Match kept in {name} in {folder}")),
        "{text}"
    );
    assert!(!text.contains('…'), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game saved by hand (`s`) and then finished is kept in the file it was saved in, not in a
/// second one beside it (the recent games listed it twice, once unfinished); a file another
/// program changed meanwhile is left alone.
#[test]
fn a_game_saved_by_hand_then_finished_is_kept_where_it_was_saved() {
    for changed in [false, true] {
        let dir = temp_dir(if changed {
            "by-hand-changed"
        } else {
            "by-hand"
        });
        let mut cfg = config(4, Palette::none());
        cfg.save_dir = Some(dir.clone());
        let mut app =
            App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).expect("sets up");
        app.run_bots();
        play_to_end(&mut app, 6);
        press(&mut app, "s");
        let files = || files_in(&dir);
        let saved = files();
        assert_eq!(saved.len(), 1, "{saved:?}");
        if changed {
            std::fs::write(&saved[0], b"{}").unwrap();
        }
        play_to_end(&mut app, 1000);
        assert_eq!(app.mode(), Mode::GameOver);
        let now = files();
        if changed {
            assert_eq!(now.len(), 2, "the changed file left alone: {now:?}");
            assert_eq!(std::fs::read(&saved[0]).unwrap(), b"{}");
        } else {
            assert_eq!(now, saved, "kept in the file saved by hand");
            assert!(
                app.message().contains("where you saved it"),
                "{}",
                app.message()
            );
            let save = crownlands_saves::read_save_file(&saved[0]).unwrap();
            assert_eq!(save, app.session().unwrap().to_save(), "the finished game");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A game saved by hand, then resumed from the autosave by another run of the program, goes
/// back into the file it was saved in (saved again, then finished), not a second file beside
/// it; taken back on its score screen, then resumed and ended again, it is kept in the file it
/// was kept in (a playtest found `-2` files beside both, one byte for byte the same).
#[test]
fn a_game_resumed_from_the_autosave_goes_back_into_its_own_files() {
    use crownlands_tui::app::resume::{Found, Offer};
    let dir = temp_dir("resumed-own-files");
    let home = temp_dir("resumed-own-files-home");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let files = || files_in(&dir);
    // Another run of the program offers the game, as the autosave held it, and resumes it.
    let resumed = |app: &App| {
        let session = app.session().expect("a game").clone();
        let offer = Offer {
            path: home.join("autosave.json"),
            found: Ok(Found::new(session, "just now".into())),
            focus: 0,
            kept_as: "autosave-previous.json".into(),
            not_a_file: false,
            later: None,
        };
        let next = crownlands_tui::app::Next::Setup(Box::new(Setup::new(
            crownlands_tui::app::ruleset_file::shipped_choices(
                crownlands_core::Registry::shipped_ref(),
            ),
            None,
        )));
        let mut app = App::with_offer(offer, next, cfg.clone());
        press(&mut app, "r");
        app
    };
    let mut app =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    app.run_bots();
    play_to_end(&mut app, 6);
    press(&mut app, "s");
    let saved = files();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let mut app = resumed(&app);
    play_to_end(&mut app, 3);
    press(&mut app, "s");
    assert!(app.message().contains(" again "), "{}", app.message());
    assert_eq!(files(), saved, "saved again into its file");
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(files(), saved, "kept in the file saved by hand");
    assert!(
        app.message().contains("where you saved it"),
        "{}",
        app.message()
    );
    let finished = app.session().unwrap().to_save();
    assert_eq!(
        crownlands_saves::read_save_file(&saved[0]).unwrap(),
        finished
    );
    // Taken back on the score screen, the program left; resumed and ended the same way.
    press(&mut app, "u");
    assert_ne!(app.mode(), Mode::GameOver);
    let mut app = resumed(&app);
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(files(), saved, "no second file: {}", app.message());
    assert_eq!(app.session().unwrap().to_save(), finished);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&home);
}

/// `s` pressed while a bot thinks: where the game was saved stays said while the bots move,
/// until the person's own move (at the default pace the bot's next move had cleared it).
#[test]
fn a_save_asked_during_a_bots_turn_stays_said_until_your_move() {
    let dir = temp_dir("saved-during-bots");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    // Queendomino: the bots' moves bring news (the Queen changing hosts), said with it. (Keys
    // sent one by one, the bots left to think: `press` lets them play after each key.)
    let mut app =
        App::new_game(ruleset("queendomino"), seats("greedy,you,greedy"), cfg).expect("sets up");
    let key = |app: &mut App, keys: &str| {
        for k in crownlands_tui::keys::Key::parse_all(keys) {
            app.key_at(k, later());
        }
    };
    let (mut saw, mut with_news) = (0, 0);
    for _ in 0..3000 {
        match app.mode() {
            Mode::BotThinking => {
                key(&mut app, "s");
                assert!(app.message().starts_with("Saved "), "{}", app.message());
                app.run_bots();
                if app.mode() == Mode::GameOver {
                    break;
                }
                assert!(app.message().starts_with("Saved "), "{}", app.message());
                with_news += usize::from(app.message().contains(".  Since your move: "));
                saw += 1;
            }
            Mode::GameOver => break,
            Mode::Step => key(&mut app, "<down><enter>"),
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => {
                key(&mut app, "<tab><enter>")
            }
            _ => {
                let saved = app.message().starts_with("Saved ");
                key(&mut app, "<enter>");
                // The person's own move: said no more.
                if saved && app.mode() == Mode::BotThinking {
                    assert!(!app.message().starts_with("Saved "), "{}", app.message());
                }
            }
        }
    }
    assert!(saw > 0 && with_news > 0, "{saw} {with_news}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same where the autosave is given to `--load` (not resumed from the start's offer): the
/// finished game goes back into the file it was saved in by hand, not a `-2` file beside it
/// (a playtest's Royal Wedding).
#[test]
fn a_game_loaded_from_the_autosave_goes_back_into_the_file_it_was_saved_in() {
    let dir = temp_dir("loaded-own-files");
    let home = temp_dir("loaded-own-files-home");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    app.run_bots();
    play_to_end(&mut app, 6);
    press(&mut app, "s");
    let saved = files_in(&dir);
    assert_eq!(saved.len(), 1, "{saved:?}");
    play_to_end(&mut app, 2);
    // The autosave as it stands (two moves past the save), loaded by another run.
    let autosave = home.join("autosave.json");
    crownlands_saves::write_save(&autosave, &app.session().unwrap().to_save()).expect("written");
    let mut app = App::load(&autosave, cfg.clone()).expect("loads");
    app.run_bots();
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(files_in(&dir), saved, "no second file: {}", app.message());
    assert!(
        app.message().contains("where you saved it"),
        "{}",
        app.message()
    );
    assert_eq!(
        crownlands_saves::read_save_file(&saved[0]).unwrap(),
        app.session().unwrap().to_save()
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&home);
}

/// A step's choice too long for its row ends in `…` (at 72x22 a Dragon's bribe read
/// `Bribe the Dragon to burn Mine Tower (1¢`, cut with nothing to say so).
#[test]
fn a_choice_cut_at_its_row_says_so() {
    let mut app = app("queendomino", "you,greedy", 4);
    play_to_step(&mut app, "dragon", 2, 2000);
    assert!(in_step(&app, "dragon"));
    let text = screen(&app, 72, 22);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" 1. ") || l.contains(" 2. ") || l.contains(" 3. "))
        .collect();
    assert!(!rows.is_empty(), "{text}");
    let game = app.game().unwrap();
    let view = game.step_view().unwrap();
    for (i, a) in app.step_actions().iter().enumerate().take(3) {
        let words = view
            .choices
            .iter()
            .find(|c| c.action == *a)
            .map_or_else(|| game.action_text(*a), |c| c.text.clone());
        let head = format!("{}. ", i + 1);
        let Some(row) = rows.iter().find(|r| r.contains(&head)) else {
            continue;
        };
        let shown = row.split_once(&head).unwrap().1;
        if !shown.contains(words.as_str()) {
            assert!(
                shown.contains('…'),
                "{words:?} cut without a mark: {row:?}\n{text}"
            );
        }
    }
}

/// `a` at the end of a saved game being watched: its scores and its analysis, the mistakes
/// watched from there as the game just played's are; nothing is played, kept or autosaved, and
/// `q` goes back to the setup screen.
#[test]
fn a_saved_game_watched_is_analysed_from_its_end() {
    let (dir, mut cfg) = kept_game("watched-analysis", "kingdomino", "greedy,greedy", 4);
    let home = temp_dir("watched-analysis-home");
    cfg.autosave_dir = Some(home.clone());
    let mut app = at_recent_games(cfg);
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    // Half way, then its end (a works from any move of a finished game).
    press(&mut app, "<right><right>");
    press(&mut app, "G");
    let end = screen(&app, 100, 30);
    assert!(end.contains("a: analyse this game"), "{end}");
    press(&mut app, "a");
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(app.watching_saved_scores());
    assert_eq!(app.overlay(), Some(crownlands_tui::app::Overlay::Analysis));
    app.wait_for_analysis();
    let job = app.analysis().expect("asked for");
    assert_eq!(job.done(), job.total);
    // Keys that would play say what this screen is.
    let before = app.session().unwrap().to_save();
    press(&mut app, "<esc>");
    for k in ["<enter>", "u", "s", "n"] {
        press(&mut app, k);
        assert_eq!(app.mode(), Mode::GameOver, "{k}");
        assert_eq!(app.session().unwrap().to_save(), before, "{k}");
    }
    assert!(app.message().contains("a analyses it"), "{}", app.message());
    let text = screen(&app, 100, 30);
    assert!(text.contains("q: back to setup"), "{text}");
    assert!(!text.contains("play again"), "{text}");
    // Its help says what this screen is, not the played game's keys.
    press(&mut app, "?");
    let help = screen(&app, 100, 30);
    assert!(help.contains("is played or saved from here"), "{help}");
    assert!(!help.contains("Enter plays again"), "{help}");
    press(&mut app, "<esc>");
    // A mistake watched goes back to these scores.
    if job_mistakes(&app) > 0 {
        press(&mut app, "a1");
        assert_eq!(app.mode(), Mode::Replay);
        press(&mut app, "q");
        assert_eq!(app.mode(), Mode::GameOver);
        assert!(app.watching_saved_scores());
        press(&mut app, "<esc>");
    }
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::Setup);
    assert!(!app.should_quit(), "back to the setup screen, not out");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "nothing kept");
    assert!(
        !home.join(crownlands_saves::AUTOSAVE_FILE).exists(),
        "nothing autosaved"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&home);
}

fn job_mistakes(app: &App) -> usize {
    app.analysis()
        .and_then(|j| j.result.as_ref())
        .and_then(|r| r.as_ref().ok())
        .map_or(0, |sides| sides.iter().map(|s| s.mistakes.len()).sum())
}

/// A kingdom's title names what its underlined cells hide by kind (`underlined: knight`, `_:
/// building`), never by a building's first word (`_: Wheat`, a playtest at 80x24), at the
/// sizes where cells are narrow.
#[test]
fn the_underline_legend_names_pieces_by_kind() {
    let mut seen = 0;
    for seed in 0..3 {
        let mut app = app("queendomino", "you,greedy", seed);
        for _ in 0..400 {
            if app.mode() == Mode::GameOver {
                break;
            }
            let text: String = [(80, 24), (72, 22), (64, 20)]
                .iter()
                .map(|&(w, h)| screen(&app, w, h))
                .collect();
            for line in text.lines() {
                for key in ["underlined: ", "_: "] {
                    let Some(at) = line.find(key) else {
                        continue;
                    };
                    let rest = &line[at + key.len()..];
                    let kinds = rest.split(['┐', '─', '│']).next().unwrap_or(rest).trim();
                    for kind in kinds.split(", ") {
                        assert!(
                            ["knight", "building", "pieces"].contains(&kind),
                            "{kind:?} in {line}\n{text}"
                        );
                        seen += 1;
                    }
                }
            }
            play_to_end(&mut app, 1);
        }
    }
    assert!(seen > 100, "{seen} legends");
}

/// The moves box shows the lines of steps skipped with nothing to do only where they push out
/// no move (a playtest at 80x24 saw its build and the Queen pushed out by `You: nothing to do
/// in Dragon: ...`, and at 4 players one such line, wrapped, filled the box): the newest move
/// is always in view; `m` shows every line.
#[test]
fn skipped_steps_never_push_a_move_out_of_the_moves_box() {
    let mut checked = 0;
    for players in ["you,greedy", "you,greedy,greedy,greedy"] {
        let mut app = app("queendomino", players, 3);
        for _ in 0..300 {
            if app.mode() == Mode::GameOver {
                break;
            }
            let skip = |l: &str| l.contains(": nothing to do in ");
            if app.log().last().is_some_and(skip) {
                let newest_move = app.log().rev().find(|l| !skip(l)).map(str::to_string);
                let small = screen(&app, 80, 24);
                let boxed: String = small
                    .lines()
                    .skip_while(|l| !l.contains("Moves"))
                    .skip(1)
                    .take_while(|l| !l.starts_with('└'))
                    .map(|l| l.split('│').nth(1).unwrap_or_default().trim().to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                if let Some(m) = newest_move {
                    let start: String = m.chars().take(12).collect();
                    assert!(boxed.contains(&start), "{start:?} not in the box:\n{small}");
                    checked += 1;
                }
            }
            play_to_end(&mut app, 1);
        }
    }
    assert!(checked > 5, "{checked}");
}

/// The rows of the Scores box on a screen (as `screen` draws it), without their frame.
fn score_rows(text: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.strip_prefix('"').unwrap_or(l))
        .map(|l| l.strip_suffix('"').unwrap_or(l).chars().collect())
        .collect();
    let title: Vec<char> = "Scores ─".chars().collect();
    let Some((top, at)) = lines.iter().enumerate().find_map(|(r, l)| {
        (0..l.len().saturating_sub(title.len()))
            .find(|&c| l[c..c + title.len()] == title[..])
            .map(|c| (r, c))
    }) else {
        return Vec::new();
    };
    let framed = at >= 2 && lines[top][at - 2] == '┌';
    let col = if framed { at - 2 } else { at - 1 };
    // The box's width: its title line's run of `─` (and the corner).
    let end = (at..lines[top].len())
        .find(|&c| {
            !matches!(lines[top][c], '─' | '┐') && c > at + title.len() && lines[top][c] != ' '
        })
        .unwrap_or(lines[top].len());
    let mut out = Vec::new();
    for l in &lines[top + 1..] {
        let Some(row) = l.get(col..end.min(l.len())) else {
            break;
        };
        let row: String = row
            .iter()
            .skip(usize::from(framed))
            .take_while(|&&c| c != '│')
            .collect();
        if row.starts_with('─') || row.starts_with('└') || row.trim().is_empty() {
            break;
        }
        out.push(row);
    }
    out
}

/// One step of a human who taxes at each chance and builds nothing (coins pile up for a build
/// later), the bots playing theirs.
fn taxing_step(app: &mut App) {
    match app.mode() {
        Mode::BotThinking => app.run_bots(),
        Mode::Step if in_step(app, "knights") => press(app, "<down><enter>"),
        Mode::Step => press(app, "p"),
        Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(app, "<tab>"),
        _ => press(app, "<enter>"),
    }
}

#[test]
fn four_kingdoms_at_66x20_keep_names_and_stat_columns() {
    // A playtest at 66x20 read `▶Y   5p 7¢ 3kn` and ` 2   6p 6¢ 2kn`: once the figures widened
    // the names shrank to a letter, and counts of nothing were left out on some rows and not
    // on others, so the columns did not line up.
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 5);
    let mut seen = 0;
    let mut shot = false;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let text = screen(&app, 66, 20);
        let rows = score_rows(&text);
        if !rows.is_empty() {
            seen += 1;
            for row in &rows {
                // The name: after the mark, up to the points (`25p`).
                let words: Vec<&str> = row[row.char_indices().nth(1).unwrap().0..]
                    .split_whitespace()
                    .collect();
                let points = words
                    .iter()
                    .position(|w| {
                        w.strip_suffix('p')
                            .is_some_and(|n| n.parse::<i32>().is_ok())
                    })
                    .unwrap_or(words.len());
                let name = words[..points].join(" ");
                assert!(
                    name == "You" || name.chars().count() >= 5,
                    "{name:?} in {row:?}:\n{text}"
                );
            }
            // Each kind of stat in one column: its unit ends at the same place on every row.
            for unit in ["¢", "kn", "tw"] {
                let ends: Vec<usize> = rows
                    .iter()
                    .filter_map(|r| {
                        let chars: Vec<char> = r.chars().collect();
                        let u: Vec<char> = unit.chars().collect();
                        (0..chars.len().saturating_sub(u.len() - 1))
                            .find(|&c| chars[c..c + u.len()] == u[..])
                    })
                    .collect();
                assert!(
                    ends.windows(2).all(|w| w[0] == w[1]),
                    "{unit} not aligned in {rows:#?}\n{text}"
                );
            }
        }
        if !shot && in_step(&app, "buildings") && app.game().unwrap().round() >= 6 {
            insta::assert_snapshot!("queendomino_4p_66x20_build", text);
            insta::assert_snapshot!("queendomino_4p_100x30_build", screen(&app, 100, 30));
            shot = true;
        }
        taxing_step(&mut app);
    }
    assert!(
        seen > 20 && shot,
        "{seen} screens with scores, {:?} round {}:\n{}",
        app.mode(),
        app.game().unwrap().round(),
        screen(&app, 66, 20)
    );
}

#[test]
fn the_rival_kingdom_beside_the_board_at_80x24_is_a_box_of_its_own() {
    // A playtest at 80x24 with 2 players read the rival's kingdom as more of the Builders'
    // Board's rows: without a frame, its title sat in the Board's top line, and its seventh row
    // beside the Board's supply line. It had a line down its left side then, open on the right
    // and at the bottom; it is a whole box now, its top-left corner joined to the Board's line.
    let mut app = app("queendomino", "you,greedy", 11);
    let mut checked = 0;
    let mut shot = false;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let text = screen(&app, 80, 24);
        let lines: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.trim_matches('"').chars().collect())
            .collect();
        let title: Vec<char> = "greedy 2".chars().collect();
        let board = lines
            .iter()
            .position(|l| l.iter().collect::<String>().contains("Builders' Board"));
        if let Some(top) = board
            && let Some(at) = (1..lines[top].len().saturating_sub(title.len()))
                .find(|&c| lines[top][c..c + title.len()] == title[..])
        {
            // (After the corner and the title's leading space where the name has room.)
            let corner = if lines[top][at - 1] == ' ' {
                at - 2
            } else {
                at - 1
            };
            assert_eq!(lines[top][corner], '┬', "{text}");
            let right = lines[top]
                .iter()
                .rposition(|&c| c == '┐')
                .unwrap_or_else(|| panic!("its top-right corner:\n{text}"));
            let rows = usize::from(app.game().unwrap().rules().grid_size);
            for l in &lines[top + 1..=top + rows] {
                assert_eq!((l[corner], l[right]), ('│', '│'), "{text}");
            }
            let bottom = &lines[top + rows + 1];
            assert_eq!((bottom[corner], bottom[right]), ('└', '┘'), "{text}");
            checked += 1;
            let rival = app
                .game()
                .unwrap()
                .kingdom(crownlands_core::Side::from_index(1).unwrap());
            let (_, y0, _, y1) = rival.bounds();
            if !shot && y1 - y0 + 1 >= 7 {
                insta::assert_snapshot!("queendomino_2p_80x24_rival_beside_the_board", text);
                shot = true;
            }
        }
        taxing_step(&mut app);
    }
    assert!(
        checked > 20 && shot,
        "{checked} screens with the rival beside the Board"
    );
}

/// The characters of `app`'s screen at `w`x`h`, row by row.
fn cells(app: &App, w: u16, h: u16) -> Vec<Vec<char>> {
    let buf = buffer(app, w, h);
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().chars().next().unwrap_or(' '))
                .collect()
        })
        .collect()
}

/// The ways a box-drawing character's lines go: up, down, left, right (none for another).
fn ways(c: char) -> [bool; 4] {
    match c {
        '│' => [true, true, false, false],
        '─' => [false, false, true, true],
        '┌' => [false, true, false, true],
        '┐' => [false, true, true, false],
        '└' => [true, false, false, true],
        '┘' => [true, false, true, false],
        '├' => [true, true, false, true],
        '┤' => [true, true, true, false],
        '┬' => [false, true, true, true],
        '┴' => [true, false, true, true],
        '┼' => [true, true, true, true],
        _ => [false; 4],
    }
}

#[test]
fn the_rival_kingdoms_boxes_are_whole_and_share_their_sides() {
    // Compact, the rival kingdoms had a title line and a line down their left side beside a box
    // without a frame (Queendomino at 80x24): boxes open on the right and at the bottom, the last
    // running to the screen's edge; the first, beside a frame, had no line at all (`greedy 2──┌
    // greedy 3─┌ greedy 4─` at 66x20). Each is a whole box now, its sides shared with the box
    // beside it and joined to the lines there (`├`, `┬`, `┴`), never two lines side by side,
    // its bottom side where the row under it is free. Royal Wedding with 8 at 100x30: the first
    // rival stands beside the Builders' Board's last rows, then beside the moves' box; with 3 at
    // 80x24 (no Dragon) beside the large kingdom's frame, then the Board; Kingdomino with 4 at
    // 66x20 beside the large kingdom's frame and the moves' box, no row free under them.
    let tables = [
        (
            "royal-wedding",
            "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
            100,
            30,
        ),
        ("queendomino-no-dragon", "you,greedy,greedy", 80, 24),
        ("queendomino", "you,greedy,greedy", 80, 24),
        ("kingdomino", "you,greedy,greedy,greedy", 66, 20),
    ];
    for (ruleset, players, w, h) in tables {
        let mut app = app(ruleset, players, 3);
        let (mut joined, mut closed) = (0, 0);
        for _ in 0..400 {
            if app.mode() == Mode::GameOver {
                break;
            }
            let game = app.game().unwrap();
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            let l = crownlands_tui::view::layout(&app, game, area).unwrap();
            let grid = cells(&app, w, h);
            let text = || format!("{ruleset} at {w}x{h}:\n{}", screen(&app, w, h));
            let at = |x: u16, y: u16| ways(grid[usize::from(y)][usize::from(x)]);
            for &(_, r) in l.others.iter().filter(|_| l.compact) {
                // Its sides: the column left of its rect (shared), and its last column.
                let (left, right) = (r.x - 1, r.right() - 1);
                let last = r.bottom() - 1;
                for (x, inward) in [(left, 3), (right, 2)] {
                    assert!(at(x, r.y)[1] && at(x, r.y)[inward], "top: {}", text());
                    for y in r.y + 1..last {
                        assert!(at(x, y)[0] && at(x, y)[1], "row {y}: {}", text());
                        // Never two lines side by side.
                        let beside = if inward == 3 { x - 1 } else { x + 1 };
                        if usize::from(beside) < grid[0].len() {
                            assert!(
                                !(at(beside, y)[0] && at(beside, y)[1]),
                                "row {y}: {}",
                                text()
                            );
                        }
                    }
                    if l.others_closed {
                        assert!(at(x, last)[0] && at(x, last)[inward], "{}", text());
                    }
                }
                joined += (r.y..r.bottom())
                    .filter(|&y| at(left, y)[2] || (y > r.y && at(left, y)[3]))
                    .count();
                closed += usize::from(l.others_closed);
            }
            taxing_step(&mut app);
        }
        assert!(
            joined > 20,
            "{ruleset}: {joined} rows joined to a box beside"
        );
        if ruleset != "kingdomino" {
            assert!(closed > 20, "{ruleset}: {closed} closed");
        }
    }
}

#[test]
fn a_detail_cut_to_its_rows_ends_with_an_ellipsis() {
    // A playtest at 66x20 read `Swamp Tower for 4¢: +1 tower; 2 points per` as the whole
    // detail: the sentence had been cut to the list's one row without a sign.
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 5);
    let mut cut = 0;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        if in_step(&app, "buildings") {
            // The last building of the list (up from Skip), its detail under the list.
            press(&mut app, "<up>");
            let detail = app
                .game()
                .and_then(|g| g.step_view())
                .and_then(|v| v.choices.into_iter().rev().nth(1))
                .map(|c| c.detail)
                .unwrap_or_default();
            let text = screen(&app, 66, 20);
            let head: String = detail.chars().take(20).collect();
            let tail: String = detail
                .chars()
                .rev()
                .take(8)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if let Some(line) = text.lines().find(|l| !head.is_empty() && l.contains(&head))
                && !text.contains(&tail)
            {
                let row = line
                    .trim_matches('"')
                    .trim_end()
                    .trim_end_matches('│')
                    .trim_end();
                assert!(row.ends_with('…'), "{row:?} cuts {detail:?}:\n{text}");
                cut += 1;
            }
            press(&mut app, "p");
            continue;
        }
        taxing_step(&mut app);
    }
    assert!(cut > 0, "no detail was cut at 66x20");
}

/// A 4-player Queendomino game played on to a build step with a building that may stand on
/// several town squares: the app, the row's number (from 0) and its choices.
fn build_at_several_squares() -> (App, usize, std::ops::Range<usize>) {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    let several = |app: &App| {
        in_step(app, "buildings")
            .then(|| {
                app.step_entries()
                    .into_iter()
                    .enumerate()
                    .find(|(_, e)| e.len() > 1)
            })
            .flatten()
    };
    let mut n = 0;
    while several(&app).is_none() && n < 3000 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    let (row, squares) = several(&app).expect("a building at several squares came up");
    (app, row, squares)
}

/// A building that may stand on several town squares is one row of the build list, numbered as
/// a row: ←→ choose its square (lit on the kingdom, which of how many said), Enter builds there.
#[test]
fn a_building_at_several_squares_is_one_row_its_square_chosen_apart() {
    let (mut app, row, squares) = build_at_several_squares();
    let rows = app.step_entries().len();
    let actions = app.step_actions();
    let view = app.game().and_then(|g| g.step_view()).expect("a step");
    let of = |i: usize| {
        view.choices
            .iter()
            .find(|c| c.action == actions[i])
            .expect("described")
            .clone()
    };
    let group = of(squares.start).group.expect("a group");
    let text = screen(&app, 100, 30);
    assert!(
        text.contains(&format!("{}. {group} · on either of 2 squares", row + 1))
            || text.contains(&format!(
                "{}. {group} · on any of {} squares",
                row + 1,
                squares.len()
            )),
        "{text}"
    );
    assert!(text.contains("←→ square"), "{text}");
    assert!(text.contains(&format!("↑↓ or 1-{rows} choose")), "{text}");
    // Its number chooses the row, at its first square: nothing built yet.
    let before = app.session().unwrap().actions()[0].len();
    let played = |app: &App| app.session().unwrap().actions()[0].get(before).copied();
    press(&mut app, &(row + 1).to_string());
    assert_eq!(played(&app), None);
    assert_eq!(app.choice(), squares.start);
    assert!(
        app.message().starts_with("Square 1 of"),
        "{}",
        app.message()
    );
    let text = screen(&app, 100, 30);
    assert!(
        text.contains(&format!(
            "{} (1/{} ←→)",
            of(squares.start).text,
            squares.len()
        )),
        "{text}"
    );
    // → the next square, ← back and round to the last.
    press(&mut app, "<right>");
    assert_eq!(app.choice(), squares.start + 1);
    assert!(
        app.message().starts_with("Square 2 of"),
        "{}",
        app.message()
    );
    press(&mut app, "<left><left>");
    assert_eq!(app.choice(), squares.end - 1);
    // ↑↓ leave the row for the next one, and come back to its first square.
    press(&mut app, "<down><up>");
    assert_eq!(app.choice(), squares.start);
    press(&mut app, "<left><enter>");
    assert_eq!(played(&app), Some(actions[squares.end - 1]));
}

/// A click on a lit square of the kingdom chooses the building's square there; a second click
/// builds it.
#[test]
fn a_click_on_the_kingdom_chooses_the_square_of_a_build() {
    let (mut app, row, squares) = build_at_several_squares();
    let actions = app.step_actions();
    let cell = |i: usize| {
        app.game()
            .and_then(|g| g.step_view())
            .and_then(|v| v.choices.into_iter().find(|c| c.action == actions[i]))
            .and_then(|c| c.cells.first().copied())
            .expect("a square")
    };
    let second = cell(squares.start + 1);
    press(&mut app, &(row + 1).to_string());
    let before = app.session().unwrap().actions()[0].len();
    let now = std::time::Instant::now();
    app.click_cell(second, now);
    assert_eq!(app.choice(), squares.start + 1);
    assert!(
        app.message().starts_with("Square 2 of"),
        "{}",
        app.message()
    );
    assert_eq!(app.session().unwrap().actions()[0].get(before), None);
    app.click_cell(second, now);
    assert_eq!(
        app.session().unwrap().actions()[0].get(before).copied(),
        Some(actions[squares.start + 1])
    );
}

/// A click on the square the keys chose only chooses it (a click to look spends nothing): the
/// next click there builds; a key between them makes it a first click again.
#[test]
fn a_click_on_the_square_the_keys_chose_builds_only_at_the_second_click() {
    let (mut app, row, squares) = build_at_several_squares();
    let actions = app.step_actions();
    let first = app
        .game()
        .and_then(|g| g.step_view())
        .and_then(|v| {
            v.choices
                .into_iter()
                .find(|c| c.action == actions[squares.start])
        })
        .and_then(|c| c.cells.first().copied())
        .expect("a square");
    // The row's number chooses its first square.
    press(&mut app, &(row + 1).to_string());
    assert_eq!(app.choice(), squares.start);
    let before = app.session().unwrap().actions()[0].len();
    let now = std::time::Instant::now();
    app.click_cell(first, now);
    assert_eq!(app.session().unwrap().actions()[0].get(before), None);
    assert_eq!(app.choice(), squares.start);
    // A key in between: the click after it is a first click again.
    press(&mut app, "<right><left>");
    app.click_cell(first, now);
    assert_eq!(app.session().unwrap().actions()[0].get(before), None);
    app.click_cell(first, now);
    assert_eq!(
        app.session().unwrap().actions()[0].get(before).copied(),
        Some(actions[squares.start])
    );
}

/// A list of more rows than its room (a Board of twelve slots), rows of several squares among
/// them: it pages by rows, ←→ move within a row on a later page, and onto Skip from there that
/// page stays above it, a click on a row of it landing on the row's first square.
#[test]
fn a_long_list_of_rows_of_several_squares_pages_by_rows() {
    let mut found = false;
    for seed in 0..30 {
        let mut app = app_at_step(seed);
        let rows = app.step_entries();
        if !in_step(&app, "buildings") || rows.len() < 10 {
            continue;
        }
        // A row of several squares past the first page (of 80x24's few rows).
        let Some(r) = (4..rows.len() - 1).find(|&r| rows[r].len() > 1) else {
            continue;
        };
        found = true;
        // (The app keeps the list's first row shown as the cursor moves, for the screen's size.)
        app.set_screen(80, 24, crownlands_tui::view::MEASURE);
        let all = rows.len() - 1;
        let text = screen(&app, 80, 24);
        assert!(text.contains(&format!("-{all} hidden ↓")), "{text}");
        // Its number (two digits past nine) chooses it, ← goes round to its last square.
        press(&mut app, &format!("{}<left>", r + 1));
        assert_eq!(app.choice(), rows[r].end - 1, "{}", app.message());
        let text = screen(&app, 80, 24);
        let mark = format!("({}/{} ←→)", rows[r].len(), rows[r].len());
        assert!(text.contains(&mark), "{text}");
        // Up to the row before and down again (its first square), then down to Skip: the rows
        // of the last one left stay above Skip.
        press(&mut app, "<up><down>");
        assert_eq!(app.choice(), rows[r].start);
        for _ in r..all {
            press(&mut app, "<down>");
        }
        assert_eq!(app.choice(), rows[all].start, "on Skip");
        let text = screen(&app, 80, 24);
        assert!(
            text.contains(&format!("{}. ", all)),
            "the last rows:\n{text}"
        );
        assert!(!text.contains("  1. "), "not the first rows:\n{text}");
        break;
    }
    assert!(
        found,
        "no seed reached a long list with a row of several squares"
    );
}

#[test]
fn the_help_names_the_pieces_on_the_kingdoms_squares() {
    // The letters after a square's crowns (`F1k`, `1B`) are the modules' pieces: the help says
    // which is which once the kingdoms hold some.
    let mut app = app("queendomino", "you,greedy", 5);
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    press(&mut app, "?");
    let help = screen(&app, 200, 60);
    assert!(
        help.contains("Pieces on a square, after its letter and crowns: ")
            && help.contains("k knight")
            && help.contains("B building"),
        "{help}"
    );
}

/// A finished game of teams is listed with its players by team (seats 1-2 are team 1, and so
/// on), so that its teams' scores read against the teams; players of their own stay a list.
#[test]
fn recent_games_of_teams_name_their_players_by_team() {
    let (dir, cfg) = kept_game(
        "recent-teams",
        "royal-wedding-teams",
        "greedy,greedy,random,random,random,random",
        3,
    );
    // On the setup screen's row, too short for the names whole: every team's members cut
    // alike, none left out (the whole had been cut at its end, the last teams gone).
    let app = at_recent_games(cfg);
    for w in [120u16, 140] {
        let shown = screen(&app, w, 30);
        let row = shown
            .lines()
            .find(|l| l.contains("1/1 royal-wedding-teams"))
            .unwrap_or_else(|| panic!("{shown}"));
        assert_eq!(row.matches('&').count(), 3, "{w}: {row}");
        for n in ["1", "2", "3", "4", "5", "6"] {
            assert!(row.contains(n), "{w}: {row}");
        }
    }
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        listed[0].who, "greedy 1 & greedy 2, random 3 & random 4, random 5 & random 6",
        "{listed:?}"
    );
    assert!(
        listed[0]
            .result
            .as_deref()
            .is_some_and(|r| r.starts_with("teams ")),
        "{listed:?}"
    );
    let (dir, _) = kept_game("recent-alone", "kingdomino", "greedy,random", 3);
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert_eq!(listed[0].who, "greedy 1, random 2", "{listed:?}");
}

// A seating of another crate (seat `i` plays for side `i % sides`: teammates across the table).
use crownlands_core::testkit::Across;

/// The recent games group a game of teams as its ruleset seats them, a seating registered by
/// another crate included, finished or left unfinished.
#[test]
fn recent_games_of_teams_follow_the_ruleset_s_seating() {
    let mut registry = crownlands_core::Registry::shipped();
    registry.add_teams("across", std::sync::Arc::new(Across));
    let text =
        "name = \"across\"\nextends = \"royal-wedding-teams\"\n[rules]\nteams = \"across\"\n";
    let across = std::sync::Arc::new(
        crownlands_rules::load_str(&registry, text, std::path::Path::new("across.toml"))
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let dir = temp_dir("recent-across");
    let mut cfg = config(3, Palette::none());
    cfg.save_dir = Some(dir.clone());
    cfg.registry = registry.clone();
    let mut app = App::new_game(
        across.clone(),
        seats("random,random,random,random,random,random"),
        cfg.clone(),
    )
    .expect("sets up");
    app.run_bots();
    assert_eq!(app.mode(), Mode::GameOver);
    let listed = crownlands_tui::app::replay::recent_games(&dir, &registry);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        listed[0].who, "random 1 & random 4, random 2 & random 5, random 3 & random 6",
        "{listed:?}"
    );
    // What the setup screen lists with the registry of its build.
    let app = at_recent_games(cfg.clone());
    assert_eq!(
        app.setup().expect("setup").recent[0].who,
        "random 1 & random 4, random 2 & random 5, random 3 & random 6"
    );
    // A build without the seating cannot load the ruleset, so it does not offer the game
    // (Enter would only say it does not open).
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert!(listed.is_empty(), "{listed:?}");
    // Left unfinished (no results to count the sides by): grouped all the same.
    let unfinished = temp_dir("recent-across-unfinished");
    cfg.save_dir = Some(unfinished.clone());
    let mut half = App::new_game(across, seats("you,random,random,random,random,random"), cfg)
        .expect("sets up");
    half.run_bots();
    press(&mut half, "s");
    let listed = crownlands_tui::app::replay::recent_games(&unfinished, &registry);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        listed[0].who, "You & random 4, random 2 & random 5, random 3 & random 6",
        "{listed:?}"
    );
}

/// A game saved during its first claims is listed as such, as its header says, not `round 0`.
#[test]
fn a_game_saved_in_its_first_claims_is_listed_so() {
    let dir = temp_dir("recent-first-claims");
    let mut cfg = config(3, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    assert!(matches!(
        app.game().expect("a game").phase(),
        crownlands_core::Phase::FirstClaims { .. }
    ));
    press(&mut app, "s");
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        listed[0].result.as_deref(),
        Some("first claims"),
        "{listed:?}"
    );
}

/// The Queen's row names her host's team whole where the row has room for it, rather than
/// cutting every name to half the box; where it has not, each member is cut and the row's own
/// words stay whole (`Queen: gre 3 & gre 4, builds -1¢`, not `Queen: gre 5 & gre 6, bu.`).
#[test]
fn the_queen_s_row_names_a_team_whole_where_it_fits() {
    let mut app = app(
        "royal-wedding-teams",
        "you,you,greedy,greedy,greedy,greedy",
        5,
    );
    let queen_row = |shown: &str| {
        shown
            .lines()
            .find(|l| l.contains("Queen:") && !l.contains("no host"))
            .map(str::to_string)
    };
    let mut hosted = false;
    for _ in 0..600 {
        if queen_row(&screen(&app, 80, 24)).is_some() || app.mode() == Mode::GameOver {
            hosted = app.mode() != Mode::GameOver;
            break;
        }
        play_to_end(&mut app, 1);
    }
    assert!(
        hosted,
        "a team of greedy bots hosts the Queen at some point"
    );
    let tight = queen_row(&screen(&app, 80, 24)).expect("the Queen's row at 80x24");
    assert!(
        tight.contains("Queen: gre 3 & gre 4, builds -1¢"),
        "{tight}"
    );
    // Wherever the row is in view, its own words stay whole and each member is named.
    for w in [72, 76, 78, 80, 84, 90] {
        for h in [24, 30] {
            let row = queen_row(&screen(&app, w, h)).unwrap_or_default();
            assert!(row.contains(", builds -1¢"), "{w}x{h}: {row}");
            let host = row.split("Queen: ").nth(1).unwrap_or_default();
            assert!(host.contains('3') && host.contains('4'), "{w}x{h}: {row}");
        }
    }
    let row = queen_row(&screen(&app, 84, 24)).unwrap_or_default();
    assert!(
        row.contains("Queen: greedy 3 & greedy 4, builds -1¢"),
        "{row}"
    );
    for (w, h) in [(100, 30), (120, 34)] {
        let shown = screen(&app, w, h);
        let row =
            queen_row(&shown).unwrap_or_else(|| panic!("the Queen's row at {w}x{h}:\n{shown}"));
        assert!(
            row.contains("Queen: greedy 3 & greedy 4, builds -1¢"),
            "{w}x{h}: {row}"
        );
    }
}

/// The analysis of a game of teams sums up each team's players on their own moves too (a
/// player could see only the team's record).
#[test]
fn the_analysis_of_a_game_of_teams_sums_up_each_player() {
    let mut app = app(
        "royal-wedding-teams",
        "random,random,random,random,random,random",
        4,
    );
    app.run_bots();
    assert_eq!(app.mode(), Mode::GameOver);
    let sides = analysis_reports(&mut app);
    assert_eq!(sides.len(), 3);
    for side in &sides {
        assert_eq!(side.seats.len(), 2, "{side:?}");
        let sum: usize = side.seats.iter().map(|s| s.decisions).sum();
        assert_eq!(sum, side.decisions, "{side:?}");
    }
    assert_eq!(sides[1].seats[1].name, "random 4");
    let shown = screen(&app, 100, 60);
    assert!(shown.contains("  random 4: "), "{shown}");
    // Players of their own: none.
    let mut alone = app_with(ruleset("kingdomino"), "random,random", 4);
    alone.run_bots();
    assert!(
        analysis_reports(&mut alone)
            .iter()
            .all(|s| s.seats.is_empty())
    );
}

/// At 200x60 the column of the rules stood empty under them beside the scores and the other
/// kingdoms (the moves took the room under those): the rules take the column, the table's
/// rules under the step's.
#[test]
fn on_a_big_screen_the_rules_column_holds_the_tables_rules_too() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 6);
    for _ in 0..50 {
        if app.mode() == Mode::Place {
            break;
        }
        play_to_end(&mut app, 1);
    }
    assert_eq!(app.mode(), Mode::Place);
    let text = screen(&app, 200, 60);
    assert!(text.contains("Rules of this step"), "{text}");
    assert!(text.contains("This table"), "{text}");
    assert!(
        text.contains("Dragon: pay 1 coin to burn a Board tile"),
        "{text}"
    );
    // Not where the column is needed for the moves or is short (120x40): the step's alone.
    let text = screen(&app, 120, 40);
    assert!(!text.contains("This table"), "{text}");
}

/// With no person at the table (bots only, watched), no move is anyone's to speak of: the
/// Queen's news stays in the moves box alone.
#[test]
fn a_table_of_bots_keeps_no_news_since_a_move() {
    let mut app = App::new_game(
        common::ruleset("queendomino"),
        seats("greedy,greedy,greedy,greedy"),
        config(5, Palette::none()),
    )
    .expect("game sets up");
    // Move by move, as the terminal's loop plays them (the bots think on their threads: a
    // busy machine takes longer).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while std::time::Instant::now() < deadline {
        if app.mode() == Mode::GameOver {
            break;
        }
        app.tick(later());
        std::thread::sleep(std::time::Duration::from_micros(100));
        assert!(
            !app.message().starts_with("Since your move"),
            "{}",
            app.message()
        );
    }
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(
        app.log().any(|l| l.starts_with("The Queen goes to ")),
        "the Queen moved in this game"
    );
}

#[test]
fn a_watched_game_plays_on_by_itself_at_the_pace() {
    // Watching had no playback of its own: every move a key.
    let (dir, mut cfg) = kept_game("watch-plays", "kingdomino", "greedy,greedy", 6);
    cfg.pace = std::time::Duration::from_millis(600);
    let pace = cfg.pace;
    let mut app = at_recent_games(cfg);
    press(&mut app, "<enter>");
    assert_eq!(app.mode(), Mode::Replay);
    let start = app.replay_position().expect("watching").0;
    let t0 = std::time::Instant::now();
    app.key_at(Key::Char('p'), t0);
    assert!(app.message().starts_with("Playing on"), "{}", app.message());
    assert!(
        screen(&app, 80, 24).contains("playing on at 0.6 s a move (p pauses, +/-)."),
        "the status says it"
    );
    // Nothing before the pace, a move at it, another a pace later.
    app.tick(t0 + pace / 2);
    assert_eq!(app.replay_position().unwrap().0, start);
    app.tick(t0 + pace);
    assert_eq!(app.replay_position().unwrap().0, start + 1);
    app.tick(t0 + pace * 2);
    assert_eq!(app.replay_position().unwrap().0, start + 2);
    // `p` pauses; any other key takes the game back in hand too.
    app.key_at(Key::Char('p'), t0 + pace * 2);
    app.tick(t0 + pace * 10);
    assert_eq!(app.replay_position().unwrap().0, start + 2);
    app.key_at(Key::Char('p'), t0 + pace * 10);
    press(&mut app, "<left>");
    app.tick(t0 + pace * 20);
    assert_eq!(app.replay_position().unwrap().0, start + 1);
    // Played on to the end, it stops there.
    app.key_at(Key::Char('p'), t0 + pace * 20);
    let mut t = t0 + pace * 21;
    for _ in 0..300 {
        app.tick(t);
        t += pace;
    }
    let (at, all) = app.replay_position().unwrap();
    assert_eq!(at, all);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of the saves folder that reads as a save but does not replay (a total changed by
/// hand) is not offered among the recent games: such files could crowd out the games that open.
#[test]
fn a_save_that_does_not_replay_is_not_offered() {
    let (dir, _cfg) = kept_game("unreplayable", "kingdomino", "greedy,greedy", 5);
    let good: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(good.len(), 1);
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&good[0]).unwrap()).unwrap();
    let total = &mut save["games"][0]["status"]["totals"][0];
    *total = serde_json::json!(total.as_i64().expect("a total") + 1);
    for k in 0..3 {
        std::fs::write(dir.join(format!("changed-{k}.json")), save.to_string()).unwrap();
    }
    let listed =
        crownlands_tui::app::replay::recent_games(&dir, crownlands_core::Registry::shipped_ref());
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].path, good[0]);
}

/// The footer's status rows (the two under the prompt), joined.
fn status_rows(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[rows.len().saturating_sub(2)..]
        .iter()
        .map(|r| r.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A choice that would bring the Queen says so whole, the score before the news, even at
/// 80x24 and 66x20: the status wraps onto the keys' row (a playtester read `Score now 72
/// (+12). The…` at 100 columns, and `Score now…` at 80).
#[test]
fn a_choice_bringing_the_queen_says_its_news_whole() {
    use crownlands_core::modules::describe::step_preview;
    let brings_queen = |a: &App| -> Option<usize> {
        let g = a.game()?;
        let me = g.side_of(g.to_act()?);
        a.step_actions().iter().position(|&act| {
            queen_host(g) != Some(me)
                && step_preview(g, act).is_some_and(|(after, _)| queen_host(&after) == Some(me))
        })
    };
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    until(&mut app, 3000, |a| {
        a.mode() == Mode::Step && brings_queen(a).is_some()
    });
    let wanted = brings_queen(&app).expect("a choice that brings the Queen");
    press(&mut app, &(wanted + 1).to_string());
    press(&mut app, "<left><right>");
    assert_eq!(app.choice(), wanted);
    for (w, h) in [(100, 30), (80, 24), (66, 20)] {
        let text = screen(&app, w, h);
        let status = status_rows(&text);
        assert!(
            status.contains("Score then") && status.contains("The Queen goes to you ("),
            "{w}x{h}:\n{text}"
        );
        assert!(status.ends_with(")."), "{w}x{h}:\n{text}");
        assert!(!status.contains('…'), "{w}x{h}:\n{text}");
    }
}

/// The quit dialog's keys stay on the last row while a long message (where the game was saved,
/// in a deep folder) would run over it: they are what answers the dialog (a playtest at 80x24
/// saw the spot's verdict there instead).
#[test]
fn the_quit_dialogs_keys_stay_under_a_long_message() {
    let dir = temp_dir("quit-keys-long").join("a-folder-deep-enough-to-make-the-saved-line-long");
    let mut cfg = config(4, Palette::none());
    cfg.save_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset("queendomino"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    press(&mut app, "s");
    assert!(app.message().starts_with("Saved "), "{}", app.message());
    press(&mut app, "q");
    let text = screen(&app, 80, 24);
    let last = text.lines().last().unwrap_or_default().to_string();
    assert!(last.contains("quit; any other key stays"), "{text}");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap_or(&dir));
}

/// The score screen's keys at 66x20 are the ones that fit whole, then ` …` (the last had read
/// `↑↓:`, cut after its key).
#[test]
fn the_score_screens_keys_are_never_cut_mid_key() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    play_to_end(&mut app, 5000);
    assert_eq!(app.mode(), Mode::GameOver);
    for (w, h) in [(66, 20), (80, 24), (100, 30)] {
        let text = screen(&app, w, h);
        let keys = text
            .lines()
            .find(|l| l.contains("Enter: play again"))
            .unwrap_or_else(|| panic!("{w}x{h}:\n{text}"))
            .trim_matches(|c| c == '"' || c == ' ' || c == '│')
            .to_string();
        assert!(!keys.ends_with(':'), "{w}x{h}: {keys}");
        assert!(
            keys.ends_with("every line")
                || keys.ends_with("…")
                || keys.ends_with("quit")
                || keys.ends_with("undo"),
            "{w}x{h}: {keys}"
        );
    }
}

/// Where the list cuts the chosen choice's detail (six burns and Skip at 80x24), the status rows
/// say it whole: a playtester read `...2 points at the end): no one can…` and no more. With
/// four players the list had then no row for the rivals (the six burns, Skip, the detail cut
/// and the own row filled it): the detail's row goes to the rivals, their coins and what else
/// fits, since the status rows say the detail whole.
#[test]
fn a_detail_the_list_cuts_is_said_whole_on_the_status_rows() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    to_step(&mut app, "dragon");
    press(&mut app, "<down>");
    let detail = app
        .game()
        .and_then(|g| g.step_view())
        .and_then(|v| v.choices.into_iter().next())
        .map(|c| c.detail)
        .expect("a choice");
    let text = screen(&app, 80, 24);
    assert!(status_rows(&text).ends_with(&detail), "{text}");
    // The rivals on the row over the own row, every choice still listed.
    let rows: Vec<&str> = text.lines().collect();
    let own = rows
        .iter()
        .position(|l| l.contains("You: 3 pts"))
        .unwrap_or_else(|| panic!("the own row:\n{text}"));
    for rival in ["gre 2 ", "gre 3 ", "gre 4 "] {
        assert!(rows[own - 1].contains(rival), "{rival}\n{text}");
    }
    assert!(rows[own - 1].contains('¢'), "their coins:\n{text}");
    assert!(text.contains("7. Skip (go on)"), "{text}");
    assert!(!text.contains("Dragon · "), "every choice in view:\n{text}");
    insta::assert_snapshot!("dragon_detail_whole_80x24", text);
}

/// A tax of one territory from either square of the domino is one row, its square chosen with
/// ←→, as a building at several squares is (a playtester saw `1. Tax town at 1,-2: 10 squares,
/// +13¢` and `2. Tax town at 2,-2: 10 squares, +13¢`): the module says the two are one thing
/// ([`ChoiceView::group`]), the list groups them without naming it.
#[test]
fn a_tax_from_either_square_of_one_territory_is_one_row() {
    let one_row = |a: &App| in_step(a, "knights") && a.step_entries().iter().any(|e| e.len() == 2);
    let mut app = app("kingdomino-knights", "you,greedy,greedy", 3);
    until(&mut app, 3000, one_row);
    let entries = app.step_entries();
    let row = entries
        .iter()
        .position(|e| e.len() == 2)
        .expect("a row of two");
    let second = app.step_actions()[entries[row].start + 1];
    let told = app
        .game()
        .and_then(|g| g.step_view())
        .and_then(|v| v.choices.into_iter().find(|c| c.action == second))
        .map(|c| c.text)
        .expect("the second square's choice");
    press(&mut app, &(row + 1).to_string());
    // The square the knight goes to is underlined among its territory's reversed squares: ←→
    // moves it (both had looked alike, the status saying `lit on the kingdom`).
    let acted = |a: &App| -> Vec<(u16, u16)> {
        let buf = buffer(a, 80, 24);
        let area = *buf.area();
        (area.top()..area.bottom())
            .flat_map(|y| (area.left()..area.right()).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let m = buf[(x, y)].modifier;
                m.contains(Modifier::REVERSED | Modifier::UNDERLINED)
            })
            .collect()
    };
    let first = acted(&app);
    press(&mut app, "<right>");
    let second_cells = acted(&app);
    assert!(!first.is_empty() && !second_cells.is_empty());
    assert_ne!(first, second_cells, "the underlined square moves with ←→");
    let text = screen(&app, 80, 24);
    assert!(text.contains("(2/2 ←→)"), "{text}");
    assert!(text.contains("←→ square"), "{text}");
    press(&mut app, "<enter>");
    assert!(
        app.log().any(|l| l.ends_with(&told)),
        "{told}: {:?}",
        app.log().collect::<Vec<_>>()
    );
}

/// The score screen at 80x24 sums the lines a column has no room for on a line that says what
/// they are (`3 more terr.  12`): a playtester read `10 more 4` and `3 more 1`.
#[test]
fn the_score_screens_summaries_say_what_they_sum_at_80x24() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 3000);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 80, 24);
    let mut summaries = 0;
    for cell in text.split(['│', '"']) {
        let words: Vec<&str> = cell.split_whitespace().collect();
        if let Some(at) = words.iter().position(|w| *w == "more") {
            summaries += 1;
            let kind = words.get(at + 1).copied().unwrap_or_default();
            assert!(
                kind.starts_with("terr") || kind.starts_with("bon"),
                "{cell:?}:\n{text}"
            );
        }
    }
    assert!(summaries > 0, "{text}");
    insta::assert_snapshot!("queendomino_end_80x24", text);
}

/// A row of several squares too wide for a narrow list is cut in its words, never in how many
/// squares it may go on (a playtest's 100x30 tax row ended `· 2…`).
#[test]
fn a_narrow_list_cuts_a_rows_words_not_its_squares() {
    let mut app = app("queendomino", "you,greedy", 56);
    let mut checked = 0;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver || checked >= 5 {
            break;
        }
        if app.mode() == Mode::Step && app.step_has_squares() {
            for (w, h) in [(72, 22), (80, 24), (100, 30)] {
                let text = screen(&app, w, h);
                for line in text.lines() {
                    let cut = line.split("· ").skip(1).any(|rest| {
                        let digits = rest.chars().take_while(char::is_ascii_digit).count();
                        digits > 0 && rest[digits..].starts_with('…')
                    });
                    assert!(!cut, "{w}x{h}: {line}\n{text}");
                }
            }
            checked += 1;
        }
        taxing_step(&mut app);
    }
    assert!(checked > 0, "no step with a row of several squares");
}

/// A popup (the moves, the analysis, the help) leaves no part of a panel's row beside it: a
/// row the box covers in part is cleared out to its panel's frame (a playtester read `use +3`
/// beside the analysis box, the end of `Knight Tollhouse +3`, `point) +1`, and `Fountain`
/// without its `+5`). What shows beside the box is as it was.
#[test]
fn a_popup_leaves_no_part_of_a_row_beside_it() {
    let frame = |c: char| ('\u{2500}'..='\u{257f}').contains(&c);
    let grid = |text: &str| -> Vec<Vec<char>> {
        text.lines()
            .map(|l| l.trim_matches('"').chars().collect())
            .collect()
    };
    let (w, h) = (100u16, 30u16);
    let left = usize::from((w - 78) / 2);
    let right = left + 78;
    let mut cleared = 0;
    for seed in [3, 4, 5] {
        let mut app = app("queendomino", "you,greedy,greedy,greedy", seed);
        play_to_end(&mut app, 60);
        let before = grid(&screen(&app, w, h));
        app.key(Key::Char('m'));
        let after_text = screen(&app, w, h);
        assert!(after_text.contains("┌ Moves (m) "), "{after_text}");
        let after = grid(&after_text);
        for (y, row) in after.iter().enumerate() {
            let was = &before[y];
            // Beside the box, each cell is as it was or blank.
            for x in (0..row.len()).filter(|&x| x < left || x >= right) {
                assert!(
                    row[x] == ' ' || row[x] == was[x] || y + 1 == usize::from(h),
                    "row {y} col {x}\n{after_text}"
                );
            }
            // On the box's rows (its frame's upright line at its edges), from each edge out to
            // a frame the row is blank where the row ran on under the box.
            if row[left] != '│' || y + 1 == usize::from(h) {
                continue;
            }
            if !frame(was[left]) {
                let mut out: Vec<char> = row[..left]
                    .iter()
                    .rev()
                    .take_while(|&&c| !frame(c))
                    .copied()
                    .collect();
                out.reverse();
                let out: String = out.into_iter().collect();
                assert!(out.trim().is_empty(), "row {y}: `{out}`\n{after_text}");
                cleared += 1;
            }
            if !frame(was[right - 1]) {
                let out: String = row[right..].iter().take_while(|&&c| !frame(c)).collect();
                assert!(out.trim().is_empty(), "row {y}: `{out}`\n{after_text}");
                cleared += 1;
            }
        }
    }
    assert!(cleared > 20, "rows beside the box: {cleared}");
}

/// The score screen lists what the tie-breaks compare in the ruleset's order (a playtester's
/// house rule put `most-coins` first, and the screen listed `largest` before `coins`).
#[test]
fn the_score_screen_lists_the_tie_breaks_in_their_order() {
    let text = "extends = \"queendomino\"\nname = \"coins-first\"\n[rules]\ntie-breaks = [\"most-coins\", \"largest-territory\"]\n";
    let rules = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        std::path::Path::new("coins-first.toml"),
    )
    .expect("loads");
    let mut app = app_with(std::sync::Arc::new(rules), "greedy,greedy", 4);
    app.run_bots();
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    let shown = screen(&app, 120, 40);
    let at = |label: &str| {
        shown.lines().position(|l| {
            l.split('│').any(|cell| {
                let mut words = cell.split_whitespace();
                words.next() == Some(label)
                    && words.next().is_some_and(|v| v.parse::<u32>().is_ok())
                    && words.next().is_none()
            })
        })
    };
    let (coins, largest) = (at("coins"), at("largest"));
    assert!(
        coins.is_some() && largest.is_some() && coins < largest,
        "{coins:?} {largest:?}\n{shown}"
    );
}

/// A team in 5 columns names both its members alike, each by its initials (`Y&g2`), wherever
/// a side's name is cut so (the step's rows, the rivals' row, the panels): it read `You&2`, one
/// member whole and the other by its number alone.
#[test]
fn a_team_in_five_columns_names_both_members_alike() {
    let app = app(
        "royal-wedding-teams",
        "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        7,
    );
    let game = app.game().expect("a game");
    let names: Vec<String> = game
        .all_sides()
        .map(|s| crownlands_tui::view::short_side_name(&app, game, s, 5))
        .collect();
    assert_eq!(names, ["Y&g2", "g3&g4", "g5&g6", "g7&g8"]);
}

/// The moves box shows a move and what it changed besides (the Queen changing hosts) as one
/// entry: `The Queen goes to you` had stood alone over a blank row where the build that sent
/// her did not fit. The log keeps each such line under its move.
#[test]
fn the_queen_s_news_is_one_entry_with_the_move_that_sent_her() {
    let mut app = app("queendomino", "you,greedy,greedy", 4);
    let mut checked = 0;
    for _ in 0..3000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        play_to_end(&mut app, 1);
        for entry in app.log_entries() {
            let news = entry.iter().skip(1).any(|l| {
                l.starts_with("The Queen goes to ") || l.starts_with("The Queen comes to")
            });
            checked += usize::from(news);
            assert!(
                !entry[0].starts_with("The Queen "),
                "news without its move: {entry:?}"
            );
        }
    }
    assert!(checked > 0, "the Queen never moved in this game");
}

/// The rows of the modules' box on `app`'s screen at `w`x`h` (inside its frame, or under its
/// title line), and whether the row under it, in its columns, stands empty above the footer.
fn board_rows_and_free_below(app: &App, w: u16, h: u16) -> Option<(Vec<String>, bool)> {
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let game = app.game()?;
    let l = crownlands_tui::view::layout(app, game, area)?;
    let b = l.board?;
    let buf = buffer(app, w, h);
    let row = |y: u16| -> String { (b.x..b.right()).map(|x| buf[(x, y)].symbol()).collect() };
    let rows = (b.y + 1..b.bottom()).map(row).collect();
    let below = b.bottom();
    let free = below < l.footer.y && row(below).trim().is_empty();
    Some((rows, free))
}

/// At 120x40 with three players the Builders' Board, under the large kingdom, had cut
/// `2¢ Tower Tollhouse +1kn +1tw…` over rows standing empty under it: a row it cuts goes on in
/// the rows under it, its figures under its name. Wherever the Board cuts a row, at every size
/// and player count, no row under it stands free.
#[test]
fn the_board_lays_a_row_it_would_cut_on_two_where_rows_are_free() {
    let first = app("queendomino", "you,greedy,greedy", 7);
    let text = screen(&first, 120, 40);
    let (rows, _) = board_rows_and_free_below(&first, 120, 40).expect("a board");
    assert!(rows.iter().all(|r| !r.contains('…')), "{}", rows.join("\n"));
    assert!(
        rows.iter()
            .any(|r| r.contains("2¢ Tower Tollhouse +1kn +1tw tax+tw")),
        "{text}"
    );
    assert!(
        rows.iter().any(|r| r.trim_matches('│').trim() == "2pt"),
        "{text}"
    );
    insta::assert_snapshot!("queendomino_3p_120x40_board_rows_whole", text);
    let sizes = [
        (66, 20),
        (80, 24),
        (100, 30),
        (120, 40),
        (140, 45),
        (200, 60),
    ];
    for players in [
        "you,greedy",
        "you,greedy,greedy",
        "you,greedy,greedy,greedy",
    ] {
        let mut app = app("queendomino", players, 7);
        for _ in 0..12 {
            for (w, h) in sizes {
                let Some((rows, free)) = board_rows_and_free_below(&app, w, h) else {
                    continue;
                };
                let cut = rows.iter().any(|r| r.contains('…'));
                assert!(
                    !(cut && free),
                    "{players} at {w}x{h}:\n{}",
                    screen(&app, w, h)
                );
            }
            play_to_end(&mut app, 15);
        }
    }
}

/// Six burns and Skip at 80x24 with three players: the list shows rows 1 to 5 and `7. Skip`,
/// and its title had said `1-5 of 6` (the burns counted, Skip apart): row 6, out of view, read
/// as none. The title says which rows are hidden and which way, by the numbers that choose
/// them; ↓ (or its number) brings row 6 in view, and the title then says row 1 is hidden.
#[test]
fn a_scrolled_list_says_which_rows_it_hides() {
    let mut app = app("queendomino", "you,greedy,greedy", 1);
    to_step(&mut app, "dragon");
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    assert_eq!(app.step_entries().len(), 7);
    let text = screen(&app, 80, 24);
    assert!(text.contains("Dragon · row 6 hidden ↓"), "{text}");
    assert!(!text.contains(" 6. "), "{text}");
    assert!(
        text.contains(" 5. ") && text.contains("7. Skip (go on)"),
        "{text}"
    );
    insta::assert_snapshot!("dragon_row_6_hidden_80x24", text);
    press(&mut app, "6");
    let text = screen(&app, 80, 24);
    assert!(text.contains("▶ 6. "), "{text}");
    assert!(text.contains("Dragon · row 1 hidden ↑"), "{text}");
    assert!(!text.contains(" 1. "), "{text}");
}

/// Without the moves box (100x20, 66x20), the status line's `Last:` had said the newest line of
/// the log, news as well (`Last: Domino 37 left unclaimed: discarded.`, the Queen changing
/// hosts) in place of the move that made it: it says the last move, its news after it where the
/// row has room.
#[test]
fn the_status_line_says_the_last_move_not_its_news() {
    let mut app = app("queendomino", "you,greedy,greedy", 1);
    let news = |l: &str| l.starts_with("Domino ") || l.starts_with("The Queen ");
    let mut seen = 0;
    for _ in 0..2000 {
        if app.mode() == Mode::GameOver {
            break;
        }
        let newest_is_news = app.log().last().is_some_and(news);
        if newest_is_news && seen == 0 {
            assert_eq!(
                app.last_move(),
                Some(vec![
                    "greedy 3 claims 32",
                    "Domino 37 left unclaimed: discarded."
                ])
            );
            let text = screen(&app, 100, 20);
            assert!(
                text.contains("Last: greedy 3 claims 32 (m: all moves)"),
                "{text}"
            );
            insta::assert_snapshot!("last_move_not_its_news_100x20", text);
        }
        seen += usize::from(newest_is_news);
        for (w, h) in [(66, 20), (100, 20)] {
            let text = screen(&app, w, h);
            if let Some((_, said)) = text.split_once("Last: ") {
                assert!(!news(said), "{w}x{h}:\n{text}");
            }
        }
        play_to_end(&mut app, 1);
    }
    assert!(seen > 0, "no news was the log's newest line");
}

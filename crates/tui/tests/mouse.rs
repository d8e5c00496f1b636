//! Everything reachable by mouse: a click where a label is drawn does what its key does (the
//! labels are found on the drawn screen, as a player sees them).

mod common;

use common::*;
use crownlands_tui::app::resume::{Found, Offer};
use crownlands_tui::app::setup::{Row, Setup, SetupClick};
use crownlands_tui::view::{Hit, hit};
use crownlands_tui::{App, Key, Mode, Overlay, Palette};
use ratatui::layout::Rect;
use std::time::Instant;

const W: u16 = 80;
const H: u16 = 24;

/// Where `text` is drawn on the 80x24 screen (its first character; the lowest row showing it,
/// where the key bars are), as (column, row).
fn find(app: &App, text: &str) -> (u16, u16) {
    find_on(app, text, H)
}

/// [`find`] on a screen 80 columns wide and `h` rows high.
fn find_on(app: &App, text: &str, h: u16) -> (u16, u16) {
    let buf = buffer(app, W, h);
    for y in (0..h).rev() {
        let row: Vec<&str> = (0..W).map(|x| buf[(x, y)].symbol()).collect();
        let line: String = row.concat();
        if let Some(at) = line.find(text) {
            let col = line[..at].chars().count() as u16;
            return (col, y);
        }
    }
    panic!("{text:?} is not on the screen:\n{}", screen(app, W, h));
}

/// Click where `text` is drawn.
fn click(app: &mut App, text: &str) -> Option<Hit> {
    let (col, row) = find(app, text);
    let area = Rect::new(0, 0, W, H);
    let h = hit(app, area, col, row);
    let now = Instant::now();
    match h {
        Some(Hit::Cell(c)) => app.click_cell(c, now),
        Some(Hit::Choice(i)) => app.click_choice(i, now),
        Some(Hit::Key(k)) => app.click_key(k, now),
        Some(Hit::Pace) => app.tell_pace(),
        Some(Hit::Setup(c)) => app.click_setup(c, now),
        Some(Hit::Mistake(k)) => app.click_mistake(k, now),
        None => {}
    }
    app.run_bots();
    h
}

fn until_place(app: &mut App) {
    let mut n = 0;
    while app.mode() != Mode::Place && n < 100 {
        press(app, "<enter>");
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Place);
}

#[test]
fn the_keys_under_the_game_are_buttons() {
    let mut app = app("kingdomino", "you,greedy", 3);
    until_place(&mut app);
    let before = app.ghost();
    assert_eq!(click(&mut app, "r rotate"), Some(Hit::Key(Key::Char('r'))));
    assert_ne!(app.ghost().direction, before.direction, "turned");
    assert_eq!(click(&mut app, "Tab next spot"), Some(Hit::Key(Key::Tab)));
    assert!(app.ghost_is_legal());
    assert_eq!(click(&mut app, "? help"), Some(Hit::Key(Key::Char('?'))));
    assert_eq!(app.overlay(), Some(Overlay::Help));
    // Any click closes the help.
    let area = Rect::new(0, 0, W, H);
    assert_eq!(hit(&app, area, 1, 1), Some(Hit::Key(Key::Esc)));
    app.click_key(Key::Esc, Instant::now());
    assert_eq!(app.overlay(), None);
    app.config.pace = std::time::Duration::from_millis(600);
    let pace = app.config.pace;
    assert_eq!(click(&mut app, "+/-"), Some(Hit::Key(Key::Char('+'))));
    // (`+` makes the bots faster: a shorter wait.)
    assert!(app.config.pace < pace);
    // Place by clicking the ghost's cell, then undo by clicking u.
    let game = app.game().unwrap().clone();
    let l = crownlands_tui::view::layout(&app, &game, area).unwrap();
    let g = app.ghost().first;
    let col = l.kingdom.x + (i16::from(g.x) - i16::from(l.region.0)) as u16 * l.cell_w;
    let row = l.kingdom.y + (i16::from(g.y) - i16::from(l.region.1)) as u16;
    assert_eq!(hit(&app, area, col, row), Some(Hit::Cell(g)));
    // (A first click on the cell the ghost is on only chooses it: a click to look places
    // nothing.)
    app.click_cell(g, Instant::now());
    assert_eq!(app.game().unwrap(), &game, "chosen, not placed");
    app.click_cell(g, Instant::now());
    app.run_bots();
    assert_ne!(app.game().unwrap(), &game, "placed");
    assert_eq!(click(&mut app, "u undo"), Some(Hit::Key(Key::Char('u'))));
    assert_eq!(app.game().unwrap(), &game, "undone");
    // Quitting by mouse asks, and the dialog's buttons answer.
    click(&mut app, "q quit");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    assert_eq!(
        click(&mut app, "[ n: stay ]"),
        Some(Hit::Key(Key::Char('n')))
    );
    assert!(!app.should_quit());
    click(&mut app, "q quit");
    assert_eq!(
        click(&mut app, "[ y: quit ]"),
        Some(Hit::Key(Key::Char('y')))
    );
    assert!(app.should_quit());
}

#[test]
fn a_click_on_the_words_bot_speed_tells_the_pace() {
    // The words had done nothing, `+` and `-` beside them everything: like a setup row's
    // name (which picks the row, its `‹ ›` changing it), they say where the pace stands and
    // leave it there.
    let mut app = app("kingdomino", "you,greedy", 3);
    until_place(&mut app);
    app.config.pace = std::time::Duration::from_millis(800);
    let (col, row) = find(&app, "bot speed");
    let area = Rect::new(0, 0, W, H);
    for at in [col, col + 4, col + 8] {
        assert_eq!(hit(&app, area, at, row), Some(Hit::Pace), "column {at}");
    }
    // The space between `-` and the words is neither.
    assert_eq!(hit(&app, area, col - 1, row), None);
    assert_eq!(click(&mut app, "bot speed"), Some(Hit::Pace));
    assert_eq!(app.config.pace, std::time::Duration::from_millis(800));
    assert_eq!(
        app.message(),
        "Bots wait 0.8 s after a move (+ faster, - slower)."
    );
    assert!(screen(&app, W, H).contains("Bots wait 0.8 s after a move"));
}

#[test]
fn the_score_screen_plays_again_by_mouse() {
    let mut app = app("kingdomino", "you,greedy", 11);
    play_to_end(&mut app, 500);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(
        click(&mut app, "Enter: play again"),
        Some(Hit::Key(Key::Enter))
    );
    assert_ne!(app.mode(), Mode::GameOver);
}

#[test]
fn the_setup_screen_by_mouse() {
    let setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    );
    let mut app = App::with_setup(setup, config(3, Palette::none()));
    // A ruleset of the list.
    assert!(matches!(
        click(&mut app, "mighty-duel"),
        Some(Hit::Setup(SetupClick::Ruleset(_)))
    ));
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "mighty-duel");
    click(&mut app, "kingdomino  ");
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "kingdomino");
    // The › of the players row: three players.
    let (col, row) = find(&app, "Players: ‹ 2 ›");
    let close = col + "Players: ‹ 2 ".chars().count() as u16;
    let h = hit(&app, Rect::new(0, 0, W, H), close, row);
    assert_eq!(h, Some(Hit::Setup(SetupClick::Change(Row::Players, 1))));
    app.click_setup(SetupClick::Change(Row::Players, 1), Instant::now());
    assert_eq!(app.setup().unwrap().players, 3);
    // The ‹ of seat 2: from greedy back to random.
    let (col, row) = find(&app, "Seat 2: ‹");
    let open = col + "Seat 2: ".chars().count() as u16;
    let h = hit(&app, Rect::new(0, 0, W, H), open, row);
    assert_eq!(h, Some(Hit::Setup(SetupClick::Change(Row::Seat(1), -1))));
    app.click_setup(SetupClick::Change(Row::Seat(1), -1), Instant::now());
    // The file row takes the focus for typing; the keys line then says the field's keys, each
    // a button too.
    click(&mut app, "Open a file");
    assert_eq!(app.setup().unwrap().row, Row::File);
    assert!(app.setup().unwrap().typing);
    assert_eq!(click(&mut app, "Esc leave"), Some(Hit::Key(Key::Esc)));
    assert!(!app.setup().unwrap().typing, "the field left");
    // Out of it, a key label clicked still works.
    assert_eq!(click(&mut app, "? help"), Some(Hit::Key(Key::Char('?'))));
    assert_eq!(app.overlay(), Some(Overlay::Help));
    assert_eq!(app.setup().unwrap().input, "", "not typed into the field");
    app.click_key(Key::Esc, Instant::now());
    // Start.
    click(&mut app, "[ Start ]");
    let game = app.game().expect("started");
    assert_eq!(game.players(), 3);
    assert_eq!(app.seats()[1].kind_text(), "random");
}

/// A ruleset changed by mouse (a click on the list, or on the Ruleset row's ‹ ›) keeps the
/// table and the names typed, as ←→ do.
#[test]
fn a_ruleset_clicked_keeps_the_names_typed() {
    let setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    );
    let mut app = App::with_setup(setup, config(3, Palette::none()));
    app.click_setup(SetupClick::Change(Row::Players, 1), Instant::now());
    click(&mut app, "Seat 1: ‹");
    press(&mut app, "nTester<enter>");
    let names = |app: &App| app.setup().unwrap().names.clone();
    let three = vec!["Tester".to_string(), String::new(), String::new()];
    assert_eq!(names(&app), three);
    // The list: Mighty Duel has two seats, Tester on the first.
    click(&mut app, "mighty-duel");
    assert_eq!(names(&app), three[..2]);
    assert!(screen(&app, W, H).contains("Seat 1: ‹ human ›  Tester"));
    // The Ruleset row's ‹: back to the ruleset before it, three seats again.
    let (col, row) = find(&app, "Ruleset: ‹");
    let open = col + "Ruleset: ".chars().count() as u16;
    let h = hit(&app, Rect::new(0, 0, W, H), open, row);
    assert_eq!(h, Some(Hit::Setup(SetupClick::Change(Row::Ruleset, -1))));
    app.click_setup(SetupClick::Change(Row::Ruleset, -1), Instant::now());
    assert_eq!(
        app.setup().unwrap().choice().unwrap().name,
        "middle-kingdom"
    );
    assert_eq!(names(&app), three);
    click(&mut app, "kingdomino  ");
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "kingdomino");
    assert_eq!(app.setup().unwrap().players, 3);
    assert_eq!(names(&app), three);
}

#[test]
fn the_offer_to_resume_by_mouse() {
    let mut played = app("kingdomino", "you,greedy", 3);
    play_to_end(&mut played, 4);
    let offer = || Offer {
        path: "/tmp/autosave.json".into(),
        found: Ok(Found::new(
            played.session().unwrap().clone(),
            "just now".into(),
        )),
        focus: 0,
        kept_as: "autosave-previous.json".into(),
        not_a_file: false,
        later: None,
    };
    let next = || {
        crownlands_tui::app::Next::Setup(Box::new(Setup::new(
            crownlands_tui::app::ruleset_file::shipped_choices(
                crownlands_core::Registry::shipped_ref(),
            ),
            None,
        )))
    };
    let mut app = App::with_offer(offer(), next(), config(1, Palette::none()));
    assert_eq!(
        click(&mut app, "[ New game ]"),
        Some(Hit::Key(Key::Char('n')))
    );
    assert_eq!(app.mode(), Mode::Setup);
    let mut app = App::with_offer(offer(), next(), config(1, Palette::none()));
    assert_eq!(
        click(&mut app, "[ Resume ]"),
        Some(Hit::Key(Key::Char('r')))
    );
    assert_eq!(app.game(), played.game());
    let mut app = App::with_offer(offer(), next(), config(1, Palette::none()));
    click(&mut app, "[ Quit ]");
    assert!(app.should_quit());
}

/// A 4-player Queendomino game played on to a step of more than 6 rows (a building of each
/// slot of the Builders' Board, and Skip: a long list).
fn long_step() -> App {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    let mut n = 0;
    while !(matches!(app.mode(), Mode::Step) && app.step_entries().len() > 6) && n < 3000 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert!(
        app.step_entries().len() > 6,
        "a step with many choices came up"
    );
    app
}

#[test]
fn a_long_list_of_choices_scrolls_and_clicks_land_on_the_shown_choice() {
    let app = long_step();
    let count = app.step_actions().len();
    // The step opens on its last choice (Skip), which must be in view.
    assert_eq!(app.choice(), count - 1);
    let text = screen(&app, W, 24);
    assert!(text.contains("Skip (go on)"), "{text}");
    // A click on the row showing Skip chooses Skip.
    let (col, row) = find(&app, "Skip (go on)");
    assert_eq!(
        hit(&app, Rect::new(0, 0, W, 24), col, row),
        Some(Hit::Choice(count - 1))
    );
    // The first choices are in view above it; a click on the detail under the list chooses
    // nothing (it had chosen the unseen choice that row would have held).
    assert!(text.contains(" 1. "), "{text}");
    let (col, row) = find(&app, "End this step and go on.");
    assert_eq!(hit(&app, Rect::new(0, 0, W, 24), col, row), None);
}

/// At 80x24 a list of seven rows (six burns and Skip) is shown whole, its detail cut to one row,
/// rather than windowed over a detail of three: a choice out of view is a choice missed.
#[test]
fn a_list_that_fits_over_a_one_row_detail_is_shown_whole() {
    let app = long_step();
    let text = screen(&app, W, H);
    assert_eq!(app.step_entries().len(), 7, "{text}");
    for n in 1..=7 {
        assert!(text.contains(&format!(" {n}. ")), "{n}: {text}");
    }
    assert!(!text.contains(" hidden "), "{text}");
    // The detail keeps a row, cut where it is longer; the status line gives the terms.
    let mut app = app;
    app.key_at(Key::Up, std::time::Instant::now());
    let text = screen(&app, W, H);
    assert!(text.contains("Pay the Dragon"), "{text}");
    assert!(text.contains("Costs 1¢."), "{text}");
}

#[test]
fn stepping_onto_skip_from_a_later_page_keeps_that_page_in_view() {
    let mut app = long_step();
    // Low enough that the list is windowed (at 24 rows it fits whole, the detail one row).
    const LOW: u16 = 20;
    // (The app keeps the list's first row shown as the cursor moves, for the screen's size.)
    app.set_screen(W, LOW, crownlands_tui::view::MEASURE);
    let count = app.step_actions().len();
    let now = std::time::Instant::now();
    // Up from Skip, where the step opens, to the last action: its page, not the first.
    app.key_at(Key::Up, now);
    assert_eq!(app.choice(), count - 2);
    let last_page = screen(&app, W, LOW);
    let last = format!("{}. ", count - 1);
    assert!(last_page.contains(&last), "{last_page}");
    assert!(!last_page.contains(" 1. "), "{last_page}");
    // Down onto Skip again: the same page stays above it, and a click on a row lands on it.
    app.key_at(Key::Down, now);
    assert_eq!(app.choice(), count - 1);
    let text = screen(&app, W, LOW);
    assert!(text.contains(&last), "{text}");
    let (col, row) = find_on(&app, &last, LOW);
    assert_eq!(
        hit(&app, Rect::new(0, 0, W, LOW), col, row),
        Some(Hit::Choice(count - 2))
    );
    // Down again wraps to the first action and its page.
    app.key_at(Key::Down, now);
    assert_eq!(app.choice(), 0);
    assert!(screen(&app, W, LOW).contains(" 1. "));
}

/// A list longer than its room shows as many rows as it has room for on its last rows too: no
/// blank rows above Skip (fixed pages had left the last one short), and each row shown stays on
/// its row while the cursor moves among them, so a click, then a second click, on a row does it.
#[test]
fn the_last_rows_of_a_long_list_fill_its_window_and_stay_put_for_a_click() {
    let mut app = long_step();
    const LOW: u16 = 20;
    app.set_screen(W, LOW, crownlands_tui::view::MEASURE);
    let count = app.step_actions().len();
    let now = std::time::Instant::now();
    let area = Rect::new(0, 0, W, LOW);
    let numbered = |text: &str| {
        (1..=count)
            .filter(|n| text.contains(&format!(" {n}. ")))
            .count()
    };
    // Up from Skip through every action: as many numbered rows each time.
    let shown = numbered(&screen(&app, W, LOW));
    assert!(shown < count, "windowed: {shown} of {count}");
    for _ in 0..count - 1 {
        app.key_at(Key::Up, now);
        assert_eq!(numbered(&screen(&app, W, LOW)), shown, "{}", app.choice());
    }
    // Down to the last action: the window ends on it, full.
    for _ in 0..count - 2 {
        app.key_at(Key::Down, now);
    }
    assert_eq!(app.choice(), count - 2);
    let text = screen(&app, W, LOW);
    assert_eq!(numbered(&text), shown, "{text}");
    // A click on each row shown lands on it and leaves it on its row.
    for n in (1..count).filter(|n| text.contains(&format!(" {n}. "))) {
        let (col, row) = find_on(&app, &format!(" {n}. "), LOW);
        assert_eq!(hit(&app, area, col, row), Some(Hit::Choice(n - 1)));
        app.click_choice(n - 1, now);
        assert_eq!(app.choice(), n - 1);
        assert_eq!(
            find_on(&app, &format!(" {n}. "), LOW),
            (col, row),
            "row {n} moved"
        );
        let now_shown: Vec<usize> = (1..=count)
            .filter(|m| screen(&app, W, LOW).contains(&format!(" {m}. ")))
            .collect();
        let before: Vec<usize> = (1..=count)
            .filter(|m| text.contains(&format!(" {m}. ")))
            .collect();
        assert_eq!(now_shown, before, "the same rows after a click on {n}");
    }
}

#[test]
fn the_smallest_screen_keeps_a_choice_and_skip_in_view() {
    let mut app = long_step();
    let rows = app.step_entries().len();
    let now = std::time::Instant::now();
    app.key_at(Key::Down, now);
    // At the least size a 4-player game plays at, the list had room for the chosen row alone.
    let text = screen(&app, 66, 20);
    assert!(text.contains(" 1. "), "{text}");
    assert!(text.contains("Skip (go on)"), "{text}");
    // The title says the rows out of view, between the first and Skip, by their numbers.
    assert!(
        text.contains(&format!("rows 2-{} hidden ↓", rows - 1)),
        "{text}"
    );
}

#[test]
fn the_scores_stay_in_view_during_a_long_step() {
    let app = long_step();
    // The list covers the scores' place in the right column: they go under the other
    // kingdoms (the rivals' coins decide the Dragon's and the Queen's choices).
    for (w, h) in [(100, 30), (120, 40), (140, 45)] {
        let text = screen(&app, w, h);
        assert!(text.contains("Scores"), "{w}x{h}:\n{text}");
        assert!(text.contains("Skip (go on)"), "{w}x{h}:\n{text}");
    }
}

#[test]
fn with_the_scores_covered_the_acting_row_names_every_side() {
    // Whole games: every step whose list covers the scores, whatever its length.
    let mut seen = 0;
    for seed in [2, 7] {
        let mut app = app("queendomino", "you,greedy", seed);
        let mut n = 0;
        while n < 3000 && app.mode() != Mode::GameOver {
            if matches!(app.mode(), Mode::Step) {
                let text = screen(&app, W, 24);
                // Either the scores are in view, or the row under the list names both sides.
                if !text.contains("Scores") {
                    // `greedy 2`, or cut to 5 columns where the row is tight (`gre 2`): never
                    // left off (it was, when a count grew: `1/2kn`).
                    assert!(text.contains(" · gre"), "{text}");
                    seen += 1;
                }
            }
            play_to_end(&mut app, 1);
            n += 1;
        }
    }
    assert!(seen > 0, "a step covered the scores at 80x24");
}

/// A 7x7 kingdom grown to most of its width is drawn over the cells where squares may still go,
/// in cells of 3 columns at 80x24 (13 cells of 2 ran crowned squares together, `W1L`), and a
/// click on the ghost's cell still finds it.
#[test]
fn a_seven_by_seven_kingdom_grown_wide_is_drawn_in_wider_cells() {
    let area = Rect::new(0, 0, 80, 24);
    let mut app = app("mighty-duel", "you,greedy", 3);
    let mut zoomed = false;
    let mut keys = 0;
    while !zoomed && app.mode() != Mode::GameOver && keys < 600 {
        if app.mode() == Mode::Place {
            let game = app.game().unwrap().clone();
            let side = game.side_of(game.to_act().unwrap());
            let (x0, _, x1, _) = game.kingdom(side).frame();
            let l = crownlands_tui::view::layout(&app, &game, area).unwrap();
            if x1 - x0 < 8 {
                assert_eq!(l.cell_w, 3, "frame {x0}..{x1}");
                assert_eq!(l.region.0, x0);
                assert_eq!(l.region.2, x1);
                let g = app.ghost().first;
                let col = l.kingdom.x + (i16::from(g.x) - i16::from(l.region.0)) as u16 * l.cell_w;
                let row = l.kingdom.y + (i16::from(g.y) - i16::from(l.region.1)) as u16;
                assert_eq!(hit(&app, area, col, row), Some(Hit::Cell(g)));
                zoomed = true;
            } else {
                assert_eq!(l.cell_w, 2, "frame {x0}..{x1}");
            }
        }
        match app.mode() {
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(&mut app, "<tab>"),
            _ => press(&mut app, "<enter>"),
        }
        keys += 1;
    }
    assert!(zoomed, "the kingdom grew to a frame of 8 or fewer cells");
}

/// A first click on the domino (or the step's row) the cursor is on already, where a turn or
/// the keys put it, only chooses it; a second does it (a playtester's click to look claimed
/// the domino under the cursor at once, and skipped a step on the Skip it opens on). The same
/// on the kingdom: a click on the ghost's cell chooses it, a right click turns it, and a click
/// there again places it; a key between makes the next click a first one.
#[test]
fn a_first_click_on_what_the_cursor_is_on_only_chooses_it() {
    let mut app = app("kingdomino", "you,greedy", 3);
    while app.mode() != Mode::Claim {
        press(&mut app, "<enter>");
    }
    let now = Instant::now();
    let game = app.game().unwrap().clone();
    let on = app.choice();
    app.click_choice(on, now);
    assert_eq!(app.game().unwrap(), &game, "chosen, not claimed");
    assert_eq!(app.choice(), on);
    // A key between: the click after it is a first click again.
    app.key_at(Key::Char('x'), now);
    app.click_choice(on, now);
    assert_eq!(app.game().unwrap(), &game, "a first click again");
    app.click_choice(on, now);
    assert_ne!(app.game().unwrap(), &game, "claimed at the second click");
    // Placing: a click on the ghost's cell, a right click (a turn), a click again: placed.
    app.run_bots();
    until_place(&mut app);
    let game = app.game().unwrap().clone();
    let mut g = app.ghost();
    app.click_cell(g.first, now);
    assert_eq!(app.game().unwrap(), &game);
    // Turned until legal, the click kept.
    for _ in 0..4 {
        app.key_at(Key::Char('r'), now);
        if app.ghost_is_legal() {
            break;
        }
    }
    if app.ghost_is_legal() {
        g = app.ghost();
        app.click_cell(g.first, now);
        assert_ne!(
            app.game().unwrap(),
            &game,
            "placed at the click after the turn"
        );
    }
}

/// Where `words` are drawn on the row that shows `row_text` (the first such row from the top),
/// as (column, row).
fn find_in_row(app: &App, row_text: &str, words: &str) -> (u16, u16) {
    let buf = buffer(app, W, H);
    for y in 0..H {
        let line: String = (0..W).map(|x| buf[(x, y)].symbol()).collect();
        if line.contains(row_text)
            && let Some(at) = line.find(words)
        {
            return (line[..at].chars().count() as u16, y);
        }
    }
    panic!("{words:?} on a row of {row_text:?}:\n{}", screen(app, W, H));
}

/// The analysis by mouse alone: the note's `↓ N more` and `↑ N more` scroll a page, the wheel
/// scrolls, a click on a mistake's line shows that move on the board (its key's way), and a
/// click anywhere else closes the box.
#[test]
fn the_analysis_by_mouse() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 1000);
    let sides = analysis_reports(&mut app);
    assert!(sides.iter().any(|s| !s.mistakes.is_empty()), "{sides:?}");
    app.set_screen(W, H, crownlands_tui::view::MEASURE);
    let area = Rect::new(0, 0, W, H);
    let now = Instant::now();
    assert_eq!(app.popup_scroll(), 0);
    // The note: a page down, then up.
    let (col, row) = find_in_row(&app, "other keys close)", "↓ ");
    assert_eq!(hit(&app, area, col, row), Some(Hit::Key(Key::PageDown)));
    app.click_key(Key::PageDown, now);
    assert!(app.popup_scroll() > 0);
    assert_eq!(app.overlay(), Some(Overlay::Analysis));
    let (col, row) = find_in_row(&app, "other keys close)", "↑ ");
    assert_eq!(hit(&app, area, col, row), Some(Hit::Key(Key::PageUp)));
    app.click_key(Key::PageUp, now);
    assert_eq!(app.popup_scroll(), 0);
    // The rest of the note is no arrow: a click there closes the box, as elsewhere.
    let (col, row) = find_in_row(&app, "other keys close)", "PgDn");
    assert_eq!(hit(&app, area, col, row), Some(Hit::Key(Key::Esc)));
    // The wheel: 3 lines a notch, back to the top.
    app.wheel(3, now);
    assert_eq!(app.popup_scroll(), 3);
    app.wheel(-6, now);
    assert_eq!(app.popup_scroll(), 0);
    assert_eq!(app.overlay(), Some(Overlay::Analysis));
    // A mistake's line, scrolled into view by the wheel: that move on the board.
    let mut n = 0;
    while !screen(&app, W, H).contains("[1] move") && n < 30 {
        app.wheel(1, now);
        n += 1;
    }
    let (col, row) = find_in_row(&app, "[1] move", "move");
    assert_eq!(hit(&app, area, col + 4, row), Some(Hit::Mistake(0)));
    app.click_mistake(0, now);
    assert!(app.watching_this_game());
    assert!(app.mistake_on_board().is_some());
    // Back (`q`, a button under the game), the box is open again where it was.
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(app.overlay(), Some(Overlay::Analysis));
    // A click on another line, the box's frame or outside it closes it.
    let (col, row) = find_in_row(&app, "Analysis of this game", "Analysis");
    assert_eq!(hit(&app, area, col, row), Some(Hit::Key(Key::Esc)));
    assert_eq!(hit(&app, area, 0, 0), Some(Hit::Key(Key::Esc)));
    app.click_key(Key::Esc, now);
    assert_eq!(app.overlay(), None);
    // On the score screen the wheel scrolls the columns as ↑↓ do (where they scroll), and a
    // wheel in a game does nothing.
    let scrolled = app.score_scroll();
    app.wheel(3, now);
    app.wheel(-3, now);
    assert_eq!(app.score_scroll(), scrolled);
}

/// The wheel moves no cursor in a game: ↑↓ do there, a wheel turned by chance does not.
#[test]
fn the_wheel_moves_no_cursor_in_a_game() {
    let mut app = app("kingdomino", "you,greedy", 3);
    while app.mode() != Mode::Claim {
        press(&mut app, "<enter>");
    }
    let choice = app.choice();
    app.wheel(3, Instant::now());
    assert_eq!(app.choice(), choice);
    // The help opened with `?` scrolls by it.
    app.set_screen(W, H, crownlands_tui::view::MEASURE);
    press(&mut app, "?");
    app.wheel(3, Instant::now());
    assert_eq!(app.popup_scroll(), 3);
}

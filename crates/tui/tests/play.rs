//! Whole games driven through the app's key handling, without a terminal.

mod common;

use common::*;
use crownlands_core::{Action, Phase, Side};
use crownlands_tui::{Key, Mode, Overlay};
use std::sync::Arc;

fn check_score_screen(app: &crownlands_tui::App) {
    let game = app.game().expect("a game");
    assert!(game.is_over());
    let text = screen(app, 100, 40);
    let outcome = game.outcome();
    // Every side's total, on a row of its own: `Total ... 42`.
    let totals: Vec<&str> = text
        .split('│')
        .map(str::trim)
        .filter(|cell| cell.starts_with("Total "))
        .collect();
    for score in outcome.scores.values() {
        assert!(
            totals
                .iter()
                .any(|t| t.split_whitespace().last() == Some(&score.total.to_string())),
            "score screen shows total {}:\n{text}",
            score.total
        );
    }
    assert!(text.contains("Winner:"), "{text}");
}

#[test]
fn kingdomino_human_against_bots_to_the_score_screen() {
    let mut app = app("kingdomino", "you,greedy,random", 11);
    let keys = play_to_end(&mut app, 500);
    assert_eq!(app.mode(), Mode::GameOver, "after {keys} keys");
    check_score_screen(&app);
    // The session recorded every action, and replays to the same outcome.
    let session = app.session().expect("session");
    let save = session.to_save();
    let replayed = save
        .load(crownlands_core::Registry::shipped_ref(), "test")
        .expect("replays");
    assert_eq!(replayed.game().outcome(), app.game().unwrap().outcome());
    // Enter plays again (after the score screen's moment).
    play_on(&mut app);
    assert_ne!(app.mode(), Mode::GameOver);
}

/// On the score screen `H` and a key of no use say so for that key only: the next key brings
/// back what the line said (`z` had said nothing, and the hint's refusal stayed through every
/// key after, `↓` adding to it).
#[test]
fn keys_of_no_use_on_the_score_screen_say_so_for_that_key_only() {
    let mut app = app("kingdomino", "you,greedy", 11);
    play_to_end(&mut app, 500);
    assert_eq!(app.mode(), Mode::GameOver);
    let ended = app.message().to_string();
    press(&mut app, "H");
    assert!(
        app.message().contains("no move to hint"),
        "{}",
        app.message()
    );
    press(&mut app, "z");
    assert!(
        app.message().starts_with("`z` does nothing here"),
        "{}",
        app.message()
    );
    press(&mut app, "<up>");
    assert_eq!(app.message(), ended);
    press(&mut app, "H");
    press(&mut app, "<up>");
    assert_eq!(app.message(), ended);
}

#[test]
fn two_humans_hot_seat_with_two_kings_each() {
    let mut app = app("kingdomino", "you,me", 5);
    assert_eq!(app.seats()[0].name, "Player 1");
    play_to_end(&mut app, 500);
    check_score_screen(&app);
}

#[test]
fn knights_module_steps_through_keys() {
    let mut app = app("kingdomino-knights", "you,greedy", 3);
    let mut saw_tax = false;
    let mut n = 0;
    while app.mode() != Mode::GameOver && n < 800 {
        if in_step(&app, "knights") {
            saw_tax = true;
            let actions = app.step_actions();
            assert_eq!(
                actions.last(),
                Some(&Action::Pass),
                "skip is always offered"
            );
            assert!(actions.iter().all(|a| app.game().unwrap().is_legal(*a)));
            // The step opens on Skip: Enter pressed to go on spends no knight.
            assert_eq!(actions.get(app.choice()), Some(&Action::Pass));
            // Skip every other time (p, or Enter: the step opens on Skip), tax otherwise (the
            // first choice, chosen by its digit, done by Enter).
            press(&mut app, ["p", "1<enter>", "<enter>", "1<enter>"][n % 4]);
        } else if matches!(app.mode(), Mode::Step) {
            press(&mut app, "p");
        } else {
            play_to_end(&mut app, 1);
        }
        n += 1;
    }
    assert!(saw_tax, "a tax step came up");
    check_score_screen(&app);
    let text = screen(&app, 100, 30);
    assert!(text.contains("wealth") || text.contains("coins"), "{text}");
}

#[test]
fn queendomino_if_shipped() {
    if crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "queendomino").is_err() {
        eprintln!("queendomino is not shipped yet: skipped");
        return;
    }
    let mut app = app("queendomino", "you,greedy", 4);
    let mut steps = std::collections::BTreeSet::new();
    let mut n = 0;
    while app.mode() != Mode::GameOver && n < 2000 {
        if let Some(view) = app.game().and_then(|g| g.step_view())
            && app.mode() == Mode::Step
        {
            steps.insert(view.module);
        }
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert_eq!(app.mode(), Mode::GameOver);
    check_score_screen(&app);
}

#[test]
fn placing_moves_rotates_refuses_and_explains() {
    let mut app = app("kingdomino", "you,greedy", 2);
    // Claim until it is time to place.
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    let game = app.game().unwrap().clone();
    let before = app.ghost();
    assert!(app.ghost_is_legal(), "the ghost starts on a legal spot");
    // Far away from the castle nothing is legal, and the reason is shown.
    press(&mut app, "llllllll");
    assert!(!app.ghost_is_legal());
    let why = app.illegal().expect("a reason").to_string();
    press(&mut app, "<enter>");
    assert_eq!(app.game().unwrap(), &game, "an illegal spot is refused");
    assert!(app.message().contains(&why), "{} / {why}", app.message());
    // Said once: the refusal's message, not the spot's verdict beside it as well.
    let text = screen(&app, 78, 24);
    assert!(text.contains("Cannot place here:"), "{text}");
    assert!(!text.contains("Not here:"), "{text}");
    // The ghost moved on: the verdict of the spot it is on.
    press(&mut app, "h");
    assert!(screen(&app, 80, 24).contains("Not here:") || app.ghost_is_legal());
    // Rotating keeps the ghost inside the frame.
    press(&mut app, "rrrr");
    assert_eq!(app.ghost().direction, before.direction);
    // Tab jumps to a legal spot; Enter places it.
    press(&mut app, "<tab>");
    assert!(app.ghost_is_legal());
    let placed = app.ghost();
    press(&mut app, "<enter>");
    let g = app.game().unwrap();
    assert!(
        g.placed().iter().any(|(_, _, p)| *p == placed),
        "the domino went where the ghost was"
    );
    // d refuses a discard when something fits (next time we place).
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    if !app.must_discard() {
        let g = app.game().unwrap().clone();
        press(&mut app, "d");
        assert_eq!(app.game().unwrap(), &g);
    }
}

#[test]
fn undo_goes_back_to_the_last_human_decision() {
    let mut app = app("kingdomino", "you,greedy", 9);
    while app.mode() != Mode::Claim {
        app.run_bots();
    }
    let before = app.game().unwrap().clone();
    let log_before: Vec<String> = app.log().map(str::to_string).collect();
    press(&mut app, "<enter>");
    assert_ne!(app.game().unwrap(), &before);
    assert_ne!(app.log().count(), log_before.len());
    press(&mut app, "u");
    assert_eq!(app.game().unwrap(), &before);
    // The moves taken back leave the log.
    let log_after: Vec<String> = app.log().map(str::to_string).collect();
    assert_eq!(log_after, log_before);
    press(&mut app, "u");
    assert!(app.message().contains("Nothing to undo"));
}

/// Turning or moving a domino that fits nowhere says so (the status line had gone blank).
#[test]
fn turning_a_domino_that_fits_nowhere_says_it_fits_nowhere() {
    let mut found = false;
    for seed in 0..40 {
        let mut app = app("kingdomino", "you,greedy", seed);
        for _ in 0..2000 {
            if app.mode() == Mode::GameOver || (app.mode() == Mode::Place && app.must_discard()) {
                break;
            }
            common::play_to_end(&mut app, 1);
        }
        if app.mode() != Mode::Place {
            continue;
        }
        for key in ["r", "<left>", "<tab>"] {
            press(&mut app, key);
            assert!(
                app.message()
                    .starts_with("It fits nowhere, however turned or moved"),
                "{key}: {}",
                app.message()
            );
        }
        let before = app.game().unwrap().placed().len();
        press(&mut app, "<enter>");
        assert_eq!(
            app.game().unwrap().placed().len(),
            before,
            "discarded, not placed"
        );
        found = true;
        break;
    }
    assert!(found, "no seed had the person discard");
}

#[test]
fn a_refusal_on_the_status_line_goes_once_the_ghost_moves() {
    let mut app = app("kingdomino", "you,greedy", 9);
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    if app.must_discard() {
        return;
    }
    press(&mut app, "d");
    assert!(
        app.message().contains("cannot be discarded"),
        "{}",
        app.message()
    );
    press(&mut app, "<tab>");
    assert!(
        !app.message().contains("cannot be discarded"),
        "{}",
        app.message()
    );
}

#[test]
fn a_loaded_game_undoes_as_the_game_it_was_saved_from() {
    // Queendomino: steps with nothing to choose go by themselves and are not undo points.
    let mut app = app("queendomino", "you,greedy", 4);
    let mut decisions = 0;
    while decisions < 12 && app.mode() != Mode::GameOver {
        if app.mode() == Mode::BotThinking {
            app.run_bots();
        } else {
            press(&mut app, "<enter>");
            decisions += 1;
        }
    }
    let session = app.session().unwrap().clone();
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let mut loaded = crownlands_tui::App::resume(
        session,
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    assert!(loaded.can_undo());
    let mut undone = 0;
    while app.can_undo() {
        press(&mut app, "u");
        press(&mut loaded, "u");
        assert_eq!(loaded.game(), app.game(), "after {} undos", undone + 1);
        assert_eq!(
            loaded.session().unwrap().actions(),
            app.session().unwrap().actions()
        );
        undone += 1;
    }
    assert!(undone >= 5, "{undone}");
    assert!(!loaded.can_undo());
}

#[test]
fn a_digit_chooses_the_domino_of_that_row() {
    // Greedy claims first at some seeds: find a line with a taken row.
    for seed in 1..40 {
        let mut app = app("kingdomino", "greedy,you", seed);
        while app.mode() != Mode::Claim {
            app.run_bots();
        }
        let game = app.game().unwrap().clone();
        let line = game.next_line();
        let Some(taken) = line.iter().position(|s| s.king.is_some()) else {
            continue;
        };
        // A taken row refuses, and says so, with what Enter claims instead.
        press(&mut app, &(taken + 1).to_string());
        assert_eq!(app.game().unwrap(), &game);
        let said = format!(
            "Row {}: {} is taken; Enter claims ",
            taken + 1,
            game.label(line[taken].domino)
        );
        assert!(app.message().starts_with(&said), "{}", app.message());
        assert!(
            app.message().ends_with(", or choose another row."),
            "{}",
            app.message()
        );
        // The Enter typed right after it (`4 Enter`, before the words are read) claims nothing.
        press(&mut app, "<enter>");
        assert_eq!(app.game().unwrap(), &game);
        assert!(
            app.message()
                .starts_with("That row is taken: nothing claimed. Enter claims "),
            "{}",
            app.message()
        );
        // An arrow moves the cursor off what the words named: they go.
        press(&mut app, &(taken + 1).to_string());
        press(&mut app, "<right>");
        assert!(!app.message().contains("Enter claims"), "{}", app.message());
        press(&mut app, "<left>");
        // Only the key straight after: a popup opened and closed between, Enter claims.
        press(&mut app, &(taken + 1).to_string());
        press(&mut app, "?");
        press(&mut app, "<esc>");
        let before_enter = app.session().unwrap().actions()[0].len();
        press(&mut app, "<enter>");
        assert!(
            app.session().unwrap().actions()[0].len() > before_enter,
            "{}",
            app.message()
        );
        // (Undone, to go on with the test's line.)
        press(&mut app, "u");
        while app.mode() != Mode::Claim {
            app.run_bots();
        }
        assert_eq!(app.game().unwrap(), &game);
        // A free row after it is chosen by its own number, not by its place among the free,
        // and claimed by Enter (the line shows dominoes' numbers: `3 9` for domino 39 must not
        // claim row 3 unseen).
        let Some(free) = (taken + 1..line.len()).find(|&r| line[r].king.is_none()) else {
            continue;
        };
        let before = app.session().unwrap().actions()[0].len();
        press(&mut app, &(free + 1).to_string());
        assert_eq!(app.game().unwrap(), &game);
        assert!(
            app.message().ends_with("Enter claims it."),
            "{}",
            app.message()
        );
        press(&mut app, "<enter>");
        let played = app.session().unwrap().actions()[0].get(before).copied();
        assert_eq!(
            played,
            Some(Action::Claim {
                domino: line[free].domino
            })
        );
        return;
    }
    panic!("no seed where greedy claimed a row first");
}

#[test]
fn hint_points_at_a_legal_choice() {
    let mut app = app("kingdomino", "you,greedy", 9);
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    press(&mut app, "llll");
    app.key(Key::Char('H'));
    app.run_bots();
    let hint = app.hint().expect("a hint");
    assert!(app.game().unwrap().is_legal(hint));
    assert_eq!(
        Some(Action::Place {
            placement: app.ghost()
        }),
        Some(hint)
    );
    assert!(app.message().starts_with("Hint:"));
    // The panel: up to three moves, best first, the first being the hint, with their estimates.
    let hints = app.hints();
    assert!(!hints.is_empty() && hints.len() <= 3, "{hints:?}");
    for w in hints.windows(2) {
        assert!(!w[1].1.better_than(&w[0].1), "best first: {hints:?}");
    }
    for (_, value) in &hints {
        assert!((0.0..=1.0).contains(&value.win) && value.score >= 0.0);
    }
    // `H` again puts the ghost on the next of its moves, then the next, then the best again:
    // the second and third are seen where they lie, and Enter takes the one shown.
    if hints.len() > 1 {
        app.key(Key::Char('H'));
        let second = app.hint().expect("the second");
        assert_ne!(second, hint);
        assert_eq!(
            Some(Action::Place {
                placement: app.ghost()
            }),
            Some(second)
        );
        assert!(
            app.message()
                .starts_with(&format!("Hint 2 of {}: ", hints.len())),
            "{}",
            app.message()
        );
        // Off the second, the status line says Enter plays what is selected, not the hint.
        app.key(Key::Char('r'));
        assert!(!app.message().starts_with("Hint"), "{}", app.message());
        app.key(Key::Char('r'));
        app.key(Key::Char('r'));
        app.key(Key::Char('r'));
        for _ in 1..hints.len() {
            app.key(Key::Char('H'));
        }
        assert_eq!(app.hint(), Some(hint));
        assert!(app.message().starts_with("Hint:"), "{}", app.message());
    }
    // Deciding clears it.
    press(&mut app, "<enter>");
    assert!(app.hints().is_empty());
}

#[test]
fn quitting_asks_and_ctrl_c_does_not() {
    let mut app = app("kingdomino", "you,greedy", 9);
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    press(&mut app, "n");
    assert_eq!(app.overlay(), None);
    assert!(!app.should_quit());
    // Enter, the key of every step, stays.
    press(&mut app, "q<enter>");
    assert_eq!(app.overlay(), None);
    assert!(!app.should_quit());
    press(&mut app, "?");
    assert_eq!(app.overlay(), Some(Overlay::Help));
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
    press(&mut app, "qy");
    assert!(app.should_quit());
    let mut app = common::app("kingdomino", "you,greedy", 9);
    press(&mut app, "<c-c>");
    assert!(app.should_quit());
}

/// While the quit dialog is open, a bot's move waits (it had been played behind the dialog);
/// answered `n`, the move comes at the pace.
#[test]
fn a_bots_move_waits_behind_the_quit_dialog() {
    let mut app = crownlands_tui::App::new_game(
        ruleset("kingdomino"),
        seats("you,greedy"),
        common::config(9, crownlands_tui::Palette::none()),
    )
    .expect("sets up");
    // On to a bot's turn, its answer awaited.
    let mut guard = 0;
    while app.mode() != Mode::BotThinking && guard < 10 {
        app.key_at(Key::Enter, later());
        guard += 1;
    }
    assert_eq!(app.mode(), Mode::BotThinking);
    let before = app.session().map(|s| s.actions()[0].len());
    app.key_at(Key::Char('q'), std::time::Instant::now());
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    // Half a second of ticks, real time: the greedy bot has answered long before its end.
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        app.tick(later());
    }
    assert_eq!(app.session().map(|s| s.actions()[0].len()), before);
    app.key_at(Key::Char('n'), std::time::Instant::now());
    app.run_bots();
    assert_ne!(app.session().map(|s| s.actions()[0].len()), before);
}

#[test]
fn saves_and_autosaves_into_their_directories() {
    let dir = std::env::temp_dir().join(format!("crownlands-tui-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = config(21, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    config.save_dir = Some(dir.join("saves"));
    let mut app =
        crownlands_tui::App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    press(&mut app, "<enter>");
    assert!(dir.join(crownlands_saves::AUTOSAVE_FILE).exists());
    press(&mut app, "s");
    let saved: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(saved.len(), 1);
    // The file's name first, so a narrow status line keeps it.
    assert!(
        app.message()
            .starts_with(&format!("Saved {} in ", saved[0])),
        "{}",
        app.message()
    );
    // Placing, a save said gives way when the ghost moves: the spot's verdict and score show.
    let mut n = 0;
    while app.mode() != Mode::Place && n < 50 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Place);
    press(&mut app, "s");
    assert!(app.message().starts_with("Saved "), "{}", app.message());
    press(&mut app, "<tab>");
    assert_eq!(app.message(), "");
    // Resume from the autosave: the same position, the same seats.
    let session = crownlands_saves::read_save(
        crownlands_core::Registry::shipped_ref(),
        &dir.join(crownlands_saves::AUTOSAVE_FILE),
    )
    .unwrap();
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let resumed = crownlands_tui::App::resume(
        session,
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    assert_eq!(resumed.game().unwrap(), app.game().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A match resumed in its second game shows the log live play showed: the first game's moves,
/// then `Game 2 of 3 begins.` and the second's (it started at the second game's break).
#[test]
fn a_match_resumed_keeps_its_earlier_games_in_the_log() {
    let mut app = app("dynasty", "you,greedy", 8);
    play_to_end(&mut app, 1000);
    play_on(&mut app);
    for _ in 0..6 {
        press(&mut app, "<enter>");
    }
    let session = app.session().expect("a match").clone();
    assert_eq!(session.game_index(), 1);
    let live: Vec<String> = app.log().map(str::to_string).collect();
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let resumed = crownlands_tui::App::resume(
        session,
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    let again: Vec<String> = resumed.log().map(str::to_string).collect();
    let begins = again
        .iter()
        .position(|l| l == "Game 2 of 3 begins.")
        .expect("the second game's start");
    assert!(begins > 10, "the first game's moves before it: {again:?}");
    assert_eq!(again, live);
}

#[test]
fn dynasty_carries_totals_across_games() {
    let mut app = app("dynasty", "you,greedy", 8);
    // The first game's scores are the match's: not said twice.
    assert!(!screen(&app, 100, 30).contains("match "));
    for game in 0..3 {
        play_to_end(&mut app, 1000);
        assert_eq!(app.mode(), Mode::GameOver);
        let text = screen(&app, 100, 30);
        assert!(
            text.contains(&format!("after game {} of 3", game + 1)),
            "{text}"
        );
        // The game's winner is said to be that game's (the match may go to another).
        assert!(
            text.contains(&format!("Winner of game {}: ", game + 1)),
            "{text}"
        );
        if game < 2 {
            let totals = app.session().unwrap().played().totals().clone();
            // Enter at once is taken for a key pressed on through the last turn: the scores stay.
            app.key_at(Key::Enter, std::time::Instant::now());
            app.run_bots();
            assert_eq!(app.mode(), Mode::GameOver);
            assert_eq!(app.session().unwrap().game_index(), game);
            assert!(
                app.message().contains("read the scores"),
                "{}",
                app.message()
            );
            // Esc does not quit here (only q does).
            press(&mut app, "<esc>");
            assert!(!app.should_quit());
            // A moment later it goes on.
            app.key_at(Key::Enter, later());
            app.run_bots();
            assert_eq!(app.session().unwrap().game_index(), game + 1);
            // During the next game the scores say the match so far.
            app.run_bots();
            let text = screen(&app, 100, 30);
            let game_now = app.game().unwrap();
            for side in game_now.all_sides() {
                let sum = totals[side] + i64::from(game_now.score_total(side));
                assert!(text.contains(&format!("match {sum}")), "{sum}: {text}");
            }
        }
    }
    assert!(screen(&app, 100, 30).contains("The match goes to"));
}

/// The setup screen over the shipped rulesets, as a first start opens it.
fn setup_screen() -> crownlands_tui::App {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let setup = crownlands_tui::app::setup::Setup::new(choices, None);
    crownlands_tui::App::with_setup(setup, common::config(3, crownlands_tui::Palette::none()))
}

#[test]
fn setup_screen_starts_the_chosen_game() {
    let mut app = setup_screen();
    assert_eq!(app.mode(), Mode::Setup);
    // Up to seat 2 and make it random, up to the players and make them three.
    press(&mut app, "<up>h<up><up>l<enter><enter>");
    let game = app.game().expect("started");
    assert_eq!(game.players(), 3);
    assert_eq!(app.seats()[1].kind_text(), "random");
    assert!(matches!(
        game.phase(),
        Phase::FirstClaims { .. } | Phase::Claim { .. } | Phase::Place { .. }
    ));
}

#[test]
fn mouse_clicks_map_to_cells_and_choices() {
    use crownlands_tui::view::{Hit, hit};
    use ratatui::layout::Rect;
    let mut app = app("kingdomino", "you,greedy", 2);
    let area = Rect::new(0, 0, 80, 24);
    // The first line lists under its title: clicking a free domino selects it, again claims it.
    if app.mode() == Mode::Claim {
        let game = app.game().unwrap().clone();
        let free = game
            .next_line()
            .iter()
            .position(|s| s.king.is_none())
            .unwrap();
        let l = crownlands_tui::view::layout(&app, &game, area).unwrap();
        let at = hit(&app, area, l.next.x + 2, l.next.y + 1 + free as u16);
        assert_eq!(at, Some(Hit::Choice(0)));
    }
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    let game = app.game().unwrap().clone();
    let l = crownlands_tui::view::layout(&app, &game, area).unwrap();
    // The castle sits in the middle of the 9x9 frame.
    let col = l.kingdom.x + 4 * l.cell_w;
    let row = l.kingdom.y + 4;
    assert_eq!(
        hit(&app, area, col, row),
        Some(Hit::Cell(crownlands_core::Cell::new(0, 0)))
    );
    let target = crownlands_core::Cell::new(1, 1);
    app.click_cell(target, std::time::Instant::now());
    assert_eq!(app.ghost().first, target);
}

#[test]
fn following_every_hint_is_never_a_mistake_in_the_analysis() {
    // The hint and the score screen's analysis weigh a decision with the same analyst and seed,
    // so the move the hint puts first is the one the analysis measures the move played against.
    let mut app = app("kingdomino", "you,greedy", 5);
    let mut taken = 0;
    for _ in 0..1500 {
        match app.mode() {
            Mode::Claim | Mode::Place | Mode::Step => {
                app.key(Key::Char('H'));
                app.run_bots();
                let hint = app.hint().expect("a hint");
                let before = app.game().unwrap().clone();
                press(&mut app, "<enter>");
                assert_ne!(
                    app.game().unwrap(),
                    &before,
                    "the hint {hint:?} was taken: {}",
                    app.message()
                );
                taken += 1;
            }
            Mode::BotThinking => app.run_bots(),
            _ => break,
        }
    }
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(taken >= 20, "{taken}");
    // The last hint goes with the game: it would show, of another move, over a mistake watched.
    assert!(app.hints().is_empty() && app.hint().is_none());
    let sides = analysis_reports(&mut app);
    let you = &sides[0];
    assert_eq!(you.name, "seat 1 (You)");
    assert!(you.mistakes.is_empty(), "{:?}", you.mistakes);
    assert_eq!((you.mean_loss, you.mean_score_loss), (0.0, 0.0));
}

#[test]
fn the_score_screens_analyst_is_the_commands() {
    // `crownlands analyse SAVE` with its defaults, so the two give the same verdicts.
    assert_eq!(
        crownlands_tui::Config::default().analyst,
        crownlands_bots::Analyst::default()
    );
}

#[test]
fn moving_off_the_hint_says_enter_plays_the_move_selected() {
    let mut app = app("kingdomino", "you,greedy", 9);
    while app.mode() != Mode::Claim {
        app.run_bots();
        press(&mut app, "<enter>");
    }
    app.key(Key::Char('H'));
    app.run_bots();
    let hint = app.hint().expect("a hint");
    assert!(app.message().starts_with("Hint:"), "{}", app.message());
    let n = app.claims().len();
    assert!(n > 1);
    press(&mut app, "<right>");
    assert!(
        app.message().starts_with("Off the hint"),
        "{}",
        app.message()
    );
    assert!(!app.hints().is_empty(), "the panel stays");
    // Back on it: the hint's words again, and Enter plays it.
    for _ in 1..n {
        press(&mut app, "<right>");
    }
    assert!(app.message().starts_with("Hint:"), "{}", app.message());
    let played_before = app.session().unwrap().actions()[0].len();
    press(&mut app, "<enter>");
    let actions = &app.session().unwrap().actions()[0];
    assert_eq!(
        actions.get(played_before),
        Some(&hint),
        "Enter played the hint"
    );
}

/// `H` again shows the hint's next move; with the ghost moved off the hints' moves, the best
/// again (it went on to the move after the one shown last, which the player no longer saw).
#[test]
fn the_hint_key_after_moving_off_the_hints_shows_the_best_again() {
    let mut app = app("kingdomino", "you,greedy", 9);
    while app.mode() != Mode::Place {
        app.run_bots();
        press(&mut app, "<enter>");
    }
    app.key(Key::Char('H'));
    app.run_bots();
    let best = app.hint().expect("a hint");
    assert!(app.hints().len() > 2, "{:?}", app.hints());
    press(&mut app, "H");
    let second = app.hint().expect("the second");
    assert_ne!(second, best);
    press(&mut app, "<left><left><up>");
    press(&mut app, "H");
    assert_eq!(app.hint(), Some(best));
    // On the hints' moves, `H` goes on from the one under the ghost.
    press(&mut app, "H");
    assert_eq!(app.hint(), Some(second));
}

#[test]
fn undo_at_a_hot_seat_table_takes_back_only_ones_own_moves() {
    // Two people: each may take back their own decisions until the other decides; then the
    // undo is refused and names who played since (it took back a rival's move).
    for table in ["you,you", "you,you,greedy"] {
        undo_takes_back_only_ones_own_moves_at(table);
    }
}

/// At `table` (two people, maybe bots): each person's undo goes back to their own decision
/// (the bots' moves since with it), and is refused once the other person has decided.
fn undo_takes_back_only_ones_own_moves_at(table: &str) {
    let mut app = app("kingdomino", table, 3);
    let mut refused = false;
    let mut own = false;
    for _ in 0..200 {
        if refused && own {
            break;
        }
        let before = app.game().unwrap().clone();
        let acting = before.to_act().expect("someone acts");
        press(&mut app, "<enter>");
        if app.game().unwrap() == &before || app.game().unwrap().is_over() {
            break;
        }
        let next = app.game().unwrap().to_act().expect("someone acts");
        let after = app.game().unwrap().clone();
        press(&mut app, "u");
        if next == acting {
            // The same person again (a placement, then its claim): back to their decision.
            assert_eq!(app.game().unwrap(), &before);
            let name = app.name(acting.index());
            let whose = if name == "You" {
                "your".to_string()
            } else {
                format!("{name}'s")
            };
            assert_eq!(
                app.message(),
                format!("Undone: back to {whose} last decision.")
            );
            press(&mut app, "<enter>");
            own = true;
        } else {
            // Another person's turn: the move before it stays.
            assert_eq!(app.game().unwrap(), &after);
            let (name, now) = (app.name(acting.index()), app.name(next.index()));
            assert!(
                app.message()
                    .starts_with(&format!("It is {now}'s turn: {name}'s move stands")),
                "{}",
                app.message()
            );
            // In a placement, moving the ghost leaves the refusal behind: its two lines at
            // 80x24 stayed through every move and hid the spot's verdict.
            if app.mode() == Mode::Place {
                press(&mut app, "<right>");
                assert!(!app.message().contains("move stands"), "{}", app.message());
            }
            refused = true;
        }
    }
    assert!(refused && own, "{table}: both cases met");
    // Two people at the table: the second is named, not "you".
    assert_ne!(app.name(0), app.name(1));
}

#[test]
fn undo_from_the_score_screen_drops_its_analysis() {
    let mut app = app("kingdomino", "you,greedy", 12);
    play_to_end(&mut app, 500);
    assert_eq!(app.mode(), Mode::GameOver);
    press(&mut app, "a");
    assert!(app.analysis().is_some());
    press(&mut app, "<esc>u");
    assert_ne!(app.mode(), Mode::GameOver);
    assert!(app.analysis().is_none(), "the game analysed is no more");
}

#[test]
fn a_saved_bot_level_not_read_is_said_on_load_and_on_resume() {
    use crownlands_saves::{Player, Session};
    use crownlands_tui::app::resume::{Found, Offer};
    let players = vec![
        Player::new(1, "Ann", "human"),
        Player::new(2, "far", "mcts:1000000000"),
    ];
    let session = Session::new(ruleset("kingdomino"), players, 3).expect("session");
    let seats = crownlands_tui::app::seats::from_players(session.players());
    assert!(!seats[1].is_human(), "the seat stays a bot");
    let loaded = crownlands_tui::App::resume(
        session.clone(),
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    assert!(
        loaded.message().contains("seat 2 (mcts:1000000000)"),
        "{}",
        loaded.message()
    );
    let offer = Offer {
        path: "/tmp/autosave.json".into(),
        found: Ok(Found::new(session, "just now".into())),
        focus: 0,
        kept_as: "autosave-previous.json".into(),
        not_a_file: false,
        later: None,
    };
    let next = crownlands_tui::app::Next::Setup(Box::new(crownlands_tui::app::setup::Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    )));
    let mut app = crownlands_tui::App::with_offer(
        offer,
        next,
        common::config(1, crownlands_tui::Palette::none()),
    );
    press(&mut app, "r");
    assert!(
        app.message().contains("is not one this version reads"),
        "{}",
        app.message()
    );
}

/// A save's bot asking for an hour a move on 64 threads plays held to a save's bounds, and the
/// load and the resume say so (it had been held silently: a bot answering in ten seconds taken
/// for the level the save names).
#[test]
fn a_saved_bot_level_past_a_saves_bounds_is_said_on_load_and_on_resume() {
    use crownlands_saves::{Player, Session};
    use crownlands_tui::app::resume::{Found, Offer};
    let players = vec![
        Player::new(1, "Ann", "human"),
        Player::new(2, "slow", "mcts:3600s:threads=64"),
    ];
    let session = Session::new(ruleset("kingdomino"), players, 3).expect("session");
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let crownlands_tui::app::seats::SeatKind::Bot(crownlands_bots::Level::Mcts(c)) = &seats[1].kind
    else {
        panic!("{:?}", seats[1]);
    };
    assert_eq!(c.cap, Some(crownlands_tui::app::seats::MAX_LOADED_WAIT));
    let loaded = crownlands_tui::App::resume(
        session.clone(),
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    let said = "The bot level of seat 2 (mcts:3600s:threads=64) asks more than a save may: it \
                thinks at most 10 s a move, on at most ";
    assert!(loaded.message().contains(said), "{}", loaded.message());
    let offer = Offer {
        path: "/tmp/autosave.json".into(),
        found: Ok(Found::new(session, "just now".into())),
        focus: 0,
        kept_as: "autosave-previous.json".into(),
        not_a_file: false,
        later: None,
    };
    let next = crownlands_tui::app::Next::Setup(Box::new(crownlands_tui::app::setup::Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    )));
    let mut app = crownlands_tui::App::with_offer(
        offer,
        next,
        common::config(1, crownlands_tui::Palette::none()),
    );
    press(&mut app, "r");
    assert!(app.message().contains(said), "{}", app.message());
}

#[test]
fn the_score_screen_scrolls_through_every_line() {
    let mut app = app("mighty-duel", "you,greedy", 3);
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    let first = screen(&app, 80, 24);
    press(&mut app, "<down>");
    assert_eq!(app.score_scroll(), 1);
    let scrolled = screen(&app, 80, 24);
    assert_ne!(first, scrolled, "the columns moved");
    assert!(scrolled.contains("Total"), "{scrolled}");
    assert!(!scrolled.contains(" more territories"), "{scrolled}");
    // What the window leaves out is said (the lines shown did not add up to the total).
    assert!(scrolled.contains("↓ "), "{scrolled}");
    press(&mut app, "<end>");
    let end = screen(&app, 80, 24);
    assert!(end.contains("↑ "), "{end}");
    press(&mut app, "<home>");
    assert_eq!(app.score_scroll(), 0);
    assert_eq!(screen(&app, 80, 24), first);
}

/// PgDn/PgUp scroll the score screen's columns a few lines at a time, End and Home to either
/// end (a Queendomino column has some 27 lines, a handful in view at 80x24).
#[test]
fn the_score_screen_scrolls_by_pages_and_to_its_ends() {
    let mut app = app("queendomino", "you,greedy", 7);
    play_to_end(&mut app, 5000);
    assert_eq!(app.mode(), Mode::GameOver);
    press(&mut app, "<end>");
    let most = app.score_scroll();
    assert!(most > 5, "{most}");
    press(&mut app, "<home>");
    assert_eq!(app.score_scroll(), 0);
    press(&mut app, "<pgdn>");
    assert_eq!(app.score_scroll(), 5);
    press(&mut app, "<pgdn><pgup><pgup>");
    assert_eq!(app.score_scroll(), 0);
}

/// The Placing box after a king's placement (its claim, or a module step, still to come): the
/// domino is down, so the row says what became of it, not its squares as if still to place.
#[test]
fn the_placing_box_says_a_domino_is_placed_or_discarded_once_it_is() {
    let mut app = app("kingdomino", "you,greedy", 9);
    let mut seen_placed = false;
    for _ in 0..200 {
        match app.mode() {
            Mode::Place if app.must_discard() => {
                let label = placing_row(&app, "•");
                press(&mut app, "<enter>");
                assert_eq!(app.mode(), Mode::Claim, "seed 9 claims after this discard");
                let row = placing_row(&app, "•");
                assert!(row.contains("discarded ♔You"), "{row} (was {label})");
                assert!(seen_placed);
                return;
            }
            Mode::Place => {
                if !app.ghost_is_legal() {
                    press(&mut app, "<tab>");
                }
                press(&mut app, "<enter>");
                if app.mode() == Mode::Claim {
                    let row = placing_row(&app, "•");
                    assert!(row.contains("placed ♔You"), "{row}");
                    seen_placed = true;
                }
            }
            Mode::GameOver => break,
            _ => press(&mut app, "<enter>"),
        }
    }
    panic!("seed 9 has a discard with a claim after it");
}

/// The row of the Placing box marked `mark` (`•`: the acting king's), at 80x24.
fn placing_row(app: &crownlands_tui::App, mark: &str) -> String {
    let screen = screen(app, 80, 24);
    let line = screen
        .lines()
        .find(|l| l.contains(&format!("│{mark}")))
        .unwrap_or_else(|| panic!("a row marked {mark}:\n{screen}"))
        .to_string();
    // The Placing box is the second box of the row.
    line.split('│').nth(3).unwrap_or_default().to_string()
}

/// A key of another step's footer (`r` rotate, `d` discard, `p` skip) says what it is for and
/// what this step asks, rather than nothing (the status used to keep its old words).
#[test]
fn a_key_of_another_step_says_what_it_is_for() {
    let mut app = app("kingdomino", "you,greedy", 3);
    assert_eq!(app.mode(), Mode::Claim);
    for (key, words) in [
        ("r", "r turns a domino you place; now claim a domino."),
        (
            "d",
            "d discards a domino that fits nowhere; now claim a domino.",
        ),
        (
            "p",
            "p skips an optional step, none now; now claim a domino.",
        ),
    ] {
        press(&mut app, key);
        assert_eq!(app.message(), words);
        assert_eq!(app.mode(), Mode::Claim, "nothing played");
    }
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    press(&mut app, "p");
    assert!(
        app.message()
            .starts_with("p skips an optional step, none now; "),
        "{}",
        app.message()
    );
    assert_eq!(app.mode(), Mode::Place);
    // It keeps to the status line: the keys stay in view; moving the ghost clears it.
    assert!(screen(&app, 80, 24).contains("q quit"));
    press(&mut app, "<left>");
    assert!(!app.message().starts_with("p skips"), "{}", app.message());
}

/// News longer than the status row (here the folder a game was saved in) goes on over the keys'
/// row, whole, until the next move brings the keys back; a click there is then no key.
#[test]
fn a_long_message_takes_the_keys_row_until_the_next_move() {
    let dir = std::env::temp_dir()
        .join(format!("crownlands-tui-long-{}", std::process::id()))
        .join("a-folder-with-a-rather-long-name-so-the-message-passes-eighty-columns");
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = config(21, crownlands_tui::Palette::none());
    config.save_dir = Some(dir.clone());
    let mut app =
        crownlands_tui::App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    press(&mut app, "s");
    assert!(app.message().chars().count() > 80, "{}", app.message());
    let text = screen(&app, 78, 24);
    let rows: Vec<&str> = text.lines().collect();
    let footer = format!(
        "{}{}",
        rows[22].trim_matches('"'),
        rows[23].trim_matches('"')
    );
    let squeezed: String = footer.split_whitespace().collect();
    let message: String = app.message().split_whitespace().collect();
    assert_eq!(squeezed, message, "the whole message:\n{text}");
    assert!(!text.contains("q quit"), "{text}");
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    assert_eq!(crownlands_tui::view::hit(&app, area, 2, 23), None);
    // The next move is news of its own: the keys are back, and clickable.
    press(&mut app, "<enter>");
    let text = screen(&app, 78, 24);
    assert!(text.contains("q quit"), "{text}");
    assert!(crownlands_tui::view::hit(&app, area, 2, 23).is_some());
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// j/k (and ↑↓) move over the file row as over any other: the field takes keys only once opened
/// (Enter, `o`, a click), and Esc on the setup rows quits nothing (q does).
#[test]
fn the_setup_screens_file_row_types_only_once_opened() {
    use crownlands_tui::app::setup::{Row, Setup};
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = crownlands_tui::App::with_setup(
        Setup::new(choices, None),
        common::config(3, crownlands_tui::Palette::none()),
    );
    let rows = |app: &crownlands_tui::App| app.setup().expect("setup").row;
    // From Start up past the seats and the players to the file row, and on to the ruleset.
    press(&mut app, "kkk");
    assert_eq!(rows(&app), Row::Players);
    press(&mut app, "k");
    assert_eq!(rows(&app), Row::File);
    assert!(!app.setup().unwrap().typing);
    press(&mut app, "k");
    assert_eq!(rows(&app), Row::Ruleset, "k moved on: nothing typed");
    press(&mut app, "jj");
    assert_eq!(rows(&app), Row::Players);
    assert_eq!(app.setup().unwrap().input, "");
    // Enter on the file row opens it: now j and k are letters of a path.
    press(&mut app, "k<enter>jk");
    assert!(app.setup().unwrap().typing);
    assert_eq!(app.setup().unwrap().input, "jk");
    assert!(screen(&app, 80, 24).contains("Open a file: jk▏"));
    // Esc clears it, Esc again leaves it, a third Esc quits nothing.
    press(&mut app, "<esc><esc>");
    assert_eq!(rows(&app), Row::Start);
    press(&mut app, "<esc>");
    assert!(!app.should_quit());
    assert!(app.message().starts_with("q quits"), "{}", app.message());
    press(&mut app, "q");
    assert!(app.should_quit());
}

/// Where the finished game was kept is said whole on the score screen, its folder included (the
/// legend under the scores gives way when both do not fit).
#[test]
fn the_score_screen_says_whole_where_the_game_was_kept() {
    let dir = std::env::temp_dir()
        .join(format!("crownlands-tui-kept-{}", std::process::id()))
        .join("saves-of-a-player-with-a-long-folder-name");
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = config(11, crownlands_tui::Palette::none());
    config.save_dir = Some(dir.clone());
    // Queendomino: the legend names the pieces too, two lines at 100 columns.
    let mut app = crownlands_tui::App::new_game(
        ruleset("queendomino"),
        seats("you,greedy,greedy,greedy"),
        config,
    )
    .unwrap();
    app.run_bots();
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(
        app.message().starts_with("Game kept as "),
        "{}",
        app.message()
    );
    for (w, h) in [(80, 24), (100, 30)] {
        let text = screen(&app, w, h);
        let flat: String = text
            .lines()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|l| l.trim_matches('"').trim_end())
            .collect::<Vec<_>>()
            .join(" ");
        let squeezed: String = flat.split_whitespace().collect();
        let message: String = app.message().split_whitespace().collect();
        assert!(squeezed.contains(&message), "{w}x{h}:\n{text}");
    }
    // An Enter pressed on through the last turn (within the score screen's first second) is
    // told to wait, and where the game was kept is still said, once however many Enters.
    let kept = app.message().to_string();
    // (Pressed at a time before the end: within the pause however slow the machine.)
    let now = std::time::Instant::now();
    let early = now
        .checked_sub(std::time::Duration::from_secs(10))
        .unwrap_or(now);
    app.key_at(crownlands_tui::Key::Enter, early);
    app.key_at(crownlands_tui::Key::Enter, early);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(
        app.message(),
        format!("The game is over: read the scores, then Enter plays on. {kept}")
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// The claim step's help says when each player has several kings (2-player Kingdomino).
#[test]
fn the_claim_help_says_when_each_player_has_two_kings() {
    let mut two = app("kingdomino", "you,greedy", 3);
    press(&mut two, "?");
    let text = screen(&two, 100, 40);
    assert!(
        text.contains("Each player has 2 kings here: you claim 2 dominoes a round"),
        "{text}"
    );
    let mut four = app("kingdomino", "you,greedy,greedy,greedy", 3);
    press(&mut four, "?");
    assert!(!screen(&four, 100, 40).contains("kings here"));
}

/// The row of recent games keeps its `›` and the date at 80 and 100 columns: the players' names
/// give way first.
#[test]
fn the_recent_games_row_fits_its_width() {
    use crownlands_tui::app::setup::{Row, Setup};
    let dir = std::env::temp_dir().join(format!("crownlands-tui-recent-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // A finished 4-player game, kept in the saves folder.
    let mut config = config(5, crownlands_tui::Palette::none());
    config.save_dir = Some(dir.clone());
    let mut game = crownlands_tui::App::new_game(
        ruleset("kingdomino"),
        seats("you,greedy,greedy,greedy"),
        config.clone(),
    )
    .unwrap();
    game.run_bots();
    play_to_end(&mut game, 500);
    assert_eq!(game.mode(), Mode::GameOver);
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = crownlands_tui::App::with_setup(Setup::new(choices, None), config);
    let recent = app.setup().unwrap().recent.clone();
    assert_eq!(recent.len(), 1);
    let date = recent[0].date.clone().expect("a date");
    // The final scores tell games of one day and the same players apart, where they fit.
    let result = recent[0].result.clone().expect("a result");
    assert_eq!(result.split('–').count(), 4, "{result}");
    while app.setup().unwrap().row != Row::Recent {
        press(&mut app, "j");
    }
    let text = screen(&app, 140, 30);
    assert!(text.contains(&format!(" · {result} · {date} ›")), "{text}");
    // Where the row has room for the ruleset alone, the game is told whole below the rows.
    let text = screen(&app, 78, 24);
    let flat: String = text
        .lines()
        .map(|l| {
            l.trim_matches(['"', '│', ' '])
                .rsplit('│')
                .next()
                .unwrap_or("")
        })
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect();
    let label: String = recent[0].label.split_whitespace().collect();
    assert!(flat.contains(&format!("Savedgame:{label}")), "{text}");
    for w in [80, 100] {
        let text = screen(&app, w, 30);
        let row = text
            .lines()
            .find(|l| l.contains("Watch a recent game"))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(row.contains("1/1 kingdomino · You, "), "{row}");
        assert!(
            row.trim_end_matches(['"', '│', ' ']).ends_with('›'),
            "{w}: {row}"
        );
        // At 100 columns the scores fit beside names cut short (before the date: they tell
        // the games of a day apart); at 80 the names stay, cut.
        if w == 100 {
            assert!(row.contains(&format!("… · {result} ›")), "{w}: {row}");
        }
        // A click on the drawn `›` shows the next recent game.
        let (y, line) = text
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains("Watch a recent game"))
            .unwrap();
        let x = line
            .trim_matches('"')
            .chars()
            .position(|c| c == '›')
            .unwrap();
        let area = ratatui::layout::Rect::new(0, 0, w, 30);
        assert_eq!(
            crownlands_tui::view::hit(&app, area, x as u16, y as u16),
            Some(crownlands_tui::view::Hit::Setup(
                crownlands_tui::app::setup::SetupClick::Change(Row::Recent, 1)
            )),
            "{w}: {line}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Leaving a ruleset on the setup screen and coming back finds its table as it was set (the
/// players, who plays each seat, their names), not the ruleset's first player count again.
#[test]
fn the_setup_table_is_kept_for_each_ruleset() {
    use crownlands_tui::app::setup::{Row, Setup};
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = crownlands_tui::App::with_setup(
        Setup::new(choices, Some("royal-wedding")),
        common::config(3, crownlands_tui::Palette::none()),
    );
    let setup = |app: &crownlands_tui::App| app.setup().expect("setup").clone();
    let first = setup(&app).players;
    // Royal Wedding: one more player, then away to the next ruleset and back.
    while setup(&app).row != Row::Players {
        press(&mut app, "k");
    }
    press(&mut app, "l");
    let set = setup(&app).players;
    assert_ne!(set, first);
    while setup(&app).row != Row::Ruleset {
        press(&mut app, "k");
    }
    press(&mut app, "l");
    assert_ne!(setup(&app).choice().unwrap().name, "royal-wedding");
    press(&mut app, "h");
    assert_eq!(setup(&app).choice().unwrap().name, "royal-wedding");
    assert_eq!(setup(&app).players, set, "the table set before");
    assert_eq!(setup(&app).seats.len(), usize::from(set));
}

#[test]
fn a_team_match_is_won_by_a_team_named_as_one() {
    // The match record numbers its winners as sides (teams), not players: "The match goes to
    // greedy 3" named a player of another team.
    let text =
        "extends = \"royal-wedding-teams\"\nname = \"teams-match\"\n[rules]\nmatch-games = 2\n";
    let r = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        std::path::Path::new("teams-match.toml"),
    )
    .expect("loads");
    let mut app = crownlands_tui::App::new_game(
        std::sync::Arc::new(r),
        seats("greedy,greedy,greedy,greedy,greedy,greedy"),
        config(1, crownlands_tui::Palette::none()),
    )
    .expect("sets up");
    app.run_bots();
    play_on(&mut app);
    let session = app.session().unwrap();
    let record = session.match_record().expect("the match is over");
    let game = session.game();
    let side = game.all_sides().nth(record.winners[0] - 1).expect("a side");
    let names: Vec<String> = game
        .seats()
        .filter(|&p| game.side_of(p) == side)
        .map(|p| app.name(p.index()))
        .collect();
    let screen = screen(&app, 120, 40);
    assert!(
        screen.contains(&format!("The match goes to {}.", names.join(" & "))),
        "{names:?}\n{screen}"
    );
}

#[test]
fn a_mistake_of_a_later_game_of_a_match_shows_that_games_board() {
    let mut app = app("dynasty", "you,greedy", 8);
    play_to_end(&mut app, 1000);
    play_on(&mut app);
    play_to_end(&mut app, 1000);
    let finished = app.session().expect("a match").clone();
    assert_eq!(finished.game_index(), 1);
    let sides = analysis_reports(&mut app);
    let mistake = sides
        .iter()
        .flat_map(|s| &s.mistakes)
        .next()
        .expect("a mistake")
        .clone();
    press(&mut app, "1");
    assert!(app.watching_this_game());
    // Named in its game: the header counts the match's moves.
    assert!(
        app.message()
            .starts_with(&format!("Move {} of game 2", mistake.number)),
        "{}",
        app.message()
    );
    let shown = app.session().expect("watching");
    // The second game, every move before the mistake played: the first game's moves and the
    // break between the games come first in the moves watched.
    assert_eq!(shown.game_index(), 1);
    assert_eq!(shown.actions()[1].len(), mistake.number - 1);
    assert_eq!(shown.actions()[0], finished.actions()[0]);
    let (at, _) = app.replay_position().expect("watching");
    assert_eq!(at, finished.actions()[0].len() + 1 + mistake.number - 1);
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(app.session().map(|s| s.to_save()), Some(finished.to_save()));
}

/// Back from a mistake watched, the analysis opens where it was scrolled (it opened at its top,
/// and the player scrolled down to the mistakes again for the next one).
#[test]
fn the_analysis_opens_where_it_was_scrolled_after_a_mistake_watched() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 1000);
    let sides = analysis_reports(&mut app);
    assert!(sides.iter().any(|s| !s.mistakes.is_empty()), "{sides:?}");
    // At 80x24 the box is taller than the screen and scrolls.
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    press(&mut app, "<down><down><down>");
    let scrolled = app.popup_scroll();
    assert!(scrolled > 0);
    press(&mut app, "1");
    assert!(app.watching_this_game());
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(app.popup_scroll(), scrolled);
}

/// A game taken back from its score screen and ended another way is kept as it ended: its file
/// written anew, not a second file, nor the first ending left behind (unless another program
/// changed the file meanwhile: that is never written over).
#[test]
fn a_game_ended_again_after_an_undo_is_kept_as_it_ended() {
    let dir = std::env::temp_dir().join(format!("crownlands-tui-again-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut cfg = config(5, crownlands_tui::Palette::none());
    cfg.save_dir = Some(dir.clone());
    let files = || {
        let mut v: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    let on_disk = |p: &std::path::Path| crownlands_saves::read_save_file(p).expect("a save");
    let mut ended_otherwise = 0;
    for seed in 1..20u64 {
        let _ = std::fs::remove_dir_all(&dir);
        let mut c = cfg.clone();
        c.seed = seed;
        let mut app = crownlands_tui::App::new_game(ruleset("kingdomino"), seats("you,greedy"), c)
            .expect("sets up");
        app.run_bots();
        play_to_end(&mut app, 2000);
        let kept = files();
        assert_eq!(kept.len(), 1, "{kept:?}");
        let first = app.session().unwrap().to_save();
        assert_eq!(on_disk(&kept[0]), first);
        // Ended the same way again: it says where the game is kept, and the file stays; a file
        // gone meanwhile is written again.
        let when = std::fs::metadata(&kept[0]).and_then(|m| m.modified()).ok();
        press(&mut app, "u");
        if app.mode() != Mode::Place || app.must_discard() {
            continue;
        }
        play_to_end(&mut app, 2000);
        assert_eq!(app.session().unwrap().to_save(), first);
        assert!(
            app.message().starts_with("Game kept as "),
            "{}",
            app.message()
        );
        assert_eq!(files(), kept);
        assert_eq!(
            std::fs::metadata(&kept[0]).and_then(|m| m.modified()).ok(),
            when
        );
        std::fs::remove_file(&kept[0]).expect("removed");
        press(&mut app, "u");
        play_to_end(&mut app, 2000);
        assert_eq!(files(), kept);
        // (A bot's last move may be another of equal value: a domino of two like squares laid
        // the other way round on the same cells, its tie drawn from its generator as it goes
        // on. The same ending is what this checks.)
        if app.session().unwrap().to_save() != first {
            continue;
        }
        assert_eq!(on_disk(&kept[0]), first);
        // Back to the last placement; another spot, if there is one.
        press(&mut app, "u");
        if app.mode() != Mode::Place || app.must_discard() {
            continue;
        }
        let spot = app.ghost();
        press(&mut app, "<tab>");
        if app.ghost() == spot {
            continue;
        }
        play_to_end(&mut app, 2000);
        let second = app.session().unwrap().to_save();
        if second == first {
            continue;
        }
        assert_eq!(files(), kept, "the same file, no second one");
        assert_eq!(on_disk(&kept[0]), second);
        assert!(
            app.message().starts_with("Game kept again as "),
            "{}",
            app.message()
        );
        // Changed meanwhile by another program: a new file, that one left as it is.
        let theirs = first.to_json().replace("\"seed\"", " \"seed\"");
        std::fs::write(&kept[0], &theirs).expect("written");
        // (The first spot again: the first ending. Undo puts the ghost back on the spot taken
        // back, the second; Shift-Tab goes back to the first.)
        press(&mut app, "u");
        assert_ne!(app.ghost(), spot, "the ghost on the placement taken back");
        press(&mut app, "<backtab>");
        assert_eq!(app.ghost(), spot);
        play_to_end(&mut app, 2000);
        assert_eq!(app.session().unwrap().to_save(), first);
        let now = files();
        assert_eq!(now.len(), 2, "{now:?}");
        assert_eq!(std::fs::read_to_string(&kept[0]).expect("theirs"), theirs);
        ended_otherwise += 1;
        break;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ended_otherwise, 1, "no deal of 19 could end another way");
}

/// `r` where the turn would take the second square past the kingdom's frame moves the domino
/// in, and says so (a playtest saw the ghost shift by a square with nothing said); Tab goes
/// through the spots that lay a domino differently, a domino of two like squares laid either
/// way round on the same cells once (it had flipped between the two, seeming to do nothing).
#[test]
fn turning_at_the_edge_and_tab_say_what_they_do() {
    let mut app = app("kingdomino", "you,greedy", 3);
    let mut turned_in = false;
    let mut tabbed_doubles = false;
    for _ in 0..400 {
        match app.mode() {
            Mode::Place if !app.must_discard() => {
                if !turned_in {
                    // Down to the frame's last row, laid east: turned, it would point past it.
                    while app.ghost().direction != crownlands_core::Direction::East {
                        press(&mut app, "r");
                    }
                    for _ in 0..12 {
                        press(&mut app, "<down>");
                    }
                    let before = app.ghost();
                    press(&mut app, "r");
                    assert_eq!(app.ghost().direction, crownlands_core::Direction::South);
                    assert_eq!(app.ghost().first.y, before.first.y - 1, "moved in");
                    assert!(app.message().starts_with("Turned, and moved one square in"));
                    turned_in = true;
                }
                let game = app.game().unwrap().clone();
                let domino = game.domino_to_place().unwrap();
                let d = &game.ruleset().dominoes()[domino.index()];
                if d.first == d.second && game.placements().count() > 1 {
                    let spots = game.placements().distinct(d).count() as usize;
                    let mut seen = std::collections::HashSet::new();
                    for _ in 0..spots {
                        press(&mut app, "<tab>");
                        assert!(
                            !crownlands_core::PlacementSet::repeats(d, app.ghost()),
                            "{:?}",
                            app.ghost()
                        );
                        seen.insert(app.ghost());
                    }
                    assert_eq!(seen.len(), spots);
                    if spots == 1 {
                        assert!(app.message().starts_with("This is the only legal spot"));
                    }
                    tabbed_doubles = true;
                }
                if !app.ghost_is_legal() {
                    press(&mut app, "<tab>");
                }
                press(&mut app, "<enter>");
            }
            Mode::GameOver => break,
            Mode::BotThinking => app.run_bots(),
            _ => press(&mut app, "<enter>"),
        }
    }
    assert!(turned_in && tabbed_doubles);
}

#[test]
fn an_undo_is_old_news_once_the_ghost_moves() {
    // At 80 columns the undo's message, said first, pushed the spot's verdict off the line:
    // moving the ghost clears it, as it clears a refusal.
    let mut app = app("kingdomino", "you,greedy", 3);
    for _ in 0..50 {
        if app.mode() == Mode::Place && app.ghost_is_legal() {
            break;
        }
        press(&mut app, "<enter>");
        app.run_bots();
    }
    assert_eq!(app.mode(), Mode::Place);
    press(&mut app, "<enter>");
    app.run_bots();
    press(&mut app, "u");
    assert_eq!(app.mode(), Mode::Place);
    assert!(app.message().starts_with("Undone: "), "{}", app.message());
    press(&mut app, "<right>");
    assert_eq!(app.message(), "");
}

/// A key that acts, pressed as the decision passes to another person (or to a person after a
/// bot), waits a moment: Enters pressed while a bot thought played the next person's step, and
/// a digit then Enter claimed for one person and placed the next one's domino (a playtest).
#[test]
fn keys_pressed_as_the_turn_passes_to_another_person_wait_a_moment() {
    let mut app = app("kingdomino", "you,me", 5);
    let mut seen = false;
    for _ in 0..40 {
        let before = app.game().and_then(|g| g.to_act()).expect("a seat to act");
        let t = later();
        app.key_at(Key::Enter, t);
        let after = app.game().and_then(|g| g.to_act()).expect("a seat to act");
        if after == before {
            continue;
        }
        // Handed to the other person: an Enter in the same instant is not taken.
        let count = played(&app);
        app.key_at(Key::Enter, t);
        assert_eq!(played(&app), count);
        assert!(
            app.message()
                .ends_with(" to play now: look, then press again."),
            "{}",
            app.message()
        );
        // Moving the cursor is: only the keys that act wait.
        let cursor = (app.choice(), app.ghost());
        app.key_at(Key::Right, t);
        assert_ne!((app.choice(), app.ghost()), cursor, "the cursor moved");
        assert_eq!(played(&app), count);
        // A moment later, it is.
        app.key_at(Key::Enter, t + std::time::Duration::from_secs(1));
        assert!(played(&app) > count, "{:?}: {}", app.mode(), app.message());
        seen = true;
        break;
    }
    assert!(seen, "the turn passed between the two people");
    // After a bot: the same (a key timed before the game was even made: within the pause
    // whatever the machine's speed).
    let before = std::time::Instant::now();
    let mut app = app_against_bot();
    let count = played(&app);
    app.key_at(Key::Enter, before);
    assert_eq!(played(&app), count);
    app.key_at(Key::Enter, later());
    assert!(played(&app) > count);
}

/// Steps that go by with nothing to do hand the turn back to the same person at another
/// decision: a key that acts waits a moment there too (a playtest's Enters, pressed for a Build
/// and a Dragon step that went by, claimed a domino never seen).
#[test]
fn keys_pressed_as_steps_go_by_wait_a_moment_before_the_next_decision() {
    let mut app = app("queendomino", "you,greedy", 11);
    let mut seen = false;
    for _ in 0..400 {
        let t = later();
        let count = played(&app);
        app.key_at(Key::Enter, t);
        app.run_bots();
        let skipped_to_a_decision = played(&app) > count + 1
            && matches!(app.mode(), Mode::Claim | Mode::Place | Mode::Step)
            && app
                .log()
                .next_back()
                .is_some_and(|l| l.starts_with("You: nothing to do in "));
        if !skipped_to_a_decision {
            if app.mode() == Mode::GameOver {
                break;
            }
            continue;
        }
        // An Enter in the same instant is not taken, and says why.
        let count = played(&app);
        app.key_at(Key::Enter, t);
        assert_eq!(played(&app), count);
        assert!(
            app.message().starts_with("Nothing to do in ")
                && app.message().ends_with(": look, then press again."),
            "{}",
            app.message()
        );
        // A moment later, it is.
        app.key_at(Key::Enter, t + std::time::Duration::from_secs(1));
        assert!(played(&app) > count, "{:?}: {}", app.mode(), app.message());
        seen = true;
        break;
    }
    assert!(seen, "steps went by before one of the person's decisions");
}

/// A game against greedy where the person decides right after the bot did.
fn app_against_bot() -> crownlands_tui::App {
    for seed in 0..20 {
        let app = app("kingdomino", "you,greedy", seed);
        // The bot has played (the first claims), and it is the person's decision now.
        if played(&app) > 0 && app.mode() == Mode::Claim {
            return app;
        }
    }
    panic!("no seed where the bot claims first");
}

/// Actions played so far (every game of the match).
fn played(app: &crownlands_tui::App) -> usize {
    app.session()
        .map_or(0, |s| s.actions().iter().map(Vec::len).sum())
}

/// The move Enter would play now, as the screen shows it selected.
fn selected(app: &crownlands_tui::App) -> Option<Action> {
    match app.mode() {
        Mode::Claim => app.claims().get(app.choice()).copied(),
        Mode::Step => app.step_actions().get(app.choice()).copied(),
        Mode::Place if app.must_discard() => Some(Action::Discard),
        Mode::Place => Some(Action::Place {
            placement: app.ghost(),
        }),
        _ => None,
    }
}

#[test]
fn the_status_line_says_enter_accepts_the_hint_only_when_it_does() {
    // Keys pressed at random through a Dynasty match (hints, moving the cursor, undo, the
    // analysis and its mistakes watched, the next game): whenever the status line offers the
    // hint to Enter, Enter plays the hint (a playtest once saw Enter claim the first row).
    const KEYS: [&str; 16] = [
        "H", "H", "<enter>", "<enter>", "<enter>", "<right>", "<left>", "<tab>", "r", "u", "1",
        "2", "a", "a", "<esc>", "<down>",
    ];
    let (mut watched, mut second_game) = (false, false);
    for seed in 1..=3u64 {
        let mut app = app("dynasty", "you,greedy", seed);
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..1500 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // (The high bits: a xorshift's low bits follow each other closely.)
            let mut key = KEYS[((state >> 32) % KEYS.len() as u64) as usize];
            // The analysis open: a mistake's key often, so that one is watched.
            if app.overlay() == Some(Overlay::Analysis) {
                key = ["1", "2", "<down>", key][((state >> 40) % 4) as usize];
            }
            press(&mut app, key);
            if key == "a" {
                app.wait_for_analysis();
            }
            if app.should_quit() {
                break;
            }
            watched |= app.mode() == Mode::Replay;
            second_game |= app.session().is_some_and(|s| s.game_index() > 0);
            if app.message().ends_with("Enter to accept.") {
                assert_eq!(
                    selected(&app),
                    app.hint(),
                    "seed {seed}, after {key}: {}",
                    app.message()
                );
            }
        }
    }
    // The keys reached what they were meant to: a mistake watched, a later game of the match.
    assert!(watched && second_game, "{watched} {second_game}");
}

/// A line of ten rows or more: `1` waits for a second digit (`1 1` claims row 11), and Enter
/// then claims row 1 (a playtest found rows 10-16 out of the digits' reach).
#[test]
fn a_row_past_nine_is_claimed_by_two_digits() {
    let wide = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nname = \"wide\"\nplayers = [4]\n[rules]\nline-size = 12\n",
        std::path::Path::new("wide.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let new = || {
        let mut app = crownlands_tui::App::new_game(
            std::sync::Arc::new(wide.clone()),
            seats("you,you,you,you"),
            config(1, crownlands_tui::Palette::none()),
        )
        .expect("game sets up");
        app.run_bots();
        app
    };
    let mut app = new();
    assert_eq!(app.mode(), Mode::Claim);
    let game = app.game().expect("a game");
    assert_eq!(game.next_line().len(), 12);
    let (row1, row11) = (game.next_line()[0].domino, game.next_line()[10].domino);
    let played = |app: &crownlands_tui::App| app.session().unwrap().actions()[0].clone();
    press(&mut app, "1");
    assert!(played(&app).is_empty(), "{:?}", played(&app));
    assert!(
        app.message().contains("a second digit chooses row 10-12"),
        "{}",
        app.message()
    );
    press(&mut app, "1");
    assert!(played(&app).is_empty(), "{:?}", played(&app));
    press(&mut app, "<enter>");
    assert_eq!(played(&app), [Action::Claim { domino: row11 }]);
    // Enter after the first digit: row 1.
    let mut app = new();
    press(&mut app, "1<enter>");
    assert_eq!(played(&app), [Action::Claim { domino: row1 }]);
    // The next person's `1`: row 1 is taken, and the prompt says what Enter claims instead.
    press(&mut app, "1");
    assert!(
        app.message().contains("is taken, Enter claims "),
        "{}",
        app.message()
    );
    // Another key forgets the first digit (and its prompt); a second digit that makes no
    // row's number plays nothing (`1 3` of 12 rows is not row 3); a digit that begins no
    // longer number claims at once.
    let mut app = new();
    press(&mut app, "1<right>");
    assert!(!app.message().contains("second digit"), "{}", app.message());
    press(&mut app, "1");
    assert!(played(&app).is_empty());
    press(&mut app, "3");
    assert!(played(&app).is_empty());
    assert_eq!(app.message(), "The line has 12 dominoes.");
    press(&mut app, "3<enter>");
    assert_eq!(
        played(&app),
        [Action::Claim {
            domino: app.game().unwrap().next_line()[2].domino
        }]
    );
    // A click forgets it too: `1`, a click on row 5, `2` is not row 12.
    let mut app = new();
    press(&mut app, "1");
    app.click_choice(4, later());
    press(&mut app, "2<enter>");
    let line = app.game().unwrap().next_line().to_vec();
    assert_eq!(
        played(&app),
        [Action::Claim {
            domino: line[1].domino
        }]
    );
}

/// Undo puts the cursor back on the move taken back (a playtest undid its claim of the third
/// domino and found the cursor on the first free one), and a step's cursor on the action taken
/// back rather than on Skip, where the step opens.
#[test]
fn an_undo_puts_the_cursor_on_the_move_taken_back() {
    let mut app = app("kingdomino", "you,greedy", 7);
    let mut n = 0;
    while !(app.mode() == Mode::Claim && app.claims().len() >= 3) && n < 200 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Claim);
    let picked = app.claims()[2];
    press(&mut app, "<right><right>");
    assert_eq!(app.claims().get(app.choice()), Some(&picked));
    press(&mut app, "<enter>");
    press(&mut app, "u");
    assert_eq!(app.mode(), Mode::Claim, "{}", app.message());
    assert_eq!(app.claims().get(app.choice()), Some(&picked));

    let mut app = common::app("kingdomino-knights", "you,greedy", 3);
    let mut n = 0;
    while !(app.mode() == Mode::Step && app.step_actions().len() > 1) && n < 400 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Step);
    let tax = app.step_actions()[0];
    press(&mut app, "1<enter>");
    press(&mut app, "u");
    assert_eq!(app.mode(), Mode::Step, "{}", app.message());
    assert_eq!(app.step_actions().get(app.choice()), Some(&tax));
}

/// The claim's help says where the domino will go as the ruleset lays kingdoms out: any square
/// with `connection = "any-terrain"`, inside the square around a castle fixed at the centre with
/// `castle = "centre"`.
#[test]
fn the_claims_help_follows_how_the_ruleset_lays_kingdoms_out() {
    let load = |text: &str| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
        Arc::new(
            crownlands_rules::load_str(
                crownlands_core::Registry::shipped_ref(),
                text,
                &dir.join("laid-out.toml"),
            )
            .unwrap_or_else(|e| panic!("{e}")),
        )
    };
    let help = |ruleset| {
        let mut app = crownlands_tui::App::new_game(
            ruleset,
            seats("you,greedy"),
            config(3, crownlands_tui::Palette::none()),
        )
        .expect("setup");
        app.run_bots();
        assert_eq!(app.mode(), Mode::Claim);
        press(&mut app, "?");
        words(&screen(&app, 80, 60))
    };
    let both = help(load(
        "extends = \"kingdomino\"\n[rules]\nconnection = \"any-terrain\"\ncastle = \"centre\"\n",
    ));
    assert!(
        both.contains("joined to your castle or to any square (terrains need not match), inside the 5x5 square centred on the castle"),
        "{both}"
    );
    let plain = help(ruleset("kingdomino"));
    assert!(
        plain.contains("square of the same terrain, inside the kingdom's square"),
        "{plain}"
    );
    // The log's placements are read in the claims too, the first a newcomer sees: said there.
    assert!(
        plain.contains("Placements in the log count from the castle (0,0)"),
        "{plain}"
    );
}

/// The `goals` house rule (docs/house-rules/goals.toml): the goals drawn for the game are in the
/// modules' box from the first claim, at 80x24 as at 120x40, and the end screen gives each
/// kingdom a line per goal, `+0` where it was not met.
#[test]
fn the_goals_in_play_are_shown_and_scored() {
    let goals = goals_guide();
    let mut app = app_with(goals, "you,greedy", 4);
    // The names of the two goals drawn, from the game's panel.
    let names: Vec<String> = app
        .game()
        .expect("a game")
        .panels()
        .iter()
        .filter(|p| p.title == "Goals")
        .flat_map(|p| p.rows.iter())
        .map(|r| match r {
            crownlands_core::modules::describe::PanelRow::Text(t) => t
                .split_once(' ')
                .and_then(|(_, rest)| rest.split_once(':'))
                .map_or(String::new(), |(name, _)| name.to_string()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = screen(&app, w, h);
        assert!(shown.contains("Goals"), "{w}x{h}:\n{shown}");
        for name in &names {
            assert!(shown.contains(name.as_str()), "{name} at {w}x{h}:\n{shown}");
        }
    }
    play_to_end(&mut app, 400);
    assert_eq!(app.mode(), Mode::GameOver);
    let end = screen(&app, 120, 40);
    for name in &names {
        assert_eq!(
            end.matches(name.as_str()).count(),
            2,
            "a line for {name} under each kingdom:\n{end}"
        );
    }
}

/// A modules' box too tall for the screen (Queendomino's Builders' Board and six goals at
/// 80x24) shows what the screen leaves it and says how many rows more the help shows, rather
/// than refusing the screen; the help lists every row in full; and the end screen's rows widen
/// to a long goal's name.
#[test]
fn a_tall_modules_box_is_cut_with_a_word_and_the_help_shows_it_whole() {
    let long = "The great northern lake of the kingdom";
    let ruleset = queendomino_with_goals(
        "\"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\", \"goals\"",
        long,
    );
    let mut app = app_with(ruleset, "you,greedy", 2);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    assert!(
        crownlands_tui::view::fits(&app, area),
        "needs {:?}",
        crownlands_tui::view::needed(&app)
    );
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("Builders' Board"), "{shown}");
    assert!(shown.contains("more: ? shows all"), "{shown}");
    // The help: every goal in play, in full, under the table's rows.
    press(&mut app, "?");
    let help = words(&screen(&app, 120, 60));
    assert!(help.contains("On the table now:"), "{help}");
    assert!(help.contains(&format!("+10 {long}: lake 2+sq")), "{help}");
    // And among the rules, the list in words, a goal a line.
    let shown = screen(&app, 120, 60);
    assert!(
        shown
            .lines()
            .any(|l| l.contains(&format!("│  {long} (+10): a lake territory"))),
        "{shown}"
    );
    press(&mut app, "<esc>");
    play_to_end(&mut app, 600);
    assert_eq!(app.mode(), Mode::GameOver);
    // The end screen at 160x50: the long name whole under each kingdom.
    let end = screen(&app, 160, 50);
    assert_eq!(end.matches(long).count(), 2, "{end}");
}

/// The goals' panel at 80x24 with four players (its narrowest): a row too long loses letters of
/// its words, never its figures (`8+sq`, `3+cr`: a threshold cut away read as another goal).
#[test]
fn a_goals_rows_figures_survive_a_narrow_box() {
    let goals = goals_guide();
    let mut seen = 0;
    for seed in 0..12 {
        let app = app_with(Arc::clone(&goals), "you,greedy,greedy,greedy", seed);
        let shown = screen(&app, 80, 24);
        for panel in app.game().expect("a game").panels() {
            for row in panel.rows {
                let text = row.to_string();
                let figure = text.rsplit(' ').next().unwrap_or_default();
                if figure.contains('+') {
                    assert!(shown.contains(figure), "{figure} of {text}:\n{shown}");
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 15, "{seen}");
}

/// A modules' box cut short puts the panel of a step's highlighted row first: six goals listed
/// before Queendomino's modules at 80x24, a Build step shows the Builders' Board and its chosen
/// slot, not the goals.
#[test]
fn a_cut_box_keeps_the_steps_highlighted_row_in_view() {
    let ruleset = queendomino_with_goals(
        "\"goals\", \"knights\", \"buildings\", \"queen\", \"dragon\", \"wealth\"",
        "Great lake",
    );
    let mut app = app_with(ruleset, "you,greedy", 3);
    let before = screen(&app, 80, 24);
    assert!(before.contains("Goals"), "{before}");
    play_to_step(&mut app, "buildings", 1, 400);
    assert!(in_step(&app, "buildings"), "no build step reached");
    // A slot chosen (not Skip): its row is highlighted in the box.
    press(&mut app, "<down>");
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("┌ Builders' Board"),
        "the Board first:\n{shown}"
    );
    assert!(!shown.contains("┌ Goals"), "{shown}");
    assert!(
        shown.contains("more: ? shows all"),
        "the box is cut:\n{shown}"
    );
    assert!(shown.contains("supply"), "the Board whole:\n{shown}");
}

/// The goals guide's six goals as a TOML list, the first named `first`.
fn six_goals(first: &str) -> String {
    format!(
        "goal = [\n\
         {{ name = \"{first}\", points = 10, terrain = \"lake\", squares = 2 }},\n\
         {{ name = \"Breadbasket\", points = 3, terrain = \"wheat\", squares = 3, scope = \"each-territory\" }},\n\
         {{ name = \"Deep mines\", points = 8, terrain = \"mine\", crowns = 3, scope = \"kingdom\" }},\n\
         {{ name = \"Old forest\", points = 6, terrain = \"forest\", squares = 5, crowns = 2 }},\n\
         {{ name = \"Crown jewel\", points = 5, crowns = 4 }},\n\
         {{ name = \"Wide pastures\", points = 7, terrain = \"grassland\", squares = 8, scope = \"kingdom\" }},\n\
         ]\n"
    )
}

/// Queendomino with `goals` among `modules` (a TOML list's inside) and [`six_goals`].
fn queendomino_with_goals(modules: &str, first: &str) -> Arc<crownlands_core::Ruleset> {
    Arc::new(
        crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            &format!(
                "extends = \"queendomino\"\n[rules]\nmodules = [{modules}]\n[rules.module.goals]\n{}",
                six_goals(first)
            ),
            std::path::Path::new("qd-goals.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// The guide's goals (docs/house-rules/goals.toml).
fn goals_guide() -> Arc<crownlands_core::Ruleset> {
    guide("goals.toml")
}

/// A worked house rule of the guide, `docs/house-rules/FILE`.
fn guide(file: &str) -> Arc<crownlands_core::Ruleset> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules")
        .join(file);
    Arc::new(
        crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// After an undo back to a placement, at 80 columns the undo's words come first and the spot's
/// verdict after them says the score short (`Legal spot, score here 7 (+3).`), where the whole
/// verdict would have been cut before it.
#[test]
fn an_undo_to_a_placement_keeps_the_score_in_view() {
    let mut app = app("kingdomino", "you,greedy", 3);
    let mut n = 0;
    while !(app.mode() == Mode::Place && app.ghost_is_legal()) && n < 200 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Place);
    press(&mut app, "<enter>u");
    assert_eq!(app.mode(), Mode::Place, "{}", app.message());
    assert!(app.message().starts_with("Undone"), "{}", app.message());
    let (after, before) = app.preview().expect("a legal spot");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains(&format!(
            "Legal spot, score here {after} ({:+}).",
            after - before
        )),
        "{text}"
    );
    // Where the whole verdict fits beside the message, it is said whole.
    let wide = screen(&app, 140, 30);
    assert!(
        wide.contains("Legal spot: Enter to place. Score here"),
        "{wide}"
    );
}

/// A match tied on its totals is shared, whatever decided its last game: the end screen says a
/// match has no tie-break (a game won on a tie-break just above seemed to decide it too).
#[test]
fn a_tied_match_says_it_is_shared() {
    for seed in 0..400 {
        let mut app = app("dynasty", "greedy,greedy", seed);
        for _ in 0..3 {
            app.run_bots();
            assert_eq!(app.mode(), Mode::GameOver);
            if app.session().unwrap().can_start_next_game() {
                app.key_at(Key::Enter, later());
            }
        }
        let record = app.session().unwrap().match_record().unwrap();
        let text = screen(&app, 100, 30);
        if record.winners.len() > 1 {
            assert!(
                text.contains("tied on the totals, they share it") && text.contains("tie-break)"),
                "seed {seed}: {text}"
            );
            return;
        }
        assert!(!text.contains("share it"), "seed {seed}: {text}");
    }
    panic!("no tied match in 400 seeds");
}

/// On a big terminal the side panel gives the lines the columns the players' names need whole
/// (120x40 had shown `♔gre 3` where 80x24 shows `♔greedy 3`).
#[test]
fn a_big_terminal_shows_whole_names_beside_the_kings() {
    let mut app = app("dynasty", "you,you,greedy", 4);
    app.run_bots();
    for (w, h) in [(80, 24), (120, 40)] {
        let text = screen(&app, w, h);
        assert!(text.contains("♔greedy 3"), "{w}x{h}:\n{text}");
    }
}

/// A key that does nothing in a claim or a placement says so (Esc has no box to close there).
#[test]
fn a_key_that_does_nothing_says_so() {
    let mut app = app("kingdomino", "you,greedy", 9);
    app.run_bots();
    assert_eq!(app.mode(), Mode::Claim);
    app.key_at(Key::Char('z'), later());
    assert_eq!(app.message(), "`z` does nothing here: ? lists the keys.");
    app.key_at(Key::Esc, later());
    assert!(
        app.message().starts_with("Esc closes a box; none is open"),
        "{}",
        app.message()
    );
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    app.key_at(Key::Char('z'), later());
    assert_eq!(app.message(), "`z` does nothing here: ? lists the keys.");
    // Moving the ghost, by a key or a click, leaves what was said behind.
    let elsewhere = crownlands_core::Cell::new(app.ghost().first.x, app.ghost().first.y - 1);
    app.click_cell(elsewhere, later());
    assert!(!app.message().contains("does nothing"), "{}", app.message());
}

/// Home, End, PgUp, PgDn, Delete and Backspace in a claim, a placement and a step say that
/// they do nothing, as a letter does (they had said nothing, the status line keeping its old
/// words).
#[test]
fn named_keys_that_do_nothing_say_so() {
    let keys = [
        ("<home>", "Home"),
        ("<end>", "End"),
        ("<pgup>", "PgUp"),
        ("<pgdn>", "PgDn"),
        ("<del>", "Delete"),
        ("<bs>", "Backspace"),
    ];
    let says = |name: &str| format!("`{name}` does nothing here: ? lists the keys.");
    let mut app = app("kingdomino", "you,greedy", 9);
    app.run_bots();
    assert_eq!(app.mode(), Mode::Claim);
    for (key, name) in keys {
        press(&mut app, "z");
        press(&mut app, key);
        assert_eq!(app.message(), says(name));
    }
    while app.mode() != Mode::Place {
        press(&mut app, "<enter>");
    }
    for (key, name) in keys {
        press(&mut app, key);
        assert_eq!(app.message(), says(name));
    }
    let mut step = common::app("queendomino", "you,greedy", 9);
    let mut moves = 0;
    while step.mode() != Mode::Step && moves < 200 {
        play_to_end(&mut step, 1);
        moves += 1;
    }
    assert_eq!(step.mode(), Mode::Step);
    for (key, name) in keys {
        press(&mut step, key);
        assert_eq!(step.message(), says(name));
    }
    // Said of that key only: the next key, one that acts too, brings back what the line said.
    let mut claim = common::app("kingdomino", "you,greedy", 9);
    claim.run_bots();
    let said = claim.message().to_string();
    press(&mut claim, "<c-b>");
    assert_eq!(claim.message(), says("Ctrl-b"));
    press(&mut claim, "<right>");
    assert_eq!(claim.message(), said, "the line's words before Ctrl-b");
}

/// A key of a move pressed while a bot thinks says that moves wait for your turn (it had no
/// answer at all), and plays nothing then or later.
#[test]
fn a_key_while_a_bot_thinks_says_moves_wait() {
    let mut table = app("kingdomino", "you,greedy", 9);
    // The claim made, the bot's turn (not run yet).
    table.key_at(Key::Enter, later());
    assert_eq!(table.mode(), Mode::BotThinking);
    let before = table.game().cloned();
    table.key_at(Key::Enter, later());
    assert_eq!(
        table.message(),
        "greedy 2 is thinking: moves wait for your turn (? lists the keys)."
    );
    assert_eq!(table.game().cloned(), before, "nothing played");
    // A key of no move at all says so, as in a claim.
    table.key_at(Key::Char('z'), later());
    assert_eq!(table.message(), "`z` does nothing here: ? lists the keys.");
    table.key_at(Key::Char('r'), later());
    assert!(
        table.message().contains("moves wait"),
        "{}",
        table.message()
    );
    // With no person at the table, nothing is said (the bots not run: a bot thinks).
    let mut watched = crownlands_tui::App::new_game(
        ruleset("kingdomino"),
        seats("greedy,greedy"),
        config(9, crownlands_tui::Palette::none()),
    )
    .expect("sets up");
    assert_eq!(watched.mode(), Mode::BotThinking);
    watched.key_at(Key::Enter, later());
    assert!(
        !watched.message().contains("moves wait"),
        "{}",
        watched.message()
    );
    assert_eq!(watched.mode(), Mode::BotThinking);
}

/// In a module's step too (Tax, Build, Dragon said nothing to a key of no use).
#[test]
fn a_key_that_does_nothing_in_a_step_says_so() {
    let mut app = app("queendomino", "you,greedy", 3);
    let mut keys = 0;
    while app.mode() != Mode::Step && app.mode() != Mode::GameOver && keys < 400 {
        match app.mode() {
            Mode::BotThinking => app.run_bots(),
            Mode::Place if !app.must_discard() && !app.ghost_is_legal() => press(&mut app, "<tab>"),
            _ => press(&mut app, "<enter>"),
        }
        keys += 1;
    }
    assert_eq!(app.mode(), Mode::Step);
    app.key_at(Key::Char('z'), later());
    assert_eq!(app.message(), "`z` does nothing here: ? lists the keys.");
    assert_eq!(app.mode(), Mode::Step, "nothing played");
}

/// The help says each side's score with every kind the modules keep, in words: at 80x24 with
/// six players the scores' columns leave the towers off, and they were nowhere on the screen.
#[test]
fn the_help_tells_every_sides_towers_and_coins() {
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 4);
    app.run_bots();
    press(&mut app, "?");
    let help = words(&screen(&app, 120, 60));
    assert!(help.contains("On the table now:"), "{help}");
    assert!(help.contains("Scores:"), "{help}");
    for name in ["You", "greedy 2", "greedy 6"] {
        assert!(
            help.contains(&format!(
                "{name}: 2 points, 7 coins, 1 knight in hand, 0 towers"
            )),
            "{name}: {help}"
        );
    }
}

/// Pasted text (the terminal's bracketed paste) is typed into a seat's name, its new line and
/// what follows as words, never as keys: `Alice\nqy` quits nothing. Elsewhere it does nothing.
#[test]
fn pasted_text_is_typed_into_a_name_never_read_as_keys() {
    use crownlands_tui::app::setup::Row;
    let mut app = setup_screen();
    while !matches!(app.setup().expect("setup").row, Row::Seat(0)) {
        press(&mut app, "<down>");
    }
    // Not naming yet: the paste is no keys.
    app.paste("q");
    assert!(!app.should_quit());
    assert!(app.message().contains("Pasted text"), "{}", app.message());
    press(&mut app, "n");
    app.paste("Alice\nqy\u{1b}[2J");
    assert!(!app.should_quit());
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(app.setup().expect("setup").names[0], "Alice qy[2J");
    // The cap counts symbols as seen: two joined emoji after 14 letters fit whole, no more.
    press(&mut app, "<c-u>");
    let family = "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}";
    app.paste(&format!("ABCDEFGHIJKLMN{family}{family}x"));
    assert_eq!(
        app.setup().expect("setup").names[0],
        format!("ABCDEFGHIJKLMN{family}{family}")
    );
    // Nor a stack of marks on its last letter, full or not.
    press(&mut app, "<c-u>");
    app.paste(&format!("Zoe{}", "\u{301}".repeat(9)));
    assert_eq!(
        app.setup().expect("setup").names[0],
        format!("Zoe{}", "\u{301}".repeat(4))
    );
    press(&mut app, "<enter>");
    // Into the file field: a path, its line's end and the spaces around it left out.
    while app.setup().expect("setup").row != Row::File {
        press(&mut app, "<up>");
    }
    press(&mut app, "o");
    app.paste("\n  /tmp/house rules.toml \n");
    assert_eq!(app.setup().expect("setup").input, "/tmp/house rules.toml");
    press(&mut app, "<esc><esc>");
    // In a game, nothing at all.
    while app.setup().expect("setup").row != Row::Start {
        press(&mut app, "<down>");
    }
    press(&mut app, "<enter>");
    let before = app.game().cloned().expect("a game started");
    app.paste("1\n");
    assert_eq!(app.game().cloned(), Some(before));
    assert!(app.message().contains("Pasted text"), "{}", app.message());
}

/// On a narrow setup screen (60x20, the least it takes) every seat of a game of teams still
/// says its team, a bot's level without `bot: ` where the row is short.
#[test]
fn a_narrow_setup_screen_keeps_each_seats_team() {
    use crownlands_tui::app::setup::Row;
    let mut app = setup_screen();
    while app.setup().expect("setup").row != Row::Ruleset {
        press(&mut app, "<up>");
    }
    while app
        .setup()
        .and_then(|s| s.choice())
        .map(|c| c.name.as_str())
        != Some("royal-wedding-teams")
    {
        press(&mut app, "l");
    }
    let text = common::screen(&app, 60, 20);
    for (seat, team) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        assert!(
            text.lines()
                .any(|l| l.contains(&format!("Seat {seat}: "))
                    && l.contains(&format!("team {team}"))),
            "seat {seat}:\n{text}"
        );
    }
    assert!(text.contains("‹ royal-wedding-te… ›"), "{text}");
    assert!(text.contains("(o: type a path)"), "{text}");
    // A click on a seat's `›` as drawn (the level shortened) changes it.
    use crownlands_tui::app::setup::SetupClick;
    use crownlands_tui::view::{Hit, hit};
    let area = ratatui::layout::Rect::new(0, 0, 60, 20);
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (row, line) = lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.iter().collect::<String>().contains("Seat 2: ‹ greedy ›"))
        .expect("seat 2's row");
    // (The screen's lines are quoted: one column in.)
    let close = line.iter().position(|&c| c == '›').expect("its ›") - 1;
    let at = hit(
        &app,
        area,
        u16::try_from(close).unwrap(),
        u16::try_from(row).unwrap(),
    );
    assert!(
        matches!(at, Some(Hit::Setup(SetupClick::Change(Row::Seat(1), 1)))),
        "{at:?}"
    );
    // Naming a seat in the narrow row: the letters typed stay in view.
    while app.setup().expect("setup").row != Row::Seat(1) {
        press(&mut app, "<down>");
    }
    press(&mut app, "nAlice");
    let text = common::screen(&app, 60, 20);
    assert!(text.contains("name: Alice▏"), "{text}");
}

/// Between the games of a match that nothing keeps (no autosave, not saved), `q` asks first, as
/// in a game, and `s` saves the match and quits; where nothing can be saved, `q` quits at once.
#[test]
fn quitting_between_the_games_of_an_unsaved_match_asks_first() {
    use crownlands_tui::app::Overlay;
    let dir = std::env::temp_dir().join(format!("crownlands-between-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut cfg = common::config(8, crownlands_tui::Palette::none());
    cfg.save_dir = Some(dir.clone());
    cfg.autosave_dir = None;
    let mut app =
        crownlands_tui::App::new_game(common::ruleset("dynasty"), common::seats("you,greedy"), cfg)
            .expect("sets up");
    app.run_bots();
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(!app.session().expect("a match").is_over());
    press(&mut app, "q");
    assert!(!app.should_quit(), "asked first");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    let text = common::screen(&app, 100, 30);
    assert!(text.contains("[ s: save, quit ]"), "{text}");
    press(&mut app, "s");
    assert!(app.should_quit());
    assert_eq!(
        std::fs::read_dir(&dir).expect("saves").count(),
        1,
        "the match saved"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // No folder to save in: nothing to offer, `q` quits at once.
    let mut app = common::app("dynasty", "you,greedy", 8);
    play_to_end(&mut app, 1000);
    press(&mut app, "q");
    assert!(app.should_quit());
}

/// A name cut to its box says so with a mark: the kingdom's title, the Placing box, the small
/// kingdoms' titles (a name of one word has no last word to keep, as `gre 4` keeps `4`).
#[test]
fn a_name_of_one_word_cut_short_ends_with_a_mark() {
    let mut seats = seats("you,greedy,greedy,greedy");
    seats[0].name = "長い名前の王国さまです".into();
    seats[1].name = "Alexandrina".into();
    seats[2].name = "Maximiliane".into();
    let cfg = config(3, crownlands_tui::Palette::none());
    let mut app =
        crownlands_tui::App::new_game(ruleset("kingdomino"), seats, cfg).expect("sets up");
    app.run_bots();
    play_to_end(&mut app, 12);
    let shown = screen(&app, 64, 20);
    assert!(shown.contains("┌ 長い名前の王国… ─┐"), "{shown}");
    assert!(shown.contains("♔Alexandr…"), "{shown}");
    // (A space before it, a frame column after: `┬ Maximil…─┬ greedy 4─┐`, the boxes
    // sharing their sides.)
    assert!(shown.contains("┬ Maximil…─┬"), "{shown}");
    // Where it fits, whole.
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("┌ 長い名前の王国さまです ─"), "{shown}");
}

/// ↓ on the score screen shows every line from the first (the largest territory, worth the most:
/// it had been skipped, the list starting at the second line); ↑ from the last step moves back
/// at once; where every line shows already, ↓ says so.
#[test]
fn the_score_screen_scrolls_from_the_first_line_and_says_when_all_show() {
    let mut app = app("queendomino", "you,greedy", 11);
    play_to_end(&mut app, 3000);
    assert_eq!(app.mode(), Mode::GameOver);
    app.set_screen(100, 30, crownlands_tui::view::MEASURE);
    let summary = screen(&app, 100, 30);
    // Each column's first line under its place: on a screen tall enough for every line, the
    // breakdown's first.
    let first_lines = |text: &str| -> Vec<String> {
        let rows: Vec<&str> = text.lines().collect();
        let at = rows
            .iter()
            .position(|r| r.contains(" place"))
            .expect("a place row");
        rows[at + 1]
            .trim_matches('"')
            .split('│')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    let whole = screen(&app, 100, 90);
    let firsts = first_lines(&whole);
    assert!(firsts.len() == 2, "{whole}");
    press(&mut app, "<down>");
    let scrolled = screen(&app, 100, 30);
    assert_ne!(scrolled, summary, "the columns show every line");
    assert_eq!(first_lines(&scrolled), firsts, "{whole}\n{scrolled}");
    // To the end of the list and one back: ↑ moves at once.
    for _ in 0..60 {
        press(&mut app, "<down>");
    }
    let end = screen(&app, 100, 30);
    // Past the last line ↓ says where the list ends (it said nothing), until ↑.
    assert!(
        app.message()
            .starts_with("The last lines of the scores show: ↑ goes back."),
        "{}",
        app.message()
    );
    press(&mut app, "<up>");
    assert_ne!(screen(&app, 100, 30), end);
    assert!(!app.message().contains("↑ goes back"), "{}", app.message());
    // Said again at the end, then the terminal made larger: the word no longer holds.
    for _ in 0..60 {
        press(&mut app, "<down>");
    }
    assert!(app.message().contains("↑ goes back"), "{}", app.message());
    app.set_screen(160, 60, crownlands_tui::view::MEASURE);
    assert!(!app.message().contains("↑ goes back"), "{}", app.message());

    let mut app = app_3p_kingdomino();
    // (At 80x24 the third column is a line short at seed 3; at 80x30 every line shows.)
    app.set_screen(80, 30, crownlands_tui::view::MEASURE);
    let before = screen(&app, 80, 30);
    press(&mut app, "<down>");
    assert!(
        app.message().contains("nothing more to show"),
        "{}\n{}",
        app.message(),
        screen(&app, 80, 30)
    );
    assert_eq!(app.score_scroll(), 0);
    assert!(
        screen(&app, 80, 30).contains("nothing more to show"),
        "{before}"
    );
}

fn app_3p_kingdomino() -> crownlands_tui::App {
    let mut app = app("kingdomino", "you,greedy,greedy", 3);
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    app
}

/// Middle Kingdom counts in the running score from the first move: a spot that moves the castle
/// off the centre says the bonus it loses (`Score here 1 (-9)` had said nothing of the 10), and
/// the help says the running score counts it as if the game ended now.
#[test]
fn a_spot_that_loses_middle_kingdom_says_so() {
    let mut app = app("middle-kingdom", "you,greedy", 7);
    let mut n = 0;
    while app.mode() != Mode::Place && n < 20 {
        press(&mut app, "<enter>");
        n += 1;
    }
    assert_eq!(app.mode(), Mode::Place);
    // Each legal spot in turn, until one loses the bonus.
    let mut lost = None;
    for _ in 0..40 {
        if !app.ghost_is_legal() {
            press(&mut app, "<tab>");
            continue;
        }
        let (after, before) = app.preview().expect("a legal spot");
        if after < before {
            lost = Some(screen(&app, 80, 24));
            break;
        }
        press(&mut app, "<tab>");
    }
    let text = words(&lost.expect("a spot off the centre"));
    assert!(text.contains(": Middle Kingdom lost)."), "{text}");
    assert_eq!(app.preview_bonuses(), [("Middle Kingdom", -10)]);
    press(&mut app, "?");
    let help = words(&screen(&app, 80, 60));
    assert!(
        help.contains("counts Middle Kingdom as if the game ended now"),
        "{help}"
    );
}

/// With a king of the side already in the line, the row under the claim prompt says where the
/// domino under the cursor is placed among the side's (a newcomer claimed 36 then 28, and 28,
/// placed first, took 36's only spot).
#[test]
fn a_second_claim_says_where_it_is_placed_among_the_sides_own() {
    let mut app = common::app("kingdomino", "you,greedy", 3);
    let shown = screen(&app, 80, 24);
    assert!(
        !shown.contains("is placed"),
        "no king of yours in the line yet: {shown}"
    );
    press(&mut app, "<enter>");
    let game = app.game().expect("a game");
    let mine: Vec<String> = game
        .next_line()
        .iter()
        .filter(|s| s.king.is_some_and(|k| game.side_of_king(k) == Side(0)))
        .map(|s| game.label(s.domino))
        .collect();
    assert_eq!(mine.len(), 1, "one king of yours in the line");
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains(&format!("after your {}.", mine[0]))
            || shown.contains(&format!("before your {}.", mine[0])),
        "{shown}"
    );
}

/// The placing prompt is said whole at 80 columns, shorter where the domino's words are long
/// (`Arrows` for `Arrows/hjkl`, then the domino by its number): a domino of two crowned
/// terrains had cut the keys (`Arrows/hjkl, r rotate, Tab…`).
#[test]
fn the_placing_prompt_keeps_its_keys_at_80_columns() {
    let mut seats = seats("you,greedy,greedy,greedy");
    seats[0].name = "Alexandra Bartholomew".into();
    let cfg = config(4, crownlands_tui::Palette::none());
    let mut app =
        crownlands_tui::App::new_game(ruleset("kingdomino"), seats, cfg).expect("sets up");
    app.run_bots();
    let mut seen = 0;
    for _ in 0..400 {
        if app.mode() == Mode::Place && !app.must_discard() {
            // (A word on a key in the row under it: the prompt keeps one row.)
            press(&mut app, "t");
            let shown = screen(&app, 80, 24);
            let prompt = shown
                .lines()
                .find(|l| l.contains("Alexandra Bartholomew: place"))
                .unwrap_or_else(|| panic!("{shown}"));
            assert!(prompt.contains("r rotate, Tab, Enter."), "{prompt}");
            seen += 1;
        }
        play_to_end(&mut app, 1);
        if app.mode() == Mode::GameOver {
            break;
        }
    }
    assert!(seen > 5, "{seen} placements");
}

/// A word on a key of no use goes when the terminal changes size (a playtest saw `Esc closes a
/// box; none is open ...` still said after a resize, as if of it).
#[test]
fn a_word_on_a_key_goes_with_a_resize() {
    let mut app = common::app("kingdomino", "you,greedy", 3);
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    press(&mut app, "<esc>");
    assert!(
        app.message().starts_with("Esc closes a box"),
        "{}",
        app.message()
    );
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    assert!(
        app.message().starts_with("Esc closes a box"),
        "the same size: kept"
    );
    app.set_screen(100, 30, crownlands_tui::view::MEASURE);
    assert!(
        !app.message().contains("Esc closes a box"),
        "{}",
        app.message()
    );
}

/// A loaded game whose ruleset name only reads as a shipped one by a letter of another script
/// says that letter (the two names print alike).
#[test]
fn a_loaded_ruleset_name_that_only_looks_shipped_names_its_letter() {
    use crownlands_saves::{NamedRules, Player, Session};
    let players = vec![
        Player::new(1, "Ann", "human"),
        Player::new(2, "g", "greedy"),
    ];
    let session = Session::new(ruleset("kingdomino"), players, 3).expect("session");
    let seats = crownlands_tui::app::seats::from_players(session.players());
    let mut app = crownlands_tui::App::resume(
        session,
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    );
    app.loaded_rules(&NamedRules {
        known: "kingdomino".into(),
        exact: false,
        same: true,
        letters: " (`\u{43e}` is U+043E, a Cyrillic letter drawn as `o`)".into(),
    });
    let said = "Game loaded; its ruleset's name only reads as `kingdomino` (`\u{43e}` is U+043E, a \
                Cyrillic letter drawn as `o`).";
    assert!(app.message().contains(said), "{}", app.message());
}

/// Under `discard = "any-time"` (docs/house-rules/discard-any-time.toml) the keys row offers
/// `d discard` while a domino that fits is placed, d discards it (and u takes it back), and the
/// help says so; under the printed rule d is refused while something fits.
#[test]
fn d_discards_a_domino_that_fits_where_the_ruleset_allows_it() {
    let ruleset = guide("discard-any-time.toml");
    let mut app = app_with(ruleset, "you,greedy", 5);
    while app.mode() != Mode::Place {
        assert_ne!(app.mode(), Mode::GameOver);
        press(&mut app, "<enter>");
    }
    assert!(app.may_discard_fitting() && !app.must_discard());
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("d discard"), "{shown}");
    let before = app.game().expect("a game").discarded().len();
    press(&mut app, "d");
    let game = app.game().expect("a game");
    assert_eq!(game.discarded().len(), before + 1, "{}", app.message());
    assert!(app.can_undo());
    press(&mut app, "u");
    assert_eq!(app.mode(), Mode::Place, "{}", app.message());
    assert_eq!(app.game().expect("a game").discarded().len(), before);
    press(&mut app, "?");
    let help = words(&screen(&app, 80, 60));
    assert!(
        help.contains("d discards the domino even where it fits"),
        "{help}"
    );
    // The printed rule: refused while it fits.
    let mut printed = common::app("middle-kingdom", "you,greedy", 5);
    while printed.mode() != Mode::Place {
        press(&mut printed, "<enter>");
    }
    assert!(!printed.may_discard_fitting());
    assert!(!screen(&printed, 80, 24).contains("d discard"));
    press(&mut printed, "d");
    assert!(
        printed.message().contains("cannot be discarded"),
        "{}",
        printed.message()
    );
}

/// Under `first-claims = "seated"` (docs/house-rules/youngest-first.toml) the first seat claims
/// first whatever the seed: the person seated first is asked at once, before any bot moves.
#[test]
fn the_first_seat_claims_first_where_the_ruleset_seats_the_first_claims() {
    let ruleset = guide("youngest-first.toml");
    for seed in 1..8 {
        let app = app_with(ruleset.clone(), "you,greedy,greedy", seed);
        assert_eq!(app.mode(), Mode::Claim, "seed {seed}");
        let game = app.game().expect("a game");
        assert!(game.placed().is_empty());
        assert!(
            game.next_line().iter().all(|s| s.king.is_none()),
            "seed {seed}: nobody claimed before the first seat"
        );
    }
}

/// A hint that is a discard of a domino that fits (`discard = "any-time"`, here with swamps
/// costing points so that giving one up pays) says `d` accepts it, `d` plays it, and `H` goes
/// on through the other hints from it.
#[test]
fn a_hint_to_discard_a_domino_that_fits_is_taken_by_d() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules")
        .join("penalty-swamps.toml");
    let ruleset = Arc::new(
        crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            "extends = \"discard-any-time.toml\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
             [rules.module.terrain-multipliers]\nmultipliers = { swamp = -3 }\n",
            &path,
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    for seed in 1..12 {
        let mut app = app_with(ruleset.clone(), "you,greedy", seed);
        while app.mode() != Mode::GameOver {
            app.run_bots();
            if app.mode() != Mode::Place || !app.may_discard_fitting() {
                press(&mut app, "<enter>");
                continue;
            }
            app.key(Key::Char('H'));
            app.run_bots();
            let hints: Vec<String> = app.hints().into_iter().map(|(text, _)| text).collect();
            if !hints.iter().any(|h| h.contains("discard")) {
                press(&mut app, "<enter>");
                continue;
            }
            for _ in 0..hints.len() {
                if app.hint() == Some(Action::Discard) {
                    break;
                }
                press(&mut app, "H");
            }
            assert_eq!(app.hint(), Some(Action::Discard), "{hints:?}");
            assert!(app.message().contains("d to accept"), "{}", app.message());
            // Moving the ghost leaves the discard at hand.
            press(&mut app, "<left>");
            assert!(app.message().contains("d to accept"), "{}", app.message());
            let played = app.session().expect("a session").actions()[0].len();
            press(&mut app, "d");
            let actions = &app.session().expect("a session").actions()[0];
            assert_eq!(actions.get(played), Some(&Action::Discard));
            return;
        }
    }
    panic!("no hint to discard a domino that fits");
}

/// A panel of words alone may be cut where the screen is short (a panel of things on offer, the
/// Builders' Board, stays whole): sixteen majorities (docs/house-rules/majorities.toml's module)
/// play at 80x24, their panel saying how many rows more `?` shows.
#[test]
fn a_long_panel_of_words_is_cut_not_the_screen_refused() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules")
        .join("sixteen.toml");
    let mut text = String::from("extends = \"kingdomino\"\n[rules]\nmodules = [\"majority\"]\n");
    for points in 1..=16 {
        text.push_str(&format!(
            "[[rules.module.majority.award]]\nof = \"crowns\"\npoints = {points}\n"
        ));
    }
    let ruleset = Arc::new(
        crownlands_rules::load_str(crownlands_core::Registry::shipped_ref(), &text, &path)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let app = app_with(ruleset, "you,greedy", 3);
    let shown = screen(&app, 80, 24);
    assert!(!shown.contains("this screen needs"), "{shown}");
    assert!(shown.contains("Majorities"), "{shown}");
    assert!(shown.contains("more"), "{shown}");
}

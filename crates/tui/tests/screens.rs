//! Snapshots of every screen and mode, drawn with ratatui's `TestBackend` (no terminal).
//! After an intended change: `INSTA_UPDATE=always cargo test -p crownlands-tui --test screens`
//! and review the files in `tests/snapshots/`.

mod common;

use common::*;
use crownlands_core::Ruleset;
use crownlands_tui::app::setup::Setup;
use crownlands_tui::{App, ColourMode, Key, Mode, Overlay, Palette};
use ratatui::style::Color;
use std::sync::Arc;
use std::time::Duration;

fn until(app: &mut App, mode: Mode) {
    let mut n = 0;
    while app.mode() != mode && n < 500 {
        match app.mode() {
            Mode::Step => press(app, "p"),
            _ => press(app, "<enter>"),
        }
        n += 1;
    }
    assert_eq!(app.mode(), mode);
}

#[test]
fn setup_screen() {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let app = App::with_setup(Setup::new(choices, None), config(1, Palette::none()));
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn setup_screen_says_who_shares_a_kingdom() {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let app = App::with_setup(
        Setup::new(choices, Some("royal-wedding-teams")),
        config(1, Palette::none()),
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("Seat 1: ‹ human ›  team 1"), "{text}");
    assert!(text.contains("Seat 2: ‹ bot: greedy ›  team 1"), "{text}");
    assert!(text.contains("Seat 3: ‹ bot: greedy ›  team 2"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn claim_first_line() {
    let app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    assert_eq!(app.mode(), Mode::Claim);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn place_legal_and_illegal() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    until(&mut app, Mode::Place);
    press(&mut app, "<enter>");
    press(&mut app, "<enter>");
    until(&mut app, Mode::Place);
    insta::assert_snapshot!("place_legal", screen(&app, 80, 24));
    press(&mut app, "kkkkr");
    insta::assert_snapshot!("place_illegal", screen(&app, 80, 24));
}

/// A 2-player Kingdomino game (seed 3) at its first `mode`, with the hint's three moves shown.
fn hinted(mode: Mode) -> crownlands_tui::App {
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, mode);
    app.key(Key::Char('H'));
    app.run_bots();
    assert_eq!(app.hints().len(), 3);
    app
}

#[test]
fn hint_panel_lists_the_best_moves() {
    let app = hinted(Mode::Place);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

/// The three moves share one layout: where each fits on one line with its estimate, all are
/// (`1. claim 28: win 74%, final ~40`); else each estimate has a line of its own (a short move on
/// one line among two-line ones had read as run together: `3. skip this step win 32%`).
#[test]
fn the_hints_moves_share_one_layout() {
    let text = screen(&hinted(Mode::Claim), 64, 18);
    assert_eq!(text.matches(": win ").count(), 3, "{text}");
    // The moves' box at 80x24 (narrower): every estimate on its own line.
    let text = screen(&hinted(Mode::Place), 80, 24);
    assert_eq!(text.matches(": win ").count(), 0, "{text}");
    assert_eq!(text.matches("│   win ").count(), 3, "{text}");
}

#[test]
fn the_hint_panel_at_the_smallest_size_cuts_no_number() {
    // 4 players at the smallest screen they accept: the panel wraps, each estimate whole.
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    until(&mut app, Mode::Place);
    app.key(Key::Char('H'));
    app.run_bots();
    for (w, h) in [(64, 20), (66, 21), (70, 22), (80, 24)] {
        let text = screen(&app, w, h);
        let shown: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let first = &app.hints()[0].1;
        let score = format!("final ~{:.0}", first.score);
        assert!(
            shown.contains(&score),
            "{w}x{h}: {score} not whole in\n{text}"
        );
    }
}

/// Where no box has room for the hint (2 players at 64x18, 6 to 8 kingdoms at 100x30, where the
/// moves' box is too narrow for all three), it gets a box of its own over the lower right of the
/// screen: its estimates are never left unshown, none of the three.
#[test]
fn the_hint_has_a_box_wherever_there_is_no_room_for_it() {
    for (ruleset, players, (w, h), mode) in [
        ("kingdomino", "you,greedy", (64, 18), Mode::Claim),
        // A narrow box beside the kingdoms (the other kingdom at three columns a cell): its
        // moves wrap to more rows, all counted.
        ("queendomino", "you,greedy", (80, 24), Mode::Place),
        ("queendomino", "you,greedy", (80, 24), Mode::Step),
        (
            "royal-wedding-teams",
            "you,greedy,greedy,greedy,greedy,greedy",
            (100, 30),
            Mode::Claim,
        ),
        (
            "royal-wedding",
            "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
            (100, 30),
            Mode::Place,
        ),
    ] {
        let mut app = app(ruleset, players, 3);
        until(&mut app, mode);
        app.set_screen(w, h, crownlands_tui::view::MEASURE);
        assert!(!app.screen_too_small(), "{ruleset} fits {w}x{h}");
        app.key(Key::Char('H'));
        app.run_bots();
        // Three, or every move there is where fewer (a tax from either square of one territory
        // is one move: with Skip, two).
        let moves = app.hints().len();
        assert!(
            moves == 3 || (mode == Mode::Step && moves == 2),
            "{ruleset}: {moves} hints: {:?}",
            app.hints()
        );
        let text = screen(&app, w, h);
        assert!(
            text.contains("Hint: best chance to win first (H)")
                || text.contains("Hint: most points first (H)")
                || text.contains("Hint: the best moves (H)")
                || text.contains(" Hint (H) "),
            "{ruleset}:\n{text}"
        );
        for (k, (_, value)) in app.hints().iter().enumerate() {
            assert!(
                text.contains(&format!("{}. ", k + 1))
                    && text.contains(&format!("win {:.0}%", value.win * 100.0)),
                "{ruleset}: hint {}\n{text}",
                k + 1
            );
        }
    }
}

/// At 6 kingdoms beside the Builders' Board (100x32) the moves' box is too low for the hint; a
/// claim's hint takes the box of the line being placed (empty at the first claims), where it had
/// covered the other kingdoms and the moves.
#[test]
fn a_claims_hint_covers_the_line_being_placed_before_a_kingdom() {
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 3);
    until(&mut app, Mode::Claim);
    app.key(Key::Char('H'));
    app.run_bots();
    assert_eq!(app.hints().len(), 3);
    let text = screen(&app, 100, 32);
    assert!(text.contains("Hint: "), "{text}");
    assert!(!text.contains("Placing"), "{text}");
    let five = "└──────────┘".repeat(5);
    assert!(text.contains(&five), "the kingdoms whole:\n{text}");
    assert!(text.contains("Moves (m: all moves)"), "{text}");
    for (k, (_, value)) in app.hints().iter().enumerate() {
        let said = format!("{}. ", k + 1);
        let win = format!("win {:.0}%", value.win * 100.0);
        assert!(text.contains(&said) && text.contains(&win), "{text}");
    }
}

#[test]
fn knights_tax_step() {
    let mut app = app("kingdomino-knights", "you,greedy,greedy", 3);
    let mut n = 0;
    while !in_step(&app, "knights") && n < 200 {
        match app.mode() {
            Mode::Step => press(&mut app, "p"),
            Mode::Place if !app.ghost_is_legal() && !app.must_discard() => {
                press(&mut app, "<tab><enter>")
            }
            _ => press(&mut app, "<enter>"),
        }
        n += 1;
    }
    insta::assert_snapshot!(screen(&app, 80, 24));
    press(&mut app, "?");
    insta::assert_snapshot!("help_tax", screen(&app, 80, 24));
    // A hint in a module's step lists its choices in the step's words, not "You: ..." each.
    press(&mut app, "x");
    app.key(Key::Char('H'));
    app.run_bots();
    assert!(!app.hints().is_empty());
    let text = screen(&app, 100, 40);
    assert!(!text.contains("1. You"), "{text}");
    assert!(
        text.contains("1. Tax") || text.contains("1. skip this step"),
        "{text}"
    );
}

#[test]
fn bot_thinking() {
    let mut config = config(3, Palette::none());
    config.pace = Duration::from_secs(3600);
    let mut app = App::new_game(ruleset("kingdomino"), seats("greedy,you"), config).unwrap();
    // The first claims are drawn: tick until a bot is to act.
    for _ in 0..20 {
        if app.mode() == Mode::BotThinking {
            break;
        }
        press(&mut app, "<enter>");
        app.tick(std::time::Instant::now());
    }
    assert_eq!(app.mode(), Mode::BotThinking);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

/// A bot thinking at a module's step says it as at a placement or a claim: `about its Tax
/// step` (it read `(Tax)`).
#[test]
fn a_bot_thinking_at_a_step_says_which() {
    let mut config = config(3, Palette::none());
    config.pace = Duration::ZERO;
    let mut app = App::new_game(ruleset("queendomino"), seats("greedy,you"), config).unwrap();
    let mut said = None;
    for _ in 0..200_000 {
        let at_step = matches!(
            app.game().map(|g| g.phase()),
            Some(crownlands_core::Phase::Step { .. })
        );
        match app.mode() {
            Mode::BotThinking if at_step => {
                said = Some(words(&screen(&app, 100, 30)));
                break;
            }
            Mode::BotThinking => {
                // (The keys' moments run ahead of the clock: the ticks' keep up with them.)
                app.tick(later());
                std::thread::sleep(Duration::from_micros(200));
            }
            // (Keys without `press`, which lets the bots play on at once.)
            Mode::Claim | Mode::Place => app.key_at(Key::Enter, later()),
            Mode::Step => app.key_at(Key::Char('p'), later()),
            other => panic!("{other:?}"),
        }
        if app.mode() == Mode::Place && !app.ghost_is_legal() && !app.must_discard() {
            app.key_at(Key::Tab, later());
        }
    }
    let said = said.expect("a bot thinking at a step");
    assert!(said.contains(" step (pace 0.0 s"), "{said}");
    assert!(said.contains("is thinking about its "), "{said}");
}

#[test]
fn analysis_of_a_finished_game() {
    let mut app = app("kingdomino", "you,greedy", 4);
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    let sides = analysis_reports(&mut app);
    assert_eq!(app.overlay(), Some(crownlands_tui::Overlay::Analysis));
    let total = app.analysis().expect("asked for").total;
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0].name, "seat 1 (You)");
    for side in sides {
        assert!(side.mistakes.len() <= 3);
        assert!(side.mean_loss >= 0.0 && side.mean_score_loss >= 0.0);
        for m in &side.mistakes {
            assert!(m.number >= 1 && m.number <= total);
            assert!(m.loss.0 > 0.0 || m.loss.1 > 0.0);
        }
    }
    insta::assert_snapshot!(screen(&app, 80, 24));
    // Any key closes it; asking again shows the same analysis without running it again.
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
    press(&mut app, "a");
    assert_eq!(app.overlay(), Some(crownlands_tui::Overlay::Analysis));
    assert!(app.analysis().expect("kept").result.is_some());
}

#[test]
fn a_mistake_of_the_analysis_shown_on_the_board() {
    let mut app = app("kingdomino", "you,greedy", 4);
    play_to_end(&mut app, 2000);
    let sides = analysis_reports(&mut app);
    let finished = app.session().expect("a game").clone();
    let log: Vec<String> = app.log().map(String::from).collect();
    let scores_said = app.message().to_string();
    // Your biggest mistake of a kind (`place`, `claim`) and the analysis's key for it: its
    // place in the list.
    let biggest = |kind: &str| {
        sides[0]
            .mistakes
            .iter()
            .enumerate()
            .find(|(_, m)| m.played.starts_with(kind))
            .map(|(i, m)| ((i + 1).to_string(), m.clone()))
            .unwrap_or_else(|| panic!("a {kind} among the mistakes"))
    };
    let (key, mistake) = biggest("place");
    press(&mut app, &key);
    assert_eq!(app.mode(), Mode::Replay);
    assert!(app.watching_this_game());
    assert_eq!(app.overlay(), None);
    // The board just before the move: every move before it played, and the player to act.
    let (at, all) = app.replay_position().expect("watching");
    assert_eq!(at, mistake.number - 1);
    assert_eq!(all, finished.actions()[0].len());
    let game = app.game().expect("a game");
    assert_eq!(game.to_act().map(|s| s.index()), Some(0));
    assert_eq!(app.session().expect("a game").actions()[0].len(), at);
    assert!(
        app.message()
            == format!(
                "Move {}: {} played, best {}.",
                mistake.number, mistake.played, mistake.best
            ),
        "{}",
        app.message()
    );
    let text = screen(&app, 80, 24);
    insta::assert_snapshot!(text);
    // The prompt and the keys under it say alike where q goes (it read `q the scores` above
    // `q analysis`).
    let rows: Vec<&str> = text.lines().collect();
    assert!(rows[21].contains("q analysis."), "{text}");
    assert!(rows[23].contains("q analysis"), "{text}");
    let said = app.message().to_string();
    // A key that does nothing here leaves what it says (its keys named); a move away, it says
    // which keys work.
    press(&mut app, "s");
    assert_eq!(app.message(), said);
    // Away from the move and back: what it says comes back with the marks.
    press(&mut app, "<left>");
    assert!(app.mistake_on_board().is_none());
    assert_eq!(app.message(), "");
    press(&mut app, "s");
    assert!(
        app.message().starts_with("Watching: → next"),
        "{}",
        app.message()
    );
    press(&mut app, "<right>");
    assert!(app.mistake_on_board().is_some());
    assert_eq!(app.message(), said);
    // → plays the move that was played.
    press(&mut app, "<right>");
    assert_eq!(
        app.session().expect("a game").actions()[0].last(),
        finished.actions()[0].get(mistake.number - 1)
    );
    // q: back to the scores and the analysis, the game and its log as they were.
    press(&mut app, "q");
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(!app.watching_this_game());
    assert_eq!(app.overlay(), Some(Overlay::Analysis));
    // The box (78 columns at 80) clears the one column on each side of it too: a letter of the
    // scores under it had shown beside its frame.
    let text = screen(&app, 80, 24);
    for row in text.lines() {
        let cells: Vec<char> = row.trim_matches('"').chars().collect();
        if cells.get(1).is_some_and(|c| "│┌└".contains(*c)) {
            assert_eq!(cells.first(), Some(&' '), "{text}");
            assert_eq!(cells.last(), Some(&' '), "{text}");
        }
    }
    assert_eq!(app.session().map(|s| s.to_save()), Some(finished.to_save()));
    assert_eq!(app.log().map(String::from).collect::<Vec<_>>(), log);
    assert_eq!(app.message(), scores_said);
    // A claim: the best domino has the cursor in the line, the one claimed a cross; a step
    // on, neither.
    let (key, claim) = biggest("claim");
    press(&mut app, &key);
    let text = screen(&app, 80, 24);
    let best = claim.best.trim_start_matches("claim ");
    let played = claim.played.trim_start_matches("claim ");
    assert!(text.contains(&format!("▶{best:>3} ")), "{text}");
    assert!(text.contains(&format!("×{played:>3} ")), "{text}");
    press(&mut app, "<right>");
    assert!(app.mistake_on_board().is_none());
    let text = screen(&app, 80, 24);
    assert!(
        !text.contains(&format!("▶{best:>3} ")) && !text.contains('×'),
        "{text}"
    );
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::Analysis));
    // A key that names no mistake closes the analysis as before, and q then quits.
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
    press(&mut app, "q");
    assert!(app.should_quit());
}

#[test]
fn game_over_screen() {
    let mut app = app("kingdomino", "you,greedy,random", 11);
    play_to_end(&mut app, 500);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn help_and_confirm_quit() {
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, Mode::Place);
    press(&mut app, "?");
    insta::assert_snapshot!("help_place", screen(&app, 80, 24));
    // Narrower, each paragraph wraps to the box: no line left with a word of the one before
    // (help written for 76 columns wrapped again line by line left `jump` alone).
    for w in [64, 72] {
        let text = screen(&app, w, 40);
        let lone: Vec<&str> = text
            .lines()
            .map(|l| l.trim_matches(|c: char| c == '│' || c == ' ' || c == '"'))
            .filter(|l| !l.is_empty() && !l.contains(' ') && l.chars().all(char::is_alphabetic))
            .collect();
        assert!(lone.is_empty(), "{w}: {lone:?}\n{text}");
    }
    press(&mut app, "x");
    press(&mut app, "q");
    insta::assert_snapshot!("confirm_quit", screen(&app, 80, 24));
}

/// Without the autosave, the quit dialog offers to save the game first (`s`, or its button)
/// and then quits, saying where it is; with no data directory it says the game is not saved.
#[test]
fn the_quit_dialog_saves_a_game_nothing_else_keeps() {
    let dir = std::env::temp_dir().join(format!("crownlands-quit-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut cfg = config(3, Palette::none());
    cfg.save_dir = Some(dir.clone());
    cfg.autosave_dir = None;
    let mut app =
        App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg.clone()).expect("sets up");
    app.run_bots();
    until(&mut app, Mode::Place);
    press(&mut app, "q");
    let text = screen(&app, 80, 24);
    assert!(text.contains("[ s: save, quit ]"), "{text}");
    assert!(text.contains("[ n: stay ]"), "every button whole: {text}");
    assert!(
        text.contains("The game is not saved: s saves it."),
        "{text}"
    );
    press(&mut app, "s");
    assert!(app.message().starts_with("Saved "), "{}", app.message());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    assert!(app.should_quit(), "saved, it quits");
    // On the way out it says so, with the file's path, as the autosave's is said.
    let note = app.before_exit().unwrap_or_default();
    assert!(
        note.starts_with("The game is saved in ") && note.contains("kingdomino-seed-3.json"),
        "{note}"
    );
    // Saved with `s` in play, the dialog says where and offers no save.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    until(&mut app, Mode::Place);
    press(&mut app, "s");
    assert!(app.message().starts_with("Saved "), "{}", app.message());
    press(&mut app, "q");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains("The game is saved in kingdomino-seed-3.json."),
        "{text}"
    );
    assert!(!text.contains("s: save"), "{text}");
    // Moves played since: said, and saved again (into the same file) by `s`, which quits.
    press(&mut app, "x");
    play_to_end(&mut app, 2);
    press(&mut app, "q");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains("Saved in kingdomino-seed-3.json, but not the last "),
        "{text}"
    );
    assert!(text.contains("[ s: save, quit ]"), "{text}");
    // Leaving now would say what the save holds and what it does not.
    let note = app.before_exit().unwrap_or_default();
    assert!(
        note.starts_with("The game was saved in ") && note.contains(" before its last "),
        "{note}"
    );
    press(&mut app, "s");
    assert!(app.message().contains(" again "), "{}", app.message());
    assert!(app.should_quit());
    let note = app.before_exit().unwrap_or_default();
    assert!(
        note.starts_with("The game is saved in ") && note.contains("kingdomino-seed-3.json"),
        "{note}"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // With the autosave on, the dialog offers no save: `s` is any other key, and stays.
    let mut cfg = config(3, Palette::none());
    cfg.save_dir = Some(dir.clone());
    cfg.autosave_dir = Some(dir.join("auto"));
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    press(&mut app, "q");
    assert!(!screen(&app, 80, 24).contains("s: save"));
    let kept = std::fs::read_dir(&dir).unwrap().count();
    press(&mut app, "s");
    assert!(!app.should_quit(), "s is not offered: it stays");
    assert_eq!(app.overlay(), None);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        kept,
        "nothing saved"
    );
    // No data directory: nothing to offer.
    let mut cfg = config(3, Palette::none());
    cfg.save_dir = None;
    cfg.autosave_dir = None;
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).expect("sets up");
    app.run_bots();
    press(&mut app, "q");
    let text = screen(&app, 80, 24);
    assert!(
        text.contains("The game is not saved (no data directory)."),
        "{text}"
    );
    // Left so, the exit says it too.
    assert_eq!(
        app.before_exit().as_deref(),
        Some("The game was not saved (autosave was off).")
    );
    assert!(!text.contains("s: save"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn too_small_terminal() {
    let app = app("kingdomino", "you,greedy", 3);
    insta::assert_snapshot!(screen(&app, 50, 12));
    // Too few rows for the whole message: the size needed and how to quit still show.
    let text = screen(&app, 20, 5);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("needs") && flat.contains("q then y quits."),
        "{text}"
    );
    // Tinier still: the size needed, whole (it had been cut to `Too small: 10x3, needs`).
    let text = screen(&app, 10, 3);
    assert!(text.contains("Needs") && text.contains("64x18"), "{text}");
    // Wide enough, too short: the rows are what it says is short.
    let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = flat(screen(&app, 100, 15));
    assert!(
        text.contains("The terminal is 15 rows high;") && text.contains("at least 18 rows."),
        "{text}"
    );
    let text = flat(screen(&app, 40, 40));
    assert!(
        text.contains("The terminal is 40 columns wide;")
            && text.contains("at least 64")
            && text.contains("columns."),
        "{text}"
    );
    // Queendomino at 4 has layouts of 66x20 and 64x24: at 64x22 and 65x20 either more rows or
    // more columns would do, and both are said.
    let qd = common::app("queendomino", "you,greedy,greedy,greedy", 3);
    let said = |w, h| words(&screen(&qd, w, h));
    let text = said(64, 22);
    assert!(
        text.contains("The terminal is 64x22: at 64 columns this screen needs at least 24 rows, or at 22 rows at least 66 columns."),
        "{text}"
    );
    let text = said(65, 20);
    assert!(
        text.contains("at least 24 rows, or at 20 rows at least 66 columns."),
        "{text}"
    );
}

/// In a 30x10 pane the game does not fit: Enter twice claims nothing, no key but quitting acts,
/// and the screen says so; q then y still quits.
#[test]
fn keys_wait_while_the_terminal_is_too_small() {
    let mut app = app("kingdomino", "you,greedy", 3);
    assert_eq!(app.mode(), Mode::Claim);
    let game = app.game().cloned();
    app.set_screen(30, 10, crownlands_tui::view::MEASURE);
    assert!(app.screen_too_small());
    for keys in [
        "<enter><enter>",
        "1",
        "<right> ",
        "u",
        "s",
        "H",
        "?",
        "+",
        "a",
        "<esc>",
    ] {
        press(&mut app, keys);
        assert_eq!(app.game(), game.as_ref(), "{keys} changed the game");
        assert_eq!(app.overlay(), None, "{keys} opened a window");
        assert_eq!(app.mode(), Mode::Claim);
        assert_eq!(app.choice(), 0, "{keys} moved the cursor");
    }
    assert!(!app.should_quit());
    // The keys are dropped, not kept for later (it said they wait, and a player looked for the
    // ghost moved once the terminal was larger).
    let said = words(&screen(&app, 30, 10));
    assert!(
        said.contains("Other keys do nothing until it is larger."),
        "{said}"
    );
    insta::assert_snapshot!("too_small_keys_wait", screen(&app, 30, 10));
    // q asks, n stays.
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(crownlands_tui::Overlay::ConfirmQuit));
    assert!(screen(&app, 30, 10).contains("Quit? y: quit, n: stay."));
    press(&mut app, "n");
    assert_eq!(app.overlay(), None);
    assert!(!app.should_quit());
    // Large enough again, nothing pressed before is played; keys act: Enter claims.
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    assert!(!app.screen_too_small());
    assert_eq!(app.game(), game.as_ref());
    assert_eq!(app.choice(), 0);
    press(&mut app, "<enter>");
    assert_ne!(app.game(), game.as_ref(), "the claim was played");
    // Small again: q then y quits.
    app.set_screen(30, 10, crownlands_tui::view::MEASURE);
    press(&mut app, "qy");
    assert!(app.should_quit());
}

/// The setup and resume screens too: too small, keys wait (Enter on Start starts nothing).
#[test]
fn the_setup_screen_too_small_takes_no_keys_but_quitting() {
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    let mut app = App::with_setup(Setup::new(choices, None), config(1, Palette::none()));
    app.set_screen(40, 12, crownlands_tui::view::MEASURE);
    assert!(app.screen_too_small());
    press(&mut app, "<enter><down><enter>q");
    assert_eq!(app.mode(), Mode::Setup);
    assert!(!app.should_quit(), "q asks first");
    press(&mut app, "y");
    assert!(app.should_quit());
}

#[test]
fn mighty_duel_uses_a_7x7_frame() {
    let mut app = app("mighty-duel", "you,greedy", 3);
    until(&mut app, Mode::Place);
    insta::assert_snapshot!(screen(&app, 80, 24));
}

fn teams_ruleset() -> Arc<Ruleset> {
    let mut r = (*ruleset("kingdomino")).clone().into_parts();
    for (n, rules) in &mut r.player_counts {
        if *n == 4 {
            rules.team_size = 2;
        }
    }
    r.name = "kingdomino-teams".into();
    Arc::new(Ruleset::new(r).expect("teams of two at 4 players"))
}

#[test]
fn teams_share_a_kingdom() {
    let Ok(mut app) = App::new_game(
        teams_ruleset(),
        seats("you,greedy,greedy,greedy"),
        config(5, Palette::none()),
    ) else {
        eprintln!("teams are not playable on this ruleset yet: skipped");
        return;
    };
    app.run_bots();
    until(&mut app, Mode::Place);
    let text = screen(&app, 80, 24);
    assert!(text.contains("You & greedy 2"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn queendomino_shows_the_economy() {
    if crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "queendomino").is_err() {
        eprintln!("queendomino is not shipped yet: skipped");
        return;
    }
    let mut app = app("queendomino", "you,greedy", 4);
    until(&mut app, Mode::Place);
    let text = screen(&app, 80, 30);
    assert!(text.contains("Builders' Board"), "{text}");
    assert!(text.contains("7¢") || text.contains("7 coins"), "{text}");
}

#[test]
fn colours_truecolour_16_and_none() {
    let mut app = App::new_game(
        ruleset("kingdomino"),
        seats("you,greedy"),
        config(
            3,
            Palette {
                mode: ColourMode::TrueColour,
            },
        ),
    )
    .unwrap();
    app.run_bots();
    until(&mut app, Mode::Place);
    press(&mut app, "<enter>");
    app.run_bots();
    let backgrounds = |app: &App| -> Vec<Color> {
        let buf = buffer(app, 80, 24);
        buf.content()
            .iter()
            .map(|c| c.bg)
            .filter(|c| *c != Color::Reset)
            .collect()
    };
    let rgb = backgrounds(&app);
    assert!(rgb.iter().any(|c| matches!(c, Color::Rgb(..))));
    app.config.palette = Palette {
        mode: ColourMode::Ansi16,
    };
    let basic = backgrounds(&app);
    assert!(!basic.is_empty());
    assert!(
        basic
            .iter()
            .all(|c| !matches!(c, Color::Rgb(..) | Color::Indexed(_)))
    );
    app.config.palette = Palette::none();
    assert!(backgrounds(&app).is_empty(), "NO_COLOR: no colour at all");
    let fgs = buffer(&app, 80, 24)
        .content()
        .iter()
        .filter(|c| c.fg != Color::Reset)
        .count();
    assert_eq!(fgs, 0);
    let _ = Key::Enter;
}

fn an_offer(found: Result<crownlands_tui::app::resume::Found, String>) -> App {
    an_offer_at("autosave.json", found)
}

fn an_offer_at(file: &str, found: Result<crownlands_tui::app::resume::Found, String>) -> App {
    use crownlands_tui::app::resume::Offer;
    let offer = Offer {
        path: std::path::Path::new("/home/ann/.local/share/crownlands").join(file),
        found,
        focus: 0,
        kept_as: "autosave-previous.json".into(),
        not_a_file: false,
        later: None,
    };
    let setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    );
    App::with_offer(
        offer,
        crownlands_tui::app::Next::Setup(Box::new(setup)),
        config(1, Palette::none()),
    )
}

#[test]
fn resume_offer() {
    let mut game = app("queendomino", "you,greedy,mcts", 3);
    until(&mut game, Mode::Place);
    let mut session = game.session().unwrap().clone();
    session.set_date(Some("2026-11-22".into()));
    let found = crownlands_tui::app::resume::Found::new(session, "12 minutes ago".into());
    let found_again = found.clone();
    let mut app = an_offer(Ok(found));
    assert_eq!(app.mode(), Mode::Resume);
    insta::assert_snapshot!("resume_offer", screen(&app, 80, 24));
    press(&mut app, "?");
    insta::assert_snapshot!("resume_offer_help", screen(&app, 80, 24));
    // A game that went on in a numbered autosave (another program had taken autosave.json).
    let app = an_offer_at("autosave-2.json", Ok(found_again));
    insta::assert_snapshot!("resume_offer_numbered", screen(&app, 80, 24));
}

#[test]
fn resume_offer_of_a_corrupt_autosave() {
    let truncated = "{\"format\": \"crownlands-save\", \"version\": 1, \"games\": [";
    let e = crownlands_saves::Save::from_json(
        truncated,
        "/home/ann/.local/share/crownlands/autosave.json",
    )
    .expect_err("does not load");
    let app = an_offer(Err(e.to_string()));
    insta::assert_snapshot!(screen(&app, 80, 24));
}

#[test]
fn setup_with_a_ruleset_file_and_a_file_that_does_not_load() {
    use crownlands_tui::app::setup::Choice;
    let mut setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    );
    setup.add(Choice {
        name: "~/rules/my-duel.toml".into(),
        description: "Kingdomino for two, my way".into(),
        counts: vec![2],
        path: Some("/home/ann/rules/my-duel.toml".into()),
        teams: Vec::new(),
        notes: Vec::new(),
        warnings: Vec::new(),
    });
    let app = App::with_setup(setup.clone(), config(1, Palette::none()));
    insta::assert_snapshot!("setup_with_a_file", screen(&app, 80, 24));
    setup.open_field();
    setup.input = "~/rules/broken.toml".into();
    setup.error = Some(
        "/home/ann/rules/broken.toml:2:1: unknown key `foo` at the top level; expected one \
         of: add-sets, box, building, description, domino, extends, for-players, name, \
         players, rules, sets, terrain"
            .into(),
    );
    let app = App::with_setup(setup, config(1, Palette::none()));
    insta::assert_snapshot!("setup_file_does_not_load", screen(&app, 80, 24));
}

#[test]
fn queendomino_builders_board_with_prices() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 4);
    play_to_step(&mut app, "buildings", 0, 500);
    assert!(in_step(&app, "buildings"));
    let text = screen(&app, 80, 24);
    assert!(text.contains(" 0¢ "), "{text}");
    insta::assert_snapshot!(text);
    press(&mut app, "?");
    insta::assert_snapshot!("help_build", screen(&app, 80, 24));
}

#[test]
fn queendomino_7x7_with_the_queens_discount_at_80x24() {
    // Two players: 7x7 kingdoms; the board goes beside the other kingdom to fit 80x24.
    let mut app = app("queendomino", "you,greedy", 3);
    let mut n = 0;
    // Read through the presentation hooks, as the screen does: the side to act hosts the Queen
    // (its stats say so) and the Builders' Board shows at least 4 buildings.
    let hosting = |app: &App| {
        let g = app.game().unwrap();
        let board = g
            .panels()
            .into_iter()
            .find(|p| p.title == "Builders' Board");
        app.mode() != Mode::BotThinking
            && g.to_act()
                .is_some_and(|p| g.side_stats(g.side_of(p)).iter().any(|s| s.long == "Queen"))
            && board.is_some_and(|b| {
                b.rows
                    .iter()
                    .filter(|r| r.to_string().contains('¢'))
                    .count()
                    >= 4
            })
    };
    while !hosting(&app) && app.mode() != Mode::GameOver && n < 3000 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    assert!(hosting(&app), "the human hosts the Queen at some point");
    let text = screen(&app, 80, 24);
    assert!(text.contains("Builders' Board"), "{text}");
    // Her discount: the prices marked `*`.
    assert!(text.contains("¢*"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn every_shipped_ruleset_fits_80x24_up_to_4_players() {
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut checked = 0;
    for choice in
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref())
    {
        for &n in choice.counts.iter().filter(|&&n| n <= 4) {
            let mut players = vec!["you"];
            players.resize(usize::from(n), "greedy");
            let app = App::new_game(
                ruleset(&choice.name),
                seats(&players.join(",")),
                config(1, Palette::none()),
            )
            .expect("sets up");
            assert!(
                crownlands_tui::view::fits(&app, area),
                "{} with {n} players needs {:?}:\n{}",
                choice.name,
                crownlands_tui::view::needed(&app),
                screen(&app, 80, 24)
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} tables checked");
}

#[test]
fn no_color_on_the_start_and_setup_screens_too() {
    let coloured = |app: &App| {
        buffer(app, 80, 24)
            .content()
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count()
    };
    let setup = App::with_setup(
        Setup::new(
            crownlands_tui::app::ruleset_file::shipped_choices(
                crownlands_core::Registry::shipped_ref(),
            ),
            None,
        ),
        config(1, Palette::none()),
    );
    assert_eq!(coloured(&setup), 0);
    let game = app("kingdomino", "you,greedy", 3);
    let found =
        crownlands_tui::app::resume::Found::new(game.session().unwrap().clone(), "just now".into());
    let offer = an_offer(Ok(found));
    assert_eq!(coloured(&offer), 0);
    let broken = an_offer(Err("autosave.json: not valid JSON".into()));
    assert_eq!(coloured(&broken), 0);
}

#[test]
fn a_long_problem_leaves_the_buttons_on_the_smallest_screen() {
    let long = "autosave.json: the embedded ruleset does not load: ".repeat(30);
    let app = an_offer(Err(long));
    let (w, h) = crownlands_tui::view::needed(&app);
    let text = screen(&app, w, h);
    assert!(text.contains("[ New game ]"), "{text}");
    assert!(text.contains("…"), "{text}");
}

#[test]
fn a_one_line_moves_box_shows_the_newest_move() {
    // Royal Wedding at 5 players at 80x24: the moves box has one line; a move too long for it is
    // cut, never left out (the box had stayed blank).
    let mut players = seats("you,greedy,greedy,greedy,greedy");
    for (i, seat) in players.iter_mut().enumerate().skip(1) {
        // Long names: every move takes more than the box's one line.
        seat.name = format!("Bartholomew the Magnificent {i}");
    }
    let mut app = App::new_game(
        ruleset("royal-wedding"),
        players,
        config(7, Palette::none()),
    )
    .expect("game sets up");
    app.run_bots();
    let mut checked = 0;
    for _ in 0..60 {
        press(&mut app, "<enter>");
        if app.log().len() == 0 || app.mode() == Mode::GameOver {
            continue;
        }
        let text = screen(&app, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        let Some(at) = lines.iter().position(|l| l.contains(" Moves ")) else {
            continue;
        };
        // The box's inside: between its left border and the next one.
        let inside: String = lines[at + 1]
            .split('│')
            .nth(1)
            .unwrap_or_default()
            .to_string();
        assert!(
            inside.chars().any(char::is_alphanumeric),
            "the newest move shows:\n{text}"
        );
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn a_short_moves_box_says_m_shows_all_moves() {
    // Royal Wedding at 6 players at 100x32: the moves box has one line, and nothing said that
    // `m` lists the moves (80x24, with no box, says it after the last move). Its title says it;
    // a box of several lines keeps its plain title.
    let mut app = app("royal-wedding", "you,greedy,greedy,greedy,greedy,greedy", 5);
    press(&mut app, "<enter><enter>");
    assert!(app.log().count() > 0);
    let text = screen(&app, 100, 32);
    let title = text
        .lines()
        .find(|l| l.contains(" Moves "))
        .unwrap_or_else(|| panic!("a moves box:\n{text}"));
    assert!(title.contains("┌ Moves (m: all moves) ─"), "{text}");
    let text = screen(&app, 100, 50);
    assert!(text.contains("┌ Moves ─"), "{text}");
    assert!(!text.contains("m: all moves"), "{text}");
}

#[test]
fn a_name_of_wide_characters_leaves_its_score_in_view() {
    let mut seats = seats("you,greedy,greedy,greedy");
    seats[2].name = "日本日本日本日本日本日本日本日本".into();
    let app =
        App::new_game(ruleset("queendomino"), seats, config(1, Palette::none())).expect("sets up");
    for (w, h) in [(80, 24), (100, 30), (120, 40)] {
        let text = screen(&app, w, h);
        let row = text
            .lines()
            .find(|l| l.contains("日本") && (l.contains(" pts") || l.contains("p ")))
            .unwrap_or_else(|| panic!("no score on the wide name's row at {w}x{h}:\n{text}"));
        assert!(row.contains('2'), "{row}");
    }
}

/// A popup taller than the screen says what is above and below, and scrolls with ↑↓ (kept in
/// range); any other key closes it.
#[test]
fn a_popup_taller_than_the_screen_scrolls() {
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, Mode::Place);
    app.set_screen(64, 18, crownlands_tui::view::MEASURE);
    assert!(!app.screen_too_small());
    press(&mut app, "?");
    let first = screen(&app, 64, 18);
    assert!(
        first.contains("│↓ ") && first.contains("more (↑↓ PgUp PgDn scroll"),
        "{first}"
    );
    assert!(!first.contains("↑ 1 more"), "{first}");
    press(&mut app, "<down>");
    let second = screen(&app, 64, 18);
    assert_ne!(first, second);
    assert!(second.contains("↑ 1 more"), "{second}");
    // Down as far as it goes, and then some: the end shows, nothing more below.
    for _ in 0..200 {
        press(&mut app, "<down>");
    }
    let end = screen(&app, 64, 18);
    let note = end
        .lines()
        .find(|l| l.contains("(↑↓ PgUp PgDn scroll"))
        .expect("the note")
        .split('(')
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(note.contains("↑ ") && !note.contains("↓ "), "{end}");
    assert!(words(&end).contains("any other key closes it."), "{end}");
    // One up is one line back from the end.
    press(&mut app, "<up>");
    assert_ne!(screen(&app, 64, 18), end);
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
    // Opened again, it starts at the top.
    press(&mut app, "?");
    assert_eq!(screen(&app, 64, 18), first);
}

#[test]
fn team_names_stay_whole_in_the_scores_where_the_stats_can_be_short() {
    // Royal Wedding in teams of two at 100x30: the scores said `You & g 2` and `g 3 & g 4`
    // beside the stats in words; the stats now go short first.
    let mut app = app(
        "royal-wedding-teams",
        "you,greedy,greedy,greedy,greedy,greedy",
        5,
    );
    until(&mut app, Mode::Claim);
    let text = screen(&app, 100, 30);
    let scores: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("Scores"))
        .take(4)
        .collect();
    assert!(
        scores.iter().any(|l| l.contains("You & greedy 2"))
            && scores.iter().any(|l| l.contains("greedy 3 & greedy 4")),
        "{text}"
    );
}

#[test]
fn the_score_screen_speaks_of_the_kingdoms_only_where_it_draws_them() {
    // At 64x18 the legend said "Under each score, the final kingdom" with no kingdom drawn.
    let mut game = app("kingdomino", "you,greedy", 8);
    play_to_end(&mut game, 1000);
    assert_eq!(game.mode(), Mode::GameOver);
    let small = screen(&game, 64, 18);
    assert!(small.contains("Total"), "{small}");
    assert!(!small.contains("Under each score"), "{small}");
    let large = screen(&game, 100, 30);
    assert!(large.contains("Under each score"), "{large}");
}

#[test]
fn the_resume_offer_breaks_its_players_between_teams_never_inside_one() {
    // Eight players in teams: the Players line broke inside a team (`mcts 5 &` / `greedy 6`), its
    // `&` against the frame. Names of every length move where the line breaks.
    for extra in 0..14 {
        let mut players = seats("you,greedy,greedy,greedy,greedy,greedy,greedy,greedy");
        players[4].name = format!("greedy {}5", "x".repeat(extra));
        let game = App::new_game(
            ruleset("royal-wedding-teams"),
            players,
            config(3, Palette::none()),
        )
        .expect("sets up");
        let session = game.session().unwrap().clone();
        let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
        let teams = found.summary.players.clone();
        assert_eq!(teams.len(), 4, "{teams:?}");
        let text = screen(&an_offer(Ok(found)), 100, 32);
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("Players"))
            .take_while(|l| !l.contains("Progress"))
            .map(|l| l.trim_matches('"').trim_end().trim_end_matches('│'))
            .collect();
        for team in &teams {
            assert!(
                rows.iter().any(|r| r.contains(team.as_str())),
                "{team}:\n{text}"
            );
        }
        for r in &rows {
            assert!(r.ends_with(' '), "a column before the frame:\n{text}");
            assert!(!r.trim_end().ends_with('&'), "{text}");
        }
    }
}

/// A Dynasty match of `players` (seed 8) played to the end of its first game.
fn a_match_to_its_first_end(players: &str) -> App {
    let mut game = app("dynasty", players, 8);
    while game.mode() != Mode::GameOver {
        play_to_end(&mut game, 1000);
    }
    game
}

/// Each side's match total so far, as the scores and the resume offer count it.
fn match_totals(session: &crownlands_saves::Session) -> Vec<i64> {
    session
        .game()
        .all_sides()
        .map(|s| session.played().running_total(s))
        .collect()
}

#[test]
fn a_match_paused_in_its_second_game_is_offered_with_its_totals() {
    // It said `round 2, 13 moves played (game 2 of 3)`: the match's totals only between games.
    let mut game = a_match_to_its_first_end("you,greedy");
    game.key_at(crownlands_tui::Key::Enter, later());
    game.run_bots();
    assert_ne!(game.mode(), Mode::GameOver, "game 2 begun");
    // On in game 2 until its score is not nothing: its running score is no part of game 1's.
    for _ in 0..40 {
        if game
            .session()
            .unwrap()
            .game()
            .score_total(crownlands_core::Side(0))
            > 0
        {
            break;
        }
        play_to_end(&mut game, 1);
    }
    let session = game.session().unwrap().clone();
    assert_eq!(session.game_index(), 1);
    let running = match_totals(&session);
    // The totals after game 1, apart from game 2's running score (`the match so far` counted
    // it in, read as the finished games').
    let earlier = session.played().earlier_totals();
    let totals: Vec<i64> = session.game().all_sides().map(|s| earlier[s]).collect();
    assert_ne!(totals, running);
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    let text = screen(&an_offer(Ok(found)), 80, 24);
    let flat = text
        .replace(['│', '"'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let expected = format!(
        "(game 2 of 3; after game 1: You {}, greedy 2 {})",
        totals[0], totals[1]
    );
    assert!(flat.contains(&expected), "{expected}\n{flat:?}");
    assert!(!flat.contains("so far"), "{flat}");
}

#[test]
fn a_match_paused_between_games_is_offered_with_its_totals() {
    // It said `round 7, 48 moves played (game 2 of 3)`: the moves of a game over.
    let game = a_match_to_its_first_end("you,greedy");
    let session = game.session().unwrap().clone();
    let totals = match_totals(&session);
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    let offer = an_offer(Ok(found));
    let text = screen(&offer, 80, 24);
    let expected = format!(
        "game 1 of 3 finished; the match so far: You {}, greedy 2 {}",
        totals[0], totals[1]
    );
    let flat: String = text
        .lines()
        .map(|l| l.trim_matches('"').trim_matches('│').trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains(&expected), "{expected}\n{text}");
    // Four players: the totals wrap between players, never between a name and its total (a
    // line ended `random`, the next began `3 22`).
    let game = a_match_to_its_first_end("you,greedy,random,greedy");
    let session = game.session().unwrap().clone();
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    let text = screen(&an_offer(Ok(found)), 80, 24);
    assert!(text.contains("the match so far"), "{text}");
    for line in text.lines() {
        let content = line.trim_matches(|c: char| c == '│' || c == ' ' || c == '"');
        assert!(
            !content.ends_with("random") && !content.ends_with("greedy"),
            "{text}"
        );
    }
}

#[test]
fn m_shows_every_move_scrolled_to_the_newest() {
    // Eight kingdoms at 100x30: no moves box, so the status line shows the last move and says
    // `m`; `m` lists the moves, the newest at the bottom, and any other key closes the list.
    let mut app = app(
        "royal-wedding-teams",
        "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        3,
    );
    // On, until more moves went by than the screen has rows.
    while app.log().count() <= 40 {
        play_to_end(&mut app, 1);
    }
    until(&mut app, Mode::Place);
    app.set_screen(100, 30, crownlands_tui::view::MEASURE);
    let text = screen(&app, 100, 30);
    assert!(text.contains("(m: all moves)"), "{text}");
    assert!(app.log().count() > 26, "more moves than the screen's rows");
    press(&mut app, "m");
    assert_eq!(app.overlay(), Some(Overlay::Moves));
    let text = screen(&app, 100, 30);
    let newest = app.log().last().unwrap().to_string();
    assert!(text.contains(&newest), "{newest}\n{text}");
    assert!(text.contains("↑ ") && text.contains("more"), "{text}");
    // Scrolled up, the oldest kept comes into view; another key closes the list.
    for _ in 0..app.log().count() {
        press(&mut app, "<up>");
    }
    let oldest = app.log().next().unwrap().to_string();
    assert!(screen(&app, 100, 30).contains(&oldest), "{oldest}");
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
    // Opened, the list follows the newest however many more are played while it is open (the
    // bots play on; it had stayed where it was opened, `↓ 3 more` under it); scrolled up and
    // back down to its end, it follows again.
    press(&mut app, "m");
    assert!(app.popup_scroll() >= 10 * app.log().count());
    press(&mut app, "<up>");
    assert!(app.popup_scroll() < app.log().count());
    for _ in 0..3 {
        press(&mut app, "<down>");
    }
    assert!(app.popup_scroll() >= 10 * app.log().count());
    let text = screen(&app, 100, 30);
    assert!(
        text.contains(&newest) && !text.contains("more, ↓ "),
        "{newest}\n{text}"
    );
}

#[test]
fn a_square_the_best_and_the_played_placement_share_shows_the_best_crossed() {
    use crownlands_core::{Cell, Direction, Placement};
    use crownlands_tui::view::kingdom::{Ghost, GhostKind, KingdomView};
    let app = app("kingdomino", "you,greedy", 3);
    let game = app.game().expect("a game");
    let side = game.all_sides().next().expect("a side");
    let d = game.domino(game.next_line().first().expect("a line").domino);
    let ghost = |x, kind| Ghost {
        placement: Placement::new(Cell::new(x, 0), Direction::East),
        squares: [d.first, d.second],
        kind,
    };
    // The best on (1,0) and (2,0), the played on (2,0) and (3,0).
    let ghosts = [ghost(1, GhostKind::Best), ghost(2, GhostKind::Played)];
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 21, 1));
    KingdomView {
        kingdom: game.kingdom(side),
        ruleset: game.ruleset(),
        palette: Palette::none(),
        region: (-3, 0, 3, 0),
        cell_w: 3,
        cell_h: 1,
        ghosts: &ghosts,
        marks: &[],
        pieces: &[],
        highlight: &[],
        acted: None,
        crossed: &[],
    }
    .render(buf.area, &mut buf);
    let row: String = buf.content().iter().map(|c| c.symbol()).collect();
    let cells: Vec<String> = row
        .chars()
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|c| c.iter().collect())
        .collect();
    // x = -3..=3: the castle at 0, the best's first square at 1 plain, the shared square at 2
    // (the best's second) crossed, the played's second at 3 crossed.
    assert_eq!(cells[3].trim(), "C", "{row}");
    assert!(!cells[4].contains('×'), "{row}");
    assert!(cells[5].starts_with('×'), "{row}");
    assert!(cells[6].starts_with('×'), "{row}");
    let second = crownlands_tui::view::kingdom::square_text(game.ruleset(), d.second, 3);
    assert_eq!(
        cells[5].trim_start_matches('×').trim(),
        second.trim(),
        "the best's: {row}"
    );
    // Without colours the best is underlined, so it is told from the played one.
    assert!(
        buf.content()[12]
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED)
    );
    assert!(
        !buf.content()[18]
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED)
    );
}

/// Without colours the ghost of the domino being placed over the castle left the castle's `C`
/// unseen under its own square: what is beneath stays readable, underlined and reversed against
/// the castle alone (which is reversed: the ghost's castle had differed from it by its
/// underline only, which a monochrome terminal may not draw), so the cell reads neither as the
/// castle alone nor as the ghost's square.
#[test]
fn without_colours_the_ghost_over_the_castle_leaves_its_c_in_view() {
    use crownlands_core::Cell;
    use ratatui::style::Modifier;
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, Mode::Place);
    // The ghost's first square onto the castle, from wherever it begins.
    for _ in 0..12 {
        let first = app.ghost().first;
        let key = match (first.x.signum(), first.y.signum()) {
            (1, _) => "<left>",
            (-1, _) => "<right>",
            (_, 1) => "<up>",
            (_, -1) => "<down>",
            _ => break,
        };
        press(&mut app, key);
    }
    assert_eq!(app.ghost().first, Cell::new(0, 0));
    assert!(!app.ghost_is_legal());
    let text = screen(&app, 80, 24);
    let buf = buffer(&app, 80, 24);
    // The castle's `C`, in the kingdom's box (the left half of the screen), bold and
    // underlined, not reversed; the castle alone is reversed.
    let castle = |buf: &ratatui::buffer::Buffer| {
        (1..23u16)
            .flat_map(|y| (1..40u16).map(move |x| (x, y)))
            .find(|&(x, y)| buf[(x, y)].symbol() == "C")
            .unwrap_or_else(|| panic!("no C in the kingdom"))
    };
    let modifier = buf[castle(&buf)].modifier;
    assert!(
        modifier.contains(Modifier::BOLD | Modifier::UNDERLINED)
            && !modifier.contains(Modifier::REVERSED),
        "{modifier:?}\n{text}"
    );
    insta::assert_snapshot!("ghost_over_the_castle_without_colours", text);
    // The ghost moved off: the castle alone, reversed.
    press(&mut app, "<left><left>");
    let buf = buffer(&app, 80, 24);
    let alone = buf[castle(&buf)].modifier;
    assert!(alone.contains(Modifier::REVERSED), "{alone:?}");
    assert_ne!(alone, modifier);
}

/// A kingdom of squares of one terrain (at x = 1, 2, ... with the crowns given) beside the
/// castle, with `pieces` on them, drawn `w` columns a cell without colours, the squares at
/// `highlight` pointed out: each cell's text and the modifier of its second column.
fn kingdom_row(
    crowns: &[u8],
    pieces: &[(i8, char, &str)],
    highlight: &[crownlands_core::Cell],
    w: u16,
) -> Vec<(String, ratatui::style::Modifier)> {
    use crownlands_core::modules::describe::CellMark;
    use crownlands_core::{Cell, Kingdom, Square};
    use crownlands_tui::view::kingdom::KingdomView;
    let app = app("kingdomino", "you,greedy", 3);
    let game = app.game().expect("a game");
    let terrain = game.domino(game.next_line()[0].domino).first.terrain;
    let mut kingdom = Kingdom::new(5);
    for (x, &crowns) in (1..).zip(crowns) {
        kingdom
            .set_square(Cell::new(x, 0), Square { terrain, crowns })
            .unwrap();
    }
    let pieces: Vec<CellMark> = pieces
        .iter()
        .map(|&(x, symbol, what)| CellMark {
            cell: Cell::new(x, 0),
            symbol,
            what: what.into(),
        })
        .collect();
    let cells = crowns.len() as u16 + 1;
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, w * cells, 1));
    KingdomView {
        kingdom: &kingdom,
        ruleset: game.ruleset(),
        palette: Palette::none(),
        region: (0, 0, cells as i8 - 1, 0),
        cell_w: w,
        cell_h: 1,
        ghosts: &[],
        marks: &[],
        pieces: &pieces,
        highlight,
        acted: None,
        crossed: &[],
    }
    .render(buf.area, &mut buf);
    (0..cells)
        .map(|c| {
            let text: String = (c * w..(c + 1) * w)
                .map(|x| buf[(x, 0)].symbol().to_string())
                .collect();
            (text, buf[(c * w + 1, 0)].modifier)
        })
        .collect()
}

#[test]
fn without_colours_a_crowned_square_told_by_bold_is_underlined_where_highlighted() {
    // Where a piece takes the crowns' place, bold alone says a square is crowned; a highlight
    // (the score screen's largest territory) is bold too, so there the crowns are underlined.
    use crownlands_core::Cell;
    use ratatui::style::Modifier;
    let pieces = [(1, 'B', "building"), (2, 'B', "building")];
    let row = |highlight: &[Cell]| kingdom_row(&[1, 0], &pieces, highlight, 3);
    // Not highlighted: the crowned one bold, the other not; neither underlined.
    let plain = row(&[]);
    assert!(plain[1].1.contains(Modifier::BOLD));
    assert!(!plain[2].1.contains(Modifier::BOLD));
    assert!(!plain[1].1.contains(Modifier::UNDERLINED));
    // Highlighted: both bold and reversed; the crowned one underlined as well.
    let both = row(&[Cell::new(1, 0), Cell::new(2, 0)]);
    assert!(
        both[1]
            .1
            .contains(Modifier::UNDERLINED | Modifier::REVERSED)
    );
    assert!(!both[2].1.contains(Modifier::UNDERLINED));
    // The castle is reversed, but where squares are pointed out by reversing them: there it
    // is bold and underlined, not taken for one of them.
    assert!(plain[0].1.contains(Modifier::REVERSED));
    assert!(!both[0].1.contains(Modifier::REVERSED) && both[0].1.contains(Modifier::UNDERLINED));
}

#[test]
fn a_square_with_more_pieces_than_its_cell_shows_is_underlined() {
    // A town square with a knight and a building: at 3 columns ` TB` (the knight not drawn),
    // so the cell is underlined, as cells too narrow for any piece are; at 4, ` TkB`, plain.
    use ratatui::style::Modifier;
    let pieces = [(1, 'k', "knight"), (1, 'B', "building 6")];
    let app = app("kingdomino", "you,greedy", 3);
    let game = app.game().expect("a game");
    let terrain = game.domino(game.next_line()[0].domino).first.terrain;
    let symbol = game.ruleset().terrain(terrain).symbol;
    let (text, modifier) = kingdom_row(&[0], &pieces, &[], 3).remove(1);
    assert_eq!(text, format!(" {symbol}B"));
    assert!(modifier.contains(Modifier::UNDERLINED));
    let (text, modifier) = kingdom_row(&[0], &pieces, &[], 4).remove(1);
    assert_eq!(text, format!(" {symbol}kB"));
    assert!(!modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn the_score_screen_names_the_bonuses_in_the_rulebooks_words() {
    // `Harmony` and `Middle Kingdom`, not the ruleset's keys.
    for seed in 1..20 {
        let mut app = App::new_game(
            ruleset("harmony-middle-kingdom"),
            seats("greedy,greedy"),
            config(seed, Palette::none()),
        )
        .expect("sets up");
        app.run_bots();
        let game = app.game().expect("a game");
        let earned = game
            .outcome()
            .scores
            .iter()
            .any(|(_, s)| s.bonus("middle-kingdom").is_some());
        if !earned {
            continue;
        }
        let text = screen(&app, 100, 30);
        // (The header names the ruleset, `harmony-middle-kingdom`: the bonus lines are
        // looked at.)
        assert!(
            text.lines()
                .filter(|l| l.contains("+10"))
                .all(|l| l.contains("Middle Kingdom") && !l.contains("middle-kingdom")),
            "{text}"
        );
        assert!(text.contains("Middle Kingdom"), "{text}");
        return;
    }
    panic!("no game of 19 earned Middle Kingdom");
}

#[test]
fn the_setup_keys_line_fits_a_narrow_terminal() {
    // At 60 columns the full line lost its end (`? he`): there, the same keys in fewer words.
    let setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(crownlands_core::Registry::shipped_ref()),
        None,
    );
    let app = App::with_setup(setup, config(1, Palette::none()));
    let text = screen(&app, 60, 20);
    assert!(text.contains("o open  ? help  q quit"), "{text}");
    let text = screen(&app, 100, 30);
    assert!(text.contains("o open a file  ? help  q quit"), "{text}");
}

#[test]
fn resume_offer_of_a_game_of_teams_names_the_teams() {
    let mut game = app(
        "royal-wedding-teams",
        "you,greedy,greedy,greedy,greedy,greedy,greedy,greedy",
        3,
    );
    until(&mut game, Mode::Claim);
    let session = game.session().unwrap().clone();
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    // The seats sharing a kingdom, joined: it said each seat alone.
    assert_eq!(
        found.summary.players.first().map(String::as_str),
        Some("You (human) & greedy 2")
    );
    assert_eq!(found.summary.players.len(), 4);
    let app = an_offer(Ok(found));
    let text = screen(&app, 100, 30);
    assert!(text.contains("You (human) & greedy 2"), "{text}");
    // The list wraps between players, never inside a name (a line ended `greedy`, the next
    // began `7`).
    for line in text.lines() {
        let content = line.trim_matches(|c: char| c == '│' || c == ' ' || c == '"');
        assert!(!content.ends_with("greedy"), "{text}");
    }
}

#[test]
fn the_prompt_and_the_keys_at_the_narrowest_are_cut_after_a_whole_word() {
    // 2 players fit 64x20: the prompt and the keys are wider than that.
    let mut app = app("kingdomino", "you,greedy", 3);
    until(&mut app, Mode::Place);
    let text = screen(&app, 64, 20);
    let rows: Vec<&str> = text.lines().collect();
    let strip = |l: &str| l.trim_matches('"').trim_end().to_string();
    let prompt = strip(rows[rows.len() - 3]);
    let keys = strip(rows[rows.len() - 1]);
    // (Whole, as here, or cut after a word.)
    assert!(prompt.ends_with('.') || prompt.ends_with('…'), "{prompt}");
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("You: place")
                && !l.trim_matches('"').trim_end().ends_with(['.', '…']))
            .count(),
        0
    );
    // Every key shown whole: the bar's labels, in order, up to the cut, then the way out
    // (`q quit` had gone with the cut).
    assert!(keys.ends_with(" …  q quit"), "{keys}");
    assert!(
        keys.starts_with("r rotate  Tab next spot  ? help"),
        "{keys}"
    );
    assert!(!keys.contains("bot …") && !keys.contains("+/- …"), "{keys}");
    // A click on a key shown still presses it.
    let area = ratatui::layout::Rect::new(0, 0, 64, 20);
    let col = u16::try_from(keys.find("? help").unwrap()).unwrap();
    assert_eq!(
        crownlands_tui::view::hit(&app, area, col, 19),
        Some(crownlands_tui::view::Hit::Key(Key::Char('?')))
    );
    let col = u16::try_from(keys.find("q quit").unwrap()).unwrap();
    assert_eq!(
        crownlands_tui::view::hit(&app, area, col, 19),
        Some(crownlands_tui::view::Hit::Key(Key::Char('q')))
    );
}

#[test]
fn a_game_offered_in_its_first_claims_says_so_as_its_header_does() {
    // It said `round 0, 2 moves played`, where the game's header says `first claims`.
    let mut game = app("kingdomino", "you,greedy,greedy", 8);
    game.run_bots();
    let session = game.session().unwrap().clone();
    assert_eq!(session.game().round(), 0);
    let found = crownlands_tui::app::resume::Found::new(session, "just now".into());
    let text = screen(&an_offer(Ok(found)), 80, 24);
    assert!(text.contains("first claims, You to play"), "{text}");
}

#[test]
fn a_big_terminal_shows_the_others_as_large_and_the_scores_beside_a_step() {
    // 200x60: the other kingdoms' cells as wide as the large one's (their marks whole), and
    // during a step, whose list covers the scores, the scores under the step's rules.
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    for _ in 0..12 {
        // A step's first choice (the step opens on Skip, its last), anything else's Enter.
        if app.mode() == Mode::Step {
            press(&mut app, "<down>");
        }
        press(&mut app, "<enter>");
        if app.mode() == Mode::Place && !app.ghost_is_legal() {
            press(&mut app, "<tab>");
        }
    }
    assert_eq!(app.mode(), Mode::Step);
    let text = screen(&app, 200, 60);
    assert!(text.contains("┌ Scores ─"), "{text}");
    assert!(text.contains("┌ greedy 2 ───────────────┐"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_name_cut_in_the_lines_reads_as_a_short_form() {
    // Two humans, Player 1 and Player 2: beside `discarded` at 80x24 the owner's name had 7
    // columns and read `Playe 2`, a name misspelt. Cut, it keeps its number and at most half of
    // its first word.
    let mut app = app("kingdomino", "you,you", 0);
    let mut n = 0;
    while !screen(&app, 80, 24).contains("discarded ♔") && n < 200 {
        play_to_end(&mut app, 1);
        n += 1;
    }
    for (w, h) in [(80, 24), (66, 20), (100, 30)] {
        let text = screen(&app, w, h);
        let row = text
            .lines()
            .find(|l| l.contains("discarded ♔"))
            .unwrap_or_else(|| panic!("a discarded domino at {w}x{h}:\n{text}"));
        assert!(
            row.contains("discarded ♔Pla 2 ") || row.contains("discarded ♔Player 2 "),
            "{w}x{h}: {row}"
        );
        assert!(!text.contains("Playe "), "{w}x{h}:\n{text}");
    }
}

/// `castle = "centre"` (docs/house-rules/castle-centre.toml) a few rounds in: the placing frame
/// is the square around the castle, and the other players' kingdoms are drawn over their whole
/// square, the castle at its centre.
#[test]
fn castle_centre_place() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/castle-centre.toml");
    let ruleset = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new_game(
        Arc::new(ruleset),
        seats("you,greedy,greedy"),
        config(5, Palette::none()),
    )
    .expect("setup");
    app.run_bots();
    for _ in 0..3 {
        until(&mut app, Mode::Place);
        press(&mut app, "<enter>");
    }
    until(&mut app, Mode::Place);
    insta::assert_snapshot!(screen(&app, 100, 30));
}

#[test]
fn the_moves_list_follows_the_moves_the_bots_play_while_it_is_open() {
    // Opened while the bots think, the list shows their moves as they come (it had stayed where
    // it was opened: `↓ 3 more` under it).
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 4);
    app.set_screen(100, 30, crownlands_tui::view::MEASURE);
    while !(app.mode() == Mode::Claim && app.log().count() > 30) {
        assert_ne!(app.mode(), Mode::GameOver);
        play_to_end(&mut app, 1);
    }
    // The claim made, the bots are to play (not run yet): the list opened meanwhile.
    app.key_at(crownlands_tui::Key::Enter, later());
    assert_eq!(app.mode(), Mode::BotThinking);
    app.key_at(crownlands_tui::Key::Char('m'), later());
    assert_eq!(app.overlay(), Some(Overlay::Moves));
    let before = app.log().last().unwrap().to_string();
    app.run_bots();
    let newest = app.log().last().unwrap().to_string();
    assert_ne!(before, newest, "the bots played");
    let text = screen(&app, 100, 30);
    assert!(
        text.contains(&newest) && !text.contains("more, ↓ "),
        "{newest}\n{text}"
    );
}

/// On a big terminal the kingdom's cells are three rows of 6 columns, each square's letters on
/// the middle row; on a smaller one, two rows, the letters on the first.
#[test]
fn a_big_terminal_draws_the_kingdom_in_cells_of_three_rows() {
    let mut app = app("kingdomino", "you,greedy", 3);
    press(&mut app, "<enter>");
    app.run_bots();
    let big = screen(&app, 200, 60);
    let castle = big
        .lines()
        .position(|l| l.contains("     C     "))
        .expect("the castle");
    let lines: Vec<Vec<char>> = big.lines().map(|l| l.chars().collect()).collect();
    let col = lines[castle]
        .windows(6)
        .position(|w| w.iter().collect::<String>() == "C     ")
        .expect("the castle");
    // The rows above and below the castle's letter are its cell's too: blank, no letter.
    for row in [castle - 1, castle + 1] {
        assert!(
            lines[row][col..col + 6].iter().all(|&c| c == ' '),
            "row {row}: {}",
            lines[row].iter().collect::<String>()
        );
    }
    // Its neighbour cell is 6 columns on.
    assert_ne!(lines[castle][col + 6], ' ');
    // A click anywhere in the castle's cell (its letter one column in), on any of its three
    // rows, is the castle's square.
    let area = ratatui::layout::Rect::new(0, 0, 200, 60);
    let game = app.game().expect("a game").clone();
    let l = crownlands_tui::view::layout(&app, &game, area).expect("a layout");
    assert_eq!((l.cell_w, l.cell_h), (6, 3));
    let col = u16::try_from(col).unwrap();
    let start = l.kingdom.x + (col - l.kingdom.x) / l.cell_w * l.cell_w;
    for (dx, dy) in [(0u16, 0u16), (5, 1), (3, 2)] {
        let row = u16::try_from(castle).unwrap() - 1 + dy;
        let at = crownlands_tui::view::hit(&app, area, start + dx, row);
        assert_eq!(
            at,
            Some(crownlands_tui::view::Hit::Cell(crownlands_core::Cell::new(
                0, 0
            ))),
            "({dx}, {dy})"
        );
    }
    // 100x30: two rows of 4 or 5.
    let small = screen(&app, 100, 30);
    assert!(small.contains("C  ") || small.contains("C "), "{small}");
}

/// The help in the first claims says the first line (its box's title), how many of the dominoes
/// the ruleset deals at this count and over how many rounds, and in Queendomino how many knights a
/// turn may tax (the `per-turn` of the knights module).
#[test]
fn the_help_says_the_first_line_the_dominoes_used_and_the_knights_a_turn() {
    let help = |ruleset: &str, players: &str| {
        let mut app = app(ruleset, players, 3);
        press(&mut app, "?");
        words(&screen(&app, 80, 90))
    };
    let three = help("kingdomino", "you,greedy,greedy");
    assert!(
        three.contains("Claim: put your king on a domino of the first line."),
        "{three}"
    );
    assert!(
        three
            .contains("The game uses all 48 dominoes, 4 a line: the first claims, then 12 rounds."),
        "{three}"
    );
    let two = help("kingdomino", "you,greedy");
    assert!(
        two.contains("uses 24 of the 48 dominoes, 4 a line: the first claims, then 6 rounds."),
        "{two}"
    );
    let queendomino = help("queendomino", "you,greedy");
    assert!(
        queendomino.contains(
            "Tax: up to 2 knights a turn on the new domino, each its territory size in ¢."
        ),
        "{queendomino}"
    );
    // Past the first claims, the next line.
    let mut app = app("kingdomino", "you,greedy,greedy", 3);
    press(&mut app, "<enter>");
    while app.mode() != Mode::Claim {
        play_to_end(&mut app, 1);
    }
    press(&mut app, "?");
    let later = words(&screen(&app, 80, 90));
    assert!(later.contains("domino of the next line."), "{later}");
}

/// A help longer than its box scrolls by a page with PageDown/PageUp and to its ends with
/// Home/End (they had neither scrolled nor closed it, though the box said any other key closes
/// it), and the box says so.
#[test]
fn the_help_scrolls_by_pages_and_to_its_ends() {
    let mut app = app("queendomino", "you,greedy", 3);
    app.set_screen(80, 24, crownlands_tui::view::MEASURE);
    press(&mut app, "?");
    let most =
        crownlands_tui::view::popup_max_scroll(&app, ratatui::layout::Rect::new(0, 0, 80, 24));
    assert!(
        most > 25,
        "Queendomino's help is much longer than its box: {most}"
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("PgUp PgDn"), "{text}");
    // A page: the box's window of 21 rows (24, less its borders and its note).
    press(&mut app, "<pgdn>");
    assert_eq!(app.overlay(), Some(Overlay::Help));
    assert_eq!(app.popup_scroll(), 21);
    press(&mut app, "<end>");
    assert_eq!(app.popup_scroll(), most);
    assert!(words(&screen(&app, 80, 24)).contains("any other key closes it."));
    press(&mut app, "<pgup>");
    assert_eq!(app.popup_scroll(), most - 21);
    press(&mut app, "<home>");
    assert_eq!(app.popup_scroll(), 0);
    press(&mut app, "<pgup>");
    assert_eq!(app.popup_scroll(), 0);
    assert_eq!(app.overlay(), Some(Overlay::Help));
    press(&mut app, "x");
    assert_eq!(app.overlay(), None);
}

/// A ruleset's long name is cut first (with `…`) in the title bar, so the round, the pile and
/// whose turn it is stay (a 64-character name had pushed the pile and the turn off the line, a
/// 64-character CJK one everything after `Crownlands`).
#[test]
fn a_long_ruleset_name_gives_way_in_the_title_bar() {
    for name in ["A".repeat(20) + &" house rule".repeat(4), "王国".repeat(32)] {
        assert_eq!(name.chars().count(), 64);
        let named = crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            &format!("extends = \"kingdomino\"\nname = \"{name}\"\n"),
            std::path::Path::new("long.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let app = app_with(Arc::new(named), "you,greedy", 3);
        let text = screen(&app, 80, 24);
        let top = text.lines().next().unwrap_or_default();
        assert!(
            top.contains("· first claims · pile 20 · You to play"),
            "{top}"
        );
        assert!(top.contains("… ·"), "{top}");
        // Where the terminal is wide enough, whole.
        let text = screen(&app, 200, 50);
        let top = text.lines().next().unwrap_or_default();
        assert!(!top.contains('…'), "{top}");
    }
}

/// A prompt too long for its row, with nothing said under it, goes on in the row under it (at
/// 66x20 a claim's `Enter claim` had been cut off), the keys' row kept.
#[test]
fn a_long_prompt_goes_on_in_the_row_under_it() {
    let app = app("kingdomino", "you,greedy", 5);
    assert_eq!(app.mode(), crownlands_tui::Mode::Claim);
    let shown = screen(&app, 66, 20);
    let rows: Vec<&str> = shown.lines().collect();
    let footer = rows[17..].join("\n");
    assert!(
        words(&footer).contains("←→ or row 1-4 choose, Enter claim."),
        "{shown}"
    );
    assert!(rows[19].contains("? help"), "{shown}");
}

/// A very big terminal (250x70) draws the large kingdom in cells of 8 columns and 4 rows, its
/// letters on the second row; a click on any of the cell's rows is its square.
#[test]
fn a_very_big_terminal_draws_the_kingdom_in_cells_of_four_rows() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    press(&mut app, "<enter>");
    app.run_bots();
    let area = ratatui::layout::Rect::new(0, 0, 250, 70);
    let game = app.game().expect("a game").clone();
    let l = crownlands_tui::view::layout(&app, &game, area).expect("a layout");
    assert_eq!((l.cell_w, l.cell_h), (8, 4));
    let big = screen(&app, 250, 70);
    let lines: Vec<Vec<char>> = big.lines().map(|l| l.chars().collect()).collect();
    // The castle's cell: its letter on the cell's second row, the other three blank.
    let x = l.kingdom.x + u16::try_from(-l.region.0).unwrap() * l.cell_w;
    let top = l.kingdom.y + u16::try_from(-l.region.1).unwrap() * l.cell_h;
    let col = usize::from(x);
    let at = |dy: u16| {
        lines[usize::from(top + dy)][col..col + 8]
            .iter()
            .collect::<String>()
    };
    assert!(at(1).trim() == "C", "{:?}\n{big}", at(1));
    for dy in [0, 2, 3] {
        assert_eq!(at(dy).trim(), "", "row {dy}");
        let hit = crownlands_tui::view::hit(&app, area, x + 7, top + dy);
        assert_eq!(
            hit,
            Some(crownlands_tui::view::Hit::Cell(crownlands_core::Cell::new(
                0, 0
            ))),
            "row {dy} of the castle's cell"
        );
    }
    // 200x60 keeps cells of 6x3.
    let l = crownlands_tui::view::layout(&app, &game, ratatui::layout::Rect::new(0, 0, 200, 60))
        .expect("a layout");
    assert_eq!((l.cell_w, l.cell_h), (6, 3));
}

/// A narrow but tall terminal (80x40, 80x60) draws the large kingdom in two-row cells, as a
/// wide one does; 80x32 and 80x24 keep one row a cell (the log's rows).
#[test]
fn a_tall_narrow_terminal_draws_the_kingdom_in_two_row_cells() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    press(&mut app, "<enter>");
    app.run_bots();
    let game = app.game().expect("a game").clone();
    let cells = |w, h| {
        let l = crownlands_tui::view::layout(&app, &game, ratatui::layout::Rect::new(0, 0, w, h))
            .expect("a layout");
        (l.cell_w, l.cell_h, l.log.height)
    };
    for h in [36, 40, 60] {
        let (w, ch, log) = cells(80, h);
        assert_eq!((w, ch), (3, 2), "80x{h}");
        assert!(log >= 12, "80x{h}: a log of {log} rows");
    }
    for h in [24, 32] {
        assert_eq!(cells(80, h).1, 1, "80x{h}");
    }
}

/// A ruleset whose module gives seats something of their own (the handicap house rule): the
/// setup screen says it beside each seat given something, at the table's player count.
#[test]
fn the_setup_screen_says_each_seats_handicap() {
    let registry = crownlands_core::Registry::shipped_ref();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules/handicap.toml");
    let path = path.to_str().expect("a path");
    let ruleset = crownlands_rules::load(registry, path).expect("loads");
    let choice = crownlands_tui::app::ruleset_file::loaded(registry, path, &ruleset, &[]);
    assert_eq!(choice.notes.len(), 3, "{:?}", choice.notes);
    let mut setup = Setup::new(
        crownlands_tui::app::ruleset_file::shipped_choices(registry),
        None,
    );
    setup.add(choice);
    setup.players = 3;
    use crownlands_tui::app::seats::SeatKind;
    setup.seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Human];
    let app = App::with_setup(setup, config(1, Palette::none()));
    let text = screen(&app, 100, 30);
    let row = |n: usize| {
        text.lines()
            .find(|l| l.contains(&format!("Seat {n}:")))
            .unwrap_or_else(|| panic!("seat {n}:\n{text}"))
            .to_string()
    };
    assert!(row(1).contains("›  -3 pts"), "{}", row(1));
    assert!(!row(2).contains("pts"), "{}", row(2));
    assert!(row(3).contains("›  +5 pts"), "{}", row(3));
}

/// The score screen on a tall, narrow terminal (80x40, four kingdoms) draws the final kingdoms
/// in two-row cells, as the game does there: a row of squares, a blank row, a row of squares.
#[test]
fn the_score_screen_on_a_tall_narrow_terminal_draws_two_row_cells() {
    let mut app = app("kingdomino", "you,greedy,greedy,greedy", 3);
    play_to_end(&mut app, 5000);
    let text = screen(&app, 80, 40);
    // The first column's inside, row by row.
    let rows: Vec<String> = text
        .lines()
        .map(|l| {
            l.trim_matches('"')
                .chars()
                .skip(1)
                .take(17)
                .collect::<String>()
        })
        .collect();
    let castle = rows
        .iter()
        .position(|r| r.contains(" C "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(rows[castle + 1].trim().is_empty(), "{text}");
    assert!(rows[castle - 1].trim().is_empty(), "{text}");
    assert!(!rows[castle - 2].trim().is_empty(), "{text}");
}

/// With the 16 basic colours every colour on screen is one of ratatui's named ones, and the
/// terminal is sent them as the 16-colour codes (`ESC[31m`, `ESC[102m`): crossterm writes even
/// the named ones as 256-colour indexes (`ESC[38;5;1m`), which a 16-colour terminal may not
/// understand. The setup screen, a game of each box in play, its help and its end.
#[test]
fn the_16_colour_palette_sends_only_the_16_colour_codes() {
    use crownlands_tui::sgr::BasicColours;
    use ratatui::backend::CrosstermBackend;
    let basic = Palette {
        mode: ColourMode::Ansi16,
    };
    let mut apps = Vec::new();
    let choices = crownlands_tui::app::ruleset_file::shipped_choices(
        crownlands_core::Registry::shipped_ref(),
    );
    apps.push(App::with_setup(Setup::new(choices, None), config(1, basic)));
    for (ruleset, players) in [
        ("kingdomino", "you,greedy"),
        ("queendomino", "you,greedy,greedy"),
    ] {
        let mut a = app(ruleset, players, 3);
        a.config.palette = basic;
        until(&mut a, Mode::Place);
        apps.push(a);
        let mut a = app(ruleset, players, 3);
        a.config.palette = basic;
        play_to_step(&mut a, "buildings", 1, 300);
        apps.push(a);
        let mut a = app(ruleset, players, 3);
        a.config.palette = basic;
        play_to_end(&mut a, 3000);
        assert_eq!(a.mode(), Mode::GameOver);
        apps.push(a);
    }
    let mut help = app("queendomino", "you,greedy", 3);
    help.config.palette = basic;
    press(&mut help, "?");
    apps.push(help);
    let mut coloured = 0;
    for a in &apps {
        let buf = buffer(a, 100, 30);
        for c in buf.content() {
            for colour in [c.fg, c.bg] {
                assert!(
                    !matches!(colour, Color::Indexed(_) | Color::Rgb(..)),
                    "{colour:?} at {:?}",
                    c.symbol()
                );
                coloured += usize::from(colour != Color::Reset);
            }
        }
        let sink = Sink::default();
        let mut terminal = ratatui::Terminal::with_options(
            CrosstermBackend::new(BasicColours::new(sink.clone())),
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 100, 30)),
            },
        )
        .expect("terminal");
        terminal
            .draw(|f| crownlands_tui::view::draw(f, a))
            .expect("draws");
        let sent = String::from_utf8_lossy(&sink.0.borrow()).to_string();
        assert!(
            !sent.contains("38;5;") && !sent.contains("48;5;"),
            "a 256-colour code sent"
        );
        // The title's cyan, on the default background: `ESC[36;49m`.
        assert!(sent.contains("\x1b[36;49m"), "{sent:?}");
    }
    assert!(coloured > 1000, "{coloured}");
}

/// What a terminal was sent, kept to read.
#[derive(Clone, Default)]
struct Sink(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

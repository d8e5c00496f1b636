//! Starting `crownlands play`: the offer to resume an autosaved game, and the setup screen with
//! ruleset files (from the command line or typed on the screen). Built with
//! `terminal::build_app_in`, as the binary builds it, without a terminal.

mod common;

use common::*;
use crownlands_tui::app::resume::Answer;
use crownlands_tui::app::setup::Row;
use crownlands_tui::terminal::{PlayOptions, build_app_in};
use crownlands_tui::{App, Mode};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("crownlands-tui-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn opts(ruleset: Option<&str>, players: Option<&str>) -> PlayOptions {
    PlayOptions {
        ruleset: ruleset.map(str::to_string),
        players: players.map(str::to_string),
        seed: Some(77),
        load: None,
        pace_ms: Some(0),
        no_autosave: false,
        registry: crownlands_core::Registry::shipped(),
    }
}

fn build(o: &PlayOptions, dir: &Path) -> App {
    let mut app =
        build_app_in(o, Some(dir.to_path_buf()), SystemTime::now()).expect("the app builds");
    app.config.palette = crownlands_tui::Palette::none();
    app
}

/// An unfinished game of Kingdomino, autosaved in `dir` after a few moves; returns its app.
fn autosaved_game(dir: &Path) -> App {
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.to_path_buf());
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    play_to_end(&mut app, 6);
    assert_ne!(app.mode(), Mode::GameOver);
    assert!(dir.join(crownlands_saves::AUTOSAVE_FILE).exists());
    app
}

/// A game of Kingdomino played to its end, autosaved in `dir`.
fn finished_game(dir: &Path) {
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.to_path_buf());
    let mut done = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    play_to_end(&mut done, 1000);
    assert_eq!(done.mode(), Mode::GameOver);
}

fn autosave_bytes(dir: &Path) -> Vec<u8> {
    std::fs::read(dir.join(crownlands_saves::AUTOSAVE_FILE)).expect("autosave")
}

#[test]
fn an_unfinished_autosave_is_offered_and_resumes_exactly() {
    let dir = temp_dir("offer");
    let played = autosaved_game(&dir);
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    let offer = app.offer().expect("an offer");
    let found = offer.found.as_ref().expect("the autosave loads");
    assert_eq!(found.summary.ruleset, "kingdomino");
    assert_eq!(found.summary.players, vec!["You (human)", "greedy 2"]);
    // Where it stands in the players' terms: the round, as the header counts it, and whose
    // turn.
    assert_eq!(found.summary.round, played.game().unwrap().round());
    assert_eq!(found.summary.rounds, 6);
    let to_play = played
        .game()
        .unwrap()
        .to_act()
        .map(|p| played.name(p.index()));
    assert_eq!(found.summary.to_play, to_play);
    assert_eq!(found.summary.saved, "just now");
    assert_eq!(offer.answers()[0], Answer::Resume);
    let text = screen(&app, 80, 24);
    assert!(text.contains("An unfinished game"), "{text}");
    assert!(text.contains("You (human), greedy 2"), "{text}");
    press(&mut app, "r");
    assert_eq!(app.game(), played.game(), "the same position");
    assert_eq!(app.seats(), played.seats(), "the same seats");
    assert_eq!(app.mode(), played.mode());
    // The log shows the moves so far, as before.
    let before: Vec<&str> = played.log().collect();
    let after: Vec<&str> = app.log().collect();
    assert_eq!(after, before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game asked for on the command line (`--players`) with an unfinished game autosaved: the
/// offer still shows, but Enter starts the game asked for (a playtester's Enter resumed the
/// old game instead); `r` resumes; without `--players` Enter resumes.
#[test]
fn enter_starts_the_game_the_command_line_asked_for() {
    let name = |app: &App| app.game().map(|g| g.ruleset().name().to_string());
    for (players, key, ruleset) in [
        (Some("you,greedy"), "<enter>", "mighty-duel"),
        (Some("you,greedy"), "r", "kingdomino"),
        (None, "<enter>", "kingdomino"),
    ] {
        let dir = temp_dir("offer-focus");
        autosaved_game(&dir);
        let mut app = build(&opts(Some("mighty-duel"), players), &dir);
        assert_eq!(app.mode(), Mode::Resume);
        press(&mut app, key);
        assert_eq!(name(&app).as_deref(), Some(ruleset), "{players:?} {key}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn undo_in_a_resumed_game_writes_over_its_autosave_not_aside() {
    let dir = temp_dir("resume-undo");
    let played = autosaved_game(&dir);
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "r");
    assert_eq!(app.game(), played.game());
    assert!(app.can_undo());
    press(&mut app, "u");
    // The same game, shorter: no earlier game kept, no note of one.
    assert!(
        !dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE).exists(),
        "{:?}",
        std::fs::read_dir(&dir).unwrap().collect::<Vec<_>>()
    );
    assert!(!app.message().contains("kept"), "{}", app.message());
    let saved = saved(&dir, crownlands_saves::AUTOSAVE_FILE);
    assert_eq!(moves(&saved), moves(app.session().unwrap()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game saved with `s` in the saves folder, then loaded from there and a move undone: the
/// autosave of the same game is no game to keep aside (the saves folder holds it), and the
/// undo is said. Loaded from a file elsewhere, the autosave is kept, said after the undo.
#[test]
fn an_undo_in_a_loaded_game_keeps_no_copy_the_saves_folder_holds() {
    for in_saves in [true, false] {
        let dir = temp_dir(&format!("loaded-undo-{in_saves}"));
        let played = autosaved_game(&dir);
        let folder = if in_saves {
            dir.join("saves")
        } else {
            dir.join("elsewhere")
        };
        std::fs::create_dir_all(&folder).expect("folder");
        let file = folder.join("kingdomino-seed-5.json");
        crownlands_saves::write_save(&file, &played.session().unwrap().to_save()).expect("saved");
        let mut o = opts(None, None);
        o.load = Some(file);
        let mut app = build(&o, &dir);
        assert!(app.can_undo());
        press(&mut app, "u");
        let kept = dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE).exists();
        assert_eq!(kept, !in_saves, "{in_saves}");
        assert!(app.message().contains("Undone:"), "{}", app.message());
        assert_eq!(
            app.message()
                .starts_with("The earlier autosave (kingdomino, seed ")
                && app.message().contains(" was kept as "),
            !in_saves,
            "{}",
            app.message()
        );
        // The note stays said as the ghost moves (an undo's own words go then).
        if !in_saves {
            press(&mut app, "<right>");
            assert!(
                app.message()
                    .contains("The earlier autosave (kingdomino, seed "),
                "{}",
                app.message()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// An autosave whose game the saves folder holds as it stands (saved with `s`): the offer says
/// the game stays in that file (not that it will be kept as `autosave-previous.json`), and the
/// new game's first move writes over the autosave.
#[test]
fn an_offer_of_a_game_saved_with_s_names_the_saved_file() {
    let dir = temp_dir("offer-saved");
    let played = autosaved_game(&dir);
    std::fs::create_dir_all(dir.join("saves")).expect("folder");
    let file = dir.join("saves").join("kingdomino-seed-5.json");
    crownlands_saves::write_save(&file, &played.session().unwrap().to_save()).expect("saved");
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "n");
    assert!(
        app.message().contains("kingdomino-seed-5.json")
            && !app.message().contains("autosave-previous"),
        "{}",
        app.message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn declining_keeps_the_autosave_until_the_new_games_first_move() {
    let dir = temp_dir("decline");
    autosaved_game(&dir);
    let saved = autosave_bytes(&dir);
    // Declining into the setup screen, then quitting: the autosave is as it was.
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Setup);
    assert!(
        app.message().contains("autosave-previous.json"),
        "{}",
        app.message()
    );
    press(&mut app, "q");
    assert!(app.should_quit());
    assert_eq!(autosave_bytes(&dir), saved);
    // Declining into the game asked for: still kept until that game's first move. (Seated so
    // that the human's king is drawn first with seed 77: a bot's first claim would be a move.)
    let mut app = build(&opts(Some("kingdomino"), Some("greedy,you")), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    // (Enter presses New game, in focus when the command line asked for a game.)
    press(&mut app, "<enter>");
    assert_ne!(app.mode(), Mode::Resume);
    assert_eq!(app.session().unwrap().seed(), 77, "the game asked for");
    assert_eq!(autosave_bytes(&dir), saved);
    play_to_end(&mut app, 1);
    assert_ne!(
        autosave_bytes(&dir),
        saved,
        "the new game's first move replaced it"
    );
    let now = crownlands_saves::read_save(
        crownlands_core::Registry::shipped_ref(),
        &dir.join(crownlands_saves::AUTOSAVE_FILE),
    )
    .unwrap();
    assert_eq!(now.seed(), 77);
    // ... and the unfinished game it replaced is kept, byte for byte, beside it.
    let previous = dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE);
    assert_eq!(std::fs::read(&previous).expect("kept"), saved);
    assert!(
        app.log().any(|l| l.contains("autosave-previous.json")),
        "the log says where it went"
    );
    // Later moves of the same game move nothing again.
    play_to_end(&mut app, 1);
    assert_eq!(std::fs::read(&previous).expect("kept"), saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_at_the_offer_leaves_everything() {
    let dir = temp_dir("quit-offer");
    autosaved_game(&dir);
    let saved = autosave_bytes(&dir);
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "q");
    assert!(app.should_quit());
    assert_eq!(autosave_bytes(&dir), saved);
    // On the way out it says where the game stays, as a quit in a game does.
    let note = app.before_exit().unwrap_or_default();
    assert!(
        note.starts_with("The unfinished game stays in ")
            && note.ends_with(" play` offers it again."),
        "{note}"
    );
    // Esc leaves the same way.
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "<esc>");
    assert!(app.should_quit());
    assert!(
        app.before_exit()
            .is_some_and(|n| n.contains("offers it again"))
    );
    assert_eq!(autosave_bytes(&dir), saved);
    // A new game chosen, then quit at the setup screen before it starts: said too (the exit
    // had said nothing of the game left).
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "q");
    assert!(app.should_quit());
    assert!(
        app.before_exit()
            .is_some_and(|n| n.contains("offers it again")),
    );
    assert_eq!(autosave_bytes(&dir), saved);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_autosave_is_explained_on_screen_and_left_untouched() {
    let dir = temp_dir("corrupt");
    let path = dir.join(crownlands_saves::AUTOSAVE_FILE);
    let text = b"{\"format\": \"crownlands-save\", \"version\": 1, \"games\": [";
    std::fs::write(&path, text).unwrap();
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    let offer = app.offer().unwrap();
    let e = offer.found.as_ref().expect_err("does not load");
    assert!(e.contains("autosave.json"), "{e}");
    assert_eq!(offer.answers(), vec![Answer::NewGame, Answer::Quit]);
    let screen_text = screen(&app, 80, 24);
    assert!(
        screen_text.contains("The autosave does not load"),
        "{screen_text}"
    );
    assert!(screen_text.contains("left as it is"), "{screen_text}");
    // Its help offers no Resume either.
    press(&mut app, "?");
    let help = screen(&app, 100, 30);
    assert!(
        help.contains("it cannot be resumed") && !help.contains("Enter on Resume"),
        "{help}"
    );
    press(&mut app, "x");
    // Resume is not offered: r does nothing.
    press(&mut app, "r");
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "n");
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(std::fs::read(&path).unwrap(), text, "only read");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_or_missing_autosave_is_not_offered() {
    let dir = temp_dir("none");
    let app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Setup);
    // A finished game in the autosave.
    finished_game(&dir);
    let app = build(&opts(None, Some("you,greedy")), &dir);
    assert_ne!(app.mode(), Mode::Resume);
    let _ = std::fs::remove_dir_all(&dir);
}

const MY_RULES: &str = "name = \"my-duel\"\ndescription = \"Kingdomino for two, my way\"\n\
                        extends = \"kingdomino\"\nplayers = [2]\n";

#[test]
fn a_ruleset_file_on_the_command_line_opens_the_setup_screen_with_it_chosen() {
    let dir = temp_dir("cli-file");
    let file = dir.join("my-rules.toml");
    std::fs::write(&file, MY_RULES).unwrap();
    let shown = file.display().to_string();
    let mut app = build(&opts(Some(&shown), None), &dir.join("home"));
    assert_eq!(app.mode(), Mode::Setup);
    let setup = app.setup().unwrap();
    let choice = setup.choice().unwrap();
    assert_eq!(choice.name, shown);
    assert_eq!(choice.path.as_deref(), Some(file.as_path()));
    assert_eq!(setup.players, 2);
    assert!(
        setup.choices.iter().any(|c| c.name == "kingdomino"),
        "the shipped rulesets are listed too"
    );
    // One Enter starts it.
    press(&mut app, "<enter>");
    assert_eq!(app.game().unwrap().ruleset().name(), "my-duel");
    // A shipped name chooses it; --players starts at once. (Another home: the game above may
    // have autosaved already, when a bot's king was drawn first.)
    let app = build(&opts(Some("mighty-duel"), None), &dir.join("home2"));
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "mighty-duel");
    let app = build(
        &opts(Some("mighty-duel"), Some("you,greedy")),
        &dir.join("home2"),
    );
    assert_eq!(app.game().unwrap().ruleset().name(), "mighty-duel");
    // A file that does not load is an error before the terminal, with every problem.
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\nfoo = 1\n").unwrap();
    let e = build_app_in(
        &opts(Some(&bad.display().to_string()), None),
        None,
        SystemTime::now(),
    )
    .err()
    .expect("an error");
    // As the ruleset's diagnostics, which the CLI reports as `validate` does.
    let crownlands_tui::PlayError::Ruleset(problems) = &e else {
        panic!("not the ruleset's problems: {e}");
    };
    assert!(problems.to_string().contains("bad.toml:2:1"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ruleset_file_on_the_command_line_says_its_warnings() {
    let dir = temp_dir("cli-warned");
    // A snake with one king a player: it loads, with a warning at line 4.
    let file = dir.join("snake.toml");
    std::fs::write(
        &file,
        "extends = \"kingdomino\"\nplayers = [3]\n[rules]\nfirst-claims = \"snake\"\n",
    )
    .unwrap();
    let shown = file.display().to_string();
    // Without players: the setup screen, the file chosen and its warning said.
    let app = build(&opts(Some(&shown), None), &dir.join("home"));
    assert_eq!(app.setup().unwrap().choice().unwrap().name, shown);
    assert!(
        app.message()
            .starts_with(&format!("Opened {shown}, with a warning: "))
            && app.message().contains("snake.toml:4:16"),
        "{}",
        app.message()
    );
    // With players: the game begins, and says the warning after its seed.
    let app = build(
        &opts(Some(&shown), Some("you,greedy,greedy")),
        &dir.join("home2"),
    );
    assert!(app.game().is_some());
    assert!(
        app.message()
            .starts_with("New game, seed 77. Press ? for help. The ruleset has a warning: ")
            && app
                .message()
                .contains("changes nothing with one king a player"),
        "{}",
        app.message()
    );
    // And in the moves, where it stays once the status line gives way to the first move.
    assert!(
        app.log().any(|l| l.starts_with("Ruleset warning: ")
            && l.contains("changes nothing with one king a player")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    // A ruleset without warnings says none.
    let app = build(
        &opts(Some("kingdomino"), Some("you,greedy")),
        &dir.join("home3"),
    );
    assert_eq!(app.message(), "New game, seed 77. Press ? for help.");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_ruleset_file_typed_on_the_setup_screen_is_listed_or_explained() {
    let dir = temp_dir("typed");
    let good = dir.join("my-rules.toml");
    std::fs::write(&good, MY_RULES).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\nfoo = 1\n").unwrap();
    let mut app = build(&opts(None, None), &dir.join("home"));
    let listed = app.setup().unwrap().choices.len();
    // o jumps to the field; letters are typed, not taken as keys (q does not quit).
    press(&mut app, "o");
    assert_eq!(app.setup().unwrap().row, Row::File);
    press(&mut app, &format!("{}<enter>", bad.display()));
    assert!(!app.should_quit());
    let e = app.setup().unwrap().error.clone().expect("an error");
    assert!(e.contains("unknown key `foo`"), "{e}");
    let text = screen(&app, 80, 24);
    assert!(text.contains("bad.toml:2:1:"), "{text}");
    assert!(text.contains("unknown"), "{text}");
    assert_eq!(app.setup().unwrap().choices.len(), listed, "nothing listed");
    // A path that is no file: said so.
    press(&mut app, "<c-u>");
    assert_eq!(app.setup().unwrap().input, "");
    press(&mut app, "no/such/rules.toml<enter>");
    let e = app.setup().unwrap().error.clone().expect("an error");
    assert!(e.starts_with("No file `no/such/rules.toml`"), "{e}");
    // Esc clears the field, and again leaves it.
    press(&mut app, "<esc>");
    assert_eq!(app.setup().unwrap().input, "");
    assert_eq!(app.setup().unwrap().error, None);
    press(&mut app, "<esc>");
    assert_eq!(app.setup().unwrap().row, Row::Start);
    // A good file: listed, chosen, and the game starts from it.
    press(&mut app, &format!("o{}<enter>", good.display()));
    let setup = app.setup().unwrap();
    assert_eq!(setup.choices.len(), listed + 1);
    assert_eq!(
        setup.choice().unwrap().path.as_deref(),
        Some(good.as_path())
    );
    assert_eq!(setup.row, Row::Start);
    assert!(
        app.message()
            .starts_with(&format!("Opened {}: choose the players", good.display())),
        "{}",
        app.message()
    );
    // A file that loads with a warning: listed, and the warning said.
    let warned = dir.join("snake.toml");
    std::fs::write(
        &warned,
        "extends = \"kingdomino\"\nplayers = [3]\n[rules]\nfirst-claims = \"snake\"\n",
    )
    .unwrap();
    press(&mut app, &format!("o{}<enter>", warned.display()));
    assert_eq!(app.setup().unwrap().choices.len(), listed + 2);
    assert!(
        app.message()
            .starts_with(&format!("Opened {}, with a warning: ", warned.display()))
            && app.message().contains("snake.toml:4:16")
            && app
                .message()
                .contains("changes nothing with one king a player"),
        "{}",
        app.message()
    );
    // Opening the good one again selects it, not a second copy.
    press(&mut app, &format!("o{}<enter>", good.display()));
    assert_eq!(app.setup().unwrap().choices.len(), listed + 2);
    press(&mut app, "<enter>");
    app.run_bots();
    assert!(app.game().is_some(), "{:?} {}", app.mode(), app.message());
    assert_eq!(app.game().unwrap().ruleset().name(), "my-duel");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_offer_dates_the_save() {
    let dir = temp_dir("dated");
    autosaved_game(&dir);
    let later = SystemTime::now() + Duration::from_secs(3 * 3600 + 5);
    let app = build_app_in(&opts(None, None), Some(dir.clone()), later).unwrap();
    let found = app.offer().unwrap().found.as_ref().unwrap();
    assert_eq!(found.summary.saved, "3 hours ago");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_files_name_and_description_reach_the_screen_escaped() {
    // A file name with an escape sequence (setting the terminal's title, a red background) and
    // a description of tabs (which move a terminal's cursor to stops the screen does not know).
    let dir = temp_dir("evil-name");
    let evil = dir.join("evil\u{1b}]0;PWNED\u{7}\u{1b}[41m.toml");
    std::fs::write(
        &evil,
        "extends = \"kingdomino\"\nname = \"evil\"\ndescription = \"a\\tb\\tc\"\n",
    )
    .unwrap();
    let app = build(
        &opts(Some(&evil.display().to_string()), None),
        &dir.join("home"),
    );
    let area = ratatui::layout::Rect::new(0, 0, 120, 30);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    crownlands_tui::view::render(&app, area, &mut buf);
    let cells: String = buf.content().iter().map(|c| c.symbol()).collect();
    assert!(
        !cells.chars().any(crownlands_core::text::is_unsafe_char),
        "no control or bidirectional character is drawn"
    );
    let text = screen(&app, 120, 30);
    assert!(text.contains("evil\\u{1b}]0;PWNED\\u{7}"), "{text}");
    assert!(text.contains("a b c"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tab_completes_the_typed_path() {
    let dir = temp_dir("tab");
    std::fs::write(dir.join("my-rules.toml"), MY_RULES).unwrap();
    std::fs::write(dir.join("my-duel.toml"), MY_RULES).unwrap();
    std::fs::create_dir_all(dir.join("more")).unwrap();
    let mut app = build(&opts(None, None), &dir.join("home"));
    press(&mut app, &format!("o{}/my<tab>", dir.display()));
    // Two files fit: completed as far as they agree, both listed, still in the field.
    let setup = app.setup().unwrap();
    assert_eq!(setup.row, Row::File);
    assert_eq!(setup.input, format!("{}/my-", dir.display()));
    assert!(
        app.message().contains("my-duel.toml  my-rules.toml"),
        "{}",
        app.message()
    );
    // One more letter makes it one: completed, and Enter opens it.
    press(&mut app, "r<tab>");
    assert_eq!(
        app.setup().unwrap().input,
        format!("{}/my-rules.toml", dir.display())
    );
    press(&mut app, "<enter>");
    assert_eq!(
        app.setup().unwrap().choice().unwrap().name,
        format!("{}/my-rules.toml", dir.display())
    );
    // Nothing fits: the field stays, and says so.
    press(&mut app, &format!("o{}/zz<tab>", dir.display()));
    assert_eq!(app.setup().unwrap().input, format!("{}/zz", dir.display()));
    assert!(
        app.message().starts_with("No ruleset file"),
        "{}",
        app.message()
    );
    // Left with Esc (twice: the text, then the field), the list goes with the field; it does
    // not come back with the next `o` either.
    press(&mut app, &format!("<esc><esc>o{}/my<tab>", dir.display()));
    assert!(app.message().contains("my-duel.toml"), "{}", app.message());
    press(&mut app, "<esc><esc>");
    assert_eq!(app.message(), "");
    press(&mut app, "o");
    assert_eq!(app.message(), "");
    // A folder of hidden entries only (a home folder's `.config`): they are counted, and how
    // to see them said.
    std::fs::create_dir_all(dir.join("dots/.config")).unwrap();
    std::fs::write(dir.join("dots/.house.toml"), MY_RULES).unwrap();
    press(&mut app, &format!("<esc>o{}/dots/<tab>", dir.display()));
    assert!(
        app.message().ends_with(&format!(
            "; 2 hidden ones do (type `{}/dots/.` and Tab to see them).",
            dir.display()
        )),
        "{}",
        app.message()
    );
    press(&mut app, ".<tab>");
    assert!(
        app.message().contains(".config/  .house.toml"),
        "{}",
        app.message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_is_said_of_a_full_name_goes_when_the_name_is_left() {
    let dir = temp_dir("full-name");
    let mut app = build(&opts(None, None), &dir.join("home"));
    for _ in 0..12 {
        if matches!(app.setup().unwrap().row, Row::Seat(_)) {
            break;
        }
        press(&mut app, "<up>");
    }
    assert!(
        matches!(app.setup().unwrap().row, Row::Seat(_)),
        "a seat row"
    );
    press(&mut app, "nQuentin the very long one");
    assert!(
        app.setup()
            .unwrap()
            .error
            .as_deref()
            .is_some_and(|e| e.contains("is full")),
        "{:?}",
        app.setup().unwrap().error
    );
    press(&mut app, "<esc>");
    assert_eq!(app.setup().unwrap().error, None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_characters_from_files_never_reach_the_screen() {
    // An autosave whose player is named with a terminal escape: refused, explained, escaped.
    let dir = temp_dir("escape");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/malformed");
    let text = std::fs::read(corpus.join("name-newline.json")).unwrap();
    let text = String::from_utf8(text)
        .unwrap()
        .replace("\\nerror: forged line", "\\u001b]0;pwned\\u0007");
    std::fs::write(dir.join(crownlands_saves::AUTOSAVE_FILE), text).unwrap();
    let app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    let e = app.offer().unwrap().found.as_ref().expect_err("refused");
    assert!(e.contains("control character"), "{e}");
    assert!(!screen(&app, 80, 24).contains('\u{1b}'));
    // A seat named so anyway (by an embedder) is shown escaped.
    let mut seats = common::seats("you,greedy");
    seats[0].name = "A\u{1b}[5mB".to_string();
    let app = App::new_game(
        common::ruleset("kingdomino"),
        seats,
        common::config(1, crownlands_tui::Palette::none()),
    )
    .unwrap();
    assert_eq!(app.name(0), "A\\u{1b}[5mB");
    assert!(!screen(&app, 100, 30).contains('\u{1b}'));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game in the file `name` of `dir`.
fn saved(dir: &Path, name: &str) -> crownlands_saves::Session {
    crownlands_saves::read_save(crownlands_core::Registry::shipped_ref(), &dir.join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The moves of a game, all games of a match in a row.
fn moves(s: &crownlands_saves::Session) -> Vec<crownlands_core::Action> {
    s.actions().iter().flatten().copied().collect()
}

#[test]
fn an_autosave_that_is_not_a_file_is_left_and_the_game_autosaves_beside_it() {
    // A folder, or a FIFO (whose opening would wait for a writer, freezing the game), where
    // the autosave goes: left as it is, never opened; the game goes on in a file of its own.
    for kind in ["folder", "fifo"] {
        let dir = temp_dir(&format!("not-a-file-{kind}"));
        let at = dir.join(crownlands_saves::AUTOSAVE_FILE);
        if kind == "folder" {
            std::fs::create_dir_all(at.join("inside")).unwrap();
        } else if !std::process::Command::new("mkfifo")
            .arg(&at)
            .status()
            .is_ok_and(|s| s.success())
        {
            continue;
        }
        let mut app = build(&opts(None, Some("you,greedy")), &dir);
        // Alone, it is offered with what is wrong, and what a new game does: never moved.
        let offer = app.offer().expect("an offer");
        assert!(offer.not_a_file && offer.found.is_err(), "{kind}");
        let text = screen(&app, 80, 24);
        assert!(
            text.contains("autosaves beside it") && !text.contains("autosave-previous"),
            "{text}"
        );
        if app.mode() == Mode::Resume {
            press(&mut app, "n");
        }
        one_move(&mut app);
        let own = dir.join("autosave-2.json");
        assert_eq!(app.own_autosave(), Some(own.as_path()), "{kind}");
        assert!(
            app.log()
                .any(|l| l.contains("Autosaved to autosave-2.json from now on")),
            "{kind}"
        );
        one_move(&mut app);
        assert_eq!(
            moves(&saved(&dir, "autosave-2.json")),
            moves(app.session().unwrap())
        );
        assert_eq!(at.is_dir(), kind == "folder");
        assert!(
            kind == "fifo" || at.join("inside").is_dir(),
            "the folder is kept"
        );
        // Started again, the game that went on beside it is offered (not the folder's error).
        drop(app);
        let again = build(&opts(None, None), &dir);
        assert_eq!(again.mode(), Mode::Resume, "{kind}");
        let offer = again.offer().expect("an offer");
        assert_eq!(offer.path, own, "{kind}");
        assert!(offer.found.is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Play until the game has at least one more move (a human's key, or the bots).
fn one_move(app: &mut App) {
    let before = moves(app.session().expect("a game"));
    for _ in 0..20 {
        play_to_end(app, 1);
        if moves(app.session().expect("a game")).len() > before.len() {
            return;
        }
    }
    panic!("no move was played");
}

/// `crownlands play --players you,greedy --seed SEED` started on `dir`, the autosave offered and
/// declined with `n`.
fn declined_with_new_game(dir: &Path, seed: u64) -> App {
    let mut app = build(
        &PlayOptions {
            seed: Some(seed),
            ..opts(None, Some("you,greedy"))
        },
        dir,
    );
    assert_eq!(app.mode(), Mode::Resume, "the autosave is offered");
    press(&mut app, "n");
    assert_eq!(app.session().map(|s| s.seed()), Some(seed));
    assert!(
        moves(app.session().unwrap()).is_empty(),
        "seed {seed}: the human acts first, so nothing is written yet"
    );
    app
}

#[test]
fn two_programs_on_one_home_lose_no_unfinished_game() {
    use crownlands_saves::{AUTOSAVE_FILE, PREVIOUS_AUTOSAVE_FILE};
    let dir = temp_dir("two-programs");
    // An unfinished game (seed 5 here) in the autosave, then A (seed 15) and B (seed 6) both
    // decline it for a new game. (Seeds where the human claims first, so that nothing is
    // written before the moves below.)
    autosaved_game(&dir);
    let first = autosave_bytes(&dir);
    let mut a = declined_with_new_game(&dir, 15);
    let mut b = declined_with_new_game(&dir, 6);
    // A's first move keeps the earlier game as autosave-previous.json.
    one_move(&mut a);
    assert_eq!(
        std::fs::read(dir.join(PREVIOUS_AUTOSAVE_FILE)).unwrap(),
        first
    );
    assert_eq!(saved(&dir, AUTOSAVE_FILE).seed(), 15);
    // A program starting now is offered A's game, and told the name a new game would keep it
    // under: not autosave-previous.json, which holds the earlier unfinished game.
    let c = build(&opts(None, Some("you,greedy")), &dir);
    assert_eq!(c.mode(), Mode::Resume);
    assert_eq!(
        c.offer().map(|o| o.kept_as.as_str()),
        Some("autosave-previous-2.json")
    );
    drop(c);
    // B's first move keeps A's game, and does not replace the earlier one to do it.
    one_move(&mut b);
    assert_eq!(
        std::fs::read(dir.join(PREVIOUS_AUTOSAVE_FILE)).unwrap(),
        first
    );
    assert_eq!(saved(&dir, "autosave-previous-2.json").seed(), 15);
    assert!(
        b.log().any(|l| l.contains("autosave-previous-2.json")),
        "B's log says where A's game went"
    );
    assert_eq!(saved(&dir, AUTOSAVE_FILE).seed(), 6);
    // A's next move finds B's game in the autosave: A's game goes on in a file of its own, told
    // in the status line and the log, and B's game is left as it is.
    one_move(&mut a);
    let own = dir.join("autosave-2.json");
    assert_eq!(a.own_autosave(), Some(own.as_path()));
    assert!(a.message().contains("autosave-2.json"), "{}", a.message());
    assert!(a.message().contains("Another game"), "{}", a.message());
    assert!(a.log().any(|l| l.contains("autosave-2.json")));
    assert_eq!(
        moves(&saved(&dir, "autosave-2.json")),
        moves(a.session().unwrap())
    );
    assert_eq!(
        moves(&saved(&dir, AUTOSAVE_FILE)),
        moves(b.session().unwrap())
    );
    // Both play on, each into its own file, and every game is somewhere, whole and up to date.
    for _ in 0..3 {
        one_move(&mut b);
        one_move(&mut a);
    }
    assert_eq!(
        moves(&saved(&dir, "autosave-2.json")),
        moves(a.session().unwrap())
    );
    assert_eq!(
        moves(&saved(&dir, AUTOSAVE_FILE)),
        moves(b.session().unwrap())
    );
    assert_eq!(
        std::fs::read(dir.join(PREVIOUS_AUTOSAVE_FILE)).unwrap(),
        first
    );
    assert!(!a.session().unwrap().is_over() && !b.session().unwrap().is_over());
    // Quitting moves nothing more.
    assert!(is_autosaved_note(a.before_exit().as_deref()));
    assert!(is_autosaved_note(b.before_exit().as_deref()));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("autosave"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "autosave-2.json",
            "autosave-previous-2.json",
            "autosave-previous.json",
            "autosave.json"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_is_not_offered_to_resume_on_exit_when_another_took_the_autosave() {
    use crownlands_saves::AUTOSAVE_FILE;
    let dir = temp_dir("exit-finished");
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    let mut done = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    play_to_end(&mut done, 1000);
    assert_eq!(done.mode(), Mode::GameOver);
    // Another program's game takes `autosave.json` while the score screen is up.
    let other_dir = temp_dir("exit-finished-other");
    let other = autosaved_game(&other_dir);
    std::fs::write(
        dir.join(AUTOSAVE_FILE),
        other.session().unwrap().to_save().to_json(),
    )
    .unwrap();
    // The finished game is in the saves folder: nothing is said of resuming it.
    assert_eq!(done.before_exit(), None);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other_dir);
}

#[test]
fn a_game_written_over_in_the_instant_of_a_write_is_kept_on_exit() {
    use crownlands_saves::AUTOSAVE_FILE;
    let dir = temp_dir("exit-check");
    let mut a = autosaved_game(&dir);
    let mine = autosave_bytes(&dir);
    // Another program writes its game over A's without A seeing it (as when both write at
    // once): A's game is written to a file of its own when A ends.
    let other = declined_with_new_game(&dir, 6);
    std::fs::write(
        dir.join(AUTOSAVE_FILE),
        other.session().unwrap().to_save().to_json(),
    )
    .unwrap();
    let told = a.before_exit().expect("the player is told");
    assert!(told.contains("autosave-2.json"), "{told}");
    assert_eq!(std::fs::read(dir.join("autosave-2.json")).unwrap(), mine);
    assert_eq!(
        saved(&dir, AUTOSAVE_FILE).seed(),
        6,
        "the other game is left"
    );
    // An autosave removed under a running game is written again on exit.
    let dir2 = temp_dir("exit-check-gone");
    let mut c = autosaved_game(&dir2);
    let mine = autosave_bytes(&dir2);
    std::fs::remove_file(dir2.join(AUTOSAVE_FILE)).unwrap();
    assert!(is_autosaved_note(c.before_exit().as_deref()));
    assert_eq!(autosave_bytes(&dir2), mine);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

/// Terminal events for the event loop: these, then the signal `then` comes.
struct Script<'a> {
    events: std::collections::VecDeque<ratatui::crossterm::event::Event>,
    then: (&'a crownlands_tui::signals::Stop, i32),
}

impl crownlands_tui::terminal::Events for Script<'_> {
    fn next(
        &mut self,
        _timeout: Duration,
    ) -> std::io::Result<Option<ratatui::crossterm::event::Event>> {
        let next = self.events.pop_front();
        if next.is_none() {
            self.then.0.set(self.then.1);
        }
        Ok(next)
    }
}

fn key_event(code: ratatui::crossterm::event::KeyCode) -> ratatui::crossterm::event::Event {
    ratatui::crossterm::event::Event::Key(ratatui::crossterm::event::KeyEvent::from(code))
}

/// Run the event loop on a test terminal of 80x24 over `app`, with `events`, then `signal`.
fn run_loop_until(
    app: &mut App,
    events: Vec<ratatui::crossterm::event::Event>,
    signal: i32,
) -> (crownlands_tui::Ended, Option<String>) {
    use crownlands_tui::terminal::{Looped, run_loop};
    let stop = crownlands_tui::signals::Stop::new();
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
    let mut script = Script {
        events: events.into(),
        then: (&stop, signal),
    };
    let looped = Looped {
        started: std::time::Instant::now(),
        timings: None,
        test_panic: false,
        suspend: None,
    };
    let (ended, note) = run_loop(&mut terminal, app, &mut script, &stop, looped);
    (ended.expect("no terminal error"), note)
}

#[test]
fn a_signal_ends_the_event_loop_with_the_game_autosaved() {
    use crownlands_saves::AUTOSAVE_FILE;
    use crownlands_tui::Ended;
    use crownlands_tui::signals::{SIGHUP, SIGTERM, exit_code};
    use ratatui::crossterm::event::KeyCode;
    let dir = temp_dir("signal");
    let mut app = autosaved_game(&dir);
    // (In real time, as the loop reads keys: a claim handed over from a bot takes keys half a
    // second after it came.)
    while app.mode() != Mode::Claim {
        if app.mode() == Mode::BotThinking {
            app.run_bots();
        } else {
            app.key_at(crownlands_tui::Key::Enter, std::time::Instant::now());
            app.run_bots();
        }
    }
    std::thread::sleep(std::time::Duration::from_millis(600));
    let before = moves(app.session().unwrap()).len();
    // A claim by a key, then SIGTERM: the loop ends on the signal (not a quit), and the claim
    // is in the autosave.
    let (ended, note) = run_loop_until(&mut app, vec![key_event(KeyCode::Enter)], SIGTERM);
    assert_eq!(ended, Ended::Signal(SIGTERM));
    assert_eq!(exit_code(SIGTERM), 143);
    assert!(!app.should_quit());
    assert!(is_autosaved_note(note.as_deref()), "{note:?}");
    let now = moves(app.session().unwrap());
    assert!(now.len() > before, "the claim was played");
    assert_eq!(moves(&saved(&dir, AUTOSAVE_FILE)), now);
    // As a quit does, the exit makes sure of the game: taken over by another program in the
    // instant of a write, it is written to a file of its own, and the player told.
    let other = declined_with_new_game(&dir, 6);
    std::fs::write(
        dir.join(AUTOSAVE_FILE),
        other.session().unwrap().to_save().to_json(),
    )
    .unwrap();
    let (ended, note) = run_loop_until(&mut app, Vec::new(), SIGHUP);
    assert_eq!(ended, Ended::Signal(SIGHUP));
    assert!(note.is_some_and(|n| n.contains("autosave-2.json")));
    assert_eq!(moves(&saved(&dir, "autosave-2.json")), now);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_ends_the_event_loop_as_a_quit() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp_dir("loop-quit");
    let mut app = autosaved_game(&dir);
    let saved_before = autosave_bytes(&dir);
    let (ended, note) = run_loop_until(
        &mut app,
        vec![key_event(KeyCode::Char('q')), key_event(KeyCode::Char('y'))],
        crownlands_tui::signals::SIGTERM,
    );
    assert_eq!(ended, crownlands_tui::Ended::Quit);
    assert!(is_autosaved_note(note.as_deref()), "{note:?}");
    assert_eq!(autosave_bytes(&dir), saved_before, "nothing more to write");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pace_over_3_s_is_refused() {
    let dir = temp_dir("pace");
    let at = |pace| PlayOptions {
        pace_ms: Some(pace),
        ..opts(None, Some("greedy,greedy"))
    };
    let app = build(&at(3000), &dir);
    assert_eq!(app.config.pace, Duration::from_secs(3));
    for pace in [3001, u64::MAX] {
        let e = build_app_in(&at(pace), Some(dir.clone()), SystemTime::now())
            .err()
            .expect("refused");
        assert!(e.to_string().contains("from 0 to 3000 (3 s)"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_left_in_a_numbered_autosave_is_offered_and_goes_on_there() {
    use crownlands_saves::AUTOSAVE_FILE;
    let dir = temp_dir("numbered");
    // A game that went on in `autosave-2.json` (another program had taken `autosave.json`,
    // whose game is finished now), beside files that are not numbered autosaves of this app.
    let played = autosaved_game(&dir);
    std::fs::rename(dir.join(AUTOSAVE_FILE), dir.join("autosave-2.json")).unwrap();
    std::fs::write(dir.join("autosave-3.json"), "not a save").unwrap();
    std::fs::write(dir.join("autosave-02.json"), "not a save either").unwrap();
    finished_game(&dir);
    let numbered = std::fs::read(dir.join("autosave-2.json")).unwrap();

    // Offered on start, and said where it is.
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    let offer = app.offer().expect("an offer");
    assert!(offer.path.ends_with("autosave-2.json"), "{:?}", offer.path);
    assert!(!offer.is_main());
    let text = screen(&app, 80, 24);
    assert!(text.contains("autosave-2.json"), "{text}");
    assert!(text.contains("another game took"), "{text}");
    // Declined: it stays where it is, and the new game takes `autosave.json`.
    press(&mut app, "n");
    assert!(
        app.message().contains("stays in autosave-2.json"),
        "{}",
        app.message()
    );
    assert_eq!(
        std::fs::read(dir.join("autosave-2.json")).unwrap(),
        numbered
    );

    // Resumed: the same game, autosaved on in `autosave-2.json`, never over `autosave.json`.
    let finished = std::fs::read(dir.join(AUTOSAVE_FILE)).unwrap();
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "r");
    assert_eq!(app.game(), played.game(), "the same position");
    assert!(
        app.message().contains("autosave-2.json"),
        "{}",
        app.message()
    );
    let own = dir.join("autosave-2.json");
    assert_eq!(app.own_autosave(), Some(own.as_path()));
    one_move(&mut app);
    assert_eq!(
        moves(&saved(&dir, "autosave-2.json")),
        moves(app.session().unwrap())
    );
    assert_eq!(std::fs::read(dir.join(AUTOSAVE_FILE)).unwrap(), finished);
    // Another program writes that file in the meantime: this game goes on in a free name
    // (`autosave-3.json` is taken, by a file that is no save), and nothing is overwritten.
    std::fs::write(&own, &numbered).unwrap();
    one_move(&mut app);
    assert!(
        app.message().contains("autosave-4.json"),
        "{}",
        app.message()
    );
    assert!(
        app.message().contains("Another game took autosave-2.json"),
        "{}",
        app.message()
    );
    assert_eq!(std::fs::read(&own).unwrap(), numbered);
    assert_eq!(
        std::fs::read_to_string(dir.join("autosave-3.json")).unwrap(),
        "not a save"
    );
    assert_eq!(
        moves(&saved(&dir, "autosave-4.json")),
        moves(app.session().unwrap())
    );
    let note = app.before_exit();
    assert!(
        is_autosaved_note(note.as_deref())
            && note
                .as_deref()
                .is_some_and(|n| n.contains("autosave-4.json")),
        "{note:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// With autosave off, declining the autosaved game says it stays as it is (nothing is kept
/// aside at the new game's first move: nothing is written at all).
#[test]
fn declining_with_autosave_off_says_the_autosave_stays_as_it_is() {
    let dir = temp_dir("decline-off");
    autosaved_game(&dir);
    let saved = autosave_bytes(&dir);
    let off = PlayOptions {
        no_autosave: true,
        ..opts(None, None)
    };
    let mut app = build(&off, &dir);
    assert_eq!(app.mode(), Mode::Resume);
    let text = screen(&app, 100, 30);
    assert!(text.contains("autosave is off"), "{text}");
    assert!(!text.contains("autosave-previous"), "{text}");
    press(&mut app, "n");
    assert!(
        app.message().contains("stays as it is (autosave is off)"),
        "{}",
        app.message()
    );
    press(&mut app, "q");
    assert_eq!(autosave_bytes(&dir), saved);
    assert!(!dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_many_problems_says_how_many_first() {
    // Six problems in a box of a few rows: the count (after the fourth) was cut off.
    let dir = temp_dir("many-problems");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 0\nline-size = 0\nkings-per-player = 0\nmatch-games = 0\ndeck-size = 0\nfirst-claims = \"x\"\n",
    )
    .unwrap();
    let mut app = build(&opts(None, None), &dir.join("home"));
    press(&mut app, &format!("o{}<enter>", bad.display()));
    let error = app.setup().unwrap().error.clone().unwrap_or_default();
    let first = error.lines().next().unwrap_or_default();
    // (The program's name is the test binary's here.)
    assert!(
        first.starts_with("6 problems (the first 4 below; `")
            && first.ends_with(" validate` lists them all):"),
        "{error}"
    );
    // The problems name the file opened by its name alone (its path is in the field above): at
    // 80x24 the four fit.
    let shown = screen(&app, 80, 24);
    assert!(
        shown.contains("│bad.toml:3:13: `grid-size` in [rules]: 0 is too"),
        "{shown}"
    );
    assert!(shown.contains("│bad.toml:6:15: `match-games`"), "{shown}");
    assert!(!shown.contains("more lines"), "{shown}");
    // At 60x20 they do not: they take the room of the ruleset's description, and the box's
    // last row says how many lines more and where they all are, rather than the box ending
    // mid-sentence, with the first problem in view (none was).
    let shown = screen(&app, 60, 20);
    assert!(!shown.contains("Kingdomino for 2-4"), "{shown}");
    assert!(shown.contains("│bad.toml:3:13: `grid-size`"), "{shown}");
    assert!(shown.contains("│… 6 more lines  "), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn six_seats_leave_room_for_a_file_s_first_problem() {
    // At 60x20 with a table of six, the heading of several problems took the rows left: "the
    // first 4 below", and none below. Short of room, the heading is short and the first
    // problem in view.
    let dir = temp_dir("six-seats-problems");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 0\nline-size = 0\nkings-per-player = 0\nmatch-games = 0\ndeck-size = 0\nfirst-claims = \"x\"\n",
    )
    .unwrap();
    let mut app = build(&opts(Some("royal-wedding-teams"), None), &dir.join("home"));
    assert_eq!(app.setup().expect("setup").seats.len(), 6);
    press(&mut app, &format!("o{}<enter>", bad.display()));
    let shown = screen(&app, 60, 20);
    assert!(shown.contains("6 problems (`validate` lists"), "{shown}");
    assert!(shown.contains("│bad.toml:3:13: `grid-size`"), "{shown}");
    assert!(shown.contains("more lines"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_name_being_typed_keeps_its_end_and_the_cursor_in_view() {
    // Sixteen letters fit the name, not always the row: only `name: Quentin the` showed, the
    // cursor out of view (here at 64 columns).
    let dir = temp_dir("long-name");
    let mut app = build(&opts(None, None), &dir.join("home"));
    for _ in 0..12 {
        if matches!(app.setup().unwrap().row, Row::Seat(_)) {
            break;
        }
        press(&mut app, "<up>");
    }
    press(&mut app, "<right><right><right>nQuentin the very");
    let text = screen(&app, 64, 24);
    let row = text
        .lines()
        .find(|l| l.contains("name: "))
        .unwrap_or_default()
        .to_string();
    assert!(row.contains("y▏"), "{text}");
    // Named, and shown in a row too short for it: cut with a mark, not at the border.
    press(&mut app, "<enter>");
    let text = screen(&app, 60, 20);
    assert!(text.contains("Seat 2: ‹ bot: random ›  Quen…│"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The note an exit leaves for an unfinished game autosaved where it always is (nothing moved).
fn is_autosaved_note(note: Option<&str>) -> bool {
    note.is_some_and(|n| {
        n.starts_with("The game is autosaved in ")
            && (n.ends_with(" play` offers to resume it.")
                || (n.contains(" play --load ") && n.ends_with("` resumes it.")))
    })
}

/// With `bad` as the kept table in `dir`, the setup screen starts from its defaults: Kingdomino
/// for 2 players, no file typed.
fn starts_from_the_defaults(dir: &Path, bad: &str) {
    use crownlands_tui::app::last_table::LAST_TABLE_FILE;
    std::fs::write(dir.join(LAST_TABLE_FILE), bad).expect("written");
    let app = build(&opts(None, None), dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(
        setup.choice().map(|c| c.name.as_str()),
        Some("kingdomino"),
        "{bad}"
    );
    assert_eq!(setup.players, 2, "{bad}");
    assert!(setup.input.is_empty(), "{bad}");
}

/// The table last started from the setup screen comes back on the next start (a group had
/// retyped every name): the ruleset, the seats and the names; a file that does not read as one
/// (broken, hostile, or a FIFO) is ignored for the defaults.
#[test]
fn the_last_table_started_comes_back_on_the_next_start() {
    use crownlands_tui::app::last_table::LAST_TABLE_FILE;
    let dir = temp_dir("last-table");
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Setup);
    // Queendomino, three seats: two people named, a bot.
    {
        let setup = app.setup_mut().expect("the setup");
        setup.restore(
            "queendomino",
            crownlands_tui::app::seats::parse_players("you,you,mcts").expect("seats"),
            vec!["Anna".into(), "Ben".into(), String::new()],
        );
    }
    app.setup_mut().expect("the setup").focus(Row::Start);
    press(&mut app, "<enter>");
    assert_ne!(app.mode(), Mode::Setup, "{}", app.message());
    assert!(dir.join(LAST_TABLE_FILE).is_file());
    drop(app);
    // The next start: the same table.
    let _ = std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE));
    let app = build(&opts(None, None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.choice().map(|c| c.name.as_str()), Some("queendomino"));
    assert_eq!(setup.players, 3);
    assert_eq!(setup.names[..2], ["Anna".to_string(), "Ben".to_string()]);
    // `play queendomino`: the same table (a playtest's six seats had come back as three
    // greedy ones); `play kingdomino`: that ruleset's defaults, no names of another table.
    let app = build(&opts(Some("queendomino"), None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.players, 3);
    assert_eq!(setup.names[..2], ["Anna".to_string(), "Ben".to_string()]);
    let app = build(&opts(Some("kingdomino"), None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.choice().map(|c| c.name.as_str()), Some("kingdomino"));
    assert!(
        setup.names.iter().all(String::is_empty),
        "{:?}",
        setup.names
    );
    // A file that does not read as a table: the defaults.
    for bad in [
        "{",
        "{\"ruleset\": \"queendomino\", \"seats\": \"you,you\", \"names\": [\"\\u001b[31mX\"]}",
        "{\"ruleset\": \"queendomino\", \"seats\": \"you,nobody\", \"names\": []}",
        "{\"ruleset\": \"no-such\", \"seats\": \"you,greedy\", \"names\": []}",
        "{\"ruleset\": \"queendomino\", \"seats\": \"you\", \"names\": []}",
        // Bots the setup screen does not offer (an hour a move on 64 threads, say).
        "{\"ruleset\": \"queendomino\", \"seats\": \"you,mcts:3600000ms:threads=64\", \"names\": []}",
        "{\"ruleset\": \"queendomino\", \"seats\": \"you,mcts:2000\", \"names\": []}",
    ] {
        starts_from_the_defaults(&dir, bad);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A house rule opened from its file (`o`) comes back too: its path typed in the file field,
/// Enter opening it with the table's seats and names (nothing read before the player asks).
#[test]
fn the_last_table_of_a_ruleset_file_comes_back_opened_again() {
    use crownlands_tui::app::last_table::LAST_TABLE_FILE;
    let dir = temp_dir("last-table-file");
    let rules = dir.join("rules");
    std::fs::create_dir_all(&rules).expect("folder");
    let house = rules.join("house.toml");
    std::fs::write(
        &house,
        "extends = \"kingdomino\"\nname = \"house\"\n[rules]\nharmony.enabled = true\n",
    )
    .expect("written");
    let mut app = build(&opts(None, None), &dir);
    {
        let setup = app.setup_mut().expect("the setup");
        let choice = crownlands_tui::app::ruleset_file::open(
            crownlands_core::Registry::shipped_ref(),
            house.to_str().expect("a path"),
        )
        .expect("the file opens");
        let at = setup.add(choice);
        setup.restore_at(
            at,
            crownlands_tui::app::seats::parse_players("you,you,greedy").expect("seats"),
            vec!["Anna".into(), "Ben".into(), String::new()],
        );
        setup.focus(Row::Start);
    }
    press(&mut app, "<enter>");
    assert_ne!(app.mode(), Mode::Setup, "{}", app.message());
    let kept = std::fs::read_to_string(dir.join(LAST_TABLE_FILE)).expect("kept");
    assert!(kept.contains("house.toml"), "{kept}");
    drop(app);
    let _ = std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE));
    // The next start: the path waits in the file field, typed, nothing read yet; Enter opens
    // it, with the table's seats and names.
    let mut app = build(&opts(None, None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.input, house.to_str().expect("a path"));
    assert!(setup.typing);
    assert_eq!(setup.choice().map(|c| c.name.as_str()), Some("kingdomino"));
    // Said, not only typed (a path with a cursor read as a field to fill, the table below as
    // the one to start); and where the field was left with ↑↓, said where it waits.
    let text = screen(&app, 100, 30);
    assert!(text.contains("Your last table was on this file"), "{text}");
    press(&mut app, "<up>");
    let text = screen(&app, 100, 30);
    assert!(
        text.contains("Your last table's ruleset file waits in the file field"),
        "{text}"
    );
    press(&mut app, "<down>");
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.row, Row::File);
    press(&mut app, "<enter>");
    let setup = app.setup().expect("the setup");
    let choice = setup.choice().expect("a choice");
    assert_eq!(choice.path.as_deref(), Some(house.as_path()), "the file's");
    assert_eq!(setup.players, 3);
    assert_eq!(setup.names[..2], ["Anna".to_string(), "Ben".to_string()]);
    // `play house.toml`: opened at once, with the table's seats and names.
    let app = build(&opts(Some(house.to_str().expect("a path")), None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(
        setup.choice().and_then(|c| c.path.as_deref()),
        Some(house.as_path())
    );
    assert_eq!(setup.players, 3);
    assert_eq!(setup.names[..2], ["Anna".to_string(), "Ben".to_string()]);
    // The file broken since: Enter says why, as for any file typed; Esc clears the field and
    // leaves it, for the defaults.
    std::fs::write(&house, "extends = \"no-such\"\n").expect("written");
    let mut app = build(&opts(None, None), &dir);
    press(&mut app, "<enter>");
    let setup = app.setup().expect("the setup");
    assert!(setup.error.is_some());
    press(&mut app, "<esc><esc>");
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.choice().map(|c| c.name.as_str()), Some("kingdomino"));
    assert!(!setup.typing);
    // A kept path that is not absolute, or holds a control character: not read at all.
    for bad in [
        "{\"ruleset\": \"house\", \"file\": \"rules/house.toml\", \"seats\": \"you,you\", \"names\": []}",
        "{\"ruleset\": \"house\", \"file\": \"/tmp/\\u001b[31m.toml\", \"seats\": \"you,you\", \"names\": []}",
    ] {
        starts_from_the_defaults(&dir, bad);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn k_and_j_move_a_seats_player_and_its_name() {
    let dir = temp_dir("move-seat");
    let mut app = build(&opts(None, None), &dir.join("home"));
    for _ in 0..12 {
        if app.setup().unwrap().row == Row::Seat(0) {
            break;
        }
        press(&mut app, "<down>");
    }
    assert_eq!(app.setup().unwrap().row, Row::Seat(0));
    let before = app.setup().unwrap().seats.clone();
    assert_ne!(before[0], before[1], "a person and a bot: {before:?}");
    press(&mut app, "nAnn<enter>");
    assert!(screen(&app, 80, 24).contains("K J move seat"));
    // Up from the first seat: nothing moves, and the screen says why.
    press(&mut app, "K");
    assert_eq!(app.setup().unwrap().seats, before);
    assert!(app.message().contains("first seat"), "{}", app.message());
    press(&mut app, "J");
    let setup = app.setup().unwrap();
    assert_eq!(setup.row, Row::Seat(1), "the focus goes with the player");
    assert_eq!(setup.seats, [before[1].clone(), before[0].clone()]);
    assert_eq!(setup.names, ["", "Ann"]);
    assert_eq!(app.message(), "");
    press(&mut app, "J");
    assert!(app.message().contains("last seat"), "{}", app.message());
    press(&mut app, "K");
    let setup = app.setup().unwrap();
    assert_eq!((setup.row, setup.seats.clone()), (Row::Seat(0), before));
    assert_eq!(setup.names, ["Ann", ""]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Between the games of a match, the match is unfinished: quitting says where it is autosaved,
/// as a quit in a game does. A new game started and not yet moved in is not what the autosave
/// holds: quitting then promises nothing.
#[test]
fn quitting_between_a_matchs_games_says_it_is_autosaved_and_a_new_unmoved_game_does_not() {
    let dir = temp_dir("match-quit");
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset("dynasty"), seats("you,greedy"), config.clone()).unwrap();
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert!(!app.session().unwrap().is_over(), "the match goes on");
    let note = app.before_exit();
    assert!(is_autosaved_note(note.as_deref()), "{note:?}");
    // On to the match's next game, no move in it yet: still autosaved, as it stands.
    press(&mut app, "<enter>");
    assert_eq!(app.session().unwrap().game_index(), 1);
    let note = app.before_exit();
    assert!(is_autosaved_note(note.as_deref()), "{note:?}");
    // A finished game of Kingdomino, then Enter: a new game, no move in it yet.
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(
        app.before_exit(),
        None,
        "a finished game is kept, not autosaved"
    );
    press(&mut app, "<enter>");
    assert_ne!(app.mode(), Mode::GameOver, "a new game");
    assert_eq!(app.session().unwrap().actions().concat().len(), 0);
    assert_eq!(
        app.before_exit(),
        None,
        "nothing of the new game is autosaved yet"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bots_pace_chosen_with_plus_and_minus_is_kept_for_the_next_start() {
    use crownlands_tui::app::bot_pace::BOT_PACE_FILE;
    use std::time::Duration;
    let dir = temp_dir("pace");
    let mut o = opts(Some("kingdomino"), Some("you,greedy"));
    o.pace_ms = None;
    let mut app = build(&o, &dir);
    assert_eq!(app.config.pace, Duration::from_millis(600), "the default");
    press(&mut app, "++-+");
    assert_eq!(app.config.pace, Duration::from_millis(200));
    assert!(dir.join(BOT_PACE_FILE).is_file());
    drop(app);
    // The next start (a resumed game too) has it; `--pace` still decides when given.
    let _ = std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE));
    assert_eq!(build(&o, &dir).config.pace, Duration::from_millis(200));
    o.pace_ms = Some(1000);
    assert_eq!(build(&o, &dir).config.pace, Duration::from_millis(1000));
    // A file that does not read as a pace: the default.
    o.pace_ms = None;
    for bad in [
        "{",
        "{\"bot-pace-ms\": 999999}",
        "{\"bot-pace-ms\": -1}",
        "{\"x\": 1}",
    ] {
        std::fs::write(dir.join(BOT_PACE_FILE), bad).unwrap();
        assert_eq!(
            build(&o, &dir).config.pace,
            Duration::from_millis(600),
            "{bad}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `s` again on the same game saves into the file it saved before; a game loaded from the saves
/// folder (`--load`) and finished is kept in that file: one file for one game, not one a press.
#[test]
fn a_game_saved_and_loaded_again_stays_in_its_file() {
    let dir = temp_dir("saved-again");
    let saves = dir.join("saves");
    let files = || -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(&saves)
            .map(|r| r.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    let mut app = build(&opts(Some("kingdomino"), Some("you,greedy")), &dir);
    play_to_end(&mut app, 4);
    press(&mut app, "s");
    let first = files();
    assert_eq!(first.len(), 1, "{first:?}");
    play_to_end(&mut app, 4);
    press(&mut app, "s");
    assert_eq!(files(), first, "saved again into the same file");
    assert!(app.message().contains(" again in "), "{}", app.message());
    drop(app);
    // Loaded from the saves folder and finished: kept in the same file.
    let _ = std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE));
    let mut o = opts(None, None);
    o.load = Some(first[0].clone());
    let mut app = build(&o, &dir);
    play_to_end(&mut app, 1000);
    assert_eq!(app.mode(), Mode::GameOver);
    assert_eq!(files(), first, "{}", app.message());
    let kept = crownlands_saves::read_save_file(&first[0]).unwrap();
    assert_eq!(kept, app.session().unwrap().to_save(), "the finished game");
    // A file loaded from elsewhere is only read: the finished game goes into the saves folder.
    let elsewhere = dir.join("from-a-friend.json");
    std::fs::copy(&first[0], &elsewhere).unwrap();
    let before = std::fs::read(&elsewhere).unwrap();
    o.load = Some(elsewhere.clone());
    let mut app = build(&o, &dir);
    assert_eq!(
        app.mode(),
        Mode::GameOver,
        "a finished game loads on its scores"
    );
    press(&mut app, "s");
    assert_eq!(std::fs::read(&elsewhere).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game started from the command line says the ruleset's warnings of its own player count
/// only: a 7x7 house rule with Harmony warns that its deck cannot fill the grid at 3 and 4
/// players, which says nothing of a game of 2.
#[test]
fn a_game_says_the_warnings_of_its_player_count_only() {
    let dir = temp_dir("count-warnings");
    let file = dir.join("big7.toml");
    std::fs::write(
        &file,
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 7\nharmony = { enabled = true }\n[for-players.2]\ndeck-size = 48\n",
    )
    .unwrap();
    let path = file.display().to_string();
    for (players, warned) in [("you,greedy", false), ("you,greedy,greedy", true)] {
        let app = build(&opts(Some(&path), Some(players)), &dir);
        assert!(app.message().starts_with("New game"), "{}", app.message());
        assert_eq!(
            app.message().contains("The ruleset has a warning"),
            warned,
            "{players}: {}",
            app.message()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save whose rules, kept in it, are not those of the shipped ruleset of its name loads with
/// that said (as `replay` says it: Harmony switched on in a Kingdomino save's copy had loaded
/// as "Game loaded." alone); one whose rules are the shipped ones says nothing of them.
#[test]
fn a_loaded_save_with_rules_of_its_own_says_so() {
    let dir = temp_dir("load-own-rules");
    let mut app = build(&opts(Some("kingdomino"), Some("you,greedy")), &dir);
    play_to_end(&mut app, 4);
    let mut save = app.session().unwrap().to_save();
    let plain = dir.join("plain.json");
    crownlands_saves::write_save(&plain, &save).unwrap();
    save.ruleset = save.ruleset.replace(
        "harmony = { enabled = false, points = 5 }",
        "harmony = { enabled = true, points = 50 }",
    );
    let edited = dir.join("edited.json");
    crownlands_saves::write_save(&edited, &save).unwrap();
    for (file, said) in [(&plain, false), (&edited, true)] {
        let mut o = opts(None, None);
        o.load = Some(file.clone());
        let app = build(&o, &dir);
        assert!(
            app.message().starts_with("Game loaded"),
            "{}",
            app.message()
        );
        assert_eq!(
            app.message()
                .contains("its rules, kept in the save, are not kingdomino's of this build"),
            said,
            "{}",
            app.message()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game resumed from an autosave another version wrote (other bytes for the same game) and
/// quit before a move: the autosave holds it, and the exit says so (it said nothing: the bytes
/// this version would write differ).
#[test]
fn a_game_resumed_and_quit_at_once_is_said_to_be_autosaved_whatever_wrote_it() {
    let dir = temp_dir("resumed-other-form");
    drop(autosaved_game(&dir));
    let path = dir.join(crownlands_saves::AUTOSAVE_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let other = serde_json::to_string(&v).unwrap();
    assert_ne!(other, text, "another form of the same game");
    std::fs::write(&path, &other).unwrap();
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "r");
    let note = app.before_exit();
    assert!(is_autosaved_note(note.as_deref()), "{note:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The resume offer quit in a terminal too small for it (only q, then y, work there) says on
/// the way out where the game stays, as its Quit button does (it said nothing).
#[test]
fn an_offer_quit_in_a_terminal_too_small_says_where_the_game_stays() {
    let dir = temp_dir("offer-too-small");
    drop(autosaved_game(&dir));
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Resume);
    app.set_screen(40, 10, crownlands_tui::view::MEASURE);
    assert!(app.screen_too_small());
    press(&mut app, "qy");
    assert!(app.should_quit());
    let note = app.before_exit().unwrap_or_default();
    assert!(note.starts_with("The unfinished game stays in "), "{note}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_setup_keys_say_what_enter_does_on_each_row() {
    // On a seat, Enter goes to Start (a second Enter begins): its key said "Enter start".
    let dir = temp_dir("enter-says");
    let mut app = build(&opts(None, None), &dir.join("home"));
    assert_eq!(app.setup().unwrap().row, Row::Start);
    assert!(screen(&app, 100, 30).contains("Enter start"));
    press(&mut app, "<up>");
    assert!(matches!(app.setup().unwrap().row, Row::Seat(_)));
    let text = screen(&app, 100, 30);
    assert!(
        text.contains("Enter to Start") && !text.contains("Enter start"),
        "{text}"
    );
    press(&mut app, "<enter>");
    assert_eq!(app.setup().unwrap().row, Row::Start);
    assert_eq!(app.mode(), Mode::Setup);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished game whose keeping in the saves folder failed (the folder a file: a full disk
/// does the same) is only in `autosave.json`: a new game's first move moves it aside as it
/// would an unfinished one. One kept in the saves folder is written over, as before.
#[test]
fn a_finished_autosave_kept_nowhere_else_is_moved_aside_not_overwritten() {
    for kept in [false, true] {
        let dir = temp_dir(if kept {
            "finished-kept"
        } else {
            "finished-lost"
        });
        std::fs::create_dir_all(&dir).unwrap();
        let saves = dir.join("saves");
        if !kept {
            std::fs::write(&saves, "not a folder").unwrap();
        }
        let mut base = config(5, crownlands_tui::Palette::none());
        base.autosave_dir = Some(dir.clone());
        base.save_dir = Some(saves.clone());
        let game = |cfg: crownlands_tui::Config| {
            App::new_game(ruleset("kingdomino"), seats("you,greedy"), cfg).unwrap()
        };
        let previous = dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE);
        // After the next game's first moves: the finished game moved aside, or written over.
        let check = |finished: &[u8]| {
            assert!(autosave_bytes(&dir) != finished);
            if kept {
                assert!(!previous.exists());
            } else {
                assert!(std::fs::read(&previous).expect("moved aside") == finished);
            }
        };
        let mut done = game(base.clone());
        play_to_end(&mut done, 1000);
        assert_eq!(done.mode(), Mode::GameOver);
        assert_eq!(
            done.message()
                .starts_with("Could not keep the finished game"),
            !kept,
            "{}",
            done.message()
        );
        let finished = autosave_bytes(&dir);
        // Another game, moved in.
        let mut next = game(crownlands_tui::Config {
            seed: 6,
            ..base.clone()
        });
        next.run_bots();
        play_to_end(&mut next, 3);
        check(&finished);
        // The same in one app: the finished game played again (from an empty folder: the
        // game above, unfinished, would be moved aside first).
        std::fs::remove_file(&previous).ok();
        std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE)).ok();
        let mut app = game(base);
        play_to_end(&mut app, 1000);
        let finished = autosave_bytes(&dir);
        press(&mut app, "<enter>");
        assert_ne!(app.mode(), Mode::GameOver);
        app.run_bots();
        play_to_end(&mut app, 3);
        check(&finished);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// An autosave that cannot be written (its folder is under a file, so no write can succeed, as
/// for a read-only folder) stops with the folder named, stays said in the header through the
/// bots' moves, and the exit says what the failed write left unkept.
#[test]
fn a_failed_autosave_stays_said_in_the_header() {
    let dir = temp_dir("autosave-fails");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(file.join("saves"));
    config.save_dir = Some(dir.clone());
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    // Until the first move of the human's (a key too soon after the bots' is taken for one
    // pressed on through their turn).
    for _ in 0..20 {
        if app.autosave_failed().is_some() {
            break;
        }
        app.key_at(crownlands_tui::Key::Enter, later());
    }
    assert!(app.autosave_failed().is_some(), "{}", app.message());
    assert!(
        app.message().contains("Autosave off: the folder")
            || app.message().contains("cannot be written in"),
        "{}",
        app.message()
    );
    // Said through the bots' moves, and not pushed out by a key that does nothing.
    app.run_bots();
    app.key_at(crownlands_tui::Key::Char('z'), later());
    assert!(
        app.message().starts_with("Autosave off"),
        "{}",
        app.message()
    );
    play_to_end(&mut app, 6);
    assert_ne!(app.mode(), Mode::GameOver);
    let top = screen(&app, 80, 24);
    assert!(
        top.lines().next().unwrap_or("").contains("autosave off"),
        "{top}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without a data directory (no HOME, no CROWNLANDS_HOME) the game says from the start that
/// nothing is autosaved: the header's `autosave off`, and the status line why (it was said only
/// at `s` or on the way out).
#[test]
fn no_data_directory_is_said_from_the_start() {
    let mut app = build_app_in(&opts(None, Some("you,greedy")), None, SystemTime::now())
        .expect("the app builds");
    app.config.palette = crownlands_tui::Palette::none();
    assert!(
        app.autosave_failed()
            .is_some_and(|w| w.contains("no data directory")),
        "{}",
        app.message()
    );
    let text = screen(&app, 100, 30);
    assert!(
        text.lines().next().unwrap_or("").contains("autosave off"),
        "{text}"
    );
    // `--no-autosave` asks for it: nothing to say.
    let mut quiet = opts(None, Some("you,greedy"));
    quiet.no_autosave = true;
    let app = build_app_in(&quiet, None, SystemTime::now()).expect("the app builds");
    assert!(app.autosave_failed().is_none());
}

/// Where the saves folder cannot take a file either (a read-only home holding both, a full
/// disk), the autosave's stop does not offer `s` (it said `s saves the game`, and `s` failed).
#[test]
fn a_failed_autosave_offers_s_only_where_the_saves_folder_takes_a_file() {
    let dir = temp_dir("autosave-and-saves-fail");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(file.join("home"));
    config.save_dir = Some(file.join("home").join("saves"));
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    for _ in 0..20 {
        if app.autosave_failed().is_some() {
            break;
        }
        app.key_at(crownlands_tui::Key::Enter, later());
    }
    assert!(app.autosave_failed().is_some(), "{}", app.message());
    assert!(
        app.message()
            .contains("The saves folder cannot take it either")
            && !app.message().contains("s saves the game"),
        "{}",
        app.message()
    );
    // Nor does the quit dialog (it said `s saves it`, looking only at there being a folder).
    press(&mut app, "q");
    assert_eq!(
        app.overlay(),
        Some(crownlands_tui::app::Overlay::ConfirmQuit)
    );
    assert!(!app.quit_offers_save() && !app.can_save());
    let text = screen(&app, 100, 30);
    assert!(
        text.contains("the saves folder cannot take a file")
            && !text.contains("s saves it")
            && !text.contains("s: save"),
        "{text}"
    );
    // Once it takes one again, the dialog opened again offers it.
    press(&mut app, "n");
    std::fs::remove_file(&file).unwrap();
    press(&mut app, "q");
    assert!(app.quit_offers_save(), "{}", screen(&app, 100, 30));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An autosave that stops after writing part of the game (its folder became unwritable, a full
/// disk) keeps what it wrote: the quit dialog and the exit say the file and the moves not in
/// it (they said the game was not saved at all, while the next start offered it to resume).
#[test]
fn an_autosave_stopped_midway_says_what_it_kept() {
    use crownlands_tui::app::Overlay;
    let dir = temp_dir("autosave-stops-midway");
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(home.clone());
    config.save_dir = Some(dir.join("saves"));
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    one_move(&mut app);
    let written = std::fs::read(home.join("autosave.json")).expect("autosaved");
    assert!(app.autosave_failed().is_none(), "{}", app.message());
    // The folder gives way to a file: the next write fails. (Then the folder is back with
    // what was written, as a read-only folder or a full disk would have kept it.)
    std::fs::remove_dir_all(&home).unwrap();
    std::fs::write(&home, "x").unwrap();
    one_move(&mut app);
    assert!(app.autosave_failed().is_some(), "{}", app.message());
    std::fs::remove_file(&home).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("autosave.json"), &written).unwrap();
    let (file, since) = app.autosaved_in().expect("what the autosave wrote");
    assert_eq!(file, "autosave.json");
    assert!(since > 0);
    press(&mut app, "q");
    assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
    let text = screen(&app, 100, 30);
    assert!(
        text.contains("Autosaved in autosave.json, but not the last"),
        "{text}"
    );
    press(&mut app, "<esc>");
    let exit = app.before_exit().expect("said on the way out");
    assert!(
        exit.starts_with("The game was autosaved in ") && exit.contains(" before its last "),
        "{exit}"
    );
    assert!(exit.contains("the autosave had stopped"), "{exit}");
    // The file gone meanwhile (another program's game there): not said to hold the game, in
    // the dialog as on the way out.
    std::fs::write(home.join("autosave.json"), "{}").unwrap();
    press(&mut app, "q");
    let text = screen(&app, 100, 30);
    assert!(!text.contains("Autosaved in"), "{text}");
    assert!(text.contains("[ s: save, quit ]"), "{text}");
    press(&mut app, "<esc>");
    std::fs::remove_file(home.join("autosave.json")).unwrap();
    let exit = app.before_exit().expect("said on the way out");
    assert!(exit.starts_with("The game was not saved"), "{exit}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-Z, and a SIGTSTP from outside, suspend the program through the loop's `suspend` (which
/// gives the terminal back first and takes it again after), and the screen is drawn anew; the
/// key is not the app's.
#[test]
fn ctrl_z_and_a_sigtstp_suspend_through_the_loop() {
    use crownlands_tui::Ended;
    use crownlands_tui::signals::SIGTERM;
    use crownlands_tui::terminal::{Looped, run_loop};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = crownlands_tui::App::new_game(
        ruleset("kingdomino"),
        seats("you,greedy"),
        config(3, crownlands_tui::Palette::none()),
    )
    .expect("sets up");
    let suspended = std::cell::Cell::new(0);
    let suspend = || suspended.set(suspended.get() + 1);
    let stop = crownlands_tui::signals::Stop::new();
    // A SIGTSTP came before the loop looked.
    stop.ask_suspend();
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
    let ctrl_z = ratatui::crossterm::event::Event::Key(KeyEvent::new(
        KeyCode::Char('z'),
        KeyModifiers::CONTROL,
    ));
    let mut script = Script {
        events: vec![ctrl_z].into(),
        then: (&stop, SIGTERM),
    };
    let message = app.message().to_string();
    let looped = Looped {
        started: std::time::Instant::now(),
        timings: None,
        test_panic: false,
        suspend: Some(&suspend),
    };
    let (ended, _) = run_loop(&mut terminal, &mut app, &mut script, &stop, looped);
    assert_eq!(ended.expect("no terminal error"), Ended::Signal(SIGTERM));
    assert_eq!(suspended.get(), 2, "the signal's, then the key's");
    assert_eq!(app.message(), message, "the key was not the app's");
}

/// The setup screen's help says what the game is, for someone who never played it (it listed
/// the setup's keys alone).
#[test]
fn the_setup_help_says_what_the_game_is() {
    let dir = temp_dir("setup-help");
    let mut app = build(&opts(None, None), &dir);
    assert_eq!(app.mode(), Mode::Setup);
    press(&mut app, "?");
    let text = words(&screen(&app, 80, 24));
    for said in [
        "each round, every king claims a domino",
        "joined to your castle or to a square of the same terrain",
        "scores its squares times the crowns on it",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The note said on the way out breaks at spaces to the terminal's width (at 80 columns the
/// terminal's own wrap had cut `offers to re` / `sume it`); a path longer than a line stays
/// whole; into a file, one line.
#[test]
fn the_exit_note_breaks_at_spaces() {
    use crownlands_tui::terminal::note_lines;
    let note = "The game is autosaved in `/tmp/s49/E/home/crownlands/data/autosave.json`: \
                `crownlands play` offers to resume it.";
    let lines = note_lines(note, Some(80));
    assert!(lines.len() > 1, "{lines:?}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:?}");
    assert_eq!(lines.join(" "), note);
    assert!(lines.iter().any(|l| l.ends_with("resume it.")), "{lines:?}");
    let path = format!("/{}/autosave.json", "d".repeat(90));
    let long = format!("The game is autosaved in `{path}`: resume it.");
    let lines = note_lines(&long, Some(80));
    assert!(lines.contains(&format!("`{path}`:")), "{lines:?}");
    // A path with spaces (`Application Support`) and a command are never broken inside.
    let spaced = "The game is autosaved in `/Users/ann/Library/Application Support/crownlands/autosave.json`: \
                  `crownlands play --load '/Users/ann/Library/Application Support/x.json'` resumes it.";
    let lines = note_lines(spaced, Some(66));
    assert!(
        lines.contains(
            &"`/Users/ann/Library/Application Support/crownlands/autosave.json`:".to_string()
        ),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "`crownlands play --load '/Users/ann/Library/Application Support/x.json'`"
        )),
        "{lines:?}"
    );
    assert_eq!(lines.join(" "), spaced);
    assert_eq!(note_lines(note, None), [note]);
}

#[test]
fn the_mcts_seat_says_its_second_is_a_decision_and_a_turn_holds_several() {
    let dir = temp_dir("mcts-words");
    let mut app = build(&opts(None, None), &dir.join("home"));
    for _ in 0..12 {
        if app.setup().unwrap().row == Row::Seat(1) {
            break;
        }
        press(&mut app, "<down>");
    }
    assert_eq!(app.setup().unwrap().row, Row::Seat(1));
    for _ in 0..5 {
        if words(&screen(&app, 120, 32)).contains("mcts: searches") {
            break;
        }
        press(&mut app, "<right>");
    }
    let said = words(&screen(&app, 120, 32));
    assert!(said.contains("up to a second a decision"), "{said}");
    assert!(said.contains("a turn may be several"), "{said}");
    assert!(!said.contains("a second a move"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn left_and_right_on_a_row_with_nothing_to_change_say_so() {
    // ←→ on the "Open a file" row did nothing and said nothing.
    let dir = temp_dir("file-row-keys");
    let mut app = build(&opts(None, None), &dir.join("home"));
    while app.setup().unwrap().row != Row::File {
        press(&mut app, "<down>");
    }
    press(&mut app, "<right>");
    assert_eq!(
        app.message(),
        "`→` does nothing on this row: Enter or o types a file's path."
    );
    assert!(
        words(&screen(&app, 80, 24)).contains("`→` does nothing on this row"),
        "{}",
        screen(&app, 80, 24)
    );
    // Said of that key only: the next key says again what the line said before.
    press(&mut app, "<down>");
    assert_eq!(app.message(), "Choose a ruleset and who plays, then Start.");
    // In the field, no cursor moves: said too.
    press(&mut app, "<up>o<left>");
    assert!(app.setup().unwrap().typing);
    assert!(
        app.message()
            .starts_with("`←` does nothing here: a path is typed"),
        "{}",
        app.message()
    );
    // Nor do the other named keys, which say how the field is used (not `?`, which types).
    for key in ["<home>", "<end>", "<del>", "<c-x>"] {
        press(&mut app, key);
        assert!(
            app.message()
                .contains("a path is typed and erased at its end"),
            "{key}: {}",
            app.message()
        );
    }
    press(&mut app, "<esc><esc>");
    // On Start, and a key of no use anywhere on the screen.
    assert_eq!(app.setup().unwrap().row, Row::Start);
    press(&mut app, "h");
    assert_eq!(
        app.message(),
        "`h` does nothing on this row: Enter starts the game."
    );
    press(&mut app, "<pgdn>");
    assert_eq!(app.message(), "`PgDn` does nothing here: ? lists the keys.");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saved with `s`, then quit: the exit names the save too, not only the autosave (a playtester
/// looked for the file just written), and says which moves it lacks once more were played.
#[test]
fn the_exit_names_a_save_made_with_s_beside_the_autosave() {
    let dir = temp_dir("exit-save");
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    config.save_dir = Some(dir.join("saves"));
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    app.run_bots();
    play_to_end(&mut app, 6);
    press(&mut app, "s");
    let saved = std::fs::read_dir(dir.join("saves"))
        .expect("the saves folder")
        .next()
        .expect("a save")
        .expect("read")
        .path();
    let exit = app.before_exit().expect("a line");
    assert!(
        is_autosaved_note(Some(exit.split(" It is saved in ").next().unwrap())),
        "{exit}"
    );
    assert!(
        exit.ends_with(&format!(" It is saved in `{}` too.", saved.display())),
        "{exit}"
    );
    play_to_end(&mut app, 2);
    let exit = app.before_exit().expect("a line");
    assert!(
        exit.contains(&format!(
            "Your save in `{}` holds it before its last ",
            saved.display()
        )),
        "{exit}"
    );
    // The moves missed count the bot's too: how many were the player's is said.
    assert!(exit.ends_with(" moves, 2 of them yours."), "{exit}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game started from the command line (`--players`) is the table last started too: the next
/// plain `crownlands play` opens the setup screen on it (it kept the one before, or none), a
/// timed bot the setup does not offer kept as its kind. Nothing is kept before it begins: an
/// unfinished game resumed instead leaves the table as it was.
#[test]
fn a_table_started_from_the_command_line_comes_back_on_the_setup_screen() {
    use crownlands_tui::app::last_table::{LAST_TABLE_FILE, LastTable};
    let dir = temp_dir("last-table-cli");
    let app = build(
        &opts(Some("queendomino"), Some("you,mcts:300ms,greedy")),
        &dir,
    );
    assert_ne!(app.mode(), Mode::Setup);
    assert!(dir.join(LAST_TABLE_FILE).is_file());
    let kept = LastTable::read(&dir).expect("a table");
    assert_eq!(kept.seats, "you,mcts,greedy");
    drop(app);
    let _ = std::fs::remove_file(dir.join(crownlands_saves::AUTOSAVE_FILE));
    let app = build(&opts(None, None), &dir);
    let setup = app.setup().expect("the setup");
    assert_eq!(setup.choice().map(|c| c.name.as_str()), Some("queendomino"));
    assert_eq!(setup.players, 3);
    // Offered an unfinished game and resuming it keeps nothing new.
    let dir2 = temp_dir("last-table-cli-resume");
    drop(autosaved_game(&dir2));
    let mut app = build(&opts(Some("queendomino"), Some("you,greedy")), &dir2);
    assert_eq!(app.mode(), Mode::Resume);
    press(&mut app, "r");
    assert_ne!(app.mode(), Mode::Resume);
    assert!(!dir2.join(LAST_TABLE_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

/// An autosave that stopped midway, the game then saved with `s` further on: the next start's
/// offer of the autosave says a later save holds the game (it offered the stale autosave as
/// the game left, saying nothing of the save).
#[test]
fn the_offer_of_a_stale_autosave_names_the_later_save() {
    use crownlands_tui::app::resume::Offer;
    let dir = temp_dir("stale-autosave-later-save");
    let home = dir.join("home");
    let saves = dir.join("saves");
    std::fs::create_dir_all(&home).unwrap();
    let mut playing = config(5, crownlands_tui::Palette::none());
    playing.autosave_dir = Some(home.clone());
    playing.save_dir = Some(saves.clone());
    let mut app = App::new_game(ruleset("kingdomino"), seats("you,greedy"), playing).unwrap();
    app.run_bots();
    one_move(&mut app);
    let written = std::fs::read(home.join("autosave.json")).expect("autosaved");
    std::fs::remove_dir_all(&home).unwrap();
    std::fs::write(&home, "x").unwrap();
    one_move(&mut app);
    one_move(&mut app);
    assert!(app.autosave_failed().is_some(), "{}", app.message());
    press(&mut app, "s");
    assert!(app.saved_in().is_some(), "{}", app.message());
    // The folder back with what the autosave wrote before it stopped.
    std::fs::remove_file(&home).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("autosave.json"), &written).unwrap();
    let offer = Offer::read(
        &crownlands_core::Registry::shipped(),
        &home,
        Some(&saves),
        std::time::SystemTime::now(),
    )
    .expect("the autosave offered");
    let later = offer.later.clone().expect("the later save found");
    assert!(later.more >= 2 && !later.over, "{later:?}");
    let app = App::with_offer(
        offer,
        crownlands_tui::app::Next::Setup(Box::new(crownlands_tui::app::setup::Setup::new(
            crownlands_tui::app::ruleset_file::shipped_choices(
                crownlands_core::Registry::shipped_ref(),
            ),
            None,
        ))),
        config(5, crownlands_tui::Palette::none()),
    );
    let text = screen(&app, 100, 30).replace('\n', " ");
    assert!(
        text.contains("This game was played further than the autosave holds"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of `ruleset` for `players` played `keys` keys on (its bots' moves between), written
/// to `file` as a save: a game kept in a file of its own, to load.
fn game_in_file(ruleset_name: &str, players: &str, keys: usize, file: &Path) {
    let mut other = App::new_game(
        ruleset(ruleset_name),
        seats(players),
        config(9, crownlands_tui::Palette::none()),
    )
    .unwrap();
    other.run_bots();
    play_to_end(&mut other, keys);
    crownlands_saves::write_save(file, &other.session().unwrap().to_save()).expect("written");
}

/// A game loaded from a file (`play --load`) and not moved in is not in the autosave, which
/// holds another game until this one's first move: quitting says the game stays in the file it
/// was loaded from (a playtester's dialog said "The game is autosaved.", and the exit nothing).
/// From its first move it is autosaved, and said so.
#[test]
fn a_loaded_game_not_moved_in_stays_in_its_file_and_is_autosaved_from_its_first_move() {
    let dir = temp_dir("loaded-unmoved");
    let elsewhere = temp_dir("loaded-unmoved-file");
    // The autosave holds one game; another, of three players, is in a file of its own.
    let _autosaved = autosaved_game(&dir);
    let before = autosave_bytes(&dir);
    let file = elsewhere.join("qd.json");
    game_in_file("kingdomino", "you,greedy,greedy", 4, &file);
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    let mut app = App::load(&file, config).expect("loads");
    press(&mut app, "q");
    let text = words(&screen(&app, 100, 32));
    assert!(
        text.contains("The game stays in qd.json, as loaded (autosaved from its next move)."),
        "{text}"
    );
    assert!(!text.contains("The game is autosaved"), "{text}");
    let note = app.before_exit().expect("a word on the way out");
    assert!(
        note.starts_with("The unfinished game stays in `")
            && note.contains("qd.json")
            && note.ends_with("` resumes it."),
        "{note}"
    );
    assert_eq!(
        autosave_bytes(&dir),
        before,
        "the other game is still autosaved"
    );
    // One move: autosaved, and said so.
    press(&mut app, "n");
    play_to_end(&mut app, 1);
    assert!(is_autosaved_note(app.before_exit().as_deref()));
    press(&mut app, "q");
    let text = words(&screen(&app, 100, 32));
    assert!(text.contains("The game is autosaved."), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// The same without the autosave: the game loaded is in its file, so quitting offers no save.
#[test]
fn without_the_autosave_a_loaded_game_not_moved_in_is_said_to_stay_in_its_file() {
    let saves = temp_dir("loaded-unmoved-saves");
    let elsewhere = temp_dir("loaded-unmoved-file-2");
    let file = elsewhere.join("g.json");
    game_in_file("kingdomino", "you,greedy", 4, &file);
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = None;
    config.save_dir = Some(saves.clone());
    let mut app = App::load(&file, config).expect("loads");
    assert!(!app.quit_offers_save());
    press(&mut app, "q");
    let text = words(&screen(&app, 100, 32));
    assert!(
        text.contains("The game stays in g.json, as loaded."),
        "{text}"
    );
    let note = app.before_exit().expect("a word on the way out");
    assert!(note.starts_with("The unfinished game stays in `"), "{note}");
    press(&mut app, "n");
    play_to_end(&mut app, 1);
    assert!(app.quit_offers_save(), "a move not saved");
    let _ = std::fs::remove_dir_all(&saves);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// A match loaded between its games (its score screen) quits at once with `q` (nothing to
/// lose), and says where the match stays (a playtester's exit printed nothing).
#[test]
fn a_match_loaded_between_its_games_says_where_it_stays_on_the_way_out() {
    let dir = temp_dir("loaded-match");
    let elsewhere = temp_dir("loaded-match-file");
    // The first game of the match played to its end.
    let file = elsewhere.join("match.json");
    game_in_file("dynasty", "you,greedy", 1000, &file);
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    let mut app = App::load(&file, config).expect("loads");
    assert_eq!(app.mode(), Mode::GameOver);
    let note = app.before_exit().expect("a word on the way out");
    assert!(
        note.starts_with("The unfinished game stays in `") && note.contains("match.json"),
        "{note}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// A click on the quit dialog's `[ y: quit ]` quits on the button's press, and the loop reads
/// its release before it ends, so the terminal's mouse bytes do not reach the shell (a
/// playtester's shell printed `^[[<0;33;16m`); an event after the release is left unread.
#[test]
fn a_click_that_quits_reads_its_release() {
    use crownlands_tui::Ended;
    use crownlands_tui::signals::SIGTERM;
    use crownlands_tui::terminal::{Looped, run_loop};
    use ratatui::crossterm::event::{
        Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };
    let mut app = App::new_game(
        ruleset("kingdomino"),
        seats("you,greedy"),
        config(3, crownlands_tui::Palette::none()),
    )
    .expect("sets up");
    press(&mut app, "q");
    let buf = buffer(&app, 80, 24);
    let (column, row) = (0..24u16)
        .find_map(|y| {
            let line: String = (0..80u16).map(|x| buf[(x, y)].symbol()).collect();
            line.find("[ y: quit ]")
                .map(|at| (line[..at].chars().count() as u16 + 2, y))
        })
        .expect("the quit dialog's button");
    let mouse = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    let stop = crownlands_tui::signals::Stop::new();
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
    let mut script = Script {
        events: vec![
            mouse(MouseEventKind::Down(MouseButton::Left)),
            mouse(MouseEventKind::Drag(MouseButton::Left)),
            mouse(MouseEventKind::Up(MouseButton::Left)),
            key_event(KeyCode::Char('x')),
        ]
        .into(),
        then: (&stop, SIGTERM),
    };
    let looped = Looped {
        started: std::time::Instant::now(),
        timings: None,
        test_panic: false,
        suspend: None,
    };
    let (ended, _) = run_loop(&mut terminal, &mut app, &mut script, &stop, looped);
    assert_eq!(ended.expect("no terminal error"), Ended::Quit);
    assert_eq!(
        script.events.into_iter().collect::<Vec<_>>(),
        vec![key_event(KeyCode::Char('x'))],
        "the release read, the key after it left"
    );
}

/// Focus `row` of the setup screen with ↑ (as a player moves there).
fn up_to(app: &mut App, row: Row) {
    for _ in 0..30 {
        if app.setup().expect("the setup").row == row {
            return;
        }
        press(app, "<up>");
    }
    panic!("{row:?} not reached:\n{}", screen(app, 80, 24));
}

/// Who plays each seat of the setup's table, as `--players` says it, and the names typed.
fn table_of(app: &App) -> (String, Vec<String>) {
    let setup = app.setup().expect("the setup");
    let kinds: Vec<String> = setup
        .seats
        .iter()
        .map(|k| match k {
            crownlands_tui::app::seats::SeatKind::Human => "human".to_string(),
            crownlands_tui::app::seats::SeatKind::Bot(l) => l.to_string(),
        })
        .collect();
    (kinds.join(","), setup.names.clone())
}

/// A house rule for 2 to 4 players extending Kingdomino (a playtester's `bog.toml`).
fn bog_file(dir: &Path) -> PathBuf {
    let bog = dir.join("bog.toml");
    std::fs::write(
        &bog,
        "extends = \"kingdomino\"\nname = \"bog\"\n[rules]\nharmony.enabled = true\n",
    )
    .expect("written");
    bog
}

/// A playtest: on Queendomino, seat 1 named `Tester`, then ← to Kingdomino showed `Seat 1:
/// ‹ human ›` with no name (the table it had when the screen opened), and `o` opening a house
/// rule brought another ruleset's seats. The table goes with the player: each seat's player and
/// name, at the count last chosen where the ruleset allows it; a ruleset of fewer seats sets
/// the rest aside for the next one with room.
#[test]
fn the_table_and_its_names_go_with_every_change_of_ruleset() {
    let dir = temp_dir("table-follows");
    let bog = bog_file(&dir);
    let mut app = build(&opts(None, None), &dir.join("home"));
    assert_eq!(app.mode(), Mode::Setup);
    // Kingdomino as the screen opens, then → to Queendomino (past Mighty Duel's two seats).
    up_to(&mut app, Row::Ruleset);
    for _ in 0..12 {
        if app.setup().unwrap().choice().unwrap().name == "queendomino" {
            break;
        }
        press(&mut app, "<right>");
    }
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "queendomino");
    // Four players: human, greedy, mcts, greedy; seat 1 named.
    press(&mut app, "<down><down><right><right>");
    assert_eq!(app.setup().unwrap().players, 4);
    press(&mut app, "<down><down><down><right>");
    assert_eq!(app.setup().unwrap().row, Row::Seat(2));
    up_to(&mut app, Row::Seat(0));
    press(&mut app, "nTester<enter>");
    let table = (
        "human,greedy,mcts,greedy".to_string(),
        vec![
            "Tester".to_string(),
            String::new(),
            String::new(),
            String::new(),
        ],
    );
    assert_eq!(table_of(&app), table);
    // ← to Kingdomino, one ruleset at a time: Mighty Duel (two players only) keeps the first
    // two seats, Tester's name with them; the others come back on the rulesets after it.
    up_to(&mut app, Row::Ruleset);
    press(&mut app, "<left>");
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "mighty-duel");
    assert_eq!(
        table_of(&app),
        ("human,greedy".to_string(), table.1[..2].to_vec())
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("Seat 1: ‹ human ›  Tester"), "{text}");
    for _ in 0..12 {
        if app.setup().unwrap().choice().unwrap().name == "kingdomino" {
            break;
        }
        press(&mut app, "<left>");
    }
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "kingdomino");
    assert_eq!(table_of(&app), table, "the table as set on Queendomino");
    let text = screen(&app, 80, 24);
    assert!(text.contains("Seat 1: ‹ human ›  Tester"), "{text}");
    // `o` and the house rule's path: opened with the same table.
    press(&mut app, "o");
    app.paste(bog.to_str().expect("a path"));
    press(&mut app, "<enter>");
    let setup = app.setup().unwrap();
    assert_eq!(setup.choice().unwrap().path.as_deref(), Some(bog.as_path()));
    assert_eq!(table_of(&app), table);
    // A seat changed and a name typed on the file's table go back to Queendomino with it.
    up_to(&mut app, Row::Seat(3));
    press(&mut app, "<left>nDan<enter>");
    let table = (
        "human,greedy,mcts,random".to_string(),
        vec!["Tester".into(), String::new(), String::new(), "Dan".into()],
    );
    assert_eq!(table_of(&app), table);
    up_to(&mut app, Row::Ruleset);
    for _ in 0..20 {
        if app.setup().unwrap().choice().unwrap().name == "queendomino" {
            break;
        }
        press(&mut app, "<left>");
    }
    assert_eq!(app.setup().unwrap().choice().unwrap().name, "queendomino");
    assert_eq!(table_of(&app), table);
    // Started, the table is the one kept for the next start.
    up_to(&mut app, Row::Players);
    press(&mut app, "<enter><enter>");
    assert_ne!(app.mode(), Mode::Setup, "{}", app.message());
    let names: Vec<String> = app.seats().iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, ["Tester", "greedy 2", "mcts 3", "Dan"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A count of fewer players sets the last seats aside, names and all, and a count of more
/// brings them back; a ruleset of teams seats the same players by team (seats 1 and 2 the
/// first kingdom), and leaving it for fewer seats and coming back finds every seat as it was.
#[test]
fn seats_set_aside_come_back_with_their_names() {
    let dir = temp_dir("seats-aside");
    let mut app = build(&opts(None, None), &dir);
    up_to(&mut app, Row::Players);
    press(&mut app, "<right><right>");
    assert_eq!(app.setup().unwrap().players, 4);
    press(
        &mut app,
        "<down>nAnn<enter><down>nBen<enter><down><down>nDan<enter>",
    );
    let named = ["Ann", "Ben", "", "Dan"].map(String::from).to_vec();
    assert_eq!(table_of(&app).1, named);
    // Three players, then four: Dan is back at seat 4.
    up_to(&mut app, Row::Players);
    press(&mut app, "<left>");
    assert_eq!(table_of(&app).1, named[..3]);
    press(&mut app, "<right>");
    assert_eq!(table_of(&app).1, named);
    // Royal Wedding in teams: six seats (the nearest count it allows to four), Ann and Ben
    // sharing the first kingdom; seat 5 named there.
    up_to(&mut app, Row::Ruleset);
    for _ in 0..12 {
        if app.setup().unwrap().choice().unwrap().name == "royal-wedding-teams" {
            break;
        }
        press(&mut app, "<right>");
    }
    let setup = app.setup().unwrap();
    assert_eq!(setup.choice().unwrap().name, "royal-wedding-teams");
    assert_eq!(setup.players, 6);
    let text = screen(&app, 80, 24);
    assert!(text.contains("Seat 1: ‹ human ›  team 1  Ann"), "{text}");
    assert!(
        text.contains("Seat 2: ‹ bot: greedy ›  team 1  Ben"),
        "{text}"
    );
    assert!(
        text.contains("Seat 4: ‹ bot: greedy ›  team 2  Dan"),
        "{text}"
    );
    press(&mut app, "<down><down><down><down><down><down><down>");
    assert_eq!(app.setup().unwrap().row, Row::Seat(4));
    press(&mut app, "nEve<enter>");
    // K moves Eve up a seat, into Dan's place in the second team, Dan into hers.
    press(&mut app, "K");
    let six = ["Ann", "Ben", "", "Eve", "Dan", ""]
        .map(String::from)
        .to_vec();
    assert_eq!(table_of(&app).1, six);
    // ← to Royal Wedding: four seats (the count last chosen); the last two wait, and → finds
    // them again.
    up_to(&mut app, Row::Ruleset);
    press(&mut app, "<left>");
    let setup = app.setup().unwrap();
    assert_eq!(setup.choice().unwrap().name, "royal-wedding");
    assert_eq!(
        setup.players, 4,
        "the count chosen, which Royal Wedding allows"
    );
    assert_eq!(table_of(&app).1, six[..4]);
    press(&mut app, "<right>");
    assert_eq!(table_of(&app).1, six, "every seat as it was");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The last table started on a house rule waits in the file field; opened before anything is
/// set it brings its seats and names (as documented), but a name typed first is not thrown
/// away for them: the table set on the screen goes to the file, as to any ruleset.
#[test]
fn the_last_tables_file_keeps_a_table_set_before_it_opens() {
    use crownlands_tui::app::last_table::LastTable;
    let dir = temp_dir("last-file-typed");
    let bog = bog_file(&dir);
    let home = dir.join("home");
    let kept = LastTable {
        ruleset: "bog".into(),
        file: Some(bog.clone()),
        seats: "you,greedy,mcts,greedy".into(),
        names: ["Anna", "", "", ""].map(String::from).to_vec(),
    };
    kept.write(&home);
    // Untouched: Enter opens it with the last table.
    let mut app = build(&opts(None, None), &home);
    assert!(app.setup().unwrap().last_file_waiting());
    press(&mut app, "<enter>");
    assert_eq!(
        table_of(&app),
        ("human,greedy,mcts,greedy".into(), kept.names.clone())
    );
    // Seat 1 named first: the field says the file opens with the table set above, and it does.
    let mut app = build(&opts(None, None), &home);
    press(&mut app, "<down><down>");
    assert_eq!(app.setup().unwrap().row, Row::Seat(0));
    press(&mut app, "nTester<enter>");
    up_to(&mut app, Row::File);
    let text = screen(&app, 80, 24);
    assert!(
        text.contains("Enter there opens it again, with the table") && text.contains("set above."),
        "{text}"
    );
    assert!(!text.contains("seats and names"), "{text}");
    press(&mut app, "<enter>");
    let setup = app.setup().unwrap();
    assert_eq!(setup.choice().unwrap().path.as_deref(), Some(bog.as_path()));
    assert_eq!(
        table_of(&app),
        ("human,greedy".into(), vec!["Tester".into(), String::new()])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

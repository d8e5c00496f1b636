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
    assert_eq!(
        found.summary.players,
        vec!["You (human)", "greedy 2 (greedy)"]
    );
    assert_eq!(
        found.summary.moves,
        played.session().unwrap().actions()[0].len()
    );
    assert_eq!(found.summary.saved, "just now");
    assert_eq!(offer.answers()[0], Answer::Resume);
    let text = screen(&app, 80, 24);
    assert!(text.contains("An unfinished game"), "{text}");
    assert!(text.contains("You (human), greedy 2 (greedy)"), "{text}");
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
    press(&mut app, "<right><enter>");
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
    let mut config = config(5, crownlands_tui::Palette::none());
    config.autosave_dir = Some(dir.clone());
    let mut done = App::new_game(ruleset("kingdomino"), seats("you,greedy"), config).unwrap();
    play_to_end(&mut done, 1000);
    assert_eq!(done.mode(), Mode::GameOver);
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
    assert!(e.contains("bad.toml:2:1"), "{e}");
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
    // Opening it again selects it, not a second copy.
    press(&mut app, &format!("o{}<enter>", good.display()));
    assert_eq!(app.setup().unwrap().choices.len(), listed + 1);
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

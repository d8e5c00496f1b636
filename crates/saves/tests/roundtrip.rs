//! Saves and notation round trips over random games of every shipped ruleset, and the errors of
//! tampered, truncated, future and foreign files.

use crownlands_core::{Action, Cell, Direction, Placement};
use crownlands_saves::notation::{self, ExportOptions};
use crownlands_saves::{Player, Problem, Save, Session};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// xorshift64*: deterministic choices for the tests.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1) as u64) as usize
    }
}

/// Play `moves` random legal actions (or to the end of the match when `None`).
fn play(session: &mut Session, rng: &mut Rng, moves: Option<usize>) {
    let mut left = moves.unwrap_or(usize::MAX);
    while left > 0 {
        if session.game().is_over() && !session.next_game() {
            break;
        }
        let legal = session.game().legal_actions();
        let a = legal[rng.below(legal.len())];
        session.apply(a).unwrap();
        left -= 1;
    }
}

fn shipped() -> Vec<(String, Arc<crownlands_core::Ruleset>)> {
    crownlands_rules::shipped()
        .into_iter()
        .map(|s| {
            let r =
                crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), &s.name)
                    .unwrap();
            (s.name, Arc::new(r))
        })
        .collect()
}

fn shipped_named(name: &str) -> Arc<crownlands_core::Ruleset> {
    Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name).unwrap(),
    )
}

fn players(n: u8) -> Vec<Player> {
    (1..=u32::from(n))
        .map(|s| {
            Player::new(
                s,
                format!("Player \"{s}\" (the {s}th)"),
                if s == 1 { "human" } else { "random" },
            )
        })
        .collect()
}

#[test]
fn every_shipped_ruleset_round_trips_through_saves_and_notation() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut games = 0;
    for (name, ruleset) in shipped() {
        for &(n, _) in ruleset.player_counts() {
            for k in 0..6u64 {
                let seed = rng.below(1 << 40) as u64;
                let mut s = Session::new(ruleset.clone(), players(n), seed).unwrap();
                // Half finished, half stopped somewhere in the middle.
                let stop = (k % 2 == 1).then(|| rng.below(60));
                play(&mut s, &mut rng, stop);
                let save = s.to_save();
                let json = save.to_json();
                let back = Save::from_json(&json, "t.json").unwrap();
                assert_eq!(back, save, "{name} {n}p: JSON round trip");
                let loaded = back
                    .load(crownlands_core::Registry::shipped_ref(), "t.json")
                    .unwrap();
                assert_eq!(loaded.to_save(), save, "{name} {n}p: replayed save");
                for embed in [false, true] {
                    let text = notation::export(
                        &s,
                        ExportOptions {
                            embed_ruleset: embed,
                        },
                    )
                    .unwrap();
                    let imported =
                        notation::import(crownlands_core::Registry::shipped_ref(), &text, "t.cgn")
                            .unwrap_or_else(|e| panic!("{name} {n}p: {e}\n{text}"));
                    assert_eq!(imported.actions(), s.actions(), "{name} {n}p: same actions");
                    assert_eq!(
                        imported.to_save(),
                        save,
                        "{name} {n}p: same game and result"
                    );
                }
                games += 1;
            }
        }
    }
    assert!(games >= 7 * 6);
}

#[test]
fn notation_example_reads() {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .unwrap(),
    );
    let mut s = Session::new(ruleset, players(2), 42).unwrap();
    s.set_date(Some("2026-11-22".into()));
    play(&mut s, &mut Rng(7), None);
    let text = notation::export(&s, ExportOptions::default()).unwrap();
    assert!(
        text.starts_with("[Notation \"crownlands 2\"]\n[Ruleset \"kingdomino\"]\n"),
        "{text}"
    );
    assert!(
        !text.contains('%'),
        "a shipped ruleset is named, not embedded"
    );
    // Comments, no round markers, tokens spread over lines: the same game.
    let moves: Vec<&str> = text
        .lines()
        .skip_while(|l| l.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.'))
        .collect();
    let headers: String = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| format!("{l}\n"))
        .collect();
    let loose = format!(
        "{headers}\n{{a comment\nover lines}}\n{}\n",
        moves.join("\n")
    );
    let back = notation::import(
        crownlands_core::Registry::shipped_ref(),
        &loose,
        "loose.cgn",
    )
    .unwrap();
    assert_eq!(back.to_save(), s.to_save());
    // A version 1 file (before module actions had a text) of the same game still reads.
    let v1 = text.replacen("crownlands 2", "crownlands 1", 1);
    let back = notation::import(crownlands_core::Registry::shipped_ref(), &v1, "v1.cgn").unwrap();
    assert_eq!(back.to_save(), s.to_save());
}

fn finished_kingdomino() -> Session {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .unwrap(),
    );
    let mut s = Session::new(ruleset, players(3), 9).unwrap();
    play(&mut s, &mut Rng(3), None);
    s
}

#[test]
fn tampered_action_names_index_token_and_reason() {
    let s = finished_kingdomino();
    let mut save = s.to_save();
    // Replace the 10th action by a placement far outside the grid.
    save.games[0].actions[9] = crownlands_saves::SavedAction::new(
        s.game(),
        Action::Place {
            placement: Placement::new(Cell::new(9, 9), Direction::East),
        },
    );
    let e = save
        .load(crownlands_core::Registry::shipped_ref(), "g.json")
        .unwrap_err();
    let msg = e.to_string();
    assert!(matches!(*e.problem, Problem::Illegal { .. }), "{msg}");
    assert!(
        msg.starts_with("g.json: action 10 (games[0].actions[9]) `"),
        "{msg}"
    );
    assert!(msg.contains("is illegal:"), "{msg}");
}

#[test]
fn tampered_result_is_a_mismatch() {
    let s = finished_kingdomino();
    let mut save = s.to_save();
    if let crownlands_saves::GameStatus::Finished { totals, .. } = &mut save.games[0].status {
        totals[0] += 1;
    }
    let msg = save
        .load(crownlands_core::Registry::shipped_ref(), "g.json")
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("the save records a finished game with scores"),
        "{msg}"
    );
    // Places changed alone: the scores and winners read the same, so the places are said.
    let mut save = s.to_save();
    if let crownlands_saves::GameStatus::Finished { places, .. } = &mut save.games[0].status {
        places.iter_mut().for_each(|p| *p = 1);
    }
    let msg = save
        .load(crownlands_core::Registry::shipped_ref(), "g.json")
        .unwrap_err()
        .to_string();
    assert!(msg.contains("places 1, 1, 1, decided by"), "{msg}");
    assert!(msg.contains("but the actions replay to"), "{msg}");
}

#[test]
fn format_version_and_truncation_errors() {
    let json = finished_kingdomino().to_save().to_json();
    let future = json.replacen("\"version\": 1", "\"version\": 2", 1);
    let msg = Save::from_json(&future, "f.json").unwrap_err().to_string();
    assert_eq!(
        msg,
        "f.json: save format version 2 is newer than this crownlands reads (up to 1); upgrade crownlands to open it"
    );
    let zero = json.replacen("\"version\": 1", "\"version\": 0", 1);
    let msg = Save::from_json(&zero, "f.json").unwrap_err().to_string();
    assert!(msg.ends_with("`version` must be 1, not 0"), "{msg}");
    let foreign = json.replacen("crownlands-save", "chess-save", 1);
    let msg = Save::from_json(&foreign, "f.json").unwrap_err().to_string();
    assert_eq!(
        msg,
        "f.json: not a Crownlands save: its format is `chess-save`, not `crownlands-save`"
    );
    // A part file of `simulate --shard` is said to be one, and what reads it.
    let part = json.replacen("crownlands-save", "crownlands-lab-part", 1);
    let msg = Save::from_json(&part, "f.json").unwrap_err().to_string();
    assert!(
        msg.contains("this is a part file of `simulate --shard`")
            && msg.contains("`crownlands merge PARTS...` adds the parts up"),
        "{msg}"
    );
    let cut = &json[..json.len() / 2];
    let e = Save::from_json(cut, "f.json").unwrap_err();
    assert!(matches!(*e.problem, Problem::Truncated(_)), "{e}");
    assert!(
        e.line > 0 && e.to_string().contains("ends too early"),
        "{e}"
    );
}

#[test]
fn a_dynasty_match_keeps_every_game() {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "dynasty")
            .unwrap(),
    );
    let mut s = Session::new(ruleset, players(2), 5).unwrap();
    play(&mut s, &mut Rng(11), None);
    assert!(s.is_over());
    let save = s.to_save();
    assert_eq!(save.games.len(), 3);
    assert!(save.result.is_some());
    let text = notation::export(&s, ExportOptions::default()).unwrap();
    assert!(
        text.contains("\nG2\n") && text.contains("{game 3: "),
        "{text}"
    );
    // Dropping the last game: the save no longer matches its recorded match result.
    let mut short = save.clone();
    short.games.pop();
    let msg = short
        .load(crownlands_core::Registry::shipped_ref(), "d.json")
        .unwrap_err()
        .to_string();
    assert!(msg.contains("match totals"), "{msg}");
}

#[test]
fn from_actions_builds_the_same_save() {
    let s = finished_kingdomino();
    let mut save = Save::from_actions(
        s.ruleset().clone(),
        s.players().to_vec(),
        s.seed(),
        s.actions(),
    )
    .unwrap();
    save.date = s.date().map(str::to_string);
    assert_eq!(save, s.to_save());
}

/// Before a session first autosaves, an unfinished game of another session in the autosave is
/// moved aside; the same game played on, a finished game and no autosave move nothing.
#[test]
fn an_unfinished_autosave_of_another_game_is_kept_aside() {
    let dir = std::env::temp_dir().join(format!("crownlands-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
            .unwrap(),
    );
    let players = || {
        (1..=2)
            .map(|seat| Player::new(seat, format!("random {seat}"), "random"))
            .collect::<Vec<_>>()
    };
    let mut rng = Rng(5);
    let mut first = Session::new(ruleset.clone(), players(), 1).unwrap();
    play(&mut first, &mut rng, Some(5));
    // What a killed process left of an autosave (no process has this id) goes; another file
    // stays.
    std::fs::create_dir_all(&dir).unwrap();
    let leftover = dir.join(".autosave.json.tmp-4000000000-7");
    let notes = dir.join("notes.txt");
    std::fs::write(&leftover, b"{").unwrap();
    // Two minutes old: past the grace a write in progress gets.
    std::fs::File::options()
        .write(true)
        .open(&leftover)
        .and_then(|f| f.set_modified(SystemTime::now() - Duration::from_secs(120)))
        .unwrap();
    // A file of a process no one here knows, written just now: it may be another PID
    // namespace's write in progress, so it stays.
    let young = dir.join(".autosave.json.tmp-4000000001-0");
    std::fs::write(&young, b"{").unwrap();
    std::fs::write(&notes, b"mine").unwrap();
    // Old files of the user's named like temporary files, but not a save's (`.json`): they stay.
    let others: Vec<_> = [
        ".notes.tmp-4000000000-1",
        ".thesis.docx.tmp-4000000000-7",
        "..json.tmp-4000000000-7",
    ]
    .iter()
    .map(|name| dir.join(name))
    .collect();
    for other in &others {
        std::fs::write(other, b"mine").unwrap();
        std::fs::File::options()
            .write(true)
            .open(other)
            .and_then(|f| f.set_modified(SystemTime::now() - Duration::from_secs(7200)))
            .unwrap();
    }
    // No autosave yet: nothing to keep.
    assert_eq!(
        crownlands_saves::keep_unfinished_autosave(
            crownlands_core::Registry::shipped_ref(),
            &dir,
            &first
        )
        .unwrap(),
        None
    );
    assert!(!leftover.exists() || !cfg!(target_os = "linux"));
    assert!(young.exists());
    std::fs::remove_file(&young).unwrap();
    assert!(notes.exists());
    for other in &others {
        assert!(other.exists(), "{}", other.display());
        std::fs::remove_file(other).unwrap();
    }
    crownlands_saves::autosave_in(&dir, &first).unwrap();
    let autosave = dir.join(crownlands_saves::AUTOSAVE_FILE);
    let bytes = std::fs::read(&autosave).unwrap();
    // The same game, played on: nothing moves.
    play(&mut first, &mut rng, Some(3));
    assert_eq!(
        crownlands_saves::keep_unfinished_autosave(
            crownlands_core::Registry::shipped_ref(),
            &dir,
            &first
        )
        .unwrap(),
        None
    );
    assert_eq!(std::fs::read(&autosave).unwrap(), bytes);
    // Another game: the unfinished one is kept, byte for byte.
    let other = Session::new(ruleset.clone(), players(), 2).unwrap();
    let kept = crownlands_saves::keep_unfinished_autosave(
        crownlands_core::Registry::shipped_ref(),
        &dir,
        &other,
    )
    .unwrap()
    .expect("moved aside");
    assert_eq!(kept, dir.join(crownlands_saves::PREVIOUS_AUTOSAVE_FILE));
    assert_eq!(std::fs::read(&kept).unwrap(), bytes);
    assert!(!autosave.exists());
    // A finished game in the autosave is not worth keeping; a corrupt file is kept.
    let mut done = Session::new(ruleset.clone(), players(), 3).unwrap();
    play(&mut done, &mut rng, None);
    crownlands_saves::autosave_in(&dir, &done).unwrap();
    assert_eq!(
        crownlands_saves::keep_unfinished_autosave(
            crownlands_core::Registry::shipped_ref(),
            &dir,
            &other
        )
        .unwrap(),
        None
    );
    std::fs::write(&autosave, b"{ not a save").unwrap();
    // ... beside the game kept before, which stays (it was replaced).
    assert_eq!(
        crownlands_saves::keep_unfinished_autosave(
            crownlands_core::Registry::shipped_ref(),
            &dir,
            &other
        )
        .unwrap(),
        Some(dir.join("autosave-previous-2.json"))
    );
    assert_eq!(std::fs::read(&kept).unwrap(), bytes);
    assert_eq!(
        std::fs::read(dir.join("autosave-previous-2.json")).unwrap(),
        b"{ not a save"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn team_games_name_teams_in_the_result_and_still_read_older_files() {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(
            crownlands_core::Registry::shipped_ref(),
            "royal-wedding-teams",
        )
        .unwrap(),
    );
    let mut s = Session::new(ruleset, players(6), 4).unwrap();
    play(&mut s, &mut Rng(11), None);
    let text = notation::export(&s, ExportOptions::default()).unwrap();
    let header = text
        .lines()
        .find(|l| l.starts_with("[Result "))
        .expect("a Result header");
    assert!(
        header.contains(": team ") && !header.contains("seat"),
        "{header}"
    );
    assert_eq!(
        notation::import(crownlands_core::Registry::shipped_ref(), &text, "t.cln")
            .unwrap()
            .to_save(),
        s.to_save()
    );
    // Files exported before teams were named said `seat N` for team N: still accepted.
    let legacy = text
        .replace(": team ", ": seat ")
        .replace("teams ", "seats ");
    assert_eq!(
        notation::import(crownlands_core::Registry::shipped_ref(), &legacy, "t.cln")
            .unwrap()
            .to_save(),
        s.to_save()
    );
    // A different winner is still refused.
    let wrong = if header.contains("team 1 wins") {
        text.replace("team 1 wins", "team 2 wins")
    } else {
        text.replace(": team ", ": team 9 wins; ")
    };
    let msg = notation::import(crownlands_core::Registry::shipped_ref(), &wrong, "t.cln")
        .unwrap_err()
        .to_string();
    assert!(msg.contains("the Result header says"), "{msg}");
}

/// A team match of two games: one total per side (team), in the save, its notation and on load;
/// files written when a team match's totals were given per seat (zeros after the teams') still
/// load.
#[test]
fn a_team_match_totals_each_side_once() {
    let text = "extends = \"royal-wedding-teams\"\n\n[rules]\nmatch-games = 2\n";
    let ruleset = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        std::path::Path::new("team-match.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut s = Session::new(Arc::new(ruleset), players(6), 3).unwrap();
    play(&mut s, &mut Rng(17), None);
    assert!(s.is_over());
    assert_eq!(s.game().sides(), 3, "6 players in teams of two");
    let save = s.to_save();
    assert_eq!(save.games.len(), 2);
    let result = save.result.clone().expect("a match result");
    assert_eq!(
        result.totals.len(),
        3,
        "one total per team: {:?}",
        result.totals
    );
    let by_game: Vec<i64> = (0..3)
        .map(|side| {
            s.outcomes()
                .iter()
                .map(|o| i64::from(o.scores.as_slice()[side].total))
                .sum()
        })
        .collect();
    assert_eq!(result.totals, by_game);
    assert!(result.winners.iter().all(|w| (1..=3).contains(w)));
    let loaded = save
        .load(crownlands_core::Registry::shipped_ref(), "t.json")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.match_record(), Some(result.clone()));
    // The notation's result: three totals.
    let exported = notation::export(&s, ExportOptions::default()).unwrap();
    let header = exported
        .lines()
        .find(|l| l.starts_with("[Result "))
        .expect("a Result header");
    let totals = header.trim_start_matches("[Result \"").split(':').next();
    assert_eq!(totals.map(|t| t.split(", ").count()), Some(3), "{header}");
    // As older files wrote it: six totals, the last three zeros.
    let mut old = save.clone();
    if let Some(r) = &mut old.result {
        r.totals.extend([0, 0, 0]);
    }
    assert!(
        old.load(crownlands_core::Registry::shipped_ref(), "old.json")
            .is_ok(),
        "per-seat totals still load"
    );
    let padded_totals = format!(
        "{}, 0, 0, 0",
        result
            .totals
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let old_text = exported.replacen(totals.unwrap_or_default(), &padded_totals, 1);
    assert_ne!(old_text, exported);
    notation::import(
        crownlands_core::Registry::shipped_ref(),
        &old_text,
        "old.kdn",
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

/// The notation as files written before every action had a text: module actions as `@` and the
/// engine's JSON. `game` is a game of the file's rules (it knows their modules' actions).
fn with_json_tokens(game: &crownlands_core::Game, text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with(['[', '%']) {
            out.push_str(line);
        } else {
            let words: Vec<String> = line
                .split(' ')
                .map(|w| match game.parse_action(w) {
                    Ok(a @ (Action::Pass | Action::Module { .. })) => {
                        format!("@{}", game.action_json(a))
                    }
                    _ => w.to_string(),
                })
                .collect();
            out.push_str(&words.join(" "));
        }
        out.push('\n');
    }
    out
}

#[test]
fn module_actions_are_written_in_their_text_and_old_json_tokens_still_import() {
    let mut rng = Rng(0x0dd_5eed);
    for name in ["queendomino", "royal-wedding", "kingdomino-knights"] {
        let ruleset = Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name).unwrap(),
        );
        let mut session = Session::new(ruleset, players(3), 5).unwrap();
        play(&mut session, &mut rng, None);
        let text = notation::export(&session, ExportOptions::default()).unwrap();
        assert!(!text.contains("@{"), "{name}: {text}");
        assert!(text.contains(" pass"), "{name}: {text}");
        let old = with_json_tokens(session.game(), &text);
        assert!(old.contains("@{\"action\":\"pass\"}"), "{name}: {old}");
        let back =
            notation::import(crownlands_core::Registry::shipped_ref(), &old, "old.cgn").unwrap();
        assert_eq!(back.actions(), session.actions(), "{name}");
        assert_eq!(
            notation::export(&back, ExportOptions::default()).unwrap(),
            text
        );
    }
}

/// A file as written before module actions had a text (without its ruleset hash, so that it
/// stays valid when the printing of rulesets changes).
#[test]
fn a_notation_file_with_json_tokens_still_imports() {
    let old = include_str!("legacy/queendomino-json-tokens.cgn");
    assert!(old.contains("@{\"action\":\"tax\",\"square\":0}"));
    let session = notation::import(
        crownlands_core::Registry::shipped_ref(),
        old,
        "queendomino-json-tokens.cgn",
    )
    .unwrap();
    assert!(session.is_over());
    let text = notation::export(&session, ExportOptions::default()).unwrap();
    assert!(!text.contains("@{") && text.contains(" tax0"), "{text}");
    assert_eq!(
        notation::import(crownlands_core::Registry::shipped_ref(), &text, "new.cgn")
            .unwrap()
            .actions(),
        session.actions()
    );
}

/// A module whose action's text does not read back: it writes `ring:1` and reads `ring@1`.
mod bell {
    use crownlands_core::action_text::ActionWord;
    use crownlands_core::modules::{
        Actions, Cx, CxMut, Mechanism, NoParams, NoState, SetupContext,
    };
    use crownlands_core::{IllegalAction, ModuleAction, Side};

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    pub struct Ring;

    impl ModuleAction for Ring {
        const WORD: ActionWord = ActionWord {
            keyword: "ring",
            form: "ring@1",
            example: "ring@1",
        };
        fn to_payload(self) -> u32 {
            1
        }
        fn from_payload(payload: u32) -> Option<Ring> {
            (payload == 1).then_some(Ring)
        }
        fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("ring:1")
        }
        fn read(rest: &str) -> Option<Ring> {
            (rest == "@1").then_some(Ring)
        }
    }

    #[derive(Debug)]
    pub struct Bell;

    impl Mechanism for Bell {
        const NAME: &'static str = "bell";
        type Params = NoParams;
        type State = NoState;
        type Action = Ring;

        fn new(_: NoParams) -> Bell {
            Bell
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
            Ok(())
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Ring>) {
            out.push(Ring);
        }
        fn apply(&self, _cx: CxMut<'_>, _side: Side, _action: Ring) -> Result<bool, IllegalAction> {
            Ok(false)
        }
    }
}

#[test]
fn export_refuses_a_module_action_whose_text_does_not_read_back() {
    // It wrote `ring:1` into the file, which `import` then read as a placement ("no domino
    // `ring`"): now export says which module's text and reader disagree.
    let mut registry = crownlands_core::Registry::shipped();
    registry.add_mechanism::<bell::Bell>();
    let ruleset = crownlands_rules::load_str(
        &registry,
        "extends = \"kingdomino\"\nname = \"bells\"\n[rules]\nmodules = [\"bell\"]\n",
        std::path::Path::new("bells.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut session = Session::new(Arc::new(ruleset), players(2), 3).expect("setup");
    while !session.actions()[0]
        .iter()
        .any(|a| matches!(a, Action::Module { .. }))
    {
        let legal = session.game().legal_actions();
        let ring = legal.iter().find(|a| matches!(a, Action::Module { .. }));
        session.apply(*ring.unwrap_or(&legal[0])).expect("legal");
    }
    let e =
        notation::export_with(&registry, &session, ExportOptions::default()).expect_err("refused");
    assert!(
        e.to_string().contains(
            "module `bell` writes this action as `ring:1`, which does not read back as the same action (the module's text form and its reader disagree; its conformance check says so too)"
        ),
        "{e}"
    );
}

#[test]
fn a_game_continues_the_save_it_went_on_from_and_no_other() {
    let dynasty = shipped_named("dynasty");
    let mut rng = Rng(7);
    let mut session = Session::new(dynasty.clone(), players(2), 3).unwrap();
    play(&mut session, &mut rng, Some(30));
    let early = session.to_save();
    // Into the next game of the match, and to its end.
    play(&mut session, &mut rng, Some(40));
    let later = session.to_save();
    assert!(later.continues(&early));
    assert!(later.continues(&later));
    assert!(
        !early.continues(&later),
        "the earlier is a part of the later"
    );
    play(&mut session, &mut rng, None);
    assert!(session.to_save().continues(&early));
    // Another line of play from the same start, or another deal: not a continuation.
    let mut other = Session::new(dynasty.clone(), players(2), 3).unwrap();
    play(&mut other, &mut Rng(8), Some(40));
    assert!(!other.to_save().continues(&early));
    let mut deal = Session::new(dynasty, players(2), 4).unwrap();
    play(&mut deal, &mut Rng(7), Some(40));
    assert!(!deal.to_save().continues(&early));
}

#[test]
fn a_matchs_length_is_read_for_the_saves_player_count() {
    let dynasty = shipped_named("dynasty");
    let mut session = Session::new(dynasty, players(2), 3).unwrap();
    play(&mut session, &mut Rng(7), Some(5));
    let mut save = session.to_save();
    assert_eq!(save.match_games(), 3);
    // A count of its own: `[for-players.2]` decides for 2 players, `[rules]` for the others.
    save.ruleset
        .push_str("\n[for-players.2]\nkings-per-player = 2\nmatch-games = 1\n");
    assert_eq!(save.match_games(), 1);
    save.ruleset = save.ruleset.replace("[for-players.2]", "[for-players.3]");
    assert_eq!(save.match_games(), 3);
}

/// The decisions of a game are its moves with a choice: the last king's claim of the first
/// line (one domino left) is none, nor are the steps passed with nothing to decide; in a match,
/// the current game's only.
#[test]
fn decisions_count_the_moves_with_a_choice() {
    let load = |name: &str| {
        Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), name).unwrap(),
        )
    };
    let mut s = Session::new(load("kingdomino"), players(2), 42).unwrap();
    assert_eq!(s.decisions(), 0);
    // Two players, two kings each: four first claims, the last of them forced.
    play(&mut s, &mut Rng(7), Some(4));
    assert_eq!(s.decisions(), 3);
    // Queendomino: every move counted by hand, a move with one legal action left out.
    let mut s = Session::new(load("queendomino"), players(2), 5).unwrap();
    let mut rng = Rng(3);
    let mut by_hand = 0;
    for _ in 0..60 {
        let legal = s.game().legal_actions();
        by_hand += usize::from(legal.len() > 1);
        s.apply(legal[rng.below(legal.len())]).unwrap();
    }
    assert_eq!(s.decisions(), by_hand);
    assert!(by_hand < 60, "some moves were forced");
    // Dynasty: the second game's alone.
    let mut s = Session::new(load("dynasty"), players(2), 1).unwrap();
    play(&mut s, &mut Rng(9), None);
    let mut s2 = Session::new(load("dynasty"), players(2), 1).unwrap();
    play(&mut s2, &mut Rng(9), Some(s.actions()[0].len() + 4));
    assert_eq!(s2.game_index(), 1);
    assert_eq!(s2.actions()[1].len(), 4);
    assert_eq!(s2.decisions(), 3);
}

/// A placement where a module's step waits (a hand-written turn that left out a `pass`) is
/// refused with the step and its choices, as the game says them, not only as "no domino to
/// place".
#[test]
fn a_placement_in_a_module_step_says_the_step() {
    let ruleset = Arc::new(
        crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "queendomino")
            .unwrap(),
    );
    let mut s = Session::new(ruleset, players(2), 11).unwrap();
    let mut rng = Rng(5);
    while !matches!(s.game().phase(), crownlands_core::Phase::Step { .. }) {
        let legal = s.game().legal_actions();
        s.apply(legal[rng.below(legal.len())]).unwrap();
    }
    let text = notation::export(&s, ExportOptions::default()).unwrap();
    let cut = text.trim_end().trim_end_matches('*').trim_end();
    let e = notation::import(
        crownlands_core::Registry::shipped_ref(),
        &format!("{cut} 1:0,1e *\n"),
        "t.cgn",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("`1:0,1e` is illegal: it is the "), "{e}");
    assert!(
        e.contains(" step (")
            && e.contains("`pass`")
            && e.ends_with("not the time to place a domino"),
        "{e}"
    );
}

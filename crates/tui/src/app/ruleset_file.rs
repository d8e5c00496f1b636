//! The rulesets the setup screen offers: the shipped ones, and a ruleset the player names on the
//! command line or types on the setup screen: a shipped name, or the path of a file (`~/` is the
//! home directory; a relative path starts from the working directory).

use super::setup::Choice;
use crownlands_core::{Registry, Ruleset, Seat};
use crownlands_rules::{Diagnostic, Diagnostics};
use std::path::{Path, PathBuf};

/// How many of a file's problems the setup screen lists.
const SHOWN_PROBLEMS: usize = 4;

/// The shipped rulesets, and those the registry ships with its modules, with their player
/// counts (each loaded once).
pub fn shipped_choices(registry: &Registry) -> Vec<Choice> {
    crownlands_rules::ruleset_names(registry)
        .into_iter()
        .map(
            |name| match crownlands_rules::load_shipped(registry, &name) {
                Ok(r) => choice(registry, &r, name, None, &[]),
                Err(_) => Choice {
                    name,
                    description: "(does not load)".into(),
                    counts: Vec::new(),
                    path: None,
                    teams: Vec::new(),
                    notes: Vec::new(),
                    warnings: Vec::new(),
                },
            },
        )
        .collect()
}

fn choice(
    registry: &Registry,
    r: &Ruleset,
    name: String,
    path: Option<PathBuf>,
    warnings: &[Diagnostic],
) -> Choice {
    let teams = r
        .player_counts()
        .iter()
        .filter(|(_, rules)| rules.team_size > 1)
        .map(|&(n, _)| {
            let sides = Seat::all(n)
                .map(|seat| r.side_of(n, seat).map_or(0, |side| side.0))
                .collect();
            (n, sides)
        })
        .collect();
    Choice {
        teams,
        notes: seat_notes(registry, r),
        counts: r.player_counts().iter().map(|(n, _)| *n).collect(),
        description: shown_text(r.description()),
        name: super::replay::printable(&name),
        path,
        warnings: warning_lines(warnings),
    }
}

/// A file's text as the setup screen draws it: a tab (which moves a terminal's cursor to its own
/// stops, past what the screen knows) a space, other control characters escaped, new lines kept.
fn shown_text(text: &str) -> String {
    crownlands_core::text::escape_controls_but_newlines(&text.replace('\t', " ")).into_owned()
}

/// A ruleset's warnings, a line each as `crownlands validate` says them, control characters
/// escaped.
pub fn warning_lines(warnings: &[Diagnostic]) -> Vec<String> {
    warnings
        .iter()
        .map(|w| crownlands_core::text::escape_controls(&w.to_string()).into_owned())
        .collect()
}

/// The choice for a ruleset already loaded from `name_or_path` as the command line gave it (a
/// shipped name, or a file: listed under the path as given, loaded again from its absolute path),
/// with the warnings found loading it.
pub fn loaded(
    registry: &Registry,
    name_or_path: &str,
    ruleset: &Ruleset,
    warnings: &[Diagnostic],
) -> Choice {
    let path = Path::new(name_or_path);
    let file = (!crownlands_rules::is_ruleset_name(registry, name_or_path) && path.is_file())
        .then(|| std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()));
    choice(registry, ruleset, name_or_path.to_string(), file, warnings)
}

/// For each player count where a module gives some seats something (a handicap), what each
/// seat is given, in a few words ([`crownlands_core::modules::Module::side_note`]; a seat's
/// team's, in teams), control characters escaped.
fn seat_notes(registry: &Registry, r: &Ruleset) -> Vec<(u8, Vec<Option<String>>)> {
    r.player_counts()
        .iter()
        .filter_map(|(n, rules)| {
            let modules = crownlands_core::modules::build_all(registry, &rules.modules).ok()?;
            let sides = rules.sides(*n);
            let notes: Vec<Option<String>> = Seat::all(*n)
                .map(|seat| {
                    let side = r.side_of(*n, seat)?.index();
                    let said: Vec<String> = modules
                        .modules()
                        .iter()
                        .filter_map(|m| m.side_note(side, sides))
                        .map(|t| crownlands_core::text::escape_controls(&t).into_owned())
                        .collect();
                    (!said.is_empty()).then(|| said.join("; "))
                })
                .collect();
            notes.iter().any(Option::is_some).then_some((*n, notes))
        })
        .collect()
}

/// What the status line says of a ruleset just opened: its name, and what `crownlands validate`
/// would warn of (the first warning said, the rest counted).
pub fn opened_message(choice: &Choice) -> String {
    let name = &choice.name;
    match choice.warnings.as_slice() {
        [] => format!("Opened {name}: choose the players, then Start."),
        [w] => format!("Opened {name}, with a warning: {}", sentence(w)),
        [w, rest @ ..] => format!(
            "Opened {name}, with {} warnings (`crownlands validate` lists them): {}",
            rest.len() + 1,
            sentence(w)
        ),
    }
}

/// `text` ended as a sentence (a warning's words have no full stop of their own), so that
/// what the status line says after it does not run on from it.
pub(crate) fn sentence(text: &str) -> String {
    if text.ends_with(['.', '!', '?']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// The warnings of a game's ruleset as a note after the status line's first words (empty
/// without any).
pub fn warnings_note(warnings: &[String]) -> String {
    match warnings {
        [] => String::new(),
        [w] => format!(" The ruleset has a warning: {}", sentence(w)),
        [w, rest @ ..] => format!(
            " The ruleset has {} warnings (`crownlands validate` lists them): {}",
            rest.len() + 1,
            sentence(w)
        ),
    }
}

/// `~/rest` with the home directory for `~` (from `home`), anything else as it is.
pub fn expand_home(text: &str, home: Option<&Path>) -> PathBuf {
    match (text.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => h.join(rest),
        _ if text == "~" => home.map_or_else(|| PathBuf::from(text), Path::to_path_buf),
        _ => PathBuf::from(text),
    }
}

/// A ruleset's problems, the first few of them, as the setup screen shows them: how many
/// first when there are several, so a box too short for them all still says it. The problems
/// of the file `opened` name it by its file name alone (`bad.toml:3:13: ...`): the screen shows
/// its path in the field above, and a narrow box had room for the path and little else.
pub fn problems(d: &Diagnostics, opened: Option<&Path>) -> String {
    let full = opened.map(|p| p.display().to_string());
    let name = opened
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned());
    let said = |p: &crownlands_rules::Diagnostic| match (&full, &name) {
        (Some(full), Some(name)) if p.file == *full => crownlands_rules::Diagnostic {
            file: name.clone(),
            ..p.clone()
        }
        .to_string(),
        _ => p.to_string(),
    };
    let mut lines: Vec<String> = Vec::new();
    if d.len() > 1 {
        let shown = if d.len() > SHOWN_PROBLEMS {
            format!("the first {SHOWN_PROBLEMS} below")
        } else {
            "below".to_string()
        };
        lines.push(format!(
            "{} problems ({shown}; `{} validate` lists them all):",
            d.len(),
            crownlands_saves::words::program_name()
        ));
    }
    lines.extend(d.0.iter().take(SHOWN_PROBLEMS).map(said));
    lines.join("\n")
}

/// Open the ruleset `text` names: a file (listed under the path as typed), or a shipped
/// ruleset by name. The error says why it does not load, in words for the screen.
pub fn open(registry: &Registry, text: &str) -> Result<Choice, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type the path of a ruleset file (.toml), then Enter.".into());
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let path = expand_home(text, home.as_deref());
    if path.is_dir() {
        return Err(format!(
            "`{text}` is a folder: type the path of a ruleset file in it (.toml)."
        ));
    }
    if path.is_file() && !crownlands_rules::is_ruleset_name(registry, text) {
        let (ruleset, warnings) = crownlands_rules::load_path_with_warnings(registry, &path)
            .map_err(|d| problems(&d, Some(&path)))?;
        let absolute = std::path::absolute(&path).unwrap_or(path);
        return Ok(choice(
            registry,
            &ruleset,
            text.to_string(),
            Some(absolute),
            &warnings,
        ));
    }
    // A FIFO, a device (a link to `/dev/zero`): there, but not a file to read.
    if path.exists() && !crownlands_rules::is_ruleset_name(registry, text) {
        return Err(format!(
            "`{text}` is not a regular file: a ruleset is read from a regular file (.toml)."
        ));
    }
    let looks_like_a_path = text.contains(['/', '\\', '.', '~']);
    let relative = match std::env::current_dir() {
        Ok(cwd) if path.is_relative() => {
            format!(" (a relative path starts from {})", cwd.display())
        }
        _ => String::new(),
    };
    if looks_like_a_path {
        return Err(format!("No file `{text}`{relative}."));
    }
    // A plain word: a shipped ruleset's name (the error suggests the nearest).
    match crownlands_rules::load_with_warnings(registry, text) {
        Ok((r, warnings)) => Ok(choice(registry, &r, text.to_string(), None, &warnings)),
        Err(d) => Err(problems(&d, None)),
    }
}

/// What Tab makes of a typed path: the path completed as far as the folder's entries agree, and
/// the entries still possible when several are (folders end in `/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub text: String,
    pub candidates: Vec<String>,
    /// When nothing fits: how many hidden entries (names starting with a dot, offered only
    /// once a dot is typed) would have.
    pub hidden: usize,
}

/// Complete the path `text` from the files on disk (`~/` is the home folder): only folders and
/// `.toml` files are offered, hidden ones only when the typed name starts with a dot.
pub fn complete(text: &str) -> Completion {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    // The name being typed, as [`complete_with`] splits it: only entries starting with it are
    // looked at (a folder's test follows links, a look at the disk each).
    let start = match text {
        "~" => "",
        _ => &text[text.rfind('/').map_or(0, |i| i + 1)..],
    };
    complete_with(text, |folder| {
        let folder = expand_home(folder, home.as_deref());
        let folder = if folder.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            folder
        };
        std::fs::read_dir(folder)
            .map(|entries| {
                entries
                    // At most so many entries read: a folder of millions is not listed whole
                    // at each Tab.
                    .take(MAX_ENTRIES_READ)
                    .filter_map(Result::ok)
                    .filter_map(|e| {
                        let name = e.file_name().into_string().ok()?;
                        if !name.starts_with(start) {
                            return None;
                        }
                        // Follows links, so a link to a folder completes as a folder.
                        let folder = e.path().is_dir();
                        Some((name, folder))
                    })
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// The most entries of a folder [`complete`] reads at one Tab (the first the system lists).
pub const MAX_ENTRIES_READ: usize = 100_000;

/// [`complete`] over the entries `list` gives for a folder as typed (`""` is the working folder):
/// `(name, is a folder)`.
pub fn complete_with(text: &str, list: impl Fn(&str) -> Vec<(String, bool)>) -> Completion {
    let split = text.rfind('/').map_or(0, |i| i + 1);
    let (folder, start) = text.split_at(split);
    // `~` alone is the home folder: complete inside it.
    let (folder, start) = if text == "~" {
        ("~/", "")
    } else {
        (folder, start)
    };
    type Entries = Vec<(String, bool)>;
    let (mut matches, hidden): (Entries, Entries) = list(folder)
        .into_iter()
        .filter(|(name, is_folder)| {
            name.starts_with(start)
                && (*is_folder || name.ends_with(".toml"))
                // A name with a control or invisible character (`a\x1b[31m.toml`) is not
                // offered: it would reach the terminal, and no one types it.
                && crownlands_core::text::first_unsafe_char(name).is_none()
        })
        .partition(|(name, _)| start.starts_with('.') || !name.starts_with('.'));
    matches.sort();
    let shown = |(name, is_folder): &(String, bool)| {
        if *is_folder {
            format!("{name}/")
        } else {
            name.clone()
        }
    };
    match matches.as_slice() {
        [] => Completion {
            text: text.to_string(),
            candidates: Vec::new(),
            hidden: hidden.len(),
        },
        [one] => Completion {
            text: format!("{folder}{}", shown(one)),
            candidates: Vec::new(),
            hidden: 0,
        },
        [first, rest @ ..] => {
            let mut common = first.0.clone();
            for (name, _) in rest {
                let agreed = common
                    .chars()
                    .zip(name.chars())
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| a.len_utf8())
                    .sum();
                common.truncate(agreed);
            }
            Completion {
                text: format!("{folder}{common}"),
                candidates: matches.iter().map(shown).collect(),
                hidden: 0,
            }
        }
    }
}

/// Load the ruleset of a setup choice: its file again (it may have changed), or the shipped one.
pub fn load(registry: &Registry, choice: &Choice) -> Result<Ruleset, String> {
    match &choice.path {
        Some(p) => crownlands_rules::load_path(registry, p),
        None => crownlands_rules::load_shipped(registry, &choice.name),
    }
    .map_err(|d| problems(&d, choice.path.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warning_ends_its_sentence_before_what_follows() {
        // "...dominoes cover two squares each The autosaved game stays" (a playtest).
        let w = vec!["no one can ever earn Harmony".to_string()];
        assert_eq!(
            warnings_note(&w),
            " The ruleset has a warning: no one can ever earn Harmony."
        );
        let ended = vec!["it ends well.".to_string(), "a second".to_string()];
        assert!(warnings_note(&ended).ends_with("): it ends well."));
    }

    fn listing(folder: &str) -> Vec<(String, bool)> {
        let names: &[(&str, bool)] = match folder {
            "" => &[
                ("rules", true),
                ("rulesets", true),
                ("readme.md", false),
                (".hidden.toml", false),
            ],
            "rules/" => &[
                ("duel.toml", false),
                ("duel-big.toml", false),
                ("notes.txt", false),
                ("teams", true),
                ("d\u{1b}[31mred.toml", false),
                ("te\u{202e}xt", true),
            ],
            _ => &[],
        };
        names.iter().map(|(n, d)| (n.to_string(), *d)).collect()
    }

    #[test]
    fn tab_completes_from_the_disk_the_names_typed() {
        let dir = std::env::temp_dir().join(format!("crownlands-complete-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("abc")).expect("a folder");
        for f in ["ab.toml", "zz.toml", "ax.txt"] {
            std::fs::write(dir.join(f), "").expect("a file");
        }
        let typed = format!("{}/a", dir.display());
        let c = super::complete(&typed);
        assert_eq!(c.candidates, ["ab.toml", "abc/"], "{c:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tab_completes_paths_as_far_as_they_agree() {
        let c = |t: &str| complete_with(t, listing);
        // One match: completed, a folder with its slash.
        assert_eq!(c("rules/t").text, "rules/teams/");
        assert_eq!(c("rules/duel.").text, "rules/duel.toml");
        assert!(c("rules/duel.").candidates.is_empty());
        // Several: as far as they agree, and the candidates listed.
        let several = c("rules/d");
        assert_eq!(several.text, "rules/duel");
        assert_eq!(several.candidates, vec!["duel-big.toml", "duel.toml"]);
        let folders = c("ru");
        assert_eq!(folders.text, "rules");
        assert_eq!(folders.candidates, vec!["rules/", "rulesets/"]);
        // Only folders and .toml files; hidden ones when asked for.
        assert_eq!(c("rules/n").text, "rules/n");
        assert!(c("rules/n").candidates.is_empty());
        assert_eq!(c("").candidates, vec!["rules/", "rulesets/"]);
        assert_eq!(c(".").text, ".hidden.toml");
        // Nothing there: unchanged.
        assert_eq!(c("nowhere/x").text, "nowhere/x");
        // Nothing but hidden entries: counted, for the message to say how to see them.
        assert_eq!(c(".h").hidden, 0);
        assert_eq!(c("").hidden, 0);
        assert_eq!(c("rules/n").hidden, 0);
        let only_hidden = |t: &str| {
            complete_with(t, |_| {
                vec![
                    (".config".to_string(), true),
                    (".a.toml".to_string(), false),
                ]
            })
        };
        assert_eq!(only_hidden("~/").hidden, 2);
        assert!(only_hidden("~/").candidates.is_empty());
        // Names with control or invisible characters are never offered (they would reach the
        // terminal): above, `rules/d` and `rules/t` saw only the plain names.
        assert!(
            c("rules/")
                .candidates
                .iter()
                .all(|n| n.chars().all(|c| !c.is_control()))
        );
        assert_eq!(c("rules/").candidates.len(), 3);
    }

    #[test]
    fn tab_completes_from_the_disk() {
        let dir = std::env::temp_dir().join(format!("crownlands-tui-tab-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("house-rules.toml"), "").unwrap();
        let typed = format!("{}/ho", dir.display());
        assert_eq!(
            complete(&typed).text,
            format!("{}/house-rules.toml", dir.display())
        );
        assert_eq!(
            complete(&format!("{}/s", dir.display())).text,
            format!("{}/sub/", dir.display())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn home_is_expanded() {
        let home = Path::new("/home/ann");
        assert_eq!(
            expand_home("~/rules/a.toml", Some(home)),
            PathBuf::from("/home/ann/rules/a.toml")
        );
        assert_eq!(expand_home("~", Some(home)), PathBuf::from("/home/ann"));
        assert_eq!(expand_home("~/a", None), PathBuf::from("~/a"));
        assert_eq!(expand_home("a/~/b", Some(home)), PathBuf::from("a/~/b"));
    }

    #[test]
    fn opens_files_and_names_and_explains_failures() {
        let dir = std::env::temp_dir().join(format!("crownlands-tui-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("duel.toml");
        std::fs::write(
            &good,
            "name = \"my-duel\"\nextends = \"kingdomino\"\nplayers = [2]\n",
        )
        .unwrap();
        let c = open(Registry::shipped_ref(), good.to_str().unwrap()).unwrap();
        assert_eq!(c.counts, vec![2]);
        assert_eq!(c.path.as_deref(), Some(good.as_path()));
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "name = \"x\"\nfoo = 1\n").unwrap();
        let e = open(Registry::shipped_ref(), bad.to_str().unwrap()).unwrap_err();
        assert!(e.contains("unknown key `foo`"), "{e}");
        assert!(e.contains("bad.toml:2:1"), "{e}");
        let e = open(
            Registry::shipped_ref(),
            dir.join("missing.toml").to_str().unwrap(),
        )
        .unwrap_err();
        assert!(e.starts_with("No file `"), "{e}");
        let e = open(Registry::shipped_ref(), "kingdomnio").unwrap_err();
        assert!(e.contains("did you mean `kingdomino`"), "{e}");
        let e = open(Registry::shipped_ref(), dir.to_str().unwrap()).unwrap_err();
        assert!(e.contains("is a folder"), "{e}");
        // A device (a FIFO likewise): there, but no regular file (not "No file").
        #[cfg(unix)]
        {
            let e = open(Registry::shipped_ref(), "/dev/null").unwrap_err();
            assert!(e.contains("is not a regular file"), "{e}");
        }
        assert!(open(Registry::shipped_ref(), "  ").is_err());
        let shipped = open(Registry::shipped_ref(), "kingdomino").unwrap();
        assert_eq!(shipped.path, None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

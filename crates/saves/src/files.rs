//! Save files on disk: reading with a size limit, atomic writes, unique names in a directory, and
//! the autosave.

use crate::error::{Problem, SaveError};
use crate::save::Save;
use crate::session::{Move, Session};
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest save or notation file read (a 3-game match of the largest ruleset is far smaller).
pub const MAX_SAVE_BYTES: u64 = 64 << 20;
/// The autosave's file name, in [`data_dir`].
pub const AUTOSAVE_FILE: &str = "autosave.json";
/// Where an unfinished autosaved game goes when another game takes the autosave
/// ([`keep_unfinished_autosave`]).
pub const PREVIOUS_AUTOSAVE_FILE: &str = "autosave-previous.json";

/// Read a file as UTF-8 text, refusing files over [`MAX_SAVE_BYTES`].
pub fn read_text(path: &Path) -> Result<String, SaveError> {
    let file = path.display().to_string();
    let f = File::open(path).map_err(|e| SaveError::new(&file, Problem::Read(e)))?;
    let mut bytes = Vec::new();
    f.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SaveError::new(&file, Problem::Read(e)))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        let size = fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(SaveError::new(
            &file,
            Problem::TooLarge {
                size,
                max: MAX_SAVE_BYTES,
            },
        ));
    }
    String::from_utf8(bytes).map_err(|_| SaveError::new(&file, Problem::NotText))
}

/// Read a save file and check its format, version and shape, without replaying it (see
/// [`Save::replay`]).
pub fn read_save_file(path: &Path) -> Result<Save, SaveError> {
    Save::from_json(&read_text(path)?, &path.display().to_string())
}

/// Read a save file and replay it (see [`Save::load`]). The file is only read.
pub fn read_save(path: &Path) -> Result<Session, SaveError> {
    read_save_with(path, |_| {})
}

/// As [`read_save`], calling `on_move` after every replayed action.
pub fn read_save_with(path: &Path, on_move: impl FnMut(&Move<'_>)) -> Result<Session, SaveError> {
    let file = path.display().to_string();
    let text = read_text(path)?;
    Save::from_json(&text, &file)?.replay(&file, on_move)
}

/// Write a save file atomically (see [`write_atomic`]).
pub fn write_save(path: &Path, save: &Save) -> Result<(), SaveError> {
    write_atomic(path, save.to_json().as_bytes())
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Write `bytes` to `path` atomically: into a new temporary file in the same directory, flushed and
/// synced to disk, then renamed over `path`. If anything fails, `path` is left as it was (the
/// previous save intact) and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    write_atomic_inner(path, bytes, None)
}

/// `fail_after`: for tests, fail with an injected error after writing that many bytes.
fn write_atomic_inner(
    path: &Path,
    bytes: &[u8],
    fail_after: Option<usize>,
) -> Result<(), SaveError> {
    let file = path.display().to_string();
    let fail = |e: std::io::Error| SaveError::new(&file, Problem::Write(e));
    let name = path.file_name().ok_or_else(|| {
        fail(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path names no file",
        ))
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, mut f) = loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".tmp-{}-{n}", std::process::id()));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < u64::MAX => continue,
            Err(e) => return Err(fail(e)),
        }
    };
    let written = (|| {
        match fail_after {
            Some(k) => {
                f.write_all(&bytes[..k.min(bytes.len())])?;
                return Err(std::io::Error::other("injected failure (test)"));
            }
            None => f.write_all(bytes)?,
        }
        f.flush()?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(fail(e));
    }
    // Make the rename itself durable where the platform allows it; the save is complete anyway.
    #[cfg(unix)]
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Write `save` into the directory `dir` (created if missing) under a new, unique name:
/// `RULESET-seed-SEED.json`, or `RULESET-seed-SEED-2.json` and so on when that is taken. Safe
/// to call from several threads or processes at once. Returns the path written.
///
/// This is what `crownlands simulate --players N --save DIR` calls for every game or match it
/// plays.
pub fn save_into_dir(dir: &Path, save: &Save) -> Result<PathBuf, SaveError> {
    save_into_dir_as(
        dir,
        &format!("{}-seed-{}", save.ruleset_name, save.seed),
        save,
    )
}

/// The longest file stem [`save_into_dir_as`] writes (file systems allow 255 bytes a name).
const MAX_STEM: usize = 150;

/// Write `save` atomically into the directory `dir` (created if missing) as `STEM.json`, or
/// `STEM-2.json` and so on when that is taken. `stem` is made safe for any file system: characters
/// other than ASCII letters, digits, `-`, `_` and `.` become `_`, and it is cut to 150
/// characters. Safe to call from several threads or processes at once. Returns the path written.
///
/// `crownlands simulate --bots ... --save DIR` names its files after the game and its seats.
pub fn save_into_dir_as(dir: &Path, stem: &str, save: &Save) -> Result<PathBuf, SaveError> {
    let shown = dir.display().to_string();
    fs::create_dir_all(dir).map_err(|e| SaveError::new(&shown, Problem::Write(e)))?;
    let stem = file_stem(stem);
    for k in 1u64.. {
        let name = if k == 1 {
            format!("{stem}.json")
        } else {
            format!("{stem}-{k}.json")
        };
        let path = dir.join(name);
        // Reserve the name: whoever creates the file first owns it.
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(_) => {
                write_save(&path, save).inspect_err(|_| {
                    let _ = fs::remove_file(&path);
                })?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(SaveError::new(
                    &path.display().to_string(),
                    Problem::Write(e),
                ));
            }
        }
    }
    Err(SaveError::new(
        &shown,
        Problem::Write(std::io::Error::other("no free file name")),
    ))
}

/// `stem` with only portable characters (a leading `.` would hide the file, so it becomes `_`),
/// at most [`MAX_STEM`] long, never empty.
fn file_stem(stem: &str) -> String {
    let mut s: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .take(MAX_STEM)
        .collect();
    if s.starts_with('.') {
        s.replace_range(..1, "_");
    }
    if s.is_empty() {
        s.push_str("game");
    }
    s
}

/// Make sure saves can be written into `dir`: create it if missing and create (then remove) a
/// file in it. Call it before playing games that will be saved there, so that a directory that
/// cannot be written is reported at once rather than after the first game.
pub fn prepare_save_dir(dir: &Path) -> Result<(), SaveError> {
    let shown = dir.display().to_string();
    let fail = |e: std::io::Error| SaveError::new(&shown, Problem::Directory(e));
    if dir.exists() && !dir.is_dir() {
        return Err(fail(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it exists and is not a directory",
        )));
    }
    fs::create_dir_all(dir).map_err(fail)?;
    let probe = dir.join(format!(
        ".crownlands-probe-{}-{}",
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(fail)?;
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// Where Crownlands keeps its data (the autosave): `$CROWNLANDS_HOME` if set, else `crownlands` in
/// the platform's data directory as the `dirs` crate finds it: `$XDG_DATA_HOME` (when absolute) or
/// `~/.local/share` on Linux and other Unixes, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows. `None` when none of these can be found.
pub fn data_dir() -> Option<PathBuf> {
    choose_data_dir(std::env::var_os("CROWNLANDS_HOME"), dirs::data_dir())
}

/// `$CROWNLANDS_HOME` (unless empty) over the platform's data directory.
fn choose_data_dir(
    crownlands_home: Option<OsString>,
    platform: Option<PathBuf>,
) -> Option<PathBuf> {
    match crownlands_home.filter(|v| !v.is_empty()) {
        Some(home) => Some(PathBuf::from(home)),
        None => platform.map(|d| d.join("crownlands")),
    }
}

/// The autosave file: [`AUTOSAVE_FILE`] in [`data_dir`].
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(AUTOSAVE_FILE))
}

fn no_data_dir() -> SaveError {
    SaveError::new(
        "",
        Problem::Write(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no place for the autosave: set CROWNLANDS_HOME (or HOME)",
        )),
    )
}

/// Save `session` as the autosave (atomically, so a crash mid-write keeps the previous one).
/// A front end calls this after every move. Returns the path written.
pub fn autosave(session: &Session) -> Result<PathBuf, SaveError> {
    autosave_in(&data_dir().ok_or_else(no_data_dir)?, session)
}

/// [`autosave`] into the directory `dir` (created if missing).
pub fn autosave_in(dir: &Path, session: &Session) -> Result<PathBuf, SaveError> {
    fs::create_dir_all(dir)
        .map_err(|e| SaveError::new(&dir.display().to_string(), Problem::Write(e)))?;
    let path = dir.join(AUTOSAVE_FILE);
    write_save(&path, &session.to_save())?;
    Ok(path)
}

/// Before `session` first takes the autosave in `dir`: when the autosave holds a game `session`
/// does not continue (another ruleset, seed or players, or other moves) that is unfinished or does
/// not load, move it to [`PREVIOUS_AUTOSAVE_FILE`] (replacing an older one there), so that no
/// unfinished game is overwritten unseen. Returns where it went, if it was moved.
pub fn keep_unfinished_autosave(
    dir: &Path,
    session: &Session,
) -> Result<Option<PathBuf>, SaveError> {
    let path = dir.join(AUTOSAVE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let keep = match read_save(&path) {
        Ok(saved) => !saved.is_over() && !continues(session, &saved),
        Err(_) => true,
    };
    if !keep {
        return Ok(None);
    }
    let previous = dir.join(PREVIOUS_AUTOSAVE_FILE);
    fs::rename(&path, &previous)
        .map_err(|e| SaveError::new(&path.display().to_string(), Problem::Write(e)))?;
    Ok(Some(previous))
}

/// Whether `session` is the game `saved` recorded, played on (or the same moves exactly).
fn continues(session: &Session, saved: &Session) -> bool {
    let moves = |s: &Session| s.actions().iter().flatten().copied().collect::<Vec<_>>();
    session.seed() == saved.seed()
        && session.players() == saved.players()
        && session.ruleset() == saved.ruleset()
        && moves(session).starts_with(&moves(saved))
}

/// The unfinished game to offer to resume on start: `Ok(None)` when there is no autosave or its
/// game is over; an error when the autosave exists but does not load (it is left untouched, so
/// the front end can tell the player and start afresh).
pub fn load_autosave() -> Result<Option<Session>, SaveError> {
    match data_dir() {
        Some(dir) => load_autosave_in(&dir),
        None => Ok(None),
    }
}

/// [`load_autosave`] from the directory `dir`.
pub fn load_autosave_in(dir: &Path) -> Result<Option<Session>, SaveError> {
    let path = dir.join(AUTOSAVE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let session = read_save(&path)?;
    Ok((!session.is_over()).then_some(session))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "crownlands-saves-{tag}-{}-{}",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn injected_failure_keeps_the_previous_file() {
        let dir = temp_dir("inject");
        let path = dir.join("game.json");
        write_atomic(&path, b"previous save").unwrap();
        for k in [0, 3, 1000] {
            let e = write_atomic_inner(&path, b"a much longer new save", Some(k)).unwrap_err();
            assert!(e.to_string().contains("injected failure"), "{e}");
            assert_eq!(fs::read(&path).unwrap(), b"previous save");
            assert_eq!(leftovers(&dir), vec!["game.json"], "temporary file removed");
        }
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(leftovers(&dir), vec!["game.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn failed_rename_keeps_the_target_and_cleans_up() {
        // The target is a non-empty directory: the rename fails after the data is written.
        let dir = temp_dir("rename");
        let target = dir.join("save.json");
        fs::create_dir_all(target.join("inside")).unwrap();
        assert!(write_atomic(&target, b"data").is_err());
        assert!(target.join("inside").is_dir());
        assert_eq!(leftovers(&dir), vec!["save.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn missing_directory_is_an_error_not_a_panic() {
        let dir = temp_dir("missing");
        let e = write_atomic(&dir.join("no/such/dir/save.json"), b"x").unwrap_err();
        assert!(e.to_string().contains("cannot write"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stems_are_portable_and_bounded() {
        assert_eq!(
            file_stem("kingdomino-game-7-mcts:500ms-greedy"),
            "kingdomino-game-7-mcts_500ms-greedy"
        );
        assert_eq!(file_stem("../x/y"), "_._x_y");
        assert_eq!(file_stem(""), "game");
        assert_eq!(file_stem(&"a".repeat(400)).len(), MAX_STEM);
    }

    #[test]
    fn save_into_dir_as_never_overwrites() {
        let dir = temp_dir("named");
        let ruleset = std::sync::Arc::new(crownlands_rules::load_shipped("kingdomino").unwrap());
        let save = Save::from_actions(ruleset, crate::Player::seats(2, "random"), 3, &[Vec::new()])
            .unwrap();
        let a = save_into_dir_as(&dir, "kingdomino-game-1-greedy-random", &save).unwrap();
        let b = save_into_dir_as(&dir, "kingdomino-game-1-greedy-random", &save).unwrap();
        assert!(a.ends_with("kingdomino-game-1-greedy-random.json"), "{a:?}");
        assert!(
            b.ends_with("kingdomino-game-1-greedy-random-2.json"),
            "{b:?}"
        );
        assert_eq!(crate::read_save(&a).unwrap().actions(), &[Vec::new()]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn prepare_save_dir_creates_and_refuses_files() {
        let dir = temp_dir("prepare");
        let inner = dir.join("a/b");
        prepare_save_dir(&inner).unwrap();
        assert!(inner.is_dir());
        assert!(leftovers(&inner).is_empty(), "the probe is removed");
        let file = dir.join("plain");
        fs::write(&file, b"x").unwrap();
        let e = prepare_save_dir(&file).unwrap_err().to_string();
        assert!(
            e.ends_with(
                "plain: cannot save games in this directory: it exists and is not a directory"
            ),
            "{e}"
        );
        let e = prepare_save_dir(&file.join("below"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot save games in this directory"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn data_dir_order() {
        let platform = Some(PathBuf::from("/x"));
        assert_eq!(
            choose_data_dir(Some("/c".into()), platform.clone()),
            Some(PathBuf::from("/c"))
        );
        assert_eq!(
            choose_data_dir(Some("".into()), platform.clone()),
            Some(PathBuf::from("/x/crownlands"))
        );
        assert_eq!(
            choose_data_dir(None, platform),
            Some(PathBuf::from("/x/crownlands"))
        );
        assert_eq!(choose_data_dir(None, None), None);
    }
}

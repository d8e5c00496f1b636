//! The autosave of one `crownlands play`, when other `crownlands play`s may be running on the same
//! data directory.
//!
//! No lock is taken (a killed program would leave one behind): each app remembers the bytes it
//! last wrote to `autosave.json` and, before every write, reads the file back. When it is still
//! what this app wrote (or is gone), the app writes on; when it holds something else, another
//! program took the autosave since, and this app's game goes on in a file of its own
//! (`autosave-2.json`, `autosave-3.json`, ...: the first free name, never one that exists), so
//! neither game is overwritten. Before its first write (and each new game's), an app keeps an
//! unfinished (or unreadable) game of another session that is in `autosave.json`, or a finished
//! one the saves folder did not take ([`kept_in`]): it moves to
//! `autosave-previous.json`, unless that file holds an unfinished game itself (that nothing here
//! continues), which is then kept too: the game moved goes to `autosave-previous-2.json` and so
//! on. A game moved there is never lost by a later move.
//!
//! A game in a numbered autosave is offered on start when `autosave.json` holds none to go on
//! with ([`numbered_autosaves`]); resumed, it goes on in its file ([`Autosaver::continuing`]),
//! checked before each write as `autosave.json` is.
//!
//! The check and the write that follows are two steps, so two programs writing in the same
//! instant can still overwrite each other; the loser finds out at its next write, or at its exit
//! ([`Autosaver::before_exit`]), and writes its game to a file of its own then: a game can be
//! missing from `autosave.json` for a moment, not lost.

use crownlands_core::Registry;
use crownlands_saves::{
    AUTOSAVE_FILE, MAX_SAVE_BYTES, PREVIOUS_AUTOSAVE_FILE, Problem, Save, SaveError, Session,
    continues,
};
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

/// The most numbered names tried (`autosave-2.json` up to this).
const MAX_NUMBER: u32 = 100_000;

/// What a path of the autosave holds.
#[derive(Debug, PartialEq, Eq)]
enum OnDisk {
    Missing,
    /// A folder, a FIFO, a device: never opened (a FIFO's opening waits for a writer).
    NotAFile,
    /// A regular file's bytes (the first of them, past any save's size).
    Bytes(Vec<u8>),
}

impl OnDisk {
    fn bytes(self) -> Option<Vec<u8>> {
        match self {
            OnDisk::Bytes(b) => Some(b),
            _ => None,
        }
    }
}

/// What happened besides writing the autosave, for the player to be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// An unfinished (or unreadable) game of another session was in the autosave: it was moved
    /// to this file.
    Kept(PathBuf),
    /// The file this app autosaved to (`from`: `autosave.json`, or the numbered file its game
    /// was resumed from) holds another program's game: this app's game is now autosaved to
    /// `to` instead.
    Moved { from: PathBuf, to: PathBuf },
    /// `autosave.json` is not a regular file (a folder, a FIFO): left as it is, this app's
    /// game is autosaved to `to` instead.
    NotAFile { at: PathBuf, to: PathBuf },
}

/// What one app knows of the autosave it writes.
#[derive(Clone, Debug, Default)]
pub struct Autosaver {
    /// The bytes this app last wrote to `autosave.json`, or to its own file once it has one
    /// (`None` before its first write).
    written: Option<Vec<u8>>,
    /// The file this app's game went to after another program took `autosave.json`.
    own: Option<PathBuf>,
    /// `written` is what the file held when the game was resumed from it (not yet written by
    /// this app): it holds the game as resumed, in whatever form the program that wrote it
    /// gave it.
    resumed: bool,
}

impl Autosaver {
    /// Autosave a game resumed from the numbered autosave `path` (`autosave-2.json`) there, as
    /// it was: `path`'s bytes now are what this app wrote last, so a change by another program
    /// is seen at the next write, which then goes to a file of its own.
    pub fn continuing(path: &Path) -> Result<Autosaver, SaveError> {
        Ok(Autosaver {
            written: read_bounded(path)?.bytes(),
            own: Some(path.to_path_buf()),
            resumed: true,
        })
    }

    /// Autosave a game resumed from `autosave.json` (at `path`) there: its bytes now are what
    /// this app wrote last, so an undo back past them writes over it (it is the same game),
    /// while a change by another program is still seen at the next write.
    pub fn adopting(path: &Path) -> Result<Autosaver, SaveError> {
        Ok(Autosaver {
            written: read_bounded(path)?.bytes(),
            own: None,
            resumed: true,
        })
    }

    /// Where this app's game is autosaved when another program took `autosave.json`, or the
    /// numbered autosave its game was resumed from.
    pub fn own_file(&self) -> Option<&Path> {
        self.own.as_deref()
    }

    /// The file this app last autosaved to in `dir`, with what it wrote there (`None` before
    /// its first write): what is kept of the game when the autosave stops.
    pub fn last_written(&self, dir: &Path) -> Option<(PathBuf, Save)> {
        let bytes = self.written.as_deref()?;
        let path = self.own.clone().unwrap_or_else(|| dir.join(AUTOSAVE_FILE));
        let text = std::str::from_utf8(bytes).ok()?;
        let save = Save::from_json(text, &path.display().to_string()).ok()?;
        Some((path, save))
    }

    /// Autosave `session` in `dir` (created if missing), as the module's text says. `saves`:
    /// the folder finished games are kept in (a finished autosave found nowhere there is the
    /// game's only copy, kept as an unfinished one is).
    pub fn write(
        &mut self,
        registry: &Registry,
        dir: &Path,
        saves: Option<&Path>,
        session: &Session,
    ) -> Result<Option<Note>, SaveError> {
        let bytes = session.to_save().to_json().into_bytes();
        if let Some(own) = self.own.clone() {
            // A file of its own is checked as `autosave.json` is: another program may have
            // resumed the game in it too.
            let taken = match (&self.written, read_bounded(&own)?) {
                (Some(mine), OnDisk::Bytes(there)) => *mine != there,
                (_, OnDisk::NotAFile) => true,
                _ => false,
            };
            if taken {
                let to = self.move_out(dir, &bytes)?;
                return Ok(Some(Note::Moved { from: own, to }));
            }
            crownlands_saves::write_atomic(&own, &bytes)?;
            self.written = Some(bytes);
            self.resumed = false;
            return Ok(None);
        }
        fs::create_dir_all(dir).map_err(|e| write_error(dir, e))?;
        let path = dir.join(AUTOSAVE_FILE);
        let on_disk = read_bounded(&path)?;
        let mut note = None;
        match (&self.written, &on_disk) {
            // Nothing there (or it was removed): free.
            (_, OnDisk::Missing) => {}
            // Not a file (a folder, a FIFO): left as it is, this game goes on in a file of its
            // own.
            (_, OnDisk::NotAFile) => {
                let to = self.move_out(dir, &bytes)?;
                return Ok(Some(Note::NotAFile { at: path, to }));
            }
            // Still what this app wrote.
            (Some(mine), OnDisk::Bytes(there)) if mine == there => {}
            // Another program's game since this app's last write: this game goes elsewhere.
            (Some(_), OnDisk::Bytes(_)) => {
                let to = self.move_out(dir, &bytes)?;
                return Ok(Some(Note::Moved { from: path, to }));
            }
            // This app's first write.
            (None, OnDisk::Bytes(_)) => {
                // What a killed process left of its saves goes first (a game it held for an
                // instant, to a number).
                crownlands_saves::remove_stale_temp_files(dir);
                keep_stranded(dir);
                if must_keep(registry, &path, saves, session) {
                    note = keep_previous(registry, dir, saves, session)?.map(Note::Kept);
                }
            }
        }
        crownlands_saves::write_atomic(&path, &bytes)?;
        self.written = Some(bytes);
        self.resumed = false;
        Ok(note)
    }

    /// Whether what this app last wrote (or resumed) is `session` as it stands: a new game
    /// started and not yet moved in is not (the autosave still holds the game before it). A
    /// game resumed and not moved in since is, whatever the bytes (an earlier version of the
    /// program may have written them otherwise).
    pub fn holds(&self, session: &Session, moved: bool) -> bool {
        self.written.as_deref().is_some_and(|w| {
            (self.resumed && !moved) || w == session.to_save().to_json().as_bytes()
        })
    }

    /// Before the program ends (a quit, a signal): when `autosave.json` no longer holds what
    /// this app last wrote there (another program took it in the instant of a write), write it
    /// to a file of its own. Returns that file.
    pub fn before_exit(&mut self, dir: &Path) -> Result<Option<PathBuf>, SaveError> {
        let Some(mine) = self.written.clone() else {
            return Ok(None);
        };
        let path = match &self.own {
            Some(own) => own.clone(),
            None => dir.join(AUTOSAVE_FILE),
        };
        match read_bounded(&path)? {
            OnDisk::Bytes(there) if there == mine => Ok(None),
            // Gone: put it back.
            OnDisk::Missing => crownlands_saves::write_atomic(&path, &mine).map(|()| None),
            // Another program's game, or something not a file, took its place.
            _ => self.move_out(dir, &mine).map(Some),
        }
    }

    /// Write `bytes` under the first free name `autosave-N.json` and autosave there from now on.
    fn move_out(&mut self, dir: &Path, bytes: &[u8]) -> Result<PathBuf, SaveError> {
        let mut last = None;
        for n in 2..=MAX_NUMBER {
            let path = dir.join(numbered(AUTOSAVE_FILE, n));
            match crownlands_saves::write_new(&path, bytes) {
                Ok(()) => {
                    self.own = Some(path.clone());
                    self.written = Some(bytes.to_vec());
                    self.resumed = false;
                    return Ok(path);
                }
                Err(e) if already_exists(&e) => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| write_error(dir, ErrorKind::AlreadyExists.into())))
    }
}

/// Whether the autosave at `path`, before `session`'s first write, holds a game to keep: one
/// that `session` does not continue and that the folder `saves` does not hold as it stands (a
/// finished game whose keeping there failed, a full disk; an unfinished one not saved there
/// with `s`), or does not load.
fn must_keep(registry: &Registry, path: &Path, saves: Option<&Path>, session: &Session) -> bool {
    match crownlands_saves::read_save(registry, path) {
        Ok(saved) => {
            // A game the saves folder holds too, as it stands (finished and kept as it ended,
            // or saved with `s` and loaded from there): not its only copy.
            !continues(session, &saved) && !kept_in(saves, path)
        }
        Err(_) => true,
    }
}

/// How many of the most recent files of the saves folder are looked through for an autosaved
/// game (a finished game is kept there as it ends, a game saved with `s` as it stood: among the
/// last written), and by a game resumed from the autosave for the files it was saved or kept in.
pub(super) const RECENT_SAVES: usize = 64;

/// A save of the folder `saves` holding the autosave's game played further (the autosave stopped
/// on a failed write, and the game went on and was saved with `s`): one of its most recent files,
/// the one holding the most moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Later {
    pub path: PathBuf,
    /// Moves it holds past the autosave's.
    pub more: usize,
    /// Whether its game (match) is over.
    pub over: bool,
}

/// The save of `saves` holding `session` (the autosave's game) played further, if any ([`Later`]).
pub(super) fn later_in(saves: Option<&Path>, session: &Session) -> Option<Later> {
    let saves = saves?;
    let now = session.to_save();
    let mut best: Option<(PathBuf, crownlands_saves::Save)> = None;
    for (path, file) in recent_save_files(saves) {
        if file.moves() > now.moves()
            && file.continues(&now)
            && best.as_ref().is_none_or(|(_, b)| file.moves() > b.moves())
        {
            best = Some((path, file));
        }
    }
    best.map(|(path, file)| Later {
        more: file.moves() - now.moves(),
        over: !file.is_unfinished(),
        path,
    })
}

/// The [`RECENT_SAVES`] most recent files of the saves folder `dir` that read as saves, newest
/// first.
pub(super) fn recent_save_files(
    dir: &Path,
) -> impl Iterator<Item = (PathBuf, crownlands_saves::Save)> {
    super::replay::newest_saves(dir)
        .into_iter()
        .take(RECENT_SAVES)
        .filter_map(|(path, _)| {
            let file = crownlands_saves::read_save_file(&path).ok()?;
            Some((path, file))
        })
}

/// Whether the file `path` (a game autosaved) is kept in the folder `saves` too ([`held_in`]).
fn kept_in(saves: Option<&Path>, path: &Path) -> bool {
    held_in(saves, path).is_some()
}

/// The file of the folder `saves` that holds the game autosaved at `path` as it stands: one of
/// its most recent files with the same bytes (a game is kept as it is autosaved, both written
/// from the game as it ended; saved with `s` as it stood). Files of another size are not read.
pub(super) fn held_in(saves: Option<&Path>, path: &Path) -> Option<PathBuf> {
    let (Some(saves), Ok(OnDisk::Bytes(bytes))) = (saves, read_bounded(path)) else {
        return None;
    };
    super::replay::newest_saves(saves)
        .into_iter()
        .take(RECENT_SAVES)
        .filter(|(_, len)| *len == bytes.len() as u64)
        .map(|(file, _)| file)
        .find(|file| matches!(read_bounded(file), Ok(OnDisk::Bytes(there)) if there == bytes))
}

/// Whether `autosave-previous.json` in `dir` may take the autosave: it is free, or holds a
/// finished game kept in `saves` too, or a game that the autosave's game or `session`
/// continues.
fn previous_replaceable(
    registry: &Registry,
    dir: &Path,
    saves: Option<&Path>,
    session: Option<&Session>,
) -> bool {
    replaceable_at(
        registry,
        &dir.join(AUTOSAVE_FILE),
        &dir.join(PREVIOUS_AUTOSAVE_FILE),
        saves,
        session,
    )
}

/// Whether the file at `file` (`autosave-previous.json`, or what was there, set aside) may be
/// written over: it is missing, or holds a finished game kept in `saves` too, or a game that
/// the autosave's game (the file `autosave`) or `session` continues.
fn replaceable_at(
    registry: &Registry,
    autosave: &Path,
    file: &Path,
    saves: Option<&Path>,
    session: Option<&Session>,
) -> bool {
    match fs::symlink_metadata(file) {
        Err(e) => e.kind() == ErrorKind::NotFound,
        Ok(_) => match crownlands_saves::read_save(registry, file) {
            Ok(there) => {
                (there.is_over() && kept_in(saves, file))
                    || session.is_some_and(|s| continues(s, &there))
                    || crownlands_saves::read_save(registry, autosave)
                        .is_ok_and(|moved| continues(&moved, &there))
            }
            Err(_) => false,
        },
    }
}

/// Keep the autosave in `dir` under another name before it is written over, never over an
/// unfinished game: as `autosave-previous.json` when that is free, holds a finished game, or a
/// game that the one kept or `session` continues; else as the first free
/// `autosave-previous-N.json`. Returns where it went (`None` when it was gone already).
///
/// Nothing here renames a file over another: two programs starting new games in one folder at
/// once could otherwise each judge `autosave-previous.json` free to take, and the second's
/// rename put the first's new autosave over the unfinished game the first had just kept there.
/// So the autosave is first held under a name of this program's own (a hard link: what is
/// judged is what is kept, whatever `autosave.json` holds a moment later); what
/// `autosave-previous.json` holds is set aside under another (a rename takes whatever is there
/// at that instant) and judged again against the game held; one another program kept there
/// meanwhile is put back under its name (its player was told it), and the autosave takes a
/// number instead; the autosave takes the name by a hard link, which fails where the name was
/// taken meanwhile. A held file a killed program left is given a number at the next start's
/// first write ([`keep_stranded`]).
fn keep_previous(
    registry: &Registry,
    dir: &Path,
    saves: Option<&Path>,
    session: &Session,
) -> Result<Option<PathBuf>, SaveError> {
    if previous_replaceable(registry, dir, saves, Some(session)) {
        keep_as_previous(registry, dir, saves, session)
    } else {
        keep_numbered(&dir.join(AUTOSAVE_FILE))
    }
}

/// The start of the names of the files this program holds a game under for an instant while
/// keeping the autosave (`autosave-previous-held-PID-N.json`).
const HELD_PREFIX: &str = "autosave-previous-held-";

/// A name in `dir` of this program's own, for an instant (its process number and a count).
fn held_name(dir: &Path) -> PathBuf {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    dir.join(format!("{HELD_PREFIX}{}-{n}.json", std::process::id()))
}

/// [`keep_previous`] once `autosave-previous.json` was judged free to take.
fn keep_as_previous(
    registry: &Registry,
    dir: &Path,
    saves: Option<&Path>,
    session: &Session,
) -> Result<Option<PathBuf>, SaveError> {
    let from = dir.join(AUTOSAVE_FILE);
    let held = held_name(dir);
    match crownlands_saves::link_new(&from, &held) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(write_error(&held, e)),
    }
    let kept = keep_held_as_previous(registry, dir, &held, saves, session);
    let _ = fs::remove_file(&held);
    kept
}

/// The game held at `held` takes `autosave-previous.json` where what is there may be written
/// over, judged against it; else a number.
fn keep_held_as_previous(
    registry: &Registry,
    dir: &Path,
    held: &Path,
    saves: Option<&Path>,
    session: &Session,
) -> Result<Option<PathBuf>, SaveError> {
    let previous = dir.join(PREVIOUS_AUTOSAVE_FILE);
    let aside = held_name(dir);
    match fs::rename(&previous, &aside) {
        Ok(()) if replaceable_at(registry, held, &aside, saves, Some(session)) => {
            let _ = fs::remove_file(&aside);
        }
        Ok(()) => {
            // Another program kept a game there meanwhile: back under the name its player was
            // told, and the autosave under a number; or, that name taken again meanwhile, the
            // game set aside under a number.
            match crownlands_saves::link_new(&aside, &previous) {
                Ok(()) => {
                    let _ = fs::remove_file(&aside);
                    return keep_numbered(held);
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    keep_numbered(&aside)?;
                    let _ = fs::remove_file(&aside);
                }
                // (Left held: the next start gives it a number.)
                Err(e) => return Err(write_error(&previous, e)),
            }
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(write_error(&previous, e)),
    }
    match crownlands_saves::link_new(held, &previous) {
        // The autosave's name is written over next: the game stays under the new name.
        Ok(()) => Ok(Some(previous)),
        // Taken meanwhile by another program: a numbered name.
        Err(e) if e.kind() == ErrorKind::AlreadyExists => keep_numbered(held),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(write_error(&previous, e)),
    }
}

/// How old a held file must be to be taken for one a killed program left (a program holds one
/// for the instant of keeping the autosave).
const HELD_STALE: std::time::Duration = std::time::Duration::from_secs(600);

/// Give a number to each game a killed program left held in `dir` ([`HELD_PREFIX`], older than
/// [`HELD_STALE`]), so it is found as any kept autosave is; the held name goes.
fn keep_stranded(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten().take(4 * MAX_NUMBERED_OFFERED) {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.starts_with(HELD_PREFIX) || !name.ends_with(".json") {
            continue;
        }
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > HELD_STALE);
        let path = entry.path();
        if old && entry.file_type().is_ok_and(|t| t.is_file()) && keep_numbered(&path).is_ok() {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Give the file `from` (in the autosaves' folder) the first free name
/// `autosave-previous-N.json` beside it, never over a file; where it went (`None` when `from`
/// was gone already).
fn keep_numbered(from: &Path) -> Result<Option<PathBuf>, SaveError> {
    let dir = from.parent().unwrap_or(Path::new("."));
    for n in 2..=MAX_NUMBER {
        let to = dir.join(numbered(PREVIOUS_AUTOSAVE_FILE, n));
        match crownlands_saves::link_new(from, &to) {
            Ok(()) => return Ok(Some(to)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(write_error(&to, e)),
        }
    }
    Err(write_error(from, ErrorKind::AlreadyExists.into()))
}

/// The name the autosave in `dir` would be kept under if a new game started now (`keep_previous`'s
/// choice for a game that does not continue it): what the resume screen promises.
pub fn kept_as(registry: &Registry, dir: &Path, saves: Option<&Path>) -> String {
    if previous_replaceable(registry, dir, saves, None) {
        return PREVIOUS_AUTOSAVE_FILE.to_string();
    }
    (2..=MAX_NUMBER)
        .map(|n| numbered(PREVIOUS_AUTOSAVE_FILE, n))
        .find(|name| fs::symlink_metadata(dir.join(name)).is_err())
        .unwrap_or_else(|| PREVIOUS_AUTOSAVE_FILE.to_string())
}

/// The most numbered autosaves looked at for a game to offer on start.
pub const MAX_NUMBERED_OFFERED: usize = 16;

/// The numbered autosaves in `dir` (`autosave-2.json`, `autosave-3.json`, ...: games that went on
/// in a file of their own when another program took `autosave.json`), lowest number first, at
/// most [`MAX_NUMBERED_OFFERED`]. Only names as this module writes them count (`autosave-02.json`
/// does not).
pub fn numbered_autosaves(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let stem = AUTOSAVE_FILE.strip_suffix(".json").unwrap_or(AUTOSAVE_FILE);
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name();
            let name = name.to_str()?;
            let n: u32 = name
                .strip_prefix(stem)?
                .strip_prefix('-')?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            ((2..=MAX_NUMBER).contains(&n) && numbered(AUTOSAVE_FILE, n) == name)
                .then(|| (n, e.path()))
        })
        .collect();
    found.sort();
    found
        .into_iter()
        .take(MAX_NUMBERED_OFFERED)
        .map(|(_, p)| p)
        .collect()
}

/// `autosave.json` numbered `n`: `autosave-2.json`.
fn numbered(file: &str, n: u32) -> String {
    let stem = file.strip_suffix(".json").unwrap_or(file);
    format!("{stem}-{n}.json")
}

/// What is at `path`: nothing, something not a regular file (judged before it is opened, as
/// [`crownlands_rules::open_regular`] does, and never read), or a file's bytes (a file longer than any save read only in
/// part: it is no save of this app's, which is all the bytes are compared for).
fn read_bounded(path: &Path) -> Result<OnDisk, SaveError> {
    let file = match crownlands_rules::open_regular(path) {
        Ok((f, _)) => f,
        Err(crownlands_rules::OpenError::NotRegular) => return Ok(OnDisk::NotAFile),
        Err(crownlands_rules::OpenError::Io(e)) if e.kind() == ErrorKind::NotFound => {
            return Ok(OnDisk::Missing);
        }
        Err(crownlands_rules::OpenError::Io(e)) => {
            return Err(SaveError::new(
                &path.display().to_string(),
                Problem::Read(e),
            ));
        }
    };
    let mut bytes = Vec::new();
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SaveError::new(&path.display().to_string(), Problem::Read(e)))?;
    Ok(OnDisk::Bytes(bytes))
}

fn already_exists(e: &SaveError) -> bool {
    matches!(&*e.problem, Problem::Write(io) if io.kind() == ErrorKind::AlreadyExists)
}

fn write_error(path: &Path, e: std::io::Error) -> SaveError {
    SaveError::new(&path.display().to_string(), Problem::Write(e))
}

/// Why the autosave failed, in the player's words: a data folder that cannot be written in is
/// said as such (the file named by the failed write, `autosave-previous-2.json`, is one the
/// player never asked for); otherwise `error`, the write's own words.
pub(crate) fn failure_words(dir: &Path, error: &str) -> String {
    match crownlands_saves::probe_writable(dir) {
        Err(e) => format!(
            "the folder {} cannot be written in ({})",
            super::replay::printable(&dir.display().to_string()),
            crownlands_rules::io_words(&e)
        ),
        Ok(()) => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `seed` at 2 players, `moves` random moves in (drawn from `seed`).
    fn session(seed: u64, moves: usize) -> Session {
        let registry = Registry::shipped_ref();
        let ruleset =
            std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("shipped"));
        let players = (1..=2)
            .map(|s| crownlands_saves::Player::new(s, format!("p{s}"), "human"))
            .collect();
        let mut s = Session::new(ruleset, players, seed).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        for _ in 0..moves {
            let actions = s.game().legal_actions();
            let pick = rng.next_u32() as usize % actions.len();
            s.apply(actions[pick]).expect("legal");
        }
        s
    }

    /// Two programs start new games in one folder at once, both judging
    /// `autosave-previous.json` free: the first keeps the unfinished game G0 there and writes
    /// its own autosave; the second, going on from its judgement, keeps the first's autosave
    /// without putting it over G0 (it used to rename it there, and G0 was in no file), and G0
    /// stays under the name the first program's player was told.
    #[test]
    fn keeping_the_autosave_never_writes_over_a_game_kept_meanwhile() {
        let registry = Registry::shipped_ref();
        let dir = std::env::temp_dir().join(format!("crownlands-keep-race-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a folder");
        let g0 = session(5, 4).to_save().to_json();
        let first = session(21, 2).to_save().to_json();
        // What the first program did meanwhile: G0 kept as autosave-previous.json, its own
        // game autosaved.
        fs::write(dir.join(PREVIOUS_AUTOSAVE_FILE), &g0).expect("written");
        fs::write(dir.join(AUTOSAVE_FILE), &first).expect("written");
        let second = session(22, 0);
        let kept = keep_as_previous(registry, &dir, None, &second).expect("kept");
        let two = dir.join(numbered(PREVIOUS_AUTOSAVE_FILE, 2));
        assert_eq!(kept, Some(two.clone()));
        assert_eq!(
            fs::read_to_string(dir.join(PREVIOUS_AUTOSAVE_FILE)).expect("there"),
            g0,
            "the game kept meanwhile stays where its player was told it is"
        );
        assert_eq!(fs::read_to_string(&two).expect("there"), first);
        assert!(held_files(&dir).is_empty(), "{:?}", held_files(&dir));

        // The first program kept G0 as autosave-previous.json (G0 still in autosave.json too),
        // the second held G0 to keep it, then the first wrote its own autosave: the second
        // judges what it holds, not what autosave.json holds by then, so G0 is kept (judged
        // against autosave.json, G0 would be neither here nor there).
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a folder");
        fs::write(dir.join(PREVIOUS_AUTOSAVE_FILE), &g0).expect("written");
        let held = dir.join(format!("{HELD_PREFIX}test.json"));
        fs::write(&held, &g0).expect("written");
        fs::write(dir.join(AUTOSAVE_FILE), &first).expect("written");
        let kept = keep_held_as_previous(registry, &dir, &held, None, &second).expect("kept");
        assert_eq!(kept, Some(dir.join(PREVIOUS_AUTOSAVE_FILE)));
        assert_eq!(
            fs::read_to_string(dir.join(PREVIOUS_AUTOSAVE_FILE)).expect("there"),
            g0
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// A game a killed program left held for an instant is given a number at the next start's
    /// first write, where it is found as any kept autosave; a young one is left (its program
    /// may be keeping it now).
    #[test]
    fn a_held_game_a_killed_program_left_is_kept_under_a_number() {
        let dir =
            std::env::temp_dir().join(format!("crownlands-held-stranded-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a folder");
        let g0 = session(5, 4).to_save().to_json();
        let old = dir.join(format!("{HELD_PREFIX}1-0.json"));
        fs::write(&old, &g0).expect("written");
        let young = dir.join(format!("{HELD_PREFIX}1-1.json"));
        fs::write(&young, &g0).expect("written");
        let long_ago = std::time::SystemTime::now() - 2 * HELD_STALE;
        fs::File::options()
            .write(true)
            .open(&old)
            .and_then(|f| f.set_modified(long_ago))
            .expect("dated");
        keep_stranded(&dir);
        assert_eq!(
            fs::read_to_string(dir.join(numbered(PREVIOUS_AUTOSAVE_FILE, 2))).expect("kept"),
            g0
        );
        assert!(!old.exists());
        assert!(young.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    /// The files held for an instant in `dir`.
    fn held_files(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .expect("listed")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(HELD_PREFIX))
            .collect()
    }

    #[test]
    fn numbered_names() {
        assert_eq!(numbered(AUTOSAVE_FILE, 2), "autosave-2.json");
        assert_eq!(
            numbered(PREVIOUS_AUTOSAVE_FILE, 13),
            "autosave-previous-13.json"
        );
    }
}

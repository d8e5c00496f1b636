//! Save files on disk: reading with a size limit, atomic writes, unique names in a directory, and
//! the autosave.

use crate::error::{Problem, SaveError};
use crate::limits::MAX_SAVE_BYTES;
use crate::record::Save;
use crate::session::{Move, Session};
use crownlands_core::Registry;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The autosave's file name, in [`data_dir`].
pub const AUTOSAVE_FILE: &str = "autosave.json";
/// Where an unfinished autosaved game goes when another game takes the autosave
/// ([`keep_unfinished_autosave`]).
pub const PREVIOUS_AUTOSAVE_FILE: &str = "autosave-previous.json";

/// Read a file as UTF-8 text, refusing files over [`MAX_SAVE_BYTES`] and anything that is not a
/// regular file (a device such as `/dev/zero`, a pipe, a directory: they may never end).
pub fn read_text(path: &Path) -> Result<String, SaveError> {
    let file = path.display().to_string();
    let bytes = crownlands_rules::read_regular(path, MAX_SAVE_BYTES).map_err(|e| match e {
        crownlands_rules::ReadFail::Io(e) => SaveError::new(&file, Problem::Read(e)),
        crownlands_rules::ReadFail::NotRegular => SaveError::new(&file, Problem::NotAFile),
        crownlands_rules::ReadFail::TooLarge(size) => SaveError::new(
            &file,
            Problem::TooLarge {
                size,
                max: MAX_SAVE_BYTES,
            },
        ),
    })?;
    String::from_utf8(bytes).map_err(|_| SaveError::new(&file, Problem::NotText))
}

/// Read a save file and check its format, version and shape, without replaying it (see
/// [`Save::replay`]).
pub fn read_save_file(path: &Path) -> Result<Save, SaveError> {
    Save::from_json(&read_text(path)?, &path.display().to_string())
}

/// Read a save file and replay it (see [`Save::load`]). The file is only read.
pub fn read_save(registry: &Registry, path: &Path) -> Result<Session, SaveError> {
    read_save_with(registry, path, |_| {})
}

/// As [`read_save`], calling `on_move` after every replayed action.
pub fn read_save_with(
    registry: &Registry,
    path: &Path,
    on_move: impl FnMut(&Move<'_>),
) -> Result<Session, SaveError> {
    let file = path.display().to_string();
    let text = read_text(path)?;
    Save::from_json(&text, &file)?.replay(registry, &file, on_move)
}

/// Write a save file atomically (see [`write_atomic`]).
pub fn write_save(path: &Path, save: &Save) -> Result<(), SaveError> {
    write_atomic(path, save.to_json().as_bytes())
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The marker in a temporary file's name: `.NAME.tmp-PID-N`.
const TEMP_MARK: &str = ".tmp-";

/// Write `bytes` to `path` atomically: into a new temporary file in the same directory, flushed and
/// synced to disk, then renamed over `path`. If anything fails, `path` is left as it was (the
/// previous save intact) and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    write_atomic_inner(path, bytes, None)
}

/// Write `bytes` to `path` only if nothing is there yet: into a new temporary file, synced, then
/// linked under `path`, which fails when the name is taken. So `path` never holds less than all
/// of `bytes`, even if the process is killed, and nothing that exists is replaced. The error of
/// a taken name has [`std::io::ErrorKind::AlreadyExists`].
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let file = path.display().to_string();
    let (dir, name) = split_path(path).map_err(|e| SaveError::new(&file, Problem::Write(e)))?;
    let tmp = write_temp(&dir, name, bytes, None)
        .map_err(|e| SaveError::new(&file, Problem::Write(e)))?;
    let linked = link_new(&tmp, path);
    let _ = fs::remove_file(&tmp);
    linked.map_err(|e| SaveError::new(&file, Problem::Write(e)))?;
    sync_dir(&dir);
    Ok(())
}

/// Give the complete file `tmp` the name `path` too, unless `path` exists (an error of kind
/// `AlreadyExists`, the file there untouched). Where the file system has no hard links, `tmp` is
/// moved there instead, see [`rename_into_reserved`].
pub fn link_new(tmp: &Path, path: &Path) -> std::io::Result<()> {
    match fs::hard_link(tmp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(e),
        Err(e) => rename_into_reserved(tmp, path).map_err(|r| {
            if r.kind() == std::io::ErrorKind::AlreadyExists {
                r
            } else {
                e
            }
        }),
    }
}

/// Move `tmp` to `path` unless `path` exists, without hard links: the name is first taken by
/// creating an empty file there, which fails if anything holds it (one atomic step: another
/// writer cannot take the name between the check and the move, as it could between a look and
/// a rename), and the complete file is then renamed over that empty one of ours. Readers may
/// see the name empty for that moment; a failed rename gives the name back.
fn rename_into_reserved(tmp: &Path, path: &Path) -> std::io::Result<()> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    fs::rename(tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(path);
    })
}

/// The directory holding `path` (`.` for a bare name) and its file name.
fn split_path(path: &Path) -> std::io::Result<(PathBuf, &std::ffi::OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name))
}

/// The most bytes of a file's name its temporary file's name keeps: file systems allow 255, and
/// `.` and `.tmp-PID-N` take up to 30 more.
const TEMP_STEM_BYTES: usize = 200;

/// The NAME of `.NAME.tmp-PID-N` for a file named `name`: the name itself, or where it is too
/// long for the marks added (a legal name of 240 bytes was refused as too long), its first
/// bytes, keeping a `.json` end (what [`remove_stale_temp_files`] looks for).
fn temp_stem(name: &std::ffi::OsStr) -> OsString {
    if name.len() <= TEMP_STEM_BYTES {
        return name.to_owned();
    }
    let lossy = name.to_string_lossy();
    let json = lossy.ends_with(".json");
    let mut cut = if json {
        TEMP_STEM_BYTES - ".json".len()
    } else {
        TEMP_STEM_BYTES
    };
    while !lossy.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut stem = lossy[..cut].to_string();
    if json {
        stem.push_str(".json");
    }
    OsString::from(stem)
}

/// Create `.NAME.tmp-PID-N` in `dir` (never an existing file) holding `bytes`, synced to disk.
/// On failure nothing is left behind. `fail_after`: for tests, fail after that many bytes.
fn write_temp(
    dir: &Path,
    name: &std::ffi::OsStr,
    bytes: &[u8],
    fail_after: Option<usize>,
) -> std::io::Result<PathBuf> {
    let (tmp, mut f) = loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = OsString::from(".");
        tmp_name.push(temp_stem(name));
        tmp_name.push(format!("{TEMP_MARK}{}-{n}", std::process::id()));
        let tmp = dir.join(tmp_name);
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < u64::MAX => continue,
            Err(e) => return Err(e),
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
        f.sync_all()
    })();
    drop(f);
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Make a rename or link in `dir` durable where the platform allows it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// `fail_after`: for tests, fail with an injected error after writing that many bytes.
fn write_atomic_inner(
    path: &Path,
    bytes: &[u8],
    fail_after: Option<usize>,
) -> Result<(), SaveError> {
    let file = path.display().to_string();
    let fail = |e: std::io::Error| SaveError::new(&file, Problem::Write(e));
    let (dir, name) = split_path(path).map_err(fail)?;
    let tmp = write_temp(&dir, name, bytes, fail_after).map_err(fail)?;
    // The file replaced keeps its mode (a save made read-only, an autosave kept private): the
    // new one takes the old one's permissions.
    if let Ok(old) = fs::symlink_metadata(path)
        && old.is_file()
    {
        let _ = fs::set_permissions(&tmp, old.permissions());
    }
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(fail(e));
    }
    sync_dir(&dir);
    Ok(())
}

/// Whether `a` and `b` are the same file (the same device and inode on Unix; the same
/// canonical path elsewhere). `false` when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// What a command writes to a file it is given (`-o`, `--report`): `--force` replaces only a
/// file of the same kind, one a command of ours wrote (or an empty one), never another file
/// given by a slip of the hand (a ruleset, a source file, `/etc/passwd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// A save file (JSON, `"format": "crownlands-save"`): `import -o`.
    Save,
    /// A game in the notation (`[Notation "crownlands ..."]`): `export -o`.
    Notation,
    /// An HTML report of `simulate`, `merge` or `compare` (`--report`).
    Report,
}

/// The first line of every HTML report, then the head's start (the generator's line is new:
/// reports written before it go straight on to their title).
pub const REPORT_HEAD: &str =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";

/// The line naming Crownlands as the report's writer.
pub const REPORT_GENERATOR: &str = "<meta name=\"generator\" content=\"crownlands\">\n";

/// How much of an existing file is read to tell its kind.
const KIND_BYTES: u64 = 4096;

impl OutputKind {
    /// The kind in words, as `--force` replaces only it.
    pub fn what(self) -> &'static str {
        match self {
            OutputKind::Save => "a save file",
            OutputKind::Notation => "a game in the notation",
            OutputKind::Report => "an HTML report",
        }
    }

    /// Whether a file beginning with `head` (at most its first 4 KiB) is of this kind, as
    /// Crownlands writes it; an empty file is of every kind (nothing is lost).
    pub fn holds(self, head: &[u8]) -> bool {
        let text = String::from_utf8_lossy(head);
        let text = text.trim_start_matches('\u{feff}').trim_start();
        if text.is_empty() {
            return true;
        }
        match self {
            OutputKind::Save => text.starts_with('{') && text.contains("\"crownlands-save\""),
            OutputKind::Notation => text.starts_with("[Notation \"crownlands"),
            OutputKind::Report => text.strip_prefix(REPORT_HEAD).is_some_and(|rest| {
                rest.starts_with(REPORT_GENERATOR) || rest.starts_with("<title>")
            }),
        }
    }
}

/// Whether the regular file at `path` is of `kind` (read up to its first 4 KiB); a file that
/// cannot be read is not.
fn is_of_kind(path: &Path, kind: OutputKind) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    match File::open(path) {
        Ok(f) => f.take(KIND_BYTES).read_to_end(&mut head).is_ok() && kind.holds(&head),
        Err(_) => false,
    }
}

/// The refusal of `output`, an existing file, with a reason.
fn refusal(output: &Path, msg: String) -> SaveError {
    SaveError::new(
        &output.display().to_string(),
        Problem::Write(std::io::Error::new(std::io::ErrorKind::AlreadyExists, msg)),
    )
}

/// The refusal of an existing file not of `kind`, `--force` or not.
fn not_of_kind(output: &Path, kind: OutputKind) -> SaveError {
    refusal(
        output,
        format!(
            "it exists and is not {} Crownlands wrote; --force replaces only {}: remove it \
             first, or write to another file",
            kind.what(),
            kind.what()
        ),
    )
}

/// Check that `output` may be written by a command that read `input` and writes a file of
/// `kind`: never the input itself, never anything but a regular file, and an existing file
/// only with `force` and only one of `kind` (or empty). Write it then with [`write_output`],
/// which also refuses a file that appears in between, or changes kind.
pub fn check_output(
    input: &Path,
    output: &Path,
    force: bool,
    kind: OutputKind,
) -> Result<(), SaveError> {
    if same_file(input, output) {
        return Err(refusal(
            output,
            "it is the file being read; write to another file".into(),
        ));
    }
    check_output_alone(output, force, kind)
}

/// [`check_output`] without an input to compare (the output is checked on its own).
pub fn check_output_alone(output: &Path, force: bool, kind: OutputKind) -> Result<(), SaveError> {
    match fs::symlink_metadata(output) {
        Err(_) => Ok(()),
        Ok(m) if !m.is_file() => Err(refusal(
            output,
            "it exists and is not a regular file; only a regular file is ever replaced".into(),
        )),
        // (Not of the kind: said first, `--force` or not, as `--force` would refuse it too.)
        Ok(_) if !is_of_kind(output, kind) => Err(not_of_kind(output, kind)),
        Ok(_) if !force => Err(refusal(
            output,
            "it already exists; give --force to replace it".into(),
        )),
        Ok(_) => Ok(()),
    }
}

/// Write a command's output file of `kind`: replacing an existing regular file only with
/// `force` and only a file of that kind (atomically, see [`write_atomic`]), else only where
/// nothing is (see [`write_new`]).
pub fn write_output(
    output: &Path,
    bytes: &[u8],
    force: bool,
    kind: OutputKind,
) -> Result<(), SaveError> {
    if force {
        if let Ok(m) = fs::symlink_metadata(output)
            && m.is_file()
            && !is_of_kind(output, kind)
        {
            return Err(not_of_kind(output, kind));
        }
        write_atomic(output, bytes)
    } else {
        write_new(output, bytes).map_err(|e| match &*e.problem {
            Problem::Write(io)
                if io.kind() == std::io::ErrorKind::AlreadyExists && !is_of_kind(output, kind) =>
            {
                not_of_kind(output, kind)
            }
            Problem::Write(io) if io.kind() == std::io::ErrorKind::AlreadyExists => SaveError::new(
                &e.file,
                Problem::Write(std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    "it already exists; give --force to replace it",
                )),
            ),
            _ => e,
        })
    }
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
        &save.ruleset_name,
        &format!("-seed-{}", save.seed),
        save,
    )
}

/// The longest file stem [`save_into_dir_as`] writes (file systems allow 255 bytes a name).
const MAX_STEM: usize = 150;

/// Write `save` atomically into the directory `dir` (created if missing) as `STEM.json`, or
/// `STEM-2.json` and so on when that is taken, the stem `name` then `tail` (`kingdomino` and
/// `-game-07`). The stem is made safe for any file system: characters other than letters,
/// digits, `-`, `_` and `.` become `_`, and it is cut to 150 bytes, from the end of `name` (a
/// long ruleset name no longer cuts off the game's number). Safe to call from several threads
/// or processes at once. Returns the path written.
///
/// The save is written whole into a temporary file first, then linked under the first free name
/// (see [`write_new`]): a name never holds less than a complete save, even when the process is
/// killed; a killed process may leave a temporary file, which [`prepare_save_dir`] removes.
///
/// `crownlands simulate --bots ... --save DIR` names its files after the game and its seats.
pub fn save_into_dir_as(
    dir: &Path,
    name: &str,
    tail: &str,
    save: &Save,
) -> Result<PathBuf, SaveError> {
    let shown = dir.display().to_string();
    create_folder(dir).map_err(|e| SaveError::new(&shown, Problem::Write(e)))?;
    let stem = file_stem(name, tail);
    let first = format!("{stem}.json");
    let tmp = write_temp(dir, first.as_ref(), save.to_json().as_bytes(), None)
        .map_err(|e| SaveError::new(&shown, Problem::Write(e)))?;
    let mut result = Err(SaveError::new(
        &shown,
        Problem::Write(std::io::Error::other("no free file name")),
    ));
    for k in 1u64..=1_000_000 {
        let name = if k == 1 {
            first.clone()
        } else {
            format!("{stem}-{k}.json")
        };
        let path = dir.join(name);
        match link_new(&tmp, &path) {
            Ok(()) => {
                sync_dir(dir);
                result = Ok(path);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                result = Err(SaveError::new(
                    &path.display().to_string(),
                    Problem::Write(e),
                ));
                break;
            }
        }
    }
    let _ = fs::remove_file(&tmp);
    result
}

/// Remove the temporary files (`.NAME.tmp-PID-N`) that a killed process left in `dir`: those
/// over a minute old whose process is no longer running where that can be told (Linux), else
/// those over an hour old. Returns how many were removed.
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = temp_file_pid(name) else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && !process_may_run(pid, &entry) && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process id in the name of a save's temporary file, `.STEM.json.tmp-PID-N`. Only a
/// save's (what this crate writes into a saves folder): a file of the user's that happens to
/// be named `.notes.tmp-1-2` or `.thesis.docx.tmp-1-2` is none of ours.
fn temp_file_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?;
    let at = rest.rfind(TEMP_MARK)?;
    let stem = rest[..at].strip_suffix(".json")?;
    if stem.is_empty() {
        return None;
    }
    let (pid, n) = rest[at + TEMP_MARK.len()..].split_once('-')?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// How long a temporary file is left alone whatever its process number says. A save's temporary
/// file lives for the milliseconds of one write; a number that names no process here may still
/// be a running process's in another PID namespace (a container sharing the folder numbers its
/// processes its own way), so a young file is never taken for a dead process's.
const WRITE_GRACE: std::time::Duration = std::time::Duration::from_secs(60);

/// How old a temporary file must be to be removed where processes cannot be asked about.
const STALE_AGE: std::time::Duration = std::time::Duration::from_secs(3600);

/// Whether the process that made a temporary file may still be writing it.
fn process_may_run(pid: u32, entry: &fs::DirEntry) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let age = entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok());
    let Some(age) = age else {
        // Its age unknown (or in the future): left alone.
        return true;
    };
    if age < WRITE_GRACE {
        return true;
    }
    if cfg!(target_os = "linux") && Path::new("/proc/self").exists() {
        return Path::new(&format!("/proc/{pid}")).exists();
    }
    age < STALE_AGE
}

/// `name` then `tail` as a file stem: only letters, digits (of any script: a ruleset named
/// `désert` saves as `désert-...`), `-`, `_` and `.`, anything else `_` (a leading `.` would
/// hide the file, so it becomes `_`), at most [`MAX_STEM`] bytes of UTF-8 (file names are
/// limited in bytes), never empty. What is cut to fit is the end of `name`: `tail` (the game's
/// number or seed, which tells the files apart) stays whole, itself at most half the stem.
fn file_stem(name: &str, tail: &str) -> String {
    let tail = portable(tail, MAX_STEM / 2);
    let mut s = portable(name, MAX_STEM - tail.len());
    if s.is_empty() {
        s.push_str("game");
    }
    s.push_str(&tail);
    if s.starts_with('.') {
        s.replace_range(..1, "_");
    }
    s
}

/// `text` with what a file name may not hold written `_`, cut to at most `max` bytes on a
/// character's boundary.
fn portable(text: &str, max: usize) -> String {
    let mut s = String::new();
    for c in text.chars() {
        let c = if c.is_alphanumeric() || c == '-' || c == '_' || c == '.' {
            c
        } else {
            '_'
        };
        if s.len() + c.len_utf8() > max {
            break;
        }
        s.push(c);
    }
    s
}

/// Make sure saves can be written into `dir`: create it if missing, remove the temporary files
/// a killed run left there ([`remove_stale_temp_files`]), and create (then remove) a file in it. Call it before playing games that will be saved there, so that a directory that
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
    if !dir.exists() && fs::symlink_metadata(dir).is_ok() {
        return Err(fail(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is a symbolic link to nothing (its target does not exist)",
        )));
    }
    create_folder(dir).map_err(fail)?;
    remove_stale_temp_files(dir);
    probe_writable(dir).map_err(fail)
}

/// Whether a file can be created in `dir`: one is created, then removed. Commands check a
/// folder this way before a long run whose result goes there.
pub fn probe_writable(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(
        ".crownlands-probe-{}-{}",
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// Where Crownlands keeps its data (the autosave): `$CROWNLANDS_HOME` if set, else `crownlands` in
/// the platform's data directory as the `dirs` crate finds it: `$XDG_DATA_HOME` (when absolute) or
/// `~/.local/share` on Linux and other Unixes, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows. `None` when none of these can be found. A relative path (a relative
/// `CROWNLANDS_HOME` or `HOME`) is taken from the current directory once, here, and used and
/// said whole: the next start from another directory would not find the games saved (a
/// quit said `h1/autosave.json` and the next start offered nothing).
pub fn data_dir() -> Option<PathBuf> {
    choose_data_dir(std::env::var_os("CROWNLANDS_HOME"), dirs::data_dir())
        .map(|d| std::path::absolute(&d).unwrap_or(d))
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
    create_folder(dir)
        .map_err(|e| SaveError::new(&dir.display().to_string(), Problem::Write(e)))?;
    let path = dir.join(AUTOSAVE_FILE);
    write_save(&path, &session.to_save())?;
    Ok(path)
}

/// Before `session` first takes the autosave in `dir`: when the autosave holds a game `session`
/// does not continue (another ruleset, seed or players, or other moves) that is unfinished or does
/// not load, move it to [`PREVIOUS_AUTOSAVE_FILE`], or where that name holds a game already, to
/// the first free `autosave-previous-N.json` (N from 2): so that no unfinished game is
/// overwritten unseen, the autosave nor one kept before (it used to replace that one). Returns
/// where it went, if it was moved.
pub fn keep_unfinished_autosave(
    registry: &Registry,
    dir: &Path,
    session: &Session,
) -> Result<Option<PathBuf>, SaveError> {
    // What a killed process left of its saves goes first (a session's first autosave).
    remove_stale_temp_files(dir);
    let path = dir.join(AUTOSAVE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let keep = match read_save(registry, &path) {
        Ok(saved) => !saved.is_over() && !continues(session, &saved),
        Err(_) => true,
    };
    if !keep {
        return Ok(None);
    }
    let stem = PREVIOUS_AUTOSAVE_FILE
        .strip_suffix(".json")
        .unwrap_or(PREVIOUS_AUTOSAVE_FILE);
    let names = std::iter::once(PREVIOUS_AUTOSAVE_FILE.to_string())
        .chain((2..=MAX_KEPT_AUTOSAVES).map(|n| format!("{stem}-{n}.json")));
    for name in names {
        let to = dir.join(name);
        // A hard link fails where the name is taken: never over a file.
        match link_new(&path, &to) {
            Ok(()) => {
                let _ = fs::remove_file(&path);
                return Ok(Some(to));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(SaveError::new(
                    &path.display().to_string(),
                    Problem::Write(e),
                ));
            }
        }
    }
    Err(SaveError::new(
        &path.display().to_string(),
        Problem::Write(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("autosave-previous.json to -{MAX_KEPT_AUTOSAVES}.json are all taken"),
        )),
    ))
}

/// The most numbered names [`keep_unfinished_autosave`] tries.
const MAX_KEPT_AUTOSAVES: u32 = 999;

/// Whether `session` is the game `saved` recorded, played on (or the same moves exactly).
pub fn continues(session: &Session, saved: &Session) -> bool {
    let moves = |s: &Session| s.actions().iter().flatten().copied().collect::<Vec<_>>();
    session.seed() == saved.seed()
        && session.players() == saved.players()
        && session.ruleset() == saved.ruleset()
        && moves(session).starts_with(&moves(saved))
}

/// The unfinished game to offer to resume on start: `Ok(None)` when there is no autosave or its
/// game is over; an error when the autosave exists but does not load (it is left untouched, so
/// the front end can tell the player and start afresh).
pub fn load_autosave(registry: &Registry) -> Result<Option<Session>, SaveError> {
    match data_dir() {
        Some(dir) => load_autosave_in(registry, &dir),
        None => Ok(None),
    }
}

/// [`load_autosave`] from the directory `dir`.
pub fn load_autosave_in(registry: &Registry, dir: &Path) -> Result<Option<Session>, SaveError> {
    let path = dir.join(AUTOSAVE_FILE);
    if !path.exists() {
        return Ok(None);
    }
    let session = read_save(registry, &path)?;
    Ok((!session.is_over()).then_some(session))
}

/// Create the folder `dir` (and its parents) if missing. A file in its place is said so
/// (`create_dir_all` says only "File exists").
fn create_folder(dir: &Path) -> std::io::Result<()> {
    match fs::create_dir_all(dir) {
        Err(e) if dir.exists() && !dir.is_dir() => Err(std::io::Error::new(
            e.kind(),
            "a file, not a folder, has that name: move the file away",
        )),
        result => result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file replaced keeps its mode: a save made read-only stays read-only, a private one
    /// private.
    #[cfg(unix)]
    #[test]
    fn a_file_replaced_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("keeps-mode");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.json");
        for mode in [0o444, 0o600, 0o640] {
            fs::write(&path, "{}").unwrap();
            let mut p = fs::metadata(&path).unwrap().permissions();
            p.set_mode(mode);
            fs::set_permissions(&path, p).unwrap();
            write_atomic(&path, b"{\"new\": 1}").unwrap();
            assert_eq!(fs::read_to_string(&path).unwrap(), "{\"new\": 1}");
            let got = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(got, mode, "{mode:o}");
            let mut p = fs::metadata(&path).unwrap().permissions();
            p.set_mode(0o644);
            fs::set_permissions(&path, p).unwrap();
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// `--force` replaces a file of the kind written (as Crownlands writes it, reports from
    /// before the generator's line too) or an empty one, nothing else.
    #[test]
    fn an_output_kind_knows_its_files() {
        let report_now = format!("{REPORT_HEAD}{REPORT_GENERATOR}<title>x</title>");
        let report_before = format!("{REPORT_HEAD}<title>x</title>");
        let save = "{\n  \"format\": \"crownlands-save\",\n  \"version\": 1";
        let notation = "[Notation \"crownlands 2\"]\n[Ruleset \"kingdomino\"]";
        let others = [
            "root:x:0:0:root:/root:/bin/bash",
            "extends = \"kingdomino\"",
            "<!DOCTYPE html>\n<html><head><title>mine</title>",
            "{\"format\": \"other\"}",
            "fn main() {}",
        ];
        for (kind, own) in [
            (
                OutputKind::Report,
                vec![report_now.as_str(), report_before.as_str()],
            ),
            (OutputKind::Save, vec![save]),
            (
                OutputKind::Notation,
                vec![notation, "\u{feff}[Notation \"crownlands 1\"]"],
            ),
        ] {
            assert!(kind.holds(b""), "{kind:?}: an empty file");
            assert!(kind.holds(b" \n"), "{kind:?}: blank");
            for head in &own {
                assert!(kind.holds(head.as_bytes()), "{kind:?}: {head}");
            }
            for head in others {
                assert!(!kind.holds(head.as_bytes()), "{kind:?}: {head}");
            }
        }
        assert!(!OutputKind::Save.holds(notation.as_bytes()));
        assert!(!OutputKind::Notation.holds(save.as_bytes()));
        assert!(!OutputKind::Report.holds(save.as_bytes()));
    }

    /// A file whose name is legal but long (up to the 255 bytes file systems allow) is written
    /// atomically too: its temporary file's name keeps the name's first bytes, and a save's
    /// still ends `.json` for the stale files' clean-up.
    #[test]
    fn a_long_name_is_written_through_a_shorter_temporary_name() {
        let dir = temp_dir("long-name");
        fs::create_dir_all(&dir).unwrap();
        for name in [
            format!("{}.json", "n".repeat(250)),
            format!("{}.cgn", "é".repeat(120)),
        ] {
            let path = dir.join(&name);
            write_atomic(&path, b"{}").unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(fs::read(&path).unwrap(), b"{}");
        }
        let stem = temp_stem(std::ffi::OsStr::new(&format!("{}.json", "n".repeat(250))));
        assert!(stem.len() <= TEMP_STEM_BYTES);
        let tmp = format!(".{}{TEMP_MARK}1-2", stem.to_string_lossy());
        assert_eq!(temp_file_pid(&tmp), Some(1));
        let _ = fs::remove_dir_all(&dir);
    }

    /// Without hard links a new file takes its name in one atomic step: never over a file
    /// already there (kept as it was, the complete file left where it was written).
    #[test]
    fn without_hard_links_a_new_file_never_replaces_one_there() {
        let dir = temp_dir("reserved");
        let (tmp, path) = (dir.join(".new.tmp"), dir.join("new.json"));
        fs::write(&tmp, b"mine").unwrap();
        rename_into_reserved(&tmp, &path).expect("a free name");
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        assert!(!tmp.exists());
        fs::write(&tmp, b"second").unwrap();
        let e = rename_into_reserved(&tmp, &path).expect_err("the name is taken");
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        assert_eq!(fs::read(&tmp).unwrap(), b"second");
        // A failed move gives the name back: nothing empty left under it.
        let gone = dir.join(".gone.tmp");
        let e = rename_into_reserved(&gone, &dir.join("other.json")).expect_err("no file");
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        assert!(!dir.join("other.json").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_where_the_folder_should_be_is_said_so() {
        let dir = temp_dir("not-a-folder");
        fs::create_dir_all(&dir).unwrap();
        let saves = dir.join("saves");
        fs::write(&saves, b"x").unwrap();
        let e = create_folder(&saves).expect_err("a file");
        assert!(e.to_string().contains("a file, not a folder"), "{e}");
        assert!(create_folder(&dir.join("new").join("deeper")).is_ok());
        let _ = fs::remove_dir_all(&dir);
    }

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
            file_stem("kingdomino", "-game-7-mcts:500ms-greedy"),
            "kingdomino-game-7-mcts_500ms-greedy"
        );
        assert_eq!(file_stem("../x/y", ""), "_._x_y");
        assert_eq!(file_stem("", ""), "game");
        assert_eq!(file_stem("", "-seed-3"), "game-seed-3");
        assert_eq!(file_stem(&"a".repeat(400), "").len(), MAX_STEM);
        // Letters of any script stay; what is not a letter or a digit (a right-to-left mark,
        // an escape, a slash) does not; the limit is in bytes, on a character's boundary.
        assert_eq!(file_stem("désert", "-game-1"), "désert-game-1");
        assert_eq!(file_stem("王国\u{202e}x\u{1b}/", ""), "王国_x__");
        assert_eq!(file_stem(&"é".repeat(100), ""), "é".repeat(MAX_STEM / 2));
        assert_eq!(
            file_stem(&format!("a{}", "é".repeat(100)), "").len(),
            MAX_STEM - 1
        );
        // A long name is cut, not the game's number after it (an adversarial tester's 150-byte
        // ruleset name had saved three games as `NAME.json`, `NAME-2.json`, `NAME-3.json`).
        let long = file_stem(&"王国".repeat(25), "-game-07");
        assert!(long.ends_with("-game-07"), "{long}");
        assert!(long.len() <= MAX_STEM, "{long}");
        let tail = file_stem("k", &"x".repeat(400));
        assert_eq!(tail.len(), 1 + MAX_STEM / 2);
    }

    #[test]
    fn save_into_dir_as_never_overwrites() {
        let dir = temp_dir("named");
        let ruleset = std::sync::Arc::new(
            crownlands_rules::load_shipped(crownlands_core::Registry::shipped_ref(), "kingdomino")
                .unwrap(),
        );
        let save = Save::from_actions(ruleset, crate::Player::seats(2, "random"), 3, &[Vec::new()])
            .unwrap();
        let a = save_into_dir_as(&dir, "kingdomino", "-game-1-greedy-random", &save).unwrap();
        let b = save_into_dir_as(&dir, "kingdomino", "-game-1-greedy-random", &save).unwrap();
        assert!(a.ends_with("kingdomino-game-1-greedy-random.json"), "{a:?}");
        assert!(
            b.ends_with("kingdomino-game-1-greedy-random-2.json"),
            "{b:?}"
        );
        assert_eq!(
            crate::read_save(crownlands_core::Registry::shipped_ref(), &a)
                .unwrap()
                .actions(),
            &[Vec::new()]
        );
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
        // A link to nothing is said as such (it read "File exists").
        #[cfg(unix)]
        {
            let link = dir.join("dangling");
            std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
            let e = prepare_save_dir(&link).unwrap_err().to_string();
            assert!(
                e.ends_with("a symbolic link to nothing (its target does not exist)"),
                "{e}"
            );
        }
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

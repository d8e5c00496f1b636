//! Where a file comes from: the file system, or the rulesets embedded at compile time.

use crate::diagnostic::{SourceText, line_col};
use crate::node::MAX_FILE_BYTES;
use std::path::{Component, Path, PathBuf};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/shipped.rs"));
}

/// Every embedded file: (path relative to `rulesets/`, contents).
pub(crate) fn embedded_files() -> &'static [(&'static str, &'static str)] {
    embedded::FILES
}

pub(crate) fn embedded(rel: &str) -> Option<&'static str> {
    embedded::FILES
        .iter()
        .find(|(p, _)| *p == rel)
        .map(|(_, t)| *t)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Source {
    Fs(PathBuf),
    /// A path relative to the embedded `rulesets/` tree, `/`-separated.
    Embedded(String),
    /// Text embedded in another file (a save, a notation file), by the name diagnostics give
    /// it. Never on disk: the names it joins are inline too, and none can be read.
    Inline(String),
    /// A ruleset a crate ships with its modules ([`crownlands_core::Registry::add_ruleset`]):
    /// read as a shipped one is, the paths it names inside the shipped tree.
    Registered {
        name: &'static str,
        text: &'static str,
    },
}

impl Source {
    /// The shipped ruleset with this name.
    pub fn shipped(name: &str) -> Source {
        Source::Embedded(format!("{name}.toml"))
    }

    /// Whether the file comes with the binary (shipped, or a crate's own registered ruleset):
    /// not the user's to fix.
    pub fn is_shipped(&self) -> bool {
        matches!(self, Source::Embedded(_) | Source::Registered { .. })
    }

    /// Whether a ruleset loaded from this file as the one named is the reader's to fix: not
    /// Crownlands' own shipped files (checked as it is built), but a crate's own registered
    /// ruleset, which `validate NAME` checks, and any file.
    pub fn is_checked_when_named(&self) -> bool {
        !matches!(self, Source::Embedded(_))
    }

    /// How diagnostics name the file. Embedded files are `<shipped>/REL`: they are not on disk
    /// where the user is, so a relative path would mislead.
    pub fn display(&self) -> String {
        match self {
            Source::Fs(p) => p.display().to_string(),
            Source::Embedded(rel) => format!("<shipped>/{rel}"),
            // A crate's own ruleset, compiled into its binary as the shipped ones are, is named
            // as its crate's: no file `<shipped>/NAME.toml` is to be looked for.
            Source::Registered { name, .. } => format!("<registered>/{name}.toml"),
            Source::Inline(name) => name.clone(),
        }
    }

    /// A key naming the file uniquely, for cycle detection and de-duplication.
    pub fn key(&self) -> String {
        match self {
            Source::Fs(p) => format!(
                "fs:{}",
                p.canonicalize().unwrap_or_else(|_| p.clone()).display()
            ),
            Source::Embedded(rel) => format!("embedded:{rel}"),
            Source::Registered { name, .. } => format!("registered:{name}"),
            Source::Inline(name) => format!("inline:{name}"),
        }
    }

    /// The file name without its extension.
    pub fn stem(&self) -> String {
        match self {
            Source::Fs(p) => p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            Source::Registered { name, .. } => (*name).to_string(),
            Source::Embedded(rel) | Source::Inline(rel) => {
                let file = rel.rsplit('/').next().unwrap_or(rel);
                file.strip_suffix(".toml").unwrap_or(file).to_string()
            }
        }
    }

    /// `rel` resolved against the directory holding this file.
    pub fn join(&self, rel: &str) -> Source {
        match self {
            Source::Inline(_) => Source::Inline(rel.to_string()),
            Source::Fs(p) => {
                let dir = p.parent().unwrap_or(Path::new(""));
                // Without the `.` steps, which mean nothing inside a path: `./b.toml` from
                // `./a.toml` is `b.toml` (messages named it `././b.toml`).
                let joined: std::path::PathBuf = dir
                    .join(rel)
                    .components()
                    .filter(|c| !matches!(c, std::path::Component::CurDir))
                    .collect();
                Source::Fs(if joined.as_os_str().is_empty() {
                    dir.join(rel)
                } else {
                    joined
                })
            }
            Source::Registered { name, .. } => Source::Embedded(format!("{name}.toml")).join(rel),
            Source::Embedded(base) => {
                let mut parts: Vec<&str> = base.split('/').collect();
                parts.pop();
                for c in rel.split('/') {
                    match c {
                        "" | "." => {}
                        ".." => {
                            if parts.pop().is_none() {
                                // Above the embedded root: a name that cannot exist.
                                return Source::Embedded(format!("../{rel}"));
                            }
                        }
                        other => parts.push(other),
                    }
                }
                Source::Embedded(parts.join("/"))
            }
        }
    }

    /// Read the file, refusing huge files and text that is not UTF-8.
    #[cfg(test)]
    pub(crate) fn read(&self) -> Result<SourceText, ReadError> {
        self.read_from(|_| Ok(()))
    }

    /// [`Source::read`] of a file that `allowed` judges by where it really is, once opened
    /// ([`opened_path`]; where the system cannot say, not asked): refused with its message
    /// before anything else is said of the file (what it is, its size, its bytes).
    pub(crate) fn read_from(
        &self,
        allowed: impl Fn(&Path) -> Result<(), String>,
    ) -> Result<SourceText, ReadError> {
        let name = self.display();
        match self {
            Source::Registered { text, .. } => Ok(SourceText::new(name, *text)),
            Source::Embedded(rel) => match embedded(rel) {
                Some(text) => Ok(SourceText::new(name, text)),
                None => Err(ReadError::Missing(format!("no shipped file `{rel}`"))),
            },
            Source::Inline(rel) => Err(ReadError::Missing(format!(
                "`{rel}`: an embedded ruleset cannot read files"
            ))),
            Source::Fs(path) => {
                let unreadable = |e: std::io::Error| {
                    ReadError::Missing(format!("cannot read `{name}`: {}", io_words(&e)))
                };
                let not_regular = || {
                    ReadError::Missing(format!(
                        "`{name}` is not a regular file: a ruleset is read from a regular file"
                    ))
                };
                let found = locate(path).map_err(unreadable)?;
                if let Some(real) = opened_path(&found) {
                    allowed(&real).map_err(ReadError::Missing)?;
                }
                let meta = regular(&found).map_err(|e| match e {
                    OpenError::Io(e) => unreadable(e),
                    OpenError::NotRegular => not_regular(),
                })?;
                let file = reopen(found, path, &meta).map_err(unreadable)?;
                // At most one byte past the limit is read: a file may hold more than its
                // reported size (`/proc/self/pagemap` reports 0), and the limit holds all the
                // same.
                let bytes = read_opened(&file, &meta, MAX_FILE_BYTES as u64).map_err(|e| match e {
                    ReadFail::Io(e) => unreadable(e),
                    ReadFail::NotRegular => not_regular(),
                    ReadFail::TooLarge(size) if size == meta.len() => ReadError::Missing(format!(
                        "`{name}` is {size} bytes; files of at most {MAX_FILE_BYTES} bytes are supported"
                    )),
                    ReadFail::TooLarge(_) => ReadError::Missing(format!(
                        "`{name}` holds more than {MAX_FILE_BYTES} bytes; files of at most {MAX_FILE_BYTES} bytes are supported"
                    )),
                })?;
                text_from_bytes(&name, bytes)
            }
        }
    }
}

#[derive(Debug)]
pub(crate) enum ReadError {
    /// The file could not be read: a message to attach to whoever named it.
    Missing(String),
    /// The file was read but is not usable text: a diagnostic inside it.
    Bad(crate::Diagnostic),
}

/// Why [`open_regular`] did not give a file.
#[derive(Debug)]
pub enum OpenError {
    /// The file could not be opened or asked what it is.
    Io(std::io::Error),
    /// What is there is no regular file (a directory, a named pipe, a device).
    NotRegular,
}

/// Open `path` for reading if what it names is a regular file, judged on the file found, not on
/// the path beforehand (another program could put a named pipe or a link there in between). On
/// Linux the file is first found without being opened (`O_PATH`: a device or a pipe is never
/// opened, so nothing happens to it) and asked what it is, then that same file is opened; elsewhere
/// the open does not wait for a pipe's writer (`O_NONBLOCK`) and the opened file is asked. With it,
/// the file's metadata (its size) as found.
pub fn open_regular(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), OpenError> {
    let found = locate(path).map_err(OpenError::Io)?;
    let meta = regular(&found)?;
    let file = reopen(found, path, &meta).map_err(OpenError::Io)?;
    Ok((file, meta))
}

/// Why [`read_regular`] gave no bytes.
#[derive(Debug)]
pub enum ReadFail {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// What is there is no regular file (a directory, a named pipe, a device).
    NotRegular,
    /// The file holds more than the most asked for: its size as reported, or as read (a file
    /// may report less than it holds, or grow while being read).
    TooLarge(u64),
}

/// The bytes of the regular file at `path` ([`open_regular`]), at most `most` of them: a file
/// reporting more is refused before it is read, one holding more is read one byte past `most`.
pub fn read_regular(path: &Path, most: u64) -> Result<Vec<u8>, ReadFail> {
    let (file, meta) = open_regular(path).map_err(|e| match e {
        OpenError::Io(e) => ReadFail::Io(e),
        OpenError::NotRegular => ReadFail::NotRegular,
    })?;
    read_opened(&file, &meta, most)
}

/// At most `most` bytes of `file`, opened as a regular file of `meta` ([`read_regular`]).
fn read_opened(
    file: &std::fs::File,
    meta: &std::fs::Metadata,
    most: u64,
) -> Result<Vec<u8>, ReadFail> {
    use std::io::Read;
    if meta.len() > most {
        return Err(ReadFail::TooLarge(meta.len()));
    }
    let mut bytes = Vec::new();
    file.take(most.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadFail::Io)?;
    if bytes.len() as u64 > most {
        return Err(ReadFail::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The file `path` names, links followed, as a handle that can be asked what the file is and
/// where it is ([`regular`], [`opened_path`]) before anything reads it. On Linux it is not opened
/// at all (`O_PATH`); elsewhere it is opened for reading without waiting for a named pipe's
/// writer (`O_NONBLOCK`).
fn locate(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_PATH);
    }
    #[cfg(all(unix, not(target_os = "linux")))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The regular file `found` ([`locate`]; its metadata `meta`) opened for reading: on Linux the
/// very file found, through `/proc/self/fd`; where that is not mounted, `path` opened again
/// (`O_NONBLOCK`, `O_NOCTTY`) and refused unless it is still the same file (what was put in its
/// place in between is then opened, and refused unread). Elsewhere `found` itself.
fn reopen(
    found: std::fs::File,
    path: &Path,
    meta: &std::fs::Metadata,
) -> std::io::Result<std::fs::File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
        let mut options = std::fs::OpenOptions::new();
        // (`O_NOCTTY`: should a terminal be put in the file's place before the second open
        // below, it does not become this process's terminal before it is refused.)
        options
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
        match options.open(format!("/proc/self/fd/{}", found.as_raw_fd())) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let file = options.open(path)?;
                let now = file.metadata()?;
                if (now.dev(), now.ino()) == (meta.dev(), meta.ino()) {
                    Ok(file)
                } else {
                    Err(std::io::Error::other(
                        "the file changed while it was opened",
                    ))
                }
            }
            opened => opened,
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (path, meta);
        Ok(found)
    }
}

/// The metadata of `file` if it is a regular file.
fn regular(file: &std::fs::File) -> Result<std::fs::Metadata, OpenError> {
    let meta = file.metadata().map_err(OpenError::Io)?;
    if meta.is_file() {
        Ok(meta)
    } else {
        Err(OpenError::NotRegular)
    }
}

/// Where the file `file` really is (its links followed), as the system says of the open file
/// itself: what a check of where a file may be read from must judge, since the path it was
/// opened by may have led elsewhere a moment before. `None` where the system cannot say.
pub(crate) fn opened_path(file: &std::fs::File) -> Option<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = file;
        None
    }
}

/// Decode file bytes, pointing at the first byte that is not UTF-8.
pub(crate) fn text_from_bytes(name: &str, bytes: Vec<u8>) -> Result<SourceText, ReadError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ReadError::Missing(format!(
            "`{name}` is {} bytes; files of at most {MAX_FILE_BYTES} bytes are supported",
            bytes.len()
        )));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceText::new(name, text)),
        Err(e) => {
            let good = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let prefix = String::from_utf8_lossy(&bytes[..good]);
            let (line, column) = line_col(&prefix, good);
            Err(ReadError::Bad(crate::Diagnostic {
                file: name.to_string(),
                line,
                column,
                message: "the file is not valid UTF-8 text".to_string(),
                players: Vec::new(),
            }))
        }
    }
}

/// `path` made absolute, with every link followed as far as the path exists and `.` and `..`
/// resolved: where the path really leads, whether the file exists or not. `None` when even the
/// current folder cannot be found.
pub(crate) fn real_path(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    // The longest part that exists, its links followed; the rest (which cannot hold links,
    // since it does not exist) taken as written.
    let mut existing = absolute.as_path();
    let mut rest: Vec<Component<'_>> = Vec::new();
    let mut real = loop {
        if let Ok(real) = existing.canonicalize() {
            break real;
        }
        let (Some(parent), Some(last)) = (existing.parent(), existing.components().next_back())
        else {
            return None;
        };
        rest.push(last);
        existing = parent;
    };
    for c in rest.into_iter().rev() {
        match c {
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => real.push(name),
            _ => {}
        }
    }
    Some(real)
}

/// Whether an `extends` value is a path rather than a shipped name.
pub(crate) fn is_path(s: &str) -> bool {
    s.contains('/') || s.contains('\\') || s.ends_with(".toml")
}

/// Whether `p` has no `..` and is not absolute (used for embedded lookups of user input).
pub(crate) fn is_plain_name(s: &str) -> bool {
    !s.is_empty()
        && Path::new(s)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// The names of the shipped rulesets (not component sets), sorted, without loading them.
pub(crate) fn shipped_names() -> Vec<String> {
    let mut names: Vec<String> = embedded_files()
        .iter()
        .filter(|(p, _)| !p.contains('/'))
        .filter_map(|(p, _)| p.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The names of the shipped component sets, sorted: what a bare name in `sets` or `add-sets`
/// may name.
pub(crate) fn shipped_set_names() -> Vec<String> {
    let mut names: Vec<String> = embedded_files()
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("sets/"))
        .filter(|p| !p.contains('/'))
        .filter_map(|p| p.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// Why a file could not be written, in words (`its folder does not exist`), as [`io_words`].
pub fn io_words_writing(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "its folder does not exist".to_string(),
        _ => io_words(e),
    }
}

/// ` (did you mean `NAME.toml`?)` for a missing `NAME` written without an extension where
/// `NAME.toml` is a file (`validate quick` for `quick.toml`); empty otherwise.
pub(crate) fn toml_beside(path: &Path) -> String {
    if path.extension().is_some() || path.exists() {
        return String::new();
    }
    let toml = path.with_extension("toml");
    if toml.is_file() {
        format!(" (did you mean `{}`?)", toml.display())
    } else {
        String::new()
    }
}

/// Why a file could not be read, in words (`there is no such file`), without the system's
/// error number (`No such file or directory (os error 2)`).
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "there is no such file".to_string(),
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::IsADirectory => "it is a folder".to_string(),
        _ => {
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text);
            let mut c = text.chars();
            c.next()
                .map(|f| f.to_lowercase().chain(c).collect())
                .unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod io_tests {
    #[test]
    fn io_errors_in_words() {
        let missing = std::fs::metadata("/no/such/crownlands/file").expect_err("missing");
        assert_eq!(super::io_words(&missing), "there is no such file");
        let other = std::io::Error::other("Something Odd (os error 99)");
        assert_eq!(super::io_words(&other), "something Odd");
    }
}

#[cfg(test)]
mod limit_tests {
    use super::{MAX_FILE_BYTES, ReadError, Source};

    /// A file reporting a size smaller than what it holds (procfs reports 0) is read only to the
    /// limit: `/proc/kallsyms` lists the kernel's symbols, several megabytes on most machines.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_holding_more_than_its_reported_size_is_read_only_to_the_limit() {
        let path = std::path::Path::new("/proc/kallsyms");
        if std::fs::metadata(path).map_or(true, |m| m.len() != 0) {
            return;
        }
        match Source::Fs(path.into()).read() {
            Ok(text) => assert!(text.text.len() <= MAX_FILE_BYTES),
            Err(ReadError::Missing(m)) => {
                assert!(
                    m.contains("holds more than") || m.contains("cannot read"),
                    "{m}"
                )
            }
            Err(ReadError::Bad(d)) => panic!("{d:?}"),
        }
    }
}

#[cfg(test)]
mod opened_tests {
    use super::Source;

    /// What a ruleset's folder check judges is where the file read really was: a link's target,
    /// as the open file says, whatever the path said before.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_read_says_where_it_really_was() {
        let dir = std::env::temp_dir().join(format!("crownlands-opened-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("folder");
        let real = dir.join("real.toml");
        std::fs::write(&real, "extends = \"kingdomino\"\n").expect("file");
        let link = dir.join("link.toml");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&real, &link).expect("link");
        let at = std::cell::RefCell::new(None);
        Source::Fs(link.clone())
            .read_from(|p| {
                *at.borrow_mut() = Some(p.to_path_buf());
                Ok(())
            })
            .expect("read");
        assert_eq!(at.into_inner(), std::fs::canonicalize(&real).ok());
        // Refused there, before anything of the file is said.
        match Source::Fs(link).read_from(|_| Err("outside".into())) {
            Err(super::ReadError::Missing(m)) => assert_eq!(m, "outside"),
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

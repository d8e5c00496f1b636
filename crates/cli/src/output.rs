//! Small helpers shared by the commands' text output.

use crownlands_core::{Domino, Ruleset, ScoreBreakdown, Square};
use std::io::Write;

/// Print a line to standard output. When the reader has gone away (`crownlands ... | head`), stop
/// at once with [`BROKEN_PIPE_EXIT`]: the output was cut, which is not success; other write errors
/// end the command with a message.
macro_rules! say {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::write_out(format_args!("{}\n", format_args!($($t)*))) };
}
pub(crate) use say;

/// Print a line to standard error, never panicking: when standard error cannot be written
/// (`2>/dev/full`), the line is lost but the command goes on to its exit code. Control characters
/// other than new lines are shown escaped (messages quote names and keys from files).
macro_rules! say_err {
    ($($t:tt)*) => { $crate::output::write_err(&format!($($t)*)) };
}
pub(crate) use say_err;

/// The exit code when standard output is a pipe whose reader has gone: as a shell reports a
/// command killed by SIGPIPE (128 + 13).
pub const BROKEN_PIPE_EXIT: i32 = 141;

pub fn write_out(args: std::fmt::Arguments) {
    write_shown(args, true);
}

/// `args` on standard output, escaped as [`shown_on_stdout`] escapes (with `marks`, the stacks
/// of combining marks too); a closed pipe or a failed write ends the program.
fn write_shown(args: std::fmt::Arguments, marks: bool) {
    let text = std::fmt::format(args);
    let text = shown_on_stdout(&text, marks);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        cannot_write(&e);
    }
}

/// Print a file's text to standard output (`show`'s ruleset, `export`'s notation) so that it
/// reads back as it was: what must not reach a terminal is escaped as [`write_out`] escapes it,
/// but where standard output is not a terminal (`> game.cgn`, a pipe) a stack of combining
/// marks is left as it is (its escape, `\u0301`, is no escape in a notation header or a TOML
/// literal string: the file written would say something else). On a terminal it is escaped, as
/// everywhere else.
pub fn write_data(args: std::fmt::Arguments) {
    use std::io::IsTerminal;
    write_shown(args, std::io::stdout().is_terminal());
}

/// The end of a program that cannot write its standard output: quietly with a shell's code for
/// a reader gone (`| head`), else with the reason.
fn cannot_write(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(BROKEN_PIPE_EXIT);
    }
    write_err(&format!("error: cannot write to standard output: {e}"));
    std::process::exit(1);
}

/// `value` as pretty JSON and a new line on standard output, written as serde writes it (a long
/// save's `replay --json` is tens of megabytes, never held whole), each character that must not
/// reach a terminal escaped as [`say!`] escapes it; a closed pipe or a failed write ends the
/// program as [`say!`]'s do.
pub fn write_json(value: &impl serde::Serialize) {
    let out = std::io::stdout().lock();
    let mut shown = Shown {
        out: std::io::BufWriter::with_capacity(1 << 16, out),
        pending: Vec::new(),
    };
    let written = serde_json::to_writer_pretty(&mut shown, value)
        .map_err(|e| match e.io_error_kind() {
            Some(kind) => std::io::Error::from(kind),
            None => std::io::Error::other(e.to_string()),
        })
        .and_then(|()| shown.write_all(b"\n"))
        .and_then(|()| shown.flush());
    if let Err(e) = written {
        cannot_write(&e);
    }
}

/// A writer of text that escapes what [`shown_on_stdout`] escapes, piece by piece (a character
/// cut between two writes waits for its end in `pending`).
struct Shown<W: Write> {
    out: W,
    pending: Vec<u8>,
}

impl<W: Write> Write for Shown<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let whole = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            // Only the end cut short waits; bytes that are not UTF-8 at all (serde writes
            // none) go out replaced.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let text = String::from_utf8_lossy(&self.pending[..whole]);
        self.out
            .write_all(shown_on_stdout(&text, true).as_bytes())?;
        self.pending.drain(..whole);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let rest = String::from_utf8_lossy(&self.pending).into_owned();
            self.out
                .write_all(shown_on_stdout(&rest, true).as_bytes())?;
            self.pending.clear();
        }
        self.out.flush()
    }
}

/// `text` as standard output shows it: every character that must not reach a terminal as it is
/// ([`crownlands_core::text::is_unsafe_char`]; a name taken from a file name, a ruleset's text)
/// written `\uXXXX`, but new lines and tabs kept. That is also JSON's escape, so inside a JSON
/// string it stands for the same character and the document stays valid (serde_json leaves DEL,
/// the C1 controls and the separators as they are; a character past the Basic Multilingual
/// Plane is written as JSON writes it, a pair of surrogates). With `marks`, the combining marks
/// on one character past the few any language needs too.
fn shown_on_stdout(text: &str, marks: bool) -> std::borrow::Cow<'_, str> {
    let unsafe_here =
        |c: char| crownlands_core::text::is_unsafe_char(c) && !matches!(c, '\n' | '\t');
    // Stacked by the dozen, marks are drawn over the lines around.
    let stacked = |c: char, run: &mut usize| marks && crownlands_core::text::stacked(c, run);
    let mut run = 0;
    if !text.chars().any(|c| unsafe_here(c) || stacked(c, &mut run)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut run = 0;
    for c in text.chars() {
        if stacked(c, &mut run) || unsafe_here(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `s` padded with spaces to `width` terminal columns (as `{s:<width$}` pads to `width`
/// characters): a wide character counts two columns and a combining mark none, so a column of
/// names (`漢字.txt`, `éx.txt`) lines up on the terminal ([`crownlands_core::text::columns`]).
pub fn pad(s: &str, width: usize) -> String {
    let mut out = s.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(crownlands_core::text::columns(s)),
    ));
    out
}

/// A file's path as output shows it: every control character escaped, new lines and tabs too
/// (`bad\nFAKE.txt`), which standard output otherwise keeps (a file named with a new line
/// would print a line of its own choosing).
pub fn shown_path(path: &std::path::Path) -> String {
    crownlands_core::text::escape_controls(&path_text(path)).into_owned()
}

/// A path's text, each byte that is no UTF-8 written `\xff` (where `display` writes `�` for
/// any, and two files named `u\xff.txt` and `u\xfe.txt` read alike), and so each backslash of
/// the name written `\\` (a file named `u\xff.txt` in letters is not the one whose name holds
/// the byte 0xff, nor `b\u{1b}.txt` in letters the one holding an escape).
pub fn path_text(path: &std::path::Path) -> String {
    #[cfg(unix)]
    {
        use std::fmt::Write;
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        if std::str::from_utf8(bytes).is_err() {
            let mut out = String::with_capacity(bytes.len() + 8);
            for chunk in bytes.utf8_chunks() {
                out.push_str(&chunk.valid().replace('\\', "\\\\"));
                for b in chunk.invalid() {
                    let _ = write!(out, "\\x{b:02x}");
                }
            }
            return out;
        }
    }
    path.display().to_string().replace('\\', "\\\\")
}

/// Write `text` and a new line to standard error, ignoring write errors (see [`say_err!`]).
pub fn write_err(text: &str) {
    let text = crownlands_core::text::escape_controls_but_newlines(text);
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}").and_then(|()| err.flush());
}

pub fn square_text(ruleset: &Ruleset, sq: Square) -> String {
    let name = &ruleset.terrain(sq.terrain).name;
    match sq.crowns {
        0 => name.clone(),
        1 => format!("{name} (1 crown)"),
        n => format!("{name} ({n} crowns)"),
    }
}

pub fn domino_text(ruleset: &Ruleset, d: &Domino) -> String {
    format!(
        "{} | {}",
        square_text(ruleset, d.first),
        square_text(ruleset, d.second)
    )
}

/// A JSON number for a float, rounded for reading.
pub fn round(x: f64, places: i32) -> f64 {
    let p = 10f64.powi(places);
    (x * p).round() / p
}

/// One line of a score breakdown: what scores, how the points come about, the points.
pub type ScoreRow = (String, String, String);

/// A kingdom's score as rows that add up to its total: the kingdom's own score (its territories
/// as laid, Harmony, the Middle Kingdom), then each module's lines in its own words (a building's
/// points, the coins' worth, the Queen's crown), whatever the module. The territories are the
/// kingdom's own, not the modules' final breakdown, where the Queen's crown is already one of the
/// largest territory's crowns and her line would count it twice.
pub fn score_rows(
    ruleset: &Ruleset,
    rules: &crownlands_core::Rules,
    kingdom: &crownlands_core::Kingdom,
    modules: &[Box<dyn crownlands_core::modules::Module>],
    view: crownlands_core::modules::SideView<'_>,
) -> Vec<ScoreRow> {
    let own = crownlands_core::score::score_kingdom(kingdom, rules);
    let mut rows = territory_rows(ruleset, &own);
    rows.extend(bonus_rows(rules, &own));
    for (i, m) in modules.iter().enumerate() {
        for line in m.score_lines(rules, view.for_module(i)) {
            // How a line was counted, where the module says (a building's `5 lake territories
            // x 2`), in the column where a territory's squares and crowns stand; else the module,
            // in brackets (`Statue  (buildings)`: bare, it read as a count, as `8 knights` does).
            let how = line.detail.unwrap_or_else(|| format!("({})", m.name()));
            rows.push((line.label, how, signed(line.points)));
        }
    }
    rows
}

/// A breakdown's bonuses as rows, each bonus the rules offer in its place whether earned or not
/// (`harmony  not earned = 0`: `replay` had left it out where `score` said it), Harmony before
/// the Middle Kingdom, then any other bonus of the breakdown.
pub fn bonus_rows(rules: &crownlands_core::Rules, score: &ScoreBreakdown) -> Vec<ScoreRow> {
    use crownlands_core::score::{HARMONY, MIDDLE_KINGDOM};
    let offered = [
        (HARMONY, rules.harmony.is_some()),
        (MIDDLE_KINGDOM, rules.middle_kingdom.is_some()),
    ];
    let mut rows: Vec<ScoreRow> = Vec::new();
    for (key, offered) in offered {
        match score.bonus(key) {
            Some(points) => rows.push((key.into(), "bonus".into(), signed(points))),
            None if offered => rows.push((key.into(), "not earned".into(), "0".into())),
            None => {}
        }
    }
    rows.extend(
        score
            .bonuses
            .iter()
            .filter(|b| !offered.iter().any(|(k, _)| *k == b.key))
            .map(|b| (b.key.clone(), "bonus".to_string(), signed(b.points))),
    );
    rows
}

/// A module's line of a score in JSON: `{"label", "points"}`, and `"detail"` where the module
/// says how it was counted (a building's `5 lake territories x 2`).
pub fn score_line_json(line: &crownlands_core::modules::describe::ScoreLine) -> serde_json::Value {
    let mut v = serde_json::json!({"label": line.label, "points": line.points});
    if let Some(detail) = &line.detail {
        v["detail"] = serde_json::json!(detail);
    }
    v
}

/// A breakdown's territories as rows (`forest  7 squares x 3 crowns`, `21`).
pub fn territory_rows(ruleset: &Ruleset, score: &ScoreBreakdown) -> Vec<ScoreRow> {
    score
        .territories
        .iter()
        .map(|t| {
            let squares = if t.squares == 1 { "square" } else { "squares" };
            let crowns = if t.crowns == 1 { "crown" } else { "crowns" };
            (
                ruleset.terrain(t.terrain).name.clone(),
                format!("{:>2} {squares} x {} {crowns}", t.squares, t.crowns),
                t.points.to_string(),
            )
        })
        .collect()
}

/// Bonus points with their sign (`+5`, `-2`).
pub fn signed(points: i32) -> String {
    if points < 0 {
        points.to_string()
    } else {
        format!("+{points}")
    }
}

/// Print rows in aligned columns (`label  detail = points`), each line after `indent`.
pub fn print_rows(rows: &[ScoreRow], indent: &str) {
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let w2 = rows
        .iter()
        .map(|r| r.2.chars().count())
        .max()
        .unwrap_or(0)
        .max(3);
    for (label, detail, points) in rows {
        say!("{indent}{label:w0$}  {detail:w1$} = {points:>w2$}");
    }
}

#[cfg(test)]
mod tests {
    use super::shown_on_stdout;

    #[cfg(unix)]
    #[test]
    fn a_path_that_is_no_utf8_shows_each_such_byte() {
        use std::os::unix::ffi::OsStrExt;
        let path = |b: &[u8]| std::path::Path::new(std::ffi::OsStr::from_bytes(b)).to_path_buf();
        // Two files that `display` writes alike (`u�.txt`) are told apart.
        assert_eq!(super::path_text(&path(b"u\xff.txt")), "u\\xff.txt");
        assert_eq!(super::path_text(&path(b"u\xfe.txt")), "u\\xfe.txt");
        assert_eq!(super::path_text(&path("é.txt".as_bytes())), "é.txt");
        // A backslash written in the name is doubled: not read as the escape of a byte.
        assert_eq!(super::path_text(&path(b"u\\xff.txt")), "u\\\\xff.txt");
        assert_eq!(super::path_text(&path(b"\\\xff")), "\\\\\\xff");
    }

    #[test]
    fn stdout_escapes_what_a_terminal_must_not_see_and_keeps_json_valid() {
        assert_eq!(shown_on_stdout("a\tb\nc", true), "a\tb\nc");
        assert_eq!(
            shown_on_stdout("ruleset good\u{1b}[31mRED\u{7}", true),
            "ruleset good\\u001b[31mRED\\u0007"
        );
        // serde_json writes DEL, C1 controls and U+2028 as they are; escaped, the JSON still
        // reads back to the same text.
        let json = serde_json::to_string(&"a\u{7f}\u{85}\u{2028}b").unwrap_or_default();
        let shown = shown_on_stdout(&json, true).into_owned();
        assert!(!shown.chars().any(crownlands_core::text::is_unsafe_char));
        let back: String = serde_json::from_str(&shown).unwrap_or_default();
        assert_eq!(back, "a\u{7f}\u{85}\u{2028}b");
        // Accents stay; a stack of combining marks past four on a letter is escaped.
        assert_eq!(shown_on_stdout("Việt", true), "Việt");
        assert_eq!(
            shown_on_stdout("w\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}!", true),
            "w\u{301}\u{302}\u{303}\u{304}\\u0305\\u0306!"
        );
        // Printing a file, the stack stays (its escape is no escape in every format).
        assert_eq!(
            shown_on_stdout("w\u{301}\u{302}\u{303}\u{304}\u{305}!", false),
            "w\u{301}\u{302}\u{303}\u{304}\u{305}!"
        );
        // A stacked character past the Basic Multilingual Plane as JSON writes it: surrogates.
        let json = serde_json::to_string(&"z\u{1d167}\u{1d167}\u{1d167}\u{1d167}\u{1d167}")
            .unwrap_or_default();
        let shown = shown_on_stdout(&json, true).into_owned();
        assert!(shown.contains("\\ud834\\udd67"), "{shown}");
        let back: String = serde_json::from_str(&shown).unwrap_or_default();
        assert_eq!(back, "z\u{1d167}\u{1d167}\u{1d167}\u{1d167}\u{1d167}");
    }

    #[test]
    fn json_written_piece_by_piece_is_escaped_as_the_whole_would_be() {
        use std::io::Write;
        let value = serde_json::json!({"name": "é\u{202e}x\u{85}", "n": [1, 2]});
        let whole = serde_json::to_string_pretty(&value).unwrap_or_default();
        let expected = shown_on_stdout(&whole, true).into_owned();
        // Pieces of every size, so that characters are cut between two writes.
        for size in 1..=5 {
            let mut shown = super::Shown {
                out: Vec::new(),
                pending: Vec::new(),
            };
            for piece in whole.as_bytes().chunks(size) {
                shown.write_all(piece).unwrap_or_default();
            }
            shown.flush().unwrap_or_default();
            assert_eq!(
                String::from_utf8_lossy(&shown.out),
                expected,
                "pieces of {size}"
            );
        }
        assert!(!expected.contains('\u{202e}') && expected.contains('é'));
    }
}

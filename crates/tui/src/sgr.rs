//! The 16 basic colours written as the terminal's oldest codes: crossterm writes every colour
//! as an index of the 256-colour palette, ratatui's `Color::Red` too (`ESC[38;5;1m`), which a
//! terminal of 16 colours may not understand (it shows no colour, or takes the `5` for blink);
//! [`BasicColours`] rewrites the basic ones as `ESC[31m` (30-37 and 90-97, 40-47 and 100-107
//! for the background), which every colour terminal understands.

use std::io::{self, Write};

/// A writer that passes what is written to `inner` at each flush, its SGR sequences' basic
/// colours (indexes 0 to 15 of the 256-colour palette) written as the 16-colour codes; every
/// other byte as it was.
pub struct BasicColours<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> BasicColours<W> {
    pub fn new(inner: W) -> BasicColours<W> {
        BasicColours {
            inner,
            pending: Vec::new(),
        }
    }

    /// The writer written to.
    pub fn inner(&self) -> &W {
        &self.inner
    }
}

impl<W: Write> Write for BasicColours<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // (A frame is flushed whole: a sequence is not cut between two flushes.)
        let out = basic_colours(&self.pending);
        self.pending.clear();
        self.inner.write_all(&out)?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for BasicColours<W> {
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            let _ = self.flush();
        }
    }
}

/// `bytes` with the basic colours of their SGR sequences (`ESC [ ... m`) written as the
/// 16-colour codes: `38;5;n` as `3n` (n < 8) or `9(n-8)` (n < 16), `48;5;n` as `4n` or
/// `10(n-8)`; other colours (`38;5;n` past 15, `38;2;r;g;b`) and every other byte as they were.
pub fn basic_colours(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'[') {
            let start = i + 2;
            let end = bytes[start..]
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b';'))
                .map(|p| start + p);
            if let Some(end) = end
                && bytes[end] == b'm'
            {
                out.extend_from_slice(b"\x1b[");
                out.extend_from_slice(&sgr_params(&bytes[start..end]));
                out.push(b'm');
                i = end + 1;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// An SGR sequence's parameters (`38;5;9;48;5;0`) with its basic colours rewritten.
fn sgr_params(params: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(params);
    let parts: Vec<&str> = text.split(';').collect();
    let mut out: Vec<String> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let part = parts[i];
        let extended = matches!(part, "38" | "48" | "58");
        match (extended, parts.get(i + 1).copied()) {
            (true, Some("5")) => {
                let index = parts.get(i + 2).and_then(|n| n.parse::<u8>().ok());
                match index {
                    Some(n) if n < 16 && part != "58" => {
                        let base: u16 = match (part == "38", n < 8) {
                            (true, true) => 30,
                            (true, false) => 90 - 8,
                            (false, true) => 40,
                            (false, false) => 100 - 8,
                        };
                        out.push((base + u16::from(n)).to_string());
                    }
                    _ => out.extend(
                        parts[i..(i + 3).min(parts.len())]
                            .iter()
                            .map(|s| s.to_string()),
                    ),
                }
                i += 3;
            }
            (true, Some("2")) => {
                out.extend(
                    parts[i..(i + 5).min(parts.len())]
                        .iter()
                        .map(|s| s.to_string()),
                );
                i += 5;
            }
            _ => {
                out.push(part.to_string());
                i += 1;
            }
        }
    }
    out.join(";").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::basic_colours;

    fn rewritten(s: &str) -> String {
        String::from_utf8(basic_colours(s.as_bytes())).expect("utf-8")
    }

    #[test]
    fn the_basic_colours_are_written_as_the_16_colour_codes() {
        assert_eq!(rewritten("\x1b[38;5;1mX"), "\x1b[31mX");
        assert_eq!(rewritten("\x1b[38;5;9m"), "\x1b[91m");
        assert_eq!(rewritten("\x1b[48;5;0m"), "\x1b[40m");
        assert_eq!(rewritten("\x1b[48;5;14m"), "\x1b[106m");
        assert_eq!(rewritten("\x1b[38;5;15;48;5;1m"), "\x1b[97;41m");
        // The rest as it was: the 256-colour palette past the basic colours, 24-bit colours,
        // the underline's colour, attributes, other sequences and text.
        for same in [
            "\x1b[38;5;16m",
            "\x1b[48;5;231m",
            "\x1b[38;2;1;5;9m",
            "\x1b[58;5;1m",
            "\x1b[1m\x1b[0m\x1b[39m\x1b[m",
            "\x1b[2J\x1b[5;9H",
            "crowns: 5;9 ♔",
            "\x1b[38;5",
        ] {
            assert_eq!(rewritten(same), same);
        }
        assert_eq!(rewritten("\x1b[38;2;1;5;9;48;5;3m"), "\x1b[38;2;1;5;9;43m");
    }
}

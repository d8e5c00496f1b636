//! Keys as the app sees them, independent of the terminal library.

/// A key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    PageUp,
    PageDown,
    Home,
    End,
    Delete,
    Insert,
    Char(char),
    /// A letter with Ctrl held (`Ctrl('c')`).
    Ctrl(char),
}

impl Key {
    /// Keys from a string for tests and scripts: each character is a key, `<name>` a named key
    /// (`<up>`, `<enter>`, `<esc>`, `<tab>`, `<pgup>`, `<pgdn>`, `<home>`, `<end>`, `<del>`,
    /// `<ins>`, `<c-c>`).
    pub fn parse_all(text: &str) -> Vec<Key> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c == '<'
                && let Some(end) = rest.find('>')
            {
                let name = &rest[1..end];
                let key = match name {
                    "up" => Some(Key::Up),
                    "down" => Some(Key::Down),
                    "left" => Some(Key::Left),
                    "right" => Some(Key::Right),
                    "enter" => Some(Key::Enter),
                    "esc" => Some(Key::Esc),
                    "tab" => Some(Key::Tab),
                    "backtab" => Some(Key::BackTab),
                    "bs" => Some(Key::Backspace),
                    "pgup" => Some(Key::PageUp),
                    "pgdn" => Some(Key::PageDown),
                    "home" => Some(Key::Home),
                    "end" => Some(Key::End),
                    "del" => Some(Key::Delete),
                    "ins" => Some(Key::Insert),
                    n if n.starts_with("c-") && n.len() == 3 => n.chars().nth(2).map(Key::Ctrl),
                    _ => None,
                };
                if let Some(k) = key {
                    out.push(k);
                    rest = &rest[end + 1..];
                    continue;
                }
            }
            out.push(Key::Char(c));
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    /// The key as its cap names it, for what the status line says of it (`PgUp`, `←`, `x`,
    /// `Ctrl-x`).
    pub fn name(self) -> String {
        match self {
            Key::Up => "↑".into(),
            Key::Down => "↓".into(),
            Key::Left => "←".into(),
            Key::Right => "→".into(),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::Tab => "Tab".into(),
            Key::BackTab => "Shift-Tab".into(),
            Key::Backspace => "Backspace".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
            Key::Delete => "Delete".into(),
            Key::Insert => "Insert".into(),
            Key::Char(' ') => "space".into(),
            Key::Char(c) => crownlands_core::text::escape_controls(&c.to_string()).into_owned(),
            Key::Ctrl(c) => format!(
                "Ctrl-{}",
                crownlands_core::text::escape_controls(&c.to_string())
            ),
        }
    }
}

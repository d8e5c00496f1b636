//! Plain text helpers: word wrapping to a width, cutting to a width.

/// `text` wrapped at spaces into lines of at most `width` characters (a longer word is cut into
/// pieces); every line of `text` starts a new line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for word in para.split(' ') {
            let mut word: Vec<char> = word.chars().collect();
            while !word.is_empty() {
                let len = line.chars().count();
                let sep = usize::from(len > 0);
                if len + sep + word.len() <= width {
                    if sep == 1 {
                        line.push(' ');
                    }
                    line.extend(word.drain(..));
                } else if len > 0 {
                    out.push(std::mem::take(&mut line));
                } else {
                    line.extend(word.drain(..width.min(word.len())));
                    out.push(std::mem::take(&mut line));
                }
            }
        }
        out.push(line);
    }
    out
}

/// `text` cut to `width` characters, keeping its end (`…rules/my.toml`) when it is too long.
pub fn keep_end(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let tail: String = text.chars().skip(n - (width - 1)).collect();
    format!("…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_cuts() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("one\ntwo", 10), vec!["one", "two"]);
        assert_eq!(wrap("", 10), Vec::<String>::new());
        assert_eq!(keep_end("rules/my.toml", 8), "…my.toml");
        assert_eq!(keep_end("short", 8), "short");
    }
}

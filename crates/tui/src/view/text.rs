//! Plain text helpers: word wrapping to a width, cutting to a width.

/// `text` wrapped at spaces into lines of at most `width` columns (a longer word is cut into
/// pieces); every line of `text` starts a new line. Counted in columns as the terminal draws
/// them (a CJK character takes two), so no line is longer than its box.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut out = Vec::new();
    for para in text.lines() {
        // An indented paragraph (a goal of a list) keeps its indent on every line.
        let words = para.trim_start_matches(' ');
        let indent = para.len() - words.len();
        if indent > 0 && !words.is_empty() && indent < columns / 2 {
            let pad = " ".repeat(indent);
            out.extend(
                wrap(words, columns - indent)
                    .into_iter()
                    .map(|l| format!("{pad}{l}")),
            );
            continue;
        }
        let mut line = String::new();
        for mut word in para.split(' ') {
            while !word.is_empty() {
                let len = width(&line);
                let sep = usize::from(!line.is_empty());
                if len + sep + width(word) <= columns {
                    if sep == 1 {
                        line.push(' ');
                    }
                    line.push_str(word);
                    word = "";
                } else if !line.is_empty() {
                    out.push(std::mem::take(&mut line));
                } else {
                    // A word longer than the line: as much of it as fits (a character wider
                    // than the whole line alone), the rest on the next lines.
                    let mut piece = take_width(word, columns);
                    if piece.is_empty() {
                        piece = first_grapheme(word).to_string();
                    }
                    word = &word[piece.len()..];
                    // The word's last piece stays on its line, for the words after it.
                    if word.is_empty() {
                        line = piece;
                    } else {
                        out.push(piece);
                    }
                }
            }
        }
        out.push(line);
    }
    out
}

/// `text` in at most `rows` lines of `width` columns: wrapped at spaces where that fits in
/// `rows`, else cut at the width whatever the characters (a long path fills each line); the
/// last line ends with `…` when even that is too long.
pub fn fill(text: &str, width: usize, rows: usize) -> Vec<String> {
    let wrapped = wrap(text, width);
    if wrapped.len() <= rows && wrapped.iter().all(|l| self::width(l) <= width) {
        return wrapped;
    }
    let width = width.max(1);
    let mut out = Vec::new();
    let mut rest = text.replace('\n', " ");
    while !rest.is_empty() && out.len() < rows {
        let mut line = take_width(&rest, width);
        if line.is_empty() {
            // A character wider than the line: drop it.
            line = first_grapheme(&rest).to_string();
            rest.drain(..line.len());
            continue;
        }
        rest.drain(..line.len());
        if out.len() + 1 == rows && !rest.is_empty() {
            line = take_width(&line, width - 1);
            line.push('…');
        }
        out.push(line);
    }
    out
}

/// `text` cut to `columns` columns, keeping its end (`…rules/my.toml`) when it is too long.
pub fn keep_end(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    if columns == 0 {
        return String::new();
    }
    // The last graphemes that fit beside the `…`.
    let mut used = 0;
    let tail: usize = graphemes(text)
        .rev()
        .take_while(|g| {
            used += grapheme_width(g);
            used < columns
        })
        .map(str::len)
        .sum();
    format!("…{}", &text[text.len() - tail..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wide characters (a CJK name) take two columns each: no wrapped line is wider than its
    /// box, and nothing is lost.
    #[test]
    fn wraps_wide_characters_by_their_columns() {
        let name = "名前テスト名前テスト名前テスト名";
        let text = format!("{name} places 11 at 0,-1→");
        let lines = wrap(&text, 27);
        assert!(lines.iter().all(|l| width(l) <= 27), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
        assert_eq!(lines[0], "名前テスト名前テスト名前テ");
        let lines = wrap_hanging(&format!("({name}): 19 decisions"), 30, 28);
        assert!(lines.iter().all(|l| width(l) <= 30), "{lines:?}");
        assert!(lines.concat().contains("19"), "{lines:?}");
        // A character wider than the line still goes out, one a line.
        assert_eq!(wrap("名前", 1), ["名", "前"]);
        assert_eq!(keep_end("rules/名前.toml", 8), "…前.toml");
        assert!(width(&keep_end("名前テスト", 4)) <= 4);
    }

    /// An emoji with its selector (`❤️`) or a keycap (`1️⃣`) is one symbol of two columns, as the
    /// screen lays it out: measured, cut and wrapped whole, never split from its selector.
    #[test]
    fn emoji_sequences_are_measured_and_cut_whole() {
        let hearts = "\u{2764}\u{fe0f}".repeat(8);
        assert_eq!(width(&hearts), 16);
        assert_eq!(width("1\u{fe0f}\u{20e3}"), 2);
        let cut = take_width(&hearts, 5);
        assert_eq!(cut, "\u{2764}\u{fe0f}".repeat(2));
        let end = keep_end(&hearts, 6);
        assert!(width(&end) <= 6, "{end}");
        assert!(end.starts_with("…\u{2764}"), "{end:?}");
        for line in wrap(&format!("{hearts} claims 40"), 10) {
            assert!(width(&line) <= 10, "{line}");
            assert!(!line.starts_with('\u{fe0f}'), "{line:?}");
        }
    }

    #[test]
    fn wraps_and_cuts() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("one\ntwo", 10), vec!["one", "two"]);
        assert_eq!(wrap("", 10), Vec::<String>::new());
        assert_eq!(wrap("  a bb ccc", 6), vec!["  a bb", "  ccc"]);
        assert_eq!(keep_end("rules/my.toml", 8), "…my.toml");
        assert_eq!(keep_end("short", 8), "short");
        assert_eq!(fill("a bb ccc", 4, 2), vec!["a bb", "ccc"]);
        assert_eq!(
            fill("in /a/long/path", 6, 3),
            vec!["in", "/a/lon", "g/path"]
        );
        assert_eq!(fill("in /a/long/path", 6, 2), vec!["in /a/", "long/…"]);
    }
}

/// The columns `s` takes on a terminal (a CJK character or an emoji takes two), counted as the
/// screen lays text out: grapheme by grapheme (`❤️`, a heart and its selector, is one of two
/// columns, where its characters alone add up to one).
pub fn width(s: &str) -> usize {
    graphemes(s).map(grapheme_width).sum()
}

/// The graphemes of `s`: what a terminal draws as one symbol (a letter and its accents, an
/// emoji and its selector).
fn graphemes(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    unicode_segmentation::UnicodeSegmentation::graphemes(s, true)
}

fn grapheme_width(g: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(g)
}

/// The first graphemes of `s` that fit in `columns` columns (never half of one).
pub fn take_width(s: &str, columns: usize) -> String {
    let mut used = 0;
    graphemes(s)
        .take_while(|g| {
            used += grapheme_width(g);
            used <= columns
        })
        .collect()
}

/// The first grapheme of `s` (a symbol wider than a whole line goes on one of its own).
fn first_grapheme(s: &str) -> &str {
    graphemes(s).next().unwrap_or("")
}

/// `s` in at most `columns` columns, cut after a whole word with `…` when it is longer (`None`
/// when not even its first word fits).
pub fn words_in(s: &str, columns: usize) -> Option<String> {
    if width(s) <= columns {
        return Some(s.to_string());
    }
    let room = columns.checked_sub(1)?;
    let mut out = String::new();
    for w in s.split(' ') {
        let next = if out.is_empty() {
            w.to_string()
        } else {
            format!("{out} {w}")
        };
        if width(&next) > room {
            break;
        }
        out = next;
    }
    (!out.is_empty()).then(|| format!("{}…", out.trim_end_matches([',', ':', ';', '('])))
}

/// `s` padded with spaces to `columns` columns (as `{s:<columns$}` would, counting columns).
pub fn pad(s: &str, columns: usize) -> String {
    let mut out = s.to_string();
    out.push_str(&" ".repeat(columns.saturating_sub(width(s))));
    out
}

/// `s` whole where it fits in `columns` (at least 1), else cut to leave a column for a mark, no
/// space before it: `Quentin the…`, `長い名…`.
pub fn cut_marked(s: &str, columns: usize) -> String {
    if width(s) <= columns {
        return s.to_string();
    }
    format!("{}…", take_width(s, columns.saturating_sub(1)).trim_end())
}

/// `name` in at most `width` columns: whole when it fits, else its first word cut short and
/// its last word (a seat number, a surname) kept: `greedy 12` in 5 becomes `gr 12`; a name of
/// one word is cut with a mark (`Alexandra` in 5 is `Alex…`). A first
/// word cut keeps at most half of itself, so that it reads as a short form (`Pla 2`, `gre 2`,
/// `Alex Smith`) and not as a name misspelt: `Player 2` in 7 had been `Playe 2`.
fn short(name: &str, columns: usize) -> String {
    cut(name, columns, true)
}

/// [`short`], its first word cut to at most half of itself (`halve`) or to all the room holds
/// (names that the halves would make alike: `Alexandra Smith` and `Alexander Smith` both
/// `Alex Smith`).
fn cut(name: &str, columns: usize, halve: bool) -> String {
    if width(name) <= columns {
        return name.to_string();
    }
    if let Some((head, last)) = name.rsplit_once(' ') {
        let tail = width(last);
        if tail + 2 <= columns {
            let room = columns - tail - 1;
            let half = if halve {
                room.min((width(head) / 2).max(1))
            } else {
                room
            };
            // (A wide first character takes two columns: then as much as the room holds.)
            // Never a space before the last word's own (`Anna Maria Smith`: `Anna Smith`).
            let head = Some(take_width(head, half).trim_end().to_string())
                .filter(|h| !h.is_empty())
                .unwrap_or_else(|| take_width(head, room).trim_end().to_string());
            if !head.is_empty() {
                return format!("{head} {last}");
            }
        }
    }
    // One word (or a last word too long to keep): cut, and said to be (`長い名…`, `Alex…`),
    // where the room keeps four columns of it (`Anna` of `Annabel` in 4, `Ann` in 3).
    if columns >= 5 {
        cut_marked(name, columns)
    } else {
        take_width(name, columns)
    }
}

/// `names` each in at most `width` characters, kept apart: shortened names that would read the
/// same end with their place in the list instead (`An1`, `An2`).
pub fn distinct_short(names: &[String], width: usize) -> Vec<String> {
    let clashes = |out: &[String]| -> Vec<bool> {
        (0..out.len())
            .map(|i| {
                out.iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.eq_ignore_ascii_case(&out[i]))
            })
            .collect()
    };
    let mut out: Vec<String> = names.iter().map(|n| short(n, width)).collect();
    // Names the halved cut makes alike are cut to the whole room first (`Alexandr Smith`,
    // `Alexande Smith`), and tagged with their place only if still alike.
    let alike = clashes(&out);
    for (i, &a) in alike.iter().enumerate() {
        if a {
            out[i] = cut(&names[i], width, false);
        }
    }
    let clashes = clashes(&out);
    for i in 0..out.len() {
        if clashes[i] {
            let tag = (i + 1).to_string();
            let keep = width.saturating_sub(tag.len());
            let head = take_width(&names[i], keep);
            out[i] = format!("{head}{tag}");
        }
    }
    out
}

/// A team's name (its members' names) in at most `width` columns: whole when it fits, else
/// each member's name cut as a single name is (its last word kept), joined by ` & ` or, tighter,
/// by `&` (`greedy 3 & greedy 4` in 7 is `g 3&g 4`), so every member stays named.
pub fn short_team(members: &[String], width: usize) -> String {
    let whole = members.join(" & ");
    if self::width(&whole) <= width || members.len() < 2 {
        return short(&whole, width);
    }
    let n = members.len();
    for sep in [" & ", "&"] {
        let room = width.saturating_sub(sep.len() * (n - 1)) / n;
        if room >= 3 {
            let cut: Vec<String> = members.iter().map(|m| short(m, room)).collect();
            return cut.join(sep);
        }
    }
    // Tighter still, each member by its first letter and its last word (`g5&g6`), then by its
    // initials (`Y&g2`, `Y&B`), then by its last word alone where every member has one apart
    // from its first (`5&6`): the whole cut as one name (`gree 6`) read as one member, and one
    // member whole beside the other's number (`You&2`) as unfair to the other.
    let last = |m: &String| m.split(' ').next_back().unwrap_or_default().to_string();
    // (A name of one short word whole: `You&g2`, where `Yo&g2` read as a typo.)
    let initial_and_last = |m: &String| match m.split_once(' ') {
        Some(_) => format!("{}{}", first_grapheme(m), last(m)),
        None if self::width(m) <= 3 => m.clone(),
        None => take_width(m, 2),
    };
    // A name of one word by its first letter, a longer one as above.
    let initials = |m: &String| match m.split_once(' ') {
        Some(_) => initial_and_last(m),
        None => first_grapheme(m).to_string(),
    };
    let all_last = if members.iter().all(|m| m.contains(' ')) {
        members.iter().map(last).collect::<Vec<_>>()
    } else {
        Vec::new()
    };
    // Last, each member in an equal share of the row: by initial and last word where that fits
    // it, else by the start of its name (`Zo&g4` for `Zoë Ångström & greedy 4` in 6: the whole
    // cut as one name read `Zoë 4`, one member).
    let share = (width.saturating_sub(n - 1) / n).max(1);
    let in_share = |m: &String| {
        let short = initial_and_last(m);
        if self::width(&short) <= share {
            short
        } else {
            take_width(m, share).trim_end().to_string()
        }
    };
    for form in [
        members.iter().map(initial_and_last).collect::<Vec<_>>(),
        members.iter().map(initials).collect::<Vec<_>>(),
        all_last,
        members.iter().map(in_share).collect::<Vec<_>>(),
    ] {
        // (A member cut to nothing is no member named: a wide first letter in a share of one
        // column read `&g`; no form at all, none.)
        if form.is_empty() || form.iter().any(String::is_empty) {
            continue;
        }
        let joined = form.join("&");
        if self::width(&joined) <= width {
            return joined;
        }
    }
    short(&whole, width)
}

#[cfg(test)]
mod distinct_tests {
    use super::{distinct_short, short_team};

    #[test]
    fn a_team_cut_short_names_every_member() {
        let team = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let greedy = team(&["greedy 3", "greedy 4"]);
        assert_eq!(short_team(&greedy, 30), "greedy 3 & greedy 4");
        assert_eq!(short_team(&greedy, 15), "gre 3 & gre 4");
        assert_eq!(short_team(&greedy, 7), "g 3&g 4");
        assert_eq!(short_team(&team(&["You", "greedy 2"]), 7), "You&g 2");
        assert_eq!(short_team(&team(&["Anna"]), 3), "Ann");
        // A name of one word cut says so, where four columns of it stay.
        assert_eq!(short_team(&team(&["Alexandra"]), 5), "Alex…");
        assert_eq!(short_team(&team(&["Alexandra"]), 4), "Alex");
        assert_eq!(short_team(&team(&["長い名前の王国"]), 7), "長い名…");
        // Cut at a space: no space before the mark.
        assert_eq!(short_team(&team(&["Anna Bartholomew"]), 6), "Anna…");
        // Tighter: each member by initial and number, then by number, never one name's cut.
        let two = team(&["greedy 5", "greedy 6"]);
        assert_eq!(short_team(&two, 6), "g5&g6");
        // A short one-word name stays whole (`Yo&g2` read as a typo).
        assert_eq!(short_team(&team(&["You", "greedy 2"]), 6), "You&g2");
        assert_eq!(short_team(&two, 3), "5&6");
        // Both members alike in 5 columns: each by its initials, never one whole beside the
        // other's number (`You&2`).
        assert_eq!(short_team(&team(&["You", "greedy 2"]), 5), "Y&g2");
        assert_eq!(short_team(&team(&["You", "Bea"]), 5), "Y&B");
        assert_eq!(short_team(&team(&["Ann", "greedy 12"]), 5), "A&g12");
        // A long last word: each member in a share of the row, never one name's cut (`Zoë 4`
        // read as one player).
        let people = team(&["Zoë Ångström", "greedy 4"]);
        assert_eq!(short_team(&people, 6), "Zo&g4");
        assert_eq!(short_team(&team(&["Zoe Angstrom", "greedy 4"]), 6), "Zo&g4");
        assert_eq!(short_team(&team(&["José Ñúñez", "greedy 4"]), 6), "Jo&g4");
        // Never a member cut to nothing (a wide first letter in a share of one column).
        for width in 2..=4 {
            for pair in [["長い名前", "greedy 4"], ["山田 太郎", "佐藤 花子"]] {
                let cut = short_team(&team(&pair), width);
                assert!(
                    !cut.starts_with('&') && !cut.ends_with('&') && cut != "&",
                    "{pair:?} in {width}: {cut}"
                );
            }
        }
    }

    #[test]
    fn a_line_too_long_is_cut_after_a_word() {
        use super::words_in;
        let last = "Last: greedy 2 claims K19";
        assert_eq!(words_in(last, 80).as_deref(), Some(last));
        // It was cut mid-word: `... K19 (m: al`.
        assert_eq!(
            words_in(last, 24).as_deref(),
            Some("Last: greedy 2 claims…")
        );
        assert_eq!(words_in(last, 13).as_deref(), Some("Last: greedy…"));
        assert_eq!(words_in(last, 3), None);
    }

    #[test]
    fn wide_characters_count_two_columns() {
        use super::{pad, take_width, width};
        let name = "日本日本日本日本";
        assert_eq!(width(name), 16);
        assert_eq!(take_width(name, 5), "日本");
        assert_eq!(width(&pad("日本", 6)), 6);
        let names: Vec<String> = [name, "Anna"].iter().map(|s| s.to_string()).collect();
        let short = distinct_short(&names, 7);
        assert!(short.iter().all(|n| width(n) <= 7), "{short:?}");
    }

    #[test]
    fn names_the_halved_cut_makes_alike_take_the_room() {
        let names: Vec<String> = ["Alexandra Smith", "Alexander Smith", "Anna Maria Smith"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            distinct_short(&names, 14),
            ["Alexandr Smith", "Alexande Smith", "Anna Smith"]
        );
    }

    #[test]
    fn a_name_cut_short_reads_as_a_short_form() {
        let names: Vec<String> = ["Player 1", "Player 2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Cut by one letter it read as a name misspelt (`Playe 2`).
        assert_eq!(distinct_short(&names, 7), ["Pla 1", "Pla 2"]);
        assert_eq!(distinct_short(&names, 8), names);
        assert_eq!(distinct_short(&names, 4), ["Pl 1", "Pl 2"]);
        assert_eq!(distinct_short(&names, 3), ["P 1", "P 2"]);
        let long: Vec<String> = ["Alexandra Smith", "greedy 2", "日本 3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            distinct_short(&long, 14),
            ["Alex Smith", "greedy 2", "日本 3"]
        );
        assert_eq!(distinct_short(&long, 5)[1..], ["gre 2", "日 3"]);
    }

    #[test]
    fn shortened_names_stay_apart() {
        let names: Vec<String> = ["greedy 1", "greedy 2", "greedy 10", "Anna"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(distinct_short(&names, 20), names);
        assert_eq!(
            distinct_short(&names, 5),
            ["gre 1", "gre 2", "gr 10", "Anna"]
        );
        let same: Vec<String> = ["Alexandra", "Alexander"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(distinct_short(&same, 4), ["Ale1", "Ale2"]);
    }
}

/// `text` wrapped at spaces: its first line at most `first` columns, the others at most `rest`
/// (a word longer than its line is cut, as [`wrap`] cuts it).
pub fn wrap_hanging(text: &str, first: usize, rest: usize) -> Vec<String> {
    let mut words = text.split(' ').filter(|w| !w.is_empty()).peekable();
    let mut head = String::new();
    while let Some(w) = words.peek() {
        let len = width(&head);
        let sep = usize::from(len > 0);
        if len + sep + width(w) > first {
            break;
        }
        if sep == 1 {
            head.push(' ');
        }
        head.push_str(w);
        words.next();
    }
    let left: Vec<&str> = words.collect();
    if head.is_empty() {
        // A first word longer than the line: cut as `wrap` cuts it.
        return wrap(text, first);
    }
    let mut out = vec![head];
    if !left.is_empty() {
        out.extend(wrap(&left.join(" "), rest));
    }
    out
}

//! Rows of clickable key labels (`? help  u undo  q quit`): a mouse click on a label does what
//! its key does, so everything the keys do is reachable by mouse.

use crate::keys::Key;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// One piece of a bar: plain text, or a label standing for a key.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Text(String),
    Key(String, Key),
}

/// A row of labels and text, left to right.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bar(pub Vec<Item>);

impl Bar {
    pub fn new() -> Bar {
        Bar(Vec::new())
    }

    /// A label for `key`, with two spaces before it unless it comes first.
    pub fn key(mut self, label: &str, key: Key) -> Bar {
        if !self.0.is_empty() {
            self.0.push(Item::Text("  ".into()));
        }
        self.0.push(Item::Key(label.to_string(), key));
        self
    }

    /// Plain text, glued to what comes before.
    pub fn text(mut self, text: &str) -> Bar {
        self.0.push(Item::Text(text.to_string()));
        self
    }

    /// A label for `key` glued to what comes before.
    pub fn glued(mut self, label: &str, key: Key) -> Bar {
        self.0.push(Item::Key(label.to_string(), key));
        self
    }

    /// The bar in `columns` columns: whole when it fits, else the keys that fit whole from the
    /// start (a key with what is glued to it, `+/- bot pace`, goes as one) and ` …` after them,
    /// so a key is never shown cut (`+/- bot`) and the cut is seen; the way out (`q`) is kept
    /// after the cut where the cut would take it (at 64 columns `q quit` was gone).
    pub fn within(self, columns: usize) -> Bar {
        let width = |items: &[Item]| {
            items
                .iter()
                .map(|i| match i {
                    Item::Text(t) | Item::Key(t, _) => Span::raw(t.as_str()).width(),
                })
                .sum::<usize>()
        };
        if width(&self.0) <= columns {
            return self;
        }
        // Groups start at the two spaces `key` puts before a label.
        let starts: Vec<usize> = self
            .0
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i, Item::Text(t) if t == "  "))
            .map(|(at, _)| at)
            .collect();
        // The group of `q` (from its two spaces to the next group), where there is one after
        // the first group.
        let quit = self
            .0
            .iter()
            .position(|i| matches!(i, Item::Key(_, Key::Char('q'))))
            .and_then(|at| {
                let start = starts.iter().rev().copied().find(|&s| s < at)?;
                let end = starts
                    .iter()
                    .copied()
                    .find(|&s| s > at)
                    .unwrap_or(self.0.len());
                Some(start..end)
            });
        let fits = |reserve: usize| {
            starts
                .iter()
                .rev()
                .copied()
                .find(|&at| width(&self.0[..at]) + 2 + reserve <= columns)
                .unwrap_or(0)
        };
        let end = fits(0);
        let kept = match &quit {
            // Cut away by the end: kept after the cut, the cut made earlier for its room.
            Some(q) if q.start >= end => {
                let group = self.0[q.clone()].to_vec();
                let end = fits(width(&group));
                (end > 0).then_some((end, group))
            }
            _ => None,
        };
        let (end, tail) = kept.unwrap_or((end, Vec::new()));
        let mut items = self.0;
        items.truncate(end);
        if !items.is_empty() {
            items.push(Item::Text(" …".into()));
        }
        items.extend(tail);
        Bar(items)
    }

    /// The bar as a line in `style` (the keys a bar offers look alike).
    pub fn line(&self, style: Style) -> Line<'static> {
        self.line_focus(style, style, None)
    }

    /// The bar as a line in `style`, the label of `focus` in `focus_style`.
    pub fn line_focus(
        &self,
        style: Style,
        focus_style: Style,
        focus: Option<Key>,
    ) -> Line<'static> {
        Line::from(
            self.0
                .iter()
                .map(|i| match i {
                    Item::Text(t) => Span::styled(t.clone(), style),
                    Item::Key(t, k) if Some(*k) == focus => Span::styled(t.clone(), focus_style),
                    Item::Key(t, _) => Span::styled(t.clone(), style),
                })
                .collect::<Vec<_>>(),
        )
    }

    /// The key whose label is at column `col`, the bar starting at column `x`.
    pub fn key_at(&self, x: u16, col: u16) -> Option<Key> {
        match self.item_at(x, col)? {
            Item::Key(_, k) => Some(*k),
            Item::Text(_) => None,
        }
    }

    /// The plain text at column `col` (the words a label's keys share, `bot speed`), the bar
    /// starting at column `x`.
    pub fn text_at(&self, x: u16, col: u16) -> Option<&str> {
        match self.item_at(x, col)? {
            Item::Text(t) => Some(t),
            Item::Key(..) => None,
        }
    }

    /// The piece of the bar at column `col`, the bar starting at column `x`.
    fn item_at(&self, x: u16, col: u16) -> Option<&Item> {
        let mut at = x;
        for item in &self.0 {
            let (Item::Text(text) | Item::Key(text, _)) = item;
            let w = u16::try_from(Span::raw(text.as_str()).width()).unwrap_or(u16::MAX);
            if col >= at && col < at.saturating_add(w) {
                return Some(item);
            }
            at = at.saturating_add(w);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_map_to_their_keys() {
        let bar = Bar::new()
            .key("? help", Key::Char('?'))
            .key("+", Key::Char('+'))
            .text("/")
            .glued("-", Key::Char('-'))
            .text(" pace");
        let line = bar.line(Style::default());
        assert_eq!(line.to_string(), "? help  +/- pace");
        assert_eq!(bar.key_at(0, 0), Some(Key::Char('?')));
        assert_eq!(bar.key_at(0, 5), Some(Key::Char('?')));
        assert_eq!(bar.key_at(0, 6), None);
        assert_eq!(bar.key_at(0, 8), Some(Key::Char('+')));
        assert_eq!(bar.key_at(0, 9), None);
        assert_eq!(bar.key_at(0, 10), Some(Key::Char('-')));
        assert_eq!(bar.key_at(10, 18), Some(Key::Char('+')));
        assert_eq!(bar.key_at(0, 40), None);
        assert_eq!(bar.text_at(0, 12), Some(" pace"));
        assert_eq!(bar.text_at(0, 10), None);
    }

    #[test]
    fn a_cut_bar_keeps_its_way_out() {
        let bar = Bar::new()
            .key("r rotate", Key::Char('r'))
            .key("Tab next spot", Key::Tab)
            .key("? help", Key::Char('?'))
            .key("u undo", Key::Char('u'))
            .key("q quit", Key::Char('q'))
            .key("+", Key::Char('+'))
            .text(" bot speed");
        let at = |columns: usize| {
            bar.clone()
                .within(columns)
                .line(Style::default())
                .to_string()
        };
        assert_eq!(
            at(80),
            "r rotate  Tab next spot  ? help  u undo  q quit  + bot speed"
        );
        // The pace goes first; then the keys before `q`, which stays after the cut.
        assert_eq!(at(50), "r rotate  Tab next spot  ? help  u undo  q quit …");
        assert_eq!(at(44), "r rotate  Tab next spot  ? help …  q quit");
        assert!(at(44).chars().count() <= 44);
        // No room for anything but the first group: as before.
        assert_eq!(at(12), "r rotate …");
    }
}

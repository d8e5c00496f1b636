//! A kingdom drawn cell by cell in its terrains' colours, with crowns, and the ghost domino.

use crate::palette::{Accent, Palette};
use crownlands_core::modules::describe::CellMark;
use crownlands_core::{Cell, Content, Kingdom, Placement, Ruleset, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The domino being placed, drawn over the kingdom.
#[derive(Clone, Copy, Debug)]
pub struct Ghost {
    pub placement: Placement,
    pub squares: [Square; 2],
    pub kind: GhostKind,
}

/// What a domino drawn over the kingdom is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GhostKind {
    /// Being placed, where it may go (green; bold without colours).
    Legal,
    /// Being placed, where it may not (red; reversed without colours).
    Illegal,
    /// A mistake watched: the best placement found (green; bold and underlined without
    /// colours).
    Best,
    /// A mistake watched: the placement played, each square crossed (`×F1`) in its terrain's
    /// colours (red would say "not here"). A square the best placement covers too shows the
    /// best's square, crossed.
    Played,
}

/// A kingdom as a grid of cells `cell_w` characters wide and `cell_h` lines high.
pub struct KingdomView<'a> {
    pub kingdom: &'a Kingdom,
    pub ruleset: &'a Ruleset,
    pub palette: Palette,
    /// The cells shown: (min x, min y, max x, max y) around the castle.
    pub region: (i8, i8, i8, i8),
    pub cell_w: u16,
    /// Rows a cell takes (its text on the first).
    pub cell_h: u16,
    /// Dominoes drawn over the kingdom, the first over the others where they share a cell: the
    /// ghost being placed, or a mistake's best placement and the one played.
    pub ghosts: &'a [Ghost],
    /// Empty cells a legal placement would cover.
    pub marks: &'a [Cell],
    /// The pieces modules put on the kingdom ([`Game::cell_marks`]), whatever the module: all of
    /// a square's where they fit, else the last one.
    ///
    /// [`Game::cell_marks`]: crownlands_core::Game::cell_marks
    pub pieces: &'a [CellMark],
    /// Squares to point out (a choice's squares, the largest territory), shown reversed.
    pub highlight: &'a [Cell],
    /// Of a choice's squares, the one it acts on, where it concerns others too (a tax: the
    /// knight's square among its territory's), underlined besides: which of a territory's
    /// squares ←→ picked shows.
    pub acted: Option<Cell>,
    /// Squares a mistake's module action played concerns (the best one's are `highlight`),
    /// crossed (`×F1`; struck through where a cell has one column).
    pub crossed: &'a [Cell],
}

/// The text of a square: its terrain symbol and crown count, in `w` characters.
pub fn square_text(ruleset: &Ruleset, sq: Square, w: u16) -> String {
    let symbol = ruleset
        .terrains()
        .get(sq.terrain.index())
        .map_or('?', |t| t.symbol);
    let body = match (sq.crowns, w) {
        (0, _) => symbol.to_string(),
        (c, 1) => char::from_digit(u32::from(c), 10)
            .unwrap_or('*')
            .to_string(),
        (c, _) => format!("{symbol}{c}"),
    };
    fit(&body, w)
}

/// A module's piece symbol as it may be drawn in one column: a control character, or one that
/// does not take exactly one column (wide, combining), shows as `?`, so a module cannot move the
/// cursor or break the grid.
pub fn glyph(symbol: char) -> char {
    use ratatui::text::Span;
    let one = symbol.to_string();
    if symbol.is_control() || Span::raw(one.as_str()).width() != 1 {
        '?'
    } else {
        symbol
    }
}

/// `text` left-aligned in `w` characters (with one space in front when there is room for it).
fn fit(text: &str, w: u16) -> String {
    let len = text.chars().count();
    if w >= 3 && len < usize::from(w) {
        exactly(&format!(" {text}"), w)
    } else {
        exactly(text, w)
    }
}

/// `text` after a cross, `×F1`, in `w` characters (its last character cut where it does not
/// fit).
fn fit_crossed(text: &str, w: u16) -> String {
    exactly(&format!("×{text}"), w)
}

/// A square's text with the pieces on it ([`with_pieces`]).
pub struct WithPieces {
    pub text: String,
    /// The crowns gave way to the pieces and, without colours, are told by bold type.
    pub crowns_gone: bool,
    /// How many of the square's pieces are not drawn (the first ones: the last is drawn
    /// wherever a character is).
    pub hidden: usize,
}

/// The text of square `sq` (`text`, as [`square_text`] gives it at `w` columns) with the
/// symbols of its pieces `here`, in `w` columns. The leading space stays (a cell filled to its
/// edge runs into the next: `TBT1B`). The terrain, its crowns and every piece where they fit
/// (`W1$`; a knight and a building at 4 columns, ` T1kB`), else the last piece; else the crowns
/// give way to the pieces, as one column gives them way: with colours the digit stands for the
/// square (`1B`, the colour telling the terrain), without, the terrain's symbol, bold when
/// crowned (`TB`); only where even that does not fit, over the last character; and where a
/// cell is under 2 columns, not at all (the cell is underlined). At 2 columns a cell has no
/// leading space (its terrain and crowns fill it, `F1`, as they do without pieces): a piece
/// takes the crowns' column (`Tk`, `TB`; crowned, `1k` with colours, else `Wk` in bold).
pub fn with_pieces(
    ruleset: &Ruleset,
    palette: Palette,
    sq: Square,
    text: &str,
    here: &str,
    w: u16,
) -> WithPieces {
    let count = here.chars().count();
    let Some(m) = here.chars().last() else {
        return WithPieces {
            text: text.to_string(),
            crowns_gone: false,
            hidden: 0,
        };
    };
    if w < 2 {
        return WithPieces {
            text: text.to_string(),
            crowns_gone: false,
            hidden: count,
        };
    }
    let room = if w == 2 { 2 } else { usize::from(w) - 1 };
    let body = text.trim().to_string();
    let plain = square_text(ruleset, Square { crowns: 0, ..sq }, w);
    let monochrome = palette.mode == crate::palette::ColourMode::None;
    let short = match char::from_digit(u32::from(sq.crowns), 10) {
        Some(d) if sq.crowns > 0 && !monochrome => d.to_string(),
        _ => plain.trim().to_string(),
    };
    let candidates = [
        (format!("{body}{here}"), false, 0),
        (format!("{body}{m}"), false, count - 1),
        (format!("{short}{here}"), true, 0),
        (format!("{short}{m}"), true, count - 1),
    ];
    match candidates
        .into_iter()
        .find(|(t, _, _)| t.chars().count() <= room)
    {
        Some((t, crowns_gone, hidden)) => WithPieces {
            text: fit(&t, w),
            crowns_gone: crowns_gone && sq.crowns > 0 && monochrome,
            hidden,
        },
        None => {
            let mut chars: Vec<char> = text.chars().collect();
            if let Some(last) = chars.last_mut() {
                *last = m;
            }
            WithPieces {
                text: chars.into_iter().collect(),
                crowns_gone: false,
                hidden: count - 1,
            }
        }
    }
}

/// `text` cut or padded with spaces to exactly `w` characters.
fn exactly(text: &str, w: u16) -> String {
    let w = usize::from(w);
    let mut out: String = text.chars().take(w).collect();
    while out.chars().count() < w {
        out.push(' ');
    }
    out
}

pub fn terrain_style(ruleset: &Ruleset, palette: Palette, sq: Square) -> Style {
    let terrains = ruleset.terrains();
    // Only the 16 colours look at the other terrains: every square of every frame goes here.
    if palette.mode != crate::palette::ColourMode::Ansi16 {
        return terrains
            .get(sq.terrain.index())
            .map_or_else(Style::default, |t| palette.terrain(&t.colour));
    }
    let all: Vec<&str> = terrains.iter().map(|t| t.colour.as_str()).collect();
    palette.terrain_among(&all, sq.terrain.index())
}

/// A legal placement's ghost: the good accent, but with the 16 basic colours none of the
/// terrains' (grassland had been the ghost's light green: [`crate::palette::Palette::ghost_among`]).
fn ghost_style(ruleset: &Ruleset, palette: Palette) -> Style {
    if palette.mode != crate::palette::ColourMode::Ansi16 {
        return palette.accent(Accent::Good);
    }
    let all: Vec<&str> = ruleset
        .terrains()
        .iter()
        .map(|t| t.colour.as_str())
        .collect();
    palette.ghost_among(&all)
}

impl KingdomView<'_> {
    /// The cell under a screen position, if any (cells `cell` = (columns, rows) large).
    pub fn cell_at(
        region: (i8, i8, i8, i8),
        cell: (u16, u16),
        area: Rect,
        col: u16,
        row: u16,
    ) -> Option<Cell> {
        let (cell_w, cell_h) = cell;
        if col < area.x || row < area.y || cell_w == 0 || cell_h == 0 {
            return None;
        }
        let dx = i16::try_from((col - area.x) / cell_w).ok()?;
        let dy = i16::try_from((row - area.y) / cell_h).ok()?;
        let x = i16::from(region.0) + dx;
        let y = i16::from(region.1) + dy;
        if x > i16::from(region.2) || y > i16::from(region.3) {
            return None;
        }
        Some(Cell::new(i8::try_from(x).ok()?, i8::try_from(y).ok()?))
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let w = self.cell_w.max(1);
        let h = self.cell_h.max(1);
        for y in self.region.1..=self.region.3 {
            let row = area.y + (i16::from(y) - i16::from(self.region.1)) as u16 * h;
            if row + h > area.bottom() {
                break;
            }
            for x in self.region.0..=self.region.2 {
                let col = area.x + (i16::from(x) - i16::from(self.region.0)) as u16 * w;
                if col + w > area.right() {
                    break;
                }
                let cell = Cell::new(x, y);
                let (text, style) = self.cell(cell, w);
                // The letters on the middle line of a cell three lines high (the first of two).
                let middle = (h - 1) / 2;
                for line in 0..h {
                    if line == middle {
                        buf.set_string(col, row + line, &text, style);
                    } else {
                        buf.set_string(col, row + line, " ".repeat(usize::from(w)), style);
                    }
                }
            }
        }
    }

    fn cell(&self, cell: Cell, w: u16) -> (String, Style) {
        let covering = |g: &Ghost| {
            if g.placement.first == cell {
                Some(0)
            } else if g.placement.second() == cell {
                Some(1)
            } else {
                None
            }
        };
        let mut over = self
            .ghosts
            .iter()
            .filter_map(|g| covering(g).map(|i| (g.kind, g.squares[i])));
        if let Some((kind, sq)) = over.next() {
            // The domino being placed over a square already taken (the castle, a square: an
            // illegal spot): what is there stays readable, in the ghost's colours and
            // underlined, so the castle's `C` is not hidden under the ghost's terrain. Without
            // colours, reversed against how the cell is drawn without the ghost: a square,
            // plain, reversed; the castle, reversed, plain (reversed as it always is, it had
            // differed from the castle alone by its underline only, which a terminal may not
            // draw).
            if matches!(kind, GhostKind::Legal | GhostKind::Illegal)
                && !matches!(self.kingdom.content(cell), Content::Empty)
            {
                let (text, beneath) = self.beneath(cell, w);
                let mut style = self
                    .palette
                    .accent(Accent::Bad)
                    .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
                if self.palette.mode == crate::palette::ColourMode::None
                    && beneath.add_modifier.contains(Modifier::REVERSED)
                {
                    style = style.remove_modifier(Modifier::REVERSED);
                }
                return (text, style);
            }
            // The best and the played placement on one square: the best's, crossed.
            let crossed = kind == GhostKind::Played
                || (kind == GhostKind::Best && over.any(|(k, _)| k == GhostKind::Played));
            let text = square_text(self.ruleset, sq, w);
            let text = if crossed && w >= 2 {
                fit_crossed(text.trim(), w)
            } else {
                text
            };
            let style = match kind {
                GhostKind::Played if w >= 2 => terrain_style(self.ruleset, self.palette, sq),
                GhostKind::Legal => ghost_style(self.ruleset, self.palette),
                GhostKind::Best if self.palette.mode == crate::palette::ColourMode::None => self
                    .palette
                    .accent(Accent::Good)
                    .add_modifier(Modifier::UNDERLINED),
                GhostKind::Best => ghost_style(self.ruleset, self.palette),
                // (Played, in cells too narrow for the cross: red.)
                GhostKind::Illegal | GhostKind::Played => self.palette.accent(Accent::Bad),
            };
            return (text, style.add_modifier(Modifier::BOLD));
        }
        self.beneath(cell, w)
    }

    /// A cell as the kingdom has it, without the dominoes drawn over it.
    fn beneath(&self, cell: Cell, w: u16) -> (String, Style) {
        match self.kingdom.content(cell) {
            // Reversed, unless squares are pointed out by reversing them (the score screen's
            // largest territory) where nothing else tells them apart (no colours).
            Content::Castle
                if !self.highlight.is_empty()
                    && self.palette.mode == crate::palette::ColourMode::None =>
            {
                (
                    fit("C", w),
                    Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                )
            }
            Content::Castle => (
                fit("C", w),
                Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ),
            Content::Square(sq) => {
                let mut text = square_text(self.ruleset, sq, w);
                let mut style = terrain_style(self.ruleset, self.palette, sq);
                // Whether the crowns are told by bold type alone (no colours, no digit shown).
                let mut crowned_bold = false;
                // One column a square and no colours: the crown digit would hide the terrain
                // (only the colour told it), so the terrain's symbol stays, bold when crowned.
                if w == 1 && sq.crowns > 0 && self.palette.mode == crate::palette::ColourMode::None
                {
                    text = square_text(self.ruleset, Square { crowns: 0, ..sq }, w);
                    style = style.add_modifier(Modifier::BOLD);
                    crowned_bold = true;
                }
                let here: String = self
                    .pieces
                    .iter()
                    .filter(|m| m.cell == cell)
                    .map(|m| glyph(m.symbol))
                    .collect();
                if !here.is_empty() {
                    let shown = with_pieces(self.ruleset, self.palette, sq, &text, &here, w);
                    text = shown.text;
                    if shown.crowns_gone {
                        style = style.add_modifier(Modifier::BOLD);
                        crowned_bold = true;
                    }
                    // Pieces not drawn: the cell underlined (the title says what that means).
                    if shown.hidden > 0 {
                        style = style.add_modifier(Modifier::UNDERLINED);
                    }
                }
                if self.highlight.contains(&cell) {
                    style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    // Bold says nothing more there: the crowns told by bold are underlined.
                    if crowned_bold {
                        style = style.add_modifier(Modifier::UNDERLINED);
                    }
                }
                if self.acted == Some(cell) {
                    style = style.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED);
                }
                if self.crossed.contains(&cell) {
                    if w >= 2 {
                        text = fit_crossed(text.trim(), w);
                    } else {
                        style = style.add_modifier(Modifier::CROSSED_OUT);
                    }
                }
                (text, style)
            }
            Content::Empty if self.marks.contains(&cell) => {
                (fit("+", w), self.palette.accent(Accent::Mark))
            }
            Content::Empty => (fit("·", w), self.palette.accent(Accent::Dim)),
        }
    }
}

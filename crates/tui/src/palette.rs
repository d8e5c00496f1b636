//! Colours: the terrains' `#rrggbb` from the set files, shown as well as the terminal allows.

use crownlands_core::Side;
use ratatui::style::{Color, Modifier, Style};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColourMode {
    /// 24-bit colour.
    #[default]
    TrueColour,
    /// The xterm 256-colour palette.
    Ansi256,
    /// The 16 basic colours.
    Ansi16,
    /// No colour at all (`NO_COLOR`): letters and bold/reverse only.
    None,
}

/// The colours the view uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Palette {
    pub mode: ColourMode,
}

/// The 16 basic colours and their usual RGB values.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (170, 0, 0)),
    (Color::Green, (0, 170, 0)),
    (Color::Yellow, (170, 85, 0)),
    (Color::Blue, (0, 0, 170)),
    (Color::Magenta, (170, 0, 170)),
    (Color::Cyan, (0, 170, 170)),
    (Color::Gray, (170, 170, 170)),
    (Color::DarkGray, (85, 85, 85)),
    (Color::LightRed, (255, 85, 85)),
    (Color::LightGreen, (85, 255, 85)),
    (Color::LightYellow, (255, 255, 85)),
    (Color::LightBlue, (85, 85, 255)),
    (Color::LightMagenta, (255, 85, 255)),
    (Color::LightCyan, (85, 255, 255)),
    (Color::White, (255, 255, 255)),
];

/// Black or white text, whichever reads on `rgb`.
fn contrast(rgb: (u8, u8, u8)) -> Color {
    let light = u32::from(rgb.0) * 299 + u32::from(rgb.1) * 587 + u32::from(rgb.2) * 114 > 128_000;
    if light { Color::Black } else { Color::White }
}

/// A colour's hue (degrees), saturation and value (0 to 1).
fn hsv((r, g, b): (u8, u8, u8)) -> (f32, f32, f32) {
    let (r, g, b) = (
        f32::from(r) / 255.0,
        f32::from(g) / 255.0,
        f32::from(b) / 255.0,
    );
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let d = max - min;
    let h = if d == 0.0 {
        0.0
    } else if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    let s = if max == 0.0 { 0.0 } else { d / max };
    (h, s, max)
}

/// How far a terrain's colour `t` is from a basic colour `a`, by hue first: a colour of some
/// chroma (saturation times value at least 0.2: forest's dark green, the lake's blue) goes to
/// the basic colour of its hue, light or dark by its value, before any grey; a greyish one
/// (swamp's grey-brown, mine's dark brown) to the grey of its value. (By distance in RGB,
/// forest's dark green was nearer dark grey than green.)
fn ansi16_cost(t: (u8, u8, u8), a: (u8, u8, u8)) -> f32 {
    let (t, a) = (hsv(t), hsv(a));
    let chromatic = t.1 * t.2 >= 0.2;
    let grey = a.1 < 0.5;
    let dv = t.2 - a.2;
    let around = (t.0 - a.0).abs() % 360.0;
    let dh = around.min(360.0 - around) / 60.0;
    match (chromatic, grey) {
        (true, false) => dh * dh + 2.0 * dv * dv,
        (false, true) => 2.0 * dv * dv,
        (true, true) => 1.0 + 2.0 * dv * dv,
        (false, false) => 0.5 + dh * dh + 2.0 * dv * dv,
    }
}

/// Each of `colours` (a ruleset's terrains) its basic colour, one of its own where there are
/// enough: the nearest pair of a colour and a basic colour not yet taken first, then the next
/// ([`ansi16_cost`]); the same colour twice gets the same; black, the screen's own background,
/// is never one. Past 15 colours the rest take their nearest, shared.
pub fn ansi16_for(colours: &[(u8, u8, u8)]) -> Vec<Color> {
    let usable: Vec<(Color, (u8, u8, u8))> = ANSI16
        .iter()
        .copied()
        .filter(|(c, _)| *c != Color::Black)
        .collect();
    let mut distinct: Vec<(u8, u8, u8)> = Vec::new();
    for c in colours {
        if !distinct.contains(c) {
            distinct.push(*c);
        }
    }
    let mut given: Vec<Option<Color>> = vec![None; distinct.len()];
    let mut taken = vec![false; usable.len()];
    loop {
        let best = (0..distinct.len())
            .filter(|&i| given[i].is_none())
            .flat_map(|i| {
                (0..usable.len())
                    .filter(|&j| !taken[j])
                    .map(move |j| (i, j))
            })
            .map(|(i, j)| (ansi16_cost(distinct[i], usable[j].1), i, j))
            .min_by(|x, y| x.0.total_cmp(&y.0));
        let Some((_, i, j)) = best else {
            break;
        };
        given[i] = Some(usable[j].0);
        taken[j] = true;
    }
    colours
        .iter()
        .map(|c| {
            let i = distinct.iter().position(|d| d == c).unwrap_or(0);
            given.get(i).copied().flatten().unwrap_or_else(|| {
                usable
                    .iter()
                    .min_by(|x, y| ansi16_cost(*c, x.1).total_cmp(&ansi16_cost(*c, y.1)))
                    .map_or(Color::Reset, |u| u.0)
            })
        })
        .collect()
}

/// Parse `#rrggbb`.
pub fn parse_hex(text: &str) -> Option<(u8, u8, u8)> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some((byte(0)?, byte(2)?, byte(4)?))
}

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).unsigned_abs();
    let (r, g, b2) = (d(a.0, b.0), d(a.1, b.1), d(a.2, b.2));
    2 * r * r + 4 * g * g + 3 * b2 * b2
}

/// The nearest colour of the xterm 256-colour cube or grey ramp.
fn to_256(rgb: (u8, u8, u8)) -> u8 {
    let level = |v: u8| -> u8 {
        if v < 48 {
            0
        } else if v < 115 {
            1
        } else {
            ((u16::from(v) - 35) / 40) as u8
        }
    };
    let steps = [0u8, 95, 135, 175, 215, 255];
    let (r, g, b) = (level(rgb.0), level(rgb.1), level(rgb.2));
    let cube = (steps[r as usize], steps[g as usize], steps[b as usize]);
    let grey_level = ((u16::from(rgb.0) + u16::from(rgb.1) + u16::from(rgb.2)) / 3) as u8;
    let gi = if grey_level < 8 {
        0
    } else {
        ((u16::from(grey_level) - 8) / 10).min(23) as u8
    };
    let grey = 8 + 10 * gi;
    if distance(rgb, (grey, grey, grey)) < distance(rgb, cube) {
        232 + gi
    } else {
        16 + 36 * r + 6 * g + b
    }
}

impl Palette {
    /// The colour mode the environment asks for: `NO_COLOR` (set and not empty) turns colour
    /// off, and so does a `TERM` of the DEC terminals, which have none (`vt100`, `vt220`);
    /// `COLORTERM=truecolor|24bit` gives 24-bit colour; a `TERM` with `256color` the
    /// 256-colour palette; anything else the 16 basic colours.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Palette {
        let set = |k: &str| var(k).filter(|v| !v.is_empty());
        // The DEC terminals (`vt100`, `vt220`) and their emulations draw no colour at all (not
        // `vte`, GNOME's, which does).
        let monochrome = set("TERM").is_some_and(|t| {
            t.strip_prefix("vt")
                .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
                && !t.contains("color")
        });
        let mode = if set("NO_COLOR").is_some() || monochrome {
            ColourMode::None
        } else if set("COLORTERM").is_some_and(|v| v == "truecolor" || v == "24bit") {
            ColourMode::TrueColour
        } else if set("TERM").is_some_and(|v| v.contains("256")) {
            ColourMode::Ansi256
        } else {
            ColourMode::Ansi16
        };
        Palette { mode }
    }

    pub fn none() -> Palette {
        Palette {
            mode: ColourMode::None,
        }
    }

    fn colour(&self, rgb: (u8, u8, u8)) -> Option<Color> {
        match self.mode {
            ColourMode::TrueColour => Some(Color::Rgb(rgb.0, rgb.1, rgb.2)),
            ColourMode::Ansi256 => Some(Color::Indexed(to_256(rgb))),
            ColourMode::Ansi16 => ANSI16
                .iter()
                .min_by_key(|(_, c)| distance(rgb, *c))
                .map(|(c, _)| *c),
            ColourMode::None => None,
        }
    }

    /// A terrain square: its colour as background, black or white text for contrast.
    pub fn terrain(&self, hex: &str) -> Style {
        let Some(rgb) = parse_hex(hex) else {
            return Style::default();
        };
        match self.colour(rgb) {
            Some(bg) => Style::default().bg(bg).fg(contrast(rgb)),
            None => Style::default(),
        }
    }

    /// A legal placement's ghost among a ruleset's terrains `all` (their `#rrggbb`): the good
    /// accent (black on light green), except with the 16 basic colours where a terrain was given
    /// light green (Kingdomino's grassland): then the first of light cyan, white and light
    /// magenta no terrain has, so that a ghost never reads as a square of a terrain.
    pub fn ghost_among(&self, all: &[&str]) -> Style {
        let good = self.accent(Accent::Good);
        if self.mode != ColourMode::Ansi16 {
            return good;
        }
        let colours: Vec<(u8, u8, u8)> = all
            .iter()
            .map(|h| parse_hex(h).unwrap_or((0, 0, 0)))
            .collect();
        let taken = ansi16_for(&colours);
        [
            Color::LightGreen,
            Color::LightCyan,
            Color::White,
            Color::LightMagenta,
        ]
        .into_iter()
        .find(|c| !taken.contains(c))
        .map_or(good, |bg| Style::default().fg(Color::Black).bg(bg))
    }

    /// The terrain of colour `all[i]` among a ruleset's terrains `all` (their `#rrggbb`): as
    /// [`Palette::terrain`], but with the 16 basic colours each terrain gets one of its own
    /// ([`ansi16_for`]): by nearest colour forest, swamp and mine had all been dark grey, and a
    /// crown's digit, which stands for the square in a narrow cell, no longer told them apart.
    pub fn terrain_among(&self, all: &[&str], i: usize) -> Style {
        let Some(hex) = all.get(i) else {
            return Style::default();
        };
        if self.mode != ColourMode::Ansi16 {
            return self.terrain(hex);
        }
        let Some(rgb) = parse_hex(hex) else {
            return Style::default();
        };
        let colours: Vec<(u8, u8, u8)> = all
            .iter()
            .map(|h| parse_hex(h).unwrap_or((0, 0, 0)))
            .collect();
        let bg = ansi16_for(&colours).get(i).copied().unwrap_or(Color::Reset);
        Style::default().bg(bg).fg(contrast(rgb))
    }

    /// A named accent: `good` (legal), `bad` (illegal), `focus`, `dim`, `title`.
    pub fn accent(&self, what: Accent) -> Style {
        if self.mode == ColourMode::None {
            return match what {
                Accent::Good | Accent::Focus | Accent::Title => {
                    Style::default().add_modifier(Modifier::BOLD)
                }
                Accent::Bad => Style::default().add_modifier(Modifier::REVERSED),
                Accent::Dim => Style::default(),
                Accent::Warn => Style::default().add_modifier(Modifier::BOLD),
                Accent::Mark => Style::default(),
            };
        }
        match what {
            Accent::Good => Style::default().fg(Color::Black).bg(Color::LightGreen),
            Accent::Bad => Style::default().fg(Color::White).bg(Color::Red),
            Accent::Focus => Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Accent::Dim => Style::default().fg(Color::DarkGray),
            Accent::Title => Style::default()
                .fg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
            Accent::Warn => Style::default().fg(Color::LightRed),
            Accent::Mark => Style::default().fg(Color::Green),
        }
    }

    /// A player's or team's colour, by side.
    pub fn side(&self, side: Side) -> Style {
        const SIDES: [(u8, u8, u8); 8] = [
            (220, 60, 60),
            (70, 120, 230),
            (60, 180, 80),
            (230, 190, 40),
            (180, 80, 200),
            (60, 190, 190),
            (240, 140, 40),
            (200, 200, 200),
        ];
        match self.colour(SIDES[side.index() % SIDES.len()]) {
            Some(c) => Style::default().fg(c).add_modifier(Modifier::BOLD),
            None => Style::default().add_modifier(Modifier::BOLD),
        }
    }
}

/// The accents of [`Palette::accent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accent {
    Good,
    Bad,
    Focus,
    Dim,
    Title,
    Warn,
    /// An empty cell where the domino could go.
    Mark,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_term(term: &'static str) -> impl Fn(&str) -> Option<String> {
        move |k: &str| (k == "TERM").then(|| term.to_string())
    }

    #[test]
    fn environment_and_degrading() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Palette::from_env(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")])).mode,
            ColourMode::None
        );
        assert_eq!(
            Palette::from_env(env(&[("NO_COLOR", ""), ("COLORTERM", "truecolor")])).mode,
            ColourMode::TrueColour
        );
        assert_eq!(
            Palette::from_env(env(&[("TERM", "xterm-256color")])).mode,
            ColourMode::Ansi256
        );
        assert_eq!(
            Palette::from_env(env(&[("TERM", "xterm")])).mode,
            ColourMode::Ansi16
        );
        // The DEC terminals draw no colour.
        for term in ["vt100", "vt220", "vt102"] {
            assert_eq!(
                Palette::from_env(env_term(term)).mode,
                ColourMode::None,
                "{term}"
            );
        }
        // GNOME's VTE has colour.
        for term in ["vte", "vte-256color", "vte-direct"] {
            assert_ne!(
                Palette::from_env(env_term(term)).mode,
                ColourMode::None,
                "{term}"
            );
        }
        assert!(
            crate::terminal::term_refused(Some("dumb")).is_some(),
            "a dumb terminal moves no cursor"
        );
        assert_eq!(crate::terminal::term_refused(Some("xterm")), None);
        assert_eq!(crate::terminal::term_refused(None), None);
        let p16 = Palette {
            mode: ColourMode::Ansi16,
        };
        // Wheat is yellowish, lake blue.
        assert_eq!(p16.terrain("#e3bd3c").bg, Some(Color::LightYellow));
        assert!(p16.terrain("#2a6fc2").bg.is_some());
        assert_eq!(Palette::none().terrain("#e3bd3c"), Style::default());
        assert_eq!(parse_hex("#zzzzzz"), None);
        assert_eq!(to_256((255, 255, 255)), 231);
    }
}

#[cfg(test)]
mod ansi16_tests {
    use super::*;

    /// Every shipped terrain set's terrains, each a basic colour of its own, of its hue.
    #[test]
    fn the_shipped_terrains_each_get_a_basic_colour_of_their_own() {
        let names = [
            ("wheat", "#e3bd3c"),
            ("forest", "#2e7d32"),
            ("lake", "#3a7bd5"),
            ("grassland", "#8bc34a"),
            ("swamp", "#8d7b68"),
            ("mine", "#5d4037"),
            ("town", "#c62828"),
            ("volcano", "#d84315"),
        ];
        let colours: Vec<(u8, u8, u8)> = names
            .iter()
            .map(|(_, h)| parse_hex(h).expect("a colour"))
            .collect();
        let given = ansi16_for(&colours);
        let got: Vec<(&str, Color)> = names.iter().map(|n| n.0).zip(given).collect();
        assert_eq!(
            got,
            [
                ("wheat", Color::LightYellow),
                ("forest", Color::Green),
                ("lake", Color::LightBlue),
                ("grassland", Color::LightGreen),
                ("swamp", Color::Gray),
                ("mine", Color::DarkGray),
                ("town", Color::Red),
                ("volcano", Color::LightRed),
            ]
        );
        // The same colour twice gets the same basic colour; past 15 colours some share.
        let twice = ansi16_for(&[colours[0], colours[1], colours[0]]);
        assert_eq!(twice[0], twice[2]);
        assert_ne!(twice[0], twice[1]);
        let many: Vec<(u8, u8, u8)> = (0..20u8).map(|i| (i * 12, 255 - i * 12, i * 5)).collect();
        let given = ansi16_for(&many);
        assert_eq!(given.len(), 20);
        let mut used: Vec<Color> = given.clone();
        used.sort_by_key(|c| format!("{c:?}"));
        used.dedup();
        assert_eq!(
            used.len(),
            15,
            "every basic colour but black, 15 of the 20 each their own"
        );
        assert!(!given.contains(&Color::Black));
    }

    /// With the 16 basic colours a legal ghost is not grassland's light green: the first basic
    /// colour no terrain has; in the other modes the good accent.
    #[test]
    fn a_ghost_is_no_terrain_s_colour() {
        let p16 = Palette {
            mode: ColourMode::Ansi16,
        };
        let kingdomino = [
            "#e3bd3c", "#2e7d32", "#3a7bd5", "#8bc34a", "#8d7b68", "#5d4037",
        ];
        assert_eq!(p16.ghost_among(&kingdomino).bg, Some(Color::LightCyan));
        // Without a light green terrain, the good accent's light green.
        assert_eq!(
            p16.ghost_among(&kingdomino[..3]).bg,
            Some(Color::LightGreen)
        );
        let true_colour = Palette {
            mode: ColourMode::TrueColour,
        };
        assert_eq!(
            true_colour.ghost_among(&kingdomino),
            true_colour.accent(Accent::Good)
        );
    }

    /// Drawn through [`Palette::terrain_among`]: the 16-colour mode gives those; the others
    /// the terrain's colour as [`Palette::terrain`] does.
    #[test]
    fn a_terrain_among_its_ruleset_s() {
        let all = ["#e3bd3c", "#2e7d32", "#8d7b68", "#5d4037"];
        let p16 = Palette {
            mode: ColourMode::Ansi16,
        };
        let bgs: Vec<Option<Color>> = (0..4).map(|i| p16.terrain_among(&all, i).bg).collect();
        assert_eq!(
            bgs,
            [
                Some(Color::LightYellow),
                Some(Color::Green),
                Some(Color::Gray),
                Some(Color::DarkGray)
            ]
        );
        let true_colour = Palette::default();
        assert_eq!(
            true_colour.terrain_among(&all, 1),
            true_colour.terrain(all[1])
        );
        assert_eq!(Palette::none().terrain_among(&all, 1), Style::default());
        assert_eq!(p16.terrain_among(&all, 9), Style::default());
    }
}

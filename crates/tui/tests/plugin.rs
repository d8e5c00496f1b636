//! A module no front end knows, drawn through the presentation hooks alone: its pieces on the
//! kingdoms (any glyph, escaped when it is a control character or not one column wide), its
//! public panel, its stats in the scores' rows, its legend on the end screen.

mod common;

use common::*;
use crownlands_core::modules::describe::{CellMark, Panel, PanelRow, Stat};
use crownlands_core::modules::{Cx, Module, ModuleSpec, SetupContext};
use crownlands_core::{Cell, Content, Registry, Ruleset, Side};
use crownlands_tui::{App, Mode, Palette};
use std::path::Path;
use std::sync::Arc;

/// Banners: a test-only module. A banner flies on every square with crowns, its glyph by the
/// crowns: `€` (one column), a bell (a control character) and `漢` (two columns wide).
#[derive(Debug)]
struct Banners;

impl Banners {
    fn glyph(crowns: u8) -> char {
        match crowns {
            1 => '€',
            2 => '\u{7}',
            _ => '漢',
        }
    }

    fn banners(cx: Cx<'_>, side: Side) -> Vec<(Cell, u8)> {
        let kingdom = cx.table().kingdom(side);
        let (x0, y0, x1, y1) = kingdom.bounds();
        let mut out = Vec::new();
        for y in y0..=y1 {
            for x in x0..=x1 {
                let cell = Cell::new(x, y);
                if let Content::Square(sq) = kingdom.content(cell)
                    && sq.crowns > 0
                {
                    out.push((cell, sq.crowns));
                }
            }
        }
        out
    }
}

impl Module for Banners {
    fn name(&self) -> &'static str {
        "banners"
    }

    fn spec(&self) -> ModuleSpec {
        ModuleSpec::new("banners")
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    fn panels(&self, cx: Cx<'_>, out: &mut Vec<Panel>) {
        let flying: usize = cx
            .table()
            .all_sides()
            .map(|s| Self::banners(cx, s).len())
            .sum();
        out.push(Panel {
            title: "Banners".into(),
            // An escape sequence a module might pass on from a file: drawn, not obeyed.
            rows: vec![
                PanelRow::text(format!("{flying} flying")),
                PanelRow::text("motto: \u{1b}[31mred"),
            ],
        });
    }

    fn side_stats(&self, cx: Cx<'_>, side: Side, out: &mut Vec<Stat>) {
        let n = Self::banners(cx, side).len();
        out.push(Stat::counted(format!("{n} banners"), n as i64, "bn"));
    }

    fn cell_marks(&self, cx: Cx<'_>, side: Side, out: &mut Vec<CellMark>) {
        out.extend(
            Self::banners(cx, side)
                .into_iter()
                .map(|(cell, crowns)| CellMark {
                    cell,
                    symbol: Self::glyph(crowns),
                    what: "banner".into(),
                }),
        );
    }
}

fn registry() -> Registry {
    let mut r = Registry::shipped();
    r.add_module("banners", |_| Ok(Box::new(Banners)));
    r
}

fn banners_app(players: &str, seed: u64) -> App {
    let registry = registry();
    let text = "name = \"banners\"\nextends = \"kingdomino\"\n[rules]\nmodules = [\"banners\"]\n";
    let ruleset: Ruleset = crownlands_rules::load_str(&registry, text, Path::new("banners.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut config = config(seed, Palette::none());
    config.registry = registry;
    let mut app = App::new_game(Arc::new(ruleset), seats(players), config).expect("sets up");
    app.run_bots();
    app
}

/// No control character reaches the terminal.
fn assert_clean(text: &str) {
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character on screen:\n{text}"
    );
}

#[test]
fn a_module_no_front_end_knows_draws_its_pieces_panel_and_stats() {
    let mut app = banners_app("you,greedy", 5);
    // Play until some banners fly.
    let mine = |app: &App| {
        let g = app.game().expect("a game");
        g.all_sides().map(|s| g.cell_marks(s).len()).sum::<usize>()
    };
    let mut keys = 0;
    while mine(&app) < 3 && app.mode() != Mode::GameOver && keys < 400 {
        play_to_end(&mut app, 1);
        keys += 1;
    }
    assert!(mine(&app) >= 3, "banners fly after {keys} keys");
    let text = screen(&app, 100, 30);
    assert_clean(&text);
    assert!(text.contains("Banners"), "the panel's title:\n{text}");
    assert!(
        text.contains("motto: ?[31mred"),
        "the escape drawn as `?`:\n{text}"
    );
    assert!(text.contains("banners"), "the side's stat:\n{text}");
    let g = app.game().expect("a game");
    let glyphs: Vec<char> = g
        .all_sides()
        .flat_map(|s| g.cell_marks(s))
        .map(|m| m.symbol)
        .collect();
    if glyphs.contains(&'€') {
        assert!(text.contains('€'), "a one-column glyph as it is:\n{text}");
    }
    assert!(!text.contains('漢'), "a wide glyph is escaped:\n{text}");
    insta::assert_snapshot!("banners_in_play", text);

    // The end screen: the kingdoms with their banners, the legend from the marks.
    play_to_end(&mut app, 2000);
    assert_eq!(app.mode(), Mode::GameOver);
    let text = screen(&app, 100, 30);
    assert_clean(&text);
    assert!(
        text.contains("letters (€, ?;"),
        "the legend, escaped:\n{text}"
    );
    assert!(!text.contains('漢'), "a wide glyph is escaped:\n{text}");
    insta::assert_snapshot!("banners_game_over", text);
}

//! Kingdom files with the marks and `@` lines of a module no crate ships: the reader dispatches
//! what a module declares, reads it into the module's own state and resources, checks it with the
//! module's own words, scores it and writes it back.

use crownlands_core::modules::{
    Directive, FileMark, FileSyntax, Mark, Module, ModuleSpec, ModuleState, PlacedMark, Res,
    SetupContext, SideEdit, SideView, StateBox, build_all, score_side,
};
use crownlands_core::{Cell, Registry, Ruleset, ScoreBreakdown, Side};
use crownlands_rules::kingdom_file::{parse_side, render_side};

/// A test house rule: stalls (`$`) on squares, worth their territory's size, and gold (`@gold N`).
#[derive(Debug)]
struct Stalls;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct StallsState {
    /// By side index.
    stalls: Vec<Vec<Cell>>,
}

impl ModuleState for StallsState {
    fn clear(&mut self) {
        self.stalls.iter_mut().for_each(Vec::clear);
    }
}

const GOLD: Res = Res(0);

impl Module for Stalls {
    fn name(&self) -> &'static str {
        "stalls"
    }

    fn spec(&self) -> ModuleSpec {
        ModuleSpec::new("stalls")
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        crownlands_core::modules::Declaration {
            provides: &["gold"],
            ..Default::default()
        }
    }

    fn new_state(&self) -> StateBox {
        StateBox::new(StallsState::default())
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    fn file_syntax(&self) -> FileSyntax {
        FileSyntax {
            directives: &[Directive {
                word: "gold",
                number: true,
                repeats: false,
                what: "gold",
            }],
            marks: &[Mark {
                symbol: '$',
                what: "stall",
            }],
        }
    }

    fn check_marks(&self, _ruleset: &Ruleset, marks: &[FileMark<'_>]) -> Vec<(usize, String)> {
        marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.count > 1)
            .map(|(i, m)| {
                (
                    i,
                    format!("one stall a square, not {} in `{}`", m.count, m.token),
                )
            })
            .collect()
    }

    fn read_mark(
        &self,
        mut edit: SideEdit<'_>,
        cell: Cell,
        _symbol: char,
        _number: Option<u32>,
        _count: u32,
    ) -> Result<(), String> {
        let side = edit.side.index();
        let state = edit.state_mut::<StallsState>().ok_or("no state")?;
        state.stalls.resize_with(side + 1, Vec::new);
        state.stalls[side].push(cell);
        Ok(())
    }

    fn read_directive(
        &self,
        mut edit: SideEdit<'_>,
        _word: &str,
        value: Option<u32>,
    ) -> Result<(), String> {
        edit.add(GOLD, value.unwrap_or(0));
        Ok(())
    }

    fn write_marks(&self, side: SideView<'_>, out: &mut Vec<PlacedMark>) {
        if let Some(state) = side.state::<StallsState>() {
            for &cell in state.stalls.get(side.side.index()).into_iter().flatten() {
                out.push(PlacedMark {
                    cell,
                    symbol: '$',
                    number: None,
                    count: 1,
                    crowns: 0,
                });
            }
        }
    }

    fn write_directives(&self, side: SideView<'_>, out: &mut Vec<(&'static str, Option<u32>)>) {
        if side.get(GOLD) > 0 {
            out.push(("gold", Some(side.get(GOLD))));
        }
    }

    fn score(&self, side: SideView<'_>, breakdown: &mut ScoreBreakdown) {
        let Some(state) = side.state::<StallsState>() else {
            return;
        };
        for &cell in state.stalls.get(side.side.index()).into_iter().flatten() {
            let points = side.kingdom.territory_size_at(cell) as i32;
            breakdown.add_bonus(format!("stall at {},{}", cell.x, cell.y), points);
        }
    }
}

fn registry() -> Registry {
    let mut r = Registry::shipped();
    r.add_module("stalls", |_| Ok(Box::new(Stalls)));
    r
}

#[test]
fn a_plugin_module_reads_scores_and_writes_its_own_marks_and_lines() {
    let registry = registry();
    let ruleset = crownlands_rules::load(&registry, "kingdomino").unwrap_or_else(|e| panic!("{e}"));
    let modules = build_all(
        &registry,
        &[ModuleSpec::new("knights"), ModuleSpec::new("stalls")],
    )
    .expect("modules");
    let text = "W W$ F1+\n. C F\n@gold 5\n@coins 2\n";
    let (kingdom, data) =
        parse_side(text, "k.txt", &ruleset, &modules, 5).unwrap_or_else(|e| panic!("{e}"));
    let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
    assert_eq!(view.resource("gold"), 5);
    assert_eq!(view.resource("coins"), 2);
    assert_eq!(view.resource("knights"), 1, "the knight placed on F1+");
    let rules = ruleset.rules_for(2).expect("2p");
    let score = score_side(rules, view);
    assert_eq!(score.bonus("stall at 0,-1"), Some(2), "{score:?}");
    // Written back and read again: the same.
    let written = render_side(view);
    assert!(
        written.contains("W$") && written.contains("@gold 5"),
        "{written}"
    );
    let again = parse_side(&written, "again", &ruleset, &modules, 5).expect("again");
    assert_eq!(again, (kingdom, data), "{written}");

    // The module's own check, at its square; an undeclared line names the declared ones.
    let d = parse_side("C W$$\n@silver 1\n", "k.txt", &ruleset, &modules, 5).expect_err("problems");
    let s = d.to_string();
    assert!(
        s.contains("1:3") && s.contains("one stall a square, not 2 in `W$$`"),
        "{s}"
    );
    assert!(
        s.contains("unknown line `@silver`") && s.contains("@gold N"),
        "{s}"
    );
    // Without the module, its mark is not read.
    let plain = build_all(&registry, &[ModuleSpec::new("knights")]).expect("modules");
    let d = parse_side("C W$\n", "k.txt", &ruleset, &plain, 5).expect_err("no stalls");
    assert!(d.to_string().contains("unexpected `$` in `W$`"), "{d}");
}

/// A module reading the knights' `+` (and a `@gold` line like the stalls', though it keeps no
/// gold): a kingdom file could not say whose mark or line it is.
#[derive(Debug)]
struct Copycat(&'static str);

impl Module for Copycat {
    fn name(&self) -> &'static str {
        self.0
    }

    fn spec(&self) -> ModuleSpec {
        ModuleSpec::new(self.0)
    }

    fn new_state(&self) -> StateBox {
        StateBox::new(StallsState::default())
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }

    // `scores-twice`: its points said to be both a sum over territories and where its pieces
    // stand.
    fn scores_territories(&self) -> bool {
        self.0 == "scores-twice"
    }

    fn scores_placements(&self) -> bool {
        self.0 == "scores-twice"
    }

    fn file_syntax(&self) -> FileSyntax {
        if let Some(symbol) = self.0.strip_prefix("mark-") {
            // A module reading the mark its name says (`mark-digit`: `7`).
            let symbol = match symbol {
                "space" => ' ',
                "digit" => '7',
                "invisible" => '\u{200b}',
                _ => '$',
            };
            return FileSyntax {
                directives: &[],
                marks: match symbol {
                    ' ' => &[Mark {
                        symbol: ' ',
                        what: "well",
                    }],
                    '7' => &[Mark {
                        symbol: '7',
                        what: "well",
                    }],
                    '\u{200b}' => &[Mark {
                        symbol: '\u{200b}',
                        what: "well",
                    }],
                    _ => &[Mark {
                        symbol: '$',
                        what: "well",
                    }],
                },
            };
        }
        if self.0 == "plus" {
            FileSyntax {
                directives: &[],
                marks: &[Mark {
                    symbol: '+',
                    what: "guard",
                }],
            }
        } else {
            FileSyntax {
                directives: &[Directive {
                    word: "gold",
                    number: true,
                    repeats: false,
                    what: "gold",
                }],
                marks: &[],
            }
        }
    }
}

#[test]
fn two_modules_reading_one_mark_or_line_are_refused() {
    let mut registry = registry();
    registry.add_module("plus", |_| Ok(Box::new(Copycat("plus"))));
    registry.add_module("gold-line", |_| Ok(Box::new(Copycat("gold-line"))));
    registry.add_module("mark-space", |_| Ok(Box::new(Copycat("mark-space"))));
    registry.add_module("mark-digit", |_| Ok(Box::new(Copycat("mark-digit"))));
    registry.add_module("mark-invisible", |_| {
        Ok(Box::new(Copycat("mark-invisible")))
    });
    registry.add_module("mark-dollar", |_| Ok(Box::new(Copycat("mark-dollar"))));
    registry.add_module("scores-twice", |_| Ok(Box::new(Copycat("scores-twice"))));
    let build = |names: &[&str]| {
        let specs: Vec<ModuleSpec> = names.iter().map(|n| ModuleSpec::new(n)).collect();
        build_all(&registry, &specs)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(
        build(&["knights", "plus"]),
        Err("module `plus` reads the mark `+` in kingdom files, as module `knights` does: each module needs marks and `@` words of its own (a kingdom file could not say whose it is)".to_string())
    );
    let line = build(&["stalls", "gold-line"]).expect_err("refused");
    assert!(
        line.contains("reads the line `@gold` in kingdom files, as module `stalls` does"),
        "{line}"
    );
    // A mark a kingdom file cannot hold after a square: refused, saying what a mark may be.
    for name in ["mark-space", "mark-digit", "mark-invisible"] {
        let refused = build(&[name]).expect_err(name);
        assert!(
            refused.contains("which a kingdom file cannot hold after a square"),
            "{refused}"
        );
    }
    assert!(build(&["mark-dollar"]).is_ok());
    // Points said in two of the bots' forms at once would be counted twice.
    let twice = build(&["scores-twice"]).expect_err("refused");
    assert!(twice.contains("the bots would count them twice"), "{twice}");
    // `@coins` is the knights' and wealth's both: each provides coins (the first listed reads it).
    assert!(build(&["knights", "wealth"]).is_ok());
    assert!(build(&["knights", "stalls"]).is_ok());
}

/// A module whose step must come before the knights' (`before`), which the knights cannot name.
#[derive(Debug)]
struct Early;

impl Module for Early {
    fn name(&self) -> &'static str {
        "early"
    }

    fn spec(&self) -> ModuleSpec {
        ModuleSpec::new("early")
    }

    fn declare(&self) -> crownlands_core::modules::Declaration {
        crownlands_core::modules::Declaration {
            before: &["knights"],
            ..Default::default()
        }
    }

    fn new_state(&self) -> StateBox {
        StateBox::new(StallsState::default())
    }

    fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn a_plugin_may_declare_it_comes_before_a_shipped_module() {
    let mut registry = registry();
    registry.add_module("early", |_| Ok(Box::new(Early)));
    let build = |names: &[&str]| {
        let specs: Vec<ModuleSpec> = names.iter().map(|n| ModuleSpec::new(n)).collect();
        build_all(&registry, &specs)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert!(build(&["early", "knights"]).is_ok());
    assert!(build(&["early"]).is_ok());
    assert_eq!(
        build(&["knights", "early"]),
        Err("module `early` must come before `knights` in `modules`: its step comes first in a turn".to_string())
    );
}

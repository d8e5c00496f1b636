//! What modules exchange (named resources) and where their steps go, and the check that a
//! module list fits together.

use super::{MAX_KEYWORD, Module, ModuleError, ModuleSpec, SpecProblem, build, state};
use crate::module_action::MAX_MODULES;
use crate::registry::Registry;
use crate::ruleset::Ruleset;

/// What a module exchanges with the other modules, and where its step goes in a turn: declared by
/// each module ([`Module::declare`]) and checked when a ruleset is built ([`check_specs`](super::check_specs)), so a
/// module list that could never work is refused at load, at the position of `modules`.
///
/// Resources are named values the modules share, per side or for the whole table: `coins`,
/// `knights`, `towers`, `board` (the Builders' Board's face-up buildings), `tax-bonus` (what
/// buildings add to each tax), `queen-host` and `discount` (the Queen's). A module reads or
/// changes another's resource only through the name it declares here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declaration {
    /// Resources it keeps, for itself and the others.
    pub provides: &'static [&'static str],
    /// Resources it cannot work without: some module of the list must provide each.
    pub uses: &'static [&'static str],
    /// Resources it reads when a module of the list provides them, and does without otherwise.
    pub reads: &'static [&'static str],
    /// Modules that, when listed too, come before it in `modules`: their steps come first in a
    /// turn (the rulebook's turn order: tax, build, Dragon).
    pub after: &'static [&'static str],
    /// Modules that, when listed too, come after it in `modules`: its step comes first (a
    /// plugin going ahead of a shipped module, which cannot name it in its `after`).
    pub before: &'static [&'static str],
    /// Whether it plays the ruleset's building tiles (`[[building]]`): a ruleset with tiles and
    /// no such module is warned that they never appear.
    pub building_tiles: bool,
    /// Those of `provides` that belong to the whole table, not to each side (the Builders'
    /// Board, the Queen's discount): no `most-RESOURCE` tie-break can compare them.
    pub table_wide: &'static [&'static str],
    /// Those of `provides` through which a module declaring the resource reaches this module's
    /// state ([`Cx::shared`](super::Cx::shared), [`CxMut::shared_mut`](super::CxMut::shared_mut),
    /// [`SideView::shared`](super::SideView::shared)): `board` is the
    /// buildings' own state, which the Dragon burns from. Any other resource is a number, per
    /// side or on the table, and its provider's state stays its own.
    pub shares: &'static [&'static str],
}

impl Declaration {
    /// Nothing declared (what `Default` gives, for a `const`: `..Declaration::NONE`).
    pub const NONE: Declaration = Declaration {
        provides: &[],
        uses: &[],
        reads: &[],
        after: &[],
        before: &[],
        building_tiles: false,
        table_wide: &[],
        shares: &[],
    };

    /// The resources it provides that each side holds (what a tie-break may compare).
    pub fn per_side(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.provides
            .iter()
            .copied()
            .filter(|r| !self.table_wide.contains(r))
    }
}

/// Problems between the modules of a list: a resource used that no module provides, a module
/// listed before one it must follow. `modules` are the built modules, in list order.
pub fn check_declarations(registry: &Registry, modules: &[Box<dyn Module>]) -> Vec<SpecProblem> {
    let mut out = Vec::new();
    if modules.len() > MAX_MODULES {
        out.push(SpecProblem {
            module: MAX_MODULES,
            key: None,
            error: ModuleError::TooMany(modules.len()),
        });
    }
    for (i, m) in modules.iter().enumerate() {
        let count = m.declare().resources().count();
        if count > state::MAX_DECLARED {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::TooManyResources {
                    module: m.name().to_string(),
                    count,
                    max: state::MAX_DECLARED,
                },
            });
        }
        if m.scores_placements() && (m.scores_territories() || m.scores_kingdom()) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::ScoresTwice {
                    module: m.name().to_string(),
                    other: if m.scores_territories() {
                        "that they are a sum over territories (`scores_territories`)"
                    } else {
                        "that they come from the territories together (`scores_kingdom`)"
                    },
                },
            });
        }
        let d = m.declare();
        if let Some(&resource) = d.shares.iter().find(|r| !d.provides.contains(r)) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::SharesUnprovided {
                    module: m.name().to_string(),
                    resource: resource.to_string(),
                },
            });
        }
        let words = m.action_words();
        for word in &words {
            let letters = !word.keyword.is_empty()
                && word.keyword.len() <= MAX_KEYWORD
                && word.keyword.bytes().all(|b| b.is_ascii_lowercase());
            if !letters {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::BadKeyword {
                        module: m.name().to_string(),
                        keyword: word.keyword,
                    },
                });
            }
        }
        for (k, word) in words.iter().enumerate() {
            let core = crate::action_text::CORE_WORDS
                .iter()
                .any(|w| w.keyword == word.keyword);
            let earlier = modules[..i]
                .iter()
                .find(|o| o.action_words().iter().any(|w| w.keyword == word.keyword));
            let own = words[..k].iter().any(|w| w.keyword == word.keyword);
            let other = match (core, earlier, own) {
                (true, _, _) => Some("the core".to_string()),
                (false, Some(o), _) => Some(format!("module `{}`", o.name())),
                (false, None, true) => Some("another kind of its own action".to_string()),
                (false, None, false) => None,
            };
            if let Some(other) = other {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Keyword {
                        module: m.name().to_string(),
                        keyword: word.keyword,
                        other,
                    },
                });
            }
        }
        // Kingdom files: a mark or an `@` word is one module's, but for an `@` word naming a
        // resource both modules provide (`@coins`, the knights' and wealth's: the first listed
        // reads it).
        let syntax = m.file_syntax();
        if let Some(bad) = syntax.marks.iter().find(|mark| {
            mark.symbol.is_ascii_digit()
                || mark.symbol.is_whitespace()
                || crate::text::is_unsafe_char(mark.symbol)
        }) {
            out.push(SpecProblem {
                module: i,
                key: None,
                error: ModuleError::BadMark {
                    module: m.name().to_string(),
                    symbol: bad.symbol,
                },
            });
        }
        for (j, o) in modules[..i].iter().enumerate() {
            let theirs = o.file_syntax();
            let mark = syntax
                .marks
                .iter()
                .find(|a| theirs.marks.iter().any(|b| b.symbol == a.symbol))
                .map(|a| format!("the mark `{}`", a.symbol));
            let shared = |word: &str| {
                m.declare().provides.contains(&word) && o.declare().provides.contains(&word)
            };
            let line = syntax
                .directives
                .iter()
                .find(|a| theirs.directives.iter().any(|b| b.word == a.word) && !shared(a.word))
                .map(|a| format!("the line `@{}`", a.word));
            if let Some(what) = mark.or(line) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::FileSyntax {
                        module: m.name().to_string(),
                        what,
                        other: modules[j].name().to_string(),
                    },
                });
                break;
            }
        }
        for &resource in d.uses {
            if !modules
                .iter()
                .any(|p| p.declare().provides.contains(&resource))
            {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Unprovided {
                        module: m.name().to_string(),
                        resource: resource.to_string(),
                        providers: providers_of(registry, resource),
                    },
                });
            }
        }
        for &first in d.after {
            if modules[i + 1..].iter().any(|later| later.name() == first) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::Order {
                        module: m.name().to_string(),
                        first: first.to_string(),
                    },
                });
            }
        }
        // `before`: the other side of `after`, so that a plugin can go ahead of a shipped
        // module without the shipped one naming it.
        for &then in d.before {
            if modules[..i].iter().any(|earlier| earlier.name() == then) {
                out.push(SpecProblem {
                    module: i,
                    key: None,
                    error: ModuleError::OrderBefore {
                        module: m.name().to_string(),
                        then: then.to_string(),
                    },
                });
            }
        }
    }
    out
}

/// The names of the modules `registry` knows that provide `resource`, for messages.
fn providers_of(registry: &Registry, resource: &str) -> String {
    let names: Vec<String> = registry
        .module_names()
        .into_iter()
        .filter(|name| {
            build(registry, &ModuleSpec::new(name))
                .is_ok_and(|m| m.declare().provides.contains(&resource))
        })
        .map(|name| format!("`{name}`"))
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        let verb = if names.len() == 1 {
            "provides"
        } else {
            "provide"
        };
        format!("; {} {verb} it", names.join(" or "))
    }
}

/// Whether a module of `modules` other than the one called `except` can ever add to `resource`
/// in a game of `ruleset` ([`Module::can_add`]): what an [`Module::idle`] warning asks before
/// saying that something never happens, so a plugin giving knights or towers counts too.
pub fn anyone_adds(
    modules: &[Box<dyn Module>],
    ruleset: &Ruleset,
    resource: &str,
    except: &str,
) -> bool {
    modules
        .iter()
        .any(|m| m.name() != except && m.can_add(ruleset, resource))
}

/// Whether a module of `modules` other than `except` takes from `resource` or depends on it
/// ([`Module::takes`]): whether what `except` gives of it can count for anything.
pub fn anyone_takes(modules: &[Box<dyn Module>], resource: &str, except: &str) -> bool {
    modules
        .iter()
        .any(|m| m.name() != except && m.takes(resource))
}

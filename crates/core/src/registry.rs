//! The registry: every module, line source and seating of teams a ruleset may name, by name.
//!
//! A ruleset names its modules (`modules = ["knights", "buildings"]`) and where its lines come
//! from (`lines = "alternate"`) and who shares a kingdom (`teams`); the ruleset's checks and the game look each name up in a
//! [`Registry`].
//! [`Registry::shipped`] holds everything Crownlands ships. Another crate adds its own
//! mechanisms to it and hands it to the rules loader and the front ends, which then know them
//! as if they were shipped:
//!
//! ```
//! use crownlands_core::Registry;
//! let registry = Registry::shipped();
//! assert!(registry.module_names().contains(&"knights"));
//! ```

use crate::lines::LineDealer;
use crate::modules::{Module, ModuleError, ModuleSpec};
use crate::teams::Teams;
use std::sync::{Arc, LazyLock};

/// Builds a module from its spec (its name and parameters as the ruleset gives them), or says
/// what is wrong with the parameters.
pub type ModuleFactory = fn(&ModuleSpec) -> Result<Box<dyn Module>, ModuleError>;

/// Modules and line sources by name, in the order they were registered (the order messages
/// list them in).
#[derive(Clone, Default)]
pub struct Registry {
    modules: Vec<(&'static str, ModuleFactory)>,
    line_sources: Vec<(&'static str, Arc<dyn LineDealer>)>,
    teams: Vec<(&'static str, Arc<dyn Teams>)>,
    rulesets: Vec<(&'static str, &'static str)>,
}

static SHIPPED: LazyLock<Registry> = LazyLock::new(|| {
    let mut r = Registry::empty();
    crate::modules::register_shipped(&mut r);
    crate::lines::register_shipped(&mut r);
    crate::teams::register_shipped(&mut r);
    r
});

impl Registry {
    /// No module at all.
    pub fn empty() -> Registry {
        Registry::default()
    }

    /// Everything Crownlands ships: the modules knights, buildings, queen, dragon and wealth; the
    /// line sources mixed and alternate; the seating side-by-side.
    pub fn shipped() -> Registry {
        SHIPPED.clone()
    }

    /// The shipped registry, shared (what [`Registry::shipped`] returns a copy of).
    pub fn shipped_ref() -> &'static Registry {
        &SHIPPED
    }

    /// Register a module under `name` (a ruleset's `modules` names it so).
    ///
    /// # Panics
    /// When `name` is registered already (a shipped module's name, or a second module of the
    /// same name: the first would be lost unseen; [`Registry::replace_module`] swaps one on
    /// purpose), or is not a module's name: lowercase ASCII letters, digits and `-`, starting
    /// with a letter, at most 32 bytes (rulesets, saves and kingdom files write it).
    /// Registering is the program's own code, run at its start, never a file's.
    pub fn add_module(&mut self, name: &'static str, factory: ModuleFactory) -> &mut Registry {
        check_name("module", name);
        assert!(
            !self.has_module(name),
            "a module named `{name}` is registered already (`replace_module` swaps it for another)"
        );
        self.modules.push((name, factory));
        self
    }

    /// Swap the module registered as `name` (a shipped one, say) for another, which rulesets
    /// naming it then get.
    ///
    /// # Panics
    /// When no module is registered as `name` ([`Registry::add_module`] adds one).
    pub fn replace_module(&mut self, name: &'static str, factory: ModuleFactory) -> &mut Registry {
        match self.modules.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = factory,
            None => panic!("no module named `{name}` to replace (`add_module` adds one)"),
        }
        self
    }

    /// Ship a ruleset under `name` with the modules (its TOML text, usually `include_str!`), so
    /// that a crate's own binary knows it by name as the shipped ones are known: `play NAME`,
    /// `extends = "NAME"`, the `rulesets` list, the setup screen. Its problems are found when
    /// it is loaded (`crownlands validate NAME` checks it; a test of the crate should load it).
    ///
    /// A name of a ruleset Crownlands ships always means the shipped ruleset: the program built
    /// on the registry refuses to start with one registered (`crownlands_cli::run`).
    ///
    /// # Panics
    /// When `name` is registered already, or is not a plain name (as [`Registry::add_module`]
    /// requires).
    pub fn add_ruleset(&mut self, name: &'static str, text: &'static str) -> &mut Registry {
        check_name("ruleset", name);
        assert!(
            self.ruleset(name).is_none(),
            "a ruleset named `{name}` is registered already"
        );
        self.rulesets.push((name, text));
        self
    }

    /// The ruleset registered as `name` ([`Registry::add_ruleset`]): its name and its text.
    pub fn ruleset(&self, name: &str) -> Option<(&'static str, &'static str)> {
        self.rulesets.iter().find(|(n, _)| *n == name).copied()
    }

    /// The names of the rulesets registered with [`Registry::add_ruleset`], in order.
    pub fn ruleset_names(&self) -> Vec<&'static str> {
        self.rulesets.iter().map(|(n, _)| *n).collect()
    }

    /// Register a typed module ([`crate::modules::Mechanism`]) under its name: its parameters are
    /// read by serde and checked by its `validate`.
    pub fn add_mechanism<M: crate::modules::Mechanism>(&mut self) -> &mut Registry {
        self.add_module(M::NAME, crate::modules::build_mechanism::<M>)
    }

    /// Each module's name and the JSON Schema of its parameters (those that give one), in the
    /// order they were registered.
    pub fn params_schemas(&self) -> Vec<(&'static str, serde_json::Value)> {
        self.modules
            .iter()
            .filter_map(|&(name, factory)| {
                let schema = factory(&ModuleSpec::new(name)).ok()?.params_schema()?;
                Some((name, schema))
            })
            .collect()
    }

    /// The module names known, in the order they were registered.
    pub fn module_names(&self) -> Vec<&'static str> {
        self.modules.iter().map(|(n, _)| *n).collect()
    }

    /// Every resource a registered module keeps for each side (its `provides` but those it
    /// declares `table_wide`, built with its default parameters), sorted, each once: the names a
    /// `most-RESOURCE` tie-break may take.
    pub fn resource_names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self
            .modules
            .iter()
            .filter_map(|&(name, factory)| factory(&ModuleSpec::new(name)).ok())
            .flat_map(|m| m.declare().per_side().collect::<Vec<_>>())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// Every component table a registered module plays (built with its default parameters), by
    /// key, with the module's name: the tables ruleset and set files may hold.
    pub fn component_tables(&self) -> Vec<(&'static str, crate::modules::ComponentTable)> {
        let mut out: Vec<(&'static str, crate::modules::ComponentTable)> = Vec::new();
        for &(name, factory) in &self.modules {
            let Ok(m) = factory(&ModuleSpec::new(name)) else {
                continue;
            };
            for t in m.component_tables() {
                if !out.iter().any(|(_, o)| o.key == t.key) {
                    out.push((name, t));
                }
            }
        }
        out
    }

    /// Whether a module of this name is registered.
    pub fn has_module(&self, name: &str) -> bool {
        self.modules.iter().any(|(n, _)| *n == name)
    }

    /// Build a module from its spec; an unknown name is [`ModuleError::Unknown`].
    pub fn build_module(&self, spec: &ModuleSpec) -> Result<Box<dyn Module>, ModuleError> {
        match self.modules.iter().find(|(n, _)| *n == spec.name) {
            Some((_, factory)) => factory(spec),
            None => Err(ModuleError::Unknown {
                name: spec.name.clone(),
                known: self.module_names().join(", "),
            }),
        }
    }
}

impl Registry {
    /// Register a line source under `name` (a ruleset's `lines` names it so).
    ///
    /// # Panics
    /// When `name` is registered already, or is not a plain name (as
    /// [`Registry::add_module`] requires).
    pub fn add_line_source(
        &mut self,
        name: &'static str,
        dealer: Arc<dyn LineDealer>,
    ) -> &mut Registry {
        check_name("line source", name);
        assert!(
            self.line_source(name).is_none(),
            "a line source named `{name}` is registered already"
        );
        self.line_sources.push((name, dealer));
        self
    }

    /// The line source names known, in the order they were registered.
    pub fn line_source_names(&self) -> Vec<&'static str> {
        self.line_sources.iter().map(|(n, _)| *n).collect()
    }

    /// The line source registered under `name`.
    pub fn line_source(&self, name: &str) -> Option<Arc<dyn LineDealer>> {
        self.line_sources
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, d)| Arc::clone(d))
    }
}

impl Registry {
    /// Register a seating of teams under `name` (a ruleset's `teams` names it so).
    ///
    /// # Panics
    /// When `name` is registered already, or is not a plain name (as
    /// [`Registry::add_module`] requires).
    pub fn add_teams(&mut self, name: &'static str, teams: Arc<dyn Teams>) -> &mut Registry {
        check_name("seating", name);
        assert!(
            self.teams(name).is_none(),
            "a seating named `{name}` is registered already"
        );
        self.teams.push((name, teams));
        self
    }

    /// The seating names known, in the order they were registered.
    pub fn teams_names(&self) -> Vec<&'static str> {
        self.teams.iter().map(|(n, _)| *n).collect()
    }

    /// The seating registered under `name`.
    pub fn teams(&self, name: &str) -> Option<Arc<dyn Teams>> {
        self.teams
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| Arc::clone(t))
    }
}

/// A name a ruleset, a save or a kingdom file writes: lowercase ASCII letters, digits and `-`,
/// starting with a letter, at most 32 bytes.
pub fn is_plain_name(name: &str) -> bool {
    name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn check_name(what: &str, name: &str) {
    assert!(
        is_plain_name(name),
        "{what} name {name:?}: use lowercase ASCII letters, digits and `-`, starting with a letter, at most 32 bytes"
    );
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("modules", &self.module_names())
            .field("line_sources", &self.line_source_names())
            .field("teams", &self.teams_names())
            .field("rulesets", &self.ruleset_names())
            .finish()
    }
}

#[cfg(test)]
mod tests;

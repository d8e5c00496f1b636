//! What the modules keep during a game: each module's own state, by its position in the module
//! list, and the named resources they share (coins, knights, towers, the Queen's host, ...).
//!
//! A module's own state is a plain value of its own type ([`ModuleState`]): the game keeps one
//! per module, in module order, and hands each hook the slot of its module (a downcast of a known
//! slot: one compare), so no search by type and no shared struct listing every module's fields.
//!
//! Resources are what modules exchange, by name: a per-side value and a table supply for each
//! name any module of the list declares ([`super::Declaration`]). The names are interned to
//! [`ResourceId`]s once, when the module list is built; a module names a resource by its position
//! in its own declaration ([`Res`]), which the core maps to the id.

use super::{Declaration, Module};
use crate::side::Side;
use std::any::{Any, TypeId};
use std::fmt::Debug;
use std::sync::Arc;

/// A module's own state: a plain value the game keeps for it (see [`States`]). It clones,
/// compares and hashes (games do: [`crate::Game`] is `Hash`), and is serialisable, so that a
/// game's module states can be written out and read back ([`States::to_json`],
/// [`States::load_json`]): derive `Clone, Debug, Default, PartialEq, Eq, Hash, Serialize,
/// Deserialize`, then `impl ModuleState for MyState {}`. A [`super::PerSide`] is one already.
pub trait ModuleState:
    Any
    + Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + std::hash::Hash
    + serde::Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
{
    /// Back to what it was before the module's setup, when a game is reset for the next (a
    /// simulation resets millions of games): by default its `Default`. A module may clear
    /// field by field to keep its lists' memory; the property suite
    /// ([`crate::conformance`]) checks that a reset game is then the new game.
    fn clear(&mut self) {
        *self = Self::default();
    }
}

/// The state of a module that keeps none.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct NoState;

impl ModuleState for NoState {}

/// A [`ModuleState`] of any type.
trait AnyState: Any + Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyState>;
    /// `self` copied into `other`, which holds a value of the same type (keeping its memory).
    fn clone_into_same(&self, other: &mut dyn AnyState);
    fn eq_any(&self, other: &dyn AnyState) -> bool;
    fn clear_any(&mut self);
    fn hash_any(&self, state: &mut dyn std::hash::Hasher);
    fn to_json(&self) -> Result<serde_json::Value, String>;
    /// `self` replaced by the value `json` holds, of the same type.
    fn load_json(&mut self, json: &serde_json::Value) -> Result<(), String>;
}

impl<T: ModuleState> AnyState for T {
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn clone_into_same(&self, other: &mut dyn AnyState) {
        if let Some(o) = (other as &mut dyn Any).downcast_mut::<T>() {
            o.clone_from(self);
        }
    }

    fn eq_any(&self, other: &dyn AnyState) -> bool {
        (other as &dyn Any)
            .downcast_ref::<T>()
            .is_some_and(|o| o == self)
    }

    fn clear_any(&mut self) {
        self.clear();
    }

    fn hash_any(&self, mut state: &mut dyn std::hash::Hasher) {
        std::hash::Hash::hash(self, &mut state);
    }

    fn to_json(&self) -> Result<serde_json::Value, String> {
        serde_json::to_value(self).map_err(|e| e.to_string())
    }

    fn load_json(&mut self, json: &serde_json::Value) -> Result<(), String> {
        *self = T::deserialize(json).map_err(|e| e.to_string())?;
        Ok(())
    }
}

/// One module's state with its type's id, recorded when the state was made.
///
/// A hook reads its module's state typed at every step of a game, and a checked downcast of a
/// `dyn Any` asks the value for its type through a virtual call (about a tenth of a random
/// Queendomino game's time went to those calls). Here the type is kept beside the value, so
/// reading it typed is one compare of type ids. The two fields are private and set together, by
/// [`Slot::of`] and by [`Slot::clone`], and never apart: that is what makes [`Slot::get`]'s and
/// [`Slot::get_mut`]'s casts sound.
struct Slot {
    ty: TypeId,
    state: Box<dyn AnyState>,
}

impl Slot {
    fn of<T: ModuleState>(state: T) -> Slot {
        Slot {
            ty: TypeId::of::<T>(),
            state: Box::new(state),
        }
    }

    /// The state, if it is a `T`.
    #[inline]
    #[allow(unsafe_code)]
    fn get<T: ModuleState>(&self) -> Option<&T> {
        if self.ty != TypeId::of::<T>() {
            return None;
        }
        // Tests and debug builds check the invariant the cast rests on, at every read.
        debug_assert!((self.state.as_ref() as &dyn Any).is::<T>());
        let ptr: *const dyn AnyState = &*self.state;
        // SAFETY: `ty` is the type id of the value `state` points to (the fields are set together
        // and never apart, see `Slot`), and it is `T`'s: so the value is a `T`, and dropping the
        // vtable from the pointer leaves a valid pointer to it, borrowed as `self` is.
        Some(unsafe { &*ptr.cast::<T>() })
    }

    /// The state, if it is a `T`, to change.
    #[inline]
    #[allow(unsafe_code)]
    fn get_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        if self.ty != TypeId::of::<T>() {
            return None;
        }
        debug_assert!((self.state.as_ref() as &dyn Any).is::<T>());
        let ptr: *mut dyn AnyState = &mut *self.state;
        // SAFETY: as in `get`: the value is a `T`, borrowed mutably as `self` is.
        Some(unsafe { &mut *ptr.cast::<T>() })
    }
}

impl Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.state.fmt(f)
    }
}

impl Clone for Slot {
    fn clone(&self) -> Slot {
        // A `T`'s `clone_box` is a boxed `T` (the one implementation of `AnyState`), so the
        // copy has the same type id.
        Slot {
            ty: self.ty,
            state: self.state.clone_box(),
        }
    }

    fn clone_from(&mut self, source: &Slot) {
        if self.ty == source.ty {
            source.state.clone_into_same(&mut *self.state);
        } else {
            *self = source.clone();
        }
    }
}

/// A new module state of any type: what [`Module::new_state`] returns.
#[derive(Debug)]
pub struct StateBox(Slot);

impl StateBox {
    pub fn new<T: ModuleState>(state: T) -> StateBox {
        StateBox(Slot::of(state))
    }
}

/// Every module's own state, one value per module, in module order.
#[derive(Default)]
pub struct States(Vec<Slot>, Option<Arc<[Box<dyn Module>]>>);

impl Debug for States {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("States").field(&self.0).finish()
    }
}

impl States {
    /// The state of module `index`, if it is of type `T`.
    #[inline]
    pub fn at<T: ModuleState>(&self, index: usize) -> Option<&T> {
        self.0.get(index)?.get::<T>()
    }

    /// The state of module `index`, if it is of type `T`, to change.
    #[inline]
    pub fn at_mut<T: ModuleState>(&mut self, index: usize) -> Option<&mut T> {
        self.0.get_mut(index)?.get_mut::<T>()
    }

    /// The first state of type `T`, searched by type: for tests and front ends, never a hook.
    pub fn find<T: ModuleState>(&self) -> Option<&T> {
        self.0.iter().find_map(Slot::get::<T>)
    }

    /// Start the states of `modules` for a new game: the ones kept from the game before, cleared
    /// (keeping their memory), when they were started for this very list, or new ones (a list of
    /// the same length may hold other modules, whose states are of other types).
    pub(crate) fn start(&mut self, modules: &Arc<[Box<dyn Module>]>) {
        match &self.1 {
            Some(of) if Arc::ptr_eq(of, modules) && self.0.len() == modules.len() => {
                for s in &mut self.0 {
                    s.state.clear_any();
                }
            }
            _ => {
                self.0.clear();
                self.0.extend(modules.iter().map(|m| m.new_state().0));
                self.1 = Some(Arc::clone(modules));
            }
        }
    }
}

impl Clone for States {
    fn clone(&self) -> States {
        States(self.0.clone(), self.1.clone())
    }

    fn clone_from(&mut self, source: &States) {
        if self.0.len() != source.0.len() {
            *self = source.clone();
            return;
        }
        for (mine, theirs) in self.0.iter_mut().zip(&source.0) {
            mine.clone_from(theirs);
        }
        let same = match (&self.1, &source.1) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.1.clone_from(&source.1);
        }
    }
}

impl PartialEq for States {
    fn eq(&self, other: &States) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(a, b)| a.state.eq_any(&*b.state))
    }
}

impl Eq for States {}

impl std::hash::Hash for States {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.len().hash(state);
        for s in &self.0 {
            s.state.hash_any(state);
        }
    }
}

impl States {
    /// Every module's state as JSON, in module order: what the game keeps for each module.
    pub fn to_json(&self) -> Result<Vec<serde_json::Value>, String> {
        self.0.iter().map(|s| s.state.to_json()).collect()
    }

    /// Read every module's state back from [`States::to_json`]'s values (one a module, in
    /// order, each of its module's type). On an error nothing is changed.
    pub fn load_json(&mut self, values: &[serde_json::Value]) -> Result<(), String> {
        if values.len() != self.0.len() {
            return Err(format!(
                "{} module states given for {} modules",
                values.len(),
                self.0.len()
            ));
        }
        let mut read = self.clone();
        for (i, (slot, v)) in read.0.iter_mut().zip(values).enumerate() {
            slot.state
                .load_json(v)
                .map_err(|e| format!("the state of module {}: {e}", i + 1))?;
        }
        *self = read;
        Ok(())
    }
}

/// A resource of a module list, interned when the list is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceId(u8);

impl ResourceId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A resource as a module names it: its position in the module's own [`Declaration`], counting
/// `provides`, then `uses`, then `reads` (`Res(0)` is the first resource it provides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Res(pub u8);

impl Declaration {
    /// Every resource the declaration names, in [`Res`] order: `provides`, `uses`, `reads`.
    pub fn resources(&self) -> impl Iterator<Item = &'static str> + use<> {
        let (p, u, r) = (self.provides, self.uses, self.reads);
        p.iter().chain(u).chain(r).copied()
    }

    /// The [`Res`] of the resource `name` in this declaration.
    pub fn res(&self, name: &str) -> Option<Res> {
        self.resources()
            .position(|r| r == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(Res)
    }

    /// The [`Res`] of the resource `name`, worked out when the program is compiled: a module
    /// keeps its declaration in a `const` and names its resources from it, so that a resource
    /// moved or left out of the declaration cannot leave a `Res` pointing at another one
    /// (`Res(2)` written by hand reads whatever is third).
    ///
    /// ```
    /// use crownlands_core::modules::{Declaration, Res};
    /// const DECLARATION: Declaration = Declaration {
    ///     provides: &["stalls"],
    ///     uses: &["coins"],
    ///     ..Declaration::NONE
    /// };
    /// const COINS: Res = DECLARATION.res_of("coins");
    /// assert_eq!(COINS, Res(1));
    /// ```
    ///
    /// # Panics
    /// When the declaration does not name `name`: in a `const`, the program does not compile.
    pub const fn res_of(&self, name: &str) -> Res {
        let mut i = 0;
        let lists = [self.provides, self.uses, self.reads];
        let mut l = 0;
        while l < lists.len() {
            let list = lists[l];
            let mut k = 0;
            while k < list.len() {
                if same_text(list[k], name) {
                    assert!(i < MAX_DECLARED, "more resources than a module may declare");
                    return Res(i as u8);
                }
                i += 1;
                k += 1;
            }
            l += 1;
        }
        panic!("the declaration does not name this resource")
    }
}

/// Whether two texts are the same, in a `const`.
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The named resources' values: one per side and one table supply for each resource.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Resources {
    /// `per_side[id * SIDES + side]`: a row of [`SIDES`] values per resource, whatever the
    /// table's sides (those past them stay 0), so a value's place is a shift and an add, and an
    /// id past every resource falls past the end (reads 0, writes nothing) with no other check.
    per_side: Vec<u32>,
    supply: Vec<u32>,
}

/// Values in a resource's row of [`Resources::per_side`]: the most sides a table can have.
const SIDES: usize = crate::ruleset::MAX_PLAYERS as usize;
const _: () = assert!(SIDES.is_power_of_two());

impl Resources {
    /// `kinds` resources, all 0, keeping the memory of the lists.
    pub fn reset(&mut self, kinds: usize) {
        self.per_side.clear();
        self.per_side.resize(kinds * SIDES, 0);
        self.supply.clear();
        self.supply.resize(kinds, 0);
    }

    #[inline]
    fn slot(side: Side, id: ResourceId) -> usize {
        // A side past `SIDES` cannot sit at a table; masked so it cannot reach another row.
        id.index() * SIDES + (side.index() & (SIDES - 1))
    }

    /// `side`'s value of resource `id` (0 for a side or resource the game does not have).
    #[inline]
    pub fn get(&self, side: Side, id: ResourceId) -> u32 {
        self.per_side
            .get(Resources::slot(side, id))
            .copied()
            .unwrap_or(0)
    }

    #[inline]
    pub fn set(&mut self, side: Side, id: ResourceId, value: u32) {
        if let Some(v) = self.per_side.get_mut(Resources::slot(side, id)) {
            *v = value;
        }
    }

    /// What is left of resource `id` in the table's supply.
    #[inline]
    pub fn supply(&self, id: ResourceId) -> u32 {
        // (`supply` has one value per resource: an id past them reads nothing.)
        self.supply.get(id.index()).copied().unwrap_or(0)
    }

    #[inline]
    pub fn set_supply(&mut self, id: ResourceId, value: u32) {
        if let Some(v) = self.supply.get_mut(id.index()) {
            *v = value;
        }
    }
}

/// The most resources one module may declare (provided, used and read together).
pub const MAX_DECLARED: usize = 16;

/// A module's resources by [`Res`]: their ids (`NONE` past the declaration). Copied into each
/// hook's context, so reaching a resource is two array reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ids([ResourceId; MAX_DECLARED]);

impl Ids {
    const NONE: ResourceId = ResourceId(u8::MAX);

    pub(crate) const EMPTY: Ids = Ids([Ids::NONE; MAX_DECLARED]);

    /// The id of `res` (an id past every resource when the module did not declare it: its
    /// value reads 0 and writes nothing; a debug build, as tests run, stops there, since a
    /// `Res` past the declaration is a mistake: [`Declaration::res_of`] avoids it).
    #[inline]
    pub(crate) fn of(&self, res: Res) -> ResourceId {
        let id = self.0.get(usize::from(res.0)).copied().unwrap_or(Ids::NONE);
        debug_assert!(
            id != Ids::NONE || *self == Ids::EMPTY,
            "Res({}) is past the resources the module declares",
            res.0
        );
        id
    }
}

impl Default for Ids {
    fn default() -> Ids {
        Ids::EMPTY
    }
}

/// How one module of a list reaches the resources it declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Binding {
    /// By [`Res`]: the resource's id.
    ids: Ids,
    /// By [`Res`]: the first module of the list providing it, when that module shares its
    /// state through it ([`Declaration::shares`]; `u8::MAX`: none).
    providers: [u8; MAX_DECLARED],
}

/// A ruleset's modules, built, with their resources interned: shared by every game of the rules.
#[derive(Clone, Default)]
pub struct ModuleList {
    modules: Arc<[Box<dyn Module>]>,
    bindings: Arc<[Binding]>,
    names: Arc<[&'static str]>,
}

impl Debug for ModuleList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.modules.iter().map(|m| m.name()))
            .finish()
    }
}

impl PartialEq for ModuleList {
    fn eq(&self, other: &Self) -> bool {
        self.modules.len() == other.modules.len()
            && self
                .modules
                .iter()
                .zip(other.modules.iter())
                .all(|(a, b)| a.spec() == b.spec())
    }
}

impl Eq for ModuleList {}

impl ModuleList {
    /// Bind built modules together: intern every resource they declare, in order of first
    /// mention, and note who provides each.
    pub fn new(modules: Vec<Box<dyn Module>>) -> ModuleList {
        let mut names: Vec<&'static str> = Vec::new();
        let declarations: Vec<Declaration> = modules.iter().map(|m| m.declare()).collect();
        for d in &declarations {
            for r in d.resources() {
                if !names.contains(&r) {
                    names.push(r);
                }
            }
        }
        let bindings = declarations
            .iter()
            .map(|d| Binding {
                ids: {
                    let mut ids = Ids::EMPTY;
                    for (slot, r) in ids.0.iter_mut().zip(d.resources()) {
                        let i = names.iter().position(|n| *n == r).unwrap_or(usize::MAX);
                        *slot = ResourceId(u8::try_from(i).unwrap_or(u8::MAX));
                    }
                    ids
                },
                providers: {
                    let mut providers = [u8::MAX; MAX_DECLARED];
                    for (slot, r) in providers.iter_mut().zip(d.resources()) {
                        let p = declarations.iter().position(|p| p.provides.contains(&r));
                        let shared = p.filter(|&p| declarations[p].shares.contains(&r));
                        *slot = shared.and_then(|p| u8::try_from(p).ok()).unwrap_or(u8::MAX);
                    }
                    providers
                },
            })
            .collect();
        ModuleList {
            modules: modules.into(),
            bindings,
            names: names.into(),
        }
    }

    /// The modules, shared (one count up): a game hands them `&mut` of itself while they act.
    pub(crate) fn shared(&self) -> Arc<[Box<dyn Module>]> {
        Arc::clone(&self.modules)
    }

    /// The modules, in list order.
    pub fn modules(&self) -> &[Box<dyn Module>] {
        &self.modules
    }

    pub fn is_empty(&self) -> bool {
        self.modules.is_empty()
    }

    /// The resources' names, by id.
    pub fn resource_names(&self) -> &[&'static str] {
        &self.names
    }

    /// The id of the resource called `name`, if a module of the list declares it.
    pub fn resource(&self, name: &str) -> Option<ResourceId> {
        self.names
            .iter()
            .position(|n| *n == name)
            .map(|i| ResourceId(i as u8))
    }

    /// The id of module `index`'s resource `res`.
    #[inline]
    pub(crate) fn id(&self, index: usize, res: Res) -> Option<ResourceId> {
        Some(self.ids(index).of(res))
    }

    /// Module `index`'s resources by [`Res`].
    #[inline]
    pub(crate) fn ids(&self, index: usize) -> Ids {
        self.bindings.get(index).map_or(Ids::EMPTY, |b| b.ids)
    }

    /// The module providing module `index`'s resource `res`, when it shares its state through
    /// it ([`Declaration::shares`]).
    #[inline]
    pub(crate) fn provider(&self, index: usize, res: Res) -> Option<usize> {
        let p = *self
            .bindings
            .get(index)?
            .providers
            .get(usize::from(res.0))?;
        (p != u8::MAX).then_some(usize::from(p))
    }

    /// New module data for a side or a table (of any number of sides): every state new, every
    /// value 0.
    pub fn new_data(&self) -> ModuleData {
        let mut data = ModuleData::default();
        data.reset(self);
        data
    }
}

/// What the modules keep during a game (or for a kingdom file): their states and the resources'
/// values. Part of the game state: games clone, compare and replay it exactly.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct ModuleData {
    pub(crate) resources: Resources,
    pub(crate) states: States,
}

impl ModuleData {
    /// Every module's state as JSON, in module order, each in its own serde form.
    pub fn states_json(&self) -> Result<Vec<serde_json::Value>, String> {
        self.states.to_json()
    }

    /// Read every module's state back from [`ModuleData::states_json`]'s values; on an error
    /// nothing is changed.
    pub fn load_states_json(&mut self, values: &[serde_json::Value]) -> Result<(), String> {
        self.states.load_json(values)
    }
}

impl Clone for ModuleData {
    fn clone(&self) -> ModuleData {
        ModuleData {
            resources: self.resources.clone(),
            states: self.states.clone(),
        }
    }

    fn clone_from(&mut self, source: &ModuleData) {
        self.resources.clone_from(&source.resources);
        self.states.clone_from(&source.states);
    }
}

impl ModuleData {
    /// Back to before the modules' setup, keeping the memory of every list.
    pub fn reset(&mut self, list: &ModuleList) {
        self.resources.reset(list.names.len());
        self.states.start(&list.modules);
    }

    pub fn resources(&self) -> &Resources {
        &self.resources
    }

    pub fn states(&self) -> &States {
        &self.states
    }

    /// `side`'s value of the resource called `name` in `list` (0 when no module declares it).
    pub fn resource(&self, list: &ModuleList, side: Side, name: &str) -> u32 {
        list.resource(name)
            .map_or(0, |id| self.resources.get(side, id))
    }

    /// Set `side`'s value of the resource called `name` in `list`; false when no module of the
    /// list declares it.
    pub fn set_resource(&mut self, list: &ModuleList, side: Side, name: &str, value: u32) -> bool {
        match list.resource(name) {
            Some(id) => {
                self.resources.set(side, id, value);
                true
            }
            None => false,
        }
    }

    /// The first state of type `T`, searched by type, to change: for tests and tools, never a
    /// hook.
    pub fn find_state_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        self.states.0.iter_mut().find_map(Slot::get_mut::<T>)
    }
}

#[cfg(test)]
mod slot_tests {
    use super::{ModuleState, NoState, Slot};

    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    struct Coins(Vec<u32>);

    impl ModuleState for Coins {
        fn clear(&mut self) {
            self.0.clear();
        }
    }

    #[test]
    fn a_slot_reads_only_as_its_own_type() {
        let mut slot = Slot::of(Coins(vec![3]));
        assert_eq!(slot.get::<Coins>(), Some(&Coins(vec![3])));
        assert_eq!(slot.get::<NoState>(), None);
        assert_eq!(slot.get_mut::<NoState>(), None);
        if let Some(c) = slot.get_mut::<Coins>() {
            c.0.push(4);
        }
        assert_eq!(slot.get::<Coins>(), Some(&Coins(vec![3, 4])));
    }

    #[test]
    fn a_copy_keeps_the_type_and_a_copy_from_another_type_takes_it() {
        let coins = Slot::of(Coins(vec![1, 2]));
        let copy = coins.clone();
        assert_eq!(copy.get::<Coins>(), Some(&Coins(vec![1, 2])));
        // Into a slot of another type: it becomes a `Coins` slot, readable only as one.
        let mut other = Slot::of(NoState);
        other.clone_from(&coins);
        assert_eq!(other.get::<Coins>(), Some(&Coins(vec![1, 2])));
        assert_eq!(other.get::<NoState>(), None);
        // Into a slot of the same type: the value is copied.
        let mut same = Slot::of(Coins(vec![9; 8]));
        same.clone_from(&coins);
        assert_eq!(same.get::<Coins>(), Some(&Coins(vec![1, 2])));
        // And back to the other type.
        other.clone_from(&Slot::of(NoState));
        assert_eq!(other.get::<NoState>(), Some(&NoState));
        assert_eq!(other.get::<Coins>(), None);
    }
}

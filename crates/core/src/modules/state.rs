//! Each module's own state, kept in the game: what one module tracks and no other reads (the
//! Dragon's uses this round and the buildings he burnt). The game holds one value per module
//! that keeps one, of the module's own type, so games still clone, compare and replay exactly,
//! and no shared struct lists every module's fields.

use std::any::Any;
use std::fmt::Debug;

/// A module's own state: a plain value the game keeps for it (see [`States`]).
pub trait ModuleState: Any + Clone + Debug + PartialEq + Eq + Send + Sync {
    /// Back to what it was before the module's setup, keeping the memory of its lists (a
    /// simulation resets millions of games).
    fn clear(&mut self);
}

/// A [`ModuleState`] of any type.
trait AnyState: Any + Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyState>;
    fn clone_into_box(&self, other: &mut Box<dyn AnyState>);
    fn eq_any(&self, other: &dyn AnyState) -> bool;
    fn clear_any(&mut self);
}

impl<T: ModuleState> AnyState for T {
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn clone_into_box(&self, other: &mut Box<dyn AnyState>) {
        match (other.as_mut() as &mut dyn Any).downcast_mut::<T>() {
            Some(o) => o.clone_from(self),
            None => *other = self.clone_box(),
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
}

/// Every module's own state, one value per module that keeps one, found by its type.
#[derive(Debug, Default)]
pub struct States(Vec<Box<dyn AnyState>>);

impl States {
    /// The state of type `T`, if a module of the game keeps one.
    pub fn get<T: ModuleState>(&self) -> Option<&T> {
        self.0
            .iter()
            .find_map(|s| (s.as_ref() as &dyn Any).downcast_ref::<T>())
    }

    /// The state of type `T`, to change.
    pub fn get_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        self.0
            .iter_mut()
            .find_map(|s| (s.as_mut() as &mut dyn Any).downcast_mut::<T>())
    }

    /// Start the state of type `T` for a new game: the one kept from the game before, cleared
    /// (keeping its memory), or a new one. A module's setup calls it.
    pub fn start<T: ModuleState + Default>(&mut self) {
        match self.get_mut::<T>() {
            Some(state) => state.clear(),
            None => self.0.push(Box::new(T::default())),
        }
    }

    /// Every state back to before setup, keeping their memory.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.0 {
            s.clear_any();
        }
    }
}

impl Clone for States {
    fn clone(&self) -> States {
        States(self.0.iter().map(|s| s.clone_box()).collect())
    }

    fn clone_from(&mut self, source: &States) {
        if self.0.len() != source.0.len() {
            *self = source.clone();
            return;
        }
        for (mine, theirs) in self.0.iter_mut().zip(&source.0) {
            theirs.clone_into_box(mine);
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
                .all(|(a, b)| a.eq_any(b.as_ref()))
    }
}

impl Eq for States {}

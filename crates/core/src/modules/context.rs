//! What a module's hooks get: the game (or a side alone, for scoring), and the module's own place
//! in it: its state by index and the resources it declares ([`Res`]).

use super::state::{Ids, ModuleData, ModuleList, ModuleState, Res};
use crate::domino::DominoId;
use crate::game::{Game, Slot};
use crate::geometry::Placement;
use crate::kingdom::Kingdom;
use crate::rng::GameRng;
use crate::ruleset::{Rules, Ruleset};
use crate::side::{Seat, Side};

/// What a module reads of the game beyond its own part: what every player sees on the table
/// (the ruleset, the kingdoms, the lines, the dominoes placed and discarded, the round, who acts).
/// Never another module's state or resources, nor anything hidden: a module reaches those only
/// through the resources it declares ([`Cx::get`], [`Cx::shared`]), so the load-time checks of
/// providers and order hold for every module, a plugin's too.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    game: &'a Game,
}

impl<'a> Table<'a> {
    pub(crate) fn new(game: &'a Game) -> Table<'a> {
        Table { game }
    }

    /// The ruleset being played (its components: dominoes, terrains, buildings).
    pub fn ruleset(&self) -> &'a Ruleset {
        self.game.ruleset()
    }

    /// The rules for this game's number of players.
    pub fn rules(&self) -> &'a Rules {
        self.game.rules()
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.game.players()
    }

    /// Kingdoms in play: one per player, or one per team.
    pub fn sides(&self) -> u8 {
        self.game.sides()
    }

    /// Every side in play, in order.
    pub fn all_sides(&self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator + use<> {
        self.game.all_sides()
    }

    /// The side a seat plays for.
    pub fn side_of(&self, seat: Seat) -> Side {
        self.game.side_of(seat)
    }

    /// Rounds completed (the first claims are round 0).
    pub fn round(&self) -> u32 {
        self.game.round()
    }

    /// The kingdom of a side. Panics on a side the game does not have (see
    /// [`Table::all_sides`]).
    pub fn kingdom(&self, side: Side) -> &'a Kingdom {
        self.game.kingdom(side)
    }

    /// The line whose dominoes are being placed this round.
    pub fn current_line(&self) -> &'a [Slot] {
        self.game.current_line()
    }

    /// The line being claimed.
    pub fn next_line(&self) -> &'a [Slot] {
        self.game.next_line()
    }

    /// How many dominoes are still in the draw pile (not which).
    pub fn draw_pile_len(&self) -> usize {
        self.game.draw_pile_len()
    }

    /// The dominoes discarded so far.
    pub fn discarded(&self) -> &'a [DominoId] {
        self.game.discarded()
    }

    /// Every placement so far, in order: (side, domino, placement).
    pub fn placed(&self) -> &'a [(Side, DominoId, Placement)] {
        self.game.placed()
    }

    /// The side that acts now.
    pub fn side_to_act(&self) -> Option<Side> {
        self.game.side_to_act()
    }

    /// Where the acting king's domino went this turn (see [`Game::turn_placement`]).
    pub fn turn_placement(&self) -> Option<Placement> {
        self.game.turn_placement()
    }
}

/// A module's view of the game, in a hook that only reads.
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    game: &'a Game,
    me: usize,
    ids: Ids,
}

impl<'a> Cx<'a> {
    #[inline]
    pub(crate) fn new(game: &'a Game, me: usize) -> Cx<'a> {
        Cx {
            game,
            me,
            ids: game.module_list().ids(me),
        }
    }

    /// What every player sees on the table: kingdoms, lines, placements, the round.
    #[inline]
    pub fn table(&self) -> Table<'a> {
        Table::new(self.game)
    }

    /// This module's position in the module list.
    pub fn index(&self) -> usize {
        self.me
    }

    /// This module's own state.
    #[inline]
    pub fn state<T: ModuleState>(&self) -> Option<&'a T> {
        self.game.module_data().states.at(self.me)
    }

    /// `side`'s value of the resource `res` (0 when no module of the list provides it).
    #[inline]
    pub fn get(&self, side: Side, res: Res) -> u32 {
        self.game
            .module_data()
            .resources
            .get(side, self.ids.of(res))
    }

    /// What is left of the resource `res` in the table's supply.
    #[inline]
    pub fn supply(&self, res: Res) -> u32 {
        self.game.module_data().resources.supply(self.ids.of(res))
    }

    /// The state of the module that provides the resource `res` (the Dragon reaches the
    /// Builders' Board through `board`), if it is of type `T`.
    #[inline]
    pub fn shared<T: ModuleState>(&self, res: Res) -> Option<&'a T> {
        let game = self.game;
        let i = game.module_list().provider(self.me, res)?;
        game.module_data().states.at(i)
    }

    /// Where the acting king's domino went this turn (see [`Game::turn_placement`]).
    pub fn turn_placement(&self) -> Option<Placement> {
        self.game.turn_placement()
    }

    /// What playing `action` now would change of the acting side's `res`, the modules watching
    /// the step included (a tax and the buildings' bonus on it), but not what follows the
    /// action (the next step's `begin_step`, the end of the turn or of the round: another
    /// module's coin as its step opens is no part of a tax): played on a copy of the game, for a
    /// choice's words (`describe_choice`). `None` when the action is refused, no one is to act,
    /// or a probe is already being played (a hook the probe runs asking again: it would never
    /// end).
    pub fn change_if_played(&self, action: crate::game::Action, res: Res) -> Option<i64> {
        let before = i64::from(self.get(self.game.side_to_act()?, res));
        self.if_played(action, |side| i64::from(side.get(res)) - before)
    }

    /// `f` of the acting side, as this module sees it, once `action` is played: on a copy of
    /// the game, for a choice's words (what a building would be worth once built, its own towers
    /// and knights counted). `None` as for [`Cx::change_if_played`].
    pub fn if_played<T>(
        &self,
        action: crate::game::Action,
        f: impl FnOnce(SideView<'_>) -> T,
    ) -> Option<T> {
        let _probe = Probing::start()?;
        let side = self.game.side_to_act()?;
        let mut probe = self.game.clone();
        // The action's own effect: not what the next step's opening, or the turn's or the
        // round's end, would add (another module's coin as its step opens read as a bonus).
        probe.apply_effect(action).ok()?;
        Some(f(probe.side_view(side).for_module(self.me)))
    }
}

thread_local! {
    /// Whether [`Cx::change_if_played`] is playing its probe on this thread.
    static PROBING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A probe of [`Cx::change_if_played`] being played: one at a time on a thread, over when
/// dropped (a panic included).
struct Probing;

impl Probing {
    fn start() -> Option<Probing> {
        PROBING.with(|p| (!p.replace(true)).then_some(Probing))
    }
}

impl Drop for Probing {
    fn drop(&mut self) {
        PROBING.with(|p| p.set(false));
    }
}

/// A module's view of the game, in a hook that changes it: its own state, the resources it
/// declares, the kingdoms.
pub struct CxMut<'a> {
    game: &'a mut Game,
    me: usize,
    ids: Ids,
}

impl<'a> CxMut<'a> {
    #[inline]
    pub(crate) fn new(game: &'a mut Game, me: usize) -> CxMut<'a> {
        let ids = game.module_list().ids(me);
        CxMut { game, me, ids }
    }

    /// What every player sees on the table: kingdoms, lines, placements, the round.
    #[inline]
    pub fn table(&self) -> Table<'_> {
        Table::new(self.game)
    }

    /// The same view, read only.
    pub fn read(&self) -> Cx<'_> {
        Cx {
            game: self.game,
            me: self.me,
            ids: self.ids,
        }
    }

    #[inline]
    pub fn state<T: ModuleState>(&self) -> Option<&T> {
        self.game.module_data().states.at(self.me)
    }

    /// This module's own state, to change.
    #[inline]
    pub fn state_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        self.game.module_data_mut().states.at_mut(self.me)
    }

    /// This module's own state to change, with the ruleset's components to read meanwhile.
    #[inline]
    pub fn state_mut_and_ruleset<T: ModuleState>(&mut self) -> (Option<&mut T>, &Ruleset) {
        let (ruleset, data) = self.game.ruleset_and_module_data_mut();
        (data.states.at_mut(self.me), ruleset)
    }

    #[inline]
    pub fn get(&self, side: Side, res: Res) -> u32 {
        self.read().get(side, res)
    }

    #[inline]
    pub fn set(&mut self, side: Side, res: Res, value: u32) {
        let id = self.ids.of(res);
        self.game.module_data_mut().resources.set(side, id, value);
    }

    /// Add `n` to `side`'s `res` (saturating).
    #[inline]
    pub fn add(&mut self, side: Side, res: Res, n: u32) {
        let v = self.get(side, res).saturating_add(n);
        self.set(side, res, v);
    }

    /// Take `n` from `side`'s `res` (never below 0).
    #[inline]
    pub fn take(&mut self, side: Side, res: Res, n: u32) {
        let v = self.get(side, res).saturating_sub(n);
        self.set(side, res, v);
    }

    #[inline]
    pub fn supply(&self, res: Res) -> u32 {
        self.read().supply(res)
    }

    #[inline]
    pub fn set_supply(&mut self, res: Res, value: u32) {
        let id = self.ids.of(res);
        self.game.module_data_mut().resources.set_supply(id, value);
    }

    /// Take up to `n` from the supply of `res`: what was taken.
    pub fn take_supply(&mut self, res: Res, n: u32) -> u32 {
        let left = self.supply(res);
        let taken = n.min(left);
        self.set_supply(res, left - taken);
        taken
    }

    #[inline]
    pub fn shared<T: ModuleState>(&self, res: Res) -> Option<&T> {
        let i = self.game.module_list().provider(self.me, res)?;
        self.game.module_data().states.at(i)
    }

    /// The state of the module that provides `res`, to change.
    #[inline]
    pub fn shared_mut<T: ModuleState>(&mut self, res: Res) -> Option<&mut T> {
        let i = self.game.module_list().provider(self.me, res)?;
        self.game.module_data_mut().states.at_mut(i)
    }

    /// The kingdom of `side`, to change (a building's crowns).
    pub fn kingdom_mut(&mut self, side: Side) -> &mut Kingdom {
        self.game.kingdom_mut(side)
    }
}

/// What a module may use while setting up a game: its own state, the resources it declares, the
/// ruleset's components, and the game's own random generator (e.g. to shuffle a pile).
pub struct SetupContext<'a> {
    pub sides: u8,
    pub ruleset: &'a Ruleset,
    pub rng: &'a mut GameRng,
    pub(crate) list: &'a ModuleList,
    pub(crate) data: &'a mut ModuleData,
    pub(crate) me: usize,
    /// The kings in the order they claim the first line, and each king's side (empty when the
    /// ruleset is only checked, with no game dealt).
    pub(crate) first_claims: &'a [crate::King],
    pub(crate) king_sides: &'a [Side],
}

impl SetupContext<'_> {
    /// The place (0 first) in which `side` claims the first line: its first king's, among the
    /// sides (at 2 players of 2 kings, A B B A: A first, B second). `None` with no game dealt.
    pub fn first_claim_place(&self, side: Side) -> Option<usize> {
        let mut seen: u32 = 0;
        for king in self.first_claims {
            let s = *self.king_sides.get(king.index())?;
            if s == side {
                return Some(seen.count_ones() as usize);
            }
            seen |= 1u32.checked_shl(s.index() as u32).unwrap_or(0);
        }
        None
    }

    pub fn state_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        self.data.states.at_mut(self.me)
    }

    pub fn get(&self, side: Side, res: Res) -> u32 {
        self.list
            .id(self.me, res)
            .map_or(0, |id| self.data.resources.get(side, id))
    }

    pub fn set(&mut self, side: Side, res: Res, value: u32) {
        if let Some(id) = self.list.id(self.me, res) {
            self.data.resources.set(side, id, value);
        }
    }

    /// Give every side `value` of `res`.
    pub fn set_all(&mut self, res: Res, value: u32) {
        for side in Side::all(self.sides) {
            self.set(side, res, value);
        }
    }

    pub fn set_supply(&mut self, res: Res, value: u32) {
        if let Some(id) = self.list.id(self.me, res) {
            self.data.resources.set_supply(id, value);
        }
    }
}

/// One side as scoring sees it: its kingdom and what the modules keep for it, with no game around
/// it (a kingdom file) or at the end of a game. A module's scoring hooks get it for themselves
/// ([`SideView::for_module`]): [`SideView::state`] is their own state, and such a view reads
/// only the resources its module declares, whatever it is asked.
#[derive(Clone, Copy)]
pub struct SideView<'a> {
    pub ruleset: &'a Ruleset,
    pub kingdom: &'a Kingdom,
    pub side: Side,
    list: &'a ModuleList,
    data: &'a ModuleData,
    me: usize,
    /// A module's own view (made by `for_module`): it stays that module's.
    module: bool,
}

impl<'a> SideView<'a> {
    /// `side` of `data` (the modules' data of a game or of a kingdom file, for `list`).
    pub fn new(
        ruleset: &'a Ruleset,
        kingdom: &'a Kingdom,
        list: &'a ModuleList,
        data: &'a ModuleData,
        side: Side,
    ) -> SideView<'a> {
        SideView {
            ruleset,
            kingdom,
            side,
            list,
            data,
            me: 0,
            module: false,
        }
    }

    /// The same side, as module `index` of the list sees it. A module's own view stays its own
    /// (a module cannot look through another's eyes).
    #[inline]
    pub fn for_module(self, index: usize) -> SideView<'a> {
        if self.module {
            self
        } else {
            SideView {
                me: index,
                module: true,
                ..self
            }
        }
    }

    /// The module's own state.
    #[inline]
    pub fn state<T: ModuleState>(&self) -> Option<&'a T> {
        self.data.states.at(self.me)
    }

    /// The side's value of the module's resource `res`.
    #[inline]
    pub fn get(&self, res: Res) -> u32 {
        self.list
            .id(self.me, res)
            .map_or(0, |id| self.data.resources.get(self.side, id))
    }

    /// The state of the module providing `res`.
    pub fn shared<T: ModuleState>(&self, res: Res) -> Option<&'a T> {
        let i = self.list.provider(self.me, res)?;
        self.data.states.at(i)
    }

    /// The side's value of the resource called `name` (0 when no module declares it), by name:
    /// for the core and front ends, not a module's hot path. A module's view answers only for
    /// the resources its module declares (0 for any other).
    pub fn resource(&self, name: &str) -> u32 {
        if self.module {
            return self
                .list
                .modules()
                .get(self.me)
                .and_then(|m| m.declare().res(name))
                .map_or(0, |res| self.get(res));
        }
        self.list
            .resource(name)
            .map_or(0, |id| self.data.resources.get(self.side, id))
    }

    /// The modules this view is of.
    pub fn list(&self) -> &'a ModuleList {
        self.list
    }
}

/// A module reading its part of a kingdom file into a side's data (see
/// [`super::Module::read_mark`]): its own state, the resources it declares, the kingdom.
pub struct SideEdit<'a> {
    pub ruleset: &'a Ruleset,
    pub side: Side,
    kingdom: &'a mut Kingdom,
    list: &'a ModuleList,
    data: &'a mut ModuleData,
    me: usize,
}

impl<'a> SideEdit<'a> {
    /// `side` of `data` (for `list`), module `me`'s part.
    pub fn new(
        ruleset: &'a Ruleset,
        kingdom: &'a mut Kingdom,
        list: &'a ModuleList,
        data: &'a mut ModuleData,
        side: Side,
        me: usize,
    ) -> SideEdit<'a> {
        SideEdit {
            ruleset,
            side,
            kingdom,
            list,
            data,
            me,
        }
    }

    pub fn kingdom(&self) -> &Kingdom {
        self.kingdom
    }

    /// The kingdom, to change (a building's crowns).
    pub fn kingdom_mut(&mut self) -> &mut Kingdom {
        self.kingdom
    }

    /// The module's own state.
    pub fn state_mut<T: ModuleState>(&mut self) -> Option<&mut T> {
        self.data.states.at_mut(self.me)
    }

    /// The side's value of `res`.
    pub fn get(&self, res: Res) -> u32 {
        self.list
            .id(self.me, res)
            .map_or(0, |id| self.data.resources.get(self.side, id))
    }

    pub fn set(&mut self, res: Res, value: u32) {
        if let Some(id) = self.list.id(self.me, res) {
            self.data.resources.set(self.side, id, value);
        }
    }

    /// Add `n` to the side's `res` (saturating).
    pub fn add(&mut self, res: Res, n: u32) {
        let v = self.get(res).saturating_add(n);
        self.set(res, v);
    }
}

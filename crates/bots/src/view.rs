//! What the acting player may see, and nothing more.
//!
//! A [`PlayerView`] wraps a game privately: a bot reads the public state (kingdoms, lines,
//! discards, scores, which dominoes are still unseen as a set) but never the order of the draw
//! pile or which dominoes stayed in the box. Anything that needs to look ahead asks for
//! [`PlayerView::determinize`]: a copy of the game whose hidden components have been reshuffled
//! from the bot's own generator, so it is consistent with what the player knows and says nothing
//! about the real order.
//!
//! A [`Turn`] is what the tournament hands a bot when it is its turn: the view plus the right to
//! play one action (and a fast path for uniformly random play that never lists the actions).

use crownlands_core::rng::GameRng;
use crownlands_core::{
    Action, BySide, Domino, DominoId, Game, King, Kingdom, MatchStanding, Outcome, Phase,
    PlacementSet, Rules, Ruleset, Seat, Side, Slot,
};
use std::sync::Arc;

/// The side a player plays for: whose score a bot maximises (their team's kingdom in team
/// games, their own otherwise).
pub fn side_of(game: &Game, player: Seat) -> Side {
    game.side_of(player)
}

/// The number of sides (kingdoms) in a game.
pub fn sides(game: &Game) -> usize {
    usize::from(game.sides())
}

/// The score of a side: its kingdom's total.
pub fn side_score(game: &Game, side: Side) -> i32 {
    game.score_total(side)
}

/// Where a game stands in its match: what the earlier games gave each side, and how many games
/// follow. The default is a game alone (a match of one game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchSoFar {
    /// Each side's total over the earlier games of the match, by side index (empty: none).
    pub carried: Vec<i64>,
    /// Games of the match still to play after this one.
    pub games_after: u8,
    /// What the earlier games gave each side for the match tie-breaks (`match-tie-breaks`),
    /// which settle equal match totals; empty where equal totals share.
    pub standing: MatchStanding,
}

/// A game alone: nothing carried, nothing after.
static ALONE: MatchSoFar = MatchSoFar {
    carried: Vec::new(),
    games_after: 0,
    standing: MatchStanding::NONE,
};

impl MatchSoFar {
    /// Where the current game of `m` stands.
    pub fn of(m: &crownlands_core::Match) -> MatchSoFar {
        MatchSoFar {
            carried: m.earlier_totals().iter().map(|(_, &t)| t).collect(),
            games_after: m.games_after(),
            standing: m.earlier_standing(),
        }
    }

    /// Whether the game is a match of its own (its winners are the game's, tie-breaks and all).
    pub fn alone(&self) -> bool {
        self.games_after == 0 && self.carried.iter().all(|&t| t == 0) && self.standing.is_empty()
    }

    /// What side `side` carries from the earlier games (0 in a game alone).
    pub fn carried(&self, side: Side) -> i64 {
        self.carried.get(side.index()).copied().unwrap_or(0)
    }
}

/// The acting player's view of a game that is not over, and of where the game stands in its
/// match (a Dynasty's earlier totals).
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    game: &'a Game,
    player: Seat,
    so_far: &'a MatchSoFar,
}

impl<'a> PlayerView<'a> {
    /// The view of the player to act, or `None` when the game is over. (A player to act always
    /// has at least one legal action: a claim, a placement or the forced discard.) The game is
    /// taken as a match of its own.
    pub fn new(game: &'a Game) -> Option<PlayerView<'a>> {
        PlayerView::in_match(game, &ALONE)
    }

    /// [`PlayerView::new`] for a game of a match standing at `so_far`.
    pub fn in_match(game: &'a Game, so_far: &'a MatchSoFar) -> Option<PlayerView<'a>> {
        let player = game.to_act()?;
        Some(PlayerView {
            game,
            player,
            so_far,
        })
    }

    /// Where the game stands in its match.
    pub fn so_far(&self) -> &'a MatchSoFar {
        self.so_far
    }

    /// The player to act (whose view this is).
    pub fn player(&self) -> Seat {
        self.player
    }

    /// The side this player plays for (see [`side_of`]).
    pub fn side(&self) -> Side {
        side_of(self.game, self.player)
    }

    pub fn side_of(&self, player: Seat) -> Side {
        side_of(self.game, player)
    }

    pub fn sides(&self) -> usize {
        sides(self.game)
    }

    /// Every legal action, in the engine's fixed order; never empty.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.game.legal_actions_into(out);
    }

    pub fn legal_action_count(&self) -> u32 {
        self.game.legal_action_count()
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.game.is_legal(action)
    }

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        self.game.ruleset()
    }

    /// What the modules add to a kingdom territory by territory (see
    /// [`Game::territory_scoring`]).
    pub fn territory_scoring(&self) -> &crownlands_core::modules::TerritoryScoring {
        self.game.territory_scoring()
    }

    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// What the modules whose points follow where their pieces stand give this player's side,
    /// for valuing its placements (`None` where no module does: see
    /// [`crate::greedy::PlacedPoints`]).
    pub fn placed_points(&self) -> Option<crate::greedy::PlacedPoints<'a>> {
        crate::greedy::PlacedPoints::of(self.game, self.side())
    }

    pub fn players(&self) -> u8 {
        self.game.players()
    }

    pub fn phase(&self) -> Phase {
        self.game.phase()
    }

    pub fn round(&self) -> u32 {
        self.game.round()
    }

    /// The kingdom `player` builds (their team's in team games).
    pub fn kingdom(&self, player: Seat) -> &Kingdom {
        self.game.kingdom(self.game.side_of(player))
    }

    pub fn kingdoms(&self) -> &BySide<Kingdom> {
        self.game.kingdoms()
    }

    pub fn owner(&self, king: King) -> Seat {
        self.game.owner(king)
    }

    pub fn current_line(&self) -> &[Slot] {
        self.game.current_line()
    }

    pub fn next_line(&self) -> &[Slot] {
        self.game.next_line()
    }

    /// Whether the kingdom placing now gets another domino after this one
    /// ([`Game::places_again`]).
    pub fn places_again(&self) -> bool {
        self.game.places_again()
    }

    /// How many dominoes are left in the draw pile (their order is hidden).
    pub fn draw_pile_len(&self) -> usize {
        self.game.draw_pile_len()
    }

    /// The dominoes not seen yet (draw pile and box together), in a canonical order.
    pub fn unseen_dominoes(&self) -> Vec<DominoId> {
        self.game.unseen_dominoes()
    }

    pub fn discarded(&self) -> &[DominoId] {
        self.game.discarded()
    }

    pub fn domino(&self, id: DominoId) -> &Domino {
        self.game.domino(id)
    }

    /// The module step being played, as its module describes it to the player (its choices,
    /// their groups and squares): `None` outside a module's step.
    pub fn step_view(&self) -> Option<crownlands_core::modules::describe::StepView> {
        self.game.step_view()
    }

    /// The domino the acting king places now, if it is time to place.
    pub fn domino_to_place(&self) -> Option<DominoId> {
        self.game.domino_to_place()
    }

    /// The legal placements of the domino to place (empty when it is not time to place).
    pub fn placements(&self) -> PlacementSet {
        self.game.placements()
    }

    /// The score of `player`'s side.
    pub fn score_total(&self, player: Seat) -> i32 {
        self.game.score_total(self.game.side_of(player))
    }

    pub fn side_score(&self, side: Side) -> i32 {
        side_score(self.game, side)
    }

    pub fn outcome(&self) -> Outcome {
        self.game.outcome()
    }

    /// A copy of the game with everything hidden (draw pile order, dominoes left in the box)
    /// reshuffled from `rng`: a game consistent with what this player knows. Every simulation a
    /// bot runs starts from one of these.
    pub fn determinize(&self, rng: &mut GameRng) -> Game {
        let mut g = self.game.clone();
        g.resample_hidden(|| rng.next_u32());
        g
    }
}

/// A player's turn: the view, and the right to play exactly one action.
pub struct Turn<'a> {
    game: &'a mut Game,
    /// The player to act (fixed for the turn: it is theirs until they play).
    player: Seat,
    played: Option<Action>,
    so_far: &'a MatchSoFar,
}

impl<'a> Turn<'a> {
    /// The turn of the player to act, or `None` when the game is over (a game alone).
    #[inline]
    pub fn new(game: &'a mut Game) -> Option<Turn<'a>> {
        Turn::in_match(game, &ALONE)
    }

    /// [`Turn::new`] in a game of a match standing at `so_far`.
    #[inline]
    pub fn in_match(game: &'a mut Game, so_far: &'a MatchSoFar) -> Option<Turn<'a>> {
        let player = game.to_act()?;
        Some(Turn {
            game,
            player,
            played: None,
            so_far,
        })
    }

    #[inline]
    pub fn view(&self) -> PlayerView<'_> {
        PlayerView {
            game: self.game,
            player: self.player,
            so_far: self.so_far,
        }
    }

    /// Play `action` (once per turn). An illegal action is refused and the game left unchanged.
    pub fn play(&mut self, action: Action) -> Result<(), crate::BotError> {
        if self.played.is_some() {
            return Err(crate::BotError::AlreadyPlayed);
        }
        self.game.apply(action)?;
        self.played = Some(action);
        Ok(())
    }

    /// Play a uniformly random legal action drawn from `rng`, without listing the actions: the
    /// same choice as picking `legal_actions()[rng.below(count)]`.
    #[inline]
    pub fn play_random(&mut self, rng: &mut GameRng) -> Result<Action, crate::BotError> {
        if self.played.is_some() {
            return Err(crate::BotError::AlreadyPlayed);
        }
        let a = self
            .game
            .play_random(|| rng.next_u32())
            .ok_or(crate::BotError::GameOver)?;
        self.played = Some(a);
        Ok(a)
    }

    /// The action played this turn, if any.
    pub fn played(&self) -> Option<Action> {
        self.played
    }
}

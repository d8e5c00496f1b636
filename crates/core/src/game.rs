//! The game: setup from a seed, the rounds of claiming and placing, and the end.

use crate::domino::{Domino, DominoId};
use crate::geometry::Placement;
use crate::kingdom::{Kingdom, KingdomShape, PlacementSet};
use crate::module_action::{ActionSink, ModuleIndex, Payload};
use crate::modules::{Cx, CxMut, Module, ModuleData, ModuleList, TerritoryScoring};
use crate::rng::GameRng;
use crate::ruleset::{FirstClaims, Rules, Ruleset};
use crate::score::{Outcome, ScoreBreakdown, rank, score_total};
use crate::side::{BySide, King, Seat, Side};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Every decision a player can take: the core's (claim, place, discard, pass) and the modules'
/// own ([`Action::Module`]: Queendomino's tax, build and Dragon), which the core carries without
/// reading them. The core's text forms (`c#5`, `1,-1e`: `Display` writes them, `FromStr` reads
/// them) and the modules' (`tax0`, through [`Game::action_text`] and [`Game::parse_action`]) are
/// described in [`crate::action_text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
#[non_exhaustive]
pub enum Action {
    /// Put the acting king on a domino of the line being claimed.
    Claim { domino: DominoId },
    /// Lay the domino under the acting king into the kingdom.
    Place { placement: Placement },
    /// Give up the domino under the acting king: legal only when it fits nowhere, or at any
    /// time where the rules allow it (`discard = "any-time"`, a house rule).
    Discard,
    /// One of a module's own actions: the module at position `module` of the rules' list reads
    /// `payload` (see [`crate::module_action`]). Its text is the module's own (`tax0`,
    /// `build2@1,-1`, `burn4`): [`Game::action_text`] writes it, [`Game::parse_action`] reads it.
    Module {
        module: ModuleIndex,
        payload: Payload,
    },
    /// End the current optional step of the turn (a module's step).
    Pass,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// The kings claim the first line, in the drawn order; `step` indexes that order.
    FirstClaims { step: usize },
    /// The king on slot `slot` of the current line places (or discards) its domino.
    Place { slot: usize },
    /// The same king takes module step `step` (the `step`th module with a turn step), which
    /// [`Action::Pass`] ends.
    Step { slot: usize, step: usize },
    /// The same king claims a domino of the next line.
    Claim { slot: usize },
    /// No domino is left: the game is scored.
    Over,
}

/// A domino in a line, with the king standing on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    pub domino: DominoId,
    pub king: Option<King>,
}

/// Why an action was refused. The game is unchanged. More reasons may come: a match on it
/// outside this crate has a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalAction {
    #[error("the game is over")]
    GameOver,
    #[error("it is time to {expected}, not to {got}")]
    WrongStep {
        expected: &'static str,
        /// What the action would do, in words (`claim a domino`, ``play `tax0` (the knights
        /// module's action)``).
        got: String,
    },
    #[error("domino {0} is not in the line being claimed")]
    NotInLine(String),
    #[error("domino {0} is already claimed")]
    AlreadyClaimed(String),
    #[error("domino {domino} cannot go at {placement}: {why}")]
    IllegalPlacement {
        domino: String,
        placement: Placement,
        why: &'static str,
    },
    #[error(
        "domino {0} fits in the kingdom, so it must be placed (a domino is discarded only where \
         it fits nowhere, unless the ruleset's rules say `discard = \"any-time\"`)"
    )]
    MustPlace(String),
    /// One of the step's own module's actions, not among the step's choices now.
    #[error("`{action}` is not possible now (in the {step} step: {choices})")]
    NotNow {
        step: &'static str,
        action: String,
        /// What the step takes now, in words (`` `tax0` or `pass` ``, `` only `pass` is possible ``).
        choices: String,
    },
    /// Another kind of action (a claim, a placement, another module's action) in a module's
    /// step.
    #[error("it is the {step} step ({choices}), not the time to {got}")]
    OtherStep {
        step: &'static str,
        /// As [`IllegalAction::NotNow`]'s.
        choices: String,
        /// As [`IllegalAction::WrongStep`]'s.
        got: String,
    },
    /// Refused by the step's module, which says why in its own words.
    #[error("`{action}` is not possible now: {why}")]
    Refused {
        step: &'static str,
        action: String,
        why: String,
    },
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(
        "ruleset {name} does not allow {} (it allows {allowed})",
        crate::text::plural(*players as i64, "player", "players")
    )]
    PlayerCount {
        name: String,
        players: usize,
        allowed: String,
    },
}

/// Where a domino is when the game looks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whereabouts {
    /// Left in the box, never dealt.
    Unused,
    /// In the draw pile.
    DrawPile,
    /// In the current line (under a king).
    CurrentLine,
    /// In the next line, claimed or not.
    NextLine,
    /// In a side's kingdom.
    Kingdom(Side),
    Discarded,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    ruleset: Arc<Ruleset>,
    /// Index of this player count's rules in `ruleset.player_counts`.
    rules_index: usize,
    players: u8,
    seed: u64,
    rng: GameRng,
    kingdoms: BySide<Kingdom>,
    /// The owner of each king, by king.
    owners: Vec<Seat>,
    /// The side (kingdom) each king plays for, by king: its owner's team.
    king_sides: Vec<Side>,
    /// Kingdoms: one per player, or one per team.
    sides: u8,
    /// Every domino, shuffled: `deck[drawn..dealt]` is the draw pile (its order is hidden from
    /// players), `deck[dealt..]` stayed in the box (2-player Kingdomino plays 24 of 48).
    deck: Vec<DominoId>,
    drawn: usize,
    dealt: usize,
    discarded: Vec<DominoId>,
    /// Of the discards, the dominoes given up where they fitted (`discard = "any-time"`, a
    /// house rule): the rest were left unclaimed in a line or fitted nowhere.
    given_up: u32,
    /// Every placement so far: (side, domino, placement).
    placed: Vec<(Side, DominoId, Placement)>,
    current: Vec<Slot>,
    next: Vec<Slot>,
    /// Bit `i` set while slot `i` of the next line is unclaimed.
    next_free: u64,
    first_claims: Vec<King>,
    phase: Phase,
    round: u32,
    /// The modules of this player count's rules, built once.
    modules: ModuleSet,
    /// What the modules track: their states and resources (coins, knights, supplies).
    data: ModuleData,
    /// Where the acting king's domino went this turn (`None` before placing, or after a discard).
    turn_placement: Option<Placement>,
    /// Whether the ruleset lists its dominoes in line order (by number, then box), as the shipped
    /// sets of one box do: lines then sort by id alone.
    ids_in_line_order: bool,
    /// Whether a domino that fits may be discarded (`discard = "any-time"`), 1 or 0: read once
    /// from the rules, as random play's placement adds it to the placements' count.
    discards_any_time: u32,
}

/// A game hashes what it compares but for its ruleset and the modules built from it (which two
/// games in one table share) and its random generator (which follows from the seed and the
/// actions): equal games hash alike, and games of one ruleset that differ in any position,
/// module state included, almost never do. (For a table of positions, a bot's memory.)
impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rules_index.hash(state);
        self.players.hash(state);
        self.seed.hash(state);
        self.kingdoms.hash(state);
        self.owners.hash(state);
        self.king_sides.hash(state);
        self.sides.hash(state);
        self.deck.hash(state);
        self.drawn.hash(state);
        self.dealt.hash(state);
        self.discarded.hash(state);
        self.given_up.hash(state);
        self.placed.hash(state);
        self.current.hash(state);
        self.next.hash(state);
        self.next_free.hash(state);
        self.first_claims.hash(state);
        self.phase.hash(state);
        self.round.hash(state);
        self.data.hash(state);
        self.turn_placement.hash(state);
    }
}

/// Where a domino goes in a line: by number, as the rulebooks lay lines out, and of two dominoes
/// of one number (boxes shuffled into one pile, a house rule's mix), the first box's first.
fn line_order(dominoes: &[Domino], id: DominoId) -> u32 {
    dominoes
        .get(id.index())
        .map_or(u32::MAX, |d| (u32::from(d.number) << 8) | u32::from(d.pile))
}

/// Sort four ids with the five compare-exchanges of the optimal network.
#[inline]
fn sort_four(line: &mut [DominoId]) {
    if let [a, b, c, d] = line {
        let mut v = [a.0, b.0, c.0, d.0];
        for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            let (lo, hi) = (v[i].min(v[j]), v[i].max(v[j]));
            v[i] = lo;
            v[j] = hi;
        }
        (a.0, b.0, c.0, d.0) = (v[0], v[1], v[2], v[3]);
    }
}

/// A game's modules, shared between clones.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ModuleSet {
    all: ModuleList,
    /// Indexes of the modules with a turn step, in order.
    steps: Arc<[usize]>,
    /// By turn step: the modules that watch its actions ([`Module::watches_actions`]: those
    /// using or reading a resource its module provides).
    watchers: Arc<[Box<[usize]>]>,
    /// By turn step: whether its module has a [`Module::begin_step`].
    begins: Arc<[bool]>,
    /// The modules with an [`Module::end_round`], in order.
    ends: Arc<[usize]>,
    /// The modules scoring territory by territory, for the bots' placement values, and from
    /// this game's setup those scoring the territories together.
    territories: TerritoryScoring,
    /// Whether a module scores the territories together ([`Module::scores_kingdom`]): its
    /// scorer is asked again at each deal.
    scores_kingdom: bool,
    /// The modules whose points follow where their pieces stand ([`Module::scores_placements`]),
    /// in order: [`Game::placed_points`].
    placed: Arc<[usize]>,
    /// The modules whose points compare the kingdoms ([`Module::compares_kingdoms`]), in
    /// order: [`Game::kingdom_comparers`].
    compared: Arc<[usize]>,
}

impl Game {
    /// Set up a game of `ruleset` for `players` players, shuffled by `seed`. The ruleset was
    /// checked once by [`Ruleset::new`]: the only thing left to refuse is a player count it does
    /// not allow.
    pub fn new(ruleset: Arc<Ruleset>, players: u8, seed: u64) -> Result<Game, SetupError> {
        let rules_index = ruleset
            .player_counts()
            .iter()
            .position(|(n, _)| *n == players)
            .ok_or_else(|| SetupError::PlayerCount {
                name: ruleset.name().to_string(),
                players: usize::from(players),
                allowed: ruleset.allowed_counts(),
            })?;
        let rules = &ruleset.player_counts()[rules_index].1;
        // Built and set up once by `Ruleset::new`, which checked everything: nothing here can fail.
        let built = ruleset.modules_at(rules_index);
        let steps: Vec<usize> = (0..built.modules().len())
            .filter(|&i| built.modules()[i].has_turn_step())
            .collect();
        // By step: the modules watching what its module provides.
        let watchers: Vec<Box<[usize]>> = steps
            .iter()
            .map(|&i| {
                let provides = built.modules()[i].declare().provides;
                (0..built.modules().len())
                    .filter(|&w| {
                        let m = &built.modules()[w];
                        let d = m.declare();
                        m.watches_actions()
                            && d.uses.iter().chain(d.reads).any(|r| provides.contains(r))
                    })
                    .collect()
            })
            .collect();
        let begins: Vec<bool> = steps
            .iter()
            .map(|&i| built.modules()[i].has_begin_step())
            .collect();
        let ends: Vec<usize> = (0..built.modules().len())
            .filter(|&i| built.modules()[i].has_end_round())
            .collect();
        let territories = TerritoryScoring::new(&built, &ruleset);
        let scores_kingdom = built.modules().iter().any(|m| m.scores_kingdom());
        let placed: Vec<usize> = (0..built.modules().len())
            .filter(|&i| built.modules()[i].scores_placements())
            .collect();
        let compared: Vec<usize> = (0..built.modules().len())
            .filter(|&i| built.modules()[i].compares_kingdoms())
            .collect();
        let modules = ModuleSet {
            territories,
            scores_kingdom,
            placed: placed.into(),
            compared: compared.into(),
            ends: ends.into(),
            all: built,
            steps: steps.into(),
            watchers: watchers.into(),
            begins: begins.into(),
        };
        let kings = usize::from(players) * usize::from(rules.kings_per_player);
        let owners: Vec<Seat> = Seat::all(players)
            .flat_map(|s| std::iter::repeat_n(s, usize::from(rules.kings_per_player)))
            .collect();
        let king_sides = owners
            .iter()
            .map(|&s| ruleset.seat_side(rules_index, s).unwrap_or_default())
            .collect();
        let sides = rules.sides(players);
        let dealt = usize::from(rules.deck_size);
        let line_size = usize::from(rules.line_size);
        let mut game = Game {
            players,
            seed,
            rng: GameRng::seed_from(seed),
            kingdoms: BySide::filled(sides, Kingdom::shaped(KingdomShape::of(rules))),
            owners,
            king_sides,
            sides,
            deck: Vec::with_capacity(ruleset.dominoes().len()),
            drawn: 0,
            dealt,
            discarded: Vec::with_capacity(dealt),
            given_up: 0,
            placed: Vec::with_capacity(dealt),
            current: Vec::with_capacity(line_size),
            next: Vec::with_capacity(line_size),
            next_free: 0,
            first_claims: Vec::with_capacity(kings),
            phase: Phase::FirstClaims { step: 0 },
            round: 0,
            ruleset,
            rules_index,
            modules,
            data: ModuleData::default(),
            turn_placement: None,
            ids_in_line_order: false,
            discards_any_time: 0,
        };
        game.discards_any_time = u32::from(game.rules().discard == crate::Discard::AnyTime);
        game.ids_in_line_order = (1..game.ruleset.dominoes().len()).all(|i| {
            line_order(game.ruleset.dominoes(), DominoId(i as u16 - 1))
                < line_order(game.ruleset.dominoes(), DominoId(i as u16))
        });
        game.deal(seed);
        Ok(game)
    }

    /// Start a new game of the same ruleset and player count, shuffled by `seed`, reusing this
    /// game's memory: exactly `Game::new(ruleset, players, seed)`, without allocating (for
    /// simulations that play millions of games).
    pub fn reset(&mut self, seed: u64) {
        self.deal(seed);
    }

    /// Shuffle and deal: the deck, empty kingdoms, the order of the first claims, the modules'
    /// economy, the first line.
    fn deal(&mut self, seed: u64) {
        let (shape, kpp, first_claims) = {
            let r = self.rules();
            let kpp = usize::from(r.kings_per_player);
            (KingdomShape::of(r), kpp, r.first_claims)
        };
        self.seed = seed;
        self.rng = GameRng::seed_from(seed);
        self.shuffle_deck();
        for k in self.kingdoms.values_mut() {
            if k.shape() == shape {
                k.clear();
            } else {
                *k = Kingdom::shaped(shape);
            }
        }
        // At most 16 players of at most a few kings each (the ruleset's limits).
        let kings = (usize::from(self.players) * kpp).min(usize::from(u8::MAX)) as u8;
        self.first_claims.clear();
        match first_claims {
            FirstClaims::Drawn => {
                self.first_claims.extend(King::all(kings));
                self.rng.shuffle(&mut self.first_claims);
            }
            FirstClaims::Snake | FirstClaims::Seated => {
                // A random player order (or the seats', a house rule), then back and forth:
                // A B B A at 2 players, 2 kings.
                let mut seats: Vec<Seat> = Seat::all(self.players).collect();
                if first_claims == FirstClaims::Snake {
                    self.rng.shuffle(&mut seats);
                }
                for k in 0..kpp {
                    for i in 0..seats.len() {
                        let s = if k % 2 == 0 {
                            seats[i]
                        } else {
                            seats[seats.len() - 1 - i]
                        };
                        self.first_claims.push(King((s.index() * kpp + k) as u8));
                    }
                }
            }
        }
        self.drawn = 0;
        self.discarded.clear();
        self.given_up = 0;
        self.placed.clear();
        self.current.clear();
        self.next.clear();
        self.phase = Phase::FirstClaims { step: 0 };
        self.round = 0;
        self.turn_placement = None;
        if !self.modules.all.is_empty() {
            self.data.reset(&self.modules.all);
            for (me, m) in self.modules.all.modules().iter().enumerate() {
                let mut ctx = crate::modules::SetupContext {
                    sides: self.sides,
                    ruleset: &self.ruleset,
                    rng: &mut self.rng,
                    list: &self.modules.all,
                    data: &mut self.data,
                    me,
                    first_claims: &self.first_claims,
                    king_sides: &self.king_sides,
                };
                // `Ruleset::new` set every module up for this many sides and refused the
                // ruleset if one could not be: setting up depends on nothing else.
                let _ = m.setup(&mut ctx);
            }
            if self.modules.scores_kingdom {
                // What the modules scoring whole kingdoms give, as this deal set them up.
                let scorers: Vec<_> = (0..self.modules.all.modules().len())
                    .filter_map(|me| {
                        let m = self.modules.all.modules().get(me)?;
                        m.kingdom_scorer(Cx::new(self, me))
                    })
                    .collect();
                self.modules.territories = self.modules.territories.with_whole(scorers);
            }
        }
        self.draw_line();
    }

    /// Lay out the next line from the draw pile into `next` (which is empty), sorted by number
    /// (then box: [`line_order`]).
    fn draw_line(&mut self) {
        let n = usize::from(self.rules().line_size).min(self.dealt - self.drawn);
        let start = self.drawn;
        self.drawn += n;
        // Sorted where it lies: the drawn part of the deck is never read in order again.
        let line = &mut self.deck[start..start + n];
        if self.ids_in_line_order && line.len() == 4 {
            // The common line of four: a sorting network of minimums and maximums, which has no
            // branch to mispredict (an insertion sort of random ids mispredicts about once a line).
            sort_four(line);
        } else if self.ids_in_line_order {
            // Insertion sort: lines are a handful of dominoes.
            for i in 1..line.len() {
                let id = line[i];
                let mut j = i;
                while j > 0 && line[j - 1] > id {
                    line[j] = line[j - 1];
                    j -= 1;
                }
                line[j] = id;
            }
        } else {
            let dominoes = &self.ruleset.dominoes();
            line.sort_unstable_by_key(|id| line_order(dominoes, *id));
        }
        self.next
            .extend(line.iter().map(|&domino| Slot { domino, king: None }));
        self.next_free = (1u64 << n) - 1;
    }

    // ----- what the game shows -----

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    pub fn rules(&self) -> &Rules {
        &self.ruleset.player_counts()[self.rules_index].1
    }

    pub fn players(&self) -> u8 {
        self.players
    }

    /// Kingdoms in play: one per player, or one per team.
    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// Every seat at the table, in order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + use<> {
        Seat::all(self.players)
    }

    /// Every side (kingdom) in play, in order.
    pub fn all_sides(&self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator + use<> {
        Side::all(self.sides)
    }

    /// The side (kingdom) a seat plays for.
    #[inline]
    pub fn side_of(&self, seat: Seat) -> Side {
        self.ruleset
            .seat_side(self.rules_index, seat)
            .unwrap_or_default()
    }

    /// How this game's lines are drawn, for a player, where its line source says
    /// ([`crate::lines::LineDealer::describe`]: Royal Wedding's boxes in turn).
    pub fn lines_described(&self) -> Option<String> {
        let rules = &self.ruleset.player_counts()[self.rules_index].1;
        let ctx = self.ruleset.deal_context(rules);
        self.ruleset.dealer(self.rules_index).describe(&ctx)
    }

    /// Shuffle the dominoes into draw order: `deck[..dealt]` is drawn line by line from the
    /// start, `deck[dealt..]` stays in the box. The rules' line source does it (see
    /// [`crate::lines`]).
    fn shuffle_deck(&mut self) {
        self.deck.clear();
        let rules = &self.ruleset.player_counts()[self.rules_index].1;
        let ctx = self.ruleset.deal_context(rules);
        self.ruleset
            .dealer(self.rules_index)
            .deal(&ctx, &mut self.rng, &mut self.deck);
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Rounds completed (the first claims are round 0).
    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The kingdom of a side (a player's own, or a team's shared one: see [`Game::side_of`]).
    /// Panics on a side the game does not have (see [`Game::all_sides`]).
    pub fn kingdom(&self, side: Side) -> &Kingdom {
        &self.kingdoms[side]
    }

    pub fn kingdoms(&self) -> &BySide<Kingdom> {
        &self.kingdoms
    }

    /// The seat owning `king`.
    #[inline]
    pub fn owner(&self, king: King) -> Seat {
        self.owners[king.index()]
    }

    /// The side `king` plays for: its owner's.
    #[inline]
    pub fn side_of_king(&self, king: King) -> Side {
        self.king_sides[king.index()]
    }

    /// The line whose dominoes are being placed this round.
    pub fn current_line(&self) -> &[Slot] {
        &self.current
    }

    /// The line being claimed (during the first claims, the first line).
    pub fn next_line(&self) -> &[Slot] {
        &self.next
    }

    /// How many dominoes are still in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.dealt - self.drawn
    }

    pub fn discarded(&self) -> &[DominoId] {
        &self.discarded
    }

    /// How many of the [`Game::discarded`] dominoes were given up where they fitted (`discard =
    /// "any-time"`, a house rule; 0 under the printed rules, where a domino is discarded only
    /// when it fits nowhere or is left unclaimed in a line).
    pub fn given_up(&self) -> u32 {
        self.given_up
    }

    /// Every placement so far, in order: (side, domino, placement).
    pub fn placed(&self) -> &[(Side, DominoId, Placement)] {
        &self.placed
    }

    pub fn domino(&self, id: DominoId) -> &Domino {
        &self.ruleset.dominoes()[id.index()]
    }

    pub fn label(&self, id: DominoId) -> String {
        self.ruleset.domino_label(id)
    }

    /// The king that acts now.
    #[inline]
    pub fn acting_king(&self) -> Option<King> {
        match self.phase {
            Phase::FirstClaims { step } => self.first_claims.get(step).copied(),
            Phase::Place { slot } | Phase::Claim { slot } | Phase::Step { slot, .. } => {
                self.current.get(slot).and_then(|s| s.king)
            }
            Phase::Over => None,
        }
    }

    /// The seat that acts now.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.acting_king().map(|k| self.owner(k))
    }

    /// The side that acts now (the acting seat's).
    #[inline]
    pub fn side_to_act(&self) -> Option<Side> {
        self.acting_king().map(|k| self.side_of_king(k))
    }

    /// The order in which the kings claim the first line.
    pub fn first_claim_order(&self) -> &[King] {
        &self.first_claims
    }

    /// The dominoes each line holds past the kings (left unclaimed, discarded when the line
    /// becomes current), and over the whole game's lines.
    pub fn left_unclaimed(&self) -> (u32, u64) {
        let rules = self.rules();
        let line = u32::from(rules.line_size);
        let a_line = line.saturating_sub(self.first_claims.len() as u32);
        let lines = u64::from(rules.rounds());
        (a_line, lines * u64::from(a_line))
    }

    /// The domino the acting king must place now, if it is time to place.
    pub fn domino_to_place(&self) -> Option<DominoId> {
        match self.phase {
            Phase::Place { slot } => self.current.get(slot).map(|s| s.domino),
            _ => None,
        }
    }

    /// Where a domino is now.
    pub fn whereabouts(&self, id: DominoId) -> Whereabouts {
        if let Some(&(k, _, _)) = self.placed.iter().find(|(_, d, _)| *d == id) {
            Whereabouts::Kingdom(k)
        } else if self.discarded.contains(&id) {
            Whereabouts::Discarded
        } else if self.current[self.current.len() - self.waiting_in_current_line()..]
            .iter()
            .any(|s| s.domino == id)
        {
            Whereabouts::CurrentLine
        } else if self.next.iter().any(|s| s.domino == id) {
            Whereabouts::NextLine
        } else if self.deck[self.drawn..self.dealt].contains(&id) {
            Whereabouts::DrawPile
        } else {
            Whereabouts::Unused
        }
    }

    /// Dominoes of the current line not yet placed or discarded.
    fn waiting_in_current_line(&self) -> usize {
        match self.phase {
            Phase::Place { slot } => self.current.len() - slot,
            Phase::Claim { slot } | Phase::Step { slot, .. } => self.current.len() - slot - 1,
            Phase::FirstClaims { .. } | Phase::Over => 0,
        }
    }

    /// How many dominoes each place holds: (unused, draw pile, lines, kingdoms, discarded).
    pub fn domino_census(&self) -> [usize; 5] {
        [
            self.deck.len() - self.dealt,
            self.dealt - self.drawn,
            self.waiting_in_current_line() + self.next.len(),
            self.placed.len(),
            self.discarded.len(),
        ]
    }

    // ----- legal actions -----

    /// The legal placements of the domino to place now (empty when it is not time to place).
    pub fn placements(&self) -> PlacementSet {
        match self.phase {
            Phase::Place { slot } => match self.side_of_slot(slot) {
                Some(side) => {
                    let domino = self.domino(self.current[slot].domino);
                    self.kingdoms[side].placements(domino)
                }
                None => PlacementSet::empty(),
            },
            _ => PlacementSet::empty(),
        }
    }

    /// Every legal action of the player to act, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::FirstClaims { .. } | Phase::Claim { .. } => {
                out.extend(
                    self.next
                        .iter()
                        .filter(|s| s.king.is_none())
                        .map(|s| Action::Claim { domino: s.domino }),
                );
            }
            Phase::Place { .. } => {
                let set = self.placements();
                out.extend(set.iter().map(|placement| Action::Place { placement }));
                // Last, after the placements (where the house rule allows it when one fits).
                if set.is_empty() || self.discards_any_time() {
                    out.push(Action::Discard);
                }
            }
            Phase::Step { slot, step } => {
                if let (Some((m, me)), Some(side)) =
                    (self.step_module_at(step), self.side_of_slot(slot))
                    && let Some(index) = ModuleIndex::new(me)
                {
                    m.legal_actions(Cx::new(self, me), side, &mut ActionSink::new(index, out));
                }
                out.push(Action::Pass);
            }
            Phase::Over => {}
        }
    }

    /// How many legal actions there are, without listing them.
    pub fn legal_action_count(&self) -> u32 {
        match self.phase {
            Phase::FirstClaims { .. } | Phase::Claim { .. } => self.next_free.count_ones(),
            Phase::Place { .. } => {
                (self.placements().count() + u32::from(self.discards_any_time())).max(1)
            }
            Phase::Step { slot, step } => {
                let side = self.side_of_slot(slot);
                1 + self
                    .step_module_at(step)
                    .zip(side)
                    .map_or(0, |((m, me), side)| {
                        m.legal_action_count(Cx::new(self, me), side)
                    })
            }
            Phase::Over => 0,
        }
    }

    /// Whether the ruleset lets a domino be discarded even when it fits (`discard =
    /// "any-time"`, a house rule); the rulebooks' only when it fits nowhere.
    pub fn discards_any_time(&self) -> bool {
        self.discards_any_time == 1
    }

    /// Whether the player to act may discard the domino to place now: it fits nowhere, or the
    /// ruleset allows it at any time. False outside a placement.
    pub fn may_discard(&self) -> bool {
        matches!(self.phase, Phase::Place { .. })
            && (self.discards_any_time() || self.placements().is_empty())
    }

    /// Whether the kingdom placing now gets another domino after this one: a line is being
    /// claimed for a next round, or a later king of the same side waits in this round's line (two
    /// kings a side in the last round). False outside a placement.
    pub fn places_again(&self) -> bool {
        let Phase::Place { slot } = self.phase else {
            return false;
        };
        if !self.next.is_empty() {
            return true;
        }
        let side = self.side_of_slot(slot);
        side.is_some()
            && (slot + 1..self.current.len()).any(|later| self.side_of_slot(later) == side)
    }

    pub fn is_legal(&self, action: Action) -> bool {
        // A module step's refusal words its choices: not worked out only to be dropped.
        if let Phase::Step { .. } = self.phase {
            return self.legal_actions().contains(&action);
        }
        self.check(action).is_ok()
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        let step = match self.phase {
            Phase::Over => return Err(IllegalAction::GameOver),
            Phase::FirstClaims { .. } | Phase::Claim { .. } => "claim a domino",
            Phase::Place { .. } => "place or discard a domino",
            Phase::Step { slot, step } => {
                let legal = self.legal_actions();
                if legal.contains(&action) {
                    return Ok(());
                }
                let name = self.step_module(step).map_or("step", |m| m.name());
                let own = matches!(
                    (action, self.step_module_at(step)),
                    (Action::Module { module, .. }, Some((_, me))) if module.index() == me
                );
                if !own {
                    return Err(IllegalAction::OtherStep {
                        step: name,
                        choices: self.step_choices(&legal),
                        got: self.doing(action),
                    });
                }
                // The step's own module may say why, for one of its own actions.
                let why = match (action, self.step_module_at(step), self.side_of_slot(slot)) {
                    (Action::Module { module, payload }, Some((m, me)), Some(side))
                        if module.index() == me =>
                    {
                        m.why_illegal(Cx::new(self, me), side, payload.get())
                    }
                    _ => None,
                };
                return Err(match why {
                    Some(why) => IllegalAction::Refused {
                        step: name,
                        action: self.action_text(action),
                        why,
                    },
                    None => IllegalAction::NotNow {
                        step: name,
                        action: self.action_text(action),
                        choices: self.step_choices(&legal),
                    },
                });
            }
        };
        match (action, self.phase) {
            (Action::Claim { domino }, Phase::FirstClaims { .. } | Phase::Claim { .. }) => {
                match self.next.iter().find(|s| s.domino == domino) {
                    None => Err(IllegalAction::NotInLine(self.label(domino))),
                    Some(s) if s.king.is_some() => {
                        Err(IllegalAction::AlreadyClaimed(self.label(domino)))
                    }
                    Some(_) => Ok(()),
                }
            }
            (Action::Place { placement }, Phase::Place { slot }) => {
                let s = self.current[slot];
                let Some(side) = self.side_of_slot(slot) else {
                    return Err(IllegalAction::GameOver);
                };
                let kingdom = &self.kingdoms[side];
                let domino = self.domino(s.domino);
                if kingdom.is_legal(domino, placement) {
                    Ok(())
                } else {
                    Err(IllegalAction::IllegalPlacement {
                        domino: self.label(s.domino),
                        placement,
                        why: why_illegal(kingdom, domino, placement),
                    })
                }
            }
            (Action::Discard, Phase::Place { slot }) => {
                if self.discards_any_time() || self.placements().is_empty() {
                    Ok(())
                } else {
                    Err(IllegalAction::MustPlace(
                        self.label(self.current[slot].domino),
                    ))
                }
            }
            (a, _) => Err(IllegalAction::WrongStep {
                expected: step,
                got: self.doing(a),
            }),
        }
    }

    /// What `action` would do, in words, for a message saying it is not the time for it
    /// (`claim a domino`, ``play `tax0` (the knights module's action)``).
    fn doing(&self, action: Action) -> String {
        match action {
            Action::Claim { .. } => "claim a domino".to_string(),
            Action::Place { .. } => "place a domino".to_string(),
            Action::Discard => "discard a domino".to_string(),
            Action::Pass => "pass a module's step".to_string(),
            Action::Module { module, .. } => match self.modules().get(module.index()) {
                Some(m) => format!(
                    "play `{}` (the {} module's action)",
                    self.action_text(action),
                    m.name()
                ),
                None => "play a module's action".to_string(),
            },
        }
    }

    /// The choices of the module step now, in words: `` `tax0`, `tax1` or `pass` ``, the first
    /// three of a long list (`` `build0@1,0`, `build0@2,0`, `build1@1,0` or `pass`, of 13
    /// choices ``), `` only `pass` is possible `` where nothing else can be done.
    fn step_choices(&self, legal: &[Action]) -> String {
        let text = |a: &Action| format!("`{}`", self.action_text(*a));
        let listed = |list: &[Action]| list.iter().map(text).collect::<Vec<_>>().join(", ");
        match legal {
            [] => "nothing is possible".to_string(),
            [only] => format!("only {} is possible", text(only)),
            [first @ .., last] if legal.len() <= 4 => {
                format!("{} or {}", listed(first), text(last))
            }
            [.., last] => format!(
                "{} or {}, of {} choices",
                listed(&legal[..3]),
                text(last),
                legal.len()
            ),
        }
    }

    // ----- playing -----

    /// Play `action` for the player to act. An illegal action is refused with the reason and
    /// leaves the game exactly as it was.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        match (action, self.phase) {
            (Action::Claim { domino }, Phase::FirstClaims { step }) => {
                let king = self.first_claims[step];
                self.claim(domino, king);
                if step + 1 < self.first_claims.len() {
                    self.phase = Phase::FirstClaims { step: step + 1 };
                } else {
                    self.new_round();
                }
            }
            (Action::Claim { domino }, Phase::Claim { slot }) => {
                if let Some(king) = self.current[slot].king {
                    self.claim(domino, king);
                }
                self.end_turn(slot);
            }
            (Action::Place { placement }, Phase::Place { slot }) => {
                let s = self.current[slot];
                let Some(side) = self.side_of_slot(slot) else {
                    return;
                };
                let domino = &self.ruleset.dominoes()[s.domino.index()];
                self.kingdoms[side].place_unchecked(domino, placement);
                self.placed.push((side, s.domino, placement));
                self.turn_placement = Some(placement);
                self.after_place(slot);
            }
            (Action::Discard, Phase::Place { slot }) => {
                if self.discards_any_time() && !self.placements().is_empty() {
                    self.given_up += 1;
                }
                self.discarded.push(self.current[slot].domino);
                self.turn_placement = None;
                self.after_place(slot);
            }
            (Action::Pass, Phase::Step { slot, step }) => self.next_step(slot, step),
            (Action::Module { module, payload }, Phase::Step { slot, step }) => {
                match self.step_actor(slot, step, module) {
                    Some((me, side)) => self.apply_module(slot, step, me, side, payload.get()),
                    None => self.next_step(slot, step),
                }
            }
            _ => {}
        }
    }

    /// The index of `module` and the side acting, when `module` owns turn step `step` of the
    /// king on `slot` (the action's module must be the step's).
    fn step_actor(&self, slot: usize, step: usize, module: ModuleIndex) -> Option<(usize, Side)> {
        let me = self.modules.steps.get(step).copied()?;
        let side = self.side_of_slot(slot)?;
        (me == module.index()).then_some((me, side))
    }

    /// `action` played as [`Game::apply`] plays it, but a module's action only as far as its
    /// own effect: the module acts and the modules watching the step follow, and the game stays
    /// in the step (nothing of the next step's `begin_step`, the end of the turn or the round);
    /// a `Pass` in a step, nothing.
    /// What [`crate::modules::Cx::if_played`] measures a choice by: a tax's coins are the
    /// tax's, not a coin another module gives as the next step opens. Other actions as
    /// `apply`.
    pub(crate) fn apply_effect(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        match (action, self.phase) {
            (Action::Module { module, payload }, Phase::Step { slot, step }) => {
                if let Some((me, side)) = self.step_actor(slot, step, module) {
                    let all = self.modules.all.shared();
                    self.module_acts(&all, step, me, side, payload.get());
                }
            }
            // Going on from a step does nothing of its own.
            (Action::Pass, Phase::Step { .. }) => {}
            _ => self.apply_unchecked(action),
        }
        Ok(())
    }

    /// Module `me`'s action `payload` in turn step `step` of `side` (the king on `slot`): the
    /// module acts, the modules watching the step follow, and unless the module's step goes on,
    /// on to the next step.
    fn apply_module(&mut self, slot: usize, step: usize, me: usize, side: Side, payload: u32) {
        // The module list is shared (one count up), so the module can change the game.
        let all = self.modules.all.shared();
        if !self.module_acts(&all, step, me, side, payload) {
            self.next_step(slot, step);
        }
    }

    /// Module `me` of `all` (the game's modules, shared) plays `payload` for `side` in turn step
    /// `step`, and the modules watching the step follow; whether the module's step goes on.
    fn module_acts(
        &mut self,
        all: &[Box<dyn Module>],
        step: usize,
        me: usize,
        side: Side,
        payload: u32,
    ) -> bool {
        let Some(m) = all.get(me) else {
            return false;
        };
        let goes_on = m
            .apply(CxMut::new(self, me), side, payload)
            .unwrap_or(false);
        self.watchers_follow(all, step, side);
        goes_on
    }

    /// Module `m` (number `me` of `all`) draws its choice in turn step `step` of `side` and plays
    /// it, and the modules watching the step follow: whether the step goes on (false after
    /// `Pass`, where nothing was played).
    #[inline(always)]
    fn module_plays_random(
        &mut self,
        all: &[Box<dyn Module>],
        m: &dyn Module,
        step: usize,
        me: usize,
        side: Side,
        next_u32: &mut impl FnMut() -> u32,
    ) -> bool {
        let Some((_, goes_on)) = m.play_random_step(CxMut::new(self, me), side, next_u32) else {
            return false;
        };
        self.watchers_follow(all, step, side);
        goes_on
    }

    /// The modules watching turn step `step` follow an action of `side`.
    #[inline(always)]
    fn watchers_follow(&mut self, all: &[Box<dyn Module>], step: usize, side: Side) {
        let watchers = self.modules.watchers.get(step).map_or(0, |w| w.len());
        for k in 0..watchers {
            let w = self.modules.watchers[step][k];
            if let Some(watcher) = all.get(w) {
                watcher.after_action(CxMut::new(self, w), side);
            }
        }
    }

    /// The module owning turn step `step`.
    fn step_module(&self, step: usize) -> Option<&dyn Module> {
        self.step_module_at(step).map(|(m, _)| m)
    }

    /// The module owning turn step `step`, with its index in the module list.
    #[inline]
    fn step_module_at(&self, step: usize) -> Option<(&dyn Module, usize)> {
        let i = *self.modules.steps.get(step)?;
        self.modules.all.modules().get(i).map(|m| (m.as_ref(), i))
    }

    /// The module whose turn step it is, with its index, during a module step.
    pub(crate) fn step_module_now_at(&self) -> Option<(&dyn Module, usize)> {
        match self.phase {
            Phase::Step { step, .. } => self.step_module_at(step),
            _ => None,
        }
    }

    /// The module whose turn step it is, during a module step.
    pub(crate) fn step_module_now(&self) -> Option<&dyn Module> {
        match self.phase {
            Phase::Step { step, .. } => self.step_module(step),
            _ => None,
        }
    }

    /// What the modules add to a kingdom territory by territory ([`Module::scores_territories`])
    /// or from its territories together ([`Module::scores_kingdom`], as this game was set up):
    /// how the bots value a placement under a house rule such as `terrain-multipliers` or
    /// `goals`.
    pub fn territory_scoring(&self) -> &TerritoryScoring {
        &self.modules.territories
    }

    /// Whether a module's points follow where its pieces stand ([`Module::scores_placements`])
    /// or compare the kingdoms ([`Module::compares_kingdoms`]): then the bots value a placement
    /// with [`Game::placed_points`] too.
    pub fn scores_placements(&self) -> bool {
        !self.modules.placed.is_empty() || !self.modules.compared.is_empty()
    }

    /// For `side`, what each module comparing the kingdoms ([`Module::compares_kingdoms`])
    /// would give it for a kingdom it might have, the other kingdoms read once as they stand
    /// ([`Module::kingdom_comparer`]): the bots make these once a decision and ask them of
    /// each placement's kingdom. Empty when no module compares.
    pub fn kingdom_comparers(&self, side: Side) -> Vec<Box<dyn crate::modules::KingdomComparer>> {
        self.modules
            .compared
            .iter()
            .filter_map(|&i| {
                self.modules.all.modules()[i]
                    .kingdom_comparer(crate::modules::Table::new(self), side)
            })
            .collect()
    }

    /// The points of the modules that [`Module::scores_placements`] for `side`, as its kingdom
    /// would score were it `kingdom` (the side's own with a domino more, as the bots weigh a
    /// placement), everything else as it stands; and of those that
    /// [`Module::compares_kingdoms`], as they would be decided now with that kingdom
    /// ([`Game::kingdom_comparers`], made afresh: the bots make them once a decision, and add
    /// [`Game::placed_points_alone`]). 0 when no module does.
    pub fn placed_points(&self, side: Side, kingdom: &Kingdom) -> i64 {
        let compared: i64 = self
            .kingdom_comparers(side)
            .iter()
            .map(|c| c.points(kingdom))
            .sum();
        self.placed_points_alone(side, kingdom) + compared
    }

    /// [`Game::placed_points`] of the modules that [`Module::scores_placements`] alone (the
    /// bots add those that compare the kingdoms through comparers made once a decision).
    pub fn placed_points_alone(&self, side: Side, kingdom: &Kingdom) -> i64 {
        let view = crate::modules::SideView::new(
            &self.ruleset,
            kingdom,
            &self.modules.all,
            &self.data,
            side,
        );
        self.modules
            .placed
            .iter()
            .map(|&i| {
                let m = &self.modules.all.modules()[i];
                i64::from(m.points(self.rules(), view.for_module(i)))
            })
            .sum()
    }

    /// The modules in force, in order (front ends ask them for their words: [`Module::title`]).
    pub fn modules(&self) -> &[Box<dyn Module>] {
        self.modules.all.modules()
    }

    /// The modules in force, bound together (their resources interned).
    pub fn module_list(&self) -> &ModuleList {
        &self.modules.all
    }

    /// The module of type `M` in force, if the rules switch it on: a module reaches its own
    /// parameters typed (`game.module::<Buildings>()`).
    pub fn module<M: Module>(&self) -> Option<&M> {
        self.modules
            .all
            .modules()
            .iter()
            .find_map(|m| (m.as_ref() as &dyn std::any::Any).downcast_ref::<M>())
    }

    /// The module of type `M` in force with its view of this game (its state, its resources).
    pub fn module_cx<M: Module>(&self) -> Option<(&M, Cx<'_>)> {
        self.modules
            .all
            .modules()
            .iter()
            .enumerate()
            .find_map(|(i, m)| {
                (m.as_ref() as &dyn std::any::Any)
                    .downcast_ref::<M>()
                    .map(|m| (m, Cx::new(self, i)))
            })
    }

    /// The side (kingdom) of the king on `slot` of the current line (every domino of the
    /// current line has its king: unclaimed ones were discarded when it became current).
    #[inline]
    fn side_of_slot(&self, slot: usize) -> Option<Side> {
        let king = self.current.get(slot)?.king?;
        self.king_sides.get(king.index()).copied()
    }

    /// Leave module step `step`: on to the next module's step, then to the claim.
    fn next_step(&mut self, slot: usize, step: usize) {
        if step + 1 < self.modules.steps.len() {
            self.enter_step(slot, step + 1);
        } else {
            self.claim_or_end_turn(slot);
        }
    }

    fn enter_step(&mut self, slot: usize, step: usize) {
        if self.modules.begins.get(step) == Some(&true)
            && let Some(&me) = self.modules.steps.get(step)
        {
            let all = self.modules.all.shared();
            if let Some(m) = all.get(me) {
                m.begin_step(CxMut::new(self, me));
            }
        }
        self.phase = Phase::Step { slot, step };
    }

    fn claim(&mut self, domino: DominoId, king: King) {
        if let Some(i) = self.next.iter().position(|s| s.domino == domino) {
            self.next[i].king = Some(king);
            self.next_free &= !(1u64 << i);
        }
    }

    fn after_place(&mut self, slot: usize) {
        if !self.modules.steps.is_empty() {
            self.enter_step(slot, 0);
        } else {
            self.claim_or_end_turn(slot);
        }
    }

    fn claim_or_end_turn(&mut self, slot: usize) {
        if self.next.is_empty() {
            self.end_turn(slot);
        } else {
            self.phase = Phase::Claim { slot };
        }
    }

    fn end_turn(&mut self, slot: usize) {
        if slot + 1 < self.current.len() {
            self.phase = Phase::Place { slot: slot + 1 };
        } else {
            self.new_round();
        }
    }

    /// The claimed line becomes current (unclaimed dominoes are discarded), and a new line is
    /// drawn while the pile lasts.
    fn new_round(&mut self) {
        self.round += 1;
        std::mem::swap(&mut self.current, &mut self.next);
        self.next.clear();
        self.next_free = 0;
        for s in &self.current {
            if s.king.is_none() {
                self.discarded.push(s.domino);
            }
        }
        self.current.retain(|s| s.king.is_some());
        self.draw_line();
        if self.round > 1 && !self.modules.ends.is_empty() {
            let all = self.modules.all.shared();
            for k in 0..self.modules.ends.len() {
                let me = self.modules.ends[k];
                if let Some(m) = all.get(me) {
                    m.end_round(CxMut::new(self, me));
                }
            }
        }
        self.phase = if self.current.is_empty() {
            Phase::Over
        } else {
            Phase::Place { slot: 0 }
        };
    }

    /// Play one uniformly random legal action, drawn from `next_u32` (the player's own source of
    /// randomness, not the game's). Equivalent to picking from [`Game::legal_actions`] uniformly,
    /// without allocating. Returns the action played, or `None` when the game is over.
    #[inline]
    pub fn play_random(&mut self, next_u32: impl FnMut() -> u32) -> Option<Action> {
        if self.discards_any_time == 0 {
            self.play_random_as::<false>(next_u32)
        } else {
            self.play_random_as::<true>(next_u32)
        }
    }

    /// [`Game::play_random`], compiled apart for rules where a domino that fits may be discarded
    /// (`ANY_TIME`, a house rule) and for the printed ones (compiled as before the house rule).
    #[inline]
    fn play_random_as<const ANY_TIME: bool>(
        &mut self,
        mut next_u32: impl FnMut() -> u32,
    ) -> Option<Action> {
        match self.phase {
            Phase::Over => None,
            Phase::FirstClaims { step } => {
                let king = self.first_claims[step];
                let domino = self.claim_random(king, &mut next_u32)?;
                if step + 1 < self.first_claims.len() {
                    self.phase = Phase::FirstClaims { step: step + 1 };
                } else {
                    self.new_round();
                }
                Some(Action::Claim { domino })
            }
            Phase::Claim { slot } => {
                let king = self.current[slot].king?;
                let domino = self.claim_random(king, &mut next_u32)?;
                self.end_turn(slot);
                Some(Action::Claim { domino })
            }
            Phase::Step { slot, step } => {
                // Counted and picked by index, as `legal_actions` lists them: the module's
                // actions, then `Pass`.
                let side = self.side_of_slot(slot)?;
                let chosen = match self.step_module_at(step) {
                    Some((m, me)) => m
                        .random_action(Cx::new(self, me), side, &mut next_u32)
                        .map(|payload| (me, payload)),
                    // Only `Pass`: a choice of one, nothing drawn.
                    None => None,
                };
                // Played here as `apply` would (the step and its module are known).
                match chosen {
                    Some((me, payload)) => {
                        let action = Action::Module {
                            module: ModuleIndex::new(me)?,
                            payload: Payload::new(payload)?,
                        };
                        self.apply_module(slot, step, me, side, payload);
                        Some(action)
                    }
                    None => {
                        self.next_step(slot, step);
                        Some(Action::Pass)
                    }
                }
            }
            Phase::Place { slot } => {
                let s = self.current[slot];
                let side = self.side_of_slot(slot)?;
                let domino = &self.ruleset.dominoes()[s.domino.index()];
                let kingdom = &mut self.kingdoms[side];
                let placed = if ANY_TIME {
                    kingdom.place_random_or_discard(domino, &mut next_u32)
                } else {
                    kingdom.place_random(domino, &mut next_u32)
                };
                let action = match placed {
                    Some(placement) => {
                        self.placed.push((side, s.domino, placement));
                        self.turn_placement = Some(placement);
                        Action::Place { placement }
                    }
                    None => {
                        // (A kingdom left as it was: whether the domino fitted, asked after.)
                        if ANY_TIME && !self.kingdoms[side].placements(domino).is_empty() {
                            self.given_up += 1;
                        }
                        self.discarded.push(s.domino);
                        self.turn_placement = None;
                        Action::Discard
                    }
                };
                self.after_place(slot);
                Some(action)
            }
        }
    }

    /// Play uniformly random legal actions drawn from `rng` (the players' generator, not the
    /// game's) until the game is over: the same game as calling [`Game::play_random`] until it
    /// returns `None`, compiled once here with the whole turn inlined (simulations and playouts).
    pub fn play_out_random(&mut self, rng: &mut GameRng) {
        if self.discards_any_time != 0 {
            self.play_out_random_as::<true>(rng);
        } else {
            self.play_out_random_as::<false>(rng);
        }
    }

    /// [`Game::play_out_random`] as [`Game::play_random_as`] is compiled (each its own function:
    /// both inlined in one, the printed rules' loop was compiled otherwise).
    #[inline(never)]
    fn play_out_random_as<const ANY_TIME: bool>(&mut self, rng: &mut GameRng) {
        let mut next_u32 = || rng.next_u32();
        // The module list and the steps, shared (one count up each) from the first module step
        // to the end of the game.
        let mut shared = None;
        loop {
            if let Phase::Step { slot, step } = self.phase {
                let (all, steps) = shared.get_or_insert_with(|| {
                    (self.modules.all.shared(), Arc::clone(&self.modules.steps))
                });
                // A turn's module steps in one go: the same draws and the same game as one
                // `play_random` a step, without going back through the phase each time.
                if !self.play_steps_random(all, steps, slot, step, &mut next_u32) {
                    return;
                }
            } else if self.play_random_as::<ANY_TIME>(&mut next_u32).is_none() {
                return;
            }
        }
    }

    /// Play module steps from `step` on of the turn of the king on `slot` by uniformly random
    /// choices, as [`Game::play_random`] would one at a time, until the turn leaves its module
    /// steps (for the claim, or the end of the turn). False when there is no side to play
    /// (not reached in a game), where `play_random` stops too.
    fn play_steps_random(
        &mut self,
        all: &[Box<dyn Module>],
        steps: &[usize],
        slot: usize,
        step: usize,
        next_u32: &mut impl FnMut() -> u32,
    ) -> bool {
        let Some(side) = self.side_of_slot(slot) else {
            return false;
        };
        let mut step = step;
        loop {
            let me = steps.get(step).copied();
            let goes_on = match me.and_then(|me| all.get(me).map(|m| (me, m))) {
                Some((me, m)) => {
                    self.module_plays_random(all, m.as_ref(), step, me, side, next_u32)
                }
                // Only `Pass`: a choice of one, nothing drawn.
                None => false,
            };
            if goes_on {
                continue;
            }
            // On to the next step, or out of the module steps.
            if step + 1 < steps.len() {
                step += 1;
                self.enter_step(slot, step);
            } else {
                self.claim_or_end_turn(slot);
                return true;
            }
        }
    }

    /// Put `king` on a uniformly chosen free domino of the next line.
    #[inline(always)]
    fn claim_random(&mut self, king: King, next_u32: &mut impl FnMut() -> u32) -> Option<DominoId> {
        let mask = self.next_free;
        let free = mask.count_ones();
        if free == 0 {
            return None;
        }
        let pick = crate::rng::below(free, next_u32);
        let i = crate::bitboard::select(mask, pick);
        self.next_free &= !(1u64 << i);
        let slot = self.next.get_mut(i as usize)?;
        slot.king = Some(king);
        Some(slot.domino)
    }

    /// Reshuffle everything no player can see: the order of the draw pile and which dominoes
    /// stayed in the box (2-player Kingdomino deals 24 of 48 unseen). What players have seen (lines,
    /// kingdoms, discards) is untouched, so the result is a game consistent with everything a
    /// player knows: the determinization search bots sample from. `next_u32` is the caller's own
    /// source of randomness.
    pub fn resample_hidden(&mut self, mut next_u32: impl FnMut() -> u32) {
        // Within each box: which of its dominoes lie where is hidden, not which box a line
        // comes from.
        for pile in 0..self.ruleset.piles().len() {
            let dominoes = &self.ruleset.dominoes();
            let positions: Vec<usize> = (self.drawn..self.deck.len())
                .filter(|&i| usize::from(dominoes[self.deck[i].index()].pile) == pile)
                .collect();
            let mut ids: Vec<DominoId> = positions.iter().map(|&i| self.deck[i]).collect();
            // From a canonical order, so the sample depends only on what players know and on
            // `next_u32`, never on the real hidden order.
            crate::rng::resample_pile(&mut ids, &mut next_u32);
            for (&i, id) in positions.iter().zip(ids) {
                self.deck[i] = id;
            }
        }
        // What the modules keep hidden (the building pile), each from a canonical order too.
        let all = self.modules.all.shared();
        for (me, m) in all.iter().enumerate() {
            m.resample_hidden(CxMut::new(self, me), &mut next_u32);
        }
        // The real seed would rebuild the real order: a sampled game gets a sampled seed.
        self.seed = (u64::from(next_u32()) << 32) | u64::from(next_u32());
        self.rng = GameRng::seed_from(self.seed);
    }

    /// The dominoes no player has seen yet (draw pile and box together), in a canonical order:
    /// what a player may know about the hidden components.
    pub fn unseen_dominoes(&self) -> Vec<DominoId> {
        let mut v = self.deck[self.drawn..].to_vec();
        v.sort();
        v
    }

    // ----- scoring -----

    /// A side's score, item by item.
    pub fn score(&self, side: Side) -> ScoreBreakdown {
        crate::modules::score_side(self.rules(), self.side_view(side))
    }

    /// [`Game::score`] into `out`, whose lists are cleared and reused (a tally over millions of
    /// games).
    pub fn score_into(&self, side: Side, out: &mut ScoreBreakdown) {
        crate::modules::score_side_into(self.rules(), self.side_view(side), out);
    }

    /// One side as scoring sees it.
    pub fn side_view(&self, side: Side) -> crate::modules::SideView<'_> {
        crate::modules::SideView::new(
            &self.ruleset,
            &self.kingdoms[side],
            &self.modules.all,
            &self.data,
            side,
        )
    }

    /// The public part of the game, as a module's hooks read it ([`crate::modules::Table`]).
    pub fn table(&self) -> crate::modules::Table<'_> {
        crate::modules::Table::new(self)
    }

    /// What the modules track: their states and resources.
    pub fn module_data(&self) -> &ModuleData {
        &self.data
    }

    pub(crate) fn module_data_mut(&mut self) -> &mut ModuleData {
        &mut self.data
    }

    /// The ruleset and the modules' data to change, borrowed together.
    pub(crate) fn ruleset_and_module_data_mut(&mut self) -> (&Ruleset, &mut ModuleData) {
        (&self.ruleset, &mut self.data)
    }

    /// `side`'s value of the resource called `name` (`coins`, `knights`, `towers`, ...): 0 when
    /// no module of the game declares it. By name: for front ends and tests, not hooks.
    pub fn resource(&self, side: Side, name: &str) -> u32 {
        self.modules
            .all
            .resource(name)
            .map_or(0, |id| self.data.resources.get(side, id))
    }

    /// What is left in the table's supply of the resource called `name`.
    pub fn supply(&self, name: &str) -> u32 {
        self.modules
            .all
            .resource(name)
            .map_or(0, |id| self.data.resources.supply(id))
    }

    /// The state of the first module whose state is a `T`, searched by type: for front ends and
    /// tests (a hook gets its own state by index).
    pub fn module_state<T: crate::modules::ModuleState>(&self) -> Option<&T> {
        self.data.states.find::<T>()
    }

    /// For modules: the kingdom a side builds, to change (crowns of buildings).
    pub(crate) fn kingdom_mut(&mut self, side: Side) -> &mut Kingdom {
        &mut self.kingdoms[side]
    }

    /// Where the acting king's domino went this turn: `None` before it is placed, or when it was
    /// discarded.
    pub fn turn_placement(&self) -> Option<Placement> {
        match self.phase {
            Phase::Step { .. } | Phase::Claim { .. } => self.turn_placement,
            _ => None,
        }
    }

    /// The name of the module whose turn step it is (`knights`, `buildings`, `dragon`), during a
    /// module step.
    pub fn step_name(&self) -> Option<&'static str> {
        match self.phase {
            Phase::Step { step, .. } => self.step_module(step).map(|m| m.name()),
            _ => None,
        }
    }

    /// The names of the modules in force, in order.
    pub fn module_names(&self) -> Vec<&'static str> {
        self.modules
            .all
            .modules()
            .iter()
            .map(|m| m.name())
            .collect()
    }

    /// A side's total alone (fast).
    #[inline]
    pub fn score_total(&self, side: Side) -> i32 {
        if self.modules.all.is_empty() {
            score_total(&self.kingdoms[side], self.rules())
        } else {
            crate::modules::side_total(self.rules(), self.side_view(side))
        }
    }

    /// Scores, places and winners (meaningful at any time; final once the game is over).
    pub fn outcome(&self) -> Outcome {
        let scores = BySide::from_fn(self.sides, |side| self.score(side));
        rank(scores, &self.rules().tie_breaks)
    }
}

fn why_illegal(k: &Kingdom, d: &Domino, p: Placement) -> &'static str {
    use crate::kingdom::Content;
    let second = p.second();
    if !p.first.in_frame(k.grid()) || !second.in_frame(k.grid()) {
        return "it would leave the kingdom's grid";
    }
    if k.content(p.first) != Content::Empty || k.content(second) != Content::Empty {
        return "a square there is already taken";
    }
    let mut probe = k.clone();
    match probe
        .set_square(p.first, d.first)
        .and_then(|()| probe.set_square(second, d.second))
    {
        Err(crate::kingdom::SquareError::BeyondCentre(..)) => {
            return "it would lie too far from the castle, which stands at the centre";
        }
        Err(_) => return "the kingdom would grow past its grid size",
        Ok(()) => {}
    }
    match k.shape().connection {
        crate::Connection::SameTerrain => "no square touches the castle or the same terrain",
        crate::Connection::AnyTerrain => {
            "neither square touches the kingdom (its castle or a square)"
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod royal_wedding_tests;

//! The rules every ruleset must keep, whatever its modules: the property suite the shipped
//! rulesets pass, for a plugin module's own tests (`examples/house-module` runs it on its
//! ruleset). Pure and seeded: the same ruleset and seeds check the same games.
//!
//! ```text
//! let ruleset = Arc::new(crownlands_rules::load_path(&registry, path)?);
//! crownlands_core::conformance::check(&ruleset, 0..20).unwrap_or_else(|e| panic!("{e}"));
//! ```
//!
//! Each game, at every player count the ruleset allows, is played to the end by uniformly
//! random choices, and checked at every step:
//! - someone can act until the game is over, and `legal_action_count` counts `legal_actions`;
//! - every listed action is accepted (`is_legal`, and `apply` on a copy), and actions not listed
//!   are refused by both, leaving the game as it was: some drawn anywhere (claims, placements,
//!   discards, passes, module actions of any payload), some next to a listed one, where an
//!   off-by-one hides (a payload one off or one bit off or under another module, a placement
//!   one square off or turned, the neighbouring domino claimed);
//! - `play_random` picks what a uniform draw from `legal_actions` would, module steps included,
//!   and `play_out_random` plays the same game as `play_random` from the same draws;
//! - every listed action reads back from its text (one word) and from its JSON;
//! - every domino is somewhere (the census adds up); a copy equals and hashes as the game;
//! - every module's own invariants hold ([`crate::modules::Module::invariants`]: a count kept
//!   in its state and as a resource agree, its pieces stand on its sides' kingdoms);
//! - what no player sees, resampled as the bots do ([`Game::resample_hidden`], each module's
//!   hook for its own hidden pile), leaves everything players see as it was (the legal
//!   actions, the panels, the step's choices, scores, stats and pieces, the census), and the
//!   modules' invariants holding.
//!
//! And at the end: nothing is left to draw or place, the deck was played or discarded whole,
//! each side's total is its breakdown's, each module's `points` and `score_lines` agree with
//! what its `score` adds, the module states read back from their JSON, and the
//! ruleset, the seed and the actions replay the same game; and the finished game, reset, is the
//! new game of its seed (each module state's `clear` forgets the whole game).

use crate::DominoId;
use crate::game::{Action, Game};
use crate::geometry::{Cell, Direction, Placement};
use crate::rng::GameRng;
use crate::ruleset::Ruleset;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

/// A property that did not hold: which game, where in it, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{players} players, seed {seed}, after {moves} moves: {problem}")]
pub struct Failure {
    pub players: u8,
    pub seed: u64,
    /// Actions played before the property failed.
    pub moves: usize,
    pub problem: String,
}

/// Check a game for each seed of `seeds` at each player count `ruleset` allows; the first
/// property that does not hold, if any.
pub fn check(
    ruleset: &Arc<Ruleset>,
    seeds: impl IntoIterator<Item = u64> + Clone,
) -> Result<(), Failure> {
    for &(players, _) in ruleset.player_counts() {
        for seed in seeds.clone() {
            check_game(ruleset, players, seed)?;
        }
    }
    Ok(())
}

/// Check one game: `players` at the table, dealt from `seed` (see the module's page).
pub fn check_game(ruleset: &Arc<Ruleset>, players: u8, seed: u64) -> Result<(), Failure> {
    let mut actions: Vec<Action> = Vec::new();
    let fail = |actions: &[Action], problem: String| Failure {
        players,
        seed,
        moves: actions.len(),
        problem,
    };
    let mut g = Game::new(Arc::clone(ruleset), players, seed)
        .map_err(|e| fail(&[], format!("the game does not set up: {e}")))?;
    let mut draws = SplitMix(seed ^ 0x9E37_79B9_7F4A_7C15);
    while !g.is_over() {
        each_step(&g, &mut draws).map_err(|p| fail(&actions, p))?;
        // The move itself, by `play_random`: it must pick as a uniform draw from the list.
        let legal = g.legal_actions();
        let mut twin = draws.clone();
        let expected = crate::rng::below(legal.len() as u32, || twin.next_u32());
        let played = g
            .play_random(|| draws.next_u32())
            .ok_or_else(|| fail(&actions, "play_random found nothing to play".into()))?;
        if legal.get(expected as usize) != Some(&played) {
            return Err(fail(
                &actions,
                format!(
                    "play_random played {} where a uniform draw from the list gives {}",
                    g.action_text(played),
                    legal
                        .get(expected as usize)
                        .map_or_else(|| "nothing".into(), |&a| g.action_text(a))
                ),
            ));
        }
        actions.push(played);
    }
    at_the_end(&g, &actions).map_err(|p| fail(&actions, p))?;
    same_as_played_out(ruleset, players, seed).map_err(|p| fail(&actions, p))
}

/// The properties of one position (see the module's page).
fn each_step(g: &Game, draws: &mut SplitMix) -> Result<(), String> {
    let legal = g.legal_actions();
    if legal.is_empty() {
        return Err("nobody can act, yet the game is not over".into());
    }
    let mut seen = std::collections::HashSet::with_capacity(legal.len());
    if let Some(&twice) = legal.iter().find(|&&a| !seen.insert(a)) {
        return Err(format!(
            "{} is listed twice (random play would favour it)",
            g.action_text(twice)
        ));
    }
    if legal.len() as u32 != g.legal_action_count() {
        return Err(format!(
            "legal_action_count says {}, legal_actions lists {}",
            g.legal_action_count(),
            legal.len()
        ));
    }
    for &a in &legal {
        let text = g.action_text(a);
        if !g.is_legal(a) {
            return Err(format!("{text} is listed but is_legal refuses it"));
        }
        let mut probe = g.clone();
        if let Err(e) = probe.apply(a) {
            return Err(format!("{text} is listed but apply refuses it: {e}"));
        }
        if text.is_empty() || text.contains(char::is_whitespace) {
            return Err(format!("the action `{text}` is not written as one word"));
        }
        if g.parse_action(&text) != Ok(a) {
            return Err(format!("`{text}` does not read back as the same action"));
        }
        if g.action_from_json(&g.action_json(a)) != Ok(a) {
            return Err(format!("{text} does not read back from its JSON"));
        }
    }
    let mut probes: Vec<Action> = (0..4).map(|_| unlisted(g, draws)).collect();
    probes.extend((0..NEIGHBOURS).filter_map(|_| neighbour(&legal, g.modules().len(), draws)));
    for a in probes {
        if legal.contains(&a) {
            continue;
        }
        let mut probe = g.clone();
        if g.is_legal(a) {
            return Err(format!("is_legal accepts {a:?}, which is not listed"));
        }
        if probe.apply(a).is_ok() {
            return Err(format!("apply accepts {a:?}, which is not listed"));
        }
        if &probe != g {
            return Err(format!("the refused {a:?} changed the game"));
        }
    }
    for (i, m) in g.modules().iter().enumerate() {
        let mut broken = Vec::new();
        m.invariants(crate::modules::Cx::new(g, i), &mut broken);
        if let Some(first) = broken.first() {
            return Err(format!("module `{}`: {first}", m.name()));
        }
    }
    hidden_resampled(g, draws)?;
    let census: usize = g.domino_census().iter().sum();
    if census != g.ruleset().dominoes().len() {
        return Err(format!(
            "the census counts {census} dominoes of {}",
            g.ruleset().dominoes().len()
        ));
    }
    let copy = g.clone();
    if &copy != g || hash(&copy) != hash(g) {
        return Err("a copy of the game differs from it".into());
    }
    Ok(())
}

/// What no player can see, resampled as the bots' determinization does
/// ([`Game::resample_hidden`], each module's hook for its own hidden pile): everything a player
/// can see stays as it was, and every module's invariants still hold. A module whose hook
/// changes what is public (a face-up card dropped) or breaks its own count fails here; one
/// without the hook keeps its real order for the bots to see, which no property can tell.
/// Draws from a generator of its own (`draws` is left as it was: the game plays on alike).
fn hidden_resampled(g: &Game, draws: &SplitMix) -> Result<(), String> {
    let mut own = SplitMix(draws.0 ^ 0xD1B5_4A32_D192_ED03);
    let mut sampled = g.clone();
    sampled.resample_hidden(|| own.next_u32());
    let seen = |g: &Game| {
        let sides: Vec<_> = g.all_sides().collect();
        (
            g.legal_actions(),
            g.panels(),
            g.step_view(),
            sides
                .iter()
                .map(|&s| (g.score_total(s), g.side_stats(s), g.cell_marks(s)))
                .collect::<Vec<_>>(),
            g.domino_census(),
        )
    };
    let (before, after) = (seen(g), seen(&sampled));
    let what = if before.0 != after.0 {
        Some("the legal actions")
    } else if before.1 != after.1 {
        Some("a module's panel")
    } else if before.2 != after.2 {
        Some("the step's choices")
    } else if before.3 != after.3 {
        Some("a side's score, stats or pieces")
    } else if before.4 != after.4 {
        Some("where the dominoes are")
    } else {
        None
    };
    if let Some(what) = what {
        return Err(format!(
            "resampling what no player sees (resample_hidden) changed {what}, which players see"
        ));
    }
    for (i, m) in sampled.modules().iter().enumerate() {
        let mut broken = Vec::new();
        m.invariants(crate::modules::Cx::new(&sampled, i), &mut broken);
        if let Some(first) = broken.first() {
            return Err(format!(
                "module `{}`, after resampling what no player sees (resample_hidden): {first}",
                m.name()
            ));
        }
    }
    Ok(())
}

/// How many actions next to listed ones are probed at each step ([`neighbour`]).
const NEIGHBOURS: usize = 6;

/// An action next to one of `legal`, drawn: a module's payload one off or one bit off, or handed
/// to another module; a placement one square off or turned; a claim of a neighbouring domino.
/// Where an `apply` off by one would accept what its list does not hold. `None` when the drawn
/// action has no neighbour of the kind drawn.
fn neighbour(legal: &[Action], modules: usize, draws: &mut SplitMix) -> Option<Action> {
    let n = |draws: &mut SplitMix, k: u32| crate::rng::below(k, || draws.next_u32());
    let &a = legal.get(n(draws, u32::try_from(legal.len()).ok()?) as usize)?;
    let way = n(draws, 4);
    match a {
        Action::Module { module, payload } => {
            let p = payload.get();
            let (module, p) = match way {
                0 => (module.index(), p.wrapping_add(1)),
                1 => (module.index(), p.wrapping_sub(1)),
                2 => (module.index(), p ^ (1 << n(draws, 24))),
                _ => (n(draws, u32::try_from(modules).ok()?) as usize, p),
            };
            Some(Action::Module {
                module: crate::ModuleIndex::new(module)?,
                payload: crate::Payload::new(p)?,
            })
        }
        Action::Place { placement } => {
            let c = placement.first;
            let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][n(draws, 4) as usize];
            Some(Action::Place {
                placement: if way < 2 {
                    Placement::new(
                        Cell::new(c.x.saturating_add(dx), c.y.saturating_add(dy)),
                        placement.direction,
                    )
                } else {
                    Placement::new(c, Direction::ALL[n(draws, 4) as usize])
                },
            })
        }
        Action::Claim { domino } => Some(Action::Claim {
            domino: DominoId(if way < 2 {
                domino.0.wrapping_add(1)
            } else {
                domino.0.wrapping_sub(1)
            }),
        }),
        Action::Pass | Action::Discard => None,
    }
}

/// A claim, a placement, a discard, a pass or a module's action drawn anywhere (mostly not
/// legal now).
fn unlisted(g: &Game, draws: &mut SplitMix) -> Action {
    let n = |draws: &mut SplitMix, k: u32| crate::rng::below(k, || draws.next_u32());
    let modules = g.modules().len() as u32;
    match n(draws, 5) {
        3 => Action::Pass,
        4 if modules > 0 => {
            let module = crate::ModuleIndex::new(n(draws, modules) as usize);
            // Small payloads half the time (where most modules' actions are), any otherwise.
            let payload = crate::Payload::new(if n(draws, 2) == 0 {
                n(draws, 4)
            } else {
                draws.next_u32() & crate::Payload::MAX
            });
            match (module, payload) {
                (Some(module), Some(payload)) => Action::Module { module, payload },
                _ => Action::Pass,
            }
        }
        0 => Action::Claim {
            domino: DominoId(n(draws, g.ruleset().dominoes().len() as u32 + 3) as u16),
        },
        1 => Action::Place {
            placement: Placement::new(
                Cell::new(n(draws, 17) as i8 - 8, n(draws, 17) as i8 - 8),
                Direction::ALL[n(draws, 4) as usize],
            ),
        },
        _ => Action::Discard,
    }
}

/// The properties of a game over (see the module's page).
fn at_the_end(g: &Game, actions: &[Action]) -> Result<(), String> {
    if !g.legal_actions().is_empty() {
        return Err("the game is over, yet actions are listed".into());
    }
    let [_, pile, lines, placed, discarded] = g.domino_census();
    if (pile, lines) != (0, 0) {
        return Err(format!(
            "the game ended with {pile} dominoes to draw and {lines} in lines"
        ));
    }
    if placed + discarded != usize::from(g.rules().deck_size) {
        return Err(format!(
            "{placed} placed and {discarded} discarded of a deck of {}",
            g.rules().deck_size
        ));
    }
    // One breakdown reused side after side, as tallies score millions of games.
    let mut reused = crate::score::ScoreBreakdown::default();
    for side in g.all_sides() {
        let scored = g.score(side);
        let (breakdown, total) = (scored.total, g.score_total(side));
        if breakdown != total {
            return Err(format!(
                "side {}: the breakdown totals {breakdown}, score_total says {total}",
                side.index() + 1
            ));
        }
        g.score_into(side, &mut reused);
        if reused != scored {
            return Err(format!(
                "side {}: scored into a breakdown of another side, it reads otherwise",
                side.index() + 1
            ));
        }
        module_scores_agree(g, side)?;
    }
    let states = g
        .module_data()
        .states_json()
        .map_err(|e| format!("the module states do not write as JSON: {e}"))?;
    let mut data = g.module_data().clone();
    data.load_states_json(&states)
        .map_err(|e| format!("the module states do not read back from their JSON: {e}"))?;
    if &data != g.module_data() {
        return Err("the module states read back from their JSON differ".into());
    }
    let mut replay = Game::new(Arc::clone(g.ruleset()), g.players(), g.seed())
        .map_err(|e| format!("the game does not set up again: {e}"))?;
    for (i, &a) in actions.iter().enumerate() {
        replay
            .apply(a)
            .map_err(|e| format!("move {} does not replay: {e}", i + 1))?;
    }
    if &replay != g || hash(&replay) != hash(g) {
        return Err("the ruleset, the seed and the actions replay another game".into());
    }
    Ok(())
}

/// Each module's three forms of its points for `side` agree: what [`Module::score`] adds to a
/// breakdown, [`Module::points`] and the sum of [`Module::score_lines`] (what `score`, the
/// replay and the score screen print, line by line, under a total the breakdown gives).
///
/// [`Module::score`]: crate::modules::Module::score
/// [`Module::points`]: crate::modules::Module::points
/// [`Module::score_lines`]: crate::modules::Module::score_lines
fn module_scores_agree(g: &Game, side: crate::Side) -> Result<(), String> {
    let view = g.side_view(side);
    let rules = g.rules();
    for (i, m) in g.modules().iter().enumerate() {
        let mine = view.for_module(i);
        let mut breakdown = crate::score::score_kingdom(mine.kingdom, rules);
        let before = breakdown.total;
        m.score(mine, &mut breakdown);
        let scored = breakdown.total - before;
        let points = m.points(rules, mine);
        let lines: i32 = m.score_lines(rules, mine).iter().map(|l| l.points).sum();
        if points != scored {
            return Err(format!(
                "module `{}`, side {}: points says {points}, score adds {scored}",
                m.name(),
                side.index() + 1
            ));
        }
        if lines != scored {
            return Err(format!(
                "module `{}`, side {}: its score lines add up to {lines}, score adds {scored} \
                 (the lines printed would not add up to the total)",
                m.name(),
                side.index() + 1
            ));
        }
    }
    Ok(())
}

/// `play_out_random` plays the game `play_random` plays from the same generator.
fn same_as_played_out(ruleset: &Arc<Ruleset>, players: u8, seed: u64) -> Result<(), String> {
    let setup = || Game::new(Arc::clone(ruleset), players, seed).map_err(|e| e.to_string());
    let mut one = setup()?;
    let mut all = setup()?;
    let mut a = GameRng::seed_from(seed);
    let mut b = GameRng::seed_from(seed);
    while one.play_random(|| a.next_u32()).is_some() {}
    all.play_out_random(&mut b);
    if one != all {
        return Err("play_out_random played another game than play_random".into());
    }
    // A finished game reset is the new game of that seed (simulations reuse one game): each
    // module's `ModuleState::clear` must forget the whole game, or the next game starts with it.
    for next in [seed, seed.wrapping_add(1)] {
        all.reset(next);
        let new = Game::new(Arc::clone(ruleset), players, next).map_err(|e| e.to_string())?;
        if all != new || hash(&all) != hash(&new) {
            return Err(format!(
                "a finished game reset with seed {next} is not the new game of seed {next}{}",
                what_differs(&all, &new)
            ));
        }
    }
    Ok(())
}

/// Which module's state tells `reset` from `new` apart, in words (empty when none does).
fn what_differs(reset: &Game, new: &Game) -> String {
    let (Ok(a), Ok(b)) = (
        reset.module_data().states_json(),
        new.module_data().states_json(),
    ) else {
        return String::new();
    };
    match reset
        .modules()
        .iter()
        .zip(a.iter().zip(&b))
        .find(|(_, (x, y))| x != y)
    {
        Some((m, (x, y))) => format!(
            ": module `{}` keeps {x} where a new game has {y} (does its state's `clear` forget \
             a field?)",
            m.name()
        ),
        None => String::new(),
    }
}

fn hash(g: &Game) -> u64 {
    let mut h = DefaultHasher::new();
    g.hash(&mut h);
    h.finish()
}

/// The checks' own draws (SplitMix64): the same for a seed on every machine.
#[derive(Clone)]
struct SplitMix(u64);

impl SplitMix {
    fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action_text::ActionWord;
    use crate::module_action::ModuleAction;
    use crate::modules::{Actions, Cx, CxMut, Mechanism, NoParams, SetupContext};
    use crate::side::Side;
    use serde::{Deserialize, Serialize};

    #[test]
    fn the_shipped_rules_in_code_pass() {
        let ruleset = Arc::new(crate::testkit::kingdomino());
        check(&ruleset, 0..3).unwrap_or_else(|e| panic!("{e}"));
    }

    /// A toy module's one action, `ring`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(tag = "action", rename_all = "kebab-case")]
    enum Bell {
        Ring,
    }

    impl ModuleAction for Bell {
        const WORD: ActionWord = ActionWord {
            keyword: "ring",
            form: "ring",
            example: "ring",
        };
        fn to_payload(self) -> u32 {
            0
        }
        fn from_payload(payload: u32) -> Option<Bell> {
            (payload == 0).then_some(Bell::Ring)
        }
        fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("ring")
        }
        fn read(rest: &str) -> Option<Bell> {
            rest.is_empty().then_some(Bell::Ring)
        }
    }

    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct Rung;

    impl crate::modules::ModuleState for Rung {}

    /// A toy module that lists its one action `LISTED` times and counts `COUNTED` actions:
    /// honest at 1 and 1, and the suite must catch each other kind.
    #[derive(Debug)]
    struct Toy<const LISTED: u32, const COUNTED: u32>;

    impl<const LISTED: u32, const COUNTED: u32> Mechanism for Toy<LISTED, COUNTED> {
        const NAME: &'static str = if LISTED > 1 { "doubled" } else { "miscounted" };
        type Params = NoParams;
        type State = Rung;
        type Action = Bell;

        fn new(_: NoParams) -> Self {
            Toy
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn setup(&self, _ctx: &mut SetupContext<'_>) -> Result<(), String> {
            Ok(())
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Bell>) {
            for _ in 0..LISTED {
                out.push(Bell::Ring);
            }
        }
        fn legal_action_count(&self, _cx: Cx<'_>, _side: Side) -> u32 {
            COUNTED
        }
        fn apply(
            &self,
            _cx: CxMut<'_>,
            _side: Side,
            _action: Bell,
        ) -> Result<bool, crate::IllegalAction> {
            Ok(false)
        }
    }

    /// The probes next to listed actions stay next to them: a payload one off, one bit off or
    /// under another module; a placement one square off or turned; a claim of the domino beside.
    #[test]
    fn neighbours_are_next_to_a_listed_action() {
        let mut draws = SplitMix(5);
        let module = Action::Module {
            module: crate::ModuleIndex::new(1).expect("index"),
            payload: crate::Payload::new(0b1010).expect("payload"),
        };
        let place = Action::Place {
            placement: Placement::new(Cell::new(1, -1), Direction::ALL[0]),
        };
        let claim = Action::Claim {
            domino: DominoId(7),
        };
        for a in [module, place, claim] {
            for _ in 0..40 {
                let b = neighbour(&[a], 3, &mut draws).expect("a neighbour");
                let near = match (a, b) {
                    (
                        Action::Module { module, payload },
                        Action::Module {
                            module: m,
                            payload: p,
                        },
                    ) => {
                        let (x, y) = (payload.get(), p.get());
                        (m == module && (x.abs_diff(y) == 1 || (x ^ y).count_ones() == 1))
                            || (m != module && x == y)
                            || b == a
                    }
                    (Action::Place { placement: x }, Action::Place { placement: y }) => {
                        let (dx, dy) = (x.first.x - y.first.x, x.first.y - y.first.y);
                        (dx.abs() + dy.abs() == 1 && x.direction == y.direction)
                            || (dx, dy) == (0, 0)
                    }
                    (Action::Claim { domino: x }, Action::Claim { domino: y }) => {
                        x.0.abs_diff(y.0) == 1
                    }
                    _ => false,
                };
                assert!(near, "{b:?} is not next to {a:?}");
            }
        }
        assert_eq!(neighbour(&[Action::Pass], 3, &mut draws), None);
        assert_eq!(neighbour(&[], 3, &mut draws), None);
    }

    /// The first failure of a ruleset whose modules are `M` alone.
    fn failure_with<M: Mechanism>() -> Failure {
        let ruleset = crate::testkit::with_mechanism::<M>().expect("valid");
        check(&ruleset, 0..1).expect_err("a broken module")
    }

    /// How often each side rang: a state whose `clear` forgets to.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct Rings(crate::modules::PerSide<u32>);

    impl crate::modules::ModuleState for Rings {
        fn clear(&mut self) {}
    }

    /// A module that rings once a turn, and whose state outlives the game.
    #[derive(Debug)]
    struct Leaky;

    impl Mechanism for Leaky {
        const NAME: &'static str = "leaky";
        type Params = NoParams;
        type State = Rings;
        type Action = Bell;

        fn new(_: NoParams) -> Self {
            Leaky
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Bell>) {
            out.push(Bell::Ring);
        }
        fn apply(
            &self,
            mut cx: CxMut<'_>,
            side: Side,
            _action: Bell,
        ) -> Result<bool, crate::IllegalAction> {
            if let Some(rings) = cx.state_mut::<Rings>() {
                rings.0[side] += 1;
            }
            Ok(false)
        }
    }

    #[test]
    fn a_module_whose_state_outlives_a_reset_fails() {
        let failure = failure_with::<Leaky>();
        assert!(
            failure
                .problem
                .contains("reset with seed 0 is not the new game")
                && failure.problem.contains("module `leaky` keeps [")
                && failure.problem.contains("where a new game has []"),
            "{failure}"
        );
    }

    /// How often each side rang, cleared with the game.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct Peals(crate::modules::PerSide<u32>);

    impl crate::modules::ModuleState for Peals {}

    /// A module that rings once a turn and says a side rings at most 3 times: its own
    /// invariant, which its play breaks at the fourth.
    #[derive(Debug)]
    struct Chime;

    impl Mechanism for Chime {
        const NAME: &'static str = "chime";
        type Params = NoParams;
        type State = Peals;
        type Action = Bell;

        fn new(_: NoParams) -> Self {
            Chime
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Bell>) {
            out.push(Bell::Ring);
        }
        fn apply(
            &self,
            mut cx: CxMut<'_>,
            side: Side,
            _action: Bell,
        ) -> Result<bool, crate::IllegalAction> {
            if let Some(peals) = cx.state_mut::<Peals>() {
                peals.0[side] += 1;
            }
            Ok(false)
        }
        fn invariants(&self, cx: Cx<'_>, out: &mut Vec<String>) {
            if let Some(peals) = cx.state::<Peals>() {
                for side in cx.table().all_sides() {
                    if peals.0[side] > 3 {
                        out.push(format!("{side:?} rang {} times, at most 3", peals.0[side]));
                    }
                }
            }
        }
    }

    #[test]
    fn a_module_whose_own_invariant_breaks_fails() {
        let failure = failure_with::<Chime>();
        assert!(
            failure.problem.contains("module `chime`: ")
                && failure.problem.contains("rang 4 times, at most 3"),
            "{failure}"
        );
    }

    /// A module that rings once a turn, shows the peals on a panel, and whose hook for a
    /// hidden pile forgets them: what players see changed by the bots' resampling.
    #[derive(Debug)]
    struct Careless;

    impl Mechanism for Careless {
        const NAME: &'static str = "careless";
        type Params = NoParams;
        type State = Peals;
        type Action = Bell;

        fn new(_: NoParams) -> Self {
            Careless
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Bell>) {
            out.push(Bell::Ring);
        }
        fn apply(
            &self,
            mut cx: CxMut<'_>,
            side: Side,
            _action: Bell,
        ) -> Result<bool, crate::IllegalAction> {
            if let Some(peals) = cx.state_mut::<Peals>() {
                peals.0[side] += 1;
            }
            Ok(false)
        }
        fn resample_hidden(&self, mut cx: CxMut<'_>, _next_u32: &mut dyn FnMut() -> u32) {
            if let Some(peals) = cx.state_mut::<Peals>() {
                *peals = Peals::default();
            }
        }
        fn panels(&self, cx: Cx<'_>, out: &mut Vec<crate::modules::describe::Panel>) {
            if let Some(peals) = cx.state::<Peals>() {
                out.push(crate::modules::describe::Panel {
                    title: "Peals".into(),
                    rows: cx
                        .table()
                        .all_sides()
                        .map(|s| crate::modules::describe::PanelRow::Text(peals.0[s].to_string()))
                        .collect(),
                });
            }
        }
    }

    #[test]
    fn a_module_whose_resampling_changes_what_players_see_fails() {
        let failure = failure_with::<Careless>();
        assert!(
            failure.problem.contains(
                "resampling what no player sees (resample_hidden) changed a module's panel"
            ),
            "{failure}"
        );
    }

    #[test]
    fn a_module_that_lists_an_action_twice_fails() {
        let failure = failure_with::<Toy<2, 2>>();
        assert!(
            failure.problem.contains("ring is listed twice"),
            "{failure}"
        );
    }

    #[test]
    fn a_module_that_miscounts_its_actions_fails() {
        let failure = failure_with::<Toy<1, 2>>();
        assert!(
            failure
                .problem
                .contains("legal_action_count says 3, legal_actions lists 2"),
            "{failure}"
        );
    }

    /// A module that rings once a turn and scores a point a peal, whose score lines (what
    /// `score` and the score screen print) say one more than its score adds.
    #[derive(Debug)]
    struct Boastful;

    impl Mechanism for Boastful {
        const NAME: &'static str = "boastful";
        type Params = NoParams;
        type State = Peals;
        type Action = Bell;

        fn new(_: NoParams) -> Self {
            Boastful
        }
        fn params(&self) -> NoParams {
            NoParams {}
        }
        fn has_turn_step(&self) -> bool {
            true
        }
        fn legal_actions(&self, _cx: Cx<'_>, _side: Side, out: &mut Actions<'_, '_, Bell>) {
            out.push(Bell::Ring);
        }
        fn apply(
            &self,
            mut cx: CxMut<'_>,
            side: Side,
            _action: Bell,
        ) -> Result<bool, crate::IllegalAction> {
            if let Some(peals) = cx.state_mut::<Peals>() {
                peals.0[side] += 1;
            }
            Ok(false)
        }
        fn score(
            &self,
            side: crate::modules::SideView<'_>,
            breakdown: &mut crate::score::ScoreBreakdown,
        ) {
            let peals = side.state::<Peals>().map_or(0, |p| p.0[side.side]);
            breakdown.add_bonus("peals", peals as i32);
        }
        fn score_lines(
            &self,
            _rules: &crate::ruleset::Rules,
            side: crate::modules::SideView<'_>,
        ) -> Option<Vec<crate::modules::describe::ScoreLine>> {
            let peals = side.state::<Peals>().map_or(0, |p| p.0[side.side]);
            Some(vec![crate::modules::describe::ScoreLine::new(
                "peals",
                peals as i32 + 1,
            )])
        }
    }

    #[test]
    fn a_module_whose_score_lines_disagree_with_its_score_fails() {
        let failure = failure_with::<Boastful>();
        assert!(
            failure
                .problem
                .contains("module `boastful`, side 1: its score lines add up to"),
            "{failure}"
        );
    }
}

//! Where a game's lines come from: a [`LineDealer`] puts the ruleset's dominoes in draw order at
//! the start of each game. The ruleset's `lines` key names one ([`LineSource::kind`]), looked up
//! in the [`Registry`](crate::Registry) when the ruleset is built; Crownlands ships `mixed` (every
//! box shuffled together: Kingdomino, Queendomino) and `alternate` (each box shuffled on its own,
//! lines taken from the boxes in turn: Royal Wedding). Another crate registers its own with
//! [`Registry::add_line_source`](crate::Registry::add_line_source).

use crate::domino::{Domino, DominoId};
use crate::rng::GameRng;
use crate::ruleset::{Rules, RulesProblem};
use serde::{Deserialize, Serialize};

/// Where each line of dominoes comes from: the line source's name (the ruleset's `lines`) and the
/// boxes it deals from, by index, in order (`line-order`; empty for `mixed`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineSource {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<u8>,
}

impl Default for LineSource {
    fn default() -> LineSource {
        LineSource::mixed()
    }
}

impl LineSource {
    /// The name of the shipped source that shuffles every box together.
    pub const MIXED: &'static str = "mixed";
    /// The name of the shipped source that takes lines from the boxes in turn.
    pub const ALTERNATE: &'static str = "alternate";

    /// Every box shuffled together into one draw pile (Kingdomino, Queendomino).
    pub fn mixed() -> LineSource {
        LineSource {
            kind: LineSource::MIXED.to_string(),
            order: Vec::new(),
        }
    }

    /// Each box shuffled on its own; lines come from the boxes in turn, in this order of box
    /// indexes (Royal Wedding: Queendomino, then Kingdomino, and so on). Each place of the order
    /// deals the same share of the deck (a box named twice, two shares from its one pile).
    pub fn alternate(order: Vec<u8>) -> LineSource {
        LineSource {
            kind: LineSource::ALTERNATE.to_string(),
            order,
        }
    }

    /// Whether this is the shipped `mixed` source.
    pub fn is_mixed(&self) -> bool {
        self.kind == LineSource::MIXED
    }
}

/// What a line source deals from: the ruleset's dominoes and boxes, and the rules of the
/// player count (`rules.lines.order` the boxes named by `line-order`).
#[derive(Clone, Copy, Debug)]
pub struct DealContext<'a> {
    pub dominoes: &'a [Domino],
    /// The boxes' names, by index ([`Domino::pile`]).
    pub boxes: &'a [String],
    pub rules: &'a Rules,
    /// For warnings: the boxes the ruleset's other player counts deal from, a bit a box (a box
    /// this count leaves out is then left out on purpose, for the others). 0 when dealing.
    pub dealt_elsewhere: u16,
}

/// How a game's dominoes are put in draw order. One value serves every game of a ruleset, so it
/// keeps nothing between games: all randomness comes from the game's own generator, so the same
/// seed always deals the same lines.
pub trait LineDealer: Send + Sync {
    /// Problems with dealing under `ctx` (boxes that do not exist or cannot deal their share, a
    /// deck that does not split), reported when the ruleset is built. None by default.
    fn problems(&self, _ctx: &DealContext<'_>) -> Vec<RulesProblem> {
        Vec::new()
    }

    /// What can never work as written under `ctx` though the game still plays (a box whose
    /// dominoes are never dealt), each reported at `lines`/`line-order` as a warning. None by
    /// default.
    fn warnings(&self, _ctx: &DealContext<'_>) -> Vec<String> {
        Vec::new()
    }

    /// How lines are drawn, in a sentence for a player (the TUI's table rules), where a player
    /// needs telling: none by default (one draw pile, as the rulebooks deal).
    fn describe(&self, _ctx: &DealContext<'_>) -> Option<String> {
        None
    }

    /// Put every domino of the ruleset, once, into `deck` (empty on entry) in draw order:
    /// `deck[..deck_size]` is dealt line by line from the start (each line sorted by number
    /// when drawn), the rest stays in the box unseen.
    fn deal(&self, ctx: &DealContext<'_>, rng: &mut GameRng, deck: &mut Vec<DominoId>);
}

/// `mixed`: one shuffle of everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mixed;

impl LineDealer for Mixed {
    /// With dominoes of several boxes: `Lines come from one pile, the boxes' dominoes shuffled
    /// together.` (one box: nothing to tell, as the rulebooks deal).
    fn describe(&self, ctx: &DealContext<'_>) -> Option<String> {
        let boxes = (0..ctx.boxes.len())
            .filter(|&b| ctx.dominoes.iter().any(|d| usize::from(d.pile) == b))
            .count();
        (boxes > 1)
            .then(|| "Lines come from one pile, the boxes' dominoes shuffled together.".to_string())
    }

    fn deal(&self, ctx: &DealContext<'_>, rng: &mut GameRng, deck: &mut Vec<DominoId>) {
        deck.extend((0..ctx.dominoes.len() as u16).map(DominoId));
        rng.shuffle(deck);
    }
}

/// `alternate`: each box of `line-order` shuffled on its own, each place of the order dealing
/// the same share, lines interleaved place by place (a box named twice deals twice the lines,
/// from its one pile); boxes not in the order deal nothing (a warning when they hold dominoes:
/// [`crate::Ruleset::warnings`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Alternate;

impl LineDealer for Alternate {
    /// `Lines come from the boxes in turn: queendomino, then kingdomino, and again (each box
    /// shuffled on its own).` (the boxes by their names in the ruleset).
    fn describe(&self, ctx: &DealContext<'_>) -> Option<String> {
        let order: Vec<String> = ctx
            .rules
            .lines
            .order
            .iter()
            .filter_map(|&b| ctx.boxes.get(usize::from(b)))
            .map(|b| crate::text::escape_controls(b).into_owned())
            .collect();
        (order.len() > 1).then(|| {
            format!(
                "Lines come from the boxes in turn: {}, and again (each box shuffled on its own).",
                order.join(", then ")
            )
        })
    }

    /// Lines alternating between some boxes deal nothing from the others: dominoes there are
    /// never played (a misspelt `box`, or a box left out on purpose).
    fn warnings(&self, ctx: &DealContext<'_>) -> Vec<String> {
        let order = &ctx.rules.lines.order;
        if order.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        // One box: nothing to alternate with, every line from its one shuffled pile.
        let filled: Vec<&String> = ctx
            .boxes
            .iter()
            .enumerate()
            .filter(|(b, _)| ctx.dominoes.iter().any(|d| usize::from(d.pile) == *b))
            .map(|(_, pile)| pile)
            .collect();
        if let [only] = filled.as_slice() {
            out.push(format!(
                "lines alternate between boxes, but the deck has one box ({}): every line comes from its one shuffled pile, as with `lines = \"mixed\"`; write that, or add a box to alternate with (a component set with a `box` of its own)",
                crate::text::escape_controls(only)
            ));
        }
        for (b, pile) in ctx.boxes.iter().enumerate() {
            let in_box = ctx
                .dominoes
                .iter()
                .filter(|d| usize::from(d.pile) == b)
                .count();
            let elsewhere = ctx.dealt_elsewhere >> b & 1 == 1;
            if in_box > 0 && !elsewhere && !order.iter().any(|&o| usize::from(o) == b) {
                out.push(format!(
                    "box {} holds {} that are never dealt: lines alternate only from the boxes of `line-order`",
                    crate::text::escape_controls(pile),
                    crate::text::plural(in_box as i64, "domino", "dominoes")
                ));
            }
        }
        out
    }

    fn problems(&self, ctx: &DealContext<'_>) -> Vec<RulesProblem> {
        let rules = ctx.rules;
        let order = &rules.lines.order;
        let mut problems = Vec::new();
        let per_round = usize::from(rules.line_size) * order.len().max(1);
        let named = |b: u8| order.iter().filter(|&&o| o == b).count();
        // The dominoes in box `b`.
        let in_box = |b: u8| ctx.dominoes.iter().filter(|d| d.pile == b).count();
        // The largest deck every box of the order can deal its share of, in whole rounds (a box
        // named twice deals two shares).
        let fewest = order
            .iter()
            .map(|&b| in_box(b) / named(b))
            .min()
            .unwrap_or(0);
        let line = usize::from(rules.line_size).max(1);
        let fits = fewest / line * line * order.len();
        let splits = usize::from(rules.deck_size).is_multiple_of(per_round);
        if order.is_empty() {
            problems.push(RulesProblem::NoAlternateBoxes);
        } else if !splits {
            let deck = usize::from(rules.deck_size);
            let lower = deck - deck % per_round;
            let upper = lower + per_round;
            // Of the sizes that split and that the boxes deal, those that let a kingdom fill its
            // grid first (at 2 players 16 split a harvest order but left each kingdom 8
            // dominoes of the 12 a 5x5 grid takes).
            let fill = rules.deck_to_fill();
            let dealt: Vec<usize> = [lower, upper]
                .into_iter()
                .filter(|&d| d > 0 && d <= fits)
                .collect();
            let filling: Vec<usize> = dealt.iter().copied().filter(|&d| d >= fill).collect();
            let enough = fill.div_ceil(per_round).max(1) * per_round;
            // Where the boxes cannot deal that many: the dominoes each box lacks for it.
            let lacking: Vec<String> = distinct_boxes(order)
                .into_iter()
                .filter_map(|b| {
                    let have = in_box(b);
                    let need = enough / order.len() * named(b);
                    let name = ctx.boxes.get(usize::from(b))?;
                    (have < need).then(|| {
                        format!(
                            "{} to box {}",
                            crate::text::plural((need - have) as i64, "domino", "dominoes"),
                            crate::text::escape_controls(name)
                        )
                    })
                })
                .collect();
            let short = |sizes: String| {
                if lacking.is_empty() {
                    format!(" ({sizes})")
                } else {
                    format!(
                        " (add {} for {enough}, the fewest that split and let a kingdom \
                         fill its grid; or {sizes}, though then no kingdom fills its grid)",
                        lacking.join(" and ")
                    )
                }
            };
            let fix = match (filling.as_slice(), dealt.as_slice()) {
                ([a, b], _) => format!(" (set `deck-size` to {a} or {b})"),
                ([one], _) => format!(" (set `deck-size = {one}`)"),
                ([], _) if enough <= fits => format!(
                    " (set `deck-size = {enough}`, the fewest that split and let a kingdom fill \
                     its grid)"
                ),
                ([], [a, b]) => short(format!("set `deck-size` to {a} or {b}")),
                ([], [one]) => short(format!("set `deck-size = {one}`")),
                _ if fits > 0 => short(format!("set `deck-size = {fits}`")),
                _ => String::new(),
            };
            problems.push(RulesProblem::DeckSplit {
                deck: rules.deck_size,
                line: rules.line_size,
                places: order.len(),
                fix,
            });
        }
        let share = usize::from(rules.deck_size) / order.len().max(1);
        // Boxes outside the order that hold dominoes: named beside a box that runs short (the
        // dominoes may have gone to a misspelt box).
        let undealt: String = ctx
            .boxes
            .iter()
            .enumerate()
            .filter(|(b, _)| !order.iter().any(|&o| usize::from(o) == *b))
            .filter_map(|(b, pile)| {
                let n = ctx
                    .dominoes
                    .iter()
                    .filter(|d| usize::from(d.pile) == b)
                    .count();
                (n > 0).then(|| {
                    format!(
                        "; box {}, not in line-order, holds {}",
                        crate::text::escape_controls(pile),
                        crate::text::plural(n as i64, "domino", "dominoes")
                    )
                })
            })
            .collect();
        let fix = if fits > 0 && fits < usize::from(rules.deck_size) {
            format!(" (set `deck-size = {fits}`, or add dominoes to the box)")
        } else {
            String::new()
        };
        for b in distinct_boxes(order) {
            let in_box = in_box(b);
            if usize::from(b) >= ctx.boxes.len() {
                problems.push(RulesProblem::AlternateBox(b));
            } else if splits && in_box < share * named(b) {
                // (A deck that does not split has no whole share to say: the split is said.)
                problems.push(RulesProblem::BoxShort {
                    pile: ctx.boxes[usize::from(b)].clone(),
                    in_box,
                    share: share * named(b),
                    undealt: undealt.clone(),
                    fix: fix.clone(),
                });
            }
        }
        problems
    }

    fn deal(&self, ctx: &DealContext<'_>, rng: &mut GameRng, deck: &mut Vec<DominoId>) {
        let (dominoes, rules) = (ctx.dominoes, ctx.rules);
        let order = &rules.lines.order;
        let line = usize::from(rules.line_size);
        let share = usize::from(rules.deck_size) / order.len().max(1);
        // Each box once, in the order of its first place in `line-order`, shuffled; a box
        // named twice deals twice as many lines from its one pile (never a domino twice).
        let distinct = distinct_boxes(order);
        let mut boxes: Vec<Vec<DominoId>> = distinct
            .iter()
            .map(|&b| {
                (0..dominoes.len() as u16)
                    .map(DominoId)
                    .filter(|d| dominoes[d.index()].pile == b)
                    .collect()
            })
            .collect();
        for b in &mut boxes {
            rng.shuffle(b);
        }
        let pile_of: Vec<usize> = order
            .iter()
            .map(|b| distinct.iter().position(|d| d == b).unwrap_or(0))
            .collect();
        let mut taken = vec![0usize; boxes.len()];
        // Dealt lines, by the order's places in turn, each taking its box's next line.
        for chunk in 0..share.div_ceil(line.max(1)) {
            let want = line.min(share - chunk * line);
            for &p in &pile_of {
                let b = &boxes[p];
                let lo = taken[p].min(b.len());
                let hi = (taken[p] + want).min(b.len());
                deck.extend_from_slice(&b[lo..hi]);
                taken[p] = hi;
            }
        }
        // What stays in each box, and boxes that deal nothing.
        for (b, &t) in boxes.iter().zip(&taken) {
            deck.extend_from_slice(&b[t.min(b.len())..]);
        }
        for i in 0..ctx.boxes.len() {
            if !order.contains(&(i as u8)) {
                deck.extend(
                    (0..dominoes.len() as u16)
                        .map(DominoId)
                        .filter(|d| usize::from(dominoes[d.index()].pile) == i),
                );
            }
        }
    }
}

/// The boxes of a `line-order`, each once, in the order of their first place in it.
fn distinct_boxes(order: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(order.len());
    for &b in order {
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Register the shipped line sources (what [`Registry::shipped`](crate::Registry::shipped)
/// holds).
pub(crate) fn register_shipped(registry: &mut crate::Registry) {
    registry
        .add_line_source(LineSource::MIXED, std::sync::Arc::new(Mixed))
        .add_line_source(LineSource::ALTERNATE, std::sync::Arc::new(Alternate));
}

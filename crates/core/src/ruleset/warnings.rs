//! A ruleset's warnings: rules that can never work at a player count.

use super::{
    CastleAt, FirstClaims, MiddleKingdomReading, RuleWarning, Rules, Ruleset, TieBreak, WarningAt,
    article,
};
use crate::modules::Module;

impl Ruleset {
    /// Rules that can never work at `players` players (the ruleset's own rules and modules at
    /// that count; none for a count it does not allow): a deck too small to fill the grid, a
    /// module that can never act, a tie-break that can never decide.
    pub fn warnings(&self, players: u8) -> Vec<RuleWarning> {
        let Some(i) = self.player_counts.iter().position(|(n, _)| *n == players) else {
            return Vec::new();
        };
        let rules = &self.player_counts[i].1;
        let modules = self.modules.get(i).map_or(&[][..], |built| built.modules());
        let dealer = self
            .seating
            .get(i)
            .map(|s| s.dealer.clone())
            .unwrap_or_default()
            .0;
        self.warnings_with(players, rules, modules, dealer.as_ref())
    }

    /// [`Ruleset::warnings`] of `rules` played by `modules` (built from `rules.modules`), its
    /// lines dealt by `dealer`.
    pub(super) fn warnings_with(
        &self,
        players: u8,
        rules: &Rules,
        modules: &[Box<dyn Module>],
        dealer: &dyn crate::lines::LineDealer,
    ) -> Vec<RuleWarning> {
        let mut out = Vec::new();
        // A snake turns back at each of a player's kings: with one king a player it is the
        // drawn order.
        if rules.first_claims == FirstClaims::Snake && rules.kings_per_player == 1 {
            out.push(RuleWarning {
                at: WarningAt::FirstClaims,
                message: "first-claims = \"snake\" changes nothing with one king a player: the first line is claimed in a drawn order either way (the snake turns back at each player's next king)".to_string(),
            });
        }
        let sides = usize::from(rules.sides(players)).max(1);
        let kings_per_side = usize::from(rules.kings_per_player) * usize::from(rules.team_size);
        let rounds = usize::from(rules.rounds());
        let placed = rounds * kings_per_side;
        let grid = usize::from(rules.grid_size);
        let needed = (grid * grid).saturating_sub(1);
        if grid < 2 {
            out.push(RuleWarning {
                at: WarningAt::Grid,
                message: format!(
                    "a {grid}x{grid} kingdom is its castle alone: no domino can ever be placed, so kingdoms score nothing but bonuses"
                ),
            });
        } else if placed < needed / 2 && rules.harmony.is_some() {
            // Only Harmony asks for a full kingdom: without it a kingdom left part empty is a
            // house rule's choice (a quick game on a small deck), not a rule that cannot work.
            // (On an even grid a larger deck would not help Harmony either: said at once, so
            // that mending the deck is not taken for the cure.)
            let harmony = if needed % 2 == 1 {
                format!(
                    ", so no one can ever earn Harmony (nor with a larger deck: the {needed} \
                     squares around the castle are an odd count, and dominoes cover two each)"
                )
            } else {
                ", so no one can ever earn Harmony".to_string()
            };
            out.push(RuleWarning {
                at: WarningAt::Deck,
                message: format!(
                    "the deck can never fill {} {grid}x{grid} kingdom: each places at most {} ({} squares) of the {needed} around the castle{harmony}",
                    article(grid),
                    crate::text::plural(placed as i64, "domino", "dominoes"),
                    2 * placed
                ),
            });
        }
        // A bonus on but worth nothing, as goals all worth 0 (a penalty is worth something).
        if rules.harmony == Some(0) {
            out.push(RuleWarning {
                at: WarningAt::Harmony,
                message: "Harmony is worth 0 points, so earning it changes nothing: give it \
                          `points` (5 in the rulebook), or leave it off"
                    .to_string(),
            });
        }
        if rules.middle_kingdom.is_some_and(|mk| mk.points == 0) {
            out.push(RuleWarning {
                at: WarningAt::MiddleKingdom,
                message: "Middle Kingdom is worth 0 points, so earning it changes nothing: give \
                          it `points` (10 in the rulebook), or leave it off"
                    .to_string(),
            });
        }
        // Half or more of a kingdom's dominoes more than it can ever hold: discarded, every
        // game (a few more than it holds is a house rule's choice, left unsaid).
        let holds = needed / 2;
        if grid >= 2 && placed > holds && 2 * (placed - holds) >= placed {
            out.push(RuleWarning {
                at: WarningAt::Deck,
                message: {
                    // The fewest rounds whose dominoes can fill a kingdom as far as it can be
                    // filled (an even grid leaves a square: its count around the castle is odd).
                    let fill = holds.div_ceil(kings_per_side.max(1));
                    format!(
                        "each kingdom takes {placed} dominoes but {} {grid}x{grid} kingdom holds at most {holds}: at least {} every game (`deck-size = {}` deals {}, the fewest that fill a kingdom as far as it can be filled)",
                        article(grid),
                        match placed - holds {
                            1 => "1 of its dominoes is discarded".to_string(),
                            n => format!("{n} of its dominoes are discarded"),
                        },
                        fill * usize::from(rules.line_size.max(1)),
                        crate::text::plural(fill as i64, "round", "rounds")
                    )
                },
            });
        }
        // No crown anywhere: every territory scores nothing (said without modules only: one
        // may crown a territory itself, as the Queen does).
        let crowned = self.dominoes.iter().any(|d| d.crowns() > 0)
            || self.buildings.iter().any(|b| b.crowns > 0);
        if !crowned && !self.dominoes.is_empty() && modules.is_empty() {
            out.push(RuleWarning {
                at: WarningAt::Deck,
                message: "no domino has a crown: every territory scores 0, so kingdoms score only bonuses".to_string(),
            });
        }
        // Harmony asks for every square filled, two squares a domino: an even grid leaves an
        // odd count around the castle (said once: the deck's warning names Harmony already).
        if rules.harmony.is_some() && grid >= 2 && needed % 2 == 1 && placed >= needed / 2 {
            out.push(RuleWarning {
                at: WarningAt::Grid,
                message: format!(
                    "Harmony can never be earned in {} {grid}x{grid} kingdom: its {needed} squares around the castle are an odd count, and dominoes cover two squares each",
                    article(grid)
                ),
            });
        }
        if let Some(mk) = rules.middle_kingdom
            && mk.reading == MiddleKingdomReading::FullGrid
            && grid % 2 == 0
        {
            out.push(RuleWarning {
                at: WarningAt::Grid,
                message: format!(
                    "Middle Kingdom's `full-grid` reading can never be earned in {} {grid}x{grid} kingdom: an even grid has no centre square for the castle",
                    article(grid)
                ),
            });
        }
        // With the castle fixed at the centre every square is within half the grid of it.
        if let Some(mk) = rules.middle_kingdom
            && mk.reading == MiddleKingdomReading::WithinHalfGrid
            && rules.castle == CastleAt::Centre
        {
            out.push(RuleWarning {
                at: WarningAt::Castle,
                message: format!(
                    "with castle = \"centre\" every kingdom earns Middle Kingdom's `within-half-grid` reading ({} points each, whatever is played): no square can lie farther from the castle (the other readings are earned by every kingdom reaching the four edges of its square: nearly all)",
                    mk.points
                ),
            });
        }
        // On an even grid the other readings centre the castle in an odd-sided box, a side
        // short of the grid: a kingdom holding every domino it takes does not fit in it.
        let fits = (grid.saturating_sub(1) * grid.saturating_sub(1)).saturating_sub(1) / 2;
        if let Some(mk) = rules.middle_kingdom
            && mk.reading != MiddleKingdomReading::FullGrid
            && grid >= 2
            && grid % 2 == 0
            && placed > fits
        {
            let side = grid - 1;
            out.push(RuleWarning {
                at: WarningAt::Grid,
                message: format!(
                    "Middle Kingdom is earned only by a kingdom centred in at most {side}x{side} squares (an even grid has no centre: the castle must be at the centre of an odd-sided box), which holds {fits} dominoes, and each kingdom takes {placed}: only a kingdom that could not place {} or more of its dominoes earns it",
                    placed - fits
                ),
            });
        }
        for (i, m) in modules.iter().enumerate() {
            if let Some(why) = m.idle(self, rules, modules) {
                out.push(RuleWarning {
                    at: WarningAt::Module(i),
                    message: format!("module `{}` can never act: {why}", m.name()),
                });
            }
            for why in m.never_counts(self, rules, modules) {
                out.push(RuleWarning {
                    at: WarningAt::Module(i),
                    message: format!("module `{}`: {why}", m.name()),
                });
            }
            for p in m.never_reached(self, rules, modules) {
                out.push(RuleWarning {
                    at: p
                        .key
                        .map_or(WarningAt::Module(i), |key| WarningAt::ModuleParam {
                            module: i,
                            key,
                        }),
                    message: format!("module `{}`: {}", m.name(), p.problem),
                });
            }
        }
        if !self.buildings.is_empty() && !modules.iter().any(|m| m.declare().building_tiles) {
            out.push(RuleWarning {
                at: WarningAt::BuildingTiles,
                message: format!(
                    "{} declared, but no module of `modules` plays building tiles: they never appear in a game",
                    crate::text::plural(
                        self.buildings.len() as i64,
                        "building tile",
                        "building tiles"
                    )
                ),
            });
        }
        for (key, rows) in self.tables.iter() {
            let played = modules
                .iter()
                .any(|m| m.component_tables().iter().any(|t| t.key == key));
            if !rows.is_empty() && !played {
                out.push(RuleWarning {
                    at: WarningAt::Modules,
                    message: format!(
                        "{} of component `{key}` declared, but no module of `modules` plays them: they never appear in a game",
                        crate::text::plural(rows.len() as i64, "row", "rows")
                    ),
                });
            }
        }
        // A resource exists when a module of the list keeps it (coins: a plugin's as well as
        // the knights' or wealth's; buildings giving coins need such a module to be listed).
        let kept = |r: &str| {
            modules
                .iter()
                .any(|m| m.declare().per_side().any(|p| p == r))
        };
        for (i, tb) in rules.tie_breaks.iter().enumerate() {
            let why = if sides < 2 {
                Some("a single kingdom has no one to tie with".to_string())
            } else if rules.tie_breaks[..i].contains(tb) {
                Some("it is already listed before".to_string())
            } else {
                match tb {
                    TieBreak::Most(r) | TieBreak::Fewest(r) if !kept(r.as_str()) => Some(format!(
                        "no module gives {}, so every kingdom has 0",
                        r.words()
                    )),
                    _ => None,
                }
            };
            if let Some(why) = why {
                out.push(RuleWarning {
                    at: WarningAt::TieBreak(i),
                    message: format!("tie-break `{}` can never decide: {why}", tb.name()),
                });
            }
        }
        // A match goes to the highest total, then its own tie-breaks (`match-tie-breaks`; the
        // rulebook gives Dynasty none), so the tie-breaks rank each game alone. Said only while
        // the match has none of its own: an author who wrote them has found the key.
        if rules.match_games > 1
            && !rules.tie_breaks.is_empty()
            && rules.match_tie_breaks.is_empty()
            && sides >= 2
        {
            out.push(RuleWarning {
                at: WarningAt::MatchTieBreaks,
                message: format!(
                    "tie-breaks rank each game of a match alone, never the match: a match of {} games goes to the highest total, and sides tied on it share the win (the rulebook gives Dynasty no tie-break); to break tied match totals, use `match-tie-breaks` (`match-tie-breaks = [\"most-games-won\"]`)",
                    rules.match_games
                ),
            });
        }
        // Match tie-breaks with no match: said once, of the list.
        if rules.match_games <= 1 && !rules.match_tie_breaks.is_empty() {
            out.push(RuleWarning {
                at: WarningAt::MatchTieBreak(0),
                message: "match-tie-breaks can never decide with `match-games = 1`: a game alone has no match totals to tie, its own `tie-breaks` rank it (a match of several games, as Dynasty's `match-games = 3`, is what they break)".to_string(),
            });
        }
        for (i, tb) in rules.match_tie_breaks.iter().enumerate() {
            let why = if rules.match_games <= 1 {
                None
            } else if sides < 2 {
                Some("a single kingdom has no one to tie with".to_string())
            } else {
                match tb.resource() {
                    Some(r) if !kept(r) => Some(format!(
                        "no module gives {}, so every kingdom has 0",
                        r.replace('-', " ")
                    )),
                    _ => None,
                }
            };
            if let Some(why) = why {
                out.push(RuleWarning {
                    at: WarningAt::MatchTieBreak(i),
                    message: format!("match tie-break `{}` can never decide: {why}", tb.name()),
                });
            }
        }
        // What the line source says can never work (boxes never dealt, but those another count
        // deals from: `line-order = ["kingdomino"]` at 2-4 players, both boxes mixed at 5).
        let mut ctx = self.deal_context(rules);
        ctx.dealt_elsewhere = self
            .player_counts
            .iter()
            .filter(|(m, _)| *m != players)
            .fold(0u16, |mask, (_, r)| {
                let every = u16::MAX;
                mask | match r.lines.kind.as_str() {
                    crate::lines::LineSource::ALTERNATE => {
                        r.lines.order.iter().fold(0u16, |m, &b| {
                            m | 1u16.checked_shl(u32::from(b)).unwrap_or(0)
                        })
                    }
                    // Mixed lines deal from every box; another source, as far as is known, too.
                    _ => every,
                }
            });
        for message in dealer.warnings(&ctx) {
            out.push(RuleWarning {
                at: WarningAt::LineOrder,
                message,
            });
        }
        out
    }
}

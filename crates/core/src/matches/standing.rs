//! A match's standing beyond its totals: what each side has, game by game, for each of the
//! ruleset's match tie-breaks (`match-tie-breaks`), and the one ranking of a match's sides: the
//! highest total, then those tie-breaks in order; sides still tied share the victory.

use crate::ruleset::MatchTieBreak;
use crate::score::Outcome;
use crate::side::{BySide, Side};
use serde::{Deserialize, Serialize};

/// What decided a match of several games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "tie-break")]
pub enum MatchDecider {
    /// The winner has the highest total alone (or plays alone).
    Total,
    /// The winner was tied on the highest total and this match tie-break separated them.
    TieBreak(MatchTieBreak),
    /// Still tied after every match tie-break (or the ruleset has none): the winners share
    /// the victory.
    Shared,
}

/// Each side's value for each match tie-break over the games counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    tie_breaks: Vec<MatchTieBreak>,
    /// By tie-break (same order), each side's value: games won, best score, last score, or
    /// the sum of what a game's tie-break compares (as counted: a `fewest-` sum is kept as it
    /// is, and ranked the other way).
    values: Vec<BySide<i64>>,
    /// Games counted.
    games: u32,
}

impl Standing {
    /// The standing of a match of `sides` sides under `tie_breaks`, before any game.
    pub(crate) fn new(tie_breaks: &[MatchTieBreak], sides: u8) -> Standing {
        Standing {
            tie_breaks: tie_breaks.to_vec(),
            values: vec![BySide::filled(sides, 0); tie_breaks.len()],
            games: 0,
        }
    }

    /// Back to no game counted, on the same memory.
    pub(crate) fn reset(&mut self) {
        for v in &mut self.values {
            v.fill(0);
        }
        self.games = 0;
    }

    /// Whether the match has no tie-breaks of its own (nothing to count).
    pub(crate) fn is_empty(&self) -> bool {
        self.tie_breaks.is_empty()
    }

    /// Count a finished game from its outcome (its scores and its own winners).
    #[cfg(test)]
    pub(crate) fn count(&mut self, outcome: &Outcome) {
        self.count_game(
            |side| outcome.scores.get(side).map_or(0, |s| s.total),
            &outcome.winners,
            Some(outcome),
        );
    }

    /// Whether counting a game needs its full outcome (each side's score breakdown, for a
    /// game's tie-break added up); else its points and its winners do.
    pub(crate) fn needs_breakdowns(&self) -> bool {
        self.tie_breaks
            .iter()
            .any(|t| matches!(t, MatchTieBreak::Summed(_)))
    }

    /// Count a finished game from each side's points, its winners (its own ranking) and, where
    /// [`Standing::needs_breakdowns`], its outcome: a match of `best-game` or `last-game` builds
    /// no breakdowns for its games.
    pub(crate) fn count_game(
        &mut self,
        points: impl Fn(Side) -> i32,
        winners: &[Side],
        outcome: Option<&Outcome>,
    ) {
        let first = self.games == 0;
        for (tie_break, values) in self.tie_breaks.iter().zip(&mut self.values) {
            for (side, value) in values.iter_mut() {
                let total = i64::from(points(side));
                match tie_break {
                    MatchTieBreak::MostGamesWon => {
                        if winners.contains(&side) {
                            *value += 1;
                        }
                    }
                    MatchTieBreak::BestGame if first => *value = total,
                    MatchTieBreak::BestGame => *value = (*value).max(total),
                    MatchTieBreak::LastGame => *value = total,
                    MatchTieBreak::Summed(t) => {
                        *value += outcome
                            .and_then(|o| o.scores.get(side))
                            .map_or(0, |s| s.compared(t));
                    }
                }
            }
        }
        self.games += 1;
    }

    /// Rank the sides of `totals` (each side's match total), the winners into `winners`: the
    /// highest total, then each match tie-break in order among the sides still tied; sides
    /// tied on all of them share the victory. Returns what decided it.
    pub(crate) fn rank(&self, totals: &BySide<i64>, winners: &mut Vec<Side>) -> MatchDecider {
        winners.clear();
        let Some(best) = totals.values().copied().max() else {
            return MatchDecider::Shared;
        };
        winners.extend(totals.iter().filter(|&(_, &t)| t == best).map(|(s, _)| s));
        if winners.len() <= 1 {
            return MatchDecider::Total;
        }
        for (tie_break, values) in self.tie_breaks.iter().zip(&self.values) {
            // (Higher ranks first: a count of which fewer wins, negated.)
            let key = |side: Side| {
                let v = values.get(side).copied().unwrap_or(0);
                if tie_break.prefers_fewer() {
                    v.saturating_neg()
                } else {
                    v
                }
            };
            let top = winners.iter().map(|&s| key(s)).max();
            winners.retain(|&s| Some(key(s)) == top);
            if winners.len() == 1 {
                return MatchDecider::TieBreak(*tie_break);
            }
        }
        MatchDecider::Shared
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::TieBreak;
    use crate::score::{ScoreBreakdown, rank};

    /// A side's score in one game: its total, largest territory, crowns and coins held.
    fn score(total: i32, largest: u32, crowns: u32, coins: u32) -> ScoreBreakdown {
        ScoreBreakdown {
            total,
            largest_territory: largest,
            crowns,
            held: [("coins".to_string(), coins)].into_iter().collect(),
            ..ScoreBreakdown::default()
        }
    }

    /// A game of these scores, ranked by the largest territory as Kingdomino ranks it.
    fn game(scores: Vec<ScoreBreakdown>) -> Outcome {
        rank(BySide::from_vec(scores), &[TieBreak::LargestTerritory])
    }

    fn tb(name: &str) -> MatchTieBreak {
        MatchTieBreak::parse(name).expect(name)
    }

    /// The winners and decider of a match of `games` under `tie_breaks`.
    fn ranked(tie_breaks: &[MatchTieBreak], games: &[Outcome]) -> (Vec<Side>, MatchDecider) {
        let sides = games[0].scores.len() as u8;
        let mut standing = Standing::new(tie_breaks, sides);
        let mut totals = BySide::filled(sides, 0i64);
        for g in games {
            standing.count(g);
            for (side, s) in g.scores.iter() {
                totals[side] += i64::from(s.total);
            }
        }
        let mut winners = Vec::new();
        let decider = standing.rank(&totals, &mut winners);
        (winners, decider)
    }

    /// Three games in which sides 0 and 1 tie on 60 in all, side 2 far behind: side 0 wins two
    /// games (20 to 10, 25 to 20) and side 1 one (30 to 15), side 1 has the best game and the
    /// last, side 0 the larger territories, side 1 more crowns and side 0 more coins.
    fn tied_match() -> Vec<Outcome> {
        vec![
            game(vec![
                score(20, 6, 4, 3),
                score(10, 5, 5, 1),
                score(5, 2, 1, 0),
            ]),
            game(vec![
                score(25, 7, 3, 2),
                score(20, 5, 6, 0),
                score(5, 2, 1, 0),
            ]),
            game(vec![
                score(15, 6, 2, 1),
                score(30, 6, 4, 1),
                score(5, 2, 1, 0),
            ]),
        ]
    }

    #[test]
    fn tied_totals_share_without_match_tie_breaks() {
        let (winners, decider) = ranked(&[], &tied_match());
        assert_eq!(winners, [Side(0), Side(1)]);
        assert_eq!(decider, MatchDecider::Shared);
    }

    #[test]
    fn the_highest_total_alone_wins_whatever_the_tie_breaks() {
        let mut games = tied_match();
        games[2] = game(vec![
            score(15, 6, 2, 1),
            score(31, 6, 4, 1),
            score(5, 2, 1, 0),
        ]);
        let (winners, decider) = ranked(&[tb("most-games-won")], &games);
        assert_eq!(winners, [Side(1)], "61 against 60");
        assert_eq!(decider, MatchDecider::Total);
    }

    #[test]
    fn each_match_tie_break_decides_a_tied_match() {
        for (name, winner) in [
            ("most-games-won", 0),
            ("best-game", 1),
            ("last-game", 1),
            ("largest-territory", 0),
            ("most-crowns", 1),
            ("fewest-crowns", 0),
            ("most-coins", 0),
            ("fewest-coins", 1),
        ] {
            let (winners, decider) = ranked(&[tb(name)], &tied_match());
            assert_eq!(winners, [Side(winner)], "{name}");
            assert_eq!(decider, MatchDecider::TieBreak(tb(name)), "{name}");
        }
    }

    #[test]
    fn a_shared_game_counts_as_won_by_each_side_sharing_it() {
        // Game 1 shared (20 each, the same largest territory); side 0 wins game 2, side 1 game
        // 3: 2 games won each, still tied; the best game then decides.
        let games = vec![
            game(vec![score(20, 6, 4, 0), score(20, 6, 5, 0)]),
            game(vec![score(25, 6, 3, 0), score(20, 6, 6, 0)]),
            game(vec![score(15, 6, 2, 0), score(20, 6, 4, 0)]),
        ];
        assert_eq!(games[0].winners, [Side(0), Side(1)]);
        let (winners, decider) = ranked(&[tb("most-games-won")], &games);
        assert_eq!(winners, [Side(0), Side(1)], "two games each");
        assert_eq!(decider, MatchDecider::Shared);
        let (winners, decider) = ranked(&[tb("most-games-won"), tb("best-game")], &games);
        assert_eq!(winners, [Side(0)], "25 is the best game");
        assert_eq!(decider, MatchDecider::TieBreak(tb("best-game")));
    }

    #[test]
    fn a_game_won_on_its_tie_break_counts_as_won() {
        // 20 each in game 1, side 1's territory larger: side 1 won it.
        let games = vec![
            game(vec![score(20, 5, 4, 0), score(20, 6, 5, 0)]),
            game(vec![score(20, 6, 3, 0), score(20, 6, 6, 0)]),
        ];
        let (winners, decider) = ranked(&[tb("most-games-won")], &games);
        assert_eq!(winners, [Side(1)], "1 game and a share against a share");
        assert_eq!(decider, MatchDecider::TieBreak(tb("most-games-won")));
    }

    #[test]
    fn ties_remaining_after_every_match_tie_break_are_shared() {
        // The same games for both sides, mirrored: equal on everything.
        let games = vec![
            game(vec![score(20, 6, 4, 1), score(10, 5, 3, 0)]),
            game(vec![score(10, 5, 3, 0), score(20, 6, 4, 1)]),
        ];
        let all: Vec<MatchTieBreak> = [
            "most-games-won",
            "largest-territory",
            "most-crowns",
            "most-coins",
        ]
        .into_iter()
        .map(tb)
        .collect();
        let (winners, decider) = ranked(&all, &games);
        assert_eq!(winners, [Side(0), Side(1)]);
        assert_eq!(decider, MatchDecider::Shared);
        // The last game is the one thing they differ on.
        let (winners, decider) = ranked(&[tb("best-game"), tb("last-game")], &games);
        assert_eq!(winners, [Side(1)]);
        assert_eq!(decider, MatchDecider::TieBreak(tb("last-game")));
    }

    #[test]
    fn a_later_tie_break_decides_only_among_those_still_tied() {
        // Three sides tied on 30: sides 0 and 1 won a game each, side 2 none; side 2 has by
        // far the most crowns, but `most-games-won` has left it out already.
        let games = vec![
            game(vec![
                score(20, 6, 1, 0),
                score(10, 5, 1, 0),
                score(15, 5, 9, 0),
            ]),
            game(vec![
                score(10, 5, 2, 0),
                score(20, 6, 1, 0),
                score(15, 5, 9, 0),
            ]),
        ];
        let (winners, decider) = ranked(&[tb("most-games-won"), tb("most-crowns")], &games);
        assert_eq!(winners, [Side(0)], "3 crowns against 2");
        assert_eq!(decider, MatchDecider::TieBreak(tb("most-crowns")));
        let (winners, _) = ranked(&[tb("most-crowns")], &games);
        assert_eq!(winners, [Side(2)]);
    }

    #[test]
    fn best_game_counts_negative_scores() {
        // A handicap can leave every game below 0: the best is the least bad, not 0.
        let games = vec![
            game(vec![score(-5, 1, 0, 0), score(-3, 1, 0, 0)]),
            game(vec![score(-4, 1, 0, 0), score(-6, 1, 0, 0)]),
        ];
        let (winners, _) = ranked(&[tb("best-game")], &games);
        assert_eq!(winners, [Side(1)]);
    }
}

//! A tally read from a part file checked whole: every count, sum and sum of squares one that
//! games could have made, so a hand-edited or damaged part cannot make `merge` report
//! impossible figures.

use super::*;

/// Whether `sq` can be the sum of the squares of `n` whole values summing to `sum`: at least
/// the square of the sum over `n` (Cauchy-Schwarz: `n * sq >= sum^2`), so no crafted part
/// passes a spread of 0 (and an interval of no width) off as what was counted.
pub(super) fn squares_fit(sum: i128, sq: u128, n: u64) -> bool {
    let square = sum.unsigned_abs().checked_mul(sum.unsigned_abs());
    match (square, u128::from(n).checked_mul(sq)) {
        (Some(square), Some(n_sq)) => n_sq >= square,
        // Past u128 either way: the squares' side overflowing holds at least the sum's.
        (None, _) => false,
        (Some(_), None) => true,
    }
}

/// Whether `n` whole values, each from `least` to `most`, can add up to `sum` with squares
/// adding up to `sq`: the sum from `n * least` to `n * most`; the squares of the sum's parity (a
/// square is odd with its number), at least `sum^2 / n` ([`squares_fit`]) and at most
/// `(least + most) * sum - n * least * most` (each value's `(v - least) (most - v) >= 0`: at
/// most `n * most^2`, less the nearer the sum is to the ends).
pub(crate) fn sums_fit(n: u64, sum: i128, sq: u128, least: i128, most: i128) -> bool {
    // No value: nothing added, whatever the range (an empty one too: every game tied).
    if n == 0 {
        return sum == 0 && sq == 0;
    }
    let count = i128::from(n);
    let ends = count.checked_mul(least).zip(count.checked_mul(most));
    if least > most || ends.is_none_or(|(low, high)| sum < low || sum > high) {
        return false;
    }
    if sq % 2 != sum.rem_euclid(2).unsigned_abs() || !squares_fit(sum, sq, n) {
        return false;
    }
    let bound = least
        .checked_add(most)
        .and_then(|s| s.checked_mul(sum))
        .zip(least.checked_mul(most).and_then(|p| p.checked_mul(count)))
        .and_then(|(a, b)| a.checked_sub(b));
    match bound {
        Some(bound) => u128::try_from(bound).is_ok_and(|bound| sq <= bound),
        // Past i128 (values near 2^63): the plainer `n * max(least^2, most^2)`.
        None => {
            let far = least.unsigned_abs().max(most.unsigned_abs());
            sq <= far.saturating_mul(far).saturating_mul(u128::from(n))
        }
    }
}

/// Scores, their squares, wins and their squares, each added up over `figures` (`None` past
/// their types: refused where compared).
pub(super) fn added_up(
    mut figures: impl Iterator<Item = (i128, u128, u128, u128)>,
) -> Option<(i128, u128, u128, u128)> {
    figures.try_fold((0i128, 0u128, 0u128, 0u128), |a, f| {
        Some((
            a.0.checked_add(f.0)?,
            a.1.checked_add(f.1)?,
            a.2.checked_add(f.2)?,
            a.3.checked_add(f.3)?,
        ))
    })
}

/// Whether `n` shares of a win (each 0 or a win split among at most `sides` sides, in
/// [`WIN_UNIT`]s) can add up to `units` with squares adding up to `sq`; `whole` when no win was
/// shared (each share 0 or a whole win).
pub(super) fn wins_fit(n: u64, units: u128, sq: u128, sides: usize, whole: bool) -> bool {
    let unit = u128::from(WIN_UNIT);
    let Ok(sum) = i128::try_from(units) else {
        return false;
    };
    // A share `WIN_UNIT / k` squared is `units * WIN_UNIT / k`: from `1 / sides` to 1 win.
    let least = units.checked_mul(unit / sides.clamp(1, 16) as u128);
    sums_fit(n, sum, sq, 0, i128::from(WIN_UNIT))
        && least.is_some_and(|least| sq >= least)
        && (!whole || (units.is_multiple_of(unit) && Some(sq) == units.checked_mul(unit)))
}

impl Tally {
    /// Check a tally read from a file: its parts agree with each other.
    pub fn check(&self) -> Result<(), TallyError> {
        if self.seats.len() != self.seat_side.len()
            || self.seats.is_empty()
            || self.seats.len() > 16
        {
            return Err(TallyError::Inconsistent("seat count".into()));
        }
        if !(1..=crownlands_core::ruleset::MAX_MATCH_GAMES).contains(&self.match_games) {
            return Err(TallyError::Inconsistent(format!(
                "{} games a match (a ruleset plays 1 to {})",
                self.match_games,
                crownlands_core::ruleset::MAX_MATCH_GAMES
            )));
        }
        // Sides are numbered from 1 with no gap (side 3 of 3 seats leaves one without a seat).
        let sides = self.sides();
        if self.seat_side.iter().any(|s| s.index() >= sides) {
            return Err(TallyError::Inconsistent(
                "the seats' sides skip one (a table's sides are numbered without a gap)".into(),
            ));
        }
        self.discarded.check()?;
        // Every side is a whole team of one size (a ruleset's seating makes them so), which
        // the figures by side count on ([`Tally::team_seats`]).
        let k = self.team_seats();
        if self
            .seat_side
            .iter()
            .any(|side| self.seat_side.iter().filter(|&x| x == side).count() as u64 != k)
        {
            return Err(TallyError::Inconsistent(
                "teams of different sizes (a ruleset's teams are all of one size)".into(),
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            s.score.check()?;
            if s.score.total() != self.games {
                return Err(TallyError::Inconsistent(format!(
                    "seat {}: {} scores for {} games",
                    i + 1,
                    s.score.total(),
                    self.games
                )));
            }
            // One-point buckets give the sums exactly; wider ones, each value anywhere in its
            // bucket, a range of sums (and of squares) that the sums are within.
            let (least, most) = s.score.range().unwrap_or((0, 0));
            let within = s.score.allows().is_some_and(|((s0, s1), (q0, q1))| {
                (s0..=s1).contains(&s.score_sum) && (q0..=q1).contains(&s.score_sq_sum)
            }) && sums_fit(self.games, s.score_sum, s.score_sq_sum, least, most);
            let exact = !s.score.is_exact()
                || s.score.checked_sums() == Some((s.score_sum, s.score_sq_sum));
            if !within || !exact {
                return Err(TallyError::Inconsistent(format!(
                    "seat {}: the score sums do not match the histogram",
                    i + 1
                )));
            }
        }
        if self.bonuses.values().any(|r| r.len() != self.seats.len()) {
            return Err(TallyError::Inconsistent("bonus seats".into()));
        }
        // No total below the least the rules allow (a value's bucket reaching it at least).
        if let Some(least) = self.least_total
            && let Some(p) = self.seats.iter().position(|s| {
                s.score.range().is_some_and(|(first, _)| {
                    first + i128::from(s.score.width.max(1)) - 1 < i128::from(least)
                })
            })
        {
            return Err(TallyError::Inconsistent(format!(
                "seat {}: totals below {least}, the least its rules allow",
                p + 1
            )));
        }
        if let Some(f) = &self.finishes {
            // A game is tied at the top when shared; a margin is at least 0 and a whole number,
            // so its squares add up to at least the sum.
            if f.tied_top > self.games || f.shared > f.tied_top || f.margin_sq_sum < f.margin_sum {
                return Err(TallyError::Inconsistent(format!(
                    "{} games tied at the top and {} shared, of {} played, or margins that are \
                     not whole",
                    f.tied_top, f.shared, self.games
                )));
            }
        }
        // A part file is read whole before this: a resource row per name, a count per seat.
        if self.held.values().any(|r| r.len() != self.seats.len()) || self.held.len() > 256 {
            return Err(TallyError::Inconsistent("resource seats".into()));
        }
        // Squares of whole numbers of at least 0 add up to at least their sum (and to its
        // parity, and to at least its square over the games), and are of the resources held.
        if !self.held_sq.is_empty()
            && (self.held_sq.len() != self.held.len()
                || self.held_sq.iter().any(|(k, sq)| {
                    self.held.get(k).is_none_or(|row| {
                        row.len() != sq.len()
                            || row.iter().zip(sq).any(|(&n, &q)| {
                                // Each game's holding from 0 to what a count holds (u32).
                                !sums_fit(
                                    self.games_of_matches(),
                                    i128::from(n),
                                    q,
                                    0,
                                    i128::from(u32::MAX),
                                )
                            })
                    })
                }))
        {
            return Err(TallyError::Inconsistent(
                "the resources held do not match their squares".into(),
            ));
        }
        // A game gives a seat (a bot's player-game) at most one win: the sums are bounded.
        let at_most_a_win_a_game = |games: u64, units: u128, sq_units: u128| {
            let unit = u128::from(WIN_UNIT);
            units <= u128::from(games) * unit && sq_units <= u128::from(games) * unit * unit
        };
        for (i, s) in self.seats.iter().enumerate() {
            if !at_most_a_win_a_game(self.games, s.win_units, s.win_sq_units) {
                return Err(TallyError::Inconsistent(format!(
                    "seat {}: more wins than games",
                    i + 1
                )));
            }
        }
        // Each game (match) gives exactly one win, split among the winning sides, and every
        // seat of a side holds its side's share.
        let mut side_units: Vec<(Side, u128)> = Vec::new();
        for (i, (s, &side)) in self.seats.iter().zip(&self.seat_side).enumerate() {
            match side_units.iter().find(|(x, _)| *x == side) {
                Some(&(_, units)) if units != s.win_units => {
                    return Err(TallyError::Inconsistent(format!(
                        "seat {}: not its side's wins",
                        i + 1
                    )));
                }
                Some(_) => {}
                None => side_units.push((side, s.win_units)),
            }
        }
        let won: u128 = side_units.iter().map(|&(_, u)| u).sum();
        if won != u128::from(self.games) * u128::from(WIN_UNIT) {
            return Err(TallyError::Inconsistent(format!(
                "the wins add up to {:.3} games, not the {} played",
                won as f64 / WIN_UNIT as f64,
                self.games
            )));
        }
        // A kingdom holds at most 63 squares besides its castle (8x8): 31 dominoes a game.
        let most_placed = u64::from(self.match_games.max(1)).saturating_mul(31);
        for (i, s) in self.seats.iter().enumerate() {
            if s.placed > self.games.saturating_mul(most_placed) {
                return Err(TallyError::Inconsistent(format!(
                    "seat {}: more dominoes placed than a game holds",
                    i + 1
                )));
            }
        }
        // Games of a match counted: bonuses and discards are counted game by game.
        let played = self.games_of_matches();
        if let Some((key, _)) = self
            .bonuses
            .iter()
            .find(|(_, row)| row.iter().any(|&c| c > played))
        {
            return Err(TallyError::Inconsistent(format!(
                "the bonus `{}` earned in more games than were played",
                crownlands_core::text::excerpt(key)
            )));
        }
        let most_dealt = crownlands_core::ruleset::MAX_DOMINOES as i64;
        if self.discarded.total() != played {
            return Err(TallyError::Inconsistent(format!(
                "discards counted for {} games where {played} were played",
                self.discarded.total()
            )));
        }
        // What lines leave unclaimed and what was given up are among the discards.
        let (sum, _) = self.discarded.sums();
        if let Some(u) = self.unclaimed
            && i128::from(u) > sum
        {
            return Err(TallyError::Inconsistent(format!(
                "{u} dominoes left unclaimed of {sum} discarded"
            )));
        }
        if let Some(g) = self.given_up
            && i128::from(g) + i128::from(self.unclaimed.unwrap_or(0)) > sum
        {
            return Err(TallyError::Inconsistent(format!(
                "{g} dominoes given up and {} left unclaimed of {sum} discarded",
                self.unclaimed.unwrap_or(0)
            )));
        }
        if self.discarded.low < 0 || self.discarded.high() > most_dealt {
            return Err(TallyError::Inconsistent(format!(
                "discards counted from {} to {} a game, where a game deals 0 to {most_dealt}",
                self.discarded.low,
                self.discarded.high()
            )));
        }
        // Every domino dealt is placed or discarded, and every game deals as many: what the
        // sides placed and the discards add up to the same deal a game (the discards counted
        // one by one, as every run counts them).
        let dealt = self.dealt();
        if played > 0 && self.discarded.is_exact() && dealt % i128::from(played) != 0 {
            return Err(TallyError::Inconsistent(
                "the dominoes placed and discarded are not the same deal each game".into(),
            ));
        }
        // A total's size: the most any seat's histogram holds, either way.
        let most_points = self
            .seats
            .iter()
            .flat_map(|s| {
                // The highest bucket holds values up to its width past its first.
                let last = i128::from(s.score.high()) + i128::from(s.score.width.max(1)) - 1;
                [i128::from(s.score.low), last]
            })
            .map(i128::abs)
            .max()
            .unwrap_or(0);
        // A winner's margin over the next side is at most two totals apart, each game.
        if let Some(f) = &self.finishes {
            let most = i128::from(self.games)
                .checked_mul(2)
                .and_then(|g| g.checked_mul(most_points));
            if most.is_none_or(|most| f.margin_sum > most.unsigned_abs()) {
                return Err(TallyError::Inconsistent(
                    "margins past any seats' totals".into(),
                ));
            }
        }
        for b in &self.bots {
            let name = crownlands_core::text::excerpt(&b.bot);
            if !at_most_a_win_a_game(b.games, b.win_units, b.win_sq_units) {
                return Err(TallyError::Inconsistent(format!(
                    "bot {name}: more wins than games"
                )));
            }
            // A bot plays at most every seat of every game; sums past what those seats could
            // total (checked, so no crafted count can overflow them).
            let seat_games = self
                .games
                .checked_mul(self.seats.len() as u64)
                .is_some_and(|most| b.games <= most);
            let games = i128::from(b.games);
            let past = |sum: i128, by: i128| {
                games
                    .checked_mul(by)
                    .and_then(|g| g.checked_mul(most_points))
                    .is_none_or(|most| sum.unsigned_abs() > most.unsigned_abs())
            };
            if !seat_games || past(b.score_sum, 1) || past(b.margin_sum, 2) {
                return Err(TallyError::Inconsistent(format!(
                    "bot {name}: scores or margins past any seat's totals"
                )));
            }
            // A bonus earned in at most every game of every seat the bot played, named as the
            // tally's own bonuses are.
            let games_of_seats = b.games.saturating_mul(u64::from(self.match_games.max(1)));
            if b.bonuses
                .iter()
                .flatten()
                .any(|(key, &n)| n > games_of_seats || !self.bonuses.contains_key(key))
            {
                return Err(TallyError::Inconsistent(format!(
                    "bot {name}: a bonus earned in more games than it played, or one no seat earned"
                )));
            }
            // No decision takes a day (a time budget is at most an hour; the largest count of
            // playouts, on the largest table, far less than a day).
            if b.nanos > u128::from(b.decisions) * 86_400_000_000_000 {
                return Err(TallyError::Inconsistent(format!(
                    "bot {name}: more than a day a decision"
                )));
            }
        }
        // The bots' bonuses, where kept, are the seats' (each seat's earned bonus went to the
        // bot in it): for each bonus the bots' counts add up to the seats'. Kept by every bot
        // or by none (one build writes them all).
        if self.bots.iter().any(|b| b.bonuses.is_some()) {
            let all: Option<Vec<&BTreeMap<String, u64>>> =
                self.bots.iter().map(|b| b.bonuses.as_ref()).collect();
            let adds_up = all.is_some_and(|all| {
                self.bonuses.iter().all(|(key, row)| {
                    let seats = row.iter().try_fold(0u64, |s, &n| s.checked_add(n));
                    let bots = all
                        .iter()
                        .try_fold(0u64, |s, m| s.checked_add(m.get(key).copied().unwrap_or(0)));
                    seats.is_some() && seats == bots
                })
            });
            if !adds_up {
                return Err(TallyError::Inconsistent(
                    "the bots' bonuses do not add up to the seats'".into(),
                ));
            }
        }
        // The first claims: a place for each side at most, every seat of every game once.
        if !self.first_claims.is_empty() {
            let counted = self
                .first_claims
                .iter()
                .try_fold(0u64, |n, c| n.checked_add(c.games));
            let games = i128::from(self.games);
            if self.first_claims.len() > self.seats.len()
                || counted != self.games.checked_mul(self.seats.len() as u64)
                || self.first_claims.iter().any(|c| {
                    !at_most_a_win_a_game(c.games, c.win_units, c.win_sq_units)
                        || c.score_sum.abs() > i128::from(c.games) * most_points
                })
                || games == 0
            {
                return Err(TallyError::Inconsistent(
                    "the first claims' places do not add up to the games".into(),
                ));
            }
            // In teams a place is one team's each game, each of its seats counting the team's
            // one result: every figure is the team's size times its teams' (what the
            // intervals count, [`Tally::place_units`]).
            let (k, kw) = (i128::from(k), u128::from(k));
            if let Some(p) = self.first_claims.iter().position(|c| {
                !(c.games.is_multiple_of(k as u64)
                    && c.win_units.is_multiple_of(kw)
                    && c.win_sq_units.is_multiple_of(kw)
                    && c.score_sum % k == 0
                    && c.score_sq_sum.is_multiple_of(kw))
            }) {
                return Err(TallyError::Inconsistent(format!(
                    "place {} in the first claims: seat-games or sums that are not whole teams' \
                     ({k} seats a team)",
                    p + 1
                )));
            }
        }
        self.check_bot_sides()?;
        self.check_sums()
    }

    /// The dominoes of `simulate --dominoes` read from a part file: single games only, named in
    /// plain characters, each placed or discarded at most once a game, its placing sides'
    /// totals and wins within what its games allow; every domino placed counted (the seats'
    /// dominoes placed, a team's seats each counting its side's).
    pub(super) fn check_dominoes(
        &self,
        dominoes: &[DominoTally],
        least: i128,
        most: i128,
        wins: &dyn Fn(u64, u128, u128) -> bool,
    ) -> Result<(), TallyError> {
        let bad = |what: String| Err(TallyError::Inconsistent(what));
        if self.match_games > 1 {
            return bad("dominoes counted in matches (only single games count them)".into());
        }
        let plain = |text: &str| {
            text.chars().count() <= 64
                && !text
                    .chars()
                    .any(|c| c.is_control() || crownlands_core::text::is_unsafe_char(c))
        };
        for (i, d) in dominoes.iter().enumerate() {
            if !plain(&d.domino) || !plain(&d.squares) {
                return bad(format!(
                    "domino {}: a name or squares of more than 64 characters, or with a \
                     control or invisible character",
                    i + 1
                ));
            }
            let dealt = d.placed.checked_add(d.discarded);
            if dealt.is_none_or(|n| n > self.games)
                || !sums_fit(d.placed, d.score_sum, d.score_sq_sum, least, most)
                || !wins(d.placed, d.win_units, d.win_sq_units)
            {
                return bad(format!(
                    "domino {}: placed or discarded more often than the {} games, or scores \
                     or wins past what its games allow",
                    crownlands_core::text::excerpt(&d.domino),
                    self.games
                ));
            }
        }
        // Every domino discarded is one of the games' discards.
        let discarded = dominoes
            .iter()
            .try_fold(0u64, |n, d| n.checked_add(d.discarded));
        let discards = self.discarded.checked_sums().map(|(sum, _)| sum);
        if discarded.map(i128::from) != discards {
            return bad("the dominoes discarded do not add up to the games' discards".into());
        }
        let placed = dominoes
            .iter()
            .try_fold(0u64, |n, d| n.checked_add(d.placed))
            .and_then(|n| n.checked_mul(self.team_seats()));
        let seats_placed = self
            .seats
            .iter()
            .try_fold(0u64, |n, s| n.checked_add(s.placed));
        if placed.is_none() || placed != seats_placed {
            return bad(
                "the dominoes placed do not add up to the seats' (every domino placed is one \
                 side's)"
                    .into(),
            );
        }
        Ok(())
    }

    /// The bots' side-games, where kept: in team games only, by every bot, each holding 1 to
    /// `k` of the bot's seats (its seat-games their sum, their squares `seats_sq`: see
    /// [`sums_fit`]); over the bots, every side of every game at least once and every seat once.
    pub(super) fn check_bot_sides(&self) -> Result<(), TallyError> {
        let kept = self.bots.iter().filter(|b| b.sides.is_some()).count();
        if kept == 0 {
            return Ok(());
        }
        let k = self.team_seats();
        if kept != self.bots.len() || k < 2 {
            return Err(TallyError::Inconsistent(
                "the bots' side-games kept by some bots and not others, or without teams".into(),
            ));
        }
        let mut side_games = 0u128;
        for b in &self.bots {
            let Some(s) = &b.sides else { continue };
            side_games += u128::from(s.games);
            if !sums_fit(
                s.games,
                i128::from(b.games),
                u128::from(s.seats_sq),
                1,
                i128::from(k),
            ) {
                return Err(TallyError::Inconsistent(format!(
                    "bot {}: {} side-games (seats squared {}) that do not hold its {} seat-games \
                     ({k} seats a team)",
                    crownlands_core::text::excerpt(&b.bot),
                    s.games,
                    s.seats_sq,
                    b.games
                )));
            }
        }
        let games = u128::from(self.games);
        if side_games < games * self.sides() as u128
            || side_games > games * self.seats.len() as u128
        {
            return Err(TallyError::Inconsistent(
                "the bots' side-games do not cover every team of every game".into(),
            ));
        }
        Ok(())
    }

    /// The rest of [`Tally::check`]: every sum within what its count and the seats' totals
    /// allow, every sum of squares between `sum^2 / n` and what the range allows, and the
    /// figures that count the same games twice (by seat, by place, by bot) the same sums.
    pub(super) fn check_sums(&self) -> Result<(), TallyError> {
        let bad = |what: String| Err(TallyError::Inconsistent(what));
        // A team's seats each hold their side's total, share and dominoes.
        let mut first_of_side: Vec<(Side, &SeatTally)> = Vec::new();
        for (i, (s, &side)) in self.seats.iter().zip(&self.seat_side).enumerate() {
            match first_of_side.iter().find(|(x, _)| *x == side) {
                Some((_, t))
                    if (&t.score, t.score_sum, t.score_sq_sum, t.placed)
                        != (&s.score, s.score_sum, s.score_sq_sum, s.placed) =>
                {
                    return bad(format!(
                        "seat {}: not its side's totals (a team's seats each hold its side's)",
                        i + 1
                    ));
                }
                Some(_) => {}
                None => first_of_side.push((side, s)),
            }
        }
        // And the games its side earned each bonus in, and what its side held.
        // Seat `i`'s entry of a row is that of its side's first seat.
        fn same<T: PartialEq>(row: &[T], first: Option<usize>, i: usize) -> bool {
            first.is_some_and(|f| row.get(f) == row.get(i))
        }
        let side_rows = |i: usize| {
            let first = self.seat_side.iter().position(|&x| x == self.seat_side[i]);
            self.bonuses.values().all(|r| same(r, first, i))
                && self.held.values().all(|r| same(r, first, i))
                && self.held_sq.values().all(|r| same(r, first, i))
        };
        if let Some(i) = (0..self.seats.len()).find(|&i| !side_rows(i)) {
            return bad(format!(
                "seat {}: not its side's bonuses or resources held (a team's seats each hold \
                 its side's)",
                i + 1
            ));
        }
        // Any seat's total in any game: from the least any histogram allows to the most.
        let (least, most) = self.totals_range().unwrap_or((0, 0));
        let sides = self.sides();
        let whole = self.finishes.as_ref().is_some_and(|f| f.shared == 0);
        let wins = |n: u64, units: u128, sq: u128| wins_fit(n, units, sq, sides, whole);
        for (i, s) in self.seats.iter().enumerate() {
            if !wins(self.games, s.win_units, s.win_sq_units) {
                return bad(format!(
                    "seat {}: the squares of its wins are not of shares of a win",
                    i + 1
                ));
            }
        }
        // Each game a winner's margin over the next side: 0 when tied at the top, else from 1
        // to the totals' range (0 with one side); the same for the squares.
        if let Some(f) = &self.finishes {
            let outright = self.games - f.tied_top;
            let (low, high) = if sides > 1 { (1, most - least) } else { (0, 0) };
            let fits = i128::try_from(f.margin_sum)
                .is_ok_and(|sum| sums_fit(outright, sum, f.margin_sq_sum, low, high));
            // With two sides a game's margin is the difference of their totals, whichever won:
            // the margins add up to at least the difference of the sums, and to its parity.
            let two = match first_of_side.as_slice() {
                [(_, a), (_, b)] => {
                    let d = a.score_sum.checked_sub(b.score_sum).map(i128::unsigned_abs);
                    d.is_some_and(|d| f.margin_sum >= d && f.margin_sum % 2 == d % 2)
                }
                _ => true,
            };
            if !fits || !two {
                return bad(format!(
                    "margins summing to {} (squares {}) over {outright} games won outright, with \
                     totals from {least} to {most}",
                    f.margin_sum, f.margin_sq_sum
                ));
            }
        }
        // What lines leave unclaimed is the same each game (the same lines and kings).
        if let Some(u) = self.unclaimed {
            let played = self.games_of_matches();
            if played > 0 && !u.is_multiple_of(played) {
                return bad(format!(
                    "{u} dominoes left unclaimed over {played} games, not as many each game"
                ));
            }
        }
        // Seat totals summed over the seats, as the places and the bots count them again.
        let seat_sums = added_up(
            self.seats
                .iter()
                .map(|s| (s.score_sum, s.score_sq_sum, s.win_units, s.win_sq_units)),
        );
        let seat_games = self.games.checked_mul(self.seats.len() as u64);
        if let Some(dominoes) = &self.dominoes {
            self.check_dominoes(dominoes, least, most, &wins)?;
        }
        if !self.first_claims.is_empty() {
            for (k, c) in self.first_claims.iter().enumerate() {
                if !sums_fit(c.games, c.score_sum, c.score_sq_sum, least, most)
                    || !wins(c.games, c.win_units, c.win_sq_units)
                {
                    return bad(format!(
                        "place {} in the first claims: scores or wins past what its {} seat-games \
                         allow (totals from {least} to {most})",
                        k + 1,
                        c.games
                    ));
                }
            }
            let places = added_up(
                self.first_claims
                    .iter()
                    .map(|c| (c.score_sum, c.score_sq_sum, c.win_units, c.win_sq_units)),
            );
            if places.is_none() || places != seat_sums {
                return bad(
                    "the first claims' scores and wins do not add up to the seats' (every seat of \
                     every game claims in one place)"
                        .into(),
                );
            }
        }
        if !self.bots.is_empty() {
            for b in &self.bots {
                let name = crownlands_core::text::excerpt(&b.bot);
                // A bot's margin is its total less the best other side's: from its total less
                // the most to its total less the least.
                let n = i128::from(b.games);
                let margins = n
                    .checked_mul(most)
                    .zip(n.checked_mul(least))
                    .and_then(|(hi, lo)| {
                        Some((b.score_sum.checked_sub(hi)?, b.score_sum.checked_sub(lo)?))
                    })
                    .is_some_and(|(lo, hi)| (lo..=hi).contains(&b.margin_sum));
                if !sums_fit(b.games, b.score_sum, b.score_sq_sum, least, most)
                    || !margins
                    || !wins(b.games, b.win_units, b.win_sq_units)
                {
                    return bad(format!(
                        "bot {name}: scores, margins or wins past what its {} player-games allow \
                         (totals from {least} to {most})",
                        b.games
                    ));
                }
            }
            // Every seat of every game is played by one bot of the list.
            let bot_games = self
                .bots
                .iter()
                .try_fold(0u64, |n, b| n.checked_add(b.games));
            let bots = bot_games.zip(added_up(
                self.bots
                    .iter()
                    .map(|b| (b.score_sum, b.score_sq_sum, b.win_units, b.win_sq_units)),
            ));
            if bots.is_none() || bots != seat_games.zip(seat_sums) {
                return bad(
                    "the bots' games, scores and wins do not add up to the seats' (every seat of \
                     every game is played by one bot)"
                        .into(),
                );
            }
            // With two sides, a seat's margin is its side's total less the other's: over the
            // seats of a game the margins add up to (seats of A - seats of B) times (A's total
            // - B's), and over the games the bots' to that of the sides' sums.
            if let [(a, sa), (b, sb)] = first_of_side.as_slice() {
                let count = |side: &Side| self.seat_side.iter().filter(|&x| x == side).count();
                let expected = sa
                    .score_sum
                    .checked_sub(sb.score_sum)
                    .and_then(|d| d.checked_mul(count(a) as i128 - count(b) as i128));
                let margins = self
                    .bots
                    .iter()
                    .try_fold(0i128, |m, b| m.checked_add(b.margin_sum));
                if expected.is_none() || margins != expected {
                    return bad(
                        "the bots' margins do not add up to the two sides' totals' difference"
                            .into(),
                    );
                }
            }
        }
        Ok(())
    }
}

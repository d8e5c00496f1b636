//! `compare`'s paired differences: both rulesets played on the same seeds, each game's figures
//! of B less A's, summed so that shards add up (`merge_paired`).

use super::tally::{Outcome, add};
use super::tally_error::TallyError;
use serde::{Deserialize, Serialize};

/// The paired differences B - A of two rulesets played on the same seeds, per seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedSeat {
    pub score_sum: i128,
    pub score_sq_sum: u128,
    pub win_units: i128,
    pub win_sq_units: u128,
}

/// Add one game's paired differences (`b - a`, seat by seat) to `paired`.
pub fn add_paired(paired: &mut [PairedSeat], a: &Outcome, b: &Outcome) {
    for (p, seat) in paired.iter_mut().enumerate() {
        let ds = b.totals[p] - a.totals[p];
        let dw = i128::from(b.shares[p]) - i128::from(a.shares[p]);
        seat.score_sum += i128::from(ds);
        seat.score_sq_sum += u128::from(ds.unsigned_abs()).pow(2);
        seat.win_units += dw;
        seat.win_sq_units += dw.unsigned_abs().pow(2);
    }
}

/// The paired differences B - A of a group of seats, game by game: of one bot of the list
/// (every seat it plays), or of one place in the first claims (the seats whose side claimed
/// first, second, ...). Each game's sum over the group's seats, so the seats of one game count
/// as one value (three greedy seats of a game do not make three independent differences).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedGroup {
    /// Games in which the group was the same seats under both rulesets.
    pub games: u64,
    /// Its seats over those games.
    pub seats: u64,
    pub score_sum: i128,
    pub score_sq_sum: u128,
    pub win_units: i128,
    pub win_sq_units: u128,
}

/// Add one game's paired differences to each group's (`paired`, by the group's index), the
/// group of each seat given for A and for B (`a_groups`, `b_groups`): only when they are the
/// same (two rulesets whose teams differ can rotate the bots differently, and two rulesets can
/// draw the first claims differently: that game is not counted).
fn add_paired_groups(
    paired: &mut [PairedGroup],
    (a_groups, a): (&[usize], &Outcome),
    (b_groups, b): (&[usize], &Outcome),
) {
    if a_groups.is_empty() || a_groups != b_groups || a_groups.len() != a.totals.len() {
        return;
    }
    for (k, group) in paired.iter_mut().enumerate() {
        let (mut ds, mut dw, mut seats) = (0i128, 0i128, 0u64);
        for (p, _) in a_groups.iter().enumerate().filter(|&(_, &g)| g == k) {
            ds += i128::from(b.totals[p] - a.totals[p]);
            dw += i128::from(b.shares[p]) - i128::from(a.shares[p]);
            seats += 1;
        }
        if seats == 0 {
            continue;
        }
        group.games += 1;
        group.seats += seats;
        group.score_sum += ds;
        group.score_sq_sum += ds.unsigned_abs().pow(2);
        group.win_units += dw;
        group.win_sq_units += dw.unsigned_abs().pow(2);
    }
}

/// Add one game's paired differences to each bot's (`paired`, by the bots' index), when the
/// bots sat alike under both rulesets.
pub fn add_paired_bots(paired: &mut [PairedGroup], a: &Outcome, b: &Outcome) {
    add_paired_groups(paired, (&a.bots, a), (&b.bots, b));
}

/// Add one game's paired differences to each place in the first claims (`paired`, first
/// claimer first), when the first claims fell alike under both rulesets.
pub fn add_paired_places(paired: &mut [PairedGroup], a: &Outcome, b: &Outcome) {
    add_paired_groups(paired, (&a.places, a), (&b.places, b));
}

/// Add groups' paired differences tallied elsewhere; a side without them (a part file written
/// before they were kept) leaves none: a sum over part of the games would pass for the whole.
pub fn merge_paired_groups(
    into: &mut Vec<PairedGroup>,
    from: &[PairedGroup],
) -> Result<(), TallyError> {
    if into.is_empty() || from.is_empty() {
        into.clear();
        return Ok(());
    }
    if into.len() != from.len() {
        return Err(TallyError::Mismatch("paired groups"));
    }
    for (a, b) in into.iter_mut().zip(from) {
        add(&mut a.games, b.games)?;
        add(&mut a.seats, b.seats)?;
        add(&mut a.score_sum, b.score_sum)?;
        add(&mut a.score_sq_sum, b.score_sq_sum)?;
        add(&mut a.win_units, b.win_units)?;
        add(&mut a.win_sq_units, b.win_sq_units)?;
    }
    Ok(())
}

/// Add paired differences tallied elsewhere.
pub fn merge_paired(into: &mut [PairedSeat], from: &[PairedSeat]) -> Result<(), TallyError> {
    if into.len() != from.len() {
        return Err(TallyError::Mismatch("paired seats"));
    }
    for (a, b) in into.iter_mut().zip(from) {
        add(&mut a.score_sum, b.score_sum)?;
        add(&mut a.score_sq_sum, b.score_sq_sum)?;
        add(&mut a.win_units, b.win_units)?;
        add(&mut a.win_sq_units, b.win_sq_units)?;
    }
    Ok(())
}

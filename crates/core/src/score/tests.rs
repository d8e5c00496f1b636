//! Scoring against the rulebook: territories, Harmony, Middle Kingdom and tie-breaks.

use crate::testkit::{self, kingdom};
use crate::*;

#[test]
fn rulebook_territory_examples() {
    // 7 forest squares with 3 crowns score 21; 9 lake squares without a crown score 0 (000).
    let k = kingdom(
        5,
        "F1 F1 F1 F  F
         F  F  C  L  L
         L  L  L  L  L
         L  L  .  .  .",
    );
    let s = score::score_kingdom(&k, &testkit::rules(5, 1, 48));
    let forest = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('F'))
        .expect("forest");
    assert_eq!((forest.squares, forest.crowns, forest.points), (7, 3, 21));
    let lake = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('L'))
        .expect("lake");
    assert_eq!((lake.squares, lake.crowns, lake.points), (9, 0, 0));
    assert_eq!(s.total, 21);
    assert_eq!(s.largest_territory, 9);
}

#[test]
fn separate_territories_of_one_terrain_score_apart() {
    let k = kingdom(5, "W1 W  C  W2 W");
    let s = score::score_kingdom(&k, &testkit::rules(5, 1, 48));
    let points: Vec<u32> = s.territories.iter().map(|t| t.points).collect();
    assert_eq!(points, vec![2, 4]);
    assert_eq!(s.total, 6);
}

fn with_bonuses(reading: MiddleKingdomReading) -> Rules {
    let mut r = testkit::rules(5, 1, 48);
    r.harmony = Some(5);
    r.middle_kingdom = Some(MiddleKingdom {
        points: 10,
        reading,
    });
    r
}

#[test]
fn harmony_and_middle_kingdom() {
    let full = "W W W W W
                W W W W W
                W W C W W
                W W W W W
                W W W W W1";
    let s = score::score_kingdom(
        &kingdom(5, full),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(s.bonus("harmony"), Some(5));
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    assert_eq!(s.total, 24 + 5 + 10);

    // Full but the castle off-centre: Harmony only.
    let off = "W W W W W
               W C W W W
               W W W W W
               W W W W W
               W W W W W";
    let s = score::score_kingdom(
        &kingdom(5, off),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(
        (s.bonus("harmony"), s.bonus("middle-kingdom")),
        (Some(5), None)
    );

    // A gap: no Harmony, but Middle Kingdom still holds (gaps allowed).
    let gap = "W W W W W
               W W . W W
               W W C W W
               W W W W W
               W W W W W";
    let s = score::score_kingdom(
        &kingdom(5, gap),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(
        (s.bonus("harmony"), s.bonus("middle-kingdom")),
        (None, Some(10))
    );

    // A small symmetric kingdom: centred in its bounding box (BGA), not in a full grid.
    let small = "W C W";
    let bb = score::score_kingdom(
        &kingdom(5, small),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    let fg = score::score_kingdom(
        &kingdom(5, small),
        &with_bonuses(MiddleKingdomReading::FullGrid),
    );
    assert_eq!(bb.bonus("middle-kingdom"), Some(10));
    assert_eq!(fg.bonus("middle-kingdom"), None);

    // Lopsided: every cell within 2 of the castle, but the box is not symmetric.
    let lopsided = "W W C W";
    let s = score::score_kingdom(
        &kingdom(5, lopsided),
        &with_bonuses(MiddleKingdomReading::BoundingBox),
    );
    assert_eq!(s.bonus("middle-kingdom"), None);
    // ... which the "every square within 2 of the castle" reading accepts.
    let s = score::score_kingdom(
        &kingdom(5, lopsided),
        &with_bonuses(MiddleKingdomReading::WithinHalfGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    // Three squares to one side of the castle: not within 2.
    let far = "W W W C";
    let s = score::score_kingdom(
        &kingdom(5, far),
        &with_bonuses(MiddleKingdomReading::WithinHalfGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), None);

    // A full-grid box with gaps and a centred castle earns the strict reading too.
    let framed = "W . . . W
                  . . . . .
                  . . C . .
                  . . . . .
                  W . . . W";
    let s = score::score_kingdom(
        &kingdom(5, framed),
        &with_bonuses(MiddleKingdomReading::FullGrid),
    );
    assert_eq!(s.bonus("middle-kingdom"), Some(10));
    assert_eq!(s.bonus("harmony"), None);
}

fn breakdown(total: i32, largest: u32, crowns: u32) -> ScoreBreakdown {
    ScoreBreakdown {
        territories: vec![],
        bonuses: vec![],
        total,
        largest_territory: largest,
        held: Default::default(),
        crowns,
    }
}

#[test]
fn tie_breaks_in_order() {
    let both = [TieBreak::LargestTerritory, TieBreak::MostCrowns];
    // Clear winner on score.
    let o = score::rank(
        BySide::from_vec(vec![breakdown(30, 5, 3), breakdown(20, 9, 9)]),
        &both,
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(0)], Decider::Score)
    );
    // Tied on score: the largest territory wins.
    let o = score::rank(
        BySide::from_vec(vec![breakdown(30, 5, 9), breakdown(30, 6, 1)]),
        &both,
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(1)], Decider::TieBreak(TieBreak::LargestTerritory))
    );
    assert_eq!(o.places.as_slice(), &[2, 1]);
    // Tied on score and territory: most crowns (004).
    let o = score::rank(
        BySide::from_vec(vec![
            breakdown(30, 6, 4),
            breakdown(30, 6, 5),
            breakdown(10, 9, 9),
        ]),
        &both,
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(1)], Decider::TieBreak(TieBreak::MostCrowns))
    );
    assert_eq!(o.places.as_slice(), &[2, 1, 3]);
    // Most coins, when a ruleset names it: a side holding none has 0.
    let coins = TieBreak::most("coins").expect("a name");
    let towers = TieBreak::most("towers").expect("a name");
    let mut rich = breakdown(30, 6, 4);
    rich.held.insert("coins".into(), 9);
    let o = score::rank(
        BySide::from_vec(vec![breakdown(30, 6, 4), rich.clone()]),
        &[TieBreak::LargestTerritory, coins],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(1)], Decider::TieBreak(coins))
    );
    // Any resource, in the order the ruleset lists them: towers first, then coins.
    let mut tall = breakdown(30, 6, 4);
    tall.held.insert("towers".into(), 2);
    tall.held.insert("coins".into(), 1);
    rich.held.insert("towers".into(), 1);
    let o = score::rank(
        BySide::from_vec(vec![tall.clone(), rich.clone()]),
        &[towers, coins],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(0)], Decider::TieBreak(towers))
    );
    let o = score::rank(BySide::from_vec(vec![tall, rich]), &[coins, towers]);
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(1)], Decider::TieBreak(coins))
    );
    // The fewest, a house rule: fewer crowns win, and the earlier claimer (`claim-place` 1)
    // beats the later one; places keep their order.
    let early = TieBreak::fewest("claim-place").expect("a name");
    let mut first = breakdown(30, 6, 5);
    first.held.insert("claim-place".into(), 1);
    let mut second = breakdown(30, 6, 4);
    second.held.insert("claim-place".into(), 2);
    let o = score::rank(
        BySide::from_vec(vec![second.clone(), first.clone(), breakdown(10, 9, 9)]),
        &[early, TieBreak::FewestCrowns],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(1)], Decider::TieBreak(early))
    );
    assert_eq!(o.places.as_slice(), &[2, 1, 3]);
    let o = score::rank(
        BySide::from_vec(vec![second, first]),
        &[TieBreak::FewestCrowns, early],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(0)], Decider::TieBreak(TieBreak::FewestCrowns))
    );
    // Without the crowns tie-break (000 alone), the same players share the victory.
    let o = score::rank(
        BySide::from_vec(vec![breakdown(30, 6, 4), breakdown(30, 6, 5)]),
        &[TieBreak::LargestTerritory],
    );
    assert_eq!(
        (o.winners.clone(), o.decided_by),
        (vec![Side(0), Side(1)], Decider::Shared)
    );
    assert_eq!(o.places.as_slice(), &[1, 1]);
    // Equal on everything: shared.
    let o = score::rank(
        BySide::from_vec(vec![
            breakdown(30, 6, 4),
            breakdown(30, 6, 4),
            breakdown(31, 1, 1),
        ]),
        &both,
    );
    assert_eq!(o.winners, vec![Side(2)]);
    assert_eq!(o.places.as_slice(), &[2, 2, 1]);
}

/// Each bonus keeps its own key: a second of the same key (a building named as another
/// module's line) is numbered, so the lines add up and are counted apart.
#[test]
fn a_bonus_key_listed_twice_is_numbered() {
    let mut s = ScoreBreakdown::default();
    s.add_bonus("wealth", 3);
    s.add_bonus("wealth", 5);
    s.add_bonus("wealth", 1);
    let keys: Vec<&str> = s.bonuses.iter().map(|b| b.key.as_str()).collect();
    assert_eq!(keys, ["wealth", "wealth (2)", "wealth (3)"]);
    assert_eq!(s.total, 9);
}

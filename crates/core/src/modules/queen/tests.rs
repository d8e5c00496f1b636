//! The Queen.

use crate::testkit::{self, ALL, kingdom, queendomino_like};
use crate::*;

#[test]
fn the_queen_goes_to_the_newcomer_to_the_most_towers() {
    let mut e = modules::Economy {
        sides: BySide::filled(3, Default::default()),
        queen_in_play: true,
        ..Default::default()
    };
    e.sides[Side(0)].towers = 1;
    e.tower_gained(Side(0));
    assert_eq!(e.queen_host(), Some(Side(0)));
    e.sides[Side(1)].towers = 1;
    e.tower_gained(Side(1));
    assert_eq!(
        e.queen_host(),
        Some(Side(1)),
        "a tie for the most towers takes her"
    );
    e.sides[Side(2)].towers = 0;
    e.tower_gained(Side(2));
    assert_eq!(e.queen_host(), Some(Side(1)), "no towers, no Queen");
    e.sides[Side(0)].towers = 3;
    e.tower_gained(Side(0));
    assert_eq!(e.queen_host(), Some(Side(0)));
}

#[test]
fn the_queen_is_one_more_crown_on_the_largest_territory() {
    let r = queendomino_like(ALL, 15);
    let k = kingdom(
        5,
        "G  G  G1 G2 .
         W1 W  C  .  .
         F1 .  .  .  .",
    );
    let mut holdings = modules::Holdings {
        hosts_queen: true,
        coins: 11,
        ..Default::default()
    };
    let rules = r.rules_for(4).expect("4p");
    let mods = modules::build_all(crate::Registry::shipped_ref(), &rules.modules).expect("modules");
    let s = modules::score_side(
        rules,
        &mods,
        modules::SideView {
            ruleset: &r,
            kingdom: &k,
            holdings: &holdings,
        },
    );
    let grass = s
        .territories
        .iter()
        .find(|t| t.terrain == testkit::terrain('G'))
        .expect("grassland");
    assert_eq!(
        (grass.squares, grass.crowns, grass.points),
        (4, 4, 16),
        "4 squares x (3 crowns + the Queen)"
    );
    assert_eq!(s.bonus("wealth"), Some(3));
    assert_eq!(s.total, 16 + 2 + 1 + 3);
    holdings.hosts_queen = false;
    let s = modules::score_side(
        rules,
        &mods,
        modules::SideView {
            ruleset: &r,
            kingdom: &k,
            holdings: &holdings,
        },
    );
    assert_eq!(s.total, 12 + 2 + 1 + 3);
}

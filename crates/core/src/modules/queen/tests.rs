//! The Queen.

use crate::testkit::{self, ALL, kingdom, queendomino_like};
use crate::*;

#[test]
fn the_queen_goes_to_the_newcomer_to_the_most_towers() {
    let r = queendomino_like(ALL, 15);
    let mut g = Game::new(r, 3, 1).expect("setup");
    let queen = g
        .module_names()
        .iter()
        .position(|n| *n == "queen")
        .expect("queen");
    let gain = |g: &mut Game, side: Side, towers: u32| {
        let list = g.module_list().clone();
        g.module_data_mut()
            .set_resource(&list, side, "towers", towers);
        let m = &list.modules()[queen];
        m.after_action(modules::CxMut::new(g, queen), side);
        modules::queen_host(g)
    };
    assert_eq!(gain(&mut g, Side(0), 1), Some(Side(0)));
    assert_eq!(
        gain(&mut g, Side(1), 1),
        Some(Side(1)),
        "a tie for the most towers takes her"
    );
    assert_eq!(
        gain(&mut g, Side(2), 0),
        Some(Side(1)),
        "no towers, no Queen"
    );
    assert_eq!(
        gain(&mut g, Side(0), 1),
        Some(Side(1)),
        "no tower gained: she stays"
    );
    assert_eq!(gain(&mut g, Side(0), 3), Some(Side(0)));
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
    let mut holdings = testkit::SidePieces {
        hosts_queen: true,
        coins: 11,
        ..Default::default()
    };
    let s = testkit::score_alone(&r, 4, &k, &holdings);
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
    let s = testkit::score_alone(&r, 4, &k, &holdings);
    assert_eq!(s.total, 12 + 2 + 1 + 3);
}

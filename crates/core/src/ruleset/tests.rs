//! Ruleset warnings.

use crate::testkit::{self};
use crate::*;

#[test]
fn warnings_for_rules_that_cannot_work() {
    let mut r = testkit::kingdomino();
    for (_, rules) in &mut r.player_counts {
        rules.tie_breaks = vec![
            TieBreak::LargestTerritory,
            TieBreak::MostCoins,
            TieBreak::LargestTerritory,
        ];
        rules.modules = vec![modules::ModuleSpec::new("dragon")];
        rules.grid_size = 7;
    }
    let (n, rules) = r.player_counts.last().expect("a count").clone();
    let w = r.warnings(n, &rules);
    let at: Vec<WarningAt> = w.iter().map(|w| w.at).collect();
    assert_eq!(
        at,
        [
            WarningAt::Deck,
            WarningAt::Module(0),
            WarningAt::TieBreak(1),
            WarningAt::TieBreak(2)
        ],
        "{w:?}"
    );
    assert!(
        w[0].message.contains("can never fill a 7x7 kingdom"),
        "{w:?}"
    );
}

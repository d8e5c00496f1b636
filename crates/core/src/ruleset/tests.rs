//! Ruleset warnings.

use crate::testkit::{self};
use crate::*;

/// The warnings of `rules` at `players`, their modules built by the shipped registry: rules
/// changed in place after the ruleset was checked.
fn warnings_of(r: &Ruleset, players: u8, rules: &Rules) -> Vec<RuleWarning> {
    let built = modules::build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    let dealer = Registry::shipped_ref()
        .line_source(&rules.lines.kind)
        .expect("a line source");
    r.warnings_with(players, rules, built.modules(), dealer.as_ref())
}

#[test]
fn warnings_for_rules_that_cannot_work() {
    let mut r = testkit::kingdomino();
    for (_, rules) in &mut r.player_counts {
        rules.tie_breaks = vec![
            TieBreak::LargestTerritory,
            TieBreak::most("coins").expect("a name"),
            TieBreak::LargestTerritory,
        ];
        // A Dragon no one may ever bribe (after the buildings it needs).
        let mut dragon = modules::ModuleSpec::new("dragon");
        dragon
            .params
            .insert("uses-per-round".into(), modules::Param::Int(0));
        rules.modules = vec![modules::ModuleSpec::new("buildings"), dragon];
        rules.grid_size = 7;
        rules.harmony = Some(5);
    }
    let (n, rules) = r.player_counts.last().expect("a count").clone();
    let w = warnings_of(&r, n, &rules);
    let at: Vec<WarningAt> = w.iter().map(|w| w.at).collect();
    assert_eq!(
        at,
        [
            WarningAt::Deck,
            WarningAt::Module(1),
            WarningAt::TieBreak(1),
            WarningAt::TieBreak(2)
        ],
        "{w:?}"
    );
    assert!(
        w[0].message.contains("can never fill a 7x7 kingdom"),
        "{w:?}"
    );
    // Without Harmony a kingdom left part empty is a house rule's choice: not warned of.
    for (_, rules) in &mut r.player_counts {
        rules.harmony = None;
    }
    let (n, rules) = r.player_counts.last().expect("a count").clone();
    let w = warnings_of(&r, n, &rules);
    assert!(
        w.iter().all(|w| !w.message.contains("can never fill")),
        "{w:?}"
    );
}

#[test]
fn every_problem_is_returned_at_once_naming_its_field() {
    let mut parts = testkit::kingdomino_parts();
    parts.dominoes[3].first.crowns = 9;
    for (n, rules) in &mut parts.player_counts {
        if *n == 3 {
            rules.team_size = 2;
            rules.match_games = 0;
            let mut knights = modules::ModuleSpec::new("knights");
            knights
                .params
                .insert("per-turn".into(), modules::Param::Text("two".into()));
            rules.modules = vec![modules::ModuleSpec::new("wealth"), knights];
        }
    }
    let problems = Ruleset::new(parts).expect_err("refused");
    let fields: Vec<String> = problems.0.iter().map(|p| p.field().to_string()).collect();
    assert_eq!(
        fields,
        [
            "dominoes[3]",
            "for-players.3.team-size",
            "for-players.3.modules[1].params.per-turn",
            "for-players.3.match-games",
        ],
        "{problems}"
    );
    assert!(matches!(
        problems.0[1],
        Problem::Rules {
            players: 3,
            problem: RulesProblem::Teams {
                players: 3,
                team_size: 2,
                ..
            }
        }
    ));
    assert_eq!(
        problems.0[1].to_string(),
        "at 3 players: 3 players do not form teams of 2: play a multiple of 2 players, of the counts this ruleset allows: `players = [2, 4]`"
    );
    // The counts suggested are the ruleset's: never one it does not allow (Royal Wedding's
    // 3 to 8 players in teams of 2: not 2).
    let allowed = |players, team_size, allowed: &[u8]| {
        RulesProblem::Teams {
            players,
            team_size,
            allowed: allowed.to_vec(),
        }
        .to_string()
    };
    assert_eq!(
        allowed(3, 2, &[3, 4, 5, 6, 7, 8]),
        "3 players do not form teams of 2: play a multiple of 2 players, of the counts this ruleset allows: `players = [4, 6, 8]`"
    );
    // None of them: a count to add.
    assert_eq!(
        allowed(3, 2, &[3, 5]),
        "3 players do not form teams of 2: play a multiple of 2 players, which `players` must list (2, 4, ...)"
    );
    // Where other teams would fit the count, they are named.
    let teams = |players, team_size| allowed(players, team_size, &[]);
    assert_eq!(
        teams(6, 4),
        "6 players do not form teams of 4: teams of 2 or 3 would, or play a multiple of 4 players (4, 8, ...)"
    );
    assert_eq!(
        teams(8, 3),
        "8 players do not form teams of 3: teams of 2 or 4 would, or play a multiple of 3 players (3, 6, ...)"
    );
    assert!(
        teams(1, 2).starts_with("1 player does not form a team of 2"),
        "{}",
        teams(1, 2)
    );
}

#[test]
fn module_setup_is_checked_once_by_the_constructor() {
    let mut parts = testkit::kingdomino_parts();
    for (_, rules) in &mut parts.player_counts {
        let mut knights = modules::ModuleSpec::new("knights");
        knights
            .params
            .insert("starting".into(), modules::Param::Int(6));
        rules.modules = vec![knights];
    }
    let problems = Ruleset::new(parts).expect_err("refused");
    // 3 and 4 sides need 18 and 24 knights of 22: only 4 players fail.
    assert_eq!(problems.0.len(), 1, "{problems}");
    assert_eq!(
        problems.0[0].field(),
        Field::Rules {
            players: 4,
            key: RulesField::ModuleParams(0)
        }
    );
    assert!(
        problems.to_string().contains("supply holds 22"),
        "{problems}"
    );
}

#[test]
fn a_valid_ruleset_gives_back_its_parts() {
    let parts = testkit::kingdomino_parts();
    let r = Ruleset::new(parts.clone()).expect("valid");
    assert_eq!(r.player_counts(), parts.player_counts.as_slice());
    assert_eq!(r.into_parts(), parts);
}

/// An id that is no domino of the ruleset (read from a file) is named by its raw number, never a
/// panic.
#[test]
fn a_domino_id_out_of_range_has_a_label() {
    let r = testkit::kingdomino();
    assert_eq!(r.domino_label(DominoId(9999)), "#9999");
    assert_eq!(
        r.domino_label(DominoId(0)),
        r.dominoes()[0].number.to_string()
    );
}

/// A domino is found by its label, and in a one-box deck by the box's initial too (as
/// `remove-dominoes` takes it); nothing else names one.
#[test]
fn a_domino_is_named_by_its_label_or_its_box_initial() {
    let r = testkit::kingdomino();
    let twelve = (0..r.dominoes().len())
        .map(|i| DominoId(i as u16))
        .find(|&id| r.dominoes()[id.index()].number == 12)
        .expect("domino 12");
    assert_eq!(r.piles(), ["kingdomino"]);
    for text in ["12", " 12 ", "K12", "k12"] {
        assert_eq!(r.domino_named(text), Some(twelve), "{text}");
    }
    for text in ["Q12", "12K", "K", "", "K-12", "99", "K99", "#12"] {
        assert_eq!(r.domino_named(text), None, "{text}");
    }
}

/// Buildings that can never be built give nothing: with towers on the tiles but no town square
/// on any domino, the Queen (who follows towers) is warned about too, as are the buildings.
#[test]
fn buildings_that_cannot_be_built_give_no_towers() {
    let r = testkit::queendomino_like(&["buildings", "queen"], 15);
    // (Without the knights module, the tiles dealing in knights are warned about as well:
    // left out here.)
    let towers = |r: &Ruleset| {
        let (n, rules) = r.player_counts().last().expect("a count").clone();
        warnings_of(r, n, &rules)
            .iter()
            .filter(|w| !w.message.contains("deal in knights"))
            .map(|w| (w.at, w.message.clone()))
            .collect::<Vec<_>>()
    };
    assert!(towers(&r).is_empty(), "{:?}", towers(&r));
    // Every grassland square (the town) turned to forest.
    let mut parts = (*r).clone().into_parts();
    let (g, f) = (testkit::terrain('G'), testkit::terrain('F'));
    for d in &mut parts.dominoes {
        for sq in [&mut d.first, &mut d.second] {
            if sq.terrain == g {
                sq.terrain = f;
            }
        }
    }
    let r = Ruleset::new(parts).expect("valid");
    let w = towers(&r);
    assert_eq!(
        w.iter().map(|(at, _)| *at).collect::<Vec<_>>(),
        [WarningAt::Module(0), WarningAt::Module(1)],
        "{w:?}"
    );
    assert!(w[1].1.contains("no module can give towers"), "{w:?}");
}

/// Harmony on an even grid: its squares around the castle are odd in number, so dominoes can
/// never fill them (a 6x6 house rule with Harmony on, its deck big enough otherwise).
#[test]
fn harmony_on_an_even_grid_is_a_warning() {
    let mut r = testkit::kingdomino();
    let (n, mut rules) = r.player_counts[0].clone();
    rules.grid_size = 6;
    // Two kings a player over all 48 dominoes: 24 placed, enough squares for 6x6 and 7x7.
    rules.kings_per_player = 2;
    rules.line_size = 4;
    rules.deck_size = 48;
    rules.harmony = Some(5);
    r.player_counts[0].1 = rules.clone();
    let w = warnings_of(&r, n, &rules);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].at, WarningAt::Grid);
    // (24 dominoes a kingdom that holds 17: 7 discarded, less than half, not a warning.)
    assert!(
        w[0].message
            .starts_with("Harmony can never be earned in a 6x6 kingdom: its 35 squares"),
        "{w:?}"
    );
    // 5x5 and 7x7 can be filled.
    for grid in [5, 7] {
        rules.grid_size = grid;
        let w = warnings_of(&r, n, &rules);
        assert!(w.iter().all(|w| !w.message.contains("Harmony")), "{w:?}");
    }
}

/// Harmony on an even grid with a deck too small to fill it: one warning says both, so that
/// mending the deck is not taken for the cure.
#[test]
fn a_short_deck_on_an_even_grid_says_a_larger_deck_would_not_earn_harmony_either() {
    let mut parts = testkit::kingdomino_parts();
    for (_, rules) in &mut parts.player_counts {
        rules.grid_size = 6;
        rules.harmony = Some(5);
    }
    let r = Ruleset::new(parts).expect("valid");
    let (n, _) = r.player_counts()[0];
    let w = r.warnings(n);
    let deck = w
        .iter()
        .find(|w| w.message.contains("can never fill a 6x6 kingdom"))
        .expect("the deck's warning");
    assert!(
        deck.message
            .contains("nor with a larger deck: the 35 squares around the castle are an odd count"),
        "{w:?}"
    );
}

/// `kingdomino` with these match tie-breaks and games a match at every count.
fn with_match(games: u8, tie_breaks: &[&str]) -> RulesetParts {
    let mut parts = testkit::kingdomino_parts();
    for (_, rules) in &mut parts.player_counts {
        rules.match_games = games;
        rules.match_tie_breaks = tie_breaks
            .iter()
            .map(|t| MatchTieBreak::parse(t).expect(t))
            .collect();
    }
    parts
}

/// A match tie-break listed twice, one counting what an earlier one counts the other way, and
/// one on a resource no module keeps are refused at their places; the misspelt resource gets
/// the name meant, the match's own names among them.
#[test]
fn match_tie_breaks_that_cannot_be_are_refused_at_their_places() {
    let problems = Ruleset::new(with_match(
        3,
        &[
            "most-games-won",
            "most-crowns",
            "most-games-won",
            "fewest-crowns",
            "most-cions",
            "most-game-won",
            "most-wins",
        ],
    ))
    .expect_err("refused");
    let at_two: Vec<(String, String)> = problems
        .0
        .iter()
        .filter(|p| matches!(p, Problem::Rules { players: 2, .. }))
        .map(|p| (p.field().to_string(), p.to_string()))
        .collect();
    let fields: Vec<&str> = at_two.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        [
            "for-players.2.match-tie-breaks[2]",
            "for-players.2.match-tie-breaks[3]",
            "for-players.2.match-tie-breaks[4]",
            "for-players.2.match-tie-breaks[5]",
            "for-players.2.match-tie-breaks[6]",
        ],
        "{problems}"
    );
    let said = |i: usize| at_two[i].1.as_str();
    assert!(said(0).contains("match tie-break `most-games-won` is listed twice"));
    assert!(said(1).contains("`fewest-crowns` counts what `most-crowns` before it counts"));
    assert!(
        said(2).contains("(did you mean `most-coins`?)"),
        "{}",
        said(2)
    );
    assert!(
        said(3).contains("(did you mean `most-games-won`?)"),
        "{}",
        said(3)
    );
    assert!(
        said(4).contains("(did you mean `most-games-won`?)"),
        "{}",
        said(4)
    );
}

/// Match tie-breaks with single games can never decide: said once, at the first. In a match,
/// one on a resource no module of the list keeps is warned of, and the game's tie-breaks are
/// no longer said to leave the match to share once it has tie-breaks of its own.
#[test]
fn match_tie_breaks_that_can_never_decide_are_warned_of() {
    let r = Ruleset::new(with_match(1, &["most-games-won", "best-game"])).expect("valid");
    let w = r.warnings(2);
    assert_eq!(
        w.iter().map(|w| w.at).collect::<Vec<_>>(),
        [WarningAt::MatchTieBreak(0)],
        "{w:?}"
    );
    assert!(
        w[0].message
            .starts_with("match-tie-breaks can never decide with `match-games = 1`"),
        "{w:?}"
    );
    let r = Ruleset::new(with_match(3, &["most-games-won", "most-coins"])).expect("valid");
    let w = r.warnings(2);
    assert_eq!(
        w.iter().map(|w| w.at).collect::<Vec<_>>(),
        [WarningAt::MatchTieBreak(1)],
        "{w:?}"
    );
    assert!(w[0].message.contains("no module gives coins"), "{w:?}");
    // Without match tie-breaks, the game's are said to rank each game alone, pointing at the
    // key that breaks the match's ties.
    let r = Ruleset::new(with_match(3, &[])).expect("valid");
    let w = r.warnings(2);
    assert_eq!(
        w.iter().map(|w| w.at).collect::<Vec<_>>(),
        [WarningAt::MatchTieBreaks],
        "{w:?}"
    );
    assert!(w[0].message.contains("use `match-tie-breaks`"), "{w:?}");
}

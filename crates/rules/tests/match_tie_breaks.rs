//! `match-tie-breaks`: what breaks a tie on a match's highest total (a house rule; the rulebook
//! gives Dynasty none). Read, refused and warned of as `tie-breaks` are, inherited through
//! `extends`, written back by `show`; the guide's house rule (docs/house-rules/) validates.

mod common;

use common::assert_diag;
use crownlands_core::{Match, MatchDecider, MatchTieBreak, Registry, Ruleset};
use crownlands_rules::{Diagnostics, load_path, load_str};
use std::path::Path;
use std::sync::Arc;

fn bad(text: &str) -> Diagnostics {
    match load_str(Registry::shipped_ref(), text, Path::new("bad.toml")) {
        Ok(r) => panic!("loaded although it should not:\n{text}\n{r:?}"),
        Err(d) => d,
    }
}

fn good(text: &str) -> Ruleset {
    load_str(Registry::shipped_ref(), text, Path::new("good.toml"))
        .unwrap_or_else(|d| panic!("{d}"))
}

fn warnings_of(text: &str) -> Diagnostics {
    let checked = crownlands_rules::check_str(Registry::shipped_ref(), text, Path::new("w.toml"));
    assert!(checked.result.is_ok(), "warnings do not stop loading");
    Diagnostics(checked.warnings)
}

fn tie_breaks(names: &[&str]) -> Vec<MatchTieBreak> {
    names
        .iter()
        .map(|n| MatchTieBreak::parse(n).expect(n))
        .collect()
}

const DYNASTY: &str = "extends = \"dynasty\"\n[rules]\n";

fn house_rule() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/dynasty-tie-break.toml")
}

#[test]
fn every_value_is_read_in_its_order() {
    let all = [
        "most-games-won",
        "best-game",
        "last-game",
        "largest-territory",
        "most-crowns",
        "most-coins",
    ];
    let text = format!(
        "extends = \"queendomino\"\n[rules]\nmatch-games = 3\nmatch-tie-breaks = [{}]\n",
        all.map(|t| format!("\"{t}\"")).join(", ")
    );
    let r = good(&text);
    for (_, rules) in r.player_counts() {
        assert_eq!(rules.match_tie_breaks, tie_breaks(&all));
    }
    // The default: none (tied totals share, as the rulebook has it).
    let dynasty = good("extends = \"dynasty\"\n");
    assert!(
        dynasty
            .player_counts()
            .iter()
            .all(|(_, r)| r.match_tie_breaks.is_empty())
    );
}

/// A misspelt value is refused with the one meant: the schema's names (`best-games`, `last`,
/// `largest-teritory`) and, for a name shaped as a resource's, the resources' and the match's
/// own (`most-cions`, `most-game-won`, `most-wins`). A misspelt key gets the key.
#[test]
fn a_misspelt_match_tie_break_is_refused_with_the_one_meant() {
    let d = bad(&format!(
        "{DYNASTY}match-tie-breaks = [\"best-games\", \"last\", \"largest-teritory\"]\n"
    ));
    assert_diag(
        &d,
        3,
        21,
        &[
            "`match-tie-breaks` in [rules] item 1 must be a match tie-break",
            "not \"best-games\" (did you mean \"best-game\"?)",
        ],
    );
    assert_diag(&d, 3, 35, &["not \"last\" (did you mean \"last-game\"?)"]);
    assert_diag(
        &d,
        3,
        43,
        &["not \"largest-teritory\" (did you mean \"largest-territory\"?)"],
    );
    let d = bad(
        "extends = \"queendomino\"\n[rules]\nmatch-games = 3\nmatch-tie-breaks = [\"most-cions\", \"most-game-won\", \"most-wins\"]\n",
    );
    assert_diag(
        &d,
        4,
        21,
        &[
            "match tie-break `most-cions`: no module keeps a resource called `cions`",
            "(did you mean `most-coins`?)",
        ],
    );
    assert_diag(&d, 4, 35, &["(did you mean `most-games-won`?)"]);
    assert_diag(&d, 4, 52, &["(did you mean `most-games-won`?)"]);
    let d = bad(&format!("{DYNASTY}match-tie-break = [\"best-game\"]\n"));
    assert_diag(
        &d,
        3,
        1,
        &[
            "unknown key `match-tie-break`",
            "(did you mean `match-tie-breaks`?)",
        ],
    );
}

/// A repeat and one counting what an earlier one counts the other way are refused at their
/// places, in `[rules]` and a `[for-players.N]` table alike, beside the rules' other problems.
#[test]
fn a_match_tie_break_listed_twice_is_refused_at_its_place() {
    let d = bad(&format!(
        "{DYNASTY}match-tie-breaks = [\"best-game\", \"last-game\", \"best-game\"]\ndeck-size = 100\n\
         [for-players.3]\nmatch-tie-breaks = [\"most-crowns\", \"fewest-crowns\"]\n"
    ));
    assert_diag(
        &d,
        3,
        47,
        &["match tie-break `best-game` is listed twice: each decides a tie at most once"],
    );
    assert_diag(&d, 4, 13, &["a deck of 100 dominoes"]);
    assert_diag(
        &d,
        6,
        36,
        &["match tie-break `fewest-crowns` counts what `most-crowns` before it counts"],
    );
    let twice = d
        .iter()
        .filter(|x| x.message.contains("match tie-break"))
        .count();
    assert_eq!(twice, 2, "each once: {d}");
}

#[test]
fn at_most_eight_match_tie_breaks_are_listed() {
    let nine = [
        "most-games-won",
        "best-game",
        "last-game",
        "largest-territory",
        "most-crowns",
        "most-coins",
        "most-towers",
        "most-knights",
        "fewest-claim-place",
    ];
    let text = format!(
        "{DYNASTY}match-tie-breaks = [{}]\n",
        nine.map(|t| format!("\"{t}\"")).join(", ")
    );
    let d = bad(&text);
    assert_diag(
        &d,
        3,
        20,
        &["`match-tie-breaks` in [rules] lists 9 entries; at most 8 are supported"],
    );
}

/// With single games match tie-breaks can never decide: warned once, at the first of them
/// (where the author wrote them); with a match, not. One on a resource no module of the list
/// keeps is warned of at its place.
#[test]
fn match_tie_breaks_that_can_never_decide_are_warned_of() {
    let w = warnings_of(
        "extends = \"kingdomino\"\n[rules]\nmatch-tie-breaks = [\"most-games-won\", \"best-game\"]\n",
    );
    assert_diag(
        &w,
        3,
        21,
        &["match-tie-breaks can never decide with `match-games = 1`"],
    );
    assert_eq!(w.len(), 1, "{w}");
    // A file making single games of a match whose tie-breaks another file gives.
    let dir = common::temp_dir("match-tie-breaks-single");
    common::write(
        &dir,
        "base.toml",
        "extends = \"dynasty\"\n[rules]\nmatch-tie-breaks = [\"most-games-won\"]\n",
    );
    let leaf = common::write(
        &dir,
        "leaf.toml",
        "extends = \"./base.toml\"\n[rules]\nmatch-games = 1\n",
    );
    let checked = crownlands_rules::check_path(Registry::shipped_ref(), &leaf);
    assert!(checked.result.is_ok());
    let w = Diagnostics(checked.warnings);
    assert!(
        w.iter()
            .any(|x| x.message.contains("match-tie-breaks can never decide")),
        "{w}"
    );
    let w = warnings_of(&format!(
        "{DYNASTY}match-tie-breaks = [\"most-games-won\", \"most-coins\"]\n"
    ));
    assert_diag(
        &w,
        3,
        39,
        &["match tie-break `most-coins` can never decide: no module gives coins"],
    );
    assert_eq!(w.len(), 1, "{w}");
    assert!(warnings_of(&format!("{DYNASTY}match-tie-breaks = [\"last-game\"]\n")).is_empty());
}

/// Inherited through `extends` and overridden per player count, as other rules are; `show`
/// writes the resolved list out, and its text loads back to the same rules. A ruleset without
/// them prints as it always did.
#[test]
fn match_tie_breaks_are_inherited_overridden_and_shown() {
    let dir = common::temp_dir("match-tie-breaks");
    common::write(
        &dir,
        "base.toml",
        "extends = \"dynasty\"\n[rules]\nmatch-tie-breaks = [\"most-games-won\"]\n",
    );
    let leaf = common::write(
        &dir,
        "leaf.toml",
        "extends = \"./base.toml\"\n[for-players.2]\nmatch-tie-breaks = [\"last-game\", \"best-game\"]\n",
    );
    let r = load_path(Registry::shipped_ref(), &leaf).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        r.rules_for(3).map(|r| r.match_tie_breaks.clone()),
        Some(tie_breaks(&["most-games-won"]))
    );
    assert_eq!(
        r.rules_for(2).map(|r| r.match_tie_breaks.clone()),
        Some(tie_breaks(&["last-game", "best-game"]))
    );
    let shown = crownlands_rules::to_toml(&r, None);
    assert!(
        shown.contains("match-tie-breaks = [\"most-games-won\"]"),
        "{shown}"
    );
    assert!(
        shown.contains("match-tie-breaks = [\"last-game\", \"best-game\"]"),
        "{shown}"
    );
    let again = load_str(Registry::shipped_ref(), &shown, Path::new("shown.toml"))
        .unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(again.player_counts(), r.player_counts());
    let plain = good("extends = \"dynasty\"\n");
    assert!(!crownlands_rules::to_toml(&plain, None).contains("match-tie-breaks"));
}

/// The guide's house rule validates without a warning and breaks Dynasty's tied totals: the
/// games won, then the best game.
#[test]
fn the_house_rule_breaks_dynasty_ties() {
    let checked = crownlands_rules::check_path(Registry::shipped_ref(), &house_rule());
    assert!(checked.result.is_ok(), "{:?}", checked.result);
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    let r = Arc::new(load_path(Registry::shipped_ref(), &house_rule()).expect("loads"));
    for (_, rules) in r.player_counts() {
        assert_eq!(rules.match_games, 3);
        assert_eq!(
            rules.match_tie_breaks,
            tie_breaks(&["most-games-won", "best-game"])
        );
    }
    // Random matches: a tie on the totals, when met, is decided by the rule, never by more.
    let mut rng = crownlands_core::rng::GameRng::seed_from(3);
    for seed in 0..40 {
        let mut m = Match::new(r.clone(), 2, seed).expect("setup");
        m.play_out_random(&mut rng, |_| {});
        match m.decided_by() {
            Some(MatchDecider::TieBreak(t)) => {
                assert!(tie_breaks(&["most-games-won", "best-game"]).contains(&t))
            }
            Some(MatchDecider::Total | MatchDecider::Shared) => {}
            None => panic!("a finished match of 3 games says what decided it"),
        }
    }
}

/// The rules in words (the help's scoring rules) say how a tied match is broken.
#[test]
fn the_scoring_rules_say_how_a_tied_match_is_broken() {
    let r = load_path(Registry::shipped_ref(), &house_rule()).expect("loads");
    let rules = r.rules_for(2).expect("2 players");
    let lines = crownlands_core::modules::describe::scoring_rules(rules, &[]);
    assert!(
        lines.iter().any(|l| l
            == "A match of 3 games: the totals add up; a tie on the match's totals goes to the most games won, then the best single game; still tied, it is shared."),
        "{lines:?}"
    );
    let dynasty = good("extends = \"dynasty\"\n");
    let lines =
        crownlands_core::modules::describe::scoring_rules(dynasty.rules_for(2).expect("2"), &[]);
    assert!(
        lines.iter().any(|l| l
            == "A match of 3 games: the totals add up; a tie on the match's totals is shared."),
        "{lines:?}"
    );
}

//! The modules' steps and tiles in words (core `modules::describe`) on the shipped Queendomino
//! data: every building has a name of its own and says what it gives and scores; a choice's
//! words agree with what the engine does.

use crownlands_core::modules::describe::{
    building_text, describe_choice, phase_rules, placement_preview, scoring_rules, table_rules,
};
use crownlands_core::modules::{BuildingsAction, KnightsAction};
use crownlands_core::{Action, Game, Phase};
use std::collections::HashSet;
use std::sync::Arc;

fn queendomino() -> Arc<crownlands_core::Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "queendomino")
            .expect("loads"),
    )
}

#[test]
fn every_building_has_a_name_of_its_own_and_says_what_it_does() {
    let r = queendomino();
    assert_eq!(r.buildings().len(), 32);
    let mut names = HashSet::new();
    for b in r.buildings() {
        assert!(!b.name.is_empty(), "building {} has a name", b.number);
        assert!(names.insert(b.name.clone()), "{} is named once", b.name);
        let t = building_text(&r, b);
        assert!(!t.now_full.is_empty() && !t.end_full.is_empty());
        assert!(t.end_full.contains("at the end"), "{t:?}");
    }
    let sawmill = r.buildings().iter().find(|b| b.name == "Sawmill").unwrap();
    let t = building_text(&r, sawmill);
    assert_eq!(t.end, "2/forest");
    assert_eq!(t.now, "+1kn");
    assert_eq!(
        t.end_full,
        "2 points per separate forest territory at the end"
    );
}

#[test]
fn choices_say_what_the_engine_does() {
    let r = queendomino();
    let mut game = Game::new(r, 4, 5).expect("sets up");
    let mut seen_tax = 0;
    let mut seen_build = 0;
    let mut rng = 1u32;
    while !game.is_over() {
        let legal = game.legal_actions();
        if matches!(game.phase(), Phase::Step { .. }) {
            for &a in &legal {
                let c = describe_choice(&game, a).expect("a step's choice in words");
                assert!(!c.row.is_empty() && !c.detail.is_empty());
                let side = game.side_of(game.to_act().unwrap());
                let before = game.resource(side, "coins");
                let mut after = game.clone();
                after.apply(a).unwrap();
                let now = after.resource(side, "coins");
                match (
                    game.module_action::<KnightsAction>(a),
                    game.module_action::<BuildingsAction>(a),
                ) {
                    (Some(_), _) => {
                        seen_tax += 1;
                        // (Then what of it the buildings' bonus brings, if any.)
                        assert!(
                            c.row.ends_with(&format!("+{}¢", now - before))
                                || c.row.contains(&format!("+{}¢ (", now - before)),
                            "{c:?}"
                        );
                        assert!(!c.cells.is_empty());
                    }
                    (_, Some(BuildingsAction::Build { cell, .. })) => {
                        seen_build += 1;
                        // (`*` where the Queen's discount lowered the price.)
                        let price = format!(" {}¢", before - now);
                        assert!(
                            c.row.contains(&format!("{price} "))
                                || c.row.contains(&format!("{price}* ")),
                            "{c:?}"
                        );
                        assert_eq!(c.cells, vec![cell]);
                    }
                    _ => {}
                }
            }
            assert!(!phase_rules(&game).is_empty());
        }
        if matches!(game.phase(), Phase::Place { .. })
            && let Some(Action::Place { placement }) = legal.first().copied()
        {
            let (after, before) = placement_preview(&game, placement).expect("legal");
            let side = game.side_of(game.to_act().unwrap());
            let mut probe = game.clone();
            probe.apply(Action::Place { placement }).unwrap();
            assert_eq!(after, probe.score_total(side));
            assert_eq!(before, game.score_total(side));
        }
        rng = rng.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let a = legal[(rng >> 16) as usize % legal.len()];
        game.apply(a).unwrap();
    }
    assert!(
        seen_tax > 0 && seen_build > 0,
        "{seen_tax} taxes, {seen_build} builds"
    );
}

#[test]
fn scoring_rules_name_the_bonuses_on() {
    let r = crownlands_rules::load(
        crownlands_core::Registry::shipped_ref(),
        "harmony-middle-kingdom",
    )
    .expect("loads");
    let rules = &r.player_counts()[0].1;
    let text = scoring_rules(rules, &[]).join("\n");
    assert!(text.contains("Harmony"), "{text}");
    assert!(text.contains("Middle Kingdom"), "{text}");
    // Each reading of Middle Kingdom in its own words.
    assert!(text.contains("as far as it reaches"), "{text}");
    let volcano =
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "volcano").expect("loads");
    let text = scoring_rules(&volcano.player_counts()[0].1, &[]).join("\n");
    assert!(text.contains("across the whole 5x5 grid"), "{text}");
    let q = queendomino();
    let players = q.player_counts()[0].0;
    let game = Game::new(q.clone(), players, 1).expect("setup");
    let text = scoring_rules(game.rules(), game.modules()).join("\n");
    assert!(text.contains("Tax") && text.contains("Dragon"), "{text}");
}

#[test]
fn module_summaries_take_one_line_of_the_help() {
    for m in ["knights", "buildings", "queen", "dragon", "wealth"] {
        let line = crownlands_core::modules::describe::module_summary(
            crownlands_core::Registry::shipped_ref(),
            m,
        )
        .expect("known");
        assert!(line.chars().count() <= 76, "{line}");
    }
}

#[test]
fn the_modules_rules_in_words_give_the_rulesets_numbers() {
    // A house rule on Queendomino: every number a module's help or summary states changed.
    let text = r#"
name = "dear-queendomino"
extends = "queendomino"

[rules.module.knights]
coins-per-square = 2
per-turn = 1

[rules.module.dragon]
price = 3
uses-per-round = 2

[rules.module.queen]
discount = 2

[rules.module.wealth]
coins-per-point = 5
"#;
    let r = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        text,
        std::path::Path::new("dear.toml"),
    )
    .expect("loads");
    let game = Game::new(Arc::new(r), 4, 1).expect("setup");
    let help: Vec<String> = game
        .module_help()
        .into_iter()
        .flat_map(|(_, lines)| lines)
        .collect();
    let help = help.join("\n");
    for said in [
        "It collects 2 coins per square",
        "at most one a turn",
        "Dragon: pay 3 coins to burn",
        "Twice a round",
        "2 coins off buildings",
        "every 5 coins left at the end score 1 point",
        "The slots cost 0, 1, 2, 3, 4, 5 coins.",
    ] {
        assert!(help.contains(said), "{said:?} not in:\n{help}");
    }
    let scoring = scoring_rules(game.rules(), game.modules()).join("\n");
    for said in [
        "earning 2¢ a territory square",
        "pay 3 coins",
        "twice a round",
        "2 coins off",
        "every 5 coins",
    ] {
        assert!(scoring.contains(said), "{said:?} not in:\n{scoring}");
    }
    // As shipped, the rulebook's numbers.
    let shipped = Game::new(queendomino(), 4, 1).expect("setup");
    let scoring = scoring_rules(shipped.rules(), shipped.modules()).join("\n");
    for said in [
        "its territory size in ¢",
        "pay 1 coin to burn",
        "once a round",
        "1 coin off",
        "every 3 coins",
    ] {
        assert!(scoring.contains(said), "{said:?} not in:\n{scoring}");
    }
}

/// The rules of the claim name the line as the screen's panel does: the first line in the first
/// claims (the panel said "First line", the rules "the next line"), the next line after.
#[test]
fn the_claim_rules_name_the_line_the_panel_names() {
    let registry = crownlands_core::Registry::shipped_ref();
    let ruleset =
        std::sync::Arc::new(crownlands_rules::load(registry, "kingdomino").expect("loads"));
    let mut game = Game::new(ruleset, 4, 3).expect("sets up");
    assert!(matches!(game.phase(), Phase::FirstClaims { .. }));
    assert!(
        phase_rules(&game)[0].contains("the first line"),
        "{:?}",
        phase_rules(&game)
    );
    while !matches!(game.phase(), Phase::Claim { .. }) {
        let a = game.legal_actions()[0];
        game.apply(a).expect("legal");
    }
    assert!(
        phase_rules(&game)[0].contains("the next line"),
        "{:?}",
        phase_rules(&game)
    );
}

#[test]
fn the_table_rules_say_the_kingdoms_size_the_boxes_and_the_discards() {
    let load = |name: &str| {
        Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name).expect("loads"),
        )
    };
    let game = |name: &str, players: u8| Game::new(load(name), players, 1).expect("setup");
    let duel = table_rules(&game("mighty-duel", 2)).join("\n");
    assert!(duel.contains("Kingdoms are 7x7"), "{duel}");
    assert!(
        !duel.contains("boxes") && !duel.contains("discarded"),
        "{duel}"
    );
    // Royal Wedding: two boxes, told apart by their initials.
    let wedding = table_rules(&game("royal-wedding", 4)).join("\n");
    assert!(
        wedding.contains("2 boxes") && wedding.contains("K12 is kingdomino's domino 12"),
        "{wedding}"
    );
    // Kingdomino's tie-break, then shared.
    let k = game("kingdomino", 2);
    let scoring = scoring_rules(k.rules(), k.modules()).join("\n");
    assert!(
        scoring
            .contains("A tie on points goes to the largest territory; still tied, it is shared."),
        "{scoring}"
    );
    // And how its lines are drawn from them: in turn, Queendomino's first.
    assert!(
        wedding.contains(
            "Lines come from the boxes in turn: queendomino, then kingdomino, and again (each box shuffled on its own)."
        ),
        "{wedding}"
    );
    assert!(
        !duel.contains("in turn") && !duel.contains("one pile"),
        "{duel}"
    );
    // Two boxes shuffled together: one pile, said so.
    let mixed = crownlands_rules::load_str(
        crownlands_core::Registry::shipped_ref(),
        "extends = \"kingdomino\"\nadd-sets = [\"queendomino\"]\nplayers = [4]\n[rules]\ndeck-size = 96\ngrid-size = 7\n",
        std::path::Path::new("both.toml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let both = table_rules(&Game::new(Arc::new(mixed), 4, 1).expect("setup")).join("\n");
    assert!(
        both.contains("Lines come from one pile, the boxes' dominoes shuffled together."),
        "{both}"
    );
    // Teams share the kingdom, the score and what the modules keep.
    let teams = game("royal-wedding-teams", 6);
    let scoring = scoring_rules(teams.rules(), teams.modules()).join("\n");
    assert!(
        scoring.contains("Teams of 2 share one kingdom and one score")
            && scoring.contains("coins, knights and the like) is the team's"),
        "{scoring}"
    );
    // Each line names as many dominoes as it holds past the kings, discarded unclaimed.
    for (name, players) in [
        ("royal-wedding-teams", 6),
        ("kingdomino", 3),
        ("queendomino", 2),
    ] {
        let g = game(name, players);
        let kings = u32::from(players) * u32::from(g.rules().kings_per_player);
        let line = u32::from(g.rules().line_size);
        let text = table_rules(&g).join("\n");
        assert_eq!(
            text.contains("left unclaimed"),
            line > kings,
            "{name} {players}: {text}"
        );
    }
}

/// A 2-player game of a documented house rule (`docs/house-rules/FILE`), seed 1.
fn house_rule_game(file: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/house-rules")
        .join(file);
    let ruleset = crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
        .unwrap_or_else(|e| panic!("{e}"));
    Game::new(Arc::new(ruleset), 2, 1).expect("setup")
}

/// Play the first legal action until the game asks for a placement.
fn play_to_place(game: &mut Game) {
    while !matches!(game.phase(), Phase::Place { .. }) {
        let action = game.legal_actions()[0];
        game.apply(action).expect("legal");
    }
}

/// With the castle fixed at the centre (`castle = "centre"`) the table's rules and the placing
/// step's say so, and how far a square may lie.
#[test]
fn the_rules_say_where_a_castle_at_the_centre_keeps_the_kingdom() {
    let mut game = house_rule_game("castle-centre.toml");
    let table = table_rules(&game).join("\n");
    assert!(
        table.contains("castle fixed at the centre: no square more than 2 from it"),
        "{table}"
    );
    play_to_place(&mut game);
    let place = phase_rules(&game).join("\n");
    assert!(place.contains("castle stands at the centre"), "{place}");
}

/// With any terrain joining (`connection = "any-terrain"`) the table's rules and the placing
/// step's say so.
#[test]
fn the_rules_say_a_domino_may_join_any_terrain() {
    let mut game = house_rule_game("any-terrain.toml");
    let table = table_rules(&game).join("\n");
    assert!(table.contains("terrains need not match"), "{table}");
    play_to_place(&mut game);
    let place = phase_rules(&game).join("\n");
    assert!(
        place.contains("to your castle or to any square (terrains need not match)")
            && place.contains("The kingdom must stay inside its square"),
        "{place}"
    );
}

/// Where a domino that fits may be discarded (`discard = "any-time"`) the table's rules and the
/// placing step's say so; the printed rule's discard "if the domino fits nowhere" stays
/// elsewhere.
#[test]
fn the_rules_say_a_domino_that_fits_may_be_discarded() {
    let mut game = house_rule_game("discard-any-time.toml");
    let table = table_rules(&game).join("\n");
    assert!(
        table.contains("may be discarded instead of placed, even where it fits"),
        "{table}"
    );
    play_to_place(&mut game);
    let place = phase_rules(&game).join("\n");
    assert!(
        place.contains("you may discard the domino instead, even where it fits"),
        "{place}"
    );
    let mut game = house_rule_game("any-terrain.toml");
    assert!(!table_rules(&game).join("\n").contains("discarded instead"));
    play_to_place(&mut game);
    let place = phase_rules(&game).join("\n");
    assert!(
        place.contains("if the domino fits nowhere, discard it"),
        "{place}"
    );
}

/// Where the first line is claimed in the seats' order (`first-claims = "seated"`) the table's
/// rules say so, at 2 players (two kings each) and at 4.
#[test]
fn the_rules_say_the_first_line_is_claimed_in_the_seats_order() {
    let ruleset = Arc::new(
        crownlands_rules::load_path(
            crownlands_core::Registry::shipped_ref(),
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../docs/house-rules/youngest-first.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let two = table_rules(&Game::new(ruleset.clone(), 2, 1).expect("setup")).join("\n");
    assert!(
        two.contains("claimed in the seats' order, the first seat first, then back and forth"),
        "{two}"
    );
    let four = table_rules(&Game::new(ruleset, 4, 1).expect("setup")).join("\n");
    assert!(
        four.contains("the first seat first (not drawn at random)"),
        "{four}"
    );
    let plain = house_rule_game("any-terrain.toml");
    assert!(!table_rules(&plain).join("\n").contains("seats' order"));
}

/// A placement refused says why in the layout's words: past a centred castle's reach, or (any
/// terrain joining) touching nothing of the kingdom.
#[test]
fn a_refused_placement_says_why_in_the_layouts_words() {
    let refusal = |file: &str, cells: [(i8, i8); 2]| {
        let mut game = house_rule_game(file);
        play_to_place(&mut game);
        let first = crownlands_core::Cell::new(cells[0].0, cells[0].1);
        let direction = crownlands_core::Direction::ALL
            .into_iter()
            .find(|d| first.step(*d) == crownlands_core::Cell::new(cells[1].0, cells[1].1))
            .expect("neighbours");
        let placement = crownlands_core::Placement::new(first, direction);
        game.apply(Action::Place { placement })
            .expect_err("refused")
            .to_string()
    };
    // Reaching 3 from the castle.
    let why = refusal("castle-centre.toml", [(2, 0), (3, 0)]);
    assert!(
        why.contains("too far from the castle, which stands at the centre"),
        "{why}"
    );
    let why = refusal("any-terrain.toml", [(2, 2), (3, 2)]);
    assert!(why.contains("neither square touches the kingdom"), "{why}");
}

/// The knights' help names the buildings' tax bonuses only where a module gives one: not in
/// Kingdomino with knights (no buildings), as in Queendomino.
#[test]
fn the_knights_help_names_tax_bonuses_only_where_a_module_gives_them() {
    let help = |name: &str| {
        let ruleset = Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
                .expect("shipped"),
        );
        let game = Game::new(ruleset, 2, 1).expect("setup");
        game.module_help()
            .into_iter()
            .find(|(module, _)| *module == "knights")
            .map(|(_, lines)| lines.join("\n"))
            .unwrap_or_else(|| panic!("{name}: no knights' help"))
    };
    let plain = help("kingdomino-knights");
    assert!(
        plain.contains("per square of that square's territory.") && !plain.contains("bonus"),
        "{plain}"
    );
    let queendomino = help("queendomino");
    assert!(
        queendomino.contains("plus your buildings' tax bonuses"),
        "{queendomino}"
    );
}

/// A long list of goals is a line and then a goal a line among the rules a help lists, not one
/// paragraph; its summary is the line alone, at most 76 characters.
#[test]
fn goals_are_listed_a_line_each() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/goals.toml");
    let ruleset = std::sync::Arc::new(
        crownlands_rules::load_path(crownlands_core::Registry::shipped_ref(), &path)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let game = Game::new(ruleset, 2, 1).expect("setup");
    let lines = scoring_rules(game.rules(), game.modules());
    let at = lines
        .iter()
        .position(|l| l.starts_with("Goals: "))
        .expect("the goals' line");
    assert_eq!(
        lines[at],
        "Goals: 2 of the 6 listed drawn a game; a kingdom meeting one scores it."
    );
    assert_eq!(
        lines[at + 1],
        "  Great lake (+10): a lake territory of at least 6 squares"
    );
    // The goals, then how a tie is broken.
    assert_eq!(lines.len(), at + 8, "{lines:#?}");
    assert!(lines[at + 7].starts_with("A tie on points "), "{lines:#?}");
    let summary = game.modules()[0].summary().expect("a summary");
    assert!(summary.chars().count() <= 76 && summary == lines[at]);
}

/// A line of more dominoes than kings (Royal Wedding at 3 players: 4 for 3) leaves one as each
/// round begins, out of the game: said once, by its label; a game whose lines are all taken
/// says nothing.
#[test]
fn a_domino_left_unclaimed_is_said() {
    use crownlands_core::modules::describe::UnclaimedWatch;
    let load = |name: &str| {
        Arc::new(
            crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name).expect("loads"),
        )
    };
    for (name, players, rounds_leaving) in [("royal-wedding", 3, 24), ("kingdomino", 4, 0)] {
        let mut game = Game::new(load(name), players, 7).expect("setup");
        let mut rng = crownlands_core::rng::GameRng::seed_from(3);
        let mut said = Vec::new();
        while !game.is_over() {
            let watch = UnclaimedWatch::before(&game);
            game.play_random(|| rng.next_u32());
            said.extend(watch.words(&game));
        }
        assert_eq!(said.len(), rounds_leaving, "{name}: {said:?}");
        for s in &said {
            assert!(
                s.ends_with(" left unclaimed: discarded.") && s.starts_with("Domino"),
                "{s}"
            );
        }
    }
}

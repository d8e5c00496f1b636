//! The `goals` house rule (docs/house-rules/goals.toml): the goals drawn for a game, what each
//! scope scores in a kingdom file, and random games where the score is what the goals in play
//! say of each final kingdom.

use crownlands_core::modules::{SideView, build_all, score_side};
use crownlands_core::{Game, Registry, Side};
use crownlands_rules::kingdom_file::parse_side;
use std::path::Path;
use std::sync::Arc;

fn guide() -> Arc<crownlands_core::Ruleset> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules/goals.toml");
    Arc::new(
        crownlands_rules::load_path(Registry::shipped_ref(), &path)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn written(text: &str) -> Arc<crownlands_core::Ruleset> {
    Arc::new(
        crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("goals.toml"))
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// The names in the goals' panel of `game`.
fn drawn(game: &Game) -> Vec<String> {
    let panels = game.panels();
    let panel = panels
        .iter()
        .find(|p| p.title == "Goals")
        .expect("a panel of the goals in play");
    panel
        .rows
        .iter()
        .map(|r| match r {
            crownlands_core::modules::describe::PanelRow::Text(t) => t.clone(),
            other => panic!("a goal is a row of text: {other:?}"),
        })
        .collect()
}

#[test]
fn two_goals_of_six_are_drawn_by_the_seed_and_shown() {
    let ruleset = guide();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let game = Game::new(Arc::clone(&ruleset), 4, seed).expect("a game");
        let rows = drawn(&game);
        assert_eq!(rows.len(), 2, "seed {seed}: {rows:?}");
        assert_ne!(rows[0], rows[1]);
        // The same seed draws the same goals; a reset game draws them again.
        let again = Game::new(Arc::clone(&ruleset), 4, seed).expect("a game");
        assert_eq!(drawn(&again), rows);
        let mut reset = Game::new(Arc::clone(&ruleset), 4, seed + 1).expect("a game");
        reset.reset(seed);
        assert_eq!(drawn(&reset), rows);
        seen.extend(rows);
    }
    assert_eq!(seen.len(), 6, "every goal drawn in 40 games: {seen:?}");
    assert!(seen.contains("+10 Great lake: lake 6+sq"), "{seen:?}");
}

#[test]
fn the_engines_properties_hold_with_goals() {
    crownlands_core::conformance::check(&guide(), 0..4).unwrap_or_else(|e| panic!("{e:?}"));
}

/// A kingdom file of a game that drew its goals says which with `@goal N` lines (the goal's
/// place in the list), and scores those alone, as the game did; without them, every goal. A
/// goal out of the list, one given twice, more than the draw, or a line where the rules draw
/// none are said at their line.
#[test]
fn a_kingdom_file_names_the_goals_drawn() {
    let ruleset = guide();
    let rules = ruleset.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    let kingdom = "L  L  L  W  S\n\
                   L  L  C  W  .\n\
                   L  L1 M2 .  W\n";
    let goals = |text: &str| {
        let (kingdom, data) = parse_side(text, "k.kingdom", &ruleset, &modules, rules)?;
        let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
        Ok::<_, crownlands_rules::Diagnostics>(
            score_side(rules, view)
                .bonuses
                .into_iter()
                .map(|b| b.key)
                .collect::<Vec<_>>(),
        )
    };
    let all = goals(kingdom).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(all.len(), 6, "{all:?}");
    let two = goals(&format!("{kingdom}@goal 1\n@goal 3\n")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(two, vec![all[0].clone(), all[2].clone()]);
    for (lines, says) in [
        ("@goal 7\n", "`@goal 7`: the list has goals 1 to 6"),
        ("@goal 0\n", "`@goal 0`: the list has goals 1 to 6"),
        (
            "@goal 2\n@goal 2\n",
            "`@goal 2` is given twice (first on line 4)",
        ),
        (
            "@goal 1\n@goal 2\n@goal 3\n",
            "`@goal 3`: 2 goals are drawn in these rules, named by the lines before it",
        ),
    ] {
        let e = goals(&format!("{kingdom}{lines}")).expect_err(lines);
        assert!(e.to_string().contains(says), "{lines}: {e}");
    }
    // Rules that draw none: every goal is in play, and a line naming one is a slip.
    let every = written(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
         goal = [{ name = \"Lake\", points = 10, terrain = \"lake\", squares = 6 }]\n",
    );
    let rules = every.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    let e = parse_side(&format!("{kingdom}@goal 1\n"), "k", &every, &modules, rules)
        .expect_err("no draw");
    assert!(e.to_string().contains("no `@goal` line"), "{e}");
}

/// Each scope, scored in a kingdom file (which counts every goal of the list: no game drew
/// them, and it names none with `@goal`).
#[test]
fn each_scope_scores_as_written() {
    let ruleset = written(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
         goal = [\n\
         { name = \"Lake of 6\", points = 10, terrain = \"lake\", squares = 6 },\n\
         { name = \"Lake of 8\", points = 10, terrain = \"lake\", squares = 8 },\n\
         { name = \"Wheat fields\", points = 3, terrain = \"wheat\", squares = 2, scope = \"each-territory\" },\n\
         { name = \"Mines\", points = 8, terrain = \"mine\", crowns = 3, scope = \"kingdom\" },\n\
         { name = \"Crowned\", points = 5, crowns = 2 },\n\
         { name = \"Swampy\", points = -4, terrain = \"swamp\" },\n\
         { name = \"Big\", points = 1, squares = 20, scope = \"kingdom\" },\n\
         { name = \"Bog\", points = -2, terrain = \"swamp\", max-crowns = 0, scope = \"each-territory\" },\n\
         { name = \"Poor mine\", points = 4, terrain = \"mine\", max-crowns = 1 },\n\
         ]\n",
    );
    let rules = ruleset.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    // Lake: one territory of 7 squares. Wheat: three territories of 2 squares. Mine: two
    // territories (diagonal squares do not join), 2 + 1 crowns, the first of 2 crowns. A
    // swamp. 17 squares besides the castle.
    let text = "L  L  L  W  S\n\
                L  L  C  W  .\n\
                L  L1 M2 .  W\n\
                W  W  F1 M1 W\n\
                .  .  .  .  .\n";
    let (kingdom, data) =
        parse_side(text, "k.kingdom", &ruleset, &modules, rules).unwrap_or_else(|e| panic!("{e}"));
    let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
    let score = score_side(rules, view);
    let got: Vec<(String, i32)> = score
        .bonuses
        .iter()
        .map(|b| (b.key.clone(), b.points))
        .collect();
    let want: Vec<(String, i32)> = [
        ("goal: Lake of 6", 10),
        ("goal: Lake of 8", 0),
        ("goal: Wheat fields", 9),
        ("goal: Mines", 8),
        ("goal: Crowned", 5),
        ("goal: Swampy", -4),
        ("goal: Big", 0),
        // The swamp has no crown; a mine of 1 crown is one of at most 1.
        ("goal: Bog", -2),
        ("goal: Poor mine", 4),
    ]
    .into_iter()
    .map(|(k, p)| (k.to_string(), p))
    .collect();
    assert_eq!(got, want);
    // The score's lines: the name, `x2` where a goal counts twice, +0 where it is not met.
    let lines: Vec<(String, i32)> = modules
        .modules()
        .iter()
        .enumerate()
        .flat_map(|(i, m)| m.score_lines(rules, view.for_module(i)))
        .map(|l| (l.label, l.points))
        .collect();
    assert!(
        lines.contains(&("Wheat fields x3".to_string(), 9)),
        "{lines:?}"
    );
    assert!(lines.contains(&("Lake of 8".to_string(), 0)), "{lines:?}");
    // The printed territories, and the goals' 10 + 9 + 8 + 5 - 4 - 2 + 4.
    assert_eq!(
        score.total,
        crownlands_core::score::score_kingdom(&kingdom, rules).total + 30
    );
}

/// A goal counted `per = "square"` or `per = "crown"`: its points for each square or crown of
/// what meets it (of the meeting territory with the most, once; of each; of the kingdom's
/// together), said in the help and the panel, with how it was counted on the score's line.
#[test]
fn a_goal_counts_per_square_or_per_crown() {
    let ruleset = written(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
         goal = [\n\
         { name = \"Lakeside\", points = 1, terrain = \"lake\", squares = 3, per = \"square\" },\n\
         { name = \"Fields\", points = 2, terrain = \"wheat\", squares = 2, scope = \"each-territory\", per = \"square\" },\n\
         { name = \"Deep mines\", points = 3, terrain = \"mine\", scope = \"kingdom\", per = \"crown\" },\n\
         { name = \"Big lake\", points = 1, terrain = \"lake\", squares = 8, per = \"square\" },\n\
         { name = \"Crowned\", points = -1, crowns = 1, per = \"crown\" },\n\
         ]\n",
    );
    let rules = ruleset.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    // Lake: one territory of 7 squares, 1 crown. Wheat: three territories of 2 squares. Mine:
    // two territories, 2 + 1 crowns.
    let text = "L  L  L  W  S\n\
                L  L  C  W  .\n\
                L  L1 M2 .  W\n\
                W  W  F1 M1 W\n\
                .  .  .  .  .\n";
    let (kingdom, data) =
        parse_side(text, "k.kingdom", &ruleset, &modules, rules).unwrap_or_else(|e| panic!("{e}"));
    let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
    let score = score_side(rules, view);
    let got: Vec<(String, i32)> = score
        .bonuses
        .iter()
        .map(|b| (b.key.clone(), b.points))
        .collect();
    let want: Vec<(String, i32)> = [
        // 7 lake squares; 3 wheat territories of 2, 2 points a square; 3 mine crowns; no lake
        // of 8; the most crowns of a crowned territory: the mine of 2 (the lake and forest
        // have 1).
        ("goal: Lakeside", 7),
        ("goal: Fields", 12),
        ("goal: Deep mines", 9),
        ("goal: Big lake", 0),
        ("goal: Crowned", -2),
    ]
    .into_iter()
    .map(|(k, p)| (k.to_string(), p))
    .collect();
    assert_eq!(got, want);
    let lines: Vec<(String, i32, Option<String>)> = modules
        .modules()
        .iter()
        .enumerate()
        .flat_map(|(i, m)| m.score_lines(rules, view.for_module(i)))
        .map(|l| (l.label, l.points, l.detail))
        .collect();
    assert!(
        lines.contains(&("Fields".to_string(), 12, Some("6 squares x 2".to_string()))),
        "{lines:?}"
    );
    assert!(
        lines.contains(&(
            "Deep mines".to_string(),
            9,
            Some("3 crowns x 3".to_string())
        )),
        "{lines:?}"
    );
    assert!(
        lines.contains(&("Big lake".to_string(), 0, None)),
        "{lines:?}"
    );
    // The help says the points a square, the panel short.
    let game = Game::new(Arc::clone(&ruleset), 4, 1).expect("a game");
    let rows = drawn(&game);
    assert!(
        rows.contains(&"+1/sq Lakeside: lake 3+sq".to_string()),
        "{rows:?}"
    );
    assert!(
        rows.contains(&"+3/cr Deep mines: any mine".to_string()),
        "{rows:?}"
    );
    let help: Vec<String> = modules.modules().iter().flat_map(|m| m.help()).collect();
    assert!(
        help.contains(
            &"Fields (+2 a square): each wheat territory of at least 2 squares".to_string()
        ),
        "{help:?}"
    );
    // A goal counted by crowns that allows none would always score 0: refused, at its `per`.
    let e = crownlands_rules::load_str(
        Registry::shipped_ref(),
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
         goal = [{ name = \"Bog\", points = 1, terrain = \"swamp\", max-crowns = 0, per = \"crown\" }]\n",
        Path::new("bog.toml"),
    )
    .expect_err("refused");
    assert!(
        e.to_string()
            .contains("`per` of `goal` item 1 is \"crown\" but `max-crowns = 0`"),
        "{e}"
    );
}

/// In random games, each side's goals line is what the goals drawn say of its final kingdom,
/// counted here apart from the module: the panel's goals, looked up by name.
#[test]
fn random_games_score_the_goals_drawn() {
    let ruleset = guide();
    let mut met = 0;
    for seed in 0..60u64 {
        let mut game = Game::new(Arc::clone(&ruleset), 3, seed).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        game.play_out_random(&mut rng);
        let rows = drawn(&game);
        for side in Side::all(3) {
            let score = game.score(side);
            let goals: Vec<&str> = score
                .bonuses
                .iter()
                .filter_map(|b| b.key.strip_prefix("goal: "))
                .collect();
            // Exactly the goals drawn, in the order drawn.
            let names: Vec<&str> = rows
                .iter()
                .map(|r| {
                    let name = r.split_once(' ').map_or("", |x| x.1);
                    name.split_once(':').map_or(name, |x| x.0)
                })
                .collect();
            assert_eq!(goals, names, "seed {seed}");
            let mut expected = 0;
            for name in names {
                expected += by_hand(&game, side, name);
            }
            let got: i32 = score
                .bonuses
                .iter()
                .filter(|b| b.key.starts_with("goal: "))
                .map(|b| b.points)
                .sum();
            assert_eq!(got, expected, "seed {seed}, {side:?}");
            met += usize::from(got != 0);
        }
    }
    assert!(met > 10, "goals met {met} times in 180 kingdoms");
}

/// What the bots value placements with (`Game::territory_scoring`, the goals scoring the
/// territories together) is the goals' score line for line, all through random games, after
/// a reset draws other goals, and where none is in play.
#[test]
fn the_bots_see_the_goals_drawn() {
    let goal_points = |game: &Game, side: Side| -> i64 {
        game.score(side)
            .bonuses
            .iter()
            .filter(|b| b.key.starts_with("goal: "))
            .map(|b| i64::from(b.points))
            .sum()
    };
    let mut game = Game::new(guide(), 2, 0).expect("a game");
    assert!(game.territory_scoring().scores_whole());
    let (mut checked, mut met) = (0, 0);
    for seed in 0..40u64 {
        // The same game dealt again: its goals drawn again from the new seed.
        game.reset(seed);
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        while !game.is_over() {
            for side in Side::all(2) {
                let seen = game.territory_scoring().of_kingdom(game.kingdom(side));
                assert_eq!(seen, goal_points(&game, side), "seed {seed}, {side:?}");
                checked += 1;
                met += usize::from(seen != 0);
            }
            game.play_random(|| rng.next_u32()).expect("not over");
        }
    }
    assert!(checked > 1_000 && met > 50, "{checked} checked, {met} met");
    // Every scope, a goal of any terrain over the whole kingdom, and a penalty, all in play.
    let every = written(
        "extends = \"kingdomino\"\nname = \"every\"\n[rules]\nmodules = [\"goals\"]\n\
         [rules.module.goals]\ngoal = [\n\
         { name = \"Lakes\", points = 4, terrain = \"lake\", squares = 2, scope = \"each-territory\" },\n\
         { name = \"Any 3\", points = 2, squares = 3, scope = \"each-territory\" },\n\
         { name = \"Crowned\", points = 9, crowns = 2 },\n\
         { name = \"Big\", points = 3, squares = 12, crowns = 3, scope = \"kingdom\" },\n\
         { name = \"Swamp\", points = -5, terrain = \"swamp\", squares = 2 },\n]\n",
    );
    let (mut penalised, mut whole) = (0, 0);
    for seed in 0..20u64 {
        let mut game = Game::new(Arc::clone(&every), 2, seed).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        while !game.is_over() {
            for side in Side::all(2) {
                let seen = game.territory_scoring().of_kingdom(game.kingdom(side));
                assert_eq!(seen, goal_points(&game, side), "seed {seed}, {side:?}");
                let lines = game.score(side).bonuses;
                penalised +=
                    usize::from(lines.iter().any(|b| b.key == "goal: Swamp" && b.points < 0));
                whole += usize::from(lines.iter().any(|b| b.key == "goal: Big" && b.points > 0));
            }
            game.play_random(|| rng.next_u32()).expect("not over");
        }
    }
    assert!(
        penalised > 10 && whole > 10,
        "{penalised} penalised, {whole} whole"
    );
    // Goals all worth nothing: nothing to see.
    let idle = written(
        "extends = \"kingdomino\"\nname = \"idle\"\n[rules]\nmodules = [\"goals\"]\n\
         [rules.module.goals]\ngoal = [{ name = \"Nil\", points = 0 }]\n",
    );
    let game = Game::new(idle, 2, 1).expect("a game");
    assert!(game.territory_scoring().is_empty());
}

/// The guide's goal `name`, scored for `side` by hand.
fn by_hand(game: &Game, side: Side, name: &str) -> i32 {
    let ruleset = game.ruleset();
    let t = |n: &str| ruleset.terrain_by_name(n).expect("terrain");
    let mut territories = Vec::new();
    game.kingdom(side)
        .for_each_territory(|x| territories.push((x.terrain, x.squares, x.crowns)));
    let of = |n: &str| {
        let id = t(n);
        territories.iter().filter(move |x| x.0 == id)
    };
    match name {
        "Great lake" => 10 * i32::from(of("lake").any(|x| x.1 >= 6)),
        "Breadbasket" => 3 * of("wheat").filter(|x| x.1 >= 3).count() as i32,
        "Deep mines" => 8 * i32::from(of("mine").map(|x| x.2).sum::<u32>() >= 3),
        "Old forest" => 6 * i32::from(of("forest").any(|x| x.1 >= 5 && x.2 >= 2)),
        "Crown jewel" => 5 * i32::from(territories.iter().any(|x| x.2 >= 4)),
        "Wide pastures" => 7 * i32::from(of("grassland").map(|x| x.1).sum::<u32>() >= 8),
        other => panic!("no goal {other}"),
    }
}

/// What `show` writes of the goals (a list of tables) loads back as the same ruleset.
#[test]
fn show_round_trips_the_goals() {
    let ruleset = guide();
    let text = crownlands_rules::to_toml(&ruleset, None);
    // A goal a line, its name first.
    assert!(
        text.contains(
            "module.goals.draw = 2\nmodule.goals.goal = [\n  { name = \"Great lake\", points = 10,"
        ),
        "{text}"
    );
    let back = crownlands_rules::load_str(Registry::shipped_ref(), &text, Path::new("shown.toml"))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, ruleset.as_ref());
}

/// Goals no kingdom can meet are warned of at the goal, naming it: more squares than the grid
/// holds, more squares or crowns of a terrain than the whole deck has; and a `draw` of the whole
/// list.
#[test]
fn goals_no_kingdom_can_meet_are_warned_at_the_goal() {
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
                draw = 5\n\
                goal = [\n\
                { name = \"Mines\", points = 3, terrain = \"mine\", squares = 7 },\n\
                { name = \"Rich mines\", points = 4, terrain = \"mine\", crowns = 11, scope = \"kingdom\" },\n\
                { name = \"Huge\", points = 1, squares = 25 },\n\
                { name = \"Fine\", points = 1, terrain = \"mine\", squares = 6 },\n\
                { name = \"Any\", points = 1, crowns = 15 },\n\
                ]\n";
    let checked =
        crownlands_rules::check_str(Registry::shipped_ref(), text, Path::new("goals.toml"));
    assert!(checked.result.is_ok(), "warnings do not stop loading");
    let said: Vec<String> = crownlands_rules::Diagnostics(checked.warnings)
        .to_string()
        .lines()
        .map(str::to_string)
        .collect();
    let expect = [
        "goals.toml:7:59: module `goals`: `squares` of `goal` item 1: goal `Mines` asks for 7 squares of mine, but the whole deck has 6",
        "goals.toml:8:63: module `goals`: `crowns` of `goal` item 2: goal `Rich mines` asks for 11 crowns of mine, but the whole deck has 10",
        "goals.toml:9:40: module `goals`: `squares` of `goal` item 3: goal `Huge` asks for 25 squares, but a 5x5 kingdom holds at most 24",
        "goals.toml:5:8: module `goals`: `draw = 5` of 5 goals listed: every goal is in play in every game",
        "`crowns` of `goal` item 5: goal `Any` asks for 15 crowns in one territory (of one terrain), but the richest terrain of the whole deck has 10",
    ];
    for e in expect {
        assert!(said.iter().any(|s| s.contains(e)), "{e}\nin:\n{said:#?}");
    }
    assert!(!said.iter().any(|s| s.contains("`Fine`")), "{said:#?}");
}

/// A goal's problem in a count's own list (`[for-players.N]`) is placed in that count's list,
/// at the value at fault, whichever lists come before it in the file.
#[test]
fn a_problem_in_a_counts_list_is_placed_in_that_list() {
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n\
                [for-players.3.module.goals]\n\
                goal = [{ name = \"C\", points = 1 }, { name = \"D\", points = 1 }]\n\
                [for-players.4.module.goals]\n\
                goal = [\n\
                  { name = \"E\", points = 1 },\n\
                  { name = \"F\", points = 1, scope = \"kingdoms\" },\n\
                ]\n";
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("counts.toml"))
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains(
            "counts.toml:9:35: at 4 players: module `goals`: `scope` of `goal` item 2 must be"
        ),
        "{e}"
    );
}

/// Sixteen goals of 1,000 points each counting every territory of a full 8x8 kingdom: each line
/// is held at the most a line may count, and the module's points are the lines' sum, as the
/// breakdown adds them (a clamp of the sum had made them disagree past a million).
#[test]
fn the_points_are_the_lines_sum_at_the_largest() {
    let goals: Vec<String> = (0..16)
        .map(|i| format!("{{ name = \"G{i}\", points = 1000, scope = \"each-territory\" }}"))
        .collect();
    let ruleset = written(&format!(
        "extends = \"kingdomino\"\n[rules]\ngrid-size = 8\nmodules = [\"goals\"]\n\
         [rules.module.goals]\ngoal = [{}]\n",
        goals.join(", ")
    ));
    let rules = ruleset.rules_for(4).expect("4 players");
    let modules = build_all(Registry::shipped_ref(), &rules.modules).expect("modules");
    // A checkerboard of wheat and forest around the castle: 63 territories of one square.
    let mut text = String::new();
    for y in 0..8 {
        let row: Vec<&str> = (0..8)
            .map(|x| match (x, y) {
                (0, 0) => "C",
                _ if (x + y) % 2 == 0 => "W",
                _ => "F",
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let (kingdom, data) =
        parse_side(&text, "k.kingdom", &ruleset, &modules, rules).unwrap_or_else(|e| panic!("{e}"));
    let view = SideView::new(&ruleset, &kingdom, &modules, &data, Side(0));
    let score = score_side(rules, view);
    let lines: i64 = score.bonuses.iter().map(|b| i64::from(b.points)).sum();
    assert_eq!(lines, 16 * 63_000);
    let points = modules.modules()[0].points(rules, view.for_module(0));
    assert_eq!(i64::from(points), lines);
}

/// Every problem the goals' check finds is reported, each at its goal: two names alike, a name
/// too long, and a name twice.
#[test]
fn every_goal_problem_is_reported_at_its_goal() {
    let text = "extends = \"kingdomino\"\nname = \"bad\"\n[rules]\nmodules = [\"goals\"]\n\
                [rules.module.goals]\ngoal = [\n\
                  { name = \"Lake\", points = 3 },\n\
                  { name = \"lake\", points = 3 },\n\
                  { name = \"A name that is far too long for the panel to show\", points = 3 },\n\
                  { name = \"Forest\", points = 3 },\n\
                  { name = \"Forest\", points = 3 },\n\
                ]\n";
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("bad.toml"))
        .expect_err("refused")
        .to_string();
    for (line, says) in [
        (
            8,
            "`name` of `goal` item 2, `lake`, reads as the name of `goal` item 1, `Lake`",
        ),
        (9, "`name` of `goal` item 3 has 49 characters: at most 40"),
        (
            11,
            "`name` of `goal` item 5, `Forest`, is also the name of `goal` item 4",
        ),
    ] {
        assert!(
            e.contains(&format!("bad.toml:{line}:10: module `goals`: {says}")),
            "{e}"
        );
    }
}

/// A goal with several mistakes gets each said in one run, not one a run: each goal is read
/// again with its mistake taken out (a required value stood in for), and with every goal's
/// taken out, two names alike are found too. A key misspelt is said once (not again as the
/// key it was meant for, missing).
#[test]
fn a_goals_mistakes_are_all_said_at_once() {
    goal_list_says(
        "{ points = 3, squares = 99, crowns = 300 },\n\
         { name = \"B\", points = \"six\", squares = 4, crowns = -1 },\n\
         { name = \"b\", pionts = 8 },\n",
        &[
            "`goal` item 1: `name` is missing",
            "`squares` of `goal` item 1 must be from 1 to 64, not 99",
            "`crowns` of `goal` item 1 must be from 0 to 256, not 300",
            "`points` of `goal` item 2 must be a whole number, not \"six\"",
            "`crowns` of `goal` item 2 must be from 0 to 256, not -1",
            "`name` of `goal` item 3, `b`, reads as the name of `goal` item 2, `B`",
            "`goal` item 3: unknown key `pionts` (did you mean `points`?)",
        ],
    );
}

/// A limit on crowns below the crowns asked: no territory has both.
#[test]
fn a_crown_limit_below_the_crowns_asked_is_refused() {
    goal_list_says(
        "{ name = \"A\", points = 1, crowns = 2, max-crowns = 1 },\n",
        &["`max-crowns` of `goal` item 1 is 1 but `crowns` asks at least 2: no territory has both"],
    );
}

/// A terrain's symbol for its name, or its name in another case, says the terrain meant.
#[test]
fn a_goals_terrain_written_as_its_symbol_names_it() {
    goal_list_says(
        "{ name = \"A\", points = 1, terrain = \"W\" },\n{ name = \"B\", points = 1, terrain = \"Lake\" },\n",
        &[
            "terrain `W` is not among the ruleset's terrains (did you mean `wheat`? `W` is its symbol)",
            "terrain `Lake` is not among the ruleset's terrains (did you mean `lake`?)",
        ],
    );
}

/// A key written after a goal's table, which TOML reads into that goal: where it belongs.
#[test]
fn a_key_after_a_goals_table_says_where_it_belongs() {
    let text = "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n\
                [[rules.module.goals.goal]]\nname = \"A\"\npoints = 1\ndraw = 1\ngrid-size = 7\n";
    let e = crownlands_rules::load_str(Registry::shipped_ref(), text, Path::new("after.toml"))
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains("after.toml:7:1: module `goals`: `goal` item 1: unknown key `draw`")
            && e.contains("(`draw` is a parameter of module `goals`: write it under [rules.module.goals], above its first [[rules.module.goals.goal]])"),
        "{e}"
    );
    assert!(
        e.contains("(`grid-size` is a rule: write it under [rules]"),
        "{e}"
    );
}

/// A goal's name may not end as `simulate` names a penalty (` (penalty)`): the two would be
/// counted as one.
#[test]
fn a_goal_named_as_a_penalty_is_refused() {
    goal_list_says(
        "{ name = \"Bog (penalty)\", points = 3 },\n",
        &["`name` of `goal` item 1 ends in ` (penalty)`"],
    );
}

/// An item of the list that is not a table (`5`, `[1, 2]`) is said so, and stands in as a table
/// for the rest of the list's checks: a name twice after it is still found in the same run.
#[test]
fn an_item_that_is_no_table_hides_no_other_goal_problem() {
    goal_list_says(
        "{ name = \"A\", points = 1 },\n5,\n[1, 2],\n{ name = \"A\", points = 1, squares = 0 },\n",
        &[
            "`goal` item 2 must be a table, not 5",
            "`goal` item 3 must be a table, not [1, 2]",
            "`name` of `goal` item 4, `A`, is also the name of `goal` item 1",
            "`squares` of `goal` item 4 must be from 1 to 64, not 0",
        ],
    );
}

/// A ruleset whose goal list holds `items` (TOML, a table a line) is refused with exactly the
/// problems `says` (each a part of one message), in one run.
fn goal_list_says(items: &str, says: &[&str]) {
    let text = format!(
        "extends = \"kingdomino\"\nname = \"bad\"\n[rules]\nmodules = [\"goals\"]\n\
         [rules.module.goals]\ngoal = [\n{items}]\n"
    );
    let e = crownlands_rules::load_str(Registry::shipped_ref(), &text, Path::new("bad.toml"))
        .expect_err("refused");
    let said: Vec<String> = e.iter().map(|d| d.message.clone()).collect();
    for says in says {
        assert!(said.iter().any(|m| m.contains(says)), "{says}: {said:#?}");
    }
    assert_eq!(said.len(), says.len(), "{said:#?}");
}

/// Every legal placement of random 2-player games of `ruleset` (seeds `0..seeds`): `check` gets
/// the preview's line changes, the change of the bonus `key` and the seed; returns how many
/// placements changed it.
fn each_placement(
    ruleset: &Arc<crownlands_core::Ruleset>,
    seeds: u64,
    key: &str,
    mut check: impl FnMut(&[(String, i32)], i32, u64),
) -> usize {
    let mut seen = 0;
    for seed in 0..seeds {
        let mut game = Game::new(Arc::clone(ruleset), 2, seed).expect("a game");
        let mut rng = crownlands_core::rng::GameRng::seed_from(seed);
        while !game.is_over() {
            if let crownlands_core::Phase::Place { .. } = game.phase()
                && let Some(side) = game.side_to_act()
            {
                for p in game.placements().iter() {
                    let changes =
                        crownlands_core::modules::describe::placement_line_changes(&game, p);
                    let before = game.score(side).bonus(key).unwrap_or(0);
                    let mut probe = game.clone();
                    probe
                        .apply(crownlands_core::Action::Place { placement: p })
                        .expect("legal");
                    let change = probe.score(side).bonus(key).unwrap_or(0) - before;
                    check(&changes, change, seed);
                    seen += usize::from(change != 0);
                }
            }
            game.play_random(&mut || rng.next_u32());
        }
    }
    seen
}

/// A placement's preview names the goals' lines it changes (a penalty for a swamp territory
/// without crowns had cancelled a crowned mine's points with nothing said), each by its key.
#[test]
fn a_placement_preview_names_the_goal_lines_it_changes() {
    let ruleset = written(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"goals\"]\n[rules.module.goals]\n\
         goal = [{ name = \"Bog\", points = -2, terrain = \"swamp\", max-crowns = 0, scope = \"each-territory\" }]\n",
    );
    let seen = each_placement(&ruleset, 20, "goal: Bog", |changes, change, seed| {
        let said: i32 = changes
            .iter()
            .filter(|(k, _)| k == "goal: Bog")
            .map(|(_, c)| *c)
            .sum();
        assert_eq!(said, change, "seed {seed}");
    });
    assert!(seen > 0, "no placement changed the goal's line");
}

/// A module whose part of the score is one key, its name (`terrain-multipliers`), is named in a
/// placement's preview by its score lines that changed, as the score screen words them (`mine
/// territories x3`): a playtest's preview said `terrain-multipliers +2`.
#[test]
fn a_placement_preview_names_a_module_by_its_score_lines() {
    let ruleset = written(
        "extends = \"kingdomino\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
         [rules.module.terrain-multipliers]\nmultipliers = { swamp = -1, mine = 3 }\n",
    );
    let seen = each_placement(
        &ruleset,
        10,
        "terrain-multipliers",
        |changes, change, seed| {
            for (key, _) in changes {
                assert!(
                    key == "swamp territories x(-1)" || key == "mine territories x3",
                    "{key}"
                );
            }
            let said: i32 = changes.iter().map(|(_, c)| *c).sum();
            assert_eq!(said, change, "seed {seed}");
        },
    );
    assert!(seen > 0, "no placement changed the multipliers' lines");
}

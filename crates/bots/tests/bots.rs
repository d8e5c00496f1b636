//! Bots: legal play on every shipped ruleset, no peeking at hidden components, level names,
//! reproducible tournaments at any thread count.

use crownlands_bots::level::parse_list;
use crownlands_bots::mcts::{DUEL_WIN_WEIGHT, TABLE_DEPTH, WIN_WEIGHT};
use crownlands_bots::tournament::Tournament;
use crownlands_bots::{Bot, GreedyBot, Level, MctsBot, PlayerView, RandomBot, Turn};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset};
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

fn level(s: &str) -> Level {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Play a whole game with one bot per seat; every choice must be legal.
fn play(game: &mut Game, bots: &mut [Box<dyn Bot>]) {
    while let Some(view) = PlayerView::new(game) {
        let p = view.player().index();
        let a = bots[p].choose(&view);
        assert!(view.is_legal(a), "{} chose illegal {a:?}", bots[p].name());
        game.apply(a).expect("legal");
    }
    assert!(game.is_over());
}

/// One bot a seat, the levels in turn: a quick `mcts`, `greedy`, `random`.
fn every_level(players: u8) -> Vec<Box<dyn Bot>> {
    (0..players)
        .map(|s| match s % 3 {
            0 => level("mcts:30").build(u64::from(s)),
            1 => level("greedy").build(u64::from(s)),
            _ => level("random").build(u64::from(s)),
        })
        .collect()
}

#[test]
fn every_level_plays_every_shipped_ruleset_legally() {
    for shipped in crownlands_rules::shipped() {
        let r = ruleset(&shipped.name);
        let counts: Vec<u8> = r.player_counts().iter().map(|(n, _)| *n).collect();
        for players in counts {
            let mut bots = every_level(players);
            let mut g = Game::new(r.clone(), players, 7).expect("setup");
            play(&mut g, &mut bots);
        }
    }
}

/// Positions part way into seeded games (claims and placements), each paired with a copy that
/// differs only in the hidden order of the draw pile and the box.
fn hidden_pairs() -> Vec<(Game, Game)> {
    let mut out = Vec::new();
    for (name, players) in [("kingdomino", 2u8), ("harmony-middle-kingdom", 4)] {
        let r = ruleset(name);
        for (seed, moves) in [(3u64, 9usize), (4, 14), (5, 22)] {
            let mut a = Game::new(r.clone(), players, seed).expect("setup");
            let mut rng = GameRng::seed_from(seed);
            for _ in 0..moves {
                a.play_random(|| rng.next_u32()).expect("not over");
            }
            let mut b = a.clone();
            let mut shuffle = GameRng::seed_from(99);
            b.resample_hidden(|| shuffle.next_u32());
            assert_ne!(a, b, "the hidden order should differ");
            assert_eq!(a.unseen_dominoes(), b.unseen_dominoes());
            out.push((a, b));
        }
    }
    out
}

fn same_choices(levels: &[&str]) {
    for (a, b) in hidden_pairs() {
        for lv in levels {
            let l = level(lv);
            let ca = l.build(5).choose(&PlayerView::new(&a).expect("view"));
            let cb = l.build(5).choose(&PlayerView::new(&b).expect("view"));
            assert_eq!(ca, cb, "{lv} at {:?}", a.phase());
        }
    }
}

#[test]
fn random_and_greedy_choices_do_not_depend_on_the_hidden_order() {
    same_choices(&["random", "greedy"]);
}

/// MCTS never reads the hidden order (it only sees a `PlayerView`, and every playout starts from
/// `determinize`), but `Game::resample_hidden` shuffles the hidden dominoes starting from their
/// real order, so the same generator gives different (equally likely) samples in the two games.
/// This passes once the core sorts the hidden dominoes before reshuffling them.
#[test]
fn mcts_choices_do_not_depend_on_the_hidden_order() {
    same_choices(&["mcts:300", "mcts:300:root=uct:opp=tree:first=greedy"]);
}

/// What MCTS can be held to today: the determinized games it searches are consistent with the
/// view (same public state, same unseen set), whatever the real order.
#[test]
fn determinized_games_keep_everything_public() {
    for (a, b) in hidden_pairs() {
        let mut rng = GameRng::seed_from(8);
        let va = PlayerView::new(&a).expect("view");
        let d = va.determinize(&mut rng);
        assert_eq!(d.unseen_dominoes(), b.unseen_dominoes());
        assert_eq!(d.next_line(), a.next_line());
        assert_eq!(d.current_line(), a.current_line());
        assert_eq!(d.kingdoms(), a.kingdoms());
        assert_eq!(d.legal_actions(), b.legal_actions());
    }
}

#[test]
fn random_bot_choose_matches_its_fast_path() {
    let r = ruleset("kingdomino");
    for players in [2u8, 4] {
        let mut slow = Game::new(r.clone(), players, 12).expect("setup");
        let mut fast = slow.clone();
        let mut a = RandomBot::new(1);
        let mut b = RandomBot::new(1);
        while let Some(view) = PlayerView::new(&slow) {
            let x = a.choose(&view);
            slow.apply(x).expect("legal");
            let mut turn = Turn::new(&mut fast).expect("turn");
            let y = b.act(&mut turn).expect("legal");
            assert_eq!(x, y);
        }
        assert_eq!(slow, fast);
    }
}

#[test]
fn a_turn_allows_one_action() {
    let mut g = Game::new(ruleset("kingdomino"), 2, 1).expect("setup");
    let mut turn = Turn::new(&mut g).expect("turn");
    let a = turn.view().legal_actions()[0];
    turn.play(a).expect("legal");
    assert!(turn.play(a).is_err());
    assert_eq!(turn.played(), Some(a));
}

#[test]
fn levels_parse_and_print() {
    for (text, shown) in [
        ("random", "random"),
        ("greedy", "greedy"),
        ("GREEDY", "greedy"),
        ("mcts", "mcts"),
        // The default's budget depends on the table; a number set is kept, whatever it is.
        ("mcts:8000", "mcts:8000"),
        ("mcts:16000", "mcts:16000"),
        ("mcts:500", "mcts:500"),
        ("mcts:500ms", "mcts:500ms"),
        ("mcts:2s", "mcts:2000ms"),
        ("mcts:800:reward=win", "mcts:800:reward=win"),
        ("mcts:800:w=0.75", "mcts:800:w=0.75"),
        ("mcts:w=1", "mcts:w=1"),
        (
            "mcts:800:rollout=random:c=0.5",
            "mcts:800:c=0.5:rollout=random",
        ),
        ("mcts:800:rollout=greedy0", "mcts:800"),
        ("mcts:800:rollout=sampled3", "mcts:800:rollout=sampled3"),
        (
            "mcts:800:reuse=1:widen=2:m=20",
            "mcts:800:m=20:reuse=1:widen=2",
        ),
        (
            "mcts:800:opp=tree:root=uct:crown=1.5:first=greedy",
            "mcts:800:crown=1.5:first=greedy:root=uct:opp=tree",
        ),
        ("mcts:800:opp=rollout:root=halving", "mcts:800"),
        ("mcts:800:deny=1", "mcts:800:deny=1"),
        ("mcts:800:depth=3", "mcts:800:depth=3"),
        ("mcts:depth=0", "mcts:depth=0"),
        ("mcts:deny=0", "mcts"),
        ("mcts:edge=1.2", "mcts:edge=1.2"),
        ("mcts:edge=0", "mcts"),
        ("mcts:step=300", "mcts:step=300"),
        ("mcts:step=1000", "mcts"),
        ("mcts:step=0", "mcts:step=0"),
        ("mcts:2000:adapt=0", "mcts:2000:adapt=0"),
        ("mcts:adapt=1", "mcts"),
    ] {
        assert_eq!(level(text).to_string(), shown, "{text}");
        assert_eq!(level(shown).to_string(), shown);
    }
    for bad in [
        "",
        "expert",
        "mcts:",
        "mcts:0",
        "mcts:-5",
        "mcts:fast",
        "mcts:0ms",
        "random:5",
        "mcts:9:x=1",
        "mcts:9:c=-1",
        "mcts:9:opp=me",
        "mcts:9:root=best",
        "mcts:9:crown=x",
        "mcts:9:deny=-1",
        "mcts:9:deny=9",
        "mcts:9:edge=-1",
        "mcts:9:edge=11",
        "mcts:step=-1",
        "mcts:step=100001",
        "mcts:step=1.5",
        "mcts:9:depth=x",
        "mcts:9:depth=300",
        "mcts:9:adapt=2",
        "mcts:9:w=1.5",
        "mcts:9:w=-0.1",
        // Bounded, so that a level's label stays short (a save stores it as the seat's kind).
        "mcts:9:crown=1e308",
        "mcts:9:c=1e300",
        "mcts:9:m=1e300",
        "mcts:9:widen=1e300",
    ] {
        let e = bad.parse::<Level>().expect_err(bad).to_string();
        assert!(
            e.contains("random") || e.contains("budget") || e.contains("setting"),
            "{bad}: {e}"
        );
    }
    for twice in ["mcts:50:threads=2:threads=3", "mcts:c=1:c=2"] {
        let e = twice.parse::<Level>().expect_err(twice).to_string();
        assert!(e.contains("is set twice"), "{twice}: {e}");
    }
    let e = "expert".parse::<Level>().expect_err("unknown").to_string();
    assert!(e.contains("random, greedy, mcts"), "{e}");
    assert_eq!(parse_list("mcts:100,greedy,random").expect("list").len(), 3);
    // An empty entry is said so, not as "unknown bot ``".
    for list in [",greedy", "greedy,,mcts", "greedy, "] {
        let e = parse_list(list).expect_err(list).to_string();
        assert!(
            e.starts_with(&format!("a bot's name is missing in `{list}`")),
            "{e}"
        );
    }
    let e = "".parse::<Level>().expect_err("blank").to_string();
    assert!(
        e.starts_with("a bot's name is missing; the levels are"),
        "{e}"
    );
}

#[test]
fn tournaments_are_the_same_at_any_thread_count() {
    let t = |jobs| Tournament {
        ruleset: ruleset("kingdomino"),
        levels: parse_list("greedy,random,mcts:8").expect("list"),
        games: 120,
        seed: 9,
        jobs: Some(jobs),
    };
    let strip = |mut r: crownlands_bots::tournament::Report| {
        r.seconds = 0.0;
        for (_, b) in &mut r.bots {
            b.nanos = 0;
        }
        r
    };
    let one = strip(t(1).run(&|_| {}).expect("runs"));
    let two = strip(t(2).run(&|_| {}).expect("runs"));
    assert_eq!(one, two);
    assert_eq!(one.bots.len(), 3);
    assert!(one.bots.iter().all(|(_, b)| b.games == 120));
    let wins: f64 = one.bots.iter().map(|(_, b)| b.wins).sum();
    assert!((wins - 120.0).abs() < 1e-9);
    // Seats rotate: every seat is played by every bot equally often.
    let seat_scores: Vec<f64> = one.seats.iter().map(|s| s.score_sum).collect();
    assert_eq!(seat_scores.len(), 3);
}

#[test]
fn dynasty_matches_sum_their_games() {
    let t = Tournament {
        ruleset: ruleset("dynasty"),
        levels: parse_list("greedy,random").expect("list"),
        games: 20,
        seed: 1,
        jobs: Some(1),
    };
    let r = t.run(&|_| {}).expect("runs");
    assert_eq!(r.match_games, 3);
    let greedy = &r.bots[0].1;
    assert!(
        greedy.mean_score() > 60.0,
        "three games summed: {}",
        greedy.mean_score()
    );
}

#[test]
fn greedy_beats_random() {
    let t = Tournament {
        ruleset: ruleset("kingdomino"),
        levels: parse_list("greedy,random").expect("list"),
        games: 100,
        seed: 2,
        jobs: None,
    };
    let r = t.run(&|_| {}).expect("runs");
    assert!(r.bots[0].1.win_rate() > 0.85, "{:?}", r.bots[0]);
}

#[test]
fn tournament_errors_are_clear() {
    let t = Tournament {
        ruleset: ruleset("mighty-duel"),
        levels: parse_list("greedy,random,random").expect("list"),
        games: 1,
        seed: 1,
        jobs: None,
    };
    let e = t.run(&|_| {}).expect_err("3 players").to_string();
    assert!(e.contains("does not allow 3 players"), "{e}");
}

#[test]
fn mcts_is_reproducible_for_a_playout_budget() {
    let r = ruleset("kingdomino");
    let g = Game::new(r, 4, 5).expect("setup");
    let config = match level("mcts:200") {
        Level::Mcts(c) => c,
        _ => unreachable!(),
    };
    let view = PlayerView::new(&g).expect("view");
    let a = MctsBot::new(config, 4, "mcts").search(&view);
    let b = MctsBot::new(config, 4, "mcts").search(&view);
    assert_eq!(a, b);
    let _ = GreedyBot::new(1).choose(&view);
}

/// The default reward weighs the win by the table: with two sides the win and the margin at
/// [`DUEL_WIN_WEIGHT`] and a tree of any depth, with more the win and the own score at
/// [`WIN_WEIGHT`] and a tree [`TABLE_DEPTH`] deep, so the default searches exactly as those
/// settings made by hand.
#[test]
fn mcts_weighs_the_win_by_the_number_of_sides() {
    for (players, setting) in [
        (2, format!("reward=mixed:w={DUEL_WIN_WEIGHT}:depth=0")),
        (4, format!("w={WIN_WEIGHT}:depth={TABLE_DEPTH}")),
    ] {
        let g = Game::new(ruleset("kingdomino"), players, 5).expect("setup");
        let view = PlayerView::new(&g).expect("view");
        let search = |text: &str| {
            let Level::Mcts(config) = level(text) else {
                unreachable!()
            };
            let mut bot = MctsBot::new(config, 4, "mcts");
            bot.search(&view);
            bot.root_ranking()
        };
        let default = search("mcts:200");
        assert_eq!(
            default,
            search(&format!("mcts:200:{setting}")),
            "{players} players"
        );
        assert_ne!(default, search("mcts:200:w=0"), "{players} players");
    }
}

/// With `reuse=1`, the claim after a placement starts from the placement's subtree; a position
/// that is not the one expected starts afresh.
#[test]
fn mcts_reuses_the_subtree_of_its_own_placement() {
    let r = ruleset("kingdomino");
    let mut g = Game::new(r, 4, 5).expect("setup");
    let mut rng = GameRng::seed_from(1);
    while g.domino_to_place().is_none() || g.placements().count() < 2 {
        g.play_random(|| rng.next_u32()).expect("not over");
    }
    let config = match level("mcts:300:reuse=1:root=uct:adapt=0") {
        Level::Mcts(c) => c,
        _ => unreachable!(),
    };
    let mut bot = MctsBot::new(config, 4, "mcts");
    let (place, _) = bot.search(&PlayerView::new(&g).expect("view"));
    g.apply(place).expect("legal");
    assert!(matches!(g.phase(), crownlands_core::Phase::Claim { .. }));
    let claim_view_game = g.clone();
    bot.search(&PlayerView::new(&g).expect("view"));
    assert!(bot.root_visits() > 300, "{}", bot.root_visits());
    // A fresh bot, or a position it did not expect, searches from scratch.
    let mut fresh = MctsBot::new(config, 4, "mcts");
    fresh.search(&PlayerView::new(&claim_view_game).expect("view"));
    assert_eq!(fresh.root_visits(), 300);
}

/// A house rule letting a domino that fits be discarded (`discard = "any-time"`), with swamps
/// costing points (`terrain-multipliers`), so that giving a domino up can pay.
fn discard_any_time_with_penalty_swamps() -> Arc<Ruleset> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    Arc::new(
        crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            "extends = \"discard-any-time.toml\"\n[rules]\nmodules = [\"terrain-multipliers\"]\n\
             [rules.module.terrain-multipliers]\nmultipliers = { swamp = -2 }\n",
            &dir.join("penalty-swamps.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// Under `discard = "any-time"` every level plays legally (the discard of a domino that fits is
/// one more legal action), the random bot draws as the engine's fast path does, and greedy gives
/// a domino up only where every placement is worth less than the discard (here: swamps that
/// would cost points), which it does.
#[test]
fn bots_play_the_house_rule_that_discards_a_domino_that_fits() {
    let r = discard_any_time_with_penalty_swamps();
    for players in [2u8, 4] {
        let mut bots = every_level(players);
        let mut g = Game::new(r.clone(), players, 7).expect("setup");
        play(&mut g, &mut bots);
        // The random bot's choice, as the engine's allocation-free draw.
        let mut slow = Game::new(r.clone(), players, 12).expect("setup");
        let mut fast = slow.clone();
        let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(1));
        while let Some(view) = PlayerView::new(&slow) {
            let x = a.choose(&view);
            slow.apply(x).expect("legal");
            let mut turn = Turn::new(&mut fast).expect("turn");
            assert_eq!(x, b.act(&mut turn).expect("legal"));
        }
        assert_eq!(slow, fast);
    }
    let mut given_up = 0;
    for seed in 0..10u64 {
        let mut g = Game::new(r.clone(), 4, seed).expect("setup");
        let mut bots: Vec<GreedyBot> = (0..4).map(GreedyBot::new).collect();
        while let Some(view) = PlayerView::new(&g) {
            let actions = view.legal_actions();
            let choice = bots[view.player().index()].choose(&view);
            if choice == crownlands_core::Action::Discard && actions.len() > 1 {
                given_up += 1;
                let mut rng = GameRng::seed_from(seed);
                let values = crownlands_bots::greedy::action_values(&view, &actions, &mut rng);
                let (discard, placements) = values.split_last().expect("values");
                assert!(
                    placements.iter().all(|&v| v < *discard),
                    "seed {seed}: {values:?}"
                );
            }
            g.apply(choice).expect("legal");
        }
    }
    assert!(given_up > 3, "{given_up} dominoes given up");
}

/// The discard house rule with Middle Kingdom on a 6x6 grid, where greedy never counts the bonus
/// still possible: the first placement moves the castle off the centre, which a discard would
/// keep; greedy still places (a discard is weighed against the bonus as greedy counts it once
/// the kingdom grows), and scores as it does under the printed rule.
#[test]
fn greedy_places_under_the_discard_house_rule_on_an_even_grid() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    let load = |text: &str| {
        Arc::new(
            crownlands_rules::load_str(
                crownlands_core::Registry::shipped_ref(),
                text,
                &dir.join("even.toml"),
            )
            .unwrap_or_else(|e| panic!("{e}")),
        )
    };
    let any_time = load("extends = \"discard-any-time.toml\"\n[rules]\ngrid-size = 6\n");
    let printed = load("extends = \"middle-kingdom\"\n[rules]\ngrid-size = 6\n");
    let (mut given_up, mut placements) = (0, 0);
    let mut totals = [0i64; 2];
    for seed in 0..6u64 {
        for (total, r) in totals.iter_mut().zip([&any_time, &printed]) {
            let mut g = Game::new(r.clone(), 4, seed).expect("setup");
            let mut bots: Vec<GreedyBot> = (0..4).map(GreedyBot::new).collect();
            while let Some(view) = PlayerView::new(&g) {
                let choice = bots[view.player().index()].choose(&view);
                if !g.placements().is_empty() && Arc::ptr_eq(r, &any_time) {
                    placements += 1;
                    given_up += i32::from(choice == crownlands_core::Action::Discard);
                }
                g.apply(choice).expect("legal");
            }
            *total += g
                .all_sides()
                .map(|s| i64::from(g.score(s).total))
                .sum::<i64>();
        }
    }
    assert!(
        given_up * 10 < placements,
        "{given_up} of {placements} given up"
    );
    assert!(totals[0] * 100 >= totals[1] * 95, "{totals:?}");
}

/// At a kingdom's last placement under the discard house rule (swamps costing points), greedy
/// weighs the discard against its placement's exact points: its last placement never loses the
/// side points, and it discards where every placement would.
#[test]
fn greedy_keeps_its_points_at_its_last_placement() {
    let r = discard_any_time_with_penalty_swamps();
    let (mut lasts, mut every_loses) = (0, 0);
    for players in [2u8, 4] {
        for seed in 0..8u64 {
            let mut g = Game::new(r.clone(), players, seed).expect("setup");
            let mut bots: Vec<GreedyBot> = (0..players).map(|s| GreedyBot::new(s.into())).collect();
            while let Some(view) = PlayerView::new(&g) {
                let choice = bots[view.player().index()].choose(&view);
                let side = g.side_of(view.player());
                let before = g.score_total(side);
                let last = g.domino_to_place().is_some() && !g.places_again();
                let losing = g.placements().iter().all(|placement| {
                    let mut next = g.clone();
                    next.apply(crownlands_core::Action::Place { placement })
                        .is_ok()
                        && next.score_total(side) < before
                });
                let fits = !g.placements().is_empty();
                g.apply(choice).expect("legal");
                if last && fits {
                    lasts += 1;
                    assert!(g.score_total(side) >= before, "{players}, seed {seed}");
                    every_loses += i32::from(losing);
                }
            }
        }
    }
    assert!(lasts > 20, "{lasts} last placements");
    assert!(
        every_loses > 0,
        "no last placement where every placement loses"
    );
}

/// Under a majority (`majority`, a house rule: points for the kingdom with the most crowns)
/// greedy plays for it with no code of its own for the module: each placement is weighed with
/// the awards it would hold were they decided after it (`Game::placed_points`), 30 points where
/// it takes the most crowns.
#[test]
fn greedy_weighs_the_majority_a_placement_would_win() {
    use crownlands_bots::greedy::{KingdomEval, action_values, placement_value};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/house-rules");
    let crowned = Arc::new(
        crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            "extends = \"kingdomino\"\n[rules]\nmodules = [\"majority\"]\n\
             [[rules.module.majority.award]]\nof = \"crowns\"\npoints = 30\n",
            &dir.join("crowns.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut weighed = 0;
    for seed in 0..6u64 {
        let mut g = Game::new(crowned.clone(), 3, seed).expect("setup");
        let mut bots: Vec<GreedyBot> = (0..3).map(GreedyBot::new).collect();
        while let Some(view) = PlayerView::new(&g) {
            if let (Some(d), false) = (g.domino_to_place(), g.placements().is_empty()) {
                let side = g.side_of(view.player());
                let kingdom = g.kingdom(side);
                let domino = g.domino(d);
                let before = KingdomEval::new(kingdom, g.rules(), g.territory_scoring());
                let actions = view.legal_actions();
                let mut rng = GameRng::seed_from(seed);
                let values = action_values(&view, &actions, &mut rng);
                for (a, v) in actions.iter().zip(&values) {
                    if let crownlands_core::Action::Place { placement } = *a {
                        let own = placement_value(kingdom, &before, domino, placement, g.rules());
                        let mut k = kingdom.clone();
                        k.set_square(placement.first, domino.first).expect("fits");
                        k.set_square(placement.second(), domino.second)
                            .expect("fits");
                        let award = g.placed_points(side, &k) - g.placed_points(side, kingdom);
                        assert!((v - own - award as f64).abs() < 1e-9, "seed {seed}");
                        weighed += usize::from(award != 0);
                    }
                }
            }
            let choice = bots[view.player().index()].choose(&view);
            g.apply(choice).expect("legal");
        }
    }
    assert!(
        weighed > 20,
        "{weighed} placements that win or lose the award"
    );
}

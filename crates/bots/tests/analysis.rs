//! The analysis of decisions: a shortlist from the bot, estimates on common samples, the loss.

use crownlands_bots::analysis::{Analyst, Decision, assess_all};
use crownlands_bots::{Level, PlayerView};
use crownlands_core::rng::GameRng;
use crownlands_core::{Game, Ruleset};
use std::sync::Arc;

fn ruleset(name: &str) -> Arc<Ruleset> {
    Arc::new(
        crownlands_rules::load(crownlands_core::Registry::shipped_ref(), name)
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A 2-player Kingdomino game after `moves` random actions.
fn position(seed: u64, moves: usize) -> Game {
    let mut game = Game::new(ruleset("kingdomino"), 2, seed).expect("setup");
    let mut rng = GameRng::seed_from(seed);
    for _ in 0..moves {
        game.play_random(|| rng.next_u32()).expect("not over");
    }
    game
}

/// Play `m`'s current game to its end at random: the position before its last action, and that
/// action (after it the game is over).
fn play_to_the_end(
    m: &mut crownlands_core::Match,
    rng: &mut GameRng,
) -> (Game, crownlands_core::Action) {
    let mut last = None;
    while !m.game().is_over() {
        let before = m.game().clone();
        let played = m
            .game_mut()
            .play_random(|| rng.next_u32())
            .expect("not over");
        last = Some((before, played));
    }
    last.expect("a decision")
}

fn analyst(level: &str, samples: u32) -> Analyst {
    Analyst {
        level: level.parse::<Level>().expect("level"),
        samples,
        ..Analyst::default()
    }
}

#[test]
fn the_best_is_never_worse_than_the_move_played() {
    for (seed, moves) in [(1u64, 6usize), (2, 11), (3, 20), (4, 31)] {
        let game = position(seed, moves);
        let view = PlayerView::new(&game).expect("someone acts");
        for played in view.legal_actions().into_iter().take(5) {
            let a = analyst("greedy", 6).assess(&view, Some(played), 7);
            let p = a.played.expect("a legal move played is assessed");
            assert_eq!(p.action, played);
            assert!(!a.best().value.better_than(&a.best().value));
            assert!(!p.value.better_than(&a.best().value), "{a:?}");
            let (win, points) = a.loss();
            assert!(win >= 0.0 && points >= 0.0);
            assert!(
                a.candidates.len() <= 4,
                "three proposals and the move played"
            );
            for w in a.candidates.windows(2) {
                assert!(!w[1].value.better_than(&w[0].value), "best first: {a:?}");
            }
            // A move played that ties the best exactly is named the best.
            if a.loss() == (0.0, 0.0) {
                assert_eq!(a.best().action, played, "{a:?}");
            }
        }
    }
}

#[test]
fn an_assessment_depends_only_on_the_position_and_the_seed() {
    let game = position(5, 13);
    let view = PlayerView::new(&game).expect("someone acts");
    let played = view.legal_actions()[0];
    let a = analyst("mcts:60", 5);
    assert_eq!(
        a.assess(&view, Some(played), 3),
        a.assess(&view, Some(played), 3)
    );
    // The hidden order is not read: a game differing only in it gives the same assessment.
    let mut other = game.clone();
    let mut shuffle = GameRng::seed_from(99);
    other.resample_hidden(|| shuffle.next_u32());
    let other_view = PlayerView::new(&other).expect("someone acts");
    assert_eq!(
        a.assess(&view, Some(played), 3),
        a.assess(&other_view, Some(played), 3)
    );
}

#[test]
fn a_forced_move_loses_nothing_and_an_illegal_one_is_ignored() {
    // Find a position with a single legal action (the last claim of a line, or a forced
    // discard) by playing on until one comes.
    let mut game = position(6, 0);
    let mut rng = GameRng::seed_from(6);
    while game.legal_action_count() != 1 {
        game.play_random(|| rng.next_u32())
            .expect("a forced move comes before the end");
    }
    let view = PlayerView::new(&game).expect("someone acts");
    let only = view.legal_actions()[0];
    let a = analyst("greedy", 3).assess(&view, Some(only), 1);
    assert!(a.forced);
    assert_eq!(a.best().action, only);
    assert_eq!(a.loss(), (0.0, 0.0));

    let game = position(7, 10);
    let view = PlayerView::new(&game).expect("someone acts");
    let illegal = crownlands_core::Action::Discard;
    assert!(!view.is_legal(illegal));
    let a = analyst("greedy", 3).assess(&view, Some(illegal), 1);
    assert!(a.played.is_none());
}

#[test]
fn a_whole_game_gives_the_same_assessments_on_any_number_of_threads() {
    let mut game = position(8, 0);
    let mut rng = GameRng::seed_from(8);
    let mut decisions = Vec::new();
    while !game.is_over() {
        let before = game.clone();
        let played = game.play_random(|| rng.next_u32()).expect("not over");
        let index = decisions.len();
        decisions.push(Decision {
            before,
            played,
            index,
            so_far: Default::default(),
        });
    }
    let a = analyst("greedy", 2);
    // The forced moves are done at once, first: the progress never counts fewer.
    let forced = decisions
        .iter()
        .filter(|d| d.before.legal_action_count() <= 1)
        .count();
    assert!(forced > 0);
    let said = std::sync::Mutex::new(Vec::new());
    let one = assess_all(&a, &decisions, 4, Some(1), &|n| {
        said.lock().expect("not poisoned").push(n);
    })
    .expect("threads");
    let said = said.into_inner().expect("not poisoned");
    assert_eq!(said.first(), Some(&forced), "{said:?}");
    assert_eq!(said.last(), Some(&decisions.len()));
    assert_eq!(said.len(), decisions.len() - forced + 1);
    assert!(said.windows(2).all(|w| w[0] < w[1]), "{said:?}");
    let two = assess_all(&a, &decisions, 4, Some(2), &|_| {}).expect("threads");
    assert_eq!(one.len(), decisions.len());
    assert_eq!(one, two);
    // Stopped (a front end whose player left it): nothing more is weighed, and it says so.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let weighed = std::sync::atomic::AtomicUsize::new(0);
    let mcts = analyst("mcts", 2);
    let stopped = crownlands_bots::analysis::assess_all_until(
        &mcts,
        &decisions,
        4,
        Some(1),
        &|n| weighed.store(n, std::sync::atomic::Ordering::Relaxed),
        &stop,
    );
    assert_eq!(stopped, Err("the analysis was stopped".to_string()));
}

#[test]
fn a_game_of_a_match_is_weighed_for_the_match() {
    use crownlands_bots::analysis::MatchSoFar;
    use crownlands_core::Match;
    // Dynasty: three games, the highest total wins the match.
    let mut m = Match::new(ruleset("dynasty"), 2, 5).expect("setup");
    let mut rng = GameRng::seed_from(5);
    // The last decision of game 1.
    let (before, played) = play_to_the_end(&mut m, &mut rng);
    m.count_game();
    let so_far = MatchSoFar::of(&m);
    assert_eq!(so_far.games_after, 2);
    assert_eq!(so_far.carried, vec![0, 0], "nothing before game 1");
    let view = PlayerView::new(&before).expect("someone acts");
    let a = analyst("greedy", 40);
    // Alone, the game's last move decides it; in the match, two games follow.
    let alone = a.assess(&view, Some(played), 3).best().value.win;
    assert!(alone == 0.0 || alone == 1.0 || alone == 0.5, "{alone}");
    let in_match_view = PlayerView::in_match(&before, &so_far).expect("someone acts");
    let in_match = a.assess(&in_match_view, Some(played), 3);
    let win = in_match.best().value.win;
    assert!(win > 0.0 && win < 1.0, "two games to play: {win}");
    assert!(in_match.best().value.score > 50.0, "three games' points");
    // Common samples in a match too: one move weighed three times, three equal estimates (the
    // later games are dealt once a sample, for every candidate alike).
    let same =
        crownlands_bots::analysis::estimate(&view, &[played, played, played], 50, &so_far, 9);
    assert!(same.windows(2).all(|w| w[0] == w[1]), "{same:?}");
    // The last game, 1,000 points behind: no move wins the match, whatever the game gives.
    let side = view.side();
    let mut carried = vec![1000, 1000];
    carried[side.index()] = 0;
    let behind = MatchSoFar {
        carried,
        games_after: 0,
        ..MatchSoFar::default()
    };
    let behind_view = PlayerView::in_match(&before, &behind).expect("someone acts");
    let lost = a.assess(&behind_view, Some(played), 3);
    assert!(lost.candidates.iter().all(|c| c.value.win == 0.0));
    // Far ahead: every move wins it.
    let mut carried = vec![0, 0];
    carried[side.index()] = 1000;
    let ahead = MatchSoFar {
        carried,
        games_after: 0,
        ..MatchSoFar::default()
    };
    let ahead_view = PlayerView::in_match(&before, &ahead).expect("someone acts");
    let won = a.assess(&ahead_view, Some(played), 3);
    assert!(won.candidates.iter().all(|c| c.value.win == 1.0));
    assert!(won.best().value.score >= 1000.0);
}

/// Equal match totals are settled as the match settles them: by the ruleset's
/// `match-tie-breaks` over the earlier games and this one (here `last-game`: the better last
/// game takes the match), shared where the ruleset has none (Dynasty as printed).
#[test]
fn equal_match_totals_are_settled_by_the_match_tie_breaks() {
    use crownlands_bots::analysis::MatchSoFar;
    use crownlands_core::Match;
    let last_game = Arc::new(
        crownlands_rules::load_str(
            crownlands_core::Registry::shipped_ref(),
            "extends = \"dynasty\"\n[rules]\nmatch-tie-breaks = [\"last-game\"]\n",
            std::path::Path::new("last-game.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}")),
    );
    // Seed 1: the side to act loses this game; 2: it wins it.
    for seed in [1u64, 2] {
        let mut wins = Vec::new();
        for ruleset in [ruleset("dynasty"), last_game.clone()] {
            let mut m = Match::new(ruleset, 2, seed).expect("setup");
            let mut rng = GameRng::seed_from(seed);
            // Games 1 and 2 played, game 3 to its last decision.
            for _ in 0..2 {
                while m.game_mut().play_random(|| rng.next_u32()).is_some() {}
                assert!(m.next_game());
            }
            let (before, played) = play_to_the_end(&mut m, &mut rng);
            let view = PlayerView::new(&before).expect("someone acts");
            let me = view.side();
            let points: Vec<i64> = m
                .game()
                .all_sides()
                .map(|s| i64::from(m.game().score_total(s)))
                .collect();
            // Carried totals that make the match's totals equal, whatever this game gave.
            let carried: Vec<i64> = points.iter().map(|p| 1000 - p).collect();
            let so_far = MatchSoFar {
                carried,
                games_after: 0,
                standing: MatchSoFar::of(&m).standing,
            };
            let view = PlayerView::in_match(&before, &so_far).expect("someone acts");
            let played_value = analyst("greedy", 6)
                .assess(&view, Some(played), 1)
                .played
                .expect("the move played is assessed")
                .value
                .win;
            let mine = points[me.index()];
            let other = points[1 - me.index()];
            wins.push((played_value, mine.cmp(&other)));
        }
        // Dynasty as printed: equal totals share.
        assert_eq!(wins[0].0, 0.5, "seed {seed}: {wins:?}");
        // Last game: this game's better side takes it.
        let expected = match wins[1].1 {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
        assert_eq!(wins[1].0, expected, "seed {seed}: {wins:?}");
    }
}

/// Estimates stop drawing samples past the work a decision may take (a stranger's ruleset of
/// huge kingdoms cannot make one decision take hours), resting on at least 8; within it they
/// draw every sample asked.
#[test]
fn estimates_stop_at_the_work_a_decision_may_take() {
    let game = position(4, 6);
    let view = crownlands_bots::PlayerView::new(&game).expect("someone to act");
    let full = analyst("greedy", 20).assess(&view, None, 3);
    assert_eq!(full.samples, 20);
    let short = Analyst {
        max_work: 1,
        ..analyst("greedy", 20)
    }
    .assess(&view, None, 3);
    assert_eq!(
        short.samples,
        crownlands_bots::analysis::MIN_ESTIMATE_SAMPLES
    );
}

/// An assessment that may be stopped (the hint, when the player takes the position back) is the
/// plain one while nobody stops it, and gives up with no answer once stopped.
#[test]
fn a_stopped_assessment_gives_no_answer() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let game = position(3, 9);
    let view = PlayerView::new(&game).expect("someone acts");
    let a = analyst("mcts", 4);
    let stop = Arc::new(AtomicBool::new(false));
    assert_eq!(
        a.assess_until(&view, None, 5, &stop),
        Some(a.assess(&view, None, 5))
    );
    stop.store(true, Ordering::Relaxed);
    assert_eq!(a.assess_until(&view, None, 5, &stop), None);
}

#[test]
fn a_domino_of_two_like_squares_is_proposed_once_on_the_same_cells() {
    // Domino 11 (grassland, grassland) at 0,-1↑ and at 0,-2↓ covers the same squares: the hint
    // listed both as two of its three best moves.
    let mut found = 0;
    for seed in 0..200u64 {
        let mut game = Game::new(ruleset("kingdomino"), 2, seed).expect("setup");
        let mut rng = GameRng::seed_from(seed);
        while !game.is_over() && found < 6 {
            if let Some(id) = game.domino_to_place()
                && game.domino(id).first == game.domino(id).second
                && game.legal_action_count() > 2
            {
                let view = PlayerView::new(&game).expect("someone acts");
                for level in ["greedy", "mcts:200"] {
                    let a = analyst(level, 4).assess(&view, None, 5);
                    let mut covered: Vec<Vec<crownlands_core::Cell>> = a
                        .candidates
                        .iter()
                        .filter_map(|c| match c.action {
                            crownlands_core::Action::Place { placement } => {
                                let mut cells = vec![placement.first, placement.second()];
                                cells.sort_by_key(|c| (c.y, c.x));
                                Some(cells)
                            }
                            _ => None,
                        })
                        .collect();
                    let all = covered.len();
                    covered.sort_by_key(|c| c.iter().map(|c| (c.y, c.x)).collect::<Vec<_>>());
                    covered.dedup();
                    assert_eq!(covered.len(), all, "{level}: {a:?}");
                    // The best laid the other way round, played: it stands for the best, not
                    // listed beside it.
                    if let crownlands_core::Action::Place { placement } = a.best().action {
                        let turned = crownlands_core::Action::Place {
                            placement: crownlands_core::Placement::from_cells(
                                placement.second(),
                                placement.first,
                            )
                            .expect("neighbours"),
                        };
                        let b = analyst(level, 4).assess(&view, Some(turned), 5);
                        let same = b
                            .candidates
                            .iter()
                            .filter(|c| c.action == turned || c.action == a.best().action)
                            .count();
                        assert_eq!(same, 1, "{level}: {b:?}");
                    }
                }
                found += 1;
            }
            game.play_random(|| rng.next_u32());
        }
        if found >= 6 {
            break;
        }
    }
    assert!(found >= 6, "positions with a domino of two like squares");
}

#[test]
fn one_thing_at_two_squares_of_one_territory_is_one_move() {
    // A tax from either square of one territory, a building on either square of one town: the
    // hint listed both as two of its three best, and the analysis counted the other square,
    // a whisker apart by its samples, as a mistake.
    let ruleset = ruleset("queendomino");
    let mut found = 0;
    'games: for seed in 0..40 {
        let mut game = Game::new(Arc::clone(&ruleset), 2, seed).expect("a game");
        let mut rng = GameRng::seed_from(seed);
        while !game.is_over() {
            if let Some(step) = game.step_view() {
                let side = game.side_to_act().expect("someone acts");
                let kingdom = game.kingdom(side);
                let territory = |c: &crownlands_core::modules::describe::ChoiceView| {
                    let first = *c.cells.first()?;
                    kingdom
                        .territory_cells(first)
                        .into_iter()
                        .min_by_key(|c| (c.y, c.x))
                };
                let twins = step.choices.iter().enumerate().find_map(|(i, a)| {
                    step.choices[i + 1..]
                        .iter()
                        .find(|b| {
                            a.group.is_some()
                                && a.group == b.group
                                && a.row == b.row
                                && territory(a).is_some()
                                && territory(a) == territory(b)
                        })
                        .map(|b| (a.action, b.action))
                });
                if let Some((a, b)) = twins {
                    let view = PlayerView::new(&game).expect("someone acts");
                    for level in ["greedy", "mcts:200"] {
                        let first = analyst(level, 4).assess(&view, None, 5);
                        let listed = first
                            .candidates
                            .iter()
                            .filter(|c| c.action == a || c.action == b)
                            .count();
                        assert!(listed <= 1, "{level}: {first:?}");
                        // Either played stands for the other: listed once, never a loss.
                        for played in [a, b] {
                            let each = analyst(level, 4).assess(&view, Some(played), 5);
                            let listed = each
                                .candidates
                                .iter()
                                .filter(|c| c.action == a || c.action == b)
                                .count();
                            assert_eq!(listed, 1, "{level}: {each:?}");
                        }
                    }
                    found += 1;
                    if found >= 4 {
                        break 'games;
                    }
                }
            }
            game.play_random(|| rng.next_u32());
        }
    }
    assert!(
        found >= 4,
        "steps with one thing at two squares of one territory"
    );
}

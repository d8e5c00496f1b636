//! "Analyse this game" on the score screen: every decision of the finished game assessed by a
//! bot on its own threads (`crownlands_bots::analysis`, as `crownlands analyse` does), then each
//! player's mean loss and biggest mistakes.

use crownlands_bots::Analyst;
use crownlands_bots::analysis::{
    Assessment, DEFAULT_MAX_DECISIONS, DEFAULT_SEED, Decision, MatchSoFar,
    PLAYOUT_MOVES_PER_DECISION, assess_all_until, playout_moves, summarize, too_many_decisions,
};
use crownlands_core::{Action, Registry, Side};
use crownlands_saves::Session;
use crownlands_saves::words::moves_apart;
use crownlands_saves::words::{is_team_game, side_text};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// How many mistakes a player's summary names.
const MISTAKES: usize = 3;

/// The keys that show the mistakes on the board, in the analysis's order (every player's, as
/// listed): at most 35 are given a key, as many as 3 mistakes of 11 players.
pub const MISTAKE_KEYS: &str = "123456789abcdefghijklmnopqrstuvwxyz";

/// The key of the `k`th mistake (from 0), if it has one.
pub fn key_of_mistake(k: usize) -> Option<char> {
    MISTAKE_KEYS.chars().nth(k)
}

/// Which mistake (from 0) key `c` shows, if any.
pub fn mistake_of_key(c: char) -> Option<usize> {
    MISTAKE_KEYS.chars().position(|k| k == c)
}

/// One of a player's biggest mistakes, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    /// The move's number in the game, from 1 (as `crownlands replay` numbers them).
    pub number: usize,
    pub played: String,
    pub best: String,
    /// The same two moves, to show on the board.
    pub played_action: Action,
    pub best_action: Action,
    /// What the move gave up: win chance (0 to 1) and points.
    pub loss: (f64, f64),
    /// What it gave up, as a summary says it (win chance and points, points alone, or win
    /// chance for points).
    pub given_up: crownlands_bots::analysis::GivenUp,
    /// Who of the team made it, in a team game (a team's mistakes are its seats').
    pub by: Option<String>,
    /// Why the best is better, as far as the moves' own effects show
    /// ([`crownlands_bots::why::why`]).
    pub why: Option<String>,
}

/// A player's (a side's) record in the game.
#[derive(Clone, Debug, PartialEq)]
pub struct SideReport {
    pub name: String,
    pub decisions: usize,
    pub forced: usize,
    pub mean_loss: f64,
    pub mean_score_loss: f64,
    pub mistakes: Vec<Mistake>,
    /// How many moves were mistakes, the biggest of them in `mistakes`.
    pub mistake_count: usize,
    /// In a team game, each of the team's players on their own moves (empty otherwise).
    pub seats: Vec<SeatReport>,
}

/// One player of a team on their own moves.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport {
    pub name: String,
    pub decisions: usize,
    pub mean_loss: f64,
    pub mean_score_loss: f64,
}

/// An analysis under way or done.
pub struct AnalysisJob {
    /// The game weighed (from 0; a match's).
    game: usize,
    pub total: usize,
    /// Of `total`, the forced moves (one legal action: not weighed, done at once).
    pub forced: usize,
    done: Arc<AtomicUsize>,
    /// Set when the job is dropped (a new game, quitting): the threads stop working for it.
    stop: Arc<AtomicBool>,
    rx: Receiver<Result<Vec<Assessment>, String>>,
    decisions: Vec<Decision>,
    sides: Vec<Side>,
    names: Vec<String>,
    /// In a team game, each seat's player's name (escaped), to say who made a mistake.
    seat_names: Option<Vec<String>>,
    /// The result once it has come: a report per side, or why it failed.
    pub result: Option<Result<Vec<SideReport>, String>>,
    /// Whether the game was not weighed at all, as too long (the result says why): a refusal,
    /// not a failure.
    pub refused: bool,
    /// When it began, and the time it expected to be left at the app's last tick
    /// ([`AnalysisJob::tick`]): an 8-player game takes half an hour.
    started: Instant,
    left: Option<Duration>,
}

/// The time left to assess `total` decisions when `done` took `elapsed`, at the same pace;
/// `None` until the pace says something (a few decisions and a few seconds).
pub fn time_left(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    if done < 3 || elapsed < Duration::from_secs(3) || done >= total {
        return None;
    }
    let per = elapsed.as_secs_f64() / done as f64;
    Some(Duration::from_secs_f64(per * (total - done) as f64))
}

/// "about 6 min left", "under a minute left".
pub fn left_words(left: Duration) -> String {
    let minutes = (left.as_secs_f64() / 60.0).round();
    if left < Duration::from_secs(60) {
        "under a minute left".to_string()
    } else {
        format!("about {minutes:.0} min left")
    }
}

impl AnalysisJob {
    /// The game it weighs (from 0): of a match, the one on the score screen or watched.
    pub fn game(&self) -> usize {
        self.game
    }

    /// Start assessing every decision of the session's current game with `analyst`, on threads.
    /// A game of more decisions than [`DEFAULT_MAX_DECISIONS`] (a hand-made save) is not
    /// assessed: the job ends at once, saying why and what does it (`crownlands analyse`).
    pub fn start(registry: &Registry, session: &Session, analyst: Analyst) -> AnalysisJob {
        AnalysisJob::start_at_most(registry, session, analyst, DEFAULT_MAX_DECISIONS)
    }

    /// [`AnalysisJob::start`], weighing at most `max` decisions.
    pub fn start_at_most(
        registry: &Registry,
        session: &Session,
        analyst: Analyst,
        max: usize,
    ) -> AnalysisJob {
        AnalysisJob::start_game(registry, session, analyst, max, session.game_index())
    }

    /// [`AnalysisJob::start_at_most`] of game `game_index` (from 0) of a match: a game watched
    /// from a saved match, which need not be its last.
    pub fn start_game(
        registry: &Registry,
        session: &Session,
        analyst: Analyst,
        max: usize,
        game_index: usize,
    ) -> AnalysisJob {
        let mut decisions = Vec::new();
        let mut sides = Vec::new();
        // Counted as `crownlands analyse` counts them, before any copy of the game is kept.
        let (mut count, mut forced) = (0usize, 0usize);
        // Each decision's game and move number in it (for the moves its play-outs go through).
        let mut at = Vec::new();
        // The session was built by replaying every action, so this replay cannot fail; if it
        // did, the analysis would just be empty.
        // Numbered as `crownlands analyse` numbers them, the earlier games of a match counted,
        // so each decision draws from the same seed there and here.
        let mut index = 0;
        let _ = session.to_save().replay(registry, "", |m| {
            if let Some(player) = m.before.to_act() {
                if m.game == game_index {
                    if m.before.legal_action_count() <= 1 {
                        forced += 1;
                    } else {
                        count += 1;
                    }
                }
                if m.game == game_index && !too_many_decisions(count, forced, max) {
                    at.push((m.game, m.index));
                    sides.push(m.before.side_of(player));
                    decisions.push(Decision {
                        before: m.before.clone(),
                        played: m.action,
                        index,
                        so_far: MatchSoFar::of(m.session.played()),
                    });
                }
                index += 1;
            }
        });
        let game = session.game();
        let names = game
            .all_sides()
            .map(|s| side_text(game, session.players(), s))
            .collect();
        let seat_names = is_team_game(game).then(|| {
            session
                .players()
                .iter()
                .map(|p| crownlands_core::text::escape_controls(&p.name).into_owned())
                .collect()
        });
        let done = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::channel();
        // As `crownlands analyse` refuses them: too many decisions, or play-outs too long (a
        // stranger's game of a thousand dominoes).
        let game_moves: Vec<usize> = session.actions().iter().map(Vec::len).collect();
        let most_moves = max.saturating_mul(PLAYOUT_MOVES_PER_DECISION);
        let refused = if too_many_decisions(count, forced, max) {
            Some(format!(
                "this game holds {count} decisions to weigh; the analysis here weighs at most {max} (`crownlands analyse SAVE --max-decisions {count}` or more weighs it)"
            ))
        } else {
            let moves = playout_moves(&decisions, &at, &game_moves, session.game().is_over());
            (moves > most_moves).then(|| {
                format!(
                    "weighing this game's {count} decisions plays out {moves} moves a sample; the analysis here plays out at most {most_moves} (`crownlands analyse SAVE --max-decisions {}` or more weighs it; this one would take a long time)",
                    moves.div_ceil(PLAYOUT_MOVES_PER_DECISION)
                )
            })
        };
        if let Some(why) = refused {
            return AnalysisJob {
                game: game_index,
                total: 0,
                forced: 0,
                done,
                stop: Arc::new(AtomicBool::new(true)),
                rx,
                decisions: Vec::new(),
                sides: Vec::new(),
                names,
                seat_names,
                result: Some(Err(why)),
                refused: true,
                started: Instant::now(),
                left: None,
            };
        }
        let work = decisions.clone();
        let counter = done.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let seed = DEFAULT_SEED;
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let progress = |n| counter.store(n, Ordering::Relaxed);
                assess_all_until(&analyst, &work, seed, None, &progress, &stopped)
            }))
            .unwrap_or_else(|_| Err("the analysis failed (a bug in the bot)".to_string()));
            let _ = tx.send(result);
        });
        AnalysisJob {
            game: game_index,
            total: decisions.len(),
            // (Counted above as `crownlands analyse` counts them: every decision kept.)
            forced,
            done,
            stop,
            rx,
            decisions,
            sides,
            names,
            seat_names,
            result: None,
            refused: false,
            started: Instant::now(),
            left: None,
        }
    }

    /// The `k`th mistake (from 0) of the finished analysis, counted over every player's in the
    /// order they are listed.
    pub fn mistake(&self, k: usize) -> Option<&Mistake> {
        let sides = self.result.as_ref()?.as_ref().ok()?;
        sides.iter().flat_map(|s| &s.mistakes).nth(k)
    }

    /// Decisions assessed so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Let time pass: the time left is worked out again from the pace so far.
    pub fn tick(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.started);
        // The pace is the weighed decisions' (the forced ones are done at once, first).
        self.left = time_left(
            elapsed,
            self.done().saturating_sub(self.forced),
            self.total.saturating_sub(self.forced),
        );
    }

    /// The time the analysis expects to be left, once its pace says (`None` before, and done).
    pub fn left(&self) -> Option<Duration> {
        self.left.filter(|_| self.result.is_none())
    }

    /// Collect the result if it has come (waiting for it when `block`).
    pub fn poll(&mut self, block: bool) {
        if self.result.is_some() {
            return;
        }
        let got = if block {
            self.rx.recv().map_err(|_| TryRecvError::Disconnected)
        } else {
            self.rx.try_recv()
        };
        self.result = match got {
            Ok(Ok(assessments)) => Some(Ok(self.report(&assessments))),
            Ok(Err(e)) => Some(Err(e)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the analysis stopped".into())),
        };
    }

    /// In a team game, each seat of `side` summed up over its own moves.
    fn seat_reports(&self, assessments: &[Assessment], side: Side) -> Vec<SeatReport> {
        let Some(names) = &self.seat_names else {
            return Vec::new();
        };
        let seat_of = |i: usize| self.decisions[i].before.to_act();
        names
            .iter()
            .enumerate()
            .filter(|&(seat, _)| {
                (0..self.decisions.len())
                    .any(|i| self.sides[i] == side && seat_of(i).is_some_and(|p| p.index() == seat))
            })
            .map(|(seat, name)| {
                let own: Vec<usize> = (0..self.decisions.len())
                    .filter(|&i| seat_of(i).is_some_and(|p| p.index() == seat))
                    .collect();
                let mine: Vec<Assessment> = own.iter().map(|&i| assessments[i].clone()).collect();
                let sides: Vec<Side> = own.iter().map(|&i| self.sides[i]).collect();
                let s = summarize(&mine, &sides, side, MISTAKES);
                SeatReport {
                    name: name.clone(),
                    decisions: s.decisions,
                    mean_loss: s.mean_loss,
                    mean_score_loss: s.mean_score_loss,
                }
            })
            .collect()
    }

    fn report(&self, assessments: &[Assessment]) -> Vec<SideReport> {
        let words = moves_apart;
        self.names
            .iter()
            .zip(Side::all(u8::MAX))
            .map(|(name, side)| {
                let s = summarize(assessments, &self.sides, side, MISTAKES);
                let mistakes = s
                    .mistakes
                    .iter()
                    .map(|&i| {
                        let before = &self.decisions[i].before;
                        let by = self.seat_names.as_ref().and_then(|names| {
                            before
                                .to_act()
                                .and_then(|seat| names.get(seat.index()).cloned())
                        });
                        let (played, best) =
                            (self.decisions[i].played, assessments[i].best().action);
                        let mut apart = words(before, &[played, best]).into_iter();
                        Mistake {
                            number: i + 1,
                            played: apart.next().unwrap_or_default(),
                            best: apart.next().unwrap_or_default(),
                            played_action: self.decisions[i].played,
                            best_action: assessments[i].best().action,
                            loss: assessments[i].loss(),
                            given_up: assessments[i].given_up(),
                            by,
                            why: crownlands_bots::why::why_given(
                                before,
                                self.decisions[i].played,
                                assessments[i].best().action,
                                assessments[i].points_apart(),
                            ),
                        }
                    })
                    .collect();
                SideReport {
                    name: name.clone(),
                    decisions: s.decisions,
                    forced: s.forced,
                    mean_loss: s.mean_loss,
                    mean_score_loss: s.mean_score_loss,
                    mistakes,
                    mistake_count: s.mistake_count,
                    seats: self.seat_reports(assessments, side),
                }
            })
            .collect()
    }
}

impl Drop for AnalysisJob {
    /// A job nobody will read (a new game, the app closing) stops using the cores.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::{AnalysisJob, left_words, time_left};
    use crate::app::seats::{SeatKind, name_seats, to_players};
    use crownlands_bots::Analyst;
    use crownlands_core::Registry;
    use crownlands_saves::Session;
    use std::sync::Arc;
    use std::time::Duration;

    /// The job counts the forced moves among its decisions (the progress says them: they go at
    /// once, the pace is the others'), as `crownlands analyse` counts them.
    #[test]
    fn a_job_counts_its_forced_moves() {
        let ruleset = Arc::new(
            crownlands_rules::load(Registry::shipped_ref(), "kingdomino").expect("shipped"),
        );
        let seats = name_seats(&[SeatKind::Human, SeatKind::Human]);
        let mut s = Session::new(ruleset, to_players(&seats), 7).expect("setup");
        let mut forced = 0;
        while !s.is_over() {
            let legal = s.game().legal_actions();
            forced += usize::from(legal.len() <= 1);
            s.apply(legal[0]).expect("legal");
        }
        let quick = Analyst {
            level: crownlands_bots::Level::Greedy,
            samples: 1,
            ..Analyst::default()
        };
        let job = AnalysisJob::start(Registry::shipped_ref(), &s, quick);
        assert!(forced > 0);
        assert_eq!(job.forced, forced);
        assert!(job.total > job.forced);
    }

    /// A game longer than the analysis weighs (a hand-made save, in practice) is refused at
    /// once, saying how many decisions it holds and what weighs more, without a copy of the
    /// game for each decision (one within the most is assessed: the screens' tests).
    #[test]
    fn a_game_of_more_decisions_than_the_most_is_refused_at_once() {
        let ruleset = Arc::new(
            crownlands_rules::load(Registry::shipped_ref(), "kingdomino").expect("shipped"),
        );
        let seats = name_seats(&[SeatKind::Human, SeatKind::Human]);
        let mut s = Session::new(ruleset, to_players(&seats), 7).expect("setup");
        while !s.is_over() {
            let first = s.game().legal_actions()[0];
            s.apply(first).expect("legal");
        }
        let registry = Registry::shipped_ref();
        let job = AnalysisJob::start_at_most(registry, &s, Analyst::default(), 3);
        let Some(Err(why)) = &job.result else {
            panic!("not refused");
        };
        assert!(
            why.starts_with("this game holds ")
                && why.contains("the analysis here weighs at most 3")
                && why.contains("crownlands analyse SAVE --max-decisions ")
                && job.refused,
            "{why}"
        );
        assert_eq!((job.total, job.decisions.len()), (0, 0));
        // The first game of a Dynasty match: each decision's play-outs go through the two games
        // after it, more than the moves allowed for as many decisions as it holds.
        let ruleset =
            Arc::new(crownlands_rules::load(Registry::shipped_ref(), "dynasty").expect("shipped"));
        let mut s = Session::new(ruleset, to_players(&seats), 7).expect("setup");
        while !s.game().is_over() {
            let first = s.game().legal_actions()[0];
            s.apply(first).expect("legal");
        }
        let job = AnalysisJob::start_at_most(registry, &s, Analyst::default(), 1);
        let Some(Err(why)) = &job.result else {
            panic!("not refused");
        };
        let count: usize = why
            .trim_start_matches("this game holds ")
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{why}"));
        let job = AnalysisJob::start_at_most(registry, &s, Analyst::default(), count);
        let Some(Err(why)) = &job.result else {
            panic!("not refused");
        };
        assert!(
            why.starts_with(&format!(
                "weighing this game's {count} decisions plays out "
            )) && why.contains(&format!("plays out at most {}", count * 120)),
            "{why}"
        );
    }

    #[test]
    fn the_time_left_follows_the_pace_so_far() {
        let s = Duration::from_secs;
        // 135 of 482 in 8 minutes: about 20 more.
        let left = time_left(s(480), 135, 482).expect("a pace");
        assert_eq!(left_words(left), "about 21 min left");
        assert_eq!(left_words(s(59)), "under a minute left");
        // Too soon to say, or nothing left.
        assert_eq!(time_left(s(1), 10, 100), None);
        assert_eq!(time_left(s(30), 2, 100), None);
        assert_eq!(time_left(s(30), 100, 100), None);
    }
}

//! Games played in parallel: worker threads take chunks of game indices from a shared counter,
//! each with its own state (a game reused from game to game) and its own tally; the tallies are
//! added at the end. Tallies are exact, so the result does not depend on the number of threads
//! or on which thread played which game.

use crate::errors::{CliError, CliResult};
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The most games a worker takes at a time (small enough to spread slow bot games over the
/// threads); a short run takes fewer ([`chunk`]).
const CHUNK: u64 = 16;

/// Games a worker takes at a time, for `games` games on `jobs` threads: [`CHUNK`], or fewer
/// where that would leave threads idle (ten bot games on two cores had run on one: the first
/// worker took all ten), about eight chunks a thread, at least one game.
fn chunk(games: u64, jobs: usize) -> u64 {
    let jobs = u64::try_from(jobs).unwrap_or(u64::MAX).max(1);
    (games / jobs.saturating_mul(8)).clamp(1, CHUNK)
}

/// What can be added up.
pub trait Merge: Send {
    fn merge_from(&mut self, other: Self) -> CliResult<()>;
}

/// How many games were played, and whether the run was stopped before the end.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub games: u64,
    pub stopped: bool,
}

/// The number of worker threads for `games` games (or matches, `matches`): one per core, or
/// `--jobs J` capped at the games and the cores (with a note when it is, naming them as the run
/// counts them).
pub fn threads(jobs: Option<usize>, games: u64, matches: bool) -> usize {
    let units = if matches {
        ("match", "matches")
    } else {
        ("game", "games")
    };
    match jobs {
        Some(j) => capped_jobs(j, games, units),
        None => std::thread::available_parallelism()
            .map_or(1, std::num::NonZero::get)
            .min(usize::try_from(games).unwrap_or(usize::MAX))
            .max(1),
    }
}

/// A progress bar on standard error, only when it is a terminal.
pub fn progress_bar(games: u64, what: &str) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}, {{elapsed}} elapsed, about {{eta}} left"
        )) {
            bar.set_style(style);
        }
        bar
    })
}

/// What a run played: the tallies added up, and the first error that stopped it, if one did.
#[derive(Debug)]
pub struct Finished<T> {
    pub tally: T,
    pub played: Played,
    /// The first error of a worker (a game that could not be saved: a full disk). The run stopped
    /// there; `tally` holds what every worker had counted by then.
    pub error: Option<CliError>,
}

/// Play games `range` on `jobs` threads. `worker` makes one worker's state; `play` plays game
/// `i` on it and adds it to the worker's tally (made by `empty`). Stops early, keeping what was
/// played, when `stop` is set (Ctrl-C, SIGTERM or SIGHUP), and at the first error, keeping what
/// was played too (`Finished::error`).
pub fn run<W, T>(
    range: Range<u64>,
    jobs: usize,
    stop: &AtomicBool,
    bar: Option<&indicatif::ProgressBar>,
    worker: &(dyn Fn() -> CliResult<W> + Sync),
    empty: &(dyn Fn() -> T + Sync),
    play: &(dyn Fn(&mut W, u64, &mut T) -> CliResult<()> + Sync),
) -> CliResult<Finished<T>>
where
    T: Merge,
{
    let next = AtomicU64::new(range.start);
    let step = chunk(range.end.saturating_sub(range.start), jobs);
    let done = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<CliError>> = Mutex::new(None);
    let fail = |e: CliError| {
        failed.store(true, Ordering::Relaxed);
        let mut slot = first_error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if slot.is_none() {
            *slot = Some(e);
        }
    };
    let work = || -> Option<T> {
        let mut state = match worker() {
            Ok(s) => s,
            Err(e) => {
                fail(e);
                return Some(empty());
            }
        };
        let mut tally = empty();
        loop {
            let start = next.fetch_add(step, Ordering::Relaxed);
            if start >= range.end {
                break;
            }
            for i in start..(start + step).min(range.end) {
                if stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                    return Some(tally);
                }
                if let Err(e) = play(&mut state, i, &mut tally) {
                    // Asked to stop during the game: left unfinished, uncounted, not a failure.
                    if matches!(e, CliError::Stopped) && stop.load(Ordering::Relaxed) {
                        return Some(tally);
                    }
                    // What the worker counted is kept, this game's share included if it was
                    // counted before the error: the tally's own counts say.
                    fail(e);
                    return Some(tally);
                }
                done.fetch_add(1, Ordering::Relaxed);
            }
            if let Some(b) = bar {
                b.set_position(done.load(Ordering::Relaxed));
            }
        }
        Some(tally)
    };
    let jobs = jobs.clamp(
        1,
        usize::try_from(range.end - range.start)
            .unwrap_or(usize::MAX)
            .max(1),
    );
    let tallies: Vec<Option<T>> = if jobs == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..jobs).map(|_| s.spawn(work)).collect();
            handles
                .into_iter()
                .map(|h| h.join().ok().flatten())
                .collect()
        })
    };
    let error = first_error
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut all = empty();
    for t in tallies {
        match t {
            Some(t) => all.merge_from(t)?,
            None => return Err(CliError::Message("a worker thread failed".into())),
        }
    }
    let games = done.load(Ordering::Relaxed);
    Ok(Finished {
        tally: all,
        played: Played {
            games,
            stopped: games < range.end - range.start,
        },
        error,
    })
}

/// `--jobs J` capped at the pieces of work (games, decisions to weigh: `units`, the word for
/// one and for several) and the cores (more threads only cost), saying so on standard error
/// when it is.
pub fn capped_jobs(jobs: usize, work: u64, units: (&str, &str)) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let work = usize::try_from(work).unwrap_or(usize::MAX);
    let capped = jobs.min(work).min(cores).max(1);
    if capped < jobs {
        crate::output::say_err!(
            "note: --jobs {jobs} capped at {capped} ({work} {}, {cores} core{})",
            if work == 1 { units.0 } else { units.1 },
            if cores == 1 { "" } else { "s" }
        );
    }
    capped
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games counted.
    struct Count(u64);

    impl Merge for Count {
        fn merge_from(&mut self, other: Count) -> CliResult<()> {
            self.0 += other.0;
            Ok(())
        }
    }

    #[test]
    fn a_short_run_is_spread_over_every_thread() {
        // Ten games on two threads: chunks of one, so both threads play (the chunk of 16 had
        // given all ten to the first).
        assert_eq!(chunk(10, 2), 1);
        assert_eq!(chunk(80, 2), 5);
        assert_eq!(chunk(1_000_000, 2), CHUNK);
        assert_eq!(chunk(0, 2), 1);
        let stop = AtomicBool::new(false);
        let threads = Mutex::new(std::collections::HashSet::new());
        let finished = run(
            0..10,
            2,
            &stop,
            None,
            &|| Ok(()),
            &|| Count(0),
            &|_, _, count: &mut Count| {
                threads
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(std::thread::current().id());
                // A slow game, as a bot's: the other thread takes the next chunk meanwhile.
                std::thread::sleep(std::time::Duration::from_millis(50));
                count.0 += 1;
                Ok(())
            },
        )
        .expect("runs");
        assert_eq!(finished.tally.0, 10);
        assert_eq!(threads.into_inner().map_or(0, |t| t.len()), 2);
    }

    #[test]
    fn an_error_stops_the_run_and_keeps_what_was_counted() {
        let stop = AtomicBool::new(false);
        for jobs in [1, 2] {
            let finished = run(
                0..100,
                jobs,
                &stop,
                None,
                &|| Ok(()),
                &|| Count(0),
                &|_, i, count: &mut Count| {
                    if i == 40 {
                        return Err(CliError::Message("the disk is full".into()));
                    }
                    count.0 += 1;
                    Ok(())
                },
            )
            .expect("the tallies add up");
            let error = finished.error.map(|e| e.to_string());
            assert_eq!(error.as_deref(), Some("error: the disk is full"));
            assert!(finished.played.stopped);
            // Every game counted was played before the error stopped the workers.
            assert_eq!(finished.tally.0, finished.played.games);
            if jobs == 1 {
                assert_eq!(finished.tally.0, 40);
            }
            assert!(finished.tally.0 < 100);
        }
        // Without an error, every game.
        let finished = run(
            0..100,
            2,
            &stop,
            None,
            &|| Ok(()),
            &|| Count(0),
            &|_, _, count: &mut Count| {
                count.0 += 1;
                Ok(())
            },
        )
        .expect("the tallies add up");
        assert!(finished.error.is_none() && !finished.played.stopped);
        assert_eq!(finished.tally.0, 100);
    }
}

//! The signals that end `crownlands play` from outside (`kill`, a closed terminal): SIGTERM,
//! SIGINT and SIGHUP, and SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM ([`ALSO_ENDING`]). Their handler only sets a flag ([`Stop`]); the event loop, which wakes at
//! least every 40 ms, sees it, autosaves as a quit does, restores the terminal and ends the
//! program with the usual code, 128 plus the signal's number. (Ctrl-C in the game is a key: the
//! terminal's raw mode sends no SIGINT for it.) SIGTSTP (a suspend from outside; Ctrl-Z in the
//! game is a key too) sets a flag of its own: the loop gives the terminal back, stops the
//! program, and takes the terminal again and draws the screen anew when it goes on.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// SIGHUP, SIGINT and SIGTERM's numbers (the same on every Unix).
pub const SIGHUP: i32 = 1;
pub const SIGINT: i32 = 2;
pub const SIGTERM: i32 = 15;

/// SIGTSTP's number (the terminal's suspend, `kill -TSTP`): 20 on Linux, 18 on the BSDs and
/// macOS, so taken from signal-hook.
#[cfg(unix)]
pub const SIGTSTP: i32 = signal_hook::consts::SIGTSTP;

/// The other signals whose default is to end the program and that a terminal or a user sends
/// (`kill -QUIT`, `kill -USR1`, an alarm): they end it as SIGTERM does,
/// the terminal restored and the game autosaved (they had left the terminal in the game's
/// screen, its mouse reporting on and its cursor hidden). Their numbers differ between Unixes.
#[cfg(unix)]
pub const ALSO_ENDING: [i32; 4] = [
    signal_hook::consts::SIGQUIT,
    signal_hook::consts::SIGUSR1,
    signal_hook::consts::SIGUSR2,
    signal_hook::consts::SIGALRM,
];

/// The signal that asked the program to stop, once one came.
#[derive(Debug)]
pub struct Stop {
    /// The signal's number, 0 while none came.
    signal: Arc<AtomicUsize>,
    /// Set when a SIGTSTP came (suspend from outside): the loop gives the terminal back, stops
    /// the program, and takes the terminal again when it goes on.
    suspend: Arc<AtomicBool>,
    /// Set when the terminal is given back: from then on, the signals do what they do by
    /// default (end the program).
    released: Arc<AtomicBool>,
    /// Set when this `Stop` is released (its watch, if any, ends).
    ended: Arc<AtomicBool>,
}

/// The handlers, installed once for the process (signal-hook cannot take a handler back and give
/// the signal its default action again, so the same ones serve every [`Stop::install`]).
static HANDLERS: OnceLock<Result<Flags, String>> = OnceLock::new();

/// The signal's number (0: none) and whether signals have their default action again.
type Flags = (Arc<AtomicUsize>, Arc<AtomicBool>, Arc<AtomicBool>);

impl Stop {
    /// A flag no signal sets (set it with [`Stop::set`], as tests do).
    pub fn new() -> Stop {
        Stop {
            signal: Arc::new(AtomicUsize::new(0)),
            suspend: Arc::new(AtomicBool::new(false)),
            released: Arc::new(AtomicBool::new(false)),
            ended: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether a suspend was asked for from outside (SIGTSTP) since last asked; the asking
    /// takes it.
    pub fn take_suspend(&self) -> bool {
        self.suspend.swap(false, Ordering::SeqCst)
    }

    /// Act as if a SIGTSTP came.
    pub fn ask_suspend(&self) {
        self.suspend.store(true, Ordering::SeqCst);
    }

    /// A flag SIGTERM, SIGINT, SIGHUP and [`ALSO_ENDING`] set, in place of ending the program, until
    /// [`Stop::release`] (or the `Stop` is dropped). Where handlers cannot be installed (not a
    /// Unix), no signal sets it.
    pub fn install() -> Result<Stop, String> {
        let (signal, suspend, released) = HANDLERS.get_or_init(install_handlers).clone()?;
        signal.store(0, Ordering::SeqCst);
        suspend.store(false, Ordering::SeqCst);
        released.store(false, Ordering::SeqCst);
        Ok(Stop {
            signal,
            suspend,
            released,
            ended: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The signal that came, if one did.
    pub fn signal(&self) -> Option<i32> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }

    /// Act as if `signal` came.
    pub fn set(&self, signal: i32) {
        self.signal
            .store(usize::try_from(signal).unwrap_or(0), Ordering::SeqCst);
    }

    /// The terminal is given back: from now on a signal ends the program as it does by default.
    pub fn release(&self) {
        self.ended.store(true, Ordering::SeqCst);
        self.released.store(true, Ordering::SeqCst);
    }

    /// Watch, on a thread of its own, for a signal that is not acted on: when [`Stop::release`]
    /// has not come `grace` after a signal, call `stuck` with it (which restores the terminal
    /// and ends the program). The event loop may never look at the flag again: crossterm's
    /// `poll` reads a terminal that was closed (SIGHUP) over and over without returning.
    pub fn watch(&self, grace: Duration, stuck: impl FnOnce(i32) + Send + 'static) {
        let signal = Arc::clone(&self.signal);
        let ended = Arc::clone(&self.ended);
        // Only a terminal on standard input is watched for a hang-up (crossterm reads from
        // `/dev/tty` where standard input is something else, a pipe that may well be closed).
        let watch_stdin = std::io::IsTerminal::is_terminal(&std::io::stdin());
        std::thread::spawn(move || {
            let mut since: Option<Instant> = None;
            let mut ticks = 0u32;
            while !ended.load(Ordering::SeqCst) {
                ticks = ticks.wrapping_add(1);
                // A terminal closed without a SIGHUP reaching the program (one that ignores
                // it, a job the hang-up's signal skipped): crossterm reads its end over and
                // over at full speed, so the hang-up counts as the signal.
                if watch_stdin && ticks.is_multiple_of(HANG_UP_TICKS) && hung_up() {
                    let _ = signal.compare_exchange(
                        0,
                        SIGHUP as usize,
                        Ordering::SeqCst,
                        Ordering::SeqCst,
                    );
                }
                let came = signal.load(Ordering::SeqCst);
                if came != 0 {
                    let at = *since.get_or_insert_with(Instant::now);
                    if at.elapsed() >= grace {
                        return stuck(i32::try_from(came).unwrap_or(SIGTERM));
                    }
                }
                std::thread::sleep(WATCH_TICK);
            }
        });
    }
}

/// How often [`Stop::watch`] looks at the flags.
const WATCH_TICK: Duration = Duration::from_millis(20);

/// How many ticks between two looks at whether the terminal hung up (half a second).
const HANG_UP_TICKS: u32 = 25;

/// Whether the terminal on standard input hung up: a poll of it says so (`POLLHUP`), as a
/// terminal closed does. Nothing is read.
#[cfg(unix)]
fn hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&now)).is_ok() && fds[0].revents().contains(PollFlags::HUP)
}

#[cfg(not(unix))]
fn hung_up() -> bool {
    false
}

/// Register the handlers: while not released, a signal only sets the flag; once released, it
/// has its default action (the condition is registered first, so it comes first).
fn install_handlers() -> Result<Flags, String> {
    let signal = Arc::new(AtomicUsize::new(0));
    let suspend = Arc::new(AtomicBool::new(false));
    let released = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    {
        for sig in [SIGTERM, SIGINT, SIGHUP].into_iter().chain(ALSO_ENDING) {
            signal_hook::flag::register_conditional_default(sig, Arc::clone(&released))
                .and_then(|_| {
                    signal_hook::flag::register_usize(sig, Arc::clone(&signal), sig as usize)
                })
                .map_err(|e| format!("cannot handle {}: {e}", name(sig)))?;
        }
        // A suspend from outside: the loop restores the terminal before the program stops.
        signal_hook::flag::register_conditional_default(SIGTSTP, Arc::clone(&released))
            .and_then(|_| signal_hook::flag::register(SIGTSTP, Arc::clone(&suspend)))
            .map_err(|e| format!("cannot handle SIGTSTP: {e}"))?;
    }
    Ok((signal, suspend, released))
}

/// Stop the program as a terminal's suspend does (SIGSTOP, which no handler takes): it goes on
/// where it was when the shell's `fg` (or a SIGCONT) continues it.
#[cfg(unix)]
pub fn stop_self() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
}

#[cfg(not(unix))]
pub fn stop_self() {}

impl Default for Stop {
    fn default() -> Stop {
        Stop::new()
    }
}

impl Drop for Stop {
    fn drop(&mut self) {
        self.release();
    }
}

/// The exit code of a program ended by `signal`: 128 plus its number (143 for SIGTERM).
pub fn exit_code(signal: i32) -> i32 {
    128 + signal
}

/// The signal's name, `SIGTERM`.
pub fn name(signal: i32) -> String {
    match signal {
        SIGHUP => "SIGHUP".into(),
        SIGINT => "SIGINT".into(),
        SIGTERM => "SIGTERM".into(),
        #[cfg(unix)]
        n if n == signal_hook::consts::SIGQUIT => "SIGQUIT".into(),
        #[cfg(unix)]
        n if n == signal_hook::consts::SIGUSR1 => "SIGUSR1".into(),
        #[cfg(unix)]
        n if n == signal_hook::consts::SIGUSR2 => "SIGUSR2".into(),
        #[cfg(unix)]
        n if n == signal_hook::consts::SIGALRM => "SIGALRM".into(),
        n => format!("signal {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_128_plus_the_signal() {
        assert_eq!(exit_code(SIGTERM), 143);
        assert_eq!(exit_code(SIGINT), 130);
        assert_eq!(exit_code(SIGHUP), 129);
        assert_eq!(name(SIGHUP), "SIGHUP");
        #[cfg(unix)]
        assert_eq!(name(signal_hook::consts::SIGQUIT), "SIGQUIT");
    }

    #[test]
    fn the_watch_acts_on_a_signal_not_acted_on_in_time() {
        let (tx, rx) = std::sync::mpsc::channel();
        let stop = Stop::new();
        stop.watch(Duration::from_millis(100), move |sig| {
            let _ = tx.send(sig);
        });
        // Nothing while no signal comes.
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
        stop.set(SIGHUP);
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(SIGHUP));
        // Released in time (the loop acted on it): nothing.
        let (tx, rx) = std::sync::mpsc::channel();
        let stop = Stop::new();
        stop.watch(Duration::from_millis(300), move |sig| {
            let _ = tx.send(sig);
        });
        stop.set(SIGTERM);
        stop.release();
        assert!(rx.recv_timeout(Duration::from_millis(800)).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn the_numbers_are_the_systems() {
        assert_eq!(SIGHUP, signal_hook::consts::SIGHUP);
        assert_eq!(SIGINT, signal_hook::consts::SIGINT);
        assert_eq!(SIGTERM, signal_hook::consts::SIGTERM);
    }

    /// A SIGTERM sent to the process sets the flag and ends nothing. (The one test that sends a
    /// signal: released, the handlers would end the test process on another SIGTERM, so the flag
    /// is never released here.)
    #[cfg(unix)]
    #[test]
    fn a_sigterm_sets_the_flag() {
        let stop = Stop::install().expect("handlers install");
        assert_eq!(stop.signal(), None);
        signal_hook::low_level::raise(SIGTERM).expect("raised");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while stop.signal().is_none() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(stop.signal(), Some(SIGTERM));
        std::mem::forget(stop);
    }
}

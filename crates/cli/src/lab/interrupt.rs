//! A long run asked to end from outside: Ctrl-C (SIGINT), SIGTERM (`kill`, a batch system's time
//! limit) or SIGHUP (the terminal closed). The first such signal stops the workers at their next
//! game (bots before their next decision, their game left uncounted), so that the run prints what it has so far and every save it writes is whole; a second
//! ends the program at once. Either way the exit status is 128 plus the signal's number (130 for
//! Ctrl-C, 143 for SIGTERM), as a shell reports a program the signal ended.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The stop flag and the number of the signal that set it (0: none), shared with the handlers.
struct Flags {
    stop: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// The signals that stop a run.
#[cfg(unix)]
const SIGNALS: &[i32] = &[
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];
#[cfg(not(unix))]
const SIGNALS: &[i32] = &[signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];

fn flags() -> &'static Flags {
    FLAGS.get_or_init(|| {
        let flags = Flags {
            stop: Arc::new(AtomicBool::new(false)),
            signal: Arc::new(AtomicUsize::new(0)),
        };
        for &sig in SIGNALS {
            // In this order: a signal that finds the flag set (the second) ends the program
            // before the flag is set again. A handler that cannot be installed leaves the
            // signal's default (the program ends): the run still works.
            let code = 128 + sig;
            let _ = signal_hook::flag::register_conditional_shutdown(
                sig,
                code,
                Arc::clone(&flags.stop),
            );
            let _ = signal_hook::flag::register_usize(
                sig,
                Arc::clone(&flags.signal),
                usize::try_from(sig).unwrap_or(0),
            );
            let _ = signal_hook::flag::register(sig, Arc::clone(&flags.stop));
        }
        flags
    })
}

/// The flag the workers check, with the handlers installed (once per process).
pub fn flag() -> &'static AtomicBool {
    &flags().stop
}

/// The number of the signal that stopped the run, if one did.
pub fn signal() -> Option<i32> {
    let n = FLAGS.get()?.signal.load(Ordering::SeqCst);
    i32::try_from(n).ok().filter(|&n| n > 0)
}

/// The exit status of a run that stopped early: 128 plus the signal's number (130 when the run
/// was not stopped by a signal of this process: `merge` of a part that was).
pub fn stopped_exit_code() -> u8 {
    signal()
        .and_then(|n| u8::try_from(128 + n).ok())
        .unwrap_or(130)
}

//! Ctrl-C during a long run: the first stops the workers at their next game, so that the run
//! prints what it has so far; a second ends the program at once.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);
static INSTALLED: OnceLock<bool> = OnceLock::new();

/// The flag the workers check, with the Ctrl-C handler installed (once per process).
pub fn flag() -> &'static AtomicBool {
    INSTALLED.get_or_init(|| {
        ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                // The second Ctrl-C: the user does not want to wait.
                std::process::exit(130);
            }
        })
        .is_ok()
    });
    &STOP
}

//! Crownlands in the terminal: the `crownlands play` screen.
//!
//! - [`app`]: the state of a session (setup, the game, whose turn, the cursors) and the intents
//!   keys turn into. Every rule decision comes from the engine's legal actions; the app only picks
//!   among them.
//! - [`view`]: rendering, a pure function of the app's state onto a ratatui `Buffer` (testable with
//!   `TestBackend`).
//! - [`sgr`]: the basic colours written as the 16-colour codes crossterm does not write.
//! - [`terminal`]: the real terminal (crossterm): raw mode, the event loop, and restoring the
//!   terminal on quit, Ctrl-C, panic and the signals that end a program ([`signals`]).

pub mod app;
pub mod keys;
pub mod palette;
pub mod sgr;
pub mod signals;
pub mod terminal;
pub mod view;

pub use app::{App, Config, Mode, Overlay};
pub use keys::Key;
pub use palette::{ColourMode, Palette};
pub use terminal::{Ended, PlayError, PlayOptions, play, run};

//! A saved game loaded to play on, one way for both roads to it: `crownlands play --load FILE`
//! and `r` on the setup screen's recent games (or while watching one).

use super::seats::{self, Seat};
use super::{App, Config, autosave, held_note, unread_note};
use crownlands_saves::{SaveError, Session};
use std::path::Path;
use std::time::Instant;

impl App {
    /// The game saved in `path`, to play on from where it stopped (`play --load`): see
    /// [`App::load_file`].
    pub fn load(path: &Path, config: Config) -> Result<App, SaveError> {
        let mut app = App::empty(config);
        app.load_file(path, "Game loaded.", Instant::now())?;
        Ok(app)
    }

    /// Play on the game saved in `path` in place of whatever this app showed: the file read
    /// once and replayed, each seat as the save names it, `loaded` (which starts with `Game
    /// loaded.`) said with where the save's rules differ from this build's ruleset of their name
    /// and with the levels this build does not know; a file of the saves folder (not one from
    /// elsewhere, which is only read) is the game's own, so saved again or finished the game
    /// goes back into it; a file from elsewhere goes back into the saves folder's file that
    /// holds the game, if one does. On an error nothing changes.
    pub(super) fn load_file(
        &mut self,
        path: &Path,
        loaded: &str,
        now: Instant,
    ) -> Result<(), SaveError> {
        let file = path.display().to_string();
        let save = crownlands_saves::read_save_file(path)?;
        let session = save.load(&self.config.registry, &file)?;
        let named = crownlands_saves::named_rules(&self.config.registry, &save, &file);
        let seats = seats::from_players(session.players());
        self.take_loaded(session, seats, loaded);
        self.loaded = Some((path.to_path_buf(), save.clone()));
        // Rules of its own under a name this build knows for other rules: said, as `replay`
        // says it, lest the name be taken for the rules.
        if let Some(named) = named {
            self.loaded_rules(&named);
        }
        if self.in_saves_folder(path) {
            self.loaded_from_saves(path.to_path_buf(), save);
        } else {
            // From elsewhere (the autosave given to `--load`, a copy): the saves folder's file
            // this game was saved in, if one holds it, is still its own, as a game resumed
            // from the autosave's offer finds it (a playtest's game finished in a `-2` file
            // beside the one it was saved in).
            self.find_own_files();
        }
        self.refresh(now);
        Ok(())
    }

    /// Play on `session` with `seats` in place of whatever this app showed, saying `loaded`
    /// (which starts with `Game loaded.`), the levels this build does not know and those held
    /// to a save's bounds.
    pub(super) fn take_loaded(&mut self, session: Session, seats: Vec<Seat>, loaded: &str) {
        let unread = seats::unread_levels(session.players());
        let held = seats::held_levels(session.players());
        self.replay = None;
        self.replay_play = None;
        self.watched = None;
        self.install(session, seats);
        // Its first autosave looks at what the file holds, as a new program's would.
        self.autosaver = autosave::Autosaver::default();
        self.message = match (unread.is_empty(), held.is_empty()) {
            (true, true) => format!("{loaded} Press ? for help."),
            (false, true) => unread_note(&unread, loaded),
            (true, false) => held_note(&held, loaded),
            (false, false) => held_note(&held, &unread_note(&unread, loaded)),
        };
    }

    /// Whether `path` is a file (not a link) right in the saves folder.
    fn in_saves_folder(&self, path: &Path) -> bool {
        self.config
            .save_dir
            .as_deref()
            .is_some_and(|saves| right_in(path, saves))
    }
}

/// Whether `path` is a file (not a link) right in `folder`: `g.json`, read in that folder
/// itself, included (its folder is the working one).
fn right_in(path: &Path, folder: &Path) -> bool {
    let real = |q: &Path| q.canonicalize().ok();
    let parent = match path.parent() {
        Some(p) if p.as_os_str().is_empty() => Path::new("."),
        Some(p) => p,
        None => return false,
    };
    real(folder).is_some_and(|folder| {
        real(parent) == Some(folder) && std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
    })
}

#[cfg(test)]
mod tests {
    use super::right_in;
    use std::path::Path;

    #[test]
    fn a_file_named_alone_is_in_the_working_folder() {
        // Unit tests run in the crate's folder.
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(right_in(Path::new("Cargo.toml"), here));
        assert!(right_in(&here.join("Cargo.toml"), here));
        assert!(!right_in(Path::new("src/lib.rs"), here), "a folder below");
        assert!(!right_in(Path::new("src"), here), "not a file");
        assert!(!right_in(Path::new("Cargo.toml"), &here.join("src")));
    }
}

//! A saved game loaded to play on, one way for both roads to it: `crownlands play --load FILE`
//! and `r` on the setup screen's recent games (or while watching one).

use super::{App, Config, autosave, seats, unread_note};
use crownlands_saves::SaveError;
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
    /// goes back into it. On an error nothing changes.
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
        let unread = seats::unread_levels(session.players());
        self.replay = None;
        self.replay_play = None;
        self.watched = None;
        self.install(session, seats);
        // Its first autosave looks at what the file holds, as a new program's would.
        self.autosaver = autosave::Autosaver::default();
        self.message = if unread.is_empty() {
            format!("{loaded} Press ? for help.")
        } else {
            unread_note(&unread, loaded)
        };
        // Rules of its own under a name this build knows for other rules: said, as `replay`
        // says it, lest the name be taken for the rules.
        if let Some(named) = named {
            self.loaded_rules(&named);
        }
        if self.in_saves_folder(path) {
            self.loaded_from_saves(path.to_path_buf(), save);
        }
        self.refresh(now);
        Ok(())
    }

    /// Whether `path` is a file (not a link) right in the saves folder.
    fn in_saves_folder(&self, path: &Path) -> bool {
        let folder = |q: &Path| q.canonicalize().ok();
        self.config
            .save_dir
            .as_deref()
            .and_then(folder)
            .is_some_and(|saves| {
                path.parent().and_then(folder) == Some(saves)
                    && std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
            })
    }
}

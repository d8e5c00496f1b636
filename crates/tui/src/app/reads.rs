//! What the view reads of the app: the mode, the game, the cursors, the words on screen.

use super::*;

impl App {
    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// The setup screen's state, to change (tests and scripts set a table as keys would).
    pub fn setup_mut(&mut self) -> Option<&mut Setup> {
        self.setup.as_mut()
    }

    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    pub fn game(&self) -> Option<&Game> {
        self.session.as_ref().map(Session::game)
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn ghost(&self) -> Placement {
        self.ghost
    }

    /// The first row shown of a step's list longer than its room, as kept while the cursor
    /// moved ([`step::list_top`]; the view brings the cursor into view from it at any size).
    pub fn list_top(&self) -> usize {
        self.list_top
    }

    pub fn choice(&self) -> usize {
        self.choice
    }

    pub fn log(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        self.log.iter().map(|l| l.text.as_str())
    }

    /// The newest move of the log with the lines of what it changed besides (the Queen changing
    /// hosts, a domino left unclaimed), passing over the lines of steps skipped with nothing to
    /// do and news standing alone (after going on from a step); `None` before any move.
    pub fn last_move(&self) -> Option<Vec<&str>> {
        let at = self
            .log
            .iter()
            .rposition(|l| !l.news && !describe::is_skip_line(&l.text))?;
        let told = self.log.iter().skip(at + 1).take_while(|l| l.told);
        let first = self.log.get(at)?.text.as_str();
        Some(
            std::iter::once(first)
                .chain(told.map(|l| l.text.as_str()))
                .collect(),
        )
    }

    /// The log's entries, oldest first: each a move (or a note) with the lines of what it
    /// changed besides under it (the Queen changing hosts), shown together or not at all.
    pub fn log_entries(&self) -> Vec<Vec<&str>> {
        let mut entries: Vec<Vec<&str>> = Vec::new();
        for line in &self.log {
            match entries.last_mut() {
                Some(entry) if line.told => entry.push(&line.text),
                _ => entries.push(vec![&line.text]),
            }
        }
        entries
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// Whether the status line says what a key pressed is for (or that it does nothing here),
    /// until the next key brings back what it said before: the keys' row then stays in view.
    pub fn says_what_a_key_does(&self) -> bool {
        self.said_before.is_some()
            || self
                .key_word
                .as_ref()
                .is_some_and(|said| *said == self.message)
    }

    pub fn illegal(&self) -> Option<&str> {
        self.illegal.as_deref()
    }

    pub fn hint(&self) -> Option<Action> {
        self.hint
    }

    /// The hint's best moves in words with their estimates (win chance 0 to 1, expected final
    /// score), best first; empty when no hint is shown.
    pub fn hints(&self) -> Vec<(String, Estimate)> {
        let Some(game) = self.game() else {
            return Vec::new();
        };
        let actions: Vec<Action> = self.hints.iter().map(|c| c.action).collect();
        crownlands_saves::words::moves_apart(game, &actions)
            .into_iter()
            .zip(self.hints.iter().map(|c| c.value))
            .collect()
    }

    pub fn thinking_on_hint(&self) -> bool {
        matches!(
            self.pending.as_ref().map(|p| p.purpose),
            Some(Purpose::Hint)
        )
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The terminal's size now, in columns and rows (the event loop tells it before each frame
    /// and on a resize), with the view's measures of a screen at that size (`view::MEASURE`).
    pub fn set_screen(&mut self, width: u16, height: u16, measure: Measure) {
        if self.screen.map(|s| (s.width, s.height)) != Some((width, height)) {
            self.small_key = false;
            // Where the scores' columns end depends on the size: said again by ↓ if still so
            // (larger, every line may show, and it had stayed).
            if let Some(rest) = self.message.strip_prefix(SCORES_AT_END) {
                self.message = rest.trim_start().to_string();
            }
            // A word on a key pressed before (`Esc closes a box; none is open ...`) is old news
            // on a screen of another size: the line says again what it said before it (a
            // playtest saw it stay after a resize, as if of the resize).
            if self.says_what_a_key_does() {
                self.message = self.said_before.take().unwrap_or_default();
                self.key_word = None;
            }
        }
        self.screen = Some(Screen {
            width,
            height,
            measure,
        });
    }

    /// Whether the terminal, at the size last told, is too small for the screen now: the view
    /// shows the size needed in its place, and keys other than quitting do nothing.
    pub fn screen_too_small(&self) -> bool {
        self.screen
            .is_some_and(|s| !(s.measure.fits)(self, s.width, s.height))
    }

    /// Whether a key other than quitting was pressed while the screen was too small.
    pub fn key_while_too_small(&self) -> bool {
        self.small_key
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The player's name, or "Player N", with any control character shown escaped (names come
    /// from save files too).
    pub fn name(&self, player: usize) -> String {
        name_of(&self.seats, player)
    }

    /// The claims a human may choose from now, in the engine's order.
    pub fn claims(&self) -> Vec<Action> {
        self.game()
            .map(|g| {
                g.legal_actions()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Claim { .. }))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The actions of the module step now, `Pass` last.
    pub fn step_actions(&self) -> Vec<Action> {
        let Some(g) = self.game() else {
            return Vec::new();
        };
        let mut v: Vec<Action> = g
            .legal_actions()
            .into_iter()
            .filter(|a| *a != Action::Pass)
            .collect();
        v.push(Action::Pass);
        v
    }

    /// Whether the ghost stands on a legal placement.
    pub fn ghost_is_legal(&self) -> bool {
        self.game()
            .is_some_and(|g| g.placements().contains(self.ghost))
    }

    /// While placing: the points the kingdom would have with the ghost where it is, and the
    /// points it has now (`None` when the ghost's spot is illegal).
    pub fn preview(&self) -> Option<(i32, i32)> {
        if self.mode != Mode::Place {
            return None;
        }
        crownlands_core::modules::describe::placement_preview(self.game()?, self.ghost)
    }

    /// The base bonuses (Middle Kingdom, Harmony) the ghost's spot gains or loses against the
    /// kingdom now, each in words with its change in points (`("Middle Kingdom", -10)`): the
    /// running score counts them as if the game ended now, so a spot's score moves with them
    /// (`Score here 1 (-9)` said nothing of the 10 lost). Empty outside placing or on an illegal
    /// spot.
    pub fn preview_bonuses(&self) -> Vec<(&'static str, i32)> {
        match self.game().filter(|_| self.mode == Mode::Place) {
            Some(game) => {
                crownlands_core::modules::describe::placement_bonus_changes(game, self.ghost)
            }
            None => Vec::new(),
        }
    }

    /// The modules' score lines the spot under the ghost changes (`("goal: Bog", -2)`), while
    /// placing: said beside the base bonuses' in the spot's score.
    pub fn preview_lines(&self) -> Vec<(String, i32)> {
        match self.game().filter(|_| self.mode == Mode::Place) {
            Some(game) => {
                crownlands_core::modules::describe::placement_line_changes(game, self.ghost)
            }
            None => Vec::new(),
        }
    }

    /// Whether nothing fits and the domino must be discarded.
    pub fn must_discard(&self) -> bool {
        self.game()
            .is_some_and(|g| matches!(g.phase(), Phase::Place { .. }) && g.placements().is_empty())
    }

    /// Whether the domino to place may be discarded though it fits (`discard = "any-time"`, a
    /// house rule): `d` discards it.
    pub fn may_discard_fitting(&self) -> bool {
        self.game()
            .is_some_and(|g| g.may_discard() && !g.placements().is_empty())
    }
}

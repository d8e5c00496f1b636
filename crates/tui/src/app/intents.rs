//! Intents: each key press (and mouse click) mapped to what the player means.

use super::*;

impl App {
    /// One key press.
    pub fn key(&mut self, key: Key) {
        self.key_at(key, Instant::now());
    }

    pub fn key_at(&mut self, key: Key, now: Instant) {
        self.square_clicked = None;
        self.choice_clicked = None;
        // (A turn keeps the ghost where the click put it: a click, a right click, a click.)
        if key != Key::Char('r') {
            self.ghost_clicked = None;
        }
        let tens = self.first_digit.take();
        // Only the key straight after a taken row's number sees it (a hint, an undo or a popup
        // between forgets it).
        let taken_row = std::mem::take(&mut self.taken_row);
        // The prompt for a second digit is of that digit only.
        if tens.is_some() && !matches!(key, Key::Char('0'..='9')) {
            self.message.clear();
        }
        if key == Key::Ctrl('c') {
            self.quit = true;
            return;
        }
        // The quit dialog says what the autosave kept before it stopped only while its file
        // still holds it (another program may have taken the file): looked at once, as it opens.
        if key == Key::Char('q')
            && self.overlay.is_none()
            && let Some((path, written)) = &self.autosaved
            && !still_holds(path, written)
        {
            self.autosaved = None;
        }
        if key == Key::Char('q')
            && self.overlay.is_none()
            && let Some((path, written)) = &self.loaded
            && !still_holds(path, written)
        {
            self.loaded = None;
        }
        // Nothing on screen to act on but the size needed: only quitting (q, then y) works.
        if self.overlay != Some(Overlay::ConfirmQuit) && self.screen_too_small() {
            if key == Key::Char('q') {
                self.open_quit_dialog();
                // (The popup it covers, the moves following the newest, is closed.)
                self.popup_scroll = 0;
            } else {
                self.small_key = true;
            }
            return;
        }
        self.small_key = false;
        self.say_again_what_was_said();
        match self.overlay {
            // ↑↓ (a line), PageUp/PageDown (a page) and Home/End scroll a popup taller than the
            // screen (the view keeps it in range); any other key closes it.
            Some(Overlay::Help | Overlay::Analysis | Overlay::Moves) => {
                // The analysis names each mistake with a key: it shows that move on the board.
                if self.overlay == Some(Overlay::Analysis)
                    && let Key::Char(c) = key
                    && let Some(k) = analysis::mistake_of_key(c)
                    && self.analysis.as_ref().and_then(|j| j.mistake(k)).is_some()
                {
                    // (Where the box was scrolled is kept for the way back.)
                    return self.watch_mistake(k, now);
                }
                let most = self
                    .screen
                    .map_or(0, |s| (s.measure.popup_max_scroll)(self, s.width, s.height));
                // A page: the rows of the box's window on its lines (the screen less the box's
                // borders and its note's row), as the view draws a box taller than the screen.
                let page = self
                    .screen
                    .map_or(1, |s| usize::from(s.height.saturating_sub(3)).max(1));
                match key {
                    Key::Up => self.popup_scroll = self.popup_scroll.min(most).saturating_sub(1),
                    Key::PageUp => {
                        self.popup_scroll = self.popup_scroll.min(most).saturating_sub(page);
                    }
                    Key::Home => self.popup_scroll = 0,
                    Key::Down | Key::PageDown | Key::End => {
                        let by = match key {
                            Key::PageDown => page,
                            Key::End => most,
                            _ => 1,
                        };
                        let next = self.popup_scroll.min(most).saturating_add(by).min(most);
                        // The moves scrolled to their end follow the newest again.
                        self.popup_scroll = if next >= most && self.overlay == Some(Overlay::Moves)
                        {
                            FOLLOW_NEWEST
                        } else {
                            next
                        };
                    }
                    _ => {
                        self.overlay = None;
                        self.popup_scroll = 0;
                    }
                }
                return;
            }
            Some(Overlay::ConfirmQuit) => {
                match key {
                    // Not Enter: the key of every step would quit by habit.
                    Key::Char('y' | 'Y' | 'q') => {
                        // The resume offer left by its quit dialog (a terminal too small for
                        // the offer, where only q works): said on the way out, as its Quit
                        // button says it.
                        if self.mode == Mode::Resume
                            && let Some(offer) = &self.offer
                            && offer.found.is_ok()
                        {
                            self.left_offered = Some((offer.path.clone(), offer.is_main()));
                        }
                        self.quit = true;
                    }
                    // The dialog offers it where nothing else keeps the game (no autosave):
                    // saved, it quits (as a quit dialog's save does); not saved, it stays, and
                    // the status line says why.
                    Key::Char('s') if self.quit_offers_save() => {
                        self.overlay = None;
                        self.save();
                        self.quit = self.message.starts_with(SAVED);
                    }
                    _ => self.overlay = None,
                }
                return;
            }
            None => {}
        }
        if self.mode == Mode::Resume {
            self.offer_key(key, now);
            return;
        }
        if self.mode == Mode::Setup {
            self.setup_key(key, now);
            return;
        }
        if self.mode == Mode::Replay {
            match key {
                Key::Char('?') => self.overlay = Some(Overlay::Help),
                Key::Char('m') => self.show_moves(),
                Key::Char('+' | '=') => self.change_pace(1),
                Key::Char('-' | '_') => self.change_pace(-1),
                _ => self.replay_key(key, now),
            }
            return;
        }
        match key {
            Key::Char('?') => return self.overlay = Some(Overlay::Help),
            Key::Char('m') => return self.show_moves(),
            // Esc closes overlays elsewhere: here only q quits, so the scores are not lost by it.
            // A watched game's scores: back to the setup screen it was opened from.
            Key::Char('q') | Key::Esc if self.mode == Mode::GameOver && self.watched.is_some() => {
                return self.back_from_watched(now);
            }
            Key::Char('u' | 's' | 'H') if self.watched.is_some() => {
                return self.message = WATCHED_ONLY.into();
            }
            // Between the games of a match nothing else keeps (no autosave, not saved): asked,
            // as in a game, with `s` to save it first.
            Key::Char('q')
                if self.mode == Mode::GameOver
                    && self.session.as_ref().is_some_and(|s| !s.is_over())
                    && self.quit_offers_save() =>
            {
                return self.open_quit_dialog();
            }
            Key::Char('q') if self.mode == Mode::GameOver => return self.quit = true,
            Key::Char('a') if self.mode == Mode::GameOver => return self.analyse_game(),
            Key::Char('q') => return self.open_quit_dialog(),
            Key::Char('u') => return self.undo(now),
            Key::Char('s') => return self.save(),
            Key::Char('H') => return self.ask_hint(now),
            Key::Char('+' | '=') => return self.change_pace(1),
            Key::Char('-' | '_') => return self.change_pace(-1),
            _ => {}
        }
        // A key that acts, pressed as the decision passed to this person: for the move before.
        if matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
            && matches!(key, Key::Enter | Key::Char(' ' | 'd' | 'p' | '0'..='9'))
            && self.handover_until.is_some_and(|t| now < t)
        {
            let seat = self.game().and_then(|g| g.to_act()).map(|s| s.index());
            let skipped = seat.and_then(|p| self.skipped_into(self.action_count(), p));
            return self.message = match (skipped, seat) {
                (Some(steps), _) => format!("{steps}: look, then press again."),
                (None, Some(p)) => format!("{} to play now: look, then press again.", self.name(p)),
                (None, None) => "Look, then press again.".to_string(),
            };
        }
        // Esc closes the hint's panel (or gives up the hint being weighed) before anything
        // else: in a step it would skip the step, the choice the player was weighing lost.
        if key == Key::Esc
            && matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
            && (!self.hints.is_empty() || self.thinking_on_hint())
        {
            return self.close_hint();
        }
        // A key of another step says what it is for, rather than nothing.
        if let Some(why) = self.key_of_another_step(key) {
            self.key_word = Some(why.clone());
            return self.message = why;
        }
        match self.mode {
            Mode::Claim => self.claim_key(key, tens, taken_row, now),
            Mode::Place => self.place_key(key, now),
            Mode::Step => self.step_key(key, tens, now),
            Mode::GameOver => self.game_over_key(key, now),
            Mode::BotThinking => self.key_while_a_bot_thinks(key),
            Mode::Setup | Mode::Resume | Mode::Replay => {}
        }
        self.hint_follows_selection();
    }

    /// The move Enter plays now: the claim or step choice under the cursor, the ghost's
    /// placement, or the discard when nothing fits.
    pub(super) fn selected(&self) -> Option<Action> {
        match self.mode {
            Mode::Claim => self.claims().get(self.choice).copied(),
            Mode::Step => self.step_actions().get(self.choice).copied(),
            Mode::Place if self.must_discard() => Some(Action::Discard),
            Mode::Place => Some(Action::Place {
                placement: self.ghost,
            }),
            _ => None,
        }
    }

    /// The status line says "Enter to accept" only while Enter would play the hint: moving off
    /// it says so, moving back says the hint again (the panel keeps listing its moves).
    pub(super) fn hint_follows_selection(&mut self) {
        let Some(hint) = self.hint else {
            return;
        };
        let on = self.hint_at_hand(hint);
        if on && self.message == OFF_HINT {
            self.message = self.hint_message(hint);
        } else if !on && is_hint_message(&self.message) {
            self.message = OFF_HINT.into();
        }
    }

    /// Whether the hint's move is one key away: Enter plays it (the selection), or it is a
    /// discard of a domino that fits (`discard = "any-time"`, a house rule), which `d` plays
    /// wherever the ghost stands.
    pub(super) fn hint_at_hand(&self, hint: Action) -> bool {
        self.selected() == Some(hint) || self.discard_hint(hint)
    }

    /// Whether `hint` is the discard of a domino that fits, played by `d` (not Enter, which
    /// places the ghost).
    pub(super) fn discard_hint(&self, hint: Action) -> bool {
        hint == Action::Discard && self.mode == Mode::Place && self.may_discard_fitting()
    }

    pub(super) fn hint_message(&self, hint: Action) -> String {
        // The move in the imperative (`place 2 at 1,0→`), whoever is to play it (at a table of
        // several people too).
        let text = self
            .game()
            .map(|g| describe(g, hint, "You"))
            .unwrap_or_default();
        // (A module's action reads `You: Lake Tower ...`, the core's `You place ...`.)
        let text = text
            .strip_prefix("You: ")
            .or_else(|| text.strip_prefix("You "))
            .unwrap_or(&text);
        // A step's pass as the hint panel and the step's list say it.
        let text = if text == "pass" {
            "skip this step"
        } else {
            text
        };
        // A discard of a domino that fits is `d`'s (Enter places the ghost).
        let key = if self.discard_hint(hint) {
            "d"
        } else {
            "Enter"
        };
        // Past the best, which of the hint's moves this is (`H` goes through them).
        match self.hints.iter().position(|c| c.action == hint) {
            Some(i) if i > 0 => format!(
                "Hint {} of {}: {text}. {key} to accept, H the next.",
                i + 1,
                self.hints.len()
            ),
            _ => format!("Hint: {text}. {key} to accept."),
        }
    }

    /// What a key of the footer of another step says here, where it does nothing (`r` in a
    /// claim): which step it is for and what this one asks.
    pub(super) fn key_of_another_step(&self, key: Key) -> Option<String> {
        // Short, so it stays on the status line of 80 columns (a longer one takes the keys').
        let now = match self.mode {
            Mode::Claim => "now claim a domino",
            Mode::Step => "now choose, or p to skip",
            Mode::Place if self.must_discard() => "this one fits nowhere: d discards it",
            Mode::Place => "now place the domino",
            _ => return None,
        };
        let what = match (self.mode, key) {
            (Mode::Claim | Mode::Step, Key::Char('r' | 'R')) => "r turns a domino you place",
            (Mode::Claim | Mode::Step, Key::Char('d'))
                if self.game().is_some_and(|g| g.discards_any_time()) =>
            {
                "d discards the domino you place"
            }
            (Mode::Claim | Mode::Step, Key::Char('d')) => "d discards a domino that fits nowhere",
            (Mode::Claim | Mode::Place, Key::Char('p')) => "p skips an optional step, none now",
            _ => return None,
        };
        Some(format!("{what}; {now}."))
    }

    /// The row a digit typed names in a list of `rows` rows numbered from 1, with `tens` the
    /// digit typed before it (if the two make a row's number): [`Numbered::Wait`] where the
    /// digit may begin a longer number (`1` of 16 rows), so the next digit is awaited.
    pub(super) fn numbered(&mut self, c: char, tens: Option<usize>, rows: usize) -> Numbered {
        let d = c.to_digit(10).map_or(0, |d| d as usize);
        if let Some(t) = tens {
            // The second digit of a number: its row, or none (`1 9` of 12 rows is not row 9).
            let both = t * 10 + d;
            return if (1..=rows).contains(&both) {
                Numbered::Now(both - 1)
            } else {
                Numbered::Beyond
            };
        }
        if d == 0 || d > rows {
            return Numbered::Beyond;
        }
        if d * 10 <= rows {
            self.first_digit = Some(d);
            return Numbered::Wait(d - 1);
        }
        Numbered::Now(d - 1)
    }

    /// The cursor moved off the domino a row's number chose: the line saying what Enter claims
    /// (`Row 2: 17 is taken; Enter claims 28, ...`, `Row 3: 34; Enter claims it.`) goes.
    pub(super) fn forget_what_enter_claims(&mut self) {
        if self.message.contains("Enter claims ") {
            self.message.clear();
        }
    }

    pub(super) fn claim_key(
        &mut self,
        key: Key,
        tens: Option<usize>,
        taken_before: bool,
        now: Instant,
    ) {
        let claims = self.claims();
        let n = claims.len();
        if n == 0 {
            return;
        }
        match key {
            Key::Left | Key::Up | Key::Char('h' | 'k') | Key::BackTab => {
                self.choice = (self.choice + n - 1) % n;
                self.forget_what_enter_claims();
            }
            Key::Right | Key::Down | Key::Char('l' | 'j') | Key::Tab => {
                self.choice = (self.choice + 1) % n;
                self.forget_what_enter_claims();
            }
            // Choose the Nth row of the line, as it is drawn (taken rows included); in a line
            // of ten rows or more, `1` waits for a second digit (`12`) and Enter claims row 1.
            Key::Char(c @ '0'..='9') => {
                let Some(rows) = self.game().map(|g| g.next_line().len()) else {
                    return;
                };
                let (row, wait) = match self.numbered(c, tens, rows) {
                    Numbered::Now(row) => (row, false),
                    Numbered::Wait(row) => (row, true),
                    Numbered::Beyond => {
                        self.message = format!("The line has {rows} dominoes.");
                        return;
                    }
                };
                let Some(game) = self.game() else {
                    return;
                };
                let Some(slot) = game.next_line().get(row) else {
                    return;
                };
                let (domino, taken) = (slot.domino, slot.king.is_some());
                let label = game.label(domino);
                let i = claims.iter().position(|a| *a == Action::Claim { domino });
                if wait {
                    let enter = match i {
                        Some(i) => {
                            self.choice = i;
                            format!("Enter claims {label}")
                        }
                        // Row 1 taken: Enter claims what the cursor is on, said.
                        None => match claims.get(self.choice) {
                            Some(Action::Claim { domino }) => {
                                format!("{label} is taken, Enter claims {}", game.label(*domino))
                            }
                            _ => format!("{label} is taken"),
                        },
                    };
                    self.message = format!(
                        "{}: a second digit chooses row {}; {enter}.",
                        row + 1,
                        rows_from_digit(row + 1, rows)
                    );
                    return;
                }
                // The row is chosen, not claimed: the line shows dominoes' numbers, not rows',
                // so a domino's number typed (`3 9` for 39) must not claim row 3 unseen.
                match i {
                    Some(i) => {
                        self.choice = i;
                        self.message = format!("Row {}: {label}; Enter claims it.", row + 1);
                    }
                    None if taken => {
                        self.message = match claims.get(self.choice) {
                            Some(Action::Claim { domino }) => format!(
                                "Row {}: {label} is taken; Enter claims {}, or choose another row.",
                                row + 1,
                                game.label(*domino)
                            ),
                            _ => format!("Row {}: {label} is taken.", row + 1),
                        };
                        self.taken_row = true;
                    }
                    None => {}
                }
            }
            // Just after a taken row's digit: said again, nothing claimed (the next Enter
            // claims).
            Key::Enter | Key::Char(' ') if taken_before => {
                if let (Some(Action::Claim { domino }), Some(game)) =
                    (claims.get(self.choice), self.game())
                {
                    self.message = format!(
                        "That row is taken: nothing claimed. Enter claims {}, or choose another row.",
                        game.label(*domino)
                    );
                }
            }
            Key::Enter | Key::Char(' ') => {
                if let Some(&a) = claims.get(self.choice) {
                    self.play(a, true, now);
                }
            }
            other => self.say_no_key(other),
        }
    }

    pub(super) fn place_key(&mut self, key: Key, now: Instant) {
        let Some(game) = self.game() else {
            return;
        };
        let Some(player) = game.to_act() else {
            return;
        };
        let f = place::frame(game.kingdom(game.side_of(player)));
        let must_discard = self.must_discard();
        let placements = place::spots(game);
        let same_spot = |p: Placement| place::same_spot(game, p);
        let mut note = None;
        match key {
            Key::Left | Key::Char('h') => self.ghost = place::moved(self.ghost, -1, 0, f),
            Key::Right | Key::Char('l') => self.ghost = place::moved(self.ghost, 1, 0, f),
            Key::Up | Key::Char('k') => self.ghost = place::moved(self.ghost, 0, -1, f),
            Key::Down | Key::Char('j') => self.ghost = place::moved(self.ghost, 0, 1, f),
            Key::Char('r' | 'R') => {
                let turned = place::rotated(self.ghost, f);
                // At the frame's edge the turn would leave it: the whole domino steps in, its
                // first square too (said: it had seemed to move by itself).
                if turned.first != self.ghost.first {
                    note = Some(TURNED_IN);
                }
                self.ghost = turned;
            }
            Key::Tab | Key::BackTab if !placements.is_empty() => {
                let n = placements.len();
                let at = placements.iter().position(|p| *p == same_spot(self.ghost));
                let next = match (at, key) {
                    (Some(i), Key::Tab) => (i + 1) % n,
                    (Some(i), _) => (i + n - 1) % n,
                    (None, _) => 0,
                };
                if n == 1 {
                    note = Some(ONLY_SPOT);
                }
                self.ghost = placements[next];
            }
            // No legal spot to jump to: it fits nowhere (said below).
            Key::Tab | Key::BackTab if must_discard => {}
            Key::Char('d') | Key::Enter | Key::Char(' ') if must_discard => {
                return self.play(Action::Discard, true, now);
            }
            // The house rule's discard of a domino that fits (undone with u, as any move).
            Key::Char('d') if self.may_discard_fitting() => {
                return self.play(Action::Discard, true, now);
            }
            Key::Char('d') => {
                self.message = FITS_SOMEWHERE.into();
                return;
            }
            Key::Enter | Key::Char(' ') => {
                if self.ghost_is_legal() {
                    return self.play(
                        Action::Place {
                            placement: self.ghost,
                        },
                        true,
                        now,
                    );
                }
                self.message = format!(
                    "{CANNOT_PLACE}{}.",
                    self.illegal.as_deref().unwrap_or("not a legal spot")
                );
                return;
            }
            other => return self.say_no_key(other),
        }
        self.ghost_moved();
        self.update_illegal();
        if let Some(note) = note {
            self.message = note.into();
        }
        // A domino that fits nowhere fits nowhere turned or moved either: said, where the
        // status line would go blank.
        if must_discard
            && matches!(
                key,
                Key::Char('r' | 'R' | 'h' | 'j' | 'k' | 'l')
                    | Key::Left
                    | Key::Right
                    | Key::Up
                    | Key::Down
                    | Key::Tab
                    | Key::BackTab
            )
        {
            self.message = FITS_NOWHERE.into();
        }
    }

    pub(super) fn game_over_key(&mut self, key: Key, now: Instant) {
        // ↑↓ scroll the columns through every line of the breakdowns.
        // (As far as the view says the columns scroll at the terminal's size: past it, ↑ would
        // seem to do nothing. Before a size is told, as far as the longest breakdown.)
        let most = match self.screen {
            Some(s) => (s.measure.score_max_scroll)(self, s.width, s.height),
            None => self.game().map_or(0, |g| {
                g.outcome()
                    .scores
                    .values()
                    .map(|s| s.territories.len() + s.bonuses.len())
                    .max()
                    .unwrap_or(0)
            }),
        };
        // Said before what the end said (where the game was kept), which stays.
        const ALL_SHOWN: &str = "Every line of the scores is shown: nothing more to show.";
        // PgUp/PgDn a few lines at a time, Home/End to either end (a Queendomino column at
        // 80x24 has some 27 lines, five in view).
        let step = match key {
            Key::PageUp | Key::PageDown => SCORE_PAGE,
            Key::Home | Key::End => most.max(1),
            _ => 1,
        };
        if matches!(key, Key::Up | Key::Char('k') | Key::PageUp | Key::Home) {
            self.score_scroll = self.score_scroll.min(most).saturating_sub(step);
            if let Some(rest) = self.message.strip_prefix(SCORES_AT_END) {
                self.message = rest.trim_start().to_string();
            }
            return;
        }
        if matches!(key, Key::Down | Key::Char('j') | Key::PageDown | Key::End) {
            let said = match most {
                0 => Some(ALL_SHOWN),
                m if self.score_scroll >= m => Some(SCORES_AT_END),
                _ => None,
            };
            if let Some(said) = said
                && !self.message.starts_with(said)
            {
                self.message = format!("{said} {}", self.message).trim_end().to_string();
            }
            self.score_scroll = (self.score_scroll + step).min(most);
            return;
        }
        if !matches!(key, Key::Enter | Key::Char('n' | 'p')) {
            // As in the game (`z` had said nothing, the line keeping its old words).
            return self.say_no_key(key);
        }
        if self.watched.is_some() {
            return self.message = WATCHED_ONLY.into();
        }
        // An Enter pressed through the last turns would skip the score screen: it waits a moment.
        if self
            .over_at
            .is_some_and(|t| now.saturating_duration_since(t) < SCORE_SCREEN_PAUSE)
        {
            // Said before what the end said (where the game was kept), which stays.
            const PAUSE: &str = "The game is over: read the scores, then Enter plays on.";
            if !self.message.starts_with(PAUSE) {
                self.message = format!("{PAUSE} {}", self.message).trim_end().to_string();
            }
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if session.next_game() {
            self.undo.clear();
            self.decision_at = None;
            self.log.push_back(
                format!(
                    "Game {} of {} begins.",
                    session.game_index() + 1,
                    session.match_games()
                )
                .into(),
            );
            self.message = "Next game of the match.".into();
            self.analysis = None;
            // The autosave holds the match as it stands: quitting before the game's first move
            // says where it is, and resuming starts this game.
            self.autosave();
            self.refresh(now);
            return;
        }
        let ruleset = session.ruleset().clone();
        let seats = self.seats.clone();
        if let Err(e) = self.start(ruleset, seats) {
            self.message = e;
        }
    }

    /// Back to the last human decision. At a table of several people only one's own: once
    /// another person has decided, the moves before it are theirs to keep (a player could
    /// otherwise take back a rival's move with one key).
    pub fn undo(&mut self, now: Instant) {
        if let Some((acting, other)) = self.undo_blocked_by() {
            self.message = format!(
                "It is {acting}'s turn: {other}'s move stands (undo is for your own moves)."
            );
            return;
        }
        // The session as it was at that decision, replayed to there.
        let back = self
            .undo
            .pop()
            .and_then(|p| Some((undo::rewound(self.session.as_ref()?, p.at)?, p)));
        match back {
            Some((s, point)) => {
                // The move taken back: the cursor goes back onto it (it had gone to the first
                // choice, the move picked out of sight).
                let taken_back = self
                    .session
                    .as_ref()
                    .and_then(|old| old.actions().last()?.get(point.at).copied());
                let log = point.log.unwrap_or_else(|| undo::log_of(&s, &self.seats));
                self.session = Some(s);
                self.pending = None;
                self.decision_at = None;
                // The log as it was at that decision: the moves taken back leave it.
                self.log = log;
                // An analysis of the game left (from its score screen) is of a game no more.
                self.analysis = None;
                self.skipped = None;
                self.news_note = None;
                // Whose decision it is again: at a hot-seat table another person's.
                let whose = match self
                    .game()
                    .and_then(Game::to_act)
                    .map(|p| self.name(p.index()))
                {
                    Some(name) if name != "You" => format!("{name}'s"),
                    _ => "your".to_string(),
                };
                self.message = format!("{UNDONE} back to {whose} last decision.");
                self.autosave();
                self.refresh(now);
                if let Some(action) = taken_back
                    && matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step)
                {
                    self.cursor_on(action);
                }
            }
            // A match's finished games stand: undo goes back within the game being played.
            None if self.session.as_ref().is_some_and(|s| s.game_index() > 0) => {
                self.message =
                    "Nothing to undo in this game (the match's finished games stand).".into();
            }
            None => self.message = "Nothing to undo.".into(),
        }
    }

    /// At a table of several people, the person to play and the other person whose decision
    /// the undo would take back: the last decision kept is not the acting person's (a bot
    /// acting, or the game over: whoever decided last is still at the keys). `None` where undo
    /// may go on.
    pub(super) fn undo_blocked_by(&self) -> Option<(String, String)> {
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        if people < 2 {
            return None;
        }
        let acting = self.game().and_then(Game::to_act)?;
        if !self.seats.get(acting.index()).is_some_and(Seat::is_human) {
            return None;
        }
        let decided = self.undo.last()?.decided?;
        (decided != acting).then(|| (self.name(acting.index()), self.name(decided.index())))
    }

    pub(super) fn save(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        self.message = match &self.config.save_dir {
            None => format!("Saving is off: {NO_DATA_DIR}."),
            Some(dir) => {
                let save = session.to_save();
                // Saved again, the same game further on: into the file it was saved in, while
                // that file holds what was written there (not a second file per press).
                let again = self.saved.as_ref().and_then(|(path, written)| {
                    (save.continues(written) && still_holds(path, written)).then(|| path.clone())
                });
                let written = match &again {
                    Some(path) => crownlands_saves::write_save(path, &save).map(|()| path.clone()),
                    None => crownlands_saves::save_into_dir(dir, &save),
                };
                match written {
                    // The file's name first: a narrow status line cuts the folder, not the name.
                    Ok(path) => {
                        let said = format!(
                            "{SAVED}{}{} in {}",
                            file_name(&path),
                            if again.is_some() { " again" } else { "" },
                            replay::printable(&dir.display().to_string())
                        );
                        self.saved = Some((path, save));
                        said
                    }
                    Err(e) => format!("Could not save: {e}"),
                }
            }
        };
        // Said again while the bots move, with their news, until the person's own move.
        self.saved_said = self
            .message
            .starts_with(SAVED)
            .then(|| self.message.clone());
    }

    /// Whether the score screen is a saved game's, watched from the setup screen (opened for its
    /// analysis): `q` goes back there, nothing is played.
    pub fn watching_saved_scores(&self) -> bool {
        self.watched.is_some()
    }

    /// From a watched saved game's scores back to the setup screen it was opened from.
    pub(super) fn back_from_watched(&mut self, now: Instant) {
        if let Some(setup) = self.watched.take() {
            self.analysis = None;
            self.back_to_setup(setup, now);
        }
    }

    /// From watching a saved game (or its scores) back to the setup screen it was opened from.
    pub(super) fn back_to_setup(&mut self, setup: Box<Setup>, now: Instant) {
        self.session = None;
        self.seats.clear();
        self.log.clear();
        self.go_on(Next::Setup(setup), "", now);
    }

    /// The game was loaded from `path` in the saves folder, which holds `save`: saved again, or
    /// finished, it goes back into that file (while the file still holds `save`), as a game
    /// saved with `s` in this program does.
    pub fn loaded_from_saves(&mut self, path: std::path::PathBuf, save: crownlands_saves::Save) {
        self.saved = Some((path, save));
    }

    /// A game resumed from the autosave finds its own files among the saves folder's newest: the
    /// file it was saved in with `s` (the game went on from it), so saved again or finished it
    /// goes back there; and the file it was kept in finished before moves were taken back on
    /// its score screen (it goes on to that game), so ended again it is kept there again. (A
    /// program that played it knew both; one resuming it had written second files beside them.)
    pub(super) fn find_own_files(&mut self) {
        let (Some(dir), Some(session)) = (&self.config.save_dir, &self.session) else {
            return;
        };
        let now = session.to_save();
        let mut saved: Option<(PathBuf, crownlands_saves::Save)> = None;
        let mut kept: Option<(PathBuf, crownlands_saves::Save)> = None;
        for (path, file) in autosave::recent_save_files(dir) {
            // The newest of those holding the most moves (the last save of this game).
            if now.continues(&file) && saved.as_ref().is_none_or(|(_, s)| file.moves() > s.moves())
            {
                saved = Some((path, file));
            } else if !file.is_unfinished() && file.continues(&now) && kept.is_none() {
                kept = Some((path, file));
            }
        }
        self.saved = saved;
        self.kept = kept.map(|(path, file)| (Some(path), file));
    }

    /// The file of the saves folder the game was saved in (with `s`, or loaded from there), and
    /// how many moves were played since (0: it holds the game as it stands), for the quit
    /// dialog to say so; `None` where no such file holds the game (or moves were taken back
    /// from before it).
    pub fn saved_in(&self) -> Option<(String, usize)> {
        self.kept_in(self.saved.as_ref())
            .map(|(path, since)| (file_name(path), since))
    }

    /// Where the game stands kept when the autosave stopped (`autosave.json` as last written),
    /// and how many moves were played since: `None` with the autosave on, or where the game no
    /// longer continues what it wrote (moves taken back, another game).
    pub fn autosaved_in(&self) -> Option<(String, usize)> {
        self.kept_in(self.autosaved.as_ref())
            .map(|(path, since)| (file_name(path), since))
    }

    /// `kept`'s file and the moves played since it was written, where the game goes on from it.
    pub(super) fn kept_in<'a>(
        &self,
        kept: Option<&'a (PathBuf, crownlands_saves::Save)>,
    ) -> Option<(&'a std::path::Path, usize)> {
        let (path, written) = kept?;
        let now = self.session.as_ref()?.to_save();
        if !now.continues(written) {
            return None;
        }
        Some((path, now.moves().saturating_sub(written.moves())))
    }

    /// Show every move the log keeps, scrolled to the newest, and following the moves played
    /// while it is open (bots play on) until ↑ scrolls back.
    pub(super) fn show_moves(&mut self) {
        self.overlay = Some(Overlay::Moves);
        self.popup_scroll = FOLLOW_NEWEST;
    }

    pub(super) fn ask_hint(&mut self, now: Instant) {
        if !matches!(self.mode, Mode::Claim | Mode::Place | Mode::Step) {
            // Of that key only, on the score screen: the next key brings back where the game
            // was kept (it stayed said through every key after, `↓` adding to it).
            if self.mode == Mode::GameOver {
                self.say_instead(NO_HINT_AT_THE_END.into());
            } else {
                self.message = "Hints are for your own turn.".into();
            }
            return;
        }
        if self.pending.is_some() {
            return;
        }
        // A hint shown for this decision: `H` again puts the ghost (the cursor) on its next move,
        // so that the second and third, named by squares the board does not number, are seen;
        // with the cursor moved off the hints' moves, on the best again (not on the one after
        // the hint shown last, which the player no longer sees).
        if let Some(hint) = self.hint
            && !self.hints.is_empty()
        {
            // (A discard hint leaves the ghost where it was: it is the move at hand still.)
            let selected = if self.discard_hint(hint) {
                Some(hint)
            } else {
                self.selected()
            };
            let next = match self.hints.iter().position(|c| Some(c.action) == selected) {
                Some(i) => (i + 1) % self.hints.len(),
                None => 0,
            };
            let next = self.hints[next].action;
            return self.show_hint(next);
        }
        let Some(game) = self.game().cloned() else {
            return;
        };
        // The analyst of the score screen's analysis, with the seed it gives this decision: the
        // hint's best move is the one the analysis will weigh the move played against.
        let analyst = Analyst {
            shortlist: HINTS,
            ..self.config.analyst
        };
        let at = self.action_count();
        let so_far = self
            .session()
            .map(|s| MatchSoFar::of(s.played()))
            .unwrap_or_default();
        self.pending = Some(Pending::start_hint(
            analyst,
            decision_seed(DEFAULT_SEED, at),
            game,
            so_far,
            at,
            now,
        ));
        self.message = "Weighing the best moves for a hint...".into();
    }

    /// Put the cursor (or the ghost) on `action`, where it is among the choices: a hint's move,
    /// a move taken back. A first digit typed before is of another row.
    pub(super) fn cursor_on(&mut self, action: Action) {
        self.first_digit = None;
        match action {
            Action::Place { placement } => {
                self.ghost = placement;
                self.update_illegal();
            }
            Action::Claim { .. } => {
                if let Some(i) = self.claims().iter().position(|a| *a == action) {
                    self.choice = i;
                }
            }
            _ => {
                let actions = self.step_actions();
                // (The cursor alone: an undo or a hint says its own words.)
                if let Some(i) = actions.iter().position(|a| *a == action) {
                    self.choose_step(actions.len(), i);
                }
            }
        }
    }

    /// Esc on a hint: its panel closed (the hint being weighed given up), the cursor left
    /// where it is.
    pub(super) fn close_hint(&mut self) {
        if self.thinking_on_hint() {
            self.pending = None;
        }
        self.hint = None;
        self.hints.clear();
        // A first digit typed before waits no more (`1` then Esc, then `2`: row 2, not 12).
        self.first_digit = None;
        self.message = if self.mode == Mode::Step {
            "Hint closed: H weighs the moves again; Esc again skips the step.".into()
        } else {
            "Hint closed: H weighs the moves again.".into()
        };
    }

    pub(super) fn show_hint(&mut self, action: Action) {
        self.hint = Some(action);
        self.cursor_on(action);
        // "Enter to accept" only where Enter plays it (a move not among the choices shown
        // would leave the cursor where it was).
        self.message = if self.hint_at_hand(action) {
            self.hint_message(action)
        } else {
            OFF_HINT.into()
        };
    }

    /// `+` makes the bots faster (a shorter wait after each of their moves), `-` slower: read
    /// as a pace, `+` had lengthened the wait, against what a player expects of `+`.
    pub(super) fn change_pace(&mut self, faster: i32) {
        let ms = self.config.pace.as_millis() as u64;
        let ms = if faster > 0 {
            ms.saturating_sub(PACE_STEP_MS)
        } else {
            (ms + PACE_STEP_MS).min(PACE_MAX_MS)
        };
        self.config.pace = Duration::from_millis(ms);
        // Kept for the next start (beside the saves).
        if let Some(dir) = self
            .config
            .save_dir
            .as_deref()
            .and_then(std::path::Path::parent)
        {
            bot_pace::write(dir, ms);
        }
        self.tell_pace();
    }

    /// Say the bots' pace and how to change it (a click on the words `bot speed`, and after
    /// `+` or `-`), changing nothing.
    pub fn tell_pace(&mut self) {
        self.message = format!(
            "Bots wait {:.1} s after a move (+ faster, - slower).",
            self.config.pace.as_secs_f64()
        );
    }

    /// A mouse click on a kingdom cell (place mode: move the ghost there, or place when it is
    /// there already), a claimable domino, or a step's choice.
    pub fn click_cell(&mut self, cell: Cell, now: Instant) {
        self.first_digit = None;
        if self.mode == Mode::Step {
            return self.click_step_cell(cell, now);
        }
        if self.mode != Mode::Place {
            return;
        }
        let Some(game) = self.game() else {
            return;
        };
        let Some(player) = game.to_act() else {
            return;
        };
        let f = place::frame(game.kingdom(game.side_of(player)));
        if self.ghost_clicked == Some(cell) && self.ghost_is_legal() {
            return self.place_key(Key::Enter, now);
        }
        self.ghost_clicked = Some(cell);
        if self.ghost.first == cell {
            // Chosen by the click: the next one there places it.
            return;
        }
        self.ghost = place::clamp(Placement::new(cell, self.ghost.direction), f);
        self.ghost_moved();
        self.update_illegal();
        self.hint_follows_selection();
    }

    /// A click on a key's label (a button): what the key does. A text field being typed in
    /// does not take it: the click leaves the field first.
    pub fn click_key(&mut self, key: Key, now: Instant) {
        if self.overlay.is_none()
            && let Some(setup) = &mut self.setup
            && setup.row == setup::Row::File
            && setup.typing
        {
            setup.focus(setup::Row::Start);
        }
        // A click on "play again" is meant: the score screen's pause is for keys pressed on.
        self.over_at = None;
        self.key_at(key, now);
    }

    /// What a key of no use said is of that key only: the line says again what it said before
    /// (the setup screen keeps its own, `Setup::said_before`).
    pub(super) fn say_again_what_was_said(&mut self) {
        if let Some(before) = self.said_before.take()
            && of_one_key(&self.message)
        {
            self.message = before;
        }
    }

    /// A click on the `k`th mistake (from 0, counted over every player's) of the analysis
    /// open: that move on the board, as its key shows it (a mistake past the keys' too).
    pub fn click_mistake(&mut self, k: usize, now: Instant) {
        if self.overlay == Some(Overlay::Analysis) {
            // (What a key of no use said goes, as at any key.)
            self.say_again_what_was_said();
            self.watch_mistake(k, now);
        }
    }

    /// The mouse's wheel turned `lines` (up when negative): the open box (help, analysis,
    /// moves) or the score screen's columns scroll as ↑↓ scroll them; elsewhere nothing (the
    /// arrows move a cursor there, which a wheel should not).
    pub fn wheel(&mut self, lines: i32, now: Instant) {
        let scrolls = matches!(
            self.overlay,
            Some(Overlay::Help | Overlay::Analysis | Overlay::Moves)
        ) || (self.overlay.is_none() && self.mode == Mode::GameOver);
        if !scrolls || self.screen_too_small() {
            return;
        }
        let key = if lines < 0 { Key::Up } else { Key::Down };
        for _ in 0..lines.unsigned_abs() {
            self.key_at(key, now);
        }
    }

    /// A click on the `i`th choice of a list (claims or a step's actions): choose it, or confirm
    /// it when it is chosen already.
    pub fn click_choice(&mut self, i: usize, now: Instant) {
        self.first_digit = None;
        let n = match self.mode {
            Mode::Claim => self.claims().len(),
            Mode::Step => self.step_actions().len(),
            _ => return,
        };
        if i >= n {
            return;
        }
        if self.choice == i && self.choice_clicked == Some(i) {
            return self.key_at(Key::Enter, now);
        }
        if matches!(self.mode, Mode::Step) {
            // (What the status line says of the row chosen, as by a key.)
            self.choose_in_step(i);
        } else {
            self.choice = i;
            self.hint_follows_selection();
        }
        self.choice_clicked = Some(i);
    }

    /// Put the cursor on the `i`th of a step's `n` actions, the list's rows shown following it
    /// where the screen's size is known ([`App::list_top`]).
    pub(super) fn choose_step(&mut self, n: usize, i: usize) {
        let Some(rows) = self
            .screen
            .and_then(|s| (s.measure.step_rows)(self, s.width, s.height))
        else {
            self.choice = i.min(n.saturating_sub(1));
            return;
        };
        let entries = self.step_entries();
        let top = |top: usize, choice: usize| {
            step::list_top(top, step::row_of(&entries, choice), entries.len(), rows)
        };
        // From the rows on the screen (the cursor may have moved otherwise: an undo, a hint).
        let shown = top(self.list_top, self.choice);
        self.choice = i.min(n.saturating_sub(1));
        self.list_top = top(shown, self.choice);
    }
}

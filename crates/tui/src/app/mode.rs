//! The mode: set from the game at each decision, the cursors reset, bots started.

use super::*;

impl App {
    /// Set the mode from the game, reset the cursors for a new decision, and start a bot when
    /// one is to act.
    pub(super) fn refresh(&mut self, now: Instant) {
        if self.offer.is_some() {
            self.mode = Mode::Resume;
            return;
        }
        if self.setup.is_some() {
            self.mode = Mode::Setup;
            return;
        }
        if self.replay.is_some() {
            self.mode = Mode::Replay;
            self.pending = None;
            return;
        }
        let Some(session) = &self.session else {
            self.mode = Mode::Setup;
            return;
        };
        let game = session.game().clone();
        let Some(seat) = game.to_act() else {
            let ended = self.mode != Mode::GameOver;
            if ended {
                self.over_at = Some(now);
                self.score_scroll = 0;
            }
            self.mode = Mode::GameOver;
            self.pending = None;
            // A hint asked for the last move is of no move now (nor of any move watched).
            self.hint = None;
            self.hints.clear();
            self.save_finished(ended);
            return;
        };
        let player = seat.index();
        let count = self.action_count();
        let human = self.seats.get(player).is_none_or(Seat::is_human);
        if self.decision_at != Some(count) {
            self.decision_at = Some(count);
            // Handed to another person, or to a person after a bot, or to the same person
            // after steps that went by with nothing to do (Enters pressed for those steps
            // claimed a domino never seen): keys wait a moment.
            if human
                && (self.last_decider.is_some_and(|(p, h)| p != player || !h)
                    || self.skipped_into(count, player).is_some())
            {
                self.handover_until = Some(now + HANDOVER_PAUSE);
            }
            self.last_decider = Some((player, human));
            // A module's step opens on its last row, Skip: every other row spends something (a
            // knight, coins), so Enter pressed to go on never spends what was not chosen; a
            // digit or the arrows choose an action.
            self.choice = match game.phase() {
                Phase::Step { .. } => game.legal_action_count().saturating_sub(1) as usize,
                _ => 0,
            };
            self.list_top = 0;
            self.first_digit = None;
            self.hint = None;
            self.hints.clear();
            // A hint's words were of the decision before: Enter no longer plays that move.
            if is_hint_message(&self.message) || self.message == OFF_HINT {
                self.message.clear();
            }
            if matches!(game.phase(), Phase::Place { .. }) {
                let f = place::frame(game.kingdom(game.side_of(seat)));
                // The first spot Tab goes through (`place::spots`).
                self.ghost = place::spots(&game).first().copied().unwrap_or_else(|| {
                    place::clamp(Placement::new(Cell::new(1, 0), Direction::East), f)
                });
            }
            self.update_illegal();
        }
        // A step with nothing to decide (only going on is legal) goes by itself, said in the log.
        if human && matches!(game.phase(), Phase::Step { .. }) && game.legal_action_count() == 1 {
            self.note_skip(player);
            return self.play(Action::Pass, false, now);
        }
        self.mode = if !human {
            Mode::BotThinking
        } else {
            match game.phase() {
                Phase::FirstClaims { .. } | Phase::Claim { .. } => Mode::Claim,
                Phase::Place { .. } => Mode::Place,
                Phase::Step { .. } => Mode::Step,
                Phase::Over => Mode::GameOver,
            }
        };
        if !human && self.pending.is_none() {
            let bot = self
                .bots
                .get_mut(player)
                .and_then(Option::take)
                .unwrap_or_else(|| match &self.seats.get(player).map(|s| &s.kind) {
                    Some(SeatKind::Bot(level)) => {
                        level.on_cores(cores()).build(game.seed() ^ player as u64)
                    }
                    _ => Level::Random.build(game.seed()),
                });
            // Where the game stands in its match (Dynasty): the bot plays for the match.
            let so_far = self
                .session()
                .map(|s| MatchSoFar::of(s.played()))
                .unwrap_or_default();
            self.pending = Some(Pending::start(
                Purpose::Move { seat: player },
                bot,
                game.clone(),
                so_far,
                count,
                now,
            ));
        }
    }

    /// The steps that went by by themselves for `player` just before the decision at action
    /// `count`, in words (`Nothing to do in Build or Dragon`), or `None` when the move before
    /// was a decision.
    pub(super) fn skipped_into(&self, count: usize, player: usize) -> Option<String> {
        match &self.skipped {
            Some((at, p, steps)) if *at == count && *p == player => {
                let titles: Vec<&str> = steps.iter().map(|(t, _)| t.as_str()).collect();
                Some(format!(
                    "Nothing to do in {}",
                    crownlands_core::modules::describe::steps_in_words(&titles)
                ))
            }
            _ => None,
        }
    }

    /// Say in the log that `player` had nothing to decide in `module`'s step: one line for the
    /// steps skipped in a row.
    pub(super) fn note_skip(&mut self, player: usize) {
        let Some(what) = self.game().map(describe::skipped_step) else {
            return;
        };
        let count = self.action_count();
        let who = self.name(player);
        match &mut self.skipped {
            Some((at, p, words)) if *at == count && *p == player => {
                words.push(what);
            }
            _ => {
                self.skipped = Some((count, player, vec![what]));
                self.log.push_back(describe::LogLine::default());
            }
        }
        if let (Some((at, _, words)), Some(last)) = (&mut self.skipped, self.log.back_mut()) {
            last.text = describe::skip_line(&who, words);
            // The next auto-skip in a row comes one action later.
            *at += 1;
        }
    }

    pub(super) fn update_illegal(&mut self) {
        self.illegal = match self.game() {
            Some(g) if matches!(g.phase(), Phase::Place { .. }) => {
                let mut probe = g.clone();
                match probe.apply(Action::Place {
                    placement: self.ghost,
                }) {
                    Ok(()) => None,
                    Err(IllegalAction::IllegalPlacement { why, .. }) => Some(why.to_string()),
                    Err(e) => Some(e.to_string()),
                }
            }
            _ => None,
        };
    }

    /// Play `action` for the player to act; a human's decision can be undone.
    pub(super) fn play(&mut self, action: Action, human: bool, now: Instant) {
        self.square_clicked = None;
        self.choice_clicked = None;
        self.ghost_clicked = None;
        let Some(session) = &mut self.session else {
            return;
        };
        let before = session.game().clone();
        let at = session.actions().last().map_or(0, Vec::len);
        match session.apply(action) {
            Ok(()) => {
                // Someone was to act, or the action would have been refused.
                let decided = before.to_act();
                let who = decided
                    .map(|seat| self.name(seat.index()))
                    .unwrap_or_default();
                let text = describe(&before, action, &who);
                // What the modules say changed besides (the Queen changing hosts).
                // The modules' news, and a line's dominoes no king took, out as the round
                // began.
                let watch = crownlands_core::modules::describe::UnclaimedWatch::before(&before);
                let (news, unclaimed) = self.session.as_ref().map_or_else(Default::default, |s| {
                    (
                        describe::news(&before, s.game(), |i| self.name(i)),
                        watch.words(s.game()),
                    )
                });
                // A move with no other choice (the last domino of a line, a discard where
                // nothing fits) is no decision to take back: undo goes past it.
                if human && before.legal_action_count() > 1 {
                    self.undo.push(undo::UndoPoint {
                        at,
                        decided,
                        log: Some(self.log.clone()),
                    });
                }
                if human {
                    // A hint for the position just left is of no use.
                    if self.thinking_on_hint() {
                        self.pending = None;
                    }
                }
                // Where the game was saved, asked while a bot played, stays until a person
                // moves (at the default pace the bot's next move had cleared it in a second),
                // before the bots' news.
                self.message.clear();
                if human {
                    self.saved_said = None;
                } else if let Some(said) = &self.saved_said {
                    self.message.clone_from(said);
                }
                if human {
                    self.autosave_note = None;
                    self.news_note = None;
                    self.last_person = decided.map(|p| p.index());
                } else {
                    // (Once the game is over the scores say the rest; with no person at the
                    // table, no one's move to speak of.)
                    let over = self.session.as_ref().is_some_and(|s| s.game().is_over());
                    let people = self.seats.iter().any(Seat::is_human);
                    if over || !people {
                        self.news_note = None;
                    } else if let Some(last) = news.last() {
                        self.news_note = Some(format!("{}: {last}", self.since_whose_move()));
                    }
                    if let Some(note) = self.autosave_note.as_ref().or(self.news_note.as_ref()) {
                        self.message = match &self.saved_said {
                            Some(said) => format!("{said}.  {note}"),
                            None => note.clone(),
                        };
                    }
                }
                self.moved = true;
                // Going on from a step is not news: the log keeps the moves.
                let mut told = news;
                told.extend(unclaimed);
                describe::push_move(&mut self.log, action, text, told);
                self.autosave();
                self.refresh(now);
            }
            Err(e) => self.message = format!("Not allowed: {e}."),
        }
    }

    /// Keep a game (a match) finished here in the saves folder, when it has `ended` (the score
    /// screen's first refresh). A game taken back from its score screen and ended again is
    /// kept in the same file, as it ended this time, while that file holds what was written
    /// there; a file changed by another program is left alone (a new one is written), a file
    /// gone is written again.
    pub(super) fn save_finished(&mut self, ended: bool) {
        let (Some(dir), Some(session)) = (&self.config.save_dir, &self.session) else {
            return;
        };
        if !self.moved || !session.is_over() || (self.kept.is_some() && !ended) {
            return;
        }
        let save = session.to_save();
        // The file kept before, if it still holds what was written there; else, the first
        // time, the player's own save of this game, if the game went on from it.
        let by_hand = match (&self.kept, &self.saved) {
            (None, Some((path, written))) if save.continues(written) => {
                Some(path.clone()).filter(|p| still_holds(p, written))
            }
            _ => None,
        };
        let ours = match &self.kept {
            Some((Some(path), written)) => Some(path.clone()).filter(|p| still_holds(p, written)),
            _ => by_hand.clone(),
        };
        let same = self
            .kept
            .as_ref()
            .is_some_and(|(_, written)| *written == save);
        let tail = format!("-seed-{}", save.seed);
        // A match of several games (Dynasty) is kept whole, and said so.
        let what = if session.match_games() > 1 {
            "Match"
        } else {
            "Game"
        };
        let written = match &ours {
            Some(path) if same => Ok(path.clone()),
            Some(path) => crownlands_saves::write_save(path, &save).map(|()| path.clone()),
            None => crownlands_saves::save_into_dir_as(dir, &save.ruleset_name, &tail, &save),
        };
        let dir = replay::printable(&dir.display().to_string());
        self.message = match &written {
            // The file's name first, then its folder, the rest in brackets: where the score
            // screen has too few rows (a Dynasty's last, which says the match too), the words
            // in brackets give way, not the folder.
            Ok(path) if by_hand.is_some() => format!(
                "{what} kept in {} in {dir} (where you saved it, now finished).",
                file_name(path)
            ),
            Ok(path) if ours.is_some() && !same => format!(
                "{what} kept again as {} in {dir} (as it ended this time).",
                file_name(path)
            ),
            Ok(path) => format!(
                "{what} kept as {} in {dir} (watch it from the setup screen).",
                file_name(path)
            ),
            Err(e) => format!("Could not keep the finished {}: {e}", what.to_lowercase()),
        };
        self.kept = Some((written.ok(), save));
    }

    /// List the recent saved games on the setup screen.
    pub(super) fn fill_recent(&mut self) {
        let recent = self
            .config
            .save_dir
            .as_deref()
            .map(|dir| replay::recent_games(dir, &self.config.registry))
            .unwrap_or_default();
        if let Some(setup) = &mut self.setup {
            setup.set_recent(recent);
        }
    }

    /// The game goes on autosaved in a file of its own, `own`: `why` on the status line (and
    /// kept to say again), the file in the log.
    pub(super) fn autosaved_beside(&mut self, why: String, own: &std::path::Path) {
        self.message = why;
        self.autosave_note = Some(self.message.clone());
        self.log
            .push_back(format!("Autosaved to {} from now on", file_name(own)).into());
    }

    /// The autosave stopped for `why` (a write failed): said now, and kept in the header.
    pub(crate) fn autosave_stopped(&mut self, why: String) {
        // `s` is offered where the saves folder takes a file (it is often in the folder that
        // failed: a read-only home, a full disk, where `s` failed too).
        let saves = match self.config.save_dir.as_deref() {
            // (Short: the folder is named already, in `why`; two paths made it three rows.)
            Some(dir) => match crownlands_saves::prepare_save_dir(dir) {
                Ok(()) => "s saves the game.".to_string(),
                Err(_) => "The saves folder cannot take it either: the game is kept only while \
                           this program runs."
                    .to_string(),
            },
            None => "The game is kept only while this program runs.".to_string(),
        };
        self.message = format!("Autosave off: {why}. {saves}");
        // Kept on the status line through the bots' moves, as the autosave's other news is.
        self.autosave_note = Some(self.message.clone());
        if let Some(dir) = &self.config.autosave_dir {
            self.autosaved = self.autosaver.last_written(dir);
        }
        self.config.autosave_dir = None;
        self.autosave_failed = Some(why);
    }

    /// Since whose move the bots' news is: `Since your move` with one person at the table;
    /// with several, the person's named (`Since Player 1's move`: at Player 3's turn, "your"
    /// had read as Player 3's).
    pub(super) fn since_whose_move(&self) -> String {
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        match self.last_person {
            _ if people <= 1 => "Since your move".to_string(),
            Some(p) => format!("Since {}'s move", self.name(p)),
            None => "Since this game began".to_string(),
        }
    }

    /// A key of a move pressed while a bot thinks: nothing is played (nor later), and the status
    /// line says so, where it holds no news (keys pressed then had no answer at all). The keys
    /// that work anytime (help, hint, undo, save, pace, quit) were taken before.
    pub(super) fn key_while_a_bot_thinks(&mut self, key: Key) {
        let news = self.autosave_note.as_ref().or(self.news_note.as_ref());
        // (Over nothing that must stay said: a new game's line with a warning about its
        // ruleset stays, its plain line gives way.)
        let free = self.message.is_empty()
            || self.message.ends_with(WAITS_FOR_YOUR_TURN)
            || self.message.ends_with(NOTHING_HERE_END)
            || (self.message.starts_with("New game, seed")
                && self.message.ends_with(". Press ? for help."));
        // The keys of a move (choosing, placing, turning, discarding, skipping); another is
        // of no use anywhere in a game, and said so as in a claim.
        let of_a_move = matches!(
            key,
            Key::Enter | Key::Tab | Key::BackTab | Key::Up | Key::Down | Key::Left | Key::Right
        ) || matches!(
            key,
            Key::Char(' ' | 'r' | 'd' | 'p' | 'h' | 'j' | 'k' | 'l' | '0'..='9')
        );
        let people = self.seats.iter().any(Seat::is_human);
        if news.is_none() && free && people {
            if of_a_move {
                let who = self
                    .game()
                    .and_then(|g| g.to_act())
                    .map(|p| self.name(p.index()))
                    .unwrap_or_default();
                self.message = format!("{who} is thinking: {WAITS_FOR_YOUR_TURN}");
            } else if let Some(why) = no_key_here(key) {
                self.say_instead(why);
            }
        }
    }

    /// Say `why` a key is of no use, keeping what the line said for the next key.
    pub(super) fn say_instead(&mut self, why: String) {
        if !of_one_key(&self.message) {
            self.said_before = Some(std::mem::take(&mut self.message));
        }
        self.message = why;
    }

    /// Say that `key` does nothing here ([`no_key_here`]), unless the status line holds a failure
    /// that must stay said (a save or the autosave that failed).
    pub(super) fn say_no_key(&mut self, key: Key) {
        if !self.failure_said()
            && let Some(why) = no_key_here(key)
        {
            self.say_instead(why);
        }
    }

    /// Whether the status line says a failure that must stay said (a save or the autosave that
    /// failed).
    pub(super) fn failure_said(&self) -> bool {
        self.message.starts_with("Could not save") || self.message.starts_with("Autosave off")
    }

    /// The ghost moved (a key or a click): what the status line said before (a refusal of where
    /// it was, what a key is for, an undo done or refused, a resume or a save done) is old news,
    /// and at 80 columns it pushed the spot's verdict and score off the line (a refused undo's
    /// two lines stayed through every move of the ghost). A failure stays said, and a hint,
    /// which follows the ghost.
    pub(super) fn ghost_moved(&mut self) {
        if !self.failure_said() && !is_hint_message(&self.message) {
            self.message.clear();
        }
    }

    /// Why the autosave stopped during this game, if a write failed (not `--no-autosave`).
    pub fn autosave_failed(&self) -> Option<&str> {
        self.autosave_failed.as_deref()
    }

    pub(super) fn autosave(&mut self) {
        let (Some(dir), Some(session)) = (&self.config.autosave_dir, &self.session) else {
            return;
        };
        let saves = self.config.save_dir.as_deref();
        match self
            .autosaver
            .write(&self.config.registry, dir, saves, session)
        {
            Ok(None) => {}
            Ok(Some(autosave::Note::Kept(kept))) => {
                // (An unfinished game, or a file that did not load: either is kept.) Where the
                // undo wrote it, its words follow (the note leading, so the status line keeps
                // it as the ghost moves, as it keeps any autosave note).
                // Which game it was: with several programs on one folder, the autosave kept may
                // be another program's game, not the one this player declined.
                let which = crownlands_saves::read_save_file(&kept).map_or_else(
                    |_| String::new(),
                    |s| {
                        format!(
                            " ({}, seed {}, {})",
                            crownlands_core::text::excerpt(&s.ruleset_name),
                            s.seed,
                            crownlands_core::modules::describe::plural(
                                i64::try_from(s.moves()).unwrap_or(i64::MAX),
                                "move",
                                "moves"
                            )
                        )
                    },
                );
                let said = format!(
                    "The earlier autosave{which} was kept as {}.",
                    replay::printable(&kept.display().to_string())
                );
                self.message = if self.message.starts_with(UNDONE) {
                    format!("{said} {}", self.message)
                } else {
                    said.clone()
                };
                // The status line keeps it until the player's next move; the log keeps it in
                // view after that.
                self.autosave_note = Some(said);
                self.log
                    .push_back(format!("Earlier game kept: {}", file_name(&kept)).into());
            }
            Ok(Some(autosave::Note::NotAFile { at, to: own })) => self.autosaved_beside(
                format!(
                    "{} is not a file (a folder?): left as it is, this game is autosaved to {} \
                     beside it.",
                    file_name(&at),
                    file_name(&own)
                ),
                &own,
            ),
            Ok(Some(autosave::Note::Moved { from, to: own })) => self.autosaved_beside(
                format!(
                    "Another game took {} (another crownlands play?): this one is autosaved to \
                     {} beside it now.",
                    file_name(&from),
                    file_name(&own)
                ),
                &own,
            ),
            Err(e) => {
                // Never overwrite what could not be put aside.
                let why = autosave::failure_words(dir, &e.to_string());
                self.autosave_stopped(why);
            }
        }
    }

    /// Whether the quit dialog offers `s` to save and quit: quitting would lose the game as it
    /// stands (no autosave, not saved since its last move), and there is a folder to save in.
    pub fn quit_offers_save(&self) -> bool {
        self.config.autosave_dir.is_none()
            && self.can_save()
            && self.game().is_some()
            && self.saved_in().is_none_or(|(_, since)| since > 0)
            && self.autosaved_in().is_none_or(|(_, since)| since > 0)
            && self.loaded_unmoved().is_none()
    }

    /// Whether `s` can save the game: there is a saves folder, and it took a file when the
    /// quit dialog last opened.
    pub fn can_save(&self) -> bool {
        self.config.save_dir.is_some() && !self.saves_folder_refused
    }

    /// Open the quit dialog, looking first whether the saves folder takes a file (what it
    /// offers depends on it).
    pub(super) fn open_quit_dialog(&mut self) {
        self.saves_folder_refused = self
            .config
            .save_dir
            .as_deref()
            .is_some_and(|dir| crownlands_saves::prepare_save_dir(dir).is_err());
        self.overlay = Some(Overlay::ConfirmQuit);
    }

    /// Before the program ends (a quit, a signal): make sure the game last autosaved is on disk,
    /// in `autosave.json` or, when another program took that in the instant of a write, in a file
    /// of its own. Returns a line to tell the player after the screen is gone, if any.
    pub fn before_exit(&mut self) -> Option<String> {
        if let Some((path, main)) = &self.left_offered
            && self.session.is_none()
        {
            let program = crownlands_saves::words::program_name();
            let file = replay::printable(&path.display().to_string());
            return Some(if *main {
                format!("The unfinished game stays in {file}: `{program} play` offers it again.")
            } else {
                format!("The unfinished game stays in {}", resumed_by(path))
            });
        }
        let Some(dir) = self.config.autosave_dir.as_ref() else {
            // Without the autosave: where a game under way was saved with `s`, said, as the
            // autosave is (the quit dialog had said it, and the exit nothing).
            let unfinished = self.session.as_ref().is_some_and(|s| !s.is_over());
            let off = || match &self.autosave_failed {
                // (Without a data directory it never started.)
                Some(why) if why == NO_DATA_DIR => format!("autosave was off: {why}"),
                Some(why) => format!("the autosave had stopped, {why}"),
                None => "autosave was off".to_string(),
            };
            // Where the autosave stopped after writing some of the game, what it wrote is
            // kept: said as a save by hand is, the later of the two where both hold it.
            let by_hand = self.kept_in(self.saved.as_ref());
            // (Said only where the file still holds it: another program may have taken it.)
            let autosaved = self.kept_in(self.autosaved.as_ref()).filter(|&(path, _)| {
                self.autosaved
                    .as_ref()
                    .is_some_and(|(_, written)| still_holds(path, written))
            });
            if let Some((path, since)) = autosaved
                && by_hand.is_none_or(|(_, hand)| since < hand)
            {
                return match since {
                    _ if !unfinished || self.replay.is_some() => None,
                    0 => Some(format!("The game is autosaved in {}", resumed_by(path))),
                    _ => Some(kept_before(
                        "autosaved",
                        path,
                        since,
                        &self.moves_since(since),
                        &off(),
                    )),
                };
            }
            let Some((path, _)) = self.saved.as_ref() else {
                if let Some(note) = self.stays_note() {
                    return Some(note);
                }
                // Never saved: said on the way out too (the quit dialog had said it).
                return (unfinished && self.replay.is_none() && self.watched.is_none())
                    .then(|| format!("The game was not saved ({}).", off()));
            };
            return match self.saved_in() {
                _ if !unfinished || self.replay.is_some() => None,
                Some((_, 0)) => Some(format!("The game is saved in {}", resumed_by(path))),
                // Saved, then played on: what was saved is said, and what was not.
                Some((_, since)) => Some(kept_before(
                    "saved",
                    path,
                    since,
                    &self.moves_since(since),
                    &off(),
                )),
                None => None,
            };
        };
        match self.autosaver.before_exit(dir) {
            // An unfinished game autosaved where it always is: said, so that quitting does not
            // look like losing it (a playtester's `q y` left without a word).
            Ok(None) if self.unfinished_autosaved() => {
                let program = crownlands_saves::words::program_name();
                let autosaved = match self.autosaver.own_file() {
                    // A numbered file is offered only while `autosave.json` holds no game.
                    Some(own) => format!("The game is autosaved in {}", resumed_by(own)),
                    None => format!(
                        "The game is autosaved in `{}`: `{program} play` offers to resume it.",
                        replay::printable(
                            &dir.join(crownlands_saves::AUTOSAVE_FILE)
                                .display()
                                .to_string()
                        )
                    ),
                };
                Some(format!("{autosaved}{}", self.saved_too()))
            }
            // Loaded and not moved in (the autosave holds another game): where it stays.
            Ok(None) => self.stays_note(),
            // A finished game is in the saves folder already: nothing to resume.
            Ok(Some(_)) if self.session.as_ref().is_some_and(|s| s.is_over()) => None,
            Ok(Some(own)) => Some(format!(
                "Another game took the autosave: this game was autosaved to `{}` (`{} play \
                 --load {}` resumes it).",
                replay::printable(&own.display().to_string()),
                crownlands_saves::words::program_name(),
                shell_word(&own.display().to_string())
            )),
            Err(e) => Some(format!("The last autosave could not be checked: {e}")),
        }
    }

    /// `The unfinished game stays in ...`: for the exit of a game loaded and not moved in,
    /// while its file still holds it (a playtester's `q y` after `--load` left without a word,
    /// the dialog having said it was autosaved).
    pub(super) fn stays_note(&self) -> Option<String> {
        let path = self.loaded_unmoved()?;
        let (_, written) = self.loaded.as_ref()?;
        still_holds(path, written)
            .then(|| format!("The unfinished game stays in {}", resumed_by(path)))
    }

    /// Where the game was saved with `s` too, for the line an exit leaves after the autosave's
    /// (` It is saved in `...` too.`): it had named only the autosave, not the file just
    /// written. Empty where it was not saved, or the game no longer goes on from that save.
    pub(super) fn saved_too(&self) -> String {
        let Some((path, since)) = self.kept_in(self.saved.as_ref()) else {
            return String::new();
        };
        let file = replay::printable(&path.display().to_string());
        match since {
            0 => format!(" It is saved in `{file}` too."),
            n => format!(
                " Your save in `{file}` holds it before its last {}.",
                self.moves_since(n)
            ),
        }
    }

    /// `15 moves, 3 of them yours`: the last `since` moves of the game, and how many of them a
    /// person decided, where one person plays (the bots' moves and the forced ones had made
    /// what a save missed read as more than the player had done).
    pub(super) fn moves_since(&self, since: usize) -> String {
        let moves = crownlands_core::modules::describe::plural(
            i64::try_from(since).unwrap_or(i64::MAX),
            "move",
            "moves",
        );
        let played = self
            .session
            .as_ref()
            .and_then(|s| s.actions().last())
            .map_or(0, Vec::len);
        let people = self.seats.iter().filter(|s| s.is_human()).count();
        if since < 2 || since > played || people != 1 {
            return moves;
        }
        // Every undo point is a person's decision in the game being played.
        let from = played - since;
        match self.undo.iter().filter(|u| u.at >= from).count() {
            0 => format!("{moves}, none of them yours"),
            yours => format!("{moves}, {yours} of them yours"),
        }
    }

    /// Whether a game (or a match: between its games too) is under way and autosaved as it
    /// stands (a game just started, with no move yet, is not: the autosave holds the one before).
    pub(super) fn unfinished_autosaved(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| !s.is_over() && self.autosaver.holds(s, self.moved))
            && self.replay.is_none()
    }

    /// The file the game was loaded from, where it stands as loaded there (no move made, none
    /// taken back) and the autosave does not hold it: quitting leaves it in that file alone.
    pub(super) fn loaded_unmoved(&self) -> Option<&std::path::Path> {
        let unfinished = self.session.as_ref().is_some_and(|s| !s.is_over());
        if !unfinished || self.replay.is_some() || self.unfinished_autosaved() {
            return None;
        }
        self.kept_in(self.loaded.as_ref())
            .and_then(|(path, since)| (since == 0).then_some(path))
    }

    /// The name of the file the game stays in as it was loaded from it, for the quit dialog
    /// (`None` where a move was made since, or the autosave holds it).
    pub fn stays_in_loaded(&self) -> Option<String> {
        self.loaded_unmoved().map(file_name)
    }

    /// Where this game is autosaved when another program took `autosave.json` (`None`: there,
    /// or not at all).
    pub fn own_autosave(&self) -> Option<&std::path::Path> {
        self.autosaver.own_file()
    }
}

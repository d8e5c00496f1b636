//! Reading a notation file back into a session, in steps: the size, the headers and ruleset
//! lines, the version, the ruleset, the seats, then every token replayed, then the result.

use super::headers::{Header, Sections, check_version, err, ruleset_positions, sections};
use super::moves::{Positioned, Token, Word, parse_word, tokens};
use super::{padded_match_result, result_text, result_text_naming, ruleset_hash};
use crate::error::{Problem, SaveError};
use crate::limits::{check_date, check_player, check_ruleset_name, number, shortened};
use crate::player::Player;
use crate::session::Session;
use crownlands_core::text::reveal_invisible;
use crownlands_core::{Action, DominoId, Registry, Ruleset};
use crownlands_rules::{Diagnostic, Diagnostics};
use std::collections::HashMap;
use std::sync::Arc;

/// Read a notation file back into a session, replaying (and so checking) every action. `file`
/// names the text in errors. See [`import_with_warnings`] for what is accepted with a warning.
pub fn import(registry: &Registry, text: &str, file: &str) -> Result<Session, SaveError> {
    import_with_warnings(registry, text, file).map(|(session, _)| session)
}

/// As [`import`], with the warnings about what was accepted but could not be checked: a shipped
/// ruleset named without its `[RulesetHash "..."]` (hand-written files often leave it out; the
/// game is then checked against the shipped ruleset of this version, which may not be the one it
/// was played with).
pub fn import_with_warnings(
    registry: &Registry,
    text: &str,
    file: &str,
) -> Result<(Session, Vec<String>), SaveError> {
    import_with_options(registry, text, file, ImportOptions::default())
}

/// How [`import_with_options`] reads a file.
#[derive(Clone, Copy, Debug, Default)]
pub struct ImportOptions {
    /// A file naming a shipped ruleset whose `RulesetHash` is not this build's (the rules were
    /// changed since it was written: by an update, or a crate's own ruleset edited) is checked
    /// against this build's ruleset, with a warning, rather than refused: every move must still
    /// be legal under the rules as they are now, and the scores are those rules' scores.
    pub current_rules: bool,
}

/// Whether `text` is one JSON object (`None`: it is not), and if so whether it says it is a
/// save (`"format": "crownlands-save"`): read without building the object (a 16 MiB file of
/// small objects took 1.6 GB as a `serde_json::Value`).
fn json_object_is_save(text: &str) -> Option<bool> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    serde_json::from_str::<serde::de::IgnoredAny>(text).ok()?;
    // The format alone, the rest read past (a format that is no string is no save's).
    #[derive(serde::Deserialize)]
    struct Format<'a> {
        #[serde(borrow)]
        format: Option<std::borrow::Cow<'a, str>>,
    }
    Some(
        serde_json::from_str::<Format<'_>>(text)
            .ok()
            .and_then(|f| f.format)
            .is_some_and(|f| f == crate::record::FORMAT),
    )
}

/// [`import_with_warnings`], read as `options` say.
pub fn import_with_options(
    registry: &Registry,
    text: &str,
    file: &str,
    options: ImportOptions,
) -> Result<(Session, Vec<String>), SaveError> {
    check_size(text, file)?;
    // A byte order mark, as some editors write, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A save file (JSON) given for the notation: say so, rather than what the notation lacks.
    // (Parsed to be sure: a notation file may open with a `{comment}`.)
    if let Some(save) = json_object_is_save(text) {
        let what = if save {
            "this is a save file (JSON), not the game notation: `crownlands replay` and \
             `crownlands play --load` read it, and `crownlands export` writes its notation"
        } else {
            "this is JSON, not the game notation (nor a save file: a save says \
             `\"format\": \"crownlands-save\"`)"
        };
        return Err(SaveError::new(file, Problem::Notation(what.into())));
    }
    let Sections {
        headers,
        ruleset,
        moves,
        moves_line,
    } = sections(text, file)?;
    check_version(&headers, file)?;
    let embedded = ruleset.is_some();
    let mut warnings = Vec::new();
    let ruleset = Arc::new(notation_ruleset(
        registry,
        &headers,
        ruleset.as_deref(),
        text,
        file,
        options.current_rules.then_some(&mut warnings),
    )?);
    // Taken under the rules as they are now (`--current-rules`, the hash not this build's):
    // the moves may score otherwise than the file's `Result` says.
    let rules_changed = !warnings.is_empty();
    if !embedded && !headers.contains_key("RulesetHash") {
        warnings.push(format!(
            "{file}: no `[RulesetHash \"...\"]` header: the game is checked against the shipped \
             `{}` of this version ({}), which may not be the ruleset it was played with",
            ruleset.name(),
            ruleset_hash(&ruleset)
        ));
    }
    let start = start_session(&headers, ruleset, file)?;
    // Seats the headers leave unnamed while they name others: a `Players` count edited without
    // its seats, which plays another game (another deal), refused at some later move.
    let players = start.players().len();
    let unnamed: Vec<String> = (1..=players)
        .filter(|k| !headers.contains_key(&format!("Seat{k}")))
        .map(|k| format!("`Seat{k}`"))
        .collect();
    let mut replay = Replay::new(start);
    tokens(moves, moves_line, file, |t| replay.token(&t, file)).map_err(|mut e| {
        if matches!(*e.problem, Problem::Illegal { .. })
            && !unnamed.is_empty()
            && unnamed.len() < players
        {
            e.problem = Box::new(Problem::Invalid(format!(
                "{} (the headers set up {players} players but name no {}: is `Players` right? \
                 Another count deals another game)",
                e.problem,
                unnamed.join(", ")
            )));
        }
        e
    })?;
    let session = replay.finish(file)?;
    match check_result(&session, &headers, file) {
        // Scored by the rules as they are now: the file's result is the old rules', said.
        Err(e) if rules_changed => warnings.push(format!(
            "{e} (the result under the rules as they are now; the save holds it)"
        )),
        other => other?,
    }
    Ok((session, warnings))
}

fn check_size(text: &str, file: &str) -> Result<(), SaveError> {
    if text.len() > crate::limits::MAX_SAVE_BYTES as usize {
        return Err(SaveError::new(
            file,
            Problem::TooLarge {
                size: text.len() as u64,
                max: crate::limits::MAX_SAVE_BYTES,
            },
        ));
    }
    Ok(())
}

fn required<'h>(
    headers: &'h HashMap<String, Header>,
    key: &str,
    file: &str,
) -> Result<&'h Header, SaveError> {
    headers.get(key).ok_or_else(|| {
        SaveError::new(
            file,
            Problem::Notation(format!("the `[{key} \"...\"]` header is missing")),
        )
    })
}

/// The session the moves are replayed into: the seed, the seats and the date of the headers.
fn start_session(
    headers: &HashMap<String, Header>,
    ruleset: Arc<Ruleset>,
    file: &str,
) -> Result<Session, SaveError> {
    let seed_h = required(headers, "Seed", file)?;
    let seed: u64 = number(&seed_h.value).ok_or_else(|| {
        err(
            file,
            seed_h.line,
            seed_h.column,
            format!(
                "the seed `{}` is not a whole number from 0 to {} written with digits only (no \
                 sign, spaces or leading zeros)",
                shortened(&seed_h.value),
                u64::MAX
            ),
        )
    })?;
    let players_h = required(headers, "Players", file)?;
    let players = seats(headers, players_h, file)?;
    let mut session = Session::new(ruleset, players, seed)
        .map_err(|e| err(file, players_h.line, players_h.column, e.to_string()))?;
    let date = match headers.get("Date") {
        Some(h) => {
            check_date("the date", &h.value).map_err(|e| err(file, h.line, h.column, e))?;
            Some(h.value.clone())
        }
        None => None,
    };
    session.set_date(date);
    Ok(session)
}

/// The players of the `[Players "N"]` header, each from its `[SeatK "name (kind)"]` if given.
/// A `SeatK` header (`K` digits) beyond the count, or with its number written with leading
/// zeros, is refused, and so is a name or kind that a save refuses.
fn seats(
    headers: &HashMap<String, Header>,
    players_h: &Header,
    file: &str,
) -> Result<Vec<Player>, SaveError> {
    let max = crownlands_core::ruleset::MAX_PLAYERS;
    let count = number(&players_h.value)
        .filter(|&n| n >= 1 && n <= u64::from(max))
        .map(|n| n as usize)
        .ok_or_else(|| {
            let loose = players_h.value.trim().parse::<u64>().is_ok();
            let how = if loose && number(&players_h.value).is_none() {
                " (written with digits only, without leading zeros, spaces or a sign)"
            } else {
                ""
            };
            err(
                file,
                players_h.line,
                players_h.column,
                format!(
                    "`{}` players: give a number from 1 to {max}{how}",
                    shortened(&players_h.value)
                ),
            )
        })?;
    // Every `SeatK` header (K digits) must name a seat of the game, written as it is numbered.
    let bad_seat = headers
        .iter()
        .filter_map(|(key, h)| {
            let digits = key.strip_prefix("Seat")?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let shown = shortened(key);
            match number(digits) {
                Some(k) if k >= 1 && k <= count as u64 => None,
                None if digits.starts_with('0') => Some((
                    h,
                    format!(
                        "header `{shown}`: seats are numbered from 1 to {count}, without leading \
                         zeros"
                    ),
                )),
                _ => Some((
                    h,
                    format!("header `{shown}` but the game has {count} players"),
                )),
            }
        })
        .min_by_key(|(h, _)| h.line);
    if let Some((h, msg)) = bad_seat {
        return Err(err(file, h.line, 1, msg));
    }
    let mut players = Vec::with_capacity(count);
    for s in 1..=count {
        let player = match headers.get(&format!("Seat{s}")) {
            Some(h) => {
                let v = h.value.as_str();
                let player = match v.rfind(" (") {
                    Some(i) if v.ends_with(')') => {
                        Player::new(s as u32, &v[..i], &v[i + 2..v.len() - 1])
                    }
                    _ => Player::new(s as u32, v, "unknown"),
                }
                .named();
                check_player(
                    &player,
                    &format!("the name of seat {s}"),
                    &format!("the kind of seat {s}"),
                )
                .map_err(|e| err(file, h.line, h.column, e))?;
                player
            }
            None => Player::new(s as u32, format!("seat {s}"), "unknown"),
        };
        players.push(player);
    }
    Ok(players)
}

/// The moves being replayed into the session, token by token: markers are checked, actions
/// applied (an action that names its domino is checked to name the domino to place), `*` ends
/// an unfinished game.
struct Replay {
    session: Session,
    labels: HashMap<String, DominoId>,
    /// Where the `*` was, once read.
    ended: Option<(usize, usize)>,
    /// The last round marker read: its game (from 0), its round and where it was, so that a
    /// round is marked once.
    round_marked: Option<(usize, u32, usize, usize)>,
    /// The last game marker read: its game (from 0) and where it was.
    game_marked: Option<(usize, usize, usize)>,
    /// The game (from 0) and round of the last action played: a round's marker comes before
    /// its first move.
    played: Option<(usize, u32)>,
}

impl Replay {
    fn new(session: Session) -> Replay {
        let ruleset = session.ruleset().clone();
        let labels = (0..ruleset.dominoes().len())
            .map(|i| DominoId(i as u16))
            .filter_map(|id| crate::words::unique_label(&ruleset, id).map(|l| (l, id)))
            .collect();
        Replay {
            session,
            labels,
            ended: None,
            round_marked: None,
            game_marked: None,
            played: None,
        }
    }

    fn token(&mut self, t: &Positioned<'_>, file: &str) -> Result<(), SaveError> {
        let session = &mut self.session;
        let at = |msg: String| err(file, t.line, t.column, msg);
        let (action, names) = match &t.token {
            Token::Json(json) => {
                let action = session.game().action_from_json(json).map_err(|e| {
                    // Not the list of kinds serde expected: it grows with every module.
                    let e = e.split(", expected one of").next().unwrap_or_default();
                    at(format!(
                        "`{}` is not an action this crownlands knows: {}",
                        shortened(t.text),
                        crate::limits::shorten_quotes(e)
                    ))
                })?;
                // The engine's readers ignore fields they do not know: the file may not have any.
                if let Some(e) =
                    crate::strict::extra_fields(json, &session.game().action_json(action))
                {
                    return Err(at(format!(
                        "`{}` is not an action this crownlands knows: {e}",
                        shortened(t.text)
                    )));
                }
                (action, None)
            }
            Token::Word(w) => {
                let word = parse_word(w, session.game(), &self.labels).map_err(at)?;
                // Nothing follows `*`: no move, no marker (`G2` would begin another game), and
                // not another `*`.
                if let Some((line, column)) = self.ended {
                    return Err(at(if matches!(word, Word::End) {
                        format!(
                            "a second `*` (the first is at {line}:{column}): `*` ends an \
                             unfinished game once, after its last move"
                        )
                    } else {
                        format!(
                            "`{}` after `*`, which ends an unfinished game",
                            shortened(t.text)
                        )
                    }));
                }
                match word {
                    Word::End => {
                        self.ended = Some((t.line, t.column));
                        return Ok(());
                    }
                    Word::Round(r) => {
                        round_marker(session, r, t).map_err(at)?;
                        return self.round_marked(r, t).map_err(at);
                    }
                    Word::Game(g) => {
                        game_marker(session, g, t).map_err(at)?;
                        return self.game_marked(t).map_err(at);
                    }
                    Word::Action(action, names) => (action, names),
                }
            }
        };
        if self.ended.is_some() {
            return Err(at(format!(
                "`{}` after `*`, which ends an unfinished game",
                shortened(t.text)
            )));
        }
        // The game (a match's next one begins with its first move) and round the move is in.
        if session.game().is_over() && session.can_start_next_game() {
            session.next_game();
        }
        let now = (session.game_index(), session.game().round());
        play_action(session, action, names, t, file)?;
        self.played = Some(now);
        Ok(())
    }

    /// A round marker `t` for round `round` (checked to be the game's): refused where its round
    /// is marked already or has begun (`3.` twice, or between two moves of round 3).
    fn round_marked(&mut self, round: u32, t: &Positioned<'_>) -> Result<(), String> {
        let game = self.session.game_index();
        if self.played == Some((game, round)) {
            return Err(format!(
                "round marker `{}` in the middle of round {round}: a round's marker comes \
                 before its first move",
                shortened(t.text)
            ));
        }
        if let Some((g, r, line, column)) = self.round_marked
            && (g, r) == (game, round)
        {
            return Err(format!(
                "round marker `{}` again (round {round} is marked at {line}:{column}): a round \
                 is marked once, before its first move",
                shortened(t.text)
            ));
        }
        self.round_marked = Some((game, round, t.line, t.column));
        Ok(())
    }

    /// A game marker `t` (checked to be the game's): refused where its game is marked already
    /// (`G2 G2`) or a round marker of that game came first (`0. G2`).
    fn game_marked(&mut self, t: &Positioned<'_>) -> Result<(), String> {
        let game = self.session.game_index();
        if let Some((g, line, column)) = self.game_marked
            && g == game
        {
            return Err(format!(
                "game marker `{}` again (game {} is marked at {line}:{column}): a game is \
                 marked once, before its first round",
                shortened(t.text),
                game + 1
            ));
        }
        if let Some((g, r, line, column)) = self.round_marked
            && g == game
        {
            return Err(format!(
                "game marker `{}` after the marker of its round {r} (at {line}:{column}): a \
                 game's marker comes before its rounds'",
                shortened(t.text)
            ));
        }
        self.game_marked = Some((game, t.line, t.column));
        Ok(())
    }

    /// The session once every token is played: `*` only after an unfinished game.
    fn finish(self, file: &str) -> Result<Session, SaveError> {
        match self.ended {
            Some((line, column)) if self.session.is_over() => Err(err(
                file,
                line,
                column,
                "`*` marks an unfinished game, but this game is over",
            )),
            _ => Ok(self.session),
        }
    }
}

/// `3.`: the game must be in round 3 (the next game of a match begins when one is over).
fn round_marker(session: &mut Session, round: u32, t: &Positioned<'_>) -> Result<(), String> {
    if session.game().is_over() && session.can_start_next_game() {
        session.next_game();
    }
    if round != session.game().round() {
        return Err(format!(
            "round marker `{}` but the game is in round {}",
            shortened(t.text),
            session.game().round()
        ));
    }
    Ok(())
}

/// `G2`: game 2 of the match begins here (or has just begun).
fn game_marker(session: &mut Session, game: usize, t: &Positioned<'_>) -> Result<(), String> {
    let now = session.game_index() + 1;
    let fresh = session.actions().last().is_some_and(Vec::is_empty);
    let problem = if game == now && fresh {
        return Ok(());
    } else if game == now + 1 {
        if session.next_game() {
            return Ok(());
        } else if session.game().is_over() {
            format!("the match has only {} games", session.match_games())
        } else {
            format!("game {now} is not over")
        }
    } else {
        format!("game {now} is being played")
    };
    Err(format!("game marker `{}` but {problem}", shortened(t.text)))
}

/// Apply one action, after checking the domino its token names (if it names one); a match's
/// next game is begun by the caller.
fn play_action(
    session: &mut Session,
    action: Action,
    names: Option<DominoId>,
    t: &Positioned<'_>,
    file: &str,
) -> Result<(), SaveError> {
    let index = session.actions().last().map_or(0, Vec::len);
    let games = usize::from(session.match_games());
    let place = crate::words::action_place(games, session.game_index(), index);
    // (With no domino to place, the game says what it waits for instead: a claim, a module's
    // step and its choices.)
    if let Some(d) = names
        && let Some(p) = session.game().domino_to_place()
        && p != d
    {
        let ruleset = session.ruleset();
        let now = format!("the domino to place is {}", ruleset.domino_label(p));
        return Err(err(
            file,
            t.line,
            t.column,
            format!(
                "{place}: `{}` names domino {} but {now}",
                shortened(t.text),
                crate::words::domino_name(ruleset, d)
            ),
        ));
    }
    session.apply(action).map_err(|reason| {
        SaveError::at(
            file,
            t.line,
            t.column,
            Problem::Illegal {
                at: place,
                token: shortened(t.text),
                reason,
            },
        )
    })
}

/// The `[Result "..."]` header, when given, must be what the moves replay to.
fn check_result(
    session: &Session,
    headers: &HashMap<String, Header>,
    file: &str,
) -> Result<(), SaveError> {
    let Some(h) = headers.get("Result") else {
        return Ok(());
    };
    let actual = result_text(session);
    // Files exported before team games named teams said `seat 1 wins` for team 1; before
    // match totals were per side, a team match gave one total per seat (zeros after the
    // teams').
    let legacy = if crate::words::is_team_game(session.game()) {
        let mut texts = vec![result_text_naming(session, false)];
        texts.extend(padded_match_result(session));
        texts
    } else {
        Vec::new()
    };
    if h.value != actual && !legacy.contains(&h.value) {
        // `*` is the notation's word for a game not over: said in words (a file cut short).
        let replayed = if actual == "*" {
            "a game not over (\"*\"): are moves missing at the end?".to_string()
        } else {
            format!("\"{actual}\"")
        };
        return Err(SaveError::at(
            file,
            h.line,
            h.column,
            Problem::Mismatch(format!(
                "the Result header says \"{}\" but the moves replay to {replayed}",
                shortened(&h.value)
            )),
        ));
    }
    Ok(())
}

/// The ruleset of a notation file: embedded (`%` lines, `text` being all of them), else the
/// shipped one it names, checked against its hash. An embedded ruleset's name is checked
/// against the `Ruleset` header when there is one. `file_text` is the whole file (to point at
/// an embedded ruleset's problems).
fn notation_ruleset(
    registry: &Registry,
    headers: &HashMap<String, Header>,
    text: Option<&str>,
    file_text: &str,
    file: &str,
    // Given: a shipped ruleset changed since the file was written is taken as it is now, said
    // here (`--current-rules`).
    current_rules: Option<&mut Vec<String>>,
) -> Result<Ruleset, SaveError> {
    let hash = headers.get("RulesetHash");
    let named = headers.get("Ruleset");
    // The ruleset, and the `Ruleset` header when it names a shipped one.
    let (ruleset, shipped) = match text {
        None => {
            let Some(h) = named else {
                // No header at all: perhaps another kind of file, said as `replay` says it.
                let what = if !headers.is_empty() {
                    None
                } else if crate::save::looks_like_kingdom(file_text) {
                    Some(
                        "this looks like a kingdom file (rows of squares around the castle `C`), \
                         not a game in the notation: `crownlands score FILE --ruleset NAME` \
                         scores it",
                    )
                } else if crate::save::looks_like_toml(file_text) {
                    Some(
                        "this looks like a ruleset or a set of dominoes (TOML: `key = value` \
                         lines and `[tables]`), not a game in the notation: `crownlands show \
                         FILE` prints it; `import` reads what `export` writes",
                    )
                } else {
                    None
                };
                return Err(SaveError::new(
                    file,
                    Problem::Notation(
                        what.unwrap_or(
                            "no ruleset: name a shipped one with `[Ruleset \"NAME\"]` or embed \
                             one in `%` lines",
                        )
                        .into(),
                    ),
                ));
            };
            let shipped = crownlands_rules::load_shipped(registry, &h.value).map_err(|_| {
                let known: Vec<String> = crownlands_rules::ruleset_names(registry);
                err(
                    file,
                    h.line,
                    h.column,
                    format!(
                        "no shipped ruleset named `{}` (shipped: {}); a game under another \
                         ruleset must embed it (`crownlands export --embed-ruleset`), and one \
                         under a house module's ruleset is read by the binary its own crate \
                         builds",
                        shortened(&h.value),
                        known.join(", ")
                    ),
                )
            })?;
            (shipped, Some(h))
        }
        Some(text) => {
            let pseudo = format!("{file}#ruleset");
            let ruleset = crownlands_rules::load_embedded(registry, text, &pseudo)
                .map_err(|d| embedded_problems(d, &pseudo, file_text, file))?;
            let shown = |e: String| match named {
                Some(h) => err(file, h.line, h.column, e),
                None => SaveError::new(file, Problem::Notation(e)),
            };
            check_ruleset_name("the embedded ruleset's name", ruleset.name()).map_err(shown)?;
            if let Some(h) = named
                && h.value != ruleset.name()
            {
                return Err(shown(format!(
                    "the Ruleset header says `{}` but the embedded ruleset is named `{}`",
                    shortened(&reveal_invisible(&h.value)),
                    shortened(&reveal_invisible(ruleset.name()))
                )));
            }
            (ruleset, None)
        }
    };
    if let Some(hash) = hash {
        let actual = ruleset_hash(&ruleset);
        // Whether the header holds a hash at all (`fnv1a64:` and 16 hex digits).
        let a_hash = hash
            .value
            .strip_prefix("fnv1a64:")
            .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        // The hash the file gives, as said in messages (an empty header said nothing: `says ):`;
        // one of no hash's shape is said to be none).
        let said = if hash.value.trim().is_empty() {
            "an empty hash".to_string()
        } else if a_hash {
            shortened(&hash.value)
        } else {
            format!(
                "{} (no hash: a hash is `fnv1a64:` and 16 hex digits)",
                shortened(&hash.value)
            )
        };
        if hash.value != actual {
            // The hash another ruleset of this build has: the `Ruleset` header was changed
            // (or the game played under that one), said as such rather than as an update, and
            // not taken under the rules of now either. Looked for only where the hash is one:
            // anything else matches no ruleset.
            let other = shipped.filter(|_| a_hash).and_then(|h| {
                crownlands_rules::ruleset_names(registry)
                    .into_iter()
                    .filter(|n| *n != h.value)
                    .find(|n| {
                        crownlands_rules::load_shipped(registry, n)
                            .is_ok_and(|r| ruleset_hash(&r) == hash.value)
                    })
            });
            if other.is_none()
                && let (Some(h), Some(warnings)) = (shipped, current_rules)
            {
                // A header of no hash's shape tells nothing of the rules played: said as such.
                let what = if !a_hash && !hash.value.trim().is_empty() {
                    format!(
                        "the RulesetHash header holds {said}, so the ruleset `{}` of this build \
                         may not be the one the game was played with",
                        shortened(&h.value)
                    )
                } else {
                    format!(
                        "the ruleset `{}` of this build is not the one the game was played with \
                         (its hash is {actual}, the file says {said})",
                        shortened(&h.value)
                    )
                };
                warnings.push(format!(
                    "{file}:{}:{}: {what}: the game is checked against the rules as they are \
                     now, and scored by them",
                    hash.line, hash.column,
                ));
                return Ok(ruleset);
            }
            let why = match (shipped, other) {
                (Some(h), Some(other)) => format!(
                    "the file's hash ({said}) is that of the ruleset `{other}`, not of `{}` its \
                     Ruleset header names: the header was changed, or the game was played under \
                     `{other}` (`[Ruleset \"{other}\"]` reads it as such)",
                    shortened(&h.value),
                ),
                // Not a hash at all: the header was written by hand or damaged, no update.
                (Some(h), None) if !a_hash && !hash.value.trim().is_empty() => format!(
                    "the RulesetHash header holds {said}: the header was damaged or written by \
                     hand; without it the game is read under the shipped `{}` as it is now \
                     (`import --current-rules` does so with the header kept)",
                    shortened(&h.value),
                ),
                (Some(h), None) => format!(
                    "the shipped ruleset `{}` is not the one this game was played with (its \
                     hash is {actual}, the file says {}): the ruleset changed since (an update, \
                     or a house module's ruleset edited); `import --current-rules` checks the \
                     game against the rules as they are now, and a save file (JSON) of the game \
                     holds its own ruleset",
                    shortened(&h.value),
                    said
                ),
                (None, _) if !a_hash && !hash.value.trim().is_empty() => format!(
                    "the RulesetHash header holds {said}: the header was damaged or written by \
                     hand (the embedded ruleset's hash is {actual})"
                ),
                (None, _) => format!(
                    "the embedded ruleset's hash is {actual}, not {} as the header says: the \
                     ruleset was changed after the game was written",
                    said
                ),
            };
            return Err(err(file, hash.line, hash.column, why));
        }
    }
    Ok(ruleset)
}

/// An embedded ruleset's problems, pointing into the notation file itself.
fn embedded_problems(d: Diagnostics, pseudo: &str, file_text: &str, file: &str) -> SaveError {
    let wanted: Vec<usize> =
        d.0.iter()
            .filter(|x| x.file == pseudo && x.line > 0)
            .map(|x| x.line)
            .collect();
    let at = ruleset_positions(file_text, &wanted);
    let mapped =
        d.0.into_iter()
            .map(|x| match at.get(&x.line) {
                Some(&(n, prefix)) if x.file == pseudo && x.line > 0 => Diagnostic {
                    file: file.to_string(),
                    line: n,
                    column: x.column + prefix,
                    message: x.message,
                    players: x.players,
                },
                _ => x,
            })
            .collect();
    SaveError::new(file, Problem::Ruleset(Diagnostics(mapped)))
}

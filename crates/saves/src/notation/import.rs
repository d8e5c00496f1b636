//! Reading a notation file back into a session, in steps: the size, the headers and ruleset
//! lines, the version, the ruleset, the seats, then every token replayed, then the result.

use super::headers::{Header, Sections, check_version, err, sections};
use super::moves::{Positioned, Token, Word, parse_word, tokenize};
use super::{padded_match_result, result_text, result_text_naming, ruleset_hash};
use crate::error::{Problem, SaveError};
use crate::player::Player;
use crate::session::Session;
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
    check_size(text, file)?;
    // A byte order mark, as some editors write, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Sections {
        headers,
        ruleset_lines,
        moves,
    } = sections(text, file)?;
    check_version(&headers, file)?;
    let ruleset = Arc::new(notation_ruleset(registry, &headers, &ruleset_lines, file)?);
    let mut warnings = Vec::new();
    if ruleset_lines.is_empty() && !headers.contains_key("RulesetHash") {
        warnings.push(format!(
            "{file}: no `[RulesetHash \"...\"]` header: the game is checked against the shipped \
             `{}` of this version ({}), which may not be the ruleset it was played with",
            ruleset.name(),
            ruleset_hash(&ruleset)
        ));
    }
    let mut session = start_session(&headers, ruleset, file)?;
    let tokens = tokenize(&moves, file)?;
    play(&mut session, &tokens, file)?;
    check_result(&session, &headers, file)?;
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
    let seed: u64 = seed_h.value.trim().parse().map_err(|_| {
        err(
            file,
            seed_h.line,
            seed_h.column,
            format!(
                "the seed `{}` is not a whole number from 0 to {}",
                seed_h.value,
                u64::MAX
            ),
        )
    })?;
    let players_h = required(headers, "Players", file)?;
    let players = seats(headers, players_h, file)?;
    let mut session = Session::new(ruleset, players, seed)
        .map_err(|e| err(file, players_h.line, players_h.column, e.to_string()))?;
    session.set_date(headers.get("Date").map(|h| h.value.clone()));
    Ok(session)
}

/// The players of the `[Players "N"]` header, each from its `[SeatK "name (kind)"]` if given;
/// a `SeatK` header beyond the count is refused.
fn seats(
    headers: &HashMap<String, Header>,
    players_h: &Header,
    file: &str,
) -> Result<Vec<Player>, SaveError> {
    let max = crownlands_core::ruleset::MAX_PLAYERS;
    let count: usize = players_h
        .value
        .trim()
        .parse()
        .ok()
        .filter(|&n| n >= 1 && n <= usize::from(max))
        .ok_or_else(|| {
            err(
                file,
                players_h.line,
                players_h.column,
                format!(
                    "`{}` players: give a number from 1 to {max}",
                    players_h.value
                ),
            )
        })?;
    let mut players = Vec::with_capacity(count);
    for s in 1..=count {
        players.push(match headers.get(&format!("Seat{s}")) {
            Some(h) => {
                let v = h.value.as_str();
                match v.rfind(" (") {
                    Some(i) if v.ends_with(')') => {
                        Player::new(s as u32, &v[..i], &v[i + 2..v.len() - 1])
                    }
                    _ => Player::new(s as u32, v, "unknown"),
                }
            }
            None => Player::new(s as u32, format!("seat {s}"), "unknown"),
        });
    }
    if let Some((key, h)) = headers.iter().find(|(k, _)| {
        k.strip_prefix("Seat")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| n == 0 || n > count)
    }) {
        return Err(err(
            file,
            h.line,
            1,
            format!("header `{key}` but the game has {count} players"),
        ));
    }
    Ok(players)
}

/// Replay every token into the session: markers are checked, actions applied (an action that
/// names its domino is checked to name the domino to place), `*` ends an unfinished game.
fn play(session: &mut Session, tokens: &[Positioned<'_>], file: &str) -> Result<(), SaveError> {
    let ruleset = session.ruleset().clone();
    let labels: HashMap<String, DominoId> = (0..ruleset.dominoes().len())
        .map(|i| DominoId(i as u16))
        .filter_map(|id| crate::words::unique_label(&ruleset, id).map(|l| (l, id)))
        .collect();
    let mut ended: Option<&Positioned<'_>> = None;
    for t in tokens {
        let at = |msg: String| err(file, t.line, t.column, msg);
        let (action, names) = match &t.token {
            Token::Json(json) => {
                let action = session.game().action_from_json(json).map_err(|e| {
                    // Not the list of kinds serde expected: it grows with every module.
                    let e = e.split(", expected one of").next().unwrap_or_default();
                    at(format!(
                        "`{}` is not an action this crownlands knows: {e}",
                        t.text
                    ))
                })?;
                (action, None)
            }
            Token::Word(w) => match parse_word(w, session.game(), &labels).map_err(at)? {
                Word::End => {
                    ended = Some(t);
                    continue;
                }
                Word::Round(r) => {
                    round_marker(session, r, t).map_err(at)?;
                    continue;
                }
                Word::Game(g) => {
                    game_marker(session, g, t).map_err(at)?;
                    continue;
                }
                Word::Action(action, names) => (action, names),
            },
        };
        if ended.is_some() {
            return Err(at(format!(
                "`{}` after `*`, which ends an unfinished game",
                t.text
            )));
        }
        play_action(session, action, names, t, file)?;
    }
    match ended {
        Some(t) if session.is_over() => Err(err(
            file,
            t.line,
            t.column,
            "`*` marks an unfinished game, but this game is over",
        )),
        _ => Ok(()),
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
            t.text,
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
    Err(format!("game marker `{}` but {problem}", t.text))
}

/// Apply one action, after checking the domino its token names (if it names one).
fn play_action(
    session: &mut Session,
    action: Action,
    names: Option<DominoId>,
    t: &Positioned<'_>,
    file: &str,
) -> Result<(), SaveError> {
    if session.game().is_over() && session.can_start_next_game() {
        session.next_game();
    }
    let index = session.actions().last().map_or(0, Vec::len);
    let games = usize::from(session.match_games());
    let place = crate::words::action_place(games, session.game_index(), index);
    let to_place = session.game().domino_to_place();
    if let Some(d) = names
        && to_place != Some(d)
    {
        let ruleset = session.ruleset();
        let now = match to_place {
            Some(p) => format!("the domino to place is {}", ruleset.domino_label(p)),
            None => "no domino is to be placed now".to_string(),
        };
        return Err(err(
            file,
            t.line,
            t.column,
            format!(
                "{place}: `{}` names domino {} but {now}",
                t.text,
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
                token: t.text.to_string(),
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
        return Err(SaveError::at(
            file,
            h.line,
            h.column,
            Problem::Mismatch(format!(
                "the Result header says \"{}\" but the moves replay to \"{actual}\"",
                h.value
            )),
        ));
    }
    Ok(())
}

/// The ruleset of a notation file: embedded (`%` lines), else the shipped one it names, checked
/// against its hash.
fn notation_ruleset(
    registry: &Registry,
    headers: &HashMap<String, Header>,
    lines: &[(usize, usize, &str)],
    file: &str,
) -> Result<Ruleset, SaveError> {
    let hash = headers.get("RulesetHash");
    // The ruleset, and the `Ruleset` header when it names a shipped one.
    let (ruleset, shipped) = if lines.is_empty() {
        let Some(h) = headers.get("Ruleset") else {
            return Err(SaveError::new(
                file,
                Problem::Notation(
                    "no ruleset: name a shipped one with `[Ruleset \"NAME\"]` or embed one in `%` \
                     lines"
                        .into(),
                ),
            ));
        };
        let shipped = crownlands_rules::load_shipped(registry, &h.value).map_err(|_| {
            let known: Vec<String> = crownlands_rules::shipped()
                .into_iter()
                .map(|s| s.name)
                .collect();
            err(
                file,
                h.line,
                h.column,
                format!(
                    "no shipped ruleset named `{}` (shipped: {}); a game under another ruleset \
                     must embed it (`crownlands export --embed-ruleset`)",
                    h.value,
                    known.join(", ")
                ),
            )
        })?;
        (shipped, Some(h))
    } else {
        let text: String = lines.iter().map(|(_, _, l)| format!("{l}\n")).collect();
        let pseudo = format!("{file}#ruleset");
        let ruleset = crownlands_rules::load_embedded(registry, &text, &pseudo).map_err(|d| {
            // Point into the notation file itself.
            let mapped =
                d.0.into_iter()
                    .map(|x| match lines.get(x.line.wrapping_sub(1)) {
                        Some(&(n, prefix, _)) if x.file == pseudo && x.line > 0 => Diagnostic {
                            file: file.to_string(),
                            line: n,
                            column: x.column + prefix,
                            message: x.message,
                        },
                        _ => x,
                    })
                    .collect();
            SaveError::new(file, Problem::Ruleset(Diagnostics(mapped)))
        })?;
        (ruleset, None)
    };
    if let Some(hash) = hash {
        let actual = ruleset_hash(&ruleset);
        if hash.value != actual {
            let why = match shipped {
                Some(h) => format!(
                    "the shipped ruleset `{}` is not the one this game was played with (its \
                     hash is {actual}, the file says {}): export the game again with \
                     `--embed-ruleset`",
                    h.value, hash.value
                ),
                None => format!(
                    "the embedded ruleset's hash is {actual}, not {} as the header says: the \
                     ruleset was changed after the game was written",
                    hash.value
                ),
            };
            return Err(err(file, hash.line, hash.column, why));
        }
    }
    Ok(ruleset)
}

//! `crownlands replay SAVE [--step] [--json]`: a saved game move by move, the kingdoms after each
//! move, and the final breakdown. Exits non-zero when the save does not replay to what it records.

use super::print_json;
use crate::errors::{CliError, CliResult};
use crate::output::{bonus_rows, print_rows, say, score_rows, territory_rows};
use crownlands_core::Registry;
use crownlands_core::modules::describe::ScoreLine;
use crownlands_core::{Action, Decider, Game, MatchDecider, Outcome, Side};
use crownlands_saves::words::{
    action_text, is_team_game, phase_text, seat_text, side_seats, side_text,
};
use crownlands_saves::{Move, Player, Session, notation, read_save_file};
use serde_json::{Value, json};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

fn saves_error(e: crownlands_saves::SaveError) -> CliError {
    CliError::Message(e.to_string())
}

pub fn run(registry: &Registry, path: &Path, step: bool, as_json: bool) -> CliResult<ExitCode> {
    let file = path.display().to_string();
    let save = read_save_file(path).map_err(saves_error)?;
    if as_json {
        let mut games: Vec<Vec<MoveJson>> = Vec::new();
        // Each game's modules' score lines by side, taken as it ends (a match's earlier games
        // are gone by the end).
        let mut lines: Vec<Vec<Vec<ScoreLine>>> = Vec::new();
        let session = save
            .replay(registry, &file, |m| {
                while games.len() <= m.game {
                    games.push(Vec::new());
                }
                games[m.game].push(move_json(m));
                if m.after.is_over() {
                    lines.resize_with(m.game + 1, Vec::new);
                    lines[m.game] = m
                        .after
                        .all_sides()
                        .map(|s| m.after.score_lines(s))
                        .collect();
                }
            })
            .map_err(saves_error)?;
        print_json(&session_json(&file, &session, games, &lines));
        return Ok(ExitCode::SUCCESS);
    }
    // The header waits for the first move: a save refused before it (its embedded ruleset
    // does not load, its seats do not fit) prints the error alone, not a header first.
    let mut header = vec![format!(
        "{}: {}, {} players, seed {}{}",
        crate::output::shown_path(path),
        save.ruleset_name,
        save.players.len(),
        save.seed,
        save.date
            .as_ref()
            .map_or_else(String::new, |d| format!(", started {d}"))
    )];
    // The rules are the save's own; a name this build knows for other rules (the file's
    // edited, or the ruleset changed since) is said, so the name is not taken for the rules;
    // so is a name that only reads as a known one (`king\u{200d}domino`, `kingdomino `).
    if let Some(note) = super::rules_note(registry, &save, &file) {
        header.push(format!("  ({note})"));
    }
    for p in &save.players {
        header.push(format!("  seat {}: {} ({})", p.seat, p.name, p.kind));
    }
    let mut say_header = || {
        for line in header.drain(..) {
            say!("{line}");
        }
    };
    let wait = step && std::io::stdin().is_terminal();
    let mut stdin = std::io::stdin().lock();
    let several = save.games.len() > 1;
    // `q` (or the end of input) at the prompt stops the moves shown; the rest is still
    // replayed (checked) without a word.
    let mut stopped: Option<String> = None;
    let session = save
        .replay(registry, &file, |m| {
            if stopped.is_some() {
                return;
            }
            say_header();
            if m.index == 0 {
                say!();
                if several {
                    say!("Game {} (seed {})", m.game + 1, m.before.seed());
                }
                // What the modules show on the table at the start (the goals drawn, the
                // Builders' Board dealt), a panel a line.
                let panels = m.before.panels();
                for panel in &panels {
                    let rows: Vec<String> = panel.rows.iter().map(ToString::to_string).collect();
                    say!(
                        "  {}: {}",
                        crownlands_core::text::escape_controls(&panel.title),
                        crownlands_core::text::escape_controls(&rows.join("; "))
                    );
                }
                if !panels.is_empty() {
                    say!();
                }
            }
            print_move(m);
            if wait {
                let mut err = std::io::stderr();
                let _ = write!(err, "[Enter: next move, q: stop] ").and_then(|()| err.flush());
                let mut line = String::new();
                let read = stdin.read_line(&mut line);
                if matches!(read, Ok(0) | Err(_)) || line.trim().eq_ignore_ascii_case("q") {
                    stopped = Some(if several {
                        format!("game {}, move {}", m.game + 1, m.index + 1)
                    } else {
                        format!("move {}", m.index + 1)
                    });
                }
            }
        })
        .map_err(saves_error)?;
    say_header();
    if let Some(at) = stopped {
        say!();
        say!("stopped after {at} (the whole save replays without --step)");
        return Ok(ExitCode::SUCCESS);
    }
    say!();
    print_end(&session);
    Ok(ExitCode::SUCCESS)
}

fn print_move(m: &Move<'_>) {
    let players = m.session.players();
    let who = m
        .before
        .to_act()
        .map_or_else(String::new, |p| seat_text(players, p));
    say!(
        "{:>4}. round {:<2} {who} {}   [{}]",
        m.index + 1,
        m.before.round(),
        action_text(m.before, m.action),
        notation::token(m.before, m.action)
    );
    // What the modules say changed besides (the Queen changing hosts), sides named as seats.
    for news in news_of(m) {
        say!("        {news}");
    }
    match m.action {
        Action::Claim { .. } => {}
        _ => {
            if let Some(p) = m.before.to_act() {
                // The kingdom the player builds: their own, or their team's.
                let p = m.after.side_of(p);
                // In the kingdom file's format, with the pieces and `@` lines the modules
                // write for it (knights, buildings, coins, whatever the modules).
                let kingdom = crownlands_rules::kingdom_file::render_side(m.after.side_view(p));
                for line in kingdom.lines() {
                    say!("        {line}");
                }
                let points = m.after.score_total(p);
                say!(
                    "        ({points} point{})",
                    if points == 1 { "" } else { "s" }
                );
            }
        }
    }
}

/// Who won and why. Outcomes number sides (kingdoms): seats, or teams in team games.
fn decided_text(game: &Game, o: &Outcome, players: &[Player]) -> String {
    let names: Vec<String> = o
        .winners
        .iter()
        .map(|&w| side_text(game, players, w))
        .collect();
    match o.decided_by {
        Decider::Score => format!("{} wins on score", names.join(", ")),
        Decider::TieBreak(tb) => format!(
            "{} wins on the tie-break {} (tied on score)",
            names.join(", "),
            tb.name()
        ),
        Decider::Shared => format!(
            "{} share the victory (tied on score and every tie-break)",
            names.join(" and ")
        ),
        #[allow(unreachable_patterns)]
        _ => format!("{} win", names.join(", ")),
    }
}

/// The final breakdown of one game, per side (per seat, or per team in team games). For the
/// session's own game (`this_game`), the modules' part is each module's score lines in its own
/// words; an earlier game of a match lists its bonuses by key.
fn print_outcome(game: &Game, o: &Outcome, players: &[Player], this_game: bool) {
    let ruleset = game.ruleset();
    say!("Result: {}", decided_text(game, o, players));
    for (side, s) in o.scores.iter() {
        say!(
            "  {}: place {}, {} points",
            side_text(game, players, side),
            o.places.get(side).copied().unwrap_or(0),
            s.total
        );
        // The session's own game: in the modules' words, as `score` prints a kingdom; an earlier
        // game of a match: its final breakdown, bonuses by key.
        let rows = if this_game {
            score_rows(
                ruleset,
                game.rules(),
                game.kingdom(side),
                game.modules(),
                game.side_view(side),
            )
        } else {
            let mut rows = territory_rows(ruleset, s);
            rows.extend(bonus_rows(game.rules(), s));
            rows
        };
        print_rows(&rows, "    ");
        say!(
            "    largest territory {}; {} in the kingdom",
            crownlands_core::modules::describe::plural(s.largest_territory, "square", "squares"),
            crownlands_core::modules::describe::plural(s.crowns, "crown", "crowns")
        );
    }
}

fn print_end(session: &Session) {
    let game = session.game();
    let players = session.players();
    let outcomes = session.outcomes();
    let several = session.match_games() > 1;
    for (g, o) in outcomes.iter().enumerate() {
        if several {
            say!("Game {}:", g + 1);
        }
        print_outcome(game, o, players, g == session.game_index());
    }
    if let Some(r) = session.match_record() {
        let totals: Vec<String> = r.totals.iter().map(i64::to_string).collect();
        let names: Vec<String> = r
            .winners
            .iter()
            .filter_map(|&w| w.checked_sub(1).and_then(Side::from_index))
            .map(|w| side_text(game, players, w))
            .collect();
        // What decided it, as a game's result says: a tie on the totals broken by a match
        // tie-break is named (the winners are the match's own: `Match::winners`).
        let how = match (session.played().decided_by(), names.as_slice()) {
            (Some(MatchDecider::TieBreak(tb)), [one]) => {
                format!(
                    "{one} wins on the match tie-break {} (tied on the totals)",
                    tb.name()
                )
            }
            (_, [one]) => format!("{one} wins"),
            _ => format!("{} share the victory", names.join(" and ")),
        };
        say!(
            "Match of {} games: totals {}; {how}",
            session.match_games(),
            totals.join(", "),
        );
    }
    // Each seat's match total of the games counted so far (`seat 1 (Anna) 41, ...`).
    let totals = || -> String {
        let g: &Game = session.game();
        g.seats()
            .map(|p| {
                let total = session.played().totals().get(g.side_of(p)).copied();
                format!("{} {}", seat_text(players, p), total.unwrap_or(0))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !session.is_over() && session.game().is_over() {
        // Saved between two games of the match (from the score screen).
        say!(
            "Unfinished: the match stopped after game {} of {}; game {} is next. Match totals so \
             far: {}",
            session.game_index() + 1,
            session.match_games(),
            session.game_index() + 2,
            totals()
        );
    } else if !session.is_over() {
        let g: &Game = session.game();
        let scores: Vec<String> = g
            .seats()
            .map(|p| format!("{} {}", seat_text(players, p), g.score_total(g.side_of(p))))
            .collect();
        // In a match's later game, what its finished games summed to as well.
        let before = if session.game_index() > 0 {
            let games = match session.game_index() {
                1 => "the game".to_string(),
                n => format!("the {n} games"),
            };
            format!("; match totals of {games} before: {}", totals())
        } else {
            String::new()
        };
        say!(
            "Unfinished: game {} of {}, round {}, {}; {} to act. Scores so far: {}{before}",
            session.game_index() + 1,
            session.match_games(),
            g.round(),
            phase_text(g.phase()),
            g.to_act()
                .map_or_else(|| "nobody".to_string(), |p| seat_text(players, p)),
            scores.join(", ")
        );
    }
}

/// One move of `replay --json`: a typed record rather than a JSON map, so that a long game's
/// moves take little memory before they are written (fields in the keys' sorted order, as a map
/// of `json!` writes them, so the output is byte for byte what it was).
#[derive(serde::Serialize)]
struct MoveJson {
    action: ActionJson,
    index: usize,
    /// What the modules say the move changed besides its own words (the Queen changing hosts),
    /// sides named as seats.
    news: Vec<String>,
    round: u32,
    /// Per seat: the score of the seat's side (its team's, in team games).
    scores: Vec<i32>,
    seat: Option<usize>,
    text: String,
    token: String,
}

/// An action's JSON, kept as its text until it is written: read into a map per move, a long
/// game's moves took about a hundred times the save's size before a word was written (a
/// stranger's save of 3.8 MB, 280 MB). Written as the map it reads as (keys sorted, laid out
/// with the rest), so the output is what it was.
struct ActionJson(String);

impl serde::Serialize for ActionJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde_json::from_str::<Value>(&self.0)
            .unwrap_or_default()
            .serialize(s)
    }
}

fn move_json(m: &Move<'_>) -> MoveJson {
    let g = m.after;
    MoveJson {
        index: m.index + 1,
        round: m.before.round(),
        seat: m.before.to_act().map(|p| p.index() + 1),
        token: notation::token(m.before, m.action),
        text: action_text(m.before, m.action),
        action: ActionJson(m.before.action_json(m.action)),
        scores: g.seats().map(|p| g.score_total(g.side_of(p))).collect(),
        news: news_of(m),
    }
}

/// What the modules say `m` changed besides its own words, sides named as seats (teams); and
/// a line's dominoes no king took, out of the game as the round began.
fn news_of(m: &Move<'_>) -> Vec<String> {
    let players = m.session.players();
    m.after
        .news_since(m.before)
        .iter()
        .map(|n| {
            crownlands_core::modules::describe::name_sides(n, m.after.sides(), |s| {
                side_text(m.after, players, s)
            })
        })
        .chain(crownlands_core::modules::describe::UnclaimedWatch::before(m.before).words(m.after))
        .collect()
}

/// One game's outcome. Scores are per side: `"seat"` numbers it, or in team games `"team"` and
/// its `"seats"` (and `"winners"` are then team numbers).
fn outcome_json(game: &Game, o: &Outcome, lines: &[Vec<ScoreLine>]) -> Value {
    let ruleset = game.ruleset();
    let teams = is_team_game(game);
    let scores: Vec<Value> = o
        .scores
        .iter()
        .map(|(side, s)| {
            let mut v = json!({
                "place": o.places.get(side),
                "total": s.total,
                "territories": s.territories.iter().map(|t| json!({
                    "terrain": ruleset.terrains().get(t.terrain.index()).map(|t| t.name.as_str()),
                    "squares": t.squares,
                    "crowns": t.crowns,
                    "points": t.points,
                })).collect::<Vec<_>>(),
                "bonuses": s.bonuses,
                "largest_territory": s.largest_territory,
                "crowns": s.crowns,
                "lines": lines.get(side.index()).map_or(&[][..], Vec::as_slice).iter().map(crate::output::score_line_json).collect::<Vec<_>>(),
            });
            if teams {
                v["team"] = json!(side.index() + 1);
                v["seats"] = json!(
                    side_seats(game, side)
                        .iter()
                        .map(|p| p.index() + 1)
                        .collect::<Vec<_>>()
                );
            } else {
                v["seat"] = json!(side.index() + 1);
            }
            v
        })
        .collect();
    json!({
        "scores": scores,
        "winners": o.winners.iter().map(|w| w.index() + 1).collect::<Vec<_>>(),
        "decided_by": o.decided_by,
    })
}

/// One game of `replay --json` (fields in the keys' order, as for [`MoveJson`]).
#[derive(serde::Serialize)]
struct GameJson {
    moves: Vec<MoveJson>,
    outcome: Option<Value>,
    seed: u64,
    /// Values of nested records as JSON maps (keys sorted, as before these records).
    status: Value,
}

/// The whole `replay --json` document, written straight from these records.
#[derive(serde::Serialize)]
struct SessionJson<'a> {
    date: Option<&'a str>,
    file: &'a str,
    games: Vec<GameJson>,
    over: bool,
    players: Value,
    result: Value,
    ruleset: &'a str,
    seed: u64,
}

fn session_json<'a>(
    file: &'a str,
    session: &'a Session,
    moves: Vec<Vec<MoveJson>>,
    lines: &[Vec<Vec<ScoreLine>>],
) -> SessionJson<'a> {
    let game = session.game();
    let outcomes = session.outcomes();
    let save = session.to_save();
    let mut moves = moves.into_iter();
    let games = save
        .games
        .into_iter()
        .enumerate()
        .map(|(g, record)| GameJson {
            moves: moves.next().unwrap_or_default(),
            outcome: outcomes
                .get(g)
                .map(|o| outcome_json(game, o, lines.get(g).map_or(&[][..], Vec::as_slice))),
            seed: record.seed,
            status: serde_json::to_value(record.status).unwrap_or_default(),
        })
        .collect();
    SessionJson {
        date: session.date(),
        file,
        games,
        over: session.is_over(),
        players: serde_json::to_value(session.players()).unwrap_or_default(),
        result: serde_json::to_value(save.result).unwrap_or_default(),
        ruleset: session.ruleset().name(),
        seed: session.seed(),
    }
}
